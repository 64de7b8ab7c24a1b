//! Tests of misère canonical forms against a brute-force misère solver written here and
//! against CGSuite's own test values (MisereCanonicalGameTestCase, GameHeapTest).

use super::*;
use crate::{Error, Outcome};
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

/// One of CGSuite's worked cases (MisereCanonicalGameTestCase.scala).
struct Case {
    input: &'static str,
    printed: &'static str,
    birthday: u32,
    genus: &'static str,
    gplus: u32,
    gminus: u32,
    outcome: Outcome,
    mate: Option<&'static str>,
    options: &'static [&'static str],
    /// The flags that are true, of Ev Ex GT In NH Pr T Tb R GR Rl HT.
    flags: &'static str,
    partitions: Option<&'static [&'static [&'static str]]>,
    parts: Option<&'static [&'static str]>,
}

const CASES: &[Case] = &[
    Case {
        input: "*[0]",
        printed: "*[0]",
        birthday: 0,
        genus: "0",
        gplus: 0,
        gminus: 1,
        outcome: Outcome::N,
        mate: Some("*[1]"),
        options: &[],
        flags: "Ev Ex GT In NH T Tb",
        partitions: Some(&[&[]]),
        parts: Some(&[]),
    },
    Case {
        input: "*[1]",
        printed: "*[1]",
        birthday: 1,
        genus: "1",
        gplus: 1,
        gminus: 0,
        outcome: Outcome::P,
        mate: Some("*[0]"),
        options: &["*[0]"],
        flags: "Ex GT In NH T Tb",
        partitions: Some(&[&["*[1]"]]),
        parts: Some(&[]),
    },
    Case {
        input: "*[2]",
        printed: "*[2]",
        birthday: 2,
        genus: "2",
        gplus: 2,
        gminus: 2,
        outcome: Outcome::N,
        mate: Some("*[2]"),
        options: &["*[0]", "*[1]"],
        flags: "Ev Ex GT NH Pr T Tb",
        partitions: Some(&[&["*[2]"]]),
        parts: Some(&[]),
    },
    Case {
        input: "*[[2]]",
        printed: "*[2#]",
        birthday: 3,
        genus: "0^0",
        gplus: 0,
        gminus: 0,
        outcome: Outcome::P,
        mate: Some("*[2#]"),
        options: &["*[2]"],
        flags: "Ev Ex GT T Tb",
        partitions: Some(&[&["*[2]", "*[2[#-2]]"]]),
        parts: Some(&["*[2]", "*[2[#-2]]"]),
    },
    Case {
        input: "*[[[2]]]",
        printed: "*[2##]",
        birthday: 4,
        genus: "1^1",
        gplus: 1,
        gminus: 1,
        outcome: Outcome::N,
        mate: Some("*[2##]"),
        options: &["*[2#]"],
        flags: "Ev Ex GT T Tb",
        partitions: Some(&[&["*[2]", "*[2[#-2]]", "*[2[##-2]0]"]]),
        parts: Some(&[
            "*[2]",
            "*[2[##-2]]",
            "*[2#]",
            "*[2[##-2]0]",
            "*[2[#-2]]",
            "*[(2[##-2]0)[2]]",
        ]),
    },
    Case {
        input: "*[2]+*[2]",
        printed: "*[2[2]]",
        birthday: 4,
        genus: "0^0",
        gplus: 0,
        gminus: 0,
        outcome: Outcome::P,
        mate: Some("*[2[2]]"),
        options: &["*[2]", "*[3]"],
        flags: "Ev Ex GT T Tb",
        partitions: Some(&[&["*[2]", "*[2]"]]),
        parts: Some(&["*[2]"]),
    },
    Case {
        input: "*[[*[2]+*[[2]]]]",
        printed: "*[2[#2#]]",
        birthday: 6,
        genus: "0^0",
        gplus: 0,
        gminus: 0,
        outcome: Outcome::P,
        mate: None,
        options: &["*[2[#2]]"],
        flags: "Ev Ex GT T Tb",
        partitions: Some(&[&["*[2]", "*[2]", "*[2[#-2]]", "*[2[#-2]]"]]),
        parts: Some(&[
            "*[2]",
            "*[2[#2#-2]]",
            "*[2#]",
            "*[2[2]]",
            "*[2[#2#-2-2]]",
            "*[2[#-2]]",
            "*[2[#2]]",
        ]),
    },
    Case {
        input: "*[[2],0]",
        printed: "*[2#0]",
        birthday: 4,
        genus: "1^2",
        gplus: 1,
        gminus: 2,
        outcome: Outcome::N,
        mate: Some("*[2#1]"),
        options: &["*[0]", "*[2#]"],
        flags: "Ev GR HT Pr R",
        partitions: Some(&[&["*[2#0]"]]),
        parts: Some(&[]),
    },
    Case {
        input: "*[[2],1]",
        printed: "*[2#1]",
        birthday: 4,
        genus: "2^1420",
        gplus: 2,
        gminus: 1,
        outcome: Outcome::N,
        mate: Some("*[2#0]"),
        options: &["*[1]", "*[2#]"],
        flags: "Ev Pr Rl",
        partitions: Some(&[&["*[2#1]"]]),
        parts: Some(&[]),
    },
    Case {
        input: "*[[*[4]+*[2]]]",
        printed: "*[4[2#]]",
        birthday: 7,
        genus: "0^0",
        gplus: 0,
        gminus: 0,
        outcome: Outcome::P,
        mate: Some("*[4[2#]]"),
        options: &["*[4[2]]"],
        flags: "Ev GT T Tb",
        partitions: Some(&[&["*[2]", "*[4[2#-2]]"], &["*[4]", "*[4[2#-4]]"]]),
        parts: Some(&["*[2]", "*[4[2#-2]]", "*[4]", "*[4[2#-4]]"]),
    },
    Case {
        input: "*[[[2]],[[2],1]]",
        printed: "*[(2#1)2##]",
        birthday: 5,
        genus: "0^0",
        gplus: 0,
        gminus: 0,
        outcome: Outcome::P,
        mate: Some("*[(2#0)2##]"),
        options: &["*[2##]", "*[2#1]"],
        flags: "Ev GT Pr Tb",
        partitions: None,
        parts: None,
    },
    Case {
        input: "*[[[2]],[[[2],0],0,1]]",
        printed: "*[((2#0)10)2##]",
        birthday: 6,
        genus: "0^0",
        gplus: 0,
        gminus: 0,
        outcome: Outcome::P,
        mate: Some("*[((2#1)10)2##]"),
        options: &["*[2##]", "*[(2#0)10]"],
        flags: "Ev GT Pr Tb",
        partitions: None,
        parts: None,
    },
    Case {
        input: "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
        printed: "*[((2#0)2[#1]2#)(2#1)[1]]",
        birthday: 6,
        genus: "0^120",
        gplus: 0,
        gminus: 1,
        outcome: Outcome::N,
        mate: Some("*[((2#1)2[#1]2#)(2#0)[1]]"),
        options: &["*[(2#1)[1]]", "*[(2#0)2[#1]2#]"],
        flags: "Ev Pr Tb",
        partitions: None,
        parts: None,
    },
    Case {
        input: "*[[[2],2,0],[[2],3],1]",
        printed: "*[(2#20)2[#1]1]",
        birthday: 5,
        genus: "0^2",
        gplus: 0,
        gminus: 2,
        outcome: Outcome::N,
        mate: Some("*[(2#21)2[#1]0]"),
        options: &["*[1]", "*[2[#1]]", "*[2#20]"],
        flags: "Ev GR HT Pr",
        partitions: None,
        parts: None,
    },
];

