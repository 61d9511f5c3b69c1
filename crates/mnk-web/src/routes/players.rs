//! `GET /api/players` and `GET /api`.

use super::request::{MAX_MEMORY_MB, MAX_THREADS};
use crate::state::State;
use crate::views::SizeView;
use axum::Json;
use mnk::game::Board;
use mnk::players::{Abilities, PlayerInfo, PlayerSpec, catalog, info};
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
    /// What it can do.
    abilities: AbilitiesView,
}

/// A player's abilities, as the catalog declares them.
#[derive(Debug, Serialize)]
pub struct AbilitiesView {
    /// It reports the tree it searches.
    reports_tree: bool,
    /// Its moves come with a value for every move it considered.
    values_with_choice: bool,
    /// It can give the exact value of every move by an analysis of its own.
    exact_values: bool,
    /// It keeps its tables from move to move.
    keeps_state: bool,
    /// It searches on several threads.
    threads: bool,
    /// It has a table sized by `memory-mb`.
    table: bool,
    /// The largest board, in cells, it plays from the start at its default settings (null:
    /// any).
    largest_board: Option<usize>,
    /// `depth=` sets how deep it searches.
    searches_to_depth: bool,
    /// The boards it plays depend on its depth: see `largest_board_by_depth`.
    tree_limited: bool,
    /// For a tree-limited player, the largest board (cells) it plays from the start at each
    /// depth, `[depth, cells]` from depth 1 to the first depth that reaches the end of the game
    /// on the board it names (deeper: the same figure). Empty for other players.
    largest_board_by_depth: Vec<(u32, usize)>,
    /// Its time per move when nothing else bounds it, in milliseconds.
    default_ms: Option<u128>,
    /// It is the strongest player, the default opponent, on boards up to this many cells.
    strongest_up_to: Option<usize>,
    /// It knows renju's forbidden moves: it plays rule `renju`.
    forbidden_moves: bool,
    /// Under renju it is the strongest player, the default opponent.
    strongest_with_forbidden_moves: bool,
    /// It searches by random playouts (`mcts`): `playouts=`, `exploration=`, `seed=` apply;
    /// its values are win rates with visits.
    random_playouts: bool,
    /// `order=` (`row-major`, `best-first`, `worst-first`) sets the order it tries moves in;
    /// the tree request's `order` too.
    orders_moves: bool,
    /// Among equally valued moves it plays the first in row-major order (the seed programs'
    /// tie-break; the think answer's `tie_break` says so).
    first_of_equals: bool,
    /// It answers in every position: an opponent (`vcf` and `vct` answer only where they
    /// find a forced win: players to analyse with, not opponents).
    always_moves: bool,
    /// Stopped before its search ends (its time, `POST .../stop`), it answers with its best
    /// so far; without it, it has no move until its search ends.
    answers_when_stopped: bool,
    /// The depth it searches when not told, for a search to a depth (null: to the end of the
    /// game, or no depth).
    default_depth: Option<u32>,
    /// The largest board (cells) it plays from the start at its default settings within this
    /// server's limits (`max_nodes` in `GET /api`): a search with no move until it ends must
    /// fit its tree, counted without pruning, in the node cap (null: any).
    largest_board_here: Option<usize>,
    /// The same at each depth, `[depth, cells]`, for such a search, from depth 1 to the first
    /// that reaches the end of the game on the board it names; empty for other players.
    largest_board_here_by_depth: Vec<(u32, usize)>,
}

/// Board sizes in cells, as sent: at most 65,535 (any board this server takes is smaller).
fn cells(n: usize) -> usize {
    n.min(usize::from(u16::MAX))
}

/// A tree-limited player's largest board at each depth, up to the depth that reaches the end
/// of the game on that board (deeper searches the same whole tree).
fn by_depth(p: &PlayerInfo) -> Vec<(u32, usize)> {
    if !p.abilities.tree_limited() {
        return Vec::new();
    }
    depth_table(|depth| p.largest_board_at(depth))
}

/// A player's largest board within this server's node cap at each depth, for a search that
/// has no move until it ends.
fn by_depth_here(p: &PlayerInfo, nodes: u64) -> Vec<(u32, usize)> {
    let a = &p.abilities;
    if a.answers_when_stopped || !a.searches_to_depth || !a.depth_ends_search {
        return Vec::new();
    }
    depth_table(|depth| p.largest_board_within(Some(depth), u128::from(nodes)))
}

/// `largest(depth)` from depth 1 up to the depth that reaches the end of the game on the
/// board it names (deeper searches the same whole tree).
fn depth_table(largest: impl Fn(u32) -> Option<usize>) -> Vec<(u32, usize)> {
    let mut table = Vec::new();
    for depth in 1u32.. {
        let largest = cells(largest(depth).unwrap_or(usize::MAX));
        table.push((depth, largest));
        if depth as usize >= largest {
            break;
        }
    }
    table
}

/// Whether the player `spec` answers on `board` within the server's node cap `max_nodes`
/// ([`PlayerInfo::largest_board_within`]), or why not and the depth that would.
///
/// # Errors
/// What it would search and the cap, and the depth that fits (if one does).
pub fn fits_here(spec: &PlayerSpec, board: &Board, max_nodes: u64) -> Result<(), String> {
    let Some(p) = info(spec.name) else {
        return Ok(());
    };
    let empty = board.empty_cells();
    let nodes = u128::from(max_nodes);
    if p.largest_board_within(spec.options.depth, nodes)
        .is_none_or(|n| empty <= n)
    {
        return Ok(());
    }
    let at = spec.options.depth.or(p.default_depth()).map_or_else(
        || "to the end of the game".to_string(),
        |d| format!("to depth {d}"),
    );
    let fits = (1..=u32::try_from(empty).unwrap_or(u32::MAX))
        .take_while(|&d| {
            p.largest_board_within(Some(d), nodes)
                .is_none_or(|n| empty <= n)
        })
        .last();
    let instead = fits.map_or_else(
        || "; choose another player".to_string(),
        |d| format!("; give it depth {d} or less ({}:depth={d})", spec.name),
    );
    Err(format!(
        "{} has no move until its search ends, and its search {at} from {empty} empty cells could visit more positions than this server gives one search ({max_nodes}){instead}",
        spec.name
    ))
}

