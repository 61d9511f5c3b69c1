//! `engine`: the gomoku engine ([`crate::engine`]) as a player: alpha-beta with threat search,
//! within a time, depth or node limit, on one or more threads.

use super::{Choice, Player, PlayerError, PlayerOptions, Value};
use crate::engine::{Analysis, Engine, EngineConfig, Listener, MAX_DEPTH, score};
use crate::game::{Board, Cell};
use crate::search::{Control, Limits};
use std::time::Duration;

/// How long `engine` thinks about a move when given no time, depth or node limit.
pub const DEFAULT_TIME: Duration = Duration::from_secs(2);

/// The engine player.
#[derive(Debug)]
pub struct EnginePlayer {
    options: PlayerOptions,
    engine: Engine,
}

impl EnginePlayer {
    /// The player; `depth`, `nodes`, `time-ms`, `threads` and `memory-mb` apply.
    #[must_use]
    pub fn new(options: PlayerOptions) -> Self {
        let defaults = EngineConfig::default();
        EnginePlayer {
            options,
            engine: Engine::new(EngineConfig {
                depth: options.depth.unwrap_or(MAX_DEPTH).max(1),
                nodes: options.nodes,
                threads: options.threads.unwrap_or(defaults.threads).max(1),
                memory_mib: options.memory_mib.unwrap_or(defaults.memory_mib),
            }),
        }
    }

    /// The engine itself (for its listener, settings and table).
    pub fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Calls `listener` after each search iteration.
    pub fn set_listener(&mut self, listener: Listener) {
        self.engine.set_listener(listener);
    }
}

/// The player's value of an analysis: a solved outcome for a proven win or loss, else the score.
#[must_use]
pub fn value_of(analysis: &Analysis) -> Value {
    score_value(analysis.score)
}

/// A solved outcome for a decisive engine score, else the score.
fn score_value(score: i32) -> Value {
    score::outcome(score).map_or(Value::Score(score), Value::Solved)
}

impl Player for EnginePlayer {
    fn name(&self) -> &'static str {
        "engine"
    }

    fn limits(&self) -> Limits {
        let o = &self.options;
        let unlimited = o.time_ms.is_none() && o.depth.is_none() && o.nodes.is_none();
        Limits {
            depth: o.depth,
            nodes: o.nodes,
            time: o.time().or(unlimited.then_some(DEFAULT_TIME)),
        }
    }

    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        let analysis = self
            .engine
            .analyse(board, control)
            .ok_or(PlayerError::GameOver)?;
        Ok(Choice {
            value: Some(value_of(&analysis)),
            depth: Some(analysis.depth),
            pv: analysis.pv.clone(),
            ..Choice::new(analysis.best, analysis.nodes)
        })
    }

    /// Every move the engine considers, each searched with a full window, deeper and deeper
    /// while `control` allows (see [`Engine::move_values`]); the other cells get no value.
    fn move_values(
        &mut self,
        board: &Board,
        control: &Control,
    ) -> Option<Result<Vec<(Cell, Value)>, PlayerError>> {
        let values = self.engine.move_values(board, control);
        Some(values.map_or(Err(PlayerError::GameOver), |v| {
            Ok(v.values
                .into_iter()
                .map(|(cell, s)| (cell, score_value(s)))
                .collect())
        }))
    }
}
