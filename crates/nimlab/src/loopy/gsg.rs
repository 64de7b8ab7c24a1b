//! Generalised Sprague–Grundy values of impartial games whose play may loop (Smith;
//! Fraenkel and Yesha).

use super::Graph;
use crate::Outcome;
use serde::{Serialize, Serializer};
use std::fmt;

/// The generalised Sprague–Grundy value of a position of a loopy impartial game: a
/// nimber `*g`, or `∞` with the set `K` of the finite values among its moves.
///
/// A position of finite value `g` plays like a Nim heap of `g` in any sum. A position of
/// value `∞K` is a win for the player to move when `0` is in `K` and a draw otherwise;
/// added to a position of finite value `h`, it is a win when `h` is in `K` and a draw
/// otherwise; two infinite parts always make a draw.
///
/// ```
/// use nimlab::loopy::GeneralizedValue;
/// let v = GeneralizedValue::Infinite(vec![0, 2]);
/// assert_eq!(v.to_string(), "∞{0,2}");
/// assert_eq!(v.outcome(), nimlab::Outcome::N);
/// assert_eq!(GeneralizedValue::Infinite(vec![1]).outcome(), nimlab::Outcome::D);
/// assert_eq!(GeneralizedValue::Finite(0).outcome(), nimlab::Outcome::P);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GeneralizedValue {
    /// A nimber `*g`.
    Finite(u64),
    /// `∞K`: the finite values among the moves, in increasing order.
    Infinite(Vec<u64>),
}

impl GeneralizedValue {
    /// The outcome class of a position of this value on its own.
    pub fn outcome(&self) -> Outcome {
        match self {
            GeneralizedValue::Finite(0) => Outcome::P,
            GeneralizedValue::Finite(_) => Outcome::N,
            GeneralizedValue::Infinite(k) if k.contains(&0) => Outcome::N,
            GeneralizedValue::Infinite(_) => Outcome::D,
        }
    }

    /// The finite value, if the value is finite.
    pub fn finite(&self) -> Option<u64> {
        match self {
            GeneralizedValue::Finite(g) => Some(*g),
            GeneralizedValue::Infinite(_) => None,
        }
    }
}

impl fmt::Display for GeneralizedValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeneralizedValue::Finite(0) => f.write_str("0"),
            GeneralizedValue::Finite(1) => f.write_str("*"),
            GeneralizedValue::Finite(g) => write!(f, "*{g}"),
            GeneralizedValue::Infinite(k) => {
                let list: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞{{{}}}", list.join(","))
            }
        }
    }
}

impl Serialize for GeneralizedValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    Open,
    Finite(u32),
    Infinite,
}

/// The generalised Sprague–Grundy value of every position of `graph`.
///
/// Level by level (`g` = 0, 1, 2, …), a position still open gets the value `g` when no
/// move reaches a position of value `g` and every move to a position still open (or of
/// value `∞`) can be answered by a move back to a position of value `g`; positions are
/// labelled one at a time, so each answer was labelled first (the counter function of
/// the theory). Open positions with no move to value `g` are then `∞`. Each level takes
/// time linear in the graph, and there are at most as many levels as the largest number
/// of moves from one position, plus one.
///
/// On a graph without cycles this is the ordinary Grundy value (the mex rule).
///
/// ```
/// use nimlab::loopy::{generalized_values, Graph, GeneralizedValue as V};
/// // 0 ⇄ 1 and 1 → 2 (no moves): 2 is 0, 1 is *1 and 0 is 0 (its move to 1 is
/// // answered by 1 → 2). 3 ⇄ 4 is a pure cycle: both ∞ with no finite move.
/// let g = Graph::from_moves(vec![vec![1], vec![0, 2], vec![], vec![4], vec![3]]);
/// let v = generalized_values(&g);
/// assert_eq!(v[..3], [V::Finite(0), V::Finite(1), V::Finite(0)]);
/// assert_eq!(v[3], V::Infinite(vec![]));
/// ```
pub fn generalized_values(graph: &Graph) -> Vec<GeneralizedValue> {
    let n = graph.len();
    let preds = graph.predecessors();
    let mut label = vec![Label::Open; n];
    let mut open = n;
    let mut need = vec![0u32; n];
    let mut blocked = vec![false; n];
    let mut covered = vec![false; n];
    let mut stack = Vec::new();
    let mut level = 0u32;
    while open > 0 {
        // Positions whose label is still open or infinite must be answered.
        let answerable = |l: Label| matches!(l, Label::Open | Label::Infinite);
        for u in 0..n {
            blocked[u] = false;
            covered[u] = false;
            if label[u] == Label::Open {
                need[u] = graph
                    .moves(u)
                    .iter()
                    .filter(|&&v| answerable(label[v as usize]))
                    .count() as u32;
                if need[u] == 0 {
                    stack.push(u);
                }
            }
        }
        let at_start = label.clone();
        while let Some(u) = stack.pop() {
            if label[u] != Label::Open || blocked[u] || need[u] != 0 {
                continue;
            }
            label[u] = Label::Finite(level);
            open -= 1;
            for &p in preds.moves(u) {
                let p = p as usize;
                blocked[p] = true;
                if covered[p] {
                    continue;
                }
                covered[p] = true;
                if !answerable(at_start[p]) {
                    continue;
                }
                for &q in preds.moves(p) {
                    let q = q as usize;
                    if label[q] == Label::Open {
                        need[q] -= 1;
                        if need[q] == 0 && !blocked[q] {
                            stack.push(q);
                        }
                    }
                }
            }
        }
        for u in 0..n {
            if label[u] == Label::Open && !blocked[u] {
                label[u] = Label::Infinite;
                open -= 1;
            }
        }
        level += 1;
    }
    (0..n)
        .map(|u| match label[u] {
            Label::Finite(g) => GeneralizedValue::Finite(u64::from(g)),
            _ => {
                let mut k: Vec<u64> = graph
                    .moves(u)
                    .iter()
                    .filter_map(|&v| match label[v as usize] {
                        Label::Finite(g) => Some(u64::from(g)),
                        _ => None,
                    })
                    .collect();
                k.sort_unstable();
                k.dedup();
                GeneralizedValue::Infinite(k)
            }
        })
        .collect()
}
