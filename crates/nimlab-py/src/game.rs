//! `nimlab.Game`: a short game in canonical form, an id in the session's arena.

use crate::errors::to_py;
use crate::recent;
use crate::run::{quick, watched};
use nimlab::calc::Session;
use nimlab::conway::{self, ops, Comparison, Dyadic, GameId, Rational};
use nimlab::Error;
use num_bigint::BigInt;
use num_traits::{One, Zero};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use std::hash::{DefaultHasher, Hash, Hasher};

/// A short game in canonical form: `Game("{3||2|1}")`, `Game(3)`, `Game(Fraction(3, 4))`.
#[pyclass(frozen, module = "nimlab", name = "Game")]
#[derive(Clone, Copy)]
pub struct Game {
    pub(crate) id: GameId,
}

/// A dyadic number as a Python `int` or `fractions.Fraction`.
pub fn dyadic_to_py<'py>(py: Python<'py>, x: &Dyadic) -> PyResult<Bound<'py, PyAny>> {
    let num = x.numerator().clone().into_pyobject(py)?.into_any();
    if x.exponent() == 0 {
        return Ok(num);
    }
    let den = (BigInt::one() << x.exponent()).into_pyobject(py)?;
    fraction(py)?.call1((num, den))
}

/// A rational (a mean, a temperature) as a Python `int` or `fractions.Fraction`.
pub fn rational_to_py<'py>(py: Python<'py>, x: &Rational) -> PyResult<Bound<'py, PyAny>> {
    let num = x.numer().clone().into_pyobject(py)?.into_any();
    if x.denom().is_one() {
        return Ok(num);
    }
    let den = x.denom().clone().into_pyobject(py)?;
    fraction(py)?.call1((num, den))
}

fn fraction(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    py.import("fractions")?.getattr("Fraction")
}

/// A Python number (`int`, `fractions.Fraction` or any `numbers.Rational`) as a dyadic
/// number; `None` when `obj` is no rational number; an error when it is one whose
/// denominator is not a power of two.
pub fn py_to_dyadic(obj: &Bound<'_, PyAny>) -> PyResult<Option<Dyadic>> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Ok(None);
    }
    if let Ok(n) = obj.extract::<BigInt>() {
        return Ok(Some(Dyadic::from(n)));
    }
    let py = obj.py();
    let rational = py.import("numbers")?.getattr("Rational")?;
    if !obj.is_instance(&rational)? {
        return Ok(None);
    }
    let num: BigInt = obj.getattr("numerator")?.extract()?;
    let den: BigInt = obj.getattr("denominator")?.extract()?;
    let exp = den.bits().saturating_sub(1);
    let power_of_two = den > BigInt::zero() && (&den & (&den - 1u32)).is_zero();
    match u32::try_from(exp) {
        Ok(exp) if power_of_two && exp <= 1 << 16 => Ok(Some(Dyadic::new(num, exp))),
        _ => Err(PyValueError::new_err(format!(
            "{num}/{den} is not a short game: the numbers of short games are dyadic (a/2^k)"
        ))),
    }
}

