//! Every tunable of `mcts`, in one place, each with how its value was obtained. None was read
//! off another program.

use crate::players::Exploration;

/// UCB1's exploration constant when `exploration=` is not given: sqrt(2), rounded to
/// thousandths.
/// Obtained: the constant of UCB1 for rewards in [0, 1] (Auer, Cesa-Bianchi and Fischer,
/// "Finite-time analysis of the multiarmed bandit problem", 2002), as Kocsis and Szepesvári's
/// UCT (2006) uses it; not tuned here.
pub const DEFAULT_EXPLORATION: Exploration = Exploration(1414);

/// Playouts per move when `playouts=` is not given (a node budget, the time or a stop ends
/// the search sooner).
/// Obtained: a measurement (2026-11-28, a scratch test beside `players::mcts::tests`): on
/// 3x3, from each first move and from the empty board, with either colour against `perfect`
/// and against itself with another seed, seeds 1 to 4 (116 games each), 1,000 playouts a move
/// lost 1 game, 2,000 and 5,000 lost none (the same whether the move played is the most
/// visited or, as now, the best rated). Ten times 2,000, for larger boards; not tuned.
pub const DEFAULT_PLAYOUTS: u64 = 20_000;

/// The seed of the random numbers when `seed=` is not given; each position mixes in its own
/// hash, so the same seed plays the same move in the same position.
/// Obtained: any number does; this one is the first 64 bits of the fractional part of pi.
pub const DEFAULT_SEED: u64 = 0x243F_6A88_85A3_08D3;

/// A watcher hears of the search's progress every this many playouts (and at its end).
/// Obtained: set when written (2026-11-28), not measured.
pub const PROGRESS_EVERY: u64 = 4_096;
