//! Seats checked before a game starts: a computer player that cannot play the board is
//! refused up front, with the reason and the players (or the depth) that would do, as the
//! catalog declares them ([`mnk::players::PlayerInfo::fits`]), rather than failing at its
//! first move.

use crate::failure::Failure;
use mnk::game::Board;
use mnk::players::{PlayerSpec, info};

/// Refuses `spec` (with its options as it will play) in `role` (`X`, `O`, `A`) on `board`.
///
/// # Errors
/// [`Failure::Usage`]: which seat, why, and what would work.
pub fn check(role: &str, spec: &PlayerSpec, board: &Board) -> Result<(), Failure> {
    let Some(info) = info(spec.name) else {
        return Ok(());
    };
    info.fits(board, &spec.options)
        .map_err(|e| Failure::Usage(format!("{role} cannot be {}: {e}", spec.name)))
}
