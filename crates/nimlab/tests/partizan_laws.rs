//! Laws of Conway's games, held by the arena of canonical forms on random short games.
//!
//! Every expected value comes from a definition or an independent computation: game
//! trees compared by the recursive definition of ≤, sums and negatives built from their
//! definitions, the mex rule for impartial games, and the simplicity rule for numbers.

use nimlab::calc::{Session, Value};
use nimlab::conway::{born_by, Arena, Comparison, Dyadic, GameId, Nus};
use nimlab::notation::print;
use num_bigint::BigInt;
use proptest::collection::vec;
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------
// Game trees: the definitions alone, with no simplification.

/// A game as the tree of its Left and Right options.
#[derive(Debug, Clone, PartialEq, Eq)]
enum T {
    Node(Vec<T>, Vec<T>),
}

impl T {
    fn zero() -> T {
        T::Node(vec![], vec![])
    }

    fn left(&self) -> &[T] {
        let T::Node(l, _) = self;
        l
    }

    fn right(&self) -> &[T] {
        let T::Node(_, r) = self;
        r
    }

    /// The integer n: {n − 1 |} above zero, {| n + 1} below.
    fn integer(n: i64) -> T {
        let mut t = T::zero();
        for _ in 0..n.unsigned_abs() {
            t = if n > 0 {
                T::Node(vec![t], vec![])
            } else {
                T::Node(vec![], vec![t])
            };
        }
        t
    }

    /// The number m / 2^k: an integer, or {x − 2^-k | x + 2^-k} when m is odd.
    fn dyadic(m: i64, k: u32) -> T {
        if k == 0 {
            return T::integer(m);
        }
        if m % 2 == 0 {
            return T::dyadic(m / 2, k - 1);
        }
        T::Node(vec![T::dyadic(m - 1, k)], vec![T::dyadic(m + 1, k)])
    }

    /// The nimber *n = {*0, …, *(n − 1) | *0, …, *(n − 1)}.
    fn star(n: u64) -> T {
        let mut stars = vec![T::zero()];
        for _ in 0..n {
            let next = T::Node(stars.clone(), stars.clone());
            stars.push(next);
        }
        stars.swap_remove(n as usize)
    }

    /// n·↑, with ↑ = {0 | *} and ↓ = −↑.
    fn ups(n: i64) -> T {
        let up = T::Node(vec![T::zero()], vec![T::star(1)]);
        let unit = if n < 0 { up.neg() } else { up };
        (0..n.unsigned_abs()).fold(T::zero(), |t, _| t.sum(&unit))
    }

    /// −G = {−G^R | −G^L}.
    fn neg(&self) -> T {
        T::Node(
            self.right().iter().map(T::neg).collect(),
            self.left().iter().map(T::neg).collect(),
        )
    }

    /// G + H = {G^L + H, G + H^L | G^R + H, G + H^R}.
    fn sum(&self, h: &T) -> T {
        let mut l: Vec<T> = self.left().iter().map(|o| o.sum(h)).collect();
        l.extend(h.left().iter().map(|o| self.sum(o)));
        let mut r: Vec<T> = self.right().iter().map(|o| o.sum(h)).collect();
        r.extend(h.right().iter().map(|o| self.sum(o)));
        T::Node(l, r)
    }

    fn size(&self) -> usize {
        1 + self
            .left()
            .iter()
            .chain(self.right())
            .map(T::size)
            .sum::<usize>()
    }
}

/// G ≤ H by the definition: no G^L with H ≤ G^L and no H^R with H^R ≤ G.
fn tree_le(g: &T, h: &T) -> bool {
    !g.left().iter().any(|gl| tree_le(h, gl)) && !h.right().iter().any(|hr| tree_le(hr, g))
}

/// A tree built into the arena node by node, each through `Arena::game`.
fn build_tree(a: &mut Arena, t: &T) -> GameId {
    let l = t.left().iter().map(|o| build_tree(a, o)).collect();
    let r = t.right().iter().map(|o| build_tree(a, o)).collect();
    a.game(l, r)
}

/// The tree of a canonical form's options, all the way down.
fn tree_of(a: &mut Arena, g: GameId) -> T {
    let (l, r) = a.options(g);
    T::Node(
        l.into_iter().map(|o| tree_of(a, o)).collect(),
        r.into_iter().map(|o| tree_of(a, o)).collect(),
    )
}

