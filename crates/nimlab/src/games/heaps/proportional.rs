//! Proportional Nim (`proportional`; Proporciální NIM in text 000): heaps; a move removes
//! k counters from one heap of n, where 1 ≤ k < n/2 + 1 (so k ≤ ⌈n/2⌉: half the heap,
//! rounded up). Only a heap of 0 has no move. The heaps are a disjoint sum: the value is
//! the nim-sum of the heaps' values.
//!
//! **Value of one heap** (closed form, heaps of any size): a heap of n plays exactly as a
//! heap of n + 1 in Halving Nim ([`crate::games::halving`], remove at most ⌊n/2⌋): the options of
//! n here are ⌊n/2⌋ … n − 1, those of n + 1 there are ⌈(n+1)/2⌉ … n, each one more. So
//! the value of n is n + 1 written in binary with its trailing 1s and the 0 above them
//! struck off: 5 → 6 = 110₂ → 11₂ = 3, 6 → 7 = 111₂ → 0. The P-positions of one heap are
//! 0, 2, 6, 14, 30, … = 2^k − 2. Tests hold this against the generic search.
//!
//! **Misère play.** By the same correspondence (the heap 0 here has no move, as the heap 1
//! there), a heap of n alone (every other heap empty) is a misère P-position exactly when
//! n + 1 = 3·2^k − 1, that is n = 3·2^k − 2: 1, 4, 10, 22, 46, … Positions with several
//! non-empty heaps are searched (with a limit).
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("proportional", &["14"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(0u64));
//! let p = cat.parse_position("proportional", &["10"], 1).unwrap();
//! // From 10 one may leave 5 … 9; 6 is a P-position.
//! let win = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! assert_eq!(win.moves[0].to.notation(), "6");
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::heap_rule::{self, binary, HeapRule};
use crate::games::rules::Typed;
use crate::Result;

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "proportional",
        usage: "proportional",
        summary: "heaps; remove k counters from one heap of n, 1 ≤ k < n/2 + 1",
        position: "heap sizes, e.g. `proportional 5 10`",
        example: "proportional 5 10",
        start: "10 7",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(Proportional, read_heaps(args)?))),
    }
}

