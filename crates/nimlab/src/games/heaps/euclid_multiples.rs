//! Euclid's game with a set of multiples (text 000: "Euclid's game is sometimes
//! generalised: the rules are the same, except that only certain multiples may be
//! subtracted").
//!
//! Rules: a pair (x, y) of positive integers; a move subtracts from the larger number k
//! times the smaller, for a k in a fixed set K of positive integers, leaving it positive.
//! At (d, d) there is no move, nor where every k·min is too large; the player who cannot
//! move loses. The game is `euclid:K`, K a list of numbers and ranges: `euclid:1,2`,
//! `euclid:1-3`, `euclid:2,5-7`. With K every positive integer it is Euclid's game itself
//! (`euclid`).
//!
//! The text does not say which multiples it means ("only certain multiples of fixed
//! numbers"). nimlab reads them as the multipliers k of the smaller number, from any set
//! given, so that the rest of Euclid's rule stays as it is; the moves still follow
//! Euclid's algorithm, so every line of play from (x, y) meets only the positions
//! (r_{i−1} − m·r_i, r_i) of its run, as many as the quotients of the algorithm add up
//! to.
//!
//! **Values**: found by search over those positions (no closed form is known for a
//! general K). For K = {1} every position has at most one move (subtract the smaller
//! once), so play is forced: the value of a chain of L forced moves is L mod 2, and L is
//! the sum of the quotients of Euclid's algorithm less one (the last quotient q stops at
//! (d, d) after q − 1 moves). Misère play on that chain: the mover loses exactly when L is
//! odd. nimlab uses these for K = {1} at any size.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // With k = 1 or 2: from 23 5 the moves go to 18 5 and 13 5.
//! let p = cat.parse_position("euclid:1,2", &["23", "5"], 1).unwrap();
//! let to: Vec<String> = p.options().unwrap().iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, ["18 5", "13 5"]);
//! assert_eq!(p.game(), "euclid:1-2");
//! ```

use crate::games::euclid::{quotient_sum, read_pair, SEARCH_LIMIT};
use crate::games::rules::{Rules, Typed};
use crate::games::Position;
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The most ranges a set of multiples may be written with.
pub const MAX_RANGES: usize = 1_000;

/// Builds the position of `euclid:K` (the catalogue entry of `euclid` calls it when the id
/// has parameters).
pub(crate) fn build(params: &str, args: &[crate::games::Arg<'_>]) -> Result<Box<dyn Position>> {
    let game = EuclidMultiples::parse(params)?;
    Ok(Box::new(Typed::new(game, read_pair(args)?)))
}

/// Euclid's game where the multiple k·min subtracted has k in a set K.
///
/// ```
/// use nimlab::games::euclid_multiples::EuclidMultiples;
/// use nimlab::impartial::ImpartialGame;
/// let g = EuclidMultiples::parse("1,3").unwrap();
/// let mut options = Vec::new();
/// g.options(&(3, 10), &mut options);
/// assert_eq!(options, vec![(3, 7), (3, 1)]);
/// assert_eq!(g.multiples(), "1,3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EuclidMultiples {
    /// K as sorted, disjoint, non-adjacent ranges lo..=hi.
    ranges: Vec<(u64, u64)>,
}