fn flags(s: &mut MisereStore, g: MisereId) -> String {
    let all = [
        ("Ev", s.is_even(g)),
        ("Ex", s.is_extraverted(g).unwrap()),
        ("GT", s.is_generally_tame(g)),
        ("In", s.is_introverted(g)),
        ("NH", s.is_nim_heap(g).unwrap()),
        ("Pr", s.is_prime(g).unwrap()),
        ("T", s.is_tame(g)),
        ("Tb", s.is_tameable(g)),
        ("R", s.is_restive(g)),
        ("GR", s.is_generally_restive(g)),
        ("Rl", s.is_restless(g)),
        ("HT", s.is_half_tame(g).unwrap()),
    ];
    let mut on: Vec<&str> = all.iter().filter(|f| f.1).map(|f| f.0).collect();
    on.sort_unstable();
    on.join(" ")
}

fn shown(s: &mut MisereStore, games: &[MisereId]) -> Vec<String> {
    games.iter().map(|&g| s.display(g).unwrap()).collect()
}

#[test]
fn misere_cgsuite_worked_cases() {
    let mut s = MisereStore::new();
    for c in CASES {
        let g = s.parse(c.input).unwrap();
        let ctx = c.input;
        assert_eq!(s.display(g).unwrap(), c.printed, "{ctx}");
        assert_eq!(s.birthday(g), c.birthday, "{ctx}");
        assert_eq!(s.genus(g).unwrap().to_string(), c.genus, "{ctx}");
        assert_eq!(s.nim_value(g), c.gplus, "{ctx}");
        assert_eq!(s.misere_nim_value(g), c.gminus, "{ctx}");
        assert_eq!(s.outcome(g), c.outcome, "{ctx}");
        if let Some(m) = c.mate {
            let mate = s.mate(g).unwrap();
            assert_eq!(s.display(mate).unwrap(), m, "{ctx}");
        }
        let opts = s.options(g);
        assert_eq!(shown(&mut s, &opts), c.options, "{ctx}");
        let mut expect: Vec<&str> = c.flags.split_whitespace().collect();
        expect.sort_unstable();
        assert_eq!(flags(&mut s, g), expect.join(" "), "{ctx}");
        if let Some(parts) = c.parts {
            let p = s.parts(g).unwrap();
            assert_eq!(shown(&mut s, &p), parts, "{ctx}");
        }
        if let Some(partitions) = c.partitions {
            let ps = s.partitions(g).unwrap();
            let got: Vec<Vec<String>> = ps.iter().map(|p| shown(&mut s, p)).collect();
            assert_eq!(got, partitions, "{ctx}");
        }
        // The printed form reads back as the same game.
        assert_eq!(s.parse(c.printed).unwrap(), g, "{ctx}");
    }
}

