//! The calculator's misère canonical forms of impartial games, written `*[…]` as in
//! CGSuite: their literals, their methods (those of CGSuite's `MisereCanonicalGame`),
//! and their sums and equalities with each other and with nimbers, which are impartial
//! games and enter misère play as nim-heaps.

use super::session::Session;
use super::value::{Op, Value};
use crate::conway::Dyadic;
use crate::misere::{MisereId, MAX_HEAP};
use crate::notation::{CompareOp, Expr, MisereElement, MisereLiteral};
use crate::{Error, ParseError, Result};

/// The methods of a misère canonical form, as CGSuite names them.
const MISERE_METHODS: &[&str] = &[
    "Birthday",
    "CanonicalForm",
    "Distinguisher",
    "Genus",
    "IsEven",
    "IsExtraverted",
    "IsGenerallyRestive",
    "IsGenerallyTame",
    "IsHalfTame",
    "IsIntroverted",
    "IsLinkedTo",
    "IsNimHeap",
    "IsPrime",
    "IsRestive",
    "IsRestless",
    "IsTame",
    "IsTameable",
    "Link",
    "Mate",
    "MisereCanonicalForm",
    "MisereMinus",
    "MisereNimValue",
    "MisereOutcomeClass",
    "NimValue",
    "Options",
    "Partitions",
    "Parts",
];

/// The methods taking one misère form as their argument.
const WITH_ARGUMENT: &[&str] = &["Distinguisher", "IsLinkedTo", "Link", "MisereMinus"];

/// The methods CGSuite gives every impartial game, a nimber among them.
const IMPARTIAL_METHODS: &[&str] = &["Genus", "MisereCanonicalForm", "MisereNimValue", "NimValue"];

impl Session {
    /// The value of a literal `*[…]`, read by the session's misère store.
    pub(super) fn misere_literal(&mut self, lit: &MisereLiteral) -> Result<Value> {
        let (g, end) = self.misere.parse_at(&lit.input, lit.start)?;
        if end != lit.end {
            return Err(Error::Parse(ParseError::Expression {
                input: lit.input.to_string(),
                column: lit.input[..end.min(lit.input.len())].chars().count(),
                expected: "the end of the misère game".to_string(),
            }));
        }
        Ok(Value::Misere(g))
    }

    /// The value of a list `*[…]` of expressions, as CGSuite makes it: one element is
    /// itself, more (or none) are the options of a game; inside, a list `[…]` is always
    /// the game of its elements.
    pub(super) fn misere_list(&mut self, items: &[MisereElement]) -> Result<Value> {
        Ok(Value::Misere(match items {
            [one] => self.misere_element(one)?,
            _ => self.misere_game(items)?,
        }))
    }

    /// The game whose options are the elements.
    fn misere_game(&mut self, items: &[MisereElement]) -> Result<MisereId> {
        let options = items
            .iter()
            .map(|x| self.misere_element(x))
            .collect::<Result<Vec<_>>>()?;
        self.misere.game(options)
    }

    /// An element of a list `*[…]`: a misère form, a nim-heap (an integer n or a nimber
    /// *n), or a list.
    fn misere_element(&mut self, item: &MisereElement) -> Result<MisereId> {
        let e = match item {
            MisereElement::List(items) => return self.misere_game(items),
            MisereElement::Expr(e) => e,
        };
        let v = self.eval(e)?;
        let v = self.normalized(v);
        if let Some(g) = self.misere_of(&v) {
            return g;
        }
        if let Value::Game(g) = v {
            if let Some(n) = self.arena.as_number(g).filter(|x| x.is_integer()) {
                if let Some(n) = u64::try_from(n.numerator())
                    .ok()
                    .filter(|&n| n <= MAX_HEAP as u64)
                {
                    return self.misere.nim_heap(n as usize);
                }
            }
        }
        let what = self.kind_of(&v);
        Err(Error::Unsupported(format!(
            "an element of `*[…]` is a misère game, a nim-heap size from 0 to {MAX_HEAP}, \
             a nimber or a list `[…]`, not {what}"
        )))
    }

    /// The misère canonical form of an impartial value: a misère form, or a nimber `*n`
    /// (the nim-heap n; 0 is `*0`); `None` for any other value.
    fn misere_of(&mut self, v: &Value) -> Option<Result<MisereId>> {
        if let Value::Misere(g) = v {
            return Some(Ok(*g));
        }
        let n = self.nimber_of(v)?;
        Some(match usize::try_from(n).ok().filter(|&n| n <= MAX_HEAP) {
            Some(n) => self.misere.nim_heap(n),
            None => Err(Error::limit(
                format!("the misère canonical form of the nim-heap {n}"),
                format!("nim-heaps up to {MAX_HEAP}"),
            )),
        })
    }

    /// n when the value is the nimber `*n` (0 included).
    fn nimber_of(&self, v: &Value) -> Option<u64> {
        match v {
            Value::Game(g) => self
                .arena
                .as_nus(*g)
                .filter(|n| n.number.is_zero() && n.ups == 0)
                .map(|n| n.nim),
            Value::Number(x) if x.is_zero() => Some(0),
            _ => None,
        }
    }

