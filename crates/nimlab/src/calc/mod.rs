//! The calculator: expressions of Conway's games in CGSuite's notation evaluated in a
//! session that keeps its games (in one arena) and its variables from one line to the
//! next, with the reports of a value (`nimlab value`) and of the games born by a day
//! (`nimlab born`), and the nim-addition table of the first nimbers (`nimlab table`), as
//! data. Impartial games in misère play are written `*[…]`, as in CGSuite, and kept in
//! the session's [`MisereStore`](crate::misere::MisereStore).
//!
//! ```
//! use nimlab::calc::Session;
//! let mut s = Session::new();
//! // Text 001: ↑* = {0,*|0} = ↑ + *, and 1* = {1|1} = 1 + *.
//! assert_eq!(s.run("{0,*|0}").unwrap(), "^*");
//! assert_eq!(s.run("{1|1} == 1 + *").unwrap(), "true");
//! // {*2} is a misère P-position of genus 0^0 (CGSuite's tests).
//! assert_eq!(s.run("*[[2]].Genus").unwrap(), "0^0");
//! ```

mod arith;
mod explain;
mod misere;
mod numbers;
mod report;
mod session;
mod table;
mod value;

pub use explain::{Explanation, FormReport, StepReport};
pub use report::{BornGame, BornReport, Integer, OutcomeCounts, ValueReport};
pub use session::{Session, MAX_MULTIPLE};
pub use table::{NimTable, TableOperation, MAX_TABLE_SIZE};
pub use value::Value;

#[cfg(test)]
mod misere_tests;
#[cfg(test)]
mod tests;
