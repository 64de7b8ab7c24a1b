//! What the calculator reports of a value (`nimlab value --json`) and of the games born
//! by a day (`nimlab born`), as data.

use super::{Session, Value};
use crate::conway::{birthday, born_by, outcome, rational_text, thermograph};
use crate::draw::thermograph_svg;
use crate::{Error, Outcome, Result};
use num_bigint::BigInt;
use serde::Serialize;

/// A whole number in a report: a JSON number when it fits in 64 bits, its digits (a
/// string) beyond.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Integer {
    /// A number below 2^64.
    Small(u64),
    /// The digits of a larger one.
    Large(String),
}

impl From<&BigInt> for Integer {
    fn from(n: &BigInt) -> Self {
        u64::try_from(n).map_or_else(|_| Integer::Large(n.to_string()), Integer::Small)
    }
}

/// An expression's value and, for a game, what it is at a glance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// The expression as typed.
    pub input: String,
    /// Its value as CGSuite writes it.
    pub output: String,
    /// The outcome class: of a game; L, R or P for a number beyond the short games by its
    /// sign; N for a transfinite nimber; of a misère canonical form, its outcome in misère
    /// play (P or N).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// The mean, of a game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean: Option<String>,
    /// The temperature, of a game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub temperature: Option<String>,
    /// The birthday, of a game (of a misère form, of its misère canonical form).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub birthday: Option<Integer>,
}

/// A game born by a day, with its outcome class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BornGame {
    /// The game as CGSuite writes it.
    pub value: String,
    /// Its outcome class.
    pub outcome: Outcome,
}

/// How many games of each outcome class.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[allow(non_snake_case)]
pub struct OutcomeCounts {
    /// Zero games (the second player wins).
    pub P: usize,
    /// Positive games.
    pub L: usize,
    /// Negative games.
    pub R: usize,
    /// Fuzzy games (the first player wins).
    pub N: usize,
}

/// The games born by a day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BornReport {
    /// The day.
    pub day: u32,
    /// How many games are born by it.
    pub total: usize,
    /// How many of each outcome class.
    pub counts: OutcomeCounts,
    /// The games, when they were asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<Vec<BornGame>>,
}

impl Session {
    /// Evaluates `input` and reports its value.
    ///
    /// ```
    /// use nimlab::calc::Session;
    /// use nimlab::Outcome;
    /// let r = Session::new().report("{3||2|1}").unwrap();
    /// assert_eq!(r.output, "{3||2|1}");
    /// assert_eq!(r.outcome, Some(Outcome::L));
    /// // {3 | {2|1}}: the right wall is {2|1}'s, of mean 3/2, cooled until it meets
    /// // Left's wall at 3: mean 9/4 and temperature 3/4, as CGSuite gives them.
    /// assert_eq!((r.mean.as_deref(), r.temperature.as_deref()), (Some("9/4"), Some("3/4")));
    /// let r = Session::new().report("omega").unwrap();
    /// assert_eq!((r.outcome, r.mean), (Some(Outcome::L), None));
    /// ```
    ///
    /// # Errors
    /// As [`Session::eval_text`].
    pub fn report(&mut self, input: &str) -> Result<ValueReport> {
        let v = self.eval_text(input)?;
        self.describe(input, &v)
    }

