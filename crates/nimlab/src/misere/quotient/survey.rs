//! A survey of misère quotients: every octal code up to a number of digits (the codes of
//! the normal-play survey, [`crate::heap::survey_octal`]), each computed to a heap under
//! a budget, codes with the same quotient grouped, with the order, P-portion, generators,
//! last change of presentation and periodicity of each.

use super::run::QuotientRun;
use super::{Periodicity, Quotient};
use crate::heap::{octal_codes, Rule};
use crate::{Error, Result};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::Serialize;

/// What each code of a survey may take: a budget that does not depend on the machine,
/// so that a survey gives the same table everywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SurveyBudget {
    /// The largest quotient.
    pub max_order: usize,
    /// The most work for one code, in the units of [`QuotientRun::work`].
    pub max_work: u64,
}

impl Default for SurveyBudget {
    /// Order 1024 and 5·10^9 units of work: at most some ten seconds for a code on a
    /// machine of today.
    fn default() -> SurveyBudget {
        SurveyBudget {
            max_order: 1024,
            max_work: 5_000_000_000,
        }
    }
}

/// Why a code's quotient was not computed to the survey's last heap.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Stop {
    /// The quotient of heaps 0 … `heap` is beyond the order limit.
    Order {
        /// The first heap not done.
        heap: u64,
        /// The order limit.
        limit: usize,
    },
    /// The work budget ran out at `heap`.
    Work {
        /// The first heap not done.
        heap: u64,
        /// The work budget.
        limit: u64,
    },
    /// Another limit of the solver at `heap`.
    Other {
        /// The first heap not done.
        heap: u64,
        /// The limit, in words.
        limit: String,
    },
}

impl Stop {
    /// The first heap not done.
    pub fn heap(&self) -> u64 {
        match self {
            Stop::Order { heap, .. } | Stop::Work { heap, .. } | Stop::Other { heap, .. } => *heap,
        }
    }
}

/// One group of codes with the same quotient (the same pretending function, P and
/// presentation) over the heaps done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QuotientSurveyRow {
    /// The codes, in order (`0.07`, `0.17`, …).
    pub codes: Vec<String>,
    /// The largest heap done: the survey's last heap unless `stopped`.
    pub heaps: u64,
    /// The order of the quotient of heaps 0 … `heaps`.
    pub order: usize,
    /// How many elements are in P.
    pub p_size: usize,
    /// How many generators.
    pub generators: usize,
    /// The heap at which the presentation last changed.
    pub last_change: Option<u64>,
    /// The period of the pretending function, when one is seen (proved for every code
    /// of the group when `proved` is).
    pub periodicity: Option<Periodicity>,
    /// Why the quotient stops before the survey's last heap.
    pub stopped: Option<Stop>,
    /// The quotient's presentation (`a^2 = 1`, …).
    pub relations: Vec<String>,
    /// The elements of P.
    pub p_portion: Vec<String>,
    /// The pretending function of the first heaps (from heap 0).
    pub first_pretending: Vec<String>,
}

/// A survey's table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QuotientSurvey {
    /// The most digits of the codes.
    pub digits: usize,
    /// The largest heap asked for.
    pub to: u64,
    /// The budget of each code.
    pub budget: SurveyBudget,
    /// How many codes.
    pub codes: usize,
    /// The groups of codes, in the order of their first code.
    pub rows: Vec<QuotientSurveyRow>,
}

/// The misère quotients of every octal code `0.d1…dk` with 1 ≤ k ≤ `digits`, each to heap
/// `to` or until its budget runs out, in parallel.
///
/// ```
/// use nimlab::misere::quotient::{survey_quotients, SurveyBudget};
/// let s = survey_quotients(1, 12, SurveyBudget::default()).unwrap();
/// assert_eq!(s.codes, 7);
/// // 0.3 and 0.7 (take one counter, leaving no heap or one): misère Nim's heaps of 0
/// // and 1, the quotient T1 of order 2, P = {a}.
/// let row = s.rows.iter().find(|r| r.codes.contains(&"0.3".to_string())).unwrap();
/// assert!(row.codes.contains(&"0.7".to_string()));
/// assert_eq!((row.order, row.p_portion.clone()), (2, vec!["a".to_string()]));
/// assert!(row.periodicity.is_some_and(|p| p.proved));
/// ```
///
/// # Errors
/// [`Error::Limit`] for more than [`crate::heap::MAX_SURVEY_DIGITS`] digits or a heap
/// beyond [`MAX_QUOTIENT_HEAP`](crate::misere::quotient::MAX_QUOTIENT_HEAP); a stop requested through [`crate::limits`].
pub fn survey_quotients(digits: usize, to: u64, budget: SurveyBudget) -> Result<QuotientSurvey> {
    if to > super::run::MAX_QUOTIENT_HEAP {
        return Err(Error::limit(
            format!("a survey of misère quotients to heap {to}"),
            format!("heaps up to {}", super::run::MAX_QUOTIENT_HEAP),
        ));
    }
    let codes = octal_codes(digits, 0)?;
    let count = codes.len();
    // The workers run in the caller's limits too (Ctrl-C, time and memory); one code at
    // a time for each thread, as in the normal-play survey, so that a thread whose core
    // another program keeps busy holds up at most the code it is on.
    let stop = crate::limits::current().unwrap_or_default();
    let results: Vec<(String, Quotient, Option<Stop>)> = codes
        .into_par_iter()
        .with_max_len(1)
        .map(|code| {
            stop.check()?;
            let rule = Rule::take_break(code);
            let (q, stopped) = stop.scope(|| quotient_within(&rule, to, budget))?;
            Ok((rule.to_string(), q, stopped))
        })
        .collect::<Result<_>>()?;
    type Key<'a> = (&'a [u32], &'a [String], &'a [String], &'a Option<Stop>);
    let mut groups: FxHashMap<Key<'_>, Vec<usize>> = FxHashMap::default();
    let mut firsts = Vec::new();
    for (i, (_, q, stopped)) in results.iter().enumerate() {
        let key = (
            q.pretending_elements.as_slice(),
            q.relations.as_slice(),
            q.p_portion.as_slice(),
            stopped,
        );
        let members = groups.entry(key).or_default();
        if members.is_empty() {
            firsts.push(key);
        }
        members.push(i);
    }
    let rows = firsts
        .into_iter()
        .map(|key| {
            let members = &groups[&key];
            let (_, q, stopped) = &results[members[0]];
            let periodicity = q.periodicity.map(|p| Periodicity {
                proved: members
                    .iter()
                    .all(|&i| results[i].1.periodicity.is_some_and(|p| p.proved)),
                ..p
            });
            QuotientSurveyRow {
                codes: members.iter().map(|&i| results[i].0.clone()).collect(),
                heaps: q.max_heap,
                order: q.order,
                p_size: q.p_portion.len(),
                generators: q.generators.len(),
                last_change: q.changes.last().copied(),
                periodicity,
                stopped: stopped.clone(),
                relations: q.relations.clone(),
                p_portion: q.p_portion.clone(),
                first_pretending: q.pretending.iter().take(20).cloned().collect(),
            }
        })
        .collect();
    Ok(QuotientSurvey {
        digits,
        to,
        budget,
        codes: count,
        rows,
    })
}

