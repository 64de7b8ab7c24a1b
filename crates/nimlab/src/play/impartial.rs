//! Playing a position against a perfect opponent: the legal moves of a sum, reading a
//! move as a player types it, and the computer's choice with its reason.
//!
//! ```
//! use nimlab::Convention;
//! use nimlab::games::Catalogue;
//! use nimlab::play::impartial::{choose, read_move};
//! let sum = Catalogue::standard().parse_sum(&["nim", "3", "4", "5"]).unwrap();
//! // The computer's move from 3 4 5 (nim-sum 2): take 2 from the heap of 3.
//! let choice = choose(&sum, Convention::Normal).unwrap().unwrap();
//! assert!(choice.winning);
//! assert_eq!(choice.turn.after.notation(), "1 4 5");
//! // A player's move, typed as its description or in the game's own notation.
//! let turn = read_move(&sum, "take 1 from heap 3").unwrap();
//! assert_eq!(turn.after.notation(), "3 4 4");
//! assert!(read_move(&sum, "take 9 from heap 3").is_err());
//! ```

use crate::analysis::analyze;
use crate::games::{Position, Sum};
use crate::loopy::Verdict;
use crate::Convention;
use crate::{Outcome, Result};
use std::collections::HashMap;

/// The most positions the search for the longest defence looks at before it settles for
/// the move that leaves the most moves.
pub const REMOTENESS_BUDGET: usize = 20_000;

/// A move of a sum: the part it is played in, the whole sum after it, and the move in
/// words.
#[derive(Debug)]
pub struct Turn {
    /// The part of the sum the move is played in (0-based).
    pub part: usize,
    /// The sum after the move.
    pub after: Sum,
    /// The move in words.
    pub description: String,
}

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

/// The computer's move and why it chose it.
#[derive(Debug)]
pub struct Choice {
    /// The move.
    pub turn: Turn,
    /// Whether it wins (leaves a position the other player loses).
    pub winning: bool,
    /// Why, in words.
    pub reason: String,
}

/// `sum` after a move in part `i` to `to`.
fn replaced(sum: &Sum, i: usize, to: Box<dyn Position>) -> Sum {
    sum.after_move(i, to)
}

/// Every legal move of `sum`, part by part.
///
/// # Errors
/// [`crate::Error::Limit`] when a part has too many moves to list.
pub fn moves(sum: &Sum) -> Result<Vec<Turn>> {
    let mut out = Vec::new();
    for i in 0..sum.parts.len() {
        out.extend(moves_of_part(sum, i)?);
    }
    Ok(out)
}

