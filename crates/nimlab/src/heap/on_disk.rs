//! On-disk runs: Grundy values of heap games further than memory holds, every value kept
//! in a file.
//!
//! An on-disk run computes as a windowed run does ([`super::windowed_run`]): the
//! sparse-space algorithm reads the values of the heaps below a window W (the prefix) and
//! of the last W + k heaps (the tail), which it keeps in memory. Every value also goes to a
//! file in the compact binary format, so that none is lost: when a value needs a split
//! beyond the window, it is computed from the file ([`super::one_heap`]) instead of
//! stopping the run, and a checkpoint beside the file ([`resume_file`]), written every so
//! often, lets a run killed at any moment go on where it was. A resumed run writes the same
//! file, byte for byte, and reports the same as one that was never stopped: the values
//! determine everything else.

use super::disk_state::{resume_file, DiskState};
use super::one_heap::{self, Below};
use super::period::Periodicity;
use super::report::{SequenceReport, Tally};
use super::sequence::{Sequence, MAX_LENGTH};
use super::sparse::{is_rare, Sparse, Stop};
use super::value_file::{read_finished, sync_folder, width_of, ValueFile};
use super::values::Values;
use super::window::{extend, MIN_WINDOW};
use super::Rule;
use crate::limits::clock::Instant;
use crate::{Error, Result};
use std::path::Path;
use std::time::Duration;

/// Bytes of memory an on-disk run takes for each heap of its window, in values of two
/// bytes, at most, counted in halves: the prefix (2 bytes a heap), the tail and its
/// reversed copy, with a quarter of the window more for each (2 × 2.5), and a margin.
const HALF_BYTES_PER_WINDOW_HEAP: u64 = 15;

/// The first values, computed by a sequence (which chooses the algorithm and its mask),
/// are at most this many: the prefix fills as the run goes on.
const FIRST: u64 = 1 << 22;

/// Memory an on-disk run keeps besides its window: the program, the marks of the
/// sparse-space algorithm, buffers.
const OVERHEAD: u64 = 48 << 20;

/// An on-disk run: the values G(0) … G(target − 1) of a rule, to a file.
///
/// ```
/// use nimlab::heap::{resume_file, read_binary_file, OnDisk, Rule, Sequence};
/// use std::time::Duration;
/// let file = std::env::temp_dir().join(format!("nimlab-doc-disk-{}", std::process::id()));
/// // 0.16 to 60,000 with a window of 2^14: its value at 55,290 needs a split beyond it,
/// // computed from the file.
/// let rule = Rule::parse("0.16").unwrap();
/// let run = OnDisk { target: 60_000, window: 1 << 14, file: &file, every: Duration::from_secs(60) };
/// let report = run.run(&rule, |_| {}).unwrap();
/// let mut whole = Sequence::new(rule);
/// whole.extend_to(60_000).unwrap();
/// assert_eq!(&read_binary_file(&file).unwrap().1, whole.values());
/// assert_eq!((report.to, report.window), (59_999, Some(1 << 14)));
/// assert!(!resume_file(&file).exists()); // a finished run leaves no checkpoint
/// std::fs::remove_file(&file).unwrap();
/// ```
#[derive(Debug, Clone)]
pub struct OnDisk<'a> {
    /// How many values: the heaps 0 to `target - 1`.
    pub target: u64,
    /// The window W: the values of the heaps below W and of the last W + k heaps are kept
    /// in memory ([`OnDisk::window_for`] sizes it for a memory limit).
    pub window: u64,
    /// The file of values, in the compact binary format. Its checkpoint is
    /// [`resume_file`]`(file)`.
    pub file: &'a Path,
    /// The time between checkpoints.
    pub every: Duration,
}

