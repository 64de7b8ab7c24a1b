//! The analysis of an impartial position: outcome, value, every winning move and why.

use crate::explain::{Explanation, SumParts};
use crate::games::{MisereSumSearch, Sum};
use crate::loopy::GeneralizedValue;
use crate::{Convention, Nimber, Outcome, Result};
use serde::Serialize;

/// One winning move of an analysed position.
#[derive(Debug, Clone, Serialize)]
pub struct WinningMove {
    /// The whole position after the move, in the notation of the input.
    pub to: String,
    /// The move in words.
    pub description: String,
    /// The part of the sum it is played in (0-based).
    pub part: usize,
}

/// One part of an analysed sum.
#[derive(Debug, Clone, Serialize)]
pub struct PartReport {
    /// The part's game id.
    pub game: String,
    /// The part's position.
    pub position: String,
    /// Its normal-play value (`null` in misère play).
    pub value: Option<Nimber>,
    /// Its generalised Sprague–Grundy value, for a part of a loopy game whose value is
    /// infinite (`∞{0,2}`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loopy_value: Option<GeneralizedValue>,
}

/// Everything `nimlab analyze` reports about a position.
///
/// ```
/// use nimlab::analysis::analyze;
/// use nimlab::Convention;
/// use nimlab::games::Catalogue;
/// let sum = Catalogue::standard().parse_sum(&["nim", "3", "6", "8", "9"]).unwrap();
/// let a = analyze(&sum, Convention::Normal, 100).unwrap();
/// assert_eq!(a.outcome, nimlab::Outcome::N);
/// assert_eq!(a.value.unwrap().to_string(), "*4");
/// // Text 003: the only winning move takes the 6 down to 2.
/// assert_eq!(a.winning_moves.len(), 1);
/// assert_eq!(a.winning_moves[0].to, "3 2 8 9");
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct ImpartialAnalysis {
    /// The game id (`sum` for a sum of several parts).
    pub game: String,
    /// The position as read.
    pub position: String,
    /// Normal or misère play.
    pub convention: Convention,
    /// P or N.
    pub outcome: Outcome,
    /// The nimber in normal play; `None` in misère play, and when only the outcome is
    /// known (a position too large for its value but with a closed form for P-positions).
    pub value: Option<Nimber>,
    /// The generalised Sprague–Grundy value when the position is loopy and its value is
    /// infinite (`∞{0,2}`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loopy_value: Option<GeneralizedValue>,
    /// Every winning move (up to the limit asked for).
    pub winning_moves: Vec<WinningMove>,
    /// How many winning moves there are in all.
    pub winning_move_count: usize,
    /// The parts of the sum, with their values.
    pub parts: Vec<PartReport>,
    /// Why: binary columns, the mex rule, the sum of the parts.
    pub explanation: Vec<Explanation>,
}

/// Analyses `sum` under `convention`, listing at most `max_moves` winning moves (all of
/// them are counted).
///
/// # Errors
/// [`crate::Error::Limit`] when a value or a search is beyond nimlab's limits.
pub fn analyze(sum: &Sum, convention: Convention, max_moves: usize) -> Result<ImpartialAnalysis> {
    match convention {
        Convention::Normal => analyze_normal(sum, max_moves),
        Convention::Misere => analyze_misere(sum, max_moves),
    }
}

fn analyze_normal(sum: &Sum, max_moves: usize) -> Result<ImpartialAnalysis> {
    if sum.parts.iter().any(|p| p.is_loopy()) {
        let values = sum
            .parts
            .iter()
            .map(|p| p.generalized_value())
            .collect::<Result<Vec<_>>>()?;
        if values.iter().any(|v| v.finite().is_none()) {
            return analyze_infinite(sum, values, max_moves);
        }
    }
    if let [part] = sum.parts.as_slice() {
        if let Some(p) = part.p_position() {
            match part.value() {
                Err(crate::Error::Limit(_)) => return outcome_only(sum, p, max_moves),
                Err(e) => return Err(e),
                Ok(_) => {}
            }
        }
    }
    let values = sum
        .parts
        .iter()
        .map(|p| p.value())
        .collect::<Result<Vec<Nimber>>>()?;
    let total = values.iter().fold(Nimber::default(), |acc, v| &acc + v);
    let mut winning_moves = Vec::new();
    let mut count = 0;
    if !total.is_zero() {
        for (i, (part, v)) in sum.parts.iter().zip(&values).enumerate() {
            let target = v + &total;
            let list =
                part.moves_to_value(&target, max_moves.saturating_sub(winning_moves.len()))?;
            count += list.total;
            for m in list.moves {
                winning_moves.push(WinningMove {
                    to: sum.after_move(i, m.to).notation(),
                    description: describe_in_part(sum, i, m.description),
                    part: i,
                });
            }
        }
    }
    let mut explanation = Vec::new();
    if sum.parts.len() == 1 {
        explanation.extend(sum.parts[0].explain());
    } else {
        explanation.push(Explanation::Sum(SumParts::new(
            sum.parts
                .iter()
                .zip(&values)
                .map(|(p, v)| (format!("{} {}", p.game(), p.notation()), v.clone()))
                .collect(),
        )));
        for p in &sum.parts {
            if let Some(e @ Explanation::Rule { .. }) = p.explain() {
                explanation.push(e);
            }
        }
    }
    Ok(ImpartialAnalysis {
        game: sum.game(),
        position: sum.notation(),
        convention: Convention::Normal,
        outcome: Outcome::from_grundy_zero(total.is_zero()),
        value: Some(total),
        loopy_value: None,
        winning_moves,
        winning_move_count: count,
        parts: sum
            .parts
            .iter()
            .zip(values)
            .map(|(p, v)| PartReport {
                game: p.game(),
                position: p.notation(),
                value: Some(v),
                loopy_value: None,
            })
            .collect(),
        explanation,
    })
}

