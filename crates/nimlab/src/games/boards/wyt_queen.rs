//! Wyt Queen with several queens on one board (text 000: "the game is also played with
//! more pieces").
//!
//! Rules: queens stand on a board that extends without limit up and to the right. A
//! square is written `x,y`: x counts columns from the left edge, y rows from the bottom
//! edge, both from 0. A move takes one queen any number ≥ 1 of squares left, down, or
//! diagonally down and left. The player who cannot move (every queen on 0,0, or blocked)
//! loses. One queen is Wythoff's game on the heaps x and y.
//!
//! The text does not say whether pieces get in each other's way, so nimlab offers both:
//! - `wyt-queen`: the queens do not block each other; they may share a square and pass
//!   over one another (as the rooks of `rook` do). The position is then the sum of
//!   one-queen games, worth the nim-sum of their Wythoff values.
//! - `wyt-queen:block`: as on a chessboard, a queen may not move onto or over another
//!   queen, and no two queens share a square. The queens then interact and the position
//!   is searched as a whole.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Two queens on 1,2 and 3,5: Wythoff P-positions both, so the sum is 0.
//! let p = cat.parse_position("wyt-queen", &["1,2", "3,5"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(0u64));
//! // Blocking: queens on 1,1 and 2,2. Moving the first to 0,0 wins, as the other can no
//! // longer end its diagonal on the corner (without blocking that move leaves a queen on
//! // 2,2, worth 1, and loses).
//! let b = cat.parse_position("wyt-queen:block", &["1,1", "2,2"], 1).unwrap();
//! let w = b.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, ["0,0 2,2"]);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Hits, Rules, Typed, MAX_OPTIONS};
use crate::games::wythoff::{self, Wythoff, VALUE_LIMIT};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The most positions a search of `wyt-queen:block` (or a misère search) may meet: the
/// product over the queens of the squares below and left of them.
pub const MAX_POSITIONS: u64 = 4_000_000;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::wyt_queen::entry();
/// assert_eq!(e.name, "wyt-queen");
/// let p = (e.build)(None, &nimlab::games::args::number(&["16,23"], 2)).unwrap();
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(29u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "wyt-queen",
        usage: "wyt-queen[:block]",
        summary: "queens on a board; move one queen left, down or diagonally down-left any distance; queens may share squares (`:block`: they may not, nor pass each other)",
        position: "the queens' squares `x,y` (column from the left, row from the bottom, from 0), e.g. `wyt-queen 3,5 6,4`. Text 000 says only that the game is played with more pieces: `wyt-queen` lets queens share squares and pass each other (a sum of Wythoff games), `wyt-queen:block` does not, as on a chessboard",
        example: "wyt-queen 3,5 6,4",
        start: "3,5 6,4",
        params: Params::Optional,
        build: |params, args| {
            let block = match params {
                None => false,
                Some("block") => true,
                Some(other) => {
                    return Err(Error::parameters(
                        format!("wyt-queen:{other}"),
                        "write `wyt-queen` (queens may share squares and pass each other) or `wyt-queen:block` (they may not)",
                    ))
                }
            };
            let game = WytQueen::new(block);
            let queens = read_squares(&game.id(), "queen", args)?;
            game.check_apart(&queens)?;
            Ok(Box::new(Typed::new(game, queens)))
        },
    }
}

/// A position: the squares `(x, y)` of the pieces, in the order they were written.
pub type Squares = Vec<(u64, u64)>;

