//! Atomic weight: the number of ups an infinitesimal is worth, by the atomic weight
//! calculus (Berlekamp; Siegel, *Combinatorial Game Theory*, ch. II.7), with the far
//! star, the Norton product and the test that says whether a game is atomic.

use super::ops::{norton_product, ordinal_sum};
use super::stop;
use super::walk::{walk, Step};
use super::{Arena, Dyadic, GameId, Nus};
use crate::Result;
use rustc_hash::FxHashMap;

/// The far star of `g`: `m + 1` for the nimber `*m`, otherwise the largest far star of
/// an option, and at least 1. A nimber at least as large is "remote" for `g`.
///
/// ```
/// use nimlab::calc::Session;
/// use nimlab::conway::atomic::far_star;
/// let mut s = Session::new();
/// let g = s.game_of("{0|*3}").unwrap();
/// assert_eq!(far_star(&mut s.arena, g), 4);
/// let up = s.game_of("^").unwrap();
/// assert_eq!(far_star(&mut s.arena, up), 2);
/// ```
pub fn far_star(a: &mut Arena, g: GameId) -> u64 {
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some(n) = a.as_nus(x) {
            if n.number.is_zero() && n.ups == 0 {
                return Step::Value(n.nim.saturating_add(1));
            }
        }
        let (l, r) = a.options(x);
        if !again || l.iter().chain(&r).any(|o| !memo.contains_key(o)) {
            return Step::Needs(l.into_iter().chain(r).collect());
        }
        Step::Value(
            l.iter()
                .chain(&r)
                .map(|o| memo[o])
                .max()
                .unwrap_or(1)
                .max(1),
        )
    });
    v.unwrap_or(1)
}

/// The "naive" atomic weight: the atomic weight calculus applied without checking that
/// the game is atomic. `x + n·↑ + *m` weighs n; any other game G weighs
/// G″ = {G^L″ − 2 | G^R″ + 2}, except that when G″ is an integer and G is strictly below
/// (above) its far star, the weight is the least (greatest) integer incomparable with
/// or above (below) every G^L″ − 2 (G^R″ + 2).
fn naive(a: &mut Arena, g: GameId) -> GameId {
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some(n) = a.as_nus(x) {
            let ups = n.ups;
            return Step::Value(a.integer(ups));
        }
        let (l, r) = a.options(x);
        if !again || l.iter().chain(&r).any(|o| !memo.contains_key(o)) {
            return Step::Needs(l.into_iter().chain(r).collect());
        }
        let (wl, wr): (Vec<GameId>, Vec<GameId>) = (
            l.iter().map(|o| memo[o]).collect(),
            r.iter().map(|o| memo[o]).collect(),
        );
        Step::Value(naive_of(a, x, wl, wr))
    });
    v.unwrap_or(g)
}

/// The naive weight of `g` from those of its Left options (`wl`) and Right options.
fn naive_of(a: &mut Arena, g: GameId, wl: Vec<GameId>, wr: Vec<GameId>) -> GameId {
    let two = a.integer(2);
    let minus_two = a.integer(-2);
    let wl: Vec<GameId> = wl.into_iter().map(|w| a.add(w, minus_two)).collect();
    let wr: Vec<GameId> = wr.into_iter().map(|w| a.add(w, two)).collect();
    let g0 = a.game(wl.clone(), wr.clone());
    let mut result = g0;
    if a.as_number(g0).is_some_and(Dyadic::is_integer) {
        let nim = far_star(a, g);
        let far = a.star(nim);
        let below = a.le(g, far);
        let above = a.le(far, g);
        if below && !above {
            // The least integer n with n ⧐ every G^L″ − 2.
            let mut best: Option<Dyadic> = None;
            for &o in &wl {
                let mut n = Dyadic::from(stop(a, o, false).ceil());
                let ng = a.number(n.clone());
                if a.le(ng, o) {
                    n = &n + &Dyadic::from(1);
                }
                best = Some(best.map_or(n.clone(), |b| b.max(n)));
            }
            result = a.number(best.unwrap_or_else(Dyadic::zero));
        } else if above && !below {
            // The greatest integer n with n <| every G^R″ + 2.
            let mut best: Option<Dyadic> = None;
            for &o in &wr {
                let mut n = Dyadic::from(stop(a, o, true).floor());
                let ng = a.number(n.clone());
                if a.le(o, ng) {
                    n = &n - &Dyadic::from(1);
                }
                best = Some(best.map_or(n.clone(), |b| b.min(n)));
            }
            result = a.number(best.unwrap_or_else(Dyadic::zero));
        }
    }
    result
}