impl OnDisk<'_> {
    /// The largest window of a run that keeps within `memory` bytes, for values below
    /// 65536 (a run whose values need four bytes takes up to twice as much): about an
    /// eighth of the memory, in heaps, and at least [`MIN_WINDOW`].
    ///
    /// ```
    /// use nimlab::heap::OnDisk;
    /// assert_eq!(OnDisk::window_for(512 << 20), 57_713_622);
    /// assert_eq!(OnDisk::window_for(16 << 20), 8192);
    /// ```
    pub fn window_for(memory: u64) -> u64 {
        let usable = (memory / 10 * 9).saturating_sub(OVERHEAD);
        (usable / HALF_BYTES_PER_WINDOW_HEAP * 2).max(MIN_WINDOW)
    }

    /// How many values the checkpoint of this run holds, when there is one: the run then
    /// resumes from it.
    ///
    /// # Errors
    /// A checkpoint that cannot be read or is damaged.
    pub fn resumes_from(&self) -> Result<Option<u64>> {
        Ok(DiskState::read(&resume_file(self.file))?.map(|s| s.count))
    }

    /// Computes the values of `rule`, writing them to the file, and reports them; resumes
    /// from the checkpoint when there is one. Tells `progress` how many values are written
    /// after each stretch. The report says nothing of the values' periodicity unless a
    /// period is proved within the first values (every value past it is then the
    /// period's).
    ///
    /// # Errors
    /// As [`super::windowed_run`], but for splits beyond the window, which the run reads
    /// from the file; [`Error::Unsupported`] naming the file when it cannot be written
    /// (a full disk) or read, or does not match its checkpoint (another rule, cut short,
    /// a value changed), and naming the checkpoint when it is damaged or holds more
    /// values than asked for. When a stop is requested ([`crate::limits`]), a checkpoint
    /// is written first: the same run then resumes from it.
    pub fn run(&self, rule: &Rule, progress: impl FnMut(u64)) -> Result<SequenceReport> {
        let Rule::TakeBreak { code, unequal } = rule else {
            return Err(not_on_disk(rule));
        };
        let Some(max_take) = code.max_take().filter(|_| code.max_heaps_left() <= 2) else {
            return Err(not_on_disk(rule));
        };
        if self.window < MIN_WINDOW {
            return Err(Error::limit(
                format!("a window of {} heaps", self.window),
                format!("windows of at least {MIN_WINDOW} heaps"),
            ));
        }
        if self.target > MAX_LENGTH + 1 {
            return Err(Error::limit(
                format!(
                    "the values of {} for heaps 0 to {}",
                    rule.label(),
                    self.target - 1
                ),
                format!("heaps up to {MAX_LENGTH}"),
            ));
        }
        let state_path = resume_file(self.file);
        let text = rule.to_string();
        let state = DiskState::read(&state_path)?;
        if let Some(s) = &state {
            if s.rule != text {
                return Err(Error::Unsupported(format!(
                    "`{}` is the checkpoint of a run of {}, not of {text}: give another file, or remove it to start again",
                    state_path.display(),
                    s.rule
                )));
            }
            if s.count > self.target {
                return Err(Error::Unsupported(format!(
                    "`{}` is the checkpoint of a run that has written {} values, more than the {} asked for: ask for as many, or remove it to start again",
                    state_path.display(),
                    s.count,
                    self.target
                )));
            }
        }
        let reach_back = self.window + max_take + 1;
        // The first values are computed by a sequence, which chooses the algorithm and the
        // mask.
        let full = self.target.min(self.window + max_take + 2).min(FIRST);
        if state.is_none() {
            // A run that has finished already: its file is read, not computed again.
            let (mut tally, mut head) = (Tally::default(), Values::default());
            let finished = {
                let mut count = read_back(&mut tally, &mut head, full);
                read_finished(self.file, &text, self.target, |values| {
                    crate::limits::check()?;
                    count(values);
                    Ok(())
                })?
            };
            if finished {
                let mut r = tally.report(rule);
                r.window = Some(self.window);
                if full < self.target {
                    // As the run said it: a period proved within the first values.
                    let seq = Sequence::from_values(rule.clone(), head)?;
                    r.set_period(Periodicity::find(&seq).filter(|p| p.proved && p.saltus == 0));
                }
                return Ok(r);
            }
        }
        let mut tally = Tally::default();
        let mut head = Values::default();
        let file = match &state {
            None => ValueFile::create(self.file, &text)?,
            Some(s) => {
                let mut count = read_back(&mut tally, &mut head, full);
                ValueFile::reopen(self.file, &text, s.count, s.sum, |values| {
                    count(values);
                    Ok(())
                })
                .map_err(|e| {
                    Error::Unsupported(format!(
                        "{e}; remove `{}` to start the run again",
                        state_path.display()
                    ))
                })?
            }
        };
        let mut run = Runner {
            file,
            tally,
            state_path: &state_path,
            every: self.every,
            saved: Instant::now(),
            progress,
        };
        let mut seq = if head.is_empty() {
            Sequence::new(rule.clone())
        } else {
            Sequence::from_values(rule.clone(), head)?
        };
        run.first_values(&mut seq, full)?;
        let report = |tally: &Tally| {
            let mut r = tally.report(rule);
            r.window = Some(self.window);
            r
        };
        if let Some(p) = seq.proved_period().filter(|_| full < self.target) {
            run.by_period(&seq, &p, self.target)?;
            let mut r = report(&run.tally);
            r.set_period(Some(p));
            return run.finish(r);
        }
        if full < self.target {
            let rare_heaps = seq.rare_heaps();
            let Some(sparse) = seq.take_sparse() else {
                return Err(Error::Unsupported(format!(
                    "an on-disk run of {} needs the sparse-space algorithm, which does not pay for it ({rare_heaps} heaps up to {} have rare values)",
                    rule.label(),
                    full - 1
                )));
            };
            let window = Window {
                code,
                unequal: *unequal,
                sparse,
                prefix: Values::default(),
                tail: Values::default(),
                off: 0,
                reach_back,
                window: self.window,
            };
            run.window(window, seq, self.target)?;
        }
        let r = report(&run.tally);
        run.finish(r)
    }
}

