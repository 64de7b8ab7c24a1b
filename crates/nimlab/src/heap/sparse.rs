//! The sparse-space algorithm of Winning Ways, ch. 4 ("Sparse space spells speed") for
//! take-and-break codes whose moves leave at most two heaps.
//!
//! With a mask, a value g is *rare* when g AND NOT mask has an even number of 1 bits, and
//! *common* otherwise. The XOR of two rare or of two common values is rare; of a rare and
//! a common value, common. So a split of a heap into a + b has a common value only when
//! exactly one part has a rare value. When few heaps have rare values (Grundy's game with
//! the mask 1, most octal games with a well chosen mask), G(n) follows from far fewer
//! splits than the plain algorithm looks at:
//!
//! 1. every split with a rare part (r, m − r), r running over the rare heaps, and every
//!    move that leaves one heap or none, marks its value: this marks every common option
//!    value (and some rare ones);
//! 2. c, the least common value not marked, is the least common value no option has;
//! 3. the rare values below c not marked yet are looked for among the other splits, all at
//!    once, in one scan that stops as soon as every one is found (it usually stops early).
//!    G(n) is the least rare value not found, or c when all are.
//!
//! Every step is exact whatever the mask: the mask only decides how many heaps are rare and
//! so how fast the steps are.
//!
//! The heaps are computed in blocks of up to [`BLOCK`]. Whatever involves only heaps below
//! the block is done first, for all heaps of the block, shared with a helper thread in a
//! long run (each takes part of the block's heaps, as many as its speed allows): the
//! splits of the rare heaps are marked a rare heap at a time, running through the values
//! of the other parts in order instead of jumping about them, and so are those of a few
//! other heaps (the first chunks of the scan of step 3, which find most wanted values);
//! then each heap scans for the rare values below its least common value not marked so
//! far, among the splits with both parts below the block. What is left for each heap, in
//! order, is what involves heaps of the block: the moves that leave one heap in it, the
//! splits with a part in it, steps 2 and 3 with these marks (which may raise c), and the
//! rest of the scan, if any.
//!
//! That part, in order, is a fifth to a quarter of the work of Grundy's game: while the
//! thread that computes the values does it for one block, the helper marks its part of
//! the next block with the values below the current one. What involves the current
//! block's heaps is then left to each heap of the next block too, as for its own block
//! (the splits with a part in either block). So the two threads work at once through most
//! of each block, and the share of the marks each takes follows their speeds.
//!
//! The thread that computes the values never waits long for its helper, which may get no
//! processor for milliseconds when another program keeps the other core busy: it does a
//! part the helper has not begun itself, and a part the helper is late with too, a few
//! heaps at a time until either is done (see `handoff`). It then goes on with the next
//! blocks while the helper may still be reading the values: the values it computes
//! meanwhile are kept apart ([`Recent`]) and stored once the helper is done; the helper
//! gets no part until then, and fewer parts after blocks it was late for. Blocks are
//! shared in epochs of [`EPOCH`] blocks while the two threads have not waited for a
//! processor ([`CROWDED`], from the kernel's count, see `waiting`) and sharing has not
//! been slower than not (by a [`MARGIN`]; the other way is tried now and then), and the
//! helper thread lives only through epochs that share.
//!
//! The rows of marks are 256 long even when values are stored in 16 or 32 bits, with
//! every value from 255 on sharing the last mark, for as long as no heap needs more: a
//! heap whose least common value not marked is 255 or more is computed again on its own
//! with a row as long as the values.

use super::waiting::WaitClock;
use crate::limits::clock::Instant;
use std::sync::{
    Arc, Mutex, MutexGuard, OnceLock, PoisonError, RwLock, RwLockReadGuard, TryLockError,
};
use std::time::Duration;

use super::code::Code;
use super::handoff::Handoff;
use super::values::Cell;

/// The widest mask, in bits: masks are below 2^8.
pub(super) const MASK_BITS: u32 = 8;

/// The most heaps computed in one block when two threads mark it; a block one thread marks
/// has at most half as many. Each thread's part of a block then has as many heaps as a
/// block of one thread, and so as many marks for each rare heap's split it goes through:
/// Grundy's game to 2^21 with two threads took a median 3.55 s with blocks of 256 heaps
/// against 3.83 s with blocks of 128, in runs by turns.
const BLOCK: usize = 256;

/// The marks of a block take at most this many bytes for each thread that marks it (and
/// the [`PAD`] after each row), so that wide rows stay in the first-level data cache (32
/// or 48 KiB): each mark is a store to a place of its own in a row, and with the rows
/// beyond that cache every store waits on the second-level one. Only rows of 512 marks or
/// more make blocks shorter than [`BLOCK`] (or half of it, for one thread). With 2^18
/// bytes, one thread took 1.5 times as long on 0.007 to 2^18 (rows of 2048: its values
/// pass 1024 by then) and 1.7–2.0 times as long on 0.6 to 2^20 (rows of 512).
const BLOCK_BYTES: usize = 1 << 15;

/// Blocks are shared between two threads when each gets at least this many heaps.
const MIN_SHARE: usize = 8;

/// Runs of at least this many heaps share their blocks with a helper thread (all runs
/// in this crate's unit tests, so that they check the shared blocks too).
const SHARE_FROM: usize = if cfg!(test) { 0 } else { 1 << 12 };

/// Rows of marks are this long, for values stored wider than a byte too, except after a
/// heap that needs more. Values from 255 on are rare (Grundy's game has one up to 2^24,
/// among 16.7 million), and rows as wide as the values would not stay in the processor's
/// first-level cache.
const NARROW: usize = 256;

/// The shortest rows of marks: a cache line. Rows as short as the values are wide make
/// the marks of a block of a game with small values (0.167, below 64) fewer than rows of
/// [`NARROW`] marks (a quarter, and 128 bytes a row against 320 with the [`PAD`]), and
/// least common values are found in fewer bytes.
const SHORTEST: usize = 64;

/// Rows of marks lie this many bytes further apart than they are long: rows a power of
/// two apart would put the marks of successive rows, which a rare heap's splits make one
/// after the other, at the same offsets within a page, where the processor confuses them
/// with the loads of the values (rows 2048 or 4096 apart).
const PAD: usize = 64;

/// How far apart rows of `stride` marks lie.
#[inline(always)]
const fn pitch(stride: usize) -> usize {
    stride + PAD
}

/// After a heap whose value needs rows as wide as the values, the rows are that wide for
/// this many heaps.
const WIDE_FOR: usize = 1 << 16;

/// The scan of step 3 compares each split with the values wanted, instead of marking its
/// value, once this many or fewer are wanted.
const FEW: usize = 16;

/// Step 3 looks at the splits (a, m − a) in chunks of this many values of a.
const CHUNK: usize = 64;

/// How many chunks of the scan of step 3 the block marks at once for each take, at first.
/// The number then follows the heaps: marking a chunk for the whole block pays when most
/// heaps of the block would scan it anyway, so it grows while more than half of the heaps
/// still scan some chunk after them, and shrinks while fewer do.
const BLOCK_CHUNKS: usize = 16;

/// The most chunks the block marks at once for each take.
const MAX_BLOCK_CHUNKS: usize = 256;

/// The takes (the first ones) for which the block marks chunks of the scan at once.
const BLOCK_TAKES: usize = 4;

/// How many heaps a whole block has with rows of `stride` marks, `shared` between two
/// threads or not: each thread's part in [`BLOCK_BYTES`], and at most half of [`BLOCK`]
/// for each thread.
fn block_len(stride: usize, shared: bool) -> usize {
    let threads = if shared { 2 } else { 1 };
    (threads * BLOCK_BYTES / stride).clamp(1, threads * BLOCK / 2)
}

/// Whether `v` is rare for `mask`.
pub(super) fn is_rare(v: u32, mask: u32) -> bool {
    (v & !mask).count_ones() % 2 == 0
}

/// The state of the sparse-space algorithm for one rule and one mask: the rare heaps so
/// far, the takes of the code, and scratch space reused for every block.
#[derive(Debug, Clone)]
pub(super) struct Sparse {
    code: Code,
    mask: u32,
    /// What the marks of a block are made from besides the values, shared with a helper
    /// thread (which keeps the copy it marks with if this one changes meanwhile).
    ctx: Arc<Context>,
    /// The takes k ≥ 1 whose digit allows leaving no heap, ascending.
    zero_takes: Vec<usize>,
    /// The take lists hold every take below this.
    takes_to: usize,
    /// The heaps taken in so far: G(0) … G(len − 1).
    len: usize,
    /// The largest value so far.
    max_value: u32,
    /// How many values a row of marks covers: the least power of 2 above every value so
    /// far, so that every option value (an XOR of values) is below it.
    width: usize,
    /// The rows of marks of the heaps of a block: the part of the thread that computes
    /// the values, and the helper's part when that thread marks it too. The stride of the
    /// rows is a power of 2, at least the width.
    rows: Rows,
    rows_spare: Rows,
    /// The rare values step 3 looks for.
    wanted: Vec<u32>,
    /// How many chunks the block marks at once for each take, and those of the current
    /// block.
    block_chunk_count: usize,
    chunks: Arc<Chunks>,
    /// How many heaps of the current block scanned chunks of their own in step 3.
    scanning: usize,
    /// The rare values step 3 looks for again in the chunks already looked at.
    late: Vec<u32>,
    /// Splits looked at so far (rare parts in step 1 and pairs in step 3).
    work: u64,
    /// Runs of at least this many heaps share their blocks with a helper thread.
    share_from: usize,
    /// Rows are [`NARROW`] long from this heap on.
    narrow_from: usize,
    /// Scratch space for a heap that needs a wide row.
    rows_wide: Rows,
    /// The part of each block the thread that computes the values marks when a helper
    /// marks the rest: the threads need not be equally fast (one of them also computes
    /// the values, and a virtual machine's processors are not always equally available),
    /// so the part follows their speeds.
    share: f64,
    /// Whether blocks are shared with a helper thread: whichever way has been faster.
    pace: Pace,
}

/// What the rows of a block are marked from besides the values: the takes, the rare
/// heaps, which values are common and the chunks of the scan the block marks at once.
#[derive(Debug, Clone)]
struct Context {
    unequal: bool,
    /// Step 3 looks at the splits whose smaller part is at most this (all, but in a
    /// windowed run).
    reach: usize,
    /// The takes k whose digit allows leaving two heaps, ascending, up to `takes_to`.
    split_takes: Vec<usize>,
    /// The takes k ≥ 1 whose digit allows leaving one heap, ascending.
    one_takes: Vec<usize>,
    /// The heaps n ≥ 1 with a rare value, ascending, and their values.
    rare: Vec<u32>,
    rare_values: Vec<u32>,
    /// Whether each value below the width is common.
    common: Vec<bool>,
}

