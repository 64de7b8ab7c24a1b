//! Hackenbush (Blue-Red-Green Hackenbush, Winning Ways chapters 1, 2 and 7): a picture of
//! edges standing on the ground.
//!
//! Rules: a picture is a graph whose edges are coloured blue, red or green, one of its
//! vertices being the ground (every point on the ground is that one vertex). Left (blue)
//! deletes a blue or a green edge, Right (red) a red or a green edge; every edge no longer
//! joined to the ground through the edges left disappears with it. A player who cannot
//! move loses. Loops (an edge from a vertex to itself) and several edges between the
//! same two vertices are allowed.
//!
//! Notation, two forms:
//!
//! - Edges `u-v` between numbered vertices, `0` the ground, each followed by its colour:
//!   `b` (blue, Left's), `r` (red, Right's) or `g` (green, either's); `l`, `e` and capitals
//!   are read too (`l` blue, `e` green, CGSuite's letters for Left and Either), and an edge
//!   without a letter is green, so that the pictures of `green-hackenbush` are read as
//!   they are written there. Edges are separated by spaces or commas: `0-1b 1-2r 1-3g` is
//!   a blue edge on the ground carrying a red and a green one; `0-1b 1-2b 2-0r` a
//!   triangle; `1-1r` a red loop. This is how positions are written back, and a move is
//!   named by its edge as written there (`1-2r`).
//! - CGSuite's graph strings (its `game.graph.Hackenbush`): a word of colour letters is a
//!   stalk read from the ground up (`lrlerrr`: blue, red, blue, green, red, red, red);
//!   parentheses hold branches from the vertex reached, separated by `;` (`l(l;rl)` is a
//!   blue edge carrying a blue edge and a red-blue stalk); `:A` or `:{name}` after an
//!   edge names the vertex it reaches, and a name met again is the same vertex
//!   (`:{g}llrr:{g}` is a cycle through the ground: at the start of a word a name is the
//!   ground's; `(l:A;r:A)` is a blue and a red edge from the ground to one vertex, and
//!   `l:A(r:A)` a blue edge carrying a red loop); a `.` marking a vertex is skipped.
//!   CGSuite ignores spaces; here words separated by spaces (or by `;` outside
//!   parentheses) stand side by side on the ground: `lrl rr` is the sum of two stalks,
//!   written `(lrl;rr)` in CGSuite. The vertices are numbered as they are met, the
//!   ground 0.
//!
//! A text whose first character is a digit is read as edges, any other as a CGSuite
//! string; `(nothing)`, or nothing, is the empty picture. Edges not joined to the ground
//! are dropped when the picture is read.
//!
//! Decomposition: parts of the picture that meet only at the ground are independent, so a
//! position is the sum of its blocks, the groups of edges joined through vertices other
//! than the ground (a loop on the ground is a block alone). Each block is renumbered for
//! the solver's table. A block that is a tree (loops and bundles of parallel edges
//! allowed) is written from the ground up with the things hanging from each vertex
//! ordered by a hash of their shapes, so that equal trees, however numbered, share one
//! entry; any other block is renumbered by a search from the ground and its edges
//! sorted. The table holds the renumbered picture itself, never a hash alone: two blocks
//! share an entry only when they are the same picture, so the values never depend on
//! how well equal blocks are found.
//!
//! ```
//! use nimlab::games::hackenbush::Hackenbush;
//! use nimlab::conway::Arena;
//! use nimlab::partizan::Solver;
//! let mut a = Arena::new();
//! let p = Hackenbush::parse("lrlerrr").unwrap();
//! assert_eq!(p.to_string(), "0-1b 1-2r 2-3b 3-4g 4-5r 5-6r 6-7r");
//! let g = Solver::new().value(&mut a, &p);
//! // CGSuite's own test of its Hackenbush.
//! assert_eq!(nimlab::notation::print(&mut a, g), "3/4v[3]*");
//! ```

use crate::conway::{Arena, Dyadic, GameId};
use crate::games::figure::{Figure, Graph, Shape};
use crate::games::hackenbush_string::HackenbushString;
use crate::games::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::{Error, Result};
use std::collections::HashMap;
use std::sync::Arc;

mod blocks;
mod notation;

/// The most edges a picture may have.
pub const MAX_EDGES: usize = 64;

/// The most vertices a picture of [`MAX_EDGES`] edges joined to the ground can have.
const MAX_VERTICES: usize = MAX_EDGES + 1;

/// The rules in one line.
pub const SUMMARY: &str = "a picture of blue, red and green edges standing on the ground; Left cuts a blue or green edge, Right a red or green one, and what is no longer joined to the ground falls";

/// How a position is written.
pub const NOTATION: &str = "edges `u-v` between numbered vertices, `0` the ground, each with its colour `b` (blue, Left's), `r` (red, Right's) or `g` (green, either's), e.g. `hackenbush 0-1b 1-2r 1-3g 0-3r`; or CGSuite's strings, a stalk from the ground up as `hackenbush lrlerr` (`l` blue, `r` red, `e` green), branches as `l(l;rl)`, `:A` naming a vertex; a move cuts an edge, named `1-2r`";