/// Counts the values read back from a run's file, G(0) first, a stretch at a time, in
/// `tally`, and keeps the first `full` of them in `head`.
fn read_back<'a>(tally: &'a mut Tally, head: &'a mut Values, full: u64) -> impl FnMut(&[u32]) + 'a {
    let mut n = 0u64;
    move |values| {
        tally.add_all(values);
        for &v in values.iter().take(full.saturating_sub(n) as usize) {
            head.push(v);
        }
        n += values.len() as u64;
    }
}

/// A run at work: the file, what the report counts, and the checkpoints.
struct Runner<'a, P> {
    file: ValueFile,
    tally: Tally,
    state_path: &'a Path,
    every: Duration,
    saved: Instant,
    progress: P,
}

/// The values a windowed stretch of the run keeps in memory, and the algorithm's state.
struct Window<'a> {
    code: &'a super::Code,
    unequal: bool,
    sparse: Sparse,
    /// G(0) … G(window − 1), or as many as are known.
    prefix: Values,
    /// G(off) … G(n − 1).
    tail: Values,
    off: u64,
    reach_back: u64,
    window: u64,
}

impl<P: FnMut(u64)> Runner<'_, P> {
    /// Writes the values of the next heaps to the file and counts them.
    fn record(&mut self, values: &[u32]) -> Result<()> {
        self.file.append(values)?;
        self.tally.add_all(values);
        Ok(())
    }

    /// Writes a checkpoint: the values written are flushed to disk first.
    fn save(&mut self) -> Result<()> {
        self.file.sync()?;
        DiskState {
            rule: self.file.rule().to_string(),
            count: self.file.count(),
            sum: self.file.sum(),
        }
        .write(self.state_path)?;
        self.saved = Instant::now();
        Ok(())
    }

    /// After a stretch: tells the progress, and writes a checkpoint when it is time.
    fn stretch_done(&mut self) -> Result<()> {
        (self.progress)(self.file.count());
        if self.saved.elapsed() >= self.every {
            self.save()?;
        }
        Ok(())
    }

    /// The error of a stop requested: written after a checkpoint.
    fn stopped(&mut self) -> Error {
        match self.save() {
            Ok(()) => super::sparse::limit_error(),
            Err(e) => e,
        }
    }

    /// Computes and writes the values up to `full` with `seq`, which holds those written.
    fn first_values(&mut self, seq: &mut Sequence, full: u64) -> Result<()> {
        // A new sequence holds G(0) already.
        let all = seq.values();
        let first: Vec<u32> = (self.file.count() as usize..all.len().min(full as usize))
            .map(|x| all.get(x))
            .collect();
        self.record(&first)?;
        while seq.len() < full {
            if crate::limits::check().is_err() {
                return Err(self.stopped());
            }
            let chunk = (seq.len() / 32).clamp(1 << 12, 1 << 20);
            let until = (seq.len() + chunk).min(full);
            let result = seq.extend_to(until);
            let all = seq.values();
            let values: Vec<u32> = (self.file.count() as usize..all.len())
                .map(|x| all.get(x))
                .collect();
            self.record(&values)?;
            if let Err(e) = result {
                if crate::limits::check().is_err() {
                    return Err(self.stopped());
                }
                return Err(e);
            }
            self.stretch_done()?;
        }
        Ok(())
    }

    /// Writes the values up to `target` by the period `p` proved in `seq`.
    fn by_period(&mut self, seq: &Sequence, p: &super::Periodicity, target: u64) -> Result<()> {
        let mut values = Vec::with_capacity(1 << 20);
        while self.file.count() < target {
            if crate::limits::check().is_err() {
                return Err(self.stopped());
            }
            let from = self.file.count();
            values.clear();
            for n in from..target.min(from + (1 << 20)) {
                let v = p
                    .extrapolate(seq, n)
                    .and_then(|v| u32::try_from(v).ok())
                    .ok_or_else(|| {
                        Error::Unsupported(format!("no value of heap {n} by the period"))
                    })?;
                values.push(v);
            }
            self.record(&values)?;
            self.stretch_done()?;
        }
        Ok(())
    }

    /// Computes and writes the values up to `target` in stretches of a quarter window,
    /// from the values of `seq` and those written past them.
    fn window(&mut self, mut w: Window<'_>, seq: Sequence, target: u64) -> Result<()> {
        // The algorithm takes in the values written past the sequence's; the tail is the
        // last of them.
        let mut n = self.file.count();
        w.off = n.saturating_sub(w.reach_back);
        let stretch = (w.window / 4).max(1 << 12);
        // The tail, at the width of the file (that of the largest value), with room for a
        // stretch.
        let room = (n - w.off + stretch) as usize;
        let width = self.file.width();
        w.tail = with_room(width, room);
        w.prefix = with_room(width, w.window as usize);
        let known = seq.len();
        let all = seq.values();
        (w.off as usize..all.len()).for_each(|x| w.tail.push(all.get(x)));
        (0..all.len().min(w.window as usize)).for_each(|x| w.prefix.push(all.get(x)));
        drop(seq);
        let mut at = known;
        let mut values = Vec::with_capacity(1 << 16);
        while at < n {
            let count = (n - at).min(1 << 16);
            values.clear();
            for x in at..at + count {
                values.push(self.file.get(x)?);
            }
            for (x, &v) in (at..).zip(&values) {
                w.sparse.take(v);
                if x >= w.off {
                    w.tail.push(v);
                }
                if x < w.window {
                    w.prefix.push(v);
                }
            }
            at += count;
        }
        if let Some(r) = w.sparse.last_rare().filter(|&r| r as u64 >= w.window) {
            return Err(beyond(&w, r as u64));
        }
        w.sparse.set_prefix(w.window as usize);
        while n < target {
            let end = target.min(n + stretch);
            let keep_from = n.saturating_sub(w.reach_back);
            w.tail.drop_first((keep_from - w.off) as usize);
            w.off = keep_from;
            same_width(&mut w.prefix, &mut w.tail);
            reserve(&mut w.tail, (end - n) as usize);
            let room = (w.window as usize).saturating_sub(w.prefix.len());
            reserve(&mut w.prefix, room);
            let stop = extend(&mut w.sparse, &w.prefix, &mut w.tail, w.off, end);
            let stored = w.off + w.tail.len() as u64;
            let values: Vec<u32> = (n..stored)
                .map(|x| w.tail.get((x - w.off) as usize))
                .collect();
            self.record(&values)?;
            w.fill_prefix(&values);
            n = stored;
            let next = match stop {
                Ok(()) => None,
                Err(Stop::Widen(v)) => Some(v),
                Err(Stop::Window(at)) if w.sparse.last_rare() == Some(at) => {
                    self.save()?;
                    return Err(beyond(&w, at as u64));
                }
                Err(Stop::Window(_)) => {
                    // A split beyond the window: the value is read from the file.
                    let v = self.value_beyond(&w, n)?;
                    w.sparse.take(v);
                    Some(v)
                }
                Err(Stop::Limit) => return Err(self.stopped()),
            };
            if let Some(v) = next {
                widen_to(&mut w.tail, usize::from(width_of(v)));
                w.tail.push(v);
                same_width(&mut w.prefix, &mut w.tail);
                self.record(&[v])?;
                w.fill_prefix(&[v]);
                n += 1;
            }
            self.stretch_done()?;
        }
        Ok(())
    }

    /// G(n), when it needs a split beyond the window: from the prefix, the tail and the
    /// file.
    fn value_beyond(&mut self, w: &Window<'_>, n: u64) -> Result<u32> {
        let mask = w.sparse.mask();
        let rare: Vec<(u64, u32)> = (1..w.prefix.len().min(n as usize))
            .map(|x| (x as u64, w.prefix.get(x)))
            .filter(|&(_, v)| is_rare(v, mask))
            .collect();
        let file = &mut self.file;
        let (prefix, tail, off) = (&w.prefix, &w.tail, w.off);
        let read = |x: u64, len: usize, out: &mut Vec<u32>| -> Result<()> {
            for y in x..x + len as u64 {
                out.push(if y >= off {
                    tail.get((y - off) as usize)
                } else if (y as usize) < prefix.len() {
                    prefix.get(y as usize)
                } else {
                    file.get(y)?
                });
            }
            Ok(())
        };
        let mut below = Below {
            code: w.code,
            unequal: w.unequal,
            mask,
            rare: &rare,
            max_value: w.sparse.max_value(),
            read,
        };
        one_heap::value(&mut below, n)
    }

    /// Completes the file and removes the checkpoint.
    fn finish(self, report: SequenceReport) -> Result<SequenceReport> {
        self.file.finish()?;
        match std::fs::remove_file(self.state_path) {
            Ok(()) => sync_folder(self.state_path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(super::cannot_write(self.state_path, &e)),
        }
        Ok(report)
    }
}

