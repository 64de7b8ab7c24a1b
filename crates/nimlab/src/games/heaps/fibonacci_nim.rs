//! Fibonacci Nim: one heap of n counters. The first move takes 1 to n − 1 counters; every
//! later move takes at least 1 and at most twice the number the previous player took.
//! Whoever takes the last counter wins.
//!
//! A position is the heap and the most the player to move may take: `n m`. The start of
//! a game on n counters is written `n` (short for `n n−1`). After taking t from a heap of
//! n the position is (n − t, min(2t, n − t)).
//!
//! **Outcome** (Whinihan 1963): write n as its Zeckendorf representation, a sum of
//! non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, … (20 = 13 + 5 + 2). The player to
//! move wins exactly when the smallest term z(n) is at most m. So at the start the first
//! player wins unless n is a Fibonacci number, and taking z(n) wins.
//!
//! **Every winning move**: taking t < n wins exactly when z(n − t) > 2t. Then t < z(n − t)/2,
//! so every Zeckendorf term of t lies at least two places below z(n − t), and the
//! Zeckendorf representation of n is that of n − t followed by that of t. So a winning
//! take is always a sum of the smallest few terms of n (or all of them: take the whole
//! heap when m ≥ n): at most one candidate per term, even for heaps near 2^64.
//!
//! **Grundy values** have no closed form (Larsson and Rubinstein-Salzedo describe the
//! positions of value ≤ 3). They come from a table built by the mex rule for heaps below
//! [`VALUE_LIMIT`]; the value of (n, m) never decreases as m grows, so each heap's row is
//! stored as the takes where its value steps up.
//!
//! **Misère play** (whoever takes the last counter loses) on n counters plays as normal
//! play on n − 1: leave the last counter to the opponent. The player to move (with a move
//! available) wins exactly when n ≥ 2 and z(n − 1) ≤ m.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // 20 = 13 + 5 + 2 is not a Fibonacci number: the first player wins by taking 2.
//! let p = cat.parse_position("fibonacci-nim", &["20"], 1).unwrap();
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! assert_eq!(w.moves[0].to.notation(), "18 4");
//! // 21 is a Fibonacci number: the first player loses.
//! let p = cat.parse_position("fibonacci-nim", &["21"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(0u64));
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};
use std::sync::Mutex;

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "fibonacci-nim",
        usage: "fibonacci-nim",
        summary: "one heap; the first move takes 1..n-1, later moves at most twice the previous take; the last take wins",
        position: "the heap `n` at the start, or `n m`: a heap of n where the player to move may take up to m, e.g. `20` or `18 4`",
        example: "fibonacci-nim 20",
        start: "20",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(FibonacciNim::default(), read(args)?))),
    }
}

/// Grundy values are computed for heaps below this.
pub const VALUE_LIMIT: u64 = 10_000;

fn read(args: &[Arg<'_>]) -> Result<(u64, u64)> {
    match args {
        [n] => {
            let n = n.natural("a heap size")?;
            Ok((n, n.saturating_sub(1)))
        }
        [n, m] => {
            let heap = n.natural("a heap size")?;
            match m.natural("the most the player to move may take")? {
                0 => Err(m.error(
                    "the most the player to move may take (a whole number ≥ 1; write the heap alone for the start of a game)",
                )),
                take => Ok((heap, take)),
            }
        }
        _ => Err(Error::position(
            "fibonacci-nim",
            format!(
                "expected `n` (the start of a game on n counters) or `n m` (a heap of n, the player to move may take up to m), not {} tokens",
                args.len()
            ),
        )),
    }
}

/// The Fibonacci numbers 1, 2, 3, 5, 8, … that fit in 64 bits.
fn fibonacci_numbers() -> Vec<u64> {
    let mut fibs = vec![1u64, 2];
    while let Some(next) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
        fibs.push(next);
    }
    fibs
}

/// Whether n is a Fibonacci number (1, 2, 3, 5, 8, …).
///
/// ```
/// use nimlab::games::fibonacci_nim::is_fibonacci;
/// assert!(is_fibonacci(21) && !is_fibonacci(20));
/// assert!(is_fibonacci(12_200_160_415_121_876_738));
/// ```
pub fn is_fibonacci(n: u64) -> bool {
    fibonacci_numbers().contains(&n)
}

