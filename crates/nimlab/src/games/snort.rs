//! Snort: the players colour the squares of a board in turn, Left blue and Right red; a
//! square may not be coloured next to (side by side with) a square of the opponent's
//! colour; a player who cannot colour a square loses. (Simon Norton's game, analysed in
//! Winning Ways, chapter 2, beside its cousin [Col](super::col).)
//!
//! Boards are written rows from the top separated by `|`: `.` an uncoloured square, `x`
//! (or `l`, `L`, `b`, `B`) a square coloured by Left, `o` (or `r`, `R`) one coloured by
//! Right, `#` no square (a hole): `"x..|..."`; or `RxC` for an empty board of R rows and C
//! columns (`3x4`). Any colouring is accepted as a position, even one the rules could not
//! have reached: the rules only restrict the squares coloured from now on.
//!
//! A coloured square matters only through the squares it tints: an uncoloured square next
//! to Left's colour is one Right may never colour, and one next to both colours is
//! never coloured at all, so it never tints anything and is dropped. A position is the
//! sum of the regions of the remaining uncoloured squares joined side to side, each
//! carrying its squares' tints; a region is cropped to its bounding box and put in the
//! least of its forms under the board's eight symmetries (reflections and rotations keep
//! what is side by side, so they keep both players' moves), so equal regions share one
//! entry of the solver's table.
//!
//! ```
//! use nimlab::games::snort::Snort;
//! use nimlab::partizan::{Arena, Solver};
//! let mut a = Arena::new();
//! // Two squares side by side: whoever colours one keeps the other for themselves.
//! let g = Solver::new().value(&mut a, &Snort::parse("..").unwrap());
//! assert_eq!(nimlab::notation::print(&mut a, g), "+-1");
//! ```

use super::grid::{self, Grid};
use super::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::{Error, Result};

/// The most squares a board may have.
pub const MAX_SQUARES: usize = super::grid::MAX_SQUARES;

/// The rules in one line.
pub const SUMMARY: &str = "colour an uncoloured square of a board with your colour (Left blue `x`, Right red `o`), never next to a square of the opponent's colour; whoever cannot colour a square loses";

/// How a position is written.
pub const NOTATION: &str = "rows from the top separated by `|`: `.` uncoloured, `x` coloured by Left, `o` coloured by Right, `#` no square, e.g. `snort x..|...`, or `RxC` for an empty board (`snort 3x4`); a move names the square coloured, `b2` (column from the left, row from the bottom)";

/// A sensible board to play from: an empty 3×4 board.
pub const START: &str = "....|....|....";

/// A board of a map-colouring game on the squares of a grid: Snort when `COL` is false,
/// Col when it is true. Bit `r * width + c` of each mask stands for the square in row r
/// (from the top) and column c. `blank` holds the uncoloured squares; on a coloured
/// square a bit of `left` (`right`) says that Left (Right) coloured it; on an uncoloured
/// square it says that the square counts as next to Left's (Right's) colour besides its
/// neighbours on the board (the tints a region cropped out of a larger board carries).
/// Squares in none of the masks are holes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Colouring<const COL: bool> {
    height: u8,
    width: u8,
    blank: u64,
    left: u64,
    right: u64,
}

