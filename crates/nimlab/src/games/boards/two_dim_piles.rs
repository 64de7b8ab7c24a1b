//! Two-dimensional Nim with piles (text 000: "a variant of this game allows moves with a
//! whole pile down or left, or taking an object from a pile").
//!
//! The board is two-dimensional Nim's ([`crate::games::two_dim_nim`]): a grid of width w,
//! columns 0 … w − 1 from the left, rows 0, 1, 2, … from the bottom. A square holds a pile
//! of stones. A stone or a pile goes *down or left* as in two-dimensional Nim: to any
//! square to its left in its row, or to any square of any lower row; numbering the
//! squares row by row, r·w + c, that is any square of a smaller number. Piles that meet
//! join into one. The player who cannot move loses.
//!
//! The text names the moves of the variant in one breath, and reads several ways. The
//! game is `two-dim-piles:M`, M the moves allowed, from:
//! - `stone`: take one stone from a pile and move it (two-dimensional Nim's move);
//! - `pile`: move a whole pile;
//! - `take`: take one stone off the board.
//!
//! `two-dim-piles` alone is `stone,pile` (the variant adds the whole pile's move to the
//! game's own); `two-dim-piles:pile` moves whole piles only, and `two-dim-piles:pile,take`
//! reads "taking an object from a pile" as taking it off the board.
//!
//! **Values.** With `pile`, piles join, so the position is not a sum; nimlab searches
//! every distribution of the stones. Without `pile` the stones never interact and a
//! position is the sum of its stones: with `stone` alone a stone on square n is a Nim heap
//! of n (two-dimensional Nim); with `stone,take` a Nim heap of n + 1 (taking it off is one
//! more option, below square 0); with `take` alone every stone is one move, so the value
//! is the number of stones mod 2.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Two stones on 0,1 (width 3). One stone at a time it is Nim with heaps 1 and 1 (value
//! // 0), but the pile can go to 0,0 at once, and then no move is left.
//! let p = cat.parse_position("two-dim-piles", &["3", "0,1x2"], 1).unwrap();
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! assert_eq!(w.moves[0].to.notation(), "3 0,0x2");
//! assert_eq!(w.moves[0].description, "move the pile of 2 on 0,1 to 0,0");
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};

/// The most positions a search may meet (every way to put at most the stones of a
/// position on the squares up to its highest).
pub const MAX_POSITIONS: u64 = 3_000_000;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::two_dim_piles::entry();
/// assert_eq!(e.name, "two-dim-piles");
/// let p = (e.build)(Some("stone,take"), &nimlab::games::args::number(&["3", "1,1"], 2)).unwrap();
/// // Square 1·3 + 1 = 4, a Nim heap of 5 with the take.
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(5u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "two-dim-piles",
        usage: "two-dim-piles[:M]",
        summary: "two-dim-nim with piles: move one stone, or a whole pile, left or to a lower row (M: `stone`, `pile`, `take` off the board)",
        position: "the width w, then the piles' squares `row,col`, `xN` for N stones, e.g. `two-dim-piles 3 1,2x2 0,2`. Text 000's variant \"allows moves with a whole pile down or left, or taking an object from a pile\": `two-dim-piles` reads it as `stone,pile` (one stone or the whole pile moves); `:pile` moves whole piles only, `:pile,take` takes a stone off the board; moves `1,2>0,1` (a stone), `1,2>>0,1` (the pile), `-1,2` (take)",
        example: "two-dim-piles 3 1,2x2 0,2",
        start: "3 1,2x2 0,2",
        params: Params::Optional,
        build: |params, args| {
            let game = match params {
                None => TwoDimPiles::new(true, true, false),
                Some(m) => TwoDimPiles::parse_moves(m)?,
            };
            let (width, piles) = read(&game.id(), args)?;
            let game = TwoDimPiles { width, ..game };
            game.check_size(&piles)?;
            Ok(Box::new(Typed::new(game, piles)))
        },
    }
}

/// A position: the piles as (square number r·w + c, stones), by square number, each
/// square once, every pile at least one stone.
pub type Piles = Vec<(u64, u64)>;

/// The largest square number or pile nimlab reads (searches stay far below).
const MAX_SQUARE: u64 = 1 << 40;