/// The Zeckendorf representation of n: non-consecutive Fibonacci numbers adding up to n,
/// largest first. Empty for 0.
///
/// ```
/// use nimlab::games::fibonacci_nim::zeckendorf;
/// assert_eq!(zeckendorf(20), vec![13, 5, 2]);
/// assert_eq!(zeckendorf(u64::MAX).iter().sum::<u64>(), u64::MAX);
/// ```
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let fibs = fibonacci_numbers();
    let mut terms = Vec::new();
    for &f in fibs.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms
}

/// The smallest term of the Zeckendorf representation of n ≥ 1 (0 for n = 0).
///
/// ```
/// assert_eq!(nimlab::games::fibonacci_nim::smallest_term(20), 2);
/// ```
pub fn smallest_term(n: u64) -> u64 {
    zeckendorf(n).last().copied().unwrap_or(0)
}

/// Whether the player to move wins a heap of `heap` when allowed to take up to
/// `max_take`: when the smallest Zeckendorf term of the heap is at most `max_take`.
///
/// ```
/// use nimlab::games::fibonacci_nim::mover_wins;
/// assert!(mover_wins(20, 19) && mover_wins(20, 2) && !mover_wins(20, 1));
/// assert!(!mover_wins(21, 20));
/// ```
pub fn mover_wins(heap: u64, max_take: u64) -> bool {
    heap > 0 && smallest_term(heap) <= max_take
}

/// Every winning take from a heap of `heap` with takes up to `max_take`, smallest first.
///
/// The candidates are the sums of the smallest i Zeckendorf terms of the heap; such a sum
/// t wins when it is the whole heap or when the next term is more than 2t.
///
/// ```
/// use nimlab::games::fibonacci_nim::winning_takes;
/// // 20 = 13 + 5 + 2: take 2 (5 > 4); 7 loses (13 < 14); 20 takes everything.
/// assert_eq!(winning_takes(20, 19), vec![2]);
/// assert_eq!(winning_takes(20, 20), vec![2, 20]);
/// assert_eq!(winning_takes(21, 20), Vec::<u64>::new());
/// ```
pub fn winning_takes(heap: u64, max_take: u64) -> Vec<u64> {
    let limit = max_take.min(heap);
    let mut terms = zeckendorf(heap);
    terms.reverse();
    let mut out = Vec::new();
    let mut t: u64 = 0;
    for (i, &z) in terms.iter().enumerate() {
        t += z;
        if t > limit {
            break;
        }
        let wins = match terms.get(i + 1) {
            None => true,
            Some(&next) => u128::from(next) > 2 * u128::from(t),
        };
        if wins {
            out.push(t);
        }
    }
    out
}

/// Whether the player to move wins in misère play (whoever takes the last counter loses).
///
/// ```
/// use nimlab::games::fibonacci_nim::misere_mover_wins;
/// // A heap of 1: the only move takes the last counter.
/// assert!(!misere_mover_wins(1, 5));
/// // 9: leave 1 by taking 8 if allowed (9 − 1 = 8 is a Fibonacci number).
/// assert!(misere_mover_wins(9, 8) && !misere_mover_wins(9, 7));
/// ```
pub fn misere_mover_wins(heap: u64, max_take: u64) -> bool {
    if heap == 0 || max_take == 0 {
        // No move: the player to move wins in misère play.
        return true;
    }
    heap >= 2 && smallest_term(heap - 1) <= max_take
}

/// The position after taking `take` from a heap of `heap`.
fn after(heap: u64, take: u64) -> (u64, u64) {
    let rest = heap - take;
    (rest, take.saturating_mul(2).min(rest))
}

/// Grundy values of Fibonacci Nim for every heap below a size, grown on demand.
///
/// The value of (n, m) is the mex of the values after taking 1, …, m; it never decreases
/// as m grows. Row n keeps the takes where the value steps up, as (m, value) pairs.
///
/// ```
/// let mut t = nimlab::games::fibonacci_nim::GrundyTable::default();
/// t.extend_to(30);
/// // Values at the start of a game on n = 0, 1, 2, …: Fibonacci heaps have value 0.
/// let start: Vec<u32> = (0..14u64).map(|n| t.get(n, n.saturating_sub(1)).unwrap()).collect();
/// assert_eq!(start, vec![0, 0, 0, 0, 3, 0, 4, 4, 0, 5, 5, 5, 6, 0]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct GrundyTable {
    rows: Vec<Vec<(u64, u32)>>,
}

impl GrundyTable {
    /// Heaps below this have values.
    pub fn size(&self) -> usize {
        self.rows.len()
    }

