//! Outcome classes and play conventions: who wins a position, under which rule.

use serde::Serialize;
use std::fmt;

/// The outcome class of a position: who wins with perfect play.
///
/// Impartial games have only `P` and `N`; partizan games add `L` and `R`; loopy games
/// add `D` for a draw.
///
/// ```
/// use nimlab::Outcome;
/// assert_eq!(Outcome::P.to_string(), "P");
/// assert_eq!(Outcome::from_grundy_zero(true), Outcome::P);
/// assert!(Outcome::N.describe().contains("player to move wins"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: the player to move loses.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Left wins, whoever starts.
    L,
    /// Right wins, whoever starts.
    R,
    /// Neither player can force a win: play goes on forever.
    D,
}

impl Outcome {
    /// `P` when `is_zero` (a Grundy value of 0, or a lost position for the mover), else `N`.
    ///
    /// ```
    /// assert_eq!(nimlab::Outcome::from_grundy_zero(false), nimlab::Outcome::N);
    /// ```
    pub fn from_grundy_zero(is_zero: bool) -> Self {
        if is_zero {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The outcome in words, as a student would read it.
    ///
    /// ```
    /// assert_eq!(nimlab::Outcome::P.describe(), "P-position: the player to move loses");
    /// ```
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::P => "P-position: the player to move loses",
            Outcome::N => "N-position: the player to move wins",
            Outcome::L => "L-position: Left wins whoever starts",
            Outcome::R => "R-position: Right wins whoever starts",
            Outcome::D => "D-position: a draw, play goes on forever",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::D => "D",
        };
        f.write_str(s)
    }
}

/// Normal play (the last mover wins) or misère play (the last mover loses).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}
