//! `engine`: the gomoku engine ([`crate::engine`]) as a player: alpha-beta with threat search,
//! within a time, depth or node limit, on one or more threads. Seated, it keeps its table and
//! its position from move to move.

use super::options::PlayerOptions;
use crate::engine::{Engine, EngineConfig, MAX_DEPTH, score, tunables};
use crate::game::{Board, Variant};
use crate::search::{Choice, Control, Player, PlayerError};
use std::time::Duration;

/// How long `engine` thinks about a move when given no time, depth or node limit.
pub const DEFAULT_TIME: Duration = Duration::from_secs(2);

/// The engine player.
#[derive(Debug)]
pub struct EnginePlayer {
    engine: Engine,
}

impl EnginePlayer {
    /// The player; `threads` and `memory-mb` apply (its limits come with each search).
    #[must_use]
    pub fn new(options: PlayerOptions) -> Self {
        EnginePlayer {
            engine: Engine::new(EngineConfig {
                depth: MAX_DEPTH,
                nodes: None,
                threads: options.threads.unwrap_or(1).max(1),
                memory_mib: options.memory_mib.unwrap_or(tunables::DEFAULT_MIB),
            }),
        }
    }

    /// The engine itself (for its settings and table).
    pub fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> &'static str {
        "engine"
    }

    /// The engine's move, with the value of every root move from the same search (the move
    /// played first and best).
    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        let analysis = self
            .engine
            .analyse(board, control)
            .ok_or(PlayerError::GameOver)?;
        Ok(Choice {
            value: Some(score::value(analysis.score)),
            depth: Some(analysis.depth),
            pv: analysis.pv,
            candidates: analysis.values,
            lines: if control.lines() > 1 {
                analysis.lines
            } else {
                Vec::new()
            },
            ..Choice::new(analysis.best, analysis.nodes)
        })
    }

    fn prepare(&mut self, variant: &Variant) {
        self.engine.prepare(variant);
    }

    fn new_game(&mut self) {
        self.engine.clear();
    }

    fn memory(&self) -> usize {
        self.engine.memory()
    }
}
