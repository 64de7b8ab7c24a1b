//! The figures of positions drawn as SVG: boards of squares, and Hackenbush pictures
//! standing on the ground.

use super::text::DRAWN_HEAPS;
use crate::games::hackenbush::Colour;
use crate::games::{
    column_name, heap_name, Board, Cell, Figure, Graph, Heap, Labels, Piece, Shape, Square, Things,
    MAX_DRAWN_WIDTH,
};
use crate::picture::{Anchor, Style, Svg};
use std::f64::consts::FRAC_1_SQRT_2;

/// A figure as an SVG picture: its title as the picture's title, its notes under it.
///
/// ```
/// use nimlab::draw::figure_svg;
/// use nimlab::games::{Board, Figure, Shape, Square};
/// let board = Board::lettered(2, 1, vec![Square::Left, Square::Right]);
/// let svg = figure_svg(&Figure::new(Shape::Board(board)).titled("Clobber xo"));
/// assert!(svg.contains("<title>Clobber xo</title>"));
/// assert_eq!(svg.matches("<circle").count(), 2);
/// ```
pub fn figure_svg(figure: &Figure) -> String {
    let extra = NOTE_LINE * figure.notes.len() as f64;
    let (mut out, bottom) = match &figure.shape {
        Shape::Board(b) => board(b, &figure.title, extra),
        Shape::Strip(strip) => {
            let b = Board {
                width: strip.squares.len() as u32,
                height: 1,
                squares: strip.squares.clone(),
                rows: Labels::None,
                columns: Labels::Up(1),
            };
            board(&b, &figure.title, extra)
        }
        Shape::Heaps(heaps) => heap_rows(heaps, &figure.title, extra),
        Shape::Graph(g) => graph(g, &figure.title, extra),
    };
    for (i, note) in figure.notes.iter().enumerate() {
        let y = bottom + NOTE_LINE * (i as f64 + 0.75);
        out.text((12.0, y), Anchor::Start, 13.0, &Style::new(), note, None);
    }
    out.finish()
}

/// The height of a line of notes.
const NOTE_LINE: f64 = 20.0;

/// A board, with `extra` room under it: the picture so far and where the room starts.
fn board(b: &Board, title: &str, extra: f64) -> (Svg, f64) {
    const CELL: f64 = 40.0;
    const MARGIN: f64 = 24.0;
    let (w, h) = (
        f64::from(b.width) * CELL + 2.0 * MARGIN,
        f64::from(b.height) * CELL + 2.0 * MARGIN,
    );
    let mut out = Svg::new(w.max(120.0), h + extra, 14.0, title);
    for r in 0..b.height {
        for c in 0..b.width {
            let i = (r * b.width + c) as usize;
            let (x, y) = (MARGIN + f64::from(c) * CELL, MARGIN + f64::from(r) * CELL);
            let mark = b.squares.get(i).copied().unwrap_or(Square::Absent);
            out.group(&Cell::Square(i).to_string());
            square(&mut out, (x, y), CELL, mark);
            out.end_group();
        }
    }
    let plain = Style::new();
    let column_label = |c: u32| match b.columns {
        Labels::Letters => Some(column_name(c)),
        Labels::Up(first) | Labels::Down(first) => Some((first + u64::from(c)).to_string()),
        Labels::None => None,
    };
    for c in 0..b.width {
        if let Some(label) = column_label(c) {
            let x = MARGIN + f64::from(c) * CELL + CELL / 2.0;
            out.text((x, h - 6.0), Anchor::Middle, 14.0, &plain, &label, None);
        }
    }
    let row_label = |r: u32| match b.rows {
        Labels::Up(first) => Some((first + u64::from(b.height - 1 - r)).to_string()),
        Labels::Down(first) => Some((first + u64::from(r)).to_string()),
        Labels::Letters => Some(column_name(r)),
        Labels::None => None,
    };
    for r in 0..b.height {
        if let Some(label) = row_label(r) {
            let y = MARGIN + f64::from(r) * CELL + CELL / 2.0 + 5.0;
            out.text(
                (MARGIN / 2.0, y),
                Anchor::Middle,
                14.0,
                &plain,
                &label,
                None,
            );
        }
    }
    (out, h)
}