/// The games born by day 2 and by day 3 (the day-2 games first), as trees, listed once
/// in an arena of their own.
fn born() -> &'static (Vec<T>, Vec<T>) {
    static BORN: OnceLock<(Vec<T>, Vec<T>)> = OnceLock::new();
    BORN.get_or_init(|| {
        let mut a = Arena::new();
        let day2 = born_by(&mut a, 2).expect("day 2 is listed");
        let day3 = born_by(&mut a, 3).expect("day 3 is listed");
        let day2 = day2.into_iter().map(|g| tree_of(&mut a, g)).collect();
        let day3 = day3.into_iter().map(|g| tree_of(&mut a, g)).collect();
        (day2, day3)
    })
}

// ---------------------------------------------------------------------------------------
// Random game forms.

/// A short game form: leaves made by the arena's constructors, inner nodes `{L | R}`.
#[derive(Debug, Clone)]
enum Form {
    Integer(i64),
    /// m / 2^k.
    Dyadic(i64, u32),
    Star(u64),
    /// n·↑.
    Up(i64),
    /// m / 2^k + n·↑ + *j, written as one value.
    Nus(i64, u32, i64, u64),
    /// c · 10^e, an integer beyond 64 bits.
    Big(i64, u32),
    /// The i-th game born by day 2.
    Day2(usize),
    /// The i-th game born by day 3.
    Day3(usize),
    Node(Vec<Form>, Vec<Form>),
}

impl Form {
    /// The form built into `a`; `reversed` builds the Right options before the Left ones
    /// and every list back to front, so that the games are made in another order.
    fn build_in(&self, a: &mut Arena, reversed: bool) -> GameId {
        match self {
            Form::Integer(n) => a.integer(*n),
            Form::Dyadic(m, k) => a.number(Dyadic::new((*m).into(), *k)),
            Form::Star(n) => a.star(*n),
            Form::Up(n) => a.up(*n),
            Form::Nus(m, k, n, j) => a.nus(Nus {
                number: Dyadic::new((*m).into(), *k),
                ups: *n,
                nim: *j,
            }),
            Form::Big(c, e) => a.number(Dyadic::from(BigInt::from(*c) * BigInt::from(10).pow(*e))),
            Form::Day2(i) => build_tree(a, &born().0[*i]),
            Form::Day3(i) => build_tree(a, &born().1[*i]),
            Form::Node(l, r) => {
                let mut side = |options: &[Form]| -> Vec<GameId> {
                    if reversed {
                        options.iter().rev().map(|o| o.build_in(a, true)).collect()
                    } else {
                        options.iter().map(|o| o.build_in(a, false)).collect()
                    }
                };
                let (l, r) = if reversed {
                    let r = side(r);
                    (side(l), r)
                } else {
                    (side(l), side(r))
                };
                a.game(l, r)
            }
        }
    }

    fn build(&self, a: &mut Arena) -> GameId {
        self.build_in(a, false)
    }

    /// The form as a tree, each leaf by its definition.
    fn tree(&self) -> T {
        match self {
            Form::Integer(n) => T::integer(*n),
            Form::Dyadic(m, k) => T::dyadic(*m, *k),
            Form::Star(n) => T::star(*n),
            Form::Up(n) => T::ups(*n),
            Form::Nus(m, k, n, j) => T::dyadic(*m, *k).sum(&T::ups(*n)).sum(&T::star(*j)),
            Form::Big(..) => unimplemented!("the small forms have no integers beyond 64 bits"),
            Form::Day2(i) => born().0[*i].clone(),
            Form::Day3(i) => born().1[*i].clone(),
            Form::Node(l, r) => T::Node(
                l.iter().map(Form::tree).collect(),
                r.iter().map(Form::tree).collect(),
            ),
        }
    }
}

fn leaf() -> BoxedStrategy<Form> {
    let (day2, day3) = (born().0.len(), born().1.len());
    prop_oneof![
        1 => (-3i64..=3).prop_map(Form::Integer),
        1 => (-7i64..=7, 1u32..=2).prop_map(|(m, k)| Form::Dyadic(m, k)),
        1 => (0u64..=3).prop_map(Form::Star),
        1 => (-2i64..=2).prop_map(Form::Up),
        1 => (-9i64..=9, 0u32..=3, -5i64..=5, 0u64..=3).prop_map(|(m, k, n, j)| Form::Nus(m, k, n, j)),
        2 => (0..day2).prop_map(Form::Day2),
        3 => (0..day3).prop_map(Form::Day3),
    ]
    .boxed()
}

