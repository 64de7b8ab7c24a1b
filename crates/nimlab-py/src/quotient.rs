//! `nimlab.quotient`: the Plambeck–Siegel misère quotient of a heap rule, as a typed
//! object, computed on a worker thread with the GIL released.

use crate::analysis::json;
use crate::run::detached;
use nimlab::heap::Rule;
use nimlab::misere::quotient::{
    Periodicity as InnerPeriod, Quotient, QuotientRun, DEFAULT_MAX_ORDER,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A period of the pretending function: Φ(n + period) = Φ(n) for every heap n ≥
/// preperiod computed; `proved` when the heaps computed reach the bound of the
/// periodicity theorem for misère quotients, so that it holds for every heap.
#[pyclass(frozen, eq, hash, get_all, module = "nimlab", name = "Periodicity")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Periodicity {
    /// The first heap from which the pretending values repeat.
    preperiod: u64,
    /// The period.
    period: u64,
    /// Whether the heaps computed prove it for every heap size.
    proved: bool,
    /// How many heaps (0 … this − 1) the proof needs, when the theorem applies.
    values_needed: Option<u64>,
}

impl From<InnerPeriod> for Periodicity {
    fn from(p: InnerPeriod) -> Periodicity {
        Periodicity {
            preperiod: p.preperiod,
            period: p.period,
            proved: p.proved,
            values_needed: p.values_needed,
        }
    }
}

impl Periodicity {
    /// "period 12 from 71 (proved)".
    pub fn text(&self) -> String {
        format!(
            "period {} from {}{}",
            self.period,
            self.preperiod,
            if self.proved { " (proved)" } else { "" }
        )
    }
}

#[pymethods]
impl Periodicity {
    fn __repr__(&self) -> String {
        format!("<Periodicity {}>", self.text())
    }
}

/// The misère quotient of a heap rule over the sums of heaps up to `to`: the commutative
/// monoid of those sums up to indistinguishability in misère play (its order, generators
/// and relations), the elements that are P-positions, and the element each heap pretends
/// to be. Elements are written as their least words in the generators (`"1"`, `"a"`,
/// `"b^2"`).
#[pyclass(frozen, module = "nimlab", name = "MisereQuotient")]
pub struct MisereQuotient {
    inner: Quotient,
}

impl MisereQuotient {
    /// The element of a sum of heaps, or an error naming the first heap not covered.
    fn element_of(&self, heaps: &[u64]) -> PyResult<u32> {
        self.inner.element(heaps).ok_or_else(|| {
            let h = heaps
                .iter()
                .find(|&&h| self.inner.heap_element(h).is_none())
                .copied()
                .unwrap_or_default();
            PyValueError::new_err(format!(
                "heap {h} is past the quotient's heaps (0 … {}) and no proved period \
                 covers it",
                self.inner.max_heap
            ))
        })
    }
}

#[pymethods]
impl MisereQuotient {
    /// The rule, as written back (`"0.77"`).
    #[getter]
    fn rule(&self) -> &str {
        &self.inner.rule
    }

    /// The largest heap covered.
    #[getter]
    fn to(&self) -> u64 {
        self.inner.max_heap
    }

    /// How many elements the quotient has.
    #[getter]
    fn order(&self) -> usize {
        self.inner.order
    }

    /// The generators' names (`a`, `b`, …), in the order the heaps brought them in.
    #[getter]
    fn generators(&self) -> Vec<String> {
        self.inner.generators.clone()
    }

    /// The defining relations (`"a^2 = 1"`).
    #[getter]
    fn relations(&self) -> Vec<String> {
        self.inner.relations.clone()
    }

    /// The elements that are misère P-positions.
    #[getter]
    fn p_portion(&self) -> Vec<String> {
        self.inner.p_portion.clone()
    }

    /// The element each heap 0 … `to` pretends to be (`"1"` for the identity).
    #[getter]
    fn pretending(&self) -> Vec<String> {
        self.inner.pretending.clone()
    }

    /// The heaps at which the presentation changed.
    #[getter]
    fn changes(&self) -> Vec<u64> {
        self.inner.changes.clone()
    }

    /// The period of the pretending function, when one is seen; `None` otherwise.
    #[getter]
    fn periodicity(&self) -> Option<Periodicity> {
        self.inner.periodicity.map(Periodicity::from)
    }

    /// Whether the quotient is that of every heap size: its period is proved.
    #[getter]
    fn is_final(&self) -> bool {
        self.inner.is_final()
    }

    /// The element a sum of heaps is (its least word): the product of the heaps'
    /// elements. Heaps past `to` are read by the period when it is proved; a
    /// `ValueError` otherwise.
    fn element(&self, heaps: Vec<u64>) -> PyResult<String> {
        let x = self.element_of(&heaps)?;
        Ok(self.inner.word(x))
    }

    /// Whether a sum of heaps is a misère P-position (the player to move loses, the
    /// player who takes the last counter losing). Heaps past `to` are read by the period
    /// when it is proved; a `ValueError` otherwise.
    fn is_p_position(&self, heaps: Vec<u64>) -> PyResult<bool> {
        let x = self.element_of(&heaps)?;
        Ok(self.inner.is_p(x))
    }

    /// The quotient as a dict of plain values (the fields above, the pretending
    /// function also as element numbers).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        let period = match self.inner.periodicity {
            Some(p) => format!(
                ", period {} from {}{}",
                p.period,
                p.preperiod,
                if p.proved { " (proved)" } else { "" }
            ),
            None => String::new(),
        };
        format!(
            "<MisereQuotient {} to {}: order {}, {} in P{period}>",
            self.inner.rule,
            self.inner.max_heap,
            self.inner.order,
            self.inner.p_portion.len()
        )
    }
}

// The signature's default order limit (written out, so that Python sees the number) is
// the library's.
const _: () = assert!(DEFAULT_MAX_ORDER == 4096);

/// The misère quotient of a heap rule (`"0.77"`, `"kayles"`, `"subtraction:1,2,3"`) over
/// the sums of heaps up to `to`, of order at most `max_order`, within `max_work` units of
/// the solver's work when given (a budget that, unlike a time limit, stops at the same
/// heap on every machine). Past a limit it raises `LimitError`; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (rule, to, max_order = 4096, max_work = None))]
pub fn quotient(
    py: Python<'_>,
    rule: String,
    to: u64,
    max_order: usize,
    max_work: Option<u64>,
) -> PyResult<MisereQuotient> {
    let inner = detached(py, move || {
        let rule = Rule::parse(&rule)?;
        let mut run = QuotientRun::with_budget(&rule, max_order, max_work)?;
        run.run_to(to, |_| {})?;
        Ok(run.quotient())
    })?;
    Ok(MisereQuotient { inner })
}