/// One square at `(x, y)`: its ground, then what stands on it.
fn square(out: &mut Svg, (x, y): (f64, f64), cell: f64, mark: Square) {
    let ground = match mark {
        Square::Absent => return,
        Square::Filled => "#555555",
        Square::Piece(Piece::Chocolate | Piece::Poison) => "#7b4a2a",
        _ => "#f3e9d2",
    };
    out.rect(
        (x, y),
        (cell, cell),
        &Style::new().fill(ground).stroke("#8a7a5a"),
    );
    let centre = (x + cell / 2.0, y + cell / 2.0);
    let stone = |out: &mut Svg, fill: &'static str, stroke: &'static str| {
        out.circle(
            centre,
            cell * 2.0 / 5.0,
            &Style::new().fill(fill).stroke(stroke).width(2.0),
        );
    };
    let label = |out: &mut Svg, text: &str, fill: &'static str| {
        let at = (centre.0, centre.1 + cell / 6.0);
        out.text(
            at,
            Anchor::Middle,
            cell / 2.0,
            &Style::new().fill(fill),
            text,
            None,
        );
    };
    match mark {
        Square::Left => stone(out, "#1f4fbf", "#0b2a70"),
        Square::Right => stone(out, "#d93a32", "#7a1510"),
        Square::Count(n) => label(out, &n.to_string(), "#222222"),
        Square::Piece(p) => match p {
            Piece::Stone => stone(out, "#333333", "#111111"),
            Piece::Gold => stone(out, "#d4a017", "#8a6d0b"),
            Piece::White => stone(out, "#ffffff", "#333333"),
            Piece::Black => stone(out, "#222222", "#000000"),
            Piece::Heads => {
                stone(out, "#c9b037", "#7a6a1a");
                label(out, "H", "#222222");
            }
            Piece::Tails => {
                stone(out, "#b4b4b4", "#6a6a6a");
                label(out, "T", "#222222");
            }
            Piece::Toad => {
                stone(out, "#2e7d32", "#1b4d1e");
                label(out, "t", "#ffffff");
            }
            Piece::Frog => {
                stone(out, "#6a1b9a", "#3d0f59");
                label(out, "f", "#ffffff");
            }
            Piece::WhitePawn => label(out, "♙", "#222222"),
            Piece::BlackPawn => label(out, "♟", "#222222"),
            Piece::Rook => label(out, "♜", "#222222"),
            Piece::Queen => label(out, "♛", "#222222"),
            Piece::Knight => label(out, "♞", "#222222"),
            Piece::Poison => label(out, "☠", "#ffffff"),
            Piece::Chocolate => {}
        },
        Square::Empty | Square::Filled | Square::Absent => {}
    }
}

/// Heaps one to a row, as matches (a heap past [`MAX_DRAWN_WIDTH`] as its number), each
/// named on the left and its size on the right.
fn heap_rows(heaps: &[Heap], title: &str, extra: f64) -> (Svg, f64) {
    const ROW: f64 = 34.0;
    const GAP: f64 = 8.0;
    const LEFT: f64 = 96.0;
    let shown = &heaps[..heaps.len().min(DRAWN_HEAPS)];
    let longest = shown
        .iter()
        .map(|h| h.size.min(MAX_DRAWN_WIDTH))
        .max()
        .unwrap_or(0);
    let width = LEFT + longest as f64 * GAP + 80.0;
    let height = (shown.len().max(1) as f64) * ROW + 24.0;
    let mut out = Svg::new(width.max(200.0), height + extra, 13.0, title);
    let plain = Style::new();
    if shown.is_empty() {
        out.text(
            (12.0, 30.0),
            Anchor::Start,
            13.0,
            &plain,
            "(every heap is empty)",
            None,
        );
    }
    for (i, h) in shown.iter().enumerate() {
        let y = 12.0 + i as f64 * ROW;
        let name = match h.number {
            Some(n) => format!("{} {n}", h.name),
            None => h.name.clone(),
        };
        out.text((12.0, y + 20.0), Anchor::Start, 13.0, &plain, &name, None);
        if h.size > MAX_DRAWN_WIDTH {
            let text = format!("({})", h.size);
            out.text((LEFT, y + 20.0), Anchor::Start, 13.0, &plain, &text, None);
            continue;
        }
        let heap = heap_name(h.number, i);
        for k in 0..h.size {
            let x = LEFT + k as f64 * GAP;
            out.group(&Cell::Match { heap, index: k + 1 }.to_string());
            // Room to point at, wider than the match itself.
            out.rect(
                (x - GAP / 2.0, y),
                (GAP, 30.0),
                &Style::new().fill("transparent"),
            );
            match h.of {
                Things::Matches => {
                    out.line(
                        (x, y + 4.0),
                        (x, y + 26.0),
                        &Style::new().stroke("#a0522d").width(3.0).round(),
                    );
                    out.circle((x, y + 4.0), 2.5, &Style::new().fill("#c0392b"));
                }
                Things::Coins | Things::Circle => {
                    out.circle(
                        (x + GAP / 2.0, y + 15.0),
                        GAP / 2.0 - 0.5,
                        &Style::new().fill("#333333"),
                    );
                }
            }
            out.end_group();
        }
        let size = h.size.to_string();
        let end = LEFT + h.size as f64 * GAP + 12.0;
        out.text((end, y + 20.0), Anchor::Start, 13.0, &plain, &size, None);
    }
    (out, height)
}

