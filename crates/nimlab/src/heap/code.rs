//! Take-and-break codes: octal `0.d1d2d3…` and hexadecimal digits, as Guy and Smith wrote
//! them.
//!
//! Digit d_k of a code says what a move that takes k counters from one heap may leave of
//! it: bit 1 (value 1) allows leaving no heap (the heap had exactly k counters), bit 2 allows
//! leaving one heap, bit 4 two heaps, bit 8 three heaps (hexadecimal digits 8–F). The digit
//! before the point, d_0, is 0 or, with bit 4 (or 8), allows splitting a heap without
//! taking anything. A code may end in `…` (or `...`): its last digit then repeats forever, so
//! `0.3…` is Nim and `4.3…` is Lasker's Nim.

use crate::{Error, Result};
use std::fmt;

/// The largest number of digits after the point a code may have.
pub const MAX_DIGITS: usize = 64;

/// A take-and-break code.
///
/// ```
/// use nimlab::heap::Code;
/// let kayles = Code::parse("0.77").unwrap();
/// assert_eq!(kayles.digit(1), 7);
/// assert_eq!(kayles.digit(3), 0);
/// assert_eq!(kayles.max_take(), Some(2));
/// assert_eq!(kayles.max_heaps_left(), 2);
/// assert_eq!(kayles.to_string(), "0.77");
/// let lasker = Code::parse("4.3...").unwrap();
/// assert_eq!((lasker.digit(0), lasker.digit(1000)), (4, 3));
/// assert_eq!(lasker.max_take(), None);
/// assert!(Code::parse("0.78").unwrap().is_hexadecimal());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Code {
    /// d_0, d_1, …, d_t (no trailing zeros unless the code repeats).
    digits: Vec<u8>,
    /// The last digit repeats forever.
    repeats: bool,
}

