//! Wythoff's game: two heaps; a move takes any positive number of counters from one heap,
//! or the same positive number from both heaps. Whoever takes the last counter wins.
//!
//! On a chessboard this is Wyt Queen: a queen moves left, down or diagonally down-left,
//! and whoever puts it in the corner wins; the heaps are its distances from the corner.
//!
//! **P-positions** (Wythoff 1907): the pairs (a_k, b_k) and (b_k, a_k) for k = 0, 1, 2, …
//! with a_k = ⌊kφ⌋ and b_k = ⌊kφ²⌋ = a_k + k, φ = (1 + √5)/2: (0, 0), (1, 2), (3, 5),
//! (4, 7), (6, 10), (8, 13), … The heaps of a P-position differ by k, so a position
//! (a, b) with a ≤ b is a P-position exactly when a = ⌊(b − a)φ⌋. nimlab computes
//! ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋ with exact integer square roots, for heaps of any 64-bit
//! size. Every n ≥ 1 is exactly one a_k or one b_k (the two Beatty sequences are
//! complementary), so a position has at most three winning moves: lower one heap to the
//! partner of the other, or take from both down to the P-position with the same
//! difference.
//!
//! **Grundy values** have no known closed form. They come from a table built by the mex
//! rule with one bit set per row, column and diagonal ([`GrundyTable`]), for heaps below
//! [`VALUE_LIMIT`]. Beyond that nimlab still gives the outcome and every winning move.
//! Text 000 calls the Sprague–Grundy function periodic; it is not (G(0, b) = b grows without
//! bound). Each row is only additively periodic from some point on: row 1 satisfies
//! G(1, b + 3) = G(1, b) + 3, row 3 has additive period 6 from b = 8, row 4 period 12
//! from b = 9.
//!
//! **Misère play**: the P-positions are those of normal play, except that (0, 0), (1, 2)
//! and (2, 1) are replaced by (0, 1), (1, 0) and (2, 2).
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Text 000: 16 23 is an N-position; the winning moves go to 14 23 and 11 18.
//! let p = cat.parse_position("wythoff", &["16", "23"], 1).unwrap();
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, vec!["14 23", "11 18"]);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};
use num_bigint::BigUint;
use std::sync::Mutex;

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "wythoff",
        usage: "wythoff[:any|all]",
        summary: "two heaps; take any number from one heap, or the same number from both; `:any`, `:all`: more heaps, the same number from any two or more of them, or from all",
        position: "the two heap sizes, e.g. `16 23`; `wythoff:any` and `wythoff:all` take any number of heaps, e.g. `wythoff:any 3 5 7`. Text 000 generalises the game to taking \"from three, or from all heaps at once\", which reads two ways: `:any` takes the same number from any two or more heaps, `:all` from every heap (no longer possible once a heap is empty)",
        example: "wythoff 16 23",
        start: "7 11",
        params: Params::Optional,
        build: |params, args| match params {
            None => {
                let game = Wythoff::default();
                let pos = read_heaps(args)?;
                Ok(Box::new(Typed::new(game, pos)))
            }
            Some(reading) => super::wythoff_heaps::build(reading, args),
        },
    }
}

/// Grundy values are computed for positions with both heaps below this.
pub const VALUE_LIMIT: u64 = 4096;

