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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{Rule, Sequence};

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
