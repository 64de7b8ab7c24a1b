//! Taktix (text 004): pieces on a square, taken in runs along a row or a column.
//!
//! Rules: pieces stand on some squares of a board (16 on a 4×4 square at the start). A
//! move takes one piece, or several pieces that stand next to each other without a gap
//! in one row or one column. In normal play the player who cannot move loses; the
//! classic rule is misère (whoever takes the last piece loses): `--misere`.
//!
//! Notation: the rows from the top, each a string of `o` (a piece) and `.` (an empty
//! square), separated by `/` or given as separate tokens, e.g. `oooo/o..o/oooo/oooo`; or
//! `RxC` for a full board of R rows and C columns (`4x4`). Squares are named as on a
//! chessboard: a column letter from `a` on the left and a row number from 1 at the
//! bottom; a move names its run `b1-b3` (or one square `c2`).
//!
//! Pieces that are not joined by a chain of neighbouring pieces (left, right, up, down)
//! never meet in a move, so a board is the sum of its connected groups, and the solver
//! values each group once, wherever it stands.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("taktix", &["4x4"], 1).unwrap();
//! // By symmetry the second player wins the full 4 × 4 board in normal play: answer
//! // each move with its mirror image through the centre.
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(0u64));
//! // The classic misère game is a second-player win too.
//! assert_eq!(p.misere_outcome().unwrap(), nimlab::Outcome::P);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};

/// The most rows and columns of a board.
pub const MAX_SIDE: usize = 8;

/// The most pieces a normal-play search takes on (its groups are valued apart).
pub const MAX_PIECES: u32 = 24;

/// The most pieces a misère search takes on (a misère search cannot value the groups
/// apart: it meets up to 2^pieces positions).
pub const MAX_MISERE_PIECES: u32 = 20;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::taktix::entry();
/// assert_eq!(e.name, "taktix");
/// let p = (e.build)(None, &nimlab::games::args::number(&["ooo"], 2)).unwrap();
/// // One row of three: take it all.
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(3u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "taktix",
        usage: "taktix",
        summary: "pieces on a board; take a run of neighbouring pieces from one row or column (classic rule: misère)",
        position: "rows from the top as `o` (piece) and `.` (empty), separated by `/`, e.g. `taktix oooo/o..o/oooo/oooo`, or `RxC` for a full board (`taktix 4x4`); squares `a1` (column from the left, row from the bottom), moves `b1-b3`",
        example: "taktix oooo/o..o/oooo/oooo",
        start: "4x4",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(Taktix, read_board(args)?))),
    }
}

/// A board: its size and its pieces, bit 8·r + c for row r (from the top) and column c
/// (from the left), both from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The number of rows.
    pub rows: u8,
    /// The number of columns.
    pub columns: u8,
    /// The pieces.
    pub cells: u64,
}

impl Board {
    /// The bit of the square in row `r` (from the top) and column `c`.
    pub fn bit(r: usize, c: usize) -> u64 {
        1 << (8 * r + c)
    }

    /// Whether a piece stands in row `r` (from the top) and column `c`.
    pub fn has(&self, r: usize, c: usize) -> bool {
        self.cells & Board::bit(r, c) != 0
    }

    /// The number of pieces.
    pub fn pieces(&self) -> u32 {
        self.cells.count_ones()
    }

    /// The name of the square in row `r` from the top and column `c`: `a1` is the
    /// bottom left square.
    pub fn square(&self, r: usize, c: usize) -> String {
        format!("{}{}", (b'a' + c as u8) as char, usize::from(self.rows) - r)
    }

    /// Every run of neighbouring pieces in a row or a column, as bit masks: the single
    /// pieces once, then the longer runs of each row and column.
    pub fn runs(&self) -> Vec<u64> {
        let (rows, columns) = (usize::from(self.rows), usize::from(self.columns));
        let mut out = Vec::new();
        for r in 0..rows {
            for c in 0..columns {
                if self.has(r, c) {
                    out.push(Board::bit(r, c));
                }
            }
        }
        // Runs of two or more along each line: (dr, dc) = (0, 1) for rows, (1, 0) for
        // columns.
        for (lines, length, horizontal) in [(rows, columns, true), (columns, rows, false)] {
            for line in 0..lines {
                let at = |i: usize| if horizontal { (line, i) } else { (i, line) };
                for start in 0..length {
                    let mut mask = 0;
                    for i in start..length {
                        let (r, c) = at(i);
                        if !self.has(r, c) {
                            break;
                        }
                        mask |= Board::bit(r, c);
                        if i > start {
                            out.push(mask);
                        }
                    }
                }
            }
        }
        out
    }