/// The chunks of the scan of step 3 that a block marks at once, and those left to each
/// heap's value.
#[derive(Debug, Default)]
struct Chunks {
    /// The chunks 0 … `near` − 1, whose splits may have a part whose value the marks are
    /// made without, come first in the scan, and are left to [`Sparse::value`].
    near: usize,
    /// For the first few takes, the chunks the block marks at once, and the same as a bit
    /// set.
    takes: Vec<(Vec<usize>, Vec<u64>)>,
}

/// What [`Sparse::value`] found for a heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Found {
    /// Its value.
    Value(u32),
    /// Its value needs splits beyond the prefix of a windowed run.
    Beyond,
    /// Its value needs a row as wide as the values: the narrow row has every common value
    /// below 255.
    Wide,
}

/// Why [`Sparse::extend_window`] stopped before the length asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// A value too wide for the storage: the value of the next heap, for the caller to
    /// store.
    Widen(u32),
    /// The value of this heap needs splits beyond the prefix of a windowed run, or the
    /// heap has a rare value and is beyond the prefix.
    Window(usize),
    /// The stop of the caller's scope was requested (Ctrl-C, a limit): [`limit_error`]
    /// says why. Every value computed before is kept.
    Limit,
}

/// The error of the current scope's stop, once [`Stop::Limit`] stopped a run.
pub(super) fn limit_error() -> crate::Error {
    crate::limits::check()
        .err()
        .unwrap_or(crate::Error::Interrupted)
}

/// The values the algorithm reads: every value so far, or in a windowed run those of a
/// prefix and of the last heaps.
///
/// The values stored in the tail are shared with a helper thread, which may still be
/// reading them when the thread that computes the values goes on; the values computed
/// since they were last stored are kept apart until they can be ([`Recent`]).
#[derive(Clone, Copy)]
struct View<'a, T> {
    /// G(0) … G(prefix.len() − 1) in a windowed run; empty otherwise.
    prefix: &'a [T],
    /// G(off) … G(stored − 1).
    tail: &'a [T],
    off: usize,
    /// The tail backwards: `rev[last − x]` = G(x) for every heap off ≤ x < stored.
    rev: &'a [T],
    last: usize,
    /// The first heap whose value is not in the tail.
    stored: usize,
    /// G(from) … G(from + ahead.len() − 1), from a few heaps before `stored` on (so that
    /// every run of values read that ends beyond `stored` is in it).
    ahead: &'a [T],
    from: usize,
    /// The same backwards: `behind[from + ahead.len() − 1 − x]` = G(x).
    behind: &'a [T],
}

impl<'a, T: Cell> View<'a, T> {
    /// The values of `stored`, for a run whose windowed prefix is `prefix`, from `off`,
    /// to `len`, and the values not stored yet of `recent`.
    fn new(
        prefix: &'a [T],
        stored: &'a Stored<'_, T>,
        off: usize,
        len: usize,
        recent: &'a Recent<T>,
    ) -> Self {
        debug_assert_eq!(recent.stored, off + stored.tail.len());
        View {
            prefix,
            tail: stored.tail,
            off,
            rev: &stored.rev,
            last: len - 1,
            stored: recent.stored,
            ahead: &recent.ahead,
            from: recent.from,
            behind: recent.behind(),
        }
    }

    /// The values of `stored` alone.
    fn stored(prefix: &'a [T], stored: &'a Stored<'_, T>, off: usize, len: usize) -> Self {
        let end = off + stored.tail.len();
        View {
            prefix,
            tail: stored.tail,
            off,
            rev: &stored.rev,
            last: len - 1,
            stored: end,
            ahead: &[],
            from: end,
            behind: &[],
        }
    }

    /// The number of values known.
    fn len(&self) -> usize {
        self.from + self.ahead.len()
    }

    /// G(x), for x in the prefix or the tail.
    #[inline(always)]
    fn get(&self, x: usize) -> T {
        if x >= self.stored {
            self.ahead[x - self.from]
        } else if x >= self.off {
            self.tail[x - self.off]
        } else {
            self.prefix[x]
        }
    }

    /// G(lo) … G(hi − 1), all in the prefix or all in the tail, at most [`BLOCK`].
    #[inline(always)]
    fn range(&self, lo: usize, hi: usize) -> &'a [T] {
        if hi > self.stored {
            &self.ahead[lo - self.from..hi - self.from]
        } else if lo >= self.off {
            &self.tail[lo - self.off..hi - self.off]
        } else {
            &self.prefix[lo..hi]
        }
    }

    /// G(hi), G(hi − 1), … G(lo), from the tail backwards; when G(hi) is not stored, G(lo)
    /// is at most [`BLOCK`] heaps before the first value not stored.
    #[inline(always)]
    fn backwards(&self, lo: usize, hi: usize) -> &'a [T] {
        if hi >= self.stored {
            let top = self.len() - 1;
            &self.behind[top - hi..=top - lo]
        } else {
            &self.rev[self.last - hi..=self.last - lo]
        }
    }
}

/// The values of a run that a helper thread reads: the tail, G(off) …, and the same
/// backwards, `rev[len − 1 − x]` = G(x).
struct Stored<'t, T> {
    tail: &'t mut Vec<T>,
    rev: Vec<T>,
}

/// The values computed since the tail was last stored to, with the last [`BLOCK`] values
/// stored before them (fewer at first), forwards and backwards.
#[derive(Debug)]
struct Recent<T> {
    /// G(from) ….
    ahead: Vec<T>,
    from: usize,
    /// The first heap whose value is not stored.
    stored: usize,
    /// The same backwards, filled from the end: `back[back.len() − 1 − (x − from)]` = G(x).
    back: Vec<T>,
}

impl<T: Cell> Recent<T> {
    /// Nothing computed yet after the tail, G(off) ….
    fn new(tail: &[T], off: usize) -> Self {
        let stored = off + tail.len();
        let mut recent = Recent {
            ahead: Vec::new(),
            from: stored,
            stored,
            back: Vec::new(),
        };
        recent.keep_from(tail, off);
        recent
    }

    /// The number of values known.
    fn known(&self) -> usize {
        self.from + self.ahead.len()
    }

    /// Whether every value known is stored.
    fn all_stored(&self) -> bool {
        self.known() == self.stored
    }

    /// The values backwards.
    fn behind(&self) -> &[T] {
        &self.back[self.back.len() - self.ahead.len()..]
    }

    /// Adds the value of the next heap.
    fn push(&mut self, v: T) {
        if self.ahead.len() == self.back.len() {
            let mut back = vec![T::ZERO; 2 * self.back.len().max(2 * BLOCK)];
            let at = back.len() - self.back.len();
            back[at..].copy_from_slice(&self.back);
            self.back = back;
        }
        let at = self.back.len() - 1 - self.ahead.len();
        self.back[at] = v;
        self.ahead.push(v);
    }

    /// Stores the values not stored yet in `stored`, a run from `off` to `len`.
    fn store(&mut self, stored: &mut Stored<'_, T>, off: usize, len: usize) {
        for x in self.stored..self.known() {
            let v = self.ahead[x - self.from];
            stored.tail.push(v);
            stored.rev[len - 1 - x] = v;
        }
        self.stored = self.known();
        self.keep_from(&stored.tail[..], off);
    }

    /// Starts again from the last values of `tail`, G(off) …, every one stored.
    fn keep_from(&mut self, tail: &[T], off: usize) {
        let kept = &tail[tail.len().saturating_sub(BLOCK)..];
        self.from = off + tail.len() - kept.len();
        self.ahead.clear();
        self.ahead.extend_from_slice(kept);
        if self.back.len() < kept.len() {
            self.back = vec![T::ZERO; 4 * BLOCK];
        }
        let end = self.back.len();
        for (i, &v) in kept.iter().enumerate() {
            self.back[end - 1 - i] = v;
        }
    }
}

impl Sparse {
    /// The algorithm for `code` with `mask` (below 2^8); `None` when a digit of the code
    /// allows leaving three heaps.
    pub(super) fn new(code: &Code, unequal: bool, mask: u32) -> Option<Self> {
        if code.max_heaps_left() > 2 || mask >> MASK_BITS != 0 {
            return None;
        }
        let mut s = Sparse {
            code: code.clone(),
            mask,
            ctx: Arc::new(Context {
                unequal,
                reach: usize::MAX,
                split_takes: Vec::new(),
                one_takes: Vec::new(),
                rare: Vec::new(),
                rare_values: Vec::new(),
                common: Vec::new(),
            }),
            zero_takes: Vec::new(),
            takes_to: 0,
            len: 1,
            max_value: 0,
            width: 0,
            rows: Rows::default(),
            rows_spare: Rows::default(),
            wanted: Vec::new(),
            block_chunk_count: BLOCK_CHUNKS,
            chunks: Arc::default(),
            scanning: 0,
            late: Vec::new(),
            work: 0,
            share_from: SHARE_FROM,
            narrow_from: 0,
            rows_wide: Rows::default(),
            share: 0.5,
            pace: Pace::default(),
        };
        s.resize_marks();
        Some(s)
    }

    /// The mask.
    pub(super) fn mask(&self) -> u32 {
        self.mask
    }

    /// How many heaps (of size 1 or more) have rare values.
    pub(super) fn rare_count(&self) -> usize {
        self.ctx.rare.len()
    }

    /// The splits looked at so far.
    pub(super) fn work(&self) -> u64 {
        self.work
    }

    /// How many values the algorithm has taken in: G(0) … G(known − 1).
    #[cfg(test)]
    pub(super) fn known(&self) -> usize {
        self.len
    }

    /// The largest value so far.
    pub(super) fn max_value(&self) -> u32 {
        self.max_value
    }

    /// Takes in the values G(len) … of `g` computed by other means.
    pub(super) fn catch_up<T: Cell>(&mut self, g: &[T]) {
        for (n, v) in g.iter().enumerate().skip(self.len) {
            self.note(n, v.get());
        }
    }

    /// Takes in v, the value of the next heap, computed by other means.
    pub(super) fn take(&mut self, v: u32) {
        self.note(self.len, v);
    }

    /// Limits step 3 to the splits whose smaller part is below `prefix`: a windowed run
    /// keeps the values of the heaps below `prefix` and of the last heaps only. A value
    /// whose rare values below c are not all found among these splits is then not
    /// computed ([`Stop::Window`]).
    pub(super) fn set_prefix(&mut self, prefix: usize) {
        Arc::make_mut(&mut self.ctx).reach = prefix.saturating_sub(1);
    }

    /// The largest rare heap so far.
    pub(super) fn last_rare(&self) -> Option<usize> {
        self.ctx.rare.last().map(|&r| r as usize)
    }

    /// Records G(n) = v for the next heap n.
    fn note(&mut self, n: usize, v: u32) {
        debug_assert_eq!(n, self.len);
        self.len = n + 1;
        if is_rare(v, self.mask) && n > 0 {
            let ctx = Arc::make_mut(&mut self.ctx);
            ctx.rare.push(n as u32);
            ctx.rare_values.push(v);
        }
        if v > self.max_value {
            self.max_value = v;
            if v as usize >= self.width {
                self.resize_marks();
            }
        }
    }

