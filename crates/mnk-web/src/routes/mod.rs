//! The router: the page, its files, and the JSON API under `/api`.

mod compare;
mod games;
mod players;
mod think;
mod tree;

use crate::assets;
use crate::config::Limits;
use crate::error::{ApiError, ApiResult};
use crate::searcher::Searcher;
use crate::store::{Entry, Store};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use mnk::players::{PlayerSpec, strongest_for};
use std::sync::Arc;

/// What every handler shares.
#[derive(Debug)]
pub struct AppState {
    /// The games.
    pub store: Store,
    /// The search slots.
    pub searcher: Searcher,
    /// The server's bounds.
    pub limits: Limits,
}

/// The shared state as handlers receive it.
pub type State = axum::extract::State<Arc<AppState>>;

impl AppState {
    /// A copy of the game `id`, or 404.
    ///
    /// # Errors
    /// 404 when there is no such game (never created, deleted, or evicted).
    pub fn game(&self, id: &str) -> ApiResult<Entry> {
        self.store.get(id).ok_or_else(|| unknown_game(id))
    }
}

/// The 404 for a game id.
pub fn unknown_game(id: &str) -> ApiError {
    ApiError::not_found(format!(
        "no game '{id}' (it may have been evicted: games idle longest go first); create one with POST /api/games"
    ))
}

/// The largest transposition table a player of a request may ask for (`memory-mb`), in MiB.
pub const MAX_MEMORY_MB: u64 = 256;
/// The most search threads a player of a request may ask for (`threads`).
pub const MAX_THREADS: usize = 2;

/// Parses a player specification, or 400 saying which players exist; settings that would let
/// one request take the machine (a huge table, many threads) are refused.
///
/// # Errors
/// 400 for an unknown player or setting, or a setting beyond the server's bounds.
pub fn parse_player(text: &str) -> ApiResult<PlayerSpec> {
    let spec: PlayerSpec = text
        .parse()
        .map_err(|e| ApiError::bad_request(format!("player: {e}")))?;
    if let Some(mib) = spec.options.memory_mib.filter(|&m| m > MAX_MEMORY_MB) {
        return Err(ApiError::bad_request(format!(
            "player: memory-mb={mib} is more than this server gives one search (at most {MAX_MEMORY_MB})"
        )));
    }
    if let Some(threads) = spec.options.threads.filter(|&t| t > MAX_THREADS) {
        return Err(ApiError::bad_request(format!(
            "player: threads={threads} is more than this server gives one search (at most {MAX_THREADS})"
        )));
    }
    Ok(spec)
}

/// A move list given as one string (`"b2 a1"`) or an array (`["b2", "a1"]`), as one string.
///
/// # Errors
/// 400 naming `field` for anything else.
pub fn move_list(value: Option<&serde_json::Value>, field: &str) -> ApiResult<String> {
    use serde_json::Value;
    match value {
        None => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|m| {
                m.as_str().map(str::to_string).ok_or_else(|| {
                    ApiError::bad_request(format!("{field}: {m} is not a move like \"b2\""))
                })
            })
            .collect::<ApiResult<Vec<_>>>()
            .map(|v| v.join(" ")),
        Some(other) => Err(ApiError::bad_request(format!(
            "{field}: {other} is not a move list; give \"b2 a1\" or [\"b2\", \"a1\"]"
        ))),
    }
}

/// The player a request names, else the computer seated on the side to move, else the
/// strongest player for the board.
///
/// # Errors
/// 400 for an unknown player or setting.
pub fn player_for(entry: &Entry, asked: Option<&str>) -> ApiResult<PlayerSpec> {
    let board = entry.game.board();
    match asked {
        Some(text) => parse_player(text),
        None => Ok(entry
            .seat(board.to_move())
            .cloned()
            .unwrap_or_else(|| strongest_for(board.variant()))),
    }
}

/// The whole application: page, files and API, with `limits`.
pub fn app(limits: Limits) -> Router {
    let state = Arc::new(AppState {
        store: Store::new(limits.max_games, limits.seat_memory),
        searcher: Searcher::new(&limits),
        limits: limits.clone(),
    });
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/favicon.svg", get(assets::icon))
        .route("/api", get(players::index))
        .route("/api/players", get(players::list))
        .route("/api/games", post(games::create))
        .route("/api/games/{id}", get(games::read).delete(games::delete))
        .route("/api/games/{id}/moves", post(games::play))
        .route("/api/games/{id}/undo", post(games::undo))
        .route("/api/games/{id}/record", get(games::record))
        .route("/api/games/{id}/think", post(think::think))
        .route("/api/games/{id}/tree", post(tree::tree))
        .route("/api/games/{id}/compare", post(compare::compare))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limits.body_bytes))
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
