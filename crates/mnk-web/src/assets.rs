//! The page's files, compiled into the binary: `mnk serve` needs nothing on disk.

use axum::http::header;
use axum::response::IntoResponse;

/// The page.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// Its script.
pub const APP_JS: &str = include_str!("../assets/app.js");
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

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    file("text/css; charset=utf-8", STYLE_CSS)
}

/// `GET /favicon.svg`.
pub async fn icon() -> impl IntoResponse {
    file("image/svg+xml", FAVICON_SVG)
}
