//! Thermographs: the walls of a game as piecewise-linear functions of the temperature t,
//! for t ≥ −1 (Berlekamp's generalised thermography, with caves), and the game's mean
//! and temperature.

use super::{Arena, GameId};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::fmt;

/// A rational number, for the values and temperatures of walls.
pub type Rational = BigRational;

fn q(n: i64) -> Rational {
    Rational::from_integer(BigInt::from(n))
}

/// A rational as CGSuite writes it: `25/16`, `-1/2`, `0`.
pub fn rational_text(x: &Rational) -> String {
    if x.is_integer() {
        x.numer().to_string()
    } else {
        format!("{}/{}", x.numer(), x.denom())
    }
}

/// One piece of a wall: from temperature `start` up to the next piece, the value
/// `value + slope · (t − start)`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Piece {
    start: Rational,
    value: Rational,
    slope: Rational,
}

impl Piece {
    fn at(&self, t: &Rational) -> Rational {
        &self.value + &self.slope * (t - &self.start)
    }
}

/// A wall of a thermograph: a continuous piecewise-linear function of the temperature
/// from t = −1 upwards.
///
/// ```
/// use nimlab::conway::{thermograph, Arena};
/// let mut a = Arena::new();
/// let up = a.up(1);
/// let t = thermograph(&mut a, up);
/// assert_eq!(t.to_string(), "Thermograph(0,[0],[0,-1],0,[],[0])");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trajectory {
    pieces: Vec<Piece>,
}

impl Trajectory {
    /// The constant wall at `x`.
    pub fn constant(x: Rational) -> Trajectory {
        Trajectory {
            pieces: vec![Piece {
                start: q(-1),
                value: x,
                slope: Rational::zero(),
            }],
        }
    }

    /// The value at temperature `t` (t ≥ −1).
    pub fn at(&self, t: &Rational) -> Rational {
        let p = self
            .pieces
            .iter()
            .rev()
            .find(|p| &p.start <= t)
            .unwrap_or(&self.pieces[0]);
        p.at(t)
    }

    /// The wall with `k` added to every slope, turning about t = 0: value(t) + k·t.
    fn tilt(&self, k: i64) -> Trajectory {
        let k = q(k);
        Trajectory {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    start: p.start.clone(),
                    value: &p.value + &k * &p.start,
                    slope: &p.slope + &k,
                })
                .collect(),
        }
    }

    /// The breakpoints above −1.
    fn breaks(&self) -> impl DoubleEndedIterator<Item = &Rational> {
        self.pieces.iter().skip(1).map(|p| &p.start)
    }

    /// The slope just above `t`.
    fn slope_after(&self, t: &Rational) -> Rational {
        self.pieces
            .iter()
            .rev()
            .find(|p| &p.start <= t)
            .unwrap_or(&self.pieces[0])
            .slope
            .clone()
    }

    /// The pointwise maximum (`max`) or minimum of two walls.
    fn combine(&self, other: &Trajectory, max: bool) -> Trajectory {
        let points = crossings_and_breaks(self, other);
        let mut pieces = Vec::new();
        for w in points
            .windows(2)
            .chain(std::iter::once(&points[points.len() - 1..]))
        {
            let t = &w[0];
            let (a, b) = (self.at(t), other.at(t));
            let (sa, sb) = (self.slope_after(t), other.slope_after(t));
            // Which wall wins just above t: by value, then by slope.
            let first = if a != b {
                (a > b) == max
            } else {
                (sa >= sb) == max
            };
            let (value, slope) = if first { (a, sa) } else { (b, sb) };
            pieces.push(Piece {
                start: t.clone(),
                value,
                slope,
            });
        }
        Trajectory { pieces }.simplified()
    }

    /// Merges neighbouring pieces on one line.
    fn simplified(mut self) -> Trajectory {
        let mut out: Vec<Piece> = Vec::with_capacity(self.pieces.len());
        for p in self.pieces.drain(..) {
            if let Some(last) = out.last() {
                if last.slope == p.slope && last.at(&p.start) == p.value {
                    continue;
                }
            }
            out.push(p);
        }
        Trajectory { pieces: out }
    }

    /// The critical temperatures, hottest first.
    pub fn critical_points(&self) -> Vec<Rational> {
        self.breaks().rev().cloned().collect()
    }

    /// The slopes from the top piece down.
    pub fn slopes(&self) -> Vec<Rational> {
        self.pieces.iter().rev().map(|p| p.slope.clone()).collect()
    }

    /// The value at the highest critical point (the mast), or the constant value.
    pub fn mast(&self) -> Rational {
        let top = self.pieces.last().unwrap_or(&self.pieces[0]);
        top.value.clone()
    }

    /// `M,[c1,…],[s0,…]` as CGSuite writes a wall inside a thermograph.
    fn text(&self) -> String {
        let list = |v: Vec<Rational>| v.iter().map(rational_text).collect::<Vec<_>>().join(",");
        format!(
            "{},[{}],[{}]",
            rational_text(&self.mast()),
            list(self.critical_points()),
            list(self.slopes())
        )
    }
}

