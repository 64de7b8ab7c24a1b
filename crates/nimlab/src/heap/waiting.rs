//! How long a thread has waited for a processor while it had work to do: the kernel's
//! count of the time the thread spent runnable on a run queue, not running.
//!
//! A thread that shares its work with a helper finds out from it whether the machine has a
//! processor for each of them: on an idle machine both wait next to nothing (a few
//! percent of the time for a helper woken from its sleep); when another program keeps a
//! processor busy, the three threads take turns on two processors and each waits about a
//! third of the time. Unlike the time a piece of work takes, this does not depend on how
//! fast the machine is at the moment (a virtual machine's processors slow down and speed
//! up with its host's load).
//!
//! Linux gives it in `/proc/<pid>/task/<tid>/schedstat` (the second number, in
//! nanoseconds). Elsewhere, or when the file cannot be read, there is no clock.

use std::path::PathBuf;
use std::time::Duration;

/// The time one thread has waited for a processor so far, read from any thread.
#[derive(Debug, Clone)]
pub(super) struct WaitClock {
    path: PathBuf,
}

impl WaitClock {
    /// The clock of the calling thread, if the system has one.
    pub(super) fn this_thread() -> Option<Self> {
        // `/proc/thread-self` names the calling thread's folder: `<pid>/task/<tid>`.
        let task = std::fs::read_link("/proc/thread-self").ok()?;
        let clock = WaitClock {
            path: PathBuf::from("/proc").join(task).join("schedstat"),
        };
        clock.waited().map(|_| clock)
    }

    /// The time the thread has waited for a processor since it began, or `None` once it
    /// has ended.
    pub(super) fn waited(&self) -> Option<Duration> {
        let text = std::fs::read_to_string(&self.path).ok()?;
        let nanos = text.split_whitespace().nth(1)?.parse().ok()?;
        Some(Duration::from_nanos(nanos))
    }
}

#[cfg(test)]
mod tests {
    use super::WaitClock;
    use std::time::{Duration, Instant};

    /// Four times as many threads as the machine has processors, and this one, each busy
    /// for 400 ms: they wait for a processor, as this thread reads on their clocks and its
    /// own.
    #[test]
    #[cfg(target_os = "linux")]
    fn threads_without_a_processor_are_seen_waiting() {
        let clock = WaitClock::this_thread().expect("Linux has the scheduler's statistics");
        let before = clock.waited().unwrap();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let busy = |until: Instant| {
            let mut x = 0u64;
            while Instant::now() < until {
                x = std::hint::black_box(x.wrapping_add(1));
            }
        };
        let until = Instant::now() + Duration::from_millis(400);
        let (clocks, waited) = std::thread::scope(|s| {
            let (send, receive) = std::sync::mpsc::channel();
            let threads: Vec<_> = (0..4 * cores)
                .map(|_| {
                    let send = send.clone();
                    s.spawn(move || {
                        send.send(WaitClock::this_thread().unwrap()).unwrap();
                        // Past the reading below.
                        busy(until + Duration::from_millis(100));
                    })
                })
                .collect();
            let clocks: Vec<WaitClock> = receive.iter().take(4 * cores).collect();
            busy(until);
            let waited: Duration = clocks.iter().map(|c| c.waited().unwrap()).sum();
            for thread in threads {
                thread.join().unwrap();
            }
            (clocks, waited + clock.waited().unwrap() - before)
        });
        // 4·cores + 1 threads on `cores` processors for 400 ms: at any time 3·cores + 1 of
        // them wait, for (3·cores + 1) · 400 ms in all. Half of that is asserted (for an
        // uneven start and end), which is still more than the time they ran (cores ·
        // 500 ms at most): the clock does not read the time run instead.
        let least = Duration::from_millis(200) * (3 * cores as u32 + 1);
        assert!(waited >= least, "{waited:?}");
        // The threads have ended: their clocks are gone.
        assert!(clocks.iter().all(|c| c.waited().is_none()));
    }
}
