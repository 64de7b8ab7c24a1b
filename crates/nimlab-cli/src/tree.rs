//! `nimlab tree`: the game tree or the game graph of a position or of a Conway game.

use crate::failure::Failure;
use crate::limits::{Guard, LimitArgs};
use clap::Args;
use nimlab::calc::Session;
use nimlab::explore::{GameGraph, Shape};
use nimlab::games::{Arg, Catalogue};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

/// Options of `nimlab tree`.
#[derive(Args)]
pub struct TreeArgs {
    /// The game id and the position, as `nimlab analyze` reads them (`nim 1 3`,
    /// `domineering "..|.."`, a sum with `+`).
    #[arg(
        required_unless_present = "value",
        conflicts_with = "value",
        allow_negative_numbers = true,
        value_name = "GAME POSITION"
    )]
    position: Vec<String>,
    /// A Conway game in CGSuite's notation instead of a position (`{1|*}`, `^`, `3/4`):
    /// the tree of its canonical form.
    #[arg(long, value_name = "EXPR", allow_hyphen_values = true)]
    value: Option<String>,
    /// The game graph instead of the tree: every distinct position once.
    #[arg(long)]
    graph: bool,
    /// Print the nodes and edges as one JSON object.
    #[arg(long)]
    json: bool,
    /// Draw the tree (Left's moves down to the left, Right's down to the right) or the
    /// graph as an SVG picture into FILE (the printed output is unchanged).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
}

/// How long `tree` computes unless `--time-limit` says otherwise.
const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// Runs `nimlab tree`.
pub fn run(args: &TreeArgs, out: &mut impl Write) -> Result<(), Failure> {
    let guard = Guard::new(args.limits.limits(Some(DEFAULT_TIME_LIMIT))?);
    let shape = if args.graph {
        Shape::Graph
    } else {
        Shape::Tree
    };
    let graph = guard.run_showing("exploring", || -> Result<GameGraph, nimlab::Error> {
        match &args.value {
            Some(expression) => {
                let mut s = Session::new();
                let g = s.game_of(expression)?;
                GameGraph::of_value(&mut s.arena, g, shape)
            }
            None => {
                let tokens: Vec<Arg<'_>> = args
                    .position
                    .iter()
                    .enumerate()
                    .map(|(i, t)| Arg::new(t, i + 1))
                    .collect();
                let game = Catalogue::standard().parse_game(&tokens)?;
                GameGraph::of_game(&game, shape)
            }
        }
    })?;
    if let Some(path) = &args.svg {
        let svg = graph.svg().map_err(|e| match e {
            nimlab::Error::Limit(mut l) => {
                l.what = format!("--svg: {}", l.what);
                if shape == Shape::Tree {
                    l.limit = format!("{}; `--graph` merges equal positions", l.limit);
                }
                nimlab::Error::Limit(l)
            }
            e => e,
        })?;
        std::fs::write(path, svg)
            .map_err(|e| Failure::Input(nimlab::heap::cannot_write(path, &e)))?;
    }
    if args.json {
        serde_json::to_writer(&mut *out, &graph).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write!(out, "{graph}")?;
    }
    Ok(())
}
