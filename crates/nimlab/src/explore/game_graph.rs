//! The game tree and the game graph of a game, as data: nodes (positions, with their
//! value and outcome class when known) and edges (moves, each by Left, by Right, or by
//! either player), written as text and drawn as SVG.
//!
//! A game is first explored as a graph of its distinct positions ([`Explored`], by
//! [`super::positions`] for catalogue games and [`super::values`] for Conway's games);
//! the graph is then given as it is, or unfolded into the tree of every line of play.
//! Every walk is a loop over a stack or a queue of its own, never a recursion.

use crate::draw::{diagram_svg, Diagram, DiagramEdge, DiagramNode, Ink, Layout};
use crate::{Error, Further, Outcome, Result};
use serde::Serialize;
use std::collections::VecDeque;
use std::fmt;

/// The most nodes of a game tree, and the most positions of a game graph, that nimlab
/// lists.
pub const MAX_NODES: usize = 10_000;

/// The most moves of a game graph that nimlab lists.
pub const MAX_EDGES: usize = 100_000;

/// The most columns of indentation of a tree written as text: a deeper line shows its
/// depth and the last columns only, so that no line grows with the depth.
const MAX_INDENT: usize = 32;

/// A game tree or a game graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// Every line of play from the start: a position reached in two ways is two nodes.
    Tree,
    /// Every distinct position once, with every move between them (equal positions
    /// merged; a directed graph without cycles unless play can loop).
    Graph,
}

/// Who makes a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mover {
    /// Left (blue).
    Left,
    /// Right (red).
    Right,
    /// Either player: every move of an impartial game, and in a game graph an option
    /// that Left and Right both have (green).
    Either,
}

/// A node: a position of the game (or a subgame of a Conway game).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Node {
    /// Its index among the nodes (the root is 0).
    pub id: usize,
    /// The position as it is written (or the subgame in CGSuite's notation).
    pub label: String,
    /// Its value: a nimber (`*3`) for impartial games, the canonical form for partizan
    /// ones; `null` where play can loop.
    pub value: Option<String>,
    /// Its outcome class; `null` where play can loop.
    pub outcome: Option<Outcome>,
    /// In a tree its depth (moves from the root); in a graph the most moves by which it
    /// is reached from the root (the fewest where play can loop).
    pub depth: usize,
}

/// An edge: a move from one node to another.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Edge {
    /// The node the move is made from.
    pub from: usize,
    /// The node it leads to.
    pub to: usize,
    /// Who makes it.
    pub mover: Mover,
    /// The move in words or in the game's notation, for catalogue games (the first one
    /// found, when several moves lead to the same position).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// The game tree or the game graph of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameGraph {
    /// A tree or a graph.
    pub shape: Shape,
    /// The game it starts from: a game id and a position, or a Conway game.
    pub title: String,
    /// Whether Left and Right have moves of their own.
    pub partizan: bool,
    /// The nodes, the root first (a tree's in pre-order).
    pub nodes: Vec<Node>,
    /// The edges: in a tree, one into every node but the root; in a partizan graph, one
    /// edge of [`Mover::Either`] for an option that both players have.
    pub edges: Vec<Edge>,
}

/// A game explored as a graph of its distinct positions: what [`GameGraph`] is made
/// from.
pub(super) struct Explored {
    /// The game it starts from, in words.
    pub title: String,
    /// Whether Left and Right have moves of their own.
    pub partizan: bool,
    /// The positions, the start first.
    pub places: Vec<Place>,
}

/// A position of an explored game.
pub(super) struct Place {
    /// The position as it is written.
    pub label: String,
    /// Its value and outcome class, when known.
    pub value: Option<(String, Outcome)>,
    /// Left's options (every option, for an impartial game).
    pub left: Vec<Opt>,
    /// Right's options (none for an impartial game).
    pub right: Vec<Opt>,
}

/// An option of an explored position: the position it leads to, and the move.
pub(super) struct Opt {
    /// The index of the position.
    pub to: usize,
    /// The move, in words.
    pub description: Option<String>,
}

impl Explored {
    /// The options of `v` with their movers: Left's then Right's for a partizan game,
    /// every option by either player for an impartial one.
    fn options(&self, v: usize) -> impl Iterator<Item = (Mover, &Opt)> {
        let place = &self.places[v];
        let first = if self.partizan {
            Mover::Left
        } else {
            Mover::Either
        };
        place
            .left
            .iter()
            .map(move |o| (first, o))
            .chain(place.right.iter().map(|o| (Mover::Right, o)))
    }

