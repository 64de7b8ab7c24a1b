//! The analysis of Black-White Nim with infinite columns: the value is a surreal number
//! (ω, 1/ω, 2/3, …), so the outcome is its sign, and a move wins when it leaves a
//! number on the mover's side of 0.

use crate::games::infinite_columns::{ColumnMove, InfiniteColumns};
use crate::games::ruleset::Side;
use crate::surreal::{SignExpansion, Surreal};
use crate::{Outcome, Result};
use serde::Serialize;
use std::fmt::{self, Write};

/// How many stones of each column the moves are looked for in.
pub const STONES_LOOKED_AT: usize = 16;

/// One column, its number and its sign expansion.
#[derive(Debug, Clone, Serialize)]
pub struct ColumnValue {
    /// The column, bottom first.
    pub position: String,
    /// Its number.
    pub value: Surreal,
    /// Its sign expansion (the column itself: `x` +, `o` −).
    pub sign_expansion: String,
    /// Its birthday, the length of the expansion.
    pub birthday: String,
}

/// A move and the number it leaves.
#[derive(Debug, Clone, Serialize)]
pub struct NumberMove {
    /// The column and the stone from the bottom, `2:3`.
    pub description: String,
    /// The position after the move.
    pub to: String,
    /// Its value.
    pub value: Surreal,
    /// Whether the move wins: it leaves a number ≥ 0 after a move of Left's, ≤ 0 after
    /// one of Right's.
    pub winning: bool,
}

/// Everything `nimlab analyze` says of a position with infinite columns.
#[derive(Debug, Clone, Serialize)]
pub struct InfiniteAnalysis {
    /// The game id.
    pub game: String,
    /// The position as it is written back.
    pub position: String,
    /// L when the number is positive, R when negative, P for 0.
    pub outcome: Outcome,
    /// The number.
    pub value: Surreal,
    /// Its sign expansion, when nimlab writes it.
    pub sign_expansion: Option<String>,
    /// Its birthday, the length of the expansion.
    pub birthday: Option<String>,
    /// The columns.
    pub parts: Vec<ColumnValue>,
    /// Left's winning moves among the first stones of each column.
    pub left_winning_moves: Vec<NumberMove>,
    /// Right's winning moves among them.
    pub right_winning_moves: Vec<NumberMove>,
    /// Every move of Left's among them.
    pub left_moves: Vec<NumberMove>,
    /// Every move of Right's among them.
    pub right_moves: Vec<NumberMove>,
    /// How many stones of each column were looked at: the moves above are those that
    /// remove one of them.
    pub stones_looked_at: usize,
    /// Whether Left has moves higher in an infinite column (infinitely many).
    pub left_has_more: bool,
    /// Whether Right has.
    pub right_has_more: bool,
}

/// Analyses `p`, listing at most `max_moves` moves of each kind.
///
/// ```
/// use nimlab::analysis::analyze_infinite;
/// use nimlab::games::infinite_columns::InfiniteColumns;
/// use nimlab::Outcome;
/// let a = analyze_infinite(&InfiniteColumns::parse("x(o)^w").unwrap(), 10).unwrap();
/// assert_eq!((a.outcome, a.value.to_string()), (Outcome::L, "1/ω".to_string()));
/// // Left's only move, the bottom stone, leaves 0: a win; Right's leave 1, 1/2, …
/// assert_eq!(a.left_winning_moves.len(), 1);
/// assert!(a.right_winning_moves.is_empty() && a.right_has_more);
/// ```
///
/// # Errors
/// A limit of the arithmetic of surreal numbers.
pub fn analyze_infinite(p: &InfiniteColumns, max_moves: usize) -> Result<InfiniteAnalysis> {
    let value = p.value()?;
    let outcome = match value.sign() {
        1 => Outcome::L,
        -1 => Outcome::R,
        _ => Outcome::P,
    };
    let expansion = SignExpansion::of(&value).ok();
    let mut parts = Vec::new();
    for c in p.columns() {
        parts.push(ColumnValue {
            position: c.stones().unwrap_or_else(|| c.to_string()),
            value: c.value()?,
            sign_expansion: c.to_string(),
            birthday: c.length().to_string(),
        });
    }
    let listed = |side: Side| -> Result<(Vec<NumberMove>, Vec<NumberMove>, bool)> {
        let (moves, more) = p.moves(side, STONES_LOOKED_AT)?;
        let all: Vec<NumberMove> = moves.iter().map(|m| number_move(m, side)).collect();
        let winning = all
            .iter()
            .filter(|m| m.winning)
            .take(max_moves)
            .cloned()
            .collect();
        Ok((all.into_iter().take(max_moves).collect(), winning, more))
    };
    let (left_moves, left_winning_moves, left_has_more) = listed(Side::Left)?;
    let (right_moves, right_winning_moves, right_has_more) = listed(Side::Right)?;
    Ok(InfiniteAnalysis {
        game: "hackenbush-string".to_string(),
        position: p.to_string(),
        outcome,
        value,
        birthday: expansion.as_ref().map(|e| e.length().to_string()),
        sign_expansion: expansion.map(|e| e.to_string()),
        parts,
        left_winning_moves,
        right_winning_moves,
        left_moves,
        right_moves,
        stones_looked_at: STONES_LOOKED_AT,
        left_has_more,
        right_has_more,
    })
}

