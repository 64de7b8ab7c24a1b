//! The set S of a subtraction game (a move takes a member of S from one heap) and the
//! closed forms of its Grundy values where one is known.

use crate::{Error, Result};

/// A closed form for the Grundy values of a subtraction set. Each is held against the mex
/// rule in the tests, on thousands of heaps.
///
/// ```
/// use nimlab::heap::ClosedForm;
/// // S = {1, …, 3}: n mod 4. S = {2, 3}: 0 0 1 1 2 0 0 1 1 2 …
/// assert_eq!(ClosedForm::Range { low: 1, high: 3 }.value(10), 2);
/// let v: Vec<u64> = (0..10).map(|n| ClosedForm::Range { low: 2, high: 3 }.value(n)).collect();
/// assert_eq!(v, [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]);
/// assert_eq!(ClosedForm::Divisors.value(96), 5); // 96 = 2^5 · 3
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClosedForm {
    /// S = {low, low + 1, …, high}: G(n) = ⌊(n mod (low + high)) / low⌋. (From n, the
    /// options reach every residue of the ranges below n's, and none of n's own.)
    Range {
        /// The least member.
        low: u64,
        /// The greatest member.
        high: u64,
    },
    /// S holds 1 and otherwise odd numbers only: G(n) = n mod 2 (an odd take changes the
    /// parity, and an odd heap can always take 1 to an even one).
    Odd,
    /// S = the powers of 2: G(n) = n mod 3 (no power of 2 is a multiple of 3, and 1 and 2
    /// are powers of 2).
    Powers2,
    /// S = the proper divisors of the heap: G(n) = the exponent of 2 in n, 0 for n = 0.
    Divisors,
}

impl ClosedForm {
    /// G(n).
    pub fn value(self, n: u64) -> u64 {
        match self {
            ClosedForm::Range { low, high } => {
                let cycle = u128::from(low) + u128::from(high);
                ((u128::from(n) % cycle) / u128::from(low)) as u64
            }
            ClosedForm::Odd => n % 2,
            ClosedForm::Powers2 => n % 3,
            ClosedForm::Divisors if n == 0 => 0,
            ClosedForm::Divisors => u64::from(n.trailing_zeros()),
        }
    }

    /// The closed form in words.
    ///
    /// ```
    /// use nimlab::heap::ClosedForm;
    /// let r = ClosedForm::Range { low: 1, high: 5 };
    /// assert_eq!(r.rule(), "With S = {1, …, 5} a heap of n has value n mod 6");
    /// ```
    pub fn rule(self) -> String {
        match self {
            ClosedForm::Range { low: 1, high } => format!(
                "With S = {{1, …, {high}}} a heap of n has value n mod {}",
                u128::from(high) + 1
            ),
            ClosedForm::Range { low, high } => format!(
                "With S = {{{low}, …, {high}}} a heap of n has value ⌊(n mod {}) / {low}⌋",
                u128::from(low) + u128::from(high)
            ),
            ClosedForm::Odd => {
                "With S made of 1 and odd numbers a heap of n has value n mod 2".to_string()
            }
            ClosedForm::Powers2 => {
                "With S the powers of 2 a heap of n has value n mod 3".to_string()
            }
            ClosedForm::Divisors => {
                "With S the proper divisors of the heap a heap of n has the value e, where 2^e is the largest power of 2 dividing n (0 for n = 0)".to_string()
            }
        }
    }

    /// The value of a heap of `n` worked out (`17 mod 6 = 5`).
    pub fn explain(self, n: u64) -> String {
        let v = self.value(n);
        match self {
            ClosedForm::Range { low: 1, high } => {
                format!("{n} mod {} = {v}", u128::from(high) + 1)
            }
            ClosedForm::Range { low, high } => format!(
                "⌊({n} mod {}) / {low}⌋ = {v}",
                u128::from(low) + u128::from(high)
            ),
            ClosedForm::Odd => format!("{n} mod 2 = {v}"),
            ClosedForm::Powers2 => format!("{n} mod 3 = {v}"),
            ClosedForm::Divisors if n == 0 => "0 has value 0".to_string(),
            ClosedForm::Divisors => format!("{n} = 2^{v} · {}, so {v}", n >> v),
        }
    }
}

/// The most members a finite subtraction set may have (ranges included).
pub const MAX_MEMBERS: u64 = 1 << 20;

/// The set S of a subtraction game.
///
/// It is written compactly, runs of three or more consecutive numbers as ranges, however
/// it was typed, so that `1-1000000` stays short in labels and messages:
///
/// ```
/// use nimlab::heap::SubtractionSet;
/// let s = SubtractionSet::parse("7,1-3,4,9,10").unwrap();
/// assert_eq!(s.to_string(), "1-4,7,9,10");
/// assert_eq!(SubtractionSet::parse("1-1000000").unwrap().to_string(), "1-1000000");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubtractionSet {
    /// A finite set, sorted, without repeats, all ≥ 1.
    Finite(Vec<u64>),
    /// Powers of two: 1, 2, 4, 8, …
    Powers2,
    /// Squares: 1, 4, 9, …
    Squares,
    /// Primes: 2, 3, 5, 7, …
    Primes,
    /// A proper divisor of the heap (d divides n, d < n).
    Divisors,
}

