//! The values of the calculator's expressions and its binary operations.

use crate::conway::{Dyadic, GameId};
use crate::surreal::Ordinal;
use crate::Outcome;
use num_bigint::BigInt;

/// The value of an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A game (in the session's arena).
    Game(GameId),
    /// `true` or `false`.
    Bool(bool),
    /// An outcome class.
    Outcome(Outcome),
    /// A number that is not a game value (a stop, a birthday).
    Number(Dyadic),
    /// A list of games (the options of a game).
    List(Vec<GameId>),
    /// A rational number (a mean or a temperature).
    Rational(crate::conway::Rational),
    /// A thermograph.
    Thermograph(crate::conway::Thermograph),
    /// Text printed as it stands (an uptimal expansion).
    Text(String),
    /// A number that is not a short game: a rational such as 1/3, or a surreal number
    /// such as ω or 1/(ω+1).
    Surreal(crate::surreal::Surreal),
    /// A transfinite nimber *α, α an infinite ordinal (`*ω`, `*ω^2`).
    Nimber(crate::surreal::Ordinal),
    /// A misère canonical form of an impartial game (`*[2#]`), in the session's
    /// [`MisereStore`](crate::misere::MisereStore).
    Misere(crate::misere::MisereId),
    /// A list of misère canonical forms (the options or the parts of one), printed
    /// `[*[0],*[1]]` as CGSuite prints them.
    MisereList(Vec<crate::misere::MisereId>),
    /// Lists of misère canonical forms (the partitions of one), printed
    /// `[[*[2],*[2]]]`.
    MisereLists(Vec<Vec<crate::misere::MisereId>>),
    /// The genus of an impartial game (`0^0`, `2^1420`).
    Genus(crate::misere::Genus),
}

/// A binary operation of the expression language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Add,
    Sub,
    Times,
    Div,
    Power,
}

impl Op {
    pub(crate) fn verb(self) -> &'static str {
        match self {
            Op::Add => "add",
            Op::Sub => "subtract",
            Op::Times => "multiply",
            Op::Div => "divide",
            Op::Power => "raise",
        }
    }
}

/// How a transfinite nimber prints: `*ω`, `*ω^2`, `*(ω+1)`, `*(2ω)`.
pub(crate) fn nimber_text(o: &Ordinal) -> String {
    let terms = o.terms();
    let parens = terms.len() > 1
        || terms
            .first()
            .is_some_and(|t| !t.exponent().is_zero() && t.coefficient() != &BigInt::from(1));
    if parens {
        format!("*({o})")
    } else {
        format!("*{o}")
    }
}
