//! `nimlab table`: the nim-addition table of the first nimbers.

use crate::failure::Failure;
use clap::{Args, ValueEnum};
use nimlab::calc::{NimTable, MAX_TABLE_SIZE};
use std::io::{self, Write};

/// Options of `nimlab table`.
#[derive(Args)]
pub struct TableArgs {
    /// The operation: `nim-sum`, the nim-addition table (*a + *b = *(a XOR b)).
    #[arg(value_enum)]
    operation: Operation,
    /// The size: rows and columns 0 … N − 1 (at most 256).
    #[arg(value_name = "N", value_parser = parse_size, allow_negative_numbers = true)]
    size: u64,
    /// Print JSON: the operation, the size, and the rows as arrays of numbers.
    #[arg(long)]
    json: bool,
}

/// The operations a table shows.
#[derive(Clone, Copy, ValueEnum)]
enum Operation {
    /// The nim-sum.
    NimSum,
}

/// Reads the size: a whole number ≥ 1 (the library refuses one past its limit).
fn parse_size(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "expected a whole number from 1 to {MAX_TABLE_SIZE}"
        )),
    }
}

/// Prints the table.
pub fn run(args: &TableArgs, out: &mut impl Write) -> Result<(), Failure> {
    let table = match args.operation {
        Operation::NimSum => NimTable::nim_sum(args.size)?,
    };
    if args.json {
        serde_json::to_writer(&mut *out, &table).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write!(out, "{table}")?;
    }
    Ok(())
}
