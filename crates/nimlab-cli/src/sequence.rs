//! `nimlab sequence`: the Grundy sequence of a heap rule, its period and proof.

use crate::failure::Failure;
use crate::limits::{Guard, LimitArgs};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use nimlab::heap::{
    cannot_write, resume_file, values_in_file, windowed_run, write_binary, AtomicFile, OnDisk,
    Rule, Run, RunEnd, Sequence, SequenceReport, MAX_WORK,
};
use nimlab::limits::Limits;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Options of `nimlab sequence`.
#[derive(Args)]
#[command(group(clap::ArgGroup::new("kept").args(["checkpoint", "on_disk"]).multiple(true)))]
pub struct SequenceArgs {
    /// The rule: a name (`kayles`, `dawson-kayles`, `dawson-chess`, `grundy`, `lasker`,
    /// `antigrundy`), a code (`0.77`, `octal:0.137`, `hex:0.F`, `4.3…`; a code without
    /// `hex:` is octal), or `subtraction:S`.
    rule: String,
    /// The largest heap: values G(0) … G(N) are computed (`2^20` and `10^6` are accepted).
    /// With `--prove`, the most heaps computed (by default 2^32 - 1).
    #[arg(long, value_name = "N", value_parser = parse_count, required_unless_present = "prove")]
    to: Option<u64>,
    /// Compute until a period is proved (the values are doubled and examined each time,
    /// and extended to the length a proof needs once a period appears),
    /// or `--to` is reached, or the work limit; then report.
    #[arg(long)]
    prove: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Write every value to FILE, one per line, heap 0 first (atomically: a temporary
    /// file renamed over FILE). A FILE that already holds more values is not replaced.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// With `--out`, write the compact binary format (see the README) instead of text.
    #[arg(long, requires = "out", conflicts_with = "window")]
    binary: bool,
    /// Keep every value in `--out` (in the binary format) as it is computed, and in memory
    /// only those of a window sized to `--memory` (or given by `--window`): for runs whose
    /// values do not fit in memory. A value that needs a split beyond the window is
    /// computed from the file. A checkpoint, FILE.resume, is written every `--every`
    /// seconds and when the run is stopped: the same command then resumes the run, and
    /// once the run has finished, reads FILE (checking its checksum) and reports without
    /// computing again.
    #[arg(long, requires = "out", conflicts_with_all = ["prove", "checkpoint"])]
    on_disk: bool,
    /// Keep the values of the heaps below W and of the last heaps only (about 4·W values),
    /// for runs whose values do not fit in memory: the values go to `--out` as they are
    /// computed, and the period is not looked for (unless one is proved within the first
    /// 2·W values: the rest are then the period's). Every rare heap must be below W, and
    /// the run stops at a value that needs a split beyond it.
    #[arg(
        long,
        value_name = "W",
        value_parser = parse_count,
        conflicts_with_all = ["prove", "checkpoint"]
    )]
    window: Option<u64>,
    /// Keep the values computed so far in FILE, written atomically every `--every`
    /// seconds and at the end; if FILE exists, the run resumes from it, and a FILE that
    /// already holds every value asked for is read and left as it is.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Run however long the computation is estimated to take (without it, runs estimated
    /// beyond the engine's work limit, about a quarter of an hour, are refused).
    #[arg(long)]
    long: bool,
    /// Seconds between checkpoints (of `--checkpoint` or `--on-disk`).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, requires = "kept")]
    every: u64,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Reads a count: digits (with `_` allowed), or `2^k`, or `10^k`.
fn parse_count(s: &str) -> Result<u64, String> {
    let expected = || format!("expected a whole number such as 10000, 2^20 or 10^6, not `{s}`");
    if let Some((base, exp)) = s.split_once('^') {
        let base: u64 = base.parse().map_err(|_| expected())?;
        let exp: u32 = exp.parse().map_err(|_| expected())?;
        return base
            .checked_pow(exp)
            .ok_or_else(|| format!("`{s}` is larger than 2^64 - 1"));
    }
    s.replace('_', "").parse().map_err(|_| expected())
}

