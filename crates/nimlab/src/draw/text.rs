//! Positions drawn as text for a terminal: heaps as rows of matches, boards and strips
//! square by square, Hackenbush pictures as their edges by colour. Positions without a
//! figure are written in their notation.

use crate::games::hackenbush::Colour;
use crate::games::ruleset::PartizanPosition;
use crate::games::{
    column_name, Board, Figure, Game, Graph, Heap, Labels, PartizanSum, Piece, Position, Shape,
    Square, Strip, Sum, Things, MAX_DRAWN_WIDTH,
};

/// The most heaps drawn; the others are counted.
pub const DRAWN_HEAPS: usize = 40;

/// A figure drawn as text; `ascii` keeps to ASCII characters. The notes follow the
/// picture, one to a line.
///
/// ```
/// use nimlab::draw::figure_text;
/// use nimlab::games::{Figure, Heap, Shape};
/// let f = Figure::new(Shape::Heaps(vec![Heap::matches("heap", 1, 2), Heap::matches("heap", 3, 3)]));
/// assert_eq!(figure_text(&f, true).lines().collect::<Vec<_>>(), [
///     "heap  1: ||                   2",
///     "heap  3: |||                  3",
/// ]);
/// assert_eq!(figure_text(&Figure::new(Shape::Heaps(vec![])), true), "(every heap is empty)");
/// ```
pub fn figure_text(figure: &Figure, ascii: bool) -> String {
    let mut lines = match &figure.shape {
        Shape::Heaps(heaps) => heap_lines(heaps, ascii),
        Shape::Strip(strip) => strip_lines(strip, ascii),
        Shape::Board(board) => board_lines(board, ascii),
        Shape::Graph(graph) => graph_lines(graph),
    };
    lines.extend(figure.notes.iter().cloned());
    lines.join("\n")
}

/// A position of an impartial game drawn for a player: its figure, or its notation when
/// it has none.
///
/// ```
/// let cat = nimlab::games::Catalogue::standard();
/// let p = cat.parse_position("nimble", &["2", "4", "4"], 1).unwrap();
/// assert_eq!(nimlab::draw::position_text(&*p, true), "square 1 2 3 4\n       . o . 2");
/// ```
pub fn position_text(position: &dyn Position, ascii: bool) -> String {
    match position.figure() {
        Some(f) => figure_text(&f, ascii),
        None => position.notation(),
    }
}

/// A position of a partizan game drawn for a player, as [`position_text`].
///
/// ```
/// use nimlab::games::domineering::Domineering;
/// let p = Domineering::parse("..|.#").unwrap();
/// assert_eq!(nimlab::draw::partizan_text(&p, true), " 2 . .\n 1 . #\n   a b");
/// ```
pub fn partizan_text(position: &dyn PartizanPosition, ascii: bool) -> String {
    match position.figure() {
        Some(f) => figure_text(&f, ascii),
        None => position.notation(),
    }
}

/// A position of any game drawn for a player, part by part.
///
/// ```
/// let cat = nimlab::games::Catalogue::standard();
/// let sum = cat.parse_game(&nimlab::games::args::number(&["nim", "2", "+", "nim", "1"], 1)).unwrap();
/// assert_eq!(nimlab::draw::game_text(&sum, true), "part 1 (nim 2):\n  heap  1: ||                   2\npart 2 (nim 1):\n  heap  1: |                    1");
/// ```
pub fn game_text(game: &Game, ascii: bool) -> String {
    match game {
        Game::Impartial(sum) => sum_text(sum, ascii),
        Game::Partizan(sum) => partizan_sum_text(sum, ascii),
        // Columns with a repeated group are written, not drawn.
        Game::Infinite(p) => format!("hackenbush-string {p}"),
    }
}

/// A sum of impartial positions drawn part by part (one part drawn alone).
pub fn sum_text(sum: &Sum, ascii: bool) -> String {
    parts(
        sum.parts
            .iter()
            .map(|p| (p.game(), p.notation(), position_text(&**p, ascii))),
    )
}

/// A sum of partizan positions drawn part by part (one part drawn alone).
pub fn partizan_sum_text(sum: &PartizanSum, ascii: bool) -> String {
    parts(
        sum.parts
            .iter()
            .map(|p| (p.game(), p.notation(), partizan_text(&**p, ascii))),
    )
}

