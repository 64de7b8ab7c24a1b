//! Col: the players colour the squares of a board in turn, Left blue and Right red; a
//! square may not be coloured next to (side by side with) a square of the player's own
//! colour; a player who cannot colour a square loses. (Colin Vout's game, analysed in On
//! Numbers and Games, p. 91, and Winning Ways, chapter 2, beside its cousin
//! [Snort](crate::games::snort).)
//!
//! Boards are written as for Snort, rows from the top separated by `|`: `.` an uncoloured
//! square, `x` (or `l`, `L`, `b`, `B`) a square coloured by Left, `o` (or `r`, `R`) one
//! coloured by Right, `#` no square (a hole): `"x..|..."`; or `RxC` for an empty board of R
//! rows and C columns (`3x4`). Any colouring is accepted as a position, even one the rules
//! could not have reached: the rules only restrict the squares coloured from now on.
//!
//! A coloured square matters only through the squares it tints: an uncoloured square next
//! to Left's colour is one Left may never colour, and one next to both colours is never
//! coloured at all, so it never tints anything and is dropped. A position is the sum of
//! the regions of the remaining uncoloured squares joined side to side, each carrying its
//! squares' tints; a region is cropped to its bounding box and put in the least of its
//! forms under the board's eight symmetries (reflections and rotations keep what is side
//! by side, so they keep both players' moves), so equal regions share one entry of the
//! solver's table.
//!
//! Every Col position is a number or a number plus `*` (Winning Ways, ch. 2): a player
//! is never eager to colour.
//!
//! ```
//! use nimlab::games::col::Col;
//! use nimlab::conway::Arena;
//! use nimlab::partizan::Solver;
//! let mut a = Arena::new();
//! // Two squares side by side: whoever colours one leaves the other to the opponent.
//! let g = Solver::new().value(&mut a, &Col::parse("..").unwrap());
//! assert_eq!(g, a.zero());
//! ```

use crate::games::colouring::{ColourRule, Colouring};

/// The most squares a board may have.
pub const MAX_SQUARES: usize = crate::games::grid::MAX_SQUARES;

/// The rules in one line.
pub const SUMMARY: &str = "colour an uncoloured square of a board with your colour (Left blue `x`, Right red `o`), never next to a square of your own colour; whoever cannot colour a square loses";

/// How a position is written.
pub const NOTATION: &str = "rows from the top separated by `|`: `.` uncoloured, `x` coloured by Left, `o` coloured by Right, `#` no square, e.g. `col x..|...`, or `RxC` for an empty board (`col 3x4`); a move names the square coloured, `b2` (column from the left, row from the bottom)";

/// A sensible board to play from: an empty 3×4 board.
pub const START: &str = "....|....|....";

/// Col's rule: a player may not colour a square next to their own colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ColRule;

impl ColourRule for ColRule {
    const ID: &'static str = "col";

    fn playable(blank: u64, near_left: u64, near_right: u64) -> (u64, u64) {
        (blank & !near_left, blank & !near_right)
    }
}

