//! Creating (from a position or a record), reading, playing, undoing, ending, exporting and
//! deleting games.

use super::records::{self, Import};
use super::request::{move_list, parse_player, parse_side};
use crate::body::{Client, GameId, JsonBody};
use crate::error::{ApiError, ApiResult};
use crate::opening;
use crate::state::{AppState, State, unknown_game};
use crate::store::{Entry, Seats};
use crate::views::GameView;
use axum::Json;
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::StatusCode;
use axum::response::Response;
use mnk::game::{Act, Board, Cell, Ending, Rule, Side, Size, Variant, WinBy, parse_size};
use mnk::notation::{NotationError, parse_game, parse_move};
use mnk::players::{info, strongest_for, swap2};
use mnk::record::Given;
use mnk::search::Timing;
use mnk::session::{Occupant, Session, SessionError};
use serde::Deserialize;
use serde_json::Value as Json5;
use std::time::Instant;

/// `POST /api/games`: every field optional (an empty body is tic-tac-toe, you against the
/// strongest player).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `3`, `"15"`, `"7x6"` or `{"width": 7, "height": 6}`.
    size: Option<Json5>,
    /// Stones in a row to win (default min(width, height, 5)).
    k: Option<u32>,
    /// `freestyle` (default) or `exact`.
    rule: Option<String>,
    /// `{"x": "human", "o": "perfect"}`.
    players: Option<SeatsField>,
    /// Moves to start from: `"b2 a1"` or `["b2", "a1"]`.
    moves: Option<Json5>,
    /// A record's text to start from (psq, SGF or the move line): the game it holds, its
    /// players where it names mnk's and its result. `size`, `k` and `rule` must agree with it.
    record: Option<String>,
    /// The record's format: `psq`, `sgf` or `moves` (default: `filename`'s extension, else
    /// what the text looks like).
    format: Option<String>,
    /// The record's file name: its extension chooses the format (`.psq`, `.sgf`, else the
    /// move line).
    filename: Option<String>,
    /// The game set-up for a record that does not say its board (a bare move line): `{"size":
    /// 15, "k": 5, "rule": "freestyle", "players": {...}}` (default 3x3, the default seats).
    fallback: Option<Fallback>,
    /// How the game is timed, as `--time-control` writes it: `5m+3s`, `90s`, `10s/move`
    /// (default: untimed).
    time_control: Option<String>,
    /// The tournament opening the game begins with: `none` (default), `swap` or `swap2`
    /// ([`crate::opening`]).
    opening: Option<String>,
}

/// The game set-up for a record that does not say its board (a bare move line).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fallback {
    size: Option<Json5>,
    k: Option<u32>,
    rule: Option<String>,
    /// The seats, where the record names none of mnk's players.
    players: Option<SeatsField>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatsField {
    x: Option<String>,
    o: Option<String>,
}

fn parse_size_field(value: Option<&Json5>, max_side: u8) -> ApiResult<Option<Size>> {
    let bad = |what: String| {
        ApiError::bad_request(format!(
            "size: {what}; give a number (15), \"WIDTHxHEIGHT\" (\"7x6\") or {{\"width\": 7, \"height\": 6}}"
        ))
    };
    let side = |v: &Json5| -> ApiResult<u64> {
        v.as_u64()
            .ok_or_else(|| bad(format!("{v} is not a whole number")))
    };
    let (w, h) = match value {
        None => return Ok(None),
        Some(Json5::Number(_)) => {
            let n = side(value.expect("matched"))?;
            (n, n)
        }
        Some(Json5::String(text)) => {
            let size = parse_size(text).map_err(|e| bad(e.to_string()))?;
            (u64::from(size.width), u64::from(size.height))
        }
        Some(Json5::Object(map)) => {
            let get = |k: &str| {
                map.get(k)
                    .ok_or_else(|| bad(format!("missing \"{k}\"")))
                    .and_then(side)
            };
            (get("width")?, get("height")?)
        }
        Some(other) => return Err(bad(format!("{other} is not a size"))),
    };
    let max = u64::from(max_side);
    if !(1..=max).contains(&w) || !(1..=max).contains(&h) {
        return Err(ApiError::bad_request(format!(
            "size: {w}x{h} is out of bounds; each side must be 1 to {max_side} on this server"
        )));
    }
    Ok(Some(Size::new(w as u8, h as u8)))
}

/// A rule as a request names it, if it names one.
///
/// # Errors
/// 400 naming `field` for a name that is no rule.
pub(super) fn parse_rule(text: Option<&str>, field: &str) -> ApiResult<Option<Rule>> {
    text.map(|t| {
        t.parse::<Rule>()
            .map_err(|e| ApiError::bad_request(format!("{field}: {e}")))
    })
    .transpose()
}

