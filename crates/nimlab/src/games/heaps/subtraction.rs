//! Subtraction games: heaps; a move removes s counters from one heap, s in a set S.
//!
//! S is a finite list (`1,3,4`, with ranges allowed: `1-3,7`), or one of the named
//! infinite sets `powers2` (1, 2, 4, …), `squares` (1, 4, 9, …), `primes` (2, 3, 5, …)
//! or `divisors` (remove a proper divisor d < n of the heap n).
//!
//! Some sets have a closed form, used before anything is computed, for a heap of any size
//! ([`ClosedForm`]): for S = {a, …, b} the value of a heap of n is ⌊(n mod (a + b)) / a⌋
//! (n mod (k + 1) for S = {1, …, k}); for 1 and odd numbers only, n mod 2; for the powers
//! of 2, n mod 3; for the proper divisors, the exponent of 2 in n. Otherwise values come
//! from the heap sequence engine ([`crate::heap`]): for a finite S the values are
//! periodic, and once the period is proved (the window of the periodicity theorem is max S
//! values long) a heap of any size has its value.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Text 000: heaps 12, 17, 23 of subtraction 1-5, 1-3, 1-4 have values 0, 1, 3.
//! for (id, heap, value) in [("subtraction:1-5", "12", 0u64), ("subtraction:1-3", "17", 1), ("subtraction:1-4", "23", 3)] {
//!     let p = cat.parse_position(id, &[heap], 1).unwrap();
//!     assert_eq!(p.value().unwrap(), nimlab::Nimber::from(value));
//! }
//! ```

use crate::games::args::{naturals, Arg};
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed, MAX_OPTIONS};
use crate::heap::{ClosedForm, HeapTable, Rule, SubtractionSet};
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
        example: "subtraction:1,3,4 10 7",
        start: "10 7",
        params: Params::Required,
        build: |params, args| {
            let game = Subtraction::parse(params.unwrap_or_default())?;
            Ok(Box::new(Typed::new(game.clone(), game.read_heaps(args)?)))
        },
    }
}

/// The largest heap of `subtraction:divisors` whose moves are listed (its divisors are found
/// by trial division up to its square root, 10^7 at most).
pub const MAX_DIVISOR_HEAP: u64 = 100_000_000_000_000;

/// The most positions a misère search of a subtraction position may have to visit.
pub const MAX_MISERE_POSITIONS: u64 = 2_000_000;
/// The most moves a misère search of a subtraction position may have to try.
pub const MAX_MISERE_WORK: u64 = 50_000_000;

/// A subtraction game on one or more heaps.
#[derive(Debug)]
pub struct Subtraction {
    set: SubtractionSet,
    /// The set's closed form, found once.
    closed: Option<ClosedForm>,
    table: Mutex<HeapTable>,
}

