//! Sign expansions held against values from the texts and the literature, against an
//! independent evaluation of every periodic column of up to 8 + 4 stones, and against
//! the order of the numbers.

use super::*;
use crate::conway::Rational;
use crate::surreal::Surreal;
use num_bigint::BigInt;
use proptest::prelude::*;
use std::cmp::Ordering;

fn stones(text: &str) -> Surreal {
    SignExpansion::parse_stones(text).unwrap().value().unwrap()
}

fn q(n: i64, d: i64) -> Surreal {
    (&Surreal::from(n) / &Surreal::from(d)).unwrap()
}

fn w() -> Surreal {
    Surreal::omega()
}

#[test]
fn the_columns_of_text_000() {
    // Černo-bílý Nim: x = 1, xo = 1/2, xox = 3/4, xoxo = 5/8, xoxoo = 9/16 and (the
    // erratum) xooox = 3/16; the infinite columns (x)^ω = ω, (xo)^ω = 2/3, x(o)^ω = 1/ω,
    // and 1/3 is xooxoxox… (the text's xoxoxo… is 2/3).
    for (column, v) in [
        ("x", q(1, 1)),
        ("xo", q(1, 2)),
        ("xox", q(3, 4)),
        ("xoxo", q(5, 8)),
        ("xoxoo", q(9, 16)),
        ("xooox", q(3, 16)),
        ("(x)^w", w()),
        ("(xo)^w", q(2, 3)),
        ("x(o)^w", (&Surreal::one() / &w()).unwrap()),
        ("xoo(xo)^w", q(1, 3)),
        ("xoox(ox)^w", q(1, 3)),
    ] {
        assert_eq!(stones(column), v, "{column}");
    }
    // A column x beside a column (x)^ω: ω + 1, whose expansion is +^ω+.
    let sum = SignExpansion::parse_stones("x")
        .unwrap()
        .checked_add(&SignExpansion::parse_stones("(x)^w").unwrap())
        .unwrap();
    assert_eq!(sum.value().unwrap(), &w() + &Surreal::one());
    assert_eq!(sum.to_string(), "+^ω+");
}

#[test]
fn expansions_of_the_literature() {
    // Conway, On Numbers and Games, chapter 3, and Gonshor, An Introduction to the
    // Theory of Surreal Numbers, chapter 5: ω − 1 = +^ω−, ω/2 = +^ω−^ω, 1/ω = +−^ω,
    // 2/ω = +−^ω+, 1/(2ω) = +−^ω−, ω·2 = +^(ω·2), −ω = −^ω, ω² = +^(ω²).
    let one = Surreal::one();
    let e = |x: &Surreal| SignExpansion::of(x).unwrap().to_string();
    assert_eq!(e(&(&w() - &one)), "+^ω−");
    assert_eq!(e(&(&w() / &Surreal::from(2)).unwrap()), "+^ω−^ω");
    assert_eq!(e(&(&one / &w()).unwrap()), "+−^ω");
    assert_eq!(e(&(&Surreal::from(2) / &w()).unwrap()), "+−^ω+");
    assert_eq!(e(&(&one / &(&w() * &Surreal::from(2))).unwrap()), "+−^ω−");
    assert_eq!(e(&(&w() * &Surreal::from(2))), "+^(ω·2)");
    assert_eq!(e(&-&w()), "−^ω");
    assert_eq!(e(&(&w() * &w())), "+^(ω^2)");
    assert_eq!(e(&Surreal::zero()), "0");
    assert_eq!(e(&q(-5, 8)), "−+−+");
    // The birthday is the length: ω for 1/3, ω + 1 for ω − 1, ω·2 for ω/2.
    let length = |x: &Surreal| SignExpansion::of(x).unwrap().length().to_string();
    assert_eq!(length(&q(1, 3)), "ω");
    assert_eq!(length(&(&w() - &one)), "ω+1");
    assert_eq!(length(&(&w() / &Surreal::from(2)).unwrap()), "2ω");
}

#[test]
fn expansions_are_read_and_written_back() {
    for text in [
        "0",
        "+",
        "−−+",
        "+^12",
        "+^ω",
        "+^ω+",
        "+^(ω·2)−^ω",
        "(+−)^ω",
        "+−(−+)^ω",
        "+−^ω+",
        "+−^ω−",
        "−^(ω^(ω+1)·3)+",
        "+^(ω^2+ω)−",
    ] {
        let s = SignExpansion::parse(text).unwrap();
        assert_eq!(s.to_string(), text);
        assert_eq!(SignExpansion::parse(&s.to_string()).unwrap(), s);
    }
    // Other spellings of the same expansions.
    for (text, written) in [
        ("+-+-", "+−+−"),
        ("+^w +", "+^ω+"),
        ("+^(w+1)", "+^ω+"),
        ("(+)^w", "+^ω"),
        ("+(-+)^w", "(+−)^ω"),
        ("+-(+-)^w", "(+−)^ω"),
        ("(+-+-)^w", "(+−)^ω"),
        ("(+-)^3", "+−+−+−"),
        ("+^w2", "+^(ω·2)"),
        ("+^w*2 -", "+^(ω·2)−"),
        ("(+-)^(w*2)", "(+−)^ω(+−)^ω"),
        ("+++++++++", "+^9"),
    ] {
        assert_eq!(
            SignExpansion::parse(text).unwrap().to_string(),
            written,
            "{text}"
        );
    }
}

