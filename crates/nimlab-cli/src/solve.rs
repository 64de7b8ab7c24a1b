//! `nimlab solve`: the outcome of every position of a game inside a bound, tier by tier,
//! into a database file (Chomp inside a rectangle).

use crate::failure::Failure;
use crate::limits::{Guard, LimitArgs};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use nimlab::games::boards::chomp_tiers::{solve, write_database, Outcomes, Staircases, TierReport};
use nimlab::games::{chomp::read_board, Arg};
use serde::Serialize;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Options of `nimlab solve`.
#[derive(Args)]
pub struct SolveArgs {
    /// The game: `chomp`.
    pub game: String,
    /// The bound: a rectangle `RxC` of R rows and C columns (e.g. `14x15`), every
    /// position inside it solved.
    pub bound: String,
    /// The database file to write (2 bits a position; read by `nimlab analyze chomp …
    /// --db FILE`).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Print each tier: its positions, P-positions, options looked up and time.
    #[arg(long)]
    pub tiers: bool,
    /// Also count, tier by tier, the options looked up that would lie in another share
    /// were every tier split into K shares (as on K machines).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub probe_shares: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Share every tier out among the processes of an MPI run (`mpirun -n 64 nimlab solve
    /// chomp … --mpi`): each rank solves its blocks of a tier, then every rank gathers the
    /// others'; rank 0 writes the file (the same file one process writes) and prints the
    /// summary. Needs a nimlab built with MPI (`cargo build --release -p nimlab-cli
    /// --features mpi`).
    #[arg(long)]
    pub mpi: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// What a solve did, as `--json` prints it.
#[derive(Serialize)]
struct Summary<'a> {
    game: &'a str,
    rows: usize,
    columns: usize,
    positions: u64,
    p_positions: u64,
    lookups: u64,
    seconds: f64,
    file: String,
    bytes: u64,
    probe_shares: Option<u64>,
    tiers: &'a [TierReport],
}

/// Solves and writes the database, and prints the summary.
pub fn run(args: &SolveArgs, out: &mut impl Write) -> Result<(), Failure> {
    if args.game != "chomp" {
        return Err(nimlab::Error::parse(
            &args.game,
            1,
            "a game that `nimlab solve` solves: `chomp` (`nimlab solve chomp RxC --out FILE`)",
        )
        .into());
    }
    if !args.bound.contains(['x', 'X', '×']) {
        return Err(nimlab::Error::parse(
            &args.bound,
            2,
            "a rectangle `RxC` (R rows and C columns, e.g. `14x15`)",
        )
        .into());
    }
    let board = read_board(&[Arg::new(&args.bound, 2)])?;
    let (rows, columns) = (board.len(), usize::from(board[0]));
    if args.mpi {
        return run_mpi(args, rows, columns, out);
    }
    let limits = args.limits.limits(None)?;
    let index = Staircases::new(rows, columns)?;
    let mut table = Outcomes::within(index, limits.memory)?;
    let guard = Guard::new(limits);
    let bar = progress_bar(table.positions());
    let start = Instant::now();
    let probe = args.probe_shares.map(|k| k as usize);
    let reports = guard.run(|| {
        solve(&mut table, probe, |r| {
            if let Some(b) = &bar {
                b.inc(r.positions);
                b.set_message(format!("tier {} of {}", r.tier, rows * columns));
            }
        })
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let reports = reports?;
    let seconds = start.elapsed().as_secs_f64();
    finish(args, &table, &reports, seconds, out)
}

/// Every tier shared out among the ranks of an MPI run; rank 0 writes the file and
/// prints the summary. On an error every rank ends with its exit status, and rank 0 alone
/// says what it was, on which rank.
#[cfg(feature = "mpi")]
fn run_mpi(
    args: &SolveArgs,
    rows: usize,
    columns: usize,
    out: &mut impl Write,
) -> Result<(), Failure> {
    use nimlab::cluster::{self, World};
    // MPI first, then the limits: the handler of Ctrl-C (and of the signal mpirun sends
    // when it is stopped) is nimlab's.
    let world = World::init()?;
    let limits = args.limits.limits(None)?;
    let memory = limits.memory;
    let index = Staircases::new(rows, columns)?;
    let guard = Guard::new(limits);
    let bar = progress_bar(index.total() - 1).filter(|_| world.is_root());
    let start = Instant::now();
    let probe = args.probe_shares.map(|k| k as usize);
    let solved = guard.run(|| {
        cluster::solve_chomp(&world, index, memory, probe, |r| {
            if let Some(b) = &bar {
                b.inc(r.positions);
                b.set_message(format!("tier {} of {}", r.tier, rows * columns));
            }
        })
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    match solved {
        Ok((table, reports)) if world.is_root() => {
            let seconds = start.elapsed().as_secs_f64();
            finish(args, &table, &reports, seconds, out)
        }
        Ok(_) => Ok(()),
        Err(failed) => crate::ranks::exit_on_failure(world, &failed),
    }
}

/// Without MPI built in, `--mpi` says how to build it.
#[cfg(not(feature = "mpi"))]
fn run_mpi(_: &SolveArgs, _: usize, _: usize, _: &mut impl Write) -> Result<(), Failure> {
    Err(nimlab::Error::Unsupported(
        "this nimlab was built without MPI, so it cannot share the tiers among processes (--mpi); build it with `cargo build --release -p nimlab-cli --features mpi` (it needs an MPI library such as OpenMPI's libopenmpi-dev, and libclang) and run it under `mpirun`".into(),
    )
    .into())
}

/// Writes the database and prints the summary.
fn finish(
    args: &SolveArgs,
    table: &Outcomes,
    reports: &[TierReport],
    seconds: f64,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let (rows, columns) = (table.index().rows(), table.index().columns());
    write_database(table, &args.out)?;
    let summary = Summary {
        game: "chomp",
        rows,
        columns,
        positions: table.positions(),
        p_positions: table.p_positions(),
        lookups: reports.iter().map(|r| r.lookups).sum(),
        seconds,
        file: args.out.display().to_string(),
        bytes: std::fs::metadata(&args.out).map_or(0, |m| m.len()),
        probe_shares: args.probe_shares,
        tiers: reports,
    };
    if args.json {
        serde_json::to_writer(&mut *out, &summary).map_err(io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    if args.tiers {
        print_tiers(&summary, out)?;
    }
    writeln!(
        out,
        "chomp {rows}x{columns}: {} positions, {} P-positions ({:.3}%), {} options looked up",
        summary.positions,
        summary.p_positions,
        100.0 * summary.p_positions as f64 / summary.positions as f64,
        summary.lookups
    )?;
    writeln!(
        out,
        "solved in {:.2} s; written to `{}` ({} bytes)",
        summary.seconds, summary.file, summary.bytes
    )?;
    Ok(())
}

/// One line a tier.
fn print_tiers(s: &Summary<'_>, out: &mut impl Write) -> io::Result<()> {
    let crossing = s.probe_shares.map(|k| format!("  crossing {k} shares"));
    writeln!(
        out,
        "tier  positions  P-positions  looked up{}  ms",
        crossing.as_deref().unwrap_or("")
    )?;
    for t in s.tiers {
        let cross = s
            .probe_shares
            .map_or(String::new(), |_| format!("  {}", t.crossing));
        writeln!(
            out,
            "{}  {}  {}  {}{cross}  {}",
            t.tier, t.positions, t.p_positions, t.lookups, t.millis
        )?;
    }
    Ok(())
}

/// A progress bar counting positions, on a terminal only.
fn progress_bar(total: u64) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} positions, {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    Some(bar)
}
