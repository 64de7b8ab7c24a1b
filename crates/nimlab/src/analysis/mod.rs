//! The analysis of a position of any catalogue game: who wins, its value, every winning
//! move with the position it leads to, and why.
//!
//! [`Analyzer::analyze`] takes any [`Game`] and returns one [`Analysis`]: an
//! [`ImpartialAnalysis`] (outcome, nimber or generalised value, the winning moves, the
//! explanation in steps, for normal and misère play and for loopy games) or a
//! [`PartizanAnalysis`] (outcome class, canonical value, mean, temperature, stops, and every
//! move of each player with the value it leaves). Each is `Serialize` (the JSON of
//! `nimlab analyze --json`) and `Display` (its text).
//!
//! ```
//! use nimlab::analysis::{Analysis, Analyzer};
//! use nimlab::games::{Arg, Catalogue};
//! use nimlab::{Convention, Outcome};
//! let cat = Catalogue::standard();
//! let mut analyzer = Analyzer::new();
//! let read = |tokens: &[&str]| {
//!     let args: Vec<Arg> = tokens.iter().enumerate().map(|(i, t)| Arg::new(t, i + 1)).collect();
//!     cat.parse_game(&args).unwrap()
//! };
//! let nim = analyzer.analyze(&read(&["nim", "3", "5", "7"]), Convention::Normal, 10).unwrap();
//! assert_eq!((nim.outcome(), nim.winning_move_count()), (Outcome::N, 3));
//! let domino = analyzer.analyze(&read(&["domineering", "..|.."]), Convention::Normal, 10).unwrap();
//! assert_eq!((domino.outcome(), domino.value()), (Outcome::N, Some("+-1".to_string())));
//! assert!(matches!(domino, Analysis::Partizan(_)));
//! ```

mod impartial;
mod infinite;
mod partizan;
mod text;

pub use impartial::{analyze, ImpartialAnalysis, PartReport, WinningMove};
pub use infinite::{analyze_infinite, ColumnValue, InfiniteAnalysis, NumberMove, STONES_LOOKED_AT};
pub use partizan::{
    analyze_partizan, valued_moves, MoveValue, PartValue, PartizanAnalysis, ValuedTurn,
};

use crate::conway::thermograph;
use crate::draw::{figure_svg, thermograph_svg};
use crate::games::Game;
use crate::partizan::RulesetSolver;
use crate::picture::side_by_side;
use crate::{Convention, Error, Outcome, Result};
use serde::Serialize;

/// The analysis of a position of any game.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Analysis {
    /// Of an impartial position.
    Impartial(ImpartialAnalysis),
    /// Of a partizan position (boxed: it holds every move of both players).
    Partizan(Box<PartizanAnalysis>),
    /// Of Black-White Nim with infinite columns, whose value is a surreal number.
    Infinite(Box<InfiniteAnalysis>),
}

impl Analysis {
    /// The game id (`sum` for parts of several games).
    pub fn game(&self) -> &str {
        match self {
            Analysis::Impartial(a) => &a.game,
            Analysis::Partizan(a) => &a.game,
            Analysis::Infinite(a) => &a.game,
        }
    }

    /// The position as read.
    pub fn position(&self) -> &str {
        match self {
            Analysis::Impartial(a) => &a.position,
            Analysis::Partizan(a) => &a.position,
            Analysis::Infinite(a) => &a.position,
        }
    }

    /// Who wins: P or N for impartial positions (and D for a draw in loopy play); L, R, P
    /// or N for partizan ones.
    pub fn outcome(&self) -> Outcome {
        match self {
            Analysis::Impartial(a) => a.outcome,
            Analysis::Partizan(a) => a.outcome,
            Analysis::Infinite(a) => a.outcome,
        }
    }

    /// The value as written: a nimber (`*3`), a generalised value (`∞{0,2}`), or a
    /// canonical form in CGSuite's notation; `None` when only the outcome is known (misère
    /// play, a value too large to compute).
    pub fn value(&self) -> Option<String> {
        match self {
            Analysis::Impartial(a) => a
                .value
                .as_ref()
                .map(ToString::to_string)
                .or_else(|| a.loopy_value.as_ref().map(ToString::to_string)),
            Analysis::Partizan(a) => Some(a.value.to_string()),
            Analysis::Infinite(a) => Some(a.value.to_string()),
        }
    }

