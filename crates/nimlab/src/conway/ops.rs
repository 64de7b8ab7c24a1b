//! Operations on canonical forms beyond sums and comparisons: cooling, heating,
//! overheating, freezing, incentives, reduced canonical forms, companions, ordinal sums,
//! powers of up, counts and predicates.
//!
//! Every operation that follows a game down to its followers walks them with a stack of
//! its own (`conway::walk`), so that games of any depth are handled; integers and the
//! other `x + n·↑ + *m` values are taken by their closed forms rather than expanded.

use super::walk::{walk, Step};
use super::{Arena, Dyadic, GameId, Nus, Rational, Thermograph};
use crate::{Error, Outcome, Result};
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};
use rustc_hash::{FxHashMap, FxHashSet};

fn number_of(x: &Rational) -> Option<Dyadic> {
    let d = x.denom();
    let k = d.trailing_zeros()?;
    (d == &(BigInt::one() << k)).then(|| Dyadic::new(x.numer().clone(), k as u32))
}

fn as_rational(x: &Dyadic) -> Rational {
    Rational::new(x.numerator().clone(), BigInt::one() << x.exponent())
}

/// The options of `g` as one list, Left's first, and how many are Left's.
fn all_options(a: &mut Arena, g: GameId) -> (Vec<GameId>, usize) {
    let (mut l, r) = a.options(g);
    let n = l.len();
    l.extend(r);
    (l, n)
}

/// A walk's step for a game whose value is made from the values of its options:
/// `Needs` them the first time, then `finish(a, left values, right values)`.
fn from_options<V: Clone>(
    a: &mut Arena,
    memo: &FxHashMap<GameId, V>,
    g: GameId,
    again: bool,
    finish: impl FnOnce(&mut Arena, Vec<V>, Vec<V>) -> V,
) -> Step<GameId, V> {
    let (all, n) = all_options(a, g);
    if !again || all.iter().any(|o| !memo.contains_key(o)) {
        return Step::Needs(all);
    }
    let mut values: Vec<V> = all.iter().map(|o| memo[o].clone()).collect();
    let right = values.split_off(n);
    Step::Value(finish(a, values, right))
}

/// The thermographs of games, remembered across the followers of one computation.
type Thermographs = FxHashMap<GameId, Thermograph>;

/// `g` cooled by `t` (t > −1): integers stay; a game whose temperature is below t becomes
/// its mean; any other becomes {G^L cooled − t | G^R cooled + t}.
///
/// ```
/// use nimlab::calc::Session;
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
    let tq = as_rational(t);
    let mut walls = Thermographs::default();
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if a.as_number(x).is_some_and(Dyadic::is_integer) {
            return Step::Value(x);
        }
        if !again {
            let (temperature, mean) = match super::thermograph::nus_temperature(a, x) {
                Some(t) => (t, a.as_nus(x).map(|n| as_rational(&n.number))),
                None => {
                    let th = super::thermograph_with(a, x, &mut walls);
                    (th.temperature(), Some(th.mean()))
                }
            };
            if temperature < tq {
                let m = mean
                    .as_ref()
                    .and_then(number_of)
                    .unwrap_or_else(Dyadic::zero);
                return Step::Value(a.number(m));
            }
        }
        from_options(a, memo, x, again, |a, l, r| {
            let l = l.into_iter().map(|c| a.sub(c, tg)).collect();
            let r = r.into_iter().map(|c| a.add(c, tg)).collect();
            a.game(l, r)
        })
    });
    Ok(v.unwrap_or(g))
}

/// `g` heated by `t`: numbers stay; any other game becomes {G^L heated + t | G^R heated − t}.
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// // ∫^1 of {1|-1} is {2|-2}; * heated by 1 is ±1.
/// assert_eq!(s.run("{1|-1}.Heat(1)").unwrap(), "+-2");
/// assert_eq!(s.run("*.Heat(1)").unwrap(), "+-1");
/// ```
pub fn heat(a: &mut Arena, g: GameId, t: GameId) -> GameId {
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if a.as_number(x).is_some() {
            return Step::Value(x);
        }
        from_options(a, memo, x, again, |a, l, r| {
            let l = l.into_iter().map(|h| a.add(h, t)).collect();
            let r = r.into_iter().map(|h| a.sub(h, t)).collect();
            a.game(l, r)
        })
    });
    v.unwrap_or(g)
}

