//! Sums of catalogue positions, possibly of different games.

use super::position::{Move, Position};
use crate::loopy::Explorable;
use crate::{Error, Result};
use rustc_hash::FxHashMap;

/// A disjoint sum of positions: a move is made in exactly one part.
#[derive(Debug)]
pub struct Sum {
    /// The parts, in the order they were written.
    pub parts: Vec<Box<dyn Position>>,
}

impl Clone for Sum {
    fn clone(&self) -> Self {
        Sum {
            parts: self.parts.iter().map(|p| p.boxed_clone()).collect(),
        }
    }
}

/// A sum is explored for loopy play position by position, each told apart by its key.
impl Explorable for Sum {
    fn key(&self) -> String {
        Sum::key(self)
    }

    fn name(&self) -> String {
        self.notation()
    }

    fn successors(&self) -> Result<Vec<Sum>> {
        let mut all = Vec::new();
        for (i, part) in self.parts.iter().enumerate() {
            for m in part.options()? {
                all.push(self.after_move(i, m.to));
            }
        }
        Ok(all)
    }
}

/// A move of a sum: the part it is played in, the whole sum after it, and the move in
/// words.
#[derive(Debug)]
pub struct Turn {
    /// The part of the sum the move is played in (0-based).
    pub part: usize,
    /// The sum after the move.
    pub after: Sum,
    /// The move in words, with its part when the sum has several.
    pub description: String,
}

impl Sum {
    /// The sum written as it is read: `game position + game position`, or for a single
    /// part the position alone.
    ///
    /// ```
    /// let cat = nimlab::games::Catalogue::standard();
    /// assert_eq!(cat.parse_sum(&["nim", "3", "5"]).unwrap().notation(), "3 5");
    /// ```
    pub fn notation(&self) -> String {
        if self.parts.len() == 1 {
            return self.parts[0].notation();
        }
        self.notation_with(usize::MAX, "")
    }

