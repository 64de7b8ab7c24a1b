//! `nimlab value` and `nimlab born`: Conway's games in CGSuite's notation.

use crate::Failure;
use clap::Args;
use nimlab::notation::{birthday, outcome, Session, Value};
use nimlab::partizan::{born_by, rational_text, thermograph};
use serde::Serialize;
use std::io::Write;

/// Options of `nimlab value`.
#[derive(Args)]
pub struct ValueArgs {
    /// The expression, in CGSuite's notation (`{3||2|1}`, `^*`, `+-1`, `g.Mean`).
    expression: String,
    /// Print JSON: input, output and, for a game, its outcome class, mean, temperature and
    /// birthday.
    #[arg(long)]
    json: bool,
}

/// What `nimlab value --json` prints.
#[derive(Serialize)]
struct ValueReport {
    input: String,
    output: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mean: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    temperature: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    birthday: Option<u64>,
}

/// Runs `nimlab value`.
pub fn run(args: &ValueArgs, out: &mut impl Write) -> Result<(), Failure> {
    let mut s = Session::new();
    let v = s.eval_text(&args.expression)?;
    let output = s.show(&v);
    if !args.json {
        writeln!(out, "{output}")?;
        return Ok(());
    }
    let (outcome, birthday, mean, temperature) = match v {
        Value::Game(g) => {
            let t = thermograph(&mut s.arena, g);
            (
                Some(outcome(&mut s.arena, g).to_string()),
                Some(birthday(&mut s.arena, g)),
                Some(rational_text(&t.mean())),
                Some(rational_text(&t.temperature())),
            )
        }
        _ => (None, None, None, None),
    };
    let report = ValueReport {
        input: args.expression.clone(),
        output,
        outcome,
        mean,
        temperature,
        birthday,
    };
    writeln!(
        out,
        "{}",
        serde_json::to_string(&report).map_err(std::io::Error::other)?
    )?;
    Ok(())
}

/// Options of `nimlab born`.
#[derive(Args)]
pub struct BornArgs {
    /// The day: the games born by day N (0 to 3).
    day: u32,
    /// Print the counts only.
    #[arg(long)]
    count: bool,
}

/// Runs `nimlab born`: every game born by day N with its outcome class, and the counts.
pub fn run_born(args: &BornArgs, out: &mut impl Write) -> Result<(), Failure> {
    let mut s = Session::new();
    let games = born_by(&mut s.arena, args.day)?;
    let mut counts = [0usize; 4];
    let mut lines = Vec::with_capacity(games.len());
    for &g in &games {
        let o = outcome(&mut s.arena, g);
        let k = match o {
            nimlab::Outcome::P => 0,
            nimlab::Outcome::L => 1,
            nimlab::Outcome::R => 2,
            _ => 3,
        };
        counts[k] += 1;
        if !args.count {
            lines.push(format!("{o}  {}", s.show(&Value::Game(g))));
        }
    }
    for line in lines {
        writeln!(out, "{line}")?;
    }
    writeln!(
        out,
        "{} games born by day {}: {} zero (P), {} positive (L), {} negative (R), {} fuzzy (N)",
        games.len(),
        args.day,
        counts[0],
        counts[1],
        counts[2],
        counts[3]
    )?;
    Ok(())
}
