//! Misère outcomes by search.

use super::ImpartialGame;
use crate::{Error, Outcome, Result};
use rustc_hash::FxHashMap;

/// Decides misère outcomes (the player who makes the last move loses) by exhaustive,
/// memoised search.
///
/// Misère play does not decompose into a sum of parts, so the whole position is searched;
/// this is for small games. The search is iterative and stops early at the first option
/// that is a P-position.
///
/// ```
/// use nimlab::impartial::{ImpartialGame, MisereSolver};
/// use nimlab::Outcome;
/// struct Nim;
/// impl ImpartialGame for Nim {
///     type Position = Vec<u64>;
///     fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
///         for i in 0..heaps.len() {
///             for smaller in 0..heaps[i] {
///                 let mut next = heaps.clone();
///                 next[i] = smaller;
///                 out.push(next);
///             }
///         }
///     }
/// }
/// // Marienbad 1 3 5 7 in misère play: the first player loses.
/// assert_eq!(MisereSolver::new(Nim).outcome(&vec![1, 3, 5, 7]).unwrap(), Outcome::P);
/// ```
pub struct MisereSolver<G: ImpartialGame> {
    game: G,
    memo: FxHashMap<G::Position, bool>,
    state_limit: usize,
}

struct Frame<P> {
    pos: P,
    options: Vec<P>,
    next: usize,
}

impl<G: ImpartialGame> MisereSolver<G> {
    /// A misère solver for `game`.
    pub fn new(game: G) -> Self {
        MisereSolver {
            game,
            memo: FxHashMap::default(),
            state_limit: super::DEFAULT_STATE_LIMIT,
        }
    }

    /// Sets the number of positions the solver may memoise.
    pub fn with_state_limit(mut self, limit: usize) -> Self {
        self.state_limit = limit;
        self
    }

    fn open(&self, pos: G::Position) -> Frame<G::Position> {
        let mut options = Vec::new();
        self.game.options(&pos, &mut options);
        for o in &mut options {
            *o = self.game.canonical(o);
        }
        Frame {
            pos,
            options,
            next: 0,
        }
    }

    /// The misère outcome of `pos`: `N` if the player to move can avoid making the last
    /// move, `P` otherwise.
    ///
    /// # Errors
    /// [`Error::Limit`] when the search would memoise more positions than the limit.
    pub fn outcome(&mut self, pos: &G::Position) -> Result<Outcome> {
        Ok(Outcome::from_grundy_zero(!self.is_next_win(pos)?))
    }

    /// True when the player to move wins `pos` in misère play.
    ///
    /// # Errors
    /// As [`MisereSolver::outcome`].
    pub fn is_next_win(&mut self, pos: &G::Position) -> Result<bool> {
        let pos = self.game.canonical(pos);
        if let Some(&w) = self.memo.get(&pos) {
            return Ok(w);
        }
        let mut stack = vec![self.open(pos)];
        let mut returned: Option<bool> = None;
        let mut every = crate::limits::Every::new(12);
        loop {
            every.check()?;
            let top = stack.last_mut().expect("stack is not empty");
            // A child's result just came back.
            let mut result = None;
            if let Some(child_wins) = returned.take() {
                if !child_wins {
                    result = Some(true);
                } else {
                    top.next += 1;
                }
            }
            if result.is_none() {
                // A position without moves is a win for the player to move in misère play.
                if top.options.is_empty() {
                    result = Some(true);
                }
            }
            let mut descend = None;
            if result.is_none() {
                while top.next < top.options.len() {
                    match self.memo.get(&top.options[top.next]) {
                        Some(false) => {
                            result = Some(true);
                            break;
                        }
                        Some(true) => top.next += 1,
                        None => {
                            descend = Some(top.options[top.next].clone());
                            break;
                        }
                    }
                }
                if result.is_none() && descend.is_none() {
                    result = Some(false);
                }
            }
            if let Some(child) = descend {
                let frame = self.open(child);
                stack.push(frame);
                continue;
            }
            let win = result.expect("decided");
            let frame = stack.pop().expect("stack is not empty");
            if self.memo.len() >= self.state_limit {
                self.memo.clear();
                return Err(Error::limit(
                    "searching this misère position",
                    format!("{} positions (the solver's state limit)", self.state_limit),
                ));
            }
            self.memo.insert(frame.pos, win);
            if stack.is_empty() {
                return Ok(win);
            }
            returned = Some(win);
        }
    }
}
