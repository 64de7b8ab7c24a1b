//! The heap-by-heap solver (after Siegel's MisereSolver): a pretension — a bipartite
//! monoid with a pretending function heap ↦ element — is extended one heap at a time,
//! conservatively when an existing element will do, else by a cyclic component that is
//! recalibrated until the pretension is verified.
//!
//! Verification is exact. The state of a sum of heaps w is the pair (x, D): x = Φ(w) and
//! D = {z : some option w' of w has Φ(w')·z ∈ P}. Adding a heap h (Φ(h) = y, transition
//! set T(h) = the Φ of its options) sends (x, D) to (x·y, y⁻¹D ∪ ⋃_{t ∈ T(h)} {z : x·t·z ∈ P}),
//! so the states reachable from the empty sum form a finite set. The pretension is
//! right about every sum (Φ(w) ∈ P exactly when w is a misère P-position) if and only if
//! at each reachable state x ∈ P ⇔ (w has a move and 1 ∉ D) — by induction on the game.

use super::bipartite::refine;
use super::monoid::Monoid;
use crate::heap::Rule;
use crate::limits::Every;
use crate::{Error, Result};
use rustc_hash::FxHashMap;
use std::cell::Cell;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// The cyclic component C(index, period) given to each recalibrated heap.
type Calibration = BTreeMap<usize, (u32, u32)>;

/// The sizes beyond which the solver gives up with [`Error::Limit`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// The largest quotient.
    pub max_order: usize,
    /// The largest trial monoid (before reduction), in table entries: elements times
    /// heaps with a move.
    pub max_trial: usize,
    /// The most memory a verification may use, in 64-bit words: states times (1 + the
    /// quotient's order / 64).
    pub max_states: usize,
    /// The most recalibrations at one heap.
    pub max_rounds: usize,
    /// The most work, in the units of [`Solver::work`], over the whole run.
    pub max_work: u64,
}

/// A bipartite monoid with a pretending function for heaps 0 … n.
#[derive(Debug, Clone)]
pub(crate) struct Pretension {
    pub monoid: Monoid,
    pub p: Vec<bool>,
    pub phi: Vec<u32>,
    table: Vec<u32>,
}

impl Pretension {
    pub(crate) fn new(monoid: Monoid, p: Vec<bool>, phi: Vec<u32>) -> Pretension {
        let table = monoid.table();
        Pretension {
            monoid,
            p,
            phi,
            table,
        }
    }

    fn order(&self) -> usize {
        self.p.len()
    }

    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize * self.order() + y as usize]
    }
}

/// The work of listing one move of a heap (in the units of [`Bounds::max_work`]): about
/// what it takes, an allocation and a sort.
const OPTION_WORK: u64 = 128;

/// The solver's state: the rule, each heap's options, and the pretension so far.
pub(crate) struct Solver {
    rule: Rule,
    options: Vec<Vec<Vec<u64>>>,
    pub pre: Pretension,
    pub changes: Vec<u64>,
    bounds: Bounds,
    /// The states of every sum of heaps under `pre`, which it is right about.
    states: States,
    /// The work done so far: table entries made and states examined (a measure of the
    /// time taken that does not depend on the machine).
    work: Cell<u64>,
}

impl Solver {
    /// The solver at heap 0: the trivial monoid, P empty.
    pub fn new(rule: Rule, bounds: Bounds) -> Result<Solver> {
        let monoid = Monoid::new(1, Vec::new())?;
        let pre = Pretension::new(monoid, vec![false], vec![0]);
        Ok(Solver {
            rule,
            options: vec![Vec::new()],
            states: States::empty(&pre),
            pre,
            changes: Vec::new(),
            bounds,
            work: Cell::new(0),
        })
    }

