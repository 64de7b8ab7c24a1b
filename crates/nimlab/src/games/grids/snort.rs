//! Snort: the players colour the squares of a board in turn, Left blue and Right red; a
//! square may not be coloured next to (side by side with) a square of the opponent's
//! colour; a player who cannot colour a square loses. (Simon Norton's game, analysed in
//! Winning Ways, chapter 2, beside its cousin [Col](crate::games::col).)
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
//! use nimlab::conway::Arena;
//! use nimlab::partizan::Solver;
//! let mut a = Arena::new();
//! // Two squares side by side: whoever colours one keeps the other for themselves.
//! let g = Solver::new().value(&mut a, &Snort::parse("..").unwrap());
//! assert_eq!(nimlab::notation::print(&mut a, g), "+-1");
//! ```

use crate::games::colouring::{ColourRule, Colouring};

/// The most squares a board may have.
pub const MAX_SQUARES: usize = crate::games::grid::MAX_SQUARES;

/// The rules in one line.
pub const SUMMARY: &str = "colour an uncoloured square of a board with your colour (Left blue `x`, Right red `o`), never next to a square of the opponent's colour; whoever cannot colour a square loses";

/// How a position is written.
pub const NOTATION: &str = "rows from the top separated by `|`: `.` uncoloured, `x` coloured by Left, `o` coloured by Right, `#` no square, e.g. `snort x..|...`, or `RxC` for an empty board (`snort 3x4`); a move names the square coloured, `b2` (column from the left, row from the bottom)";

/// A sensible board to play from: an empty 3×4 board.
pub const START: &str = "....|....|....";

/// Snort's rule: a player may not colour a square next to the opponent's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct SnortRule;

impl ColourRule for SnortRule {
    const ID: &'static str = "snort";

    fn playable(blank: u64, near_left: u64, near_right: u64) -> (u64, u64) {
        (blank & !near_right, blank & !near_left)
    }
}

/// A Snort board of at most 64 squares.
///
/// ```
/// use nimlab::games::snort::Snort;
/// use nimlab::conway::Arena;
/// use nimlab::partizan::Solver;
/// let mut a = Arena::new();
/// // A square next to Left's colour is Left's alone: a free move, worth 1.
/// let g = Solver::new().value(&mut a, &Snort::parse("x.").unwrap());
/// assert_eq!(g, a.integer(1));
/// ```
pub type Snort = Colouring<SnortRule>;

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "snort",
        usage: "snort",
        summary: SUMMARY,
        position: NOTATION,
        example: "snort x..|...",
        params: crate::games::Params::None,
        start: START,
        build: |_, args| crate::games::ruleset::read_joined(args, "|", Snort::parse),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::conway::Arena;
    use crate::games::ruleset::{Ruleset, Side};
    use crate::notation::print;
    use crate::partizan::solver::Whole;
    use crate::partizan::PartizanGame;
    use crate::partizan::Solver;

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
        assert_eq!(
            crate::draw::partizan_text(&p, true),
            " 2 x . .\n 1 . . .\n   a b c"
        );
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
