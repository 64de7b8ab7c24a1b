//! Conway's games written as text: the parser, the evaluator and the printer of CGSuite's
//! plain-text notation (`{3||2|1}`, `^*`, `+-1`, `9/8*`, `Tiny(2)`).
//!
//! ```
//! use nimlab::notation::Session;
//! let mut s = Session::new();
//! // Text 001: ↑* = {0,*|0} = ↑ + *, and 1* = {1|1} = 1 + *.
//! assert_eq!(s.run("{0,*|0}").unwrap(), "^*");
//! assert_eq!(s.run("{1|1} == 1 + *").unwrap(), "true");
//! ```

mod arith;
mod eval;
mod game_value;
mod parse;
mod print;
mod report;
mod value;

pub use eval::{Session, MAX_MULTIPLE};
pub use game_value::GameValue;
pub use parse::{parse, BinOp, CompareOp, Expr, MAX_DEPTH, MAX_INPUT, MAX_UPTIMAL};
pub use print::{ordered, print, try_print, MAX_TEXT};
pub use report::{BornGame, BornReport, Integer, OutcomeCounts, ValueReport};
pub use value::Value;

#[cfg(test)]
mod tests;
