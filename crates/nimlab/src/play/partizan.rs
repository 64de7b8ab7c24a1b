//! Playing a partizan position against a perfect opponent: the computer's choice with its
//! reason (a move typed by a player is read by [`crate::reading::partizan::read_move`]).
//!
//! ```
//! use nimlab::games::{Arg, Catalogue};
//! use nimlab::games::ruleset::Side;
//! use nimlab::partizan::RulesetSolver;
//! use nimlab::play::partizan::choose;
//! use nimlab::reading::partizan::read_move;
//! let args = [Arg::new("hackenbush-string", 1), Arg::new("xoo", 2), Arg::new("x", 3)];
//! let sum = Catalogue::standard().parse_partizan_sum_args(&args).unwrap();
//! // xoo + x = 1/4 + 1 > 0: Right to move loses whatever he does.
//! let mut solver = RulesetSolver::new();
//! let choice = choose(&sum, Side::Right, &mut solver).unwrap().unwrap();
//! assert!(!choice.winning);
//! // Left wins moving first too: her winning moves keep the value ≥ 0.
//! let choice = choose(&sum, Side::Left, &mut solver).unwrap().unwrap();
//! assert!(choice.winning);
//! let typed = read_move(&sum, Side::Left, "2:1").unwrap();
//! assert_eq!(typed.after.notation(), "hackenbush-string xoo");
//! ```

use crate::analysis::valued_moves;
use crate::conway::{mean, temperature, Rational};
use crate::games::ruleset::Side;
use crate::games::{PartizanSum, PartizanTurn};
use crate::notation::GameValue;
use crate::partizan::RulesetSolver;
use crate::Result;

/// The computer's move and why.
pub struct PartizanChoice {
    /// The move.
    pub turn: PartizanTurn,
    /// Whether it wins (against any defence).
    pub winning: bool,
    /// The value it leaves.
    pub value: GameValue,
    /// The reason, in words.
    pub reason: String,
}

/// The move the computer plays for `side`: a winning move when there is one (the one in
/// the hottest part, then the one leaving the best mean for the mover), otherwise the
/// move that resists best (the best mean for the mover, then the hottest position left,
/// where the opponent has the most chances to go wrong). `None` when `side` has no move.
///
/// # Errors
/// As [`PartizanSum::value`].
pub fn choose(
    sum: &PartizanSum,
    side: Side,
    solver: &mut RulesetSolver,
) -> Result<Option<PartizanChoice>> {
    let parts = sum.part_values(solver)?;
    let mark = solver.mark();
    let moves = valued_moves(sum, &parts, side, solver)?;
    if moves.is_empty() {
        return Ok(None);
    }
    let a = solver.arena();
    let part_heat: Vec<Rational> = parts.iter().map(|&p| temperature(a, p)).collect();
    // The mover's mean: Left wants it high, Right low.
    let sign = |x: Rational| match side {
        Side::Left => x,
        Side::Right => -x,
    };
    let any_win = moves.iter().any(|m| m.winning);
    let mut best: Option<(usize, (Rational, Rational))> = None;
    for (i, m) in moves.iter().enumerate() {
        if any_win && !m.winning {
            continue;
        }
        let m_mean = sign(mean(a, m.value));
        let key = if any_win {
            (part_heat[m.turn.part].clone(), m_mean)
        } else {
            (m_mean, temperature(a, m.value))
        };
        if best.as_ref().is_none_or(|(_, k)| key > *k) {
            best = Some((i, key));
        }
    }
    let Some((i, _)) = best else {
        return Ok(None);
    };
    let m = moves.into_iter().nth(i).expect("the index is of a move");
    let m_mean = crate::conway::rational_text(&mean(a, m.value));
    // The values were made and compared in the arena: they hold unless it met a limit
    // or was stopped, when no move may be chosen by them.
    solver.settle(mark, || format!("choosing {side}'s move"))?;
    let a = solver.arena();
    let value = GameValue::of(a, m.value);
    let (ge, opponent) = match side {
        Side::Left => ("≥", Side::Right),
        Side::Right => ("≤", Side::Left),
    };
    let reason = if m.winning {
        format!("it leaves {value} {ge} 0: {opponent}, to move, loses")
    } else {
        format!("no move wins; this one leaves {value}, of mean {m_mean}, the best {side} can keep")
    };
    Ok(Some(PartizanChoice {
        turn: m.turn,
        winning: m.winning,
        value,
        reason,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::outcome;
    use crate::games::{Arg, Catalogue};
    use crate::Outcome;

    fn sum(tokens: &[&str]) -> PartizanSum {
        let args: Vec<Arg> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| Arg::new(t, i + 1))
            .collect();
        Catalogue::standard()
            .parse_partizan_sum_args(&args)
            .unwrap()
    }

    /// Plays the computer (`computer`) against an opponent choosing moves by a simple
    /// pseudo-random sequence, `first` moving first; returns the winner.
    fn game(start: &PartizanSum, computer: Side, first: Side, seed: u64) -> Side {
        let mut solver = RulesetSolver::new();
        let mut state = seed;
        let mut position = start.clone();
        let mut side = first;
        loop {
            let next = if side == computer {
                choose(&position, side, &mut solver)
                    .unwrap()
                    .map(|c| c.turn)
            } else {
                let mut moves = position.moves(side);
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (!moves.is_empty()).then(|| moves.swap_remove((state >> 33) as usize % moves.len()))
            };
            match next {
                Some(turn) => position = turn.after,
                None => return side.other(),
            }
            side = side.other();
        }
    }

    /// Whenever the computer's side wins with the given player first (by the outcome
    /// class of the value), it wins every game against a random opponent.
    #[test]
    fn the_computer_wins_every_won_game() {
        let starts = [
            sum(&["domineering", "3x3"]),
            sum(&["domineering", "..#|...|..."]),
            sum(&["domineering", "2x3", "+", "clobber", "xoxo"]),
            sum(&["clobber", "xoxo|ox.x"]),
            sum(&[
                "hackenbush-string",
                "xoxo",
                "oxxo",
                "+",
                "domineering",
                "..|..",
            ]),
            sum(&["partizan-subtraction:1,4/2,3", "9", "6"]),
        ];
        let mut won = 0;
        for start in &starts {
            let mut solver = RulesetSolver::new();
            let g = start.value(&mut solver).unwrap();
            let class = outcome(solver.arena(), g);
            for computer in [Side::Left, Side::Right] {
                for first in [Side::Left, Side::Right] {
                    let first_wins = match (class, first) {
                        (Outcome::N, _) => true,
                        (Outcome::P, _) => false,
                        (Outcome::L, f) => f == Side::Left,
                        (Outcome::R, f) => f == Side::Right,
                        (Outcome::D, _) => unreachable!("short games have no draws"),
                    };
                    let winner = if first_wins { first } else { first.other() };
                    if winner != computer {
                        continue;
                    }
                    for seed in 0..20 {
                        assert_eq!(
                            game(start, computer, first, seed),
                            computer,
                            "{start:?}, computer {computer}, {first} first, seed {seed}"
                        );
                        won += 1;
                    }
                }
            }
        }
        assert!(won >= 120, "{won} games");
    }
}