/// Each vertex's column and height (the ground at height 0), and the number of columns:
/// heights by a search from the ground, leaves in columns of their own in the order met,
/// a vertex over the middle of its children.
fn layout(g: &Graph) -> (Vec<(f64, usize)>, usize) {
    let n = g.names.len().max(1);
    let mut next_to: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(u, v, _) in &g.edges {
        if u != v && u < n && v < n {
            next_to[u].push(v);
            next_to[v].push(u);
        }
    }
    let mut depth = vec![usize::MAX; n];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    depth[0] = 0;
    let mut queue = vec![0usize];
    let mut head = 0;
    while head < queue.len() {
        let x = queue[head];
        head += 1;
        for &y in &next_to[x] {
            if depth[y] == usize::MAX {
                depth[y] = depth[x] + 1;
                children[x].push(y);
                queue.push(y);
            }
        }
    }
    let mut column = vec![0.0; n];
    let mut next = 0usize;
    let mut stack = vec![(0usize, false)];
    while let Some((x, done)) = stack.pop() {
        if done {
            if let (Some(&first), Some(&last)) = (children[x].first(), children[x].last()) {
                column[x] = (column[first] + column[last]) / 2.0;
            }
            continue;
        }
        if children[x].is_empty() && x != 0 {
            column[x] = next as f64;
            next += 1;
            continue;
        }
        stack.push((x, true));
        for &y in children[x].iter().rev() {
            stack.push((y, false));
        }
    }
    let places = (0..n)
        .map(|x| (column[x], if depth[x] == usize::MAX { 0 } else { depth[x] }))
        .collect();
    (places, next)
}

fn stroke(colour: Colour) -> &'static str {
    match colour {
        Colour::Blue => "#1f5fd0",
        Colour::Red => "#d02828",
        Colour::Green => "#1e9e3c",
    }
}

/// Edges between the same two vertices: the vertices, each edge's colour and index.
type Bundle = ((usize, usize), Vec<(Colour, usize)>);

