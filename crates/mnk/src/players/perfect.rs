//! `perfect`: exact play from the solver. It moves to keep the best game-theoretic value:
//! the fastest win, else a draw, else the slowest loss. Among equal moves it takes the first in
//! the solver's search order (the threats a move makes and blocks, then the static order: most
//! winning lines, nearest the centre). It uses one thread and a table of at most 256 MiB unless
//! told otherwise (`perfect:threads=2,memory-mb=1024`).
//!
//! Boards above 64 cells are refused at once; a position the solver cannot prove within the
//! player's limits (by default [`DEFAULT_TIME`]) is refused with the reason rather than hanging.
//!
//! Under renju it plays by black's forbidden points (the solver's renju search, see
//! [`crate::solve`]): 5x5 from the empty board at once, 6x5 in 22 s (over the default time:
//! give it `time-ms` or `threads=2`), larger boards from positions the solver reaches within
//! the limits.

use super::options::PlayerOptions;
use crate::game::{Board, Variant};
use crate::search::{Choice, Control, MoveValue, Player, PlayerError, Value, sort_best_first};
use crate::solve::{Ideas, SolveError, Solver, SolverConfig};
use std::time::Duration;

/// How long `perfect` may think about one move unless told otherwise.
pub const DEFAULT_TIME: Duration = Duration::from_secs(20);
/// Boards with at most this many cells get every move's value with each choice (for hints and
/// the heat map); larger ones on request ([`Player::move_values`]).
pub const ANALYSE_CELLS: usize = 25;
/// Boards of up to this many cells (any k) are proved from the empty board within moments
/// (under a second in release builds), which makes `perfect` the natural default opponent.
pub const QUICK_CELLS: usize = 36;
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
                ideas: Ideas::DEFAULT,
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

    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        if board.is_over() {
            return Err(PlayerError::GameOver);
        }
        let variant = *board.variant();
        let solver = self.solver(&variant)?;
        let before = solver.nodes();
        let solution = solver
            .solve(board, control)
            .map_err(|e| out_of_reach(&variant, e))?;
        let mut candidates = if variant.size().cells() <= ANALYSE_CELLS {
            exact_values(solver, board, control).map_err(|e| out_of_reach(&variant, e))?
        } else {
            Vec::new()
        };
        sort_best_first(&mut candidates, Some(solution.best));
        let nodes = solver.nodes() - before;
        Ok(Choice {
            value: Some(Value::Solved(solution.outcome)),
            candidates,
            ..Choice::new(solution.best, nodes)
        })
    }

    /// The proved value of every move, from the player's own solver and table.
    fn move_values(
        &mut self,
        board: &Board,
        control: &Control,
    ) -> Option<Result<Vec<MoveValue>, PlayerError>> {
        if board.is_over() {
            return Some(Err(PlayerError::GameOver));
        }
        let variant = *board.variant();
        Some(self.solver(&variant).and_then(|solver| {
            exact_values(solver, board, control).map_err(|e| out_of_reach(&variant, e))
        }))
    }

    fn prepare(&mut self, variant: &Variant) {
        let _ = self.solver(variant);
    }

    fn memory(&self) -> usize {
        self.solver.as_ref().map_or(0, |(_, s)| s.table_bytes())
    }
}

/// Every move's proved value, with its distance.
fn exact_values(
    solver: &mut Solver,
    board: &Board,
    control: &Control,
) -> Result<Vec<MoveValue>, SolveError> {
    Ok(solver
        .analyse(board, control)?
        .into_iter()
        .map(|(c, o)| MoveValue::exact(c, Value::Solved(o)))
        .collect())
}

/// The error of a position the solver could not prove within the player's limits.
fn out_of_reach(variant: &Variant, e: SolveError) -> PlayerError {
    match e {
        SolveError::GameOver => PlayerError::GameOver,
        other => PlayerError::TooLarge(format!(
            "perfect play is out of reach on {variant} from this position: {other} within its limits; \
             give it more time (perfect:time-ms=N) or try gomoku-pruned"
        )),
    }
}
