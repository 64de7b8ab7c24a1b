//! Knights that move down or left (text 000, a variant of Wyt Queen: "Knight: moves down
//! or left").
//!
//! Rules: knights stand on a board that extends without limit up and to the right. A
//! square is written `x,y`: x counts columns from the left edge, y rows from the bottom
//! edge, both from 0. A move takes one knight by a knight's jump that goes down or left,
//! never off the board. Knights jump, so they do not block each other and may share a
//! square: the position is the sum of one-knight games. The player who cannot move loses.
//!
//! The text says only "moves down or left", which reads two ways; nimlab offers both:
//! - `wyt-knight`: the four jumps whose long leg goes down or left: two left and one up
//!   or down, or two down and one left or right, from x,y to x−2,y+1, x−2,y−1, x+1,y−2 or
//!   x−1,y−2. Each jump lowers x + y, so the game ends.
//! - `wyt-knight:2`: only the two jumps that go both down and left, to x−1,y−2 and
//!   x−2,y−1.
//!
//! The reading "any jump with a part down or left" is not offered: it allows x−1,y+2 and
//! then x+1,y−2 back, so play could go on for ever.
//!
//! No closed form is known to nimlab for either; values come from a search of the squares
//! a knight can reach, which every knight of a position shares.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // The knight on 2,2 is worth 2: it reaches 0,1 and 1,0, dead ends worth 0, and 0,3
//! // and 3,0, worth 1 (their only jump goes to the dead end 1,1).
//! let p = cat.parse_position("wyt-knight", &["2,2"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(2u64));
//! // Only down and left: from 2,2 the jumps go to 1,0 and 0,1, both dead ends.
//! let q = cat.parse_position("wyt-knight:2", &["2,2"], 1).unwrap();
//! assert_eq!(q.value().unwrap(), nimlab::Nimber::from(1u64));
//! ```

use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::games::wyt_queen::{
    format_squares, moved_piece, positions, read_squares, Squares, MAX_POSITIONS,
};
use crate::impartial::{pair_index, ImpartialGame};
use crate::{Error, Result};

/// The largest x + y of a knight whose value nimlab searches (the squares it reaches
/// number about (x + y)²/2).
pub const MAX_REACH: u64 = 2_000;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::wyt_knight::entry();
/// assert_eq!(e.name, "wyt-knight");
/// let p = (e.build)(Some("2"), &nimlab::games::args::number(&["3,3"], 2)).unwrap();
/// // 3,3 jumps to 2,1 and 1,2, each of which jumps only to the dead end 0,0.
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(0u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "wyt-knight",
        usage: "wyt-knight[:2]",
        summary: "knights on a board; jump one knight two left and one up or down, or two down and one left or right (`:2`: only the two jumps down and left)",
        position: "the knights' squares `x,y` (column from the left, row from the bottom, from 0), e.g. `wyt-knight 5,3 2,6`. Text 000 says \"moves down or left\": `wyt-knight` reads it as the four jumps whose long leg goes down or left, `wyt-knight:2` as the two jumps that go both down and left",
        example: "wyt-knight 5,3 2,6",
        start: "5,3 2,6",
        params: Params::Optional,
        build: |params, args| {
            let game = match params {
                None => WytKnight { both: false },
                Some("2") => WytKnight { both: true },
                Some(other) => {
                    return Err(Error::parameters(
                        format!("wyt-knight:{other}"),
                        "write `wyt-knight` (the four jumps whose long leg goes down or left) or `wyt-knight:2` (the two jumps that go both down and left)",
                    ))
                }
            };
            let knights = read_squares(&game.id(), "knight", args)?;
            Ok(Box::new(Typed::new(game, knights)))
        },
    }
}

/// Knights that jump down or left; `both`: only the jumps that go both down and left.
///
/// ```
/// use nimlab::games::wyt_knight::WytKnight;
/// use nimlab::impartial::ImpartialGame;
/// let mut options = Vec::new();
/// WytKnight { both: false }.options(&vec![(2, 2)], &mut options);
/// assert_eq!(options, vec![vec![(0, 3)], vec![(0, 1)], vec![(3, 0)], vec![(1, 0)]]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WytKnight {
    /// Only the two jumps that go both down and left (`wyt-knight:2`).
    pub both: bool,
}

