//! Toads and Frogs: a row of squares, each empty or holding a toad or a frog. Left moves
//! a toad one square to the right into an empty square, or jumps it rightwards over
//! exactly one frog into the empty square just beyond; Right moves a frog the same way
//! to the left (one square into an empty square, or over exactly one toad). Nothing is
//! ever removed. A player who cannot move loses.
//!
//! A row is written as CGSuite writes it, from the left: `t` a toad, `f` a frog, `.` an
//! empty square (`"ttt..fff"`; `T` and `F` are read too). Squares are numbered from 1 on
//! the left, and a move is the square the creature leaves and the square it reaches:
//! `3-4` for a step, `3-5` for a jump.
//!
//! A position splits into independent parts as follows (each step proved sound in the
//! comments of [`ToadsAndFrogs::components`]):
//!
//! - *Dead creatures*: the largest set D of creatures such that each of them is blocked
//!   as long as all of D stay where they are (a toad whose next square holds a member of
//!   D or is the edge, and which cannot jump it: it is a toad, or the square beyond is in
//!   D or off the row; frogs alike to the left). No member of D ever moves.
//! - *Walls*: the row is cut between two neighbouring squares that both hold dead
//!   creatures; no move ever reads or crosses such a pair.
//! - *Edges*: a part's frogs at its left end and toads at its right end never move and
//!   are never jumped; they are the same as the edge and are dropped.
//! - *Numbers*: a part whose frogs all stand left of its toads is the integer
//!   (empty squares right of each toad, added up) − (empty squares left of each frog); it
//!   is written as a toad or a frog with that many empty squares in front of it, so that
//!   equal numbers share one entry of the solver's table.
//!
//! Mirroring a row and swapping toads for frogs gives the negative of its value, so it is
//! not used as a symmetry.

use crate::games::figure::{Figure, Piece, Shape, Square, Strip};
use crate::games::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::{Error, Result};

/// The most squares a row may have.
pub const MAX_SQUARES: usize = 64;

/// The rules in one line.
pub const SUMMARY: &str = "a row of toads (Left's, `t`) and frogs (Right's, `f`); a toad moves one square right into an empty square or jumps one frog into the empty square beyond it, a frog likewise to the left; who cannot move loses";

/// How a position is written.
pub const NOTATION: &str = "the row from the left as `t` (toad), `f` (frog) and `.` (empty), e.g. `toads-and-frogs ttt..fff` (several rows separated by spaces are a sum); squares numbered from 1 on the left, moves `3-4` (a step) and `3-5` (a jump)";

/// The position play starts from when none is given.
pub const START: &str = "ttt..fff";

/// A row of at most 64 squares: bit i of `toads` (`frogs`) is set when square i (from 0
/// on the left) holds a toad (a frog).
///
/// ```
/// use nimlab::games::toads_and_frogs::ToadsAndFrogs;
/// use nimlab::conway::Arena;
/// use nimlab::partizan::Solver;
/// // Either player's one move leaves a position of value 0: {0|0} = *.
/// let p = ToadsAndFrogs::parse("t.f").unwrap();
/// let mut a = Arena::new();
/// let g = Solver::new().value(&mut a, &p);
/// assert_eq!(nimlab::notation::print(&mut a, g), "*");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ToadsAndFrogs {
    len: u8,
    toads: u64,
    frogs: u64,
}

/// The squares of a row of `len` squares.
fn squares(len: u32) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