    /// Computes the rows of every heap below `n`.
    pub fn extend_to(&mut self, n: usize) {
        let mut seen: Vec<u64> = Vec::new();
        for heap in self.rows.len()..n {
            seen.clear();
            seen.resize(heap / 64 + 1, 0);
            let mut row = vec![(0u64, 0u32)];
            let mut mex = 0u32;
            for take in 1..=heap as u64 {
                let (rest, cap) = after(heap as u64, take);
                let v = Self::lookup(&self.rows[rest as usize], cap);
                if let Some(w) = seen.get_mut(v as usize / 64) {
                    *w |= 1 << (v % 64);
                }
                while seen
                    .get(mex as usize / 64)
                    .is_some_and(|w| w >> (mex % 64) & 1 == 1)
                {
                    mex += 1;
                }
                if mex != row.last().map_or(0, |r| r.1) {
                    row.push((take, mex));
                }
            }
            self.rows.push(row);
        }
    }

    fn lookup(row: &[(u64, u32)], max_take: u64) -> u32 {
        let i = row.partition_point(|&(m, _)| m <= max_take);
        row[i - 1].1
    }

    /// The value of a heap of `heap` with takes up to `max_take`, if the heap is below
    /// [`GrundyTable::size`].
    pub fn get(&self, heap: u64, max_take: u64) -> Option<u32> {
        let row = self.rows.get(usize::try_from(heap).ok()?)?;
        Some(Self::lookup(row, max_take))
    }
}

/// Fibonacci Nim. A position is (heap, the most the player to move may take).
///
/// ```
/// use nimlab::games::fibonacci_nim::FibonacciNim;
/// use nimlab::impartial::ImpartialGame;
/// let mut options = Vec::new();
/// FibonacciNim::default().options(&(5, 2), &mut options);
/// // Take 1 (the opponent may take 2) or take 2 (the opponent may take 3).
/// assert_eq!(options, vec![(4, 2), (3, 3)]);
/// ```
#[derive(Debug, Default)]
pub struct FibonacciNim {
    table: Mutex<GrundyTable>,
}

impl FibonacciNim {
    /// The Grundy value of a heap of `heap` with takes up to `max_take`, from the table.
    ///
    /// ```
    /// let g = nimlab::games::fibonacci_nim::FibonacciNim::default();
    /// assert_eq!(g.value(20, 19).unwrap(), 7);
    /// assert_eq!(g.value(21, 20).unwrap(), 0);
    /// assert!(g.value(1 << 40, 3).is_err());
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] for heaps of [`VALUE_LIMIT`] or more.
    pub fn value(&self, heap: u64, max_take: u64) -> Result<u64> {
        if heap >= VALUE_LIMIT {
            return Err(value_limit(heap));
        }
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        table.extend_to(heap as usize + 1);
        Ok(u64::from(
            table
                .get(heap, max_take)
                .expect("the table covers the heap"),
        ))
    }
}

fn value_limit(heap: u64) -> Error {
    Error::limit(
        format!("the Grundy value (or the list of every move) of a Fibonacci Nim heap of {heap}"),
        format!(
            "heaps below {VALUE_LIMIT} (the values have no closed form and come from a table; the outcome and the winning moves of a single heap are known for any size)"
        ),
    )
}

impl ImpartialGame for FibonacciNim {
    type Position = (u64, u64);

    fn options(&self, &(heap, max_take): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=max_take.min(heap)).map(|t| after(heap, t)));
    }

    fn closed_form(&self, &(heap, max_take): &(u64, u64)) -> Option<u64> {
        self.value(heap, max_take).ok()
    }
}

impl Rules for FibonacciNim {
    fn id(&self) -> String {
        "fibonacci-nim".to_string()
    }

    fn format(&self, &(heap, max_take): &(u64, u64)) -> String {
        if max_take == heap.saturating_sub(1) {
            heap.to_string()
        } else {
            format!("{heap} {max_take}")
        }
    }