/// A Python value as a game of the session: a `Game`, a dyadic number, or a string read
/// as CGSuite's notation; `None` for anything else.
fn game_of(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Option<GameId>> {
    if let Ok(g) = obj.cast::<Game>() {
        return Ok(Some(g.get().id));
    }
    // A string is never a number: it is read before `numbers` is looked at.
    if let Ok(text) = obj.cast::<PyString>() {
        return game_of_text(py, &text.to_cow()?).map(Some);
    }
    if let Some(x) = py_to_dyadic(obj)? {
        return quick(py, |s| Ok(s.arena.number(x))).map(Some);
    }
    Ok(None)
}

/// The longest text read with the GIL held (reading is linear in the text's length).
const SHORT_TEXT: usize = 1024;

/// A game read from CGSuite's notation. A short text that writes a game out
/// ([`nimlab::notation::Expr::is_literal`]: `{3||2|1}`, `^*`, `3/4`) is read and valued
/// with the GIL held, as quick work, and remembered ([`recent`]); any other (a sum, a
/// method, a long text) is valued on a worker thread, where Ctrl-C can stop it.
fn game_of_text(py: Python<'_>, text: &str) -> PyResult<GameId> {
    if text.len() > SHORT_TEXT {
        let text = text.to_owned();
        return watched(py, move |s| s.game_of(&text));
    }
    if let Some(id) = recent::get(text) {
        return Ok(id);
    }
    let e = nimlab::notation::parse(text).map_err(|e| to_py(py, e))?;
    if e.is_literal() {
        let id = quick(py, |s| s.game_of_parsed(&e))?;
        recent::remember(text, id);
        Ok(id)
    } else {
        watched(py, move |s| s.game_of_parsed(&e))
    }
}

fn wrap(id: GameId) -> Game {
    Game { id }
}

impl Game {
    fn apply(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Session, GameId) -> nimlab::Result<GameId>,
    ) -> PyResult<Game> {
        let id = self.id;
        quick(py, |s| f(s, id)).map(wrap)
    }

    fn slow<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Session, GameId) -> nimlab::Result<T> + Send,
    ) -> PyResult<T> {
        let id = self.id;
        watched(py, move |s| f(s, id))
    }
}

#[pymethods]
impl Game {
    /// A game from CGSuite's notation (`"{3||2|1}"`, `"^*"`, `"+-1"`), a number (`int`,
    /// a dyadic `Fraction`) or another `Game`.
    #[new]
    fn new(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Game> {
        match game_of(py, value)? {
            Some(id) => Ok(wrap(id)),
            None => Err(PyTypeError::new_err(format!(
                "a game is read from a string, a number or a Game, not {}",
                value.get_type().name()?
            ))),
        }
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let id = self.id;
        quick(py, |s| nimlab::notation::try_print(&mut s.arena, id))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.__str__(py)
    }

    /// The game in LaTeX, for notebooks (`$\{3\parallel 2\mid 1\}$`).
    fn _repr_latex_(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("${}$", nimlab::notation::latex(&self.__str__(py)?)))
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.id.hash(&mut h);
        h.finish()
    }

