//! Subtraction games: heaps; a move removes s counters from one heap, s in a set S.
//!
//! S is a finite list (`1,3,4`, with ranges allowed: `1-3,7`), or one of the named
//! infinite sets `powers2` (1, 2, 4, …), `squares` (1, 4, 9, …), `primes` (2, 3, 5, …)
//! or `divisors` (remove a proper divisor d < n of the heap n).
//!
//! For S = {1, …, k} the value of a heap of n is n mod (k + 1) (closed form, any size);
//! otherwise values come from the heap sequence engine ([`crate::heap`]): for a finite S
//! the values are periodic, and once the period is proved (the window of the periodicity
//! theorem is max S values long) a heap of any size has its value.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Text 000: heaps 12, 17, 23 of subtraction 1-5, 1-3, 1-4 have values 0, 1, 3.
//! for (id, heap, value) in [("subtraction:1-5", "12", 0u64), ("subtraction:1-3", "17", 1), ("subtraction:1-4", "23", 3)] {
//!     let p = cat.parse_position(id, &[heap], 1).unwrap();
//!     assert_eq!(p.value().unwrap(), nimlab::Nimber::from(value));
//! }
//! ```

use super::args::{naturals, Arg};
use super::catalogue::{Entry, Params};
use super::rules::{Rules, Typed};
use crate::heap::{HeapTable, Rule};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};
use std::sync::Mutex;

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "subtraction",
        usage: "subtraction:S",
        summary: "heaps; remove s from one heap, s in S (`1,3,4`, `1-k`, `powers2`, `squares`, `primes`, `divisors`)",
        position: "heap sizes, e.g. `subtraction:1,3,4 10 7`",
        params: Params::Required,
        build: |params, args| {
            let game = Subtraction::parse(params.unwrap_or_default())?;
            Ok(Box::new(Typed::new(game.clone(), game.read_heaps(args)?)))
        },
    }
}

/// The most positions a misère search of a subtraction position may have to visit.
pub const MAX_MISERE_POSITIONS: u64 = 2_000_000;
/// The most moves a misère search of a subtraction position may have to try.
pub const MAX_MISERE_WORK: u64 = 50_000_000;

/// The most members a finite subtraction set may have (ranges included).
pub const MAX_MEMBERS: u64 = 1 << 20;

/// The set S of a subtraction game.
///
/// It is written compactly, runs of three or more consecutive numbers as ranges, however
/// it was typed, so that `1-1000000` stays short in labels and messages:
///
/// ```
/// use nimlab::games::subtraction::SubtractionSet;
/// let s = SubtractionSet::parse("7,1-3,4,9,10").unwrap();
/// assert_eq!(s.to_string(), "1-4,7,9,10");
/// assert_eq!(SubtractionSet::parse("1-1000000").unwrap().to_string(), "1-1000000");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubtractionSet {
    /// A finite set, sorted, without repeats, all ≥ 1.
    Finite(Vec<u64>),
    /// Powers of two: 1, 2, 4, 8, …
    Powers2,
    /// Squares: 1, 4, 9, …
    Squares,
    /// Primes: 2, 3, 5, 7, …
    Primes,
    /// A proper divisor of the heap (d divides n, d < n).
    Divisors,
}