    /// What kind of value `v` is, for an error: "the misère game *[2#]", "the game ^".
    pub(super) fn kind_of(&mut self, v: &Value) -> String {
        let text = self.show(v);
        let nimber = self.nimber_of(v).is_some();
        match v {
            Value::Misere(_) => format!("the misère game {text}"),
            Value::Game(_) | Value::Number(_) if nimber => format!("the nimber {text}"),
            Value::Game(_) | Value::Number(_) => {
                format!("the game {text}, which is not impartial (not a nimber)")
            }
            Value::MisereList(_) | Value::MisereLists(_) => format!("the list {text}"),
            Value::Genus(_) => format!("the genus {text}"),
            _ => format!("{text}, which is not a game"),
        }
    }

    /// `a op b` when either is a misère form: `+` is the misère sum (a nimber enters as
    /// its nim-heap), `-` adds too, as in CGSuite (G − H is G + (−H), and −H = H for an
    /// impartial game H).
    pub(super) fn misere_binary(&mut self, op: Op, a: &Value, b: &Value) -> Result<Value> {
        if matches!(op, Op::Add | Op::Sub) {
            if let (Some(g), Some(h)) = (self.misere_of(a), self.misere_of(b)) {
                let (g, h) = (g?, h?);
                return Ok(Value::Misere(self.misere.add(g, h)?));
            }
        }
        let (x, y) = (self.kind_of(a), self.kind_of(b));
        Err(Error::Unsupported(format!(
            "cannot {} {x} and {y}: {}",
            op.verb(),
            match op {
                Op::Add | Op::Sub => {
                    "misère canonical forms are of impartial games, and add to misère \
                     forms and nimbers only"
                }
                _ => "misère canonical forms are added, not multiplied, divided or raised",
            }
        )))
    }

    /// Whether `a op b` holds when either is a misère form: equal or not (a nimber is
    /// its nim-heap); misère forms are not ordered.
    pub(super) fn misere_compare(&mut self, op: CompareOp, a: &Value, b: &Value) -> Result<bool> {
        let (g, h) = match (self.misere_of(a), self.misere_of(b)) {
            (Some(g), Some(h)) => (g?, h?),
            _ => {
                let (x, y) = (self.kind_of(a), self.kind_of(b));
                return Err(Error::Unsupported(format!(
                    "cannot compare {x} with {y}: misère canonical forms are of impartial \
                     games, and compare with misère forms and nimbers only"
                )));
            }
        };
        match op {
            CompareOp::Eq => Ok(g == h),
            CompareOp::Ne => Ok(g != h),
            _ => Err(Error::Unsupported(format!(
                "misère canonical forms are not ordered: {} and {} are equal or not \
                 (`==`, `!=`), never less or greater",
                self.show(a),
                self.show(b)
            ))),
        }
    }

    /// Whether `name` is a method of misère forms that a value which is not one was
    /// given (so that it is converted, or refused with the reason).
    pub(super) fn is_misere_method(name: &str) -> bool {
        MISERE_METHODS.contains(&name)
    }

    /// `v.name(args)` for a value that is not a misère form, with a misère method's
    /// name: an impartial game's (`*2.Genus`) on a nimber, else an error saying why.
    pub(super) fn impartial_method(
        &mut self,
        v: Value,
        name: &str,
        args: &[Expr],
    ) -> Result<Value> {
        let impartial = IMPARTIAL_METHODS.contains(&name);
        match self.misere_of(&v) {
            Some(g) if impartial => {
                let g = g?;
                self.misere_method(g, name, args)
            }
            Some(_) => Err(Error::Unsupported(format!(
                "`{name}` is a method of misère canonical forms, not of the nimber {}: \
                 write `{}.MisereCanonicalForm.{name}`",
                self.show(&v),
                self.show(&v)
            ))),
            None => {
                let what = self.kind_of(&v);
                Err(Error::Unsupported(if impartial {
                    format!("`{name}` is a method of impartial games, not of {what}")
                } else {
                    format!(
                        "`{name}` is a method of misère canonical forms (`*[…]`), not of {what}"
                    )
                }))
            }
        }
    }

