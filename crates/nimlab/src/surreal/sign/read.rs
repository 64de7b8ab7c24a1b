//! Reading sign expansions and Hackenbush columns from text.

use super::{ordinal_sum, Sign, SignExpansion, MAX_SIGNS};
use crate::surreal::Ordinal;
use crate::{Error, ParseError, Result};
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};

/// The characters a reader takes for + and −.
struct Alphabet {
    plus: &'static [char],
    minus: &'static [char],
    expected: &'static str,
}

const SIGNS: Alphabet = Alphabet {
    plus: &['+'],
    minus: &['-', '−'],
    expected: "a sign `+` or `-`, a group `(…)`, or `^` and a length",
};

const STONES: Alphabet = Alphabet {
    plus: &['x', 'X', 'l', 'L'],
    minus: &['o', 'O', 'r', 'R'],
    expected: "a stone `x` or `o`, a group `(…)`, or `^` and a length",
};

/// The longest text a sign expansion is read from.
const MAX_TEXT: usize = 1 << 16;

impl SignExpansion {
    /// Reads a sign expansion: signs `+` and `-` (or `−`); `^` after a sign or a group
    /// in parentheses with a length: a whole number, `ω` (or `w`), `ω·2` (or `w*2`,
    /// `ω2`), `ω^2`, or a sum in parentheses such as `(ω+3)`. A group repeated ω times
    /// is a periodic tail: `+−(+−)^ω`. Spaces are ignored; `0` is the empty expansion.
    ///
    /// ```
    /// use nimlab::surreal::SignExpansion;
    /// let s = SignExpansion::parse("+-(-+)^w").unwrap();
    /// assert_eq!(s.value().unwrap().to_string(), "1/3");
    /// assert_eq!(SignExpansion::parse("+^w -").unwrap().value().unwrap().to_string(), "ω-1");
    /// let e = SignExpansion::parse("+-(+").unwrap_err().to_string();
    /// assert!(e.contains("column 5"), "{e}");
    /// ```
    ///
    /// # Errors
    /// A character out of place, named by its column, with what was expected there; a
    /// group repeated other than a whole number of times or ω·k times; more than
    /// [`MAX_SIGNS`] signs.
    pub fn parse(text: &str) -> Result<SignExpansion> {
        Reader::new(text, &SIGNS)?.expansion()
    }

    /// Reads a column of a Hackenbush string (Black-White Nim), bottom first: `x` (or
    /// `l`) is Left's stone, +, and `o` (or `r`) Right's, −, with groups and lengths as
    /// in [`SignExpansion::parse`]: `x(o)^w` is 1/ω, `(xo)^w` is 2/3.
    ///
    /// ```
    /// use nimlab::surreal::SignExpansion;
    /// let s = SignExpansion::parse_stones("xx(ox)^w").unwrap();
    /// // 2 − 1/2 + 1/4 − 1/8 + … = 2 − 1/3.
    /// assert_eq!(s.value().unwrap().to_string(), "5/3");
    /// ```
    ///
    /// # Errors
    /// As [`SignExpansion::parse`].
    pub fn parse_stones(text: &str) -> Result<SignExpansion> {
        Reader::new(text, &STONES)?.expansion()
    }
}

struct Reader<'a> {
    text: &'a str,
    chars: Vec<char>,
    at: usize,
    alphabet: &'a Alphabet,
    /// How deep the exponents of lengths are nested here.
    depth: usize,
}

/// The deepest nesting of exponents in a length (`ω^(ω^(ω+1))` is 2 deep).
const MAX_DEPTH: usize = 8;