    /// A solver resumed at a pretension for heaps 0 … `pre.phi.len() − 1` (its elements
    /// in range), with the presentation changes and the work done so far; `None` when
    /// the pretension is wrong about some sum of those heaps.
    pub fn resume(
        rule: Rule,
        bounds: Bounds,
        pre: Pretension,
        changes: Vec<u64>,
        work: u64,
    ) -> Result<Option<Solver>> {
        let unbounded = Bounds {
            max_work: u64::MAX,
            ..bounds
        };
        let mut solver = Solver::new(rule, unbounded)?;
        for n in 1..pre.phi.len() as u64 {
            if solver.rule.option_count(n) > 1 << 22 {
                return Err(Error::limit(
                    format!("a misère quotient of {} to heap {n}", solver.rule),
                    "4194304 moves from one heap",
                ));
            }
            let mut opts = Vec::new();
            solver.rule.for_each_option(n, |hs| opts.push(hs.to_vec()));
            solver.options.push(opts);
        }
        // The states as the uninterrupted run found them (so that it goes on alike): all
        // sums of the heaps up to the last change, then each later heap's sums added.
        let last = changes
            .last()
            .map_or(0, |&c| c as usize)
            .min(pre.phi.len() - 1);
        let head = Pretension::new(pre.monoid.clone(), pre.p.clone(), pre.phi[..=last].to_vec());
        match solver.verify_states(&head)? {
            Ok(states) => solver.states = states,
            Err(_) => return Ok(None),
        }
        solver.pre = head;
        for (h, &y) in pre.phi.iter().enumerate().skip(last + 1) {
            if !solver.options[h].is_empty() {
                match solver.verify_extension(h, y)? {
                    Ok((delta, letter)) => {
                        let mut letters = std::mem::take(&mut solver.states.letters);
                        letters.push(letter);
                        solver.states.merge(delta, letters);
                    }
                    Err(_) => return Ok(None),
                }
            }
            solver.pre.phi.push(y);
        }
        solver.changes = changes;
        solver.work.set(work);
        solver.bounds = bounds;
        Ok(Some(solver))
    }

    /// The work done so far (see [`Bounds::max_work`]).
    pub fn work(&self) -> u64 {
        self.work.get()
    }

    /// Counts `units` of work, failing past [`Bounds::max_work`].
    fn spend(&self, units: u64) -> Result<()> {
        let work = self.work.get().saturating_add(units);
        self.work.set(work);
        if work > self.bounds.max_work {
            return Err(Error::limit(
                format!(
                    "a misère quotient of {} to heap {}",
                    self.rule,
                    self.pre.phi.len()
                ),
                format!("{} units of work", self.bounds.max_work),
            ));
        }
        Ok(())
    }

    /// The heaps with a move, up to `n`.
    fn letters(&self, n: usize) -> Vec<usize> {
        (1..=n).filter(|&h| !self.options[h].is_empty()).collect()
    }

    /// Φ of a list of heaps under `pre`.
    fn phi_of(pre: &Pretension, heaps: &[u64]) -> u32 {
        heaps
            .iter()
            .fold(0, |x, &h| pre.mul(x, pre.phi[h as usize]))
    }

    /// Adds the next heap; on an error (a limit, a stop) the solver is left as it was,
    /// at the heaps done, with the work done before the step.
    pub fn next(&mut self) -> Result<()> {
        let work = self.work.get();
        let result = self.extend();
        if result.is_err() {
            self.options.truncate(self.pre.phi.len());
            self.work.set(work);
        }
        result
    }

    fn extend(&mut self) -> Result<()> {
        let n = self.pre.phi.len();
        let count = self.rule.option_count(n as u64);
        if count > 1 << 22 {
            return Err(Error::limit(
                format!("a misère quotient of {} to heap {n}", self.rule),
                "4194304 moves from one heap",
            ));
        }
        // Listing a heap's moves is work too: a code with many takes that leave three
        // heaps has hundreds of thousands of moves from a heap of a hundred.
        self.spend(count as u64 * OPTION_WORK)?;
        let mut opts = Vec::new();
        self.rule
            .for_each_option(n as u64, |hs| opts.push(hs.to_vec()));
        self.options.push(opts);
        if self.options[n].is_empty() {
            self.pre.phi.push(0);
            return Ok(());
        }
        // Conservative extension: an element already there.
        let trans: Vec<u32> = self.options[n]
            .iter()
            .map(|o| Self::phi_of(&self.pre, o))
            .collect();
        let alone_p = !trans.iter().any(|&t| self.pre.p[t as usize]);
        for x in 0..self.pre.order() as u32 {
            if self.pre.p[x as usize] != alone_p {
                continue;
            }
            if let Ok((delta, letter)) = self.verify_extension(n, x)? {
                self.pre.phi.push(x);
                let mut letters = std::mem::take(&mut self.states.letters);
                letters.push(letter);
                self.states.merge(delta, letters);
                return Ok(());
            }
        }
        self.expand(n)
    }

