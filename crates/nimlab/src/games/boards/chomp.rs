//! Chomp (text 004): a bar of chocolate whose corner piece is poisoned.
//!
//! Rules: pieces stand in rows on a board; the bottom row holds the poisoned piece in
//! its left corner, and every row is no longer than the row below it, each starting at
//! the left edge (a rectangle, or a staircase left by earlier moves). A move chooses a
//! piece and takes it with every piece to its right and above it (in its column or
//! further right, in its row or higher). Whoever takes the poisoned piece loses. Taking
//! the poisoned piece is never a move here: the player who faces it alone must take it
//! and loses, which is normal play (the player who cannot move loses) on the pieces
//! other than the poisoned one.
//!
//! Notation: a rectangle `RxC` (R rows of C pieces, e.g. `3x5`), or the lengths of the
//! rows from the bottom (poisoned) row up, e.g. `5 5 3 1`; a move names its piece
//! `c,r`, column c and row r counted from 1 at the poisoned corner (so `1,1` is the
//! poisoned piece).
//!
//! Every rectangle larger than 1×1 is a first-player win (the strategy-stealing
//! argument: if taking the top right piece lost, the answer that wins after it would
//! win at once), but the argument does not say which move wins: nimlab computes it.
//! The values come from a table of every position inside the position's rectangle, in
//! order of a ranking that makes every option's rank smaller than its position's.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("chomp", &["2x3"], 1).unwrap();
//! assert_ne!(p.value().unwrap(), nimlab::Nimber::from(0u64));
//! // The winning move: take the top right piece, leaving 3 pieces below and 2 above.
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, vec!["3 2"]);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};
use std::sync::{Arc, Mutex, PoisonError};

/// The most positions a table may hold (2 bytes each): C(R + C, R) for a rectangle of
/// R rows and C columns. 15×15 has 155,117,520.
pub const MAX_TABLE: u64 = 160_000_000;

/// The longest row and the most rows read.
pub const MAX_SIDE: usize = 255;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::chomp::entry();
/// assert_eq!(e.name, "chomp");
/// let p = (e.build)(None, &nimlab::games::args::number(&["1"], 2)).unwrap();
/// // The poisoned piece alone: the player to move must take it and loses.
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(0u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "chomp",
        usage: "chomp",
        summary: "a bar with a poisoned corner; take a piece and every piece right of it and above it; whoever takes the poison loses",
        position: "a rectangle `RxC` (R rows of C pieces) or the row lengths from the poisoned row up, e.g. `chomp 3x5`, `chomp 5 5 3 1`; a move is a piece `c,r` (column, row from 1 at the poisoned corner)",
        example: "chomp 3x5",
        start: "4x7",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(Chomp::default(), read_board(args)?))),
    }
}

/// A position: the lengths of the rows from the bottom (poisoned) row up, each at least
/// 1 and no longer than the row below.
pub type Board = Vec<u8>;

