//! `nimlab.analyze`: the analysis of a catalogue position, as a typed object.

use crate::explanation::{self, steps};
use crate::html::{esc, table};
use crate::run::watched;
use nimlab::analysis::{Analysis as Inner, Analyzer};
use nimlab::api::{self, AnalyzeRequest};
use nimlab::explain::{Explanation, NimColumns};
use num_traits::ToPrimitive;
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
        winning(&self.inner)
    }

    /// The explanation of an impartial value, one step a part (`NimColumns`, `MexStep`,
    /// `SumParts`, `RuleStep`); empty for other games.
    #[getter]
    fn explanation(&self, py: Python<'_>) -> PyResult<Vec<Py<explanation::Explanation>>> {
        match &self.inner {
            Inner::Impartial(a) => steps(py, &a.explanation),
            _ => Ok(Vec::new()),
        }
    }

    /// The whole analysis as `nimlab analyze --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json(py, &self.inner)
    }

    /// The analysis as an HTML table, for notebooks: the outcome and value, the values
    /// of an impartial position's parts in binary columns with their nim-sum, and the
    /// winning moves.
    fn _repr_html_(&self) -> String {
        html(&self.inner)
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

/// The winning moves listed in an analysis.
fn winning(a: &Inner) -> Vec<Move> {
    match a {
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
            let left = a.left_winning_moves.iter();
            let right = a.right_winning_moves.iter();
            sided(
                left.map(|m| (&m.description, &m.to, m.value.to_string())),
                right.map(|m| (&m.description, &m.to, m.value.to_string())),
            )
        }
        Inner::Infinite(a) => {
            let left = a.left_winning_moves.iter();
            let right = a.right_winning_moves.iter();
            sided(
                left.map(|m| (&m.description, &m.to, m.value.to_string())),
                right.map(|m| (&m.description, &m.to, m.value.to_string())),
            )
        }
    }
}

/// Heaps in binary columns with their nim-sum, as the explanation gives them (sizes of
/// more than 64 bits are left to the text explanation).
fn columns(t: &NimColumns) -> String {
    let sizes: Option<Vec<u64>> = t.rows.iter().map(|r| r.size.to_u64()).collect();
    let (Some(sizes), Some(total)) = (sizes, t.nim_sum.to_u64()) else {
        return String::new();
    };
    let width = sizes
        .iter()
        .chain([&total])
        .map(|v| 64 - v.leading_zeros() as usize)
        .max()
        .unwrap_or(1)
        .max(1);
    let bits = |v: u64| (0..width).rev().map(move |b| ((v >> b) & 1).to_string());
    let mut rows = vec![std::iter::once(t.unit.clone())
        .chain((0..width).rev().map(|b| format!("2^{b}")))
        .chain(["size".to_string()])
        .collect::<Vec<_>>()];
    for (r, v) in t.rows.iter().zip(&sizes) {
        let mut row = vec![r.label.clone()];
        row.extend(bits(*v));
        row.push(v.to_string());
        rows.push(row);
    }
    let mut row = vec!["nim-sum".to_string()];
    row.extend(bits(total));
    row.push(total.to_string());
    rows.push(row);
    table(&rows)
}

fn html(a: &Inner) -> String {
    let mut out = format!(
        "<div><p><b>{} {}</b>: outcome <b>{}</b>{}</p>",
        esc(a.game()),
        esc(a.position()),
        a.outcome(),
        a.value()
            .map(|v| format!(", value <b>{}</b>", esc(&v)))
            .unwrap_or_default()
    );
    if let Inner::Impartial(x) = a {
        for e in &x.explanation {
            if let Explanation::NimColumns(t) = e {
                out.push_str(&columns(t));
            }
        }
    }
    let moves = winning(a);
    if !moves.is_empty() {
        let partizan = moves.iter().any(|m| m.player.is_some());
        let mut rows = vec![if partizan {
            vec![
                "player".into(),
                "winning move".into(),
                "to".into(),
                "value".into(),
            ]
        } else {
            vec!["winning move".into(), "to".into()]
        }];
        for m in &moves {
            let mut row = Vec::new();
            if partizan {
                row.push(m.player.clone().unwrap_or_default());
            }
            row.push(m.description.clone());
            row.push(m.to.clone());
            if partizan {
                row.push(m.value.clone().unwrap_or_default());
            }
            rows.push(row);
        }
        out.push_str(&table(&rows));
    }
    out.push_str("</div>");
    out
}

/// The winning moves of both players, Left's first, each with its player and value.
fn sided<'a>(
    left: impl Iterator<Item = (&'a String, &'a String, String)>,
    right: impl Iterator<Item = (&'a String, &'a String, String)>,
) -> Vec<Move> {
    let with = |player: &'static str| {
        move |(description, to, value): (&String, &String, String)| Move {
            description: description.clone(),
            to: to.clone(),
            player: Some(player.to_string()),
            value: Some(value),
        }
    };
    left.map(with("Left"))
        .chain(right.map(with("Right")))
        .collect()
}