/// A seat as a request names it: `Some(None)` for `human`, `Some(Some(player))`, or `None`
/// when not named.
fn parse_seat(text: Option<&str>) -> ApiResult<Option<Seat>> {
    match text.map(str::trim) {
        None => Ok(None),
        Some(t) if t.eq_ignore_ascii_case("human") => Ok(Some(None)),
        Some(t) => parse_player(t).map(|p| Some(Some(p))),
    }
}

/// The seats a request asks for: those it names, else `named` (a record's names, where they
/// are mnk's players), else X human and O the strongest player when X is human.
fn seats(
    field: Option<SeatsField>,
    named: [Option<Seat>; 2],
    variant: &Variant,
) -> ApiResult<Seats> {
    let field = field.unwrap_or_default();
    let [named_x, named_o] = named;
    let x = parse_seat(field.x.as_deref())?.or(named_x).unwrap_or(None);
    let o = match parse_seat(field.o.as_deref())?.or(named_o) {
        Some(o) => o,
        None if x.is_none() => Some(strongest_for(variant)),
        None => None,
    };
    Ok([x, o])
}

/// Refuses a seat whose player cannot play the board (as its catalog entry declares), before
/// the game starts rather than at the player's first move: 422 with why and what would do.
///
/// # Errors
/// 422 naming the side, the player and the reason.
fn check_seats(seats: &Seats, board: &Board) -> ApiResult<()> {
    for side in Side::BOTH {
        if let Some(spec) = &seats[side.index()]
            && let Some(info) = info(spec.name)
        {
            info.fits(board, &spec.options).map_err(|e| {
                ApiError::unprocessable(format!(
                    "players.{}: {side} cannot be {}: {e}",
                    side.to_string().to_lowercase(),
                    spec.name
                ))
            })?;
        }
    }
    Ok(())
}

/// Refuses a seat whose player is no opponent (it answers only where it finds a forced win),
/// or has no move within the server's node cap on this board ([`super::players::fits_here`]):
/// before the game starts, rather than at its first move.
///
/// # Errors
/// 422 naming the side, the player, why, and the depth that would do.
fn check_opponent(
    field: &str,
    side: Side,
    spec: &mnk::players::PlayerSpec,
    board: &Board,
    limits: &crate::Limits,
) -> ApiResult<()> {
    if info(spec.name).is_some_and(|p| !p.abilities.always_moves) {
        return Err(ApiError::unprocessable(format!(
            "{field}: {side} cannot be {}: it answers only where it finds a forced win, so it is no opponent; analyse with it instead",
            spec.name
        )));
    }
    super::players::fits_here(spec, board, limits.max_nodes).map_err(|why| {
        ApiError::unprocessable(format!("{field}: {side} cannot be {}: {why}", spec.name))
    })
}

/// One side's seat: a computer player, or `None` for a person.
type Seat = Option<mnk::players::PlayerSpec>;

