//! Partizan rulesets as the catalogue and the front ends see them: a position that knows
//! its game, its notation and how to say a move in words, on top of [`PartizanGame`].

use crate::partizan::{Arena, GameId, PartizanGame};
use serde::Serialize;
use std::fmt;

/// One of the two players of a partizan game.
///
/// ```
/// use nimlab::games::ruleset::Side;
/// assert_eq!(Side::Left.other(), Side::Right);
/// assert_eq!(Side::Right.to_string(), "Right");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Side {
    /// Left (blue, vertical in Domineering, `x` in Clobber, toads in Toads and Frogs).
    Left,
    /// Right (red, horizontal in Domineering, `o` in Clobber, frogs in Toads and Frogs).
    Right,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "Left",
            Side::Right => "Right",
        })
    }
}

/// A position of a partizan ruleset of the catalogue: its options (through
/// [`PartizanGame`], as whole positions of the same board, so that a move can be told in
/// words) and how it is written.
///
/// ```
/// use nimlab::games::domineering::Domineering;
/// use nimlab::games::ruleset::{Ruleset, Side};
/// use nimlab::partizan::PartizanGame;
/// let p = Domineering::parse("..|..").unwrap();
/// assert_eq!(p.game(), "domineering");
/// let after = &p.left_options()[0];
/// assert_eq!(p.describe_move(Side::Left, after), "a1-a2");
/// ```
pub trait Ruleset: PartizanGame + fmt::Debug + Send + Sync + 'static {
    /// The game id, with its parameters (`partizan-subtraction:1,4/2,3`).
    fn game(&self) -> String;

    /// The position in the notation it is read in (CGSuite's where it has one).
    fn notation(&self) -> String;

    /// The move by `side` from this position to `to` (one of its options), in words or
    /// in the game's move notation (`a1-a2` for a domino).
    fn describe_move(&self, side: Side, to: &Self) -> String;

    /// The position drawn for a player; `ascii` keeps to ASCII characters. The default
    /// is the notation.
    fn draw(&self, _ascii: bool) -> String {
        self.notation()
    }

    /// The canonical value by a closed form (Berlekamp's rule for Hackenbush strings),
    /// when the ruleset has one; `None` means: solve by the options.
    fn closed_value(&self, _arena: &mut Arena) -> Option<GameId> {
        None
    }

    /// The position as an SVG picture, when the ruleset draws one.
    fn svg(&self) -> Option<String> {
        None
    }
}