impl WytKnight {
    /// The squares a knight on (x, y) jumps to.
    ///
    /// ```
    /// use nimlab::games::wyt_knight::WytKnight;
    /// assert_eq!(WytKnight { both: true }.jumps(2, 2), vec![(0, 1), (1, 0)]);
    /// assert_eq!(WytKnight { both: false }.jumps(0, 2), vec![(1, 0)]);
    /// ```
    pub fn jumps(&self, x: u64, y: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::with_capacity(4);
        if x >= 2 {
            if !self.both {
                out.push((x - 2, y + 1));
            }
            if y >= 1 {
                out.push((x - 2, y - 1));
            }
        }
        if y >= 2 {
            if !self.both {
                out.push((x + 1, y - 2));
            }
            if x >= 1 {
                out.push((x - 1, y - 2));
            }
        }
        out
    }
}

impl ImpartialGame for WytKnight {
    type Position = Squares;

    fn options(&self, knights: &Squares, out: &mut Vec<Squares>) {
        for (i, &(x, y)) in knights.iter().enumerate() {
            for to in self.jumps(x, y) {
                let mut next = knights.clone();
                next[i] = to;
                out.push(next);
            }
        }
    }

    fn components(&self, knights: &Squares) -> Option<Vec<Squares>> {
        (knights.len() > 1).then(|| knights.iter().map(|&k| vec![k]).collect())
    }

    fn canonical(&self, knights: &Squares) -> Squares {
        let mut sorted = knights.clone();
        sorted.sort_unstable();
        sorted
    }

    fn dense_index(&self, knights: &Squares) -> Option<usize> {
        match knights.as_slice() {
            [(x, y)] => pair_index(*x, *y),
            _ => None,
        }
    }
}

impl Rules for WytKnight {
    fn id(&self) -> String {
        if self.both {
            "wyt-knight:2".to_string()
        } else {
            "wyt-knight".to_string()
        }
    }

    fn format(&self, knights: &Squares) -> String {
        format_squares(knights)
    }

