//! Moore's Nim_K (text 000): heaps; a move removes counters from at least one and at most
//! K heaps at once (any number from each, at least one in all). `moore:1` is Nim.
//!
//! Moore (1910): write the heaps in binary; a position is a P-position exactly when every
//! column holds a multiple of K + 1 ones. A move changes at most K heaps, so it cannot
//! keep every column a multiple of K + 1; and from any other position, going down the
//! columns from the top, at most K heaps need to be lowered to restore them all.
//!
//! That rule decides who wins and gives every winning move, for heaps of any size. It is
//! not a formula for the Grundy value: for K ≥ 2 the value (needed in sums) comes from
//! search, for small positions only. For K = 1 the value is the nim-sum (Bouton).
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // K = 2: 3 5 6 has two 1s in each column, not a multiple of 3: N.
//! let p = cat.parse_position("moore:2", &["3", "5", "6"], 1).unwrap();
//! assert_eq!(p.p_position(), Some(false));
//! // 7 7 7 has three 1s in each column: P.
//! let q = cat.parse_position("moore:2", &["7", "7", "7"], 1).unwrap();
//! assert_eq!(q.value().unwrap(), nimlab::Nimber::from(0u64));
//! ```

use crate::games::args::{naturals, Arg};
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{NimHeap, Rules, Typed, MAX_OPTIONS};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "moore",
        usage: "moore:K",
        summary: "heaps; remove counters from 1 to K heaps at once (Moore's Nim_K; moore:1 is Nim)",
        position: "heap sizes, e.g. `moore:2 3 5 6`",
        example: "moore:2 3 5 6",
        start: "1 3 5 7",
        params: Params::Required,
        build: |params, args| {
            let game = Moore::parse(params.unwrap_or_default())?;
            let heaps = game.read_heaps(args)?;
            Ok(Box::new(Typed::new(game, heaps)))
        },
    }
}

/// The most positions a search of the values may visit (the product of heap + 1).
pub const MAX_STATES: u64 = 200_000;
/// The most option look-ups a search may make (an upper bound on them).
pub const MAX_WORK: u64 = 20_000_000;
/// The most winning moves listed from the rule (fewer for long positions; more than
/// that: refused as too many).
pub const MAX_WINNING_MOVES: usize = 100_000;

/// Moore's Nim_K.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moore {
    k: u64,
}

impl Moore {
    /// The game `moore:K`.
    ///
    /// ```
    /// assert!(nimlab::games::moore::Moore::new(2).is_ok());
    /// assert!(nimlab::games::moore::Moore::new(0).is_err());
    /// ```
    ///
    /// # Errors
    /// K = 0 (a move must touch at least one heap).
    pub fn new(k: u64) -> Result<Self> {
        if k == 0 {
            return Err(Error::parameters(
                "moore:0",
                "K must be at least 1 (a move takes from 1 to K heaps)",
            ));
        }
        Ok(Moore { k })
    }

    /// Reads `K`.
    ///
    /// ```
    /// assert_eq!(nimlab::games::moore::Moore::parse("3").unwrap().k(), 3);
    /// assert!(nimlab::games::moore::Moore::parse("x").is_err());
    /// ```
    ///
    /// # Errors
    /// Anything but a whole number K ≥ 1.
    pub fn parse(params: &str) -> Result<Self> {
        let k = params.trim().parse::<u64>().map_err(|_| {
            Error::parameters(
                format!("moore:{params}"),
                "expected `K`, the most heaps one move may take from (a whole number ≥ 1), e.g. `moore:2`",
            )
        })?;
        Self::new(k)
    }

    /// The most heaps one move may take from.
    pub fn k(&self) -> u64 {
        self.k
    }

