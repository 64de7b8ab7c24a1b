//! `nimlab.Thermograph`: a game's thermograph, its walls and its picture.

use crate::game::rational_to_py;
use nimlab::conway::{self, Rational, Trajectory};
use pyo3::prelude::*;

/// A thermograph: the Left and Right walls of a game as functions of the temperature.
#[pyclass(frozen, module = "nimlab", name = "Thermograph")]
pub struct Thermograph {
    inner: conway::Thermograph,
    title: String,
}

impl Thermograph {
    pub fn new(inner: conway::Thermograph, title: String) -> Thermograph {
        Thermograph { inner, title }
    }
}

fn rational(t: &Bound<'_, PyAny>) -> PyResult<Rational> {
    let num: num_bigint::BigInt = t.getattr("numerator")?.extract()?;
    let den: num_bigint::BigInt = t.getattr("denominator")?.extract()?;
    if den == num_bigint::BigInt::from(0) {
        return Err(pyo3::exceptions::PyZeroDivisionError::new_err(
            "denominator 0",
        ));
    }
    Ok(Rational::new(num, den))
}

fn points<'py>(py: Python<'py>, xs: Vec<Rational>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    xs.iter().map(|x| rational_to_py(py, x)).collect()
}

fn wall<'py>(
    py: Python<'py>,
    w: &Trajectory,
) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    w.critical_points()
        .iter()
        .map(|t| Ok((rational_to_py(py, t)?, rational_to_py(py, &w.at(t))?)))
        .collect()
}

#[pymethods]
impl Thermograph {
    /// The temperature: where the walls meet the mast.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        rational_to_py(py, &self.inner.temperature())
    }

    /// The mean: where the mast stands.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        rational_to_py(py, &self.inner.mean())
    }

    /// The Left wall's value at temperature `t` (an `int` or a `Fraction`).
    fn left_at<'py>(&self, py: Python<'py>, t: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        rational_to_py(py, &self.inner.left.at(&rational(t)?))
    }

    /// The Right wall's value at temperature `t`.
    fn right_at<'py>(&self, py: Python<'py>, t: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        rational_to_py(py, &self.inner.right.at(&rational(t)?))
    }

    /// The Left wall's critical points, as `(temperature, value)` pairs, hottest first.
    #[getter]
    fn left_wall<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
        wall(py, &self.inner.left)
    }

    /// The Right wall's critical points, as `(temperature, value)` pairs, hottest first.
    #[getter]
    fn right_wall<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
        wall(py, &self.inner.right)
    }

    /// The temperatures where the Left wall turns.
    #[getter]
    fn left_critical_points<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        points(py, self.inner.left.critical_points())
    }

    /// The temperatures where the Right wall turns.
    #[getter]
    fn right_critical_points<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        points(py, self.inner.right.critical_points())
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Thermograph of {}: {}>", self.title, self.inner)
    }

    /// The picture, for notebooks: the same SVG as `nimlab value --svg`.
    fn _repr_svg_(&self) -> String {
        nimlab::draw::thermograph_svg(&self.inner, &self.title)
    }
}
