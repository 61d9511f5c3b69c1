//! `POST /api/games/{id}/think`: ask a player for a move, with its analysis, and optionally
//! play it.

use super::clock::{ClockField, PlanView, plan};
use super::games::{check_on, check_version};
use super::request::player_for;
use crate::body::{Client, GameId, JsonBody};
use crate::error::{ApiError, ApiResult};
use crate::searcher::Searcher;
use crate::state::{AppState, State, unknown_game};
use crate::views::{CandidateView, ChoiceView, GameView, candidates};
use axum::Json;
use mnk::explain::choose_with_line;
use mnk::game::Board;
use mnk::players::{Ask, PlayerSpec, Seat, tie_break};
use mnk::search::{self, Choice, MoveValue, PlayerError, Stop, sort_best_first};
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

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
    /// The mover's clock: `{"left_ms": N, "increment_ms": M}` (a game clock) and/or
    /// `{"per_move_ms": N}`; the move is planned from it, within the server's caps.
    clock: Option<ClockField>,
    /// Only if the game is still at this version.
    version: Option<u64>,
}

/// The answer.
#[derive(Debug, Serialize)]
pub struct ThinkResponse {
    /// The move and what the player knows about it.
    #[serde(flatten)]
    choice: ChoiceView,
    /// Values of the moves considered, for the side to move (the heat map), best first, the
    /// move chosen first among equals.
    candidates: Vec<CandidateView>,
    /// Where `candidates` come from: `player`, `analysis` or `none`.
    candidates_from: &'static str,
    /// Why there are no candidates, when there are none.
    note: Option<String>,
    /// For a seed program that keeps the first of equally valued moves in row-major order:
    /// how many moves shared the best value and which it took, or the rule where it gave no
    /// values (why it answers h8 with a corner). `null` otherwise.
    tie_break: Option<String>,
    /// The time the search was allowed, in milliseconds (0: no time limit): the least of the
    /// request's or player's time, the clock's deadline and the server's cap.
    limit_ms: u128,
    /// The plan made from the request's `clock`, when it carried one.
    plan: Option<PlanView>,
    /// Whether the move was played.
    played: bool,
    /// The game after the move, when played.
    game: Option<GameView>,
}

/// What the search found: the choice, the values per move and where they come from.
struct Found {
    choice: Choice,
    values: Vec<MoveValue>,
    from: &'static str,
    note: Option<String>,
    time: Duration,
    limit: Option<Duration>,
}

/// The seated player's move on `board`, with its values per move: those its search gave, or
/// (when `analyse` and it gives none) those of an exact analysis of its own, timed together.
fn search(
    seat: &mut Seat,
    board: &Board,
    ask: &Ask,
    analysis: Option<Ask>,
) -> Result<Found, PlayerError> {
    let control = seat.control(ask);
    let limit = match (seat.limits(ask).time, ask.plan.deadline) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let abilities = seat.info().abilities;
    // With the analysis, players that report their search also show the line they expect
    // (the ghost stones), read off the same search.
    let choice = if analysis.is_some() && abilities.reports_tree {
        choose_with_line(seat.player_mut(), board, &control)?
    } else {
        seat.player_mut().choose(board, &control)?
    };
    let name = seat.spec().name;
    let mut found = Found {
        values: choice.candidates.clone(),
        from: if choice.candidates.is_empty() {
            "none"
        } else {
            "player"
        },
        note: None,
        time: Duration::ZERO,
        limit,
        choice,
    };
    // Players that do not value every move as they search (or did not this time: `perfect`
    // beyond 25 cells) get an analysis of their own, when asked.
    if let Some(analysis) = analysis.filter(|_| found.values.is_empty()) {
        if abilities.exact_values {
            let control = seat.control(&analysis);
            match seat.player_mut().move_values(board, &control) {
                Some(Ok(values)) => {
                    found.values = values;
                    found.from = "analysis";
                }
                Some(Err(e)) => found.note = Some(format!("no value per move: {e}")),
                None => found.note = Some(format!("{name} gives no value to each move")),
            }
        } else {
            found.note = Some(format!("{name} gives no value to each move"));
        }
    }
    sort_best_first(&mut found.values, Some(found.choice.cell));
    found.time = ask.start.elapsed();
    Ok(found)
}

