//! The error that ends an MPI run: the first error of any rank, with the rank it came
//! from, as every rank learns it.

use crate::{Error, Further, LimitError};
use std::fmt;

/// The first error of an MPI run and the rank where it happened. Rank 0 sends it to
/// every rank still at work, so each rank returns the same `Failed`.
///
/// ```
/// use nimlab::cluster::Failed;
/// let failed = Failed { rank: 3, error: nimlab::Error::Interrupted };
/// assert_eq!(failed.to_string(), "rank 3: interrupted: the computation was stopped before it finished");
/// // As it crosses from rank to rank.
/// assert_eq!(Failed::from_bytes(&failed.to_bytes()), Some(failed));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failed {
    /// The rank where the error happened.
    pub rank: usize,
    /// The error.
    pub error: Error,
}

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rank {}: {}", self.rank, self.error)
    }
}

impl std::error::Error for Failed {}

/// The kinds of error that cross between ranks as they are; any other error crosses as
/// [`Error::Unsupported`] with its message.
const INTERRUPTED: u8 = 0;
const TIME: u8 = 1;
const MEMORY: u8 = 2;
const LIMIT: u8 = 3;
const OTHER: u8 = 4;

impl Failed {
    /// The bytes that carry this error to another rank: the kind of error, the rank (4
    /// bytes, little-endian) and the error's texts, each ended by a zero byte.
    pub fn to_bytes(&self) -> Vec<u8> {
        let further = |f: Option<Further>| match f {
            Some(Further::Sequence) => "sequence",
            Some(Further::Window) => "window",
            Some(Further::Graph) => "graph",
            None => "",
        };
        let (kind, texts): (u8, Vec<String>) = match &self.error {
            Error::Interrupted => (INTERRUPTED, vec![]),
            Error::TimeLimit { limit } => (TIME, vec![limit.clone()]),
            Error::MemoryLimit { limit } => (MEMORY, vec![limit.clone()]),
            Error::Limit(e) => (
                LIMIT,
                vec![e.what.clone(), e.limit.clone(), further(e.further).into()],
            ),
            other => (OTHER, vec![other.to_string()]),
        };
        let mut bytes = vec![kind];
        bytes.extend_from_slice(&(self.rank as u32).to_le_bytes());
        for t in texts {
            bytes.extend(t.bytes().filter(|&b| b != 0));
            bytes.push(0);
        }
        bytes
    }

    /// Reads what [`Failed::to_bytes`] wrote; `None` for bytes it did not write.
    pub fn from_bytes(bytes: &[u8]) -> Option<Failed> {
        let (&kind, rest) = bytes.split_first()?;
        let rank = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        let rest = &rest[4..];
        let texts: Vec<String> = if rest.is_empty() {
            Vec::new()
        } else {
            let body = rest.strip_suffix(&[0])?;
            body.split(|&b| b == 0)
                .map(|t| String::from_utf8(t.to_vec()).ok())
                .collect::<Option<_>>()?
        };
        let error = match (kind, texts.as_slice()) {
            (INTERRUPTED, []) => Error::Interrupted,
            (TIME, [limit]) => Error::TimeLimit {
                limit: limit.clone(),
            },
            (MEMORY, [limit]) => Error::MemoryLimit {
                limit: limit.clone(),
            },
            (LIMIT, [what, limit, further]) => Error::Limit(LimitError {
                what: what.clone(),
                limit: limit.clone(),
                further: match further.as_str() {
                    "sequence" => Some(Further::Sequence),
                    "window" => Some(Further::Window),
                    "graph" => Some(Further::Graph),
                    "" => None,
                    _ => return None,
                },
            }),
            (OTHER, [text]) => Error::Unsupported(text.clone()),
            _ => return None,
        };
        Some(Failed { rank, error })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_error_crosses_as_it_is() {
        let errors = [
            Error::Interrupted,
            Error::TimeLimit {
                limit: "1 s".into(),
            },
            Error::MemoryLimit {
                limit: "16 MiB".into(),
            },
            Error::limit("heap 10^30", "heaps up to 10^9"),
            Error::Limit(LimitError {
                what: "a".into(),
                limit: "b".into(),
                further: Some(Further::Window),
            }),
            Error::Unsupported("no".into()),
        ];
        for (rank, error) in errors.into_iter().enumerate() {
            let failed = Failed { rank, error };
            assert_eq!(Failed::from_bytes(&failed.to_bytes()), Some(failed));
        }
        // Other errors cross as their message.
        let parse = Error::parse("x", 2, "a number");
        let failed = Failed {
            rank: 1,
            error: parse.clone(),
        };
        let back = Failed::from_bytes(&failed.to_bytes()).unwrap();
        assert_eq!(back.error, Error::Unsupported(parse.to_string()));
        assert_eq!(back.to_string(), failed.to_string());
    }

    #[test]
    fn bytes_it_did_not_write_are_refused() {
        let good = Failed {
            rank: 2,
            error: Error::TimeLimit {
                limit: "1 s".into(),
            },
        }
        .to_bytes();
        for cut in 0..good.len() {
            assert_eq!(Failed::from_bytes(&good[..cut]), None, "{cut} bytes");
        }
        let mut bad_kind = good.clone();
        bad_kind[0] = 9;
        assert_eq!(Failed::from_bytes(&bad_kind), None);
        let mut extra = good;
        extra.extend_from_slice(b"more\0");
        assert_eq!(Failed::from_bytes(&extra), None);
    }
}