/// The quotient of `rule` to heap `to`, or of the heaps done when the budget (or another
/// of the solver's limits) stops it, with why.
fn quotient_within(rule: &Rule, to: u64, budget: SurveyBudget) -> Result<(Quotient, Option<Stop>)> {
    let mut run = QuotientRun::with_budget(rule, budget.max_order, Some(budget.max_work))?;
    match run.run_to(to, |_| {}) {
        Ok(()) => Ok((run.quotient(), None)),
        Err(Error::Limit(limit)) => {
            let heap = run.heaps() + 1;
            let stop = if limit.limit == format!("{} units of work", budget.max_work) {
                Stop::Work {
                    heap,
                    limit: budget.max_work,
                }
            } else if limit.limit == format!("order {}", budget.max_order) {
                Stop::Order {
                    heap,
                    limit: budget.max_order,
                }
            } else {
                Stop::Other {
                    heap,
                    limit: limit.limit,
                }
            };
            Ok((run.quotient(), Some(stop)))
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The survey's quotients are those of [`Quotient::compute`] for every code that
    /// finishes, and codes of a group share their quotient.
    #[test]
    fn the_survey_agrees_with_compute() {
        let s = survey_quotients(2, 10, SurveyBudget::default()).unwrap();
        assert_eq!(s.codes, 63);
        assert_eq!(s.rows.iter().map(|r| r.codes.len()).sum::<usize>(), 63);
        for row in &s.rows {
            for code in &row.codes {
                let q = Quotient::compute(&Rule::parse(code).unwrap(), row.heaps).unwrap();
                assert_eq!(
                    (q.order, q.p_portion.len(), &q.relations),
                    (row.order, row.p_size, &row.relations),
                    "{code}"
                );
                assert_eq!(
                    &q.pretending[..row.first_pretending.len()],
                    row.first_pretending
                );
            }
        }
    }

    /// Tame games: to heap 4, Kayles (0.77) has misère Nim's quotient T2 =
    /// ⟨a, b | a^2 = 1, b^3 = b⟩, P = {a, b^2}; 0.3 and 0.7 (heaps of 0 and 1 only, the
    /// others with no move or one to the heap of 1 less) T1 = ⟨a | a^2 = 1⟩, P = {a}.
    #[test]
    fn tame_games_have_the_tame_quotients() {
        let s = survey_quotients(2, 4, SurveyBudget::default()).unwrap();
        let row = |c: &str| {
            s.rows
                .iter()
                .find(|r| r.codes.iter().any(|x| x == c))
                .unwrap()
        };
        let kayles = row("0.77");
        assert_eq!(
            (kayles.order, kayles.p_portion.clone()),
            (6, vec!["a".into(), "b^2".into()])
        );
        assert_eq!(kayles.relations, ["a^2 = 1", "b^3 = b"]);
        for c in ["0.3", "0.7"] {
            assert_eq!(
                (row(c).order, row(c).relations.clone()),
                (2, vec!["a^2 = 1".into()])
            );
            assert_eq!(row(c).p_portion, ["a"]);
        }
    }

    /// A budget too small for a code stops it, with the quotient of the heaps done.
    #[test]
    fn budgets_stop_codes_where_they_run_out() {
        let tight = SurveyBudget {
            max_order: 6,
            max_work: u64::MAX,
        };
        let s = survey_quotients(2, 12, tight).unwrap();
        let dawson = s
            .rows
            .iter()
            .find(|r| r.codes.contains(&"0.07".into()))
            .unwrap();
        let Some(Stop::Order { heap, limit: 6 }) = dawson.stopped else {
            panic!("{:?}", dawson.stopped);
        };
        assert_eq!(dawson.heaps, heap - 1);
        let rule = Rule::parse("0.07").unwrap();
        assert!(Quotient::compute(&rule, heap).unwrap().order > 6);
        assert_eq!(
            Quotient::compute(&rule, heap - 1).unwrap().order,
            dawson.order
        );
        let work = SurveyBudget {
            max_order: 1024,
            max_work: 100,
        };
        let s = survey_quotients(1, 12, work).unwrap();
        assert!(s
            .rows
            .iter()
            .any(|r| matches!(r.stopped, Some(Stop::Work { limit: 100, .. }))));
    }
}
