//! Checkpoints of misère quotient runs: the quotient of the heaps done (the generators'
//! tables, P, the pretending function), the heaps where the presentation changed and the
//! work done, in a text file with a CRC-32 checksum, written atomically.
//!
//! The solver goes on from the quotient of the heaps done alone, so a run resumed from a
//! checkpoint gives exactly the quotient of an uninterrupted run. A checkpoint is read
//! with care: a damaged file (its checksum does not match), one of another rule or other
//! limits, or one whose quotient is not a monoid or is wrong about some sum of its heaps
//! (the solver's exact check is run on it) is refused with an error naming the file and
//! the problem.
//!
//! The format (version 1), one field a line, each `name: value`:
//!
//! ```text
//! nimlab misère quotient checkpoint, version 1
//! rule: 0.77
//! max-order: 4096
//! max-work: none
//! work: 1234
//! heaps: 4
//! order: 6
//! generators: 2
//! a: 1 0 4 5 2 3
//! b: 2 3 4 5 2 3
//! p: 010010
//! phi: 0 1 2 3 1
//! changes: 1 2
//! crc32: 1a2b3c4d
//! ```
//!
//! (`a`, `b`, … give `x·g` for each element x, element 0 the identity; `p` marks the
//! elements in P; the checksum covers every line before its own.)

use super::monoid::{letter, Monoid};
use super::run::{bounds, QuotientRun, MAX_QUOTIENT_HEAP};
use super::solver::{Pretension, Solver};
use crate::heap::{cannot_write, AtomicFile, Rule};
use crate::{Error, Result};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

/// The first line of a checkpoint.
const HEADER: &str = "nimlab misère quotient checkpoint, version 1";

impl QuotientRun {
    /// The run as the text of a checkpoint file.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::QuotientRun;
    /// let nim = Rule::parse("subtraction:1,2,3").unwrap();
    /// let mut run = QuotientRun::new(&nim, 4096).unwrap();
    /// run.run_to(3, |_| {}).unwrap();
    /// let text = run.to_checkpoint();
    /// assert!(text.contains("\norder: 6\n"));
    /// let back = QuotientRun::from_checkpoint(&text, "the text", &nim, 4096, None).unwrap();
    /// assert_eq!(back.quotient().pretending, run.quotient().pretending);
    /// ```
    pub fn to_checkpoint(&self) -> String {
        let pre = &self.solver.pre;
        let list = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>().join(" ");
        let mut s = String::new();
        let _ = writeln!(s, "{HEADER}");
        let _ = writeln!(s, "rule: {}", self.rule());
        let _ = writeln!(s, "max-order: {}", self.max_order());
        let _ = writeln!(
            s,
            "max-work: {}",
            self.max_work().map_or("none".into(), |w| w.to_string())
        );
        let _ = writeln!(s, "work: {}", self.work());
        let _ = writeln!(s, "heaps: {}", self.heaps());
        let _ = writeln!(s, "order: {}", pre.monoid.order());
        let _ = writeln!(s, "generators: {}", pre.monoid.generators());
        for g in 0..pre.monoid.generators() {
            let row = list(&mut pre.monoid.action(g).iter().map(|x| x.to_string()));
            let _ = writeln!(s, "{}: {row}", letter(g));
        }
        let p: String = pre.p.iter().map(|&b| if b { '1' } else { '0' }).collect();
        let _ = writeln!(s, "p: {p}");
        let _ = writeln!(
            s,
            "phi: {}",
            list(&mut pre.phi.iter().map(|x| x.to_string()))
        );
        let _ = writeln!(
            s,
            "changes: {}",
            list(&mut self.solver.changes.iter().map(|x| x.to_string()))
        );
        let crc = crc32fast::hash(s.as_bytes());
        let _ = writeln!(s, "crc32: {crc:08x}");
        s
    }

    /// Writes the run's checkpoint to `path` atomically (a temporary file renamed over
    /// it), so that a run killed at any moment leaves the previous checkpoint or this one.
    ///
    /// # Errors
    /// [`Error::Unsupported`] naming the file when it cannot be written.
    pub fn write_checkpoint(&self, path: &Path) -> Result<()> {
        let mut file = AtomicFile::create(path)?;
        file.write_all(self.to_checkpoint().as_bytes())
            .map_err(|e| cannot_write(path, &e))?;
        file.commit()
    }

