//! Misère play of the take-and-break games through their misère quotients
//! ([`crate::misere::quotient`]): a position's outcome is whether the product of its
//! heaps' elements is in P, and its winning moves are the options whose product is.
//!
//! Each rule's quotient is computed as far as the positions asked about need, and kept:
//! the heaps up to the power of two at or above a position's largest heap (1, 2, 4, …,
//! [`QUOTIENT_HEAPS`]), within a budget of work for the whole run (about a third of a
//! second). A position's answer and its explanation are those of the quotient to that
//! power of two, whichever positions were asked about before. It answers every position
//! whose heaps it covers: all of them once its period is proved (Kayles: from heap 170),
//! else the heaps it reached. Other positions are left to the search.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Misère Kayles with heaps 40, 100 and 1000: answered from the quotient, at once.
//! let p = cat.parse_position("kayles", &["40", "100", "1000"], 1).unwrap();
//! assert!(p.misere_outcome().is_ok());
//! ```

use crate::heap::Rule;
use crate::misere::quotient::{Quotient, QuotientRun};
use crate::{Error, Outcome, Result};
use std::sync::{Arc, Mutex, OnceLock};

/// The solver's work (see [`crate::misere::quotient::QuotientRun::work`]) a quotient
/// may take: about a third of a second.
pub const QUOTIENT_WORK: u64 = 100_000_000;

/// The largest quotient computed for analysis.
pub const QUOTIENT_ORDER: usize = 1024;

/// The largest heap a quotient is computed to for analysis (it stops sooner when its
/// period is proved).
pub const QUOTIENT_HEAPS: u64 = 4096;

/// The most moves looked at to list the winning moves of one position (about 50 ms).
pub const MAX_QUOTIENT_MOVES: u128 = 10_000_000;

/// How many rules' quotients are kept.
const KEPT: usize = 16;

/// A quotient with its multiplication table (made when first needed), for reading many
/// sums fast.
#[derive(Debug)]
pub struct Reading {
    /// The quotient.
    pub quotient: Quotient,
    /// `table[x·order + y] = x·y`.
    table: OnceLock<Vec<u32>>,
}

impl std::ops::Deref for Reading {
    type Target = Quotient;
    fn deref(&self) -> &Quotient {
        &self.quotient
    }
}

impl Reading {
    fn new(quotient: Quotient) -> Arc<Reading> {
        Arc::new(Reading {
            quotient,
            table: OnceLock::new(),
        })
    }

    fn mul(&self, x: u32, y: u32) -> u32 {
        let table = self.table.get_or_init(|| self.quotient.monoid().table());
        table[x as usize * self.quotient.order + y as usize]
    }
}

/// One rule's quotient, as far as it was asked for.
struct Kept {
    /// The rule, as written by [`Rule`]'s `Display`.
    key: String,
    /// The run, while it may go on: until its period is proved, its budget or order limit
    /// is reached, or it reaches [`QUOTIENT_HEAPS`].
    run: Option<QuotientRun>,
    /// The quotient at each power of two of heaps reached (`None` when not even heap 1
    /// was done), in order; once the run has ended the last one is where it ended.
    readings: Vec<(u64, Option<Arc<Reading>>)>,
}

/// The quotients asked for so far, by rule, in the order first asked for.
static QUOTIENTS: Mutex<Vec<Kept>> = Mutex::new(Vec::new());

const _: () = assert!(QUOTIENT_HEAPS.is_power_of_two());

