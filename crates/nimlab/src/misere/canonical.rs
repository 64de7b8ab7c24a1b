//! The store of misère canonical forms: every impartial game met under misère play,
//! reduced to Conway's simplest form and interned once, so that two games are equal
//! (indistinguishable in every misère sum) exactly when their ids are.
//!
//! A game and the same game plus `*` share one record: the record holds the *even*
//! member of the pair (the one born first) and bit 0 of a [`MisereId`] says "plus `*`".
//! So `G + *` costs nothing, and sums and their memo work on even parts only.

use super::phylum::{classify, Phylum};
use crate::{Error, Outcome, Result};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// The most games (even records) a [`MisereStore`] holds; a computation that would make
/// more stops with [`Error::Limit`].
pub const MAX_GAMES: usize = 1 << 22;

/// The most options a game may have.
pub const MAX_OPTIONS: usize = 1 << 16;

/// A misère canonical form, as an index into a [`MisereStore`]: two games are equal in
/// misère play exactly when their ids are. Bit 0 is set for the odd member `E + *` of a
/// pair whose even member `E` is stored.
///
/// ```
/// use nimlab::misere::MisereStore;
/// let mut s = MisereStore::new();
/// let star = s.nim_heap(1).unwrap();
/// assert_eq!(s.add(star, star).unwrap(), s.zero());
/// assert!(!s.is_even(star));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(pub(super) u32);

impl MisereId {
    /// The even part of the game (the game itself if it is even, else the game plus `*`).
    pub(super) fn even(self) -> MisereId {
        MisereId(self.0 & !1)
    }

    /// 1 for an odd game, 0 for an even one.
    pub(super) fn parity(self) -> u32 {
        self.0 & 1
    }

    /// The record's index.
    pub(super) fn index(self) -> usize {
        (self.0 >> 1) as usize
    }

    /// The game plus `*`.
    pub(super) fn flip(self) -> MisereId {
        MisereId(self.0 ^ 1)
    }
}

/// One even canonical form.
#[derive(Debug)]
pub(super) struct Record {
    /// Its options, canonical, in canonical order.
    pub(super) options: Box<[MisereId]>,
    pub(super) birthday: u32,
    /// G⁺: the normal-play nim value.
    pub(super) gplus: u32,
    /// G⁻: the misère nim value (1 for 0, else the mex of the options').
    pub(super) gminus: u32,
    pub(super) phylum: Phylum,
}

/// Every misère canonical form made so far, with the memos of sums, mates, genera and
/// partitions.
///
/// A game is made from its options with [`MisereStore::game`], which sorts them, removes
/// duplicates and deletes reversible options (with the special rule for 0), as CGSuite
/// does.
///
/// ```
/// use nimlab::misere::MisereStore;
/// let mut s = MisereStore::new();
/// let (zero, one, two) = (s.zero(), s.nim_heap(1).unwrap(), s.nim_heap(2).unwrap());
/// // {*} = 0 and {*, *2} = 0 in misère play, {0, *2} = *; but {*2} is not 0.
/// assert_eq!(s.game(vec![one]).unwrap(), zero);
/// assert_eq!(s.game(vec![one, two]).unwrap(), zero);
/// assert_eq!(s.game(vec![zero, two]).unwrap(), one);
/// assert_ne!(s.game(vec![two]).unwrap(), zero);
/// ```
#[derive(Debug)]
pub struct MisereStore {
    pub(super) records: Vec<Record>,
    by_options: FxHashMap<Box<[MisereId]>, u32>,
    sums: FxHashMap<(u32, u32), MisereId>,
    mates: FxHashMap<MisereId, MisereId>,
    nimbers: Vec<MisereId>,
    pub(super) genera: FxHashMap<MisereId, super::Genus>,
    pub(super) partitions: FxHashMap<MisereId, Box<[MisereId]>>,
    pub(super) discriminators: FxHashMap<(MisereId, MisereId), MisereId>,
    pub(super) links: FxHashMap<(MisereId, MisereId), Option<MisereId>>,
    max_games: usize,
}

impl Default for MisereStore {
    fn default() -> Self {
        Self::new()
    }
}