impl ToadsAndFrogs {
    /// Reads a row from the left: `t` (or `T`) a toad, `f` (or `F`) a frog, `.` empty.
    ///
    /// # Errors
    /// An empty row, another character (named with its square), or more than
    /// [`MAX_SQUARES`] squares.
    ///
    /// ```
    /// use nimlab::games::toads_and_frogs::ToadsAndFrogs;
    /// let p = ToadsAndFrogs::parse("TT..FF").unwrap();
    /// assert_eq!(p.to_string(), "tt..ff");
    /// assert!(ToadsAndFrogs::parse("tx.f").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<ToadsAndFrogs> {
        let text = text.trim().trim_matches('"').trim();
        let bad = |reason: String| {
            Error::Rule(crate::RuleError::Position {
                game: "toads-and-frogs".to_string(),
                reason,
            })
        };
        let n = text.chars().count();
        if n == 0 {
            return Err(bad(
                "expected a row of `t` (toad), `f` (frog) and `.` (empty), as in `ttt..fff`"
                    .to_string(),
            ));
        }
        if n > MAX_SQUARES {
            return Err(Error::limit(
                format!("a Toads and Frogs row of {n} squares"),
                format!("rows of up to {MAX_SQUARES} squares"),
            ));
        }
        let (mut toads, mut frogs) = (0u64, 0u64);
        for (i, ch) in text.chars().enumerate() {
            match ch {
                't' | 'T' => toads |= 1 << i,
                'f' | 'F' => frogs |= 1 << i,
                '.' => {}
                _ => {
                    return Err(bad(format!(
                        "`{ch}` at square {}: expected `t` (toad), `f` (frog) or `.` (empty)",
                        i + 1
                    )))
                }
            }
        }
        Ok(ToadsAndFrogs {
            len: n as u8,
            toads,
            frogs,
        })
    }

    /// The number of squares.
    ///
    /// ```
    /// let p = nimlab::games::toads_and_frogs::ToadsAndFrogs::parse("t..f").unwrap();
    /// assert_eq!(p.len(), 4);
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> u32 {
        u32::from(self.len)
    }

    fn all(&self) -> u64 {
        squares(self.len())
    }

    fn empty(&self) -> u64 {
        self.all() & !(self.toads | self.frogs)
    }

    /// The squares whose toad can move (a step or a jump: never both).
    fn toad_movers(&self) -> u64 {
        let e = self.empty();
        self.toads & (e >> 1 | (self.frogs >> 1 & e >> 2))
    }

    /// The squares whose frog can move.
    fn frog_movers(&self) -> u64 {
        let e = self.empty();
        self.frogs & (e << 1 | (self.toads << 1 & e << 2))
    }

    /// The squares holding creatures that can never move: the largest set D of creatures
    /// each blocked as long as D stays in place (see the module documentation).
    fn dead(&self) -> u64 {
        // Square i is bit i + 2, so that the two squares beyond each edge are bits too
        // (set in `edge`: they count as permanently filled).
        let n = self.len();
        let t = u128::from(self.toads) << 2;
        let f = u128::from(self.frogs) << 2;
        let edge = 0b11u128 | 0b11u128 << (n + 2);
        let mut d = t | f;
        loop {
            let filled = d | edge;
            let (dt, df) = (t & d, f & d);
            // A toad is stuck when the next square is filled for good and it cannot
            // jump it: the next is a dead toad, or the square beyond is filled for good.
            let toads = dt & filled >> 1 & (dt >> 1 | filled >> 2);
            let frogs = df & filled << 1 & (df << 1 | filled << 2);
            let next = toads | frogs;
            if next == d {
                break;
            }
            d = next;
        }
        (d >> 2) as u64
    }

    /// The squares `lo..=hi` alone, as a row of their own.
    fn crop(&self, lo: u32, hi: u32) -> ToadsAndFrogs {
        let mask = squares(hi - lo + 1);
        ToadsAndFrogs {
            len: (hi - lo + 1) as u8,
            toads: self.toads >> lo & mask,
            frogs: self.frogs >> lo & mask,
        }
    }

    /// The integer `n` as rows of a toad (or a frog) with empty squares in front of it:
    /// `t..` is 2, `..f` is −2.
    fn integer_rows(n: i64, out: &mut Vec<ToadsAndFrogs>) {
        let mut rest = n.unsigned_abs();
        while rest > 0 {
            let k = rest.min(MAX_SQUARES as u64 - 1) as u32;
            rest -= u64::from(k);
            let (toads, frogs) = if n > 0 { (1, 0) } else { (0, 1 << k) };
            out.push(ToadsAndFrogs {
                len: (k + 1) as u8,
                toads,
                frogs,
            });
        }
    }

    /// The part `lo..=hi` (between walls) in its normal form, pushed onto `out`.
    fn push_part(&self, mut lo: u32, mut hi: u32, out: &mut Vec<ToadsAndFrogs>) {
        // Frogs at the left end and toads at the right end are the edge itself.
        while lo <= hi && self.frogs >> lo & 1 == 1 {
            lo += 1;
        }
        while hi >= lo && self.toads >> hi & 1 == 1 {
            if hi == 0 {
                return;
            }
            hi -= 1;
        }
        if lo > hi {
            return;
        }
        let part = self.crop(lo, hi);
        if part.toads == 0 && part.frogs == 0 {
            return;
        }
        let last_frog = 64 - part.frogs.leading_zeros(); // one past, 0 for none
        let first_toad = part.toads.trailing_zeros(); // 64 for none
        if last_frog <= first_toad {
            // Frogs all left of the toads: the creatures of one kind never meet those
            // of the other, and every move uses up one empty square in front of the
            // mover, so the part is an integer.
            let empty = part.empty();
            let mut n = 0i64;
            let mut bits = part.toads;
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                n += i64::from((empty >> i).count_ones());
            }
            let mut bits = part.frogs;
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                n -= i64::from((empty & squares(i)).count_ones());
            }
            Self::integer_rows(n, out);
            return;
        }
        if part.toad_movers() == 0 && part.frog_movers() == 0 {
            return;
        }
        out.push(part);
    }
}