impl EuclidMultiples {
    /// The game of the set K written as numbers and ranges `a-b`, separated by commas.
    ///
    /// ```
    /// use nimlab::games::euclid_multiples::EuclidMultiples;
    /// assert_eq!(EuclidMultiples::parse("3,1-2,7").unwrap().multiples(), "1-3,7");
    /// let err = EuclidMultiples::parse("1,x").unwrap_err().to_string();
    /// assert!(err.contains("`x` (item 2 of `1,x`)"), "{err}");
    /// assert!(EuclidMultiples::parse("0").is_err());
    /// ```
    ///
    /// # Errors
    /// [`Error::Rule`] naming the item that is not a positive number or a range `a-b`
    /// with 1 ≤ a ≤ b, or an empty set.
    pub fn parse(params: &str) -> Result<EuclidMultiples> {
        let id = format!("euclid:{params}");
        let fail = |reason: String| Error::parameters(&id, reason);
        if params.trim().is_empty() {
            return Err(fail(
                "expected the multiples k that may be subtracted (k × the smaller number), e.g. `euclid:1,2` or `euclid:1-3`".to_string(),
            ));
        }
        let items: Vec<&str> = params.split(',').collect();
        if items.len() > MAX_RANGES {
            return Err(Error::limit(
                format!("the {} items of `{id}`", items.len()),
                format!("{MAX_RANGES} numbers or ranges"),
            ));
        }
        let mut ranges = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let at = format!("`{}` (item {} of `{params}`)", item.trim(), i + 1);
            let number = |text: &str| -> std::result::Result<u64, String> {
                match text.trim().parse::<u64>() {
                    Ok(0) => Err(format!(
                        "{at}: a multiple is at least 1 (subtracting 0 times the smaller number is no move)"
                    )),
                    Ok(n) => Ok(n),
                    Err(_) => Err(format!(
                        "{at}: expected a whole number ≥ 1 or a range `a-b` (numbers up to 2^64 - 1)"
                    )),
                }
            };
            let (lo, hi) = match item.split_once('-') {
                Some((a, b)) => (number(a).map_err(fail)?, number(b).map_err(fail)?),
                None => {
                    let n = number(item).map_err(fail)?;
                    (n, n)
                }
            };
            if lo > hi {
                return Err(fail(format!(
                    "{at}: a range `a-b` needs a ≤ b, e.g. `{hi}-{lo}`"
                )));
            }
            ranges.push((lo, hi));
        }
        ranges.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        Ok(EuclidMultiples { ranges: merged })
    }

    /// K as it is written in the game's id: sorted ranges, `a-b` for two or more numbers.
    ///
    /// ```
    /// use nimlab::games::euclid_multiples::EuclidMultiples;
    /// assert_eq!(EuclidMultiples::parse("4,2,3,9").unwrap().multiples(), "2-4,9");
    /// ```
    pub fn multiples(&self) -> String {
        self.ranges
            .iter()
            .map(|&(lo, hi)| {
                if lo == hi {
                    lo.to_string()
                } else {
                    format!("{lo}-{hi}")
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Whether K is {1}: every move is forced.
    fn forced(&self) -> bool {
        self.ranges == [(1, 1)]
    }

    /// The number of moves left from (x, y) when K = {1}: the quotients of Euclid's
    /// algorithm added up, less one.
    fn chain_length(x: u64, y: u64) -> u64 {
        full_quotient_sum(x, y) - 1
    }
}

/// The sum of the quotients of Euclid's algorithm on (x, y), both ≥ 1, exactly (it is at
/// most max(x, y), so it fits).
fn full_quotient_sum(x: u64, y: u64) -> u64 {
    let (mut a, mut b) = (x.max(y), x.min(y));
    let mut total = 0u64;
    while b > 0 {
        total += a / b;
        (a, b) = (b, a % b);
    }
    total
}

impl ImpartialGame for EuclidMultiples {
    type Position = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        let (big, small) = (x.max(y), x.min(y));
        if small == 0 || big == small {
            return;
        }
        // k·small < big: k ≤ (big − 1)/small.
        let most = (big - 1) / small;
        for &(lo, hi) in &self.ranges {
            if lo > most {
                break;
            }
            for k in lo..=hi.min(most) {
                let rest = big - k * small;
                out.push(if x > y { (rest, y) } else { (x, rest) });
            }
        }
    }

    fn closed_form(&self, &(x, y): &(u64, u64)) -> Option<u64> {
        (self.forced() && x > 0 && y > 0).then(|| Self::chain_length(x, y) % 2)
    }
}

impl Rules for EuclidMultiples {
    fn id(&self) -> String {
        format!("euclid:{}", self.multiples())
    }

    fn format(&self, &(x, y): &(u64, u64)) -> String {
        format!("{x} {y}")
    }

    fn figure(&self, pos: &(u64, u64)) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape};
        Some(Figure::new(Shape::Heaps(Heap::numbered(
            "number",
            &[pos.0, pos.1],
        ))))
    }

    fn describe(&self, &(x, y): &(u64, u64), &(u, v): &(u64, u64)) -> String {
        let (from, to, by) = if u != x { (x, u, y) } else { (y, v, x) };
        let k = (from - to) / by.max(1);
        let amount = if k == 1 {
            format!("{by}")
        } else {
            format!("{k} × {by} = {}", from - to)
        };
        format!("subtract {amount} from {from}, leaving {u} {v}")
    }

    fn rule(&self, &(x, y): &(u64, u64)) -> Option<String> {
        if !self.forced() {
            return None;
        }
        let length = Self::chain_length(x, y);
        Some(format!(
            "With K = {{1}} every move is forced (subtract the smaller number once), so the game is a chain of moves down Euclid's algorithm to (d, d): from {x} {y} it lasts {length} move{} (the quotients of Euclid's algorithm add up to {}, less one). A chain's value is its length mod 2, so the player to move {}.",
            if length == 1 { "" } else { "s" },
            length + 1,
            if length % 2 == 1 { "wins" } else { "loses" }
        ))
    }

    fn misere_closed_form(&self, &(x, y): &(u64, u64)) -> Option<Outcome> {
        // A forced chain of L moves: the mover makes the last move exactly when L is odd.
        (self.forced() && x > 0 && y > 0)
            .then(|| Outcome::from_grundy_zero(Self::chain_length(x, y) % 2 == 1))
    }

    fn misere_rule(&self, &(x, y): &(u64, u64)) -> Option<String> {
        let outcome = self.misere_closed_form(&(x, y))?;
        Some(format!(
            "With K = {{1}} play is a forced chain of {} moves; in misère play the player who makes the last move loses, so the player to move {}.",
            Self::chain_length(x, y),
            if outcome == Outcome::P { "loses" } else { "wins" }
        ))
    }

    fn check_searchable(&self, &(x, y): &(u64, u64)) -> Result<()> {
        if quotient_sum(x, y) > SEARCH_LIMIT {
            return Err(Error::limit(
                format!(
                    "listing or searching every move of the position {x} {y} of {}",
                    self.id()
                ),
                format!(
                    "positions whose Euclid quotients add up to at most {SEARCH_LIMIT} (a search meets that many positions)"
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::euclid::Euclid;
    use crate::impartial::{GrundySolver, MisereSolver};
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Grundy values by plain recursion over the rules, with the multiples given as a
    /// list: no ranges, no closed form.
    fn brute(k: &[u64], x: u64, y: u64, memo: &mut HashMap<(u64, u64), u64>) -> u64 {
        if let Some(&v) = memo.get(&(x, y)) {
            return v;
        }
        let mut seen = Vec::new();
        for &m in k {
            if x > y && m * y < x {
                seen.push(brute(k, x - m * y, y, memo));
            }
            if y > x && m * x < y {
                seen.push(brute(k, x, y - m * x, memo));
            }
        }
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert((x, y), v);
        v
    }

    /// Misère outcome by plain recursion: the player to move wins when some move leads
    /// to a loss for the other, or when there is no move.
    fn misere_wins(k: &[u64], x: u64, y: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
        if let Some(&w) = memo.get(&(x, y)) {
            return w;
        }
        let mut any = false;
        let mut wins = false;
        for &m in k {
            let next = if x > y && m * y < x {
                Some((x - m * y, y))
            } else if y > x && m * x < y {
                Some((x, y - m * x))
            } else {
                None
            };
            if let Some((u, v)) = next {
                any = true;
                wins |= !misere_wins(k, u, v, memo);
            }
        }
        let wins = wins || !any;
        memo.insert((x, y), wins);
        wins
    }

    #[test]
    fn the_search_matches_plain_recursion() {
        for (text, list) in [
            ("1,2", vec![1, 2]),
            ("1-3", vec![1, 2, 3]),
            ("2", vec![2]),
            ("1,3", vec![1, 3]),
            ("2,5-6", vec![2, 5, 6]),
            ("1", vec![1]),
        ] {
            let g = EuclidMultiples::parse(text).unwrap();
            let mut solver = GrundySolver::without_closed_forms(g.clone());
            let mut memo = HashMap::new();
            for x in 1..=70u64 {
                for y in 1..=70u64 {
                    assert_eq!(
                        solver.value(&(x, y)).unwrap(),
                        brute(&list, x, y, &mut memo),
                        "{text}: {x} {y}"
                    );
                }
            }
            let mut misere = MisereSolver::new(g);
            let mut memo = HashMap::new();
            for x in 1..=40u64 {
                for y in 1..=40u64 {
                    let want = Outcome::from_grundy_zero(!misere_wins(&list, x, y, &mut memo));
                    assert_eq!(misere.outcome(&(x, y)).unwrap(), want, "{text}: {x} {y}");
                }
            }
        }
    }

    #[test]
    fn all_multiples_up_to_the_quotient_is_euclids_game() {
        // K = 1..n with n past every quotient gives Euclid's game (Nivasch's values).
        let g = EuclidMultiples::parse("1-200").unwrap();
        let mut solver = GrundySolver::new(g);
        for x in 1..=150u64 {
            for y in 1..=150u64 {
                assert_eq!(
                    solver.value(&(x, y)).unwrap(),
                    Euclid.closed_form(&(x, y)).unwrap()
                );
            }
        }
    }

    #[test]
    fn a_single_multiple_of_one_is_a_forced_chain() {
        let g = EuclidMultiples::parse("1").unwrap();
        let mut solver = GrundySolver::without_closed_forms(g.clone());
        let mut misere = MisereSolver::new(EuclidMultiples::parse("1").unwrap());
        for x in 1..=120u64 {
            for y in 1..=120u64 {
                assert_eq!(g.closed_form(&(x, y)), Some(solver.value(&(x, y)).unwrap()));
                if x <= 60 && y <= 60 {
                    assert_eq!(
                        g.misere_closed_form(&(x, y)),
                        Some(misere.outcome(&(x, y)).unwrap())
                    );
                }
            }
        }
        // 7 5 → 2 5 → 2 3 → 2 1 → 1 1: four moves (7 = 1·5 + 2, 5 = 2·2 + 1, 2 = 2·1:
        // the quotients add up to 5, less one).
        assert_eq!(EuclidMultiples::chain_length(7, 5), 4);
        assert_eq!(g.closed_form(&(7, 5)), Some(0));
        // Huge numbers need no search.
        assert_eq!(EuclidMultiples::chain_length(u64::MAX, 1), u64::MAX - 1);
        assert_eq!(g.closed_form(&(u64::MAX, 1)), Some(0));
        assert!(g.check_searchable(&(u64::MAX, 1)).is_err());
    }

    #[test]
    fn sets_are_read_and_written() {
        let g = EuclidMultiples::parse(" 5, 1-2 ,3,9-9").unwrap();
        assert_eq!(g.multiples(), "1-3,5,9");
        assert_eq!(g.id(), "euclid:1-3,5,9");
        assert_eq!(EuclidMultiples::parse(&g.multiples()).unwrap(), g);
        for (bad, why) in [
            ("", "expected the multiples"),
            ("0", "at least 1"),
            ("1,,2", "item 2"),
            ("3-1", "a ≤ b"),
            ("1-x", "`1-x` (item 1"),
            ("99999999999999999999", "whole number"),
            ("-2", "whole number"),
        ] {
            let err = EuclidMultiples::parse(bad).unwrap_err().to_string();
            assert!(err.contains(why), "{bad:?}: {err}");
            assert!(err.contains(&format!("euclid:{bad}")), "{bad:?}: {err}");
        }
        let many = vec!["1"; MAX_RANGES + 1].join(",");
        assert!(matches!(
            EuclidMultiples::parse(&many),
            Err(Error::Limit(_))
        ));
    }

    #[test]
    fn huge_ranges_list_only_the_moves_that_fit() {
        let g = EuclidMultiples::parse(&format!("2-{}", u64::MAX)).unwrap();
        let mut options = Vec::new();
        g.options(&(u64::MAX, u64::MAX / 4), &mut options);
        assert_eq!(options.len(), 3);
        let mut options = Vec::new();
        g.options(&(5, 5), &mut options);
        assert!(options.is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn values_match_plain_recursion(
            k in proptest::collection::btree_set(1u64..6, 1..4),
            x in 1u64..300,
            y in 1u64..300,
        ) {
            let list: Vec<u64> = k.iter().copied().collect();
            let text = list.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
            let g = EuclidMultiples::parse(&text).unwrap();
            let mut solver = GrundySolver::new(g);
            let mut memo = HashMap::new();
            prop_assert_eq!(solver.value(&(x, y)).unwrap(), brute(&list, x, y, &mut memo));
        }

        #[test]
        fn parsing_never_panics(text in "\\PC{0,16}") {
            if let Ok(g) = EuclidMultiples::parse(&text) {
                prop_assert_eq!(EuclidMultiples::parse(&g.multiples()).unwrap(), g);
            }
        }
    }
}
