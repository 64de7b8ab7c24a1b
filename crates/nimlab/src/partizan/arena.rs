//! The arena of canonical forms: every short game nimlab meets, interned once, so that
//! equal games share one id.

use super::Dyadic;
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::sync::atomic::{AtomicBool, Ordering as Atomic};
use std::sync::Arc;

/// A short game in canonical form, as an index into an [`Arena`]: two games are equal
/// exactly when their ids are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

/// A number plus a multiple of up plus a nimber, `x + n·↑ + *m`: the values that take
/// the fast path (no option lists, sums and comparisons by arithmetic).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Nus {
    /// The number x.
    pub number: Dyadic,
    /// The multiple n of up (negative for down).
    pub ups: i64,
    /// The nimber m.
    pub nim: u64,
}

impl Nus {
    /// Whether this is a number (no ups, no nimber).
    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nim == 0
    }
}

/// A game's Left and Right options.
type OptionLists = (Box<[GameId]>, Box<[GameId]>);

/// A sum g + h to make, its two games in order.
type SumKey = (GameId, GameId);

/// One side of a comparison: a game of the arena, or the game `{l | r}` being made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Id(GameId),
    Temp,
}

/// A comparison `x ≤ y` under way: the options of x (then of y) tried so far.
#[derive(Debug, Clone, Copy)]
struct LeFrame {
    x: Side,
    y: Side,
    /// Trying y's Right options (after x's Left ones).
    right_stage: bool,
    i: usize,
}

#[derive(Debug)]
enum Node {
    Nus(Nus),
    Options {
        left: Box<[GameId]>,
        right: Box<[GameId]>,
    },
}

/// The outcome of comparing two games: `G < H`, `G = H`, `G > H`, or confused (`G ‖ H`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    /// G < H.
    Less,
    /// G = H.
    Equal,
    /// G > H.
    Greater,
    /// G ‖ H: neither G ≤ H nor H ≤ G.
    Confused,
}

/// Every canonical form made so far, with the memos of sums, negatives and comparisons.
///
/// A game is built from its options with [`Arena::game`], which removes dominated
/// options and bypasses reversible ones; numbers, ups and nimbers are kept as [`Nus`]
/// values and never expanded unless a computation needs their options.
///
/// ```
/// use nimlab::partizan::{Arena, Dyadic};
/// let mut a = Arena::new();
/// let zero = a.zero();
/// let star = a.star(1);
/// // {0|*} is up; up + up + * ... and {0,*|0} = up + *.
/// let up = a.game(vec![zero], vec![star]);
/// assert_eq!(up, a.up(1));
/// let upstar = a.game(vec![zero, star], vec![zero]);
/// assert_eq!(upstar, a.add(up, star));
/// // 1/2 + 1/2 = 1.
/// let half = a.number(Dyadic::new(1.into(), 1));
/// assert_eq!(a.add(half, half), a.integer(1));
/// ```
#[derive(Debug, Default)]
pub struct Arena {
    nodes: Vec<Node>,
    /// The Left and Right stops of each game, when it has options on both sides (a
    /// number's are itself): G ≤ H needs LS(G) ≤ LS(H) and RS(G) ≤ RS(H), and
    /// LS(G) < RS(H) gives G < H.
    stops: Vec<Option<(Dyadic, Dyadic)>>,
    expanded: Vec<Option<OptionLists>>,
    nus_ids: FxHashMap<Nus, GameId>,
    option_ids: FxHashMap<OptionLists, GameId>,
    le_memo: FxHashMap<(GameId, GameId), bool>,
    sum_memo: FxHashMap<(GameId, GameId), GameId>,
    neg_memo: FxHashMap<GameId, GameId>,
    interrupt: Option<Arc<AtomicBool>>,
    overflow: Option<(String, String)>,
    option_entries: usize,
}

/// The largest nimber, and the largest multiple of up, whose options an arena lists
/// (their sums and comparisons with each other need no options and have no limit).
pub const MAX_EXPANDED: u64 = 4096;

/// The most games an arena holds.
pub const MAX_GAMES: usize = 1 << 24;

/// The most options, counted over all its games, an arena holds (a gibibyte of ids).
pub const MAX_OPTIONS: usize = 1 << 28;

