//! Lasker's Nim: heaps; a move removes any positive number of counters from one heap, or
//! splits a heap into two non-empty heaps (the take-and-break code 4.3…).
//!
//! Its values have a closed form (Winning Ways, ch. 4; texts 000 and 003 give 3 → 4,
//! 4 → 3, 7 → 8 and 8 → 7): G(0) = 0, G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2,
//! G(4k + 3) = 4k + 4 and G(4k + 4) = 4k + 3. So a heap of any size is valued at once, and
//! its moves to a value are found by arithmetic, never by looking at its splits one by
//! one:
//!
//! - G is its own inverse (G(G(n)) = n), so the only heap worth v is G(v), and the only
//!   removal to value v leaves G(v) counters when G(v) is below the heap;
//! - a split a + b = h worth w has values A = G(a) and B = G(b) with A ⊕ B = w and
//!   G(A) + G(B) = h. G(A) − A depends only on A mod 4 (+1 for 3, −1 for 0, else 0), so
//!   for each choice of A mod 4 (which fixes B mod 4 by w) the quarters A' = ⌊A/4⌋ and
//!   B' = ⌊B/4⌋ have a known sum s and a known exclusive or x = ⌊w/4⌋. Such pairs exist
//!   when d = (s − x)/2 is a whole number with no bit in common with x, and they are
//!   A' = d + y, B' = d + (x − y) for the 2^(bits of x) submasks y of x: counted at once,
//!   and listed in order of A'.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("lasker", &["7", "8", "1000000000000"], 1).unwrap();
//! // G(7) = 8, G(8) = 7, and 10^12 = 4k + 4, so G(10^12) = 10^12 − 1.
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(8u64 ^ 7 ^ 999_999_999_999));
//! assert_eq!(nimlab::games::heaps::lasker::grundy(3), Some(4));
//! ```

use crate::games::args::{naturals, Arg};
use crate::games::catalogue::{Entry, Params};
use crate::games::figure::Figure;
use crate::games::position::Position;
use crate::games::rules::{Rules, Typed, MAX_OPTIONS};
use crate::games::take_break::{TakeBreak, EXPLAINED_HEAPS};
use crate::heap::Rule;
use crate::impartial::ImpartialGame;
use crate::{Error, Result};

/// The game's id and rule name.
const ID: &str = "lasker";

/// Heaps up to this size are explained by the mex rule over their options; larger ones by
/// the closed form.
const MEX_EXPLAINED: u64 = 24;

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: ID,
        usage: ID,
        summary: Rule::named()
            .find(|(name, _)| *name == ID)
            .map_or("", |(_, summary)| summary),
        position: "heap sizes, e.g. `lasker 5 7`",
        example: "lasker 5 7",
        start: "10 7",
        params: Params::None,
        build: |_, args| build(args),
    }
}

fn build(args: &[Arg<'_>]) -> Result<Box<dyn Position>> {
    if args.is_empty() {
        return Err(Error::position(
            ID,
            "no heaps given; write heap sizes, e.g. `5 7`",
        ));
    }
    let heaps = naturals(args, "a heap size")?;
    Ok(Box::new(Typed::new(Lasker::new(), heaps)))
}

/// G(n) of a heap of n by the closed form; `None` only for n = 2^64 − 1, whose value
/// 2^64 is beyond 64 bits.
///
/// ```
/// use nimlab::games::heaps::lasker::grundy;
/// let values: Vec<u64> = (0..10).map(|n| grundy(n).unwrap()).collect();
/// assert_eq!(values, [0, 1, 2, 4, 3, 5, 6, 8, 7, 9]);
/// assert_eq!(grundy(u64::MAX - 1), Some(u64::MAX - 1));
/// assert_eq!(grundy(u64::MAX), None);
/// ```
pub fn grundy(n: u64) -> Option<u64> {
    match n % 4 {
        3 => n.checked_add(1),
        0 if n > 0 => Some(n - 1),
        _ => Some(n),
    }
}

/// G(n) − n for a heap or value n ≥ 1 of residue `r` = n mod 4.
fn shift(r: u128) -> i128 {
    match r {
        3 => 1,
        0 => -1,
        _ => 0,
    }
}

/// The splits of one heap into two heaps of a given value: the first few, and how many
/// there are in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splits {
    /// The first splits (a, b), a ≤ b, in order of a.
    pub first: Vec<(u64, u64)>,
    /// How many splits there are in all.
    pub count: u64,
}