/// Forms `{L | R}` up to `depth` levels of braces, 0 to 3 options a side.
fn forms_from(leaf: BoxedStrategy<Form>, depth: u32) -> BoxedStrategy<Form> {
    leaf.prop_recursive(depth, 24, 3, |inner| {
        (vec(inner.clone(), 0..=3), vec(inner, 0..=3)).prop_map(|(l, r)| Form::Node(l, r))
    })
    .boxed()
}

/// A leaf, or more often `{L | R}` with options on both sides (a side left empty makes
/// an integer) and up to two more levels of braces inside.
fn form() -> BoxedStrategy<Form> {
    let inner = forms_from(leaf(), 2);
    prop_oneof![
        1 => leaf(),
        3 => (vec(inner.clone(), 1..=3), vec(inner, 1..=3)).prop_map(|(l, r)| Form::Node(l, r)),
    ]
    .boxed()
}

/// Forms with integers beyond 64 bits among the leaves too (never walked down to 0 by
/// the definitions above, only printed and read).
fn print_form() -> BoxedStrategy<Form> {
    let big_leaf = prop_oneof![
        3 => leaf(),
        1 => (-9i64..=9, 19u32..=40).prop_map(|(c, e)| Form::Big(c, e)),
    ]
    .boxed();
    let inner = forms_from(big_leaf.clone(), 2);
    prop_oneof![
        1 => big_leaf,
        3 => (vec(inner.clone(), 1..=3), vec(inner, 1..=3)).prop_map(|(l, r)| Form::Node(l, r)),
    ]
    .boxed()
}

/// Games born by day 3 and a few small numbers, stars and ups.
fn small_leaf() -> BoxedStrategy<Form> {
    let (day2, day3) = (born().0.len(), born().1.len());
    prop_oneof![
        1 => (-2i64..=2).prop_map(Form::Integer),
        1 => (-3i64..=3).prop_map(|m| Form::Dyadic(m, 1)),
        1 => (0u64..=2).prop_map(Form::Star),
        1 => (-1i64..=1).prop_map(Form::Up),
        2 => (0..day2).prop_map(Form::Day2),
        2 => (0..day3).prop_map(Form::Day3),
    ]
    .boxed()
}

/// Smaller forms, whose trees the recursive definition of ≤ walks in full.
fn small_form() -> BoxedStrategy<Form> {
    let small_leaf = small_leaf();
    let inner = forms_from(small_leaf.clone(), 1);
    prop_oneof![
        1 => small_leaf,
        3 => (vec(inner.clone(), 1..=2), vec(inner, 1..=2)).prop_map(|(l, r)| Form::Node(l, r)),
    ]
    .boxed()
}

// ---------------------------------------------------------------------------------------
// Independent computations.

/// G + H built from the definition, {G^L + H, G + H^L | G^R + H, G + H^R}, through the
/// canonical options and `Arena::game`, never `Arena::add`.
fn sum_by_definition(
    a: &mut Arena,
    g: GameId,
    h: GameId,
    memo: &mut HashMap<(GameId, GameId), GameId>,
) -> GameId {
    if let Some(&v) = memo.get(&(g, h)) {
        return v;
    }
    let (gl, gr) = a.options(g);
    let (hl, hr) = a.options(h);
    let mut l: Vec<GameId> = gl
        .into_iter()
        .map(|o| sum_by_definition(a, o, h, memo))
        .collect();
    l.extend(hl.into_iter().map(|o| sum_by_definition(a, g, o, memo)));
    let mut r: Vec<GameId> = gr
        .into_iter()
        .map(|o| sum_by_definition(a, o, h, memo))
        .collect();
    r.extend(hr.into_iter().map(|o| sum_by_definition(a, g, o, memo)));
    let v = a.game(l, r);
    memo.insert((g, h), v);
    v
}

/// −G built from the definition, {−G^R | −G^L}, never `Arena::neg`.
fn neg_by_definition(a: &mut Arena, g: GameId) -> GameId {
    let (l, r) = a.options(g);
    let nl = r.into_iter().map(|o| neg_by_definition(a, o)).collect();
    let nr = l.into_iter().map(|o| neg_by_definition(a, o)).collect();
    a.game(nl, nr)
}

