//! Operations on canonical forms beyond sums and comparisons: cooling, heating,
//! overheating, freezing, incentives, reduced canonical forms, companions, ordinal sums,
//! powers of up, counts and predicates.

use super::{mean, temperature, Arena, Dyadic, GameId, Nus, Rational};
use crate::{Error, Outcome, Result};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use rustc_hash::{FxHashMap, FxHashSet};

fn number_of(x: &Rational) -> Option<Dyadic> {
    let d = x.denom();
    let k = d.trailing_zeros()?;
    (d == &(BigInt::one() << k)).then(|| Dyadic::new(x.numer().clone(), k as u32))
}

fn as_rational(x: &Dyadic) -> Rational {
    Rational::new(x.numerator().clone(), BigInt::one() << x.exponent())
}

/// `g` cooled by `t` (t > −1): integers stay; a game whose temperature is below t becomes
/// its mean; any other becomes {G^L cooled − t | G^R cooled + t}.
///
/// ```
/// use nimlab::notation::Session;
/// let mut s = Session::new();
/// assert_eq!(s.run("{3||2+*|1+*}.Cool(3/4)").unwrap(), "9/4*");
/// assert_eq!(s.run("{3||2+*|1+*}.Cool(1/2)").unwrap(), "{5/2|2*}");
/// ```
///
/// # Errors
/// A temperature of −1 or less.
pub fn cool(a: &mut Arena, g: GameId, t: &Dyadic) -> Result<GameId> {
    if t <= &Dyadic::from(-1) {
        return Err(Error::Unsupported(format!(
            "Invalid cooling temperature (must be > -1): {t}"
        )));
    }
    let tg = a.number(t.clone());
    let mut memo = FxHashMap::default();
    Ok(cool_with(a, g, t, tg, &mut memo))
}

fn cool_with(
    a: &mut Arena,
    g: GameId,
    t: &Dyadic,
    tg: GameId,
    memo: &mut FxHashMap<GameId, GameId>,
) -> GameId {
    if let Some(&v) = memo.get(&g) {
        return v;
    }
    let v = if a.as_number(g).is_some_and(Dyadic::is_integer) {
        g
    } else if temperature(a, g) < as_rational(t) {
        let m = mean(a, g);
        let m = number_of(&m).unwrap_or_else(Dyadic::zero);
        a.number(m)
    } else {
        let (l, r) = a.options(g);
        let l = l
            .into_iter()
            .map(|o| {
                let c = cool_with(a, o, t, tg, memo);
                a.sub(c, tg)
            })
            .collect();
        let r = r
            .into_iter()
            .map(|o| {
                let c = cool_with(a, o, t, tg, memo);
                a.add(c, tg)
            })
            .collect();
        a.game(l, r)
    };
    memo.insert(g, v);
    v
}

