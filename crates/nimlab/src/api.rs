//! Requests and answers as data, for the front ends that speak JSON: the web page, the
//! HTTP server, the Python package. Each request is `Deserialize` (its fields named as
//! the command line's options), each answer is the library's typed result, `Serialize`
//! as `nimlab … --json` prints it, so every front end answers alike.
//!
//! ```
//! use nimlab::api::{analyze, AnalyzeRequest};
//! use nimlab::analysis::Analyzer;
//! let req: AnalyzeRequest = serde_json::from_str(r#"{"game": "nim", "position": "3 5 7"}"#).unwrap();
//! let a = analyze(&req, &mut Analyzer::new()).unwrap();
//! assert_eq!(a.value().as_deref(), Some("*1"));
//! assert_eq!(a.winning_move_count(), 3);
//! ```

use crate::analysis::{Analysis, Analyzer};
use crate::calc::{Explanation, Session, ValueReport};
use crate::games::ruleset::Side;
use crate::games::{Arg, Catalogue, Game};
use crate::heap::{Rule, Run, Sequence, SequenceReport, MAX_LENGTH};
use crate::{Convention, Error, Origin, Result};
use serde::{Deserialize, Serialize};

/// The most winning moves an analysis lists unless asked otherwise.
pub const DEFAULT_MAX_MOVES: usize = 100;

/// About how many bytes of moves an analysis lists at most unless asked otherwise: a
/// position of a million heaps lists one winning move, not a hundred.
pub const LISTED_BYTES: usize = 10_000_000;

/// `analyze`: a position of a catalogue game.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// The game id, with its parameters (`nim`, `subtraction:1,3,4`).
    pub game: String,
    /// The position as the command line takes it after the id, words separated by
    /// spaces; a sum adds `+ game position` (`3 5 + kayles 4`).
    #[serde(default)]
    pub position: String,
    /// Misère play.
    #[serde(default)]
    pub misere: bool,
    /// How many winning moves to list at most (all are counted); by default up to
    /// [`DEFAULT_MAX_MOVES`], fewer for very long positions.
    #[serde(default)]
    pub max_moves: Option<usize>,
}

impl AnalyzeRequest {
    /// The request's words as the catalogue reads them: the id, then the position's.
    fn tokens(&self) -> Vec<Arg<'_>> {
        std::iter::once(self.game.as_str())
            .chain(self.position.split_whitespace())
            .enumerate()
            .map(|(i, text)| Arg {
                text,
                index: i + 1,
                origin: Origin::Argument,
            })
            .collect()
    }

    /// The game and position of the request, read as the command line reads them.
    ///
    /// ```
    /// use nimlab::api::AnalyzeRequest;
    /// let req = AnalyzeRequest { game: "nim".into(), position: "3 5 7".into(),
    ///     misere: false, max_moves: None };
    /// let game = req.game().unwrap();
    /// assert_eq!((game.game(), game.position()), ("nim".to_string(), "3 5 7".to_string()));
    /// assert!(AnalyzeRequest { position: "3 x".into(), ..req }.game().is_err());
    /// ```
    ///
    /// # Errors
    /// An unknown game, a word that is no position (with its place: the id is word 1).
    pub fn game(&self) -> Result<Game> {
        Catalogue::standard().parse_game(&self.tokens())
    }
}

/// How many moves to list of a position written in `tokens`, unless told: up to
/// [`DEFAULT_MAX_MOVES`], and for a long impartial position as many as fit in about
/// [`LISTED_BYTES`] of text.
///
/// ```
/// use nimlab::api::default_max_moves;
/// assert_eq!(default_max_moves(false, &["nim", "3", "5", "7"]), 100);
/// let heaps: Vec<String> = (0..1_000_000).map(|_| "12345678901234567890".to_string()).collect();
/// let words: Vec<&str> = heaps.iter().map(String::as_str).collect();
/// assert_eq!(default_max_moves(false, &words), 1);
/// ```
pub fn default_max_moves(partizan: bool, tokens: &[&str]) -> usize {
    if partizan {
        return DEFAULT_MAX_MOVES;
    }
    let length: usize = tokens.iter().map(|t| t.len() + 1).sum();
    (LISTED_BYTES / length.max(1)).clamp(1, DEFAULT_MAX_MOVES)
}

/// Analyses the position of `req` with `analyzer`.
///
/// # Errors
/// The position's errors (an unknown game, a word that is no position, with its place:
/// the id is word 1), and the analysis' own (misère play of a partizan game, a limit).
pub fn analyze(req: &AnalyzeRequest, analyzer: &mut Analyzer) -> Result<Analysis> {
    let tokens = req.tokens();
    let game = req.game()?;
    let convention = if req.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let words: Vec<&str> = tokens.iter().map(|t| t.text).collect();
    let max_moves = req
        .max_moves
        .unwrap_or_else(|| default_max_moves(game.is_partizan(), &words));
    analyzer.analyze(&game, convention, max_moves)
}

