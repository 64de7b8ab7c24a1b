//! Wythoff's game on three or more heaps (text 000: "the game can be generalised, e.g. so
//! that coins may be taken from three, or from all heaps at once").
//!
//! The text reads two ways, and nimlab offers both:
//! - `wythoff:any`: take any number from one heap, or the same number from any two or more
//!   heaps at once (from any set of heaps: a queen in n dimensions moving along any
//!   diagonal towards the corner);
//! - `wythoff:all`: take any number from one heap, or the same number from every heap at
//!   once. Every heap means every heap: once a heap is empty no counter can be taken from
//!   it, so the move is gone for good.
//!
//! On two heaps both are Wythoff's game (`wythoff`).
//!
//! **Values**: no closed form is known for three heaps or more; nimlab searches. Two
//! facts shorten the search, both because heaps never grow:
//! - in `wythoff:any` an empty heap never takes part in a move again, so a position is the
//!   game on its non-empty heaps: one heap is a Nim heap, two are Wythoff's game (valued
//!   from its table);
//! - in `wythoff:all` a position with an empty heap has lost the move "from every heap"
//!   for good: it is Nim, worth the nim-sum of its heaps (and misère Nim's rule decides its
//!   misère play).
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let zero = nimlab::Nimber::from(0u64);
//! // 1 2 3, a P-position of Nim. In `wythoff:any` taking 1 from every heap wins: it
//! // leaves 0 1 2, Wythoff's P-position 1 2 on the heaps that still take part.
//! let any = cat.parse_position("wythoff:any", &["1", "2", "3"], 1).unwrap();
//! let w = any.moves_to_value(&zero, 10).unwrap();
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, ["1 2 0", "0 1 2"]);
//! // In `wythoff:all` 0 1 2 has an empty heap, so it is Nim (nim-sum 3), and 1 2 3 is a
//! // P-position.
//! let all = cat.parse_position("wythoff:all", &["1", "2", "3"], 1).unwrap();
//! assert_eq!(all.value().unwrap(), zero);
//! ```

use crate::games::args::{naturals, Arg};
use crate::games::rules::{Rules, Typed, MAX_OPTIONS};
use crate::games::wythoff::{misere_is_p as wythoff_misere_is_p, Wythoff, VALUE_LIMIT};
use crate::games::Position;
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The most heaps a position of `wythoff:any` may have (its moves take from any set of
/// heaps, 2^n sets).
pub const MAX_ANY_HEAPS: usize = 16;

/// The most positions a search may meet: the product of (heap + 1) over the heaps.
pub const MAX_POSITIONS: u64 = 4_000_000;

/// Which heaps the move "the same number from several heaps" takes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// From any two or more heaps (`wythoff:any`).
    Any,
    /// From every heap (`wythoff:all`).
    All,
}

