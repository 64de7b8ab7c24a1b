//! A run of a sequence to a number of heaps, as every front end makes it: in chunks, so
//! that progress can be shown and a stop requested; with the values kept in a checkpoint
//! that a later run resumes from; and, when asked, until a period is proved.

use super::checkpoint::{read_checkpoint, write_checkpoint};
use super::{Periodicity, Rule, Sequence, Values, MAX_WORK};
use crate::limits::clock::Instant;
use crate::{Error, Further, LimitError, Result};
use std::path::Path;
use std::time::Duration;

/// How a sequence is extended: to how many values, whether to stop at a proved period,
/// whether past the work limit, and where its values are kept meanwhile.
///
/// ```
/// use nimlab::heap::{Rule, Run, RunEnd, Sequence};
/// let mut kayles = Sequence::new(Rule::parse("kayles").unwrap());
/// // Up to 2^20 heaps, but Kayles' period (12, from heap 71) is proved long before.
/// let run = Run { prove: true, ..Run::to(1 << 20) };
/// let mut seen = 0;
/// assert_eq!(run.extend(&mut kayles, |n| seen = n).unwrap(), RunEnd::Proved);
/// assert!(kayles.len() < 1 << 12 && seen == kayles.len());
/// ```
#[derive(Debug, Clone)]
pub struct Run<'a> {
    /// How many values are wanted: the heaps 0 to `target - 1`.
    pub target: u64,
    /// Stop as soon as a period is proved: the values are examined each time their
    /// number doubles, and extended to the length a proof needs once a period appears.
    pub prove: bool,
    /// Go past the engine's work limit ([`MAX_WORK`]); an error of the engine then ends
    /// the run with the values computed ([`RunEnd::Halted`]) instead of failing it.
    pub unbounded: bool,
    /// A file that keeps the values computed, written atomically every [`Run::every`],
    /// at the end and when the run is stopped.
    pub checkpoint: Option<&'a Path>,
    /// The time between checkpoints.
    pub every: Duration,
}

/// How a run ended, when it did not fail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunEnd {
    /// Every value asked for is computed.
    Reached,
    /// A period was proved (with [`Run::prove`]) before the target.
    Proved,
    /// An unbounded run ([`Run::unbounded`]) that the engine could not take further,
    /// with the engine's error; the values before it are exact.
    Halted(Error),
}

/// A sequence read from a checkpoint for a run to some target.
#[derive(Debug)]
pub struct Resumed {
    /// The sequence, cut to the target when the checkpoint held more.
    pub sequence: Sequence,
    /// How many values the checkpoint held.
    pub held: u64,
}

