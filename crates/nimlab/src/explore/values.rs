//! The subgames of a Conway game explored from its canonical form: each node a game in
//! CGSuite's notation, its edges its canonical Left and Right options (ordered as the
//! printer writes them), equal subgames one node of the game graph.

use super::game_graph::{Explored, GameGraph, Opt, Place, Shape, MAX_EDGES, MAX_NODES};
use crate::conway::{outcome, Arena, GameId};
use crate::notation::{ordered, try_print};
use crate::{Error, Result};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

impl GameGraph {
    /// The game tree (`Shape::Tree`) or the game graph (`Shape::Graph`) of the canonical
    /// form `g`: Left's options and Right's options at every node, down to 0; in the
    /// graph every distinct subgame once.
    ///
    /// ```
    /// use nimlab::conway::Arena;
    /// use nimlab::explore::{GameGraph, Mover, Shape};
    /// let mut a = Arena::new();
    /// // ↑ = {0|*}: Left moves to 0, Right to *, whose options are 0 for both.
    /// let up = a.up(1);
    /// let tree = GameGraph::of_value(&mut a, up, Shape::Tree).unwrap();
    /// let labels: Vec<&str> = tree.nodes.iter().map(|v| v.label.as_str()).collect();
    /// assert_eq!(labels, ["^", "0", "*", "0", "0"]);
    /// let graph = GameGraph::of_value(&mut a, up, Shape::Graph).unwrap();
    /// assert_eq!(graph.nodes.len(), 3);
    /// // 0 is an option of both players at *: one edge, by either.
    /// assert_eq!(graph.edges.iter().filter(|e| e.mover == Mover::Either).count(), 1);
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] beyond [`MAX_NODES`] subgames (or tree nodes) or [`MAX_EDGES`]
    /// options, or when a subgame's options are beyond the arena's limits; a stop
    /// (Ctrl-C, the time or memory limit).
    pub fn of_value(arena: &mut Arena, g: GameId, shape: Shape) -> Result<GameGraph> {
        let title = try_print(arena, g)?;
        let mut index: FxHashMap<GameId, usize> = FxHashMap::default();
        index.insert(g, 0);
        let mut games = vec![g];
        let mut places = vec![place(arena, g, title.clone())];
        let mut edges = 0usize;
        let mut queue = VecDeque::from([0usize]);
        while let Some(v) = queue.pop_front() {
            crate::limits::check()?;
            if arena.interrupted() {
                return Err(arena.stop_error());
            }
            let (l, r) = arena.options(games[v]);
            if let Some((what, limit)) = arena.take_overflow() {
                return Err(Error::limit(what, limit));
            }
            edges += l.len() + r.len();
            if edges > MAX_EDGES {
                return Err(too_large(&title, &format!("more than {MAX_EDGES} options")));
            }
            let mut sides = [Vec::new(), Vec::new()];
            for (side, options) in [l, r].into_iter().enumerate() {
                for o in ordered(arena, options) {
                    let to = match index.get(&o) {
                        Some(&to) => to,
                        None => {
                            if places.len() >= MAX_NODES {
                                return Err(too_large(
                                    &title,
                                    &format!("more than {MAX_NODES} subgames"),
                                ));
                            }
                            let to = places.len();
                            index.insert(o, to);
                            let text = try_print(arena, o)?;
                            places.push(place(arena, o, text));
                            games.push(o);
                            queue.push_back(to);
                            to
                        }
                    };
                    sides[side].push(Opt {
                        to,
                        description: None,
                    });
                }
            }
            let [left, right] = sides;
            places[v].left = left;
            places[v].right = right;
        }
        let explored = Explored {
            title,
            partizan: true,
            places,
        };
        GameGraph::from_explored(explored, shape)
    }
}

/// The node of the subgame `g`, written `text`, with its outcome class.
fn place(arena: &mut Arena, g: GameId, text: String) -> Place {
    let class = outcome(arena, g);
    Place {
        label: text.clone(),
        value: Some((text, class)),
        left: Vec::new(),
        right: Vec::new(),
    }
}

/// The limit error of a game with too many subgames or options.
fn too_large(title: &str, what: &str) -> Error {
    Error::limit(
        format!("the subgames of {title} ({what})"),
        format!("game trees and graphs of at most {MAX_NODES} subgames and {MAX_EDGES} options"),
    )
}
