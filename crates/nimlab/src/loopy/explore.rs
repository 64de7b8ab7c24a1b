//! The graph of every position reachable from a sum of catalogue positions, for games
//! whose play may loop.

use super::Graph;
use crate::games::{Position, Sum};
use crate::{Error, Result};
use rustc_hash::FxHashMap;

/// Every position reachable from a sum, numbered from 0 (the sum itself), told apart by
/// their notation, with the moves among them.
#[derive(Debug, Default)]
pub struct Explored {
    /// The notation of each position.
    pub keys: Vec<String>,
    /// The moves.
    pub graph: Graph,
}

impl Explored {
    /// The number of a position, by its notation.
    pub fn index(&self, key: &str) -> Option<usize> {
        self.keys.iter().position(|k| k == key)
    }
}

/// The notation of a sum given as its parts.
fn key(parts: &[Box<dyn Position>]) -> String {
    parts
        .iter()
        .map(|p| format!("{} {}", p.game(), p.notation()))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Explores every position reachable from `sum`, refusing with [`Error::Limit`] once
/// there are more than `max_positions`.
///
/// ```
/// use nimlab::games::Catalogue;
/// use nimlab::loopy::explore;
/// let sum = Catalogue::standard().parse_sum(&["nim", "1", "2"]).unwrap();
/// let e = explore(&sum, 100).unwrap();
/// assert_eq!(e.keys.len(), 6);
/// assert!(explore(&sum, 5).is_err());
/// ```
///
/// # Errors
/// [`Error::Limit`] beyond `max_positions`, and the errors of listing moves.
pub fn explore(sum: &Sum, max_positions: usize) -> Result<Explored> {
    let mut index: FxHashMap<String, u32> = FxHashMap::default();
    let mut nodes: Vec<Vec<Box<dyn Position>>> = Vec::new();
    let start: Vec<Box<dyn Position>> = sum.parts.iter().map(|p| p.boxed_clone()).collect();
    let mut keys = vec![key(&start)];
    index.insert(keys[0].clone(), 0);
    nodes.push(start);
    let mut moves: Vec<Vec<u32>> = Vec::new();
    let mut next = 0;
    while next < nodes.len() {
        crate::limits::check()?;
        let parts = std::mem::take(&mut nodes[next]);
        let mut out = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            for m in part.options()? {
                let after = crate::games::parts_after_move(&parts, i, m.to);
                let k = key(&after);
                let id = match index.get(&k) {
                    Some(&id) => id,
                    None => {
                        if keys.len() >= max_positions {
                            return Err(Error::limit(
                                format!(
                                    "searching every position reachable from {}",
                                    sum.notation()
                                ),
                                format!("{max_positions} positions"),
                            ));
                        }
                        let id = keys.len() as u32;
                        index.insert(k.clone(), id);
                        keys.push(k);
                        nodes.push(after);
                        id
                    }
                };
                out.push(id);
            }
        }
        moves.push(out);
        next += 1;
    }
    Ok(Explored {
        keys,
        graph: Graph::from_moves(moves),
    })
}

/// The key `explore` gives a sum, for finding a position among the explored ones.
///
/// ```
/// use nimlab::games::Catalogue;
/// use nimlab::loopy::{explore, sum_key};
/// let sum = Catalogue::standard().parse_sum(&["nim", "1", "2"]).unwrap();
/// assert_eq!(explore(&sum, 100).unwrap().index(&sum_key(&sum)), Some(0));
/// ```
pub fn sum_key(sum: &Sum) -> String {
    key(&sum.parts)
}