/// `n · s` when `x` is the integer n, for the methods that put a game in place of each
/// integer; `None` when x is no integer. A multiple beyond [`MAX_MULTIPLE`] is kept in
/// `failed` (the first only) and x stands for it.
fn integer_times(
    a: &mut Arena,
    x: GameId,
    s: GameId,
    failed: &mut Option<Error>,
) -> Option<GameId> {
    let n = a.as_number(x).filter(|x| x.is_integer()).cloned()?;
    Some(match times(a, n.numerator(), s) {
        Ok(v) => v,
        Err(e) => {
            failed.get_or_insert(e);
            x
        }
    })
}

/// `g` overheated from `s` to `t`: an integer n becomes n copies of s; any other game
/// becomes {G^L overheated + t | G^R overheated − t}.
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// // 2 overheated from 1 to 1 is 1 + 1; 1/2 = {0|1} becomes {0 + 1 | 1 - 1}.
/// assert_eq!(s.run("(2).Overheat(1, 1)").unwrap(), "2");
/// assert_eq!(s.run("(1/2).Overheat(1, 1)").unwrap(), "{1|0}");
/// ```
///
/// # Errors
/// An integer too large to make that many copies of.
pub fn overheat(a: &mut Arena, g: GameId, s: GameId, t: GameId) -> Result<GameId> {
    let mut failed = None;
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some(v) = integer_times(a, x, s, &mut failed) {
            return Step::Value(v);
        }
        from_options(a, memo, x, again, |a, l, r| {
            let l = l.into_iter().map(|h| a.add(h, t)).collect();
            let r = r.into_iter().map(|h| a.sub(h, t)).collect();
            a.game(l, r)
        })
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(v.unwrap_or(g)),
    }
}

/// The largest exponent of `Pow` and `PowTo`.
pub const MAX_POWER: i64 = 1024;

/// The largest multiple `n · G` computed for a game G that is not `x + n·↑ + *m` (whose
/// multiples of any size are found by their closed form).
pub const MAX_MULTIPLE: u64 = 1 << 20;

/// `n · g`: by the closed form n·(x + k·↑ + *m) = nx + nk·↑ + (n odd: *m) for a number,
/// ups and nimber; one copy after another for any other game.
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// assert_eq!(s.run("3 * {1|0}").unwrap(), "{2|1}");
/// assert_eq!(s.run("-2 * ^*").unwrap(), "vv");
/// assert_eq!(s.run("1000000000000 * (1/2^*3)").unwrap(), "500000000000+^1000000000000");
/// ```
///
/// # Errors
/// |n| above [`MAX_MULTIPLE`] for a game that is not `x + n·↑ + *m`, or a multiple of up
/// beyond 2^63.
pub fn times(a: &mut Arena, n: &BigInt, g: GameId) -> Result<GameId> {
    if let Some(x) = a.as_nus(g).cloned() {
        let ups = if x.ups == 0 {
            0
        } else {
            n.to_i64()
                .and_then(|k| k.checked_mul(x.ups))
                .ok_or_else(|| {
                    Error::limit(
                        format!("the multiple {n} of {}", x),
                        "multiples of up below 2^63",
                    )
                })?
        };
        return Ok(a.nus(Nus {
            number: Dyadic::new(n * x.number.numerator(), x.number.exponent()),
            ups,
            nim: if num_integer::Integer::is_odd(n) {
                x.nim
            } else {
                0
            },
        }));
    }
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
    // One copy at a time: each sum needs only the sums of the previous copies' options
    // with the game's (the arena keeps games as numbers plus bases, and a sum of bases
    // serves every translation), so that the multiples of a hot game whose canonical
    // forms grow with n are made in time about proportional to n, where doubling would
    // add two large games and need every pair of their followers.
    let mut result = a.zero();
    for _ in 0..k {
        if a.interrupted() {
            break;
        }
        result = a.add(result, base);
    }
    Ok(result)
}