    fn read_heaps(&self, args: &[Arg<'_>]) -> Result<Vec<u64>> {
        if args.is_empty() {
            return Err(Error::position(
                self.id(),
                "no heaps given; write heap sizes, e.g. `3 5 6`",
            ));
        }
        naturals(args, "a heap size")
    }

    /// The number of 1s in each binary column, from the units (column 0) up to the
    /// highest column with a 1.
    ///
    /// ```
    /// let g = nimlab::games::moore::Moore::new(2).unwrap();
    /// assert_eq!(g.column_sums(&[3, 5, 6]), vec![2, 2, 2]);
    /// ```
    pub fn column_sums(&self, heaps: &[u64]) -> Vec<u64> {
        let top = heaps
            .iter()
            .map(|&h| 64 - h.leading_zeros())
            .max()
            .unwrap_or(0);
        (0..top)
            .map(|b| heaps.iter().filter(|&&h| h >> b & 1 == 1).count() as u64)
            .collect()
    }

    /// Whether `heaps` is a P-position: every column sum a multiple of K + 1.
    ///
    /// ```
    /// let g = nimlab::games::moore::Moore::new(2).unwrap();
    /// assert!(g.is_p(&[7, 7, 7]));
    /// assert!(!g.is_p(&[3, 5, 6]));
    /// ```
    pub fn is_p(&self, heaps: &[u64]) -> bool {
        let m = self.k.saturating_add(1);
        self.column_sums(heaps).iter().all(|&s| s % m == 0)
    }

    /// The positions of all states and the options of the largest, bounds for a search.
    fn search_size(&self, heaps: &[u64]) -> (u64, u64) {
        let states = heaps
            .iter()
            .fold(1u64, |a, &h| a.saturating_mul(h.saturating_add(1)));
        // Options: the sum over sets S of at most K heaps of the product of their sizes,
        // that is e_1 + … + e_K, the elementary symmetric polynomials.
        let k = usize::try_from(self.k)
            .unwrap_or(usize::MAX)
            .min(heaps.len());
        let mut e = vec![0u64; k + 1];
        e[0] = 1;
        for &h in heaps {
            for j in (1..=k).rev() {
                e[j] = e[j].saturating_add(e[j - 1].saturating_mul(h));
            }
        }
        let options = e[1..].iter().fold(0u64, |a, &x| a.saturating_add(x));
        (states, states.saturating_mul(options))
    }

    /// The most winning moves listed from the rule for a position of `n` heaps.
    fn move_cap(n: usize) -> usize {
        (1_000_000 / n.max(1)).clamp(1, MAX_WINNING_MOVES)
    }

    /// Every move from `heaps` to a P-position, built column by column from the top; or
    /// `None` when there are more than `cap`.
    fn p_moves(&self, heaps: &[u64], cap: usize) -> Option<Vec<Vec<u64>>> {
        let top = heaps
            .iter()
            .map(|&h| 64 - h.leading_zeros())
            .max()
            .unwrap_or(0);
        let mut counts = [0usize; 64];
        for &h in heaps {
            for (b, count) in counts.iter_mut().enumerate() {
                *count += (h >> b & 1) as usize;
            }
        }
        let mut search = PMoves {
            heaps,
            counts,
            k: usize::try_from(self.k)
                .unwrap_or(usize::MAX)
                .min(heaps.len()),
            m: self.k.saturating_add(1),
            cap,
            out: Vec::new(),
            lowered: Vec::new(),
            too_many: false,
        };
        search.column(top as i32 - 1);
        (!search.too_many).then_some(search.out)
    }
}

/// The search behind [`Moore::p_moves`]. Going down the columns from the top, each heap
/// is either still equal to its old size in the columns fixed so far, or already lowered
/// (and then free in the columns below). In each column some equal heaps with a 1 may
/// take a 0 there (and so be lowered), and some lowered heaps may take a 1, so that the
/// column's count becomes a multiple of K + 1, with at most K lowered heaps in all.
///
/// Every such choice can be completed in the columns below (with j heaps lowered the
/// count can be moved through j + 1 consecutive values, and either j reaches K or every
/// equal 1 can be dropped), so every branch ends in a move and the work is proportional
/// to the moves found.
struct PMoves<'a> {
    heaps: &'a [u64],
    /// The number of heaps with a 1 in each column.
    counts: [usize; 64],
    k: usize,
    m: u64,
    cap: usize,
    out: Vec<Vec<u64>>,
    /// The lowered heaps: (index, new size in the columns fixed so far).
    lowered: Vec<(usize, u64)>,
    too_many: bool,
}

