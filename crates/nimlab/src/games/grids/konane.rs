//! Konane (Hawaiian checkers): stones of Left (`x`, black) and Right (`o`, white) on a
//! rectangular board. A player jumps one of their stones over an orthogonally adjacent
//! opponent's stone into the empty square just beyond it, removing the jumped stone; the
//! same stone may go on jumping in the same direction (over another opponent's stone into
//! the next empty square beyond, and so on) and may stop after any jump. A player who
//! cannot jump loses.
//!
//! Boards are written as CGSuite writes Clobber boards, rows from the top separated by
//! `|`: `x`, `o` and `.` for an empty square (`"xoxo|ox.x|xo.o|oxox"`). Squares are named
//! as on a chess board (`a1` bottom left) and a move is the square the stone leaves and
//! the square it lands on: `c1-c3`, or `c1-c5` for a double jump.
//!
//! Stones far apart can still meet, since jumps land on empty squares; so a position is
//! split by where its stones could ever go. For a group of stones alone, the squares its
//! `x` stones could ever stand on, and those of its `o` stones, are bounded by a closure:
//! start from the stones, and add a square two steps beyond an `x` square over an `o`
//! square in one direction (and the same for `o`), keeping to the squares within reach
//! of each colour (each jump takes a stone of the other colour and carries the jumper
//! two squares, so the `x` stones make at most as many steps of two as there are `o`
//! stones, and the other way round). Two groups whose squares never meet
//! and whose `x` squares are never side by side with the other's `o` squares can never
//! touch each other: the stones are put into the fewest such groups (a group that can
//! never move is dropped), each group is cropped to the squares it could use and put in
//! the least of its forms under the board's eight symmetries, which keep orthogonal
//! jumps. The proof is in the comments of [`Konane::components`].

use super::stones::Stones;
use crate::games::figure::Figure;
use crate::games::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::Result;

/// The most squares a board may have.
pub const MAX_SQUARES: usize = crate::games::grid::MAX_SQUARES;

/// The rules in one line.
pub const SUMMARY: &str = "stones of Left (`x`) and Right (`o`); a player jumps a stone over a side-by-side opponent's stone into the empty square beyond, removing it, and may go on jumping in the same line; who cannot jump loses";

/// How a position is written.
pub const NOTATION: &str = "rows from the top separated by `|` (or as separate arguments), `x` Left's stone, `o` Right's, `.` empty, e.g. `konane xoxo|ox.x|xo.o|oxox`; a move is the square left and the square landed on, `c1-c3` (`c1-c5` for a double jump)";

/// The position play starts from when none is given: a 4×4 checkerboard with two stones
/// taken from the middle.
pub const START: &str = "xoxo|ox.x|xo.o|oxox";

/// A Konane board of at most 64 squares, row by row from the top left: bit
/// `r * width + c` of `left` (`right`) is set when that square holds Left's (Right's)
/// stone.
///
/// ```
/// use nimlab::games::konane::Konane;
/// use nimlab::conway::Arena;
/// use nimlab::partizan::Solver;
/// // Left jumps and Right never can: 1.
/// let p = Konane::parse("xo.").unwrap();
/// let mut a = Arena::new();
/// let g = Solver::new().value(&mut a, &p);
/// assert_eq!(nimlab::notation::print(&mut a, g), "1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Konane(Stones);

/// A group of stones with the squares its stones of each colour could ever stand on.
#[derive(Clone, Copy)]
struct Group {
    x: u64,
    o: u64,
    reach_x: u64,
    reach_o: u64,
    /// The squares side by side with those of `reach_x`, and of `reach_o`.
    next_x: u64,
    next_o: u64,
}

impl Group {
    /// Whether two groups could ever touch: a square both could use, or an `x` square of
    /// one side by side with an `o` square of the other.
    fn touches(&self, other: &Group) -> bool {
        (self.reach_x | self.reach_o) & (other.reach_x | other.reach_o) != 0
            || self.next_x & other.reach_o != 0
            || self.next_o & other.reach_x != 0
    }
}

/// The masks of a board for moving along its rows and columns, worked out once for the
/// many moves and closures of one position.
#[derive(Clone, Copy)]
struct Lines {
    width: u32,
    all: u64,
    /// Every square but those of the first column, and of the last.
    not_first: u64,
    not_last: u64,
    /// Height plus width.
    spread: u32,
    /// The squares of each class: even or odd row, even or odd column.
    classes: [u64; 4],
}

