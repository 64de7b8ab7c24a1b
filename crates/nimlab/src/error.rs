//! The library's errors: one [`Error`] that wraps a small error type for each way a
//! question can fail: the input cannot be read ([`ParseError`], which says where), it is
//! read but breaks a game's rules ([`RuleError`]), or the answer is beyond a limit
//! ([`LimitError`]); a computation may also be stopped (Ctrl-C, the time or memory
//! limit) or asked something that does not apply.
//!
//! No message names a command of a front end: a front end adds its own hints (the
//! command that lists the games, the one that computes a sequence further).

use thiserror::Error;

/// Everything that can go wrong when nimlab reads a game or a position, or when a
/// computation would exceed a limit.
///
/// Errors that come from user input carry the offending token and say what was
/// expected, so that a front end can show them as they are.
///
/// ```
/// use nimlab::games::Catalogue;
/// use nimlab::{Error, ParseError};
/// let err = Catalogue::standard().parse_sum(&["nim", "3", "x5"]).unwrap_err();
/// assert!(err.to_string().contains("x5"));
/// assert!(matches!(err, Error::Parse(ParseError::Token { index: 3, .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// The input could not be read.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The input was read but breaks a game's rules.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// A computation would exceed one of nimlab's limits.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// The computation was interrupted (by Ctrl-C) before it finished.
    #[error("interrupted: the computation was stopped before it finished")]
    Interrupted,
    /// The computation reached its time limit and was stopped (see [`crate::limits`]).
    #[error("stopped at the time limit of {limit}")]
    TimeLimit {
        /// The limit, in words (`1 min`).
        limit: String,
    },
    /// The computation reached its memory limit and was stopped (see [`crate::limits`]).
    #[error("stopped at the memory limit of {limit}")]
    MemoryLimit {
        /// The limit, in words (`8 GiB`).
        limit: String,
    },
    /// The question does not apply to this game (for example misère play of a sum of
    /// games that nimlab cannot search).
    #[error("{0}")]
    Unsupported(String),
}

/// A shorthand for `Result<T, nimlab::Error>`.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Input that could not be read, with where it is and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A token of a position (a heap size, a board) could not be read.
    #[error("cannot read `{token}` ({}): expected {expected}", origin.place(*index))]
    Token {
        /// The offending token, as given.
        token: String,
        /// Its 1-based index among the tokens of its origin: for the command line, among
        /// the position's arguments, the game id first.
        index: usize,
        /// Where the token was read.
        origin: Origin,
        /// What was expected there, in words.
        expected: String,
    },
    /// An expression (a game in Conway's notation) could not be read: the input, the
    /// column of the offending character (from 0, in characters), and what was expected.
    #[error("cannot read the expression at column {}: expected {expected}\n  {input}\n  {}^", column + 1, " ".repeat(*column))]
    Expression {
        /// The expression as given.
        input: String,
        /// The offending character's index (in characters, from 0).
        column: usize,
        /// What was expected there, in words.
        expected: String,
    },
    /// Something the input needs is missing, such as the position after a `+`.
    #[error("{what}: expected {expected}")]
    Missing {
        /// What is missing and where, in words ("a position is missing after `+`
        /// (argument 3)").
        what: String,
        /// What was expected there, in words.
        expected: String,
    },
}

/// Where in the input a [`ParseError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Span {
    /// Token `index` (from 1) of `origin`.
    Token {
        /// The token's 1-based index among the tokens of its origin.
        index: usize,
        /// Where it was read.
        origin: Origin,
    },
    /// The character at this index (from 0) of an expression.
    Column(usize),
    /// Nowhere in the input: something is missing from it.
    Missing,
}

impl ParseError {
    /// Where the error is.
    ///
    /// ```
    /// use nimlab::{Error, Origin, Span};
    /// let Error::Parse(e) = nimlab::notation::parse("{1|").unwrap_err() else { panic!() };
    /// assert_eq!(e.span(), Span::Column(3));
    /// let Error::Parse(e) = Error::parse("x", 2, "a number") else { panic!() };
    /// assert_eq!(e.span(), Span::Token { index: 2, origin: Origin::Argument });
    /// ```
    pub fn span(&self) -> Span {
        match self {
            ParseError::Token { index, origin, .. } => Span::Token {
                index: *index,
                origin: *origin,
            },
            ParseError::Expression { column, .. } => Span::Column(*column),
            ParseError::Missing { .. } => Span::Missing,
        }
    }

    /// What was expected, in words.
    pub fn expected(&self) -> &str {
        match self {
            ParseError::Token { expected, .. }
            | ParseError::Expression { expected, .. }
            | ParseError::Missing { expected, .. } => expected,
        }
    }
}

/// Input that was read but breaks a game's rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RuleError {
    /// The game id is not in the catalogue.
    #[error("unknown game `{id}`{}", suggestion.as_ref().map_or(String::new(), |s| format!(": did you mean `{s}`?")))]
    UnknownGame {
        /// The id as given.
        id: String,
        /// The closest catalogue id, if one is close.
        suggestion: Option<String>,
    },
    /// The game's parameters (after the `:` of the id) are invalid.
    #[error("invalid parameters for `{game}`: {reason}")]
    Parameters {
        /// The game id as given.
        game: String,
        /// Why the parameters are refused.
        reason: String,
    },
    /// A position is well formed token by token but not a legal position of the game.
    #[error("invalid position for `{game}`: {reason}")]
    Position {
        /// The game id.
        game: String,
        /// Why the position is refused.
        reason: String,
    },
}

