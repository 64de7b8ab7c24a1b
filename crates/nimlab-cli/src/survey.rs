//! `nimlab survey octal`: every octal code up to a number of digits, tabulated.

use crate::failure::Failure;
use crate::limits::{Guard, LimitArgs};
use clap::{Args, ValueEnum};
use nimlab::heap::{survey_octal, SurveyRow};
use std::io::{self, Write};

/// The families a survey covers.
#[derive(Clone, Copy, ValueEnum)]
pub enum Family {
    /// Octal codes 0.d1…dk (with `--whole 4`, also 4.d1…dk).
    Octal,
}

/// Options of `nimlab survey`.
#[derive(Args)]
pub struct SurveyArgs {
    /// The family of games.
    family: Family,
    /// The most digits after the point.
    #[arg(long, default_value_t = 3)]
    digits: usize,
    /// The largest heap valued.
    #[arg(long, default_value_t = 10_000)]
    to: u64,
    /// The digit before the point: 0, or 4 to survey the codes 4.d1…dk as well.
    #[arg(long, default_value_t = 0, value_parser = parse_whole)]
    whole: u8,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Share the codes out among the processes of an MPI run (`mpirun -n 64 nimlab survey
    /// octal … --mpi`): rank 0 prints the table, the same as one process prints. Needs a
    /// nimlab built with MPI (`cargo build --release -p nimlab-cli --features mpi`).
    #[arg(long)]
    mpi: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

fn parse_whole(s: &str) -> Result<u8, String> {
    match s {
        "0" => Ok(0),
        "4" => Ok(4),
        _ => Err(format!("expected 0 or 4, not `{s}`")),
    }
}

/// Runs the survey and prints the table.
pub fn run(args: &SurveyArgs, out: &mut impl Write) -> Result<(), Failure> {
    let Family::Octal = args.family;
    if args.mpi {
        return run_mpi(args, out);
    }
    let guard = Guard::new(args.limits.limits(None)?);
    let rows = guard.run(|| survey_octal(args.digits, args.whole, args.to))?;
    print(&rows, args, out)
}

/// The survey dealt out to the ranks of an MPI run; rank 0 prints it. On an error every
/// rank ends with its exit status, and rank 0 alone says what it was, on which rank.
#[cfg(feature = "mpi")]
fn run_mpi(args: &SurveyArgs, out: &mut impl Write) -> Result<(), Failure> {
    use nimlab::cluster::{self, World};
    // MPI first, then the limits: the handler of Ctrl-C (and of the signal mpirun sends
    // when it is stopped) is nimlab's.
    let world = World::init()?;
    let guard = Guard::new(args.limits.limits(None)?);
    match guard.run(|| cluster::survey_octal(&world, args.digits, args.whole, args.to)) {
        Ok(Some(rows)) => print(&rows, args, out),
        Ok(None) => Ok(()),
        Err(failed) => crate::ranks::exit_on_failure(world, &failed),
    }
}

/// Without MPI built in, `--mpi` says how to build it.
#[cfg(not(feature = "mpi"))]
fn run_mpi(_: &SurveyArgs, _: &mut impl Write) -> Result<(), Failure> {
    Err(nimlab::Error::Unsupported(
        "this nimlab was built without MPI, so it cannot share a survey among processes (--mpi); build it with `cargo build --release -p nimlab-cli --features mpi` (it needs an MPI library such as OpenMPI's libopenmpi-dev, and libclang) and run it under `mpirun`".into(),
    )
    .into())
}

/// Prints the rows as a table, or as one JSON object.
fn print(rows: &[SurveyRow], args: &SurveyArgs, out: &mut impl Write) -> Result<(), Failure> {
    if args.json {
        let object = serde_json::json!({
            "family": "octal",
            "digits": args.digits,
            "to": args.to,
            "codes": rows.iter().map(|r| r.codes.len()).sum::<usize>(),
            "groups": rows,
        });
        serde_json::to_writer(&mut *out, &object).map_err(io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    print_table(rows, args, out)?;
    Ok(())
}

fn print_table(rows: &[SurveyRow], args: &SurveyArgs, out: &mut impl Write) -> io::Result<()> {
    let codes: usize = rows.iter().map(|r| r.codes.len()).sum();
    let proved = rows.iter().filter(|r| r.proved).count();
    writeln!(
        out,
        "{codes} octal codes with at most {} digits, heaps 0 to {}: {} distinct sequences, {proved} with a proved period",
        args.digits,
        args.to,
        rows.len()
    )?;
    writeln!(
        out,
        "{:<28} {:>8} {:>10} {:>6}  {:<10} first values",
        "codes", "period", "preperiod", "max", "status"
    )?;
    for r in rows {
        let mut names = r.codes.join(" ");
        if names.chars().count() > 28 {
            let shown: Vec<&str> = r.codes.iter().take(3).map(|s| s.as_str()).collect();
            names = format!("{} (+{})", shown.join(" "), r.codes.len() - shown.len());
        }
        let status = match (r.period, r.proved) {
            (Some(_), true) => "proved",
            (Some(_), false) => "apparent",
            (None, _) => "none found",
        };
        let first: Vec<String> = r
            .first_values
            .iter()
            .take(12)
            .map(|v| v.to_string())
            .collect();
        writeln!(
            out,
            "{:<28} {:>8} {:>10} {:>6}  {:<10} {}",
            names,
            r.period.map_or("-".into(), |p| p.to_string()),
            r.preperiod.map_or("-".into(), |p| p.to_string()),
            r.max_value,
            status,
            first.join(" ")
        )?;
    }
    Ok(())
}
