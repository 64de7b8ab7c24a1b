//! Values and moves of single heaps of any size: the sequence as far as it is needed, and a
//! proved period beyond it.

use super::period::Periodicity;
use super::rule::Rule;
use super::sequence::Sequence;
use crate::{Error, Result};

/// The work a table spends on its own (option values looked at) before it gives up: about
/// a second.
pub const DEFAULT_BUDGET: u128 = 600_000_000;

/// Heaps up to this size have their moves listed one by one; beyond it a proved period is
/// needed to count them.
pub const LIST_LIMIT: u64 = 1 << 20;

/// The values of single heaps of a rule, computed on demand.
///
/// A heap within the computed values is looked up; beyond them the table computes more
/// (doubling its length) until the heap is reached or a period is proved, within a budget
/// of work. A proved period gives the value of a heap of any size.
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

    /// A table that spends at most `budget` work (option values looked at) per extension.
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
        loop {
            if let Some(v) = self.seq.get(h) {
                return Ok(u64::from(v));
            }
            if let Some(p) = self.proved() {
                return p.extrapolate(&self.seq, h).ok_or_else(|| {
                    Error::limit(format!("the value of heap {h}"), "values below 2^64")
                });
            }
            self.grow(h)?;
        }
    }

    /// Computes more values: twice as many, or up to heap `h` if that is nearer.
    fn grow(&mut self, h: u64) -> Result<()> {
        let len = self.seq.len();
        let next = (2 * len).max(256).min(h.saturating_add(1).max(len + 1));
        // A rule no periodicity theorem covers must reach h itself: refuse at once when
        // that is beyond the budget.
        let unprovable = self.seq.rule().proof_length(0, 1).is_none();
        let hopeless = unprovable && self.seq.work(h.saturating_add(1)) > self.budget;
        if hopeless || self.seq.work(next) > self.budget {
            let period = match &self.period {
                Some(p) => format!(
                    "; the values so far look periodic (period {} from {}) but the proof needs values up to {}",
                    p.period,
                    p.preperiod,
                    p.needed.map_or("(no proof applies to this rule)".into(), |n| n.to_string())
                ),
                None => "; no period found in them".to_string(),
            };
            // The largest length whose work fits the budget, by bisection.
            let (mut lo, mut hi) = (len, h.saturating_add(1));
            while lo + 1 < hi {
                let mid = lo + (hi - lo) / 2;
                if self.seq.work(mid) <= self.budget {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            return Err(Error::limit(
                format!("the value of heap {h} of {}", self.seq.rule().label()),
                format!(
                    "heaps up to about {}, the values computable within a second{period}; `nimlab sequence` computes further",
                    lo.saturating_sub(1)
                ),
            ));
        }
        self.seq.extend_to(next)?;
        self.period = Periodicity::find(&self.seq);
        Ok(())
    }

    /// The moves from a heap of `h` that leave heaps worth `w` in all: the heaps each
    /// move leaves (the first `limit` moves), and how many such moves there are.
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
    /// As [`HeapTable::value`]; [`Error::Limit`] for a heap beyond [`LIST_LIMIT`] without
    /// a proved period (or of a rule that leaves three heaps).
    pub fn moves_to_value(&mut self, h: u64, w: u64, limit: usize) -> Result<(Vec<Vec<u64>>, u64)> {
        self.value(h)?;
        if h <= LIST_LIMIT {
            return self.list_moves(h, w, limit);
        }
        let Some(p) = self.proved().copied() else {
            return Err(Error::limit(
                format!(
                    "listing the moves of heap {h} of {}",
                    self.seq.rule().label()
                ),
                format!("heaps up to {LIST_LIMIT}, or any heap of a rule with a proved period"),
            ));
        };
        self.count_periodic(&p, h, w, limit)
    }

    /// G(x) when it is known without computing more: in the table, or by a proved period.
    fn known(&self, x: u64) -> Option<u64> {
        match self.seq.get(x) {
            Some(v) => Some(u64::from(v)),
            None => self.proved()?.extrapolate(&self.seq, x),
        }
    }

    /// The moves of heap `h` (whose value is known, and so are those of every smaller
    /// heap) to value `w`: the first `limit` built, all counted.
    fn list_moves(&mut self, h: u64, w: u64, limit: usize) -> Result<(Vec<Vec<u64>>, u64)> {
        let mut out = Vec::new();
        let mut count = 0;
        let mut unknown = None;
        let this = &*self;
        this.seq.rule().for_each_option(h, |l| {
            let mut v = 0;
            for &x in l {
                match this.known(x) {
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
                    out.push(l.to_vec());
                }
            }
        });
        if let Some(x) = unknown {
            return Err(Error::limit(
                format!("the value of heap {x} of {}", self.seq.rule().label()),
                "the values computed for this position",
            ));
        }
        Ok((out, count))
    }

    /// Counts and lists the moves of a heap far beyond the table, from a proved period:
    /// a split a + b with both parts past the preperiod depends only on a mod p.
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
        let g = |n: u64| p.extrapolate(&self.seq, n).unwrap_or(u64::MAX);
        let (n0, per) = (p.preperiod, p.period);
        let mut out = Vec::new();
        let mut count = 0u64;
        let top = code.max_take().unwrap_or(0).min(h);
        for k in 0..=top {
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
            if d & 8 != 0 {
                return Err(Error::limit(
                    format!(
                        "listing the moves of heap {h} of {}",
                        self.seq.rule().label()
                    ),
                    format!("heaps up to {LIST_LIMIT} for rules that leave three heaps"),
                ));
            }
            if d & 2 != 0 && g(r) == w {
                count += 1;
                if out.len() < limit {
                    out.push(vec![r]);
                }
            }
            if d & 4 == 0 {
                continue;
            }
            let half = if *unequal { (r - 1) / 2 } else { r / 2 };
            let ok = |a: u64| g(a) ^ g(r - a) == w;
            // Parts below the preperiod, one by one.
            let low_end = half.min(n0.saturating_sub(1));
            for a in 1..=low_end {
                if ok(a) {
                    count += 1;
                }
            }
            // Both parts past the preperiod: by the residue of a.
            let lo = n0.max(1);
            if half >= lo {
                for c in 0..per {
                    let first = lo + (c + per - (lo - n0) % per) % per; // least a ≥ lo with a ≡ n0 + c
                    if first > half || !ok(first) {
                        continue;
                    }
                    count += (half - first) / per + 1;
                }
            }
            // The first few, in order.
            let mut a = 1;
            while out.len() < limit && a <= half {
                if ok(a) {
                    out.push(vec![a, r - a]);
                }
                a += 1;
                if a > n0 + 2 * per + limit as u64 * per {
                    break;
                }
            }
        }
        Ok((out, count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periodic_counts_match_listing() {
        for rule in ["kayles", "0.07", "0.137", "4.7", "0.51", "grundy"] {
            let mut t = HeapTable::new(Rule::parse(rule).unwrap());
            t.value(3000).unwrap();
            let Some(p) = t.proved().copied() else {
                assert_eq!(rule, "grundy");
                continue;
            };
            for h in [p.preperiod + 3 * p.period, 1000, 2001, 2999] {
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