impl MisereStore {
    /// A store holding 0 alone (and `*`, its odd partner).
    ///
    /// ```
    /// let s = nimlab::misere::MisereStore::new();
    /// assert_eq!(s.len(), 1);
    /// ```
    pub fn new() -> Self {
        Self::with_limit(MAX_GAMES)
    }

    /// A store that holds at most `max_games` even records (at least 1), refusing with
    /// [`Error::Limit`] to make more.
    ///
    /// ```
    /// use nimlab::misere::MisereStore;
    /// let mut s = MisereStore::with_limit(3);
    /// assert!(s.nim_heap(4).is_ok()); // 0, *2, *4
    /// assert!(matches!(s.nim_heap(6), Err(nimlab::Error::Limit(_))));
    /// ```
    pub fn with_limit(max_games: usize) -> Self {
        let mut s = MisereStore {
            records: Vec::new(),
            by_options: FxHashMap::default(),
            sums: FxHashMap::default(),
            mates: FxHashMap::default(),
            nimbers: vec![MisereId(0), MisereId(1)],
            genera: FxHashMap::default(),
            partitions: FxHashMap::default(),
            discriminators: FxHashMap::default(),
            links: FxHashMap::default(),
            max_games: max_games.max(1),
        };
        s.records.push(Record {
            options: Box::new([]),
            birthday: 0,
            gplus: 0,
            gminus: 1,
            phylum: Phylum::NimHeap,
        });
        s.by_options.insert(Box::new([]), 0);
        s
    }

    /// How many even records the store holds (each stands for two games, `E` and `E + *`).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// s.nim_heap(3).unwrap(); // *3 = *2 + *: one more record
    /// assert_eq!(s.len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the store holds 0 alone (never: 0 is always there, so this is `false`).
    ///
    /// ```
    /// assert!(!nimlab::misere::MisereStore::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The game 0 (no options).
    ///
    /// ```
    /// let s = nimlab::misere::MisereStore::new();
    /// assert_eq!(s.birthday(s.zero()), 0);
    /// ```
    pub fn zero(&self) -> MisereId {
        MisereId(0)
    }

    /// The nim-heap `*n`: `{*0, …, *(n−1)}`.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let h = s.nim_heap(5).unwrap();
    /// assert_eq!(s.birthday(h), 5);
    /// assert_eq!(s.misere_nim_value(h), 5);
    /// ```
    pub fn nim_heap(&mut self, n: usize) -> Result<MisereId> {
        while self.nimbers.len() <= n {
            let k = self.nimbers.len();
            if k % 2 == 1 {
                let e = self.nimbers[k - 1];
                self.nimbers.push(e.flip());
            } else {
                let opts = self.nimbers.clone();
                let g = self.game(opts)?;
                self.nimbers.push(g);
            }
        }
        Ok(self.nimbers[n])
    }

    fn rec(&self, g: MisereId) -> &Record {
        &self.records[g.index()]
    }

    /// The birthday of the canonical form (the height of its game tree).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let two = s.nim_heap(2).unwrap();
    /// let sharp = s.game(vec![two]).unwrap();
    /// assert_eq!(s.birthday(sharp), 3);
    /// ```
    pub fn birthday(&self, g: MisereId) -> u32 {
        self.rec(g).birthday + g.parity()
    }

    /// G⁺, the normal-play nim value (CGSuite's `NimValue`).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let two = s.nim_heap(2).unwrap();
    /// let sharp = s.game(vec![two]).unwrap();
    /// assert_eq!(s.nim_value(sharp), 0);
    /// ```
    pub fn nim_value(&self, g: MisereId) -> u32 {
        self.rec(g).gplus ^ g.parity()
    }

    /// G⁻, the misère nim value (CGSuite's `MisereNimValue`): 1 for 0, else the mex of
    /// the options' values; 0 exactly for misère P-positions.
    ///
    /// ```
    /// let s = nimlab::misere::MisereStore::new();
    /// assert_eq!(s.misere_nim_value(s.zero()), 1);
    /// ```
    pub fn misere_nim_value(&self, g: MisereId) -> u32 {
        self.rec(g).gminus ^ g.parity()
    }

