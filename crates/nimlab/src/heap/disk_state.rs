//! The checkpoint of an on-disk run: how many of the values in its file are durable, and
//! their checksum.
//!
//! The values themselves are in the run's file; everything else the run needs (the first
//! values and the last ones in memory, the rare heaps, the report's counts) follows from
//! them. The checkpoint is a few lines of text, the last one the CRC-32 of the others,
//! written through an [`super::AtomicFile`] after the values it counts are flushed to
//! disk: a run killed at any moment leaves a checkpoint that counts values the file holds.

use super::files::{cannot_write, AtomicFile};
use crate::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The first line of a checkpoint.
const TITLE: &str = "nimlab on-disk run";

/// What an on-disk run records to resume from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct DiskState {
    /// The rule, as written in the file of values.
    pub rule: String,
    /// How many values of the file are durable.
    pub count: u64,
    /// Their CRC-32, each value as four little-endian bytes.
    pub sum: u32,
}

/// The checkpoint of the on-disk run whose values go to `file`: the file's name with
/// `.resume` added, beside it.
///
/// ```
/// use nimlab::heap::resume_file;
/// use std::path::Path;
/// assert_eq!(resume_file(Path::new("runs/grundy.bin")), Path::new("runs/grundy.bin.resume"));
/// ```
pub fn resume_file(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".resume");
    PathBuf::from(name)
}

impl DiskState {
    /// The text of the checkpoint.
    fn text(&self) -> String {
        let body = format!(
            "{TITLE}\nrule {}\nvalues {}\nsum {:08x}\n",
            self.rule, self.count, self.sum
        );
        let check = crc32fast::hash(body.as_bytes());
        format!("{body}check {check:08x}\n")
    }

    /// Writes the checkpoint to `path` atomically.
    pub(super) fn write(&self, path: &Path) -> Result<()> {
        let mut file = AtomicFile::create(path)?;
        file.write_all(self.text().as_bytes())
            .map_err(|e| cannot_write(path, &e))?;
        file.commit()
    }

    /// Reads the checkpoint at `path`, if there is one.
    ///
    /// # Errors
    /// [`Error::Unsupported`] naming the file when it cannot be read, or is not a
    /// checkpoint of an on-disk run, or is damaged.
    pub(super) fn read(path: &Path) -> Result<Option<DiskState>> {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(Error::Unsupported(format!(
                    "cannot read `{}`: {e}",
                    path.display()
                )))
            }
        };
        let corrupt =
            |what: &str| Error::Unsupported(format!("`{}` is corrupt: {what}", path.display()));
        let text = std::str::from_utf8(&bytes).map_err(|_| {
            Error::Unsupported(format!(
                "`{}` is not the checkpoint of an on-disk run (it is not text)",
                path.display()
            ))
        })?;
        if !text.starts_with(TITLE) {
            return Err(Error::Unsupported(format!(
                "`{}` is not the checkpoint of an on-disk run (it does not begin with `{TITLE}`)",
                path.display()
            )));
        }
        let Some(at) = text.rfind("check ") else {
            return Err(corrupt("it has no check line (cut short)"));
        };
        let (body, check) = text.split_at(at);
        let check = check
            .strip_prefix("check ")
            .and_then(|c| c.strip_suffix('\n'))
            .and_then(|c| u32::from_str_radix(c, 16).ok())
            .ok_or_else(|| corrupt("its check line is not a checksum"))?;
        if check != crc32fast::hash(body.as_bytes()) {
            return Err(corrupt(
                "its checksum does not match its contents (a byte was changed)",
            ));
        }
        let field = |key: &str| {
            body.lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix(' '))
                .ok_or_else(|| corrupt(&format!("it has no `{key}` line")))
        };
        let rule = field("rule")?.to_string();
        let count = field("values")?
            .parse()
            .map_err(|_| corrupt("its count of values is not a number"))?;
        let sum = u32::from_str_radix(field("sum")?, 16)
            .map_err(|_| corrupt("its sum is not a checksum"))?;
        Ok(Some(DiskState { rule, count, sum }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_reads_back_and_any_change_is_caught() {
        let path = std::env::temp_dir().join(format!("nimlab-state-{}", std::process::id()));
        assert_eq!(DiskState::read(&path).unwrap(), None);
        let state = DiskState {
            rule: "grundy".into(),
            count: 1 << 20,
            sum: 0xdead_beef,
        };
        state.write(&path).unwrap();
        assert_eq!(DiskState::read(&path).unwrap(), Some(state.clone()));
        let good = std::fs::read(&path).unwrap();
        for at in 0..good.len() {
            let mut bad = good.clone();
            bad[at] ^= 0x04;
            std::fs::write(&path, &bad).unwrap();
            assert!(DiskState::read(&path).is_err(), "byte {at}");
        }
        for cut in [0, 10, good.len() - 1] {
            std::fs::write(&path, &good[..cut]).unwrap();
            let e = DiskState::read(&path).unwrap_err().to_string();
            assert!(e.contains(&path.display().to_string()), "{e}");
        }
        std::fs::write(&path, [0xFFu8, 0xFE]).unwrap();
        assert!(DiskState::read(&path)
            .unwrap_err()
            .to_string()
            .contains("not text"));
        std::fs::remove_file(&path).unwrap();
    }
}
