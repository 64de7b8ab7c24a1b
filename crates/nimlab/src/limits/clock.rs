//! The clock the engine reads to pace itself (when to share work with a helper thread,
//! when to write a checkpoint). Where the platform has no clock (WebAssembly in a
//! browser, where reading `std::time::Instant` panics) it is a clock that stands still:
//! no time ever passes, so nothing is paced by time there (and there are no helper
//! threads and no checkpoint files to pace).
//!
//! ```
//! use nimlab::limits::clock::Instant;
//! let start = Instant::now();
//! let later = start + std::time::Duration::from_secs(1);
//! assert!(later > start);
//! assert!(start.elapsed() < std::time::Duration::from_secs(3600));
//! ```

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use still::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod still {
    use std::time::Duration;

    /// A moment of a clock that stands still at zero.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(Duration);

    impl Instant {
        /// Always the same moment.
        pub fn now() -> Instant {
            Instant(Duration::ZERO)
        }

        /// The time since `self`: none, unless `self` was moved forward.
        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        /// The time from `earlier` to `self`, zero if `earlier` is later.
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            self.0.saturating_sub(earlier.0)
        }
    }

    impl std::ops::Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0.saturating_add(d))
        }
    }
}