/// How many sums, negatives and comparisons an arena remembers before it forgets half of
/// them (each table then stays within a few hundred mebibytes).
const MAX_REMEMBERED: usize = 1 << 23;

/// A point in an arena's history to return to with [`Arena::rollback`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark(usize);

impl Arena {
    /// An empty arena.
    pub fn new() -> Arena {
        Arena::default()
    }

    /// How many distinct games the arena holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena holds no game.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Lets `flag` interrupt the arena's computations: once it is set, sums, comparisons
    /// and canonical forms return at once with meaningless results, so that a long
    /// computation ends quickly. The caller then discards what was computed since a
    /// [`Mark`] with [`Arena::rollback`], and clears the flag.
    ///
    /// ```
    /// use nimlab::partizan::Arena;
    /// use std::sync::{atomic::{AtomicBool, Ordering}, Arc};
    /// let mut a = Arena::new();
    /// let flag = Arc::new(AtomicBool::new(false));
    /// a.set_interrupt(Arc::clone(&flag));
    /// let (zero, star) = (a.zero(), a.star(1));
    /// let mark = a.mark();
    /// flag.store(true, Ordering::Relaxed);
    /// let _garbage = a.game(vec![zero], vec![star]);
    /// assert!(a.interrupted());
    /// a.rollback(mark);
    /// flag.store(false, Ordering::Relaxed);
    /// let up = a.game(vec![zero], vec![star]);
    /// assert_eq!(up, a.up(1));
    /// ```
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Whether the interrupt flag is set, or a limit was met ([`Arena::take_overflow`]):
    /// either way the arena's results are meaningless until a rollback.
    pub fn interrupted(&self) -> bool {
        self.overflow.is_some()
            || self
                .interrupt
                .as_ref()
                .is_some_and(|f| f.load(Atomic::Relaxed))
    }

    /// The limit a computation met, if it met one: what was asked and the limit, in
    /// words. Once a limit is met the arena stops working as if interrupted; the caller
    /// rolls back to a [`Mark`] and reports the limit.
    ///
    /// ```
    /// use nimlab::partizan::Arena;
    /// let mut a = Arena::new();
    /// let mark = a.mark();
    /// let huge = a.star(1 << 40);
    /// let _ = a.options(huge);
    /// let (what, limit) = a.take_overflow().unwrap();
    /// assert!(what.contains("*1099511627776"), "{what}");
    /// assert!(limit.contains("4096"), "{limit}");
    /// a.rollback(mark);
    /// assert!(!a.interrupted());
    /// ```
    pub fn take_overflow(&mut self) -> Option<(String, String)> {
        self.overflow.take()
    }

    fn overflow(&mut self, what: String, limit: String) {
        if self.overflow.is_none() {
            self.overflow = Some((what, limit));
        }
    }

    /// The arena's present state, to return to with [`Arena::rollback`].
    pub fn mark(&self) -> Mark {
        Mark(self.nodes.len())
    }

    /// Forgets every game made since `mark` and every remembered result (sums,
    /// comparisons, negatives, options of `x + n·↑ + *m` values), which an interrupted
    /// computation may have spoiled. Games made before the mark keep their ids.
    pub fn rollback(&mut self, mark: Mark) {
        let n = mark.0.min(self.nodes.len());
        self.nodes.truncate(n);
        self.stops.truncate(n);
        self.option_entries = self
            .nodes
            .iter()
            .map(|node| match node {
                Node::Options { left, right } => left.len() + right.len(),
                Node::Nus(_) => 0,
            })
            .sum();
        self.expanded.truncate(n);
        self.expanded.iter_mut().for_each(|e| *e = None);
        let keep = |id: &GameId| (id.0 as usize) < n;
        self.nus_ids.retain(|_, id| keep(id));
        self.option_ids.retain(|_, id| keep(id));
        self.le_memo.clear();
        self.sum_memo.clear();
        self.neg_memo.clear();
    }