    /// Sizes the marks for the values so far.
    fn resize_marks(&mut self) {
        self.width = (self.max_value as usize + 1).next_power_of_two();
        let mask = self.mask;
        Arc::make_mut(&mut self.ctx).common =
            (0..self.width).map(|v| !is_rare(v as u32, mask)).collect();
    }

    /// Extends the take lists to every take below `n`.
    fn extend_takes(&mut self, n: usize) {
        let last = self.code.max_take().map_or(n, |t| (t as usize + 1).min(n));
        if self.takes_to >= last {
            return;
        }
        let ctx = Arc::make_mut(&mut self.ctx);
        for k in self.takes_to..last {
            let d = self.code.digit(k as u64);
            if d & 4 != 0 {
                ctx.split_takes.push(k);
            }
            if k > 0 && d & 2 != 0 {
                ctx.one_takes.push(k);
            }
            if k > 0 && d & 1 != 0 {
                self.zero_takes.push(k);
            }
        }
        self.takes_to = self.takes_to.max(last);
    }

    /// Computes G(n) for n from `g.len()` up to `len − 1`, pushing each on `g`. Stops early
    /// with [`Stop::Widen`]`(v)` when a value v does not fit the width of `g` (v is then
    /// G(g.len()), recorded here but for the caller to store), and with [`Stop::Limit`]
    /// when the caller's scope is asked to stop.
    pub(super) fn extend<T: Cell>(&mut self, g: &mut Vec<T>, len: usize) -> Result<(), Stop> {
        self.catch_up(g);
        let result = self.extend_window(&[], g, 0, len);
        debug_assert!(
            !matches!(result, Err(Stop::Window(_))),
            "with every value kept, step 3 reaches every split"
        );
        result
    }

    /// Computes G(n) for n from `off + tail.len()` up to `len − 1`, pushing each on
    /// `tail`, which holds G(off) …; `prefix` holds G(0) … G(prefix.len() − 1) when `off`
    /// is beyond it (a windowed run). The values of the heaps between are never read: the
    /// caller makes sure that the tail reaches back far enough for the splits of step 1
    /// (of the rare heaps) and of step 3 (up to the prefix), and the algorithm stops with
    /// [`Stop::Window`] at a heap it cannot compute with them.
    ///
    /// A long run shares each block with a helper thread when rayon allows two threads
    /// and the caller is not on one of rayon's threads already (a survey computes several
    /// sequences at once). The run looks at the stop of the caller's scope
    /// ([`crate::limits`]) before each block and stops with [`Stop::Limit`] (the helper
    /// with it) once it is requested.
    pub(super) fn extend_window<T: Cell>(
        &mut self,
        prefix: &[T],
        tail: &mut Vec<T>,
        off: usize,
        len: usize,
    ) -> Result<(), Stop> {
        debug_assert_eq!(self.len, off + tail.len());
        let start = off + tail.len();
        if start >= len {
            return Ok(());
        }
        // The values backwards, so that the scan of step 3 reads both parts of the splits
        // (a, m − a) in the same direction, as the processor's vector instructions do best.
        let mut rev = vec![T::ZERO; len - off];
        for (i, &v) in tail.iter().enumerate() {
            rev[len - 1 - off - i] = v;
        }
        let lazy = lazy_helper();
        let forced = forced_helper();
        let helped = forced.unwrap_or_else(|| {
            len - start >= self.share_from
                && rayon::current_num_threads() >= 2
                && rayon::current_thread_index().is_none()
        });
        let always = forced == Some(true);
        let recent = Recent::new(tail, off);
        let stored = RwLock::new(Stored { tail, rev });
        let mine = std::mem::take(&mut self.rows);
        let spare = std::mem::take(&mut self.rows_spare);
        let sparse = &mut *self;
        let (result, mine, spare, mut recent) = std::thread::scope(|scope| {
            // A helper thread for the epochs that share their blocks.
            let spawn = || {
                let link = Arc::new(Link::default());
                let theirs = Arc::clone(&link);
                let stored = &stored;
                let thread = scope.spawn(move || help(&theirs, stored, prefix, off, len, lazy));
                link.handoff.attach(thread.thread().clone());
                Helper::new(link, always)
            };
            let mut run = Run {
                sparse,
                stored: &stored,
                recent,
                mine,
                spare,
                prefix,
                off,
                len,
                helper: None,
                epoch: None,
                clock: helped.then(WaitClock::this_thread).flatten(),
            };
            let result = run.blocks(helped.then_some(&spawn));
            // The helper, if any, is told to stop here (and if this thread panics).
            let Run {
                mine,
                spare,
                recent,
                ..
            } = run;
            (result, mine, spare, recent)
        });
        // The helpers have stopped: the values not stored yet can be.
        let mut stored = stored.into_inner().unwrap_or_else(PoisonError::into_inner);
        recent.store(&mut stored, off, len);
        self.rows = mine;
        self.rows_spare = spare;
        result
    }

    /// Sets up the block of heaps from `start`, ending at `len` at the latest, for rows of
    /// `stride` marks, to be `shared` with a helper or not; returns how many heaps it has.
    fn begin_block(&mut self, start: usize, len: usize, stride: usize, shared: bool) -> usize {
        let block = block_len(stride, shared);
        let end = len.min(start + block);
        self.extend_takes(end);
        self.chunks = self.block_chunks(start, near_chunks(start, end));
        end - start
    }

    /// How many of the `count` heaps of a block the thread that computes the values marks
    /// when a helper marks the rest.
    fn split(&self, count: usize) -> usize {
        let share = (count as f64 * self.share).round() as usize;
        share.clamp(
            MIN_SHARE.min(count),
            count.saturating_sub(MIN_SHARE).max(MIN_SHARE.min(count)),
        )
    }

    /// The helper's part of the block of `count` heaps from `start`, with rows of `stride`
    /// marks, marked with the values below `known` and with `chunks` marked at once: how
    /// many heaps the thread that computes the values marks (the first ones), and the job
    /// of the rest.
    fn part(
        &self,
        (known, start, count): (usize, usize, usize),
        stride: usize,
        chunks: Arc<Chunks>,
    ) -> (usize, Job) {
        let half = self.split(count);
        let job = Job {
            first: half,
            count: count - half,
            stride,
            known,
            start,
            ctx: Some(Arc::clone(&self.ctx)),
            chunks,
        };
        (half, job)
    }

    /// Follows the speeds of the threads so that both are done with a block's marks at
    /// once: from the post of the helper's part, the thread that computes the values
    /// worked `before` on other things (the values of the block before, when the part was
    /// posted ahead) and then marked `mine` heaps in `mine_time`; the helper marked
    /// `theirs` in `their_time`.
    fn balance(
        &mut self,
        (mine, mine_time): (usize, Duration),
        before: Duration,
        (theirs, their_time): (usize, Duration),
    ) {
        let mine_rate = mine_time.as_secs_f64() / mine as f64;
        let their_rate = their_time.as_secs_f64() / theirs as f64;
        if mine_rate > 0.0 && their_rate > 0.0 {
            // before + share · count · mine_rate = (1 − share) · count · their_rate
            let count = (mine + theirs) as f64;
            let even =
                (count * their_rate - before.as_secs_f64()) / (count * (mine_rate + their_rate));
            self.share = (0.8 * self.share + 0.2 * even).clamp(0.1, 0.9);
        }
    }

    /// What [`Sparse::value`] finds for heap n = `view.len()` with a row as wide as the
    /// values, all marked for it alone.
    fn wide_value<T: Cell>(&mut self, view: View<'_, T>) -> Found {
        let n = view.len();
        let width = self.width;
        let mut rows = std::mem::take(&mut self.rows_wide);
        rows.reset(1, width);
        rows.mark(&Block::new(view, (n, n), width, &self.ctx, &self.chunks), 0);
        self.work += rows.work;
        let found = match width {
            512 => self.value::<512, T>(view, &mut rows, 0),
            1024 => self.value::<1024, T>(view, &mut rows, 0),
            2048 => self.value::<2048, T>(view, &mut rows, 0),
            _ => self.value::<0, T>(view, &mut rows, 0),
        };
        self.rows_wide = rows;
        found
    }

    /// The smaller part of the most even split of m.
    fn half(&self, m: usize) -> usize {
        if self.ctx.unequal {
            (m - 1) / 2
        } else {
            m / 2
        }
    }

    /// The chunks that the block from `start` marks at once, for the first few takes, with
    /// the scan's first `near` chunks apart: the first chunks of the scan whose splits are
    /// splits of every heap of the block, with both parts below it.
    fn block_chunks(&self, start: usize, near: usize) -> Arc<Chunks> {
        let halves = self
            .ctx
            .split_takes
            .iter()
            .take(BLOCK_TAKES)
            .map(|&k| (start >= k + 2).then(|| self.half(start - k).min(self.ctx.reach)));
        let chunks = halves.map(|half| {
            let Some(half) = half else {
                return Default::default();
            };
            let chunks: Vec<usize> = far_chunks(half, near)
                .filter(|&c| (c + 1) * CHUNK - 1 <= half)
                .take(self.block_chunk_count)
                .collect();
            let mut set = vec![0u64; half / CHUNK / 64 + 1];
            for &c in &chunks {
                set[c / 64] |= 1 << (c % 64);
            }
            (chunks, set)
        });
        Arc::new(Chunks {
            near,
            takes: chunks.collect(),
        })
    }

