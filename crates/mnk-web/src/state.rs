//! What every handler shares: the games, the search slots and the server's bounds.

use crate::config::Limits;
use crate::error::{ApiError, ApiResult};
use crate::searcher::Searcher;
use crate::store::{Entry, Store};
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
    /// No games yet, the search slots and bounds of `limits`.
    #[must_use]
    pub fn new(limits: Limits) -> Self {
        AppState {
            store: Store::new(
                limits.max_games,
                limits.games_per_client,
                limits.seat_memory,
            ),
            searcher: Searcher::new(&limits),
            limits,
        }
    }

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
