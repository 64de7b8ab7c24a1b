//! The staircases of a rectangle, tier by tier: how many there are with t pieces, the
//! rank of each among them, the staircase of each rank, and the next one in rank order.
//!
//! A staircase is written by its row lengths from the poisoned row up, `λ_1 ≥ λ_2 ≥ … ≥
//! λ_R ≥ 0` (rows of length 0 at the top stand for missing rows), each at most C. Tier t
//! holds the staircases of t pieces, ordered lexicographically by `λ_1`, then `λ_2`, and
//! so on. With `P(k, m, s)` the number of non-increasing sequences of k lengths at most m
//! summing to s, the staircases of tier t whose bottom row is shorter than l number
//! `A(R − 1, t, l) = Σ_{v < l} P(R − 1, v, t − v)`, so the rank of λ is
//! `Σ_i A(R − i, s_i, λ_i)` with `s_i = λ_i + λ_{i+1} + … + λ_R` the pieces from row i
//! up: one table look-up a row, the combinatorial number system of lattice paths of a
//! given area. Each term depends on the row, its length and the pieces above it, never
//! on the rows below, which is what lets a move's position be ranked from its parent's
//! terms.

use crate::{Error, Result};

/// The most rows and the most columns a rectangle may have here (each tier's size must
/// fit in 32 bits, which holds far beyond what memory allows).
pub const MAX_SIDE: usize = 32;

/// The staircases of a rectangle of `rows` × `columns`, counted and ranked tier by tier.
///
/// ```
/// use nimlab::games::boards::chomp_tiers::Staircases;
/// let s = Staircases::new(2, 3).unwrap();
/// // Tier 3 of a 2 × 3 rectangle: `3`, and `2 1` (rows from the poisoned row up).
/// assert_eq!(s.tier_size(3), 2);
/// let mut rows = [0u8; 2];
/// s.unrank(3, 1, &mut rows);
/// assert_eq!(rows, [3, 0]);
/// assert_eq!(s.rank(&[2, 1]), (3, 0));
/// assert_eq!(s.total(), 10); // C(5, 2), the empty board included
/// ```
#[derive(Debug, Clone)]
pub struct Staircases {
    rows: usize,
    columns: usize,
    /// `terms[(k · (cells + 1) + s) · (columns + 2) + l]` = A(k, s, l): the staircases of
    /// k + 1 rows and s pieces whose bottom row is shorter than l.
    terms: Vec<u32>,
    /// The size of each tier, 0 to rows · columns.
    sizes: Vec<u64>,
}

impl Staircases {
    /// The staircases inside `rows` × `columns`.
    ///
    /// # Errors
    /// [`Error::Limit`] for a side of 0 or more than [`MAX_SIDE`], or a tier of more
    /// than 2^32 staircases.
    pub fn new(rows: usize, columns: usize) -> Result<Staircases> {
        if rows == 0 || columns == 0 || rows > MAX_SIDE || columns > MAX_SIDE {
            return Err(Error::limit(
                format!("Chomp solved inside a rectangle of {rows} rows and {columns} columns"),
                format!("rectangles of 1 to {MAX_SIDE} rows and columns"),
            ));
        }
        let cells = rows * columns;
        let width = columns + 2;
        // p[k][m][s] = P(k, m, s) for k < rows, m ≤ columns, s ≤ cells; saturating, and
        // any count that saturates is refused below.
        let idx = |k: usize, m: usize, s: usize| (k * (columns + 1) + m) * (cells + 1) + s;
        let mut p = vec![0u64; rows * (columns + 1) * (cells + 1)];
        for m in 0..=columns {
            p[idx(0, m, 0)] = 1;
        }
        for k in 1..rows {
            for m in 0..=columns {
                for s in 0..=cells {
                    let without = if m > 0 { p[idx(k, m - 1, s)] } else { 0 };
                    let with_m = if s >= m { p[idx(k - 1, m, s - m)] } else { 0 };
                    // With m = 0 the first length is 0 and so are the rest.
                    let v = if m == 0 {
                        u64::from(s == 0)
                    } else {
                        without.saturating_add(with_m)
                    };
                    p[idx(k, m, s)] = v;
                }
            }
        }
        let mut terms = vec![0u32; rows * (cells + 1) * width];
        let mut sizes = vec![0u64; cells + 1];
        for k in 0..rows {
            for s in 0..=cells {
                let base = (k * (cells + 1) + s) * width;
                let mut sum = 0u64;
                for l in 0..=columns + 1 {
                    if sum > u64::from(u32::MAX) {
                        return Err(Error::limit(
                            format!(
                                "Chomp solved inside a rectangle of {rows} rows and {columns} columns (a tier of more than 2^32 positions)"
                            ),
                            "tiers of at most 2^32 positions".to_string(),
                        ));
                    }
                    terms[base + l] = sum as u32;
                    if l <= columns && l <= s {
                        sum = sum.saturating_add(p[idx(k, l, s - l)]);
                    }
                }
                if k + 1 == rows {
                    sizes[s] = sum;
                }
            }
        }
        Ok(Staircases {
            rows,
            columns,
            terms,
            sizes,
        })
    }

    /// The rows of the rectangle.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The columns of the rectangle.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The number of pieces of the full rectangle, the last tier.
    pub fn cells(&self) -> usize {
        self.rows * self.columns
    }

    /// How many staircases have `t` pieces (0 beyond the rectangle).
    pub fn tier_size(&self, t: usize) -> u64 {
        self.sizes.get(t).copied().unwrap_or(0)
    }

    /// How many staircases there are in every tier, the empty one included:
    /// C(rows + columns, rows).
    pub fn total(&self) -> u64 {
        self.sizes.iter().sum()
    }

