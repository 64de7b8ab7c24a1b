//! A misère quotient computed step by step: one heap at a time, so that a front end can
//! show progress, stop at a time limit or on Ctrl-C with the quotient of the heaps done,
//! and keep the run in a checkpoint ([`QuotientRun::write_checkpoint`]) to resume later.

use super::solver::{Bounds, Solver};
use super::{monoid, periodicity, Quotient};
use crate::heap::Rule;
use crate::{Error, Result};

/// The largest quotient [`Quotient::compute`] allows.
pub const DEFAULT_MAX_ORDER: usize = 4096;

/// The largest heap a quotient is computed to.
pub const MAX_QUOTIENT_HEAP: u64 = 100_000;

/// A misère quotient being computed, heap by heap (after Siegel's MisereSolver): after
/// each step it is the quotient of the sums of heaps up to [`QuotientRun::heaps`], read
/// by [`QuotientRun::quotient`].
///
/// A step that fails (a limit, or a stop requested through [`crate::limits`]) leaves the
/// run as it was, so the quotient of the heaps done is still there.
///
/// ```
/// use nimlab::heap::Rule;
/// use nimlab::misere::quotient::{Quotient, QuotientRun};
/// let kayles = Rule::parse("0.77").unwrap();
/// let mut run = QuotientRun::new(&kayles, 4096).unwrap();
/// let mut orders = Vec::new();
/// run.run_to(4, |r| orders.push(r.order())).unwrap();
/// // Kayles: T1 at heap 1, then T2 (the quotient of misère Nim's heaps 1, 2, 3) to heap 4.
/// assert_eq!(orders, [2, 6, 6, 6]);
/// assert_eq!(run.heaps(), 4);
/// assert_eq!(run.quotient().relations, Quotient::compute(&kayles, 4).unwrap().relations);
/// ```
pub struct QuotientRun {
    rule: Rule,
    max_order: usize,
    max_work: Option<u64>,
    pub(super) solver: Solver,
}

impl QuotientRun {
    /// A run at heap 0 (the trivial quotient), for quotients of order at most
    /// `max_order`.
    ///
    /// # Errors
    /// [`Error::Limit`] for an order limit of 0.
    pub fn new(rule: &Rule, max_order: usize) -> Result<QuotientRun> {
        QuotientRun::with_budget(rule, max_order, None)
    }

    /// As [`QuotientRun::new`], the whole run also stopping after `max_work` units of
    /// work ([`QuotientRun::work`]) when given: a budget that, unlike a time limit, does
    /// not depend on the machine, so that runs stop at the same heap everywhere.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::QuotientRun;
    /// let mut run = QuotientRun::with_budget(&Rule::parse("0.07").unwrap(), 4096, Some(1000)).unwrap();
    /// let err = run.run_to(40, |_| {}).unwrap_err();
    /// assert!(err.to_string().contains("1000 units of work"), "{err}");
    /// // The heaps before the one that went over the budget are done.
    /// assert!(run.heaps() < 40 && run.quotient().max_heap == run.heaps());
    /// ```
    ///
    /// # Errors
    /// As [`QuotientRun::new`].
    pub fn with_budget(
        rule: &Rule,
        max_order: usize,
        max_work: Option<u64>,
    ) -> Result<QuotientRun> {
        if max_order == 0 {
            return Err(Error::limit(
                format!("a misère quotient of {rule}"),
                "order 0 (every quotient has an identity)",
            ));
        }
        let solver = Solver::new(rule.clone(), bounds(max_order, max_work))?;
        Ok(QuotientRun {
            rule: rule.clone(),
            max_order,
            max_work,
            solver,
        })
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// The order limit.
    pub fn max_order(&self) -> usize {
        self.max_order
    }

    /// The work budget, when there is one.
    pub fn max_work(&self) -> Option<u64> {
        self.max_work
    }

    /// The largest heap done (0 at the start).
    pub fn heaps(&self) -> u64 {
        self.solver.pre.phi.len() as u64 - 1
    }

    /// The order of the quotient of the heaps done.
    pub fn order(&self) -> usize {
        self.solver.pre.monoid.order()
    }

    /// The work done so far: table entries made and states of sums of heaps examined.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::QuotientRun;
    /// let mut run = QuotientRun::new(&Rule::parse("0.77").unwrap(), 4096).unwrap();
    /// run.step().unwrap();
    /// let one = run.work();
    /// run.step().unwrap();
    /// assert!(0 < one && one < run.work());
    /// ```
    pub fn work(&self) -> u64 {
        self.solver.work()
    }

    /// Adds the next heap.
    ///
    /// # Errors
    /// [`Error::Limit`] past the order limit, the work budget, heap
    /// [`MAX_QUOTIENT_HEAP`](crate::misere::quotient::MAX_QUOTIENT_HEAP) or the solver's other limits; a stop requested through
    /// [`crate::limits`]. The run is then left at the heaps done, its work that of the
    /// heaps done (so that a run stopped and resumed does the work of one that was not).
    pub fn step(&mut self) -> Result<()> {
        if self.heaps() >= MAX_QUOTIENT_HEAP {
            return Err(Error::limit(
                format!(
                    "a misère quotient of {} to heap {}",
                    self.rule,
                    self.heaps() + 1
                ),
                format!("heaps up to {MAX_QUOTIENT_HEAP}"),
            ));
        }
        crate::limits::check()?;
        self.solver.next()
    }

    /// Steps to heap `max_heap`, calling `each` after every heap.
    ///
    /// # Errors
    /// As [`QuotientRun::step`]: the run is left at the last heap done.
    pub fn run_to(&mut self, max_heap: u64, mut each: impl FnMut(&QuotientRun)) -> Result<()> {
        self.check_target(max_heap)?;
        while self.heaps() < max_heap {
            self.step()?;
            each(self);
        }
        Ok(())
    }

    /// Whether a run to heap `max_heap` is within [`MAX_QUOTIENT_HEAP`](crate::misere::quotient::MAX_QUOTIENT_HEAP), to refuse it
    /// before starting.
    ///
    /// # Errors
    /// [`Error::Limit`] past heap [`MAX_QUOTIENT_HEAP`](crate::misere::quotient::MAX_QUOTIENT_HEAP).
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::QuotientRun;
    /// let run = QuotientRun::new(&Rule::parse("0.77").unwrap(), 4096).unwrap();
    /// assert!(run.check_target(100).is_ok());
    /// assert!(run.check_target(10_000_000).is_err());
    /// ```
    pub fn check_target(&self, max_heap: u64) -> Result<()> {
        if max_heap > MAX_QUOTIENT_HEAP {
            return Err(Error::limit(
                format!("a misère quotient of {} to heap {max_heap}", self.rule),
                format!("heaps up to {MAX_QUOTIENT_HEAP}"),
            ));
        }
        Ok(())
    }

    /// The quotient of the sums of the heaps done.
    pub fn quotient(&self) -> Quotient {
        let pre = &self.solver.pre;
        let monoid = pre.monoid.clone();
        let word = |x: u32| monoid.word(x).to_string();
        let phi = pre.phi.clone();
        Quotient {
            rule: self.rule.to_string(),
            max_heap: self.heaps(),
            order: monoid.order(),
            generators: (0..monoid.generators()).map(monoid::letter).collect(),
            relations: monoid
                .presentation()
                .iter()
                .map(|r| r.to_string())
                .collect(),
            p_portion: (0..monoid.order() as u32)
                .filter(|&x| pre.p[x as usize])
                .map(word)
                .collect(),
            pretending: phi.iter().map(|&x| word(x)).collect(),
            periodicity: periodicity(&self.rule, &phi),
            pretending_elements: phi,
            changes: self.solver.changes.clone(),
            p: pre.p.clone(),
            monoid,
        }
    }
}

impl std::fmt::Debug for QuotientRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QuotientRun")
            .field("rule", &self.rule.to_string())
            .field("heaps", &self.heaps())
            .field("order", &self.order())
            .field("max_order", &self.max_order)
            .field("max_work", &self.max_work)
            .field("work", &self.work())
            .finish()
    }
}

