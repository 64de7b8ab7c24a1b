//! Moves of impartial games read as a player types them: in the game's own notation, as
//! an edit of the position, as the move's description, or as the position it leads to.
//!
//! ```
//! use nimlab::games::Catalogue;
//! use nimlab::reading::impartial::read_move;
//! let sum = Catalogue::standard().parse_sum(&["nim", "3", "4", "5"]).unwrap();
//! let turn = read_move(&sum, "take 1 from heap 3").unwrap();
//! assert_eq!(turn.after.notation(), "3 4 4");
//! assert_eq!(read_move(&sum, "3-1").unwrap().after.notation(), "3 4 4");
//! assert!(read_move(&sum, "take 9 from heap 3").is_err());
//! ```

use crate::games::{Position, Sum, Turn};

/// Reads a move written as an edit of the position, for games without a move notation of
/// their own:
/// - `H-K`, `H+K`, `H=N`: entry H (from 1) of a position written as numbers goes down by
///   K, up by K, or becomes N; several at once separated by commas (`1-3,2-3` in Wythoff's
///   game, `2-3,1+3` in staircase Nim);
/// - `X>Y`: the piece written `X` (a coin's square, a rook's `3,5`) goes to `Y` (`6>1` in
///   Nimble, `3,5>1,5` for a rook, `4>2` for the golden dollar on 4);
/// - `5,2` in a row of coins written with `H` and `T`: turn coins 5 and 2.
///
/// The result must be one of the part's moves: the edited position, as the game writes
/// it. `None` when the text is no such edit.
fn read_edit(
    part: &dyn Position,
    text: &str,
) -> Option<std::result::Result<Box<dyn Position>, String>> {
    let notation = part.notation();
    let tokens: Vec<&str> = notation.split_whitespace().collect();
    let text = text.trim();
    let not_a_move = || Err("that is not a move of this game (`moves` lists them)".to_string());
    let options = || part.options().map_err(|e| e.to_string());
    if let Some((from, to)) = text.split_once('>') {
        let (from, to) = (from.trim(), to.trim());
        if from.is_empty() || to.is_empty() || from.contains(' ') || to.contains(' ') {
            return None;
        }
        // A piece with a mark after its square (the golden dollar's `4g`) keeps it.
        let at = tokens.iter().position(|t| *t == from).or_else(|| {
            tokens.iter().position(|t| {
                t.starts_with(from) && !t[from.len()..].starts_with(|c: char| c.is_ascii_digit())
            })
        });
        let Some(at) = at else {
            return Some(Err(format!("there is no `{from}` in `{notation}`")));
        };
        let mark = &tokens[at][from.len()..];
        let moved = if to.ends_with(mark) {
            to.to_string()
        } else {
            format!("{to}{mark}")
        };
        let mut wanted: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
        wanted[at] = moved;
        wanted.sort();
        let all = match options() {
            Ok(all) => all,
            Err(e) => return Some(Err(e)),
        };
        return Some(
            all.into_iter()
                .find(|m| {
                    let mut t: Vec<String> =
                        m.to.notation()
                            .split_whitespace()
                            .map(String::from)
                            .collect();
                    t.sort();
                    t == wanted
                })
                .map(|m| m.to)
                .map_or_else(not_a_move, Ok),
        );
    }
    if let [row] = tokens.as_slice() {
        if !row.is_empty() && row.chars().all(|c| c == 'H' || c == 'T') {
            let coins: Vec<usize> = text
                .split(',')
                .map(|x| x.trim().parse().ok())
                .collect::<Option<_>>()?;
            let mut flipped: Vec<char> = row.chars().collect();
            for &c in &coins {
                let Some(coin) = c.checked_sub(1).and_then(|i| flipped.get_mut(i)) else {
                    return Some(Err(format!(
                        "there is no coin {c}: coins 1 to {}",
                        row.len()
                    )));
                };
                *coin = if *coin == 'H' { 'T' } else { 'H' };
            }
            let wanted: String = flipped.into_iter().collect();
            let all = match options() {
                Ok(all) => all,
                Err(e) => return Some(Err(e)),
            };
            return Some(
                all.into_iter()
                    .find(|m| m.to.notation() == wanted)
                    .map(|m| m.to)
                    .map_or_else(not_a_move, Ok),
            );
        }
    }
    let numbers: Vec<u64> = tokens
        .iter()
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    let mut next = numbers.clone();
    for edit in text.split(',') {
        let edit = edit.trim();
        let op = edit.find(['-', '+', '='])?;
        let (h, k) = (edit[..op].trim(), edit[op + 1..].trim());
        let h: usize = h.parse().ok()?;
        let k: u64 = k.parse().ok()?;
        let Some(i) = h.checked_sub(1).filter(|&i| i < next.len()) else {
            return Some(Err(format!(
                "there is no entry {h}: the position has {} numbers, numbered from 1",
                next.len()
            )));
        };
        next[i] = match &edit[op..op + 1] {
            "-" => match next[i].checked_sub(k) {
                Some(v) => v,
                None => return Some(Err(format!("entry {h} is only {}", next[i]))),
            },
            "+" => next[i].saturating_add(k),
            _ => k,
        };
    }
    let wanted = crate::games::format_heaps(&next);
    let all = match options() {
        Ok(all) => all,
        Err(e) => return Some(Err(e)),
    };
    Some(
        all.into_iter()
            .find(|m| m.to.notation() == wanted)
            .map(|m| m.to)
            .map_or_else(not_a_move, Ok),
    )
}

