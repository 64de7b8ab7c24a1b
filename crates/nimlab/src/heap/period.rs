//! Periodicity of a Grundy sequence: period, preperiod, saltus, and the proof.

use super::sequence::Sequence;
use super::values::Values;
use serde::Serialize;

/// A (possibly arithmetic) periodicity of a Grundy sequence: G(n + period) = G(n) + saltus
/// for every n ≥ preperiod, as far as the values go, and for ever when `proved`.
///
/// A period is *proved* when the rule is one the Guy–Smith theorem covers (a finite code
/// without the unequal-split condition, or a finite subtraction set) and the values reach
/// the window the theorem needs ([`crate::heap::Rule::proof_length`]). Otherwise it is only
/// apparent: it holds for every value computed.
///
/// ```
/// use nimlab::heap::{Periodicity, Rule, Sequence};
/// let mut lasker = Sequence::new(Rule::parse("lasker").unwrap());
/// lasker.extend_to(100).unwrap();
/// let p = Periodicity::find(&lasker).unwrap();
/// // Lasker's Nim: G(n + 4) = G(n) + 4 from n = 1 on, apparent (the code repeats forever).
/// assert_eq!((p.period, p.saltus, p.preperiod, p.proved), (4, 4, 1, false));
/// assert_eq!(p.value(&lasker, 1_000_000_000_001), Some(1_000_000_000_001));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The period p.
    pub period: u64,
    /// The first heap size n0 from which the values repeat.
    pub preperiod: u64,
    /// The saltus s: 0 for plain periodicity, positive for arithmetic periodicity.
    pub saltus: u64,
    /// How many values were examined: G(0) … G(checked − 1).
    pub checked: u64,
    /// How many values the Guy–Smith theorem needs for a proof; `None` when it does not
    /// apply to the rule.
    pub needed: Option<u64>,
    /// Whether the periodicity holds for every heap size (the values reach `needed`).
    pub proved: bool,
}

/// The shortest stretch of repeating values, in periods, that counts as an apparent
/// period.
const MIN_REPEATS: u64 = 2;
/// The fewest values beyond the preperiod and the first period that count.
const MIN_CHECKED: u64 = 12;

impl Periodicity {
    /// The periodicity of the values computed so far: the shortest period (plain
    /// periodicity first, then arithmetic), with the shortest preperiod for it. `None` when
    /// no period repeats at least twice after its preperiod.
    pub fn find(seq: &Sequence) -> Option<Self> {
        let len = seq.values().len() as u64;
        let build = |p: u64, n0: u64, s: u64| {
            let needed = if s == 0 {
                seq.rule().proof_length(n0, p)
            } else {
                None
            };
            Periodicity {
                period: p,
                preperiod: n0,
                saltus: s,
                checked: len,
                needed,
                proved: needed.is_some_and(|b| b <= len),
            }
        };
        // The values as they are stored: one loop for each width, without a match for
        // every value read.
        match seq.values() {
            Values::U8(g) => shortest(g, build),
            Values::U16(g) => shortest(g, build),
            Values::U32(g) => shortest(g, build),
        }
    }

    /// G(n) for any heap size n: from the table below its length, from the periodicity
    /// beyond it (when proved, or for any periodicity if the caller accepts an apparent
    /// one). `None` when G(n) does not fit in 64 bits or n is beyond the table and the
    /// periodicity is not proved.
    pub fn value(&self, seq: &Sequence, n: u64) -> Option<u64> {
        if let Some(v) = seq.get(n) {
            return Some(u64::from(v));
        }
        if !self.proved && self.saltus == 0 {
            return None;
        }
        self.extrapolate(seq, n)
    }

    /// G(n) by the periodicity, proved or not.
    pub fn extrapolate(&self, seq: &Sequence, n: u64) -> Option<u64> {
        if n < self.preperiod {
            return seq.get(n).map(u64::from);
        }
        let (q, r) = (
            (n - self.preperiod) / self.period,
            (n - self.preperiod) % self.period,
        );
        let base = u64::from(seq.get(self.preperiod + r)?);
        base.checked_add(self.saltus.checked_mul(q)?)
    }
}

