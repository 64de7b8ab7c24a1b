//! `nimlab.Genus`: Conway's genus of a misère game, as the library keeps and prints it.

use nimlab::misere::Genus as Inner;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::hash::{DefaultHasher, Hash, Hasher};

/// The genus `g^{γ₀γ₁γ₂…}` of a misère game: the base g = G⁺ (the normal-play nim value)
/// and the digits γᵢ = G⁻(G + i·*2), which repeat with period 2 from some point on.
/// It prints as CGSuite does (`0^0`, `2^1420`, `2` for a nim-heap's genus); two genera
/// are equal when their bases and all their digits are.
#[pyclass(frozen, module = "nimlab", name = "Genus")]
pub struct Genus {
    inner: Inner,
}

impl From<Inner> for Genus {
    fn from(inner: Inner) -> Genus {
        Genus { inner }
    }
}

impl Genus {
    /// The base and the digits up to the point from which they repeat with period 2 for
    /// good: the same for equal genera, however many digits each stores.
    fn key(&self) -> (u32, Vec<u32>) {
        // Past the stored digits (and past γ₁), every genus repeats with period 2.
        let n = self.inner.digits().len().max(2) + 2;
        let mut digits: Vec<u32> = (0..=n).map(|i| self.inner.digit(i)).collect();
        while digits.len() > 3 && digits[digits.len() - 1] == digits[digits.len() - 3] {
            digits.pop();
        }
        (self.inner.base(), digits)
    }
}

#[pymethods]
impl Genus {
    /// The base, G⁺: the normal-play nim value.
    #[getter]
    fn base(&self) -> u32 {
        self.inner.base()
    }

    /// The superscript digits as CGSuite stores and prints them (empty for a nim-heap's
    /// genus); [`Genus::digit`] gives any digit.
    #[getter]
    fn digits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.digits())
    }

    /// The digit γᵢ = G⁻(G + i·*2), for any i ≥ 0.
    fn digit(&self, i: usize) -> u32 {
        self.inner.digit(i)
    }

    /// The misère nim value G⁻, the digit γ₀.
    #[getter]
    fn misere_nim_value(&self) -> u32 {
        self.inner.misere_nim_value()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        self.inner.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Genus>()
            .is_ok_and(|o| o.get().key() == self.key())
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.key().hash(&mut h);
        h.finish()
    }
}
