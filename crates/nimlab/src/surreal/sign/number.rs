//! The numbers of sign expansions, and the expansions of numbers.

use super::{Segment, Sign, SignExpansion, MAX_SIGNS};
use crate::conway::Rational;
use crate::surreal::{Ordinal, Surreal};
use crate::{Error, Result};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The signs of a rational number: a first run of one sign, then single signs, then
/// perhaps a word repeated ω times.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Signs {
    lead: Sign,
    count: BigInt,
    rest: Vec<Sign>,
    cycle: Option<Vec<Sign>>,
}

/// The sign expansion of the rational `x` (not zero): the integer part as a run, then
/// the binary digits of the fraction (Berlekamp's rule: after the first change of sign,
/// each sign is worth half the one before).
fn rational_signs(x: &Rational) -> Result<Signs> {
    let lead = if x.is_negative() {
        Sign::Minus
    } else {
        Sign::Plus
    };
    let x = x.abs();
    let q = x.denom().clone();
    let m = x.numer().div_floor(&q);
    let mut a = x.numer() - &m * &q;
    if a.is_zero() {
        return Ok(Signs {
            lead,
            count: m,
            rest: Vec::new(),
            cycle: None,
        });
    }
    // m + f with 0 < f < 1: m + 1 signs up, one down to m + 1/2, then the binary digits
    // of f, 1 up and 0 down (a dyadic's last digit, its final 1, is the sign before).
    let up = lead;
    let mut rest = vec![up.flip()];
    let mut digits: Vec<Sign> = Vec::new();
    let mut seen: std::collections::HashMap<BigInt, usize> = std::collections::HashMap::new();
    let cycle;
    loop {
        if a.is_zero() {
            // A dyadic: its last digit is the final 1, reached by the signs before it.
            digits.pop();
            cycle = None;
            break;
        }
        if let Some(&i) = seen.get(&a) {
            cycle = Some(digits.split_off(i));
            break;
        }
        if digits.len() >= MAX_SIGNS {
            return Err(Error::limit(
                format!("the sign expansion of {x}, whose binary digits repeat after more signs"),
                format!("{MAX_SIGNS} signs held one by one"),
            ));
        }
        seen.insert(a.clone(), digits.len());
        a <<= 1;
        if a >= q {
            a -= &q;
            digits.push(up);
        } else {
            digits.push(up.flip());
        }
    }
    rest.extend(digits);
    Ok(Signs {
        lead,
        count: m + 1,
        rest,
        cycle,
    })
}

impl Signs {
    /// Appends these signs to `out`, each `unit` times.
    fn push_to(&self, out: &mut SignExpansion, unit: &Ordinal) -> Result<()> {
        let scaled = |n: BigInt| -> Ordinal {
            if unit.is_one() {
                Ordinal::from(n)
            } else {
                let t = &unit.terms()[0];
                Ordinal::monomial(n, t.exponent().clone()).unwrap_or_default()
            }
        };
        out.push_run(self.lead, scaled(self.count.clone()))?;
        for &s in &self.rest {
            out.push_run(s, unit.clone())?;
        }
        if let Some(c) = &self.cycle {
            out.push_cycle(c)?;
        }
        Ok(())
    }
}

/// The parts of a number whose sign expansion nimlab writes: ω-terms with dyadic
/// coefficients (exponents ordinals ≥ 1), a rational real part, and a rational multiple
/// of 1/ω.
struct Parts {
    infinite: Vec<(Ordinal, Rational)>,
    real: Rational,
    small: Rational,
}

fn beyond(x: &Surreal, why: &str) -> Error {
    Error::Unsupported(format!(
        "the sign expansion of {x} is not written: {why}; nimlab writes those of \
         numbers a₁ω^α₁ + … + r + s/ω with ordinals α > 0, dyadic a, rational r and s"
    ))
}

fn ratio(n: &BigInt, d: &BigInt) -> Rational {
    Rational::new(n.clone(), d.clone())
}

fn is_dyadic(r: &Rational) -> bool {
    let d = r.denom();
    (d & (d - BigInt::one())).is_zero()
}

