//! `nimlab.Play`: a game against the computer, move by move.

use crate::analysis::{Analysis, Move};
use crate::run::detached;
use nimlab::api::PlayRequest;
use nimlab::play::{self, Choice as Chosen, End};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// A move the computer plays or suggests, and why.
#[pyclass(frozen, get_all, module = "nimlab", name = "Choice")]
pub struct Choice {
    /// The move in words or in the game's notation.
    description: String,
    /// The position it leads to.
    to: String,
    /// Whether it wins against any defence.
    winning: bool,
    /// Why it was chosen, in words.
    reason: String,
}

#[pymethods]
impl Choice {
    fn __repr__(&self) -> String {
        format!(
            "<Choice {} -> {} ({})>",
            self.description, self.to, self.reason
        )
    }
}

fn choice(c: Chosen) -> Choice {
    Choice {
        description: c.chosen.description,
        to: c.chosen.after.position(),
        winning: c.winning,
        reason: c.reason,
    }
}

/// A game against the computer: `Play("nim", "3 5 7")`.
#[pyclass(frozen, module = "nimlab", name = "Play")]
pub struct Play {
    inner: Mutex<play::Session>,
}

impl Play {
    fn session(&self) -> MutexGuard<'_, play::Session> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[pymethods]
impl Play {
    /// A new game of `game` from `position` (the game's start when empty); the player
    /// plays Left (`right=True`: Right) and moves first unless `computer_first`.
    #[new]
    #[pyo3(signature = (game, position = "", misere = false, computer_first = false, right = false))]
    fn new(
        py: Python<'_>,
        game: String,
        position: &str,
        misere: bool,
        computer_first: bool,
        right: bool,
    ) -> PyResult<Play> {
        let req = PlayRequest {
            game,
            position: position.to_string(),
            misere,
            computer_first,
            right,
        };
        let session = detached(py, move || req.session())?;
        Ok(Play {
            inner: Mutex::new(session),
        })
    }

    /// The game's title: its id, or how many games a sum has.
    #[getter]
    fn title(&self) -> String {
        self.session().title()
    }

    /// The current position, as the game writes it.
    #[getter]
    fn position(&self) -> String {
        self.session().current().position()
    }

    /// The side to move: `"Left"` or `"Right"`.
    #[getter]
    fn to_move(&self) -> String {
        self.session().to_move().to_string()
    }

    /// The side the player plays.
    #[getter]
    fn you(&self) -> String {
        self.session().you().to_string()
    }

    /// Whether it is the player's turn.
    #[getter]
    fn your_turn(&self) -> bool {
        self.session().your_turn()
    }

    /// How many moves were played.
    #[getter]
    fn moves_played(&self) -> usize {
        self.session().moves_played()
    }

    /// `None` while the game goes on; then the winner, `"Left"` or `"Right"`, or `"draw"`
    /// (a position of a loopy game come up a third time).
    #[getter]
    fn winner(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let over = self
            .session()
            .over()
            .map_err(|e| crate::errors::to_py(py, e))?;
        Ok(over.map(|end| match end {
            End::NoMove { winner, .. } => winner.to_string(),
            End::Repetition => "draw".to_string(),
        }))
    }

    /// The moves of the side to move, each with the position it leads to.
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        let s = self.session();
        let listed = s
            .moves(s.to_move())
            .map_err(|e| crate::errors::to_py(py, e))?;
        Ok(listed
            .into_iter()
            .map(|m| Move::new(m.description, m.position))
            .collect())
    }

    /// Plays the player's move, typed in the game's notation, as its description or as
    /// the position it leads to; a `ValueError` says why a move is not legal.
    #[pyo3(name = "move")]
    fn play_move(&self, text: &str) -> PyResult<Move> {
        let mut s = self.session();
        let m = s.read(text).map_err(PyValueError::new_err)?;
        let played = Move::new(m.description.clone(), m.after.position());
        s.play(m);
        Ok(played)
    }

    /// The computer's move for the side to move, played; `None` when there is none.
    fn computer_move(&self, py: Python<'_>) -> PyResult<Option<Choice>> {
        Ok(detached(py, || self.session().computer_move())?.map(choice))
    }

    /// The move the computer would play for the player here, and why (not played).
    fn hint(&self, py: Python<'_>) -> PyResult<Option<Choice>> {
        Ok(detached(py, || self.session().hint())?.map(choice))
    }

    /// The analysis of the current position, as `nimlab.analyze` gives it.
    #[pyo3(signature = (max_moves = 100))]
    fn explain(&self, py: Python<'_>, max_moves: usize) -> PyResult<Analysis> {
        detached(py, || self.session().explain(max_moves)).map(Analysis::from)
    }

    /// Takes back the player's last move and the computer's answer; `False` when there
    /// is none.
    fn undo(&self) -> bool {
        self.session().undo()
    }

    /// Starts again from the start.
    fn restart(&self) {
        self.session().restart();
    }

    fn __repr__(&self) -> String {
        let s = self.session();
        format!(
            "<Play {} at {}, {} to move>",
            s.title(),
            s.current().position(),
            s.to_move()
        )
    }
}
