//! Walks over a game's followers that keep their own stack: the value of each follower is
//! found after those it needs (its options, usually), without recursion, so that games of
//! any depth — an ordinal sum `* : 10000`, a multiple `1000 * {3||2|1}` — are walked
//! with a few bytes of memory per follower and none of the call stack.

use super::Arena;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// What a walk's step says about a key.
pub(crate) enum Step<K, V> {
    /// Its value.
    Value(V),
    /// The keys whose values are needed first (the step is asked again once they are
    /// known).
    Needs(Vec<K>),
}

/// The value of `root`, each key's value found by `step` after the values of the keys it
/// needs, and kept in `memo` (which may hold values already). `step(a, memo, k, again)`
/// is asked first with `again == false`, and when it names keys it needs, asked again
/// with `again == true` once their values are in `memo`; then it must give the value.
///
/// `None` when the arena is interrupted (the values are then meaningless anyway).
pub(crate) fn walk<K, V>(
    a: &mut Arena,
    memo: &mut FxHashMap<K, V>,
    root: K,
    mut step: impl FnMut(&mut Arena, &FxHashMap<K, V>, K, bool) -> Step<K, V>,
) -> Option<V>
where
    K: Copy + Eq + Hash,
    V: Clone,
{
    let mut stack = vec![(root, false)];
    while let Some((k, again)) = stack.pop() {
        if a.interrupted() {
            return None;
        }
        if memo.contains_key(&k) {
            continue;
        }
        match step(a, memo, k, again) {
            Step::Value(v) => {
                memo.insert(k, v);
            }
            Step::Needs(keys) => {
                let missing: Vec<K> = keys.into_iter().filter(|d| !memo.contains_key(d)).collect();
                if again && missing.is_empty() {
                    // A step that needs nothing more must give its value.
                    return None;
                }
                stack.push((k, true));
                stack.extend(missing.into_iter().map(|d| (d, false)));
            }
        }
    }
    memo.get(&root).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::GameId;

    /// The depth of a game by a walk, on a chain far deeper than any call stack allows.
    #[test]
    fn a_walk_goes_deeper_than_the_call_stack() {
        let mut a = Arena::new();
        let (one, minus_one) = (a.integer(1), a.integer(-1));
        // {g | -1} from g = ±1: the Left option is never reversible (its Right option
        // -1 is no more than G, as G's own Right option -1 shows), so each is new.
        let mut g = a.game(vec![one], vec![minus_one]);
        for _ in 0..200_000 {
            g = a.game(vec![g], vec![minus_one]);
        }
        let mut memo: FxHashMap<GameId, u64> = FxHashMap::default();
        let depth = walk(&mut a, &mut memo, g, |a, memo, k, _| {
            let (l, r) = a.options(k);
            let all: Vec<GameId> = l.into_iter().chain(r).collect();
            if all.iter().all(|o| memo.contains_key(o)) {
                Step::Value(1 + all.iter().map(|o| memo[o]).max().unwrap_or(0))
            } else {
                Step::Needs(all)
            }
        });
        assert!(depth.is_some_and(|d| d > 200_000), "{depth:?}");
    }
}