impl Clone for Subtraction {
    fn clone(&self) -> Self {
        Subtraction {
            set: self.set.clone(),
            closed: self.closed,
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
            closed: set.closed_form(),
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
        if let Some(c) = self.closed {
            return Ok(c.value(n));
        }
        self.table
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .value(n)
            .map_err(|e| match e {
                Error::Limit(crate::LimitError { limit, further, .. }) => {
                    Error::Limit(crate::LimitError {
                        what: format!("heap {n} of {}", self.id()),
                        limit,
                        further,
                    })
                }
                other => other,
            })
    }

    fn check_heap(&self, n: u64) -> Result<()> {
        self.heap_value(n).map(|_| ())
    }

    /// How many moves a heap of `n` has (at most that many, for primes and divisors).
    fn move_count(&self, n: u64) -> u64 {
        match &self.set {
            SubtractionSet::Finite(s) => s.partition_point(|&v| v <= n) as u64,
            SubtractionSet::Powers2 => u64::from(64 - n.leading_zeros()),
            SubtractionSet::Squares => n.isqrt(),
            SubtractionSet::Primes => n.min(2 * n / (64 - u64::from(n.leading_zeros())).max(1)),
            SubtractionSet::Divisors => 2 * n.isqrt(),
        }
    }

    /// Refuses a heap whose moves cannot be listed quickly (a huge heap of divisors).
    fn check_listable(&self, n: u64) -> Result<()> {
        if self.set == SubtractionSet::Divisors && n > MAX_DIVISOR_HEAP {
            return Err(Error::limit(
                format!("listing the moves of heap {n} of {}", self.id()),
                format!("heaps up to {MAX_DIVISOR_HEAP} (10^14), whose divisors are found by trial division"),
            ));
        }
        Ok(())
    }

    /// Calls `f` with every heap a heap of `h` can be left at whose value is `want`, the
    /// smallest take first, until `f` returns false; returns how many there are in all.
    fn moves_to_value(&self, h: u64, want: u64, mut f: impl FnMut(u64) -> bool) -> Result<u64> {
        if let Some(ClosedForm::Range { low, high }) = self.closed {
            return Ok(range_moves(h, low, high, want, f));
        }
        self.check_listable(h)?;
        let (mut count, mut more, mut failed) = (0u64, true, None);
        self.set.for_each(h, |s| {
            if failed.is_some() {
                return;
            }
            match self.heap_value(h - s) {
                Ok(v) if v == want => {
                    count += 1;
                    if more {
                        more = f(h - s);
                    }
                }
                Ok(_) => {}
                Err(e) => failed = Some(e),
            }
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(count),
        }
    }
}

/// The moves of S = {low, …, high} from a heap of `h` to a heap of value `want` (by the
/// closed form ⌊(m mod (low + high)) / low⌋): the heaps m they leave, the largest first,
/// passed to `f` until it returns false; returns how many there are. The heaps left run
/// over fewer than low + high numbers, so at most two blocks of them have the value.
fn range_moves(h: u64, low: u64, high: u64, want: u64, mut f: impl FnMut(u64) -> bool) -> u64 {
    if h < low {
        return 0;
    }
    let (c, a) = (u128::from(low) + u128::from(high), u128::from(low));
    let (from, to) = (u128::from(h - high.min(h)), u128::from(h - low));
    let first = u128::from(want) * a;
    if first >= c {
        return 0;
    }
    let last = (first + a - 1).min(c - 1);
    let (mut count, mut more) = (0u64, true);
    let mut k = to / c;
    loop {
        let (lo, hi) = ((k * c + first).max(from), (k * c + last).min(to));
        if lo <= hi {
            count += (hi - lo + 1) as u64;
            let mut m = hi;
            while more {
                more = f(m as u64);
                if m == lo {
                    break;
                }
                m -= 1;
            }
        }
        if k == 0 || k * c <= from {
            break;
        }
        k -= 1;
    }
    count
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
        crate::games::heap_rule::single_heap_index(heaps)
    }
}

impl Rules for Subtraction {
    fn id(&self) -> String {
        format!("subtraction:{}", self.set)
    }

    fn format(&self, heaps: &Vec<u64>) -> String {
        crate::games::format_heaps(heaps)
    }

    fn read_move(
        &self,
        heaps: &Vec<u64>,
        text: &str,
    ) -> Option<std::result::Result<Vec<u64>, String>> {
        crate::games::read_heap_move_of(self, heaps, text)
    }

