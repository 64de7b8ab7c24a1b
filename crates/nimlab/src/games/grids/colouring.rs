//! The boards of the map-colouring games, Snort and Col: squares coloured by Left and
//! Right, the tints they leave on their neighbours, the regions a position splits into
//! and their least symmetric forms. Each game states its rule (which squares a player may
//! colour) in its own file; everything else is here.

use crate::games::figure::{Figure, Square};
use crate::games::grid::{self, Grid, MAX_SQUARES};
use crate::games::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::{Error, Result};
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

/// The rule of a colouring game: which uncoloured squares each player may colour.
pub trait ColourRule: Copy + Debug + Default + Eq + Hash + Ord + Send + Sync + 'static {
    /// The game's id.
    const ID: &'static str;

    /// The squares Left may colour and those Right may colour, among the uncoloured
    /// squares `blank`, given those next to Left's colour and those next to Right's.
    fn playable(blank: u64, near_left: u64, near_right: u64) -> (u64, u64);
}

/// A board of a map-colouring game on the squares of a grid, whose rule `R` says which
/// squares each player may colour (Snort's, Col's). Bit `r * width + c` of each mask stands for the square in row r
/// (from the top) and column c. `blank` holds the uncoloured squares; on a coloured
/// square a bit of `left` (`right`) says that Left (Right) coloured it; on an uncoloured
/// square it says that the square counts as next to Left's (Right's) colour besides its
/// neighbours on the board (the tints a region cropped out of a larger board carries).
/// Squares in none of the masks are holes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colouring<R: ColourRule> {
    rule: PhantomData<R>,
    height: u8,
    width: u8,
    blank: u64,
    left: u64,
    right: u64,
}

impl<R: ColourRule> Colouring<R> {
    /// The game's id, for errors.
    fn id() -> &'static str {
        R::ID
    }

    /// An empty board of `height` rows and `width` columns.
    ///
    /// ```
    /// use nimlab::games::col::Col;
    /// assert_eq!(Col::empty(1, 3).unwrap().to_string(), "...");
    /// ```
    ///
    /// # Errors
    /// A side of 0, or more than [`MAX_SQUARES`](crate::games::snort::MAX_SQUARES) squares.
    pub fn empty(height: u32, width: u32) -> Result<Self> {
        Self::sized(u64::from(height), u64::from(width))
    }

    /// An empty board of any size asked for, refused beyond [`MAX_SQUARES`](crate::games::snort::MAX_SQUARES) squares.
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
            rule: PhantomData,
            height: height as u8,
            width: width as u8,
            blank: grid.all(),
            left: 0,
            right: 0,
        })
    }

    /// Reads a board: rows from the top separated by `|`, `.` uncoloured, `x` (`l`, `L`,
    /// `b`, `B`) Left's colour, `o` (`r`, `R`) Right's, `#` no square; or `RxC` for an
    /// empty board of R rows and C columns. Quotes around the text are ignored.
    ///
    /// ```
    /// use nimlab::games::snort::Snort;
    /// assert_eq!(Snort::parse("3x2").unwrap().to_string(), "..|..|..");
    /// assert_eq!(Snort::parse("\"L.#|..R\"").unwrap().to_string(), "x.#|..o");
    /// ```
    ///
    /// # Errors
    /// Rows of different lengths, another character (named with its row and column), or
    /// a board beyond [`MAX_SQUARES`](crate::games::snort::MAX_SQUARES) squares.
    pub fn parse(text: &str) -> Result<Self> {
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
            rule: PhantomData,
            height: grid.height as u8,
            width: grid.width as u8,
            blank,
            left,
            right,
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
        R::playable(self.blank, near_left, near_right)
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

    fn left_moves(&self) -> Vec<Self> {
        self.colour_each(self.playable().0, Side::Left)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.colour_each(self.playable().1, Side::Right)
    }

    /// The regions of uncoloured squares that someone may still colour, each cropped
    /// with its tints and in its least symmetric form.
    fn regions_left(&self) -> Vec<Self> {
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
            rule: PhantomData,
            height: h as u8,
            width: w as u8,
            blank: blank[k],
            left: left[k],
            right: right[k],
        };
        (1..4).map(make).fold(make(0), Ord::min)
    }

    /// The square coloured on the way to `to`, named as on a chess board.
    fn square_coloured(&self, to: &Self) -> String {
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

    /// The figure: Left's colour, Right's, the squares still blank, the others filled.
    fn drawing(&self) -> Figure {
        self.grid()
            .figure(&format!("{} {self}", R::ID), |i| match self.square(i) {
                '.' => Square::Empty,
                'x' => Square::Left,
                'o' => Square::Right,
                _ => Square::Filled,
            })
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

impl<R: ColourRule> std::fmt::Display for Colouring<R> {
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

impl<R: ColourRule> PartizanGame for Colouring<R> {
    fn left_options(&self) -> Vec<Self> {
        self.left_moves()
    }

    fn right_options(&self) -> Vec<Self> {
        self.right_moves()
    }

    /// The regions of uncoloured squares that someone may still colour, each with its
    /// tints, cropped and in its least symmetric form.
    fn components(&self) -> Vec<Self> {
        self.regions_left()
    }
}

impl<R: ColourRule> Ruleset for Colouring<R> {
    fn game(&self) -> String {
        R::ID.to_string()
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// The square coloured: `b2`.
    fn describe_move(&self, _side: Side, to: &Self) -> String {
        self.square_coloured(to)
    }

    fn figure(&self) -> Option<Figure> {
        Some(self.drawing())
    }
}
