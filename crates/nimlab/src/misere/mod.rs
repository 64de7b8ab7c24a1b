//! Misère play of impartial games.
//!
//! [`quotient`] computes the Plambeck–Siegel misère quotient of a heap game: the
//! commutative monoid of its sums of heaps up to indistinguishability in misère play,
//! with the elements that are P-positions.
pub mod quotient;