/// Reads a board: `RxC`, or row lengths from the bottom up.
///
/// ```
/// use nimlab::games::{args::number, chomp::read_board};
/// assert_eq!(read_board(&number(&["2x3"], 1)).unwrap(), vec![3, 3]);
/// assert_eq!(read_board(&number(&["4", "2", "2"], 1)).unwrap(), vec![4, 2, 2]);
/// let err = read_board(&number(&["2", "3"], 1)).unwrap_err();
/// assert!(err.to_string().contains("`3` (argument 2)"));
/// ```
///
/// # Errors
/// [`Error::Parse`] naming the token that is not a size or a row length, or a row
/// longer than the row below it; [`ParseError::Missing`](crate::ParseError::Missing) for no tokens.
pub fn read_board(args: &[Arg<'_>]) -> Result<Board> {
    let Some(first) = args.first() else {
        return Err(Error::missing(
            "the board is missing",
            "a rectangle `RxC` (e.g. `3x5`) or the row lengths from the poisoned row up (e.g. `5 5 3 1`)",
        ));
    };
    if let Some((r, c)) = first.text.split_once(['x', 'X', '×']) {
        let side = |text: &str, what: &str| -> Result<usize> {
            let sub = Arg { text, ..*first };
            let n = sub.natural(what).map_err(|_| {
                first.error("a rectangle `RxC`: R rows and C columns, each from 1 to 255")
            })?;
            if n == 0 || n > MAX_SIDE as u64 {
                return Err(
                    first.error("a rectangle `RxC`: R rows and C columns, each from 1 to 255")
                );
            }
            Ok(n as usize)
        };
        let (rows, columns) = (
            side(r, "the number of rows")?,
            side(c, "the number of columns")?,
        );
        if let Some(extra) = args.get(1) {
            return Err(extra.error("nothing after a rectangle `RxC`"));
        }
        return Ok(vec![columns as u8; rows]);
    }
    if args.len() > MAX_SIDE {
        return Err(Error::limit(
            format!("a board of {} rows", args.len()),
            format!("{MAX_SIDE} rows"),
        ));
    }
    let mut board = Vec::with_capacity(args.len());
    for arg in args {
        let n = arg.natural("a row length")?;
        let below = board.last().map_or(MAX_SIDE as u64, |&b: &u8| u64::from(b));
        if n == 0 {
            return Err(arg.error("a row length of at least 1 (leave out empty rows)"));
        }
        if n > below {
            return Err(arg.error(if board.is_empty() {
                format!("a row length from 1 to {MAX_SIDE}")
            } else {
                format!("a row length of at most {below}, the length of the row below it (rows are listed from the poisoned row up)")
            }));
        }
        board.push(n as u8);
    }
    Ok(board)
}

/// The game Chomp. It keeps the table of values of the last rectangle it filled, shared
/// by every position derived from the same game.
#[derive(Debug, Default)]
pub struct Chomp {
    table: Mutex<Option<Arc<Table>>>,
}

impl Chomp {
    /// The table that holds `board`, filled if need be; `None` when a table that large
    /// is beyond [`MAX_TABLE`].
    fn table_for(&self, board: &Board) -> Option<Arc<Table>> {
        let rows = board.len();
        let columns = usize::from(*board.first()?);
        let mut slot = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(t) = slot.as_ref().filter(|t| t.holds(rows, columns)) {
            return Some(t.clone());
        }
        let (rows, columns) = match slot.as_ref() {
            Some(t) => (rows.max(t.rows), columns.max(t.columns)),
            None => (rows, columns),
        };
        // A table for both, or else for this board alone.
        let table = Arc::new(
            Table::fill(rows, columns)
                .or_else(|| Table::fill(board.len(), usize::from(board[0])))?,
        );
        *slot = Some(table.clone());
        Some(table)
    }
}

/// The number of positions inside a rectangle of `rows` × `columns`: C(rows + columns,
/// rows), or `None` when it does not fit in 64 bits.
///
/// ```
/// use nimlab::games::chomp::positions_inside;
/// assert_eq!(positions_inside(12, 12), Some(2_704_156));
/// assert_eq!(positions_inside(1, 5), Some(6));
/// ```
pub fn positions_inside(rows: usize, columns: usize) -> Option<u64> {
    let mut c: u128 = 1;
    for i in 1..=rows as u128 {
        c = c * (columns as u128 + i) / i;
        if c > u128::from(u64::MAX) {
            return None;
        }
    }
    u64::try_from(c).ok()
}

/// The Grundy value of every position inside a rectangle of `rows` × `columns`
/// (positions with no piece at all included, as rank 0, though they never arise).
///
/// A position is ranked by its rows from the top: with m_1 ≤ m_2 ≤ … ≤ m_R the lengths
/// of the rows from the top row down (missing rows at the top count as 0), the rank is
/// Σ_j C(m_j + j − 1, j), the combinatorial number system for multisets. A move shortens
/// some rows and lengthens none, so every option's rank is smaller: filling the table in
/// order of rank finds every option's value before it is needed. The ranks of all the
/// options of a position follow from its own, one subtraction each, column by column.
///
/// ```
/// use nimlab::games::chomp::Table;
/// let t = Table::fill(2, 3).unwrap();
/// // The 2 × 3 rectangle is a first-player win; `3 2` (take the top right piece) is
/// // the P-position it moves to.
/// assert_ne!(t.value(&[3, 3]), 0);
/// assert_eq!(t.value(&[3, 2]), 0);
/// ```
#[derive(Debug)]
pub struct Table {
    rows: usize,
    columns: usize,
    /// `terms[m · rows + j − 1]` = C(m + j − 1, j), for lengths m ≤ columns and j ≤ rows.
    terms: Vec<u64>,
    values: Vec<u16>,
}

impl Table {
    /// Fills the table of a rectangle of `rows` × `columns`; `None` beyond
    /// [`MAX_TABLE`] positions.
    pub fn fill(rows: usize, columns: usize) -> Option<Table> {
        let count = positions_inside(rows, columns)?;
        if count > MAX_TABLE {
            return None;
        }
        let terms = (0..=columns)
            .flat_map(|m| (1..=rows).map(move |j| binomial(m + j - 1, j)))
            .collect();
        let mut table = Table {
            rows,
            columns,
            terms,
            values: vec![0; count as usize],
        };
        table.compute();
        Some(table)
    }

    /// Whether the table holds boards of `rows` rows no longer than `columns`.
    fn holds(&self, rows: usize, columns: usize) -> bool {
        rows <= self.rows && columns <= self.columns
    }

    /// The rank of `board` (row lengths from the bottom up) in the table.
    fn rank(&self, board: &[u8]) -> usize {
        // Row i from the bottom is m_j with j = rows − i.
        board
            .iter()
            .enumerate()
            .map(|(i, &len)| self.term(usize::from(len), self.rows - i))
            .sum::<u64>() as usize
    }

    /// C(m + j − 1, j): what a row of length m adds to the rank as the j-th row from
    /// the top.
    fn term(&self, m: usize, j: usize) -> u64 {
        self.terms[m * self.rows + j - 1]
    }

    /// The Grundy value of `board`, which must fit the table.
    pub fn value(&self, board: &[u8]) -> u16 {
        self.values[self.rank(board)]
    }

    /// Every position in order of rank, each valued by the mex of its options.
    fn compute(&mut self) {
        let (rows, columns) = (self.rows, self.columns);
        // m[j] for j = 1..=rows (index 0 unused): the rows from the top down.
        let mut m = vec![0usize; rows + 2];
        m[rows + 1] = columns;
        let mut seen: Vec<u32> = vec![0; 64];
        let mut stamp = 0u32;
        let mut own = vec![0u64; rows + 1];
        let (terms, values) = (&self.terms, &mut self.values);
        for rank in 0..values.len() {
            stamp += 1;
            // The options: choose column c (from 1) and a row whose length is ≥ c; the
            // rows from that one up get length at most c − 1. The poisoned piece (column
            // 1 of the bottom row) is not a move.
            // What each row adds to the rank now.
            for j in 1..=rows {
                own[j] = terms[m[j] * rows + j - 1];
            }
            let mut first = 1;
            for c in 1..=m[rows] {
                // The first row from the top at least c long (m grows downwards).
                while m[first] < c {
                    first += 1;
                }
                // What each row adds when it is c − 1 long.
                let cut = &terms[(c - 1) * rows..c * rows];
                let mut delta = 0u64;
                for j in first..=rows {
                    delta += own[j] - cut[j - 1];
                    if c == 1 && j == rows {
                        break;
                    }
                    let v = usize::from(values[rank - delta as usize]);
                    if v >= seen.len() {
                        seen.resize(2 * v + 2, 0);
                    }
                    seen[v] = stamp;
                }
            }
            let mex = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len());
            values[rank] = mex as u16;
            // The next position in rank order: the least j with m[j] < m[j + 1] grows
            // by 1 and the rows above it return to 0.
            if let Some(j) = (1..=rows).find(|&j| m[j] < m[j + 1]) {
                m[j] += 1;
                m[1..j].fill(0);
            }
        }
    }
}