    /// The report of `v`, the value of the expression `input`.
    ///
    /// ```
    /// use nimlab::calc::Session;
    /// let mut s = Session::new();
    /// let v = s.eval_text("^ + ^").unwrap();
    /// assert_eq!(s.describe("^ + ^", &v).unwrap().output, "^^");
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] when the value is too long to write.
    pub fn describe(&mut self, input: &str, v: &Value) -> Result<ValueReport> {
        let output = self.try_show(v)?;
        let (outcome, birthday, mean, temperature) = match *v {
            Value::Game(g) => {
                let t = thermograph(&mut self.arena, g);
                (
                    Some(outcome(&mut self.arena, g)),
                    Some(Integer::from(&birthday(&mut self.arena, g))),
                    Some(rational_text(&t.mean())),
                    Some(rational_text(&t.temperature())),
                )
            }
            // A number that is not a short game is positive (L), negative (R) or 0 (P); a
            // transfinite nimber is fuzzy (N).
            Value::Surreal(ref x) => {
                let class = match x.sign() {
                    1 => Outcome::L,
                    -1 => Outcome::R,
                    _ => Outcome::P,
                };
                (Some(class), None, None, None)
            }
            Value::Nimber(_) => (Some(Outcome::N), None, None, None),
            // A misère form: its outcome in misère play and its birthday.
            Value::Misere(g) => (
                Some(self.misere.outcome(g)),
                Some(Integer::Small(u64::from(self.misere.birthday(g)))),
                None,
                None,
            ),
            _ => (None, None, None, None),
        };
        Ok(ValueReport {
            input: input.to_string(),
            output,
            outcome,
            mean,
            temperature,
            birthday,
        })
    }

    /// The thermograph of `v` (a game, or a thermograph) as an SVG picture, titled with
    /// the expression `input` and, when it differs, the value `output` it gave.
    ///
    /// ```
    /// use nimlab::calc::Session;
    /// let mut s = Session::new();
    /// let v = s.eval_text("{2|-1}").unwrap();
    /// let svg = s.thermograph_svg(&v, "{2|-1}", "{2|-1}").unwrap();
    /// assert!(svg.starts_with("<svg"));
    /// let t = s.eval_text("1 > 0").unwrap();
    /// assert!(s.thermograph_svg(&t, "1 > 0", "true").is_err());
    /// ```
    ///
    /// # Errors
    /// [`Error::Unsupported`] when `v` is neither a game nor a thermograph.
    pub fn thermograph_svg(&mut self, v: &Value, input: &str, output: &str) -> Result<String> {
        let input = input.trim();
        let (t, title) = match v {
            Value::Game(g) => {
                let title = if input == output {
                    output.to_string()
                } else {
                    format!("{input} = {output}")
                };
                (thermograph(&mut self.arena, *g), title)
            }
            Value::Thermograph(t) => (t.clone(), input.to_string()),
            _ => {
                return Err(Error::Unsupported(format!(
                    "the thermograph is drawn for a game, but `{input}` is {output}, not a game"
                )));
            }
        };
        Ok(thermograph_svg(&t, &title))
    }

    /// The games born by `day` (0 to [`crate::conway::MAX_DAY`]) with their outcome
    /// classes, counted by class; the games themselves listed when `list`.
    ///
    /// ```
    /// use nimlab::calc::Session;
    /// // Text 001: 22 games are born by day 2, one zero, six positive, six negative and
    /// // nine fuzzy.
    /// let r = Session::new().born(2, false).unwrap();
    /// assert_eq!(r.total, 22);
    /// assert_eq!((r.counts.P, r.counts.L, r.counts.R, r.counts.N), (1, 6, 6, 9));
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] past the last day nimlab lists.
    pub fn born(&mut self, day: u32, list: bool) -> Result<BornReport> {
        let games = born_by(&mut self.arena, day)?;
        let mut counts = OutcomeCounts::default();
        let mut listed = Vec::with_capacity(if list { games.len() } else { 0 });
        for &g in &games {
            let o = outcome(&mut self.arena, g);
            match o {
                Outcome::P => counts.P += 1,
                Outcome::L => counts.L += 1,
                Outcome::R => counts.R += 1,
                _ => counts.N += 1,
            }
            if list {
                listed.push(BornGame {
                    value: self.show(&Value::Game(g)),
                    outcome: o,
                });
            }
        }
        Ok(BornReport {
            day,
            total: games.len(),
            counts,
            games: list.then_some(listed),
        })
    }
}