/// A picture to start from: a blue-red tree (5/8), a triangle with a green side (−1/2*),
/// a green stalk (*2), a red edge carrying a blue loop (−1/2) and a blue-red stalk (3/8):
/// *3 in all, a win for whoever moves first.
pub const START: &str =
    "0-1b 1-2r 1-3b 3-4r 3-5r 0-6r 6-7b 7-0g 0-8g 8-9g 0-10r 10-10b 0-11b 11-12r 12-13r 13-14b";

/// The colour of an edge.
///
/// ```
/// use nimlab::games::hackenbush::Colour;
/// assert_eq!(Colour::Blue.letter(), 'b');
/// assert!(Colour::Green.cut_by(nimlab::games::ruleset::Side::Right));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Blue: Left's edge.
    Blue,
    /// Red: Right's edge.
    Red,
    /// Green: either player's edge.
    Green,
}

impl Colour {
    /// The letter written after an edge: `b`, `r` or `g`.
    pub fn letter(self) -> char {
        match self {
            Colour::Blue => 'b',
            Colour::Red => 'r',
            Colour::Green => 'g',
        }
    }

    /// The colour of a letter: `b` or `l` blue, `r` red, `g` or `e` green, in either
    /// case.
    ///
    /// ```
    /// use nimlab::games::hackenbush::Colour;
    /// assert_eq!(Colour::from_letter('L'), Some(Colour::Blue));
    /// assert_eq!(Colour::from_letter('e'), Some(Colour::Green));
    /// assert_eq!(Colour::from_letter('x'), None);
    /// ```
    pub fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_lowercase() {
            'b' | 'l' => Some(Colour::Blue),
            'r' => Some(Colour::Red),
            'g' | 'e' => Some(Colour::Green),
            _ => None,
        }
    }

    /// Whether `side` may cut an edge of this colour.
    pub fn cut_by(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Colour::Green, _) | (Colour::Blue, Side::Left) | (Colour::Red, Side::Right)
        )
    }

    fn code(self) -> u32 {
        self as u32
    }

    fn of_code(code: u32) -> Colour {
        match code {
            0 => Colour::Blue,
            1 => Colour::Red,
            _ => Colour::Green,
        }
    }

    /// The colour's name: `blue`, `red` or `green`.
    ///
    /// ```
    /// assert_eq!(nimlab::games::hackenbush::Colour::Red.name(), "red");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
        }
    }
}

/// A Hackenbush position: a picture of at most [`MAX_EDGES`] edges and which of them are
/// still standing.
///
/// Each edge is packed in a `u32`: its ends (vertex indices, 0 the ground, in the order
/// written) in the low two bytes and its colour in the third; `names` gives the number a
/// vertex is written with (none when vertex i is written i); bit i of `present` is set
/// while edge i stands. Every standing edge is joined to the ground.
///
/// ```
/// use nimlab::games::hackenbush::Hackenbush;
/// use nimlab::conway::Arena;
/// use nimlab::partizan::Solver;
/// // A blue edge carrying two red ones: Left's cut leaves 0, Right's a stalk worth
/// // 1/2; {0 | 1/2} = 1/4.
/// let p = Hackenbush::parse("0-1b 1-2r 1-3r").unwrap();
/// let mut a = Arena::new();
/// let g = Solver::new().value(&mut a, &p);
/// assert_eq!(nimlab::notation::print(&mut a, g), "1/4");
/// ```
#[derive(Debug, Clone)]
pub struct Hackenbush {
    edges: Arc<[u32]>,
    names: Option<Arc<[u32]>>,
    present: u64,
}

/// Two positions are equal when the same edges stand, in the same order, written alike
/// (the edges that fell are not compared).
impl PartialEq for Hackenbush {
    fn eq(&self, other: &Hackenbush) -> bool {
        if Arc::ptr_eq(&self.edges, &other.edges) && self.names == other.names {
            return self.present == other.present;
        }
        let whole = |p: &Hackenbush| p.names.is_none() && p.present == all(p.edges.len());
        if whole(self) && whole(other) {
            // Every edge standing, each vertex written as its number: the edges alike.
            return self.edges == other.edges;
        }
        self.len() == other.len() && self.standing().eq(other.standing())
    }
}

impl Eq for Hackenbush {}

impl std::hash::Hash for Hackenbush {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u32(self.present.count_ones());
        for (u, v, c) in self.standing() {
            state.write_u64((u64::from(u) << 32 | u64::from(v)) ^ u64::from(c) << 62);
        }
    }
}

/// An edge packed as in [`Hackenbush`], its ends in the order given.
fn pack(u: usize, v: usize, colour: u32) -> u32 {
    u as u32 | (v as u32) << 8 | colour << 16
}

/// The ends (as packed) and colour code of a packed edge.
fn unpack(e: u32) -> (usize, usize, u32) {
    ((e & 0xff) as usize, (e >> 8 & 0xff) as usize, e >> 16)
}