impl Parts {
    fn of(x: &Surreal) -> Result<Parts> {
        let den = x.denominator();
        let (c, b) = match den.terms() {
            [t] => (t.coefficient().clone(), t.exponent().clone()),
            _ => return Err(beyond(x, "its normal form has infinitely many terms")),
        };
        let shift = if b.is_zero() {
            0
        } else if b.is_one() {
            1
        } else {
            return Err(beyond(x, "it has a term below 1/ω"));
        };
        let mut parts = Parts {
            infinite: Vec::new(),
            real: Rational::zero(),
            small: Rational::zero(),
        };
        for t in x.numerator().terms() {
            let coefficient = ratio(t.coefficient(), &c);
            let a = t.exponent();
            let finite = a.as_integer();
            match (shift, finite) {
                (0, Some(k)) if k.is_zero() => parts.real = coefficient,
                (1, Some(k)) if k.is_zero() => parts.small = coefficient,
                (1, Some(k)) if k.is_one() => parts.real = coefficient,
                (1, None) if a.terms().last().is_none_or(|t| !t.exponent().is_zero()) => {
                    return Err(beyond(x, "it has a term ω^(α−1) with α a limit ordinal"))
                }
                _ => {
                    let e = if shift == 1 {
                        a - &Ordinal::one()
                    } else {
                        a.clone()
                    };
                    if !is_dyadic(&coefficient) {
                        return Err(beyond(
                            x,
                            "an infinite term has a coefficient that is not dyadic (its \
                             expansion repeats blocks of ω signs)",
                        ));
                    }
                    parts.infinite.push((e, coefficient));
                }
            }
        }
        Ok(parts)
    }
}

impl SignExpansion {
    /// The sign expansion of `x`, for the numbers a₁ω^α₁ + … + aₖω^αₖ + r + s/ω with
    /// ordinals α₁ > … > αₖ ≥ 1, dyadic rationals aᵢ and rationals r and s: every
    /// integer, dyadic, rational and ordinal, their sums such as ω + 1 and ω − 1, and
    /// 1/ω, 2/ω, 1/3 + 1/ω. Its length is the birthday of `x`.
    ///
    /// ```
    /// use nimlab::surreal::{SignExpansion, Surreal};
    /// let w = Surreal::omega();
    /// let one = Surreal::one();
    /// let e = |x: &Surreal| SignExpansion::of(x).unwrap().to_string();
    /// assert_eq!(e(&(&w + &one)), "+^ω+");
    /// assert_eq!(e(&(&w - &one)), "+^ω−");
    /// assert_eq!(e(&(&one / &w).unwrap()), "+−^ω");
    /// // 1/3: +−−+−+−…, the word repeated from its earliest place.
    /// assert_eq!(e(&(&one / &Surreal::from(3)).unwrap()), "+−(−+)^ω");
    /// assert_eq!(e(&(&w / &Surreal::from(2)).unwrap()), "+^ω−^ω");
    /// // The birthday of 1/3 is ω.
    /// let third = (&one / &Surreal::from(3)).unwrap();
    /// assert_eq!(SignExpansion::of(&third).unwrap().length(), nimlab::surreal::Ordinal::omega());
    /// ```
    ///
    /// # Errors
    /// [`Error::Unsupported`] for another number (ω/3, 1/ω², 1/(ω+1), √ω-like values
    /// have expansions of length ω² or more, which nimlab does not write); a limit error
    /// for a rational whose binary digits repeat after more than [`MAX_SIGNS`] signs.
    pub fn of(x: &Surreal) -> Result<SignExpansion> {
        let parts = Parts::of(x)?;
        let mut out = SignExpansion::new();
        for (e, a) in &parts.infinite {
            let unit = Ordinal::monomial(BigInt::one(), e.clone())?;
            rational_signs(a)?.push_to(&mut out, &unit)?;
        }
        let one = Ordinal::one();
        if !parts.real.is_zero() {
            rational_signs(&parts.real)?.push_to(&mut out, &one)?;
        }
        if !parts.small.is_zero() {
            let s = rational_signs(&parts.small)?;
            if is_dyadic(&parts.real) {
                // Infinitely close above (or below) a dyadic: one step towards s/ω, then
                // ω steps back, then the signs of s after its first.
                out.push_run(s.lead, one.clone())?;
                out.push_run(s.lead.flip(), Ordinal::omega())?;
                let after = Signs {
                    lead: s.lead,
                    count: s.count.clone() - 1,
                    rest: s.rest.clone(),
                    cycle: s.cycle.clone(),
                };
                if after.count.is_zero() {
                    for &x in &after.rest {
                        out.push_run(x, one.clone())?;
                    }
                    if let Some(c) = &after.cycle {
                        out.push_cycle(c)?;
                    }
                } else {
                    after.push_to(&mut out, &one)?;
                }
            } else {
                // After a real with an infinite expansion the signs of s follow at once.
                s.push_to(&mut out, &one)?;
            }
        }
        Ok(out)
    }

