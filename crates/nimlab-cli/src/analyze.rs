//! `nimlab analyze`: outcome, value, winning moves and the explanation.

use crate::limits::{Guard, LimitArgs};
use crate::Failure;
use clap::Args;
use nimlab::analysis::{analyze, Analysis};
use nimlab::games::{Arg, Catalogue};
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
    nimlab::Error::Parse {
        token,
        index,
        origin: Origin::StandardInput,
        expected: format!(
            "UTF-8 text: the standard input is not valid UTF-8 text (invalid byte {:#04x} at offset {bad})",
            bytes[bad]
        ),
    }
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
    let guard = Guard::new(limits);
    let catalogue = Catalogue::standard();
    if catalogue.is_partizan(tokens[0].text) {
        return crate::partizan::analyze(args, &catalogue, &tokens, &guard, out);
    }
    let sum = catalogue.parse_sum_args(&tokens)?;
    if args.svg.is_some() {
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
        let length: usize = tokens.iter().map(|t| t.text.len() + 1).sum();
        (10_000_000 / length.max(1)).clamp(1, 100)
    });
    let analysis = guard.run(|| analyze(&sum, convention, max_moves))?;
    if args.json {
        serde_json::to_writer(&mut *out, &analysis).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        print_text(&analysis, out)?;
    }
    Ok(())
}

/// Prints an analysis as text.
pub fn print_text(a: &Analysis, out: &mut dyn Write) -> io::Result<()> {
    let play = match a.convention {
        Convention::Normal => "",
        Convention::Misere => " (misère play: the last player to move loses)",
    };
    writeln!(out, "{} {}{play}", a.game, shorten(&a.position))?;
    writeln!(out, "{}", a.outcome.describe())?;
    if let Some(v) = &a.value {
        writeln!(out, "Value: {v}")?;
    }
    if let Some(v) = &a.loopy_value {
        writeln!(out, "Value: {v} (a generalised Sprague–Grundy value)")?;
    }
    if a.outcome == nimlab::Outcome::D {
        writeln!(
            out,
            "Winning moves: none (neither player can force a win; the game goes on forever)"
        )?;
    } else if a.winning_move_count == 0 && a.outcome == nimlab::Outcome::N {
        writeln!(
            out,
            "Winning moves: none needed: no move is possible, and in misère play the player who cannot move wins"
        )?;
    } else if a.winning_move_count == 0 {
        writeln!(
            out,
            "Winning moves: none (every move leaves a position the opponent wins)"
        )?;
    } else {
        writeln!(out, "Winning moves ({}):", a.winning_move_count)?;
        for m in &a.winning_moves {
            writeln!(out, "  {:<40} -> {}", m.description, shorten(&m.to))?;
        }
        let shown = a.winning_moves.len();
        if shown < a.winning_move_count {
            writeln!(
                out,
                "  … and {} more (see --max-moves)",
                a.winning_move_count - shown
            )?;
        }
    }
    for e in &a.explanation {
        writeln!(out)?;
        write!(out, "{e}")?;
    }
    Ok(())
}

/// Very long positions are shown by their ends, cut between tokens (heaps), never inside
/// one: about 90 characters of whole tokens at each end. Only a single token longer than
/// that at an end is cut itself.
fn shorten(s: &str) -> String {
    const MAX: usize = 200;
    const END: usize = 90;
    let chars = s.chars().count();
    if chars <= MAX {
        return s.to_string();
    }
    let tokens: Vec<&str> = s.split(' ').collect();
    let width = |t: &str| t.chars().count() + 1;
    // Whole tokens from the start, then from the end, each within END characters.
    let (mut head, mut used) = (0, 0);
    while head < tokens.len() && used + width(tokens[head]) <= END + 1 {
        used += width(tokens[head]);
        head += 1;
    }
    let (mut tail, mut used) = (tokens.len(), 0);
    while tail > head.max(1) && used + width(tokens[tail - 1]) <= END + 1 {
        used += width(tokens[tail - 1]);
        tail -= 1;
    }
    let start = if head == 0 {
        tokens[0].chars().take(END).collect()
    } else {
        tokens[..head].join(" ")
    };
    let end = if tail == tokens.len() {
        let last = tokens[tokens.len() - 1];
        let skip = last.chars().count().saturating_sub(END);
        last.chars().skip(skip).collect()
    } else {
        tokens[tail..].join(" ")
    };
    format!("{start} … {end} ({chars} characters)")
}

#[cfg(test)]
mod tests {
    use super::shorten;

    #[test]
    fn long_positions_are_cut_between_heaps() {
        // A position too long to print was cut in the middle of a heap: `173639281 …` for
        // the heap 1736392818365009963.
        let heap = "1736392818365009963";
        let position = vec![heap; 40].join(" ");
        let short = shorten(&position);
        let (shown, count) = short.rsplit_once(" (").unwrap();
        assert_eq!(count, format!("{} characters)", position.len()));
        let (start, end) = shown.split_once(" … ").unwrap();
        for part in [start, end] {
            assert!(part.split(' ').all(|t| t == heap), "{short}");
            assert!(part.len() <= 90 && part.len() > 60, "{short}");
        }
        // Heaps of every length, and a sum with its `+`.
        let mixed: Vec<String> = (0..300u64).map(|i| (i * i * 7919).to_string()).collect();
        let text = format!("{} + {}", mixed.join(" "), mixed.join(" "));
        let short = shorten(&text);
        let (shown, _) = short.rsplit_once(" (").unwrap();
        let (start, end) = shown.split_once(" … ").unwrap();
        assert!(text.starts_with(&format!("{start} ")), "{short}");
        assert!(text.ends_with(&format!(" {end}")), "{short}");
        // Short positions are left whole; a single enormous token is cut as it must be.
        assert_eq!(shorten("3 5 7"), "3 5 7");
        let board = "x".repeat(500);
        assert!(shorten(&board).starts_with(&"x".repeat(90)));
    }
}
