//! Nim: heaps; a move removes any positive number of counters from one heap.
//!
//! Bouton (1902): a position is a P-position exactly when the nim-sum of the heaps is 0,
//! and its value is the nimber of that nim-sum. Heaps may be of any size.
//!
//! Misère Nim: play as in Nim unless the move would leave only heaps of size ≤ 1; then
//! leave an odd number of heaps of size 1. So a position is a misère P-position exactly
//! when either some heap has ≥ 2 counters and the nim-sum is 0, or every heap has ≤ 1
//! counter and the number of 1s is odd.
//!
//! ```
//! // 3 5 7 has nim-sum 1: reduce any heap with the units bit set.
//! assert_eq!(nimlab::games::nim::value(&[3, 5, 7]), 1);
//! assert_eq!(nimlab::games::nim::winning_moves(&[3, 5, 7]), vec![(0, 2), (1, 4), (2, 6)]);
//! ```

use crate::explain::{Explanation, NimColumns};
use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::position::{Move, MoveList, Position};
use crate::impartial::Reach;
use crate::{Error, Nimber, Outcome, Result};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use std::sync::{Arc, OnceLock};

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "nim",
        usage: "nim",
        summary: "heaps; remove any positive number of counters from one heap",
        position: "heap sizes of any size, e.g. `3 5 7`",
        example: "nim 3 5 7",
        start: "1 3 5 7",
        params: Params::None,
        build: |_, args| Ok(Box::new(NimPosition::parse(args)?)),
    }
}

/// The value of a Nim position with machine-sized heaps: the nim-sum.
pub fn value(heaps: &[u64]) -> u64 {
    crate::nimber::nim_sum(heaps.iter().copied())
}

/// Every winning move of a Nim position with machine-sized heaps, as pairs
/// (heap index, new size), in heap order. Empty for a P-position.
///
/// ```
/// // Text 004: 6 7 8 has nim-sum 9; the only winning move takes the 8 down to 1.
/// assert_eq!(nimlab::games::nim::winning_moves(&[6, 7, 8]), vec![(2, 1)]);
/// ```
pub fn winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let x = value(heaps);
    if x == 0 {
        return Vec::new();
    }
    let top = 63 - x.leading_zeros();
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h >> top & 1 == 1)
        .map(|(i, &h)| (i, h ^ x))
        .collect()
}

/// Whether a Nim position is a P-position in misère play.
///
/// ```
/// // Marienbad: 1 3 5 7 in misère play is lost for the player to move.
/// assert!(nimlab::games::nim::misere_is_p(&[1, 3, 5, 7]));
/// assert!(!nimlab::games::nim::misere_is_p(&[1, 1]));
/// ```
pub fn misere_is_p(heaps: &[u64]) -> bool {
    let large = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    if large == 0 {
        ones % 2 == 1
    } else {
        value(heaps) == 0
    }
}

/// A Nim position with heaps of any size.
///
/// The heaps are shared, so the positions after moves (which differ from it in one heap)
/// are cheap to make and to write out even when there are a million heaps.
#[derive(Debug, Clone)]
pub struct NimPosition {
    heaps: Arc<Vec<BigUint>>,
    text: Arc<OnceLock<Notation>>,
}

/// The notation of a position and where each heap stands in it.
#[derive(Debug)]
struct Notation {
    text: String,
    spans: Vec<(usize, usize)>,
}

impl PartialEq for NimPosition {
    fn eq(&self, other: &Self) -> bool {
        self.heaps == other.heaps
    }
}

impl Eq for NimPosition {}

impl NimPosition {
    /// The position with these heaps.
    ///
    /// ```
    /// use nimlab::games::{nim::NimPosition, Position};
    /// let p = NimPosition::new(vec![3u32.into(), 5u32.into()]);
    /// assert_eq!(p.notation(), "3 5");
    /// ```
    pub fn new(heaps: Vec<BigUint>) -> Self {
        NimPosition {
            heaps: Arc::new(heaps),
            text: Arc::new(OnceLock::new()),
        }
    }

    /// The heap sizes, in the order given.
    pub fn heaps(&self) -> &[BigUint] {
        &self.heaps
    }