impl Window<'_> {
    /// Adds the values of the next heaps to the prefix, while it is shorter than the
    /// window (they are in the prefix's width).
    fn fill_prefix(&mut self, values: &[u32]) {
        let room = (self.window as usize).saturating_sub(self.prefix.len());
        values.iter().take(room).for_each(|&v| self.prefix.push(v));
    }
}

/// No values yet, `width` bytes each, with room for `room` of them.
fn with_room(width: u8, room: usize) -> Values {
    match width {
        1 => Values::U8(Vec::with_capacity(room)),
        2 => Values::U16(Vec::with_capacity(room)),
        _ => Values::U32(Vec::with_capacity(room)),
    }
}

/// Stores `v` in at least `width` bytes a value, converting them one by one.
fn widen_to(v: &mut Values, width: usize) {
    if v.bytes_per_value() >= width {
        return;
    }
    *v = if width == 2 {
        Values::U16(v.iter().map(|x| x as u16).collect())
    } else {
        Values::U32(v.iter().collect())
    };
}

/// Stores `a` and `b` in the wider of their widths.
fn same_width(a: &mut Values, b: &mut Values) {
    let width = a.bytes_per_value().max(b.bytes_per_value());
    widen_to(a, width);
    widen_to(b, width);
}

/// Makes room in `v` for `n` more values, exactly.
fn reserve(v: &mut Values, n: usize) {
    match v {
        Values::U8(v) => v.reserve_exact(n),
        Values::U16(v) => v.reserve_exact(n),
        Values::U32(v) => v.reserve_exact(n),
    }
}