    /// How many winning moves the player to move has (for a partizan position: Left's and
    /// Right's together, each moving first).
    pub fn winning_move_count(&self) -> usize {
        match self {
            Analysis::Impartial(a) => a.winning_move_count,
            Analysis::Partizan(a) => a.left_winning_count + a.right_winning_count,
            Analysis::Infinite(a) => a.left_winning_moves.len() + a.right_winning_moves.len(),
        }
    }
}

/// Analyses positions of any game, keeping what it learnt (the values of partizan
/// regions, in a solver whose tables a memory budget bounds) from one position to the
/// next.
pub struct Analyzer {
    solver: RulesetSolver,
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new()
    }
}

impl Analyzer {
    /// An analyzer with the solver's default tables.
    pub fn new() -> Self {
        Analyzer {
            solver: RulesetSolver::new(),
        }
    }

    /// An analyzer whose tables of partizan values take at most about `bytes`.
    pub fn with_memory(bytes: usize) -> Self {
        Analyzer {
            solver: RulesetSolver::with_memory(bytes),
        }
    }

    /// The solver of partizan values, shared by the analyses.
    pub fn solver(&mut self) -> &mut RulesetSolver {
        &mut self.solver
    }

    /// Analyses `game` under `convention`, listing at most `max_moves` moves of each kind
    /// (all are counted).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for misère play of a partizan game (its values are for
    /// normal play); [`Error::Limit`] when a value or a search is beyond nimlab's limits.
    pub fn analyze(
        &mut self,
        game: &Game,
        convention: Convention,
        max_moves: usize,
    ) -> Result<Analysis> {
        match game {
            Game::Impartial(sum) => Ok(Analysis::Impartial(analyze(sum, convention, max_moves)?)),
            Game::Partizan(sum) => {
                if convention == Convention::Misere {
                    return Err(Error::Unsupported(format!(
                        "misère play of partizan games (`{}`) is not analysed: values are for normal play",
                        sum.game()
                    )));
                }
                Ok(Analysis::Partizan(Box::new(analyze_partizan(
                    sum,
                    &mut self.solver,
                    max_moves,
                )?)))
            }
            Game::Infinite(p) => {
                if convention == Convention::Misere {
                    return Err(Error::Unsupported(
                        "misère play of Black-White Nim with infinite columns is not analysed: its values are for normal play".to_string(),
                    ));
                }
                Ok(Analysis::Infinite(Box::new(analyze_infinite(
                    p, max_moves,
                )?)))
            }
        }
    }

    /// The position's picture (of the parts that have one) and the thermograph of its
    /// value, side by side, as an SVG document; `None` for an impartial game.
    ///
    /// ```
    /// use nimlab::analysis::Analyzer;
    /// use nimlab::games::{Arg, Catalogue};
    /// let args = [Arg::new("domineering", 1), Arg::new("..|..", 2)];
    /// let game = Catalogue::standard().parse_game(&args).unwrap();
    /// let svg = Analyzer::new().picture(&game).unwrap().unwrap();
    /// assert!(svg.starts_with("<svg") && svg.contains("domineering"));
    /// ```
    ///
    /// # Errors
    /// As [`crate::games::PartizanSum::value`].
    pub fn picture(&mut self, game: &Game) -> Result<Option<String>> {
        let Game::Partizan(sum) = game else {
            return Ok(None);
        };
        let mut pictures: Vec<String> = sum
            .parts
            .iter()
            .filter_map(|p| p.figure())
            .map(|f| figure_svg(&f))
            .collect();
        let g = sum.value(&mut self.solver)?;
        let t = thermograph(self.solver.arena(), g);
        pictures.push(thermograph_svg(&t, &sum.notation()));
        Ok(Some(if pictures.len() == 1 {
            pictures.remove(0)
        } else {
            side_by_side(&pictures)
        }))
    }
}
