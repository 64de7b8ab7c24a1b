//! A survey of a family of octal games: every code with at most a given number of digits,
//! grouped by identical sequences, with period, preperiod, largest value and proof status,
//! like the published octal tables.

use super::code::Code;
use super::period::Periodicity;
use super::rule::Rule;
use super::sequence::Sequence;
use crate::{Error, Result};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::Serialize;

/// The most digits a survey takes (8^6 codes).
pub const MAX_SURVEY_DIGITS: usize = 6;

/// One group of codes with the same sequence up to the survey's limit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SurveyRow {
    /// The codes, in order (`0.07`, `0.17`, …).
    pub codes: Vec<String>,
    /// The period, if one was found.
    pub period: Option<u64>,
    /// Where it starts.
    pub preperiod: Option<u64>,
    /// The largest value among heaps 0 … to.
    pub max_value: u32,
    /// Whether the period is proved (for every code of the group).
    pub proved: bool,
    /// The first values, from heap 0.
    pub first_values: Vec<u32>,
}

/// Every octal code `0.d1…dk` with 1 ≤ k ≤ `digits` (last digit non-zero) and, when
/// `whole` is 4, the codes `4.d1…dk` too, valued for heaps 0 … `to`. A code is computed
/// until its period is proved (then its values to `to` follow from the period) or to `to`.
///
/// ```
/// use nimlab::heap::survey_octal;
/// let rows = survey_octal(1, 0, 200).unwrap();
/// // 0.1 … 0.7: seven codes, each taking one counter; all but 0.6 have a proved period
/// // (0.6, take one and leave one or two heaps, is a famous unsolved game).
/// assert_eq!(rows.iter().map(|r| r.codes.len()).sum::<usize>(), 7);
/// let unproved: Vec<&str> = rows.iter().filter(|r| !r.proved).flat_map(|r| r.codes.iter().map(|c| c.as_str())).collect();
/// assert_eq!(unproved, vec!["0.6"]);
/// // 0.3 (take one, leaving at most one heap) is She-Loves-Me-She-Loves-Me-Not: 0 1 0 1 …
/// let row = rows.iter().find(|r| r.codes.contains(&"0.3".to_string())).unwrap();
/// assert_eq!((row.period, row.preperiod), (Some(2), Some(0)));
/// ```
///
/// # Errors
/// [`Error::Limit`] for more than [`MAX_SURVEY_DIGITS`] digits, and the sequence limits.
pub fn survey_octal(digits: usize, whole: u8, to: u64) -> Result<Vec<SurveyRow>> {
    let codes = octal_codes(digits, whole)?;
    // The workers run in the caller's limits too (Ctrl-C, time and memory).
    let stop = crate::limits::current().unwrap_or_default();
    // One code at a time for each thread: a thread that has finished its codes takes
    // those of another thread that has not begun them (as when another program keeps the
    // other thread's core busy), down to the last one.
    let results: Vec<CodeValues> = codes
        .into_par_iter()
        .with_max_len(1)
        .map(|code| {
            stop.check()?;
            stop.scope(|| CodeValues::compute(code, to))
        })
        .collect::<Result<_>>()?;
    Ok(group_rows(&results))
}

/// One code of a survey, valued: the values of heaps 0 … `to` and the periodicity found.
/// Surveys compute these code by code, wherever they run, and [`group_rows`] makes the
/// table from them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CodeValues {
    /// The code.
    pub code: Code,
    /// G(0) … G(`to`).
    pub values: Vec<u32>,
    /// The periodicity found, proved or apparent.
    pub period: Option<Periodicity>,
}

impl CodeValues {
    /// Values `code` for heaps 0 … `to`: computed until a period is proved (then
    /// continued by it) or to `to`.
    ///
    /// # Errors
    /// The sequence limits, and the caller's limits ([`crate::limits::check`]).
    pub fn compute(code: Code, to: u64) -> Result<CodeValues> {
        let (values, period) = values_to(Rule::take_break(code.clone()), to)?;
        Ok(CodeValues {
            code,
            values,
            period,
        })
    }
}

