//! Windowed runs: Grundy values of heap games further than a table of every value fits
//! in memory.
//!
//! The sparse-space algorithm reads few values of the heaps below the one it computes:
//! step 1 reads G(n − k − r) for the rare heaps r, and step 3 the splits (a, n − k − a),
//! which it looks at from small a on. When every rare heap is below a bound W, a run that
//! keeps the values of the heaps below W (the prefix) and of the last W + k heaps (the
//! tail) has every value step 1 reads, and step 3 looks at the splits whose smaller part
//! is below W. Their values are then computed exactly, unless a rare value wanted in step
//! 3 is not among these splits: the run then stops and says so, for a larger window to
//! finish.

use super::report::{SequenceReport, Tally};
use super::sequence::Sequence;
use super::sparse::{Sparse, Stop};
use super::values::Values;
use super::Rule;
use crate::{Error, Result};

/// The smallest window: the sparse-space algorithm starts later.
pub const MIN_WINDOW: u64 = 1 << 13;

/// Computes G(0) … G(len − 1) of `rule` keeping the values of the heaps below `window`
/// and of the last heaps only (about 4·`window` values in all), and calls `each` with
/// every value in order, G(0) first. Returns the report of the values, which says nothing
/// of their periodicity (it needs the values the run forgets) unless a period is proved
/// within the first values: every value past it is then the period's.
///
/// ```
/// use nimlab::heap::{windowed_run, Rule, Sequence};
/// // 0.56: its last rare heap is 1795, and its values from 326,640 on have period 144.
/// let rule = Rule::parse("0.56").unwrap();
/// let mut values = Vec::new();
/// let report = windowed_run(&rule, 40_000, 1 << 13, |v| {
///     values.push(v);
///     Ok(())
/// })
/// .unwrap();
/// let mut full = Sequence::new(rule);
/// full.extend_to(40_000).unwrap();
/// assert_eq!(values, full.values().iter().collect::<Vec<_>>());
/// assert_eq!((report.to, report.window), (39_999, Some(1 << 13)));
/// ```
///
/// # Errors
/// [`Error::Unsupported`] for a rule the sparse-space algorithm does not compute (a move
/// leaves three heaps or takes any number of counters, or too many heaps are rare for it
/// to pay); [`Error::Limit`] when `window` is below [`MIN_WINDOW`], when a heap beyond the
/// window has a rare value, or when a value needs a split beyond the window (the values
/// up to that heap have been passed to `each`); and any error `each` returns.
pub fn windowed_run(
    rule: &Rule,
    len: u64,
    window: u64,
    mut each: impl FnMut(u32) -> Result<()>,
) -> Result<SequenceReport> {
    let Rule::TakeBreak { code, .. } = rule else {
        return Err(not_windowed(rule));
    };
    let Some(max_take) = code.max_take().filter(|_| code.max_heaps_left() <= 2) else {
        return Err(not_windowed(rule));
    };
    if window < MIN_WINDOW {
        return Err(Error::limit(
            format!("a window of {window} heaps"),
            format!("windows of at least {MIN_WINDOW} heaps"),
        ));
    }
    let beyond = |n: u64, rare: bool| {
        Error::limit(
            format!(
                "the value of heap {n} of {} with a window of {window} heaps",
                rule.label()
            ),
            if rare {
                "rare heaps within the window (this one is rare and beyond it): give a \
                 larger window"
            } else {
                "the splits within the window (this value needs one beyond it): give a \
                 larger window"
            },
        )
    };
    let mut tally = Tally::default();
    // The tail reaches back from the first heap of a stretch by the window and a move.
    let reach_back = window + max_take + 1;
    let full = len.min(2 * window + max_take + 2);
    let mut seq = Sequence::new(rule.clone());
    seq.extend_to(full)?;
    for v in seq.values().iter() {
        tally.add(v);
        each(v)?;
    }
    let report = |tally: &Tally| {
        let mut r = tally.report(rule);
        r.window = Some(window);
        r
    };
    if full == len {
        return Ok(report(&tally));
    }
    if let Some(p) = seq.proved_period() {
        // Past a proved period every value is the period's: nothing more to compute.
        for n in full..len {
            let v = p
                .extrapolate(&seq, n)
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| Error::Unsupported(format!("no value of heap {n} by the period")))?;
            tally.add(v);
            each(v)?;
        }
        let mut r = report(&tally);
        r.set_period(Some(p));
        return Ok(r);
    }
    let rare_heaps = seq.rare_heaps();
    let Some(mut sparse) = seq.take_sparse() else {
        return Err(Error::Unsupported(format!(
            "a windowed run of {} needs the sparse-space algorithm, which does not pay for it \
             ({} heaps up to {} have rare values)",
            rule.label(),
            rare_heaps,
            full - 1
        )));
    };
    if let Some(r) = sparse.last_rare().filter(|&r| r as u64 >= window) {
        return Err(beyond(r as u64, true));
    }
    sparse.set_prefix(window as usize);
    let values = seq.values();
    let mut prefix = Values::default();
    let mut tail = Values::default();
    let mut off = full - reach_back;
    for (n, v) in values.iter().enumerate() {
        if (n as u64) < window {
            prefix.push(v);
        }
        if n as u64 >= off {
            tail.push(v);
        }
    }
    drop(seq);
    let mut n = full;
    while n < len {
        let target = len.min(n + window);
        let keep_from = n - reach_back;
        tail.drop_first((keep_from - off) as usize);
        off = keep_from;
        same_width(&mut prefix, &mut tail);
        let stop = extend(&mut sparse, &prefix, &mut tail, off, target);
        let end = off + tail.len() as u64;
        for i in (n - off)..(end - off) {
            let v = tail.get(i as usize);
            tally.add(v);
            each(v)?;
        }
        n = end;
        match stop {
            Ok(()) => {}
            Err(Stop::Widen(v)) => {
                tail.push(v);
                same_width(&mut prefix, &mut tail);
                tally.add(v);
                each(v)?;
                n += 1;
            }
            Err(Stop::Window(at)) => {
                let rare = sparse.last_rare() == Some(at);
                return Err(beyond(at as u64, rare));
            }
            Err(Stop::Limit) => return Err(super::sparse::limit_error()),
        }
    }
    Ok(report(&tally))
}