/// The splits a + b = `h` (1 ≤ a ≤ b) whose heaps are worth `w` together
/// (G(a) ⊕ G(b) = w): the first `limit` in order of a, and how many in all, found by
/// arithmetic in time that grows with `limit`, not with `h`.
///
/// ```
/// use nimlab::games::heaps::lasker::splits;
/// // 4 = 1 + 3 (worth 1 ⊕ 4 = 5) or 2 + 2 (worth 0).
/// assert_eq!(splits(4, 5, 10).first, vec![(1, 3)]);
/// assert_eq!(splits(4, 0, 10).first, vec![(2, 2)]);
/// // A heap of 10^18 splits into heaps worth 0 together in one way (equal halves).
/// assert_eq!(splits(1_000_000_000_000_000_000, 0, 10).count, 1);
/// // n = 10^18 − 1 splits into heaps worth n together in over a trillion ways; the first
/// // three are listed.
/// let n = 999_999_999_999_999_999;
/// let many = splits(n, n, 3);
/// assert_eq!(many.first, vec![(1, n - 1), (2, n - 2), (3, n - 3)]);
/// assert!(many.count > 1_000_000_000_000);
/// ```
pub fn splits(h: u64, w: u64, limit: usize) -> Splits {
    let h128 = u128::from(h);
    let x = u128::from(w >> 2);
    let mut ordered = 0u128;
    let mut first: Vec<(u64, u64)> = Vec::new();
    for ra in 0..4u128 {
        let rb = ra ^ u128::from(w & 3);
        // A = 4A' + ra and B = 4B' + rb, with G(A) + G(B) = A + B + shift(ra) + shift(rb).
        let sum = i128::try_from(h128).unwrap_or(i128::MAX)
            - shift(ra)
            - shift(rb)
            - i128::try_from(ra + rb).unwrap_or(0);
        if sum < 0 || sum % 4 != 0 {
            continue;
        }
        let s = u128::try_from(sum / 4).unwrap_or(0);
        if s < x || (s - x) % 2 != 0 {
            continue;
        }
        let d = (s - x) / 2;
        if d & x != 0 {
            continue;
        }
        // A' = d + y, B' = d + (x − y), y a submask of x; A = 0 (B = 0) is no heap.
        let mut n = 1u128 << x.count_ones();
        if d == 0 {
            let a_zero = u128::from(ra == 0);
            let b_zero = u128::from(rb == 0);
            let both = u128::from(ra == 0 && rb == 0 && x == 0);
            n -= a_zero + b_zero - both;
        }
        ordered += n;
        // The splits with a ≤ b, in order of a (a grows with y): stop once a > b.
        let mut y = 0u128;
        let mut listed = 0usize;
        while listed < limit {
            let big_a = 4 * (d | y) + ra;
            let big_b = 4 * (d | (x ^ y)) + rb;
            if big_a > 0 && big_b > 0 {
                let a = u128::try_from(i128::try_from(big_a).unwrap_or(0) + shift(ra)).unwrap_or(0);
                let b = h128 - a.min(h128);
                if a > b {
                    break;
                }
                first.push((a as u64, b as u64));
                listed += 1;
            }
            // The next submask of x, in increasing order.
            y = (y | !x).wrapping_add(1) & x;
            if y == 0 {
                break;
            }
        }
    }
    first.sort_unstable();
    first.truncate(limit);
    // Each split a < b is counted twice (as (a, b) and (b, a)), the split a = b once.
    let equal = u128::from(w == 0 && h >= 2 && h % 2 == 0);
    let count = (ordered + equal) / 2;
    Splits {
        first,
        count: u64::try_from(count).unwrap_or(u64::MAX),
    }
}

/// Lasker's Nim as a catalogue game: a position is a list of heap sizes. Its moves are
/// those of the heap rule `lasker` (4.3…); its values and its moves to a value come from
/// the closed form.
///
/// ```
/// use nimlab::games::heaps::lasker::Lasker;
/// use nimlab::games::Rules;
/// let g = Lasker::new();
/// // 4 7 is worth 3 ⊕ 8 = 11. To value 0, the 7 must go to value 3: taken down to 4
/// // (G(4) = 3); its splits 1 + 6, 2 + 5 and 3 + 4 are all worth 7. The 4 must go to
/// // value 8, which only the heap of 7 has.
/// let (moves, count) = g.some_options_of_value(&vec![4, 7], 0, 10).unwrap().unwrap();
/// assert_eq!((moves, count), (vec![vec![4, 4]], 1));
/// ```
#[derive(Debug)]
pub struct Lasker {
    moves: TakeBreak,
}