    /// Expansion by a cyclic component for heap n, recalibrated until verified.
    fn expand(&mut self, n: usize) -> Result<()> {
        let mut calib: BTreeMap<usize, (u32, u32)> = BTreeMap::new();
        calib.insert(n, (2, 2));
        let mut last_failure: Option<Vec<u64>> = None;
        let base = self.pre.clone();
        let mut trial = self.trial(&base, n, &calib)?;
        for _ in 0..self.bounds.max_rounds {
            crate::limits::check()?;
            match self.verify_states(&trial)? {
                Ok(states) => {
                    if trial.order() > self.bounds.max_order {
                        return Err(self.too_big(n, trial.order()));
                    }
                    self.pre = trial;
                    self.states = states;
                    self.changes.push(n as u64);
                    return Ok(());
                }
                Err(word) => {
                    let again = last_failure.as_ref() == Some(&word);
                    // The next trial refines this one (reduced), as MisereSolver's does.
                    let mut next;
                    (next, trial) = self.recalibrate(n, &trial, &calib, &word, again)?;
                    // Remember the largest index given to each heap.
                    for (h, v) in next.iter_mut() {
                        if let Some(old) = calib.get(h) {
                            *v = (v.0.max(old.0), v.1.max(old.1));
                        }
                    }
                    for (h, v) in next {
                        calib.insert(h, v);
                    }
                    last_failure = Some(word);
                }
            }
        }
        Err(Error::limit(
            format!("a misère quotient of {} to heap {n}", self.rule),
            format!("{} recalibrations at one heap", self.bounds.max_rounds),
        ))
    }

    /// New cyclic components for some heaps of a failing sum `word`: the fewest heaps
    /// (the largest first) whose recalibration puts the sum's verdict right, else all of
    /// them. A heap's component C(index, period) gets an index of at least its number in
    /// the sum (one more than before when the same sum fails again), and an even period
    /// (2, growing with the index as MisereSolver's does).
    fn recalibrate(
        &self,
        n: usize,
        base: &Pretension,
        calib: &Calibration,
        word: &[u64],
        again: bool,
    ) -> Result<(Calibration, Pretension)> {
        let mut counts: BTreeMap<usize, u32> = BTreeMap::new();
        for &h in word {
            *counts.entry(h as usize).or_default() += 1;
        }
        let heaps: Vec<(usize, u32)> = counts.into_iter().rev().collect();
        let with = |subset: &[(usize, u32)]| {
            let mut c = Calibration::new();
            for &(h, k) in subset {
                let old = calib.get(&h).copied();
                let index = match old {
                    None => k.max(2),
                    Some((i, _)) if again => i + 1,
                    Some((i, _)) => i.max(k),
                };
                let period = 2 * ((index.saturating_sub(4)) / 2).max(1);
                let period = old.map_or(period, |(_, p)| period.max(p));
                c.insert(h, (index, period));
            }
            c
        };
        if !again && heaps.len() > 1 && heaps.len() <= 8 {
            for size in 1..heaps.len() {
                for mask in 1u32..(1 << heaps.len()) {
                    if mask.count_ones() as usize != size {
                        continue;
                    }
                    let subset: Vec<(usize, u32)> = (0..heaps.len())
                        .filter(|&i| mask >> i & 1 != 0)
                        .map(|i| heaps[i])
                        .collect();
                    let c = with(&subset);
                    let trial = match self.trial(base, n, &c) {
                        Ok(t) => t,
                        Err(Error::Limit(_)) => continue,
                        Err(e) => return Err(e),
                    };
                    if self.word_right(&trial, word) {
                        return Ok((c, trial));
                    }
                }
            }
        }
        let c = with(&heaps);
        let trial = self.trial(base, n, &c)?;
        Ok((c, trial))
    }

