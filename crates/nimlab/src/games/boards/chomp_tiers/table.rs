//! The outcomes of every staircase of a rectangle, 2 bits each, tier after tier.
//!
//! Tier t (the staircases of t pieces) takes ⌈size / 4⌉ bytes from its own offset, so a
//! tier starts on a byte and tiers can be written side by side; within a tier the
//! staircase of rank i holds bits `2 (i mod 4)` and `2 (i mod 4) + 1` of byte `i / 4`. A
//! code is [`UNKNOWN`] (not solved yet), [`P`] or [`N`]. Tier 0, the empty board, is no
//! position (the poisoned piece is always there) and takes no bytes.

use super::rank::Staircases;
use crate::{Error, Outcome, Result};
use std::ops::Range;

/// The code of a position not solved yet.
pub const UNKNOWN: u8 = 0;
/// The code of a P-position (the player to move loses).
pub const P: u8 = 1;
/// The code of an N-position (the player to move wins).
pub const N: u8 = 2;

/// The code of rank `rank` in a tier whose bytes start at `bytes[0]`.
#[inline]
pub(crate) fn code_at(bytes: &[u8], rank: u64) -> u8 {
    (bytes[(rank / 4) as usize] >> (2 * (rank % 4))) & 3
}

/// How many P codes `bytes` holds.
pub(crate) fn count_p(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .map(|&b| u64::from((b & 0x55 & !(b >> 1)).count_ones()))
        .sum()
}

/// The outcomes of the staircases of a rectangle, 2 bits a position, tier by tier.
///
/// ```
/// use nimlab::games::boards::chomp_tiers::{Outcomes, Staircases};
/// let table = Outcomes::new(Staircases::new(3, 3).unwrap());
/// // 19 positions of at least one piece in 10 tiers: 1 + 1 + 2 + 3 + 3 + 3 + 3 + 2 + 1 + 1.
/// assert_eq!(table.positions(), 19);
/// assert_eq!(table.outcome(&[3, 3, 3]), None); // nothing solved yet
/// assert_eq!(table.outcome(&[4]), None); // not inside the rectangle
/// ```
#[derive(Debug, Clone)]
pub struct Outcomes {
    index: Staircases,
    /// The first byte of each tier, 0 to cells, and the end of the last.
    offsets: Vec<usize>,
    data: Vec<u8>,
}

impl Outcomes {
    /// The bytes the table of a rectangle needs, from the sizes of its tiers.
    ///
    /// ```
    /// use nimlab::games::boards::chomp_tiers::{Outcomes, Staircases};
    /// // 16 × 16: 601,080,389 positions in about 150 MB.
    /// let s = Staircases::new(16, 16).unwrap();
    /// assert_eq!(Outcomes::bytes_for(&s), 150_270_208); // a quarter byte each, tiers rounded up to bytes
    /// ```
    pub fn bytes_for(index: &Staircases) -> u64 {
        (1..=index.cells())
            .map(|t| index.tier_size(t).div_ceil(4))
            .sum()
    }

    /// An empty table (every position [`UNKNOWN`]). Check [`Outcomes::bytes_for`] against
    /// the memory first: this allocates it.
    pub fn new(index: Staircases) -> Outcomes {
        let offsets = Outcomes::layout(&index);
        let data = vec![0u8; offsets[index.cells() + 1]];
        Outcomes {
            index,
            offsets,
            data,
        }
    }

