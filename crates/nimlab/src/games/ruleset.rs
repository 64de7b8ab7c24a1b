//! Partizan rulesets as the catalogue and the front ends see them: a position that knows
//! its game, its notation and how to say a move in words, on top of [`PartizanGame`].

use super::figure::Figure;
use crate::conway::GameId;
use crate::partizan::{PartizanGame, RulesetSolver};
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

    /// What the position looks like, for a picture ([`crate::draw`] draws it as text
    /// and as SVG), when the ruleset has a figure; otherwise it is shown in its
    /// notation.
    fn figure(&self) -> Option<Figure> {
        None
    }

    /// Why `text`, typed as a move of `side`'s, is not one of its moves here (`b2` is
    /// taken, the squares are not side by side), when the ruleset can tell; `None` leaves
    /// the reason to the caller.
    fn why_illegal(&self, _side: Side, _text: &str) -> Option<String> {
        None
    }
}

/// Reads one position written in the tokens `args` joined by `separator` (a board's rows
/// may be given as separate arguments), by `parse`; an invalid position names the
/// arguments it was read from.
pub(crate) fn read_joined<R: Ruleset>(
    args: &[super::Arg<'_>],
    separator: &str,
    parse: impl Fn(&str) -> crate::Result<R>,
) -> crate::Result<Vec<Box<dyn PartizanPosition>>> {
    let text: Vec<&str> = args.iter().map(|a| a.text).collect();
    let text = text.join(separator);
    match parse(&text) {
        Ok(p) => Ok(vec![Box::new(p)]),
        Err(crate::Error::Rule(crate::RuleError::Position { game, reason })) => {
            let place = match args {
                [one] => one.place(),
                [first, .., last] => format!("{} to {}", first.place(), last.place()),
                [] => "the position".to_string(),
            };
            Err(crate::Error::Rule(crate::RuleError::Position {
                game,
                reason: format!("{reason} (in `{text}`, {place})"),
            }))
        }
        Err(e) => Err(e),
    }
}

/// A move of a partizan position: where it goes and what it is, in words.
pub struct PartizanMove {
    /// The position after the move.
    pub to: Box<dyn PartizanPosition>,
    /// The move in the game's notation (`a1-a2`).
    pub description: String,
}

impl fmt::Debug for PartizanMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PartizanMove")
            .field("to", &self.to.notation())
            .field("description", &self.description)
            .finish()
    }
}

/// A position of any partizan ruleset, behind one object-safe trait: the front ends hold
/// `Box<dyn PartizanPosition>` and never need the game's type. Every [`Ruleset`] is one.
///
/// ```
/// use nimlab::games::domineering::Domineering;
/// use nimlab::games::ruleset::{PartizanPosition, Side};
/// use nimlab::partizan::RulesetSolver;
/// let p: Box<dyn PartizanPosition> = Box::new(Domineering::parse("..|..").unwrap());
/// let moves = p.moves(Side::Right);
/// assert_eq!(moves.len(), 2);
/// assert_eq!(moves[0].description, "a2-b2");
/// let mut solver = RulesetSolver::new();
/// let g = p.value(&mut solver).unwrap();
/// assert_eq!(nimlab::notation::print(solver.arena(), g), "+-1");
/// ```
pub trait PartizanPosition: Send + Sync {
    /// The game id, with its parameters.
    fn game(&self) -> String;

    /// The position in the notation it is read in.
    fn notation(&self) -> String;

    /// A copy of this position behind a new box.
    fn boxed_clone(&self) -> Box<dyn PartizanPosition>;

    /// Every move of `side`.
    fn moves(&self, side: Side) -> Vec<PartizanMove>;

    /// The canonical value, in the solver's arena.
    ///
    /// # Errors
    /// [`crate::Error::Limit`] when the value is beyond the arena's limits, or the
    /// computation was interrupted.
    fn value(&self, solver: &mut RulesetSolver) -> crate::Result<GameId>;

    /// What the position looks like, when the ruleset has a figure
    /// ([`Ruleset::figure`]).
    fn figure(&self) -> Option<Figure>;

    /// Why `text` is not a move of `side`'s here, when the ruleset can tell
    /// ([`Ruleset::why_illegal`]).
    fn why_illegal(&self, side: Side, text: &str) -> Option<String>;
}

impl fmt::Debug for dyn PartizanPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.game(), self.notation())
    }
}

impl<R: Ruleset> PartizanPosition for R {
    fn game(&self) -> String {
        Ruleset::game(self)
    }

    fn notation(&self) -> String {
        Ruleset::notation(self)
    }

    fn boxed_clone(&self) -> Box<dyn PartizanPosition> {
        Box::new(self.clone())
    }

    fn moves(&self, side: Side) -> Vec<PartizanMove> {
        let options = match side {
            Side::Left => self.left_options(),
            Side::Right => self.right_options(),
        };
        options
            .into_iter()
            .map(|to| PartizanMove {
                description: self.describe_move(side, &to),
                to: Box::new(to),
            })
            .collect()
    }

    fn value(&self, solver: &mut RulesetSolver) -> crate::Result<GameId> {
        solver.value(self, || {
            let position = crate::error::cut_text(Ruleset::notation(self));
            format!("valuing {} {position}", Ruleset::game(self))
        })
    }

    fn figure(&self) -> Option<Figure> {
        Ruleset::figure(self)
    }

    fn why_illegal(&self, side: Side, text: &str) -> Option<String> {
        Ruleset::why_illegal(self, side, text)
    }
}
