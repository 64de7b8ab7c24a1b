//! The generic memoised Grundy solver.

use super::memo::Memo;
use super::ImpartialGame;
use crate::nimber::MexSet;
use crate::{Error, Result};

/// The number of positions a solver memoises before it gives up with
/// [`Error::Limit`], unless told otherwise.
pub const DEFAULT_STATE_LIMIT: usize = 50_000_000;

/// Computes Grundy values by the mex rule, memoising every position it meets.
///
/// The search is iterative (an explicit stack, no recursion), so a game tree of any
/// depth is fine: a position 10^6 moves deep does not overflow the call stack. Positions
/// that split into components are valued as the nim-sum of their parts, and each part is
/// memoised on its own. Closed forms are used when the game gives them, unless turned
/// off with [`GrundySolver::without_closed_forms`] (which is how tests hold a closed form
/// against the search).
///
/// ```
/// use nimlab::impartial::{GrundySolver, ImpartialGame};
/// struct Halving;
/// impl ImpartialGame for Halving {
///     type Position = u64;
///     fn options(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend((1..=n / 2).map(|k| n - k));
///     }
/// }
/// let mut solver = GrundySolver::new(Halving);
/// let p: Vec<u64> = (0..40).filter(|n| solver.value(n).unwrap() == 0).collect();
/// assert_eq!(p, vec![0, 1, 3, 7, 15, 31]);
/// ```
///
/// # Errors
/// [`Error::Limit`] when more than the state limit of positions would be memoised.
pub struct GrundySolver<G: ImpartialGame> {
    game: G,
    memo: Memo<G::Position>,
    use_closed_forms: bool,
    state_limit: usize,
    // Scratch space kept between calls.
    arena: Vec<G::Position>,
    values: Vec<u64>,
    stack: Vec<Frame<G::Position>>,
    mex: MexSet,
}

struct Frame<P> {
    pos: P,
    start: usize,
    next: usize,
    is_sum: bool,
}

impl<G: ImpartialGame> GrundySolver<G> {
    /// A solver for `game` that uses its closed forms.
    pub fn new(game: G) -> Self {
        GrundySolver {
            game,
            memo: Memo::new(),
            use_closed_forms: true,
            state_limit: DEFAULT_STATE_LIMIT,
            arena: Vec::new(),
            values: Vec::new(),
            stack: Vec::new(),
            mex: MexSet::default(),
        }
    }

    /// A solver that ignores the game's closed forms and searches every position.
    ///
    /// ```
    /// # use nimlab::impartial::{GrundySolver, ImpartialGame};
    /// struct Wrong;
    /// impl ImpartialGame for Wrong {
    ///     type Position = u8;
    ///     fn options(&self, _: &u8, _: &mut Vec<u8>) {}
    ///     fn closed_form(&self, _: &u8) -> Option<u64> { Some(7) }
    /// }
    /// assert_eq!(GrundySolver::new(Wrong).value(&0).unwrap(), 7);
    /// assert_eq!(GrundySolver::without_closed_forms(Wrong).value(&0).unwrap(), 0);
    /// ```
    pub fn without_closed_forms(game: G) -> Self {
        let mut s = Self::new(game);
        s.use_closed_forms = false;
        s
    }

    /// Sets the number of positions the solver may memoise.
    pub fn with_state_limit(mut self, limit: usize) -> Self {
        self.state_limit = limit;
        self
    }

