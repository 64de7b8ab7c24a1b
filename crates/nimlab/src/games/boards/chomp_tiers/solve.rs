//! The tier solver: every position of tier t is solved from the tiers below it.
//!
//! A move takes at least one piece, so every option of a position with t pieces has
//! fewer: once tiers 1 to t − 1 are solved, each position of tier t is an N-position when
//! one of its options is a P-position and a P-position when none is. The solver looks
//! through a position's options and stops at the first P-position; an option is ranked
//! from its parent's rank terms (see [`Staircases`]) with one table look-up for each row
//! the move changes or lies below, and its outcome is 2 bits in the tiers below.
//!
//! Within a tier the positions come in blocks of [`BLOCK`] ranks, and a [`Share`] `s` of
//! `K` owns the blocks that a hash of (tier, block) sends to `s`. A share reads the tiers
//! below and writes its own blocks only, so the K shares of a tier can be solved apart (on
//! K machines), each given the whole of the tiers below: after each tier every share
//! sends its blocks ([`share_blocks`]) to every other share, which puts them in place
//! ([`receive_share`]). Within one process the blocks of a share are solved in parallel
//! (rayon).

use super::rank::{Staircases, MAX_SIDE};
use super::table::{code_at, count_p, Outcomes, N, P, UNKNOWN};
use crate::{Error, Result};
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;

/// The positions of a block: the unit shares own (64 bytes of outcomes).
pub const BLOCK: usize = 256;

/// The bytes of a block.
const BLOCK_BYTES: usize = BLOCK / 4;

/// Share `index` of `count`: the blocks of each tier it solves.
///
/// ```
/// use nimlab::games::boards::chomp_tiers::Share;
/// let shares: Vec<Share> = (0..3).map(|s| Share::new(s, 3).unwrap()).collect();
/// // Every block of every tier belongs to exactly one share.
/// for t in 1..50 {
///     for block in 0..100 {
///         assert_eq!(shares.iter().filter(|s| s.owns(t, block)).count(), 1);
///     }
/// }
/// assert!(Share::new(3, 3).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Share {
    /// Which share, from 0.
    pub index: usize,
    /// How many shares there are.
    pub count: usize,
}

impl Share {
    /// The one share of a solver that works alone: every block.
    pub const WHOLE: Share = Share { index: 0, count: 1 };

    /// Share `index` of `count`.
    ///
    /// # Errors
    /// [`Error::Unsupported`] when there are no shares or `index` is not below `count`.
    pub fn new(index: usize, count: usize) -> Result<Share> {
        if index >= count {
            return Err(Error::Unsupported(format!(
                "share {index} of {count}: shares are numbered from 0 to one less than their count"
            )));
        }
        Ok(Share { index, count })
    }

    /// The share of `count` that owns block `block` of tier `t`: a hash of both, so that
    /// every share gets about as many blocks of every tier, from all over it.
    pub fn owner(t: usize, block: u64, count: usize) -> usize {
        // splitmix64's finaliser.
        let mut z = ((t as u64) << 40 ^ block).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z % count as u64) as usize
    }

    /// Whether this share owns block `block` of tier `t`.
    pub fn owns(&self, t: usize, block: u64) -> bool {
        self.count == 1 || Share::owner(t, block, self.count) == self.index
    }
}

/// What solving (a share of) a tier did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TierReport {
    /// The tier: the number of pieces of its positions.
    pub tier: usize,
    /// The positions solved.
    pub positions: u64,
    /// How many of them are P-positions.
    pub p_positions: u64,
    /// The options looked up in the tiers below.
    pub lookups: u64,
    /// Of those, the options in a block that another share would own, were the tiers
    /// split into the shares of the probe (0 without one).
    pub crossing: u64,
    /// The wall-clock time, in milliseconds.
    pub millis: u64,
}

impl TierReport {
    fn add(mut self, other: TierReport) -> TierReport {
        self.positions += other.positions;
        self.p_positions += other.p_positions;
        self.lookups += other.lookups;
        self.crossing += other.crossing;
        self
    }
}