    /// The number of this expansion, for the expansions [`SignExpansion::of`] writes
    /// (and every sequence of signs that stands for one of those numbers).
    ///
    /// ```
    /// use nimlab::surreal::SignExpansion;
    /// let v = |t: &str| SignExpansion::parse(t).unwrap().value().unwrap().to_string();
    /// assert_eq!(v("+-+-"), "5/8");
    /// assert_eq!(v("(+-)^w"), "2/3");
    /// assert_eq!(v("+^w +^w"), "2ω");
    /// assert_eq!(v("+-^w +"), "2/ω");
    /// assert_eq!(v("-+^w"), "-1/ω");
    /// ```
    ///
    /// # Errors
    /// [`Error::Unsupported`] for an expansion of another number (such as `+−^ω+^ω`,
    /// whose number is not a quotient of generalized ordinals), named with the reason.
    pub fn value(&self) -> Result<Surreal> {
        let outside = |why: &str| {
            Error::Unsupported(format!(
                "the number of the sign expansion {self} is not computed: {why}"
            ))
        };
        // The infinite part: runs of ω^α signs, α ≥ 1, non-increasing.
        let mut terms: Vec<(Ordinal, Vec<Sign>)> = Vec::new();
        let mut segments = self.segments.iter().peekable();
        let mut first_finite: Option<(Sign, BigInt)> = None;
        while let Some(Segment::Run { sign, length }) = segments.peek() {
            let mut infinite = false;
            for t in length.terms() {
                if t.exponent().is_zero() {
                    first_finite = Some((*sign, t.coefficient().clone()));
                    break;
                }
                infinite = true;
                let count = t.coefficient().to_usize().filter(|&c| c <= MAX_SIGNS);
                let Some(count) = count else {
                    return Err(outside("a run of too many blocks of ω^α signs"));
                };
                match terms.last_mut() {
                    Some((e, signs)) if e == t.exponent() => {
                        signs.extend(std::iter::repeat_n(*sign, count));
                    }
                    Some((e, _)) if &*e < t.exponent() => {
                        return Err(outside("a longer run of signs after a shorter one"));
                    }
                    _ => terms.push((t.exponent().clone(), vec![*sign; count])),
                }
            }
            segments.next();
            if !infinite || first_finite.is_some() {
                break;
            }
        }
        let mut total = Surreal::zero();
        for (e, signs) in &terms {
            let a = walk_value(&Flat::new(None, signs, None))?;
            let term = Surreal::omega_power(e).checked_mul(&rational_surreal(&a)?)?;
            total = total.checked_add(&term)?;
        }
        // The rest: single signs, at most two repeated words, and runs of exactly ω.
        let mut items: Vec<Item> = Vec::new();
        let mut singles = 0usize;
        if let Some((s, n)) = first_finite {
            items.push(Item::Run(s, n));
        }
        for seg in segments {
            match seg {
                Segment::Run { sign, length } => {
                    if let Some(n) = length.as_integer() {
                        let n = n.to_usize().filter(|&n| singles + n <= MAX_SIGNS);
                        let Some(n) = n else {
                            return Err(outside("too many signs after the first change"));
                        };
                        singles += n;
                        items.extend(std::iter::repeat_n(Item::One(*sign), n));
                    } else if let Some(n) = omega_plus(length) {
                        items.push(Item::Omega(*sign));
                        let n = n.filter(|&n| singles + n <= MAX_SIGNS);
                        let Some(n) = n else {
                            return Err(outside("too many signs after the first change"));
                        };
                        singles += n;
                        items.extend(std::iter::repeat_n(Item::One(*sign), n));
                    } else {
                        return Err(outside("a run of ω·2 or more signs after the finite part"));
                    }
                }
                Segment::Cycle(w) => items.push(Item::Cycle(w.clone())),
            }
        }
        let tail = tail_value(&items).map_err(|why| outside(&why))?;
        total.checked_add(&tail)
    }

