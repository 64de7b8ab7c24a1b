//! The printer of canonical forms in CGSuite's plain-text notation.

use crate::partizan::{Arena, GameId, Nus, Uptimals};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// `x + n·↑ + *m` as CGSuite writes it: `0`, `5`, `-1/2`, `9/8*`, `^`, `^^`, `^3`, `v*`,
/// `6^*`, `^*6`, `73/16v9*8`; except that a number followed by three or more ups, which
/// CGSuite writes `2^3` but reads as the power 8, is written `2+^3`.
///
/// ```
/// use nimlab::notation::print_nus;
/// use nimlab::partizan::{Dyadic, Nus};
/// let n = Nus { number: Dyadic::new(73.into(), 4), ups: -9, nim: 8 };
/// assert_eq!(print_nus(&n), "73/16v9*8");
/// let n = Nus { number: Dyadic::from(2), ups: 3, nim: 1 };
/// assert_eq!(print_nus(&n), "2+^3*");
/// ```
pub fn print_nus(n: &Nus) -> String {
    let mut s = String::new();
    if !n.number.is_zero() || (n.ups == 0 && n.nim == 0) {
        s.push_str(&n.number.to_string());
        if n.ups >= 3 {
            s.push('+');
        }
    }
    let (arrow, count) = if n.ups >= 0 {
        ('^', n.ups)
    } else {
        ('v', -n.ups)
    };
    match count {
        0 => {}
        1 => s.push(arrow),
        2 => {
            s.push(arrow);
            s.push(arrow);
        }
        k => {
            s.push(arrow);
            s.push_str(&k.to_string());
        }
    }
    match n.nim {
        0 => {}
        1 => s.push('*'),
        m => s.push_str(&format!("*{m}")),
    }
    s
}

/// A game as CGSuite prints it.
///
/// ```
/// use nimlab::notation::print;
/// use nimlab::partizan::Arena;
/// let mut a = Arena::new();
/// let (three, two, one) = (a.integer(3), a.integer(2), a.integer(1));
/// let star = a.star(1);
/// let two_star = a.add(two, star);
/// let one_star = a.add(one, star);
/// let inner = a.game(vec![two_star], vec![one_star]);
/// let g = a.game(vec![three], vec![inner]);
/// assert_eq!(print(&mut a, g), "{3||2*|1*}");
/// ```
pub fn print(a: &mut Arena, g: GameId) -> String {
    print_with(a, &mut Printer::default(), g)
}

/// What printing remembers: the uptimals recognised, and the text of each game already
/// written (a game's text is written once however often it occurs).
#[derive(Default)]
struct Printer {
    up: Uptimals,
    texts: FxHashMap<(GameId, bool, bool), (String, usize)>,
}

fn print_with(a: &mut Arena, p: &mut Printer, g: GameId) -> String {
    let mut out = String::new();
    write(a, p, g, true, false, &mut out);
    out
}

/// The most bars printed in a row: a game that would need more is written in braces.
const MAX_BARS: usize = 4;

/// Writes `g` and returns the bars its text shows at its top level (0 when it is closed:
/// braced or atomic). `braces` forces braces on a general form; `parens` puts
/// parentheses around a value `x^*` that is not compact (as the single option of a
/// switch).
fn write(
    a: &mut Arena,
    p: &mut Printer,
    g: GameId,
    braces: bool,
    parens: bool,
    out: &mut String,
) -> usize {
    if let Some((text, bars)) = p.texts.get(&(g, braces, parens)) {
        out.push_str(text);
        return *bars;
    }
    let mut text = String::new();
    let bars = write_new(a, p, g, braces, parens, &mut text);
    out.push_str(&text);
    if !a.interrupted() {
        p.texts.insert((g, braces, parens), (text, bars));
    }
    bars
}

/// Writes a game not written before.
fn write_new(
    a: &mut Arena,
    p: &mut Printer,
    g: GameId,
    braces: bool,
    parens: bool,
    out: &mut String,
) -> usize {
    // An interrupted arena stops printing too: the text would be thrown away.
    if a.interrupted() {
        return 0;
    }
    if let Some(n) = a.as_nus(g) {
        let text = print_nus(n);
        let compact = n.is_number() || (n.number.is_zero() && (n.ups == 0 || n.nim == 0));
        if parens && !compact {
            out.push_str(&format!("({text})"));
        } else {
            out.push_str(&text);
        }
        return 0;
    }
    if let Some(u) = p.up.of(a, g).filter(|u| u.is_nice()) {
        let compact = u.number.is_zero() && u.nim == 0;
        if parens && !compact {
            out.push_str(&format!("({})", u.nice_text()));
        } else {
            out.push_str(&u.nice_text());
        }
        return 0;
    }
    let (l, r) = a.options(g);
    if let Some(s) = special(a, p, g, &l, &r) {
        out.push_str(&s);
        return 0;
    }
    let l = sort(a, p, l);
    let r = sort(a, p, r);
    let mut lt = String::new();
    let mut rt = String::new();
    let mut bars = 0;
    for (options, text) in [(&l, &mut lt), (&r, &mut rt)] {
        for (i, &o) in options.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            let b = write(a, p, o, options.len() > 1, false, text);
            bars = bars.max(b + 1);
        }
    }
    let bars = bars.max(1);
    let closed = braces || bars >= MAX_BARS;
    if closed {
        out.push('{');
    }
    out.push_str(&lt);
    out.push_str(&"|".repeat(bars));
    out.push_str(&rt);
    if closed {
        out.push('}');
        0
    } else {
        bars
    }
}

