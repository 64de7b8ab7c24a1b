//! The parts of a figure a player points at: a match of a heap, a square of a board or a
//! strip, an edge of a Hackenbush picture; and which of them a move changes. A picture
//! marks each part with its name ([`Cell`]'s text), so a front end can find the moves
//! that change the part clicked without knowing any game's rules.

use super::figure::{Figure, Heap, Shape};
use serde::Serialize;
use std::fmt;

/// A part of a figure that a move can change.
///
/// Its text names it in a picture: `h2.3` (the third match of heap 2, counted from 1),
/// `s7` (square 7, counted from 0 row by row), `e4` (edge 4, counted from 0).
///
/// ```
/// use nimlab::games::Cell;
/// assert_eq!(Cell::Match { heap: 2, index: 3 }.to_string(), "h2.3");
/// assert_eq!(Cell::Square(7).to_string(), "s7");
/// assert_eq!(Cell::Edge(4).to_string(), "e4");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Cell {
    /// A match (coin) of a heap: the heap's number (its place from 1 when it has none),
    /// the match's place from 1.
    Match {
        /// The heap.
        heap: u64,
        /// The match, from 1.
        index: u64,
    },
    /// A square of a board (row by row from the top left) or of a strip, from 0.
    Square(usize),
    /// An edge of a Hackenbush picture, in the figure's order, from 0.
    Edge(usize),
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Match { heap, index } => write!(f, "h{heap}.{index}"),
            Cell::Square(i) => write!(f, "s{i}"),
            Cell::Edge(i) => write!(f, "e{i}"),
        }
    }
}

/// The name a heap goes by among the cells: its number, or its place from 1.
pub fn heap_name(number: Option<u64>, place: usize) -> u64 {
    number.unwrap_or(place as u64 + 1)
}

impl Figure {
    /// The cells of this figure that differ in `after`, in order: the matches a heap loses
    /// (all of a heap's matches when it grows or is split so that its number is gone),
    /// the squares whose content changes, the edges that are gone. Figures of different
    /// shapes share no cell, so every cell of this one counts as changed.
    ///
    /// ```
    /// use nimlab::games::{Cell, Figure, Heap, Shape};
    /// let before = Figure::new(Shape::Heaps(Heap::numbered("heap", &[3, 5])));
    /// let after = Figure::new(Shape::Heaps(Heap::numbered("heap", &[3, 2])));
    /// let heap2 = |index| Cell::Match { heap: 2, index };
    /// assert_eq!(before.changes(&after), [heap2(3), heap2(4), heap2(5)]);
    /// ```
    pub fn changes(&self, after: &Figure) -> Vec<Cell> {
        match (&self.shape, &after.shape) {
            (Shape::Heaps(a), Shape::Heaps(b))
                if a.len() != b.len() && by_place(a) && by_place(b) =>
            {
                split_or_removed(a, b).unwrap_or_else(|| self.cells())
            }
            (Shape::Heaps(a), Shape::Heaps(b)) => {
                let size_after = |name: u64| {
                    b.iter()
                        .enumerate()
                        .find(|(i, h)| heap_name(h.number, *i) == name)
                        .map_or(0, |(_, h)| h.size)
                };
                let mut out = Vec::new();
                for (i, h) in a.iter().enumerate() {
                    let heap = heap_name(h.number, i);
                    let left = size_after(heap);
                    let from = if left > h.size { 0 } else { left };
                    if left != h.size {
                        out.extend((from + 1..=h.size).map(|index| Cell::Match { heap, index }));
                    }
                }
                out
            }
            (Shape::Board(a), Shape::Board(b)) if a.width == b.width => {
                squares(&a.squares, &b.squares)
            }
            (Shape::Strip(a), Shape::Strip(b)) => squares(&a.squares, &b.squares),
            (Shape::Graph(a), Shape::Graph(b)) => {
                let mut left: Vec<_> = b.edges.clone();
                let mut out = Vec::new();
                for (i, e) in a.edges.iter().enumerate() {
                    match left.iter().position(|x| x == e) {
                        Some(j) => {
                            left.swap_remove(j);
                        }
                        None => out.push(Cell::Edge(i)),
                    }
                }
                out
            }
            _ => self.cells(),
        }
    }

