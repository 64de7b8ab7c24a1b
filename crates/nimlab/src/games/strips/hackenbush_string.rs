//! Hackenbush strings (text 000's Black-White Nim, "Černo-bílý Nim"): columns of stones,
//! `x` Left's and `o` Right's, bottom first. A player removes one of their own stones
//! and with it every stone above it; a player without a stone to remove loses.
//!
//! Each column is a number, given by Berlekamp's sign-expansion rule: the bottom run of
//! k stones of one colour is worth ±k, and each stone above it ±1/2, ±1/4, ±1/8, … in
//! turn (+ for `x`, − for `o`). So `xo` = 1/2, `xox` = 3/4, `xoxo` = 5/8, `xoxoo` = 9/16
//! and `xooox` = 3/16 (text 000 gives 1/16, an erratum).
//!
//! Columns are written bottom first and separated by spaces (`xoxo xooox`); the position
//! with no stone left is written `(nothing)` (read as `nothing` too), as in `hackenbush`.

use crate::conway::{Arena, Dyadic, GameId};
use crate::games::figure::{Board, Figure, Labels, Shape, Square, MAX_DRAWN_WIDTH};
use crate::games::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::{Error, Result};
use num_bigint::{BigInt, BigUint};
use num_traits::Zero;

/// A position: columns of stones, each bottom first (`true` for Left's `x`).
///
/// ```
/// use nimlab::games::hackenbush_string::HackenbushString;
/// let p = HackenbushString::parse("xoxo xo").unwrap();
/// assert_eq!(p.columns().len(), 2);
/// assert_eq!(p.to_string(), "xoxo xo");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HackenbushString {
    columns: Vec<Vec<bool>>,
}

/// The most stones a position may have.
pub const MAX_STONES: usize = 1 << 16;

impl HackenbushString {
    /// The position of these columns (bottom first, `true` for `x`); empty columns are
    /// dropped.
    pub fn new(columns: Vec<Vec<bool>>) -> HackenbushString {
        HackenbushString {
            columns: columns.into_iter().filter(|c| !c.is_empty()).collect(),
        }
    }

    /// Reads columns written with `x` (or `l`, Left's, blue) and `o` (or `r`, Right's,
    /// red), bottom first, separated by spaces or commas; `(nothing)` (or `nothing`) is
    /// the position with no stone, as it is written.
    ///
    /// ```
    /// use nimlab::games::hackenbush_string::HackenbushString;
    /// let none = HackenbushString::parse("(nothing)").unwrap();
    /// assert!(none.columns().is_empty());
    /// assert_eq!(none.to_string(), "(nothing)");
    /// assert_eq!(HackenbushString::parse("nothing").unwrap(), none);
    /// ```
    ///
    /// # Errors
    /// Another character, named with its place, or more than [`MAX_STONES`] stones.
    pub fn parse(text: &str) -> Result<HackenbushString> {
        if matches!(text.trim(), "(nothing)" | "nothing") {
            return Ok(HackenbushString::new(Vec::new()));
        }
        let mut columns = Vec::new();
        let mut stones = 0usize;
        for (i, word) in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .enumerate()
        {
            let mut column = Vec::with_capacity(word.len());
            for (j, c) in word.chars().enumerate() {
                column.push(match c {
                    'x' | 'X' | 'l' | 'L' => true,
                    'o' | 'O' | 'r' | 'R' => false,
                    _ => {
                        return Err(Error::Rule(crate::RuleError::Position {
                            game: "hackenbush-string".to_string(),
                            reason: format!(
                                "column {} has `{c}` at stone {}: expected `x` (Left's) or `o` (Right's){}",
                                i + 1,
                                j + 1,
                                if matches!(c, 'e' | 'E' | 'g' | 'G') {
                                    " (a green edge is played in `hackenbush`, e.g. `hackenbush lrlerrr`)"
                                } else {
                                    ""
                                }
                            ),
                        }))
                    }
                });
            }
            stones += column.len();
            if stones > MAX_STONES {
                return Err(Error::limit(
                    "a Hackenbush position of more stones",
                    format!("{MAX_STONES} stones"),
                ));
            }
            columns.push(column);
        }
        Ok(HackenbushString::new(columns))
    }

    /// The columns, each bottom first.
    pub fn columns(&self) -> &[Vec<bool>] {
        &self.columns
    }

    /// The value by the sign-expansion rule: the sum of the columns' numbers.
    ///
    /// ```
    /// use nimlab::games::hackenbush_string::HackenbushString;
    /// let v = HackenbushString::parse("xooox").unwrap().value();
    /// assert_eq!(v.to_string(), "3/16");
    /// ```
    pub fn value(&self) -> Dyadic {
        self.columns
            .iter()
            .map(|c| column_value(c))
            .fold(Dyadic::zero(), |a, b| &a + &b)
    }

