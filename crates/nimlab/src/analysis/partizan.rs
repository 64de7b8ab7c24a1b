//! The analysis of a partizan position: outcome class, canonical value, mean and
//! temperature, stops, and every move of each player with the value it leaves, the
//! winning ones marked.
//!
//! ```
//! use nimlab::games::{Arg, Catalogue};
//! use nimlab::partizan::RulesetSolver;
//! use nimlab::analysis::analyze_partizan;
//! let args = [Arg::new("domineering", 1), Arg::new("..|..", 2)];
//! let sum = Catalogue::standard().parse_partizan_sum_args(&args).unwrap();
//! let a = analyze_partizan(&sum, &mut RulesetSolver::new(), 100).unwrap();
//! assert_eq!(a.outcome, nimlab::Outcome::N);
//! assert_eq!(a.value, "+-1");
//! assert_eq!(nimlab::conway::rational_text(&a.temperature), "1");
//! assert_eq!((a.left_stop.to_string(), a.right_stop.to_string()), ("1".into(), "-1".into()));
//! // Left's vertical domino leaves a column of two for her: 1 ≥ 0, a win.
//! assert_eq!(a.left_winning_moves.len(), 2);
//! assert_eq!(a.left_winning_moves[0].value, "1");
//! ```

use crate::conway::{outcome, rational_text, stop, thermograph, Arena, Dyadic, GameId, Rational};
use crate::games::ruleset::Side;
use crate::games::{PartizanSum, PartizanTurn};
use crate::notation::GameValue;
use crate::partizan::RulesetSolver;
use crate::{Outcome, Result};
use num_bigint::BigInt;
use serde::{Serialize, Serializer};

/// A rational number serialised as it is written (`9/4`, `-1`).
fn rational<S: Serializer>(x: &Rational, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(&rational_text(x))
}

/// A move and the value of the sum it leaves.
#[derive(Debug, Clone, Serialize)]
pub struct MoveValue {
    /// The move in the game's notation (`a1-a2`; `2: a1-a2` in part 2 of a sum).
    pub description: String,
    /// The position after the move.
    pub to: String,
    /// The canonical value after the move.
    pub value: GameValue,
    /// Whether the move wins: it leaves a value ≥ 0 for a move of Left's, ≤ 0 for
    /// Right's, so the mover wins with the opponent to move.
    pub winning: bool,
}

/// One part of a sum and its value.
#[derive(Debug, Clone, Serialize)]
pub struct PartValue {
    /// The part's game id.
    pub game: String,
    /// The part's position.
    pub position: String,
    /// Its canonical value.
    pub value: GameValue,
    /// Its temperature: how much a move in it is worth to the player who makes it
    /// (negative for a number, where moving costs).
    #[serde(serialize_with = "rational")]
    pub temperature: Rational,
}

/// Everything `nimlab analyze` says of a partizan position.
#[derive(Debug, Clone, Serialize)]
pub struct PartizanAnalysis {
    /// The game id (or "sum" for parts of several games).
    pub game: String,
    /// The position as read.
    pub position: String,
    /// L (Left wins whoever starts), R, P (the player to move loses) or N.
    pub outcome: Outcome,
    /// The canonical value (serialised in CGSuite's notation).
    pub value: GameValue,
    /// The mean value.
    #[serde(serialize_with = "rational")]
    pub mean: Rational,
    /// The temperature: −1/2^k for a number of denominator 2^k (−1 for an integer).
    #[serde(serialize_with = "rational")]
    pub temperature: Rational,
    /// The Left stop: the number reached when both play well and Left starts.
    pub left_stop: Dyadic,
    /// The Right stop.
    pub right_stop: Dyadic,
    /// Left's winning moves, to values ≥ 0 (at most the number asked for).
    pub left_winning_moves: Vec<MoveValue>,
    /// Right's winning moves, to values ≤ 0.
    pub right_winning_moves: Vec<MoveValue>,
    /// How many moves Left has, winning or not.
    pub left_move_count: usize,
    /// How many moves Right has.
    pub right_move_count: usize,
    /// How many of Left's moves win.
    pub left_winning_count: usize,
    /// How many of Right's moves win.
    pub right_winning_count: usize,
    /// Every move of Left's with its value (at most the number asked for).
    pub left_moves: Vec<MoveValue>,
    /// Every move of Right's with its value.
    pub right_moves: Vec<MoveValue>,
    /// The parts of a sum and their values (one part for a single position).
    pub parts: Vec<PartValue>,
    /// The index in `parts` of the hottest part of a sum, when one part is hotter than
    /// every other and is not a number: a move there gains the most (a good first
    /// guess for the player to move; the winning moves above are exact).
    pub hottest: Option<usize>,
    /// How many regions the solver valued by their options so far (those found in its
    /// tables, or given by a closed form, are not counted): the work the analysis took.
    pub regions_valued: u64,
}

