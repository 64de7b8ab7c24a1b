//! Plambeck–Siegel misère quotients of heap games.
//!
//! The sums of heaps of a heap game, two of them identified when no third sum tells them
//! apart in misère play, form a commutative monoid Q (the misère quotient) with a subset
//! P (the sums that are misère P-positions). Each heap n has its image Φ(n) in Q (its
//! pretending value); a sum of heaps is a P-position exactly when the product of their
//! images is in P. [`Quotient::compute`] finds Q, P and Φ for the sums of heaps up to a
//! size, heap by heap, as Siegel's MisereSolver does: each heap is given an element
//! already there when it can be, and otherwise a new generator, the candidate monoid
//! being reduced by indistinguishability and checked against every sum of heaps (an exact
//! check over a finite set of states).
//!
//! ```
//! use nimlab::heap::Rule;
//! use nimlab::misere::quotient::Quotient;
//! // Misère Nim with heaps up to 3: the tame quotient T2, of order 6, P = {a, b^2}.
//! let q = Quotient::compute(&Rule::parse("subtraction:1,2,3").unwrap(), 3).unwrap();
//! assert_eq!(q.order, 6);
//! assert_eq!(q.p_portion, ["a", "b^2"]);
//! assert_eq!(q.pretending, ["1", "a", "b", "ab"]);
//! // 1 + 2 + 3 is a P-position of misère Nim.
//! assert_eq!(q.is_p_position(&[1, 2, 3]), Some(true));
//! ```
pub mod bipartite;
mod checkpoint;
mod lookup;
pub mod monoid;
mod run;
pub(crate) mod solver;
mod survey;

use crate::heap::Rule;
use crate::Result;
use monoid::Monoid;
pub use run::{QuotientRun, DEFAULT_MAX_ORDER, MAX_QUOTIENT_HEAP};
use serde::Serialize;
pub use survey::{survey_quotients, QuotientSurvey, QuotientSurveyRow, Stop, SurveyBudget};

/// The misère quotient of the sums of heaps up to a size.
#[derive(Debug, Clone, Serialize)]
pub struct Quotient {
    /// The rule, as written back.
    pub rule: String,
    /// The largest heap covered.
    pub max_heap: u64,
    /// How many elements.
    pub order: usize,
    /// The generators' names (`a`, `b`, …), the images of the heaps at which the
    /// presentation changed, in that order.
    pub generators: Vec<String>,
    /// The defining relations (`a^2 = 1`).
    pub relations: Vec<String>,
    /// The elements of P, each as its least word.
    pub p_portion: Vec<String>,
    /// The pretending value of each heap from 0, as a least word (`1` for the identity).
    pub pretending: Vec<String>,
    /// The pretending value of each heap from 0, as an element number (0 the identity;
    /// the numbering of [`Quotient::monoid`]).
    pub pretending_elements: Vec<u32>,
    /// The heaps at which the presentation changed.
    pub changes: Vec<u64>,
    /// A period of the pretending values, when one is seen.
    pub periodicity: Option<Periodicity>,
    #[serde(skip)]
    monoid: Monoid,
    #[serde(skip)]
    p: Vec<bool>,
}

/// A period of the pretending values: Φ(n + period) = Φ(n) for every n ≥ preperiod seen.
///
/// When `proved`, the values seen reach the bound of the periodicity theorem for misère
/// quotients (Plambeck–Siegel: h·n₀ + h·p + t + h values, a move leaving at most h heaps
/// and taking at most t counters), and the quotient is that of every heap size; otherwise
/// the period is only observed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The first heap from which the values repeat.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// Whether the values seen prove it.
    pub proved: bool,
    /// How many values (heaps 0 … this − 1) the proof needs, when the theorem applies.
    pub values_needed: Option<u64>,
}

impl Quotient {
    /// The quotient of the sums of heaps of at most `max_heap` counters, of order at
    /// most 4096.
    ///
    /// # Errors
    /// [`crate::Error::Limit`] when the quotient (or a candidate on the way) is beyond
    /// the order limit or the search beyond its other limits; a stop requested through
    /// [`crate::limits`].
    pub fn compute(rule: &Rule, max_heap: u64) -> Result<Quotient> {
        Quotient::compute_with_limit(rule, max_heap, DEFAULT_MAX_ORDER)
    }

