//! Black-White Nim with infinite columns (text 000): a column may end in a group of
//! stones repeated for ever, `x(o)^ω`, `(xo)^ω`, `xx(ox)^ω`. Its value is the surreal
//! number whose sign expansion the column is (Left's `x` +, Right's `o` −), such as ω,
//! 1/ω or 2/3, and a position of several columns is worth their sum.
//!
//! A move removes one of the mover's stones, at a finite height, with every stone above
//! it: from an infinite column every move leaves a finite one, and there are infinitely
//! many of them, so such a position is analysed, not played.
//!
//! ```
//! use nimlab::games::infinite_columns::InfiniteColumns;
//! let p = InfiniteColumns::parse("x(o)^w (xo)^w").unwrap();
//! assert_eq!(p.value().unwrap().to_string(), "(2ω+3)/3ω");
//! assert_eq!(p.to_string(), "x(o)^ω (xo)^ω");
//! ```

use crate::games::ruleset::Side;
use crate::surreal::{Sign, SignExpansion, Surreal};
use crate::{Error, Result};

/// The game id.
const GAME: &str = "hackenbush-string";

/// A position of Black-White Nim whose columns may end in a repeated group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfiniteColumns {
    columns: Vec<SignExpansion>,
}

/// A move: a stone removed, with the position and the value it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnMove {
    /// The column, from 1.
    pub column: usize,
    /// The stone removed, from 1 at the bottom.
    pub stone: usize,
    /// The position after the move.
    pub after: InfiniteColumns,
    /// Its value.
    pub value: Surreal,
}

impl InfiniteColumns {
    /// Whether `text` writes a column with a repeated group (a `(` or a `^`), so that it
    /// is read here rather than as finite columns.
    pub fn is_infinite(text: &str) -> bool {
        text.contains(['(', '^'])
    }

    /// Reads columns separated by spaces, each bottom first: `x` (or `l`) Left's stone,
    /// `o` (or `r`) Right's, and at its end perhaps a group repeated for ever, `(xo)^w`
    /// (or `^ω`).
    ///
    /// # Errors
    /// A column that cannot be read (with the column, the place and what was expected),
    /// or one longer than ω (a group repeated ω·2 times, or stones after a repeated
    /// group).
    pub fn parse(text: &str) -> Result<InfiniteColumns> {
        let mut columns = Vec::new();
        for (i, word) in text.split_whitespace().enumerate() {
            let column = SignExpansion::parse_stones(word).map_err(|e| {
                Error::Rule(crate::RuleError::Position {
                    game: GAME.to_string(),
                    reason: format!("column {}: {e}", i + 1),
                })
            })?;
            let length = column.length();
            if !length.is_finite() && !length.is_omega() {
                return Err(Error::Rule(crate::RuleError::Position {
                    game: GAME.to_string(),
                    reason: format!(
                        "column {} (`{word}`) goes on past its repeated group: a column is finite or ends in one group repeated ω times",
                        i + 1
                    ),
                }));
            }
            if !column.is_empty() {
                columns.push(column);
            }
        }
        Ok(InfiniteColumns { columns })
    }

    /// The columns' sign expansions.
    pub fn columns(&self) -> &[SignExpansion] {
        &self.columns
    }

    /// The value: the sum of the columns' numbers.
    ///
    /// # Errors
    /// A limit of the arithmetic of surreal numbers.
    pub fn value(&self) -> Result<Surreal> {
        self.columns
            .iter()
            .try_fold(Surreal::zero(), |acc, c| acc.checked_add(&c.value()?))
    }