/// The packed edge with its smaller end first: equal for the same edge either way round.
fn undirected(e: u32) -> u32 {
    let (u, v, c) = unpack(e);
    pack(u.min(v), u.max(v), c)
}

/// The set bits of a mask, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// The mask of the first `n` edges.
fn all(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Which edges meet at each vertex, for the edges of `edges` in `within`.
fn incidence(edges: &[u32], within: u64) -> [u64; MAX_VERTICES] {
    let mut inc = [0u64; MAX_VERTICES];
    for i in bits(within) {
        let (u, v, _) = unpack(edges[i]);
        inc[u] |= 1 << i;
        inc[v] |= 1 << i;
    }
    inc
}

/// An edge as read: the numbers of its ends as written and its colour.
type RawEdge = (u32, u32, Colour);

const GAME: &str = "hackenbush";

const EDGE_EXPECTED: &str = "an edge `u-v` between vertex numbers (0 the ground) followed by its colour `b` (blue), `r` (red) or `g` (green), as in `0-1b 1-2r`";

impl Hackenbush {
    /// Reads a picture: edges `u-v` with their colours (`0-1b 1-2r 1-3g`), or a CGSuite
    /// string (`lrlerrr`, `l(l;rl)`, `:{g}llrr:{g}`); see the module's documentation.
    /// Quotes around the text are ignored.
    ///
    /// ```
    /// use nimlab::games::hackenbush::Hackenbush;
    /// let p = Hackenbush::parse("\"l(l;rl)\"").unwrap();
    /// assert_eq!(p.to_string(), "0-1b 1-2b 1-3r 3-4b");
    /// assert_eq!(Hackenbush::parse("0-1b, 1-2r").unwrap().to_string(), "0-1b 1-2r");
    /// let e = Hackenbush::parse("0-1b 1-2x").unwrap_err().to_string();
    /// assert!(e.contains("edge 2 (`1-2x`)"), "{e}");
    /// ```
    ///
    /// # Errors
    /// A token that is not an edge (named with its place and what was expected), a
    /// character out of place in a CGSuite string (named with its place), or more than
    /// [`MAX_EDGES`] edges.
    pub fn parse(text: &str) -> Result<Hackenbush> {
        let text = text.trim().trim_matches('"').trim();
        if text.is_empty() || matches!(text, "(nothing)" | "nothing") {
            return Hackenbush::from_edges(&[]);
        }
        let edges = if text.starts_with(|c: char| c.is_ascii_digit()) {
            notation::read_edge_list(text)?
        } else {
            notation::read_cgsuite(text)?
        };
        Hackenbush::from_edges(&edges)
    }

    /// The picture of these edges (`(u, v, colour)`, vertices as numbered, 0 the
    /// ground); edges not joined to the ground are dropped.
    ///
    /// ```
    /// use nimlab::games::hackenbush::{Colour, Hackenbush};
    /// let p = Hackenbush::from_edges(&[(0, 7, Colour::Blue), (7, 3, Colour::Red), (5, 6, Colour::Red)]).unwrap();
    /// assert_eq!(p.to_string(), "0-7b 7-3r");
    /// assert_eq!(p.len(), 2);
    /// ```
    ///
    /// # Errors
    /// More than [`MAX_EDGES`] edges.
    pub fn from_edges(edges: &[(u32, u32, Colour)]) -> Result<Hackenbush> {
        if edges.len() > MAX_EDGES {
            return Err(Error::limit(
                format!("a Hackenbush picture of {} edges", edges.len()),
                format!("pictures of at most {MAX_EDGES} edges"),
            ));
        }
        // The vertices joined to the ground, by repeated passes (64 edges at most).
        let mut grounded: Vec<u32> = vec![0];
        loop {
            let before = grounded.len();
            for &(u, v, _) in edges {
                match (grounded.contains(&u), grounded.contains(&v)) {
                    (true, false) => grounded.push(v),
                    (false, true) => grounded.push(u),
                    _ => {}
                }
            }
            if grounded.len() == before {
                break;
            }
        }
        let mut names: Vec<u32> = vec![0];
        let mut index: HashMap<u32, usize> = HashMap::from([(0, 0)]);
        let mut packed = Vec::with_capacity(edges.len());
        for &(u, v, colour) in edges {
            if !grounded.contains(&u) {
                continue;
            }
            let mut ends = [0usize; 2];
            for (slot, x) in ends.iter_mut().zip([u, v]) {
                *slot = *index.entry(x).or_insert_with(|| {
                    names.push(x);
                    names.len() - 1
                });
            }
            packed.push(pack(ends[0], ends[1], colour.code()));
        }
        let identity = names.iter().enumerate().all(|(i, &n)| n as usize == i);
        Ok(Hackenbush {
            present: all(packed.len()),
            edges: packed.into(),
            names: (!identity).then(|| names.into()),
        })
    }

    /// The number of edges standing.
    ///
    /// ```
    /// use nimlab::games::hackenbush::Hackenbush;
    /// use nimlab::partizan::PartizanGame;
    /// let p = Hackenbush::parse("lrr").unwrap();
    /// assert_eq!(p.len(), 3);
    /// // Left cuts the blue edge on the ground: everything falls.
    /// assert!(p.left_options()[0].is_empty());
    /// ```
    pub fn len(&self) -> usize {
        self.present.count_ones() as usize
    }

    /// Whether no edge stands.
    pub fn is_empty(&self) -> bool {
        self.present == 0
    }

    /// The edges standing, as `(u, v, colour)` with the vertices numbered as written.
    ///
    /// ```
    /// use nimlab::games::hackenbush::{Colour, Hackenbush};
    /// let p = Hackenbush::parse("0-1b 1-2g").unwrap();
    /// assert_eq!(p.edges(), vec![(0, 1, Colour::Blue), (1, 2, Colour::Green)]);
    /// ```
    pub fn edges(&self) -> Vec<(u32, u32, Colour)> {
        bits(self.present)
            .map(|i| {
                let (u, v, c) = unpack(self.edges[i]);
                (self.name(u), self.name(v), Colour::of_code(c))
            })
            .collect()
    }

    /// The number vertex `x` is written with.
    fn name(&self, x: usize) -> u32 {
        match &self.names {
            Some(names) => names.get(x).copied().unwrap_or(x as u32),
            None => x as u32,
        }
    }

    /// The standing edges as written: the numbers of their ends and their colour code.
    fn standing(&self) -> impl Iterator<Item = (u32, u32, u32)> + '_ {
        bits(self.present).map(|i| {
            let (u, v, c) = unpack(self.edges[i]);
            (self.name(u), self.name(v), c)
        })
    }

    /// Edge `i` as written: `1-2r`.
    fn edge_text(&self, i: usize) -> String {
        let (u, v, c) = unpack(self.edges[i]);
        format!(
            "{}-{}{}",
            self.name(u),
            self.name(v),
            Colour::of_code(c).letter()
        )
    }

    /// The standing edges of each colour: blue, red, green.
    fn colour_masks(&self) -> [u64; 3] {
        let mut masks = [0u64; 3];
        for i in bits(self.present) {
            masks[(self.edges[i] >> 16) as usize] |= 1 << i;
        }
        masks
    }

    /// The edges of `standing` still joined to the ground.
    fn grounded(&self, standing: u64, inc: &[u64; MAX_VERTICES]) -> u64 {
        let mut reached = standing & inc[0];
        let mut frontier = reached;
        while frontier != 0 {
            let mut next = 0;
            for i in bits(frontier) {
                let (u, v, _) = unpack(self.edges[i]);
                next |= inc[u] | inc[v];
            }
            next &= standing & !reached;
            reached |= next;
            frontier = next;
        }
        reached
    }

    /// The positions after cutting each edge of `cuttable` (an edge equal to an earlier
    /// standing one, same ends and colour, is passed over: its cut is the same move).
    fn cuts(&self, cuttable: u64) -> Vec<Hackenbush> {
        let inc = incidence(&self.edges, self.present);
        let mut out = Vec::with_capacity(cuttable.count_ones() as usize);
        for i in bits(cuttable) {
            let earlier = self.present & all(i);
            let edge = undirected(self.edges[i]);
            if bits(earlier).any(|j| undirected(self.edges[j]) == edge) {
                continue;
            }
            out.push(Hackenbush {
                edges: Arc::clone(&self.edges),
                names: self.names.clone(),
                present: self.grounded(self.present & !(1 << i), &inc),
            });
        }
        out
    }

    /// The value by a closed form, when every block has one: a blue-red stalk by
    /// Berlekamp's sign-expansion rule, an all-green block by the colon and fusion
    /// principles (the nimber of `green_hackenbush`).
    fn closed_form(&self, a: &mut Arena) -> Option<GameId> {
        let mut number = Dyadic::zero();
        let mut nim = 0u64;
        for block in self.blocks() {
            let colours: Vec<Colour> = bits(block)
                .map(|i| Colour::of_code(self.edges[i] >> 16))
                .collect();
            if colours.iter().all(|&c| c == Colour::Green) {
                let edges: Vec<(u32, u32)> = bits(block)
                    .map(|i| {
                        let (u, v, _) = unpack(undirected(self.edges[i]));
                        (u as u32, v as u32)
                    })
                    .collect();
                nim ^= crate::games::green_hackenbush::value(&edges);
            } else if colours.contains(&Colour::Green) {
                return None;
            } else {
                let column = self.stalk(block)?;
                number = &number + &HackenbushString::new(vec![column]).value();
            }
        }
        let x = a.number(number);
        let star = a.star(nim);
        Some(a.add(x, star))
    }

    /// The colours of `block` from the ground up (`true` for blue), when it is a stalk: a
    /// path from the ground without loops.
    fn stalk(&self, block: u64) -> Option<Vec<bool>> {
        let inc = incidence(&self.edges, block);
        let mut column = Vec::new();
        let (mut at, mut came) = (0usize, 0u64);
        loop {
            let next = inc[at] & !came;
            match next.count_ones() {
                0 => break,
                1 => {}
                _ => return None,
            }
            let i = next.trailing_zeros() as usize;
            let (u, v, c) = unpack(self.edges[i]);
            if u == v {
                return None;
            }
            column.push(c == Colour::Blue.code());
            came = 1 << i;
            at = if u == at { v } else { u };
        }
        (column.len() == block.count_ones() as usize).then_some(column)
    }
}

