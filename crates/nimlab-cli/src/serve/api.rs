//! The JSON API: each request read (a JSON body, or query parameters with the same
//! names), handed to the library's [`nimlab::api`] on a worker, and answered as
//! `nimlab … --json` prints it.

use super::answer::{json, to_json, Refusal};
use super::work::Workers;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use nimlab::api::{AnalyzeRequest, SequenceRequest, ValueRequest};
use nimlab::calc::Session;
use nimlab::limits::describe_bytes;
use serde::de::DeserializeOwned;
use std::sync::{Arc, OnceLock};

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 64 << 10;

/// The longest query read, in bytes: a longer request goes in a body. (The HTTP layer
/// refuses a target longer than 64 KB itself, with the bare status 414.)
pub const MAX_QUERY: usize = 16 << 10;

/// The server's state: its workers.
pub type Shared = State<Arc<Workers>>;

/// `POST /api/analyze`.
pub async fn analyze(
    State(w): Shared,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    match from_body(&headers, body) {
        Ok(req) => answer_analyze(&w, req).await,
        Err(refused) => refused.into_response(),
    }
}

/// `GET /api/analyze?game=…&position=…`.
pub async fn analyze_query(
    State(w): Shared,
    query: Result<Query<AnalyzeRequest>, QueryRejection>,
) -> Response {
    match from_query(query) {
        Ok(req) => answer_analyze(&w, req).await,
        Err(refused) => refused.into_response(),
    }
}

async fn answer_analyze(w: &Workers, req: AnalyzeRequest) -> Response {
    let limits = w.limits();
    respond(
        w.run(move || {
            let mut analyzer = crate::analyze::analyzer(&limits);
            let analysis =
                nimlab::api::analyze(&req, &mut analyzer).map_err(|e| Refusal::of(&e))?;
            to_json(&analysis, "; ask for fewer winning moves (`max_moves`)")
        })
        .await,
    )
}

/// `POST /api/value`.
pub async fn value(
    State(w): Shared,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    match from_body(&headers, body) {
        Ok(req) => answer_value(&w, req).await,
        Err(refused) => refused.into_response(),
    }
}

/// `GET /api/value?expression=…`.
pub async fn value_query(
    State(w): Shared,
    query: Result<Query<ValueRequest>, QueryRejection>,
) -> Response {
    match from_query(query) {
        Ok(req) => answer_value(&w, req).await,
        Err(refused) => refused.into_response(),
    }
}

async fn answer_value(w: &Workers, req: ValueRequest) -> Response {
    respond(
        w.run(move || {
            // A session of its own: no variable of one request is seen by another.
            let answer =
                nimlab::api::value(&req, &mut Session::new()).map_err(|e| Refusal::of(&e))?;
            to_json(&answer, "")
        })
        .await,
    )
}

/// `POST /api/sequence`.
pub async fn sequence(
    State(w): Shared,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    match from_body(&headers, body) {
        Ok(req) => answer_sequence(&w, req).await,
        Err(refused) => refused.into_response(),
    }
}

/// `GET /api/sequence?rule=…&to=…`.
pub async fn sequence_query(
    State(w): Shared,
    query: Result<Query<SequenceRequest>, QueryRejection>,
) -> Response {
    match from_query(query) {
        Ok(req) => answer_sequence(&w, req).await,
        Err(refused) => refused.into_response(),
    }
}

async fn answer_sequence(w: &Workers, req: SequenceRequest) -> Response {
    respond(
        w.run(move || {
            let report = nimlab::api::sequence(&req, |_| {}).map_err(|e| Refusal::of(&e))?;
            to_json(&report, "")
        })
        .await,
    )
}

/// `GET /api/games`: the catalogue, the same for every request.
pub async fn games() -> Response {
    static GAMES: OnceLock<Vec<u8>> = OnceLock::new();
    let body = GAMES.get_or_init(|| {
        let mut text = serde_json::to_vec(&nimlab::api::games()).unwrap_or_default();
        text.push(b'\n');
        text
    });
    json(body.clone())
}