impl fmt::Display for Trajectory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Trajectory({})", self.text())
    }
}

/// Every breakpoint of two walls and every temperature where they cross, from −1 up.
fn crossings_and_breaks(a: &Trajectory, b: &Trajectory) -> Vec<Rational> {
    let mut points: Vec<Rational> = std::iter::once(q(-1))
        .chain(a.breaks().cloned())
        .chain(b.breaks().cloned())
        .collect();
    points.sort();
    points.dedup();
    let mut crossings = Vec::new();
    for (i, t) in points.iter().enumerate() {
        let next = points.get(i + 1);
        let (da, sa) = (a.at(t), a.slope_after(t));
        let (db, sb) = (b.at(t), b.slope_after(t));
        if sa != sb {
            // a(t + h) − b(t + h) = (da − db) + (sa − sb)·h = 0.
            let h = (&db - &da) / (&sa - &sb);
            if h.is_positive() {
                let c = t + &h;
                if next.is_none_or(|n| &c < n) {
                    crossings.push(c);
                }
            }
        }
    }
    points.extend(crossings);
    points.sort();
    points.dedup();
    points
}

/// A game's thermograph: its Left and Right walls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thermograph {
    /// The Left wall.
    pub left: Trajectory,
    /// The Right wall.
    pub right: Trajectory,
}

impl Thermograph {
    /// The thermograph of G + x for a number x: both walls moved by x.
    fn translated(&self, x: &super::Dyadic) -> Thermograph {
        let x = Rational::new(x.numerator().clone(), BigInt::one() << x.exponent());
        let moved = |t: &Trajectory| Trajectory {
            pieces: t
                .pieces
                .iter()
                .map(|p| Piece {
                    start: p.start.clone(),
                    value: &p.value + &x,
                    slope: p.slope.clone(),
                })
                .collect(),
        };
        Thermograph {
            left: moved(&self.left),
            right: moved(&self.right),
        }
    }

    /// The temperature: the hottest critical point of either wall, or −1 when there is
    /// none (an integer).
    pub fn temperature(&self) -> Rational {
        let l = self.left.critical_points().into_iter().next();
        let r = self.right.critical_points().into_iter().next();
        match (l, r) {
            (Some(a), Some(b)) => a.max(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => q(-1),
        }
    }

    /// The mean: the Left wall's value at the temperature.
    pub fn mean(&self) -> Rational {
        self.left.at(&self.temperature())
    }
}

impl fmt::Display for Thermograph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thermograph({},{})", self.left.text(), self.right.text())
    }
}

/// The thermograph of `g`: integers have a constant mast; any other game has the
/// Left scaffold max(RW(G^L)) − t and the Right scaffold min(LW(G^R)) + t, swept from
/// t = −1 up: where the Left scaffold is right of the Right one (a hill) each wall
/// follows its scaffold; elsewhere (a cave) the walls are one vertical mast, pushed by
/// a scaffold that reaches it.
pub fn thermograph(a: &mut Arena, g: GameId) -> Thermograph {
    thermograph_with(a, g, &mut rustc_hash::FxHashMap::default())
}

