//! nimlab in Python: the module `nimlab._nimlab`, re-exported by the package `nimlab`.
//! It converts the library's typed results to Python objects and holds no game logic.

mod analysis;
mod catalogue;
mod errors;
mod explanation;
mod game;
mod genus;
mod html;
mod misere;
mod play;
mod position;
mod quotient;
mod quotient_survey;
mod rare;
mod recent;
mod run;
mod sequence;
mod survey;
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
    m.add_class::<explanation::Explanation>()?;
    m.add_class::<explanation::NimColumns>()?;
    m.add_class::<explanation::NimRow>()?;
    m.add_class::<explanation::MexStep>()?;
    m.add_class::<explanation::SumParts>()?;
    m.add_class::<explanation::RuleStep>()?;
    m.add_class::<catalogue::GameInfo>()?;
    m.add_class::<sequence::Sequence>()?;
    m.add_class::<rare::RareValues>()?;
    m.add_class::<survey::Survey>()?;
    m.add_class::<survey::SurveyRow>()?;
    m.add_class::<position::Position>()?;
    m.add_class::<play::Play>()?;
    m.add_class::<play::Choice>()?;
    m.add_class::<misere::MisereGame>()?;
    m.add_class::<genus::Genus>()?;
    m.add_class::<quotient::MisereQuotient>()?;
    m.add_class::<quotient::Periodicity>()?;
    m.add_class::<quotient_survey::QuotientSurvey>()?;
    m.add_class::<quotient_survey::QuotientSurveyRow>()?;
    m.add_function(wrap_pyfunction!(game::star, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue::games, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::sequence, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey, m)?)?;
    m.add_function(wrap_pyfunction!(quotient::quotient, m)?)?;
    m.add_function(wrap_pyfunction!(quotient_survey::quotient_survey, m)?)?;
    m.add("up", game::ups(py, 1)?)?;
    m.add("down", game::ups(py, -1)?)?;
    m.add("zero", game::Game::zero(py)?)?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("LimitError", py.get_type::<errors::LimitError>())?;
    Ok(())
}
