//! The file of values of an on-disk run: the compact binary format of
//! [`super::write_binary`], written as the values are computed and read back at any heap.
//!
//! While the run goes on, the file holds its header (with a count of 0) and the values
//! written so far; [`ValueFile::finish`] writes the count and the checksum, after which it
//! is an ordinary sequence file. Values are written with plain writes, never through a
//! mapping, so a full disk is an error that names the file, not a crash. Values are read
//! back a block at a time through the operating system's page cache, which keeps the
//! file's recent pages in memory that it can take back when it needs it.
//!
//! Besides the checksum of the file's bytes, the file keeps a checksum of the values
//! themselves, each as four little-endian bytes, whatever their width: a checkpoint records
//! it, and a resumed run checks the file against it.

use super::binary::{read_header, VERSION};
use crate::{Error, Result};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Values are read back in blocks of this many.
const BLOCK: usize = 1 << 14;

/// Blocks of values kept for reading (a scan reads two places at once, going opposite
/// ways).
const BLOCKS: usize = 4;

/// Values are checked and passed on this many at a time when a file is opened again.
const PASS: usize = 1 << 20;

/// A sequence file being written by an on-disk run.
#[derive(Debug)]
pub(super) struct ValueFile {
    path: PathBuf,
    /// The file, written at its end.
    out: File,
    /// The same file, for reading values back.
    input: File,
    rule: String,
    width: u8,
    /// Where G(0) is, in bytes: the length of the header.
    start: u64,
    /// The values written.
    count: u64,
    /// The CRC-32 of the values' bytes as written, and of the values as four bytes each.
    bytes_sum: crc32fast::Hasher,
    value_sum: crc32fast::Hasher,
    /// Blocks read back: the first value of each, and the values.
    blocks: Vec<(u64, Vec<u32>)>,
    /// The block read back least recently.
    oldest: usize,
}

/// The bytes before G(0): magic, version, width, the rule's length and text, the count.
fn header(rule: &str, width: u8, count: u64) -> Vec<u8> {
    let mut h = Vec::with_capacity(22 + rule.len());
    h.extend_from_slice(b"NIMLABGS");
    h.extend_from_slice(&[VERSION, width]);
    h.extend_from_slice(&(rule.len() as u32).to_le_bytes());
    h.extend_from_slice(rule.as_bytes());
    h.extend_from_slice(&count.to_le_bytes());
    h
}

/// The least width, in bytes, that holds `v`.
pub(super) fn width_of(v: u32) -> u8 {
    match v {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        _ => 4,
    }
}

/// Appends `values` to `bytes`, each in `width` little-endian bytes.
fn encode(bytes: &mut Vec<u8>, values: &[u32], width: u8) {
    for &v in values {
        bytes.extend_from_slice(&v.to_le_bytes()[..usize::from(width)]);
    }
}

/// Reads the values in `bytes`, each `width` little-endian bytes, onto `out`.
fn decode(bytes: &[u8], width: u8, out: &mut Vec<u32>) {
    for c in bytes.chunks_exact(usize::from(width)) {
        let mut v = [0u8; 4];
        v[..c.len()].copy_from_slice(c);
        out.push(u32::from_le_bytes(v));
    }
}

/// The CRC-32 of values as four little-endian bytes each.
fn add_values(sum: &mut crc32fast::Hasher, values: &[u32]) {
    let mut bytes = Vec::with_capacity(4 * values.len());
    encode(&mut bytes, values, 4);
    sum.update(&bytes);
}

