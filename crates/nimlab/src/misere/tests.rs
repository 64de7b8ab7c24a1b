//! Tests of misère canonical forms against a brute-force misère solver written here and
//! against CGSuite's own test values (MisereCanonicalGameTestCase, GameHeapTest).

use super::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

/// Game trees as explicit option lists (hash-consed: equal trees share an index; node 0 is
/// the empty game), with a memoised misère outcome search over sums of trees.
struct Trees {
    opts: Vec<Vec<usize>>,
    ids: HashMap<Vec<usize>, usize>,
    memo: HashMap<Vec<usize>, bool>,
    from_store: HashMap<MisereId, usize>,
}

impl Trees {
    fn new() -> Self {
        let mut t = Trees {
            opts: Vec::new(),
            ids: HashMap::new(),
            memo: HashMap::new(),
            from_store: HashMap::new(),
        };
        t.node(Vec::new());
        t
    }

    fn node(&mut self, mut o: Vec<usize>) -> usize {
        o.sort_unstable();
        o.dedup();
        if let Some(&i) = self.ids.get(&o) {
            return i;
        }
        self.opts.push(o.clone());
        self.ids.insert(o, self.opts.len() - 1);
        self.opts.len() - 1
    }

    /// Whether the sum of these trees is a misère P-position (the player to move loses;
    /// a player who cannot move wins).
    fn is_p(&mut self, comps: &[usize]) -> bool {
        let mut key: Vec<usize> = comps.iter().copied().filter(|&c| c != 0).collect();
        key.sort_unstable();
        if key.is_empty() {
            return false;
        }
        if let Some(&p) = self.memo.get(&key) {
            return p;
        }
        let mut p = true;
        'outer: for i in 0..key.len() {
            for o in self.opts[key[i]].clone() {
                let mut next = key.clone();
                next[i] = o;
                if self.is_p(&next) {
                    p = false;
                    break 'outer;
                }
            }
        }
        self.memo.insert(key, p);
        p
    }

    /// The tree of a canonical form of the store.
    fn of(&mut self, s: &MisereStore, g: MisereId) -> usize {
        if let Some(&t) = self.from_store.get(&g) {
            return t;
        }
        let kids: Vec<usize> = s.options(g).into_iter().map(|o| self.of(s, o)).collect();
        let t = self.node(kids);
        self.from_store.insert(g, t);
        t
    }

    /// Trees born by day n (all option sets of those born by day n − 1).
    fn born_by(&mut self, day: u32) -> Vec<usize> {
        let mut games = vec![0];
        for _ in 0..day {
            let prev = games.clone();
            games = (0..1u64 << prev.len())
                .map(|mask| {
                    let o = (0..prev.len())
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| prev[i])
                        .collect();
                    self.node(o)
                })
                .collect();
        }
        games
    }
}

/// The canonical form of a tree, from its options' canonical forms.
fn canon(
    s: &mut MisereStore,
    t: &Trees,
    tree: usize,
    memo: &mut HashMap<usize, MisereId>,
) -> MisereId {
    if let Some(&g) = memo.get(&tree) {
        return g;
    }
    let kids: Vec<MisereId> = t.opts[tree]
        .clone()
        .into_iter()
        .map(|o| canon(s, t, o, memo))
        .collect();
    let g = s.game(kids).unwrap();
    memo.insert(tree, g);
    g
}

/// The test set X: all games born by day 3 and the sums of two of them.
fn test_set(t: &mut Trees) -> Vec<Vec<usize>> {
    let day3 = t.born_by(3);
    let mut xs: Vec<Vec<usize>> = day3.iter().map(|&g| vec![g]).collect();
    for i in 0..day3.len() {
        for j in i..day3.len() {
            xs.push(vec![day3[i], day3[j]]);
        }
    }
    xs
}

fn equivalent(t: &mut Trees, a: &[usize], b: &[usize], xs: &[Vec<usize>]) -> bool {
    xs.iter().all(|x| {
        let mut pa = a.to_vec();
        pa.extend(x);
        let mut pb = b.to_vec();
        pb.extend(x);
        t.is_p(&pa) == t.is_p(&pb)
    })
}

#[test]
fn misere_counts_of_games_born_by_day_n() {
    let mut s = MisereStore::new();
    let mut t = Trees::new();
    let mut memo = HashMap::new();
    // 1, 2, 3, 5, 22 games born by days 0..4 (CGSuite asserts 22 by day 4).
    for (day, expect) in [(0, 1), (1, 2), (2, 3), (3, 5)] {
        let trees = t.born_by(day);
        let mut ids: Vec<MisereId> = trees
            .iter()
            .map(|&g| canon(&mut s, &t, g, &mut memo))
            .collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), expect, "day {day}");
    }
    let day3: Vec<MisereId> = {
        let trees = t.born_by(3);
        let mut ids: Vec<MisereId> = trees
            .iter()
            .map(|&g| canon(&mut s, &t, g, &mut memo))
            .collect();
        ids.sort();
        ids.dedup();
        ids
    };
    let mut day4 = Vec::new();
    for mask in 0..1u32 << day3.len() {
        let o = (0..day3.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| day3[i])
            .collect();
        day4.push(s.game(o).unwrap());
    }
    day4.sort();
    day4.dedup();
    assert_eq!(day4.len(), 22);
    assert!(day4.iter().all(|&g| s.birthday(g) <= 4));
}

