//! Arithmetic on the values of expressions: games add and compare as games; numbers that
//! are not short games (1/3, ω, 1/(ω+1)) as surreal numbers; transfinite nimbers (*ω) by
//! the nim-sum of ordinals.

use super::session::Session;
use super::value::{Op, Value};
use crate::conway::{Comparison, GameId};
use crate::notation::CompareOp;
use crate::surreal::{Ordinal, Surreal};
use crate::{Error, Result};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use std::cmp::Ordering;

impl Session {
    /// The value as a surreal number, when it is a number of any kind.
    pub(crate) fn surreal_of(&self, v: &Value) -> Option<Surreal> {
        match v {
            Value::Game(g) => self.arena.as_number(*g).map(Surreal::from_dyadic),
            Value::Number(x) => Some(Surreal::from_dyadic(x)),
            Value::Rational(q) => Surreal::new(
                Ordinal::from(q.numer().clone()),
                Ordinal::from(q.denom().clone()),
            )
            .ok(),
            Value::Surreal(s) => Some(s.clone()),
            _ => None,
        }
    }

    /// A number as a value: a game when it is dyadic, a surreal number otherwise.
    pub(crate) fn number_value(&mut self, s: Surreal) -> Value {
        match s.as_dyadic() {
            Some(d) => Value::Game(self.arena.number(d)),
            None => Value::Surreal(s),
        }
    }

    /// The ordinal of a nimber value: *n or *α.
    fn nim_value(&self, v: &Value) -> Option<Ordinal> {
        match v {
            Value::Nimber(o) => Some(o.clone()),
            Value::Game(g) => self
                .arena
                .as_nus(*g)
                .filter(|n| n.number.is_zero() && n.ups == 0)
                .map(|n| Ordinal::from(BigInt::from(n.nim))),
            _ => None,
        }
    }

    /// `a op b`.
    pub(crate) fn binary(&mut self, op: Op, a: Value, b: Value) -> Result<Value> {
        use crate::conway::ops;
        let a = self.normalized(a);
        let b = self.normalized(b);
        if [&a, &b].iter().any(|v| is_misere(v)) {
            return self.misere_binary(op, &a, &b);
        }
        if let (Value::Game(g), Value::Game(h)) = (&a, &b) {
            let (g, h) = (*g, *h);
            match op {
                Op::Add => return Ok(Value::Game(self.arena.add(g, h))),
                Op::Sub => return Ok(Value::Game(self.arena.sub(g, h))),
                Op::Times if self.arena.as_number(h).is_none() => {
                    let n = self.integer_of(g)?;
                    return Ok(Value::Game(ops::times(&mut self.arena, &n, h)?));
                }
                // `G * n` as `n * G`, as in CGSuite.
                Op::Times if self.arena.as_number(g).is_none() => {
                    let n = self.integer_of(h)?;
                    return Ok(Value::Game(ops::times(&mut self.arena, &n, g)?));
                }
                _ => {}
            }
        }
        if let (Some(x), Some(y)) = (self.surreal_of(&a), self.surreal_of(&b)) {
            let z = match op {
                Op::Add => x.checked_add(&y)?,
                Op::Sub => x.checked_sub(&y)?,
                Op::Times => x.checked_mul(&y)?,
                Op::Div => x.checked_div(&y)?,
                Op::Power => x.pow(&y)?,
            };
            return Ok(self.number_value(z));
        }
        if matches!(a, Value::Nimber(_)) || matches!(b, Value::Nimber(_)) {
            if let (Op::Add | Op::Sub, Some(x), Some(y)) =
                (op, self.nim_value(&a), self.nim_value(&b))
            {
                return self.nimber_value(x.nim_sum(&y)?);
            }
        }
        Err(Error::Unsupported(format!(
            "cannot {} {} and {}: {}",
            op.verb(),
            self.show(&a),
            self.show(&b),
            match op {
                Op::Div | Op::Power => "quotients and powers are of numbers only",
                Op::Times => "a product is an integer times a game, or of two numbers",
                _ => "a sum of a game and a number that is not a short game is not a game",
            }
        )))
    }