    /// Every cell of this figure, in order.
    ///
    /// ```
    /// use nimlab::games::{Figure, Heap, Shape};
    /// let f = Figure::new(Shape::Heaps(Heap::numbered("heap", &[1, 2])));
    /// let names: Vec<String> = f.cells().iter().map(|c| c.to_string()).collect();
    /// assert_eq!(names, ["h1.1", "h2.1", "h2.2"]);
    /// ```
    pub fn cells(&self) -> Vec<Cell> {
        match &self.shape {
            Shape::Heaps(heaps) => heaps
                .iter()
                .enumerate()
                .flat_map(|(i, h)| {
                    let heap = heap_name(h.number, i);
                    (1..=h.size.min(super::MAX_DRAWN_WIDTH))
                        .map(move |index| Cell::Match { heap, index })
                })
                .collect(),
            Shape::Board(b) => (0..b.squares.len()).map(Cell::Square).collect(),
            Shape::Strip(s) => (0..s.squares.len()).map(Cell::Square).collect(),
            Shape::Graph(g) => (0..g.edges.len()).map(Cell::Edge).collect(),
        }
    }
}

/// The squares whose content differs (a square past the end of either counts).
fn squares<T: PartialEq>(a: &[T], b: &[T]) -> Vec<Cell> {
    (0..a.len().max(b.len()))
        .filter(|&i| a.get(i) != b.get(i))
        .map(Cell::Square)
        .collect()
}

/// Whether heaps are named by their places (as the rows of a take-and-break game are),
/// rather than by numbers that stay with them (a Nim heap emptied is not drawn, and the
/// heaps after it keep their numbers).
fn by_place(heaps: &[Heap]) -> bool {
    heaps
        .iter()
        .enumerate()
        .all(|(i, h)| heap_name(h.number, i) == i as u64 + 1)
}