    /// The misère outcome: `P` when G⁻ is 0, else `N`.
    ///
    /// ```
    /// use nimlab::Outcome;
    /// let mut s = nimlab::misere::MisereStore::new();
    /// assert_eq!(s.outcome(s.zero()), Outcome::N);
    /// let star = s.nim_heap(1).unwrap();
    /// assert_eq!(s.outcome(star), Outcome::P);
    /// ```
    pub fn outcome(&self, g: MisereId) -> Outcome {
        Outcome::from_grundy_zero(self.misere_nim_value(g) == 0)
    }

    /// Whether the game is even: born before its partner `G + *` (CGSuite's `IsEven`).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let three = s.nim_heap(3).unwrap();
    /// assert!(s.is_even(s.zero()) && !s.is_even(three));
    /// ```
    pub fn is_even(&self, g: MisereId) -> bool {
        g.parity() == 0
    }

    /// The number of options of the canonical form.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let three = s.nim_heap(3).unwrap();
    /// assert_eq!(s.option_count(three), 3);
    /// ```
    pub fn option_count(&self, g: MisereId) -> usize {
        self.rec(g).options.len() + g.parity() as usize
    }

    /// The canonical options, in CGSuite's canonical order (ascending). For an odd game
    /// `E + *` they are `{E' + * : E'}` and `E`.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let three = s.nim_heap(3).unwrap();
    /// let expect: Vec<_> = (0..3).map(|n| s.nim_heap(n).unwrap()).collect();
    /// assert_eq!(s.options(three), expect);
    /// ```
    pub fn options(&self, g: MisereId) -> Vec<MisereId> {
        let opts = &self.rec(g).options;
        if g.parity() == 0 {
            return opts.to_vec();
        }
        let mut out = Vec::with_capacity(opts.len() + 1);
        let mut i = 0;
        while i < opts.len() {
            let o = opts[i];
            if o.parity() == 0 && i + 1 < opts.len() && opts[i + 1] == o.flip() {
                out.push(o);
                out.push(o.flip());
                i += 2;
            } else {
                out.push(o.flip());
                i += 1;
            }
        }
        out.push(g.even());
        out
    }

    /// Whether `h` is an option of `g`.
    pub(super) fn has_option(&self, g: MisereId, h: MisereId) -> bool {
        if g.parity() == 1 && h == g.even() {
            return true;
        }
        let opts = &self.rec(g).options;
        if g.parity() == 0 {
            opts.contains(&h)
        } else {
            // E' + * is an option of E + * when E' is an option of E.
            opts.contains(&h.flip())
        }
    }

    /// CGSuite's canonical order: even parts by birthday, number of options, G⁺, G⁻ and
    /// their options lexicographically; then the even game before the odd one.
    ///
    /// ```
    /// use std::cmp::Ordering;
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (two, three) = (s.nim_heap(2).unwrap(), s.nim_heap(3).unwrap());
    /// assert_eq!(s.compare(two, three), Ordering::Less);
    /// ```
    pub fn compare(&self, a: MisereId, b: MisereId) -> Ordering {
        let (mut a, mut b) = (a, b);
        loop {
            if a == b {
                return Ordering::Equal;
            }
            let (ea, eb) = (a.even(), b.even());
            if ea == eb {
                return a.parity().cmp(&b.parity());
            }
            let (ra, rb) = (self.rec(ea), self.rec(eb));
            let keys = (ra.birthday, ra.options.len(), ra.gplus, ra.gminus).cmp(&(
                rb.birthday,
                rb.options.len(),
                rb.gplus,
                rb.gminus,
            ));
            if keys != Ordering::Equal {
                return keys;
            }
            match ra
                .options
                .iter()
                .zip(rb.options.iter())
                .find(|(x, y)| x != y)
            {
                Some((&x, &y)) => {
                    a = x;
                    b = y;
                }
                None => return Ordering::Equal,
            }
        }
    }

    /// The game with exactly these options (canonical, sorted, distinct), if stored.
    fn find(&self, opts: &[MisereId]) -> Option<MisereId> {
        let Some(&hi) = opts.last() else {
            return Some(MisereId(0));
        };
        if hi.parity() == 0 {
            let odd = hi.flip();
            if self.option_count(odd) == opts.len() && self.options(odd) == opts {
                return Some(odd);
            }
        }
        self.by_options.get(opts).map(|&i| MisereId(i << 1))
    }

