//! Euclid's game: a pair (x, y) of positive integers; a move subtracts from the larger a
//! positive multiple of the smaller, leaving it positive. At (d, d) there is no move, and
//! the player to move loses (normal play).
//!
//! This is Grossman's version of Cole and Davie's game (which continues to (0, d)).
//! Play follows Euclid's algorithm: from (x, y) every line of play ends at (d, d) with
//! d = gcd(x, y).
//!
//! **Value** (Nivasch 2006): with A = max(x, y) and B = min(x, y), the Grundy value is
//! ⌊A/B − B/A⌋ = ⌊(A² − B²)/(AB)⌋, computed exactly in 128-bit integers. In particular
//! the player to move loses exactly when x = y or A/B < φ = (1 + √5)/2, that is when
//! A(A − B) < B². (When A ≥ 2B the mover can choose who gets the position (A mod B + B, B),
//! whose only move leads to (A mod B, B), so the mover wins; when A < 2B the move is
//! forced.)
//!
//! The options of a given value are at most four, so every winning move of a position
//! with numbers of any 64-bit size is found without listing its options.
//!
//! **Misère play** (the last mover loses): the same argument with the ending reversed.
//! The outcome differs from normal play exactly at the positions whose every move is
//! forced, the multiples (kF_i, kF_{i+1}) of consecutive Fibonacci numbers (Gurvich).
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("euclid", &["23", "5"], 1).unwrap();
//! // ⌊23/5 − 5/23⌋ = ⌊4.38…⌋ = 4.
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(4u64));
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, vec!["8 5"]);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "euclid",
        usage: "euclid[:K]",
        summary: "two positive numbers; subtract a positive multiple of the smaller from the larger, leaving it positive; `euclid:K`: only k times the smaller, k in K",
        position: "the two numbers, e.g. `23 5`; `euclid:1,2 23 5` subtracts only 1 or 2 times the smaller (K numbers and ranges, `1-3`: text 000's \"certain multiples\", read as the multipliers of the smaller number)",
        example: "euclid 23 5",
        start: "7 11",
        params: Params::Optional,
        build: |params, args| match params {
            None => Ok(Box::new(Typed::new(Euclid, read_pair(args)?))),
            Some(k) => super::euclid_multiples::build(k, args),
        },
    }
}

/// Positions whose continued fraction's quotients add up to more than this are not
/// listed move by move or searched (their values and winning moves need neither).
pub const SEARCH_LIMIT: u64 = 100_000;

pub(crate) fn read_pair(args: &[Arg<'_>]) -> Result<(u64, u64)> {
    let [x, y] = args else {
        return Err(Error::position(
            "euclid",
            format!(
                "expected two positive numbers, e.g. `23 5`, not {} token{}",
                args.len(),
                if args.len() == 1 { "" } else { "s" }
            ),
        ));
    };
    let read = |a: &Arg<'_>| -> Result<u64> {
        match a.natural("a positive whole number")? {
            0 => Err(a.error("a positive whole number (both numbers of Euclid's game are ≥ 1)")),
            n => Ok(n),
        }
    };
    Ok((read(x)?, read(y)?))
}

/// The Grundy value ⌊A/B − B/A⌋ of (x, y), A = max, B = min (Nivasch 2006).
///
/// ```
/// use nimlab::games::euclid::value;
/// assert_eq!(value(7, 7), 0);
/// assert_eq!(value(3, 1), 2);
/// assert_eq!(value(5, 3), 1);
/// assert_eq!(value(u64::MAX, 1), u64::MAX - 1);
/// ```
///
/// # Panics
/// If x or y is 0 (not a position).
pub fn value(x: u64, y: u64) -> u64 {
    assert!(x > 0 && y > 0, "Euclid positions are positive");
    let (a, b) = (u128::from(x.max(y)), u128::from(x.min(y)));
    // A² − B² = (A − B)(A + B) < 2^128 and AB < 2^128.
    let v = (a - b) * (a + b) / (a * b);
    v as u64
}