    fn figure(&self, heaps: &Vec<u64>) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape};
        Some(Figure::new(Shape::Heaps(Heap::live("heap", heaps))))
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        crate::games::describe_heap_change(from, to)
    }

    fn some_options_of_value(
        &self,
        heaps: &Vec<u64>,
        target: u64,
        limit: usize,
    ) -> Option<Result<(Vec<Vec<u64>>, usize)>> {
        let run = || -> Result<(Vec<Vec<u64>>, usize)> {
            let values = heaps
                .iter()
                .map(|&h| self.heap_value(h))
                .collect::<Result<Vec<u64>>>()?;
            let total = values.iter().fold(0, |a, v| a ^ v);
            let (mut out, mut count) = (Vec::new(), 0u64);
            for (i, (&h, &v)) in heaps.iter().zip(&values).enumerate() {
                count += self.moves_to_value(h, total ^ v ^ target, |m| {
                    if out.len() < limit {
                        let mut next = heaps.clone();
                        next[i] = m;
                        out.push(next);
                    }
                    out.len() < limit
                })?;
            }
            Ok((out, usize::try_from(count).unwrap_or(usize::MAX)))
        };
        Some(run())
    }

    fn rule(&self, heaps: &Vec<u64>) -> Option<String> {
        let c = self.closed?;
        let parts: Vec<String> = heaps.iter().map(|&h| c.explain(h)).collect();
        Some(format!(
            "{}: {}{}",
            c.rule(),
            parts.join(", "),
            if heaps.len() > 1 {
                "; the heaps' values are nim-added."
            } else {
                "."
            }
        ))
    }

    fn check_searchable(&self, heaps: &Vec<u64>) -> Result<()> {
        let mut moves = 0u64;
        for &h in heaps {
            self.check_heap(h)?;
            self.check_listable(h)?;
            moves = moves.saturating_add(self.move_count(h));
        }
        if moves > MAX_OPTIONS as u64 {
            return Err(Error::limit(
                format!("listing the {moves} moves of this {} position", self.id()),
                format!("{MAX_OPTIONS} moves"),
            ));
        }
        Ok(())
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
        let to_zero = |g: &Subtraction, h: u64| g.some_options_of_value(&vec![h], 0, 10);
        assert_eq!(to_zero(&g, 10).unwrap().unwrap(), (vec![vec![9]], 1));
        // Nim 21: subtraction:1-3 heap 21 is N (take 1).
        let g = Subtraction::parse("1-3").unwrap();
        assert_eq!(to_zero(&g, 21).unwrap().unwrap(), (vec![vec![20]], 1));
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

    #[test]
    fn closed_forms_match_the_mex_rule_on_thousands_of_heaps() {
        // Each closed form against the mex of the values of the options, heap by heap.
        let mut forms = vec![ClosedForm::Odd, ClosedForm::Powers2, ClosedForm::Divisors];
        for low in 1..=9 {
            for high in low..=low + 12 {
                forms.push(ClosedForm::Range { low, high });
            }
        }
        for form in forms {
            let set = match form {
                ClosedForm::Range { low, high } => SubtractionSet::Finite((low..=high).collect()),
                ClosedForm::Odd => SubtractionSet::Finite(vec![1, 3, 11, 21]),
                ClosedForm::Powers2 => SubtractionSet::Powers2,
                ClosedForm::Divisors => SubtractionSet::Divisors,
            };
            assert_eq!(set.closed_form(), Some(form));
            let mut g: Vec<u64> = Vec::new();
            for n in 0..4000u64 {
                let mut seen = Vec::new();
                set.for_each(n, |s| seen.push(g[(n - s) as usize]));
                let mex = (0..).find(|v| !seen.contains(v)).unwrap();
                assert_eq!(form.value(n), mex, "{form:?} heap {n}");
                g.push(mex);
            }
        }
        // Far heaps: the values repeat with the closed form's period.
        let r = ClosedForm::Range {
            low: 3,
            high: 1_000_000,
        };
        assert_eq!(r.value(u64::MAX), r.value(u64::MAX % 1_000_003));
    }

    #[test]
    fn analyze_one_to_a_million_is_instant() {
        // `analyze subtraction:1-1000000 999999999` used to run past 20 s: the closed form
        // was looked for (one pass over the set) at each of the million options' values.
        let g = Subtraction::parse("1-1000000").unwrap();
        let start = std::time::Instant::now();
        let (moves, count) = g
            .some_options_of_value(&vec![999_999_999, 5], 0, 10)
            .unwrap()
            .unwrap();
        // G(n) = n mod 1000001: 999999999 = 999·1000001 + 999000 is worth 999000, and 5 is
        // worth 5. The first heap must go to a heap worth 5: 999·1000001 + 5 = 999001004
        // (a take of 998995); the heap of 5 cannot reach 999000. One winning move.
        assert_eq!((moves, count), (vec![vec![999_001_004, 5]], 1));
        assert!(start.elapsed().as_secs() < 2, "{:?}", start.elapsed());
    }

    #[test]
    fn moves_to_a_value_match_search() {
        for set in [
            "1-5", "3-7", "2-3", "4", "1,3,9", "powers2", "divisors", "1,3,4",
        ] {
            let g = Subtraction::parse(set).unwrap();
            let slow = Subtraction::parse(set).unwrap();
            let mut solver = GrundySolver::without_closed_forms(&slow);
            let mut positions: Vec<Vec<u64>> = (0..60).map(|h| vec![h]).collect();
            for a in (0..40).step_by(3) {
                for b in (0..40).step_by(7) {
                    positions.push(vec![a, b]);
                }
            }
            for heaps in positions {
                let mut options = Vec::new();
                g.options(&heaps, &mut options);
                for target in 0..4 {
                    let want: Vec<Vec<u64>> = options
                        .iter()
                        .filter(|o| solver.value(o).unwrap() == target)
                        .cloned()
                        .collect();
                    let got = g.some_options_of_value(&heaps, target, usize::MAX);
                    assert_eq!(
                        got.unwrap().unwrap(),
                        (want.clone(), want.len()),
                        "{set} {heaps:?}"
                    );
                    let (first, count) =
                        g.some_options_of_value(&heaps, target, 2).unwrap().unwrap();
                    assert_eq!(
                        (&first[..], count),
                        (&want[..want.len().min(2)], want.len())
                    );
                }
            }
        }
    }

    #[test]
    fn huge_divisor_heaps_are_refused_before_trial_division() {
        let g = Subtraction::parse("divisors").unwrap();
        assert_eq!(g.heap_value(3 << 60).unwrap(), 60);
        let err = g
            .some_options_of_value(&vec![3 << 60], 0, 5)
            .unwrap()
            .unwrap_err()
            .to_string();
        assert!(err.contains("10^14"), "{err}");
        assert!(g.check_searchable(&vec![3 << 60]).is_err());
        let big = Subtraction::parse("1-1000000").unwrap();
        let err = big
            .check_searchable(&vec![5_000_000, 5_000_000])
            .unwrap_err();
        assert!(err.to_string().contains("2000000 moves"), "{err}");
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
        assert!(matches!(g.heap_value(100_000_000), Err(Error::Limit(_))));
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
