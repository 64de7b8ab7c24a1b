//! Checkpoints of long sequence runs: the values computed so far, written atomically, and
//! read back to resume.
//!
//! A checkpoint is a file in the binary format of [`super::write_binary`]. It is written to
//! a temporary file beside the target, flushed to disk (`fsync`), then renamed over the
//! target, so a run killed at any moment leaves either the previous checkpoint or the new
//! one, never a torn file. The values determine the rest of the computation, so a resumed
//! run gives the same values as an uninterrupted one.

use super::binary::{read_binary, write_binary};
use super::rule::Rule;
use super::sequence::Sequence;
use crate::{Error, Result};
use std::fs::{self, File};
use std::io::{BufReader, BufWriter, Write};
use std::path::Path;

/// Writes the values of `seq` to `path` atomically.
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
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
///
/// # Errors
/// The I/O error, as [`Error::Unsupported`] naming the file.
pub fn write_checkpoint(path: &Path, seq: &Sequence) -> Result<()> {
    let io = |e: std::io::Error| {
        Error::Unsupported(format!(
            "cannot write the checkpoint `{}`: {e}",
            path.display()
        ))
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = Path::new(&tmp);
    let file = File::create(tmp).map_err(io)?;
    let mut w = BufWriter::new(file);
    write_binary(&mut w, &seq.rule().to_string(), seq.values()).map_err(io)?;
    w.flush().map_err(io)?;
    let file = w.into_inner().map_err(|e| io(e.into_error()))?;
    file.sync_all().map_err(io)?;
    drop(file);
    fs::rename(tmp, path).map_err(io)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // Make the rename itself durable where the platform allows it.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// Reads a checkpoint of `rule` from `path` as a sequence to continue.
///
/// # Errors
/// [`Error::Unsupported`] when the file cannot be read, is not a sequence file, or holds
/// the values of another rule.
pub fn read_checkpoint(path: &Path, rule: &Rule) -> Result<Sequence> {
    let file = File::open(path).map_err(|e| {
        Error::Unsupported(format!(
            "cannot read the checkpoint `{}`: {e}",
            path.display()
        ))
    })?;
    let (text, values) = read_binary(&mut BufReader::new(file))
        .map_err(|e| Error::Unsupported(format!("the checkpoint `{}`: {e}", path.display())))?;
    if text != rule.to_string() {
        return Err(Error::Unsupported(format!(
            "the checkpoint `{}` holds the values of `{text}`, not of `{rule}`; give another file or the same rule",
            path.display()
        )));
    }
    Sequence::from_values(rule.clone(), values)
}
