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
//! table, with its bit layout), `zones` (the relevance zones of the drawing side's proofs, with
//! the argument why they are sound, and their table), `pairing` (pairing-strategy draw proofs), `threats` (victory
//! by continuous fours, relevance zones), `vct` (victory by continuous threats), `order`
//! (move ordering), `search` (one thread's
//! alpha-beta), `dfpn` (proof-number search for the null-window questions) with its table
//! `pn_table`, `solver` (iterations and threads), `progress` (counters for a display), `stats` (what the searches did, for `--stats`),
//! [`Ideas`] (each idea can be switched off to measure it).
//!
//! # What each idea gains
//!
//! Nodes to prove the value with one thread (`mnk solve --threads 1 --distance never
//! --without IDEA --json`, release build; "-" means not proved within 30M nodes):
//!
//! (Measured before the root's own try for continuous fours, which adds a node to each root
//! search: 7x7 k=5 takes 2,106,161.)
//!
//! | idea switched off | 4x4 k=4 | 5x5 k=4 | 6x5 k=4 | 5x5 k=5 | 7x7 k=5 |
//! |---|---:|---:|---:|---:|---:|
//! | none (all on) | 9 | 12,311 | 2,171 | 15 | 2,106,160 |
//! | `symmetry` | 35 | 65,785 | 6,776 | 53 | 4,494,267 |
//! | `null-window` | 253 | 12,715 | 3,042 | 317 | 2,107,384 |
//! | `pairing` | 20,125 | 527,432 | 299,665 | 17,252,475 (11,231,159 without `dfpn` too) | - |
//! | `vcf` | 9 | 12,034 | 3,024 | 15 | 2,081,074 |
//! | `threat-order` | 9 | 30,934 | 2,414 | 15 | 4,366,815 |
//! | `dead-cells` | 9 | 12,361 | 2,171 | 15 | 2,289,141 |
//! | `dfpn`, `zones` | 9 | 12,311 | 2,171 | 15 | 2,106,160 |
//! | `drawing-zones` (added 2026-11-28, after the other rows were measured: with it, the first row's 7x7 k=5 takes 2,046,051) | 9 | 12,311 | 2,171 | 15 | 2,106,160 |
//! | `refutation-zones` (added 2026-12-02, measured then; with it the first row is 10, 5,952, 2,071, 16, 258,397) | 10 | 12,312 | 2,172 | 16 | 2,046,052 |
//! | all of them | 62,469 | - | - | 22,405,514 | - |
//! | `vct` switched on (off by default) | 9 | 271,338 | 13,520 | 15 | 4,746,361 |
//!
//! `drawing-zones` (the drawing side's relevance zones, `pairing::Pairing::zone`): on 7x7 k=5
//! 2.9% fewer nodes in the same time (2,046,052 against 2,106,161; `farm-bench`, 7 pairs:
//! time ratio 1.005); on 9x4 k=4 0.6% more (30,234,901); on 8x8 k=5 positions that alpha-beta
//! proves draws (`--moves "d4 e4 d5 d3 d6"`: 20,128,310 nodes against 21,900,561, time ratio
//! 0.987; `"d4 e5 e4 d5"` and `"d4 e5 d5 d3 e4"` within 0.5%). See docs/solver.md.
//!
//! `refutation-zones` (the relevance zones of the drawing side's proofs, module `zones`): where
//! the side to move is asked whether it wins, the proof that refutes its first move says which
//! cells it depends on, and its moves outside them are refuted by the same proof, unsearched.
//! 7x7 k=5 takes 258,397 nodes instead of 2,046,052 (7.9 times fewer; about half the time: a
//! node left costs more, most of it the pairing searches of the attacker's nodes), 7x6 k=5
//! 79,552 instead of 354,129, 5x5 k=4 5,952 instead of 12,312, 9x4 k=4 25,349,599 instead of
//! 30,234,901 (2026-12-02, one thread, `--distance never`). See docs/solver.md.
//!
//! `vct` (victory by continuous threats, module `vct`) is off by default: on 7x7 k=5 its searches
//! cut the alpha-beta search from 2.11M to 1.28M nodes but cost 3.47M themselves (2.53 s
//! against 1.79 s); docs/solver.md has the other boards. `dfpn` and `zones` change nothing in the first row: alpha-beta settles these within its
//! first 4M nodes (5x5 k=5 without `pairing` is not, and df-pn costs more there). On 9x4 k=4 (X wins, `--distance never`): all on 30,061,016 nodes (5.1 s); without
//! `zones` 31,402,020 (54 s when last timed: the count includes the zones' threat searches);
//! without `dfpn` 140,205,415 (48 s when last timed).
//!
//! The solver this one replaced (negamax, threats, symmetry, a hash map) took 14.7M nodes
//! for 5x5 k=4 and 117.5M for 6x5 k=4. The pairing budget and the choice to look for
//! pairings of the side to move only were measured too: see `tunables::PAIRING_BUDGET` and
//! `search`.

//! # Renju
//!
//! Under renju (boards of at most 64 cells, five in a row) the search plays by the board's
//! rules: black's moves leave out its forbidden points (`renju`, judged by the board's own
//! judge through [`crate::game::ForbiddenMasks`]), black wins with exactly five and white with
//! five or more; a white five whose one block is forbidden to black wins; a black side with no
//! legal move draws. Only the ideas of [`Ideas::WITH_FORBIDDEN_MOVES`] run: pairings against
//! black as before, pairings against white with black's answers on points no stones to come
//! can make forbidden (a cell with room for a five in at most one line and no room for six),
//! and continuous fours (black's on legal points; white's four on a forbidden block wins).
//! No proof certificate is written (its checker does not judge forbidden points). From the
//! empty board (`mnk solve --rule renju`, two threads, release build): 5x5 a draw in about 15,000
//! nodes (5 ms); 6x5 a draw in 20.5M nodes (13 s); 6x6 not within ten minutes (freestyle
//! 6x5 k=5 and 6x6 k=5 take far less: white's pairings are what renju loses).
//!
mod certify;
mod checkpoint;
mod dfpn;
mod ideas;
mod key;
mod lines;
mod order;
mod pairing;
mod pn_table;
mod progress;
mod renju;
mod search;
mod solver;
mod stats;
mod table;
mod threats;
mod tunables;
mod vct;
mod zones;

pub use crate::game::Wdl;
pub use crate::search::Outcome;
pub use checkpoint::CheckpointError;
pub use ideas::{IdeaError, Ideas};
pub use progress::{Snapshot, Stage};
pub use solver::{
    Distance, Known, Progress, Proof, Question, Solution, SolveError, Solver, SolverConfig,
};
pub use stats::{PairingRow, Stats, ZoneRow};
pub use table::MAX_TABLE_MIB;
