//! The tournament openings on the page: a game created with `"opening": "swap"` or `"swap2"`
//! begins with the opening's dialogue, as `mnk play --opening` plays it, before the game proper.
//!
//! The X seat (the opener) places three stones, black, white, black, with `POST
//! /api/games/{id}/moves`. The O seat (the chooser) then takes black (`POST
//! /api/games/{id}/opening` with `{"choice": "black"}`), or keeps white and plays white's fourth
//! stone (`{"choice": "white", "move": "h9"}`, or that move through the moves route), or, under
//! swap2, says it places two more stones (`{"choice": "place"}`) and places them (white's fourth,
//! black's fifth) through the moves route; the opener then chooses the same way: black, or white's
//! sixth stone as white. When the seat that opened ends up with white, the seats change colours:
//! `players.x` is then the seat that sat at O. A computer in either role acts when asked, with
//! `{"choice": "machine"}`: its three stones by [`mnk::players::swap2::open`], its decision by
//! [`mnk::players::swap2::choose`] (it never places two more stones). Who acts, what is
//! open and when the opening ends is the library's one state machine, [`mnk::game::Opening`];
//! this module reads requests for it and words its refusals for the API.
//!
//! Every view of the game carries `"opening"` (null for a game without one):
//!
//! ```json
//! {"rule": "swap2", "stage": "choose", "to_act": "o", "to_place": 0,
//!  "stones": ["h8", "i8", "h10"], "swapped": false, "accepts": ["black", "white", "place"],
//!  "kept": 3}
//! ```
//!
//! - `stage`: `place` (the seat to act places `to_place` more stones), `choose` (it takes black
//!   or plays white's stone), or `done` (the game proper is on).
//! - `to_act`: the seat that acts now, `x` or `o` (as in `players`); null when done, or when
//!   the game ended during the opening (`POST /api/games/{id}/end`).
//! - `stones`: the opening's stones so far, black first (when done, the stones it placed).
//! - `swapped`: the seats changed colours (the opener took white).
//! - `accepts`: the choices `POST /api/games/{id}/opening` takes now (`machine` when a computer
//!   sits in the role to act).
//! - `kept`: how many of the first moves undo leaves: the opening's stones, and during the
//!   opening those placed before the stage under way (a stage's own stones may be taken back).
//!
//! The opening is outside the clocks. The record (SGF `OP[swap2:5]`, the move line's `# opening:
//! swap2:5`, the JSON record's `"opening": "swap2:5"`) names it once it is done, and a record
//! that names one makes a game whose opening is done (`POST /api/games` with `"opening":
//! "swap2:5"` and the moves, or the record's text). Exported during the opening, a record holds
//! the stones so far as plain moves.

use crate::error::{ApiError, ApiResult};
use mnk::game::{Opened, Opening, OpeningError, OpeningRule, Stage};

/// The API's refusal of an act the opening refuses: 409, saying what it accepts.
#[must_use]
pub fn refused(opening: &Opening, error: &OpeningError) -> ApiError {
    let route = " with POST /api/games/{id}/moves";
    ApiError::conflict(match error {
        OpeningError::Over => {
            "the opening is over: play moves (POST /api/games/{id}/moves)".to_string()
        }
        OpeningError::Move(e) => format!("move: {e}"),
        OpeningError::EndsGame => format!("move: {error}"),
        OpeningError::NoChoiceNow(_) | OpeningError::NoPlacingNow(_)
            if opening.stage() == Stage::Place =>
        {
            format!("{error}{route}")
        }
        _ => error.to_string(),
    })
}

/// Parses `opening` as `POST /api/games` takes it: `none` (or absent), `swap` or `swap2` for
/// an opening about to begin, or `swap2:5` (as a record names it) for one already done.
///
/// # Errors
/// 400 for anything else, saying what is accepted.
pub fn parse(text: Option<&str>) -> ApiResult<Option<Opening>> {
    let Some(text) = text else { return Ok(None) };
    if let Ok(done) = text.trim().parse::<Opened>() {
        return Ok(Some(Opening::finished(done)));
    }
    match text.trim().to_ascii_lowercase().as_str() {
        "none" | "" => Ok(None),
        "swap" => Ok(Some(Opening::new(OpeningRule::Swap))),
        "swap2" => Ok(Some(Opening::new(OpeningRule::Swap2))),
        _ => Err(ApiError::bad_request(format!(
            "opening: '{text}' is not an opening; give none, swap or swap2 (or, with moves, a finished one as a record names it: {})",
            Opened::EXPECTED
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_read_by_name() {
        assert_eq!(parse(None), Ok(None));
        assert_eq!(parse(Some("none")), Ok(None));
        assert_eq!(
            parse(Some(" Swap2 ")),
            Ok(Some(Opening::new(OpeningRule::Swap2)))
        );
        let done = parse(Some("swap:4")).unwrap().unwrap();
        assert_eq!(
            (done.stage(), done.kept(), done.swapped()),
            (Stage::Done, 4, false)
        );
        assert!(parse(Some("swap:6")).is_err());
        let e = parse(Some("swap3")).unwrap_err();
        assert!(e.message.contains("none, swap or swap2"), "{}", e.message);
    }
}