    /// Reads heap sizes.
    ///
    /// # Errors
    /// A token that is not a whole number ≥ 0, or no heaps at all.
    pub fn parse(args: &[Arg<'_>]) -> Result<Self> {
        if args.is_empty() {
            return Err(Error::position(
                "nim",
                "no heaps given; write heap sizes, e.g. `3 5 7`",
            ));
        }
        let heaps = args
            .iter()
            .map(|a| a.big_natural("a heap size"))
            .collect::<Result<Vec<_>>>()?;
        Ok(NimPosition::new(heaps))
    }

    fn notation_cache(&self) -> &Notation {
        self.text.get_or_init(|| {
            let mut text = String::with_capacity(self.heaps.len() * 4);
            let mut spans = Vec::with_capacity(self.heaps.len());
            for (i, h) in self.heaps.iter().enumerate() {
                if i > 0 {
                    text.push(' ');
                }
                let start = text.len();
                match h.to_u64() {
                    Some(x) => {
                        use std::fmt::Write;
                        let _ = write!(text, "{x}");
                    }
                    None => text.push_str(&h.to_string()),
                }
                spans.push((start, text.len()));
            }
            Notation { text, spans }
        })
    }

    fn nim_sum(&self) -> BigUint {
        crate::nimber::nim_sum_big(self.heaps.iter())
    }

    fn take_move(&self, i: usize, size: BigUint) -> Move {
        let taken = &self.heaps[i] - &size;
        let description = if size.is_zero() {
            format!("take all {taken} from heap {}", i + 1)
        } else {
            format!("take {taken} from heap {}, leaving {size}", i + 1)
        };
        Move {
            to: Box::new(AfterMove {
                before: self.clone(),
                heap: i,
                size,
            }),
            description,
        }
    }

    /// Builds the first `limit` of the moves (heap, new size) that `new_size` proposes,
    /// counting them all.
    fn moves_where(
        &self,
        limit: usize,
        mut new_size: impl FnMut(usize, &BigUint) -> Option<BigUint>,
    ) -> MoveList {
        let mut list = MoveList::default();
        for (i, h) in self.heaps.iter().enumerate() {
            if let Some(s) = new_size(i, h) {
                list.total += 1;
                if list.moves.len() < limit {
                    list.moves.push(self.take_move(i, s));
                }
            }
        }
        list
    }
}

impl Position for NimPosition {
    fn game(&self) -> String {
        "nim".to_string()
    }

    fn read_move(&self, text: &str) -> Option<std::result::Result<Move, String>> {
        let small: Vec<u64> = self
            .heaps
            .iter()
            .map(|h| h.to_u64())
            .collect::<Option<_>>()?;
        let (i, size) = match crate::games::read_heap_move(&small, text)? {
            Ok(m) => m,
            Err(reason) => return Some(Err(reason)),
        };
        Some(Ok(self.take_move(i, BigUint::from(size))))
    }

    /// The heaps as rows of matches (empty heaps left out); none past 64 bits.
    fn figure(&self) -> Option<crate::games::Figure> {
        use crate::games::{Figure, Heap, Shape};
        let small: Vec<u64> = self
            .heaps
            .iter()
            .map(|h| h.to_u64())
            .collect::<Option<_>>()?;
        let title = format!("{} {}", self.game(), self.notation());
        Some(Figure::new(Shape::Heaps(Heap::live("heap", &small))).titled(title))
    }

    fn notation(&self) -> String {
        self.notation_cache().text.clone()
    }

