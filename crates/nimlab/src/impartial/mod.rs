//! Impartial games: the [`ImpartialGame`] trait, the memoised Grundy solver and the
//! misère outcome search.
//!
//! ```
//! use nimlab::impartial::{GrundySolver, ImpartialGame};
//!
//! /// Subtraction game S = {1, 2}: a heap of n has value n mod 3.
//! struct TakeOneOrTwo;
//! impl ImpartialGame for TakeOneOrTwo {
//!     type Position = u64;
//!     fn options(&self, &n: &u64, out: &mut Vec<u64>) {
//!         out.extend([1, 2].into_iter().filter(|&s| s <= n).map(|s| n - s));
//!     }
//! }
//! let mut solver = GrundySolver::new(TakeOneOrTwo);
//! assert_eq!(solver.value(&10).unwrap(), 1);
//! ```

mod game;
mod memo;
mod misere;
mod reach;
mod solver;

pub use game::{pair_index, ImpartialGame};
pub use misere::MisereSolver;
pub use reach::{reach, Reach};
pub use solver::{GrundySolver, DEFAULT_STATE_LIMIT};