/// The picture: the ground, the vertices at their distance from the ground, edges in
/// their colours (parallel edges curved, loops as small circles), vertex numbers.
fn graph(g: &Graph, title: &str, extra: f64) -> (Svg, f64) {
    const STEP_X: f64 = 56.0;
    const STEP_Y: f64 = 64.0;
    const MARGIN: f64 = 32.0;
    let (places, mut columns) = layout(g);
    // Loops on the ground take columns of their own, after the rest.
    let loop_column = columns;
    columns += g
        .edges
        .iter()
        .filter(|&&(u, v, _)| u == 0 && v == 0)
        .count();
    let height_levels = places.iter().map(|p| p.1).max().unwrap_or(0);
    let width = columns.max(1) as f64 * STEP_X + 2.0 * MARGIN;
    let height = height_levels as f64 * STEP_Y + 2.0 * MARGIN + 24.0;
    let ground_y = height - MARGIN;
    let at = |x: usize| -> (f64, f64) {
        let (c, d) = places.get(x).copied().unwrap_or((0.0, 0));
        (MARGIN + (c + 0.5) * STEP_X, ground_y - d as f64 * STEP_Y)
    };
    let mut out = Svg::new(width, height + extra, 11.0, title);
    out.line(
        (MARGIN / 2.0, ground_y),
        (width - MARGIN / 2.0, ground_y),
        &Style::new()
            .stroke("#6b4f2a")
            .width(5.0)
            .round()
            .class("ground"),
    );
    out.text(
        (MARGIN / 2.0 - 4.0, ground_y + 16.0),
        Anchor::Start,
        11.0,
        &Style::new().fill("#6b4f2a"),
        "0",
        None,
    );
    // Edges grouped by their ends; a bundle of k is drawn as k curves.
    let mut groups: Vec<Bundle> = Vec::new();
    for (index, &(u, v, colour)) in g.edges.iter().enumerate() {
        match groups
            .iter_mut()
            .find(|grp| grp.0 == (u, v) && !(u == 0 && v == 0))
        {
            Some(grp) => grp.1.push((colour, index)),
            None => groups.push(((u, v), vec![(colour, index)])),
        }
    }
    let mut next_loop = loop_column;
    for ((u, v), colours) in &groups {
        let (u, v) = (*u, *v);
        let k = colours.len();
        for (j, &(colour, index)) in colours.iter().enumerate() {
            out.group(&Cell::Edge(index).to_string());
            let style = Style::new()
                .fill("none")
                .stroke(stroke(colour))
                .width(3.5)
                .round();
            if u == v {
                let (x, y) = if u == 0 {
                    let x = MARGIN + (next_loop as f64 + 0.5) * STEP_X;
                    next_loop += 1;
                    (x, ground_y)
                } else {
                    at(u)
                };
                // On the ground a loop stands upright; at a vertex it leans to the upper
                // left, clear of the edges going up and of the number.
                let r = 10.0 + 5.0 * j as f64;
                let centre = if u == 0 {
                    (x, y - r)
                } else {
                    (x - r * FRAC_1_SQRT_2, y - r * FRAC_1_SQRT_2)
                };
                out.circle(centre, r, &style);
                out.end_group();
                continue;
            }
            let (x2, y2) = at(v);
            let (x1, y1) = if u == 0 { (x2, ground_y) } else { at(u) };
            let offset = (j as f64 - (k as f64 - 1.0) / 2.0) * 22.0;
            if offset == 0.0 {
                out.line((x1, y1), (x2, y2), &style);
            } else {
                let (dx, dy) = (x2 - x1, y2 - y1);
                let length = (dx * dx + dy * dy).sqrt().max(1.0);
                let control = (
                    (x1 + x2) / 2.0 - dy / length * offset,
                    (y1 + y2) / 2.0 + dx / length * offset,
                );
                out.curve((x1, y1), control, (x2, y2), &style);
            }
            out.end_group();
        }
    }
    // The vertices standing, with their numbers.
    let mut shown = vec![false; places.len()];
    for &(u, v, _) in &g.edges {
        for x in [u, v] {
            if x != 0 && x < shown.len() && !shown[x] {
                shown[x] = true;
                let (px, py) = at(x);
                out.circle((px, py), 4.0, &Style::new().fill("#222222"));
                let name = g.names.get(x).copied().unwrap_or(x as u32).to_string();
                out.text(
                    (px + 6.0, py - 6.0),
                    Anchor::Start,
                    11.0,
                    &Style::new().fill("#444444"),
                    &name,
                    None,
                );
            }
        }
    }
    (out, height)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hackenbush::{Hackenbush, START};
    use crate::games::ruleset::Ruleset;

    #[test]
    fn the_hackenbush_start_is_drawn() {
        let p = Hackenbush::parse(START).unwrap();
        let svg = figure_svg(&p.figure().unwrap());
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        // One dot per vertex above the ground, each edge a line, a curve or a circle.
        assert_eq!(svg.matches(r#"r="4""#).count(), 14);
        let strokes = svg.matches("stroke-width=\"3.5\"").count();
        assert_eq!(strokes, p.len());
        // Two edges between the same vertices are two curves.
        let bundle = Hackenbush::parse("0-1b 0-1r 1-2g").unwrap();
        let svg = figure_svg(&bundle.figure().unwrap());
        assert_eq!(svg.matches("<path d=\"M ").count(), 2, "{svg}");
    }

    #[test]
    fn every_cell_of_a_figure_is_named_once_in_its_picture() {
        let boards = [
            Figure::new(Shape::Heaps(Heap::numbered("heap", &[3, 0, 5]))),
            Figure::new(Shape::Board(Board::lettered(3, 2, vec![Square::Empty; 6]))),
            Hackenbush::parse(START).unwrap().figure().unwrap(),
        ];
        for f in boards {
            let svg = figure_svg(&f);
            let cells = f.cells();
            assert!(!cells.is_empty());
            for c in &cells {
                let mark = format!("<g data-cell=\"{c}\">");
                assert_eq!(svg.matches(&mark).count(), 1, "{mark}");
            }
            assert_eq!(svg.matches("<g data-cell=").count(), cells.len());
            assert_eq!(svg.matches("<g ").count(), svg.matches("</g>").count());
        }
    }

    #[test]
    fn a_board_has_a_square_for_each_and_the_names_of_rows_and_columns() {
        let b = Board::lettered(
            2,
            2,
            vec![Square::Empty, Square::Empty, Square::Empty, Square::Filled],
        );
        let svg = figure_svg(&Figure::new(Shape::Board(b)).titled("Domineering ..|.#"));
        assert_eq!(
            svg.matches("<rect").count(),
            5,
            "the ground and four squares"
        );
        assert_eq!(svg.matches("fill=\"#555555\"").count(), 1);
        for label in [">a</text>", ">b</text>", ">1</text>", ">2</text>"] {
            assert!(svg.contains(label), "{label}: {svg}");
        }
    }
}
