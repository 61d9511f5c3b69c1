//! Computer players: one file per player, a catalog to pick them by name with what each can
//! do, and the [`Seat`] that keeps a player for a game. The trait they implement, [`Player`],
//! and what they answer live in [`crate::search`].
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
//! | `mcts` | mnk: Monte Carlo tree search (UCT) with random playouts, for teaching |

mod alphabeta;
mod catalog;
mod engine;
mod gametree;
pub mod mcts;
mod minimax;
mod options;
mod perfect;
mod rules;
mod seat;
mod seed_gomoku;
mod spec;
pub mod swap2;
mod threat;
mod ties;

pub use crate::search::{Choice, MoveValue, Player, PlayerError, Value};
pub use alphabeta::AlphaBeta;
pub use catalog::{
    Abilities, BoardLimit, PlayerInfo, ScoreScale, Unfit, catalog, info, names_with,
};
pub use engine::EnginePlayer;
pub use gametree::GameTree;
pub use mcts::Mcts;
pub use minimax::{Minimax, MinimaxIterative};
pub use options::{
    Evaluation, Exploration, MAX_MEMORY_MIB, MAX_PLAYOUTS, MAX_THREADS, MoveOrder, PlayerOptions,
};
pub use perfect::Perfect;
pub use rules::Rules;
pub use seat::{Ask, Seat, Thought, create};
pub use seed_gomoku::{SeedGomoku, SeedProgram};
pub use spec::{PlayerSpec, SpecError, strongest_for};
pub use threat::ThreatPlayer;
pub use ties::tie_break;