/// `g` heated by `t`: numbers stay; any other game becomes {G^L heated + t | G^R heated − t}.
pub fn heat(a: &mut Arena, g: GameId, t: GameId) -> GameId {
    fn go(a: &mut Arena, g: GameId, t: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if a.as_number(g).is_some() {
            return g;
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let (l, r) = a.options(g);
        let mut nl = Vec::with_capacity(l.len());
        for o in l {
            let h = go(a, o, t, memo);
            nl.push(a.add(h, t));
        }
        let mut nr = Vec::with_capacity(r.len());
        for o in r {
            let h = go(a, o, t, memo);
            nr.push(a.sub(h, t));
        }
        let v = a.game(nl, nr);
        memo.insert(g, v);
        v
    }
    go(a, g, t, &mut FxHashMap::default())
}

/// `g` overheated from `s` to `t`: an integer n becomes n copies of s; any other game
/// becomes {G^L overheated + t | G^R overheated − t}.
///
/// # Errors
/// An integer too large to make that many copies of.
pub fn overheat(a: &mut Arena, g: GameId, s: GameId, t: GameId) -> Result<GameId> {
    fn go(
        a: &mut Arena,
        g: GameId,
        s: GameId,
        t: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId> {
        if let Some(x) = a.as_number(g).filter(|x| x.is_integer()).cloned() {
            return times(a, x.numerator(), s);
        }
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        let (l, r) = a.options(g);
        let mut nl = Vec::with_capacity(l.len());
        for o in l {
            let h = go(a, o, s, t, memo)?;
            nl.push(a.add(h, t));
        }
        let mut nr = Vec::with_capacity(r.len());
        for o in r {
            let h = go(a, o, s, t, memo)?;
            nr.push(a.sub(h, t));
        }
        let v = a.game(nl, nr);
        memo.insert(g, v);
        Ok(v)
    }
    go(a, g, s, t, &mut FxHashMap::default())
}

/// The largest exponent of `Pow` and `PowTo`.
pub const MAX_POWER: i64 = 1024;

/// The largest multiple `n · G` computed.
pub const MAX_MULTIPLE: u64 = 1 << 20;

/// `n · g`, by doubling.
///
/// # Errors
/// |n| above [`MAX_MULTIPLE`].
pub fn times(a: &mut Arena, n: &BigInt, g: GameId) -> Result<GameId> {
    use num_traits::{Signed, ToPrimitive};
    let k = n
        .abs()
        .to_u64()
        .filter(|&k| k <= MAX_MULTIPLE)
        .ok_or_else(|| {
            Error::limit(
                format!("the multiple {n} of a game"),
                format!("multiples up to {MAX_MULTIPLE}"),
            )
        })?;
    let base = if n.is_negative() { a.neg(g) } else { g };
    let mut result = a.zero();
    let mut power = base;
    let mut k = k;
    while k > 0 {
        if k & 1 == 1 {
            result = a.add(result, power);
        }
        k >>= 1;
        if k > 0 {
            power = a.add(power, power);
        }
    }
    Ok(result)
}

/// `g` cooled by its temperature; numbers and `x^*` values stay.
pub fn freeze(a: &mut Arena, g: GameId) -> GameId {
    if a.as_nus(g).is_some() {
        return g;
    }
    let t = temperature(a, g);
    match number_of(&t) {
        Some(t) if t > Dyadic::from(-1) => cool(a, g, &t).unwrap_or(g),
        _ => g,
    }
}

/// The incentives of `g`: G^L − G (Left's) and G − G^R (Right's), only the largest kept.
pub fn incentives(a: &mut Arena, g: GameId, left: bool, right: bool) -> Vec<GameId> {
    let (l, r) = a.options(g);
    let mut all = Vec::new();
    if left {
        for o in l {
            all.push(a.sub(o, g));
        }
    }
    if right {
        for o in r {
            all.push(a.sub(g, o));
        }
    }
    all.sort_unstable();
    all.dedup();
    let mut keep = Vec::new();
    for (i, &x) in all.iter().enumerate() {
        let dominated = all.iter().enumerate().any(|(j, &y)| i != j && a.le(x, y));
        if !dominated {
            keep.push(x);
        }
    }
    keep
}

/// The Norton product G.U: n·U for an integer n, otherwise
/// {G^L.U + U + Δ | G^R.U − (U + Δ)} over the incentives Δ of U. It depends on the
/// form of G, which is taken canonical; U should be positive.
///
/// ```
/// use nimlab::notation::{print, Session};
/// use nimlab::partizan::ops::norton_product;
/// let mut s = Session::new();
/// let (half, up) = (s.game_of("1/2").unwrap(), s.game_of("^").unwrap());
/// let p = norton_product(&mut s.arena, half, up).unwrap();
/// assert_eq!(print(&mut s.arena, p), "{^^*|v*}");
/// ```
///
/// # Errors
/// An integer in G above [`MAX_MULTIPLE`].
pub fn norton_product(a: &mut Arena, g: GameId, u: GameId) -> Result<GameId> {
    fn go(
        a: &mut Arena,
        g: GameId,
        u: GameId,
        plus: &[GameId],
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId> {
        if let Some(&p) = memo.get(&g) {
            return Ok(p);
        }
        let p = match a.as_number(g).filter(|x| x.is_integer()) {
            Some(n) => {
                let n = n.numerator().clone();
                times(a, &n, u)?
            }
            None => {
                let (gl, gr) = a.options(g);
                let mut l = Vec::with_capacity(gl.len() * plus.len());
                for o in gl {
                    let ou = go(a, o, u, plus, memo)?;
                    for &d in plus {
                        l.push(a.add(ou, d));
                    }
                }
                let mut r = Vec::with_capacity(gr.len() * plus.len());
                for o in gr {
                    let ou = go(a, o, u, plus, memo)?;
                    for &d in plus {
                        r.push(a.sub(ou, d));
                    }
                }
                a.game(l, r)
            }
        };
        memo.insert(g, p);
        Ok(p)
    }
    let plus: Vec<GameId> = incentives(a, u, true, true)
        .into_iter()
        .map(|d| a.add(u, d))
        .collect();
    go(a, g, u, &plus, &mut FxHashMap::default())
}

/// The ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R}, with x*k : *m = x*(k+m).
pub fn ordinal_sum(a: &mut Arena, g: GameId, h: GameId) -> Result<GameId> {
    fn go(a: &mut Arena, g: GameId, h: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if let (Some(x), Some(y)) = (a.as_nus(g), a.as_nus(h)) {
            if x.ups == 0 && y.number.is_zero() && y.ups == 0 {
                let n = Nus {
                    number: x.number.clone(),
                    ups: 0,
                    nim: x.nim + y.nim,
                };
                return a.nus(n);
            }
        }
        if let Some(&v) = memo.get(&h) {
            return v;
        }
        let (gl, gr) = a.options(g);
        let (hl, hr) = a.options(h);
        let mut l = gl;
        for o in hl {
            l.push(go(a, g, o, memo));
        }
        let mut r = gr;
        for o in hr {
            r.push(go(a, g, o, memo));
        }
        let v = a.game(l, r);
        memo.insert(h, v);
        v
    }
    Ok(go(a, g, h, &mut FxHashMap::default()))
}

/// The number whose ordinal sums make `G.PowTo(x)` (x > 0): n − 1 for an integer n, and
/// for a fraction x = {a|b} the simplest number between the blow-ups of a and b, where
/// a = 0 sets no lower bound.
fn blowup(x: &Dyadic) -> Dyadic {
    if x.is_integer() {
        return x - &Dyadic::from(1);
    }
    let step = Dyadic::new(BigInt::one(), x.exponent());
    let below = x - &step;
    let lo = (!below.is_zero()).then(|| blowup(&below));
    let hi = blowup(&(x + &step));
    Dyadic::simplest_between(lo.as_ref(), Some(&hi)).unwrap_or(hi)
}

/// `g.PowTo(x)`: 0 for x = 0, otherwise the ordinal sum G : blow-up(x).
///
/// # Errors
/// A negative exponent.
pub fn pow_to(a: &mut Arena, g: GameId, x: &Dyadic) -> Result<GameId> {
    if x.signum() < 0 {
        return Err(Error::Unsupported("Invalid exponent.".to_string()));
    }
    if x.is_zero() {
        return Ok(a.zero());
    }
    if x > &Dyadic::from(MAX_POWER) || x.exponent() > 64 {
        return Err(Error::limit(
            format!("the power {x}"),
            format!("powers up to {MAX_POWER}, with denominators up to 2^64"),
        ));
    }
    let b = a.number(blowup(x));
    ordinal_sum(a, g, b)
}

/// `g.Pow(x)` for g = {0|H}: {0 | H − g.PowTo(x − 1)} (`^.Pow(n)` is up-nth).
///
/// ```
/// use nimlab::notation::Session;
/// let mut s = Session::new();
/// assert_eq!(s.run("^.Pow(7/4)").unwrap(), "{0||0,v*|0,{0,v*|0,*}}");
/// ```
///
/// # Errors
/// A base not of the form {0|H}, or an exponent below 1.
pub fn pow(a: &mut Arena, g: GameId, x: &Dyadic) -> Result<GameId> {
    let zero = a.zero();
    let (l, r) = a.options(g);
    let ([z], [h]) = (&l[..], &r[..]) else {
        return Err(Error::Unsupported(
            "Invalid base for `Pow` operation (base must be of the form {0|H}).".to_string(),
        ));
    };
    if *z != zero {
        return Err(Error::Unsupported(
            "Invalid base for `Pow` operation (base must be of the form {0|H}).".to_string(),
        ));
    }
    let e = x - &Dyadic::from(1);
    if e.signum() < 0 {
        return Err(Error::Unsupported("Invalid exponent.".to_string()));
    }
    let p = pow_to(a, g, &e)?;
    let right = a.sub(*h, p);
    Ok(a.game(vec![zero], vec![right]))
}

/// The reduced canonical form: the number part of `x^*` values; otherwise G heated by *
/// with every follower equal to x* replaced by x.
pub fn reduced(a: &mut Arena, g: GameId) -> GameId {
    if let Some(n) = a.as_nus(g) {
        let x = n.number.clone();
        return a.number(x);
    }
    let star = a.star(1);
    let heated = heat(a, g, star);
    star_projection(a, heated)
}

fn star_projection(a: &mut Arena, g: GameId) -> GameId {
    fn go(a: &mut Arena, g: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if let Some(n) = a.as_nus(g) {
            if n.ups == 0 && n.nim <= 1 {
                let x = n.number.clone();
                return a.number(x);
            }
        }
        if a.as_number(g).is_some() {
            return g;
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let (l, r) = a.options(g);
        let l = l.into_iter().map(|o| go(a, o, memo)).collect();
        let r = r.into_iter().map(|o| go(a, o, memo)).collect();
        let v = a.game(l, r);
        memo.insert(g, v);
        v
    }
    go(a, g, &mut FxHashMap::default())
}

/// The companion: near 0, 0 ↔ * and n·↑ ↔ n·↑*, *k (k ≥ 2) stays; otherwise the
/// companions of the options, with 0 added for Left when G ≥ 0 and for Right when G ≤ 0.
pub fn companion(a: &mut Arena, g: GameId) -> GameId {
    fn go(a: &mut Arena, g: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if let Some(n) = a.as_nus(g) {
            if n.number.is_zero() {
                if n.nim >= 2 {
                    return g;
                }
                let c = Nus {
                    number: Dyadic::zero(),
                    ups: n.ups,
                    nim: n.nim ^ 1,
                };
                return a.nus(c);
            }
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let zero = a.zero();
        let (l, r) = a.options(g);
        let mut nl: Vec<GameId> = l.into_iter().map(|o| go(a, o, memo)).collect();
        let mut nr: Vec<GameId> = r.into_iter().map(|o| go(a, o, memo)).collect();
        if a.le(zero, g) {
            nl.push(zero);
        }
        if a.le(g, zero) {
            nr.push(zero);
        }
        let v = a.game(nl, nr);
        memo.insert(g, v);
        v
    }
    go(a, g, &mut FxHashMap::default())
}

/// How many distinct followers `g` has, itself included (|n| + 1 for an integer n).
pub fn follower_count(a: &mut Arena, g: GameId) -> BigInt {
    let mut seen = FxHashSet::default();
    let (mut top, mut bottom) = (None::<BigInt>, None::<BigInt>);
    let mut stack = vec![g];
    while let Some(x) = stack.pop() {
        if let Some(n) = a.as_number(x).filter(|n| n.is_integer()) {
            // The followers of an integer n are the integers from 0 to n.
            let n = n.numerator().clone();
            if n >= BigInt::zero() {
                top = Some(top.map_or(n.clone(), |t| t.max(n.clone())));
            }
            if n <= BigInt::zero() {
                bottom = Some(bottom.map_or(n.clone(), |b| b.min(n.clone())));
            }
            continue;
        }
        if !seen.insert(x) {
            continue;
        }
        let (l, r) = a.options(x);
        stack.extend(l);
        stack.extend(r);
    }
    let integers = match (top, bottom) {
        (None, None) => BigInt::zero(),
        (t, b) => t.unwrap_or_default() - b.unwrap_or_default() + 1,
    };
    BigInt::from(seen.len()) + integers
}

/// The number of leaves of the stop tree: 1 for a number, 2·3^(k−1) for x*k, otherwise
/// the sum over the options.
///
/// # Errors
/// A nimber above *4096 in the game (its count has thousands of digits).
pub fn stop_count(a: &mut Arena, g: GameId) -> Result<BigInt> {
    let mut big = false;
    let mut stack = vec![g];
    let mut seen = FxHashSet::default();
    while let Some(x) = stack.pop() {
        if !seen.insert(x) || a.as_number(x).is_some() {
            continue;
        }
        if let Some(n) = a.as_nus(x) {
            big |= n.nim > 4096;
            if n.ups == 0 {
                continue;
            }
        }
        let (l, r) = a.options(x);
        stack.extend(l);
        stack.extend(r);
    }
    if big {
        return Err(Error::limit(
            "the stop count of a game with a nimber above *4096",
            "nimbers up to *4096",
        ));
    }
    Ok(stop_count_of(a, g))
}

fn stop_count_of(a: &mut Arena, g: GameId) -> BigInt {
    fn go(a: &mut Arena, g: GameId, memo: &mut FxHashMap<GameId, BigInt>) -> BigInt {
        if let Some(n) = a.as_nus(g) {
            if n.is_number() {
                return BigInt::one();
            }
            if n.ups == 0 {
                return BigInt::from(2) * num_traits::pow(BigInt::from(3), (n.nim - 1) as usize);
            }
        }
        if let Some(v) = memo.get(&g) {
            return v.clone();
        }
        let (l, r) = a.options(g);
        let mut total = BigInt::zero();
        for o in l.into_iter().chain(r) {
            total += go(a, o, memo);
        }
        memo.insert(g, total.clone());
        total
    }
    go(a, g, &mut FxHashMap::default())
}

/// Whether both stops are 0 (0 itself included).
pub fn is_infinitesimal(a: &mut Arena, g: GameId) -> bool {
    crate::notation::stop(a, g, true).is_zero() && crate::notation::stop(a, g, false).is_zero()
}

/// Whether `g` and all its followers are infinitesimal: `x^*` values with x = 0, or games
/// whose options are all all-small.
pub fn is_all_small(a: &mut Arena, g: GameId) -> bool {
    fn go(a: &mut Arena, g: GameId, memo: &mut FxHashMap<GameId, bool>) -> bool {
        if let Some(n) = a.as_nus(g) {
            return n.number.is_zero();
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let (l, r) = a.options(g);
        let v = l.into_iter().chain(r).all(|o| go(a, o, memo));
        memo.insert(g, v);
        v
    }
    go(a, g, &mut FxHashMap::default())
}

/// Whether `g` is even-tempered (`even`) or odd-tempered: numbers are even, x* odd,
/// other `x^*` values neither; any other game is even when every option is odd, odd
/// when every option is even.
pub fn is_tempered(a: &mut Arena, g: GameId, even: bool) -> bool {
    fn go(
        a: &mut Arena,
        g: GameId,
        even: bool,
        memo: &mut FxHashMap<(GameId, bool), bool>,
    ) -> bool {
        if let Some(n) = a.as_nus(g) {
            return n.ups == 0 && n.nim == u64::from(!even);
        }
        if let Some(&v) = memo.get(&(g, even)) {
            return v;
        }
        let (l, r) = a.options(g);
        let v = l.into_iter().chain(r).all(|o| go(a, o, !even, memo));
        memo.insert((g, even), v);
        v
    }
    go(a, g, even, &mut FxHashMap::default())
}

/// The misère outcome class of the canonical form: Left moving first wins if Left has no
/// move or a move to a position of class P or L; likewise Right.
pub fn misere_outcome(a: &mut Arena, g: GameId) -> Outcome {
    fn go(a: &mut Arena, g: GameId, memo: &mut FxHashMap<GameId, Outcome>) -> Outcome {
        if let Some(&o) = memo.get(&g) {
            return o;
        }
        // Integers: 0 is N (neither can move), n > 0 is R (Left must move towards 0 and
        // Right cannot move), n < 0 is L.
        if let Some(x) = a.as_number(g).filter(|x| x.is_integer()) {
            return match x.signum() {
                0 => Outcome::N,
                1 => Outcome::R,
                _ => Outcome::L,
            };
        }
        let (l, r) = a.options(g);
        let left_wins = l.is_empty()
            || l.iter()
                .any(|&o| matches!(go(a, o, memo), Outcome::P | Outcome::L));
        let right_wins = r.is_empty()
            || r.iter()
                .any(|&o| matches!(go(a, o, memo), Outcome::P | Outcome::R));
        let o = match (left_wins, right_wins) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        };
        memo.insert(g, o);
        o
    }
    go(a, g, &mut FxHashMap::default())
}
