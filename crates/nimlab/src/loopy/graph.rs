//! A finite game graph: positions numbered from 0 and the moves among them.

/// A finite directed graph of positions, moves stored compactly (each position's moves
/// are one slice of a single array).
///
/// ```
/// use nimlab::loopy::Graph;
/// // 0 → 1 → 2, and 2 → 0: a cycle of three positions.
/// let g = Graph::from_moves(vec![vec![1], vec![2], vec![0]]);
/// assert_eq!(g.len(), 3);
/// assert_eq!(g.moves(2), &[0]);
/// assert_eq!(g.predecessors().moves(0), &[2]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Graph {
    start: Vec<usize>,
    targets: Vec<u32>,
}

impl Graph {
    /// The graph whose position `i` has the moves `moves[i]`.
    ///
    /// # Panics
    /// If a move leads to a position that is not in the graph (a bug of the caller, not
    /// of any input).
    pub fn from_moves(moves: Vec<Vec<u32>>) -> Graph {
        let n = moves.len();
        let mut g = Graph {
            start: Vec::with_capacity(n + 1),
            targets: Vec::with_capacity(moves.iter().map(Vec::len).sum()),
        };
        for m in moves {
            g.push(m.iter().copied());
        }
        assert!(
            g.targets.iter().all(|&t| (t as usize) < n),
            "a move leaves the graph"
        );
        g
    }

    /// Adds a position with the given moves; positions are numbered in the order added.
    /// The moves may name positions not yet added, as long as they are added before use.
    ///
    /// ```
    /// let mut g = nimlab::loopy::Graph::default();
    /// g.push([1]);
    /// g.push([]);
    /// assert_eq!(g.moves(0), &[1]);
    /// ```
    pub fn push(&mut self, moves: impl IntoIterator<Item = u32>) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        self.targets.extend(moves);
        self.start.push(self.targets.len());
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// Whether the graph has no position.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of moves.
    pub fn move_count(&self) -> usize {
        self.targets.len()
    }

    /// The moves of position `i`.
    pub fn moves(&self, i: usize) -> &[u32] {
        &self.targets[self.start[i]..self.start[i + 1]]
    }

    /// The reversed graph: position `i`'s moves are the positions with a move to `i`.
    pub fn predecessors(&self) -> Graph {
        let n = self.len();
        let mut count = vec![0usize; n + 1];
        for &t in &self.targets {
            count[t as usize + 1] += 1;
        }
        for i in 0..n {
            count[i + 1] += count[i];
        }
        let start = count.clone();
        let mut fill = count;
        let mut targets = vec![0u32; self.targets.len()];
        for i in 0..n {
            for &t in self.moves(i) {
                targets[fill[t as usize]] = i as u32;
                fill[t as usize] += 1;
            }
        }
        Graph { start, targets }
    }
}
