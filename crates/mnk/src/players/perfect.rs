//! `perfect`: exact play from the solver. It moves to keep the best game-theoretic value:
//! the fastest win, else a draw, else the slowest loss. Among equal moves it takes the first in
//! the solver's search order (the threats a move makes and blocks, then the static order: most
//! winning lines, nearest the centre). It uses one thread and a table of at most 256 MiB unless
//! told otherwise (`perfect:threads=2,memory-mb=1024`).
//!
//! Boards above 64 cells are refused at once; a position the solver cannot prove within the
//! player's limits (by default [`DEFAULT_TIME`]) is refused with the reason rather than hanging.

use super::{Choice, Player, PlayerError, PlayerOptions, Value};
use crate::game::{Board, Variant};
use crate::search::{Control, Limits};
use crate::solve::{Ideas, SolveError, Solver, SolverConfig};
use std::time::Duration;

/// How long `perfect` may think about one move unless told otherwise.
pub const DEFAULT_TIME: Duration = Duration::from_secs(20);
/// Boards with at most this many cells get every move's value (for hints and the heat map).
pub const ANALYSE_CELLS: usize = 16;
/// The transposition table's limit unless `memory-mb` says otherwise (it starts at 2 MiB and
/// grows as needed).
pub const DEFAULT_MEMORY_MIB: u64 = 256;

/// The perfect player.
#[derive(Debug)]
pub struct Perfect {
    options: PlayerOptions,
    solver: Option<(Variant, Solver)>,
}

impl Perfect {
    /// The player; `time-ms` and `nodes` bound each move's solve, `threads` and `memory-mb`
    /// set the solver's threads and table.
    #[must_use]
    pub fn new(options: PlayerOptions) -> Self {
        Perfect {
            options,
            solver: None,
        }
    }

    /// Whether the solver proves this variant from the empty board within moments, which makes
    /// `perfect` the natural default opponent.
    #[must_use]
    pub fn is_quick(variant: &Variant) -> bool {
        variant.size().cells() <= 16
    }

    fn solver(&mut self, variant: &Variant) -> Result<&mut Solver, PlayerError> {
        if self.solver.as_ref().is_none_or(|(v, _)| v != variant) {
            let config = SolverConfig {
                memory_bytes: usize::try_from(
                    self.options
                        .memory_mib
                        .unwrap_or(DEFAULT_MEMORY_MIB)
                        .max(1)
                        .saturating_mul(1 << 20),
                )
                .unwrap_or(usize::MAX),
                threads: self.options.threads.unwrap_or(1).max(1),
                ideas: Ideas::ALL,
            };
            let solver = Solver::with_config(variant, config).map_err(|e| {
                PlayerError::TooLarge(format!(
                    "perfect play is out of reach here: {e}; try gomoku-pruned or alphabeta"
                ))
            })?;
            self.solver = Some((*variant, solver));
        }
        Ok(&mut self.solver.as_mut().expect("just set").1)
    }
}

impl Player for Perfect {
    fn name(&self) -> &'static str {
        "perfect"
    }

    fn limits(&self) -> Limits {
        let time = self
            .options
            .time()
            .or((self.options.nodes.is_none()).then_some(DEFAULT_TIME));
        Limits {
            depth: None,
            nodes: self.options.nodes,
            time,
        }
    }

    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        if board.is_over() {
            return Err(PlayerError::GameOver);
        }
        let variant = *board.variant();
        let solver = self.solver(&variant)?;
        let before = solver.nodes();
        let out_of_reach = |e: SolveError| match e {
            SolveError::GameOver => PlayerError::GameOver,
            other => PlayerError::TooLarge(format!(
                "perfect play is out of reach on {variant} from this position: {other} within its limits; \
                 give it more time (perfect:time-ms=N) or try gomoku-pruned"
            )),
        };
        let solution = solver.solve(board, control).map_err(out_of_reach)?;
        let candidates = if variant.size().cells() <= ANALYSE_CELLS {
            solver
                .analyse(board, control)
                .map_err(out_of_reach)?
                .into_iter()
                .map(|(c, o)| (c, Value::Solved(o)))
                .collect()
        } else {
            Vec::new()
        };
        let nodes = solver.nodes() - before;
        Ok(Choice {
            value: Some(Value::Solved(solution.outcome)),
            candidates,
            ..Choice::new(solution.best, nodes)
        })
    }
}
