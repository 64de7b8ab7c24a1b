//! Quotients of generalized ordinals: the surreal numbers p/q with p and q generalized
//! ordinals, kept in lowest terms, with exact arithmetic.

use super::ordinal::{Ordinal, MAX_NESTING};
use super::polynomial::reduce_fraction;
use crate::conway::Dyadic;
use crate::{Error, Result};
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// The largest integer exponent |n| that [`Surreal::pow`] computes.
///
/// ```
/// use nimlab::surreal::{Surreal, MAX_INTEGER_POWER};
/// let two = Surreal::from(2);
/// assert!(two.pow(&Surreal::from(MAX_INTEGER_POWER as i64)).is_ok());
/// assert!(two.pow(&Surreal::from(MAX_INTEGER_POWER as i64 + 1)).is_err());
/// ```
pub const MAX_INTEGER_POWER: u32 = 4096;

/// A surreal number p/q, the quotient of two generalized [`Ordinal`]s: the field of
/// fractions of the generalized ordinals under the natural operations. It holds every
/// dyadic rational and every rational, ω and 1/ω, (ω^ω + 1)/(ω − 1) and the like.
///
/// The fraction is always in lowest terms — numerator and denominator divided by their
/// greatest common divisor as polynomials in the powers ω^(ω^β) — with a positive
/// denominator, so `==` is equality of values and equal values hash alike.
///
/// `+`, `-` and `*` are exact. They panic only when reducing the result to lowest terms
/// is beyond nimlab's limits (a product of more than a million pairs of terms, an
/// exponent coefficient beyond 2^32, or too much polynomial arithmetic); the `checked_`
/// methods return those cases as [`Error::Limit`](crate::Error::Limit) instead, and are
/// the ones to use on values built from user input. `/` returns a `Result`, since the
/// divisor may be zero.
///
/// ```
/// use nimlab::surreal::Surreal;
/// let w = Surreal::omega();
/// let one = Surreal::one();
/// let x = (&w * &w - &one).checked_div(&(&w - &one)).unwrap();
/// assert_eq!(x.to_string(), "ω+1");
/// let y = (&one / &(&w + &one)).unwrap();
/// assert_eq!(y.to_string(), "1/(ω+1)");
/// assert!(y > Surreal::zero() && y < (&one / &Surreal::from(1000)).unwrap());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Surreal {
    num: Ordinal,
    den: Ordinal,
}

fn division_by_zero() -> Error {
    Error::Unsupported("division by zero".to_string())
}

impl Surreal {
    /// ω raised to a generalized ordinal: for an ordinal α the single term ω^α; in
    /// general ω^(P − N) = ω^P / ω^N, where P collects the positive terms and −N the
    /// negative ones.
    ///
    /// The result nests one level deeper than the exponent; [`Surreal::pow`] is the
    /// variant that refuses to go beyond [`MAX_NESTING`].
    ///
    /// ```
    /// use nimlab::surreal::{Ordinal, Surreal};
    /// let w = Ordinal::omega();
    /// assert_eq!(Surreal::omega_power(&w).to_string(), "ω^ω");
    /// assert_eq!(Surreal::omega_power(&(&w - &Ordinal::from(1))).to_string(), "ω^ω/ω");
    /// assert_eq!(Surreal::omega_power(&Ordinal::from(-2)).to_string(), "1/ω^2");
    /// assert_eq!(Surreal::omega_power(&Ordinal::zero()).to_string(), "1");
    /// ```
    pub fn omega_power(exponent: &Ordinal) -> Surreal {
        let (num, den) = exponent.omega_power_parts();
        // ω^P and ω^N are coprime monomials (P and N share no power of ω).
        Surreal::from_reduced(num, den)
    }