    fn options(&self, left: bool) -> Vec<HackenbushString> {
        let mut out = Vec::new();
        for (i, column) in self.columns.iter().enumerate() {
            for (j, &stone) in column.iter().enumerate() {
                if stone == left {
                    let mut columns = self.columns.clone();
                    columns[i].truncate(j);
                    out.push(HackenbushString::new(columns));
                }
            }
        }
        out
    }
}

/// One column's number: ±k for the bottom run of k stones, then ±1/2, ±1/4, … .
///
/// Over the denominator 2^m (m stones above the run) the stones above the run add the
/// bits of two numbers, Left's and Right's, so the value is read in time linear in the
/// column's height.
fn column_value(column: &[bool]) -> Dyadic {
    let Some(&first) = column.first() else {
        return Dyadic::zero();
    };
    let run = column.iter().take_while(|&&s| s == first).count();
    let above = &column[run..];
    let m = above.len() as u64;
    let (mut blue, mut red) = (BigUint::zero(), BigUint::zero());
    for (k, &stone) in above.iter().enumerate() {
        // The k-th stone above the run (from 0) is worth 1/2^(k+1) = 2^(m-k-1) / 2^m.
        let bit = m - k as u64 - 1;
        if stone {
            blue.set_bit(bit, true);
        } else {
            red.set_bit(bit, true);
        }
    }
    let base = BigInt::from(run as u64) << m;
    let base = if first { base } else { -base };
    let numerator = base + BigInt::from(blue) - BigInt::from(red);
    Dyadic::new(numerator, u32::try_from(m).unwrap_or(u32::MAX))
}

impl PartizanGame for HackenbushString {
    fn left_options(&self) -> Vec<Self> {
        self.options(true)
    }

    fn right_options(&self) -> Vec<Self> {
        self.options(false)
    }

    /// Each column alone.
    fn components(&self) -> Vec<Self> {
        if self.columns.len() <= 1 {
            return vec![self.clone()];
        }
        self.columns
            .iter()
            .map(|c| HackenbushString::new(vec![c.clone()]))
            .collect()
    }

    /// The sum of the columns' numbers by the sign-expansion rule.
    fn closed_value(&self, arena: &mut Arena) -> Option<GameId> {
        Some(arena.number(self.value()))
    }
}

