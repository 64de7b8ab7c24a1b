//! Sign expansions: every surreal number is a sequence of signs + and −, indexed by the
//! ordinals below its birthday, and numbers compare as their sign expansions do,
//! lexicographically, with − < (nothing) < +.
//!
//! A [`SignExpansion`] is held as segments: runs of one sign whose length is an ordinal
//! (`+^ω`, `−^(ω·2)`, `+++`), and words repeated ω times (`(+−)^ω`, the tail of 2/3).
//! It is kept in a normal form, so that equal sequences are equal values: runs of one
//! sign merged, repeated words primitive and turned so that no sign before them could
//! begin them.
//!
//! ```
//! use nimlab::surreal::{SignExpansion, Surreal};
//! let two_thirds = (&Surreal::from(2) / &Surreal::from(3)).unwrap();
//! let s = SignExpansion::of(&two_thirds).unwrap();
//! assert_eq!(s.to_string(), "(+−)^ω");
//! assert_eq!(s.length().to_string(), "ω");
//! // Text 000's infinite columns of Black-White Nim: (x)^ω = ω and x(o)^ω = 1/ω.
//! assert_eq!(SignExpansion::parse("+^ω").unwrap().value().unwrap(), Surreal::omega());
//! let x = SignExpansion::parse("+(-)^w").unwrap().value().unwrap();
//! assert_eq!(x.to_string(), "1/ω");
//! ```

use super::Ordinal;
use crate::{Error, Result};
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};
use std::fmt;

mod number;
mod order;
mod read;
#[cfg(test)]
mod tests;

/// The most signs a sign expansion holds one by one: the finite words between runs and
/// the repeated words together (a run of one sign of any length is one segment).
///
/// ```
/// use nimlab::surreal::{SignExpansion, Surreal, MAX_SIGNS};
/// // 1/(2^20 + 1) repeats a word of 40 signs; a prime denominator beyond the limit has
/// // a repeated word too long to hold.
/// let x = (&Surreal::one() / &Surreal::from((1i64 << 20) + 1)).unwrap();
/// assert!(SignExpansion::of(&x).is_ok());
/// let y = (&Surreal::one() / &Surreal::from(1_000_003)).unwrap();
/// assert!(SignExpansion::of(&y).is_err());
/// assert!(MAX_SIGNS >= 1 << 16);
/// ```
pub const MAX_SIGNS: usize = 1 << 16;

/// One sign of an expansion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sign {
    /// −: a step down (Right's stone in a Hackenbush string).
    Minus,
    /// +: a step up (Left's stone).
    Plus,
}

impl Sign {
    /// The other sign.
    ///
    /// ```
    /// use nimlab::surreal::Sign;
    /// assert_eq!(Sign::Plus.flip(), Sign::Minus);
    /// ```
    pub fn flip(self) -> Sign {
        match self {
            Sign::Plus => Sign::Minus,
            Sign::Minus => Sign::Plus,
        }
    }

    /// `+` or `−` (U+2212).
    pub fn symbol(self) -> char {
        match self {
            Sign::Plus => '+',
            Sign::Minus => '−',
        }
    }

    /// 1 for +, −1 for −.
    fn unit(self) -> i64 {
        match self {
            Sign::Plus => 1,
            Sign::Minus => -1,
        }
    }
}

/// A piece of a sign expansion.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Segment {
    /// One sign repeated `length` times, an ordinal of at least 1.
    Run {
        /// The sign.
        sign: Sign,
        /// How many times (an ordinal: `ω`, `ω·2 + 3`, …).
        length: Ordinal,
    },
    /// A word repeated ω times: primitive (no shorter word repeats to it) and holding
    /// both signs.
    Cycle(Vec<Sign>),
}

/// The sign expansion of a surreal number (see the [module](self)).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct SignExpansion {
    segments: Vec<Segment>,
    /// How many signs the finite runs shorter than [`SHORT_RUN`] and the cycles hold.
    signs: usize,
}

/// Runs up to this length count as signs held one by one (against [`MAX_SIGNS`]).
const SHORT_RUN: u64 = 16;

impl SignExpansion {
    /// The empty expansion, of 0.
    pub fn new() -> SignExpansion {
        SignExpansion::default()
    }