/// The atomic weight of `g`, or `None` when `g` is not atomic.
///
/// A game is atomic when it is infinitesimal and either all-small or within
/// ↑* + (*2^k : −1) of `aw.↑` (the Norton product of its weight and up), where 2^k is
/// the least power of two not below the far star (Wolfe's test, as in CGSuite).
///
/// ```
/// use nimlab::calc::Session;
/// use nimlab::conway::atomic::atomic_weight;
/// let mut s = Session::new();
/// let g = s.game_of("{0||0|v*}").unwrap();
/// let w = atomic_weight(&mut s.arena, g).unwrap().unwrap();
/// assert_eq!(nimlab::notation::print(&mut s.arena, w), "1");
/// let hot = s.game_of("{1|-1}").unwrap();
/// assert_eq!(atomic_weight(&mut s.arena, hot).unwrap(), None);
/// ```
///
/// # Errors
/// A weight too large for the Norton product's integer multiples.
pub fn atomic_weight(a: &mut Arena, g: GameId) -> Result<Option<GameId>> {
    if !super::ops::is_infinitesimal(a, g) {
        return Ok(None);
    }
    let w = naive(a, g);
    if super::ops::is_all_small(a, g) {
        return Ok(Some(w));
    }
    let up = a.up(1);
    let wup = norton_product(a, w, up)?;
    let difference = a.sub(g, wup);
    let far = far_star(a, g);
    let pow2 = far.max(2).next_power_of_two();
    let star = a.star(pow2);
    let minus_one = a.integer(-1);
    let red_kite = ordinal_sum(a, star, minus_one)?;
    let upstar = a.nus(Nus {
        number: Dyadic::zero(),
        ups: 1,
        nim: 1,
    });
    let epsilon = a.add(upstar, red_kite);
    let minus_epsilon = a.neg(epsilon);
    Ok((a.le(difference, epsilon) && a.le(minus_epsilon, difference)).then_some(w))
}