    /// G(n) for heap n = `view.len()`, whose row of marks is row `i` of `rows`: what
    /// [`Block::rows`] found with the values below `rows.known`.
    fn value<const W: usize, T: Cell>(
        &mut self,
        view: View<'_, T>,
        rows: &mut Rows,
        i: usize,
    ) -> Found {
        let n = view.len();
        let width = self.width;
        let stride = if W == 0 { width } else { W };
        let Rows {
            marks,
            resume,
            known,
            chunks,
            ..
        } = rows;
        let (start, near) = (*known, chunks.near);
        let (resumed, c_before) = resume[i];
        let row = &mut marks[i * pitch(stride)..];
        let Sparse {
            ctx,
            zero_takes,
            wanted,
            late,
            scanning,
            work,
            ..
        } = self;
        let Context {
            unequal,
            reach,
            split_takes,
            one_takes,
            rare,
            rare_values,
            common,
        } = &**ctx;
        let row = &mut row[..stride];
        let at = |v: u32| slot::<W, T>(v, stride);
        let splits = split_takes.iter().take_while(|&&k| k + 2 <= n);
        // Step 1 for what the block did not mark: moves that leave no heap or one heap,
        // the splits of a rare heap below `start` (the first heap the rows were marked
        // without: the block's, or the block's before when the helper marked them ahead)
        // with a part from there on, and the splits of the rare heaps from there on.
        if zero_takes.binary_search(&n).is_ok() {
            row[0] = 1;
        }
        for &k in one_takes.iter().take_while(|&&k| k < n) {
            row[at(view.get(n - k).get())] = 1;
        }
        // Past the last rare heap, every rare heap is below the block: no search.
        let below = match rare.last() {
            Some(&last) if last as usize >= start => {
                rare.partition_point(|&r| (r as usize) < start)
            }
            _ => rare.len(),
        };
        let (rare_below, values_below) = (&rare[..below], &rare_values[..below]);
        let (rare_block, values_block) = (&rare[below..], &rare_values[below..]);
        for &k in splits.clone() {
            let m = n - k;
            if m > start {
                // The rare heaps p ≥ 1 below the block whose other part m − p is in it:
                // p ≤ m − start, and G(m − p) = after[p − 1] (m may be n itself, for a
                // take of none).
                let after = view.backwards(start, m - 1);
                for (&p, &v) in rare_below.iter().zip(values_below) {
                    let p = p as usize;
                    if p + start > m {
                        break;
                    }
                    if !(*unequal && 2 * p == m) {
                        row[at(v ^ after[p - 1].get())] = 1;
                    }
                }
            }
            let mut mark = |p: usize, v: u32| {
                if !(*unequal && 2 * p == m) {
                    row[at(v ^ view.get(m - p).get())] = 1;
                }
            };
            for (&p, &v) in rare_block.iter().zip(values_block) {
                if p as usize >= m {
                    break;
                }
                mark(p as usize, v);
            }
        }
        // Step 2: c, the least common value not marked, and the rare values below it not
        // marked either.
        let c = least_common(row, common, wanted);
        if W == NARROW && T::WIDE && width > NARROW && c >= NARROW as u32 - 1 {
            // The marks from 255 on are not exact in a narrow row.
            return Found::Wide;
        }
        // Step 3: the rare values below c not marked, looked for among the other splits
        // (those of the first take from where the scan of `Block::rows` stopped).
        let scanned_before = resumed > 0;
        let mut scanned = false;
        let mut short = false;
        for (t, &k) in splits.enumerate() {
            if wanted.is_empty() {
                break;
            }
            let m = n - k;
            let half = if *unequal { (m - 1) / 2 } else { m / 2 };
            short |= half > *reach;
            let half = half.min(*reach);
            let done = chunks.takes.get(t).map_or(&[][..], |(_, set)| &set[..]);
            let skip = if t == 0 { resumed } else { 0 };
            // The chunks whose splits may have a part from `start` on, first: the splits with
            // a small part are the only ones to have some values.
            for chunk in 0..near.min(half / CHUNK + 1) {
                if wanted.is_empty() {
                    break;
                }
                scanned = true;
                *work += scan::<W, T>(row, stride, view, m, half, chunk, wanted);
            }
            if skip > 0 && c > c_before && !wanted.is_empty() {
                // The chunks looked at already were searched for the values below
                // `c_before` only.
                late.clear();
                late.extend(wanted.iter().filter(|&&w| w >= c_before));
                for chunk in far_chunks(half, near).take(skip) {
                    if late.is_empty() {
                        break;
                    }
                    if !contains(done, chunk) {
                        *work += scan::<W, T>(row, stride, view, m, half, chunk, late);
                    }
                }
                wanted.retain(|&w| row[at(w)] == 0);
            }
            for chunk in far_chunks(half, near).skip(skip) {
                if wanted.is_empty() {
                    break;
                }
                if contains(done, chunk) {
                    continue;
                }
                scanned = true;
                *work += scan::<W, T>(row, stride, view, m, half, chunk, wanted);
                if wanted.is_empty() {
                    break;
                }
            }
        }
        if scanned && !scanned_before {
            *scanning += 1;
        }
        if short && !wanted.is_empty() {
            // A rare value below c not found among the splits within reach: whether a
            // split beyond has it is not known.
            return Found::Beyond;
        }
        Found::Value(wanted.first().copied().unwrap_or(c))
    }
}

/// A part of each block the helper thread has begun is done by the thread that computes
/// the values too, when the helper is this late: this share of the time it would take it
/// (the helper is then most likely without a processor).
const PATIENCE: f64 = 0.25;

/// The thread that computes the values does a late helper's part this many heaps at a
/// time, and uses the helper's rows if they are ready after one of them.
const PIECE: usize = 16;

/// After this many blocks in a row whose helper's part the thread that computes the
/// values did itself, it posts a part to the helper once in 2^this blocks only.
const MAX_MISSES: u32 = 6;

/// A run with a helper thread shares its blocks with it, or not, for this many blocks at a
/// time (an epoch), and times each epoch.
const EPOCH: usize = 64;

/// Now and then an epoch follows the way that has been slower so far (a probe), in case it
/// is not any more: after [`PROBE`] epochs at first, and after twice as many as last time
/// when a probe finds it slower still, up to [`MAX_PROBE`]. A probe is [`EPOCH`] / 4
/// blocks long, and its time stands for its way's from then on.
const PROBE: u64 = 8;
const MAX_PROBE: u64 = 128;

/// Blocks are not shared while that has been slower than not by more than this share.
/// On an idle machine, sharing is 1.3 to 1.6 times as fast, but on a virtual machine two
/// epochs a moment apart may differ by a third, and so may a short probe from the
/// epochs around it. When sharing had to be faster by this margin instead, one slow
/// epoch that shared stopped the sharing until a probe was fast enough: in a run of
/// Grundy's game to 2^21, 133 of 210 epochs were done alone, at 0.86 ns a split against
/// 0.61 for those that shared. Another program on the other processor is told by the
/// threads' waits ([`CROWDED`]), not by this margin.
const MARGIN: f64 = 0.25;

/// An epoch that shares its blocks is crowded when the two threads have waited for a
/// processor, while they had work, for more than this share of its time (summed over
/// both): another program keeps a processor busy. On an idle machine they wait a few
/// percent (the helper, when it is woken); with one processor busy, each waits about a
/// third of the time.
const CROWDED: f64 = 0.2;

/// Whether a run with a helper thread shares its blocks with it: unless sharing has
/// taken more time per split looked at lately than not (by a [`MARGIN`]), or the last
/// epoch that shared was [`CROWDED`]. Sharing pays when each thread has a processor;
/// it does not when the helper gets little processor time (the thread that computes the
/// values then does the helper's parts, for nothing gained), nor when the two threads
/// share one processor's time between them (a machine that gives each program its share
/// of a busy machine): the helper's work is then taken from the other thread's. The
/// second shows in the threads' waits for a processor, which do not depend on how fast
/// the machine is at the time, as the times of epochs do.
#[derive(Debug, Clone)]
struct Pace {
    /// Seconds per split looked at, smoothed, with the blocks shared and not.
    shared: Option<f64>,
    alone: Option<f64>,
    /// Whether the last epoch that shared was crowded.
    crowded: bool,
    /// The epochs timed since the last probe, and the epochs from one probe to the next.
    since: u64,
    gap: u64,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            shared: None,
            alone: None,
            crowded: false,
            since: 0,
            gap: PROBE,
        }
    }
}

impl Pace {
    /// Whether sharing has not been the slower way (by the margin), once both ways were
    /// timed, and the last epoch that shared was not crowded.
    fn sharing_wins(&self) -> Option<bool> {
        let not_slower = self.shared? <= self.alone? * (1.0 + MARGIN);
        Some(not_slower && !self.crowded)
    }

    /// Whether the next epoch shares its blocks, and whether it is a probe.
    fn next(&self) -> (bool, bool) {
        match (self.shared, self.sharing_wins()) {
            (None, _) => (true, false),
            (Some(_), None) => (false, false),
            (Some(_), Some(wins)) => {
                let probe = self.since + 1 >= self.gap;
                (wins != probe, probe)
            }
        }
    }

    /// An epoch that shared its blocks or not, a probe or not, took `time` for `work`
    /// splits, `crowded` or not.
    fn record(&mut self, shared: bool, probe: bool, time: Duration, work: u64, crowded: bool) {
        let before = self.sharing_wins();
        if shared {
            self.crowded = crowded;
        }
        if work > 0 {
            let rate = time.as_secs_f64() / work as f64;
            let slot = if shared {
                &mut self.shared
            } else {
                &mut self.alone
            };
            *slot = Some(match *slot {
                Some(r) if !probe => 0.7 * r + 0.3 * rate,
                _ => rate,
            });
        }
        if probe {
            self.since = 0;
            if before.is_some() && self.sharing_wins() == before {
                self.gap = (2 * self.gap).min(MAX_PROBE);
            }
        } else {
            self.since += 1;
        }
        if before.is_some() && self.sharing_wins() != before {
            self.gap = PROBE;
        }
    }
}

/// The epoch a run is in.
#[derive(Debug, Clone, Copy)]
struct Epoch {
    /// Whether it shares its blocks, and whether it is a probe (shorter).
    shared: bool,
    probe: bool,
    began: Instant,
    /// The splits looked at before it, and the time the threads had waited for a
    /// processor (read when it shares its blocks only).
    work: u64,
    waited: Option<Duration>,
    blocks: usize,
}

/// The thread that computes the values: the algorithm, the values, its rows of marks and
/// its helper if it has one.
struct Run<'a, 's, T> {
    sparse: &'a mut Sparse,
    /// The values stored, which the helper reads, …
    stored: &'a RwLock<Stored<'s, T>>,
    /// … and those computed since.
    recent: Recent<T>,
    /// The rows of this thread's part of a block, and of the helper's part when this
    /// thread marks it.
    mine: Rows,
    spare: Rows,
    prefix: &'a [T],
    off: usize,
    len: usize,
    /// The helper of the current epoch, if it shares its blocks.
    helper: Option<Helper>,
    epoch: Option<Epoch>,
    /// How long this thread has waited for a processor, if the system tells and the run
    /// may share its blocks.
    clock: Option<WaitClock>,
}

