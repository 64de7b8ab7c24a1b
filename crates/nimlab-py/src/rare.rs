//! `Sequence.rare`: the rare/common split of a sequence's values, typed.

use nimlab::heap::Rare;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The rare/common split of the values (Winning Ways, ch. 4, "sparse space"): with the
/// mask, a value g is rare when g AND NOT mask has an even number of 1 bits, common
/// otherwise. The mask is the one with the fewest rare heaps.
#[pyclass(frozen, eq, hash, get_all, module = "nimlab", name = "RareValues")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct RareValues {
    /// The mask.
    mask: u32,
    /// How many heaps have rare values.
    count: u64,
    /// The largest heap with a rare value (`None` when no heap has one).
    last: Option<u64>,
}

impl From<Rare> for RareValues {
    fn from(r: Rare) -> RareValues {
        RareValues {
            mask: r.mask,
            count: r.count,
            last: r.last,
        }
    }
}

#[pymethods]
impl RareValues {
    /// The split as a dict (`mask`, `count`, `last`), as `nimlab sequence --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("mask", self.mask)?;
        d.set_item("count", self.count)?;
        d.set_item("last", self.last)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let last = self
            .last
            .map(|l| format!(", last at heap {l}"))
            .unwrap_or_default();
        format!("<RareValues mask {}: {} rare{last}>", self.mask, self.count)
    }
}