/// Goes on with the sparse-space algorithm from `off + tail.len()` to `len`.
pub(super) fn extend(
    sparse: &mut Sparse,
    prefix: &Values,
    tail: &mut Values,
    off: u64,
    len: u64,
) -> Result<(), Stop> {
    let (off, len) = (off as usize, len as usize);
    match (prefix, tail) {
        (Values::U8(p), Values::U8(t)) => sparse.extend_window(p, t, off, len),
        (Values::U16(p), Values::U16(t)) => sparse.extend_window(p, t, off, len),
        (Values::U32(p), Values::U32(t)) => sparse.extend_window(p, t, off, len),
        _ => unreachable!("the prefix is widened with the tail"),
    }
}

/// Stores `a` and `b` in the wider of their widths (the algorithm reads both at once).
fn same_width(a: &mut Values, b: &mut Values) {
    // The least value that needs each width.
    let needs = |v: &Values| match v.bytes_per_value() {
        1 => 0,
        2 => 1 << 8,
        _ => 1 << 16,
    };
    if a.bytes_per_value() < b.bytes_per_value() {
        a.widen(needs(b));
    } else if b.bytes_per_value() < a.bytes_per_value() {
        b.widen(needs(a));
    }
}

/// The error for a rule that windowed runs do not compute.
fn not_windowed(rule: &Rule) -> Error {
    Error::Unsupported(format!(
        "a windowed run computes take-and-break codes whose moves leave at most two heaps and \
         take a bounded number of counters; {} is not one",
        rule.label()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values by the sparse-space algorithm, which computes every one of them (no
    /// period continues them).
    fn full(rule: &Rule, len: u64) -> Sequence {
        let mut s = Sequence::with_algorithm(rule.clone(), crate::heap::Algorithm::Sparse);
        s.extend_to(len).unwrap();
        s
    }

    fn windowed(rule: &Rule, len: u64, window: u64) -> Result<(Vec<u32>, SequenceReport)> {
        let mut values = Vec::new();
        let report = windowed_run(rule, len, window, |v| {
            values.push(v);
            Ok(())
        })?;
        Ok((values, report))
    }

    #[test]
    fn a_windowed_run_gives_the_values_of_the_full_table() {
        // The last rare heaps up to 60,000: 0.56 1795, 0.644 511. 0.644's period is proved
        // within the values of the first two windows, and the rest are the period's; 0.56's
        // starts at 326,640.
        for (text, window) in [("0.56", MIN_WINDOW), ("0.644", MIN_WINDOW)] {
            let rule = Rule::parse(text).unwrap();
            let (values, report) = windowed(&rule, 60_000, window).unwrap();
            let s = full(&rule, 60_000);
            let all: Vec<u32> = s.values().iter().collect();
            assert_eq!(values.len(), all.len(), "{text}");
            let first = values.iter().zip(&all).position(|(a, b)| a != b);
            assert_eq!(first, None, "{text}: first difference");
            let whole = SequenceReport::new(&s);
            assert_eq!(
                (report.max_value, report.max_at, report.p_count, report.rare),
                (whole.max_value, whole.max_at, whole.p_count, whole.rare),
                "{text}"
            );
            let proved = whole.proved.then_some(whole.period).flatten();
            assert_eq!(
                (text, report.window, report.period),
                (text, Some(window), proved)
            );
            assert_eq!(report.proved, proved.is_some());
        }
    }

    #[test]
    fn the_prefix_and_the_tail_are_read_at_one_width() {
        // Grundy's game first reaches 256 at heap 7,250,049: a window beyond it has a prefix
        // of two bytes a value and, at first, a tail of one.
        let mut prefix = Values::default();
        let mut tail = Values::default();
        for v in [3, 256, 7] {
            prefix.push(v);
        }
        for v in [1, 2] {
            tail.push(v);
        }
        same_width(&mut prefix, &mut tail);
        assert_eq!((prefix.bytes_per_value(), tail.bytes_per_value()), (2, 2));
        assert_eq!(tail.iter().collect::<Vec<_>>(), [1, 2]);
        tail.push(70_000);
        same_width(&mut prefix, &mut tail);
        assert_eq!((prefix.bytes_per_value(), tail.bytes_per_value()), (4, 4));
        assert_eq!(prefix.iter().collect::<Vec<_>>(), [3, 256, 7]);
    }

    #[test]
    fn what_a_window_cannot_do_is_refused() {
        let kayles = Rule::parse("kayles").unwrap();
        assert!(windowed(&kayles, 1000, 100).is_err());
        for text in ["0.4…", "lasker", "subtraction:1,2"] {
            let Ok(rule) = Rule::parse(text) else {
                continue;
            };
            assert!(
                matches!(
                    windowed(&rule, 100_000, MIN_WINDOW),
                    Err(Error::Unsupported(_))
                ),
                "{text}"
            );
        }
        // 0.16's value at 55,290 needs a split with both parts beyond 2^14.
        let rule = Rule::parse("0.16").unwrap();
        match windowed(&rule, 60_000, 1 << 14) {
            Err(Error::Limit(crate::LimitError { what, limit, .. })) => {
                assert!(what.contains("heap 55290"), "{what}");
                assert!(limit.contains("split"), "{limit}");
            }
            other => panic!("{:?}", other.map(|(_, r)| r.to)),
        }
        // 0.16 has rare heaps up to 13,935; Grundy's game up to 82,860.
        for text in ["0.16", "grundy"] {
            let rule = Rule::parse(text).unwrap();
            match windowed(&rule, 40_000, MIN_WINDOW) {
                Err(Error::Limit(crate::LimitError { limit, .. })) => {
                    assert!(limit.contains("rare"), "{limit}")
                }
                other => panic!("{text}: {:?}", other.map(|(_, r)| r.to)),
            }
        }
    }
}