/// Whether (x, y) is a P-position: x = y or max/min < φ, that is A(A − B) < B².
///
/// ```
/// use nimlab::games::euclid::is_p_position;
/// assert!(is_p_position(5, 5) && is_p_position(8, 5) && is_p_position(5, 8));
/// assert!(!is_p_position(13, 7) && !is_p_position(2, 1));
/// ```
///
/// # Panics
/// If x or y is 0 (not a position).
pub fn is_p_position(x: u64, y: u64) -> bool {
    assert!(x > 0 && y > 0, "Euclid positions are positive");
    let (a, b) = (u128::from(x.max(y)), u128::from(x.min(y)));
    a * (a - b) < b * b
}

/// Every option of (x, y) of value `target`, larger number first. At most four.
///
/// From (A, B) with A > B the options are (A − kB, B). Writing A' = A − kB: A' = A mod B
/// (below B) is one option; A' = B (when B divides A) is another, of value 0; and A' > B
/// has A'/B − B/A' in (A'/B − 1, A'/B), so value `target` needs tB < A' < (t + 2)B: at
/// most two more candidates.
///
/// ```
/// use nimlab::games::euclid::options_of_value;
/// assert_eq!(options_of_value(23, 5, 0), vec![(8, 5)]);
/// assert_eq!(options_of_value(5, 23, 2), vec![(5, 13)]);
/// assert_eq!(options_of_value(8, 5, 0), vec![]);
/// ```
///
/// # Panics
/// If x or y is 0 (not a position).
pub fn options_of_value(x: u64, y: u64, target: u64) -> Vec<(u64, u64)> {
    let (a, b) = (x.max(y), x.min(y));
    let mut out = Vec::new();
    if a == b {
        return out;
    }
    let r = a % b;
    let mut candidates: Vec<u64> = [0, 1, target.saturating_sub(1), target, target + 1]
        .into_iter()
        .filter_map(|k| k.checked_mul(b).and_then(|kb| kb.checked_add(r)))
        .filter(|&c| c > 0 && c < a)
        .collect();
    candidates.sort_unstable_by(|p, q| q.cmp(p));
    candidates.dedup();
    for c in candidates {
        if value(c, b) == target {
            out.push(if x > y { (c, y) } else { (x, c) });
        }
    }
    out
}

/// The sum of the quotients of Euclid's algorithm on (x, y): the number of positions
/// reachable along the way, a measure of a search's size.
pub(crate) fn quotient_sum(x: u64, y: u64) -> u64 {
    let (mut a, mut b) = (x.max(y), x.min(y));
    let mut total: u64 = 0;
    while b > 0 {
        total = total.saturating_add(a / b);
        (a, b) = (b, a % b);
    }
    total
}

/// Whether the player to move wins (x, y), in normal or misère play, by following the
/// forced moves of Euclid's algorithm: O(log) steps for any numbers.
fn mover_wins(x: u64, y: u64, misere: bool) -> bool {
    let (mut a, mut b) = (x.max(y), x.min(y));
    let mut flipped = false;
    loop {
        if a == b {
            // No move: the mover loses in normal play and wins in misère play.
            return flipped ^ misere;
        }
        let (q, r) = (a / b, a % b);
        if q >= 2 {
            if r > 0 || !misere {
                // The mover chooses between (r + b, b) and (r, b) (or, r = 0, moves to
                // (b, b)): one of them is lost for the opponent.
                return !flipped;
            }
            // Misère, (qb, b): (b, b) wins for the opponent, (2b, b) loses for them.
            return flipped ^ (q >= 3);
        }
        // A < 2B: the only move is to (A − B, B).
        (a, b) = (b, r);
        flipped = !flipped;
    }
}

/// Whether (x, y) is a P-position of misère Euclid (the last mover loses).
///
/// ```
/// use nimlab::games::euclid::misere_is_p;
/// // (3, 3): no move, so the player to move wins in misère play.
/// assert!(!misere_is_p(3, 3));
/// // (6, 3): the only move goes to (3, 3).
/// assert!(misere_is_p(6, 3));
/// assert!(!misere_is_p(9, 3));
/// ```
///
/// # Panics
/// If x or y is 0 (not a position).
pub fn misere_is_p(x: u64, y: u64) -> bool {
    assert!(x > 0 && y > 0, "Euclid positions are positive");
    !mover_wins(x, y, true)
}