/// The error for a heap beyond the window with a rare value.
fn beyond(w: &Window<'_>, n: u64) -> Error {
    Error::limit(
        format!(
            "the value of heap {n} with a window of {} heaps",
            w.window
        ),
        "rare heaps within the window (this one is rare and beyond it): give a larger window, or more memory",
    )
}

/// The error for a rule that on-disk runs do not compute.
fn not_on_disk(rule: &Rule) -> Error {
    Error::Unsupported(format!(
        "an on-disk run computes take-and-break codes whose moves leave at most two heaps and \
         take a bounded number of counters; {} is not one",
        rule.label()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::write_binary;

    /// The file the whole table of `rule` writes, to `len` values.
    fn whole(rule: &Rule, len: u64) -> (Vec<u8>, Vec<u32>) {
        let mut s = Sequence::new(rule.clone());
        s.extend_to(len).unwrap();
        let mut bytes = Vec::new();
        write_binary(&mut bytes, &rule.to_string(), s.values()).unwrap();
        (bytes, s.values().iter().collect())
    }

    fn run(rule: &Rule, target: u64, window: u64, file: &Path) -> Result<SequenceReport> {
        OnDisk {
            target,
            window,
            file,
            every: Duration::from_secs(3600),
        }
        .run(rule, |_| {})
    }

    #[test]
    fn short_runs_write_the_whole_tables_file() {
        let file = std::env::temp_dir().join(format!("nimlab-short-{}", std::process::id()));
        let rule = Rule::parse("grundy").unwrap();
        for target in [1, 2, 3, 100, 5000] {
            run(&rule, target, MIN_WINDOW, &file).unwrap();
            assert_eq!(
                std::fs::read(&file).unwrap(),
                whole(&rule, target).0,
                "{target}"
            );
        }
        std::fs::remove_file(&file).unwrap();
    }

    #[test]
    fn a_finished_run_asked_again_reads_its_file_and_reports_the_same() {
        // 0.16 (no period) with a window of 2^14, and Dawson's Kayles 0.07, whose period
        // (34 from 53) is proved within the first values: the report read back from the
        // file is the run's, period included, and the file is not written again.
        let file = std::env::temp_dir().join(format!("nimlab-again-{}", std::process::id()));
        for (text, target) in [("0.16", 60_000), ("0.07", 100_000)] {
            let rule = Rule::parse(text).unwrap();
            let first = run(&rule, target, 1 << 14, &file).unwrap();
            let written = std::fs::metadata(&file).unwrap().modified().unwrap();
            let again = run(&rule, target, 1 << 14, &file).unwrap();
            assert_eq!(again.to_string(), first.to_string(), "{text}");
            assert_eq!(
                format!("{:?}", (again.period, again.preperiod, again.proved)),
                format!("{:?}", (first.period, first.preperiod, first.proved))
            );
            assert_eq!(
                std::fs::metadata(&file).unwrap().modified().unwrap(),
                written
            );
            assert_eq!(
                std::fs::read(&file).unwrap(),
                whole(&rule, target).0,
                "{text}"
            );
            // Asked for fewer values, or another rule's, the run computes them afresh.
            let shorter = run(&rule, target - 1, 1 << 14, &file).unwrap();
            assert_eq!(shorter.to, target - 2);
            assert_eq!(std::fs::read(&file).unwrap(), whole(&rule, target - 1).0);
        }
        assert_eq!(
            run(&Rule::parse("0.07").unwrap(), 99_999, 1 << 14, &file)
                .unwrap()
                .period,
            Some(34)
        );
        // A byte of a value changed: the checksum refuses the file, naming it.
        let mut bytes = std::fs::read(&file).unwrap();
        let at = bytes.len() / 2;
        bytes[at] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        let e = run(&Rule::parse("0.07").unwrap(), 99_999, 1 << 14, &file)
            .unwrap_err()
            .to_string();
        assert!(e.contains("corrupt") && e.contains("nimlab-again"), "{e}");
        // And is kept as it was, as is one cut short: neither is written over.
        assert_eq!(std::fs::read(&file).unwrap(), bytes);
        std::fs::write(&file, &bytes[..bytes.len() - 3]).unwrap();
        let e = run(&Rule::parse("0.07").unwrap(), 99_999, 1 << 14, &file)
            .unwrap_err()
            .to_string();
        assert!(e.contains("corrupt") && e.contains("is kept"), "{e}");
        assert_eq!(std::fs::read(&file).unwrap(), bytes[..bytes.len() - 3]);
        std::fs::remove_file(&file).unwrap();
    }

    #[test]
    fn a_run_resumed_from_any_checkpoint_writes_the_same_file() {
        // 0.16 to 60,000 with a window of 2^14: the first values end at 16,386, the value
        // of heap 55,290 needs a split beyond the window.
        let file = std::env::temp_dir().join(format!("nimlab-resume-{}", std::process::id()));
        let rule = Rule::parse("0.16").unwrap();
        let (bytes, values) = whole(&rule, 60_000);
        let first = run(&rule, 60_000, 1 << 14, &file).unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), bytes);
        for count in [
            0, 1, 4000, 16_386, 16_387, 30_000, 55_290, 55_291, 59_999, 60_000,
        ] {
            // A checkpoint of `count` values, and a file that holds more (as a run killed
            // after its checkpoint leaves it).
            let mut sum = crc32fast::Hasher::new();
            for v in &values[..count] {
                sum.update(&v.to_le_bytes());
            }
            let state = DiskState {
                rule: rule.to_string(),
                count: count as u64,
                sum: sum.finalize(),
            };
            state.write(&resume_file(&file)).unwrap();
            let report = run(&rule, 60_000, 1 << 14, &file).unwrap();
            assert_eq!(std::fs::read(&file).unwrap(), bytes, "from {count}");
            assert_eq!(report.to_string(), first.to_string(), "from {count}");
            assert!(!resume_file(&file).exists());
        }
        // A checkpoint of more values than asked for is refused, and kept.
        let state = DiskState {
            rule: rule.to_string(),
            count: 60_000,
            sum: 0,
        };
        state.write(&resume_file(&file)).unwrap();
        let e = run(&rule, 50_000, 1 << 14, &file).unwrap_err().to_string();
        assert!(e.contains("more than the 50000 asked for"), "{e}");
        assert!(resume_file(&file).exists());
        std::fs::remove_file(resume_file(&file)).unwrap();
        std::fs::remove_file(&file).unwrap();
    }
}
