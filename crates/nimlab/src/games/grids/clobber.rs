//! Clobber: stones of Left (`x`) and Right (`o`) on a board; a player moves one of their
//! stones onto a side-by-side neighbouring square holding an opponent's stone, which is
//! removed; a player who cannot move loses.
//!
//! Boards are written as CGSuite writes them, rows from the top separated by `|`: `x`, `o`
//! and `.` for an empty square (`"xox|ox."`). A position splits into its groups of stones
//! joined side to side (a group of one colour has no move and is dropped); each group is
//! cropped and put in the least of its forms under the board's eight symmetries, which
//! keep the players' moves.

use super::stones::Stones;
use crate::games::figure::Figure;
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
/// use nimlab::conway::Arena;
/// use nimlab::partizan::Solver;
/// let p = Clobber::parse("xo").unwrap();
/// let mut a = Arena::new();
/// let g = Solver::new().value(&mut a, &p);
/// assert_eq!(nimlab::notation::print(&mut a, g), "*");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clobber(Stones);

impl Clobber {
    /// Reads a board: rows from the top separated by `|`, `x` Left's stone, `o` Right's,
    /// `.` empty.
    ///
    /// # Errors
    /// Rows of different lengths, another character (named with its row and column), or
    /// more than [`MAX_SQUARES`] squares.
    pub fn parse(text: &str) -> Result<Clobber> {
        Ok(Clobber(Stones::parse("clobber", text, "xox|ox.")?))
    }

    fn moves(&self, mover: u64, target: u64, left: bool) -> Vec<Clobber> {
        let mut out = Vec::new();
        let mut from = mover;
        while from != 0 {
            let i = from.trailing_zeros();
            from &= from - 1;
            let mut to = self.0.grid().neighbours(1 << i) & target;
            while to != 0 {
                let j = to.trailing_zeros();
                to &= to - 1;
                let (m, t) = ((mover & !(1 << i)) | 1 << j, target & !(1 << j));
                out.push(Clobber(self.0.after(left, m, t)));
            }
        }
        out
    }
}

impl PartizanGame for Clobber {
    fn left_options(&self) -> Vec<Clobber> {
        self.moves(self.0.left, self.0.right, true)
    }

    fn right_options(&self) -> Vec<Clobber> {
        self.moves(self.0.right, self.0.left, false)
    }

    /// The groups with stones of both colours, each cropped and in its least form.
    fn components(&self) -> Vec<Clobber> {
        self.0
            .grid()
            .regions(self.0.left | self.0.right)
            .into_iter()
            .filter(|&g| g & self.0.left != 0 && g & self.0.right != 0)
            .map(|g| Clobber(self.0.least_form(g, g)))
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
        self.0.describe_move(side, &to.0)
    }

    fn figure(&self) -> Option<Figure> {
        Some(self.0.figure(&format!("Clobber {self}")))
    }
}

impl std::fmt::Display for Clobber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
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
    use crate::conway::Arena;
    use crate::notation::print;
    use crate::partizan::solver::Whole;
    use crate::partizan::Solver;

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
