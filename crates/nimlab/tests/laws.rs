//! Laws of impartial games, held against brute force.

use nimlab::analysis::analyze;
use nimlab::games::{subtraction::Subtraction, Catalogue};
use nimlab::impartial::{GrundySolver, ImpartialGame};
use nimlab::Convention;
use proptest::prelude::*;

/// Two subtraction games played side by side, searched as one game (no decomposition).
struct Pair(Subtraction, Subtraction);

impl ImpartialGame for Pair {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        self.0.set().for_each(a, |s| out.push((a - s, b)));
        self.1.set().for_each(b, |s| out.push((a, b - s)));
    }
}

fn set_text(set: &std::collections::BTreeSet<u64>) -> String {
    set.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Sprague–Grundy: the value of a sum is the nim-sum of the values of its parts.
    #[test]
    fn value_of_a_sum_is_the_xor(
        s1 in proptest::collection::btree_set(1u64..7, 1..4),
        s2 in proptest::collection::btree_set(1u64..7, 1..4),
        a in 0u64..40, b in 0u64..40,
    ) {
        let g1 = Subtraction::parse(&set_text(&s1)).unwrap();
        let g2 = Subtraction::parse(&set_text(&s2)).unwrap();
        let v1 = GrundySolver::without_closed_forms(&g1).value(&vec![a]).unwrap();
        let v2 = GrundySolver::without_closed_forms(&g2).value(&vec![b]).unwrap();
        let both = GrundySolver::new(Pair(g1, g2)).value(&(a, b)).unwrap();
        prop_assert_eq!(both, v1 ^ v2);
    }

    /// Every winning move of a sum is found, and each one leaves value 0.
    #[test]
    fn every_winning_move_of_a_sum(
        s1 in proptest::collection::btree_set(1u64..6, 1..4),
        heaps in proptest::collection::vec(0u64..25, 1..3),
        nim in proptest::collection::vec(0u64..12, 1..3),
    ) {
        let cat = Catalogue::standard();
        let mut tokens: Vec<String> = vec![format!("subtraction:{}", set_text(&s1))];
        tokens.extend(heaps.iter().map(|h| h.to_string()));
        tokens.push("+".into());
        tokens.push("nim".into());
        tokens.extend(nim.iter().map(|h| h.to_string()));
        let refs: Vec<&str> = tokens.iter().map(|s| s.as_str()).collect();
        let sum = cat.parse_sum(&refs).unwrap();
        let a = analyze(&sum, Convention::Normal, usize::MAX).unwrap();
        // Brute force: try every move of every part and keep those leaving value 0.
        let mut expected = Vec::new();
        for (i, part) in sum.parts.iter().enumerate() {
            for m in part.options().unwrap() {
                let rest = sum.parts.iter().enumerate()
                    .filter(|(k, _)| *k != i)
                    .fold(m.to.value().unwrap(), |acc, (_, p)| &acc + &p.value().unwrap());
                if rest.is_zero() {
                    expected.push(sum.notation_with(i, &m.to.notation()));
                }
            }
        }
        let found: Vec<String> = a.winning_moves.iter().map(|m| m.to.clone()).collect();
        prop_assert_eq!(found, expected);
        prop_assert_eq!(a.winning_move_count, a.winning_moves.len());
    }
}