#[test]
fn misere_canonical_forms_are_equivalent_to_their_games() {
    let mut s = MisereStore::new();
    let mut t = Trees::new();
    let mut memo = HashMap::new();
    let xs = test_set(&mut t);
    let day3 = t.born_by(3);
    let mut sample = day3.clone();
    let mut rng = StdRng::seed_from_u64(0x6d15e7e);
    for _ in 0..40 {
        let o: Vec<usize> = day3.iter().copied().filter(|_| rng.gen_bool(0.4)).collect();
        sample.push(t.node(o));
    }
    for &g in &sample {
        let c = canon(&mut s, &t, g, &mut memo);
        let ct = t.of(&s, c);
        assert!(
            equivalent(&mut t, &[g], &[ct], &xs),
            "tree {g}: {:?}",
            s.display(c)
        );
    }
    // Sums and mates of games born by day 3 (trees built here, not by the store).
    let small = &day3[..];
    for (i, &a) in small.iter().enumerate() {
        for &b in &small[i..] {
            let (ca, cb) = (
                canon(&mut s, &t, a, &mut memo),
                canon(&mut s, &t, b, &mut memo),
            );
            let sum = s.add(ca, cb).unwrap();
            let st = t.of(&s, sum);
            assert!(equivalent(&mut t, &[a, b], &[st], &xs));
        }
        let mate_tree = mate_tree(&mut t, a);
        let ca = canon(&mut s, &t, a, &mut memo);
        let m = s.mate(ca).unwrap();
        let mt = t.of(&s, m);
        assert!(equivalent(&mut t, &[mate_tree], &[mt], &xs));
    }
}

/// ONAG's mate, on trees: mate(0) = *, else {mate(G')}.
fn mate_tree(t: &mut Trees, g: usize) -> usize {
    if g == 0 {
        return t.node(vec![0]);
    }
    let kids: Vec<usize> = t.opts[g]
        .clone()
        .into_iter()
        .map(|o| mate_tree(t, o))
        .collect();
    t.node(kids)
}

#[test]
fn misere_distinct_forms_born_by_day_4_are_distinguished() {
    let mut s = MisereStore::new();
    let mut t = Trees::new();
    let mut memo = HashMap::new();
    let xs = test_set(&mut t);
    let trees = t.born_by(3);
    let mut day3: Vec<MisereId> = trees
        .iter()
        .map(|&g| canon(&mut s, &t, g, &mut memo))
        .collect();
    day3.sort();
    day3.dedup();
    let mut day4 = Vec::new();
    for mask in 0..1u32 << day3.len() {
        let o = (0..day3.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| day3[i])
            .collect();
        day4.push(s.game(o).unwrap());
    }
    day4.sort();
    day4.dedup();
    let day4_trees: Vec<usize> = day4.iter().map(|&g| t.of(&s, g)).collect();
    // The test set widened by the day-4 forms, alone and plus a game born by day 3.
    let mut xs = xs;
    for &d in &day4_trees {
        xs.push(vec![d]);
        for &e in &trees {
            xs.push(vec![d, e]);
        }
    }
    for i in 0..day4.len() {
        for j in i + 1..day4.len() {
            assert!(
                !equivalent(&mut t, &[day4_trees[i]], &[day4_trees[j]], &xs),
                "{} and {} not distinguished",
                s.display(day4[i]).unwrap(),
                s.display(day4[j]).unwrap()
            );
        }
    }
}

/// The game reductions of the notes (§1): {*} = 0, {*, *2} = 0, {*, *2, *3} = 0,
/// {0, *2} = *, * + * = 0, {*2} ≠ 0.
#[test]
fn misere_reductions_of_the_notes() {
    let mut s = MisereStore::new();
    let h: Vec<MisereId> = (0..4).map(|n| s.nim_heap(n).unwrap()).collect();
    assert_eq!(s.game(vec![h[1]]).unwrap(), h[0]);
    assert_eq!(s.game(vec![h[1], h[2]]).unwrap(), h[0]);
    assert_eq!(s.game(vec![h[1], h[2], h[3]]).unwrap(), h[0]);
    assert_eq!(s.game(vec![h[0], h[2]]).unwrap(), h[1]);
    assert_eq!(s.add(h[1], h[1]).unwrap(), h[0]);
    assert_ne!(s.game(vec![h[2]]).unwrap(), h[0]);
}

/// The notes' brute-force claims: {*2} and 0 are told apart by a game born by day 3 or
/// a sum of two such, while {*}, {*, *2} and 0 are not.
#[test]
fn misere_two_sharp_is_not_zero_by_brute_force() {
    let mut t = Trees::new();
    let xs = test_set(&mut t);
    let star = t.node(vec![0]);
    let two = t.node(vec![0, star]);
    let sharp = t.node(vec![two]);
    let star_sharp = t.node(vec![star]);
    let star_two = t.node(vec![star, two]);
    assert!(!equivalent(&mut t, &[sharp], &[0], &xs));
    assert!(equivalent(&mut t, &[star_sharp], &[0], &xs));
    assert!(equivalent(&mut t, &[star_two], &[0], &xs));
}