    /// `g.name(args)` for a misère canonical form `g`: the methods of CGSuite's
    /// `MisereCanonicalGame`.
    pub(super) fn misere_method(
        &mut self,
        g: MisereId,
        name: &str,
        args: &[Expr],
    ) -> Result<Value> {
        let takes = usize::from(WITH_ARGUMENT.contains(&name));
        if MISERE_METHODS.contains(&name) && args.len() != takes {
            return Err(Error::Unsupported(if takes == 0 {
                format!("`{name}` of a misère canonical form takes no argument")
            } else {
                format!("`{name}` takes one misère canonical form, as in `g.{name}(*[2])`")
            }));
        }
        let h = if takes == 1 {
            let v = self.eval(&args[0])?;
            let v = self.normalized(v);
            match self.misere_of(&v) {
                Some(h) => Some(h?),
                None => {
                    let what = self.kind_of(&v);
                    return Err(Error::Unsupported(format!(
                        "`{name}` takes a misère canonical form or a nimber, not {what}"
                    )));
                }
            }
        } else {
            None
        };
        let s = &mut self.misere;
        let number = |n: u32| Value::Number(Dyadic::from(i64::from(n)));
        Ok(match (name, h) {
            ("MisereCanonicalForm", _) => Value::Misere(g),
            ("CanonicalForm", _) => Value::Game(self.arena.star(u64::from(s.nim_value(g)))),
            ("Birthday", _) => number(s.birthday(g)),
            ("NimValue", _) => number(s.nim_value(g)),
            ("MisereNimValue", _) => number(s.misere_nim_value(g)),
            ("MisereOutcomeClass", _) => Value::Outcome(s.outcome(g)),
            ("Genus", _) => Value::Genus(s.genus(g)?),
            ("Mate", _) => Value::Misere(s.mate(g)?),
            ("Options", _) => Value::MisereList(s.options(g)),
            ("Parts", _) => Value::MisereList(s.parts(g)?),
            ("Partitions", _) => Value::MisereLists(s.partitions(g)?),
            ("IsEven", _) => Value::Bool(s.is_even(g)),
            ("IsExtraverted", _) => Value::Bool(s.is_extraverted(g)?),
            ("IsIntroverted", _) => Value::Bool(s.is_introverted(g)),
            ("IsNimHeap", _) => Value::Bool(s.is_nim_heap(g)?),
            ("IsPrime", _) => Value::Bool(s.is_prime(g)?),
            ("IsTame", _) => Value::Bool(s.is_tame(g)),
            ("IsGenerallyTame", _) => Value::Bool(s.is_generally_tame(g)),
            ("IsTameable", _) => Value::Bool(s.is_tameable(g)),
            ("IsRestive", _) => Value::Bool(s.is_restive(g)),
            ("IsGenerallyRestive", _) => Value::Bool(s.is_generally_restive(g)),
            ("IsRestless", _) => Value::Bool(s.is_restless(g)),
            ("IsHalfTame", _) => Value::Bool(s.is_half_tame(g)?),
            ("IsLinkedTo", Some(h)) => Value::Bool(s.is_linked_to(g, h)),
            ("Link", Some(h)) => match s.link(g, h)? {
                Some(t) => Value::Misere(t),
                None => {
                    return Err(Error::Unsupported(format!(
                        "{} and {} are not linked: one is an option of the other (no \
                         game makes both P-positions)",
                        s.display(g)?,
                        s.display(h)?
                    )))
                }
            },
            ("Distinguisher", Some(h)) => match s.distinguisher(g, h)? {
                Some(t) => Value::Misere(t),
                None => {
                    return Err(Error::Unsupported(format!(
                        "{} and {} are equal: no game distinguishes them",
                        s.display(g)?,
                        s.display(h)?
                    )))
                }
            },
            ("MisereMinus", Some(h)) => match s.misere_minus(g, h)? {
                Some(d) => Value::Misere(d),
                None => {
                    return Err(Error::Unsupported(format!(
                        "Misere canonical forms are not subtractable: {} MisereMinus {} \
                         (the second is not a part of the first)",
                        s.display(g)?,
                        s.display(h)?
                    )))
                }
            },
            ("OutcomeClass", _) => {
                return Err(Error::Unsupported(
                    "`OutcomeClass` is not a method of a misère canonical form (nor is it \
                     in CGSuite): its outcome in misère play is `MisereOutcomeClass`"
                        .to_string(),
                ))
            }
            _ => {
                let hint = super::session::closest_in(MISERE_METHODS, name)
                    .map(|m| format!("; did you mean `{m}`?"))
                    .unwrap_or_default();
                return Err(Error::Unsupported(format!(
                    "Not a method or member variable: `{name}` (in object of class \
                     `game.misere.MisereCanonicalGame`){hint}"
                )));
            }
        })
    }

    /// A misère form as CGSuite prints it: `*[2#]`.
    pub(super) fn misere_text(&mut self, g: MisereId) -> Result<String> {
        self.misere.display(g)
    }

    /// A list of misère forms as CGSuite prints it: `[*[0],*[1]]`.
    pub(super) fn misere_list_text(&mut self, gs: &[MisereId]) -> Result<String> {
        let texts = gs
            .iter()
            .map(|&g| self.misere.display(g))
            .collect::<Result<Vec<_>>>()?;
        Ok(format!("[{}]", texts.join(",")))
    }

    /// Lists of misère forms as CGSuite prints them: `[[*[2],*[2]]]`.
    pub(super) fn misere_lists_text(&mut self, lists: &[Vec<MisereId>]) -> Result<String> {
        let texts = lists
            .iter()
            .map(|l| self.misere_list_text(l))
            .collect::<Result<Vec<_>>>()?;
        Ok(format!("[{}]", texts.join(",")))
    }
}