fn read_heaps(args: &[Arg<'_>]) -> Result<(u64, u64)> {
    match args {
        [a, b] => Ok((a.natural("a heap size")?, b.natural("a heap size")?)),
        _ => Err(Error::position(
            "wythoff",
            format!(
                "expected two heap sizes, e.g. `16 23`, not {} token{} (`wythoff:any` and `wythoff:all` play on more heaps)",
                args.len(),
                if args.len() == 1 { "" } else { "s" }
            ),
        )),
    }
}

/// ⌊x·√5⌋, exactly.
fn floor_sqrt5_times(x: u128) -> u128 {
    if x < 1 << 62 {
        // 5x² < 5·2^124 < 2^127.
        (5 * x * x).isqrt()
    } else {
        let big = BigUint::from(x);
        let root = (big.clone() * &big * 5u32).sqrt();
        u128::try_from(root).expect("√5·x < 2^67 for x ≤ 2^65")
    }
}

/// ⌊kφ⌋, the smaller heap a_k of the k-th P-position, exactly, for any 64-bit k.
///
/// ⌊(k + k√5)/2⌋ = ⌊(k + ⌊k√5⌋)/2⌋, and ⌊k√5⌋ is an integer square root.
///
/// ```
/// use nimlab::games::wythoff::lower;
/// let a: Vec<u128> = (0..8).map(lower).collect();
/// assert_eq!(a, vec![0, 1, 3, 4, 6, 8, 9, 11]);
/// ```
pub fn lower(k: u64) -> u128 {
    let k = u128::from(k);
    (k + floor_sqrt5_times(k)) / 2
}

/// ⌊kφ²⌋ = a_k + k, the larger heap b_k of the k-th P-position.
///
/// ```
/// use nimlab::games::wythoff::upper;
/// let b: Vec<u128> = (0..8).map(upper).collect();
/// assert_eq!(b, vec![0, 2, 5, 7, 10, 13, 15, 18]);
/// ```
pub fn upper(k: u64) -> u128 {
    lower(k) + u128::from(k)
}

/// ⌊x/φ⌋ = ⌊(⌊x√5⌋ − x)/2⌋, exactly.
fn floor_div_phi(x: u128) -> u128 {
    (floor_sqrt5_times(x) - x) / 2
}

/// Whether (a, b) is a P-position of Wythoff's game (in either order).
///
/// ```
/// use nimlab::games::wythoff::is_p_position;
/// assert!(is_p_position(11, 18));
/// assert!(is_p_position(18, 11));
/// assert!(!is_p_position(16, 23));
/// ```
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    u128::from(lo) == lower(hi - lo)
}

/// The heap that makes a P-position with a heap of `h`: the unique p with (h, p) a
/// P-position. It may exceed 2^64 − 1 (the partner of a huge a_k is b_k).
///
/// h = a_j exactly when h < jφ < h + 1, that is j = ⌊(h+1)/φ⌋ > ⌊h/φ⌋; the partner is
/// then h + j. Otherwise h = b_j and its partner is a_j = ⌊(h+1)/φ⌋.
///
/// ```
/// use nimlab::games::wythoff::partner;
/// assert_eq!(partner(0), 0);
/// assert_eq!(partner(14), 23);
/// assert_eq!(partner(23), 14);
/// ```
pub fn partner(h: u64) -> u128 {
    if h == 0 {
        return 0;
    }
    let h = u128::from(h);
    let j = floor_div_phi(h + 1);
    if j > floor_div_phi(h) {
        h + j
    } else {
        j
    }
}

/// Every move from (a, b) to a P-position, in order: lower the first heap, lower the
/// second heap, take from both. At most three; none from a P-position.
///
/// ```
/// use nimlab::games::wythoff::winning_moves;
/// assert_eq!(winning_moves(16, 23), vec![(14, 23), (11, 18)]);
/// assert_eq!(winning_moves(11, 18), vec![]);
/// ```
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    if is_p_position(a, b) {
        return out;
    }
    // Lower the first heap to the partner of the second.
    let p = partner(b);
    if p < u128::from(a) {
        out.push((p as u64, b));
    }
    let p = partner(a);
    if p < u128::from(b) {
        out.push((a, p as u64));
    }
    // Take the same number from both: the difference k stays, the smaller heap becomes a_k.
    let (lo, hi) = (a.min(b), a.max(b));
    let target = lower(hi - lo);
    if target < u128::from(lo) {
        let d = lo - target as u64;
        out.push((a - d, b - d));
    }
    out
}