/// A move of a sum with the value it leaves, in the solver's arena.
pub struct ValuedTurn {
    /// The move.
    pub turn: PartizanTurn,
    /// The value of the sum after it.
    pub value: GameId,
    /// Whether it wins for the mover.
    pub winning: bool,
}

/// Every move of `side` in `sum` (whose parts have the values `parts`, in the solver's
/// arena) with the value of the sum it leaves.
///
/// # Errors
/// As [`PartizanSum::value`].
pub fn valued_moves(
    sum: &PartizanSum,
    parts: &[GameId],
    side: Side,
    solver: &mut RulesetSolver,
) -> Result<Vec<ValuedTurn>> {
    let total = total(solver.arena(), parts);
    let mut out = Vec::new();
    for turn in sum.moves(side) {
        let part_after = turn.after.parts[turn.part].value(solver)?;
        let a = solver.arena();
        let rest = a.sub(total, parts[turn.part]);
        let value = a.add(rest, part_after);
        let zero = a.zero();
        let winning = match side {
            Side::Left => a.le(zero, value),
            Side::Right => a.le(value, zero),
        };
        out.push(ValuedTurn {
            turn,
            value,
            winning,
        });
    }
    Ok(out)
}

fn total(a: &mut Arena, parts: &[GameId]) -> GameId {
    let mut t = a.zero();
    for &p in parts {
        t = a.add(t, p);
    }
    t
}

/// Analyses a sum of partizan positions, listing at most `max_moves` moves of each kind
/// for each player (all are counted).
///
/// # Errors
/// [`crate::Error::Limit`] when a value is beyond the arena's limits.
pub fn analyze_partizan(
    sum: &PartizanSum,
    solver: &mut RulesetSolver,
    max_moves: usize,
) -> Result<PartizanAnalysis> {
    let parts = sum.part_values(solver)?;
    let mark = solver.mark();
    let g = total(solver.arena(), &parts);
    let report = |side: Side, solver: &mut RulesetSolver| -> Result<_> {
        let moves = valued_moves(sum, &parts, side, solver)?;
        let count = moves.len();
        let a = solver.arena();
        let mut all = Vec::new();
        let mut winning = Vec::new();
        let mut winning_count = 0;
        for m in moves {
            winning_count += usize::from(m.winning);
            if all.len() >= max_moves && (!m.winning || winning.len() >= max_moves) {
                continue;
            }
            let mv = MoveValue {
                description: m.turn.description,
                to: m.turn.after.position(),
                value: GameValue::of(a, m.value),
                winning: m.winning,
            };
            if m.winning && winning.len() < max_moves {
                winning.push(mv.clone());
            }
            if all.len() < max_moves {
                all.push(mv);
            }
        }
        Ok((all, winning, count, winning_count))
    };
    let (left_moves, left_winning_moves, left_move_count, left_winning_count) =
        report(Side::Left, solver)?;
    let (right_moves, right_winning_moves, right_move_count, right_winning_count) =
        report(Side::Right, solver)?;
    let regions_valued = solver.searched();
    let a = solver.arena();
    let (mean, temperature) = mean_and_temperature(a, g);
    let outcome = outcome(a, g);
    let (left_stop, right_stop) = (stop(a, g, true), stop(a, g, false));
    // The values were made and compared in the arena: they hold unless it met a limit
    // (the options of a large multiple of up) or was stopped, when none may be shown.
    solver.settle(mark, || {
        let position = crate::error::cut_text(sum.position());
        format!("analysing {} {position}", sum.game())
    })?;
    let a = solver.arena();
    let parts = sum
        .parts
        .iter()
        .zip(&parts)
        .map(|(p, &v)| PartValue {
            game: p.game(),
            position: p.notation(),
            value: GameValue::of(a, v),
            temperature: mean_and_temperature(a, v).1,
        })
        .collect::<Vec<_>>();
    let hottest = hottest(&parts);
    Ok(PartizanAnalysis {
        game: sum.game(),
        position: sum.position(),
        outcome,
        value: GameValue::of(a, g),
        mean,
        temperature,
        left_stop,
        right_stop,
        left_winning_moves,
        right_winning_moves,
        left_move_count,
        right_move_count,
        left_winning_count,
        right_winning_count,
        left_moves,
        right_moves,
        parts,
        hottest,
        regions_valued,
    })
}

