//! The golden dollar (Zlatý dolar, text 000): coins lie on a strip of squares numbered 1,
//! 2, 3, … from the edge of the table, at most one coin per square, and one of them is the
//! golden dollar. A move takes one coin any number of squares to the left, never onto or
//! over another coin; the leftmost coin may also leave the board over the edge. Whoever
//! takes the golden dollar off the board wins (so that move ends the game: it leads to a
//! position without moves).
//!
//! A position is written as the squares of the coins with the golden dollar's marked `g`,
//! e.g. `2 4g 7`; exactly one coin is golden. Coins off the board are written `0`, and
//! `0g` is a finished game (the golden dollar is gone).
//!
//! Who wins (a closed form for P-positions, checked against search in the tests):
//! - the golden dollar is the leftmost coin: the player to move takes it and wins;
//! - one coin stands left of it: taking that coin off the board would hand the golden
//!   dollar to the opponent, so it is never done, and the coin plays the role of the edge
//!   that nothing passes. The game is the silver dollar game with a wall at the edge:
//!   pair the coins from the right, each pair's gap is a Nim heap, and an unpaired
//!   leftmost coin is a heap of the empty squares before it. P exactly when the nim-sum
//!   is 0;
//! - two or more coins stand left of it: as the silver dollar game (the unpaired leftmost
//!   coin is a heap of its square number, since it may leave the board). P exactly when
//!   that nim-sum is 0.
//!
//! The Grundy value (needed in sums) is not this nim-sum: taking the coin next to the
//! golden dollar off is a bad move but still a move, and its value counts in the mex. The
//! value comes from search, for positions of limited size; who wins and the winning moves
//! come from the rule for any size.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // 2 4g 7: one coin left of the gold; heaps 1 (square 1) and 2 (squares 5, 6): N.
//! let p = cat.parse_position("golden-dollar", &["2", "4g", "7"], 1).unwrap();
//! assert_eq!(p.p_position(), Some(false));
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, vec!["2 4g 6"]);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::games::silver_dollar::{
    describe_coin, on_board, pairing_heaps, pairing_moves, pairing_value, search_states,
};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "golden-dollar",
        usage: "golden-dollar",
        summary: "as silver-dollar, but one coin is the golden dollar: whoever takes it off the board wins",
        position: "the squares of the coins, the golden dollar's marked `g`, e.g. `2 4g 7`",
        example: "golden-dollar 2 4g 7",
        start: "2 4g 7",
        params: Params::None,
        build: |_, args| {
            let pos = GoldenPosition::parse(args)?;
            Ok(Box::new(Typed::new(GoldenDollar, pos)))
        },
    }
}

/// The most positions a search of the values may visit (an upper bound on them).
pub const MAX_STATES: u64 = 300_000;

/// The golden dollar game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GoldenDollar;

/// A position: the coins' squares, sorted (0 for coins off the board), and which of them
/// is the golden dollar.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GoldenPosition {
    /// The squares, sorted; 0 for a coin off the board.
    pub coins: Vec<u64>,
    /// The index in `coins` of the golden dollar.
    pub gold: usize,
}

/// Where the golden dollar stands among the coins on the board.
enum Standing<'a> {
    /// It has been taken off the board: the game is over.
    Gone,
    /// On the board, with `left` coins left of it; `board` is the coins on the board and
    /// `skip` the number of coins off it.
    On {
        board: &'a [u64],
        skip: usize,
        left: usize,
    },
}