/// The misère canonical forms of heaps 0..=max of a heap game, each made from its
/// options (a move leaves two heaps a ≤ b, either possibly 0).
fn heap_forms(
    s: &mut MisereStore,
    max: usize,
    moves: impl Fn(usize) -> Vec<(usize, usize)>,
) -> Vec<MisereId> {
    let mut forms: Vec<MisereId> = Vec::new();
    for n in 0..=max {
        let mut opts = Vec::new();
        for (a, b) in moves(n) {
            opts.push(s.add(forms[a], forms[b]).unwrap());
        }
        forms.push(s.game(opts).unwrap());
    }
    forms
}

/// Splits of `left` tokens into two heaps a ≤ b.
fn splits(left: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..=left / 2).map(move |a| (a, left - a))
}

fn kayles(n: usize) -> Vec<(usize, usize)> {
    (1..=2.min(n)).flat_map(|k| splits(n - k)).collect()
}

fn dawsons_kayles(n: usize) -> Vec<(usize, usize)> {
    if n < 2 {
        Vec::new()
    } else {
        splits(n - 2).collect()
    }
}

fn grundys_game(n: usize) -> Vec<(usize, usize)> {
    (1..n).filter(|&a| a < n - a).map(|a| (a, n - a)).collect()
}

fn check_heaps(
    s: &mut MisereStore,
    forms: &[MisereId],
    nim: Option<&[u32]>,
    misere: &[u32],
    genus: &str,
    game: &str,
) {
    let genera: Vec<String> = genus.split(',').map(str::to_string).collect();
    for (n, &g) in forms.iter().enumerate() {
        if let Some(nim) = nim {
            assert_eq!(s.nim_value(g), nim[n], "{game} {n} NimValue");
        }
        assert_eq!(
            s.misere_nim_value(g),
            misere[n],
            "{game} {n} MisereNimValue"
        );
        assert_eq!(
            s.genus(g).unwrap().to_string(),
            genera[n],
            "{game} {n} Genus"
        );
    }
}