impl<'a> Reader<'a> {
    fn new(text: &'a str, alphabet: &'a Alphabet) -> Result<Reader<'a>> {
        if text.len() > MAX_TEXT {
            return Err(Error::limit(
                "a sign expansion of a longer text",
                format!("{MAX_TEXT} bytes"),
            ));
        }
        Ok(Reader {
            text,
            chars: text.chars().collect(),
            at: 0,
            alphabet,
            depth: 0,
        })
    }

    fn error(&self, expected: &str) -> Error {
        Error::Parse(ParseError::Expression {
            input: self.text.to_string(),
            column: self.at,
            expected: expected.to_string(),
        })
    }

    fn skip_spaces(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_spaces();
        self.chars.get(self.at).copied()
    }

    fn sign(&self, c: char) -> Option<Sign> {
        if self.alphabet.plus.contains(&c) {
            Some(Sign::Plus)
        } else if self.alphabet.minus.contains(&c) {
            Some(Sign::Minus)
        } else {
            None
        }
    }

    fn expansion(&mut self) -> Result<SignExpansion> {
        let mut out = SignExpansion::new();
        if self.peek() == Some('0') && self.chars[self.at + 1..].iter().all(|c| c.is_whitespace()) {
            return Ok(out);
        }
        while let Some(c) = self.peek() {
            if let Some(s) = self.sign(c) {
                self.at += 1;
                let length = if self.peek() == Some('^') {
                    self.at += 1;
                    self.length()?
                } else {
                    Ordinal::one()
                };
                out.push_run(s, length)?;
            } else if c == '(' {
                let open = self.at;
                self.at += 1;
                let mut word = Vec::new();
                loop {
                    match self.peek() {
                        Some(')') if !word.is_empty() => break,
                        Some(c) => match self.sign(c) {
                            Some(s) => {
                                word.push(s);
                                self.at += 1;
                                if word.len() > MAX_SIGNS {
                                    return Err(self.error("a shorter group"));
                                }
                            }
                            None => return Err(self.error(self.alphabet.expected)),
                        },
                        None => return Err(self.error("`)` closing the group")),
                    }
                }
                self.at += 1;
                if self.peek() != Some('^') {
                    return Err(self.error("`^` and how many times the group repeats (`^ω`, `^3`)"));
                }
                self.at += 1;
                let times_at = self.at;
                let times = self.length()?;
                repeat_group(&mut out, &word, &times).map_err(|e| match e {
                    Error::Unsupported(why) => {
                        self.at = times_at;
                        let _ = open;
                        self.error(&why)
                    }
                    e => e,
                })?;
            } else {
                return Err(self.error(self.alphabet.expected));
            }
        }
        Ok(out)
    }

    /// A length after `^`.
    fn length(&mut self) -> Result<Ordinal> {
        if self.peek() == Some('(') {
            self.at += 1;
            let mut total = Ordinal::zero();
            loop {
                let t = self.length_term()?;
                total = ordinal_sum(&total, &t);
                match self.peek() {
                    Some('+') => self.at += 1,
                    Some(')') => {
                        self.at += 1;
                        return Ok(total);
                    }
                    _ => return Err(self.error("`+` and another term, or `)`")),
                }
            }
        }
        self.length_term()
    }

    /// `n`, `ω`, `ω·n`, `ωn`, `ω^k`, `ω^k·n`.
    fn length_term(&mut self) -> Result<Ordinal> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let start = self.at;
                let n = self.number()?;
                if n.is_zero() {
                    self.at = start;
                    return Err(self.error("a length of at least 1"));
                }
                Ok(Ordinal::from(n))
            }
            Some('ω' | 'w') => {
                self.at += 1;
                let mut exponent = Ordinal::one();
                if self.peek() == Some('^') {
                    self.at += 1;
                    exponent = if self.peek() == Some('(') {
                        self.depth += 1;
                        if self.depth > MAX_DEPTH {
                            return Err(self.error("exponents nested less deeply"));
                        }
                        let e = self.length()?;
                        self.depth -= 1;
                        e
                    } else {
                        Ordinal::from(self.number()?)
                    };
                }
                let mut times = BigInt::one();
                match self.peek() {
                    Some('·' | '*') => {
                        self.at += 1;
                        times = self.number()?;
                    }
                    Some(c) if c.is_ascii_digit() => times = self.number()?,
                    _ => {}
                }
                if times.is_zero() {
                    return Err(self.error("a multiple of at least 1"));
                }
                Ordinal::monomial(times, exponent)
            }
            _ => Err(self.error("a length: a whole number, `ω` (or `w`), `ω·2`, `ω^2`")),
        }
    }

    fn number(&mut self) -> Result<BigInt> {
        self.skip_spaces();
        let start = self.at;
        while self.chars.get(self.at).is_some_and(char::is_ascii_digit) {
            self.at += 1;
        }
        if start == self.at {
            return Err(self.error("a whole number"));
        }
        if self.at - start > 9 {
            self.at = start;
            return Err(self.error("a whole number of at most nine digits"));
        }
        let digits: String = self.chars[start..self.at].iter().collect();
        Ok(digits.parse().unwrap_or_default())
    }
}

/// Appends `word` repeated `times` times: a whole number of copies, or ω·k (k cycles).
fn repeat_group(out: &mut SignExpansion, word: &[Sign], times: &Ordinal) -> Result<()> {
    if let Some(n) = times.as_integer() {
        let n = n.to_usize().unwrap_or(usize::MAX);
        if n.saturating_mul(word.len()) > MAX_SIGNS {
            return Err(Error::limit(
                "a sign expansion of more signs",
                format!("{MAX_SIGNS} signs held one by one"),
            ));
        }
        for _ in 0..n {
            for &s in word {
                out.push_run(s, Ordinal::one())?;
            }
        }
        return Ok(());
    }
    match times.terms() {
        [t] if t.exponent().is_one() => {
            let k = t
                .coefficient()
                .to_usize()
                .filter(|&k| k <= 64)
                .ok_or_else(|| {
                    Error::Unsupported("a group repeated at most ω·64 times".to_string())
                })?;
            for _ in 0..k {
                out.push_cycle(word)?;
            }
            Ok(())
        }
        _ => Err(Error::Unsupported(
            "a group repeated a whole number of times or ω·k times".to_string(),
        )),
    }
}