    /// The groups of pieces joined by neighbours, each moved to the top left corner of a
    /// board just large enough for it.
    pub fn groups(&self) -> Vec<Board> {
        let mut left = self.cells;
        let mut out = Vec::new();
        while left != 0 {
            let mut group = left & left.wrapping_neg();
            loop {
                let grown = group
                    | ((group << 1) & !COLUMN_0)
                    | ((group >> 1) & !COLUMN_7)
                    | (group << 8)
                    | (group >> 8);
                let grown = grown & left;
                if grown == group {
                    break;
                }
                group = grown;
            }
            left &= !group;
            out.push(Board::shrink(group));
        }
        out
    }

    /// The board just large enough for `cells`, moved to its top left corner.
    fn shrink(cells: u64) -> Board {
        let (mut top, mut bottom, mut leftmost, mut rightmost) = (8, 0, 8, 0);
        for bit in 0..64 {
            if cells >> bit & 1 != 0 {
                let (r, c) = (bit / 8, bit % 8);
                top = top.min(r);
                bottom = bottom.max(r);
                leftmost = leftmost.min(c);
                rightmost = rightmost.max(c);
            }
        }
        if cells == 0 {
            return Board {
                rows: 0,
                columns: 0,
                cells: 0,
            };
        }
        let mut moved = 0;
        for r in top..=bottom {
            let row = (cells >> (8 * r)) & 0xff;
            moved |= (row >> leftmost) << (8 * (r - top));
        }
        Board {
            rows: (bottom - top + 1) as u8,
            columns: (rightmost - leftmost + 1) as u8,
            cells: moved,
        }
    }
}

/// The squares of column 0 and of column 7, as masks (a piece shifted left or right
/// must not wrap to the next row).
const COLUMN_0: u64 = 0x0101_0101_0101_0101;
const COLUMN_7: u64 = COLUMN_0 << 7;

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in 0..usize::from(self.rows) {
            if r > 0 {
                write!(f, "/")?;
            }
            for c in 0..usize::from(self.columns) {
                write!(f, "{}", if self.has(r, c) { 'o' } else { '.' })?;
            }
        }
        Ok(())
    }
}

/// Reads a board: `RxC`, or rows of `o` and `.` separated by `/` or spaces.
///
/// ```
/// use nimlab::games::{args::number, taktix::read_board};
/// assert_eq!(read_board(&number(&["2x3"], 1)).unwrap().to_string(), "ooo/ooo");
/// assert_eq!(read_board(&number(&["o.o", "oo."], 1)).unwrap().to_string(), "o.o/oo.");
/// let err = read_board(&number(&["oo/o"], 1)).unwrap_err();
/// assert!(err.to_string().contains("row 2"));
/// ```
///
/// # Errors
/// [`Error::Parse`] naming the token for a size beyond 8 × 8, a character other than
/// `o` and `.`, or rows of different lengths.
pub fn read_board(args: &[Arg<'_>]) -> Result<Board> {
    let Some(first) = args.first() else {
        return Err(Error::missing(
            "the board is missing",
            "`RxC` for a full board (e.g. `4x4`) or the rows from the top, e.g. `oooo/o..o/oooo/oooo`",
        ));
    };
    if let Some((r, c)) = first.text.split_once(['x', 'X', '×']) {
        let bad = || {
            first.error(format!(
                "a full board `RxC`: R rows and C columns, each from 1 to {MAX_SIDE}"
            ))
        };
        let side = |t: &str| {
            t.parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_SIDE).contains(n))
        };
        let (Some(rows), Some(columns)) = (side(r), side(c)) else {
            return Err(bad());
        };
        if let Some(extra) = args.get(1) {
            return Err(extra.error("nothing after a full board `RxC`"));
        }
        let mut cells = 0;
        for r in 0..rows {
            for c in 0..columns {
                cells |= Board::bit(r, c);
            }
        }
        return Ok(Board {
            rows: rows as u8,
            columns: columns as u8,
            cells,
        });
    }
    let mut rows: Vec<(&Arg<'_>, &str)> = Vec::new();
    for arg in args {
        for row in arg.text.split('/') {
            rows.push((arg, row));
        }
    }
    if rows.len() > MAX_SIDE {
        return Err(args[0].error(format!("at most {MAX_SIDE} rows")));
    }
    let columns = rows[0].1.chars().count();
    let mut cells = 0;
    for (r, (arg, row)) in rows.iter().enumerate() {
        let n = row.chars().count();
        if n == 0 || n > MAX_SIDE {
            return Err(arg.error(format!(
                "row {} with 1 to {MAX_SIDE} squares, each `o` (a piece) or `.` (empty)",
                r + 1
            )));
        }
        if n != columns {
            return Err(arg.error(format!(
                "row {} as long as the first row ({columns} squares); it has {n}",
                r + 1
            )));
        }
        for (c, ch) in row.chars().enumerate() {
            match crate::games::piece(ch) {
                Some(true) => cells |= Board::bit(r, c),
                Some(false) => {}
                None => {
                    return Err(arg.error(format!(
                        "row {}: `o` (a piece) or `.` (an empty square), not `{ch}`",
                        r + 1
                    )))
                }
            }
        }
    }
    Ok(Board {
        rows: rows.len() as u8,
        columns: columns as u8,
        cells,
    })
}