impl SubtractionSet {
    /// Reads a set: a named set, or numbers and ranges separated by commas.
    ///
    /// ```
    /// use nimlab::heap::SubtractionSet;
    /// assert_eq!(SubtractionSet::parse("1-3,7").unwrap(), SubtractionSet::Finite(vec![1, 2, 3, 7]));
    /// assert!(SubtractionSet::parse("0,1").is_err());
    /// ```
    ///
    /// # Errors
    /// An empty set, a 0, a malformed number or range, or more than [`MAX_MEMBERS`]
    /// members. The message quotes the set as typed when it is short, its start otherwise.
    pub fn parse(text: &str) -> Result<Self> {
        let id = format!("subtraction:{}", short(text));
        match text {
            "powers2" => return Ok(SubtractionSet::Powers2),
            "squares" => return Ok(SubtractionSet::Squares),
            "primes" => return Ok(SubtractionSet::Primes),
            "divisors" => return Ok(SubtractionSet::Divisors),
            "" => return Err(Error::parameters(id, "the subtraction set is empty")),
            _ => {}
        }
        let number = |t: &str| -> Result<u64> {
            t.trim().parse::<u64>().map_err(|_| {
                Error::parameters(
                    &id,
                    format!(
                        "`{}` is not a number; expected numbers and ranges like `1,3,4` or `1-5`, or one of powers2, squares, primes, divisors",
                        short(t)
                    ),
                )
            })
        };
        let mut set = Vec::new();
        let mut members = 0u64;
        for item in text.split(',') {
            let (a, b) = match item.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(item)?, number(item)?),
            };
            if a > b {
                return Err(Error::parameters(
                    &id,
                    format!("the range `{}` is empty", short(item)),
                ));
            }
            members = members.saturating_add(b - a).saturating_add(1);
            if members > MAX_MEMBERS {
                return Err(Error::parameters(
                    &id,
                    format!("the set has more than {MAX_MEMBERS} (2^20) members"),
                ));
            }
            set.extend(a..=b);
        }
        if set.contains(&0) {
            return Err(Error::parameters(
                id,
                "0 is not a legal subtraction (a move must remove something)",
            ));
        }
        set.sort_unstable();
        set.dedup();
        Ok(SubtractionSet::Finite(set))
    }

    /// `Some(k)` when the set is exactly {1, …, k}.
    pub fn as_range(&self) -> Option<u64> {
        match self.closed_form()? {
            ClosedForm::Range { low: 1, high } => Some(high),
            _ => None,
        }
    }

    /// The closed form of the values of the set, if it has one of those nimlab knows
    /// (looked for in one pass over the set: keep it rather than asking again).
    ///
    /// ```
    /// use nimlab::heap::{ClosedForm, SubtractionSet};
    /// let s = SubtractionSet::parse("3-5").unwrap();
    /// assert_eq!(s.closed_form(), Some(ClosedForm::Range { low: 3, high: 5 }));
    /// assert!(SubtractionSet::parse("1,3,4").unwrap().closed_form().is_none());
    /// ```
    pub fn closed_form(&self) -> Option<ClosedForm> {
        match self {
            SubtractionSet::Finite(s) => {
                let (&low, &high) = (s.first()?, s.last()?);
                if high - low + 1 == s.len() as u64 {
                    // Sorted without repeats: as many members as the span is a whole range.
                    Some(ClosedForm::Range { low, high })
                } else if low == 1 && s.iter().all(|v| v % 2 == 1) {
                    Some(ClosedForm::Odd)
                } else {
                    None
                }
            }
            SubtractionSet::Powers2 => Some(ClosedForm::Powers2),
            SubtractionSet::Divisors => Some(ClosedForm::Divisors),
            SubtractionSet::Squares | SubtractionSet::Primes => None,
        }
    }

    /// Calls `f` with every legal subtraction from a heap of `n`.
    pub fn for_each(&self, n: u64, mut f: impl FnMut(u64)) {
        match self {
            SubtractionSet::Finite(s) => s.iter().take_while(|&&v| v <= n).for_each(|&v| f(v)),
            SubtractionSet::Powers2 => (0..64)
                .map(|k| 1u64 << k)
                .take_while(|&v| v <= n)
                .for_each(f),
            SubtractionSet::Squares => (1u64..)
                .map(|k| k.saturating_mul(k))
                .take_while(|&v| v <= n)
                .for_each(f),
            SubtractionSet::Primes => (2..=n).filter(|&v| is_prime(v)).for_each(f),
            SubtractionSet::Divisors => {
                let mut d = 1;
                while d * d <= n {
                    if n % d == 0 {
                        if d < n {
                            f(d);
                        }
                        let e = n / d;
                        if e != d && e < n {
                            f(e);
                        }
                    }
                    d += 1;
                }
            }
        }
    }
}

impl std::fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = match self {
            SubtractionSet::Finite(s) => s,
            SubtractionSet::Powers2 => return f.write_str("powers2"),
            SubtractionSet::Squares => return f.write_str("squares"),
            SubtractionSet::Primes => return f.write_str("primes"),
            SubtractionSet::Divisors => return f.write_str("divisors"),
        };
        let mut i = 0;
        while i < s.len() {
            let mut j = i;
            while j + 1 < s.len() && s[j + 1] == s[j] + 1 {
                j += 1;
            }
            if i > 0 {
                f.write_str(",")?;
            }
            match j - i {
                0 => write!(f, "{}", s[i])?,
                1 => write!(f, "{},{}", s[i], s[j])?,
                _ => write!(f, "{}-{}", s[i], s[j])?,
            }
            i = j + 1;
        }
        Ok(())
    }
}

/// `text` as typed when it is short, its first 40 characters and its length otherwise:
/// an error quotes it and stays short.
fn short(text: &str) -> String {
    const SHOWN: usize = 40;
    let chars = text.chars().count();
    if chars <= SHOWN + 10 {
        return text.to_string();
    }
    let head: String = text.chars().take(SHOWN).collect();
    format!("{head}… ({chars} characters)")
}

fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n % d == 0 {
            return false;
        }
        d += 1;
    }
    true
}
