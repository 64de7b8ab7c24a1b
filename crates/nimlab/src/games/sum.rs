//! Sums of catalogue positions, possibly of different games.

use super::position::{Move, Position};
use crate::{Error, Result};
use rustc_hash::FxHashMap;

/// A disjoint sum of positions: a move is made in exactly one part.
#[derive(Debug)]
pub struct Sum {
    /// The parts, in the order they were written.
    pub parts: Vec<Box<dyn Position>>,
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

    /// The game: the part's id for one part, `sum` otherwise.
    pub fn game(&self) -> String {
        if self.parts.len() == 1 {
            self.parts[0].game()
        } else {
            "sum".to_string()
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

/// The deepest misère game a sum search follows before it gives up.
pub const MAX_MISERE_DEPTH: usize = 20_000;
/// The most sum positions a misère sum search memoises.
pub const MAX_MISERE_STATES: usize = 5_000_000;

/// Misère search over a sum of different games (misère play does not decompose, so the
/// whole sum is searched, part by part).
#[derive(Default)]
pub struct MisereSumSearch {
    memo: FxHashMap<Vec<String>, bool>,
}

impl MisereSumSearch {
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
    /// # Errors
    /// [`Error::Limit`] when the search is too deep or too wide.
    pub fn next_wins(&mut self, parts: &[Box<dyn Position>]) -> Result<bool> {
        self.search(parts, 0)
    }

    fn search(&mut self, parts: &[Box<dyn Position>], depth: usize) -> Result<bool> {
        if depth > MAX_MISERE_DEPTH {
            return Err(Error::limit(
                "a misère sum whose play lasts this long",
                format!("{MAX_MISERE_DEPTH} moves deep"),
            ));
        }
        let key: Vec<String> = parts.iter().map(|p| p.notation()).collect();
        if let Some(&w) = self.memo.get(&key) {
            return Ok(w);
        }
        let mut any_move = false;
        let mut win = false;
        'parts: for i in 0..parts.len() {
            for Move { to, .. } in parts[i].options()? {
                any_move = true;
                let next = replace(parts, i, to);
                if !self.search(&next, depth + 1)? {
                    win = true;
                    break 'parts;
                }
            }
        }
        // No move at all: the player to move has not made the last move, and wins.
        let result = win || !any_move;
        if self.memo.len() >= MAX_MISERE_STATES {
            return Err(Error::limit(
                "a misère sum this large",
                format!("{MAX_MISERE_STATES} positions searched"),
            ));
        }
        self.memo.insert(key, result);
        Ok(result)
    }
}

/// The parts with part `i` replaced by `to`.
fn replace(parts: &[Box<dyn Position>], i: usize, to: Box<dyn Position>) -> Vec<Box<dyn Position>> {
    let mut to = Some(to);
    parts
        .iter()
        .enumerate()
        .map(|(k, p)| {
            if k == i {
                to.take().unwrap_or_else(|| p.boxed_clone())
            } else {
                p.boxed_clone()
            }
        })
        .collect()
}
