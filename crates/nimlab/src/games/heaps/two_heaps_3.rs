//! Two heaps, take at most three (`two-heaps-3`; Dvě hromádky in text 000): exactly two
//! heaps; a move takes 1, 2 or 3 counters in total, from one heap or from both (1 + 1,
//! 2 + 1, 1 + 2, …). Whoever takes the last counter wins.
//!
//! A move may touch both heaps, so the position is not a sum of the two heaps.
//!
//! **Value** (closed form, heaps of any size): (a + b) mod 4. Every move lowers the total
//! a + b by 1, 2 or 3, and from a total t every total t − 1, t − 2, t − 3 that is ≥ 0 can
//! be reached (take from whichever heap has counters). So the game is the subtraction game
//! 1-3 on the total, whose value is t mod 4. The P-positions are the totals ≡ 0 (mod 4);
//! a winning move takes (a + b) mod 4 counters, split between the heaps in any way.
//!
//! **Misère play** (whoever takes the last counter loses): by the same argument the player
//! to move loses exactly when a + b ≡ 1 (mod 4).
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Text 000: the start 6 9 is won by the first player: take 3 (total 15 → 12).
//! let p = cat.parse_position("two-heaps-3", &["6", "9"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(3u64));
//! let win = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = win.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, vec!["6 6", "5 7", "4 8", "3 9"]);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "two-heaps-3",
        usage: "two-heaps-3",
        summary: "two heaps; take 1 to 3 counters in total, from one heap or from both",
        position: "the two heap sizes, e.g. `two-heaps-3 6 9`",
        example: "two-heaps-3 6 9",
        start: "7 11",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(TwoHeaps3, read_heaps(args)?))),
    }
}