/// Solves `share`'s blocks of tier `t` of `table`, whose tiers below `t` must be solved
/// whole. `probe`, if given, is a number of shares K: the report then counts the options
/// looked up in a block that another of K shares would own (what those shares would have
/// to be sent).
///
/// ```
/// use nimlab::games::boards::chomp_tiers::{solve_tier, Outcomes, Share, Staircases};
/// let mut table = Outcomes::new(Staircases::new(2, 2).unwrap());
/// for t in 1..=4 {
///     solve_tier(&mut table, t, Share::WHOLE, None).unwrap();
/// }
/// // The poisoned piece alone, and `2 1`, are lost for the player to move.
/// assert_eq!(table.p_positions(), 2);
/// assert_eq!(table.outcome(&[2, 1]), Some(nimlab::Outcome::P));
/// ```
///
/// # Errors
/// [`Error::Unsupported`] when an option lies in a tier not solved whole (a tier skipped,
/// or a share not received); the errors of the current [`crate::limits`] scope (time,
/// memory, Ctrl-C), checked block by block.
pub fn solve_tier(
    table: &mut Outcomes,
    t: usize,
    share: Share,
    probe: Option<usize>,
) -> Result<TierReport> {
    let start = Instant::now();
    let index = table.index().clone();
    let size = index.tier_size(t);
    let offsets = table.offsets().to_vec();
    let (below, tier) = table.split_at_tier(t);
    let stop = crate::limits::current();
    let work = Work {
        index: &index,
        below,
        offsets: &offsets,
        t,
        size,
        probe,
    };
    let report = tier
        .par_chunks_mut(BLOCK_BYTES)
        .enumerate()
        .filter(|(b, _)| share.owns(t, *b as u64))
        .map(|(b, out)| {
            if let Some(stop) = &stop {
                stop.check()?;
            }
            work.block(b as u64, out)
        })
        .try_reduce(TierReport::default, |a, b| Ok(a.add(b)))?;
    Ok(TierReport {
        tier: t,
        millis: start.elapsed().as_millis() as u64,
        ..report
    })
}

/// Solves every tier of `table` in order, whole, calling `on_tier` after each.
///
/// ```
/// use nimlab::games::boards::chomp_tiers::{solve, Outcomes, Staircases};
/// let mut table = Outcomes::new(Staircases::new(3, 4).unwrap());
/// let reports = solve(&mut table, None, |_| {}).unwrap();
/// assert_eq!(reports.len(), 12);
/// // Every rectangle but the poisoned piece alone is a first-player win.
/// assert_eq!(table.outcome(&[4, 4, 4]), Some(nimlab::Outcome::N));
/// assert_eq!(table.outcome(&[1]), Some(nimlab::Outcome::P));
/// ```
///
/// # Errors
/// As [`solve_tier`].
pub fn solve(
    table: &mut Outcomes,
    probe: Option<usize>,
    mut on_tier: impl FnMut(&TierReport),
) -> Result<Vec<TierReport>> {
    let mut reports = Vec::with_capacity(table.index().cells());
    for t in 1..=table.index().cells() {
        let report = solve_tier(table, t, Share::WHOLE, probe)?;
        on_tier(&report);
        reports.push(report);
    }
    Ok(reports)
}

/// The bytes of `share`'s blocks of tier `t`, one after the other: what the share sends
/// the others once it has solved the tier.
///
/// ```
/// use nimlab::games::boards::chomp_tiers::{share_blocks, Outcomes, Share, Staircases, BLOCK};
/// let table = Outcomes::new(Staircases::new(6, 6).unwrap());
/// let bytes: usize = (0..4)
///     .map(|s| share_blocks(&table, 18, Share::new(s, 4).unwrap()).len())
///     .sum();
/// assert_eq!(bytes, table.tier_bytes(18).len());
/// ```
pub fn share_blocks(table: &Outcomes, t: usize, share: Share) -> Vec<u8> {
    table.data()[table.tier_bytes(t)]
        .chunks(BLOCK_BYTES)
        .enumerate()
        .filter(|(b, _)| share.owns(t, *b as u64))
        .flat_map(|(_, bytes)| bytes.iter().copied())
        .collect()
}

