//! Stopping long computations: Ctrl-C, time limits and memory limits.
//!
//! A front end makes a [`Stop`], hands it to whatever may stop the computation (a Ctrl-C
//! handler, a [`Watchdog`] that keeps the time and the memory), and runs the computation
//! inside [`Stop::scope`]. The library's long loops call [`check`] now and then: once
//! the stop is requested, `check` returns the error that says why, and the computation
//! unwinds through its `Result`s. Nothing is killed and nothing is left half-written.
//!
//! ```
//! use nimlab::limits::{self, Reason, Stop};
//! let stop = Stop::new();
//! let answer = stop.scope(|| -> nimlab::Result<u64> {
//!     let mut sum = 0u64;
//!     for i in 0..1_000_000u64 {
//!         if i % 1024 == 0 {
//!             limits::check()?;
//!         }
//!         sum += i;
//!     }
//!     Ok(sum)
//! });
//! assert_eq!(answer.unwrap(), 499_999_500_000);
//!
//! stop.request(Reason::Interrupted);
//! let stopped = stop.scope(limits::check);
//! assert_eq!(stopped.unwrap_err(), nimlab::Error::Interrupted);
//! ```
//!
//! Outside a scope [`check`] always succeeds, so library code can call it freely.
//! Worker threads do not inherit the scope of the thread that starts them: a parallel
//! computation takes [`current`] before it starts its workers and enters the same scope
//! in each of them.

use crate::{Error, Result};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Why a computation was asked to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The user asked (Ctrl-C, a cancel button).
    Interrupted,
    /// The time limit was reached.
    Time,
    /// The memory limit was reached.
    Memory,
}

impl Reason {
    fn code(self) -> u8 {
        match self {
            Reason::Interrupted => 1,
            Reason::Time => 2,
            Reason::Memory => 3,
        }
    }

    fn from_code(code: u8) -> Option<Reason> {
        match code {
            1 => Some(Reason::Interrupted),
            2 => Some(Reason::Time),
            3 => Some(Reason::Memory),
            _ => None,
        }
    }
}

/// The limits a computation runs under: at most this much time, and this much memory.
///
/// ```
/// use nimlab::limits::Limits;
/// use std::time::Duration;
/// let l = Limits { time: Some(Duration::from_secs(60)), memory: Some(1 << 30) };
/// assert_eq!(l.describe_time().unwrap(), "1 min");
/// assert_eq!(l.describe_memory().unwrap(), "1 GiB");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// The longest a computation may run; `None` for no limit.
    pub time: Option<Duration>,
    /// The most memory, in bytes, the process may hold; `None` for no limit.
    pub memory: Option<u64>,
}

impl Limits {
    /// The time limit in words (`45 s`, `2 min`, `1 h 30 min`).
    pub fn describe_time(&self) -> Option<String> {
        self.time.map(describe_duration)
    }

    /// The memory limit in words (`512 MiB`, `8 GiB`).
    pub fn describe_memory(&self) -> Option<String> {
        self.memory.map(describe_bytes)
    }
}

/// A duration in words: `200 ms`, `45 s`, `2 min`, `2 min 5 s`, `1 h 30 min`.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(nimlab::limits::describe_duration(Duration::from_millis(1500)), "1.5 s");
/// assert_eq!(nimlab::limits::describe_duration(Duration::from_secs(125)), "2 min 5 s");
/// assert_eq!(nimlab::limits::describe_duration(Duration::from_secs(5400)), "1 h 30 min");
/// ```
pub fn describe_duration(d: Duration) -> String {
    let secs = d.as_secs();
    if secs == 0 {
        return format!("{} ms", d.as_millis());
    }
    if secs < 60 {
        let tenths = d.as_millis() / 100;
        return if tenths % 10 == 0 {
            format!("{} s", tenths / 10)
        } else {
            format!("{}.{} s", tenths / 10, tenths % 10)
        };
    }
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 {
        parts.push(format!("{m} min"));
    }
    if s > 0 && h == 0 {
        parts.push(format!("{s} s"));
    }
    parts.join(" ")
}

