//! Dawson's chess on its board (Dawson's skak, text 003).
//!
//! Rules: a board of 3 rows and n files; White has a pawn on every file of the bottom
//! row, Black on every file of the top row. Players move their own pawns as in chess: a
//! step forward onto an empty square, or a capture one square diagonally forward onto
//! an enemy pawn (no double steps, no en passant). Capturing is compulsory: a player who
//! can capture on the board must capture (choosing which capture if there are several).
//! The player who cannot move loses. On the board alone no pawn ever reaches its far row;
//! in a sum with other games a player may move elsewhere instead of capturing, and a pawn
//! may then reach the far row: it stays there without moves (there is no promotion).
//!
//! Each player moves only their own pawns, but the rules are the same for both, so the
//! game is searched from the side of the player to move: after each move the board is
//! turned round ([`Board::turned`]), and the player to move is always White.
//!
//! Every advance starts a forced sequence of captures (an odd number of moves, so that
//! the turn passes as after one move) that leaves the files around it dead, and files
//! with no pawns separate the board into parts that never meet: the game is the octal
//! game 0.137 on the runs of files. The tests check it on the board itself: a board is
//! a second-player win exactly when the nim-sum of 0.137's values of its runs is 0,
//! for every board of up to three runs on up to 14 files. (The board's own Grundy value,
//! counting each forced capture as a move, is not 0.137's: a position in the middle of
//! a forced sequence has one option. And in a sum with other games, where a player may
//! move elsewhere instead of capturing, the board is not 0.137's nimber either.)
//!
//! ```
//! use nimlab::games::dawson_board::{Board, mover_wins};
//! // One file: White steps forward and Black, blocked, cannot move.
//! assert!(mover_wins(&Board::start(1)));
//! // Four files: 0.137's heap of 4 is worth 0, a second-player win.
//! assert!(!mover_wins(&Board::start(4)));
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};
use std::collections::HashMap;

/// The most files of a board.
pub const MAX_FILES: usize = 16;

/// A position of the board: the squares of White's pawns and of Black's, bit 16·row +
/// file, rows from 0 (White's home row) to 2 (Black's home row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The number of files.
    pub files: u8,
    /// White's pawns.
    pub white: u64,
    /// Black's pawns.
    pub black: u64,
}

/// A side: White moves up the board, Black down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// Moves its pawns from row 0 towards row 2.
    White,
    /// Moves its pawns from row 2 towards row 0.
    Black,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// The bit of the square in `row` and `file`.
pub fn square(row: usize, file: usize) -> u64 {
    1 << (16 * row + file)
}

impl Board {
    /// The starting position with `files` files (at most [`MAX_FILES`]).
    pub fn start(files: usize) -> Board {
        let row: u64 = (1 << files.min(MAX_FILES)) - 1;
        Board {
            files: files.min(MAX_FILES) as u8,
            white: row,
            black: row << 32,
        }
    }

    /// The positions `side` can move to: its captures if it has any, otherwise its
    /// steps.
    pub fn moves(&self, side: Side) -> Vec<Board> {
        let (mine, theirs) = match side {
            Side::White => (self.white, self.black),
            Side::Black => (self.black, self.white),
        };
        let files = usize::from(self.files);
        let forward = |row: usize| -> Option<usize> {
            match side {
                Side::White => (row < 2).then_some(row + 1),
                Side::Black => row.checked_sub(1),
            }
        };
        let mut captures = Vec::new();
        let mut steps = Vec::new();
        for row in 0..3 {
            let Some(ahead) = forward(row) else { continue };
            for file in 0..files {
                let from = square(row, file);
                if mine & from == 0 {
                    continue;
                }
                for to_file in [file.wrapping_sub(1), file + 1] {
                    if to_file < files {
                        let to = square(ahead, to_file);
                        if theirs & to != 0 {
                            captures.push(self.after(side, from, to, true));
                        }
                    }
                }
                let to = square(ahead, file);
                if (mine | theirs) & to == 0 {
                    steps.push(self.after(side, from, to, false));
                }
            }
        }
        if captures.is_empty() {
            steps
        } else {
            captures
        }
    }

    /// The board after `side` moves a pawn from `from` to `to`, capturing there or not.
    fn after(&self, side: Side, from: u64, to: u64, capture: bool) -> Board {
        let mut b = *self;
        match side {
            Side::White => {
                b.white = b.white & !from | to;
                if capture {
                    b.black &= !to;
                }
            }
            Side::Black => {
                b.black = b.black & !from | to;
                if capture {
                    b.white &= !to;
                }
            }
        }
        b
    }

