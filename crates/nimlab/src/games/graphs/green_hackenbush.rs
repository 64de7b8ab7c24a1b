//! Green Hackenbush (Zelený Hackenbush, text 000): cut an edge, and whatever is no
//! longer joined to the ground falls away.
//!
//! Rules: a picture is a graph of edges between vertices, some of them on the ground. A
//! move cuts one edge and removes every edge no longer joined to the ground through the
//! edges left. The player who cannot move (nothing left) loses.
//!
//! Notation: the edges `u-v` between numbered vertices, `0` being the ground (every
//! vertex on the ground is vertex 0), separated by spaces or commas: `0-1 1-2 1-3` is a
//! stalk with two branches; `0-1 1-2 2-0` a triangle standing on the ground; `1-1` a
//! loop. Parallel edges and loops are allowed.
//!
//! Value: by the *fusion principle* the vertices of a cycle may be fused into one, each
//! edge between fused vertices becoming a loop, without changing the value; fusing every
//! cycle leaves a tree standing on the ground, with loops. By the *colon principle* an
//! edge with the tree above it is worth 1 + the value of the tree above it (a stalk of
//! that many edges), a loop is worth 1, and a vertex is worth the nim-sum of what stands
//! on it. The tests hold this against a search of every cut on small pictures.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // A stalk of one edge with two edges on top: 1 + (1 ⊕ 1) = 1.
//! let y = cat.parse_position("green-hackenbush", &["0-1", "1-2", "1-3"], 1).unwrap();
//! assert_eq!(y.value().unwrap(), nimlab::Nimber::from(1u64));
//! // A triangle on the ground: its three vertices fuse into the ground, and its three
//! // edges are loops: 1 ⊕ 1 ⊕ 1 = 1.
//! let t = cat.parse_position("green-hackenbush", &["0-1,1-2,2-0"], 1).unwrap();
//! assert_eq!(t.value().unwrap(), nimlab::Nimber::from(1u64));
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};

/// The most edges a picture may have.
pub const MAX_EDGES: usize = 100_000;

/// The most edges a misère search takes on (it cannot split the picture into parts).
pub const MAX_MISERE_EDGES: usize = 20;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::green_hackenbush::entry();
/// assert_eq!(e.name, "green-hackenbush");
/// let p = (e.build)(None, &nimlab::games::args::number(&["0-1", "1-2", "2-3"], 2)).unwrap();
/// // A stalk of three edges is a Nim heap of 3.
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(3u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "green-hackenbush",
        usage: "green-hackenbush",
        summary: "a graph standing on the ground; cut an edge, and what is no longer joined to the ground falls",
        position: "edges `u-v` between numbered vertices, `0` the ground, e.g. `green-hackenbush 0-1 1-2 1-3` or `0-1,1-2,2-0`; a move cuts an edge, named `1-2`",
        example: "green-hackenbush 0-1 1-2 1-3",
        start: "0-1 1-2 2-3 1-4 0-5 5-6 6-0",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(GreenHackenbush, read_edges(args)?))),
    }
}

/// An edge between two vertices, the smaller first; vertex 0 is the ground.
pub type Edge = (u32, u32);

/// A picture: its edges joined to the ground, sorted.
pub type Picture = Vec<Edge>;