fn number_move(m: &ColumnMove, side: Side) -> NumberMove {
    let winning = match side {
        Side::Left => m.value.sign() >= 0,
        Side::Right => m.value.sign() <= 0,
    };
    NumberMove {
        description: format!("{}:{}", m.column, m.stone),
        to: m.after.to_string(),
        value: m.value.clone(),
        winning,
    }
}

impl fmt::Display for InfiniteAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        writeln!(out, "{} {}", self.game, self.position)?;
        writeln!(out, "{}", self.outcome.describe())?;
        writeln!(out, "Value: {}", self.value)?;
        if let (Some(e), Some(b)) = (&self.sign_expansion, &self.birthday) {
            writeln!(out, "Sign expansion: {e} (born on day {b})")?;
        }
        writeln!(out, "The columns (value, sign expansion, birthday):")?;
        for c in &self.parts {
            writeln!(
                out,
                "  {:<20} {:<12} {:<16} {}",
                c.position,
                c.value.to_string(),
                c.sign_expansion,
                c.birthday
            )?;
        }
        let sides = [
            (
                "Left",
                "≥",
                &self.left_winning_moves,
                &self.left_moves,
                self.left_has_more,
            ),
            (
                "Right",
                "≤",
                &self.right_winning_moves,
                &self.right_moves,
                self.right_has_more,
            ),
        ];
        for (side, cmp, winning, all, more) in sides {
            let higher = if more {
                format!(
                    "; more above stone {} of an infinite column",
                    self.stones_looked_at
                )
            } else {
                String::new()
            };
            if all.is_empty() && !more {
                writeln!(out, "{side} has no move.")?;
                continue;
            }
            if winning.is_empty() {
                writeln!(
                    out,
                    "{side}'s winning moves: none among the first {} stones of each column (each leaves a value not {cmp} 0){higher}",
                    self.stones_looked_at
                )?;
                continue;
            }
            writeln!(
                out,
                "{side}'s winning moves among the first {} stones of each column (each leaves a value {cmp} 0){higher}:",
                self.stones_looked_at
            )?;
            for m in winning {
                writeln!(
                    out,
                    "  {:<8} -> {:<30} value {}",
                    m.description, m.to, m.value
                )?;
            }
        }
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hackenbush_string::HackenbushString;

    /// Every column of up to 3 stones below a group of up to 3, beside a finite column.
    #[test]
    fn moves_leave_the_numbers_of_the_finite_columns_they_leave() {
        let words = |max: usize| -> Vec<String> {
            let mut out = vec![String::new()];
            for len in 1..=max {
                for bits in 0..1u32 << len {
                    out.push(
                        (0..len)
                            .map(|i| if bits >> i & 1 == 1 { 'x' } else { 'o' })
                            .collect(),
                    );
                }
            }
            out
        };
        let mut checked = 0;
        for prefix in words(3) {
            for period in words(3).into_iter().filter(|p| !p.is_empty()) {
                let text = format!("{prefix}({period})^w xo");
                let p = InfiniteColumns::parse(&text).unwrap();
                let total = p.value().unwrap();
                let a = analyze_infinite(&p, 1000).unwrap();
                let expected = match total.sign() {
                    1 => Outcome::L,
                    -1 => Outcome::R,
                    _ => Outcome::P,
                };
                assert_eq!(a.outcome, expected, "{text}");
                for (moves, left) in [(&a.left_moves, true), (&a.right_moves, false)] {
                    for m in moves {
                        // The position left, with its infinite column if any, is worth the
                        // finite columns' numbers (by the finite game's own rule) plus
                        // the infinite one's.
                        let after = InfiniteColumns::parse(&m.to.replace('ω', "w")).unwrap();
                        let mut v = Surreal::zero();
                        for c in after.columns() {
                            v = &v
                                + &match c.stones().filter(|s| !s.contains('(')) {
                                    Some(finite) => Surreal::from_dyadic(
                                        &HackenbushString::parse(&finite).unwrap().value(),
                                    ),
                                    None => c.value().unwrap(),
                                };
                        }
                        assert_eq!(m.value, v, "{text}: {}", m.description);
                        let wins = if left { v.sign() >= 0 } else { v.sign() <= 0 };
                        assert_eq!(m.winning, wins, "{text}: {}", m.description);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 3_000, "{checked}");
    }
}
