//! The mover's clock in a think request: the page runs both players' clocks, and a machine's
//! move is asked for with what its clock has left. The server plans the move from it with
//! [`TimeControl::plan`] (as the terminal does from its own clocks), within its own caps, so
//! the machine plays within its clock.

use crate::error::{ApiError, ApiResult};
use mnk::game::Board;
use mnk::search::{GameClock, TimeControl, TimePlan};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What a move costs beyond its search when it is asked for over HTTP: the request and its
/// answer, and the page's own work. Kept off the clock once per move still to come (see
/// [`TimeControl::plan`]). On loopback or a local network a round trip takes a few
/// milliseconds; a slower link eats into the machine's own time.
pub const WEB_MOVE_OVERHEAD: Duration = Duration::from_millis(20);

/// `clock` in `POST /api/games/{id}/think`: the mover's clock at the start of its move.
/// `{"left_ms": 300000, "increment_ms": 3000}` for a game clock, `{"per_move_ms": 10000}` for a
/// limit per move, or both.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockField {
    /// Time left on the mover's game clock, in milliseconds.
    left_ms: Option<u64>,
    /// Added to the game clock after the move, in milliseconds (default 0).
    increment_ms: Option<u64>,
    /// The most this move may take, in milliseconds.
    per_move_ms: Option<u64>,
}

impl ClockField {
    /// The clock as the library's [`TimeControl`].
    ///
    /// # Errors
    /// 400 for a clock with neither `left_ms` nor `per_move_ms`, or an increment without a
    /// game clock.
    pub fn control(self) -> ApiResult<TimeControl> {
        if self.left_ms.is_none() && self.increment_ms.is_some() {
            return Err(ApiError::bad_request(
                "clock: increment_ms goes with a game clock: give left_ms too",
            ));
        }
        if self.left_ms.is_none() && self.per_move_ms.is_none() {
            return Err(ApiError::bad_request(
                "clock: give left_ms (a game clock, with increment_ms) or per_move_ms (a limit per move)",
            ));
        }
        Ok(TimeControl {
            per_move: self.per_move_ms.map(Duration::from_millis),
            game: self.left_ms.map(|left| GameClock {
                left: Duration::from_millis(left),
                increment: Duration::from_millis(self.increment_ms.unwrap_or(0)),
                moves_to_go: None,
            }),
        })
    }
}

/// The plan of the move on `board` from the mover's clock.
#[must_use]
pub fn plan(control: &TimeControl, board: &Board) -> TimePlan {
    control.plan(board.stones(), board.empty_cells(), WEB_MOVE_OVERHEAD)
}

/// A move's time plan as the answer reports it, in milliseconds from when it was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlanView {
    /// When the search aims to be done.
    pub target_ms: Option<u128>,
    /// When it must stop.
    pub deadline_ms: Option<u128>,
}

impl PlanView {
    /// The view of `plan`.
    #[must_use]
    pub fn new(plan: TimePlan) -> Self {
        PlanView {
            target_ms: plan.target.map(|t| t.as_millis()),
            deadline_ms: plan.deadline.map(|t| t.as_millis()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnk::game::Variant;

    #[test]
    fn a_clock_is_a_game_clock_a_limit_per_move_or_both() {
        let board = Board::new(Variant::tic_tac_toe());
        let field = |left, increment, per_move| ClockField {
            left_ms: left,
            increment_ms: increment,
            per_move_ms: per_move,
        };
        let per_move = field(None, None, Some(200)).control().unwrap();
        assert_eq!(
            plan(&per_move, &board),
            TimePlan::exactly(Duration::from_millis(180))
        );
        let game = field(Some(300), None, None).control().unwrap();
        let deadline = plan(&game, &board).deadline.unwrap();
        assert!(deadline < Duration::from_millis(300), "{deadline:?}");
        assert!(field(None, Some(5), None).control().is_err());
        assert!(field(None, None, None).control().is_err());
    }
}
