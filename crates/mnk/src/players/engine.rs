//! `engine`: the gomoku engine ([`crate::engine`]) as a player: alpha-beta with threat search,
//! within a time, depth or node limit, on one or more threads. Seated, it keeps its table and
//! its position from move to move.
//!
//! On boards the solver takes (at most 64 cells) it first asks the solver ([`Perfect`]) for a
//! proof within [`SOLVE_FIRST_NODES`] nodes: a position that small it answers with its exact
//! value and a perfect move (3x3 is a draw), and only searches what the solver does not settle
//! at once.

use super::options::PlayerOptions;
use super::perfect::Perfect;
use crate::engine::net::{self, Evaluation};
use crate::engine::tunables::{SOLVE_FIRST_MIB, SOLVE_FIRST_NODES};
use crate::engine::{Engine, EngineConfig, MAX_DEPTH, Method, score, tunables};
use crate::game::{Board, Variant};
use crate::search::{Choice, Control, Player, PlayerError};
use std::time::Duration;

/// How long `engine` thinks about a move when given no time, depth or node limit.
pub const DEFAULT_TIME: Duration = Duration::from_secs(2);

/// The most cells of a board the solver takes ([`crate::solve`]).
const SOLVER_CELLS: usize = 64;

/// The engine player.
#[derive(Debug)]
pub struct EnginePlayer {
    engine: Engine,
    /// The solver that answers small positions first.
    perfect: Perfect,
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
                eval: options.eval,
            }),
            perfect: Perfect::new(PlayerOptions {
                memory_mib: Some(SOLVE_FIRST_MIB),
                threads: Some(1),
                ..PlayerOptions::default()
            }),
        }
    }

    /// The engine itself (for its settings and table).
    pub fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// The nodes the solver may try first with: [`SOLVE_FIRST_NODES`], at most a quarter of
    /// the node budget; none on a board above 64 cells or for a root narrowed to some moves.
    fn solver_budget(board: &Board, control: &Control) -> u64 {
        if board.size().cells() > SOLVER_CELLS || control.root_moves().is_some() {
            return 0;
        }
        control
            .node_limit()
            .map_or(SOLVE_FIRST_NODES, |n| SOLVE_FIRST_NODES.min(n / 4))
    }

    /// The solver's answer, where it proves the position within `budget` nodes and gives as
    /// many lines as asked.
    fn solved(&mut self, board: &Board, control: &Control, budget: u64) -> Option<Choice> {
        if budget == 0 {
            return None;
        }
        let quick = control.child().with_node_limit(budget);
        let choice = self.perfect.choose(board, &quick).ok()?;
        let lines = control.lines();
        if lines > 1 {
            let best = choice.best_lines(lines);
            return (best.len() == lines).then_some(Choice {
                lines: best,
                ..choice
            });
        }
        Some(choice)
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> &'static str {
        "engine"
    }

    /// The engine's move, with the value of every root move from the same search (the move
    /// played first and best); the solver's exact answer where it proves the position at once.
    /// A move chosen before any iteration finished (by the move ordering alone) has no value.
    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        if self.engine.config().eval == Some(Evaluation::Net)
            && net::for_variant(board.variant()).is_none()
        {
            return Err(PlayerError::BadSetting(match net::installed() {
                Some(n) => format!(
                    "eval=net: the net given was trained for {}, not for {}; eval=linear plays any game",
                    n.variant(),
                    board.variant()
                ),
                None => "eval=net: no net was given (--net FILE); eval=linear plays any game"
                    .to_string(),
            }));
        }
        let budget = Self::solver_budget(board, control);
        if let Some(choice) = self.solved(board, control, budget) {
            return Ok(choice);
        }
        // The solver's try counts in a node budget.
        let rest;
        let control = match control.node_limit() {
            Some(n) if budget > 0 => {
                rest = control.with_node_limit(n.saturating_sub(budget).max(1));
                &rest
            }
            _ => control,
        };
        let analysis = self
            .engine
            .analyse(board, control)
            .ok_or(PlayerError::GameOver)?;
        Ok(Choice {
            value: (analysis.method != Method::Heuristic).then(|| score::value(analysis.score)),
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
        self.perfect.new_game();
    }

    fn memory(&self) -> usize {
        self.engine.memory() + self.perfect.memory()
    }
}
