//! Computer players: one trait, one file per player, and a catalog to pick them by name.
//!
//! | name | origin |
//! |---|---|
//! | `rules` | seed 002: win, block, centre, corners, edges |
//! | `minimax`, `minimax-iterative` | seed 004: plain minimax, +10 / -10 / 0 |
//! | `alphabeta` | seeds 000/001: alpha-beta over open lines |
//! | `gametree` | seed 003 (a): the full tree scored by win probability |
//! | `gomoku-minimax`, `gomoku-alphabeta`, `gomoku-pruned` | seed 003 (b), (c), (d) |
//! | `perfect` | mnk: exact play by the solver |
//! | `engine` | mnk: the gomoku engine (alpha-beta, threat search) |
//! | `vcf`, `vct` | mnk: the engine's threat-space search alone, for puzzles |

mod alphabeta;
mod catalog;
mod engine;
mod gametree;
mod minimax;
mod perfect;
mod rules;
mod seed_gomoku;
mod spec;
mod threat;

pub use alphabeta::AlphaBeta;
pub use catalog::{PlayerInfo, catalog, create, info, strongest_for};
pub use engine::{EnginePlayer, value_of};
pub use gametree::GameTree;
pub use minimax::{Minimax, MinimaxIterative};
pub use perfect::Perfect;
pub use rules::Rules;
pub use seed_gomoku::{SeedGomoku, SeedProgram};
pub use spec::{MAX_MEMORY_MIB, MAX_THREADS, PlayerOptions, PlayerSpec, SpecError};
pub use threat::ThreatPlayer;

use crate::explain::SearchObserver;
use crate::game::{Board, Cell};
use crate::search::{Control, Limits};
use crate::solve::Outcome;
use serde::Serialize;
use std::fmt;
use thiserror::Error;

/// A computer player: given a position, choose a move for the side to move.
pub trait Player: Send {
    /// The catalog name of the player (`perfect`, `gomoku-pruned`, ...).
    fn name(&self) -> &'static str;

    /// The limits the player was configured with; the caller turns them into a [`Control`].
    fn limits(&self) -> Limits;

    /// Chooses a move for the side to move on `board`.
    ///
    /// # Errors
    /// [`PlayerError`] when the game is over, the position is beyond what this player can
    /// handle, or `control` stopped the search before it reached a decision.
    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError>;

    /// Chooses a move exactly as [`Player::choose`] does, reporting every node of the search
    /// to `observer` (see [`crate::explain`]). `None` for players that do not search a game
    /// tree they can report.
    fn choose_observed(
        &mut self,
        board: &Board,
        control: &Control,
        observer: &mut dyn SearchObserver,
    ) -> Option<Result<Choice, PlayerError>> {
        let _ = (board, control, observer);
        None
    }

    /// The value of every legal move for the side that plays it, on the player's own scale,
    /// for players whose [`Choice::candidates`] are empty or only bounds but that can afford
    /// an exact value per move (e.g. alpha-beta with a full window for each root move).
    /// `None` when the player has no such analysis.
    fn move_values(
        &mut self,
        board: &Board,
        control: &Control,
    ) -> Option<Result<Vec<(Cell, Value)>, PlayerError>> {
        let _ = (board, control);
        None
    }
}

/// A player's verdict on a move or position, in the player's own terms.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Value {
    /// A heuristic or minimax score on the player's own scale (higher is better for the mover).
    Score(i32),
    /// The probability that the mover wins, as seed 003's game tree computes it.
    Probability(f64),
    /// The exact game-theoretic value for the mover.
    Solved(Outcome),
}

impl Value {
    /// A single number for machine consumers: the score, the probability, or +1 / 0 / -1 for
    /// a solved win / draw / loss.
    #[must_use]
    pub fn as_number(&self) -> f64 {
        match *self {
            Value::Score(s) => f64::from(s),
            Value::Probability(p) => p,
            Value::Solved(o) => f64::from(o.sign()),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Score(s) => write!(f, "{s:+}"),
            Value::Probability(p) => write!(f, "win probability {p:.4}"),
            Value::Solved(o) => write!(f, "{o}"),
        }
    }
}

/// A chosen move and what the player knows about it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    /// The move.
    pub cell: Cell,
    /// The value of the move for the side that plays it, where the player has one.
    pub value: Option<Value>,
    /// Positions the player visited.
    pub nodes: u64,
    /// Depth reached, where the player searches to a depth.
    pub depth: Option<u32>,
    /// The line of play the player expects, starting with `cell`.
    pub pv: Vec<Cell>,
    /// Values the player gave other candidate moves (for the heat map), best first or in scan order.
    pub candidates: Vec<(Cell, Value)>,
    /// Nodes of the game tree the seed program would have built, where that is known.
    pub tree_nodes: Option<u128>,
}

impl Choice {
    /// A choice with only the move and the node count.
    #[must_use]
    pub fn new(cell: Cell, nodes: u64) -> Self {
        Choice {
            cell,
            value: None,
            nodes,
            depth: None,
            pv: vec![cell],
            candidates: Vec::new(),
            tree_nodes: None,
        }
    }
}

/// Why a player could not choose a move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayerError {
    /// There is nothing to choose: the game has ended.
    #[error("the game is over")]
    GameOver,
    /// The position is beyond this player's reach; the message says why and what to use instead.
    #[error("{0}")]
    TooLarge(String),
    /// A setting the player cannot use.
    #[error("{0}")]
    BadSetting(String),
    /// The player looked for what it plays (a forced win) and found none; the message says
    /// what was searched.
    #[error("{0}")]
    NotFound(String),
    /// The time or node limit (or a stop request) came before the player reached a decision.
    #[error("{player} was stopped after {nodes} nodes, before it reached a decision{hint}")]
    Stopped {
        /// The player.
        player: &'static str,
        /// Nodes visited.
        nodes: u64,
        /// What to try instead, starting with "; " when present.
        hint: String,
    },
}