#[test]
fn mistakes_are_named_by_their_column() {
    for (text, column, expected) in [
        ("+-x", 3, "a sign"),
        ("+(", 3, "`)`"),
        ("+()", 3, "a sign"),
        ("(+-)", 5, "`^`"),
        ("+^", 3, "a length"),
        ("+^0", 3, "at least 1"),
        ("+^(w+", 6, "a length"),
        ("(+-)^(w^2)", 6, "a whole number of times"),
        ("+^1234567890", 3, "nine digits"),
    ] {
        let e = SignExpansion::parse(text).unwrap_err().to_string();
        assert!(
            e.contains(&format!("column {column}")) && e.contains(expected),
            "{text}: {e}"
        );
    }
    let e = SignExpansion::parse_stones("xog").unwrap_err().to_string();
    assert!(e.contains("column 3") && e.contains("a stone"), "{e}");
    // Numbers whose expansions nimlab does not write are refused with the reason.
    let e = SignExpansion::of(&(&w() / &Surreal::from(3)).unwrap()).unwrap_err();
    assert!(e.to_string().contains("not dyadic"), "{e}");
    let e = SignExpansion::of(&(&Surreal::one() / &(&w() + &Surreal::one())).unwrap());
    assert!(e.unwrap_err().to_string().contains("infinitely many terms"));
    let e = SignExpansion::parse("+-^w+^w")
        .unwrap()
        .value()
        .unwrap_err();
    assert!(e.to_string().contains("not computed"), "{e}");
}

/// The value of prefix·(period)^ω by halving intervals, independent of the library's
/// reading: the bounds below and above move as each sign says, and once both are finite
/// one repetition of the period maps the interval affinely into itself, so the limit
/// is the fixed point of that map. Returns the limit and the side: 1 when the number is
/// the limit plus 1/ω, −1 when minus, 0 when it is the limit itself (a real that is not
/// dyadic); `None` for ±ω.
fn by_intervals(prefix: &[bool], period: &[bool]) -> Option<(Rational, i32)> {
    type Q = Rational;
    let half = |a: &Q, b: &Q| (a + b) / BigInt::from(2);
    let mut lo: Option<Q> = None;
    let mut hi: Option<Q> = None;
    let mut v = Q::from_integer(0.into());
    let step = |plus: bool, lo: &mut Option<Q>, hi: &mut Option<Q>, v: &mut Q| {
        if plus {
            let next = hi
                .as_ref()
                .map_or(&*v + Q::from_integer(1.into()), |h| half(v, h));
            *lo = Some(std::mem::replace(v, next));
        } else {
            let next = lo
                .as_ref()
                .map_or(&*v - Q::from_integer(1.into()), |l| half(v, l));
            *hi = Some(std::mem::replace(v, next));
        }
    };
    for &s in prefix {
        step(s, &mut lo, &mut hi, &mut v);
    }
    if period.iter().all(|&s| s == period[0]) {
        // A constant tail runs to the bound ahead of it, or to ±ω when there is none.
        return if period[0] {
            hi.map(|h| (h, -1))
        } else {
            lo.map(|l| (l, 1))
        };
    }
    // Both signs come in each period: after two, both bounds are finite.
    for _ in 0..2 {
        for &s in period {
            step(s, &mut lo, &mut hi, &mut v);
        }
    }
    let (l0, h0) = (lo.clone().unwrap(), hi.clone().unwrap());
    for &s in period {
        step(s, &mut lo, &mut hi, &mut v);
    }
    let (l1, h1) = (lo.unwrap(), hi.unwrap());
    let width = &h0 - &l0;
    let a = (&l1 - &l0) / &width;
    let b = (&h1 - &l0) / &width;
    let t = &a / (Q::from_integer(1.into()) - (&b - &a));
    Some((&l0 + &width * t, 0))
}