impl Code {
    /// Reads a code: an optional `0` or `4` (hexadecimal also `8`, `C`), a point, then one
    /// to [`MAX_DIGITS`] digits `0`–`9`, `A`–`F`, optionally followed by `…` or `...`.
    ///
    /// ```
    /// use nimlab::heap::Code;
    /// assert_eq!(Code::parse(".137").unwrap().to_string(), "0.137");
    /// let err = Code::parse("0.79x").unwrap_err();
    /// assert!(err.to_string().contains("`x` at character 5"));
    /// ```
    ///
    /// # Errors
    /// [`RuleError::Parameters`](crate::RuleError::Parameters) naming the character and what was expected there.
    pub fn parse(text: &str) -> Result<Self> {
        let fail = |at: usize, found: &str, expected: &str| {
            Error::parameters(
                text,
                format!("{found} at character {at}: expected {expected}"),
            )
        };
        let (body, repeats) = match text.strip_suffix('…').or_else(|| text.strip_suffix("...")) {
            Some(b) => (b, true),
            None => (text, false),
        };
        let Some(point) = body.find('.') else {
            return Err(Error::parameters(
                text,
                "a take-and-break code needs a point, e.g. `0.77` (Kayles) or `4.3…`",
            ));
        };
        let mut digits = Vec::with_capacity(body.len());
        let whole = &body[..point];
        digits.push(match whole {
            "" | "0" => 0,
            "4" => 4,
            "8" => 8,
            "C" | "c" => 12,
            _ => {
                return Err(fail(
                    1,
                    &format!("`{whole}`"),
                    "`0` or `4` before the point (`8` or `C` in hexadecimal)",
                ))
            }
        });
        for (i, c) in body[point + 1..].char_indices() {
            let at = point + 2 + body[point + 1..][..i].chars().count();
            match c.to_digit(16) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(fail(
                        at,
                        &format!("`{c}`"),
                        "a digit 0-7 (octal) or 0-9, A-F (hexadecimal)",
                    ))
                }
            }
        }
        let after = digits.len() - 1;
        if after == 0 {
            return Err(Error::parameters(
                text,
                "no digits after the point; expected digits, e.g. `0.77`",
            ));
        }
        if after > MAX_DIGITS {
            return Err(Error::parameters(
                text,
                format!("{after} digits after the point; at most {MAX_DIGITS} are allowed"),
            ));
        }
        // Trailing zeros allow nothing, whether the last of them repeats or not: the code
        // is the one without them, and does not repeat (`0.700…` is `0.7`).
        let repeats = repeats && digits.last() != Some(&0);
        if !repeats {
            while digits.len() > 1 && digits.last() == Some(&0) {
                digits.pop();
            }
        }
        Self::finish(text, digits, repeats)
    }

    fn finish(text: &str, digits: Vec<u8>, repeats: bool) -> Result<Self> {
        if digits.len() == 1 && digits[0] == 0 {
            return Err(Error::parameters(
                text,
                "every digit is 0: the code allows no move",
            ));
        }
        Ok(Code { digits, repeats })
    }

    /// A code from its digits d_0, d_1, …; the last repeats forever when `repeats`.
    ///
    /// ```
    /// use nimlab::heap::Code;
    /// assert_eq!(Code::from_digits(&[0, 3, 3], false).unwrap().to_string(), "0.33");
    /// assert!(Code::from_digits(&[2, 3], false).is_err()); // d_0 may not leave one heap
    /// ```
    ///
    /// # Errors
    /// As [`Code::parse`].
    pub fn from_digits(digits: &[u8], repeats: bool) -> Result<Self> {
        let mut text = String::new();
        for (i, &d) in digits.iter().enumerate() {
            if d > 15 {
                return Err(Error::parameters(
                    format!("{digits:?}"),
                    format!("digit {d} is not a hexadecimal digit"),
                ));
            }
            text.push(char::from_digit(u32::from(d), 16).unwrap_or('?'));
            if i == 0 {
                text.push('.');
            }
        }
        if repeats {
            text.push('…');
        }
        Self::parse(&text)
    }

    /// Digit d_k: which numbers of heaps a move taking k counters may leave (bit j for j
    /// heaps, as the value 2^j).
    pub fn digit(&self, k: u64) -> u8 {
        match usize::try_from(k).ok().and_then(|k| self.digits.get(k)) {
            Some(&d) => d,
            None if self.repeats => *self.digits.last().unwrap_or(&0),
            None => 0,
        }
    }

    /// The digits d_0 … d_t as written.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether the last digit repeats forever.
    pub fn repeats(&self) -> bool {
        self.repeats
    }

    /// The largest number of counters a move takes: the place of the last non-zero digit;
    /// `None` when the code repeats a non-zero digit forever.
    pub fn max_take(&self) -> Option<u64> {
        if self.repeats {
            None
        } else {
            Some((self.digits.len() - 1) as u64)
        }
    }

    /// The most heaps a move may leave of one heap (1, 2 or 3).
    pub fn max_heaps_left(&self) -> u32 {
        let all = self.digits.iter().fold(0, |a, &d| a | d);
        match all {
            a if a & 8 != 0 => 3,
            a if a & 4 != 0 => 2,
            _ => 1,
        }
    }

    /// Whether a digit uses bit 8 (leave three heaps): the code is hexadecimal.
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|&d| d > 7)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex =
            |d: u8| char::from_digit(u32::from(d), 16).map_or('?', |c| c.to_ascii_uppercase());
        write!(f, "{}.", hex(self.digits[0]))?;
        for &d in &self.digits[1..] {
            write!(f, "{}", hex(d))?;
        }
        if self.digits.len() == 1 {
            write!(f, "0")?;
        }
        if self.repeats {
            write!(f, "…")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_and_writing() {
        for (text, shown) in [
            ("0.77", "0.77"),
            (".07", "0.07"),
            ("0.137", "0.137"),
            ("4.3...", "4.3…"),
            ("4.3…", "4.3…"),
            ("0.770", "0.77"),
            ("0.f", "0.F"),
            ("0.30…", "0.3"),
            ("C.0", "C.0"),
            ("4.0", "4.0"),
        ] {
            assert_eq!(Code::parse(text).unwrap().to_string(), shown, "{text}");
        }
        assert_eq!(Code::parse("0.07").unwrap().digit(1), 0);
        assert_eq!(Code::parse("0.07").unwrap().digit(2), 7);
    }

    /// Found by fuzzing: `0.00...` was accepted as a code whose digits are all 0, and
    /// `0.700...` was read as the digits 0, 7, 0 (written `0.70`), another code than
    /// `0.7` although it allows the same moves. Zeros at the end allow nothing, whether
    /// the last of them repeats or not.
    #[test]
    fn zeros_before_an_ellipsis_are_dropped_and_an_all_zero_code_refused() {
        for text in ["0.00...", ".00…", "0.0…", "0.000...", ".0…"] {
            let err = Code::parse(text).unwrap_err().to_string();
            assert!(err.contains("allows no move"), "{text}: {err}");
        }
        for (text, same) in [
            ("0.700...", "0.7"),
            ("0.7700...", "0.77"),
            ("0.70…", "0.7"),
            (".100000300…", "0.1000003"),
            ("4.32555550000000000…", "4.3255555"),
            ("4.0…", "4.0"),
            ("4.00...", "4.0"),
        ] {
            let code = Code::parse(text).unwrap();
            assert_eq!(code, Code::parse(same).unwrap(), "{text}");
            assert!(!code.repeats(), "{text}");
            assert_eq!(code.to_string(), same, "{text}");
        }
        // 0.700… allows one move: take 1 counter and leave a heap.
        let code = Code::parse("0.700...").unwrap();
        assert_eq!(
            (code.max_take(), code.digit(1), code.digit(2)),
            (Some(1), 7, 0)
        );
        // Every code of up to two digits, repeating or not, with zeros after them or not,
        // reads back from its text as itself.
        for d0 in [0u8, 4, 8, 12] {
            for d1 in 0..16u8 {
                for d2 in 0..16u8 {
                    for zeros in 0..3 {
                        for repeats in [false, true] {
                            let mut digits = vec![d0, d1, d2];
                            digits.extend(std::iter::repeat_n(0, zeros));
                            let Ok(code) = Code::from_digits(&digits, repeats) else {
                                assert!(digits.iter().all(|&d| d == 0), "{digits:?}");
                                continue;
                            };
                            let back = Code::parse(&code.to_string()).unwrap();
                            assert_eq!(back, code, "{digits:?} {repeats}");
                            // No zero is kept at the end after the point.
                            let tail = &code.digits()[1..];
                            assert_ne!(tail.last(), Some(&0), "{digits:?} {repeats}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn malformed_codes_say_where() {
        for (text, says) in [
            ("077", "needs a point"),
            ("0.", "no digits after the point"),
            ("0.0", "allows no move"),
            ("5.7", "`5` at character 1"),
            ("0.7g", "`g` at character 4"),
            ("0.7 7", "` ` at character 4"),
            ("1.3", "`1` at character 1"),
        ] {
            let err = Code::parse(text).unwrap_err().to_string();
            assert!(err.contains(says), "{text}: {err}");
        }
        let long = format!("0.{}", "7".repeat(MAX_DIGITS + 1));
        assert!(Code::parse(&long)
            .unwrap_err()
            .to_string()
            .contains("at most"));
        assert!(Code::from_digits(&[1, 3], false).is_err());
    }
}
