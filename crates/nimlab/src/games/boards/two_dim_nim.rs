//! Two-dimensional Nim (Dvojrozměrný Nim, text 000).
//!
//! Rules: stones lie on a grid of width w: columns 0 … w − 1 from the left, rows 0, 1, 2, …
//! from the bottom, with no top row. Several stones may share a square. A move takes one
//! stone to any square to its left in the same row, or to any square (any column) of any
//! lower row. A stone on 0,0 cannot move; the player who cannot move loses.
//!
//! Notation: the width w, then each stone's square as `row,col`, e.g. `4 1,2 0,3` (width 4,
//! a stone on row 1 column 2 and one on row 0 column 3).
//!
//! Closed form: number the squares row by row, 0,0 first: square r,c gets r·w + c. A move
//! takes a stone from square number h to *any* smaller number, so each stone is exactly a
//! Nim heap of r·w + c and the position is Nim on those heaps (its value is their nim-sum,
//! and misère play is misère Nim on them).
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("two-dim-nim", &["4", "1,2", "0,3"], 1).unwrap();
//! // Heaps 1·4 + 2 = 6 and 3: nim-sum 5.
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(5u64));
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! assert_eq!(w.moves[0].to.notation(), "4 0,3 0,3");
//! assert_eq!(w.moves[0].description, "move the stone on 1,2 to 0,3");
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{NimHeap, Rules, Typed, MAX_OPTIONS};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::two_dim_nim::entry();
/// assert_eq!(e.name, "two-dim-nim");
/// let p = (e.build)(None, &nimlab::games::args::number(&["3", "2,1"], 2)).unwrap();
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(7u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "two-dim-nim",
        usage: "two-dim-nim",
        summary: "stones on a grid of width w; move one stone left in its row or to any square of a lower row",
        position: "the width w, then each stone's square `row,col` (from 0; col < w), e.g. `two-dim-nim 4 1,2 0,3`",
        example: "two-dim-nim 4 1,2 0,3",
        start: "4 1,2 0,3",
        params: Params::None,
        build: |_, args| {
            let (game, stones) = TwoDimNim::read(args)?;
            Ok(Box::new(Typed::new(game, stones)))
        },
    }
}

/// The stones' squares `(row, col)`, in the order they were written.
pub type Stones = Vec<(u64, u64)>;

/// Two-dimensional Nim on a grid of a given width.
///
/// ```
/// use nimlab::impartial::{GrundySolver, ImpartialGame};
/// use nimlab::games::two_dim_nim::TwoDimNim;
/// let g = TwoDimNim::new(4).unwrap();
/// assert_eq!(g.heap(1, 2), Some(6));
/// assert_eq!(g.closed_form(&vec![(1, 2), (0, 3)]), Some(5));
/// assert_eq!(GrundySolver::without_closed_forms(g).value(&vec![(1, 2), (0, 3)]).unwrap(), 5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TwoDimNim {
    width: u64,
}

impl TwoDimNim {
    /// The game on a grid of width `width` (at least 1).
    ///
    /// ```
    /// use nimlab::games::two_dim_nim::TwoDimNim;
    /// assert_eq!(TwoDimNim::new(8).unwrap().width(), 8);
    /// assert!(TwoDimNim::new(0).is_err());
    /// ```
    ///
    /// # Errors
    /// [`RuleError::Position`](crate::RuleError::Position) for width 0.
    pub fn new(width: u64) -> Result<Self> {
        if width == 0 {
            return Err(Error::position(
                "two-dim-nim",
                "the grid must be at least 1 column wide",
            ));
        }
        Ok(TwoDimNim { width })
    }

    /// The width w of the grid.
    ///
    /// ```
    /// assert_eq!(nimlab::games::two_dim_nim::TwoDimNim::new(3).unwrap().width(), 3);
    /// ```
    pub fn width(&self) -> u64 {
        self.width
    }

