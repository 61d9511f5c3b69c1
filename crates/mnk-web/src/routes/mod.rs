//! The router: the page, its files, and the JSON API under `/api`.

mod clock;
mod compare;
mod games;
mod live;
mod opening;
mod players;
mod records;
mod think;
mod tree;
mod variant;

mod request;

use crate::assets;
use crate::body::BodyRules;
use crate::config::Limits;
use crate::error::ApiError;
use crate::state::AppState;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use std::sync::Arc;

pub use request::{MAX_MEMORY_MB, MAX_THREADS};

/// The whole application: page, files and API, with `limits`.
pub fn app(limits: Limits) -> Router {
    app_with(Arc::new(AppState::new(limits)))
}

/// The whole application on `state` (whose owner can then reach its searches: stop them all
/// when the server shuts down).
pub fn app_with(state: Arc<AppState>) -> Router {
    let limits = state.limits.clone();
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/js/{file}", get(assets::module))
        .route("/style.css", get(assets::style))
        .route("/favicon.svg", get(assets::icon))
        .route("/api", get(players::index))
        .route("/api/players", get(players::list))
        .route("/api/variant", get(variant::variant))
        .route("/api/games", post(games::create))
        .route("/api/games/{id}", get(games::read).delete(games::delete))
        .route("/api/games/{id}/moves", post(games::play))
        .route("/api/games/{id}/opening", post(opening::choose))
        .route("/api/games/{id}/undo", post(games::undo))
        .route("/api/games/{id}/end", post(games::end))
        .route("/api/games/{id}/record", get(games::record))
        .route("/api/games/{id}/think", post(live::think))
        .route("/api/games/{id}/stop", post(think::stop))
        .route("/api/games/{id}/tree", post(tree::tree))
        .route("/api/games/{id}/compare", post(compare::compare))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        .layer(axum::Extension(BodyRules {
            bytes: limits.body_bytes,
            time: limits.body_timeout,
        }))
        .with_state(state)
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!(
        "no route {}; GET /api lists the routes",
        uri.path()
    ))
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "{method} is not accepted on {}; GET /api lists the routes",
            uri.path()
        ),
    )
}