/// Reads the edges `u-v`, separated by spaces or commas, and keeps those joined to the
/// ground; `(nothing)` is the empty picture, as it is written.
///
/// ```
/// use nimlab::games::{args::number, green_hackenbush::read_edges};
/// assert_eq!(read_edges(&number(&["0-1,1-2", "5-6"], 1)).unwrap(), vec![(0, 1), (1, 2)]);
/// let err = read_edges(&number(&["0-1", "1+2"], 1)).unwrap_err();
/// assert!(err.to_string().contains("`1+2` (argument 2)"));
/// ```
///
/// # Errors
/// [`Error::Parse`] naming the token that is not an edge; [`Error::Limit`] beyond
/// [`MAX_EDGES`] edges.
pub fn read_edges(args: &[Arg<'_>]) -> Result<Picture> {
    let mut edges = Vec::new();
    for arg in args {
        if matches!(arg.text, "(nothing)" | "nothing") {
            continue;
        }
        for part in arg.text.split(',').filter(|p| !p.is_empty()) {
            let bad = || {
                arg.error("edges `u-v` between vertex numbers (0 is the ground), e.g. `0-1 1-2`")
            };
            let (u, v) = part.split_once('-').ok_or_else(bad)?;
            let u: u32 = u.trim().parse().map_err(|_| bad())?;
            let v: u32 = v.trim().parse().map_err(|_| bad())?;
            edges.push((u.min(v), u.max(v)));
            if edges.len() > MAX_EDGES {
                return Err(Error::limit(
                    "a Green Hackenbush picture with more edges",
                    format!("{MAX_EDGES} edges"),
                ));
            }
        }
    }
    Ok(grounded(edges))
}

/// The edges of `edges` joined to the ground, sorted.
fn grounded(mut edges: Vec<Edge>) -> Picture {
    let mut reached = std::collections::HashSet::from([0u32]);
    loop {
        let before = reached.len();
        for &(u, v) in &edges {
            if reached.contains(&u) || reached.contains(&v) {
                reached.insert(u);
                reached.insert(v);
            }
        }
        if reached.len() == before {
            break;
        }
    }
    edges.retain(|(u, _)| reached.contains(u));
    edges.sort_unstable();
    edges
}

/// The game Green Hackenbush.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GreenHackenbush;

/// The value of a picture by the fusion and colon principles.
///
/// ```
/// use nimlab::games::green_hackenbush::value;
/// // A square standing on one corner: 4 edges fused into loops at the ground: 0.
/// assert_eq!(value(&[(0, 1), (1, 2), (2, 3), (0, 3)]), 0);
/// // A triangle on top of a stalk of one edge: 1 + (1 ⊕ 1 ⊕ 1) = 2.
/// assert_eq!(value(&[(0, 1), (1, 2), (2, 3), (1, 3)]), 2);
/// ```
pub fn value(edges: &[Edge]) -> u64 {
    // Vertices renumbered 0.. (the ground stays 0).
    let mut ids = std::collections::HashMap::from([(0u32, 0usize)]);
    for &(u, v) in edges {
        for x in [u, v] {
            let next = ids.len();
            ids.entry(x).or_insert(next);
        }
    }
    let n = ids.len();
    let ends: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (ids[&u], ids[&v])).collect();
    let mut adjacent: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (e, &(u, v)) in ends.iter().enumerate() {
        adjacent[u].push((v, e));
        if u != v {
            adjacent[v].push((u, e));
        }
    }
    let bridge = bridges(n, &adjacent);
    // The 2-edge-connected parts: joined by edges that are not bridges.
    let mut part = vec![usize::MAX; n];
    let mut parts = 0;
    for start in 0..n {
        if part[start] != usize::MAX {
            continue;
        }
        part[start] = parts;
        let mut stack = vec![start];
        while let Some(x) = stack.pop() {
            for &(y, e) in &adjacent[x] {
                if !bridge[e] && part[y] == usize::MAX {
                    part[y] = parts;
                    stack.push(y);
                }
            }
        }
        parts += 1;
    }
    // Loops: the edges inside a part; the tree: the bridges between parts.
    let mut loops = vec![0u64; parts];
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); parts];
    for (e, &(u, v)) in ends.iter().enumerate() {
        if bridge[e] {
            tree[part[u]].push(part[v]);
            tree[part[v]].push(part[u]);
        } else {
            loops[part[u]] ^= 1;
        }
    }
    // The colon principle, from the leaves down to the ground's part.
    let root = part[0];
    let mut order = vec![root];
    let mut parent = vec![usize::MAX; parts];
    parent[root] = root;
    let mut i = 0;
    while i < order.len() {
        let x = order[i];
        for &y in &tree[x] {
            if parent[y] == usize::MAX {
                parent[y] = x;
                order.push(y);
            }
        }
        i += 1;
    }
    let mut worth = loops;
    for &x in order.iter().rev() {
        if x != root {
            let above = worth[x];
            worth[parent[x]] ^= above + 1;
        }
    }
    worth[root]
}

