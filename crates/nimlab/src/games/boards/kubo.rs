//! Kubo (text 004): 27 pieces in nine stacks of three on a 3 × 3 square.
//!
//! Rules: a move takes 1, 2 or 3 pieces from one stack, or one piece from each of two
//! stacks that stand next to each other in one row or one column, or one piece from
//! each of the three stacks of a whole row or column. The player who cannot move loses
//! (normal play; `--misere` for the other rule).
//!
//! The text says only "or one each from stacks that stand next to each other
//! vertically or horizontally": `kubo` reads it as two or three stacks in a line, and
//! `kubo:2` as exactly two neighbouring stacks.
//!
//! Notation: the heights of the nine stacks, row by row from the top, as three groups
//! of three digits (`333/333/333`, the start) or nine numbers; a stack is named by its
//! column letter and row number as on a chessboard (`a1` bottom left, `c3` top right),
//! and a move by the stacks it takes from: `b2` (one piece), `b2x3` (three pieces from
//! b2), `a1-b1` (one from each), `a1-a3` (one from each stack of column a).
//!
//! The game is not a sum: a move may take from several stacks, so the values of all
//! 4^9 = 262,144 positions are worked out once, the first time one is asked for, in
//! increasing order of their heights read in base 4 (a move lowers that number), and
//! kept in a table of 256 KiB.
//!
//! Every position that is symmetric through the centre, with the centre stack empty, is
//! a second-player win: a move not touching the centre has a mirror image that it does
//! not touch, and a move cannot touch the empty centre. So the first player wins the
//! start by taking the whole centre stack, in both readings.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! for id in ["kubo", "kubo:2"] {
//!     let start = cat.parse_position(id, &["333/333/333"], 1).unwrap();
//!     let wins = start.moves_to_value(&nimlab::Nimber::from(0u64), 100).unwrap();
//!     assert!(wins.moves.iter().any(|m| m.to.notation() == "333/303/333"));
//! }
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};
use std::sync::OnceLock;

/// The most pieces in one stack.
pub const HEIGHT: u8 = 3;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::kubo::entry();
/// assert_eq!(e.name, "kubo");
/// let p = (e.build)(None, &nimlab::games::args::number(&["000/010/000"], 2)).unwrap();
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(1u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "kubo",
        usage: "kubo[:2]",
        summary: "nine stacks of three on a 3×3 square; take 1-3 from a stack, or one from each of two (or three) stacks in a line; `kubo:2` allows two stacks only",
        position: "the stack heights row by row from the top, e.g. `kubo 333/333/333` (the start) or nine numbers; stacks `a1` (bottom left) to `c3`, moves `b2`, `b2x3`, `a1-b1`, `a1-a3`",
        example: "kubo 333/333/333",
        start: "333/333/333",
        params: Params::Optional,
        build: |params, args| {
            let game = match params {
                None => Kubo { three: true },
                Some("2") => Kubo { three: false },
                Some(other) => {
                    return Err(Error::parameters(
                        format!("kubo:{other}"),
                        "write `kubo` (two or three stacks in a line) or `kubo:2` (two neighbouring stacks only)",
                    ))
                }
            };
            Ok(Box::new(Typed::new(game, read_stacks(args)?)))
        },
    }
}

/// The heights of the nine stacks, row by row from the top (index 3·row + column).
pub type Stacks = [u8; 9];

/// The lines of two neighbouring stacks and of three, as stack indices.
const PAIRS: [[usize; 2]; 12] = [
    [0, 1],
    [1, 2],
    [3, 4],
    [4, 5],
    [6, 7],
    [7, 8],
    [0, 3],
    [3, 6],
    [1, 4],
    [4, 7],
    [2, 5],
    [5, 8],
];
const TRIPLES: [[usize; 3]; 6] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
];

/// The number of positions: four heights (0 to 3) for each of nine stacks.
const POSITIONS: usize = 1 << 18;

