//! Play sessions of the impartial games: the first line is a position (or sum) as in the
//! `position` target, each further line a move or a command typed by a player
//! (`take 2 from heap 1`, `2-1`, `b1-b3`, `4>2`, `moves`, `hint`, `undo`, `new`),
//! read by `nimlab::play::impartial` against the current position.
//!
//! The whole session runs under the time limit of `nimlab_fuzz::limited`.
//!
//! Properties: a move read is one of the position's legal moves; the computer's winning
//! move (asked for by `hint`, on small positions) leaves a position the player to move
//! loses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab::Convention;
use nimlab::games::{Catalogue, Sum};
use nimlab::play::impartial::{choose, moves, outcome, read_move};
use nimlab::Outcome;
use nimlab_fuzz::{impartial_ids, limited, small_numbers, text, tokens};

const MAX_SESSION: usize = 1024;

/// The most lines of a session read.
const MAX_LINES: usize = 32;

/// The computer chooses only where the sum reaches at most this many positions.
const MAX_REACH: u64 = 2000;

/// Whether the positions reachable from `sum` are few: the product of its parts'.
fn small(sum: &Sum) -> bool {
    if !small_numbers(&sum.notation(), 3) {
        return false;
    }
    let mut product = 1u64;
    for p in &sum.parts {
        match p.reach(MAX_REACH, MAX_REACH * 10) {
            Ok(Some(r)) => product = product.saturating_mul(r.positions),
            _ => return false,
        }
    }
    product <= MAX_REACH
}

/// The notations the legal moves of `sum` lead to, when they can be listed.
fn legal(sum: &Sum) -> Option<Vec<String>> {
    let all = moves(sum).ok()?;
    Some(all.iter().map(|t| t.after.notation()).collect())
}

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data, MAX_SESSION) else {
        return;
    };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let cat = Catalogue::standard();
    let ids = impartial_ids(&cat);
    let tokens = tokens(first, data, &ids, |w| cat.lookup(w).is_ok());
    let Ok(start) = cat.parse_sum(&tokens) else {
        return;
    };
    limited(|| session(&start, lines));
});

/// Plays the session's `lines` from `start`, until they end or the time limit stops it.
fn session<'a>(start: &Sum, lines: impl Iterator<Item = &'a str>) {
    let mut history = vec![start.clone()];
    for line in lines.take(MAX_LINES) {
        if nimlab::limits::stopped() {
            return;
        }
        let current = history.last().expect("the start stays");
        let here = current.notation();
        match line.trim() {
            "" => {}
            "moves" => {
                let _ = moves(current);
            }
            "undo" => {
                if history.len() > 1 {
                    history.pop();
                }
            }
            "new" => history.truncate(1),
            "hint" => {
                if !small(current) {
                    continue;
                }
                for convention in [Convention::Normal, Convention::Misere] {
                    let Ok(Some(choice)) = choose(current, convention) else {
                        continue;
                    };
                    let after = choice.turn.after.notation();
                    if let Some(legal) = legal(current) {
                        assert!(
                            legal.contains(&after),
                            "{here:?}: the computer's move to {after:?} is not legal"
                        );
                    }
                    if choice.winning {
                        if let Ok(o) = outcome(&choice.turn.after, convention) {
                            assert!(
                                o == Outcome::P,
                                "{here:?} ({convention:?}): the computer's winning move leaves {after:?}, of outcome {o}"
                            );
                        }
                    }
                }
            }
            typed => {
                if let Ok(turn) = read_move(current, typed) {
                    let after = turn.after.notation();
                    if let Some(legal) = legal(current) {
                        assert!(
                            legal.contains(&after),
                            "{here:?}: {typed:?} is read as a move to {after:?}, which is not legal"
                        );
                    }
                    history.push(turn.after);
                }
            }
        }
    }
}