impl Lasker {
    /// The game.
    pub fn new() -> Self {
        let rule = Rule::parse(ID).expect("the heap engine names Lasker's Nim");
        Lasker {
            moves: TakeBreak::new(ID, rule),
        }
    }

    /// G(h) of every heap, or the limit error of the heap whose value is beyond 64 bits.
    fn values(heaps: &[u64]) -> Result<Vec<u64>> {
        heaps
            .iter()
            .map(|&h| {
                grundy(h).ok_or_else(|| {
                    Error::limit(
                        format!("the value of heap {h} of {ID} (2^64)"),
                        "values below 2^64 (heaps up to 2^64 − 2)",
                    )
                })
            })
            .collect()
    }

    /// The position after heap `i` is replaced by `left` (an emptied heap stays as 0).
    fn replace(heaps: &[u64], i: usize, left: &[u64]) -> Vec<u64> {
        let mut next = Vec::with_capacity(heaps.len() + 1);
        next.extend_from_slice(&heaps[..i]);
        if left.is_empty() {
            next.push(0);
        } else {
            next.extend_from_slice(left);
        }
        next.extend_from_slice(&heaps[i + 1..]);
        next
    }
}

impl Default for Lasker {
    fn default() -> Self {
        Lasker::new()
    }
}

impl ImpartialGame for Lasker {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        self.moves.options(heaps, out);
    }

    fn components(&self, heaps: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        self.moves.components(heaps)
    }

    fn closed_form(&self, heaps: &Vec<u64>) -> Option<u64> {
        heaps.iter().try_fold(0, |acc, &h| Some(acc ^ grundy(h)?))
    }

    fn dense_index(&self, heaps: &Vec<u64>) -> Option<usize> {
        self.moves.dense_index(heaps)
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        self.moves.canonical(heaps)
    }
}

impl Rules for Lasker {
    fn id(&self) -> String {
        ID.to_string()
    }

    fn format(&self, heaps: &Vec<u64>) -> String {
        self.moves.format(heaps)
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        self.moves.describe(from, to)
    }

    fn read_move(
        &self,
        heaps: &Vec<u64>,
        text: &str,
    ) -> Option<std::result::Result<Vec<u64>, String>> {
        self.moves.read_move(heaps, text)
    }

    fn figure(&self, heaps: &Vec<u64>) -> Option<Figure> {
        self.moves.figure(heaps)
    }

    /// The moves of value `target`: in heap i the heap must go to
    /// w = total ⊕ G(heap i) ⊕ target, by the removal to G(w) (when G(w) is below the
    /// heap) and by the splits worth w, at most a million listed in all.
    fn some_options_of_value(
        &self,
        heaps: &Vec<u64>,
        target: u64,
        limit: usize,
    ) -> Option<Result<(Vec<Vec<u64>>, usize)>> {
        let values = match Self::values(heaps) {
            Ok(v) => v,
            Err(e) => return Some(Err(e)),
        };
        let total = values.iter().fold(0, |a, b| a ^ b);
        let limit = limit.min(MAX_OPTIONS);
        let mut out = Vec::new();
        let mut count = 0u64;
        for (i, (&h, &v)) in heaps.iter().zip(&values).enumerate() {
            let w = v ^ total ^ target;
            let found = splits(h, w, limit.saturating_sub(out.len()));
            count = count.saturating_add(found.count);
            out.extend(
                found
                    .first
                    .iter()
                    .map(|&(a, b)| Self::replace(heaps, i, &[a, b])),
            );
            if let Some(r) = grundy(w).filter(|&r| r < h) {
                count = count.saturating_add(1);
                if out.len() < limit {
                    let left: &[u64] = if r == 0 { &[] } else { &[r] };
                    out.push(Self::replace(heaps, i, left));
                }
            }
        }
        Some(Ok((out, usize::try_from(count).unwrap_or(usize::MAX))))
    }