/// The thermograph of `g`, with those of its followers kept in `memo` (found after their
/// options', with a stack of their own rather than by recursion).
pub fn thermograph_with(
    a: &mut Arena,
    g: GameId,
    memo: &mut rustc_hash::FxHashMap<GameId, Thermograph>,
) -> Thermograph {
    use super::walk::{walk, Step};
    let v = walk(a, memo, g, |a, memo, x, again| {
        if let Some(n) = a.as_number(x) {
            if n.is_integer() {
                let v = Rational::from_integer(n.numerator().clone());
                return Step::Value(Thermograph {
                    left: Trajectory::constant(v.clone()),
                    right: Trajectory::constant(v),
                });
            }
        }
        if a.as_nus(x).is_none() {
            // A translated game: its base's thermograph, translated.
            let (base, c) = a.decompose(x);
            if !c.is_zero() {
                return match memo.get(&base) {
                    Some(t) => Step::Value(t.translated(&c)),
                    None => Step::Needs(vec![base]),
                };
            }
        }
        let (l, r) = a.options(x);
        if !again || l.iter().chain(&r).any(|o| !memo.contains_key(o)) {
            return Step::Needs(l.into_iter().chain(r).collect());
        }
        Step::Value(from_options(
            l.iter().map(|o| &memo[o].right),
            r.iter().map(|o| &memo[o].left),
        ))
    });
    v.unwrap_or_else(|| Thermograph {
        left: Trajectory::constant(Rational::zero()),
        right: Trajectory::constant(Rational::zero()),
    })
}

/// The thermograph of a game from the Right walls of its Left options and the Left walls
/// of its Right options.
fn from_options<'a>(
    left: impl Iterator<Item = &'a Trajectory>,
    right: impl Iterator<Item = &'a Trajectory>,
) -> Thermograph {
    let mut ls: Option<Trajectory> = None;
    for w in left {
        ls = Some(match ls {
            None => w.clone(),
            Some(s) => s.combine(w, true),
        });
    }
    let mut rs: Option<Trajectory> = None;
    for w in right {
        rs = Some(match rs {
            None => w.clone(),
            Some(s) => s.combine(w, false),
        });
    }
    let ls = ls.map(|s| s.tilt(-1));
    let rs = rs.map(|s| s.tilt(1));
    sweep(ls.as_ref(), rs.as_ref())
}