impl GoldenPosition {
    /// Reads squares, one of them marked `g`.
    ///
    /// ```
    /// use nimlab::games::{args::number, golden_dollar::GoldenPosition};
    /// let p = GoldenPosition::parse(&number(&["7", "4g", "2"], 1)).unwrap();
    /// assert_eq!((p.coins.clone(), p.gold), (vec![2, 4, 7], 1));
    /// assert!(GoldenPosition::parse(&number(&["2", "4"], 1)).is_err());
    /// assert!(GoldenPosition::parse(&number(&["2g", "4g"], 1)).is_err());
    /// ```
    ///
    /// # Errors
    /// A token that is not a square (a whole number, `g` after the golden one), two coins
    /// on one square, no golden dollar or more than one.
    pub fn parse(args: &[Arg<'_>]) -> Result<Self> {
        const WHAT: &str =
            "a square number, with `g` after the golden dollar's (e.g. `4g`; 0 for a coin off the board)";
        if args.is_empty() {
            return Err(Error::position(
                "golden-dollar",
                "no coins given; write the squares of the coins, the golden dollar's marked `g`, e.g. `2 4g 7`",
            ));
        }
        let mut coins = Vec::with_capacity(args.len());
        let mut gold_arg: Option<&Arg<'_>> = None;
        for a in args {
            let (text, golden) = match a.text.strip_suffix(['g', 'G']) {
                Some(rest) => (rest, true),
                None => (a.text, false),
            };
            let square = match (Arg { text, ..*a }).natural(WHAT) {
                Ok(s) => s,
                Err(Error::Parse(crate::ParseError::Token { .. })) => return Err(a.error(WHAT)),
                Err(e) => return Err(e),
            };
            if golden {
                if let Some(first) = gold_arg {
                    return Err(a.error(format!(
                        "a silver coin: only one coin is the golden dollar ({} is already)",
                        first.place()
                    )));
                }
                gold_arg = Some(a);
            }
            coins.push((square, golden, a));
        }
        if gold_arg.is_none() {
            return Err(Error::position(
                "golden-dollar",
                "no golden dollar: mark one coin's square with `g`, e.g. `2 4g 7`",
            ));
        }
        // Stable: of two coins on one square, the later one is blamed.
        coins.sort_by_key(|&(c, g, _)| (c, g));
        for w in coins.windows(2) {
            if w[0].0 == w[1].0 && w[0].0 > 0 {
                return Err(w[1].2.error(format!(
                    "a free square: square {} already has a coin (at most one coin per square)",
                    w[0].0
                )));
            }
        }
        let gold = coins.iter().position(|c| c.1).unwrap_or(0);
        Ok(GoldenPosition {
            coins: coins.into_iter().map(|(c, _, _)| c).collect(),
            gold,
        })
    }

    fn standing(&self) -> Standing<'_> {
        if self.coins.get(self.gold).is_none_or(|&c| c == 0) {
            return Standing::Gone;
        }
        let (skip, board) = on_board(&self.coins);
        Standing::On {
            board,
            skip,
            left: self.gold - skip,
        }
    }

    fn with(&self, i: usize, to: u64) -> GoldenPosition {
        let mut next = self.clone();
        next.coins[i] = to;
        next
    }
}

impl GoldenDollar {
    /// Whether `pos` is a P-position (the player to move loses), by the rule above.
    ///
    /// ```
    /// use nimlab::games::{args::number, golden_dollar::{GoldenDollar, GoldenPosition}};
    /// let p = |t: &[&str]| GoldenPosition::parse(&number(t, 1)).unwrap();
    /// assert!(!GoldenDollar.is_p(&p(&["3g", "5"])));  // take the golden dollar
    /// assert!(GoldenDollar.is_p(&p(&["1", "2g"])));   // only the suicidal move
    /// assert!(GoldenDollar.is_p(&p(&["0g", "5"])));   // the game is over
    /// ```
    pub fn is_p(&self, pos: &GoldenPosition) -> bool {
        match pos.standing() {
            Standing::Gone => true,
            Standing::On { left: 0, .. } => false,
            Standing::On { board, left, .. } => pairing_value(board, left >= 2) == 0,
        }
    }
}

impl ImpartialGame for GoldenDollar {
    type Position = GoldenPosition;

    fn options(&self, pos: &GoldenPosition, out: &mut Vec<GoldenPosition>) {
        let Standing::On { board, skip, .. } = pos.standing() else {
            return;
        };
        for (i, &c) in board.iter().enumerate() {
            let lo = if i == 0 { 0 } else { board[i - 1] + 1 };
            for to in lo..c {
                out.push(pos.with(skip + i, to));
            }
        }
    }
}

impl Rules for GoldenDollar {
    fn id(&self) -> String {
        "golden-dollar".to_string()
    }

