//! Clobber: stones of Left (`x`) and Right (`o`) on a board; a player moves one of their
//! stones onto a side-by-side neighbouring square holding an opponent's stone, which is
//! removed; a player who cannot move loses.
//!
//! Boards are written as CGSuite writes them, rows from the top separated by `|`: `x`, `o`
//! and `.` for an empty square (`"xox|ox."`). A position splits into its groups of stones
//! joined side to side (a group of one colour has no move and is dropped); each group is
//! cropped and put in the least of its forms under the board's eight symmetries, which
//! keep the players' moves.

use crate::games::figure::Figure;
use crate::games::grid::Grid;
use crate::games::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::Result;

/// The most squares a board may have.
pub const MAX_SQUARES: usize = crate::games::grid::MAX_SQUARES;

/// A Clobber board of at most 64 squares, row by row from the top left: bit
/// `r * width + c` of `left` (`right`) is set when that square holds Left's (Right's)
/// stone.
///
/// ```
/// use nimlab::games::clobber::Clobber;
/// use nimlab::partizan::{Arena, Solver};
/// let p = Clobber::parse("xo").unwrap();
/// let mut a = Arena::new();
/// let g = Solver::new().value(&mut a, &p);
/// assert_eq!(nimlab::notation::print(&mut a, g), "*");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clobber {
    height: u8,
    width: u8,
    left: u64,
    right: u64,
}

impl Clobber {
    /// Reads a board: rows from the top separated by `|`, `x` Left's stone, `o` Right's,
    /// `.` empty.
    ///
    /// # Errors
    /// Rows of different lengths, another character (named with its row and column), or
    /// more than [`MAX_SQUARES`] squares.
    pub fn parse(text: &str) -> Result<Clobber> {
        let (grid, left, right) = Grid::parse_stones("clobber", text, "xox|ox.")?;
        Ok(Clobber {
            height: grid.height as u8,
            width: grid.width as u8,
            left,
            right,
        })
    }

    fn w(&self) -> u32 {
        u32::from(self.width)
    }

    fn h(&self) -> u32 {
        u32::from(self.height)
    }

    fn grid(&self) -> Grid {
        Grid {
            height: self.h(),
            width: self.w(),
        }
    }

    fn moves(&self, mover: u64, target: u64, left: bool) -> Vec<Clobber> {
        let mut out = Vec::new();
        let mut from = mover;
        while from != 0 {
            let i = from.trailing_zeros();
            from &= from - 1;
            let mut to = self.grid().neighbours(1 << i) & target;
            while to != 0 {
                let j = to.trailing_zeros();
                to &= to - 1;
                let (m, t) = ((mover & !(1 << i)) | 1 << j, target & !(1 << j));
                let (l, r) = if left { (m, t) } else { (t, m) };
                out.push(Clobber {
                    left: l,
                    right: r,
                    ..*self
                });
            }
        }
        out
    }

    /// The group alone, cropped, in the least of its eight symmetric forms.
    fn normal_group(&self, g: u64) -> Clobber {
        let w = self.w();
        let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
        let mut bits = g;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            r0 = r0.min(i / w);
            r1 = r1.max(i / w);
            c0 = c0.min(i % w);
            c1 = c1.max(i % w);
        }
        let (h, nw) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut best: Option<Clobber> = None;
        for form in 0..8u32 {
            let transpose = form & 4 != 0;
            let (fh, fw) = if transpose { (nw, h) } else { (h, nw) };
            let (mut l, mut r) = (0u64, 0u64);
            let mut bits = g;
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                let (mut y, mut x) = (i / w - r0, i % w - c0);
                if form & 1 != 0 {
                    x = nw - 1 - x;
                }
                if form & 2 != 0 {
                    y = h - 1 - y;
                }
                if transpose {
                    std::mem::swap(&mut x, &mut y);
                }
                let bit = 1u64 << (y * fw + x);
                if self.left >> i & 1 == 1 {
                    l |= bit;
                } else {
                    r |= bit;
                }
            }
            let c = Clobber {
                height: fh as u8,
                width: fw as u8,
                left: l,
                right: r,
            };
            if best.is_none_or(|b| c < b) {
                best = Some(c);
            }
        }
        best.unwrap_or(*self)
    }
}

impl PartizanGame for Clobber {
    fn left_options(&self) -> Vec<Clobber> {
        self.moves(self.left, self.right, true)
    }

