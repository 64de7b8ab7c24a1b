//! Checkpoints of long sequence runs: the values computed so far, written atomically, and
//! read back to resume.
//!
//! A checkpoint is a file in the binary format of [`super::write_binary`], whose checksum
//! catches a damaged file. It is written through an [`AtomicFile`] (a temporary file
//! beside the target, flushed to disk, then renamed over it), so a run killed at any
//! moment leaves either the previous checkpoint or the new one, never a torn file; and it
//! never replaces a checkpoint that holds more values. The values determine the rest of
//! the computation, so a resumed run gives the same values as an uninterrupted one.

use super::binary::{read_file_named, write_binary};
use super::files::{cannot_write, values_in_file, AtomicFile};
use super::rule::Rule;
use super::sequence::Sequence;
use crate::{Error, Result};
use std::path::Path;

/// Writes the values of `seq` to `path` atomically, unless `path` already holds more.
///
/// ```
/// use nimlab::heap::{read_checkpoint, write_checkpoint, Rule, Sequence};
/// let dir = std::env::temp_dir().join(format!("nimlab-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("kayles.ckpt");
/// let mut s = Sequence::new(Rule::parse("kayles").unwrap());
/// s.extend_to(100).unwrap();
/// write_checkpoint(&path, &s).unwrap();
/// let back = read_checkpoint(&path, &Rule::parse("0.77").unwrap()).unwrap();
/// assert_eq!(back.values(), s.values());
/// assert!(read_checkpoint(&path, &Rule::parse("grundy").unwrap()).is_err());
/// // A shorter sequence does not replace it.
/// let mut short = Sequence::new(Rule::parse("kayles").unwrap());
/// short.extend_to(10).unwrap();
/// let err = write_checkpoint(&path, &short).unwrap_err().to_string();
/// assert!(err.contains("holds 100 values"), "{err}");
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
///
/// # Errors
/// [`Error::Unsupported`] naming the file: when it holds more values than `seq`, or on an
/// I/O error (the file is then left as it was).
pub fn write_checkpoint(path: &Path, seq: &Sequence) -> Result<()> {
    if let Some(held) = values_in_file(path)?.filter(|&n| n > seq.len()) {
        return Err(Error::Unsupported(format!(
            "the checkpoint `{}` holds {held} values (heaps 0 to {}), more than the {} of this run: it is kept as it is; give another file to start a new one",
            path.display(),
            held - 1,
            seq.len()
        )));
    }
    let mut file = AtomicFile::create(path)?;
    write_binary(&mut file, &seq.rule().to_string(), seq.values())
        .map_err(|e| cannot_write(path, &e))?;
    file.commit()
}

/// Reads a checkpoint of `rule` from `path` as a sequence to continue.
///
/// # Errors
/// [`Error::Unsupported`] naming the file when it cannot be read, is not a sequence file,
/// is corrupt (its checksum does not match), or holds the values of another rule.
pub fn read_checkpoint(path: &Path, rule: &Rule) -> Result<Sequence> {
    let name = format!("the checkpoint `{}`", path.display());
    let (text, values) = read_file_named(path, &name)?;
    if text != rule.to_string() {
        return Err(Error::Unsupported(format!(
            "{name} holds the values of `{text}`, not of `{rule}`; give another file or the same rule"
        )));
    }
    Sequence::from_values(rule.clone(), values).map_err(|e| match e {
        Error::Unsupported(why) => Error::Unsupported(format!("{name}: {why}")),
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::Values;

    /// A checkpoint file of `values` for the rule written `rule`, with a valid checksum.
    fn file(name: &str, rule: &str, values: &[u32]) -> std::path::PathBuf {
        let mut v = Values::default();
        values.iter().for_each(|&x| v.push(x));
        let path = std::env::temp_dir().join(format!("nimlab-{name}-{}", std::process::id()));
        write_binary(&mut std::fs::File::create(&path).unwrap(), rule, &v).unwrap();
        path
    }

    /// Found by fuzzing: a checkpoint of `0.77` holding G(1) = 2^31 (a crafted file, its
    /// checksum valid) shifted a 32-bit value by 32 when the values were taken in, and
    /// without overflow checks sized a bit set of 2^32 bits (half a GiB) before refusing
    /// them; values from 2^30 on took 256 MiB. No value exceeds the length of the
    /// longest play from its heap: a heap of 1 of Kayles has one move, so G(1) ≤ 1.
    #[test]
    fn a_checkpoint_holding_a_value_no_heap_can_have_is_refused_before_it_is_sized() {
        let mut big = vec![0, 1 << 31];
        big.extend([0; 9]);
        for (rule, values, n) in [
            ("0.77", big.clone(), 1),
            ("0.77", vec![0, 1, 2, 1 << 30, 1, 4], 3),
            ("0.77", vec![0, 1, 3], 2),
            ("4.3…", vec![0, 1, 2, u32::MAX], 3),
            ("4.0 with unequal splits", vec![0, 0, 0, 6], 3),
            ("subtraction:1,2", vec![0, 1, 2, 4], 3),
        ] {
            let path = file("ckpt-big", rule, &values);
            let start = std::time::Instant::now();
            let err = read_checkpoint(&path, &Rule::parse(rule).unwrap());
            std::fs::remove_file(&path).unwrap();
            let err = err.unwrap_err().to_string();
            let says = format!(
                "G({n}) is {}, more than any heap of {n} can have",
                values[n]
            );
            assert!(err.contains(&says), "{rule}: {err}");
            assert!(err.contains("the checkpoint `"), "{err}");
            assert!(
                start.elapsed().as_secs() < 2,
                "{rule}: {:?}",
                start.elapsed()
            );
        }
        // A value as large as a play allows is not refused for its size: a split without
        // taking makes plays longer than the heap (G(3) = 5 would need 5 moves from 3 in
        // 4.3…: split 1+2, split 1+1+1, then take the three ones; it is still wrong, 4.3…
        // being Lasker's Nim, where G(3) = 4).
        let path = file("ckpt-lasker", "4.3…", &[0, 1, 2, 5]);
        let err = read_checkpoint(&path, &Rule::parse("4.3…").unwrap());
        std::fs::remove_file(&path).unwrap();
        let err = err.unwrap_err().to_string();
        assert!(err.contains("G(3) is 4, not 5"), "{err}");
    }
}
