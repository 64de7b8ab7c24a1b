//! Uptimals: games equal to x + d1·↑ + d2·↑² + … + dn·↑ⁿ + *m, where ↑ⁿ (up-nth,
//! `^<n>`) is `^.Pow(n)`. Their expansions `x.d1d2…dn*m` order and print them.

use super::walk::{walk, Step};
use super::{ops, Arena, Dyadic, GameId, Nus};
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// An uptimal expansion x.d1d2…dn (+ *m): the game x + Σ di·↑ⁱ + *m.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Uptimal {
    /// The number x.
    pub number: Dyadic,
    /// The digits d1, d2, …, without trailing zeros.
    pub digits: Vec<i64>,
    /// The nimber m.
    pub nim: u64,
}

/// The longest expansion recognised.
const MAX_LENGTH: usize = 64;

impl Uptimal {
    fn trimmed(mut self) -> Uptimal {
        while self.digits.last() == Some(&0) {
            self.digits.pop();
        }
        self
    }

    fn negated(&self) -> Uptimal {
        Uptimal {
            number: -&self.number,
            digits: self.digits.iter().map(|d| -d).collect(),
            nim: self.nim,
        }
    }

    /// One more on each of the first `n` digits (digits past the end count as 0), and
    /// the nimber toggled by *.
    fn increment(&self, n: usize) -> Uptimal {
        let mut digits = self.digits.clone();
        if digits.len() < n {
            digits.resize(n, 0);
        }
        for d in digits.iter_mut().take(n) {
            *d += 1;
        }
        Uptimal {
            number: self.number.clone(),
            digits,
            nim: self.nim ^ 1,
        }
        .trimmed()
    }

    /// Whether CGSuite writes it as an uptimal: at most one digit, one digit ±1 alone
    /// (`^<n>`), or all digits +1 or all −1 (`^[n]`).
    pub fn is_nice(&self) -> bool {
        let nonzero = self.digits.iter().filter(|&&d| d != 0).count();
        self.digits.len() <= 1
            || (nonzero == 1 && self.digits.last().is_some_and(|d| d.abs() == 1))
            || self.digits.iter().all(|&d| d == 1)
            || self.digits.iter().all(|&d| d == -1)
    }

    /// The expansion as `UptimalExpansion` prints it: `*.12`, `5.0`, `0.1-`.
    ///
    /// ```
    /// use nimlab::conway::{Dyadic, Uptimal};
    /// let u = Uptimal { number: Dyadic::zero(), digits: vec![1, 2], nim: 1 };
    /// assert_eq!(u.expansion_text(), "*.12");
    /// let five = Uptimal { number: Dyadic::from(5), digits: vec![], nim: 0 };
    /// assert_eq!(five.expansion_text(), "5.0");
    /// ```
    pub fn expansion_text(&self) -> String {
        let mut s = String::new();
        if !self.number.is_zero() || self.nim == 0 {
            s.push_str(&self.number.to_string());
        }
        match self.nim {
            0 => {}
            1 => s.push('*'),
            m => s.push_str(&format!("*{m}")),
        }
        s.push('.');
        if self.digits.is_empty() {
            s.push('0');
        }
        for &d in &self.digits {
            let a = d.unsigned_abs();
            match a {
                0..=9 => s.push_str(&a.to_string()),
                10..=35 => s.push(char::from(b'A' + (a - 10) as u8)),
                _ => s.push_str(&format!("({a})")),
            }
            if d < 0 {
                s.push('-');
            }
        }
        s
    }

    /// The nice form as CGSuite prints it (`^<2>`, `3v[4]*`), for expansions longer than
    /// one digit.
    pub fn nice_text(&self) -> String {
        let mut s = String::new();
        if !self.number.is_zero() {
            s.push_str(&self.number.to_string());
        }
        let n = self.digits.len();
        let last = self.digits.last().copied().unwrap_or(0);
        s.push(if last > 0 { '^' } else { 'v' });
        let unit = self.digits.iter().filter(|&&d| d != 0).count() == 1;
        if unit {
            s.push_str(&format!("<{n}>"));
        } else {
            s.push_str(&format!("[{n}]"));
        }
        match self.nim {
            0 => {}
            1 => s.push('*'),
            m => s.push_str(&format!("*{m}")),
        }
        s
    }

    /// CGSuite's order of uptimals: number, then the digits, then the shorter, then the
    /// nimber.
    pub fn order(&self, other: &Uptimal) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                for (a, b) in self.digits.iter().zip(&other.digits) {
                    match a.cmp(b) {
                        Ordering::Equal => {}
                        o => return o,
                    }
                }
                self.digits.len().cmp(&other.digits.len())
            })
            .then(self.nim.cmp(&other.nim))
    }
}

/// Recognises uptimals in an arena, remembering what it found.
#[derive(Debug, Default)]
pub struct Uptimals {
    memo: FxHashMap<GameId, Option<Uptimal>>,
    powers: Vec<GameId>,
}

