//! Domineering: a board of empty and filled squares; Left places a domino on two empty
//! squares one above the other, Right on two side by side; a player who cannot place a
//! domino loses. (CGSuite's convention: Left vertical, Right horizontal.)
//!
//! Boards are written as CGSuite writes them, rows from the top separated by `|`, `.` for
//! an empty square and `#` (or `x`, `o`) for a filled one: `"....|....|....|...."`, or
//! `4x4` for an empty board of 4 rows and 4 columns. A position splits into its regions
//! of empty squares joined side to side; each region is cropped and put in the least of
//! its four forms under the reflections that keep the players' directions (left–right,
//! top–bottom and both), so equal regions share one entry of the solver's table.

use crate::games::figure::{Figure, Square};
use crate::games::grid::{self, Grid};
use crate::games::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::{Error, Result};

/// The most squares a board may have.
pub const MAX_SQUARES: u32 = 64;

/// A Domineering board of at most 64 squares: `empty` has bit `r * width + c` set when
/// the square in row r (from the top) and column c is empty.
///
/// ```
/// use nimlab::games::domineering::Domineering;
/// use nimlab::conway::Arena;
/// use nimlab::partizan::Solver;
/// let p = Domineering::parse("..|..").unwrap();
/// let mut a = Arena::new();
/// let g = Solver::new().value(&mut a, &p);
/// assert_eq!(nimlab::notation::print(&mut a, g), "+-1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domineering {
    height: u8,
    width: u8,
    empty: u64,
}

impl Domineering {
    /// An empty board of `height` rows and `width` columns.
    ///
    /// # Errors
    /// A side of 0 or more than [`MAX_SQUARES`] squares.
    pub fn empty(height: u32, width: u32) -> Result<Domineering> {
        Self::sized(u64::from(height), u64::from(width))
    }

    /// An empty board of any size asked for, refused beyond [`MAX_SQUARES`] squares.
    fn sized(height: u64, width: u64) -> Result<Domineering> {
        if !grid::fits(height, width, 1) {
            return Err(Error::limit(
                format!("a Domineering board of {height}×{width}"),
                format!("boards of 1 to {MAX_SQUARES} squares"),
            ));
        }
        let grid = Grid {
            height: height as u32,
            width: width as u32,
        };
        Ok(Domineering {
            height: height as u8,
            width: width as u8,
            empty: grid.all(),
        })
    }