impl PMoves<'_> {
    fn column(&mut self, bit: i32) {
        if self.too_many {
            return;
        }
        if bit < 0 {
            if !self.lowered.is_empty() {
                if self.out.len() >= self.cap {
                    self.too_many = true;
                } else {
                    let mut next = self.heaps.to_vec();
                    for &(i, v) in &self.lowered {
                        next[i] = v;
                    }
                    self.out.push(next);
                }
            }
            return;
        }
        let b = bit as u32;
        let nlow = self.lowered.len();
        // The 1s in this column of the heaps still equal to their old size.
        let c = self.counts[b as usize]
            - self
                .lowered
                .iter()
                .filter(|&&(i, _)| self.heaps[i] >> b & 1 == 1)
                .count();
        let mut ones: Option<Vec<usize>> = None;
        for s in 0..=c.min(self.k - nlow) {
            for x in 0..=nlow {
                if ((c - s + x) as u64) % self.m != 0 || self.too_many {
                    continue;
                }
                if s > 0 && ones.is_none() {
                    let heaps = self.heaps;
                    let lowered = &self.lowered;
                    ones = Some(
                        (0..heaps.len())
                            .filter(|&i| {
                                heaps[i] >> b & 1 == 1 && !lowered.iter().any(|&(j, _)| j == i)
                            })
                            .collect(),
                    );
                }
                let ones = ones.as_deref().unwrap_or(&[]);
                let old: Vec<usize> = (0..nlow).collect();
                for_each_subset(ones, s, &mut |drop: &[usize]| {
                    for &i in drop {
                        // Equal above this column, 0 here: lowered.
                        let prefix = if b == 63 {
                            0
                        } else {
                            self.heaps[i] >> (b + 1) << (b + 1)
                        };
                        self.lowered.push((i, prefix));
                    }
                    for_each_subset(&old, x, &mut |raise: &[usize]| {
                        for &j in raise {
                            self.lowered[j].1 |= 1 << b;
                        }
                        self.column(bit - 1);
                        for &j in raise {
                            self.lowered[j].1 &= !(1 << b);
                        }
                        !self.too_many
                    });
                    self.lowered.truncate(nlow);
                    !self.too_many
                });
            }
        }
    }
}

/// Calls `f` with every subset of `items` of size `size`, in lexicographic order, until
/// `f` returns false.
fn for_each_subset(items: &[usize], size: usize, f: &mut dyn FnMut(&[usize]) -> bool) {
    fn go(
        items: &[usize],
        size: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if chosen.len() == size {
            return f(chosen);
        }
        let need = size - chosen.len();
        for i in start..items.len() {
            if items.len() - i < need {
                break;
            }
            chosen.push(items[i]);
            let more = go(items, size, i + 1, chosen, f);
            chosen.pop();
            if !more {
                return false;
            }
        }
        true
    }
    go(items, size, 0, &mut Vec::with_capacity(size), f);
}

impl ImpartialGame for Moore {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        fn go(
            heaps: &[u64],
            k: u64,
            i: usize,
            changed: u64,
            cur: &mut Vec<u64>,
            out: &mut Vec<Vec<u64>>,
        ) {
            if i == heaps.len() {
                if changed > 0 {
                    out.push(cur.clone());
                }
                return;
            }
            go(heaps, k, i + 1, changed, cur, out);
            if changed < k {
                for v in 0..heaps[i] {
                    cur[i] = v;
                    go(heaps, k, i + 1, changed + 1, cur, out);
                }
                cur[i] = heaps[i];
            }
        }
        go(heaps, self.k, 0, 0, &mut heaps.clone(), out);
    }

    fn closed_form(&self, heaps: &Vec<u64>) -> Option<u64> {
        (self.k == 1).then(|| crate::games::nim::value(heaps))
    }
}