/// A Col board of at most 64 squares.
///
/// ```
/// use nimlab::games::col::Col;
/// use nimlab::conway::Arena;
/// use nimlab::partizan::Solver;
/// let mut a = Arena::new();
/// // A square next to Left's colour is Right's alone: a free move for Right, −1.
/// let g = Solver::new().value(&mut a, &Col::parse("x.").unwrap());
/// assert_eq!(g, a.integer(-1));
/// ```
pub type Col = Colouring<ColRule>;

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "col",
        usage: "col",
        summary: SUMMARY,
        position: NOTATION,
        example: "col x..|...",
        params: crate::games::Params::None,
        start: START,
        build: |_, args| crate::games::ruleset::read_joined(args, "|", Col::parse),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::Arena;
    use crate::games::ruleset::{Ruleset, Side};
    use crate::games::snort::tests::all_colourings;
    use crate::notation::print;
    use crate::partizan::solver::Whole;
    use crate::partizan::PartizanGame;
    use crate::partizan::Solver;

    fn value_text(board: &str) -> String {
        let mut a = Arena::new();
        let g = Solver::new().value(&mut a, &Col::parse(board).unwrap());
        print(&mut a, g)
    }

    #[test]
    fn cgsuite_and_winning_ways_give_these_values() {
        // CGSuite's own test of Col on graphs (GameGraphTest): the path
        // R-.-R-.-L-.-R-.-R-. of ten uncoloured vertices, tinted as marked, is 7/8. Drawn
        // here as a row of ten squares under a row that colours the tinted ones' upper
        // neighbours.
        assert_eq!(value_text("o#o#x#o#o#|.........."), "7/8");
        // Winning Ways, ch. 2: one square is *; two side by side are 0 (whoever colours
        // first leaves the other to the opponent); a square tinted by one colour is a
        // free move for the other player.
        assert_eq!(value_text("."), "*");
        assert_eq!(value_text(".."), "0");
        assert_eq!(value_text("x."), "-1");
        assert_eq!(value_text("o."), "1");
        assert_eq!(value_text("x.o"), "0");
        // By hand: in x.. (a tinted by Left, b not) Left may colour only b, leaving a to
        // Right (−1); Right colours a, leaving b to Left (1), or b, killing a (0):
        // {−1|0} = −1/2. In ... Left's best is an end (−1/2, the middle gives −2), and
        // Right's likewise: {−1/2|1/2} = 0.
        assert_eq!(value_text("x.."), "-1/2");
        assert_eq!(value_text("..."), "0");
        assert_eq!(value_text("1x3"), "0");
    }

    /// Winning Ways' theorem for Col (ch. 2; ONAG p. 91): every position is a number or
    /// a number plus *. Held on every colouring of small boards, holes included.
    #[test]
    fn every_value_is_a_number_or_a_number_plus_star() {
        let mut a = Arena::new();
        let mut s = Solver::new();
        let boards = all_colourings(&[(1, 6), (2, 3), (2, 4), (3, 3)], 7);
        assert!(boards.len() > 40_000);
        let mut stars = 0;
        let mut fractions = 0;
        for text in boards {
            let g = s.value(&mut a, &Col::parse(&text).unwrap());
            let Some(nus) = a.as_nus(g).cloned() else {
                panic!("{text} is {}", print(&mut a, g));
            };
            assert!(nus.ups == 0 && nus.nim <= 1, "{text}");
            stars += usize::from(nus.nim == 1);
            fractions += usize::from(!nus.number.is_integer());
        }
        // The theorem is not held on trivial values only.
        assert!(stars > 1000 && fractions > 1000, "{stars} {fractions}");
        // Uncoloured boards are their own negatives: 0 or *.
        for (h, w) in [(1, 7), (2, 4), (3, 3), (3, 4)] {
            let g = s.value(&mut a, &Col::empty(h, w).unwrap());
            let nus = a.as_nus(g).unwrap();
            assert!(
                nus.number.is_zero() && nus.ups == 0 && nus.nim <= 1,
                "{h}x{w}"
            );
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
            let g = s.value(&mut a, &Col::empty(h, w).unwrap());
            assert_eq!(g, a.zero(), "{h}x{w}");
        }
        // Not so with a centre column: 1×2 is not 0 in Snort (±1), 1×1 not in either (*).
        assert_ne!(s.value(&mut a, &Col::empty(1, 1).unwrap()), a.zero());
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
        for text in boards {
            let p = Col::parse(&text).unwrap();
            let g = fast.value(&mut a, &p);
            let want = plain.value(&mut a, &Whole(p));
            assert_eq!(g, want, "{text}");
        }
    }

    #[test]
    fn moves_are_named_by_their_square() {
        let p = Col::parse("x..|...").unwrap();
        // Left may not colour b2 or a1, next to Left's a2; Right may colour them all.
        let names: Vec<String> = p
            .left_options()
            .iter()
            .map(|o| p.describe_move(Side::Left, o))
            .collect();
        assert_eq!(names, ["c2", "b1", "c1"]);
        assert_eq!(p.right_options().len(), 5);
        assert_eq!(p.game(), "col");
        assert_eq!(p.notation(), "x..|...");
    }

    #[test]
    fn boards_are_read_with_their_mistakes_named() {
        assert_eq!(Col::parse(START).unwrap().to_string(), START);
        let p = Col::parse("4x5").unwrap();
        assert_eq!((p.height(), p.width()), (4, 5));
        let e = Col::parse("x.|.q").unwrap_err().to_string();
        assert!(e.contains("`q` in row 2, column 2"), "{e}");
        assert!(e.contains("col"), "{e}");
        assert!(Col::parse("5x13").is_err());
    }
}