impl PartizanGame for ToadsAndFrogs {
    fn left_options(&self) -> Vec<ToadsAndFrogs> {
        let mut movers = self.toad_movers();
        let e = self.empty();
        let mut out = Vec::with_capacity(movers.count_ones() as usize);
        while movers != 0 {
            let i = movers.trailing_zeros();
            movers &= movers - 1;
            let to = if e >> (i + 1) & 1 == 1 { i + 1 } else { i + 2 };
            out.push(ToadsAndFrogs {
                toads: self.toads & !(1 << i) | 1 << to,
                ..*self
            });
        }
        out
    }

    fn right_options(&self) -> Vec<ToadsAndFrogs> {
        let mut movers = self.frog_movers();
        let e = self.empty();
        let mut out = Vec::with_capacity(movers.count_ones() as usize);
        while movers != 0 {
            let i = movers.trailing_zeros();
            movers &= movers - 1;
            let to = if e >> (i - 1) & 1 == 1 { i - 1 } else { i - 2 };
            out.push(ToadsAndFrogs {
                frogs: self.frogs & !(1 << i) | 1 << to,
                ..*self
            });
        }
        out
    }

    /// The parts between walls of dead creatures, each without the creatures that are
    /// the same as its edges, and numbers written shortly.
    ///
    /// Why this keeps the value (D is the set of `dead` creatures):
    ///
    /// 1. *No member of D ever moves.* Each member's blocking squares are held by members
    ///    of D or lie off the row; so while all of D stay in place none of them has a
    ///    move, and only a move of a member could displace one. By induction on the
    ///    moves, D stays in place for ever.
    /// 2. *A wall splits the row.* Let squares i and i+1 both hold members of D. A toad
    ///    on a square p ≤ i moves to p+1 or p+2 and reads only those squares: for p ≤ i−2
    ///    they lie left of the wall; p = i−1 would step onto square i or jump onto i+1,
    ///    both filled for good (in the left part alone, i+1 is off the row: the same
    ///    verdict); p = i is in D. Toads right of the wall and frogs (mirror image)
    ///    alike. So each move is a move of one side alone, with the same verdict, and D
    ///    restricted to either side is still a blocked set there (a toad on i or i−1
    ///    reading square i+1 or i+2 finds the edge instead of a member of D). The game
    ///    tree of the row is that of the sum of its two sides.
    /// 3. *Edge creatures are the edge.* A frog on the first square never moves (frogs
    ///    move left) and no toad reads a square to its left; frogs read it only to step
    ///    or jump onto it, refused whether it holds a frog or is off the row. So it can
    ///    be cut off, and then the next frog is on the first square. Toads at the right
    ///    end alike.
    /// 4. *Frogs left of toads.* No toad ever has a frog ahead of it and no frog a toad,
    ///    so there are no jumps; each move is a step onto the next empty square, which
    ///    lowers the count of empty squares ahead of the mover by one and leaves the
    ///    others' counts alone (the emptied square is behind the mover and the filled one
    ///    was ahead of those behind it). The game ends when every count is 0, so Left has
    ///    exactly a moves and Right b, whatever the order: the value is a − b, the value
    ///    of a toad with a − b empty squares ahead of it.
    fn components(&self) -> Vec<ToadsAndFrogs> {
        let dead = self.dead();
        let n = self.len();
        let mut out = Vec::new();
        let mut lo = 0;
        for i in 0..n {
            let wall = i + 1 < n && dead >> i & 1 == 1 && dead >> (i + 1) & 1 == 1;
            if wall || i + 1 == n {
                self.push_part(lo, i, &mut out);
                lo = i + 1;
            }
        }
        out
    }
}

