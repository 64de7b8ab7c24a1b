//! The compact binary file of a Grundy sequence.
//!
//! Layout (all integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | the magic `NIMLABGS` |
//! | 1 | format version, 2 |
//! | 1 | bytes per value: 1, 2 or 4 |
//! | 4 | length of the rule's text in bytes, r |
//! | r | the rule as text (UTF-8), e.g. `0.77` |
//! | 8 | the number of values, n |
//! | n × width | G(0), G(1), …, G(n − 1) |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! The checksum catches a file damaged on disk or in transit: a file whose bytes do not
//! match it is refused as corrupt, whatever byte changed. Version 1 files (no checksum, a
//! 2-byte rule length) are refused with a message saying so.

use super::values::Values;
use crate::{Error, Result};
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::Path;

const MAGIC: &[u8; 8] = b"NIMLABGS";
pub(super) const VERSION: u8 = 2;
/// The longest rule text a file may hold (a subtraction set listed member by member).
const MAX_RULE_BYTES: u32 = 1 << 24;
/// Values are converted and checksummed this many bytes at a time.
const CHUNK: usize = 1 << 20;

/// A writer that keeps the CRC-32 of everything written through it.
struct Summed<'a, W: Write> {
    out: &'a mut W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Summed<'_, W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.crc.update(bytes);
        self.out.write_all(bytes)
    }
}

/// Writes `values` of the rule written `rule` in the binary format, checksum last.
///
/// ```
/// use nimlab::heap::{read_binary, write_binary, Values};
/// let mut v = Values::default();
/// for x in [0, 1, 2, 3, 1, 4] { v.push(x); }
/// let mut bytes = Vec::new();
/// write_binary(&mut bytes, "0.77", &v).unwrap();
/// assert_eq!(bytes.len(), 8 + 1 + 1 + 4 + 4 + 8 + 6 + 4);
/// assert_eq!(read_binary(&mut &bytes[..]).unwrap(), ("0.77".to_string(), v));
/// bytes[20] ^= 1; // G(2) = 2 becomes 3
/// assert!(read_binary(&mut &bytes[..]).unwrap_err().to_string().contains("corrupt"));
/// ```
///
/// # Errors
/// The writer's I/O errors; [`io::ErrorKind::InvalidInput`] for a rule text longer than
/// 16 MiB.
pub fn write_binary(out: &mut impl Write, rule: &str, values: &Values) -> io::Result<()> {
    let rule_len = u32::try_from(rule.len())
        .ok()
        .filter(|&r| r <= MAX_RULE_BYTES)
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "the rule's text has {} bytes; a sequence file holds at most {MAX_RULE_BYTES}",
                    rule.len()
                ),
            )
        })?;
    let mut w = Summed {
        out,
        crc: crc32fast::Hasher::new(),
    };
    w.put(MAGIC)?;
    w.put(&[VERSION, values.bytes_per_value() as u8])?;
    w.put(&rule_len.to_le_bytes())?;
    w.put(rule.as_bytes())?;
    w.put(&(values.len() as u64).to_le_bytes())?;
    match values {
        Values::U8(v) => {
            for chunk in v.chunks(CHUNK) {
                w.put(chunk)?;
            }
        }
        Values::U16(v) => {
            for chunk in v.chunks(CHUNK / 2) {
                let bytes: Vec<u8> = chunk.iter().flat_map(|x| x.to_le_bytes()).collect();
                w.put(&bytes)?;
            }
        }
        Values::U32(v) => {
            for chunk in v.chunks(CHUNK / 4) {
                let bytes: Vec<u8> = chunk.iter().flat_map(|x| x.to_le_bytes()).collect();
                w.put(&bytes)?;
            }
        }
    }
    let sum = w.crc.finalize();
    w.out.write_all(&sum.to_le_bytes())
}

/// Reads a file written by [`write_binary`]: the rule's text and the values.
///
/// # Errors
/// [`Error::Unsupported`] saying what is wrong (not this format, version 1 or another
/// version, corrupt: the checksum does not match, cut short, bytes after the end).
pub fn read_binary(input: &mut impl Read) -> Result<(String, Values)> {
    read_named(input, "the sequence data", None)
}