/// G : H built from the definition, {G^L, G : H^L | G^R, G : H^R}, over the canonical
/// options of both, through `Arena::game` alone.
fn ordinal_sum_by_definition(
    a: &mut Arena,
    g: GameId,
    h: GameId,
    memo: &mut HashMap<GameId, GameId>,
) -> GameId {
    if let Some(&v) = memo.get(&h) {
        return v;
    }
    let (gl, gr) = a.options(g);
    let (hl, hr) = a.options(h);
    let mut l = gl;
    for o in hl {
        l.push(ordinal_sum_by_definition(a, g, o, memo));
    }
    let mut r = gr;
    for o in hr {
        r.push(ordinal_sum_by_definition(a, g, o, memo));
    }
    let v = a.game(l, r);
    memo.insert(h, v);
    v
}

/// The least natural number not among `values`.
fn mex(values: &[u64]) -> u64 {
    (0..)
        .find(|v| !values.contains(v))
        .expect("some number is missing")
}

/// The Grundy value of two Nim heaps played side by side, by the mex rule alone.
fn two_heap_grundy(x: u64, y: u64, memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    if let Some(&v) = memo.get(&(x, y)) {
        return v;
    }
    let mut values: Vec<u64> = (0..x).map(|x2| two_heap_grundy(x2, y, memo)).collect();
    values.extend((0..y).map(|y2| two_heap_grundy(x, y2, memo)));
    let v = mex(&values);
    memo.insert((x, y), v);
    v
}

/// An impartial form: a nimber, or the same options for both players.
#[derive(Debug, Clone)]
enum Imp {
    Nim(u64),
    Node(Vec<Imp>),
}

impl Imp {
    fn grundy(&self) -> u64 {
        match self {
            Imp::Nim(n) => *n,
            Imp::Node(os) => mex(&os.iter().map(Imp::grundy).collect::<Vec<_>>()),
        }
    }

    fn build(&self, a: &mut Arena) -> GameId {
        match self {
            Imp::Nim(n) => a.star(*n),
            Imp::Node(os) => {
                let ids: Vec<GameId> = os.iter().map(|o| o.build(a)).collect();
                a.game(ids.clone(), ids)
            }
        }
    }
}

fn impartial() -> impl Strategy<Value = Imp> {
    (0u64..=6)
        .prop_map(Imp::Nim)
        .prop_recursive(3, 24, 4, |inner| vec(inner, 0..=4).prop_map(Imp::Node))
}

/// Fixed-point arithmetic for the small dyadics of these tests: m / 2^k as m·2^(16−k).
const SCALE: u32 = 16;

fn scaled(m: i64, k: u32) -> i64 {
    m << (SCALE - k)
}

/// The simplest number strictly between `lo` and `hi` (absent: no bound), found by
/// walking down Conway's tree of numbers from 0: along the integers while the walk keeps
/// its first direction, then by halved steps, until the number lies between the bounds.
fn simplest_between(lo: Option<i64>, hi: Option<i64>) -> i64 {
    let one = 1i64 << SCALE;
    let (mut x, mut step) = (0i64, one);
    let mut first: Option<bool> = None;
    loop {
        let above_lo = lo.is_none_or(|l| x > l);
        let below_hi = hi.is_none_or(|h| x < h);
        if above_lo && below_hi {
            return x;
        }
        let up = !above_lo;
        match first {
            None => first = Some(up),
            Some(d) if d != up || step < one => step /= 2,
            Some(_) => {}
        }
        assert!(step > 0, "the bounds have at most {SCALE} binary places");
        x += if up { step } else { -step };
    }
}

/// The arena's number for a fixed-point value.
fn number_of_scaled(a: &mut Arena, x: i64) -> GameId {
    a.number(Dyadic::new(x.into(), SCALE))
}

/// Every follower of `g` (g included), at most `limit` of them.
fn followers(a: &mut Arena, g: GameId, limit: usize) -> Vec<GameId> {
    let mut seen = HashSet::from([g]);
    let mut order = vec![g];
    let mut i = 0;
    while i < order.len() && order.len() < limit {
        let (l, r) = a.options(order[i]);
        for o in l.into_iter().chain(r) {
            if seen.insert(o) {
                order.push(o);
            }
        }
        i += 1;
    }
    order
}