/// The matches a take-and-break move changes, when it split a heap or removed one (so
/// that the heaps after it are one more or one fewer): the heaps before and after the
/// one moved in are unchanged, and the heaps in between are what is left of it, in
/// order. A row of `n` left as `a` and `b` loses the matches between them, `a + 1` to
/// `n - b`, or as well read from its other end, `b + 1` to `n - a` (the same move); split
/// without losing any (Grundy's game), it changes from match `a + 1` on; taken whole,
/// every match. `None` when the change is not one heap's.
///
/// ```
/// use nimlab::games::{Cell, Figure, Heap, Shape};
/// // Kayles: the second pin (or the fourth) of a row of 5 knocked down leaves 1 and 3.
/// let before = Figure::new(Shape::Heaps(Heap::numbered("heap", &[5, 7])));
/// let after = Figure::new(Shape::Heaps(Heap::numbered("heap", &[1, 3, 7])));
/// let pin = |index| Cell::Match { heap: 1, index };
/// assert_eq!(before.changes(&after), [pin(2), pin(4)]);
/// ```
fn split_or_removed(a: &[Heap], b: &[Heap]) -> Option<Vec<Cell>> {
    let same = |x: &Heap, y: &Heap| x.size == y.size;
    let prefix = a.iter().zip(b).take_while(|(x, y)| same(x, y)).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| same(x, y))
        .count();
    let [moved] = &a[prefix..a.len() - suffix] else {
        return None;
    };
    let parts: Vec<u64> = b[prefix..b.len() - suffix].iter().map(|h| h.size).collect();
    let n = moved.size;
    let first = parts.first().copied().unwrap_or(0);
    let kept = parts.iter().sum::<u64>();
    let mut taken: Vec<u64> = match parts.len() {
        0 => (1..=n).collect(),
        _ if kept > n || first > n => (1..=n).collect(),
        1 => (first + 1..=n).collect(),
        _ if kept == n => (first + 1..=n).collect(),
        _ => (first + 1..=first + (n - kept)).collect(),
    };
    // Rows of `a` and `b` are rows of `b` and `a`: the game lists the two as one move,
    // so the matches taken from the row's other end are this move's too.
    if let [_, second] = parts[..] {
        if kept < n {
            taken.extend(second + 1..=second + (n - kept));
            taken.sort_unstable();
            taken.dedup();
        }
    }
    let heap = heap_name(moved.number, prefix);
    Some(
        taken
            .into_iter()
            .filter(|&i| i <= super::MAX_DRAWN_WIDTH)
            .map(|index| Cell::Match { heap, index })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Arg, Catalogue, Game};

    /// The figure of the one part of a game written as on the command line.
    fn figure(words: &[&str]) -> Figure {
        let args: Vec<Arg> = words
            .iter()
            .enumerate()
            .map(|(i, w)| Arg::new(w, i + 1))
            .collect();
        match Catalogue::standard().parse_game(&args).unwrap() {
            Game::Impartial(s) => s.parts[0].figure().unwrap(),
            Game::Partizan(s) => s.parts[0].figure().unwrap(),
            Game::Infinite(_) => panic!("no figure"),
        }
    }

    #[test]
    fn a_domino_changes_its_two_squares() {
        // Domineering on 2×2, Left's vertical domino in column a: squares 0 and 2.
        let before = figure(&["domineering", "..|.."]);
        let after = figure(&["domineering", "#.|#."]);
        assert_eq!(before.changes(&after), [Cell::Square(0), Cell::Square(2)]);
    }

    #[test]
    fn a_cut_edge_and_the_edges_that_fall_with_it_change() {
        // A stalk of three edges cut at the middle one: the top two are gone.
        let before = figure(&["hackenbush", "0-1b 1-2b 2-3r"]);
        let after = figure(&["hackenbush", "0-1b"]);
        assert_eq!(before.changes(&after), [Cell::Edge(1), Cell::Edge(2)]);
    }

    #[test]
    fn every_nim_move_changes_the_matches_it_takes() {
        // Brute force over every move of nim 3 5 7: the cells changed are the matches
        // taken, the last ones of the heap moved in.
        let sizes = [3u64, 5, 7];
        let before = figure(&["nim", "3", "5", "7"]);
        for heap in 0..3 {
            for left in 0..sizes[heap] {
                let mut after = sizes;
                after[heap] = left;
                let words: Vec<String> = after.iter().map(u64::to_string).collect();
                let mut all = vec!["nim"];
                all.extend(words.iter().map(String::as_str));
                let changed = before.changes(&figure(&all));
                let expected: Vec<Cell> = (left + 1..=sizes[heap])
                    .map(|index| Cell::Match {
                        heap: heap as u64 + 1,
                        index,
                    })
                    .collect();
                assert_eq!(changed, expected, "heap {} to {left}", heap + 1);
            }
        }
    }

    #[test]
    fn a_kayles_move_changes_the_pins_it_knocks_down() {
        // Brute force over every Kayles move from the rows 5 and 7: knocking down pins
        // i+1..=i+k (k = 1, 2) of the row of 5 leaves rows of i and 5 - i - k, and the
        // cells changed are those pins, or their mirror image, or both (the game lists
        // a row read from either end as one move).
        let before = figure(&["kayles", "5", "7"]);
        for k in 1..=2u64 {
            for i in 0..=5 - k {
                let rest = 5 - i - k;
                let mut words = vec!["kayles".to_string()];
                words.extend([i, rest].iter().filter(|&&r| r > 0).map(u64::to_string));
                words.push("7".into());
                let all: Vec<&str> = words.iter().map(String::as_str).collect();
                let changed = before.changes(&figure(&all));
                let pins = |from: u64| -> Vec<Cell> {
                    (from + 1..=from + k)
                        .map(|index| Cell::Match { heap: 1, index })
                        .collect()
                };
                let mut both = pins(i);
                both.extend(pins(rest));
                both.sort();
                both.dedup();
                assert!(
                    [pins(i), pins(rest), both].contains(&changed),
                    "{words:?}: {changed:?}"
                );
                // Split in two, the row changes at both ends' pins.
                if i > 0 && rest > 0 {
                    let mut expected = pins(i.min(rest));
                    expected.extend(pins(i.max(rest)));
                    expected.dedup();
                    assert_eq!(changed, expected, "{words:?}");
                }
            }
        }
        // A row taken whole: its pins, and the row after it is untouched.
        let before = figure(&["kayles", "2", "7"]);
        let after = figure(&["kayles", "7"]);
        let row1 = |index| Cell::Match { heap: 1, index };
        assert_eq!(before.changes(&after), [row1(1), row1(2)]);
    }

    #[test]
    fn a_split_without_taking_changes_the_matches_from_the_split_on() {
        // Grundy's game: 7 split into 2 and 5 changes matches 3 to 7.
        let before = figure(&["grundy", "7"]);
        let after = figure(&["grundy", "2", "5"]);
        let expected: Vec<Cell> = (3..=7)
            .map(|index| Cell::Match { heap: 1, index })
            .collect();
        assert_eq!(before.changes(&after), expected);
    }

    #[test]
    fn an_emptied_nim_heap_is_the_one_changed() {
        // Nim 0 5 5: heap 2 taken whole leaves 0 0 5; heap 3 taken whole leaves 0 5 0.
        let before = figure(&["nim", "0", "5", "5"]);
        let heap = |heap| (1..=5).map(move |index| Cell::Match { heap, index });
        let after = figure(&["nim", "0", "0", "5"]);
        assert_eq!(before.changes(&after), heap(2).collect::<Vec<_>>());
        let after = figure(&["nim", "0", "5", "0"]);
        assert_eq!(before.changes(&after), heap(3).collect::<Vec<_>>());
    }

    #[test]
    fn figures_of_different_shapes_share_no_cell() {
        let heaps = Figure::new(Shape::Heaps(crate::games::Heap::numbered("heap", &[2])));
        let graph = figure(&["hackenbush", "0-1b"]);
        assert_eq!(heaps.changes(&graph), heaps.cells());
    }
}