/// Reads the file at `path` written by [`write_binary`]; errors name the file.
///
/// ```
/// use nimlab::heap::{read_binary_file, write_binary, Values};
/// let path = std::env::temp_dir().join(format!("nimlab-doc-bin-{}", std::process::id()));
/// let mut v = Values::default();
/// for x in [0, 1, 0, 1] { v.push(x); }
/// write_binary(&mut std::fs::File::create(&path).unwrap(), "subtraction:1", &v).unwrap();
/// assert_eq!(read_binary_file(&path).unwrap().1, v);
/// std::fs::write(&path, b"NIMLABGS\x02\x01").unwrap();
/// let err = read_binary_file(&path).unwrap_err().to_string();
/// assert!(err.contains(&format!("`{}` is corrupt", path.display())), "{err}");
/// std::fs::remove_file(&path).unwrap();
/// ```
///
/// # Errors
/// As [`read_binary`], naming the file; the error of opening it.
pub fn read_binary_file(path: &Path) -> Result<(String, Values)> {
    read_file_named(path, &format!("`{}`", path.display()))
}

/// Reads the sequence file at `path`, called `name` in messages.
pub(super) fn read_file_named(path: &Path, name: &str) -> Result<(String, Values)> {
    let file =
        File::open(path).map_err(|e| Error::Unsupported(format!("cannot read {name}: {e}")))?;
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    read_named(&mut BufReader::with_capacity(CHUNK, file), name, size)
}

/// What the first bytes of a sequence file say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Header {
    /// The rule's text.
    pub rule: String,
    /// Bytes per value.
    pub width: u8,
    /// The number of values.
    pub count: u64,
}

/// Reads the header of a sequence file named `name` (for messages), adding its bytes to
/// `crc`.
pub(super) fn read_header(
    input: &mut impl Read,
    name: &str,
    crc: &mut crc32fast::Hasher,
) -> Result<Header> {
    let corrupt = |what: &str| Error::Unsupported(format!("{name} is corrupt: {what}"));
    let mut head = [0u8; 10];
    let got = read_up_to(input, &mut head)
        .map_err(|e| Error::Unsupported(format!("cannot read {name}: {e}")))?;
    if got < MAGIC.len() || &head[..8] != MAGIC {
        return Err(Error::Unsupported(format!(
            "{name} is not a nimlab sequence file (it does not begin with `NIMLABGS`), or is corrupt"
        )));
    }
    if got < head.len() {
        return Err(corrupt("it ends inside its header (cut short)"));
    }
    match head[8] {
        VERSION => {}
        1 => {
            return Err(Error::Unsupported(format!(
                "{name} is in the sequence format of version 1, which has no checksum; this nimlab reads version {VERSION} only: compute the values again"
            )))
        }
        v => {
            return Err(Error::Unsupported(format!(
                "{name} is corrupt, or from a newer nimlab: format version {v} (this nimlab reads version {VERSION})"
            )))
        }
    }
    crc.update(&head);
    let width = head[9];
    if ![1, 2, 4].contains(&width) {
        return Err(corrupt(&format!(
            "{width} bytes per value (expected 1, 2 or 4)"
        )));
    }
    let mut len = [0u8; 4];
    input
        .read_exact(&mut len)
        .map_err(|_| corrupt("it ends inside its header (cut short)"))?;
    crc.update(&len);
    let rule_len = u32::from_le_bytes(len);
    if rule_len > MAX_RULE_BYTES {
        return Err(corrupt(&format!(
            "it announces a rule of {rule_len} bytes (at most {MAX_RULE_BYTES})"
        )));
    }
    let mut rule = Vec::new();
    input
        .take(u64::from(rule_len))
        .read_to_end(&mut rule)
        .map_err(|e| Error::Unsupported(format!("cannot read {name}: {e}")))?;
    if rule.len() != rule_len as usize {
        return Err(corrupt("it ends inside the rule (cut short)"));
    }
    crc.update(&rule);
    let rule = String::from_utf8(rule).map_err(|_| corrupt("the rule is not UTF-8 text"))?;
    let mut count = [0u8; 8];
    input
        .read_exact(&mut count)
        .map_err(|_| corrupt("it ends before the count of values (cut short)"))?;
    crc.update(&count);
    let count = u64::from_le_bytes(count);
    // The values of heaps 0 to MAX_LENGTH, as `--to 2^32` computes them.
    if count > super::sequence::MAX_LENGTH + 1 {
        return Err(corrupt(&format!(
            "it announces {count} values, more than the {} nimlab computes",
            super::sequence::MAX_LENGTH + 1
        )));
    }
    Ok(Header { rule, width, count })
}

