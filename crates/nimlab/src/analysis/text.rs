//! Analyses written as text, as `nimlab analyze` prints them.

use super::{Analysis, ImpartialAnalysis, MoveValue, PartizanAnalysis};
use crate::conway::rational_text;
use crate::games::ruleset::Side;
use crate::{Convention, Outcome};
use std::fmt::{self, Write};

impl Analysis {
    /// The analysis as text. A list of moves cut short ends with `… and N more`, followed
    /// by `more` in parentheses when given (a front end says there how to list them all).
    ///
    /// ```
    /// use nimlab::analysis::Analyzer;
    /// use nimlab::games::{Arg, Catalogue};
    /// use nimlab::Convention;
    /// let args = [Arg::new("nim", 1), Arg::new("3", 2), Arg::new("5", 3), Arg::new("7", 4)];
    /// let game = Catalogue::standard().parse_game(&args).unwrap();
    /// let a = Analyzer::new().analyze(&game, Convention::Normal, 1).unwrap();
    /// let text = a.to_text(Some("more with a larger limit"));
    /// assert!(text.starts_with("nim 3 5 7\nN-position: the player to move wins\nValue: *1\n"));
    /// assert!(text.contains("… and 2 more (more with a larger limit)"));
    /// assert_eq!(a.to_string(), a.to_text(None));
    /// ```
    pub fn to_text(&self, more: Option<&str>) -> String {
        let mut out = String::new();
        let written = match self {
            Analysis::Impartial(a) => impartial(a, more, &mut out),
            Analysis::Partizan(a) => partizan(a, more, &mut out),
            Analysis::Infinite(a) => write!(out, "{a}"),
        };
        written.expect("writing to a String cannot fail");
        out
    }
}

impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text(None))
    }
}

impl fmt::Display for ImpartialAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        impartial(self, None, &mut out)?;
        f.write_str(&out)
    }
}

impl fmt::Display for PartizanAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        partizan(self, None, &mut out)?;
        f.write_str(&out)
    }
}

/// `  … and N more (more)` after a list of `shown` moves of `count`.
fn cut(out: &mut String, shown: usize, count: usize, more: Option<&str>) -> fmt::Result {
    if shown < count {
        write!(out, "  … and {} more", count - shown)?;
        if let Some(more) = more {
            write!(out, " ({more})")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

fn impartial(a: &ImpartialAnalysis, more: Option<&str>, out: &mut String) -> fmt::Result {
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
    if a.outcome == Outcome::D {
        writeln!(
            out,
            "Winning moves: none (neither player can force a win; the game goes on forever)"
        )?;
    } else if a.winning_move_count == 0 && a.outcome == Outcome::N {
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
        cut(out, a.winning_moves.len(), a.winning_move_count, more)?;
    }
    for e in &a.explanation {
        writeln!(out)?;
        write!(out, "{e}")?;
    }
    Ok(())
}

fn partizan(a: &PartizanAnalysis, more: Option<&str>, out: &mut String) -> fmt::Result {
    writeln!(out, "{} {}", a.game, a.position)?;
    writeln!(out, "{}", a.outcome.describe())?;
    writeln!(out, "Value: {}", a.value)?;
    writeln!(
        out,
        "Mean {}, temperature {}; Left stop {}, Right stop {}",
        rational_text(&a.mean),
        rational_text(&a.temperature),
        a.left_stop,
        a.right_stop
    )?;
    if a.parts.len() > 1 {
        writeln!(out, "The sum of its parts (value, temperature):")?;
        for (i, p) in a.parts.iter().enumerate() {
            let hottest = if a.hottest == Some(i) {
                " (the hottest: a move there gains the most)"
            } else {
                ""
            };
            writeln!(
                out,
                "  {:<40} {:<12} {}{hottest}",
                format!("{} {}", p.game, p.position),
                p.value.to_string(),
                rational_text(&p.temperature)
            )?;
        }
    }
    let sides = [
        (
            "Left",
            "≥",
            &a.left_winning_moves,
            a.left_winning_count,
            a.left_move_count,
        ),
        (
            "Right",
            "≤",
            &a.right_winning_moves,
            a.right_winning_count,
            a.right_move_count,
        ),
    ];
    for (side, cmp, moves, count, all) in sides {
        if all == 0 {
            writeln!(out, "{side} has no move.")?;
            continue;
        }
        if count == 0 {
            writeln!(
                out,
                "{side}'s winning moves: none of {all} (each leaves a value not {cmp} 0)"
            )?;
            continue;
        }
        writeln!(
            out,
            "{side}'s winning moves ({count} of {all}; each leaves a value {cmp} 0):"
        )?;
        moves_text(moves, count, more, out)?;
    }
    Ok(())
}

fn moves_text(
    moves: &[MoveValue],
    count: usize,
    more: Option<&str>,
    out: &mut String,
) -> fmt::Result {
    for m in moves {
        writeln!(
            out,
            "  {:<12} -> {:<30} value {}",
            m.description, m.to, m.value
        )?;
    }
    cut(out, moves.len(), count, more)
}

impl PartizanAnalysis {
    /// Every move of `side` listed with the value it leaves, as text (the moves the
    /// analysis holds: at most the number it was asked for).
    ///
    /// ```
    /// use nimlab::analysis::analyze_partizan;
    /// use nimlab::games::{Arg, Catalogue};
    /// use nimlab::games::ruleset::Side;
    /// use nimlab::partizan::RulesetSolver;
    /// let args = [Arg::new("domineering", 1), Arg::new("..|..", 2)];
    /// let sum = Catalogue::standard().parse_partizan_sum_args(&args).unwrap();
    /// let a = analyze_partizan(&sum, &mut RulesetSolver::new(), 100).unwrap();
    /// assert_eq!(a.moves_text(Side::Right).lines().count(), 2);
    /// ```
    pub fn moves_text(&self, side: Side) -> String {
        let moves = match side {
            Side::Left => &self.left_moves,
            Side::Right => &self.right_moves,
        };
        let mut out = String::new();
        moves_text(moves, moves.len(), None, &mut out).expect("writing to a String cannot fail");
        out
    }
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