/// C(n, k) in 64 bits (the tables never need more).
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 1..=k as u128 {
        c = c * (n as u128 - k as u128 + i) / i;
    }
    c as u64
}

impl ImpartialGame for Chomp {
    type Position = Board;

    fn options(&self, board: &Board, out: &mut Vec<Board>) {
        for (r, &len) in board.iter().enumerate() {
            for c in 1..=usize::from(len) {
                if r == 0 && c == 1 {
                    continue;
                }
                out.push(chomp(board, c, r + 1));
            }
        }
    }

    fn closed_form(&self, board: &Board) -> Option<u64> {
        let table = self.table_for(board)?;
        Some(u64::from(table.value(board)))
    }
}

/// The board after taking the piece in column `c`, row `r` (from 1) and every piece
/// right of it and above it.
///
/// ```
/// use nimlab::games::chomp::chomp;
/// assert_eq!(chomp(&vec![5, 5, 3, 1], 2, 2), vec![5, 1, 1, 1]);
/// assert_eq!(chomp(&vec![5, 5, 3, 1], 1, 3), vec![5, 5]);
/// ```
pub fn chomp(board: &Board, c: usize, r: usize) -> Board {
    let mut next: Board = board
        .iter()
        .enumerate()
        .map(|(i, &len)| {
            if i + 1 >= r {
                len.min((c - 1) as u8)
            } else {
                len
            }
        })
        .collect();
    while next.last() == Some(&0) {
        next.pop();
    }
    next
}

