//! Nineteen (Dziewiętnaście, text 004): 19 pieces on a regular hexagon.
//!
//! Rules: the pieces stand on the 19 points of a hexagon with rows of 3, 4, 5, 4 and 3
//! points, each point next to up to six others. A move takes one piece, or two pieces
//! next to each other, or three pieces each next to the other two (a small triangle).
//! The player who cannot move loses (normal play; `--misere` for the other rule).
//!
//! Notation: the rows from the top, `o` for a piece and `.` for an empty point,
//! separated by `/` or given as tokens: `ooo/oooo/ooooo/oooo/ooo` is the start. A point
//! is named by its place in its row (a letter from `a` on the left) and the row's number
//! from 1 at the top: `c3` is the centre. A move lists its points: `c3`, `c3-d3`,
//! `b2-c2-c3`.
//!
//! Pieces not joined by a chain of neighbours never meet in a move, so a position is
//! the sum of its connected groups. The values of all 2^19 positions are worked out
//! once, the first time one is asked for, in increasing order of the positions as bit
//! masks (every option and every group of a position is a smaller mask), and kept in a
//! table of 512 KiB.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let start = cat.parse_position("nineteen", &["ooo/oooo/ooooo/oooo/ooo"], 1).unwrap();
//! // Symmetric through the centre: taking the centre leaves a position the second
//! // player wins by mirroring, so the first player wins.
//! let wins = start.moves_to_value(&nimlab::Nimber::from(0u64), 100).unwrap();
//! assert!(wins.moves.iter().any(|m| m.to.notation() == "ooo/oooo/oo.oo/oooo/ooo"));
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};
use std::sync::OnceLock;

/// The number of points.
pub const POINTS: usize = 19;

/// The lengths of the rows, from the top.
pub const ROWS: [usize; 5] = [3, 4, 5, 4, 3];

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::nineteen::entry();
/// assert_eq!(e.name, "nineteen");
/// let p = (e.build)(None, &nimlab::games::args::number(&["oo./..../...../..../..."], 2)).unwrap();
/// // Two neighbours: take one (a lone piece, 1) or both (0): value 2.
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(2u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "nineteen",
        usage: "nineteen",
        summary: "19 pieces on a hexagon (rows 3-4-5-4-3); take one piece, two neighbours, or three that form a small triangle",
        position: "rows from the top as `o` (piece) and `.` (empty), e.g. `nineteen ooo/oooo/ooooo/oooo/ooo` (the start); points `c3` (letter in the row, row from the top), moves `c3`, `c3-d3`, `b2-c2-c3`",
        example: "nineteen ooo/oooo/ooooo/oooo/ooo",
        start: "ooo/oooo/ooooo/oooo/ooo",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(Nineteen, read_points(args)?))),
    }
}

/// The pieces: bit i for point i, the points numbered row by row from the top.
pub type Points = u32;

/// The point's axial coordinates (q, s) on the hexagon of radius 2: |q|, |s| and
/// |q + s| at most 2; row s + 2 from the top, q growing to the right.
fn coordinates() -> [(i32, i32); POINTS] {
    let mut out = [(0, 0); POINTS];
    let mut i = 0;
    for s in -2..=2 {
        for q in -2..=2i32 {
            if (q + s).abs() <= 2 {
                out[i] = (q, s);
                i += 1;
            }
        }
    }
    out
}

/// The moves as bit masks: single points, pairs of neighbours, small triangles.
pub fn moves() -> &'static [Points] {
    static MOVES: OnceLock<Vec<Points>> = OnceLock::new();
    MOVES.get_or_init(|| {
        let at = coordinates();
        let near = |a: usize, b: usize| {
            let (dq, ds) = (at[a].0 - at[b].0, at[a].1 - at[b].1);
            matches!(
                (dq, ds),
                (1, 0) | (-1, 0) | (0, 1) | (0, -1) | (1, -1) | (-1, 1)
            )
        };
        let mut out: Vec<Points> = (0..POINTS).map(|i| 1 << i).collect();
        for a in 0..POINTS {
            for b in a + 1..POINTS {
                if near(a, b) {
                    out.push(1 << a | 1 << b);
                }
            }
        }
        for a in 0..POINTS {
            for b in a + 1..POINTS {
                for c in b + 1..POINTS {
                    if near(a, b) && near(b, c) && near(a, c) {
                        out.push(1 << a | 1 << b | 1 << c);
                    }
                }
            }
        }
        out
    })
}

