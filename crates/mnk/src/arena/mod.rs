//! Matches between players: one game ([`game`]), a series of them in parallel ([`series`]),
//! opening lists ([`openings`]) and the Elo arithmetic ([`elo`]). No I/O: the `mnk match`
//! command prints, and follows progress through a callback.

pub mod elo;
mod error;
pub mod game;
pub mod openings;
pub mod selfplay;
pub mod series;

pub use elo::{EloEstimate, estimate};
pub use error::ArenaError;
pub use game::{GameRecord, GameSetup, Think, play_game};
pub use openings::{MAX_OPENINGS_BYTES, OpeningsError, StartPosition, parse_openings};
pub use selfplay::{SelfPlay, self_play};
pub use series::{MatchConfig, MatchReport, Played, ThinkStats, run_match, schedule};
