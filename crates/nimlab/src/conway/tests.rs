//! The arena against a plain implementation of the definitions on game trees.

use super::*;

/// A game as the tree of its options, compared by the definition alone.
#[derive(Debug, Clone)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

/// g ≤ h unless some g^L ≥ h or some h^R ≤ g.
fn le(g: &Tree, h: &Tree) -> bool {
    !g.left.iter().any(|gl| le(h, gl)) && !h.right.iter().any(|hr| le(hr, g))
}

/// Every game form whose options are taken from `from` (all subsets on each side).
fn forms(from: &[Tree]) -> Vec<Tree> {
    let n = from.len();
    let subset = |mask: usize| -> Vec<Tree> {
        (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| from[i].clone())
            .collect()
    };
    let mut out = Vec::new();
    for l in 0..1usize << n {
        for r in 0..1usize << n {
            out.push(Tree {
                left: subset(l),
                right: subset(r),
            });
        }
    }
    out
}

fn build(a: &mut Arena, t: &Tree) -> GameId {
    let l = t.left.iter().map(|o| build(a, o)).collect();
    let r = t.right.iter().map(|o| build(a, o)).collect();
    a.game(l, r)
}

/// Day 2: 256 forms, 22 distinct games; the arena's comparisons agree with the
/// definition on every pair, and equal games get one id.
#[test]
fn the_games_born_by_day_two() {
    let day0 = vec![Tree {
        left: vec![],
        right: vec![],
    }];
    let day1 = forms(&day0);
    let day2 = forms(&day1);
    assert_eq!(day2.len(), 256);
    let mut a = Arena::new();
    let ids: Vec<GameId> = day2.iter().map(|t| build(&mut a, t)).collect();
    let mut distinct = ids.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 22);
    for (i, g) in day2.iter().enumerate() {
        for (j, h) in day2.iter().enumerate() {
            assert_eq!(a.le(ids[i], ids[j]), le(g, h), "{g:?} <= {h:?}");
            assert_eq!(ids[i] == ids[j], le(g, h) && le(h, g));
        }
    }
}

/// Sums, negatives and the fast path for numbers, ups and nimbers against the definition
/// on trees: x + n·↑ + *m built from {0|*}, *m and numbers agrees with the arithmetic.
#[test]
fn sums_agree_with_the_definition() {
    fn sum(g: &Tree, h: &Tree) -> Tree {
        let mut left: Vec<Tree> = g.left.iter().map(|o| sum(o, h)).collect();
        left.extend(h.left.iter().map(|o| sum(g, o)));
        let mut right: Vec<Tree> = g.right.iter().map(|o| sum(o, h)).collect();
        right.extend(h.right.iter().map(|o| sum(g, o)));
        Tree { left, right }
    }
    let zero = Tree {
        left: vec![],
        right: vec![],
    };
    let star = |m: usize| -> Tree {
        let mut stars: Vec<Tree> = vec![zero.clone()];
        for _ in 1..m {
            let next = Tree {
                left: stars.clone(),
                right: stars.clone(),
            };
            stars.push(next);
        }
        Tree {
            left: stars[..m].to_vec(),
            right: stars[..m].to_vec(),
        }
    };
    let up = Tree {
        left: vec![zero.clone()],
        right: vec![star(1)],
    };
    let half = Tree {
        left: vec![zero.clone()],
        right: vec![Tree {
            left: vec![zero.clone()],
            right: vec![],
        }],
    };
    let mut a = Arena::new();
    let mut trees = vec![zero.clone()];
    let mut ups = zero.clone();
    for n in 0..3 {
        for m in 0..4 {
            for with_half in [false, true] {
                let mut t = sum(&ups, &star(m));
                if with_half {
                    t = sum(&t, &half);
                }
                let id = build(&mut a, &t);
                let want = a.nus(Nus {
                    number: if with_half {
                        Dyadic::new(1.into(), 1)
                    } else {
                        Dyadic::zero()
                    },
                    ups: n,
                    nim: m as u64,
                });
                assert_eq!(id, want, "{n} ups, *{m}, half: {with_half}");
                trees.push(t);
            }
        }
        ups = sum(&ups, &up);
    }
    // Every pair compared by the fast path agrees with the definition.
    let ids: Vec<GameId> = trees.iter().map(|t| build(&mut a, t)).collect();
    for (i, g) in trees.iter().enumerate() {
        for (j, h) in trees.iter().enumerate() {
            assert_eq!(a.le(ids[i], ids[j]), le(g, h));
            let neg_h = a.neg(ids[j]);
            let d = a.add(ids[i], neg_h);
            let zero_id = a.zero();
            assert_eq!(d == zero_id, le(g, h) && le(h, g));
        }
    }
}