    fn __getnewargs__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.__str__(py)?])
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        if other.is_instance_of::<PyString>() {
            return Ok(py.NotImplemented());
        }
        let Some(h) = game_of(py, other).ok().flatten() else {
            return Ok(py.NotImplemented());
        };
        let g = self.id;
        let answer = match op {
            CompareOp::Eq => g == h,
            CompareOp::Ne => g != h,
            _ => {
                let c = quick(py, |s| Ok(s.arena.compare(g, h)))?;
                match op {
                    CompareOp::Le => matches!(c, Comparison::Less | Comparison::Equal),
                    CompareOp::Lt => c == Comparison::Less,
                    CompareOp::Ge => matches!(c, Comparison::Greater | Comparison::Equal),
                    _ => c == Comparison::Greater,
                }
            }
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    /// Whether the game is confused with (incomparable to) `other`: `G ‖ H`.
    fn confused_with(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let h = self.other(py, other)?;
        let g = self.id;
        quick(py, |s| Ok(s.arena.compare(g, h) == Comparison::Confused))
    }

    /// Whether the game is fuzzy: confused with zero (`G ‖ 0`, the first player wins).
    #[getter]
    fn fuzzy(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        quick(py, |s| {
            let zero = s.arena.zero();
            Ok(s.arena.compare(g, zero) == Comparison::Confused)
        })
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |s, g, h| Ok(s.arena.add(g, h)))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |s, g, h| Ok(s.arena.add(h, g)))
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |s, g, h| Ok(s.arena.sub(g, h)))
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |s, g, h| Ok(s.arena.sub(h, g)))
    }

    /// `n * G` for an integer `n` (either side), as CGSuite multiplies; any other product
    /// is refused with a `ValueError`.
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, times)
    }

    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |s, g, h| times(s, h, g))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Game> {
        self.apply(py, |s, g| Ok(s.arena.neg(g)))
    }

    fn __pos__(&self) -> Game {
        *self
    }

    /// A number as an `int` (refused for a game that is not an integer).
    fn __int__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.number(py)? {
            Some(x) if x.is_integer() => dyadic_to_py(py, &x),
            _ => Err(PyValueError::new_err(format!(
                "{} is not an integer",
                self.__str__(py)?
            ))),
        }
    }

    fn __index__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.__int__(py)
    }

    fn __float__(&self, py: Python<'_>) -> PyResult<f64> {
        self.fraction_value(py)?
            .call_method0("__float__")?
            .extract()
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        quick(py, |s| Ok(g != s.arena.zero()))
    }

    /// A number as a `fractions.Fraction` (refused for a game that is not a number).
    #[pyo3(name = "to_fraction")]
    fn fraction_value<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.number(py)? {
            Some(x) => fraction(py)?.call1((dyadic_to_py(py, &x)?,)),
            None => Err(PyValueError::new_err(format!(
                "{} is not a number",
                self.__str__(py)?
            ))),
        }
    }

    /// The canonical form (a `Game` is always canonical: the game itself).
    #[getter]
    fn canonical_form(&self) -> Game {
        *self
    }

    /// Left's options of the canonical form.
    #[getter]
    fn left_options(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        let g = self.id;
        let ids = quick(py, |s| {
            let left = s.arena.left(g);
            Ok(nimlab::notation::ordered(&mut s.arena, left))
        })?;
        Ok(ids.into_iter().map(wrap).collect())
    }

    /// Right's options of the canonical form.
    #[getter]
    fn right_options(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        let g = self.id;
        let ids = quick(py, |s| {
            let right = s.arena.right(g);
            Ok(nimlab::notation::ordered(&mut s.arena, right))
        })?;
        Ok(ids.into_iter().map(wrap).collect())
    }

    /// Who wins: `"L"`, `"R"`, `"P"` (the second player) or `"N"` (the first player).
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.id;
        quick(py, |s| Ok(conway::outcome(&mut s.arena, g).to_string()))
    }

    /// The mean value, an `int` or a `Fraction`.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = self.slow(py, |s, g| Ok(conway::mean(&mut s.arena, g)))?;
        rational_to_py(py, &x)
    }

    /// The temperature, an `int` or a `Fraction` (negative for a number, as in CGSuite).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = self.slow(py, |s, g| Ok(conway::temperature(&mut s.arena, g)))?;
        rational_to_py(py, &x)
    }

    /// The thermograph: its walls, mast, temperature and mean, drawn in notebooks.
    #[getter]
    fn thermograph(&self, py: Python<'_>) -> PyResult<crate::thermograph::Thermograph> {
        let t = self.slow(py, |s, g| Ok(conway::thermograph(&mut s.arena, g)))?;
        let title = self.__str__(py)?;
        Ok(crate::thermograph::Thermograph::new(t, title))
    }

    /// Left's stop: the number reached when Left moves first and both play well.
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = self.slow(py, |s, g| Ok(conway::stop(&mut s.arena, g, true)))?;
        dyadic_to_py(py, &x)
    }

    /// Right's stop: the number reached when Right moves first and both play well.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = self.slow(py, |s, g| Ok(conway::stop(&mut s.arena, g, false)))?;
        dyadic_to_py(py, &x)
    }

    /// The birthday of the canonical form.
    #[getter]
    fn birthday<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.slow(py, |s, g| Ok(conway::birthday(&mut s.arena, g)))?;
        Ok(n.into_pyobject(py)?.into_any())
    }

    /// The atomic weight of an all-small game (a `Game`); `None` when it is not defined.
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        Ok(self
            .slow(py, |s, g| conway::atomic::atomic_weight(&mut s.arena, g))?
            .map(wrap))
    }

    /// The game cooled by `t` (a number greater than −1).
    fn cool(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = number_arg(t)?;
        self.slow(py, move |s, g| ops::cool(&mut s.arena, g, &t))
            .map(wrap)
    }

    /// The game heated by `t` (a game, usually a number): `∫^t G`.
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = self.other(py, t)?;
        self.slow(py, move |s, g| Ok(ops::heat(&mut s.arena, g, t)))
            .map(wrap)
    }

    /// Whether the game is a number.
    #[getter]
    fn is_number(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.number(py)?.is_some())
    }

    /// Whether the game is infinitesimal: between every negative and every positive number.
    #[getter]
    fn is_infinitesimal(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        quick(py, |s| Ok(ops::is_infinitesimal(&mut s.arena, g)))
    }

    /// The misère canonical form of a nimber `*n`: the nim-heap `*[n]`. A `Game` is a
    /// canonical form of normal play, which forgets the options that misère play tells
    /// apart (`{*2|*2}` is 0), so only a nimber has one; build other misère games with
    /// `MisereGame`.
    fn misere(&self, py: Python<'_>) -> PyResult<crate::misere::MisereGame> {
        let g = self.id;
        quick(py, |s| crate::misere::of_nimber(s, g)).map(crate::misere::MisereGame::from)
    }

    /// Whether the game is a nimber `*n`.
    #[getter]
    fn is_nimber(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        quick(py, |s| {
            Ok(s.arena
                .as_nus(g)
                .is_some_and(|n| n.number.is_zero() && n.ups == 0))
        })
    }
}

