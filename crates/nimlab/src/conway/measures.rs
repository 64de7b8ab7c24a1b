//! What a canonical form tells at a glance: its outcome class, its birthday and its
//! Left and Right stops.

use super::walk::{walk, Step};
use super::{Arena, Comparison, Dyadic, GameId};
use crate::Outcome;
use num_bigint::BigInt;
use num_traits::Signed;
use rustc_hash::FxHashMap;

/// The outcome class: L when G > 0, R when G < 0, P when G = 0, N when G ‖ 0.
pub fn outcome(a: &mut Arena, g: GameId) -> Outcome {
    let zero = a.zero();
    match a.compare(g, zero) {
        Comparison::Greater => Outcome::L,
        Comparison::Less => Outcome::R,
        Comparison::Equal => Outcome::P,
        Comparison::Confused => Outcome::N,
    }
}

/// The birthday of a canonical form: 0 for 0, one more than its options' latest; |n| for
/// an integer n, m for *m.
///
/// ```
/// use nimlab::calc::Session;
/// use nimlab::conway::birthday;
/// let mut s = Session::new();
/// let g = s.game_of("{3||2|1}").unwrap();
/// assert_eq!(birthday(&mut s.arena, g), 4.into());
/// let big = s.game_of("-1823437481924").unwrap();
/// assert_eq!(birthday(&mut s.arena, big), 1823437481924u64.into());
/// ```
pub fn birthday(a: &mut Arena, g: GameId) -> BigInt {
    let mut memo: FxHashMap<GameId, BigInt> = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some(n) = a.as_nus(x) {
            if n.is_number() {
                // An integer n is born on day |n|; m/2^k on day ⌊|x|⌋ + k + 1.
                let x = &n.number;
                let whole = x.numerator().abs() >> x.exponent();
                return Step::Value(if x.is_integer() {
                    whole
                } else {
                    whole + x.exponent() + 1
                });
            }
            if n.number.is_zero() && n.ups == 0 {
                return Step::Value(BigInt::from(n.nim));
            }
        }
        let (l, r) = a.options(x);
        let all: Vec<GameId> = l.into_iter().chain(r).collect();
        if !again || all.iter().any(|o| !memo.contains_key(o)) {
            return Step::Needs(all);
        }
        let latest = all.iter().map(|o| &memo[o]).max().cloned();
        Step::Value(latest.map_or_else(BigInt::default, |d| d + 1))
    });
    v.unwrap_or_default()
}

/// The Left stop (`left`) or the Right stop of a game.
///
/// ```
/// use nimlab::calc::Session;
/// use nimlab::conway::stop;
/// let mut s = Session::new();
/// let g = s.game_of("{3||2|1}").unwrap();
/// assert_eq!(stop(&mut s.arena, g, true).to_string(), "3");
/// assert_eq!(stop(&mut s.arena, g, false).to_string(), "2");
/// ```
pub fn stop(a: &mut Arena, g: GameId, left: bool) -> Dyadic {
    if let Some((l, r)) = a.stops(g) {
        return if left { l } else { r }.clone();
    }
    // The stops from the options' stops: LS(G) = max RS(G^L), RS(G) = min LS(G^R).
    let mut memo: FxHashMap<GameId, (Dyadic, Dyadic)> = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some((l, r)) = a.stops(x) {
            return Step::Value((l.clone(), r.clone()));
        }
        let (l, r) = a.options(x);
        if !again || l.iter().chain(&r).any(|o| !memo.contains_key(o)) {
            return Step::Needs(l.into_iter().chain(r).collect());
        }
        let ls = l.iter().map(|o| &memo[o].1).max().cloned();
        let rs = r.iter().map(|o| &memo[o].0).min().cloned();
        Step::Value((
            ls.unwrap_or_else(Dyadic::zero),
            rs.unwrap_or_else(Dyadic::zero),
        ))
    });
    v.map(|(l, r)| if left { l } else { r })
        .unwrap_or_else(Dyadic::zero)
}
