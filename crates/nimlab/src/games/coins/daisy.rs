//! Daisy (`daisy`; text 000): coins in a circle; a move removes one coin or two adjacent
//! coins. The first move in a circle opens it into a row, and a row is played as Kayles
//! (octal 0.77): remove one coin or two adjacent ones, which may split the row in two.
//!
//! A position is a list of circles and rows: `c12` (or a bare `12`) is a circle of 12
//! coins, `r5` a row of 5. A circle of n ≥ 1 coins has the options "a row of n − 1" and,
//! for n ≥ 2, "a row of n − 2", so its value is mex{K(n − 1), K(n − 2)} with K the Kayles
//! values; a circle of 1 or 2 is won at once (take everything).
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // A circle of 12: its options are rows of 11 (K = 6) and 10 (K = 2): value mex{6, 2} = 0.
//! let p = cat.parse_position("daisy", &["12"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(0u64));
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::heap::{HeapTable, Rule};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};
use std::sync::Mutex;

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "daisy",
        usage: "daisy",
        summary: "coins in a circle; remove one coin or two adjacent coins (the first move leaves a Kayles row)",
        position: "circles `c12` (or `12`) and rows `r5` of coins, e.g. `daisy 12 r5`",
        example: "daisy 12 r5",
        start: "12",
        params: Params::None,
        build: |_, args| {
            let game = Daisy::new();
            Ok(Box::new(Typed::new(game, read(args)?)))
        },
    }
}

/// A circle or a row of coins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// A circle of n coins.
    Circle(u64),
    /// A row of n coins (Kayles).
    Row(u64),
}

