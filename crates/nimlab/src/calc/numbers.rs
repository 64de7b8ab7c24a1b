//! The calculator's surreal numbers beyond short games (1/3, ω, 1/ω): their methods,
//! their sign expansions, and Black-White Nim columns with periodic tails.

use super::session::Session;
use super::value::Value;
use crate::notation::Expr;
use crate::surreal::{SignExpansion, Surreal};
use crate::{Error, Outcome, Result};

/// The methods a surreal number beyond the short games answers to.
const NUMBER_METHODS: &str =
    "Birthday, SignExpansion, Negative, OutcomeClass, IsNumber, Mean, LeftStop and RightStop";

impl Session {
    /// `x.name(args)` for a number `x` that is not a short game.
    pub(super) fn surreal_method(
        &mut self,
        x: &Surreal,
        name: &str,
        args: &[Expr],
    ) -> Result<Value> {
        let known = [
            "Birthday",
            "SignExpansion",
            "Negative",
            "OutcomeClass",
            "IsNumber",
            "Mean",
            "LeftStop",
            "RightStop",
        ];
        if known.contains(&name) && !args.is_empty() {
            return Err(Error::Unsupported(format!(
                "`{name}` of the number {x} takes no argument"
            )));
        }
        Ok(match name {
            "Birthday" => Value::Surreal(Surreal::from(SignExpansion::of(x)?.length())),
            "SignExpansion" => Value::Text(SignExpansion::of(x)?.to_string()),
            "Negative" => Value::Surreal(-x),
            "OutcomeClass" => Value::Outcome(if x.sign() > 0 { Outcome::L } else { Outcome::R }),
            "IsNumber" => Value::Bool(true),
            "Mean" | "LeftStop" | "RightStop" => Value::Surreal(x.clone()),
            _ => {
                return Err(Error::Unsupported(format!(
                    "`{name}` is not a method of the number {x}, which is no short game: \
                     its methods are {NUMBER_METHODS}"
                )))
            }
        })
    }

    /// `SignExpansion("+-(+-)^w")`: the number of a sign expansion.
    pub(super) fn sign_expansion_call(&mut self, args: &[Expr]) -> Result<Value> {
        let [Expr::Text(text)] = args else {
            return Err(Error::Unsupported(
                "SignExpansion takes one sign expansion in double quotes, as in \
                 SignExpansion(\"+-(+-)^w\")"
                    .to_string(),
            ));
        };
        let x = SignExpansion::parse(text)?.value()?;
        Ok(self.number_value(x))
    }

    /// The value of Black-White Nim columns written with periodic tails, such as
    /// `x(o)^w (xo)^w`: the sum of their numbers; `None` when no column has a tail.
    pub(super) fn infinite_columns(&mut self, text: &str) -> Result<Option<Value>> {
        if !text.contains(['(', '^']) {
            return Ok(None);
        }
        let mut total = Surreal::zero();
        for column in text.split_whitespace() {
            total = total.checked_add(&SignExpansion::parse_stones(column)?.value()?)?;
        }
        Ok(Some(self.number_value(total)))
    }
}
