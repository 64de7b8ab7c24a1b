//! `nimlab.MisereGame`: the misère canonical form of an impartial game, an id in the
//! misère store of the module's one calculator session.

use crate::game::Game;
use crate::genus::Genus;
use crate::run::{quick, watched};
use nimlab::calc::Session;
use nimlab::misere::{MisereId, MAX_HEAP};
use nimlab::{Error, Result};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};
use std::hash::{DefaultHasher, Hash, Hasher};

/// The longest text read with the GIL held, when it has no sum in it.
const SHORT_TEXT: usize = 1024;

/// The misère canonical form of an impartial game (the simplest game that plays like it
/// in every misère sum, where the player who cannot move wins), as CGSuite computes it:
/// `MisereGame("*[2#]")`, `MisereGame(3)` (the nim-heap `*[3]`), `MisereGame(star(3))`.
#[pyclass(frozen, module = "nimlab", name = "MisereGame")]
#[derive(Clone, Copy)]
pub struct MisereGame {
    id: MisereId,
}

fn wrap(id: MisereId) -> MisereGame {
    MisereGame { id }
}

impl From<MisereId> for MisereGame {
    fn from(id: MisereId) -> MisereGame {
        wrap(id)
    }
}

/// The nim-heap `*[n]`, for n up to the notation's largest heap.
fn nim_heap(s: &mut Session, n: u64) -> Result<MisereId> {
    match usize::try_from(n).ok().filter(|&n| n <= MAX_HEAP) {
        Some(n) => s.misere.nim_heap(n),
        None => Err(Error::limit(
            format!("the misère canonical form of the nim-heap {n}"),
            format!("nim-heaps up to {MAX_HEAP}"),
        )),
    }
}

/// The nim-heap of a normal-play `Game` that is a nimber `*n`; an error for any other.
pub fn of_nimber(s: &mut Session, g: nimlab::conway::GameId) -> Result<MisereId> {
    let n = s
        .arena
        .as_nus(g)
        .filter(|n| n.number.is_zero() && n.ups == 0)
        .map(|n| n.nim);
    match n {
        Some(n) => nim_heap(s, n),
        None => {
            let text = nimlab::notation::try_print(&mut s.arena, g)?;
            Err(Error::Unsupported(format!(
                "the game {text} is not impartial (not a nimber): misère canonical forms \
                 are of impartial games"
            )))
        }
    }
}

/// A misère game read from CGSuite's notation: a term `*[…]` or a sum of terms.
fn of_text(py: Python<'_>, text: &str) -> PyResult<MisereId> {
    if text.len() <= SHORT_TEXT && !text.contains('+') {
        return quick(py, |s| s.misere.parse(text));
    }
    let text = text.to_owned();
    watched(py, move |s| s.misere.parse(&text))
}

/// A Python value as a misère game: a `MisereGame`, a nimber `Game` (its nim-heap), or
/// the integer 0 (the nimber 0, as CGSuite reads it in a sum); `None` for anything else.
fn impartial(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Option<MisereId>> {
    if let Ok(g) = obj.cast::<MisereGame>() {
        return Ok(Some(g.get().id));
    }
    if let Ok(g) = obj.cast::<Game>() {
        let id = g.get().id;
        return quick(py, |s| of_nimber(s, id)).map(Some);
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        if let Ok(0) = obj.extract::<i64>() {
            return quick(py, |s| Ok(s.misere.zero())).map(Some);
        }
    }
    Ok(None)
}

impl MisereGame {
    /// `f` on the store, with the GIL held.
    fn read<T>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Session, MisereId) -> Result<T>,
    ) -> PyResult<T> {
        let id = self.id;
        quick(py, |s| f(s, id))
    }

    /// `f` on the store, on a worker thread with the GIL released (Ctrl-C stops it).
    fn slow<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Session, MisereId) -> Result<T> + Send,
    ) -> PyResult<T> {
        let id = self.id;
        watched(py, move |s| f(s, id))
    }

    fn other(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<MisereId> {
        impartial(py, other)?.ok_or_else(|| {
            PyTypeError::new_err("a misère game (a MisereGame or a nimber Game) was expected")
        })
    }

    fn flag(&self, py: Python<'_>, f: impl FnOnce(&Session, MisereId) -> bool) -> PyResult<bool> {
        self.read(py, |s, g| Ok(f(s, g)))
    }

    fn games(ids: Vec<MisereId>) -> Vec<MisereGame> {
        ids.into_iter().map(wrap).collect()
    }
}

