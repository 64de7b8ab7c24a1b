//! The positions of a catalogue game explored from one position: every position that
//! play can reach, with the moves between them and each position's value worked out from
//! its options (the mex of the options' nimbers in an impartial game, the canonical form
//! `{L | R}` of the options' values in a partizan one), as text 001 works them out.

use super::game_graph::{Explored, GameGraph, Opt, Place, Shape, MAX_EDGES, MAX_NODES};
use crate::conway::{outcome, Arena, GameId};
use crate::games::ruleset::Side;
use crate::games::{Game, PartizanSum, Sum};
use crate::nimber::mex;
use crate::{Error, Nimber, Outcome, Result};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

impl GameGraph {
    /// The game tree (`Shape::Tree`) or the game graph (`Shape::Graph`) of a catalogue
    /// position, impartial or partizan, one part or a sum. Positions are equal when they
    /// are written the same (with their games' ids, in a sum); each node's options are
    /// the distinct positions its moves lead to. The values are worked out from the
    /// options, where play cannot loop.
    ///
    /// ```
    /// use nimlab::explore::{GameGraph, Mover, Shape};
    /// use nimlab::games::{Arg, Catalogue};
    /// let args = [Arg::new("nim", 1), Arg::new("1", 2), Arg::new("2", 3)];
    /// let game = Catalogue::standard().parse_game(&args).unwrap();
    /// let tree = GameGraph::of_game(&game, Shape::Tree).unwrap();
    /// // 1 2 → 0 2, 1 1, 1 0; 0 2 → 0 1, 0 0; 1 1 → 0 1, 1 0; 1 0 → 0 0; 0 1 → 0 0.
    /// assert_eq!(tree.nodes.len(), 12);
    /// assert_eq!(tree.nodes[0].value.as_deref(), Some("*3"));
    /// assert!(tree.edges.iter().all(|e| e.mover == Mover::Either));
    /// let graph = GameGraph::of_game(&game, Shape::Graph).unwrap();
    /// assert_eq!(graph.nodes.len(), 6);
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] beyond [`MAX_NODES`] positions (or tree nodes) or [`MAX_EDGES`]
    /// moves, or when a position has too many moves to list; [`Error::Unsupported`] for a
    /// tree of a game whose play loops, and for Black-White Nim with infinite columns;
    /// a stop (Ctrl-C, the time or memory limit).
    pub fn of_game(game: &Game, shape: Shape) -> Result<GameGraph> {
        let title = match game.game().as_str() {
            "sum" => game.position(),
            id => format!("{id} {}", game.position()),
        };
        let explored = match game {
            Game::Impartial(sum) => impartial(sum, title)?,
            Game::Partizan(sum) => partizan(sum, title)?,
            Game::Infinite(p) => {
                return Err(Error::Unsupported(format!(
                    "{p} has a column repeated for ever: infinitely many positions, so no finite game tree or graph"
                )))
            }
        };
        GameGraph::from_explored(explored, shape)
    }
}

/// The limit error of a game graph with more than [`MAX_NODES`] positions or
/// [`MAX_EDGES`] moves.
fn too_large(title: &str, what: &str) -> Error {
    Error::limit(
        format!("the positions of {title} ({what})"),
        format!("game trees and graphs of at most {MAX_NODES} positions and {MAX_EDGES} moves"),
    )
}

/// The label of a position: its notation, or `·` for a position written as nothing.
fn label(text: String) -> String {
    if text.trim().is_empty() {
        "·".to_string()
    } else {
        text
    }
}

