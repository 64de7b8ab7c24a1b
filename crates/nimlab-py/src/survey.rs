//! `nimlab.survey`: a survey of the octal games, as typed rows in a typed result.

use crate::html::{esc, table};
use crate::run::watched;
use nimlab::heap::{survey_octal, SurveyRow as Row};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// How many first values the HTML table shows of each row.
const HTML_VALUES: usize = 12;

/// One group of octal codes with the same sequence up to the survey's largest heap.
#[pyclass(frozen, eq, hash, get_all, module = "nimlab", name = "SurveyRow")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SurveyRow {
    /// The codes, in order (`["0.07", "0.17", …]`).
    codes: Vec<String>,
    /// The period, if one was found.
    period: Option<u64>,
    /// Where the period starts.
    preperiod: Option<u64>,
    /// The largest value among the heaps surveyed.
    max_value: u32,
    /// Whether the period is proved for every heap size (for every code of the group).
    proved: bool,
    /// The first values, from heap 0.
    first_values: Vec<u32>,
}

impl From<Row> for SurveyRow {
    fn from(r: Row) -> SurveyRow {
        SurveyRow {
            codes: r.codes,
            period: r.period,
            preperiod: r.preperiod,
            max_value: r.max_value,
            proved: r.proved,
            first_values: r.first_values,
        }
    }
}

impl SurveyRow {
    /// "period 34 from 52 (proved)", or "no period found".
    fn period_text(&self) -> String {
        match (self.period, self.preperiod) {
            (Some(p), Some(pre)) => format!(
                "period {p} from {pre}{}",
                if self.proved { " (proved)" } else { "" }
            ),
            _ => "no period found".to_string(),
        }
    }
}

#[pymethods]
impl SurveyRow {
    /// The row as a dict, as `nimlab survey octal --json` lists a group.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("codes", &self.codes)?;
        d.set_item("period", self.period)?;
        d.set_item("preperiod", self.preperiod)?;
        d.set_item("max_value", self.max_value)?;
        d.set_item("proved", self.proved)?;
        d.set_item("first_values", &self.first_values)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "<SurveyRow {}: {}, largest value {}>",
            self.codes.join(" "),
            self.period_text(),
            self.max_value
        )
    }
}

/// What `survey` answers: the groups of codes with identical sequences, in order. It
/// reads as the list of its rows (`len`, indexing, iteration) and shows itself as a
/// table in a notebook.
#[pyclass(frozen, module = "nimlab", name = "Survey")]
pub struct Survey {
    /// The family surveyed (`"octal"`).
    #[pyo3(get)]
    family: String,
    /// The most digits after the point.
    #[pyo3(get)]
    digits: usize,
    /// The digit before the point: 0, or 4 when the codes `4.d1…dk` were surveyed too.
    #[pyo3(get)]
    whole: u8,
    /// The largest heap valued.
    #[pyo3(get)]
    to: u64,
    rows: Vec<Py<SurveyRow>>,
}

#[pymethods]
impl Survey {
    /// The rows, one a group of codes.
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, &self.rows)
    }

    /// How many codes were surveyed, in all the rows.
    #[getter]
    fn code_count(&self) -> usize {
        self.rows.iter().map(|r| r.get().codes.len()).sum()
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

    /// The rows as dicts, as `nimlab survey octal --json` lists its groups.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("family", &self.family)?;
        d.set_item("digits", self.digits)?;
        d.set_item("codes", self.code_count())?;
        let groups = self
            .rows
            .iter()
            .map(|r| r.get().to_dict(py))
            .collect::<PyResult<Vec<_>>>()?;
        d.set_item("groups", groups)?;
        Ok(d)
    }

    /// The survey as an HTML table, for notebooks: one row a group, with its first values.
    fn _repr_html_(&self) -> String {
        let mut rows = vec![[
            "codes",
            "period",
            "preperiod",
            "proved",
            "largest value",
            "first values",
        ]
        .map(String::from)
        .to_vec()];
        for r in &self.rows {
            let r = r.get();
            let opt = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
            let mut first: Vec<String> = r
                .first_values
                .iter()
                .take(HTML_VALUES)
                .map(u32::to_string)
                .collect();
            if r.first_values.len() > HTML_VALUES {
                first.push("…".into());
            }
            rows.push(vec![
                r.codes.join(" "),
                opt(r.period),
                opt(r.preperiod),
                if r.proved { "yes" } else { "no" }.into(),
                r.max_value.to_string(),
                first.join(" "),
            ]);
        }
        format!(
            "<div><p><b>{} codes</b> with at most {} digits, heaps 0 … {}: {} codes in {} groups</p>{}</div>",
            esc(&self.family),
            self.digits,
            self.to,
            self.code_count(),
            self.rows.len(),
            table(&rows)
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "<Survey {} digits {} to {}: {} codes in {} groups>",
            self.family,
            self.digits,
            self.to,
            self.code_count(),
            self.rows.len()
        )
    }
}

/// A survey of the octal games: every code `0.d1…dk` with at most `digits` digits (and
/// `4.d1…dk` too with `whole=4`), grouped by identical sequences up to heap `to`, as
/// `nimlab survey octal` lists them.
#[pyfunction]
#[pyo3(signature = (family = "octal", digits = 3, to = 10_000, whole = 0))]
pub fn survey(py: Python<'_>, family: &str, digits: usize, to: u64, whole: u8) -> PyResult<Survey> {
    if family != "octal" {
        return Err(PyValueError::new_err(format!(
            "unknown family `{family}`: the survey covers `octal`"
        )));
    }
    if whole != 0 && whole != 4 {
        return Err(PyValueError::new_err(
            "the digit before the point is 0 or 4",
        ));
    }
    let found = watched(py, move |_| survey_octal(digits, whole, to))?;
    let rows = found
        .into_iter()
        .map(|r| Py::new(py, SurveyRow::from(r)))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(Survey {
        family: family.to_string(),
        digits,
        whole,
        to,
        rows,
    })
}
