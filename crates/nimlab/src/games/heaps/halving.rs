//! Halving Nim (`halving`; Půlený NIM in text 000): heaps; a move removes between 1 and
//! ⌊n/2⌋ counters from one heap of n, that is at most half of it. Heaps of 0 and 1 have
//! no move. The heaps are a disjoint sum: the value is the nim-sum of the heaps' values.
//!
//! **Value of one heap** (closed form, heaps of any size): write n in binary and strike
//! off its trailing 1s together with the 0 just above them; what is left is the value.
//! Equivalently g(2k) = k and g(2k + 1) = g(k). So 6 = 110₂ has value 11₂ = 3,
//! 11 = 1011₂ has value 1₂ = 1, and 2^k − 1 (all ones) has value 0: the P-positions of
//! one heap are 0, 1, 3, 7, 15, … = 2^k − 1.
//!
//! *Why.* The options of a heap of n are the heaps ⌈n/2⌉ … n − 1. Suppose the k heaps
//! k … 2k − 1 have the values 0 … k − 1, each once (true for k = 1: g(1) = 0). Then a heap
//! of 2k, whose options are exactly those heaps, has value k; a heap of 2k + 1 has the
//! options k + 1 … 2k, whose values are 0 … k without g(k), so its value is g(k) (which is
//! below k). The heaps k + 1 … 2k + 1 then have the values 0 … k, each once, and the
//! induction goes on. Tests hold this against the generic search.
//!
//! **Misère play.** A heap of n alone (every other heap of 0 or 1) is a misère P-position
//! exactly when n = 3·2^k − 1, that is 2, 5, 11, 23, 47, …: a heap of 2 must leave 1 and
//! the opponent, unable to move, wins; from p = 3·2^k − 1 the next such heap is 2p + 1,
//! every heap of p + 1 … 2p can move to p, and the heap 2p + 1 reaches only p + 1 … 2p.
//! Positions with several heaps that can move are searched (with a limit).
//!
//! **Erratum (text 000).** The text says the second player wins by keeping the heap at
//! k = 3·2^(n−1) − 1 (2, 5, 11, 23, …). Under the rules this is wrong in normal play: a
//! heap of 2 is won by the player to move (take 1; the heap of 1 has no move). The
//! P-positions are 2^k − 1; the text's numbers are the P-positions of misère play.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("halving", &["6", "9"], 1).unwrap();
//! // 6 = 110₂ → 11₂ = 3 and 9 = 1001₂ → 10₂ = 2: value 3 ⊕ 2 = 1.
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(1u64));
//! // Winning moves: 6 → 4 (100₂ → 10₂ = 2) or 9 → 6 (value 3).
//! let win = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = win.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, vec!["4 9", "6 6"]);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::heap_rule::{self, binary, HeapRule};
use crate::games::rules::Typed;
use crate::Result;

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "halving",
        usage: "halving",
        summary: "heaps; remove 1 to ⌊n/2⌋ counters (at most half) from one heap of n",
        position: "heap sizes, e.g. `halving 6 9`",
        example: "halving 6 9",
        start: "10 7",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(Halving, read_heaps(args)?))),
    }
}