    /// A(k, s, l): the staircases of k + 1 rows and s pieces whose bottom row is
    /// shorter than l.
    #[inline]
    pub(crate) fn term(&self, k: usize, s: usize, l: usize) -> u32 {
        self.terms[(k * (self.cells() + 1) + s) * (self.columns + 2) + l]
    }

    /// Whether `board` (row lengths from the poisoned row up) is a staircase inside the
    /// rectangle: no more rows than it has, none longer than it is wide or than the row
    /// below.
    ///
    /// ```
    /// use nimlab::games::boards::chomp_tiers::Staircases;
    /// let s = Staircases::new(3, 4).unwrap();
    /// assert!(s.holds(&[4, 2, 2]));
    /// assert!(!s.holds(&[5]) && !s.holds(&[1, 1, 1, 1]) && !s.holds(&[2, 3]));
    /// ```
    pub fn holds(&self, board: &[u8]) -> bool {
        board.len() <= self.rows
            && board
                .first()
                .is_none_or(|&l| usize::from(l) <= self.columns)
            && board.windows(2).all(|w| w[1] <= w[0])
    }

    /// The tier and the rank within it of the staircase `board` (row lengths from the
    /// poisoned row up, as many as the rectangle's rows or fewer; missing rows are 0),
    /// which must fit the rectangle ([`Staircases::holds`]).
    pub fn rank(&self, board: &[u8]) -> (usize, u64) {
        let t: usize = board.iter().map(|&l| usize::from(l)).sum();
        let mut s = t;
        let mut rank = 0u64;
        for (i, &l) in board.iter().enumerate() {
            let l = usize::from(l);
            rank += u64::from(self.term(self.rows - 1 - i, s, l));
            s -= l;
        }
        (t, rank)
    }

    /// Writes into `board` (one length a row of the rectangle) the staircase of tier `t`
    /// and rank `rank`, which must be below [`Staircases::tier_size`].
    pub fn unrank(&self, t: usize, rank: u64, board: &mut [u8]) {
        let mut s = t;
        let mut rest = rank;
        let mut cap = self.columns;
        for (i, row) in board.iter_mut().enumerate().take(self.rows) {
            let k = self.rows - 1 - i;
            // The longest l with A(k, s, l) ≤ rest.
            let mut l = cap.min(s);
            while u64::from(self.term(k, s, l)) > rest {
                l -= 1;
            }
            rest -= u64::from(self.term(k, s, l));
            *row = l as u8;
            s -= l;
            cap = l;
        }
    }

    /// Steps `board` (as many lengths as the rectangle has rows) to the next staircase
    /// of its tier in rank order; `false` when it was the last.
    pub fn next(&self, board: &mut [u8]) -> bool {
        // Raise the highest row that can grow while some row above it gives a piece up,
        // and spread the rest over the rows above as evenly as the order allows (the
        // least arrangement in lexicographic order).
        let mut above = 0usize;
        for i in (0..board.len()).rev() {
            let cap = if i == 0 {
                self.columns
            } else {
                usize::from(board[i - 1])
            };
            if above > 0 && usize::from(board[i]) < cap {
                board[i] += 1;
                let rest = above - 1;
                let k = board.len() - 1 - i;
                let (q, r) = (rest / k, rest % k);
                for (j, row) in board[i + 1..].iter_mut().enumerate() {
                    *row = (q + usize::from(j < r)) as u8;
                }
                return true;
            }
            above += usize::from(board[i]);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every staircase of `rows` × `columns` with `t` pieces, in lexicographic order of
    /// the rows from the poisoned row up, by brute force.
    fn tier(rows: usize, columns: usize, t: usize) -> Vec<Vec<u8>> {
        fn extend(prefix: &mut Vec<u8>, rows: usize, cap: u8, left: usize, out: &mut Vec<Vec<u8>>) {
            if prefix.len() == rows {
                if left == 0 {
                    out.push(prefix.clone());
                }
                return;
            }
            for l in 0..=cap.min(left as u8) {
                prefix.push(l);
                extend(prefix, rows, l, left - usize::from(l), out);
                prefix.pop();
            }
        }
        let mut out = vec![];
        extend(&mut vec![], rows, columns as u8, t, &mut out);
        out
    }

    #[test]
    fn ranks_count_every_staircase_of_a_tier_in_order() {
        for (rows, columns) in [
            (1, 1),
            (1, 5),
            (5, 1),
            (2, 3),
            (3, 2),
            (4, 4),
            (3, 6),
            (5, 4),
        ] {
            let s = Staircases::new(rows, columns).unwrap();
            let mut total = 0;
            for t in 0..=rows * columns {
                let all = tier(rows, columns, t);
                assert_eq!(
                    s.tier_size(t),
                    all.len() as u64,
                    "{rows}x{columns} tier {t}"
                );
                total += all.len() as u64;
                let mut walk = vec![0u8; rows];
                for (i, b) in all.iter().enumerate() {
                    assert_eq!(s.rank(b), (t, i as u64), "{b:?}");
                    s.unrank(t, i as u64, &mut walk);
                    assert_eq!(&walk, b);
                    assert_eq!(s.next(&mut walk), i + 1 < all.len(), "{b:?}");
                    if i + 1 < all.len() {
                        assert_eq!(walk, all[i + 1]);
                    }
                }
            }
            // C(rows + columns, rows), independently.
            assert_eq!(
                total,
                crate::games::chomp::positions_inside(rows, columns).unwrap()
            );
        }
    }

    #[test]
    fn sides_beyond_the_limit_are_refused() {
        assert!(Staircases::new(0, 3).is_err());
        let e = Staircases::new(33, 3).unwrap_err().to_string();
        assert!(e.contains("33 rows"), "{e}");
    }
}
