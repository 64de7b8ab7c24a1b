//! The solver's memo: a hash map behind a small direct-mapped cache of recent positions.

use rustc_hash::{FxBuildHasher, FxHashMap};
use std::hash::{BuildHasher, Hash};

/// Slots of the recent-position cache (a power of two; under 1 MiB for small positions).
const RECENT_SLOTS: usize = 1 << 15;

/// Memoised values of positions.
///
/// A search asks again and again for positions it has just valued (the options of a
/// position are mostly positions valued a moment ago). A large hash map answers each
/// question with a cache miss; a small table of the most recent positions, indexed by the
/// same hash, stays in the processor's cache and answers most of them.
pub(crate) struct Memo<P> {
    map: FxHashMap<P, u64>,
    recent: Vec<Option<(P, u64)>>,
}

impl<P: Clone + Eq + Hash> Memo<P> {
    pub(crate) fn new() -> Self {
        Memo {
            map: FxHashMap::default(),
            recent: Vec::new(),
        }
    }

    fn slot(pos: &P) -> usize {
        (FxBuildHasher.hash_one(pos) as usize) & (RECENT_SLOTS - 1)
    }

    pub(crate) fn get(&self, pos: &P) -> Option<u64> {
        if let Some(Some((p, v))) = self.recent.get(Self::slot(pos)) {
            if p == pos {
                return Some(*v);
            }
        }
        self.map.get(pos).copied()
    }

    pub(crate) fn insert(&mut self, pos: P, value: u64) {
        if self.recent.is_empty() {
            self.recent.resize(RECENT_SLOTS, None);
        }
        let slot = Self::slot(&pos);
        self.recent[slot] = Some((pos.clone(), value));
        self.map.insert(pos, value);
    }

    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }

    pub(crate) fn reserve(&mut self, n: usize) {
        self.map.reserve(n);
    }

    pub(crate) fn clear(&mut self) {
        self.map.clear();
        self.recent.iter_mut().for_each(|s| *s = None);
    }
}