/// Which edges are bridges (their cut splits the graph), by Tarjan's low-link search,
/// without recursion.
fn bridges(n: usize, adjacent: &[Vec<(usize, usize)>]) -> Vec<bool> {
    let edges = adjacent
        .iter()
        .flatten()
        .map(|&(_, e)| e + 1)
        .max()
        .unwrap_or(0);
    let mut bridge = vec![false; edges];
    let mut order = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut counter = 0;
    for start in 0..n {
        if order[start] != usize::MAX {
            continue;
        }
        // Frames: (vertex, the edge it was entered by, the next neighbour to look at).
        let mut stack = vec![(start, usize::MAX, 0usize)];
        order[start] = counter;
        low[start] = counter;
        counter += 1;
        while let Some(&mut (x, via, ref mut next)) = stack.last_mut() {
            if let Some(&(y, e)) = adjacent[x].get(*next) {
                *next += 1;
                if e == via {
                    continue;
                }
                if order[y] == usize::MAX {
                    order[y] = counter;
                    low[y] = counter;
                    counter += 1;
                    stack.push((y, e, 0));
                } else {
                    low[x] = low[x].min(order[y]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p] = low[p].min(low[x]);
                    if low[x] > order[p] {
                        bridge[via] = true;
                    }
                }
            }
        }
    }
    bridge
}

impl ImpartialGame for GreenHackenbush {
    type Position = Picture;

    fn options(&self, edges: &Picture, out: &mut Vec<Picture>) {
        for i in 0..edges.len() {
            if i > 0 && edges[i] == edges[i - 1] {
                // Parallel edges: cutting either leaves the same picture.
                continue;
            }
            let mut rest = edges.clone();
            rest.remove(i);
            out.push(grounded(rest));
        }
    }

    fn components(&self, edges: &Picture) -> Option<Vec<Picture>> {
        // The parts that meet only at the ground: the groups of vertices above the
        // ground joined by edges that do not touch it; a loop on the ground is a part.
        use std::collections::HashMap;
        let mut neighbours: HashMap<u32, Vec<u32>> = HashMap::new();
        for &(u, v) in edges {
            if u != 0 {
                neighbours.entry(u).or_default().push(v);
                neighbours.entry(v).or_default().push(u);
            }
        }
        let mut group: HashMap<u32, usize> = HashMap::new();
        let mut groups = 0;
        for &(u, v) in edges {
            let start = if u != 0 { u } else { v };
            if start == 0 || group.contains_key(&start) {
                continue;
            }
            group.insert(start, groups);
            let mut stack = vec![start];
            while let Some(x) = stack.pop() {
                for &y in neighbours.get(&x).map_or(&[][..], |n| &n[..]) {
                    if y != 0 && !group.contains_key(&y) {
                        group.insert(y, groups);
                        stack.push(y);
                    }
                }
            }
            groups += 1;
        }
        let mut parts: Vec<Picture> = vec![Vec::new(); groups];
        for &(u, v) in edges {
            match (u, v) {
                (0, 0) => parts.push(vec![(0, 0)]),
                (0, x) | (x, _) => parts[group[&x]].push((u, v)),
            }
        }
        (parts.len() > 1).then_some(parts)
    }

    fn closed_form(&self, edges: &Picture) -> Option<u64> {
        Some(value(edges))
    }
}

impl Rules for GreenHackenbush {
    fn id(&self) -> String {
        "green-hackenbush".to_string()
    }

