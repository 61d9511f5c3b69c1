//! `GET /api/players` and `GET /api`.

use super::State;
use crate::views::SizeView;
use axum::Json;
use mnk::explain::RECORDING_PLAYERS;
use mnk::players::catalog;
use serde::Serialize;

/// One player of the catalog.
#[derive(Debug, Serialize)]
pub struct PlayerView {
    /// The name to select it by.
    name: &'static str,
    /// How it plays.
    summary: &'static str,
    /// Where it comes from.
    origin: &'static str,
    /// Whether `POST .../tree` can show its search tree.
    tree: bool,
}

/// `GET /api/players`: `{"players": [...]}`.
pub async fn list() -> Json<serde_json::Value> {
    let players: Vec<PlayerView> = catalog()
        .iter()
        .map(|p| PlayerView {
            name: p.name,
            summary: p.summary,
            origin: p.origin,
            tree: RECORDING_PLAYERS.contains(&p.name),
        })
        .collect();
    Json(serde_json::json!({ "players": players }))
}

/// `GET /api`: the routes and this server's limits.
pub async fn index(axum::extract::State(state): State) -> Json<serde_json::Value> {
    let l = &state.limits;
    Json(serde_json::json!({
        "routes": [
            "GET /api/players",
            "POST /api/games",
            "GET /api/games/{id}",
            "DELETE /api/games/{id}",
            "POST /api/games/{id}/moves",
            "POST /api/games/{id}/undo",
            "POST /api/games/{id}/think",
            "POST /api/games/{id}/tree",
            "POST /api/games/{id}/compare",
            "GET /api/games/{id}/record",
        ],
        "limits": {
            "max_size": SizeView { width: l.max_side, height: l.max_side },
            "max_games": l.max_games,
            "think_ms": l.think_time.as_millis(),
            "max_nodes": l.max_nodes,
            "searches": l.searches,
            "body_bytes": l.body_bytes,
            "tree_nodes": l.tree_nodes,
            "tree_depth": l.tree_depth,
            "compare_ms": l.compare_time.as_millis(),
            "max_memory_mb": super::MAX_MEMORY_MB,
            "max_threads": super::MAX_THREADS,
        },
        "games": state.store.len(),
    }))
}