impl<T: Cell> Run<'_, '_, T> {
    /// Computes the values of blocks of heaps up to `len − 1`, sharing them with helper
    /// threads from `spawn` in the epochs that share them.
    fn blocks(&mut self, spawn: Option<&dyn Fn() -> Helper>) -> Result<(), Stop> {
        loop {
            if !self.recent.all_stored() {
                self.store();
            }
            let start = self.recent.known();
            if start >= self.len {
                self.end_epoch(true);
                return Ok(());
            }
            // A block takes well under a millisecond: looking at the stop before each
            // one costs nothing and stops a run at once.
            if crate::limits::stopped() {
                return Err(Stop::Limit);
            }
            if let Some(spawn) = spawn {
                self.end_epoch(false);
                if self.epoch.is_none() {
                    // An epoch shares its blocks when that has been faster, and with a
                    // helper that lives as long as such epochs follow each other: one
                    // with no processor to run on costs nothing in the other epochs.
                    let left = (self.len - start).div_ceil(BLOCK);
                    let (share, probe) = self.sparse.pace.next();
                    let shared = forced_helper() == Some(true) || (share && left >= EPOCH / 4);
                    let probe = probe && shared == share;
                    if !shared {
                        self.helper = None;
                    } else if self.helper.is_none() {
                        self.helper = Some(spawn());
                    }
                    self.epoch = Some(Epoch {
                        shared,
                        probe,
                        began: Instant::now(),
                        work: self.sparse.work,
                        waited: shared.then(|| self.waited()).flatten(),
                        blocks: 0,
                    });
                }
                if let Some(epoch) = &mut self.epoch {
                    epoch.blocks += 1;
                }
            }
            // Rows of a fixed length let the compiler drop the bounds checks of the marks.
            match stride_for::<T>(self.sparse.width, start >= self.sparse.narrow_from) {
                64 => self.block::<64>()?,
                128 => self.block::<128>()?,
                256 => self.block::<256>()?,
                512 => self.block::<512>()?,
                1024 => self.block::<1024>()?,
                2048 => self.block::<2048>()?,
                _ => self.block::<0>()?,
            }
        }
    }

    /// Times the epoch and ends it when it has had its blocks, or at the end of the run
    /// (`last`) when it has had enough to be timed.
    fn end_epoch(&mut self, last: bool) {
        let Some(epoch) = self.epoch else {
            return;
        };
        let length = if last || epoch.probe {
            EPOCH / 4
        } else {
            EPOCH
        };
        if epoch.blocks >= length {
            let work = self.sparse.work - epoch.work;
            let time = epoch.began.elapsed();
            // The threads waited for a processor for a share of the epoch: the machine
            // has no processor to spare for the helper.
            let crowded = match (epoch.waited, self.waited()) {
                (Some(before), Some(now)) => now.saturating_sub(before) > time.mul_f64(CROWDED),
                _ => false,
            };
            self.sparse
                .pace
                .record(epoch.shared, epoch.probe, time, work, crowded);
            self.epoch = None;
        }
    }

    /// The time this thread and its helper, if any, have waited for a processor, if the
    /// system tells. A helper that has not begun yet has not waited.
    fn waited(&self) -> Option<Duration> {
        let mine = self.clock.as_ref()?.waited()?;
        let theirs = self
            .helper
            .as_ref()
            .and_then(|h| h.link.clock.get())
            .and_then(WaitClock::waited)
            .unwrap_or_default();
        Some(mine + theirs)
    }

    /// Stores the values computed since last time, unless the helper is reading the
    /// values stored.
    fn store(&mut self) {
        store(self.stored, &mut self.recent, self.off, self.len);
    }

    /// Computes the values of a block of heaps (fewer when `len` is near or a value
    /// widens the marks), with rows of marks `W` long (`W` = 0: the width). Whatever
    /// involves only heaps below the block is marked first, shared with the helper if it
    /// is free; then each heap's value in turn, while the helper marks its part of the
    /// next block with the values below this one.
    fn block<const W: usize>(&mut self) -> Result<(), Stop> {
        let Run {
            sparse,
            stored,
            recent,
            mine,
            spare,
            prefix,
            off,
            len,
            helper,
            epoch,
            ..
        } = self;
        let (prefix, off, len) = (*prefix, *off, *len);
        let start = recent.known();
        let width = sparse.width;
        let stride = if W == 0 { width } else { W };
        let shares = epoch.is_some_and(|e| e.shared);
        let count = sparse.begin_block(start, len, stride, shares);
        let mut helper = helper.as_mut().filter(|_| shares && count >= 2 * MIN_SHARE);
        // The helper's part of the block: posted while the values of the block before
        // were computed, unless the block is not the one expected then, or now.
        let ahead = helper
            .as_mut()
            .and_then(|h| h.ahead.take())
            .filter(|a| (a.start, a.count, a.stride) == (start, count, stride));
        let (half, posted) = match ahead {
            Some(ahead) => (ahead.half, ahead.posted),
            None => {
                // The helper reads the values stored only: it gets a part of the block
                // when every value below the block is.
                if !(recent.all_stored() && helper.as_mut().is_some_and(|h| h.ready())) {
                    helper = None;
                }
                let half = match helper.as_deref_mut() {
                    Some(helper) => {
                        let chunks = Arc::clone(&sparse.chunks);
                        let (half, job) = sparse.part((start, start, count), stride, chunks);
                        helper.post(job);
                        half
                    }
                    None => count,
                };
                (half, Instant::now())
            }
        };
        let began = Instant::now();
        let (mine_time, done) = {
            let values = read(stored);
            let view = View::new(prefix, &values, off, len, recent);
            let block = Block::new(view, (start, start), stride, &sparse.ctx, &sparse.chunks);
            mine.reset(half, stride);
            mine.mark_part::<W, T>(&block, 0, 0, half);
            let mine_time = began.elapsed();
            let done = helper
                .as_deref_mut()
                .map(|h| h.collect::<W, T>(&block, spare, (half, count), mine_time));
            (mine_time, done)
        };
        // The helper's part is in `spare` when there is a helper, whoever marked it.
        let helped = done.is_some();
        if let (Some(true), Some(finished)) = (done, spare.finished) {
            let their_time = finished.saturating_duration_since(posted);
            let before = began.saturating_duration_since(posted);
            sparse.balance((half, mine_time), before, (count - half, their_time));
        }
        #[cfg(test)]
        if ahead.is_some() && done == Some(true) {
            AHEAD_PARTS.set(AHEAD_PARTS.get() + 1);
        }
        let theirs = helped.then_some(&*spare);
        sparse.work += mine.work + theirs.map_or(0, |t| t.work);
        sparse.scanning = mine.scanning + theirs.map_or(0, |t| t.scanning);
        // The helper is done with the values stored, unless it is late with its part:
        // those of the block before can be stored, and it gets its part of the next
        // block, to mark with the values below this one while this thread computes them.
        if let Some(helper) = helper {
            store(stored, recent, off, len);
            let next = start + count;
            if next < len && recent.all_stored() && helper.ready() {
                let stride = stride_for::<T>(width, next >= sparse.narrow_from);
                let count = len.min(next + block_len(stride, true)) - next;
                if count >= 2 * MIN_SHARE {
                    sparse.extend_takes(next + count);
                    let chunks = sparse.block_chunks(next, near_chunks(start, next + count));
                    let (half, job) = sparse.part((start, next, count), stride, chunks);
                    helper.post(job);
                    helper.ahead = Some(Ahead {
                        start: next,
                        count,
                        stride,
                        half,
                        posted: Instant::now(),
                    });
                }
            }
        }
        let values = read(stored);
        for j in 0..count {
            let n = start + j;
            let (rows, i) = if j >= half {
                (&mut *spare, j - half)
            } else {
                (&mut *mine, j)
            };
            let view = View::new(prefix, &values, off, len, recent);
            let mut found = sparse.value::<W, T>(view, rows, i);
            if found == Found::Wide {
                sparse.narrow_from = n + WIDE_FOR;
                found = sparse.wide_value(view);
            }
            let Found::Value(v) = found else {
                return Err(Stop::Window(n));
            };
            sparse.note(n, v);
            if sparse.ctx.rare.last() == Some(&(n as u32)) && n > sparse.ctx.reach {
                return Err(Stop::Window(n));
            }
            match T::from_u32(v) {
                Some(x) => recent.push(x),
                None => return Err(Stop::Widen(v)),
            }
            if sparse.width != width {
                // A larger value: the rows are too short for the options of the next heaps.
                break;
            }
        }
        if count == block_len(stride, shares) {
            if 2 * sparse.scanning > count {
                sparse.block_chunk_count = (sparse.block_chunk_count + 1).min(MAX_BLOCK_CHUNKS);
            } else {
                sparse.block_chunk_count = sparse.block_chunk_count.saturating_sub(1);
            }
        }
        Ok(())
    }
}

/// Stores the values of `recent` not stored yet, of a run from `off` to `len`, unless the
/// helper is reading the values stored (it is late: they are stored at a later block).
fn store<T: Cell>(stored: &RwLock<Stored<'_, T>>, recent: &mut Recent<T>, off: usize, len: usize) {
    if recent.all_stored() {
        return;
    }
    let mut stored = match stored.try_write() {
        Ok(stored) => stored,
        Err(TryLockError::Poisoned(e)) => e.into_inner(),
        Err(TryLockError::WouldBlock) => return,
    };
    recent.store(&mut stored, off, len);
}

/// The helper's part of the next block, posted before the values of the current one are
/// computed: the block expected, and when the part was posted.
#[derive(Debug, Clone, Copy)]
struct Ahead {
    start: usize,
    count: usize,
    stride: usize,
    /// The heaps the thread that computes the values marks: the first `half`.
    half: usize,
    posted: Instant,
}

/// The heaps of a block a helper thread marks the rows of.
#[derive(Debug, Default)]
struct Job {
    /// The first, as an index in the block.
    first: usize,
    count: usize,
    stride: usize,
    /// The values read are those below `known`; the block's first heap is `start`.
    known: usize,
    start: usize,
    /// What the marks are made from besides the values, and the chunks of the scan the
    /// block marks at once.
    ctx: Option<Arc<Context>>,
    chunks: Arc<Chunks>,
}

/// The scratch space of one thread for its heaps of a block.
#[derive(Debug, Clone, Default)]
struct Rows {
    /// For each heap of its part of the block, a row of marks from `j * pitch(stride)` on,
    /// one for each value below the width: 1 when an option of the heap has that value.
    marks: Vec<u8>,
    /// For each heap, how many chunks of the order of step 3 (for the first take) its scan
    /// went through before the heaps before it were known, and the least common value not
    /// marked then: those chunks were searched for the rare values below it only.
    resume: Vec<(usize, u32)>,
    /// The rare values the scan looks for.
    wanted: Vec<u32>,
    /// What [`Block::rows`] found: the splits looked at, and how many heaps scanned.
    work: u64,
    scanning: usize,
    /// What they were marked with: the values below `known`, and the chunks the block
    /// marked at once and those it left.
    known: usize,
    chunks: Arc<Chunks>,
    /// When the helper was done with them.
    finished: Option<Instant>,
}

impl Rows {
    /// Clears the rows for `count` heaps with rows of `stride` marks.
    fn reset(&mut self, count: usize, stride: usize) {
        self.marks.clear();
        self.marks.resize(count * pitch(stride), 0);
        self.resume.clear();
        self.resume.resize(count, (0, 0));
        self.work = 0;
        self.scanning = 0;
        self.finished = None;
    }

