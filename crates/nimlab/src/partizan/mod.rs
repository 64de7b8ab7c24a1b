//! Partizan games solved by their options: a position says what Left and Right can move
//! to (and, where the rules allow, which independent regions it splits into), and the
//! solvers find its canonical value in a [`crate::conway::Arena`], remembering the values
//! of the regions they have met. [`Solver`] serves one type of position; [`RulesetSolver`]
//! serves positions of every ruleset at once, asking each ruleset's closed form first.
//!
//! ```
//! use nimlab::conway::Arena;
//! use nimlab::partizan::{PartizanGame, Solver};
//! /// A strip of n squares on which Left takes one square and Right two.
//! #[derive(Clone, PartialEq, Eq, Hash)]
//! struct Strip(u32);
//! impl PartizanGame for Strip {
//!     fn left_options(&self) -> Vec<Strip> {
//!         (self.0 >= 1).then(|| Strip(self.0 - 1)).into_iter().collect()
//!     }
//!     fn right_options(&self) -> Vec<Strip> {
//!         (self.0 >= 2).then(|| Strip(self.0 - 2)).into_iter().collect()
//!     }
//! }
//! let mut a = Arena::new();
//! let mut solver = Solver::new();
//! // One square is Left's move alone: the number 1. Two squares are {1|0}.
//! let one = solver.value(&mut a, &Strip(1));
//! assert_eq!(one, a.integer(1));
//! let two = solver.value(&mut a, &Strip(2));
//! assert_eq!(nimlab::notation::print(&mut a, two), "{1|0}");
//! ```

mod ruleset_solver;
pub(crate) mod solver;

pub use ruleset_solver::{RulesetSolver, DEFAULT_TABLE_MEMORY};
pub use solver::{PartizanGame, Solver, MAX_REMEMBERED_POSITIONS};