fn read_heaps(args: &[Arg<'_>]) -> Result<[u64; 2]> {
    let [a, b] = args else {
        return Err(Error::position(
            "two-heaps-3",
            format!(
                "expected exactly two heap sizes, e.g. `6 9`, not {} {}",
                args.len(),
                if args.len() == 1 { "token" } else { "tokens" }
            ),
        ));
    };
    Ok([a.natural("a heap size")?, b.natural("a heap size")?])
}

/// The game `two-heaps-3`; a position is the pair of heap sizes.
///
/// ```
/// use nimlab::impartial::GrundySolver;
/// use nimlab::games::two_heaps_3::TwoHeaps3;
/// let mut solver = GrundySolver::without_closed_forms(TwoHeaps3);
/// assert_eq!(solver.value(&[6, 9]).unwrap(), 3);
/// assert_eq!(solver.value(&[5, 7]).unwrap(), 0);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TwoHeaps3;

/// The value of the position `a b`: (a + b) mod 4.
///
/// ```
/// use nimlab::games::two_heaps_3::value;
/// assert_eq!(value([6, 9]), 3);
/// assert_eq!(value([u64::MAX, 1]), 0);
/// ```
pub fn value([a, b]: [u64; 2]) -> u64 {
    (a % 4 + b % 4) % 4
}

impl ImpartialGame for TwoHeaps3 {
    type Position = [u64; 2];

    fn options(&self, &[a, b]: &[u64; 2], out: &mut Vec<[u64; 2]>) {
        for x in 0..=a.min(3) {
            for y in 0..=b.min(3 - x) {
                if x + y > 0 {
                    out.push([a - x, b - y]);
                }
            }
        }
    }

    fn closed_form(&self, &pos: &[u64; 2]) -> Option<u64> {
        Some(value(pos))
    }

    fn dense_index(&self, &[a, b]: &[u64; 2]) -> Option<usize> {
        crate::impartial::pair_index(a, b)
    }
}

impl Rules for TwoHeaps3 {
    fn id(&self) -> String {
        "two-heaps-3".to_string()
    }

    fn format(&self, pos: &[u64; 2]) -> String {
        crate::games::format_heaps(pos)
    }

    fn figure(&self, pos: &[u64; 2]) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape};
        Some(Figure::new(Shape::Heaps(Heap::numbered("heap", pos))))
    }

    fn describe(&self, from: &[u64; 2], to: &[u64; 2]) -> String {
        match [from[0] - to[0], from[1] - to[1]] {
            [x, y] if x > 0 && y > 0 => format!(
                "take {x} from heap 1 and {y} from heap 2, leaving {} {}",
                to[0], to[1]
            ),
            _ => crate::games::describe_heap_change(from, to),
        }
    }

    fn options_of_value(
        &self,
        &[a, b]: &[u64; 2],
        target: u64,
        hits: &mut crate::games::rules::Hits<[u64; 2]>,
    ) -> Option<()> {
        // The move must take k ≡ (a + b) − target (mod 4) counters, 1 ≤ k ≤ 3.
        if target >= 4 {
            return Some(());
        }
        let k = (value([a, b]) + 4 - target) % 4;
        hits.extend(
            (0..=k)
                .filter(|&x| k > 0 && x <= a && k - x <= b)
                .map(|x| [a - x, b - (k - x)]),
        );
        Some(())
    }

    fn rule(&self, &[a, b]: &[u64; 2]) -> Option<String> {
        let total = u128::from(a) + u128::from(b);
        Some(format!(
            "Every move lowers the total by 1, 2 or 3, and every such total can be reached: this is subtraction 1-3 on the total, with value total mod 4. Here {a} + {b} = {total}, and {total} mod 4 = {}.",
            total % 4
        ))
    }

    fn misere_rule(&self, &[a, b]: &[u64; 2]) -> Option<String> {
        let total = u128::from(a) + u128::from(b);
        Some(format!(
            "Whoever takes the last counter loses: the player to move loses exactly when the total is ≡ 1 (mod 4); the winner leaves totals 1, 5, 9, … Here {a} + {b} = {total} ≡ {} (mod 4).",
            total % 4
        ))
    }

    fn misere_closed_form(&self, &pos: &[u64; 2]) -> Option<Outcome> {
        Some(Outcome::from_grundy_zero(value(pos) == 1))
    }

    fn misere_winning_options(&self, pos: &[u64; 2]) -> Option<Vec<[u64; 2]>> {
        // The misère P-positions are those of value 1.
        self.all_options_of_value(pos, 1)
    }

    // A position has at most 9 moves and both conventions have closed forms, so nothing
    // is ever too large: the default `check_searchable` (always `Ok`) is right.
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Catalogue;
    use crate::impartial::{GrundySolver, MisereSolver};
    use proptest::prelude::*;

    #[test]
    fn fact_from_the_text() {
        // Text 000: 6 9 is N; P iff the total is ≡ 0 (mod 4); take 3.
        let mut solver = GrundySolver::without_closed_forms(TwoHeaps3);
        assert_eq!(solver.value(&[6, 9]).unwrap(), 3);
        let win = TwoHeaps3.all_options_of_value(&[6, 9], 0).unwrap();
        assert_eq!(win, vec![[6, 6], [5, 7], [4, 8], [3, 9]]);
        assert!(win.iter().all(|&[a, b]| 15 - a - b == 3));
        assert_eq!(
            TwoHeaps3.describe(&[6, 9], &[4, 8]),
            "take 2 from heap 1 and 1 from heap 2, leaving 4 8"
        );
        assert_eq!(
            TwoHeaps3.describe(&[6, 9], &[6, 6]),
            "take 3 from heap 2, leaving 6"
        );
    }

    #[test]
    fn closed_form_holds_for_all_heaps_below_60() {
        let mut solver = GrundySolver::without_closed_forms(TwoHeaps3);
        solver.value(&[59, 59]).unwrap();
        assert_eq!(solver.memoised(), 60 * 60);
        for a in 0..60 {
            for b in 0..60 {
                assert_eq!(solver.value(&[a, b]).unwrap(), (a + b) % 4, "{a} {b}");
            }
        }
    }

    #[test]
    fn options_are_every_split_of_one_to_three() {
        let mut out = Vec::new();
        TwoHeaps3.options(&[5, 5], &mut out);
        assert_eq!(out.len(), 9);
        out.clear();
        TwoHeaps3.options(&[1, 0], &mut out);
        assert_eq!(out, vec![[0, 0]]);
        out.clear();
        TwoHeaps3.options(&[0, 0], &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn huge_heaps() {
        let pos = [u64::MAX, u64::MAX - 1];
        assert_eq!(value(pos), 1);
        let win = TwoHeaps3.all_options_of_value(&pos, 0).unwrap();
        assert_eq!(
            win,
            vec![[u64::MAX, u64::MAX - 2], [u64::MAX - 1, u64::MAX - 1]]
        );
        assert!(TwoHeaps3
            .rule(&pos)
            .unwrap()
            .contains("36893488147419103229"));
        assert_eq!(TwoHeaps3.misere_closed_form(&pos), Some(Outcome::P));
    }

    #[test]
    fn bad_positions_are_refused() {
        let cat = Catalogue::standard();
        for bad in [&[][..], &["6"], &["6", "9", "1"]] {
            let err = cat.parse_position("two-heaps-3", bad, 1).unwrap_err();
            assert!(
                matches!(err, Error::Rule(crate::RuleError::Position { .. })),
                "{bad:?}: {err}"
            );
        }
        for bad in [&["6", "x"][..], &["-1", "2"], &["6", "1.5"]] {
            let err = cat.parse_position("two-heaps-3", bad, 1).unwrap_err();
            assert!(
                matches!(err, Error::Parse(crate::ParseError::Token { .. })),
                "{bad:?}: {err}"
            );
        }
        let err = cat
            .parse_position("two-heaps-3", &["6", "99999999999999999999"], 1)
            .unwrap_err();
        assert!(matches!(err, Error::Limit(_)), "{err}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn closed_form_matches_search(a in 0u64..40, b in 0u64..40) {
            let mut solver = GrundySolver::without_closed_forms(TwoHeaps3);
            prop_assert_eq!(solver.value(&[a, b]).unwrap(), TwoHeaps3.closed_form(&[a, b]).unwrap());
        }

        #[test]
        fn options_of_value_match_search(a in 0u64..12, b in 0u64..12, target in 0u64..5) {
            let mut solver = GrundySolver::without_closed_forms(TwoHeaps3);
            let mut slow = Vec::new();
            TwoHeaps3.options(&[a, b], &mut slow);
            slow.retain(|o| solver.value(o).unwrap() == target);
            let mut fast = TwoHeaps3.all_options_of_value(&[a, b], target).unwrap();
            fast.sort();
            slow.sort();
            prop_assert_eq!(fast, slow);
        }

        #[test]
        fn misere_closed_form_matches_search(a in 0u64..25, b in 0u64..25) {
            let mut solver = MisereSolver::new(TwoHeaps3);
            let searched = solver.outcome(&[a, b]).unwrap();
            prop_assert_eq!(TwoHeaps3.misere_closed_form(&[a, b]), Some(searched));
            let mut winning = Vec::new();
            TwoHeaps3.options(&[a, b], &mut winning);
            winning.retain(|o| solver.outcome(o).unwrap() == Outcome::P);
            prop_assert_eq!(TwoHeaps3.misere_winning_options(&[a, b]), Some(winning));
        }
    }
}
