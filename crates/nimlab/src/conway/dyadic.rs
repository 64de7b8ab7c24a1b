//! Dyadic rationals m / 2^k of any size: the numbers of short games.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// A dyadic rational `m / 2^k` in lowest terms (`m` odd when `k > 0`), exact at any size.
///
/// ```
/// use nimlab::conway::Dyadic;
/// let x = Dyadic::new(25.into(), 4);
/// assert_eq!(x.to_string(), "25/16");
/// assert_eq!((&x + &Dyadic::from(-2)).to_string(), "-7/16");
/// assert_eq!(Dyadic::new(6.into(), 2).to_string(), "3/2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: BigInt,
    exp: u32,
}

impl Dyadic {
    /// `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: BigInt, exp: u32) -> Dyadic {
        let mut d = Dyadic { num, exp };
        d.reduce();
        d
    }

    fn reduce(&mut self) {
        if self.num.is_zero() {
            self.exp = 0;
            return;
        }
        let twos = self
            .num
            .trailing_zeros()
            .unwrap_or(0)
            .min(u64::from(self.exp)) as u32;
        if twos > 0 {
            self.num >>= twos;
            self.exp -= twos;
        }
    }

    /// Zero.
    pub fn zero() -> Dyadic {
        Dyadic {
            num: BigInt::zero(),
            exp: 0,
        }
    }

    /// The numerator in lowest terms.
    pub fn numerator(&self) -> &BigInt {
        &self.num
    }

    /// The exponent k of the denominator 2^k.
    pub fn exponent(&self) -> u32 {
        self.exp
    }

    /// This number as an `f64`, when it is one exactly: a numerator of at most 2^53 in
    /// size and a denominator of at most 2^1000. Two such numbers compare as their
    /// `f64`s do.
    pub(crate) fn to_f64_exact(&self) -> Option<f64> {
        use num_traits::ToPrimitive;
        let n = self.num.to_i64()?;
        if n.unsigned_abs() > 1 << 53 || self.exp > 1000 {
            return None;
        }
        // 2^-exp, a normal f64: scaling by it is exact.
        let scale = f64::from_bits(u64::from(1023 - self.exp) << 52);
        Some(n as f64 * scale)
    }

    /// Whether this is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.num.is_positive() {
            1
        } else if self.num.is_negative() {
            -1
        } else {
            0
        }
    }

    /// Half of this number.
    pub fn half(&self) -> Dyadic {
        Dyadic::new(self.num.clone(), self.exp + 1)
    }

    /// The largest integer at most this number.
    pub fn floor(&self) -> BigInt {
        self.num.div_floor(&(BigInt::one() << self.exp))
    }

    /// The smallest integer at least this number.
    pub fn ceil(&self) -> BigInt {
        -((-&self.num).div_floor(&(BigInt::one() << self.exp)))
    }

    /// The simplest number strictly between `lo` and `hi` (either may be absent, meaning
    /// no bound): the number born first, as in {lo | hi}. `None` when `lo >= hi`.
    ///
    /// ```
    /// use nimlab::conway::Dyadic;
    /// let s = |lo: Option<i64>, hi: Option<i64>| {
    ///     Dyadic::simplest_between(lo.map(Dyadic::from).as_ref(), hi.map(Dyadic::from).as_ref())
    ///         .map(|d| d.to_string())
    /// };
    /// assert_eq!(s(Some(0), Some(1)).as_deref(), Some("1/2"));
    /// assert_eq!(s(Some(-3), Some(5)).as_deref(), Some("0"));
    /// assert_eq!(s(Some(3), None).as_deref(), Some("4"));
    /// assert_eq!(s(None, Some(-2)).as_deref(), Some("-3"));
    /// assert_eq!(s(Some(1), Some(1)), None);
    /// ```
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        // An integer, if one lies strictly between: the one nearest zero.
        let above_lo = lo.map(|l| l.floor() + 1);
        let below_hi = hi.map(|h| h.ceil() - 1);
        let fits = |n: &BigInt| {
            above_lo.as_ref().is_none_or(|a| n >= a) && below_hi.as_ref().is_none_or(|b| n <= b)
        };
        let zero = BigInt::zero();
        if fits(&zero) {
            return Some(Dyadic::zero());
        }
        match (&above_lo, &below_hi) {
            (Some(a), Some(b)) if a <= b => {
                let n = if a.is_positive() {
                    a.clone()
                } else {
                    b.clone()
                };
                return Some(Dyadic::new(n, 0));
            }
            (Some(a), None) => return Some(Dyadic::new(a.clone(), 0)),
            (None, Some(b)) => return Some(Dyadic::new(b.clone(), 0)),
            _ => {}
        }
        // Both bounds within one unit interval: the fraction with the smallest
        // denominator strictly between them.
        let (l, h) = (lo?, hi?);
        let mut k = 1u32;
        loop {
            // The smallest multiple of 1/2^k above l.
            let floor = if k >= l.exp {
                &l.num << (k - l.exp)
            } else {
                l.num.div_floor(&(BigInt::one() << (l.exp - k)))
            };
            let candidate = Dyadic::new(floor + 1, k);
            if &candidate < h {
                return Some(candidate);
            }
            k += 1;
        }
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::new(BigInt::from(n), 0)
    }
}

