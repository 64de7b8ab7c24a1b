//! The arena of canonical forms: every short game nimlab meets, interned once, so that
//! equal games share one id.

use super::Dyadic;
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::fmt;
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

/// `x + n·↑ + *m` as CGSuite writes it: `0`, `5`, `-1/2`, `9/8*`, `^`, `^^`, `^3`, `v*`,
/// `6^*`, `^*6`, `73/16v9*8`; except that a number followed by three or more ups, which
/// CGSuite writes `2^3` but reads as the power 8, is written `2+^3`.
///
/// ```
/// use nimlab::conway::{Dyadic, Nus};
/// let n = Nus { number: Dyadic::new(73.into(), 4), ups: -9, nim: 8 };
/// assert_eq!(n.to_string(), "73/16v9*8");
/// let n = Nus { number: Dyadic::from(2), ups: 3, nim: 1 };
/// assert_eq!(n.to_string(), "2+^3*");
/// ```
impl fmt::Display for Nus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self;
        let mut s = String::new();
        if !n.number.is_zero() || (n.ups == 0 && n.nim == 0) {
            s.push_str(&n.number.to_string());
            if n.ups >= 3 {
                s.push('+');
            }
        }
        let (arrow, count) = if n.ups >= 0 {
            ('^', n.ups)
        } else {
            ('v', -n.ups)
        };
        match count {
            0 => {}
            1 => s.push(arrow),
            2 => {
                s.push(arrow);
                s.push(arrow);
            }
            k => {
                s.push(arrow);
                s.push_str(&k.to_string());
            }
        }
        match n.nim {
            0 => {}
            1 => s.push('*'),
            m => s.push_str(&format!("*{m}")),
        }
        f.write_str(&s)
    }
}

/// A game's Left and Right options.
type OptionLists = (Box<[GameId]>, Box<[GameId]>);

/// A sum g + h of two bases to make, the two in order.
type SumKey = (GameId, GameId);

/// The groups of a game's Left and Right options whose members are known to be
/// incomparable with each other (see [`Arena::game_grouped`]).
type Groups = (FxHashMap<GameId, u8>, FxHashMap<GameId, u8>);

/// A summand of a sum: made already, or a sum of bases plus a number.
/// Each with its group: 0 for an option of the first game plus the second, 1 for the
/// first game plus an option of the second.
#[derive(Debug, Clone)]
enum Summand {
    Ready(GameId, u8),
    Sum(SumKey, Dyadic, u8),
}

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
    /// The pair as it was asked, before [`Arena::translated`] (remembered too).
    asked: (Side, Side),
    /// Trying y's Right options (after x's Left ones).
    right_stage: bool,
    i: usize,
}

