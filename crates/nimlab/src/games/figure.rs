//! What a position looks like: the data its picture is drawn from. Each game describes
//! its positions so (heaps as rows, boards of squares and pieces, a strip of coins, a
//! Hackenbush picture); [`crate::draw`] draws them as text and as SVG, and a front end
//! may draw them its own way.

use super::hackenbush::Colour;
use serde::Serialize;

/// The widest strip or board a game gives a figure for, and the largest heap drawn as a
/// row of matches (larger positions are written in their notation, larger heaps as
/// numbers).
pub const MAX_DRAWN_WIDTH: u64 = 60;

/// The figure of a position: its title, its shape and the notes under it (whose turn it
/// is, what the mover may take).
///
/// ```
/// use nimlab::games::{Arg, Catalogue, Shape, Square};
/// let args = [Arg::new("domineering", 1), Arg::new(".#|..", 2)];
/// let sum = Catalogue::standard().parse_partizan_sum_args(&args).unwrap();
/// let figure = sum.parts[0].figure().unwrap();
/// let Shape::Board(b) = &figure.shape else { panic!() };
/// assert_eq!((b.width, b.height), (2, 2));
/// assert_eq!(b.squares, [Square::Empty, Square::Filled, Square::Empty, Square::Empty]);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figure {
    /// The picture's title (`Clobber xo|ox`).
    pub title: String,
    /// What is drawn.
    pub shape: Shape,
    /// Lines written under the picture.
    pub notes: Vec<String>,
}

impl Figure {
    /// A figure of `shape` with no title and no notes.
    ///
    /// ```
    /// use nimlab::games::{Figure, Heap, Shape};
    /// let f = Figure::new(Shape::Heaps(vec![Heap::matches("heap", 1, 3)])).titled("nim 3").note("one heap");
    /// assert_eq!((f.title.as_str(), f.notes.len()), ("nim 3", 1));
    /// ```
    pub fn new(shape: Shape) -> Figure {
        Figure {
            title: String::new(),
            shape,
            notes: Vec::new(),
        }
    }

    /// The figure with its title.
    #[must_use]
    pub fn titled(mut self, title: impl Into<String>) -> Figure {
        self.title = title.into();
        self
    }

    /// The figure with one more note.
    #[must_use]
    pub fn note(mut self, note: impl Into<String>) -> Figure {
        self.notes.push(note.into());
        self
    }
}

/// What a figure draws.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    /// Heaps (or stairs, numbers, rows of coins) drawn one to a line.
    Heaps(Vec<Heap>),
    /// A strip of squares numbered from the left, each showing a piece or nothing.
    Strip(Strip),
    /// A board of squares.
    Board(Board),
    /// A Hackenbush picture: edges standing on the ground.
    Graph(Graph),
}

/// One heap of a [`Shape::Heaps`]: its name, its number and its size.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Heap {
    /// What it is (`heap`, `stair`, `circle`).
    pub name: String,
    /// Its number, as moves name it (none for a heap that is the only one of its kind).
    pub number: Option<u64>,
    /// How many matches (coins, the number itself).
    pub size: u64,
    /// What it is made of.
    pub of: Things,
}

impl Heap {
    /// A heap of matches.
    ///
    /// ```
    /// let h = nimlab::games::Heap::matches("stair", 2, 5);
    /// assert_eq!((h.number, h.size), (Some(2), 5));
    /// ```
    pub fn matches(name: &str, number: u64, size: u64) -> Heap {
        Heap {
            name: name.to_string(),
            number: Some(number),
            size,
            of: Things::Matches,
        }
    }

    /// Numbered heaps of matches, `name 1`, `name 2`… in order.
    ///
    /// ```
    /// let heaps = nimlab::games::Heap::numbered("heap", &[3, 0]);
    /// assert_eq!(heaps[1], nimlab::games::Heap::matches("heap", 2, 0));
    /// ```
    pub fn numbered(name: &str, sizes: &[u64]) -> Vec<Heap> {
        (1..)
            .zip(sizes)
            .map(|(i, &s)| Heap::matches(name, i, s))
            .collect()
    }