/// The piece `c,r` a move from `from` to `to` takes.
fn taken(from: &Board, to: &Board) -> Option<(usize, usize)> {
    let r = (0..from.len()).find(|&i| to.get(i).copied().unwrap_or(0) != from[i])?;
    Some((usize::from(to.get(r).copied().unwrap_or(0)) + 1, r + 1))
}

impl Rules for Chomp {
    fn id(&self) -> String {
        "chomp".to_string()
    }

    fn format(&self, board: &Board) -> String {
        board
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn describe(&self, from: &Board, to: &Board) -> String {
        match taken(from, to) {
            Some((c, r)) => format!("take {c},{r} and every piece right of it and above it"),
            None => format!("move to {}", self.format(to)),
        }
    }

    fn read_move(&self, board: &Board, text: &str) -> Option<std::result::Result<Board, String>> {
        let (c, r) = text.trim().split_once(',')?;
        let (c, r) = (
            c.trim().parse::<usize>().ok()?,
            r.trim().parse::<usize>().ok()?,
        );
        Some(match (c, r) {
            (1, 1) => Err("1,1 is the poisoned piece: whoever takes it loses at once".to_string()),
            _ if r == 0 || r > board.len() => Err(format!(
                "there is no row {r}: the rows are 1 to {} from the poisoned row up",
                board.len()
            )),
            _ if c == 0 || c > usize::from(board[r - 1]) => Err(format!(
                "row {r} has pieces in columns 1 to {} only",
                board[r - 1]
            )),
            _ => Ok(chomp(board, c, r)),
        })
    }

    /// The rows of chocolate from the poisoned row up, the poisoned square at 1,1.
    fn figure(&self, board: &Board) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Labels, Piece, Shape, Square, MAX_DRAWN_WIDTH};
        let width = board.first().copied().unwrap_or(0);
        if u64::from(width) > MAX_DRAWN_WIDTH || board.len() as u64 > MAX_DRAWN_WIDTH {
            return None;
        }
        let squares = (0..board.len())
            .rev()
            .flat_map(|r| {
                (0..width).map(move |c| match (r, c) {
                    _ if c >= board[r] => Square::Absent,
                    (0, 0) => Square::Piece(Piece::Poison),
                    _ => Square::Piece(Piece::Chocolate),
                })
            })
            .collect();
        let b = crate::games::figure::Board {
            width: u32::from(width),
            height: board.len() as u32,
            squares,
            rows: Labels::Up(1),
            columns: Labels::Up(1),
        };
        Some(Figure::new(Shape::Board(b)))
    }

    fn check_searchable(&self, board: &Board) -> Result<()> {
        let rows = board.len();
        let columns = usize::from(board.first().copied().unwrap_or(0));
        match positions_inside(rows, columns) {
            Some(n) if n <= MAX_TABLE => Ok(()),
            _ => Err(Error::limit(
                format!(
                    "Chomp inside a rectangle of {rows} rows and {columns} columns ({} positions)",
                    positions_inside(rows, columns)
                        .map_or("more than 2^64".to_string(), |n| n.to_string())
                ),
                format!("{MAX_TABLE} positions (15 rows of 15)"),
            )),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    /// Every board inside `rows` × `columns` with at least the poisoned piece (the
    /// tier solver's tests use them too).
    pub(crate) fn boards(rows: usize, columns: usize) -> Vec<Board> {
        let mut all = vec![];
        let mut stack: Vec<Board> = (1..=columns as u8).map(|c| vec![c]).collect();
        while let Some(b) = stack.pop() {
            if b.len() < rows {
                for c in 1..=*b.last().unwrap() {
                    let mut next = b.clone();
                    next.push(c);
                    stack.push(next);
                }
            }
            all.push(b);
        }
        all
    }

    #[test]
    fn the_table_agrees_with_a_search_of_the_moves() {
        let table = Table::fill(5, 6).unwrap();
        let mut search = GrundySolver::without_closed_forms(Chomp::default());
        let all = boards(5, 6);
        assert_eq!(all.len() as u64 + 1, positions_inside(5, 6).unwrap());
        for b in &all {
            assert_eq!(u64::from(table.value(b)), search.value(b).unwrap(), "{b:?}");
        }
    }

    /// The table of every board within 10 × 10 (184,756 boards), filled once for the
    /// tests that read it.
    fn ten_by_ten() -> &'static Table {
        static TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| Table::fill(10, 10).unwrap())
    }

    #[test]
    fn every_rectangle_but_the_poisoned_piece_alone_is_a_first_player_win() {
        let table = ten_by_ten();
        for rows in 1..=10 {
            for columns in 1..=10 {
                let v = table.value(&vec![columns as u8; rows]);
                assert_eq!(v == 0, rows * columns == 1, "{rows}x{columns}");
            }
        }
    }

    #[test]
    fn two_rows_lose_when_the_top_is_one_shorter_and_squares_win_by_taking_2_2() {
        let table = ten_by_ten();
        // Two rows: the P-positions are a row of n under a row of n − 1.
        for a in 1..=10u8 {
            for b in 1..=a {
                assert_eq!(table.value(&[a, b]) == 0, b + 1 == a, "{a} {b}");
            }
        }
        // An L of two arms (a row of a, a column of b) is Nim with heaps a − 1, b − 1.
        for a in 1..=10u8 {
            for b in 1..=10usize {
                let mut l = vec![a];
                l.extend(std::iter::repeat_n(1, b - 1));
                assert_eq!(
                    u64::from(table.value(&l)),
                    u64::from(a - 1) ^ (b as u64 - 1)
                );
            }
        }
        // A square: taking 2,2 leaves the L of equal arms.
        for n in 2..=10u8 {
            let after = chomp(&vec![n; n as usize], 2, 2);
            assert_eq!(table.value(&after), 0, "{n}x{n}");
        }
    }

    #[test]
    fn a_board_is_read_as_a_rectangle_or_as_rows_and_refused_with_reasons() {
        use crate::games::args::number;
        let read = |tokens: &[&str]| read_board(&number(tokens, 2));
        assert_eq!(read(&["3x2"]).unwrap(), vec![2, 2, 2]);
        assert_eq!(read(&["5", "5", "3", "1"]).unwrap(), vec![5, 5, 3, 1]);
        let err = |tokens: &[&str]| read(tokens).unwrap_err().to_string();
        assert!(err(&["3x0"]).contains("`3x0` (argument 2)"));
        assert!(err(&["3x2", "1"]).contains("nothing after a rectangle"));
        assert!(err(&["2", "3"]).contains("at most 2, the length of the row below it"));
        assert!(err(&["2", "0"]).contains("at least 1"));
        assert!(err(&["two"]).contains("a row length"));
        assert!(err(&[]).contains("the board is missing"));
        let big = Catalogue::standard()
            .parse_position("chomp", &["40x40"], 2)
            .unwrap();
        assert!(big.value().unwrap_err().to_string().contains("positions"));
    }

    use crate::games::Catalogue;
}
