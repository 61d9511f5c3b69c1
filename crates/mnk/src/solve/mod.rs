//! Exact solving of small m,n,k-games: the game-theoretic value of a position and a best move.
//!
//! Scores are from the side to move and depend only on how many stones the board holds when
//! the game ends, never on the path: a win completed with `s` stones on a board of `n` cells
//! scores `n + 1 - s` (sooner wins score higher), a loss the negative, a draw 0. So scores can
//! be stored in the transposition table without ply adjustment.

mod outcome;
mod search;

pub use outcome::Outcome;
pub use search::{Solution, SolveError, Solver};