impl Ruleset for HackenbushString {
    fn game(&self) -> String {
        "hackenbush-string".to_string()
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// The stone removed, by its column and its place from the bottom (both from 1):
    /// `2:3` is the third stone of the second column.
    fn describe_move(&self, _side: Side, to: &HackenbushString) -> String {
        // The first column that differs is the one cut (a column cut to nothing is
        // dropped, so the later ones move down by one).
        let i = (0..self.columns.len())
            .find(|&i| to.columns.get(i) != Some(&self.columns[i]))
            .unwrap_or(0);
        let left = to
            .columns
            .get(i)
            .filter(|c| self.columns[i].starts_with(c))
            .map_or(0, Vec::len);
        format!("{}:{}", i + 1, left + 1)
    }

    /// The columns standing side by side, Left's stones blue and Right's red.
    fn figure(&self) -> Option<Figure> {
        let height = self.columns.iter().map(Vec::len).max().unwrap_or(0);
        let width = self.columns.len();
        if height as u64 > MAX_DRAWN_WIDTH || width as u64 > MAX_DRAWN_WIDTH {
            return None;
        }
        let squares = (0..height)
            .rev()
            .flat_map(|k| {
                self.columns.iter().map(move |c| match c.get(k) {
                    Some(true) => Square::Left,
                    Some(false) => Square::Right,
                    None => Square::Absent,
                })
            })
            .collect();
        let board = Board {
            width: width as u32,
            height: height as u32,
            squares,
            rows: Labels::Up(1),
            columns: Labels::Up(1),
        };
        let figure = Figure::new(Shape::Board(board)).titled(format!("hackenbush-string {self}"));
        Some(if width == 0 {
            figure.note("(nothing: no stone is left)")
        } else {
            figure
        })
    }
}

impl std::fmt::Display for HackenbushString {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.columns.is_empty() {
            return f.write_str("(nothing)");
        }
        let words: Vec<String> = self
            .columns
            .iter()
            .map(|c| c.iter().map(|&s| if s { 'x' } else { 'o' }).collect())
            .collect();
        write!(f, "{}", words.join(" "))
    }
}

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "hackenbush-string",
        usage: "hackenbush-string",
        summary: "Black-White Nim: columns of stones, Left's `x` and Right's `o`, bottom first; a player removes one of their stones and every stone above it; who cannot move loses",
        position: "columns bottom first, `x` (or `l`) Left's and `o` (or `r`) Right's, separated by spaces, e.g. `hackenbush-string xoxo xooox ox`, `(nothing)` when no stone is left; a move is the column and the stone from the bottom, `2:3`",
        example: "hackenbush-string xoxo xooox ox",
        params: crate::games::Params::None,
        start: "xoxo xooox oxo",
        build: |_, args| crate::games::ruleset::read_joined(args, " ", HackenbushString::parse),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::Arena;
    use crate::partizan::Solver;

    #[test]
    fn the_values_of_text_000_with_its_erratum() {
        for (text, want) in [
            ("x", "1"),
            ("xo", "1/2"),
            ("xox", "3/4"),
            ("xoxo", "5/8"),
            ("xoxoo", "9/16"),
            // Text 000 says 1/16.
            ("xooox", "3/16"),
            ("o", "-1"),
            ("xxo", "3/2"),
            // "xo, xo, o = 0" (the text writes x for the last column).
            ("xo xo o", "0"),
            ("xo xo x", "2"),
        ] {
            let p = HackenbushString::parse(text).unwrap();
            assert_eq!(p.value().to_string(), want, "{text}");
            let mut a = Arena::new();
            let g = Solver::new().value(&mut a, &p);
            assert_eq!(
                a.as_number(g).map(ToString::to_string).as_deref(),
                Some(want)
            );
        }
        // "xoxo, xoxo, ox = 0, so xoxo = 1/4" is false: the sum is 5/8 + 5/8 − 1/2.
        let p = HackenbushString::parse("xoxo xoxo ox").unwrap();
        assert_eq!(p.value().to_string(), "3/4");
    }

    /// Berlekamp's rule against the solver's canonical value on every column of up to
    /// 14 stones (32,767 columns).
    #[test]
    fn the_sign_expansion_rule_agrees_with_the_solver_on_every_column_up_to_14_stones() {
        let mut a = Arena::new();
        let mut solver = Solver::new();
        let mut count = 0;
        for len in 0..=14u32 {
            for bits in 0..(1u32 << len) {
                let column: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
                let p = HackenbushString::new(vec![column]);
                let g = solver.value(&mut a, &p);
                let want = a.number(p.value());
                assert_eq!(g, want, "{p}");
                count += 1;
            }
        }
        assert_eq!(count, (1 << 15) - 1);
    }

    /// Found by fuzzing: `hackenbush-string x` after Left's move had no stone left and
    /// was written as nothing at all, which does not read back (the position was
    /// missing). Every move's position reads back as itself; the one with no stone is
    /// written `(nothing)` and is worth 0, its player to move having no move.
    #[test]
    fn the_position_with_no_stone_is_written_and_read_back() {
        let cat = crate::games::Catalogue::standard();
        let read = |text: &str| {
            let tokens: Vec<&str> = std::iter::once("hackenbush-string")
                .chain(text.split_whitespace())
                .collect();
            cat.parse_partizan_sum_args(&crate::games::args::number(&tokens, 1))
                .unwrap_or_else(|e| panic!("`{text}` does not read back: {e}"))
        };
        for start in ["x", "o", "xoo", "xo ox", "xxo"] {
            let p = read(start);
            for side in [Side::Left, Side::Right] {
                for m in p.parts[0].moves(side) {
                    let text = m.to.notation();
                    assert_eq!(read(&text).parts[0].notation(), text, "{start}");
                }
            }
        }
        let none = HackenbushString::parse("x").unwrap().left_options();
        assert_eq!(none, vec![HackenbushString::new(Vec::new())]);
        assert_eq!(none[0].notation(), "(nothing)");
        assert_eq!(HackenbushString::parse("(nothing)").unwrap(), none[0]);
        assert_eq!(none[0].value().to_string(), "0");
        assert!(none[0].left_options().is_empty() && none[0].right_options().is_empty());
    }

    #[test]
    fn positions_are_read_with_their_mistakes_named() {
        assert_eq!(
            HackenbushString::parse("lrl, rr").unwrap().to_string(),
            "xox oo"
        );
        let e = HackenbushString::parse("xo xqo").unwrap_err().to_string();
        assert!(e.contains("column 2 has `q` at stone 2"), "{e}");
        assert!(HackenbushString::parse(&"x".repeat(MAX_STONES + 1)).is_err());
    }
}
