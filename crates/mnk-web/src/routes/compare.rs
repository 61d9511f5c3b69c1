//! `POST /api/games/{id}/compare`: seed 003's comparison, live on the current position: the
//! same position searched by the game tree, minimax, alpha-beta and pruning, node counts side
//! by side. Each row runs with a depth that fits its share of the server's limits (a player
//! given none is given the deepest that fits, and its row names it: `alphabeta:depth=2`); a
//! row that cannot run here says why and is not run.

use super::games::check_version;
use super::players::fitting;
use super::request::parse_player;
use crate::body::{Client, GameId, JsonBody};
use crate::error::{ApiError, ApiResult};
use crate::state::State;
use crate::views::ValueView;
use axum::Json;
use mnk::notation::format_cell;
use mnk::players::{PlayerSpec, Seat};
use mnk::search;
use serde::{Deserialize, Serialize};

/// The players compared unless the request names others: seed 003's four programs (its game
/// tree, minimax, alpha-beta, pruning), seed 004's minimax, seeds 000/001's alpha-beta, and
/// the exact solver.
pub const DEFAULT_PLAYERS: &[&str] = &[
    "gametree",
    "minimax",
    "alphabeta",
    "gomoku-minimax",
    "gomoku-alphabeta",
    "gomoku-pruned",
    "perfect",
];

/// The most players one comparison runs.
const MAX_PLAYERS: usize = 12;

/// The request: every field optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest {
    /// The players (names with optional settings); default [`DEFAULT_PLAYERS`].
    players: Option<Vec<String>>,
    /// Time for each player, in milliseconds (default: the server's comparison time; at most
    /// the server's think time (else 400), shared among the players: `limit_ms` says each
    /// one's).
    time_ms: Option<u64>,
    /// Only if the game is still at this version.
    version: Option<u64>,
}

/// One player's result.
#[derive(Debug, Serialize)]
pub struct Row {
    /// The player.
    player: String,
    /// Its move, if it found one.
    #[serde(rename = "move")]
    mv: Option<String>,
    /// The value of the move, if the player has one.
    value: Option<ValueView>,
    /// Positions it visited.
    nodes: Option<u64>,
    /// Depth, for players with one.
    depth: Option<u32>,
    /// Nodes of the seed's game tree, for `gametree`.
    tree_nodes: Option<u128>,
    /// Milliseconds it took.
    time_ms: f64,
    /// Why it has no move (too large, stopped by the time limit), or why it cannot run here
    /// (then it was not run).
    error: Option<String>,
    /// Whether it was not run: it cannot play this position within the server's limits
    /// (`error` says why and what would).
    cannot_run: bool,
}

impl Row {
    /// The row of a player that has no move: `error` says why (`cannot_run`: it was not run).
    fn failed(spec: &PlayerSpec, time_ms: f64, error: String, cannot_run: bool) -> Self {
        Row {
            player: spec.to_string(),
            mv: None,
            value: None,
            nodes: None,
            depth: None,
            tree_nodes: None,
            time_ms,
            error: Some(error),
            cannot_run,
        }
    }
}

/// The answer.
#[derive(Debug, Serialize)]
pub struct CompareResponse {
    /// The side to move.
    side: mnk::game::Side,
    /// Time allowed to each player, in milliseconds: what was asked, at most the server's
    /// think time shared among the players.
    limit_ms: u128,
    /// One row per player, in the order asked.
    results: Vec<Row>,
}

/// `POST /api/games/{id}/compare`.
pub async fn compare(
    axum::extract::State(state): State,
    Client(client): Client,
    GameId(id): GameId,
    JsonBody(request): JsonBody<CompareRequest>,
) -> ApiResult<Json<CompareResponse>> {
    let entry = state.game(&id)?;
    // In use while it waits for a search slot and searches: not evicted before idle games.
    let _in_use = state.store.pin(&id);
    check_version(&entry, request.version)?;
    let board = entry.session.board().clone();
    if board.is_over() {
        return Err(ApiError::conflict(
            "the game is over: there is nothing to compare",
        ));
    }
    let names: Vec<String> = request
        .players
        .unwrap_or_else(|| DEFAULT_PLAYERS.iter().map(ToString::to_string).collect());
    if names.is_empty() || names.len() > MAX_PLAYERS {
        return Err(ApiError::bad_request(format!(
            "players: give 1 to {MAX_PLAYERS} players, not {}",
            names.len()
        )));
    }
    let asked = state.searcher.asked_time("time_ms", request.time_ms)?;
    // The whole comparison holds one search slot: together its players get at most what one
    // search may take (the server's think time), shared equally.
    let share = state.limits.think_time / u32::try_from(names.len()).unwrap_or(u32::MAX);
    let time = state
        .searcher
        .time_for(Some(asked.unwrap_or(state.limits.compare_time)))
        .min(share);
    // Each player as it can play here, with its share of the server's node cap as of its
    // time: given a depth that fits when it has none, else said why it cannot run.
    let think_ms = state.limits.think_time.as_millis().max(1);
    let nodes = u64::try_from(
        u128::from(state.limits.max_nodes) * time.as_millis().min(think_ms) / think_ms,
    )
    .unwrap_or(u64::MAX)
    .max(1);
    let specs: Vec<Result<PlayerSpec, (PlayerSpec, String)>> = names
        .iter()
        .map(|n| {
            let spec = parse_player(n)?;
            state.searcher.check_player("players", &spec)?;
            Ok(fitting(&spec, &board, nodes).map_err(|why| (spec, why)))
        })
        .collect::<ApiResult<_>>()?;
    let size = board.size();
    let side = board.to_move();
    let job_state = std::sync::Arc::clone(&state);
    let results = state
        .searcher
        .run(client, move |stop| {
            specs
                .iter()
                .map(|spec| {
                    let spec = match spec {
                        Ok(spec) => spec,
                        Err((spec, why)) => {
                            return Row::failed(spec, 0.0, format!("cannot run here: {why}"), true);
                        }
                    };
                    let mut seat = Seat::new(spec.clone());
                    // Each player's own time, within the comparison's.
                    let own = seat.limits(&mnk::players::Ask::now()).time;
                    let limits = search::Limits {
                        time: Some(own.map_or(time, |t| t.min(time))),
                        ..search::Limits::NONE
                    };
                    let ask = job_state.searcher.ask(limits, stop);
                    let choice = seat.choose(&board, &ask);
                    let time_ms = ask.start.elapsed().as_micros() as f64 / 1000.0;
                    match choice.map(|t| t.choice) {
                        Ok(c) => Row {
                            player: spec.to_string(),
                            mv: Some(format_cell(c.cell, size)),
                            value: c.value.map(|v| ValueView::new(v, side)),
                            nodes: Some(c.nodes),
                            depth: c.depth,
                            tree_nodes: c.tree_nodes,
                            time_ms,
                            error: None,
                            cannot_run: false,
                        },
                        Err(e) => Row::failed(spec, time_ms, e.to_string(), false),
                    }
                })
                .collect()
        })
        .await?;
    Ok(Json(CompareResponse {
        side: entry.session.board().to_move(),
        limit_ms: time.as_millis(),
        results,
    }))
}