    /// `num / den` in lowest terms; an error when `den` is zero (or when the reduction is
    /// beyond nimlab's limits).
    ///
    /// ```
    /// use nimlab::surreal::{Ordinal, Surreal};
    /// let w = Ordinal::omega();
    /// let x = Surreal::new(Ordinal::from(-6), Ordinal::from(4) * w.clone()).unwrap();
    /// assert_eq!(x.to_string(), "-3/2ω");
    /// let y = Surreal::new(Ordinal::from(2), Ordinal::from(-4)).unwrap();
    /// assert_eq!(y.to_string(), "-1/2");
    /// let e = Surreal::new(w, Ordinal::zero()).unwrap_err();
    /// assert_eq!(e.to_string(), "division by zero");
    /// ```
    pub fn new(num: Ordinal, den: Ordinal) -> Result<Surreal> {
        if den.is_zero() {
            return Err(division_by_zero());
        }
        if num.is_zero() {
            return Ok(Surreal::zero());
        }
        if den.is_one() {
            return Ok(Surreal { num, den });
        }
        let (num, den) = reduce_fraction(&num, &den)?;
        Ok(Surreal::from_reduced(num, den))
    }

    /// A fraction known to be in lowest terms (up to sign), with a nonzero denominator.
    pub(crate) fn from_reduced(num: Ordinal, den: Ordinal) -> Surreal {
        debug_assert!(!den.is_zero());
        if den.sign() < 0 {
            Surreal {
                num: -num,
                den: -den,
            }
        } else {
            Surreal { num, den }
        }
    }

    /// Zero.
    ///
    /// ```
    /// assert!(nimlab::surreal::Surreal::zero().is_zero());
    /// ```
    pub fn zero() -> Surreal {
        Surreal::from(Ordinal::zero())
    }

    /// One.
    ///
    /// ```
    /// assert_eq!(nimlab::surreal::Surreal::one().to_string(), "1");
    /// ```
    pub fn one() -> Surreal {
        Surreal::from(Ordinal::one())
    }

    /// ω.
    ///
    /// ```
    /// assert_eq!(nimlab::surreal::Surreal::omega().to_string(), "ω");
    /// ```
    pub fn omega() -> Surreal {
        Surreal::from(Ordinal::omega())
    }

    /// The numerator, in lowest terms.
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// let x = (&Surreal::from(3) / &Surreal::omega()).unwrap();
    /// assert_eq!(x.numerator().to_string(), "3");
    /// ```
    pub fn numerator(&self) -> &Ordinal {
        &self.num
    }

    /// The denominator, in lowest terms, with a positive leading coefficient (1 for a
    /// generalized ordinal).
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// let x = (&Surreal::from(3) / &Surreal::omega()).unwrap();
    /// assert_eq!(x.denominator().to_string(), "ω");
    /// ```
    pub fn denominator(&self) -> &Ordinal {
        &self.den
    }

    /// The dyadic rational `d` as a surreal number.
    ///
    /// ```
    /// use nimlab::conway::Dyadic;
    /// use nimlab::surreal::Surreal;
    /// let x = Surreal::from_dyadic(&Dyadic::new((-3).into(), 2));
    /// assert_eq!(x.to_string(), "-3/4");
    /// ```
    pub fn from_dyadic(d: &Dyadic) -> Surreal {
        // A dyadic is in lowest terms already.
        Surreal {
            num: Ordinal::from(d.numerator().clone()),
            den: Ordinal::from(BigInt::one() << d.exponent()),
        }
    }

    /// This number as a dyadic rational, when it is one (finite, with a power of two as
    /// denominator).
    ///
    /// ```
    /// use nimlab::conway::Dyadic;
    /// use nimlab::surreal::Surreal;
    /// let x = (&Surreal::from(5) / &Surreal::from(8)).unwrap();
    /// assert_eq!(x.as_dyadic(), Some(Dyadic::new(5.into(), 3)));
    /// assert_eq!((&Surreal::one() / &Surreal::from(3)).unwrap().as_dyadic(), None);
    /// assert_eq!(Surreal::omega().as_dyadic(), None);
    /// ```
    pub fn as_dyadic(&self) -> Option<Dyadic> {
        let num = self.num.as_integer()?;
        let den = self.den.as_integer()?;
        let k = den.bits().checked_sub(1)?;
        if den != BigInt::one() << k {
            return None;
        }
        Some(Dyadic::new(num, u32::try_from(k).ok()?))
    }

