//! The library's errors as Python exceptions: `ParseError` and `LimitError`, both
//! `ValueError`s, the first with the place of the mistake in the input.

use nimlab::{Error, Span};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;

create_exception!(
    nimlab,
    ParseError,
    PyValueError,
    "Input that could not be read. `position` is where: the column (from 0) of an \
     expression, or the word (from 1; the game id is word 1) of a position; `None` when \
     something is missing. `expected` says what was expected there."
);
create_exception!(
    nimlab,
    LimitError,
    PyValueError,
    "A question beyond one of nimlab's limits (size, depth, time, memory)."
);

/// The Python exception for `e`.
pub fn to_py(py: Python<'_>, e: Error) -> PyErr {
    let message = e.to_string();
    match e {
        Error::Parse(p) => {
            let err = ParseError::new_err(message);
            let (position, kind) = match p.span() {
                Span::Column(c) => (Some(c), "column"),
                Span::Token { index, .. } => (Some(index), "word"),
                Span::Missing => (None, "missing"),
            };
            let value = err.value(py);
            // Setting attributes on a fresh exception object cannot fail in practice;
            // if it did, the exception still carries its message.
            let _ = value.setattr("position", position);
            let _ = value.setattr("position_kind", kind);
            let _ = value.setattr("expected", p.expected());
            err
        }
        Error::Limit(_) | Error::TimeLimit { .. } | Error::MemoryLimit { .. } => {
            LimitError::new_err(message)
        }
        Error::Interrupted => PyKeyboardInterrupt::new_err(message),
        _ => PyValueError::new_err(message),
    }
}
