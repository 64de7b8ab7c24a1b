//! Mock Turtles (Převracení nejvýše tří želv, text 000).
//!
//! Rules: coins lie in a row, each heads (H) or tails (T) up; positions are numbered
//! 1, 2, 3, … from the left. A move turns one, two or three coins; the rightmost of them
//! must go from heads to tails, the others (to its left) may go either way. The player who
//! cannot move (every coin tails) loses. (This reads the text's "at most three" as three
//! coins in all, as the catalogue fixes.)
//!
//! The text asks whether the game is finite. It is: read the row as a binary number in
//! which the coin on position i counts 2^i when heads. A move turns the rightmost of its
//! coins from heads to tails and changes only smaller powers to its left, so the number
//! drops with every move.
//!
//! Notation: as `turtles`, the row as `H` and `T` (either case), e.g. `THHTH`.
//!
//! Closed form: a head on position i is worth odious(i − 1), where odious(n) is the n-th
//! odious number counting from n = 0 (odious: an odd number of 1s in binary; OEIS
//! A000069): 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, … for i = 1, 2, 3, …; the row is worth the
//! nim-sum of its heads' worths. odious(n) is 2n when n has an odd number of 1s in binary,
//! and 2n + 1 otherwise.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Heads on 2, 3 and 5: 2 ⊕ 4 ⊕ 8 = 14.
//! let p = cat.parse_position("mock-turtles", &["THHTH"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(14u64));
//! // Two winning moves turn coin 5 (worth 8) to tails: with coins 1 and 4 to heads
//! // (8 = 1 ⊕ 7), or with coins 2 and 3 to tails (8 = 2 ⊕ 4).
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, vec!["HHHHT", "TTTTT"]);
//! ```

use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{NimHeap, Rules, Typed};
use crate::games::turtles::{check_row_searchable, describe_turn, read_row, Row};
use crate::impartial::ImpartialGame;
use crate::Result;

/// The longest row read (a position may have about n²/4 winning moves, each a row).
pub const MAX_COINS: usize = 1_000;

/// The rightmost head a search (misère play, listing every move) accepts.
pub const MAX_SEARCH: usize = 10;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::mock_turtles::entry();
/// assert_eq!(e.name, "mock-turtles");
/// let p = (e.build)(None, &nimlab::games::args::number(&["TTTH"], 2)).unwrap();
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(7u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "mock-turtles",
        usage: "mock-turtles",
        summary: "coins in a row; turn one to three coins, the rightmost from heads to tails",
        position: "the row of coins as H (heads) and T (tails), position 1 on the left, e.g. `mock-turtles THHTH`",
        example: "mock-turtles THHTH",
        start: "THHTH",
        params: Params::None,
        build: |_, args| {
            let row = read_row("mock-turtles", args, MAX_COINS)?;
            Ok(Box::new(Typed::new(MockTurtles, row)))
        },
    }
}

/// The n-th odious number, from n = 0: 1, 2, 4, 7, 8, 11, 13, 14, …
///
/// ```
/// use nimlab::games::mock_turtles::odious;
/// assert_eq!((0..8).map(odious).collect::<Vec<_>>(), vec![1, 2, 4, 7, 8, 11, 13, 14]);
/// ```
pub fn odious(n: u64) -> u64 {
    2 * n + u64::from(n.count_ones() % 2 == 0)
}

/// The n with `odious(n) == v`, when v is odious.
fn odious_index(v: u64) -> Option<u64> {
    (v.count_ones() % 2 == 1).then_some(v / 2)
}

/// The worth of a head on `position` (from 1): the (position − 1)-th odious number.
///
/// ```
/// assert_eq!(nimlab::games::mock_turtles::head_value(4), 7);
/// ```
pub fn head_value(position: usize) -> u64 {
    odious(position.saturating_sub(1) as u64)
}

/// The position (from 1) whose head is worth `v`, when there is one.
fn position_worth(v: u64) -> Option<usize> {
    usize::try_from(odious_index(v)?).ok()?.checked_add(1)
}

/// The game Mock Turtles.
///
/// ```
/// use nimlab::impartial::{GrundySolver, ImpartialGame};
/// use nimlab::games::{mock_turtles::MockTurtles, turtles::Row};
/// let row = Row::parse("THHTH").unwrap();
/// assert_eq!(MockTurtles.closed_form(&row), Some(14));
/// assert_eq!(GrundySolver::without_closed_forms(MockTurtles).value(&row).unwrap(), 14);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MockTurtles;

impl ImpartialGame for MockTurtles {
    type Position = Row;

    fn options(&self, row: &Row, out: &mut Vec<Row>) {
        for k in row.heads() {
            out.push(row.turned(&[k]));
            for j2 in 1..k {
                out.push(row.turned(&[k, j2]));
                for j1 in 1..j2 {
                    out.push(row.turned(&[k, j2, j1]));
                }
            }
        }
    }

    fn closed_form(&self, row: &Row) -> Option<u64> {
        Some(crate::nimber::nim_sum(row.heads().map(head_value)))
    }
}

impl Rules for MockTurtles {
    fn id(&self) -> String {
        "mock-turtles".to_string()
    }

    fn format(&self, row: &Row) -> String {
        row.to_string()
    }

