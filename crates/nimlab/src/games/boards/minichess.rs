//! Minichess (MINIŠACH, text 000): pawns on a small board. White (Left) moves up the
//! board, Black (Right) down; a move takes one of the player's own pawns one square
//! forward to an empty square, or one square diagonally forward onto a square holding an
//! opponent's pawn, which is captured. A player who cannot move loses. The text starts
//! from a 3×3 board with three white pawns on the first rank and three black pawns on the
//! last, moves a pawn "one square" or captures "diagonally", and says no more: there is
//! no double step, no promotion, and a pawn on the far rank simply cannot move. (The text
//! says the game ends when a player has no move; as everywhere in nimlab, the player to
//! move who has none loses.) The text asks for the analysis and gives no answer: from the
//! start the second player wins, whoever begins, so its value is 0.
//!
//! Positions are written rows from the top separated by `|`: `w` (or `W`, `x`) a white
//! pawn, `b` (or `B`, `o`) a black pawn, `.` an empty square: the start is `bbb|...|www`,
//! also written `3x3` (`RxC`: black pawns on the top row, white on the bottom row, of a
//! board of R rows and C columns). Any rectangular board of up to 64 squares is accepted.
//!
//! Reflecting the board left to right keeps both players' moves, so a position is solved
//! in the lesser of its two mirror forms; a position where neither player can move is
//! 0 and is dropped. The pawns of different columns meet through captures, so the board
//! is not split.
//!
//! ```
//! use nimlab::games::minichess::Minichess;
//! use nimlab::conway::Arena;
//! use nimlab::partizan::Solver;
//! let mut a = Arena::new();
//! // A white pawn two squares from the far rank: two free moves for White.
//! let g = Solver::new().value(&mut a, &Minichess::parse(".|.|w").unwrap());
//! assert_eq!(g, a.integer(2));
//! ```

use crate::games::figure::{Figure, Piece, Square};
use crate::games::grid::{self, Grid};
use crate::games::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::{Error, Result};

/// The most squares a board may have.
pub const MAX_SQUARES: usize = crate::games::grid::MAX_SQUARES;

/// The rules in one line.
pub const SUMMARY: &str = "pawns on a 3×3 board (MINIŠACH): move a pawn of your colour one square forward to an empty square, or capture an opponent's pawn one square diagonally forward (White, Left, moves up; Black, Right, down); whoever cannot move loses";

/// How a position is written.
pub const NOTATION: &str = "rows from the top separated by `|`: `w` white pawn (Left, moving up), `b` black pawn (Right, moving down), `.` empty, e.g. `minichess bbb|...|www`, or `RxC` for black pawns on the top row and white on the bottom row (`minichess 3x3`); a move `a1-a2` (a step) or `a1xb2` (a capture), columns from the left, rows from the bottom";

/// The text's start: three black pawns on the top row, three white on the bottom row.
pub const START: &str = "bbb|...|www";

/// A Minichess board of at most 64 squares: bit `r * width + c` of `white` (`black`) is
/// set when the square in row r (from the top) and column c holds a white (black) pawn.
///
/// ```
/// use nimlab::games::minichess::Minichess;
/// use nimlab::games::ruleset::{Ruleset, Side};
/// use nimlab::partizan::PartizanGame;
/// let p = Minichess::parse("bbb|...|www").unwrap();
/// let moves: Vec<String> = p
///     .left_options()
///     .iter()
///     .map(|o| p.describe_move(Side::Left, o))
///     .collect();
/// assert_eq!(moves, ["a1-a2", "b1-b2", "c1-c2"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Minichess {
    height: u8,
    width: u8,
    white: u64,
    black: u64,
}

/// `m >> k`, and 0 for a shift of the whole word or more.
fn shr(m: u64, k: u32) -> u64 {
    m.checked_shr(k).unwrap_or(0)
}

/// `m << k`, and 0 for a shift of the whole word or more.
fn shl(m: u64, k: u32) -> u64 {
    m.checked_shl(k).unwrap_or(0)
}

