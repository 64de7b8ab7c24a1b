//! The printer of canonical forms in CGSuite's plain-text notation.

use crate::conway::walk::{walk, Step};
use crate::conway::{Arena, GameId, Uptimals};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// A game as CGSuite prints it.
///
/// ```
/// use nimlab::notation::print;
/// use nimlab::conway::Arena;
/// let mut a = Arena::new();
/// let (three, two, one) = (a.integer(3), a.integer(2), a.integer(1));
/// let star = a.star(1);
/// let two_star = a.add(two, star);
/// let one_star = a.add(one, star);
/// let inner = a.game(vec![two_star], vec![one_star]);
/// let g = a.game(vec![three], vec![inner]);
/// assert_eq!(print(&mut a, g), "{3||2*|1*}");
/// ```
///
/// A game whose text would be longer than [`MAX_TEXT`] bytes (sums of ordinal sums soon
/// have texts of astronomical length) is not written: a note in angle brackets says so
/// instead. [`try_print`] gives that case as an error.
pub fn print(a: &mut Arena, g: GameId) -> String {
    try_print(a, g).unwrap_or_else(|e| format!("<{e}>"))
}

/// The longest text [`print()`] writes, in bytes: the longest expression the parser reads
/// (1 MiB), so that every printed game reads back.
pub const MAX_TEXT: usize = super::parse::MAX_INPUT;

/// A game as CGSuite prints it, or a limit error when its text would be longer than
/// [`MAX_TEXT`] bytes or nest deeper than [`MAX_DEPTH`](super::MAX_DEPTH) levels, so
/// that it would not read back (found before any of it is written).
///
/// ```
/// use nimlab::calc::Session;
/// use nimlab::notation::try_print;
/// let mut s = Session::new();
/// let g = s.game_of("{3||2|1}").unwrap();
/// assert_eq!(try_print(&mut s.arena, g).unwrap(), "{3||2|1}");
/// // Each ordinal sum with a larger nimber repeats the texts of the smaller ones: this
/// // game has 28 followers, but its text would take about 10^14 bytes.
/// let h = s.game_of("{4||2|-1} : *23").unwrap();
/// assert!(matches!(try_print(&mut s.arena, h), Err(nimlab::Error::Limit { .. })));
/// ```
///
/// # Errors
/// [`Error::Limit`](crate::Error::Limit) for a text longer than [`MAX_TEXT`] bytes or
/// nesting deeper than [`MAX_DEPTH`](super::MAX_DEPTH) levels.
pub fn try_print(a: &mut Arena, g: GameId) -> crate::Result<String> {
    print_with(a, &mut Printer::default(), g)
}

/// A game to write, with its flags: `braces` forces braces on a general form; `parens`
/// puts parentheses around a value `x^*` that is not compact (as the single option of a
/// switch).
type TextKey = (GameId, bool, bool);

/// What printing remembers: the uptimals recognised, how each game is written with its
/// options in CGSuite's order, the order of pairs of games, and the bars each game's
/// text shows at its top level.
#[derive(Default)]
struct Printer {
    up: Uptimals,
    forms: FxHashMap<GameId, Form>,
    sorted: FxHashMap<GameId, (Vec<GameId>, Vec<GameId>)>,
    orders: FxHashMap<(GameId, GameId), Ordering>,
    bars: FxHashMap<TextKey, Shape>,
    walls: FxHashMap<GameId, crate::conway::Thermograph>,
}

/// What the printer knows of a text before writing it.
#[derive(Debug, Clone, Copy, Default)]
struct Shape {
    /// The bars the text shows at its top level (0 when it is closed: braced or atomic).
    bars: usize,
    /// Its length in bytes (at most `usize::MAX`).
    length: usize,
    /// How deep the parser goes in it, counted as [`parse`](super::parse) counts
    /// (braces, parentheses, prefix operators, calls): from the depth it starts at for a
    /// closed text; for an open one (`a|b` inside braces), the deepest of its options,
    /// which are read at the depth of the braces around it.
    depth: usize,
    /// For an open text, how many levels of bars it nests below the braces around it
    /// (its own and its open options'); 0 for a closed one.
    levels: usize,
}

