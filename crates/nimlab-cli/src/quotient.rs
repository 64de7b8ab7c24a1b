//! `nimlab quotient`: the misère quotient of a heap game, or a survey of the quotients of
//! every octal code up to a number of digits.

use crate::failure::Failure;
use crate::limits::{Guard, LimitArgs};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use nimlab::heap::Rule;
use nimlab::misere::quotient::{
    survey_quotients, Quotient, QuotientRun, QuotientSurvey, QuotientSurveyRow, Stop, SurveyBudget,
    DEFAULT_MAX_ORDER,
};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Options of `nimlab quotient`.
#[derive(Args)]
pub struct QuotientArgs {
    /// The rule: a code (`0.77`, `hex:…`), a name (`kayles`) or `subtraction:S`.
    #[arg(required_unless_present = "survey", conflicts_with = "survey")]
    rule: Option<String>,
    /// The largest heap: the quotient of the sums of heaps 0 … N.
    #[arg(long, value_name = "N")]
    to: u64,
    /// Survey every octal code with at most `--digits` digits instead of one rule.
    #[arg(long)]
    survey: bool,
    /// With `--survey`, the most digits after the point.
    #[arg(long, default_value_t = 2, requires = "survey")]
    digits: usize,
    /// The largest quotient (by default 4096, and 1024 for each code of a survey).
    #[arg(long, value_name = "K")]
    max_order: Option<usize>,
    /// With `--survey`, the work each code may take, in the solver's units (table
    /// entries made and states examined; a few 10^8 a second; by default 5·10^9): a budget that gives the
    /// same table on every machine.
    #[arg(long, value_name = "UNITS", requires = "survey")]
    max_work: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Keep the run in FILE, written atomically every `--every` seconds, at the end and
    /// when the run is stopped; if FILE exists, the run resumes from it.
    #[arg(long, value_name = "FILE", conflicts_with = "survey")]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60,
        requires = "checkpoint"
    )]
    every: u64,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Computes the quotient (or the survey) and prints it.
pub fn run(args: &QuotientArgs, out: &mut impl Write) -> Result<(), Failure> {
    let guard = Guard::new(args.limits.limits(None)?);
    match &args.rule {
        Some(rule) if !args.survey => run_one(args, rule, &guard, out),
        _ => run_survey(args, &guard, out),
    }
}

