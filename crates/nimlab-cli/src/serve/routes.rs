//! Which request goes where: the API's routes with their methods, the page for every
//! other path, and JSON refusals for unknown routes and methods.

use super::api::{self, MAX_BODY};
use super::page;
use super::work::Workers;
use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use axum::http::{Method, Uri};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;
use std::time::Duration;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::RequestBodyDeadlineLayer;

/// How long a request's body may take to arrive.
pub const BODY_DEADLINE: Duration = Duration::from_secs(10);

/// The server's routes.
pub fn router(workers: Arc<Workers>) -> Router {
    Router::new()
        .route("/api/analyze", post(api::analyze).get(api::analyze_query))
        .route("/api/value", post(api::value).get(api::value_query))
        .route(
            "/api/sequence",
            post(api::sequence).get(api::sequence_query),
        )
        .route("/api/games", get(api::games))
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        // A slow client may not hold a connection with a body that never ends.
        .layer(RequestBodyDeadlineLayer::new(BODY_DEADLINE))
        .layer(axum::middleware::from_fn(api::refuse_long_requests))
        // The page's files are compressed for the clients that ask; the API's answers
        // are small.
        .fallback(page::file.layer(CompressionLayer::new()))
        .with_state(workers)
}

/// 405 on an API route, naming the methods it takes.
async fn wrong_method(method: Method, uri: Uri) -> Response {
    let allowed = if uri.path() == "/api/games" {
        "GET, HEAD"
    } else {
        "GET, HEAD, POST"
    };
    page::not_allowed(&method, uri.path(), allowed)
}