    /// Whether a pretension's verdict on a sum of heaps agrees with the verdicts on its
    /// options.
    fn word_right(&self, pre: &Pretension, word: &[u64]) -> bool {
        let x = Self::phi_of(pre, word);
        let mut to_p = false;
        for i in 0..word.len() {
            if i > 0 && word[i] == word[i - 1] {
                continue;
            }
            let rest = word
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(0, |z, (_, &h)| pre.mul(z, pre.phi[h as usize]));
            if self.options[word[i] as usize]
                .iter()
                .any(|o| pre.p[pre.mul(rest, Self::phi_of(pre, o)) as usize])
            {
                to_p = true;
                break;
            }
        }
        pre.p[x as usize] != to_p
    }

    fn too_big(&self, n: usize, order: usize) -> Error {
        Error::limit(
            format!(
                "the misère quotient of {} to heap {n} (order {order} or more)",
                self.rule
            ),
            format!("order {}", self.bounds.max_order),
        )
    }

    /// The trial pretension for heaps 0 … n: the current quotient times a cyclic
    /// component C(index, period) for each calibrated heap (heap n's image in the current
    /// quotient being the identity), its P-portion marked from the least game of each
    /// element, reduced by indistinguishability.
    fn trial(&self, base: &Pretension, n: usize, calib: &Calibration) -> Result<Pretension> {
        let letters = self.letters(n);
        let slot: FxHashMap<usize, usize> =
            calib.keys().enumerate().map(|(i, &h)| (h, i)).collect();
        let cyc: Vec<(u32, u32)> = calib.values().copied().collect();
        let mut every = Every::new(10);
        // Elements: (base element, exponents of the components), found breadth first.
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut elems: Vec<Vec<u32>> = Vec::new();
        let start = vec![0u32; 1 + cyc.len()];
        ids.insert(start.clone(), 0);
        elems.push(start);
        let mut acts: Vec<Vec<u32>> = vec![Vec::new(); letters.len()];
        let mut i = 0;
        while i < elems.len() {
            every.check()?;
            self.spend(letters.len() as u64 + 1)?;
            for (l, &h) in letters.iter().enumerate() {
                let mut e = elems[i].clone();
                if h < base.phi.len() {
                    e[0] = base.mul(e[0], base.phi[h]);
                }
                if let Some(&s) = slot.get(&h) {
                    let (index, period) = cyc[s];
                    let v = e[1 + s] + 1;
                    e[1 + s] = if v < index + period { v } else { index };
                }
                let next = ids.len() as u32;
                let id = *ids.entry(e.clone()).or_insert_with(|| {
                    elems.push(e);
                    next
                });
                acts[l].push(id);
            }
            i += 1;
            if elems.len().saturating_mul(letters.len().max(1)) > self.bounds.max_trial {
                return Err(Error::limit(
                    format!(
                        "a trial monoid for the misère quotient of {} at heap {n}",
                        self.rule
                    ),
                    format!(
                        "{} table entries (elements times heaps with a move)",
                        self.bounds.max_trial
                    ),
                ));
            }
        }
        let size = elems.len();
        drop(ids);
        let letter_of: FxHashMap<usize, usize> =
            letters.iter().enumerate().map(|(l, &h)| (h, l)).collect();
        // Least games by weight Σ(2h − 1): every move lowers the weight.
        let weight = |h: usize| 2 * h as u64 - 1;
        let mut dist = vec![u64::MAX; size];
        let mut parent = vec![(u32::MAX, u32::MAX); size];
        let mut order = Vec::with_capacity(size);
        let mut queue = BinaryHeap::new();
        dist[0] = 0;
        queue.push(Reverse((0u64, 0u32)));
        while let Some(Reverse((d, x))) = queue.pop() {
            if d > dist[x as usize] {
                continue;
            }
            every.check()?;
            order.push(x);
            for (l, &h) in letters.iter().enumerate() {
                let y = acts[l][x as usize] as usize;
                let dy = d + weight(h);
                if dy < dist[y] {
                    dist[y] = dy;
                    parent[y] = (x, l as u32);
                    queue.push(Reverse((dy, y as u32)));
                }
            }
        }
        // Mark P in that order: an element is P when its least game has a move and no
        // move to P (the options' elements have lower weight, so are marked already).
        let mut p = vec![false; size];
        let mut word: Vec<usize> = Vec::new();
        for &r in order.iter().skip(1) {
            every.check()?;
            self.spend(letters.len() as u64 + 1)?;
            word.clear();
            let mut y = r;
            while y != 0 {
                let (x, l) = parent[y as usize];
                word.push(l as usize);
                y = x;
            }
            word.sort_unstable();
            let mut is_p = true;
            'heaps: for (j, &l) in word.iter().enumerate() {
                if j > 0 && word[j - 1] == l {
                    continue;
                }
                let rest = word
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != j)
                    .fold(0u32, |z, (_, &m)| acts[m][z as usize]);
                for opt in &self.options[letters[l]] {
                    let z = opt.iter().fold(rest, |z, &h| {
                        letter_of
                            .get(&(h as usize))
                            .map_or(z, |&m| acts[m][z as usize])
                    });
                    if p[z as usize] {
                        is_p = false;
                        break 'heaps;
                    }
                }
            }
            p[r as usize] = is_p;
        }
        // Reduce, and name the generators after the heaps, least heap first.
        let tables: Vec<&[u32]> = acts.iter().map(|a| a.as_slice()).collect();
        let (count, class) = refine(size, tables, &p)?;
        let mut red: Vec<Vec<u32>> = vec![vec![0u32; count]; letters.len()];
        for (l, a) in acts.iter().enumerate() {
            for x in 0..size {
                red[l][class[x] as usize] = class[a[x] as usize];
            }
        }
        let mut rp = vec![false; count];
        for x in 0..size {
            rp[class[x] as usize] = p[x];
        }
        let mut phi = vec![0u32; n + 1];
        for (l, &h) in letters.iter().enumerate() {
            phi[h] = red[l][0];
        }
        let mut gens: Vec<usize> = Vec::new();
        let mut reached = vec![false; count];
        reached[0] = true;
        for (l, &h) in letters.iter().enumerate() {
            if reached[phi[h] as usize] {
                continue;
            }
            gens.push(l);
            // The submonoid generated so far.
            let mut stack: Vec<u32> = (0..count as u32).filter(|&x| reached[x as usize]).collect();
            while let Some(x) = stack.pop() {
                for &g in &gens {
                    let y = red[g][x as usize];
                    if !reached[y as usize] {
                        reached[y as usize] = true;
                        stack.push(y);
                    }
                }
            }
        }
        let tables: Vec<Vec<u32>> = gens.iter().map(|&l| red[l].clone()).collect();
        if count > self.bounds.max_order {
            return Err(self.too_big(n, count));
        }
        self.spend((count as u64).saturating_mul(count as u64))?;
        let monoid = Monoid::new(count, tables)?;
        Ok(Pretension::new(monoid, rp, phi))
    }

    /// The states of every sum of heaps under `pre` when it is right about all of them,
    /// else the least failing sum (by number of heaps).
    fn verify_states(&self, pre: &Pretension) -> Result<std::result::Result<States, Vec<u64>>> {
        if pre.p[0] {
            return Ok(Err(Vec::new()));
        }
        let n = pre.phi.len() - 1;
        let m = pre.order() as u64;
        self.spend(m.saturating_mul(m))?;
        let mut states = States::empty(pre);
        let letters: Vec<Letter> = self
            .letters(n)
            .into_iter()
            .map(|h| self.letter(pre, h, pre.phi[h]))
            .collect();
        let mut delta = Delta::default();
        // Every state (the empty sum's first) with every heap.
        let mut frontier = Vec::new();
        let (x, d) = states.states[0].clone();
        if let Some(word) = self.close(
            pre,
            &states,
            &mut delta,
            &letters,
            vec![(0, x, d)],
            &mut frontier,
        )? {
            return Ok(Err(word));
        }
        states.merge(delta, letters);
        Ok(Ok(states))
    }

    /// Whether the current pretension, with heap `n` pretending to be `y`, is right about
    /// every sum of heaps: only the sums with heap `n` are new, so the states of the sums
    /// without it (`self.states`) are extended by that heap and closed. The new states
    /// and the heap's letter when it is right, else the failing sum.
    fn verify_extension(
        &self,
        n: usize,
        y: u32,
    ) -> Result<std::result::Result<(Delta, Letter), Vec<u64>>> {
        let pre = &self.pre;
        let base = &self.states;
        let letter = self.letter(pre, n, y);
        let mut delta = Delta::default();
        let mut frontier = Vec::new();
        let mut every = Every::new(8);
        // Heap n added to every state there.
        let mut d = vec![0u64; base.words];
        for i in 0..base.states.len() {
            every.check()?;
            let (x, dd) = &base.states[i];
            if let Some(word) = self.step(
                pre,
                base,
                &mut delta,
                i as u32,
                *x,
                dd,
                &letter,
                &mut d,
                &mut frontier,
            )? {
                return Ok(Err(word));
            }
        }
        // The new states with every heap, heap n among them.
        let mut letters: Vec<Letter> = base.letters.clone();
        letters.push(letter.clone());
        let queued = std::mem::take(&mut frontier);
        if let Some(word) = self.close(pre, base, &mut delta, &letters, queued, &mut frontier)? {
            return Ok(Err(word));
        }
        Ok(Ok((delta, letter)))
    }

    /// A heap's letter under `pre` with the heap pretending to be `y`: its element and the
    /// elements of its options.
    fn letter(&self, pre: &Pretension, h: usize, y: u32) -> Letter {
        let mut t: Vec<u32> = self.options[h]
            .iter()
            .map(|o| Self::phi_of(pre, o))
            .collect();
        t.sort_unstable();
        t.dedup();
        Letter {
            heap: h as u32,
            y,
            t,
        }
    }

    /// Closes the states `queue` (id, x, D) under `letters`, breadth first, adding new
    /// states to `delta`. The failing sum, if a verdict is wrong.
    fn close(
        &self,
        pre: &Pretension,
        base: &States,
        delta: &mut Delta,
        letters: &[Letter],
        queue: Vec<(u32, u32, Vec<u64>)>,
        frontier: &mut Vec<(u32, u32, Vec<u64>)>,
    ) -> Result<Option<Vec<u64>>> {
        let mut every = Every::new(8);
        let mut d = vec![0u64; base.words];
        let mut current = queue;
        while !current.is_empty() {
            for (id, x, dd) in &current {
                every.check()?;
                for letter in letters {
                    if let Some(word) =
                        self.step(pre, base, delta, *id, *x, dd, letter, &mut d, frontier)?
                    {
                        return Ok(Some(word));
                    }
                }
            }
            current = std::mem::take(frontier);
        }
        Ok(None)
    }

    /// State `id` = (x, D) with one more heap: checks the verdict there, and records the
    /// state reached when it is new (queued on `frontier`). The failing sum, if wrong.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &self,
        pre: &Pretension,
        base: &States,
        delta: &mut Delta,
        id: u32,
        x: u32,
        dd: &[u64],
        letter: &Letter,
        d: &mut [u64],
        frontier: &mut Vec<(u32, u32, Vec<u64>)>,
    ) -> Result<Option<Vec<u64>>> {
        let m = pre.order();
        let words = base.words;
        let y = letter.y as usize;
        self.spend((m + letter.t.len() * words) as u64)?;
        let x2 = pre.mul(x, letter.y);
        d.iter_mut().for_each(|w| *w = 0);
        let row = &pre.table[y * m..(y + 1) * m];
        for (z, &yz) in row.iter().enumerate() {
            if dd[yz as usize / 64] >> (yz % 64) & 1 != 0 {
                d[z / 64] |= 1 << (z % 64);
            }
        }
        for &tt in &letter.t {
            let e = pre.mul(x, tt) as usize;
            for (w, &v) in d.iter_mut().zip(&base.pdiv[e * words..(e + 1) * words]) {
                *w |= v;
            }
        }
        let wins = d[0] & 1 != 0;
        if pre.p[x2 as usize] == wins {
            // Wrong verdict: the sum of state id's heaps and this heap.
            let mut word = vec![u64::from(letter.heap)];
            let mut s = id;
            while s != 0 {
                let (q, h) = if (s as usize) < base.states.len() {
                    base.parent[s as usize]
                } else {
                    delta.parent[s as usize - base.states.len()]
                };
                word.push(u64::from(h));
                s = q;
            }
            word.sort_unstable();
            return Ok(Some(word));
        }
        let key = (x2, d.to_vec());
        if base.ids.contains_key(&key) || delta.ids.contains_key(&key) {
            return Ok(None);
        }
        let new_id = (base.states.len() + delta.states.len()) as u32;
        delta.ids.insert(key.clone(), new_id);
        frontier.push((new_id, key.0, key.1.clone()));
        delta.states.push(key);
        delta.parent.push((id, letter.heap));
        let total = base.states.len() + delta.states.len();
        if total.saturating_mul(2 * words + 2) > self.bounds.max_states {
            return Err(Error::limit(
                format!(
                    "verifying a misère quotient of {} at heap {}",
                    self.rule,
                    pre.phi.len().max(letter.heap as usize + 1) - 1
                ),
                format!(
                    "{} words of states (states times 64-element words)",
                    self.bounds.max_states
                ),
            ));
        }
        Ok(None)
    }
}