/// Lower case, single spaces, no spaces around `-`, `,`, `:`, `/` and `+`, and `take all`
/// read as `take`: one pass over the text.
fn normal(text: &str) -> String {
    const SEPARATORS: [char; 5] = ['-', ',', ':', '/', '+'];
    let mut words = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !words.is_empty() {
            words.push(' ');
        }
        words.extend(word.chars().flat_map(char::to_lowercase));
    }
    let words = words.replace("take all ", "take ");
    let mut out = String::with_capacity(words.len());
    let mut chars = words.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ' '
            && (out.ends_with(SEPARATORS) || chars.peek().is_some_and(|n| SEPARATORS.contains(n)))
        {
            continue;
        }
        out.push(c);
    }
    out
}

/// Reads a move typed by a player: in the game's own notation (`b1-b3`, `4,3`), as its
/// description (`take 4 from heap 2`; what follows a comma may be left out), or as the
/// position it leads to. In a sum, a move in the game's notation may be prefixed by the
/// part's number and a colon (`2:b1-b3`).
///
/// # Errors
/// Why the text is not a legal move here.
pub fn read_move(sum: &Sum, text: &str) -> std::result::Result<Turn, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("type a move, or `help`".to_string());
    }
    // The game's own notation, part by part.
    let (part_given, rest) = match text.split_once(':') {
        Some((n, rest)) if sum.parts.len() > 1 => match n.trim().parse::<usize>() {
            Ok(k) if (1..=sum.parts.len()).contains(&k) => (Some(k - 1), rest),
            _ => (None, text),
        },
        _ => (None, text),
    };
    let mut reasons = Vec::new();
    for (i, part) in sum.parts.iter().enumerate() {
        if part_given.is_some_and(|k| k != i) {
            continue;
        }
        match part.read_move(rest) {
            Some(Ok(m)) => {
                return Ok(Turn {
                    part: i,
                    description: sum.in_part(i, m.description),
                    after: sum.after_move(i, m.to),
                });
            }
            Some(Err(reason)) => reasons.push(reason),
            None => match read_edit(&**part, rest) {
                Some(Ok(to)) => {
                    let notation = to.notation();
                    let found = part
                        .options()
                        .map_err(|e| e.to_string())?
                        .into_iter()
                        .find(|m| m.to.notation() == notation);
                    if let Some(m) = found {
                        return Ok(Turn {
                            part: i,
                            description: sum.in_part(i, m.description),
                            after: sum.after_move(i, m.to),
                        });
                    }
                }
                Some(Err(reason)) => reasons.push(reason),
                None => {}
            },
        }
    }
    // The descriptions and the positions the moves lead to, one part at a time: each
    // option's description and position are normalised once, and a whole sum is built
    // only for the move found (or, for a sum typed whole, for the moves compared).
    let wanted = normal(text);
    let (wanted_move, wanted_part) = match wanted.split_once(" (in part") {
        Some((base, rest)) => (base, Some(rest)),
        None => (wanted.as_str(), None),
    };
    let whole_sum = sum.parts.len() > 1 && wanted.contains('+');
    for (i, part) in sum.parts.iter().enumerate() {
        if let Some(rest) = wanted_part {
            if sum.parts.len() < 2
                || normal(&sum.in_part(i, String::new())) != format!("(in part{rest}")
            {
                continue;
            }
        }
        let options = match part.options() {
            Ok(options) => options,
            // The moves are too many to look up by name: the game's notation is the way.
            Err(e) => {
                return Err(match reasons.as_slice() {
                    [] => format!("`{text}` is not a move in this game's notation, and {e}"),
                    _ => format!("`{text}` is not a legal move here: {}", reasons.join("; ")),
                })
            }
        };
        for (k, m) in options.into_iter().enumerate() {
            if k % 1024 == 0 {
                crate::limits::check().map_err(|e| e.to_string())?;
            }
            let d = normal(&m.description);
            let found = d == wanted_move
                || d.split(',').next() == Some(wanted_move)
                || (wanted_part.is_none() && normal(&m.to.notation()) == wanted)
                || (whole_sum
                    && wanted_part.is_none()
                    && normal(&sum.after_move(i, m.to.boxed_clone()).notation()) == wanted);
            if found {
                return Ok(Turn {
                    part: i,
                    description: sum.in_part(i, m.description),
                    after: sum.after_move(i, m.to),
                });
            }
        }
    }
    Err(match reasons.as_slice() {
        [] => format!("`{text}` is not a legal move here (`moves` lists them)"),
        [one] => format!("`{text}` is not a legal move here: {one}"),
        many => format!("`{text}` is not a legal move here: {}", many.join("; ")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Catalogue;

    #[test]
    fn moves_are_read_in_every_form_and_refused_with_a_reason() {
        let cat = Catalogue::standard();
        let nim = cat.parse_sum(&["nim", "3", "5"]).unwrap();
        for text in [
            "2-1",
            "2=4",
            "take 1 from heap 2",
            "Take 1 from heap 2, leaving 4",
            "3 4",
        ] {
            assert_eq!(
                read_move(&nim, text).unwrap().after.notation(),
                "3 4",
                "{text}"
            );
        }
        assert!(read_move(&nim, "2-6")
            .unwrap_err()
            .contains("heap 2 has only 5"));
        assert!(read_move(&nim, "fly")
            .unwrap_err()
            .contains("not a legal move"));
        let sum = cat
            .parse_sum(&["taktix", "oo", "+", "chomp", "2x2"])
            .unwrap();
        assert_eq!(read_move(&sum, "2:2,2").unwrap().part, 1);
        assert_eq!(
            read_move(&sum, "a1-b1").unwrap().after.notation(),
            "taktix .. + chomp 2 2"
        );
        assert!(read_move(&sum, "1,1").unwrap_err().contains("poisoned"));
    }

    #[test]
    fn a_move_typed_with_its_part_or_as_the_whole_sum_is_found() {
        let cat = Catalogue::standard();
        let sum = cat.parse_sum(&["nim", "3", "+", "kayles", "4"]).unwrap();
        let whole = read_move(&sum, "nim 2 + kayles 4").unwrap();
        assert_eq!(
            (whole.part, whole.after.notation()),
            (0, "nim 2 + kayles 4".to_string())
        );
        let named = read_move(&sum, &whole.description).unwrap();
        assert_eq!(named.after.notation(), "nim 2 + kayles 4");
        // The same move named with the other part is not this move.
        let wrong = whole.description.replace("part 1", "part 2");
        assert!(read_move(&sum, &wrong).is_err(), "{wrong}");
    }

    /// The one-pass normal form against the rules it implements, applied one by one.
    fn normal_by_steps(text: &str) -> String {
        let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
        let mut s = words.join(" ").replace("take all ", "take ");
        for sep in ["-", ",", ":", "/", "+"] {
            s = s
                .replace(&format!(" {sep}"), sep)
                .replace(&format!("{sep} "), sep);
        }
        s
    }

    proptest::proptest! {
        #[test]
        fn the_normal_form_of_a_typed_move_is_the_one_of_its_rules(
            text in "(take|all|Heap|[0-9]{1,2}| |  |-|,|:|/|\\+|\\(in part)*{0,12}"
        ) {
            proptest::prop_assert_eq!(normal(&text), normal_by_steps(&text));
        }
    }

    #[test]
    fn a_text_that_is_no_move_among_many_is_refused() {
        // Found by fuzzing: each such line took seconds, the descriptions normalised with
        // a dozen copies each and a whole sum built for every move.
        let cat = Catalogue::standard();
        let nim = cat.parse_sum(&["nim", "100000"]).unwrap();
        let e = read_move(&nim, "take 1 from heap 2, leaving 5").unwrap_err();
        assert!(e.contains("not a legal move"), "{e}");
        let found = read_move(&nim, "take 99999 from heap 1").unwrap();
        assert_eq!(found.after.notation(), "1");
    }
}