/// Grundy values of Wythoff's game for all positions with both heaps below a size, grown
/// on demand.
///
/// Cells (a, b) with a ≤ b are computed in order of b. Each heap size x keeps a bit set
/// of the values of the positions (x, y) computed so far, and each difference k a bit set
/// of the values on its diagonal, so the options of (a, b) are the union of three bit
/// sets: row a, row b and diagonal b − a. The mex is the first zero bit of the union.
///
/// ```
/// let t = nimlab::games::wythoff::grundy_table(8);
/// // OEIS A004481, row 3: 3 4 5 6 2 0 1 9.
/// let row: Vec<u32> = (0..8).map(|b| t.get(3, b).unwrap()).collect();
/// assert_eq!(row, vec![3, 4, 5, 6, 2, 0, 1, 9]);
/// assert_eq!(t.get(8, 0), None);
/// ```
#[derive(Debug, Clone, Default)]
pub struct GrundyTable {
    /// Passes done: values are known for both heaps below `size`.
    size: usize,
    /// G(a, b) for a ≤ b at b·(b+1)/2 + a.
    values: Vec<u32>,
    /// Per heap size x: the values of (x, y) computed so far.
    rows: Vec<Bits>,
    /// Per difference k: the values of (a, a + k) computed so far.
    diagonals: Vec<Bits>,
}

/// A growable bit set that remembers how many leading words are full.
#[derive(Debug, Clone, Default)]
struct Bits {
    words: Vec<u64>,
    full: usize,
}

impl Bits {
    fn insert(&mut self, v: u32) {
        let (w, b) = (v as usize / 64, v % 64);
        if self.words.len() <= w {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << b;
        while self.words.get(self.full) == Some(&u64::MAX) {
            self.full += 1;
        }
    }

    fn word(&self, i: usize) -> u64 {
        self.words.get(i).copied().unwrap_or(0)
    }
}

/// The mex of the union of three bit sets.
fn mex3(x: &Bits, y: &Bits, z: &Bits) -> u32 {
    let mut i = x.full.max(y.full).max(z.full);
    loop {
        let w = x.word(i) | y.word(i) | z.word(i);
        if w != u64::MAX {
            return (i * 64) as u32 + w.trailing_ones();
        }
        i += 1;
    }
}

impl GrundyTable {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Values are known for positions with both heaps below this.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Computes every value with both heaps below `n`.
    pub fn extend_to(&mut self, n: usize) {
        if n <= self.size {
            return;
        }
        self.values.reserve(n * (n + 1) / 2 - self.values.len());
        for b in self.size..n {
            self.rows.push(Bits::default());
            self.diagonals.push(Bits::default());
            for a in 0..=b {
                let k = b - a;
                let v = mex3(&self.rows[a], &self.rows[b], &self.diagonals[k]);
                self.values.push(v);
                self.rows[a].insert(v);
                if a != b {
                    self.rows[b].insert(v);
                }
                self.diagonals[k].insert(v);
            }
        }
        self.size = n;
    }

