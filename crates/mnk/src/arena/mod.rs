//! Matches between players: one game ([`game`]), a series of them in parallel ([`series`]),
//! opening lists ([`openings`]), the Elo arithmetic ([`elo`]) and the sequential test
//! ([`sprt`]), a match's parts for a cluster ([`shard`]) and its saved games read back to
//! combine them ([`saved`]). No I/O: the `mnk match` command prints, and follows progress
//! through a callback.

pub mod elo;
mod error;
pub mod game;
pub mod openings;
pub mod saved;
pub mod selfplay;
pub mod series;
pub mod shard;
pub mod sprt;

pub use elo::{EloEstimate, estimate};
pub use error::ArenaError;
pub use game::{GameRecord, GameSetup, Think, play_game};
pub use openings::{MAX_OPENINGS_BYTES, OpeningsError, StartPosition, parse_openings};
pub use saved::{EndingText, MatchHeader, SavedGame, SavedMatch, game_line};
pub use selfplay::{SelfPlay, self_play};
pub use series::{MatchConfig, MatchReport, Played, ThinkStats, run_match, schedule};
pub use shard::Shard;
pub use sprt::{Sprt, SprtReport, Verdict};