/// The mean and the temperature of `g`. A number's mean is itself, and its temperature
/// −1/2^k for a denominator 2^k (−1 for an integer), as its thermograph says: no need to
/// draw it.
fn mean_and_temperature(a: &mut Arena, g: GameId) -> (Rational, Rational) {
    match a.as_number(g) {
        Some(x) => (
            Rational::new(x.numerator().clone(), BigInt::from(1) << x.exponent()),
            Rational::new(BigInt::from(-1), BigInt::from(1) << x.exponent()),
        ),
        None => {
            let t = thermograph(a, g);
            (t.mean(), t.temperature())
        }
    }
}

/// The part of a sum of two or more parts that is hotter than every other, if one is
/// and it is not a number: the part where a move gains the most.
fn hottest(parts: &[PartValue]) -> Option<usize> {
    if parts.len() < 2 {
        return None;
    }
    let (i, top) = parts
        .iter()
        .enumerate()
        .max_by(|x, y| x.1.temperature.cmp(&y.1.temperature))?;
    let alone = parts
        .iter()
        .enumerate()
        .all(|(j, p)| j == i || p.temperature < top.temperature);
    (alone && top.value.number().is_none()).then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::clobber::Clobber;
    use crate::games::domineering::Domineering;
    use crate::games::ruleset::Ruleset;
    use crate::partizan::PartizanGame;
    use std::collections::HashMap;

    /// Whether the player moving first (Left when `left`) wins, by plain search.
    fn first_wins<P: PartizanGame>(p: &P, left: bool, memo: &mut HashMap<(P, bool), bool>) -> bool {
        if let Some(&w) = memo.get(&(p.clone(), left)) {
            return w;
        }
        let options = if left {
            p.left_options()
        } else {
            p.right_options()
        };
        let w = options.iter().any(|o| !first_wins(o, !left, memo));
        memo.insert((p.clone(), left), w);
        w
    }

    /// The outcome and the winning moves of every listed position agree with a plain
    /// search of who wins: a move wins when the opponent, moving first after it, loses.
    fn check<P: Ruleset + Clone>(positions: &[P]) {
        let mut solver = RulesetSolver::new();
        let mut memo = HashMap::new();
        for p in positions {
            let sum = PartizanSum {
                parts: vec![Box::new(p.clone())],
            };
            let a = analyze_partizan(&sum, &mut solver, usize::MAX).unwrap();
            let (l, r) = (
                first_wins(p, true, &mut memo),
                first_wins(p, false, &mut memo),
            );
            let want = match (l, r) {
                (true, true) => Outcome::N,
                (false, false) => Outcome::P,
                (true, false) => Outcome::L,
                (false, true) => Outcome::R,
            };
            assert_eq!(a.outcome, want, "{}", p.notation());
            for (side, left, moves, listed) in [
                (Side::Left, true, p.left_options(), &a.left_moves),
                (Side::Right, false, p.right_options(), &a.right_moves),
            ] {
                assert_eq!(moves.len(), listed.len());
                for (o, m) in moves.iter().zip(listed) {
                    assert_eq!(m.description, p.describe_move(side, o));
                    assert_eq!(
                        m.winning,
                        !first_wins(o, !left, &mut memo),
                        "{} {}",
                        p.notation(),
                        m.description
                    );
                }
            }
            let winners = a.left_moves.iter().filter(|m| m.winning).count();
            assert_eq!(winners, a.left_winning_count);
            assert_eq!(a.left_winning_moves.len(), winners);
        }
    }

    #[test]
    fn outcomes_and_winning_moves_agree_with_plain_search() {
        // Every filling of the 3×3 Domineering board and every colouring of a 2×3 Clobber
        // board (each square empty, x or o).
        let full = Domineering::parse("3x3").unwrap();
        let boards: Vec<Domineering> = (0..512u32)
            .map(|mask| {
                let rows: Vec<String> = (0..3)
                    .map(|r| {
                        (0..3)
                            .map(|c| {
                                if mask >> (3 * r + c) & 1 == 1 {
                                    '.'
                                } else {
                                    '#'
                                }
                            })
                            .collect()
                    })
                    .collect();
                Domineering::parse(&rows.join("|")).unwrap()
            })
            .collect();
        assert_eq!(boards.last(), Some(&full));
        check(&boards);
        let mut clobbers = Vec::new();
        for code in 0..729u32 {
            let mut k = code;
            let squares: String = (0..6)
                .map(|_| {
                    let ch = ['.', 'x', 'o'][(k % 3) as usize];
                    k /= 3;
                    ch
                })
                .collect();
            clobbers.push(Clobber::parse(&format!("{}|{}", &squares[..3], &squares[3..])).unwrap());
        }
        check(&clobbers);
    }

    #[test]
    fn an_analysis_that_meets_the_arena_limit_is_refused_not_shown() {
        // Under 1,4/2,3 heap 4k + 3 is ↓·(k − 2) (by the outcomes of play, heap 16,399
        // is an R-position): its value v4097 is made, but comparing the moves' values
        // lists its options, beyond the arena's limit. The analysis showed an empty value
        // and a temperature of −1; it must be refused.
        let cat = crate::games::Catalogue::standard();
        let parse = |heap: &str| {
            let args = [
                crate::games::Arg::new("partizan-subtraction:1,4/2,3", 1),
                crate::games::Arg::new(heap, 2),
            ];
            cat.parse_partizan_sum_args(&args).unwrap()
        };
        let sum = parse("16399");
        let by_play = crate::games::partizan_subtraction::outcomes_by_play(
            &crate::games::partizan_subtraction::Rules::parse("1,4/2,3").unwrap(),
            16_399,
        );
        assert_eq!(by_play[16_399], Outcome::R);
        let mut solver = RulesetSolver::new();
        let e = analyze_partizan(&sum, &mut solver, 10).unwrap_err();
        assert!(
            matches!(&e, crate::Error::Limit(_)) && e.to_string().contains("v4097"),
            "{e}"
        );
        // The solver stays usable: a smaller heap of the same rules is analysed.
        let small = parse("103");
        let a = analyze_partizan(&small, &mut solver, 10).unwrap();
        assert_eq!((a.value.notation(), a.outcome), ("v23", Outcome::R));
    }

    #[test]
    fn the_hottest_part_of_a_sum_is_named() {
        let cat = crate::games::Catalogue::standard();
        let analyse = |tokens: &[&str]| {
            let args: Vec<_> = tokens
                .iter()
                .enumerate()
                .map(|(i, t)| crate::games::Arg::new(t, i + 1))
                .collect();
            let sum = cat.parse_partizan_sum_args(&args).unwrap();
            analyze_partizan(&sum, &mut RulesetSolver::new(), 10).unwrap()
        };
        // ±3/2 has temperature 3/2, * temperature 0, the number 3/2 (blue, blue, red)
        // temperature −1/2: a move in ±3/2 gains the most.
        let a = analyse(&[
            "clobber",
            "xo",
            "+",
            "domineering",
            "..#|...|...",
            "+",
            "hackenbush-string",
            "xxo",
        ]);
        let t: Vec<String> = a
            .parts
            .iter()
            .map(|p| rational_text(&p.temperature))
            .collect();
        let v: Vec<&str> = a.parts.iter().map(|p| p.value.notation()).collect();
        assert_eq!(
            (v, t),
            (
                vec!["*", "+-3/2", "3/2"],
                vec!["0".to_string(), "3/2".into(), "-1/2".into()]
            )
        );
        assert_eq!(a.hottest, Some(1));
        // Two parts equally hot: neither is named; a single position has no parts to name.
        assert_eq!(
            analyse(&["clobber", "xo", "+", "clobber", "ox"]).hottest,
            None
        );
        assert_eq!(analyse(&["domineering", "..#|...|..."]).hottest, None);
        // Numbers only: the hottest of them is no place to move.
        assert_eq!(
            analyse(&["hackenbush-string", "x", "+", "hackenbush-string", "xo"]).hottest,
            None
        );
    }
}
