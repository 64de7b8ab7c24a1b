//! Generalized ordinals: finite sums of terms c·ω^α with integer coefficients c (of
//! either sign) and ordinal exponents α, under the natural (Hessenberg) operations.

use crate::{Error, Result};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// The deepest nesting of exponents that [`Ordinal::monomial`] and
/// [`Surreal::pow`](super::Surreal::pow) build: ω has depth 1, ω^ω depth 2, ω^(ω^ω) depth 3, and so on.
///
/// Every operation on these values recurses once per level of nesting, so the cap keeps
/// values built from user input well inside the stack.
///
/// ```
/// use nimlab::surreal::{Ordinal, MAX_NESTING};
/// let mut x = Ordinal::omega();
/// for _ in 1..MAX_NESTING {
///     x = Ordinal::monomial(1.into(), x).unwrap();
/// }
/// assert_eq!(x.nesting_depth(), MAX_NESTING);
/// assert!(Ordinal::monomial(1.into(), x).is_err());
/// ```
pub const MAX_NESTING: usize = 64;

/// The most pairs of terms [`Ordinal::checked_mul`] multiplies out.
///
/// ```
/// use nimlab::surreal::{Ordinal, MAX_PRODUCT_PAIRS};
/// assert!(MAX_PRODUCT_PAIRS >= 1_000_000);
/// ```
pub const MAX_PRODUCT_PAIRS: usize = 1_000_000;

/// One term c·ω^α of an [`Ordinal`]: a nonzero integer coefficient c and an exponent α
/// that is a true ordinal.
///
/// ```
/// use nimlab::surreal::Ordinal;
/// let x = Ordinal::omega() * Ordinal::from(3) - Ordinal::from(1);
/// let t = &x.terms()[0];
/// assert_eq!(t.coefficient(), &3.into());
/// assert_eq!(t.exponent(), &Ordinal::from(1));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Term {
    coefficient: BigInt,
    exponent: Ordinal,
}

impl Term {
    /// The coefficient c (never zero).
    pub fn coefficient(&self) -> &BigInt {
        &self.coefficient
    }

    /// The exponent α (an ordinal: all its coefficients are positive).
    pub fn exponent(&self) -> &Ordinal {
        &self.exponent
    }
}

/// A generalized ordinal, as CGSuite calls them: a finite sum Σ cᵢ·ω^αᵢ with nonzero
/// integer coefficients cᵢ (which may be negative) and ordinal exponents α₁ > α₂ > ….
/// These are exactly the differences α − β of two ordinals below ε₀.
///
/// Addition and multiplication are the natural (Hessenberg) ones, so that the
/// generalized ordinals form an ordered ring: (c·ω^α)(d·ω^β) = cd·ω^(α ⊕ β).
/// Values are always kept in normal form (terms sorted by exponent, equal exponents
/// merged, no zero coefficients), so `==` is equality of values.
///
/// Values are built from integers, [`Ordinal::omega`] and [`Ordinal::monomial`] with
/// the arithmetic operations; only `monomial` and [`Surreal::pow`](super::Surreal::pow) deepen the nesting of
/// exponents, and both refuse to go beyond [`MAX_NESTING`]
/// ([`Surreal::omega_power`](super::Surreal::omega_power) goes one level deeper than its input).
///
/// ```
/// use nimlab::surreal::Ordinal;
/// let w = Ordinal::omega();
/// let x = &(&w * &w) + &Ordinal::from(2);
/// assert_eq!(x.to_string(), "ω^2+2");
/// assert_eq!((&(&w + &Ordinal::from(1)) * &(&w - &Ordinal::from(1))).to_string(), "ω^2-1");
/// assert!(w > Ordinal::from(1_000_000));
/// assert!(-&w < Ordinal::from(-1_000_000));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Ordinal {
    terms: Vec<Term>,
}

impl Ordinal {
    /// Zero, the empty sum.
    ///
    /// ```
    /// assert_eq!(nimlab::surreal::Ordinal::zero().to_string(), "0");
    /// ```
    pub fn zero() -> Ordinal {
        Ordinal { terms: Vec::new() }
    }

    /// One.
    ///
    /// ```
    /// assert_eq!(nimlab::surreal::Ordinal::one().to_string(), "1");
    /// ```
    pub fn one() -> Ordinal {
        Ordinal::from(1)
    }