impl<const COL: bool> Colouring<COL> {
    /// The game's id, for errors.
    fn id() -> &'static str {
        if COL {
            "col"
        } else {
            "snort"
        }
    }

    /// An empty board of `height` rows and `width` columns.
    pub(crate) fn empty(height: u32, width: u32) -> Result<Self> {
        Self::sized(u64::from(height), u64::from(width))
    }

    /// An empty board of any size asked for, refused beyond [`MAX_SQUARES`] squares.
    fn sized(height: u64, width: u64) -> Result<Self> {
        if !grid::fits(height, width, 1) {
            return Err(Error::limit(
                format!("a {} board of {height}×{width}", Self::id()),
                format!("boards of 1 to {MAX_SQUARES} squares"),
            ));
        }
        let grid = Grid {
            height: height as u32,
            width: width as u32,
        };
        Ok(Colouring {
            height: height as u8,
            width: width as u8,
            blank: grid.all(),
            left: 0,
            right: 0,
        })
    }

    /// Reads a board (see the module documentation).
    pub(crate) fn parse(text: &str) -> Result<Self> {
        let text = text.trim().trim_matches('"').trim();
        if let Some((r, c)) = grid::read_size(text) {
            return Self::sized(r, c);
        }
        let read = |kind: fn(char) -> Option<usize>| {
            Grid::parse(
                Self::id(),
                text,
                "expected rows of `.`, `x`, `o` and `#` separated by `|`, as in `x..|...`, or `RxC`",
                "`.` (uncoloured), `x` (Left's colour), `o` (Right's colour) or `#` (no square)",
                kind,
            )
        };
        let (grid, [_, left, right]) = read(|ch| match ch {
            '.' | '#' => Some(0),
            'x' | 'X' | 'l' | 'L' | 'b' | 'B' => Some(1),
            'o' | 'O' | 'r' | 'R' => Some(2),
            _ => None,
        })?;
        let (_, [_, blank, _]) = read(|ch| match ch {
            '.' => Some(1),
            '#' | 'x' | 'X' | 'l' | 'L' | 'b' | 'B' | 'o' | 'O' | 'r' | 'R' => Some(0),
            _ => None,
        })?;
        Ok(Colouring {
            height: grid.height as u8,
            width: grid.width as u8,
            blank,
            left,
            right,
        })
    }

    pub(crate) fn height(&self) -> u32 {
        u32::from(self.height)
    }

    pub(crate) fn width(&self) -> u32 {
        u32::from(self.width)
    }

    pub(crate) fn grid(&self) -> Grid {
        Grid {
            height: self.height(),
            width: self.width(),
        }
    }

    /// The squares side by side with those of `m`.
    fn neighbours(&self, m: u64) -> u64 {
        self.grid().neighbours(m)
    }

    /// The regions of the squares of `m` joined side to side, as a mask each.
    fn regions(&self, m: u64) -> Vec<u64> {
        self.grid().regions(m)
    }

    /// The uncoloured squares next to Left's colour and those next to Right's.
    fn tints(&self) -> (u64, u64) {
        let near_left = self.left | self.neighbours(self.left & !self.blank);
        let near_right = self.right | self.neighbours(self.right & !self.blank);
        (self.blank & near_left, self.blank & near_right)
    }

    /// The squares Left may colour and those Right may colour.
    fn playable(&self) -> (u64, u64) {
        let (near_left, near_right) = self.tints();
        if COL {
            (self.blank & !near_left, self.blank & !near_right)
        } else {
            (self.blank & !near_right, self.blank & !near_left)
        }
    }

    /// The board after `side` colours each square of `squares`, one board per square.
    fn colour_each(&self, mut squares: u64, side: Side) -> Vec<Self> {
        let mut out = Vec::with_capacity(squares.count_ones() as usize);
        while squares != 0 {
            let bit = squares & squares.wrapping_neg();
            squares &= squares - 1;
            let (left, right) = match side {
                Side::Left => (self.left | bit, self.right & !bit),
                Side::Right => (self.left & !bit, self.right | bit),
            };
            out.push(Colouring {
                blank: self.blank & !bit,
                left,
                right,
                ..*self
            });
        }
        out
    }

    pub(crate) fn left_options(&self) -> Vec<Self> {
        self.colour_each(self.playable().0, Side::Left)
    }

    pub(crate) fn right_options(&self) -> Vec<Self> {
        self.colour_each(self.playable().1, Side::Right)
    }

    /// The regions of uncoloured squares that someone may still colour, each cropped
    /// with its tints and in its least symmetric form.
    pub(crate) fn components(&self) -> Vec<Self> {
        let (near_left, near_right) = self.tints();
        let live = self.blank & !(near_left & near_right);
        self.regions(live)
            .into_iter()
            .map(|m| self.normal_region(m, near_left & m, near_right & m))
            .collect()
    }

    /// The region `m` alone, its squares tinted by `tl` (next to Left's colour) and `tr`,
    /// cropped and in the least of its eight symmetric forms.
    fn normal_region(&self, m: u64, tl: u64, tr: u64) -> Self {
        let w = self.width();
        let (r0, r1) = (m.trailing_zeros() / w, (63 - m.leading_zeros()) / w);
        let columns = (r0..=r1).fold(0, |acc, r| acc | (m >> (r * w)) & low_bits(w));
        let (c0, c1) = (columns.trailing_zeros(), 63 - columns.leading_zeros());
        let (h, nw) = (r1 - r0 + 1, c1 - c0 + 1);
        let crop = |mask: u64| {
            (0..h).fold(0, |acc, r| {
                acc | ((mask >> ((r0 + r) * w + c0)) & low_bits(nw)) << (r * nw)
            })
        };
        let cropped = [crop(m), crop(tl), crop(tr)];
        // The forms are ordered by height first: a box lying flat (fewer rows than
        // columns) beats every form of it standing up, so only a square box needs all
        // eight.
        let mut best = None;
        if h <= nw {
            best = Some(Self::least_flip(cropped, h, nw));
        }
        if h >= nw {
            let mut turned = [0u64; 3];
            let mut bits = cropped[0];
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                let to = (i % nw) * h + i / nw;
                for (t, c) in turned.iter_mut().zip(cropped) {
                    *t |= (c >> i & 1) << to;
                }
            }
            let c = Self::least_flip(turned, nw, h);
            if best.is_none_or(|b| c < b) {
                best = Some(c);
            }
        }
        best.unwrap_or(*self)
    }

    /// The least of the four forms, under reflections left to right and top to bottom, of
    /// the box of `h` rows and `w` columns whose uncoloured squares, left tints and right
    /// tints are `masks`.
    fn least_flip(masks: [u64; 3], h: u32, w: u32) -> Self {
        // Reversing the bits of the box turns it half round (both reflections at once).
        let turn = |m: u64| m.reverse_bits() >> (64 - h * w);
        let upside_down = |m: u64| {
            (0..h).fold(0, |acc, y| {
                acc | ((m >> (y * w)) & low_bits(w)) << ((h - 1 - y) * w)
            })
        };
        // The forms as they are, mirrored left to right, upside down, and both.
        let forms = |m: u64| {
            let t = turn(m);
            [m, upside_down(t), upside_down(m), t]
        };
        let blank = forms(masks[0]);
        let (left, right) = if masks[1] | masks[2] == 0 {
            ([0; 4], [0; 4])
        } else {
            (forms(masks[1]), forms(masks[2]))
        };
        let make = |k: usize| Colouring {
            height: h as u8,
            width: w as u8,
            blank: blank[k],
            left: left[k],
            right: right[k],
        };
        (1..4).map(make).fold(make(0), Ord::min)
    }

    /// The square coloured on the way to `to`, named as on a chess board.
    pub(crate) fn describe_move(&self, to: &Self) -> String {
        let coloured = self.blank & !to.blank;
        self.grid().square_name(coloured.trailing_zeros())
    }

    /// The character of square `i`.
    fn square(&self, i: u32) -> char {
        let bit = 1u64 << i;
        if self.blank & bit != 0 {
            '.'
        } else if self.left & bit != 0 {
            'x'
        } else if self.right & bit != 0 {
            'o'
        } else {
            '#'
        }
    }

    pub(crate) fn draw(&self) -> String {
        self.grid().draw(|i| self.square(i))
    }
}