/// The name of point `i`: its letter in its row and the row from the top (`c3`).
pub fn point_name(i: usize) -> String {
    let mut first = 0;
    for (row, &len) in ROWS.iter().enumerate() {
        if i < first + len {
            return format!("{}{}", (b'a' + (i - first) as u8) as char, row + 1);
        }
        first += len;
    }
    format!("point {i}")
}

/// Reads the pieces: five rows of `o` and `.` (3, 4, 5, 4 and 3 long), separated by `/`
/// or given as tokens.
///
/// ```
/// use nimlab::games::{args::number, nineteen::read_points};
/// assert_eq!(read_points(&number(&["ooo/oooo/ooooo/oooo/ooo"], 1)).unwrap(), (1 << 19) - 1);
/// let err = read_points(&number(&["ooo/ooo/ooooo/oooo/ooo"], 1)).unwrap_err();
/// assert!(err.to_string().contains("row 2 of 4 points"));
/// ```
///
/// # Errors
/// [`Error::Parse`] naming the token for a row of the wrong length or a character other
/// than `o` and `.`; [`ParseError::Missing`](crate::ParseError::Missing) for no tokens.
pub fn read_points(args: &[Arg<'_>]) -> Result<Points> {
    if args.is_empty() {
        return Err(Error::missing(
            "the position is missing",
            "five rows of 3, 4, 5, 4 and 3 points, `o` for a piece and `.` for an empty point, e.g. `ooo/oooo/ooooo/oooo/ooo`",
        ));
    }
    let mut rows: Vec<(&Arg<'_>, &str)> = Vec::new();
    for arg in args {
        for row in arg.text.split('/') {
            rows.push((arg, row));
        }
    }
    if rows.len() != ROWS.len() {
        let at = rows.get(ROWS.len()).map_or(rows[rows.len() - 1].0, |r| r.0);
        return Err(at.error(format!(
            "five rows (3, 4, 5, 4 and 3 points); there are {}",
            rows.len()
        )));
    }
    let mut points = 0;
    let mut i = 0;
    for (r, ((arg, row), &len)) in rows.iter().zip(&ROWS).enumerate() {
        if row.chars().count() != len {
            return Err(arg.error(format!(
                "row {} of {len} points, `o` (a piece) or `.` (empty)",
                r + 1
            )));
        }
        for ch in row.chars() {
            match crate::games::piece(ch) {
                Some(true) => points |= 1 << i,
                Some(false) => {}
                None => {
                    return Err(arg.error(format!(
                        "row {}: `o` (a piece) or `.` (an empty point), not `{ch}`",
                        r + 1
                    )))
                }
            }
            i += 1;
        }
    }
    Ok(points)
}

/// The game Nineteen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nineteen;

/// The neighbours of the pieces of a mask, read from three tables of 256 masks (one for
/// each byte of the mask): `near[k][b]` holds the neighbours of the points of byte `b`
/// placed at byte `k`.
struct Near([[Points; 256]; 3]);

impl Near {
    fn get() -> &'static Near {
        static NEAR: OnceLock<Near> = OnceLock::new();
        NEAR.get_or_init(|| {
            let mut single = [0 as Points; POINTS];
            for &m in moves().iter().filter(|m| m.count_ones() == 2) {
                let (a, b) = (m.trailing_zeros(), (m & (m - 1)).trailing_zeros());
                single[a as usize] |= 1 << b;
                single[b as usize] |= 1 << a;
            }
            let mut near = [[0; 256]; 3];
            for (k, table) in near.iter_mut().enumerate() {
                for (byte, entry) in table.iter_mut().enumerate() {
                    for (bit, &n) in single.iter().enumerate().skip(8 * k).take(8) {
                        if byte >> (bit - 8 * k) & 1 != 0 {
                            *entry |= n;
                        }
                    }
                }
            }
            Near(near)
        })
    }

    /// The points next to some point of `mask` (for a mask of the 19 points).
    fn of(&self, mask: Points) -> Points {
        self.0[0][(mask & 0xff) as usize]
            | self.0[1][(mask >> 8 & 0xff) as usize]
            | self.0[2][(mask >> 16 & 0xff) as usize]
    }

    /// The group of the pieces of `points` joined to those of `seed` by a chain of
    /// neighbours, found by growing `seed` until it stops growing.
    fn group(&self, seed: Points, points: Points) -> Points {
        let mut group = seed & points;
        loop {
            let grown = (group | self.of(group)) & points;
            if grown == group {
                return group;
            }
            group = grown;
        }
    }
}

/// The groups of pieces joined by neighbours.
fn groups(points: Points) -> Vec<Points> {
    let near = Near::get();
    let mut left = points;
    let mut out = Vec::new();
    while left != 0 {
        let group = near.group(left & left.wrapping_neg(), left);
        left &= !group;
        out.push(group);
    }
    out
}

/// Every position with all 19 points.
const ALL: Points = (1 << POINTS) - 1;

/// The eleven symmetries of the hexagon other than the identity (five rotations, six
/// reflections), each as the point that every point goes to.
///
/// In cube coordinates (q, s, −q − s) a rotation by a sixth of a turn sends (x, y, z) to
/// (−z, −x, −y), and swapping y and z reflects. Each keeps the hexagon and its
/// neighbours, so it sends moves to moves and a position to one of the same value.
fn symmetries() -> Vec<[usize; POINTS]> {
    let at = coordinates();
    let index = |(q, s): (i32, i32)| at.iter().position(|&c| c == (q, s));
    let mut out = Vec::new();
    for turn in 0..6 {
        for reflect in [false, true] {
            if turn == 0 && !reflect {
                continue;
            }
            let mut map = [0; POINTS];
            for (i, &(q, s)) in at.iter().enumerate() {
                let (mut x, mut y, mut z) = (q, s, -q - s);
                for _ in 0..turn {
                    (x, y, z) = (-z, -x, -y);
                }
                if reflect {
                    (y, z) = (z, y);
                }
                debug_assert_eq!(x + y + z, 0);
                map[i] = index((x, y)).unwrap_or(i);
            }
            out.push(map);
        }
    }
    out
}

/// A symmetry as three tables of 256 masks, one for each byte of a position.
struct Image([[Points; 256]; 3]);

impl Image {
    fn new(map: &[usize; POINTS]) -> Image {
        let mut t = [[0; 256]; 3];
        for (k, table) in t.iter_mut().enumerate() {
            for (byte, entry) in table.iter_mut().enumerate() {
                for (bit, &to) in map.iter().enumerate().skip(8 * k).take(8) {
                    if byte >> (bit - 8 * k) & 1 != 0 {
                        *entry |= 1 << to;
                    }
                }
            }
        }
        Image(t)
    }

    fn of(&self, p: Points) -> Points {
        self.0[0][(p & 0xff) as usize]
            | self.0[1][(p >> 8 & 0xff) as usize]
            | self.0[2][(p >> 16 & 0xff) as usize]
    }
}

/// The value of every one of the 2^19 positions, indexed by the position, computed once
/// (in a few milliseconds) and kept for the rest of the run.
///
/// The positions are valued in increasing order, so every option (a subset) and every
/// group of a position (a subset) is valued before it: a position of two or more groups
/// gets the nim-sum of its first group's value and the rest's, a single group the mex of
/// its options' values, which is then written at its eleven images under the hexagon's
/// symmetries too (those not yet reached are not searched again). A value is below 128: a
/// mex is at most the number of moves (85), and a nim-sum of numbers below 128 is below
/// 128.
fn table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        const UNKNOWN: u8 = u8::MAX;
        let near = Near::get();
        let moves = moves();
        let images: Vec<Image> = symmetries().iter().map(Image::new).collect();
        let mut value = vec![UNKNOWN; 1 << POINTS];
        value[0] = 0;
        for p in 1..=ALL {
            if value[p as usize] != UNKNOWN {
                continue;
            }
            let first = near.group(p & p.wrapping_neg(), p);
            if first != p {
                value[p as usize] = value[first as usize] ^ value[(p & !first) as usize];
                continue;
            }
            let mut seen = 0u128;
            for &m in moves {
                if m & p == m {
                    seen |= 1 << value[(p & !m) as usize];
                }
            }
            let v = (!seen).trailing_zeros() as u8;
            value[p as usize] = v;
            for image in &images {
                value[image.of(p) as usize] = v;
            }
        }
        value
    })
}