    /// The sum of two numbers given by their expansions, as an expansion.
    ///
    /// ```
    /// use nimlab::surreal::SignExpansion;
    /// // Text 000: a column x beside a column (x)^ω is ω + 1.
    /// let x = SignExpansion::parse_stones("x").unwrap();
    /// let w = SignExpansion::parse_stones("(x)^w").unwrap();
    /// assert_eq!(x.checked_add(&w).unwrap().to_string(), "+^ω+");
    /// ```
    ///
    /// # Errors
    /// As [`SignExpansion::value`] and [`SignExpansion::of`].
    pub fn checked_add(&self, other: &SignExpansion) -> Result<SignExpansion> {
        SignExpansion::of(&self.value()?.checked_add(&other.value()?)?)
    }
}

/// `Some(n)` when `length` is ω + n (`Some(None)` when n is too large to count).
fn omega_plus(length: &Ordinal) -> Option<Option<usize>> {
    match length.terms() {
        [t] if t.exponent().is_one() && t.coefficient().is_one() => Some(Some(0)),
        [t, u] if t.exponent().is_one() && t.coefficient().is_one() && u.exponent().is_zero() => {
            Some(u.coefficient().to_usize())
        }
        _ => None,
    }
}

/// What follows the infinite part of an expansion, item by item.
#[derive(Debug, Clone, PartialEq)]
enum Item {
    /// A finite run (the first of the finite part, of any length).
    Run(Sign, BigInt),
    /// One sign.
    One(Sign),
    /// A run of exactly ω signs.
    Omega(Sign),
    /// A word repeated ω times.
    Cycle(Vec<Sign>),
}

/// A finite or periodic sequence of signs: a first run of one sign, then single signs,
/// then perhaps a repeated word.
struct Flat {
    lead: Option<(Sign, BigInt)>,
    rest: Vec<Sign>,
    cycle: Option<Vec<Sign>>,
}

impl Flat {
    fn new(lead: Option<(Sign, BigInt)>, signs: &[Sign], cycle: Option<&[Sign]>) -> Flat {
        let mut f = Flat {
            lead,
            rest: signs.to_vec(),
            cycle: cycle.map(<[Sign]>::to_vec),
        };
        // The first run takes every sign like it that follows, into the word if need be.
        if f.lead.is_none() {
            if let Some(&s) = f.rest.first() {
                f.rest.remove(0);
                f.lead = Some((s, BigInt::one()));
            } else if let Some(c) = &mut f.cycle {
                let s = c[0];
                c.rotate_left(1);
                f.lead = Some((s, BigInt::one()));
            }
        }
        if let Some((s, n)) = &mut f.lead {
            let k = f.rest.iter().take_while(|&&x| x == *s).count();
            f.rest.drain(..k);
            *n += k;
            if f.rest.is_empty() {
                if let Some(c) = &mut f.cycle {
                    while c[0] == *s {
                        c.rotate_left(1);
                        *n += 1;
                    }
                }
            }
        }
        f
    }
}

/// The value of a finite or periodic sequence by Berlekamp's rule: the first run of k
/// signs is ±k, and the j-th sign after it ±2^−j.
fn walk_value(f: &Flat) -> Result<Rational> {
    let Some((s, n)) = &f.lead else {
        return Ok(Rational::zero());
    };
    let mut v = Rational::from_integer(n * s.unit());
    let mut scale = Rational::new(BigInt::one(), BigInt::from(2));
    for x in &f.rest {
        v += &scale * BigInt::from(x.unit());
        scale /= BigInt::from(2);
    }
    if let Some(c) = &f.cycle {
        // Σ over the word, once, then the geometric series of its repetitions.
        let mut once = Rational::zero();
        let mut step = scale.clone();
        for x in c {
            once += &step * BigInt::from(x.unit());
            step /= BigInt::from(2);
        }
        let p = u32::try_from(c.len()).unwrap_or(u32::MAX);
        let ratio = Rational::one() - Rational::new(BigInt::one(), BigInt::one() << p);
        v += once / ratio;
    }
    Ok(v)
}

