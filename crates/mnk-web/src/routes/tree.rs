//! `POST /api/games/{id}/tree`: the tree a player searched from the current position, a
//! bounded part at a time.

use super::games::check_version;
use super::request::{move_list, player_for};
use crate::body::{Client, GameId, JsonBody};
use crate::error::{ApiError, ApiResult};
use crate::state::State;
use crate::views::{ChoiceView, NodeView, cells};
use axum::Json;
use mnk::explain::{ExplainError, TreeOptions, explain};
use mnk::notation::parse_moves;
use mnk::players::{MoveOrder, Seat, info, names_with};
use mnk::search;
use serde::{Deserialize, Serialize};
use serde_json::Value as JsonValue;

/// The request: every field optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeRequest {
    /// The player whose search to record (default: the computer seated on the side to move,
    /// else `alphabeta`).
    player: Option<String>,
    /// The node to show, as moves from the current position: `"b2 a1"` or `["b2", "a1"]`.
    path: Option<JsonValue>,
    /// Plies to show below that node (default 1, at most the server's tree depth).
    depth: Option<u32>,
    /// At most this many nodes (default and cap: the server's tree size).
    max_nodes: Option<usize>,
    /// Time for the search, in milliseconds: at most the server's cap, else 400.
    time_ms: Option<u64>,
    /// Search depth, for players that have one.
    search_depth: Option<u32>,
    /// The order the search tries moves in, for players that take one (`alphabeta`):
    /// `row-major` (default), `best-first` or `worst-first`.
    order: Option<String>,
    /// Only if the game is still at this version.
    version: Option<u64>,
}

/// The answer.
#[derive(Debug, Serialize)]
pub struct TreeResponse {
    /// The move the player chose at the root and what it knows about it.
    #[serde(flatten)]
    choice: ChoiceView,
    /// Positions the search entered (transpositions of `gametree` included).
    visited: u64,
    /// Nodes in this answer.
    recorded: usize,
    /// Whether the node cap cut the answer short.
    truncated: bool,
    /// The node shown, as moves from the current position.
    focus: Vec<String>,
    /// Plies shown below it (`depth` is the player's own search depth).
    plies: u32,
    /// The node and its subtree. Values are for the side to move at the root.
    tree: NodeView,
    /// Positions the whole search entered at each ply, the root (1) first: shown or not.
    nodes_per_ply: Vec<u64>,
    /// The search's effective branching factor b*: a uniform tree as deep as its deepest ply
    /// with b* children per node would hold as many positions (null when it did not go below
    /// the root).
    branching_factor: Option<f64>,
    /// The order moves were tried in (`row-major`, `best-first`, `worst-first`), for players
    /// that take one.
    order: Option<&'static str>,
}

/// `POST /api/games/{id}/tree`.
pub async fn tree(
    axum::extract::State(state): State,
    Client(client): Client,
    GameId(id): GameId,
    JsonBody(request): JsonBody<TreeRequest>,
) -> ApiResult<Json<TreeResponse>> {
    let entry = state.game(&id)?;
    // In use while it waits for a search slot and searches: not evicted before idle games.
    let _in_use = state.store.pin(&id);
    check_version(&entry, request.version)?;
    let board = entry.session.board().clone();
    if board.is_over() {
        return Err(ApiError::conflict(
            "the game is over: there is no search to show",
        ));
    }
    let size = board.size();
    let reports_tree = |name: &str| info(name).is_some_and(|p| p.abilities.reports_tree);
    let seated = entry
        .seat(board.to_move())
        .filter(|s| reports_tree(s.name))
        .map(ToString::to_string);
    let name = request
        .player
        .clone()
        .or(seated)
        .unwrap_or_else(|| "alphabeta".to_string());
    let mut spec = player_for(&entry, &board, Some(&name))?;
    if let Some(order) = &request.order {
        let order: MoveOrder = order
            .parse()
            .map_err(|e: String| ApiError::bad_request(format!("order: {e}")))?;
        if !info(spec.name).is_some_and(|p| p.abilities.orders_moves) {
            return Err(ApiError::unprocessable(format!(
                "{} tries moves in its own order; the players that take an order: {}",
                spec.name,
                names_with(|a| a.orders_moves).join(", ")
            )));
        }
        spec.options.order = Some(order);
    }
    if !reports_tree(spec.name) {
        return Err(ApiError::unprocessable(format!(
            "{} does not report its search tree; the players that do: {}",
            spec.name,
            names_with(|a| a.reports_tree).join(", ")
        )));
    }
    let focus = parse_moves(&move_list(request.path.as_ref(), "path")?, size)
        .map_err(|e| ApiError::bad_request(format!("path: {e}")))?;
    let limits = &state.limits;
    let depth = request.depth.unwrap_or(1).min(limits.tree_depth);
    let max_nodes = request
        .max_nodes
        .unwrap_or(limits.tree_nodes)
        .clamp(1, limits.tree_nodes);
    let asked = search::Limits {
        depth: request.search_depth,
        nodes: None,
        time: state.searcher.asked_time("time_ms", request.time_ms)?,
    };
    let options = TreeOptions {
        focus: focus.clone(),
        depth,
        max_nodes,
    };
    let search_board = board.clone();
    let job_state = std::sync::Arc::clone(&state);
    let mut seat = Seat::new(spec.clone());
    let (result, elapsed) = state
        .searcher
        .run(client, move |stop| {
            let ask = job_state.searcher.ask(asked, stop);
            let control = seat.control(&ask);
            let result = explain(seat.player_mut(), &search_board, &control, options);
            (result, ask.start.elapsed())
        })
        .await?;
    let seen = result.map_err(|e| match e {
        ExplainError::Player(p) => ApiError::from_player(spec.name, &p),
        other => ApiError::unprocessable(other.to_string()),
    })?;
    let view = NodeView::focus_of(&seen.tree, board.to_move(), size)
        .ok_or_else(|| ApiError::unprocessable("the search did not reach that line"))?;
    let time_ms = elapsed.as_micros() as f64 / 1000.0;
    Ok(Json(TreeResponse {
        choice: ChoiceView::new(&spec, board.to_move(), &seen.choice, size, time_ms),
        visited: seen.tree.root.visited,
        recorded: seen.tree.recorded,
        truncated: seen.tree.truncated,
        focus: cells(&focus, size),
        plies: depth,
        tree: view,
        branching_factor: seen.tree.branching_factor(),
        nodes_per_ply: seen.tree.nodes_per_ply,
        order: info(spec.name)
            .filter(|p| p.abilities.orders_moves)
            .map(|_| spec.options.order.unwrap_or_default().name()),
    }))
}