#[test]
fn misere_kayles_heaps_as_cgsuite() {
    let mut s = MisereStore::new();
    let forms = heap_forms(&mut s, 20, kayles);
    check_heaps(
        &mut s,
        &forms,
        Some(&[
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
        ]),
        &[
            1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0,
        ],
        "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031",
        "Kayles",
    );
}

#[test]
fn misere_dawsons_kayles_heaps_as_cgsuite() {
    let mut s = MisereStore::new();
    let forms = heap_forms(&mut s, 20, dawsons_kayles);
    check_heaps(
        &mut s,
        &forms,
        Some(&[
            0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
        ]),
        &[
            1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3,
        ],
        "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3",
        "Dawson's Kayles",
    );
}

#[test]
fn misere_grundys_game_heaps_as_cgsuite() {
    let mut s = MisereStore::new();
    let forms = heap_forms(&mut s, 22, grundys_game);
    check_heaps(
        &mut s,
        &forms[..=20],
        None,
        &[
            1, 1, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,
        ],
        "0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20",
        "Grundy's game",
    );
    let printed = "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]";
    assert_eq!(s.display(forms[22]).unwrap(), printed);
    assert_eq!(s.parse(printed).unwrap(), forms[22]);
}

/// The 22 forms born by day 4 (built from all option sets of those born by day 3).
fn born_by_day_4(s: &mut MisereStore) -> Vec<MisereId> {
    let mut day3 = Vec::new();
    for mask in 0..1u32 << 3 {
        let h: Vec<MisereId> = (0..3).map(|n| s.nim_heap(n).unwrap()).collect();
        let o = (0..3)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| h[i])
            .collect();
        day3.push(s.game(o).unwrap());
    }
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
    day4
}

/// Parts are sound (each part plus its difference is the game) and complete on sums of
/// two games born by day 4 (every summand of such a sum is found as a part); every
/// partition sums to the game and has prime members.
#[test]
fn misere_parts_are_sound_and_complete_on_sums() {
    let mut s = MisereStore::new();
    let u = born_by_day_4(&mut s);
    assert_eq!(u.len(), 22);
    for i in 0..u.len() {
        for j in i..u.len() {
            let g = s.add(u[i], u[j]).unwrap();
            for p in s.parts(g).unwrap() {
                let q = s
                    .misere_minus(g, p)
                    .unwrap()
                    .expect("a part has a difference");
                assert_eq!(s.add(p, q).unwrap(), g);
            }
            for &a in &u {
                let d = s.misere_minus(g, a).unwrap();
                if let Some(d) = d {
                    assert_eq!(s.add(a, d).unwrap(), g);
                }
                for &b in &u {
                    if s.add(a, b).unwrap() == g {
                        assert_eq!(
                            d,
                            Some(b),
                            "{} − {}",
                            s.display(g).unwrap(),
                            s.display(a).unwrap()
                        );
                    }
                }
            }
            for partition in s.partitions(g).unwrap() {
                assert_eq!(s.sum(&partition).unwrap(), g);
                for &p in &partition {
                    assert!(p == s.nim_heap(1).unwrap() || s.is_prime(p).unwrap());
                }
            }
            // Printed forms read back.
            let text = s.display(g).unwrap();
            assert_eq!(s.parse(&text).unwrap(), g, "{text}");
        }
    }
}

