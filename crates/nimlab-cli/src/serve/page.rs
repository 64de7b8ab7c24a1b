//! The page's static files, embedded in the binary when it is built (read from
//! `crates/nimlab-web/dist/` at run time in a debug build), each with its content type
//! and caching; a short page that says how to build it when it was not built.

use super::answer::Refusal;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use rust_embed::Embed;

/// The built page: `crates/nimlab-web/build.sh` writes it.
#[derive(Embed)]
#[folder = "../nimlab-web/dist/"]
#[allow_missing = true]
struct Files;

/// What the server says when the page was not built.
pub const NOT_BUILT: &str = "the page was not built into this binary \
    (run crates/nimlab-web/build.sh, then build nimlab again); the JSON API works";

/// Whether the page is there.
pub fn is_built() -> bool {
    Files::get("index.html").is_some()
}

/// A file of the page, by the path of a GET or HEAD request; `/` is `index.html`.
pub async fn file(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return no_route(&method, path);
    }
    let mut name = path.trim_start_matches('/').to_string();
    if name.is_empty() || name.ends_with('/') {
        name.push_str("index.html");
    }
    // Only plain names: no way out of the folder.
    let plain = !name.contains('\\') && name.split('/').all(|s| !s.is_empty() && s != "..");
    let found = if plain { Files::get(&name) } else { None };
    let Some(found) = found else {
        if name == "index.html" {
            return not_built(&method);
        }
        return no_route(&method, path);
    };
    if method != Method::GET && method != Method::HEAD {
        return not_allowed(&method, path, "GET, HEAD");
    }
    let tag = etag(&found.metadata.sha256_hash());
    let cache = if name.starts_with("assets/") {
        // The build names these files by their content: a new build, a new name.
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut response = if matches(&headers, &tag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(header::CONTENT_TYPE, content_type(&name))],
            found.data.into_owned(),
        )
            .into_response()
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Ok(tag) = HeaderValue::from_str(&tag) {
        h.insert(header::ETAG, tag);
    }
    response
}

/// The page that stands in for the page when it was not built.
fn not_built(method: &Method) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return not_allowed(method, "/", "GET, HEAD");
    }
    const HTML: &str = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>nimlab</title></head>\n<body>\n<h1>nimlab</h1>\n\
         <p>The page was not built into this binary. Build it with \
         <code>crates/nimlab-web/build.sh</code>, then build nimlab again \
         (<code>cargo build --release</code>).</p>\n\
         <p>The JSON API works: <code>POST /api/analyze</code>, <code>/api/value</code>, \
         <code>/api/sequence</code> and <code>GET /api/games</code> answer as \
         <code>nimlab … --json</code> prints.</p>\n</body></html>\n";
    let mut response = Html(HTML).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// 404, naming the routes there are.
pub fn no_route(method: &Method, path: &str) -> Response {
    Refusal::new(
        StatusCode::NOT_FOUND,
        format!(
            "no such route: {method} {path}; the API is POST /api/analyze, /api/value and /api/sequence (or GET with the same fields as query parameters) and GET /api/games"
        ),
    )
    .into_response()
}

/// 405, naming the methods the route takes.
pub fn not_allowed(method: &Method, path: &str, allowed: &'static str) -> Response {
    let mut response = Refusal::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{path} does not take {method}: it takes {allowed}"),
    )
    .into_response();
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allowed));
    response
}

/// A weak entity tag from the file's hash (weak, since the answer may be compressed).
fn etag(hash: &[u8; 32]) -> String {
    let hex: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("W/\"{hex}\"")
}

/// Whether the client's `If-None-Match` holds `tag` (compared weakly).
fn matches(headers: &HeaderMap, tag: &str) -> bool {
    let strip = |t: &str| t.trim().trim_start_matches("W/").to_string();
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == "*" || strip(t) == strip(tag))
}

/// The content type of a file of the page, by its extension.
pub fn content_type(name: &str) -> &'static str {
    let extension = name.rsplit_once('.').map_or("", |(_, e)| e);
    match extension.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_have_their_content_types() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("assets/nimlab_bg.wasm"), "application/wasm");
        assert_eq!(
            content_type("assets/index-4f2a.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("assets/index.CSS"), "text/css; charset=utf-8");
        assert_eq!(content_type("icon.svg"), "image/svg+xml");
        assert_eq!(content_type("LICENSE"), "application/octet-stream");
    }

    #[test]
    fn entity_tags_compare_weakly() {
        let tag = etag(&[0xab; 32]);
        assert_eq!(tag, format!("W/\"{}\"", "ab".repeat(16)));
        let mut headers = HeaderMap::new();
        assert!(!matches(&headers, &tag));
        let strong = format!("\"{}\"", "ab".repeat(16));
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&format!("\"other\", {strong}")).unwrap(),
        );
        assert!(matches(&headers, &tag));
    }
}
