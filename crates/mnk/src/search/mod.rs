//! Pieces shared by the searching players: limits and the stop signal.

mod control;

pub use control::{Control, Limits};
