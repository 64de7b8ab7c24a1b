//! Counting up to N: a running total starts at 0; a move adds 1..K to it.
//!
//! Normal play (`count-up:N,K`): the total may not pass N and whoever reaches N wins; it
//! is a subtraction game 1-K on a heap of N − total, so the value is (N − total) mod (K + 1).
//!
//! Misère play (`count-up:N,K --misere`): whoever makes the total reach N (or more) loses.
//! The player to move loses exactly when N − total ≡ 1 (mod K + 1).
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Text 000: to 100 saying 1..10, the first player wins by saying 1.
//! let p = cat.parse_position("count-up:100,10", &["0"], 1).unwrap();
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! assert_eq!(w.moves[0].to.notation(), "1");
//! // In the misère variant the second player wins.
//! assert_eq!(p.misere_outcome().unwrap(), nimlab::Outcome::P);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "count-up",
        usage: "count-up:N,K",
        summary: "a total starts at 0; say 1..K to add it; reaching N wins (misère: loses)",
        position: "the current total, e.g. `count-up:100,10 0`",
        example: "count-up:100,10 0",
        start: "0",
        params: Params::Required,
        build: |params, args| {
            let game = CountUp::parse(params.unwrap_or_default())?;
            let total = game.read_total(args)?;
            Ok(Box::new(Typed::new(game, total)))
        },
    }
}

/// The game `count-up:N,K`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountUp {
    /// The target N.
    pub target: u64,
    /// The largest number K one may say.
    pub max_step: u64,
}

impl CountUp {
    /// Reads `N,K`.
    ///
    /// # Errors
    /// Anything but two whole numbers with K ≥ 1.
    pub fn parse(params: &str) -> Result<Self> {
        let id = format!("count-up:{params}");
        let bad = || {
            Error::parameters(
                &id,
                "expected `N,K`: the target N and the largest step K ≥ 1, e.g. `count-up:100,10`",
            )
        };
        let (n, k) = params.split_once(',').ok_or_else(bad)?;
        let target = n.trim().parse::<u64>().map_err(|_| bad())?;
        let max_step = k.trim().parse::<u64>().map_err(|_| bad())?;
        if max_step == 0 {
            return Err(Error::parameters(
                id,
                "K must be at least 1 (a move adds 1..K)",
            ));
        }
        Ok(CountUp { target, max_step })
    }

    fn read_total(&self, args: &[Arg<'_>]) -> Result<u64> {
        let [arg] = args else {
            return Err(Error::position(
                self.id(),
                format!(
                    "expected one number, the current total (0 at the start), not {} tokens",
                    args.len()
                ),
            ));
        };
        let total = arg.natural("the current total")?;
        if total > self.target {
            return Err(arg.error(format!("a total between 0 and the target {}", self.target)));
        }
        Ok(total)
    }
}

impl ImpartialGame for CountUp {
    type Position = u64;

    fn options(&self, &total: &u64, out: &mut Vec<u64>) {
        let room = self.target - total;
        out.extend((1..=self.max_step.min(room)).map(|x| total + x));
    }

    fn closed_form(&self, &total: &u64) -> Option<u64> {
        Some((self.target - total) % (self.max_step + 1))
    }
}

impl Rules for CountUp {
    fn id(&self) -> String {
        format!("count-up:{},{}", self.target, self.max_step)
    }

    fn format(&self, total: &u64) -> String {
        total.to_string()
    }

