//! What the server answers: a JSON body as `--json` prints it, or a refusal, `{"error":
//! "…"}` with its status.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use nimlab::limits::describe_bytes;
use serde::Serialize;
use std::io::{self, Write};

/// The longest answer sent, in bytes: a longer one is refused rather than built.
pub const MAX_ANSWER: usize = 32 << 20;

/// A request refused, with its status and the message that says why.
#[derive(Debug)]
pub struct Refusal {
    status: StatusCode,
    message: String,
}

impl Refusal {
    /// A refusal with `status` and `message`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
        }
    }

    /// The library's error: the request cannot be answered as it is (422), or the server
    /// stopped the computation because it is stopping (503).
    pub fn of(e: &nimlab::Error) -> Refusal {
        let status = match e {
            nimlab::Error::Interrupted => return Refusal::stopping(),
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        Refusal::new(status, message(e))
    }

    /// Every worker is computing and the request waited too long, or too many wait.
    pub fn busy(cores: usize) -> Refusal {
        Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy: its {cores} workers are computing and others wait; try again shortly"
            ),
        )
    }

    /// The server is stopping.
    pub fn stopping() -> Refusal {
        Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping: the computation was not finished",
        )
    }

    /// A computation that failed inside nimlab.
    pub fn internal() -> Refusal {
        Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the computation failed inside nimlab (a bug: the server's standard error says where)",
        )
    }

    /// The status.
    #[cfg(test)]
    pub fn status(&self) -> StatusCode {
        self.status
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Body<'a> {
            error: &'a str,
        }
        let mut text = serde_json::to_vec(&Body {
            error: &self.message,
        })
        .unwrap_or_default();
        text.push(b'\n');
        let mut response = (self.status, json_headers(), text).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// An error as the server says it: the library's message, with the request that helps
/// where there is one (the rule of the command line's messages, with the API's names).
pub fn message(e: &nimlab::Error) -> String {
    use nimlab::{Error, Further, LimitError, RuleError};
    let text = e.to_string();
    match e {
        Error::Rule(RuleError::UnknownGame {
            suggestion: None, ..
        }) => format!("{text} (`GET /api/games` lists every game)"),
        Error::Limit(LimitError {
            further: Some(Further::Sequence),
            ..
        }) => format!("{text}; `/api/sequence` computes further"),
        Error::TimeLimit { .. } => {
            format!(
                "{text}, the server's limit for one request (`nimlab serve --time-limit` sets it)"
            )
        }
        Error::MemoryLimit { .. } => {
            format!("{text}, the memory the server may hold (`nimlab serve --memory` sets it)")
        }
        _ => text,
    }
}

/// The headers of every JSON answer: never stored, since a GET request's answer is
/// computed each time.
fn json_headers() -> [(header::HeaderName, HeaderValue); 2] {
    [
        (
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        ),
        (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
    ]
}

/// `value` as one line of JSON, as `--json` prints it.
///
/// # Errors
/// When it is longer than [`MAX_ANSWER`]; `hint` then says how to ask for less.
pub fn to_json(value: &impl Serialize, hint: &str) -> Result<Vec<u8>, Refusal> {
    let mut out = Capped(Vec::new());
    serde_json::to_writer(&mut out, value).map_err(|_| {
        Refusal::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "the answer is longer than the server sends ({}){hint}",
                describe_bytes(MAX_ANSWER as u64)
            ),
        )
    })?;
    out.0.push(b'\n');
    Ok(out.0)
}

/// A JSON body, already written.
pub fn json(body: Vec<u8>) -> Response {
    (StatusCode::OK, json_headers(), body).into_response()
}

/// A buffer that refuses to grow beyond [`MAX_ANSWER`].
struct Capped(Vec<u8>);

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.0.len() + buf.len() > MAX_ANSWER {
            return Err(io::Error::other("the answer is too long"));
        }
        self.0.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_beyond_the_cap_is_refused() {
        let small = to_json(&vec![1u8; 10], "").unwrap();
        assert_eq!(small, b"[1,1,1,1,1,1,1,1,1,1]\n");
        // Each 0 takes two bytes ("0,"): this array is twice the cap.
        let large = vec![0u8; MAX_ANSWER];
        let refused = to_json(&large, "; ask for less").unwrap_err();
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            refused.message,
            "the answer is longer than the server sends (32 MiB); ask for less"
        );
    }

    #[test]
    fn limits_name_the_servers_flags() {
        let e = nimlab::Error::TimeLimit {
            limit: "1 s".into(),
        };
        assert!(message(&e).contains("nimlab serve --time-limit"));
        assert_eq!(
            Refusal::of(&nimlab::Error::Interrupted).status(),
            StatusCode::SERVICE_UNAVAILABLE
        );
    }
}
