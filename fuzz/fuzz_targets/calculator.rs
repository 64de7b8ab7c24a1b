//! A calculator session: several lines (assignments `g := …` and expressions) evaluated
//! one after the other in one session, as `nimlab calc` reads a script.
//!
//! Property: every game value printed reads back to the same game, as in `expression`;
//! the session goes on after errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab::calc::Session;
use nimlab_fuzz::{eval_and_round_trip, limited, quoted_size, text, MAX_QUOTED};

const MAX_SCRIPT: usize = 2048;

fuzz_target!(|data: &[u8]| {
    let Some(script) = text(data, MAX_SCRIPT) else {
        return;
    };
    if quoted_size(script) > MAX_QUOTED {
        return;
    }
    let mut session = Session::new();
    // The whole script within one time limit.
    limited(|| {
        for line in script.lines() {
            let line = line.trim();
            // What `nimlab calc` skips, and its commands (which the library does not read).
            if line.is_empty() || line.starts_with("//") || line.starts_with(':') {
                continue;
            }
            eval_and_round_trip(&mut session, line);
        }
    });
});