/// Reads into `buf` until it is full or the input ends; how many bytes were read.
fn read_up_to(input: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Reads a whole sequence file; `name` names it in messages.
/// Reads a whole sequence file; `name` names it in messages; `size`, when known, is its
/// length in bytes, which must be the length its header gives.
fn read_named(input: &mut impl Read, name: &str, size: Option<u64>) -> Result<(String, Values)> {
    let corrupt = |what: &str| Error::Unsupported(format!("{name} is corrupt: {what}"));
    let cannot = |e: io::Error| Error::Unsupported(format!("cannot read {name}: {e}"));
    let mut crc = crc32fast::Hasher::new();
    let header = read_header(input, name, &mut crc)?;
    let width = usize::from(header.width);
    let count = usize::try_from(header.count).map_err(|_| corrupt("too many values"))?;
    // The count is not trusted before the checksum: room grows as values arrive, unless the
    // length of the file is the one the header gives.
    let expected = (8 + 1 + 1 + 4 + 8 + 4 + header.rule.len() as u64)
        .saturating_add(header.count.saturating_mul(u64::from(header.width)));
    let room = match size {
        Some(size) if size == expected => count,
        Some(size) if size < expected => {
            return Err(corrupt(&format!(
                "it has {size} bytes, and its header announces {count} values in {expected} (cut short)"
            )))
        }
        Some(size) => {
            return Err(corrupt(&format!(
                "it has {size} bytes, more than the {expected} its header announces"
            )))
        }
        None => count.min(1 << 24),
    };
    let mut values = match width {
        1 => Values::U8(Vec::with_capacity(room)),
        2 => Values::U16(Vec::with_capacity(room)),
        _ => Values::U32(Vec::with_capacity(room)),
    };
    let mut buf = vec![0u8; CHUNK];
    let mut left = count;
    while left > 0 {
        let want = (left * width).min(CHUNK - CHUNK % width);
        let got = read_up_to(input, &mut buf[..want]).map_err(cannot)?;
        crc.update(&buf[..got]);
        let whole = got - got % width;
        match &mut values {
            Values::U8(v) => v.extend_from_slice(&buf[..whole]),
            Values::U16(v) => v.extend(
                buf[..whole]
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]])),
            ),
            Values::U32(v) => v.extend(
                buf[..whole]
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            ),
        }
        left -= whole / width;
        if got < want {
            return Err(corrupt(&format!(
                "it ends after {} of the {count} values its header announces (cut short)",
                count - left
            )));
        }
    }
    let mut sum = [0u8; 4];
    if read_up_to(input, &mut sum).map_err(cannot)? < sum.len() {
        return Err(corrupt("it ends before its checksum (cut short)"));
    }
    if u32::from_le_bytes(sum) != crc.finalize() {
        return Err(corrupt(
            "its checksum does not match its contents (a byte was changed)",
        ));
    }
    if read_up_to(input, &mut [0u8; 1]).map_err(cannot)? > 0 {
        return Err(corrupt("it goes on after its checksum"));
    }
    // Values stored wider than they need stay as stored: the width is part of the file.
    Ok((header.rule, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(top: u32, n: u32) -> (Values, Vec<u8>) {
        let mut v = Values::default();
        for i in 0..n {
            v.push(i * 7919 % top);
        }
        let mut bytes = Vec::new();
        write_binary(&mut bytes, "4.3…", &v).unwrap();
        (v, bytes)
    }

    #[test]
    fn round_trip_in_every_width_and_bad_files() {
        for top in [200u32, 60_000, 100_000] {
            let (v, bytes) = file(top, 1000);
            assert_eq!(read_binary(&mut &bytes[..]).unwrap(), ("4.3…".into(), v));
            let cut = read_binary(&mut &bytes[..bytes.len() - 1]).unwrap_err();
            assert!(cut.to_string().contains("before its checksum"), "{cut}");
            let width = match top {
                200 => 1,
                60_000 => 2,
                _ => 4,
            };
            let cut = read_binary(&mut &bytes[..bytes.len() - 4 - width]).unwrap_err();
            assert!(cut.to_string().contains("999 of the 1000"), "{cut}");
            let mut long = bytes.clone();
            long.push(0);
            let err = read_binary(&mut &long[..]).unwrap_err();
            assert!(err.to_string().contains("after its checksum"), "{err}");
        }
        let err = read_binary(&mut &b"hello world, this is text"[..]).unwrap_err();
        assert!(err.to_string().contains("NIMLABGS"));
        assert!(read_binary(&mut &b"NIM"[..]).is_err());
        assert!(read_binary(&mut &b""[..]).is_err());
    }

    #[test]
    fn a_checkpoint_with_one_byte_flipped_is_refused_as_corrupt() {
        // Defect: a byte flipped in a checkpoint was read back as values. CRC-32 detects
        // every change of one byte, wherever it is: header, rule, count, values, checksum.
        for top in [200u32, 60_000, 100_000] {
            let (_, bytes) = file(top, 700);
            for at in 0..bytes.len() {
                for flip in [0x01u8, 0x80, 0xFF, 0x5A] {
                    let mut bad = bytes.clone();
                    bad[at] ^= flip;
                    let err = read_binary(&mut &bad[..]).unwrap_err().to_string();
                    assert!(
                        err.contains("corrupt"),
                        "byte {at} ^ {flip:#x} of {top}: {err}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_file_whose_length_is_not_its_headers_is_refused_before_its_values_are_read() {
        let (v, bytes) = file(60_000, 5000);
        let path = std::env::temp_dir().join(format!("nimlab-len-{}", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(read_binary_file(&path).unwrap(), ("4.3…".to_string(), v));
        std::fs::write(&path, &bytes[..bytes.len() - 100]).unwrap();
        let err = read_binary_file(&path).unwrap_err().to_string();
        let name = format!("`{}` is corrupt", path.display());
        assert!(err.contains(&name) && err.contains("cut short"), "{err}");
        let mut long = bytes.clone();
        long.extend_from_slice(b"more");
        std::fs::write(&path, &long).unwrap();
        let err = read_binary_file(&path).unwrap_err().to_string();
        assert!(err.contains(&name) && err.contains("more than"), "{err}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn version_1_files_are_refused_with_a_reason() {
        let mut old = b"NIMLABGS\x01\x01\x04\x000.77\x03\0\0\0\0\0\0\0\0\x01\x02".to_vec();
        let err = read_binary(&mut &old[..]).unwrap_err().to_string();
        assert!(err.contains("version 1, which has no checksum"), "{err}");
        old[8] = 9;
        let err = read_binary(&mut &old[..]).unwrap_err().to_string();
        assert!(err.contains("format version 9"), "{err}");
    }

    #[test]
    fn a_huge_claimed_count_is_refused_without_allocating_it() {
        let (_, mut bytes) = file(200, 10);
        // The count (8 bytes after the 4-byte rule "4.3…" of 6 bytes) set to 2^32.
        let at = 8 + 1 + 1 + 4 + "4.3…".len();
        bytes[at..at + 8].copy_from_slice(&(1u64 << 32).to_le_bytes());
        let err = read_binary(&mut &bytes[..]).unwrap_err().to_string();
        assert!(
            err.contains("corrupt") && err.contains("cut short"),
            "{err}"
        );
        bytes[at..at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
        let err = read_binary(&mut &bytes[..]).unwrap_err().to_string();
        assert!(err.contains("more than the"), "{err}");
    }
}