    /// The heaps that are not empty, each with its number among all of them (moves name
    /// heaps so), as the texts draw Nim.
    ///
    /// ```
    /// let heaps = nimlab::games::Heap::live("heap", &[2, 0, 3]);
    /// assert_eq!(heaps.iter().map(|h| h.number).collect::<Vec<_>>(), [Some(1), Some(3)]);
    /// ```
    pub fn live(name: &str, sizes: &[u64]) -> Vec<Heap> {
        (1..)
            .zip(sizes)
            .filter(|&(_, &s)| s > 0)
            .map(|(i, &s)| Heap::matches(name, i, s))
            .collect()
    }
}

/// What a heap is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Things {
    /// Matches side by side.
    Matches,
    /// Coins in a row.
    Coins,
    /// Coins in a circle.
    Circle,
}

/// A strip of squares numbered from 1 at the left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Strip {
    /// What a square is called (`square`, `coin`).
    pub name: String,
    /// What each square shows, from the left.
    pub squares: Vec<Square>,
}

impl Strip {
    /// Coins on a strip of squares numbered from 1 at the edge: a coin (several on one
    /// square counted), the gold coin at index `gold`, empty squares; coins off the
    /// board (on square 0) are not on the strip. `None` past [`MAX_DRAWN_WIDTH`]
    /// squares.
    ///
    /// ```
    /// use nimlab::games::{Piece, Square, Strip};
    /// let s = Strip::coins(&[0, 2, 4, 4], Some(1)).unwrap();
    /// assert_eq!(s.squares, [Square::Empty, Square::Piece(Piece::Gold), Square::Empty, Square::Count(2)]);
    /// ```
    pub fn coins(coins: &[u64], gold: Option<usize>) -> Option<Strip> {
        let last = coins.iter().copied().max().unwrap_or(0);
        if last > MAX_DRAWN_WIDTH {
            return None;
        }
        let squares = (1..=last)
            .map(|sq| {
                let here: Vec<usize> = (0..coins.len()).filter(|&i| coins[i] == sq).collect();
                match here.as_slice() {
                    [] => Square::Empty,
                    [i] if Some(*i) == gold => Square::Piece(Piece::Gold),
                    [_] => Square::Piece(Piece::Stone),
                    many => Square::Count(many.len() as u64),
                }
            })
            .collect();
        Some(Strip {
            name: "square".to_string(),
            squares,
        })
    }

    /// A row of coins written with `H` (heads) and `T` (tails), numbered from 1 on the
    /// left. `None` past [`MAX_DRAWN_WIDTH`] coins.
    ///
    /// ```
    /// use nimlab::games::{Piece, Square, Strip};
    /// let s = Strip::coin_row("TH").unwrap();
    /// assert_eq!(s.squares, [Square::Piece(Piece::Tails), Square::Piece(Piece::Heads)]);
    /// ```
    pub fn coin_row(row: &str) -> Option<Strip> {
        if row.len() as u64 > MAX_DRAWN_WIDTH {
            return None;
        }
        let squares = row
            .chars()
            .map(|c| match c {
                'H' | 'h' => Square::Piece(Piece::Heads),
                _ => Square::Piece(Piece::Tails),
            })
            .collect();
        Some(Strip {
            name: "coin".to_string(),
            squares,
        })
    }
}

/// Coins on a strip ([`Strip::coins`]) with the coins off the board counted in a note.
///
/// ```
/// let f = nimlab::games::figure::coins_figure(&[0, 2], None).unwrap();
/// assert_eq!(f.notes, ["1 coin off the board"]);
/// ```
pub fn coins_figure(coins: &[u64], gold: Option<usize>) -> Option<Figure> {
    let figure = Figure::new(Shape::Strip(Strip::coins(coins, gold)?));
    Some(match coins.iter().filter(|&&c| c == 0).count() {
        0 => figure,
        1 => figure.note("1 coin off the board"),
        off => figure.note(format!("{off} coins off the board")),
    })
}

/// A board of squares with its rows and columns named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Squares in a row.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// What each square shows, row by row from the top, each row from the left.
    pub squares: Vec<Square>,
    /// How the rows are named.
    pub rows: Labels,
    /// How the columns are named.
    pub columns: Labels,
}

