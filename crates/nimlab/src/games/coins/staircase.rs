//! Staircase Nim (Nim na schodech, text 000): coins lie on stairs 1, 2, …, n; a move takes
//! one or more coins from one stair down to the stair below it. Coins that reach stair 0
//! are out of play; the player who cannot move loses.
//!
//! A position is written as the number of coins on each stair, stair 1 first:
//! `staircase 3 0 5` has 3 coins on stair 1, none on stair 2 and 5 on stair 3.
//!
//! Closed form: the value is the nim-sum of the odd stairs (1, 3, 5, …). Moving coins from
//! an odd stair is a Nim move on that heap (the coins land on an even stair, which does not
//! count); moving coins from an even stair adds them to an odd heap, and the opponent can
//! take exactly those coins down again, so those moves change nothing in the long run.
//! Such an addition can still be a winning move: it wins whenever it makes the odd-stair
//! nim-sum 0, and [`Staircase`] lists those moves too. The tests hold the closed form
//! against a search of the rules.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Odd stairs 3 and 5: nim-sum 6.
//! let p = cat.parse_position("staircase", &["3", "0", "5"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(6u64));
//! // The one winning move takes 2 coins from stair 3 to stair 2, leaving 3 on stair 3
//! // as on stair 1.
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, vec!["3 2 3"]);
//! ```

use crate::games::args::{naturals, Arg};
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{NimHeap, Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "staircase",
        usage: "staircase",
        summary: "coins on stairs; move one or more coins from one stair to the stair below (stair 0 is out of play)",
        position: "coins per stair, stair 1 first, e.g. `3 0 5`",
        example: "staircase 3 0 5",
        start: "3 0 5",
        params: Params::None,
        build: |_, args| {
            let stairs = Staircase.read_stairs(args)?;
            Ok(Box::new(Typed::new(Staircase, stairs)))
        },
    }
}

/// The most positions a staircase search may have to visit (an upper bound on them).
pub const MAX_STATES: u64 = 200_000;
/// The most option look-ups a staircase search may make (an upper bound on them).
pub const MAX_WORK: u64 = 30_000_000;

/// Staircase Nim. A position lists the coins on stairs 1, 2, …, n.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Staircase;

impl Staircase {
    /// Reads the coins on each stair.
    ///
    /// ```
    /// use nimlab::games::{args::number, staircase::Staircase};
    /// assert_eq!(Staircase.read_stairs(&number(&["3", "0", "5"], 1)).unwrap(), vec![3, 0, 5]);
    /// assert!(Staircase.read_stairs(&number(&["3", "x"], 1)).is_err());
    /// assert!(Staircase.read_stairs(&[]).is_err());
    /// ```
    ///
    /// # Errors
    /// A token that is not a whole number ≥ 0, no stairs at all, or more than 2^64 − 1
    /// coins in all.
    pub fn read_stairs(&self, args: &[Arg<'_>]) -> Result<Vec<u64>> {
        if args.is_empty() {
            return Err(Error::position(
                "staircase",
                "no stairs given; write the coins on each stair, stair 1 first, e.g. `3 0 5`",
            ));
        }
        let stairs = naturals(args, "a number of coins")?;
        if stairs
            .iter()
            .try_fold(0u64, |a, &s| a.checked_add(s))
            .is_none()
        {
            return Err(Error::limit(
                "a staircase with this many coins",
                "2^64 - 1 coins in all",
            ));
        }
        Ok(stairs)
    }

    /// The value: the nim-sum of the coins on the odd stairs 1, 3, 5, …
    ///
    /// ```
    /// assert_eq!(nimlab::games::staircase::Staircase.value(&[3, 9, 5]), 6);
    /// ```
    pub fn value(&self, stairs: &[u64]) -> u64 {
        stairs.iter().step_by(2).fold(0, |a, &s| a ^ s)
    }

    /// An upper bound on the positions reachable from `stairs`, and on the option look-ups
    /// a search makes: the coins on stair i never exceed the coins now on stairs ≥ i, and
    /// the T coins lie on the n + 1 stairs 0..n in at most C(T + n, n) ways.
    fn search_size(stairs: &[u64]) -> (u64, u64) {
        let mut product = 1u64;
        let mut above = 0u64;
        for &s in stairs.iter().rev() {
            above = above.saturating_add(s);
            product = product.saturating_mul(above.saturating_add(1));
        }
        let n = stairs.len() as u64;
        let states = product.min(binomial(above.saturating_add(n), n));
        (states, states.saturating_mul(above))
    }
}

/// C(n, k), or `u64::MAX` when it does not fit.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 1..=u128::from(k) {
        // c * (n - k + i) / i stays exact: c is C(n - k + i - 1, i - 1).
        c = c * (u128::from(n - k) + i) / i;
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

impl ImpartialGame for Staircase {
    type Position = Vec<u64>;

    fn options(&self, stairs: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &coins) in stairs.iter().enumerate() {
            for m in 1..=coins {
                let mut next = stairs.clone();
                next[i] -= m;
                if i > 0 {
                    // The total number of coins fits in a u64 (checked on reading).
                    next[i - 1] = next[i - 1].saturating_add(m);
                }
                out.push(next);
            }
        }
    }

    fn closed_form(&self, stairs: &Vec<u64>) -> Option<u64> {
        Some(self.value(stairs))
    }
}

impl Rules for Staircase {
    fn id(&self) -> String {
        "staircase".to_string()
    }

    fn format(&self, stairs: &Vec<u64>) -> String {
        crate::games::format_heaps(stairs)
    }