    /// Reads a board: rows from the top separated by `|` (`.` empty, `#`, `x` or `o`
    /// filled), or `RxC` for an empty board of R rows and C columns.
    ///
    /// # Errors
    /// Rows of different lengths, another character (named with its row and column), or
    /// a board beyond [`MAX_SQUARES`] squares.
    pub fn parse(text: &str) -> Result<Domineering> {
        let text = text.trim().trim_matches('"');
        if let Some((r, c)) = grid::read_size(text) {
            return Domineering::sized(r, c);
        }
        let (grid, [empty, _, _]) = Grid::parse(
            "domineering",
            text,
            "expected rows of `.` (empty) and `#` (filled) separated by `|`, as in `..|..`, or `RxC`",
            "`.` (empty) or `#` (filled)",
            |ch| match ch {
                '.' => Some(0),
                '#' | 'x' | 'X' | 'o' | 'O' => Some(1),
                _ => None,
            },
        )?;
        Ok(Domineering {
            height: grid.height as u8,
            width: grid.width as u8,
            empty,
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

    /// Whether the square in row `r` and column `c` (from 0, top left) is empty.
    pub fn is_empty(&self, r: u32, c: u32) -> bool {
        r < self.height() && c < self.width() && self.empty >> (r * self.width() + c) & 1 == 1
    }

    fn grid(&self) -> Grid {
        Grid {
            height: self.height(),
            width: self.width(),
        }
    }

    /// Empty squares whose square below is empty too (where Left's domino can start).
    fn vertical_starts(&self) -> u64 {
        let w = self.width();
        self.empty & self.empty.checked_shr(w).unwrap_or(0)
    }

    /// Empty squares whose square to the right is empty too (where Right's can start).
    fn horizontal_starts(&self) -> u64 {
        self.empty & (self.empty >> 1) & !self.grid().last_column()
    }

    fn with_empty(&self, empty: u64) -> Domineering {
        Domineering { empty, ..*self }
    }

    /// The region alone, cropped to its bounding box and put in the least of its forms
    /// under the reflections that keep the players' directions.
    fn normal_region(&self, region: u64) -> Domineering {
        let w = self.width();
        let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
        let mut bits = region;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let (r, c) = (i / w, i % w);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (h, nw) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut forms = [0u64; 4];
        let mut bits = region;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let (r, c) = (i / w - r0, i % w - c0);
            let (fr, fc) = (h - 1 - r, nw - 1 - c);
            forms[0] |= 1 << (r * nw + c);
            forms[1] |= 1 << (r * nw + fc);
            forms[2] |= 1 << (fr * nw + c);
            forms[3] |= 1 << (fr * nw + fc);
        }
        Domineering {
            height: h as u8,
            width: nw as u8,
            empty: forms.into_iter().min().unwrap_or(0),
        }
    }
}

impl PartizanGame for Domineering {
    fn left_options(&self) -> Vec<Domineering> {
        let w = self.width();
        let mut starts = self.vertical_starts();
        let mut out = Vec::with_capacity(starts.count_ones() as usize);
        while starts != 0 {
            let i = starts.trailing_zeros();
            starts &= starts - 1;
            out.push(self.with_empty(self.empty & !(1 << i | 1 << (i + w))));
        }
        out
    }

    fn right_options(&self) -> Vec<Domineering> {
        let mut starts = self.horizontal_starts();
        let mut out = Vec::with_capacity(starts.count_ones() as usize);
        while starts != 0 {
            let i = starts.trailing_zeros();
            starts &= starts - 1;
            out.push(self.with_empty(self.empty & !(3 << i)));
        }
        out
    }

    /// The regions of empty squares with room for a domino, each cropped and in its
    /// least reflected form.
    fn components(&self) -> Vec<Domineering> {
        self.grid()
            .regions(self.empty)
            .into_iter()
            .filter(|r| r.count_ones() >= 2)
            .map(|r| self.normal_region(r))
            .collect()
    }
}

impl Ruleset for Domineering {
    fn game(&self) -> String {
        "domineering".to_string()
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// The two squares the domino covers, lower (or left) first: `a1-a2`.
    fn describe_move(&self, _side: Side, to: &Domineering) -> String {
        let covered = self.empty & !to.empty;
        let first = covered.trailing_zeros();
        let last = 63 - covered.leading_zeros();
        let g = self.grid();
        if last - first == 1 {
            format!("{}-{}", g.square_name(first), g.square_name(last))
        } else {
            format!("{}-{}", g.square_name(last), g.square_name(first))
        }
    }

    fn why_illegal(&self, side: Side, text: &str) -> Option<String> {
        let g = self.grid();
        let example = match side {
            Side::Left => "a1-a2",
            Side::Right => "a1-b1",
        };
        let Some((a, b)) = text.split_once('-') else {
            return Some(format!(
                "`{}` is not a domino: a move names the two squares it covers, as `{example}`",
                text.trim()
            ));
        };
        let (ra, ca) = match g.read_square(a) {
            Ok(s) => s,
            Err(why) => return Some(why),
        };
        let (rb, cb) = match g.read_square(b) {
            Ok(s) => s,
            Err(why) => return Some(why),
        };
        let (vertical, horizontal) = (
            ca == cb && ra.abs_diff(rb) == 1,
            ra == rb && ca.abs_diff(cb) == 1,
        );
        if !vertical && !horizontal {
            return Some(format!(
                "{} and {} are not next to each other: a domino covers two squares side by side or one above the other",
                a.trim(),
                b.trim()
            ));
        }
        match (side, vertical) {
            (Side::Left, false) => {
                return Some("Left places dominoes vertically, one square above the other (as `a1-a2`); side by side is Right's".to_string())
            }
            (Side::Right, true) => {
                return Some("Right places dominoes horizontally, side by side (as `a1-b1`); one above the other is Left's".to_string())
            }
            _ => {}
        }
        let taken: Vec<&str> = [((ra, ca), a.trim()), ((rb, cb), b.trim())]
            .into_iter()
            .filter(|&((r, c), _)| !self.is_empty(r, c))
            .map(|(_, name)| name)
            .collect();
        match taken.as_slice() {
            [] => None,
            [one] => Some(format!("{one} is already covered")),
            [x, y, ..] => Some(format!("{x} and {y} are already covered")),
        }
    }

    fn figure(&self) -> Option<Figure> {
        Some(self.grid().figure(&format!("Domineering {self}"), |i| {
            if self.empty >> i & 1 == 1 {
                Square::Empty
            } else {
                Square::Filled
            }
        }))
    }
}

impl std::fmt::Display for Domineering {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rows: Vec<String> = (0..self.height())
            .map(|r| {
                (0..self.width())
                    .map(|c| if self.is_empty(r, c) { '.' } else { '#' })
                    .collect()
            })
            .collect();
        write!(f, "{}", rows.join("|"))
    }
}

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "domineering",
        usage: "domineering",
        summary: "Left places a domino on two empty squares one above the other, Right on two side by side; who cannot place one loses",
        position: "rows from the top separated by `|` (or as separate arguments), `.` empty and `#` filled, or `RxC` for an empty board, e.g. `domineering ....|....|....` or `domineering 4x4`; a move is the two squares the domino covers, `a1-a2` (columns from the left, rows from the bottom)",
        example: "domineering ....|....|....",
        params: crate::games::Params::None,
        start: "4x4",
        build: |_, args| crate::games::ruleset::read_joined(args, "|", Domineering::parse),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::Arena;
    use crate::notation::print;
    use crate::partizan::solver::Whole;
    use crate::partizan::Solver;

    fn value_text(board: &str) -> String {
        let mut a = Arena::new();
        let g = Solver::new().value(&mut a, &Domineering::parse(board).unwrap());
        print(&mut a, g)
    }

    #[test]
    fn cgsuite_gives_these_values() {
        // CGSuite's own test of Domineering: the empty 4×4 board.
        assert_eq!(
            value_text("....|....|....|...."),
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
        );
        // Winning Ways: a vertical 1×2 strip is 1 for Left, a horizontal one −1; 2×2 is ±1.
        assert_eq!(value_text(".|."), "1");
        assert_eq!(value_text(".."), "-1");
        assert_eq!(value_text("..|.."), "+-1");
        assert_eq!(value_text("2x2"), "+-1");
        // A 1×3 row: Right's move leaves a lone square; −1. A 3×1 column: 1.
        assert_eq!(value_text("..."), "-1");
        assert_eq!(value_text(".|.|."), "1");
    }

    /// A table that forgets half of what it holds whenever it is full (here after 16
    /// regions) gives the same values, only more slowly.
    #[test]
    fn a_small_table_gives_the_same_values() {
        let mut a = Arena::new();
        for board in ["4x4", "3x5", "..#.|....|.#..|...."] {
            let p = Domineering::parse(board).unwrap();
            let mut small = Solver::with_capacity_limit(16);
            let v = small.value(&mut a, &p);
            assert!(small.remembered() <= 16);
            assert_eq!(v, Solver::new().value(&mut a, &p), "{board}");
        }
    }

    /// Regions and reflections never change a value: every board of up to 3×4 squares
    /// with some squares filled, against the plain solver on the whole board.
    #[test]
    fn regions_and_reflections_keep_the_value() {
        let mut a = Arena::new();
        let mut fast = Solver::new();
        let mut plain = Solver::new();
        for (h, w) in [(1, 4), (2, 2), (2, 3), (3, 3), (3, 4), (4, 2)] {
            let full = Domineering::empty(h, w).unwrap();
            let n = h * w;
            // Every filling of up to 9 squares; every seventh of larger boards.
            for mask in (0..(1u64 << n)).step_by(if n > 9 { 7 } else { 1 }) {
                let p = full.with_empty(mask);
                let g = fast.value(&mut a, &p);
                let want = plain.value(&mut a, &Whole(p));
                assert_eq!(g, want, "{p}");
            }
        }
    }

    #[test]
    fn boards_are_read_with_their_mistakes_named() {
        let p = Domineering::parse("..#|...").unwrap();
        assert_eq!(p.to_string(), "..#|...");
        assert_eq!((p.height(), p.width()), (2, 3));
        let e = Domineering::parse("..|...").unwrap_err().to_string();
        assert!(e.contains("row 2 has 3 squares"), "{e}");
        let e = Domineering::parse("..|.q").unwrap_err().to_string();
        assert!(e.contains("`q` in row 2, column 2"), "{e}");
        assert!(Domineering::parse("9x9").is_err());
        assert!(Domineering::parse("8x8").is_ok());
    }
}
