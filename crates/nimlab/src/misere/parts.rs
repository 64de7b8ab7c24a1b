//! Parts and partitions of misère canonical forms: H is a *part* of G when G = H + X for
//! some X. The 2-partitions {H, X} of each even game are found by Siegel's algorithm (as
//! CGSuite does): the candidates are the parts of the options, accepted with the
//! counterpart `{G' − X, G − X'}` ("type 1") or with a counterpart among the options'
//! parts that passes the pair test ("type 2"), repeated to a fixed point.

use super::canonical::{MisereId, MisereStore};
use crate::{Error, Result};

/// The most partitions into primes [`MisereStore::partitions`] lists.
pub const MAX_PARTITIONS: usize = 1 << 16;

/// The partner of `v` in a 2-partition table (pairs side by side), first occurrence.
fn partner(table: &[MisereId], v: MisereId) -> Option<MisereId> {
    table.iter().position(|&x| x == v).map(|i| table[i ^ 1])
}

impl MisereStore {
    /// The 2-partitions of the even game `g` as a flat list of pairs `[0, g, x₁, y₁, …]`
    /// with each xᵢ + yᵢ = g, made (with those of every even part below it) with an
    /// explicit stack.
    pub(super) fn two_partitions(&mut self, g: MisereId) -> Result<Box<[MisereId]>> {
        let g = g.even();
        let mut stack = vec![g];
        while let Some(&x) = stack.last() {
            if self.partitions.contains_key(&x) {
                stack.pop();
                continue;
            }
            let missing: Vec<MisereId> = self
                .options(x)
                .iter()
                .map(|o| o.even())
                .filter(|e| !self.partitions.contains_key(e))
                .collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let table = self.compute_partitions(x)?;
            self.partitions.insert(x, table.into_boxed_slice());
            stack.pop();
        }
        Ok(self.partitions[&g].clone())
    }

    /// Siegel's algorithm for one even game whose options' tables are made.
    fn compute_partitions(&mut self, g: MisereId) -> Result<Vec<MisereId>> {
        let zero = self.zero();
        let mut parts = vec![zero, g];
        let opts = self.options(g);
        let opt_parts: Vec<Box<[MisereId]>> = opts
            .iter()
            .map(|o| self.partitions[&o.even()].clone())
            .collect();
        let mut primes = 0usize;
        for (i, &o) in opts.iter().enumerate() {
            if o.even() == zero {
                primes = usize::MAX;
                break;
            }
            if opt_parts[i].len() == 2 && (o.parity() == 0 || !opts.contains(&o.even())) {
                primes += 1;
                if primes >= 3 {
                    break;
                }
            }
        }
        if primes >= 3 {
            return Ok(parts);
        }
        let mut candidates: Vec<MisereId> =
            opt_parts.iter().flat_map(|t| t.iter().copied()).collect();
        candidates.sort_by(|&a, &b| self.compare(a, b));
        candidates.dedup();
        let mut changed = true;
        while changed {
            changed = false;
            for &x in &candidates {
                if parts.contains(&x) {
                    continue;
                }
                let x_opts = self.options(x);
                let mut type1 = Vec::new();
                let mut type2 = Vec::new();
                let mut is_type1 = true;
                for &xo in &x_opts {
                    match partner(&parts, xo.even()) {
                        Some(p) => type1.push(MisereId(p.0 ^ xo.parity())),
                        None => {
                            is_type1 = false;
                            for t in &opt_parts {
                                if let Some(p) = partner(t, xo.even()) {
                                    type2.push(p);
                                }
                            }
                            break;
                        }
                    }
                }
                if is_type1 {
                    for (i, t) in opt_parts.iter().enumerate() {
                        match partner(t, x) {
                            Some(p) => type1.push(MisereId(p.0 ^ opts[i].parity())),
                            None => {
                                is_type1 = false;
                                for &xo in &x_opts {
                                    if let Some(p) = partner(t, xo.even()) {
                                        type2.push(p);
                                    }
                                }
                                break;
                            }
                        }
                    }
                }
                if is_type1 {
                    let counterpart = self.game(type1)?;
                    parts.push(x);
                    parts.push(counterpart);
                    changed = true;
                    continue;
                }
                for &y in &type2 {
                    if self.pair_test(&parts, &opts, &opt_parts, x, &x_opts, y) {
                        parts.push(x);
                        parts.push(y);
                        changed = true;
                        break;
                    }
                }
            }
        }
        Ok(parts)
    }

    /// The "type 2" test: whether x + y = g, judged from the options' partitions.
    fn pair_test(
        &self,
        parts: &[MisereId],
        opts: &[MisereId],
        opt_parts: &[Box<[MisereId]>],
        x: MisereId,
        x_opts: &[MisereId],
        y: MisereId,
    ) -> bool {
        let y_opts = self.options(y);
        let flip = |p: MisereId, o: MisereId| MisereId(p.0 ^ o.parity());
        // Every option of g is x' + y or x + y'.
        let options_ok = opts.iter().zip(opt_parts).all(|(&o, t)| {
            partner(t, x).is_some_and(|p| y_opts.contains(&flip(p, o)))
                || partner(t, y).is_some_and(|p| x_opts.contains(&flip(p, o)))
        });
        if !options_ok {
            return false;
        }
        // Every x' + y is an option of g, or reverses.
        let x_ok = x_opts.iter().all(|&xo| {
            partner(parts, xo.even()).is_some_and(|p| y_opts.contains(&flip(p, xo)))
                || opts
                    .iter()
                    .zip(opt_parts)
                    .any(|(&o, t)| partner(t, y).is_some_and(|p| xo == flip(p, o)))
        });
        if !x_ok {
            return false;
        }
        y_opts.iter().all(|&yo| {
            partner(parts, yo.even())
                .is_some_and(|p| x_opts.iter().any(|q| q.even() == flip(p, yo).even()))
                || opts
                    .iter()
                    .zip(opt_parts)
                    .any(|(&o, t)| partner(t, x).is_some_and(|p| yo == flip(p, o)))
        })
    }