impl Minichess {
    /// A board of `height` rows and `width` columns with black pawns on the top row and
    /// white pawns on the bottom row (`3, 3` is the text's start).
    ///
    /// ```
    /// use nimlab::games::minichess::{Minichess, START};
    /// assert_eq!(Minichess::start(3, 3).unwrap().to_string(), START);
    /// assert_eq!(Minichess::start(2, 4).unwrap().to_string(), "bbbb|wwww");
    /// ```
    ///
    /// # Errors
    /// Fewer than 2 rows, no column, or more than [`MAX_SQUARES`] squares.
    pub fn start(height: u32, width: u32) -> Result<Minichess> {
        Self::sized(u64::from(height), u64::from(width))
    }

    /// The start on a board of any size asked for, refused beyond [`MAX_SQUARES`] squares.
    fn sized(height: u64, width: u64) -> Result<Minichess> {
        if !grid::fits(height, width, 2) {
            return Err(Error::limit(
                format!("a minichess board of {height}×{width}"),
                format!("boards of 2 or more rows and at most {MAX_SQUARES} squares"),
            ));
        }
        // At most 64 squares in 2 rows or more: a side fits in 32 bits and a row in a word.
        let (height, width) = (height as u32, width as u32);
        let row = (1u64 << width) - 1;
        Ok(Minichess {
            height: height as u8,
            width: width as u8,
            white: row << ((height - 1) * width),
            black: row,
        })
    }

    /// Reads a board: rows from the top separated by `|`, `w` (`W`, `x`) a white pawn,
    /// `b` (`B`, `o`) a black pawn, `.` empty; or `RxC` for black pawns on the top row
    /// and white on the bottom row of an R×C board. Quotes around the text are ignored.
    ///
    /// ```
    /// use nimlab::games::minichess::Minichess;
    /// assert_eq!(Minichess::parse("3x3").unwrap().to_string(), "bbb|...|www");
    /// assert_eq!(Minichess::parse("\"oo.|x.X\"").unwrap().to_string(), "bb.|w.w");
    /// ```
    ///
    /// # Errors
    /// Rows of different lengths, another character (named with its row and column), or
    /// a board beyond [`MAX_SQUARES`] squares.
    pub fn parse(text: &str) -> Result<Minichess> {
        let text = text.trim().trim_matches('"').trim();
        if let Some((r, c)) = grid::read_size(text) {
            return Minichess::sized(r, c);
        }
        let (grid, [_, white, black]) = Grid::parse(
            "minichess",
            text,
            "expected rows of `w` (white pawn), `b` (black pawn) and `.` (empty) separated by `|`, as in `bbb|...|www`, or `RxC`",
            "`w` (white pawn), `b` (black pawn) or `.` (empty)",
            |ch| match ch {
                '.' => Some(0),
                'w' | 'W' | 'x' | 'X' => Some(1),
                'b' | 'B' | 'o' | 'O' => Some(2),
                _ => None,
            },
        )?;
        Ok(Minichess {
            height: grid.height as u8,
            width: grid.width as u8,
            white,
            black,
        })
    }

    /// The number of rows.
    pub fn height(&self) -> u32 {
        u32::from(self.height)
    }

    /// The number of columns.
    pub fn width(&self) -> u32 {
        u32::from(self.width)
    }

    fn grid(&self) -> Grid {
        Grid {
            height: self.height(),
            width: self.width(),
        }
    }

    /// Where the moves of White (`up`) or Black land: the steps forward, the captures
    /// towards the first column and those towards the last.
    fn landings(&self, up: bool) -> [u64; 3] {
        let g = self.grid();
        let w = self.width();
        let (mover, target) = if up {
            (self.white, self.black)
        } else {
            (self.black, self.white)
        };
        let empty = g.all() & !(self.white | self.black);
        let not_first = mover & !g.first_column();
        let not_last = mover & !g.last_column();
        if up {
            [
                shr(mover, w) & empty,
                shr(not_first, w + 1) & target,
                shr(not_last, w - 1) & target,
            ]
        } else {
            [
                shl(mover, w) & empty,
                shl(not_first, w - 1) & target,
                shl(not_last, w + 1) & target,
            ]
        }
    }