/// Every position of an impartial sum reachable from `start`, with Grundy values.
fn impartial(start: &Sum, title: String) -> Result<Explored> {
    let mut index: FxHashMap<String, usize> = FxHashMap::default();
    index.insert(start.key(), 0);
    let mut sums = vec![start.clone()];
    let mut places = vec![Place {
        label: label(start.notation()),
        value: None,
        left: Vec::new(),
        right: Vec::new(),
    }];
    let mut edges = 0usize;
    let mut queue = VecDeque::from([0usize]);
    while let Some(v) = queue.pop_front() {
        crate::limits::check()?;
        let turns = sums[v].turns()?;
        let mut options: Vec<Opt> = Vec::new();
        for t in turns {
            let key = t.after.key();
            let to = match index.get(&key) {
                Some(&to) => to,
                None => {
                    if places.len() >= MAX_NODES {
                        return Err(too_large(
                            &title,
                            &format!("more than {MAX_NODES} positions"),
                        ));
                    }
                    let to = places.len();
                    index.insert(key, to);
                    places.push(Place {
                        label: label(t.after.notation()),
                        value: None,
                        left: Vec::new(),
                        right: Vec::new(),
                    });
                    sums.push(t.after);
                    queue.push_back(to);
                    to
                }
            };
            if !options.iter().any(|o| o.to == to) {
                options.push(Opt {
                    to,
                    description: Some(t.description),
                });
            }
        }
        edges += options.len();
        if edges > MAX_EDGES {
            return Err(too_large(&title, &format!("more than {MAX_EDGES} moves")));
        }
        places[v].left = options;
    }
    let mut explored = Explored {
        title,
        partizan: false,
        places,
    };
    // Grundy values from the last positions up, where play cannot loop.
    if let Some(order) = explored.topological_order() {
        let mut grundy = vec![0u64; explored.places.len()];
        for &v in order.iter().rev() {
            grundy[v] = mex(explored.places[v].left.iter().map(|o| grundy[o.to]));
            let value = Nimber::from(grundy[v]);
            explored.places[v].value =
                Some((value.to_string(), Outcome::from_grundy_zero(grundy[v] == 0)));
        }
    }
    Ok(explored)
}

/// Every position of a partizan sum reachable from `start`, with canonical values.
fn partizan(start: &PartizanSum, title: String) -> Result<Explored> {
    let mut index: FxHashMap<String, usize> = FxHashMap::default();
    index.insert(start.notation(), 0);
    let mut sums = vec![start.clone()];
    let mut places = vec![Place {
        label: label(start.position()),
        value: None,
        left: Vec::new(),
        right: Vec::new(),
    }];
    let mut edges = 0usize;
    let mut queue = VecDeque::from([0usize]);
    while let Some(v) = queue.pop_front() {
        crate::limits::check()?;
        for side in [Side::Left, Side::Right] {
            let mut options: Vec<Opt> = Vec::new();
            for t in sums[v].moves(side) {
                let key = t.after.notation();
                let to = match index.get(&key) {
                    Some(&to) => to,
                    None => {
                        if places.len() >= MAX_NODES {
                            return Err(too_large(
                                &title,
                                &format!("more than {MAX_NODES} positions"),
                            ));
                        }
                        let to = places.len();
                        index.insert(key, to);
                        places.push(Place {
                            label: label(t.after.position()),
                            value: None,
                            left: Vec::new(),
                            right: Vec::new(),
                        });
                        sums.push(t.after);
                        queue.push_back(to);
                        to
                    }
                };
                if !options.iter().any(|o| o.to == to) {
                    options.push(Opt {
                        to,
                        description: Some(t.description),
                    });
                }
            }
            edges += options.len();
            if edges > MAX_EDGES {
                return Err(too_large(&title, &format!("more than {MAX_EDGES} moves")));
            }
            match side {
                Side::Left => places[v].left = options,
                Side::Right => places[v].right = options,
            }
        }
    }
    let mut explored = Explored {
        title,
        partizan: true,
        places,
    };
    // Canonical forms from the last positions up (a partizan game of the catalogue
    // always ends).
    if let Some(order) = explored.topological_order() {
        let mut arena = Arena::new();
        let mut value: Vec<Option<GameId>> = vec![None; explored.places.len()];
        for &v in order.iter().rev() {
            crate::limits::check()?;
            let place = &explored.places[v];
            let of =
                |opts: &[Opt]| -> Vec<GameId> { opts.iter().filter_map(|o| value[o.to]).collect() };
            let (l, r) = (of(&place.left), of(&place.right));
            let g = arena.game(l, r);
            if let Some((what, limit)) = arena.take_overflow() {
                return Err(Error::limit(what, limit));
            }
            value[v] = Some(g);
            let text = crate::notation::try_print(&mut arena, g)?;
            let class = outcome(&mut arena, g);
            explored.places[v].value = Some((text, class));
        }
    }
    Ok(explored)
}
