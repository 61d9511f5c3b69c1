//! Matches between players: one game ([`game`]), a series of them in parallel ([`series`]),
//! opening lists ([`openings`]), the Elo arithmetic ([`elo`]) and the sequential test
//! ([`sprt`]), a match's parts for a cluster ([`shard`]) and its saved games read back to
//! combine them ([`saved`]). No I/O: the `mnk match` command prints, and follows progress
//! through a callback.

pub mod elo;
pub mod game;
pub mod openings;
pub mod saved;
pub mod selfplay;
pub mod series;
pub mod shard;
pub mod sprt;

pub use elo::{EloEstimate, estimate};
pub use game::{Ending, GameRecord, GameSetup, Think, play_game};
pub use openings::{MAX_OPENINGS_BYTES, Opening, OpeningsError, parse_openings};
pub use saved::{MatchHeader, SavedGame, SavedMatch, game_line};
pub use selfplay::{SelfPlay, self_play};
pub use series::{
    MatchConfig, MatchReport, OpeningRule, Played, ThinkStats, run_match, schedule, swap_opening,
};
pub use shard::Shard;
pub use sprt::{Sprt, SprtReport, Verdict};
