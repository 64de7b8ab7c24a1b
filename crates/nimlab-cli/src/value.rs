//! `nimlab value` and `nimlab born`: Conway's games in CGSuite's notation.

use crate::limits::{Guard, LimitArgs};
use crate::Failure;
use clap::Args;
use nimlab::notation::{Session, Value};
use nimlab::partizan::{birthday, outcome};
use nimlab::partizan::{born_by, rational_text, thermograph, thermograph_svg};
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The time limit of `nimlab value` when `--time-limit` is not given.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// Options of `nimlab value`.
#[derive(Args)]
pub struct ValueArgs {
    /// The expression, in CGSuite's notation (`{3||2|1}`, `^*`, `+-1`, `g.Mean`); it may
    /// begin with a minus (`-1/2`, `-omega`).
    #[arg(allow_hyphen_values = true)]
    expression: String,
    /// Print JSON: input, output and, for a game, its outcome class, mean, temperature and
    /// birthday.
    #[arg(long)]
    json: bool,
    /// Draw the game's thermograph as an SVG picture into FILE (the printed output is
    /// unchanged).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
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
    /// A number, or a string of digits beyond 2^64.
    #[serde(skip_serializing_if = "Option::is_none")]
    birthday: Option<serde_json::Value>,
}

/// Runs `nimlab value` within its time and memory limits (60 s by default).
pub fn run(args: &ValueArgs, out: &mut impl Write) -> Result<(), Failure> {
    let guard = Guard::new(args.limits.limits(Some(DEFAULT_TIME_LIMIT))?);
    guard.run_showing("computing", || evaluate(args, out))
}

/// Evaluates the expression and writes its value (or its report).
fn evaluate(args: &ValueArgs, out: &mut impl Write) -> Result<(), Failure> {
    let mut s = Session::new();
    let v = s.eval_text(&args.expression)?;
    let output = s.try_show(&v)?;
    if let Some(path) = &args.svg {
        write_svg(&mut s, &v, &args.expression, &output, path)?;
    }
    if !args.json {
        writeln!(out, "{output}")?;
        return Ok(());
    }
    let (outcome, birthday, mean, temperature) = match v {
        Value::Game(g) => {
            let t = thermograph(&mut s.arena, g);
            (
                Some(outcome(&mut s.arena, g).to_string()),
                Some(json_integer(&birthday(&mut s.arena, g))),
                Some(rational_text(&t.mean())),
                Some(rational_text(&t.temperature())),
            )
        }
        // A number that is not a short game is positive (L), negative (R) or 0 (P); a
        // transfinite nimber is fuzzy (N).
        Value::Surreal(x) => {
            let class = match x.sign() {
                1 => "L",
                -1 => "R",
                _ => "P",
            };
            (Some(class.to_string()), None, None, None)
        }
        Value::Nimber(_) => (Some("N".to_string()), None, None, None),
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

/// Writes the thermograph of `v` (a game, or a thermograph) to `path` as an SVG picture,
/// titled with the expression and its canonical form.
fn write_svg(
    s: &mut Session,
    v: &Value,
    expression: &str,
    output: &str,
    path: &Path,
) -> Result<(), Failure> {
    let expression = expression.trim();
    let (t, title) = match v {
        Value::Game(g) => {
            let title = if expression == output {
                output.to_string()
            } else {
                format!("{expression} = {output}")
            };
            (thermograph(&mut s.arena, *g), title)
        }
        Value::Thermograph(t) => (t.clone(), expression.to_string()),
        _ => {
            return Err(Failure::Input(nimlab::Error::Unsupported(format!(
                "--svg draws the thermograph of a game, but `{expression}` is {output}, not a game"
            ))))
        }
    };
    std::fs::write(path, thermograph_svg(&t, &title))
        .map_err(|e| Failure::Input(nimlab::heap::cannot_write(path, &e)))
}

/// Options of `nimlab born`.
#[derive(Args)]
pub struct BornArgs {
    /// The day: the games born by day N (0 to 3).
    day: u32,
    /// Print the counts only.
    #[arg(long)]
    count: bool,
    /// Print JSON: the day, every game (unless --count) with its outcome class, and the
    /// counts by outcome class.
    #[arg(long)]
    json: bool,
}

/// One game of `nimlab born --json`.
#[derive(Serialize)]
struct BornGame {
    value: String,
    outcome: String,
}

/// The counts of `nimlab born --json`, by outcome class.
#[derive(Serialize)]
#[allow(non_snake_case)]
struct BornCounts {
    P: usize,
    L: usize,
    R: usize,
    N: usize,
}

/// What `nimlab born --json` prints.
#[derive(Serialize)]
struct BornReport {
    day: u32,
    total: usize,
    counts: BornCounts,
    #[serde(skip_serializing_if = "Option::is_none")]
    games: Option<Vec<BornGame>>,
}

/// Runs `nimlab born`: every game born by day N with its outcome class, and the counts.
pub fn run_born(args: &BornArgs, out: &mut impl Write) -> Result<(), Failure> {
    let mut s = Session::new();
    let games = born_by(&mut s.arena, args.day)?;
    let mut counts = [0usize; 4];
    let mut listed = Vec::with_capacity(if args.count { 0 } else { games.len() });
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
            listed.push(BornGame {
                value: s.show(&Value::Game(g)),
                outcome: o.to_string(),
            });
        }
    }
    if args.json {
        let report = BornReport {
            day: args.day,
            total: games.len(),
            counts: BornCounts {
                P: counts[0],
                L: counts[1],
                R: counts[2],
                N: counts[3],
            },
            games: (!args.count).then_some(listed),
        };
        let text = serde_json::to_string(&report).map_err(std::io::Error::other)?;
        writeln!(out, "{text}")?;
        return Ok(());
    }
    for game in listed {
        writeln!(out, "{}  {}", game.outcome, game.value)?;
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

/// An integer for JSON: a number when it fits in 64 bits, its digits otherwise.
fn json_integer(n: &impl std::fmt::Display) -> serde_json::Value {
    let digits = n.to_string();
    match digits.parse::<u64>() {
        Ok(k) => k.into(),
        Err(_) => digits.into(),
    }
}