fn mirror(c: Comparison) -> Comparison {
    match c {
        Comparison::Less => Comparison::Greater,
        Comparison::Greater => Comparison::Less,
        c => c,
    }
}

// ---------------------------------------------------------------------------------------
// The laws.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// G + 0 = G.
    #[test]
    fn zero_is_the_identity_of_addition(f in form()) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        let zero = a.zero();
        prop_assert_eq!(a.add(g, zero), g);
        prop_assert_eq!(a.add(zero, g), g);
    }

    /// G − G = 0.
    #[test]
    fn a_game_minus_itself_is_zero(f in form()) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        let zero = a.zero();
        prop_assert_eq!(a.sub(g, g), zero);
    }

    /// G + H = H + G, each sum made in a fresh arena.
    #[test]
    fn addition_commutes(f in form(), h in form()) {
        let mut a = Arena::new();
        let (g1, h1) = (f.build(&mut a), h.build(&mut a));
        let gh = a.add(g1, h1);
        let mut b = Arena::new();
        let (h2, g2) = (h.build(&mut b), f.build(&mut b));
        let hg = b.add(h2, g2);
        prop_assert_eq!(print(&mut a, gh), print(&mut b, hg));
        // Within one arena too.
        prop_assert_eq!(a.add(h1, g1), gh);
    }

    /// (G + H) + K = G + (H + K).
    #[test]
    fn addition_associates(f in form(), h in form(), k in form()) {
        let mut a = Arena::new();
        let (g, h, k) = (f.build(&mut a), h.build(&mut a), k.build(&mut a));
        let gh = a.add(g, h);
        let left = a.add(gh, k);
        let hk = a.add(h, k);
        let right = a.add(g, hk);
        prop_assert_eq!(left, right);
    }

    /// −(−G) = G.
    #[test]
    fn negation_is_an_involution(f in form()) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        let ng = a.neg(g);
        prop_assert_eq!(a.neg(ng), g);
    }

    /// −(G + H) = −G + −H.
    #[test]
    fn negation_distributes_over_sums(f in form(), h in form()) {
        let mut a = Arena::new();
        let (g, h) = (f.build(&mut a), h.build(&mut a));
        let gh = a.add(g, h);
        let lhs = a.neg(gh);
        let (ng, nh) = (a.neg(g), a.neg(h));
        prop_assert_eq!(lhs, a.add(ng, nh));
    }

    /// G + H is the canonical form of {G^L + H, G + H^L | G^R + H, G + H^R}.
    #[test]
    fn sum_agrees_with_its_definition(f in small_form(), h in small_form()) {
        let mut a = Arena::new();
        let (g, h) = (f.build(&mut a), h.build(&mut a));
        let want = sum_by_definition(&mut a, g, h, &mut HashMap::new());
        prop_assert_eq!(a.add(g, h), want);
    }

    /// −G is the canonical form of {−G^R | −G^L}.
    #[test]
    fn negative_agrees_with_its_definition(f in form()) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        let want = neg_by_definition(&mut a, g);
        prop_assert_eq!(a.neg(g), want);
    }

    /// G ≤ H and H ≤ G exactly when G and H are one game (one id); (G − H) + H = G.
    #[test]
    fn mutual_le_is_equality(f in form(), h in form()) {
        let mut a = Arena::new();
        let (g, h) = (f.build(&mut a), h.build(&mut a));
        prop_assert_eq!(a.le(g, h) && a.le(h, g), g == h);
        let d = a.sub(g, h);
        let same = a.add(d, h);
        prop_assert!(a.le(g, same) && a.le(same, g));
        prop_assert_eq!(same, g);
    }

    /// G ≤ H ≤ K implies G ≤ K, over every triple of six games (numbers added to make
    /// chains likely).
    #[test]
    fn le_is_transitive(fs in vec(form(), 4), x in 0i64..=3, y in 1i64..=3) {
        let mut a = Arena::new();
        let mut gs: Vec<GameId> = fs.iter().map(|f| f.build(&mut a)).collect();
        let (x, y) = (a.integer(x), a.integer(y));
        let g0 = gs[0];
        let above = a.add(g0, x);
        let further = a.add(above, y);
        gs.extend([above, further]);
        for &g in &gs {
            for &h in &gs {
                for &k in &gs {
                    if a.le(g, h) && a.le(h, k) {
                        prop_assert!(a.le(g, k));
                    }
                }
            }
        }
    }

    /// `compare` says what `le` says both ways, and swapping the games mirrors it.
    #[test]
    fn compare_agrees_with_le(f in form(), h in form()) {
        let mut a = Arena::new();
        let (g, h) = (f.build(&mut a), h.build(&mut a));
        let c = a.compare(g, h);
        let (gh, hg) = (a.le(g, h), a.le(h, g));
        prop_assert_eq!(c == Comparison::Equal, gh && hg);
        prop_assert_eq!(c == Comparison::Less, gh && !hg);
        prop_assert_eq!(c == Comparison::Greater, !gh && hg);
        prop_assert_eq!(c == Comparison::Confused, !gh && !hg);
        prop_assert_eq!(a.compare(h, g), mirror(c));
    }

    /// G ≤ H exactly when H − G ≥ 0.
    #[test]
    fn le_is_the_sign_of_the_difference(f in form(), h in form()) {
        let mut a = Arena::new();
        let (g, h) = (f.build(&mut a), h.build(&mut a));
        let (d, zero) = (a.sub(h, g), a.zero());
        prop_assert_eq!(a.le(g, h), a.le(zero, d));
    }

    /// The canonical form rebuilt from its own options is itself.
    #[test]
    fn canonical_form_is_idempotent(f in form()) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        for x in followers(&mut a, g, 64) {
            let (mut l, mut r) = a.options(x);
            prop_assert_eq!(a.game(l.clone(), r.clone()), x);
            l.reverse();
            r.reverse();
            prop_assert_eq!(a.game(l, r), x);
        }
    }

    /// No canonical form (nor any of its followers) has a dominated option: no two Left
    /// options with one ≤ the other, and the same on Right.
    #[test]
    fn canonical_form_has_no_dominated_option(f in form()) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        for x in followers(&mut a, g, 200) {
            let (l, r) = a.options(x);
            for side in [&l, &r] {
                for (i, &p) in side.iter().enumerate() {
                    for (j, &q) in side.iter().enumerate() {
                        prop_assert!(i == j || !a.le(p, q), "{:?} {:?} in {:?}", p, q, side);
                    }
                }
            }
        }
    }

    /// No canonical form (nor any of its followers) has a reversible option: no G^L with
    /// a G^LR ≤ G, no G^R with a G^RL ≥ G.
    #[test]
    fn canonical_form_has_no_reversible_option(f in form()) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        for x in followers(&mut a, g, 200) {
            let (l, r) = a.options(x);
            for gl in l {
                for glr in a.right(gl) {
                    prop_assert!(!a.le(glr, x));
                }
            }
            for gr in r {
                for grl in a.left(gr) {
                    prop_assert!(!a.le(x, grl));
                }
            }
        }
    }

    /// One form built in two fresh arenas, in different orders (the second arena holding
    /// other games first), prints the same.
    #[test]
    fn equal_forms_print_the_same_in_any_arena(f in form(), other in form()) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        let mut b = Arena::new();
        other.build(&mut b);
        let h = f.build_in(&mut b, true);
        prop_assert_eq!(print(&mut a, g), print(&mut b, h));
    }

    /// The arena's ≤ agrees with the recursive definition on game trees, and each leaf
    /// constructor (numbers, nimbers, ups) gives the game its definition gives.
    #[test]
    fn le_agrees_with_the_definition_on_trees(f in small_form(), h in small_form()) {
        let (tf, th) = (f.tree(), h.tree());
        prop_assume!(tf.size() * th.size() < 40_000);
        let mut a = Arena::new();
        let (g, h) = (f.build(&mut a), h.build(&mut a));
        prop_assert_eq!(build_tree(&mut a, &tf), g);
        prop_assert_eq!(build_tree(&mut a, &th), h);
        prop_assert_eq!(a.le(g, h), tree_le(&tf, &th));
        prop_assert_eq!(a.le(h, g), tree_le(&th, &tf));
        prop_assert_eq!(g == h, tree_le(&tf, &th) && tree_le(&th, &tf));
    }

    /// Comparisons with c + *n agree with the definition, n beyond every nimber among
    /// G's followers included (the arena tries only the options x + *j of x + *n up to a
    /// bound past which G + *j ≥ 0 is answered alike).
    #[test]
    fn comparisons_with_nimbers_agree_with_the_definition(
        f in small_form(),
        n in 0u64..=8,
        c in -1i64..=1,
    ) {
        let tf = f.tree();
        let tx = T::integer(c).sum(&T::star(n));
        prop_assume!(tf.size() * tx.size() < 40_000);
        let mut a = Arena::new();
        let g = f.build(&mut a);
        let (star, number) = (a.star(n), a.integer(c));
        let x = a.add(star, number);
        prop_assert_eq!(a.le(g, x), tree_le(&tf, &tx));
        prop_assert_eq!(a.le(x, g), tree_le(&tx, &tf));
    }

    /// G + *n, n beyond the nimbers among G's followers included, is the sum by the
    /// definition.
    #[test]
    fn sums_with_nimbers_agree_with_the_definition(f in form(), n in 0u64..=12) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        let star = a.star(n);
        let got = a.add(g, star);
        let want = sum_by_definition(&mut a, g, star, &mut HashMap::new());
        prop_assert_eq!(got, want);
    }

    /// An impartial form is the nimber of the mex of its options' nimbers.
    #[test]
    fn impartial_form_is_the_mex_nimber(i in impartial()) {
        let mut a = Arena::new();
        let g = i.build(&mut a);
        prop_assert_eq!(g, a.star(i.grundy()));
    }

    /// *x + *y = *(x XOR y), and that is the Grundy value the mex rule gives two heaps;
    /// sums of impartial forms likewise.
    #[test]
    fn nimbers_add_by_xor(x in 0u64..16, y in 0u64..16, i in impartial(), j in impartial()) {
        let mut a = Arena::new();
        let (sx, sy) = (a.star(x), a.star(y));
        let want = a.star(x ^ y);
        prop_assert_eq!(two_heap_grundy(x, y, &mut HashMap::new()), x ^ y);
        prop_assert_eq!(a.add(sx, sy), want);
        if x.max(y) < 8 {
            prop_assert_eq!(sum_by_definition(&mut a, sx, sy, &mut HashMap::new()), want);
        }
        let (gi, gj) = (i.build(&mut a), j.build(&mut a));
        let want = a.star(i.grundy() ^ j.grundy());
        prop_assert_eq!(a.add(gi, gj), want);
    }

    /// {x | y} for numbers x < y is the simplest number between them, as is {x |} and
    /// {| y} (the simplest number beyond one bound).
    #[test]
    fn number_between_numbers_is_the_simplest(
        lo in proptest::option::weighted(0.9, (-40i64..=40, 0u32..=4)),
        hi in proptest::option::weighted(0.9, (-40i64..=40, 0u32..=4)),
    ) {
        let mut lo = lo.map(|(m, k)| scaled(m, k));
        let mut hi = hi.map(|(m, k)| scaled(m, k));
        // Two bounds in the wrong order are swapped; equal ones leave the upper out.
        if let (Some(l), Some(h)) = (lo, hi) {
            if l > h {
                (lo, hi) = (hi, lo);
            } else if l == h {
                hi = None;
            }
        }
        let mut a = Arena::new();
        let l: Vec<GameId> = lo.map(|x| number_of_scaled(&mut a, x)).into_iter().collect();
        let r: Vec<GameId> = hi.map(|x| number_of_scaled(&mut a, x)).into_iter().collect();
        let g = a.game(l, r);
        let want = number_of_scaled(&mut a, simplest_between(lo, hi));
        prop_assert_eq!(g, want);
    }

    /// Integers and dyadics add like numbers, by the arena's sum and by the definition.
    #[test]
    fn numbers_add_like_numbers(
        m in -30i64..=30, n in -30i64..=30,
        (p, j) in (-9i64..=9, 0u32..=3), (q, k) in (-9i64..=9, 0u32..=3),
    ) {
        let mut a = Arena::new();
        let (gm, gn) = (a.integer(m), a.integer(n));
        let want = a.integer(m + n);
        prop_assert_eq!(a.add(gm, gn), want);
        if m.abs().max(n.abs()) <= 8 {
            prop_assert_eq!(sum_by_definition(&mut a, gm, gn, &mut HashMap::new()), want);
        }
        let (x, y) = (scaled(p, j), scaled(q, k));
        let (gx, gy) = (number_of_scaled(&mut a, x), number_of_scaled(&mut a, y));
        let want = number_of_scaled(&mut a, x + y);
        prop_assert_eq!(a.add(gx, gy), want);
        prop_assert_eq!(sum_by_definition(&mut a, gx, gy, &mut HashMap::new()), want);
    }

    /// G : H is the canonical form of {G^L, G : H^L | G^R, G : H^R}: the closed forms
    /// for numbers (sign expansions end to end), for nimbers and along a number's sign
    /// expansion agree with the definition.
    #[test]
    fn ordinal_sum_agrees_with_its_definition(
        f in small_form(),
        h in small_form(),
        (m, k) in (-12i64..=12, 0u32..=3),
        (p, j) in (-12i64..=12, 0u32..=3),
    ) {
        let mut a = Arena::new();
        let (x, y) = (
            a.number(Dyadic::new(m.into(), k)),
            a.number(Dyadic::new(p.into(), j)),
        );
        let (g, h) = (f.build(&mut a), h.build(&mut a));
        for (g, h) in [(x, y), (g, y), (x, h), (g, h), (y, g)] {
            let want = ordinal_sum_by_definition(&mut a, g, h, &mut HashMap::new());
            let got = nimlab::conway::ops::ordinal_sum(&mut a, g, h).unwrap();
            prop_assert_eq!(got, want, "{} : {}", print(&mut a, g), print(&mut a, h));
        }
    }

    /// n · G made one copy at a time (`ops::times`) is the sum by doubling: the binary
    /// expansion of n, with sums of the arena. G is born by day 3: six copies of a hot
    /// game born by day 4 can have canonical forms too large for a test.
    #[test]
    fn multiples_agree_with_sums_by_doubling(f in small_leaf(), n in -6i64..=6) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        let got = nimlab::conway::ops::times(&mut a, &BigInt::from(n), g).unwrap();
        let base = if n < 0 { a.neg(g) } else { g };
        let (mut want, mut power, mut k) = (a.zero(), base, n.unsigned_abs());
        while k > 0 {
            if k & 1 == 1 {
                want = a.add(want, power);
            }
            power = a.add(power, power);
            k >>= 1;
        }
        prop_assert_eq!(got, want, "{} * {}", n, print(&mut a, g));
    }

    /// A printed game reads back, in a fresh session, as the same game.
    #[test]
    fn printed_games_read_back(f in print_form()) {
        let mut a = Arena::new();
        let g = f.build(&mut a);
        let text = print(&mut a, g);
        let mut s = Session::new();
        let read = s.eval_text(&text);
        let h = match read {
            Ok(Value::Game(h)) => h,
            other => return Err(TestCaseError::fail(format!("{text} read back as {other:?}"))),
        };
        prop_assert_eq!(print(&mut s.arena, h), text);
        let again = f.build(&mut s.arena);
        prop_assert_eq!(s.arena.compare(h, again), Comparison::Equal);
        prop_assert_eq!(h, again);
    }
}