/// The text of `g`: the bars of its followers' texts found first (with a walk's stack),
/// then the text written out piece by piece from a stack of its own, so that games of
/// any depth print, in time and memory proportional to the text.
fn print_with(a: &mut Arena, p: &mut Printer, g: GameId) -> crate::Result<String> {
    let root = (g, true, false);
    let Shape { length, depth, .. } = bars(a, p, root);
    if depth > super::parse::MAX_DEPTH {
        // Its text would not read back.
        return Err(crate::Error::limit(
            format!("a game whose text nests {depth} levels deep"),
            format!(
                "printed games up to {} levels of nesting, as expressions are read",
                super::parse::MAX_DEPTH
            ),
        ));
    }
    if length > MAX_TEXT {
        let shown = if length == usize::MAX {
            "more than 2^64".to_string()
        } else {
            length.to_string()
        };
        return Err(crate::Error::limit(
            format!("a game whose text has {shown} bytes"),
            format!("printed games up to {MAX_TEXT} bytes"),
        ));
    }
    // The text's bytes. Where the text of each game (with its flags) written so far lies
    // in `out`: a game met again is copied from there, so that each text is made once.
    let mut out: Vec<u8> = Vec::with_capacity(length);
    let mut written: FxHashMap<TextKey, (usize, usize)> = FxHashMap::default();
    let mut stack = vec![Piece::Game(root)];
    let mut steps = 0u32;
    while let Some(piece) = stack.pop() {
        steps = steps.wrapping_add(1);
        if steps % 256 == 0 && a.interrupted() {
            return Ok(String::new());
        }
        let key = match piece {
            Piece::Text(t) => {
                out.extend_from_slice(t.as_bytes());
                continue;
            }
            Piece::Owned(t) => {
                out.extend_from_slice(t.as_bytes());
                continue;
            }
            Piece::End(key, start) => {
                written.insert(key, (start, out.len()));
                continue;
            }
            Piece::Game(key) => key,
        };
        if let Some(&(start, end)) = written.get(&key) {
            out.extend_from_within(start..end);
            continue;
        }
        let (g, braces, parens) = key;
        if let Some(t) = write_atom(a, p, g, parens) {
            written.insert(key, (out.len(), out.len() + t.len()));
            out.extend_from_slice(t.as_bytes());
            continue;
        }
        // The pieces of this game, in order; pushed in reverse below, after the mark of
        // its end.
        stack.push(Piece::End(key, out.len()));
        let mut pieces = Vec::new();
        match form(a, p, g) {
            Form::Switch(l) if l.len() == 1 => {
                pieces.push(Piece::Text("+-"));
                pieces.push(Piece::Game((l[0], true, true)));
            }
            Form::Switch(l) => {
                pieces.push(Piece::Text("+-{"));
                for (i, &o) in l.iter().enumerate() {
                    if i > 0 {
                        pieces.push(Piece::Text(","));
                    }
                    pieces.push(Piece::Game((o, true, false)));
                }
                pieces.push(Piece::Text("}"));
            }
            Form::Tiny(prefix, name, arg) => {
                pieces.push(Piece::Owned(format!("{prefix}{name}(")));
                pieces.push(Piece::Game((arg, true, false)));
                pieces.push(Piece::Text(")"));
            }
            Form::General(l, r) => {
                let count = general_bars(p, &l, &r);
                let closed = braces || count >= MAX_BARS;
                if closed {
                    pieces.push(Piece::Text("{"));
                }
                for (side, options) in [(false, &l), (true, &r)] {
                    if side {
                        pieces.push(Piece::Owned("|".repeat(count)));
                    }
                    for (i, &o) in options.iter().enumerate() {
                        if i > 0 {
                            pieces.push(Piece::Text(","));
                        }
                        pieces.push(Piece::Game((o, options.len() > 1, false)));
                    }
                }
                if closed {
                    pieces.push(Piece::Text("}"));
                }
            }
        }
        stack.extend(pieces.into_iter().rev());
    }
    // Whole texts of games and pieces of text, in order: UTF-8.
    Ok(String::from_utf8(out).expect("text pieces"))
}