/// The lowest `n` bits (all 64 for `n` ≥ 64).
fn low_bits(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

impl<const COL: bool> std::fmt::Display for Colouring<COL> {
    /// The rows from the top separated by `|` (the tints of a cropped region are not
    /// written).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let w = self.width();
        let rows: Vec<String> = (0..self.height())
            .map(|r| (0..w).map(|c| self.square(r * w + c)).collect())
            .collect();
        write!(f, "{}", rows.join("|"))
    }
}

/// A Snort board of at most 64 squares.
///
/// ```
/// use nimlab::games::snort::Snort;
/// use nimlab::partizan::{Arena, Solver};
/// let mut a = Arena::new();
/// // A square next to Left's colour is Left's alone: a free move, worth 1.
/// let g = Solver::new().value(&mut a, &Snort::parse("x.").unwrap());
/// assert_eq!(g, a.integer(1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Snort(Colouring<false>);

impl Snort {
    /// Reads a board: rows from the top separated by `|`, `.` uncoloured, `x` (`l`, `L`,
    /// `b`, `B`) Left's colour, `o` (`r`, `R`) Right's, `#` no square; or `RxC` for an
    /// empty board of R rows and C columns. Quotes around the text are ignored.
    ///
    /// ```
    /// use nimlab::games::snort::Snort;
    /// assert_eq!(Snort::parse("2x3").unwrap().to_string(), "...|...");
    /// assert_eq!(Snort::parse("\"L.#|..R\"").unwrap().to_string(), "x.#|..o");
    /// ```
    ///
    /// # Errors
    /// Rows of different lengths, another character (named with its row and column), or
    /// a board beyond [`MAX_SQUARES`] squares.
    pub fn parse(text: &str) -> Result<Snort> {
        Colouring::parse(text).map(Snort)
    }

