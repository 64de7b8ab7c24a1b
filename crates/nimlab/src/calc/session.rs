//! Evaluating expressions: games in an arena, comparisons, and the methods of a game.

use super::value::{nimber_text, Op, Value};
use crate::conway::{birthday, outcome, stop, Arena, Dyadic, GameId, Nus};
use crate::notation::{parse, print, BinOp, Expr};
use crate::surreal::Surreal;
use crate::{Error, Result};
use std::collections::HashMap;

pub use crate::conway::ops::MAX_MULTIPLE;

/// A calculator session: the arena its games live in and the variables assigned.
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// assert_eq!(s.run("{0|*} + {0|*} + *").unwrap(), "^^*");
/// assert_eq!(s.run("{1|^^^||^}").unwrap(), "{1|^3||^}");
/// assert_eq!(s.run("g := {3||2+*|1+*}").unwrap(), "{3||2*|1*}");
/// assert_eq!(s.run("g.LeftStop").unwrap(), "3");
/// assert_eq!(s.run("^ >= 0").unwrap(), "true");
/// ```
#[derive(Debug, Default)]
pub struct Session {
    /// The arena of the session's games.
    pub arena: Arena,
    /// The misère canonical forms of the session (`*[2#]`), which its values
    /// [`Value::Misere`] name.
    ///
    /// ```
    /// use nimlab::calc::{Session, Value};
    /// let mut s = Session::new();
    /// let Value::Misere(g) = s.eval_text("*[2] + *[2]").unwrap() else { panic!() };
    /// assert_eq!(s.misere.display(g).unwrap(), "*[2[2]]");
    /// assert_eq!(s.run("*[2[2]].Genus").unwrap(), "0^0");
    /// ```
    pub misere: crate::misere::MisereStore,
    vars: HashMap<String, Value>,
    /// The tables of the rulesets' solved regions (its own arena is swapped with the
    /// session's while a position is valued).
    rulesets: crate::partizan::RulesetSolver,
}

impl Session {
    /// A new session.
    pub fn new() -> Session {
        Session::default()
    }

    /// Evaluates one expression or assignment and prints its value as CGSuite does.
    ///
    /// # Errors
    /// A syntax error, or an operation that does not apply.
    pub fn run(&mut self, input: &str) -> Result<String> {
        let v = self.eval_text(input)?;
        let text = self.try_show(&v)?;
        if self.arena.interrupted() {
            return Err(self.arena.stop_error());
        }
        Ok(text)
    }

    /// Evaluates one expression or assignment.
    ///
    /// # Errors
    /// As [`Session::run`].
    pub fn eval_text(&mut self, input: &str) -> Result<Value> {
        let e = parse(input)?;
        self.eval_whole(&e)
    }

    /// Evaluates `e`; when the arena's interrupt flag is raised meanwhile, forgets what
    /// was computed and says so.
    fn eval_whole(&mut self, e: &Expr) -> Result<Value> {
        let mark = self.arena.mark();
        let v = self.eval(e);
        if let Some((what, limit)) = self.arena.take_overflow() {
            self.arena.rollback(mark);
            self.rulesets.clear_tables();
            return Err(Error::limit(what, limit));
        }
        if self.arena.interrupted() {
            self.arena.rollback(mark);
            self.rulesets.clear_tables();
            return Err(self.arena.stop_error());
        }
        v
    }

    /// Evaluates an expression whose value must be a game.
    ///
    /// ```
    /// use nimlab::calc::Session;
    /// use nimlab::notation::print;
    /// let mut s = Session::new();
    /// let g = s.game_of("{0|*}").unwrap();
    /// assert_eq!(print(&mut s.arena, g), "^");
    /// assert!(s.game_of("1 < 2").is_err());
    /// ```
    ///
    /// # Errors
    /// As [`Session::run`], or a value that is not a game.
    pub fn game_of(&mut self, input: &str) -> Result<GameId> {
        self.game_of_parsed(&parse(input)?)
    }

    /// Evaluates a parsed expression whose value must be a game, as [`Session::game_of`]
    /// evaluates its text (for a caller that looks at the expression first, as with
    /// [`Expr::is_literal`]).
    ///
    /// ```
    /// use nimlab::calc::Session;
    /// use nimlab::notation::{parse, print};
    /// let mut s = Session::new();
    /// let g = s.game_of_parsed(&parse("{0|*}").unwrap()).unwrap();
    /// assert_eq!(print(&mut s.arena, g), "^");
    /// assert!(s.game_of_parsed(&parse("1 < 2").unwrap()).is_err());
    /// ```
    ///
    /// # Errors
    /// As [`Session::game_of`], but for syntax errors.
    pub fn game_of_parsed(&mut self, e: &Expr) -> Result<GameId> {
        match self.eval_whole(e)? {
            Value::Game(g) => Ok(g),
            v @ Value::Misere(_) => self.as_game(v),
            other => Err(Error::Unsupported(format!(
                "a game was expected here, not {}",
                self.show(&other)
            ))),
        }
    }

