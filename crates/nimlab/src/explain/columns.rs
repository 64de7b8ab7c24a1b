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
        }
    }
}

fn binary(n: &BigUint, width: usize) -> String {
    let s = format!("{n:b}");
    let padded = format!("{s:0>width$}");
    let mut out = String::with_capacity(padded.len() * 2);
    for (i, c) in padded.chars().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

impl fmt::Display for NimColumns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .rows
            .iter()
            .map(|r| r.size.bits())
            .chain([self.nim_sum.bits(), 1])
            .max()
            .unwrap_or(1) as usize;
        let label_w = self
            .rows
            .iter()
            .map(|r| r.label.chars().count())
            .chain(["nim-sum".len()])
            .max()
            .unwrap_or(7);
        let size_w = self
            .rows
            .iter()
            .map(|r| r.size.to_string().len())
            .chain([self.nim_sum.to_string().len()])
            .max()
            .unwrap_or(1);
        writeln!(f, "Each {} is a Nim heap; in binary:", self.unit)?;
        for r in &self.rows {
            writeln!(
                f,
                "  {:<label_w$}  {:>size_w$} = {}",
                r.label,
                r.size.to_string(),
                binary(&r.size, width)
            )?;
        }
        if self.omitted > 0 {
            writeln!(f, "  … and {} more", self.omitted)?;
        }
        writeln!(
            f,
            "  {}  {}",
            "-".repeat(label_w),
            "-".repeat(size_w + 3 + 2 * width - 1)
        )?;
        writeln!(
            f,
            "  {:<label_w$}  {:>size_w$} = {}",
            "nim-sum",
            self.nim_sum.to_string(),
            binary(&self.nim_sum, width)
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
                writeln!(
                    f,
                    "The leftmost 1 of the nim-sum is in the column of 2^{b}. A {} with a 1 in that column can be reduced to its size XOR {}, which makes every column even: {}.",
                    self.unit,
                    self.nim_sum,
                    if names.is_empty() { "see the winning moves".to_string() } else { names.join(", ") }
                )
            }
        }
    }
}
