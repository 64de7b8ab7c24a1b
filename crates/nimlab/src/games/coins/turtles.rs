//! Turning Turtles (Převracení želv, text 000).
//!
//! Rules: coins lie in a row, each heads (H) or tails (T) up; positions are numbered
//! 1, 2, 3, … from the left. A move turns one coin from heads to tails and may also turn
//! one other coin to its left, either way (heads to tails or tails to heads). The player
//! who cannot move (every coin tails) loses.
//!
//! Notation: the row as a string of `H` and `T` (lowercase `h`, `t` too), e.g. `TTHHTHH`.
//! It may be split over several tokens, which are joined (`H H T` is `HHT`). The Czech
//! text writes O (orel, heads) and P (panna, tails): write those as H and T; O and P are
//! not read, so that a row cannot be misread.
//!
//! Closed form: a head on position i is a Nim heap of i, and the row is worth the nim-sum
//! of the positions of its heads. (Turning the head on i and a tail on j < i moves the heap
//! i to j; turning the head on i alone removes it; turning a head on j too removes two
//! heaps i and j, which changes the value exactly as moving i to j would.)
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Text 000: O O P P O P P is HHTTHTT, heads on 1, 2 and 5: 1 ⊕ 2 ⊕ 5 = 6.
//! let p = cat.parse_position("turtles", &["HHTTHTT"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(6u64));
//! // The one winning move turns coin 5 to tails and coin 3 to heads (heap 5 → 3).
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! assert_eq!(w.total, 1);
//! assert_eq!(w.moves[0].to.notation(), "HHHTTTT");
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{NimHeap, Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};

/// The longest row read.
pub const MAX_COINS: usize = 10_000;

/// The rightmost head a search (misère play, listing every move) accepts: the search may
/// meet every row up to it, 2^n of them.
pub const MAX_SEARCH: usize = 12;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::turtles::entry();
/// assert_eq!(e.name, "turtles");
/// let p = (e.build)(None, &nimlab::games::args::number(&["TTHHTHH"], 2)).unwrap();
/// // Heads on 3, 4, 6, 7: 3 ⊕ 4 ⊕ 6 ⊕ 7 = 6.
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(6u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "turtles",
        usage: "turtles",
        summary: "coins in a row; turn one head to tails and maybe one coin to its left (either way)",
        position: "the row of coins as H (heads) and T (tails), position 1 on the left, e.g. `turtles TTHHTHH`",
        example: "turtles TTHHTHH",
        start: "TTHHTHH",
        params: Params::None,
        build: |_, args| {
            let row = read_row("turtles", args, MAX_COINS)?;
            Ok(Box::new(Typed::new(Turtles, row)))
        },
    }
}

/// A row of coins, heads or tails, positions numbered from 1 on the left.
///
/// ```
/// use nimlab::games::turtles::Row;
/// let row = Row::parse("TTHHTHH").unwrap();
/// assert_eq!(row.len(), 7);
/// assert_eq!(row.heads().collect::<Vec<_>>(), vec![3, 4, 6, 7]);
/// assert_eq!(row.to_string(), "TTHHTHH");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Row {
    len: usize,
    /// Bit i − 1 (of the words, in order) is set when the coin on position i is heads.
    words: Vec<u64>,
}

