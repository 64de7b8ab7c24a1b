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
