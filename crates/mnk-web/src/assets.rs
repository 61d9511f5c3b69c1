//! The page's files, compiled into the binary: `mnk serve` needs nothing on disk.

use crate::error::ApiError;
use axum::extract::Path;
use axum::http::header;
use axum::response::IntoResponse;

/// The page.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// Its script (a module importing those of [`MODULES`]).
pub const APP_JS: &str = include_str!("../assets/app.js");
/// The script's modules, served under `/js/`.
pub const MODULES: &[(&str, &str)] = &[
    ("state.js", include_str!("../assets/js/state.js")),
    ("api.js", include_str!("../assets/js/api.js")),
    ("values.js", include_str!("../assets/js/values.js")),
    ("players.js", include_str!("../assets/js/players.js")),
    ("board.js", include_str!("../assets/js/board.js")),
    ("search.js", include_str!("../assets/js/search.js")),
    ("steps.js", include_str!("../assets/js/steps.js")),
    ("live.js", include_str!("../assets/js/live.js")),
    ("moves.js", include_str!("../assets/js/moves.js")),
    ("link.js", include_str!("../assets/js/link.js")),
    ("graph.js", include_str!("../assets/js/graph.js")),
    ("clock.js", include_str!("../assets/js/clock.js")),
    ("records.js", include_str!("../assets/js/records.js")),
    ("opening.js", include_str!("../assets/js/opening.js")),
    ("review.js", include_str!("../assets/js/review.js")),
];
/// Its style sheet.
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
/// Its icon.
pub const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");

fn file(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    file("text/html; charset=utf-8", INDEX_HTML)
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    file("text/javascript; charset=utf-8", APP_JS)
}

/// `GET /js/{file}`: one of the script's [`MODULES`].
///
/// # Errors
/// 404 for any other name.
pub async fn module(Path(name): Path<String>) -> Result<impl IntoResponse, ApiError> {
    MODULES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, body)| file("text/javascript; charset=utf-8", body))
        .ok_or_else(|| ApiError::not_found(format!("no script /js/{name}")))
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    file("text/css; charset=utf-8", STYLE_CSS)
}

/// `GET /favicon.svg`.
pub async fn icon() -> impl IntoResponse {
    file("image/svg+xml", FAVICON_SVG)
}