/// The fixed-point helpers above, on the textbook cases.
#[test]
fn simplest_between_by_hand() {
    let n = |x: f64| (x * f64::from(1u32 << SCALE)) as i64;
    assert_eq!(simplest_between(Some(n(0.0)), Some(n(1.0))), n(0.5));
    assert_eq!(simplest_between(Some(n(-3.0)), Some(n(5.0))), 0);
    assert_eq!(simplest_between(Some(n(3.0)), None), n(4.0));
    assert_eq!(simplest_between(None, Some(n(-2.0))), n(-3.0));
    assert_eq!(simplest_between(Some(n(0.5)), Some(n(1.0))), n(0.75));
    assert_eq!(simplest_between(Some(n(1.25)), Some(n(1.5))), n(1.375));
    assert_eq!(simplest_between(Some(n(-1.0)), Some(n(-0.5))), n(-0.75));
    assert_eq!(simplest_between(None, None), 0);
}

/// {*0, …, *(n − 1) | *0, …, *(n − 1)} is the arena's *n whatever order its options were
/// made in (here the larger nimbers first).
#[test]
fn nimber_from_its_options_made_in_any_order() {
    for n in 1..6u64 {
        let mut a = Arena::new();
        let options: Vec<GameId> = (0..n).rev().map(|m| a.star(m)).collect();
        let g = a.game(options.clone(), options);
        let want = mex(&(0..n).collect::<Vec<_>>());
        let (star, zero) = (a.star(want), a.zero());
        assert_eq!(a.sub(g, star), zero, "*{want} from its options");
        assert_eq!(g, star, "*{want} from its options");
    }
}