    /// The boards after each move of White (`up`) or Black: steps first, then captures
    /// towards the first column, then towards the last.
    fn moves(&self, up: bool) -> Vec<Minichess> {
        let w = self.width();
        let lands = self.landings(up);
        let mut out = Vec::with_capacity(lands.iter().map(|m| m.count_ones() as usize).sum());
        // How far, in bits, each kind of move carries a pawn.
        let (towards_first, towards_last) = if up { (w + 1, w - 1) } else { (w - 1, w + 1) };
        for (mut lands, distance) in lands.into_iter().zip([w, towards_first, towards_last]) {
            while lands != 0 {
                let to = lands.trailing_zeros();
                lands &= lands - 1;
                let bit = 1u64 << to;
                out.push(if up {
                    Minichess {
                        white: (self.white & !(1u64 << (to + distance))) | bit,
                        black: self.black & !bit,
                        ..*self
                    }
                } else {
                    Minichess {
                        white: self.white & !bit,
                        black: (self.black & !(1u64 << (to - distance))) | bit,
                        ..*self
                    }
                });
            }
        }
        out
    }

    /// The board reflected left to right.
    fn mirrored(&self) -> Minichess {
        let w = self.width();
        let flip = |m: u64| {
            (0..self.height()).fold(0, |acc, r| {
                let row = shr(m, r * w) & shr(u64::MAX, 64 - w);
                acc | (row.reverse_bits() >> (64 - w)) << (r * w)
            })
        };
        Minichess {
            white: flip(self.white),
            black: flip(self.black),
            ..*self
        }
    }

    fn square(&self, i: u32) -> Square {
        match (self.white >> i & 1, self.black >> i & 1) {
            (1, _) => Square::Piece(Piece::WhitePawn),
            (_, 1) => Square::Piece(Piece::BlackPawn),
            _ => Square::Empty,
        }
    }
}

impl PartizanGame for Minichess {
    fn left_options(&self) -> Vec<Minichess> {
        self.moves(true)
    }

    fn right_options(&self) -> Vec<Minichess> {
        self.moves(false)
    }

    /// The board in the lesser of its two mirror forms; none when neither player can
    /// move (the value is then 0).
    fn components(&self) -> Vec<Minichess> {
        if self
            .landings(true)
            .iter()
            .chain(&self.landings(false))
            .all(|&m| m == 0)
        {
            return Vec::new();
        }
        vec![(*self).min(self.mirrored())]
    }
}

