//! The sequence engine: Grundy values G(0), G(1), … of a heap rule.
//!
//! The plain algorithm values each heap n by the mex of the values of all its options,
//! with a bit set of the values seen. A split into heaps a and b is worth G(a) XOR G(b),
//! so the option values of n come from the values below n alone.

use super::rule::Rule;
use super::values::Values;
use crate::games::subtraction::SubtractionSet;
use crate::{Error, Result};

/// The most work (option values looked at) [`Sequence::extend_to`] spends before it refuses
/// with [`Error::Limit`]: about a minute of computing.
pub const MAX_WORK: u128 = 60_000_000_000;

/// The longest sequence computed (heap sizes), to keep the table within memory.
pub const MAX_LENGTH: u64 = 1 << 32;

/// The Grundy sequence of a heap rule, computed as far as asked.
///
/// ```
/// use nimlab::heap::{Rule, Sequence};
/// let mut kayles = Sequence::new(Rule::parse("kayles").unwrap());
/// kayles.extend_to(11).unwrap();
/// let v: Vec<u32> = kayles.values().iter().collect();
/// assert_eq!(v, vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]); // GAMES.md, text 000
/// ```
#[derive(Debug, Clone)]
pub struct Sequence {
    rule: Rule,
    values: Values,
    /// Bits that cover every value so far (the XOR of values is below 2^bits).
    bits: u32,
    seen: Vec<u64>,
    /// The members of an infinite subtraction set (powers of 2, squares, primes) up to the
    /// length computed, in order; empty for other rules.
    members: Vec<u64>,
}

/// The values of heap sizes stored in one of the widths of [`Values`].
trait Cell: Copy {
    fn get(self) -> u32;
}
impl Cell for u8 {
    fn get(self) -> u32 {
        u32::from(self)
    }
}
impl Cell for u16 {
    fn get(self) -> u32 {
        u32::from(self)
    }
}
impl Cell for u32 {
    fn get(self) -> u32 {
        self
    }
}

impl Sequence {
    /// The sequence of `rule`, holding G(0) = 0.
    pub fn new(rule: Rule) -> Self {
        let mut values = Values::default();
        values.push(0);
        Sequence {
            rule,
            values,
            bits: 0,
            seen: vec![0; 1],
            members: Vec::new(),
        }
    }

