//! Misère play of impartial games: Conway's misère canonical forms (the simplest form of
//! a game under misère play, where the player who cannot move wins), as CGSuite computes
//! them.
//!
//! Games live in a [`MisereStore`], interned once in simplest form, so that two games are
//! equal in every misère sum exactly when their [`MisereId`]s are. The store sums games,
//! finds mates, nim values G⁺ and G⁻, genera ([`Genus`]), phyla ([`Phylum`]), parts and
//! partitions, links and distinguishers, and reads and prints CGSuite's `*[…]` notation.
//!
//! [`quotient`] computes the Plambeck–Siegel misère quotient of a heap game: the
//! commutative monoid of its sums of heaps up to indistinguishability in misère play,
//! with the elements that are P-positions.
//!
//! ```
//! use nimlab::misere::MisereStore;
//! let mut s = MisereStore::new();
//! // {*2} (written 2#) is a misère P-position, of genus 0^0.
//! let g = s.parse("*[[2]]").unwrap();
//! assert_eq!(s.display(g).unwrap(), "*[2#]");
//! assert_eq!(s.genus(g).unwrap().to_string(), "0^0");
//! assert_eq!(s.outcome(g), nimlab::Outcome::P);
//! ```

mod canonical;
mod genus;
mod link;
mod notation;
mod parts;
mod phylum;
pub mod quotient;

#[cfg(test)]
mod tests;

pub use canonical::{MisereId, MisereStore, MAX_GAMES, MAX_OPTIONS};
pub use genus::Genus;
pub use link::MAX_LINK_DEPTH;
pub use notation::{MAX_DEPTH, MAX_HEAP, MAX_INPUT, MAX_PRINT_BIRTHDAY};
pub use parts::MAX_PARTITIONS;
pub use phylum::Phylum;
