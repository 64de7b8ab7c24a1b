//! `nimlab games`: the catalogue.

use crate::Failure;
use clap::Args;
use nimlab::games::Catalogue;
use std::io::Write;

/// Options of `nimlab games`.
#[derive(Args)]
pub struct GamesArgs {
    /// Also show how each game's position is written.
    #[arg(long)]
    long: bool,
}

/// Prints every game id with its rules in one line.
pub fn run(args: &GamesArgs, out: &mut impl Write) -> Result<(), Failure> {
    let cat = Catalogue::standard();
    let width = cat
        .entries()
        .iter()
        .map(|e| e.usage.len())
        .max()
        .unwrap_or(10);
    let width = cat
        .partizan_entries()
        .iter()
        .map(|e| e.usage.len())
        .fold(width, usize::max);
    for e in cat.entries() {
        writeln!(out, "{:<width$}  {}", e.usage, e.summary)?;
        if args.long {
            writeln!(out, "{:<width$}  position: {}", "", e.position)?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "Partizan games (each player has moves of their own; values are Conway's games):"
    )?;
    for e in cat.partizan_entries() {
        writeln!(out, "{:<width$}  {}", e.usage, e.summary)?;
        if args.long {
            writeln!(out, "{:<width$}  position: {}", "", e.position)?;
        }
    }
    Ok(())
}
