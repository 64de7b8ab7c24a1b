//! The graph of every position reachable from a start, for games whose play may loop.

use super::Graph;
use crate::{Error, Result};
use rustc_hash::FxHashMap;

/// A position that can be explored: told apart from others by a key, with the positions
/// one move away.
///
/// ```
/// use nimlab::loopy::{explore, Explorable};
/// // A counter that goes from n to n + 1 or n + 2, modulo 5: a graph with cycles.
/// struct Counter(u8);
/// impl Explorable for Counter {
///     fn key(&self) -> String { self.0.to_string() }
///     fn successors(&self) -> nimlab::Result<Vec<Counter>> {
///         Ok(vec![Counter((self.0 + 1) % 5), Counter((self.0 + 2) % 5)])
///     }
/// }
/// let e = explore(Counter(0), 100).unwrap();
/// assert_eq!(e.keys, ["0", "1", "2", "3", "4"]);
/// assert!(explore(Counter(0), 4).is_err());
/// ```
pub trait Explorable: Sized {
    /// A text that tells this position apart from every other one.
    fn key(&self) -> String;

    /// The position in words, for messages (the key unless said otherwise).
    fn name(&self) -> String {
        self.key()
    }

    /// Every position one move away, one for each move.
    ///
    /// # Errors
    /// When the moves cannot be listed (too many, a limit reached).
    fn successors(&self) -> Result<Vec<Self>>;
}

/// Every position reachable from a start, numbered from 0 (the start itself), told apart
/// by their keys, with the moves among them.
#[derive(Debug, Default)]
pub struct Explored {
    /// The key of each position.
    pub keys: Vec<String>,
    /// The moves.
    pub graph: Graph,
}

impl Explored {
    /// The number of a position, by its key.
    pub fn index(&self, key: &str) -> Option<usize> {
        self.keys.iter().position(|k| k == key)
    }
}

/// Explores every position reachable from `start`, breadth first, refusing with
/// [`Error::Limit`] once there are more than `max_positions`.
///
/// ```
/// use nimlab::games::Catalogue;
/// use nimlab::loopy::explore;
/// let sum = Catalogue::standard().parse_sum(&["nim", "1", "2"]).unwrap();
/// let e = explore(sum.clone(), 100).unwrap();
/// assert_eq!(e.keys.len(), 6);
/// assert!(explore(sum, 5).is_err());
/// ```
///
/// # Errors
/// [`Error::Limit`] beyond `max_positions`, and the errors of listing moves.
pub fn explore<P: Explorable>(start: P, max_positions: usize) -> Result<Explored> {
    let name = start.name();
    let mut index: FxHashMap<String, u32> = FxHashMap::default();
    let mut keys = vec![start.key()];
    index.insert(keys[0].clone(), 0);
    // A position is dropped once its moves are listed.
    let mut nodes: Vec<Option<P>> = vec![Some(start)];
    let mut moves: Vec<Vec<u32>> = Vec::new();
    let mut next = 0;
    while next < nodes.len() {
        crate::limits::check()?;
        let Some(node) = nodes[next].take() else {
            break;
        };
        let mut out = Vec::new();
        for after in node.successors()? {
            let k = after.key();
            let id = match index.get(&k) {
                Some(&id) => id,
                None => {
                    if keys.len() >= max_positions {
                        return Err(Error::limit(
                            format!("searching every position reachable from {name}"),
                            format!("{max_positions} positions"),
                        ));
                    }
                    let id = keys.len() as u32;
                    index.insert(k.clone(), id);
                    keys.push(k);
                    nodes.push(Some(after));
                    id
                }
            };
            out.push(id);
        }
        moves.push(out);
        next += 1;
    }
    Ok(Explored {
        keys,
        graph: Graph::from_moves(moves),
    })
}