    fn rule(&self, heaps: &Vec<u64>) -> Option<String> {
        if heaps.iter().all(|&h| h <= MEX_EXPLAINED) {
            return None;
        }
        let values = Self::values(heaps).ok()?;
        let mut text = "Each heap is worth its value by the closed form of Lasker's Nim (Winning Ways): G(0) = 0, G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2, G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3.".to_string();
        for (&h, &v) in heaps.iter().zip(&values).take(EXPLAINED_HEAPS) {
            if h == 0 {
                text.push_str("\nHeap 0: G(0) = 0.");
            } else {
                let (k, r) = ((h - 1) / 4, (h - 1) % 4 + 1);
                text.push_str(&format!("\nHeap {h} = 4·{k} + {r}: G({h}) = {v}."));
            }
        }
        if heaps.len() > EXPLAINED_HEAPS {
            text.push_str(&format!(
                "\n… and {} more heaps, each valued the same way.",
                heaps.len() - EXPLAINED_HEAPS
            ));
        }
        Some(text)
    }

    fn check_searchable(&self, heaps: &Vec<u64>) -> Result<()> {
        Self::values(heaps)?;
        self.moves.check_listable(heaps)
    }

    fn check_listable(&self, heaps: &Vec<u64>) -> Result<()> {
        self.moves.check_listable(heaps)
    }