/// `g` cooled by its temperature; numbers and `x^*` values stay.
pub fn freeze(a: &mut Arena, g: GameId) -> GameId {
    if a.as_nus(g).is_some() {
        return g;
    }
    let t = super::temperature(a, g);
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
/// use nimlab::calc::Session;
/// use nimlab::notation::print;
/// use nimlab::conway::ops::norton_product;
/// let mut s = Session::new();
/// let (half, up) = (s.game_of("1/2").unwrap(), s.game_of("^").unwrap());
/// let p = norton_product(&mut s.arena, half, up).unwrap();
/// assert_eq!(print(&mut s.arena, p), "{^^*|v*}");
/// ```
///
/// # Errors
/// An integer in G above [`MAX_MULTIPLE`] when U is not `x + n·↑ + *m`.
pub fn norton_product(a: &mut Arena, g: GameId, u: GameId) -> Result<GameId> {
    let plus: Vec<GameId> = incentives(a, u, true, true)
        .into_iter()
        .map(|d| a.add(u, d))
        .collect();
    let mut failed = None;
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some(v) = integer_times(a, x, u, &mut failed) {
            return Step::Value(v);
        }
        from_options(a, memo, x, again, |a, l, r| {
            let mut nl = Vec::with_capacity(l.len() * plus.len());
            for ou in l {
                for &d in &plus {
                    nl.push(a.add(ou, d));
                }
            }
            let mut nr = Vec::with_capacity(r.len() * plus.len());
            for ou in r {
                for &d in &plus {
                    nr.push(a.sub(ou, d));
                }
            }
            a.game(nl, nr)
        })
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(v.unwrap_or(g)),
    }
}

/// The most denominators' binary digits of a number made by an ordinal sum of numbers,
/// and the most steps (games made one after another) of an ordinal sum G : x of a game
/// that is not a number and a number x.
pub const MAX_ORDINAL_SUM: u64 = 1 << 20;

/// The signs of the sign expansion of `x` (`true` for +), in order: n pluses for an
/// integer n ≥ 0; for x = n + f with 0 < f < 1, n + 1 pluses, a minus, then one sign per
/// binary digit of f after the first but for the last (+ for 1); mirrored for x < 0.
fn sign_expansion(x: &Dyadic) -> impl Iterator<Item = bool> {
    let negative = x.signum() < 0;
    let y = if negative { -x } else { x.clone() };
    let n = y.floor();
    let k = y.exponent();
    let f = y.numerator() - (&n << k);
    let run = if k == 0 { n.clone() } else { &n + 1 };
    let run = run.to_u64().unwrap_or(u64::MAX);
    let tail = (k > 0)
        .then(|| std::iter::once(false).chain((1..k).map(move |i| f.bit(u64::from(k - i)))))
        .into_iter()
        .flatten();
    (0..run)
        .map(|_| true)
        .chain(tail)
        .map(move |s| s != negative)
}

/// The length of the sign expansion of `x`: its birthday.
fn sign_length(x: &Dyadic) -> BigInt {
    let whole = x.numerator().abs() >> x.exponent();
    if x.is_integer() {
        whole
    } else {
        whole + 1 + x.exponent()
    }
}

/// x : y for numbers: the number whose sign expansion is x's followed by y's. When x is
/// an integer and y has its sign (or is 0) that is x + y; otherwise y's signs s₁ s₂ … all
/// come after x's first change of sign, and add Σ sᵢ 2^−(t+i), t being the number of x's
/// signs after its first run (the exponent of x's denominator): with y = n + f ≥ 0
/// (n = ⌊y⌋), Σ sᵢ 2^−i = 1 − 2^−n + 2^−(n+1) f.
fn number_ordinal_sum(x: &Dyadic, y: &Dyadic) -> Result<Dyadic> {
    if y.is_zero() {
        return Ok(x.clone());
    }
    if x.is_integer() && x.signum() * y.signum() >= 0 {
        return Ok(x + y);
    }
    let negative = y.signum() < 0;
    let y_abs = if negative { -y } else { y.clone() };
    let n = y_abs.floor();
    let bits = u64::from(x.exponent())
        .saturating_add(n.to_u64().unwrap_or(u64::MAX))
        .saturating_add(1)
        .saturating_add(u64::from(y_abs.exponent()));
    let exp = u32::try_from(bits)
        .ok()
        .filter(|&b| u64::from(b) <= MAX_ORDINAL_SUM)
        .ok_or_else(|| {
            Error::limit(
                format!("the ordinal sum {x} : {y} (a number with {bits} or more binary places)"),
                format!("numbers with up to {MAX_ORDINAL_SUM} binary places from an ordinal sum"),
            )
        })?;
    let n_bits = n.to_u32().unwrap_or(u32::MAX);
    // 1 − 2^−n + 2^−(n+1) f, f = y − n, over the common denominator 2^exp.
    let f = &y_abs - &Dyadic::from(n);
    let one = Dyadic::from(1);
    let sum = &(&one - &Dyadic::new(BigInt::one(), n_bits))
        + &Dyadic::new(f.numerator().clone(), f.exponent() + n_bits + 1);
    let scaled = Dyadic::new(sum.numerator().clone(), sum.exponent() + x.exponent());
    let tail = if negative { -&scaled } else { scaled };
    debug_assert!((x + &tail).exponent() <= exp);
    Ok(x + &tail)
}