/// Parts `(game, notation, drawing)` under headers `part 1 (nim 3):`, or one part alone.
fn parts(parts: impl ExactSizeIterator<Item = (String, String, String)>) -> String {
    let many = parts.len() > 1;
    let mut out = Vec::new();
    for (i, (game, notation, drawn)) in parts.enumerate() {
        if !many {
            return drawn;
        }
        out.push(format!("part {} ({game} {notation}):", i + 1));
        out.extend(drawn.lines().map(|l| format!("  {l}")));
    }
    out.join("\n")
}

fn heap_lines(heaps: &[Heap], ascii: bool) -> Vec<String> {
    if heaps.is_empty() {
        return vec!["(every heap is empty)".to_string()];
    }
    let drawn = &heaps[..heaps.len().min(DRAWN_HEAPS)];
    let names: Vec<String> = drawn
        .iter()
        .map(|h| match h.number {
            Some(n) => format!("{} {n:>2}", h.name),
            None => h.name.clone(),
        })
        .collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let mut lines: Vec<String> = drawn
        .iter()
        .zip(names)
        .map(|(h, name)| {
            let row = things(h.of, h.size, ascii);
            format!("{name:<width$}: {row:<20} {}", h.size)
        })
        .collect();
    if heaps.len() > DRAWN_HEAPS {
        lines.push(format!("… and {} more", heaps.len() - DRAWN_HEAPS));
    }
    lines
}

/// `size` things in a row: matches, coins, or coins in a circle; their number past
/// [`MAX_DRAWN_WIDTH`].
fn things(of: Things, size: u64, ascii: bool) -> String {
    if size > MAX_DRAWN_WIDTH {
        return format!("({size})");
    }
    let n = size as usize;
    let coin = if ascii { "o" } else { "●" };
    match of {
        Things::Matches => (if ascii { "|" } else { "│" }).repeat(n),
        Things::Coins => vec![coin; n].join(" "),
        Things::Circle => {
            let (open, close) = if ascii { ("(", ")") } else { ("⟮", "⟯") };
            format!("{open}{}{close}", vec![coin; n].join(" "))
        }
    }
}

fn strip_lines(strip: &Strip, ascii: bool) -> Vec<String> {
    let mut header = strip.name.clone();
    let mut cells = " ".repeat(strip.name.chars().count());
    for (i, &sq) in (1..).zip(&strip.squares) {
        let cell = square(sq, ascii);
        let number = i.to_string();
        let width = number.len().max(cell.chars().count());
        header.push_str(&format!(" {number:>width$}"));
        cells.push_str(&format!(" {cell:>width$}"));
    }
    vec![header, cells]
}

fn board_lines(b: &Board, ascii: bool) -> Vec<String> {
    if b.width == 0 || b.height == 0 {
        return Vec::new();
    }
    let row_name = |r: u32| match b.rows {
        Labels::Up(first) => (first + u64::from(b.height - 1 - r)).to_string(),
        Labels::Down(first) => (first + u64::from(r)).to_string(),
        Labels::Letters => column_name(r),
        Labels::None => String::new(),
    };
    let width = match b.rows {
        Labels::None => 0,
        _ => (0..b.height)
            .map(|r| row_name(r).len())
            .max()
            .unwrap_or(0)
            .max(2),
    };
    let lead = |name: String| {
        if width == 0 {
            String::new()
        } else {
            format!("{name:>width$} ")
        }
    };
    let mut lines: Vec<String> = (0..b.height)
        .map(|r| {
            let cells: Vec<String> = (0..b.width)
                .map(|c| {
                    let i = (r * b.width + c) as usize;
                    square(b.squares.get(i).copied().unwrap_or(Square::Absent), ascii)
                })
                .collect();
            format!("{}{}", lead(row_name(r)), cells.join(" "))
                .trim_end()
                .to_string()
        })
        .collect();
    let columns: Option<Vec<String>> = match b.columns {
        Labels::Letters => Some((0..b.width).map(column_name).collect()),
        Labels::Up(first) | Labels::Down(first) => Some(
            (0..u64::from(b.width))
                .map(|c| ((first + c) % 10).to_string())
                .collect(),
        ),
        Labels::None => None,
    };
    if let Some(columns) = columns {
        lines.push(format!("{}{}", lead(String::new()), columns.join(" ")));
    }
    lines
}