    fn figure(&self, knights: &Squares) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Board, Figure, Piece, Shape};
        Some(Figure::new(Shape::Board(Board::pieces(
            knights,
            None,
            Piece::Knight,
        )?)))
    }

    fn describe(&self, from: &Squares, to: &Squares) -> String {
        let Some((i, which)) = moved_piece(from, to, "knight") else {
            return format!("move to {}", self.format(to));
        };
        let ((x, y), (nx, ny)) = (from[i], to[i]);
        format!("jump {which} on {x},{y} to {nx},{ny}")
    }

    fn check_searchable(&self, knights: &Squares) -> Result<()> {
        if let Some(&(x, y)) = knights
            .iter()
            .find(|&&(x, y)| x.saturating_add(y) > MAX_REACH)
        {
            return Err(Error::limit(
                format!("searching the squares the knight on {x},{y} reaches"),
                format!("knights on squares x,y with x + y at most {MAX_REACH}"),
            ));
        }
        Ok(())
    }

    fn check_misere_searchable(&self, knights: &Squares) -> Result<()> {
        self.check_searchable(knights)?;
        // The squares a knight reaches lie below the line x + y = its own x + y.
        let reach: Squares = knights.iter().map(|&(x, y)| (x + y, x + y)).collect();
        if positions(&reach) > MAX_POSITIONS {
            return Err(Error::limit(
                format!(
                    "a misère search of the knights {} (which cannot value knights one by one)",
                    self.format(knights)
                ),
                format!(
                    "knights whose squares x + y, each plus one and squared, multiply to at most {MAX_POSITIONS}"
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, MisereSolver};
    use crate::Outcome;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The knight's eight jumps, kept when they stay on the board and go down or left as
    /// the reading says: the long leg down or left (four), or both legs (two).
    fn brute_jumps(both: bool, x: u64, y: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for (dx, dy) in [
            (1i64, 2i64),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ] {
            let keep = if both {
                dx < 0 && dy < 0
            } else if dx.abs() == 2 {
                dx < 0
            } else {
                dy < 0
            };
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            if keep && nx >= 0 && ny >= 0 {
                out.push((nx as u64, ny as u64));
            }
        }
        out
    }

    /// Grundy values of one knight, square by square in order of x + y.
    fn brute_table(both: bool, n: u64) -> HashMap<(u64, u64), u64> {
        let mut g = HashMap::new();
        for s in 0..=n {
            for x in 0..=s {
                let y = s - x;
                let seen: Vec<u64> = brute_jumps(both, x, y).iter().map(|t| g[t]).collect();
                g.insert((x, y), (0..).find(|v| !seen.contains(v)).unwrap());
            }
        }
        g
    }

    #[test]
    fn the_corner_of_the_table() {
        // The four jumps, rows from y = 0 up, x = 0 … 7, by the mex rule. By hand: the
        // squares with x, y < 2 have no jump (0); 2,0 and 0,2 jump to a dead end (1);
        // 2,1 reaches 0,2 (1) and 0,0 (0), so 2; 4,0 reaches only 2,1, so 0.
        let rows: [[u64; 8]; 6] = [
            [0, 0, 1, 1, 0, 0, 1, 1],
            [0, 0, 2, 1, 0, 0, 1, 1],
            [1, 2, 2, 2, 3, 2, 2, 2],
            [1, 1, 2, 1, 4, 3, 2, 3],
            [0, 0, 3, 4, 0, 0, 1, 1],
            [0, 0, 2, 3, 0, 0, 2, 1],
        ];
        let t = brute_table(false, 20);
        let mut solver = GrundySolver::new(WytKnight { both: false });
        for (y, row) in rows.iter().enumerate() {
            for (x, &v) in row.iter().enumerate() {
                assert_eq!(t[&(x as u64, y as u64)], v, "{x},{y}");
                assert_eq!(solver.value(&vec![(x as u64, y as u64)]).unwrap(), v);
            }
        }
    }

    #[test]
    fn one_knight_matches_the_table() {
        for both in [false, true] {
            let t = brute_table(both, 60);
            let mut solver = GrundySolver::new(WytKnight { both });
            for (&(x, y), &v) in &t {
                assert_eq!(solver.value(&vec![(x, y)]).unwrap(), v, "{both} {x},{y}");
            }
        }
    }

    #[test]
    fn jumps_match_the_readings() {
        for both in [false, true] {
            let g = WytKnight { both };
            for x in 0..8 {
                for y in 0..8 {
                    let mut got = g.jumps(x, y);
                    let mut want = brute_jumps(both, x, y);
                    got.sort();
                    want.sort();
                    assert_eq!(got, want, "{both} {x},{y}");
                }
            }
        }
    }

    fn brute_misere(
        both: bool,
        knights: &[(u64, u64)],
        memo: &mut HashMap<Vec<(u64, u64)>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(knights) {
            return w;
        }
        let (mut any, mut wins) = (false, false);
        for (i, &(x, y)) in knights.iter().enumerate() {
            for to in brute_jumps(both, x, y) {
                let mut next = knights.to_vec();
                next[i] = to;
                any = true;
                wins |= !brute_misere(both, &next, memo);
            }
        }
        let wins = wins || !any;
        memo.insert(knights.to_vec(), wins);
        wins
    }

    #[test]
    fn misere_matches_brute_force() {
        for both in [false, true] {
            let g = WytKnight { both };
            let mut solver = MisereSolver::new(g);
            let mut memo = HashMap::new();
            for a in 0..6u64 {
                for b in 0..6u64 {
                    for c in [(0u64, 0u64), (3, 2), (1, 4)] {
                        let pos = vec![(a, b), c];
                        let want = Outcome::from_grundy_zero(!brute_misere(both, &pos, &mut memo));
                        assert_eq!(solver.outcome(&pos).unwrap(), want, "{both} {pos:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn limits_and_words() {
        let g = WytKnight { both: false };
        assert!(matches!(
            g.check_searchable(&vec![(1500, 1500)]),
            Err(Error::Limit(_))
        ));
        assert!(g.check_searchable(&vec![(1000, 1000)]).is_ok());
        assert_eq!(
            g.describe(&vec![(5, 3), (5, 3)], &vec![(5, 3), (3, 4)]),
            "jump knight 2 on 5,3 to 3,4"
        );
        assert_eq!(
            g.describe(&vec![(5, 3)], &vec![(6, 1)]),
            "jump the knight on 5,3 to 6,1"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn sums_are_nim_sums_of_the_table(
            knights in proptest::collection::vec((0u64..20, 0u64..20), 1..4),
            both in any::<bool>(),
        ) {
            let t = brute_table(both, 40);
            let want = knights.iter().fold(0, |acc, k| acc ^ t[k]);
            let mut solver = GrundySolver::new(WytKnight { both });
            prop_assert_eq!(solver.value(&knights).unwrap(), want);
        }
    }
}
