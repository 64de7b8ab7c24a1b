//! A position of any catalogue game: a sum of impartial positions or a sum of partizan
//! ones, behind one type for the sessions and the front ends.

use super::args::Arg;
use super::catalogue::Catalogue;
use super::partizan_sum::PartizanSum;
use super::sum::Sum;
use crate::Result;

/// A position of any catalogue game, impartial or partizan, with one part or several.
///
/// ```
/// use nimlab::games::{Arg, Catalogue, Game};
/// let cat = Catalogue::standard();
/// let read = |tokens: &[&str]| {
///     let args: Vec<Arg> = tokens.iter().enumerate().map(|(i, t)| Arg::new(t, i + 1)).collect();
///     cat.parse_game(&args).unwrap()
/// };
/// let nim = read(&["nim", "3", "5"]);
/// assert!(!nim.is_partizan());
/// assert_eq!((nim.game(), nim.position()), ("nim".to_string(), "3 5".to_string()));
/// let domineering = read(&["domineering", "..|.."]);
/// assert!(domineering.is_partizan());
/// assert_eq!(domineering.position(), "..|..");
/// ```
#[derive(Debug, Clone)]
pub enum Game {
    /// A sum of impartial positions: both players have the same moves.
    Impartial(Sum),
    /// A sum of partizan positions: Left and Right have moves of their own.
    Partizan(PartizanSum),
}

impl Game {
    /// Whether the game is partizan.
    pub fn is_partizan(&self) -> bool {
        matches!(self, Game::Partizan(_))
    }

    /// The game id (with its parameters), `sum` for parts of several games.
    pub fn game(&self) -> String {
        match self {
            Game::Impartial(s) => s.game(),
            Game::Partizan(s) => s.game(),
        }
    }

    /// The position as it is written after the game id (the parts with their ids for a
    /// sum of several games).
    pub fn position(&self) -> String {
        match self {
            Game::Impartial(s) => s.notation(),
            Game::Partizan(s) => s.position(),
        }
    }

    /// Whether play can loop, so that a position may come up again.
    pub fn is_loopy(&self) -> bool {
        match self {
            Game::Impartial(s) => s.parts.iter().any(|p| p.is_loopy()),
            Game::Partizan(_) => false,
        }
    }
}

impl Catalogue {
    /// Reads a position of any game: a sum of partizan positions when the first token
    /// names a partizan game, of impartial ones otherwise.
    ///
    /// # Errors
    /// As [`Catalogue::parse_sum_args`] and [`Catalogue::parse_partizan_sum_args`].
    pub fn parse_game(&self, tokens: &[Arg<'_>]) -> Result<Game> {
        match tokens.first() {
            Some(first) if self.is_partizan(first.text) => {
                Ok(Game::Partizan(self.parse_partizan_sum_args(tokens)?))
            }
            _ => Ok(Game::Impartial(self.parse_sum_args(tokens)?)),
        }
    }
}
