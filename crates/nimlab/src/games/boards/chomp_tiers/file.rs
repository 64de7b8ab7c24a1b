//! The database file: a rectangle's outcomes, 2 bits a position, behind a header that
//! names the rectangle and its tiers and a checksum of the whole.
//!
//! Layout, every number little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `NIMLABCH` |
//! | 4 | the version of the format, 1 |
//! | 4, 4 | the rows R and the columns C of the rectangle |
//! | 8 | the positions, C(R + C, R) − 1 |
//! | 8 | how many of them are P-positions |
//! | 8 × (R·C + 2) | the byte offset of each tier 0 to R·C among the outcomes, and their end |
//! | as the last offset says | the outcomes, tier by tier (see [`Outcomes`]) |
//! | 4 | the CRC-32 of every byte before it |
//!
//! A file whose magic, version, rectangle, offsets, length, count or checksum is not what
//! it should be is refused, with the reason.

use super::rank::Staircases;
use super::table::Outcomes;
use crate::heap::{cannot_write, AtomicFile};
use crate::{Error, Result};
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::Path;

/// The first bytes of a database file.
pub const MAGIC: &[u8; 8] = b"NIMLABCH";

/// The version of the format written.
pub const VERSION: u32 = 1;

/// The header: everything before the outcomes.
fn header(table: &Outcomes) -> Vec<u8> {
    let index = table.index();
    let mut h = Vec::with_capacity(36 + 8 * table.offsets().len());
    h.extend_from_slice(MAGIC);
    h.extend_from_slice(&VERSION.to_le_bytes());
    h.extend_from_slice(&(index.rows() as u32).to_le_bytes());
    h.extend_from_slice(&(index.columns() as u32).to_le_bytes());
    h.extend_from_slice(&table.positions().to_le_bytes());
    h.extend_from_slice(&table.p_positions().to_le_bytes());
    for &o in table.offsets() {
        h.extend_from_slice(&(o as u64).to_le_bytes());
    }
    h
}

/// Writes `table` to `path`, through a temporary file renamed over it at the end (a run
/// stopped half-way leaves the old file, if any).
///
/// ```
/// use nimlab::games::boards::chomp_tiers::*;
/// let mut table = Outcomes::new(Staircases::new(4, 4).unwrap());
/// solve(&mut table, None, |_| {}).unwrap();
/// let path = std::env::temp_dir().join(format!("nimlab-doc-chomp-{}.db", std::process::id()));
/// write_database(&table, &path).unwrap();
/// let back = read_database(&path, None).unwrap();
/// assert_eq!(back.data(), table.data());
/// std::fs::write(&path, b"not a database").unwrap();
/// let e = read_database(&path, None).unwrap_err().to_string();
/// assert!(e.contains("not a Chomp database"), "{e}");
/// std::fs::remove_file(&path).unwrap();
/// ```
///
/// # Errors
/// [`Error::Unsupported`] naming the file when it cannot be written.
pub fn write_database(table: &Outcomes, path: &Path) -> Result<()> {
    let head = header(table);
    let mut crc = crc32fast::Hasher::new();
    crc.update(&head);
    crc.update(table.data());
    let mut out = AtomicFile::create(path)?;
    let cannot = |e: io::Error| cannot_write(path, &e);
    out.write_all(&head).map_err(cannot)?;
    out.write_all(table.data()).map_err(cannot)?;
    out.write_all(&crc.finalize().to_le_bytes())
        .map_err(cannot)?;
    out.commit()
}

