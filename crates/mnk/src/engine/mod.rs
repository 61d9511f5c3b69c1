//! The gomoku engine behind the `engine`, `vcf` and `vct` players.
//!
//! | module | concept |
//! |---|---|
//! | [`pattern`] | what a stone makes along one line, for any k and both rules |
//! | [`position`] | the stones, with every cell's patterns, threats and values kept up to date |
//! | [`eval`] | cell values, threat flags, the static evaluation, move-ordering tiers |
//! | [`movegen`] | which moves a node searches, in which order |
//! | [`tt`] | the transposition table (lock-free, shared by threads) |
//! | [`search`] | negamax alpha-beta with PVS, iterative deepening, several best lines, lazy SMP |
//! | [`threats`] | VCF and VCT: forced wins by continuous fours or threats |
//! | [`weights`] | the evaluation's learned tables and their text file |
//! | [`tune`] | fitting the weights to the results of games |
//! | [`net`] | the network evaluation: line patterns to a value and a policy, kept stone by stone |
//! | `simd` | the net's arithmetic on AVX2 where the processor has it: the one module with `unsafe` |
//! | [`policy`] | fitting the move-ordering tables to the moves the search chose |
//! | [`wins`] | wins the threats on the board prove without a search (four-three, double three) |
//! | [`tunables`] | every tunable of the search, each with how its value was obtained |
//! | `analysis` | [`Engine`]: the table and position kept between moves, the root of each search |
//! | [`score`] | heuristic scores and wins counted in plies |
//! | [`bench`](mod@bench) | the fixed positions of `mnk bench` |
//!
//! [`Engine::analyse`] is the entry point: a board and a [`Control`](crate::search::Control) in, the best move with its
//! score, depth, principal variation and the value of every root move out, with the best
//! lines when the control asks for several. Time, the stop
//! signal and the threads come from [`crate::search`]. The engine keeps its table and its
//! [`Position`] from one search to the next, following the game by taking back and placing
//! stones ([`Position::sync`]).

mod analysis;
pub mod bench;
pub mod bitset;
pub mod eval;
pub mod movegen;
pub mod net;
pub mod pattern;
pub mod policy;
pub mod position;
pub mod score;
pub mod search;
mod simd;
pub mod stats;
pub mod threats;
pub mod tt;
pub mod tunables;
pub mod tune;
pub mod weights;
pub mod wins;

pub use analysis::{Analysis, Engine, EngineConfig, MAX_DEPTH, Method};
pub use position::{Position, Threat};
pub use search::{Iteration, RootLine, SearchLimits};
pub use threats::{ForcedWin, ThreatKind, ThreatSearch};
pub use tunables::{
    ROOT_VCF_DEPTH, ROOT_VCF_NODES, ROOT_VCF_SHARE, ROOT_VCT_DEPTH, ROOT_VCT_NODES, ROOT_VCT_SHARE,
};