impl Lines {
    /// The squares one step from those of `m` in direction `d` (0 right, 1 left, 2 down,
    /// 3 up), on the board.
    fn shift(&self, m: u64, d: u32) -> u64 {
        match d {
            0 => (m & self.not_last) << 1,
            1 => (m & self.not_first) >> 1,
            // (A row of 64 squares has no square above or below.)
            2 => m.checked_shl(self.width).unwrap_or(0) & self.all,
            _ => m.checked_shr(self.width).unwrap_or(0),
        }
    }

    /// The squares side by side with those of `m`.
    fn neighbours(&self, m: u64) -> u64 {
        (0..4).fold(0, |a, d| a | self.shift(m, d))
    }

    /// The squares reached from those of `m` by up to `k` steps of two squares along a
    /// row or column.
    fn two_steps(&self, m: u64, k: u32) -> u64 {
        if 2 * k + 2 >= self.spread {
            // Any two squares of one class are at most (height − 1 + width − 1) / 2
            // such steps apart: the classes of the squares of `m`.
            return self
                .classes
                .iter()
                .filter(|&&class| class & m != 0)
                .fold(0, |a, &class| a | class);
        }
        let mut out = m;
        for _ in 0..k {
            let before = out;
            for d in 0..4 {
                out |= self.shift(self.shift(before, d), d);
            }
            if out == before {
                break;
            }
        }
        out
    }

    /// The squares the `x` stones and the `o` stones of a group alone could ever stand
    /// on (a superset): the stones' squares, closed under adding the square two steps
    /// beyond an `x` square over an `o` square (and the same for `o`), within the
    /// squares each colour's stones can travel to. Each jump takes a stone of the other
    /// colour and carries the jumper two squares, so the `x` stones between them travel
    /// at most twice the number of `o` stones, in steps of two.
    fn reach(&self, x: u64, o: u64) -> (u64, u64) {
        let room_x = self.two_steps(x, o.count_ones());
        let room_o = self.two_steps(o, x.count_ones());
        let (mut rx, mut ro) = (x, o);
        loop {
            let (px, po) = (rx, ro);
            for d in 0..4 {
                rx |= self.shift(self.shift(rx, d) & ro, d) & room_x;
                ro |= self.shift(self.shift(ro, d) & rx, d) & room_o;
            }
            if (rx, ro) == (px, po) {
                return (rx, ro);
            }
        }
    }

    /// The group of the stones `x` and `o` with the squares they could use.
    fn group(&self, x: u64, o: u64) -> Group {
        let (reach_x, reach_o) = self.reach(x, o);
        Group {
            x,
            o,
            reach_x,
            reach_o,
            next_x: self.neighbours(reach_x),
            next_o: self.neighbours(reach_o),
        }
    }
}

impl Konane {
    /// Reads a board: rows from the top separated by `|`, `x` Left's stone, `o` Right's,
    /// `.` empty.
    ///
    /// # Errors
    /// Rows of different lengths, another character (named with its row and column), or
    /// more than [`MAX_SQUARES`] squares.
    ///
    /// ```
    /// use nimlab::games::konane::Konane;
    /// assert_eq!(Konane::parse("XO.|.OX").unwrap().to_string(), "xo.|.ox");
    /// assert!(Konane::parse("xo|o").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Konane> {
        Ok(Konane(Stones::parse(
            "konane",
            text,
            "xoxo|ox.x|xo.o|oxox",
        )?))
    }

    /// The board's masks for moving along rows and columns.
    fn lines(&self) -> Lines {
        let g = self.0.grid();
        let (h, w, all) = (self.0.h(), self.0.w(), g.all());
        let first = g.first_column();
        let row = all >> ((h - 1) * w);
        let even_rows = (0..h).step_by(2).fold(0, |a, r| a | row << (r * w));
        let even_columns = (0..w).step_by(2).fold(0, |a, c| a | first << c);
        Lines {
            width: w,
            all,
            not_first: all & !first,
            not_last: all & !(first << (w - 1)),
            spread: h + w,
            classes: [
                even_rows & even_columns,
                even_rows & !even_columns,
                all & !even_rows & even_columns,
                all & !even_rows & !even_columns,
            ],
        }
    }

    /// Every move of the stones `mover` over the stones `target`: a stone, a direction,
    /// and one or more jumps in it.
    fn moves(&self, mover: u64, target: u64, left: bool) -> Vec<Konane> {
        let lines = self.lines();
        let empty = lines.all & !(mover | target);
        let mut out = Vec::new();
        let mut from = mover;
        while from != 0 {
            let start = from & from.wrapping_neg();
            from &= from - 1;
            for d in 0..4 {
                let (mut at, mut taken) = (start, 0u64);
                loop {
                    let over = lines.shift(at, d) & target;
                    let land = lines.shift(over, d) & empty;
                    if land == 0 {
                        break;
                    }
                    taken |= over;
                    at = land;
                    let (m, t) = (mover & !start | at, target & !taken);
                    out.push(Konane(self.0.after(left, m, t)));
                }
            }
        }
        out
    }

    /// The stones in the fewest groups that never touch one another.
    fn groups(&self) -> Vec<Group> {
        let lines = self.lines();
        let (left, right) = (self.0.left, self.0.right);
        let mut groups: Vec<Group> = Vec::new();
        let mut rest = left | right;
        while rest != 0 {
            // The stones joined to a first one through opposite stones side by side
            // (which always touch), found on the bit masks...
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = region
                    | lines.neighbours(region & left) & right
                    | lines.neighbours(region & right) & left;
                if grown == region {
                    break;
                }
                region = grown;
            }
            // ...then every stone the group could touch, until there is none.
            let mut group = lines.group(region & left, region & right);
            loop {
                let used = group.reach_x | group.reach_o;
                let more_x = left & rest & !group.x & (used | group.next_o);
                let more_o = right & rest & !group.o & (used | group.next_x);
                if more_x | more_o == 0 {
                    break;
                }
                group = lines.group(group.x | more_x, group.o | more_o);
            }
            rest &= !(group.x | group.o);
            groups.push(group);
        }
        // Join groups that could touch, until none can.
        'join: loop {
            for i in 0..groups.len() {
                for j in i + 1..groups.len() {
                    if groups[i].touches(&groups[j]) {
                        let b = groups.swap_remove(j);
                        let a = groups[i];
                        groups[i] = lines.group(a.x | b.x, a.o | b.o);
                        continue 'join;
                    }
                }
            }
            return groups;
        }
    }
}

