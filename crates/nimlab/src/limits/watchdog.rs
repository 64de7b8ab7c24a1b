//! A thread that keeps the time and the memory of a computation and requests its stop.

use super::{Limits, Reason, Stop};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often the watchdog looks at the clock and the memory.
const TICK: Duration = Duration::from_millis(10);

/// How long a computation may go on after its stop was requested for the time limit
/// before the watchdog calls it a runaway.
const GRACE: Duration = Duration::from_secs(5);

/// How far past the memory limit a computation may go (besides a quarter of the limit)
/// before the watchdog calls it a runaway.
const RUNAWAY_MEMORY: u64 = 64 << 20;

/// What the watchdog calls to read the memory the process holds, in bytes.
pub type Meter = Box<dyn Fn() -> u64 + Send>;

/// What the watchdog calls when a computation goes on although its stop was requested:
/// the time limit passed more than a few seconds ago, or the memory is a quarter (and
/// at least 64 MiB) above its limit. A command-line front end ends the process there, with a message.
pub type Runaway = Box<dyn Fn(Reason) + Send>;

#[derive(Debug, Default)]
struct State {
    /// When the current computation started, while one runs.
    started: Option<Instant>,
    /// When its stop was requested, if it was.
    requested: Option<Instant>,
    quit: bool,
}

/// A thread that watches one computation at a time: once it has run for longer than the
/// time limit, or the memory the meter reads is above the memory limit, it requests the
/// computation's [`Stop`].
///
/// The clock runs only between [`Watchdog::arm`] and [`Watchdog::disarm`], so that an
/// interactive front end counts the computer's thinking and not the user's.
///
/// ```
/// use nimlab::limits::{self, Limits, Stop, Watchdog};
/// use std::time::Duration;
/// let limits = Limits { time: Some(Duration::from_millis(50)), memory: None };
/// let stop = Stop::with_limits(limits);
/// let dog = Watchdog::start(stop.clone(), limits, None, None);
/// dog.arm();
/// let result: nimlab::Result<()> = stop.scope(|| loop {
///     limits::check()?;
///     std::thread::sleep(Duration::from_millis(1));
/// });
/// dog.disarm();
/// let err = result.unwrap_err();
/// assert_eq!(err.to_string(), "stopped at the time limit of 50 ms");
/// ```
pub struct Watchdog {
    shared: Arc<(Mutex<State>, Condvar)>,
    stop: Stop,
    thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for Watchdog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watchdog")
            .field("stop", &self.stop)
            .finish_non_exhaustive()
    }
}