/// The game Taktix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Taktix;

impl ImpartialGame for Taktix {
    type Position = Board;

    fn options(&self, board: &Board, out: &mut Vec<Board>) {
        for run in board.runs() {
            out.push(Board {
                cells: board.cells & !run,
                ..*board
            });
        }
    }

    fn components(&self, board: &Board) -> Option<Vec<Board>> {
        let groups = board.groups();
        (groups.len() > 1).then_some(groups)
    }

    fn closed_form(&self, board: &Board) -> Option<u64> {
        // A single row or column of n pieces in a run is the octal game 0.777… (take a
        // run from the middle and leave two runs): its values are not a closed form,
        // but a lone piece and the empty board are.
        match board.pieces() {
            0 => Some(0),
            1 => Some(1),
            _ => None,
        }
    }
}

/// The run of squares a move from `from` to `to` takes, named `b1-b3` or `c2`.
pub fn describe_run(from: &Board, to: &Board) -> String {
    let taken = from.cells & !to.cells;
    let squares: Vec<(usize, usize)> = (0..64)
        .filter(|b| taken >> b & 1 != 0)
        .map(|b| (b / 8, b % 8))
        .collect();
    match squares.as_slice() {
        [] => "pass".to_string(),
        [(r, c)] => from.square(*r, *c),
        [(r0, c0), .., (r1, c1)] => {
            // Name the run from its bottom or left end.
            let (a, b) = if r0 == r1 {
                ((*r0, *c0), (*r1, *c1))
            } else {
                ((*r1, *c1), (*r0, *c0))
            };
            format!("{}-{}", from.square(a.0, a.1), from.square(b.0, b.1))
        }
    }
}

impl Rules for Taktix {
    fn id(&self) -> String {
        "taktix".to_string()
    }

    fn format(&self, board: &Board) -> String {
        board.to_string()
    }

    fn describe(&self, from: &Board, to: &Board) -> String {
        format!("take {}", describe_run(from, to))
    }

    fn read_move(&self, board: &Board, text: &str) -> Option<std::result::Result<Board, String>> {
        let text = text.trim().to_lowercase();
        let square = |t: &str| -> Option<(usize, usize)> {
            let mut chars = t.trim().chars();
            let c = chars.next()?;
            let n: usize = chars.as_str().parse().ok()?;
            let col = (c as u32).checked_sub('a' as u32)? as usize;
            (col < 26).then_some((n, col))
        };
        let (a, b) = match text.split_once('-') {
            Some((x, y)) => (square(x)?, square(y)?),
            None => (square(&text)?, square(&text)?),
        };
        let (rows, columns) = (usize::from(board.rows), usize::from(board.columns));
        let on_board = |(n, c): (usize, usize)| n >= 1 && n <= rows && c < columns;
        if !on_board(a) || !on_board(b) {
            return Some(Err(format!(
                "the squares are a1 to {}{rows}",
                (b'a' + columns as u8 - 1) as char
            )));
        }
        // Rows from the top: square row n is row rows − n.
        let (ra, rb) = (rows - a.0, rows - b.0);
        if ra != rb && a.1 != b.1 {
            return Some(Err("a run lies in one row or one column".to_string()));
        }
        let mut taken = 0;
        for r in ra.min(rb)..=ra.max(rb) {
            for c in a.1.min(b.1)..=a.1.max(b.1) {
                if !board.has(r, c) {
                    return Some(Err(format!("there is no piece on {}", board.square(r, c))));
                }
                taken |= Board::bit(r, c);
            }
        }
        Some(Ok(Board {
            cells: board.cells & !taken,
            ..*board
        }))
    }