/// A number of bytes in words, in the largest binary unit that keeps it at least 1:
/// `512 MiB`, `1.5 GiB`.
///
/// ```
/// assert_eq!(nimlab::limits::describe_bytes(3 << 29), "1.5 GiB");
/// assert_eq!(nimlab::limits::describe_bytes(100 << 20), "100 MiB");
/// ```
pub fn describe_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut unit = 0;
    while unit + 1 < UNITS.len() && bytes >> (10 * (unit + 1)) > 0 {
        unit += 1;
    }
    if unit == 0 {
        return format!("{bytes} bytes");
    }
    let scaled = bytes as f64 / (1u64 << (10 * unit)) as f64;
    let text = format!("{scaled:.1}");
    let text = text.strip_suffix(".0").unwrap_or(&text);
    format!("{text} {}", UNITS[unit])
}

#[derive(Debug, Default)]
struct Shared {
    /// 0 while the computation may go on, else the [`Reason`]'s code.
    reason: AtomicU8,
    /// The limits, for the error messages: the time limit in milliseconds (0: none) and
    /// the memory limit in bytes (0: none).
    time_ms: AtomicU64,
    memory: AtomicU64,
}

/// A request to stop, shared between a computation and whatever may stop it.
///
/// Clones share one request. The first reason given is kept until [`Stop::clear`].
///
/// ```
/// use nimlab::limits::{Reason, Stop};
/// let stop = Stop::new();
/// let handle = stop.clone();
/// assert_eq!(stop.reason(), None);
/// handle.request(Reason::Time);
/// handle.request(Reason::Interrupted);
/// assert_eq!(stop.reason(), Some(Reason::Time));
/// stop.clear();
/// assert_eq!(stop.reason(), None);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Stop {
    shared: Arc<Shared>,
}

thread_local! {
    static CURRENT: RefCell<Option<Stop>> = const { RefCell::new(None) };
}

impl Stop {
    /// A stop that nothing has requested yet.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// A stop whose errors name `limits` ("stopped at the time limit of 1 min").
    ///
    /// ```
    /// use nimlab::limits::{Limits, Reason, Stop};
    /// use std::time::Duration;
    /// let stop = Stop::with_limits(Limits { time: Some(Duration::from_secs(90)), memory: None });
    /// stop.request(Reason::Time);
    /// assert_eq!(stop.check().unwrap_err().to_string(),
    ///            "stopped at the time limit of 1 min 30 s");
    /// ```
    pub fn with_limits(limits: Limits) -> Stop {
        let stop = Stop::new();
        stop.set_limits(limits);
        stop
    }

    /// Records `limits` for the error messages.
    pub fn set_limits(&self, limits: Limits) {
        let ms = limits.time.map_or(0, |t| {
            u64::try_from(t.as_millis()).unwrap_or(u64::MAX).max(1)
        });
        self.shared.time_ms.store(ms, Ordering::Relaxed);
        self.shared
            .memory
            .store(limits.memory.unwrap_or(0), Ordering::Relaxed);
    }

    /// The limits recorded with [`Stop::with_limits`].
    pub fn limits(&self) -> Limits {
        let ms = self.shared.time_ms.load(Ordering::Relaxed);
        let memory = self.shared.memory.load(Ordering::Relaxed);
        Limits {
            time: (ms > 0).then(|| Duration::from_millis(ms)),
            memory: (memory > 0).then_some(memory),
        }
    }

