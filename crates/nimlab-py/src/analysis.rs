//! `nimlab.analyze`: the analysis of a catalogue position, as a typed object.

use crate::run::watched;
use nimlab::analysis::{Analysis as Inner, Analyzer};
use nimlab::api::{self, AnalyzeRequest};
use pyo3::prelude::*;

/// A move of an analysis: what it does and the position it leads to.
#[pyclass(frozen, get_all, module = "nimlab", name = "Move")]
#[derive(Clone)]
pub struct Move {
    /// The move in words (`take 2 from heap 3`).
    description: String,
    /// The position it leads to, as the game writes positions.
    to: String,
    /// Who makes it in a partizan game (`"Left"`, `"Right"`); `None` in an impartial one.
    player: Option<String>,
    /// The value of the position it leads to, where the analysis gives it.
    value: Option<String>,
}

impl Move {
    /// A move of an impartial game (or of a game in progress).
    pub fn new(description: String, to: String) -> Move {
        Move {
            description,
            to,
            player: None,
            value: None,
        }
    }
}

#[pymethods]
impl Move {
    fn __repr__(&self) -> String {
        format!("<Move {} -> {}>", self.description, self.to)
    }
}

/// What `analyze` answers: outcome, value, winning moves and the explanation.
#[pyclass(frozen, module = "nimlab", name = "Analysis")]
pub struct Analysis {
    inner: Inner,
}

impl From<Inner> for Analysis {
    fn from(inner: Inner) -> Analysis {
        Analysis { inner }
    }
}

pub(crate) fn json<'py>(
    py: Python<'py>,
    value: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

#[pymethods]
impl Analysis {
    /// The game id (`"sum"` for a sum of positions of several games).
    #[getter]
    fn game(&self) -> &str {
        self.inner.game()
    }

    /// The position as read.
    #[getter]
    fn position(&self) -> &str {
        self.inner.position()
    }

    /// Who wins: `"P"`, `"N"` (`"D"` for a draw) or, in a partizan game, `"L"`, `"R"`.
    #[getter]
    fn outcome(&self) -> String {
        self.inner.outcome().to_string()
    }

    /// The value as written (`"*1"`, `"{1|0}"`); `None` when only the outcome is known.
    #[getter]
    fn value(&self) -> Option<String> {
        self.inner.value()
    }

    /// How many winning moves there are (all of them, including those not listed).
    #[getter]
    fn winning_move_count(&self) -> usize {
        self.inner.winning_move_count()
    }

    /// The winning moves listed, each with the position it leads to.
    #[getter]
    fn winning_moves(&self) -> Vec<Move> {
        match &self.inner {
            Inner::Impartial(a) => a
                .winning_moves
                .iter()
                .map(|m| Move {
                    description: m.description.clone(),
                    to: m.to.clone(),
                    player: None,
                    value: None,
                })
                .collect(),
            Inner::Partizan(a) => {
                let side = |moves: &[nimlab::analysis::MoveValue], player: &str| {
                    moves
                        .iter()
                        .map(|m| Move {
                            description: m.description.clone(),
                            to: m.to.clone(),
                            player: Some(player.to_string()),
                            value: Some(m.value.to_string()),
                        })
                        .collect::<Vec<_>>()
                };
                let mut moves = side(&a.left_winning_moves, "Left");
                moves.extend(side(&a.right_winning_moves, "Right"));
                moves
            }
            Inner::Infinite(a) => {
                let side = |moves: &[nimlab::analysis::NumberMove], player: &str| {
                    moves
                        .iter()
                        .map(|m| Move {
                            description: m.description.clone(),
                            to: m.to.clone(),
                            player: Some(player.to_string()),
                            value: Some(m.value.to_string()),
                        })
                        .collect::<Vec<_>>()
                };
                let mut moves = side(&a.left_winning_moves, "Left");
                moves.extend(side(&a.right_winning_moves, "Right"));
                moves
            }
        }
    }

    /// The explanation of an impartial value (nim-sums in binary columns, mex steps), as
    /// lists and dicts; empty for other games.
    #[getter]
    fn explanation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.inner {
            Inner::Impartial(a) => json(py, &a.explanation),
            _ => json(py, &Vec::<()>::new()),
        }
    }

    /// The whole analysis as `nimlab analyze --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Analysis {} {}: {}{}>",
            self.inner.game(),
            self.inner.position(),
            self.inner.outcome(),
            self.inner
                .value()
                .map(|v| format!(", value {v}"))
                .unwrap_or_default()
        )
    }
}

/// Analyses a position of a catalogue game: `analyze("nim", "3 5 7")`.
#[pyfunction]
#[pyo3(signature = (game, position = "", misere = false, max_moves = None))]
pub fn analyze(
    py: Python<'_>,
    game: String,
    position: &str,
    misere: bool,
    max_moves: Option<usize>,
) -> PyResult<Analysis> {
    let req = AnalyzeRequest {
        game,
        position: position.to_string(),
        misere,
        max_moves,
    };
    let inner = watched(py, move |_| api::analyze(&req, &mut Analyzer::new()))?;
    Ok(Analysis { inner })
}

/// The catalogue: one dict a game (`id`, `usage`, `kind`, `summary`, `position`,
/// `example`, `start`), as `nimlab games --json` lists them.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    json(py, &api::games())
}