    fn figure(&self, pos: &u64) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape, Things};
        let total = Heap {
            name: "total".to_string(),
            number: None,
            size: *pos,
            of: Things::Matches,
        };
        let say = self.max_step.min(self.target - pos);
        Some(Figure::new(Shape::Heaps(vec![total])).note(format!(
            "the total to reach is {}; the player to move says 1 to {say}",
            self.target
        )))
    }

    fn describe(&self, from: &u64, to: &u64) -> String {
        format!("say {} (total {to})", to - from)
    }

    fn read_move(&self, &total: &u64, text: &str) -> Option<std::result::Result<u64, String>> {
        let t = text.trim().to_lowercase();
        let say: u64 = t.strip_prefix("say").unwrap_or(&t).trim().parse().ok()?;
        let room = self.target - total;
        Some(if say == 0 || say > self.max_step {
            Err(format!("say a number from 1 to {}", self.max_step))
        } else if say > room {
            Err(format!("the total would pass {}", self.target))
        } else {
            Ok(total + say)
        })
    }

    fn options_of_value(
        &self,
        &total: &u64,
        target: u64,
        hits: &mut crate::games::rules::Hits<u64>,
    ) -> Option<()> {
        // The total t + x must leave N - t - x ≡ target (mod K + 1).
        let m = self.max_step + 1;
        let room = self.target - total;
        if target >= m {
            return Some(());
        }
        let x = (room % m + m - target) % m;
        if x >= 1 && x <= room.min(self.max_step) {
            hits.add(|| total + x);
        }
        Some(())
    }

    fn rule(&self, &total: &u64) -> Option<String> {
        let m = self.max_step + 1;
        let room = self.target - total;
        Some(format!(
            "This is subtraction 1-{k} on a heap of N - total = {room}: its value is {room} mod {m} = {}.",
            room % m,
            k = self.max_step
        ))
    }

    fn misere_rule(&self, &total: &u64) -> Option<String> {
        let m = self.max_step + 1;
        let room = self.target - total;
        Some(format!(
            "Whoever makes the total reach {n} loses. The player to move loses exactly when N - total ≡ 1 (mod {m}): the winner says the totals ≡ {} (mod {m}) (answering x with {m} - x) and leaves the opponent to reach {n}. Here N - total = {room} ≡ {} (mod {m}).",
            (self.target + m - 1) % m,
            room % m,
            n = self.target
        ))
    }

    fn misere_closed_form(&self, &total: &u64) -> Option<Outcome> {
        let room = self.target - total;
        Some(Outcome::from_grundy_zero(room % (self.max_step + 1) == 1))
    }

    fn check_searchable(&self, &total: &u64) -> Result<()> {
        if self.target - total > 10_000_000 {
            return Err(Error::limit(
                "searching a count-up game this long",
                "10^7 steps to the target",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::subtraction::Subtraction;
    use crate::games::Catalogue;
    use crate::impartial::{GrundySolver, MisereSolver};
    use crate::Nimber;
    use proptest::prelude::*;

    /// A target N, a largest step K and a total between 0 and N.
    fn game_and_total() -> impl Strategy<Value = (u64, u64, u64)> {
        (0u64..300, 1u64..12).prop_flat_map(|(n, k)| (Just(n), Just(k), 0..=n))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Normal play: counting up from `total` to N by 1..K is subtraction {1, …, K} on a
        /// heap of N − total. Both are searched, and the catalogue's closed form (its value
        /// and winning moves) must agree with them.
        #[test]
        fn count_up_is_subtraction_one_to_k((n, k, total) in game_and_total()) {
            let set: Vec<String> = (1..=k).map(|s| s.to_string()).collect();
            let sub = Subtraction::parse(&set.join(",")).unwrap();
            let mut heap = GrundySolver::without_closed_forms(&sub);
            let rest = n - total;
            let expected = heap.value(&vec![rest]).unwrap();
            let game = CountUp { target: n, max_step: k };
            let searched = GrundySolver::without_closed_forms(game).value(&total).unwrap();
            prop_assert_eq!(searched, expected);

            let p = Catalogue::standard()
                .parse_position(&format!("count-up:{n},{k}"), &[&total.to_string()], 2)
                .unwrap();
            prop_assert_eq!(p.value().unwrap(), Nimber::from(expected));
            // A winning move says s, leaving the heap N − total − s of value 0.
            let winning: Vec<String> = (1..=k.min(rest))
                .filter(|s| heap.value(&vec![rest - s]).unwrap() == 0)
                .map(|s| (total + s).to_string())
                .collect();
            let found = p.moves_to_value(&Nimber::default(), usize::MAX).unwrap();
            let to: Vec<String> = found.moves.iter().map(|m| m.to.notation()).collect();
            prop_assert_eq!(found.total, winning.len());
            prop_assert_eq!(to, winning);
        }
    }

    #[test]
    fn closed_forms_match_search() {
        for n in 0..40 {
            for k in 1..6 {
                let g = CountUp {
                    target: n,
                    max_step: k,
                };
                let mut normal = GrundySolver::without_closed_forms(g);
                let mut misere = MisereSolver::new(g);
                for t in 0..=n {
                    assert_eq!(normal.value(&t).unwrap(), g.closed_form(&t).unwrap());
                    assert_eq!(
                        misere.outcome(&t).unwrap(),
                        g.misere_closed_form(&t).unwrap(),
                        "{n},{k} at {t}"
                    );
                    let moves: Vec<u64> = (0..=k)
                        .flat_map(|v| g.all_options_of_value(&t, v).unwrap())
                        .collect();
                    let mut all = Vec::new();
                    g.options(&t, &mut all);
                    let mut sorted = moves.clone();
                    sorted.sort_unstable();
                    assert_eq!(sorted, all);
                }
            }
        }
    }

    #[test]
    fn betl_variant_totals() {
        // Text 000: the second player answers 11 - x and says the totals 11, 22, ..., 99.
        let g = CountUp {
            target: 100,
            max_step: 10,
        };
        let p: Vec<u64> = (0..=100)
            .filter(|t| g.misere_closed_form(t) == Some(Outcome::P))
            .collect();
        assert_eq!(p, vec![0, 11, 22, 33, 44, 55, 66, 77, 88, 99]);
    }
}