/// The analysis of a single position whose value is out of reach but whose outcome a
/// closed form gives: the winning moves are the moves to P-positions.
fn outcome_only(sum: &Sum, is_p: bool, max_moves: usize) -> Result<ImpartialAnalysis> {
    let part = &sum.parts[0];
    let list = if is_p {
        crate::games::MoveList::default()
    } else {
        part.moves_to_value(&Nimber::default(), max_moves)?
    };
    let mut explanation: Vec<Explanation> = part.explain().into_iter().collect();
    explanation.push(Explanation::Rule {
        text: "The value (the nimber) of this position is beyond what nimlab computes; its outcome and winning moves come from the closed form for P-positions.".to_string(),
    });
    Ok(ImpartialAnalysis {
        game: sum.game(),
        position: sum.notation(),
        convention: Convention::Normal,
        outcome: Outcome::from_grundy_zero(is_p),
        value: None,
        loopy_value: None,
        winning_move_count: list.total,
        winning_moves: list
            .moves
            .into_iter()
            .map(|m| WinningMove {
                to: m.to.notation(),
                description: m.description,
                part: 0,
            })
            .collect(),
        parts: vec![PartReport {
            game: part.game(),
            position: part.notation(),
            value: None,
            loopy_value: None,
        }],
        explanation,
    })
}

fn describe_in_part(sum: &Sum, i: usize, description: String) -> String {
    if sum.parts.len() == 1 {
        description
    } else {
        format!("{description} in part {} ({})", i + 1, sum.parts[i].game())
    }
}

fn analyze_misere(sum: &Sum, max_moves: usize) -> Result<ImpartialAnalysis> {
    let mut winning_moves = Vec::new();
    let mut count = 0;
    let outcome;
    let mut searched = None;
    let loopy = sum.parts.iter().any(|p| p.is_loopy());
    if let (false, [part]) = (loopy, sum.parts.as_slice()) {
        outcome = part.misere_outcome()?;
        if outcome == Outcome::N {
            let list = match part.misere_winning_moves(max_moves) {
                Some(list) => list?,
                None => {
                    let mut hits = Vec::new();
                    for m in part.options()? {
                        if m.to.misere_outcome()? == Outcome::P {
                            hits.push(m);
                        }
                    }
                    let total = hits.len();
                    hits.truncate(max_moves);
                    crate::games::MoveList { moves: hits, total }
                }
            };
            count = list.total;
            for m in list.moves {
                winning_moves.push(WinningMove {
                    to: m.to.notation(),
                    description: m.description,
                    part: 0,
                });
            }
        }
    } else if loopy {
        let explored =
            crate::loopy::explore(sum.clone(), crate::games::MAX_MISERE_POSITIONS as usize)?;
        let verdicts = crate::loopy::retrograde(&explored.graph, Convention::Misere);
        outcome = verdicts[0].outcome();
        searched = Some((explored.keys.len(), verdicts[0]));
        if outcome == Outcome::N {
            for (i, part) in sum.parts.iter().enumerate() {
                for m in part.options()? {
                    let after = sum.after_move(i, m.to);
                    let to = after.notation();
                    let key = after.key();
                    let lost = explored
                        .index(&key)
                        .is_some_and(|k| matches!(verdicts[k], crate::loopy::Verdict::Loss { .. }));
                    if lost {
                        count += 1;
                        if winning_moves.len() < max_moves {
                            winning_moves.push(WinningMove {
                                to,
                                description: describe_in_part(sum, i, m.description),
                                part: i,
                            });
                        }
                    }
                }
            }
        }
    } else {
        let mut search = MisereSumSearch::default();
        outcome = Outcome::from_grundy_zero(!search.next_wins(&sum.parts)?);
        if outcome == Outcome::N {
            for (i, part) in sum.parts.iter().enumerate() {
                for m in part.options()? {
                    let to = sum.after_move(i, m.to.boxed_clone()).notation();
                    let next = crate::games::parts_after_move(&sum.parts, i, m.to);
                    if !search.next_wins(&next)? {
                        count += 1;
                        if winning_moves.len() < max_moves {
                            winning_moves.push(WinningMove {
                                to,
                                description: describe_in_part(sum, i, m.description),
                                part: i,
                            });
                        }
                    }
                }
            }
        }
    }
    Ok(ImpartialAnalysis {
        game: sum.game(),
        position: sum.notation(),
        convention: Convention::Misere,
        outcome,
        value: None,
        loopy_value: None,
        winning_moves,
        winning_move_count: count,
        parts: sum
            .parts
            .iter()
            .map(|p| PartReport {
                game: p.game(),
                position: p.notation(),
                value: None,
                loopy_value: None,
            })
            .collect(),
        explanation: match (searched, sum.parts.as_slice()) {
            (Some((n, verdict)), _) => vec![Explanation::Rule {
                text: format!("Play can loop, so all {n} positions reachable from this one were solved by retrograde analysis in misère play: the position is {verdict} for the player to move (with perfect play on both sides).")
            }],
            (None, [part]) => part.explain_misere().into_iter().collect(),
            _ => vec![Explanation::Rule {
                text: "Misère play does not split into a sum of values: the whole position was searched.".to_string(),
            }],
        },
    })
}

