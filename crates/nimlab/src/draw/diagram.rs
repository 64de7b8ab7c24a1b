//! Pictures of nodes joined by edges: game trees, game graphs and Hasse diagrams, drawn
//! as SVG. The caller says what the nodes and edges are (a label, a note, a row, an ink)
//! and how they stand ([`Layout`]); this file places them and draws them.
//!
//! Every walk over the nodes is a loop with its own stack: a picture may hold
//! [`MAX_DIAGRAM_NODES`] nodes in a chain.

use crate::picture::{text_width, Anchor, Style, Svg};
use crate::{Error, Result};

/// The most nodes a diagram draws (a larger picture is refused: it would be too large to
/// read).
pub const MAX_DIAGRAM_NODES: usize = 2000;

/// The most edges a diagram draws.
pub const MAX_DIAGRAM_EDGES: usize = 20_000;

/// The colour of a node or an edge, named by what it stands for in Conway's games: blue
/// for Left, red for Right, green for both players (an impartial move, an option of both,
/// a position that the player to move wins), black for neither (a position that the
/// player to move loses, a plain line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ink {
    /// Left's colour.
    Blue,
    /// Right's colour.
    Red,
    /// Both players'.
    Green,
    /// Neither player's.
    Black,
}

impl Ink {
    fn colour(self) -> &'static str {
        match self {
            Ink::Blue => "#1f5fd0",
            Ink::Red => "#d02828",
            Ink::Green => "#1e9e3c",
            Ink::Black => "#333333",
        }
    }
}

/// A node of a diagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramNode {
    /// What the node is: a position, a game's value.
    pub label: String,
    /// A second, smaller line under the label (a value, an outcome class), if any.
    pub note: Option<String>,
    /// The row it stands in: from the top for trees and graphs, from the bottom for a
    /// Hasse diagram.
    pub row: usize,
    /// Its colour.
    pub ink: Ink,
}

/// An edge of a diagram, from one node to another (indices into the nodes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiagramEdge {
    /// The node it leaves.
    pub from: usize,
    /// The node it reaches.
    pub to: usize,
    /// Its colour; in a tree a blue edge goes down to the left, a red one down to the
    /// right.
    pub ink: Ink,
}

/// How the nodes stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// A tree hanging from node 0: every other node is reached by exactly one edge, from
    /// its parent, and stands one row below it. Children reached by a blue edge stand to
    /// the left of their parent, by a red edge to the right (as Winning Ways and CGSuite
    /// draw Left's and Right's options), by any other edge under it, side by side.
    Tree,
    /// A directed graph in rows from the top, each edge drawn with an arrowhead.
    Layered,
    /// A Hasse diagram: rows from the bottom, edges without arrowheads (each goes up, from
    /// the lesser to the greater).
    Hasse,
}

/// A picture of nodes and edges, with a title and a legend of its colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// The picture's title, written at its top.
    pub title: String,
    /// How the nodes stand.
    pub layout: Layout,
    /// The nodes.
    pub nodes: Vec<DiagramNode>,
    /// The edges.
    pub edges: Vec<DiagramEdge>,
    /// What each colour means, written under the picture.
    pub legend: Vec<(Ink, String)>,
}

/// The height of a row, and the room of a node in it.
const ROW: f64 = 72.0;
const BOX_HEIGHT: f64 = 34.0;
const MARGIN: f64 = 24.0;
const TITLE: f64 = 34.0;
const LEGEND_LINE: f64 = 20.0;
const FONT: f64 = 13.0;
const NOTE_FONT: f64 = 11.0;
/// The least and the most room a node has across.
const MIN_SLOT: f64 = 44.0;
const MAX_SLOT: f64 = 150.0;

