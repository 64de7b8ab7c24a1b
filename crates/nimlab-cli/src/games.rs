//! `nimlab games`: the catalogue.

use crate::failure::Failure;
use clap::Args;
use nimlab::games::{Catalogue, GameKind};
use std::io::{self, Write};

/// Options of `nimlab games`.
#[derive(Args)]
pub struct GamesArgs {
    /// Also show how each game's position is written.
    #[arg(long)]
    long: bool,
    /// Print one JSON array of the games (id, usage, kind, summary, position, example,
    /// start).
    #[arg(long)]
    json: bool,
}

/// Prints every game id with its rules in one line.
pub fn run(args: &GamesArgs, out: &mut impl Write) -> Result<(), Failure> {
    let games = Catalogue::standard().list();
    if args.json {
        serde_json::to_writer(&mut *out, &games).map_err(io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    let width = games.iter().map(|g| g.usage.len()).max().unwrap_or(10);
    let mut partizan_heading = false;
    for g in &games {
        if g.kind == GameKind::Partizan && !partizan_heading {
            writeln!(out)?;
            writeln!(
                out,
                "Partizan games (each player has moves of their own; values are Conway's games):"
            )?;
            partizan_heading = true;
        }
        writeln!(out, "{:<width$}  {}", g.usage, g.summary)?;
        if args.long {
            writeln!(out, "{:<width$}  position: {}", "", g.position)?;
        }
    }
    Ok(())
}
