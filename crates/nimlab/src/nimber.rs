//! Nimbers: the nim-sum, the mex rule and the value type of impartial games.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use serde::{Serialize, Serializer};
use std::fmt;

/// The nim-sum (bitwise exclusive or) of machine-sized values.
///
/// ```
/// assert_eq!(nimlab::nimber::nim_sum([3u64, 5, 7]), 1);
/// assert_eq!(nimlab::nimber::nim_sum([3u64, 8, 11]), 0);
/// ```
pub fn nim_sum<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// The nim-sum of values of any size.
///
/// ```
/// use num_bigint::BigUint;
/// let huge: BigUint = "10000000000000000000000000000000000000000".parse().unwrap();
/// assert_eq!(nimlab::nimber::nim_sum_big([&huge, &huge]), BigUint::from(0u8));
/// ```
pub fn nim_sum_big<'a, I: IntoIterator<Item = &'a BigUint>>(values: I) -> BigUint {
    values.into_iter().fold(BigUint::zero(), |acc, v| acc ^ v)
}

/// The minimum excludant: the least value ≥ 0 that is not among `values`.
///
/// Runs in time linear in the number of values, whatever their size.
///
/// ```
/// assert_eq!(nimlab::nimber::mex([0u64, 1, 2, 4, 5]), 3);
/// assert_eq!(nimlab::nimber::mex(Vec::<u64>::new()), 0);
/// assert_eq!(nimlab::nimber::mex([1u64, 2]), 0);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut seen = MexSet::default();
    for v in values {
        seen.insert(v);
    }
    seen.mex()
}

/// A reusable set of values for repeated mex computations without allocation.
///
/// Small values live in a bitset; the rare large ones in a list that is only read when
/// every small value is present.
///
/// ```
/// let mut set = nimlab::nimber::MexSet::default();
/// for v in [0, 2, 1, 7] { set.insert(v); }
/// assert_eq!(set.mex(), 3);
/// set.clear();
/// assert_eq!(set.mex(), 0);
/// ```
#[derive(Debug, Default, Clone)]
pub struct MexSet {
    words: Vec<u64>,
    large: Vec<u64>,
}

/// Values below this live in the bitset.
const SMALL: u64 = 1 << 16;

impl MexSet {
    /// Adds `v` to the set.
    pub fn insert(&mut self, v: u64) {
        if v >= SMALL {
            self.large.push(v);
            return;
        }
        let w = (v / 64) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v % 64);
    }

    /// The least value not in the set.
    pub fn mex(&mut self) -> u64 {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return (i as u64) * 64 + u64::from((!w).trailing_zeros());
            }
        }
        let mut m = (self.words.len() as u64) * 64;
        if m < SMALL {
            return m;
        }
        self.large.sort_unstable();
        for &v in &self.large {
            if v == m {
                m += 1;
            } else if v > m {
                break;
            }
        }
        m
    }

    /// Empties the set, keeping its memory.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
        self.large.clear();
    }
}

/// The value of an impartial game: the nimber `*g`, with `g` of any size.
///
/// Written `0` for `*0` and `*g` otherwise (`*1` is written `*1`).
///
/// ```
/// use nimlab::Nimber;
/// assert_eq!(Nimber::from(0u64).to_string(), "0");
/// assert_eq!(Nimber::from(4u64).to_string(), "*4");
/// assert_eq!((Nimber::from(2u64) + Nimber::from(3u64)).to_string(), "*1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Nimber(BigUint);

impl Nimber {
    /// The nimber `*g`.
    pub fn new(g: BigUint) -> Self {
        Nimber(g)
    }

    /// The Grundy value g of `*g`.
    pub fn grundy(&self) -> &BigUint {
        &self.0
    }

    /// `Some(g)` when g fits in 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        self.0.to_u64()
    }

    /// True for `*0`, the value of every P-position.
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
}

impl From<u64> for Nimber {
    fn from(g: u64) -> Self {
        Nimber(BigUint::from(g))
    }
}

impl From<BigUint> for Nimber {
    fn from(g: BigUint) -> Self {
        Nimber(g)
    }
}

// Nimber addition is the nim-sum: `^` is the right operator here.
#[allow(clippy::suspicious_arithmetic_impl)]
impl std::ops::Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_arithmetic_impl)]
impl std::ops::Add<&Nimber> for &Nimber {
    type Output = Nimber;
    fn add(self, rhs: &Nimber) -> Nimber {
        Nimber(&self.0 ^ &rhs.0)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_zero() {
            f.write_str("0")
        } else {
            write!(f, "*{}", self.0)
        }
    }
}

impl Serialize for Nimber {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_with_huge_values() {
        assert_eq!(mex([u64::MAX, 0, 1 << 40]), 1);
        let mut all: Vec<u64> = (0..SMALL + 3).collect();
        all.push(u64::MAX);
        assert_eq!(mex(all.iter().rev().copied()), SMALL + 3);
    }

    #[test]
    fn mex_of_a_long_run() {
        assert_eq!(mex(0..1000u64), 1000);
        assert_eq!(mex((0..1000u64).filter(|&v| v != 577)), 577);
    }

    #[test]
    fn bouton_example_from_text_000() {
        // 3 = 0011, 8 = 1000, 11 = 1011: nim-sum 0 (the text misprints 11 as 10).
        assert_eq!(nim_sum([3, 8, 11]), 0);
        assert_eq!(nim_sum([3, 8, 10]), 1);
    }
}