    /// The sum with every part's game id, `game position + game position`: a key that
    /// tells positions of different sums apart.
    ///
    /// ```
    /// let cat = nimlab::games::Catalogue::standard();
    /// assert_eq!(cat.parse_sum(&["nim", "3", "5"]).unwrap().key(), "nim 3 5");
    /// ```
    pub fn key(&self) -> String {
        self.parts
            .iter()
            .map(|p| format!("{} {}", p.game(), p.notation()))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// The game: the part's id for one part, `sum` otherwise.
    pub fn game(&self) -> String {
        if self.parts.len() == 1 {
            self.parts[0].game()
        } else {
            "sum".to_string()
        }
    }

    /// The sum after a move in part `i` that leads to `to`. In the other parts the turn
    /// passes to the other player, for games whose positions say whose turn it is.
    ///
    /// ```
    /// let cat = nimlab::games::Catalogue::standard();
    /// let sum = cat.parse_sum(&["nim", "3", "+", "northcott", "w..b"]).unwrap();
    /// let to = cat.parse_position("nim", &["1"], 1).unwrap();
    /// assert_eq!(sum.after_move(0, to).notation(), "nim 1 + northcott w..b black");
    /// ```
    pub fn after_move(&self, i: usize, to: Box<dyn Position>) -> Sum {
        Sum {
            parts: replace(&self.parts, i, to),
        }
    }

    /// Every legal move of the sum, part by part, each with the sum after it.
    ///
    /// ```
    /// let cat = nimlab::games::Catalogue::standard();
    /// let sum = cat.parse_sum(&["nim", "1", "+", "nim", "2"]).unwrap();
    /// let turns = sum.turns().unwrap();
    /// assert_eq!(turns.len(), 3);
    /// assert_eq!(turns[0].after.notation(), "nim 0 + nim 2");
    /// assert_eq!(turns[0].description, "take all 1 from heap 1 (in part 1, nim 1)");
    /// ```
    ///
    /// # Errors
    /// [`crate::Error::Limit`] when a part has too many moves to list.
    pub fn turns(&self) -> Result<Vec<Turn>> {
        let mut out = Vec::new();
        for i in 0..self.parts.len() {
            out.extend(self.turns_of_part(i)?);
        }
        Ok(out)
    }

    /// The moves of part `i` only, as [`Sum::turns`].
    ///
    /// # Errors
    /// [`crate::Error::Limit`] when the part has too many moves to list, or the
    /// computation was stopped.
    pub fn turns_of_part(&self, i: usize) -> Result<Vec<Turn>> {
        let Some(part) = self.parts.get(i) else {
            return Ok(Vec::new());
        };
        let options = part.options()?;
        let mut out = Vec::with_capacity(options.len());
        for (k, m) in options.into_iter().enumerate() {
            if k % 1024 == 0 {
                crate::limits::check()?;
            }
            out.push(self.turn(i, m));
        }
        Ok(out)
    }

    /// The move `m` of part `i` as a move of the whole sum.
    pub fn turn(&self, i: usize, m: Move) -> Turn {
        Turn {
            part: i,
            description: self.in_part(i, m.description),
            after: self.after_move(i, m.to),
        }
    }

    /// The move `description` in part `i`, named with its part when there are several:
    /// `take 1 from heap 1 (in part 2, nim 3)`.
    pub fn in_part(&self, i: usize, description: String) -> String {
        match self.parts.get(i) {
            Some(part) if self.parts.len() > 1 => format!(
                "{description} (in part {}, {} {})",
                i + 1,
                part.game(),
                part.notation()
            ),
            _ => description,
        }
    }

    /// The sum's notation with part `i` written as `replacement`.
    pub fn notation_with(&self, i: usize, replacement: &str) -> String {
        if self.parts.len() == 1 && i == 0 {
            return replacement.to_string();
        }
        self.parts
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let pos = if k == i {
                    replacement.to_string()
                } else {
                    p.notation()
                };
                if pos.is_empty() {
                    p.game()
                } else {
                    format!("{} {}", p.game(), pos)
                }
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// The most positions a misère sum may have: a larger sum is refused before its search
/// starts (a second or so of search).
pub const MAX_MISERE_POSITIONS: u64 = 200_000;
/// The most moves a misère sum may have among all its positions.
pub const MAX_MISERE_MOVES: u64 = 2_000_000;

/// The limit of a misère sum search, in words.
fn misere_limit() -> String {
    format!(
        "{MAX_MISERE_POSITIONS} positions and {MAX_MISERE_MOVES} moves (misère play does not split into the parts' values, so the whole sum is searched)"
    )
}

/// Misère search over a sum of different games (misère play does not decompose, so the
/// whole sum is searched, part by part).
///
/// The search is iterative (an explicit stack), so a sum whose play lasts a million moves
/// does not overflow the call stack.
#[derive(Default)]
pub struct MisereSumSearch {
    memo: FxHashMap<Vec<String>, bool>,
    checked: bool,
}

/// A sum position being searched: its moves are tried part by part.
struct Frame {
    parts: Vec<Box<dyn Position>>,
    key: Vec<String>,
    /// The part whose moves `moves` holds.
    part: usize,
    moves: std::vec::IntoIter<Move>,
    any_move: bool,
}

impl Frame {
    fn open(parts: Vec<Box<dyn Position>>, key: Vec<String>) -> Result<Frame> {
        let moves = match parts.first() {
            Some(p) => p.options()?,
            None => Vec::new(),
        };
        Ok(Frame {
            any_move: !moves.is_empty(),
            parts,
            key,
            part: 0,
            moves: moves.into_iter(),
        })
    }

    /// The next move to try, moving on to the next part when one is done.
    fn next_move(&mut self) -> Result<Option<(usize, Move)>> {
        loop {
            if let Some(m) = self.moves.next() {
                return Ok(Some((self.part, m)));
            }
            self.part += 1;
            let Some(p) = self.parts.get(self.part) else {
                return Ok(None);
            };
            let moves = p.options()?;
            self.any_move |= !moves.is_empty();
            self.moves = moves.into_iter();
        }
    }
}

fn key_of(parts: &[Box<dyn Position>]) -> Vec<String> {
    parts.iter().map(|p| p.notation()).collect()
}

impl MisereSumSearch {
    /// Refuses a sum too large to search: more than `MAX_MISERE_POSITIONS` positions or
    /// `MAX_MISERE_MOVES` moves. The positions of a sum are the tuples of its parts'
    /// positions, so only the parts are counted, never the sum: the check is quick.
    ///
    /// ```
    /// use nimlab::games::{Catalogue, MisereSumSearch};
    /// let cat = Catalogue::standard();
    /// let small = cat.parse_sum(&["nim", "3", "+", "subtraction:1,3,4", "5"]).unwrap();
    /// assert!(MisereSumSearch::check_size(&small.parts).is_ok());
    /// let large = cat.parse_sum(&["nim", "20", "20", "20", "+", "nim", "20", "20"]).unwrap();
    /// assert!(MisereSumSearch::check_size(&large.parts).is_err());
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] naming the limit.
    pub fn check_size(parts: &[Box<dyn Position>]) -> Result<()> {
        let mut reaches = Vec::with_capacity(parts.len());
        // The parts counted so far multiply the size of each part still to count: a part
        // is counted only as far as it could keep the sum within the limits.
        let mut product: u64 = 1;
        for (i, p) in parts.iter().enumerate() {
            let budget_positions = MAX_MISERE_POSITIONS / product;
            let budget_moves = MAX_MISERE_MOVES / product;
            let Some(r) = p.reach(budget_positions, budget_moves)? else {
                // Part i has more than the budget left by the parts before it: the sum of
                // parts 1..=i already has more than the limit.
                let whose = if i == 0 {
                    format!("whose part 1 ({}) alone has", p.game())
                } else {
                    format!("whose parts 1 to {} together have", i + 1)
                };
                return Err(Error::limit(
                    format!(
                        "searching this misère sum, {whose} more than {MAX_MISERE_POSITIONS} positions or {MAX_MISERE_MOVES} moves,"
                    ),
                    misere_limit(),
                ));
            };
            product = product.saturating_mul(r.positions.max(1));
            reaches.push(r);
        }
        // Each position of the sum has the moves of all its parts: part i contributes its
        // moves once for every combination of the other parts' positions.
        let positions = reaches
            .iter()
            .fold(1u128, |acc, r| acc.saturating_mul(u128::from(r.positions)));
        let moves = reaches.iter().fold(0u128, |acc, r| {
            let others = positions / u128::from(r.positions.max(1));
            acc.saturating_add(others.saturating_mul(u128::from(r.moves)))
        });
        if positions > u128::from(MAX_MISERE_POSITIONS) || moves > u128::from(MAX_MISERE_MOVES) {
            return Err(Error::limit(
                format!("searching this misère sum of {positions} positions and {moves} moves"),
                misere_limit(),
            ));
        }
        Ok(())
    }

    /// True when the player to move wins the sum `parts` in misère play.
    ///
    /// ```
    /// use nimlab::games::{Catalogue, MisereSumSearch};
    /// let cat = Catalogue::standard();
    /// let sum = cat.parse_sum(&["nim", "1", "+", "nim", "1"]).unwrap();
    /// // Two single coins: the mover takes one, the opponent must take the last.
    /// assert!(MisereSumSearch::default().next_wins(&sum.parts).unwrap());
    /// ```
    ///
    /// The first call checks the sum's size ([`MisereSumSearch::check_size`]); later calls
    /// are for positions reached from it, which are no larger.
    ///
    /// # Errors
    /// [`Error::Limit`] when the sum is too large to search.
    pub fn next_wins(&mut self, parts: &[Box<dyn Position>]) -> Result<bool> {
        if !self.checked {
            Self::check_size(parts)?;
            self.checked = true;
        }
        let key = key_of(parts);
        if let Some(&w) = self.memo.get(&key) {
            return Ok(w);
        }
        let copy = parts.iter().map(|p| p.boxed_clone()).collect();
        let mut stack = vec![Frame::open(copy, key)?];
        // The result of the position just searched, for the frame below it.
        let mut returned: Option<bool> = None;
        while let Some(top) = stack.last_mut() {
            // The player to move wins by a move to a position the opponent loses.
            let mut win = returned.take() == Some(false);
            let mut descend = None;
            while !win && descend.is_none() {
                let Some((i, m)) = top.next_move()? else {
                    break;
                };
                let next = replace(&top.parts, i, m.to);
                let key = key_of(&next);
                match self.memo.get(&key) {
                    Some(false) => win = true,
                    Some(true) => {}
                    None => descend = Some((next, key)),
                }
            }
            if let Some((next, key)) = descend {
                stack.push(Frame::open(next, key)?);
                continue;
            }
            // No move at all: the player to move has not made the last move, and wins.
            let result = win || !top.any_move;
            if self.memo.len() >= MAX_MISERE_POSITIONS as usize {
                return Err(Error::limit(
                    "a misère sum this large",
                    format!("{MAX_MISERE_POSITIONS} positions searched"),
                ));
            }
            let done = stack.pop().expect("the stack has a top");
            self.memo.insert(done.key, result);
            returned = Some(result);
        }
        Ok(returned.expect("the first position was searched"))
    }
}

/// The parts after a move in part `i` that leads to `to`: the other parts pass the turn
/// (see [`Position::turn_passed`]).
pub fn replace(
    parts: &[Box<dyn Position>],
    i: usize,
    to: Box<dyn Position>,
) -> Vec<Box<dyn Position>> {
    let mut to = Some(to);
    parts
        .iter()
        .enumerate()
        .map(|(k, p)| {
            if k == i {
                to.take().unwrap_or_else(|| p.boxed_clone())
            } else {
                p.turn_passed().unwrap_or_else(|| p.boxed_clone())
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::position::reach_by_search;
    use crate::games::Catalogue;

    fn sum(text: &str) -> Sum {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        Catalogue::standard().parse_sum(&tokens).unwrap()
    }

    #[test]
    fn large_sums_are_refused_before_any_search() {
        for text in [
            "nim 20 20 20 + nim 20 20",
            "wythoff 40 40 + wythoff 40 40",
            "nim 30 30 30 30 + nim 3",
            "subtraction:1,2 3000 + subtraction:1,3,4 3000",
            "count-up:1000000,1 0 + nim 1",
        ] {
            let mut search = MisereSumSearch::default();
            let err = search.next_wins(&sum(text).parts).unwrap_err();
            assert!(matches!(err, Error::Limit(_)), "{text}: {err}");
            assert!(
                err.to_string().contains("200000 positions"),
                "{text}: {err}"
            );
            assert!(search.memo.is_empty(), "{text}: searched before refusing");
        }
    }

    /// Misère play of subtraction {1, 3, 4} on heap a beside Nim heaps b and c, by plain
    /// recursion over the triples: the player with no move wins.
    fn brute_force_next_wins(a: u64, b: u64, c: u64) -> bool {
        let mut options = Vec::new();
        options.extend([1, 3, 4].iter().filter(|&&s| s <= a).map(|s| (a - s, b, c)));
        options.extend((0..b).map(|x| (a, x, c)));
        options.extend((0..c).map(|x| (a, b, x)));
        options.is_empty()
            || options
                .into_iter()
                .any(|(a, b, c)| !brute_force_next_wins(a, b, c))
    }

    #[test]
    fn small_sums_agree_with_brute_force() {
        for a in 0..9 {
            for b in 0..4 {
                for c in 0..4 {
                    let s = sum(&format!("subtraction:1,3,4 {a} + nim {b} {c}"));
                    let got = MisereSumSearch::default().next_wins(&s.parts).unwrap();
                    assert_eq!(got, brute_force_next_wins(a, b, c), "{a} + {b} {c}");
                }
            }
        }
        // The example of the limit's documentation: heap 5 of {1, 3, 4} beside Nim 3.
        let s = sum("subtraction:1,3,4 5 + nim 3");
        assert_eq!(
            MisereSumSearch::default().next_wins(&s.parts).unwrap(),
            brute_force_next_wins(5, 3, 0)
        );
    }

    #[test]
    fn a_deep_sum_is_searched_without_recursion() {
        // Counting to N by ones beside one coin: every play lasts N + 1 moves, so the
        // first player makes the last move, and loses, exactly when N + 1 is odd. Searched
        // on a thread with a small stack: the search must not recurse.
        let deep = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(|| {
                [30_000u64, 29_999].map(|n| {
                    let s = sum(&format!("count-up:{n},1 0 + nim 1"));
                    MisereSumSearch::default().next_wins(&s.parts).unwrap()
                })
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(deep, [false, true]);
    }

    #[test]
    fn parts_count_their_positions_as_a_search_does() {
        for text in [
            "nim 3 0 2",
            "nim 4 4",
            "subtraction:1,3,4 9",
            "count-up:12,3 2",
            "wythoff 3 4",
            "kayles 5",
        ] {
            let part = &sum(text).parts[0];
            let exact = reach_by_search(&**part, u64::MAX, u64::MAX)
                .unwrap()
                .unwrap();
            assert_eq!(
                part.reach(u64::MAX, u64::MAX).unwrap(),
                Some(exact),
                "{text}"
            );
            let (p, m) = (exact.positions, exact.moves);
            assert_eq!(part.reach(p, m).unwrap(), Some(exact), "{text}");
            assert_eq!(part.reach(p - 1, m).unwrap(), None, "{text}");
            if m > 0 {
                assert_eq!(part.reach(p, m - 1).unwrap(), None, "{text}");
            }
        }
        // Heap 300 of {1, 2}: heaps 0..=300, with one move from 1 and two from the rest.
        let part = &sum("subtraction:1,2 300").parts[0];
        let r = part.reach(u64::MAX, u64::MAX).unwrap().unwrap();
        assert_eq!((r.positions, r.moves), (301, 1 + 2 * 299));
    }
}
