//! Game records over the API: a game created from a record's text (`POST /api/games` with
//! `record`), and a game exported as a file (`GET /api/games/{id}/record?format=psq|sgf|moves`)
//! or as the JSON body that recreates it. The formats are the library's ([`mnk::record`]);
//! this module chooses one, settles the board with what the request says, and answers.

use super::request::parse_player;
use crate::error::{ApiError, ApiResult};
use crate::store::Entry;
use crate::views::SeatsView;
use axum::Json;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use mnk::game::Size;
use mnk::notation::format_moves;
use mnk::players::PlayerSpec;
use mnk::record::{Draft, Format, Given, Record};

/// The board of a record that does not say its size (a bare move line), when the request
/// gives none: as `mnk play --load`'s.
pub const UNSTATED_SIZE: Size = Size::square(3);

/// What a request says of the record it imports.
#[derive(Debug, Default)]
pub struct Import<'a> {
    /// The record's text.
    pub text: &'a str,
    /// `format` (`psq`, `sgf`, `moves`), if given.
    pub format: Option<&'a str>,
    /// `filename`, whose extension chooses the format when `format` is not given.
    pub filename: Option<&'a str>,
    /// The size, k and rule of the request: the record must agree with them.
    pub given: Given,
    /// `fallback`: the board of a record that does not say its size (a bare move line).
    pub fallback: Given,
}

/// The format of a record: `format` if given, else `filename`'s extension, else what the text
/// starts with (`(` is SGF, `Piskvork` a psq file, anything else the move line).
///
/// # Errors
/// 400 for a format name that is none of the three.
pub fn format_of(import: &Import<'_>) -> ApiResult<Format> {
    if let Some(name) = import.format {
        return name
            .parse::<Format>()
            .map_err(|e| ApiError::bad_request(format!("format: {e}")));
    }
    if let Some(name) = import.filename {
        return Ok(Format::from_extension(name));
    }
    Ok(Format::from_text(import.text))
}

/// Reads a record whole: the request's size, k and rule must agree with it (as `mnk play
/// --load` with `--size`); a record that does not say its size is on the `fallback` board
/// (3x3 when none). Boards larger than the server plays are refused. Returns the record and
/// whether it said its size.
///
/// # Errors
/// 400 with the format, the line and why (the library's [`mnk::record::RecordError`]), or for
/// a board larger than `max_side`.
pub fn read(import: &Import<'_>, max_side: u8) -> ApiResult<(Record, bool)> {
    let format = format_of(import)?;
    let refused =
        |e: &dyn std::fmt::Display| ApiError::bad_request(format!("record ({format}): {e}"));
    let draft = Draft::parse(import.text, format).map_err(|e| refused(&e))?;
    let mut given = import.given;
    let size_stated = draft.size.is_some();
    if !size_stated {
        given.size = given.size.or(import.fallback.size).or(Some(UNSTATED_SIZE));
        if draft.k.is_none() {
            given.k = given.k.or(import.fallback.k);
        }
        if draft.rule.is_none() {
            given.rule = given.rule.or(import.fallback.rule);
        }
    }
    let record = draft.into_record(&given).map_err(|e| refused(&e))?;
    let size = record.variant().size();
    if size.width > max_side || size.height > max_side {
        return Err(ApiError::bad_request(format!(
            "record ({format}): the board is {size}, larger than this server plays (each side at most {max_side})"
        )));
    }
    Ok((record, size_stated))
}

/// The seat a record's name asks for, if it names one of mnk's players (or `human`), as an
/// exported record does; `None` for any other name (another program, a person's name).
#[must_use]
pub fn seat_named(name: Option<&str>) -> Option<Option<PlayerSpec>> {
    let name = name?.trim();
    if name.eq_ignore_ascii_case("human") {
        return Some(None);
    }
    parse_player(name).ok().map(Some)
}

/// The record of a stored game: its moves, the seats as the players' names, how it ended,
/// and the opening it began with.
#[must_use]
pub fn of_entry(entry: &Entry) -> Record {
    // A record names the opening once it is done (one under way is no record's opening yet).
    entry.session.record()
}

/// The file extension of a format's downloads.
#[must_use]
pub const fn extension(format: Format) -> &'static str {
    match format {
        Format::MoveLine => "txt",
        Format::Psq => "psq",
        Format::Sgf => "sgf",
    }
}

/// A game as a record: the body of `POST /api/games` that recreates it.
#[derive(Debug, serde::Serialize)]
pub struct RecordBody {
    size: String,
    k: usize,
    rule: &'static str,
    players: SeatsView,
    moves: String,
    /// The opening the game began with, once done (`swap2:5`); absent without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    opening: Option<String>,
}

/// The answer of `GET /api/games/{id}/record` for `format` (default `json`): the JSON body,
/// the bare move line (`text`), or a file (`psq`, `sgf`, `moves`) to download as
/// `mnk-<id>.<ext>`.
///
/// # Errors
/// 400 for any other format.
pub fn export(id: &str, entry: &Entry, format: Option<&str>) -> ApiResult<Response> {
    let session = &entry.session;
    let board = session.board();
    let size = board.size();
    let moves = format_moves(session.moves(), size);
    let file = match format {
        None | Some("json") => {
            return Ok(Json(RecordBody {
                size: size.to_string(),
                k: board.variant().k(),
                rule: board.variant().rule().name(),
                players: SeatsView::new(session),
                moves,
                opening: session
                    .opening()
                    .and_then(|o| o.opened())
                    .map(|o| o.to_string()),
            })
            .into_response());
        }
        Some("text") => {
            return Ok((
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                format!("{moves}\n"),
            )
                .into_response());
        }
        Some(name) => name.parse::<Format>().map_err(|_| {
            ApiError::bad_request(format!(
                "format: '{name}' is not a record format; use json (default), text, psq, sgf or moves"
            ))
        })?,
    };
    let disposition = format!("attachment; filename=\"mnk-{id}.{}\"", extension(file));
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        of_entry(entry).write(file),
    )
        .into_response())
}
