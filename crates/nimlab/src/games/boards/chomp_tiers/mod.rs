//! Chomp solved tier by tier: the outcome (P or N) of every position inside a rectangle,
//! 2 bits each, in a file.
//!
//! The positions of a rectangle of R rows and C columns are its staircases, C(R + C, R)
//! of them; tier t holds those of t pieces. Every move takes a piece, so a position's
//! options lie in lower tiers, and the tiers are solved from 1 (the poisoned piece alone)
//! up ([`solve_tier`], [`solve`]). Within a tier the positions are ranked by a
//! combinatorial number system over lattice paths of a given area ([`Staircases`]), so
//! that an option's rank follows from its parent's in a look-up a row. The outcomes take
//! 2 bits a position ([`Outcomes`]): a 16 × 16 rectangle's 601,080,389 positions fit in
//! 150 MB, where the table of Grundy values of [`super::chomp`] takes 2 bytes each.
//!
//! A tier splits into shares ([`Share`]) that can be solved apart given the tiers below,
//! each by its own process, exchanging their blocks after each tier.
//!
//! ```
//! use nimlab::games::boards::chomp_tiers::{solve, Outcomes, Staircases};
//! use nimlab::Outcome;
//! let mut table = Outcomes::new(Staircases::new(5, 5).unwrap());
//! solve(&mut table, None, |_| {}).unwrap();
//! // The square's winning move takes 2,2 and leaves an L of equal arms.
//! assert_eq!(table.outcome(&[5, 5, 5, 5, 5]), Some(Outcome::N));
//! assert_eq!(table.outcome(&[5, 1, 1, 1, 1]), Some(Outcome::P));
//! ```

mod answer;
mod file;
mod rank;
mod solve;
mod table;
#[cfg(test)]
mod tests;

pub use answer::{answer, Answer, WinningMove};
pub use file::{read_database, write_database, MAGIC, VERSION};
pub use rank::{Staircases, MAX_SIDE};
pub use solve::{receive_share, share_blocks, solve, solve_tier, Share, TierReport, BLOCK};
pub use table::{Outcomes, N, P, UNKNOWN};
