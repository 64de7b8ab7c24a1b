//! The compact binary file of a Grundy sequence.
//!
//! Layout (all integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | the magic `NIMLABGS` |
//! | 1 | format version, 1 |
//! | 1 | bytes per value: 1, 2 or 4 |
//! | 2 | length of the rule's text in bytes, r |
//! | r | the rule as text (UTF-8), e.g. `0.77` |
//! | 8 | the number of values, n |
//! | n × width | G(0), G(1), …, G(n − 1) |

use super::values::Values;
use crate::{Error, Result};
use std::io::{Read, Write};

const MAGIC: &[u8; 8] = b"NIMLABGS";
const VERSION: u8 = 1;

/// Writes `values` of the rule written `rule` in the binary format.
///
/// ```
/// use nimlab::heap::{read_binary, write_binary, Values};
/// let mut v = Values::default();
/// for x in [0, 1, 2, 3, 1, 4] { v.push(x); }
/// let mut bytes = Vec::new();
/// write_binary(&mut bytes, "0.77", &v).unwrap();
/// assert_eq!(bytes.len(), 8 + 1 + 1 + 2 + 4 + 8 + 6);
/// assert_eq!(read_binary(&mut &bytes[..]).unwrap(), ("0.77".to_string(), v));
/// ```
///
/// # Errors
/// The writer's I/O errors.
pub fn write_binary(out: &mut impl Write, rule: &str, values: &Values) -> std::io::Result<()> {
    out.write_all(MAGIC)?;
    out.write_all(&[VERSION, values.bytes_per_value() as u8])?;
    let rule_len = u16::try_from(rule.len()).unwrap_or(u16::MAX);
    out.write_all(&rule_len.to_le_bytes())?;
    out.write_all(&rule.as_bytes()[..usize::from(rule_len)])?;
    out.write_all(&(values.len() as u64).to_le_bytes())?;
    match values {
        Values::U8(v) => out.write_all(v)?,
        Values::U16(v) => {
            for chunk in v.chunks(1 << 16) {
                let bytes: Vec<u8> = chunk.iter().flat_map(|x| x.to_le_bytes()).collect();
                out.write_all(&bytes)?;
            }
        }
        Values::U32(v) => {
            for chunk in v.chunks(1 << 16) {
                let bytes: Vec<u8> = chunk.iter().flat_map(|x| x.to_le_bytes()).collect();
                out.write_all(&bytes)?;
            }
        }
    }
    Ok(())
}

/// Reads a file written by [`write_binary`]: the rule's text and the values.
///
/// # Errors
/// [`Error::Unsupported`] naming what is wrong with the file (not this format, another
/// version, cut short).
pub fn read_binary(input: &mut impl Read) -> Result<(String, Values)> {
    let bad = |what: &str| Error::Unsupported(format!("not a nimlab sequence file: {what}"));
    let mut head = [0u8; 12];
    input
        .read_exact(&mut head)
        .map_err(|_| bad("it is shorter than the header"))?;
    if &head[..8] != MAGIC {
        return Err(bad("it does not begin with NIMLABGS"));
    }
    if head[8] != VERSION {
        return Err(bad(&format!(
            "format version {} (this nimlab reads {VERSION})",
            head[8]
        )));
    }
    let width = head[9];
    if ![1, 2, 4].contains(&width) {
        return Err(bad(&format!(
            "{width} bytes per value (expected 1, 2 or 4)"
        )));
    }
    let rule_len = usize::from(u16::from_le_bytes([head[10], head[11]]));
    let mut rule = vec![0u8; rule_len];
    input
        .read_exact(&mut rule)
        .map_err(|_| bad("the rule is cut short"))?;
    let rule = String::from_utf8(rule).map_err(|_| bad("the rule is not UTF-8 text"))?;
    let mut count = [0u8; 8];
    input
        .read_exact(&mut count)
        .map_err(|_| bad("the count of values is cut short"))?;
    let count = u64::from_le_bytes(count);
    if count > super::sequence::MAX_LENGTH {
        return Err(bad(&format!("it claims {count} values")));
    }
    let mut bytes = Vec::new();
    input
        .take(count * u64::from(width))
        .read_to_end(&mut bytes)
        .map_err(|e| Error::Unsupported(format!("cannot read the values: {e}")))?;
    if bytes.len() as u64 != count * u64::from(width) {
        return Err(bad(&format!(
            "it holds {} of its {count} values",
            bytes.len() / usize::from(width)
        )));
    }
    let values = match width {
        1 => Values::U8(bytes),
        2 => Values::U16(
            bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        ),
        _ => Values::U32(
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        ),
    };
    Ok((rule, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_in_every_width_and_bad_files() {
        for top in [200u32, 60_000, 100_000] {
            let mut v = Values::default();
            for i in 0..1000 {
                v.push(i * 7919 % top);
            }
            let mut bytes = Vec::new();
            write_binary(&mut bytes, "4.3…", &v).unwrap();
            assert_eq!(read_binary(&mut &bytes[..]).unwrap(), ("4.3…".into(), v));
            let cut = read_binary(&mut &bytes[..bytes.len() - 1]).unwrap_err();
            assert!(cut.to_string().contains("999 of its 1000"), "{cut}");
        }
        let err = read_binary(&mut &b"hello world, this is text"[..]).unwrap_err();
        assert!(err.to_string().contains("NIMLABGS"));
        assert!(read_binary(&mut &b"NIM"[..]).is_err());
    }
}
