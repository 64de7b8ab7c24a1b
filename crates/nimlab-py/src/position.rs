//! `nimlab.Position`: a position of a catalogue game, to explore move by move.

use crate::analysis::Analysis;
use crate::errors::to_py;
use crate::game::Game;
use crate::run::{detached, watched};
use nimlab::analysis::{Analysis as Inner, Analyzer};
use nimlab::api::{self, AnalyzeRequest};
use nimlab::games::ruleset::Side;
use nimlab::games::{self, PartizanSum};
use nimlab::{Convention, Error};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A position of a catalogue game: `Position("domineering", "..|..")`.
#[pyclass(frozen, module = "nimlab", name = "Position")]
pub struct Position {
    inner: games::Game,
    misere: bool,
    last_move: Option<String>,
}

impl Position {
    fn after(&self, inner: games::Game, description: String) -> Position {
        Position {
            inner,
            misere: self.misere,
            last_move: Some(description),
        }
    }

    fn moves_of(&self, py: Python<'_>, side: Side) -> PyResult<Vec<Position>> {
        match &self.inner {
            games::Game::Impartial(sum) => {
                let turns = sum.turns().map_err(|e| to_py(py, e))?;
                Ok(turns
                    .into_iter()
                    .map(|t| self.after(games::Game::Impartial(t.after), t.description))
                    .collect())
            }
            games::Game::Partizan(sum) => Ok(sum
                .moves(side)
                .into_iter()
                .map(|t| self.after(games::Game::Partizan(t.after), t.description))
                .collect()),
            games::Game::Infinite(_) => Err(PyValueError::new_err(
                "a position with infinite columns has infinitely many moves",
            )),
        }
    }

    fn partizan(&self) -> Option<&PartizanSum> {
        match &self.inner {
            games::Game::Partizan(sum) => Some(sum),
            _ => None,
        }
    }

    fn convention(&self) -> Convention {
        if self.misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }
}

#[pymethods]
impl Position {
    /// A position of `game` (an id of `nimlab.games()`, with its parameters), written as
    /// the command line takes it; the position of a sum adds `+ game position`.
    #[new]
    #[pyo3(signature = (game, position = "", misere = false))]
    fn new(py: Python<'_>, game: String, position: &str, misere: bool) -> PyResult<Position> {
        let req = AnalyzeRequest {
            game,
            position: position.to_string(),
            misere,
            max_moves: None,
        };
        let inner = detached(py, move || req.game())?;
        Ok(Position {
            inner,
            misere,
            last_move: None,
        })
    }

    /// The game id (`"sum"` for parts of several games).
    #[getter]
    fn game(&self) -> String {
        self.inner.game()
    }

    /// The position as the game writes it.
    #[getter]
    fn position(&self) -> String {
        self.inner.position()
    }

    /// Whether the game is partizan (Left and Right have moves of their own).
    #[getter]
    fn is_partizan(&self) -> bool {
        self.inner.is_partizan()
    }

    /// Whether play is misère (the player who cannot move wins).
    #[getter]
    fn misere(&self) -> bool {
        self.misere
    }

    /// The move that led here from the position whose moves listed this one.
    #[getter]
    fn last_move(&self) -> Option<String> {
        self.last_move.clone()
    }

    /// The positions Left can move to (in an impartial game, either player's moves).
    fn left_moves(&self, py: Python<'_>) -> PyResult<Vec<Position>> {
        self.moves_of(py, Side::Left)
    }

    /// The positions Right can move to (in an impartial game, either player's moves).
    fn right_moves(&self, py: Python<'_>) -> PyResult<Vec<Position>> {
        self.moves_of(py, Side::Right)
    }

    /// The positions the player to move can move to, in an impartial game.
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<Position>> {
        if self.inner.is_partizan() {
            return Err(PyValueError::new_err(
                "in a partizan game Left and Right move differently: left_moves() or right_moves()",
            ));
        }
        self.moves_of(py, Side::Left)
    }

    /// The value under normal play as a `Game`: the canonical form of a partizan
    /// position, the nimber of an impartial one; `None` when the position has none (a
    /// loopy position with a draw).
    fn value(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        if let Some(sum) = self.partizan() {
            return watched(py, |s| s.partizan_value(sum)).map(|id| Some(Game { id }));
        }
        let game = &self.inner;
        let analysis = detached(py, || Analyzer::new().analyze(game, Convention::Normal, 0))?;
        let Inner::Impartial(a) = analysis else {
            return Err(PyValueError::new_err(
                "a position with infinite columns is a surreal number beyond the short games",
            ));
        };
        match a.value {
            None => Ok(None),
            Some(n) => match n.to_u64() {
                Some(n) => crate::game::star(py, n).map(Some),
                None => Err(to_py(
                    py,
                    Error::limit(format!("the nimber {n}"), "nimbers below 2^64"),
                )),
            },
        }
    }

    /// The analysis of the position (under its own convention), as `nimlab.analyze`.
    #[pyo3(signature = (max_moves = None))]
    fn analyze(&self, py: Python<'_>, max_moves: Option<usize>) -> PyResult<Analysis> {
        let game = &self.inner;
        let convention = self.convention();
        let words: Vec<String> = std::iter::once(game.game())
            .chain(game.position().split_whitespace().map(str::to_string))
            .collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let max = max_moves.unwrap_or_else(|| api::default_max_moves(game.is_partizan(), &words));
        let inner = detached(py, || Analyzer::new().analyze(game, convention, max))?;
        Ok(Analysis::from(inner))
    }

    fn __repr__(&self) -> String {
        format!(
            "Position({:?}, {:?}{})",
            self.inner.game(),
            self.inner.position(),
            if self.misere { ", misere=True" } else { "" }
        )
    }

    fn __str__(&self) -> String {
        self.inner.position()
    }

    /// The board and its thermograph (partizan games), for notebooks.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let game = &self.inner;
        detached(py, || Analyzer::new().picture(game))
    }
}
