//! Moves of partizan games read as a player types them: the move's description (`a1-a2`,
//! with the part's number in a sum of several), or the position it leads to; a move that
//! is not legal is refused with the reason.
//!
//! ```
//! use nimlab::games::{Arg, Catalogue};
//! use nimlab::games::ruleset::Side;
//! use nimlab::reading::partizan::read_move;
//! let args = [Arg::new("hackenbush-string", 1), Arg::new("xoo", 2), Arg::new("x", 3)];
//! let sum = Catalogue::standard().parse_partizan_sum_args(&args).unwrap();
//! let typed = read_move(&sum, Side::Left, "2:1").unwrap();
//! assert_eq!(typed.after.notation(), "hackenbush-string xoo");
//! ```

use crate::games::ruleset::Side;
use crate::games::{PartizanSum, PartizanTurn};

/// Reads a move of `side` as a player types it: its description (`a1-a2`; in a sum of
/// several parts `2: a1-a2`, or without the part's number when only one part has that
/// move), or the position it leads to.
///
/// # Errors
/// Why the text is not a legal move, in words.
pub fn read_move(
    sum: &PartizanSum,
    side: Side,
    text: &str,
) -> std::result::Result<PartizanTurn, String> {
    let squash = squash_text;
    let wanted = squash(text);
    let moves = sum.moves(side);
    if moves.is_empty() {
        return Err(format!("{side} has no move"));
    }
    let several = sum.parts.len() > 1;
    let mut matches: Vec<PartizanTurn> = Vec::new();
    for m in moves {
        let bare = if several {
            m.description
                .split_once(": ")
                .map_or(m.description.as_str(), |(_, d)| d)
        } else {
            m.description.as_str()
        };
        let hit = squash(&m.description) == wanted
            || squash(bare) == wanted
            || squash(&m.after.position()) == wanted
            || squash(&m.after.notation()) == wanted;
        if hit {
            matches.push(m);
        }
    }
    match matches.len() {
        0 => Err(why_not_a_move(sum, side, text, &wanted, several)),
        1 => Ok(matches.remove(0)),
        _ => Err(format!(
            "`{}` is a move in several parts: put the part's number first, as in `{}`",
            text.trim(),
            matches[0].description
        )),
    }
}

/// Why `text` (squashed: `wanted`) is not a move of `side`'s in `sum`: a move of the other
/// player's, the ruleset's own reason (a square taken, a domino the wrong way), or that it
/// is none of the moves.
fn why_not_a_move(
    sum: &PartizanSum,
    side: Side,
    text: &str,
    wanted: &str,
    several: bool,
) -> String {
    let text = text.trim();
    let theirs = sum.moves(side.other()).into_iter().any(|m| {
        let bare = if several {
            m.description
                .split_once(": ")
                .map_or(m.description.as_str(), |(_, d)| d)
        } else {
            m.description.as_str()
        };
        squash_text(&m.description) == wanted || squash_text(bare) == wanted
    });
    if theirs {
        return format!(
            "`{text}` is a move of {}'s, and you play {side} (`moves` lists yours)",
            side.other()
        );
    }
    let (part, bare) = match text.split_once(':') {
        Some((k, rest)) if several => match k.trim().parse::<usize>() {
            Ok(k) if (1..=sum.parts.len()).contains(&k) => (Some(k - 1), rest),
            _ => (None, text),
        },
        _ if !several => (Some(0), text),
        _ => (None, text),
    };
    if let Some(reason) = part.and_then(|i| sum.parts[i].why_illegal(side, bare)) {
        return format!("`{text}` is not a move of {side}'s here: {reason}");
    }
    format!("`{text}` is not a move of {side}'s here (`moves` lists them)")
}

/// `s` without white space, in lower case: moves are compared so.
fn squash_text(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Arg, Catalogue};

    fn sum(tokens: &[&str]) -> PartizanSum {
        let args: Vec<Arg<'_>> = crate::games::args::number(tokens, 1);
        Catalogue::standard()
            .parse_partizan_sum_args(&args)
            .unwrap()
    }

    #[test]
    fn a_move_is_read_by_its_name_or_the_position_it_leads_to() {
        // Domineering on 1x2 and 2x1 boards: Left (vertical) can only play in the second.
        let s = sum(&["domineering", "..", "+", "domineering", ".|."]);
        let by_name = read_move(&s, Side::Left, "2: a2-a1").unwrap();
        assert_eq!(by_name.part, 1);
        assert_eq!(by_name.after.position(), ".. + #|#");
        // Left's only move: its name may leave the part out, spaces and case do not count.
        assert_eq!(read_move(&s, Side::Left, "A2 - A1").unwrap().part, 1);
        let by_position = read_move(&s, Side::Left, &by_name.after.position()).unwrap();
        assert_eq!(by_position.after.notation(), by_name.after.notation());
    }

    #[test]
    fn a_move_that_is_not_legal_is_refused_with_the_reason() {
        let s = sum(&["domineering", "..", "+", "domineering", ".|."]);
        // a1-b1 is Right's (horizontal) domino.
        let e = read_move(&s, Side::Left, "a1-b1").unwrap_err();
        assert!(e.contains("a move of Right's"), "{e}");
        let e = read_move(&s, Side::Right, "c1-d1").unwrap_err();
        assert!(e.contains("not a move of Right's"), "{e}");
        // Left has no move at all on one row.
        let row = sum(&["domineering", ".."]);
        let e = read_move(&row, Side::Left, "a2-a1").unwrap_err();
        assert_eq!(e, "Left has no move");
        // The same move in two equal parts needs the part's number.
        let two = sum(&["domineering", "..", "+", "domineering", ".."]);
        let e = read_move(&two, Side::Right, "a1-b1").unwrap_err();
        assert!(e.contains("several parts"), "{e}");
        assert_eq!(read_move(&two, Side::Right, "2:a1-b1").unwrap().part, 1);
    }
}