    fn figure(&self, pos: &Row) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Shape, Strip};
        Some(Figure::new(Shape::Strip(Strip::coin_row(
            &pos.to_string(),
        )?)))
    }

    fn describe(&self, from: &Row, to: &Row) -> String {
        describe_turn(from, to)
    }

    fn options_of_value(
        &self,
        row: &Row,
        target: u64,
        hits: &mut crate::games::rules::Hits<Row>,
    ) -> Option<()> {
        let total = self.closed_form(row)?;
        for k in row.heads() {
            // The other coins turned must change the value by `rest`.
            let rest = total ^ head_value(k) ^ target;
            if rest == 0 {
                hits.add(|| row.turned(&[k]));
            }
            if let Some(j) = position_worth(rest).filter(|&j| j < k) {
                hits.add(|| row.turned(&[k, j]));
            }
            for j1 in 1..k {
                if let Some(j2) = position_worth(rest ^ head_value(j1)) {
                    if j1 < j2 && j2 < k {
                        hits.add(|| row.turned(&[k, j2, j1]));
                    }
                }
            }
        }
        Some(())
    }

    fn nim_heaps(&self, row: &Row) -> Option<(String, Vec<NimHeap>)> {
        Some((
            "head".to_string(),
            row.heads()
                .map(|i| {
                    (
                        format!("head on position {i}: odious({})", i - 1),
                        head_value(i),
                    )
                })
                .collect(),
        ))
    }

    fn check_searchable(&self, row: &Row) -> Result<()> {
        check_row_searchable(row, MAX_SEARCH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use crate::Error;
    use proptest::prelude::*;

    /// OEIS A000069, the odious numbers, from its first terms.
    const A000069: [u64; 40] = [
        1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47,
        49, 50, 52, 55, 56, 59, 61, 62, 64, 67, 69, 70, 73, 74, 76, 79,
    ];

    fn row(text: &str) -> Row {
        Row::parse(text).unwrap()
    }

    #[test]
    fn odious_numbers() {
        for (n, &v) in A000069.iter().enumerate() {
            assert_eq!(odious(n as u64), v);
            assert_eq!(v.count_ones() % 2, 1);
            assert_eq!(position_worth(v), Some(n + 1));
        }
        assert_eq!(position_worth(3), None);
        assert_eq!(position_worth(0), None);
    }

    #[test]
    fn a_head_is_worth_an_odious_number_by_search() {
        let mut solver = GrundySolver::without_closed_forms(MockTurtles);
        for i in 1..=12 {
            let single = Row::tails(i).turned(&[i]);
            assert_eq!(
                solver.value(&single).unwrap(),
                A000069[i - 1],
                "position {i}"
            );
        }
    }

    #[test]
    fn the_game_is_finite() {
        // Every move lowers the row read as a binary number (coin i counting 2^i).
        let number = |r: &Row| r.heads().map(|i| 1u64 << i).sum::<u64>();
        for len in 1..=8 {
            for bits in 0..1u32 << len {
                let text: String = (0..len)
                    .map(|i| if bits >> i & 1 == 1 { 'H' } else { 'T' })
                    .collect();
                let r = row(&text);
                let mut all = Vec::new();
                MockTurtles.options(&r, &mut all);
                assert!(all.iter().all(|o| number(o) < number(&r)));
            }
        }
    }

    #[test]
    fn examples() {
        let r = row("THHTH");
        let win = MockTurtles.all_options_of_value(&r, 0).unwrap();
        assert_eq!(win, vec![row("HHHHT"), row("TTTTT")]);
        assert_eq!(
            MockTurtles.describe(&r, &win[1]),
            "turn the coin on position 5 to tails, the coin on position 2 to tails and the coin on position 3 to tails"
        );
        let (_, heaps) = MockTurtles.nim_heaps(&row("TTTH")).unwrap();
        assert_eq!(
            heaps,
            vec![("head on position 4: odious(3)".to_string(), 7)]
        );
        // Long rows: the value and the winning moves need no search.
        let mut big = Row::tails(MAX_COINS);
        for p in [3, 500, 999] {
            big = big.turned(&[p]);
        }
        assert_eq!(
            MockTurtles.closed_form(&big),
            Some(head_value(3) ^ head_value(500) ^ head_value(999))
        );
        let win = MockTurtles.all_options_of_value(&big, 0).unwrap();
        assert!(win.iter().all(|w| MockTurtles.closed_form(w) == Some(0)));
        assert!(!win.is_empty());
        assert!(matches!(
            MockTurtles.check_searchable(&big),
            Err(Error::Limit(_))
        ));
        let long = "H".repeat(MAX_COINS + 1);
        let args = crate::games::args::number(&[&long], 1);
        assert!(matches!(
            read_row("mock-turtles", &args, MAX_COINS),
            Err(Error::Limit(_))
        ));
    }

    fn rows(max_len: usize) -> impl Strategy<Value = Row> {
        proptest::collection::vec(any::<bool>(), 1..=max_len).prop_map(|coins| {
            let text: String = coins.iter().map(|&h| if h { 'H' } else { 'T' }).collect();
            Row::parse(&text).unwrap()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn closed_form_and_moves_match_search(pos in rows(9)) {
            let mut solver = GrundySolver::without_closed_forms(MockTurtles);
            prop_assert_eq!(solver.value(&pos).unwrap(), MockTurtles.closed_form(&pos).unwrap());
            let mut all = Vec::new();
            MockTurtles.options(&pos, &mut all);
            for target in 0..32 {
                let mut want: Vec<Row> = all
                    .iter()
                    .filter(|o| solver.value(o).unwrap() == target)
                    .cloned()
                    .collect();
                let mut got = MockTurtles.all_options_of_value(&pos, target).unwrap();
                want.sort_by_key(|r| r.to_string());
                got.sort_by_key(|r| r.to_string());
                prop_assert_eq!(got, want);
            }
        }
    }
}