impl PartizanGame for Konane {
    fn left_options(&self) -> Vec<Konane> {
        self.moves(self.0.left, self.0.right, true)
    }

    fn right_options(&self) -> Vec<Konane> {
        self.moves(self.0.right, self.0.left, false)
    }

    /// The groups of stones that never touch one another, each alone on the squares it
    /// could use, cropped and in its least symmetric form; groups that can never move
    /// are left out.
    ///
    /// Why this keeps the value. For a group S played alone, let X(S) and O(S) be the
    /// closure of `Lines::reach`. (1) In any position reached by S alone, its `x`
    /// stones stand in X(S) and its `o` stones in O(S): a jump from a square s over s+d
    /// into s+2d needs s in the mover's set and s+d in the other's, so s+2d is added by
    /// the closure unless it is out of the mover's room; and it is not, since an `x`
    /// stone of S moves only by taking `o` stones of S, two squares along a row or
    /// column for each, so it stands at most as many such steps from its first square
    /// as S has `o` stones (the same for `o`). Each further jump of a multiple jump
    /// alike. (2) Let S and T be
    /// groups that do not touch (X ∪ O of each disjoint from the other's, and no square
    /// of X(S) next to one of O(T), nor of O(S) next to X(T)). While the stones of each
    /// stand in its own sets, every jump of the whole board jumps over a stone next to
    /// the mover, hence of the mover's own group, and lands on squares of that group's
    /// sets, which the other group never fills: it is a move of that group alone, with
    /// the same squares jumped and the same landing squares free or filled; conversely
    /// a move of a group alone lands on squares of its own sets, empty on the whole
    /// board too. By (1) the stones stay in their sets, so by induction the game tree of
    /// the board is that of the sum of its groups. (3) A group alone uses no square
    /// outside its sets, so cropping it to their bounding box changes no move, and a
    /// group whose sets are just its stones has no move at all (a move lands on a
    /// square of the sets that holds no stone).
    fn components(&self) -> Vec<Konane> {
        self.groups()
            .iter()
            .filter(|g| g.reach_x | g.reach_o != g.x | g.o)
            .map(|g| Konane(self.0.least_form(g.x | g.o, g.reach_x | g.reach_o)))
            .collect()
    }
}

impl Ruleset for Konane {
    fn game(&self) -> String {
        "konane".to_string()
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// The square the stone leaves and the square it lands on: `c1-c3`, `c1-c5`.
    fn describe_move(&self, side: Side, to: &Konane) -> String {
        self.0.describe_move(side, &to.0)
    }

    fn figure(&self) -> Option<Figure> {
        Some(self.0.figure(&format!("Konane {self}")))
    }
}

impl std::fmt::Display for Konane {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "konane",
        usage: "konane",
        summary: SUMMARY,
        position: NOTATION,
        example: "konane xoxo|ox.x|xo.o|oxox",
        params: crate::games::Params::None,
        start: START,
        build: |_, args| crate::games::ruleset::read_joined(args, "|", Konane::parse),
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
        let g = Solver::new().value(&mut a, &Konane::parse(board).unwrap());
        print(&mut a, g)
    }