    /// The Nim heap of a stone on `row,col`: row·w + col, or `None` if it does not fit in
    /// 64 bits or col ≥ w.
    ///
    /// ```
    /// let g = nimlab::games::two_dim_nim::TwoDimNim::new(5).unwrap();
    /// assert_eq!(g.heap(3, 4), Some(19));
    /// assert_eq!(g.heap(0, 5), None);
    /// ```
    pub fn heap(&self, row: u64, col: u64) -> Option<u64> {
        if col >= self.width {
            return None;
        }
        row.checked_mul(self.width)?.checked_add(col)
    }

    /// The square `(row, col)` numbered `heap`.
    fn square(&self, heap: u64) -> (u64, u64) {
        (heap / self.width, heap % self.width)
    }

    fn heaps(&self, stones: &Stones) -> Option<Vec<u64>> {
        stones.iter().map(|&(r, c)| self.heap(r, c)).collect()
    }

    fn read(args: &[Arg<'_>]) -> Result<(Self, Stones)> {
        let Some((first, rest)) = args.split_first() else {
            return Err(Error::position(
                "two-dim-nim",
                "nothing given; write the width w and then the stones' squares `row,col`, e.g. `4 1,2 0,3`",
            ));
        };
        let width = first.natural("the width w of the grid")?;
        if width == 0 {
            return Err(first.error("the width w of the grid, at least 1"));
        }
        let game = TwoDimNim { width };
        if rest.is_empty() {
            return Err(Error::position(
                "two-dim-nim",
                format!("no stones given after the width {width}; write each stone's square as `row,col`, e.g. `4 1,2 0,3`"),
            ));
        }
        let mut stones = Vec::with_capacity(rest.len());
        for arg in rest {
            let (row, col) = arg.pair("row", "col")?;
            if col >= width {
                return Err(arg.error(format!(
                    "a square `row,col` with the column col below the width {width} (columns are 0 … {})",
                    width - 1
                )));
            }
            if game.heap(row, col).is_none() {
                return Err(Error::limit(
                    format!(
                        "the stone on `{}` ({}), whose square number row·w + col",
                        arg.text,
                        arg.place()
                    ),
                    "square numbers up to 18446744073709551615 (2^64 - 1)",
                ));
            }
            stones.push((row, col));
        }
        Ok((game, stones))
    }
}

impl ImpartialGame for TwoDimNim {
    type Position = Stones;

    fn options(&self, stones: &Stones, out: &mut Vec<Stones>) {
        for (i, &(r, c)) in stones.iter().enumerate() {
            let mut push = |square| {
                let mut next = stones.clone();
                next[i] = square;
                out.push(next);
            };
            for lower in 0..r {
                for col in 0..self.width {
                    push((lower, col));
                }
            }
            for left in 0..c {
                push((r, left));
            }
        }
    }

    fn components(&self, stones: &Stones) -> Option<Vec<Stones>> {
        (stones.len() > 1).then(|| stones.iter().map(|&s| vec![s]).collect())
    }

    fn closed_form(&self, stones: &Stones) -> Option<u64> {
        Some(crate::nimber::nim_sum(self.heaps(stones)?))
    }
}

impl Rules for TwoDimNim {
    fn id(&self) -> String {
        "two-dim-nim".to_string()
    }

    fn format(&self, stones: &Stones) -> String {
        let mut text = self.width.to_string();
        for (r, c) in stones {
            text.push_str(&format!(" {r},{c}"));
        }
        text
    }