/// `G * H` when one of them is an integer (`n * G`), or both are numbers.
fn times(s: &mut Session, g: GameId, h: GameId) -> nimlab::Result<GameId> {
    let integer = |s: &Session, x: GameId| {
        s.arena
            .as_number(x)
            .filter(|d| d.is_integer())
            .map(|d| d.numerator().clone())
    };
    if let Some(n) = integer(s, g) {
        return ops::times(&mut s.arena, &n, h);
    }
    if let Some(n) = integer(s, h) {
        return ops::times(&mut s.arena, &n, g);
    }
    Err(Error::Unsupported(
        "a product is an integer times a game".to_string(),
    ))
}

fn number_arg(t: &Bound<'_, PyAny>) -> PyResult<Dyadic> {
    if let Ok(g) = t.cast::<Game>() {
        let id = g.get().id;
        let py = t.py();
        if let Some(x) = quick(py, |s| Ok(s.arena.as_number(id).cloned()))? {
            return Ok(x);
        }
    }
    py_to_dyadic(t)?.ok_or_else(|| PyTypeError::new_err("a number was expected"))
}

impl Game {
    fn number(&self, py: Python<'_>) -> PyResult<Option<Dyadic>> {
        let g = self.id;
        quick(py, |s| Ok(s.arena.as_number(g).cloned()))
    }

    fn other(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<GameId> {
        game_of(py, other)?.ok_or_else(|| {
            PyTypeError::new_err("a game (a Game, a number or a string) was expected")
        })
    }

    fn binary(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        f: impl FnOnce(&mut Session, GameId, GameId) -> nimlab::Result<GameId>,
    ) -> PyResult<Py<PyAny>> {
        if other.is_instance_of::<PyString>() {
            return Ok(py.NotImplemented());
        }
        let Some(h) = game_of(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.id;
        let id = quick(py, |s| f(s, g, h))?;
        Ok(Py::new(py, wrap(id))?.into_any())
    }
}

/// The nimber `*n`.
#[pyfunction]
#[pyo3(signature = (n = 1))]
pub fn star(py: Python<'_>, n: u64) -> PyResult<Game> {
    quick(py, |s| Ok(s.arena.star(n))).map(wrap)
}

/// `n` ups: `↑` for 1, `↓` for −1.
pub fn ups(py: Python<'_>, n: i64) -> PyResult<Game> {
    quick(py, |s| Ok(s.arena.up(n))).map(wrap)
}

impl Game {
    /// The game 0.
    pub fn zero(py: Python<'_>) -> PyResult<Game> {
        quick(py, |s| Ok(s.arena.zero())).map(wrap)
    }
}