    /// As [`Quotient::compute`], with a quotient of order at most `max_order`.
    ///
    /// # Errors
    /// As [`Quotient::compute`].
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::Quotient;
    /// let nim = Rule::parse("subtraction:1,2,3,4,5,6").unwrap();
    /// let err = Quotient::compute_with_limit(&nim, 6, 8).unwrap_err();
    /// assert!(matches!(err, nimlab::Error::Limit(_)));
    /// ```
    pub fn compute_with_limit(rule: &Rule, max_heap: u64, max_order: usize) -> Result<Quotient> {
        if max_heap > 100_000 {
            return Err(crate::Error::limit(
                format!("a misère quotient to heap {max_heap}"),
                "heaps up to 100000",
            ));
        }
        let mut run = QuotientRun::new(rule, max_order)?;
        run.run_to(max_heap, |_| {})?;
        Ok(run.quotient())
    }

    /// The monoid (element 0 the identity, generators as [`Quotient::generators`]).
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::Quotient;
    /// // Misère Kayles to heap 4: T2.
    /// let q = Quotient::compute(&Rule::parse("0.77").unwrap(), 4).unwrap();
    /// assert_eq!(q.monoid().order(), 6);
    /// ```
    pub fn monoid(&self) -> &Monoid {
        &self.monoid
    }

    /// Whether element `x` is in P.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::Quotient;
    /// // Misère Kayles to heap 4: T2.
    /// let q = Quotient::compute(&Rule::parse("0.77").unwrap(), 4).unwrap();
    /// // Heap 1 alone: the player to move takes it and loses.
    /// assert!(q.is_p(q.pretending_elements[1]));
    /// ```
    pub fn is_p(&self, x: u32) -> bool {
        self.p.get(x as usize).copied().unwrap_or(false)
    }

    /// The element of a sum of heaps, `None` when a heap is beyond the quotient's last and
    /// no proved period covers it ([`Quotient::heap_element`]).
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::Quotient;
    /// // Misère Kayles to heap 4: T2.
    /// let q = Quotient::compute(&Rule::parse("0.77").unwrap(), 4).unwrap();
    /// assert_eq!(q.element(&[1, 1]), Some(0));
    /// assert_eq!(q.element(&[5]), None);
    /// ```
    pub fn element(&self, heaps: &[u64]) -> Option<u32> {
        let mut x = 0;
        for &h in heaps {
            let y = self.heap_element(h)?;
            x = self.monoid.product(x, y);
        }
        Some(x)
    }

    /// Whether a sum of heaps is a misère P-position (the player to move loses, the
    /// player who takes the last counter losing), `None` when a heap is not covered
    /// ([`Quotient::element`]).
    pub fn is_p_position(&self, heaps: &[u64]) -> Option<bool> {
        self.element(heaps).map(|x| self.is_p(x))
    }
}

/// The shortest period of the pretending values with a preperiod after which the values
/// seen prove it, else the shortest seen at least twice after its preperiod.
pub(crate) fn periodicity(rule: &Rule, phi: &[u32]) -> Option<Periodicity> {
    let len = phi.len();
    let h = rule.max_heaps_left();
    let mut observed = None;
    for p in 1..=len / 2 {
        // The least n0 with phi[i + p] = phi[i] for n0 ≤ i < len − p.
        let mut n0 = len - p;
        while n0 > 0 && phi[n0 - 1 + p] == phi[n0 - 1] {
            n0 -= 1;
        }
        let needed = rule
            .proof_length(n0 as u64, p as u64)
            .and_then(|b| b.checked_add(h));
        if needed.is_some_and(|b| b <= len as u64) {
            return Some(Periodicity {
                preperiod: n0 as u64,
                period: p as u64,
                proved: true,
                values_needed: needed,
            });
        }
        if observed.is_none() && len - n0 >= 2 * p && len - n0 > p + 2 {
            observed = Some(Periodicity {
                preperiod: n0 as u64,
                period: p as u64,
                proved: false,
                values_needed: needed,
            });
        }
    }
    observed
}