/// Reads the finished sequence file `path` when it holds exactly `count` values of the rule
/// written `rule`, passing them to `each` a stretch at a time, G(0) first, and checking its
/// checksum; `false`, having read none, when there is no file, or no sequence file, or one
/// of another rule or another number of values (a run's file not finished says 0).
///
/// # Errors
/// A sequence file that cannot be read, is cut short or longer than its header says, or
/// whose checksum does not match its bytes (named): it is not to be written over.
pub(super) fn read_finished(
    path: &Path,
    rule: &str,
    count: u64,
    mut each: impl FnMut(&[u32]) -> Result<()>,
) -> Result<bool> {
    let name = format!("`{}`", path.display());
    let cannot = |e: io::Error| Error::Unsupported(format!("cannot read {name}: {e}"));
    let Ok(file) = File::open(path) else {
        return Ok(false);
    };
    let size = file.metadata().map_err(cannot)?.len();
    let mut input = io::BufReader::with_capacity(1 << 16, file);
    if !input.fill_buf().map_err(cannot)?.starts_with(b"NIMLABGS") {
        return Ok(false);
    }
    // A sequence file that cannot be read is kept, never written over.
    let kept = |e: Error| {
        Error::Unsupported(format!(
            "{e}; the file is kept: give another file, or remove it to compute the values again"
        ))
    };
    let mut crc = crc32fast::Hasher::new();
    let head = read_header(&mut input, &name, &mut crc).map_err(kept)?;
    if head.rule != rule || head.count != count {
        return Ok(false);
    }
    let expected = (22 + head.rule.len() as u64)
        .saturating_add(count.saturating_mul(u64::from(head.width)))
        .saturating_add(4);
    if size != expected {
        return Err(kept(Error::Unsupported(format!(
            "{name} is corrupt: it has {size} bytes, and its header announces {count} values in {expected}"
        ))));
    }
    let mut bytes = vec![0u8; PASS * head.width as usize];
    let mut values = Vec::with_capacity(PASS);
    let mut read = 0;
    while read < count {
        let n = (count - read).min(PASS as u64) as usize;
        let bytes = &mut bytes[..n * usize::from(head.width)];
        input.read_exact(bytes).map_err(cannot)?;
        crc.update(bytes);
        values.clear();
        decode(bytes, head.width, &mut values);
        each(&values)?;
        read += n as u64;
    }
    let mut sum = [0u8; 4];
    input.read_exact(&mut sum).map_err(cannot)?;
    if u32::from_le_bytes(sum) != crc.finalize() {
        return Err(kept(Error::Unsupported(format!(
            "{name} is corrupt: its checksum does not match its bytes"
        ))));
    }
    Ok(true)
}

impl ValueFile {
    /// Starts the file `path` of the values of the rule written `rule`, replacing what it
    /// held.
    pub(super) fn create(path: &Path, rule: &str) -> Result<Self> {
        let cannot = |e: io::Error| super::cannot_write(path, &e);
        let mut out = File::create(path).map_err(cannot)?;
        out.write_all(&header(rule, 1, 0)).map_err(cannot)?;
        let input = File::open(path).map_err(cannot)?;
        Ok(ValueFile {
            path: path.to_path_buf(),
            out,
            input,
            rule: rule.to_string(),
            width: 1,
            start: 22 + rule.len() as u64,
            count: 0,
            bytes_sum: crc32fast::Hasher::new(),
            value_sum: crc32fast::Hasher::new(),
            blocks: Vec::new(),
            oldest: 0,
        })
    }

