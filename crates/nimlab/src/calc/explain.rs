//! `nimlab value --explain`: every form `{L | R}` of an expression simplified step by
//! step, from the form as written to its canonical form, as text 001 teaches it.

use super::session::Session;
use crate::conway::{simplify, Player, StepKind};
use crate::notation::{parse, print, Expr};
use crate::Result;
use serde::Serialize;
use std::fmt;

/// One step of a simplification, as data and as a sentence.
#[derive(Debug, Clone, Serialize)]
pub struct StepReport {
    /// `dominated` or `reversible`.
    pub rule: &'static str,
    /// Whose option: `left` or `right`.
    pub player: Player,
    /// The option removed or bypassed.
    pub option: String,
    /// The option that dominates it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// The option of `option` it reverses through.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub through: Option<String>,
    /// What replaced a reversible option.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub replacement: Vec<String>,
    /// The step in words.
    pub text: String,
    /// The form after the step.
    pub form: String,
}

/// One form of the expression and its simplification.
#[derive(Debug, Clone, Serialize)]
pub struct FormReport {
    /// The form with its options' values.
    pub form: String,
    /// The steps, in order (none when the form is canonical already).
    pub steps: Vec<StepReport>,
    /// Its canonical form.
    pub value: String,
}

/// The simplification of every form of an expression, innermost first.
#[derive(Debug, Clone, Serialize)]
pub struct Explanation {
    /// The expression.
    pub input: String,
    /// Its forms `{L | R}`, innermost first.
    pub forms: Vec<FormReport>,
    /// The expression's value.
    pub output: String,
}

/// `{a,b|c}` from the options' texts.
fn form_text(l: &[String], r: &[String]) -> String {
    format!("{{{}|{}}}", l.join(","), r.join(","))
}