    /// The expansion of these signs, in order.
    ///
    /// ```
    /// use nimlab::surreal::{Sign::{Minus, Plus}, SignExpansion};
    /// let s = SignExpansion::from_signs(&[Plus, Minus, Minus]).unwrap();
    /// assert_eq!(s.value().unwrap().to_string(), "1/4");
    /// ```
    ///
    /// # Errors
    /// More than [`MAX_SIGNS`] signs.
    pub fn from_signs(signs: &[Sign]) -> Result<SignExpansion> {
        let mut s = SignExpansion::new();
        for &x in signs {
            s.push_run(x, Ordinal::one())?;
        }
        Ok(s)
    }

    /// The segments, in order.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// Whether this is the empty expansion (of 0).
    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// The length: an ordinal, the birthday of the number.
    ///
    /// ```
    /// use nimlab::surreal::SignExpansion;
    /// let s = SignExpansion::parse("+^ω −(+−)^ω").unwrap();
    /// assert_eq!(s.length().to_string(), "2ω");
    /// ```
    pub fn length(&self) -> Ordinal {
        self.segments.iter().fold(Ordinal::zero(), |acc, s| {
            let l = match s {
                Segment::Run { length, .. } => length.clone(),
                Segment::Cycle(_) => Ordinal::omega(),
            };
            ordinal_sum(&acc, &l)
        })
    }

    /// The opposite expansion, of −x: every sign flipped.
    pub fn flipped(&self) -> SignExpansion {
        SignExpansion {
            segments: self
                .segments
                .iter()
                .map(|s| match s {
                    Segment::Run { sign, length } => Segment::Run {
                        sign: sign.flip(),
                        length: length.clone(),
                    },
                    Segment::Cycle(w) => Segment::Cycle(w.iter().map(|x| x.flip()).collect()),
                })
                .collect(),
            signs: self.signs,
        }
    }

    /// Appends `sign` repeated `length` times.
    ///
    /// # Errors
    /// More than [`MAX_SIGNS`] signs held one by one.
    pub fn push_run(&mut self, sign: Sign, length: Ordinal) -> Result<()> {
        if length.is_zero() {
            return Ok(());
        }
        if let Some(Segment::Run { sign: s, length: l }) = self.segments.last_mut() {
            if *s == sign {
                let before = short(l);
                *l = ordinal_sum(l, &length);
                let after = short(l);
                self.signs = self.signs - before + after;
                return self.check();
            }
        }
        self.signs += short(&length);
        self.segments.push(Segment::Run { sign, length });
        self.check()
    }

    /// Appends `word` repeated ω times.
    ///
    /// ```
    /// use nimlab::surreal::{Sign::{Minus, Plus}, SignExpansion};
    /// let mut s = SignExpansion::from_signs(&[Plus, Minus]).unwrap();
    /// s.push_cycle(&[Plus, Minus]).unwrap();
    /// // +−(+−)^ω is (+−)^ω: 2/3.
    /// assert_eq!(s.to_string(), "(+−)^ω");
    /// ```
    ///
    /// # Errors
    /// An empty word, or more than [`MAX_SIGNS`] signs held one by one.
    pub fn push_cycle(&mut self, word: &[Sign]) -> Result<()> {
        let Some(&first) = word.first() else {
            return Err(Error::Unsupported(
                "an empty word cannot be repeated ω times".to_string(),
            ));
        };
        if word.iter().all(|&s| s == first) {
            return self.push_run(first, Ordinal::omega());
        }
        let mut word = primitive_root(word).to_vec();
        // A sign before the word that equals its last sign begins the repetition: s(us)^ω
        // is (su)^ω.
        loop {
            let last = word[word.len() - 1];
            let Some(Segment::Run { sign, length }) = self.segments.last_mut() else {
                break;
            };
            if *sign != last || finite_part(length).is_zero() {
                break;
            }
            let before = short(length);
            *length = &*length - &Ordinal::one();
            self.signs = self.signs - before + short(length);
            if length.is_zero() {
                self.segments.pop();
            }
            word.rotate_right(1);
        }
        self.signs += word.len();
        self.segments.push(Segment::Cycle(word));
        self.check()
    }