impl AbilitiesView {
    fn new(p: &PlayerInfo, max_nodes: u64) -> Self {
        let a: &Abilities = &p.abilities;
        AbilitiesView {
            reports_tree: a.reports_tree,
            values_with_choice: a.values_with_choice,
            exact_values: a.exact_values,
            keeps_state: a.keeps_state,
            threads: a.threads,
            table: a.table,
            largest_board: a.largest_board,
            searches_to_depth: a.searches_to_depth,
            tree_limited: a.tree_limited(),
            largest_board_by_depth: by_depth(p),
            default_ms: a.default_time.map(|t| t.as_millis()),
            strongest_up_to: a.strongest_up_to.map(cells),
            forbidden_moves: a.forbidden_moves,
            strongest_with_forbidden_moves: a.strongest_with_forbidden_moves,
            random_playouts: a.random_playouts,
            orders_moves: a.orders_moves,
            first_of_equals: a.first_of_equals,
            always_moves: a.always_moves,
            answers_when_stopped: a.answers_when_stopped,
            default_depth: p.default_depth(),
            largest_board_here: p
                .largest_board_within(None, u128::from(max_nodes))
                .map(cells),
            largest_board_here_by_depth: by_depth_here(p, max_nodes),
        }
    }
}

/// `GET /api/players`: `{"players": [...]}`.
pub async fn list(axum::extract::State(state): State) -> Json<serde_json::Value> {
    let players: Vec<PlayerView> = catalog()
        .iter()
        .map(|p| PlayerView {
            name: p.name,
            summary: p.summary,
            origin: p.origin,
            tree: p.abilities.reports_tree,
            abilities: AbilitiesView::new(p, state.limits.max_nodes),
        })
        .collect();
    Json(serde_json::json!({ "players": players }))
}

/// `GET /api`: the routes and this server's limits.
pub async fn index(axum::extract::State(state): State) -> Json<serde_json::Value> {
    let l = &state.limits;
    let (seat_bytes, seats) = state.store.seats();
    Json(serde_json::json!({
        "routes": [
            "GET /api/players",
            "GET /api/variant",
            "POST /api/games",
            "GET /api/games/{id}",
            "DELETE /api/games/{id}",
            "POST /api/games/{id}/moves",
            "POST /api/games/{id}/opening",
            "POST /api/games/{id}/undo",
            "POST /api/games/{id}/end",
            "POST /api/games/{id}/think",
            "POST /api/games/{id}/stop",
            "POST /api/games/{id}/tree",
            "POST /api/games/{id}/compare",
            "GET /api/games/{id}/record",
        ],
        "limits": {
            "max_size": SizeView { width: l.max_side, height: l.max_side },
            "max_games": l.max_games,
            "games_per_client": l.games_per_client,
            "think_ms": l.think_time.as_millis(),
            "analysis_ms": l.analysis_time.as_millis(),
            "max_nodes": l.max_nodes,
            "searches": l.searches,
            "searches_per_client": l.searches_per_client,
            "body_bytes": l.body_bytes,
            "tree_nodes": l.tree_nodes,
            "tree_depth": l.tree_depth,
            "compare_ms": l.compare_time.as_millis(),
            "max_memory_mb": MAX_MEMORY_MB,
            "max_threads": MAX_THREADS,
            "seat_memory_bytes": l.seat_memory,
            "queue_wait_ms": l.queue_wait.as_millis(),
            "header_timeout_ms": l.header_timeout.as_millis(),
            "body_timeout_ms": l.body_timeout.as_millis(),
            "max_connections": l.max_connections,
            "connections_per_client": l.connections_per_client,
        },
        "seats": {
            "bytes": seat_bytes,
            "count": seats,
        },
        "games": state.store.len(),
    }))
}

/// The player `spec` as it can play `board` within the server's node cap `max_nodes`: as it
/// is when it can; given the deepest depth that fits when it searches to a depth and was given
/// none (its catalog's board limit and [`fits_here`] both); else why it cannot.
///
/// # Errors
/// Why it cannot play the board here, and what would.
pub fn fitting(spec: &PlayerSpec, board: &Board, max_nodes: u64) -> Result<PlayerSpec, String> {
    let Some(p) = info(spec.name) else {
        return Ok(spec.clone());
    };
    let fits = |spec: &PlayerSpec| {
        p.fits(board, &spec.options)
            .map_err(|e| e.to_string())
            .and_then(|()| fits_here(spec, board, max_nodes))
    };
    let why = match fits(spec) {
        Ok(()) => return Ok(spec.clone()),
        Err(why) => why,
    };
    if spec.options.depth.is_some() || !p.abilities.searches_to_depth {
        return Err(why);
    }
    let deepest = p
        .default_depth()
        .unwrap_or(u32::try_from(board.empty_cells()).unwrap_or(1));
    (1..deepest)
        .rev()
        .map(|depth| {
            let mut shallower = spec.clone();
            shallower.options.depth = Some(depth);
            shallower
        })
        .find(|shallower| fits(shallower).is_ok())
        .ok_or(why)
}
