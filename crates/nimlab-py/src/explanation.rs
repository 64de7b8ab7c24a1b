//! `Analysis.explanation`: why an impartial position has its value, one typed step a
//! part of the explanation (binary columns, a mex step, a sum, a rule in words).

use nimlab::explain::Explanation as Step;
use num_bigint::BigUint;
use pyo3::prelude::*;

/// One step of the explanation of a value; each kind is a class of its own
/// (`NimColumns`, `MexStep`, `SumParts`, `RuleStep`).
#[pyclass(frozen, subclass, module = "nimlab", name = "Explanation")]
pub struct Explanation {
    /// What the step is: `"nim_columns"`, `"mex"`, `"sum"` or `"rule"`, as in
    /// `nimlab analyze --json`.
    #[pyo3(get)]
    kind: &'static str,
    /// The step in words, as `nimlab analyze` prints it.
    text: String,
}

#[pymethods]
impl Explanation {
    /// The step in words, as `nimlab analyze` prints it.
    fn __str__(&self) -> &str {
        &self.text
    }
}

/// One heap (or part) of a `NimColumns` table.
#[pyclass(frozen, eq, hash, get_all, module = "nimlab", name = "NimRow")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct NimRow {
    /// What the heap is in the game (`"heap 2"`, `"coin on square 6"`).
    label: String,
    /// Its size.
    size: BigUint,
}

#[pymethods]
impl NimRow {
    fn __repr__(&self) -> String {
        format!("<NimRow {}: {}>", self.label, self.size)
    }
}

/// Heaps written in binary with their nim-sum; when it is not 0, the column that decides
/// and the heaps a winning move can reduce.
#[pyclass(frozen, eq, get_all, extends = Explanation, module = "nimlab", name = "NimColumns")]
#[derive(PartialEq)]
pub struct NimColumns {
    /// What one row stands for, in words (`"heap"`, `"odd stair"`).
    unit: String,
    /// The rows (at most 40 of them).
    rows: Vec<NimRow>,
    /// How many rows were left out of `rows`.
    omitted: usize,
    /// The nim-sum of all the heaps (also of those left out).
    nim_sum: BigUint,
    /// The column (bit number, 0 for the units) of the nim-sum's leftmost 1.
    top_bit: Option<u64>,
    /// The indices (from 0, over all heaps) of the heaps with a 1 in that column.
    reducible: Vec<usize>,
    /// Whether the rows are Grundy values of independent parts rather than Nim heaps.
    of_values: bool,
}

#[pymethods]
impl NimColumns {
    fn __repr__(&self) -> String {
        let rows: Vec<String> = self.rows.iter().map(|r| r.size.to_string()).collect();
        format!(
            "<NimColumns {}: nim-sum {}>",
            rows.join(" ^ "),
            self.nim_sum
        )
    }
}

/// The mex rule: the values of a position's options and the least value not among them.
#[pyclass(frozen, eq, get_all, extends = Explanation, module = "nimlab", name = "MexStep")]
#[derive(PartialEq)]
pub struct MexStep {
    /// The options (in the game's notation) with their Grundy values (at most 24).
    options: Vec<(String, u64)>,
    /// How many options were left out.
    omitted: usize,
    /// The mex of all the options' values: the position's Grundy value.
    value: u64,
}

#[pymethods]
impl MexStep {
    fn __repr__(&self) -> String {
        let values: Vec<String> = self.options.iter().map(|o| o.1.to_string()).collect();
        let more = if self.omitted > 0 { ", …" } else { "" };
        format!(
            "<MexStep mex{{{}{more}}} = {}>",
            values.join(", "),
            self.value
        )
    }
}

/// A sum of games: each part with its Grundy value, and their nim-sum.
#[pyclass(frozen, eq, get_all, extends = Explanation, module = "nimlab", name = "SumParts")]
#[derive(PartialEq)]
pub struct SumParts {
    /// Each part (game and position) with its Grundy value.
    parts: Vec<(String, BigUint)>,
    /// The nim-sum of the parts' values.
    total: BigUint,
}

#[pymethods]
impl SumParts {
    fn __repr__(&self) -> String {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|(p, v)| format!("{p} ({v})"))
            .collect();
        format!("<SumParts {}: nim-sum {}>", parts.join(" + "), self.total)
    }
}

/// A closed form stated in words.
#[pyclass(frozen, eq, get_all, extends = Explanation, module = "nimlab", name = "RuleStep")]
#[derive(PartialEq)]
pub struct RuleStep {
    /// The rule and how it applies here.
    text: String,
}

#[pymethods]
impl RuleStep {
    fn __repr__(&self) -> String {
        format!("<RuleStep {}>", self.text)
    }
}

/// The steps of an explanation as Python objects.
pub fn steps(py: Python<'_>, steps: &[Step]) -> PyResult<Vec<Py<Explanation>>> {
    steps.iter().map(|s| step(py, s)).collect()
}

fn step(py: Python<'_>, s: &Step) -> PyResult<Py<Explanation>> {
    let base = |kind| {
        PyClassInitializer::from(Explanation {
            kind,
            text: s.to_string(),
        })
    };
    let any = match s {
        Step::NimColumns(t) => {
            let rows = t
                .rows
                .iter()
                .map(|r| NimRow {
                    label: r.label.clone(),
                    size: r.size.clone(),
                })
                .collect();
            Py::new(
                py,
                base("nim_columns").add_subclass(NimColumns {
                    unit: t.unit.clone(),
                    rows,
                    omitted: t.omitted,
                    nim_sum: t.nim_sum.clone(),
                    top_bit: t.top_bit,
                    reducible: t.reducible.clone(),
                    of_values: t.of_values,
                }),
            )?
            .into_any()
        }
        Step::Mex(m) => Py::new(
            py,
            base("mex").add_subclass(MexStep {
                options: m.options.clone(),
                omitted: m.omitted,
                value: m.value,
            }),
        )?
        .into_any(),
        Step::Sum(p) => Py::new(
            py,
            base("sum").add_subclass(SumParts {
                parts: p
                    .parts
                    .iter()
                    .map(|(name, v)| (name.clone(), v.grundy().clone()))
                    .collect(),
                total: p.total.grundy().clone(),
            }),
        )?
        .into_any(),
        Step::Rule { text } => Py::new(
            py,
            base("rule").add_subclass(RuleStep { text: text.clone() }),
        )?
        .into_any(),
    };
    Ok(any.bind(py).cast::<Explanation>()?.clone().unbind())
}