    fn check(&self) -> Result<()> {
        if self.signs > MAX_SIGNS {
            return Err(Error::limit(
                "a sign expansion of more signs",
                format!("{MAX_SIGNS} signs held one by one"),
            ));
        }
        Ok(())
    }
}

/// How many signs a run counts against [`MAX_SIGNS`]: its length when it is short, else
/// nothing (it is held by its length).
fn short(length: &Ordinal) -> usize {
    length
        .as_integer()
        .and_then(|n| n.to_u64())
        .filter(|&n| n <= SHORT_RUN)
        .map_or(0, |n| n as usize)
}

/// The shortest word whose repetition is `word`.
fn primitive_root(word: &[Sign]) -> &[Sign] {
    let n = word.len();
    for p in 1..n {
        if n % p == 0 && (p..n).all(|i| word[i] == word[i - p]) {
            return &word[..p];
        }
    }
    word
}

/// The coefficient of the finite part (ω^0) of an ordinal.
fn finite_part(a: &Ordinal) -> BigInt {
    a.terms()
        .last()
        .filter(|t| t.exponent().is_zero())
        .map_or_else(BigInt::zero, |t| t.coefficient().clone())
}

/// The ordinal sum a + b (not the natural sum): the terms of `a` below the leading
/// exponent of `b` are absorbed.
///
/// ```text
/// 3 + ω = ω,  ω + 3 = ω + 3,  (ω·2 + 5) + (ω + 1) = ω·3 + 1
/// ```
pub(crate) fn ordinal_sum(a: &Ordinal, b: &Ordinal) -> Ordinal {
    let Some(lead) = b.terms().first() else {
        return a.clone();
    };
    let kept = a
        .terms()
        .iter()
        .filter(|t| t.exponent() >= lead.exponent())
        .fold(Ordinal::zero(), |acc, t| {
            acc + Ordinal::monomial(t.coefficient().clone(), t.exponent().clone())
                .unwrap_or_default()
        });
    kept + b.clone()
}

/// The ordinal c with b + c = a, for b ≤ a.
fn ordinal_rest(a: &Ordinal, b: &Ordinal) -> Ordinal {
    let (ta, tb) = (a.terms(), b.terms());
    let mut i = 0;
    while i < ta.len() && i < tb.len() && ta[i] == tb[i] {
        i += 1;
    }
    let mut rest = Ordinal::zero();
    for (k, t) in ta.iter().enumerate().skip(i) {
        let mut c = t.coefficient().clone();
        if k == i {
            if let Some(u) = tb.get(i) {
                if u.exponent() == t.exponent() {
                    c -= u.coefficient();
                }
            }
        }
        rest = rest + Ordinal::monomial(c, t.exponent().clone()).unwrap_or_default();
    }
    rest
}

/// An ordinal written for a length: `ω`, `ω·2`, `ω^2·3+ω+5`.
fn length_text(a: &Ordinal) -> String {
    let mut out = String::new();
    for (i, t) in a.terms().iter().enumerate() {
        if i > 0 {
            out.push('+');
        }
        let c = t.coefficient();
        if t.exponent().is_zero() {
            out.push_str(&c.to_string());
            continue;
        }
        out.push('ω');
        if !t.exponent().is_one() {
            let e = t.exponent();
            if e.terms().len() == 1 && e.as_integer().is_some() {
                out.push_str(&format!("^{e}"));
            } else {
                out.push_str(&format!("^({})", length_text(e)));
            }
        }
        if !c.is_one() {
            out.push_str(&format!("·{c}"));
        }
    }
    out
}

impl SignExpansion {
    /// The sign at the finite place `k` (from 0), if the expansion is that long.
    ///
    /// ```
    /// use nimlab::surreal::{Sign, SignExpansion};
    /// let s = SignExpansion::parse("+(+-)^w").unwrap();
    /// assert_eq!(s.sign_at(0), Some(Sign::Plus));
    /// assert_eq!(s.sign_at(2), Some(Sign::Minus));
    /// assert_eq!(s.sign_at(1000), Some(Sign::Minus));
    /// assert_eq!(s.sign_at(1001), Some(Sign::Plus));
    /// assert_eq!(SignExpansion::parse("+-").unwrap().sign_at(2), None);
    /// ```
    pub fn sign_at(&self, k: usize) -> Option<Sign> {
        let mut k = BigInt::from(k);
        for s in &self.segments {
            match s {
                Segment::Run { sign, length } => match length.as_integer() {
                    Some(n) if k >= n => k -= n,
                    // A transfinite run holds every finite place.
                    _ => return Some(*sign),
                },
                Segment::Cycle(w) => {
                    let i = (&k % BigInt::from(w.len())).to_usize().unwrap_or(0);
                    return Some(w[i]);
                }
            }
        }
        None
    }

