//! Nimble (Nimbel, text 003; the many-coin Stříbrný dolar, text 000): coins lie on a strip
//! of squares numbered 1, 2, 3, … from the edge; several coins may share a square. A move
//! takes one coin any number of squares towards the edge, or off it. The player who cannot
//! move loses.
//!
//! A position is written as the squares of the coins in any order, e.g. `1 3 3 6`; it is
//! printed with the squares sorted. A coin that has left the board is written `0` (it can
//! no longer move, so it changes nothing); a move off the board writes the coin as `0`.
//!
//! Closed form: a coin on square i can move to i different places (squares i − 1, …, 1
//! and off the board), one at a time and independently of the other coins, so it is a Nim
//! heap of i. The value is the nim-sum of the squares, and misère play is misère Nim on
//! those heaps.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Text 003: 1 3 3 6 has nim-sum 7; the winning move takes the coin on 6 to square 1.
//! let p = cat.parse_position("nimble", &["1", "3", "3", "6"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(7u64));
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! assert_eq!(w.total, 1);
//! assert_eq!(w.moves[0].description, "move the coin on square 6 to square 1");
//! assert_eq!(w.moves[0].to.notation(), "1 1 3 3");
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{NimHeap, Rules, Typed, MAX_OPTIONS};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "nimble",
        usage: "nimble",
        summary: "coins on squares 1, 2, …, several per square allowed; move one coin towards the edge or off it",
        position: "the squares of the coins, e.g. `1 3 3 6` (0 for a coin off the board)",
        example: "nimble 1 3 3 6",
        start: "1 3 3 6",
        params: Params::None,
        build: |_, args| {
            let coins = Nimble.read_coins(args)?;
            Ok(Box::new(Typed::new(Nimble, coins)))
        },
    }
}

/// Nimble. A position is the sorted list of the coins' squares (0 = off the board).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nimble;

impl Nimble {
    /// Reads the squares of the coins, in any order; the result is sorted.
    ///
    /// ```
    /// use nimlab::games::{args::number, nimble::Nimble};
    /// assert_eq!(Nimble.read_coins(&number(&["6", "3", "1", "3"], 1)).unwrap(), vec![1, 3, 3, 6]);
    /// assert!(Nimble.read_coins(&number(&["6", "-3"], 1)).is_err());
    /// ```
    ///
    /// # Errors
    /// A token that is not a whole number ≥ 0, or no coins at all.
    pub fn read_coins(&self, args: &[Arg<'_>]) -> Result<Vec<u64>> {
        if args.is_empty() {
            return Err(Error::position(
                "nimble",
                "no coins given; write the squares of the coins, e.g. `1 3 3 6`",
            ));
        }
        let mut coins = args
            .iter()
            .map(|a| a.natural("a square number, 0 for a coin off the board"))
            .collect::<Result<Vec<u64>>>()?;
        coins.sort_unstable();
        Ok(coins)
    }

    /// The value: the nim-sum of the squares.
    ///
    /// ```
    /// assert_eq!(nimlab::games::nimble::Nimble.value(&[1, 3, 3, 6]), 7);
    /// ```
    pub fn value(&self, coins: &[u64]) -> u64 {
        crate::nimber::nim_sum(coins.iter().copied())
    }

    /// `coins` with the coin at index `i` moved to square `to`, kept sorted.
    fn moved(coins: &[u64], i: usize, to: u64) -> Vec<u64> {
        let mut next = coins.to_vec();
        next.remove(i);
        let at = next.partition_point(|&c| c < to);
        next.insert(at, to);
        next
    }

    /// Indices of the first coin on each occupied square (a second coin on the same
    /// square makes the same moves).
    fn distinct(coins: &[u64]) -> impl Iterator<Item = (usize, u64)> + '_ {
        coins
            .iter()
            .enumerate()
            .filter(|&(i, &c)| c > 0 && (i == 0 || coins[i - 1] != c))
            .map(|(i, &c)| (i, c))
    }
}

impl ImpartialGame for Nimble {
    type Position = Vec<u64>;

    fn options(&self, coins: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, c) in Self::distinct(coins) {
            for to in 0..c {
                out.push(Self::moved(coins, i, to));
            }
        }
    }

    fn components(&self, coins: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        (coins.len() > 1).then(|| coins.iter().map(|&c| vec![c]).collect())
    }

    fn closed_form(&self, coins: &Vec<u64>) -> Option<u64> {
        Some(self.value(coins))
    }
}

impl Rules for Nimble {
    fn id(&self) -> String {
        "nimble".to_string()
    }

    fn format(&self, coins: &Vec<u64>) -> String {
        crate::games::format_heaps(coins)
    }