/// One rule's quotient: computed heap by heap with a progress bar, kept in the
/// checkpoint, and printed (the quotient of the heaps done when the run stops early).
fn run_one(
    args: &QuotientArgs,
    text: &str,
    guard: &Guard,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let rule = Rule::parse(text)?;
    let max_order = args.max_order.unwrap_or(DEFAULT_MAX_ORDER);
    let checkpoint = args.checkpoint.as_deref();
    let resumed = match checkpoint {
        Some(path) => QuotientRun::resume(path, &rule, max_order, None)?,
        None => None,
    };
    let mut run = match resumed {
        Some(run) => {
            let path = checkpoint.map_or_else(Default::default, |p| p.display().to_string());
            if run.heaps() > args.to {
                return Err(nimlab::Error::Unsupported(format!(
                    "the checkpoint `{path}` holds the quotient of heaps 0 to {}, beyond --to {}; ask for --to {} or more, or give another file",
                    run.heaps(),
                    args.to,
                    run.heaps()
                ))
                .into());
            }
            eprintln!(
                "nimlab: resuming from `{path}`, which holds heaps 0 to {}",
                run.heaps()
            );
            run
        }
        None => QuotientRun::new(&rule, max_order)?,
    };
    run.check_target(args.to)?;
    let bar = progress_bar(args.to, run.heaps());
    let every = Duration::from_secs(args.every);
    let mut saved = Instant::now();
    let mut save_error = None;
    let result = guard.run(|| {
        run.run_to(args.to, |r| {
            if let Some(b) = &bar {
                b.set_position(r.heaps());
                b.set_message(format!("order {}", r.order()));
            }
            if let Some(path) = checkpoint {
                if saved.elapsed() >= every && save_error.is_none() {
                    save_error = r.write_checkpoint(path).err();
                    saved = Instant::now();
                }
            }
        })
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(e) = save_error {
        return Err(e.into());
    }
    if let Some(path) = checkpoint {
        run.write_checkpoint(path)?;
        if result.is_err() {
            eprintln!(
                "nimlab: the quotient of heaps 0 to {} is kept in `{}`; run again to resume",
                run.heaps(),
                path.display()
            );
        }
    }
    let quotient = run.quotient();
    let stopped = result.as_ref().err().map(|e| e.to_string());
    if args.json {
        let object = serde_json::json!({
            "to": args.to,
            "complete": stopped.is_none(),
            "stopped": stopped,
            "max_order": max_order,
            "quotient": quotient,
        });
        serde_json::to_writer(&mut *out, &object).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        print_quotient(&rule, &quotient, args.to, out)?;
    }
    out.flush()?;
    match result {
        Ok(()) => Ok(()),
        Err(e) => {
            eprintln!(
                "nimlab: the run stopped before heap {} of {}: the quotient above is that of heaps 0 to {} only",
                run.heaps() + 1,
                args.to,
                run.heaps()
            );
            Err(e.into())
        }
    }
}

/// A progress bar for a run to heap `to` from heap `at`, on a terminal only.
fn progress_bar(to: u64, at: u64) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() || to <= at {
        return None;
    }
    let bar = ProgressBar::new(to);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] heap {pos}/{len}, {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_position(at);
    Some(bar)
}

/// How many heaps of the pretending function a line shows.
const PER_LINE: usize = 10;

/// The most heaps of the pretending function printed (the rest are in the JSON).
const MAX_SHOWN: usize = 2000;

/// Prints a quotient as text.
fn print_quotient(rule: &Rule, q: &Quotient, to: u64, out: &mut impl Write) -> io::Result<()> {
    let covered = if q.max_heap == to {
        format!("heaps 0 to {to}")
    } else {
        format!("heaps 0 to {} (of {to} asked for)", q.max_heap)
    };
    writeln!(out, "misère quotient of {}, {covered}", rule.label())?;
    writeln!(
        out,
        "order {}, |P| = {}, {} generator{}{}",
        q.order,
        q.p_portion.len(),
        q.generators.len(),
        if q.generators.len() == 1 { "" } else { "s" },
        if q.generators.is_empty() {
            String::new()
        } else {
            format!(": {}", q.generators.join(" "))
        }
    )?;
    if !q.relations.is_empty() {
        writeln!(out, "relations: {}", q.relations.join(", "))?;
    }
    writeln!(
        out,
        "P: {}",
        if q.p_portion.is_empty() {
            "(empty)".to_string()
        } else {
            q.p_portion.join(", ")
        }
    )?;
    let shown = match q.periodicity {
        Some(p) => ((p.preperiod + p.period) as usize).min(q.pretending.len()),
        None => q.pretending.len(),
    }
    .min(MAX_SHOWN);
    writeln!(
        out,
        "pretending function (the element of each heap, each line from the heap shown):"
    )?;
    let width = q.pretending[..shown]
        .iter()
        .map(|w| w.chars().count())
        .max()
        .unwrap_or(1);
    for start in (0..shown).step_by(PER_LINE) {
        let words: Vec<String> = q.pretending[start..(start + PER_LINE).min(shown)]
            .iter()
            .map(|w| format!("{w:<width$}"))
            .collect();
        writeln!(out, "  {start:>5}: {}", words.join(" ").trim_end())?;
    }
    if shown < q.pretending.len() {
        match q.periodicity {
            Some(p) if shown == (p.preperiod + p.period) as usize => writeln!(
                out,
                "  … and on with period {} (heaps {} to {} as the heap {} less)",
                p.period, shown, q.max_heap, p.period
            )?,
            _ => writeln!(
                out,
                "  … heaps {shown} to {} in the JSON output (--json)",
                q.max_heap
            )?,
        }
    }
    writeln!(
        out,
        "presentation changed at heap{}: {}",
        if q.changes.len() == 1 { "" } else { "s" },
        if q.changes.is_empty() {
            "none".to_string()
        } else {
            q.changes
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        }
    )?;
    match q.periodicity {
        Some(p) if p.proved => writeln!(
            out,
            "proved: the pretending function has period {} from heap {}, and heaps 0 to {} reach the bound of the periodicity theorem ({} values), so this is the quotient of every heap size",
            p.period,
            p.preperiod,
            q.max_heap,
            p.values_needed.map_or("?".into(), |v| v.to_string())
        ),
        Some(p) => writeln!(
            out,
            "observed only: period {} from heap {}{}; this is the quotient of heaps 0 to {} only",
            p.period,
            p.preperiod,
            match p.values_needed {
                Some(v) => format!(" (the periodicity theorem needs heaps 0 to {})", v - 1),
                None => " (the periodicity theorem does not apply to this rule)".into(),
            },
            q.max_heap
        ),
        None => writeln!(
            out,
            "no period seen: this is the quotient of heaps 0 to {} only",
            q.max_heap
        ),
    }
}

/// The survey: every code's quotient within the budget, printed as a table or JSON.
fn run_survey(args: &QuotientArgs, guard: &Guard, out: &mut impl Write) -> Result<(), Failure> {
    let default = SurveyBudget::default();
    let budget = SurveyBudget {
        max_order: args.max_order.unwrap_or(default.max_order),
        max_work: args.max_work.unwrap_or(default.max_work),
    };
    let survey = guard.run_showing("surveying misère quotients", || {
        survey_quotients(args.digits, args.to, budget)
    })?;
    if args.json {
        serde_json::to_writer(&mut *out, &survey).map_err(io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    print_survey(&survey, out)?;
    Ok(())
}

/// Prints a survey as a table.
fn print_survey(s: &QuotientSurvey, out: &mut impl Write) -> io::Result<()> {
    let codes = |keep: &dyn Fn(&&QuotientSurveyRow) -> bool| -> usize {
        s.rows.iter().filter(keep).map(|r| r.codes.len()).sum()
    };
    let finished = codes(&|r| r.stopped.is_none());
    let proved = codes(&|r| r.periodicity.is_some_and(|p| p.proved));
    writeln!(
        out,
        "{} octal codes with at most {} digit{}, misère quotients of heaps 0 to {}: {} distinct quotients; {finished} codes finished within the budget (order {}, {} units of work a code), {proved} proved final",
        s.codes,
        s.digits,
        if s.digits == 1 { "" } else { "s" },
        s.to,
        s.rows.len(),
        s.budget.max_order,
        s.budget.max_work
    )?;
    writeln!(
        out,
        "{:<28} {:>14} {:>5} {:>5} {:>7} {:>12}  status",
        "codes", "order", "|P|", "gens", "change", "period"
    )?;
    for r in &s.rows {
        let mut names = r.codes.join(" ");
        if names.chars().count() > 28 {
            let shown: Vec<&str> = r.codes.iter().take(3).map(|s| s.as_str()).collect();
            names = format!("{} (+{})", shown.join(" "), r.codes.len() - shown.len());
        }
        let order = match &r.stopped {
            Some(Stop::Order { heap, limit }) => format!("> {limit} at {heap}"),
            Some(stop) => format!("? at {}", stop.heap()),
            None => r.order.to_string(),
        };
        let period = r
            .periodicity
            .map_or("-".into(), |p| format!("{} from {}", p.period, p.preperiod));
        let status = match (&r.stopped, r.periodicity) {
            (Some(Stop::Order { .. }), _) => "order limit".to_string(),
            (Some(Stop::Work { heap, .. }), _) => {
                format!("work budget (order {} to heap {})", r.order, heap - 1)
            }
            (Some(Stop::Other { limit, .. }), _) => format!("limit: {limit}"),
            (None, Some(p)) if p.proved => "proved".into(),
            (None, Some(_)) => "observed".into(),
            (None, None) => "none".into(),
        };
        writeln!(
            out,
            "{:<28} {:>14} {:>5} {:>5} {:>7} {:>12}  {status}",
            names,
            order,
            r.p_size,
            r.generators,
            r.last_change.map_or("-".into(), |c| c.to_string()),
            period
        )?;
    }
    Ok(())
}