/// The walls from the two scaffolds (`None`: no options on that side).
fn sweep(ls: Option<&Trajectory>, rs: Option<&Trajectory>) -> Thermograph {
    let mut points: Vec<Rational> = match (ls, rs) {
        (Some(a), Some(b)) => crossings_and_breaks(a, b),
        (Some(a), None) | (None, Some(a)) => {
            std::iter::once(q(-1)).chain(a.breaks().cloned()).collect()
        }
        (None, None) => vec![q(-1)],
    };
    let lv = |t: &Rational| ls.map(|s| s.at(t));
    let rv = |t: &Rational| rs.map(|s| s.at(t));
    let lsl = |t: &Rational| ls.map(|s| s.slope_after(t));
    let rsl = |t: &Rational| rs.map(|s| s.slope_after(t));
    let mut left = Vec::new();
    let mut right = Vec::new();
    let mut mast: Option<Rational> = None;
    let mut i = 0;
    while i < points.len() {
        let t = points[i].clone();
        let next = points.get(i + 1).cloned();
        let (a, b) = (lv(&t), rv(&t));
        let (sa, sb) = (lsl(&t), rsl(&t));
        // A hill just above t: the Left scaffold at or right of (above) the Right one.
        let hill = match (&a, &b) {
            (Some(a), Some(b)) => a > b || (a == b && sa >= sb),
            _ => false,
        };
        if hill {
            mast = None;
            left.push(Piece {
                start: t.clone(),
                value: a.clone().unwrap_or_default(),
                slope: sa.clone().unwrap_or_default(),
            });
            right.push(Piece {
                start: t.clone(),
                value: b.clone().unwrap_or_default(),
                slope: sb.clone().unwrap_or_default(),
            });
            i += 1;
            continue;
        }
        // A cave: one mast, vertical unless a scaffold pushes it.
        let m = match &mast {
            Some(m) => m.clone(),
            None if i == 0 => {
                // Starting in a cave: 0 if it lies between the scaffolds, else the
                // scaffold nearer to it.
                let zero = Rational::zero();
                match (&a, &b) {
                    (Some(a), _) if a > &zero => a.clone(),
                    (_, Some(b)) if b < &zero => b.clone(),
                    _ => zero,
                }
            }
            // Leaving a hill: where the scaffolds met.
            None => a.clone().or(b.clone()).unwrap_or_default(),
        };
        let pushed_left = matches!((&a, &sa), (Some(a), Some(s)) if a == &m && s.is_positive());
        let pushed_right = matches!((&b, &sb), (Some(b), Some(s)) if b == &m && s.is_negative());
        let slope = if pushed_left {
            sa.clone().unwrap_or_default()
        } else if pushed_right {
            sb.clone().unwrap_or_default()
        } else {
            // Vertical until a scaffold reaches the mast: split the interval there.
            let mut reach: Option<Rational> = None;
            if let (Some(a), Some(s)) = (&a, &sa) {
                if s.is_positive() && a < &m {
                    reach = Some(&t + (&m - a) / s);
                }
            }
            if let (Some(b), Some(s)) = (&b, &sb) {
                if s.is_negative() && b > &m {
                    let c = &t + (&m - b) / s;
                    reach = Some(reach.map_or(c.clone(), |r| r.min(c)));
                }
            }
            if let Some(c) = reach {
                if next.as_ref().is_none_or(|n| &c < n) && c > t {
                    points.insert(i + 1, c);
                }
            }
            Rational::zero()
        };
        let piece = Piece {
            start: t.clone(),
            value: m.clone(),
            slope: slope.clone(),
        };
        left.push(piece.clone());
        right.push(piece);
        let end = points.get(i + 1).cloned();
        mast = Some(match end {
            Some(e) => &m + &slope * (&e - &t),
            None => m,
        });
        i += 1;
    }
    Thermograph {
        left: Trajectory { pieces: left }.simplified(),
        right: Trajectory { pieces: right }.simplified(),
    }
}

/// The mean of a game.
pub fn mean(a: &mut Arena, g: GameId) -> Rational {
    if let Some(n) = a.as_nus(g) {
        let x = &n.number;
        return Rational::new(x.numerator().clone(), BigInt::one() << x.exponent());
    }
    thermograph(a, g).mean()
}

/// The temperature of a game: −1 for an integer, −1/2^k for m/2^k (m odd), 0 for any
/// other `x + n·↑ + *m`; the hottest critical point of the thermograph otherwise.
///
/// ```
/// use nimlab::calc::Session;
/// use nimlab::conway::temperature;
/// let mut s = Session::new();
/// let g = s.game_of("{3||2|1}").unwrap();
/// assert_eq!(temperature(&mut s.arena, g).to_string(), "3/4");
/// let x = s.game_of("-5/8").unwrap();
/// assert_eq!(temperature(&mut s.arena, x).to_string(), "-1/8");
/// ```
pub fn temperature(a: &mut Arena, g: GameId) -> Rational {
    match nus_temperature(a, g) {
        Some(t) => t,
        None => thermograph(a, g).temperature(),
    }
}

/// The temperature of `x + n·↑ + *m` in closed form.
pub(crate) fn nus_temperature(a: &Arena, g: GameId) -> Option<Rational> {
    let n = a.as_nus(g)?;
    Some(if !n.is_number() {
        Rational::zero()
    } else if n.number.is_integer() {
        q(-1)
    } else {
        Rational::new(BigInt::from(-1), BigInt::one() << n.number.exponent())
    })
}