/// G : x for a number x, made along x's sign expansion: G : 0 = G, and each longer
/// prefix p of the expansion is {G^L, G : p^L | G^R, G : p^R}, p^L and p^R being the
/// nearest shorter prefixes below and above p (its canonical options).
fn ordinal_sum_number(a: &mut Arena, g: GameId, x: &Dyadic) -> Result<GameId> {
    let steps = sign_length(x);
    if steps > BigInt::from(MAX_ORDINAL_SUM) {
        return Err(Error::limit(
            format!("the ordinal sum of a game and {x} ({steps} games, one for each sign of {x})"),
            format!("ordinal sums of up to {MAX_ORDINAL_SUM} steps"),
        ));
    }
    let (gl, gr) = a.options(g);
    let (mut below, mut above) = (None, None);
    let mut current = g;
    for plus in sign_expansion(x) {
        if a.interrupted() {
            return Ok(current);
        }
        if plus {
            below = Some(current);
        } else {
            above = Some(current);
        }
        let l = gl.iter().copied().chain(below).collect();
        let r = gr.iter().copied().chain(above).collect();
        current = a.game(l, r);
    }
    Ok(current)
}

/// The ordinal sum G : H = {G^L, G : H^L | G^R, G : H^R} of the canonical forms, with
/// x*k : *m = x*(k+m), numbers' sign expansions put end to end (1 : 30000 = 30001,
/// 1 : −1 = 1/2), and G : x for a number x made along x's sign expansion, one game per
/// sign.
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// assert_eq!(s.run("1 : 30000").unwrap(), "30001");
/// assert_eq!(s.run("1 : -1").unwrap(), "1/2");
/// assert_eq!(s.run("* : 1").unwrap(), "^*");
/// ```
///
/// # Errors
/// A number with more than [`MAX_ORDINAL_SUM`] binary places, more than
/// [`MAX_ORDINAL_SUM`] steps along a number, or a nimber beyond 2^64.
pub fn ordinal_sum(a: &mut Arena, g: GameId, h: GameId) -> Result<GameId> {
    let gl_gr = a.options(g);
    let mut failed = None;
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, h, |a, memo, y, again| {
        if let (Some(p), Some(q)) = (a.as_nus(g).cloned(), a.as_nus(y).cloned()) {
            if p.ups == 0 && q.number.is_zero() && q.ups == 0 {
                let Some(nim) = p.nim.checked_add(q.nim) else {
                    failed.get_or_insert(Error::limit(
                        "the ordinal sum of two nimbers",
                        "nimbers below 2^64",
                    ));
                    return Step::Value(g);
                };
                return Step::Value(a.nus(Nus {
                    number: p.number,
                    ups: 0,
                    nim,
                }));
            }
            if p.is_number() && q.is_number() {
                return Step::Value(match number_ordinal_sum(&p.number, &q.number) {
                    Ok(z) => a.number(z),
                    Err(e) => {
                        failed.get_or_insert(e);
                        g
                    }
                });
            }
        }
        if let Some(x) = a.as_number(y).cloned() {
            return Step::Value(match ordinal_sum_number(a, g, &x) {
                Ok(v) => v,
                Err(e) => {
                    failed.get_or_insert(e);
                    g
                }
            });
        }
        from_options(a, memo, y, again, |a, l, r| {
            let (gl, gr) = &gl_gr;
            let l = gl.iter().copied().chain(l).collect();
            let r = gr.iter().copied().chain(r).collect();
            a.game(l, r)
        })
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(v.unwrap_or(g)),
    }
}