/// Reads the database at `path`, refusing it when its outcomes would take more than
/// `max_bytes` of memory.
///
/// # Errors
/// [`Error::Unsupported`] naming the file when it cannot be read, is not a Chomp database,
/// is of another version, or is damaged (its header does not describe a rectangle, its
/// length or its checksum is wrong); [`Error::Limit`] when its outcomes exceed
/// `max_bytes`.
pub fn read_database(path: &Path, max_bytes: Option<u64>) -> Result<Outcomes> {
    let name = path.display();
    let cannot = |e: io::Error| Error::Unsupported(format!("cannot read `{name}`: {e}"));
    let damaged = |why: String| Error::Unsupported(format!("`{name}` is damaged: {why}"));
    let file = File::open(path).map_err(cannot)?;
    let length = file.metadata().map_err(cannot)?.len();
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut fixed = [0u8; 36];
    let short = |e: io::Error| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            Error::Unsupported(format!(
                "`{name}` is not a Chomp database of nimlab (it is too short)"
            ))
        } else {
            cannot(e)
        }
    };
    input.read_exact(&mut fixed).map_err(short)?;
    if &fixed[..8] != MAGIC {
        return Err(Error::Unsupported(format!(
            "`{name}` is not a Chomp database of nimlab (it does not begin with `NIMLABCH`)"
        )));
    }
    let word =
        |at: usize| u32::from_le_bytes([fixed[at], fixed[at + 1], fixed[at + 2], fixed[at + 3]]);
    let long = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&fixed[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let version = word(8);
    if version != VERSION {
        return Err(Error::Unsupported(format!(
            "`{name}` is a Chomp database of version {version}; this nimlab reads version {VERSION}"
        )));
    }
    let (rows, columns) = (word(12) as usize, word(16) as usize);
    let index = Staircases::new(rows, columns)
        .map_err(|e| damaged(format!("its header names no rectangle nimlab solves ({e})")))?;
    let bytes = Outcomes::bytes_for(&index);
    if let Some(max) = max_bytes.filter(|&m| bytes > m) {
        return Err(Error::limit(
            format!(
                "the Chomp database `{name}` of a {rows}x{columns} rectangle ({})",
                crate::limits::describe_bytes(bytes)
            ),
            format!("{} of memory", crate::limits::describe_bytes(max)),
        ));
    }
    let expected_offsets: Vec<u64> = Outcomes::layout(&index).iter().map(|&o| o as u64).collect();
    let expected_length = 36 + 8 * expected_offsets.len() as u64 + bytes + 4;
    if length != expected_length {
        return Err(damaged(format!(
            "a {rows}x{columns} rectangle's database has {expected_length} bytes, and it has {length}"
        )));
    }
    let mut offsets = vec![0u8; 8 * expected_offsets.len()];
    input.read_exact(&mut offsets).map_err(cannot)?;
    let stated: Vec<u64> = offsets
        .chunks(8)
        .map(|c| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
        .collect();
    if stated != expected_offsets {
        return Err(damaged(format!(
            "its tier offsets are not those of a {rows}x{columns} rectangle"
        )));
    }
    let mut data = vec![0u8; bytes as usize];
    input.read_exact(&mut data).map_err(cannot)?;
    let mut crc_bytes = [0u8; 4];
    input.read_exact(&mut crc_bytes).map_err(cannot)?;
    let mut crc = crc32fast::Hasher::new();
    crc.update(&fixed);
    crc.update(&offsets);
    crc.update(&data);
    if crc.finalize() != u32::from_le_bytes(crc_bytes) {
        return Err(damaged(
            "its checksum does not match its contents".to_string(),
        ));
    }
    let table = Outcomes::from_data(index, data)?;
    if long(20) != table.positions() || long(28) != table.p_positions() {
        return Err(damaged(
            "its counts of positions and P-positions do not match its outcomes".to_string(),
        ));
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boards::chomp_tiers::solve;

    #[test]
    fn damaged_and_foreign_files_are_refused_with_the_reason() {
        let mut table = Outcomes::new(Staircases::new(5, 6).unwrap());
        solve(&mut table, None, |_| {}).unwrap();
        let path =
            std::env::temp_dir().join(format!("nimlab-test-chomp-{}.db", std::process::id()));
        write_database(&table, &path).unwrap();
        let good = std::fs::read(&path).unwrap();
        let refused = |bytes: &[u8]| {
            std::fs::write(&path, bytes).unwrap();
            read_database(&path, None).unwrap_err().to_string()
        };
        // A flipped bit in the outcomes.
        let mut bad = good.clone();
        let at = bad.len() - 10;
        bad[at] ^= 4;
        assert!(refused(&bad).contains("checksum"), "{}", refused(&bad));
        // Cut short.
        assert!(refused(&good[..good.len() - 1]).contains("damaged"));
        // Another rectangle in the header.
        let mut other = good.clone();
        other[12] = 6;
        assert!(refused(&other).contains("6x6 rectangle's database has"));
        // A foreign file, and a later version.
        assert!(
            refused(b"PNG\x89 and more bytes than a header holds, surely more than 36")
                .contains("not a Chomp database")
        );
        assert!(refused(b"short").contains("too short"));
        let mut later = good.clone();
        later[8] = 2;
        assert!(refused(&later).contains("version 2"));
        // Too large for the memory allowed.
        std::fs::write(&path, &good).unwrap();
        let e = read_database(&path, Some(100)).unwrap_err().to_string();
        assert!(e.contains("5x6"), "{e}");
        assert_eq!(read_database(&path, None).unwrap().data(), table.data());
        std::fs::remove_file(&path).unwrap();
    }
}