    /// The run kept in the checkpoint at `path`, `None` when there is no such file.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::QuotientRun;
    /// let path = std::env::temp_dir().join(format!("nimlab-doc-quotient-{}", std::process::id()));
    /// let kayles = Rule::parse("0.77").unwrap();
    /// let mut run = QuotientRun::new(&kayles, 4096).unwrap();
    /// run.run_to(8, |_| {}).unwrap();
    /// run.write_checkpoint(&path).unwrap();
    /// let mut resumed = QuotientRun::resume(&path, &kayles, 4096, None).unwrap().unwrap();
    /// assert_eq!(resumed.heaps(), 8);
    /// resumed.run_to(12, |_| {}).unwrap();
    /// run.run_to(12, |_| {}).unwrap();
    /// assert_eq!(resumed.quotient().pretending, run.quotient().pretending);
    /// // Another rule's checkpoint is refused.
    /// let err = QuotientRun::resume(&path, &Rule::parse("0.07").unwrap(), 4096, None).unwrap_err();
    /// assert!(err.to_string().contains("of `0.77`, not of `0.07`"), "{err}");
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    ///
    /// # Errors
    /// As [`QuotientRun::from_checkpoint`], and when the file cannot be read.
    pub fn resume(
        path: &Path,
        rule: &Rule,
        max_order: usize,
        max_work: Option<u64>,
    ) -> Result<Option<QuotientRun>> {
        let name = format!("the checkpoint `{}`", path.display());
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::Unsupported(format!("cannot read {name}: {e}"))),
        };
        let text = String::from_utf8(bytes).map_err(|_| {
            Error::Unsupported(format!(
                "{name} is not a checkpoint of a misère quotient (it is not text)"
            ))
        })?;
        QuotientRun::from_checkpoint(&text, &name, rule, max_order, max_work).map(Some)
    }

    /// The run kept in the checkpoint text `text` (called `name` in errors), for `rule`
    /// with the limits given.
    ///
    /// # Errors
    /// [`Error::Unsupported`] naming the checkpoint and the problem: not a checkpoint,
    /// a line missing or unreadable (its number is given), a checksum that does not
    /// match, another rule or other limits, tables that are not those of a monoid,
    /// elements out of range, or a quotient that is wrong about some sum of its heaps.
    pub fn from_checkpoint(
        text: &str,
        name: &str,
        rule: &Rule,
        max_order: usize,
        max_work: Option<u64>,
    ) -> Result<QuotientRun> {
        let bad = |why: String| Error::Unsupported(format!("{name}: {why}"));
        let lines: Vec<&str> = text.lines().collect();
        if lines.first() != Some(&HEADER) {
            return Err(bad(format!(
                "it is not a checkpoint of a misère quotient (its first line is not `{HEADER}`)"
            )));
        }
        // The checksum first: nothing else is trusted before it.
        let Some(crc_at) = lines.iter().position(|l| l.starts_with("crc32: ")) else {
            return Err(bad("it has no checksum line (cut short?)".into()));
        };
        let body_len: usize = lines[..crc_at].iter().map(|l| l.len() + 1).sum();
        let stated =
            u32::from_str_radix(lines[crc_at]["crc32: ".len()..].trim(), 16).map_err(|_| {
                bad(format!(
                    "line {}: the checksum is not hexadecimal",
                    crc_at + 1
                ))
            })?;
        let body = text.get(..body_len).unwrap_or(text);
        if text.contains('\r') || crc32fast::hash(body.as_bytes()) != stated {
            return Err(bad(
                "its checksum does not match its contents (the file was changed or damaged)".into(),
            ));
        }
        if lines.len() > crc_at + 1 {
            return Err(bad("it goes on after its checksum".into()));
        }
        let mut reader = Fields {
            lines: &lines[..crc_at],
            at: 1,
            bad: &bad,
        };
        let stored_rule = reader.field("rule")?;
        if stored_rule != rule.to_string() {
            return Err(bad(format!(
                "it holds the misère quotient of `{stored_rule}`, not of `{rule}`; give another file or the same rule"
            )));
        }
        let stored_order: usize = reader.number("max-order")?;
        let stored_work = match reader.field("max-work")? {
            "none" => None,
            _ => Some(reader.number_at(reader.at - 1, "max-work")?),
        };
        if stored_order != max_order || stored_work != max_work {
            let work = |w: Option<u64>| {
                w.map_or("no work limit".into(), |w| format!("a work limit of {w}"))
            };
            return Err(bad(format!(
                "it was made with an order limit of {stored_order} and {}, this run has {max_order} and {}; run with the same limits (--max-order {stored_order}) or give another file",
                work(stored_work),
                work(max_work)
            )));
        }
        let work: u64 = reader.number("work")?;
        let heaps: u64 = reader.number("heaps")?;
        if heaps > MAX_QUOTIENT_HEAP {
            return Err(bad(format!(
                "it covers heaps up to {heaps}, beyond the {MAX_QUOTIENT_HEAP} a quotient is computed to"
            )));
        }
        let order: usize = reader.number("order")?;
        if order == 0 || order > max_order {
            return Err(bad(format!(
                "its quotient has order {order}, not between 1 and the order limit {max_order}"
            )));
        }
        let generators: usize = reader.number("generators")?;
        if generators > order {
            return Err(bad(format!(
                "it has {generators} generators, more than the {order} elements"
            )));
        }
        let mut actions = Vec::with_capacity(generators);
        for g in 0..generators {
            let row: Vec<u32> = reader.numbers(&letter(g), order)?;
            if row.len() != order {
                return Err(bad(format!(
                    "line {}: generator {} has {} entries, not {order}",
                    reader.at,
                    letter(g),
                    row.len()
                )));
            }
            actions.push(row);
        }
        let monoid = Monoid::new(order, actions).map_err(|e| bad(e.to_string()))?;
        let p_text = reader.field("p")?;
        if p_text.len() != order || p_text.bytes().any(|b| b != b'0' && b != b'1') {
            return Err(bad(format!(
                "line {}: P should be {order} digits 0 or 1",
                reader.at
            )));
        }
        let p: Vec<bool> = p_text.bytes().map(|b| b == b'1').collect();
        let phi: Vec<u32> = reader.numbers("phi", order)?;
        if phi.len() as u64 != heaps + 1 || phi[0] != 0 {
            return Err(bad(format!(
                "line {}: the pretending function should give the {} heaps 0 to {heaps}, heap 0 the identity",
                reader.at,
                heaps + 1
            )));
        }
        let changes: Vec<u64> = reader.numbers("changes", usize::MAX)?;
        if changes.windows(2).any(|w| w[0] >= w[1]) || changes.iter().any(|&c| c > heaps || c == 0)
        {
            return Err(bad(format!(
                "line {}: the heaps of the changes should increase, between 1 and {heaps}",
                reader.at
            )));
        }
        if reader.at < reader.lines.len() {
            return Err(bad(format!(
                "line {}: `{}` is not expected after the changes",
                reader.at + 1,
                reader.lines[reader.at]
            )));
        }
        let pre = Pretension::new(monoid, p, phi);
        let solver = Solver::resume(rule.clone(), bounds(max_order, max_work), pre, changes, work)?
            .ok_or_else(|| {
                bad("its quotient is wrong about some sum of its heaps (not a checkpoint of this rule's run)".into())
            })?;
        let mut run = QuotientRun::with_budget(rule, max_order, max_work)?;
        run.solver = solver;
        Ok(run)
    }
}