/// Computes the sequence and prints its report.
pub fn run(args: &SequenceArgs, out: &mut impl Write) -> Result<(), Failure> {
    let rule = Rule::parse(&args.rule)?;
    let limits = args.limits.limits(None)?;
    let guard = Guard::new(limits);
    let memory = memory_limit(&limits);
    let target = args
        .to
        .unwrap_or(nimlab::heap::MAX_LENGTH - 1)
        .saturating_add(1);
    if let (true, Some(path)) = (args.on_disk, &args.out) {
        let memory = limits.memory.unwrap_or(u64::MAX);
        return guard.run(|| run_on_disk(args, &rule, target, path, memory, out));
    }
    if let Some(path) = &args.out {
        keep_longer(path, target)?;
    }
    if let Some(window) = args.window {
        return guard.run(|| run_windowed(args, rule, target, window, out));
    }
    let run = Run {
        prove: args.prove,
        unbounded: args.prove || args.long,
        checkpoint: args.checkpoint.as_deref(),
        every: Duration::from_secs(args.every),
        ..Run::to(target)
    };
    let (mut seq, held) = run.start(rule)?;
    if let (Some(held), Some(path)) = (held, &args.checkpoint) {
        let verb = if held >= target {
            "reading the values from"
        } else {
            "resuming from"
        };
        let kept = if held > target {
            " (it is kept as it is)"
        } else {
            ""
        };
        eprintln!(
            "nimlab: {verb} `{}`, which holds heaps 0 to {}{kept}",
            path.display(),
            held - 1
        );
    }
    if let Some(limit) = memory {
        run.check_memory(&seq, limit)?;
    }
    // A checkpoint that holds every value asked for is read, never shortened.
    let run = Run {
        checkpoint: run.checkpoint.filter(|_| held.is_none_or(|h| h < target)),
        ..run
    };
    guard.run(|| compute(&run, &mut seq))?;
    if let Some(path) = &args.out {
        write_values(path, &seq, args.binary)?;
    }
    let report = SequenceReport::new(&seq);
    print_report(&report, args.json, out)
}

/// The memory a run may take: the memory limit (`--memory`, `NIMLAB_MAX_MEMORY` or half of
/// the machine), or less when the system reports less memory available.
fn memory_limit(limits: &Limits) -> Option<u64> {
    let available = || {
        let info = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib.saturating_mul(1024))
    };
    match (limits.memory, available()) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Computes the values of a windowed run, writing them to `--out` as they come.