    /// A sequence of `rule` that already holds `values` (G(0) first), to be continued:
    /// how a run resumes from a checkpoint. The last few values are computed again and
    /// must agree, which catches values of another rule or a damaged file.
    ///
    /// ```
    /// use nimlab::heap::{Rule, Sequence, Values};
    /// let mut whole = Sequence::new(Rule::parse("0.137").unwrap());
    /// whole.extend_to(500).unwrap();
    /// let mut head = Sequence::new(Rule::parse("0.137").unwrap());
    /// head.extend_to(200).unwrap();
    /// let mut resumed = Sequence::from_values(head.rule().clone(), head.values().clone()).unwrap();
    /// resumed.extend_to(500).unwrap();
    /// assert_eq!(resumed.values(), whole.values());
    /// ```
    ///
    /// # Errors
    /// [`Error::Unsupported`] when the values are empty, do not start with 0, or disagree
    /// with the rule.
    pub fn from_values(rule: Rule, values: Values) -> Result<Self> {
        if values.is_empty() || values.get(0) != 0 {
            return Err(Error::Unsupported(
                "a sequence must start with G(0) = 0".to_string(),
            ));
        }
        let len = values.len();
        let check = 8.min(len - 1);
        let mut seq = Sequence::new(rule);
        let mut head = Values::default();
        for v in values.iter().take(len - check) {
            head.push(v);
        }
        seq.values = head;
        let max = seq.values.iter().max().unwrap_or(0);
        seq.bits = 32 - max.leading_zeros();
        seq.seen = vec![0; ((1usize << seq.bits) / 64).max(1) + 1];
        seq.extend_to(len as u64)?;
        if seq.values.iter().ne(values.iter()) {
            let n = (0..len)
                .find(|&i| seq.values.get(i) != values.get(i))
                .unwrap_or(0);
            return Err(Error::Unsupported(format!(
                "the values do not follow the rule {}: G({n}) is {}, not {}",
                seq.rule,
                seq.values.get(n),
                values.get(n)
            )));
        }
        Ok(seq)
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// The values computed so far, G(0) first.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// How many values are known: G(0) … G(len − 1).
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Always false: G(0) is known from the start.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// G(n), if computed.
    pub fn get(&self, n: u64) -> Option<u32> {
        usize::try_from(n)
            .ok()
            .filter(|&i| i < self.values.len())
            .map(|i| self.values.get(i))
    }

    /// An estimate of the work (option values looked at) to compute values up to `len`.
    pub fn work(&self, len: u64) -> u128 {
        let (from, to) = (self.len() as u128, len as u128);
        if to <= from {
            return 0;
        }
        // Sum over n in from..to of n^e, roughly (to^(e+1) - from^(e+1)) / (e+1).
        let power_sum = |e: u32| (to.pow(e + 1) - from.pow(e + 1)) / u128::from(e + 1);
        match &self.rule {
            Rule::TakeBreak { code, .. } => {
                let takes = code.max_take().map_or(to, |t| u128::from(t) + 1);
                match code.max_heaps_left() {
                    3 => takes * power_sum(2) / 12,
                    2 => takes * power_sum(1) / 2,
                    _ if code.max_take().is_none() => power_sum(1),
                    _ => takes * (to - from),
                }
            }
            Rule::EqualSplit => 2 * (to - from) * (to as f64).sqrt() as u128,
            Rule::Subtract(SubtractionSet::Finite(s)) => s.len() as u128 * (to - from),
            Rule::Subtract(SubtractionSet::Powers2) => 64 * (to - from),
            Rule::Subtract(SubtractionSet::Squares) => (to - from) * (to as f64).sqrt() as u128,
            Rule::Subtract(SubtractionSet::Primes) => {
                power_sum(1) / ((to as f64).ln().max(1.0) as u128).max(1)
            }
            Rule::Subtract(SubtractionSet::Divisors) => {
                2 * (to - from) * (to as f64).sqrt() as u128
            }
        }
    }

    /// Computes values up to G(len − 1) by the plain algorithm.
    ///
    /// # Errors
    /// [`Error::Limit`] when `len` is beyond [`MAX_LENGTH`] or the work beyond
    /// [`MAX_WORK`]; nothing is computed then.
    pub fn extend_to(&mut self, len: u64) -> Result<()> {
        if len > MAX_LENGTH {
            return Err(Error::limit(
                format!(
                    "the values of {} for heaps 0 to {}",
                    self.rule.label(),
                    len.saturating_sub(1)
                ),
                format!("heaps up to {MAX_LENGTH}"),
            ));
        }
        let work = self.work(len);
        if work > MAX_WORK {
            return Err(Error::limit(
                format!("the values of {} for heaps 0 to {}", self.rule.label(), len.saturating_sub(1)),
                format!(
                    "{MAX_WORK} option values looked at (this needs about {work}); ask for fewer heap sizes"
                ),
            ));
        }
        self.values.reserve(len.saturating_sub(self.len()) as usize);
        match &self.rule {
            Rule::Subtract(set @ (SubtractionSet::Powers2 | SubtractionSet::Squares)) => {
                self.members.clear();
                set.for_each(len, |s| self.members.push(s));
            }
            Rule::Subtract(SubtractionSet::Primes) => self.members = primes_below(len + 1),
            _ => {}
        }
        while self.len() < len {
            let n = self.len();
            let (rule, seen, members) = (&self.rule, &mut self.seen, &self.members[..]);
            let v = match &self.values {
                Values::U8(g) => next_value(rule, members, n, g, seen),
                Values::U16(g) => next_value(rule, members, n, g, seen),
                Values::U32(g) => next_value(rule, members, n, g, seen),
            };
            self.values.push(v);
            if v >> self.bits != 0 {
                self.bits = 32 - v.leading_zeros();
                self.seen = vec![0; ((1usize << self.bits) / 64).max(1) + 1];
            }
        }
        Ok(())
    }
}

/// The primes below `n`, by the sieve of Eratosthenes.
fn primes_below(n: u64) -> Vec<u64> {
    let n = n as usize;
    let mut composite = vec![false; n];
    let mut primes = Vec::new();
    for i in 2..n {
        if !composite[i] {
            primes.push(i as u64);
            let mut j = i * i;
            while j < n {
                composite[j] = true;
                j += i;
            }
        }
    }
    primes
}

/// G(n) by the mex of the values of the options of n, from G(0) … G(n − 1) in `g`; `seen`
/// is a bit set that covers every value the options can have; `members` lists an infinite
/// subtraction set far enough.
fn next_value<T: Cell>(rule: &Rule, members: &[u64], n: u64, g: &[T], seen: &mut [u64]) -> u32 {
    seen.iter_mut().for_each(|w| *w = 0);
    let mut mark = |v: u32| {
        let w = (v / 64) as usize;
        if w < seen.len() {
            seen[w] |= 1 << (v % 64);
        }
    };
    let at = |i: u64| g[i as usize].get();
    match rule {
        Rule::TakeBreak { code, unequal } => {
            let top = code.max_take().map_or(n, |t| t.min(n));
            for k in 0..=top {
                let d = code.digit(k);
                let r = n - k;
                if r == 0 {
                    if d & 1 != 0 {
                        mark(0);
                    }
                    continue;
                }
                if d & 2 != 0 {
                    mark(at(r));
                }
                if d & 4 != 0 {
                    let r = r as usize;
                    let half = if *unequal { (r - 1) / 2 } else { r / 2 };
                    let (low, high) = (&g[1..=half], &g[r - half..r]);
                    for (a, b) in low.iter().zip(high.iter().rev()) {
                        mark(a.get() ^ b.get());
                    }
                }
                if d & 8 != 0 {
                    for a in 1..=r / 3 {
                        for b in a..=(r - a) / 2 {
                            let c = r - a - b;
                            if !(*unequal && (a == b || b == c)) {
                                mark(at(a) ^ at(b) ^ at(c));
                            }
                        }
                    }
                }
            }
        }
        Rule::EqualSplit => {
            let mut d = 1;
            while d * d <= n {
                if n % d == 0 {
                    for size in [d, n / d] {
                        let parts = n / size;
                        if parts >= 2 {
                            mark(if parts % 2 == 1 { at(size) } else { 0 });
                        }
                    }
                }
                d += 1;
            }
        }
        Rule::Subtract(set @ (SubtractionSet::Finite(_) | SubtractionSet::Divisors)) => {
            set.for_each(n, |s| mark(at(n - s)))
        }
        Rule::Subtract(_) => {
            for &s in members.iter().take_while(|&&s| s <= n) {
                mark(at(n - s));
            }
        }
    }
    seen.iter()
        .enumerate()
        .find(|(_, &w)| w != u64::MAX)
        .map(|(i, &w)| (i * 64) as u32 + (!w).trailing_zeros())
        .unwrap_or((seen.len() * 64) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, ImpartialGame};

    /// A heap game searched position by position: the independent oracle.
    struct Heaps(Rule);
    impl ImpartialGame for Heaps {
        type Position = Vec<u64>;
        fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for (i, &h) in heaps.iter().enumerate() {
                self.0.for_each_option(h, |left| {
                    let mut next: Vec<u64> = heaps[..i].to_vec();
                    next.extend_from_slice(&heaps[i + 1..]);
                    next.extend_from_slice(left);
                    next.sort_unstable();
                    out.push(next);
                });
            }
        }
    }

