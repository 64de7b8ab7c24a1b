//! `nimlab sequence`: the Grundy sequence of a heap rule, its period and proof.

use crate::Failure;
use clap::Args;
use nimlab::heap::{write_binary, Rule, Sequence, SequenceReport};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

/// Options of `nimlab sequence`.
#[derive(Args)]
pub struct SequenceArgs {
    /// The rule: a name (`kayles`, `dawson-kayles`, `dawson-chess`, `grundy`, `lasker`,
    /// `antigrundy`), a code (`0.77`, `octal:0.137`, `hex:0.F`, `4.3…`), or
    /// `subtraction:S`.
    rule: String,
    /// The largest heap: values G(0) … G(N) are computed (`2^20` and `10^6` are accepted).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    to: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Write every value to FILE, one per line, heap 0 first.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// With `--out`, write the compact binary format (see the README) instead of text.
    #[arg(long, requires = "out")]
    binary: bool,
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
    let mut seq = Sequence::new(rule);
    seq.extend_to(args.to.saturating_add(1))?;
    if let Some(path) = &args.out {
        write_values(path, &seq, args.binary)?;
    }
    let report = SequenceReport::new(&seq);
    if args.json {
        serde_json::to_writer(&mut *out, &report).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        print_text(&report, out)?;
    }
    Ok(())
}

fn write_values(path: &PathBuf, seq: &Sequence, binary: bool) -> Result<(), Failure> {
    let file = File::create(path).map_err(|e| {
        Failure::Input(nimlab::Error::Unsupported(format!(
            "cannot write `{}`: {e}",
            path.display()
        )))
    })?;
    let mut w = BufWriter::new(file);
    if binary {
        write_binary(&mut w, &seq.rule().to_string(), seq.values())?;
    } else {
        for v in seq.values().iter() {
            writeln!(w, "{v}")?;
        }
    }
    w.flush()?;
    Ok(())
}

fn print_text(r: &SequenceReport, out: &mut impl Write) -> io::Result<()> {
    let label = match r.name {
        Some(n) => format!("{n} ({})", r.rule),
        None => r.rule.clone(),
    };
    writeln!(out, "{label}: Grundy values of heaps 0 to {}", r.to)?;
    let first: Vec<String> = r.first_values.iter().map(|v| v.to_string()).collect();
    let more = if (r.first_values.len() as u64) <= r.to {
        " …"
    } else {
        ""
    };
    writeln!(out, "First values: {}{more}", first.join(" "))?;
    writeln!(
        out,
        "Largest value: {}, first at heap {}",
        r.max_value, r.max_at
    )?;
    const SHOWN: usize = 30;
    let shown: Vec<String> = r
        .p_positions
        .iter()
        .take(SHOWN)
        .map(|p| p.to_string())
        .collect();
    let tail = if r.p_count as usize > SHOWN {
        " …"
    } else {
        ""
    };
    writeln!(
        out,
        "P-positions (value 0): {}, the last at heap {}: {}{tail}",
        r.p_count,
        r.p_positions.last().map_or("-".into(), |p| p.to_string()),
        shown.join(" ")
    )?;
    writeln!(
        out,
        "Rare values (mask {:#b}: g AND NOT mask has an even number of 1s): {} heaps, the last at heap {}",
        r.rare.mask,
        r.rare.count,
        r.rare.last.map_or("-".into(), |p| p.to_string())
    )?;
    match (r.period, r.preperiod, r.saltus) {
        (Some(p), Some(n0), Some(s)) => {
            let shape = if s == 0 {
                format!("G(n + {p}) = G(n)")
            } else {
                format!("G(n + {p}) = G(n) + {s} (arithmetic, saltus {s})")
            };
            let status = match (r.proved, r.proof_needs) {
                (true, Some(b)) => format!(
                    "proved: the Guy–Smith periodicity theorem needs it for {n0} ≤ n < {}, and it holds there",
                    b - p
                ),
                (false, Some(b)) => format!(
                    "apparent up to heap {}; a proof needs the values up to heap {}",
                    r.to,
                    b - 1
                ),
                _ => format!(
                    "apparent up to heap {} (no periodicity theorem applies to this rule)",
                    r.to
                ),
            };
            writeln!(
                out,
                "Period: {p}, preperiod {n0}: {shape} for n ≥ {n0}; {status}."
            )?;
        }
        _ => writeln!(out, "Period: none found up to heap {}.", r.to)?,
    }
    Ok(())
}
