//! The blocks of a Hackenbush picture, the parts that meet only at the ground, and the
//! normal form each is remembered by: a tree written from the ground up with what hangs
//! from each vertex ordered by its shape, any other block renumbered by a search from the
//! ground.

use super::{all, bits, incidence, pack, undirected, unpack, Hackenbush, MAX_EDGES, MAX_VERTICES};
use std::sync::Arc;

impl Hackenbush {
    /// The blocks: groups of standing edges joined through vertices other than the
    /// ground.
    pub(super) fn blocks(&self) -> Vec<u64> {
        let inc = incidence(&self.edges, self.present);
        let mut out = Vec::new();
        let mut left = self.present;
        while left != 0 {
            let seed = left & left.wrapping_neg();
            let mut block = seed;
            let mut frontier = seed;
            while frontier != 0 {
                let mut next = 0;
                for i in bits(frontier) {
                    let (u, v, _) = unpack(self.edges[i]);
                    for x in [u, v] {
                        if x != 0 {
                            next |= inc[x];
                        }
                    }
                }
                next &= self.present & !block;
                block |= next;
                frontier = next;
            }
            left &= !block;
            out.push(block);
        }
        out
    }

    /// The block `block` alone, renumbered: canonically when it is a tree (with loops and
    /// parallel edges), by a search from the ground otherwise.
    pub(super) fn normal_block(&self, block: u64) -> Hackenbush {
        // Local vertex numbers, the ground 0, and the local edges.
        let mut local = [u8::MAX; MAX_VERTICES];
        local[0] = 0;
        let mut vertices = 1usize;
        let mut ends = [0u32; MAX_EDGES];
        let n = block.count_ones() as usize;
        for (k, i) in bits(block).enumerate() {
            let (u, v, c) = unpack(self.edges[i]);
            for x in [u, v] {
                if local[x] == u8::MAX {
                    local[x] = vertices as u8;
                    vertices += 1;
                }
            }
            ends[k] = pack(local[u] as usize, local[v] as usize, c);
        }
        let ends = &ends[..n];
        let inc = incidence(ends, all(n));
        // The simple graph under the block (loops left out, parallel edges as one) is a
        // tree when it has one edge fewer than vertices: the block is connected.
        let mut links = 0;
        for (i, &e) in ends.iter().enumerate() {
            let (u, v, _) = unpack(e);
            if u != v && (inc[u] & inc[v] & all(i)) == 0 {
                links += 1;
            }
        }
        let mut edges = [0u32; MAX_EDGES];
        if n == 1 {
            // One edge (or loop) from the ground.
            edges[0] = ends[0];
        } else if links + 1 == vertices {
            BUFFERS.with(|b| {
                let b = &mut *b.borrow_mut();
                b.items.clear();
                shape(ends, &inc, 0, usize::MAX, b);
                write_tree(0, 0, b, &mut edges, &mut (0, 1));
            });
        } else {
            renumber_from_ground(ends, &inc, vertices, &mut edges);
        }
        Hackenbush {
            present: all(n),
            edges: Arc::from(&edges[..n]),
            names: None,
        }
    }
}

/// One thing hanging from a vertex of a tree: a loop, or the bundle of parallel edges
/// to a child with the child's tree; `key` is its shape's hash.
#[derive(Clone, Copy)]
struct Item {
    key: u64,
    /// The child's vertex, or `LOOP` for a loop.
    child: u8,
    /// The loop's colour code, or the bundle's counts of blue, red and green edges, a
    /// byte each from the lowest.
    colours: u32,
}

/// Marks an item that is a loop.
const LOOP: u8 = u8::MAX;