/// A piece of text still to write.
enum Piece {
    Text(&'static str),
    Owned(String),
    Game(TextKey),
    /// The end of the text of a game, which began at this offset of the output.
    End(TextKey, usize),
}

/// The most bars printed in a row: a game that would need more is written in braces.
const MAX_BARS: usize = 4;

/// How a game that is no `x^*` value and no uptimal is written.
#[derive(Clone)]
enum Form {
    /// `+-G` or `+-{G,H}`: the Left options, in order.
    Switch(Vec<GameId>),
    /// `xTiny(G)` or `xMiny(G)`: the prefix, the name and G.
    Tiny(String, &'static str, GameId),
    /// `{L|R}`: the options, in order.
    General(Vec<GameId>, Vec<GameId>),
}

/// The bars `{L|R}` is written with: one more than the most any option shows.
fn general_bars(p: &Printer, l: &[GameId], r: &[GameId]) -> usize {
    let key = |o: GameId, n: usize| (o, n > 1, false);
    l.iter()
        .map(|&o| key(o, l.len()))
        .chain(r.iter().map(|&o| key(o, r.len())))
        .map(|k| p.bars.get(&k).map_or(0, |b| b.bars) + 1)
        .max()
        .unwrap_or(1)
}

/// The [`Shape`] of the text of `key`, those of its followers found first with a walk's
/// stack.
fn bars(a: &mut Arena, p: &mut Printer, key: TextKey) -> Shape {
    if let Some(&b) = p.bars.get(&key) {
        return b;
    }
    let mut bars = std::mem::take(&mut p.bars);
    let found = walk(a, &mut bars, key, |a, bars, k, again| {
        let (g, braces, parens) = k;
        if let Some(t) = write_atom(a, p, g, parens) {
            // `-1/2` is read through a prefix minus, `(…)` in parentheses.
            let depth = usize::from(t.starts_with('-') || t.starts_with("(-"))
                + usize::from(t.starts_with('('));
            return Step::Value(Shape {
                length: t.len(),
                depth,
                ..Shape::default()
            });
        }
        let form = form(a, p, g);
        let needs: Vec<TextKey> = match &form {
            Form::Switch(l) if l.len() == 1 => vec![(l[0], true, true)],
            Form::Switch(l) => l.iter().map(|&o| (o, true, false)).collect(),
            Form::Tiny(_, _, arg) => vec![(*arg, true, false)],
            Form::General(l, r) => {
                let key = |o: GameId, n: usize| (o, n > 1, false);
                l.iter()
                    .map(|&o| key(o, l.len()))
                    .chain(r.iter().map(|&o| key(o, r.len())))
                    .collect()
            }
        };
        if !again && needs.iter().any(|n| !bars.contains_key(n)) {
            return Step::Needs(needs);
        }
        let of = |n: &TextKey| bars.get(n).copied().unwrap_or_default();
        let texts = needs
            .iter()
            .fold(0usize, |t, n| t.saturating_add(of(n).length))
            .saturating_add(needs.len().saturating_sub(1));
        let deepest = needs.iter().map(|n| of(n).depth).max().unwrap_or(0);
        let closed = |length: usize, depth: usize| Shape {
            length,
            depth,
            ..Shape::default()
        };
        Step::Value(match form {
            // `+-` is a prefix operator; the braces of `+-{a,b}` are no level of their own.
            Form::Switch(l) if l.len() == 1 => closed(texts.saturating_add(2), deepest + 1),
            Form::Switch(_) => closed(texts.saturating_add(4), deepest + 1),
            // A call's parentheses, after a prefix minus when the number is negative.
            Form::Tiny(prefix, name, _) => closed(
                texts.saturating_add(prefix.len() + name.len() + 2),
                deepest + 1 + usize::from(prefix.starts_with('-')),
            ),
            Form::General(..) => {
                let count = needs.iter().map(|n| of(n).bars + 1).max().unwrap_or(1);
                // The bars take the place of one comma.
                let length = texts.saturating_add(count - 1);
                // Open options split at one level below this text's bars each.
                let levels = needs.iter().map(|n| of(n).levels).max().unwrap_or(0);
                if braces || count >= MAX_BARS {
                    // Options are read inside the braces, and so are the bars of open
                    // options, one level deeper for each.
                    closed(length.saturating_add(2), 1 + deepest.max(levels))
                } else {
                    Shape {
                        bars: count,
                        length,
                        depth: deepest,
                        levels: levels + 1,
                    }
                }
            }
        })
    });
    p.bars = bars;
    found.unwrap_or_default()
}

/// The text of `x + n·↑ + *m` or of an uptimal CGSuite writes as one (`^<3>`, `v[2]*`),
/// in parentheses when `parens` and it is not compact.
fn write_atom(a: &mut Arena, p: &mut Printer, g: GameId, parens: bool) -> Option<String> {
    let (text, compact) = if let Some(n) = a.as_nus(g) {
        let compact = n.is_number() || (n.number.is_zero() && (n.ups == 0 || n.nim == 0));
        (n.to_string(), compact)
    } else {
        // An uptimal longer than the parser reads is written as a game.
        let u =
            p.up.of(a, g)
                .filter(|u| u.is_nice() && u.digits.len() <= super::parse::MAX_UPTIMAL)?;
        (u.nice_text(), u.number.is_zero() && u.nim == 0)
    };
    Some(if parens && !compact {
        format!("({text})")
    } else {
        text
    })
}

/// How `g` is written: a switch, a tiny or miny, or `{L|R}` with its options in order.
fn form(a: &mut Arena, p: &mut Printer, g: GameId) -> Form {
    if let Some(f) = p.forms.get(&g) {
        return f.clone();
    }
    let (l, r) = sorted_options(a, p, g);
    let f = if a.neg(g) == g {
        Form::Switch(l)
    } else if let Some(t) = tiny(a, p, &l, &r, true).or_else(|| tiny(a, p, &r, &l, false)) {
        t
    } else {
        Form::General(l, r)
    };
    p.forms.insert(g, f.clone());
    f
}

/// Options in CGSuite's order: numbers by value, then nimbers, then `x^*` values (by
/// number, ups, nimber), then the other games by their Left options, then their Right
/// options, compared the same way.
///
/// ```
/// use nimlab::calc::Session;
/// use nimlab::notation::{ordered, print};
/// let mut s = Session::new();
/// let gs: Vec<_> = ["{1|0}", "*", "1/2", "^"].iter().map(|t| s.game_of(t).unwrap()).collect();
/// let texts: Vec<String> = ordered(&mut s.arena, gs).into_iter().map(|g| print(&mut s.arena, g)).collect();
/// assert_eq!(texts, ["1/2", "*", "^", "{1|0}"]);
/// ```
pub fn ordered(a: &mut Arena, options: Vec<GameId>) -> Vec<GameId> {
    let mut p = Printer::default();
    for &g in &options {
        sorted_options(a, &mut p, g);
    }
    sort(a, &mut p, options)
}

/// The options of `g` in order, those of its followers sorted first (with a stack of
/// the walk's own) so that comparing two options needs no recursion.
fn sorted_options(a: &mut Arena, p: &mut Printer, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
    if a.as_nus(g).is_some() {
        return a.options(g);
    }
    if let Some(s) = p.sorted.get(&g) {
        return s.clone();
    }
    let mut sorted = std::mem::take(&mut p.sorted);
    let found = walk(a, &mut sorted, g, |a, sorted, x, again| {
        let (l, r) = a.options(x);
        let needs: Vec<GameId> = l
            .iter()
            .chain(&r)
            .copied()
            .filter(|&o| rank(a, p, o) == 3)
            .collect();
        if !again && needs.iter().any(|o| !sorted.contains_key(o)) {
            return Step::Needs(needs);
        }
        let l = sort_with(a, p, sorted, l);
        let r = sort_with(a, p, sorted, r);
        Step::Value((l, r))
    });
    p.sorted = sorted;
    found.unwrap_or_else(|| a.options(g))
}

fn sort(a: &mut Arena, p: &mut Printer, options: Vec<GameId>) -> Vec<GameId> {
    let sorted = std::mem::take(&mut p.sorted);
    let v = sort_with(a, p, &sorted, options);
    p.sorted = sorted;
    v
}

/// A stable insertion sort (the comparison needs the arena), the options of every game
/// compared already in `sorted`.
fn sort_with(
    a: &mut Arena,
    p: &mut Printer,
    sorted: &FxHashMap<GameId, (Vec<GameId>, Vec<GameId>)>,
    mut options: Vec<GameId>,
) -> Vec<GameId> {
    for i in 1..options.len() {
        let mut j = i;
        while j > 0 && order(a, p, sorted, options[j], options[j - 1]) == Ordering::Less {
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

/// How `g` and `h` compare when neither needs its options looked at: by rank, then as
/// numbers, nimbers or uptimals.
fn order_at_once(a: &mut Arena, p: &mut Printer, g: GameId, h: GameId) -> Option<Ordering> {
    if g == h {
        return Some(Ordering::Equal);
    }
    if let Some(&o) = p.orders.get(&(g, h)) {
        return Some(o);
    }
    let (rg, rh) = (rank(a, p, g), rank(a, p, h));
    if rg != rh {
        return Some(rg.cmp(&rh));
    }
    if rg == 2 {
        if let (Some(x), Some(y)) = (p.up.of(a, g), p.up.of(a, h)) {
            return Some(x.order(&y));
        }
    }
    if let (Some(x), Some(y)) = (a.as_nus(g), a.as_nus(h)) {
        return Some(
            x.number
                .cmp(&y.number)
                .then(x.ups.cmp(&y.ups))
                .then(x.nim.cmp(&y.nim)),
        );
    }
    None
}

/// A comparison of two games by their sorted options under way: Left's (then Right's)
/// compared up to `i`.
struct OrderFrame {
    g: GameId,
    h: GameId,
    right: bool,
    i: usize,
}

/// CGSuite's order of two games: by rank, then as values, then by their sorted Left
/// options and then Right options compared in turn (with a stack of its own).
fn order(
    a: &mut Arena,
    p: &mut Printer,
    sorted: &FxHashMap<GameId, (Vec<GameId>, Vec<GameId>)>,
    g: GameId,
    h: GameId,
) -> Ordering {
    if let Some(o) = order_at_once(a, p, g, h) {
        return o;
    }
    let list = |x: GameId, right: bool| -> &[GameId] {
        sorted
            .get(&x)
            .map_or(&[][..], |(l, r)| if right { r } else { l })
    };
    let mut stack = vec![OrderFrame {
        g,
        h,
        right: false,
        i: 0,
    }];
    let mut returned: Option<Ordering> = None;
    loop {
        let top = stack.len() - 1;
        let mut result = None;
        match returned.take() {
            Some(Ordering::Equal) => stack[top].i += 1,
            Some(o) => result = Some(o),
            None => {}
        }
        while result.is_none() {
            if a.interrupted() {
                return Ordering::Equal;
            }
            let OrderFrame { g, h, right, i } = stack[top];
            let (x, y) = (list(g, right), list(h, right));
            match (x.get(i), y.get(i)) {
                (Some(&u), Some(&v)) => match order_at_once(a, p, u, v) {
                    Some(Ordering::Equal) => stack[top].i += 1,
                    Some(o) => result = Some(o),
                    None => {
                        stack.push(OrderFrame {
                            g: u,
                            h: v,
                            right: false,
                            i: 0,
                        });
                        break;
                    }
                },
                _ => {
                    let by_length = x.len().cmp(&y.len());
                    if by_length != Ordering::Equal || right {
                        result = Some(by_length);
                    } else {
                        stack[top].right = true;
                        stack[top].i = 0;
                    }
                }
            }
        }
        let Some(o) = result else { continue };
        let f = stack.pop().expect("the frame just looked at");
        p.orders.insert((f.g, f.h), o);
        p.orders.insert((f.h, f.g), o.reverse());
        if stack.is_empty() {
            return o;
        }
        returned = Some(o);
    }
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
) -> Option<Form> {
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
    let m = match a.as_number(*other) {
        Some(x) => crate::conway::Rational::new(
            x.numerator().clone(),
            num_bigint::BigInt::from(1) << x.exponent(),
        ),
        None => crate::conway::thermograph_with(a, *other, &mut p.walls).mean(),
    };
    let xq = crate::conway::Rational::new(
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
    Some(Form::Tiny(prefix, if tiny { "Tiny" } else { "Miny" }, arg))
}