/// A heap as the verification sees it: its element and its options' elements.
#[derive(Debug, Clone)]
pub(crate) struct Letter {
    heap: u32,
    y: u32,
    t: Vec<u32>,
}

/// The states (x, D) of the sums of heaps reachable from the empty sum under a verified
/// pretension, with the heaps (letters) they were closed under.
#[derive(Debug, Default)]
pub(crate) struct States {
    words: usize,
    /// pdiv[e] = {z : e·z ∈ P}, as bit sets of `words` words.
    pdiv: Vec<u64>,
    ids: FxHashMap<(u32, Vec<u64>), u32>,
    states: Vec<(u32, Vec<u64>)>,
    /// How each state was first reached: the state before and the heap added.
    parent: Vec<(u32, u32)>,
    letters: Vec<Letter>,
}

/// States found by one verification, numbered after those of the [`States`] it extends.
#[derive(Debug, Default)]
pub(crate) struct Delta {
    ids: FxHashMap<(u32, Vec<u64>), u32>,
    states: Vec<(u32, Vec<u64>)>,
    parent: Vec<(u32, u32)>,
}

impl States {
    /// Only the empty sum's state, under `pre`.
    fn empty(pre: &Pretension) -> States {
        let m = pre.order();
        let words = m.div_ceil(64);
        let mut pdiv = vec![0u64; m * words];
        for e in 0..m {
            for z in 0..m {
                if pre.p[pre.table[e * m + z] as usize] {
                    pdiv[e * words + z / 64] |= 1 << (z % 64);
                }
            }
        }
        let first = (0u32, vec![0u64; words]);
        let mut ids = FxHashMap::default();
        ids.insert(first.clone(), 0);
        States {
            words,
            pdiv,
            ids,
            states: vec![first],
            parent: vec![(u32::MAX, u32::MAX)],
            letters: Vec::new(),
        }
    }

    /// Adds the states of `delta`, closed under `letters`.
    fn merge(&mut self, delta: Delta, letters: Vec<Letter>) {
        self.ids.extend(delta.ids);
        self.states.extend(delta.states);
        self.parent.extend(delta.parent);
        self.letters = letters;
    }
}