    /// The positions in an order where every position comes before its options (the
    /// start first), or `None` when play can loop (a position is reached again).
    pub fn topological_order(&self) -> Option<Vec<usize>> {
        let n = self.places.len();
        let mut into = vec![0usize; n];
        for p in &self.places {
            for o in p.left.iter().chain(&p.right) {
                into[o.to] += 1;
            }
        }
        let mut ready: Vec<usize> = (0..n).filter(|&v| into[v] == 0).collect();
        let mut order = Vec::with_capacity(n);
        while let Some(v) = ready.pop() {
            order.push(v);
            let p = &self.places[v];
            for o in p.left.iter().chain(&p.right) {
                into[o.to] -= 1;
                if into[o.to] == 0 {
                    ready.push(o.to);
                }
            }
        }
        (order.len() == n).then_some(order)
    }
}

impl GameGraph {
    /// The graph or the tree of an explored game.
    pub(super) fn from_explored(explored: Explored, shape: Shape) -> Result<GameGraph> {
        let order = explored.topological_order();
        match (shape, order) {
            (Shape::Graph, order) => Ok(graph(explored, order.as_deref())),
            (Shape::Tree, Some(order)) => tree(explored, &order),
            (Shape::Tree, None) => Err(Error::Unsupported(format!(
                "play can loop in {}: a position comes back, so the game tree is infinite; the game graph, which merges equal positions, is finite",
                explored.title
            ))),
        }
    }

    /// The picture: the tree with Left's moves down to the left and Right's down to the
    /// right, or the graph in rows; positions coloured by outcome class, moves by
    /// mover.
    ///
    /// ```
    /// use nimlab::conway::Arena;
    /// use nimlab::explore::{GameGraph, Shape};
    /// let mut a = Arena::new();
    /// let star = a.star(1);
    /// let svg = GameGraph::of_value(&mut a, star, Shape::Graph).unwrap().svg().unwrap();
    /// assert!(svg.contains("<title>Game graph of *</title>"));
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] when there are too many nodes to draw
    /// ([`crate::draw::MAX_DIAGRAM_NODES`]).
    pub fn svg(&self) -> Result<String> {
        let ink_of = |o: Option<Outcome>| match o {
            Some(Outcome::L) => Ink::Blue,
            Some(Outcome::R) => Ink::Red,
            Some(Outcome::N) => Ink::Green,
            _ => Ink::Black,
        };
        let nodes = self
            .nodes
            .iter()
            .map(|v| DiagramNode {
                label: v.label.clone(),
                note: note(v),
                row: v.depth,
                ink: ink_of(v.outcome),
            })
            .collect();
        let edges = self
            .edges
            .iter()
            .map(|e| DiagramEdge {
                from: e.from,
                to: e.to,
                ink: match e.mover {
                    Mover::Left => Ink::Blue,
                    Mover::Right => Ink::Red,
                    Mover::Either => Ink::Green,
                },
            })
            .collect();
        let legend = if self.partizan {
            vec![
                (
                    Ink::Blue,
                    "Left's moves; L-positions (Left wins)".to_string(),
                ),
                (
                    Ink::Red,
                    "Right's moves; R-positions (Right wins)".to_string(),
                ),
                (
                    Ink::Green,
                    "moves of both players; N-positions (the player to move wins)".to_string(),
                ),
                (
                    Ink::Black,
                    "P-positions (the player to move loses)".to_string(),
                ),
            ]
        } else {
            vec![
                (
                    Ink::Green,
                    "moves; N-positions (the player to move wins)".to_string(),
                ),
                (
                    Ink::Black,
                    "P-positions (the player to move loses)".to_string(),
                ),
            ]
        };
        let (kind, layout) = match self.shape {
            Shape::Tree => ("Game tree", Layout::Tree),
            Shape::Graph => ("Game graph", Layout::Layered),
        };
        diagram_svg(&Diagram {
            title: format!("{kind} of {}", self.title),
            layout,
            nodes,
            edges,
            legend,
        })
    }
}

/// What a node's picture says under its label: its value (unless the label is the value)
/// and its outcome class.
fn note(v: &Node) -> Option<String> {
    let outcome = v.outcome.map(|o| o.to_string());
    match (&v.value, outcome) {
        (Some(value), Some(o)) if *value != v.label => Some(format!("{value}  {o}")),
        (_, o) => o,
    }
}