impl Rules for Moore {
    fn id(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn format(&self, heaps: &Vec<u64>) -> String {
        crate::games::format_heaps(heaps)
    }

    fn figure(&self, pos: &Vec<u64>) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape};
        Some(Figure::new(Shape::Heaps(Heap::numbered("heap", pos))))
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let changed: Vec<usize> = (0..from.len())
            .filter(|&i| to.get(i).is_some_and(|&t| t < from[i]))
            .collect();
        if changed.len() <= 1 {
            return crate::games::describe_heap_change(from, to);
        }
        let parts: Vec<String> = changed
            .iter()
            .map(|&i| format!("{} from heap {}", from[i] - to[i], i + 1))
            .collect();
        let (last, rest) = parts.split_last().expect("two or more heaps changed");
        format!("take {} and {last}", rest.join(", "))
    }

    fn options_of_value(
        &self,
        heaps: &Vec<u64>,
        target: u64,
        hits: &mut crate::games::rules::Hits<Vec<u64>>,
    ) -> Option<()> {
        if self.k == 1 {
            let x = crate::games::nim::value(heaps) ^ target;
            if x != 0 {
                for (i, &h) in heaps.iter().enumerate() {
                    if h ^ x < h {
                        hits.add(|| {
                            let mut next = heaps.clone();
                            next[i] = h ^ x;
                            next
                        });
                    }
                }
            }
            return Some(());
        }
        if target != 0 {
            return None;
        }
        hits.extend(self.p_moves(heaps, Self::move_cap(heaps.len()))?);
        Some(())
    }

    fn nim_heaps(&self, heaps: &Vec<u64>) -> Option<(String, Vec<NimHeap>)> {
        (self.k == 1).then(|| {
            (
                "heap".to_string(),
                heaps
                    .iter()
                    .enumerate()
                    .map(|(i, &h)| (format!("heap {}", i + 1), h))
                    .collect(),
            )
        })
    }

    fn rule(&self, heaps: &Vec<u64>) -> Option<String> {
        let m = self.k.saturating_add(1);
        let sums = self.column_sums(heaps);
        let columns: Vec<String> = sums
            .iter()
            .enumerate()
            .rev()
            .map(|(b, s)| format!("2^{b}: {s}"))
            .collect();
        let bad: Vec<String> = sums
            .iter()
            .enumerate()
            .rev()
            .filter(|&(_, &s)| s % m != 0)
            .map(|(b, _)| format!("2^{b}"))
            .collect();
        let verdict = if bad.is_empty() {
            format!("every column holds a multiple of {m}, so this is a P-position: a move changes at most {} heaps and cannot keep every column a multiple of {m}", self.k)
        } else {
            format!("the columns {} do not, so this is an N-position: the winning moves lower at most {} heaps so that every column holds a multiple of {m}", bad.join(", "), self.k)
        };
        Some(format!(
            "Moore's theorem: a position of Nim_{k} is a P-position exactly when, with the heaps written in binary, every column holds a multiple of K + 1 = {m} ones. Ones per column here: {}; {verdict}. (This decides who wins; the Grundy value, which counts in sums, comes from search.)",
            if columns.is_empty() { "none (every heap is empty)".to_string() } else { columns.join(", ") },
            k = self.k
        ))
    }

    fn p_position(&self, heaps: &Vec<u64>) -> Option<bool> {
        Some(self.is_p(heaps))
    }

    fn misere_rule(&self, heaps: &Vec<u64>) -> Option<String> {
        (self.k == 1).then(|| {
            crate::games::misere_nim_rule(
                "moore:1 is Nim, so misère play is misère Nim on the heaps",
                heaps,
            )
        })
    }

    fn misere_closed_form(&self, heaps: &Vec<u64>) -> Option<Outcome> {
        (self.k == 1).then(|| Outcome::from_grundy_zero(crate::games::nim::misere_is_p(heaps)))
    }

    fn check_searchable(&self, heaps: &Vec<u64>) -> Result<()> {
        let (states, work) = self.search_size(heaps);
        if self.k == 1 {
            // Values are the nim-sum; only listing the options costs.
            if work / states.max(1) > MAX_OPTIONS as u64 {
                return Err(Error::limit(
                    "listing every move of this position",
                    format!("{MAX_OPTIONS} moves"),
                ));
            }
            return Ok(());
        }
        if states > MAX_STATES || work > MAX_WORK {
            let listed = Self::move_cap(heaps.len());
            return Err(Error::limit(
                format!("searching this {} position", self.id()),
                format!(
                    "{MAX_STATES} positions below it (the product of heap + 1 over the heaps) and {MAX_WORK} moves looked at (who wins follows from Moore's rule at any size, and so do the winning moves when there are at most {listed} of them)"
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    fn moore(k: u64) -> Moore {
        Moore::new(k).unwrap()
    }

    #[test]
    fn moore_1_is_nim() {
        let g = moore(1);
        let mut solver = GrundySolver::without_closed_forms(g);
        for heaps in [
            vec![3, 5, 7],
            vec![3, 6, 8, 9],
            vec![4, 5, 6, 7],
            vec![1, 2],
        ] {
            assert_eq!(
                solver.value(&heaps).unwrap(),
                crate::games::nim::value(&heaps)
            );
            assert_eq!(g.is_p(&heaps), crate::games::nim::value(&heaps) == 0);
        }
    }

    #[test]
    fn words() {
        let g = moore(3);
        assert_eq!(
            g.describe(&vec![3, 5, 6], &vec![1, 5, 2]),
            "take 2 from heap 1 and 4 from heap 3"
        );
        assert_eq!(
            g.describe(&vec![3, 5, 6], &vec![0, 4, 2]),
            "take 3 from heap 1, 1 from heap 2 and 4 from heap 3"
        );
        assert_eq!(
            g.describe(&vec![3, 5, 6], &vec![3, 5, 2]),
            "take 4 from heap 3, leaving 2"
        );
    }

    #[test]
    fn parameters() {
        assert!(Moore::parse("0").is_err());
        assert!(Moore::parse("").is_err());
        assert!(Moore::parse("-1").is_err());
        let huge = Moore::parse("18446744073709551615").unwrap();
        // K at least the number of heaps: any non-empty position is N.
        assert!(huge.is_p(&[0, 0]));
        assert!(!huge.is_p(&[1, 1, 1]));
        assert_eq!(
            huge.all_options_of_value(&vec![1, 2], 0).unwrap(),
            vec![vec![0, 0]]
        );
    }

    #[test]
    fn limits_and_big_heaps() {
        let g = moore(2);
        assert!(g.check_searchable(&vec![5, 6, 7]).is_ok());
        assert!(g.check_searchable(&vec![100, 100, 100]).is_err());
        // The winning moves of a big position come from the rule.
        let big = vec![1 << 40, 3 << 40, 1 << 41];
        let w = g.all_options_of_value(&big, 0).unwrap();
        assert!(!w.is_empty());
        for p in &w {
            assert!(g.is_p(p));
            let changed = p.iter().zip(&big).filter(|(a, b)| a != b).count();
            assert!((1..=2).contains(&changed));
            assert!(p.iter().zip(&big).all(|(a, b)| a <= b));
        }
        // Too many winning moves to list: refused, not built.
        assert!(g.all_options_of_value(&vec![u64::MAX; 4], 0).is_none());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn moores_rule_matches_search(k in 1u64..4, heaps in proptest::collection::vec(0u64..6, 1..5)) {
            let g = moore(k);
            let mut solver = GrundySolver::without_closed_forms(g);
            let v = solver.value(&heaps).unwrap();
            prop_assert_eq!(v == 0, g.is_p(&heaps));
            if k == 1 {
                prop_assert_eq!(Some(v), g.closed_form(&heaps));
            }
            let mut all = Vec::new();
            g.options(&heaps, &mut all);
            let mut slow = Vec::new();
            for o in &all {
                if solver.value(o).unwrap() == 0 {
                    slow.push(o.clone());
                }
            }
            let mut fast = g.all_options_of_value(&heaps, 0).unwrap();
            slow.sort();
            fast.sort();
            prop_assert_eq!(fast, slow);
        }
    }
}