    /// Whether `g` has 0 as an option.
    fn has_zero_option(&self, g: MisereId) -> bool {
        self.has_option(g, MisereId(0))
    }

    /// The game whose options are `options` (canonical forms of this store), in simplest
    /// form: sorted, without duplicates and with its reversible options deleted.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let h: Vec<_> = (0..4).map(|n| s.nim_heap(n).unwrap()).collect();
    /// // {*3, *2, *1, *0, *1} = *4
    /// let g = s.game(vec![h[3], h[2], h[1], h[0], h[1]]).unwrap();
    /// assert_eq!(g, s.nim_heap(4).unwrap());
    /// ```
    pub fn game(&mut self, mut opts: Vec<MisereId>) -> Result<MisereId> {
        if let Some(bad) = opts.iter().find(|o| o.index() >= self.records.len()) {
            return Err(Error::Unsupported(format!(
                "misère game id {} is not of this store",
                bad.0
            )));
        }
        opts.sort_by(|&a, &b| self.compare(a, b));
        opts.dedup();
        if opts.len() > MAX_OPTIONS {
            return Err(Error::limit(
                format!("a misère game with {} options", opts.len()),
                format!("at most {MAX_OPTIONS} options"),
            ));
        }
        if let Some(g) = self.find(&opts) {
            return Ok(g);
        }
        // The special rule for 0: a game without 0 among its options, all of whose options
        // have 0 as an option, one of them a misère P-position, is 0.
        if opts[0].0 != 0
            && opts.iter().all(|&o| self.has_zero_option(o))
            && opts.iter().any(|&o| self.misere_nim_value(o) == 0)
        {
            return Ok(MisereId(0));
        }
        // The general rule at each generation gap: G = H when H's options are the options
        // of G born before the gap and every later option has H as an option.
        for j in 1..opts.len() {
            if self.birthday(opts[j]) > self.birthday(opts[j - 1]) + 1
                && let Some(h) = self.find(&opts[..j])
                && opts[j..].iter().all(|&o| self.has_option(o, h))
            {
                return Ok(h);
            }
        }
        self.make_record(opts)
    }

    fn make_record(&mut self, opts: Vec<MisereId>) -> Result<MisereId> {
        // A long computation makes many records: a stop asked for (time, memory, Ctrl-C)
        // is honoured here.
        if self.records.len() % 256 == 0 {
            crate::limits::check()?;
        }
        if self.records.len() >= self.max_games {
            return Err(Error::limit(
                "the misère canonical forms of this computation",
                format!("at most {} games in the store", self.max_games),
            ));
        }
        let birthday = 1 + opts.iter().map(|&o| self.birthday(o)).max().unwrap_or(0);
        let gplus = mex(opts.iter().map(|&o| self.nim_value(o)));
        let gminus = if opts.is_empty() {
            1
        } else {
            mex(opts.iter().map(|&o| self.misere_nim_value(o)))
        };
        let phylum = classify(self, &opts, gplus, gminus);
        let index = self.records.len() as u32;
        let opts: Box<[MisereId]> = opts.into_boxed_slice();
        self.by_options.insert(opts.clone(), index);
        self.records.push(Record {
            options: opts,
            birthday,
            gplus,
            gminus,
            phylum,
        });
        Ok(MisereId(index << 1))
    }

    /// The even pair key of a sum of even parts, or the sum itself when one is 0 or the
    /// sum is remembered.
    fn quick_sum(&self, a: MisereId, b: MisereId) -> std::result::Result<MisereId, (u32, u32)> {
        let p = (a.0 ^ b.0) & 1;
        let (x, y) = (a.0 & !1, b.0 & !1);
        if x == 0 || y == 0 {
            return Ok(MisereId((x | y) ^ p));
        }
        let key = (x.min(y), x.max(y));
        match self.sums.get(&key) {
            Some(&s) => Ok(MisereId(s.0 ^ p)),
            None => Err(key),
        }
    }

