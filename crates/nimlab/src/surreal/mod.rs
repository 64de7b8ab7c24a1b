//! Surreal numbers beyond the dyadic rationals: the generalized ordinals (finite sums of
//! integer multiples of powers of ω, such as ω^ω+ω^2-1) and their quotients (such as
//! 1/ω or (ω^(ω+1)+ω^ω+1)/(ω+1)), with exact arithmetic and printed as CGSuite prints
//! them.
//!
//! Sums and products of generalized ordinals are the natural (Hessenberg) ones, which
//! make them an ordered ring; [`Surreal`] is its field of fractions, every quotient kept
//! in lowest terms so that equal numbers are equal values.
//!
//! ```
//! use nimlab::surreal::Surreal;
//! let w = Surreal::omega();
//! let one = Surreal::one();
//! let x = &w.pow(&w).unwrap() + &(&one / &(&w + &one)).unwrap();
//! assert_eq!(x.to_string(), "(ω^(ω+1)+ω^ω+1)/(ω+1)");
//! assert_eq!((&x - &w.pow(&w).unwrap()).to_string(), "1/(ω+1)");
//! assert!(x > w.pow(&Surreal::from(100)).unwrap());
//! ```

mod number;
mod ordinal;
mod polynomial;
mod sign;

pub use number::{Surreal, MAX_INTEGER_POWER};
pub use ordinal::{Ordinal, Term, MAX_NESTING, MAX_PRODUCT_PAIRS};
pub use sign::{Segment, Sign, SignExpansion, MAX_SIGNS};
