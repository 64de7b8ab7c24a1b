//! Tables of nimber arithmetic as data (`nimlab table nim-sum N`): the nim-addition table
//! of the nimbers *0 … *(N − 1), which texts 001 and 003 print for N = 16.

use crate::nimber::nim_sum;
use crate::{Error, Result};
use serde::Serialize;
use std::fmt;

/// The largest table: rows and columns 0 … 255 (65,536 cells).
pub const MAX_TABLE_SIZE: u64 = 256;

/// The operation a table shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum TableOperation {
    /// The nim-sum a ⊕ b (the value of *a + *b).
    NimSum,
}

impl TableOperation {
    /// The operation's name (`nim-sum`).
    pub fn name(self) -> &'static str {
        match self {
            TableOperation::NimSum => "nim-sum",
        }
    }

    /// The sign written in the table's corner (`⊕`).
    pub fn sign(self) -> &'static str {
        match self {
            TableOperation::NimSum => "⊕",
        }
    }
}

/// A table of an operation on the numbers 0 … size − 1: row a, column b holds a ∘ b.
///
/// Shown as text with a header row and a header column, every cell right-aligned to the
/// width of the largest number; as JSON, the rows are arrays of numbers.
///
/// ```
/// use nimlab::calc::NimTable;
/// let t = NimTable::nim_sum(4).unwrap();
/// assert_eq!(t.rows[2], vec![2, 3, 0, 1]);
/// assert_eq!(
///     t.to_string(),
///     "⊕ | 0 1 2 3\n--+--------\n0 | 0 1 2 3\n1 | 1 0 3 2\n2 | 2 3 0 1\n3 | 3 2 1 0\n"
/// );
/// // Text 001: *5 + *6 = *3.
/// assert_eq!(NimTable::nim_sum(16).unwrap().rows[5][6], 3);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimTable {
    /// The operation.
    pub operation: TableOperation,
    /// The number of rows and of columns.
    pub size: u64,
    /// Row a holds a ∘ b for b = 0 … size − 1.
    pub rows: Vec<Vec<u64>>,
}

impl NimTable {
    /// The nim-addition table of 0 … `size` − 1 (empty for size 0).
    ///
    /// # Errors
    /// [`Error::Limit`] beyond [`MAX_TABLE_SIZE`] rows.
    pub fn nim_sum(size: u64) -> Result<NimTable> {
        if size > MAX_TABLE_SIZE {
            return Err(Error::limit(
                format!("a nim-sum table of {size} × {size}"),
                format!("tables up to {MAX_TABLE_SIZE} × {MAX_TABLE_SIZE}"),
            ));
        }
        let rows = (0..size)
            .map(|a| (0..size).map(|b| nim_sum([a, b])).collect())
            .collect();
        Ok(NimTable {
            operation: TableOperation::NimSum,
            size,
            rows,
        })
    }
}

impl fmt::Display for NimTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let largest = self
            .rows
            .iter()
            .flatten()
            .copied()
            .chain(self.size.checked_sub(1))
            .max()
            .unwrap_or(0);
        let width = largest.to_string().len();
        write!(f, "{:>width$} |", self.operation.sign())?;
        for b in 0..self.size {
            write!(f, " {b:>width$}")?;
        }
        writeln!(f)?;
        let cells = usize::try_from(self.size).unwrap_or(0) * (width + 1);
        writeln!(f, "{}+{}", "-".repeat(width + 1), "-".repeat(cells))?;
        for (a, row) in self.rows.iter().enumerate() {
            write!(f, "{a:>width$} |")?;
            for v in row {
                write!(f, " {v:>width$}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table as text 001 prints it (tests/data/nim-addition-001.tsv), cell by cell.
    #[test]
    fn the_table_of_text_001() {
        let text = include_str!("../../tests/data/nim-addition-001.tsv");
        let printed: Vec<Vec<u64>> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .skip(1)
            .map(|l| l.split('\t').skip(1).map(|c| c.parse().unwrap()).collect())
            .collect();
        assert_eq!(NimTable::nim_sum(16).unwrap().rows, printed);
    }

    #[test]
    fn cells_are_aligned_to_the_widest_number() {
        let t = NimTable::nim_sum(16).unwrap().to_string();
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 18);
        assert!(lines.iter().all(|l| l.chars().count() == 52), "{t}");
        assert_eq!(
            lines[0],
            format!(
                " ⊕ |{}",
                (0..16).map(|b| format!(" {b:>2}")).collect::<String>()
            )
        );
        assert_eq!(
            lines[7],
            " 5 |  5  4  7  6  1  0  3  2 13 12 15 14  9  8 11 10"
        );
        // 11 × 11: the largest value is 15, two digits wide; the header reaches 10.
        let t = NimTable::nim_sum(11).unwrap().to_string();
        assert!(
            t.lines().all(|l| l.chars().count() == 3 + 1 + 11 * 3),
            "{t}"
        );
        // 1 × 1 and the empty table.
        assert_eq!(
            NimTable::nim_sum(1).unwrap().to_string(),
            "⊕ | 0\n--+--\n0 | 0\n"
        );
        assert_eq!(NimTable::nim_sum(0).unwrap().to_string(), "⊕ |\n--+\n");
    }

    #[test]
    fn the_largest_table_and_beyond() {
        let t = NimTable::nim_sum(MAX_TABLE_SIZE).unwrap();
        assert_eq!(t.rows.len(), 256);
        assert_eq!(t.rows[255][170], 85);
        let e = NimTable::nim_sum(MAX_TABLE_SIZE + 1)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "a nim-sum table of 257 × 257 is beyond nimlab's limit: tables up to 256 × 256"
        );
    }

    #[test]
    fn json_gives_the_rows_as_arrays() {
        let t = NimTable::nim_sum(2).unwrap();
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            r#"{"operation":"nim-sum","size":2,"rows":[[0,1],[1,0]]}"#
        );
    }
}
