//! Jobs handed from one thread to a helper thread, which the first thread may take back.
//!
//! The sparse-space algorithm shares each block of heaps with a second thread: a block
//! takes some hundred microseconds, and between two blocks the first thread works alone
//! for a few dozen, or up to a hundred. A helper that sleeps between blocks must be woken
//! by the kernel for every block, which on a virtual machine can take about as long as
//! the work handed over, so the helper first spins for a short while ([`SPIN`]) and then
//! sleeps (parks) until the next job is posted.
//!
//! The posting thread never waits for the helper to start: it takes back a job the helper
//! has not taken yet ([`Handoff::take_back`]) and does it itself. So a helper that gets no
//! processor (the other core busy with another program) costs a wake-up call per job,
//! not the job. How long the posting thread waits for a job the helper has taken is up
//! to it ([`Handoff::wait`] has a deadline).

use crate::limits::clock::Instant;
use std::hint::spin_loop;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::thread::Thread;
use std::time::Duration;

/// How long the helper spins waiting for a job before it sleeps: longer than the first
/// thread works alone between two blocks, which is 70 µs and more for Grundy's game past
/// 2^22 on a slow virtual machine. With 50 µs the helper slept between most blocks there,
/// and two threads ran Grundy's game to 2^23 at 0.83–1.22 times the speed of one (three
/// runs), against 1.27–1.50 times with this.
pub(super) const SPIN: Duration = Duration::from_micros(250);

/// What became of a job: the lowest two bits of the state, below the job's number.
const POSTED: u64 = 0;
const TAKEN: u64 = 1;
const TAKEN_BACK: u64 = 2;
const DONE: u64 = 3;

/// The state that tells the helper to stop.
const QUIT: u64 = u64::MAX;

/// The signals between a thread that posts numbered jobs (1, 2, …) and a helper thread
/// that does them, one at a time, unless the posting thread takes them back first. What a
/// job is travels separately (a mutex the helper reads once it has taken the job).
#[derive(Debug)]
pub(super) struct Handoff {
    /// The number of the last job posted and what became of it, or [`QUIT`].
    state: AtomicU64,
    /// The helper, to wake it.
    helper: OnceLock<Thread>,
}

/// Signals between a thread that posts jobs and a helper it names with
/// [`Handoff::attach`] before it posts: job 0, done, is the last posted.
impl Default for Handoff {
    fn default() -> Self {
        Handoff {
            state: AtomicU64::new(DONE),
            helper: OnceLock::new(),
        }
    }
}

impl Handoff {
    /// On the posting thread: `helper` is the thread that does the jobs, to be woken when
    /// one is posted.
    pub(super) fn attach(&self, helper: Thread) {
        let _ = self.helper.set(helper);
    }

    /// Posts job number `job`, one more than the last (which is done or taken back).
    pub(super) fn post(&self, job: u64) {
        self.set(job << 2 | POSTED);
    }

    /// Tells the helper to stop once its current job is done.
    pub(super) fn quit(&self) {
        self.set(QUIT);
    }

    fn set(&self, state: u64) {
        self.state.store(state, Ordering::Release);
        if let Some(helper) = self.helper.get() {
            helper.unpark();
        }
    }

    /// On the posting thread: takes job number `job` back unless the helper has taken it;
    /// returns whether it did (the posting thread then does the job).
    pub(super) fn take_back(&self, job: u64) -> bool {
        self.state
            .compare_exchange(
                job << 2 | POSTED,
                job << 2 | TAKEN_BACK,
                Ordering::Acquire,
                Ordering::Relaxed,
            )
            .is_ok()
    }

    /// On the posting thread: whether the helper has done job number `job`.
    pub(super) fn done(&self, job: u64) -> bool {
        self.state.load(Ordering::Acquire) == job << 2 | DONE
    }

    /// On the posting thread: whether the helper is free for the job after number `job`
    /// (the last posted): it has done it, or it was taken back.
    pub(super) fn idle(&self, job: u64) -> bool {
        let state = self.state.load(Ordering::Acquire);
        state == job << 2 | DONE || state == job << 2 | TAKEN_BACK
    }

    /// On the posting thread: spins until the helper has done job number `job` (which it
    /// has taken) or until `deadline`; returns whether it has.
    pub(super) fn wait(&self, job: u64, deadline: Instant) -> bool {
        let mut spins = 0u32;
        while !self.done(job) {
            spins = spins.wrapping_add(1);
            if spins % 64 == 0 && Instant::now() >= deadline {
                return false;
            }
            spin_loop();
        }
        true
    }

    /// On the helper: waits for a job after number `seen` and takes it, returning its
    /// number, or `None` when told to stop. Jobs taken back are skipped.
    pub(super) fn next(&self, seen: u64) -> Option<u64> {
        let mut seen = seen;
        let began = Instant::now();
        let mut spins = 0u32;
        loop {
            let state = self.state.load(Ordering::Acquire);
            if state == QUIT {
                return None;
            }
            let job = state >> 2;
            if job > seen && state & 3 == POSTED {
                let taken = job << 2 | TAKEN;
                let cas =
                    self.state
                        .compare_exchange(state, taken, Ordering::Acquire, Ordering::Relaxed);
                if cas.is_ok() {
                    return Some(job);
                }
                seen = job;
                continue;
            }
            spins = spins.wrapping_add(1);
            if spins % 64 != 0 || began.elapsed() < SPIN {
                spin_loop();
            } else {
                // Woken by the next post (or spuriously: the loop looks again).
                std::thread::park();
            }
        }
    }

    /// On the helper: job number `job`, which it has taken, is done.
    pub(super) fn finish(&self, job: u64) {
        // The posting thread may have told the helper to stop meanwhile (it did the job
        // itself): that stays.
        let _ = self.state.compare_exchange(
            job << 2 | TAKEN,
            job << 2 | DONE,
            Ordering::Release,
            Ordering::Relaxed,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn every_job_is_done_once_in_order_by_the_helper_or_taken_back() {
        let handoff = Handoff::default();
        let input = Mutex::new(0u64);
        let output = Mutex::new(Vec::new());
        let taken_back = Mutex::new(0);
        std::thread::scope(|scope| {
            let helper = scope.spawn(|| {
                let mut seen = 0;
                while let Some(job) = handoff.next(seen) {
                    seen = job;
                    let x = *input.lock().unwrap();
                    output.lock().unwrap().push(x * x);
                    handoff.finish(job);
                }
            });
            handoff.attach(helper.thread().clone());
            // The helper is told to stop however this thread leaves the loop.
            struct Quit<'a>(&'a Handoff);
            impl Drop for Quit<'_> {
                fn drop(&mut self) {
                    self.0.quit();
                }
            }
            let _quit = Quit(&handoff);
            for job in 1..=1000 {
                assert!(handoff.idle(job - 1));
                *input.lock().unwrap() = job;
                handoff.post(job);
                if job % 3 == 0 && handoff.take_back(job) {
                    *taken_back.lock().unwrap() += 1;
                    output.lock().unwrap().push(job * job);
                } else {
                    let far = Instant::now() + Duration::from_secs(3600);
                    assert!(handoff.wait(job, far));
                }
            }
        });
        let expected: Vec<u64> = (1..=1000).map(|x| x * x).collect();
        assert_eq!(*output.lock().unwrap(), expected);
        assert!(*taken_back.lock().unwrap() <= 333);
    }
}