    /// ω, the first infinite ordinal.
    ///
    /// ```
    /// let w = nimlab::surreal::Ordinal::omega();
    /// assert!(w.is_omega());
    /// assert_eq!(w.to_string(), "ω");
    /// ```
    pub fn omega() -> Ordinal {
        Ordinal {
            terms: vec![Term {
                coefficient: BigInt::one(),
                exponent: Ordinal::one(),
            }],
        }
    }

    /// The single term `coefficient`·ω^`exponent`.
    ///
    /// Refuses an exponent that is not an ordinal (one with a negative coefficient) and
    /// nesting deeper than [`MAX_NESTING`].
    ///
    /// ```
    /// use nimlab::surreal::Ordinal;
    /// let w = Ordinal::omega();
    /// let x = Ordinal::monomial(3.into(), &w + &Ordinal::one()).unwrap();
    /// assert_eq!(x.to_string(), "3ω^(ω+1)");
    /// assert!(Ordinal::monomial(1.into(), -&w).is_err());
    /// assert!(Ordinal::monomial(0.into(), w).unwrap().is_zero());
    /// ```
    pub fn monomial(coefficient: BigInt, exponent: Ordinal) -> Result<Ordinal> {
        if !exponent.is_ordinal() {
            return Err(Error::Unsupported(format!(
                "the exponent of a term must be an ordinal, not {exponent}"
            )));
        }
        check_nesting(&exponent)?;
        if coefficient.is_zero() {
            return Ok(Ordinal::zero());
        }
        Ok(Ordinal {
            terms: vec![Term {
                coefficient,
                exponent,
            }],
        })
    }

    /// The terms, largest exponent first.
    ///
    /// ```
    /// use nimlab::surreal::Ordinal;
    /// let x = Ordinal::omega() + Ordinal::from(5);
    /// assert_eq!(x.terms().len(), 2);
    /// assert!(Ordinal::zero().terms().is_empty());
    /// ```
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// Whether this is zero.
    ///
    /// ```
    /// assert!(nimlab::surreal::Ordinal::from(0).is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// Whether this is one.
    ///
    /// ```
    /// assert!(nimlab::surreal::Ordinal::from(1).is_one());
    /// ```
    pub fn is_one(&self) -> bool {
        self.terms.len() == 1
            && self.terms[0].exponent.is_zero()
            && self.terms[0].coefficient.is_one()
    }

    /// Whether this is a true ordinal: zero, or all coefficients positive.
    ///
    /// ```
    /// use nimlab::surreal::Ordinal;
    /// let w = Ordinal::omega();
    /// assert!((&w + &Ordinal::from(1)).is_ordinal());
    /// assert!(!(&w - &Ordinal::from(1)).is_ordinal());
    /// assert!(Ordinal::zero().is_ordinal());
    /// ```
    pub fn is_ordinal(&self) -> bool {
        self.terms.iter().all(|t| t.coefficient.is_positive())
    }

    /// Whether this is finite (an integer).
    ///
    /// ```
    /// use nimlab::surreal::Ordinal;
    /// assert!(Ordinal::from(-7).is_finite());
    /// assert!(!Ordinal::omega().is_finite());
    /// ```
    pub fn is_finite(&self) -> bool {
        self.terms.iter().all(|t| t.exponent.is_zero())
    }

    /// The integer this is, when it is finite.
    ///
    /// ```
    /// use nimlab::surreal::Ordinal;
    /// assert_eq!(Ordinal::from(-7).as_integer(), Some((-7).into()));
    /// assert_eq!(Ordinal::zero().as_integer(), Some(0.into()));
    /// assert_eq!(Ordinal::omega().as_integer(), None);
    /// ```
    pub fn as_integer(&self) -> Option<BigInt> {
        match self.terms.as_slice() {
            [] => Some(BigInt::zero()),
            [t] if t.exponent.is_zero() => Some(t.coefficient.clone()),
            _ => None,
        }
    }

    /// The sign: -1, 0 or 1 (the sign of the leading coefficient).
    ///
    /// ```
    /// use nimlab::surreal::Ordinal;
    /// assert_eq!((Ordinal::from(5) - Ordinal::omega()).sign(), -1);
    /// assert_eq!(Ordinal::zero().sign(), 0);
    /// ```
    pub fn sign(&self) -> i32 {
        match self.terms.first() {
            None => 0,
            Some(t) if t.coefficient.is_positive() => 1,
            Some(_) => -1,
        }
    }