/// Checks a new game's description and builds it: from `moves` on the board asked for, or
/// from a `record`.
///
/// # Errors
/// 400 for anything out of bounds or unreadable, saying what is accepted; a record that
/// cannot be read says its line and why.
pub fn build(request: NewGame, max_side: u8) -> ApiResult<Entry> {
    let size = parse_size_field(request.size.as_ref(), max_side)?;
    let rule = parse_rule(request.rule.as_deref(), "rule")?;
    let timing = request
        .time_control
        .as_deref()
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            t.parse::<Timing>()
                .map_err(|e| ApiError::bad_request(format!("time_control: {e}")))
        })
        .transpose()?;
    let asked = opening::parse(request.opening.as_deref())?;
    // An opening to begin places the first stones; a finished one names the first moves given.
    let begins = asked.filter(|o| !o.is_done());
    if begins.is_some() && (request.moves.is_some() || request.record.is_some())
        || asked.is_some() && request.record.is_some()
    {
        return Err(ApiError::bad_request(
            "opening: an opening to play places the first stones itself, and a record names its own; give an opening, or moves or a record, not both",
        ));
    }
    let (game, named, record) = if let Some(text) = request.record.as_deref() {
        if request.moves.is_some() {
            return Err(ApiError::bad_request(
                "moves: give the moves or a record, not both",
            ));
        }
        let fallback = request.fallback.unwrap_or_default();
        let import = Import {
            text,
            format: request.format.as_deref(),
            filename: request.filename.as_deref(),
            given: Given {
                size,
                k: request.k,
                rule,
            },
            fallback: Given {
                size: parse_size_field(fallback.size.as_ref(), max_side)
                    .map_err(|e| ApiError::bad_request(format!("fallback: {}", e.message)))?,
                k: fallback.k,
                rule: parse_rule(fallback.rule.as_deref(), "fallback: rule")?,
            },
        };
        let (record, size_stated) = records::read(&import, max_side)?;
        let mut named =
            [&record.players.x, &record.players.o].map(|name| records::seat_named(name.as_deref()));
        if !size_stated && let Some(players) = fallback.players {
            let [x, o] = &mut named;
            if x.is_none() {
                *x = parse_seat(players.x.as_deref())?;
            }
            if o.is_none() {
                *o = parse_seat(players.o.as_deref())?;
            }
        }
        (record.game(), named, Some(record))
    } else {
        if request.format.is_some() || request.filename.is_some() || request.fallback.is_some() {
            return Err(ApiError::bad_request(
                "format, filename and fallback describe a record: give the record's text in record",
            ));
        }
        let variant = Variant::with_defaults(size, request.k, rule, records::UNSTATED_SIZE)
            .map_err(|e| ApiError::bad_request(format!("k: {e}")))?;
        let moves = move_list(request.moves.as_ref(), "moves")?;
        let game = parse_game(&moves, variant)
            .map_err(|e| ApiError::bad_request(format!("moves: {e}")))?;
        if let Some(begins) = begins {
            swap2::fits(begins.rule(), &variant).map_err(|e| {
                ApiError::bad_request(format!(
                    "opening: {e}; the openings are for gomoku boards (15x15, 5 in a row, say)"
                ))
            })?;
        }
        (game, [None, None], None)
    };
    let seats = seats(request.players, named, game.board().variant())?;
    check_seats(&seats, game.board())?;
    let seats = seats.map(|s| s.map_or(Occupant::Human, Occupant::Machine));
    let mut session = match &record {
        // The record's opening and its stated result are the game's.
        Some(record) => {
            let mut session = Session::from_record(record, seats);
            if let Some(result) = record.result.clone() {
                session.state(result);
            }
            session
        }
        None => Session::from_game(game, seats),
    };
    if let Some(asked) = asked {
        let refused = |e: SessionError| ApiError::bad_request(format!("opening: {e}"));
        session = match asked.opened() {
            Some(done) => session.with_finished_opening(done).map_err(refused)?,
            None => session.with_opening(asked.rule()).map_err(refused)?,
        };
    }
    Ok(Entry::new(session.with_timing(timing)))
}

/// `POST /api/games`: 201 with the new game.
pub async fn create(
    axum::extract::State(state): State,
    Client(client): Client,
    JsonBody(request): JsonBody<NewGame>,
) -> ApiResult<(StatusCode, Json<GameView>)> {
    // The seats the request names are checked as opponents; those a record names are kept as
    // the record has them (a game to review: its machine, if asked to move, says why it
    // cannot).
    let named = request
        .players
        .as_ref()
        .map_or([false, false], |p| [p.x.is_some(), p.o.is_some()]);
    let entry = build(request, state.limits.max_side)?;
    for side in Side::BOTH {
        if let Some(spec) = entry.seat(side) {
            let field = format!("players.{}", side.to_string().to_lowercase());
            state.searcher.check_player(&field, spec)?;
            if named[side.index()] {
                check_opponent(&field, side, spec, entry.session.board(), &state.limits)?;
            }
        }
    }
    let id = state.store.insert(entry.clone(), client);
    Ok((StatusCode::CREATED, Json(GameView::new(&id, &entry))))
}

/// `GET /api/games/{id}`.
pub async fn read(
    axum::extract::State(state): State,
    GameId(id): GameId,
) -> ApiResult<Json<GameView>> {
    let entry = state.game(&id)?;
    Ok(Json(GameView::new(&id, &entry)))
}

/// `DELETE /api/games/{id}`: 204.
pub async fn delete(
    axum::extract::State(state): State,
    GameId(id): GameId,
) -> ApiResult<StatusCode> {
    if state.store.remove(&id) {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(unknown_game(&id))
    }
}

/// `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move in notation.
    #[serde(rename = "move")]
    mv: String,
    /// Only play if the game is still at this version.
    version: Option<u64>,
}

pub(super) fn check_version(entry: &Entry, expected: Option<u64>) -> ApiResult<()> {
    match expected {
        Some(v) if v != entry.version => Err(ApiError::conflict(format!(
            "the game has changed (version {} now, {v} expected); read it again",
            entry.version
        ))),
        _ => Ok(()),
    }
}

/// Runs `change` on the stored game and answers with the game, or the change's error.
pub(super) fn change(
    state: &AppState,
    id: &str,
    change: impl FnOnce(&mut Entry) -> ApiResult<()>,
) -> ApiResult<Json<GameView>> {
    state
        .store
        .with(id, |entry| {
            change(entry)?;
            entry.version += 1;
            Ok(Json(GameView::new(id, entry)))
        })
        .ok_or_else(|| unknown_game(id))?
}