    /// CGSuite's `MisereMinus`: `g − h` when `h` is a part of `g` (g = h + x), else
    /// `None` (misère canonical forms are not subtractable in general).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (two, four) = (s.nim_heap(2).unwrap(), s.nim_heap(4).unwrap());
    /// let sum = s.add(four, two).unwrap();
    /// assert_eq!(s.misere_minus(sum, two).unwrap(), Some(four));
    /// let three = s.nim_heap(3).unwrap();
    /// assert_eq!(s.misere_minus(four, three).unwrap(), None);
    /// ```
    pub fn misere_minus(&mut self, g: MisereId, h: MisereId) -> Result<Option<MisereId>> {
        self.check(g)?;
        self.check(h)?;
        let table = self.two_partitions(g)?;
        Ok(partner(&table, h.even()).map(|p| MisereId(p.0 ^ ((g.0 ^ h.0) & 1))))
    }

    /// CGSuite's `Parts`: the nonzero even proper parts, in the order Siegel's algorithm
    /// finds them (each 2-partition's two members side by side).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let two = s.nim_heap(2).unwrap();
    /// let sum = s.add(two, two).unwrap();
    /// assert_eq!(s.parts(sum).unwrap(), vec![two]);
    /// ```
    pub fn parts(&mut self, g: MisereId) -> Result<Vec<MisereId>> {
        self.check(g)?;
        let table = self.two_partitions(g)?;
        let mut out = Vec::new();
        for pair in table[2..].chunks(2) {
            out.push(pair[0]);
            if pair[1] != pair[0] {
                out.push(pair[1]);
            }
        }
        Ok(out)
    }

    /// CGSuite's `IsPrime`: neither 0 nor `*`, and its only even parts are 0 and itself.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let two = s.nim_heap(2).unwrap();
    /// let sum = s.add(two, two).unwrap();
    /// assert!(s.is_prime(two).unwrap() && !s.is_prime(sum).unwrap());
    /// ```
    pub fn is_prime(&mut self, g: MisereId) -> Result<bool> {
        self.check(g)?;
        Ok(g.0 > 1 && self.two_partitions(g)?.len() == 2)
    }

    /// The prime parts among the 2-partitions (the game itself included when prime).
    fn prime_parts(&mut self, g: MisereId) -> Result<Vec<MisereId>> {
        let table = self.two_partitions(g)?;
        let mut out = Vec::new();
        for pair in table.chunks(2) {
            if self.is_prime(pair[0])? {
                out.push(pair[0]);
            }
            if pair[1] != pair[0] && self.is_prime(pair[1])? {
                out.push(pair[1]);
            }
        }
        Ok(out)
    }

    /// CGSuite's `Partitions`: every way to write the game as a sum of even primes
    /// (non-decreasing in canonical order), with `*` last when the game is odd. Norton
    /// showed they need not be unique.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (one, two, three) = (s.nim_heap(1).unwrap(), s.nim_heap(2).unwrap(), s.nim_heap(3).unwrap());
    /// assert_eq!(s.partitions(three).unwrap(), vec![vec![two, one]]);
    /// ```
    pub fn partitions(&mut self, g: MisereId) -> Result<Vec<Vec<MisereId>>> {
        self.check(g)?;
        let mut out = Vec::new();
        // Explicit stack of (remainder, partial partition, candidate primes, next index).
        let mut stack: Vec<(MisereId, Vec<MisereId>, Vec<MisereId>, usize)> = Vec::new();
        let first = if g.0 <= 1 {
            Vec::new()
        } else {
            self.prime_parts(g)?
        };
        stack.push((g, Vec::new(), first, 0));
        while let Some(top) = stack.last_mut() {
            let (rest, partial) = (top.0, top.1.clone());
            if rest.0 <= 1 {
                let mut p = partial;
                if rest.0 == 1 {
                    p.push(rest);
                }
                out.push(p);
                if out.len() > MAX_PARTITIONS {
                    return Err(Error::limit(
                        "the partitions of a misère game into primes",
                        format!("at most {MAX_PARTITIONS} partitions"),
                    ));
                }
                stack.pop();
                continue;
            }
            if top.3 >= top.2.len() {
                stack.pop();
                continue;
            }
            let prime = top.2[top.3];
            top.3 += 1;
            if partial
                .last()
                .is_some_and(|&l| self.compare(l, prime) == std::cmp::Ordering::Greater)
            {
                continue;
            }
            let Some(next) = self.misere_minus(rest, prime)? else {
                continue;
            };
            let mut p = partial;
            p.push(prime);
            let cands = if next.0 <= 1 {
                Vec::new()
            } else {
                self.prime_parts(next)?
            };
            stack.push((next, p, cands, 0));
        }
        Ok(out)
    }
}