fn read_heaps(args: &[Arg<'_>]) -> Result<Vec<u64>> {
    heap_rule::read_heaps::<Halving>(args)
}

/// The game `halving`; a position is a list of heap sizes.
///
/// ```
/// use nimlab::impartial::GrundySolver;
/// use nimlab::games::halving::Halving;
/// // 5 = 101₂ → 1₂ and 12 = 1100₂ → 110₂: 1 ⊕ 6 = 7.
/// assert_eq!(GrundySolver::new(Halving).value(&vec![5, 12]).unwrap(), 7);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Halving;

/// The value of one heap of `n`: n with its trailing 1s and the 0 above them struck off.
///
/// ```
/// use nimlab::games::halving::heap_value;
/// let v: Vec<u64> = (0..16).map(heap_value).collect();
/// assert_eq!(v, vec![0, 0, 1, 0, 2, 1, 3, 0, 4, 2, 5, 1, 6, 3, 7, 0]);
/// assert_eq!(heap_value(u64::MAX), 0);
/// ```
pub fn heap_value(n: u64) -> u64 {
    n.checked_shr(n.trailing_ones() + 1).unwrap_or(0)
}

/// Every heap of value `w`, smallest first: w·2^(t+1) + 2^t − 1 for t = 0, 1, 2, …,
/// as 128-bit numbers (the heap 2^64 − 1 has a successor that `proportional` uses).
pub(crate) fn heaps_of_value(w: u64) -> impl Iterator<Item = u128> {
    (0..=64u32).map_while(move |t| {
        let low = 1u128 << t;
        u128::from(w).checked_mul(low * 2)?.checked_add(low - 1)
    })
}

/// Every size a heap of `n` can be left at whose value is `w`, the smallest take first.
///
/// ```
/// use nimlab::games::halving::heap_moves_to_value;
/// // From 10 one may leave 5 … 9; of these 7 = 111₂ has value 0.
/// assert_eq!(heap_moves_to_value(10, 0), vec![7]);
/// assert_eq!(heap_moves_to_value(1 << 40, 0), vec![(1 << 40) - 1]);
/// ```
pub fn heap_moves_to_value(n: u64, w: u64) -> Vec<u64> {
    let (lo, hi) = (u128::from(n - n / 2), u128::from(n));
    let mut out: Vec<u64> = heaps_of_value(w)
        .skip_while(|&m| m < lo)
        .take_while(|&m| m < hi)
        .filter_map(|m| u64::try_from(m).ok())
        .collect();
    out.reverse();
    out
}

/// Whether a heap of `n` on its own is a misère P-position: n = 3·2^k − 1.
///
/// ```
/// let p: Vec<u64> = (0..100).filter(|&n| nimlab::games::halving::misere_p_alone(n)).collect();
/// assert_eq!(p, vec![2, 5, 11, 23, 47, 95]);
/// ```
pub fn misere_p_alone(n: u64) -> bool {
    let m = u128::from(n) + 1;
    m % 3 == 0 && (m / 3).is_power_of_two()
}

impl HeapRule for Halving {
    const ID: &'static str = "halving";
    const VALUE_RULE: &'static str = "Remove at most half: a heap of n has the value of n written in binary with its trailing 1s and the 0 above them struck off (g(2k) = k, g(2k+1) = g(k)).";
    const MISERE_RULE: &'static str = "A heap alone is a misère P-position exactly when it is 3·2^k − 1 (2, 5, 11, 23, …): from any other heap of 2 or more move to the largest such number below it (at least half of the heap).";

    fn heap_value(n: u64) -> u64 {
        heap_value(n)
    }

    fn move_count(n: u64) -> u64 {
        n / 2
    }

    fn for_each_option(n: u64, f: impl FnMut(u64)) {
        (n - n / 2..n).rev().for_each(f);
    }

    fn options_of_value(n: u64, w: u64) -> Vec<u64> {
        heap_moves_to_value(n, w)
    }

    fn explain_heap(n: u64) -> String {
        match heap_value(n) {
            0 if n == 0 => "0 → 0".to_string(),
            0 => format!("{n} = {} → 0", binary(n.into())),
            v => format!("{n} = {} → {} = {v}", binary(n.into()), binary(v.into())),
        }
    }

    fn misere_p_alone(n: u64) -> bool {
        misere_p_alone(n)
    }

    fn can_leave(n: u64, m: u64) -> bool {
        m < n && m >= n - n / 2
    }

    fn misere_p_heaps() -> Vec<u64> {
        (0..63).map(|k| (3u64 << k) - 1).collect()
    }
}

heap_rule::heap_rule_game!(Halving, "halving");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rules;
    use crate::impartial::{GrundySolver, ImpartialGame};
    use crate::Error;
    use proptest::prelude::*;

    fn searched_options_of_value(heaps: &Vec<u64>, target: u64) -> Vec<Vec<u64>> {
        let mut solver = GrundySolver::without_closed_forms(Halving);
        let mut all = Vec::new();
        Halving.options(heaps, &mut all);
        all.retain(|o| solver.value(o).unwrap() == target);
        all
    }

    #[test]
    fn p_positions_are_two_to_the_k_minus_one() {
        // GAMES.md: P-positions 0, 1, 3, 7, 15, … (the text's 3·2^(n−1) − 1 is an erratum).
        let mut solver = GrundySolver::without_closed_forms(Halving);
        let p: Vec<u64> = (0..300)
            .filter(|&n| solver.value(&vec![n]).unwrap() == 0)
            .collect();
        assert_eq!(p, vec![0, 1, 3, 7, 15, 31, 63, 127, 255]);
        // The text's numbers are not P-positions: a heap of 2 is won by taking 1.
        for n in [2, 5, 11, 23, 47, 95] {
            assert_ne!(solver.value(&vec![n]).unwrap(), 0, "{n}");
        }
        assert_eq!(
            Halving.all_options_of_value(&vec![2], 0).unwrap(),
            vec![vec![1]]
        );
    }

    #[test]
    fn closed_form_matches_search_for_every_heap_below_1500() {
        let mut solver = GrundySolver::without_closed_forms(Halving);
        solver.value(&vec![1500]).unwrap();
        for n in 0..=1500 {
            assert_eq!(solver.value(&vec![n]).unwrap(), heap_value(n), "heap {n}");
        }
    }

    #[test]
    fn moves_agree_with_each_other() {
        heap_rule::assert_heap_rule_consistent::<Halving>(300);
    }

    #[test]
    fn misere_alone_matches_search() {
        heap_rule::assert_misere_alone_matches_search(Halving, &[1, 0, 1], 200);
        assert_eq!(Halving.misere_closed_form(&vec![2, 3]), None);
        assert_eq!(Halving.misere_winning_options(&vec![9, 9]), None);
    }

    #[test]
    fn huge_heaps() {
        for n in [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1, 3 << 62] {
            let v = heap_value(n);
            for w in [0, 1, v, v ^ 1, u64::MAX] {
                for m in heap_moves_to_value(n, w) {
                    assert!(m < n && m >= n - n / 2 && heap_value(m) == w, "{n} {w} {m}");
                }
            }
            // Each smaller value is reached by exactly one move (the mex rule, by the closed form).
            for w in [0, v / 2, v.saturating_sub(1)] {
                assert_eq!(
                    heap_moves_to_value(n, w).len(),
                    usize::from(w < v),
                    "{n} {w}"
                );
            }
            assert!(Halving.rule(&vec![n, 5]).is_some());
            let _ = misere_p_alone(n);
        }
        let heaps = vec![u64::MAX, 1 << 40, 12345];
        let v = Halving.closed_form(&heaps).unwrap();
        for m in Halving.all_options_of_value(&heaps, 0).unwrap() {
            assert_eq!(Halving.closed_form(&m), Some(0));
        }
        assert_ne!(v, 0);
        assert!(matches!(
            Halving.check_searchable(&heaps),
            Err(Error::Limit(_))
        ));
        assert!(matches!(
            Halving.check_searchable(&vec![300, 300, 300, 300]),
            Err(Error::Limit(_))
        ));
        assert!(Halving.check_searchable(&vec![1_000_000, 1, 0]).is_ok());
    }

    #[test]
    fn explanation_works_the_binary_out() {
        let text = Halving.rule(&vec![6, 7]).unwrap();
        assert!(text.contains("6 = 110₂ → 11₂ = 3"), "{text}");
        assert!(text.contains("7 = 111₂ → 0"), "{text}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn closed_form_matches_search(heaps in proptest::collection::vec(0u64..80, 1..4)) {
            let mut solver = GrundySolver::without_closed_forms(Halving);
            prop_assert_eq!(solver.value(&heaps).unwrap(), Halving.closed_form(&heaps).unwrap());
        }

        #[test]
        fn options_of_value_match_search(heaps in proptest::collection::vec(0u64..60, 1..4), target in 0u64..8) {
            let mut fast = Halving.all_options_of_value(&heaps, target).unwrap();
            let mut slow = searched_options_of_value(&heaps, target);
            fast.sort();
            slow.sort();
            prop_assert_eq!(fast, slow);
        }

        #[test]
        fn heap_moves_to_value_are_complete(n in 0u64..20_000, w in 0u64..40) {
            let mut scanned = Vec::new();
            Halving::for_each_option(n, |m| if heap_value(m) == w { scanned.push(m) });
            prop_assert_eq!(heap_moves_to_value(n, w), scanned);
        }
    }
}