/// `POST /api/games/{id}/moves`: plays one move for the side to move.
pub async fn play(
    axum::extract::State(state): State,
    GameId(id): GameId,
    JsonBody(request): JsonBody<MoveRequest>,
) -> ApiResult<Json<GameView>> {
    change(&state, &id, |entry| {
        check_version(entry, request.version)?;
        if entry.session.ended_off_board().is_some() {
            check_on(entry)?;
        }
        let cell = parse_cell(&request.mv, entry)?;
        // During the opening a move is a stone of the seat to act, or white's, keeping white.
        if entry.session.opening_under_way().is_some() {
            return entry.act(Act::Stone(cell), false);
        }
        entry
            .session
            .play(cell, Instant::now())
            .map(|_| ())
            .map_err(|e| ApiError::conflict(format!("move: {e}")))
    })
}

/// A move in notation on the game's board: 409 when it cannot be played there, 400 when it
/// is no move.
///
/// # Errors
/// 409 for a game over, a cell taken or forbidden; 400 for text that is no cell of the board.
pub(super) fn parse_cell(text: &str, entry: &Entry) -> ApiResult<Cell> {
    parse_move(text, entry.session.board()).map_err(|e| match e {
        NotationError::GameOver { .. } => ApiError::conflict("the game is over"),
        NotationError::Occupied { .. } | NotationError::Forbidden { .. } => {
            ApiError::conflict(format!("move: {e}"))
        }
        other => ApiError::bad_request(format!("move: {other}")),
    })
}

/// `POST /api/games/{id}/undo`: takes back `count` moves (default 1).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UndoRequest {
    count: Option<usize>,
    version: Option<u64>,
}

/// `POST /api/games/{id}/undo`.
pub async fn undo(
    axum::extract::State(state): State,
    GameId(id): GameId,
    JsonBody(request): JsonBody<UndoRequest>,
) -> ApiResult<Json<GameView>> {
    change(&state, &id, |entry| {
        check_version(entry, request.version)?;
        let count = request.count.unwrap_or(1);
        if count == 0 && entry.session.ended_off_board().is_none() {
            return Err(ApiError::bad_request("count: take back at least 1 move"));
        }
        // The opening's stones stay, and those of its stages already over.
        entry.session.take_back(count).map_err(|e| match e {
            SessionError::EndedOffBoard(_) => ApiError::conflict(format!("{e}; start a new game")),
            e => ApiError::conflict(e.to_string()),
        })
    })
}

/// `GET /api/games/{id}/record?format=...`.
#[derive(Debug, Deserialize)]
pub struct RecordQuery {
    format: Option<String>,
}

/// `GET /api/games/{id}/record`: JSON by default (the body that recreates the game), the bare
/// move line with `?format=text`, a file with `?format=psq|sgf|moves`.
pub async fn record(
    axum::extract::State(state): State,
    GameId(id): GameId,
    query: Result<Query<RecordQuery>, QueryRejection>,
) -> ApiResult<Response> {
    let Query(query) =
        query.map_err(|e| ApiError::bad_request(format!("the query: {}", e.body_text())))?;
    let entry = state.game(&id)?;
    records::export(&id, &entry, query.format.as_deref())
}

/// `POST /api/games/{id}/end`: the game ends off the board.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndRequest {
    /// The side that wins: `X` or `O`.
    winner: String,
    /// How: `time` (the other side's flag fell) or `resignation`.
    by: String,
    /// Only if the game is still at this version.
    version: Option<u64>,
}

/// `POST /api/games/{id}/end`: ends a game on time or by resignation; its record says so
/// (`O wins by T`, SGF `RE[W+T]`). 409 if it is over already.
pub async fn end(
    axum::extract::State(state): State,
    GameId(id): GameId,
    JsonBody(request): JsonBody<EndRequest>,
) -> ApiResult<Json<GameView>> {
    let side = parse_side(&request.winner, "winner")?;
    let how = match request.by.trim().to_ascii_lowercase().as_str() {
        "time" => WinBy::Time,
        "resignation" => WinBy::Resignation,
        _ => {
            return Err(ApiError::bad_request(format!(
                "by: '{}' is not how a game ends off the board; give time or resignation",
                request.by
            )));
        }
    };
    change(&state, &id, |entry| {
        check_version(entry, request.version)?;
        check_on(entry)?;
        entry
            .session
            .end(Ending::won(side, how.clone()))
            .map_err(|e| ApiError::conflict(e.to_string()))
    })
}

/// 409 when the game is over: it cannot change any more.
pub(super) fn check_on(entry: &Entry) -> ApiResult<()> {
    match entry.session.ending() {
        Some(outcome) => Err(ApiError::conflict(format!(
            "the game is over ({outcome}); start a new game"
        ))),
        None => Ok(()),
    }
}