    /// Whether this is ω.
    ///
    /// ```
    /// use nimlab::surreal::Ordinal;
    /// assert!(Ordinal::omega().is_omega());
    /// assert!(!(Ordinal::omega() + Ordinal::one()).is_omega());
    /// ```
    pub fn is_omega(&self) -> bool {
        self.terms.len() == 1
            && self.terms[0].coefficient.is_one()
            && self.terms[0].exponent.is_one()
    }

    /// The nesting depth of exponents: 0 for an integer, otherwise one more than the
    /// deepest exponent (ω has depth 1, ω^ω depth 2).
    ///
    /// ```
    /// use nimlab::surreal::Ordinal;
    /// assert_eq!(Ordinal::from(3).nesting_depth(), 0);
    /// assert_eq!(Ordinal::omega().nesting_depth(), 1);
    /// let ww = Ordinal::monomial(1.into(), Ordinal::omega()).unwrap();
    /// assert_eq!((ww + Ordinal::from(1)).nesting_depth(), 2);
    /// ```
    pub fn nesting_depth(&self) -> usize {
        self.terms
            .iter()
            .filter(|t| !t.exponent.is_zero())
            .map(|t| 1 + t.exponent.nesting_depth())
            .max()
            .unwrap_or(0)
    }

    /// Conway's nim-addition of ordinals: the coefficients of equal powers of ω are
    /// added as nimbers (bitwise exclusive or). Both operands must be true ordinals.
    ///
    /// ```
    /// use nimlab::surreal::Ordinal;
    /// let w = Ordinal::omega();
    /// let x = &(&w * &Ordinal::from(3)) + &Ordinal::from(5);
    /// let y = &w + &Ordinal::from(6);
    /// assert_eq!(x.nim_sum(&y).unwrap().to_string(), "2ω+3");
    /// assert!(x.nim_sum(&x).unwrap().is_zero());
    /// assert!(x.nim_sum(&(-&w)).is_err());
    /// ```
    pub fn nim_sum(&self, other: &Ordinal) -> Result<Ordinal> {
        if !self.is_ordinal() || !other.is_ordinal() {
            return Err(Error::Unsupported(
                "the nim-sum applies only to ordinals (no negative coefficients)".to_string(),
            ));
        }
        Ok(merge(&self.terms, &other.terms, |a, b| {
            BigInt::from(a.magnitude() ^ b.magnitude())
        }))
    }

    /// The numerator and the denominator of ω raised to this generalized ordinal: ω^P
    /// and ω^N, where P collects the positive terms and −N the negative ones (so that
    /// ω^(P − N) = ω^P / ω^N, the two coprime); see [`Surreal::omega_power`](super::Surreal::omega_power).
    pub(crate) fn omega_power_parts(&self) -> (Ordinal, Ordinal) {
        let (positive, negative): (Vec<Term>, Vec<Term>) = self
            .terms
            .iter()
            .cloned()
            .partition(|t| t.coefficient.is_positive());
        let power = |terms: Vec<Term>| {
            let exponent = Ordinal { terms };
            if exponent.is_zero() {
                Ordinal::one()
            } else {
                Ordinal {
                    terms: vec![Term {
                        coefficient: BigInt::one(),
                        exponent,
                    }],
                }
            }
        };
        let num = power(positive);
        let den = power(
            negative
                .into_iter()
                .map(|t| Term {
                    coefficient: -t.coefficient,
                    exponent: t.exponent,
                })
                .collect(),
        );
        (num, den)
    }

    /// The natural product, refused with a limit error when it would multiply out more
    /// than [`MAX_PRODUCT_PAIRS`] pairs of terms.
    ///
    /// ```
    /// use nimlab::surreal::Ordinal;
    /// let x = Ordinal::omega() + Ordinal::one();
    /// assert_eq!(x.checked_mul(&x).unwrap().to_string(), "ω^2+2ω+1");
    /// ```
    pub fn checked_mul(&self, other: &Ordinal) -> Result<Ordinal> {
        let pairs = self.terms.len().saturating_mul(other.terms.len());
        if pairs > MAX_PRODUCT_PAIRS {
            return Err(Error::limit(
                format!(
                    "a product of generalized ordinals with {} × {} terms",
                    self.terms.len(),
                    other.terms.len()
                ),
                format!("products of at most {MAX_PRODUCT_PAIRS} pairs of terms"),
            ));
        }
        Ok(self.product(other))
    }

    fn product(&self, other: &Ordinal) -> Ordinal {
        if self.is_zero() || other.is_zero() {
            return Ordinal::zero();
        }
        let mut terms = Vec::with_capacity(self.terms.len() * other.terms.len());
        for a in &self.terms {
            for b in &other.terms {
                terms.push(Term {
                    coefficient: &a.coefficient * &b.coefficient,
                    exponent: &a.exponent + &b.exponent,
                });
            }
        }
        Ordinal::from_terms(terms)
    }