/// Builds the position of `wythoff:any` or `wythoff:all` (the catalogue entry of
/// `wythoff` calls it when the id has parameters).
pub(crate) fn build(params: &str, args: &[Arg<'_>]) -> Result<Box<dyn Position>> {
    let reading = match params {
        "any" => Reading::Any,
        "all" => Reading::All,
        other => {
            return Err(Error::parameters(
                format!("wythoff:{other}"),
                "write `wythoff` (two heaps), `wythoff:any` (the same number from any two or more heaps) or `wythoff:all` (the same number from every heap)",
            ))
        }
    };
    let game = WythoffHeaps::new(reading);
    let heaps = game.read(args)?;
    Ok(Box::new(Typed::new(game, heaps)))
}

/// Wythoff's game on any number of heaps, in one of the two readings.
///
/// ```
/// use nimlab::games::wythoff_heaps::{Reading, WythoffHeaps};
/// use nimlab::impartial::ImpartialGame;
/// let mut options = Vec::new();
/// WythoffHeaps::new(Reading::All).options(&vec![1, 1, 2], &mut options);
/// assert_eq!(options, vec![vec![0, 1, 2], vec![1, 0, 2], vec![1, 1, 0], vec![1, 1, 1], vec![0, 0, 1]]);
/// ```
#[derive(Debug)]
pub struct WythoffHeaps {
    reading: Reading,
    /// Wythoff's game, for positions with two heaps that take part.
    two: Wythoff,
}

impl WythoffHeaps {
    /// The game in the given reading.
    ///
    /// ```
    /// use nimlab::games::wythoff_heaps::{Reading, WythoffHeaps};
    /// use nimlab::games::Rules;
    /// assert_eq!(WythoffHeaps::new(Reading::All).id(), "wythoff:all");
    /// ```
    pub fn new(reading: Reading) -> Self {
        WythoffHeaps {
            reading,
            two: Wythoff::default(),
        }
    }

    /// Which reading the game plays.
    ///
    /// ```
    /// use nimlab::games::wythoff_heaps::{Reading, WythoffHeaps};
    /// assert_eq!(WythoffHeaps::new(Reading::Any).reading(), Reading::Any);
    /// ```
    pub fn reading(&self) -> Reading {
        self.reading
    }

    fn read(&self, args: &[Arg<'_>]) -> Result<Vec<u64>> {
        let heaps = naturals(args, "a heap size")?;
        if heaps.is_empty() {
            return Err(Error::position(
                self.id(),
                "no heaps given; write the heap sizes, e.g. `3 5 7`",
            ));
        }
        if self.reading == Reading::Any && heaps.len() > MAX_ANY_HEAPS {
            return Err(Error::limit(
                format!(
                    "the {} heaps of this position of {}",
                    heaps.len(),
                    self.id()
                ),
                format!("{MAX_ANY_HEAPS} heaps (a move may take from any set of heaps: 2^n sets)"),
            ));
        }
        Ok(heaps)
    }

    /// The heaps that can still take part in a move, when the game is known without
    /// search: Nim (`Some(None)`: the nim-sum), or Wythoff on two heaps
    /// (`Some(Some((a, b)))`). `None` when a search is needed.
    fn reduced(&self, heaps: &[u64]) -> Option<Option<(u64, u64)>> {
        let live: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        match self.reading {
            Reading::Any => match live.as_slice() {
                [] | [_] => Some(None),
                &[a, b] => Some(Some((a, b))),
                _ => None,
            },
            Reading::All => {
                if heaps.len() < 2 || live.len() < heaps.len() {
                    Some(None)
                } else if let &[a, b] = heaps {
                    Some(Some((a, b)))
                } else {
                    None
                }
            }
        }
    }

    fn positions(heaps: &[u64]) -> u64 {
        heaps
            .iter()
            .fold(1u64, |acc, &h| acc.saturating_mul(h.saturating_add(1)))
    }
}

/// Subtracts `d` from every heap whose bit is set in `set`.
fn minus(heaps: &[u64], set: u64, d: u64) -> Vec<u64> {
    heaps
        .iter()
        .enumerate()
        .map(|(i, &h)| if set >> i & 1 == 1 { h - d } else { h })
        .collect()
}

impl ImpartialGame for WythoffHeaps {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            for smaller in 0..h {
                let mut next = heaps.clone();
                next[i] = smaller;
                out.push(next);
            }
        }
        match self.reading {
            Reading::Any => {
                let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
                if live.len() < 2 || live.len() > MAX_ANY_HEAPS {
                    return;
                }
                for pick in 0u64..1 << live.len() {
                    if pick.count_ones() < 2 {
                        continue;
                    }
                    let set = live
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| pick >> k & 1 == 1)
                        .fold(0u64, |s, (_, &i)| s | 1 << i);
                    let most = live
                        .iter()
                        .filter(|&&i| set >> i & 1 == 1)
                        .map(|&i| heaps[i])
                        .min()
                        .unwrap_or(0);
                    for d in 1..=most {
                        out.push(minus(heaps, set, d));
                    }
                }
            }
            Reading::All => {
                if heaps.len() >= 2 {
                    let most = heaps.iter().copied().min().unwrap_or(0);
                    for d in 1..=most {
                        out.push(heaps.iter().map(|&h| h - d).collect());
                    }
                }
            }
        }
    }

    fn closed_form(&self, heaps: &Vec<u64>) -> Option<u64> {
        match self.reduced(heaps)? {
            None => Some(crate::nimber::nim_sum(heaps.iter().copied())),
            Some((a, b)) => self.two.value(a, b).ok(),
        }
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        match self.reading {
            // Empty heaps never take part again.
            Reading::Any => sorted.retain(|&h| h > 0),
            // One empty heap is as good as several: it forbids the move from every heap.
            Reading::All => {
                let zeros = sorted.iter().take_while(|&&h| h == 0).count();
                if zeros > 1 {
                    sorted.drain(..zeros - 1);
                }
            }
        }
        sorted
    }
}