impl Row {
    /// A row of `len` coins, all tails.
    ///
    /// ```
    /// let row = nimlab::games::turtles::Row::tails(3);
    /// assert_eq!(row.to_string(), "TTT");
    /// ```
    pub fn tails(len: usize) -> Self {
        Row {
            len,
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// Reads a row of `H` and `T` (either case); `None` for any other character.
    ///
    /// ```
    /// use nimlab::games::turtles::Row;
    /// assert_eq!(Row::parse("hTh").unwrap().to_string(), "HTH");
    /// assert!(Row::parse("OOP").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Self> {
        let mut row = Row::tails(text.chars().count());
        for (i, ch) in text.chars().enumerate() {
            match ch {
                'H' | 'h' => row.flip(i + 1),
                'T' | 't' => {}
                _ => return None,
            }
        }
        Some(row)
    }

    /// The number of coins.
    ///
    /// ```
    /// assert_eq!(nimlab::games::turtles::Row::parse("HTT").unwrap().len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the row has no coins.
    ///
    /// ```
    /// assert!(nimlab::games::turtles::Row::tails(0).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the coin on `position` (from 1) is heads; false off the row.
    ///
    /// ```
    /// let row = nimlab::games::turtles::Row::parse("THT").unwrap();
    /// assert!(row.is_head(2) && !row.is_head(1) && !row.is_head(9));
    /// ```
    pub fn is_head(&self, position: usize) -> bool {
        position >= 1
            && position <= self.len
            && self.words[(position - 1) / 64] >> ((position - 1) % 64) & 1 == 1
    }

    /// Turns the coin on `position` (from 1) over.
    ///
    /// # Panics
    /// If `position` is not on the row.
    fn flip(&mut self, position: usize) {
        assert!((1..=self.len).contains(&position), "position on the row");
        self.words[(position - 1) / 64] ^= 1 << ((position - 1) % 64);
    }

    /// The row with the coins on `positions` (from 1, each on the row) turned over.
    ///
    /// ```
    /// let row = nimlab::games::turtles::Row::parse("HHTTHTT").unwrap();
    /// assert_eq!(row.turned(&[5, 3]).to_string(), "HHHTTTT");
    /// ```
    ///
    /// # Panics
    /// If a position is not on the row.
    pub fn turned(&self, positions: &[usize]) -> Row {
        let mut next = self.clone();
        for &p in positions {
            next.flip(p);
        }
        next
    }

    /// The positions of the heads, from the left.
    ///
    /// ```
    /// let row = nimlab::games::turtles::Row::parse("HTTH").unwrap();
    /// assert_eq!(row.heads().collect::<Vec<_>>(), vec![1, 4]);
    /// ```
    pub fn heads(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &bits)| {
            let mut rest = bits;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + b + 1
                })
            })
        })
    }

    /// The position of the rightmost head, 0 when every coin is tails.
    ///
    /// ```
    /// assert_eq!(nimlab::games::turtles::Row::parse("HTHTT").unwrap().last_head(), 3);
    /// ```
    pub fn last_head(&self) -> usize {
        self.words
            .iter()
            .enumerate()
            .rev()
            .find(|&(_, &bits)| bits != 0)
            .map_or(0, |(w, &bits)| w * 64 + 64 - bits.leading_zeros() as usize)
    }

    /// The positions where two rows of the same length differ, from the left.
    fn differences(&self, other: &Row) -> Vec<usize> {
        (1..=self.len.min(other.len))
            .filter(|&p| self.is_head(p) != other.is_head(p))
            .collect()
    }
}

impl std::fmt::Display for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text: String = (1..=self.len)
            .map(|p| if self.is_head(p) { 'H' } else { 'T' })
            .collect();
        f.write_str(&text)
    }
}