/// What a square shows, as text.
fn square(sq: Square, ascii: bool) -> String {
    let (a, u) = match sq {
        Square::Empty => ('.', '·'),
        Square::Filled => ('#', '#'),
        Square::Absent => (' ', ' '),
        Square::Left => ('x', '●'),
        Square::Right => ('o', '○'),
        Square::Count(n) => return n.to_string(),
        Square::Piece(p) => match p {
            Piece::Stone => ('o', '●'),
            Piece::Gold => ('g', '◉'),
            Piece::White => ('w', '○'),
            Piece::Black => ('b', '●'),
            Piece::WhitePawn => ('P', '♙'),
            Piece::BlackPawn => ('p', '♟'),
            Piece::Rook => ('R', '♜'),
            Piece::Queen => ('Q', '♛'),
            Piece::Knight => ('N', '♞'),
            Piece::Chocolate => ('o', '■'),
            Piece::Poison => ('X', '☠'),
            Piece::Toad => ('t', 't'),
            Piece::Frog => ('f', 'f'),
            Piece::Heads => ('H', '●'),
            Piece::Tails => ('T', '○'),
        },
    };
    (if ascii { a } else { u }).to_string()
}

fn graph_lines(g: &Graph) -> Vec<String> {
    if g.edges.is_empty() {
        return vec!["(nothing: the bare ground)".to_string()];
    }
    let name = |v: usize| g.names.get(v).copied().unwrap_or(v as u32);
    let mut lines = Vec::new();
    for (colour, who) in [
        (Colour::Blue, "Left"),
        (Colour::Red, "Right"),
        (Colour::Green, "either"),
    ] {
        let edges: Vec<String> = g
            .edges
            .iter()
            .filter(|e| e.2 == colour)
            .map(|&(u, v, c)| format!("{}-{}{}", name(u), name(v), c.letter()))
            .collect();
        if !edges.is_empty() {
            lines.push(format!("{} ({who}): {}", colour.name(), edges.join(" ")));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_names_its_rows_and_columns_as_asked_and_leaves_gaps() {
        use Square::{Absent, Count, Empty, Piece as P};
        let b = Board {
            width: 3,
            height: 2,
            squares: vec![P(Piece::Rook), Absent, Absent, Empty, Count(2), Empty],
            rows: Labels::Up(0),
            columns: Labels::Up(0),
        };
        let f = Figure::new(Shape::Board(b)).note("two rooks on b0");
        assert_eq!(
            figure_text(&f, true),
            " 1 R\n 0 . 2 .\n   0 1 2\ntwo rooks on b0"
        );
        let b = Board {
            width: 2,
            height: 2,
            squares: vec![Square::Left, Square::Right, Empty, Square::Filled],
            rows: Labels::Down(1),
            columns: Labels::None,
        };
        assert_eq!(
            figure_text(&Figure::new(Shape::Board(b)), false),
            " 1 ● ○\n 2 · #"
        );
    }

    #[test]
    fn heaps_past_the_drawn_width_are_numbers_and_past_forty_are_counted() {
        let heaps: Vec<Heap> = (1..=42).map(|i| Heap::matches("heap", i, 100)).collect();
        let text = figure_text(&Figure::new(Shape::Heaps(heaps)), false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 41);
        assert_eq!(lines[0], "heap  1: (100)                100");
        assert_eq!(lines[40], "… and 2 more");
        let circle = Heap {
            name: "circle".into(),
            number: Some(1),
            size: 3,
            of: Things::Circle,
        };
        let text = figure_text(&Figure::new(Shape::Heaps(vec![circle])), true);
        assert_eq!(text, "circle  1: (o o o)              3");
    }

    #[test]
    fn a_strip_widens_its_squares_to_their_numbers() {
        let mut squares = vec![Square::Empty; 9];
        squares.push(Square::Piece(Piece::Stone));
        let strip = Strip {
            name: "square".into(),
            squares,
        };
        let text = figure_text(&Figure::new(Shape::Strip(strip)), true);
        assert_eq!(
            text,
            "square 1 2 3 4 5 6 7 8 9 10\n       . . . . . . . . .  o"
        );
    }
}