/// The value of every one of the 4^9 positions under one reading of the rules, indexed
/// by [`ImpartialGame::dense_index`] (stack i's height in bits 16 − 2i and 17 − 2i),
/// computed once and kept for the rest of the run.
///
/// Every move lowers some heights and raises none, so it lowers the index: the positions
/// are valued in increasing order of their index, each by the mex of its options. A move
/// taking one piece from each stack of a line lowers the index by the sum of the stacks'
/// units (`delta` below); it is allowed when each of those stacks is not empty, that is
/// when `delta` is within the mask of the non-empty stacks' low bits. A value is below
/// 64: a position has at most 9 · 3 + 12 + 6 = 45 moves. A position's value is written
/// at its seven images under the square's symmetries too (those not yet reached are not
/// searched again).
fn table(three: bool) -> &'static [u8] {
    static TABLES: [OnceLock<Vec<u8>>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[usize::from(three)].get_or_init(|| {
        const UNKNOWN: u8 = u8::MAX;
        let images: Vec<Image> = symmetries().iter().map(Image::new).collect();
        let unit = |i: usize| 1usize << (2 * (8 - i));
        let mut lines: Vec<usize> = PAIRS.iter().map(|p| unit(p[0]) + unit(p[1])).collect();
        if three {
            lines.extend(TRIPLES.iter().map(|t| unit(t[0]) + unit(t[1]) + unit(t[2])));
        }
        let mut value = vec![UNKNOWN; POSITIONS];
        value[0] = 0;
        for index in 1..POSITIONS {
            if value[index] != UNKNOWN {
                continue;
            }
            let mut seen = 0u64;
            for i in 0..9 {
                let shift = 2 * (8 - i);
                for take in 1..=(index >> shift & 3) {
                    seen |= 1 << value[index - (take << shift)];
                }
            }
            let filled = (index | index >> 1) & 0x15555;
            for &delta in &lines {
                if delta & filled == delta {
                    seen |= 1 << value[index - delta];
                }
            }
            let v = (!seen).trailing_zeros() as u8;
            value[index] = v;
            for image in &images {
                value[image.of(index)] = v;
            }
        }
        value
    })
}

/// The seven symmetries of the square other than the identity (three rotations, four
/// reflections), each as the stack that every stack goes to. Each sends neighbours to
/// neighbours and lines to lines, so it sends moves to moves and a position to one of
/// the same value.
fn symmetries() -> Vec<[usize; 9]> {
    let mut out = Vec::new();
    for turn in 0..4 {
        for reflect in [false, true] {
            if turn == 0 && !reflect {
                continue;
            }
            let mut map = [0; 9];
            for (i, to) in map.iter_mut().enumerate() {
                let (mut r, mut c) = (i / 3, i % 3);
                for _ in 0..turn {
                    (r, c) = (c, 2 - r);
                }
                if reflect {
                    c = 2 - c;
                }
                *to = 3 * r + c;
            }
            out.push(map);
        }
    }
    out
}

/// A symmetry as three tables of 64 indices, one for each row of three stacks (six bits
/// of the index).
struct Image([[usize; 64]; 3]);

impl Image {
    fn new(map: &[usize; 9]) -> Image {
        let shift = |i: usize| 2 * (8 - i);
        let mut t = [[0; 64]; 3];
        for (row, table) in t.iter_mut().enumerate() {
            for (bits, entry) in table.iter_mut().enumerate() {
                for k in 0..3 {
                    let i = 3 * row + k;
                    // Stack i's height sits at bits 2(2 − k) of its row's six.
                    let h = bits >> (2 * (2 - k)) & 3;
                    *entry |= h << shift(map[i]);
                }
            }
        }
        Image(t)
    }

    fn of(&self, index: usize) -> usize {
        self.0[0][index >> 12 & 63] | self.0[1][index >> 6 & 63] | self.0[2][index & 63]
    }
}

/// Reads the nine heights: three groups of three digits separated by `/` or spaces, or
/// nine numbers.
///
/// ```
/// use nimlab::games::{args::number, kubo::read_stacks};
/// assert_eq!(read_stacks(&number(&["333/303/333"], 1)).unwrap()[4], 0);
/// let err = read_stacks(&number(&["334/333/333"], 1)).unwrap_err();
/// assert!(err.to_string().contains("0 to 3"));
/// ```
///
/// # Errors
/// [`Error::Parse`] naming the token for a height above 3, a character that is not a
/// digit, or a count of stacks other than nine.
pub fn read_stacks(args: &[Arg<'_>]) -> Result<Stacks> {
    let Some(first) = args.first() else {
        return Err(Error::missing(
            "the stacks are missing",
            "nine heights from 0 to 3, row by row from the top, e.g. `333/333/333`",
        ));
    };
    let mut heights = Vec::new();
    for arg in args {
        for ch in arg.text.chars() {
            match ch.to_digit(10) {
                Some(d) if d <= u32::from(HEIGHT) => heights.push((d as u8, arg)),
                Some(_) => return Err(arg.error("stack heights from 0 to 3")),
                None if ch == '/' || ch == ',' => {}
                None => return Err(arg.error(format!("stack heights from 0 to 3, not `{ch}`"))),
            }
        }
    }
    if heights.len() != 9 {
        let at = heights.get(9).map_or(args.last().unwrap_or(first), |h| h.1);
        return Err(at.error(format!(
            "nine stack heights (three rows of three); there are {}",
            heights.len()
        )));
    }
    let mut stacks = [0; 9];
    for (s, (h, _)) in stacks.iter_mut().zip(heights) {
        *s = h;
    }
    Ok(stacks)
}

/// The game Kubo; `three` allows taking from the three stacks of a whole line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kubo {
    /// Whether one piece may be taken from each of three stacks in a line.
    pub three: bool,
}