fn lock(m: &Mutex<State>) -> MutexGuard<'_, State> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Watchdog {
    /// Starts a watchdog over `stop` with `limits`; `meter` reads the memory in use
    /// (without one the memory limit is not watched), and `runaway` is called, at most
    /// once, when a computation does not stop after its stop was requested.
    pub fn start(
        stop: Stop,
        limits: Limits,
        meter: Option<Meter>,
        runaway: Option<Runaway>,
    ) -> Watchdog {
        stop.set_limits(limits);
        let shared = Arc::new((Mutex::new(State::default()), Condvar::new()));
        let thread = {
            let shared = Arc::clone(&shared);
            let stop = stop.clone();
            std::thread::Builder::new()
                .name("nimlab-watchdog".to_string())
                .spawn(move || watch(&shared, &stop, limits, meter, runaway))
                .ok()
        };
        Watchdog {
            shared,
            stop,
            thread,
        }
    }

    /// A computation starts: the clock starts, and the stop's earlier request is
    /// forgotten.
    pub fn arm(&self) {
        self.stop.clear();
        let (m, c) = &*self.shared;
        let mut s = lock(m);
        s.started = Some(Instant::now());
        s.requested = None;
        c.notify_all();
    }

    /// The computation is over: the clock stops until the next [`Watchdog::arm`].
    pub fn disarm(&self) {
        let (m, c) = &*self.shared;
        let mut s = lock(m);
        s.started = None;
        s.requested = None;
        c.notify_all();
    }

    /// The stop this watchdog requests.
    pub fn stop(&self) -> &Stop {
        &self.stop
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        {
            let (m, c) = &*self.shared;
            lock(m).quit = true;
            c.notify_all();
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn watch(
    shared: &(Mutex<State>, Condvar),
    stop: &Stop,
    limits: Limits,
    meter: Option<Meter>,
    runaway: Option<Runaway>,
) {
    let (m, c) = shared;
    let mut runaway = runaway;
    let mut s = lock(m);
    loop {
        if s.quit {
            return;
        }
        let Some(started) = s.started else {
            s = c.wait(s).unwrap_or_else(PoisonError::into_inner);
            continue;
        };
        let now = Instant::now();
        let used = meter.as_ref().map(|read| read());
        let over_time = limits
            .time
            .is_some_and(|t| now.duration_since(started) >= t);
        let over_memory = matches!((used, limits.memory), (Some(u), Some(l)) if u > l);
        if s.requested.is_none() {
            let reason = if over_memory {
                Some(Reason::Memory)
            } else if over_time {
                Some(Reason::Time)
            } else if stop.is_requested() {
                stop.reason()
            } else {
                None
            };
            if let Some(reason) = reason {
                stop.request(reason);
                s.requested = Some(now);
            }
        } else if let Some(requested) = s.requested {
            let far_over_memory = matches!(
                (used, limits.memory),
                (Some(u), Some(l)) if u > l.saturating_add((l / 4).max(RUNAWAY_MEMORY))
            );
            let stuck = now.duration_since(requested) >= GRACE;
            if far_over_memory || stuck {
                if let (Some(call), Some(reason)) = (runaway.take(), stop.reason()) {
                    drop(s);
                    call(reason);
                    s = lock(m);
                    continue;
                }
            }
        }
        s = c
            .wait_timeout(s, TICK)
            .unwrap_or_else(PoisonError::into_inner)
            .0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn the_memory_meter_requests_a_stop_past_the_limit() {
        let used = Arc::new(AtomicU64::new(10));
        let reading = Arc::clone(&used);
        let limits = Limits {
            time: None,
            memory: Some(100),
        };
        let stop = Stop::new();
        let dog = Watchdog::start(
            stop.clone(),
            limits,
            Some(Box::new(move || reading.load(Ordering::Relaxed))),
            None,
        );
        dog.arm();
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(stop.reason(), None);
        used.store(101, Ordering::Relaxed);
        let waited = Instant::now();
        while stop.reason().is_none() && waited.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(stop.reason(), Some(Reason::Memory));
        assert_eq!(
            stop.check().unwrap_err().to_string(),
            "stopped at the memory limit of 100 bytes"
        );
    }

    #[test]
    fn a_disarmed_watchdog_keeps_no_time() {
        let limits = Limits {
            time: Some(Duration::from_millis(20)),
            memory: None,
        };
        let stop = Stop::new();
        let dog = Watchdog::start(stop.clone(), limits, None, None);
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(stop.reason(), None);
        dog.arm();
        std::thread::sleep(Duration::from_millis(10));
        dog.disarm();
        std::thread::sleep(Duration::from_millis(60));
        // 10 ms of 20 were used; re-arming starts the clock again.
        dog.arm();
        let waited = Instant::now();
        while stop.reason().is_none() && waited.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(stop.reason(), Some(Reason::Time));
        assert!(waited.elapsed() >= Duration::from_millis(20));
    }

    #[test]
    fn a_computation_that_does_not_stop_is_reported_as_a_runaway() {
        let limits = Limits {
            time: None,
            memory: Some(100),
        };
        let seen = Arc::new(AtomicU64::new(0));
        let flag = Arc::clone(&seen);
        let dog = Watchdog::start(
            Stop::new(),
            limits,
            Some(Box::new(|| 1 << 30)),
            Some(Box::new(move |r| {
                assert_eq!(r, Reason::Memory);
                flag.store(1, Ordering::Relaxed);
            })),
        );
        dog.arm();
        let waited = Instant::now();
        while seen.load(Ordering::Relaxed) == 0 && waited.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(seen.load(Ordering::Relaxed), 1);
    }
}
