//! `POST /api/games/{id}/think`: ask a player for a move, with its analysis, and optionally
//! play it; with `"stream": true` its progress comes as it searches ([`super::live`]), and
//! `POST /api/games/{id}/stop` makes it answer at once with its best so far.

use super::clock::{ClockField, PlanView, plan};
use super::games::{check_on, check_version};
use super::request::player_for;
use crate::body::GameId;
use crate::error::{ApiError, ApiResult};
use crate::searcher::Searcher;
use crate::state::{AppState, State, unknown_game};
use crate::views::{CandidateView, ChoiceView, GameView, LineView, candidates};
use axum::Json;
use mnk::explain::choose_with_line;
use mnk::game::Board;
use mnk::players::{Ask, PlayerSpec, Seat, tie_break};
use mnk::search::{
    self, Choice, Control, LinesError, MAX_LINES, MoveValue, PlayerError, Stop, TimePlan,
    check_lines, sort_best_first,
};
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
    /// Time to think, in milliseconds: at most the server's cap (`think_ms` in `GET /api`),
    /// else 400.
    time_ms: Option<u64>,
    /// Search depth, for players that have one.
    depth: Option<u32>,
    /// Node budget: at most the server's cap (`max_nodes`), else 400.
    nodes: Option<u64>,
    /// The mover's clock: `{"left_ms": N, "increment_ms": M}` (a game clock) and/or
    /// `{"per_move_ms": N}`; the move is planned from it, within the server's caps.
    clock: Option<ClockField>,
    /// Only if the game is still at this version.
    version: Option<u64>,
    /// Send the search's progress as it runs: the answer is a stream of server-sent events
    /// (`text/event-stream`: `start`, `progress`, then `done` with this route's usual answer,
    /// or `error`), see [`super::live`].
    #[serde(default)]
    stream: bool,
    /// Analyse until stopped (`POST /api/games/{id}/stop`), at most the server's
    /// `analysis_ms`, with no node cap: with `stream`, without `play`, `time_ms`, `nodes` or
    /// `clock`.
    #[serde(default)]
    infinite: bool,
    /// Analyse the position after the game's first `at` moves (an earlier position, while
    /// reviewing the game) instead of the position now; not with `play`.
    at: Option<usize>,
    /// The best lines to find (multi-PV), each with its value and line of play, from one
    /// search: 1 (default) to 32 (the cap `mnk best --multipv` has), else 400; more than the
    /// position's legal moves gives one line per move. Not with `play`: a machine's own move
    /// is searched for one line. The answer's and the progress events' `lines` hold them.
    lines: Option<usize>,
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
    /// Whether the server's cap ended the search before the time its request, its player or
    /// its clock wanted (a clock's plan longer than the cap, or no time asked at all).
    capped: bool,
    /// Why the search ended: `finished` (its depth reached, or the position proved),
    /// `stopped` (`POST /api/games/{id}/stop`, or the server shutting down), `time` (its
    /// time ran out, or so nearly that it began no new iteration) or `nodes` (its node
    /// budget ran out).
    ended: &'static str,
    /// The moves before the position searched: the game's moves now, or the request's `at`.
    at: usize,
    /// The best lines, best first, as many as the request's `lines` asked for where the
    /// player gives them (the engine does; players that value every move exactly give their
    /// best moves, each a line of its one move; others give one): the first is the move's own.
    lines: Vec<LineView>,
    /// The plan made from the request's `clock`, when it carried one.
    plan: Option<PlanView>,
    /// Whether the move was played.
    played: bool,
    /// The game after the move, when played.
    game: Option<GameView>,
}

/// What the search found: the choice, the values per move and where they come from.
pub(super) struct Found {
    choice: Choice,
    values: Vec<MoveValue>,
    from: &'static str,
    note: Option<String>,
    time: Duration,
    limit: Option<Duration>,
    capped: bool,
    ended: &'static str,
}

/// The share of its time (percent) after which a search that ends is said to have ended on
/// time: a searcher in iterations stops a little before its deadline, keeping the rest for
/// its last checks (the engine: [`mnk::engine::tunables::SEARCH_SHARE`]).
const ENDED_ON_TIME_SHARE: u32 = 90;