/// The analysis of a sum of loopy games with a part of infinite value (Smith's rule): a
/// single part worth `∞K` with the other parts' nim-sum `h` is won when `h` is in `K`, by
/// the moves of that part to a position worth `h`, and drawn otherwise; two infinite parts
/// make a draw.
fn analyze_infinite(
    sum: &Sum,
    values: Vec<GeneralizedValue>,
    max_moves: usize,
) -> Result<ImpartialAnalysis> {
    let infinite: Vec<usize> = (0..values.len())
        .filter(|&i| values[i].finite().is_none())
        .collect();
    let rest = values
        .iter()
        .filter_map(GeneralizedValue::finite)
        .fold(0u64, |a, b| a ^ b);
    let mut winning_moves = Vec::new();
    let mut count = 0;
    let mut outcome = Outcome::D;
    let total = if let [i] = infinite.as_slice() {
        let i = *i;
        if let GeneralizedValue::Infinite(k) = &values[i] {
            if k.contains(&rest) {
                outcome = Outcome::N;
                let list = sum.parts[i].moves_to_value(&Nimber::from(rest), max_moves)?;
                count = list.total;
                for m in list.moves {
                    winning_moves.push(WinningMove {
                        to: sum.after_move(i, m.to).notation(),
                        description: describe_in_part(sum, i, m.description),
                        part: i,
                    });
                }
            }
            let mut k = k.clone();
            k.iter_mut().for_each(|x| *x ^= rest);
            k.sort_unstable();
            Some(GeneralizedValue::Infinite(k))
        } else {
            None
        }
    } else {
        // Two infinite parts: a draw, but the sum's set K would need the sum's own graph.
        None
    };
    let mut explanation = Vec::new();
    if sum.parts.len() == 1 {
        explanation.extend(sum.parts[0].explain());
    } else {
        let parts: Vec<String> = sum
            .parts
            .iter()
            .zip(&values)
            .map(|(p, v)| format!("{} {} is worth {v}", p.game(), p.notation()))
            .collect();
        let rule = if infinite.len() > 1 {
            "two parts have infinite values, so neither player can force a win: a draw".to_string()
        } else if outcome == Outcome::N {
            format!("the finite parts add up to *{rest}, and the infinite part has a move to a position worth *{rest}: that move leaves a sum worth 0, which wins")
        } else {
            format!("the finite parts add up to *{rest}, and the infinite part has no move to a position worth *{rest}: a draw")
        };
        explanation.push(Explanation::Rule {
            text: format!(
                "A sum with loopy parts follows Smith's rule for generalised Sprague–Grundy values: {}; {rule}.",
                parts.join(", ")
            ),
        });
    }
    Ok(ImpartialAnalysis {
        game: sum.game(),
        position: sum.notation(),
        convention: Convention::Normal,
        outcome,
        value: None,
        loopy_value: total,
        winning_moves,
        winning_move_count: count,
        parts: sum
            .parts
            .iter()
            .zip(values)
            .map(|(p, v)| PartReport {
                game: p.game(),
                position: p.notation(),
                value: v.finite().map(Nimber::from),
                loopy_value: v.finite().is_none().then_some(v),
            })
            .collect(),
        explanation,
    })
}
