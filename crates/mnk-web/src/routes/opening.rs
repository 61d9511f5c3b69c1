//! `POST /api/games/{id}/opening`: a choice in a game's swap or swap2 opening
//! ([`crate::opening`]): take black, keep white and play a move, place two more stones, or let
//! the computer in the role to act do its part.

use super::games::{change, check_on, check_version, parse_cell};
use super::request::parse_side;
use super::think::seated;
use crate::body::{Client, GameId, JsonBody};
use crate::error::{ApiError, ApiResult};
use crate::state::State;
use crate::store::Entry;
use crate::views::GameView;
use axum::Json;
use mnk::game::{Act, Side};
use mnk::players::swap2::{self, ActError};
use mnk::search;
use serde::Deserialize;

/// The request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceRequest {
    /// `black` (take black), `white` (keep white and play `move`), `place` (swap2: place two
    /// more stones), or `machine` (the computer in the role acts).
    choice: String,
    /// White's stone, with `white`.
    #[serde(rename = "move")]
    mv: Option<String>,
    /// The seat making the choice, `x` or `o`: when given, it must be the seat to act.
    seat: Option<String>,
    /// Only if the game is still at this version.
    version: Option<u64>,
}

/// What the choices are, for messages.
const CHOICES: &str = "give black, white (with a move), place or machine";

/// `POST /api/games/{id}/opening`: the game after the choice.
pub async fn choose(
    axum::extract::State(state): State,
    Client(client): Client,
    GameId(id): GameId,
    JsonBody(request): JsonBody<ChoiceRequest>,
) -> ApiResult<Json<GameView>> {
    let choice = request.choice.trim().to_ascii_lowercase();
    if !matches!(choice.as_str(), "black" | "white" | "place" | "machine") {
        return Err(ApiError::bad_request(format!(
            "choice: '{}' is no choice of the opening; {CHOICES}",
            request.choice
        )));
    }
    if request.mv.is_some() != (choice == "white") {
        return Err(ApiError::bad_request(
            "move: give white's stone with white (\"choice\": \"white\", \"move\": \"h9\"), and only then",
        ));
    }
    let seat = request
        .seat
        .as_deref()
        .map(|s| parse_side(s, "seat"))
        .transpose()?;
    let machine = choice == "machine";
    // What is refused before any search: the version, the game, the opening, the seat.
    let check = |entry: &Entry| -> ApiResult<Side> {
        check_version(entry, request.version)?;
        check_on(entry)?;
        let (_, side) = entry.actor(machine)?;
        if let Some(asked) = seat.filter(|&s| s != side) {
            return Err(ApiError::conflict(format!(
                "it is not {asked}'s turn in the opening: {side} acts now"
            )));
        }
        Ok(side)
    };
    if !machine {
        return change(&state, &id, |entry| {
            check(entry)?;
            let act = match choice.as_str() {
                "black" => Act::Black,
                "place" => Act::PlaceTwo,
                _ => Act::White(parse_cell(
                    request.mv.as_deref().unwrap_or_default(),
                    entry,
                )?),
            };
            entry.act(act, false)
        });
    }
    let entry = state.game(&id)?;
    let side = check(&entry)?;
    let spec = entry
        .seat(side)
        .cloned()
        .ok_or_else(|| ApiError::conflict("no machine sits in the role to act"))?;
    let board = entry.session.board().clone();
    let opening = *entry
        .session
        .opening_under_way()
        .expect("checked: under way");
    // Only swap2's chooser places stones after the opener's three, and a computer never
    // chooses to: its three stones go down together. Refused before any search.
    swap2::can_act(&opening).map_err(|e| ApiError::conflict(e.to_string()))?;
    let acts = seated(&state, client, &id, &spec, move |seat, searcher, stop| {
        // Within the server's caps, stopped when the request is dropped, as its moves are.
        let ask = searcher.ask(search::Limits::NONE, stop);
        swap2::acts(&opening, &board, seat, &ask).map_err(|e| match e {
            ActError::Player(e) => ApiError::from_player(seat.spec().name, &e),
            e => ApiError::unprocessable(e.to_string()),
        })
    })
    .await??;
    change(&state, &id, |stored| {
        if stored.version != entry.version {
            return Err(ApiError::conflict(
                "the game changed while the machine was thinking; its choice was not made",
            ));
        }
        // All its stones or none.
        let mut next = stored.clone();
        acts.into_iter().try_for_each(|act| next.act(act, true))?;
        *stored = next;
        Ok(())
    })
}
