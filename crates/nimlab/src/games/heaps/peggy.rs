//! Peggy Nim (`peggy`; Pegggy Nim in text 000): heaps; a move removes an even number of
//! counters from one heap, but not the whole heap; a heap of odd size may instead be
//! removed whole. So an odd heap of n can be left at n − 2, n − 4, …, 1 or 0, an even
//! heap at n − 2, n − 4, …, 2; the heaps 0 and 2 have no move. The heaps are a disjoint
//! sum: the value is the nim-sum of the heaps' values.
//!
//! **Value of one heap** (closed form, heaps of any size): 0 for n = 0, (n + 1)/2 for odd
//! n, n/2 − 1 for even n ≥ 2. Values from 0: 0 1 0 2 1 3 2 4 3 5 …
//!
//! *Why.* An odd heap 2k + 1 can be left at 0 and at the odd heaps 1 … 2k − 1, whose
//! values are 0 and (by induction) 1 … k: its value is k + 1. An even heap 2k can be left
//! at the even heaps 2 … 2k − 2, of values 0 … k − 2: its value is k − 1. (A heap of n has
//! exactly as many moves as its value, one to each smaller value.) Tests hold this against
//! the generic search.
//!
//! Text 000 asks to show that `7 6 8 4` is an N-position whose good first move removes
//! the whole heap of 7: the values are 4, 2, 3, 1, with nim-sum 4, and the heap of 7 is
//! the only one that can be brought to value 4 ⊕ 4 = 0 (by removing it).
//!
//! **Misère play.** A heap of n alone (every other heap 0 or 2) is a misère P-position
//! exactly when n is 1 or 4: a heap of 1 must be removed, a heap of 4 must become 2, and
//! either way the opponent cannot move and wins; every other odd heap ≥ 3 can be left at
//! 1 and every other even heap ≥ 6 at 4. Positions with several heaps that can move are
//! searched (with a limit).
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("peggy", &["7", "6", "8", "4"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(4u64));
//! let win = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! assert_eq!(win.total, 1);
//! assert_eq!(win.moves[0].description, "take all 7 from heap 1");
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::heap_rule::{self, HeapRule};
use crate::games::rules::Typed;
use crate::Result;

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "peggy",
        usage: "peggy",
        summary: "heaps; remove an even number from one heap, not all of it; an odd heap may be removed whole",
        position: "heap sizes, e.g. `peggy 7 6 8 4`",
        example: "peggy 7 6 8 4",
        start: "10 7",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(Peggy, read_heaps(args)?))),
    }
}