/// Runs `job` on a search slot of `client` with the game `id`'s seat for `spec` (its tables
/// from the moves before), the server's searcher and the request's stop signal; the seat goes
/// back to its game afterwards. The game stays in use meanwhile (not evicted before idle ones).
///
/// # Errors
/// 503 when no slot frees up in time, 404 when the game is gone.
pub(super) async fn seated<T: Send + 'static>(
    state: &Arc<AppState>,
    client: Option<IpAddr>,
    id: &str,
    spec: &PlayerSpec,
    job: impl FnOnce(&mut Seat, &Searcher, &Stop) -> T + Send + 'static,
) -> ApiResult<T> {
    let _in_use = state.store.pin(id);
    let job_state = Arc::clone(state);
    let job_id = id.to_string();
    let job_spec = spec.clone();
    state
        .searcher
        .run(client, move |stop| {
            // The seat is taken once the search has its slot (a request that never gets one,
            // or whose client leaves while it waits, leaves the game's players in place).
            let mut seat = job_state.store.take_seat(&job_id, &job_spec)?;
            let done = job(&mut seat, &job_state.searcher, stop);
            // The seat goes back to its game, its tables ready for the next move.
            job_state.store.return_seat(&job_id, seat);
            Some(done)
        })
        .await?
        .ok_or_else(|| unknown_game(id))
}

/// `POST /api/games/{id}/think`.
pub async fn think(
    axum::extract::State(state): State,
    Client(client): Client,
    GameId(id): GameId,
    JsonBody(request): JsonBody<ThinkRequest>,
) -> ApiResult<Json<ThinkResponse>> {
    let entry = state.game(&id)?;
    check_version(&entry, request.version)?;
    let board = entry.session.board().clone();
    if board.is_over() {
        return Err(ApiError::conflict("the game is over"));
    }
    if request.play {
        check_on(&entry)?;
        if entry.session.opening_under_way().is_some() {
            return Err(ApiError::conflict(
                "the opening is under way: its stones and choices go through POST /api/games/{id}/moves and /opening",
            ));
        }
    }
    let spec = player_for(&entry, request.player.as_deref())?;
    let clock_plan = request
        .clock
        .map(|c| c.control().map(|control| plan(&control, &board)))
        .transpose()?;
    let asked = search::Limits {
        depth: request.depth,
        nodes: request.nodes,
        time: request.time_ms.map(Duration::from_millis),
    };
    let analyse = request.analysis;
    let search_board = board.clone();
    let found = seated(&state, client, &id, &spec, move |seat, searcher, stop| {
        let mut ask = searcher.ask(asked, stop);
        if let Some(plan) = clock_plan {
            ask.plan = plan;
        }
        let analysis = analyse.then(|| {
            searcher.ask(
                search::Limits {
                    time: Some(ANALYSIS_TIME),
                    ..asked
                },
                stop,
            )
        });
        search(seat, &search_board, &ask, analysis)
    })
    .await?
    .map_err(|e| ApiError::from_player(spec.name, &e))?;
    let choice = &found.choice;
    let size = board.size();
    let time_ms = found.time.as_micros() as f64 / 1000.0;
    let view = ChoiceView::new(spec.to_string(), board.to_move(), choice, size, time_ms);
    let game = if request.play {
        let played = state
            .store
            .with(&id, |e| {
                if e.version != entry.version {
                    return Err(ApiError::conflict(
                        "the game changed while the player was thinking; the move was not played",
                    ));
                }
                e.session
                    .play(found.choice.cell, std::time::Instant::now())
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
        candidates: candidates(&found.values, board.to_move(), size),
        candidates_from: found.from,
        note: found.note,
        tie_break: tie_break(&spec, &board, choice, &found.values),
        limit_ms: found.limit.unwrap_or_default().as_millis(),
        plan: clock_plan.map(PlanView::new),
        played: game.is_some(),
        game,
    }))
}