#[test]
fn misere_parse_errors_name_the_position() {
    let mut s = MisereStore::new();
    for (text, column, expected) in [
        ("", 0, "`*[`"),
        ("*[2#0", 5, "`]`"),
        ("*[2,x]", 4, "nim-heap size"),
        ("*[2]+", 5, "`*[`"),
        ("*[2] 3", 5, "`+` or the end"),
        ("*[2[]]", 4, "subscript"),
        ("*[2[-4]]", 4, "part of the game"),
        ("*[(]", 3, "`)`"),
        ("*[()]", 3, "a game inside"),
        ("*[&x;]", 3, "digits"),
        ("*[&12]", 5, "`;`"),
        ("*[é2,x]", 2, "nim-heap size"),
        ("*[2é]", 3, "a digit"),
    ] {
        match s.parse(text) {
            Err(Error::Parse(crate::ParseError::Expression {
                column: c,
                expected: e,
                ..
            })) => {
                assert_eq!(c, column, "{text}: {e}");
                assert!(e.contains(expected), "{text}: {e}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    let deep = format!("*[{}2{}]", "[".repeat(100), "]".repeat(100));
    assert!(matches!(s.parse(&deep), Err(Error::Parse(_))));
    assert!(matches!(s.parse("*[99999,]"), Err(Error::Limit(_))));
    assert!(matches!(s.parse("*[&99999;]"), Err(Error::Limit(_))));
}

/// Random text over the notation's alphabet never makes the reader panic.
#[test]
fn misere_parse_never_panics() {
    let mut s = MisereStore::new();
    let alphabet: Vec<char> = "*[]()#/,-&;+0123 é".chars().collect();
    let mut rng = StdRng::seed_from_u64(7);
    let mut read = 0;
    for _ in 0..20_000 {
        let len = rng.gen_range(0..14);
        let mut text: String = "*[".into();
        text.extend((0..len).map(|_| alphabet[rng.gen_range(0..alphabet.len())]));
        if let Ok(g) = s.parse(&text) {
            read += 1;
            let printed = s.display(g).unwrap();
            assert_eq!(s.parse(&printed).unwrap(), g, "{text} → {printed}");
        }
    }
    assert!(read > 100);
}

/// Deep games are made, summed, mated and measured without recursion; printing one
/// deeper than the limit is refused with an error; a full store refuses to grow.
#[test]
fn misere_deep_games_and_limits() {
    let mut s = MisereStore::new();
    let two = s.nim_heap(2).unwrap();
    let mut g = two;
    for _ in 0..1500 {
        g = s.game(vec![g]).unwrap();
    }
    assert_eq!(s.birthday(g), 1502);
    // 2 followed by k sharps has G⁺ = G⁻ = (k + 1) mod 2 (2# = 0^0, 2## = 1^1, ...):
    // each is the mex of the one before.
    assert_eq!((s.nim_value(g), s.misere_nim_value(g)), (1, 1));
    let sum = s.add(g, two).unwrap();
    assert_eq!(s.birthday(sum), 1504);
    let m = s.mate(g).unwrap();
    assert_eq!(s.birthday(m), 1502);
    assert_eq!(s.genus(g).unwrap().to_string(), "1^1");
    assert!(matches!(s.display(g), Err(Error::Limit(_))));
    let mut small = MisereStore::with_limit(20);
    let mut failed = false;
    let mut forms = Vec::new();
    for n in 0..=20 {
        let mut opts = Vec::new();
        for (a, b) in kayles(n) {
            match small.add(forms[a], forms[b]) {
                Ok(x) => opts.push(x),
                Err(Error::Limit(_)) => failed = true,
                Err(e) => panic!("{e}"),
            }
        }
        if failed {
            break;
        }
        match small.game(opts) {
            Ok(x) => forms.push(x),
            Err(Error::Limit(_)) => {
                failed = true;
                break;
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(failed && small.len() <= 20);
}

/// Distinguishers and links of every pair of forms born by day 4, checked by the
/// brute-force solver: g + T is P and h + T is N; g + T and h + T both P; and the pair
/// is linked exactly when neither is an option of the other (ONAG).
#[test]
fn misere_distinguishers_and_links_by_brute_force() {
    let mut s = MisereStore::new();
    let mut t = Trees::new();
    let u = born_by_day_4(&mut s);
    for &g in &u {
        for &h in &u {
            let (tg, th) = (t.of(&s, g), t.of(&s, h));
            match s.distinguisher(g, h).unwrap() {
                None => assert_eq!(g, h),
                Some(d) => {
                    let td = t.of(&s, d);
                    assert!(t.is_p(&[tg, td]) && !t.is_p(&[th, td]));
                }
            }
            let option = t.opts[tg].contains(&th) || t.opts[th].contains(&tg);
            assert_eq!(s.is_linked_to(g, h), !option);
            match s.link(g, h).unwrap() {
                None => assert!(option),
                Some(l) => {
                    let tl = t.of(&s, l);
                    assert!(t.is_p(&[tg, tl]) && t.is_p(&[th, tl]));
                }
            }
        }
    }
}
