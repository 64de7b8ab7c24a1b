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

/// The positions found so far in a search from one position, numbered in the order they
/// were found, with the moves between them and those still to expand.
struct Search<S> {
    title: String,
    index: FxHashMap<String, usize>,
    sums: Vec<S>,
    places: Vec<Place>,
    queue: VecDeque<usize>,
    edges: usize,
}

/// A move met in the search: the key of the position it leads to (equal keys, equal
/// positions), the position, its label and the move in words.
struct Met<S> {
    key: String,
    after: S,
    label: String,
    description: String,
}

impl<S> Search<S> {
    /// A search from `start`, written `key` and labelled `label`.
    fn new(title: String, key: String, start: S, label: String) -> Search<S> {
        Search {
            title,
            index: FxHashMap::from_iter([(key, 0)]),
            sums: vec![start],
            places: vec![Place {
                label,
                value: None,
                left: Vec::new(),
                right: Vec::new(),
            }],
            queue: VecDeque::from([0usize]),
            edges: 0,
        }
    }

    /// The next position to expand.
    fn next(&mut self) -> Option<usize> {
        self.queue.pop_front()
    }

    /// The distinct positions `moves` lead to, each numbered (and queued when new).
    fn options(&mut self, moves: impl IntoIterator<Item = Met<S>>) -> Result<Vec<Opt>> {
        let mut options: Vec<Opt> = Vec::new();
        for m in moves {
            let to = match self.index.get(&m.key) {
                Some(&to) => to,
                None => {
                    if self.places.len() >= MAX_NODES {
                        return Err(too_large(
                            &self.title,
                            &format!("more than {MAX_NODES} positions"),
                        ));
                    }
                    let to = self.places.len();
                    self.index.insert(m.key, to);
                    self.places.push(Place {
                        label: label(m.label),
                        value: None,
                        left: Vec::new(),
                        right: Vec::new(),
                    });
                    self.sums.push(m.after);
                    self.queue.push_back(to);
                    to
                }
            };
            if !options.iter().any(|o| o.to == to) {
                options.push(Opt {
                    to,
                    description: Some(m.description),
                });
            }
        }
        self.edges += options.len();
        if self.edges > MAX_EDGES {
            return Err(too_large(
                &self.title,
                &format!("more than {MAX_EDGES} moves"),
            ));
        }
        Ok(options)
    }

    /// The positions found, without their values yet.
    fn explored(self, partizan: bool) -> Explored {
        Explored {
            title: self.title,
            partizan,
            places: self.places,
        }
    }
}

/// Every position of an impartial sum reachable from `start`, with Grundy values.
fn impartial(start: &Sum, title: String) -> Result<Explored> {
    let mut search = Search::new(title, start.key(), start.clone(), label(start.notation()));
    while let Some(v) = search.next() {
        crate::limits::check()?;
        let turns = search.sums[v].turns()?;
        let options = search.options(turns.into_iter().map(|t| Met {
            key: t.after.key(),
            label: t.after.notation(),
            after: t.after,
            description: t.description,
        }))?;
        search.places[v].left = options;
    }
    let mut explored = search.explored(false);
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
    let mut search = Search::new(
        title,
        start.notation(),
        start.clone(),
        label(start.position()),
    );
    while let Some(v) = search.next() {
        crate::limits::check()?;
        for side in [Side::Left, Side::Right] {
            let moves = search.sums[v].moves(side);
            let options = search.options(moves.into_iter().map(|t| Met {
                key: t.after.notation(),
                label: t.after.position(),
                after: t.after,
                description: t.description,
            }))?;
            match side {
                Side::Left => search.places[v].left = options,
                Side::Right => search.places[v].right = options,
            }
        }
    }
    let mut explored = search.explored(true);
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