impl Rules for WythoffHeaps {
    fn id(&self) -> String {
        match self.reading {
            Reading::Any => "wythoff:any",
            Reading::All => "wythoff:all",
        }
        .to_string()
    }

    fn format(&self, heaps: &Vec<u64>) -> String {
        crate::games::format_heaps(heaps)
    }

    fn figure(&self, heaps: &Vec<u64>) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape};
        Some(Figure::new(Shape::Heaps(Heap::numbered("heap", heaps))))
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        if changed.len() < 2 {
            return crate::games::describe_heap_change(from, to);
        }
        let d = from[changed[0]] - to[changed[0]];
        let which = if changed.len() == from.len() {
            "every heap".to_string()
        } else {
            let names: Vec<String> = changed.iter().map(|i| (i + 1).to_string()).collect();
            format!(
                "heaps {} and {}",
                names[..names.len() - 1].join(", "),
                names[names.len() - 1]
            )
        };
        format!(
            "take {d} from {which}, leaving {}",
            crate::games::format_heaps(to)
        )
    }

    fn read_move(
        &self,
        heaps: &Vec<u64>,
        text: &str,
    ) -> Option<std::result::Result<Vec<u64>, String>> {
        // `H-K` edits, separated by commas: `2-3,3-3` takes 3 from heaps 2 and 3.
        let mut next = heaps.clone();
        for edit in text.trim().split(',') {
            let (h, k) = edit.trim().split_once('-')?;
            let h: usize = h.trim().parse().ok()?;
            let k: u64 = k.trim().parse().ok()?;
            let Some(i) = h.checked_sub(1).filter(|&i| i < heaps.len()) else {
                return Some(Err(format!(
                    "there is no heap {h}: heaps 1 to {}",
                    heaps.len()
                )));
            };
            next[i] = match next[i].checked_sub(k) {
                Some(v) => v,
                None => return Some(Err(format!("heap {h} has only {}", next[i]))),
            };
        }
        let taken: Vec<u64> = heaps.iter().zip(&next).map(|(a, b)| a - b).collect();
        let mut amounts: Vec<u64> = taken.iter().copied().filter(|&t| t > 0).collect();
        amounts.dedup();
        let many = taken.iter().filter(|&&t| t > 0).count();
        Some(match (amounts.as_slice(), many) {
            ([], _) => Err("take at least 1".to_string()),
            ([_], 1) => Ok(next),
            ([_], n) if self.reading == Reading::Any || n == heaps.len() => Ok(next),
            ([_], _) => Err(
                "take from one heap, or the same number from every heap (`wythoff:all`)"
                    .to_string(),
            ),
            _ => Err("take the same number from each heap you take from".to_string()),
        })
    }

    fn options_of_value(
        &self,
        heaps: &Vec<u64>,
        target: u64,
        hits: &mut crate::games::rules::Hits<Vec<u64>>,
    ) -> Option<()> {
        match self.reduced(heaps)? {
            None => {
                // Nim: only one-heap moves are left.
                let total = crate::nimber::nim_sum(heaps.iter().copied());
                for (i, &h) in heaps.iter().enumerate() {
                    let want = h ^ total ^ target;
                    if want < h {
                        hits.add(|| {
                            let mut next = heaps.clone();
                            next[i] = want;
                            next
                        });
                    }
                }
            }
            Some((a, b)) => {
                // Wythoff's game on the two heaps that take part (the others are empty,
                // or, in `all`, there are no others).
                let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
                let (i, j) = (live[0], live[1]);
                let mut two = crate::games::rules::Hits::new(usize::MAX);
                self.two.options_of_value(&(a, b), target, &mut two)?;
                for (x, y) in two.found {
                    hits.add(|| {
                        let mut next = heaps.clone();
                        next[i] = x;
                        next[j] = y;
                        next
                    });
                }
            }
        }
        Some(())
    }

    fn p_position(&self, heaps: &Vec<u64>) -> Option<bool> {
        Some(match self.reduced(heaps)? {
            None => crate::nimber::nim_sum(heaps.iter().copied()) == 0,
            Some((a, b)) => crate::games::wythoff::is_p_position(a, b),
        })
    }

    fn misere_closed_form(&self, heaps: &Vec<u64>) -> Option<Outcome> {
        let p = match self.reduced(heaps)? {
            None => crate::games::nim::misere_is_p(heaps),
            Some((a, b)) => wythoff_misere_is_p(a, b),
        };
        Some(Outcome::from_grundy_zero(p))
    }

    fn rule(&self, heaps: &Vec<u64>) -> Option<String> {
        let reduced = self.reduced(heaps)?;
        Some(match (self.reading, reduced) {
            (Reading::All, None) if heaps.len() >= 2 => format!(
                "A heap is empty, so no move can take from every heap again: the game is now Nim, worth the nim-sum of the heaps, {}.",
                crate::nimber::nim_sum(heaps.iter().copied())
            ),
            (_, None) => "At most one heap has counters: it is a Nim heap.".to_string(),
            (_, Some((a, b))) => format!(
                "Only heaps of {a} and {b} take part in moves: this is Wythoff's game on them{}.",
                if crate::games::wythoff::is_p_position(a, b) {
                    ", at one of its P-positions (⌊kφ⌋, ⌊kφ²⌋)"
                } else {
                    ", not at one of its P-positions (⌊kφ⌋, ⌊kφ²⌋)"
                }
            ),
        })
    }

    fn check_searchable(&self, heaps: &Vec<u64>) -> Result<()> {
        let positions = Self::positions(heaps);
        if positions > MAX_POSITIONS {
            let two = if matches!(self.reduced(heaps), Some(Some(_))) {
                format!(" (two heaps that take part are valued from Wythoff's table below {VALUE_LIMIT})")
            } else {
                String::new()
            };
            return Err(Error::limit(
                format!(
                    "searching the position {} of {}",
                    crate::games::format_heaps(heaps),
                    self.id()
                ),
                format!(
                    "positions whose heaps, each plus one, multiply to at most {MAX_POSITIONS}{two}"
                ),
            ));
        }
        Ok(())
    }

    fn check_listable(&self, heaps: &Vec<u64>) -> Result<()> {
        let moves = heaps.iter().fold(0u64, |a, &h| a.saturating_add(h));
        let sets = match self.reading {
            Reading::Any => 1u64 << heaps.iter().filter(|&&h| h > 0).count().min(63),
            Reading::All => 1,
        };
        if moves.saturating_mul(sets.saturating_add(1)) > MAX_OPTIONS as u64 {
            return Err(Error::limit(
                format!(
                    "listing the moves of the position {} of {}",
                    crate::games::format_heaps(heaps),
                    self.id()
                ),
                format!("{MAX_OPTIONS} moves"),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, MisereSolver};
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Whether taking `taken` (per heap) is a move of the reading: one heap, or the same
    /// number from several heaps (`any`: two or more; `all`: every heap).
    fn legal(reading: Reading, taken: &[u64]) -> bool {
        let nonzero: Vec<u64> = taken.iter().copied().filter(|&t| t > 0).collect();
        match nonzero.as_slice() {
            [] => false,
            [_] => true,
            [first, rest @ ..] => {
                rest.iter().all(|t| t == first)
                    && (reading == Reading::Any || nonzero.len() == taken.len())
            }
        }
    }

    /// Every position below `heaps`, heap by heap.
    fn below(heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut all = vec![vec![]];
        for &h in heaps {
            all = all
                .into_iter()
                .flat_map(|p: Vec<u64>| {
                    (0..=h).map(move |x| {
                        let mut q = p.clone();
                        q.push(x);
                        q
                    })
                })
                .collect();
        }
        all
    }

    /// Grundy values by the mex rule, the options found by trying every position below
    /// and keeping those that a legal take reaches: independent of the move generator.
    fn brute(reading: Reading, heaps: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        if let Some(&v) = memo.get(heaps) {
            return v;
        }
        let mut seen = Vec::new();
        for q in below(heaps) {
            let taken: Vec<u64> = heaps.iter().zip(&q).map(|(a, b)| a - b).collect();
            if legal(reading, &taken) {
                seen.push(brute(reading, &q, memo));
            }
        }
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(heaps.to_vec(), v);
        v
    }

    /// Misère outcome by the same independent options.
    fn brute_misere(reading: Reading, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(heaps) {
            return w;
        }
        let mut any = false;
        let mut wins = false;
        for q in below(heaps) {
            let taken: Vec<u64> = heaps.iter().zip(&q).map(|(a, b)| a - b).collect();
            if legal(reading, &taken) {
                any = true;
                wins |= !brute_misere(reading, &q, memo);
            }
        }
        let wins = wins || !any;
        memo.insert(heaps.to_vec(), wins);
        wins
    }

    #[test]
    fn three_heaps_match_brute_force() {
        for reading in [Reading::Any, Reading::All] {
            let g = WythoffHeaps::new(reading);
            let mut plain = GrundySolver::without_closed_forms(&g);
            let mut fast = GrundySolver::new(&g);
            let mut memo = HashMap::new();
            for pos in below(&[11, 11, 11]) {
                let want = brute(reading, &pos, &mut memo);
                assert_eq!(plain.value(&pos).unwrap(), want, "{reading:?} {pos:?}");
                assert_eq!(fast.value(&pos).unwrap(), want, "{reading:?} {pos:?}");
                if let Some(v) = g.closed_form(&pos) {
                    assert_eq!(v, want, "{reading:?} {pos:?}");
                }
            }
        }
    }

    #[test]
    fn four_heaps_match_brute_force() {
        for reading in [Reading::Any, Reading::All] {
            let g = WythoffHeaps::new(reading);
            let mut solver = GrundySolver::without_closed_forms(&g);
            let mut memo = HashMap::new();
            for pos in below(&[4, 4, 4, 4]) {
                assert_eq!(
                    solver.value(&pos).unwrap(),
                    brute(reading, &pos, &mut memo),
                    "{reading:?} {pos:?}"
                );
            }
        }
    }

    #[test]
    fn two_heaps_are_wythoffs_game() {
        for reading in [Reading::Any, Reading::All] {
            let g = WythoffHeaps::new(reading);
            let mut solver = GrundySolver::without_closed_forms(&g);
            let w = Wythoff::default();
            for a in 0..30 {
                for b in 0..30 {
                    assert_eq!(solver.value(&vec![a, b]).unwrap(), w.value(a, b).unwrap());
                }
            }
        }
    }

    #[test]
    fn fast_moves_are_the_moves_of_each_value() {
        for reading in [Reading::Any, Reading::All] {
            let g = WythoffHeaps::new(reading);
            let mut solver = GrundySolver::without_closed_forms(&g);
            for pos in below(&[7, 7, 7]).into_iter().chain(below(&[3, 0, 5, 4])) {
                let mut all = Vec::new();
                g.options(&pos, &mut all);
                match g.p_position(&pos) {
                    Some(p) => assert_eq!(p, solver.value(&pos).unwrap() == 0, "{pos:?}"),
                    None => assert!(g.reduced(&pos).is_none(), "{pos:?}"),
                }
                for target in 0..12 {
                    let Some(mut got) = g.all_options_of_value(&pos, target) else {
                        assert!(g.reduced(&pos).is_none(), "{reading:?} {pos:?}");
                        continue;
                    };
                    let mut want: Vec<Vec<u64>> = all
                        .iter()
                        .filter(|o| solver.value(o).unwrap() == target)
                        .cloned()
                        .collect();
                    want.sort();
                    want.dedup();
                    got.sort();
                    assert_eq!(got, want, "{reading:?} {pos:?} -> {target}");
                }
            }
        }
        // Far beyond any search: Nim's and Wythoff's winning moves.
        let all = WythoffHeaps::new(Reading::All);
        let nim = vec![0, 1_000_000, 10_000_000];
        assert_eq!(
            all.all_options_of_value(&nim, 0),
            Some(vec![vec![0, 1_000_000, 1_000_000]])
        );
        let any = WythoffHeaps::new(Reading::Any);
        let far = vec![0, 16_000_000_000, 0, 23_000_000_000];
        let wins = any.all_options_of_value(&far, 0).unwrap();
        assert!(!wins.is_empty());
        for w in wins {
            assert!(crate::games::wythoff::is_p_position(w[1], w[3]));
            assert_eq!((w[0], w[2]), (0, 0));
        }
    }

    #[test]
    fn misere_matches_brute_force() {
        for reading in [Reading::Any, Reading::All] {
            let g = WythoffHeaps::new(reading);
            let mut solver = MisereSolver::new(&g);
            let mut memo = HashMap::new();
            for pos in below(&[6, 6, 6]).into_iter().chain(below(&[3, 3, 3, 2])) {
                let want = Outcome::from_grundy_zero(!brute_misere(reading, &pos, &mut memo));
                assert_eq!(solver.outcome(&pos).unwrap(), want, "{reading:?} {pos:?}");
                if let Some(o) = g.misere_closed_form(&pos) {
                    assert_eq!(o, want, "{reading:?} {pos:?}");
                }
            }
        }
    }

    #[test]
    fn the_readings_differ() {
        // 1 1 2: `all` can take 1 from every heap (to 0 0 1); `any` can also take 1 from
        // heaps 1 and 2 only, to 0 0 2.
        let any = WythoffHeaps::new(Reading::Any);
        let all = WythoffHeaps::new(Reading::All);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        any.options(&vec![1, 1, 2], &mut a);
        all.options(&vec![1, 1, 2], &mut b);
        assert!(a.contains(&vec![0, 0, 2]) && !b.contains(&vec![0, 0, 2]));
        // With an empty heap `all` is Nim: 0 3 3 is a P-position; in `any` take 3 from both.
        assert_eq!(all.closed_form(&vec![0, 3, 3]), Some(0));
        let mut solver = GrundySolver::new(&any);
        assert_ne!(solver.value(&vec![0, 3, 3]).unwrap(), 0);
    }

    #[test]
    fn moves_in_words_and_typed() {
        let any = WythoffHeaps::new(Reading::Any);
        let all = WythoffHeaps::new(Reading::All);
        assert_eq!(
            any.describe(&vec![3, 5, 7], &vec![3, 3, 5]),
            "take 2 from heaps 2 and 3, leaving 3 3 5"
        );
        assert_eq!(
            all.describe(&vec![3, 5, 7], &vec![1, 3, 5]),
            "take 2 from every heap, leaving 1 3 5"
        );
        assert_eq!(
            any.describe(&vec![3, 5, 7], &vec![3, 5, 0]),
            "take all 7 from heap 3"
        );
        let pos = vec![3, 5, 7];
        assert_eq!(any.read_move(&pos, "2-2,3-2"), Some(Ok(vec![3, 3, 5])));
        assert_eq!(all.read_move(&pos, "1-2,2-2,3-2"), Some(Ok(vec![1, 3, 5])));
        assert!(all.read_move(&pos, "2-2,3-2").unwrap().is_err());
        assert!(any.read_move(&pos, "2-1,3-2").unwrap().is_err());
        assert!(any
            .read_move(&pos, "4-1")
            .unwrap()
            .unwrap_err()
            .contains("no heap 4"));
        assert!(any
            .read_move(&pos, "1-4")
            .unwrap()
            .unwrap_err()
            .contains("only 3"));
        assert_eq!(any.read_move(&pos, "b2"), None);
    }

    #[test]
    fn limits() {
        let any = WythoffHeaps::new(Reading::Any);
        let big = vec![1000, 1000, 1000];
        assert!(matches!(any.check_searchable(&big), Err(Error::Limit(_))));
        // Two heaps that take part: Wythoff's table, no search.
        assert_eq!(
            any.closed_form(&vec![0, 16, 23, 0]),
            Some(Wythoff::default().value(16, 23).unwrap())
        );
        let args = crate::games::args::number(&["1"; 17], 1);
        assert!(matches!(any.read(&args), Err(Error::Limit(_))));
        assert!(WythoffHeaps::new(Reading::All).read(&args).is_ok());
        assert!(matches!(
            any.read(&[]),
            Err(Error::Rule(crate::RuleError::Position { .. }))
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn values_match_brute_force(
            heaps in proptest::collection::vec(0u64..8, 1..5),
            all in any::<bool>(),
        ) {
            let reading = if all { Reading::All } else { Reading::Any };
            let g = WythoffHeaps::new(reading);
            let mut solver = GrundySolver::new(&g);
            let mut memo = HashMap::new();
            prop_assert_eq!(solver.value(&heaps).unwrap(), brute(reading, &heaps, &mut memo));
        }
    }
}