    /// `-a`.
    pub(crate) fn negate(&mut self, a: Value) -> Result<Value> {
        match a {
            Value::Game(g) => Ok(Value::Game(self.arena.neg(g))),
            // An impartial game is its own negative.
            Value::Nimber(_) | Value::Misere(_) => Ok(a),
            other => match self.surreal_of(&other) {
                Some(x) => Ok(self.number_value(-x)),
                None => Err(Error::Unsupported(format!(
                    "cannot negate {}",
                    self.show(&other)
                ))),
            },
        }
    }

    /// `*a`: the nimber of a whole number or of an ordinal.
    pub(crate) fn star_of(&mut self, a: Value) -> Result<Value> {
        match self.surreal_of(&a).as_ref().and_then(Surreal::as_ordinal) {
            Some(o) if o.is_ordinal() => self.nimber_value(o.clone()),
            _ => Err(Error::Unsupported(format!(
                "*n needs a whole number or an ordinal n ≥ 0, not {}",
                self.show(&a)
            ))),
        }
    }

    /// The nimber *α: a game for finite α, a transfinite nimber otherwise.
    fn nimber_value(&mut self, o: Ordinal) -> Result<Value> {
        match o.as_integer() {
            Some(n) => {
                let m = n.to_u64().filter(|_| !n.is_negative()).ok_or_else(|| {
                    Error::Unsupported(format!("*n needs a whole number n ≥ 0 below 2^64, not {n}"))
                })?;
                Ok(Value::Game(self.arena.star(m)))
            }
            None => Ok(Value::Nimber(o)),
        }
    }

    /// Whether `a op b` holds.
    pub(crate) fn compare_values(&mut self, op: CompareOp, a: &Value, b: &Value) -> Result<bool> {
        use Comparison::*;
        if is_misere(a) || is_misere(b) {
            return self.misere_compare(op, a, b);
        }
        let c = if let (Value::Game(g), Value::Game(h)) = (a, b) {
            self.arena.compare(*g, *h)
        } else if let (Some(x), Some(y)) = (self.surreal_of(a), self.surreal_of(b)) {
            match x.cmp(&y) {
                Ordering::Less => Less,
                Ordering::Equal => Equal,
                Ordering::Greater => Greater,
            }
        } else if let (Some(x), Some(y)) = (self.nim_value(a), self.nim_value(b)) {
            // Distinct nimbers are confused with each other.
            if x == y {
                Equal
            } else {
                Confused
            }
        } else {
            return Err(Error::Unsupported(format!(
                "cannot compare {} with {}",
                self.show(a),
                self.show(b)
            )));
        };
        Ok(match op {
            CompareOp::Eq => c == Equal,
            CompareOp::Ne => c != Equal,
            CompareOp::Le => matches!(c, Less | Equal),
            CompareOp::Ge => matches!(c, Greater | Equal),
            CompareOp::Lt => c == Less,
            CompareOp::Gt => c == Greater,
            CompareOp::LessOrConfused => matches!(c, Less | Confused),
            CompareOp::GreaterOrConfused => matches!(c, Greater | Confused),
            CompareOp::Confused => c == Confused,
        })
    }

    fn integer_of(&mut self, g: GameId) -> Result<BigInt> {
        match self.arena.as_number(g) {
            Some(x) if x.is_integer() => Ok(x.numerator().clone()),
            _ => Err(Error::Unsupported(format!(
                "an integer was expected here, not {}",
                crate::notation::print(&mut self.arena, g)
            ))),
        }
    }
}

/// Whether the value is of misère play (a misère form, or a list of them).
fn is_misere(v: &Value) -> bool {
    matches!(
        v,
        Value::Misere(_) | Value::MisereList(_) | Value::MisereLists(_)
    )
}
