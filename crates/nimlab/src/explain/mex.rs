//! The mex rule, step by step.

use crate::Nimber;
use serde::Serialize;
use std::fmt;

/// Options shown before the rest are counted.
pub const MAX_OPTIONS: usize = 24;

/// The values of a position's options and their mex.
///
/// ```
/// use nimlab::explain::MexStep;
/// let step = MexStep::new([("2".to_string(), 2u64), ("1".to_string(), 1), ("0".to_string(), 0)]);
/// assert_eq!(step.value, 3);
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct MexStep {
    /// Options (in notation) with their Grundy values, at most [`MAX_OPTIONS`].
    pub options: Vec<(String, u64)>,
    /// How many options were left out.
    pub omitted: usize,
    /// The mex of all the options' values.
    pub value: u64,
}

impl MexStep {
    /// The step for these options and values.
    pub fn new(options: impl IntoIterator<Item = (String, u64)>) -> Self {
        let all: Vec<(String, u64)> = options.into_iter().collect();
        let value = crate::nimber::mex(all.iter().map(|o| o.1));
        let omitted = all.len().saturating_sub(MAX_OPTIONS);
        let options = all.into_iter().take(MAX_OPTIONS).collect();
        MexStep {
            options,
            omitted,
            value,
        }
    }
}

impl fmt::Display for MexStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.options.is_empty() {
            return writeln!(f, "No move is possible, so the value is mex{{}} = 0.");
        }
        writeln!(f, "The options and their values:")?;
        for (pos, v) in &self.options {
            writeln!(f, "  {pos:<20} {}", Nimber::from(*v))?;
        }
        if self.omitted > 0 {
            writeln!(f, "  … and {} more", self.omitted)?;
        }
        let mut seen: Vec<u64> = self.options.iter().map(|o| o.1).collect();
        seen.sort_unstable();
        seen.dedup();
        let list: Vec<String> = seen.iter().map(|v| v.to_string()).collect();
        writeln!(
            f,
            "The least value not among {{{}}}{} is {} (the mex rule).",
            list.join(", "),
            if self.omitted > 0 { ", …" } else { "" },
            self.value
        )
    }
}