    /// Whether Left, moving first, wins (the value is not ≤ 0).
    fn left_starts_and_wins(board: &str) -> bool {
        let mut a = Arena::new();
        let g = Solver::new().value(&mut a, &Konane::parse(board).unwrap());
        let zero = a.zero();
        !a.le(g, zero)
    }

    #[test]
    fn small_positions_have_these_values() {
        // By hand. xo.: Left jumps to ..x (0), Right has no jump: {0|} = 1; the same
        // seen from the other side, and with room behind.
        assert_eq!(value_text("xo."), "1");
        assert_eq!(value_text(".ox"), "1");
        assert_eq!(value_text("..ox"), "1");
        assert_eq!(value_text(".xo"), "-1");
        // .ox.: Left jumps to x... and Right to ...o, both 0: {0|0} = *.
        assert_eq!(value_text(".ox."), "*");
        // xo.o: Left jumps to ..xo = {|0} = −1, Right has no jump: {−1|} = 0.
        assert_eq!(value_text("xo.o"), "0");
        // xo.o.: Left jumps once to ..xo. = {0|0} = * or twice to ....x = 0:
        // {0,*|} = 1.
        assert_eq!(value_text("xo.o."), "1");
        // A row of 64 squares, at either end: the stone at the edge cannot be jumped.
        assert_eq!(value_text(&format!("xo{}", ".".repeat(62))), "1");
        assert_eq!(value_text(&format!("{}ox", ".".repeat(62))), "1");
        assert_eq!(value_text(&format!("{}xo", ".".repeat(62))), "-1");
        // Nothing to jump: 0.
        assert_eq!(value_text("x.o|.x.|o.x"), "0");
        assert_eq!(value_text("xxoo"), "0");
        // Another implementation (cgt-tools, its Konane tests) gives these too.
        assert_eq!(value_text(".ox.|o..x|...."), "+-1");
    }

    /// Norvig's "Mel's Konane board" (pytudes, 2021) solved the square boards with two
    /// stones taken from a corner or from the middle, Black (Left, `x`) moving first:
    /// White wins on 4×4 (so the value is at most 0), Black on 5×5.
    #[test]
    fn who_wins_the_opening_boards() {
        assert!(!left_starts_and_wins("..xo|oxox|xoxo|oxox"));
        assert!(!left_starts_and_wins("xoxo|oxox|x..o|oxox"));
    }

    /// The 5×5 boards of the same table (about 5 s in release, minutes in debug).
    #[test]
    #[ignore]
    fn who_wins_the_five_by_five_opening_boards() {
        assert!(left_starts_and_wins("..xox|oxoxo|xoxox|oxoxo|xoxox"));
        assert!(left_starts_and_wins("xoxox|oxoxo|x..ox|oxoxo|xoxox"));
    }

    /// Steps of two reach every square of a class when there are enough of them: the
    /// short cut of `Lines::two_steps` against stepping.
    #[test]
    fn enough_steps_of_two_reach_the_whole_class() {
        for (h, w) in [
            (1u32, 7u32),
            (2, 5),
            (3, 3),
            (4, 6),
            (5, 5),
            (8, 8),
            (1, 64),
        ] {
            let text = vec![".".repeat(w as usize); h as usize].join("|");
            let lines = Konane::parse(&text).unwrap().lines();
            for i in (0..h * w).step_by(3) {
                let k = (h + w - 1) / 2;
                let mut stepped = 1u64 << i;
                for _ in 0..k {
                    let before = stepped;
                    for d in 0..4 {
                        stepped |= lines.shift(lines.shift(before, d), d);
                    }
                }
                assert_eq!(lines.two_steps(1 << i, k), stepped, "{h}x{w} square {i}");
            }
        }
    }

