//! nimlab in Python: the module `nimlab._nimlab`, re-exported by the package `nimlab`.
//! It converts the library's typed results to Python objects and holds no game logic.

mod analysis;
mod errors;
mod game;
mod play;
mod position;
mod run;
mod sequence;
mod thermograph;

use pyo3::prelude::*;

/// Combinatorial game theory: Conway's games, impartial games and heap rules.
#[pymodule]
fn _nimlab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<game::Game>()?;
    m.add_class::<thermograph::Thermograph>()?;
    m.add_class::<analysis::Analysis>()?;
    m.add_class::<analysis::Move>()?;
    m.add_class::<sequence::Sequence>()?;
    m.add_class::<position::Position>()?;
    m.add_class::<play::Play>()?;
    m.add_class::<play::Choice>()?;
    m.add_function(wrap_pyfunction!(game::star, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::games, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::sequence, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::survey, m)?)?;
    m.add("up", game::ups(py, 1)?)?;
    m.add("down", game::ups(py, -1)?)?;
    m.add("zero", game::Game::zero(py)?)?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("LimitError", py.get_type::<errors::LimitError>())?;
    Ok(())
}
