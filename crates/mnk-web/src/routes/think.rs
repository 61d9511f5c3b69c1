//! `POST /api/games/{id}/think`: ask a player for a move, with its analysis, and optionally
//! play it.

use super::games::check_version;
use super::{State, player_for, unknown_game};
use crate::body::{GameId, JsonBody};
use crate::error::{ApiError, ApiResult};
use crate::views::{CandidateView, ChoiceView, GameView, candidates};
use axum::Json;
use mnk::explain::choose_with_line;
use mnk::game::{Board, Cell};
use mnk::players::{Player, Value, create};
use mnk::search::{self, Control};
use mnk::solve::Solver;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The longest the extra analysis (a value for every move) may take.
const ANALYSIS_TIME: Duration = Duration::from_secs(2);

/// The request: every field optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThinkRequest {
    /// A player name with optional settings (`gomoku-pruned:depth=3`); default: the computer
    /// seated on the side to move, else the strongest player for the board.
    player: Option<String>,
    /// Play the move (default false: only suggest it).
    #[serde(default)]
    play: bool,
    /// When the player gives no value to each move, compute them (if cheap enough); and
    /// read the line it expects off its search, for players that report their tree.
    #[serde(default)]
    analysis: bool,
    /// Time to think, in milliseconds (within the server's cap).
    time_ms: Option<u64>,
    /// Search depth, for players that have one.
    depth: Option<u32>,
    /// Node budget.
    nodes: Option<u64>,
    /// Only if the game is still at this version.
    version: Option<u64>,
}

/// The answer.
#[derive(Debug, Serialize)]
pub struct ThinkResponse {
    /// The move and what the player knows about it.
    #[serde(flatten)]
    choice: ChoiceView,
    /// Values of the moves considered, for the side to move (the heat map).
    candidates: Vec<CandidateView>,
    /// Where `candidates` come from: `player`, `analysis` or `none`.
    candidates_from: &'static str,
    /// Why there are no candidates, when there are none.
    note: Option<String>,
    /// The time the search was allowed, in milliseconds.
    limit_ms: u128,
    /// Whether the move was played.
    played: bool,
    /// The game after the move, when played.
    game: Option<GameView>,
}

/// Values for every move from a player that did not give them with its choice.
fn analysis(
    player: &mut dyn Player,
    board: &Board,
    control: &Control,
) -> (Vec<(Cell, Value)>, &'static str, Option<String>) {
    let name = player.name();
    match player.move_values(board, control) {
        Some(Ok(values)) => (values, "analysis", None),
        Some(Err(e)) => (Vec::new(), "none", Some(format!("no value per move: {e}"))),
        None if name == "perfect" => {
            match Solver::new(board.variant()).and_then(|mut s| s.analyse(board, control)) {
                Ok(list) => (
                    list.into_iter()
                        .map(|(c, o)| (c, Value::Solved(o)))
                        .collect(),
                    "analysis",
                    None,
                ),
                Err(e) => (
                    Vec::new(),
                    "none",
                    Some(format!("no value per move: {e} within the analysis time")),
                ),
            }
        }
        None => (
            Vec::new(),
            "none",
            Some(format!("{name} gives no value to each move")),
        ),
    }
}

/// `POST /api/games/{id}/think`.
pub async fn think(
    axum::extract::State(state): State,
    GameId(id): GameId,
    JsonBody(request): JsonBody<ThinkRequest>,
) -> ApiResult<Json<ThinkResponse>> {
    let entry = state.game(&id)?;
    check_version(&entry, request.version)?;
    let board = entry.game.board().clone();
    if board.is_over() {
        return Err(ApiError::conflict("the game is over"));
    }
    let spec = player_for(
        &entry,
        request.player.as_deref(),
        request.depth,
        request.nodes,
    )?;
    let mut player = create(&spec);
    let limits = state
        .searcher
        .bounded(player.limits(), request.time_ms.map(Duration::from_millis));
    let analysis_limits = search::Limits {
        time: Some(state.searcher.time_for(Some(ANALYSIS_TIME))),
        nodes: limits.nodes,
        depth: None,
    };
    let analyse = request.analysis;
    let search_board = board.clone();
    let result = state
        .searcher
        .run(move |budget| {
            let start = Instant::now();
            let control = budget.control(&limits);
            // With the analysis, players that report their search also show the line they
            // expect (the ghost stones), read off the same search.
            let choice = if analyse {
                choose_with_line(player.as_mut(), &search_board, &control)?
            } else {
                player.choose(&search_board, &control)?
            };
            let elapsed = start.elapsed();
            let extra = if !choice.candidates.is_empty() {
                (choice.candidates.clone(), "player", None)
            } else if analyse {
                analysis(
                    player.as_mut(),
                    &search_board,
                    &budget.control(&analysis_limits),
                )
            } else {
                (Vec::new(), "none", None)
            };
            Ok((choice, elapsed, extra))
        })
        .await?;
    let (choice, elapsed, (values, from, note)) =
        result.map_err(|e| ApiError::from_player(spec.name, &e))?;
    let size = board.size();
    let time_ms = elapsed.as_micros() as f64 / 1000.0;
    let view = ChoiceView::new(spec.to_string(), board.to_move(), &choice, size, time_ms);
    let game = if request.play {
        let played = state
            .store
            .with(&id, |e| {
                if e.version != entry.version {
                    return Err(ApiError::conflict(
                        "the game changed while the player was thinking; the move was not played",
                    ));
                }
                e.game
                    .play(choice.cell)
                    .map_err(|err| ApiError::conflict(err.to_string()))?;
                e.version += 1;
                Ok(GameView::new(&id, e))
            })
            .ok_or_else(|| unknown_game(&id))??;
        Some(played)
    } else {
        None
    };
    Ok(Json(ThinkResponse {
        choice: view,
        candidates: candidates(&values, size),
        candidates_from: from,
        note,
        limit_ms: limits.time.unwrap_or_default().as_millis(),
        played: game.is_some(),
        game,
    }))
}
