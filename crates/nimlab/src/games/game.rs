//! A position of any catalogue game: a sum of impartial positions or a sum of partizan
//! ones, behind one type for the sessions and the front ends.

use super::args::Arg;
use super::catalogue::Catalogue;
use super::infinite_columns::InfiniteColumns;
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
    /// Black-White Nim with infinite columns: a surreal number beyond the short games,
    /// analysed but not played (a move in an infinite column is one of infinitely
    /// many).
    Infinite(InfiniteColumns),
}

impl Game {
    /// Whether the game is partizan.
    pub fn is_partizan(&self) -> bool {
        matches!(self, Game::Partizan(_) | Game::Infinite(_))
    }

    /// The game id (with its parameters), `sum` for parts of several games.
    pub fn game(&self) -> String {
        match self {
            Game::Impartial(s) => s.game(),
            Game::Partizan(s) => s.game(),
            Game::Infinite(_) => "hackenbush-string".to_string(),
        }
    }

    /// The position as it is written after the game id (the parts with their ids for a
    /// sum of several games).
    pub fn position(&self) -> String {
        match self {
            Game::Impartial(s) => s.notation(),
            Game::Partizan(s) => s.position(),
            Game::Infinite(p) => p.to_string(),
        }
    }

    /// Whether play can loop, so that a position may come up again.
    pub fn is_loopy(&self) -> bool {
        match self {
            Game::Impartial(s) => s.parts.iter().any(|p| p.is_loopy()),
            Game::Partizan(_) | Game::Infinite(_) => false,
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
        if let Some(p) = infinite_columns(tokens)? {
            return Ok(Game::Infinite(p));
        }
        match tokens.first() {
            Some(first) if self.is_partizan(first.text) => {
                Ok(Game::Partizan(self.parse_partizan_sum_args(tokens)?))
            }
            _ => Ok(Game::Impartial(self.parse_sum_args(tokens)?)),
        }
    }
}

/// Black-White Nim columns with a repeated group (`hackenbush-string x(o)^w`), as one
/// position: every part of the sum must be Black-White Nim then.
fn infinite_columns(tokens: &[Arg<'_>]) -> Result<Option<InfiniteColumns>> {
    let game = "hackenbush-string";
    if tokens.first().is_none_or(|t| t.text != game)
        || !tokens.iter().any(|t| InfiniteColumns::is_infinite(t.text))
    {
        return Ok(None);
    }
    let mut columns = Vec::new();
    let mut expect_id = true;
    for t in tokens {
        if expect_id {
            if t.text != game {
                return Err(crate::Error::parse(
                    t.text,
                    t.index,
                    format!(
                        "`{game}`: a sum with an infinite column has Black-White Nim parts only"
                    ),
                ));
            }
            expect_id = false;
        } else if t.text == "+" {
            expect_id = true;
        } else {
            columns.push(t.text);
        }
    }
    InfiniteColumns::parse(&columns.join(" ")).map(Some)
}
