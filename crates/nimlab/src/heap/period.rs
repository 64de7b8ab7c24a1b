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
///
/// A period p is a candidate only if G(last) − G(last − p) is the saltus (0 for a plain
/// period, positive for an arithmetic one), and an arithmetic one only if
/// G(last − 1) − G(last − 1 − p) is the same (it needs [`MIN_CHECKED`] values): the
/// periods are sieved with these tests [`SIEVE`] at a time, in loops the compiler turns
/// into vector instructions, before the candidates are looked at one by one.
fn shortest<T: Copy + Into<u32>>(
    g: &[T],
    build: impl Fn(u64, u64, u64) -> Periodicity,
) -> Option<Periodicity> {
    let len = g.len();
    if len < 2 {
        return None;
    }
    let last = len - 1;
    let at = |i: usize| i64::from(g[i].into());
    let fits = |p: usize, n0: usize| {
        let c = (len - p - n0) as u64;
        c >= MIN_REPEATS * p as u64 && c >= MIN_CHECKED
    };
    // Whether the candidate p gives the periodicity: the shortest preperiod for it, and
    // whether that is enough.
    let look = |p: usize, s: i64| {
        let mut n0 = len - p;
        while n0 > 0 && at(n0 - 1 + p) - at(n0 - 1) == s {
            n0 -= 1;
        }
        // Only a plain period can be proved: the proof's length is asked for only when
        // the values do not already show the period twice.
        (fits(p, n0) || (s == 0 && build(p as u64, n0 as u64, 0).proved))
            .then(|| build(p as u64, n0 as u64, s as u64))
    };
    let top: u32 = g[last].into();
    // Plain: G(last − p) = G(last).
    let mut p = 1;
    while p < len {
        let end = (p + SIEVE).min(len);
        // G(last − q) for q from end − 1 down to p.
        let window = &g[len - end..=last - p];
        if window.iter().fold(false, |hit, &x| hit | (x.into() == top)) {
            for q in p..end {
                if g[last - q].into() == top {
                    if let Some(found) = look(q, 0) {
                        return Some(found);
                    }
                }
            }
        }
        p = end;
    }
    // Arithmetic: G(last) − G(last − p) = G(last − 1) − G(last − 1 − p) > 0, for the p
    // that leave room for the values a period needs.
    let before: u32 = g[last - 1].into();
    let most = last - 1;
    let mut p = 1;
    while p <= most {
        let end = (p + SIEVE).min(most + 1);
        // G(last − q) and G(last − 1 − q) for q from end − 1 down to p.
        let now = &g[len - end..=last - p];
        let then = &g[len - 1 - end..last - p];
        let hit = now.iter().zip(then).fold(false, |hit, (&x, &y)| {
            let (x, y): (u32, u32) = (x.into(), y.into());
            hit | (x < top && top.wrapping_sub(x) == before.wrapping_sub(y))
        });
        if hit {
            for q in p..end {
                let s = at(last) - at(last - q);
                if s > 0 && at(last - 1) - at(last - 1 - q) == s {
                    if let Some(found) = look(q, s) {
                        return Some(found);
                    }
                }
            }
        }
        p = end;
    }
    None
}

/// How many periods [`shortest`] sieves at a time.
const SIEVE: usize = 64;

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

    /// The search of [`shortest`] without its sieve: each period in turn.
    fn shortest_one_by_one(
        g: &[u32],
        build: impl Fn(u64, u64, u64) -> Periodicity,
    ) -> Option<Periodicity> {
        let len = g.len() as u64;
        let g = |i: u64| i64::from(g[i as usize]);
        for arithmetic in [false, true] {
            for p in 1..len {
                let s = g(len - 1) - g(len - 1 - p);
                if (s != 0) != arithmetic || s < 0 {
                    continue;
                }
                let mut n0 = len - p;
                while n0 > 0 && g(n0 - 1 + p) - g(n0 - 1) == s {
                    n0 -= 1;
                }
                let c = len - p - n0;
                let fits = c >= MIN_REPEATS * p && c >= MIN_CHECKED;
                if fits || (s == 0 && build(p, n0, 0).proved) {
                    return Some(build(p, n0, s as u64));
                }
            }
        }
        None
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// Random preperiods followed by a random period (plain or arithmetic), cut
        /// anywhere, with the proof lengths of a subtraction game and of an octal game.
        #[test]
        fn the_sieve_finds_what_each_period_in_turn_finds(
            pre in proptest::collection::vec(0u32..4, 0..40),
            period in proptest::collection::vec(0u32..4, 1..30),
            saltus in 0u32..3,
            len in 0usize..400,
            rule in proptest::sample::select(vec!["subtraction:1,2", "kayles", "0.137", "grundy"]),
        ) {
            let rule = Rule::parse(rule).unwrap();
            let mut g = pre.clone();
            for i in 0..len.saturating_sub(pre.len()) {
                let turn = (i / period.len()) as u32;
                g.push(period[i % period.len()] + saltus * turn);
            }
            g.truncate(len);
            let build = |p: u64, n0: u64, s: u64| {
                let needed = if s == 0 { rule.proof_length(n0, p) } else { None };
                Periodicity {
                    period: p,
                    preperiod: n0,
                    saltus: s,
                    checked: g.len() as u64,
                    needed,
                    proved: needed.is_some_and(|b| b <= g.len() as u64),
                }
            };
            let wide: Vec<u32> = g.iter().map(|&v| v + (1 << 20)).collect();
            let narrow: Vec<u8> = g.iter().map(|&v| v as u8).collect();
            let expected = shortest_one_by_one(&g, build);
            proptest::prop_assert_eq!(shortest(&g, build), expected);
            proptest::prop_assert_eq!(shortest(&wide, build), expected);
            if g.iter().all(|&v| v < 256) {
                proptest::prop_assert_eq!(shortest(&narrow, build), expected);
            }
        }
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