/// `n` things: `1 node`, `3 nodes`.
fn counted(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// The node as a line of text: the label, the value when it is not the label, the
/// outcome class.
fn node_text(v: &Node) -> String {
    let mut s = v.label.clone();
    if let Some(value) = v.value.as_ref().filter(|&value| *value != v.label) {
        s.push_str("  ");
        s.push_str(value);
        if let Some(o) = v.outcome {
            s.push_str(&format!(" ({o})"));
        }
    } else if let Some(o) = v.outcome {
        s.push_str(&format!("  ({o})"));
    }
    s
}

/// The graph of distinct positions, with depths (the longest way from the start when
/// `order` is a topological order, the shortest otherwise) and, in a partizan game, an
/// option of both players as one edge by either.
fn graph(explored: Explored, order: Option<&[usize]>) -> GameGraph {
    let n = explored.places.len();
    let mut depth = vec![0usize; n];
    match order {
        Some(order) => {
            for &v in order {
                for (_, o) in explored.options(v) {
                    depth[o.to] = depth[o.to].max(depth[v] + 1);
                }
            }
        }
        None => {
            let mut seen = vec![false; n];
            let mut queue = VecDeque::from([0usize]);
            seen[0] = true;
            while let Some(v) = queue.pop_front() {
                for (_, o) in explored.options(v) {
                    if !std::mem::replace(&mut seen[o.to], true) {
                        depth[o.to] = depth[v] + 1;
                        queue.push_back(o.to);
                    }
                }
            }
        }
    }
    let mut edges = Vec::new();
    for (v, place) in explored.places.iter().enumerate() {
        if explored.partizan {
            for o in &place.left {
                let both = place.right.iter().any(|r| r.to == o.to);
                edges.push(Edge {
                    from: v,
                    to: o.to,
                    mover: if both { Mover::Either } else { Mover::Left },
                    description: o.description.clone(),
                });
            }
            for o in &place.right {
                if !place.left.iter().any(|l| l.to == o.to) {
                    edges.push(Edge {
                        from: v,
                        to: o.to,
                        mover: Mover::Right,
                        description: o.description.clone(),
                    });
                }
            }
        } else {
            for o in &place.left {
                edges.push(Edge {
                    from: v,
                    to: o.to,
                    mover: Mover::Either,
                    description: o.description.clone(),
                });
            }
        }
    }
    let nodes = explored
        .places
        .into_iter()
        .enumerate()
        .map(|(id, p)| Node {
            id,
            label: p.label,
            outcome: p.value.as_ref().map(|v| v.1),
            value: p.value.map(|v| v.0),
            depth: depth[id],
        })
        .collect();
    GameGraph {
        shape: Shape::Graph,
        title: explored.title,
        partizan: explored.partizan,
        nodes,
        edges,
    }
}

/// How a node of a tree is reached: its parent, the mover, and the move.
type Arrival = (usize, Mover, Option<String>);

/// The tree of every line of play: the graph unfolded from the start, in pre-order.
///
/// # Errors
/// [`Error::Limit`] when it has more than [`MAX_NODES`] nodes (counted on the graph
/// before any is made).
fn tree(explored: Explored, order: &[usize]) -> Result<GameGraph> {
    let n = explored.places.len();
    // The size of each position's tree, options before the positions they come from.
    let mut size = vec![1u64; n];
    for &v in order.iter().rev() {
        let below = explored
            .options(v)
            .fold(0u64, |sum, (_, o)| sum.saturating_add(size[o.to]));
        size[v] = below.saturating_add(1);
    }
    if size[0] > MAX_NODES as u64 {
        let count = if size[0] == u64::MAX {
            "more than 10^19".to_string()
        } else {
            size[0].to_string()
        };
        return Err(Error::Limit(crate::LimitError {
            what: format!("the game tree of {} ({count} nodes)", explored.title),
            limit: format!(
                "game trees of at most {MAX_NODES} nodes; its game graph, which merges equal positions, has {n} nodes"
            ),
            further: Some(Further::Graph),
        }));
    }
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    // (position, the parent node with the move from it, depth)
    let mut stack: Vec<(usize, Option<Arrival>, usize)> = vec![(0, None, 0)];
    while let Some((v, from, depth)) = stack.pop() {
        let id = nodes.len();
        let place = &explored.places[v];
        nodes.push(Node {
            id,
            label: place.label.clone(),
            value: place.value.as_ref().map(|x| x.0.clone()),
            outcome: place.value.as_ref().map(|x| x.1),
            depth,
        });
        if let Some((parent, mover, description)) = from {
            edges.push(Edge {
                from: parent,
                to: id,
                mover,
                description,
            });
        }
        let children: Vec<_> = explored.options(v).collect();
        for (mover, o) in children.into_iter().rev() {
            stack.push((o.to, Some((id, mover, o.description.clone())), depth + 1));
        }
    }
    Ok(GameGraph {
        shape: Shape::Tree,
        title: explored.title,
        partizan: explored.partizan,
        nodes,
        edges,
    })
}

/// The tree as an indented outline (each child under its parent, Left's moves marked
/// `L:` and Right's `R:` in a partizan game); the graph as its positions, each with the
/// positions its moves lead to.
///
/// ```
/// use nimlab::conway::Arena;
/// use nimlab::explore::{GameGraph, Shape};
/// let mut a = Arena::new();
/// let star = a.star(1);
/// let text = GameGraph::of_value(&mut a, star, Shape::Tree).unwrap().to_string();
/// assert_eq!(text, "game tree of *: 3 nodes, 2 edges\n*  (N)\n├── L: 0  (P)\n└── R: 0  (P)\n");
/// ```
impl fmt::Display for GameGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.shape {
            Shape::Tree => "tree",
            Shape::Graph => "graph",
        };
        writeln!(
            f,
            "game {kind} of {}: {}, {}",
            self.title,
            counted(self.nodes.len(), "node"),
            counted(self.edges.len(), "edge")
        )?;
        match self.shape {
            Shape::Tree => self.write_tree(f),
            Shape::Graph => self.write_graph(f),
        }
    }
}

