//! Jobs handed from one thread to a helper thread that waits for them by spinning.
//!
//! The sparse-space algorithm shares each block of heaps with a second thread: a block
//! takes some hundred microseconds, and between two blocks the first thread works alone
//! for a few dozen. A thread that sleeps in between must be woken by the kernel for every
//! block, which on a virtual machine costs about as much as the work handed over; a
//! helper that spins on an atomic counter starts at once. After a while without a job it
//! yields the processor between checks, so that it costs little when the other thread is
//! busy elsewhere.

use std::hint::spin_loop;
use std::sync::atomic::{AtomicU64, Ordering};

/// A waiting thread checks its signal this many times before it yields the processor
/// between checks.
const SPINS: u32 = 1 << 16;

/// The job number that tells the helper to stop.
const QUIT: u64 = u64::MAX;

/// The signals between a thread that posts numbered jobs (1, 2, …) and a helper thread
/// that does them, one at a time. What a job is travels separately (a mutex the helper
/// reads once it has the job's number).
#[derive(Debug, Default)]
pub(super) struct Handoff {
    /// The number of the last job posted, or [`QUIT`].
    posted: AtomicU64,
    /// The number of the last job done.
    finished: AtomicU64,
}

impl Handoff {
    /// Posts job number `job` (one more than the last).
    pub(super) fn post(&self, job: u64) {
        self.posted.store(job, Ordering::Release);
    }

    /// Tells the helper to stop once its current job is done.
    pub(super) fn quit(&self) {
        self.posted.store(QUIT, Ordering::Release);
    }

    /// On the helper: waits for a job after number `seen` and returns its number, or
    /// `None` when told to stop.
    pub(super) fn next(&self, seen: u64) -> Option<u64> {
        let mut job = seen;
        wait_until(|| {
            job = self.posted.load(Ordering::Acquire);
            job != seen
        });
        (job != QUIT).then_some(job)
    }

    /// On the helper: job number `job` is done.
    pub(super) fn finish(&self, job: u64) {
        self.finished.store(job, Ordering::Release);
    }

    /// Waits until the helper has done job number `job`.
    pub(super) fn wait(&self, job: u64) {
        wait_until(|| self.finished.load(Ordering::Acquire) == job);
    }
}

/// Tells the helper of a [`Handoff`] to stop when dropped, so that it stops however the
/// posting thread leaves its work (an early return, a panic).
pub(super) struct QuitOnDrop<'a>(pub(super) &'a Handoff);

impl Drop for QuitOnDrop<'_> {
    fn drop(&mut self) {
        self.0.quit();
    }
}

/// Spins until `done()`, yielding the processor between checks after [`SPINS`] of them.
fn wait_until(mut done: impl FnMut() -> bool) {
    let mut spins = 0;
    while !done() {
        if spins < SPINS {
            spins += 1;
            spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn a_helper_does_every_job_once_in_order_and_stops() {
        let handoff = Handoff::default();
        let input = Mutex::new(0u64);
        let output = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let mut seen = 0;
                while let Some(job) = handoff.next(seen) {
                    seen = job;
                    let x = *input.lock().unwrap();
                    output.lock().unwrap().push(x * x);
                    handoff.finish(job);
                }
            });
            let _quit = QuitOnDrop(&handoff);
            for job in 1..=1000 {
                *input.lock().unwrap() = job;
                handoff.post(job);
                handoff.wait(job);
            }
        });
        let expected: Vec<u64> = (1..=1000).map(|x| x * x).collect();
        assert_eq!(*output.lock().unwrap(), expected);
    }
}