impl SubtractionSet {
    /// Reads a set: a named set, or numbers and ranges separated by commas.
    ///
    /// ```
    /// use nimlab::games::subtraction::SubtractionSet;
    /// assert_eq!(SubtractionSet::parse("1-3,7").unwrap(), SubtractionSet::Finite(vec![1, 2, 3, 7]));
    /// assert!(SubtractionSet::parse("0,1").is_err());
    /// ```
    ///
    /// # Errors
    /// An empty set, a 0, a malformed number or range, or more than [`MAX_MEMBERS`]
    /// members. The message quotes the set as typed when it is short, its start otherwise.
    pub fn parse(text: &str) -> Result<Self> {
        let id = format!("subtraction:{}", short(text));
        match text {
            "powers2" => return Ok(SubtractionSet::Powers2),
            "squares" => return Ok(SubtractionSet::Squares),
            "primes" => return Ok(SubtractionSet::Primes),
            "divisors" => return Ok(SubtractionSet::Divisors),
            "" => return Err(Error::parameters(id, "the subtraction set is empty")),
            _ => {}
        }
        let number = |t: &str| -> Result<u64> {
            t.trim().parse::<u64>().map_err(|_| {
                Error::parameters(
                    &id,
                    format!(
                        "`{}` is not a number; expected numbers and ranges like `1,3,4` or `1-5`, or one of powers2, squares, primes, divisors",
                        short(t)
                    ),
                )
            })
        };
        let mut set = Vec::new();
        let mut members = 0u64;
        for item in text.split(',') {
            let (a, b) = match item.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(item)?, number(item)?),
            };
            if a > b {
                return Err(Error::parameters(
                    &id,
                    format!("the range `{}` is empty", short(item)),
                ));
            }
            members = members.saturating_add(b - a).saturating_add(1);
            if members > MAX_MEMBERS {
                return Err(Error::parameters(
                    &id,
                    format!("the set has more than {MAX_MEMBERS} (2^20) members"),
                ));
            }
            set.extend(a..=b);
        }
        if set.contains(&0) {
            return Err(Error::parameters(
                id,
                "0 is not a legal subtraction (a move must remove something)",
            ));
        }
        set.sort_unstable();
        set.dedup();
        Ok(SubtractionSet::Finite(set))
    }

    /// `Some(k)` when the set is exactly {1, …, k}.
    pub fn as_range(&self) -> Option<u64> {
        match self {
            SubtractionSet::Finite(s) if s.iter().enumerate().all(|(i, &v)| v == i as u64 + 1) => {
                Some(s.len() as u64)
            }
            _ => None,
        }
    }

    /// Calls `f` with every legal subtraction from a heap of `n`.
    pub fn for_each(&self, n: u64, mut f: impl FnMut(u64)) {
        match self {
            SubtractionSet::Finite(s) => s.iter().take_while(|&&v| v <= n).for_each(|&v| f(v)),
            SubtractionSet::Powers2 => (0..64)
                .map(|k| 1u64 << k)
                .take_while(|&v| v <= n)
                .for_each(f),
            SubtractionSet::Squares => (1u64..)
                .map(|k| k.saturating_mul(k))
                .take_while(|&v| v <= n)
                .for_each(f),
            SubtractionSet::Primes => (2..=n).filter(|&v| is_prime(v)).for_each(f),
            SubtractionSet::Divisors => {
                let mut d = 1;
                while d * d <= n {
                    if n % d == 0 {
                        if d < n {
                            f(d);
                        }
                        let e = n / d;
                        if e != d && e < n {
                            f(e);
                        }
                    }
                    d += 1;
                }
            }
        }
    }
}

impl std::fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = match self {
            SubtractionSet::Finite(s) => s,
            SubtractionSet::Powers2 => return f.write_str("powers2"),
            SubtractionSet::Squares => return f.write_str("squares"),
            SubtractionSet::Primes => return f.write_str("primes"),
            SubtractionSet::Divisors => return f.write_str("divisors"),
        };
        let mut i = 0;
        while i < s.len() {
            let mut j = i;
            while j + 1 < s.len() && s[j + 1] == s[j] + 1 {
                j += 1;
            }
            if i > 0 {
                f.write_str(",")?;
            }
            match j - i {
                0 => write!(f, "{}", s[i])?,
                1 => write!(f, "{},{}", s[i], s[j])?,
                _ => write!(f, "{}-{}", s[i], s[j])?,
            }
            i = j + 1;
        }
        Ok(())
    }
}

/// `text` as typed when it is short, its first 40 characters and its length otherwise:
/// an error quotes it and stays short.
fn short(text: &str) -> String {
    const SHOWN: usize = 40;
    let chars = text.chars().count();
    if chars <= SHOWN + 10 {
        return text.to_string();
    }
    let head: String = text.chars().take(SHOWN).collect();
    format!("{head}… ({chars} characters)")
}

fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n % d == 0 {
            return false;
        }
        d += 1;
    }
    true
}

/// A subtraction game on one or more heaps.
#[derive(Debug)]
pub struct Subtraction {
    set: SubtractionSet,
    table: Mutex<HeapTable>,
}

impl Clone for Subtraction {
    fn clone(&self) -> Self {
        Subtraction {
            set: self.set.clone(),
            table: Mutex::new(self.table.lock().unwrap_or_else(|e| e.into_inner()).clone()),
        }
    }
}

impl Subtraction {
    /// The game `subtraction:<params>`.
    ///
    /// # Errors
    /// As [`SubtractionSet::parse`].
    pub fn parse(params: &str) -> Result<Self> {
        let set = SubtractionSet::parse(params)?;
        Ok(Subtraction {
            table: Mutex::new(HeapTable::new(Rule::Subtract(set.clone()))),
            set,
        })
    }

    /// The set S.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    fn read_heaps(&self, args: &[Arg<'_>]) -> Result<Vec<u64>> {
        if args.is_empty() {
            return Err(Error::position(
                self.id(),
                "no heaps given; write heap sizes, e.g. `12 7`",
            ));
        }
        naturals(args, "a heap size")
    }

    /// The cost of a table up to n, in option look-ups (an estimate).
    fn work(&self, n: u64) -> u64 {
        let per_heap = match &self.set {
            SubtractionSet::Finite(s) => s.len() as u64,
            SubtractionSet::Powers2 => 64 - n.leading_zeros() as u64,
            SubtractionSet::Squares => (n as f64).sqrt() as u64 + 1,
            SubtractionSet::Primes => n / ((n.max(3) as f64).ln() as u64).max(1) + n.isqrt(),
            SubtractionSet::Divisors => 2 * n.isqrt() + 1,
        };
        per_heap.saturating_mul(n)
    }

    /// The Grundy value of one heap of `n` (by the closed form, the table, or the proved
    /// period of the table).
    ///
    /// ```
    /// let g = nimlab::games::subtraction::Subtraction::parse("1,3,4").unwrap();
    /// // S = {1, 3, 4}: values 0 1 0 1 2 3 2 0 1 0 1 2 3 2 (period 7).
    /// let v: Vec<u64> = (0..14).map(|n| g.heap_value(n).unwrap()).collect();
    /// assert_eq!(v, vec![0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    /// assert_eq!(g.heap_value(99_999_999_999_999).unwrap(), 1); // ≡ 1 (mod 7)
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] when the heap is beyond the values computed within the work budget
    /// and no period is proved.
    pub fn heap_value(&self, n: u64) -> Result<u64> {
        if let Some(k) = self.set.as_range() {
            return Ok(n % (k + 1));
        }
        self.table
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .value(n)
            .map_err(|e| match e {
                Error::Limit { limit, .. } => {
                    Error::limit(format!("heap {n} of {}", self.id()), limit)
                }
                other => other,
            })
    }

    fn check_heap(&self, n: u64) -> Result<()> {
        self.heap_value(n).map(|_| ())
    }
}

impl ImpartialGame for Subtraction {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            self.set.for_each(h, |s| {
                let mut next = heaps.clone();
                next[i] = h - s;
                out.push(next);
            });
        }
    }

    fn components(&self, heaps: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        (heaps.len() > 1).then(|| heaps.iter().map(|&h| vec![h]).collect())
    }

    fn closed_form(&self, heaps: &Vec<u64>) -> Option<u64> {
        heaps
            .iter()
            .try_fold(0, |acc, &h| self.heap_value(h).ok().map(|v| acc ^ v))
    }

    fn dense_index(&self, heaps: &Vec<u64>) -> Option<usize> {
        super::heap_rule::single_heap_index(heaps)
    }
}

impl Rules for Subtraction {
    fn id(&self) -> String {
        format!("subtraction:{}", self.set)
    }

    fn format(&self, heaps: &Vec<u64>) -> String {
        super::format_heaps(heaps)
    }

