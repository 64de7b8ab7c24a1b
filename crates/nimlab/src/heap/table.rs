//! Values and moves of single heaps of any size: the sequence as far as it is needed, and a
//! proved period beyond it.

use super::period::Periodicity;
use super::rule::Rule;
use super::sequence::Sequence;
use crate::{Error, Further, LimitError, Result};

/// The work a table spends on its own (option values looked at) for one heap before it
/// gives up: about a second.
pub const DEFAULT_BUDGET: u128 = 600_000_000;

/// The largest heap whose moves are listed as positions (`nimlab play`, the mex rule
/// spelled out); [`HeapTable::moves_to_value`] counts the moves of larger heaps.
pub const LIST_LIMIT: u64 = 1 << 20;

/// The values of single heaps of a rule, computed on demand.
///
/// A heap within the computed values is looked up; beyond them the table computes more
/// (doubling its length) until the heap is reached or a period is proved, within a budget
/// of work for each heap asked for: the doublings together, not each of them. A proved
/// period gives the value of a heap of any size.
///
/// ```
/// use nimlab::heap::{HeapTable, Rule};
/// let mut kayles = HeapTable::new(Rule::parse("kayles").unwrap());
/// assert_eq!(kayles.value(1_000_000_000_000).unwrap(), 1);
/// assert!(kayles.periodicity().unwrap().proved);
/// let mut grundy = HeapTable::with_budget(Rule::parse("grundy").unwrap(), 10_000_000);
/// assert_eq!(grundy.value(12).unwrap(), 1);
/// assert!(grundy.value(1_000_000_000_000).is_err()); // no period known: a clear limit
/// ```
#[derive(Debug, Clone)]
pub struct HeapTable {
    seq: Sequence,
    period: Option<Periodicity>,
    budget: u128,
}

impl HeapTable {
    /// A table for `rule` with the default budget.
    pub fn new(rule: Rule) -> Self {
        Self::with_budget(rule, DEFAULT_BUDGET)
    }

    /// A table that spends at most `budget` work (option values looked at, as
    /// [`Sequence::work`] estimates it) on the values it computes for one heap.
    pub fn with_budget(rule: Rule, budget: u128) -> Self {
        HeapTable {
            seq: Sequence::new(rule),
            period: None,
            budget,
        }
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        self.seq.rule()
    }

    /// The values computed so far.
    pub fn sequence(&self) -> &Sequence {
        &self.seq
    }

    /// The periodicity of the values computed so far, if one was found.
    pub fn periodicity(&self) -> Option<&Periodicity> {
        self.period.as_ref()
    }

    fn proved(&self) -> Option<&Periodicity> {
        self.period.as_ref().filter(|p| p.proved)
    }

    /// G(h) for a heap of any size.
    ///
    /// # Errors
    /// [`Error::Limit`] when G(h) needs more values than the budget computes and no period
    /// is proved by then.
    pub fn value(&mut self, h: u64) -> Result<u64> {
        // The work of the extensions made for this heap so far.
        let mut spent = 0u128;
        loop {
            if let Some(v) = self.seq.get(h) {
                return Ok(u64::from(v));
            }
            if let Some(p) = self.proved() {
                return p.extrapolate(&self.seq, h).ok_or_else(|| {
                    Error::limit(format!("the value of heap {h}"), "values below 2^64")
                });
            }
            spent = spent.saturating_add(self.grow(h, spent)?);
        }
    }