/// `value`: an expression of Conway's games in CGSuite's notation.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ValueRequest {
    /// The expression (`{3||2|1}`, `^ + *`, `g.Temperature`).
    pub expression: String,
    /// Explain the simplification of its forms step by step instead.
    #[serde(default)]
    pub explain: bool,
}

/// What `value` answers: the report of a value, or with `explain` the simplification.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum ValueAnswer {
    /// The value with its outcome, mean, temperature and birthday where they apply.
    Report(ValueReport),
    /// Every form simplified step by step.
    Explanation(Explanation),
}

/// Evaluates the expression of `req` in `session`.
///
/// ```
/// use nimlab::api::{value, ValueAnswer, ValueRequest};
/// use nimlab::calc::Session;
/// let req = ValueRequest { expression: "{3||2|1}.Temperature".into(), explain: false };
/// let ValueAnswer::Report(r) = value(&req, &mut Session::new()).unwrap() else { panic!() };
/// assert_eq!(r.output, "3/4");
/// ```
///
/// # Errors
/// As [`Session::report`] and [`Session::explain`].
pub fn value(req: &ValueRequest, session: &mut Session) -> Result<ValueAnswer> {
    if req.explain {
        Ok(ValueAnswer::Explanation(session.explain(&req.expression)?))
    } else {
        Ok(ValueAnswer::Report(session.report(&req.expression)?))
    }
}

/// `sequence`: the Grundy values of a heap rule.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SequenceRequest {
    /// The rule: a name, an octal or hexadecimal code, or `subtraction:S`.
    pub rule: String,
    /// The largest heap: G(0) … G(to) are computed (with `prove`, the most).
    #[serde(default)]
    pub to: Option<u64>,
    /// Compute until a period is proved (or `to`, or the work limit).
    #[serde(default)]
    pub prove: bool,
}

/// Computes the sequence of `req`, telling `progress` how many values are known after
/// each chunk (for a progress bar; a front end may stop the run through
/// [`crate::limits`]).
///
/// ```
/// use nimlab::api::{sequence, SequenceRequest};
/// let req = SequenceRequest { rule: "kayles".into(), to: Some(300), prove: false };
/// let r = sequence(&req, |_| {}).unwrap();
/// let json = serde_json::to_value(&r).unwrap();
/// assert_eq!((json["period"].as_u64(), json["preperiod"].as_u64()), (Some(12), Some(71)));
/// ```
///
/// # Errors
/// A rule that cannot be read; neither `to` nor `prove`; a run beyond the engine's
/// limits; a stop requested through [`crate::limits`].
pub fn sequence(req: &SequenceRequest, progress: impl FnMut(u64)) -> Result<SequenceReport> {
    Ok(SequenceReport::new(&run_sequence(req, progress)?))
}

/// Computes the sequence of `req` as [`sequence`] does, and returns it whole: its values
/// as well as what the report says of them.
///
/// ```
/// use nimlab::api::{run_sequence, SequenceRequest};
/// let req = SequenceRequest { rule: "0.07".into(), to: Some(10), prove: false };
/// let seq = run_sequence(&req, |_| {}).unwrap();
/// // Dawson's Kayles: 0 0 1 1 2 0 3 1 1 0 3 (OEIS A002187).
/// let values: Vec<u32> = (0..11).filter_map(|n| seq.get(n)).collect();
/// assert_eq!(values, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
/// ```
///
/// # Errors
/// As [`sequence`].
pub fn run_sequence(req: &SequenceRequest, progress: impl FnMut(u64)) -> Result<Sequence> {
    let rule = Rule::parse(&req.rule)?;
    let to = match (req.to, req.prove) {
        (Some(n), _) => n,
        (None, true) => MAX_LENGTH - 1,
        (None, false) => {
            return Err(Error::missing(
                "how far to compute is missing",
                "the largest heap (`to`), or a proof of the period (`prove`)",
            ))
        }
    };
    // A proof stops the run early, so (as on the command line) it is not held to the
    // work limit; a front end bounds it in time through the limits.
    let run = Run {
        prove: req.prove,
        unbounded: req.prove,
        ..Run::to(to.saturating_add(1))
    };
    let mut seq = Sequence::new(rule);
    run.extend(&mut seq, progress)?;
    Ok(seq)
}

