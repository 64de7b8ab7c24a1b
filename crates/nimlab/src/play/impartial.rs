//! Playing a position against a perfect opponent: the computer's choice with its reason
//! (the moves of a sum are [`Sum::turns`]; a move typed by a player is read by
//! [`crate::reading::impartial::read_move`]).
//!
//! ```
//! use nimlab::Convention;
//! use nimlab::games::Catalogue;
//! use nimlab::play::impartial::choose;
//! use nimlab::reading::impartial::read_move;
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
use crate::games::{Sum, Turn};
use crate::loopy::{Explorable, Verdict};
use crate::Convention;
use crate::{Outcome, Result};
use std::collections::{HashMap, HashSet};

/// The most positions the search for the longest defence looks at before it settles for
/// the move that leaves the most moves.
pub const REMOTENESS_BUDGET: usize = 20_000;

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

/// The computer's move in `sum`: a winning move when there is one; otherwise the move
/// that makes the game last longest when the positions ahead are few enough to search
/// ([`REMOTENESS_BUDGET`]), or else the move that leaves the most moves. `None` when no
/// move is possible.
///
/// # Errors
/// [`crate::Error::Limit`] when the analysis is beyond nimlab's limits.
pub fn choose(sum: &Sum, convention: Convention) -> Result<Option<Choice>> {
    choose_remembering(sum, convention, &mut Memory::default())
}

/// What the computer learned in the earlier moves of a game: the positions of a loopy
/// game whose positions ahead are too many to search whole ([`LOOPY_BUDGET`]).
///
/// Counting them costs as much as a search that gives up: 50,000 positions walked before
/// each move. But a position from which such a position can be reached can reach all
/// that one reaches, so it is too large as well; and in a loopy game the position two
/// moves back is usually such a one (the last two moves, both taken back). So before it
/// counts, the computer looks at the positions within two moves for one it has found too
/// large. This holds for a sum of one game, or of games whose positions do not say whose
/// turn it is (in a sum of those, a move in one part passes the turn in the others, and
/// the count is of each part alone); the memory is not used for the others.
///
/// ```
/// use nimlab::Convention;
/// use nimlab::games::Catalogue;
/// use nimlab::play::impartial::{choose_remembering, Memory};
/// // Northcott's game on three rows of ten squares: 2 · 45³ positions.
/// let board = "w....b..../..w....b../w........b";
/// let sum = Catalogue::standard().parse_sum(&["northcott", board]).unwrap();
/// let mut memory = Memory::default();
/// let first = choose_remembering(&sum, Convention::Normal, &mut memory).unwrap().unwrap();
/// assert_eq!(memory.len(), 1);
/// let second = choose_remembering(&first.turn.after, Convention::Normal, &mut memory)
///     .unwrap()
///     .unwrap();
/// assert_eq!((memory.len(), memory.recalled()), (2, 0));
/// // The start is two moves back from the position after the second move: that one is
/// // found too large without counting.
/// let third = choose_remembering(&second.turn.after, Convention::Normal, &mut memory).unwrap();
/// assert!(third.is_some());
/// assert_eq!((memory.len(), memory.recalled()), (3, 1));
/// ```
#[derive(Debug, Default)]
pub struct Memory {
    /// The keys ([`Sum::key`]) of the positions found too large.
    too_large: HashSet<String>,
    /// How many of them were found so by the memory, without counting.
    recalled: usize,
}

/// The most positions [`Memory`] looks at within two moves of a position, so that looking
/// stays far cheaper than counting.
const MEMORY_LOOK: usize = 5_000;

impl Memory {
    /// How many positions were found too large to search whole.
    pub fn len(&self) -> usize {
        self.too_large.len()
    }

    /// Whether no position was.
    pub fn is_empty(&self) -> bool {
        self.too_large.is_empty()
    }

    /// How many of them were found too large from the memory, without counting.
    pub fn recalled(&self) -> usize {
        self.recalled
    }

    /// Whether the memory applies to `sum` (see [`Memory`]).
    fn applies(sum: &Sum) -> bool {
        sum.parts.len() == 1 || sum.parts.iter().all(|p| p.turn_passed().is_none())
    }