    fn figure(&self, pos: &Stones) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Board, Figure, Piece, Shape};
        let pieces: Vec<(u64, u64)> = pos.iter().map(|&(r, c)| (c, r)).collect();
        let board = Board::pieces(&pieces, Some(self.width), Piece::Stone)?;
        Some(Figure::new(Shape::Board(board)))
    }

    fn describe(&self, from: &Stones, to: &Stones) -> String {
        let changed: Vec<usize> = (0..from.len().min(to.len()))
            .filter(|&i| from[i] != to[i])
            .collect();
        match changed.as_slice() {
            [i] => {
                let ((r, c), (nr, nc)) = (from[*i], to[*i]);
                let shared = from.iter().filter(|&&s| s == from[*i]).count() > 1;
                format!(
                    "move {} stone on {r},{c} to {nr},{nc}",
                    if shared { "a" } else { "the" }
                )
            }
            _ => format!("move to {}", self.format(to)),
        }
    }

    fn options_of_value(
        &self,
        stones: &Stones,
        target: u64,
        hits: &mut crate::games::rules::Hits<Stones>,
    ) -> Option<()> {
        let heaps = self.heaps(stones)?;
        let total = crate::nimber::nim_sum(heaps.iter().copied());
        for (i, &h) in heaps.iter().enumerate() {
            let to = h ^ total ^ target;
            if to < h {
                hits.add(|| {
                    let mut next = stones.clone();
                    next[i] = self.square(to);
                    next
                });
            }
        }
        Some(())
    }

    fn nim_heaps(&self, stones: &Stones) -> Option<(String, Vec<NimHeap>)> {
        let w = self.width;
        let rows = stones
            .iter()
            .map(|&(r, c)| {
                let h = self.heap(r, c)?;
                Some((format!("stone on {r},{c} ({r}·{w} + {c})"), h))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(("stone".to_string(), rows))
    }

    fn misere_rule(&self, stones: &Stones) -> Option<String> {
        Some(crate::games::misere_nim_rule(
            "A stone on row,col is a Nim heap of row·w + col, so misère play is misère Nim on the heaps",
            &self.heaps(stones)?,
        ))
    }

    fn misere_closed_form(&self, stones: &Stones) -> Option<Outcome> {
        Some(Outcome::from_grundy_zero(crate::games::nim::misere_is_p(
            &self.heaps(stones)?,
        )))
    }

    fn check_searchable(&self, stones: &Stones) -> Result<()> {
        let moves = self
            .heaps(stones)
            .map(|hs| hs.iter().fold(0u64, |a, &h| a.saturating_add(h)))
            .unwrap_or(u64::MAX);
        if moves > MAX_OPTIONS as u64 {
            return Err(Error::limit(
                format!("listing the {moves} moves of these stones one by one"),
                format!("{MAX_OPTIONS} moves (the stones' square numbers row·w + col may add up to at most {MAX_OPTIONS})"),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::args::number;
    use crate::impartial::{GrundySolver, MisereSolver};
    use proptest::prelude::*;

    /// The game with its moves only: no closed form and no split into stones.
    struct Plain(TwoDimNim);
    impl ImpartialGame for Plain {
        type Position = Stones;
        fn options(&self, stones: &Stones, out: &mut Vec<Stones>) {
            self.0.options(stones, out)
        }
    }

    fn parse(tokens: &[&str]) -> Result<(TwoDimNim, Stones)> {
        TwoDimNim::read(&number(tokens, 1))
    }

    #[test]
    fn facts() {
        // A stone on r,c is a Nim heap of r·w + c.
        for w in 1..5u64 {
            let g = TwoDimNim::new(w).unwrap();
            let mut solver = GrundySolver::without_closed_forms(Plain(g));
            for r in 0..5 {
                for c in 0..w {
                    assert_eq!(solver.value(&vec![(r, c)]).unwrap(), r * w + c);
                }
            }
        }
        let g = TwoDimNim::new(4).unwrap();
        assert_eq!(g.closed_form(&vec![(1, 2), (0, 3)]), Some(5));
        assert_eq!(g.closed_form(&vec![(0, 0), (0, 0)]), Some(0));
        // Large grids need no search.
        let g = TwoDimNim::new(1 << 32).unwrap();
        let far = vec![(1 << 31, 5), (7, 0)];
        let heaps = [(1u64 << 63) + 5, 7 << 32];
        assert_eq!(g.closed_form(&far), Some(heaps[0] ^ heaps[1]));
        let win = g.all_options_of_value(&far, 0).unwrap();
        assert_eq!(win, vec![vec![(7, 0), (7, 0)]]);
        assert!(matches!(g.check_searchable(&far), Err(Error::Limit(_))));
    }

    #[test]
    fn notation() {
        let (g, stones) = parse(&["4", "1,2", "0,3", "0,3"]).unwrap();
        assert_eq!(g.width(), 4);
        assert_eq!(stones, vec![(1, 2), (0, 3), (0, 3)]);
        assert_eq!(g.format(&stones), "4 1,2 0,3 0,3");
        assert_eq!(
            g.describe(&stones, &vec![(1, 2), (0, 1), (0, 3)]),
            "move a stone on 0,3 to 0,1"
        );
        assert!(matches!(
            parse(&[]),
            Err(Error::Rule(crate::RuleError::Position { .. }))
        ));
        assert!(matches!(
            parse(&["4"]),
            Err(Error::Rule(crate::RuleError::Position { .. }))
        ));
        for bad in [
            vec!["0", "0,0"],
            vec!["x", "0,0"],
            vec!["-4", "0,0"],
            vec!["4", "0,4"],
            vec!["4", "1"],
            vec!["4", "1,2,3"],
            vec!["4", "a,b"],
        ] {
            assert!(
                matches!(
                    parse(&bad),
                    Err(Error::Parse(crate::ParseError::Token { .. }))
                ),
                "{bad:?}"
            );
        }
        let err = parse(&["4", "0,4"]).unwrap_err().to_string();
        assert!(err.contains("`0,4` (argument 2)"), "{err}");
        assert!(err.contains("below the width 4"), "{err}");
        for huge in [
            vec!["99999999999999999999", "0,0"],
            vec!["3", "9999999999999999999,0"],
            vec!["18446744073709551615", "2,0"],
        ] {
            assert!(matches!(parse(&huge), Err(Error::Limit(_))), "{huge:?}");
        }
        assert!(parse(&["18446744073709551615", "0,18446744073709551614"]).is_ok());
    }

    #[test]
    fn misere_text() {
        let g = TwoDimNim::new(2).unwrap();
        let rule = g.misere_rule(&vec![(0, 1), (1, 1)]).unwrap();
        assert!(rule.contains("heaps 1 3."), "{rule}");
        assert!(
            rule.contains("nim-sum is 2, so the player to move wins"),
            "{rule}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn closed_form_and_moves_match_search(
            w in 1u64..5,
            stones in proptest::collection::vec((0u64..4, 0u64..4), 1..=2),
        ) {
            let g = TwoDimNim::new(w).unwrap();
            let stones: Stones = stones.into_iter().map(|(r, c)| (r, c % w)).collect();
            let mut solver = GrundySolver::without_closed_forms(Plain(g));
            prop_assert_eq!(solver.value(&stones).unwrap(), g.closed_form(&stones).unwrap());
            let mut all = Vec::new();
            g.options(&stones, &mut all);
            for target in 0..16 {
                let mut want: Vec<Stones> = all
                    .iter()
                    .filter(|o| solver.value(o).unwrap() == target)
                    .cloned()
                    .collect();
                let mut got = g.all_options_of_value(&stones, target).unwrap();
                want.sort();
                want.dedup();
                got.sort();
                prop_assert_eq!(got, want);
            }
        }

        #[test]
        fn misere_matches_search(
            w in 1u64..4,
            stones in proptest::collection::vec((0u64..3, 0u64..3), 1..=3),
        ) {
            let g = TwoDimNim::new(w).unwrap();
            let stones: Stones = stones.into_iter().map(|(r, c)| (r, c % w)).collect();
            let mut solver = MisereSolver::new(Plain(g));
            prop_assert_eq!(solver.outcome(&stones).unwrap(), g.misere_closed_form(&stones).unwrap());
        }

        #[test]
        fn parsing_never_panics(tokens in proptest::collection::vec("\\PC{0,24}", 0..4)) {
            let refs: Vec<&str> = tokens.iter().map(|s| s.as_str()).collect();
            if let Ok((g, stones)) = parse(&refs) {
                let text = g.format(&stones);
                let again: Vec<&str> = text.split(' ').collect();
                prop_assert_eq!(parse(&again).unwrap(), (g, stones));
            }
        }
    }
}