impl<'a> Run<'a> {
    /// A run to `target` values, with no proof, within the work limit, no checkpoint,
    /// checkpoints every minute once one is given.
    pub fn to(target: u64) -> Run<'a> {
        Run {
            target,
            prove: false,
            unbounded: false,
            checkpoint: None,
            every: Duration::from_secs(60),
        }
    }

    /// Extends `seq` to the target (or to a proved period), telling `progress` the
    /// number of values after each chunk.
    ///
    /// # Errors
    /// The engine's error (a value or a run beyond its limits, before anything is
    /// computed when the whole run is beyond the work limit), unless the run is
    /// unbounded; [`Error::Interrupted`], [`Error::TimeLimit`] or [`Error::MemoryLimit`]
    /// when a stop is requested ([`crate::limits`]), after the values computed are
    /// written to the checkpoint; an error writing the checkpoint.
    pub fn extend(&self, seq: &mut Sequence, mut progress: impl FnMut(u64)) -> Result<RunEnd> {
        let target = self.target;
        if seq.work(target) > MAX_WORK && !self.unbounded {
            // The engine's own error, before anything is computed.
            seq.extend_to(target)?;
        }
        let mut saved = Instant::now();
        let mut next_check = seq.len().max(256);
        let mut end = RunEnd::Reached;
        while seq.len() < target {
            if let Err(stopped) = crate::limits::check() {
                // Ctrl-C or a limit: keep what was computed.
                if let Some(path) = self.checkpoint {
                    write_checkpoint(path, seq)?;
                }
                return Err(stopped);
            }
            if self.prove && seq.len() >= next_check {
                next_check = 2 * seq.len();
                match Periodicity::find(seq) {
                    Some(p) if p.proved => {
                        end = RunEnd::Proved;
                        break;
                    }
                    // An apparent period: the values its proof needs, if fewer.
                    Some(Periodicity {
                        needed: Some(b), ..
                    }) if b > seq.len() => next_check = next_check.min(b),
                    _ => {}
                }
            }
            // Each call of the sparse-space algorithm lays out the values so far backwards
            // once (for its scan), so a chunk is an eighth of the values at least, up to
            // 2^22 (progress and checkpoints every few seconds).
            let chunk = (seq.len() / 8).clamp(1 << 12, 1 << 22);
            let until =
                (seq.len() + chunk)
                    .min(target)
                    .min(if self.prove { next_check } else { u64::MAX });
            if let Err(e) = seq.extend_to(until) {
                if crate::limits::check().is_err() {
                    // Stopped inside the computation: the top of the loop keeps the
                    // values computed and says why.
                    continue;
                }
                if !self.unbounded {
                    return Err(e);
                }
                end = RunEnd::Halted(e);
                break;
            }
            progress(seq.len());
            if let Some(path) = self.checkpoint {
                if saved.elapsed() >= self.every {
                    write_checkpoint(path, seq)?;
                    saved = Instant::now();
                }
            }
        }
        if let Some(path) = self.checkpoint {
            write_checkpoint(path, seq)?;
        }
        Ok(end)
    }

    /// The sequence of `rule` to start this run from: read from the checkpoint when its
    /// file exists (and cut to the target when it holds more), else empty.
    ///
    /// # Errors
    /// A checkpoint that cannot be read or is of another rule (see
    /// [`super::read_checkpoint`]).
    pub fn start(&self, rule: Rule) -> Result<(Sequence, Option<u64>)> {
        match self.checkpoint {
            Some(path) if path.exists() => {
                let r = resume(path, &rule, self.target)?;
                Ok((r.sequence, Some(r.held)))
            }
            _ => Ok((Sequence::new(rule), None)),
        }
    }

    /// Refuses a run whose table of values would take more than `limit` bytes.
    ///
    /// ```
    /// use nimlab::heap::{Rule, Run, Sequence};
    /// let seq = Sequence::new(Rule::parse("0.77").unwrap());
    /// assert!(Run::to(1 << 20).check_memory(&seq, 1 << 30).is_ok());
    /// let e = Run::to(1 << 30).check_memory(&seq, 1 << 20).unwrap_err().to_string();
    /// assert!(e.contains("1 MiB"), "{e}");
    /// ```
    ///
    /// # Errors
    /// A [`LimitError`] naming the memory needed and the memory available, and
    /// [`Further::Window`] as the way past it.
    pub fn check_memory(&self, seq: &Sequence, limit: u64) -> Result<()> {
        let needs = seq.table_bytes(self.target);
        if needs <= limit {
            return Ok(());
        }
        Err(Error::Limit(LimitError {
            what: format!(
                "the values of {} for heaps 0 to {} (about {} MiB in memory)",
                seq.rule().label(),
                self.target.saturating_sub(1),
                needs >> 20
            ),
            limit: format!("the memory available, {} MiB", limit >> 20),
            further: Some(Further::Window),
        }))
    }
}

/// Reads the checkpoint `path` of `rule` for a run to `target` values: every value it
/// holds, or the first `target` of them when it holds more (the file is not changed).
///
/// # Errors
/// As [`super::read_checkpoint`].
pub fn resume(path: &Path, rule: &Rule, target: u64) -> Result<Resumed> {
    let seq = read_checkpoint(path, rule)?;
    let held = seq.len();
    if held <= target {
        return Ok(Resumed {
            sequence: seq,
            held,
        });
    }
    let mut head = Values::default();
    seq.values()
        .iter()
        .take(usize::try_from(target).unwrap_or(usize::MAX))
        .for_each(|v| head.push(v));
    Ok(Resumed {
        sequence: Sequence::from_values(seq.rule().clone(), head)?,
        held,
    })
}