/// The diagram as an SVG picture.
///
/// ```
/// use nimlab::draw::{diagram_svg, Diagram, DiagramEdge, DiagramNode, Ink, Layout};
/// let node = |label: &str, row| DiagramNode { label: label.into(), note: None, row, ink: Ink::Black };
/// // {1|0}: Left's option 1 down to the left, Right's option 0 down to the right.
/// let d = Diagram {
///     title: "{1|0}".into(),
///     layout: Layout::Tree,
///     nodes: vec![node("{1|0}", 0), node("1", 1), node("0", 2), node("0", 1)],
///     edges: vec![
///         DiagramEdge { from: 0, to: 1, ink: Ink::Blue },
///         DiagramEdge { from: 1, to: 2, ink: Ink::Blue },
///         DiagramEdge { from: 0, to: 3, ink: Ink::Red },
///     ],
///     legend: vec![],
/// };
/// let svg = diagram_svg(&d).unwrap();
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("<line").count(), 3);
/// ```
///
/// # Errors
/// [`Error::Limit`] beyond [`MAX_DIAGRAM_NODES`] nodes or [`MAX_DIAGRAM_EDGES`] edges;
/// [`Error::Unsupported`] when a tree's edges do not make a tree hanging from node 0, or
/// an edge names a node that is not there.
pub fn diagram_svg(d: &Diagram) -> Result<String> {
    let n = d.nodes.len();
    if n > MAX_DIAGRAM_NODES {
        return Err(Error::limit(
            format!("a picture of {n} nodes"),
            format!("pictures of at most {MAX_DIAGRAM_NODES} nodes"),
        ));
    }
    if d.edges.len() > MAX_DIAGRAM_EDGES {
        return Err(Error::limit(
            format!("a picture of {} edges", d.edges.len()),
            format!("pictures of at most {MAX_DIAGRAM_EDGES} edges"),
        ));
    }
    if d.edges.iter().any(|e| e.from >= n || e.to >= n) {
        return Err(Error::Unsupported(
            "an edge of the picture names a node that is not in it".to_string(),
        ));
    }
    let base_slot = slot_width(d);
    let (
        slot,
        Placed {
            column: columns,
            routes,
        },
    ) = match d.layout {
        Layout::Tree => (
            base_slot,
            Placed {
                column: tree_columns(d)?,
                routes: vec![Vec::new(); d.edges.len()],
            },
        ),
        // Graphs leave more room between their nodes, for the edges to pass.
        Layout::Layered | Layout::Hasse => (base_slot * 1.3, layered_columns(d)),
    };
    let rows = d.nodes.iter().map(|v| v.row).max().map_or(1, |r| r + 1);
    let width_columns = columns
        .iter()
        .copied()
        .chain(routes.iter().flatten().map(|&(c, _)| c))
        .fold(0.0f64, f64::max)
        + 1.0;
    let title_width = text_width(&d.title, FONT + 2.0) + 2.0 * MARGIN;
    let legend_width = d
        .legend
        .iter()
        .map(|(_, t)| text_width(t, FONT) + 40.0)
        .fold(0.0f64, f64::max)
        + 2.0 * MARGIN;
    let width = (width_columns * slot + 2.0 * MARGIN)
        .max(title_width)
        .max(legend_width)
        .max(160.0);
    let left = (width - width_columns * slot) / 2.0;
    let plot_height = rows as f64 * ROW;
    let height = TITLE + plot_height + MARGIN + LEGEND_LINE * d.legend.len() as f64 + 8.0;
    let point = |column: f64, row: usize| -> (f64, f64) {
        let shown_row = match d.layout {
            Layout::Hasse => rows - 1 - row,
            _ => row,
        };
        (
            left + (column + 0.5) * slot,
            TITLE + (shown_row as f64 + 0.5) * ROW,
        )
    };
    let centre = |i: usize| point(columns[i], d.nodes[i].row);
    let mut svg = Svg::new(width, height, FONT, &d.title);
    svg.text(
        (width / 2.0, TITLE - 14.0),
        Anchor::Middle,
        FONT + 2.0,
        &Style::new().bold(),
        &d.title,
        Some(width - 2.0 * MARGIN),
    );
    // The edges first, so that the boxes of the nodes cover their ends.
    for (e, route) in d.edges.iter().zip(&routes) {
        let (from, to) = (centre(e.from), centre(e.to));
        let style = Style::new().stroke(e.ink.colour()).width(1.6).class("edge");
        if e.from == e.to {
            // A move back to the same position (a loop): a small circle beside it.
            let (x, y) = from;
            svg.circle((x + slot / 2.0, y), 8.0, &style.fill("none"));
            continue;
        }
        let bends = d.layout == Layout::Layered && to.1 <= from.1;
        if bends {
            // An edge that goes up or along its row (a game with cycles): a curve to the
            // side, so that it does not run through the nodes between.
            let control = ((from.0 + to.0) / 2.0 + slot * 0.8, (from.1 + to.1) / 2.0);
            svg.curve(from, control, to, &style.fill("none"));
            arrowhead(&mut svg, control, to, e.ink);
        } else if route.is_empty() {
            svg.line(from, to, &style);
            if d.layout == Layout::Layered {
                arrowhead(&mut svg, from, to, e.ink);
            }
        } else {
            let mut points = vec![from];
            points.extend(route.iter().map(|&(c, r)| point(c, r)));
            points.push(to);
            let before = points[points.len() - 2];
            svg.polyline(&points, &style.round());
            if d.layout == Layout::Layered {
                arrowhead(&mut svg, before, to, e.ink);
            }
        }
    }
    for (i, v) in d.nodes.iter().enumerate() {
        let (x, y) = centre(i);
        let box_width = base_slot - 8.0;
        svg.rect(
            (x - box_width / 2.0, y - BOX_HEIGHT / 2.0),
            (box_width, BOX_HEIGHT),
            &Style::new()
                .fill("white")
                .stroke(v.ink.colour())
                .width(1.4)
                .class("node"),
        );
        let text_style = Style::new().fill(v.ink.colour());
        match &v.note {
            Some(note) => {
                svg.text(
                    (x, y - 2.0),
                    Anchor::Middle,
                    FONT,
                    &text_style,
                    &v.label,
                    Some(box_width - 6.0),
                );
                svg.text(
                    (x, y + 12.0),
                    Anchor::Middle,
                    NOTE_FONT,
                    &text_style.clone().italic(),
                    note,
                    Some(box_width - 6.0),
                );
            }
            None => svg.text(
                (x, y + 5.0),
                Anchor::Middle,
                FONT,
                &text_style,
                &v.label,
                Some(box_width - 6.0),
            ),
        }
    }
    for (k, (ink, text)) in d.legend.iter().enumerate() {
        let y = TITLE + plot_height + MARGIN / 2.0 + LEGEND_LINE * k as f64;
        svg.rect(
            (MARGIN, y),
            (14.0, 14.0),
            &Style::new().fill(ink.colour()).class("legend"),
        );
        svg.text(
            (MARGIN + 22.0, y + 11.0),
            Anchor::Start,
            FONT,
            &Style::new(),
            text,
            Some(width - 2.0 * MARGIN - 22.0),
        );
    }
    Ok(svg.finish())
}

