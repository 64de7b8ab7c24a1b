//! Conway's games: canonical forms of short partizan games, interned in an arena, with
//! exact numbers and the fast path for numbers, ups and nimbers.
//!
//! ```
//! use nimlab::conway::{Arena, Comparison};
//! let mut a = Arena::new();
//! let (zero, star) = (a.zero(), a.star(1));
//! let up = a.game(vec![zero], vec![star]);
//! // Text 001: ↑ ≥ 0 but ↑* is confused with 0.
//! assert_eq!(a.compare(up, zero), Comparison::Greater);
//! let upstar = a.add(up, star);
//! assert_eq!(a.compare(upstar, zero), Comparison::Confused);
//! ```

mod arena;
pub mod atomic;
mod born;
mod dyadic;
mod measures;
pub mod ops;
mod simplify;
mod thermograph;
mod uptimal;
pub(crate) mod walk;

pub use arena::{Arena, Comparison, GameId, Mark, Nus, MAX_EXPANDED, MAX_GAMES};
pub use born::{born_by, MAX_DAY};
pub use dyadic::Dyadic;
pub use measures::{birthday, outcome, stop};
pub use simplify::{simplify, Player, Simplification, Step, StepKind, MAX_STEPS};
pub use thermograph::{
    mean, rational_text, temperature, thermograph, thermograph_with, Rational, Thermograph,
    Trajectory,
};
pub use uptimal::{Uptimal, Uptimals};

#[cfg(test)]
mod tests;
