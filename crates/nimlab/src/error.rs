//! The library's error type.

use thiserror::Error;

/// Everything that can go wrong when nimlab reads a game or a position, or when a
/// computation would exceed a limit.
///
/// Errors that come from user input carry the offending token and say what was
/// expected, so that a front end can show them as they are.
///
/// ```
/// use nimlab::games::Catalogue;
/// let err = Catalogue::standard().parse_sum(&["nim", "3", "x5"]).unwrap_err();
/// assert!(err.to_string().contains("x5"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// A token of the input could not be read.
    #[error("cannot read `{token}` ({}): expected {expected}", origin.place(*index))]
    Parse {
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
    /// Something the input needs is missing, such as the position after a `+`.
    #[error("{what}: expected {expected}")]
    Missing {
        /// What is missing and where, in words ("a position is missing after `+`
        /// (argument 3)").
        what: String,
        /// What was expected there, in words.
        expected: String,
    },
    /// The game id is not in the catalogue.
    #[error("unknown game `{id}`{}", match suggestion {
        Some(s) => format!(": did you mean `{s}`?"),
        None => " (`nimlab games` lists every game)".to_string(),
    })]
    UnknownGame {
        /// The id as given.
        id: String,
        /// The closest catalogue id, if one is close.
        suggestion: Option<String>,
    },
    /// The game's parameters (after the `:` of the id) are invalid.
    #[error("invalid parameters for `{game}`: {reason}")]
    BadParameters {
        /// The game id as given.
        game: String,
        /// Why the parameters are refused.
        reason: String,
    },
    /// A position is well formed token by token but not a legal position of the game.
    #[error("invalid position for `{game}`: {reason}")]
    BadPosition {
        /// The game id.
        game: String,
        /// Why the position is refused.
        reason: String,
    },
    /// A computation would exceed one of nimlab's limits.
    #[error("{what} is beyond nimlab's limit: {limit}")]
    Limit {
        /// What was asked.
        what: String,
        /// The limit, in words.
        limit: String,
    },
    /// An expression (a game in Conway's notation) could not be read: the input, the
    /// column of the offending character (from 0, in characters), and what was expected.
    #[error("cannot read the expression at column {}: expected {expected}\n  {input}\n  {}^", column + 1, " ".repeat(*column))]
    Syntax {
        /// The expression as given.
        input: String,
        /// The offending character's index (in characters, from 0).
        column: usize,
        /// What was expected there, in words.
        expected: String,
    },
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

impl Error {
    /// A parse error for token `token` at command-line argument `index`, expecting
    /// `expected`.
    ///
    /// ```
    /// let e = nimlab::Error::parse("-3", 2, "a heap size (a whole number ≥ 0)");
    /// assert_eq!(e.to_string(), "cannot read `-3` (argument 2): expected a heap size (a whole number ≥ 0)");
    /// ```
    pub fn parse(token: &str, index: usize, expected: impl Into<String>) -> Self {
        Error::Parse {
            token: token.to_string(),
            index,
            origin: Origin::Argument,
            expected: expected.into(),
        }
    }

    /// A missing-input error: `what` is missing (a sentence saying where), `expected`
    /// says what belongs there.
    ///
    /// ```
    /// let e = nimlab::Error::missing("a position is missing after `+` (argument 3)", "a position");
    /// assert_eq!(e.to_string(), "a position is missing after `+` (argument 3): expected a position");
    /// ```
    pub fn missing(what: impl Into<String>, expected: impl Into<String>) -> Self {
        Error::Missing {
            what: what.into(),
            expected: expected.into(),
        }
    }

    /// A limit error.
    ///
    /// ```
    /// let e = nimlab::Error::limit("heap 10^30 of subtraction:1,3", "heaps up to 10^9");
    /// assert!(e.to_string().contains("10^9"));
    /// ```
    pub fn limit(what: impl Into<String>, limit: impl Into<String>) -> Self {
        Error::Limit {
            what: what.into(),
            limit: limit.into(),
        }
    }

    /// An invalid-position error.
    ///
    /// ```
    /// let e = nimlab::Error::position("nim", "no heaps given");
    /// assert_eq!(e.to_string(), "invalid position for `nim`: no heaps given");
    /// ```
    pub fn position(game: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::BadPosition {
            game: game.into(),
            reason: reason.into(),
        }
    }

    /// An invalid-parameters error.
    ///
    /// ```
    /// let e = nimlab::Error::parameters("subtraction:0,1", "0 is not a legal subtraction");
    /// assert!(e.to_string().starts_with("invalid parameters"));
    /// ```
    pub fn parameters(game: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::BadParameters {
            game: game.into(),
            reason: reason.into(),
        }
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