/// The name of stack `i` (row by row from the top): `a3` … `c1`.
pub fn stack_name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 3) as u8) as char, 3 - i / 3)
}

impl ImpartialGame for Kubo {
    type Position = Stacks;

    fn options(&self, s: &Stacks, out: &mut Vec<Stacks>) {
        for i in 0..9 {
            for take in 1..=s[i] {
                let mut next = *s;
                next[i] -= take;
                out.push(next);
            }
        }
        for pair in PAIRS {
            if pair.iter().all(|&i| s[i] > 0) {
                let mut next = *s;
                pair.iter().for_each(|&i| next[i] -= 1);
                out.push(next);
            }
        }
        if self.three {
            for triple in TRIPLES {
                if triple.iter().all(|&i| s[i] > 0) {
                    let mut next = *s;
                    triple.iter().for_each(|&i| next[i] -= 1);
                    out.push(next);
                }
            }
        }
    }

    /// The value from the table of every position (see the module's notes); `None` for
    /// a stack higher than 3.
    fn closed_form(&self, s: &Stacks) -> Option<u64> {
        if s.iter().any(|&h| h > HEIGHT) {
            return None;
        }
        let index = self.dense_index(s)?;
        Some(u64::from(table(self.three)[index]))
    }

    fn dense_index(&self, s: &Stacks) -> Option<usize> {
        Some(s.iter().fold(0, |acc, &h| 4 * acc + usize::from(h)))
    }
}

impl Rules for Kubo {
    fn id(&self) -> String {
        if self.three { "kubo" } else { "kubo:2" }.to_string()
    }