    /// G(a, b), if both heaps are below [`GrundyTable::size`].
    pub fn get(&self, a: u64, b: u64) -> Option<u32> {
        let (lo, hi) = (a.min(b), a.max(b));
        if hi >= self.size as u64 {
            return None;
        }
        let (lo, hi) = (lo as usize, hi as usize);
        Some(self.values[hi * (hi + 1) / 2 + lo])
    }
}

/// The table of G(a, b) for all a, b < n.
///
/// ```
/// let t = nimlab::games::wythoff::grundy_table(3);
/// assert_eq!(t.get(1, 2), Some(0));
/// assert_eq!(t.get(2, 2), Some(1));
/// ```
pub fn grundy_table(n: usize) -> GrundyTable {
    let mut t = GrundyTable::new();
    t.extend_to(n);
    t
}

/// Wythoff's game. A position is the pair of heap sizes.
///
/// ```
/// use nimlab::games::wythoff::Wythoff;
/// use nimlab::impartial::ImpartialGame;
/// let mut options = Vec::new();
/// Wythoff::default().options(&(1, 2), &mut options);
/// assert_eq!(options, vec![(0, 2), (1, 0), (1, 1), (0, 1)]);
/// ```
#[derive(Debug, Default)]
pub struct Wythoff {
    table: Mutex<GrundyTable>,
}

impl Wythoff {
    /// The Grundy value of (a, b), from the table, for heaps below [`VALUE_LIMIT`].
    ///
    /// ```
    /// let g = nimlab::games::wythoff::Wythoff::default();
    /// assert_eq!(g.value(16, 23).unwrap(), 29);
    /// assert!(g.value(5000, 1).is_err());
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] when a heap is [`VALUE_LIMIT`] or more.
    pub fn value(&self, a: u64, b: u64) -> Result<u64> {
        let hi = a.max(b);
        if hi >= VALUE_LIMIT {
            return Err(value_limit(a, b));
        }
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if table.get(a, b).is_none() {
            // Grow in powers of two, so that a sequence of queries costs little more
            // than the last one.
            let n = (hi as usize + 1)
                .next_power_of_two()
                .clamp(64, VALUE_LIMIT as usize);
            table.extend_to(n);
        }
        Ok(u64::from(
            table.get(a, b).expect("the table covers the position"),
        ))
    }
}

fn value_limit(a: u64, b: u64) -> Error {
    Error::limit(
        format!("the Grundy value (or the list of every move) of the Wythoff position {a} {b}"),
        format!(
            "heaps below {VALUE_LIMIT} (Wythoff values have no closed form and come from a table; the outcome and the winning moves of a single position are known for heaps of any size)"
        ),
    )
}

impl ImpartialGame for Wythoff {
    type Position = (u64, u64);

    fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|d| (a - d, b - d)));
    }

    fn closed_form(&self, &(a, b): &(u64, u64)) -> Option<u64> {
        self.value(a, b).ok()
    }
}

impl Rules for Wythoff {
    fn id(&self) -> String {
        "wythoff".to_string()
    }

    fn format(&self, &(a, b): &(u64, u64)) -> String {
        format!("{a} {b}")
    }