fn whose(p: Player) -> &'static str {
    match p {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

impl Session {
    /// Evaluates `input` and explains the simplification of each form `{L | R}` in it,
    /// innermost first: each dominated option removed and each reversible option
    /// bypassed, with the form after the step.
    ///
    /// ```
    /// use nimlab::calc::Session;
    /// let e = Session::new().explain("{0,*|*}").unwrap();
    /// // Text 001: {0,*|*} = ↑, * being reversible through 0.
    /// assert_eq!(e.output, "^");
    /// assert_eq!(e.forms[0].steps[0].rule, "reversible");
    /// assert_eq!(e.forms[0].steps[0].form, "{0|*}");
    /// ```
    ///
    /// # Errors
    /// As [`Session::eval_text`].
    pub fn explain(&mut self, input: &str) -> Result<Explanation> {
        let expr = parse(input)?;
        // The forms in post order (a form after the forms inside it), by a stack.
        let mut forms: Vec<&Expr> = Vec::new();
        let mut stack: Vec<(&Expr, bool)> = vec![(&expr, false)];
        while let Some((e, visited)) = stack.pop() {
            if visited {
                forms.push(e);
                continue;
            }
            if matches!(e, Expr::Game(..)) {
                stack.push((e, true));
            }
            let children: Vec<&Expr> = match e {
                Expr::StarOf(x) | Expr::Neg(x) | Expr::Assign(_, x) => vec![x],
                Expr::Game(l, r) => l.iter().chain(r).collect(),
                Expr::Chain(first, rest) => std::iter::once(&**first)
                    .chain(rest.iter().map(|(_, x)| x))
                    .collect(),
                Expr::PlusMinus(items) | Expr::Call(_, items) => items.iter().collect(),
                Expr::Power(x, y) | Expr::Compare(_, x, y) => vec![x, y],
                Expr::Method(x, _, args) => std::iter::once(&**x).chain(args).collect(),
                Expr::MisereList(items) => misere_elements(items),
                _ => Vec::new(),
            };
            stack.extend(children.into_iter().rev().map(|c| (c, false)));
        }
        let mut reports = Vec::new();
        for f in forms {
            let Expr::Game(l, r) = f else { continue };
            let l = l
                .iter()
                .map(|x| self.game_of_expr(x))
                .collect::<Result<Vec<_>>>()?;
            let r = r
                .iter()
                .map(|x| self.game_of_expr(x))
                .collect::<Result<Vec<_>>>()?;
            reports.push(self.form_report(l, r)?);
        }
        let v = self.eval(&expr)?;
        if self.arena.interrupted() {
            return Err(self.arena.stop_error());
        }
        let output = self.try_show(&v)?;
        Ok(Explanation {
            input: input.to_string(),
            forms: reports,
            output,
        })
    }

    /// An option of a form as a game.
    fn game_of_expr(&mut self, e: &Expr) -> Result<crate::conway::GameId> {
        let v = self.eval(e)?;
        self.as_game(v)
    }

    fn form_report(
        &mut self,
        l: Vec<crate::conway::GameId>,
        r: Vec<crate::conway::GameId>,
    ) -> Result<FormReport> {
        let s = simplify(&mut self.arena, l, r)?;
        let a = &mut self.arena;
        let texts = |a: &mut crate::conway::Arena, gs: &[crate::conway::GameId]| -> Vec<String> {
            gs.iter().map(|&g| print(a, g)).collect()
        };
        let (l0, r0) = (texts(a, &s.left), texts(a, &s.right));
        let form = form_text(&l0, &r0);
        let mut steps = Vec::new();
        for step in &s.steps {
            let (sl, sr) = (texts(a, &step.left), texts(a, &step.right));
            let after = form_text(&sl, &sr);
            let report = match &step.kind {
                StepKind::Dominated { player, option, by } => {
                    let (o, b) = (print(a, *option), print(a, *by));
                    let cmp = match a.compare(*option, *by) {
                        crate::conway::Comparison::Equal => "=",
                        crate::conway::Comparison::Less => "<",
                        _ => ">",
                    };
                    StepReport {
                        rule: "dominated",
                        player: *player,
                        text: format!(
                            "{}'s option {o} is dominated by {b} ({o} {cmp} {b}): removed",
                            whose(*player)
                        ),
                        option: o,
                        by: Some(b),
                        through: None,
                        replacement: Vec::new(),
                        form: after,
                    }
                }
                StepKind::Reversible {
                    player,
                    option,
                    through,
                    replacement,
                } => {
                    let (o, t) = (print(a, *option), print(a, *through));
                    let value = print(a, s.value);
                    let (other, cmp) = match player {
                        Player::Left => ("Right", "≤"),
                        Player::Right => ("Left", "≥"),
                    };
                    let rep = texts(a, replacement);
                    let by = if rep.is_empty() {
                        format!("the {} options of {t}, none", whose(*player))
                    } else {
                        format!("the {} options of {t}, {}", whose(*player), rep.join(", "))
                    };
                    StepReport {
                        rule: "reversible",
                        player: *player,
                        text: format!(
                            "{}'s option {o} is reversible through its {other} option {t} ({t} {cmp} G = {value}): replaced by {by}",
                            whose(*player)
                        ),
                        option: o,
                        by: None,
                        through: Some(t),
                        replacement: rep,
                        form: after,
                    }
                }
            };
            steps.push(report);
        }
        Ok(FormReport {
            form,
            steps,
            value: print(a, s.value),
        })
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.forms.is_empty() {
            writeln!(f, "{} has no form {{L|R}} to simplify", self.input)?;
        }
        for form in &self.forms {
            writeln!(f, "{}", form.form)?;
            if form.steps.is_empty() {
                writeln!(
                    f,
                    "  canonical already: no option is dominated or reversible"
                )?;
            }
            for s in &form.steps {
                writeln!(f, "  {}", s.text)?;
                writeln!(f, "    → {}", s.form)?;
            }
            writeln!(f, "  = {}", form.value)?;
        }
        writeln!(f, "{}", self.output)
    }
}

/// The expressions in a list `*[…]`, nested lists included, in order.
fn misere_elements(items: &[crate::notation::MisereElement]) -> Vec<&Expr> {
    use crate::notation::MisereElement;
    let mut out = Vec::new();
    let mut stack: Vec<&MisereElement> = items.iter().rev().collect();
    while let Some(item) = stack.pop() {
        match item {
            MisereElement::Expr(e) => out.push(e),
            MisereElement::List(inner) => stack.extend(inner.iter().rev()),
        }
    }
    out
}