/// A question whose answer is beyond one of nimlab's limits (of size, of depth, of
/// values).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{what} is beyond nimlab's limit: {limit}")]
pub struct LimitError {
    /// What was asked.
    pub what: String,
    /// The limit, in words.
    pub limit: String,
    /// How the answer can be reached after all, when there is a way.
    pub further: Option<Further>,
}

/// A way past a [`LimitError`], for a front end to name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Further {
    /// Compute the heap rule's sequence further with the heap engine
    /// ([`crate::heap::Sequence`]), which has no time limit of its own.
    Sequence,
    /// Compute the sequence in a window ([`crate::heap::windowed_run`]), keeping the
    /// values of the first and of the last heaps only, when all of them do not fit in
    /// memory.
    Window,
    /// Draw the game graph instead of the game tree: equal positions merged, it has far
    /// fewer nodes ([`crate::explore::Shape::Graph`]).
    Graph,
}

impl Error {
    /// A parse error for token `token` at command-line argument `index`, expecting
    /// `expected`.
    ///
    /// ```
    /// let e = nimlab::Error::parse("-3", 2, "a heap size (a whole number ≥ 0)");
    /// assert_eq!(e.to_string(), "cannot read `-3` (argument 2): expected a heap size (a whole number ≥ 0)");
    /// ```
    pub fn parse(token: &str, index: usize, expected: impl Into<String>) -> Self {
        Error::Parse(ParseError::Token {
            token: token.to_string(),
            index,
            origin: Origin::Argument,
            expected: expected.into(),
        })
    }

    /// A missing-input error: `what` is missing (a sentence saying where), `expected`
    /// says what belongs there.
    ///
    /// ```
    /// let e = nimlab::Error::missing("a position is missing after `+` (argument 3)", "a position");
    /// assert_eq!(e.to_string(), "a position is missing after `+` (argument 3): expected a position");
    /// ```
    pub fn missing(what: impl Into<String>, expected: impl Into<String>) -> Self {
        Error::Parse(ParseError::Missing {
            what: what.into(),
            expected: expected.into(),
        })
    }

    /// A limit error.
    ///
    /// ```
    /// let e = nimlab::Error::limit("heap 10^30 of subtraction:1,3", "heaps up to 10^9");
    /// assert!(e.to_string().contains("10^9"));
    /// ```
    pub fn limit(what: impl Into<String>, limit: impl Into<String>) -> Self {
        Error::Limit(LimitError {
            what: what.into(),
            limit: limit.into(),
            further: None,
        })
    }

    /// An invalid-position error.
    ///
    /// ```
    /// let e = nimlab::Error::position("nim", "no heaps given");
    /// assert_eq!(e.to_string(), "invalid position for `nim`: no heaps given");
    /// ```
    pub fn position(game: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::Rule(RuleError::Position {
            game: game.into(),
            reason: reason.into(),
        })
    }

    /// An invalid-parameters error.
    ///
    /// ```
    /// let e = nimlab::Error::parameters("subtraction:0,1", "0 is not a legal subtraction");
    /// assert!(e.to_string().starts_with("invalid parameters"));
    /// ```
    pub fn parameters(game: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::Rule(RuleError::Parameters {
            game: game.into(),
            reason: reason.into(),
        })
    }

    /// An unknown-game error, with the closest id when one is close.
    ///
    /// ```
    /// let e = nimlab::Error::unknown_game("nimm", Some("nim".to_string()));
    /// assert_eq!(e.to_string(), "unknown game `nimm`: did you mean `nim`?");
    /// ```
    pub fn unknown_game(id: impl Into<String>, suggestion: Option<String>) -> Self {
        Error::Rule(RuleError::UnknownGame {
            id: id.into(),
            suggestion,
        })
    }

    /// Whether the computation was stopped (Ctrl-C, the time or the memory limit) rather
    /// than refused.
    ///
    /// ```
    /// assert!(nimlab::Error::Interrupted.is_stopped());
    /// assert!(!nimlab::Error::limit("x", "y").is_stopped());
    /// ```
    pub fn is_stopped(&self) -> bool {
        matches!(
            self,
            Error::Interrupted | Error::TimeLimit { .. } | Error::MemoryLimit { .. }
        )
    }
}

/// Where a token was read: the command line or the standard input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Origin {
    /// A command-line argument; its index counts the arguments of the position from 1,
    /// the game id first.
    #[default]
    Argument,
    /// A token of the standard input; its index counts the tokens read there from 1.
    StandardInput,
}

impl Origin {
    /// Token `index` of this origin, in words.
    ///
    /// ```
    /// use nimlab::Origin;
    /// assert_eq!(Origin::Argument.place(3), "argument 3");
    /// assert_eq!(Origin::StandardInput.place(3), "token 3 of standard input");
    /// ```
    pub fn place(self, index: usize) -> String {
        match self {
            Origin::Argument => format!("argument {index}"),
            Origin::StandardInput => format!("token {index} of standard input"),
        }
    }
}

/// A position's text cut to its first 60 characters (and `…`), for an error message.
pub(crate) fn cut_text(mut text: String) -> String {
    if text.chars().count() > 60 {
        text = text.chars().take(60).collect::<String>() + "…";
    }
    text
}
