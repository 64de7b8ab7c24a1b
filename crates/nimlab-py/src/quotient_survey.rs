//! `nimlab.quotient_survey`: the misère quotients of the octal games, grouped, as typed
//! rows in a typed result.

use crate::analysis::json;
use crate::html::table;
use crate::quotient::Periodicity;
use crate::run::detached;
use nimlab::misere::quotient::{
    survey_quotients, QuotientSurvey as Inner, QuotientSurveyRow as InnerRow, Stop, SurveyBudget,
};
use pyo3::prelude::*;
use pyo3::types::PyList;

/// One group of octal codes with the same misère quotient (the same pretending function,
/// P-portion and presentation) over the heaps done.
#[pyclass(frozen, module = "nimlab", name = "QuotientSurveyRow")]
pub struct QuotientSurveyRow {
    /// The codes, in order (`["0.07", "0.17", …]`).
    #[pyo3(get)]
    codes: Vec<String>,
    /// The largest heap done: the survey's last heap unless `stopped`.
    #[pyo3(get)]
    heaps: u64,
    /// The order of the quotient of heaps 0 … `heaps`.
    #[pyo3(get)]
    order: usize,
    /// The elements of P.
    #[pyo3(get)]
    p_portion: Vec<String>,
    /// The defining relations.
    #[pyo3(get)]
    relations: Vec<String>,
    /// How many generators.
    #[pyo3(get)]
    generator_count: usize,
    /// The heap at which the presentation last changed.
    #[pyo3(get)]
    last_change: Option<u64>,
    /// The period of the pretending function when one is seen (proved only when it is
    /// for every code of the group).
    #[pyo3(get)]
    periodicity: Option<Periodicity>,
    /// Why the quotient stops before the survey's last heap, in words; `None` when it
    /// does not.
    #[pyo3(get)]
    stopped: Option<String>,
    /// The element each of the first heaps (from heap 0) pretends to be.
    #[pyo3(get)]
    first_pretending: Vec<String>,
    inner: InnerRow,
}

/// Why a code's quotient stops, in words.
fn stop_text(stop: &Stop) -> String {
    match stop {
        Stop::Order { heap, limit } => format!("order limit {limit} at heap {heap}"),
        Stop::Work { heap, limit } => format!("work budget {limit} at heap {heap}"),
        Stop::Other { heap, limit } => format!("{limit} at heap {heap}"),
    }
}

impl From<InnerRow> for QuotientSurveyRow {
    fn from(r: InnerRow) -> QuotientSurveyRow {
        QuotientSurveyRow {
            codes: r.codes.clone(),
            heaps: r.heaps,
            order: r.order,
            p_portion: r.p_portion.clone(),
            relations: r.relations.clone(),
            generator_count: r.generators,
            last_change: r.last_change,
            periodicity: r.periodicity.map(Periodicity::from),
            stopped: r.stopped.as_ref().map(stop_text),
            first_pretending: r.first_pretending.clone(),
            inner: r,
        }
    }
}

impl QuotientSurveyRow {
    /// "period 12 from 71 (proved)", or "no period found".
    fn period_text(&self) -> String {
        match &self.periodicity {
            Some(p) => p.text(),
            None => "no period found".to_string(),
        }
    }
}

#[pymethods]
impl QuotientSurveyRow {
    /// The row as a dict of plain values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "<QuotientSurveyRow {}: order {}, {} in P, {}{}>",
            self.codes.join(" "),
            self.order,
            self.p_portion.len(),
            self.period_text(),
            self.stopped
                .as_ref()
                .map(|s| format!(", stopped: {s}"))
                .unwrap_or_default()
        )
    }
}

/// What `quotient_survey` answers: the groups of codes with the same misère quotient, in
/// the order of their first codes. It reads as the list of its rows (`len`, indexing,
/// iteration) and shows itself as a table in a notebook.
#[pyclass(frozen, module = "nimlab", name = "QuotientSurvey")]
pub struct QuotientSurvey {
    /// The most digits of the codes.
    #[pyo3(get)]
    digits: usize,
    /// The largest heap asked for.
    #[pyo3(get)]
    to: u64,
    /// How many codes were surveyed.
    #[pyo3(get)]
    code_count: usize,
    rows: Vec<Py<QuotientSurveyRow>>,
    inner: Inner,
}

#[pymethods]
impl QuotientSurvey {
    /// The rows, one a group of codes.
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, &self.rows)
    }

    fn __len__(&self) -> usize {
        self.rows.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.rows(py)?.as_any().get_item(index)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.rows(py)?.as_any().try_iter()?.into_any())
    }

    /// The survey as a dict of plain values (with each code's budget).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json(py, &self.inner)
    }

    /// The survey as an HTML table, for notebooks: one row a group.
    fn _repr_html_(&self) -> String {
        let mut rows = vec![["codes", "heaps", "order", "P", "period", "stopped"]
            .map(String::from)
            .to_vec()];
        for r in &self.rows {
            let r = r.get();
            rows.push(vec![
                r.codes.join(" "),
                r.heaps.to_string(),
                r.order.to_string(),
                r.p_portion.join(", "),
                r.period_text(),
                r.stopped.clone().unwrap_or_default(),
            ]);
        }
        format!(
            "<div><p><b>misère quotients of the octal codes</b> with at most {} digits, heaps 0 … {}: {} codes in {} groups</p>{}</div>",
            self.digits,
            self.to,
            self.code_count,
            self.rows.len(),
            table(&rows)
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "<QuotientSurvey digits {} to {}: {} codes in {} groups>",
            self.digits,
            self.to,
            self.code_count,
            self.rows.len()
        )
    }
}

/// The misère quotients of every octal code `0.d1…dk` with at most `digits` digits, each
/// to heap `to` or until its budget (order `max_order`, `max_work` units of work) runs
/// out, grouped by identical quotients; in parallel, with the GIL released.
#[pyfunction]
#[pyo3(signature = (digits = 2, to = 100, max_order = 1024, max_work = 2_000_000_000))]
pub fn quotient_survey(
    py: Python<'_>,
    digits: usize,
    to: u64,
    max_order: usize,
    max_work: u64,
) -> PyResult<QuotientSurvey> {
    let budget = SurveyBudget {
        max_order,
        max_work,
    };
    let inner = detached(py, move || survey_quotients(digits, to, budget))?;
    let rows = inner
        .rows
        .iter()
        .map(|r| Py::new(py, QuotientSurveyRow::from(r.clone())))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(QuotientSurvey {
        digits: inner.digits,
        to: inner.to,
        code_count: inner.codes,
        rows,
        inner,
    })
}