impl ImpartialGame for Nineteen {
    type Position = Points;

    fn options(&self, &points: &Points, out: &mut Vec<Points>) {
        out.extend(
            moves()
                .iter()
                .filter(|&&m| m & points == m)
                .map(|&m| points & !m),
        );
    }

    /// The value from the table of every position (see the module's notes); `None` for a
    /// mask with bits beyond the 19 points.
    fn closed_form(&self, &points: &Points) -> Option<u64> {
        (points <= ALL).then(|| u64::from(table()[points as usize]))
    }

    fn components(&self, &points: &Points) -> Option<Vec<Points>> {
        let g = groups(points);
        (g.len() > 1).then_some(g)
    }

    fn dense_index(&self, &points: &Points) -> Option<usize> {
        Some(points as usize)
    }
}

impl Rules for Nineteen {
    fn id(&self) -> String {
        "nineteen".to_string()
    }

    fn format(&self, &points: &Points) -> String {
        let mut out = String::new();
        let mut i = 0;
        for (r, &len) in ROWS.iter().enumerate() {
            if r > 0 {
                out.push('/');
            }
            for _ in 0..len {
                out.push(if points >> i & 1 != 0 { 'o' } else { '.' });
                i += 1;
            }
        }
        out
    }

    fn read_move(
        &self,
        &points: &Points,
        text: &str,
    ) -> Option<std::result::Result<Points, String>> {
        let mut mask: Points = 0;
        for name in text.trim().to_lowercase().split('-') {
            let i = (0..POINTS).find(|&i| point_name(i) == name.trim())?;
            mask |= 1 << i;
        }
        Some(if mask & points != mask {
            Err("some of those points are empty".to_string())
        } else if !moves().contains(&mask) {
            Err("take one piece, two neighbours, or three that are all neighbours".to_string())
        } else {
            Ok(points & !mask)
        })
    }