    fn read_move(
        &self,
        heaps: &Vec<u64>,
        text: &str,
    ) -> Option<std::result::Result<Vec<u64>, String>> {
        super::read_heap_move_of(self, heaps, text)
    }

    fn draw(&self, heaps: &Vec<u64>, ascii: bool) -> Option<String> {
        Some(super::draw_heaps(heaps, ascii))
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        super::describe_heap_change(from, to)
    }

    fn options_of_value(&self, heaps: &Vec<u64>, target: u64) -> Option<Vec<Vec<u64>>> {
        let total = self.closed_form(heaps)?;
        let mut hits = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let want = total ^ self.heap_value(h).ok()? ^ target;
            let mut ok = true;
            self.set.for_each(h, |s| {
                if !ok {
                    return;
                }
                match self.heap_value(h - s) {
                    Ok(v) if v == want => {
                        let mut next = heaps.clone();
                        next[i] = h - s;
                        hits.push(next);
                    }
                    Ok(_) => {}
                    Err(_) => ok = false,
                }
            });
            if !ok {
                return None;
            }
        }
        Some(hits)
    }

    fn rule(&self, heaps: &Vec<u64>) -> Option<String> {
        let k = self.set.as_range()?;
        let parts: Vec<String> = heaps
            .iter()
            .map(|&h| format!("{h} mod {} = {}", k + 1, h % (k + 1)))
            .collect();
        Some(format!(
            "With S = {{1, …, {k}}} a heap of n has value n mod {}: {}{}",
            k + 1,
            parts.join(", "),
            if heaps.len() > 1 {
                "; the heaps' values are nim-added."
            } else {
                "."
            }
        ))
    }

    fn check_searchable(&self, heaps: &Vec<u64>) -> Result<()> {
        heaps.iter().try_for_each(|&h| self.check_heap(h))
    }

    fn check_misere_searchable(&self, heaps: &Vec<u64>) -> Result<()> {
        // Misère play searches whole positions: at most the product of (heap + 1) of them,
        // each with at most the sum of the heaps' move counts.
        let states = heaps
            .iter()
            .try_fold(1u64, |acc, &h| acc.checked_mul(h.saturating_add(1)));
        let moves: u64 = heaps
            .iter()
            .map(|&h| self.work(h) / h.max(1) + 1)
            .fold(0, u64::saturating_add);
        match states {
            Some(n) if n <= MAX_MISERE_POSITIONS && n.saturating_mul(moves) <= MAX_MISERE_WORK => {
                Ok(())
            }
            _ => Err(Error::limit(
                format!("misère play of {} on these heaps", self.id()),
                format!(
                    "positions whose heaps multiply out (each plus one) to at most {MAX_MISERE_POSITIONS}, with at most {MAX_MISERE_WORK} moves to try in all, as misère play is searched whole"
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    #[test]
    fn facts_from_the_texts() {
        // Deset fazolí: subtraction:1,2 heap 10 is N (take 1).
        let g = Subtraction::parse("1,2").unwrap();
        assert_eq!(g.heap_value(10).unwrap(), 1);
        assert_eq!(g.options_of_value(&vec![10], 0).unwrap(), vec![vec![9]]);
        // Nim 21: subtraction:1-3 heap 21 is N (take 1).
        let g = Subtraction::parse("1-3").unwrap();
        assert_eq!(g.options_of_value(&vec![21], 0).unwrap(), vec![vec![20]]);
    }

    #[test]
    fn named_sets() {
        // OEIS A030193, the P-positions of subtract-a-square: 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, …
        let g = Subtraction::parse("squares").unwrap();
        let p: Vec<u64> = (0..40).filter(|&n| g.heap_value(n).unwrap() == 0).collect();
        assert_eq!(p, vec![0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39]);
        // Powers of two: the value of n is n mod 3.
        let g = Subtraction::parse("powers2").unwrap();
        assert!((0..200).all(|n| g.heap_value(n).unwrap() == n % 3));
        // Proper divisors: heap n has value = the 2-adic valuation of n (n ≥ 1).
        let g = Subtraction::parse("divisors").unwrap();
        assert!((1..300u64).all(|n| g.heap_value(n).unwrap() == u64::from(n.trailing_zeros())));
    }

    #[test]
    fn bad_sets() {
        for bad in ["", "0", "1,0", "a", "3-1", "1,,2", "-2"] {
            assert!(SubtractionSet::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sets_keep_their_compact_spelling_and_errors_stay_short() {
        // `1-1000000` used to be spelled out member by member in labels and messages.
        for (typed, shown) in [
            ("1-100", "1-100"),
            ("1-1000000", "1-1000000"),
            ("1,2,3", "1-3"),
            ("1,2", "1,2"),
            ("4,1,3", "1,3,4"),
            ("1-3,2-6,10,12-13", "1-6,10,12,13"),
            ("5", "5"),
            ("squares", "squares"),
        ] {
            let set = SubtractionSet::parse(typed).unwrap();
            assert_eq!(set.to_string(), shown, "{typed}");
            assert_eq!(SubtractionSet::parse(shown).unwrap(), set, "{typed}");
            let game = Subtraction::parse(typed).unwrap();
            assert_eq!(game.id(), format!("subtraction:{shown}"));
        }
        // A set typed long is quoted by its start only.
        let long: Vec<String> = (1..=5000).map(|k| (2 * k).to_string()).collect();
        let mut typed = long.join(",");
        typed.push_str(",x");
        let err = SubtractionSet::parse(&typed).unwrap_err().to_string();
        assert!(
            err.len() < 300 && err.contains("`x` is not a number"),
            "{err}"
        );
        let err = SubtractionSet::parse("1-1000000,3000000-4000000")
            .unwrap_err()
            .to_string();
        assert!(err.len() < 300 && err.contains("2^20"), "{err}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn the_compact_spelling_reads_back_as_the_same_set(
            members in proptest::collection::btree_set(1u64..60, 1..30)
        ) {
            let typed: Vec<String> = members.iter().map(|m| m.to_string()).collect();
            let set = SubtractionSet::parse(&typed.join(",")).unwrap();
            prop_assert_eq!(SubtractionSet::parse(&set.to_string()).unwrap(), set.clone());
            prop_assert!(set.to_string().len() <= typed.join(",").len());
        }
    }

    #[test]
    fn limits_are_errors() {
        // A finite set has a proved period: any heap has a value.
        let g = Subtraction::parse("1,3,4").unwrap();
        assert_eq!(
            g.heap_value(u64::MAX).unwrap(),
            [0, 1, 0, 1, 2, 3, 2][(u64::MAX % 7) as usize]
        );
        let g = Subtraction::parse("primes").unwrap();
        assert!(matches!(
            g.heap_value(100_000_000),
            Err(Error::Limit { .. })
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn range_closed_form_matches_search(k in 1u64..8, heaps in proptest::collection::vec(0u64..60, 1..4)) {
            let g = Subtraction::parse(&format!("1-{k}")).unwrap();
            let mut solver = GrundySolver::without_closed_forms(&g);
            prop_assert_eq!(solver.value(&heaps).unwrap(), g.closed_form(&heaps).unwrap());
        }

        #[test]
        fn named_sets_match_search(set in 0usize..4, heaps in proptest::collection::vec(0u64..120, 1..3)) {
            let name = ["powers2", "squares", "primes", "divisors"][set];
            let g = Subtraction::parse(name).unwrap();
            let mut solver = GrundySolver::without_closed_forms(&g);
            prop_assert_eq!(solver.value(&heaps).unwrap(), g.closed_form(&heaps).unwrap(), "{}", name);
        }

        #[test]
        fn table_matches_search(set in proptest::collection::btree_set(1u64..9, 1..4), heaps in proptest::collection::vec(0u64..50, 1..3)) {
            let text: Vec<String> = set.iter().map(|s| s.to_string()).collect();
            let g = Subtraction::parse(&text.join(",")).unwrap();
            let mut solver = GrundySolver::without_closed_forms(&g);
            prop_assert_eq!(solver.value(&heaps).unwrap(), g.closed_form(&heaps).unwrap());
        }
    }
}