/// Why a search ended, as [`ThinkResponse::ended`] says it.
fn ended(control: &Control, nodes: u64) -> &'static str {
    // A searcher with a clock to save stops starting iterations well before its target.
    let on_time = control.out_of_time()
        || control.past_share(ENDED_ON_TIME_SHARE)
        || control.saves_time() && control.past_share(mnk::engine::tunables::NEXT_ITERATION_SHARE);
    if control.stop().is_set() {
        "stopped"
    } else if control.node_limit().is_some_and(|n| nodes >= n) {
        "nodes"
    } else if on_time {
        "time"
    } else {
        "finished"
    }
}

/// The time a search asked for with `ask` may take: the least of its limits' and its clock's
/// deadline (`None`: no time limit).
pub(super) fn time_limit(seat: &Seat, ask: &Ask) -> Option<Duration> {
    match (seat.limits(ask).time, ask.plan.deadline) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The seated player's move on `board`, with its values per move: those its search gave, or
/// (when `analyse` and it gives none) those of an exact analysis of its own, timed together.
/// `until_stopped`: an analysis meant to run until stopped (its time is the server's cap).
fn search(
    seat: &mut Seat,
    board: &Board,
    ask: &Ask,
    analysis: Option<Ask>,
    until_stopped: bool,
) -> Result<Found, PlayerError> {
    let control = seat.control(ask);
    let limit = time_limit(seat, ask);
    // What the request, the player and the clock wanted, before the server's caps.
    let wanted = time_limit(
        seat,
        &Ask {
            caps: search::Limits::NONE,
            ..ask.clone()
        },
    )
    .filter(|_| !until_stopped);
    let abilities = seat.info().abilities;
    // With the analysis, players that report their search also show the line they expect
    // (the ghost stones), read off the same search.
    let choice = if analysis.is_some() && abilities.reports_tree {
        choose_with_line(seat.player_mut(), board, &control)?
    } else {
        seat.player_mut().choose(board, &control)?
    };
    let ended = ended(&control, choice.nodes);
    let capped = ended == "time"
        && ask
            .caps
            .time
            .is_some_and(|cap| wanted.is_none_or(|w| w > cap));
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
        capped,
        ended,
        choice,
    };
    // Players that do not value every move as they search (or did not this time: `perfect`
    // beyond 25 cells) get an analysis of their own, when asked (not after a stop: the
    // person wants the move now).
    if let Some(analysis) = analysis.filter(|_| found.values.is_empty() && ended != "stopped") {
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
/// back to its game afterwards. The game stays in use meanwhile (not evicted before idle ones),
/// and the search's stop signal is kept with it, for `POST /api/games/{id}/stop`.
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
            let _running = job_state.store.searching(&job_id, stop.clone())?;
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

/// A think request checked against the game and the server's bounds, ready to search.
pub(super) struct Think {
    /// The game's version when the request was checked.
    version: u64,
    /// The position searched.
    board: Board,
    /// The moves before it.
    at: usize,
    /// The player.
    pub(super) spec: PlayerSpec,
    /// The request's own limits.
    asked: search::Limits,
    /// The caps it runs within: the server's, or those of an analysis until stopped.
    caps: search::Limits,
    /// The plan made from the request's clock.
    clock_plan: Option<TimePlan>,
    analyse: bool,
    play: bool,
    /// Whether the answer streams the search's progress.
    pub(super) stream: bool,
    /// Whether it runs until stopped.
    pub(super) infinite: bool,
    /// The best lines to find (multi-PV).
    lines: usize,
}

impl Think {
    /// Checks `request` for the game `id`.
    ///
    /// # Errors
    /// 404 for no such game; 409 for a game over or changed (`version`), or a move asked for
    /// during the opening; 400 for settings that do not go together or ask for more than the
    /// server gives one search.
    pub(super) fn check(state: &AppState, id: &str, request: ThinkRequest) -> ApiResult<Think> {
        let entry = state.game(id)?;
        check_version(&entry, request.version)?;
        if request.infinite {
            let refuse = |what: &str| {
                Err(ApiError::bad_request(format!(
                    "infinite: an analysis until stopped {what}"
                )))
            };
            if !request.stream {
                return refuse("sends its progress as it runs: give \"stream\": true too");
            }
            if request.play {
                return refuse("plays no move: ask for the move without \"infinite\"");
            }
            if request.time_ms.is_some() || request.nodes.is_some() || request.clock.is_some() {
                return refuse("runs until stopped: give no time_ms, nodes or clock");
            }
        }
        let played = entry.session.moves().len();
        let board = match request.at {
            None => entry.session.board().clone(),
            Some(_) if request.play => {
                return Err(ApiError::bad_request(
                    "at: a move is played in the game as it stands; give \"at\" only to analyse an earlier position",
                ));
            }
            Some(at) if at > played => {
                return Err(ApiError::bad_request(format!(
                    "at: {at} moves is more than the game's {played}"
                )));
            }
            Some(at) => {
                let mut earlier = entry.session.clone();
                for _ in at..played {
                    earlier.back();
                }
                earlier.board().clone()
            }
        };
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
        let lines = Think::lines(request.lines, request.play, &board)?;
        let spec = player_for(&entry, &board, request.player.as_deref())?;
        let searcher = &state.searcher;
        searcher.check_player("player", &spec)?;
        let clock_plan = request
            .clock
            .map(|c| c.control().map(|control| plan(&control, &board)))
            .transpose()?;
        let (asked, caps) = if request.infinite {
            let caps = searcher.analysis_caps();
            let asked = search::Limits {
                depth: request.depth,
                ..caps
            };
            (asked, caps)
        } else {
            let asked = search::Limits {
                depth: request.depth,
                nodes: searcher.asked_nodes("nodes", request.nodes)?,
                time: searcher.asked_time("time_ms", request.time_ms)?,
            };
            (asked, searcher.caps())
        };
        Ok(Think {
            version: entry.version,
            at: request.at.unwrap_or(played),
            board,
            spec,
            asked,
            caps,
            clock_plan,
            analyse: request.analysis,
            play: request.play,
            stream: request.stream,
            infinite: request.infinite,
            lines,
        })
    }

    /// The number of best lines `asked` for on `board` (1 when not asked): from 1 to
    /// [`MAX_LINES`] ([`check_lines`]), at most the position's legal moves.
    ///
    /// # Errors
    /// 400 for 0 or more than [`MAX_LINES`], or several lines with `play`.
    fn lines(asked: Option<usize>, play: bool, board: &Board) -> ApiResult<usize> {
        let Some(asked) = asked else { return Ok(1) };
        let moves = board.moves().count();
        let lines = match check_lines(asked, moves) {
            Ok(n) => n,
            Err(LinesError::MoreThanMoves { moves, .. }) => moves.max(1),
            Err(LinesError::Zero | LinesError::AboveCap(_)) => {
                return Err(ApiError::bad_request(format!(
                    "lines: {asked} lines: accepted 1 to {MAX_LINES} (each line costs about one more search)"
                )));
            }
        };
        if play && lines > 1 {
            return Err(ApiError::bad_request(format!(
                "lines: {lines} lines with \"play\": a machine's own move is searched for one line; ask for several lines without \"play\" (an analysis or a hint)"
            )));
        }
        Ok(lines)
    }

    /// The search, for a search slot: the seated player's move, told to `watch` as it goes
    /// (when watched).
    pub(super) fn job(
        &self,
        watch: Option<Watch>,
    ) -> impl FnOnce(&mut Seat, &Searcher, &Stop) -> Result<Found, PlayerError> + Send + 'static
    {
        let (asked, caps, clock_plan, analyse, infinite, lines) = (
            self.asked,
            self.caps,
            self.clock_plan,
            self.analyse,
            self.infinite,
            self.lines,
        );
        let board = self.board.clone();
        move |seat, searcher, stop| {
            let mut ask = searcher.ask(asked, stop);
            ask.caps = caps;
            ask.lines = lines;
            if let Some(plan) = clock_plan {
                ask.plan = plan;
            }
            if let Some(watch) = watch {
                watch.started(ask.start, time_limit(seat, &ask));
                ask.progress = Some(watch.progress);
            }
            let analysis = analyse.then(|| {
                let mut analysis = searcher.ask(
                    search::Limits {
                        time: Some(ANALYSIS_TIME),
                        ..asked
                    },
                    stop,
                );
                analysis.caps = caps;
                analysis
            });
            search(seat, &board, &ask, analysis, infinite)
        }
    }

    /// The side to move in the position searched.
    pub(super) fn side(&self) -> mnk::game::Side {
        self.board.to_move()
    }

    /// The board's size.
    pub(super) fn size(&self) -> mnk::game::Size {
        self.board.size()
    }

    /// The moves before the position searched.
    pub(super) const fn at(&self) -> usize {
        self.at
    }

    /// The answer to a search that found `found`: the move played, when asked.
    ///
    /// # Errors
    /// 422 when the player found no move; 409 when the game changed meanwhile (the move is not
    /// played); 404 when the game is gone.
    pub(super) fn answer(
        &self,
        state: &AppState,
        id: &str,
        found: Result<Found, PlayerError>,
    ) -> ApiResult<ThinkResponse> {
        let found = found.map_err(|e| ApiError::from_player(self.spec.name, &e))?;
        let choice = &found.choice;
        let board = &self.board;
        let size = board.size();
        let time_ms = found.time.as_micros() as f64 / 1000.0;
        let view = ChoiceView::new(&self.spec, board.to_move(), choice, size, time_ms);
        let game = if self.play {
            let played = state
                .store
                .with(id, |e| {
                    if e.version != self.version {
                        return Err(ApiError::conflict(
                            "the game changed while the player was thinking; the move was not played",
                        ));
                    }
                    e.session
                        .play(found.choice.cell, std::time::Instant::now())
                        .map_err(|err| ApiError::conflict(err.to_string()))?;
                    e.version += 1;
                    Ok(GameView::new(id, e))
                })
                .ok_or_else(|| unknown_game(id))??;
            Some(played)
        } else {
            None
        };
        Ok(ThinkResponse {
            choice: view,
            candidates: candidates(
                &found.values,
                board.to_move(),
                size,
                mnk::players::info(self.spec.name),
            ),
            candidates_from: found.from,
            tie_break: tie_break(&self.spec, board, choice, &found.values),
            note: found.note,
            limit_ms: found.limit.unwrap_or_default().as_millis(),
            capped: found.capped,
            ended: found.ended,
            at: self.at,
            lines: choice
                .best_lines(self.lines)
                .iter()
                .map(|l| LineView::new(l, board.to_move(), size))
                .collect(),
            plan: self.clock_plan.map(PlanView::new),
            played: game.is_some(),
            game,
        })
    }
}

/// What the handler watches of a search running on its blocking thread.
#[derive(Debug, Clone)]
pub struct Watch {
    /// What the search has found so far.
    pub progress: mnk::search::Progress,
    /// When it started and the time it may take, once it has its slot.
    pub(super) started:
        std::sync::Arc<std::sync::OnceLock<(std::time::Instant, Option<std::time::Duration>)>>,
}

impl Watch {
    pub(super) fn new() -> Self {
        Watch {
            progress: mnk::search::Progress::new(),
            started: std::sync::Arc::new(std::sync::OnceLock::new()),
        }
    }

    /// The search started at `at`, with `limit` to think.
    pub fn started(&self, at: std::time::Instant, limit: Option<std::time::Duration>) {
        let _ = self.started.set((at, limit));
    }
}

/// `POST /api/games/{id}/stop`: every search running for the game (a machine's move, a hint,
/// an analysis, until stopped or not) answers at once with the best it has found so far; a
/// machine's move is played. `{"stopped": N}`: how many searches were running.
///
/// # Errors
/// 404 when there is no such game.
pub async fn stop(
    axum::extract::State(state): State,
    GameId(id): GameId,
) -> ApiResult<Json<serde_json::Value>> {
    let stopped = state.store.stop(&id).ok_or_else(|| unknown_game(&id))?;
    Ok(Json(serde_json::json!({ "stopped": stopped })))
}