    /// The first `k` signs (all of them when there are fewer).
    ///
    /// ```
    /// use nimlab::surreal::SignExpansion;
    /// let s = SignExpansion::parse("+(-)^w").unwrap();
    /// assert_eq!(s.prefix(3).to_string(), "+−−");
    /// ```
    pub fn prefix(&self, k: usize) -> SignExpansion {
        let mut out = SignExpansion::new();
        for i in 0..k {
            match self.sign_at(i) {
                Some(s) => {
                    // At most k single signs, within the limit for any k it is asked.
                    let _ = out.push_run(s, Ordinal::one());
                }
                None => break,
            }
        }
        out
    }

    /// Whether the expansion is finite (of a dyadic rational).
    pub fn is_finite(&self) -> bool {
        self.length().is_finite()
    }

    /// The expansion written as a column of Black-White Nim: `x` for +, `o` for −,
    /// `(xo)^ω` for a repeated word and `(x)^ω` for a run of ω; `None` when a run is
    /// longer than ω (or than 64 stones written one by one).
    ///
    /// ```
    /// use nimlab::surreal::SignExpansion;
    /// let s = SignExpansion::parse_stones("xx(ox)^w").unwrap();
    /// // The same stones, the group written from its earliest place.
    /// assert_eq!(s.stones().unwrap(), "x(xo)^ω");
    /// assert_eq!(SignExpansion::parse("+-^w").unwrap().stones().unwrap(), "x(o)^ω");
    /// ```
    pub fn stones(&self) -> Option<String> {
        let letter = |s: Sign| if s == Sign::Plus { 'x' } else { 'o' };
        let mut out = String::new();
        for seg in &self.segments {
            match seg {
                Segment::Run { sign, length } => {
                    if length.is_omega() {
                        out.push_str(&format!("({})^ω", letter(*sign)));
                    } else {
                        let n = length.as_integer()?.to_usize().filter(|&n| n <= 64)?;
                        out.extend(std::iter::repeat_n(letter(*sign), n));
                    }
                }
                Segment::Cycle(w) => {
                    out.push('(');
                    out.extend(w.iter().map(|&s| letter(s)));
                    out.push_str(")^ω");
                }
            }
        }
        Some(out)
    }
}

impl fmt::Display for SignExpansion {
    /// Signs `+` and `−`; a finite run of more than eight signs and a transfinite run as
    /// `+^12`, `+^ω`, `−^(ω·2)`; a repeated word as `(+−)^ω`; the empty expansion as `0`
    /// (its number).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.segments.is_empty() {
            return f.write_str("0");
        }
        for s in &self.segments {
            match s {
                Segment::Run { sign, length } => {
                    // The transfinite part with its length, then the finite part.
                    let finite = finite_part(length);
                    let infinite = length - &Ordinal::from(finite.clone());
                    if !infinite.is_zero() {
                        let l = length_text(&infinite);
                        if l.contains('+') || l.contains('·') || l.contains('^') {
                            write!(f, "{}^({l})", sign.symbol())?;
                        } else {
                            write!(f, "{}^{l}", sign.symbol())?;
                        }
                    }
                    match finite.to_u64() {
                        Some(n) if n <= 8 => {
                            for _ in 0..n {
                                write!(f, "{}", sign.symbol())?;
                            }
                        }
                        _ => write!(f, "{}^{finite}", sign.symbol())?,
                    }
                }
                Segment::Cycle(w) => {
                    f.write_str("(")?;
                    for x in w {
                        write!(f, "{}", x.symbol())?;
                    }
                    f.write_str(")^ω")?;
                }
            }
        }
        Ok(())
    }
}
