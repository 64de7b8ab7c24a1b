//! A sum of games: the value of each part and their nim-sum.

use crate::Nimber;
use serde::Serialize;
use std::fmt;

/// The parts of a sum with their values.
///
/// ```
/// use nimlab::{explain::SumParts, Nimber};
/// // Text 000: heaps 12, 17, 23 of subtraction 1-5, 1-3, 1-4 have values 0, 1, 3.
/// let s = SumParts::new(vec![
///     ("subtraction:1-5 12".into(), Nimber::from(0u64)),
///     ("subtraction:1-3 17".into(), Nimber::from(1u64)),
///     ("subtraction:1-4 23".into(), Nimber::from(3u64)),
/// ]);
/// assert_eq!(s.total, Nimber::from(2u64));
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct SumParts {
    /// Each part (game and position) with its value.
    pub parts: Vec<(String, Nimber)>,
    /// The nim-sum of the parts' values.
    pub total: Nimber,
}

impl SumParts {
    /// The sum of these parts.
    pub fn new(parts: Vec<(String, Nimber)>) -> Self {
        let total = parts.iter().fold(Nimber::default(), |acc, (_, v)| &acc + v);
        SumParts { parts, total }
    }
}

impl fmt::Display for SumParts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "A sum of games is worth the nim-sum of its parts:")?;
        for (p, v) in &self.parts {
            writeln!(f, "  {p:<30} {v}")?;
        }
        let values: Vec<String> = self
            .parts
            .iter()
            .map(|(_, v)| v.grundy().to_string())
            .collect();
        writeln!(
            f,
            "  {:<30} {}  ({} = {})",
            "sum",
            self.total,
            values.join(" XOR "),
            self.total.grundy()
        )
    }
}
