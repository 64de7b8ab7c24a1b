//! `nimlab calc`: an interactive calculator for Conway's games.

use crate::failure::Failure;
use crate::limits::{hint, Guard, LimitArgs};
use crate::lines::{Lines, Read};
use clap::Args;
use nimlab::calc::Session;
use std::io::{IsTerminal, Write};

/// Options of `nimlab calc`.
#[derive(Args)]
pub struct CalcArgs {
    /// Print each input line before its value (the default when reading a script).
    #[arg(long)]
    echo: bool,
    /// The limits of each line's computation (no time limit unless one is given).
    #[command(flatten)]
    limits: LimitArgs,
}

const HELP: &str = "\
Type an expression in CGSuite's notation and press Enter; its value is printed.
  games      0, 5, -3/4, *, *3, ^, vv, ^3*2, {1|0}, {3||2|1}, +-1, Tiny(2), Miny(1),
             ^<2>, v[3]*, 2Tiny(2)
  arithmetic g + h, g - h, -g, g +- h (g plus the switch +-h), 3 * g, g : h
             (ordinal sum), *(2+3)
  numbers    1/3, 2^100, 3^22/2^72, omega (or ω), 1/(omega+1), omega^omega, *omega
  compare    ==, !=, <=, >=, <, >, <| (less or confused), |> , <> (confused)
  methods    g.LeftOptions  g.RightOptions  g.LeftStop  g.RightStop  g.Birthday
             g.OutcomeClass  g.MisereOutcomeClass  g.Mean  g.Temperature
             g.Thermograph  g.Cool(t)  g.Heat(t)  g.Overheat(s,t)  g.Freeze
             g.Incentives  g.LeftIncentives  g.RightIncentives  g.AtomicWeight
             g.NortonProduct(u)  g.ReducedCanonicalForm  g.Companion  g.Pow(n)
             g.PowTo(n)  g.UptimalExpansion  g.FollowerCount  g.StopCount
             g.IsNumber  g.IsInteger  g.IsNimber  g.IsInfinitesimal  g.IsAllSmall
             g.IsNumberTiny  g.IsAtomic  g.IsEvenTempered  g.IsOddTempered
  misère     *[2#], *[2[2]], *[[2],0], *[g, 2] (CGSuite's notation); g + h, ==, !=;
             g.Genus  g.MisereNimValue  g.NimValue  g.MisereOutcomeClass  g.Mate
             g.Options  g.Parts  g.Partitions  g.Birthday  g.IsTame  g.IsRestive
             g.IsRestless  g.IsGenerallyTame  g.IsGenerallyRestive  g.IsHalfTame
             g.IsTameable  g.IsEven  g.IsPrime  g.IsNimHeap  g.IsExtraverted
             g.IsIntroverted  g.Link(h)  g.IsLinkedTo(h)  g.Distinguisher(h)
             g.MisereMinus(h);  *2.MisereCanonicalForm, *2.Genus
  variables  g := {1|0}   then use g
  commands   :help  this text;  :quit (or Ctrl-D)  leave
  Ctrl-C     drops the line being typed, or stops a long computation (the
             calculator forgets what that computation made and goes on)
The notation is described in docs/notation.md.";

/// Where the calculator keeps its history between sessions: `$NIMLAB_HISTORY`, or
/// `.nimlab_history` in the home folder.
fn history_file() -> Option<std::path::PathBuf> {
    if let Some(path) = std::env::var_os("NIMLAB_HISTORY") {
        return Some(path.into());
    }
    std::env::var_os("HOME").map(|home| std::path::Path::new(&home).join(".nimlab_history"))
}

/// Runs the calculator until `:quit` or the end of the input.
pub fn run(args: &CalcArgs, out: &mut impl Write) -> Result<(), Failure> {
    let terminal = std::io::stdin().is_terminal();
    let echo = args.echo || !terminal;
    let mut lines = Lines::open_with_history(terminal, history_file());
    let mut session = Session::new();
    // Each line computes under the limits; Ctrl-C during a computation stops it, and while
    // a line is being typed the line editor reads Ctrl-C itself.
    let guard = Guard::new(args.limits.limits(None)?);
    if terminal {
        writeln!(
            out,
            "nimlab calc: Conway's games in CGSuite's notation. `:help` lists what it knows."
        )?;
    }
    loop {
        out.flush()?;
        let line = match lines.next_line("> ")? {
            Read::Line(line) => line,
            Read::Interrupted => continue,
            Read::End => {
                lines.save_history();
                return Ok(());
            }
        };
        let text = line.trim();
        if text.is_empty() || text.starts_with("//") {
            continue;
        }
        if echo {
            writeln!(out, "> {}", echoed(text))?;
        }
        match text {
            ":quit" | ":q" | ":exit" => {
                lines.save_history();
                return Ok(());
            }
            ":help" | ":h" | "help" => writeln!(out, "{HELP}")?,
            _ => match guard.run_showing("computing", || session.run(text)) {
                Ok(v) => writeln!(out, "{v}")?,
                Err(e) => {
                    writeln!(out, "{}", crate::failure::message(&e))?;
                    if let Some(hint) = hint(&e) {
                        writeln!(out, "({hint})")?;
                    }
                }
            },
        }
    }
}

/// The most characters of a line echoed back; a longer line is shortened, with its length.
const MAX_ECHO: usize = 200;

/// A line as the calculator echoes it: whole, or its beginning and its length in bytes
/// when it is longer than [`MAX_ECHO`] characters.
fn echoed(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(MAX_ECHO) {
        None => text.into(),
        Some((end, _)) => format!("{}… ({} bytes)", &text[..end], text.len()).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_echoed_shortened() {
        assert_eq!(echoed("1 + 1"), "1 + 1");
        let long = "*+".repeat(1000);
        let e = echoed(&long);
        assert!(e.starts_with(&long[..MAX_ECHO]), "{e}");
        assert!(e.ends_with("… (2000 bytes)"), "{e}");
        assert_eq!(echoed(&"ω".repeat(300)).chars().count(), MAX_ECHO + 13);
    }
}