/// A game of the arena. Every game that is not `x + n·↑ + *m` is kept as a number plus a
/// game whose Left stop is 0 (its *base*): `Options` holds a base, `Shifted` a base
/// translated by a number. So each value has one id, and a sum with a number (number
/// translation) or of two translated games is found at once from the bases.
#[derive(Debug)]
enum Node {
    Nus(Nus),
    /// A base: a game whose Left stop is 0, by its canonical options.
    Options {
        left: Box<[GameId]>,
        right: Box<[GameId]>,
    },
    /// `base + by`, for a base and a number `by` other than 0.
    Shifted {
        base: GameId,
        by: Dyadic,
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
/// use nimlab::conway::{Arena, Dyadic};
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
    /// The stops again as `f64`, where they are exact in one ([`Dyadic::to_f64_exact`]),
    /// NaN where they are not or are not known: compared without touching the
    /// numerators.
    quick_stops: Vec<(f64, f64)>,
    /// For each game G, a bound t such that G + c + *j ≥ 0 (and ≤ 0) is answered the same
    /// for every j ≥ t and every number c (see [`Arena::nim_threshold`]).
    thresholds: Vec<u64>,
    /// The bound of `thresholds` for the game `{l | r}` being made by `simplify`.
    temp_threshold: u64,
    expanded: Vec<Option<OptionLists>>,
    nus_ids: FxHashMap<Nus, GameId>,
    option_ids: FxHashMap<OptionLists, GameId>,
    shifted_ids: FxHashMap<(GameId, Dyadic), GameId>,
    le_memo: FxHashMap<(GameId, GameId), bool>,
    sum_memo: FxHashMap<(GameId, GameId), GameId>,
    neg_memo: FxHashMap<GameId, GameId>,
    interrupt: Option<Arc<AtomicBool>>,
    overflow: Option<(String, String)>,
    option_entries: usize,
    /// The stack of [`Arena::le_sides`], kept to be used again.
    le_stack: Vec<LeFrame>,
    /// The id of zero, once made.
    zero_id: Option<GameId>,
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
    /// use nimlab::conway::Arena;
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

    /// Whether the interrupt flag is set, the current [`crate::limits`] scope was asked to
    /// stop, or a limit was met ([`Arena::take_overflow`]): either way the arena's results
    /// are meaningless until a rollback.
    pub fn interrupted(&self) -> bool {
        self.overflow.is_some()
            || crate::limits::stopped()
            || self
                .interrupt
                .as_ref()
                .is_some_and(|f| f.load(Atomic::Relaxed))
    }

    /// The error that says why the arena stopped working: the current scope's time or
    /// memory limit, or [`crate::Error::Interrupted`].
    ///
    /// ```
    /// use nimlab::limits::{Reason, Stop};
    /// let a = nimlab::conway::Arena::new();
    /// let stop = Stop::new();
    /// stop.request(Reason::Time);
    /// assert!(matches!(stop.scope(|| a.stop_error()), nimlab::Error::TimeLimit { .. }));
    /// assert_eq!(a.stop_error(), nimlab::Error::Interrupted);
    /// ```
    pub fn stop_error(&self) -> crate::Error {
        crate::limits::check()
            .err()
            .unwrap_or(crate::Error::Interrupted)
    }

    /// The limit a computation met, if it met one: what was asked and the limit, in
    /// words. Once a limit is met the arena stops working as if interrupted; the caller
    /// rolls back to a [`Mark`] and reports the limit.
    ///
    /// ```
    /// use nimlab::conway::Arena;
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
        if self.zero_id.is_some_and(|z| z.0 as usize >= n) {
            self.zero_id = None;
        }
        self.nodes.truncate(n);
        self.stops.truncate(n);
        self.quick_stops.truncate(n);
        self.thresholds.truncate(n);
        self.option_entries = self
            .nodes
            .iter()
            .map(|node| match node {
                Node::Options { left, right } => left.len() + right.len(),
                Node::Nus(_) | Node::Shifted { .. } => 0,
            })
            .sum();
        self.expanded.truncate(n);
        self.expanded.iter_mut().for_each(|e| *e = None);
        let keep = |id: &GameId| (id.0 as usize) < n;
        self.nus_ids.retain(|_, id| keep(id));
        self.option_ids.retain(|_, id| keep(id));
        self.shifted_ids.retain(|_, id| keep(id));
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
            Node::Options { left, right } => self.left_stop(left).zip(self.right_stop(right)),
            Node::Shifted { base, by } => self.stops[base.0 as usize]
                .as_ref()
                .map(|(l, r)| (l + by, r + by)),
        };
        let threshold = match &node {
            Node::Nus(n) => n.nim.saturating_add(2),
            Node::Options { left, right } => left
                .iter()
                .chain(right.iter())
                .map(|o| self.thresholds[o.0 as usize])
                .max()
                .unwrap_or(0),
            Node::Shifted { base, .. } => self.thresholds[base.0 as usize],
        };
        self.thresholds.push(threshold);
        let quick = |d: Option<&Dyadic>| d.and_then(Dyadic::to_f64_exact).unwrap_or(f64::NAN);
        self.quick_stops.push((
            quick(stops.as_ref().map(|s| &s.0)),
            quick(stops.as_ref().map(|s| &s.1)),
        ));
        self.stops.push(stops);
        self.nodes.push(node);
        self.expanded.push(None);
        id
    }

    /// The Left stop of a game with Left options `left`: the largest of their Right
    /// stops (`None` when there is no option, or one's stops are not known).
    fn left_stop(&self, left: &[GameId]) -> Option<Dyadic> {
        let mut best: Option<&Dyadic> = None;
        for o in left {
            let s = &self.stops[o.0 as usize].as_ref()?.1;
            if best.is_none_or(|b| s > b) {
                best = Some(s);
            }
        }
        best.cloned()
    }

    /// The Right stop of a game with Right options `right`: the least of their Left stops.
    fn right_stop(&self, right: &[GameId]) -> Option<Dyadic> {
        let mut best: Option<&Dyadic> = None;
        for o in right {
            let s = &self.stops[o.0 as usize].as_ref()?.0;
            if best.is_none_or(|b| s < b) {
                best = Some(s);
            }
        }
        best.cloned()
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
        if let Some(z) = self.zero_id {
            return z;
        }
        let z = self.integer(0);
        self.zero_id = Some(z);
        z
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
            Node::Options { .. } | Node::Shifted { .. } => None,
        }
    }

    /// The Left and Right stops of `g`, as the arena keeps them (every game it holds has
    /// them: a game with no option on a side is an integer).
    ///
    /// ```
    /// use nimlab::conway::Arena;
    /// let mut a = Arena::new();
    /// let (three, one) = (a.integer(3), a.integer(1));
    /// let g = a.game(vec![three], vec![one]);
    /// let (l, r) = a.stops(g).unwrap();
    /// assert_eq!((l.to_string(), r.to_string()), ("3".to_string(), "1".to_string()));
    /// ```
    pub fn stops(&self, g: GameId) -> Option<(&Dyadic, &Dyadic)> {
        match &self.nodes[g.0 as usize] {
            Node::Nus(n) => Some((&n.number, &n.number)),
            Node::Options { .. } | Node::Shifted { .. } => {
                self.stops[g.0 as usize].as_ref().map(|(l, r)| (l, r))
            }
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
        let (l, r) = match &self.nodes[i] {
            Node::Nus(nus) => {
                let nus = nus.clone();
                self.expand(&nus)
            }
            Node::Shifted { base, by } => {
                // Number translation: the options of base + x are the base's plus x.
                let (base, by) = (*base, by.clone());
                let (l, r) = self.options(base);
                let l = l.into_iter().map(|o| self.shift(o, &by)).collect();
                let r = r.into_iter().map(|o| self.shift(o, &by)).collect();
                (sorted(l), sorted(r))
            }
            Node::Options { .. } => unreachable!("returned above"),
        };
        self.expanded[i] = Some((l.clone().into(), r.clone().into()));
        (l, r)
    }

    /// Makes sure the options of `g` are listed (those of `x + n·↑ + *m` and of a
    /// translated game are made on first use), so that `option_list` can read them.
    fn ensure_expanded(&mut self, g: GameId) {
        let i = g.0 as usize;
        if !matches!(self.nodes[i], Node::Options { .. }) && self.expanded[i].is_none() {
            self.options(g);
        }
    }

    fn option_list(&self, g: GameId, left: bool) -> &[GameId] {
        let i = g.0 as usize;
        let (l, r) = match &self.nodes[i] {
            Node::Options { left, right } => (left, right),
            Node::Nus(_) | Node::Shifted { .. } => {
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
            let what = format!("the options of {}", nus);
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
        self.game_grouped(left, right, &Groups::default())
    }

    /// `{left | right}` in canonical form, where options of the same group in `groups`
    /// are known to be incomparable (the options G^L + H of a sum, for the distinct
    /// canonical G^L), so that only options of different groups are compared for
    /// domination.
    fn game_grouped(&mut self, left: Vec<GameId>, right: Vec<GameId>, groups: &Groups) -> GameId {
        if self.interrupted() {
            return self.zero();
        }
        let (l, r) = self.simplify(left, right, groups);
        if let Some(id) = self.recognize(&l, &r) {
            return id;
        }
        self.intern(l, r)
    }

    /// The game with canonical options `l` and `r` (not `x + n·↑ + *m`): its base, the
    /// game less its Left stop c, made from the options less c, translated by c.
    fn intern(&mut self, l: Vec<GameId>, r: Vec<GameId>) -> GameId {
        let c = self.left_stop(&l).unwrap_or_else(Dyadic::zero);
        if c.is_zero() {
            return self.intern_base(l, r);
        }
        let minus_c = -&c;
        let l = sorted(l.into_iter().map(|o| self.shift(o, &minus_c)).collect());
        let r = sorted(r.into_iter().map(|o| self.shift(o, &minus_c)).collect());
        let base = self.intern_base(l, r);
        self.shift(base, &c)
    }

    /// The base with canonical options `l` and `r` (whose Left stop is 0).
    fn intern_base(&mut self, l: Vec<GameId>, r: Vec<GameId>) -> GameId {
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

    /// `g + x` for a number `x`, at once: a number, ups and nimber has its number moved,
    /// any other game its translation by x recorded (its options are made when needed).
    ///
    /// ```
    /// use nimlab::conway::{Arena, Dyadic};
    /// let mut a = Arena::new();
    /// let (three, one) = (a.integer(3), a.integer(1));
    /// let g = a.game(vec![three], vec![one]);
    /// let h = a.shift(g, &Dyadic::from(-1));
    /// let (two, zero) = (a.integer(2), a.integer(0));
    /// assert_eq!(h, a.game(vec![two], vec![zero]));
    /// let minus_one = a.integer(-1);
    /// assert_eq!(h, a.add(g, minus_one));
    /// ```
    pub fn shift(&mut self, g: GameId, x: &Dyadic) -> GameId {
        if x.is_zero() {
            return g;
        }
        let (base, by) = match &self.nodes[g.0 as usize] {
            Node::Nus(n) => {
                let n = Nus {
                    number: &n.number + x,
                    ups: n.ups,
                    nim: n.nim,
                };
                return self.nus(n);
            }
            Node::Options { .. } => (g, x.clone()),
            Node::Shifted { base, by } => (*base, by + x),
        };
        if by.is_zero() {
            return base;
        }
        let key = (base, by);
        if let Some(&id) = self.shifted_ids.get(&key) {
            return id;
        }
        let id = self.push(Node::Shifted {
            base,
            by: key.1.clone(),
        });
        self.shifted_ids.insert(key, id);
        id
    }

    /// `g` as a base (a game with Left stop 0, or `n·↑ + *m`) plus a number. A game and
    /// its translations share their base, so what is found for a base (a thermograph, an
    /// uptimal expansion) serves every translation of it.
    pub(crate) fn decompose(&mut self, g: GameId) -> (GameId, Dyadic) {
        match &self.nodes[g.0 as usize] {
            Node::Nus(n) => {
                let (x, rest) = (
                    n.number.clone(),
                    Nus {
                        number: Dyadic::zero(),
                        ups: n.ups,
                        nim: n.nim,
                    },
                );
                (self.nus(rest), x)
            }
            Node::Options { .. } => (g, Dyadic::zero()),
            Node::Shifted { base, by } => (*base, by.clone()),
        }
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
    fn simplify(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
        groups: &Groups,
    ) -> (Vec<GameId>, Vec<GameId>) {
        // The bound of `{left | right}` (one more than its options', should it be a
        // nimber); bypassing reversible options brings in followers of the options only,
        // whose bounds are no larger.
        let outer = self.temp_threshold;
        self.temp_threshold = left
            .iter()
            .chain(&right)
            .map(|o| self.thresholds[o.0 as usize])
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        let v = self.simplify_options(left, right, groups);
        self.temp_threshold = outer;
        v
    }

    fn simplify_options(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
        groups: &Groups,
    ) -> (Vec<GameId>, Vec<GameId>) {
        let (mut l, mut r) = (sorted(left), sorted(right));
        // Comparisons with G = {l | r}: removing dominated options and bypassing
        // reversible ones keep G's value, so they stay valid as l and r change.
        let mut memo = FxHashMap::default();
        loop {
            l = self.undominated(l, true, &groups.0);
            r = self.undominated(r, false, &groups.1);
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
                self.ensure_expanded(a);
                for k in 0..self.option_list(a, false).len() {
                    let ar = self.option_list(a, false)[k];
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
                self.ensure_expanded(a);
                for k in 0..self.option_list(a, true).len() {
                    let al = self.option_list(a, true)[k];
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
    /// Right, those not at least another. Two options of one group (in `group`) are
    /// known to be incomparable and are not compared.
    fn undominated(
        &mut self,
        options: Vec<GameId>,
        left: bool,
        group: &FxHashMap<GameId, u8>,
    ) -> Vec<GameId> {
        if options.len() < 2 {
            return options;
        }
        let mut keep = Vec::with_capacity(options.len());
        let group_of: Vec<Option<u8>> = if group.is_empty() {
            Vec::new()
        } else {
            options.iter().map(|o| group.get(o).copied()).collect()
        };
        let group_at = |i: usize| group_of.get(i).copied().flatten();
        for (i, &a) in options.iter().enumerate() {
            if i % 1024 == 1023 && self.interrupted() {
                return options;
            }
            let dominated = options.iter().enumerate().any(|(j, &b)| {
                j != i && (group_at(i).is_none() || group_at(i) != group_at(j)) && {
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

    /// `g ≤ h` at once from what a translation of both games by one number keeps: equal
    /// games, two `x + n·↑ + *m` values, or the stops (compared as `f64` when all four
    /// are exact in one, see [`Dyadic::to_f64_exact`]).
    #[inline]
    fn le_by_values(&self, g: GameId, h: GameId) -> Option<bool> {
        if g == h {
            return Some(true);
        }
        let (lg, rg) = self.quick_stops[g.0 as usize];
        let (lh, rh) = self.quick_stops[h.0 as usize];
        let quick = !(lg.is_nan() || rg.is_nan() || lh.is_nan() || rh.is_nan());
        if quick {
            if lg > lh || rg > rh {
                return Some(false);
            }
            // LS(G) < RS(H) makes H − G positive (its Right stop is at least
            // RS(H) − LS(G) > 0), so G < H.
            if lg < rh {
                return Some(true);
            }
        }
        if quick && self.nus_pair(g, h).is_none() {
            return None;
        }
        self.le_by_values_slowly(g, h)
    }

    /// Both games as `x + n·↑ + *m`, if they are.
    #[inline]
    fn nus_pair(&self, g: GameId, h: GameId) -> Option<(&Nus, &Nus)> {
        match (&self.nodes[g.0 as usize], &self.nodes[h.0 as usize]) {
            (Node::Nus(a), Node::Nus(b)) => Some((a, b)),
            _ => None,
        }
    }

    /// [`Arena::le_by_values`] for two `x + n·↑ + *m` values, or by the stops as
    /// [`Dyadic`]s.
    #[inline(never)]
    fn le_by_values_slowly(&self, g: GameId, h: GameId) -> Option<bool> {
        if let Some((a, b)) = self.nus_pair(g, h) {
            return Some(nus_le(a, b));
        }
        if let (Some((lg, rg)), Some((lh, rh))) =
            (&self.stops[g.0 as usize], &self.stops[h.0 as usize])
        {
            if lg > lh || rg > rh {
                return Some(false);
            }
            if lg < rh {
                return Some(true);
            }
        }
        None
    }

    /// `x ≤ y` at once, when no option needs to be looked at: equal games, two
    /// `x + n·↑ + *m` values, the stops, or a remembered answer, looked for under the pair
    /// as asked and then under the pair [`translated`](Arena::translated). Gives the pair
    /// to compare by options (translated) and the answer, if found. An interrupted arena
    /// answers `false`.
    #[inline(always)]
    fn le_at_once(
        &mut self,
        x: Side,
        y: Side,
        memo: &FxHashMap<(GameId, bool), bool>,
    ) -> (Side, Side, Option<bool>) {
        // The common answers first, without a call.
        if let (Side::Id(g), Side::Id(h)) = (x, y) {
            if let Some(v) = self.le_by_values(g, h) {
                return (x, y, Some(v));
            }
            if let Some(&v) = self.le_memo.get(&(g, h)) {
                return (x, y, Some(v));
            }
        }
        self.le_at_once_slowly(x, y, memo)
    }

    /// [`Arena::le_at_once`] past its common answers.
    #[inline(never)]
    fn le_at_once_slowly(
        &mut self,
        x: Side,
        y: Side,
        memo: &FxHashMap<(GameId, bool), bool>,
    ) -> (Side, Side, Option<bool>) {
        let (g, h) = match (x, y) {
            (Side::Id(g), Side::Id(h)) => (g, h),
            (Side::Id(g), Side::Temp) => {
                let v = memo.get(&(g, true)).copied();
                return (x, y, v.or_else(|| self.interrupted().then_some(false)));
            }
            (Side::Temp, Side::Id(g)) => {
                let v = memo.get(&(g, false)).copied();
                return (x, y, v.or_else(|| self.interrupted().then_some(false)));
            }
            (Side::Temp, Side::Temp) => return (x, y, Some(true)),
        };
        let (tg, th) = self.translated(g, h);
        let (tx, ty) = (Side::Id(tg), Side::Id(th));
        if (tg, th) != (g, h) {
            if let Some(&v) = self.le_memo.get(&(tg, th)) {
                // Found again under the pair as asked, without translating it.
                self.remember_le((g, h), v);
                return (tx, ty, Some(v));
            }
        }
        if self.interrupted() {
            return (tx, ty, Some(false));
        }
        (tx, ty, None)
    }

    /// Remembers `g ≤ h` (a cache: forgetting costs time, never a wrong answer).
    fn remember_le(&mut self, key: (GameId, GameId), v: bool) {
        if self.le_memo.len() >= MAX_REMEMBERED {
            forget_half(&mut self.le_memo);
        }
        self.le_memo.insert(key, v);
    }

    /// `g ≤ h` as the same question of games translated so that g has no number part:
    /// g + c ≤ h + c, so that the answers found for one translation serve for all. Only
    /// when both games have a number part: a pair with a base in it is asked as it is
    /// (translating it would make a new game, h − c, for one family of translations
    /// whose other members meet again under the translated pair).
    fn translated(&mut self, g: GameId, h: GameId) -> (GameId, GameId) {
        if !self.has_number_part(g) || !self.has_number_part(h) {
            return (g, h);
        }
        let (base, c) = self.decompose(g);
        let minus_c = -&c;
        (base, self.shift(h, &minus_c))
    }

    /// Whether `g` is a base plus a number other than 0 (see [`Arena::decompose`]).
    fn has_number_part(&self, g: GameId) -> bool {
        match &self.nodes[g.0 as usize] {
            Node::Nus(n) => !n.number.is_zero(),
            Node::Options { .. } => false,
            Node::Shifted { .. } => true,
        }
    }

    /// Whether no option of a side of `g ≤ h` can answer it, by the stops alone: every
    /// option of `x + n·↑ + *m` has both stops x, so when Right's options of h (at the
    /// `right_stage`; Left's of g otherwise) are those of such a value, none is at most g
    /// (at least h) when x is above a stop of g (below a stop of h). This spares trying
    /// each of the n options of `*n` in turn.
    fn nus_options_fail(&self, g: GameId, h: GameId, right_stage: bool) -> bool {
        let (moving, other) = if right_stage { (h, g) } else { (g, h) };
        let Some(n) = self.as_nus(moving) else {
            return false;
        };
        let Some((lo, ro)) = self.stops(other) else {
            return false;
        };
        let x = &n.number;
        if right_stage {
            // Some h^R ≤ g needs x ≤ LS(g) and x ≤ RS(g).
            x > lo || x > ro
        } else {
            // Some h ≤ g^L needs LS(h) ≤ x and RS(h) ≤ x.
            lo > x || ro > x
        }
    }

    /// A bound t for the game of a side such that `side + c + *j ≥ 0` (and `≤ 0`) has the
    /// same answer for every j ≥ t and number c: the largest nimber among the followers of
    /// its canonical form, plus 2. For Y + *j ≥ 0 is answered by Y's options for j from
    /// their bound t₀ on: Y + *j ≥ 0 when no Y^R + *j ≤ 0 (the same for all those j) and
    /// no Y + *k ≤ 0 for k < j, which is the same for all j > t₀, and for j = t₀ too
    /// unless Y = *t₀ (then both hold at t₀ and neither after it); alike for ≤ 0.
    fn nim_threshold(&self, s: Side) -> u64 {
        match s {
            Side::Id(g) => self.thresholds[g.0 as usize],
            Side::Temp => self.temp_threshold,
        }
    }

    /// The `i`-th Left (`left`) or Right option of a side, if it has that many, for a
    /// comparison with `other`. The options `x + *j` (j < n) of `x + *n` are taken in
    /// the order of j and only up to the bound of [`Arena::nim_threshold`] of `other`:
    /// `x + *j ≤ other` is `other − x + *j ≥ 0`, answered alike for all larger j.
    #[inline]
    fn side_option(
        &mut self,
        s: Side,
        left: bool,
        i: usize,
        l: &[GameId],
        r: &[GameId],
        other: Side,
    ) -> Option<GameId> {
        let g = match s {
            Side::Temp => return (if left { l } else { r }).get(i).copied(),
            Side::Id(g) => g,
        };
        let (gl, gr) = match &self.nodes[g.0 as usize] {
            Node::Options { left, right } => (left, right),
            // A nimber's options are taken up to a bound.
            Node::Nus(n) if n.ups == 0 && n.nim > 0 => {
                return self.nimber_option(g, i, other);
            }
            Node::Nus(_) | Node::Shifted { .. } => match &self.expanded[g.0 as usize] {
                Some((left, right)) => (left, right),
                None => return self.option_listed(g, left, i),
            },
        };
        (if left { gl } else { gr }).get(i).copied()
    }

    /// The `i`-th Left (`left`) or Right option of `g`, its options listed first.
    #[inline(never)]
    fn option_listed(&mut self, g: GameId, left: bool, i: usize) -> Option<GameId> {
        self.ensure_expanded(g);
        self.option_list(g, left).get(i).copied()
    }

    /// The `i`-th option `x + *i` of the nimber `g = x + *n` for a comparison with
    /// `other`, if i is below n and the bound of [`Arena::nim_threshold`] of `other`.
    #[inline(never)]
    fn nimber_option(&mut self, g: GameId, i: usize, other: Side) -> Option<GameId> {
        let n = self.as_nus(g)?;
        let count = n.nim.min(self.nim_threshold(other).saturating_add(1));
        let j = u64::try_from(i).ok().filter(|&j| j < count)?;
        let x = Nus {
            number: n.number.clone(),
            ups: 0,
            nim: j,
        };
        Some(self.nus(x))
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
        let (tx, ty, v) = self.le_at_once(x, y, memo);
        if let Some(v) = v {
            return v;
        }
        // The stack is kept between comparisons (no comparison starts another while it
        // runs), so that it is allocated once.
        let mut stack = std::mem::take(&mut self.le_stack);
        stack.clear();
        stack.push(LeFrame {
            x: tx,
            y: ty,
            asked: (x, y),
            right_stage: false,
            i: 0,
        });
        // The answer of the frame just finished, for the frame below it.
        let mut returned: Option<bool> = None;
        let v = loop {
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
                    ..
                } = stack[top];
                // Whether this side's options need not be tried (looked at as the side
                // begins).
                let skip = i == 0
                    && match (x, y) {
                        (Side::Id(g), Side::Id(h)) => {
                            let number = if right_stage { h } else { g };
                            self.as_number(number).is_some()
                                || self.nus_options_fail(g, h, right_stage)
                        }
                        _ => false,
                    };
                let probe = if skip {
                    None
                } else if right_stage {
                    self.side_option(y, false, i, l, r, x)
                        .map(|yr| (Side::Id(yr), x))
                } else {
                    self.side_option(x, true, i, l, r, y)
                        .map(|xl| (y, Side::Id(xl)))
                };
                match probe {
                    None if !right_stage => {
                        stack[top].right_stage = true;
                        stack[top].i = 0;
                    }
                    None => result = Some(true),
                    Some((p, q)) => match self.le_at_once(p, q, memo) {
                        (_, _, Some(true)) => result = Some(false),
                        (_, _, Some(false)) => stack[top].i += 1,
                        (tp, tq, None) => {
                            stack.push(LeFrame {
                                x: tp,
                                y: tq,
                                asked: (p, q),
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
            self.remember_sides(f.x, f.y, v, memo);
            if f.asked != (f.x, f.y) {
                // Under the pair as asked too, so that it is found without translating.
                self.remember_sides(f.asked.0, f.asked.1, v, memo);
            }
            if stack.is_empty() {
                break v;
            }
            returned = Some(v);
        };
        // A stack grown by a deep comparison is not kept.
        if stack.capacity() <= 1 << 12 {
            self.le_stack = stack;
        }
        v
    }

    /// Remembers `x ≤ y`: between games of the arena in the arena's memo, with the game
    /// being made in `memo`.
    fn remember_sides(
        &mut self,
        x: Side,
        y: Side,
        v: bool,
        memo: &mut FxHashMap<(GameId, bool), bool>,
    ) {
        match (x, y) {
            (Side::Id(g), Side::Id(h)) => self.remember_le((g, h), v),
            (Side::Id(g), Side::Temp) => {
                memo.insert((g, true), v);
            }
            (Side::Temp, Side::Id(g)) => {
                memo.insert((g, false), v);
            }
            (Side::Temp, Side::Temp) => {}
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

    /// `-g`: for a base plus a number x, the negative of the base less x; the negatives
    /// of bases are made from those of their followers' bases (with a stack of its own,
    /// for games of any depth).
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(n) = self.as_nus(g) {
            let n = Nus {
                number: -&n.number,
                ups: -n.ups,
                nim: n.nim,
            };
            return self.nus(n);
        }
        let (base, x) = self.decompose(g);
        let nb = self.neg_base(base);
        self.shift(nb, &-&x)
    }

    /// The negative of a base (a game whose Left stop is 0).
    fn neg_base(&mut self, g: GameId) -> GameId {
        if let Some(&v) = self.neg_memo.get(&g) {
            return v;
        }
        let mut done: FxHashMap<GameId, GameId> = FxHashMap::default();
        let mut stack = vec![(g, false)];
        let mut steps = 0u32;
        while let Some((x, ready)) = stack.pop() {
            steps = steps.wrapping_add(1);
            if steps % 4096 == 0 && self.interrupted() {
                // Meaningless, as every result of an interrupted arena.
                return self.zero();
            }
            if done.contains_key(&x) {
                continue;
            }
            if let Some(&v) = self.neg_memo.get(&x) {
                done.insert(x, v);
                continue;
            }
            let (l, r) = self.options(x);
            if !ready {
                stack.push((x, true));
                for o in l.into_iter().chain(r) {
                    if self.as_nus(o).is_none() {
                        let (b, _) = self.decompose(o);
                        stack.push((b, false));
                    }
                }
                continue;
            }
            let zero = self.zero();
            let negated = |a: &mut Arena, os: Vec<GameId>| -> Vec<GameId> {
                let mut out = Vec::with_capacity(os.len());
                for o in os {
                    if a.as_nus(o).is_some() {
                        out.push(a.neg(o));
                    } else {
                        let (b, c) = a.decompose(o);
                        let nb = done.get(&b).copied().unwrap_or(zero);
                        out.push(a.shift(nb, &-&c));
                    }
                }
                sorted(out)
            };
            let nl = negated(self, r);
            let nr = negated(self, l);
            let v = self.intern(nl, nr);
            if self.neg_memo.len() >= MAX_REMEMBERED {
                forget_half(&mut self.neg_memo);
            }
            self.neg_memo.insert(x, v);
            done.insert(x, v);
        }
        done.get(&g).copied().unwrap_or_else(|| self.zero())
    }

    /// `g + h` at once, for bases: two `n·↑ + *m` values, a remembered sum, or
    /// (meaningless) when the arena is interrupted.
    fn add_at_once(&mut self, key: SumKey) -> Option<GameId> {
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

    /// A summand `o + h` of a sum of bases: at once when `o` is a number (a
    /// translation), else the sum of the bases to make and the number to add to it.
    fn summand(&mut self, o: GameId, h: GameId, group: u8) -> Summand {
        if let Some(x) = self.as_number(o) {
            let x = x.clone();
            return Summand::Ready(self.shift(h, &x), group);
        }
        let (b, c) = self.decompose(o);
        if b == self.zero() {
            return Summand::Ready(self.shift(h, &c), group);
        }
        let key = if b <= h { (b, h) } else { (h, b) };
        Summand::Sum(key, c, group)
    }

    /// The summands of `g + h` (bases): every option of each plus the other.
    fn summands(&mut self, g: GameId, h: GameId) -> (Vec<Summand>, Vec<Summand>) {
        let (gl, gr) = self.options(g);
        let (hl, hr) = self.options(h);
        let mut l = Vec::with_capacity(gl.len() + hl.len());
        for o in gl {
            l.push(self.summand(o, h, 0));
        }
        for o in hl {
            l.push(self.summand(o, g, 1));
        }
        let mut r = Vec::with_capacity(gr.len() + hr.len());
        for o in gr {
            r.push(self.summand(o, h, 0));
        }
        for o in hr {
            r.push(self.summand(o, g, 1));
        }
        (l, r)
    }

    /// `g + h`: with a number, a translation (made at once); otherwise the sum of the two
    /// bases, translated by the sum of the two numbers. The sum of bases is
    /// {G^L + H, G + H^L | G^R + H, G + H^R} in canonical form, the sums of the options
    /// made first (with a stack of its own, for games of any depth).
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        if let Some(x) = self.as_number(g).cloned() {
            return self.shift(h, &x);
        }
        if let Some(x) = self.as_number(h).cloned() {
            return self.shift(g, &x);
        }
        let (gb, gx) = self.decompose(g);
        let (hb, hx) = self.decompose(h);
        let s = self.add_bases(gb, hb);
        self.shift(s, &(&gx + &hx))
    }

    /// The sum of two bases.
    fn add_bases(&mut self, g: GameId, h: GameId) -> GameId {
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
            let (l, r) = self.summands(key.0, key.1);
            if !ready {
                stack.push((key, true));
                for s in l.iter().chain(&r) {
                    if let Summand::Sum(k, _, _) = s {
                        stack.push((*k, false));
                    }
                }
                continue;
            }
            let zero = self.zero();
            // The options G^L + H are incomparable with each other (as the canonical
            // G^L are), and so are the G + H^L: only the two groups are compared.
            let found = |a: &mut Arena, ss: Vec<Summand>, groups: &mut FxHashMap<GameId, u8>| {
                ss.into_iter()
                    .map(|s| match s {
                        Summand::Ready(v, group) => (v, group),
                        Summand::Sum(k, c, group) => {
                            let v = done.get(&k).copied().unwrap_or(zero);
                            (a.shift(v, &c), group)
                        }
                    })
                    .map(|(v, group)| {
                        // An option in both groups (G^L + H = G + H^L) is in neither.
                        match groups.get(&v) {
                            Some(&g) if g != group => {
                                groups.insert(v, u8::MAX);
                            }
                            Some(_) => {}
                            None => {
                                groups.insert(v, group);
                            }
                        }
                        v
                    })
                    .collect::<Vec<GameId>>()
            };
            let mut groups = Groups::default();
            let l = found(self, l, &mut groups.0);
            let r = found(self, r, &mut groups.1);
            groups.0.retain(|_, g| *g != u8::MAX);
            groups.1.retain(|_, g| *g != u8::MAX);
            let v = self.game_grouped(l, r, &groups);
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