    fn format(&self, s: &Stacks) -> String {
        s.chunks(3)
            .map(|row| row.iter().map(|h| h.to_string()).collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }

    fn read_move(&self, s: &Stacks, text: &str) -> Option<std::result::Result<Stacks, String>> {
        let text = text.trim().to_lowercase();
        let index = |name: &str| (0..9).find(|&i| stack_name(i) == name.trim());
        if let Some((name, k)) = text.split_once('x') {
            let i = index(name)?;
            let k: u8 = k.trim().parse().ok()?;
            return Some(if k == 0 || k > HEIGHT {
                Err("take 1, 2 or 3 pieces from one stack".to_string())
            } else if k > s[i] {
                Err(format!("{} has only {}", stack_name(i), s[i]))
            } else {
                let mut next = *s;
                next[i] -= k;
                Ok(next)
            });
        }
        let mut chosen: Vec<usize> = text.split('-').map(index).collect::<Option<_>>()?;
        chosen.sort_unstable();
        if let [a, b] = chosen[..] {
            // `a1-a3`: the whole column or row between them.
            if !PAIRS.iter().any(|p| p == &[a, b]) {
                if let Some(t) = TRIPLES.iter().find(|t| t[0] == a && t[2] == b) {
                    chosen = t.to_vec();
                }
            }
        }
        let legal = match chosen.len() {
            1 => true,
            2 => PAIRS.iter().any(|p| p[..] == chosen[..]),
            3 => self.three && TRIPLES.iter().any(|t| t[..] == chosen[..]),
            _ => false,
        };
        if !legal {
            return Some(Err(if self.three {
                "take from one stack, or one from each of two or three stacks in a line".to_string()
            } else {
                "take from one stack, or one from each of two neighbouring stacks".to_string()
            }));
        }
        if let Some(&i) = chosen.iter().find(|&&i| s[i] == 0) {
            return Some(Err(format!("{} is empty", stack_name(i))));
        }
        let mut next = *s;
        chosen.iter().for_each(|&i| next[i] -= 1);
        Some(Ok(next))
    }

    /// The heights of the nine stacks.
    fn figure(&self, s: &Stacks) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Board, Figure, Shape, Square};
        let squares = s.iter().map(|&h| Square::Count(u64::from(h))).collect();
        Some(Figure::new(Shape::Board(Board::lettered(3, 3, squares))))
    }

    fn describe(&self, from: &Stacks, to: &Stacks) -> String {
        let changed: Vec<usize> = (0..9).filter(|&i| from[i] != to[i]).collect();
        match changed.as_slice() {
            [i] => {
                let n = from[*i] - to[*i];
                format!(
                    "take {n} from {}{}",
                    stack_name(*i),
                    if to[*i] == 0 { ", emptying it" } else { "" }
                )
            }
            _ => format!(
                "take one from each of {}",
                changed
                    .iter()
                    .map(|&i| stack_name(i))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    #[test]
    fn a_line_of_single_pieces_and_lone_stacks_have_the_values_of_their_moves() {
        let mut three = GrundySolver::new(Kubo { three: true });
        let mut two = GrundySolver::new(Kubo { three: false });
        // One stack of h: take 1 to h, the subtraction game 1-3: value h.
        for h in 0..=3 {
            let mut s = [0; 9];
            s[4] = h;
            assert_eq!(three.value(&s).unwrap(), u64::from(h));
        }
        // Two pieces side by side: take either (a lone piece, 1) or both (0): value 2.
        let pair = [1, 1, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(three.value(&pair).unwrap(), 2);
        // Three in a row: an end piece (leaving a pair, 2), the middle one (two lone
        // pieces, 0), a pair (a lone piece, 1), and with the triple move all (0): the
        // options have 0, 1 and 2 either way, so the value is 3.
        let row = [1, 1, 1, 0, 0, 0, 0, 0, 0];
        assert_eq!(three.value(&row).unwrap(), 3);
        assert_eq!(two.value(&row).unwrap(), 3);
    }

    #[test]
    fn positions_symmetric_through_the_empty_centre_are_second_player_wins() {
        for three in [true, false] {
            let mut solver = GrundySolver::new(Kubo { three });
            for code in 0..4usize.pow(4) {
                let mut s = [0u8; 9];
                for i in 0..4 {
                    let h = (code >> (2 * i) & 3) as u8;
                    s[i] = h;
                    s[8 - i] = h;
                }
                assert_eq!(solver.value(&s).unwrap(), 0, "{s:?}");
                // With a centre stack, taking it whole wins: the value is not 0.
                for centre in 1..=3 {
                    s[4] = centre;
                    assert_ne!(solver.value(&s).unwrap(), 0, "{s:?}");
                }
            }
        }
    }

    #[test]
    fn the_table_search_agrees_with_the_hash_map_search() {
        // The solver's table (dense index) against a plain hash-map memo.
        struct Plain(Kubo);
        impl ImpartialGame for Plain {
            type Position = Stacks;
            fn options(&self, s: &Stacks, out: &mut Vec<Stacks>) {
                self.0.options(s, out)
            }
        }
        for three in [true, false] {
            let mut table = GrundySolver::new(Kubo { three });
            let mut plain = GrundySolver::new(Plain(Kubo { three }));
            for code in (0..4usize.pow(9)).step_by(97) {
                let mut s = [0u8; 9];
                let mut c = code;
                for h in s.iter_mut().rev() {
                    *h = (c % 4) as u8;
                    c /= 4;
                }
                assert_eq!(table.value(&s).unwrap(), plain.value(&s).unwrap(), "{s:?}");
            }
        }
    }

    /// The groups of stacks a move takes one from each of, found afresh from the square:
    /// stack i stands at row i / 3 and column i % 3; two stacks at distance 1, or
    /// (`three`) three stacks sharing a row or a column. Found once for each rule.
    fn groups_by_square(three: bool) -> &'static [Vec<usize>] {
        static GROUPS: [std::sync::OnceLock<Vec<Vec<usize>>>; 2] =
            [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
        GROUPS[usize::from(three)].get_or_init(|| {
            let at = |i: usize| ((i / 3) as i32, (i % 3) as i32);
            let mut groups = Vec::new();
            for a in 0..9 {
                for b in a + 1..9 {
                    let ((ra, ca), (rb, cb)) = (at(a), at(b));
                    if (ra - rb).abs() + (ca - cb).abs() == 1 {
                        groups.push(vec![a, b]);
                    }
                    for c in b + 1..9 {
                        let (rc, cc) = at(c);
                        if three && ((ra == rb && rb == rc) || (ca == cb && cb == cc)) {
                            groups.push(vec![a, b, c]);
                        }
                    }
                }
            }
            groups
        })
    }

    /// The moves found afresh from the square: a move takes 1 to 3 from one stack, or one
    /// from each stack of a group ([`groups_by_square`]).
    fn moves_by_square(s: &Stacks, three: bool) -> Vec<Stacks> {
        let mut out = Vec::new();
        for a in 0..9 {
            for take in 1..=s[a] {
                let mut next = *s;
                next[a] -= take;
                out.push(next);
            }
        }
        for g in groups_by_square(three) {
            if g.iter().all(|&i| s[i] > 0) {
                let mut next = *s;
                g.iter().for_each(|&i| next[i] -= 1);
                out.push(next);
            }
        }
        out
    }

    fn brute(s: Stacks, three: bool, memo: &mut std::collections::HashMap<Stacks, u64>) -> u64 {
        if let Some(&v) = memo.get(&s) {
            return v;
        }
        let options: Vec<u64> = moves_by_square(&s, three)
            .into_iter()
            .map(|o| brute(o, three, memo))
            .collect();
        let v = (0..).find(|v| !options.contains(v)).unwrap_or(0);
        memo.insert(s, v);
        v
    }

    fn random_stacks(n: usize) -> Vec<Stacks> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        (0..n)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let mut s = [0u8; 9];
                for (i, h) in s.iter_mut().enumerate() {
                    *h = (state >> (2 * i) & 3) as u8;
                }
                s
            })
            .collect()
    }

    #[test]
    fn the_symmetries_are_seven_distinct_maps_that_keep_the_moves() {
        let maps = symmetries();
        assert_eq!(maps.len(), 7);
        let mut seen = vec![[0, 1, 2, 3, 4, 5, 6, 7, 8]];
        for map in &maps {
            let image = Image::new(map);
            let mut sorted = *map;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
            assert!(!seen.contains(map));
            seen.push(*map);
            for s in random_stacks(200) {
                let mut moved = [0; 9];
                for i in 0..9 {
                    moved[map[i]] = s[i];
                }
                let game = Kubo { three: true };
                assert_eq!(
                    image.of(game.dense_index(&s).unwrap()),
                    game.dense_index(&moved).unwrap()
                );
                // The options of the image are the images of the options.
                let mut a = Vec::new();
                game.options(&moved, &mut a);
                let mut b: Vec<Stacks> = Vec::new();
                game.options(&s, &mut b);
                let mut b: Vec<Stacks> = b
                    .iter()
                    .map(|o| {
                        let mut m = [0; 9];
                        for i in 0..9 {
                            m[map[i]] = o[i];
                        }
                        m
                    })
                    .collect();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn the_moves_and_the_table_agree_with_the_square_and_the_mex_rule() {
        for three in [true, false] {
            let game = Kubo { three };
            let mut memo = std::collections::HashMap::new();
            let mut search = GrundySolver::without_closed_forms(game);
            let mut positions = random_stacks(2000);
            positions.extend([[0; 9], [3; 9], [3, 3, 3, 3, 0, 3, 3, 3, 3]]);
            for s in positions {
                let mut options = Vec::new();
                game.options(&s, &mut options);
                let mut expected = moves_by_square(&s, three);
                options.sort_unstable();
                expected.sort_unstable();
                assert_eq!(options, expected, "{s:?}");
                let table = game.closed_form(&s).unwrap();
                assert_eq!(table, brute(s, three, &mut memo), "{s:?}");
                assert_eq!(table, search.value(&s).unwrap(), "{s:?}");
            }
            // The start is won by taking the centre stack (the module's notes).
            assert_ne!(game.closed_form(&[3; 9]), Some(0));
            assert_eq!(game.closed_form(&[3, 3, 3, 3, 0, 3, 3, 3, 3]), Some(0));
            assert_eq!(game.closed_form(&[4, 0, 0, 0, 0, 0, 0, 0, 0]), None);
        }
    }

    #[test]
    fn stacks_are_read_and_named() {
        use crate::games::args::number;
        let s = read_stacks(&number(&["1", "2", "3", "0", "0", "0", "3", "2", "1"], 1)).unwrap();
        assert_eq!(Kubo { three: true }.format(&s), "123/000/321");
        assert_eq!(stack_name(0), "a3");
        assert_eq!(stack_name(8), "c1");
        let err = read_stacks(&number(&["333/333"], 2))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("nine stack heights") && err.contains("there are 6"),
            "{err}"
        );
        assert!(read_stacks(&number(&["33a/333/333"], 2))
            .unwrap_err()
            .to_string()
            .contains("not `a`"));
    }
}