/// The misère quotient of `rule` to the power of two of heaps at or above `heap` (at most
/// [`QUOTIENT_HEAPS`]), within the budget: it stops sooner when its period is proved,
/// and at the budget with the heaps done. Computed as far as asked, and kept: a quotient
/// asked for again, or for fewer heaps, is not computed again.
///
/// # Errors
/// A stop requested through [`crate::limits`] (the heaps done are kept, and the next
/// question goes on from them).
///
/// ```
/// use nimlab::games::heaps::misere_quotient::{quotient_of, QUOTIENT_HEAPS};
/// let kayles = nimlab::heap::Rule::parse("0.77").unwrap();
/// // Heaps up to 8 only: misère Kayles's quotient of order 40 needs heaps past 8.
/// let early = quotient_of(&kayles, 5).unwrap().unwrap();
/// assert_eq!(early.max_heap, 8);
/// assert!(early.order < 40 && !early.is_final());
/// // To its proved period.
/// let q = quotient_of(&kayles, QUOTIENT_HEAPS).unwrap().unwrap();
/// assert!(q.is_final());
/// assert_eq!(q.order, 40);
/// ```
pub fn quotient_of(rule: &Rule, heap: u64) -> Result<Option<Arc<Reading>>> {
    let wanted = heap.max(1).next_power_of_two().min(QUOTIENT_HEAPS);
    let key = rule.to_string();
    let mut all = QUOTIENTS.lock().unwrap_or_else(|e| e.into_inner());
    let i = match all.iter().position(|k| k.key == key) {
        Some(i) => i,
        None => {
            if all.len() >= KEPT {
                all.remove(0);
            }
            all.push(Kept {
                key,
                run: Some(QuotientRun::with_budget(
                    rule,
                    QUOTIENT_ORDER,
                    Some(QUOTIENT_WORK),
                )?),
                readings: Vec::new(),
            });
            all.len() - 1
        }
    };
    let kept = &mut all[i];
    loop {
        if let Some((_, q)) = kept.readings.iter().find(|&&(at, _)| at >= wanted) {
            return Ok(q.clone());
        }
        let Some(run) = kept.run.as_mut() else {
            return Ok(kept.readings.last().and_then(|(_, q)| q.clone()));
        };
        let next = (run.heaps() + 1).next_power_of_two();
        let mut ended = false;
        while run.heaps() < next {
            match run.step() {
                Ok(()) => {}
                Err(Error::Limit(_)) => {
                    ended = true;
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        let q = (run.heaps() > 0).then(|| run.quotient());
        ended |= next >= QUOTIENT_HEAPS || q.as_ref().is_some_and(Quotient::is_final);
        kept.readings.push((next, q.map(Reading::new)));
        if ended {
            kept.run = None;
        }
    }
}

/// The quotient when it covers every heap of `heaps`.
fn covering(rule: &Rule, heaps: &[u64]) -> Option<Arc<Reading>> {
    let q = quotient_of(rule, heaps.iter().copied().max().unwrap_or(0)).ok()??;
    heaps
        .iter()
        .all(|&h| q.heap_element(h).is_some())
        .then_some(q)
}

/// The misère outcome of a position of heaps, when the quotient covers them.
pub(crate) fn outcome(rule: &Rule, heaps: &[u64]) -> Option<Outcome> {
    let q = covering(rule, heaps)?;
    let x = q.element(heaps)?;
    Some(if q.is_p(x) { Outcome::P } else { Outcome::N })
}

/// The first `limit` misère winning moves of a position of heaps (each the position
/// after it, `replace` making it from the heap moved and what it leaves) and how many
/// there are, when the quotient covers the heaps and the moves are few enough to look
/// at.
pub(crate) fn winning_moves(
    rule: &Rule,
    heaps: &[u64],
    limit: usize,
    replace: impl Fn(&[u64], usize, &[u64]) -> Vec<u64>,
) -> Option<(Vec<Vec<u64>>, usize)> {
    let q = covering(rule, heaps)?;
    let moves: u128 = heaps.iter().map(|&h| rule.option_count(h)).sum();
    let elements: Vec<u32> = heaps
        .iter()
        .map(|&h| q.heap_element(h))
        .collect::<Option<_>>()?;
    // Each heap's element, by index below the computed heaps, by the period above.
    let phi = &q.pretending_elements;
    let period = q.periodicity.filter(|p| p.proved);
    let element = |h: u64| -> u32 {
        match (usize::try_from(h).ok().and_then(|i| phi.get(i)), period) {
            (Some(&x), _) => x,
            (None, Some(p)) => phi[(p.preperiod + (h - p.preperiod) % p.period) as usize],
            // Not reached: the heaps left by a move are smaller than a covered heap.
            (None, None) => 0,
        }
    };
    let mut out = Vec::new();
    let mut count = 0u128;
    for (i, &h) in heaps.iter().enumerate() {
        let rest = elements
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(0, |x, (_, &y)| q.mul(x, y));
        let mut lefts = Vec::new();
        let wanted = limit.saturating_sub(out.len());
        match period.and_then(|p| by_period(&q, rule, p, &element, h, rest, wanted, &mut lefts)) {
            Some(n) => count += n,
            None => {
                if moves > MAX_QUOTIENT_MOVES {
                    return None;
                }
                rule.for_each_option(h, |left| {
                    let x = left.iter().fold(rest, |x, &l| q.mul(x, element(l)));
                    if q.is_p(x) {
                        count += 1;
                        if lefts.len() < wanted {
                            lefts.push(left.to_vec());
                        }
                    }
                });
            }
        }
        out.extend(lefts.iter().map(|left| replace(heaps, i, left)));
    }
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    Some((out, count))
}

/// The winning moves of heap `h` (the heaps it leaves; the first `limit` in the order of
/// [`Rule::for_each_option`]) and their number, for a finite code without three-way
/// splits, counted through the proved period `p` rather than one by one: a split a + b
/// with both parts past the preperiod is worth what the parts' residues are worth, so
/// the splits are counted by the residue of a. `None` for other rules.
#[allow(clippy::too_many_arguments)]
fn by_period(
    q: &Reading,
    rule: &Rule,
    p: crate::misere::quotient::Periodicity,
    element: &impl Fn(u64) -> u32,
    h: u64,
    rest: u32,
    limit: usize,
    lefts: &mut Vec<Vec<u64>>,
) -> Option<u128> {
    let Rule::TakeBreak { code, unequal } = rule else {
        return None;
    };
    let top = code.max_take()?.min(h);
    if (0..=top).any(|k| code.digit(k) & 8 != 0) {
        return None;
    }
    let (n0, period) = (p.preperiod, p.period);
    let mut count = 0u128;
    let found = |left: &[u64], count: &mut u128, lefts: &mut Vec<Vec<u64>>| {
        let x = left.iter().fold(rest, |x, &l| q.mul(x, element(l)));
        if q.is_p(x) {
            *count += 1;
            if lefts.len() < limit {
                lefts.push(left.to_vec());
            }
        }
    };
    for k in 0..=top {
        let d = code.digit(k);
        let r = h - k;
        if r == 0 {
            if d & 1 != 0 {
                found(&[], &mut count, lefts);
            }
            continue;
        }
        if d & 2 != 0 && k > 0 {
            found(&[r], &mut count, lefts);
        }
        if d & 4 == 0 {
            continue;
        }
        let half = if *unequal { (r - 1) / 2 } else { r / 2 };
        // a in [lo, hi]: both a and r − a past the preperiod, so periodic in a.
        let (lo, hi) = (n0.max(1), half.min(r.saturating_sub(n0)));
        let wins = |a: u64| q.is_p(q.mul(q.mul(rest, element(a)), element(r - a)));
        let periodic = lo <= hi;
        let residues: Vec<bool> = if periodic {
            (0..period.min(hi - lo + 1)).map(|j| wins(lo + j)).collect()
        } else {
            Vec::new()
        };
        let direct = |from: u64, to: u64, count: &mut u128, lefts: &mut Vec<Vec<u64>>| {
            for a in from..=to {
                if wins(a) {
                    *count += 1;
                    if lefts.len() < limit {
                        lefts.push(vec![a, r - a]);
                    }
                }
            }
        };
        if !periodic {
            direct(1, half, &mut count, lefts);
            continue;
        }
        // The splits in order: the first ones one by one, the middle by residues, the
        // last ones (whose second part is within the preperiod) one by one.
        direct(1, lo - 1, &mut count, lefts);
        let len = hi - lo + 1;
        for (j, &w) in residues.iter().enumerate() {
            if w {
                count += u128::from((len - j as u64).div_ceil(period));
            }
        }
        if residues.iter().any(|&w| w) {
            let mut a = lo;
            while a <= hi && lefts.len() < limit {
                if residues[((a - lo) % period) as usize] {
                    lefts.push(vec![a, r - a]);
                }
                a += 1;
            }
        }
        direct(hi + 1, half, &mut count, lefts);
    }
    Some(count)
}

/// The explanation: the quotient, each heap's element and their product.
pub(crate) fn explain(rule: &Rule, heaps: &[u64], shown: usize) -> Option<String> {
    let q = covering(rule, heaps)?;
    let name = rule.name().map_or(String::new(), |n| format!(" ({n})"));
    let mut text = format!(
        "Misère play of {rule}{name} is read from its misère quotient (Plambeck–Siegel): its sums of heaps, two of them identified when no third sum tells them apart in misère play, form a commutative monoid Q of order {}, generated by {} (the heaps where a new generator appeared: {}), with {} elements in P, the sums that are misère P-positions.",
        q.order,
        q.generators.join(", "),
        q.changes
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        q.p_portion.len()
    );
    if q.p_portion.len() <= 12 {
        text.push_str(&format!(" P = {{{}}}.", q.p_portion.join(", ")));
    }
    match q.periodicity.filter(|p| p.proved) {
        Some(p) => text.push_str(&format!(
            " It was computed heap by heap to heap {}; each heap's element repeats with period {} from heap {}, which the periodicity theorem proves from the heaps up to {}, so Q is the quotient of every heap.",
            q.max_heap,
            p.period,
            p.preperiod,
            p.values_needed.map_or(q.max_heap, |v| v - 1)
        )),
        None => text.push_str(&format!(
            " It was computed heap by heap to heap {}, which covers these heaps (no period is proved yet).",
            q.max_heap
        )),
    }
    for &h in heaps.iter().take(shown) {
        let x = q.heap_element(h)?;
        match q.periodicity.filter(|p| p.proved && h > q.max_heap) {
            Some(p) => {
                let r = p.preperiod + (h - p.preperiod) % p.period;
                text.push_str(&format!(
                    "\nHeap {h}: {h} ≡ {r} (mod {}) and {h} ≥ {}, so it is heap {r}'s element, {}.",
                    p.period,
                    p.preperiod,
                    q.word(x)
                ));
            }
            None => text.push_str(&format!("\nHeap {h} is {}.", q.word(x))),
        }
    }
    if heaps.len() > shown {
        text.push_str(&format!(
            "\n… and {} more heaps, each read the same way.",
            heaps.len() - shown
        ));
    }
    let x = q.element(heaps)?;
    let verdict = if q.is_p(x) {
        "which is in P: the player to move loses (with perfect play)"
    } else if heaps.iter().all(|&h| !rule.has_move(h)) {
        "the identity, not in P: no move is left, and in misère play the player who cannot move has won"
    } else {
        "which is not in P: the player to move wins, by a move to a position whose product is in P"
    };
    text.push_str(&format!("\nTheir product is {}, {verdict}.", q.word(x)));
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position is read from the quotient to the power of two at or above its largest
    /// heap, the quotient a run to that heap makes, whatever was asked before: the
    /// explanation of Dawson's Kayles 5 + 7 is the same before and after a question that
    /// takes the run further, and names the quotient of the heaps up to 8.
    #[test]
    fn a_position_is_read_at_its_own_heaps_whatever_was_asked_before() {
        let rule = Rule::parse("0.07").unwrap();
        let fresh = Quotient::compute(&rule, 8).unwrap();
        let before = explain(&rule, &[5, 7], 5).unwrap();
        assert!(
            before.contains(&format!("of order {},", fresh.order))
                && before.contains("computed heap by heap to heap 8,"),
            "{before}"
        );
        let q = quotient_of(&rule, 20).unwrap().unwrap();
        // Heaps past 16 are done, up to 32 or as far as the budget went.
        assert!(16 < q.max_heap && q.max_heap <= 32, "{}", q.max_heap);
        assert_eq!(explain(&rule, &[5, 7], 5).unwrap(), before);
        // A heap of 9 is read from the quotient to 16.
        let at_16 = Quotient::compute(&rule, 16).unwrap();
        let text = explain(&rule, &[9], 5).unwrap();
        assert!(
            text.contains(&format!("of order {},", at_16.order)),
            "{text}"
        );
        assert_eq!(
            outcome(&rule, &[9]),
            Some(if at_16.is_p_position(&[9]) == Some(true) {
                Outcome::P
            } else {
                Outcome::N
            })
        );
    }

    /// The winning moves counted through the period are those found by looking at every
    /// move and asking the quotient about the position it leaves: the same moves in the
    /// same order, and the same number, for heaps well past the preperiod.
    #[test]
    fn moves_counted_by_the_period_are_the_moves_looked_at() {
        for (code, heaps) in [
            (
                "0.77",
                vec![vec![200], vec![71, 300], vec![1001], vec![5, 83, 4000]],
            ),
            ("0.75", vec![vec![64], vec![100, 3], vec![997]]),
            ("0.34", vec![vec![150], vec![90, 91]]),
            ("0.71", vec![vec![333], vec![40, 41, 42]]),
        ] {
            let rule = Rule::parse(code).unwrap();
            let Some(q) = quotient_of(&rule, QUOTIENT_HEAPS).unwrap() else {
                panic!("{code}: no quotient")
            };
            assert!(q.is_final(), "{code}");
            for hs in heaps {
                let replace = |hs: &[u64], i: usize, left: &[u64]| {
                    let mut v = hs[..i].to_vec();
                    v.extend_from_slice(left);
                    v.extend_from_slice(&hs[i + 1..]);
                    v
                };
                let mut all = Vec::new();
                for (i, &h) in hs.iter().enumerate() {
                    rule.for_each_option(h, |left| {
                        let after = replace(&hs, i, left);
                        if q.is_p_position(&after) == Some(true) {
                            all.push(after);
                        }
                    });
                }
                for limit in [0, 1, 7, usize::MAX] {
                    let (got, count) = winning_moves(&rule, &hs, limit, replace).unwrap();
                    assert_eq!(count, all.len(), "{code} {hs:?}");
                    let want: Vec<_> = all.iter().take(limit).cloned().collect();
                    assert_eq!(got, want, "{code} {hs:?} limit {limit}");
                }
            }
        }
    }
}
