//! The solver's memo: a dense table for positions the game numbers, and for the rest a
//! hash map behind a small direct-mapped cache of recent positions.

use rustc_hash::{FxBuildHasher, FxHashMap};
use std::hash::{BuildHasher, Hash};

/// Slots of the recent-position cache (a power of two; under 1 MiB for small positions).
const RECENT_SLOTS: usize = 1 << 15;

/// The largest dense table, in entries (4 bytes each: 256 MiB). Positions numbered beyond
/// it go to the hash map.
const DENSE_LIMIT: usize = 1 << 26;

/// Memoised values of positions.
///
/// When the game numbers its positions ([`ImpartialGame::dense_index`]), a value is kept
/// in a vector at that number: a look-up is one memory access instead of a hash and a
/// probe. Other positions are kept in a hash map. A search asks again and again for
/// positions it has just valued (the options of a position are mostly positions valued a
/// moment ago); a large hash map answers each question with a cache miss, so a small table
/// of the most recent positions, indexed by the same hash, stands in front of it and
/// answers most of them.
///
/// [`ImpartialGame::dense_index`]: super::ImpartialGame::dense_index
pub(crate) struct Memo<P> {
    map: FxHashMap<P, u64>,
    recent: Vec<Option<(P, u64)>>,
    /// Value + 1 of the position numbered i; 0 when unknown. Values that do not fit in
    /// 32 bits go to the map.
    dense: Vec<u32>,
    dense_count: usize,
}

impl<P: Clone + Eq + Hash> Memo<P> {
    pub(crate) fn new() -> Self {
        Memo {
            map: FxHashMap::default(),
            recent: Vec::new(),
            dense: Vec::new(),
            dense_count: 0,
        }
    }

    fn slot(pos: &P) -> usize {
        (FxBuildHasher.hash_one(pos) as usize) & (RECENT_SLOTS - 1)
    }

    /// The value of `pos`, whose dense number (if the game gives one) is `index`.
    pub(crate) fn get(&self, pos: &P, index: Option<usize>) -> Option<u64> {
        if let Some(i) = index.filter(|&i| i < DENSE_LIMIT) {
            return match self.dense.get(i) {
                Some(&d) if d != 0 => Some(u64::from(d - 1)),
                _ if self.map.is_empty() => None,
                _ => self.map.get(pos).copied(),
            };
        }
        if let Some(Some((p, v))) = self.recent.get(Self::slot(pos)) {
            if p == pos {
                return Some(*v);
            }
        }
        self.map.get(pos).copied()
    }

    /// Records the value of `pos`, whose dense number (if the game gives one) is `index`.
    pub(crate) fn insert(&mut self, pos: P, index: Option<usize>, value: u64) {
        if let (Some(i), Ok(v)) = (index.filter(|&i| i < DENSE_LIMIT), u32::try_from(value)) {
            if v < u32::MAX {
                if i >= self.dense.len() {
                    let len = (i + 1).max(2 * self.dense.len()).min(DENSE_LIMIT);
                    self.dense.resize(len, 0);
                }
                if self.dense[i] == 0 {
                    self.dense_count += 1;
                }
                self.dense[i] = v + 1;
                return;
            }
        }
        if self.recent.is_empty() {
            self.recent.resize(RECENT_SLOTS, None);
        }
        let slot = Self::slot(&pos);
        self.recent[slot] = Some((pos.clone(), value));
        self.map.insert(pos, value);
    }

    /// How many positions are memoised.
    pub(crate) fn len(&self) -> usize {
        self.map.len() + self.dense_count
    }

    /// Makes room in the map for `n` positions that are not numbered.
    pub(crate) fn reserve(&mut self, n: usize) {
        self.map.reserve(n);
    }

    pub(crate) fn clear(&mut self) {
        self.map.clear();
        self.recent.iter_mut().for_each(|s| *s = None);
        self.dense = Vec::new();
        self.dense_count = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_and_hashed_positions_and_large_values() {
        let mut m: Memo<u64> = Memo::new();
        m.insert(5, Some(5), 3);
        m.insert(7, None, 4);
        m.insert(9, Some(9), u64::from(u32::MAX)); // too large for the table: hashed
        m.insert(11, Some(DENSE_LIMIT + 1), 2); // numbered beyond the table: hashed
        assert_eq!(m.get(&5, Some(5)), Some(3));
        assert_eq!(m.get(&7, None), Some(4));
        assert_eq!(m.get(&9, Some(9)), Some(u64::from(u32::MAX)));
        assert_eq!(m.get(&11, Some(DENSE_LIMIT + 1)), Some(2));
        assert_eq!(m.get(&6, Some(6)), None);
        assert_eq!(m.get(&1_000, Some(1_000)), None);
        assert_eq!(m.len(), 4);
        m.insert(5, Some(5), 0);
        assert_eq!((m.get(&5, Some(5)), m.len()), (Some(0), 4));
        m.clear();
        assert_eq!((m.get(&5, Some(5)), m.len()), (None, 0));
    }
}
