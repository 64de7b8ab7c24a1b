//! The printer of canonical forms in CGSuite's plain-text notation.

use crate::partizan::{Arena, GameId, Nus};

/// `x + n·↑ + *m` as CGSuite writes it: `0`, `5`, `-1/2`, `9/8*`, `^`, `^^`, `^3`, `v*`,
/// `6^*`, `^*6`, `73/16v9*8`.
///
/// ```
/// use nimlab::notation::print_nus;
/// use nimlab::partizan::{Dyadic, Nus};
/// let n = Nus { number: Dyadic::new(73.into(), 4), ups: -9, nim: 8 };
/// assert_eq!(print_nus(&n), "73/16v9*8");
/// ```
pub fn print_nus(n: &Nus) -> String {
    let mut s = String::new();
    if !n.number.is_zero() || (n.ups == 0 && n.nim == 0) {
        s.push_str(&n.number.to_string());
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
    match render(a, g) {
        Rendered::Atom(s) => s,
        Rendered::Compound { text, .. } => format!("{{{text}}}"),
    }
}

enum Rendered {
    /// Printed as it stands (a number, `+-1`, `Tiny(2)`).
    Atom(String),
    /// `L|R` without its braces, with the number of bars between its sides.
    Compound { text: String, bars: usize },
}

fn render(a: &mut Arena, g: GameId) -> Rendered {
    if let Some(n) = a.as_nus(g) {
        return Rendered::Atom(print_nus(n));
    }
    let (l, r) = a.options(g);
    if let Some(s) = special(a, g, &l, &r) {
        return Rendered::Atom(s);
    }
    let (lt, lb) = side(a, &l);
    let (rt, rb) = side(a, &r);
    let bars = 1 + lb.max(rb);
    Rendered::Compound {
        text: format!("{lt}{}{rt}", "|".repeat(bars)),
        bars,
    }
}

/// One side's options: a single compound option is written without braces (its bars
/// then count), several are written each in braces, separated by commas.
fn side(a: &mut Arena, options: &[GameId]) -> (String, usize) {
    if let [one] = options {
        return match render(a, *one) {
            Rendered::Atom(s) => (s, 0),
            Rendered::Compound { text, bars } => (text, bars),
        };
    }
    let texts: Vec<String> = options.iter().map(|&o| print(a, o)).collect();
    (texts.join(","), 0)
}

/// `+-G` for `{G | -G}`, `Tiny(G)` for `{0||0|-G}` and `Miny(G)` for `{G|0||0}`.
fn special(a: &mut Arena, g: GameId, l: &[GameId], r: &[GameId]) -> Option<String> {
    let zero = a.zero();
    // Tiny(G) = {0 || 0 | -G} with G > 0; Miny(G) is its negative.
    if l == [zero] {
        if let [k] = r {
            if a.as_nus(*k).is_none() {
                let (kl, kr) = a.options(*k);
                if kl == [zero] {
                    if let [h] = kr[..] {
                        let x = a.neg(h);
                        // CGSuite writes Tiny(G) when G's Right stop is positive.
                        if crate::notation::stop(a, x, false).signum() > 0 {
                            return Some(format!("Tiny({})", print(a, x)));
                        }
                    }
                }
            }
        }
    }
    if r == [zero] {
        if let [k] = l {
            if a.as_nus(*k).is_none() {
                let (kl, kr) = a.options(*k);
                if kr == [zero] {
                    if let [x] = kl[..] {
                        if crate::notation::stop(a, x, false).signum() > 0 {
                            return Some(format!("Miny({})", print(a, x)));
                        }
                    }
                }
            }
        }
    }
    // +-G: the Right options are the negatives of the Left ones.
    if !l.is_empty() && l.len() == r.len() {
        let mut negs: Vec<GameId> = l.iter().map(|&o| a.neg(o)).collect();
        negs.sort_unstable();
        if negs == r && g != zero {
            if let [one] = l {
                return Some(format!("+-{}", print(a, *one)));
            }
            let texts: Vec<String> = l.iter().map(|&o| print(a, o)).collect();
            return Some(format!("+-{{{}}}", texts.join(",")));
        }
    }
    None
}