/// Options in CGSuite's order: numbers by value, then nimbers, then `x^*` values (by
/// number, ups, nimber), then the other games by their Left options, then their Right
/// options, compared the same way.
pub fn ordered(a: &mut Arena, options: Vec<GameId>) -> Vec<GameId> {
    sort(a, &mut Printer::default(), options)
}

fn sort(a: &mut Arena, p: &mut Printer, mut options: Vec<GameId>) -> Vec<GameId> {
    // A stable insertion sort: the comparison needs the arena.
    for i in 1..options.len() {
        let mut j = i;
        while j > 0 && order(a, p, options[j], options[j - 1]) == Ordering::Less {
            options.swap(j, j - 1);
            j -= 1;
        }
    }
    options
}

fn rank(a: &mut Arena, p: &mut Printer, g: GameId) -> u8 {
    let nus = a
        .as_nus(g)
        .map(|n| (n.is_number(), n.number.is_zero() && n.ups == 0));
    match nus {
        Some((true, _)) => 0,
        Some((_, true)) => 1,
        Some(_) => 2,
        None if p.up.of(a, g).is_some() => 2,
        None => 3,
    }
}

fn order(a: &mut Arena, p: &mut Printer, g: GameId, h: GameId) -> Ordering {
    if g == h {
        return Ordering::Equal;
    }
    let (rg, rh) = (rank(a, p, g), rank(a, p, h));
    if rg != rh {
        return rg.cmp(&rh);
    }
    if rg == 2 {
        if let (Some(x), Some(y)) = (p.up.of(a, g), p.up.of(a, h)) {
            return x.order(&y);
        }
    }
    if let (Some(x), Some(y)) = (a.as_nus(g), a.as_nus(h)) {
        return x
            .number
            .cmp(&y.number)
            .then(x.ups.cmp(&y.ups))
            .then(x.nim.cmp(&y.nim));
    }
    let (gl, gr) = a.options(g);
    let (hl, hr) = a.options(h);
    let (gl, hl) = (sort(a, p, gl), sort(a, p, hl));
    match lex(a, p, &gl, &hl) {
        Ordering::Equal => {
            let (gr, hr) = (sort(a, p, gr), sort(a, p, hr));
            lex(a, p, &gr, &hr)
        }
        o => o,
    }
}

fn lex(a: &mut Arena, p: &mut Printer, x: &[GameId], y: &[GameId]) -> Ordering {
    for (&g, &h) in x.iter().zip(y) {
        match order(a, p, g, h) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    x.len().cmp(&y.len())
}

/// `+-G` for a switch (G = -G), `xTiny(G)` for `{x||x|x-G}` and `xMiny(G)` for
/// `{x+G|x||x}`.
fn special(
    a: &mut Arena,
    p: &mut Printer,
    g: GameId,
    l: &[GameId],
    r: &[GameId],
) -> Option<String> {
    if let Some(s) = switch(a, p, g, l) {
        return Some(s);
    }
    tiny(a, p, l, r, true).or_else(|| tiny(a, p, r, l, false))
}

fn switch(a: &mut Arena, p: &mut Printer, g: GameId, l: &[GameId]) -> Option<String> {
    if a.neg(g) != g {
        return None;
    }
    let l = sort(a, p, l.to_vec());
    let mut out = String::from("+-");
    if let [one] = l[..] {
        write(a, p, one, true, true, &mut out);
    } else {
        out.push('{');
        for (i, &o) in l.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write(a, p, o, true, false, &mut out);
        }
        out.push('}');
    }
    Some(out)
}

/// Tiny (`tiny`: G = {x || x | R'} with mean(R') < x, written `xTiny(x - R')`) or Miny
/// (G = {L' | x || x} with mean(L') > x, written `xMiny(L' - x)`); `near` is the side
/// with the number x, `far` the side with the switch.
fn tiny(
    a: &mut Arena,
    p: &mut Printer,
    near: &[GameId],
    far: &[GameId],
    tiny: bool,
) -> Option<String> {
    let ([x], [k]) = (near, far) else { return None };
    let xv = a.as_number(*x)?.clone();
    if a.as_nus(*k).is_some() {
        return None;
    }
    let (kl, kr) = a.options(*k);
    let (same, other) = if tiny { (kl, kr) } else { (kr, kl) };
    let ([same], [other]) = (&same[..], &other[..]) else {
        return None;
    };
    if same != x {
        return None;
    }
    let m = crate::partizan::mean(a, *other);
    let xq = crate::partizan::Rational::new(
        xv.numerator().clone(),
        num_bigint::BigInt::from(1) << xv.exponent(),
    );
    let fits = if tiny { m < xq } else { m > xq };
    if !fits {
        return None;
    }
    let arg = if tiny {
        a.sub(*x, *other)
    } else {
        a.sub(*other, *x)
    };
    let prefix = if xv.is_zero() {
        String::new()
    } else {
        xv.to_string()
    };
    let name = if tiny { "Tiny" } else { "Miny" };
    Some(format!("{prefix}{name}({})", print_with(a, p, arg)))
}