/// A request for a new game against the computer.
///
/// ```
/// let req: nimlab::api::PlayRequest = serde_json::from_str(r#"{"game":"nim"}"#).unwrap();
/// assert_eq!((req.position.as_str(), req.misere, req.computer_first), ("", false, false));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The game id.
    pub game: String,
    /// The start position; the game's start when empty.
    #[serde(default)]
    pub position: String,
    /// Misère play.
    #[serde(default)]
    pub misere: bool,
    /// The computer moves first.
    #[serde(default)]
    pub computer_first: bool,
    /// The player plays Right (in a partizan game).
    #[serde(default)]
    pub right: bool,
}

impl PlayRequest {
    /// The game against the computer that the request asks for, from the game's start
    /// (as the catalogue gives it) when no position is given.
    ///
    /// ```
    /// use nimlab::api::PlayRequest;
    /// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false,
    ///     computer_first: false, right: false };
    /// // Marienbad's 1 3 5 7, the start of `nim`.
    /// assert_eq!(req("").session().unwrap().current().position(), "1 3 5 7");
    /// assert!(req("x").session().is_err());
    /// ```
    ///
    /// # Errors
    /// The position's errors; misère play of a partizan game.
    pub fn session(&self) -> Result<crate::play::Session> {
        let position = if self.position.trim().is_empty() {
            let id = self.game.split(':').next().unwrap_or_default();
            let info = games().into_iter().find(|g| g.id == id);
            info.map(|g| g.start.to_string()).unwrap_or_default()
        } else {
            self.position.clone()
        };
        let game = AnalyzeRequest {
            game: self.game.clone(),
            position,
            misere: false,
            max_moves: None,
        }
        .game()?;
        let convention = if self.misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let you = if self.right { Side::Right } else { Side::Left };
        crate::play::Session::new(game, convention, you, self.computer_first)
    }
}

/// The catalogue: every game with its id, usage, kind, rules, notation, example and
/// start, as `nimlab games --json` lists them.
///
/// ```
/// let games = nimlab::api::games();
/// assert!(games.iter().any(|g| g.id == "nim"));
/// ```
pub fn games() -> Vec<crate::games::GameInfo> {
    Catalogue::standard().list()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_as_the_command_line_reads_them() {
        let mut analyzer = Analyzer::new();
        let req = |json: &str| serde_json::from_str::<AnalyzeRequest>(json).unwrap();
        // A sum, misère play, and a limit on the moves listed.
        let a = analyze(
            &req(r#"{"game":"nim","position":"1 2 3 + kayles 4"}"#),
            &mut analyzer,
        )
        .unwrap();
        assert_eq!(a.game(), "sum");
        let a = analyze(
            &req(r#"{"game":"nim","position":"1 3 5 7","misere":true}"#),
            &mut analyzer,
        )
        .unwrap();
        assert_eq!(a.outcome(), crate::Outcome::P);
        let a = analyze(
            &req(r#"{"game":"nim","position":"3 5 7","max_moves":1}"#),
            &mut analyzer,
        )
        .unwrap();
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["winning_moves"].as_array().map(Vec::len), Some(1));
        assert_eq!(json["winning_move_count"], 3);
        // Mistakes name the word: the id is word 1.
        let e = analyze(&req(r#"{"game":"nim","position":"3 x"}"#), &mut analyzer).unwrap_err();
        assert!(e.to_string().contains("`x` (argument 3)"), "{e}");
        let e = analyze(&req(r#"{"game":"nimm","position":"3"}"#), &mut analyzer).unwrap_err();
        assert!(e.to_string().contains("unknown game `nimm`"), "{e}");
        // Unknown fields are refused rather than ignored.
        assert!(
            serde_json::from_str::<AnalyzeRequest>(r#"{"game":"nim","positoin":"3"}"#).is_err()
        );
    }

    #[test]
    fn values_and_sequences_answer_as_their_commands() {
        let mut s = Session::new();
        let req = ValueRequest {
            expression: "{0,*|*}".into(),
            explain: true,
        };
        let ValueAnswer::Explanation(e) = value(&req, &mut s).unwrap() else {
            panic!("an explanation was asked for")
        };
        assert_eq!(e.output, "^");
        let req = SequenceRequest {
            rule: "0.137".into(),
            to: None,
            prove: true,
        };
        let mut calls = 0;
        let r = sequence(&req, |_| calls += 1).unwrap();
        let json = serde_json::to_value(&r).unwrap();
        // Dawson's chess, 0.137: period 34 from heap 52 (text 003; OEIS A002187), proved.
        assert_eq!(
            (json["period"].as_u64(), json["preperiod"].as_u64()),
            (Some(34), Some(52))
        );
        assert!(calls > 0);
        let none = SequenceRequest {
            rule: "kayles".into(),
            to: None,
            prove: false,
        };
        assert!(sequence(&none, |_| {}).is_err());
    }
}
