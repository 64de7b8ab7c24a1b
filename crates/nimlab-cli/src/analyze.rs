//! `nimlab analyze`: outcome, value, winning moves and the explanation.

use crate::failure::Failure;
use crate::limits::{Guard, LimitArgs};
use clap::Args;
use nimlab::analysis::Analyzer;
use nimlab::games::{Arg, Catalogue};
use nimlab::limits::Limits;
use nimlab::Convention;
use nimlab::Origin;
use std::io::{self, Read, Write};
use std::time::Duration;

/// Options of `nimlab analyze`.
#[derive(Args)]
pub struct AnalyzeArgs {
    /// The game id and the position, e.g. `nim 3 5 7`; a sum of games is written with `+`
    /// between the parts (`subtraction:1-5 12 + subtraction:1-3 17`); a position of `-`
    /// is read from standard input.
    #[arg(
        required = true,
        allow_negative_numbers = true,
        value_name = "GAME POSITION"
    )]
    pub position: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// List at most this many winning moves (all are counted); `all` lists every one.
    /// By default up to 100, fewer for very long positions (about 10 MB of moves in all).
    #[arg(long, value_parser = parse_max_moves)]
    pub max_moves: Option<usize>,
    /// Partizan games: draw the position (where the game has a picture) and the
    /// thermograph of its value as an SVG picture into FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Chomp: read the outcome and every winning move from FILE, a database written by
    /// `nimlab solve chomp RxC --out FILE`, instead of computing the table of values (any
    /// position inside the database's rectangle).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["misere", "svg"])]
    pub db: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// How long `analyze` computes unless `--time-limit` says otherwise.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

fn parse_max_moves(s: &str) -> Result<usize, String> {
    if s == "all" {
        return Ok(usize::MAX);
    }
    s.parse::<usize>()
        .map_err(|_| format!("expected a whole number or `all`, not `{s}`"))
}

/// Reads the standard input as text.
///
/// # Errors
/// An input error (not an I/O error) when it is not valid UTF-8, naming the token.
fn read_stdin() -> Result<String, Failure> {
    let mut bytes = Vec::new();
    io::stdin().read_to_end(&mut bytes)?;
    String::from_utf8(bytes).map_err(|e| not_utf8(e.as_bytes(), e.utf8_error()).into())
}

/// The error for standard input that is not UTF-8: it names the token with the first
/// invalid byte (its bytes shown as far as they are text) and the byte itself.
fn not_utf8(bytes: &[u8], e: std::str::Utf8Error) -> nimlab::Error {
    let bad = e.valid_up_to();
    // The part before the bad byte is valid: the token starts after its last space.
    let valid = std::str::from_utf8(&bytes[..bad]).unwrap_or_default();
    let start = valid
        .char_indices()
        .rfind(|(_, c)| c.is_whitespace())
        .map_or(0, |(i, c)| i + c.len_utf8());
    let index = valid[..start].split_whitespace().count() + 1;
    let end = bytes[bad..]
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .map_or(bytes.len(), |k| bad + k);
    let token: String = String::from_utf8_lossy(&bytes[start..end])
        .chars()
        .take(40)
        .collect();
    nimlab::Error::Parse(nimlab::ParseError::Token {
        token,
        index,
        origin: Origin::StandardInput,
        expected: format!(
            "UTF-8 text: the standard input is not valid UTF-8 text (invalid byte {:#04x} at offset {bad})",
            bytes[bad]
        ),
    })
}

/// Runs the analysis and prints it.
pub fn run(args: &AnalyzeArgs, out: &mut impl Write) -> Result<(), Failure> {
    // Arguments are numbered from 1, the game id first, as in the library's messages.
    let dashes: Vec<usize> = (1..=args.position.len())
        .filter(|&i| args.position[i - 1] == "-")
        .collect();
    if let [_, second, ..] = dashes[..] {
        return Err(nimlab::Error::parse(
            "-",
            second,
            "a position: only one `-` (read from standard input) is allowed",
        )
        .into());
    }
    let stdin_text = if dashes.is_empty() {
        String::new()
    } else {
        read_stdin()?
    };
    let mut tokens: Vec<Arg<'_>> = Vec::new();
    for (i, t) in args.position.iter().enumerate() {
        if t == "-" {
            tokens.extend(
                stdin_text
                    .split_whitespace()
                    .enumerate()
                    .map(|(k, text)| Arg {
                        text,
                        index: k + 1,
                        origin: Origin::StandardInput,
                    }),
            );
        } else {
            tokens.push(Arg::new(t, i + 1));
        }
    }
    if tokens.is_empty() {
        // Only `-` was given, and nothing came in.
        return Err(nimlab::Error::missing(
            "the game and the position are missing (the standard input is empty)",
            "a game id followed by a position, e.g. `nim 3 5 7`",
        )
        .into());
    }
    let limits = args.limits.limits(Some(DEFAULT_TIME_LIMIT))?;
    if let Some(path) = &args.db {
        return from_database(path, &tokens, limits.memory, args.json, out);
    }
    let guard = Guard::new(limits);
    let game = Catalogue::standard().parse_game(&tokens)?;
    if args.svg.is_some() && !game.is_partizan() {
        return Err(nimlab::Error::Unsupported(format!(
            "--svg is for partizan games (`nimlab games` lists them); `{}` is impartial",
            tokens[0].text
        ))
        .into());
    }
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let max_moves = args.max_moves.unwrap_or_else(|| {
        let words: Vec<&str> = tokens.iter().map(|t| t.text).collect();
        nimlab::api::default_max_moves(game.is_partizan(), &words)
    });
    let mut analyzer = analyzer(&guard.limits());
    let analysis = guard.run(|| analyzer.analyze(&game, convention, max_moves))?;
    if let Some(path) = &args.svg {
        if let Some(svg) = guard.run(|| analyzer.picture(&game))? {
            std::fs::write(path, svg)
                .map_err(|e| Failure::Input(nimlab::heap::cannot_write(path, &e)))?;
        }
    }
    if args.json {
        serde_json::to_writer(&mut *out, &analysis).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", analysis.to_text(Some(MORE)))?;
    }
    Ok(())
}

/// Answers for a Chomp position from a database of outcomes, within `memory` bytes.
fn from_database(
    path: &std::path::Path,
    tokens: &[Arg<'_>],
    memory: Option<u64>,
    json: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    use nimlab::games::boards::chomp_tiers::{answer, read_database};
    if tokens[0].text != "chomp" {
        return Err(nimlab::Error::parse(
            tokens[0].text,
            tokens[0].index,
            "`chomp`: --db reads the outcomes of Chomp written by `nimlab solve chomp RxC --out FILE`",
        )
        .into());
    }
    let board = nimlab::games::chomp::read_board(&tokens[1..])?;
    let table = read_database(path, memory)?;
    let analysis = answer(&table, &board)?;
    if json {
        serde_json::to_writer(&mut *out, &analysis).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write!(out, "{analysis}")?;
    }
    Ok(())
}

/// What a list of moves cut short says: how to list more.
pub const MORE: &str = "see --max-moves";

/// An analyzer whose tables of partizan values take at most a quarter of the memory
/// limit.
pub fn analyzer(limits: &Limits) -> Analyzer {
    match limits.memory {
        None => Analyzer::new(),
        Some(bytes) => Analyzer::with_memory(usize::try_from(bytes / 4).unwrap_or(usize::MAX)),
    }
}
