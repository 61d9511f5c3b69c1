//! Pieces shared by the searching players: limits, the stop signal, and game-level time control.

mod control;
mod time_control;

pub use control::{Control, Limits};
pub use time_control::{Budget, TimeControl};