    /// This number as a generalized ordinal, when its denominator is 1.
    ///
    /// ```
    /// use nimlab::surreal::{Ordinal, Surreal};
    /// let w = Surreal::omega();
    /// assert_eq!(w.as_ordinal(), Some(&Ordinal::omega()));
    /// assert_eq!((&Surreal::one() / &w).unwrap().as_ordinal(), None);
    /// ```
    pub fn as_ordinal(&self) -> Option<&Ordinal> {
        self.den.is_one().then_some(&self.num)
    }

    /// Whether this is finite (a rational number).
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// assert!((&Surreal::from(2) / &Surreal::from(3)).unwrap().is_finite());
    /// assert!(!Surreal::omega().is_finite());
    /// assert!(!(&Surreal::one() / &Surreal::omega()).unwrap().is_finite());
    /// ```
    pub fn is_finite(&self) -> bool {
        self.num.is_finite() && self.den.is_finite()
    }

    /// Whether this is zero.
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// let w = Surreal::omega();
    /// assert!((&w - &w).is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// The sign: -1, 0 or 1.
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// assert_eq!((&Surreal::one() - &Surreal::omega()).sign(), -1);
    /// ```
    pub fn sign(&self) -> i32 {
        self.num.sign()
    }

    /// 1/x; an error for zero.
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// let x = &Surreal::omega() - &Surreal::one();
    /// assert_eq!(x.reciprocal().unwrap().to_string(), "1/(ω-1)");
    /// assert!(Surreal::zero().reciprocal().is_err());
    /// ```
    pub fn reciprocal(&self) -> Result<Surreal> {
        if self.num.is_zero() {
            return Err(division_by_zero());
        }
        Ok(Surreal::from_reduced(self.den.clone(), self.num.clone()))
    }

    /// The sum, or a limit error.
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// let third = Surreal::one().checked_div(&Surreal::from(3)).unwrap();
    /// let sixth = Surreal::one().checked_div(&Surreal::from(6)).unwrap();
    /// assert_eq!(third.checked_add(&sixth).unwrap().to_string(), "1/2");
    /// ```
    pub fn checked_add(&self, other: &Surreal) -> Result<Surreal> {
        if self.den.is_one() && other.den.is_one() {
            return Ok(Surreal::from(&self.num + &other.num));
        }
        if self.den == other.den {
            return Surreal::new(&self.num + &other.num, self.den.clone());
        }
        let num = &self.num.checked_mul(&other.den)? + &other.num.checked_mul(&self.den)?;
        Surreal::new(num, self.den.checked_mul(&other.den)?)
    }

    /// The difference, or a limit error.
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// let w = Surreal::omega();
    /// assert_eq!(w.checked_sub(&Surreal::one()).unwrap().to_string(), "ω-1");
    /// ```
    pub fn checked_sub(&self, other: &Surreal) -> Result<Surreal> {
        self.checked_add(&-other)
    }

    /// The product, or a limit error.
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// let x = &Surreal::omega() + &Surreal::one();
    /// let y = &Surreal::omega() - &Surreal::one();
    /// assert_eq!(x.checked_mul(&y).unwrap().to_string(), "ω^2-1");
    /// ```
    pub fn checked_mul(&self, other: &Surreal) -> Result<Surreal> {
        let num = self.num.checked_mul(&other.num)?;
        if self.den.is_one() && other.den.is_one() {
            return Ok(Surreal::from(num));
        }
        Surreal::new(num, self.den.checked_mul(&other.den)?)
    }

    /// The quotient; an error when `other` is zero (or for a limit).
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// let w = Surreal::omega();
    /// assert_eq!(w.checked_div(&Surreal::from(2)).unwrap().to_string(), "ω/2");
    /// assert!(w.checked_div(&Surreal::zero()).is_err());
    /// ```
    pub fn checked_div(&self, other: &Surreal) -> Result<Surreal> {
        if other.is_zero() {
            return Err(division_by_zero());
        }
        let num = self.num.checked_mul(&other.den)?;
        Surreal::new(num, self.den.checked_mul(&other.num)?)
    }

