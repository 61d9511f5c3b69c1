//! Creating, reading, playing, undoing, exporting and deleting games.

use super::request::{move_list, parse_player};
use crate::body::{Client, GameId, JsonBody};
use crate::error::{ApiError, ApiResult};
use crate::state::{AppState, State, unknown_game};
use crate::store::{Entry, Seats};
use crate::views::{GameView, SeatsView};
use axum::Json;
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use mnk::game::{Rule, Size, Variant, parse_size};
use mnk::notation::{NotationError, format_moves, parse_game, parse_move};
use mnk::players::strongest_for;
use serde::Deserialize;
use serde_json::Value as Json5;

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
    /// Moves to start from (importing a record): `"b2 a1"` or `["b2", "a1"]`.
    moves: Option<Json5>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatsField {
    x: Option<String>,
    o: Option<String>,
}

fn parse_size_field(value: Option<&Json5>, max_side: u8) -> ApiResult<Size> {
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
        None => (3, 3),
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
    Ok(Size::new(w as u8, h as u8))
}

/// The seats a request asks for: X human by default; O the strongest player when X is human.
fn seats(field: Option<SeatsField>, variant: &Variant) -> ApiResult<Seats> {
    let field = field.unwrap_or_default();
    let seat = |text: Option<String>| -> ApiResult<Option<Option<mnk::players::PlayerSpec>>> {
        match text.as_deref().map(str::trim) {
            None => Ok(None),
            Some(t) if t.eq_ignore_ascii_case("human") => Ok(Some(None)),
            Some(t) => parse_player(t).map(|p| Some(Some(p))),
        }
    };
    let x = seat(field.x)?.unwrap_or(None);
    let o = match seat(field.o)? {
        Some(o) => o,
        None if x.is_none() => Some(strongest_for(variant)),
        None => None,
    };
    Ok([x, o])
}

/// Checks a new game's description and builds it.
///
/// # Errors
/// 400 for anything out of bounds or unreadable, saying what is accepted.
pub fn build(request: NewGame, max_side: u8) -> ApiResult<Entry> {
    let size = parse_size_field(request.size.as_ref(), max_side)?;
    let rule = match request.rule.as_deref() {
        None => Rule::Freestyle,
        Some(text) => text
            .parse::<Rule>()
            .map_err(|e| ApiError::bad_request(format!("rule: {e}")))?,
    };
    let k = request.k.unwrap_or_else(|| Variant::default_k(size));
    let variant =
        Variant::new(size, k, rule).map_err(|e| ApiError::bad_request(format!("k: {e}")))?;
    let seats = seats(request.players, &variant)?;
    let moves = move_list(request.moves.as_ref(), "moves")?;
    let game =
        parse_game(&moves, variant).map_err(|e| ApiError::bad_request(format!("moves: {e}")))?;
    Ok(Entry::new(game, seats))
}

/// `POST /api/games`: 201 with the new game.
pub async fn create(
    axum::extract::State(state): State,
    Client(client): Client,
    JsonBody(request): JsonBody<NewGame>,
) -> ApiResult<(StatusCode, Json<GameView>)> {
    let entry = build(request, state.limits.max_side)?;
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
fn change(
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
        let cell = parse_move(&request.mv, entry.game.board()).map_err(|e| match e {
            NotationError::GameOver { .. } => ApiError::conflict("the game is over"),
            NotationError::Occupied { .. } => ApiError::conflict(format!("move: {e}")),
            other => ApiError::bad_request(format!("move: {other}")),
        })?;
        entry
            .game
            .play(cell)
            .map_err(|e| ApiError::conflict(format!("move: {e}")))
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
        let played = entry.game.moves().len();
        if count == 0 {
            return Err(ApiError::bad_request("count: take back at least 1 move"));
        }
        if count > played {
            return Err(ApiError::conflict(format!(
                "cannot take back {count} move(s): {played} played"
            )));
        }
        for _ in 0..count {
            entry.game.undo();
        }
        Ok(())
    })
}

/// A game as a record: the body of `POST /api/games` that recreates it.
#[derive(Debug, serde::Serialize)]
pub struct Record {
    size: String,
    k: usize,
    rule: &'static str,
    players: SeatsView,
    moves: String,
}

/// `?format=text` for the bare move list.
#[derive(Debug, Deserialize)]
pub struct RecordQuery {
    format: Option<String>,
}

/// `GET /api/games/{id}/record`: JSON by default, the bare move line with `?format=text`.
pub async fn record(
    axum::extract::State(state): State,
    GameId(id): GameId,
    query: Result<Query<RecordQuery>, QueryRejection>,
) -> ApiResult<Response> {
    let Query(query) =
        query.map_err(|e| ApiError::bad_request(format!("the query: {}", e.body_text())))?;
    let entry = state.game(&id)?;
    let board = entry.game.board();
    let size = board.size();
    let moves = format_moves(entry.game.moves(), size);
    match query.format.as_deref() {
        None | Some("json") => Ok(Json(Record {
            size: size.to_string(),
            k: board.variant().k(),
            rule: board.variant().rule().name(),
            players: SeatsView::new(&entry.seats),
            moves,
        })
        .into_response()),
        Some("text") => Ok((
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("{moves}\n"),
        )
            .into_response()),
        Some(other) => Err(ApiError::bad_request(format!(
            "format: '{other}' is not a record format; use json (default) or text"
        ))),
    }
}
