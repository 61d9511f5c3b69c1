//! Exact solving of m,n,k-games on boards of at most 64 cells: the game-theoretic value of a
//! position, a best move, and the number of moves to the end.
//!
//! Scores are from the side to move and depend only on how many stones the board holds when
//! the game ends, never on the path: a win completed with `s` stones on a board of `n` cells
//! scores `n + 1 - s` (sooner wins score higher), a loss the negative, a draw 0. So scores can
//! be stored in the transposition table without ply adjustment.
//!
//! The pieces, one file each: [`lines`](self) (windows and win detection by shifts), `key`
//! (positions up to symmetry, exact keys), `table` (the bounded, shared, exact transposition
//! table, with its bit layout), `pairing` (pairing-strategy draw proofs), `threats` (victory
//! by continuous fours), `order` (move ordering), `search` (one thread's alpha-beta),
//! `solver` (iterations and threads), `progress` (counters for a display), [`Ideas`] (each
//! idea can be switched off to measure it).

mod ideas;
mod key;
mod lines;
mod order;
mod outcome;
mod pairing;
mod progress;
mod search;
mod solver;
mod table;
mod threats;

pub use ideas::{IdeaError, Ideas};
pub use outcome::Outcome;
pub use progress::{Progress, Snapshot, Stage};
pub use solver::{Distance, Known, Proof, Solution, SolveError, Solver, SolverConfig, Wdl};