#[test]
fn every_periodic_column_of_up_to_eight_and_four_stones_is_its_interval_limit() {
    let words = |max: usize| -> Vec<Vec<bool>> {
        let mut out = vec![vec![]];
        for len in 1..=max {
            for bits in 0..1u32 << len {
                out.push((0..len).map(|i| bits >> i & 1 == 1).collect());
            }
        }
        out
    };
    let mut checked = 0;
    for prefix in words(8) {
        for period in words(4).into_iter().filter(|p| !p.is_empty()) {
            let text: String = prefix
                .iter()
                .map(|&s| if s { 'x' } else { 'o' })
                .chain(std::iter::once('('))
                .chain(period.iter().map(|&s| if s { 'x' } else { 'o' }))
                .chain(")^w".chars())
                .collect();
            let s = SignExpansion::parse_stones(&text).unwrap();
            let v = s.value().unwrap();
            let expected = match by_intervals(&prefix, &period) {
                None => {
                    let inf = if period[0] { w() } else { -&w() };
                    // Only a column of one colour reaches ±ω.
                    assert!(prefix.iter().all(|&x| x == period[0]), "{text}");
                    inf
                }
                Some((limit, side)) => {
                    let limit =
                        Surreal::new(limit.numer().clone().into(), limit.denom().clone().into())
                            .unwrap();
                    let eps = (&Surreal::from(i64::from(side)) / &w()).unwrap();
                    &limit + &eps
                }
            };
            assert_eq!(v, expected, "{text}");
            // Written back from the number, the expansion is the column's own.
            assert_eq!(SignExpansion::of(&v).unwrap(), s, "{text}");
            assert_eq!(s.length(), Ordinal::omega(), "{text}");
            checked += 1;
        }
    }
    assert_eq!(checked, 511 * 30);
}

#[test]
fn ordinal_sums_absorb_what_comes_before_a_larger_term() {
    let n = |k: i64| Ordinal::from(k);
    let om = Ordinal::omega();
    assert_eq!(ordinal_sum(&n(3), &om), om);
    assert_eq!(ordinal_sum(&om, &n(3)), &om + &n(3));
    let a = &(&om * &n(2)) + &n(5);
    assert_eq!(ordinal_sum(&a, &(&om + &n(1))), &(&om * &n(3)) + &n(1));
    // The rest c with b + c = a.
    assert_eq!(ordinal_rest(&(&om + &n(3)), &n(2)), &om + &n(3));
    assert_eq!(
        ordinal_rest(&(&(&om * &n(2)) + &n(1)), &(&om + &n(5))),
        &om + &n(1)
    );
    assert_eq!(ordinal_rest(&om, &om), Ordinal::zero());
}

/// A number a₁ω^α₁ + … + r + s/ω with small random parts.
fn number() -> impl Strategy<Value = Surreal> {
    let dyadic = (-12i64..=12, 0u32..4).prop_map(|(n, k)| q(n, 1 << k));
    let rational = (-12i64..=12, 1i64..=12).prop_map(|(n, d)| q(n, d));
    (
        proptest::collection::vec(dyadic, 0..3),
        rational.clone(),
        prop_oneof![Just(q(0, 1)), rational],
        any::<bool>(),
    )
        .prop_map(|(coefficients, r, s, big)| {
            let mut x = Surreal::zero();
            for (i, a) in coefficients.iter().enumerate() {
                // Exponents ω + 1, 2 and 1, or 3, 2 and 1.
                let e = match (i, big) {
                    (0, true) => Ordinal::omega() + Ordinal::one(),
                    (k, _) => Ordinal::from(3 - k as i64),
                };
                x = &x + &(&Surreal::omega_power(&e) * a);
            }
            &(&x + &r) + &(&s / &w()).unwrap()
        })
}

proptest! {
    #[test]
    fn numbers_are_read_back_from_their_expansions(x in number()) {
        let s = SignExpansion::of(&x).unwrap();
        prop_assert_eq!(s.value().unwrap(), x.clone());
        prop_assert_eq!(SignExpansion::parse(&s.to_string()).unwrap(), s.clone());
        prop_assert_eq!(s.flipped().value().unwrap(), -&x);
    }

    #[test]
    fn expansions_compare_as_their_numbers(x in number(), y in number()) {
        let (a, b) = (SignExpansion::of(&x).unwrap(), SignExpansion::of(&y).unwrap());
        prop_assert_eq!(a.cmp(&b), x.cmp(&y));
        prop_assert_eq!(a.checked_add(&b).unwrap().value().unwrap(), &x + &y);
    }
}

#[test]
fn comparisons_of_expansions_by_hand() {
    let c = |a: &str, b: &str| {
        SignExpansion::parse(a)
            .unwrap()
            .cmp(&SignExpansion::parse(b).unwrap())
    };
    assert_eq!(c("+-^w", "+"), Ordering::Less);
    assert_eq!(c("+-^w", "0"), Ordering::Greater);
    assert_eq!(c("+^w", "+^1000"), Ordering::Greater);
    assert_eq!(c("(+-)^w", "+-(+-)^w"), Ordering::Equal);
    assert_eq!(c("(+-)^w", "(+-)^w +"), Ordering::Less);
    assert_eq!(c("(+-)^w -", "(+-)^w"), Ordering::Less);
    assert_eq!(c("(+--)^w", "(+-)^w"), Ordering::Less);
    assert_eq!(c("+^(w+3)", "+^w ++"), Ordering::Greater);
}