    /// Marks every row, those of the heaps from `first` in the block.
    fn mark<T: Cell>(&mut self, block: &Block<'_, T>, first: usize) {
        let count = self.resume.len();
        match block.stride {
            64 => self.mark_part::<64, T>(block, first, 0, count),
            128 => self.mark_part::<128, T>(block, first, 0, count),
            256 => self.mark_part::<256, T>(block, first, 0, count),
            512 => self.mark_part::<512, T>(block, first, 0, count),
            1024 => self.mark_part::<1024, T>(block, first, 0, count),
            2048 => self.mark_part::<2048, T>(block, first, 0, count),
            _ => self.mark_part::<0, T>(block, first, 0, count),
        }
    }

    /// Marks rows `lo` to `hi − 1`, those of the heaps from `first + lo` in the block
    /// (`Block::rows`), with rows `W` long (`W` = 0: the stride of the block).
    fn mark_part<const W: usize, T: Cell>(
        &mut self,
        block: &Block<'_, T>,
        first: usize,
        lo: usize,
        hi: usize,
    ) {
        let stride = block.stride;
        self.known = block.known;
        self.chunks = Arc::clone(block.block_chunks);
        let (work, scanning) = block.rows::<W>(
            &mut self.marks[lo * pitch(stride)..hi * pitch(stride)],
            &mut self.resume[lo..hi],
            first + lo,
            &mut self.wanted,
        );
        self.work += work;
        self.scanning += scanning;
    }
}

/// What a thread that computes the values and its helper share besides the values: the
/// signals between them, the job and the helper's rows.
#[derive(Debug, Default)]
struct Link {
    handoff: Handoff,
    job: Mutex<Job>,
    rows: Mutex<Rows>,
    /// How long the helper has waited for a processor, once it has begun.
    clock: OnceLock<WaitClock>,
}

/// The side of the posting thread of a helper, which tells it to stop when dropped.
struct Helper {
    link: Arc<Link>,
    /// The number of the last job posted.
    posted: u64,
    /// The blocks in a row whose part the helper did not do in time (up to
    /// [`MAX_MISSES`]), and how many blocks to do alone before the next post.
    misses: u32,
    skip: u32,
    /// Whether the helper gets a part of every block and is waited for (tests only).
    always: bool,
    /// The part of the next block posted ahead, if any.
    ahead: Option<Ahead>,
}

impl Drop for Helper {
    fn drop(&mut self) {
        self.link.handoff.quit();
    }
}

impl Helper {
    fn new(link: Arc<Link>, always: bool) -> Self {
        Helper {
            link,
            posted: 0,
            misses: 0,
            skip: 0,
            always,
            ahead: None,
        }
    }

    /// Whether the helper takes a part of this block: it is done with the last one, and
    /// the blocks to do alone after a miss are done.
    fn ready(&mut self) -> bool {
        if !self.link.handoff.idle(self.posted) {
            return false;
        }
        if self.skip > 0 && !self.always {
            self.skip -= 1;
            return false;
        }
        true
    }

    /// Posts `job`.
    fn post(&mut self, job: Job) {
        *lock(&self.link.job) = job;
        self.posted += 1;
        self.link.handoff.post(self.posted);
    }

    /// The helper's part of a block, marked by the helper or here, into `spare`: heaps
    /// `half` to `count − 1` of `block`; whether the helper marked it. The helper is never
    /// waited for long: a part it has not begun is done here at once, and one it is late
    /// with is done here too, a piece at a time, until either is done.
    fn collect<const W: usize, T: Cell>(
        &mut self,
        block: &Block<'_, T>,
        spare: &mut Rows,
        (half, count): (usize, usize),
        mine_time: Duration,
    ) -> bool {
        let theirs = count - half;
        spare.reset(theirs, block.stride);
        let done = if self.always {
            self.link
                .handoff
                .wait(self.posted, Instant::now() + Duration::from_secs(3600))
        } else if self.link.handoff.take_back(self.posted) {
            lock(&self.link.job).ctx = None;
            spare.mark_part::<W, T>(block, half, 0, theirs);
            false
        } else {
            let patience = mine_time.mul_f64(PATIENCE * theirs as f64 / half as f64);
            let handoff = &self.link.handoff;
            let mut done = handoff.wait(self.posted, Instant::now() + patience);
            let mut lo = 0;
            while !done && lo < theirs {
                let hi = (lo + PIECE).min(theirs);
                spare.mark_part::<W, T>(block, half, lo, hi);
                lo = hi;
                done = handoff.done(self.posted);
            }
            done
        };
        if done {
            self.misses = 0;
            std::mem::swap(&mut *lock(&self.link.rows), spare);
        } else {
            self.missed();
        }
        done
    }

    /// The helper did not do its part of a block.
    fn missed(&mut self) {
        self.misses = (self.misses + 1).min(MAX_MISSES);
        self.skip = (1 << self.misses) - 1;
    }
}

/// `lock.lock()`, also when a thread panicked with the lock held.
fn lock<T>(lock: &Mutex<T>) -> MutexGuard<'_, T> {
    lock.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `lock.read()`, also when a thread panicked with the lock held.
fn read<T>(lock: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(PoisonError::into_inner)
}

/// The length of the rows of marks for values below `width`: [`NARROW`] when `narrow`
/// and the values are stored wider than a byte, otherwise as long as the values are
/// wide, and at least [`SHORTEST`].
fn stride_for<T: Cell>(width: usize, narrow: bool) -> usize {
    if narrow && T::WIDE {
        NARROW
    } else {
        width.max(SHORTEST)
    }
}