fn run_windowed(
    args: &SequenceArgs,
    rule: Rule,
    target: u64,
    window: u64,
    out: &mut impl Write,
) -> Result<(), Failure> {
    check_work(args, &rule, target)?;
    let mut file = match &args.out {
        Some(path) => Some(AtomicFile::create(path)?),
        None => None,
    };
    let bar = progress_bar(target, 0);
    let mut n = 0u64;
    let report = windowed_run(&rule, target, window, |v| {
        if let Some(w) = &mut file {
            writeln!(w, "{v}").map_err(|e| cannot_write(w.path(), &e))?;
        }
        n += 1;
        if n % (1 << 16) == 0 {
            if let Some(b) = &bar {
                b.set_position(n);
            }
        }
        Ok(())
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    // The values computed are kept even when the run stopped early: each of them is exact.
    if let Some(w) = file {
        keep_longer(w.path(), n)?;
        w.commit()?;
    }
    let report = report?;
    print_report(&report, args.json, out)
}

/// Computes the values of an on-disk run into `file`, resuming it when its checkpoint is
/// there, with a window sized to `memory` unless `--window` gives one.
fn run_on_disk(
    args: &SequenceArgs,
    rule: &Rule,
    target: u64,
    file: &Path,
    memory: u64,
    out: &mut impl Write,
) -> Result<(), Failure> {
    check_work(args, rule, target)?;
    let run = OnDisk {
        target,
        window: args.window.unwrap_or_else(|| OnDisk::window_for(memory)),
        file,
        every: Duration::from_secs(args.every),
    };
    let state = resume_file(file);
    let at = match run.resumes_from()? {
        Some(held) => {
            eprintln!(
                "nimlab: resuming from `{}`, whose file holds heaps 0 to {}",
                state.display(),
                held.saturating_sub(1)
            );
            held
        }
        None => {
            keep_longer(file, target)?;
            0
        }
    };
    let report = with_progress(target, at, |progress| run.run(rule, progress));
    match report {
        Ok(report) => print_report(&report, args.json, out),
        Err(e) => {
            if e.is_stopped() && state.exists() {
                eprintln!(
                    "nimlab: the values computed are kept in `{}`, with a checkpoint in `{}`; run the same command again to resume",
                    file.display(),
                    state.display()
                );
            }
            Err(e.into())
        }
    }
}

/// Refuses a run beyond the engine's work limit, unless `--long`.
fn check_work(args: &SequenceArgs, rule: &Rule, target: u64) -> Result<(), Failure> {
    let work = Sequence::new(rule.clone()).work(target);
    if work > MAX_WORK && !args.long {
        return Err(nimlab::Error::limit(
            format!(
                "the values of {} for heaps 0 to {}",
                rule.label(),
                target - 1
            ),
            format!(
                "{MAX_WORK} option values looked at (this needs about {work}); ask for fewer heap sizes, or run with --long"
            ),
        )
        .into());
    }
    Ok(())
}

/// Runs `work` with a progress bar from `at` to `target` heaps on a terminal (none
/// elsewhere), which it tells the number of heaps done; clears the bar at the end.
fn with_progress<T>(target: u64, at: u64, work: impl FnOnce(&mut dyn FnMut(u64)) -> T) -> T {
    let bar = progress_bar(target, at);
    let result = work(&mut |n| {
        if let Some(b) = &bar {
            b.set_position(n);
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    result
}

/// A progress bar for a run to `target` heaps from `at`, on a terminal only.
fn progress_bar(target: u64, at: u64) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() || target <= at {
        return None;
    }
    let bar = ProgressBar::new(target);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] heap {pos}/{len} ({per_sec}, about {eta} left)",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.set_position(at);
    Some(bar)
}

/// Refuses to replace the file `path` when it holds more values than the `writes` of this
/// run: a shorter run never destroys a longer one.
fn keep_longer(path: &Path, writes: u64) -> Result<(), Failure> {
    match values_in_file(path)? {
        Some(held) if held > writes => Err(nimlab::Error::Unsupported(format!(
            "`{}` already holds {held} values (heaps 0 to {}), more than the {writes} this run writes; it is kept: give another file, or remove it first",
            path.display(),
            held - 1
        ))
        .into()),
        _ => Ok(()),
    }
}

/// Extends `seq` as `run` says, with a progress bar on a terminal; says where the values
/// are kept when the run is stopped, and where an unbounded run halted.
fn compute(run: &Run<'_>, seq: &mut Sequence) -> Result<(), Failure> {
    let from = seq.len();
    let end = with_progress(run.target, from, |progress| run.extend(seq, progress));
    match end {
        Ok(RunEnd::Halted(e)) => {
            eprintln!("nimlab: stopped at heap {}: {e}", seq.len() - 1);
            Ok(())
        }
        Ok(RunEnd::Reached | RunEnd::Proved) => Ok(()),
        Err(e) => {
            if let (true, Some(path)) = (e.is_stopped(), run.checkpoint) {
                eprintln!(
                    "nimlab: the values of heaps 0 to {} are kept in `{}`; run again to resume",
                    seq.len().saturating_sub(1),
                    path.display()
                );
            }
            Err(e.into())
        }
    }
}

/// Writes the values to `path` atomically, as text or in the binary format.
fn write_values(path: &Path, seq: &Sequence, binary: bool) -> Result<(), Failure> {
    keep_longer(path, seq.len())?;
    let mut w = AtomicFile::create(path)?;
    let written = if binary {
        write_binary(&mut w, &seq.rule().to_string(), seq.values())
    } else {
        seq.values().iter().try_for_each(|v| writeln!(w, "{v}"))
    };
    written.map_err(|e| cannot_write(path, &e))?;
    w.commit()?;
    Ok(())
}

/// Prints the report as one JSON object or as text.
fn print_report(report: &SequenceReport, json: bool, out: &mut impl Write) -> Result<(), Failure> {
    if json {
        serde_json::to_writer(&mut *out, report).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write!(out, "{report}")?;
    }
    Ok(())
}