    /// The moves of `side` that remove one of the first `stones` stones of a column,
    /// column by column, with whether more moves exist (in an infinite column, above
    /// those looked at).
    ///
    /// ```
    /// use nimlab::games::infinite_columns::InfiniteColumns;
    /// use nimlab::games::ruleset::Side;
    /// let p = InfiniteColumns::parse("x(o)^w").unwrap();
    /// let (moves, more) = p.moves(Side::Right, 4).unwrap();
    /// // Right removes stone 2, 3 or 4 (leaving x, xo, xoo: 1, 1/2, 1/4), and more.
    /// let values: Vec<String> = moves.iter().map(|m| m.value.to_string()).collect();
    /// assert_eq!(values, ["1", "1/2", "1/4"]);
    /// assert!(more);
    /// ```
    ///
    /// # Errors
    /// As [`InfiniteColumns::value`].
    pub fn moves(&self, side: Side, stones: usize) -> Result<(Vec<ColumnMove>, bool)> {
        let sign = match side {
            Side::Left => Sign::Plus,
            Side::Right => Sign::Minus,
        };
        let total = self.value()?;
        let mut out = Vec::new();
        let mut more = false;
        for (i, column) in self.columns.iter().enumerate() {
            let own = column.value()?;
            for k in 0..stones {
                match column.sign_at(k) {
                    Some(s) if s == sign => {
                        let left = column.prefix(k);
                        let value = total.checked_sub(&own)?.checked_add(&left.value()?)?;
                        let mut columns = self.columns.clone();
                        if left.is_empty() {
                            columns.remove(i);
                        } else {
                            columns[i] = left;
                        }
                        out.push(ColumnMove {
                            column: i + 1,
                            stone: k + 1,
                            after: InfiniteColumns { columns },
                            value,
                        });
                    }
                    Some(_) => {}
                    None => break,
                }
            }
            if !column.is_finite() && (stones..stones + 64).any(|k| column.sign_at(k) == Some(sign))
            {
                more = true;
            }
        }
        Ok((out, more))
    }
}

impl std::fmt::Display for InfiniteColumns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.columns.is_empty() {
            return f.write_str("(nothing)");
        }
        let words: Vec<String> = self
            .columns
            .iter()
            .map(|c| c.stones().unwrap_or_else(|| c.to_string()))
            .collect();
        f.write_str(&words.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hackenbush_string::HackenbushString;

    #[test]
    fn finite_columns_are_worth_what_the_finite_game_is() {
        for text in ["x", "xo xoxo", "oxxo xxx o", "xoxoo xooox"] {
            let infinite = InfiniteColumns::parse(text).unwrap().value().unwrap();
            let finite = HackenbushString::parse(text).unwrap().value();
            assert_eq!(infinite, Surreal::from_dyadic(&finite), "{text}");
        }
    }

    #[test]
    fn moves_of_finite_columns_are_the_finite_game_s() {
        use crate::partizan::PartizanGame;
        let text = "xoxo oxx";
        let p = InfiniteColumns::parse(text).unwrap();
        let finite = HackenbushString::parse(text).unwrap();
        for (side, options) in [
            (Side::Left, finite.left_options()),
            (Side::Right, finite.right_options()),
        ] {
            let (moves, more) = p.moves(side, 100).unwrap();
            assert!(!more);
            let mut ours: Vec<String> = moves.iter().map(|m| m.after.to_string()).collect();
            let mut theirs: Vec<String> = options.iter().map(ToString::to_string).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{side:?}");
            for m in &moves {
                let v = HackenbushString::parse(&m.after.to_string())
                    .unwrap()
                    .value();
                assert_eq!(m.value, Surreal::from_dyadic(&v));
            }
        }
    }

    #[test]
    fn columns_longer_than_omega_are_refused() {
        let e = InfiniteColumns::parse("x (xo)^w o").unwrap();
        assert_eq!(e.columns().len(), 3);
        let e = InfiniteColumns::parse("x(o)^w2").unwrap_err().to_string();
        assert!(
            e.contains("column 1") && e.contains("repeated ω times"),
            "{e}"
        );
        let e = InfiniteColumns::parse("x (o)^wx").unwrap_err().to_string();
        assert!(e.contains("column 2"), "{e}");
        let e = InfiniteColumns::parse("x(q)^w").unwrap_err().to_string();
        assert!(e.contains("column 1") && e.contains("column 3"), "{e}");
    }
}
