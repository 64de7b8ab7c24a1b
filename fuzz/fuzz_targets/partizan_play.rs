//! Play sessions of the partizan rulesets, through `nimlab::play::Session` as the front
//! ends use it: the first line is a position (or sum) as in the `partizan_position`
//! target, each further line a move or a command typed by a player (`a1-a2`, `2: take 4`,
//! the position a move leads to, `moves`, `hint`, `swap`, `undo`, `new`); a move is read
//! for the side to move (Left first; the player takes that side).
//!
//! Properties: a move read is one of the side's legal moves; the computer's move (asked
//! for by `hint`, on small positions) is legal, and a winning one leaves a value the
//! opponent, to move, loses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab::games::ruleset::Side;
use nimlab::games::{Catalogue, Game, PartizanSum};
use nimlab::conway::outcome;
use nimlab::play::Session;
use nimlab::Convention;
use nimlab::Outcome;
use nimlab_fuzz::{args, partizan_ids, text, tokens};

const MAX_SESSION: usize = 1024;

/// The most lines of a session read.
const MAX_LINES: usize = 32;

/// Sums written longer than this are not played (a board of `RxC` is short to write).
const MAX_PLAYED_TEXT: usize = 200;

/// The computer chooses only where the sum reaches at most this many positions.
const MAX_REACH: usize = 300;

/// Whether at most `MAX_REACH` sums are reachable from `sum`, by either side's moves.
fn small(sum: &PartizanSum) -> bool {
    let mut seen = std::collections::HashSet::new();
    seen.insert(sum.notation());
    let mut stack = vec![sum.clone()];
    while let Some(s) = stack.pop() {
        for side in [Side::Left, Side::Right] {
            for t in s.moves(side) {
                if seen.insert(t.after.notation()) {
                    if seen.len() > MAX_REACH {
                        return false;
                    }
                    stack.push(t.after);
                }
            }
        }
    }
    true
}

fn legal(sum: &PartizanSum, side: Side) -> Vec<String> {
    sum.moves(side).iter().map(|t| t.after.notation()).collect()
}

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data, MAX_SESSION) else {
        return;
    };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let cat = Catalogue::standard();
    let ids = partizan_ids(&cat);
    let tokens = tokens(first, data, &ids, |w| cat.is_partizan(w));
    let Ok(start) = cat.parse_partizan_sum_args(&args(&tokens)) else {
        return;
    };
    if start.notation().len() > MAX_PLAYED_TEXT {
        return;
    }
    let Ok(mut s) = Session::new(Game::Partizan(start), Convention::Normal, Side::Left, false)
    else {
        return;
    };
    for line in lines.take(MAX_LINES) {
        let Game::Partizan(current) = s.current().clone() else {
            unreachable!("a partizan game was read")
        };
        let here = current.notation();
        match line.trim() {
            "" => {}
            "moves" => {
                let _ = s.moves(s.you());
            }
            "swap" => s.swap(),
            "undo" => {
                if s.undo() {
                    assert!(s.your_turn(), "{here:?}: undo leaves the computer to move");
                }
            }
            "new" => {
                s.restart();
                assert_eq!(s.moves_played(), 0);
            }
            "hint" => {
                if !small(&current) {
                    continue;
                }
                let side = s.you();
                let Ok(Some(choice)) = s.hint() else {
                    continue;
                };
                let Game::Partizan(after_sum) = &choice.chosen.after else {
                    unreachable!("a partizan game was read")
                };
                let after = after_sum.notation();
                assert!(
                    legal(&current, side).contains(&after),
                    "{here:?}: the computer's move for {side} to {after:?} is not legal"
                );
                if choice.winning {
                    let solver = s.solver();
                    let v = after_sum
                        .value(solver)
                        .unwrap_or_else(|e| panic!("{after:?}: the value: {e}"));
                    let o = outcome(solver.arena(), v);
                    let lost = match side {
                        Side::Left => [Outcome::L, Outcome::P],
                        Side::Right => [Outcome::R, Outcome::P],
                    };
                    assert!(
                        lost.contains(&o),
                        "{here:?}: {side}'s winning move leaves {after:?}, of outcome {o}"
                    );
                }
            }
            typed => {
                // Every line is read: the player takes the side to move.
                if !s.your_turn() {
                    s.swap();
                }
                let side = s.you();
                if let Ok(m) = s.read(typed) {
                    let after = m.after.position();
                    let positions: Vec<String> =
                        current.moves(side).iter().map(|t| t.after.position()).collect();
                    assert!(
                        positions.contains(&after),
                        "{here:?}: {typed:?} is read as {side}'s move to {after:?}, which is not legal"
                    );
                    s.play(m);
                }
            }
        }
    }
});