    /// `self` raised to the power `exp`.
    ///
    /// Two cases are defined: ω^x for a generalized ordinal x (negative terms go to the
    /// denominator: ω^(ω−1) = ω^ω/ω), nesting exponents at most [`MAX_NESTING`] deep;
    /// and x^n for an integer n with |n| ≤ [`MAX_INTEGER_POWER`] (x^0 = 1, and a
    /// negative n gives the reciprocal of x^|n|). Anything else is
    /// [`Error::Unsupported`](crate::Error::Unsupported).
    ///
    /// ```
    /// use nimlab::surreal::Surreal;
    /// let w = Surreal::omega();
    /// let one = Surreal::one();
    /// assert_eq!(w.pow(&w).unwrap().to_string(), "ω^ω");
    /// assert_eq!(w.pow(&(&w - &one)).unwrap().to_string(), "ω^ω/ω");
    /// assert_eq!((&w + &one).pow(&Surreal::from(2)).unwrap().to_string(), "ω^2+2ω+1");
    /// assert_eq!(Surreal::from(2).pow(&Surreal::from(-3)).unwrap().to_string(), "1/8");
    /// let half = (&one / &Surreal::from(2)).unwrap();
    /// assert!(w.pow(&half).is_err());
    /// assert!(Surreal::from(2).pow(&w).is_err());
    /// ```
    pub fn pow(&self, exp: &Surreal) -> Result<Surreal> {
        if self.num.is_omega() && self.den.is_one() {
            if let Some(e) = exp.as_ordinal() {
                if !e.is_zero() && e.nesting_depth() + 1 > MAX_NESTING {
                    return Err(Error::limit(
                        format!("exponents of ω nested more than {MAX_NESTING} deep"),
                        format!("exponents nested at most {MAX_NESTING} deep"),
                    ));
                }
                return Ok(Surreal::omega_power(e));
            }
        }
        let Some(n) = exp.as_ordinal().and_then(Ordinal::as_integer) else {
            return Err(Error::Unsupported(format!(
                "the power {self}^({exp}) is not defined: only ω^x for a generalized ordinal \
                 x and integer powers are"
            )));
        };
        let k = n
            .abs()
            .to_u32()
            .filter(|&k| k <= MAX_INTEGER_POWER)
            .ok_or_else(|| {
                Error::limit(
                    format!("the power with exponent {n}"),
                    format!("integer exponents up to {MAX_INTEGER_POWER} in absolute value"),
                )
            })?;
        if k == 0 {
            return Ok(Surreal::one());
        }
        let base = if n.is_negative() {
            self.reciprocal()?
        } else {
            self.clone()
        };
        // Powers of coprime polynomials are coprime: no reduction needed.
        Ok(Surreal {
            num: ordinal_power(&base.num, k)?,
            den: ordinal_power(&base.den, k)?,
        })
    }
}

/// x^k by repeated squaring, with the products' limits.
fn ordinal_power(x: &Ordinal, mut k: u32) -> Result<Ordinal> {
    let mut result = Ordinal::one();
    let mut square = x.clone();
    loop {
        if k & 1 == 1 {
            result = result.checked_mul(&square)?;
        }
        k >>= 1;
        if k == 0 {
            return Ok(result);
        }
        square = square.checked_mul(&square)?;
    }
}

impl From<Ordinal> for Surreal {
    fn from(num: Ordinal) -> Surreal {
        Surreal {
            num,
            den: Ordinal::one(),
        }
    }
}

impl From<BigInt> for Surreal {
    fn from(n: BigInt) -> Surreal {
        Surreal::from(Ordinal::from(n))
    }
}

impl From<i64> for Surreal {
    fn from(n: i64) -> Surreal {
        Surreal::from(Ordinal::from(n))
    }
}

impl Ord for Surreal {
    fn cmp(&self, other: &Surreal) -> Ordering {
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        // Both denominators are positive.
        (&self.num * &other.den).cmp(&(&other.num * &self.den))
    }
}