/// The rows of a survey from its codes' values, given in the order of [`octal_codes`]:
/// codes with the same values grouped (each group's codes in the order given), the
/// groups ordered by their first code.
pub(crate) fn group_rows(results: &[CodeValues]) -> Vec<SurveyRow> {
    let mut groups: FxHashMap<&[u32], Vec<usize>> = FxHashMap::default();
    for (i, r) in results.iter().enumerate() {
        groups.entry(&r.values).or_default().push(i);
    }
    let mut rows: Vec<SurveyRow> = groups
        .into_values()
        .map(|members| {
            let first = &results[members[0]];
            SurveyRow {
                codes: members
                    .iter()
                    .map(|&i| results[i].code.to_string())
                    .collect(),
                period: first.period.map(|p| p.period),
                preperiod: first.period.map(|p| p.preperiod),
                max_value: first.values.iter().copied().max().unwrap_or(0),
                proved: members
                    .iter()
                    .all(|&i| results[i].period.is_some_and(|p| p.proved)),
                first_values: first.values.iter().take(20).copied().collect(),
            }
        })
        .collect();
    rows.sort_by(|a, b| sort_key(&a.codes[0]).cmp(&sort_key(&b.codes[0])));
    rows
}

/// Every octal code `0.d1…dk` with 1 ≤ k ≤ `digits` (last digit non-zero), in order of
/// length then digits, and when `whole` is 4 the codes `4.d1…dk` after them: the codes a
/// survey takes.
///
/// # Errors
/// [`Error::Limit`] for more than [`MAX_SURVEY_DIGITS`] digits (or none).
pub(crate) fn octal_codes(digits: usize, whole: u8) -> Result<Vec<Code>> {
    if digits == 0 || digits > MAX_SURVEY_DIGITS {
        return Err(Error::limit(
            format!("a survey of octal codes with {digits} digits"),
            format!("1 to {MAX_SURVEY_DIGITS} digits"),
        ));
    }
    let wholes: &[u8] = if whole == 4 { &[0, 4] } else { &[0] };
    let mut codes = Vec::new();
    for &w in wholes {
        for len in 1..=digits {
            let count = 8u32.pow(len as u32);
            for n in 0..count {
                let mut ds = vec![w];
                for i in (0..len).rev() {
                    ds.push(((n >> (3 * i)) & 7) as u8);
                }
                if ds.last() != Some(&0) {
                    codes.push(Code::from_digits(&ds, false)?);
                }
            }
        }
    }
    Ok(codes)
}

/// Codes sort by their digits as written: 0.1 < 0.12 < 0.2.
fn sort_key(code: &str) -> String {
    code.to_string()
}

/// The values of heaps 0 … `to` of `rule`, computed until a period is proved and then
/// continued by it; the periodicity found.
fn values_to(rule: Rule, to: u64) -> Result<(Vec<u32>, Option<Periodicity>)> {
    let mut seq = Sequence::new(rule);
    let target = to + 1;
    let mut len = 256.min(target);
    loop {
        crate::limits::check()?;
        seq.extend_to(len)?;
        let period = Periodicity::find(&seq);
        if let Some(p) = period.filter(|p| p.proved) {
            let values = (0..target)
                .map(|n| p.value(&seq, n).map_or(u32::MAX, |v| v as u32))
                .collect();
            return Ok((values, Some(p)));
        }
        if len == target {
            return Ok((seq.values().iter().collect(), period));
        }
        len = (2 * len).min(target);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_digit_codes_from_the_published_tables() {
        let rows = survey_octal(2, 0, 1000).unwrap();
        // 7 + 56 codes with one or two digits.
        assert_eq!(rows.iter().map(|r| r.codes.len()).sum::<usize>(), 63);
        let row = |code: &str| {
            rows.iter()
                .find(|r| r.codes.iter().any(|c| c == code))
                .unwrap()
        };
        // Kayles 0.77: period 12 from 71, proved, largest value 8.
        let k = row("0.77");
        assert_eq!(
            (k.period, k.preperiod, k.proved, k.max_value),
            (Some(12), Some(71), true, 8)
        );
        // Dawson's Kayles 0.07: period 34 from 53 (Winning Ways).
        let d = row("0.07");
        assert_eq!(
            (d.period, d.preperiod, d.proved),
            (Some(34), Some(53), true)
        );
        // 0.6 is one of the unsolved two-digit codes: no proved period to 1000.
        assert!(!row("0.6").proved);
        // Codes in one group have the same values.
        for r in &rows {
            let mut s = Sequence::new(Rule::parse(&r.codes[0]).unwrap());
            s.extend_to(20).unwrap();
            for c in &r.codes[1..] {
                let mut t = Sequence::new(Rule::parse(c).unwrap());
                t.extend_to(20).unwrap();
                assert_eq!(s.values(), t.values(), "{c} grouped with {}", r.codes[0]);
            }
        }
    }
}