/// The shortest period of the values `g` (plain periodicity first, then arithmetic), with
/// the shortest preperiod for it, as [`Periodicity::find`] finds it; `build` makes the
/// periodicity of a period, a preperiod and a saltus.
fn shortest<T: Copy + Into<u32>>(
    g: &[T],
    build: impl Fn(u64, u64, u64) -> Periodicity,
) -> Option<Periodicity> {
    let len = g.len() as u64;
    let g = |i: usize| i64::from(g[i].into());
    let fits = |p: u64, n0: u64| {
        let c = len - p - n0;
        c >= MIN_REPEATS * p && c >= MIN_CHECKED
    };
    for arithmetic in [false, true] {
        for p in 1..len {
            let last = (len - 1) as usize;
            let pu = p as usize;
            let s = g(last) - g(last - pu);
            if (s != 0) != arithmetic || s < 0 {
                continue;
            }
            let mut n0 = len - p;
            while n0 > 0 && g(n0 as usize - 1 + pu) - g(n0 as usize - 1) == s {
                n0 -= 1;
            }
            // Only a plain period can be proved: the proof's length is asked for only
            // when the values do not already show the period twice.
            if fits(p, n0) || (s == 0 && build(p, n0, 0).proved) {
                return Some(build(p, n0, s as u64));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::Rule;

    fn periodicity(rule: &str, len: u64) -> Option<Periodicity> {
        let mut s = Sequence::new(Rule::parse(rule).unwrap());
        s.extend_to(len).unwrap();
        Periodicity::find(&s)
    }

    #[test]
    fn periods_from_the_texts_and_winning_ways() {
        // Kayles: period 12 from 71 (GAMES.md; Winning Ways ch. 4); the proof needs 168 values.
        let k = periodicity("kayles", 300).unwrap();
        assert_eq!(
            (k.period, k.preperiod, k.saltus, k.proved),
            (12, 71, 0, true)
        );
        assert_eq!(k.needed, Some(168));
        assert!(!periodicity("kayles", 167).unwrap().proved);
        // Dawson's chess (0.137): period 34 from 52 (GAMES.md, text 003).
        let d = periodicity("dawson-chess", 400).unwrap();
        assert_eq!((d.period, d.preperiod, d.proved), (34, 52, true));
        // Dawson's Kayles 0.07 is Dawson's chess shifted by one: period 34 from 53.
        let dk = periodicity("dawson-kayles", 400).unwrap();
        assert_eq!((dk.period, dk.preperiod, dk.proved), (34, 53, true));
        // Subtraction {1, 3, 4}: period 7 from 0.
        let s = periodicity("subtraction:1,3,4", 100).unwrap();
        assert_eq!((s.period, s.preperiod, s.proved), (7, 0, true));
    }

    #[test]
    fn no_period_in_grundys_game_and_honest_status() {
        assert_eq!(periodicity("grundy", 2000), None);
        // Nim as the code 0.3…: G(n) = n, arithmetic with period 1 and saltus 1, never proved.
        let nim = periodicity("0.3…", 50).unwrap();
        assert_eq!(
            (nim.period, nim.saltus, nim.proved, nim.needed),
            (1, 1, false, None)
        );
    }

    #[test]
    fn proved_periods_give_values_of_any_heap() {
        let mut s = Sequence::new(Rule::parse("kayles").unwrap());
        s.extend_to(1000).unwrap();
        let mut short = Sequence::new(Rule::parse("kayles").unwrap());
        short.extend_to(200).unwrap();
        let p = Periodicity::find(&short).unwrap();
        for n in 0..1000 {
            assert_eq!(
                p.value(&short, n),
                Some(u64::from(s.get(n).unwrap())),
                "{n}"
            );
        }
        assert!(p.value(&short, u64::MAX).is_some());
    }
}