    fn format(&self, pos: &GoldenPosition) -> String {
        pos.coins
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == pos.gold {
                    format!("{c}g")
                } else {
                    c.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn figure(&self, pos: &GoldenPosition) -> Option<crate::games::figure::Figure> {
        crate::games::figure::coins_figure(&pos.coins, Some(pos.gold))
    }

    fn describe(&self, from: &GoldenPosition, to: &GoldenPosition) -> String {
        match (0..from.coins.len()).find(|&i| to.coins.get(i) != Some(&from.coins[i])) {
            Some(i) if i < to.coins.len() => {
                let (a, b) = (from.coins[i], to.coins[i]);
                if i == from.gold {
                    let words = describe_coin("golden dollar", a, b);
                    if b == 0 {
                        format!("{words} and win")
                    } else {
                        words
                    }
                } else {
                    describe_coin("coin", a, b)
                }
            }
            _ => format!("move to {}", self.format(to)),
        }
    }

    fn options_of_value(
        &self,
        pos: &GoldenPosition,
        target: u64,
        hits: &mut crate::games::rules::Hits<GoldenPosition>,
    ) -> Option<()> {
        if target != 0 {
            return None;
        }
        match pos.standing() {
            Standing::Gone => {}
            Standing::On { left: 0, .. } => hits.add(|| pos.with(pos.gold, 0)),
            Standing::On { board, skip, left } => {
                let edge_move = left >= 2;
                let after_leaving = edge_move.then_some(left >= 3);
                let x = pairing_value(board, edge_move);
                for (i, to) in pairing_moves(board, edge_move, after_leaving, x) {
                    hits.add(|| pos.with(skip + i, to));
                }
            }
        }
        Some(())
    }

    fn p_position(&self, pos: &GoldenPosition) -> Option<bool> {
        Some(self.is_p(pos))
    }

    fn rule(&self, pos: &GoldenPosition) -> Option<String> {
        let (board, left) = match pos.standing() {
            Standing::Gone => {
                return Some(
                    "The golden dollar has left the board: the game is over, and the player to move has lost."
                        .to_string(),
                )
            }
            Standing::On { left: 0, .. } => {
                return Some(
                    "The golden dollar is the leftmost coin: the player to move takes it off the board and wins."
                        .to_string(),
                )
            }
            Standing::On { board, left, .. } => (board, left),
        };
        let edge_move = left >= 2;
        let heaps: Vec<String> = pairing_heaps(board, edge_move)
            .into_iter()
            .map(|(label, size, _)| format!("{label}: {size}"))
            .collect();
        let x = pairing_value(board, edge_move);
        let how = if edge_move {
            format!("{left} coins stand left of the golden dollar, so it is played as the silver dollar game: pair the coins from the right; each pair's gap is a Nim heap, and an unpaired leftmost coin is a heap of its square number (it may also leave the board).")
        } else {
            "One coin stands left of the golden dollar. Taking it off the board would leave the golden dollar to the opponent, so that coin is a wall nothing passes: pair the coins from the right; each pair's gap is a Nim heap, and an unpaired leftmost coin is a heap of the empty squares before it.".to_string()
        };
        Some(format!(
            "{how} Heaps: {}; nim-sum {x}, so this is {}. (This nim-sum decides who wins; the Grundy value, which counts in sums, comes from search.)",
            heaps.join(", "),
            if x == 0 {
                "a P-position: the player to move loses"
            } else {
                "an N-position: the winning moves make the nim-sum 0"
            }
        ))
    }

    fn check_searchable(&self, pos: &GoldenPosition) -> Result<()> {
        let Standing::On { board, .. } = pos.standing() else {
            return Ok(());
        };
        let max = board.last().copied().unwrap_or(0);
        if search_states(max, board.len()) > MAX_STATES {
            return Err(Error::limit(
                "searching this golden-dollar position",
                format!(
                    "about {MAX_STATES} positions (the ways to place {} coins on squares 1 to {max}); use fewer coins or squares",
                    board.len()
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::args::number;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    fn parse(tokens: &[&str]) -> Result<GoldenPosition> {
        GoldenPosition::parse(&number(tokens, 1))
    }

    #[test]
    fn reading_and_writing() {
        let p = parse(&["7", "0", "4G", "2"]).unwrap();
        assert_eq!(GoldenDollar.format(&p), "0 2 4g 7");
        assert!(matches!(
            parse(&["2", "4"]),
            Err(Error::Rule(crate::RuleError::Position { .. }))
        ));
        assert!(matches!(
            parse(&["2g", "4g"]),
            Err(Error::Parse(crate::ParseError::Token { index: 2, .. }))
        ));
        assert!(matches!(
            parse(&["2", "xg"]),
            Err(Error::Parse(crate::ParseError::Token { index: 2, .. }))
        ));
        assert!(matches!(
            parse(&["4g", "4"]),
            Err(Error::Parse(crate::ParseError::Token { .. }))
        ));
        assert!(matches!(
            parse(&["g"]),
            Err(Error::Parse(crate::ParseError::Token { .. }))
        ));
        let done = parse(&["0g", "0", "3"]).unwrap();
        assert_eq!(GoldenDollar.format(&done), "0 0g 3");
        let mut out = Vec::new();
        GoldenDollar.options(&done, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn words() {
        let p = parse(&["1g", "3"]).unwrap();
        let w = GoldenDollar.all_options_of_value(&p, 0).unwrap();
        assert_eq!(w.len(), 1);
        assert_eq!(
            GoldenDollar.describe(&p, &w[0]),
            "take the golden dollar on square 1 off the board and win"
        );
        let q = parse(&["2", "4g", "7"]).unwrap();
        let to = parse(&["1", "4g", "7"]).unwrap();
        assert_eq!(
            GoldenDollar.describe(&q, &to),
            "move the coin on square 2 to square 1"
        );
    }

    #[test]
    fn the_value_is_not_the_nim_sum() {
        // 2 3g 4: the wall rule gives heap 1 (square 1 before the coin on 2) and 0: N.
        // Its options are 1 3g 4 (value 0) and 0 3g 4 (the suicidal move, value 1), so
        // the value is 2, not 1.
        let p = parse(&["2", "3g", "4"]).unwrap();
        assert!(!GoldenDollar.is_p(&p));
        let mut solver = GrundySolver::new(GoldenDollar);
        assert_eq!(solver.value(&p).unwrap(), 2);
    }

    #[test]
    fn leaving_next_to_a_wall() {
        // 1 3 6g 9: two coins left of the gold. Taking the coin on 1 off leaves the coin
        // on 3 as the wall, whose heap is the 2 squares before it, not its square 3.
        let p = parse(&["1", "3", "6g", "9"]).unwrap();
        let mut solver = GrundySolver::new(GoldenDollar);
        let mut all = Vec::new();
        GoldenDollar.options(&p, &mut all);
        let slow: Vec<GoldenPosition> = all
            .into_iter()
            .filter(|o| solver.value(o).unwrap() == 0)
            .collect();
        assert_eq!(GoldenDollar.all_options_of_value(&p, 0).unwrap(), slow);
        assert!(slow.contains(&parse(&["0", "3", "6g", "9"]).unwrap()));
    }

    #[test]
    fn limits() {
        let p = parse(&["5", "9g", "20", "30", "40"]).unwrap();
        assert!(GoldenDollar.check_searchable(&p).is_err());
        let big = parse(&["5", "1000000000000g", "1000000000007"]).unwrap();
        assert!(GoldenDollar.check_searchable(&big).is_err());
        let w = GoldenDollar.all_options_of_value(&big, 0).unwrap();
        assert!(!w.is_empty());
        assert!(w.iter().all(|q| GoldenDollar.is_p(q)));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]
        #[test]
        fn the_rule_and_its_moves_match_search(
            squares in proptest::collection::btree_set(1u64..11, 1..6),
            gold in 0usize..5,
            off in 0usize..2,
        ) {
            let mut coins = vec![0; off];
            let gold = off + gold % squares.len();
            coins.extend(squares);
            let pos = GoldenPosition { coins, gold };
            let text = GoldenDollar.format(&pos);
            let tokens: Vec<&str> = text.split(' ').collect();
            prop_assert_eq!(&parse(&tokens).unwrap(), &pos);
            let mut solver = GrundySolver::new(GoldenDollar);
            prop_assert_eq!(solver.value(&pos).unwrap() == 0, GoldenDollar.is_p(&pos));
            let mut all = Vec::new();
            GoldenDollar.options(&pos, &mut all);
            let mut slow = Vec::new();
            for o in &all {
                if solver.value(o).unwrap() == 0 {
                    slow.push(o.clone());
                }
            }
            prop_assert_eq!(GoldenDollar.all_options_of_value(&pos, 0).unwrap(), slow);
        }
    }
}
