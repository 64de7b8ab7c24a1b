//! The two ways a Hackenbush picture is written: a list of edges `u-v` with their
//! colours, and CGSuite's graph strings (stalks of colour letters, branches in
//! parentheses, named vertices).

use super::{Colour, RawEdge, EDGE_EXPECTED, GAME, MAX_EDGES};
use crate::{Error, Result};
use std::collections::HashMap;

/// Reads edges `u-v` with colour letters, separated by spaces or commas.
pub(super) fn read_edge_list(text: &str) -> Result<Vec<RawEdge>> {
    let mut edges = Vec::new();
    let tokens = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty());
    for (k, token) in tokens.enumerate() {
        let bad = |why: &str| {
            Error::position(
                GAME,
                format!("edge {} (`{token}`){why}: expected {EDGE_EXPECTED}", k + 1),
            )
        };
        let (u, rest) = token.split_once('-').ok_or_else(|| bad(""))?;
        let digits = rest.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let letters = &rest[digits.len()..];
        let colour = match letters.chars().collect::<Vec<_>>().as_slice() {
            [] => Colour::Green,
            [c] => Colour::from_letter(*c).ok_or_else(|| bad(&format!(" has the colour `{c}`")))?,
            _ => return Err(bad(&format!(" has the colour `{letters}`"))),
        };
        let number = |s: &str| -> Result<u32> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad(""));
            }
            s.parse::<u32>()
                .map_err(|_| bad(&format!(" has the vertex {s}, above {}", u32::MAX)))
        };
        edges.push((number(u)?, number(digits)?, colour));
        if edges.len() > MAX_EDGES {
            return Err(Error::limit(
                "a Hackenbush picture of more edges",
                format!("pictures of at most {MAX_EDGES} edges"),
            ));
        }
    }
    Ok(edges)
}

/// Reads a CGSuite graph string (see the module's documentation); the vertices are
/// numbered as they are met, the ground 0.
pub(super) fn read_cgsuite(text: &str) -> Result<Vec<RawEdge>> {
    let chars: Vec<char> = text.chars().collect();
    let bad = |at: usize, expected: &str| {
        Error::position(
            GAME,
            format!(
                "`{}` at character {} of `{text}`: expected {expected}",
                chars[at],
                at + 1
            ),
        )
    };
    // Vertices as created (0 the ground), merged when a name is met again.
    let mut merged: Vec<u32> = vec![0];
    let mut names: HashMap<String, u32> = HashMap::new();
    let mut edges: Vec<RawEdge> = Vec::new();
    let mut branches: Vec<u32> = Vec::new();
    let mut at_vertex = 0u32;
    let mut closed = false;
    let find = |merged: &Vec<u32>, mut x: u32| {
        while merged[x as usize] != x {
            x = merged[x as usize];
        }
        x
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let top = branches.is_empty();
        if c.is_whitespace() || (c == ';' && top) {
            if top {
                at_vertex = 0;
                closed = false;
            }
            i += 1;
            continue;
        }
        if c == ';' {
            at_vertex = *branches.last().unwrap_or(&0);
            closed = false;
            i += 1;
            continue;
        }
        if c == ')' {
            if branches.pop().is_none() {
                return Err(bad(i, "an edge `l`, `r` or `e` (no `(` is open)"));
            }
            closed = true;
            i += 1;
            continue;
        }
        if closed {
            return Err(bad(
                i,
                "`;` or `)` after a `)` (branches end their stalk), or a space before another picture",
            ));
        }
        match c {
            '(' => branches.push(at_vertex),
            '.' => {}
            ':' => {
                let (name, end) = match chars.get(i + 1) {
                    Some('{') => {
                        let close = chars[i + 2..]
                            .iter()
                            .position(|&c| c == '}')
                            .ok_or_else(|| bad(i + 1, "a name closed by `}`"))?;
                        (
                            chars[i + 2..i + 2 + close].iter().collect::<String>(),
                            i + 3 + close,
                        )
                    }
                    Some(&n) if !n.is_whitespace() && !"();:".contains(n) => (n.to_string(), i + 2),
                    _ => return Err(bad(i, "a vertex name after `:`, as in `:A` or `:{top}`")),
                };
                match names.get(&name) {
                    Some(&x) => {
                        let (a, b) = (find(&merged, x), find(&merged, at_vertex));
                        let (keep, gone) = (a.min(b), a.max(b));
                        merged[gone as usize] = keep;
                    }
                    None => {
                        names.insert(name, at_vertex);
                    }
                }
                i = end;
                continue;
            }
            _ => {
                let colour = Colour::from_letter(c).ok_or_else(|| {
                    bad(
                        i,
                        "an edge `l` (blue), `r` (red) or `e` (green), `(`, `;`, `)` or a vertex name `:A`",
                    )
                })?;
                if edges.len() == MAX_EDGES {
                    return Err(Error::limit(
                        "a Hackenbush picture of more edges",
                        format!("pictures of at most {MAX_EDGES} edges"),
                    ));
                }
                let w = merged.len() as u32;
                merged.push(w);
                edges.push((at_vertex, w, colour));
                at_vertex = w;
            }
        }
        i += 1;
    }
    if !branches.is_empty() {
        return Err(Error::position(
            GAME,
            format!("`{text}` leaves a `(` open: expected `)` to close it"),
        ));
    }
    // Vertices merged by names take their representative, numbered as first met.
    let mut number: HashMap<u32, u32> = HashMap::from([(0, 0)]);
    Ok(edges
        .into_iter()
        .map(|(u, v, c)| {
            let mut ends = [0u32; 2];
            for (slot, x) in ends.iter_mut().zip([u, v]) {
                let root = find(&merged, x);
                let next = number.len() as u32;
                *slot = *number.entry(root).or_insert(next);
            }
            (ends[0], ends[1], c)
        })
        .collect())
}