    /// Asks the computation to stop, for `reason` (ignored when a stop was requested
    /// already).
    pub fn request(&self, reason: Reason) {
        let _ = self.shared.reason.compare_exchange(
            0,
            reason.code(),
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }

    /// Why a stop was requested, if it was.
    pub fn reason(&self) -> Option<Reason> {
        Reason::from_code(self.shared.reason.load(Ordering::Relaxed))
    }

    /// Whether a stop was requested.
    pub fn is_requested(&self) -> bool {
        self.shared.reason.load(Ordering::Relaxed) != 0
    }

    /// Forgets the request, so that the next computation may run.
    pub fn clear(&self) {
        self.shared.reason.store(0, Ordering::Relaxed);
    }

    /// `Ok(())` while the computation may go on; else the error that says why it stopped.
    ///
    /// # Errors
    /// [`Error::Interrupted`], [`Error::TimeLimit`] or [`Error::MemoryLimit`] once a stop
    /// was requested.
    pub fn check(&self) -> Result<()> {
        match self.reason() {
            None => Ok(()),
            Some(reason) => Err(self.error(reason)),
        }
    }

    /// The error for a stop requested for `reason`.
    pub fn error(&self, reason: Reason) -> Error {
        let limits = self.limits();
        match reason {
            Reason::Interrupted => Error::Interrupted,
            Reason::Time => Error::TimeLimit {
                limit: limits.describe_time().unwrap_or_else(|| "?".to_string()),
            },
            Reason::Memory => Error::MemoryLimit {
                limit: limits.describe_memory().unwrap_or_else(|| "?".to_string()),
            },
        }
    }

    /// Runs `f` with this stop as the current thread's: [`check`] and [`stopped`] inside
    /// `f` answer for it. Scopes nest; the outer one is back when `f` returns.
    pub fn scope<T>(&self, f: impl FnOnce() -> T) -> T {
        struct Restore(Option<Stop>);
        impl Drop for Restore {
            fn drop(&mut self) {
                let previous = self.0.take();
                CURRENT.with(|c| *c.borrow_mut() = previous);
            }
        }
        let previous = CURRENT.with(|c| c.borrow_mut().replace(self.clone()));
        let _restore = Restore(previous);
        f()
    }
}

/// The stop of the current thread's scope, if it runs in one: a parallel computation
/// hands it to its workers, which run in [`Stop::scope`] too.
pub fn current() -> Option<Stop> {
    CURRENT.with(|c| c.borrow().clone())
}

/// `Ok(())` while the current computation may go on (always, outside a [`Stop::scope`]).
///
/// # Errors
/// The error of the current scope's stop once it is requested.
pub fn check() -> Result<()> {
    CURRENT.with(|c| match c.borrow().as_ref() {
        Some(stop) => stop.check(),
        None => Ok(()),
    })
}

/// Whether the current scope's stop was requested (never, outside a scope): for code
/// that cannot return an error where it checks and unwinds by other means.
pub fn stopped() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(Stop::is_requested))
}

/// Counts calls and checks the stop once every `2^k` calls, for hot loops.
///
/// ```
/// let mut every = nimlab::limits::Every::new(10);
/// for _ in 0..5000 {
///     every.check().unwrap();
/// }
/// ```
#[derive(Debug, Clone)]
pub struct Every {
    count: u64,
    mask: u64,
}

impl Every {
    /// Checks once every `2^log2` calls.
    pub fn new(log2: u32) -> Every {
        Every {
            count: 0,
            mask: (1u64 << log2.min(63)) - 1,
        }
    }

    /// As [`check`], once every `2^log2` calls; `Ok(())` at the others.
    ///
    /// # Errors
    /// As [`check`].
    pub fn check(&mut self) -> Result<()> {
        self.count = self.count.wrapping_add(1);
        if self.count & self.mask == 0 {
            check()
        } else {
            Ok(())
        }
    }
}

pub mod clock;
#[cfg(not(target_arch = "wasm32"))]
mod watchdog;
#[cfg(not(target_arch = "wasm32"))]
pub use watchdog::Watchdog;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_ends_with_its_closure_and_nests() {
        let outer = Stop::new();
        let inner = Stop::new();
        inner.request(Reason::Memory);
        outer.scope(|| {
            assert!(check().is_ok());
            inner.scope(|| assert!(matches!(check(), Err(Error::MemoryLimit { .. }))));
            assert!(check().is_ok());
        });
        assert!(current().is_none());
    }

    #[test]
    fn a_scope_is_restored_after_a_panic() {
        let stop = Stop::new();
        let result = std::panic::catch_unwind(|| stop.scope(|| panic!("boom")));
        assert!(result.is_err());
        assert!(current().is_none());
    }

    #[test]
    fn worker_threads_join_the_scope_they_are_given() {
        let stop = Stop::new();
        stop.request(Reason::Time);
        let handed = stop.scope(current).unwrap();
        let seen = std::thread::spawn(move || {
            let outside = check().is_ok();
            let inside = handed.scope(check).is_err();
            (outside, inside)
        })
        .join()
        .unwrap();
        assert_eq!(seen, (true, true));
    }

    #[test]
    fn durations_and_sizes_read_as_words() {
        assert_eq!(describe_duration(Duration::from_secs(60)), "1 min");
        assert_eq!(describe_duration(Duration::from_secs(3600)), "1 h");
        assert_eq!(describe_duration(Duration::from_millis(200)), "200 ms");
        assert_eq!(describe_bytes(1023), "1023 bytes");
        assert_eq!(describe_bytes(1 << 40), "1 TiB");
    }
}