/// The room a node has across: its widest label, within bounds.
fn slot_width(d: &Diagram) -> f64 {
    d.nodes
        .iter()
        .map(|v| {
            let label = text_width(&v.label, FONT);
            let note = v
                .note
                .as_deref()
                .map_or(0.0, |note| text_width(note, NOTE_FONT));
            label.max(note) + 18.0
        })
        .fold(MIN_SLOT, f64::max)
        .min(MAX_SLOT)
}

/// A small arrowhead at `to`, pointing away from `from`, outside the node's box.
fn arrowhead(svg: &mut Svg, from: (f64, f64), to: (f64, f64), ink: Ink) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    // Stop at the box's edge: the box is BOX_HEIGHT tall, so back off along the edge
    // until its height is reached (or a fixed distance for flat edges).
    let back = if uy.abs() > 0.2 {
        (BOX_HEIGHT / 2.0 / uy.abs()).min(40.0)
    } else {
        24.0
    };
    let tip = (to.0 - ux * back, to.1 - uy * back);
    let size = 7.0;
    let base = (tip.0 - ux * size, tip.1 - uy * size);
    let (px, py) = (-uy * size * 0.5, ux * size * 0.5);
    svg.polygon(
        &[tip, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)],
        &Style::new().fill(ink.colour()),
    );
}