    /// The sum `a + b`, in canonical form (an explicit stack, no recursion).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (two, three) = (s.nim_heap(2).unwrap(), s.nim_heap(3).unwrap());
    /// let four = s.add(two, two).unwrap();
    /// // *2 + *2 has G⁺ = G⁻ = 0; *2 + *3 = *2 + *2 + *.
    /// assert_eq!((s.nim_value(four), s.misere_nim_value(four)), (0, 0));
    /// let five = s.add(two, three).unwrap();
    /// let one = s.nim_heap(1).unwrap();
    /// assert_eq!(s.add(four, one).unwrap(), five);
    /// ```
    pub fn add(&mut self, a: MisereId, b: MisereId) -> Result<MisereId> {
        self.check(a)?;
        self.check(b)?;
        let key = match self.quick_sum(a, b) {
            Ok(s) => return Ok(s),
            Err(key) => key,
        };
        let mut stack = vec![key];
        while let Some(&(x, y)) = stack.last() {
            if self.sums.contains_key(&(x, y)) {
                stack.pop();
                continue;
            }
            let (gx, gy) = (MisereId(x), MisereId(y));
            let mut opts = Vec::new();
            let mut missing = false;
            for (g, other) in [(gx, gy), (gy, gx)] {
                for &o in self.rec(g).options.iter() {
                    match self.quick_sum(o, other) {
                        Ok(s) => opts.push(s),
                        Err(k) => {
                            missing = true;
                            stack.push(k);
                        }
                    }
                }
            }
            if missing {
                continue;
            }
            let s = self.game(opts)?;
            self.sums.insert((x, y), s);
            stack.pop();
        }
        self.quick_sum(a, b)
            .map_err(|_| Error::Unsupported("misère sum not made".into()))
    }

    /// The sum of several games (0 for none).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let one = s.nim_heap(1).unwrap();
    /// assert_eq!(s.sum(&[one, one, one]).unwrap(), one);
    /// ```
    pub fn sum(&mut self, games: &[MisereId]) -> Result<MisereId> {
        let mut acc = self.zero();
        for &g in games {
            acc = self.add(acc, g)?;
        }
        Ok(acc)
    }

    /// The mate G⁻ of ONAG: mate(0) = `*`, else `{mate(G') : G'}` (CGSuite's `Mate`).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let one = s.nim_heap(1).unwrap();
    /// assert_eq!(s.mate(s.zero()).unwrap(), one);
    /// assert_eq!(s.mate(one).unwrap(), s.zero());
    /// ```
    pub fn mate(&mut self, g: MisereId) -> Result<MisereId> {
        self.check(g)?;
        if g.0 < 2 {
            return Ok(g.flip());
        }
        let mut stack = vec![g];
        while let Some(&x) = stack.last() {
            if self.mates.contains_key(&x) {
                stack.pop();
                continue;
            }
            let mut opts = Vec::new();
            let mut missing = false;
            for o in self.options(x) {
                if o.0 < 2 {
                    opts.push(o.flip());
                } else if let Some(&m) = self.mates.get(&o) {
                    opts.push(m);
                } else {
                    missing = true;
                    stack.push(o);
                }
            }
            if missing {
                continue;
            }
            let m = self.game(opts)?;
            self.mates.insert(x, m);
            stack.pop();
        }
        Ok(self.mates[&g])
    }

    /// Whether the game is the nim-heap `*b`, `b` its birthday (CGSuite's `IsNimHeap`).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let two = s.nim_heap(2).unwrap();
    /// let sharp = s.game(vec![two]).unwrap();
    /// assert!(s.is_nim_heap(two).unwrap() && !s.is_nim_heap(sharp).unwrap());
    /// ```
    pub fn is_nim_heap(&mut self, g: MisereId) -> Result<bool> {
        let b = self.birthday(g) as usize;
        Ok(self.nim_heap(b)? == g)
    }

    /// Refuses an id that this store did not make.
    pub(super) fn check(&self, g: MisereId) -> Result<()> {
        if g.index() >= self.records.len() {
            return Err(Error::Unsupported(format!(
                "misère game id {} is not of this store",
                g.0
            )));
        }
        Ok(())
    }
}

/// The least natural number not in `values`.
pub(super) fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&b| !b).unwrap_or(seen.len()) as u32
}