    fn boxed_clone(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn value(&self) -> Result<Nimber> {
        Ok(Nimber::new(self.nim_sum()))
    }

    fn moves_to_value(&self, target: &Nimber, limit: usize) -> Result<MoveList> {
        // Heap h must become h XOR x, where x is the value now XOR the target.
        let x = self.nim_sum() ^ target.grundy();
        if x.is_zero() {
            return Ok(MoveList::default());
        }
        let top = x.bits() - 1;
        Ok(self.moves_where(limit, |_, h| h.bit(top).then(|| h ^ &x)))
    }

    fn options(&self) -> Result<Vec<Move>> {
        let total = self
            .heaps
            .iter()
            .try_fold(0u64, |acc, h| h.to_u64().and_then(|h| acc.checked_add(h)));
        match total {
            Some(t) if t as usize <= crate::games::rules::MAX_OPTIONS => {}
            _ => {
                return Err(Error::limit(
                    "listing every move of this Nim position",
                    format!("{} moves", crate::games::rules::MAX_OPTIONS),
                ))
            }
        }
        let mut out = Vec::new();
        for (i, h) in self.heaps.iter().enumerate() {
            let h = h.to_u64().unwrap_or(0);
            for s in 0..h {
                out.push(self.take_move(i, BigUint::from(s)));
            }
        }
        Ok(out)
    }

    fn reach(&self, max_positions: u64, max_moves: u64) -> Result<Option<Reach>> {
        // The heaps go down independently: Π(hᵢ + 1) positions. A position's moves number
        // the sum of its heaps, and over all positions heap i stands at each size 0..=hᵢ
        // equally often, hᵢ / 2 on average: the moves number Π(hᵢ + 1) · Σhᵢ / 2.
        let mut positions: u128 = 1;
        let mut counters: u128 = 0;
        for h in self.heaps.iter() {
            let Some(h) = h.to_u64() else {
                return Ok(None);
            };
            positions = positions.saturating_mul(u128::from(h) + 1);
            counters += u128::from(h);
            if positions > u128::from(max_positions) {
                return Ok(None);
            }
        }
        let moves = positions.saturating_mul(counters) / 2;
        if moves > u128::from(max_moves) {
            return Ok(None);
        }
        // Both are within the limits, which are u64s.
        Ok(Some(Reach {
            positions: u64::try_from(positions).unwrap_or(u64::MAX),
            moves: u64::try_from(moves).unwrap_or(u64::MAX),
        }))
    }

    fn misere_outcome(&self) -> Result<Outcome> {
        let one = BigUint::one();
        let large = self.heaps.iter().any(|h| h > &one);
        let ones = self.heaps.iter().filter(|h| h.is_one()).count();
        let p = if large {
            self.nim_sum().is_zero()
        } else {
            ones % 2 == 1
        };
        Ok(Outcome::from_grundy_zero(p))
    }

    fn misere_winning_moves(&self, limit: usize) -> Option<Result<MoveList>> {
        let one = BigUint::one();
        let large = self.heaps.iter().filter(|h| *h > &one).count();
        let ones = self.heaps.iter().filter(|h| h.is_one()).count();
        let x = self.nim_sum();
        let is_p_after = |h: &BigUint, c: &BigUint| {
            let large_after = large - usize::from(h > &one) + usize::from(c > &one);
            let ones_after = ones - usize::from(h.is_one()) + usize::from(c.is_one());
            if large_after == 0 {
                ones_after % 2 == 1
            } else {
                (&x ^ h ^ c).is_zero()
            }
        };
        let mut list = MoveList::default();
        for (i, h) in self.heaps.iter().enumerate() {
            let mut candidates = vec![BigUint::zero(), BigUint::one(), h ^ &x];
            candidates.sort();
            candidates.dedup();
            for c in candidates {
                if &c < h && is_p_after(h, &c) {
                    list.total += 1;
                    if list.moves.len() < limit {
                        list.moves.push(self.take_move(i, c));
                    }
                }
            }
        }
        Some(Ok(list))
    }

    fn explain_misere(&self) -> Option<Explanation> {
        let one = BigUint::one();
        let large = self.heaps.iter().filter(|h| *h > &one).count();
        let ones = self.heaps.iter().filter(|h| h.is_one()).count();
        let text = match large {
            0 => format!(
                "Every heap has at most one counter, so each move removes one heap of 1. There are {ones} of them: the player to move loses when the number is odd (they take the last one)."
            ),
            1 => format!(
                "Exactly one heap has 2 or more counters: the player to move wins by reducing it to 0 or 1, whichever leaves an odd number of heaps of 1 ({ones} heaps of 1 now)."
            ),
            _ => format!(
                "{large} heaps have 2 or more counters, so misère Nim is played as Nim: the player to move loses exactly when the nim-sum is 0 (here it is {}). The rule changes only when a move would leave no heap of 2 or more: then leave an odd number of heaps of 1.",
                self.nim_sum()
            ),
        };
        Some(Explanation::Rule { text })
    }

    fn explain(&self) -> Option<Explanation> {
        Some(Explanation::NimColumns(NimColumns::new(
            "heap",
            self.heaps
                .iter()
                .enumerate()
                .map(|(i, h)| (format!("heap {}", i + 1), h.clone())),
        )))
    }
}

/// A Nim position one move after another: the same heaps but one. Written out from the
/// earlier position's notation; anything else works on the heaps made whole.
struct AfterMove {
    before: NimPosition,
    heap: usize,
    size: BigUint,
}

impl AfterMove {
    fn whole(&self) -> NimPosition {
        let mut heaps = (*self.before.heaps).clone();
        heaps[self.heap] = self.size.clone();
        NimPosition::new(heaps)
    }
}

impl Position for AfterMove {
    fn game(&self) -> String {
        "nim".to_string()
    }