/// Puts the blocks of `share`'s tier `t`, as [`share_blocks`] gave them, in place in
/// `table`.
///
/// ```
/// use nimlab::games::boards::chomp_tiers::*;
/// // Two shares solve a 4 × 5 rectangle, each sending its blocks to the other.
/// let index = Staircases::new(4, 5).unwrap();
/// let mut parts = [Outcomes::new(index.clone()), Outcomes::new(index.clone())];
/// for t in 1..=20 {
///     for s in 0..2 {
///         solve_tier(&mut parts[s], t, Share::new(s, 2).unwrap(), None).unwrap();
///     }
///     for s in 0..2 {
///         let bytes = share_blocks(&parts[s], t, Share::new(s, 2).unwrap());
///         receive_share(&mut parts[1 - s], t, Share::new(s, 2).unwrap(), &bytes).unwrap();
///     }
/// }
/// let mut whole = Outcomes::new(index);
/// solve(&mut whole, None, |_| {}).unwrap();
/// assert_eq!(parts[0].data(), whole.data());
/// assert_eq!(parts[1].data(), whole.data());
/// ```
///
/// # Errors
/// [`Error::Unsupported`] when `bytes` is not as long as the share's blocks.
pub fn receive_share(table: &mut Outcomes, t: usize, share: Share, bytes: &[u8]) -> Result<()> {
    let range = table.tier_bytes(t);
    let expected: usize = table.data()[range.clone()]
        .chunks(BLOCK_BYTES)
        .enumerate()
        .filter(|(b, _)| share.owns(t, *b as u64))
        .map(|(_, c)| c.len())
        .sum();
    if bytes.len() != expected {
        return Err(Error::Unsupported(format!(
            "share {} of {} of tier {t} has {expected} bytes, not {}",
            share.index,
            share.count,
            bytes.len()
        )));
    }
    let (_, tier) = table.split_at_tier(t);
    let mut from = 0;
    for (b, out) in tier.chunks_mut(BLOCK_BYTES).enumerate() {
        if share.owns(t, b as u64) {
            out.copy_from_slice(&bytes[from..from + out.len()]);
            from += out.len();
        }
    }
    Ok(())
}

/// One tier's work: what every block needs.
struct Work<'a> {
    index: &'a Staircases,
    below: &'a [u8],
    offsets: &'a [usize],
    t: usize,
    size: u64,
    probe: Option<usize>,
}