    fn check_misere_searchable(&self, heaps: &Vec<u64>) -> Result<()> {
        self.moves.check_misere_searchable(heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Catalogue;
    use crate::heap::Sequence;
    use crate::Nimber;
    use proptest::prelude::*;

    /// The values of the heap engine's plain sequence of 4.3… (the mex rule over every
    /// option), up to heap `n`.
    fn engine(n: u64) -> Vec<u64> {
        let mut seq = Sequence::new(Rule::parse("4.3…").unwrap());
        seq.extend_to(n + 1).unwrap();
        seq.values().iter().map(u64::from).collect()
    }

    #[test]
    fn the_closed_form_is_the_sequence_of_the_heap_engine() {
        let values = engine(4000);
        assert_eq!(values.len(), 4001);
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(grundy(n as u64), Some(v), "heap {n}");
        }
        // Texts 000 and 003: 3 → 4, 4 → 3, 7 → 8, 8 → 7.
        assert_eq!((values[3], values[4], values[7], values[8]), (4, 3, 8, 7));
    }

    /// Every split of every heap up to 300, for every value up to 511, against the list of
    /// all splits valued by the heap engine.
    #[test]
    fn splits_are_every_split_of_the_value() {
        let g = engine(300);
        let mut checked = 0;
        for h in 0..=300u64 {
            for w in 0..512u64 {
                let want: Vec<(u64, u64)> = (1..=h / 2)
                    .map(|a| (a, h - a))
                    .filter(|&(a, b)| g[a as usize] ^ g[b as usize] == w)
                    .collect();
                let got = splits(h, w, usize::MAX);
                assert_eq!(got.first, want, "{h} {w}");
                assert_eq!(got.count, want.len() as u64, "{h} {w}");
                let few = splits(h, w, 2);
                assert_eq!(few.first, want[..want.len().min(2)], "{h} {w}");
                assert_eq!(few.count, want.len() as u64, "{h} {w}");
                checked += want.len();
            }
        }
        assert_eq!(checked, (0..=300u64).map(|h| h / 2).sum::<u64>() as usize);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// A huge heap: the first splits listed are the first found by trying a = 1, 2, …
        /// with the closed form; and the count agrees with a full scan of a heap below
        /// 100000.
        #[test]
        fn splits_of_huge_heaps(h in 2u64..u64::MAX - 1, w in any::<u64>(), small in 2u64..100_000) {
            let got = splits(h, w, 5);
            let scanned = (h / 2).min(20_000);
            let want: Vec<(u64, u64)> = (1..=scanned)
                .map(|a| (a, h - a))
                .filter(|&(a, b)| grundy(a).unwrap() ^ grundy(b).unwrap() == w)
                .take(5)
                .collect();
            if want.len() == 5 {
                prop_assert_eq!(&got.first, &want);
            } else {
                let early: Vec<(u64, u64)> =
                    got.first.iter().copied().filter(|&(a, _)| a <= scanned).collect();
                prop_assert_eq!(early, want);
            }
            for &(a, b) in &got.first {
                prop_assert_eq!(a + b, h);
                prop_assert_eq!(grundy(a).unwrap() ^ grundy(b).unwrap(), w);
            }
            let w = w % (2 * small);
            let all = (1..=small / 2)
                .filter(|&a| grundy(a).unwrap() ^ grundy(small - a).unwrap() == w)
                .count();
            prop_assert_eq!(splits(small, w, 0).count, all as u64);
        }
    }

    /// Every winning move of every position of up to three heaps of up to 12, and of
    /// single heaps up to 60 for every target value, against brute force: every option,
    /// valued by the heap engine.
    #[test]
    fn moves_to_a_value_are_every_option_of_the_value() {
        let g = engine(200);
        let value = |heaps: &[u64]| heaps.iter().fold(0, |a, &h| a ^ g[h as usize]);
        let game = Lasker::new();
        let check = |heaps: Vec<u64>, target: u64| {
            let mut all = Vec::new();
            game.options(&heaps, &mut all);
            let mut want: Vec<Vec<u64>> = all.into_iter().filter(|o| value(o) == target).collect();
            want.dedup();
            let (got, count) = game
                .some_options_of_value(&heaps, target, usize::MAX)
                .unwrap()
                .unwrap();
            assert_eq!(got, want, "{heaps:?} to {target}");
            assert_eq!(count, want.len(), "{heaps:?} to {target}");
        };
        let mut positions = 0;
        for a in 0..=12u64 {
            for b in 0..=12 {
                check(vec![a, b], 0);
                for c in 0..=12 {
                    check(vec![a, b, c], 0);
                    positions += 1;
                }
            }
        }
        for h in 0..=60u64 {
            for target in 0..70 {
                check(vec![h], target);
                check(vec![h, 5], target);
            }
        }
        assert!(positions > 2000);
    }

    #[test]
    fn any_heap_is_valued_and_its_winning_moves_found() {
        let cat = Catalogue::standard();
        let p = cat.parse_position("lasker", &["100000"], 1).unwrap();
        assert_eq!(p.value().unwrap(), Nimber::from(99_999u64));
        // To 0: equal halves, or take it all.
        let win = p.moves_to_value(&Nimber::default(), 10).unwrap();
        let to: Vec<String> = win.moves.iter().map(|m| m.to.notation()).collect();
        assert_eq!(to, ["50000 50000", "0"]);
        assert_eq!(win.total, 2);
        // A sum with a huge heap: the moves are counted and the first few listed. The
        // heap of 10^18 − 1 must go to value G(10^18) = 10^18 − 1, which only its splits
        // do (into heaps whose values share no bit).
        let huge = ["1000000000000000000", "999999999999999999"];
        let p = cat.parse_position("lasker", &huge, 1).unwrap();
        let win = p.moves_to_value(&Nimber::default(), 4).unwrap();
        assert_eq!(win.moves.len(), 4);
        assert!(win.total > 1_000_000_000, "{}", win.total);
        for m in &win.moves {
            assert_eq!(
                m.to.value().unwrap(),
                Nimber::default(),
                "{}",
                m.description
            );
        }
        // The count of a smaller pair of the same kind, against every split: the heap of
        // 99999 splits into heaps worth G(100000) = 99999, and the heap of 100000 goes to
        // value G(99999) = 100000 by taking 1.
        let p = cat
            .parse_position("lasker", &["100000", "99999"], 1)
            .unwrap();
        let win = p.moves_to_value(&Nimber::default(), 0).unwrap();
        let splits = (1..=99_999 / 2)
            .filter(|&a| grundy(a).unwrap() ^ grundy(99_999 - a).unwrap() == 99_999)
            .count();
        assert!(splits > 100, "{splits}");
        assert_eq!(win.total, splits + 1);
        // The largest heap with a 64-bit value, and the one past it.
        let top = (u64::MAX - 1).to_string();
        let p = cat.parse_position("lasker", &[&top], 1).unwrap();
        assert_eq!(p.value().unwrap(), Nimber::from(u64::MAX - 1));
        let max = u64::MAX.to_string();
        let err = cat.parse_position("lasker", &[&max], 1).unwrap().value();
        let err = err.unwrap_err().to_string();
        assert!(err.contains("of lasker (2^64)"), "{err}");
    }

    #[test]
    fn small_heaps_are_explained_by_the_mex_rule_and_large_ones_by_the_closed_form() {
        let cat = Catalogue::standard();
        let small = cat.parse_position("lasker", &["4"], 1).unwrap();
        assert!(matches!(
            small.explain(),
            Some(crate::explain::Explanation::Mex(_))
        ));
        let large = cat.parse_position("lasker", &["100000", "7"], 1).unwrap();
        let Some(crate::explain::Explanation::Rule { text }) = large.explain() else {
            panic!("no rule");
        };
        assert!(
            text.contains("Heap 100000 = 4·24999 + 4: G(100000) = 99999."),
            "{text}"
        );
        assert!(text.contains("Heap 7 = 4·1 + 3: G(7) = 8."), "{text}");
    }
}
