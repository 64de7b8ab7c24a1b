//! Games drawn as text 001 draws them: the game tree of a position (every node a
//! position, every edge a move, Left's and Right's moves told apart) and its game graph
//! (equal positions merged), of any catalogue position or of a Conway game; the games
//! born by a day as a Hasse diagram of their order; and the derivation of the games born
//! by a day from those of the day before (every pair of option sets, the dominated
//! options removed, the equal values grouped). Each is data (`Serialize`), written as
//! text by `Display` and drawn as SVG by [`crate::draw`].
//!
//! ```
//! use nimlab::conway::Arena;
//! use nimlab::explore::{Derivation, GameGraph, Hasse, Shape};
//! let mut a = Arena::new();
//! // {1|0}: Left's option 1 (whose own option is 0), Right's option 0.
//! let (one, zero) = (a.integer(1), a.zero());
//! let g = a.game(vec![one], vec![zero]);
//! assert_eq!(GameGraph::of_value(&mut a, g, Shape::Tree).unwrap().nodes.len(), 4);
//! assert_eq!(GameGraph::of_value(&mut a, g, Shape::Graph).unwrap().nodes.len(), 3);
//! // Day 1: -1 < 0 < 1 and -1 < * < 1, with 0 and * incomparable.
//! assert_eq!(Hasse::born_by(&mut a, 1).unwrap().covers.len(), 4);
//! // Text 001: 256 pairs of option sets, 6 antichains, 36 games, 22 values.
//! let d = Derivation::of_day(&mut a, 2).unwrap();
//! assert_eq!((d.pairs, d.option_sets, d.forms, d.values), (256, 6, 36, 22));
//! ```

mod derive;
mod game_graph;
mod hasse;
mod positions;
mod values;

pub use derive::{Derivation, Group, OptionSet};
pub use game_graph::{Edge, GameGraph, Mover, Node, Shape, MAX_EDGES, MAX_NODES};
pub use hasse::{Cover, Hasse, HasseGame, MAX_DRAWN_GAMES};