impl Uptimals {
    /// A recogniser.
    pub fn new() -> Uptimals {
        Uptimals::default()
    }

    /// ↑ⁿ (n ≥ 1).
    fn power(powers: &mut Vec<GameId>, a: &mut Arena, n: usize) -> GameId {
        while powers.len() < n {
            let k = powers.len() + 1;
            let up = a.up(1);
            let p = ops::pow(a, up, &Dyadic::from(k as i64)).unwrap_or(up);
            powers.push(p);
        }
        powers[n - 1]
    }

    /// The game of an expansion.
    pub fn value(&mut self, a: &mut Arena, u: &Uptimal) -> GameId {
        Uptimals::value_in(&mut self.powers, a, u)
    }

    fn value_in(powers: &mut Vec<GameId>, a: &mut Arena, u: &Uptimal) -> GameId {
        let mut g = a.nus(Nus {
            number: u.number.clone(),
            ups: 0,
            nim: u.nim,
        });
        for (i, &d) in u.digits.iter().enumerate() {
            if d != 0 {
                let p = Uptimals::power(powers, a, i + 1);
                let term = ops::times(a, &BigInt::from(d), p).unwrap_or(p);
                g = a.add(g, term);
            }
        }
        g
    }

    /// The expansion of `g`, when it is an uptimal.
    ///
    /// ```
    /// use nimlab::calc::Session;
    /// let mut s = Session::new();
    /// assert_eq!(s.run("{0||0|v*}.UptimalExpansion").unwrap(), "*.12");
    /// assert_eq!(s.run("{0|v*}").unwrap(), "^<2>");
    /// assert_eq!(s.run("{0|*||*|||*||||*}").unwrap(), "^[4]");
    /// ```
    pub fn of(&mut self, a: &mut Arena, g: GameId) -> Option<Uptimal> {
        if let Some(n) = a.as_nus(g) {
            return Some(nus_expansion(n));
        }
        if let Some(u) = self.memo.get(&g) {
            return u.clone();
        }
        // The expansions of the followers a candidate is built from are found first,
        // with a stack of the walk's own: a chain of single Right options may be long.
        let mut memo = std::mem::take(&mut self.memo);
        let powers = &mut self.powers;
        let found = walk(a, &mut memo, g, |a, memo, x, again| {
            if let Some(n) = a.as_nus(x) {
                return Step::Value(Some(nus_expansion(n)));
            }
            // A translated game: its base's expansion with the number moved.
            let (base, c) = a.decompose(x);
            if !c.is_zero() {
                return match memo.get(&base) {
                    Some(u) => Step::Value(u.clone().map(|mut u| {
                        u.number = &u.number + &c;
                        u
                    })),
                    None => Step::Needs(vec![base]),
                };
            }
            let nx = a.neg(x);
            let mut needs = side_needs(a, x);
            needs.extend(side_needs(a, nx));
            if !again && needs.iter().any(|k| !memo.contains_key(k)) {
                return Step::Needs(needs);
            }
            let found =
                side(a, memo, powers, x).or_else(|| side(a, memo, powers, nx).map(|u| u.negated()));
            Step::Value(found)
        });
        self.memo = memo;
        found.flatten()
    }
}

/// The expansion of `x + n·↑ + *m`.
fn nus_expansion(n: &Nus) -> Uptimal {
    Uptimal {
        number: n.number.clone(),
        digits: vec![n.ups],
        nim: n.nim,
    }
    .trimmed()
}

/// The followers whose expansions [`side`] reads: the single Right option and the Left
/// options, when there is a single Right option.
fn side_needs(a: &mut Arena, g: GameId) -> Vec<GameId> {
    let (l, r) = a.options(g);
    match r[..] {
        [right] => std::iter::once(right).chain(l).collect(),
        _ => Vec::new(),
    }
}

/// The expansion of `g` found from its single Right option: the candidates are that
/// option's expansion incremented, each checked by building its value (the expansions
/// of the options are in `memo`).
fn side(
    a: &mut Arena,
    memo: &FxHashMap<GameId, Option<Uptimal>>,
    powers: &mut Vec<GameId>,
    g: GameId,
) -> Option<Uptimal> {
    let (l, r) = a.options(g);
    let [right] = r[..] else { return None };
    let re = memo.get(&right)?.clone()?;
    let mut longest = re.digits.len();
    for o in l {
        let u = memo.get(&o)?.as_ref()?;
        if u.number != re.number {
            return None;
        }
        longest = longest.max(u.digits.len());
    }
    let mut candidates = Vec::new();
    if re.digits.last().is_some_and(|&d| d > 0) {
        candidates.push(re.increment(re.digits.len()));
    }
    candidates.push(re.increment(longest + 1));
    candidates
        .into_iter()
        .filter(|c| c.digits.len() <= MAX_LENGTH)
        .find(|c| Uptimals::value_in(powers, a, c) == g)
}