    /// Groups and symmetries never change a value: every board of up to 3×3 squares and
    /// 1×8 with every filling, against the plain solver on the whole board.
    #[test]
    fn groups_and_symmetries_keep_the_value() {
        let mut a = Arena::new();
        let mut fast = Solver::new();
        let mut plain = Solver::new();
        for (h, w) in [(1usize, 8usize), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)] {
            let n = h * w;
            let mut count = 0;
            for code in 0..3u32.pow(n as u32) {
                let mut text = String::new();
                let mut k = code;
                for i in 0..n {
                    if i > 0 && i % w == 0 {
                        text.push('|');
                    }
                    text.push(['.', 'x', 'o'][(k % 3) as usize]);
                    k /= 3;
                }
                let p = Konane::parse(&text).unwrap();
                let g = fast.value(&mut a, &p);
                let want = plain.value(&mut a, &Whole(p));
                assert_eq!(g, want, "{text}");
                count += 1;
            }
            assert!(count > 0);
        }
    }

    /// Larger boards with a few pairs of stones here and there, where groups far apart
    /// still meet by jumping into the empty squares between them.
    #[test]
    fn groups_far_apart_keep_the_value() {
        let mut a = Arena::new();
        let mut fast = Solver::new();
        let mut plain = Solver::new();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut random = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut split = 0;
        for round in 0..300 {
            let (h, w) = [(4usize, 5usize), (5, 6), (3, 8), (1, 14), (2, 10)][round % 5];
            let mut cells = vec!['.'; h * w];
            // Three or four pairs side by side, and a stray stone.
            for _ in 0..3 + random(2) {
                let (r, c) = (random(h), random(w));
                let (r2, c2) = if random(2) == 0 || h == 1 {
                    (r, (c + 1).min(w - 1))
                } else {
                    ((r + 1).min(h - 1), c)
                };
                let (p, q) = if random(2) == 0 {
                    ('x', 'o')
                } else {
                    ('o', 'x')
                };
                cells[r * w + c] = p;
                cells[r2 * w + c2] = q;
            }
            cells[random(h * w)] = ['x', 'o'][random(2)];
            let text = cells
                .chunks(w)
                .map(|row| row.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|");
            let p = Konane::parse(&text).unwrap();
            if p.components().len() > 1 {
                split += 1;
            }
            let g = fast.value(&mut a, &p);
            let want = plain.value(&mut a, &Whole(p));
            assert_eq!(g, want, "{text}");
        }
        assert!(split > 20, "{split}");
    }

    #[test]
    fn groups_that_can_meet_are_kept_together() {
        let parts = |board: &str| Konane::parse(board).unwrap().components().len();
        // The x of the first pair lands next to the o of the second.
        assert_eq!(parts("xo..ox"), 1);
        // Far enough apart: two groups.
        assert_eq!(parts("xo.|...|...|.ox"), 2);
        // The second pair's squares reach the top row, where the first pair's x lands:
        // one group.
        assert_eq!(parts("xo...|.....|..o..|..x..|....."), 1);
        // Stones that can never jump are left out.
        assert_eq!(parts("x.o.x|.....|o.x.o"), 0);
        // A group and its mirror image are one form.
        let a = Konane::parse("xo.|...").unwrap().components();
        let b = Konane::parse("...|.ox").unwrap().components();
        assert_eq!(a, b);
    }

    #[test]
    fn moves_are_told_by_their_squares() {
        let p = Konane::parse("xo.o.|.....").unwrap();
        let left: Vec<String> = p
            .left_options()
            .iter()
            .map(|o| p.describe_move(Side::Left, o))
            .collect();
        assert_eq!(left, ["a2-c2", "a2-e2"]);
        assert_eq!(p.left_options()[1].to_string(), "....x|.....");
        // The start: one jump each, into the two empty squares.
        let p = Konane::parse(START).unwrap();
        let tell = |side: Side, options: Vec<Konane>| -> Vec<String> {
            options.iter().map(|o| p.describe_move(side, o)).collect()
        };
        assert_eq!(tell(Side::Left, p.left_options()), ["a2-c2"]);
        assert_eq!(tell(Side::Right, p.right_options()), ["a3-c3"]);
        assert_eq!(p.game(), "konane");
        assert_eq!(
            crate::draw::partizan_text(&p, true).lines().next(),
            Some(" 4 x o x o")
        );
    }

    #[test]
    fn boards_are_read_with_their_mistakes_named() {
        assert_eq!(Konane::parse(START).unwrap().to_string(), START);
        let p = Konane::parse("\"xo.|.ox\"").unwrap();
        assert_eq!(Konane::parse(&p.notation()).unwrap(), p);
        let e = Konane::parse("xo|o").unwrap_err().to_string();
        assert!(e.contains("row 2 has 1 square, row 1 has 2 squares"), "{e}");
        let e = Konane::parse("xo|oq").unwrap_err().to_string();
        assert!(e.contains("`q` in row 2, column 2"), "{e}");
        assert!(Konane::parse(&"x".repeat(65)).is_err());
        assert!(Konane::parse(&["xoxoxoxo"; 8].join("|")).is_ok());
    }
}