/// The number whose ordinal sums make `G.PowTo(x)` (x > 0): n − 1 for an integer n, and
/// for a fraction x = {a|b} the simplest number between the blow-ups of a and b, where
/// a = 0 sets no lower bound (found from the integers up, without recursion).
fn blowup(x: &Dyadic) -> Dyadic {
    let mut memo: FxHashMap<Dyadic, Dyadic> = FxHashMap::default();
    let mut stack = vec![x.clone()];
    while let Some(y) = stack.last().cloned() {
        if memo.contains_key(&y) {
            stack.pop();
            continue;
        }
        if y.is_integer() {
            memo.insert(y.clone(), &y - &Dyadic::from(1));
            stack.pop();
            continue;
        }
        let step = Dyadic::new(BigInt::one(), y.exponent());
        let below = &y - &step;
        let above = &y + &step;
        let lo_needed = !below.is_zero() && !memo.contains_key(&below);
        if lo_needed || !memo.contains_key(&above) {
            if lo_needed {
                stack.push(below);
            }
            if !memo.contains_key(&above) {
                stack.push(above);
            }
            continue;
        }
        let lo = (!below.is_zero()).then(|| memo[&below].clone());
        let hi = memo[&above].clone();
        let b = Dyadic::simplest_between(lo.as_ref(), Some(&hi)).unwrap_or(hi);
        memo.insert(y, b);
        stack.pop();
    }
    memo.remove(x).unwrap_or_else(Dyadic::zero)
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
/// use nimlab::calc::Session;
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
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// assert_eq!(s.run("{3||2*|1*}.ReducedCanonicalForm").unwrap(), "{3||2|1}");
/// ```
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
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some(n) = a.as_nus(x) {
            if n.ups == 0 && n.nim <= 1 {
                let x = n.number.clone();
                return Step::Value(a.number(x));
            }
        }
        from_options(a, memo, x, again, |a, l, r| a.game(l, r))
    });
    v.unwrap_or(g)
}

/// The companion: near 0, 0 ↔ * and n·↑ ↔ n·↑*, *k (k ≥ 2) stays; any other
/// `x + n·↑ + *m` stays (as CGSuite has it: `5.Companion` is 5); any other game is made
/// of the companions of its options, with 0 added for Left when G ≥ 0 and for Right
/// when G ≤ 0.
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// assert_eq!(s.run("{0||0|-3/2}.Companion").unwrap(), "{0,*||*|-3/2}");
/// assert_eq!(s.run("(-1823437481924).Companion").unwrap(), "-1823437481924");
/// ```
pub fn companion(a: &mut Arena, g: GameId) -> GameId {
    let zero = a.zero();
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some(n) = a.as_nus(x) {
            if !n.number.is_zero() || n.nim >= 2 {
                return Step::Value(x);
            }
            let c = Nus {
                number: Dyadic::zero(),
                ups: n.ups,
                nim: n.nim ^ 1,
            };
            return Step::Value(a.nus(c));
        }
        from_options(a, memo, x, again, |a, mut l, mut r| {
            if a.le(zero, x) {
                l.push(zero);
            }
            if a.le(x, zero) {
                r.push(zero);
            }
            a.game(l, r)
        })
    });
    v.unwrap_or(g)
}