    /// A value as CGSuite prints it, or a limit error for a game whose text would be
    /// longer than [`MAX_TEXT`](crate::notation::MAX_TEXT) bytes or nest deeper than
    /// [`MAX_DEPTH`](crate::notation::MAX_DEPTH) levels.
    ///
    /// ```
    /// use nimlab::calc::Session;
    /// let mut s = Session::new();
    /// let v = s.eval_text("{3||2|1}.Heat(1) : *23").unwrap();
    /// assert!(s.try_show(&v).is_err());
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] for a text too long to write.
    pub fn try_show(&mut self, v: &Value) -> Result<String> {
        match v {
            Value::Game(g) => crate::notation::try_print(&mut self.arena, *g),
            Value::Misere(g) => self.misere_text(*g),
            Value::MisereList(gs) => self.misere_list_text(gs),
            Value::MisereLists(ls) => self.misere_lists_text(ls),
            v => Ok(self.show(v)),
        }
    }

    /// A value as CGSuite prints it (a game whose text is too long is replaced by a note
    /// saying so: see [`Session::try_show`]).
    pub fn show(&mut self, v: &Value) -> String {
        match v {
            Value::Game(g) => print(&mut self.arena, *g),
            Value::Bool(b) => b.to_string(),
            Value::Outcome(o) => o.to_string(),
            Value::Number(x) => x.to_string(),
            Value::Rational(x) => crate::conway::rational_text(x),
            Value::Thermograph(t) => t.to_string(),
            Value::Text(t) => t.clone(),
            Value::Surreal(x) => x.to_string(),
            Value::Nimber(o) => nimber_text(o),
            Value::Genus(g) => g.to_string(),
            Value::Misere(_) | Value::MisereList(_) | Value::MisereLists(_) => {
                match self.try_show(v) {
                    Ok(text) => text,
                    Err(e) => format!("<a misère game that is not printed: {e}>"),
                }
            }
            Value::List(gs) => {
                let gs = crate::notation::ordered(&mut self.arena, gs.clone());
                let texts: Vec<String> = gs.iter().map(|&g| print(&mut self.arena, g)).collect();
                format!("{{{}}}", texts.join(","))
            }
        }
    }

    fn game(&mut self, e: &Expr) -> Result<GameId> {
        let v = self.eval(e)?;
        self.as_game(v)
    }

    /// A value as a short game: a game, or a number that is one (a stop, a birthday, a
    /// mean); anything else is refused with the reason.
    pub(crate) fn as_game(&mut self, v: Value) -> Result<GameId> {
        let v = self.normalized(v);
        match v {
            Value::Game(g) => Ok(g),
            Value::Surreal(x) if x.is_finite() => Err(Error::Unsupported(format!(
                "{x} is not a short game: the numbers of short games are dyadic (a/2^k)"
            ))),
            Value::Surreal(x) => Err(Error::Unsupported(format!(
                "{x} is not a short game: it is infinite"
            ))),
            Value::Misere(_) => Err(Error::Unsupported(format!(
                "a game of normal play was expected here, not the misère canonical form {}",
                self.show(&v)
            ))),
            other => Err(Error::Unsupported(format!(
                "a game was expected here, not {}",
                self.show(&other)
            ))),
        }
    }

    /// A number value that is a short game (a dyadic stop, birthday, mean or
    /// temperature) as that game; a rational that is not dyadic as a surreal number; any
    /// other value as it is.
    pub(crate) fn normalized(&mut self, v: Value) -> Value {
        match v {
            Value::Number(x) => Value::Game(self.arena.number(x)),
            Value::Rational(q) => match self.surreal_of(&Value::Rational(q.clone())) {
                Some(x) => self.number_value(x),
                None => Value::Rational(q),
            },
            v => v,
        }
    }

    /// Evaluates a parsed expression.
    ///
    /// # Errors
    /// An operation that does not apply, or a limit.
    pub fn eval(&mut self, e: &Expr) -> Result<Value> {
        let a = &mut self.arena;
        Ok(match e {
            Expr::Nus { number, ups, nim } => Value::Game(a.nus(Nus {
                number: number.clone(),
                ups: *ups,
                nim: *nim,
            })),
            Expr::Uptimal(u) => {
                Value::Game(crate::conway::Uptimals::new().value(&mut self.arena, u))
            }
            Expr::StarOf(inner) => {
                let v = self.eval(inner)?;
                self.star_of(v)?
            }
            Expr::Game(l, r) => {
                let l = l.iter().map(|x| self.game(x)).collect::<Result<Vec<_>>>()?;
                let r = r.iter().map(|x| self.game(x)).collect::<Result<Vec<_>>>()?;
                Value::Game(self.arena.game(l, r))
            }
            Expr::Neg(x) => {
                let v = self.eval(x)?;
                self.negate(v)?
            }
            Expr::Chain(first, rest) => {
                let mut v = self.eval(first)?;
                for (op, e) in rest {
                    if self.arena.interrupted() {
                        return Err(Error::Interrupted);
                    }
                    let w = self.eval(e)?;
                    v = self.apply(*op, v, w)?;
                }
                v
            }
            Expr::PlusMinus(items) => {
                let l = items
                    .iter()
                    .map(|x| self.game(x))
                    .collect::<Result<Vec<_>>>()?;
                let r = l.iter().map(|&g| self.arena.neg(g)).collect();
                Value::Game(self.arena.game(l, r))
            }
            Expr::Power(x, y) => self.operands(Op::Power, x, y)?,
            Expr::Text(t) => Value::Text(t.clone()),
            Expr::Misere(lit) => self.misere_literal(lit)?,
            Expr::MisereList(items) => self.misere_list(items)?,
            Expr::Call(name, args) => self.call(name, args)?,
            Expr::Method(x, name, args) => {
                let v = self.eval(x)?;
                if let Value::Misere(g) = v {
                    let v = self.misere_method(g, name, args)?;
                    return Ok(self.normalized(v));
                }
                if Session::is_misere_method(name)
                    && !matches!(
                        name.as_str(),
                        "Birthday" | "MisereOutcomeClass" | "CanonicalForm" | "Options"
                    )
                {
                    let v = self.normalized(v);
                    let v = self.impartial_method(v, name, args)?;
                    return Ok(self.normalized(v));
                }
                if let Value::Surreal(s) = self.normalized(v.clone()) {
                    let v = self.surreal_method(&s, name, args)?;
                    return Ok(self.normalized(v));
                }
                let g = self.as_game(v)?;
                let v = self.method(g, name, args)?;
                // A birthday, a stop or a mean is a number like any other: `1 + *`
                // after `*.Birthday + *`.
                self.normalized(v)
            }
            Expr::Compare(op, x, y) => {
                let (a, b) = (self.eval(x)?, self.eval(y)?);
                let (a, b) = (self.normalized(a), self.normalized(b));
                Value::Bool(self.compare_values(*op, &a, &b)?)
            }
            Expr::Var(name) => match self.vars.get(name) {
                Some(v) => v.clone(),
                None if name == "omega" || name == "ω" => Value::Surreal(Surreal::omega()),
                None => return Err(Error::Unsupported(format!("`{name}` is not defined"))),
            },
            Expr::Assign(name, x) => {
                let v = self.eval(x)?;
                if self.arena.interrupted() {
                    return Err(self.arena.stop_error());
                }
                self.vars.insert(name.clone(), v.clone());
                v
            }
        })
    }

    /// The value of a position of a partizan ruleset of the catalogue, for
    /// `domineering("..|..")`, `toads_and_frogs("ttt..fff")` or `clobber("xox|ox.")`
    /// (CGSuite's class names, as in `ToadsAndFrogs(…)`, are accepted too:
    /// case, hyphens and underscores do not matter; `hackenbush("xoxo")` with only `x`
    /// and `o` is Black-White Nim); `None` for a name that is no ruleset.
    fn ruleset(&mut self, name: &str, args: &[Expr]) -> Result<Option<Value>> {
        use crate::games::{Arg, Catalogue};
        let squash = |s: &str| -> String {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        let catalogue = Catalogue::standard();
        let wanted = squash(name);
        let Some(entry) = catalogue
            .partizan_entries()
            .iter()
            .find(|e| squash(e.name) == wanted && e.params == crate::games::Params::None)
        else {
            return Ok(None);
        };
        let text = match args {
            [Expr::Text(t)] => t.clone(),
            _ => {
                return Err(Error::Unsupported(format!(
                    "{name} takes one position in double quotes, as in {name}(\"..|..\")"
                )))
            }
        };
        let black_white = entry.name == "hackenbush"
            && !text.trim().is_empty()
            && text.chars().all(|c| "xXoO ".contains(c));
        let tails = entry.name == "hackenbush-string"
            || (entry.name == "hackenbush"
                && text.chars().all(|c| "xXoO ()^wω0123456789".contains(c)));
        if tails {
            if let Some(v) = self.infinite_columns(&text)? {
                return Ok(Some(v));
            }
        }
        let id = if black_white {
            "hackenbush-string"
        } else {
            entry.name
        };
        let tokens: Vec<Arg> = text
            .split_whitespace()
            .enumerate()
            .map(|(i, t)| Arg::new(t, i + 1))
            .collect();
        if tokens.is_empty() {
            return Err(Error::Unsupported(format!(
                "{name}(\"\") has no position: write one in the double quotes"
            )));
        }
        let (entry, params) = catalogue.lookup_partizan(id)?;
        let parts = (entry.build)(params, &tokens)?;
        let sum = crate::games::PartizanSum { parts };
        Ok(Some(Value::Game(self.partizan_value(&sum)?)))
    }

    /// The value of a sum of positions of partizan catalogue games, as a game of the
    /// session's arena (valued by the session's ruleset solver, whose tables are kept).
    ///
    /// ```
    /// use nimlab::calc::Session;
    /// use nimlab::games::{Arg, Catalogue, Game};
    /// use nimlab::notation::print;
    /// let args = [Arg::new("domineering", 1), Arg::new("..|..", 2)];
    /// let Game::Partizan(sum) = Catalogue::standard().parse_game(&args).unwrap() else {
    ///     panic!("domineering is partizan")
    /// };
    /// let mut s = Session::new();
    /// // A 2×2 Domineering board is ±1 (Winning Ways, ch. 1).
    /// let g = s.partizan_value(&sum).unwrap();
    /// assert_eq!(print(&mut s.arena, g), "+-1");
    /// ```
    ///
    /// # Errors
    /// As [`crate::games::PartizanSum::value`].
    pub fn partizan_value(&mut self, sum: &crate::games::PartizanSum) -> Result<GameId> {
        std::mem::swap(&mut self.arena, self.rulesets.arena());
        let value = sum.value(&mut self.rulesets);
        std::mem::swap(&mut self.arena, self.rulesets.arena());
        value
    }

    /// Evaluates `x` and `y` and applies `op`.
    fn operands(&mut self, op: Op, x: &Expr, y: &Expr) -> Result<Value> {
        let a = self.eval(x)?;
        let b = self.eval(y)?;
        self.binary(op, a, b)
    }

    /// `a op b` for an operator of a chain.
    fn apply(&mut self, op: BinOp, a: Value, b: Value) -> Result<Value> {
        match op {
            BinOp::Add => self.binary(Op::Add, a, b),
            BinOp::Sub => self.binary(Op::Sub, a, b),
            BinOp::Times => self.binary(Op::Times, a, b),
            BinOp::Div => self.binary(Op::Div, a, b),
            BinOp::Ordinal => {
                let g = self.as_game(a)?;
                let h = self.as_game(b)?;
                Ok(Value::Game(crate::conway::ops::ordinal_sum(
                    &mut self.arena,
                    g,
                    h,
                )?))
            }
        }
    }

    fn call(&mut self, name: &str, args: &[Expr]) -> Result<Value> {
        let one = |s: &mut Session| -> Result<GameId> {
            match args {
                [x] => s.game(x),
                _ => Err(Error::Unsupported(format!("{name} takes one game"))),
            }
        };
        let zero = self.arena.zero();
        if let Some(v) = self.ruleset(name, args)? {
            return Ok(v);
        }
        match name {
            "SignExpansion" => self.sign_expansion_call(args),
            "Tiny" => {
                let g = one(self)?;
                let ng = self.arena.neg(g);
                let inner = self.arena.game(vec![zero], vec![ng]);
                Ok(Value::Game(self.arena.game(vec![zero], vec![inner])))
            }
            "Miny" => {
                let g = one(self)?;
                let inner = self.arena.game(vec![g], vec![zero]);
                Ok(Value::Game(self.arena.game(vec![inner], vec![zero])))
            }
            _ => Err(Error::Unsupported(format!(
                "`{name}` is not a function nimlab knows (Tiny, Miny)"
            ))),
        }
    }

    fn method(&mut self, g: GameId, name: &str, args: &[Expr]) -> Result<Value> {
        use crate::conway::ops;
        let arity = |n: usize| -> Result<()> {
            if args.len() == n {
                Ok(())
            } else {
                Err(Error::Unsupported(format!(
                    "`{name}` takes {n} argument{}",
                    if n == 1 { "" } else { "s" }
                )))
            }
        };
        let no_args = [
            "CanonicalForm",
            "LeftOptions",
            "RightOptions",
            "Negative",
            "OutcomeClass",
            "Birthday",
            "LeftStop",
            "RightStop",
            "SignExpansion",
            "IsNumber",
            "IsInteger",
            "IsNimber",
            "Mean",
            "Temperature",
            "Thermograph",
            "Freeze",
            "Incentives",
            "LeftIncentives",
            "RightIncentives",
            "ReducedCanonicalForm",
            "Companion",
            "FollowerCount",
            "StopCount",
            "IsInfinitesimal",
            "IsAllSmall",
            "IsEvenTempered",
            "IsOddTempered",
            "MisereOutcomeClass",
            "IsNumberish",
            "AtomicWeight",
            "IsAtomic",
            "IsNumberTiny",
        ];
        if no_args.contains(&name) {
            arity(0)?;
        }
        let number_arg = |s: &mut Session, i: usize| -> Result<Dyadic> {
            let v = s.game(&args[i])?;
            s.arena.as_number(v).cloned().ok_or_else(|| {
                if matches!(&args[i], Expr::Var(n) if n == "off" || n == "on") {
                    Error::Unsupported("Invalid exponent.".to_string())
                } else {
                    Error::Unsupported(format!("`{name}` needs a number"))
                }
            })
        };
        Ok(match name {
            "Cool" => {
                arity(1)?;
                let t = match &args[0] {
                    Expr::Var(n) if n == "off" || n == "on" => {
                        return Err(Error::Unsupported(format!("`{name}` needs a number")))
                    }
                    _ => number_arg(self, 0)?,
                };
                Value::Game(ops::cool(&mut self.arena, g, &t)?)
            }
            "Heat" => {
                arity(1)?;
                let t = self.game(&args[0])?;
                Value::Game(ops::heat(&mut self.arena, g, t))
            }
            "Overheat" => {
                arity(2)?;
                let s = self.game(&args[0])?;
                let t = self.game(&args[1])?;
                Value::Game(ops::overheat(&mut self.arena, g, s, t)?)
            }
            "NortonProduct" | "NortonMultiply" => {
                arity(1)?;
                let u = self.game(&args[0])?;
                Value::Game(ops::norton_product(&mut self.arena, g, u)?)
            }
            "Pow" | "PowTo" => {
                arity(1)?;
                let x = match &args[0] {
                    Expr::Var(n) if n == "off" || n == "on" => {
                        return Err(Error::Unsupported("Invalid exponent.".to_string()))
                    }
                    _ => number_arg(self, 0)?,
                };
                let v = if name == "Pow" {
                    ops::pow(&mut self.arena, g, &x)?
                } else {
                    ops::pow_to(&mut self.arena, g, &x)?
                };
                Value::Game(v)
            }
            _ => {
                let a = &mut self.arena;
                match name {
                    "CanonicalForm" => Value::Game(g),
                    "AtomicWeight" => match crate::conway::atomic::atomic_weight(a, g)? {
                        Some(w) => Value::Game(w),
                        None => {
                            return Err(Error::Unsupported(format!(
                                "That game is not atomic: {}",
                                print(a, g)
                            )))
                        }
                    },
                    "IsAtomic" => {
                        Value::Bool(crate::conway::atomic::atomic_weight(a, g)?.is_some())
                    }
                    "IsNumberTiny" => Value::Bool(crate::conway::atomic::is_number_tiny(a, g)),
                    "UptimalExpansion" => match crate::conway::Uptimals::new().of(a, g) {
                        Some(u) => Value::Text(u.expansion_text()),
                        None => {
                            return Err(Error::Unsupported(
                                "Not a method or member variable: `UptimalExpansion` (in object of class `game.CanonicalShortGame`)".to_string(),
                            ))
                        }
                    },
                    "Mean" => Value::Rational(crate::conway::mean(a, g)),
                    "Temperature" => Value::Rational(crate::conway::temperature(a, g)),
                    "Thermograph" => Value::Thermograph(crate::conway::thermograph(a, g)),
                    "Freeze" => Value::Game(ops::freeze(a, g)),
                    "Incentives" => Value::List(ops::incentives(a, g, true, true)),
                    "LeftIncentives" => Value::List(ops::incentives(a, g, true, false)),
                    "RightIncentives" => Value::List(ops::incentives(a, g, false, true)),
                    "ReducedCanonicalForm" => Value::Game(ops::reduced(a, g)),
                    "Companion" => Value::Game(ops::companion(a, g)),
                    "FollowerCount" => Value::Number(Dyadic::from(ops::follower_count(a, g))),
                    "StopCount" => Value::Number(Dyadic::from(ops::stop_count(a, g)?)),
                    "IsInfinitesimal" => Value::Bool(ops::is_infinitesimal(a, g)),
                    "IsAllSmall" => Value::Bool(ops::is_all_small(a, g)),
                    "IsEvenTempered" => Value::Bool(ops::is_tempered(a, g, true)),
                    "IsOddTempered" => Value::Bool(ops::is_tempered(a, g, false)),
                    "IsNumberish" => Value::Bool(stop(a, g, true) == stop(a, g, false)),
                    "MisereOutcomeClass" => Value::Outcome(ops::misere_outcome(a, g)),
                    "LeftOptions" => Value::List(a.left(g)),
                    "RightOptions" => Value::List(a.right(g)),
                    "Negative" => Value::Game(a.neg(g)),
                    "OutcomeClass" => Value::Outcome(outcome(a, g)),
                    "Birthday" => Value::Number(Dyadic::from(birthday(a, g))),
                    "LeftStop" => Value::Number(stop(a, g, true)),
                    "RightStop" => Value::Number(stop(a, g, false)),
                    "SignExpansion" => match a.as_number(g) {
                        Some(x) => Value::Text(
                            crate::surreal::SignExpansion::of(&Surreal::from_dyadic(x))?.to_string(),
                        ),
                        None => {
                            return Err(Error::Unsupported(format!(
                                "a sign expansion is a number's; {} is not a number",
                                crate::notation::print(a, g)
                            )))
                        }
                    },
                    "IsNumber" => Value::Bool(a.as_number(g).is_some()),
                    "IsInteger" => Value::Bool(a.as_number(g).is_some_and(Dyadic::is_integer)),
                    "IsNimber" => Value::Bool(
                        a.as_nus(g)
                            .is_some_and(|n| n.number.is_zero() && n.ups == 0),
                    ),
                    _ => {
                        let hint = closest_method(name)
                            .map(|m| format!("; did you mean `{m}`?"))
                            .unwrap_or_default();
                        return Err(Error::Unsupported(format!(
                            "Not a method or member variable: `{name}` (in object of class `game.CanonicalShortGame`){hint}"
                        )));
                    }
                }
            }
        })
    }
}