    fn figure(&self, pos: &Vec<u64>) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape};
        Some(Figure::new(Shape::Heaps(Heap::numbered("stair", pos))))
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let Some(i) = (0..from.len()).find(|&i| to.get(i).is_some_and(|&t| t < from[i])) else {
            return format!("move to {}", self.format(to));
        };
        let m = from[i] - to[i];
        let coins = if m == 1 { "coin" } else { "coins" };
        if i == 0 {
            format!("move {m} {coins} from stair 1 off the staircase")
        } else {
            format!("move {m} {coins} from stair {} to stair {}", i + 1, i)
        }
    }

    fn options_of_value(
        &self,
        stairs: &Vec<u64>,
        target: u64,
        hits: &mut crate::games::rules::Hits<Vec<u64>>,
    ) -> Option<()> {
        // Every move changes exactly one odd stair: taking from odd stair i lowers it,
        // taking from even stair i raises odd stair i - 1. The odd stair must become
        // `want` = (its count) XOR (value now) XOR target.
        let x = self.value(stairs) ^ target;
        if x == 0 {
            return Some(());
        }
        for (i, &coins) in stairs.iter().enumerate() {
            if i % 2 == 0 {
                let want = coins ^ x;
                if want < coins {
                    let m = coins - want;
                    hits.add(|| {
                        let mut next = stairs.clone();
                        next[i] = want;
                        if i > 0 {
                            next[i - 1] = next[i - 1].saturating_add(m);
                        }
                        next
                    });
                }
            } else {
                let below = stairs[i - 1];
                let want = below ^ x;
                if want > below && want - below <= coins {
                    hits.add(|| {
                        let mut next = stairs.clone();
                        next[i] = coins - (want - below);
                        next[i - 1] = want;
                        next
                    });
                }
            }
        }
        Some(())
    }

    fn nim_heaps(&self, stairs: &Vec<u64>) -> Option<(String, Vec<NimHeap>)> {
        Some((
            "stair of odd number (1, 3, 5, …)".to_string(),
            stairs
                .iter()
                .enumerate()
                .step_by(2)
                .map(|(i, &s)| (format!("stair {}", i + 1), s))
                .collect(),
        ))
    }

    fn check_searchable(&self, stairs: &Vec<u64>) -> Result<()> {
        let (states, work) = Self::search_size(stairs);
        if states > MAX_STATES || work > MAX_WORK {
            return Err(Error::limit(
                "searching this staircase position",
                format!(
                    "about {MAX_STATES} positions reachable from it (counted by a bound from the coins and the stairs); use fewer coins or stairs"
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    fn options_of_every_value(stairs: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut all: Vec<Vec<u64>> = (0..64)
            .flat_map(|t| Staircase.all_options_of_value(stairs, t).unwrap())
            .collect();
        all.sort();
        all
    }

    #[test]
    fn rule_of_the_text() {
        // 000: P iff the nim-sum of the odd stairs is 0.
        assert_eq!(Staircase.value(&[4, 7, 4]), 0);
        assert_eq!(Staircase.value(&[1, 100, 2, 0, 3]), 0);
        // An even stair alone is a P-position: whatever comes down is taken down again.
        let mut solver = GrundySolver::without_closed_forms(Staircase);
        assert_eq!(solver.value(&vec![0, 5]).unwrap(), 0);
        assert_eq!(solver.value(&vec![0, 3, 0, 2]).unwrap(), 0);
    }

    #[test]
    fn additions_to_an_odd_stair_can_win() {
        // 2 3 3: odd stairs hold 2 and 3, value 1. Two winning moves: one coin from
        // stair 2 to stair 1 (an addition: stair 1 then holds 3, like stair 3), or one
        // coin from stair 3 to stair 2 (stair 3 then holds 2, like stair 1).
        let w = Staircase.all_options_of_value(&vec![2, 3, 3], 0).unwrap();
        assert_eq!(w, vec![vec![3, 2, 3], vec![2, 4, 2]]);
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(30, 5), 142_506);
        assert_eq!(binomial(5, 30), 0);
        assert_eq!(binomial(23, 21), 253);
        assert_eq!(binomial(200, 100), u64::MAX);
    }

    #[test]
    fn limits() {
        assert!(Staircase
            .check_searchable(&[vec![0; 30], vec![2]].concat())
            .is_ok());
        assert!(Staircase.check_searchable(&vec![3, 4, 5]).is_ok());
        assert!(matches!(
            Staircase.check_searchable(&vec![40, 40, 40, 40, 40]),
            Err(Error::Limit(_))
        ));
        // A huge position still has a value and winning moves.
        let big = vec![u64::MAX - 10, 7, 10];
        assert_eq!(Staircase.value(&big), (u64::MAX - 10) ^ 10);
        let w = Staircase.all_options_of_value(&big, 0).unwrap();
        assert!(w.iter().all(|p| Staircase.value(p) == 0));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn closed_form_and_moves_match_search(stairs in proptest::collection::vec(0u64..5, 1..5)) {
            let mut solver = GrundySolver::without_closed_forms(Staircase);
            prop_assert_eq!(solver.value(&stairs).unwrap(), Staircase.value(&stairs));
            // options_of_value, over every target, gives each option exactly once.
            let mut all = Vec::new();
            Staircase.options(&stairs, &mut all);
            all.sort();
            all.dedup();
            prop_assert_eq!(options_of_every_value(&stairs), all.clone());
            for t in 0..8 {
                for o in Staircase.all_options_of_value(&stairs, t).unwrap() {
                    prop_assert_eq!(solver.value(&o).unwrap(), t);
                }
            }
        }
    }
}