    fn notation(&self) -> String {
        let n = self.before.notation_cache();
        let (start, end) = n.spans[self.heap];
        let size = self.size.to_string();
        let mut s = String::with_capacity(n.text.len() + size.len());
        s.push_str(&n.text[..start]);
        s.push_str(&size);
        s.push_str(&n.text[end..]);
        s
    }

    fn boxed_clone(&self) -> Box<dyn Position> {
        Box::new(self.whole())
    }

    fn value(&self) -> Result<Nimber> {
        self.whole().value()
    }

    fn moves_to_value(&self, target: &Nimber, limit: usize) -> Result<MoveList> {
        self.whole().moves_to_value(target, limit)
    }

    fn options(&self) -> Result<Vec<Move>> {
        self.whole().options()
    }

    fn misere_outcome(&self) -> Result<Outcome> {
        self.whole().misere_outcome()
    }

    fn reach(&self, max_positions: u64, max_moves: u64) -> Result<Option<Reach>> {
        self.whole().reach(max_positions, max_moves)
    }

    fn misere_winning_moves(&self, limit: usize) -> Option<Result<MoveList>> {
        self.whole().misere_winning_moves(limit)
    }

    fn read_move(&self, text: &str) -> Option<std::result::Result<Move, String>> {
        self.whole().read_move(text)
    }

    fn figure(&self) -> Option<crate::games::Figure> {
        let title = format!("{} {}", self.game(), self.notation());
        Some(self.whole().figure()?.titled(title))
    }

    fn explain(&self) -> Option<Explanation> {
        self.whole().explain()
    }

    fn explain_misere(&self) -> Option<Explanation> {
        self.whole().explain_misere()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Catalogue;
    use crate::impartial::{GrundySolver, ImpartialGame, MisereSolver};
    use proptest::prelude::*;
    use std::cell::RefCell;

    /// Nim searched move by move: no closed form, and no splitting into single heaps.
    struct SearchedNim;

    impl ImpartialGame for SearchedNim {
        type Position = Vec<u64>;
        fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..heaps.len() {
                for smaller in 0..heaps[i] {
                    let mut next = heaps.clone();
                    next[i] = smaller;
                    out.push(next);
                }
            }
        }
    }

    thread_local! {
        // Shared by the cases, whose positions overlap: each is searched once.
        static NORMAL: RefCell<GrundySolver<SearchedNim>> =
            RefCell::new(GrundySolver::without_closed_forms(SearchedNim));
        static MISERE: RefCell<MisereSolver<SearchedNim>> =
            RefCell::new(MisereSolver::new(SearchedNim));
    }

    fn searched_value(heaps: &[u64]) -> u64 {
        NORMAL.with(|s| s.borrow_mut().value(&heaps.to_vec()).unwrap())
    }

    fn searched_misere_p(heaps: &[u64]) -> bool {
        MISERE.with(|s| !s.borrow_mut().is_next_win(&heaps.to_vec()).unwrap())
    }

    /// Every move (heap index, new size), in heap order and then by size, with the
    /// position it leaves.
    fn every_move(heaps: &[u64]) -> Vec<(usize, u64, Vec<u64>)> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for smaller in 0..h {
                let mut next = heaps.to_vec();
                next[i] = smaller;
                out.push((i, smaller, next));
            }
        }
        out
    }

    fn notations(list: &MoveList) -> Vec<String> {
        list.moves.iter().map(|m| m.to.notation()).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Bouton's value, the winning moves and the misère rule against search, both on
        /// machine numbers and through the catalogue, whose Nim has heaps of any size.
        #[test]
        fn closed_forms_match_search(heaps in proptest::collection::vec(0u64..8, 1..5)) {
            let searched = searched_value(&heaps);
            prop_assert_eq!(value(&heaps), searched);
            let moves = every_move(&heaps);
            let winning: Vec<&(usize, u64, Vec<u64>)> =
                moves.iter().filter(|(_, _, next)| searched_value(next) == 0).collect();
            let pairs: Vec<(usize, u64)> = winning.iter().map(|&&(i, s, _)| (i, s)).collect();
            prop_assert_eq!(winning_moves(&heaps), pairs);
            let misere_p = searched_misere_p(&heaps);
            prop_assert_eq!(misere_is_p(&heaps), misere_p);

            let tokens: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
            let refs: Vec<&str> = tokens.iter().map(|t| t.as_str()).collect();
            let p = Catalogue::standard().parse_position("nim", &refs, 2).unwrap();
            prop_assert_eq!(p.value().unwrap(), Nimber::from(searched));
            let text = |next: &[u64]| crate::games::format_heaps(next);
            let found = p.moves_to_value(&Nimber::default(), usize::MAX).unwrap();
            let expected: Vec<String> = winning.iter().map(|(_, _, next)| text(next)).collect();
            prop_assert_eq!(found.total, expected.len());
            prop_assert_eq!(notations(&found), expected);
            prop_assert_eq!(p.misere_outcome().unwrap(), Outcome::from_grundy_zero(misere_p));
            let found = p.misere_winning_moves(usize::MAX).unwrap().unwrap();
            let expected: Vec<String> = moves
                .iter()
                .filter(|(_, _, next)| searched_misere_p(next))
                .map(|(_, _, next)| text(next))
                .collect();
            prop_assert_eq!(found.total, expected.len());
            prop_assert_eq!(notations(&found), expected);
        }
    }

