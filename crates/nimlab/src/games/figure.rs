//! What a position looks like: the data its picture is drawn from. Games describe their
//! positions so; [`crate::draw`] draws them (as SVG), and a front end may draw them its
//! own way.

use super::hackenbush::Colour;
use serde::Serialize;

/// The figure of a position.
///
/// ```
/// use nimlab::games::{Arg, Catalogue, Figure, Square};
/// let args = [Arg::new("domineering", 1), Arg::new(".#|..", 2)];
/// let sum = Catalogue::standard().parse_partizan_sum_args(&args).unwrap();
/// let Some(Figure::Board(b)) = sum.parts[0].figure() else { panic!() };
/// assert_eq!((b.width, b.height), (2, 2));
/// assert_eq!(b.squares, [Square::Empty, Square::Filled, Square::Empty, Square::Empty]);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Figure {
    /// A board of squares.
    Board(Board),
    /// A Hackenbush picture: edges standing on the ground.
    Graph(Graph),
}

/// A board of squares, the columns lettered from the left and the rows numbered from the
/// bottom as the games name them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The picture's title (`Clobber xo|ox`).
    pub title: String,
    /// Squares in a row.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// What each square shows, row by row from the top, each row from the left.
    pub squares: Vec<Square>,
}

/// What a square of a board shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Square {
    /// An empty square.
    Empty,
    /// A square that is filled (no longer on the board).
    Filled,
    /// A piece of Left's (blue).
    Left,
    /// A piece of Right's (red).
    Right,
}

/// Edges in colours between numbered vertices, vertex 0 the ground.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Graph {
    /// The picture's title (`hackenbush 0-1b 1-2r`).
    pub title: String,
    /// The number each vertex is written with, by vertex (the ground first).
    pub names: Vec<u32>,
    /// The edges: their ends (vertex indices) and colours; a loop has both ends equal.
    pub edges: Vec<(usize, usize, Colour)>,
}