/// Reads pieces' squares `x,y`, one a token (used by the games of pieces that move down
/// and left).
pub(crate) fn read_squares(game: &str, piece: &str, args: &[Arg<'_>]) -> Result<Squares> {
    if args.is_empty() {
        return Err(Error::position(
            game,
            format!("no {piece}s given; write each {piece}'s square as `x,y`, e.g. `3,5 6,4`"),
        ));
    }
    args.iter().map(|a| a.pair("x", "y")).collect()
}

/// Writes pieces' squares as they are read: `3,5 6,4`.
pub(crate) fn format_squares(pieces: &Squares) -> String {
    pieces
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The piece that moved between two positions that differ in one piece, and how it is
/// named: `queen 2` when another piece of the same kind stands on its square, `the queen`
/// otherwise.
pub(crate) fn moved_piece(from: &Squares, to: &Squares, piece: &str) -> Option<(usize, String)> {
    let changed: Vec<usize> = (0..from.len().min(to.len()))
        .filter(|&i| from[i] != to[i])
        .collect();
    let [i] = changed.as_slice() else {
        return None;
    };
    let which = if from.iter().filter(|&&p| p == from[*i]).count() > 1 {
        format!("{piece} {}", i + 1)
    } else {
        format!("the {piece}")
    };
    Some((*i, which))
}

/// The product over the pieces of the squares left of and below each (itself included):
/// a bound on the positions a search meets.
pub(crate) fn positions(pieces: &Squares) -> u64 {
    pieces.iter().fold(1u64, |acc, &(x, y)| {
        acc.saturating_mul(x.saturating_add(1).saturating_mul(y.saturating_add(1)))
    })
}

/// The directions a queen moves in.
const DIRECTIONS: [(bool, bool); 3] = [(true, false), (false, true), (true, true)];

/// Wyt Queen with any number of queens, blocking or not.
///
/// ```
/// use nimlab::games::wyt_queen::WytQueen;
/// use nimlab::impartial::ImpartialGame;
/// let mut options = Vec::new();
/// WytQueen::new(true).options(&vec![(1, 1), (0, 0)], &mut options);
/// assert_eq!(options, vec![vec![(0, 1), (0, 0)], vec![(1, 0), (0, 0)]]);
/// ```
#[derive(Debug)]
pub struct WytQueen {
    block: bool,
    table: Wythoff,
}

impl WytQueen {
    /// The game; `block`: queens may not share squares or pass each other.
    ///
    /// ```
    /// use nimlab::games::wyt_queen::WytQueen;
    /// use nimlab::impartial::ImpartialGame;
    /// // Queens on 1,2 and 3,5, both Wythoff P-positions: the sum is 0.
    /// assert_eq!(WytQueen::new(false).closed_form(&vec![(1, 2), (3, 5)]), Some(0));
    /// ```
    pub fn new(block: bool) -> Self {
        WytQueen {
            block,
            table: Wythoff::default(),
        }
    }

    /// Refuses two queens on one square when queens block.
    fn check_apart(&self, queens: &Squares) -> Result<()> {
        if !self.block {
            return Ok(());
        }
        for (i, q) in queens.iter().enumerate() {
            if queens[..i].contains(q) {
                return Err(Error::position(
                    self.id(),
                    format!(
                        "two queens on {},{}: in `wyt-queen:block` no two queens share a square",
                        q.0, q.1
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The Wythoff values of the queens, when every one is in the table.
    fn values(&self, queens: &Squares) -> Option<Vec<u64>> {
        queens
            .iter()
            .map(|&(x, y)| self.table.value(x, y).ok())
            .collect()
    }

    /// Whether the queens play as a sum of Wythoff games: they do not block, or there
    /// is one queen.
    fn independent(&self, queens: &Squares) -> bool {
        !self.block || queens.len() == 1
    }
}

impl ImpartialGame for WytQueen {
    type Position = Squares;

    fn options(&self, queens: &Squares, out: &mut Vec<Squares>) {
        for (i, &(x, y)) in queens.iter().enumerate() {
            for (left, down) in DIRECTIONS {
                let mut d = 1u64;
                loop {
                    let to = match (left, down) {
                        (true, false) if d <= x => (x - d, y),
                        (false, true) if d <= y => (x, y - d),
                        (true, true) if d <= x && d <= y => (x - d, y - d),
                        _ => break,
                    };
                    if self.block && queens.contains(&to) {
                        break;
                    }
                    let mut next = queens.clone();
                    next[i] = to;
                    out.push(next);
                    d += 1;
                }
            }
        }
    }

    fn components(&self, queens: &Squares) -> Option<Vec<Squares>> {
        (!self.block && queens.len() > 1).then(|| queens.iter().map(|&q| vec![q]).collect())
    }

    fn closed_form(&self, queens: &Squares) -> Option<u64> {
        if !self.independent(queens) {
            return None;
        }
        Some(crate::nimber::nim_sum(self.values(queens)?))
    }

    fn canonical(&self, queens: &Squares) -> Squares {
        let mut sorted = queens.clone();
        sorted.sort_unstable();
        sorted
    }
}

impl Rules for WytQueen {
    fn id(&self) -> String {
        if self.block {
            "wyt-queen:block".to_string()
        } else {
            "wyt-queen".to_string()
        }
    }

    fn format(&self, queens: &Squares) -> String {
        format_squares(queens)
    }

    fn figure(&self, queens: &Squares) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Board, Figure, Piece, Shape};
        Some(Figure::new(Shape::Board(Board::pieces(
            queens,
            None,
            Piece::Queen,
        )?)))
    }

    fn describe(&self, from: &Squares, to: &Squares) -> String {
        let Some((i, which)) = moved_piece(from, to, "queen") else {
            return format!("move to {}", self.format(to));
        };
        let ((x, y), (nx, ny)) = (from[i], to[i]);
        let way = match (nx < x, ny < y) {
            (true, true) => "diagonally",
            (true, false) => "left",
            _ => "down",
        };
        format!("move {which} on {x},{y} {way} to {nx},{ny}")
    }

    fn options_of_value(
        &self,
        queens: &Squares,
        target: u64,
        hits: &mut Hits<Squares>,
    ) -> Option<()> {
        if !self.independent(queens) {
            return None;
        }
        // One queen far beyond the table: Wythoff's winning moves.
        if let [(x, y)] = queens.as_slice() {
            if target == 0 {
                for to in wythoff::winning_moves(*x, *y) {
                    hits.add(|| vec![to]);
                }
                return Some(());
            }
        }
        let values = self.values(queens)?;
        let total = crate::nimber::nim_sum(values.iter().copied());
        for (i, &(x, y)) in queens.iter().enumerate() {
            let want = values[i] ^ total ^ target;
            let mut found = Hits::new(usize::MAX);
            self.table.options_of_value(&(x, y), want, &mut found)?;
            for to in found.found {
                hits.add(|| {
                    let mut next = queens.clone();
                    next[i] = to;
                    next
                });
            }
        }
        Some(())
    }

    fn p_position(&self, queens: &Squares) -> Option<bool> {
        match queens.as_slice() {
            [(x, y)] => Some(wythoff::is_p_position(*x, *y)),
            _ => None,
        }
    }

    fn rule(&self, queens: &Squares) -> Option<String> {
        if !self.independent(queens) {
            return None;
        }
        let values = self.values(queens);
        let list: Vec<String> = queens
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| match &values {
                Some(v) => format!("{x},{y} is worth {}", v[i]),
                None => format!("{x},{y}"),
            })
            .collect();
        Some(format!(
            "A queen on x,y is Wythoff's game on the heaps x and y (whose values come from a table built by the mex rule), and queens that do not block each other are a sum: {}{}.",
            list.join(", "),
            match &values {
                Some(v) if v.len() > 1 => format!(
                    "; the nim-sum is {}",
                    crate::nimber::nim_sum(v.iter().copied())
                ),
                _ => String::new(),
            }
        ))
    }

    fn misere_closed_form(&self, queens: &Squares) -> Option<Outcome> {
        match queens.as_slice() {
            [(x, y)] => Some(Outcome::from_grundy_zero(wythoff::misere_is_p(*x, *y))),
            _ => None,
        }
    }

    fn check_searchable(&self, queens: &Squares) -> Result<()> {
        let moves = queens.iter().fold(0u64, |a, &(x, y)| {
            a.saturating_add(x)
                .saturating_add(y)
                .saturating_add(x.min(y))
        });
        if moves > MAX_OPTIONS as u64 {
            return Err(Error::limit(
                format!("listing the {moves} moves of these queens one by one"),
                format!("{MAX_OPTIONS} moves"),
            ));
        }
        if self.independent(queens) {
            if let Some(&(x, y)) = queens.iter().find(|&&(x, y)| x.max(y) >= VALUE_LIMIT) {
                return Err(Error::limit(
                    format!("the value of the queen on {x},{y}"),
                    format!(
                        "squares below {VALUE_LIMIT},{VALUE_LIMIT} (Wythoff values come from a table; a single queen's outcome and winning moves are known anywhere)"
                    ),
                ));
            }
            return Ok(());
        }
        self.check_misere_searchable(queens)
    }

    fn check_misere_searchable(&self, queens: &Squares) -> Result<()> {
        if positions(queens) > MAX_POSITIONS {
            return Err(Error::limit(
                format!(
                    "searching every position of the queens {} of {}",
                    self.format(queens),
                    self.id()
                ),
                format!(
                    "positions where the squares left of and below each queen multiply to at most {MAX_POSITIONS}"
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
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Every square a queen on (x, y) reaches in one move on an empty board.
    fn reach(x: u64, y: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for a in 0..=x {
            for b in 0..=y {
                let (dx, dy) = (x - a, y - b);
                if (dx, dy) != (0, 0) && (dx == 0 || dy == 0 || dx == dy) {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// Whether a queen going from `from` to `to` (a straight line) meets another queen of
    /// `queens` on the way or at the end.
    fn blocked(queens: &[(u64, u64)], i: usize, to: (u64, u64)) -> bool {
        let from = queens[i];
        queens.iter().enumerate().any(|(j, &q)| {
            j != i
                && q.0 >= to.0
                && q.0 <= from.0
                && q.1 >= to.1
                && q.1 <= from.1
                // On the segment: as far from `from` in x as in y when moving diagonally.
                && (from.0 - q.0) * (from.1 - to.1) == (from.1 - q.1) * (from.0 - to.0)
        })
    }

    /// Grundy values by plain recursion, the moves found by looking at every square
    /// below and left of each queen.
    fn brute(block: bool, queens: &[(u64, u64)], memo: &mut HashMap<Vec<(u64, u64)>, u64>) -> u64 {
        if let Some(&v) = memo.get(queens) {
            return v;
        }
        let mut seen = Vec::new();
        for (i, &(x, y)) in queens.iter().enumerate() {
            for to in reach(x, y) {
                if block && blocked(queens, i, to) {
                    continue;
                }
                let mut next = queens.to_vec();
                next[i] = to;
                seen.push(brute(block, &next, memo));
            }
        }
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(queens.to_vec(), v);
        v
    }

    fn brute_misere(
        block: bool,
        queens: &[(u64, u64)],
        memo: &mut HashMap<Vec<(u64, u64)>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(queens) {
            return w;
        }
        let (mut any, mut wins) = (false, false);
        for (i, &(x, y)) in queens.iter().enumerate() {
            for to in reach(x, y) {
                if block && blocked(queens, i, to) {
                    continue;
                }
                let mut next = queens.to_vec();
                next[i] = to;
                any = true;
                wins |= !brute_misere(block, &next, memo);
            }
        }
        let wins = wins || !any;
        memo.insert(queens.to_vec(), wins);
        wins
    }

    #[test]
    fn one_queen_is_wythoffs_game() {
        for block in [false, true] {
            let g = WytQueen::new(block);
            let mut solver = GrundySolver::without_closed_forms(&g);
            let mut memo = HashMap::new();
            for x in 0..25 {
                for y in 0..25 {
                    let want = brute(block, &[(x, y)], &mut memo);
                    assert_eq!(solver.value(&vec![(x, y)]).unwrap(), want);
                    assert_eq!(g.closed_form(&vec![(x, y)]), Some(want));
                    assert_eq!(g.p_position(&vec![(x, y)]), Some(want == 0));
                }
            }
        }
    }

    #[test]
    fn two_and_three_queens_match_brute_force() {
        for block in [false, true] {
            let g = WytQueen::new(block);
            let mut fast = GrundySolver::new(&g);
            let mut plain = GrundySolver::without_closed_forms(&g);
            let mut memo = HashMap::new();
            let mut mmemo = HashMap::new();
            let mut misere = MisereSolver::new(&g);
            let small: Vec<(u64, u64)> = (0..5).flat_map(|x| (0..5).map(move |y| (x, y))).collect();
            for &a in &small {
                for &b in &small {
                    if block && a == b {
                        continue;
                    }
                    let pos = vec![a, b];
                    let want = brute(block, &pos, &mut memo);
                    assert_eq!(fast.value(&pos).unwrap(), want, "{block} {pos:?}");
                    assert_eq!(plain.value(&pos).unwrap(), want, "{block} {pos:?}");
                    let m = Outcome::from_grundy_zero(!brute_misere(block, &pos, &mut mmemo));
                    assert_eq!(misere.outcome(&pos).unwrap(), m, "{block} {pos:?}");
                }
            }
            for pos in [
                vec![(2, 3), (3, 2), (1, 1)],
                vec![(3, 3), (2, 2), (1, 1)],
                vec![(0, 3), (0, 2), (4, 0)],
            ] {
                let want = brute(block, &pos, &mut memo);
                assert_eq!(fast.value(&pos).unwrap(), want, "{block} {pos:?}");
            }
        }
    }

    #[test]
    fn blocking_changes_values() {
        // Queens on 0,1 and 0,2 that do not block are worth 1 ⊕ 2 = 3. Blocking, the
        // queen on 0,2 is stuck behind the other, whose only move is to 0,0; then the
        // upper queen's only move is to 0,1, and no move is left: two forced moves, so
        // the value is 0 (the mex of 1, which is the mex of 0).
        let free = WytQueen::new(false);
        let block = WytQueen::new(true);
        let pos = vec![(0, 1), (0, 2)];
        assert_eq!(free.closed_form(&pos), Some(3));
        let mut solver = GrundySolver::new(&block);
        assert_eq!(solver.value(&pos).unwrap(), 0);
    }

    #[test]
    fn winning_moves_are_the_moves_to_each_value() {
        let g = WytQueen::new(false);
        let mut solver = GrundySolver::without_closed_forms(&g);
        for pos in [
            vec![(3, 5), (6, 4)],
            vec![(7, 2)],
            vec![(2, 2), (2, 2), (4, 1)],
        ] {
            let mut all = Vec::new();
            g.options(&pos, &mut all);
            for target in 0..10 {
                let mut want: Vec<Squares> = all
                    .iter()
                    .filter(|o| solver.value(o).unwrap() == target)
                    .cloned()
                    .collect();
                let mut got = g.all_options_of_value(&pos, target).unwrap();
                want.sort();
                want.dedup();
                got.sort();
                got.dedup();
                assert_eq!(got, want, "{pos:?} -> {target}");
            }
        }
        // Far beyond the table, one queen: Wythoff's winning moves.
        let far = vec![(16_000_000_000u64, 23_000_000_000u64)];
        assert!(g.check_searchable(&far).is_err());
        let wins = g.all_options_of_value(&far, 0).unwrap();
        assert!(!wins.is_empty() && wins.iter().all(|w| wythoff::is_p_position(w[0].0, w[0].1)));
    }

    #[test]
    fn notation_and_words() {
        let g = WytQueen::new(true);
        let args = crate::games::args::number(&["3,5", "3,5"], 1);
        let queens = read_squares("wyt-queen:block", "queen", &args).unwrap();
        let err = g.check_apart(&queens).unwrap_err().to_string();
        assert!(err.contains("two queens on 3,5"), "{err}");
        assert!(WytQueen::new(false).check_apart(&queens).is_ok());
        assert!(read_squares("wyt-queen", "queen", &[]).is_err());
        let bad = crate::games::args::number(&["3;5"], 4);
        let err = read_squares("wyt-queen", "queen", &bad)
            .unwrap_err()
            .to_string();
        assert!(err.contains("`3;5` (argument 4)"), "{err}");
        assert_eq!(
            g.describe(&vec![(3, 5), (0, 0)], &vec![(1, 3), (0, 0)]),
            "move the queen on 3,5 diagonally to 1,3"
        );
        assert_eq!(
            g.describe(&vec![(3, 5), (3, 5)], &vec![(3, 5), (3, 1)]),
            "move queen 2 on 3,5 down to 3,1"
        );
        assert!(matches!(
            g.check_searchable(&vec![(100, 100), (90, 90), (80, 80)]),
            Err(Error::Limit(_))
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        #[test]
        fn values_match_brute_force(
            queens in proptest::collection::vec((0u64..6, 0u64..6), 1..4),
            block in any::<bool>(),
        ) {
            let mut queens = queens;
            if block {
                let mut seen = Vec::new();
                queens.retain(|q| if seen.contains(q) { false } else { seen.push(*q); true });
            }
            let g = WytQueen::new(block);
            let mut solver = GrundySolver::new(&g);
            let mut memo = HashMap::new();
            prop_assert_eq!(solver.value(&queens).unwrap(), brute(block, &queens, &mut memo));
        }
    }
}