/// The fields of a checkpoint, read in order.
struct Fields<'a, F: Fn(String) -> Error> {
    lines: &'a [&'a str],
    /// The number of lines read (the next line's index).
    at: usize,
    bad: &'a F,
}

impl<'a, F: Fn(String) -> Error> Fields<'a, F> {
    /// The value of the next line, which must be the field `key`.
    fn field(&mut self, key: &str) -> Result<&'a str> {
        let Some(line) = self.lines.get(self.at) else {
            return Err((self.bad)(format!("the field `{key}` is missing")));
        };
        self.at += 1;
        match line.strip_prefix(key).and_then(|r| r.strip_prefix(':')) {
            Some(value) => Ok(value.trim()),
            None => Err((self.bad)(format!(
                "line {}: expected the field `{key}`, found `{}`",
                self.at,
                line.chars().take(40).collect::<String>()
            ))),
        }
    }

    /// The number in line `index` (0-based) of field `key`.
    fn number_at<T: std::str::FromStr>(&self, index: usize, key: &str) -> Result<T> {
        let value = self.lines[index]
            .split_once(':')
            .map_or("", |(_, v)| v.trim());
        value.parse().map_err(|_| {
            (self.bad)(format!(
                "line {}: `{key}` should be a whole number, not `{}`",
                index + 1,
                value.chars().take(40).collect::<String>()
            ))
        })
    }

    /// The next line's field `key`, a whole number.
    fn number<T: std::str::FromStr>(&mut self, key: &str) -> Result<T> {
        self.field(key)?;
        self.number_at(self.at - 1, key)
    }

    /// The next line's field `key`, whole numbers below `below` separated by spaces.
    fn numbers<T: std::str::FromStr + Copy + Into<u64>>(
        &mut self,
        key: &str,
        below: usize,
    ) -> Result<Vec<T>> {
        let value = self.field(key)?;
        let at = self.at;
        value
            .split_whitespace()
            .map(|w| {
                let x: Option<T> = w.parse().ok();
                match x {
                    Some(x) if x.into() < below as u64 => Ok(x),
                    _ => Err((self.bad)(format!(
                        "line {at}: `{}` in `{key}` is not an element number (0 to {})",
                        w.chars().take(20).collect::<String>(),
                        below.saturating_sub(1)
                    ))),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::Quotient;
    use super::*;

    fn run_to(code: &str, n: u64) -> QuotientRun {
        let mut run = QuotientRun::new(&Rule::parse(code).unwrap(), 4096).unwrap();
        run.run_to(n, |_| {}).unwrap();
        run
    }

    /// Resumed at every heap, a run gives the quotients of the uninterrupted run: the
    /// same pretending function, P, presentation, changes and work.
    #[test]
    fn resuming_gives_the_uninterrupted_run() {
        for code in ["0.77", "0.07", "0.75", "0.137"] {
            let rule = Rule::parse(code).unwrap();
            let straight = run_to(code, 14);
            let mut run = QuotientRun::new(&rule, 4096).unwrap();
            for _ in 0..14 {
                let text = run.to_checkpoint();
                run = QuotientRun::from_checkpoint(&text, "t", &rule, 4096, None).unwrap();
                run.step().unwrap();
            }
            let (a, b) = (run.quotient(), straight.quotient());
            assert_eq!(
                (&a.pretending, &a.p_portion, &a.relations, &a.changes),
                (&b.pretending, &b.p_portion, &b.relations, &b.changes),
                "{code}"
            );
            assert_eq!(run.work(), straight.work(), "{code}");
            assert_eq!(run.to_checkpoint(), straight.to_checkpoint(), "{code}");
        }
    }

    /// A run stopped in the middle of a heap (as by Ctrl-C or a time limit) keeps the
    /// heaps done, and resumed from its checkpoint gives the checkpoint of a run never
    /// stopped, work included.
    #[test]
    fn a_run_stopped_within_a_heap_resumes_to_the_uninterrupted_run() {
        use crate::limits::{Reason, Stop};
        let rule = Rule::parse("0.07").unwrap();
        let straight = run_to("0.07", 20).to_checkpoint();
        for delay in [2, 10, 40, 160] {
            let stop = Stop::new();
            let stopper = stop.clone();
            let timer = std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(delay));
                stopper.request(Reason::Interrupted);
            });
            let mut run = QuotientRun::new(&rule, 4096).unwrap();
            let result = stop.scope(|| run.run_to(20, |_| {}));
            timer.join().unwrap();
            if let Err(e) = result {
                assert!(e.is_stopped(), "{e}");
            }
            let text = run.to_checkpoint();
            let mut resumed = QuotientRun::from_checkpoint(&text, "t", &rule, 4096, None).unwrap();
            resumed.run_to(20, |_| {}).unwrap();
            assert_eq!(
                resumed.to_checkpoint(),
                straight,
                "stopped after {delay} ms"
            );
        }
    }

    /// Kayles to heap 180, stopped and resumed at heap 90, is the uninterrupted run, and
    /// its pretending function has the period 12 of Sibert and Conway's solution of
    /// misère Kayles, proved. Some seconds, so run with `--release`.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow unoptimised: run with --release")]
    fn kayles_to_heap_180_resumed_at_heap_90() {
        let rule = Rule::parse("0.77").unwrap();
        let half = run_to("0.77", 90).to_checkpoint();
        let mut run = QuotientRun::from_checkpoint(&half, "t", &rule, 4096, None).unwrap();
        run.run_to(180, |_| {}).unwrap();
        let q = Quotient::compute(&rule, 180).unwrap();
        assert_eq!(run.quotient().pretending, q.pretending);
        assert_eq!(run.quotient().relations, q.relations);
        let p = q.periodicity.unwrap();
        assert!(p.proved && p.period == 12, "{p:?}");
    }

    /// Every damaged checkpoint is refused with a message, never a panic: each byte
    /// changed, each line dropped, the file cut anywhere.
    #[test]
    fn damaged_checkpoints_are_refused() {
        let rule = Rule::parse("0.77").unwrap();
        let text = run_to("0.77", 6).to_checkpoint();
        let read = |t: &str| QuotientRun::from_checkpoint(t, "the file", &rule, 4096, None);
        assert!(read(&text).is_ok());
        // (All but the last byte, the final newline, which the reader does not need.)
        for i in 0..text.len() - 1 {
            let mut bytes = text.clone().into_bytes();
            bytes[i] ^= 0x04;
            if let Ok(t) = String::from_utf8(bytes) {
                let err = read(&t).err().unwrap_or_else(|| panic!("byte {i} changed"));
                assert!(err.to_string().starts_with("the file: "), "{err}");
            }
            if text.is_char_boundary(i) {
                assert!(read(&text[..i]).is_err(), "cut at {i}");
            }
        }
        let lines: Vec<&str> = text.lines().collect();
        for i in 0..lines.len() {
            let mut l = lines.clone();
            l.remove(i);
            assert!(read(&(l.join("\n") + "\n")).is_err(), "line {i} dropped");
        }
        let err = read("hello\n").unwrap_err().to_string();
        assert!(
            err.contains("not a checkpoint of a misère quotient"),
            "{err}"
        );
    }

    /// Checkpoints with a valid checksum but contents no run makes are refused: the
    /// checksum is put right after each change, so the reader's other checks are met.
    #[test]
    fn forged_checkpoints_are_refused() {
        let rule = Rule::parse("0.77").unwrap();
        let text = run_to("0.77", 6).to_checkpoint();
        let body: Vec<&str> = text.lines().filter(|l| !l.starts_with("crc32")).collect();
        let forge = |from: &str, to: &str| {
            let mut s: String = body.iter().map(|l| format!("{l}\n")).collect();
            assert!(s.contains(from), "{from}");
            s = s.replacen(from, to, 1);
            let crc = crc32fast::hash(s.as_bytes());
            s + &format!("crc32: {crc:08x}\n")
        };
        let read = |t: &str| {
            QuotientRun::from_checkpoint(t, "f", &rule, 4096, None)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        let p_line = body.iter().find(|l| l.starts_with("p: ")).unwrap();
        let flipped: String = p_line
            .chars()
            .map(|c| match c {
                '0' => '1',
                '1' => '0',
                c => c,
            })
            .collect();
        for (from, to, says) in [
            ("rule: 0.77", "rule: 0.07", "not of `0.77`"),
            ("max-order: 4096", "max-order: 1024", "order limit of 1024"),
            ("heaps: 6", "heaps: 7", "pretending function"),
            ("heaps: 6", "heaps: 999999", "beyond"),
            ("order: 12", "order: 5000", "order 5000"),
            ("order: 12", "order: 0", "order 0"),
            ("generators: 3", "generators: 13", "generators"),
            (
                "generators: 3",
                "generators: 2",
                "not a product of generators",
            ),
            ("phi: 0 ", "phi: 70 ", "not an element number"),
            ("phi: 0 ", "phi: 7 ", "heap 0 the identity"),
            ("phi: 0 1", "phi: 0 0", "wrong about some sum"),
            (*p_line, flipped.as_str(), "wrong about some sum"),
            ("a: 1 ", "a: 99 ", "not an element number"),
            ("a: 1 ", "a: 9 ", "do not commute"),
            ("work: ", "work: x", "whole number"),
            ("changes: 1 2", "changes: 2 1", "increase"),
            ("changes: 1 2 5", "changes: 1 2 5 7", "increase"),
        ] {
            let err = read(&forge(from, to));
            assert!(err.contains(says), "{from} → {to}: {err}");
        }
    }
}