    fn format(&self, edges: &Picture) -> String {
        if edges.is_empty() {
            return "(nothing)".to_string();
        }
        edges
            .iter()
            .map(|(u, v)| format!("{u}-{v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn describe(&self, from: &Picture, to: &Picture) -> String {
        // The cut edge: the first edge of `from` whose count drops by more than what
        // fell with it; name the edge missing first.
        let mut rest = to.clone();
        let mut fallen = Vec::new();
        for &e in from {
            if let Some(i) = rest.iter().position(|&x| x == e) {
                rest.remove(i);
            } else {
                fallen.push(e);
            }
        }
        let name = |(u, v): Edge| format!("{u}-{v}");
        match fallen.as_slice() {
            [e] => format!("cut {}", name(*e)),
            _ => {
                // The cut edge is the one whose removal alone leaves `to`.
                let cut = fallen
                    .iter()
                    .find(|&&e| {
                        let mut f = from.clone();
                        if let Some(i) = f.iter().position(|&x| x == e) {
                            f.remove(i);
                        }
                        grounded(f) == *to
                    })
                    .copied()
                    .unwrap_or(fallen[0]);
                format!(
                    "cut {} ({} more edge{} fall{})",
                    name(cut),
                    fallen.len() - 1,
                    if fallen.len() == 2 { "" } else { "s" },
                    if fallen.len() == 2 { "s" } else { "" }
                )
            }
        }
    }

    fn read_move(
        &self,
        edges: &Picture,
        text: &str,
    ) -> Option<std::result::Result<Picture, String>> {
        let (u, v) = text
            .trim()
            .strip_prefix("cut")
            .unwrap_or(text)
            .trim()
            .split_once('-')?;
        let (u, v): (u32, u32) = (u.trim().parse().ok()?, v.trim().parse().ok()?);
        let edge = (u.min(v), u.max(v));
        Some(match edges.iter().position(|&e| e == edge) {
            Some(i) => {
                let mut rest = edges.clone();
                rest.remove(i);
                Ok(grounded(rest))
            }
            None => Err(format!("there is no edge {u}-{v} standing")),
        })
    }

    fn rule(&self, edges: &Picture) -> Option<String> {
        Some(format!(
            "Fuse the vertices of every cycle (fusion principle: each edge inside a cycle becomes a loop, worth 1); what is left is a tree with loops, and by the colon principle each edge with the tree above it is worth 1 + that tree's value, and a vertex the nim-sum of what stands on it. The picture is worth {}.",
            value(edges)
        ))
    }

    fn check_misere_searchable(&self, edges: &Picture) -> Result<()> {
        if edges.len() > MAX_MISERE_EDGES {
            return Err(Error::limit(
                format!("misère Green Hackenbush with {} edges", edges.len()),
                format!("{MAX_MISERE_EDGES} edges"),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    /// The game by search alone: no closed form, no parts.
    struct Search;
    impl ImpartialGame for Search {
        type Position = Picture;
        fn options(&self, p: &Picture, out: &mut Vec<Picture>) {
            GreenHackenbush.options(p, out)
        }
    }

    /// A random picture of `edges` edges on `vertices` vertices (0 the ground).
    fn random_picture(seed: &mut u64, vertices: u32, edges: usize) -> Picture {
        let mut next = || {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (*seed >> 33) as u32
        };
        let raw: Vec<Edge> = (0..edges)
            .map(|_| {
                let (u, v) = (next() % vertices, next() % vertices);
                (u.min(v), u.max(v))
            })
            .collect();
        grounded(raw)
    }

    #[test]
    fn fusion_and_colon_agree_with_a_search_of_every_cut() {
        let mut search = GrundySolver::without_closed_forms(Search);
        let mut seed = 7;
        let mut checked = 0;
        for round in 0..3000 {
            let vertices = 2 + round % 6;
            let edges = 1 + round % 9;
            let p = random_picture(&mut seed, vertices as u32, edges);
            assert_eq!(value(&p), search.value(&p).unwrap(), "{p:?}");
            checked += 1;
        }
        assert_eq!(checked, 3000);
    }

    #[test]
    fn parts_meeting_at_the_ground_are_a_sum() {
        let mut split = GrundySolver::without_closed_forms(GreenHackenbush);
        let mut whole = GrundySolver::without_closed_forms(Search);
        let mut seed = 11;
        for _ in 0..500 {
            let p = random_picture(&mut seed, 7, 8);
            assert_eq!(split.value(&p).unwrap(), whole.value(&p).unwrap(), "{p:?}");
        }
    }

    #[test]
    fn stalks_trees_and_cycles() {
        // A stalk of n edges is a Nim heap of n.
        for n in 1..10u32 {
            let stalk: Picture = (0..n).map(|i| (i, i + 1)).collect();
            assert_eq!(value(&stalk), u64::from(n));
        }
        // Winning Ways' girl-like tree: the colon principle by hand, 1 + ((1 + 1) ⊕ 1).
        assert_eq!(
            value(&grounded(vec![(0, 1), (1, 2), (2, 3), (1, 4)])),
            1 + (2 ^ 1)
        );
        // A loop on the ground is worth 1; two parallel ground edges fuse to two loops.
        assert_eq!(value(&[(0, 0)]), 1);
        assert_eq!(value(&[(0, 1), (0, 1)]), 0);
        // Edges not joined to the ground are not read.
        let cat = crate::games::Catalogue::standard();
        let p = cat
            .parse_position("green-hackenbush", &["0-1", "2-3"], 1)
            .unwrap();
        assert_eq!(p.notation(), "0-1");
    }
}