    /// The board turned round: Black's pawns become White's, and the rows are reversed,
    /// so that the player to move is White again.
    pub fn turned(&self) -> Board {
        let flip = |x: u64| {
            let row = |r: usize| (x >> (16 * r)) & 0xffff;
            row(0) << 32 | row(1) << 16 | row(2)
        };
        Board {
            files: self.files,
            white: flip(self.black),
            black: flip(self.white),
        }
    }

    /// Runs of files with pawns, separated by empty files: a board of `runs[0]` files,
    /// an empty file, `runs[1]` files, and so on (at most [`MAX_FILES`] in all).
    pub fn runs(runs: &[usize]) -> Board {
        let mut b = Board {
            files: 0,
            white: 0,
            black: 0,
        };
        let mut file = 0;
        for (i, &n) in runs.iter().enumerate() {
            if i > 0 {
                file += 1;
            }
            for f in file..(file + n).min(MAX_FILES) {
                b.white |= square(0, f);
                b.black |= square(2, f);
            }
            file += n;
        }
        b.files = file.min(MAX_FILES) as u8;
        b
    }

    /// Whether a pawn stands on its far row (White's on row 2 or Black's on row 0).
    pub fn promoted(&self) -> bool {
        let row = (1u64 << self.files) - 1;
        self.white & (row << 32) != 0 || self.black & row != 0
    }
}

/// Whether the player to move (White) wins `board`, by search of every move.
pub fn mover_wins(board: &Board) -> bool {
    MoverSearch::default().wins(board)
}

/// A search for the winner of boards from the side of the player to move, with a memo.
#[derive(Debug, Default)]
pub struct MoverSearch {
    memo: HashMap<Board, bool>,
}

impl MoverSearch {
    /// Whether White, to move, wins `board`.
    pub fn wins(&mut self, board: &Board) -> bool {
        if let Some(&w) = self.memo.get(board) {
            return w;
        }
        // A move advances a pawn by a row, and each pawn has at most two rows to go:
        // the recursion is at most 4 · 16 deep.
        let w = board
            .moves(Side::White)
            .iter()
            .any(|b| !self.wins(&b.turned()));
        self.memo.insert(*board, w);
        w
    }
}

/// The catalogue entry: Dawson's chess on its board, White to move first.
///
/// ```
/// let cat = nimlab::games::Catalogue::standard();
/// let p = cat.parse_position("dawson-board", &["4"], 1).unwrap();
/// // Four files: a second-player win, as 0.137's heap of 4 (worth 0).
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(0u64));
/// assert_eq!(p.notation(), "pppp/..../PPPP w");
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "dawson-board",
        usage: "dawson-board",
        summary: "Dawson's chess on its 3 x n board: pawns step forward or capture diagonally, captures compulsory (won as octal 0.137)",
        position: "the number of files for the start, or the rows from Black's side (`p` Black, `P` White, `.` empty) and the side to move, e.g. `dawson-board 5`, `dawson-board ppppp/..P../PP.PP b`; moves `c1-c2`, `b3xc2`",
        example: "dawson-board 5",
        start: "6",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(DawsonChess, read_position(args)?))),
    }
}

/// A position of the board game: the board and the side to move.
pub type Turn = (Board, Side);

/// Reads a position: a number of files (the start, White to move), or the three rows
/// from Black's side and `w` or `b` for the side to move.
///
/// # Errors
/// [`Error::Parse`] naming the token that is neither.
pub fn read_position(args: &[Arg<'_>]) -> Result<Turn> {
    let Some(first) = args.first() else {
        return Err(Error::missing(
            "the board is missing",
            "a number of files (e.g. `5`) or the rows from Black's side and the side to move (e.g. `ppp/.P./P.P b`)",
        ));
    };
    if !first.text.contains('/') {
        let n = first.natural("a number of files")?;
        if n == 0 || n > MAX_FILES as u64 {
            return Err(first.error(format!("a number of files from 1 to {MAX_FILES}")));
        }
        if let Some(extra) = args.get(1) {
            return Err(extra.error("nothing after the number of files"));
        }
        return Ok((Board::start(n as usize), Side::White));
    }
    let rows: Vec<&str> = first.text.split('/').collect();
    let files = rows[0].chars().count();
    if rows.len() != 3
        || files == 0
        || files > MAX_FILES
        || rows.iter().any(|r| r.chars().count() != files)
    {
        return Err(first.error(format!(
            "three rows of 1 to {MAX_FILES} squares, each `p` (Black), `P` (White) or `.`, separated by `/`"
        )));
    }
    let mut board = Board {
        files: files as u8,
        white: 0,
        black: 0,
    };
    for (k, row) in rows.iter().enumerate() {
        let r = 2 - k;
        for (f, ch) in row.chars().enumerate() {
            match ch {
                'P' => board.white |= square(r, f),
                'p' => board.black |= square(r, f),
                '.' => {}
                other => return Err(first.error(format!("`p`, `P` or `.`, not `{other}`"))),
            }
        }
    }
    let side = match args.get(1).map(|a| a.text) {
        None | Some("w") | Some("W") | Some("white") => Side::White,
        Some("b") | Some("B") | Some("black") => Side::Black,
        Some(_) => return Err(args[1].error("the side to move: `w` or `b`")),
    };
    if let Some(extra) = args.get(2) {
        return Err(extra.error("nothing after the side to move"));
    }
    Ok((board, side))
}

/// The board game as an impartial game: a position is the board and the side to move,
/// and the options are that side's moves. Its value counts every forced capture as a
/// move, so it is not 0.137's value, but its winner is 0.137's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DawsonChess;

/// The name of a square: file letter and row number from White's side.
fn square_name(row: usize, file: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, row + 1)
}