fn respond(answer: Result<Vec<u8>, Refusal>) -> Response {
    match answer {
        Ok(body) => json(body),
        Err(refused) => refused.into_response(),
    }
}

/// Reads a request from a JSON body: 415 unless the body is said to be JSON, 413 beyond
/// [`MAX_BODY`], 400 for a body that is not UTF-8 text or not JSON (with the line and
/// column), 422 for JSON that is not the request (an unknown or missing field, a wrong
/// type).
fn from_body<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<T, Refusal> {
    is_json(headers)?;
    let bytes = body.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else if is_cause::<tower_http::timeout::TimeoutError>(&r) {
            Refusal::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s",
                    super::routes::BODY_DEADLINE.as_secs()
                ),
            )
        } else {
            Refusal::new(
                r.status(),
                format!("cannot read the request body: {}", innermost(&r)),
            )
        }
    })?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let at = e.valid_up_to();
        Refusal::new(
            StatusCode::BAD_REQUEST,
            format!(
                "the request body is not UTF-8 text: invalid byte {:#04x} at offset {at}",
                bytes[at]
            ),
        )
    })?;
    serde_json::from_str(text).map_err(|e| {
        let status = match e.classify() {
            serde_json::error::Category::Data => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::BAD_REQUEST,
        };
        Refusal::new(status, format!("cannot read the request: {e}"))
    })
}

/// 415 unless the request's `Content-Type` is JSON: `application/json` (with or without
/// parameters such as `charset=utf-8`) or a `+json` type.
fn is_json(headers: &HeaderMap) -> Result<(), Refusal> {
    let Some(given) = headers.get(header::CONTENT_TYPE) else {
        return Err(Refusal::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the request has no Content-Type: send the JSON body with `Content-Type: application/json`",
        ));
    };
    let text = String::from_utf8_lossy(given.as_bytes());
    let essence = text
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let json = essence == "application/json"
        || essence
            .strip_prefix("application/")
            .is_some_and(|sub| sub.ends_with("+json"));
    if json {
        Ok(())
    } else {
        Err(Refusal::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!(
                "the request's Content-Type is `{}`: the body must be JSON, sent with `Content-Type: application/json` (or use GET with query parameters)",
                text.trim()
            ),
        ))
    }
}

/// 413: a body longer than [`MAX_BODY`].
fn too_large() -> Refusal {
    Refusal::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the request body is larger than the server reads ({})",
            describe_bytes(MAX_BODY as u64)
        ),
    )
}

/// Refuses a request whose declared length is beyond [`MAX_BODY`] before its body is
/// read (a longer body that does not say its length is refused as it is read), and a
/// query longer than [`MAX_QUERY`] (414). Headers beyond what the HTTP layer reads at all
/// (about 400 KB) are refused there, with the bare status 431.
pub async fn refuse_long_requests(req: Request, next: Next) -> Response {
    let query = req.uri().query().map_or(0, str::len);
    if query > MAX_QUERY {
        return Refusal::new(
            StatusCode::URI_TOO_LONG,
            format!(
                "the query is longer than the server reads ({}); send a long request as a JSON body with POST",
                describe_bytes(MAX_QUERY as u64)
            ),
        )
        .into_response();
    }
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return too_large().into_response();
    }
    next.run(req).await
}

/// Reads a request from the query parameters: 422 for an unknown or missing field or a
/// value of the wrong type.
fn from_query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, Refusal> {
    match query {
        Ok(Query(req)) => Ok(req),
        Err(r) => Err(Refusal::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("cannot read the query parameters: {}", innermost(&r)),
        )),
    }
}

/// Whether an error was caused by an `E`.
fn is_cause<E: std::error::Error + 'static>(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(e);
    while let Some(c) = cause {
        if c.is::<E>() {
            return true;
        }
        cause = c.source();
    }
    false
}

/// The innermost cause of an error: the parser's own words.
fn innermost(e: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = e;
    while let Some(next) = cause.source() {
        cause = next;
    }
    cause.to_string()
}