    /// Reserves room for `positions` more memoised positions, for a search whose size is
    /// known in advance (positions the game numbers need no reservation: their table grows
    /// by doubling).
    pub fn reserve(&mut self, positions: usize) {
        self.memo.reserve(positions.min(self.state_limit));
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions are memoised.
    pub fn memoised(&self) -> usize {
        self.memo.len()
    }

    fn known(&self, pos: &G::Position) -> Option<u64> {
        if self.use_closed_forms {
            if let Some(v) = self.game.closed_form(pos) {
                return Some(v);
            }
        }
        self.memo.get(pos, self.game.dense_index(pos))
    }

    fn open(&mut self, pos: G::Position) -> Frame<G::Position> {
        let start = self.arena.len();
        let is_sum = match self.game.components(&pos) {
            Some(parts) if parts.len() > 1 => {
                self.arena.extend(parts);
                true
            }
            _ => {
                self.game.options(&pos, &mut self.arena);
                false
            }
        };
        self.values.resize(self.arena.len(), 0);
        Frame {
            pos,
            start,
            next: start,
            is_sum,
        }
    }

    /// The Grundy value of `pos`.
    ///
    /// # Errors
    /// [`Error::Limit`] when the search would memoise more positions than the limit.
    pub fn value(&mut self, pos: &G::Position) -> Result<u64> {
        if let Some(v) = self.known(pos) {
            return Ok(v);
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        let root = self.open(pos.clone());
        stack.push(root);
        let result = self.run(&mut stack);
        if result.is_err() {
            self.arena.clear();
            self.values.clear();
        }
        self.stack = stack;
        result
    }

    fn run(&mut self, stack: &mut Vec<Frame<G::Position>>) -> Result<u64> {
        let mut every = crate::limits::Every::new(12);
        loop {
            every.check()?;
            let top = stack.len() - 1;
            let mut descend = None;
            {
                let frame = &mut stack[top];
                while frame.next < self.arena.len() {
                    let child = &self.arena[frame.next];
                    let known = if self.use_closed_forms {
                        self.game.closed_form(child)
                    } else {
                        None
                    }
                    .or_else(|| self.memo.get(child, self.game.dense_index(child)));
                    match known {
                        Some(v) => {
                            self.values[frame.next] = v;
                            frame.next += 1;
                        }
                        None => {
                            descend = Some(child.clone());
                            break;
                        }
                    }
                }
            }
            if let Some(child) = descend {
                let frame = self.open(child);
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("stack is not empty");
            let children = &self.values[frame.start..self.arena.len()];
            let v = if frame.is_sum {
                children.iter().fold(0, |a, &b| a ^ b)
            } else {
                small_mex(children).unwrap_or_else(|| {
                    self.mex.clear();
                    for &c in children {
                        self.mex.insert(c);
                    }
                    self.mex.mex()
                })
            };
            self.arena.truncate(frame.start);
            self.values.truncate(frame.start);
            if self.memo.len() >= self.state_limit {
                self.memo.clear();
                return Err(Error::limit(
                    "searching this position",
                    format!("{} positions (the solver's state limit)", self.state_limit),
                ));
            }
            let index = self.game.dense_index(&frame.pos);
            self.memo.insert(frame.pos, index, v);
            match stack.last_mut() {
                Some(parent) => {
                    self.values[parent.next] = v;
                    parent.next += 1;
                }
                None => return Ok(v),
            }
        }
    }
}

/// The mex of values that are all below 64, by a bit mask; `None` if one is larger.
fn small_mex(values: &[u64]) -> Option<u64> {
    let mut mask = 0u64;
    for &v in values {
        if v >= 64 {
            return None;
        }
        mask |= 1 << v;
    }
    Some(u64::from((!mask).trailing_zeros()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A single heap from which one may take exactly 1: depth n.
    struct Chain;
    impl ImpartialGame for Chain {
        type Position = u64;
        fn options(&self, &n: &u64, out: &mut Vec<u64>) {
            if n > 0 {
                out.push(n - 1);
            }
        }
    }

    #[test]
    fn a_million_moves_deep_does_not_overflow() {
        let mut s = GrundySolver::new(Chain);
        assert_eq!(s.value(&1_000_000).unwrap(), 0);
        assert_eq!(s.value(&999_999).unwrap(), 1);
    }

    #[test]
    fn the_state_limit_is_an_error() {
        let mut s = GrundySolver::new(Chain).with_state_limit(1000);
        let err = s.value(&5000).unwrap_err();
        assert!(matches!(err, Error::Limit(_)));
    }
}