#[cfg(test)]
thread_local! {
    /// Whether the helpers of the runs of this thread stop for a while in some of their
    /// jobs, as when they lose their processor (tests only).
    static LAZY_HELPER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the helpers of the runs of this thread stop for a while in some of their jobs.
fn lazy_helper() -> bool {
    #[cfg(test)]
    return LAZY_HELPER.get();
    #[cfg(not(test))]
    false
}

#[cfg(test)]
thread_local! {
    /// `Some(true)`: every run of this thread has a helper, which does its part of every
    /// block and is waited for; `Some(false)`: no run has one (tests only).
    static FORCE_HELPER: std::cell::Cell<Option<bool>> = const { std::cell::Cell::new(None) };
}

/// The parts of blocks helper threads have marked (tests only).
#[cfg(test)]
static HELPER_PARTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

#[cfg(test)]
thread_local! {
    /// The parts of blocks marked ahead by the helpers of the runs of this thread that
    /// were used (tests only).
    static AHEAD_PARTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Whether the runs of this thread have a helper whatever the threads and the pace.
fn forced_helper() -> Option<bool> {
    #[cfg(test)]
    return FORCE_HELPER.get();
    #[cfg(not(test))]
    None
}

/// The helper thread: marks the rows of the part of each block it is given, with the
/// values stored. A `lazy` helper sleeps in some of its jobs (tests only).
fn help<T: Cell>(
    link: &Link,
    stored: &RwLock<Stored<'_, T>>,
    prefix: &[T],
    off: usize,
    len: usize,
    lazy: bool,
) {
    let Link {
        handoff,
        job,
        rows,
        clock,
    } = link;
    if let Some(mine) = WaitClock::this_thread() {
        let _ = clock.set(mine);
    }
    let mut seen = 0;
    while let Some(number) = handoff.next(seen) {
        seen = number;
        {
            let Job {
                first,
                count,
                stride,
                known,
                start,
                ctx,
                chunks,
            } = std::mem::take(&mut *lock(job));
            let Some(ctx) = ctx else {
                unreachable!("a job posted comes with what its marks are made from")
            };
            let values = read(stored);
            let mut rows = lock(rows);
            rows.reset(count, stride);
            let view = View::stored(prefix, &values, off, len);
            let block = Block::new(view, (known, start), stride, &ctx, &chunks);
            if lazy && number % 4 != 0 {
                std::thread::sleep(Duration::from_millis(number % 7));
            }
            rows.mark(&block, first);
            rows.finished = Some(Instant::now());
        }
        #[cfg(test)]
        HELPER_PARTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        handoff.finish(number);
    }
}

/// What the rows of a block are marked from: the values below a heap (the block's first,
/// or the first of the block before when the rows are marked ahead) and the rare heaps
/// below it.
struct Block<'a, T> {
    view: View<'a, T>,
    /// The values read are those below `known`; the first heap of the block is `start`.
    known: usize,
    start: usize,
    /// The largest smaller part of the splits step 3 looks at.
    reach: usize,
    stride: usize,
    unequal: bool,
    split_takes: &'a [usize],
    one_takes: &'a [usize],
    rare: &'a [u32],
    rare_values: &'a [u32],
    common: &'a [bool],
    block_chunks: &'a Arc<Chunks>,
}

impl<'a, T: Cell> Block<'a, T> {
    /// The rows of the block from heap `start`, with rows of `stride` marks, marked with
    /// the values below `known` (`view` has them) and the rare heaps of `ctx`, which must be
    /// below `known` too; the block marks `chunks` at once, which must be chosen for
    /// `start` with at least [`near_chunks`]`(known, end)` apart, `end` the block's end.
    fn new(
        view: View<'a, T>,
        (known, start): (usize, usize),
        stride: usize,
        ctx: &'a Context,
        chunks: &'a Arc<Chunks>,
    ) -> Self {
        debug_assert!(known <= view.len() && known <= start && start - known <= BLOCK);
        debug_assert!(ctx.rare.last().is_none_or(|&r| (r as usize) < known));
        Block {
            view,
            known,
            start,
            reach: ctx.reach,
            stride,
            unequal: ctx.unequal,
            split_takes: &ctx.split_takes,
            one_takes: &ctx.one_takes,
            rare: &ctx.rare,
            rare_values: &ctx.rare_values,
            common: &ctx.common,
            block_chunks: chunks,
        }
    }

    /// Marks, for the heaps `start + first` … of `rows` (one row each), whatever involves
    /// only heaps below `known`, and scans for step 3 the splits with both parts below it,
    /// recording in `resume` how many chunks of the order of step 3 the scan of each heap
    /// went through.
    fn rows<const W: usize>(
        &self,
        rows: &mut [u8],
        resume: &mut [(usize, u32)],
        first: usize,
        wanted: &mut Vec<u32>,
    ) -> (u64, usize) {
        let (view, known, start, stride) = (self.view, self.known, self.start, self.stride);
        let count = rows.len() / pitch(stride);
        let near = self.block_chunks.near;
        debug_assert!(near >= near_chunks(known, start + first + count));
        let mut work = 0;
        for (t, &k) in self.split_takes.iter().enumerate() {
            if start + first + count < k + 3 {
                break;
            }
            // Marks v XOR G(q) for the heaps n = start + j whose split into p and
            // q = n − k − p has 1 ≤ q < known (and q ≠ p when the parts must differ).
            let run = |rows: &mut [u8], p: usize, v: u32| -> u64 {
                let lo = (k + p + 1).saturating_sub(start).max(first);
                let hi = (first + count).min((known + k + p).saturating_sub(start));
                if lo >= hi {
                    return 0;
                }
                let base = start + lo - k - p;
                let equal = (self.unequal && 2 * p + k >= start)
                    .then(|| 2 * p + k - start)
                    .filter(|&j| (lo..hi).contains(&j));
                let rows = &mut rows[(lo - first) * pitch(stride)..];
                match equal {
                    Some(j) => {
                        let (before, after) = rows.split_at_mut((j - lo) * pitch(stride));
                        mark_rows::<W, T>(before, stride, v, view.range(base, base + j - lo));
                        let after = &mut after[pitch(stride)..];
                        let xs = view.range(base + j + 1 - lo, base + hi - lo);
                        mark_rows::<W, T>(after, stride, v, xs);
                    }
                    None => mark_rows::<W, T>(rows, stride, v, view.range(base, base + hi - lo)),
                }
                (hi - lo) as u64
            };
            // The rare heaps whose splits mark every row, two at a time: the processor
            // overlaps the marks of two rows better than of one.
            let whole = |p: usize| {
                k + p < start + first
                    && start + first + count <= k + p + known
                    && !(self.unequal
                        && (start + first..start + first + count).contains(&(2 * p + k)))
            };
            // And so are the heaps of the chunks of the scan the block marks at once.
            let rare = self.rare.iter().zip(self.rare_values);
            let chunks = self
                .block_chunks
                .takes
                .get(t)
                .map_or(&[][..], |(chunks, _)| chunks);
            let chunked = chunks.iter().flat_map(|&c| {
                let xs = view.range(c * CHUNK, (c + 1) * CHUNK);
                (c * CHUNK..).zip(xs).map(|(p, x)| (p, x.get()))
            });
            let mut pending = None;
            for (p, v) in rare.map(|(&p, &v)| (p as usize, v)).chain(chunked) {
                if !whole(p) {
                    work += run(rows, p, v);
                    continue;
                }
                match pending.take() {
                    None => pending = Some((p, v)),
                    Some((p0, v0)) => {
                        let base = |p: usize| start + first - k - p;
                        let xs0 = view.range(base(p0), base(p0) + count);
                        let xs = view.range(base(p), base(p) + count);
                        mark_rows_twice::<W, T>(rows, stride, (v0, xs0), (v, xs));
                        work += 2 * count as u64;
                    }
                }
            }
            if let Some((p, v)) = pending {
                work += run(rows, p, v);
            }
        }
        // The scan of step 3 for the first take, in every chunk but the near ones: those
        // splits have both parts below `known`.
        let mut scanning = 0;
        let Some(&k) = self.split_takes.first() else {
            return (work, scanning);
        };
        let done = self
            .block_chunks
            .takes
            .first()
            .map_or(&[][..], |(_, set)| &set[..]);
        for (i, (row, resume)) in rows.chunks_exact_mut(pitch(stride)).zip(resume).enumerate() {
            let n = start + first + i;
            if n < k + 2 {
                continue;
            }
            // The moves that leave one heap below `known` (the others are marked later).
            for &k in self.one_takes.iter().take_while(|&&k| k < n) {
                if n - k < known {
                    row[slot::<W, T>(view.get(n - k).get(), stride)] = 1;
                }
            }
            let c = least_common(row, self.common, wanted);
            if wanted.is_empty() {
                continue;
            }
            let m = n - k;
            let half = if self.unequal { (m - 1) / 2 } else { m / 2 }.min(self.reach);
            let mut chunks = 0;
            for (consumed, chunk) in far_chunks(half, near).enumerate() {
                if wanted.is_empty() {
                    break;
                }
                *resume = (consumed + 1, c);
                if contains(done, chunk) {
                    continue;
                }
                work += scan::<W, T>(row, stride, view, m, half, chunk, wanted);
                chunks += 1;
            }
            if chunks > 0 {
                scanning += 1;
            }
        }
        (work, scanning)
    }
}

/// The least common value not marked in `row` (the width of the row when all are), with
/// the rare values below it not marked in `wanted`, ascending.
fn least_common(row: &[u8], common: &[bool], wanted: &mut Vec<u32>) -> u32 {
    wanted.clear();
    for (v, (&mark, &common)) in row.iter().zip(common).enumerate() {
        if mark == 0 {
            if common {
                return v as u32;
            }
            wanted.push(v as u32);
        }
    }
    // Every common value below the width is marked: the width (no option has it) takes
    // the place of c.
    common.len() as u32
}

/// Whether chunk `c` is in the bit set `set`.
fn contains(set: &[u64], c: usize) -> bool {
    set.get(c / 64).is_some_and(|w| w >> (c % 64) & 1 != 0)
}

/// Marks in `row` the values of the splits (a, m − a) of the heaps a of `chunk` up to
/// `half`, and keeps in `wanted` the values still not marked; returns the splits looked
/// at. `rev` holds the values backwards.
///
/// While many values are wanted, each split marks its value; once at most [`FEW`] are,
/// the splits are compared with each of them instead, a comparison the compiler turns
/// into vector instructions that look at 16 or 32 splits at once.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn scan<const W: usize, T: Cell>(
    row: &mut [u8],
    stride: usize,
    view: View<'_, T>,
    m: usize,
    half: usize,
    chunk: usize,
    wanted: &mut Vec<u32>,
) -> u64 {
    let stride = if W == 0 { stride } else { W };
    let row = &mut row[..stride];
    let (lo, hi) = (
        (chunk * CHUNK).max(1),
        (chunk * CHUNK + CHUNK - 1).min(half),
    );
    if lo > hi {
        return 0;
    }
    let low = view.range(lo, hi + 1);
    if wanted.len() <= FEW {
        // G(m − a) for a from lo to hi.
        let high = view.backwards(m - hi, m - lo);
        wanted.retain(|&w| {
            let x = T::from_u32(w).expect("a wanted value is below the width of the values");
            let hit = any_split_is(low, high, x);
            if hit {
                row[slot::<W, T>(w, stride)] = 1;
            }
            !hit
        });
        return (hi + 1 - lo) as u64;
    }
    let high = view.range(m - hi, m - lo + 1);
    for (a, b) in low.iter().zip(high.iter().rev()) {
        row[slot::<W, T>(a.get() ^ b.get(), stride)] = 1;
    }
    wanted.retain(|&v| row[slot::<W, T>(v, stride)] == 0);
    (hi + 1 - lo) as u64
}

/// Whether `low[i]` XOR `high[i]` is `w` for some i.
#[inline(always)]
fn any_split_is<T: Cell>(low: &[T], high: &[T], w: T) -> bool {
    let mut hit = 0u8;
    for (&a, &b) in low.iter().zip(high) {
        hit |= u8::from(a ^ b == w);
    }
    hit != 0
}

/// How many chunks of the scan of step 3 come first for the heaps of a block that ends
/// before heap `end`, with rows marked with the values below `known`: the chunks whose
/// splits of a heap of the block may have a part from `known` on (2 for a block of 128
/// heaps marked with the values below it).
fn near_chunks(known: usize, end: usize) -> usize {
    (end - known).div_ceil(CHUNK)
}

/// The other chunks of the scan of step 3 for the splits of m with smaller part up to
/// `half`, beyond the first `near`, in the order they are looked at: by turns, one of the lower half of them going
/// up, and one of the upper half in a scattered order (bit-reversed chunk numbers). The
/// small heaps are the only parts of the splits with some values (0.354 has values that
/// only a dozen splits, all with a part below 400, have); other values are found sooner
/// far apart than among neighbouring heaps, which have similar values.
fn far_chunks(half: usize, near: usize) -> impl Iterator<Item = usize> {
    let chunks = half / CHUNK + 1;
    let count = chunks.saturating_sub(near);
    let low = count / 2;
    let high = count - low;
    let bits = usize::BITS - high.saturating_sub(1).leading_zeros();
    let spread = (0..1usize << bits)
        .map(move |i| match bits {
            0 => 0,
            _ => i.reverse_bits() >> (usize::BITS - bits),
        })
        .filter(move |&c| c < high)
        .map(move |c| near + low + c);
    Alternate {
        up: near..near + low,
        spread,
        turn: false,
    }
}

/// Two iterators by turns, the second when the first runs out and the other way round.
struct Alternate<I> {
    up: std::ops::Range<usize>,
    spread: I,
    turn: bool,
}

impl<I: Iterator<Item = usize>> Iterator for Alternate<I> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        self.turn = !self.turn;
        if self.turn {
            self.up.next().or_else(|| self.spread.next())
        } else {
            self.spread.next().or_else(|| self.up.next())
        }
    }
}

/// The mark of the value `v` in a row of `stride` marks (`W` when known at compile time):
/// the value itself, except in rows of 256 marks for values stored wider than a byte,
/// where every value from 255 on has the last mark. Only the marks below 255 of such a
/// row are exact then ([`Sparse::value`] says so when it needs another one).
#[inline(always)]
fn slot<const W: usize, T: Cell>(v: u32, stride: usize) -> usize {
    if W == NARROW && T::WIDE {
        v.min(NARROW as u32 - 1) as usize
    } else {
        v as usize & (stride - 1)
    }
}

/// [`mark_rows`] for two values and two runs of values at once.
#[inline(always)]
fn mark_rows_twice<const W: usize, T: Cell>(
    rows: &mut [u8],
    stride: usize,
    (v, xs): (u32, &[T]),
    (w, ys): (u32, &[T]),
) {
    let stride = if W == 0 { stride } else { W };
    for ((row, x), y) in rows.chunks_exact_mut(pitch(stride)).zip(xs).zip(ys) {
        row[slot::<W, T>(v ^ x.get(), stride)] = 1;
        row[slot::<W, T>(w ^ y.get(), stride)] = 1;
    }
}