impl From<BigInt> for Dyadic {
    fn from(n: BigInt) -> Dyadic {
        Dyadic::new(n, 0)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        use num_traits::{Signed, ToPrimitive};
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let (sa, sb) = (self.num.signum(), other.num.signum());
        if sa != sb {
            return sa.cmp(&sb);
        }
        // Small numerators: compare a·2^(e−ea) with b·2^(e−eb) in 128 bits.
        if let (Some(a), Some(b)) = (self.num.to_i64(), other.num.to_i64()) {
            let e = self.exp.max(other.exp);
            let (da, db) = (e - self.exp, e - other.exp);
            if da < 60 && db < 60 {
                return (i128::from(a) << da).cmp(&(i128::from(b) << db));
            }
        }
        let e = self.exp.max(other.exp);
        let a = &self.num << (e - self.exp);
        let b = &other.num << (e - other.exp);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        use num_traits::ToPrimitive;
        let e = self.exp.max(other.exp);
        // Small numerators: added in 128 bits and reduced there.
        if let (Some(a), Some(b)) = (self.num.to_i64(), other.num.to_i64()) {
            let (da, db) = (e - self.exp, e - other.exp);
            if da < 60 && db < 60 {
                let sum = (i128::from(a) << da) + (i128::from(b) << db);
                if sum == 0 {
                    return Dyadic::zero();
                }
                let twos = sum.trailing_zeros().min(e);
                return Dyadic {
                    num: BigInt::from(sum >> twos),
                    exp: e - twos,
                };
            }
        }
        Dyadic::new(
            (&self.num << (e - self.exp)) + (&other.num << (e - other.exp)),
            e,
        )
    }
}

impl Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        self + &(-other)
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -&self.num,
            exp: self.exp,
        }
    }
}