/// Euclid's game. A position is the pair (x, y), both ≥ 1.
///
/// ```
/// use nimlab::games::euclid::Euclid;
/// use nimlab::impartial::ImpartialGame;
/// let mut options = Vec::new();
/// Euclid.options(&(7, 3), &mut options);
/// assert_eq!(options, vec![(4, 3), (1, 3)]);
/// assert_eq!(Euclid.closed_form(&(7, 3)), Some(1));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Euclid;

impl ImpartialGame for Euclid {
    type Position = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        if x > y {
            out.extend((1..=(x - 1) / y).map(|k| (x - k * y, y)));
        } else if y > x {
            out.extend((1..=(y - 1) / x).map(|k| (x, y - k * x)));
        }
    }

    fn closed_form(&self, &(x, y): &(u64, u64)) -> Option<u64> {
        Some(value(x, y))
    }
}

impl Rules for Euclid {
    fn id(&self) -> String {
        "euclid".to_string()
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
        let k = (from - to) / by;
        let amount = if k == 1 {
            format!("{by}")
        } else {
            format!("{k} × {by} = {}", from - to)
        };
        format!("subtract {amount} from {from}, leaving {u} {v}")
    }

    fn options_of_value(
        &self,
        &(x, y): &(u64, u64),
        target: u64,
        hits: &mut crate::games::rules::Hits<(u64, u64)>,
    ) -> Option<()> {
        hits.extend(options_of_value(x, y, target));
        Some(())
    }

    fn p_position(&self, &(x, y): &(u64, u64)) -> Option<bool> {
        Some(is_p_position(x, y))
    }

    fn rule(&self, &(x, y): &(u64, u64)) -> Option<String> {
        let (a, b) = (x.max(y), x.min(y));
        let v = value(x, y);
        let why = if a == b {
            "the numbers are equal, so there is no move".to_string()
        } else if v == 0 {
            format!("{a}/{b} < φ ≈ 1.618, so the only move, to ({} {b}), is forced and leaves the opponent a winning position", a - b)
        } else {
            format!("{a}/{b} ≥ φ ≈ 1.618, so the player to move wins")
        };
        Some(format!(
            "Nivasch (2006): the value of (x, y) is ⌊max/min − min/max⌋ = ⌊{a}/{b} − {b}/{a}⌋ = {v}. The player to move loses exactly when x = y or max/min < φ = (1 + √5)/2; here {why}."
        ))
    }

    fn misere_rule(&self, &(x, y): &(u64, u64)) -> Option<String> {
        Some(format!(
            "Follow Euclid's algorithm from ({x}, {y}): while the larger number is less than twice the smaller, the move is forced. The first position where the larger is at least twice the smaller decides: from (A, B) with A ≥ 2B the mover wins, except at (2B, B), whose only move leaves (B, B) to the opponent, who then cannot move and wins. If every move is forced down to (d, d), the player who faces (d, d) wins. So {x} {y} is {}.",
            if misere_is_p(x, y) { "a P-position: the player to move loses" } else { "an N-position: the player to move wins" }
        ))
    }

    fn misere_closed_form(&self, &(x, y): &(u64, u64)) -> Option<Outcome> {
        Some(Outcome::from_grundy_zero(misere_is_p(x, y)))
    }