/// The column of each node of a tree (in units of a node's room): a node with Left's
/// (blue) or Right's (red) children has a column of its own between them, so that its
/// blue edges go down to the left and its red edges down to the right; a node with other
/// children stands over their middle.
fn tree_columns(d: &Diagram) -> Result<Vec<f64>> {
    let n = d.nodes.len();
    if n == 0 {
        return Ok(Vec::new());
    }
    let not_a_tree = || Error::Unsupported("the picture's edges do not make a tree".to_string());
    // Children by group: Left's (blue), the others, Right's (red).
    let mut children: Vec<[Vec<usize>; 3]> = vec![Default::default(); n];
    let mut parent = vec![usize::MAX; n];
    for e in &d.edges {
        if e.to == 0 || parent[e.to] != usize::MAX {
            return Err(not_a_tree());
        }
        parent[e.to] = e.from;
        let group = match e.ink {
            Ink::Blue => 0,
            Ink::Red => 2,
            _ => 1,
        };
        children[e.from][group].push(e.to);
    }
    // Pre-order from the root; every node must be reached once.
    let mut order = Vec::with_capacity(n);
    let mut stack = vec![0usize];
    let mut seen = vec![false; n];
    while let Some(v) = stack.pop() {
        if std::mem::replace(&mut seen[v], true) {
            return Err(not_a_tree());
        }
        order.push(v);
        for group in children[v].iter().rev() {
            stack.extend(group.iter().rev());
        }
    }
    if order.len() != n {
        return Err(not_a_tree());
    }
    let own_slot = |v: usize| {
        let [l, m, r] = &children[v];
        !l.is_empty() || !r.is_empty() || m.is_empty()
    };
    // Widths, children before parents.
    let mut width = vec![0usize; n];
    for &v in order.iter().rev() {
        let below: usize = children[v].iter().flatten().map(|&c| width[c]).sum();
        width[v] = below + usize::from(own_slot(v));
    }
    // Where each subtree starts, parents before children.
    let mut start = vec![0usize; n];
    let mut slot_of = vec![0usize; n];
    for &v in &order {
        let mut at = start[v];
        let [l, m, r] = &children[v];
        for &c in l {
            start[c] = at;
            at += width[c];
        }
        slot_of[v] = at;
        if own_slot(v) {
            at += 1;
        }
        for &c in m.iter().chain(r) {
            start[c] = at;
            at += width[c];
        }
    }
    // Columns, children before parents: a node without a slot of its own stands over the
    // middle of its children.
    let mut column = vec![0.0f64; n];
    for &v in order.iter().rev() {
        column[v] = if own_slot(v) {
            slot_of[v] as f64
        } else {
            let m = &children[v][1];
            match (m.first(), m.last()) {
                (Some(&a), Some(&b)) => (column[a] + column[b]) / 2.0,
                _ => slot_of[v] as f64,
            }
        };
    }
    Ok(column)
}

/// The most bends (points where an edge crosses a row between its ends) a layered
/// picture routes; beyond them edges are drawn straight.
const MAX_BENDS: usize = 50_000;

/// The room of a bend across, in units of a node's room.
const BEND_WIDTH: f64 = 0.35;

/// Where the nodes of a graph in rows stand (in units of a node's room across), and the
/// points each edge passes on the rows between its ends (`(column, row)`), so that an
/// edge over several rows goes round the nodes between rather than through them.
struct Placed {
    column: Vec<f64>,
    routes: Vec<Vec<(f64, usize)>>,
}

