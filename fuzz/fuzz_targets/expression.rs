//! One calculator line (an expression or an assignment) evaluated in a new session.
//!
//! Property: when the value is a short game, its printed form reads back to the same
//! game (parse(print(g)) == g), and prints the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab::calc::Session;
use nimlab_fuzz::{eval_and_round_trip, limited, quoted_size, text, MAX_QUOTED};

/// Long enough for deep nesting and long sums; the values themselves stay cheap.
const MAX_LINE: usize = 1024;

fuzz_target!(|data: &[u8]| {
    let Some(line) = text(data, MAX_LINE) else {
        return;
    };
    if quoted_size(line) > MAX_QUOTED {
        return;
    }
    let mut session = Session::new();
    limited(|| eval_and_round_trip(&mut session, line));
});