/// A mixing step of the shape hashes.
fn mix(h: u64, x: u64) -> u64 {
    let h = (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h ^ h >> 29
}

/// The items hanging from `v` (reached from `parent`), children's shapes taken from
/// `shapes`, pushed on `items`.
fn items_of(
    ends: &[u32],
    inc: &[u64; MAX_VERTICES],
    v: usize,
    parent: usize,
    shapes: &[u64; MAX_VERTICES],
    items: &mut Vec<Item>,
) {
    let mut seen = 0u64;
    for i in bits(inc[v]) {
        if seen >> i & 1 == 1 {
            continue;
        }
        let (x, y, c) = unpack(ends[i]);
        if x == y {
            items.push(Item {
                key: mix(1, u64::from(c)),
                child: LOOP,
                colours: c,
            });
            continue;
        }
        let w = if x == v { y } else { x };
        let bundle = inc[v] & inc[w];
        seen |= bundle;
        if w == parent {
            continue;
        }
        let mut counts = 0u32;
        for j in bits(bundle) {
            counts += 1 << (8 * (ends[j] >> 16));
        }
        items.push(Item {
            key: mix(mix(2, u64::from(counts)), shapes[w]),
            child: w as u8,
            colours: counts,
        });
    }
}

/// Room for the tree's normal form: the shape of each vertex, the items of every vertex
/// sorted by shape, and where each vertex's items are.
struct TreeBuffers {
    shapes: [u64; MAX_VERTICES],
    items: Vec<Item>,
    ranges: [(u16, u16); MAX_VERTICES],
}

thread_local! {
    static BUFFERS: std::cell::RefCell<TreeBuffers> = const {
        std::cell::RefCell::new(TreeBuffers {
            shapes: [0; MAX_VERTICES],
            items: Vec::new(),
            ranges: [(0, 0); MAX_VERTICES],
        })
    };
}

/// Sets the shape of every vertex of the tree hanging from `v` (reached from `parent`),
/// a hash of the sorted shapes of its items, so that equal trees have equal shapes, and
/// keeps each vertex's items in that order.
fn shape(ends: &[u32], inc: &[u64; MAX_VERTICES], v: usize, parent: usize, b: &mut TreeBuffers) {
    for i in bits(inc[v]) {
        let (x, y, _) = unpack(ends[i]);
        let w = if x == v { y } else { x };
        if w != v && w != parent && inc[v] & inc[w] & all(i) == 0 {
            shape(ends, inc, w, v, b);
        }
    }
    let mark = b.items.len();
    items_of(ends, inc, v, parent, &b.shapes, &mut b.items);
    let keys = &mut b.items[mark..];
    keys.sort_unstable_by_key(|item| item.key);
    b.shapes[v] = keys.iter().fold(3, |h, item| mix(h, item.key));
    b.ranges[v] = (mark as u16, b.items.len() as u16);
}

/// Writes the tree hanging from `v` (numbered `name`) to `out` from `counters.0` on, its
/// items in the order of their shapes, each child numbered `counters.1` when met.
fn write_tree(
    v: usize,
    name: usize,
    b: &TreeBuffers,
    out: &mut [u32; MAX_EDGES],
    counters: &mut (usize, usize),
) {
    let (start, end) = b.ranges[v];
    for item in &b.items[start as usize..end as usize] {
        if item.child == LOOP {
            out[counters.0] = pack(name, name, item.colours);
            counters.0 += 1;
            continue;
        }
        let child = counters.1;
        counters.1 += 1;
        for c in 0..3 {
            for _ in 0..item.colours >> (8 * c) & 0xff {
                out[counters.0] = pack(name, child, c);
                counters.0 += 1;
            }
        }
        write_tree(item.child as usize, child, b, out, counters);
    }
}

/// The edges renumbered by a breadth-first search from the ground, then sorted, into
/// `out`.
fn renumber_from_ground(
    ends: &[u32],
    inc: &[u64; MAX_VERTICES],
    vertices: usize,
    out: &mut [u32; MAX_EDGES],
) {
    let mut number = [usize::MAX; MAX_VERTICES];
    number[0] = 0;
    let mut queue = [0usize; MAX_VERTICES];
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let x = queue[head];
        head += 1;
        for i in bits(inc[x]) {
            let (u, v, _) = unpack(ends[i]);
            let y = if u == x { v } else { u };
            if number[y] == usize::MAX {
                number[y] = tail;
                queue[tail] = y;
                tail += 1;
            }
        }
    }
    debug_assert_eq!(tail, vertices);
    for (slot, &e) in out.iter_mut().zip(ends) {
        let (u, v, c) = unpack(e);
        *slot = undirected(pack(number[u], number[v], c));
    }
    out[..ends.len()].sort_unstable();
}
