//! Play sessions of the impartial games, through `nimlab::play::Session` as the front
//! ends use it: the first line is a position (or sum) as in the `position` target, each
//! further line a move or a command typed by a player (`take 2 from heap 1`, `2-1`,
//! `b1-b3`, `4>2`, `moves`, `hint`, `undo`, `swap`, `new`, `go` for the computer's move).
//!
//! The whole session runs under the time limit of `nimlab_fuzz::limited`.
//!
//! Properties: a move read is one of the position's legal moves; the computer's winning
//! move (asked for by `hint`, on small positions, in normal and misère play) leaves a
//! position the player to move loses; `undo` goes back to the player's turn, `new` to the
//! start.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab::Convention;
use nimlab::games::ruleset::Side;
use nimlab::games::{Catalogue, Game, Sum};
use nimlab::play::impartial::outcome;
use nimlab::play::Session;
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
    let all = sum.turns().ok()?;
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

/// The sum a session's game is.
fn sum(game: &Game) -> &Sum {
    match game {
        Game::Impartial(sum) => sum,
        Game::Partizan(_) | Game::Infinite(_) => unreachable!("an impartial game was read"),
    }
}

/// Plays the session's `lines` from `start`, in normal and in misère play, until they end
/// or the time limit stops it.
fn session<'a>(start: &Sum, lines: impl Iterator<Item = &'a str> + Clone) {
    for convention in [Convention::Normal, Convention::Misere] {
        let game = Game::Impartial(start.clone());
        let Ok(mut s) = Session::new(game, convention, Side::Left, false) else {
            return;
        };
        for line in lines.clone().take(MAX_LINES) {
            if nimlab::limits::stopped() {
                return;
            }
            let current = sum(s.current()).clone();
            let here = current.notation();
            match line.trim() {
                "" => {}
                "moves" => {
                    let _ = s.moves(s.you());
                }
                "undo" => {
                    if s.undo() {
                        assert!(s.your_turn(), "{here:?}: undo leaves the computer to move");
                    }
                }
                "new" => {
                    s.restart();
                    assert_eq!(s.moves_played(), 0);
                    assert!(s.your_turn());
                }
                "swap" => s.swap(),
                "go" => {
                    if small(&current) && !s.your_turn() {
                        if let Ok(Some(c)) = s.computer_move() {
                            let after = c.chosen.after.position();
                            if let Some(legal) = legal(&current) {
                                assert!(
                                    legal.contains(&after),
                                    "{here:?}: the computer's move to {after:?} is not legal"
                                );
                            }
                        }
                    }
                }
                "hint" => {
                    if !small(&current) {
                        continue;
                    }
                    let Ok(Some(choice)) = s.hint() else {
                        continue;
                    };
                    let after = choice.chosen.after.position();
                    if let Some(legal) = legal(&current) {
                        assert!(
                            legal.contains(&after),
                            "{here:?}: the computer's move to {after:?} is not legal"
                        );
                    }
                    if choice.winning {
                        if let Ok(o) = outcome(sum(&choice.chosen.after), convention) {
                            assert!(
                                o == Outcome::P,
                                "{here:?} ({convention:?}): the computer's winning move leaves {after:?}, of outcome {o}"
                            );
                        }
                    }
                }
                typed => {
                    // Every line is read: the player takes the side to move.
                    if !s.your_turn() {
                        s.swap();
                    }
                    if let Ok(m) = s.read(typed) {
                        let after = m.after.position();
                        if let Some(legal) = legal(&current) {
                            assert!(
                                legal.contains(&after),
                                "{here:?}: {typed:?} is read as a move to {after:?}, which is not legal"
                            );
                        }
                        s.play(m);
                    }
                }
            }
        }
    }
}
