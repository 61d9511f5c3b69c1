//! What goes wrong in the arena, typed: a start position that cannot be played, a tournament
//! opening that cannot be, a player that cannot move where no forfeit decides it (self-play),
//! the game threads.

use crate::game::{MoveError, OpeningRule};
use crate::search::PlayerError;
use crate::session::SessionError;
use thiserror::Error;

/// Why a game or a match cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ArenaError {
    /// A move of the position a game starts from cannot be played (the caller checked its
    /// openings: a bug).
    #[error("opening move {number}: {error}")]
    StartMove {
        /// The move's number, from 1.
        number: usize,
        /// Why.
        error: MoveError,
    },
    /// The tournament opening does not fit the board.
    #[error("{0}")]
    OpeningDoesNotFit(SessionError),
    /// A player cannot act in the tournament opening.
    #[error("{player} cannot act in the {rule} opening: {error}")]
    Opening {
        /// The player.
        player: &'static str,
        /// Swap or swap2.
        rule: OpeningRule,
        /// Why.
        error: SessionError,
    },
    /// A self-play game's player cannot move.
    #[error("{player}: {error}")]
    Player {
        /// The player.
        player: &'static str,
        /// Why.
        error: PlayerError,
    },
    /// A self-play game's move cannot be played (a player's bug).
    #[error("{player} played an illegal move: {error}")]
    IllegalMove {
        /// The player.
        player: &'static str,
        /// Why.
        error: SessionError,
    },
    /// The threads that play the games in parallel cannot be started.
    #[error("cannot start the game threads: {0}")]
    Threads(String),
}
