//! Reading what a request asks for: its player, its move lists.

use crate::error::{ApiError, ApiResult};
use crate::store::Entry;
use mnk::game::{Board, Side};
use mnk::players::{PlayerSpec, strongest_for};

/// The largest transposition table a player of a request may ask for (`memory-mb`), in MiB.
pub const MAX_MEMORY_MB: u64 = 256;
/// The most search threads a player of a request may ask for (`threads`).
pub const MAX_THREADS: usize = 2;

/// Parses a player specification, or 400 saying which players exist; settings that would let
/// one request take the machine (a huge table, many threads) are refused.
///
/// # Errors
/// 400 for an unknown player or setting, or a setting beyond the server's bounds.
pub fn parse_player(text: &str) -> ApiResult<PlayerSpec> {
    let spec: PlayerSpec = text
        .parse()
        .map_err(|e| ApiError::bad_request(format!("player: {e}")))?;
    if let Some(mib) = spec.options.memory_mib.filter(|&m| m > MAX_MEMORY_MB) {
        return Err(ApiError::bad_request(format!(
            "player: memory-mb={mib} is more than this server gives one search (at most {MAX_MEMORY_MB})"
        )));
    }
    if let Some(threads) = spec.options.threads.filter(|&t| t > MAX_THREADS) {
        return Err(ApiError::bad_request(format!(
            "player: threads={threads} is more than this server gives one search (at most {MAX_THREADS})"
        )));
    }
    Ok(spec)
}

/// A side as a request names it: `x` or `o`, in either case.
///
/// # Errors
/// 400 naming `field` for anything else.
pub fn parse_side(text: &str, field: &str) -> ApiResult<Side> {
    match text.trim() {
        s if s.eq_ignore_ascii_case("x") => Ok(Side::X),
        s if s.eq_ignore_ascii_case("o") => Ok(Side::O),
        other => Err(ApiError::bad_request(format!(
            "{field}: '{other}' is not a side; give X or O"
        ))),
    }
}

/// A move list given as one string (`"b2 a1"`) or an array (`["b2", "a1"]`), as one string.
///
/// # Errors
/// 400 naming `field` for anything else.
pub fn move_list(value: Option<&serde_json::Value>, field: &str) -> ApiResult<String> {
    use serde_json::Value;
    match value {
        None => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|m| {
                m.as_str().map(str::to_string).ok_or_else(|| {
                    ApiError::bad_request(format!("{field}: {m} is not a move like \"b2\""))
                })
            })
            .collect::<ApiResult<Vec<_>>>()
            .map(|v| v.join(" ")),
        Some(other) => Err(ApiError::bad_request(format!(
            "{field}: {other} is not a move list; give \"b2 a1\" or [\"b2\", \"a1\"]"
        ))),
    }
}

/// The player a request names, else the computer seated on the side to move on `board` (the
/// game's position, or an earlier one), else the strongest player for the board.
///
/// # Errors
/// 400 for an unknown player or setting.
pub fn player_for(entry: &Entry, board: &Board, asked: Option<&str>) -> ApiResult<PlayerSpec> {
    match asked {
        Some(text) => parse_player(text),
        None => Ok(entry
            .seat(board.to_move())
            .cloned()
            .unwrap_or_else(|| strongest_for(board.variant()))),
    }
}
