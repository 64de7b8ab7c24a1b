//! What the one-heap-at-a-time games with a closed form share: `halving`, `proportional`
//! and `peggy`.
//!
//! Each of these games is played on several heaps; a move changes one heap, so a position
//! is the disjoint sum of its heaps and its value is the nim-sum of the heaps' values. The
//! game file gives the rule for one heap (its moves, its value in closed form, the heaps of
//! a given value it can reach, its misère outcome when it is alone); this module turns that
//! into the [`ImpartialGame`](crate::impartial::ImpartialGame) and
//! [`Rules`](crate::games::Rules) methods.

use crate::games::args::{naturals, Arg};
use crate::games::rules::MAX_OPTIONS;
use crate::{Error, Outcome, Result};

/// The most search steps (positions × moves per position) of a misère search over
/// several heaps that still have moves.
pub(crate) const MAX_MISERE_WORK: u64 = 50_000_000;

/// The rule for one heap of a game played on heaps, one heap per move.
pub(crate) trait HeapRule {
    /// The game id.
    const ID: &'static str;

    /// The Grundy value of one heap of `n`.
    fn heap_value(n: u64) -> u64;

    /// How many moves a heap of `n` has.
    fn move_count(n: u64) -> u64;

    /// Calls `f` with every size a heap of `n` can be left at, the smallest take first.
    fn for_each_option(n: u64, f: impl FnMut(u64));

    /// Every size a heap of `n` can be left at whose value is `w`, the smallest take first.
    fn options_of_value(n: u64, w: u64) -> Vec<u64>;

    /// The value of one heap of `n`, worked out in words (`6 = 110₂ → 11₂ = 3`).
    fn explain_heap(n: u64) -> String;

    /// The closed form for one heap, in words.
    const VALUE_RULE: &'static str;

    /// Whether a heap of `n` can be left at `m` in one move.
    fn can_leave(n: u64, m: u64) -> bool;

    /// Whether a heap of `n`, with every other heap unable to move, is a misère P-position.
    fn misere_p_alone(n: u64) -> bool;

    /// Every heap size (at most a few dozen) for which [`HeapRule::misere_p_alone`] holds.
    fn misere_p_heaps() -> Vec<u64>;

    /// The misère closed form for one heap, in words.
    const MISERE_RULE: &'static str;
}

/// Implements [`crate::impartial::ImpartialGame`] and [`crate::games::Rules`] for a
/// [`HeapRule`] game with id `$id`: every method delegates to this module.
macro_rules! heap_rule_game {
    ($t:ty, $id:literal) => {
        impl $crate::impartial::ImpartialGame for $t {
            type Position = Vec<u64>;

            fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
                $crate::games::heap_rule::options::<$t>(heaps, out);
            }

            fn components(&self, heaps: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
                $crate::games::heap_rule::components(heaps)
            }

            fn closed_form(&self, heaps: &Vec<u64>) -> Option<u64> {
                Some($crate::games::heap_rule::value::<$t>(heaps))
            }

            fn dense_index(&self, heaps: &Vec<u64>) -> Option<usize> {
                $crate::games::heap_rule::single_heap_index(heaps)
            }

            fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
                $crate::games::heap_rule::canonical_heaps(heaps, |h| {
                    <$t as $crate::games::heap_rule::HeapRule>::move_count(h) > 0
                })
            }
        }

        impl $crate::games::Rules for $t {
            fn id(&self) -> String {
                $id.to_string()
            }

            fn format(&self, heaps: &Vec<u64>) -> String {
                $crate::games::format_heaps(heaps)
            }

            fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
                $crate::games::describe_heap_change(from, to)
            }

            fn read_move(
                &self,
                heaps: &Vec<u64>,
                text: &str,
            ) -> Option<std::result::Result<Vec<u64>, String>> {
                $crate::games::read_heap_move_of(self, heaps, text)
            }

            fn figure(&self, heaps: &Vec<u64>) -> Option<$crate::games::Figure> {
                Some($crate::games::Figure::new($crate::games::Shape::Heaps(
                    $crate::games::Heap::live("heap", heaps),
                )))
            }

            fn options_of_value(
                &self,
                heaps: &Vec<u64>,
                target: u64,
                hits: &mut crate::games::rules::Hits<Vec<u64>>,
            ) -> Option<()> {
                $crate::games::heap_rule::options_of_value::<$t>(heaps, target, hits);
                Some(())
            }

            fn rule(&self, heaps: &Vec<u64>) -> Option<String> {
                Some($crate::games::heap_rule::rule::<$t>(heaps))
            }

            fn misere_rule(&self, heaps: &Vec<u64>) -> Option<String> {
                $crate::games::heap_rule::misere_rule::<$t>(heaps)
            }

            fn misere_closed_form(&self, heaps: &Vec<u64>) -> Option<$crate::Outcome> {
                $crate::games::heap_rule::misere_closed_form::<$t>(heaps)
            }

            fn misere_winning_options(&self, heaps: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
                $crate::games::heap_rule::misere_winning_options::<$t>(heaps)
            }

            fn check_searchable(&self, heaps: &Vec<u64>) -> $crate::Result<()> {
                $crate::games::heap_rule::check_searchable::<$t>(heaps)
            }
        }
    };
}