impl Board {
    /// A board named as the games name squares: the columns lettered from the left, the
    /// rows numbered from 1 at the bottom.
    ///
    /// ```
    /// use nimlab::games::{Board, Labels, Square};
    /// let b = Board::lettered(2, 1, vec![Square::Left, Square::Right]);
    /// assert_eq!((b.rows, b.columns), (Labels::Up(1), Labels::Letters));
    /// ```
    pub fn lettered(width: u32, height: u32, squares: Vec<Square>) -> Board {
        Board {
            width,
            height,
            squares,
            rows: Labels::Up(1),
            columns: Labels::Letters,
        }
    }
}

impl Board {
    /// Pieces at `(x, y)`, x the column from the left and y the row from the bottom, both
    /// from 0 and numbered so: `piece` on a square, a count where there are several. The
    /// board is `width` wide (or as wide as the pieces need). `None` past
    /// [`MAX_DRAWN_WIDTH`] columns or rows.
    ///
    /// ```
    /// use nimlab::games::{Board, Labels, Piece, Square};
    /// let b = Board::pieces(&[(1, 0), (1, 0)], None, Piece::Rook).unwrap();
    /// assert_eq!((b.width, b.height, b.rows), (2, 1, Labels::Up(0)));
    /// assert_eq!(b.squares, [Square::Empty, Square::Count(2)]);
    /// assert_eq!(Board::pieces(&[(u64::MAX, 0)], None, Piece::Rook), None);
    /// ```
    pub fn pieces(pieces: &[(u64, u64)], width: Option<u64>, piece: Piece) -> Option<Board> {
        // A piece on the last column or row of 64 bits is beyond any board: no overflow.
        let cols = width.unwrap_or_else(|| {
            pieces
                .iter()
                .map(|p| p.0.saturating_add(1))
                .max()
                .unwrap_or(1)
        });
        let rows = pieces
            .iter()
            .map(|p| p.1.saturating_add(1))
            .max()
            .unwrap_or(1);
        if cols > MAX_DRAWN_WIDTH || rows > MAX_DRAWN_WIDTH {
            return None;
        }
        let squares = (0..rows)
            .rev()
            .flat_map(|y| (0..cols).map(move |x| (x, y)))
            .map(|at| match pieces.iter().filter(|&&p| p == at).count() {
                0 => Square::Empty,
                1 => Square::Piece(piece),
                n => Square::Count(n as u64),
            })
            .collect();
        Some(Board {
            width: cols as u32,
            height: rows as u32,
            squares,
            rows: Labels::Up(0),
            columns: Labels::Up(0),
        })
    }
}

/// How the rows or the columns of a board are named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Labels {
    /// `a`, `b`, `c`… from the left.
    Letters,
    /// Numbered from the given number at the bottom (rows) or the left (columns).
    Up(u64),
    /// Numbered from the given number at the top (rows).
    Down(u64),
    /// Not named.
    None,
}

/// What a square of a board or a strip shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Square {
    /// An empty square.
    Empty,
    /// A square that is filled (no longer on the board).
    Filled,
    /// No square: a gap in a board that is not a rectangle.
    Absent,
    /// A piece of Left's (blue).
    Left,
    /// A piece of Right's (red).
    Right,
    /// A piece that belongs to neither player.
    Piece(Piece),
    /// Several pieces on one square, or a stack of this height.
    Count(u64),
}

/// A piece on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    /// A stone or a coin.
    Stone,
    /// The gold coin of the Golden Dollar.
    Gold,
    /// A white counter (Northcott's game).
    White,
    /// A black counter.
    Black,
    /// A white pawn.
    WhitePawn,
    /// A black pawn.
    BlackPawn,
    /// A rook.
    Rook,
    /// A queen.
    Queen,
    /// A knight.
    Knight,
    /// A square of chocolate.
    Chocolate,
    /// The poisoned square of chocolate.
    Poison,
    /// A toad (Toads and Frogs).
    Toad,
    /// A frog.
    Frog,
    /// A coin showing heads.
    Heads,
    /// A coin showing tails.
    Tails,
}

/// Edges in colours between numbered vertices, vertex 0 the ground.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Graph {
    /// The number each vertex is written with, by vertex (the ground first).
    pub names: Vec<u32>,
    /// The edges: their ends (vertex indices) and colours; a loop has both ends equal.
    pub edges: Vec<(usize, usize, Colour)>,
}