    /// Opens the file `path` of the rule written `rule` again, to go on after its first
    /// `count` values, whose checksum (of the values as four bytes each) is `sum`: passes
    /// them to `each` in order, G(0) first, checking them against `sum`, and drops the
    /// values after them (written after the last checkpoint, they may be torn).
    ///
    /// # Errors
    /// [`Error::Unsupported`] naming the file when it cannot be read, is not a sequence
    /// file, is of another rule, holds fewer than `count` values, or does not match `sum`.
    pub(super) fn reopen(
        path: &Path,
        rule: &str,
        count: u64,
        sum: u32,
        mut each: impl FnMut(&[u32]) -> Result<()>,
    ) -> Result<Self> {
        let name = format!("`{}`", path.display());
        let cannot = |e: io::Error| Error::Unsupported(format!("cannot read {name}: {e}"));
        let mut input = File::open(path).map_err(cannot)?;
        let size = input.metadata().map_err(cannot)?.len();
        let head = read_header(&mut input, &name, &mut crc32fast::Hasher::new())?;
        if head.rule != rule {
            return Err(Error::Unsupported(format!(
                "{name} holds the values of {}, not of {rule}",
                head.rule
            )));
        }
        let start = 22 + head.rule.len() as u64;
        let width = head.width;
        let held = size.saturating_sub(start) / u64::from(width);
        if held < count {
            return Err(Error::Unsupported(format!(
                "{name} is cut short: it holds {held} values, and its checkpoint says {count} were written"
            )));
        }
        let mut file = ValueFile {
            path: path.to_path_buf(),
            out: OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| super::cannot_write(path, &e))?,
            input,
            rule: rule.to_string(),
            width,
            start,
            count: 0,
            bytes_sum: crc32fast::Hasher::new(),
            value_sum: crc32fast::Hasher::new(),
            blocks: Vec::new(),
            oldest: 0,
        };
        let mut bytes = vec![0u8; PASS * usize::from(width)];
        let mut values = Vec::with_capacity(PASS);
        file.input.seek(SeekFrom::Start(start)).map_err(cannot)?;
        while file.count < count {
            let n = (count - file.count).min(PASS as u64) as usize;
            let bytes = &mut bytes[..n * usize::from(width)];
            file.input.read_exact(bytes).map_err(cannot)?;
            values.clear();
            decode(bytes, width, &mut values);
            file.bytes_sum.update(bytes);
            add_values(&mut file.value_sum, &values);
            file.count += n as u64;
            each(&values)?;
        }
        if file.value_sum.clone().finalize() != sum {
            return Err(Error::Unsupported(format!(
                "{name} is corrupt: its first {count} values do not match the checksum its checkpoint records (a value was changed)"
            )));
        }
        // The header says the file is being written again: no count, no checksum.
        let cannot_write = |e: io::Error| super::cannot_write(path, &e);
        file.out
            .set_len(start + count * u64::from(width))
            .map_err(cannot_write)?;
        file.out.seek(SeekFrom::Start(0)).map_err(cannot_write)?;
        file.out
            .write_all(&header(rule, width, 0))
            .map_err(cannot_write)?;
        file.out.seek(SeekFrom::End(0)).map_err(cannot_write)?;
        Ok(file)
    }

    /// The rule's text, as the file holds it.
    pub(super) fn rule(&self) -> &str {
        &self.rule
    }

    /// The bytes each value takes: the least width that holds every value written.
    pub(super) fn width(&self) -> u8 {
        self.width
    }

    /// How many values are written.
    pub(super) fn count(&self) -> u64 {
        self.count
    }

    /// The checksum of the values written, each as four little-endian bytes.
    pub(super) fn sum(&self) -> u32 {
        self.value_sum.clone().finalize()
    }

    /// Appends the values of the next heaps, first storing every value wider if one
    /// needs it.
    pub(super) fn append(&mut self, values: &[u32]) -> Result<()> {
        let widest = values.iter().copied().max().map_or(1, width_of);
        if widest > self.width {
            self.widen(widest)?;
        }
        let mut bytes = Vec::with_capacity(values.len() * usize::from(self.width));
        encode(&mut bytes, values, self.width);
        self.out
            .write_all(&bytes)
            .map_err(|e| super::cannot_write(&self.path, &e))?;
        self.bytes_sum.update(&bytes);
        add_values(&mut self.value_sum, values);
        self.count += values.len() as u64;
        Ok(())
    }

    /// Writes the file again with `width` bytes a value: a new file beside it, flushed to
    /// disk and renamed over it, so that a run killed meanwhile leaves one or the other.
    fn widen(&mut self, width: u8) -> Result<()> {
        let path = self.path.clone();
        let cannot = |e: io::Error| super::cannot_write(&path, &e);
        let mut tmp_name = self.path.file_name().unwrap_or_default().to_owned();
        tmp_name.push(format!(".{}.wide", std::process::id()));
        let tmp = self.path.with_file_name(tmp_name);
        let mut out = File::create(&tmp).map_err(cannot)?;
        let written = (|| -> io::Result<crc32fast::Hasher> {
            out.write_all(&header(&self.rule, width, 0))?;
            let mut sum = crc32fast::Hasher::new();
            let mut at = 0;
            let mut values = Vec::with_capacity(PASS);
            let mut bytes = Vec::new();
            while at < self.count {
                let n = (self.count - at).min(PASS as u64) as usize;
                values.clear();
                self.read_into(at, n, &mut values)?;
                bytes.clear();
                encode(&mut bytes, &values, width);
                out.write_all(&bytes)?;
                sum.update(&bytes);
                at += n as u64;
            }
            out.sync_all()?;
            Ok(sum)
        })();
        let sum = match written {
            Ok(sum) => sum,
            Err(e) => {
                let _ = fs::remove_file(&tmp);
                return Err(cannot(e));
            }
        };
        if let Err(e) = fs::rename(&tmp, &self.path) {
            let _ = fs::remove_file(&tmp);
            return Err(cannot(e));
        }
        sync_folder(&self.path);
        self.input = File::open(&self.path).map_err(cannot)?;
        self.out = out;
        self.width = width;
        self.bytes_sum = sum;
        self.blocks.clear();
        Ok(())
    }

    /// Makes the values written so far durable: after this, a checkpoint may count them.
    pub(super) fn sync(&self) -> Result<()> {
        self.out
            .sync_data()
            .map_err(|e| super::cannot_write(&self.path, &e))
    }

    /// Reads `n` values from G(at) on onto `out`.
    fn read_into(&mut self, at: u64, n: usize, out: &mut Vec<u32>) -> io::Result<()> {
        let w = u64::from(self.width);
        self.input.seek(SeekFrom::Start(self.start + at * w))?;
        let mut bytes = vec![0u8; n * usize::from(self.width)];
        self.input.read_exact(&mut bytes)?;
        decode(&bytes, self.width, out);
        Ok(())
    }

    /// G(x), for a value already written.
    ///
    /// # Errors
    /// [`Error::Unsupported`] naming the file when it cannot be read (it was cut short or
    /// removed meanwhile), or for a heap not written yet.
    pub(super) fn get(&mut self, x: u64) -> Result<u32> {
        if x >= self.count {
            return Err(Error::Unsupported(format!(
                "`{}` holds {} values, not the value of heap {x}",
                self.path.display(),
                self.count
            )));
        }
        let first = x - x % BLOCK as u64;
        let at = (x - first) as usize;
        // A block read before the values after it were written may be short.
        let cached = self.blocks.iter().position(|(f, _)| *f == first);
        if let Some(&v) = cached.and_then(|i| self.blocks[i].1.get(at)) {
            return Ok(v);
        }
        let n = (self.count - first).min(BLOCK as u64) as usize;
        let mut values = Vec::with_capacity(n);
        self.read_into(first, n, &mut values).map_err(|e| {
            Error::Unsupported(format!("cannot read `{}`: {e}", self.path.display()))
        })?;
        let v = values[at];
        if let Some(i) = cached {
            self.blocks[i].1 = values;
        } else if self.blocks.len() < BLOCKS {
            self.blocks.push((first, values));
        } else {
            self.blocks[self.oldest] = (first, values);
            self.oldest = (self.oldest + 1) % BLOCKS;
        }
        Ok(v)
    }

    /// Completes the file: its count and checksum written, flushed to disk. It is then an
    /// ordinary sequence file.
    pub(super) fn finish(mut self) -> Result<()> {
        let cannot = |e: io::Error| super::cannot_write(&self.path, &e);
        let head = header(&self.rule, self.width, self.count);
        let mut sum = crc32fast::Hasher::new();
        sum.update(&head);
        sum.combine(&self.bytes_sum);
        self.out
            .write_all(&sum.finalize().to_le_bytes())
            .map_err(cannot)?;
        self.out.seek(SeekFrom::Start(0)).map_err(cannot)?;
        self.out.write_all(&head).map_err(cannot)?;
        self.out.sync_all().map_err(cannot)
    }
}