    /// The nineteen points in their hexagon, rows numbered from the top.
    fn figure(&self, &points: &Points) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Board, Figure, Labels, Piece, Shape, Square};
        // Row r of `len` points starts 5 − len half-steps in: on a board of 9 columns its
        // points stand in every other column.
        let mut squares = vec![Square::Absent; 5 * 9];
        let mut i = 0;
        for (r, &len) in ROWS.iter().enumerate() {
            for k in 0..len {
                squares[r * 9 + (5 - len) + 2 * k] = if points >> i & 1 != 0 {
                    Square::Piece(Piece::Stone)
                } else {
                    Square::Empty
                };
                i += 1;
            }
        }
        let b = Board {
            width: 9,
            height: 5,
            squares,
            rows: Labels::Down(1),
            columns: Labels::None,
        };
        Some(Figure::new(Shape::Board(b)))
    }

    fn describe(&self, &from: &Points, &to: &Points) -> String {
        let taken: Vec<String> = (0..POINTS)
            .filter(|&i| (from & !to) >> i & 1 != 0)
            .map(point_name)
            .collect();
        format!("take {}", taken.join("-"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    #[test]
    fn the_hexagon_has_42_pairs_and_24_triangles() {
        // Pairs: in each of the three directions the lines have 3, 4, 5, 4 and 3 points,
        // so 2 + 3 + 4 + 3 + 2 = 14 pairs: 42. Triangles: a hexagon of side 2 is made of
        // 6 · 2² = 24 unit triangles.
        let m = moves();
        assert_eq!(m.iter().filter(|x| x.count_ones() == 1).count(), 19);
        assert_eq!(m.iter().filter(|x| x.count_ones() == 2).count(), 42);
        assert_eq!(m.iter().filter(|x| x.count_ones() == 3).count(), 24);
        assert_eq!(point_name(9), "c3");
        assert_eq!(point_name(18), "c5");
    }

    #[test]
    fn positions_symmetric_through_the_empty_centre_are_second_player_wins() {
        // Point i and point 18 − i are mirror images through the centre (point 9).
        let mut solver = GrundySolver::new(Nineteen);
        for half in 0u32..1 << 9 {
            let mut p = 0;
            for i in 0..9 {
                if half >> i & 1 != 0 {
                    p |= 1 << i | 1 << (18 - i);
                }
            }
            // A move never takes a point and its mirror image together (they are
            // never neighbours, and no triangle holds both), so mirroring answers it.
            assert_eq!(solver.value(&p).unwrap(), 0, "{p:b}");
            assert_ne!(solver.value(&(p | 1 << 9)).unwrap(), 0);
        }
    }

    /// The moves found afresh from a drawing of the board: point k of row r stands at
    /// column 2k + 5 − len on a grid of half-steps (as in the figure), and two points are
    /// neighbours when they stand two columns apart in one row, or one column apart in
    /// neighbouring rows.
    fn moves_by_drawing() -> Vec<Points> {
        let mut at = Vec::new();
        for (r, &len) in ROWS.iter().enumerate() {
            for k in 0..len {
                at.push((r as i32, (2 * k + 5 - len) as i32));
            }
        }
        let near = |a: usize, b: usize| {
            let (dr, dc) = ((at[a].0 - at[b].0).abs(), (at[a].1 - at[b].1).abs());
            (dr, dc) == (0, 2) || (dr, dc) == (1, 1)
        };
        let mut out = Vec::new();
        for a in 0..POINTS {
            out.push(1 << a);
            for b in a + 1..POINTS {
                if near(a, b) {
                    out.push(1 << a | 1 << b);
                    for c in b + 1..POINTS {
                        if near(a, c) && near(b, c) {
                            out.push(1 << a | 1 << b | 1 << c);
                        }
                    }
                }
            }
        }
        out
    }

    /// The value by the mex rule alone, over the moves of the drawing, without groups.
    fn brute(
        p: Points,
        moves: &[Points],
        memo: &mut std::collections::HashMap<Points, u64>,
    ) -> u64 {
        if let Some(&v) = memo.get(&p) {
            return v;
        }
        let options: Vec<u64> = moves
            .iter()
            .filter(|&&m| m & p == m)
            .map(|&m| brute(p & !m, moves, memo))
            .collect();
        let v = (0..).find(|v| !options.contains(v)).unwrap_or(0);
        memo.insert(p, v);
        v
    }

    /// Random positions from a fixed seed, with every density of pieces.
    fn random_positions(n: usize) -> Vec<Points> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..n)
            .map(|i| {
                // Pieces kept with chance 1/2, 3/4 or 7/8 as i mod 3 is 0, 1 or 2.
                let mut p = ALL;
                for _ in 0..=i % 3 {
                    p &= next() as Points;
                }
                if i % 3 > 0 {
                    p = ALL & !p;
                }
                p
            })
            .collect()
    }

    #[test]
    fn the_symmetries_are_eleven_distinct_maps_that_keep_the_moves() {
        let maps = symmetries();
        assert_eq!(maps.len(), 11);
        let mut all: Vec<Points> = moves().to_vec();
        all.sort_unstable();
        let mut seen = vec![(0..POINTS).collect::<Vec<_>>()];
        for map in &maps {
            let image = Image::new(map);
            // A permutation that fixes the centre.
            let mut sorted = map.to_vec();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..POINTS).collect::<Vec<_>>());
            assert_eq!(map[9], 9);
            let mut moved: Vec<Points> = all.iter().map(|&m| image.of(m)).collect();
            moved.sort_unstable();
            assert_eq!(moved, all);
            assert!(!seen.contains(&map.to_vec()));
            seen.push(map.to_vec());
        }
    }

    #[test]
    fn the_moves_match_a_drawing_of_the_board() {
        let mut mine = moves().to_vec();
        let mut drawn = moves_by_drawing();
        mine.sort_unstable();
        drawn.sort_unstable();
        assert_eq!(mine, drawn);
        for p in random_positions(3000) {
            let mut options = Vec::new();
            Nineteen.options(&p, &mut options);
            let mut expected: Vec<Points> = drawn
                .iter()
                .filter(|&&m| m & p == m)
                .map(|&m| p & !m)
                .collect();
            options.sort_unstable();
            expected.sort_unstable();
            assert_eq!(options, expected, "{p:b}");
            // The groups partition the pieces, and no pair of neighbours joins two.
            let g = groups(p);
            assert_eq!(g.iter().fold(0, |a, &b| a | b), p);
            assert_eq!(
                g.iter().map(|x| x.count_ones()).sum::<u32>(),
                p.count_ones()
            );
            for (i, &a) in g.iter().enumerate() {
                for &b in &g[i + 1..] {
                    assert!(!drawn
                        .iter()
                        .any(|&m| m.count_ones() == 2 && m & a != 0 && m & b != 0));
                }
            }
        }
    }

    #[test]
    fn the_table_agrees_with_the_mex_rule_alone_and_with_the_search() {
        let drawn = moves_by_drawing();
        let mut memo = std::collections::HashMap::new();
        let mut search = GrundySolver::without_closed_forms(Nineteen);
        let mut positions = random_positions(3000);
        positions.extend([0, 1, ALL, ALL & !(1 << 9), ALL & !1]);
        for p in positions {
            let table = Nineteen.closed_form(&p).unwrap();
            assert_eq!(table, brute(p, &drawn, &mut memo), "{p:b}");
            assert_eq!(table, search.value(&p).unwrap(), "{p:b}");
        }
        // The start is a first-player win by the centre (the module's example); the
        // search and the table give it the same value.
        assert_ne!(Nineteen.closed_form(&ALL), Some(0));
        assert_eq!(Nineteen.closed_form(&(ALL & !(1 << 9))), Some(0));
        assert_eq!(Nineteen.closed_form(&(1 << POINTS)), None);
    }
}
