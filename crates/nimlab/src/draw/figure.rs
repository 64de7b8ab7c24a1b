//! The figures of positions drawn as SVG: boards of squares, and Hackenbush pictures
//! standing on the ground.

use crate::games::hackenbush::Colour;
use crate::games::{column_name, Board, Figure, Graph, Square};
use crate::picture::{Anchor, Style, Svg};
use std::f64::consts::FRAC_1_SQRT_2;

/// A figure as an SVG picture.
///
/// ```
/// use nimlab::draw::figure_svg;
/// use nimlab::games::{Board, Figure, Square};
/// let board = Board { title: "Clobber xo".into(), width: 2, height: 1, squares: vec![Square::Left, Square::Right] };
/// let svg = figure_svg(&Figure::Board(board));
/// assert!(svg.contains("<title>Clobber xo</title>"));
/// assert_eq!(svg.matches("<circle").count(), 2);
/// ```
pub fn figure_svg(figure: &Figure) -> String {
    match figure {
        Figure::Board(b) => board(b),
        Figure::Graph(g) => graph(g),
    }
}

fn board(b: &Board) -> String {
    const CELL: f64 = 40.0;
    const MARGIN: f64 = 24.0;
    let (w, h) = (
        f64::from(b.width) * CELL + 2.0 * MARGIN,
        f64::from(b.height) * CELL + 2.0 * MARGIN,
    );
    let mut out = Svg::new(w, h, 14.0, &b.title);
    for r in 0..b.height {
        for c in 0..b.width {
            let i = (r * b.width + c) as usize;
            let (x, y) = (MARGIN + f64::from(c) * CELL, MARGIN + f64::from(r) * CELL);
            let mark = b.squares.get(i).copied().unwrap_or(Square::Empty);
            let fill = if mark == Square::Filled {
                "#555555"
            } else {
                "#f3e9d2"
            };
            out.rect(
                (x, y),
                (CELL, CELL),
                &Style::new().fill(fill).stroke("#8a7a5a"),
            );
            let stone = match mark {
                Square::Left => Some(("#1f4fbf", "#0b2a70")),
                Square::Right => Some(("#d93a32", "#7a1510")),
                _ => None,
            };
            if let Some((fill, stroke)) = stone {
                out.circle(
                    (x + CELL / 2.0, y + CELL / 2.0),
                    CELL * 2.0 / 5.0,
                    &Style::new().fill(fill).stroke(stroke).width(2.0),
                );
            }
        }
    }
    let plain = Style::new();
    for c in 0..b.width {
        let x = MARGIN + f64::from(c) * CELL + CELL / 2.0;
        out.text(
            (x, h - 6.0),
            Anchor::Middle,
            14.0,
            &plain,
            &column_name(c),
            None,
        );
    }
    for r in 0..b.height {
        let y = MARGIN + f64::from(r) * CELL + CELL / 2.0 + 5.0;
        let row = (b.height - r).to_string();
        out.text((MARGIN / 2.0, y), Anchor::Middle, 14.0, &plain, &row, None);
    }
    out.finish()
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

/// The picture: the ground, the vertices at their distance from the ground, edges in
/// their colours (parallel edges curved, loops as small circles), vertex numbers.
fn graph(g: &Graph) -> String {
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
    let mut out = Svg::new(width, height, 11.0, &g.title);
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
    let mut groups: Vec<((usize, usize), Vec<Colour>)> = Vec::new();
    for &(u, v, colour) in &g.edges {
        match groups
            .iter_mut()
            .find(|grp| grp.0 == (u, v) && !(u == 0 && v == 0))
        {
            Some(grp) => grp.1.push(colour),
            None => groups.push(((u, v), vec![colour])),
        }
    }
    let mut next_loop = loop_column;
    for ((u, v), colours) in &groups {
        let (u, v) = (*u, *v);
        let k = colours.len();
        for (j, &colour) in colours.iter().enumerate() {
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
    out.finish()
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
    fn a_board_has_a_square_for_each_and_the_names_of_rows_and_columns() {
        let b = Board {
            title: "Domineering ..|.#".into(),
            width: 2,
            height: 2,
            squares: vec![Square::Empty, Square::Empty, Square::Empty, Square::Filled],
        };
        let svg = figure_svg(&Figure::Board(b));
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