/// Whether `g` is a number-ish tiny: a number, or a game {x || x | y} with a number x
/// and y of mean below x (a "tiny" above x), or its mirror {y | x || x}. `x + n·↑ + *m`
/// values other than numbers are not.
///
/// ```
/// use nimlab::calc::Session;
/// use nimlab::conway::atomic::is_number_tiny;
/// let mut s = Session::new();
/// let tiny = s.game_of("{1||1|-2}").unwrap();
/// assert!(is_number_tiny(&mut s.arena, tiny));
/// let up = s.game_of("^").unwrap();
/// assert!(!is_number_tiny(&mut s.arena, up));
/// ```
pub fn is_number_tiny(a: &mut Arena, g: GameId) -> bool {
    if let Some(n) = a.as_nus(g) {
        return n.is_number();
    }
    let (l, r) = a.options(g);
    let (&[gl], &[gr]) = (l.as_slice(), r.as_slice()) else {
        return false;
    };
    let mean = |a: &mut Arena, x: GameId| super::mean(a, x);
    if a.as_number(gl).is_some() {
        let (rl, rr) = a.options(gr);
        if let (&[grl], &[grr]) = (rl.as_slice(), rr.as_slice()) {
            if grl == gl && mean(a, grr) < mean(a, gl) {
                return true;
            }
        }
    }
    if a.as_number(gr).is_some() {
        let (ll, lr) = a.options(gl);
        if let (&[gll], &[glr]) = (ll.as_slice(), lr.as_slice()) {
            if glr == gr && mean(a, gll) > mean(a, gr) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::{born_by, ops, Comparison};

    fn all_small_by_day_3(a: &mut Arena) -> Vec<GameId> {
        born_by(a, 3)
            .unwrap()
            .into_iter()
            .filter(|&g| ops::is_all_small(a, g))
            .collect()
    }

    #[test]
    fn the_two_ahead_rule_holds_for_all_small_games_born_by_day_3_and_their_sums() {
        // Winning Ways / Siegel: aw ≥ 2 ⇒ G > 0; aw ≥ 1 ⇒ G ⧐ 0; mirrored for Right.
        let mut a = Arena::new();
        let zero = a.zero();
        let day3 = all_small_by_day_3(&mut a);
        assert!(day3.len() > 50, "{} all-small games", day3.len());
        let mut games = day3.clone();
        for &g in &day3 {
            for &h in &day3 {
                games.push(a.add(g, h));
            }
        }
        for g in games {
            let w = atomic_weight(&mut a, g)
                .unwrap()
                .expect("all-small games are atomic");
            let w = a.as_number(w).cloned().expect("a number");
            let c = a.compare(g, zero);
            if w >= Dyadic::from(2) {
                assert_eq!(c, Comparison::Greater);
            }
            if w >= Dyadic::from(1) {
                assert!(matches!(c, Comparison::Greater | Comparison::Confused));
            }
            if w <= Dyadic::from(-2) {
                assert_eq!(c, Comparison::Less);
            }
            if w <= Dyadic::from(-1) {
                assert!(matches!(c, Comparison::Less | Comparison::Confused));
            }
        }
    }

    #[test]
    fn atomic_weight_is_additive_on_all_small_games_and_odd_under_negation() {
        let mut a = Arena::new();
        let games = all_small_by_day_3(&mut a);
        let step = games.len() / 40 + 1;
        let sample: Vec<GameId> = games.iter().copied().step_by(step).collect();
        let mut weights = FxHashMap::default();
        for &g in &games {
            let w = atomic_weight(&mut a, g).unwrap().unwrap();
            weights.insert(g, w);
            let ng = a.neg(g);
            let nw = atomic_weight(&mut a, ng).unwrap().unwrap();
            assert_eq!(nw, a.neg(w));
        }
        for &g in &sample {
            for &h in &sample {
                let s = a.add(g, h);
                let ws = atomic_weight(&mut a, s).unwrap().unwrap();
                let want = a.add(weights[&g], weights[&h]);
                assert_eq!(ws, want);
            }
        }
    }

    #[test]
    fn ups_and_nimbers_weigh_their_up_multiple_and_hot_games_are_not_atomic() {
        let mut a = Arena::new();
        for n in -5..=5 {
            for m in 0..4 {
                let g = a.nus(Nus {
                    number: Dyadic::zero(),
                    ups: n,
                    nim: m,
                });
                let w = atomic_weight(&mut a, g).unwrap();
                assert_eq!(w, Some(a.integer(n)));
            }
        }
        let (one, minus_one) = (a.integer(1), a.integer(-1));
        let switch = a.game(vec![one], vec![minus_one]);
        assert_eq!(atomic_weight(&mut a, switch).unwrap(), None);
        let half = a.number(Dyadic::new(1.into(), 1));
        assert_eq!(atomic_weight(&mut a, half).unwrap(), None);
    }

    #[test]
    fn the_norton_product_by_up_of_an_integer_is_that_many_ups() {
        let mut a = Arena::new();
        let up = a.up(1);
        for n in -6..=6 {
            let g = a.integer(n);
            assert_eq!(norton_product(&mut a, g, up).unwrap(), a.up(n));
        }
    }
}
