//! Reading positions from command-line tokens, with errors that point at the token.

use crate::{Error, Origin, Result};
use num_bigint::BigUint;

/// One token of a position, with where it was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arg<'a> {
    /// The token as typed.
    pub text: &'a str,
    /// Its 1-based place among the tokens of its origin.
    pub index: usize,
    /// Where it was read.
    pub origin: Origin,
}

impl<'a> Arg<'a> {
    /// Command-line argument `index` (1-based), reading `text`.
    pub fn new(text: &'a str, index: usize) -> Self {
        Arg {
            text,
            index,
            origin: Origin::Argument,
        }
    }

    /// Where the token was read, in words: "argument 3", "token 3 of standard input".
    pub fn place(&self) -> String {
        self.origin.place(self.index)
    }

    /// An error that points at this token.
    pub fn error(&self, expected: impl Into<String>) -> Error {
        Error::Parse(crate::ParseError::Token {
            token: self.text.to_string(),
            index: self.index,
            origin: self.origin,
            expected: expected.into(),
        })
    }

    /// Reads a whole number ≥ 0 that fits in 64 bits; `what` names it in errors.
    ///
    /// ```
    /// use nimlab::games::Arg;
    /// assert_eq!(Arg::new("12", 1).natural("a heap size").unwrap(), 12);
    /// let err = Arg::new("-3", 2).natural("a heap size").unwrap_err();
    /// assert!(err.to_string().contains("cannot be negative"));
    /// ```
    ///
    /// # Errors
    /// [`Error::Parse`] naming the token, or [`Error::Limit`] above 2^64 − 1.
    pub fn natural(&self, what: &str) -> Result<u64> {
        let big = self.big_natural(what)?;
        u64::try_from(&big).map_err(|_| {
            Error::limit(
                format!("{what} `{}` ({})", self.text, self.place()),
                "numbers up to 18446744073709551615 (2^64 - 1) for this game",
            )
        })
    }

    /// Reads a whole number ≥ 0 of any size (`_` may separate digits).
    ///
    /// ```
    /// use nimlab::games::Arg;
    /// let n = Arg::new("10000000000000000000000000000000000000000", 1)
    ///     .big_natural("a heap size").unwrap();
    /// assert_eq!(n.to_string().len(), 41);
    /// ```
    ///
    /// # Errors
    /// [`Error::Parse`] naming the token.
    pub fn big_natural(&self, what: &str) -> Result<BigUint> {
        let t = self.text.trim();
        if t.is_empty() {
            return Err(self.error(format!("{what} (a whole number ≥ 0)")));
        }
        // The common case, a plain number below 10^19, without the big-integer parser.
        if t.len() <= 19 && t.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(n) = t.parse::<u64>() {
                return Ok(BigUint::from(n));
            }
        }
        if let Some(rest) = t.strip_prefix('-') {
            if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
                return Err(self.error(format!("{what}: it cannot be negative")));
            }
        }
        let digits: String = t.chars().filter(|&c| c != '_').collect();
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || t.starts_with('_') {
            return Err(self.error(format!("{what} (a whole number ≥ 0)")));
        }
        Ok(decimal(digits.as_bytes()))
    }

    /// Reads a pair of whole numbers written `a,b` (a square of a board), each fitting
    /// in 64 bits. `first` and `second` name the two numbers in errors.
    ///
    /// ```
    /// use nimlab::games::Arg;
    /// assert_eq!(Arg::new("3,5", 1).pair("x", "y").unwrap(), (3, 5));
    /// let err = Arg::new("3;5", 2).pair("x", "y").unwrap_err();
    /// assert!(err.to_string().contains("`3;5` (argument 2)"));
    /// ```
    ///
    /// # Errors
    /// [`Error::Parse`] naming the token, or [`Error::Limit`] for a number above 2^64 − 1.
    pub fn pair(&self, first: &str, second: &str) -> Result<(u64, u64)> {
        let expected = || {
            self.error(format!(
                "a square `{first},{second}`: two whole numbers ≥ 0 separated by a comma"
            ))
        };
        let (a, b) = self.text.split_once(',').ok_or_else(expected)?;
        let read = |part: &'a str, what: &str| -> Result<u64> {
            let sub = Arg {
                text: part,
                ..*self
            };
            let big = sub.big_natural(what).map_err(|_| expected())?;
            u64::try_from(&big).map_err(|_| {
                Error::limit(
                    format!("{what} `{part}` in `{}` ({})", self.text, self.place()),
                    "numbers up to 18446744073709551615 (2^64 - 1) for this game",
                )
            })
        };
        Ok((read(a, first)?, read(b, second)?))
    }
}

/// Numbers the tokens of a position, the first at `first_index`.
///
/// ```
/// let args = nimlab::games::args::number(&["3", "5"], 2);
/// assert_eq!(args[1].index, 3);
/// ```
pub fn number<'a>(tokens: &[&'a str], first_index: usize) -> Vec<Arg<'a>> {
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| Arg::new(t, first_index + i))
        .collect()
}

/// Reads every token as a whole number fitting in 64 bits.
///
/// # Errors
/// As [`Arg::natural`].
pub fn naturals(args: &[Arg<'_>], what: &str) -> Result<Vec<u64>> {
    args.iter().map(|a| a.natural(what)).collect()
}

/// Below this many digits a number is read digit by digit.
const DIRECT_DIGITS: usize = 1024;

/// The number written by the ASCII decimal digits `digits`, in time well below the
/// square of their count: the digits are split in two, the high half read times a power
/// of ten plus the low half, down to [`DIRECT_DIGITS`] digits (reading them one by one,
/// as the big-integer crate does, takes minutes for a few million digits).
///
/// The low half is always `DIRECT_DIGITS · 2^j` digits long, so the powers of ten needed
/// are the squares of one another and are made once; the recursion is as deep as the
/// logarithm of the length.
pub(crate) fn decimal(digits: &[u8]) -> BigUint {
    let mut powers = vec![BigUint::from(10u32).pow(DIRECT_DIGITS as u32)];
    while DIRECT_DIGITS << powers.len() < digits.len() {
        let last = powers.last().expect("one power at least");
        let next = last * last;
        powers.push(next);
    }
    decimal_with(digits, &powers)
}

fn decimal_with(digits: &[u8], powers: &[BigUint]) -> BigUint {
    if digits.len() <= DIRECT_DIGITS {
        return BigUint::parse_bytes(digits, 10).unwrap_or_default();
    }
    // The largest j with DIRECT_DIGITS · 2^j below the length: the low part's length.
    let mut j = 0;
    while DIRECT_DIGITS << (j + 1) < digits.len() {
        j += 1;
    }
    let low_len = DIRECT_DIGITS << j;
    let (high, low) = digits.split_at(digits.len() - low_len);
    decimal_with(high, powers) * &powers[j] + decimal_with(low, powers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Reading a long number by halves gives what reading it digit by digit gives.
    #[test]
    fn a_heap_of_many_digits_is_read_by_halves_exactly() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(15);
        for len in [0, 1, 1023, 1024, 1025, 2048, 2049, 3000, 4097, 9000, 20_000] {
            let digits: Vec<u8> = (0..len).map(|_| b'0' + rng.gen_range(0..10)).collect();
            let expected = BigUint::parse_bytes(&digits, 10).unwrap_or_default();
            assert_eq!(decimal(&digits), expected, "{len} digits");
        }
        let nines = vec![b'9'; 5000];
        assert_eq!(
            decimal(&nines) + 1u32,
            BigUint::from(10u32).pow(5000),
            "10^5000 - 1"
        );
    }
}