/// Makes a rename in the folder of `path` durable, where the platform allows it.
pub(super) fn sync_folder(path: &Path) {
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{read_binary_file, write_binary, Values};

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("nimlab-vf-{name}-{}", std::process::id()))
    }

    #[test]
    fn a_sequence_file_that_cannot_be_read_is_never_taken_for_no_file() {
        // The header of a run to 2^32 (2^32 + 1 values) over a file cut short: an error
        // that keeps the file, not "no finished file here" (which would compute the values
        // again over it).
        let path = temp("finished");
        let rule = "4.0 with unequal splits";
        let count = crate::heap::MAX_LENGTH + 1;
        let mut bytes = header(rule, 2, count);
        bytes.extend_from_slice(&[0, 0, 0, 0, 1, 0]);
        std::fs::write(&path, &bytes).unwrap();
        let e = read_finished(&path, rule, count, |_| Ok(()))
            .unwrap_err()
            .to_string();
        assert!(e.contains("corrupt") && e.contains("is kept"), "{e}");
        // Another rule's or another length's file, a file that is no sequence file, or none.
        assert!(!read_finished(&path, "0.07", count, |_| Ok(())).unwrap());
        assert!(!read_finished(&path, rule, 5, |_| Ok(())).unwrap());
        std::fs::write(&path, b"0\n0\n0\n").unwrap();
        assert!(!read_finished(&path, rule, 3, |_| Ok(())).unwrap());
        std::fs::remove_file(&path).unwrap();
        assert!(!read_finished(&path, rule, 3, |_| Ok(())).unwrap());
    }

    #[test]
    fn a_finished_file_is_the_binary_format_and_any_value_reads_back() {
        // Values that widen twice: one byte, two bytes, four bytes.
        let all: Vec<u32> = (0..100_000u32)
            .map(|i| match i {
                0..=39_999 => i % 200,
                40_000..=69_999 => i % 60_000,
                _ => i * 3,
            })
            .collect();
        let path = temp("finish");
        let mut f = ValueFile::create(&path, "0.77").unwrap();
        for chunk in all.chunks(7_777) {
            f.append(chunk).unwrap();
            // Every value written reads back, from both ends.
            let n = f.count();
            assert_eq!(f.get(n - 1).unwrap(), all[n as usize - 1]);
            assert_eq!(f.get(n / 3).unwrap(), all[n as usize / 3]);
        }
        assert!(f.get(all.len() as u64).is_err());
        let mut sum = crc32fast::Hasher::new();
        add_values(&mut sum, &all);
        assert_eq!(f.sum(), sum.finalize());
        f.finish().unwrap();
        let mut expected = Values::default();
        all.iter().for_each(|&v| expected.push(v));
        let mut bytes = Vec::new();
        write_binary(&mut bytes, "0.77", &expected).unwrap();
        assert_eq!(fs::read(&path).unwrap(), bytes);
        assert_eq!(read_binary_file(&path).unwrap().1, expected);
        fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_file_opened_again_is_checked_and_goes_on_where_its_checkpoint_was() {
        let all: Vec<u32> = (0..50_000u32).map(|i| (i * 7919) % 300).collect();
        let path = temp("reopen");
        let mut f = ValueFile::create(&path, "grundy").unwrap();
        f.append(&all[..20_000]).unwrap();
        let sum = f.sum();
        // Values written after the checkpoint are dropped.
        f.append(&all[20_000..30_000]).unwrap();
        drop(f);
        let mut seen = Vec::new();
        let mut f = ValueFile::reopen(&path, "grundy", 20_000, sum, |v| {
            seen.extend_from_slice(v);
            Ok(())
        })
        .unwrap();
        assert_eq!(seen, &all[..20_000]);
        f.append(&all[20_000..]).unwrap();
        f.finish().unwrap();
        let mut expected = Values::default();
        all.iter().for_each(|&v| expected.push(v));
        assert_eq!(read_binary_file(&path).unwrap().1, expected);

        // Another rule, a changed value, a file cut short, another kind of file.
        let err = |r: Result<ValueFile>| r.unwrap_err().to_string();
        let none = |_: &[u32]| Ok(());
        let e = err(ValueFile::reopen(&path, "0.77", 20_000, sum, none));
        assert!(e.contains("not of 0.77"), "{e}");
        let mut bytes = fs::read(&path).unwrap();
        bytes[28 + 2 * 100] ^= 1;
        fs::write(&path, &bytes).unwrap();
        let e = err(ValueFile::reopen(&path, "grundy", 20_000, sum, none));
        assert!(e.contains("is corrupt") && e.contains("checksum"), "{e}");
        fs::write(&path, &bytes[..28 + 2 * 1000]).unwrap();
        let e = err(ValueFile::reopen(&path, "grundy", 20_000, sum, none));
        assert!(e.contains("cut short") && e.contains("1000 values"), "{e}");
        fs::write(&path, "0\n1\n2\n").unwrap();
        let e = err(ValueFile::reopen(&path, "grundy", 3, sum, none));
        assert!(e.contains("not a nimlab sequence file"), "{e}");
        assert!(e.contains(&path.display().to_string()), "{e}");
        fs::remove_file(&path).unwrap();
    }
}