/// Marks the value `v` XOR `x` in successive rows of `stride` marks from the start of
/// `rows`, one row for each `x` of `xs` (`W`: the stride when known at compile time).
#[inline(always)]
fn mark_rows<const W: usize, T: Cell>(rows: &mut [u8], stride: usize, v: u32, xs: &[T]) {
    let stride = if W == 0 { stride } else { W };
    for (row, x) in rows.chunks_exact_mut(pitch(stride)).zip(xs) {
        row[slot::<W, T>(v ^ x.get(), stride)] = 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::heap::{Algorithm, Code, Rule, Sequence};
    use proptest::prelude::*;

    fn values(rule: &Rule, algorithm: Algorithm, len: u64) -> Vec<u32> {
        let mut s = Sequence::with_algorithm(rule.clone(), algorithm);
        s.extend_to(len).unwrap();
        s.values().iter().collect()
    }

    /// The sparse-space algorithm, with the mask it chooses, gives the values of the plain
    /// algorithm for `len` heaps; with two fixed masks (any mask gives the same values,
    /// only more slowly when many heaps are rare), for the first third of them.
    fn agree(rules: &[&str], len: u64) {
        for (i, text) in rules.iter().enumerate() {
            let rule = Rule::parse(text).unwrap();
            let plain = values(&rule, Algorithm::Plain, len);
            for (algorithm, len) in [
                (Algorithm::Sparse, len),
                (Algorithm::SparseMask(0), len / 3),
                (Algorithm::SparseMask((37 * i as u32 + 101) % 256), len / 3),
            ] {
                let sparse = values(&rule, algorithm, len);
                let first = plain.iter().zip(&sparse).position(|(a, b)| a != b);
                assert_eq!(first, None, "{text} by {algorithm:?}: first difference");
            }
        }
    }

    #[test]
    fn sparse_equals_plain_on_kayles_like_games() {
        agree(&["0.77", "0.07", "0.137", "0.16", "0.51"], 3200);
    }

    #[test]
    fn sparse_equals_plain_on_games_without_a_period_known() {
        agree(&["0.6", "0.007", "grundy", "4.7"], 3200);
    }

    #[test]
    fn sparse_equals_plain_on_more_octal_games() {
        agree(&["0.45", "0.156", "0.165", "0.356", "0.644"], 3200);
    }

    #[test]
    fn sparse_equals_plain_on_codes_that_repeat() {
        // The values of 0.4… and 0.74… grow past 255: their storage widens within a block.
        agree(&["0.4…", "0.74…", "4.3…", "0.64…"], 350);
    }

    #[test]
    fn grundys_game_p_positions_up_to_20000() {
        let mut s = Sequence::new(Rule::parse("grundy").unwrap());
        s.extend_to(20_001).unwrap();
        assert_eq!(s.sparse_mask(), Some(1));
        let zeros: Vec<u64> = (0..s.len()).filter(|&n| s.get(n) == Some(0)).collect();
        assert_eq!(
            zeros,
            vec![
                0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337,
                340, 346, 359, 362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682,
                685, 923, 926, 929, 932, 1222
            ]
        );
    }

    #[test]
    fn the_scan_looks_at_every_chunk_once() {
        // Rows marked with the values below their block, and below the block before (of
        // 128 heaps, or of fewer when the rows are wide).
        // Blocks of 128 and 256 heaps, and of 256 marked with the values below the block of
        // 256 before, or of 64 before.
        let nears = [
            super::near_chunks(0, 128),
            super::near_chunks(0, 256),
            super::near_chunks(0, 512),
            super::near_chunks(0, 320),
        ];
        assert_eq!(nears, [2, 4, 8, 5]);
        for near in nears {
            for half in (0..2000).chain([65_535, 65_536, 1 << 20, 3 << 20]) {
                let chunks = half / super::CHUNK + 1;
                let mut seen: Vec<usize> = (0..near.min(chunks)).collect();
                seen.extend(super::far_chunks(half, near));
                let first_up = seen.get(near).copied();
                seen.sort_unstable();
                assert_eq!(seen, (0..chunks).collect::<Vec<_>>(), "{half}");
                if chunks > near + 1 {
                    // The smallest heaps beyond the near chunks come first.
                    assert_eq!(first_up, Some(near), "{half}");
                }
            }
        }
    }

    #[test]
    fn a_late_helper_changes_no_value() {
        // The helper sleeps in most of its jobs: the thread that computes the values does
        // their parts too and goes on without storing the values while it reads them.
        super::LAZY_HELPER.set(true);
        agree(&["0.6", "grundy", "0.45"], 3000);
        agree(&["0.4…", "0.74…"], 350);
        super::LAZY_HELPER.set(false);
    }

    #[test]
    fn sharing_goes_on_unless_slower_and_the_other_way_is_tried_ever_less_often() {
        use std::time::Duration;
        let mut pace = super::Pace::default();
        // The epochs that share their blocks in `count`, and the probes among all.
        let epochs = |pace: &mut super::Pace, count: usize, shared_ms: u64, alone_ms: u64| {
            let (mut shared, mut probes) = (0, 0);
            for _ in 0..count {
                let (share, probe) = pace.next();
                let ms = if share { shared_ms } else { alone_ms };
                pace.record(share, probe, Duration::from_millis(ms), 1_000_000, false);
                shared += usize::from(share);
                probes += usize::from(probe);
            }
            (shared, probes)
        };
        // Both ways are tried first; sharing is then followed, and the other way tried
        // after 8, 16, 32, … epochs.
        let (shared, probes) = epochs(&mut pace, 64, 2, 3);
        assert_eq!((shared, probes), (60, 3));
        // The helper loses its processor and sharing takes twice as long as not: the
        // blocks are no longer shared after two epochs, and sharing is tried after 8, 16,
        // 32, … epochs again.
        let (shared, probes) = epochs(&mut pace, 256, 6, 3);
        assert!((2..=9).contains(&shared), "{shared}");
        assert_eq!(shared, 2 + probes, "{shared} {probes}");
        // It gets it back: the next probe finds it out.
        let (shared, _) = epochs(&mut pace, 256, 2, 3);
        assert!(shared >= 256 - 128 - 8, "{shared}");
        // Sharing a fifth slower than not goes on (that is within the noise of epochs'
        // times): every epoch shares but the one that times the other way first and the
        // probes. A third slower, it stops.
        let mut pace = super::Pace::default();
        let (shared, probes) = epochs(&mut pace, 256, 120, 100);
        assert_eq!(shared, 256 - 1 - probes, "{shared} {probes}");
        let mut pace = super::Pace::default();
        let (shared, _) = epochs(&mut pace, 256, 133, 100);
        assert!(shared <= 8, "{shared}");
    }

    /// Sharing stops when the threads wait for a processor, even while the epochs that
    /// share look faster (the machine slowed down meanwhile), and starts again at the next
    /// probe that shares without waiting.
    #[test]
    fn epochs_crowded_out_of_a_processor_stop_sharing_until_a_probe_is_not() {
        use std::time::Duration;
        let mut pace = super::Pace::default();
        // The epochs that share in `count`, each crowded or not as `crowded` says.
        let epochs = |pace: &mut super::Pace, count: usize, crowded: bool| {
            let mut shared = 0;
            for _ in 0..count {
                let (share, probe) = pace.next();
                let ms = if share { 2 } else { 3 };
                pace.record(
                    share,
                    probe,
                    Duration::from_millis(ms),
                    1_000_000,
                    crowded && share,
                );
                shared += usize::from(share);
            }
            shared
        };
        // Both ways are tried first, then sharing is followed but for one probe.
        assert_eq!(epochs(&mut pace, 16, false), 14);
        // Crowded: one epoch shares, then only the probes, after 8, 16, 32 and 64 epochs.
        assert_eq!(epochs(&mut pace, 128, true), 1 + 4);
        // No longer crowded: the next probe (128 epochs from the last at most) shares, and
        // so does every epoch after it but for the probes of the other way.
        let shared = epochs(&mut pace, 256, false);
        assert!(shared >= 256 - 128 - 8, "{shared}");
    }

    #[test]
    fn one_thread_or_two_give_the_same_values() {
        let rule = Rule::parse("0.6").unwrap();
        let shared = values(&rule, Algorithm::Sparse, 3000);
        let alone = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| values(&rule, Algorithm::Sparse, 3000));
        assert_eq!(alone, shared);
    }

    #[test]
    fn the_helper_forced_on_or_off_changes_no_value() {
        use std::sync::atomic::Ordering;
        for text in ["0.6", "0.007", "4.0", "grundy", "0.16"] {
            let rule = Rule::parse(text).unwrap();
            let plain = values(&rule, Algorithm::Plain, 4000);
            for force in [true, false] {
                super::FORCE_HELPER.set(Some(force));
                let parts = super::HELPER_PARTS.load(Ordering::Relaxed);
                let ahead = super::AHEAD_PARTS.get();
                let sparse = values(&rule, Algorithm::Sparse, 4000);
                let helped = super::HELPER_PARTS.load(Ordering::Relaxed) > parts;
                let ahead = super::AHEAD_PARTS.get() - ahead;
                super::FORCE_HELPER.set(None);
                let first = plain.iter().zip(&sparse).position(|(a, b)| a != b);
                assert_eq!(
                    first, None,
                    "{text}, helper forced {force}: first difference"
                );
                assert_eq!(sparse.len(), plain.len(), "{text}, helper forced {force}");
                if force {
                    assert!(helped, "{text}: the helper marked no part");
                    // Every block but the first of a run and those after a larger value
                    // (4000 heaps: 16 blocks of 256 heaps, more while rows are wide),
                    // and those whose helper was still busy with a part posted for a
                    // block that turned out otherwise: 8 to 11 for each code here, by
                    // the threads' timing (7 for 0.007 once, with other tests running).
                    assert!(ahead >= 4, "{text}: {ahead} parts marked ahead used");
                }
            }
        }
    }

    #[test]
    fn a_stopped_run_keeps_its_values_and_its_helper_stops() {
        use crate::limits::{Reason, Stop};
        use std::time::{Duration, Instant};
        let rule = Rule::parse("grundy").unwrap();
        let plain = values(&rule, Algorithm::Plain, 3000);
        for force in [Some(true), None, Some(false)] {
            let stop = Stop::new();
            let timer = stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(300));
                timer.request(Reason::Time);
            });
            super::FORCE_HELPER.set(force);
            let mut s = Sequence::with_algorithm(rule.clone(), Algorithm::Sparse);
            let began = Instant::now();
            // Far more than this build computes in the time given.
            let stopped = stop.scope(|| s.extend_to(1 << 24));
            super::FORCE_HELPER.set(None);
            assert!(
                matches!(stopped, Err(crate::Error::TimeLimit { .. })),
                "{force:?}: {stopped:?}"
            );
            assert!(began.elapsed() < Duration::from_secs(10), "{force:?}");
            assert!(s.len() < 1 << 24, "{force:?}");
            // The values computed are kept, and the run goes on from them.
            let len = s.len().min(3000);
            let kept: Vec<u32> = s.values().iter().take(len as usize).collect();
            assert_eq!(kept, plain[..len as usize], "{force:?}");
            s.extend_to(3000).unwrap();
            let all: Vec<u32> = s.values().iter().take(3000).collect();
            assert_eq!(all, plain, "{force:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]

        #[test]
        fn sparse_equals_plain_on_random_codes(
            split_first in any::<bool>(),
            digits in proptest::collection::vec(0u8..8, 2..=3),
            unequal in any::<bool>(),
            repeats in any::<bool>(),
            mask in 0u32..256,
            lazy in any::<bool>(),
        ) {
            super::LAZY_HELPER.set(lazy);
            let mut all = vec![if split_first { 4 } else { 0 }];
            all.extend(&digits);
            let Ok(code) = Code::from_digits(&all, repeats) else {
                return Ok(());
            };
            let rule = Rule::TakeBreak { code, unequal };
            let len = if repeats { 200 } else { 1000 };
            let plain = values(&rule, Algorithm::Plain, len);
            prop_assert_eq!(&values(&rule, Algorithm::SparseMask(mask), len), &plain);
            prop_assert_eq!(&values(&rule, Algorithm::Sparse, len), &plain);
        }
    }
}