impl Ruleset for ToadsAndFrogs {
    fn game(&self) -> String {
        "toads-and-frogs".to_string()
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// The square the creature leaves and the square it reaches, numbered from 1 on the
    /// left: `3-4` for a step, `3-5` for a jump.
    fn describe_move(&self, side: Side, to: &ToadsAndFrogs) -> String {
        let (before, after) = match side {
            Side::Left => (self.toads, to.toads),
            Side::Right => (self.frogs, to.frogs),
        };
        format!(
            "{}-{}",
            (before & !after).trailing_zeros() + 1,
            (after & !before).trailing_zeros() + 1
        )
    }

    /// The row with its squares numbered underneath.
    fn figure(&self) -> Option<Figure> {
        let squares = (0..self.len())
            .map(|i| {
                if self.toads >> i & 1 == 1 {
                    Square::Piece(Piece::Toad)
                } else if self.frogs >> i & 1 == 1 {
                    Square::Piece(Piece::Frog)
                } else {
                    Square::Empty
                }
            })
            .collect();
        let strip = Strip {
            name: "square".to_string(),
            squares,
        };
        Some(Figure::new(Shape::Strip(strip)).titled(format!("Toads and Frogs {self}")))
    }
}

impl std::fmt::Display for ToadsAndFrogs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let row: String = (0..self.len())
            .map(|i| {
                if self.toads >> i & 1 == 1 {
                    't'
                } else if self.frogs >> i & 1 == 1 {
                    'f'
                } else {
                    '.'
                }
            })
            .collect();
        f.write_str(&row)
    }
}

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "toads-and-frogs",
        usage: "toads-and-frogs",
        summary: SUMMARY,
        position: NOTATION,
        example: "toads-and-frogs ttt..fff",
        params: crate::games::Params::None,
        start: START,
        build: |_, args| {
            args.iter()
                .map(|a| {
                    crate::games::ruleset::read_joined(
                        std::slice::from_ref(a),
                        "",
                        ToadsAndFrogs::parse,
                    )
                })
                .collect::<crate::Result<Vec<_>>>()
                .map(|parts| parts.into_iter().flatten().collect())
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calc::Session;
    use crate::conway::Arena;
    use crate::notation::print;
    use crate::partizan::solver::Whole;
    use crate::partizan::Solver;

    fn value_text(row: &str) -> String {
        let mut a = Arena::new();
        let g = Solver::new().value(&mut a, &ToadsAndFrogs::parse(row).unwrap());
        print(&mut a, g)
    }

    /// Whether the row's value equals the game written in CGSuite's notation.
    fn equals(row: &str, expected: &str) -> bool {
        let mut s = Session::new();
        let want = s.game_of(expected).unwrap();
        let g = Solver::new().value(&mut s.arena, &ToadsAndFrogs::parse(row).unwrap());
        g == want
    }

    #[test]
    fn the_literature_gives_these_values() {
        // Erickson's Toads and Frogs program (its help text, HELP_TOADS): `t f` is *,
        // ` tf` is 0, `ft ` is 1, `f t` is 0, `t tf` is 1/2.
        assert_eq!(value_text("t.f"), "*");
        assert_eq!(value_text(".tf"), "0");
        assert_eq!(value_text("ft."), "1");
        assert_eq!(value_text("f.t"), "0");
        assert_eq!(value_text("t.tf"), "1/2");
        // Winning Ways, chapter 1: TFTF□ = 0, TF□TF = 0, TFT□F = *, T□TFF = {0|*} = ^.
        assert_eq!(value_text("tftf."), "0");
        assert_eq!(value_text("tf.tf"), "0");
        assert_eq!(value_text("tft.f"), "*");
        assert_eq!(value_text("t.tff"), "^");
        // Erickson, "New Toads and Frogs results" (Games of No Chance, 1996), opens with
        // a game of TT□FF that the first player wins; its options are T□TFF = ^ and
        // TTF□F = v, and {^|v} = * (^* is fuzzy, so neither player may start there).
        assert_eq!(value_text("tt.ff"), "*");
        assert!(equals("tt.ff", "{^|v}"));
    }

    /// Erickson's conjectures (Games of No Chance, 1996), proved by Thanatipanonda
    /// ("Further hopping with Toads and Frogs", Electronic Journal of Combinatorics,
    /// 2011), for a toads, b frogs and two or three empty squares between them.
    #[test]
    fn ericksons_families_have_these_values() {
        let row = |a: usize, gap: usize, b: usize| {
            format!("{}{}{}", "t".repeat(a), ".".repeat(gap), "f".repeat(b))
        };
        // E1: T^a □□ F^b = {{a−3 | a−b} | {* | 3−b}} for a > b ≥ 2.
        for (a, b) in [(3, 2), (4, 2), (4, 3), (5, 3), (5, 4), (6, 4)] {
            let want = format!("{{{{{}|{}}}|{{*|{}}}}}", a - 3, a - b, 3 - b as i64);
            assert!(equals(&row(a, 2, b), &want), "{} = {want}", row(a, 2, b));
        }
        // E2: T^a □□□ FF = {a−2 | a−2} for a ≥ 2.
        for a in 2..=6 {
            let want = format!("{{{}|{}}}", a - 2, a - 2);
            assert!(equals(&row(a, 3, 2), &want), "{} = {want}", row(a, 3, 2));
        }
        // E3: T^a □□□ FFF = a − 7/2 for a ≥ 5.
        assert_eq!(value_text(&row(5, 3, 3)), "3/2");
        assert_eq!(value_text(&row(6, 3, 3)), "5/2");
    }

    #[test]
    fn cgsuite_gives_these_values() {
        // CGSuite's own test of Toads and Frogs (GameStripTest).
        assert!(equals(
            "ttttt..fffff",
            "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"
        ));
        assert_eq!(
            value_text("ttttt..fffff"),
            "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"
        );
    }

    /// Every row of up to 8 squares (and a sample of longer ones), valued through its
    /// parts and whole.
    #[test]
    fn parts_keep_the_value() {
        let mut a = Arena::new();
        let mut fast = Solver::new();
        let mut plain = Solver::new();
        let mut count = 0;
        for n in 1..=10u32 {
            let step = if n <= 8 { 1 } else { 11 };
            for code in (0..3u32.pow(n)).step_by(step) {
                let mut k = code;
                let row: String = (0..n)
                    .map(|_| {
                        let ch = ['.', 't', 'f'][(k % 3) as usize];
                        k /= 3;
                        ch
                    })
                    .collect();
                let p = ToadsAndFrogs::parse(&row).unwrap();
                let g = fast.value(&mut a, &p);
                let want = plain.value(&mut a, &Whole(p));
                assert_eq!(g, want, "{row}");
                count += 1;
            }
        }
        assert!(count > 10_000);
    }

    #[test]
    fn walls_edges_and_numbers_split_a_row() {
        let parts = |row: &str| -> Vec<String> {
            let p = ToadsAndFrogs::parse(row).unwrap();
            p.components().iter().map(|c| c.to_string()).collect()
        };
        // `ttff` can never move: walls around and inside it, and the toad before the
        // wall and the frog after it are edges.
        assert_eq!(parts("tf.ttff.tf"), ["tf.", ".tf"]);
        // Frogs at the left edge and toads at the right edge are dropped.
        assert_eq!(parts("fft.f.tt"), ["t.f."]);
        // Frogs left of toads: a number, written as one creature and empty squares.
        assert_eq!(parts("..f.t..."), ["t."]);
        assert_eq!(parts(".f.f"), ["...f"]);
        assert_eq!(parts("..f.t.."), Vec::<String>::new());
        assert_eq!(parts("tftf."), ["tftf."]);
        // A long run of empty squares ahead of toads: 70 moves, in two rows.
        let row = format!("tt{}", ".".repeat(35));
        assert_eq!(
            parts(&row),
            [format!("t{}", ".".repeat(63)), "t.......".to_string()]
        );
        assert_eq!(value_text(&row), "70");
        assert_eq!(value_text(&format!("{}ff", ".".repeat(35))), "-70");
    }

    #[test]
    fn moves_are_told_by_their_squares() {
        let p = ToadsAndFrogs::parse("t.tf.f").unwrap();
        let left: Vec<String> = p
            .left_options()
            .iter()
            .map(|o| p.describe_move(Side::Left, o))
            .collect();
        assert_eq!(left, ["1-2", "3-5"]);
        let right: Vec<String> = p
            .right_options()
            .iter()
            .map(|o| p.describe_move(Side::Right, o))
            .collect();
        assert_eq!(right, ["4-2", "6-5"]);
        assert_eq!(p.left_options()[1].to_string(), "t..ftf");
        assert_eq!(p.game(), "toads-and-frogs");
        assert_eq!(
            crate::draw::partizan_text(&p, true),
            "square 1 2 3 4 5 6\n       t . t f . f"
        );
    }

    #[test]
    fn rows_are_read_with_their_mistakes_named() {
        let p = ToadsAndFrogs::parse("\"TT..FF\"").unwrap();
        assert_eq!(p.to_string(), "tt..ff");
        assert_eq!(ToadsAndFrogs::parse(&p.notation()).unwrap(), p);
        let e = ToadsAndFrogs::parse("tt.xf").unwrap_err().to_string();
        assert!(e.contains("`x` at square 4"), "{e}");
        assert!(ToadsAndFrogs::parse("").is_err());
        assert!(ToadsAndFrogs::parse(&"t".repeat(64)).is_ok());
        let e = ToadsAndFrogs::parse(&"t".repeat(65))
            .unwrap_err()
            .to_string();
        assert!(e.contains("64"), "{e}");
        assert_eq!(ToadsAndFrogs::parse(START).unwrap().to_string(), START);
    }

    /// A full row of 64 squares: the edges of the bit masks.
    #[test]
    fn a_full_length_row_is_solved() {
        let row = format!("{}t.tf.f", ".".repeat(58));
        let p = ToadsAndFrogs::parse(&row).unwrap();
        assert_eq!(p.len(), 64);
        let mut a = Arena::new();
        let g = Solver::new().value(&mut a, &p);
        let want = Solver::new().value(&mut a, &Whole(p));
        assert_eq!(g, want);
    }
}