    /// An empty table, refused when its outcomes would take more than `max_bytes`.
    ///
    /// ```
    /// use nimlab::games::boards::chomp_tiers::{Outcomes, Staircases};
    /// let e = Outcomes::within(Staircases::new(16, 16).unwrap(), Some(100 << 20)).unwrap_err();
    /// assert!(e.to_string().contains("143.3 MiB"), "{e}");
    /// assert!(Outcomes::within(Staircases::new(6, 6).unwrap(), Some(100 << 20)).is_ok());
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] naming the rectangle, the memory it needs and the limit.
    pub fn within(index: Staircases, max_bytes: Option<u64>) -> Result<Outcomes> {
        let bytes = Outcomes::bytes_for(&index);
        if let Some(max) = max_bytes.filter(|&m| bytes > m) {
            return Err(Error::limit(
                format!(
                    "the outcomes of Chomp inside a rectangle of {} rows and {} columns ({} positions at 2 bits each: {})",
                    index.rows(),
                    index.columns(),
                    index.total() - 1,
                    crate::limits::describe_bytes(bytes)
                ),
                format!("the memory limit of {}", crate::limits::describe_bytes(max)),
            ));
        }
        Ok(Outcomes::new(index))
    }

    /// A table of `index`'s rectangle holding `data`, which must be as long as the
    /// layout says.
    pub(crate) fn from_data(index: Staircases, data: Vec<u8>) -> Result<Outcomes> {
        let offsets = Outcomes::layout(&index);
        let expected = offsets[index.cells() + 1];
        if data.len() != expected {
            return Err(Error::Unsupported(format!(
                "{} bytes of outcomes where a {}x{} rectangle has {expected}",
                data.len(),
                index.rows(),
                index.columns(),
            )));
        }
        Ok(Outcomes {
            index,
            offsets,
            data,
        })
    }

    /// The byte offsets of the tiers of `index`'s rectangle (see [`Outcomes::tier_bytes`]).
    pub(crate) fn layout(index: &Staircases) -> Vec<usize> {
        let mut offsets = vec![0usize; index.cells() + 2];
        for t in 1..=index.cells() {
            offsets[t + 1] = offsets[t] + index.tier_size(t).div_ceil(4) as usize;
        }
        offsets
    }

    /// The staircases the table ranks.
    pub fn index(&self) -> &Staircases {
        &self.index
    }

    /// The positions of the rectangle with at least the poisoned piece: C(R + C, R) − 1.
    pub fn positions(&self) -> u64 {
        self.index.total() - 1
    }

    /// Where tier `t`'s bytes lie among all the bytes (empty for tier 0 and beyond the
    /// last).
    pub fn tier_bytes(&self, t: usize) -> Range<usize> {
        if t == 0 || t > self.index.cells() {
            return 0..0;
        }
        self.offsets[t]..self.offsets[t + 1]
    }

    /// Every tier's outcomes, one after the other.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The tiers below `t`, to read, and tier `t`, to write.
    pub(crate) fn split_at_tier(&mut self, t: usize) -> (&[u8], &mut [u8]) {
        let range = self.tier_bytes(t);
        let (below, rest) = self.data.split_at_mut(range.start);
        (below, &mut rest[..range.len()])
    }

    /// The byte offsets of the tiers, 0 to cells, and the end of the last.
    pub(crate) fn offsets(&self) -> &[usize] {
        &self.offsets
    }

    /// The code of the staircase of tier `t` and rank `rank` ([`UNKNOWN`] for a tier or
    /// a rank the rectangle does not have).
    pub fn code(&self, t: usize, rank: u64) -> u8 {
        if t == 0 || rank >= self.index.tier_size(t) {
            return UNKNOWN;
        }
        code_at(&self.data[self.tier_bytes(t)], rank)
    }

    /// The outcome of `board` (row lengths from the poisoned row up), `None` when it is
    /// not solved, or is not a staircase inside the rectangle with the poisoned piece.
    pub fn outcome(&self, board: &[u8]) -> Option<Outcome> {
        if !self.index.holds(board) {
            return None;
        }
        let (t, rank) = self.index.rank(board);
        match self.code(t, rank) {
            P => Some(Outcome::P),
            N => Some(Outcome::N),
            _ => None,
        }
    }

    /// How many P-positions the table holds.
    pub fn p_positions(&self) -> u64 {
        count_p(&self.data)
    }

    /// How many positions of tier `t` are P-positions.
    pub fn tier_p_positions(&self, t: usize) -> u64 {
        count_p(&self.data[self.tier_bytes(t)])
    }
}