    fn parse(tokens: &[&str]) -> NimPosition {
        NimPosition::parse(&crate::games::args::number(tokens, 1)).unwrap()
    }

    #[test]
    fn facts_from_the_texts() {
        // 003: 3 6 8 9 has nim-sum 4; the winning move is 6 -> 2.
        assert_eq!(value(&[3, 6, 8, 9]), 4);
        assert_eq!(winning_moves(&[3, 6, 8, 9]), vec![(1, 2)]);
        // 004: 6 7 8 has nim-sum 9; 8 -> 1.
        assert_eq!(value(&[6, 7, 8]), 9);
        assert_eq!(winning_moves(&[6, 7, 8]), vec![(2, 1)]);
        // 001: 3 4 5 has nim-sum 2; 3 -> 1.
        assert_eq!(value(&[3, 4, 5]), 2);
        assert_eq!(winning_moves(&[3, 4, 5]), vec![(0, 1)]);
        // 000 (corrected): 3 8 11 is P, 3 8 10 is not.
        assert_eq!(value(&[3, 8, 11]), 0);
        assert_ne!(value(&[3, 8, 10]), 0);
        assert_eq!(value(&[4, 5, 6, 7]), 0);
        assert!(misere_is_p(&[1, 3, 5, 7]));
    }

    #[test]
    fn huge_heaps() {
        let p = parse(&["10000000000000000000000000000000000000000", "1"]);
        let v = Position::value(&p).unwrap();
        assert_eq!(v.to_string(), "*10000000000000000000000000000000000000001");
        let w = p.moves_to_value(&Nimber::default(), 10).unwrap();
        assert_eq!(w.total, 1);
        assert_eq!(w.moves[0].to.notation(), "1 1");
    }

    #[test]
    fn misere_moves_match_the_rule_in_the_texts() {
        // 2 1 1: play as in Nim would take the 2 to 0 (nim-sum 2), leaving two 1s;
        // the misère rule leaves an odd number of 1s instead: take the 2 down to 1.
        let p = parse(&["2", "1", "1"]);
        let w = p.misere_winning_moves(10).unwrap().unwrap();
        let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
        assert_eq!(to, vec!["1 1 1"]);
    }

    #[test]
    fn misere_moves_agree_with_search() {
        for a in 0..5u64 {
            for b in 0..5u64 {
                for c in 0..4u64 {
                    let p = parse(&[&a.to_string(), &b.to_string(), &c.to_string()]);
                    let fast: Vec<String> = p
                        .misere_winning_moves(100)
                        .unwrap()
                        .unwrap()
                        .moves
                        .iter()
                        .map(|m| m.to.notation())
                        .collect();
                    let mut slow = Vec::new();
                    for m in p.options().unwrap() {
                        let heaps: Vec<u64> =
                            m.to.notation()
                                .split(' ')
                                .map(|t| t.parse().unwrap())
                                .collect();
                        if misere_is_p_by_search(&heaps) {
                            slow.push(m.to.notation());
                        }
                    }
                    assert_eq!(fast, slow, "{a} {b} {c}");
                }
            }
        }
    }

    fn misere_is_p_by_search(heaps: &[u64]) -> bool {
        // P iff every move leads to an N-position; no move at all is a misère win (N).
        let mut any = false;
        for i in 0..heaps.len() {
            for s in 0..heaps[i] {
                any = true;
                let mut next = heaps.to_vec();
                next[i] = s;
                if misere_is_p_by_search(&next) {
                    return false;
                }
            }
        }
        any
    }
}