    fn push(&mut self, node: Node) -> GameId {
        if self.nodes.len() >= MAX_GAMES {
            self.overflow(
                "a computation making more distinct games".to_string(),
                format!("{MAX_GAMES} games in one session"),
            );
        }
        let id = GameId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 games"));
        let stops = match &node {
            Node::Nus(n) => Some((n.number.clone(), n.number.clone())),
            Node::Options { left, right } => {
                let ls = left
                    .iter()
                    .map(|o| self.stops[o.0 as usize].as_ref().map(|s| &s.1))
                    .collect::<Option<Vec<_>>>()
                    .and_then(|v| v.into_iter().max().cloned());
                let rs = right
                    .iter()
                    .map(|o| self.stops[o.0 as usize].as_ref().map(|s| &s.0))
                    .collect::<Option<Vec<_>>>()
                    .and_then(|v| v.into_iter().min().cloned());
                ls.zip(rs)
            }
        };
        self.stops.push(stops);
        self.nodes.push(node);
        self.expanded.push(None);
        id
    }

    /// The game `x + n·↑ + *m`.
    pub fn nus(&mut self, nus: Nus) -> GameId {
        if let Some(&id) = self.nus_ids.get(&nus) {
            return id;
        }
        let id = self.push(Node::Nus(nus.clone()));
        self.nus_ids.insert(nus, id);
        id
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.nus(Nus {
            number: x,
            ups: 0,
            nim: 0,
        })
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::from(n))
    }

    /// Zero, the game with no options.
    pub fn zero(&mut self) -> GameId {
        self.integer(0)
    }

    /// The nimber `*m`.
    pub fn star(&mut self, m: u64) -> GameId {
        self.nus(Nus {
            number: Dyadic::zero(),
            ups: 0,
            nim: m,
        })
    }

    /// `n·↑` (down for negative n).
    pub fn up(&mut self, n: i64) -> GameId {
        self.nus(Nus {
            number: Dyadic::zero(),
            ups: n,
            nim: 0,
        })
    }

    /// The game as `x + n·↑ + *m`, when it is one.
    pub fn as_nus(&self, g: GameId) -> Option<&Nus> {
        match &self.nodes[g.0 as usize] {
            Node::Nus(n) => Some(n),
            Node::Options { .. } => None,
        }
    }

    /// The Left and Right stops of `g`, as the arena keeps them (every game it holds has
    /// them: a game with no option on a side is an integer).
    ///
    /// ```
    /// use nimlab::partizan::Arena;
    /// let mut a = Arena::new();
    /// let (three, one) = (a.integer(3), a.integer(1));
    /// let g = a.game(vec![three], vec![one]);
    /// let (l, r) = a.stops(g).unwrap();
    /// assert_eq!((l.to_string(), r.to_string()), ("3".to_string(), "1".to_string()));
    /// ```
    pub fn stops(&self, g: GameId) -> Option<(&Dyadic, &Dyadic)> {
        match &self.nodes[g.0 as usize] {
            Node::Nus(n) => Some((&n.number, &n.number)),
            Node::Options { .. } => self.stops[g.0 as usize].as_ref().map(|(l, r)| (l, r)),
        }
    }

    /// The game as a number, when it is one.
    pub fn as_number(&self, g: GameId) -> Option<&Dyadic> {
        self.as_nus(g).filter(|n| n.is_number()).map(|n| &n.number)
    }

    /// The canonical Left and Right options of `g`.
    pub fn options(&mut self, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
        let i = g.0 as usize;
        if let Node::Options { left, right } = &self.nodes[i] {
            return (left.to_vec(), right.to_vec());
        }
        if let Some((l, r)) = &self.expanded[i] {
            return (l.to_vec(), r.to_vec());
        }
        let Node::Nus(nus) = &self.nodes[i] else {
            unreachable!("options nodes returned above")
        };
        let nus = nus.clone();
        let (l, r) = self.expand(&nus);
        self.expanded[i] = Some((l.clone().into(), r.clone().into()));
        (l, r)
    }

    /// Makes sure the options of `g` are listed (those of `x + n·↑ + *m` are made on
    /// first use), so that [`Arena::option_count`] and `option_at` can read them.
    fn ensure_expanded(&mut self, g: GameId) {
        let i = g.0 as usize;
        if matches!(self.nodes[i], Node::Nus(_)) && self.expanded[i].is_none() {
            self.options(g);
        }
    }

    /// How many Left (`left`) or Right options `g` has, once expanded.
    fn option_count(&self, g: GameId, left: bool) -> usize {
        self.option_list(g, left).len()
    }

    /// The `i`-th Left (`left`) or Right option of `g`, once expanded.
    fn option_at(&self, g: GameId, left: bool, i: usize) -> GameId {
        self.option_list(g, left)[i]
    }

    fn option_list(&self, g: GameId, left: bool) -> &[GameId] {
        let i = g.0 as usize;
        let (l, r) = match &self.nodes[i] {
            Node::Options { left, right } => (left, right),
            Node::Nus(_) => {
                let (l, r) = self.expanded[i]
                    .as_ref()
                    .expect("options expanded before they are read");
                (l, r)
            }
        };
        if left {
            l
        } else {
            r
        }
    }

    /// The Left options of `g`.
    pub fn left(&mut self, g: GameId) -> Vec<GameId> {
        self.options(g).0
    }

    /// The Right options of `g`.
    pub fn right(&mut self, g: GameId) -> Vec<GameId> {
        self.options(g).1
    }

    /// The canonical options of `x + n·↑ + *m`, in closed form (as Conway and CGSuite
    /// give them): x + *m is {x + *k | x + *k} over k < m; x↑* is {x, x* | x};
    /// x + n·↑ + *m for n ≥ 1 otherwise is {x | x + (n−1)·↑ + *(m ^ 1)}; negatives mirror.
    fn expand(&mut self, nus: &Nus) -> (Vec<GameId>, Vec<GameId>) {
        let Nus { number, ups, nim } = nus;
        if *nim > MAX_EXPANDED || ups.unsigned_abs() > MAX_EXPANDED {
            let what = format!("the options of {}", crate::notation::print_nus(nus));
            self.overflow(
                what,
                format!(
                    "nimbers and multiples of up up to {MAX_EXPANDED} have their options listed"
                ),
            );
            return (Vec::new(), Vec::new());
        }
        if nus.is_number() {
            if number.is_integer() {
                return match number.signum() {
                    0 => (vec![], vec![]),
                    1 => (vec![self.number(number - &Dyadic::from(1))], vec![]),
                    _ => (vec![], vec![self.number(number + &Dyadic::from(1))]),
                };
            }
            let step = Dyadic::new(BigInt::from(1), number.exponent());
            return (
                vec![self.number(number - &step)],
                vec![self.number(number + &step)],
            );
        }
        let at = |a: &mut Arena, ups: i64, nim: u64| {
            a.nus(Nus {
                number: number.clone(),
                ups,
                nim,
            })
        };
        let x = at(self, 0, 0);
        match *ups {
            0 => {
                let stars: Vec<GameId> = sorted((0..*nim).map(|k| at(self, 0, k)).collect());
                (stars.clone(), stars)
            }
            1 if *nim == 1 => {
                let xs = at(self, 0, 1);
                (sorted(vec![x, xs]), vec![x])
            }
            -1 if *nim == 1 => {
                let xs = at(self, 0, 1);
                (vec![x], sorted(vec![x, xs]))
            }
            n if n > 0 => (vec![x], vec![at(self, n - 1, nim ^ 1)]),
            n => (vec![at(self, n + 1, nim ^ 1)], vec![x]),
        }
    }

    /// The game `{left | right}` in canonical form.
    pub fn game(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        if self.interrupted() {
            return self.zero();
        }
        let (l, r) = self.simplify(left, right);
        if let Some(id) = self.recognize(&l, &r) {
            return id;
        }
        self.intern(l, r)
    }

    fn intern(&mut self, l: Vec<GameId>, r: Vec<GameId>) -> GameId {
        let key: OptionLists = (l.into(), r.into());
        if let Some(&id) = self.option_ids.get(&key) {
            return id;
        }
        self.option_entries += key.0.len() + key.1.len();
        if self.option_entries > MAX_OPTIONS {
            self.overflow(
                "a computation making games with more options".to_string(),
                format!("{MAX_OPTIONS} options over all the games of one session"),
            );
        }
        let id = self.push(Node::Options {
            left: key.0.clone(),
            right: key.1.clone(),
        });
        self.option_ids.insert(key, id);
        id
    }

    /// The number or `x + n·↑ + *m` whose canonical options are `l` and `r`, if any.
    fn recognize(&mut self, l: &[GameId], r: &[GameId]) -> Option<GameId> {
        let all: Vec<Nus> = l
            .iter()
            .chain(r)
            .map(|&g| self.as_nus(g).cloned())
            .collect::<Option<_>>()?;
        let (ln, rn) = all.split_at(l.len());
        if all.iter().all(Nus::is_number) {
            let lo = ln.iter().map(|n| &n.number).max();
            let hi = rn.iter().map(|n| &n.number).min();
            if let Some(x) = Dyadic::simplest_between(lo, hi) {
                return Some(self.number(x));
            }
        }
        let x = all.first()?.number.clone();
        if all.iter().any(|n| n.number != x) {
            return None;
        }
        let at = |a: &mut Arena, ups: i64, nim: u64| {
            a.nus(Nus {
                number: x.clone(),
                ups,
                nim,
            })
        };
        // The closed forms of `expand`, read backwards.
        let mut nims: Vec<u64> = ln.iter().filter(|n| n.ups == 0).map(|n| n.nim).collect();
        nims.sort_unstable();
        if l == r && nims.len() == ln.len() && nims.iter().enumerate().all(|(i, &m)| m == i as u64)
        {
            return Some(at(self, 0, l.len() as u64));
        }
        let is_x = |n: &Nus| n.ups == 0 && n.nim == 0;
        let is_x_star = |n: &Nus| n.ups == 0 && n.nim == 1;
        match (ln, rn) {
            ([a, b], [c])
                if is_x(c) && ((is_x(a) && is_x_star(b)) || (is_x_star(a) && is_x(b))) =>
            {
                Some(at(self, 1, 1))
            }
            ([c], [a, b])
                if is_x(c) && ((is_x(a) && is_x_star(b)) || (is_x_star(a) && is_x(b))) =>
            {
                Some(at(self, -1, 1))
            }
            ([a], [g]) if is_x(a) && !is_x(g) && g.ups >= 0 => Some(at(self, g.ups + 1, g.nim ^ 1)),
            ([g], [a]) if is_x(a) && !is_x(g) && g.ups <= 0 => Some(at(self, g.ups - 1, g.nim ^ 1)),
            _ => None,
        }
    }

    /// Removes dominated options and bypasses reversible ones until neither is left:
    /// the canonical options of `{left | right}`.
    fn simplify(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> (Vec<GameId>, Vec<GameId>) {
        let (mut l, mut r) = (sorted(left), sorted(right));
        // Comparisons with G = {l | r}: removing dominated options and bypassing
        // reversible ones keep G's value, so they stay valid as l and r change.
        let mut memo = FxHashMap::default();
        loop {
            l = self.undominated(l, true);
            r = self.undominated(r, false);
            let mut changed = false;
            // A Left option with a Right answer at most G is replaced by that answer's
            // Left options, which are looked at in their turn; all in one pass.
            let mut i = 0;
            while i < l.len() {
                if self.interrupted() {
                    return (l, r);
                }
                let a = l[i];
                let mut reversed = None;
                for ar in self.right(a) {
                    if self.le_temp(ar, true, &l, &r, &mut memo) {
                        reversed = Some(ar);
                        break;
                    }
                }
                match reversed {
                    Some(ar) => {
                        l.swap_remove(i);
                        for o in self.left(ar) {
                            if !l.contains(&o) {
                                l.push(o);
                            }
                        }
                        changed = true;
                    }
                    None => i += 1,
                }
            }
            let mut i = 0;
            while i < r.len() {
                if self.interrupted() {
                    return (l, r);
                }
                let a = r[i];
                let mut reversed = None;
                for al in self.left(a) {
                    if self.le_temp(al, false, &l, &r, &mut memo) {
                        reversed = Some(al);
                        break;
                    }
                }
                match reversed {
                    Some(al) => {
                        r.swap_remove(i);
                        for o in self.right(al) {
                            if !r.contains(&o) {
                                r.push(o);
                            }
                        }
                        changed = true;
                    }
                    None => i += 1,
                }
            }
            l = sorted(l);
            r = sorted(r);
            if !changed {
                return (l, r);
            }
        }
    }

    /// The options not dominated by another: for Left, those not at most another; for
    /// Right, those not at least another.
    fn undominated(&mut self, options: Vec<GameId>, left: bool) -> Vec<GameId> {
        let mut keep = Vec::with_capacity(options.len());
        for (i, &a) in options.iter().enumerate() {
            let dominated = options.iter().enumerate().any(|(j, &b)| {
                j != i && {
                    let (lo, hi) = if left { (a, b) } else { (b, a) };
                    // Equal options are one option (ids are unique), so ≤ is strict here.
                    self.le(lo, hi)
                }
            });
            if !dominated {
                keep.push(a);
            }
        }
        keep
    }

    /// Whether `x ≤ G` (`x_below`) or `G ≤ x` for `G = {l | r}` not yet in the arena.
    /// `memo` remembers the answers for this G (keyed by x and the side of the
    /// comparison).
    fn le_temp(
        &mut self,
        x: GameId,
        x_below: bool,
        l: &[GameId],
        r: &[GameId],
        memo: &mut FxHashMap<(GameId, bool), bool>,
    ) -> bool {
        let (a, b) = if x_below {
            (Side::Id(x), Side::Temp)
        } else {
            (Side::Temp, Side::Id(x))
        };
        self.le_sides(a, b, l, r, memo)
    }

    /// Whether `g ≤ h`.
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        self.le_sides(
            Side::Id(g),
            Side::Id(h),
            &[],
            &[],
            &mut FxHashMap::default(),
        )
    }

    /// `x ≤ y` at once, when no option needs to be looked at: equal games, two
    /// `x + n·↑ + *m` values, a remembered answer, or an answer from the stops. An
    /// interrupted arena answers `false`.
    fn le_at_once(&self, x: Side, y: Side, memo: &FxHashMap<(GameId, bool), bool>) -> Option<bool> {
        let (g, h) = match (x, y) {
            (Side::Id(g), Side::Id(h)) => (g, h),
            (Side::Id(g), Side::Temp) => {
                return memo
                    .get(&(g, true))
                    .copied()
                    .or_else(|| self.interrupted().then_some(false))
            }
            (Side::Temp, Side::Id(g)) => {
                return memo
                    .get(&(g, false))
                    .copied()
                    .or_else(|| self.interrupted().then_some(false))
            }
            (Side::Temp, Side::Temp) => return Some(true),
        };
        if g == h {
            return Some(true);
        }
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            return Some(nus_le(a, b));
        }
        if let Some(&v) = self.le_memo.get(&(g, h)) {
            return Some(v);
        }
        if self.interrupted() {
            return Some(false);
        }
        if let (Some((lg, rg)), Some((lh, rh))) =
            (&self.stops[g.0 as usize], &self.stops[h.0 as usize])
        {
            if lg > lh || rg > rh {
                return Some(false);
            }
            // LS(G) < RS(H) makes H − G positive (its Right stop is at least
            // RS(H) − LS(G) > 0), so G < H.
            if lg < rh {
                return Some(true);
            }
        }
        None
    }

    /// The `i`-th Left (`left`) or Right option of a side, if it has that many.
    fn side_option(
        &mut self,
        s: Side,
        left: bool,
        i: usize,
        l: &[GameId],
        r: &[GameId],
    ) -> Option<GameId> {
        match s {
            Side::Temp => (if left { l } else { r }).get(i).copied(),
            Side::Id(g) => {
                self.ensure_expanded(g);
                (i < self.option_count(g, left)).then(|| self.option_at(g, left, i))
            }
        }
    }

    /// `x ≤ y` by the definition — x ≤ y unless some x^L ≥ y or some y^R ≤ x — walked
    /// with a stack of its own rather than by recursion, so that games of any depth
    /// compare. Between two games of the arena, by number avoidance, a number's own
    /// options need not be tried against a game that is not a number.
    fn le_sides(
        &mut self,
        x: Side,
        y: Side,
        l: &[GameId],
        r: &[GameId],
        memo: &mut FxHashMap<(GameId, bool), bool>,
    ) -> bool {
        if let Some(v) = self.le_at_once(x, y, memo) {
            return v;
        }
        let mut stack = vec![LeFrame {
            x,
            y,
            right_stage: false,
            i: 0,
        }];
        // The answer of the frame just finished, for the frame below it.
        let mut returned: Option<bool> = None;
        loop {
            let top = stack.len() - 1;
            let mut result = None;
            match returned.take() {
                // The option tried answered the question: this comparison fails.
                Some(true) => result = Some(false),
                Some(false) => stack[top].i += 1,
                None => {}
            }
            while result.is_none() {
                let LeFrame {
                    x,
                    y,
                    right_stage,
                    i,
                } = stack[top];
                let skip = match (x, y) {
                    (Side::Id(g), Side::Id(h)) => {
                        let number = if right_stage { h } else { g };
                        self.as_number(number).is_some()
                    }
                    _ => false,
                };
                let probe = if skip {
                    None
                } else if right_stage {
                    self.side_option(y, false, i, l, r)
                        .map(|yr| (Side::Id(yr), x))
                } else {
                    self.side_option(x, true, i, l, r)
                        .map(|xl| (y, Side::Id(xl)))
                };
                match probe {
                    None if !right_stage => {
                        stack[top].right_stage = true;
                        stack[top].i = 0;
                    }
                    None => result = Some(true),
                    Some((p, q)) => match self.le_at_once(p, q, memo) {
                        Some(true) => result = Some(false),
                        Some(false) => stack[top].i += 1,
                        None => {
                            stack.push(LeFrame {
                                x: p,
                                y: q,
                                right_stage: false,
                                i: 0,
                            });
                            break;
                        }
                    },
                }
            }
            let Some(v) = result else { continue };
            let f = stack.pop().expect("the frame just looked at");
            match (f.x, f.y) {
                (Side::Id(g), Side::Id(h)) => {
                    if self.le_memo.len() >= MAX_REMEMBERED {
                        // A cache: forgetting costs time, never a wrong answer.
                        forget_half(&mut self.le_memo);
                    }
                    self.le_memo.insert((g, h), v);
                }
                (Side::Id(g), Side::Temp) => {
                    memo.insert((g, true), v);
                }
                (Side::Temp, Side::Id(g)) => {
                    memo.insert((g, false), v);
                }
                (Side::Temp, Side::Temp) => {}
            }
            if stack.is_empty() {
                return v;
            }
            returned = Some(v);
        }
    }

    /// How `g` compares with `h`.
    pub fn compare(&mut self, g: GameId, h: GameId) -> Comparison {
        match (self.le(g, h), self.le(h, g)) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        }
    }

    /// `-g` at once: for `x + n·↑ + *m`, or when remembered.
    fn neg_at_once(&mut self, g: GameId) -> Option<GameId> {
        if let Some(n) = self.as_nus(g) {
            let n = Nus {
                number: -&n.number,
                ups: -n.ups,
                nim: n.nim,
            };
            return Some(self.nus(n));
        }
        self.neg_memo.get(&g).copied()
    }

    /// `-g`, made from the negatives of g's followers (with a stack of its own, for
    /// games of any depth).
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.neg_at_once(g) {
            return v;
        }
        let mut done: FxHashMap<GameId, GameId> = FxHashMap::default();
        let mut stack = vec![(g, false)];
        while let Some((x, ready)) = stack.pop() {
            if done.contains_key(&x) {
                continue;
            }
            if let Some(v) = self.neg_at_once(x) {
                done.insert(x, v);
                continue;
            }
            let (l, r) = self.options(x);
            if !ready {
                stack.push((x, true));
                stack.extend(l.into_iter().chain(r).map(|o| (o, false)));
                continue;
            }
            let zero = self.zero();
            let negated = |os: Vec<GameId>| -> Vec<GameId> {
                sorted(
                    os.iter()
                        .map(|o| done.get(o).copied().unwrap_or(zero))
                        .collect(),
                )
            };
            let nl = negated(r);
            let nr = negated(l);
            let v = self.intern(nl, nr);
            if self.neg_memo.len() >= MAX_REMEMBERED {
                // Both directions are looked up, so either may be forgotten alone.
                forget_half(&mut self.neg_memo);
            }
            self.neg_memo.insert(x, v);
            self.neg_memo.insert(v, x);
            done.insert(x, v);
        }
        done.get(&g).copied().unwrap_or_else(|| self.zero())
    }

    /// `g + h` at once: for two `x + n·↑ + *m` values, when remembered, or (meaningless)
    /// when the arena is interrupted.
    fn add_at_once(&mut self, key: (GameId, GameId)) -> Option<GameId> {
        let (g, h) = key;
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            let n = Nus {
                number: &a.number + &b.number,
                ups: a.ups + b.ups,
                nim: a.nim ^ b.nim,
            };
            return Some(self.nus(n));
        }
        if let Some(&v) = self.sum_memo.get(&key) {
            return Some(v);
        }
        if self.interrupted() {
            return Some(self.zero());
        }
        None
    }

    /// The sums `g + h` needs first: with a number x, the other game's options plus x
    /// (number translation); otherwise every option of each plus the other game.
    fn summands(&mut self, g: GameId, h: GameId) -> (Vec<SumKey>, Vec<SumKey>, bool) {
        let key = |a: GameId, b: GameId| if a <= b { (a, b) } else { (b, a) };
        let translate = self.as_number(g).is_some() != self.as_number(h).is_some();
        if translate {
            let (x, other) = if self.as_number(g).is_some() {
                (g, h)
            } else {
                (h, g)
            };
            let (l, r) = self.options(other);
            let l = l.into_iter().map(|o| key(o, x)).collect();
            let r = r.into_iter().map(|o| key(o, x)).collect();
            return (l, r, true);
        }
        let (gl, gr) = self.options(g);
        let (hl, hr) = self.options(h);
        let l = gl
            .into_iter()
            .map(|o| key(o, h))
            .chain(hl.into_iter().map(|o| key(g, o)))
            .collect();
        let r = gr
            .into_iter()
            .map(|o| key(o, h))
            .chain(hr.into_iter().map(|o| key(g, o)))
            .collect();
        (l, r, false)
    }

    /// `g + h`: {G^L + H, G + H^L | G^R + H, G + H^R} in canonical form, the sums of the
    /// options made first (with a stack of its own, for games of any depth).
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        let root = if g <= h { (g, h) } else { (h, g) };
        if let Some(v) = self.add_at_once(root) {
            return v;
        }
        let mut done: FxHashMap<SumKey, GameId> = FxHashMap::default();
        let mut stack = vec![(root, false)];
        while let Some((key, ready)) = stack.pop() {
            if done.contains_key(&key) {
                continue;
            }
            if let Some(v) = self.add_at_once(key) {
                done.insert(key, v);
                continue;
            }
            let (l, r, translated) = self.summands(key.0, key.1);
            if !ready {
                stack.push((key, true));
                stack.extend(l.into_iter().chain(r).map(|k| (k, false)));
                continue;
            }
            let zero = self.zero();
            let found = |ks: Vec<SumKey>| -> Vec<GameId> {
                ks.iter()
                    .map(|k| done.get(k).copied().unwrap_or(zero))
                    .collect()
            };
            let (l, r) = (found(l), found(r));
            let v = if translated {
                // Number translation: the sum of a number and a game that is not one is
                // already canonical when made from the game's canonical options.
                self.intern(sorted(l), sorted(r))
            } else {
                self.game(l, r)
            };
            if self.sum_memo.len() >= MAX_REMEMBERED {
                forget_half(&mut self.sum_memo);
            }
            self.sum_memo.insert(key, v);
            done.insert(key, v);
        }
        done.get(&root).copied().unwrap_or_else(|| self.zero())
    }

    /// `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.add(g, nh)
    }
}

/// Forgets about half of a memo's entries (every other one in the table's order), so that
/// a full memo keeps much of what it knows instead of starting again from nothing.
fn forget_half<K, V>(memo: &mut FxHashMap<K, V>) {
    let mut keep = false;
    memo.retain(|_, _| {
        keep = !keep;
        keep
    });
}

fn sorted(mut v: Vec<GameId>) -> Vec<GameId> {
    v.sort_unstable();
    v.dedup();
    v
}

/// `a ≤ b` for two values `x + n·↑ + *m`.
fn nus_le(a: &Nus, b: &Nus) -> bool {
    match a.number.cmp(&b.number) {
        Ordering::Less => true,
        Ordering::Greater => false,
        Ordering::Equal => {
            // a - b = n·↑ + *m is ≤ 0 when it is 0 or negative: n ≤ -1, except ↓* (n = -1,
            // m = 1), which is confused with 0.
            let n = a.ups - b.ups;
            let m = a.nim ^ b.nim;
            (n == 0 && m == 0) || (n <= -1 && !(n == -1 && m == 1))
        }
    }
}