/// Two-dimensional Nim with piles, on a grid of a given width, with the moves allowed.
///
/// ```
/// use nimlab::games::two_dim_piles::TwoDimPiles;
/// use nimlab::impartial::ImpartialGame;
/// let g = TwoDimPiles::parse_moves("pile").unwrap();
/// let mut options = Vec::new();
/// g.options(&vec![(0, 1), (2, 3)], &mut options);
/// // The pile of 3 on square 2 goes to square 0 (joining the stone there) or 1.
/// assert_eq!(options, vec![vec![(0, 4)], vec![(0, 1), (1, 3)]]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TwoDimPiles {
    width: u64,
    stone: bool,
    pile: bool,
    take: bool,
}

impl TwoDimPiles {
    /// The game with the moves allowed, on a grid of width 1 until a position sets it.
    fn new(stone: bool, pile: bool, take: bool) -> Self {
        TwoDimPiles {
            width: 1,
            stone,
            pile,
            take,
        }
    }

    /// The game of the moves `M`: `stone`, `pile`, `take`, separated by commas.
    ///
    /// ```
    /// use nimlab::games::two_dim_piles::TwoDimPiles;
    /// assert!(TwoDimPiles::parse_moves("take,pile").is_ok());
    /// let err = TwoDimPiles::parse_moves("pile,jump").unwrap_err().to_string();
    /// assert!(err.contains("`jump` (item 2 of `pile,jump`)"), "{err}");
    /// ```
    ///
    /// # Errors
    /// [`Error::Rule`] naming the item that is not a move, or no move at all.
    pub fn parse_moves(params: &str) -> Result<TwoDimPiles> {
        let id = format!("two-dim-piles:{params}");
        let mut game = TwoDimPiles::new(false, false, false);
        if params.trim().is_empty() {
            return Err(Error::parameters(
                id,
                "expected the moves allowed after `:`, `stone`, `pile` or `take`, separated by commas, e.g. `two-dim-piles:pile,take`",
            ));
        }
        for (i, item) in params.split(',').enumerate() {
            match item.trim() {
                "stone" => game.stone = true,
                "pile" => game.pile = true,
                "take" => game.take = true,
                other => {
                    return Err(Error::parameters(
                        id.clone(),
                        format!(
                            "`{other}` (item {} of `{params}`): expected the moves allowed, `stone` (one stone moves), `pile` (a whole pile moves) or `take` (one stone leaves the board), separated by commas, e.g. `two-dim-piles:pile,take`",
                            i + 1
                        ),
                    ))
                }
            }
        }
        Ok(game)
    }

    /// The moves allowed, as the id writes them.
    fn moves(&self) -> String {
        let mut list = Vec::new();
        for (on, name) in [
            (self.stone, "stone"),
            (self.pile, "pile"),
            (self.take, "take"),
        ] {
            if on {
                list.push(name);
            }
        }
        list.join(",")
    }

    /// The square `(row, col)` numbered `n`.
    fn square(&self, n: u64) -> (u64, u64) {
        (n / self.width, n % self.width)
    }

    fn name(&self, n: u64) -> String {
        let (r, c) = self.square(n);
        format!("{r},{c}")
    }

    /// The stones and the squares a search meets: every way to put at most this many
    /// stones on the squares up to the highest, C(squares + stones, stones), saturated.
    fn positions(piles: &Piles) -> u64 {
        let squares = piles.last().map_or(0, |p| p.0.saturating_add(1));
        let stones = piles.iter().fold(0u64, |a, p| a.saturating_add(p.1));
        let k = stones.min(squares);
        let n = squares.saturating_add(stones);
        let mut c: u64 = 1;
        for i in 0..k {
            // C(n, i + 1) = C(n, i)·(n − i)/(i + 1), exact while it fits.
            match c.checked_mul(n - i) {
                Some(x) => c = x / (i + 1),
                None => return u64::MAX,
            }
            if c > MAX_POSITIONS {
                return c;
            }
        }
        c
    }

    /// Refuses positions too large to search, when the value needs a search.
    fn check_size(&self, piles: &Piles) -> Result<()> {
        if !self.pile || Self::positions(piles) <= MAX_POSITIONS {
            return Ok(());
        }
        Err(Error::limit(
            format!(
                "searching the position {} of {}",
                self.format(piles),
                self.id()
            ),
            format!(
                "positions whose stones can be spread over the squares up to the highest in at most {MAX_POSITIONS} ways (piles that join are not a sum, so every way is searched)"
            ),
        ))
    }