/// Every method name a game answers to.
const METHODS: &[&str] = &[
    "AtomicWeight",
    "Birthday",
    "CanonicalForm",
    "Companion",
    "Cool",
    "FollowerCount",
    "Freeze",
    "Heat",
    "Incentives",
    "IsAllSmall",
    "IsAtomic",
    "IsEvenTempered",
    "IsInfinitesimal",
    "IsInteger",
    "IsNimber",
    "IsNumber",
    "IsNumberTiny",
    "IsNumberish",
    "IsOddTempered",
    "LeftIncentives",
    "LeftOptions",
    "LeftStop",
    "Mean",
    "MisereOutcomeClass",
    "Negative",
    "NortonMultiply",
    "NortonProduct",
    "OutcomeClass",
    "Overheat",
    "Pow",
    "PowTo",
    "ReducedCanonicalForm",
    "RightIncentives",
    "RightOptions",
    "RightStop",
    "SignExpansion",
    "StopCount",
    "Temperature",
    "Thermograph",
    "UptimalExpansion",
];

/// The method name closest to a misspelt one, if one is close.
fn closest_method(name: &str) -> Option<&'static str> {
    closest_in(METHODS, name)
}

/// The name of `names` closest to a misspelt one, if one is close.
pub(super) fn closest_in(names: &[&'static str], name: &str) -> Option<&'static str> {
    let lower = name.to_lowercase();
    names
        .iter()
        .map(|m| (strsim::damerau_levenshtein(&lower, &m.to_lowercase()), *m))
        .filter(|&(d, m)| d > 0 || m != name)
        .min()
        .filter(|&(d, _)| d <= 1 + name.len() / 5)
        .map(|(_, m)| m)
}