    fn figure(&self, pos: &(u64, u64)) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape};
        Some(Figure::new(Shape::Heaps(Heap::numbered(
            "heap",
            &[pos.0, pos.1],
        ))))
    }

    fn read_move(
        &self,
        &(a, b): &(u64, u64),
        text: &str,
    ) -> Option<std::result::Result<(u64, u64), String>> {
        let mut next = [a, b];
        for edit in text.trim().split(',') {
            let edit = edit.trim();
            let op = edit.find(['-', '='])?;
            let h: usize = edit[..op].trim().parse().ok()?;
            let k: u64 = edit[op + 1..].trim().parse().ok()?;
            let Some(i) = h.checked_sub(1).filter(|&i| i < 2) else {
                return Some(Err(format!("there is no heap {h}: heaps 1 and 2")));
            };
            next[i] = if edit[op..].starts_with('-') {
                match next[i].checked_sub(k) {
                    Some(v) => v,
                    None => return Some(Err(format!("heap {h} has only {}", next[i]))),
                }
            } else {
                k
            };
        }
        let (da, db) = (a.checked_sub(next[0]), b.checked_sub(next[1]));
        Some(match (da, db) {
            (Some(x), Some(0)) | (Some(0), Some(x)) if x > 0 => Ok((next[0], next[1])),
            (Some(x), Some(y)) if x == y && x > 0 => Ok((next[0], next[1])),
            (Some(0), Some(0)) => Err("take at least 1".to_string()),
            (Some(_), Some(_)) => {
                Err("take from one heap, or the same number from both".to_string())
            }
            _ => Err("counters can only be taken away".to_string()),
        })
    }

    fn describe(&self, &(a, b): &(u64, u64), &(x, y): &(u64, u64)) -> String {
        if x < a && y < b {
            format!("take {} from both heaps, leaving {x} {y}", a - x)
        } else {
            crate::games::describe_heap_change(&[a, b], &[x, y])
        }
    }

    fn options_of_value(
        &self,
        pos: &(u64, u64),
        target: u64,
        hits: &mut crate::games::rules::Hits<(u64, u64)>,
    ) -> Option<()> {
        if target == 0 {
            hits.extend(winning_moves(pos.0, pos.1));
            return Some(());
        }
        let (a, b) = *pos;
        self.value(a, b).ok()?;
        let mut all = Vec::new();
        self.options(pos, &mut all);
        let table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        all.retain(|&(x, y)| table.get(x, y).map(u64::from) == Some(target));
        hits.extend(all);
        Some(())
    }

    fn p_position(&self, &(a, b): &(u64, u64)) -> Option<bool> {
        Some(is_p_position(a, b))
    }

    fn rule(&self, &(a, b): &(u64, u64)) -> Option<String> {
        let (lo, hi) = (a.min(b), a.max(b));
        let k = hi - lo;
        let ak = lower(k);
        let verdict = if u128::from(lo) == ak {
            "so this is a P-position: the player to move loses".to_string()
        } else {
            "this position is not one of them, so the player to move wins by moving to a P-position"
                .to_string()
        };
        let values = if hi < VALUE_LIMIT {
            "Wythoff values have no closed form; the value shown comes from a table built by the mex rule."
                .to_string()
        } else {
            format!("Wythoff values have no closed form; nimlab tabulates them for heaps below {VALUE_LIMIT}.")
        };
        Some(format!(
            "The P-positions of Wythoff's game are the pairs (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k), φ = (1 + √5)/2: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), … The heaps differ by k = {k}, and the P-position with that difference is ({ak}, {}); {verdict}. {values}",
            ak + u128::from(k)
        ))
    }

    fn misere_rule(&self, &(a, b): &(u64, u64)) -> Option<String> {
        let p = misere_is_p(a, b);
        Some(format!(
            "In misère Wythoff the P-positions are those of normal play, (⌊kφ⌋, ⌊kφ²⌋), except that (0, 0) and (1, 2) are replaced by (0, 1) and (2, 2) (and their mirror images). {a} {b} is {}.",
            if p { "a P-position" } else { "not a P-position" }
        ))
    }

    fn misere_closed_form(&self, &(a, b): &(u64, u64)) -> Option<Outcome> {
        Some(Outcome::from_grundy_zero(misere_is_p(a, b)))
    }

    fn check_searchable(&self, &(a, b): &(u64, u64)) -> Result<()> {
        if a.max(b) >= VALUE_LIMIT {
            return Err(value_limit(a, b));
        }
        Ok(())
    }
}