    /// Adds `n` stones to the square `to` of the sorted piles.
    fn put(piles: &mut Piles, to: u64, n: u64) {
        match piles.binary_search_by_key(&to, |p| p.0) {
            Ok(i) => piles[i].1 += n,
            Err(i) => piles.insert(i, (to, n)),
        }
    }

    /// The piles with `n` stones taken from pile `i` (removed when empty).
    fn without(piles: &Piles, i: usize, n: u64) -> Piles {
        let mut next = piles.clone();
        next[i].1 -= n;
        if next[i].1 == 0 {
            next.remove(i);
        }
        next
    }
}

/// Reads the width and the piles: `row,col` or `row,colxN`, a square given twice adds up.
fn read(game: &str, args: &[Arg<'_>]) -> Result<(u64, Piles)> {
    let Some((first, rest)) = args.split_first() else {
        return Err(Error::position(
            game,
            "nothing given; write the width w and then the piles' squares `row,col` (`row,colxN` for N stones), e.g. `3 1,2x2 0,2`",
        ));
    };
    let width = first.natural("the width w of the grid")?;
    if width == 0 {
        return Err(first.error("the width w of the grid, at least 1"));
    }
    if rest.is_empty() {
        return Err(Error::position(
            game,
            format!("no stones given after the width {width}; write each pile's square as `row,col`, e.g. `3 1,2x2 0,2`"),
        ));
    }
    let mut piles: Piles = Vec::new();
    for arg in rest {
        let (square, count) = match arg.text.rsplit_once(['x', 'X']) {
            Some((sq, n)) => {
                let n = Arg { text: n, ..*arg }
                    .natural("the stones of a pile")
                    .map_err(|_| {
                        arg.error(
                            "a pile `row,colxN`: N a whole number of stones ≥ 1, e.g. `1,2x3`",
                        )
                    })?;
                (Arg { text: sq, ..*arg }, n)
            }
            None => (*arg, 1),
        };
        let (row, col) = square.pair("row", "col").map_err(|e| match e {
            Error::Limit(_) => e,
            _ => arg.error("a pile `row,col` or `row,colxN` (N stones), e.g. `1,2x3`"),
        })?;
        if col >= width {
            return Err(arg.error(format!(
                "a square `row,col` with the column col below the width {width} (columns are 0 … {})",
                width - 1
            )));
        }
        if count == 0 {
            return Err(arg.error("a pile of at least 1 stone"));
        }
        let n = row.checked_mul(width).and_then(|x| x.checked_add(col));
        let Some(n) = n.filter(|&n| n < MAX_SQUARE && count < MAX_SQUARE) else {
            return Err(Error::limit(
                format!("the pile `{}` ({})", arg.text, arg.place()),
                format!("square numbers row·w + col and piles below {MAX_SQUARE}"),
            ));
        };
        TwoDimPiles::put(&mut piles, n, count);
        if piles.iter().fold(0u64, |a, p| a + p.1) >= MAX_SQUARE {
            return Err(Error::limit(
                format!("the stones up to `{}` ({})", arg.text, arg.place()),
                format!("fewer than {MAX_SQUARE} stones"),
            ));
        }
    }
    Ok((width, piles))
}

impl ImpartialGame for TwoDimPiles {
    type Position = Piles;

    fn options(&self, piles: &Piles, out: &mut Vec<Piles>) {
        for (i, &(from, count)) in piles.iter().enumerate() {
            for to in 0..from {
                if self.stone {
                    let mut next = Self::without(piles, i, 1);
                    Self::put(&mut next, to, 1);
                    out.push(next);
                }
                if self.pile && (count > 1 || !self.stone) {
                    let mut next = Self::without(piles, i, count);
                    Self::put(&mut next, to, count);
                    out.push(next);
                }
            }
            if self.take {
                out.push(Self::without(piles, i, 1));
            }
        }
    }

    fn closed_form(&self, piles: &Piles) -> Option<u64> {
        if self.pile {
            return None;
        }
        // Each stone is a Nim heap (square number, plus one with the take), or, with the
        // take alone, one move: equal stones cancel in pairs.
        let odd = piles.iter().filter(|p| p.1 % 2 == 1);
        Some(match (self.stone, self.take) {
            (true, false) => crate::nimber::nim_sum(odd.map(|p| p.0)),
            (true, true) => crate::nimber::nim_sum(odd.map(|p| p.0 + 1)),
            _ => odd.count() as u64 % 2,
        })
    }

    fn canonical(&self, piles: &Piles) -> Piles {
        let mut kept = piles.clone();
        if !self.take {
            // Stones on square 0 never move again.
            kept.retain(|p| p.0 > 0);
        }
        kept
    }
}

impl Rules for TwoDimPiles {
    fn id(&self) -> String {
        if self.stone && self.pile && !self.take {
            "two-dim-piles".to_string()
        } else {
            format!("two-dim-piles:{}", self.moves())
        }
    }

    fn format(&self, piles: &Piles) -> String {
        let mut text = self.width.to_string();
        for &(n, c) in piles {
            text.push(' ');
            text.push_str(&self.name(n));
            if c > 1 {
                text.push_str(&format!("x{c}"));
            }
        }
        text
    }

    fn figure(&self, piles: &Piles) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Board, Figure, Labels, Piece, Shape, Square};
        let rows = piles.last().map_or(1, |p| self.square(p.0).0 + 1);
        let max = crate::games::MAX_DRAWN_WIDTH;
        if self.width > max || rows > max {
            return None;
        }
        let squares = (0..rows)
            .rev()
            .flat_map(|r| (0..self.width).map(move |c| r * self.width + c))
            .map(|n| match piles.binary_search_by_key(&n, |p| p.0) {
                Ok(i) if piles[i].1 == 1 => Square::Piece(Piece::Stone),
                Ok(i) => Square::Count(piles[i].1),
                Err(_) => Square::Empty,
            })
            .collect();
        Some(Figure::new(Shape::Board(Board {
            width: self.width as u32,
            height: rows as u32,
            squares,
            rows: Labels::Up(0),
            columns: Labels::Up(0),
        })))
    }

    fn describe(&self, from: &Piles, to: &Piles) -> String {
        let count = |p: &Piles, n: u64| p.binary_search_by_key(&n, |q| q.0).map_or(0, |i| p[i].1);
        let squares: Vec<u64> = from.iter().chain(to.iter()).map(|p| p.0).collect();
        let lost: Vec<u64> = squares
            .iter()
            .copied()
            .filter(|&n| count(to, n) < count(from, n))
            .collect();
        let gained: Vec<u64> = squares
            .iter()
            .copied()
            .filter(|&n| count(to, n) > count(from, n))
            .collect();
        match (lost.first(), gained.first()) {
            (Some(&s), None) => format!("take a stone off {}", self.name(s)),
            (Some(&s), Some(&t)) => {
                let moved = count(from, s) - count(to, s);
                let there = count(from, t);
                let joining = if there > 0 {
                    format!(" (joining the {there} there)")
                } else {
                    String::new()
                };
                if moved == count(from, s) && moved > 1 {
                    format!(
                        "move the pile of {moved} on {} to {}{joining}",
                        self.name(s),
                        self.name(t)
                    )
                } else {
                    format!(
                        "move {} stone on {} to {}{joining}",
                        if count(from, s) > 1 { "a" } else { "the" },
                        self.name(s),
                        self.name(t)
                    )
                }
            }
            _ => format!("move to {}", self.format(to)),
        }
    }

    fn read_move(&self, piles: &Piles, text: &str) -> Option<std::result::Result<Piles, String>> {
        let t = text.trim();
        let square = |s: &str| -> Option<u64> {
            let (r, c) = s.trim().split_once(',')?;
            let (r, c): (u64, u64) = (r.trim().parse().ok()?, c.trim().parse().ok()?);
            (c < self.width).then(|| r.checked_mul(self.width)?.checked_add(c))?
        };
        let pile_at = |n: u64| piles.binary_search_by_key(&n, |p| p.0).ok();
        if let Some(s) = t.strip_prefix('-') {
            let n = square(s)?;
            let Some(i) = pile_at(n) else {
                return Some(Err(format!("there is no stone on {}", s.trim())));
            };
            if !self.take {
                return Some(Err(format!(
                    "stones leave the board only in `two-dim-piles:…,take`; this game is {}",
                    self.id()
                )));
            }
            return Some(Ok(Self::without(piles, i, 1)));
        }
        let (whole, (a, b)) = match t.split_once(">>") {
            Some(parts) => (true, parts),
            None => (false, t.split_once('>')?),
        };
        let (from, to) = (square(a)?, square(b)?);
        let Some(i) = pile_at(from) else {
            return Some(Err(format!("there is no stone on {}", a.trim())));
        };
        if to >= from {
            return Some(Err(format!(
                "{} is not left of {} in its row nor in a lower row",
                b.trim(),
                a.trim()
            )));
        }
        let count = piles[i].1;
        let n = if whole || !self.stone { count } else { 1 };
        if n == count && n > 1 && !self.pile {
            return Some(Err(format!(
                "whole piles do not move in {}; `{}>{}` moves one stone",
                self.id(),
                a.trim(),
                b.trim()
            )));
        }
        let mut next = Self::without(piles, i, n);
        Self::put(&mut next, to, n);
        Some(Ok(next))
    }

    fn rule(&self, piles: &Piles) -> Option<String> {
        let value = self.closed_form(piles)?;
        let why = match (self.stone, self.take) {
            (true, false) => "a stone on row,col is a Nim heap of its square number row·w + col (two-dimensional Nim)",
            (true, true) => "a stone on row,col is a Nim heap of row·w + col + 1 (it can go to any square of a smaller number, or off the board)",
            _ => "every move takes one stone off the board, so the game lasts as many moves as there are stones",
        };
        Some(format!(
            "Without the whole pile's move every stone plays on its own: {why}. Two stones of equal value cancel, so the position is worth {value}."
        ))
    }

    fn check_searchable(&self, piles: &Piles) -> Result<()> {
        self.check_size(piles)?;
        let moves = piles.iter().fold(0u64, |a, p| {
            a.saturating_add(p.0.saturating_mul(2)).saturating_add(1)
        });
        if moves > crate::games::MAX_OPTIONS as u64 {
            return Err(Error::limit(
                format!("listing the {moves} moves of {}", self.format(piles)),
                format!("{} moves", crate::games::MAX_OPTIONS),
            ));
        }
        Ok(())
    }

    fn check_misere_searchable(&self, piles: &Piles) -> Result<()> {
        if Self::positions(piles) > MAX_POSITIONS {
            return Err(Error::limit(
                format!(
                    "a misère search of {} of {}",
                    self.format(piles),
                    self.id()
                ),
                format!(
                    "positions whose stones can be spread over the squares up to the highest in at most {MAX_POSITIONS} ways"
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

    /// The game's moves from a plain list of stone counts by square number (index 0 the
    /// square 0,0), written from the rules without the sorted piles: `stone`, `pile` and
    /// `take` as flags.
    fn brute_options(m: (bool, bool, bool), counts: &[u64]) -> Vec<Vec<u64>> {
        let (stone, pile, take) = m;
        let mut out = Vec::new();
        for s in 0..counts.len() {
            if counts[s] == 0 {
                continue;
            }
            for t in 0..s {
                if stone {
                    let mut c = counts.to_vec();
                    c[s] -= 1;
                    c[t] += 1;
                    out.push(c);
                }
                if pile {
                    let mut c = counts.to_vec();
                    c[t] += c[s];
                    c[s] = 0;
                    out.push(c);
                }
            }
            if take {
                let mut c = counts.to_vec();
                c[s] -= 1;
                out.push(c);
            }
        }
        out
    }

    fn brute(m: (bool, bool, bool), counts: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        if let Some(&v) = memo.get(counts) {
            return v;
        }
        let seen: Vec<u64> = brute_options(m, counts)
            .iter()
            .map(|c| brute(m, c, memo))
            .collect();
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(counts.to_vec(), v);
        v
    }

    fn brute_misere(
        m: (bool, bool, bool),
        counts: &[u64],
        memo: &mut HashMap<Vec<u64>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(counts) {
            return w;
        }
        let options = brute_options(m, counts);
        let wins = options.is_empty() || options.iter().any(|c| !brute_misere(m, c, memo));
        memo.insert(counts.to_vec(), wins);
        wins
    }

    fn piles_of(counts: &[u64]) -> Piles {
        counts
            .iter()
            .enumerate()
            .filter(|p| *p.1 > 0)
            .map(|(n, &c)| (n as u64, c))
            .collect()
    }

    /// Every list of counts on `squares` squares with at most `stones` stones in all.
    fn all_counts(squares: usize, stones: u64) -> Vec<Vec<u64>> {
        let mut out = vec![vec![]];
        for _ in 0..squares {
            out = out
                .into_iter()
                .flat_map(|c: Vec<u64>| {
                    let used: u64 = c.iter().sum();
                    (0..=stones - used).map(move |k| {
                        let mut d = c.clone();
                        d.push(k);
                        d
                    })
                })
                .collect();
        }
        out
    }

    const MODES: [(bool, bool, bool); 7] = [
        (true, false, false),
        (false, true, false),
        (false, false, true),
        (true, true, false),
        (true, false, true),
        (false, true, true),
        (true, true, true),
    ];

    fn game(m: (bool, bool, bool)) -> TwoDimPiles {
        TwoDimPiles::new(m.0, m.1, m.2)
    }

    #[test]
    fn every_reading_matches_brute_force() {
        for m in MODES {
            let g = game(m);
            let mut fast = GrundySolver::new(g);
            let mut plain = GrundySolver::without_closed_forms(g);
            let mut memo = HashMap::new();
            for counts in all_counts(6, 4) {
                let want = brute(m, &counts, &mut memo);
                let piles = piles_of(&counts);
                assert_eq!(plain.value(&piles).unwrap(), want, "{m:?} {counts:?}");
                assert_eq!(fast.value(&piles).unwrap(), want, "{m:?} {counts:?}");
                if let Some(v) = g.closed_form(&piles) {
                    assert_eq!(v, want, "{m:?} {counts:?}");
                }
            }
        }
    }

    #[test]
    fn misere_matches_brute_force() {
        for m in MODES {
            let mut solver = MisereSolver::new(game(m));
            let mut memo = HashMap::new();
            for counts in all_counts(5, 4) {
                let want = Outcome::from_grundy_zero(!brute_misere(m, &counts, &mut memo));
                assert_eq!(
                    solver.outcome(&piles_of(&counts)).unwrap(),
                    want,
                    "{m:?} {counts:?}"
                );
            }
        }
    }

    #[test]
    fn closed_forms_hold_on_larger_boards() {
        for m in [
            (true, false, false),
            (true, false, true),
            (false, false, true),
        ] {
            let g = game(m);
            let mut plain = GrundySolver::without_closed_forms(g);
            for counts in all_counts(10, 4) {
                let piles = piles_of(&counts);
                assert_eq!(g.closed_form(&piles), Some(plain.value(&piles).unwrap()));
            }
        }
    }

    #[test]
    fn whole_piles_are_not_nim() {
        // One stone at a time, two stones on square 1 are Nim heaps 1 and 1: worth 0.
        // Moving the pile to square 0 ends the game, so the pile is worth more.
        let stones = game((true, false, false));
        let piles = game((true, true, false));
        assert_eq!(stones.closed_form(&vec![(1, 2)]), Some(0));
        assert_ne!(GrundySolver::new(piles).value(&vec![(1, 2)]).unwrap(), 0);
        // Whole piles only: piles on squares 1 and 2 (Nim would give 3) are worth 0: the
        // moves leave piles on 0 and 2 (worth 2: to 0, or to 1 and then 0), on 0 and 1
        // (worth 1), or the two joined on 1 (worth 1).
        let only = game((false, true, false));
        assert_eq!(
            GrundySolver::new(only)
                .value(&vec![(1, 1), (2, 1)])
                .unwrap(),
            0
        );
    }

    #[test]
    fn notation() {
        let read_tokens =
            |tokens: &[&str]| read("two-dim-piles", &crate::games::args::number(tokens, 1));
        let (w, piles) = read_tokens(&["3", "1,2x2", "0,2", "1,2"]).unwrap();
        assert_eq!((w, piles.clone()), (3, vec![(2, 1), (5, 3)]));
        let g = TwoDimPiles {
            width: 3,
            ..game((true, true, false))
        };
        assert_eq!(g.format(&piles), "3 0,2 1,2x3");
        for (bad, why) in [
            (vec!["0", "0,0"], "at least 1"),
            (vec!["3", "0,3"], "below the width 3"),
            (vec!["3", "1,2x0"], "at least 1 stone"),
            (vec!["3", "1,2x"], "`row,colxN`"),
            (vec!["3", "1;2"], "`row,col`"),
            (vec!["3", "a,2x3"], "`row,col`"),
        ] {
            let err = read_tokens(&bad).unwrap_err().to_string();
            assert!(err.contains(why), "{bad:?}: {err}");
            assert!(err.contains("(argument"), "{bad:?}: {err}");
        }
        assert!(matches!(read_tokens(&["3"]), Err(Error::Rule(_))));
        assert!(matches!(
            read_tokens(&["3", "99999999999999,0"]),
            Err(Error::Limit(_))
        ));
        assert_eq!(
            TwoDimPiles::parse_moves("pile,take").unwrap().id(),
            "two-dim-piles:pile,take"
        );
        assert_eq!(
            TwoDimPiles::parse_moves("pile,stone").unwrap().id(),
            "two-dim-piles"
        );
        let err = TwoDimPiles::parse_moves("").unwrap_err().to_string();
        assert!(
            err.contains("expected the moves allowed after `:`"),
            "{err}"
        );
        let err = TwoDimPiles::parse_moves("pile,").unwrap_err().to_string();
        assert!(err.contains("`` (item 2 of `pile,`)"), "{err}");
    }

    #[test]
    fn moves_are_read_and_described() {
        let g = TwoDimPiles {
            width: 3,
            ..game((true, true, true))
        };
        let pos = vec![(2, 1), (5, 3)];
        assert_eq!(g.read_move(&pos, "1,2>0,2"), Some(Ok(vec![(2, 2), (5, 2)])));
        assert_eq!(g.read_move(&pos, "1,2>>0,2"), Some(Ok(vec![(2, 4)])));
        assert_eq!(g.read_move(&pos, "-0,2"), Some(Ok(vec![(5, 3)])));
        assert!(g
            .read_move(&pos, "0,2>1,0")
            .unwrap()
            .unwrap_err()
            .contains("not left"));
        assert!(g
            .read_move(&pos, "0,1>0,0")
            .unwrap()
            .unwrap_err()
            .contains("no stone"));
        assert_eq!(g.read_move(&pos, "hello"), None);
        assert_eq!(
            g.describe(&pos, &vec![(2, 4)]),
            "move the pile of 3 on 1,2 to 0,2 (joining the 1 there)"
        );
        assert_eq!(
            g.describe(&pos, &vec![(0, 1), (2, 1), (5, 2)]),
            "move a stone on 1,2 to 0,0"
        );
        assert_eq!(g.describe(&pos, &vec![(5, 3)]), "take a stone off 0,2");
        let stones = TwoDimPiles {
            width: 3,
            ..game((true, false, false))
        };
        assert!(stones.read_move(&pos, "1,2>>0,2").unwrap().is_err());
        assert!(stones.read_move(&pos, "-0,2").unwrap().is_err());
    }

    #[test]
    fn limits() {
        let g = TwoDimPiles {
            width: 8,
            ..game((true, true, false))
        };
        assert!(matches!(
            g.check_size(&vec![(63, 20)]),
            Err(Error::Limit(_))
        ));
        assert!(g.check_size(&vec![(20, 4)]).is_ok());
        // Without whole piles no search is needed.
        let stones = TwoDimPiles {
            width: 8,
            ..game((true, false, false))
        };
        assert!(stones.check_size(&vec![(1 << 30, 1 << 30)]).is_ok());
        assert_eq!(stones.closed_form(&vec![(1 << 30, 3)]), Some(1 << 30));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        #[test]
        fn values_match_brute_force(
            counts in proptest::collection::vec(0u64..3, 1..8),
            mode in 0usize..7,
        ) {
            let m = MODES[mode];
            let mut solver = GrundySolver::new(game(m));
            let mut memo = HashMap::new();
            prop_assert_eq!(solver.value(&piles_of(&counts)).unwrap(), brute(m, &counts, &mut memo));
        }

        #[test]
        fn parsing_never_panics(tokens in proptest::collection::vec("\\PC{0,12}", 0..4)) {
            let refs: Vec<&str> = tokens.iter().map(|s| s.as_str()).collect();
            if let Ok((w, piles)) = read("two-dim-piles", &crate::games::args::number(&refs, 1)) {
                let g = TwoDimPiles { width: w, ..game((true, true, false)) };
                let text = g.format(&piles);
                let again: Vec<&str> = text.split(' ').collect();
                prop_assert_eq!(read("two-dim-piles", &crate::games::args::number(&again, 1)).unwrap(), (w, piles));
            }
        }
    }
}