/// The tightest bounds below and above the value of a finite sequence: the values of
/// its prefixes followed by + (the greatest) and by − (the least).
fn bounds(lead: &Option<(Sign, BigInt)>, rest: &[Sign]) -> (Option<Rational>, Option<Rational>) {
    let (mut lo, mut v, mut hi): (Option<Rational>, Rational, Option<Rational>) =
        (None, Rational::zero(), None);
    if let Some((s, n)) = lead {
        let n1 = Rational::from_integer(n - 1);
        match s {
            Sign::Plus => {
                lo = Some(n1);
                v = Rational::from_integer(n.clone());
            }
            Sign::Minus => {
                hi = Some(-n1);
                v = Rational::from_integer(-n.clone());
            }
        }
    }
    for s in rest {
        match s {
            Sign::Plus => {
                let next = match &hi {
                    Some(h) => (&v + h) / BigInt::from(2),
                    None => &v + Rational::one(),
                };
                lo = Some(std::mem::replace(&mut v, next));
            }
            Sign::Minus => {
                let next = match &lo {
                    Some(l) => (&v + l) / BigInt::from(2),
                    None => &v - Rational::one(),
                };
                hi = Some(std::mem::replace(&mut v, next));
            }
        }
    }
    (lo, hi)
}

/// The number r + s/ω of the items after the infinite part.
fn tail_value(items: &[Item]) -> std::result::Result<Surreal, String> {
    let as_surreal = |r: &Rational| rational_surreal(r).map_err(|e| e.to_string());
    let (lead, rest, next) = split_finite(items);
    let omega = Surreal::omega();
    match next {
        None => as_surreal(&walk_value(&Flat::new(lead, &rest, None)).map_err(|e| e.to_string())?),
        Some((Item::Cycle(c), after)) => {
            let r = walk_value(&Flat::new(lead, &rest, Some(c))).map_err(|e| e.to_string())?;
            let s = standalone(after, None)?;
            let x = as_surreal(&r)?;
            let small = as_surreal(&s)?
                .checked_div(&omega)
                .map_err(|e| e.to_string())?;
            x.checked_add(&small).map_err(|e| e.to_string())
        }
        Some((Item::Omega(tail), after)) => {
            let (lo, hi) = bounds(&lead, &rest);
            let (r, first) = match tail {
                Sign::Minus => (lo, Sign::Plus),
                Sign::Plus => (hi, Sign::Minus),
            };
            let r = r.ok_or("an infinite run that is not a limit of the signs before it")?;
            let s = standalone(after, Some(first))?;
            let x = as_surreal(&r)?;
            let small = as_surreal(&s)?
                .checked_div(&omega)
                .map_err(|e| e.to_string())?;
            x.checked_add(&small).map_err(|e| e.to_string())
        }
        Some(_) => Err("an item out of place".to_string()),
    }
}

/// The finite signs at the front of `items`, and the first infinite item with what
/// follows it.
#[allow(clippy::type_complexity)]
fn split_finite(items: &[Item]) -> (Option<(Sign, BigInt)>, Vec<Sign>, Option<(&Item, &[Item])>) {
    let mut lead = None;
    let mut rest = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match item {
            Item::Run(s, n) if lead.is_none() && rest.is_empty() => {
                lead = Some((*s, n.clone()));
            }
            Item::One(s) => rest.push(*s),
            _ => return (lead, rest, Some((item, &items[i + 1..]))),
        }
    }
    (lead, rest, None)
}

/// The value of the items after a limit, as a number of their own (the coefficient of
/// 1/ω), with `first` put before them if given; no further infinite run is allowed.
fn standalone(items: &[Item], first: Option<Sign>) -> std::result::Result<Rational, String> {
    let mut signs: Vec<Sign> = first.into_iter().collect();
    let mut cycle = None;
    for (i, item) in items.iter().enumerate() {
        match item {
            Item::One(s) => signs.push(*s),
            Item::Cycle(c) if i + 1 == items.len() => cycle = Some(c.as_slice()),
            _ => return Err("more than one infinitely small part (a term below 1/ω)".to_string()),
        }
    }
    walk_value(&Flat::new(None, &signs, cycle)).map_err(|e| e.to_string())
}

fn rational_surreal(r: &Rational) -> Result<Surreal> {
    Surreal::new(
        Ordinal::from(r.numer().clone()),
        Ordinal::from(r.denom().clone()),
    )
}