#[pymethods]
impl MisereGame {
    /// A misère game from CGSuite's notation (`"*[2#]"`, `"*[2]+*[2]"`), a nim-heap size
    /// (`3` is `*[3]`), a nimber `Game` (its nim-heap), or another `MisereGame`.
    #[new]
    fn new(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<MisereGame> {
        if let Ok(text) = value.cast::<PyString>() {
            return of_text(py, &text.to_cow()?).map(wrap);
        }
        if let Ok(g) = value.cast::<MisereGame>() {
            return Ok(*g.get());
        }
        if let Ok(g) = value.cast::<Game>() {
            let id = g.get().id;
            return quick(py, |s| of_nimber(s, id)).map(wrap);
        }
        if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
            let n: u64 = value.extract()?;
            return quick(py, |s| nim_heap(s, n)).map(wrap);
        }
        Err(PyTypeError::new_err(format!(
            "a misère game is read from a string, a nim-heap size, a nimber Game or a \
             MisereGame, not {}",
            value.get_type().name()?
        )))
    }

    /// The game whose options are the given misère games (nimber `Game`s and nim-heap
    /// sizes are their nim-heaps), in simplest form: `from_options([MisereGame(2)])` is
    /// `*[2#]`.
    #[staticmethod]
    fn from_options(py: Python<'_>, options: &Bound<'_, PyAny>) -> PyResult<MisereGame> {
        let mut ids = Vec::new();
        for item in options.try_iter()? {
            ids.push(MisereGame::new(py, &item?)?.id);
        }
        watched(py, move |s| s.misere.game(ids)).map(wrap)
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.read(py, |s, g| s.misere.display(g))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.__str__(py)
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.id.hash(&mut h);
        h.finish()
    }

