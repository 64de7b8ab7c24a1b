//! The silver dollar game without the dollar (Modificeret nimbel, text 003; Zlatý dolar
//! without the gold coin, text 000): coins lie on a strip of squares numbered 1, 2, 3, …
//! from the edge, at most one coin per square. A move takes one coin any number of squares
//! to the left, but never onto or over another coin; the leftmost coin may also leave the
//! board over the edge. The player who cannot move loses.
//!
//! A position is written as the squares of the coins, e.g. `2 5 6 9`, in any order; it is
//! printed sorted. A coin that has left the board is written `0` (several may be): it no
//! longer moves, and a move off the board writes the coin as `0`.
//!
//! Closed form (staircase Nim on the gaps): moving a coin left shrinks the gap before it
//! and widens the gap after it. Pair the coins from the right: the rightmost coin with
//! the one before it, the third from the right with the fourth, and so on; the empty
//! squares between the two coins of a pair form a Nim heap. Widening such a gap (by moving
//! the left coin of a pair) can be undone by the opponent, who moves the right coin of the
//! pair after it. When the number of coins is odd, the leftmost coin has no partner: it
//! can go to each of the squares left of it or off the board, and counts as a Nim heap of
//! its square number (one more than the empty squares before it, because of the move off
//! the board). The value is the nim-sum of these heaps; the tests hold this, values and not
//! only P-positions, against a search of the rules.
//!
//! Text 003 counts every other gap from the right and gets heaps 1, 3, 1 for its example
//! (the figure is lost); `1 3 4 8 10 12` is such a position.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Heaps 1 (square 2), 3 (squares 5 to 7) and 1 (square 11): nim-sum 3.
//! let p = cat.parse_position("silver-dollar", &["1", "3", "4", "8", "10", "12"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(3u64));
//! // Text 003: win by closing the gap of 3, or by moving the second coin from the right
//! // one square, which widens the last gap from 1 to 2 (heaps 1, 3, 2).
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, vec!["1 3 4 5 10 12", "1 3 4 8 9 12"]);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{NimHeap, Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "silver-dollar",
        usage: "silver-dollar",
        summary: "coins on squares 1, 2, …, one per square; move a coin left without jumping; the leftmost may leave the board",
        position: "the squares of the coins, e.g. `2 5 6 9` (0 for a coin off the board)",
        example: "silver-dollar 2 5 6 9",
        start: "2 5 6 9",
        params: Params::None,
        build: |_, args| {
            let coins = read_squares(args, "silver-dollar")?;
            Ok(Box::new(Typed::new(SilverDollar, coins)))
        },
    }
}

/// The most positions a search may have to visit (an upper bound on them).
pub const MAX_STATES: u64 = 200_000;

/// The silver dollar game without the dollar. A position is the sorted list of squares
/// (0 for each coin off the board; the others distinct).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SilverDollar;