pub(crate) use heap_rule_game;

/// Reads heap sizes; at least one.
pub(crate) fn read_heaps<R: HeapRule>(args: &[Arg<'_>]) -> Result<Vec<u64>> {
    if args.is_empty() {
        return Err(Error::position(
            R::ID,
            "no heaps given; write heap sizes, e.g. `7 6 8 4`",
        ));
    }
    naturals(args, "a heap size")
}

pub(crate) fn options<R: HeapRule>(heaps: &[u64], out: &mut Vec<Vec<u64>>) {
    for (i, &h) in heaps.iter().enumerate() {
        R::for_each_option(h, |m| {
            let mut next = heaps.to_vec();
            next[i] = m;
            out.push(next);
        });
    }
}

pub(crate) fn components(heaps: &[u64]) -> Option<Vec<Vec<u64>>> {
    (heaps.len() > 1).then(|| heaps.iter().map(|&h| vec![h]).collect())
}

/// The heaps that can move (`live`), smallest first: a position of heaps is the same game
/// whatever their order, and a heap without moves adds nothing to a sum.
pub(crate) fn canonical_heaps(heaps: &[u64], live: impl Fn(u64) -> bool) -> Vec<u64> {
    let mut out: Vec<u64> = heaps.iter().copied().filter(|&h| live(h)).collect();
    out.sort_unstable();
    out
}

/// A position of one heap is numbered by its size.
pub(crate) fn single_heap_index(heaps: &[u64]) -> Option<usize> {
    match heaps {
        [h] => usize::try_from(*h).ok(),
        _ => None,
    }
}

pub(crate) fn value<R: HeapRule>(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, &h| acc ^ R::heap_value(h))
}

/// Every option of value `target`: in heap i the heap must move to value
/// total ⊕ value(heap i) ⊕ target.
pub(crate) fn options_of_value<R: HeapRule>(
    heaps: &[u64],
    target: u64,
    hits: &mut crate::games::rules::Hits<Vec<u64>>,
) {
    let total = value::<R>(heaps);
    for (i, &h) in heaps.iter().enumerate() {
        for m in R::options_of_value(h, total ^ R::heap_value(h) ^ target) {
            hits.add(|| {
                let mut next = heaps.to_vec();
                next[i] = m;
                next
            });
        }
    }
}

pub(crate) fn rule<R: HeapRule>(heaps: &[u64]) -> String {
    let parts: Vec<String> = heaps.iter().map(|&h| R::explain_heap(h)).collect();
    let mut text = format!("{} Here: {}", R::VALUE_RULE, parts.join(", "));
    if heaps.len() > 1 {
        text.push_str(&format!(
            "; the heaps' values are nim-added, giving {}.",
            value::<R>(heaps)
        ));
    } else {
        text.push('.');
    }
    text
}

/// The heap that can still move, when at most one can: `Ok(None)` when none can,
/// `Err(())` when two or more can.
fn only_live_heap<R: HeapRule>(heaps: &[u64]) -> std::result::Result<Option<u64>, ()> {
    let mut live = heaps.iter().filter(|&&h| R::move_count(h) > 0);
    match (live.next(), live.next()) {
        (None, _) => Ok(None),
        (Some(&h), None) => Ok(Some(h)),
        _ => Err(()),
    }
}

/// The misère outcome when at most one heap can move (the others take no part in play).
pub(crate) fn misere_closed_form<R: HeapRule>(heaps: &[u64]) -> Option<Outcome> {
    match only_live_heap::<R>(heaps) {
        // No move at all: the player to move has not made the last move and wins.
        Ok(None) => Some(Outcome::N),
        Ok(Some(h)) => Some(Outcome::from_grundy_zero(R::misere_p_alone(h))),
        Err(()) => None,
    }
}

/// The misère winning moves when at most one heap can move: to a heap that is a misère
/// P-position alone.
pub(crate) fn misere_winning_options<R: HeapRule>(heaps: &[u64]) -> Option<Vec<Vec<u64>>> {
    let mut hits = Vec::new();
    only_live_heap::<R>(heaps).ok()?;
    for (i, &h) in heaps.iter().enumerate() {
        for m in R::misere_p_heaps().into_iter().rev() {
            if R::can_leave(h, m) {
                let mut next = heaps.to_vec();
                next[i] = m;
                hits.push(next);
            }
        }
    }
    Some(hits)
}