/// A dyadic rational serialises as it is written: `3`, `-1/2`, `73/16`.
impl serde::Serialize for Dyadic {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, BigInt::one() << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, k: u32) -> Dyadic {
        Dyadic::new(n.into(), k)
    }

    #[test]
    fn numbers_exact_in_an_f64_compare_as_their_f64s() {
        assert_eq!(d(-3, 2).to_f64_exact(), Some(-0.75));
        assert_eq!(d(0, 0).to_f64_exact(), Some(0.0));
        assert_eq!(d(1, 1000).to_f64_exact(), Some(2f64.powi(-1000)));
        assert_eq!(d(1, 1001).to_f64_exact(), None);
        assert_eq!(d(1 << 53, 0).to_f64_exact(), Some(9007199254740992.0));
        assert_eq!(d((1 << 53) + 1, 0).to_f64_exact(), None);
        assert_eq!(Dyadic::from(BigInt::from(1) << 70).to_f64_exact(), None);
        let xs: Vec<Dyadic> = (-40..=40)
            .flat_map(|n| (0..6).map(move |k| d(n * 7 + 1, k)))
            .chain([d((1 << 53) - 1, 0), d(-((1 << 53) - 1), 7), d(3, 999)])
            .collect();
        for a in &xs {
            for b in &xs {
                let (fa, fb) = (a.to_f64_exact().unwrap(), b.to_f64_exact().unwrap());
                assert_eq!(fa.partial_cmp(&fb), Some(a.cmp(b)), "{a} {b}");
            }
        }
    }

    /// Sums of small numbers (added in 128 bits) against sums made in big integers.
    #[test]
    fn small_sums_agree_with_big_ones() {
        let big = |a: &Dyadic, b: &Dyadic| {
            let e = a.exp.max(b.exp);
            Dyadic::new((&a.num << (e - a.exp)) + (&b.num << (e - b.exp)), e)
        };
        let xs: Vec<Dyadic> = (-20..=20)
            .flat_map(|n| (0..5).map(move |k| d(n * 3, k)))
            .chain([
                d(i64::MAX, 3),
                d(i64::MIN, 0),
                d(1, 59),
                d(-1, 61),
                d(5, 200),
            ])
            .collect();
        for a in &xs {
            for b in &xs {
                let s = a + b;
                assert_eq!(s, big(a, b), "{a} + {b}");
                assert!(s.is_zero() || s.exp == 0 || s.num.trailing_zeros() == Some(0));
            }
        }
    }

    #[test]
    fn simplest_numbers_are_born_first() {
        assert_eq!(
            Dyadic::simplest_between(Some(&d(1, 2)), Some(&d(1, 1))),
            Some(d(3, 3))
        );
        assert_eq!(
            Dyadic::simplest_between(Some(&d(1, 1)), Some(&d(1, 0))),
            Some(d(3, 2))
        );
        assert_eq!(
            Dyadic::simplest_between(Some(&d(-5, 2)), Some(&d(-1, 0))),
            Some(d(-9, 3))
        );
        assert_eq!(
            Dyadic::simplest_between(Some(&d(-5, 1)), Some(&d(-1, 0))),
            Some(d(-2, 0))
        );
        assert_eq!(
            Dyadic::simplest_between(Some(&d(-3, 1)), Some(&d(-5, 2))),
            Some(d(-11, 3))
        );
        assert_eq!(Dyadic::simplest_between(None, None), Some(d(0, 0)));
        assert_eq!(
            Dyadic::simplest_between(Some(&d(7, 3)), Some(&d(1, 0))),
            Some(d(15, 4))
        );
    }

    /// The simplest number between two others against birthdays: day n adds the
    /// integers ±n and the midpoints of neighbouring numbers born before.
    #[test]
    fn simplest_between_agrees_with_birthdays() {
        let mut day_of: Vec<(Dyadic, u32)> = vec![(d(0, 0), 0)];
        for day in 1..=8 {
            let mut born: Vec<Dyadic> = day_of.iter().map(|(x, _)| x.clone()).collect();
            born.sort();
            let mut new = vec![d(i64::from(day), 0), d(-i64::from(day), 0)];
            new.extend(born.windows(2).map(|w| (&w[0] + &w[1]).half()));
            day_of.extend(new.into_iter().map(|x| (x, day)));
        }
        let early: Vec<Dyadic> = day_of
            .iter()
            .filter(|(_, b)| *b <= 6)
            .map(|(x, _)| x.clone())
            .collect();
        for a in &early {
            for b in &early {
                if a < b {
                    let s = Dyadic::simplest_between(Some(a), Some(b)).unwrap();
                    let best = day_of
                        .iter()
                        .filter(|(x, _)| x > a && x < b)
                        .min_by_key(|(_, day)| *day)
                        .unwrap();
                    assert_eq!(s, best.0, "between {a} and {b}");
                }
            }
        }
    }
}