fn read_heaps(args: &[Arg<'_>]) -> Result<Vec<u64>> {
    heap_rule::read_heaps::<Peggy>(args)
}

/// The game `peggy`; a position is a list of heap sizes.
///
/// ```
/// use nimlab::impartial::GrundySolver;
/// use nimlab::games::peggy::Peggy;
/// // Text 000: 7 6 8 4 has values 4, 2, 3, 1.
/// assert_eq!(GrundySolver::new(Peggy).value(&vec![7, 6, 8, 4]).unwrap(), 4);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Peggy;

/// The value of one heap of `n`: 0 for 0, (n + 1)/2 for odd n, n/2 − 1 for even n ≥ 2.
///
/// ```
/// use nimlab::games::peggy::heap_value;
/// let v: Vec<u64> = (0..12).map(heap_value).collect();
/// assert_eq!(v, vec![0, 1, 0, 2, 1, 3, 2, 4, 3, 5, 4, 6]);
/// assert_eq!(heap_value(u64::MAX), 1 << 63);
/// ```
pub fn heap_value(n: u64) -> u64 {
    if n % 2 == 1 {
        n / 2 + 1
    } else {
        (n / 2).saturating_sub(1)
    }
}

/// Whether a heap of `n` can be left at `m` in one move.
fn can_leave(n: u64, m: u64) -> bool {
    m < n && if m == 0 { n % 2 == 1 } else { m % 2 == n % 2 }
}

/// Every size a heap of `n` can be left at whose value is `w`, the smallest take first.
///
/// ```
/// use nimlab::games::peggy::heap_moves_to_value;
/// // The heaps of value 0 are 0 and 2; from 7 only 0 is reachable (remove it whole).
/// assert_eq!(heap_moves_to_value(7, 0), vec![0]);
/// assert_eq!(heap_moves_to_value(8, 0), vec![2]);
/// ```
pub fn heap_moves_to_value(n: u64, w: u64) -> Vec<u64> {
    // The heaps of value w: 0 and 2 for w = 0, else 2w − 1 (odd) and 2w + 2 (even).
    let candidates = if w == 0 {
        [Some(2), Some(0)]
    } else {
        [
            w.checked_mul(2).and_then(|d| d.checked_add(2)),
            w.checked_add(w - 1),
        ]
    };
    candidates
        .into_iter()
        .flatten()
        .filter(|&m| can_leave(n, m))
        .collect()
}

/// Whether a heap of `n` on its own is a misère P-position: n is 1 or 4.
///
/// ```
/// let p: Vec<u64> = (0..100).filter(|&n| nimlab::games::peggy::misere_p_alone(n)).collect();
/// assert_eq!(p, vec![1, 4]);
/// ```
pub fn misere_p_alone(n: u64) -> bool {
    n == 1 || n == 4
}

impl HeapRule for Peggy {
    const ID: &'static str = "peggy";
    const VALUE_RULE: &'static str =
        "A heap of n has value 0 for n = 0, (n + 1)/2 for odd n and n/2 − 1 for even n ≥ 2.";
    const MISERE_RULE: &'static str = "A heap alone is a misère P-position exactly when it is 1 or 4: from any other heap that can move, leave an odd heap at 1 and an even heap at 4.";

    fn heap_value(n: u64) -> u64 {
        heap_value(n)
    }

    fn move_count(n: u64) -> u64 {
        heap_value(n)
    }

    fn for_each_option(n: u64, mut f: impl FnMut(u64)) {
        let mut m = n;
        while m >= 3 {
            m -= 2;
            f(m);
        }
        if n % 2 == 1 {
            f(0);
        }
    }

    fn options_of_value(n: u64, w: u64) -> Vec<u64> {
        heap_moves_to_value(n, w)
    }

    fn explain_heap(n: u64) -> String {
        let v = heap_value(n);
        match n {
            0 => "0 → 0".to_string(),
            _ if n % 2 == 1 => format!("{n} → ({n} + 1)/2 = {v}"),
            _ => format!("{n} → {n}/2 − 1 = {v}"),
        }
    }

    fn misere_p_alone(n: u64) -> bool {
        misere_p_alone(n)
    }

    fn can_leave(n: u64, m: u64) -> bool {
        can_leave(n, m)
    }

    fn misere_p_heaps() -> Vec<u64> {
        vec![1, 4]
    }
}

heap_rule::heap_rule_game!(Peggy, "peggy");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rules;
    use crate::impartial::{GrundySolver, ImpartialGame};
    use crate::Error;
    use proptest::prelude::*;

    #[test]
    fn fact_from_the_text() {
        // Text 000: 7 6 8 4 is N; the good first move removes the whole first heap.
        let heaps = vec![7, 6, 8, 4];
        let mut solver = GrundySolver::without_closed_forms(Peggy);
        assert_eq!(solver.value(&heaps).unwrap(), 4);
        assert_eq!(Peggy.closed_form(&heaps), Some(4));
        let win = Peggy.all_options_of_value(&heaps, 0).unwrap();
        assert_eq!(win, vec![vec![0, 6, 8, 4]]);
        assert_eq!(
            Peggy.describe(&heaps, &win[0]),
            "take all 7 from heap 1".to_string()
        );
    }

    #[test]
    fn the_moves_follow_the_rules() {
        let leaves = |n: u64| {
            let mut out = Vec::new();
            Peggy.options(&vec![n], &mut out);
            out.into_iter().map(|o| o[0]).collect::<Vec<_>>()
        };
        assert_eq!(leaves(0), Vec::<u64>::new());
        assert_eq!(leaves(1), vec![0]);
        assert_eq!(leaves(2), Vec::<u64>::new());
        assert_eq!(leaves(7), vec![5, 3, 1, 0]);
        assert_eq!(leaves(8), vec![6, 4, 2]);
    }

    #[test]
    fn closed_form_matches_search_for_every_heap_below_2000() {
        let mut solver = GrundySolver::without_closed_forms(Peggy);
        for n in 0..=2000 {
            assert_eq!(solver.value(&vec![n]).unwrap(), heap_value(n), "heap {n}");
        }
    }

    #[test]
    fn moves_agree_with_each_other() {
        heap_rule::assert_heap_rule_consistent::<Peggy>(300);
    }

    #[test]
    fn misere_alone_matches_search() {
        heap_rule::assert_misere_alone_matches_search(Peggy, &[2, 0, 2], 200);
        assert_eq!(Peggy.misere_closed_form(&vec![1, 4]), None);
        assert_eq!(Peggy.misere_winning_options(&vec![9, 9]), None);
    }

    #[test]
    fn huge_heaps() {
        for n in [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) + 1] {
            let v = heap_value(n);
            for w in [0, 1, v / 2, v - 1, v, u64::MAX] {
                let moves = heap_moves_to_value(n, w);
                assert_eq!(moves.len(), usize::from(w < v), "{n} {w}");
                assert!(moves.iter().all(|&m| can_leave(n, m) && heap_value(m) == w));
            }
            assert!(Peggy.rule(&vec![n, 3]).is_some());
        }
        assert!(matches!(
            Peggy.check_searchable(&vec![u64::MAX]),
            Err(Error::Limit(_))
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn closed_form_matches_search(heaps in proptest::collection::vec(0u64..100, 1..5)) {
            let mut solver = GrundySolver::without_closed_forms(Peggy);
            prop_assert_eq!(solver.value(&heaps).unwrap(), Peggy.closed_form(&heaps).unwrap());
        }

        #[test]
        fn options_of_value_match_search(heaps in proptest::collection::vec(0u64..60, 1..4), target in 0u64..8) {
            let mut solver = GrundySolver::without_closed_forms(Peggy);
            let mut slow = Vec::new();
            Peggy.options(&heaps, &mut slow);
            slow.retain(|o| solver.value(o).unwrap() == target);
            let mut fast = Peggy.all_options_of_value(&heaps, target).unwrap();
            fast.sort();
            slow.sort();
            prop_assert_eq!(fast, slow);
        }

        #[test]
        fn heap_moves_to_value_are_complete(n in 0u64..20_000, w in 0u64..40) {
            let mut scanned = Vec::new();
            Peggy::for_each_option(n, |m| if heap_value(m) == w { scanned.push(m) });
            prop_assert_eq!(heap_moves_to_value(n, w), scanned);
        }
    }
}