pub(crate) fn misere_rule<R: HeapRule>(heaps: &[u64]) -> Option<String> {
    match only_live_heap::<R>(heaps) {
        Ok(None) => Some(
            "No heap has a move: the player to move has not made the last move and wins."
                .to_string(),
        ),
        Ok(Some(h)) => Some(format!(
            "Only the heap of {h} can move. {} Here the heap of {h} is {}.",
            R::MISERE_RULE,
            if R::misere_p_alone(h) {
                "a P-position: the player to move loses"
            } else {
                "an N-position: the player to move wins"
            }
        )),
        Err(()) => None,
    }
}

/// Refuses to list the moves of, or search in misère play, a position too large.
///
/// With one live heap only the move list counts (misère play has a closed form); with several, the misère search visits up to Π(hᵢ + 1) positions of
/// up to Σ moves(hᵢ) moves each.
pub(crate) fn check_searchable<R: HeapRule>(heaps: &[u64]) -> Result<()> {
    let moves = heaps
        .iter()
        .fold(0u64, |acc, &h| acc.saturating_add(R::move_count(h)));
    if moves > MAX_OPTIONS as u64 {
        return Err(Error::limit(
            format!("listing the {moves} moves of this {} position", R::ID),
            format!("{MAX_OPTIONS} moves"),
        ));
    }
    if only_live_heap::<R>(heaps).is_ok() {
        return Ok(());
    }
    let positions = heaps
        .iter()
        .filter(|&&h| R::move_count(h) > 0)
        .fold(1u64, |acc, &h| acc.saturating_mul(h.saturating_add(1)));
    if positions.saturating_mul(moves.saturating_add(1)) > MAX_MISERE_WORK {
        return Err(Error::limit(
            format!(
                "a misère search of {} with several live heaps, about {positions} positions of up to {moves} moves each,",
                R::ID
            ),
            format!(
                "{MAX_MISERE_WORK} steps (positions × moves); normal play has a closed form for any heaps"
            ),
        ));
    }
    Ok(())
}

/// `n` in binary followed by ₂.
pub(crate) fn binary(n: u128) -> String {
    format!("{n:b}₂")
}

/// Holds the misère closed forms of a game against search: every heap below `max`, alone
/// or beside heaps that cannot move, and the misère winning moves from it.
#[cfg(test)]
pub(crate) fn assert_misere_alone_matches_search<G>(game: G, dead: &[u64], max: u64)
where
    G: HeapRule + crate::games::Rules<Position = Vec<u64>> + Copy,
{
    use crate::impartial::MisereSolver;
    let mut solver = MisereSolver::new(game);
    for n in 0..max {
        for with_dead in [false, true] {
            let mut heaps = if with_dead { dead.to_vec() } else { Vec::new() };
            heaps.push(n);
            let searched = solver.outcome(&heaps).unwrap();
            assert_eq!(game.misere_closed_form(&heaps), Some(searched), "{heaps:?}");
            let mut winning = Vec::new();
            game.options(&heaps, &mut winning);
            winning.retain(|o| solver.outcome(o).unwrap() == Outcome::P);
            assert_eq!(
                game.misere_winning_options(&heaps),
                Some(winning),
                "{heaps:?}"
            );
        }
    }
    let listed: Vec<u64> = G::misere_p_heaps();
    assert!(listed.iter().all(|&n| G::misere_p_alone(n)));
    let below: Vec<u64> = listed.into_iter().filter(|&n| n < max).collect();
    assert_eq!(
        below,
        (0..max)
            .filter(|&n| G::misere_p_alone(n))
            .collect::<Vec<_>>()
    );
}

/// Holds a heap rule's pieces against each other for every heap below `max`: the listed
/// moves, their count, `can_leave`, and the moves to each value.
#[cfg(test)]
pub(crate) fn assert_heap_rule_consistent<R: HeapRule>(max: u64) {
    for n in 0..max {
        let mut listed = Vec::new();
        R::for_each_option(n, |m| listed.push(m));
        assert_eq!(listed.len() as u64, R::move_count(n), "heap {n}");
        for m in 0..n + 2 {
            assert_eq!(R::can_leave(n, m), listed.contains(&m), "heap {n} to {m}");
        }
        for w in 0..=R::heap_value(n) + 2 {
            let of_value: Vec<u64> = listed
                .iter()
                .copied()
                .filter(|&m| R::heap_value(m) == w)
                .collect();
            assert_eq!(R::options_of_value(n, w), of_value, "heap {n}, value {w}");
        }
    }
}