    fn right_options(&self) -> Vec<Clobber> {
        self.moves(self.right, self.left, false)
    }

    /// The groups with stones of both colours, each cropped and in its least form.
    fn components(&self) -> Vec<Clobber> {
        self.grid()
            .regions(self.left | self.right)
            .into_iter()
            .filter(|&g| g & self.left != 0 && g & self.right != 0)
            .map(|g| self.normal_group(g))
            .collect()
    }
}

impl Ruleset for Clobber {
    fn game(&self) -> String {
        "clobber".to_string()
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// The square the stone leaves and the square it clobbers: `a1-a2`.
    fn describe_move(&self, side: Side, to: &Clobber) -> String {
        let (before, after) = match side {
            Side::Left => (self.left, to.left),
            Side::Right => (self.right, to.right),
        };
        self.grid().stone_move(before, after)
    }

    fn figure(&self) -> Option<Figure> {
        let title = format!("Clobber {self}");
        Some(self.grid().stones_figure(&title, self.left, self.right))
    }
}

impl std::fmt::Display for Clobber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.grid().stone_rows(self.left, self.right))
    }
}

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "clobber",
        usage: "clobber",
        summary: "stones of Left (`x`) and Right (`o`); a player moves a stone onto a side-by-side neighbour holding an opponent's stone, which is removed; who cannot move loses",
        position: "rows from the top separated by `|` (or as separate arguments), `x` Left's stone, `o` Right's, `.` empty, e.g. `clobber xoxo|oxox|xoxo`; a move is the square left and the square clobbered, `a1-a2`",
        example: "clobber xoxo|oxox|xoxo",
        params: crate::games::Params::None,
        start: "xoxo|oxox|xoxo",
        build: |_, args| crate::games::ruleset::read_joined(args, "|", Clobber::parse),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::print;
    use crate::partizan::solver::Whole;
    use crate::partizan::{Arena, Solver};

    fn value_text(board: &str) -> String {
        let mut a = Arena::new();
        let g = Solver::new().value(&mut a, &Clobber::parse(board).unwrap());
        print(&mut a, g)
    }

    #[test]
    fn cgsuite_and_the_literature_give_these_values() {
        // CGSuite's own test of Clobber.
        assert_eq!(value_text("xox|ox."), "{^^*|*,v}");
        // By hand: xo is {0|0} = *; xxo is {0|xo} = {0|*} = ^; xoo is {xo|0} = v.
        assert_eq!(value_text("xo"), "*");
        assert_eq!(value_text("xxo"), "^");
        assert_eq!(value_text("xoo"), "v");
        assert_eq!(value_text("x.o"), "0");
    }

    /// Groups and symmetries never change a value: every board of up to 3×3 squares with
    /// every colouring, against the plain solver on the whole board.
    #[test]
    fn groups_and_symmetries_keep_the_value() {
        let mut a = Arena::new();
        let mut fast = Solver::new();
        let mut plain = Solver::new();
        for (h, w) in [(1usize, 5usize), (2, 2), (2, 3), (3, 2), (3, 3)] {
            let n = h * w;
            let mut count = 0;
            // Each square empty, x or o: 3^n boards (every fifth of the 3×3 ones).
            for code in (0..3u32.pow(n as u32)).step_by(if n == 9 { 5 } else { 1 }) {
                let mut text = String::new();
                let mut k = code;
                for i in 0..n {
                    if i > 0 && i % w == 0 {
                        text.push('|');
                    }
                    text.push(['.', 'x', 'o'][(k % 3) as usize]);
                    k /= 3;
                }
                let p = Clobber::parse(&text).unwrap();
                let g = fast.value(&mut a, &p);
                let want = plain.value(&mut a, &Whole(p));
                assert_eq!(g, want, "{text}");
                count += 1;
            }
            assert!(count > 0);
        }
    }

    #[test]
    fn boards_are_read_with_their_mistakes_named() {
        assert_eq!(Clobber::parse("xox|ox.").unwrap().to_string(), "xox|ox.");
        let e = Clobber::parse("xo|o").unwrap_err().to_string();
        assert!(e.contains("row 2 has 1 square, row 1 has 2 squares"), "{e}");
        let e = Clobber::parse("xo|oq").unwrap_err().to_string();
        assert!(e.contains("`q` in row 2, column 2"), "{e}");
        assert!(Clobber::parse(&"x".repeat(65)).is_err());
    }
}
