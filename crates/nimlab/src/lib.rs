//! nimlab: combinatorial game theory in Rust.
//!
//! The engine behind the `nimlab` command: Sprague–Grundy values of impartial games,
//! sums of games, every winning move, and the catalogue of games from the texts.
//!
//! ```
//! use nimlab::analysis::analyze;
//! use nimlab::Convention;
//! use nimlab::games::Catalogue;
//! let sum = Catalogue::standard().parse_sum(&["nim", "3", "5", "7"]).unwrap();
//! let a = analyze(&sum, Convention::Normal, 10).unwrap();
//! assert_eq!(a.outcome, nimlab::Outcome::N);
//! assert_eq!(a.value.unwrap().to_string(), "*1");
//! assert_eq!(a.winning_move_count, 3);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod api;
pub mod calc;
#[cfg(feature = "mpi")]
pub mod cluster;
pub mod conway;
pub mod draw;
mod error;
pub mod explain;
pub mod explore;
pub mod games;
pub mod heap;
pub mod impartial;
pub mod limits;
pub mod loopy;
pub mod misere;
pub mod nimber;
pub mod notation;
mod outcome;
pub mod partizan;
pub mod picture;
pub mod play;
pub mod reading;
pub mod surreal;

pub use error::{Error, Further, LimitError, Origin, ParseError, Result, RuleError, Span};
pub use nimber::Nimber;
pub use outcome::{Convention, Outcome};