    /// An empty board of `height` rows and `width` columns.
    ///
    /// ```
    /// use nimlab::games::snort::Snort;
    /// assert_eq!(Snort::empty(2, 2).unwrap().to_string(), "..|..");
    /// ```
    ///
    /// # Errors
    /// A side of 0, or more than [`MAX_SQUARES`] squares.
    pub fn empty(height: u32, width: u32) -> Result<Snort> {
        Colouring::empty(height, width).map(Snort)
    }

    /// The number of rows.
    pub fn height(&self) -> u32 {
        self.0.height()
    }

    /// The number of columns.
    pub fn width(&self) -> u32 {
        self.0.width()
    }
}

impl PartizanGame for Snort {
    fn left_options(&self) -> Vec<Snort> {
        self.0.left_options().into_iter().map(Snort).collect()
    }

    fn right_options(&self) -> Vec<Snort> {
        self.0.right_options().into_iter().map(Snort).collect()
    }

    /// The regions of uncoloured squares that someone may still colour, each with its
    /// tints, cropped and in its least symmetric form.
    fn components(&self) -> Vec<Snort> {
        self.0.components().into_iter().map(Snort).collect()
    }
}

impl Ruleset for Snort {
    fn game(&self) -> String {
        "snort".to_string()
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// The square coloured: `b2`.
    fn describe_move(&self, _side: Side, to: &Snort) -> String {
        self.0.describe_move(&to.0)
    }

    fn draw(&self, _ascii: bool) -> String {
        self.0.draw()
    }
}

impl std::fmt::Display for Snort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The catalogue entry.
pub(crate) fn entry() -> super::PartizanEntry {
    super::PartizanEntry {
        name: "snort",
        usage: "snort",
        summary: SUMMARY,
        position: NOTATION,
        example: "snort x..|...",
        params: super::Params::None,
        start: START,
        build: |_, args| super::ruleset::read_joined(args, "|", Snort::parse),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::notation::print;
    use crate::partizan::solver::Whole;
    use crate::partizan::{Arena, Solver};

    fn value_text(board: &str) -> String {
        let mut a = Arena::new();
        let g = Solver::new().value(&mut a, &Snort::parse(board).unwrap());
        print(&mut a, g)
    }

    /// Every board of the shapes given with every square a hole, uncoloured, Left's or
    /// Right's (every `step`-th colouring of boards of more than 8 squares), in the
    /// notation.
    pub(crate) fn all_colourings(shapes: &[(usize, usize)], step: usize) -> Vec<String> {
        let mut out = Vec::new();
        for &(h, w) in shapes {
            let n = h * w;
            let step = if n > 8 { step } else { 1 };
            for code in (0..4u32.pow(n as u32)).step_by(step) {
                let mut text = String::new();
                let mut k = code;
                for i in 0..n {
                    if i > 0 && i % w == 0 {
                        text.push('|');
                    }
                    text.push(['.', 'x', 'o', '#'][(k % 4) as usize]);
                    k /= 4;
                }
                out.push(text);
            }
        }
        out
    }

    #[test]
    fn cgsuite_and_winning_ways_give_these_values() {
        // CGSuite's own tests of Snort on graphs (GameGraphTest): the path L-.-.-.-L, five
        // uncoloured vertices whose ends are tinted by Left, is {4|0,+-1}; drawn here
        // between two squares of Left's colour.
        assert_eq!(value_text("x.....x"), "{4|0,+-1}");
        // The tree 1-2-3-4;3-5 (a path of four with a leaf on the third vertex) is
        // +-{3|2}: a row of four with one square under the third.
        assert_eq!(value_text("....|##.#"), "+-{3|2}");
        // Winning Ways, ch. 2: one square is *; two side by side are ±1 (whoever colours
        // first keeps the other square for themselves); a square tinted by one colour
        // only is a free move for that player.
        assert_eq!(value_text("."), "*");
        assert_eq!(value_text(".."), "+-1");
        assert_eq!(value_text("x."), "1");
        assert_eq!(value_text("o."), "-1");
        assert_eq!(value_text("x.o"), "0");
        // By hand: in x.. Left colours either square and keeps the other (1); Right may
        // only colour the far one, killing the near one (0): {1|0}. In ... Left's best is
        // the middle, keeping both ends: ±2.
        assert_eq!(value_text("x.."), "{1|0}");
        assert_eq!(value_text("..."), "+-2");
        assert_eq!(value_text("1x3"), "+-2");
    }

    /// An uncoloured board is its own negative (swapping the colours maps it to itself),
    /// so it is 0 in the sum with itself; and swapping the colours of any board negates
    /// its value.
    #[test]
    fn swapping_colours_negates() {
        let mut a = Arena::new();
        let mut s = Solver::new();
        for text in all_colourings(&[(2, 3), (1, 6)], 1) {
            let swapped: String = text
                .chars()
                .map(|c| match c {
                    'x' => 'o',
                    'o' => 'x',
                    c => c,
                })
                .collect();
            let g = s.value(&mut a, &Snort::parse(&text).unwrap());
            let h = s.value(&mut a, &Snort::parse(&swapped).unwrap());
            assert_eq!(a.neg(g), h, "{text}");
        }
    }

    /// An empty board with an even number of rows and of columns is 0: the second
    /// player answers each square with its image through the centre, in the other
    /// colour. (No square is next to its own image, and the answer is always legal, since
    /// a neighbour that barred it would be the image of one that barred the first move.)
    #[test]
    fn even_by_even_boards_are_zero_by_symmetry() {
        let mut a = Arena::new();
        let mut s = Solver::new();
        for (h, w) in [(2, 2), (2, 4), (4, 2), (2, 6)] {
            let g = s.value(&mut a, &Snort::empty(h, w).unwrap());
            assert_eq!(g, a.zero(), "{h}x{w}");
        }
        // Not so with a centre column: 1×2 is not 0 in Snort (±1), 1×1 not in either (*).
        assert_ne!(s.value(&mut a, &Snort::empty(1, 1).unwrap()), a.zero());
    }

    /// Regions, tints and symmetries never change a value: every colouring (with holes)
    /// of small boards, against the plain solver on the whole board.
    #[test]
    fn regions_and_symmetries_keep_the_value() {
        let mut a = Arena::new();
        let mut fast = Solver::new();
        let mut plain = Solver::new();
        let boards = all_colourings(
            &[
                (1, 1),
                (1, 4),
                (1, 7),
                (2, 2),
                (2, 3),
                (3, 2),
                (3, 3),
                (2, 5),
            ],
            29,
        );
        assert!(boards.len() > 30_000);
        for text in boards {
            let p = Snort::parse(&text).unwrap();
            let g = fast.value(&mut a, &p);
            let want = plain.value(&mut a, &Whole(p));
            assert_eq!(g, want, "{text}");
        }
    }

    /// A region's normal form is the same from every rotation and reflection of the
    /// board.
    #[test]
    fn symmetric_boards_have_equal_regions() {
        let boards = ["x..|.#.|o..", ".x..|..o.", "....|##.#|....", "x.....x"];
        for text in boards {
            let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
            let (h, w) = (rows.len(), rows[0].len());
            let turned: Vec<String> = (0..w)
                .map(|c| (0..h).map(|r| rows[h - 1 - r][c]).collect())
                .collect();
            let flipped: Vec<String> = rows.iter().map(|r| r.iter().rev().collect()).collect();
            let mut want = Snort::parse(text).unwrap().components();
            want.sort();
            for other in [turned.join("|"), flipped.join("|")] {
                let mut got = Snort::parse(&other).unwrap().components();
                got.sort();
                assert_eq!(got, want, "{text} and {other}");
            }
        }
    }

    #[test]
    fn moves_are_named_by_their_square() {
        let p = Snort::parse("x..|...").unwrap();
        // Right may not colour b2 or a1, next to Left's a2.
        let names: Vec<String> = p
            .right_options()
            .iter()
            .map(|o| p.describe_move(Side::Right, o))
            .collect();
        assert_eq!(names, ["c2", "b1", "c1"]);
        let names: Vec<String> = p
            .left_options()
            .iter()
            .map(|o| p.describe_move(Side::Left, o))
            .collect();
        assert_eq!(names.len(), 5);
        assert_eq!(p.game(), "snort");
        assert_eq!(p.draw(true), " 2 x . .\n 1 . . .\n   a b c");
    }

    #[test]
    fn boards_are_read_with_their_mistakes_named() {
        let p = Snort::parse("xo#.|LRlr|bB..").unwrap();
        assert_eq!(p.to_string(), "xo#.|xoxo|xx..");
        assert_eq!((p.height(), p.width()), (3, 4));
        assert_eq!(Snort::parse(START).unwrap().to_string(), START);
        let e = Snort::parse("..|...").unwrap_err().to_string();
        assert!(e.contains("row 2 has 3 squares"), "{e}");
        let e = Snort::parse("..|.q").unwrap_err().to_string();
        assert!(e.contains("`q` in row 2, column 2"), "{e}");
        assert!(Snort::parse("9x9").is_err());
        assert!(Snort::parse("0x3").is_err());
        assert!(Snort::parse(&".".repeat(65)).is_err());
        assert!(Snort::parse("8x8").is_ok());
    }

    /// A row of 64 squares (the widest board) is played and split like any other.
    #[test]
    fn the_widest_row_is_played_like_any_other() {
        let p = Snort::parse(&format!("x{}", ".".repeat(63))).unwrap();
        // Right may not colour b1, next to Left's a1.
        assert_eq!(p.left_options().len(), 63);
        assert_eq!(p.right_options().len(), 62);
        let q = p.left_options()[10];
        assert_eq!(p.describe_move(Side::Left, &q), "l1");
        assert_eq!(q.components().len(), 2);
        let mut a = Arena::new();
        let g = Solver::new().value(
            &mut a,
            &Snort::parse(&format!("{}x.x", "#".repeat(61))).unwrap(),
        );
        assert_eq!(g, a.integer(1));
    }
}
