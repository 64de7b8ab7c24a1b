//! Retrograde analysis: who wins each position of a finite graph where play may loop,
//! and how long perfect play lasts.

use super::Graph;
use crate::Convention;
use crate::Outcome;
use serde::Serialize;
use std::collections::VecDeque;
use std::fmt;

/// The result of perfect play from a position of a loopy game, for the player to move.
///
/// `moves` is the remoteness: how many moves the game lasts when the winner wins as fast
/// as possible and the loser holds out as long as possible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase", tag = "result")]
pub enum Verdict {
    /// The player to move wins, in `moves` moves.
    Win {
        /// Moves until the end.
        moves: u32,
    },
    /// The player to move loses, after `moves` moves.
    Loss {
        /// Moves until the end.
        moves: u32,
    },
    /// Neither player can force a win: with perfect play the game never ends.
    Draw,
}

impl Verdict {
    /// The outcome class: `N` for a win of the player to move, `P` for a loss, `D`.
    ///
    /// ```
    /// use nimlab::loopy::Verdict;
    /// assert_eq!(Verdict::Loss { moves: 0 }.outcome(), nimlab::Outcome::P);
    /// assert_eq!(Verdict::Draw.outcome(), nimlab::Outcome::D);
    /// ```
    pub fn outcome(self) -> Outcome {
        match self {
            Verdict::Win { .. } => Outcome::N,
            Verdict::Loss { .. } => Outcome::P,
            Verdict::Draw => Outcome::D,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Win { moves } => write!(f, "won in {moves} moves"),
            Verdict::Loss { moves } => write!(f, "lost in {moves} moves"),
            Verdict::Draw => f.write_str("drawn"),
        }
    }
}

/// Solves every position of `graph` by retrograde analysis: positions without moves are
/// lost for the player to move (normal play) or won (misère play); a position is won if
/// some move leads to a lost position, lost if every move leads to a won position, and
/// drawn otherwise.
///
/// The positions are settled in order of remoteness, so a won position's remoteness is
/// one more than its fastest move to a lost position, and a lost position's is one more
/// than its slowest move. Runs in time linear in the size of the graph.
///
/// ```
/// use nimlab::Convention;
/// use nimlab::loopy::{retrograde, Graph, Verdict};
/// // 0 ⇄ 1 and 1 → 2 (no moves): 2 is lost, 1 wins by moving to 2, 0 must move to 1.
/// // 3 ⇄ 4 with no way out: a draw.
/// let g = Graph::from_moves(vec![vec![1], vec![0, 2], vec![], vec![4], vec![3]]);
/// let v = retrograde(&g, Convention::Normal);
/// assert_eq!(v[0], Verdict::Loss { moves: 2 });
/// assert_eq!(v[1], Verdict::Win { moves: 1 });
/// assert_eq!(v[2], Verdict::Loss { moves: 0 });
/// assert_eq!(v[3], Verdict::Draw);
/// ```
pub fn retrograde(graph: &Graph, convention: Convention) -> Vec<Verdict> {
    let n = graph.len();
    let preds = graph.predecessors();
    let mut verdict: Vec<Option<Verdict>> = vec![None; n];
    let mut left: Vec<u32> = (0..n).map(|i| graph.moves(i).len() as u32).collect();
    let mut queue = VecDeque::new();
    for (i, v) in verdict.iter_mut().enumerate() {
        if left[i] == 0 {
            *v = Some(match convention {
                Convention::Normal => Verdict::Loss { moves: 0 },
                Convention::Misere => Verdict::Win { moves: 0 },
            });
            queue.push_back(i);
        }
    }
    while let Some(q) = queue.pop_front() {
        let settled = verdict[q];
        for &p in preds.moves(q) {
            let p = p as usize;
            if verdict[p].is_some() {
                continue;
            }
            match settled {
                Some(Verdict::Loss { moves }) => {
                    verdict[p] = Some(Verdict::Win { moves: moves + 1 });
                    queue.push_back(p);
                }
                Some(Verdict::Win { moves }) => {
                    left[p] -= 1;
                    if left[p] == 0 {
                        verdict[p] = Some(Verdict::Loss { moves: moves + 1 });
                        queue.push_back(p);
                    }
                }
                _ => {}
            }
        }
    }
    verdict
        .into_iter()
        .map(|v| v.unwrap_or(Verdict::Draw))
        .collect()
}

/// The best move from position `i` of a solved graph: the fastest move to a lost position
/// when `i` is won, a move that keeps the draw when it is drawn, and the slowest move to
/// a won position when it is lost. `None` when `i` has no move.
///
/// ```
/// use nimlab::Convention;
/// use nimlab::loopy::{best_move, retrograde, Graph};
/// let g = Graph::from_moves(vec![vec![1], vec![0, 2], vec![], vec![4], vec![3]]);
/// let v = retrograde(&g, Convention::Normal);
/// assert_eq!(best_move(&g, &v, 1), Some(2));
/// assert_eq!(best_move(&g, &v, 3), Some(4));
/// ```
pub fn best_move(graph: &Graph, verdicts: &[Verdict], i: usize) -> Option<u32> {
    let moves = graph.moves(i);
    match verdicts[i] {
        Verdict::Win { .. } => moves
            .iter()
            .copied()
            .filter_map(|m| match verdicts[m as usize] {
                Verdict::Loss { moves } => Some((moves, m)),
                _ => None,
            })
            .min()
            .map(|(_, m)| m),
        Verdict::Draw => moves
            .iter()
            .copied()
            .find(|&m| verdicts[m as usize] == Verdict::Draw),
        Verdict::Loss { .. } => moves
            .iter()
            .copied()
            .filter_map(|m| match verdicts[m as usize] {
                Verdict::Win { moves } => Some((moves, m)),
                _ => None,
            })
            .max()
            .map(|(_, m)| m),
    }
}