impl PartizanGame for Hackenbush {
    fn left_options(&self) -> Vec<Hackenbush> {
        let [blue, _, green] = self.colour_masks();
        self.cuts(blue | green)
    }

    fn right_options(&self) -> Vec<Hackenbush> {
        let [_, red, green] = self.colour_masks();
        self.cuts(red | green)
    }

    /// The blocks meeting only at the ground, each alone and renumbered (canonically
    /// for trees).
    fn components(&self) -> Vec<Hackenbush> {
        self.blocks()
            .into_iter()
            .map(|b| self.normal_block(b))
            .collect()
    }

    /// A sum of blue-red stalks (Berlekamp's rule) and green blocks (the colon and
    /// fusion principles).
    fn closed_value(&self, arena: &mut Arena) -> Option<GameId> {
        self.closed_form(arena)
    }
}

impl Ruleset for Hackenbush {
    fn game(&self) -> String {
        GAME.to_string()
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// The edge cut, as written in the position: `1-2r`.
    fn describe_move(&self, side: Side, to: &Hackenbush) -> String {
        let gone = self.present & !to.present;
        let inc = incidence(&self.edges, self.present);
        bits(gone)
            .find(|&i| {
                Colour::of_code(self.edges[i] >> 16).cut_by(side)
                    && self.grounded(self.present & !(1 << i), &inc) == to.present
            })
            .or_else(|| bits(gone).next())
            .map_or_else(|| "pass".to_string(), |i| self.edge_text(i))
    }

    /// The figure: the standing edges in their colours, the vertices with the numbers
    /// they are written with.
    fn figure(&self) -> Option<Figure> {
        let n = self
            .edges
            .iter()
            .map(|&e| unpack(undirected(e)).1 + 1)
            .max()
            .unwrap_or(1);
        let graph = Graph {
            names: (0..n).map(|x| self.name(x)).collect(),
            edges: bits(self.present)
                .map(|i| {
                    let (u, v, c) = unpack(undirected(self.edges[i]));
                    (u, v, Colour::of_code(c))
                })
                .collect(),
        };
        Some(Figure::new(Shape::Graph(graph)).titled(format!("hackenbush {self}")))
    }
}

impl std::fmt::Display for Hackenbush {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            return f.write_str("(nothing)");
        }
        let words: Vec<String> = bits(self.present).map(|i| self.edge_text(i)).collect();
        f.write_str(&words.join(" "))
    }
}

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "hackenbush",
        usage: "hackenbush",
        summary: SUMMARY,
        position: NOTATION,
        example: "hackenbush 0-1b 1-2r 1-3g 0-3r",
        params: crate::games::Params::None,
        start: START,
        build: |_, args| crate::games::ruleset::read_joined(args, " ", Hackenbush::parse),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::print;
    use crate::partizan::solver::Whole;
    use crate::partizan::Solver;

    fn value_text(text: &str) -> String {
        let mut a = Arena::new();
        let g = Solver::new().value(&mut a, &Hackenbush::parse(text).unwrap());
        print(&mut a, g)
    }

    /// A random picture of `edges` edges on `vertices` vertices (0 the ground), with the
    /// colours allowed by `colours` (a loop where both ends are drawn alike).
    fn random_picture(
        seed: &mut u64,
        vertices: u32,
        edges: usize,
        colours: &[Colour],
    ) -> Hackenbush {
        let mut next = || {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (*seed >> 33) as u32
        };
        let raw: Vec<RawEdge> = (0..edges)
            .map(|_| {
                let (u, v) = (next() % vertices, next() % vertices);
                (u, v, colours[next() as usize % colours.len()])
            })
            .collect();
        Hackenbush::from_edges(&raw).unwrap()
    }

    #[test]
    fn cgsuite_gives_these_values() {
        // CGSuite's own tests of its Hackenbush (GameGraphTest.scala, game.graph
        // .Hackenbush), written in its strings: `l` blue, `r` red, `e` green.
        assert_eq!(value_text("lrlrrllr"), "77/128");
        assert_eq!(value_text("l(l;rl)"), "3/2");
        assert_eq!(value_text("eeeeeee"), "*7");
        assert_eq!(value_text("lrlerrr"), "3/4v[3]*");
        assert_eq!(value_text("e(ee(e;e);e(eee;ee);e(ee;e))"), "*5");
        // Winning Ways' green girl (chapter 7, figure 3), as CGSuite's test writes her.
        assert_eq!(
            value_text("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))"),
            "*2"
        );
    }

    /// Sample 1 of the programming-contest problem "Hackenbush Purplehearts" (Kattis): a
    /// blue-red forest given by each edge's parent edge (−1 for the ground), answered
    /// 5/2^6. (Its sample 2, 65/2^12, a tree of 39 edges, is found too, in about a minute
    /// of a release build: too slow for this test.)
    #[test]
    fn a_contest_sample_is_reproduced() {
        let parents = [-1i32, 1, 2, 3, 3, 5, 5, 7, -1, -1, 10, 10];
        let colours = "BRBBRBBRRBRR";
        let edges: Vec<String> = parents
            .iter()
            .zip(colours.chars())
            .enumerate()
            .map(|(i, (&p, c))| {
                let letter = if c == 'B' { 'b' } else { 'r' };
                format!("{}-{}{letter}", p.max(0), i + 1)
            })
            .collect();
        assert_eq!(value_text(&edges.join(" ")), "5/64");
    }

    #[test]
    fn small_pictures_by_hand() {
        // A green edge: either player cuts it to 0, {0|0} = *.
        assert_eq!(value_text("0-1g"), "*");
        assert_eq!(value_text("0-1"), "*");
        // A blue stalk of n edges: Left's n moves, n.
        assert_eq!(value_text("0-1b 1-2b 2-3b"), "3");
        assert_eq!(value_text("rr"), "-2");
        // A blue edge topped by a green one: Left cuts the blue (0) or the green (1),
        // Right the green (1): {0,1|1} = {1|1} = 1*, the 0 dominated.
        assert_eq!(value_text("0-1b 1-2g"), "1*");
        // A green edge topped by a blue one: Left cuts the green (0) or the blue (*),
        // Right the green (0): {0,*|0} = ↑* (Winning Ways, chapter 2).
        assert_eq!(value_text("eb"), "^*");
        // With a green edge beside it, ↑* + * = ↑.
        assert_eq!(value_text("eb e"), "^");
        // A blue edge carrying two red ones: Left's cut leaves 0, Right's the stalk
        // blue-red, 1/2: {0|1/2} = 1/4.
        assert_eq!(value_text("0-1b 1-2r 1-3r"), "1/4");
        // Two blue edges from the ground to one vertex carrying a red edge: Left's cut
        // of either blue leaves blue-red (1/2), Right's cut leaves two blue edges (2):
        // {1/2|2} = 1.
        assert_eq!(value_text("0-1b 0-1b 1-2r"), "1");
        // A blue triangle on the ground: every cut leaves two blue edges, 2; {2|} = 3.
        assert_eq!(value_text("0-1b 1-2b 2-0b"), "3");
        // A red loop on the ground is a red edge, −1; a red edge carrying a blue loop:
        // Left's cut leaves −1, Right's 0: {−1|0} = −1/2.
        assert_eq!(value_text("0-0r"), "-1");
        assert_eq!(value_text("0-1r 1-1b"), "-1/2");
        // Two green loops on the ground: * + * = 0.
        assert_eq!(value_text("0-0g 0-0g"), "0");
        // Nothing standing.
        assert_eq!(value_text("(nothing)"), "0");
        assert_eq!(value_text("5-6b"), "0");
    }

    /// Every blue-red stalk of up to 8 edges, by the solver, against Berlekamp's rule of
    /// `hackenbush_string`.
    #[test]
    fn stalks_are_the_numbers_of_the_sign_expansion_rule() {
        let mut a = Arena::new();
        let mut solver = Solver::new();
        let mut count = 0;
        for len in 1..=8u32 {
            for bits in 0..(1u32 << len) {
                let column: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
                let word: String = column.iter().map(|&b| if b { 'l' } else { 'r' }).collect();
                let p = Hackenbush::parse(&word).unwrap();
                let want = a.number(HackenbushString::new(vec![column]).value());
                assert_eq!(solver.value(&mut a, &p), want, "{word}");
                count += 1;
            }
        }
        assert_eq!(count, (1 << 9) - 2);
    }

    /// Green pictures by the solver against the fusion and colon principles of
    /// `green_hackenbush` (held there against a search of every cut).
    #[test]
    fn green_pictures_are_the_nimbers_of_green_hackenbush() {
        let mut a = Arena::new();
        let mut solver = Solver::new();
        let mut seed = 5;
        let mut nonzero = 0;
        for round in 0..400 {
            let p = random_picture(
                &mut seed,
                2 + round % 6,
                1 + round as usize % 10,
                &[Colour::Green],
            );
            let edges: Vec<(u32, u32)> = p
                .edges()
                .into_iter()
                .map(|(u, v, _)| (u.min(v), u.max(v)))
                .collect();
            let nim = crate::games::green_hackenbush::value(&edges);
            nonzero += usize::from(nim != 0);
            let want = a.star(nim);
            assert_eq!(solver.value(&mut a, &p), want, "{p}");
        }
        assert!(nonzero > 100);
    }

    /// Blocks and their normal forms never change a value: random pictures of every
    /// colour, with loops and parallel edges, against the plain solver.
    #[test]
    fn blocks_and_normal_forms_keep_the_value() {
        let mut a = Arena::new();
        let mut fast = Solver::new();
        let mut plain = Solver::new();
        let mut seed = 17;
        let colours = [Colour::Blue, Colour::Red, Colour::Green];
        for round in 0..600 {
            let p = random_picture(&mut seed, 2 + round % 7, 1 + round as usize % 10, &colours);
            let g = fast.value(&mut a, &p);
            assert_eq!(g, plain.value(&mut a, &Whole(p.clone())), "{p}");
        }
        // Equal trees written differently share one normal form.
        let x = Hackenbush::parse("0-1b 1-2r 1-3g 3-4b 0-5r").unwrap();
        let y = Hackenbush::parse("0-9r 0-7b 7-3g 7-8r 3-2b").unwrap();
        let mut cx = x.components();
        let mut cy = y.components();
        cx.sort_by_key(ToString::to_string);
        cy.sort_by_key(ToString::to_string);
        assert_eq!(cx, cy);
    }

    /// The closed forms (stalks, green blocks) against the solver.
    #[test]
    fn closed_forms_agree_with_the_solver() {
        let mut a = Arena::new();
        let mut solver = Solver::new();
        let mut seed = 23u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for _ in 0..200 {
            // Stalks of blue and red, and a green picture, side by side.
            let mut words: Vec<String> = (0..1 + next() % 3)
                .map(|_| {
                    (0..1 + next() % 6)
                        .map(|_| if next() % 2 == 0 { 'l' } else { 'r' })
                        .collect()
                })
                .collect();
            words.push("e(ee:A;e:A)".to_string());
            if next() % 2 == 0 {
                words.push("ee(e;e)".to_string());
            }
            let p = Hackenbush::parse(&words.join(" ")).unwrap();
            let closed = p.closed_value(&mut a).expect("stalks and green blocks");
            assert_eq!(closed, solver.value(&mut a, &p), "{p}");
        }
        // A tree of blue and red, or green on blue, has no closed form here.
        let mut a = Arena::new();
        assert!(Hackenbush::parse("l(l;rl)")
            .unwrap()
            .closed_value(&mut a)
            .is_none());
        assert!(Hackenbush::parse("le")
            .unwrap()
            .closed_value(&mut a)
            .is_none());
    }

    #[test]
    fn pictures_are_read_and_written_back() {
        for text in [
            "0-1b 1-2r 1-3g",
            "0-5b 5-3r 3-0g 3-3b",
            "0-2b 2-1r 0-1g",
            "7-0r 0-0g",
            "(nothing)",
        ] {
            let p = Hackenbush::parse(text).unwrap();
            assert_eq!(p.to_string(), text);
            assert_eq!(Hackenbush::parse(&p.to_string()).unwrap(), p);
        }
        // Letters in either case, CGSuite's `l` and `e`, no letter for green.
        assert_eq!(
            Hackenbush::parse("0-1L 1-2R 2-3E 3-4").unwrap().to_string(),
            "0-1b 1-2r 2-3g 3-4g"
        );
        // Positions after moves are written with what stands, and read back equal.
        let p = Hackenbush::parse("0-1b 1-2r 2-3b 1-4g").unwrap();
        for o in p.left_options().into_iter().chain(p.right_options()) {
            assert_eq!(Hackenbush::parse(&o.to_string()).unwrap(), o);
        }
        // CGSuite strings: vertices numbered as met; names join vertices.
        assert_eq!(
            Hackenbush::parse("lr(e;l)").unwrap().to_string(),
            "0-1b 1-2r 2-3g 2-4b"
        );
        assert_eq!(
            Hackenbush::parse(":{g}llrr:{g}").unwrap().to_string(),
            "0-1b 1-2b 2-3r 3-0r"
        );
        assert_eq!(
            Hackenbush::parse("l:A r:A").unwrap().to_string(),
            "0-1b 0-1r"
        );
        for (text, want) in [
            ("(l:A;r:A)", "0-1b 0-1r"),
            ("l:A(r:A)", "0-1b 1-1r"),
            ("l:{x y}r:{x y}", "0-1b 1-1r"),
        ] {
            assert_eq!(Hackenbush::parse(text).unwrap().to_string(), want, "{text}");
        }
        assert_eq!(
            Hackenbush::parse("(lr;r)").unwrap().to_string(),
            "0-1b 1-2r 0-3r"
        );
        assert_eq!(
            Hackenbush::parse("lr;r").unwrap().to_string(),
            "0-1b 1-2r 0-3r"
        );
        assert_eq!(Hackenbush::parse(".l.r").unwrap().to_string(), "0-1b 1-2r");
        // Edges off the ground are dropped.
        assert_eq!(Hackenbush::parse("0-1b 2-3r").unwrap().to_string(), "0-1b");
    }

    #[test]
    fn mistakes_are_named() {
        let e = Hackenbush::parse("0-1b 1-2q").unwrap_err().to_string();
        assert!(e.contains("edge 2 (`1-2q`) has the colour `q`"), "{e}");
        let e = Hackenbush::parse("0-1b 1+2").unwrap_err().to_string();
        assert!(
            e.contains("edge 2 (`1+2`)") && e.contains("expected an edge `u-v`"),
            "{e}"
        );
        let e = Hackenbush::parse("0-1b x-2").unwrap_err().to_string();
        assert!(e.contains("edge 2 (`x-2`)"), "{e}");
        let e = Hackenbush::parse("0-99999999999b").unwrap_err().to_string();
        assert!(e.contains("above 4294967295"), "{e}");
        let e = Hackenbush::parse("lrq").unwrap_err().to_string();
        assert!(e.contains("`q` at character 3 of `lrq`"), "{e}");
        let e = Hackenbush::parse("l(l;r").unwrap_err().to_string();
        assert!(e.contains("expected `)`"), "{e}");
        let e = Hackenbush::parse("l(l;r)r").unwrap_err().to_string();
        assert!(
            e.contains("character 7") && e.contains("after a `)`"),
            "{e}"
        );
        let e = Hackenbush::parse("lr)").unwrap_err().to_string();
        assert!(e.contains("character 3"), "{e}");
        let e = Hackenbush::parse("l:").unwrap_err().to_string();
        assert!(e.contains("a vertex name after `:`"), "{e}");
        let e = Hackenbush::parse("l-r").unwrap_err().to_string();
        assert!(e.contains("`-` at character 2"), "{e}");
        // 64 edges are read, 65 are beyond the limit, in both forms.
        assert_eq!(Hackenbush::parse(&"l".repeat(64)).unwrap().len(), 64);
        let e = Hackenbush::parse(&"l".repeat(65)).unwrap_err();
        assert!(matches!(e, Error::Limit(_)), "{e}");
        let many: Vec<String> = (0..65).map(|i| format!("{i}-{}b", i + 1)).collect();
        let e = Hackenbush::parse(&many.join(" ")).unwrap_err();
        assert!(e.to_string().contains("at most 64 edges"), "{e}");
    }

    #[test]
    fn moves_are_named_by_their_edge() {
        let p = Hackenbush::parse("0-1b 1-2r 2-3g 1-4g 0-1r 4-4b").unwrap();
        for side in [Side::Left, Side::Right] {
            let options = match side {
                Side::Left => p.left_options(),
                Side::Right => p.right_options(),
            };
            let mut names: Vec<String> = options.iter().map(|o| p.describe_move(side, o)).collect();
            let n = names.len();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), n, "{side}: {names:?}");
        }
        let right: Vec<String> = p
            .right_options()
            .iter()
            .map(|o| p.describe_move(Side::Right, o))
            .collect();
        assert_eq!(right, ["1-2r", "2-3g", "1-4g", "0-1r"]);
        // Cutting the blue edge on the ground leaves the rest standing on the red one.
        let cut = &p.left_options()[0];
        assert_eq!(p.describe_move(Side::Left, cut), "0-1b");
        assert_eq!(cut.to_string(), "1-2r 2-3g 1-4g 0-1r 4-4b");
        // Two equal edges are one move.
        let q = Hackenbush::parse("0-1b 1-0b 0-1r").unwrap();
        assert_eq!(q.left_options().len(), 1);
    }

    /// The start picture is worth what its documentation says. The triangle by hand:
    /// Left's cut of its blue edge leaves red and green on the ground, −1*; either cut of
    /// the green leaves a red-blue stalk, −1/2; Right's cut of the red leaves blue on
    /// green, ↑*. {−1*, −1/2 | −1/2, ↑*}: −1* < −1/2 is dominated for Left, ↑* > −1/2
    /// for Right, so it is {−1/2 | −1/2} = −1/2*. The other parts are stalks and the
    /// hand derivations above; 5/8 − 1/2* + *2 − 1/2 + 3/8 = *3.
    #[test]
    fn the_start_picture() {
        assert_eq!(value_text("0-6r 6-7b 7-0g"), "-1/2*");
        assert_eq!(value_text(START), "*3");
    }

    #[test]
    fn the_figure_has_every_edge_with_its_colour() {
        let p = Hackenbush::parse(START).unwrap();
        let figure = p.figure().unwrap();
        let Shape::Graph(g) = &figure.shape else {
            panic!("no graph")
        };
        assert_eq!(g.edges.len(), p.len());
        assert_eq!(figure.title, format!("hackenbush {p}"));
        // 0-1b, then 1-2r: the edges as written, the ground first.
        assert_eq!(g.edges[0], (0, 1, Colour::Blue));
        assert_eq!(g.edges[1], (1, 2, Colour::Red));
        // 10-10b is a loop at vertex 10.
        assert!(g.edges.iter().any(|&(u, v, c)| u == v && c == Colour::Blue));
        let text = crate::draw::partizan_text(&p, true);
        assert!(text.contains("blue (Left): 0-1b"), "{text}");
    }
}