/// The move `description` in part `i` of `sum`, named with its part when there are
/// several.
fn in_part(sum: &Sum, i: usize, description: String) -> String {
    if sum.parts.len() > 1 {
        let part = &sum.parts[i];
        format!(
            "{description} (in part {}, {} {})",
            i + 1,
            part.game(),
            part.notation()
        )
    } else {
        description
    }
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
                    description: in_part(sum, i, m.description),
                    after: replaced(sum, i, m.to),
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
                            description: in_part(sum, i, m.description),
                            after: replaced(sum, i, m.to),
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
                || normal(&in_part(sum, i, String::new())) != format!("(in part{rest}")
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
                    && normal(&replaced(sum, i, m.to.boxed_clone()).notation()) == wanted);
            if found {
                return Ok(Turn {
                    part: i,
                    description: in_part(sum, i, m.description),
                    after: replaced(sum, i, m.to),
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

/// The computer's move in `sum`: a winning move when there is one; otherwise the move
/// that makes the game last longest when the positions ahead are few enough to search
/// ([`REMOTENESS_BUDGET`]), or else the move that leaves the most moves. `None` when no
/// move is possible.
///
/// # Errors
/// [`crate::Error::Limit`] when the analysis is beyond nimlab's limits.
pub fn choose(sum: &Sum, convention: Convention) -> Result<Option<Choice>> {
    let loopy = sum.parts.iter().any(|p| p.is_loopy());
    if loopy {
        match choose_loopy(sum, convention) {
            Err(crate::Error::Limit(_)) => {}
            other => return other,
        }
    }
    let analysis = analyze(sum, convention, 1)?;
    if let Some(w) = analysis.winning_moves.first() {
        let turn = match moves_of_part(sum, w.part) {
            Ok(all) => all.into_iter().find(|t| t.after.notation() == w.to),
            // Too many moves to list (Nim with a million counters): the winning move
            // comes from the part's moves to the value that makes the sum 0.
            Err(crate::Error::Limit(_)) => {
                let part = &sum.parts[w.part];
                // A single part known only by its closed form for P-positions: the
                // winning moves are its moves to value 0.
                let target = match &analysis.value {
                    Some(total) => &part.value()? + total,
                    None => crate::Nimber::default(),
                };
                part.moves_to_value(&target, 1)?
                    .moves
                    .into_iter()
                    .next()
                    .map(|m| Turn {
                        part: w.part,
                        description: in_part(sum, w.part, m.description),
                        after: replaced(sum, w.part, m.to),
                    })
            }
            Err(e) => return Err(e),
        };
        if let Some(turn) = turn {
            let reason = match (convention, &analysis.value) {
                (Convention::Normal, Some(v)) => format!(
                    "the position is worth {v}, not 0, so the player to move wins; this move leaves a position worth 0"
                ),
                _ => "this move leaves a position the other player loses".to_string(),
            };
            return Ok(Some(Choice {
                turn,
                winning: true,
                reason,
            }));
        }
    }
    let all = match moves(sum) {
        Ok(all) => all,
        Err(crate::Error::Limit(_)) => return some_move(sum).map(Some),
        Err(e) => return Err(e),
    };
    if all.is_empty() {
        return Ok(None);
    }
    let lost = match (convention, &analysis.value) {
        (Convention::Normal, Some(v)) => {
            format!("the position is worth {v}, so every move loses against perfect play")
        }
        _ => "every move leaves a position the other player wins".to_string(),
    };
    if loopy {
        return Ok(Some(hold_out(convention, all, &lost)?));
    }
    let mut search = Remoteness {
        convention,
        memo: HashMap::new(),
        budget: REMOTENESS_BUDGET,
    };
    let mut best: Option<(usize, u32)> = None;
    let mut exhausted = !fits(sum, REMOTENESS_BUDGET)?;
    if !exhausted {
        for (k, t) in all.iter().enumerate() {
            match search.remoteness(&t.after) {
                Some((_, r)) => {
                    if best.is_none_or(|(_, b)| r > b) {
                        best = Some((k, r));
                    }
                }
                None => {
                    exhausted = true;
                    break;
                }
            }
        }
    }
    let (k, reason) = if !exhausted && best.is_some() {
        let (k, r) = best.unwrap_or((0, 0));
        (k, format!("{lost}; this move makes the game last longest ({} more moves if the winner hurries)", r + 1))
    } else {
        // The move that leaves the most moves.
        let mut most = (0, 0);
        for (k, t) in all.iter().enumerate() {
            let n = moves(&t.after).map_or(0, |m| m.len());
            if n > most.1 {
                most = (k, n);
            }
        }
        (
            most.0,
            format!("{lost}; this move leaves the most moves ({})", most.1),
        )
    };
    let turn = all
        .into_iter()
        .nth(k)
        .ok_or_else(|| crate::Error::Unsupported("no move".into()))?;
    Ok(Some(Choice {
        turn,
        winning: false,
        reason,
    }))
}

/// A move of a sum whose moves are too many to list (Nim with a million counters), found
/// among the moves to a few values: a part worth `*g` has a move to every smaller value.
fn some_move(sum: &Sum) -> Result<Choice> {
    for (i, part) in sum.parts.iter().enumerate() {
        let Ok(v) = part.value() else { continue };
        let below = v.to_u64().unwrap_or(64).min(64);
        for t in (0..below).chain(below + 1..below + 16) {
            if let Some(m) = part
                .moves_to_value(&crate::Nimber::from(t), 1)?
                .moves
                .into_iter()
                .next()
            {
                return Ok(Choice {
                    turn: Turn {
                        part: i,
                        description: in_part(sum, i, m.description),
                        after: replaced(sum, i, m.to),
                    },
                    winning: false,
                    reason: "every move loses against perfect play (the moves are too many to compare them all)".to_string(),
                });
            }
        }
    }
    Err(crate::Error::limit(
        "choosing a move in a position whose moves are too many to list",
        format!("{} moves", crate::games::MAX_OPTIONS),
    ))
}

/// Whether the positions reachable from `sum` are at most `budget`, by the product of
/// its parts' (a sum has at most that many).
fn fits(sum: &Sum, budget: usize) -> Result<bool> {
    let budget = budget as u64;
    let mut size: u64 = 1;
    for p in &sum.parts {
        let parts = p.reach(budget, budget.saturating_mul(10))?;
        size = size.saturating_mul(parts.map_or(u64::MAX, |r| r.positions));
        if size > budget {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The most positions searched to play a loopy game by remoteness.
pub const LOOPY_BUDGET: usize = 50_000;

/// The computer's move in a game that can loop, from a retrograde analysis of every
/// position reachable (within [`LOOPY_BUDGET`]): the fastest win, a move that keeps a
/// draw, or the longest defence. Following the fastest win never loops.
fn choose_loopy(sum: &Sum, convention: Convention) -> Result<Option<Choice>> {
    if !fits(sum, LOOPY_BUDGET)? {
        return Err(crate::Error::limit(
            "searching a loopy game whole",
            format!("{LOOPY_BUDGET} positions"),
        ));
    }
    let explored = crate::loopy::explore(sum.clone(), LOOPY_BUDGET)?;
    let verdicts = crate::loopy::retrograde(&explored.graph, convention);
    let Some(best) = crate::loopy::best_move(&explored.graph, &verdicts, 0) else {
        return Ok(None);
    };
    let key = &explored.keys[best as usize];
    let Some(turn) = moves(sum)?.into_iter().find(|t| &t.after.key() == key) else {
        return Ok(None);
    };
    let n = explored.keys.len();
    let (winning, reason) = match (verdicts[0], verdicts[best as usize]) {
        (Verdict::Win { moves }, _) => (
            true,
            format!("of the {n} positions reachable, this one is won in {}; this move leaves the other player a lost position", plural(moves)),
        ),
        (Verdict::Draw, _) => (
            false,
            format!("of the {n} positions reachable, this one is a draw: neither player can force a win; this move keeps the draw"),
        ),
        (Verdict::Loss { moves }, _) => (
            false,
            format!("of the {n} positions reachable, this one is lost in {} against perfect play; this move makes the game last longest", plural(moves)),
        ),
    };
    Ok(Some(Choice {
        turn,
        winning,
        reason,
    }))
}

/// "1 move", "2 moves".
fn plural(moves: u32) -> String {
    if moves == 1 {
        "1 move".to_string()
    } else {
        format!("{moves} moves")
    }
}

/// For a loopy game too large to search whole and no winning move: a move to a drawn
/// position when there is one, else the move that leaves the most moves.
fn hold_out(convention: Convention, all: Vec<Turn>, lost: &str) -> Result<Choice> {
    let mut most = (0, 0);
    for (k, t) in all.iter().enumerate() {
        if matches!(outcome(&t.after, convention), Ok(Outcome::D)) {
            most = (k, usize::MAX);
            break;
        }
        let n = moves(&t.after).map_or(0, |m| m.len());
        if n > most.1 {
            most = (k, n);
        }
    }
    let reason = if most.1 == usize::MAX {
        "no move wins; this move leaves a drawn position".to_string()
    } else {
        format!("{lost}; this move leaves the most moves ({})", most.1)
    };
    let turn = all
        .into_iter()
        .nth(most.0)
        .ok_or_else(|| crate::Error::Unsupported("no move".into()))?;
    Ok(Choice {
        turn,
        winning: false,
        reason,
    })
}

/// The moves of part `i` of `sum` only.
fn moves_of_part(sum: &Sum, i: usize) -> Result<Vec<Turn>> {
    let part = &sum.parts[i];
    let options = part.options()?;
    let mut out = Vec::with_capacity(options.len());
    for (k, m) in options.into_iter().enumerate() {
        if k % 1024 == 0 {
            crate::limits::check()?;
        }
        out.push(Turn {
            part: i,
            after: replaced(sum, i, m.to),
            description: in_part(sum, i, m.description),
        });
    }
    Ok(out)
}

/// Remoteness (how many moves the game lasts with the winner hurrying and the loser
/// delaying) by search, within a budget of positions.
struct Remoteness {
    convention: Convention,
    /// Whether the player to move wins, and the remoteness, by the sum's notation.
    memo: HashMap<String, (bool, u32)>,
    budget: usize,
}

impl Remoteness {
    /// Whether the player to move wins `sum` and in how many moves the game ends;
    /// `None` past the budget.
    fn remoteness(&mut self, sum: &Sum) -> Option<(bool, u32)> {
        let key = sum.notation();
        if let Some(&r) = self.memo.get(&key) {
            return Some(r);
        }
        if self.memo.len() >= self.budget {
            return None;
        }
        let all = moves(sum).ok()?;
        let result = if all.is_empty() {
            (self.convention == Convention::Misere, 0)
        } else {
            let mut win: Option<u32> = None;
            let mut lose: u32 = 0;
            for t in &all {
                let (w, r) = self.remoteness(&t.after)?;
                if !w {
                    win = Some(win.map_or(r + 1, |b| b.min(r + 1)));
                } else {
                    lose = lose.max(r + 1);
                }
            }
            match win {
                Some(r) => (true, r),
                None => (false, lose),
            }
        };
        self.memo.insert(key, result);
        Some(result)
    }
}

/// The outcome of `sum` under `convention`, for a player.
///
/// # Errors
/// As [`analyze`].
pub fn outcome(sum: &Sum, convention: Convention) -> Result<Outcome> {
    Ok(analyze(sum, convention, 0)?.outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Catalogue;

    /// Plays the computer against a player who picks moves at random; the computer moves
    /// first when `computer_first`. Returns whether the computer won.
    fn game(tokens: &[&str], convention: Convention, computer_first: bool, seed: &mut u64) -> bool {
        let mut sum = Catalogue::standard().parse_sum(tokens).unwrap();
        let mut computers_turn = computer_first;
        loop {
            let all = moves(&sum).unwrap();
            if all.is_empty() {
                // The player to move cannot move: loses in normal play, wins in misère.
                return computers_turn == (convention == Convention::Misere);
            }
            if computers_turn {
                sum = choose(&sum, convention).unwrap().unwrap().turn.after;
            } else {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let k = (*seed >> 33) as usize % all.len();
                sum = all.into_iter().nth(k).unwrap().after;
            }
            computers_turn = !computers_turn;
        }
    }

    #[test]
    fn the_computer_wins_every_game_it_can_win() {
        let mut seed = 1;
        let positions: [(&[&str], Convention); 7] = [
            (&["nim", "1", "3", "5", "7"], Convention::Misere),
            (&["nim", "2", "3", "6"], Convention::Normal),
            (&["chomp", "3x4"], Convention::Normal),
            (&["taktix", "3x3"], Convention::Misere),
            (&["kubo", "120/011/002"], Convention::Normal),
            (
                &["green-hackenbush", "0-1", "1-2", "2-0", "1-3"],
                Convention::Normal,
            ),
            (&["kayles", "7", "+", "nim", "3"], Convention::Normal),
        ];
        for (tokens, convention) in positions {
            let sum = Catalogue::standard().parse_sum(tokens).unwrap();
            let first_wins = outcome(&sum, convention).unwrap() == Outcome::N;
            for round in 0..20 {
                // The computer moves first from an N-position, second from a P-position:
                // either way it can win, and must.
                assert!(
                    game(tokens, convention, first_wins, &mut seed),
                    "{tokens:?} game {round}"
                );
            }
        }
    }

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