/// Reads coin squares: whole numbers, 0 for a coin off the board, no square twice.
/// The result is sorted.
pub(crate) fn read_squares(args: &[Arg<'_>], game: &str) -> Result<Vec<u64>> {
    if args.is_empty() {
        return Err(Error::position(
            game,
            "no coins given; write the squares of the coins, e.g. `2 5 6 9`",
        ));
    }
    let mut coins = Vec::with_capacity(args.len());
    for a in args {
        coins.push((a.natural("a square number, 0 for a coin off the board")?, a));
    }
    // Stable: of two coins on one square, the later one is blamed.
    coins.sort_by_key(|&(c, _)| c);
    for w in coins.windows(2) {
        if w[0].0 == w[1].0 && w[0].0 > 0 {
            return Err(w[1].1.error(format!(
                "a free square: square {} already has a coin (at most one coin per square)",
                w[0].0
            )));
        }
    }
    Ok(coins.into_iter().map(|(c, _)| c).collect())
}

/// The coins still on the board: the sorted squares after the zeros.
pub(crate) fn on_board(coins: &[u64]) -> (usize, &[u64]) {
    let z = coins.partition_point(|&c| c == 0);
    (z, &coins[z..])
}

/// The Nim heaps of the pairing, left to right, as (label, size, index of the coin whose
/// left gap it is). `edge_move` says whether the leftmost coin may leave the board: when
/// the coins are odd in number, the leftmost one is a heap of its square if it may, and of
/// the empty squares before it if it may not.
pub(crate) fn pairing_heaps(board: &[u64], edge_move: bool) -> Vec<(String, u64, usize)> {
    let n = board.len();
    let mut heaps = Vec::with_capacity(n / 2 + 1);
    if n % 2 == 1 {
        let c = board[0];
        if edge_move {
            heaps.push((format!("coin on square {c}, with the edge"), c, 0));
        } else {
            heaps.push((format!("squares before the coin on {c}"), c - 1, 0));
        }
    }
    for i in (n % 2 + 1..n).step_by(2) {
        let (a, b) = (board[i - 1], board[i]);
        heaps.push((format!("squares between {a} and {b}"), b - a - 1, i));
    }
    heaps
}

/// The nim-sum of [`pairing_heaps`].
pub(crate) fn pairing_value(board: &[u64], edge_move: bool) -> u64 {
    let n = board.len();
    let mut x = 0;
    for i in (n % 2 + 1..n).step_by(2) {
        x ^= board[i] - board[i - 1] - 1;
    }
    if n % 2 == 1 {
        x ^= if edge_move { board[0] } else { board[0] - 1 };
    }
    x
}

/// Every move that changes the pairing's nim-sum by `x` (x ≠ 0), as (coin index, new
/// square), 0 for off the board.
///
/// Each move changes exactly one heap of the pairing, so each coin has at most one such
/// move. `edge_move` is as in [`pairing_heaps`]; `after_leaving` is `None` when the
/// leftmost coin's move off the board is not to be counted, and otherwise whether the
/// next coin may leave the board once it is the leftmost.
pub(crate) fn pairing_moves(
    board: &[u64],
    edge_move: bool,
    after_leaving: Option<bool>,
    x: u64,
) -> Vec<(usize, u64)> {
    let n = board.len();
    let mut moves = Vec::new();
    if x == 0 {
        return moves;
    }
    for i in 0..n {
        let floor = if i == 0 { 0 } else { board[i - 1] };
        if (n - 1 - i) % 2 == 0 {
            if i == 0 {
                // The unpaired leftmost coin.
                let heap = if edge_move { board[0] } else { board[0] - 1 };
                let want = heap ^ x;
                if want < heap {
                    let to = if edge_move { want } else { want + 1 };
                    if to > 0 || after_leaving.is_some() {
                        moves.push((0, to));
                    }
                }
            } else {
                // The right coin of a pair: its left gap is the heap.
                let gap = board[i] - floor - 1;
                let want = gap ^ x;
                if want < gap {
                    moves.push((i, floor + 1 + want));
                }
            }
        } else {
            // The left coin of a pair: moving it left by m widens the pair's gap by m.
            let gap = board[i + 1] - board[i] - 1;
            let want = gap ^ x;
            if want <= gap {
                continue;
            }
            let m = want - gap;
            let room = board[i] - floor - 1;
            if m <= room {
                moves.push((i, board[i] - m));
            } else if i == 0 {
                // Leaving widens the gap to the next coin's heap as the new leftmost coin.
                if let Some(next_leaves) = after_leaving {
                    let widening = if next_leaves { board[0] + 1 } else { board[0] };
                    if m == widening {
                        moves.push((0, 0));
                    }
                }
            }
        }
    }
    moves
}

/// An upper bound on the positions a search of `n` coins at most `max` squares from the
/// edge may visit: the subsets of {1, …, max} with at most `n` members.
pub(crate) fn search_states(max: u64, n: usize) -> u64 {
    let mut total: u128 = 1;
    let mut binom: u128 = 1;
    for k in 1..=n as u128 {
        if k > u128::from(max) {
            break;
        }
        binom = binom * (u128::from(max) - k + 1) / k;
        total += binom;
        if total > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    total as u64
}

/// Describes the move of one coin from square `a` to square `b` (0 = off the board).
pub(crate) fn describe_coin(coin: &str, a: u64, b: u64) -> String {
    if b == 0 {
        format!("take the {coin} on square {a} off the board")
    } else {
        format!("move the {coin} on square {a} to square {b}")
    }
}

impl SilverDollar {
    /// The value, by the pairing of the coins from the right.
    ///
    /// ```
    /// use nimlab::games::silver_dollar::SilverDollar;
    /// // One coin on square 3: it can go to 2, 1 or off the board, a Nim heap of 3.
    /// assert_eq!(SilverDollar.value(&[3]), 3);
    /// // Coins on 2 and 6: the gap of 3 between them is the only heap.
    /// assert_eq!(SilverDollar.value(&[2, 6]), 3);
    /// ```
    pub fn value(&self, coins: &[u64]) -> u64 {
        pairing_value(on_board(coins).1, true)
    }

    fn apply(coins: &[u64], z: usize, (i, to): (usize, u64)) -> Vec<u64> {
        let mut next = coins.to_vec();
        next[z + i] = to;
        next
    }
}

impl ImpartialGame for SilverDollar {
    type Position = Vec<u64>;

    fn options(&self, coins: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let (z, board) = on_board(coins);
        for (i, &c) in board.iter().enumerate() {
            let lo = if i == 0 { 0 } else { board[i - 1] + 1 };
            for to in lo..c {
                out.push(Self::apply(coins, z, (i, to)));
            }
        }
    }

    fn closed_form(&self, coins: &Vec<u64>) -> Option<u64> {
        Some(self.value(coins))
    }
}

impl Rules for SilverDollar {
    fn id(&self) -> String {
        "silver-dollar".to_string()
    }

    fn format(&self, coins: &Vec<u64>) -> String {
        crate::games::format_heaps(coins)
    }

    fn figure(&self, pos: &Vec<u64>) -> Option<crate::games::figure::Figure> {
        crate::games::figure::coins_figure(pos, None)
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        match (0..from.len()).find(|&i| to.get(i) != Some(&from[i])) {
            Some(i) if i < to.len() => describe_coin("coin", from[i], to[i]),
            _ => format!("move to {}", self.format(to)),
        }
    }

    fn options_of_value(
        &self,
        coins: &Vec<u64>,
        target: u64,
        hits: &mut crate::games::rules::Hits<Vec<u64>>,
    ) -> Option<()> {
        let (z, board) = on_board(coins);
        let x = pairing_value(board, true) ^ target;
        for m in pairing_moves(board, true, Some(true), x) {
            hits.add(|| Self::apply(coins, z, m));
        }
        Some(())
    }

    fn nim_heaps(&self, coins: &Vec<u64>) -> Option<(String, Vec<NimHeap>)> {
        Some((
            "gap of a pair (coins paired from the right)".to_string(),
            pairing_heaps(on_board(coins).1, true)
                .into_iter()
                .map(|(label, size, _)| (label, size))
                .collect(),
        ))
    }

    fn check_searchable(&self, coins: &Vec<u64>) -> Result<()> {
        let board = on_board(coins).1;
        let max = board.last().copied().unwrap_or(0);
        if search_states(max, board.len()) > MAX_STATES {
            return Err(Error::limit(
                "searching this silver-dollar position",
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

    fn parse(tokens: &[&str]) -> Result<Vec<u64>> {
        read_squares(&number(tokens, 1), "silver-dollar")
    }

    #[test]
    fn text_003_example() {
        // Heaps 1, 3, 1 from the left; 003 wins by closing the 3 or widening the last 1.
        let p = parse(&["1", "3", "4", "8", "10", "12"]).unwrap();
        let heaps: Vec<u64> = pairing_heaps(&p, true).iter().map(|h| h.1).collect();
        assert_eq!(heaps, vec![1, 3, 1]);
        assert_eq!(SilverDollar.value(&p), 3);
        let w = SilverDollar.all_options_of_value(&p, 0).unwrap();
        assert_eq!(w, vec![vec![1, 3, 4, 5, 10, 12], vec![1, 3, 4, 8, 9, 12]]);
        assert_eq!(
            SilverDollar.describe(&p, &w[0]),
            "move the coin on square 8 to square 5"
        );
    }

    #[test]
    fn the_edge_counts_for_an_odd_number_of_coins() {
        // One coin on square 1: it can only leave, a Nim heap of 1 (not of the 0 squares
        // before it); so 1 2 3 (heaps 1 and 0) is not a P-position.
        assert_eq!(SilverDollar.value(&[1]), 1);
        let mut solver = GrundySolver::without_closed_forms(SilverDollar);
        assert_eq!(solver.value(&vec![1, 2, 3]).unwrap(), 1);
        assert_eq!(
            SilverDollar.describe(&vec![1, 2, 3], &vec![0, 2, 3]),
            "take the coin on square 1 off the board"
        );
    }

    #[test]
    fn reading() {
        assert_eq!(parse(&["9", "0", "2", "0"]).unwrap(), vec![0, 0, 2, 9]);
        let err = parse(&["3", "5", "3"]).unwrap_err();
        assert!(
            matches!(err, Error::Parse(crate::ParseError::Token { index: 3, .. })),
            "{err}"
        );
        assert!(parse(&["3", "x"]).is_err());
        assert!(matches!(
            parse(&[]),
            Err(Error::Rule(crate::RuleError::Position { .. }))
        ));
    }

    #[test]
    fn limits() {
        assert!(SilverDollar.check_searchable(&vec![2, 5, 9]).is_ok());
        assert!(SilverDollar
            .check_searchable(&vec![10, 20, 30, 40, 50])
            .is_err());
        let big = vec![3, u64::MAX - 5, u64::MAX];
        assert!(SilverDollar.check_searchable(&big).is_err());
        let w = SilverDollar.all_options_of_value(&big, 0).unwrap();
        assert!(!w.is_empty());
        assert!(w.iter().all(|p| SilverDollar.value(p) == 0));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn closed_form_and_moves_match_search(
            squares in proptest::collection::btree_set(1u64..11, 0..5),
            off in 0usize..2,
        ) {
            let mut coins = vec![0; off];
            coins.extend(squares);
            prop_assume!(!coins.is_empty());
            let text = SilverDollar.format(&coins);
            let tokens: Vec<&str> = text.split(' ').collect();
            prop_assert_eq!(&parse(&tokens).unwrap(), &coins);
            let mut solver = GrundySolver::without_closed_forms(SilverDollar);
            prop_assert_eq!(solver.value(&coins).unwrap(), SilverDollar.value(&coins));
            let mut all = Vec::new();
            SilverDollar.options(&coins, &mut all);
            for t in 0..8 {
                let fast = SilverDollar.all_options_of_value(&coins, t).unwrap();
                let mut slow = Vec::new();
                for o in &all {
                    if solver.value(o).unwrap() == t {
                        slow.push(o.clone());
                    }
                }
                prop_assert_eq!(fast, slow);
            }
        }
    }
}
