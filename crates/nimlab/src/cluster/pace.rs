//! How long a rank waits between looks for messages: short while messages come, longer
//! while none do.

use std::time::Duration;

/// The shortest wait, right after a message.
const SHORTEST: Duration = Duration::from_micros(20);
/// The longest wait: the most a message waits to be seen.
const LONGEST: Duration = Duration::from_millis(1);

/// The wait between two looks for messages. A rank waits instead of blocking in MPI, whose
/// blocking calls keep a core busy while they wait, so that a rank's main thread leaves
/// the core to the thread that computes.
///
/// The wait doubles from 20 µs after each look that found nothing, up to 1 ms, and starts
/// again from 20 µs after a look that found something.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pace {
    wait: Duration,
}

impl Pace {
    /// A pace that starts with the shortest wait.
    pub fn new() -> Pace {
        Pace { wait: SHORTEST }
    }

    /// The wait before the next look, after one that found something (`busy`) or not.
    pub fn next(&mut self, busy: bool) -> Duration {
        self.wait = if busy {
            SHORTEST
        } else {
            (self.wait * 2).min(LONGEST)
        };
        self.wait
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_to_a_millisecond_and_starts_again_after_a_message() {
        let mut pace = Pace::new();
        let waits: Vec<u128> = (0..8).map(|_| pace.next(false).as_micros()).collect();
        assert_eq!(waits, [40, 80, 160, 320, 640, 1000, 1000, 1000]);
        assert_eq!(pace.next(true), SHORTEST);
    }
}