    fn figure(&self, pos: &(u64, u64)) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape};
        Some(
            Figure::new(Shape::Heaps(Heap::numbered("heap", &[pos.0]))).note(format!(
                "the player to move may take 1 to {}",
                pos.1.min(pos.0)
            )),
        )
    }

    fn describe(&self, &(heap, _): &(u64, u64), &(rest, cap): &(u64, u64)) -> String {
        let take = heap - rest;
        if rest == 0 {
            format!("take all {take}")
        } else {
            format!("take {take}, leaving {rest} (the opponent may take up to {cap})")
        }
    }

    fn read_move(
        &self,
        &(heap, max_take): &(u64, u64),
        text: &str,
    ) -> Option<std::result::Result<(u64, u64), String>> {
        let t = text.trim().to_lowercase();
        let k = t.strip_prefix("take").unwrap_or(&t).trim();
        let take: u64 = k.strip_prefix("all").unwrap_or(k).trim().parse().ok()?;
        Some(if take == 0 {
            Err("take at least 1".to_string())
        } else if take > heap {
            Err(format!("the heap has only {heap}"))
        } else if take > max_take {
            Err(format!("you may take at most {max_take} now"))
        } else {
            Ok(after(heap, take))
        })
    }

    fn options_of_value(
        &self,
        pos: &(u64, u64),
        target: u64,
        hits: &mut crate::games::rules::Hits<(u64, u64)>,
    ) -> Option<()> {
        let (heap, max_take) = *pos;
        if target == 0 {
            hits.extend(
                winning_takes(heap, max_take)
                    .into_iter()
                    .map(|t| after(heap, t)),
            );
            return Some(());
        }
        self.value(heap, max_take).ok()?;
        let table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        hits.extend(
            (1..=max_take.min(heap))
                .map(|t| after(heap, t))
                .filter(|&(r, c)| table.get(r, c).map(u64::from) == Some(target)),
        );
        Some(())
    }

    fn p_position(&self, &(heap, max_take): &(u64, u64)) -> Option<bool> {
        Some(!mover_wins(heap, max_take))
    }

    fn rule(&self, &(heap, max_take): &(u64, u64)) -> Option<String> {
        let table = if heap < VALUE_LIMIT {
            "The values have no closed form; the value shown comes from a table built by the mex rule."
                .to_string()
        } else {
            format!("The values have no closed form; nimlab tabulates them for heaps below {VALUE_LIMIT}.")
        };
        if heap == 0 {
            return Some(format!(
                "The heap is empty: the player to move has lost. {table}"
            ));
        }
        let terms = zeckendorf(heap);
        let z = terms.last().copied().unwrap_or(0);
        let sum = terms
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" + ");
        let verdict = if z <= max_take {
            format!("{z} ≤ {max_take}, so the player to move wins (taking {z} is one winning move)")
        } else if terms.len() == 1 {
            format!("{heap} is a Fibonacci number and cannot be taken whole, so the player to move loses")
        } else {
            format!("{z} > {max_take}, so the player to move loses")
        };
        Some(format!(
            "Zeckendorf: {heap} = {sum}. The player to move wins exactly when the smallest term is at most the largest allowed take (Whinihan 1963); here {verdict}. {table}"
        ))
    }

    fn misere_rule(&self, &(heap, max_take): &(u64, u64)) -> Option<String> {
        Some(if heap == 0 || max_take == 0 {
            "There is no move, so in misère play the player to move wins.".to_string()
        } else if heap == 1 {
            "The only move takes the last counter, so in misère play the player to move loses."
                .to_string()
        } else {
            let z = smallest_term(heap - 1);
            format!(
                "Misère Fibonacci Nim plays as normal Fibonacci Nim on one counter fewer: leave the last counter to the opponent. The smallest Zeckendorf term of {} is {z}, and the player to move may take up to {max_take}, so the player to move {}.",
                heap - 1,
                if z <= max_take { "wins" } else { "loses" }
            )
        })
    }

    fn misere_closed_form(&self, &(heap, max_take): &(u64, u64)) -> Option<Outcome> {
        Some(Outcome::from_grundy_zero(!misere_mover_wins(
            heap, max_take,
        )))
    }

    fn check_searchable(&self, &(heap, _): &(u64, u64)) -> Result<()> {
        if heap >= VALUE_LIMIT {
            return Err(value_limit(heap));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, MisereSolver};
    use proptest::prelude::*;

    #[test]
    fn first_player_wins_unless_fibonacci() {
        // GAMES.md: the first player wins unless n is a Fibonacci number; the winning
        // take is the smallest Zeckendorf term. Checked by search for n ≤ 200.
        let g = FibonacciNim::default();
        let mut solver = GrundySolver::without_closed_forms(&g);
        for n in 1..=200u64 {
            let start = (n, n - 1);
            let v = solver.value(&start).unwrap();
            assert_eq!(v == 0, is_fibonacci(n), "{n}");
            assert_eq!(g.p_position(&start), Some(v == 0));
            if v != 0 {
                let z = smallest_term(n);
                assert_eq!(solver.value(&after(n, z)).unwrap(), 0, "{n}: take {z}");
                assert!(winning_takes(n, n - 1).contains(&z));
            }
        }
    }

    #[test]
    fn outcome_and_winning_takes_match_search() {
        let g = FibonacciNim::default();
        let mut solver = GrundySolver::without_closed_forms(&g);
        for n in 0..=200u64 {
            for m in 1..=n + 2 {
                let v = solver.value(&(n, m)).unwrap();
                assert_eq!(mover_wins(n, m), v != 0, "{n} {m}");
                let want: Vec<u64> = (1..=m.min(n))
                    .filter(|&t| solver.value(&after(n, t)).unwrap() == 0)
                    .collect();
                assert_eq!(winning_takes(n, m), want, "{n} {m}");
            }
        }
    }

    #[test]
    fn table_matches_search() {
        let g = FibonacciNim::default();
        let mut solver = GrundySolver::without_closed_forms(&g);
        let mut table = GrundyTable::default();
        for size in [1, 2, 30, 120] {
            table.extend_to(size);
            for n in 0..size as u64 {
                for m in 0..=n + 1 {
                    let want = solver.value(&(n, m)).unwrap();
                    assert_eq!(table.get(n, m).map(u64::from), Some(want), "{n} {m}");
                }
            }
        }
        assert_eq!(table.get(120, 1), None);
    }

    #[test]
    fn misere_matches_search() {
        let g = FibonacciNim::default();
        let mut solver = MisereSolver::new(&g);
        for n in 0..=120u64 {
            for m in 0..=n + 1 {
                assert_eq!(
                    Some(solver.outcome(&(n, m)).unwrap()),
                    g.misere_closed_form(&(n, m)),
                    "{n} {m}"
                );
            }
        }
    }

    #[test]
    fn zeckendorf_is_unique_and_non_consecutive() {
        let fibs = fibonacci_numbers();
        // F_2 = 1 up to F_93 = 12200160415121876738.
        assert_eq!(fibs.len(), 92);
        assert_eq!(fibs[91], 12_200_160_415_121_876_738);
        assert!(fibs.windows(3).all(|w| w[0] + w[1] == w[2]));
        for n in (0..5000u64).chain([u64::MAX, u64::MAX - 1, 1 << 63]) {
            let z = zeckendorf(n);
            assert_eq!(z.iter().sum::<u64>(), n);
            let idx: Vec<usize> = z
                .iter()
                .map(|t| fibs.iter().position(|f| f == t).unwrap())
                .collect();
            assert!(idx.windows(2).all(|w| w[0] >= w[1] + 2), "{n}: {z:?}");
        }
    }

    #[test]
    fn huge_heaps() {
        let g = FibonacciNim::default();
        let big = 12_200_160_415_121_876_738u64; // the largest 64-bit Fibonacci number
        assert!(is_fibonacci(big));
        assert_eq!(g.p_position(&(big, big - 1)), Some(true));
        assert_eq!(g.all_options_of_value(&(big, big - 1), 0), Some(vec![]));
        let n = u64::MAX;
        let z = smallest_term(n);
        let takes = winning_takes(n, n - 1);
        assert!(takes.contains(&z));
        for t in takes {
            let (rest, cap) = after(n, t);
            assert!(!mover_wins(rest, cap));
        }
        assert!(matches!(g.value(n, 3), Err(Error::Limit(_))));
        assert!(matches!(g.check_searchable(&(n, 3)), Err(Error::Limit(_))));
        assert_eq!(g.all_options_of_value(&(n, 3), 1), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn fast_paths_match_search(n in 0u64..70, m in 1u64..80, target in 0u64..5) {
            let g = FibonacciNim::default();
            let mut solver = GrundySolver::without_closed_forms(&g);
            prop_assert_eq!(g.closed_form(&(n, m)), Some(solver.value(&(n, m)).unwrap()));
            let mut all = Vec::new();
            g.options(&(n, m), &mut all);
            let want: Vec<_> = all.into_iter().filter(|o| solver.value(o).unwrap() == target).collect();
            prop_assert_eq!(g.all_options_of_value(&(n, m), target).unwrap(), want);
        }

        #[test]
        fn winning_takes_of_big_heaps_leave_p_positions(n in 0u64..u64::MAX, m in 1u64..u64::MAX) {
            for t in winning_takes(n, m) {
                prop_assert!(t >= 1 && t <= m.min(n));
                let (rest, cap) = after(n, t);
                prop_assert!(!mover_wins(rest, cap));
            }
            prop_assert_eq!(winning_takes(n, m).is_empty(), !mover_wins(n, m));
        }
    }
}