/// How many distinct followers `g` has, itself included (|n| + 1 for an integer n).
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// // {3||2|1}: itself, 3, 2, 1, 0 and {2|1}.
/// assert_eq!(s.run("{3||2|1}.FollowerCount").unwrap(), "6");
/// ```
pub fn follower_count(a: &mut Arena, g: GameId) -> BigInt {
    let mut seen = FxHashSet::default();
    let (mut top, mut bottom) = (None::<BigInt>, None::<BigInt>);
    let mut stack = vec![g];
    while let Some(x) = stack.pop() {
        if a.interrupted() {
            break;
        }
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
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// assert_eq!(s.run("{3||2|1}.StopCount").unwrap(), "3");
/// ```
///
/// # Errors
/// A nimber above *4096 in the game (its count has thousands of digits).
pub fn stop_count(a: &mut Arena, g: GameId) -> Result<BigInt> {
    let mut big = false;
    let mut stack = vec![g];
    let mut seen = FxHashSet::default();
    while let Some(x) = stack.pop() {
        if a.interrupted() {
            break;
        }
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
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some(n) = a.as_nus(x) {
            if n.is_number() {
                return Step::Value(BigInt::one());
            }
            if n.ups == 0 {
                return Step::Value(
                    BigInt::from(2) * num_traits::pow(BigInt::from(3), (n.nim - 1) as usize),
                );
            }
        }
        from_options(a, memo, x, again, |_, l, r| l.into_iter().chain(r).sum())
    });
    Ok(v.unwrap_or_default())
}

/// Whether both stops are 0 (0 itself included).
pub fn is_infinitesimal(a: &mut Arena, g: GameId) -> bool {
    super::stop(a, g, true).is_zero() && super::stop(a, g, false).is_zero()
}

/// Whether `g` and all its followers are infinitesimal: `x^*` values with x = 0, or games
/// whose options are all all-small.
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// assert_eq!(s.run("{0||0|v*}.IsAllSmall").unwrap(), "true");
/// assert_eq!(s.run("{0||0|-1}.IsAllSmall").unwrap(), "false");
/// ```
pub fn is_all_small(a: &mut Arena, g: GameId) -> bool {
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some(n) = a.as_nus(x) {
            return Step::Value(n.number.is_zero());
        }
        from_options(a, memo, x, again, |_, l, r| {
            l.into_iter().chain(r).all(|small| small)
        })
    });
    v.unwrap_or(false)
}

/// Whether `g` is even-tempered (`even`) or odd-tempered: numbers are even, x* odd,
/// other `x^*` values neither; any other game is even when every option is odd, odd
/// when every option is even.
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// assert_eq!(s.run("{3||2*|1*}.IsOddTempered").unwrap(), "true");
/// assert_eq!(s.run("{1|-1}.IsOddTempered").unwrap(), "true");
/// assert_eq!(s.run("{1|-1}.IsEvenTempered").unwrap(), "false");
/// ```
pub fn is_tempered(a: &mut Arena, g: GameId, even: bool) -> bool {
    // Each game's (even, odd) pair, from its options' pairs.
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        if let Some(n) = a.as_nus(x) {
            let plain = n.ups == 0;
            return Step::Value((plain && n.nim == 0, plain && n.nim == 1));
        }
        from_options(a, memo, x, again, |_, l, r| {
            let all: Vec<(bool, bool)> = l.into_iter().chain(r).collect();
            (all.iter().all(|p| p.1), all.iter().all(|p| p.0))
        })
    });
    v.is_some_and(|(e, o)| if even { e } else { o })
}

/// The misère outcome class of the canonical form: Left moving first wins if Left has no
/// move or a move to a position of class P or L; likewise Right.
///
/// ```
/// use nimlab::calc::Session;
/// let mut s = Session::new();
/// // Whoever cannot move wins in misère play: 0 is N, * is P.
/// assert_eq!(s.run("0.MisereOutcomeClass").unwrap(), "N");
/// assert_eq!(s.run("*.MisereOutcomeClass").unwrap(), "P");
/// ```
pub fn misere_outcome(a: &mut Arena, g: GameId) -> Outcome {
    let mut memo = FxHashMap::default();
    let v = walk(a, &mut memo, g, |a, memo, x, again| {
        // Integers: 0 is N (neither can move), n > 0 is R (Left must move towards 0 and
        // Right cannot move), n < 0 is L.
        if let Some(n) = a.as_number(x).filter(|n| n.is_integer()) {
            return Step::Value(match n.signum() {
                0 => Outcome::N,
                1 => Outcome::R,
                _ => Outcome::L,
            });
        }
        from_options(a, memo, x, again, |_, l, r| {
            let left_wins = l.is_empty() || l.iter().any(|o| matches!(o, Outcome::P | Outcome::L));
            let right_wins = r.is_empty() || r.iter().any(|o| matches!(o, Outcome::P | Outcome::R));
            match (left_wins, right_wins) {
                (true, true) => Outcome::N,
                (true, false) => Outcome::L,
                (false, true) => Outcome::R,
                (false, false) => Outcome::P,
            }
        })
    });
    v.unwrap_or(Outcome::N)
}
