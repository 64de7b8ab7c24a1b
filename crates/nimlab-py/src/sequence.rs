//! `nimlab.sequence`: the Grundy values of a heap rule, with their period.

use crate::analysis::json;
use crate::rare::RareValues;
use crate::run::watched;
use nimlab::api::{run_sequence, SequenceRequest};
use nimlab::heap::{SequenceReport, Values};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};

/// The Grundy values G(0) … G(to) of a heap rule and what is known of them.
#[pyclass(frozen, module = "nimlab", name = "Sequence")]
pub struct Sequence {
    report: SequenceReport,
    values: Py<PyAny>,
}

/// The values as an `array.array` of the narrowest unsigned type, or a numpy array
/// (sharing the memory of a `bytearray`, writable) when numpy is installed.
fn values_array<'py>(py: Python<'py>, values: &Values) -> PyResult<Bound<'py, PyAny>> {
    let (code, dtype, bytes) = match values {
        Values::U8(v) => ("B", "uint8", PyByteArray::new(py, v)),
        Values::U16(v) => ("H", "uint16", native_bytes(py, v, u16::to_ne_bytes)?),
        Values::U32(v) => ("I", "uint32", native_bytes(py, v, u32::to_ne_bytes)?),
    };
    match py.import("numpy") {
        Ok(numpy) => {
            let kwargs = PyDict::new(py);
            kwargs.set_item("dtype", dtype)?;
            numpy.call_method("frombuffer", (bytes,), Some(&kwargs))
        }
        Err(_) => {
            let array = py.import("array")?.getattr("array")?.call1((code,))?;
            array.call_method1("frombytes", (bytes,))?;
            Ok(array)
        }
    }
}

/// The values in the machine's byte order, written straight into a `bytearray`.
fn native_bytes<'py, T: Copy, const N: usize>(
    py: Python<'py>,
    values: &[T],
    bytes: fn(T) -> [u8; N],
) -> PyResult<Bound<'py, PyByteArray>> {
    PyByteArray::new_with(py, values.len() * N, |buf| {
        for (out, &v) in buf.chunks_exact_mut(N).zip(values) {
            out.copy_from_slice(&bytes(v));
        }
        Ok(())
    })
}

#[pymethods]
impl Sequence {
    /// The rule as given (`"0.77"`).
    #[getter]
    fn rule(&self) -> &str {
        &self.report.rule
    }

    /// The rule's name, when it has one (`"kayles"`).
    #[getter]
    fn name(&self) -> Option<&'static str> {
        self.report.name
    }

    /// The largest heap computed.
    #[getter]
    fn to(&self) -> u64 {
        self.report.to
    }

    /// The values G(0) … G(to): an `array.array`, or a numpy array when numpy is there.
    #[getter]
    fn values(&self, py: Python<'_>) -> Py<PyAny> {
        self.values.clone_ref(py)
    }

    /// The period, if one was found.
    #[getter]
    fn period(&self) -> Option<u64> {
        self.report.period
    }

    /// Where the period starts.
    #[getter]
    fn preperiod(&self) -> Option<u64> {
        self.report.preperiod
    }

    /// The saltus of an arithmetic period (0 for a plain one).
    #[getter]
    fn saltus(&self) -> Option<u64> {
        self.report.saltus
    }

    /// Whether the period is proved for every heap size.
    #[getter]
    fn proved(&self) -> bool {
        self.report.proved
    }

    /// The heaps of value 0 (the P-positions), up to the report's limit.
    #[getter]
    fn p_positions(&self) -> Vec<u64> {
        self.report.p_positions.clone()
    }

    /// How many heaps have value 0.
    #[getter]
    fn p_count(&self) -> u64 {
        self.report.p_count
    }

    /// The largest value.
    #[getter]
    fn max_value(&self) -> u32 {
        self.report.max_value
    }

    /// Where each value first occurs: `(value, heap)` for every value below 2^20 that
    /// occurs, in the order of the heaps.
    #[getter]
    fn first_heaps(&self) -> Vec<(u32, u64)> {
        self.report
            .first_heaps
            .iter()
            .map(|f| (f.value, f.heap))
            .collect()
    }

    /// The rare/common split of the values.
    #[getter]
    fn rare(&self) -> RareValues {
        self.report.rare.into()
    }

    /// The report as `nimlab sequence --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json(py, &self.report)
    }

    fn __len__(&self) -> usize {
        usize::try_from(self.report.to).map_or(usize::MAX, |n| n.saturating_add(1))
    }

    fn __repr__(&self) -> String {
        let period = match (self.report.period, self.report.preperiod) {
            (Some(p), Some(pre)) => format!(
                ", period {p} from {pre}{}",
                if self.report.proved { " (proved)" } else { "" }
            ),
            _ => String::new(),
        };
        format!(
            "<Sequence {} to {}{period}>",
            self.report.rule, self.report.to
        )
    }
}

/// The Grundy sequence of a heap rule (`"0.77"`, `"kayles"`, `"subtraction:1,3,4"`) up
/// to heap `to`, or until its period is proved with `prove=True`.
#[pyfunction]
#[pyo3(signature = (rule, to = None, prove = false))]
pub fn sequence(py: Python<'_>, rule: String, to: Option<u64>, prove: bool) -> PyResult<Sequence> {
    let req = SequenceRequest { rule, to, prove };
    let seq = watched(py, move |_| run_sequence(&req, |_| {}))?;
    let report = SequenceReport::new(&seq);
    let values = values_array(py, seq.values())?.unbind();
    Ok(Sequence { report, values })
}
