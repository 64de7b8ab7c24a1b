//! Structured explanations of a value, rendered as text by [`std::fmt::Display`].
//!
//! ```
//! use nimlab::explain::NimColumns;
//! let table = NimColumns::new("heap", [("heap 1", 3u64), ("heap 2", 5), ("heap 3", 7)]);
//! assert_eq!(table.nim_sum.to_string(), "1");
//! assert!(table.to_string().contains("nim-sum"));
//! ```

mod columns;
mod mex;
mod sum;

pub use columns::{NimColumns, NimRow, MAX_ROWS};
pub use mex::{MexStep, MAX_OPTIONS};
pub use sum::SumParts;

use serde::Serialize;
use std::fmt;

/// Why a position has its value, in a form both a program and a student can read.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Explanation {
    /// Nim heaps (or what plays as Nim heaps) written in binary, with their nim-sum.
    NimColumns(NimColumns),
    /// The mex rule applied to the values of the options.
    Mex(MexStep),
    /// A sum of games: each part's value and their nim-sum.
    Sum(SumParts),
    /// A closed form stated in words.
    Rule {
        /// The rule and how it applies here.
        text: String,
    },
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Explanation::NimColumns(t) => t.fmt(f),
            Explanation::Mex(m) => m.fmt(f),
            Explanation::Sum(s) => s.fmt(f),
            Explanation::Rule { text } => writeln!(f, "{text}"),
        }
    }
}