    /// Normal form of any list of terms with ordinal exponents.
    pub(crate) fn from_terms(mut terms: Vec<Term>) -> Ordinal {
        terms.sort_by(|a, b| b.exponent.cmp(&a.exponent));
        let mut out: Vec<Term> = Vec::with_capacity(terms.len());
        for t in terms {
            match out.last_mut() {
                Some(last) if last.exponent == t.exponent => last.coefficient += t.coefficient,
                _ => {
                    if out.last().is_some_and(|l| l.coefficient.is_zero()) {
                        out.pop();
                    }
                    out.push(t);
                }
            }
        }
        if out.last().is_some_and(|l| l.coefficient.is_zero()) {
            out.pop();
        }
        Ordinal { terms: out }
    }

    /// A term from parts known to be valid (nonzero coefficient, ordinal exponent).
    pub(crate) fn term(coefficient: BigInt, exponent: Ordinal) -> Term {
        Term {
            coefficient,
            exponent,
        }
    }

    /// The greatest common divisor of the integer coefficients (0 for zero).
    pub(crate) fn content(&self) -> BigInt {
        use num_integer::Integer;
        let mut g = BigInt::zero();
        for t in &self.terms {
            g = g.gcd(&t.coefficient);
            if g.is_one() {
                break;
            }
        }
        g
    }

    /// Each term's coefficient divided exactly by `d` and its exponent lowered by `m`
    /// (both known to divide every term).
    pub(crate) fn divide_monomial(&self, d: &BigInt, m: &Ordinal) -> Ordinal {
        Ordinal {
            terms: self
                .terms
                .iter()
                .map(|t| Term {
                    coefficient: &t.coefficient / d,
                    exponent: &t.exponent - m,
                })
                .collect(),
        }
    }

    /// The coefficient of ω^`exponent` (zero when there is no such term).
    pub(crate) fn coefficient_of(&self, exponent: &Ordinal) -> Option<&BigInt> {
        self.terms
            .binary_search_by(|t| exponent.cmp(&t.exponent))
            .ok()
            .map(|i| &self.terms[i].coefficient)
    }

    /// Coefficient-wise minimum of two ordinals seen as vectors over powers of ω
    /// (missing powers count as 0).
    pub(crate) fn componentwise_min(&self, other: &Ordinal) -> Ordinal {
        let terms = self
            .terms
            .iter()
            .filter_map(|t| {
                other.coefficient_of(&t.exponent).map(|c| Term {
                    coefficient: c.min(&t.coefficient).clone(),
                    exponent: t.exponent.clone(),
                })
            })
            .collect();
        Ordinal { terms }
    }
}

fn check_nesting(exponent: &Ordinal) -> Result<()> {
    if !exponent.is_zero() && exponent.nesting_depth() + 1 > MAX_NESTING {
        return Err(Error::limit(
            format!("exponents of ω nested more than {MAX_NESTING} deep"),
            format!("exponents nested at most {MAX_NESTING} deep"),
        ));
    }
    Ok(())
}