/// Whether (a, b) is a P-position of misère Wythoff.
///
/// ```
/// use nimlab::games::wythoff::misere_is_p;
/// assert!(misere_is_p(0, 1) && misere_is_p(2, 2) && misere_is_p(3, 5));
/// assert!(!misere_is_p(0, 0) && !misere_is_p(1, 2));
/// ```
pub fn misere_is_p(a: u64, b: u64) -> bool {
    match (a.min(b), a.max(b)) {
        (0, 1) | (2, 2) => true,
        (0, 0) | (1, 2) => false,
        _ => is_p_position(a, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, MisereSolver};
    use proptest::prelude::*;

    /// G(a, b) for a, b < n by the mex rule over every option, without bit sets.
    fn brute(n: usize) -> Vec<Vec<u32>> {
        let mut g = vec![vec![0u32; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; 3 * n + 1];
                (0..a).for_each(|x| seen[g[x][b] as usize] = true);
                (0..b).for_each(|y| seen[g[a][y] as usize] = true);
                (1..=a.min(b)).for_each(|d| seen[g[a - d][b - d] as usize] = true);
                g[a][b] = seen.iter().position(|s| !s).unwrap() as u32;
            }
        }
        g
    }

    #[test]
    fn fact_16_23() {
        assert!(!is_p_position(16, 23));
        assert_eq!(winning_moves(16, 23), vec![(14, 23), (11, 18)]);
        let g = Wythoff::default();
        assert_eq!(
            g.all_options_of_value(&(16, 23), 0).unwrap(),
            vec![(14, 23), (11, 18)]
        );
    }

    #[test]
    fn oeis_a004481_rows() {
        // Wythoff's game Grundy array, read by rows (checked against `brute` below).
        let rows: [[u32; 6]; 4] = [
            [0, 1, 2, 3, 4, 5],
            [1, 2, 0, 4, 5, 3],
            [2, 0, 1, 5, 3, 4],
            [3, 4, 5, 6, 2, 0],
        ];
        let t = grundy_table(6);
        let b = brute(6);
        for (a, row) in rows.iter().enumerate() {
            for (y, &v) in row.iter().enumerate() {
                assert_eq!(t.get(a as u64, y as u64), Some(v));
                assert_eq!(b[a][y], v);
            }
        }
    }

    #[test]
    fn rows_are_additively_periodic_not_periodic() {
        // Text 000 says the Sprague–Grundy function is periodic: false. Rows grow, and
        // repeat only after adding the period: G(a, b + p) = G(a, b) + p for b ≥ b0.
        let n = 1024u64;
        let t = grundy_table(n as usize);
        assert!((0..n).all(|b| t.get(0, b) == Some(b as u32)));
        for (a, p, b0) in [(1u64, 3u64, 0u64), (2, 3, 0), (3, 6, 8), (4, 12, 9)] {
            for b in b0..n - p {
                assert_eq!(
                    t.get(a, b + p),
                    t.get(a, b).map(|v| v + p as u32),
                    "row {a} at {b}"
                );
            }
            // The period does not start earlier.
            if b0 > 0 {
                assert_ne!(t.get(a, b0 - 1 + p), t.get(a, b0 - 1).map(|v| v + p as u32));
            }
        }
    }

    #[test]
    fn table_matches_brute_force() {
        let n = 70;
        let b = brute(n);
        // Grown in several steps, to check extending the table.
        let mut t = GrundyTable::new();
        for size in [1, 2, 17, 40, n] {
            t.extend_to(size);
            for (x, row) in b.iter().enumerate().take(size) {
                for (y, &v) in row.iter().enumerate().take(size) {
                    assert_eq!(t.get(x as u64, y as u64), Some(v), "{x} {y}");
                }
            }
        }
    }

    #[test]
    fn zeros_of_the_table_are_the_p_positions() {
        let n = 300;
        let t = grundy_table(n);
        for a in 0..n as u64 {
            for b in 0..n as u64 {
                assert_eq!(t.get(a, b) == Some(0), is_p_position(a, b), "{a} {b}");
            }
        }
    }

    #[test]
    fn beatty_sequences_are_complementary() {
        // Every n ≥ 1 is exactly one a_k or one b_k (k ≥ 1), and partner() finds it.
        let mut seen = vec![0u8; 20_001];
        for k in 1..20_000u64 {
            for v in [lower(k), upper(k)] {
                if v <= 20_000 {
                    seen[v as usize] += 1;
                    let p = if v == lower(k) { upper(k) } else { lower(k) };
                    assert_eq!(partner(v as u64), p, "partner of {v}");
                }
            }
        }
        assert!(seen[1..].iter().all(|&c| c == 1));
        assert_eq!(lower(1_000_000), 1_618_033);
    }

    #[test]
    fn exact_arithmetic_for_huge_heaps() {
        // The two square-root paths agree where they meet.
        for x in [(1u128 << 62) - 3, (1 << 62) - 1] {
            let big = BigUint::from(x);
            let root = (big.clone() * &big * 5u32).sqrt();
            assert_eq!(u128::try_from(root).unwrap(), floor_sqrt5_times(x));
        }
        // ⌊kφ⌋ for k = 10^18: φ·10^18 = 1618033988749894848.204…
        assert_eq!(lower(1_000_000_000_000_000_000), 1_618_033_988_749_894_848);
        assert_eq!(upper(1_000_000_000_000_000_000), 2_618_033_988_749_894_848);
        // A P-position near the top of the 64-bit range.
        let k = (u64::MAX as f64 / 2.62) as u64;
        let (a, b) = (lower(k) as u64, upper(k) as u64);
        assert!(is_p_position(a, b) && is_p_position(b, a));
        assert!(!is_p_position(a, b - 1) && !is_p_position(a + 1, b));
        assert!(winning_moves(a + 5, b + 5).contains(&(a, b)));
        assert!(winning_moves(a, b + 7).contains(&(a, b)));
        let max = u128::from(u64::MAX);
        match u64::try_from(partner(u64::MAX)) {
            Ok(p) => assert_eq!(partner(p), max),
            Err(_) => assert_eq!(lower((partner(u64::MAX) - max) as u64), max),
        }
    }

    #[test]
    fn winning_moves_are_every_move_to_a_p_position() {
        for a in 0..60u64 {
            for b in 0..60u64 {
                let mut all = Vec::new();
                Wythoff::default().options(&(a, b), &mut all);
                let mut want: Vec<_> = all
                    .into_iter()
                    .filter(|&(x, y)| is_p_position(x, y))
                    .collect();
                let mut got = winning_moves(a, b);
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{a} {b}");
            }
        }
    }

    #[test]
    fn misere_matches_search() {
        let g = Wythoff::default();
        let mut solver = MisereSolver::new(&g);
        for a in 0..25u64 {
            for b in 0..25u64 {
                assert_eq!(
                    solver.outcome(&(a, b)).unwrap(),
                    g.misere_closed_form(&(a, b)).unwrap(),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn huge_heaps_give_limits_not_hangs() {
        let g = Wythoff::default();
        let pos = (u64::MAX - 1, 3);
        assert!(matches!(g.value(pos.0, pos.1), Err(Error::Limit(_))));
        assert!(matches!(g.check_searchable(&pos), Err(Error::Limit(_))));
        assert_eq!(g.all_options_of_value(&pos, 5), None);
        assert_eq!(g.p_position(&pos), Some(false));
        assert!(g.all_options_of_value(&pos, 0).unwrap().len() <= 3);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn table_and_fast_paths_match_search(a in 0u64..40, b in 0u64..40, target in 0u64..6) {
            let g = Wythoff::default();
            let mut solver = GrundySolver::without_closed_forms(&g);
            prop_assert_eq!(g.closed_form(&(a, b)), Some(solver.value(&(a, b)).unwrap()));
            let mut all = Vec::new();
            g.options(&(a, b), &mut all);
            let mut want: Vec<_> = all.into_iter().filter(|o| solver.value(o).unwrap() == target).collect();
            let mut got = g.all_options_of_value(&(a, b), target).unwrap();
            want.sort_unstable();
            got.sort_unstable();
            prop_assert_eq!(got, want);
        }

        #[test]
        fn winning_moves_of_big_positions_reach_p_positions(a in 0u64..u64::MAX, b in 0u64..u64::MAX) {
            let moves = winning_moves(a, b);
            prop_assert!(moves.len() <= 3);
            prop_assert_eq!(moves.is_empty(), is_p_position(a, b));
            for (x, y) in moves {
                prop_assert!(is_p_position(x, y));
                let legal = (x < a && y == b) || (x == a && y < b) || (x < a && y < b && a - x == b - y);
                prop_assert!(legal, "{} {} -> {} {}", a, b, x, y);
            }
        }
    }
}