    fn __getnewargs__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.__str__(py)?])
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<MisereGame>()
            .is_ok_and(|o| o.get().id == self.id)
    }

    /// The misère sum: a nimber `Game` (or 0) enters as its nim-heap.
    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = impartial(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let sum = self.slow(py, move |s, g| s.misere.add(g, h))?;
        Ok(Py::new(py, wrap(sum))?.into_any())
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    /// The birthday of the canonical form.
    #[getter]
    fn birthday(&self, py: Python<'_>) -> PyResult<u32> {
        self.read(py, |s, g| Ok(s.misere.birthday(g)))
    }

    /// G⁺, the nim value in normal play (CGSuite's `NimValue`).
    #[getter]
    fn nim_value(&self, py: Python<'_>) -> PyResult<u32> {
        self.read(py, |s, g| Ok(s.misere.nim_value(g)))
    }

    /// G⁻, the misère nim value (CGSuite's `MisereNimValue`): 0 exactly for misère
    /// P-positions.
    #[getter]
    fn misere_nim_value(&self, py: Python<'_>) -> PyResult<u32> {
        self.read(py, |s, g| Ok(s.misere.misere_nim_value(g)))
    }

    /// Who wins in misère play: `"P"` (the player to move loses) or `"N"`.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<String> {
        self.read(py, |s, g| Ok(s.misere.outcome(g).to_string()))
    }

    /// The genus (CGSuite's `Genus`): `0^0` for `*[2#]`.
    #[getter]
    fn genus(&self, py: Python<'_>) -> PyResult<Genus> {
        self.slow(py, |s, g| s.misere.genus(g)).map(Genus::from)
    }

    /// The options of the canonical form, in CGSuite's order.
    #[getter]
    fn options(&self, py: Python<'_>) -> PyResult<Vec<MisereGame>> {
        self.read(py, |s, g| Ok(s.misere.options(g)))
            .map(MisereGame::games)
    }

    /// The mate (ONAG): the mate of 0 is `*`, of any other game the game of its options'
    /// mates.
    fn mate(&self, py: Python<'_>) -> PyResult<MisereGame> {
        self.slow(py, |s, g| s.misere.mate(g)).map(wrap)
    }

    /// The parts (CGSuite's `Parts`): the even games P other than 0 and the game itself
    /// with G = P + Q for some Q, in the order Siegel's algorithm finds them.
    fn parts(&self, py: Python<'_>) -> PyResult<Vec<MisereGame>> {
        self.slow(py, |s, g| s.misere.parts(g))
            .map(MisereGame::games)
    }

    /// The partitions (CGSuite's `Partitions`): every way of writing the game as a sum of
    /// even primes, with `*` last when the game is odd (Norton: not always one way).
    fn partitions(&self, py: Python<'_>) -> PyResult<Vec<Vec<MisereGame>>> {
        let lists = self.slow(py, |s, g| s.misere.partitions(g))?;
        Ok(lists.into_iter().map(MisereGame::games).collect())
    }

    /// The game H with G = `other` + H, when `other` is a part of the game (CGSuite's
    /// `MisereMinus`); `None` when it is not.
    fn misere_minus(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
    ) -> PyResult<Option<MisereGame>> {
        let h = self.other(py, other)?;
        Ok(self
            .slow(py, move |s, g| s.misere.misere_minus(g, h))?
            .map(wrap))
    }

    /// A game T with the game + T a misère P-position and `other` + T not (CGSuite's
    /// `Distinguisher`); `None` when the two games are equal.
    fn distinguisher(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
    ) -> PyResult<Option<MisereGame>> {
        let h = self.other(py, other)?;
        Ok(self
            .slow(py, move |s, g| s.misere.distinguisher(g, h))?
            .map(wrap))
    }

    /// A game T with both the game + T and `other` + T P-positions (CGSuite's `Link`);
    /// `None` when there is none (one game is an option of the other).
    fn link(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Option<MisereGame>> {
        let h = self.other(py, other)?;
        Ok(self.slow(py, move |s, g| s.misere.link(g, h))?.map(wrap))
    }

    /// Whether the game is linked to `other` (CGSuite's `IsLinkedTo`): some game makes
    /// both sums P-positions.
    fn is_linked_to(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let h = self.other(py, other)?;
        self.flag(py, |s, g| s.misere.is_linked_to(g, h))
    }

    /// Whether the game is even: born before its partner G + `*` (CGSuite's `IsEven`).
    #[getter]
    fn is_even(&self, py: Python<'_>) -> PyResult<bool> {
        self.flag(py, |s, g| s.misere.is_even(g))
    }

    /// Whether the game is a nim-heap `*[n]`.
    #[getter]
    fn is_nim_heap(&self, py: Python<'_>) -> PyResult<bool> {
        self.read(py, |s, g| s.misere.is_nim_heap(g))
    }

    /// Whether the game is prime (CGSuite's `IsPrime`): neither 0 nor `*`, and its only
    /// even parts are 0 and itself.
    #[getter]
    fn is_prime(&self, py: Python<'_>) -> PyResult<bool> {
        self.slow(py, |s, g| s.misere.is_prime(g))
    }

    /// Whether the game is tame (CGSuite's `IsTame`): a nim-heap, or of tame genus with
    /// every option tame.
    #[getter]
    fn is_tame(&self, py: Python<'_>) -> PyResult<bool> {
        self.flag(py, |s, g| s.misere.is_tame(g))
    }

    /// Whether the game is generally tame: tame or reversibly tame.
    #[getter]
    fn is_generally_tame(&self, py: Python<'_>) -> PyResult<bool> {
        self.flag(py, |s, g| s.misere.is_generally_tame(g))
    }

    /// Whether the game is tameable: determines its genus when added to tame games.
    #[getter]
    fn is_tameable(&self, py: Python<'_>) -> PyResult<bool> {
        self.flag(py, |s, g| s.misere.is_tameable(g))
    }

    /// Whether the game is restive (CGSuite's `IsRestive`): not tame, every option tame,
    /// G⁺ of 0 or 1.
    #[getter]
    fn is_restive(&self, py: Python<'_>) -> PyResult<bool> {
        self.flag(py, |s, g| s.misere.is_restive(g))
    }

    /// Whether the game is generally restive: restive or reversibly restive.
    #[getter]
    fn is_generally_restive(&self, py: Python<'_>) -> PyResult<bool> {
        self.flag(py, |s, g| s.misere.is_generally_restive(g))
    }

    /// Whether the game is restless (CGSuite's `IsRestless`): not tame, every option tame,
    /// G⁻ of 0 or 1.
    #[getter]
    fn is_restless(&self, py: Python<'_>) -> PyResult<bool> {
        self.flag(py, |s, g| s.misere.is_restless(g))
    }

    /// Whether the game is half-tame (CGSuite's `IsHalfTame`): not generally tame, but
    /// G + G is, with G⁺ = G⁻ = 0.
    #[getter]
    fn is_half_tame(&self, py: Python<'_>) -> PyResult<bool> {
        self.slow(py, |s, g| s.misere.is_half_tame(g))
    }

    /// Whether the game is extraverted (CGSuite's `IsExtraverted`): each option is a part
    /// of it.
    #[getter]
    fn is_extraverted(&self, py: Python<'_>) -> PyResult<bool> {
        self.slow(py, |s, g| s.misere.is_extraverted(g))
    }

    /// Whether the game is introverted (CGSuite's `IsIntroverted`): a part of each of its
    /// options (only 0 and `*` are).
    #[getter]
    fn is_introverted(&self, py: Python<'_>) -> PyResult<bool> {
        self.flag(py, |s, g| s.misere.is_introverted(g))
    }
}