impl Work<'_> {
    /// Solves block `b`, writing its outcomes into `out`.
    fn block(&self, b: u64, out: &mut [u8]) -> Result<TierReport> {
        let rows = self.index.rows();
        let first = b * BLOCK as u64;
        let count = (self.size - first).min(BLOCK as u64) as usize;
        let mut board = [0u8; MAX_SIDE];
        let board = &mut board[..rows];
        self.index.unrank(self.t, first, board);
        out.fill(0);
        let home = self.probe.map(|k| Share::owner(self.t, b, k));
        let mut report = TierReport::default();
        let mut hint = None;
        for i in 0..count {
            if i > 0 {
                self.index.next(board);
            }
            let code = self.position(board, &mut hint, home, &mut report)?;
            out[i / 4] |= code << (2 * (i % 4));
            report.positions += 1;
        }
        report.p_positions = count_p(out);
        Ok(report)
    }

    /// The outcome code of `board`: [`N`] at its first option that is a P-position,
    /// else [`P`]. The move that won last (`hint`, a row and a column from 0) is tried
    /// first, since the positions of a block come in rank order and neighbours often win
    /// alike; then the moves that take most, from the poisoned row up and from the left.
    /// A winning move found is left in `hint`.
    fn position(
        &self,
        board: &[u8],
        hint: &mut Option<(usize, usize)>,
        home: Option<usize>,
        report: &mut TierReport,
    ) -> Result<u8> {
        let rows = board.len();
        let index = self.index;
        // suffix[i]: the pieces from row i up; tail[i]: the rank terms of those rows.
        let mut suffix = [0usize; MAX_SIDE + 1];
        let mut tail = [0u64; MAX_SIDE + 1];
        for i in (0..rows).rev() {
            suffix[i] = suffix[i + 1] + usize::from(board[i]);
            tail[i] =
                tail[i + 1] + u64::from(index.term(rows - 1 - i, suffix[i], usize::from(board[i])));
        }
        // Whether the move cutting rows r and up to length c reaches a P-position.
        let mut to_p = |r: usize, c: usize| -> Result<bool> {
            // Rows r to e − 1 are cut to length c; the rows from e up are not touched.
            let mut e = r;
            while e < rows && usize::from(board[e]) > c {
                e += 1;
            }
            let taken = suffix[r] - suffix[e] - c * (e - r);
            let mut rank = tail[e];
            for i in r..e {
                rank += u64::from(index.term(rows - 1 - i, c * (e - i) + suffix[e], c));
            }
            for i in 0..r {
                rank +=
                    u64::from(index.term(rows - 1 - i, suffix[i] - taken, usize::from(board[i])));
            }
            let to = self.t - taken;
            report.lookups += 1;
            if let (Some(home), Some(k)) = (home, self.probe) {
                if Share::owner(to, rank / BLOCK as u64, k) != home {
                    report.crossing += 1;
                }
            }
            match code_at(&self.below[self.offsets[to]..], rank) {
                P => Ok(true),
                UNKNOWN => Err(Error::Unsupported(format!(
                    "tier {to} is not solved whole: solve the tiers in order, and receive every share of a tier before solving the next"
                ))),
                _ => Ok(false),
            }
        };
        let tried = hint.filter(|&(r, c)| c < usize::from(board[r]) && (r, c) != (0, 0));
        if let Some((r, c)) = tried {
            if to_p(r, c)? {
                return Ok(N);
            }
        }
        for (r, &len) in board.iter().enumerate() {
            for c in 0..usize::from(len) {
                if (r, c) == (0, 0) || Some((r, c)) == tried {
                    continue;
                }
                if to_p(r, c)? {
                    *hint = Some((r, c));
                    return Ok(N);
                }
            }
        }
        Ok(P)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chomp::{chomp, Table};
    use crate::Outcome;
    use std::collections::HashMap;

    /// Whether the player to move wins `board`, by trying every move, remembered.
    fn wins(board: &Vec<u8>, memo: &mut HashMap<Vec<u8>, bool>) -> bool {
        if let Some(&w) = memo.get(board) {
            return w;
        }
        let mut w = false;
        'moves: for r in 0..board.len() {
            for c in 1..=usize::from(board[r]) {
                if (r, c) != (0, 1) && !wins(&chomp(board, c, r + 1), memo) {
                    w = true;
                    break 'moves;
                }
            }
        }
        memo.insert(board.clone(), w);
        w
    }

    use crate::games::boards::chomp::tests::boards;

    fn solved(rows: usize, columns: usize) -> Outcomes {
        let mut table = Outcomes::new(Staircases::new(rows, columns).unwrap());
        solve(&mut table, None, |_| {}).unwrap();
        table
    }

    #[test]
    fn outcomes_agree_with_a_search_of_every_move() {
        let mut memo = HashMap::new();
        for (rows, columns) in [
            (1, 1),
            (1, 6),
            (6, 1),
            (2, 5),
            (3, 4),
            (4, 4),
            (5, 3),
            (4, 6),
        ] {
            let table = solved(rows, columns);
            let all = boards(rows, columns);
            assert_eq!(all.len() as u64, table.positions());
            for b in &all {
                let expected = Outcome::from_grundy_zero(!wins(b, &mut memo));
                assert_eq!(table.outcome(b), Some(expected), "{rows}x{columns}: {b:?}");
            }
        }
    }

    #[test]
    fn outcomes_agree_with_the_grundy_table_up_to_8_by_8() {
        for (rows, columns) in [(8, 8), (7, 8), (8, 5), (3, 8)] {
            let table = solved(rows, columns);
            let values = Table::fill(rows, columns).unwrap();
            let all = boards(rows, columns);
            let mut p = 0;
            for b in &all {
                let zero = values.value(b) == 0;
                p += u64::from(zero);
                assert_eq!(
                    table.outcome(b),
                    Some(Outcome::from_grundy_zero(zero)),
                    "{rows}x{columns}: {b:?}"
                );
            }
            assert_eq!(table.p_positions(), p);
        }
    }
}