fn read(args: &[Arg<'_>]) -> Result<Vec<Part>> {
    if args.is_empty() {
        return Err(Error::position(
            "daisy",
            "no coins given; write circles and rows, e.g. `12 r5`",
        ));
    }
    args.iter()
        .map(|a| {
            let t = a.text.trim();
            let (kind, digits) = match t.chars().next() {
                Some('c' | 'C') => ('c', &t[1..]),
                Some('r' | 'R') => ('r', &t[1..]),
                _ => ('c', t),
            };
            let n = Arg { text: digits, ..*a }
                .natural("a number of coins")
                .map_err(|_| a.error("a circle `c12` (or `12`) or a row `r5` of coins"))?;
            Ok(if kind == 'r' {
                Part::Row(n)
            } else {
                Part::Circle(n)
            })
        })
        .collect()
}

/// The game `daisy`.
#[derive(Debug)]
pub struct Daisy {
    kayles: Mutex<HeapTable>,
}

impl Daisy {
    /// The game, with its own table of Kayles values.
    pub fn new() -> Self {
        Daisy {
            kayles: Mutex::new(HeapTable::new(
                Rule::parse("kayles").unwrap_or(Rule::EqualSplit),
            )),
        }
    }

    fn row_value(&self, n: u64) -> Result<u64> {
        self.kayles
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .value(n)
    }

    /// The value of one circle or row.
    ///
    /// # Errors
    /// As the Kayles table's (never, in practice: Kayles has a proved period).
    pub fn part_value(&self, part: Part) -> Result<u64> {
        match part {
            Part::Row(n) => self.row_value(n),
            Part::Circle(0) => Ok(0),
            Part::Circle(n) => {
                let mut seen = [false; 3];
                let a = self.row_value(n - 1)?;
                let b = if n >= 2 {
                    Some(self.row_value(n - 2)?)
                } else {
                    None
                };
                for v in [Some(a), b].into_iter().flatten() {
                    if v < 3 {
                        seen[v as usize] = true;
                    }
                }
                Ok(seen.iter().position(|s| !s).unwrap_or(3) as u64)
            }
        }
    }
}

impl Default for Daisy {
    fn default() -> Self {
        Self::new()
    }
}

/// The position after part `i` of `pos` is replaced by `left` (an emptied part stays as
/// an empty row).
fn replace(pos: &[Part], i: usize, left: Vec<Part>) -> Vec<Part> {
    let mut next = pos[..i].to_vec();
    if left.is_empty() {
        next.push(Part::Row(0));
    } else {
        next.extend(left);
    }
    next.extend_from_slice(&pos[i + 1..]);
    next
}

fn kayles_options(n: u64, mut f: impl FnMut(Vec<Part>)) {
    for take in 1..=2u64.min(n) {
        let rest = n - take;
        for left in 0..=rest / 2 {
            let right = rest - left;
            let parts: Vec<Part> = [left, right]
                .into_iter()
                .filter(|&x| x > 0)
                .map(Part::Row)
                .collect();
            f(parts);
        }
    }
}

impl ImpartialGame for Daisy {
    type Position = Vec<Part>;

    fn options(&self, pos: &Vec<Part>, out: &mut Vec<Vec<Part>>) {
        for (i, &part) in pos.iter().enumerate() {
            let mut push = |left: Vec<Part>| out.push(replace(pos, i, left));
            match part {
                Part::Circle(0) | Part::Row(0) => {}
                Part::Circle(n) => {
                    push(vec![Part::Row(n - 1)]);
                    if n >= 2 {
                        push(vec![Part::Row(n - 2)]);
                    }
                }
                Part::Row(n) => kayles_options(n, &mut push),
            }
        }
    }

    fn components(&self, pos: &Vec<Part>) -> Option<Vec<Vec<Part>>> {
        (pos.len() > 1).then(|| pos.iter().map(|&p| vec![p]).collect())
    }

    fn closed_form(&self, pos: &Vec<Part>) -> Option<u64> {
        pos.iter()
            .try_fold(0, |acc, &p| self.part_value(p).ok().map(|v| acc ^ v))
    }
}

fn part_text(p: Part) -> String {
    match p {
        Part::Circle(n) => format!("c{n}"),
        Part::Row(n) => format!("r{n}"),
    }
}

impl Rules for Daisy {
    fn id(&self) -> String {
        "daisy".to_string()
    }

    fn format(&self, pos: &Vec<Part>) -> String {
        pos.iter()
            .map(|&p| part_text(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Each circle or row of coins on a line.
    fn figure(&self, pos: &Vec<Part>) -> Option<crate::games::Figure> {
        use crate::games::figure::{Figure, Heap, Shape, Things};
        let heaps = pos
            .iter()
            .map(|&p| {
                let (name, size, of) = match p {
                    Part::Circle(n) => ("circle", n, Things::Circle),
                    Part::Row(n) => ("row", n, Things::Coins),
                };
                Heap {
                    name: name.to_string(),
                    number: None,
                    size,
                    of,
                }
            })
            .collect();
        Some(Figure::new(Shape::Heaps(heaps)))
    }

    fn describe(&self, from: &Vec<Part>, to: &Vec<Part>) -> String {
        let i = (0..from.len())
            .find(|&i| from.get(i) != to.get(i))
            .unwrap_or(0);
        let parts = (to.len() + 1).saturating_sub(from.len()).max(1);
        let left: Vec<String> = to[i..(i + parts).min(to.len())]
            .iter()
            .filter(|p| !matches!(p, Part::Row(0)))
            .map(|p| match p {
                Part::Row(n) => format!("a row of {n}"),
                Part::Circle(n) => format!("a circle of {n}"),
            })
            .collect();
        let size = |p: &Part| match p {
            Part::Row(n) | Part::Circle(n) => *n,
        };
        let before = size(&from[i]);
        let after: u64 = to[i..(i + parts).min(to.len())].iter().map(size).sum();
        let what = match from[i] {
            Part::Circle(_) => format!("circle {} ({before})", i + 1),
            Part::Row(_) => format!("row {} ({before})", i + 1),
        };
        let taken = before - after.min(before);
        let coins = if taken == 1 {
            "1 coin"
        } else {
            "2 adjacent coins"
        };
        if left.is_empty() {
            format!("take {coins} from {what}, leaving nothing")
        } else {
            format!("take {coins} from {what}, leaving {}", left.join(" and "))
        }
    }

    fn some_options_of_value(
        &self,
        pos: &Vec<Part>,
        target: u64,
        limit: usize,
    ) -> Option<Result<(Vec<Vec<Part>>, usize)>> {
        let run = || -> Result<(Vec<Vec<Part>>, usize)> {
            let values = pos
                .iter()
                .map(|&p| self.part_value(p))
                .collect::<Result<Vec<u64>>>()?;
            let total = values.iter().fold(0, |a, b| a ^ b);
            let mut out = Vec::new();
            let mut count = 0usize;
            for (i, (&part, &v)) in pos.iter().zip(&values).enumerate() {
                let w = v ^ total ^ target;
                let replace = |left: Vec<Part>| replace(pos, i, left);
                match part {
                    Part::Circle(n) => {
                        for take in 1..=2u64.min(n) {
                            if self.row_value(n - take)? == w {
                                count += 1;
                                if out.len() < limit {
                                    out.push(replace(vec![Part::Row(n - take)]));
                                }
                            }
                        }
                    }
                    Part::Row(n) => {
                        let (lefts, c) = self
                            .kayles
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .moves_to_value(n, w, limit.saturating_sub(out.len()))?;
                        count = count.saturating_add(usize::try_from(c).unwrap_or(usize::MAX));
                        out.extend(
                            lefts
                                .into_iter()
                                .map(|l| replace(l.into_iter().map(Part::Row).collect())),
                        );
                    }
                }
            }
            Ok((out, count))
        };
        Some(run())
    }

    fn rule(&self, pos: &Vec<Part>) -> Option<String> {
        let size = |p: &Part| match p {
            Part::Row(n) | Part::Circle(n) => *n,
        };
        if pos.iter().all(|p| size(p) <= 24) {
            return None;
        }
        let mut text = String::from(
            "A row is a Kayles row (octal 0.77, period 12 from 71, proved); a circle of n opens into a row of n - 1 or n - 2, so it is worth mex{K(n - 1), K(n - 2)}. Rows of one or more coins are never worth 0 (the player to move takes the middle one or two coins and copies every move of the opponent on the other side), so every circle of 3 or more coins is worth 0.",
        );
        for &p in pos {
            let v = self.part_value(p).ok()?;
            text.push_str(&format!("\n{}: {v}.", part_text(p)));
        }
        Some(text)
    }

    fn check_searchable(&self, pos: &Vec<Part>) -> Result<()> {
        for &p in pos {
            let (Part::Row(n) | Part::Circle(n)) = p;
            if n > crate::heap::LIST_LIMIT {
                return Err(Error::limit(
                    format!("listing every move of a row or circle of {n}"),
                    format!("up to {} coins", crate::heap::LIST_LIMIT),
                ));
            }
        }
        Ok(())
    }

    fn check_misere_searchable(&self, pos: &Vec<Part>) -> Result<()> {
        let total: u64 = pos
            .iter()
            .map(|&p| match p {
                Part::Row(n) | Part::Circle(n) => n,
            })
            .fold(0, u64::saturating_add);
        if total > crate::games::take_break::MAX_MISERE_COUNTERS {
            return Err(Error::limit(
                format!("a misère search of daisy with {total} coins"),
                format!(
                    "positions of up to {} coins in all",
                    crate::games::take_break::MAX_MISERE_COUNTERS
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    #[test]
    fn the_first_move_leaves_a_kayles_row() {
        let d = Daisy::new();
        let mut out = Vec::new();
        d.options(&vec![Part::Circle(6)], &mut out);
        assert_eq!(out, vec![vec![Part::Row(5)], vec![Part::Row(4)]]);
        // Kayles rows: 4 → 3, 1+2, 2, 1+1.
        out.clear();
        d.options(&vec![Part::Row(4)], &mut out);
        assert_eq!(out.len(), 4);
        // A circle of n ≥ 3 is a second-player win exactly when no row of n-1 or n-2 is P;
        // rows of n ≥ 1 are never P (Kayles), so every circle of 3 or more is P.
        for n in 3..200 {
            assert_eq!(d.part_value(Part::Circle(n)).unwrap(), 0, "circle {n}");
        }
        assert_eq!(d.part_value(Part::Circle(1)).unwrap(), 1);
        // A circle of 2: leave a row of 1 (value 1) or nothing (0): value 2.
        assert_eq!(d.part_value(Part::Circle(2)).unwrap(), 2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn closed_form_matches_search(parts in proptest::collection::vec((any::<bool>(), 0u64..14), 1..4)) {
            let pos: Vec<Part> = parts.iter().map(|&(c, n)| if c { Part::Circle(n) } else { Part::Row(n) }).collect();
            let d = Daisy::new();
            let mut solver = GrundySolver::without_closed_forms(Daisy::new());
            prop_assert_eq!(d.closed_form(&pos), Some(solver.value(&pos).unwrap()));
        }
    }
}