impl PartialOrd for Surreal {
    fn partial_cmp(&self, other: &Surreal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Neg for &Surreal {
    type Output = Surreal;
    fn neg(self) -> Surreal {
        Surreal {
            num: -&self.num,
            den: self.den.clone(),
        }
    }
}

impl Neg for Surreal {
    type Output = Surreal;
    fn neg(self) -> Surreal {
        Surreal {
            num: -self.num,
            den: self.den,
        }
    }
}

fn or_panic(r: Result<Surreal>) -> Surreal {
    r.unwrap_or_else(|e| panic!("surreal arithmetic: {e}"))
}

impl Add for &Surreal {
    type Output = Surreal;
    /// The exact sum; panics only beyond nimlab's limits (see [`Surreal::checked_add`]).
    fn add(self, other: &Surreal) -> Surreal {
        or_panic(self.checked_add(other))
    }
}

impl Sub for &Surreal {
    type Output = Surreal;
    /// The exact difference; panics only beyond nimlab's limits (see
    /// [`Surreal::checked_sub`]).
    fn sub(self, other: &Surreal) -> Surreal {
        or_panic(self.checked_sub(other))
    }
}

impl Mul for &Surreal {
    type Output = Surreal;
    /// The exact product; panics only beyond nimlab's limits (see
    /// [`Surreal::checked_mul`]).
    fn mul(self, other: &Surreal) -> Surreal {
        or_panic(self.checked_mul(other))
    }
}

impl Div for &Surreal {
    type Output = Result<Surreal>;
    /// The quotient: [`Surreal::checked_div`].
    fn div(self, other: &Surreal) -> Result<Surreal> {
        self.checked_div(other)
    }
}

macro_rules! forward_owned {
    ($($trait:ident $method:ident $out:ty),*) => {$(
        impl $trait for Surreal {
            type Output = $out;
            fn $method(self, other: Surreal) -> $out {
                (&self).$method(&other)
            }
        }
        impl $trait<&Surreal> for Surreal {
            type Output = $out;
            fn $method(self, other: &Surreal) -> $out {
                (&self).$method(other)
            }
        }
        impl $trait<Surreal> for &Surreal {
            type Output = $out;
            fn $method(self, other: Surreal) -> $out {
                self.$method(&other)
            }
        }
    )*};
}

forward_owned!(Add add Surreal, Sub sub Surreal, Mul mul Surreal, Div div Result<Surreal>);

fn write_part(f: &mut fmt::Formatter<'_>, x: &Ordinal) -> fmt::Result {
    if x.terms().len() > 1 {
        write!(f, "({x})")
    } else {
        write!(f, "{x}")
    }
}

/// A surreal number serialises as it is written (`1/ω`, `ω+1`, `2/3`).
impl serde::Serialize for Surreal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl fmt::Display for Surreal {
    /// As CGSuite prints it: a generalized ordinal as itself (`ω^2-1`), a rational as
    /// `a/b`, otherwise numerator and denominator, each in parentheses when it has more
    /// than one term: `(ω^(ω+1)+ω^ω+1)/(ω+1)`, `1/ω`, `ω/2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den.is_one() {
            return write!(f, "{}", self.num);
        }
        write_part(f, &self.num)?;
        f.write_str("/")?;
        write_part(f, &self.den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn n(k: i64) -> Surreal {
        Surreal::from(k)
    }
    fn w() -> Surreal {
        Surreal::omega()
    }
    fn q(a: &Surreal, b: &Surreal) -> Surreal {
        a.checked_div(b).unwrap()
    }

    #[test]
    fn printing_and_reduction() {
        let ww = w().pow(&w()).unwrap();
        let one = n(1);
        let x = &ww + &q(&one, &(&w() + &one));
        assert_eq!(x.to_string(), "(ω^(ω+1)+ω^ω+1)/(ω+1)");
        let x = q(&(&(&w() * &w()) - &one), &(&w() - &one));
        assert_eq!(x.to_string(), "ω+1");
        assert_eq!(x.as_ordinal(), Some(&(Ordinal::omega() + Ordinal::one())));
        assert_eq!(q(&one, &w()).to_string(), "1/ω");
        assert_eq!((&w() - &w()).to_string(), "0");
        assert!((&w() - &w()).is_zero());
        assert_eq!(((&w() + &one) * (&w() - &one)).to_string(), "ω^2-1");
        assert_eq!(q(&w(), &n(2)).to_string(), "ω/2");
        assert_eq!((q(&one, &n(3)) + q(&one, &n(6))).to_string(), "1/2");
        assert_eq!(q(&n(-3), &n(4)).to_string(), "-3/4");
        assert_eq!(q(&n(6), &n(-3)).to_string(), "-2");
        assert_eq!(q(&n(-1), &w()).to_string(), "-1/ω");
        assert_eq!(q(&(&w() + &one), &n(-2)).to_string(), "(-ω-1)/2");
        assert_eq!(q(&one, &(&one - &w())).to_string(), "-1/(ω-1)");
        // (ω^(ω+1) − ω^ω − ω + 1)/(ω − 1) = ω^ω − 1.
        let num = &(&(&ww * &w()) - &ww) - &(&w() - &one);
        assert_eq!(q(&num, &(&w() - &one)).to_string(), "ω^ω-1");
        // Two variables, ω and ω^ω: (ω^ω·ω − ω^ω + ω^2 − ω)/(ω^ω + ω) = (ω − 1).
        let num = &(&(&(&ww * &w()) - &ww) + &(&w() * &w())) - &w();
        assert_eq!(q(&num, &(&ww + &w())).to_string(), "ω-1");
        // A common factor not visible term by term: (ω^2 − ω^(2ω))/(ω − ω^ω).
        let ww2 = &ww * &ww;
        let x = q(&(&(&w() * &w()) - &ww2), &(&w() - &ww));
        assert_eq!(x.to_string(), "ω^ω+ω");
    }

    #[test]
    fn comparisons() {
        let one = n(1);
        let eps = q(&one, &w());
        assert!(eps > Surreal::zero());
        assert!(eps < q(&one, &n(1000)));
        let big = Surreal::from(num_traits::pow(BigInt::from(10), 30));
        assert!(w() > big);
        assert!(w().pow(&w()).unwrap() > w().pow(&n(100)).unwrap());
        assert!(&w() - &one < w());
        assert!(-&w() < -&big);
        assert!(q(&one, &(&w() + &one)) < eps);
        assert!(q(&w(), &n(2)) < w() && q(&w(), &n(2)) > big);
        assert!(q(&n(-1), &w()) < Surreal::zero());
        assert_eq!(q(&n(2), &n(4)).cmp(&q(&n(1), &n(2))), Ordering::Equal);
    }

    #[test]
    fn dyadics() {
        for (num, exp) in [(0, 0), (1, 0), (-7, 3), (5, 1), (3, 10)] {
            let d = Dyadic::new(BigInt::from(num), exp);
            let s = Surreal::from_dyadic(&d);
            assert_eq!(s.to_string(), d.to_string());
            assert_eq!(s.as_dyadic(), Some(d));
        }
        assert_eq!(q(&n(1), &n(3)).as_dyadic(), None);
        assert_eq!(q(&n(1), &w()).as_dyadic(), None);
        assert!(n(3).is_finite() && q(&n(1), &n(3)).is_finite());
    }

    #[test]
    fn powers() {
        let one = n(1);
        assert_eq!(w().pow(&n(0)).unwrap(), one);
        assert_eq!(w().pow(&n(-2)).unwrap().to_string(), "1/ω^2");
        assert_eq!(q(&one, &n(2)).pow(&n(-3)).unwrap(), n(8));
        assert_eq!(n(0).pow(&n(0)).unwrap(), one);
        assert!(n(0).pow(&n(-1)).is_err());
        let x = q(&(&w() + &one), &(&w() - &one));
        let x3 = x.pow(&n(3)).unwrap();
        assert_eq!(x3, &(&x * &x) * &x);
        assert_eq!(x.pow(&n(-2)).unwrap(), q(&one, &(&x * &x)));
        assert_eq!(q(&n(-2), &n(3)).pow(&n(-3)).unwrap().to_string(), "-27/8");
        assert!(matches!(n(2).pow(&n(4097)).unwrap_err(), Error::Limit(_)));
        assert!(matches!(
            w().pow(&q(&one, &n(2))).unwrap_err(),
            Error::Unsupported(_)
        ));
        assert!(matches!(n(2).pow(&w()).unwrap_err(), Error::Unsupported(_)));
        // Huge term counts are refused, not computed.
        let wide = &(&w().pow(&w()).unwrap() + &w()) + &one;
        assert!(matches!(wide.pow(&n(4096)).unwrap_err(), Error::Limit(_)));
        // ω^ω^…: nesting is capped.
        let mut x = w();
        let mut depth = 1;
        while let Ok(y) = w().pow(&x) {
            x = y;
            depth += 1;
        }
        assert_eq!(depth, MAX_NESTING);
    }

    #[test]
    fn limits_are_errors() {
        let one = n(1);
        let big = w().pow(&Surreal::from(BigInt::from(1u64 << 40))).unwrap();
        let e = (&big - &one).checked_div(&(&w() + &one)).unwrap_err();
        assert!(matches!(e, Error::Limit(_)));
        // The monomial part never needs the general reduction.
        assert_eq!(q(&big, &w()).to_string(), format!("ω^{}", (1u64 << 40) - 1));
    }

    /// Small generalized ordinals: up to three terms with coefficients in -3..=3 and
    /// exponents among 0, 1, 2, ω, ω+1.
    fn ordinal() -> impl Strategy<Value = Ordinal> {
        proptest::collection::vec((-3i64..=3, 0usize..5), 0..=3).prop_map(|terms| {
            let w = Ordinal::omega();
            let exponents = [
                Ordinal::zero(),
                Ordinal::one(),
                Ordinal::from(2),
                w.clone(),
                &w + &Ordinal::one(),
            ];
            terms.into_iter().fold(Ordinal::zero(), |acc, (c, e)| {
                acc + Ordinal::monomial(BigInt::from(c), exponents[e].clone()).unwrap()
            })
        })
    }

    fn surreal() -> impl Strategy<Value = Surreal> {
        (
            ordinal(),
            ordinal().prop_filter("nonzero", |d| !d.is_zero()),
        )
            .prop_map(|(a, b)| Surreal::new(a, b).unwrap())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn ring_laws(x in surreal(), y in surreal(), z in surreal()) {
            prop_assert_eq!(&x + &y, &y + &x);
            prop_assert_eq!(&x * &y, &y * &x);
            prop_assert_eq!(&(&x + &y) + &z, &x + &(&y + &z));
            prop_assert_eq!(&(&x * &y) * &z, &x * &(&y * &z));
            prop_assert_eq!(&x * &(&y + &z), &(&x * &y) + &(&x * &z));
            prop_assert!((&x - &x).is_zero());
            prop_assert_eq!(&(&x - &y) + &y, x.clone());
            prop_assert_eq!(-(-&x), x.clone());
        }

        #[test]
        fn field_laws(x in surreal(), y in surreal()) {
            if !x.is_zero() {
                prop_assert_eq!(&x * &x.reciprocal().unwrap(), Surreal::one());
                prop_assert_eq!(x.reciprocal().unwrap().reciprocal().unwrap(), x.clone());
                prop_assert_eq!((&(&y * &x) / &x).unwrap(), y.clone());
            } else {
                prop_assert!(x.reciprocal().is_err());
            }
            // Lowest terms: the denominator has a positive leading coefficient.
            prop_assert_eq!(x.denominator().sign(), 1);
        }

        #[test]
        fn order_laws(x in surreal(), y in surreal(), z in surreal()) {
            prop_assert_eq!(x.cmp(&y), (&x - &y).sign().cmp(&0));
            prop_assert_eq!(x.cmp(&y), (&x + &z).cmp(&(&y + &z)));
            if z.sign() > 0 {
                prop_assert_eq!(x.cmp(&y), (&x * &z).cmp(&(&y * &z)));
            }
            if x < y && y < z {
                prop_assert!(x < z);
            }
        }
    }
}