/// The nodes of each row side by side, centred, in an order that keeps each near the
/// nodes it is joined to: every edge over several rows is given a bend on each row
/// between (a point of its own in that row's order), and a few sweeps sort each row by
/// the mean place of its neighbours in the row before (or after).
fn layered_columns(d: &Diagram) -> Placed {
    let n = d.nodes.len();
    let rows = d.nodes.iter().map(|v| v.row).max().map_or(0, |r| r + 1);
    // Elements: the nodes, then the bends; each with its row and its room across.
    let mut row_of: Vec<usize> = d.nodes.iter().map(|v| v.row).collect();
    let mut room: Vec<f64> = vec![1.0; n];
    let bends: usize = d
        .edges
        .iter()
        .map(|e| d.nodes[e.to].row.saturating_sub(d.nodes[e.from].row + 1))
        .sum();
    let route_bends = bends <= MAX_BENDS;
    // Segments between elements of neighbouring rows, for the sweeps.
    let mut up: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut down: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut chains: Vec<Vec<usize>> = Vec::with_capacity(d.edges.len());
    for e in &d.edges {
        let (a, b) = (d.nodes[e.from].row, d.nodes[e.to].row);
        let mut chain = Vec::new();
        if b > a {
            let mut last = e.from;
            if route_bends {
                for r in a + 1..b {
                    let k = row_of.len();
                    row_of.push(r);
                    room.push(BEND_WIDTH);
                    up.push(vec![last]);
                    down.push(Vec::new());
                    down[last].push(k);
                    chain.push(k);
                    last = k;
                }
            }
            down[last].push(e.to);
            up[e.to].push(last);
        }
        chains.push(chain);
    }
    let total = row_of.len();
    let mut by_row: Vec<Vec<usize>> = vec![Vec::new(); rows];
    for (k, &r) in row_of.iter().enumerate() {
        by_row[r].push(k);
    }
    let widest = by_row
        .iter()
        .map(|row| row.iter().map(|&k| room[k]).sum::<f64>())
        .fold(0.0f64, f64::max);
    let mut x = vec![0.0f64; total];
    let place = |row: &[usize], x: &mut [f64]| {
        let width: f64 = row.iter().map(|&k| room[k]).sum();
        let mut at = (widest - width) / 2.0;
        for &k in row {
            x[k] = at + room[k] / 2.0;
            at += room[k];
        }
    };
    for row in &by_row {
        place(row, &mut x);
    }
    for sweep in 0..8 {
        let forward = sweep % 2 == 0;
        let order: Vec<usize> = if forward {
            (1..rows).collect()
        } else {
            (0..rows.saturating_sub(1)).rev().collect()
        };
        for r in order {
            let neighbours = if forward { &up } else { &down };
            let mut keyed: Vec<(f64, f64, usize)> = by_row[r]
                .iter()
                .map(|&k| {
                    let others = &neighbours[k];
                    let key = if others.is_empty() {
                        x[k]
                    } else {
                        others.iter().map(|&o| x[o]).sum::<f64>() / others.len() as f64
                    };
                    (key, x[k], k)
                })
                .collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
            by_row[r] = keyed.into_iter().map(|(_, _, k)| k).collect();
            place(&by_row[r], &mut x);
        }
    }
    // Columns count from the left edge of a node's room.
    let column = x[..n].iter().map(|&c| c - 0.5).collect();
    let routes = chains
        .into_iter()
        .map(|chain| chain.into_iter().map(|k| (x[k] - 0.5, row_of[k])).collect())
        .collect();
    Placed { column, routes }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(label: &str, row: usize) -> DiagramNode {
        DiagramNode {
            label: label.to_string(),
            note: None,
            row,
            ink: Ink::Black,
        }
    }

    fn edge(from: usize, to: usize, ink: Ink) -> DiagramEdge {
        DiagramEdge { from, to, ink }
    }

    /// Left's children stand left of their parent and Right's right of it, at every
    /// node: {{2|1}|{0|-1}} has Left's option to the left, and each of its own options
    /// again so.
    #[test]
    fn left_options_stand_left_and_right_options_right() {
        let d = Diagram {
            title: "t".into(),
            layout: Layout::Tree,
            nodes: vec![
                node("g", 0),
                node("{2|1}", 1),
                node("2", 2),
                node("1", 2),
                node("{0|-1}", 1),
                node("0", 2),
                node("-1", 2),
            ],
            edges: vec![
                edge(0, 1, Ink::Blue),
                edge(1, 2, Ink::Blue),
                edge(1, 3, Ink::Red),
                edge(0, 4, Ink::Red),
                edge(4, 5, Ink::Blue),
                edge(4, 6, Ink::Red),
            ],
            legend: vec![],
        };
        let c = tree_columns(&d).unwrap();
        for e in &d.edges {
            match e.ink {
                Ink::Blue => assert!(c[e.to] < c[e.from], "{e:?} {c:?}"),
                Ink::Red => assert!(c[e.to] > c[e.from], "{e:?} {c:?}"),
                _ => {}
            }
        }
        // The subtrees do not overlap: every node has a column of its own.
        let mut sorted = c.clone();
        sorted.sort_by(f64::total_cmp);
        sorted.dedup();
        assert_eq!(sorted.len(), c.len());
    }

    /// A chain of 2000 nodes is laid out without recursion, and more is refused.
    #[test]
    fn long_chains_are_drawn_and_larger_pictures_refused() {
        let n = MAX_DIAGRAM_NODES;
        let d = Diagram {
            title: "chain".into(),
            layout: Layout::Tree,
            nodes: (0..n).map(|i| node(&i.to_string(), i)).collect(),
            edges: (1..n).map(|i| edge(i - 1, i, Ink::Blue)).collect(),
            legend: vec![],
        };
        let svg = diagram_svg(&d).unwrap();
        assert_eq!(svg.matches("class=\"node\"").count(), n);
        let mut bigger = d.clone();
        bigger.nodes.push(node("x", n));
        assert!(matches!(diagram_svg(&bigger), Err(Error::Limit(_))));
    }

    /// Edges that do not make a tree are refused, not drawn wrong.
    #[test]
    fn a_tree_needs_one_parent_per_node() {
        let d = Diagram {
            title: "t".into(),
            layout: Layout::Tree,
            nodes: vec![node("a", 0), node("b", 1), node("c", 1)],
            edges: vec![edge(0, 1, Ink::Green), edge(2, 1, Ink::Green)],
            legend: vec![],
        };
        assert!(diagram_svg(&d).is_err());
        let dangling = Diagram {
            edges: vec![edge(0, 7, Ink::Green)],
            ..d
        };
        assert!(diagram_svg(&dangling).is_err());
    }
}
