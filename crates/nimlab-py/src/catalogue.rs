//! `nimlab.games`: the catalogue, one typed `GameInfo` a game.

use nimlab::api;
use nimlab::games::{GameInfo as Info, GameKind};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One game of the catalogue, as `nimlab games` lists it.
#[pyclass(frozen, eq, hash, get_all, module = "nimlab", name = "GameInfo")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GameInfo {
    /// The id's name, before any `:` (`"subtraction"`).
    id: &'static str,
    /// The id as a pattern with its parameters (`"subtraction:S"`).
    usage: &'static str,
    /// `"impartial"` (both players have the same moves; values are nimbers) or
    /// `"partizan"` (each has moves of their own; values are Conway's games).
    kind: &'static str,
    /// The rules in one line.
    summary: &'static str,
    /// How a position is written, with an example.
    position: &'static str,
    /// The example, whole: the id and a position (`"nim 3 5 7"`).
    example: &'static str,
    /// The position a game starts from when none is given.
    start: &'static str,
}

impl From<Info> for GameInfo {
    fn from(g: Info) -> GameInfo {
        GameInfo {
            id: g.id,
            usage: g.usage,
            kind: match g.kind {
                GameKind::Impartial => "impartial",
                GameKind::Partizan => "partizan",
            },
            summary: g.summary,
            position: g.position,
            example: g.example,
            start: g.start,
        }
    }
}

#[pymethods]
impl GameInfo {
    /// The game as a dict, as `nimlab games --json` lists it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("id", self.id)?;
        d.set_item("usage", self.usage)?;
        d.set_item("kind", self.kind)?;
        d.set_item("summary", self.summary)?;
        d.set_item("position", self.position)?;
        d.set_item("example", self.example)?;
        d.set_item("start", self.start)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "<GameInfo {} ({}): {}>",
            self.usage, self.kind, self.summary
        )
    }
}

/// The catalogue: every game nimlab knows, impartial ones first, as `nimlab games` lists
/// them.
#[pyfunction]
pub fn games() -> Vec<GameInfo> {
    api::games().into_iter().map(GameInfo::from).collect()
}