/// The squares of `bits`, as (row, file).
fn squares(bits: u64) -> Vec<(usize, usize)> {
    (0..48)
        .filter(|b| bits >> b & 1 != 0)
        .map(|b| (b / 16, b % 16))
        .collect()
}

impl ImpartialGame for DawsonChess {
    type Position = Turn;

    fn options(&self, &(board, side): &Turn, out: &mut Vec<Turn>) {
        out.extend(board.moves(side).into_iter().map(|b| (b, side.other())));
    }
}

impl Rules for DawsonChess {
    fn id(&self) -> String {
        "dawson-board".to_string()
    }

    fn format(&self, &(board, side): &Turn) -> String {
        let rows: Vec<String> = (0..3)
            .rev()
            .map(|r| {
                (0..usize::from(board.files))
                    .map(|f| {
                        if board.white & square(r, f) != 0 {
                            'P'
                        } else if board.black & square(r, f) != 0 {
                            'p'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if side == Side::White { "w" } else { "b" };
        format!("{} {side}", rows.join("/"))
    }

    fn describe(&self, &(from, side): &Turn, &(to, _): &Turn) -> String {
        let (mine_before, mine_after, theirs_before, theirs_after) = match side {
            Side::White => (from.white, to.white, from.black, to.black),
            Side::Black => (from.black, to.black, from.white, to.white),
        };
        let moved_from = squares(mine_before & !mine_after);
        let moved_to = squares(mine_after & !mine_before);
        let captured = theirs_before != theirs_after;
        let who = if side == Side::White {
            "White"
        } else {
            "Black"
        };
        match (moved_from.as_slice(), moved_to.as_slice()) {
            ([(r0, f0)], [(r1, f1)]) => format!(
                "{who}: {}{}{}",
                square_name(*r0, *f0),
                if captured { "x" } else { "-" },
                square_name(*r1, *f1)
            ),
            _ => format!("{who} moves"),
        }
    }

    fn read_move(&self, pos: &Turn, text: &str) -> Option<std::result::Result<Turn, String>> {
        let t = text.trim().to_lowercase();
        let (a, b) = t.split_once(['-', 'x'])?;
        let name = |s: &str| -> Option<(usize, usize)> {
            let mut c = s.trim().chars();
            let f = (c.next()? as u32).checked_sub('a' as u32)? as usize;
            let r: usize = c.as_str().parse().ok()?;
            // A file beyond the board's widest is no square (and has no letter).
            ((1..=3).contains(&r) && f < MAX_FILES).then_some((r - 1, f))
        };
        let (from, to) = (name(a)?, name(b)?);
        let mut all = Vec::new();
        self.options(pos, &mut all);
        Some(
            all.into_iter()
                .find(|o| {
                    let d = self.describe(pos, o);
                    d.ends_with(&format!("{}-{}", square_name(from.0, from.1), square_name(to.0, to.1)))
                        || d.ends_with(&format!("{}x{}", square_name(from.0, from.1), square_name(to.0, to.1)))
                })
                .ok_or_else(|| {
                    "not a legal pawn move here (a pawn steps forward onto an empty square or captures diagonally forward, and a capture is compulsory when there is one)".to_string()
                }),
        )
    }

    fn figure(&self, &(board, side): &Turn) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Piece, Shape, Square};
        let files = usize::from(board.files);
        let squares = (0..3)
            .rev()
            .flat_map(|r| {
                (0..files).map(move |f| {
                    if board.white & square(r, f) != 0 {
                        Square::Piece(Piece::WhitePawn)
                    } else if board.black & square(r, f) != 0 {
                        Square::Piece(Piece::BlackPawn)
                    } else {
                        Square::Empty
                    }
                })
            })
            .collect();
        let b = crate::games::figure::Board::lettered(u32::from(board.files), 3, squares);
        let mover = if side == Side::White {
            "White"
        } else {
            "Black"
        };
        Some(Figure::new(Shape::Board(b)).note(format!("{mover} to move")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Catalogue;
    use crate::heap::{Rule, Sequence};

    /// Found by fuzzing: the move `Ā1-a2` overflowed. A square's file was any letter
    /// from `a` on, named again by adding it to `a` in one byte: `Ā` (U+0100) is 159
    /// letters past `a`, beyond a byte. The board has at most 16 files, `a` to `p`.
    #[test]
    fn a_move_from_a_file_beyond_the_board_is_refused() {
        let cat = Catalogue::standard();
        let p = cat.parse_position("dawson-board", &["3"], 1).unwrap();
        for text in ["Ā1-a2", "a1-Ā2", "Ā1xb2", "ÿ1-a1", "q1-q2", "z1-z2"] {
            assert!(!matches!(p.read_move(text), Some(Ok(_))), "{text}");
        }
        // White's pawns start on row 1 and step to row 2.
        let m = p.read_move("a1-a2").unwrap().unwrap();
        assert_eq!(m.to.notation(), "ppp/P../.PP b");
    }

    fn dawson(n: u64) -> Vec<u64> {
        let mut seq = Sequence::new(Rule::parse("0.137").unwrap());
        seq.extend_to(n + 1).unwrap();
        (0..=n).map(|i| u64::from(seq.get(i).unwrap())).collect()
    }

    #[test]
    fn boards_of_up_to_three_runs_are_won_as_0_137_says() {
        let g = dawson(14);
        let mut search = MoverSearch::default();
        let mut boards = 0;
        for a in 1..=14usize {
            assert_eq!(search.wins(&Board::start(a)), g[a] != 0, "{a} files");
            for b in 1..=14 - a {
                if a + b < 14 {
                    let board = Board::runs(&[a, b]);
                    assert_eq!(search.wins(&board), g[a] != g[b], "runs {a}, {b}");
                    boards += 1;
                }
                for c in 1..=14usize.saturating_sub(a + b + 2) {
                    let board = Board::runs(&[a, b, c]);
                    assert_eq!(
                        search.wins(&board),
                        g[a] ^ g[b] ^ g[c] != 0,
                        "runs {a}, {b}, {c}"
                    );
                    boards += 1;
                }
            }
        }
        assert_eq!(boards, 78 + 220);
        // 0.137 from heap 1: 1 1 2 0, so the first player wins 1, 2 and 3 files, not 4.
        assert_eq!(&g[1..5], &[1, 1, 2, 0]);
    }

    #[test]
    fn the_catalogue_game_reads_writes_and_wins_as_the_search() {
        use crate::games::args::number;
        let (board, side) = read_position(&number(&["ppppp/..P../PP.PP", "b"], 1)).unwrap();
        assert_eq!(side, Side::Black);
        assert_eq!(DawsonChess.format(&(board, side)), "ppppp/..P../PP.PP b");
        // Black must capture: b3xc2 or d3xc2, and nothing else.
        let b = DawsonChess
            .read_move(&(board, side), "b3xc2")
            .unwrap()
            .unwrap();
        assert_eq!(DawsonChess.format(&b), "p.ppp/..p../PP.PP w");
        assert!(DawsonChess
            .read_move(&(board, side), "a3-a2")
            .unwrap()
            .is_err());
        assert!(read_position(&number(&["pp/P/PP"], 1)).is_err());
        assert!(read_position(&number(&["pp/.q/PP"], 1)).is_err());
        let mut solver = crate::impartial::GrundySolver::new(DawsonChess);
        let mut search = MoverSearch::default();
        for n in 1..=10 {
            let start = Board::start(n);
            assert_eq!(
                solver.value(&(start, Side::White)).unwrap() != 0,
                search.wins(&start),
                "{n}"
            );
        }
    }

    #[test]
    fn on_the_board_alone_no_pawn_reaches_its_far_row() {
        for n in 1..=10 {
            let mut seen = std::collections::HashSet::new();
            let mut stack = vec![Board::start(n)];
            while let Some(board) = stack.pop() {
                if !seen.insert(board) {
                    continue;
                }
                assert!(!board.promoted(), "{n} files: {board:?}");
                stack.extend(board.moves(Side::White).iter().map(Board::turned));
            }
        }
    }

    #[test]
    fn captures_are_compulsory_and_turning_twice_is_the_same_board() {
        // White pawn on b2 (row 1) facing Black pawns on a3 and c3: Black must capture.
        let board = Board {
            files: 3,
            white: square(1, 1) | square(0, 0),
            black: square(2, 0) | square(2, 2) | square(2, 1),
        };
        let moves = board.moves(Side::Black);
        assert_eq!(moves.len(), 2);
        assert!(moves.iter().all(|b| b.white & square(1, 1) == 0));
        assert_eq!(board.turned().turned(), board);
        assert_eq!(board.turned().moves(Side::White).len(), 2);
    }
}