/// Reads a row from one or more tokens of `H` and `T` (joined), at most `max` coins.
pub(crate) fn read_row(game: &str, args: &[Arg<'_>], max: usize) -> Result<Row> {
    if args.is_empty() {
        return Err(Error::position(
            game,
            "no coins given; write the row with H (heads) and T (tails), e.g. `TTHHTHH`",
        ));
    }
    let mut text = String::new();
    for arg in args {
        if arg.text.is_empty() || !arg.text.chars().all(|c| "HTht".contains(c)) {
            let hint = if arg.text.chars().any(|c| "OPop".contains(c)) {
                " (the Czech O, orel, is H here and P, panna, is T)"
            } else {
                ""
            };
            return Err(arg.error(format!(
                "a row of coins written with H (heads) and T (tails), e.g. `TTHHTHH`{hint}"
            )));
        }
        text.push_str(arg.text);
        if text.len() > max {
            return Err(Error::limit(
                format!("a row of {} or more coins", text.len()),
                format!("rows of up to {max} coins"),
            ));
        }
    }
    Row::parse(&text).ok_or_else(|| Error::position(game, "the row must be written with H and T"))
}

/// Refuses rows whose rightmost head is beyond `max` for a search.
pub(crate) fn check_row_searchable(row: &Row, max: usize) -> Result<()> {
    let last = row.last_head();
    if last > max {
        return Err(Error::limit(
            format!("searching a row whose rightmost head is on position {last}"),
            format!(
                "rows whose rightmost head is on position {max} or less (a search may meet 2^{max} rows)"
            ),
        ));
    }
    Ok(())
}

/// "turn the coin on position 5 to tails and the coin on position 3 to heads".
pub(crate) fn describe_turn(from: &Row, to: &Row) -> String {
    let changed = from.differences(to);
    let Some((&last, others)) = changed.split_last() else {
        return format!("move to {to}");
    };
    let mut words = format!("turn the coin on position {last} to tails");
    let others: Vec<String> = others
        .iter()
        .map(|&p| {
            format!(
                "the coin on position {p} to {}",
                if to.is_head(p) { "heads" } else { "tails" }
            )
        })
        .collect();
    match others.as_slice() {
        [] => {}
        [one] => words.push_str(&format!(" and {one}")),
        [init @ .., end] => words.push_str(&format!(", {} and {end}", init.join(", "))),
    }
    words
}

/// The game Turning Turtles.
///
/// ```
/// use nimlab::impartial::{GrundySolver, ImpartialGame};
/// use nimlab::games::turtles::{Row, Turtles};
/// let row = Row::parse("TTHHTHH").unwrap();
/// assert_eq!(Turtles.closed_form(&row), Some(6));
/// assert_eq!(GrundySolver::without_closed_forms(Turtles).value(&row).unwrap(), 6);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turtles;

impl ImpartialGame for Turtles {
    type Position = Row;

    fn options(&self, row: &Row, out: &mut Vec<Row>) {
        for i in row.heads() {
            out.push(row.turned(&[i]));
            for j in 1..i {
                out.push(row.turned(&[i, j]));
            }
        }
    }

    fn closed_form(&self, row: &Row) -> Option<u64> {
        Some(crate::nimber::nim_sum(row.heads().map(|i| i as u64)))
    }
}

impl Rules for Turtles {
    fn id(&self) -> String {
        "turtles".to_string()
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
        for i in row.heads() {
            // Turning i alone leaves total ⊕ i; turning j too also changes it by j.
            let j = total ^ i as u64 ^ target;
            if j == 0 {
                hits.add(|| row.turned(&[i]));
            } else if j < i as u64 {
                hits.add(|| row.turned(&[i, j as usize]));
            }
        }
        Some(())
    }

    fn nim_heaps(&self, row: &Row) -> Option<(String, Vec<NimHeap>)> {
        Some((
            "head".to_string(),
            row.heads()
                .map(|i| (format!("head on position {i}"), i as u64))
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
    use crate::games::args::number;
    use crate::impartial::{GrundySolver, MisereSolver};
    use proptest::prelude::*;

    fn row(text: &str) -> Row {
        Row::parse(text).unwrap()
    }

    fn parse(tokens: &[&str]) -> Result<Row> {
        read_row("turtles", &number(tokens, 1), MAX_COINS)
    }

    /// A random row of `len` coins.
    fn rows(max_len: usize) -> impl Strategy<Value = Row> {
        proptest::collection::vec(any::<bool>(), 1..=max_len).prop_map(|coins| {
            let text: String = coins.iter().map(|&h| if h { 'H' } else { 'T' }).collect();
            Row::parse(&text).unwrap()
        })
    }

    #[test]
    fn text_000_exercise() {
        // O O P P O P P (orel = heads, panna = tails): heads on 1, 2, 5, nim-sum 6, an
        // N-position; the only winning move turns coin 5 and coin 3 (heap 5 → heap 3).
        let p = row("HHTTHTT");
        assert_eq!(Turtles.closed_form(&p), Some(6));
        assert_eq!(
            GrundySolver::without_closed_forms(Turtles)
                .value(&p)
                .unwrap(),
            6
        );
        let win = Turtles.all_options_of_value(&p, 0).unwrap();
        assert_eq!(win, vec![row("HHHTTTT")]);
        assert_eq!(
            Turtles.describe(&p, &win[0]),
            "turn the coin on position 5 to tails and the coin on position 3 to heads"
        );
        let (unit, heaps) = Turtles.nim_heaps(&p).unwrap();
        assert_eq!(unit, "head");
        assert_eq!(heaps[2], ("head on position 5".to_string(), 5));
    }

    #[test]
    fn a_head_on_position_i_is_a_heap_of_i() {
        let mut solver = GrundySolver::without_closed_forms(Turtles);
        for i in 1..=12 {
            let single = Row::tails(i).turned(&[i]);
            assert_eq!(solver.value(&single).unwrap(), i as u64);
        }
    }

    #[test]
    fn notation() {
        assert_eq!(parse(&["TTHHTHH"]).unwrap(), row("TTHHTHH"));
        assert_eq!(parse(&["h", "H", "t"]).unwrap(), row("HHT"));
        assert_eq!(Turtles.format(&row("hhTt")), "HHTT");
        assert!(matches!(
            parse(&[]),
            Err(Error::Rule(crate::RuleError::Position { .. }))
        ));
        for bad in ["O", "HHX", "", "1", "H,T", "ＨT"] {
            assert!(
                matches!(
                    parse(&[bad]),
                    Err(Error::Parse(crate::ParseError::Token { .. }))
                ),
                "{bad:?}"
            );
        }
        let err = parse(&["H", "OOPP"]).unwrap_err().to_string();
        assert!(err.contains("`OOPP` (argument 2)"), "{err}");
        assert!(err.contains("orel"), "{err}");
        let long = "T".repeat(MAX_COINS + 1);
        assert!(matches!(parse(&[&long]), Err(Error::Limit(_))));
        // Long rows: value and winning moves by the closed form, search refused.
        let mut big = Row::tails(MAX_COINS);
        for p in [1, 700, 9999, 10_000] {
            big = big.turned(&[p]);
        }
        assert_eq!(Turtles.closed_form(&big), Some(1 ^ 700 ^ 9999 ^ 10_000));
        assert!(!Turtles.all_options_of_value(&big, 0).unwrap().is_empty());
        assert!(matches!(
            Turtles.check_searchable(&big),
            Err(Error::Limit(_))
        ));
    }

    #[test]
    fn bits_beyond_one_word() {
        let r = Row::tails(130).turned(&[1, 64, 65, 128, 130]);
        assert_eq!(r.heads().collect::<Vec<_>>(), vec![1, 64, 65, 128, 130]);
        assert_eq!(r.last_head(), 130);
        assert_eq!(Row::parse(&r.to_string()).unwrap(), r);
        assert_eq!(Row::tails(70).last_head(), 0);
    }

    #[test]
    fn misere_search_stays_within_its_limit() {
        let every_head = Row::parse(&"H".repeat(MAX_SEARCH)).unwrap();
        assert!(Turtles.check_searchable(&every_head).is_ok());
        let one_more = Row::parse(&"H".repeat(MAX_SEARCH + 1)).unwrap();
        assert!(Turtles.check_searchable(&one_more).is_err());
        // A known small case: a single head on position 1 is a misère loss.
        assert_eq!(
            MisereSolver::new(Turtles).outcome(&row("H")).unwrap(),
            crate::Outcome::P
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]
        #[test]
        fn closed_form_and_moves_match_search(pos in rows(9)) {
            let mut solver = GrundySolver::without_closed_forms(Turtles);
            prop_assert_eq!(solver.value(&pos).unwrap(), Turtles.closed_form(&pos).unwrap());
            let mut all = Vec::new();
            Turtles.options(&pos, &mut all);
            for target in 0..16 {
                let mut want: Vec<Row> = all
                    .iter()
                    .filter(|o| solver.value(o).unwrap() == target)
                    .cloned()
                    .collect();
                let mut got = Turtles.all_options_of_value(&pos, target).unwrap();
                want.sort_by_key(|r| r.to_string());
                got.sort_by_key(|r| r.to_string());
                prop_assert_eq!(got, want);
            }
        }

        #[test]
        fn descriptions_name_the_turned_coins(pos in rows(12)) {
            let mut all = Vec::new();
            Turtles.options(&pos, &mut all);
            for o in &all {
                let words = Turtles.describe(&pos, o);
                prop_assert!(words.starts_with("turn the coin on position "), "{}", words);
            }
        }

        #[test]
        fn parsing_never_panics(tokens in proptest::collection::vec("\\PC{0,12}", 0..4)) {
            let refs: Vec<&str> = tokens.iter().map(|s| s.as_str()).collect();
            if let Ok(r) = parse(&refs) {
                prop_assert_eq!(parse(&[&Turtles.format(&r)]).unwrap(), r);
            }
        }
    }
}
