//! How a command fails, and how its error is said.

use std::io;

/// How a command failed: bad input (exit status 2) or anything else (1).
pub enum Failure {
    /// The user's input was refused, with nimlab's message.
    Input(nimlab::Error),
    /// Reading or writing failed.
    Io(io::Error),
}

impl From<nimlab::Error> for Failure {
    fn from(e: nimlab::Error) -> Self {
        Failure::Input(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// An error as the command says it: the library's message, with the command that helps
/// where there is one (the list of games for an unknown id without a close one, the
/// sequence engine for a heap beyond the value's time budget, a windowed run for values
/// beyond the memory).
pub fn message(e: &nimlab::Error) -> String {
    use nimlab::{Error, Further, LimitError, RuleError};
    let text = e.to_string();
    match e {
        Error::Rule(RuleError::UnknownGame {
            suggestion: None, ..
        }) => format!("{text} (`nimlab games` lists every game)"),
        Error::Limit(LimitError {
            further: Some(Further::Sequence),
            ..
        }) => format!("{text}; `nimlab sequence` computes further"),
        Error::Limit(LimitError {
            further: Some(Further::Window),
            ..
        }) => format!("{text}; a windowed run (`--window W`) keeps part of the values only"),
        Error::Limit(LimitError {
            further: Some(Further::Graph),
            ..
        }) => format!("{text}; `--graph` draws the graph"),
        _ => text,
    }
}