impl Ruleset for Minichess {
    fn game(&self) -> String {
        "minichess".to_string()
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// The square left and the square reached: `a1-a2` for a step, `a2xb3` for a
    /// capture.
    fn describe_move(&self, side: Side, to: &Minichess) -> String {
        let (before, after, theirs) = match side {
            Side::Left => (self.white, to.white, self.black),
            Side::Right => (self.black, to.black, self.white),
        };
        let from = (before & !after).trailing_zeros();
        let reached = (after & !before).trailing_zeros();
        let g = self.grid();
        let sign = if theirs >> reached & 1 == 1 { 'x' } else { '-' };
        format!("{}{sign}{}", g.square_name(from), g.square_name(reached))
    }

    fn figure(&self) -> Option<Figure> {
        Some(
            self.grid()
                .figure(&format!("Minichess {self}"), |i| self.square(i)),
        )
    }
}

impl std::fmt::Display for Minichess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let w = self.width();
        let rows: Vec<String> = (0..self.height())
            .map(|r| {
                (0..w)
                    .map(|c| match self.square(r * w + c) {
                        Square::Piece(Piece::WhitePawn) => 'w',
                        Square::Piece(Piece::BlackPawn) => 'b',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        write!(f, "{}", rows.join("|"))
    }
}

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "minichess",
        usage: "minichess",
        summary: SUMMARY,
        position: NOTATION,
        example: "minichess bbb|...|www",
        params: crate::games::Params::None,
        start: START,
        build: |_, args| crate::games::ruleset::read_joined(args, "|", Minichess::parse),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::Arena;
    use crate::partizan::solver::Whole;
    use crate::partizan::Solver;
    use std::collections::{HashMap, HashSet};

    /// A board as rows of characters, for a search written apart from the bit boards.
    type Rows = Vec<Vec<char>>;

    fn rows(text: &str) -> Rows {
        text.split('|').map(|r| r.chars().collect()).collect()
    }

    fn text(rows: &Rows) -> String {
        rows.iter()
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    }

    /// Every move of White (`white`) or Black, straight from the rules: one square
    /// forward to an empty square, or diagonally forward onto an opponent's pawn.
    fn plain_moves(b: &Rows, white: bool) -> Vec<Rows> {
        let (me, them, dr) = if white {
            ('w', 'b', -1i32)
        } else {
            ('b', 'w', 1)
        };
        let (h, w) = (b.len() as i32, b[0].len() as i32);
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if b[r as usize][c as usize] != me {
                    continue;
                }
                let nr = r + dr;
                if !(0..h).contains(&nr) {
                    continue;
                }
                for dc in [-1, 0, 1] {
                    let nc = c + dc;
                    if !(0..w).contains(&nc) {
                        continue;
                    }
                    let there = b[nr as usize][nc as usize];
                    if (dc == 0 && there == '.') || (dc != 0 && there == them) {
                        let mut n = b.clone();
                        n[r as usize][c as usize] = '.';
                        n[nr as usize][nc as usize] = me;
                        out.push(n);
                    }
                }
            }
        }
        out
    }

    /// Whether the player to move wins (White when `white`), by plain minimax.
    fn mover_wins(b: &Rows, white: bool, memo: &mut HashMap<(Rows, bool), bool>) -> bool {
        if let Some(&v) = memo.get(&(b.clone(), white)) {
            return v;
        }
        let v = plain_moves(b, white)
            .iter()
            .any(|n| !mover_wins(n, !white, memo));
        memo.insert((b.clone(), white), v);
        v
    }

    /// Every position reached from `start` by moves of either player in any order.
    fn reachable(start: &str) -> Vec<Rows> {
        let mut seen: HashSet<Rows> = HashSet::new();
        let mut todo = vec![rows(start)];
        while let Some(b) = todo.pop() {
            if seen.insert(b.clone()) {
                todo.extend(plain_moves(&b, true));
                todo.extend(plain_moves(&b, false));
            }
        }
        seen.into_iter().collect()
    }

    /// Who wins with each player starting, read from the canonical value: Left moving
    /// first wins unless G ≤ 0; Right moving first wins unless G ≥ 0.
    fn outcome_of_value(a: &mut Arena, s: &mut Solver<Minichess>, p: &Minichess) -> (bool, bool) {
        let g = s.value(a, p);
        let zero = a.zero();
        (!a.le(g, zero), !a.le(zero, g))
    }

    #[test]
    fn the_text_start_and_everything_after_it_agree_with_minimax() {
        let mut a = Arena::new();
        let mut s = Solver::new();
        let mut memo = HashMap::new();
        for start in [START, "bbbb|....|wwww", "bbb|...|...|www", "bb|..|ww"] {
            let all = reachable(start);
            assert!(all.len() > 10, "{start}");
            for b in &all {
                let p = Minichess::parse(&text(b)).unwrap();
                let by_value = outcome_of_value(&mut a, &mut s, &p);
                let by_search = (
                    mover_wins(b, true, &mut memo),
                    mover_wins(b, false, &mut memo),
                );
                assert_eq!(by_value, by_search, "{}", text(b));
            }
        }
        // MINIŠACH (text 000) sets the start up for an analysis of who wins, and gives
        // no answer. The plain search says: the player who moves second wins, whoever
        // starts; so the value is 0 (and the search and the value agree on it).
        let b = rows(START);
        assert!(!mover_wins(&b, true, &mut memo));
        assert!(!mover_wins(&b, false, &mut memo));
        let g = s.value(&mut a, &Minichess::parse(START).unwrap());
        assert_eq!(g, a.zero());
    }