    fn figure(&self, pos: &Vec<u64>) -> Option<crate::games::figure::Figure> {
        crate::games::figure::coins_figure(pos, None)
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        // The coin that moved: the square `from` has one more coin on than `to`, and back.
        let (mut left, mut arrived) = (None, None);
        let (mut i, mut j) = (0, 0);
        while i < from.len() || j < to.len() {
            match (from.get(i), to.get(j)) {
                (Some(a), Some(b)) if a == b => {
                    i += 1;
                    j += 1;
                }
                (Some(&a), Some(&b)) if a < b => {
                    left = Some(a);
                    i += 1;
                }
                (Some(&a), None) => {
                    left = Some(a);
                    i += 1;
                }
                (_, Some(&b)) => {
                    arrived = Some(b);
                    j += 1;
                }
                (None, None) => break,
            }
        }
        match (left, arrived) {
            (Some(a), Some(b)) => {
                let shared = from.iter().filter(|&&c| c == a).count() > 1;
                let coin = if shared {
                    format!("a coin from square {a}")
                } else {
                    format!("the coin on square {a}")
                };
                if b == 0 {
                    format!("move {coin} off the board")
                } else {
                    format!("move {coin} to square {b}")
                }
            }
            _ => format!("move to {}", self.format(to)),
        }
    }

    fn options_of_value(
        &self,
        coins: &Vec<u64>,
        target: u64,
        hits: &mut crate::games::rules::Hits<Vec<u64>>,
    ) -> Option<()> {
        let x = self.value(coins) ^ target;
        if x == 0 {
            return Some(());
        }
        for (i, c) in Self::distinct(coins).filter(|&(_, c)| c ^ x < c) {
            hits.add(|| Self::moved(coins, i, c ^ x));
        }
        Some(())
    }

    fn nim_heaps(&self, coins: &Vec<u64>) -> Option<(String, Vec<NimHeap>)> {
        Some((
            "coin".to_string(),
            coins
                .iter()
                .filter(|&&c| c > 0)
                .map(|&c| (format!("coin on square {c}"), c))
                .collect(),
        ))
    }

    fn misere_closed_form(&self, coins: &Vec<u64>) -> Option<Outcome> {
        Some(Outcome::from_grundy_zero(crate::games::nim::misere_is_p(
            coins,
        )))
    }

    fn misere_rule(&self, coins: &Vec<u64>) -> Option<String> {
        Some(crate::games::misere_nim_rule(
            "A coin on square i is a Nim heap of i, so misère play is misère Nim on the heaps",
            coins,
        ))
    }

    fn check_searchable(&self, coins: &Vec<u64>) -> Result<()> {
        let moves = Self::distinct(coins).fold(0u64, |a, (_, c)| a.saturating_add(c));
        if moves > MAX_OPTIONS as u64 {
            return Err(Error::limit(
                "listing every move of this Nimble position",
                format!("{MAX_OPTIONS} moves (the squares of the coins add up to more)"),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, MisereSolver};
    use proptest::prelude::*;

    #[test]
    fn facts_from_the_texts() {
        // 003: 1 3 3 6 plays as Nim heaps 1 3 3 6, nim-sum 7; move the coin on 6 to 1.
        let p = vec![1, 3, 3, 6];
        assert_eq!(Nimble.value(&p), 7);
        assert_eq!(
            Nimble.all_options_of_value(&p, 0).unwrap(),
            vec![vec![1, 1, 3, 3]]
        );
        assert_eq!(
            Nimble.describe(&p, &vec![1, 1, 3, 3]),
            "move the coin on square 6 to square 1"
        );
    }

    #[test]
    fn words() {
        assert_eq!(
            Nimble.describe(&vec![1, 3, 3], &vec![1, 2, 3]),
            "move a coin from square 3 to square 2"
        );
        assert_eq!(
            Nimble.describe(&vec![1, 3], &vec![0, 3]),
            "move the coin on square 1 off the board"
        );
        assert_eq!(
            Nimble.describe(&vec![0, 4], &vec![0, 0]),
            "move the coin on square 4 off the board"
        );
    }

    #[test]
    fn coins_off_the_board_do_not_move() {
        let mut out = Vec::new();
        Nimble.options(&vec![0, 0], &mut out);
        assert!(out.is_empty());
        assert!(Nimble.check_searchable(&vec![u64::MAX]).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn closed_forms_match_search(mut coins in proptest::collection::vec(0u64..6, 1..5)) {
            coins.sort_unstable();
            let text = Nimble.format(&coins);
            let tokens: Vec<&str> = text.split(' ').collect();
            prop_assert_eq!(&Nimble.read_coins(&crate::games::args::number(&tokens, 1)).unwrap(), &coins);
            let mut solver = GrundySolver::without_closed_forms(Nimble);
            prop_assert_eq!(solver.value(&coins).unwrap(), Nimble.value(&coins));
            let mut all = Vec::new();
            Nimble.options(&coins, &mut all);
            for t in 0..8 {
                let fast = Nimble.all_options_of_value(&coins, t).unwrap();
                let slow: Vec<Vec<u64>> = all.iter().filter(|o| Nimble.value(o) == t).cloned().collect();
                prop_assert_eq!(fast, slow);
            }
            let misere = MisereSolver::new(Nimble).outcome(&coins).unwrap();
            prop_assert_eq!(misere, Nimble.misere_closed_form(&coins).unwrap());
        }
    }
}
