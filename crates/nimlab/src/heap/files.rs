//! Files of values: written atomically, and never replaced by fewer values.
//!
//! A long run's values are precious. [`AtomicFile`] writes a file through a temporary file
//! beside it, flushed to disk and renamed over the target, so a run killed at any moment
//! leaves the old file or the new one, never a torn one; [`values_in_file`] tells how many
//! values a file already holds, so that a shorter run can refuse to replace it.

use super::binary::read_header;
use crate::{Error, Result};
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// A file being written: the bytes go to a temporary file beside the target, which
/// [`AtomicFile::commit`] renames over it. Dropped without a commit, the temporary file is
/// removed and the target is left as it was.
///
/// A target that exists and is not a regular file (a device such as `/dev/null`, a pipe)
/// is written in place: it cannot be replaced by a rename.
///
/// ```
/// use nimlab::heap::AtomicFile;
/// use std::io::Write;
/// let path = std::env::temp_dir().join(format!("nimlab-doc-atomic-{}", std::process::id()));
/// std::fs::write(&path, "old").unwrap();
/// let mut f = AtomicFile::create(&path).unwrap();
/// f.write_all(b"new").unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "old"); // not yet
/// f.commit().unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
/// let mut g = AtomicFile::create(&path).unwrap();
/// g.write_all(b"lost").unwrap();
/// drop(g); // no commit: the file keeps its contents
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
/// std::fs::remove_file(&path).unwrap();
/// ```
#[derive(Debug)]
pub struct AtomicFile {
    /// The target, as named by the user (for messages).
    path: PathBuf,
    /// The target with its symbolic links resolved: the rename replaces the file itself.
    real: PathBuf,
    /// The temporary file, while there is one.
    tmp: Option<PathBuf>,
    out: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Starts writing `path`.
    ///
    /// # Errors
    /// [`Error::Unsupported`] naming the file when the temporary file (or, for a device,
    /// the target) cannot be created.
    pub fn create(path: &Path) -> Result<Self> {
        let cannot = |e: io::Error| cannot_write(path, &e);
        let real = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let special = fs::metadata(&real).is_ok_and(|m| !m.is_file());
        if special {
            let file = fs::OpenOptions::new()
                .write(true)
                .truncate(true)
                .open(&real)
                .map_err(cannot)?;
            return Ok(AtomicFile {
                path: path.to_path_buf(),
                real,
                tmp: None,
                out: Some(BufWriter::with_capacity(1 << 20, file)),
            });
        }
        let name = real.file_name().ok_or_else(|| {
            Error::Unsupported(format!(
                "cannot write `{}`: it names a folder, not a file",
                path.display()
            ))
        })?;
        let mut tmp_name = name.to_owned();
        tmp_name.push(format!(".{}.tmp", std::process::id()));
        let tmp = real.with_file_name(tmp_name);
        let file = File::create(&tmp).map_err(cannot)?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            real,
            tmp: Some(tmp),
            out: Some(BufWriter::with_capacity(1 << 20, file)),
        })
    }

    /// The file as named when it was created.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Flushes the bytes to disk and puts the file in place of the target.
    ///
    /// # Errors
    /// [`Error::Unsupported`] naming the file when a write, the flush or the rename fails
    /// (the target is then left as it was, unless it is a device).
    pub fn commit(mut self) -> Result<()> {
        let cannot = |e: io::Error| cannot_write(&self.path, &e);
        let Some(out) = self.out.take() else {
            return Ok(());
        };
        let file = out.into_inner().map_err(|e| cannot(e.into_error()))?;
        let Some(tmp) = self.tmp.clone() else {
            // A device or a pipe: flushed is all there is.
            return Ok(());
        };
        file.sync_all().map_err(cannot)?;
        drop(file);
        fs::rename(&tmp, &self.real).map_err(cannot)?;
        self.tmp = None;
        if let Some(dir) = self.real.parent().filter(|d| !d.as_os_str().is_empty()) {
            // Make the rename itself durable where the platform allows it.
            if let Ok(d) = File::open(dir) {
                let _ = d.sync_all();
            }
        }
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.out {
            Some(out) => out.write(buf),
            None => Err(io::Error::other("the file is already committed")),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.out {
            Some(out) => out.write_all(buf),
            None => Err(io::Error::other("the file is already committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.out {
            Some(out) => out.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(tmp) = self.tmp.take() {
            self.out = None;
            let _ = fs::remove_file(tmp);
        }
    }
}

/// The error for a file that cannot be written: it names the file.
///
/// ```
/// let e = nimlab::heap::cannot_write(std::path::Path::new("/dev/full"), &std::io::Error::other("no space"));
/// assert_eq!(e.to_string(), "cannot write `/dev/full`: no space");
/// ```
pub fn cannot_write(path: &Path, e: &io::Error) -> Error {
    Error::Unsupported(format!("cannot write `{}`: {e}", path.display()))
}

/// How many values the file at `path` holds, when it is a file of values: a sequence file
/// in the binary format (by its header, of any version), or a text file of one whole
/// number per line. `None` when there is no such file, or it is something else (a device,
/// a folder, other text).
///
/// ```
/// use nimlab::heap::values_in_file;
/// let path = std::env::temp_dir().join(format!("nimlab-doc-count-{}", std::process::id()));
/// std::fs::write(&path, "0\n1\n2\n").unwrap();
/// assert_eq!(values_in_file(&path).unwrap(), Some(3));
/// std::fs::write(&path, "a shopping list\n").unwrap();
/// assert_eq!(values_in_file(&path).unwrap(), None);
/// std::fs::remove_file(&path).unwrap();
/// assert_eq!(values_in_file(&path).unwrap(), None);
/// ```
///
/// # Errors
/// [`Error::Unsupported`] naming the file when it exists but cannot be read.
pub fn values_in_file(path: &Path) -> Result<Option<u64>> {
    match fs::metadata(path) {
        Ok(m) if m.is_file() => {}
        _ => return Ok(None),
    }
    let cannot =
        |e: io::Error| Error::Unsupported(format!("cannot read `{}`: {e}", path.display()));
    let file = File::open(path).map_err(cannot)?;
    let mut input = BufReader::with_capacity(1 << 20, file);
    let start = input.fill_buf().map_err(cannot)?;
    if start.starts_with(b"NIMLABGS") {
        return Ok(binary_count(path));
    }
    let (mut lines, mut last) = (0u64, b'\n');
    loop {
        let buf = input.fill_buf().map_err(cannot)?;
        if buf.is_empty() {
            break;
        }
        if !buf.iter().all(|b| b.is_ascii_digit() || *b == b'\n') {
            return Ok(None);
        }
        lines += buf.iter().filter(|&&b| b == b'\n').count() as u64;
        last = buf[buf.len() - 1];
        let n = buf.len();
        input.consume(n);
    }
    Ok(Some(lines + u64::from(last != b'\n')))
}

/// The count of values in the header of the sequence file `path`, of the current format
/// or of version 1 (the same header with a 2-byte rule length).
fn binary_count(path: &Path) -> Option<u64> {
    let mut input = BufReader::new(File::open(path).ok()?);
    let mut head = [0u8; 10];
    input.read_exact(&mut head).ok()?;
    if head[8] != 1 {
        let mut input = BufReader::new(File::open(path).ok()?);
        let header = read_header(&mut input, "", &mut crc32fast::Hasher::new()).ok()?;
        return Some(header.count);
    }
    let mut len = [0u8; 2];
    input.read_exact(&mut len).ok()?;
    let rule = u64::from(u16::from_le_bytes(len));
    io::copy(&mut (&mut input).take(rule), &mut io::sink()).ok()?;
    let mut count = [0u8; 8];
    input.read_exact(&mut count).ok()?;
    Some(u64::from_le_bytes(count))
}
