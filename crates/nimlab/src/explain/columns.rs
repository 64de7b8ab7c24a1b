//! The binary column table of the nim-sum, as the texts draw it.

use num_bigint::BigUint;
use num_traits::Zero;
use serde::Serialize;
use std::fmt;

/// Rows shown in the table before the rest are counted, not drawn.
pub const MAX_ROWS: usize = 40;

/// One heap of the table.
#[derive(Debug, Clone, Serialize)]
pub struct NimRow {
    /// What the heap is in the game ("heap 2", "coin on square 6", "stair 3").
    pub label: String,
    /// Its size.
    pub size: BigUint,
}

/// Heaps written in binary, one per row, with the nim-sum beneath and, when the nim-sum
/// is not zero, the column that decides and the heaps that can be reduced.
///
/// ```
/// use nimlab::explain::NimColumns;
/// // Text 003's Nim example: 3 6 8 9 has nim-sum 4; only the 6 has the 4s bit set.
/// let t = NimColumns::new("heap", [("heap 1", 3u64), ("heap 2", 6), ("heap 3", 8), ("heap 4", 9)]);
/// assert_eq!(t.nim_sum.to_string(), "4");
/// assert_eq!(t.reducible, vec![1]);
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct NimColumns {
    /// What one row stands for, in words ("heap", "odd stair").
    pub unit: String,
    /// The rows, at most [`MAX_ROWS`] of them.
    pub rows: Vec<NimRow>,
    /// How many rows were left out of `rows`.
    pub omitted: usize,
    /// The nim-sum of all the heaps (also of those left out).
    pub nim_sum: BigUint,
    /// The column (bit number, 0 for the units) of the leftmost 1 of the nim-sum.
    pub top_bit: Option<u64>,
    /// Indices (0-based, over all heaps) of the heaps with a 1 in that column: the heaps
    /// a winning Nim move can reduce. At most [`MAX_ROWS`] are listed.
    pub reducible: Vec<usize>,
    /// The rows are Grundy values of independent parts, not Nim heaps: a part is not
    /// reduced but moved to a position of the value wanted.
    pub of_values: bool,
}

impl NimColumns {
    /// Builds the table of `heaps`, each with its label.
    pub fn new<L: Into<String>, S: Into<BigUint>>(
        unit: &str,
        heaps: impl IntoIterator<Item = (L, S)>,
    ) -> Self {
        let mut rows = Vec::new();
        let mut omitted = 0;
        let mut nim_sum = BigUint::zero();
        let mut sizes = Vec::new();
        for (label, size) in heaps {
            let size: BigUint = size.into();
            nim_sum ^= &size;
            if rows.len() < MAX_ROWS {
                rows.push(NimRow {
                    label: label.into(),
                    size: size.clone(),
                });
            } else {
                omitted += 1;
            }
            sizes.push(size);
        }
        let top_bit = (!nim_sum.is_zero()).then(|| nim_sum.bits() - 1);
        let reducible = match top_bit {
            Some(b) => sizes
                .iter()
                .enumerate()
                .filter(|(_, s)| s.bit(b))
                .map(|(i, _)| i)
                .take(MAX_ROWS)
                .collect(),
            None => Vec::new(),
        };
        NimColumns {
            unit: unit.to_string(),
            rows,
            omitted,
            nim_sum,
            top_bit,
            reducible,
            of_values: false,
        }
    }

    /// The table of the Grundy values of the independent parts of a position, each with
    /// its label.
    ///
    /// ```
    /// use nimlab::explain::NimColumns;
    /// // Dawson's Kayles heaps 9, 4, 6 are worth 0, 2 and 3.
    /// let t = NimColumns::of_values([("9", 0u64), ("4", 2), ("6", 3)]);
    /// assert_eq!(t.nim_sum.to_string(), "1");
    /// assert!(t.to_string().contains("a move to a position worth"));
    /// ```
    pub fn of_values<L: Into<String>, S: Into<BigUint>>(
        parts: impl IntoIterator<Item = (L, S)>,
    ) -> Self {
        NimColumns {
            of_values: true,
            ..Self::new("part", parts)
        }
    }
}