    fn figure(&self, board: &Board) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Piece, Shape, Square};
        let (rows, columns) = (usize::from(board.rows), usize::from(board.columns));
        let squares = (0..rows)
            .flat_map(|r| {
                (0..columns).map(move |c| {
                    if board.has(r, c) {
                        Square::Piece(Piece::Stone)
                    } else {
                        Square::Empty
                    }
                })
            })
            .collect();
        let b = crate::games::figure::Board::lettered(
            u32::from(board.columns),
            u32::from(board.rows),
            squares,
        );
        Some(Figure::new(Shape::Board(b)))
    }

    fn check_searchable(&self, board: &Board) -> Result<()> {
        if board.pieces() > MAX_PIECES {
            return Err(Error::limit(
                format!("a Taktix board with {} pieces", board.pieces()),
                format!("{MAX_PIECES} pieces"),
            ));
        }
        Ok(())
    }

    fn check_misere_searchable(&self, board: &Board) -> Result<()> {
        if board.pieces() > MAX_MISERE_PIECES {
            return Err(Error::limit(
                format!("misère Taktix with {} pieces", board.pieces()),
                format!("{MAX_MISERE_PIECES} pieces"),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::args::number;
    use crate::heap::{Rule, Sequence};
    use crate::impartial::{GrundySolver, MisereSolver};
    use crate::Outcome;

    fn board(text: &str) -> Board {
        read_board(&number(&[text], 1)).unwrap()
    }

    #[test]
    fn a_row_of_pieces_is_the_octal_game_0_777_and_a_board_its_groups_sum() {
        // One row of n pieces: take a run of 1, 2, 3, … from anywhere, leaving at most
        // two runs; every digit 7: the code 0.7777777 (n ≤ 8).
        let rule = Rule::parse("0.77777777").unwrap();
        let mut seq = Sequence::new(rule);
        seq.extend_to(9).unwrap();
        let mut solver = GrundySolver::new(Taktix);
        for n in 1..=8 {
            let row = "o".repeat(n);
            assert_eq!(
                solver.value(&board(&row)).unwrap(),
                u64::from(seq.get(n as u64).unwrap()),
                "{row}"
            );
            let column = vec!["o"; n].join("/");
            assert_eq!(
                solver.value(&board(&column)).unwrap(),
                u64::from(seq.get(n as u64).unwrap())
            );
        }
        // Splitting into groups never changes a value: the search with and without it.
        let mut whole = GrundySolver::without_closed_forms(NoGroups);
        for text in ["oo.o/o.oo/.oo./o..o", "ooo/o.o/ooo", "o.o.o/.o.o./o.o.o"] {
            let b = board(text);
            assert_eq!(
                solver.value(&b).unwrap(),
                whole.value(&b).unwrap(),
                "{text}"
            );
        }
    }

    /// Taktix without the split into groups, to check the split.
    struct NoGroups;
    impl ImpartialGame for NoGroups {
        type Position = Board;
        fn options(&self, board: &Board, out: &mut Vec<Board>) {
            Taktix.options(board, out)
        }
    }

    #[test]
    fn the_full_4x4_board_is_a_second_player_win_in_both_plays() {
        let full = board("4x4");
        assert_eq!(GrundySolver::new(Taktix).value(&full).unwrap(), 0);
        let mut misere = MisereSolver::new(Taktix);
        assert_eq!(misere.outcome(&full).unwrap(), Outcome::P);
        // A single piece: the player to move must take it, and loses in misère play.
        assert_eq!(misere.outcome(&board("o")).unwrap(), Outcome::P);
        assert_eq!(misere.outcome(&board("oo")).unwrap(), Outcome::N);
    }

    #[test]
    fn runs_groups_and_names() {
        let b = board("oo./o.o");
        // Singles: 4; the row run a2-b2; the column run a1-a2.
        assert_eq!(b.runs().len(), 6);
        assert_eq!(b.groups().len(), 2);
        let after = Board {
            cells: b.cells & !(Board::bit(0, 0) | Board::bit(1, 0)),
            ..b
        };
        assert_eq!(describe_run(&b, &after), "a1-a2");
        assert_eq!(b.square(0, 2), "c2");
        let err = read_board(&number(&["oo/o"], 3)).unwrap_err().to_string();
        assert!(
            err.contains("(argument 3)") && err.contains("row 2"),
            "{err}"
        );
        assert!(read_board(&number(&["9x9"], 1)).is_err());
        assert!(read_board(&number(&["o?o"], 1))
            .unwrap_err()
            .to_string()
            .contains("not `?`"));
    }
}
