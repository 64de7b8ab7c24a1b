//! The size of a search: the positions reachable from a position and their moves.

use super::ImpartialGame;
use rustc_hash::FxHashSet;

/// How many positions can be reached from a position (itself included) and how many moves
/// there are among them: the size of a search from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    /// The positions reachable in any number of moves, the position itself included.
    pub positions: u64,
    /// The moves of all those positions together (moves to the same option counted once).
    pub moves: u64,
}

/// Counts the positions of `game` reachable from `start` and their moves, giving up with
/// `None` as soon as there are more than `max_positions` positions or `max_moves` moves.
///
/// ```
/// use nimlab::impartial::{reach, ImpartialGame, Reach};
/// /// Take 1 or 2 from a heap.
/// struct OneOrTwo;
/// impl ImpartialGame for OneOrTwo {
///     type Position = u64;
///     fn options(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].into_iter().filter(|&s| s <= n).map(|s| n - s));
///     }
/// }
/// // Heaps 0..=10; heap 1 has one move, heaps 2..=10 two each.
/// assert_eq!(reach(&OneOrTwo, &10, 100, 100), Some(Reach { positions: 11, moves: 19 }));
/// assert_eq!(reach(&OneOrTwo, &10, 10, 100), None);
/// assert_eq!(reach(&OneOrTwo, &10, 100, 18), None);
/// ```
pub fn reach<G: ImpartialGame>(
    game: &G,
    start: &G::Position,
    max_positions: u64,
    max_moves: u64,
) -> Option<Reach> {
    let mut counted = Reach {
        positions: 1,
        moves: 0,
    };
    if counted.positions > max_positions {
        return None;
    }
    let mut seen = FxHashSet::default();
    seen.insert(start.clone());
    let mut stack = vec![start.clone()];
    let mut options = Vec::new();
    let mut distinct = FxHashSet::default();
    while let Some(pos) = stack.pop() {
        options.clear();
        game.options(&pos, &mut options);
        distinct.clear();
        for o in options.drain(..) {
            if !distinct.insert(o.clone()) {
                continue;
            }
            counted.moves += 1;
            if counted.moves > max_moves {
                return None;
            }
            if seen.insert(o.clone()) {
                counted.positions += 1;
                if counted.positions > max_positions {
                    return None;
                }
                stack.push(o);
            }
        }
    }
    Some(counted)
}