    fn check_searchable(&self, &(x, y): &(u64, u64)) -> Result<()> {
        if quotient_sum(x, y) > SEARCH_LIMIT {
            return Err(Error::limit(
                format!("listing or searching every move of the Euclid position {x} {y}"),
                format!(
                    "positions whose Euclid quotients add up to at most {SEARCH_LIMIT} (the value, the outcome and the winning moves are known for any numbers)"
                ),
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
    fn p_positions_are_x_equal_y_or_ratio_below_phi() {
        // GAMES.md: the mover loses iff x = y or max/min < φ. Checked by search for every
        // pair up to 200; φ is compared exactly: A/B < φ ⇔ 2A − B < B√5 ⇔ (2A − B)² < 5B².
        let mut solver = GrundySolver::without_closed_forms(Euclid);
        for x in 1..=200u64 {
            for y in 1..=200u64 {
                let (a, b) = (x.max(y), x.min(y));
                let below_phi = (2 * a - b).pow(2) < 5 * b * b;
                let v = solver.value(&(x, y)).unwrap();
                assert_eq!(v == 0, x == y || below_phi, "{x} {y}");
                assert_eq!(is_p_position(x, y), v == 0, "{x} {y}");
                assert_eq!(value(x, y), v, "{x} {y}");
            }
        }
    }

    #[test]
    fn options_of_value_match_enumeration() {
        for x in 1..=80u64 {
            for y in 1..=80u64 {
                let mut all = Vec::new();
                Euclid.options(&(x, y), &mut all);
                let top = all.iter().map(|&(u, v)| value(u, v)).max().unwrap_or(0);
                for t in 0..=top + 2 {
                    let want: Vec<_> = all
                        .iter()
                        .copied()
                        .filter(|&(u, v)| value(u, v) == t)
                        .collect();
                    assert_eq!(options_of_value(x, y, t), want, "{x} {y} -> value {t}");
                }
            }
        }
    }

    #[test]
    fn misere_matches_search_and_differs_only_at_fibonacci_multiples() {
        let mut solver = MisereSolver::new(Euclid);
        let fib = [1u64, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144];
        for x in 1..=90u64 {
            for y in 1..=90u64 {
                let o = solver.outcome(&(x, y)).unwrap();
                assert_eq!(Euclid.misere_closed_form(&(x, y)), Some(o), "{x} {y}");
                let (a, b) = (x.max(y), x.min(y));
                let forced = fib
                    .windows(2)
                    .any(|w| b % w[0] == 0 && a == b / w[0] * w[1]);
                assert_eq!((o == Outcome::P) != is_p_position(x, y), forced, "{x} {y}");
            }
        }
    }

    #[test]
    fn huge_numbers() {
        let (x, y) = (u64::MAX, 3);
        // A/B is the whole number (2^64 − 1)/3, and B/A > 0 takes one off.
        assert_eq!(value(x, y), u64::MAX / 3 - 1);
        // 2^64 − 1 is a multiple of 3: the winning move goes to (3, 3).
        assert_eq!(options_of_value(x, y, 0), vec![(3, 3)]);
        assert!(matches!(
            Euclid.check_searchable(&(x, y)),
            Err(Error::Limit(_))
        ));
        // Consecutive Fibonacci numbers: a P-position where every move is forced.
        let (f91, f92) = (4_660_046_610_375_530_309u64, 7_540_113_804_746_346_429u64);
        assert!(is_p_position(f92, f91));
        assert!(misere_is_p(f92, f91) != is_p_position(f92, f91));
        assert_eq!(value(f92 + f91 / 2, f91), 1);
        assert_eq!(options_of_value(f92 + f91, f91, 0), vec![(f92, f91)]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn closed_form_matches_search(x in 1u64..400, y in 1u64..400) {
            let mut solver = GrundySolver::without_closed_forms(Euclid);
            prop_assert_eq!(solver.value(&(x, y)).unwrap(), value(x, y));
        }

        #[test]
        fn winning_moves_of_big_positions(x in 1u64..u64::MAX, y in 1u64..u64::MAX) {
            let moves = options_of_value(x, y, 0);
            prop_assert_eq!(moves.is_empty(), is_p_position(x, y));
            prop_assert!(moves.len() <= 2);
            for (u, v) in moves {
                prop_assert!(is_p_position(u, v));
                let legal = if u != x { v == y && x > y && (x - u) % y == 0 } else { y > x && (y - v) % x == 0 };
                prop_assert!(legal);
            }
        }
    }
}
