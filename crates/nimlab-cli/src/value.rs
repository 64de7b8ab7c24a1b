//! `nimlab value` and `nimlab born`: Conway's games in CGSuite's notation.

use crate::failure::Failure;
use crate::limits::{Guard, LimitArgs};
use clap::Args;
use nimlab::calc::Session;
use nimlab::conway::Arena;
use nimlab::explore::{Derivation, Hasse};
use std::io::Write;
use std::path::PathBuf;
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
    /// Explain the simplification of every form {L|R} of the expression, innermost
    /// first: each dominated option removed and each reversible option bypassed, with
    /// the form after each step (with --json, as one JSON object).
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Runs `nimlab value` within its time and memory limits (60 s by default).
pub fn run(args: &ValueArgs, out: &mut impl Write) -> Result<(), Failure> {
    let guard = Guard::new(args.limits.limits(Some(DEFAULT_TIME_LIMIT))?);
    guard.run_showing("computing", || evaluate(args, out))
}

/// Evaluates the expression and writes its value (or its report).
fn evaluate(args: &ValueArgs, out: &mut impl Write) -> Result<(), Failure> {
    let mut s = Session::new();
    if args.explain {
        let e = s.explain(&args.expression)?;
        if args.json {
            let text = serde_json::to_string(&e).map_err(std::io::Error::other)?;
            writeln!(out, "{text}")?;
        } else {
            write!(out, "{e}")?;
        }
        return Ok(());
    }
    let v = s.eval_text(&args.expression)?;
    // The report (mean, temperature, birthday) only for JSON; the value is written once.
    let report = if args.json {
        Some(s.describe(&args.expression, &v)?)
    } else {
        None
    };
    let output = match &report {
        Some(r) => r.output.clone(),
        None => s.try_show(&v)?,
    };
    if let Some(path) = &args.svg {
        let svg = s
            .thermograph_svg(&v, &args.expression, &output)
            .map_err(|e| match e {
                nimlab::Error::Unsupported(why) => {
                    nimlab::Error::Unsupported(format!("--svg: {why}"))
                }
                e => e,
            })?;
        std::fs::write(path, svg)
            .map_err(|e| Failure::Input(nimlab::heap::cannot_write(path, &e)))?;
    }
    if let Some(report) = report {
        let text = serde_json::to_string(&report).map_err(std::io::Error::other)?;
        writeln!(out, "{text}")?;
    } else {
        writeln!(out, "{output}")?;
    }
    Ok(())
}

/// Options of `nimlab born`.
#[derive(Args)]
pub struct BornArgs {
    /// The day: the games born by day N (0 to 3).
    day: u32,
    /// Print the counts only.
    #[arg(long, conflicts_with_all = ["hasse", "derive"])]
    count: bool,
    /// Print the Hasse diagram of the games' order: each game with its outcome class and
    /// the games that cover it (G < H with no game between).
    #[arg(long, conflicts_with = "derive")]
    hasse: bool,
    /// Derive the day from the day before (1 to 3): every pair of option sets, the
    /// dominated options removed, the equal games grouped (day 3 is counted only).
    #[arg(long)]
    derive: bool,
    /// Draw the Hasse diagram of the games (up to day 2), coloured by outcome class, as
    /// an SVG picture into FILE (the printed output is unchanged).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Print JSON: the day, every game (unless --count) with its outcome class, and the
    /// counts by outcome class; with --hasse the games and the covering pairs, with
    /// --derive the derivation.
    #[arg(long)]
    json: bool,
}

/// Runs `nimlab born`: every game born by day N with its outcome class, and the counts;
/// or their Hasse diagram, or the derivation of the day from the day before.
pub fn run_born(args: &BornArgs, out: &mut impl Write) -> Result<(), Failure> {
    if let Some(path) = &args.svg {
        let svg = Hasse::born_by(&mut Arena::new(), args.day)?
            .svg()
            .map_err(|e| match e {
                nimlab::Error::Limit(mut l) => {
                    l.what = format!("--svg: {}", l.what);
                    nimlab::Error::Limit(l)
                }
                e => e,
            })?;
        std::fs::write(path, svg)
            .map_err(|e| Failure::Input(nimlab::heap::cannot_write(path, &e)))?;
    }
    if args.hasse {
        let hasse = Hasse::born_by(&mut Arena::new(), args.day)?;
        return print(args.json, &hasse, out);
    }
    if args.derive {
        let derivation = Derivation::of_day(&mut Arena::new(), args.day)?;
        return print(args.json, &derivation, out);
    }
    let report = Session::new().born(args.day, !args.count)?;
    if args.json {
        let text = serde_json::to_string(&report).map_err(std::io::Error::other)?;
        writeln!(out, "{text}")?;
        return Ok(());
    }
    for game in report.games.iter().flatten() {
        writeln!(out, "{}  {}", game.outcome, game.value)?;
    }
    let c = report.counts;
    writeln!(
        out,
        "{} games born by day {}: {} zero (P), {} positive (L), {} negative (R), {} fuzzy (N)",
        report.total, report.day, c.P, c.L, c.R, c.N
    )?;
    Ok(())
}

/// Writes `x` as one JSON object, or as its text.
fn print(
    json: bool,
    x: &(impl serde::Serialize + std::fmt::Display),
    out: &mut impl Write,
) -> Result<(), Failure> {
    if json {
        let text = serde_json::to_string(x).map_err(std::io::Error::other)?;
        writeln!(out, "{text}")?;
    } else {
        write!(out, "{x}")?;
    }
    Ok(())
}