/// The solver's bounds for an order limit and a work budget.
pub(super) fn bounds(max_order: usize, max_work: Option<u64>) -> Bounds {
    Bounds {
        max_order,
        max_trial: 1 << 25,
        max_states: 1 << 25,
        max_rounds: 64,
        max_work: max_work.unwrap_or(u64::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run stopped at every heap and taken on gives the quotient of one uninterrupted
    /// computation, heap by heap.
    #[test]
    fn steps_give_the_quotients_of_each_heap() {
        for code in ["0.77", "0.75", "0.137", "subtraction:1,2,3,4"] {
            let rule = Rule::parse(code).unwrap();
            let mut run = QuotientRun::new(&rule, 4096).unwrap();
            for n in 1..=12 {
                run.step().unwrap();
                let q = run.quotient();
                let straight = Quotient::compute(&rule, n).unwrap();
                assert_eq!(q.max_heap, n);
                assert_eq!(
                    (&q.pretending, &q.relations, &q.p_portion, &q.changes),
                    (
                        &straight.pretending,
                        &straight.relations,
                        &straight.p_portion,
                        &straight.changes
                    ),
                    "{code} at heap {n}"
                );
            }
        }
    }

    /// A step past the order limit leaves the run at the heaps done (Dawson's Kayles,
    /// 0.07, whose quotient grows past order 6 within ten heaps).
    #[test]
    fn a_failed_step_leaves_the_run_as_it_was() {
        let rule = Rule::parse("0.07").unwrap();
        let mut run = QuotientRun::new(&rule, 6).unwrap();
        let err = run.run_to(10, |_| {}).unwrap_err();
        assert!(matches!(err, Error::Limit(_)), "{err}");
        let h = run.heaps();
        let q = run.quotient();
        assert!(q.order <= 6 && q.max_heap == h);
        assert!(Quotient::compute(&rule, h + 1).unwrap().order > 6);
        // The run fails again at the same heap, in the same way, and the work of the
        // failed steps is not counted.
        let work = run.work();
        assert_eq!(run.step().unwrap_err().to_string(), err.to_string());
        assert_eq!(run.work(), work);
        assert_eq!(run.heaps(), h);
        assert_eq!(
            run.quotient().pretending,
            Quotient::compute(&rule, h).unwrap().pretending
        );
    }

    #[test]
    fn limits_are_errors() {
        let rule = Rule::parse("0.77").unwrap();
        assert!(QuotientRun::new(&rule, 0).is_err());
        let mut run = QuotientRun::new(&rule, 16).unwrap();
        let err = run.run_to(MAX_QUOTIENT_HEAP + 1, |_| {}).unwrap_err();
        assert!(err.to_string().contains("heaps up to 100000"), "{err}");
        assert_eq!(run.heaps(), 0);
    }
}