impl GameGraph {
    fn write_tree(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.nodes.len();
        if n == 0 {
            return Ok(());
        }
        let mut children: Vec<Vec<&Edge>> = vec![Vec::new(); n];
        for e in &self.edges {
            if e.from < n {
                children[e.from].push(e);
            }
        }
        // (node, the edge into it, its depth, whether it is the last child of its parent)
        let mut stack: Vec<(usize, Option<&Edge>, usize, bool)> = vec![(0, None, 0, true)];
        // For each ancestor below the root, on the way down to the node being written:
        // whether it has siblings after it (its column goes on down, `│`).
        let mut open: Vec<bool> = Vec::new();
        while let Some((v, edge, depth, last)) = stack.pop() {
            let Some(node) = self.nodes.get(v) else {
                continue;
            };
            match edge {
                None => writeln!(f, "{}", node_text(node))?,
                Some(e) => {
                    open.truncate(depth - 1);
                    // Deep lines show the last MAX_INDENT columns only, after the depth.
                    let shown = open.len().saturating_sub(MAX_INDENT);
                    let mut prefix = if shown > 0 {
                        format!("[{depth}] ")
                    } else {
                        String::new()
                    };
                    for &more in &open[shown..] {
                        prefix.push_str(if more { "│   " } else { "    " });
                    }
                    let branch = if last { "└── " } else { "├── " };
                    let side = match e.mover {
                        Mover::Left => "L: ",
                        Mover::Right => "R: ",
                        Mover::Either => "",
                    };
                    writeln!(f, "{prefix}{branch}{side}{}", node_text(node))?;
                    open.push(!last);
                }
            }
            let below = &children[v];
            for (k, e) in below.iter().enumerate().rev() {
                stack.push((e.to, Some(e), depth + 1, k + 1 == below.len()));
            }
        }
        Ok(())
    }

    fn write_graph(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.nodes.len();
        let mut out: Vec<Vec<&Edge>> = vec![Vec::new(); n];
        for e in &self.edges {
            if e.from < n && e.to < n {
                out[e.from].push(e);
            }
        }
        for (v, node) in self.nodes.iter().enumerate() {
            writeln!(f, "{}", node_text(node))?;
            let groups: &[(Mover, &str)] = if self.partizan {
                &[
                    (Mover::Left, "L"),
                    (Mover::Right, "R"),
                    (Mover::Either, "L, R"),
                ]
            } else {
                &[(Mover::Either, "")]
            };
            for &(mover, name) in groups {
                let targets: Vec<&str> = out[v]
                    .iter()
                    .filter(|e| e.mover == mover)
                    .map(|e| self.nodes[e.to].label.as_str())
                    .collect();
                if targets.is_empty() {
                    continue;
                }
                let name = if name.is_empty() {
                    String::new()
                } else {
                    format!("{name} ")
                };
                writeln!(f, "  {name}-> {}", targets.join(", "))?;
            }
        }
        Ok(())
    }
}