/// Merges two normal-form term lists, combining coefficients of equal exponents with
/// `combine` (terms present on one side only are kept as they are).
fn merge(a: &[Term], b: &[Term], combine: impl Fn(&BigInt, &BigInt) -> BigInt) -> Ordinal {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].exponent.cmp(&b[j].exponent) {
            Ordering::Greater => {
                out.push(a[i].clone());
                i += 1;
            }
            Ordering::Less => {
                out.push(b[j].clone());
                j += 1;
            }
            Ordering::Equal => {
                let c = combine(&a[i].coefficient, &b[j].coefficient);
                if !c.is_zero() {
                    out.push(Term {
                        coefficient: c,
                        exponent: a[i].exponent.clone(),
                    });
                }
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    Ordinal { terms: out }
}

impl From<BigInt> for Ordinal {
    fn from(n: BigInt) -> Ordinal {
        if n.is_zero() {
            Ordinal::zero()
        } else {
            Ordinal {
                terms: vec![Term {
                    coefficient: n,
                    exponent: Ordinal::zero(),
                }],
            }
        }
    }
}

impl From<i64> for Ordinal {
    fn from(n: i64) -> Ordinal {
        Ordinal::from(BigInt::from(n))
    }
}

fn sign_of(c: &BigInt) -> Ordering {
    c.sign().cmp(&num_bigint::Sign::NoSign)
}

impl Ord for Ordinal {
    /// Term by term from the largest exponent: at the first place where the two differ,
    /// the term with the larger exponent decides by its sign, and terms with equal
    /// exponents by their coefficients.
    fn cmp(&self, other: &Ordinal) -> Ordering {
        let n = self.terms.len().max(other.terms.len());
        for i in 0..n {
            match (self.terms.get(i), other.terms.get(i)) {
                (Some(a), Some(b)) => {
                    if a == b {
                        continue;
                    }
                    return match a.exponent.cmp(&b.exponent) {
                        Ordering::Greater => sign_of(&a.coefficient),
                        Ordering::Less => sign_of(&b.coefficient).reverse(),
                        Ordering::Equal => a.coefficient.cmp(&b.coefficient),
                    };
                }
                (Some(a), None) => return sign_of(&a.coefficient),
                (None, Some(b)) => return sign_of(&b.coefficient).reverse(),
                (None, None) => break,
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for Ordinal {
    fn partial_cmp(&self, other: &Ordinal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Neg for &Ordinal {
    type Output = Ordinal;
    fn neg(self) -> Ordinal {
        Ordinal {
            terms: self
                .terms
                .iter()
                .map(|t| Term {
                    coefficient: -&t.coefficient,
                    exponent: t.exponent.clone(),
                })
                .collect(),
        }
    }
}

impl Neg for Ordinal {
    type Output = Ordinal;
    fn neg(mut self) -> Ordinal {
        for t in &mut self.terms {
            t.coefficient = -std::mem::take(&mut t.coefficient);
        }
        self
    }
}

impl Add for &Ordinal {
    type Output = Ordinal;
    /// The natural sum.
    fn add(self, other: &Ordinal) -> Ordinal {
        merge(&self.terms, &other.terms, |a, b| a + b)
    }
}

impl Sub for &Ordinal {
    type Output = Ordinal;
    fn sub(self, other: &Ordinal) -> Ordinal {
        self + &(-other)
    }
}

impl Mul for &Ordinal {
    type Output = Ordinal;
    /// The natural (Hessenberg) product. [`Ordinal::checked_mul`] refuses huge ones.
    fn mul(self, other: &Ordinal) -> Ordinal {
        self.product(other)
    }
}

macro_rules! forward_owned {
    ($($trait:ident $method:ident),*) => {$(
        impl $trait for Ordinal {
            type Output = Ordinal;
            fn $method(self, other: Ordinal) -> Ordinal {
                (&self).$method(&other)
            }
        }
        impl $trait<&Ordinal> for Ordinal {
            type Output = Ordinal;
            fn $method(self, other: &Ordinal) -> Ordinal {
                (&self).$method(other)
            }
        }
        impl $trait<Ordinal> for &Ordinal {
            type Output = Ordinal;
            fn $method(self, other: Ordinal) -> Ordinal {
                self.$method(&other)
            }
        }
    )*};
}

forward_owned!(Add add, Sub sub, Mul mul);

impl fmt::Display for Ordinal {
    /// As CGSuite prints it: `ω^ω+ω^2-1`, `3ω^(ω+1)`, `ω^(2ω)`, `-5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return f.write_str("0");
        }
        for (i, t) in self.terms.iter().enumerate() {
            if t.coefficient.is_negative() {
                f.write_str("-")?;
            } else if i > 0 {
                f.write_str("+")?;
            }
            let magnitude = t.coefficient.magnitude();
            if t.exponent.is_zero() || !magnitude.is_one() {
                write!(f, "{magnitude}")?;
            }
            if t.exponent.is_zero() {
                continue;
            }
            f.write_str("ω")?;
            if t.exponent.is_one() {
                continue;
            }
            let e = &t.exponent.terms;
            let parens = e.len() > 1 || (!e[0].coefficient.is_one() && !e[0].exponent.is_zero());
            if parens {
                write!(f, "^({})", t.exponent)?;
            } else {
                write!(f, "^{}", t.exponent)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w() -> Ordinal {
        Ordinal::omega()
    }
    fn n(k: i64) -> Ordinal {
        Ordinal::from(k)
    }
    fn wp(e: Ordinal) -> Ordinal {
        Ordinal::monomial(BigInt::one(), e).unwrap()
    }

    #[test]
    fn printing() {
        let cases: Vec<(Ordinal, &str)> = vec![
            (w(), "ω"),
            (w() + n(1), "ω+1"),
            (w() * w(), "ω^2"),
            (n(2) * w(), "2ω"),
            (wp(w()), "ω^ω"),
            (wp(w() + n(1)), "ω^(ω+1)"),
            // A single-term exponent with coefficient 1 takes no parentheses.
            (wp(w() * w()), "ω^ω^2"),
            (wp(n(2) * w()), "ω^(2ω)"),
            (wp(w()) + w() * w() - n(1), "ω^ω+ω^2-1"),
            (n(0), "0"),
            (n(-5), "-5"),
            (n(3) * w() * w(), "3ω^2"),
            (n(1) - w(), "-ω+1"),
            (n(-1) * w() * w() + n(-2) * w(), "-ω^2-2ω"),
            (wp(wp(w())), "ω^ω^ω"),
            (n(7) * wp(n(3) * wp(w()) + n(2)), "7ω^(3ω^ω+2)"),
        ];
        for (x, text) in cases {
            assert_eq!(x.to_string(), text);
        }
    }

    #[test]
    fn normal_form() {
        let x = w() + n(3) - w();
        assert_eq!(x, n(3));
        assert_eq!(w() - w(), Ordinal::zero());
        assert_eq!((w() + n(1)) * (w() - n(1)), w() * w() - n(1));
        // The natural product is commutative: 1 + ω = ω + 1.
        assert_eq!(n(1) + w(), w() + n(1));
        assert_eq!(wp(w()) * w(), wp(w() + n(1)));
        assert_eq!(-(-w()), w());
        assert!(Ordinal::from_terms(vec![
            Ordinal::term(BigInt::from(2), n(1)),
            Ordinal::term(BigInt::from(-2), n(1)),
        ])
        .is_zero());
    }

    #[test]
    fn order() {
        assert!(w() > n(10).pow_big());
        assert!(wp(w()) > wp(n(100)));
        assert!(w() - n(1) < w());
        assert!(w() - n(1) > n(1_000_000));
        assert!(-w() < n(-1_000_000));
        assert!(w() * w() - w() > w() * n(1000));
        assert!(n(0) < n(1));
        assert!(n(2) * w() > w() + n(1_000));
        assert!(wp(w()) - wp(n(5)) > wp(n(6)));
        let mut xs = [w(), n(3), -w(), wp(w()), w() + n(1), n(-2), Ordinal::zero()];
        xs.sort();
        let texts: Vec<String> = xs.iter().map(|x| x.to_string()).collect();
        assert_eq!(texts, ["-ω", "-2", "0", "3", "ω", "ω+1", "ω^ω"]);
    }

    trait PowBig {
        fn pow_big(self) -> Ordinal;
    }
    impl PowBig for Ordinal {
        /// 10^30 from 10.
        fn pow_big(self) -> Ordinal {
            Ordinal::from(num_traits::pow(self.as_integer().unwrap(), 30))
        }
    }

    #[test]
    fn helpers() {
        assert!(w().is_omega());
        assert!(!(n(2) * w()).is_omega());
        assert!(n(5).is_finite() && n(5).is_ordinal());
        assert_eq!(n(-5).sign(), -1);
        assert_eq!(w().as_integer(), None);
        assert_eq!(w().nesting_depth(), 1);
        assert_eq!(wp(wp(w())).nesting_depth(), 3);
        let x = n(5) * wp(w()) + n(3) * w() + n(6);
        let y = n(1) * wp(w()) + n(3) * w() + n(3);
        assert_eq!(x.nim_sum(&y).unwrap(), n(4) * wp(w()) + n(5));
        assert_eq!(x.nim_sum(&Ordinal::zero()).unwrap(), x);
    }

    #[test]
    fn nesting_is_capped() {
        let mut x = n(1);
        let mut depth = 0;
        loop {
            match Ordinal::monomial(BigInt::one(), x.clone()) {
                Ok(y) => {
                    x = y;
                    depth += 1;
                }
                Err(e) => {
                    assert!(matches!(e, Error::Limit(_)));
                    break;
                }
            }
        }
        assert_eq!(depth, MAX_NESTING);
        assert_eq!(x.nesting_depth(), MAX_NESTING);
    }

    #[test]
    fn checked_mul_limit() {
        let big = Ordinal::from_terms(
            (1..=1001)
                .map(|k| Ordinal::term(BigInt::one(), n(k)))
                .collect(),
        );
        assert!(big.checked_mul(&big).is_err());
        assert_eq!(big.checked_mul(&n(1)).unwrap(), big);
    }
}