    #[test]
    fn small_positions_have_these_values_by_hand() {
        let value = |t: &str| {
            let mut a = Arena::new();
            let g = Solver::new().value(&mut a, &Minichess::parse(t).unwrap());
            crate::notation::print(&mut a, g)
        };
        // A pawn with two free squares ahead is two moves for its player.
        assert_eq!(value(".|.|w"), "2");
        assert_eq!(value("b|.|."), "-2");
        // On the far rank a pawn cannot move.
        assert_eq!(value("w|.|."), "0");
        // Face to face, neither pawn moves: 0.
        assert_eq!(value("b|w"), "0");
        // One square between them: whoever steps in blocks both, so whoever moves first
        // wins: *.
        assert_eq!(value("b|.|w"), "*");
        // Diagonal neighbours: either may capture, leaving a lone pawn on its far rank
        // (0); a step instead gives the opponent the last move: {0|0} = *.
        assert_eq!(value("b.|.w"), "*");
    }

    /// The mirror form and the dropped dead positions never change a value: every
    /// position reached from the start of small boards, against the plain solver.
    #[test]
    fn the_mirror_form_keeps_the_value() {
        let mut a = Arena::new();
        let mut fast = Solver::new();
        let mut plain = Solver::new();
        for start in [START, "bbbb|....|wwww", "bb.|...|.ww"] {
            for b in reachable(start) {
                let t = text(&b);
                let p = Minichess::parse(&t).unwrap();
                let g = fast.value(&mut a, &p);
                assert_eq!(g, plain.value(&mut a, &Whole(p)), "{t}");
                assert_eq!(g, fast.value(&mut a, &p.mirrored()), "{t}");
            }
        }
    }

    #[test]
    fn moves_are_named_as_on_a_chess_board() {
        let p = Minichess::parse("b.b|.w.|...").unwrap();
        let names = |side: Side| -> Vec<String> {
            let options = match side {
                Side::Left => p.left_options(),
                Side::Right => p.right_options(),
            };
            options.iter().map(|o| p.describe_move(side, o)).collect()
        };
        assert_eq!(names(Side::Left), ["b2-b3", "b2xa3", "b2xc3"]);
        assert_eq!(names(Side::Right), ["a3-a2", "c3-c2", "c3xb2", "a3xb2"]);
        assert_eq!(p.game(), "minichess");
        let draw = |ascii| crate::draw::partizan_text(&p, ascii);
        assert_eq!(draw(true), " 3 p . p\n 2 . P .\n 1 . . .\n   a b c");
        assert_eq!(draw(false), " 3 ♟ · ♟\n 2 · ♙ ·\n 1 · · ·\n   a b c");
    }

    #[test]
    fn boards_are_read_with_their_mistakes_named() {
        let p = Minichess::parse(START).unwrap();
        assert_eq!(p.to_string(), START);
        assert_eq!(p.notation(), START);
        assert_eq!((p.height(), p.width()), (3, 3));
        assert_eq!(Minichess::parse("4x2").unwrap().to_string(), "bb|..|..|ww");
        let e = Minichess::parse("bb|w").unwrap_err().to_string();
        assert!(e.contains("row 2 has 1 square, row 1 has 2 squares"), "{e}");
        let e = Minichess::parse("bbb|.k.|www").unwrap_err().to_string();
        assert!(e.contains("`k` in row 2, column 2"), "{e}");
        assert!(Minichess::parse("1x3").is_err());
        assert!(Minichess::parse("9x8").is_err());
        assert!(Minichess::parse("8x8").is_ok());
        assert!(Minichess::parse(&"w".repeat(65)).is_err());
        // A single row of 64 squares: no pawn moves, and nothing overflows.
        let row = Minichess::parse(&"wb".repeat(32)).unwrap();
        assert!(row.left_options().is_empty() && row.right_options().is_empty());
    }
}