/// The widest numbers drawn in binary, in bits: wider ones are described by their length
/// instead (a table thousands of columns wide helps nobody).
pub const MAX_BITS: u64 = 64;

/// Decimal numbers longer than this are shown by their first and last digits.
const MAX_DIGITS: usize = 40;

/// `s` padded with spaces on the left to `width` characters. (Padding by hand: the
/// formatter's width must fit in 16 bits, and heaps may be wider.)
fn pad_left(s: &str, width: usize) -> String {
    let n = s.chars().count();
    format!("{}{s}", " ".repeat(width.saturating_sub(n)))
}

/// `s` padded with spaces on the right to `width` characters.
fn pad_right(s: &str, width: usize) -> String {
    let n = s.chars().count();
    format!("{s}{}", " ".repeat(width.saturating_sub(n)))
}

/// `n` in decimal, its middle left out when it is very long.
fn decimal(n: &BigUint) -> String {
    let s = n.to_string();
    if s.len() <= MAX_DIGITS {
        return s;
    }
    let half = MAX_DIGITS / 2;
    format!(
        "{}…{} ({} digits)",
        &s[..half],
        &s[s.len() - half..],
        s.len()
    )
}

/// `n` in binary, padded with zeros to `width` digits, the digits spaced out.
fn binary(n: &BigUint, width: usize) -> String {
    let s = format!("{n:b}");
    let mut out = String::with_capacity(2 * width.max(s.len()));
    for (i, c) in std::iter::repeat_n('0', width.saturating_sub(s.len()))
        .chain(s.chars())
        .enumerate()
    {
        if i > 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// How many binary digits `n` has, in words.
fn bit_length(n: &BigUint) -> String {
    match n.bits() {
        0 | 1 => "1 binary digit".to_string(),
        b => format!("{b} binary digits"),
    }
}

impl fmt::Display for NimColumns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bits = self
            .rows
            .iter()
            .map(|r| r.size.bits())
            .chain([self.nim_sum.bits(), 1])
            .max()
            .unwrap_or(1);
        let drawn = bits <= MAX_BITS;
        // At most MAX_BITS here, so the conversion cannot fail.
        let width = usize::try_from(bits).unwrap_or(usize::MAX);
        let column = |n: &BigUint| {
            if drawn {
                binary(n, width)
            } else {
                bit_length(n)
            }
        };
        let label_w = self
            .rows
            .iter()
            .map(|r| r.label.chars().count())
            .chain(["nim-sum".len()])
            .max()
            .unwrap_or(7);
        let sizes: Vec<String> = self.rows.iter().map(|r| decimal(&r.size)).collect();
        let nim_sum = decimal(&self.nim_sum);
        let size_w = sizes
            .iter()
            .chain([&nim_sum])
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(1);
        if drawn && self.of_values {
            writeln!(
                f,
                "The position is a sum of independent parts, each worth its Grundy value; in binary:"
            )?;
        } else if drawn {
            writeln!(f, "Each {} is a Nim heap; in binary:", self.unit)?;
        } else {
            writeln!(
                f,
                "Each {} is a Nim heap. The numbers have up to {bits} binary digits, too many to draw in columns; their lengths in binary are shown instead:",
                self.unit
            )?;
        }
        for (r, size) in self.rows.iter().zip(&sizes) {
            writeln!(
                f,
                "  {}  {} = {}",
                pad_right(&r.label, label_w),
                pad_left(size, size_w),
                column(&r.size)
            )?;
        }
        if self.omitted > 0 {
            writeln!(f, "  … and {} more", self.omitted)?;
        }
        let rule_w = if drawn {
            size_w + 3 + 2 * width - 1
        } else {
            size_w + 3 + column(&self.nim_sum).chars().count()
        };
        writeln!(f, "  {}  {}", "-".repeat(label_w), "-".repeat(rule_w))?;
        writeln!(
            f,
            "  {}  {} = {}",
            pad_right("nim-sum", label_w),
            pad_left(&nim_sum, size_w),
            column(&self.nim_sum)
        )?;
        match self.top_bit {
            None => writeln!(
                f,
                "Every column has an even number of 1s, so the nim-sum is 0: every move leaves a column odd, and the opponent can make them all even again."
            ),
            Some(b) => {
                let names: Vec<String> = self
                    .reducible
                    .iter()
                    .filter_map(|&i| self.rows.get(i).map(|r| r.label.clone()))
                    .collect();
                let xor = if drawn {
                    self.nim_sum.to_string()
                } else {
                    "the nim-sum".to_string()
                };
                let names = if names.is_empty() {
                    "see the winning moves".to_string()
                } else {
                    names.join(", ")
                };
                if self.of_values {
                    writeln!(
                        f,
                        "The leftmost 1 of the nim-sum is in the column of 2^{b}. A part whose value has a 1 in that column has a move to a position worth its value XOR {xor} (by the mex rule every smaller value is among its options), which makes every column even: {names}."
                    )
                } else {
                    writeln!(
                        f,
                        "The leftmost 1 of the nim-sum is in the column of 2^{b}. A {} with a 1 in that column can be reduced to its size XOR {xor}, which makes every column even: {names}.",
                        self.unit
                    )
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;

    #[test]
    fn small_heaps_are_drawn_in_binary() {
        // Text 003: 3 6 8 9 in binary, four columns; the nim-sum is 4 = 0100.
        let t = NimColumns::new(
            "heap",
            [
                ("heap 1", 3u64),
                ("heap 2", 6),
                ("heap 3", 8),
                ("heap 4", 9),
            ],
        );
        let text = t.to_string();
        assert!(text.contains("  heap 1   3 = 0 0 1 1\n"), "{text}");
        assert!(text.contains("  heap 2   6 = 0 1 1 0\n"), "{text}");
        assert!(text.contains("  heap 4   9 = 1 0 0 1\n"), "{text}");
        assert!(text.contains("  nim-sum  4 = 0 1 0 0\n"), "{text}");
        assert!(text.contains("column of 2^2"), "{text}");
        assert!(text.contains("size XOR 4"), "{text}");
    }

    #[test]
    fn sixty_four_bits_are_drawn_and_more_are_not() {
        let t = NimColumns::new("heap", [("heap 1", u64::MAX)]);
        let ones = vec!["1"; 64].join(" ");
        assert!(t.to_string().contains(&ones), "{t}");
        let wide = BigUint::one() << 64u32;
        let text = NimColumns::new("heap", [("heap 1", wide)]).to_string();
        // 2^64 = 18446744073709551616 has 65 binary digits: too wide to draw.
        assert!(
            text.contains("18446744073709551616 = 65 binary digits"),
            "{text}"
        );
        assert!(!text.contains("1 0 0 0"), "{text}");
    }

    #[test]
    fn enormous_heaps_do_not_panic() {
        // 2^70000 has 70001 binary digits; XOR 1 keeps its leftmost 1 in the column of
        // 2^70000, and only that heap has a 1 there.
        let huge = BigUint::one() << 70_000u32;
        let t = NimColumns::new("heap", [("heap 1", huge), ("heap 2", BigUint::one())]);
        assert_eq!(t.reducible, vec![0]);
        let text = t.to_string();
        assert!(text.contains("70001 binary digits"), "{text}");
        assert!(text.contains("= 1 binary digit\n"), "{text}");
        assert!(text.contains("column of 2^70000"), "{text}");
        assert!(text.contains(": heap 1."), "{text}");
        assert!(text.lines().all(|l| l.chars().count() < 200), "{text}");
        // 10^70000 has 70001 decimal digits, more than a formatter width can be.
        let ten = BigUint::from(10u32).pow(70_000);
        let text = NimColumns::new("heap", [("heap 1", ten.clone()), ("heap 2", ten)]).to_string();
        assert!(text.contains("(70001 digits)"), "{text}");
        assert!(text.contains("nim-sum is 0"), "{text}");
    }
}