    /// Computes more values: twice as many, or up to heap `h` if that is nearer; `spent`
    /// is the work already spent for heap `h`. Returns the work of this extension.
    fn grow(&mut self, h: u64, spent: u128) -> Result<u128> {
        let len = self.seq.len();
        let next = (2 * len).max(256).min(h.saturating_add(1).max(len + 1));
        let left = self.budget.saturating_sub(spent);
        // A rule no periodicity theorem covers must reach h itself: refuse at once when
        // that is beyond the budget.
        let unprovable = self.seq.rule().proof_length(0, 1).is_none();
        let hopeless = unprovable && self.seq.work(h.saturating_add(1)) > left;
        let work = self.seq.work(next);
        if hopeless || work > left {
            let period = match &self.period {
                Some(p) => format!(
                    "; the values so far look periodic (period {} from {}{}) but {}",
                    p.period,
                    p.preperiod,
                    if p.saltus == 0 {
                        String::new()
                    } else {
                        format!(", saltus {}", p.saltus)
                    },
                    p.needed.map_or(
                        "no periodicity theorem applies to prove it".into(),
                        |n| format!("the proof needs values up to {n}")
                    )
                ),
                None => "; no period found in them".to_string(),
            };
            // The largest length whose work fits the budget left, by bisection.
            let (mut lo, mut hi) = (len, h.saturating_add(1));
            while lo + 1 < hi {
                let mid = lo + (hi - lo) / 2;
                if self.seq.work(mid) <= left {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            return Err(Error::Limit(LimitError {
                what: format!("the value of heap {h} of {}", self.seq.rule().label()),
                limit: format!(
                    "heaps up to about {}, the values computable within a second{period}",
                    lo.saturating_sub(1)
                ),
                further: Some(Further::Sequence),
            }));
        }
        self.seq.extend_to(next)?;
        self.period = Periodicity::find(&self.seq);
        Ok(work)
    }

    /// The moves from a heap of `h` that leave heaps worth `w` in all: the heaps each
    /// move leaves (the first `limit` moves), and how many such moves there are.
    ///
    /// The moves are looked at one by one, never gathered in a list, or counted through a
    /// proved period when that is less work (a split whose parts are past the preperiod
    /// is worth what its residues say); either way within [`MAX_MOVE_WORK`] steps.
    ///
    /// ```
    /// use nimlab::heap::{HeapTable, Rule};
    /// let mut kayles = HeapTable::new(Rule::parse("kayles").unwrap());
    /// // From 5 pins, the moves to a P-position: knock down the middle pin (2 + 2).
    /// let (moves, count) = kayles.moves_to_value(5, 0, 10).unwrap();
    /// assert_eq!((moves, count), (vec![vec![2, 2]], 1));
    /// ```
    ///
    /// # Errors
    /// As [`HeapTable::value`]; [`Error::Limit`] when the moves are too many to look at
    /// and no proved period counts them within [`MAX_MOVE_WORK`] steps, before any is
    /// looked at.
    pub fn moves_to_value(&mut self, h: u64, w: u64, limit: usize) -> Result<(Vec<Vec<u64>>, u64)> {
        self.value(h)?;
        let options = self.seq.rule().option_count(h);
        let periodic = self
            .proved()
            .copied()
            .and_then(|p| Some((p, self.periodic_work(&p, h)?)));
        if let Some((p, work)) = periodic {
            if work < options && work <= MAX_MOVE_WORK {
                return self.count_periodic(&p, h, w, limit);
            }
        }
        if options <= MAX_MOVE_WORK {
            return self.list_moves(h, w, limit);
        }
        let why = match periodic {
            Some((_, work)) => {
                format!("counting them through the proved period needs about {work} steps")
            }
            None if self.proved().is_some() => {
                "the proved period does not count the moves of this rule".to_string()
            }
            None => "no period is proved to count them by".to_string(),
        };
        Err(Error::limit(
            format!(
                "looking at the {options} moves of heap {h} of {}",
                self.seq.rule().label()
            ),
            format!("{MAX_MOVE_WORK} moves looked at for one heap ({why})"),
        ))
    }

    /// G(x) of a heap whose value is known: in the table, or by the proved period.
    fn known(&self, x: u64) -> Option<u64> {
        match self.seq.get(x) {
            Some(v) => Some(u64::from(v)),
            None => self.proved()?.extrapolate(&self.seq, x),
        }
    }

    /// Looks at every move of `h`, one at a time.
    fn list_moves(&self, h: u64, w: u64, limit: usize) -> Result<(Vec<Vec<u64>>, u64)> {
        let (mut out, mut count, mut unknown) = (Vec::new(), 0u64, None);
        self.seq.rule().for_each_option(h, |left| {
            if unknown.is_some() {
                return;
            }
            let mut v = 0;
            for &x in left {
                match self.known(x) {
                    Some(g) => v ^= g,
                    None => {
                        unknown = Some(x);
                        return;
                    }
                }
            }
            if v == w {
                count += 1;
                if out.len() < limit {
                    out.push(left.to_vec());
                }
            }
        });
        match unknown {
            // value(h) computed every heap below h, or proved a period: not reached.
            Some(x) => Err(Error::limit(
                format!("the value of heap {x} of {}", self.seq.rule().label()),
                "the values computed",
            )),
            None => Ok((out, count)),
        }
    }

    /// The steps [`HeapTable::count_periodic`] takes for a heap of `h`; `None` when it
    /// cannot count the moves of the rule (not a code, or a code that takes any number).
    fn periodic_work(&self, p: &Periodicity, h: u64) -> Option<u128> {
        let Rule::TakeBreak { code, .. } = self.seq.rule() else {
            return None;
        };
        let top = code.max_take()?.min(h);
        let per_split = u128::from(p.preperiod) + u128::from(p.period) + 1;
        let mut work = 0u128;
        for k in 0..=top {
            let d = code.digit(k);
            let r = u128::from(h - k);
            if d & 4 != 0 {
                work += per_split;
            }
            if d & 8 != 0 {
                work += (r / 3 + 1) * per_split;
            }
            work += 1;
        }
        Some(work)
    }

    /// Counts and lists the moves of a heap from a proved period: a split whose parts are
    /// past the preperiod has the value of its parts' residues, so the splits a + b are
    /// counted by the residue of a, and the splits a + b + c by the residue of b for each a.
    fn count_periodic(
        &self,
        p: &Periodicity,
        h: u64,
        w: u64,
        limit: usize,
    ) -> Result<(Vec<Vec<u64>>, u64)> {
        let Rule::TakeBreak { code, unequal } = self.seq.rule() else {
            return Err(Error::limit(
                format!("listing the moves of heap {h}"),
                format!("heaps up to {LIST_LIMIT} for this rule"),
            ));
        };
        let unequal = *unequal;
        let g = |n: u64| p.extrapolate(&self.seq, n).unwrap_or(u64::MAX);
        let mut out = Vec::new();
        let mut count = 0u64;
        // The first moves of each take in order, within a number of steps: enough to pass
        // the preperiod and see every residue a few times.
        let budget = (p.preperiod + (4 + limit as u64).saturating_mul(p.period))
            .saturating_mul(4)
            .min(LISTING_STEPS);
        let top = code.max_take().unwrap_or(0).min(h);
        for k in 0..=top {
            let mut steps = budget;
            let d = code.digit(k);
            let r = h - k;
            if r == 0 {
                if d & 1 != 0 && w == 0 {
                    count += 1;
                    if out.len() < limit {
                        out.push(vec![]);
                    }
                }
                continue;
            }
            if d & 2 != 0 && k > 0 && g(r) == w {
                count += 1;
                if out.len() < limit {
                    out.push(vec![r]);
                }
            }
            if d & 4 != 0 {
                let half = if unequal { (r - 1) / 2 } else { r / 2 };
                count += count_pairs(p, &g, r, 1, half, w);
                let mut a = 1;
                while out.len() < limit && a <= half && steps > 0 {
                    if g(a) ^ g(r - a) == w {
                        out.push(vec![a, r - a]);
                    }
                    a += 1;
                    steps -= 1;
                }
            }
            if d & 8 != 0 {
                // a ≤ b ≤ c (a < b < c when unequal): for each a, the splits of r − a.
                for a in 1..=r / 3 {
                    let s = r - a;
                    let (lo, hi) = if unequal {
                        (a + 1, (s - 1) / 2)
                    } else {
                        (a, s / 2)
                    };
                    let want = w ^ g(a);
                    count += count_pairs(p, &g, s, lo, hi, want);
                    let mut b = lo;
                    while out.len() < limit && b <= hi && steps > 0 {
                        if g(b) ^ g(s - b) == want {
                            out.push(vec![a, b, s - b]);
                        }
                        b += 1;
                        steps -= 1;
                    }
                }
            }
        }
        Ok((out, count))
    }
}

/// The most steps [`HeapTable::moves_to_value`] takes for one heap (moves looked at, or
/// steps of a count through a proved period): about a second.
pub const MAX_MOVE_WORK: u128 = 200_000_000;

/// The most splits looked at for each take to list the first moves of a heap counted
/// through its period.
const LISTING_STEPS: u64 = 1_000_000;

/// How many splits of `s` into b + (s − b), lo ≤ b ≤ hi, with b ≤ s − b, are worth `want`:
/// b below the preperiod one by one, and b past it (so s − b too) by its residue.
fn count_pairs(
    p: &Periodicity,
    g: &impl Fn(u64) -> u64,
    s: u64,
    lo: u64,
    hi: u64,
    want: u64,
) -> u64 {
    if lo > hi {
        return 0;
    }
    let mut count = 0;
    for b in lo..=hi.min(p.preperiod.saturating_sub(1)) {
        if g(b) ^ g(s - b) == want {
            count += 1;
        }
    }
    let start = lo.max(p.preperiod);
    if start <= hi {
        for b in start..=hi.min(start + p.period - 1) {
            if g(b) ^ g(s - b) == want {
                count += (hi - b) / p.period + 1;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periodic_counts_match_listing() {
        for rule in [
            "kayles",
            "0.07",
            "0.137",
            "4.7",
            "0.51",
            "grundy",
            "hex:0.F",
            "hex:0.B",
            "hex:0.D",
            "hex:0.A",
            "hex:4.8",
            "hex:0.F1",
            "hex:0.F33",
            "hex:0.A13",
            "hex:0.F13",
        ] {
            let mut t = HeapTable::new(Rule::parse(rule).unwrap());
            t.value(3000).unwrap();
            let Some(p) = t.proved().copied() else {
                assert_eq!(rule, "grundy");
                continue;
            };
            let heaps = if rule.starts_with("hex") {
                vec![p.preperiod + 3 * p.period, 301, 600, 777]
            } else {
                vec![p.preperiod + 3 * p.period, 1000, 2001, 2999]
            };
            for h in heaps {
                for w in 0..8 {
                    let listed = t.list_moves(h, w, usize::MAX).unwrap();
                    let counted = t.count_periodic(&p, h, w, 5).unwrap();
                    assert_eq!(listed.1, counted.1, "{rule} heap {h} to {w}");
                    let mut sorted = listed.0.clone();
                    sorted.sort();
                    for m in &counted.0 {
                        assert!(sorted.contains(m), "{rule} {h} {w} {m:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn moves_of_three_heap_rules_are_counted_without_a_list() {
        // `analyze hex:0.F 30001` took 3 GB in 2 s, listing every option of the heap, and
        // 838257 reached 24 GB. hex:0.F takes 1 and leaves 0 to 3 heaps: G(n) = n mod 2
        // (from n the options' parities are those of n − 1), so from an odd heap every move
        // leaves value 0: 1 heap, ⌊r/2⌋ pairs and round(r²/12) triples, r = n − 1.
        let mut t = HeapTable::new(Rule::parse("hex:0.F").unwrap());
        for h in [30_001u64, 838_257, 999_999, 3_000_001] {
            let r = u128::from(h - 1);
            let all = 1 + r / 2 + (r * r + 6) / 12;
            let start = std::time::Instant::now();
            let (first, count) = t.moves_to_value(h, 0, 3).unwrap();
            assert_eq!(u128::from(count), all, "heap {h}");
            assert_eq!(first, vec![vec![h - 1], vec![1, h - 2], vec![2, h - 3]]);
            assert_eq!(t.moves_to_value(h, 1, 3).unwrap().1, 0);
            assert!(
                start.elapsed().as_secs() < 5,
                "heap {h}: {:?}",
                start.elapsed()
            );
        }
        // Far beyond, even the count through the period is too long: refused at once.
        let start = std::time::Instant::now();
        let err = t
            .moves_to_value(1_000_000_000_001, 0, 3)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("moves of heap 1000000000001 of hex:0.F"),
            "{err}"
        );
        assert!(start.elapsed().as_secs() < 1, "{:?}", start.elapsed());
    }

    /// Found by fuzzing: `octal:4.047 3306306` took more than a minute (6.8 s for a heap
    /// of 100,000). Each doubling of the table was held to the budget on its own, so a
    /// heap far beyond the budget was reached through doublings whose work together was
    /// several budgets. The doublings made for one heap now share its budget: replayed,
    /// their estimated work adds up to no more than it.
    #[test]
    fn the_doublings_made_for_one_heap_share_its_budget() {
        let rule = Rule::parse("4.047").unwrap();
        for budget in [20_000_000u128, 40_000_000] {
            let mut t = HeapTable::with_budget(rule.clone(), budget);
            let err = t.value(3_306_306).unwrap_err();
            assert!(matches!(err, Error::Limit(_)), "{err}");
            let mut replay = Sequence::new(rule.clone());
            let mut spent = 0;
            while replay.len() < t.sequence().len() {
                let next = (2 * replay.len()).max(256);
                spent += replay.work(next);
                replay.extend_to(next).unwrap();
            }
            assert_eq!(replay.values(), t.sequence().values());
            assert!(spent <= budget, "{spent} for a budget of {budget}");
        }
        // A heap within the budget is still valued, and with the values a search finds.
        let mut t = HeapTable::with_budget(rule.clone(), 60_000_000);
        let mut plain = Sequence::with_algorithm(rule, crate::heap::Algorithm::Plain);
        plain.extend_to(3001).unwrap();
        assert_eq!(t.value(3000).unwrap(), u64::from(plain.get(3000).unwrap()));
    }

    #[test]
    fn huge_heaps() {
        let mut t = HeapTable::new(Rule::parse("kayles").unwrap());
        let h = 1_000_000_000_000u64;
        let v = t.value(h).unwrap();
        // Period 12 from 71: 10^12 ≡ 4 (mod 12), so G = G(76) = G(88).
        assert_eq!(v, t.value(76).unwrap());
        let (moves, count) = t.moves_to_value(h, 0, 3).unwrap();
        assert_eq!(moves.len(), 3);
        assert!(count > 1_000_000);
        for m in moves {
            assert_eq!(
                m.iter().map(|&x| t.value(x).unwrap()).fold(0, |a, b| a ^ b),
                0
            );
        }
        let err = HeapTable::with_budget(Rule::parse("grundy").unwrap(), 10_000_000)
            .value(h)
            .unwrap_err()
            .to_string();
        assert!(err.contains("no period found"), "{err}");
    }
}