fn read_heaps(args: &[Arg<'_>]) -> Result<Vec<u64>> {
    heap_rule::read_heaps::<Proportional>(args)
}

/// The game `proportional`; a position is a list of heap sizes.
///
/// ```
/// use nimlab::impartial::GrundySolver;
/// use nimlab::games::proportional::Proportional;
/// // 5 → 6 = 110₂ → 3 and 9 → 10 = 1010₂ → 101₂ = 5: 3 ⊕ 5 = 6.
/// assert_eq!(GrundySolver::new(Proportional).value(&vec![5, 9]).unwrap(), 6);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Proportional;

/// The value of one heap of `n`: n + 1 with its trailing 1s and the 0 above them struck off.
///
/// ```
/// use nimlab::games::proportional::heap_value;
/// let v: Vec<u64> = (0..15).map(heap_value).collect();
/// assert_eq!(v, vec![0, 1, 0, 2, 1, 3, 0, 4, 2, 5, 1, 6, 3, 7, 0]);
/// assert_eq!(heap_value(u64::MAX), 1 << 63);
/// ```
pub fn heap_value(n: u64) -> u64 {
    let m = u128::from(n) + 1;
    // m < 2^65, so the shift (at most 65) stays inside 128 bits and the result fits.
    (m >> (m.trailing_ones() + 1)) as u64
}

/// Every size a heap of `n` can be left at whose value is `w`, the smallest take first.
///
/// ```
/// use nimlab::games::proportional::heap_moves_to_value;
/// assert_eq!(heap_moves_to_value(10, 0), vec![6]);
/// assert_eq!(heap_moves_to_value(3, 0), vec![2]);
/// ```
pub fn heap_moves_to_value(n: u64, w: u64) -> Vec<u64> {
    let (lo, hi) = (u128::from(n / 2), u128::from(n));
    let mut out: Vec<u64> = crate::games::halving::heaps_of_value(w)
        .filter_map(|m| m.checked_sub(1))
        .skip_while(|&m| m < lo)
        .take_while(|&m| m < hi)
        .filter_map(|m| u64::try_from(m).ok())
        .collect();
    out.reverse();
    out
}

/// Whether a heap of `n` on its own is a misère P-position: n = 3·2^k − 2.
///
/// ```
/// let p: Vec<u64> = (0..100).filter(|&n| nimlab::games::proportional::misere_p_alone(n)).collect();
/// assert_eq!(p, vec![1, 4, 10, 22, 46, 94]);
/// ```
pub fn misere_p_alone(n: u64) -> bool {
    let m = u128::from(n) + 2;
    m % 3 == 0 && (m / 3).is_power_of_two()
}

impl HeapRule for Proportional {
    const ID: &'static str = "proportional";
    const VALUE_RULE: &'static str = "A heap of n plays as a heap of n + 1 in Halving Nim: its value is n + 1 written in binary with its trailing 1s and the 0 above them struck off.";
    const MISERE_RULE: &'static str = "A heap alone is a misère P-position exactly when it is 3·2^k − 2 (1, 4, 10, 22, …): from any other non-empty heap move to the largest such number below it.";

    fn heap_value(n: u64) -> u64 {
        heap_value(n)
    }

    fn move_count(n: u64) -> u64 {
        n - n / 2
    }

    fn for_each_option(n: u64, f: impl FnMut(u64)) {
        (n / 2..n).rev().for_each(f);
    }

    fn options_of_value(n: u64, w: u64) -> Vec<u64> {
        heap_moves_to_value(n, w)
    }

    fn explain_heap(n: u64) -> String {
        let m = u128::from(n) + 1;
        match heap_value(n) {
            0 => format!("{n} → {m} = {} → 0", binary(m)),
            v => format!("{n} → {m} = {} → {} = {v}", binary(m), binary(v.into())),
        }
    }

    fn misere_p_alone(n: u64) -> bool {
        misere_p_alone(n)
    }

    fn can_leave(n: u64, m: u64) -> bool {
        m < n && m >= n / 2
    }

    fn misere_p_heaps() -> Vec<u64> {
        (0..63).map(|k| (3u64 << k) - 2).collect()
    }
}

heap_rule::heap_rule_game!(Proportional, "proportional");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rules;
    use crate::impartial::{GrundySolver, ImpartialGame};
    use crate::Error;
    use proptest::prelude::*;

    #[test]
    fn p_positions_are_two_to_the_k_minus_two() {
        let mut solver = GrundySolver::without_closed_forms(Proportional);
        let p: Vec<u64> = (0..300)
            .filter(|&n| solver.value(&vec![n]).unwrap() == 0)
            .collect();
        assert_eq!(p, vec![0, 2, 6, 14, 30, 62, 126, 254]);
    }

    #[test]
    fn the_moves_are_those_of_the_text() {
        // 1 ≤ k < n/2 + 1: from 5 one may take 1, 2 or 3; from 6 one may take 1, 2 or 3.
        for (n, takes) in [(0, 0), (1, 1), (2, 1), (5, 3), (6, 3), (7, 4)] {
            let mut out = Vec::new();
            Proportional.options(&vec![n], &mut out);
            assert_eq!(out.len(), takes, "{n}");
            assert_eq!(
                out.iter().map(|o| n - o[0]).max().unwrap_or(0),
                takes as u64
            );
        }
    }

    #[test]
    fn closed_form_matches_search_for_every_heap_below_1500() {
        let mut solver = GrundySolver::without_closed_forms(Proportional);
        solver.value(&vec![1500]).unwrap();
        for n in 0..=1500 {
            assert_eq!(solver.value(&vec![n]).unwrap(), heap_value(n), "heap {n}");
        }
    }

    #[test]
    fn moves_agree_with_each_other() {
        heap_rule::assert_heap_rule_consistent::<Proportional>(300);
    }

    #[test]
    fn misere_alone_matches_search() {
        heap_rule::assert_misere_alone_matches_search(Proportional, &[0, 0], 200);
        assert_eq!(Proportional.misere_closed_form(&vec![1, 1]), None);
        assert_eq!(Proportional.misere_winning_options(&vec![9, 9]), None);
    }

    #[test]
    fn huge_heaps() {
        for n in [
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
            (1 << 63) - 1,
            (1 << 63) - 2,
        ] {
            let v = heap_value(n);
            for w in [0, 1, v, v ^ 1, u64::MAX] {
                for m in heap_moves_to_value(n, w) {
                    assert!(m < n && m >= n / 2 && heap_value(m) == w, "{n} {w} {m}");
                }
            }
            for w in [0, v / 2, v.saturating_sub(1)] {
                assert_eq!(
                    heap_moves_to_value(n, w).len(),
                    usize::from(w < v),
                    "{n} {w}"
                );
            }
            let _ = misere_p_alone(n);
            assert!(Proportional.rule(&vec![n]).is_some());
        }
        assert!(matches!(
            Proportional.check_searchable(&vec![u64::MAX]),
            Err(Error::Limit(_))
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn closed_form_matches_search(heaps in proptest::collection::vec(0u64..80, 1..4)) {
            let mut solver = GrundySolver::without_closed_forms(Proportional);
            prop_assert_eq!(solver.value(&heaps).unwrap(), Proportional.closed_form(&heaps).unwrap());
        }

        #[test]
        fn options_of_value_match_search(heaps in proptest::collection::vec(0u64..60, 1..4), target in 0u64..8) {
            let mut solver = GrundySolver::without_closed_forms(Proportional);
            let mut slow = Vec::new();
            Proportional.options(&heaps, &mut slow);
            slow.retain(|o| solver.value(o).unwrap() == target);
            let mut fast = Proportional.all_options_of_value(&heaps, target).unwrap();
            fast.sort();
            slow.sort();
            prop_assert_eq!(fast, slow);
        }

        #[test]
        fn heap_moves_to_value_are_complete(n in 0u64..20_000, w in 0u64..40) {
            let mut scanned = Vec::new();
            Proportional::for_each_option(n, |m| if heap_value(m) == w { scanned.push(m) });
            prop_assert_eq!(heap_moves_to_value(n, w), scanned);
        }
    }
}