    /// Whether `sum`, or a position within two moves of it, was found too large.
    fn reaches_too_large(&self, sum: &Sum) -> Result<bool> {
        if self.too_large.is_empty() || !Memory::applies(sum) {
            return Ok(false);
        }
        if self.too_large.contains(&sum.key()) {
            return Ok(true);
        }
        let mut looked = 0;
        let Some(next) = after_each_move(sum, &mut looked)? else {
            return Ok(false);
        };
        if next.iter().any(|s| self.too_large.contains(&s.key())) {
            return Ok(true);
        }
        for s in &next {
            let Some(further) = after_each_move(s, &mut looked)? else {
                return Ok(false);
            };
            if further.iter().any(|f| self.too_large.contains(&f.key())) {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The sums after each move of `sum` (as a search of the positions reachable lists them),
/// counted into `looked`; `None` when there are too many to list, or `looked` passes
/// [`MEMORY_LOOK`].
fn after_each_move(sum: &Sum, looked: &mut usize) -> Result<Option<Vec<Sum>>> {
    let next = match sum.successors() {
        Ok(next) => next,
        Err(crate::Error::Limit(_)) => return Ok(None),
        Err(e) => return Err(e),
    };
    *looked += next.len();
    Ok((*looked <= MEMORY_LOOK).then_some(next))
}

/// As [`choose`], remembering in `memory` what it found out on the way that later moves
/// of the same game can use ([`Memory`]).
///
/// # Errors
/// As [`choose`].
pub fn choose_remembering(
    sum: &Sum,
    convention: Convention,
    memory: &mut Memory,
) -> Result<Option<Choice>> {
    let loopy = sum.parts.iter().any(|p| p.is_loopy());
    if loopy {
        match choose_loopy(sum, convention, memory) {
            Err(crate::Error::Limit(_)) => {}
            other => return other,
        }
    }
    let analysis = analyze(sum, convention, 1)?;
    if let Some(w) = analysis.winning_moves.first() {
        let turn = match sum.turns_of_part(w.part) {
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
                        description: sum.in_part(w.part, m.description),
                        after: sum.after_move(w.part, m.to),
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
    let all = match sum.turns() {
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
            let n = t.after.turns().map_or(0, |m| m.len());
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
                        description: sum.in_part(i, m.description),
                        after: sum.after_move(i, m.to),
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
fn choose_loopy(sum: &Sum, convention: Convention, memory: &mut Memory) -> Result<Option<Choice>> {
    let recalled = memory.reaches_too_large(sum)?;
    if recalled || !fits(sum, LOOPY_BUDGET)? {
        memory.recalled += usize::from(recalled);
        if Memory::applies(sum) {
            memory.too_large.insert(sum.key());
        }
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
    let Some(turn) = sum.turns()?.into_iter().find(|t| &t.after.key() == key) else {
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
        let n = t.after.turns().map_or(0, |m| m.len());
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
        let all = sum.turns().ok()?;
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
            let all = sum.turns().unwrap();
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
    fn the_memory_of_positions_too_large_changes_no_move() {
        // Northcott's game on three rows of ten squares: 2 · 45³ positions, past the
        // budget of a whole search.
        let mut sum = Catalogue::standard()
            .parse_sum(&["northcott", "w....b..../..w....b../w........b"])
            .unwrap();
        let mut memory = Memory::default();
        for _ in 0..6 {
            let fresh = choose(&sum, Convention::Normal).unwrap().unwrap();
            let remembered = choose_remembering(&sum, Convention::Normal, &mut memory)
                .unwrap()
                .unwrap();
            assert_eq!(fresh.turn.after.key(), remembered.turn.after.key());
            assert_eq!(fresh.turn.description, remembered.turn.description);
            assert_eq!(
                (fresh.winning, &fresh.reason),
                (remembered.winning, &remembered.reason)
            );
            sum = fresh.turn.after;
        }
        // Counted at the first two positions only: each later one reaches the one two
        // moves back.
        assert_eq!((memory.len(), memory.recalled()), (6, 4));
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
}