    fn plain(rule: &str, len: u64) -> Vec<u32> {
        let mut s = Sequence::new(Rule::parse(rule).unwrap());
        s.extend_to(len).unwrap();
        s.values().iter().collect()
    }

    #[test]
    fn the_plain_algorithm_matches_a_search_of_whole_positions() {
        for rule in [
            "kayles",
            "0.07",
            "0.137",
            "grundy",
            "lasker",
            "antigrundy",
            "hex:0.8",
            "hex:0.F",
            "4.7",
            "0.51",
            "subtraction:1,3,4",
            "subtraction:primes",
        ] {
            let len = if rule.contains("hex") { 16 } else { 22 };
            let mut solver = GrundySolver::new(Heaps(Rule::parse(rule).unwrap()));
            let searched: Vec<u32> = (0..len)
                .map(|n| solver.value(&vec![n]).unwrap() as u32)
                .collect();
            assert_eq!(plain(rule, len), searched, "{rule}");
        }
    }

    #[test]
    fn values_from_the_texts() {
        // GAMES.md §2: Grundy's game from 0, and 12 → 1; Lasker's Nim 3 → 4, 4 → 3, 7 → 8, 8 → 7.
        assert_eq!(
            plain("grundy", 13),
            vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
        );
        let lasker = plain("lasker", 9);
        assert_eq!((lasker[3], lasker[4], lasker[7], lasker[8]), (4, 3, 8, 7));
        // Kayles 70 → 6; Dawson's chess from n = 1: 1 1 2 0.
        assert_eq!(plain("kayles", 71)[70], 6);
        assert_eq!(plain("dawson-chess", 5)[1..], [1, 1, 2, 0]);
    }

    #[test]
    fn too_much_work_is_refused() {
        let mut s = Sequence::new(Rule::parse("grundy").unwrap());
        let err = s.extend_to(10_000_000).unwrap_err().to_string();
        assert!(err.contains("beyond nimlab's limit"), "{err}");
        assert_eq!(s.len(), 1);
        assert!(s.extend_to(MAX_LENGTH + 1).is_err());
    }
}
