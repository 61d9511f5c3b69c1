//! Every tunable of the engine's search, in one place, each with how its value was obtained.
//!
//! A *tunable* is a number the search would still be correct without, that only makes it
//! stronger or faster: margins, depths, reductions, budgets, table sizes. Units, sentinels and
//! bit layouts live with the code that reads them; the evaluation's and the move ordering's
//! weights are data fitted by `mnk tune` ([`super::weights`]).
//!
//! **How obtained.** Each constant says where its value comes from: a match of the engine
//! against itself with and without the change (wins-losses-draws of the changed engine, games,
//! the time or nodes a move, and the Elo difference with its 95% margin), a measurement, or
//! "set when written, not measured" with the commit that introduced it. The matches were played
//! with c-gomoku-cli (`tools/match/match.sh`), each opening from both sides; every commit named
//! is in this repository's history, whose message carries the full result.
//!
//! The lines marked *measured 2026-11-28* come from matches of `pbrain-mnk` built with the
//! value against the same build with the value before: 480 games at a fixed 20,000 nodes a
//! move (`match.sh NAME A B 480 0/10 2 -each nodes=20000`), from the 240 openings of
//! `data/openings/15x15-240.txt` (both colours) written in c-gomoku-cli's `pos` format. At 20,000
//! nodes a move the searches reach about 8 to 10 plies, so the extensions that start at 6 plies
//! are seen less than at 0.2 s a move; 480 games tell apart about 30 Elo. The three values
//! replaced ([`DISTRACT_DISTANCE`], [`DISTRACT_DEPTH`], [`SINGULAR_DEPTH_SHARE`]) together
//! against the values before: 248-223-9 over 480 games at 20,000 nodes a move, +18 ± 31 Elo;
//! 246-228-6 over 480 at 60,000 nodes a move, +13 ± 31 (`mnk bench` `181894 nodes`, was
//! `194039`).
//!
//! **Values read off another engine.** Some ideas came from Rapfi's search; their values are
//! mnk's own where a line says "measured" or "replaced", never a number copied because another
//! engine uses it: each such constant names the source of the idea and the measurement that set
//! the value. (Rapfi is GPL-3.0 and mnk MIT: no code or constant is taken from it.)

/// Depths count sixteenths of a ply, so that reductions and extensions can be fractional. (A
/// unit, not tuned.)
pub const PLY: i32 = 16;

// ---- Search: the clock, the window, iterative deepening ---------------------------------

/// Nodes between two looks at the clock and the shared stop flag.
/// Obtained: set to 64 in 1a6368c (2026-11-22, "clock polled every 64 nodes", which stopped the
/// search overrunning 0.1 s moves); not measured since.
pub const POLL_EVERY: u64 = 64;

/// Half-width of the aspiration window around the previous iteration's score ...
/// Obtained: set when written (27f4809, 2026-11-22), not measured. Widening the window on the
/// side that failed instead of opening it fully: 203-186-11 over 400 games at 20,000 nodes a
/// move, +15 ± 34 Elo, not kept.
pub const ASPIRATION: i32 = 60;
/// ... from this iteration on (earlier ones search the full window).
/// Obtained: set when written (27f4809, 2026-11-22), not measured.
pub const ASPIRATION_DEPTH: u32 = 4;

/// Under a target earlier than the deadline (a game clock), a new iteration starts only while
/// the time used is below this share (in percent) of the time to the target: the next
/// iteration usually costs more than all before it. Under a per-move limit the whole move is
/// used: an unfinished iteration still gives its best move so far.
/// Obtained: set when written (27f4809, 2026-11-22; the share of the time to the target since
/// 53ecfdb), not measured.
pub const NEXT_ITERATION_SHARE: u32 = 50;

// ---- Move ordering: history and killers ---------------------------------------------------

/// A cell's history of cut-offs, by side (see `Worker::reward`): a cut-off at `d` plies
/// moves the cut move's value toward [`HISTORY_MAX`] by [`HISTORY_BONUS_SQUARE`]` d² +
/// `[`HISTORY_BONUS_LINEAR`]` d` (at most the bound) less the value's own share of that bonus,
/// and each quiet move searched before it as much toward `-HISTORY_MAX` (the update engine
/// authors call "gravity": values stay within the bound however long a search runs, and a move
/// that keeps failing sinks). It counts in the ordering divided by [`HISTORY_DIVISOR`], at most
/// ±512: the ordering tables' values differ by a few hundred (medians 835 and 602), and an
/// unbounded history (depth² a cut-off; in an opening position 4,355 after 0.2 s and 18,471
/// after 1 s) outweighed them more the longer a search ran.
/// Obtained: with [`KILLER_BONUS`], a7624bc (2026-11-27): 214-148-38 over 400 games at 0.2 s a
/// move against the history counted an eighth, +58 ± 33 Elo. Gravity within ±2,048: +18 ± 34;
/// within ±4,096: -31 ± 50 (both not kept).
pub const HISTORY_MAX: i32 = 8192;
/// Obtained: a7624bc, as [`HISTORY_MAX`]; an eighth without gravity (6bf3762, 2026-11-27):
/// 385-314-79 over 778 games at 0.2 s a move, +32 ± 23 Elo against the undivided history.
pub const HISTORY_DIVISOR: i32 = 16;
/// The history bonus of a cut-off at `d` plies: this times `d²` ...
/// Obtained: a7624bc, as [`HISTORY_MAX`].
pub const HISTORY_BONUS_SQUARE: i32 = 64;
/// ... plus this times `d`.
/// Obtained: a7624bc, as [`HISTORY_MAX`].
pub const HISTORY_BONUS_LINEAR: i32 = 128;

/// A killer move's bonus in the ordering, on the ordering tables' scale: the killers of the
/// ply come early among the quiet moves, not above them all. Above them all, they were often
/// tried in vain before the tables' best: in `mnk bench --depth-offset 2`, of the 4,509
/// cut-offs (from 2 plies of depth) not made by a node's first move, 3,819 were by a quiet
/// move, 1,879 of them by the quiet move the tables ranked first, and in 1,132 of the 4,509
/// the move tried first had been a killer. The reductions and pruning below still treat
/// killers as they did: never as quiet moves.
/// Obtained: a7624bc (2026-11-27), with the history's gravity: +58 ± 33 Elo (see
/// [`HISTORY_MAX`]).
pub const KILLER_BONUS: i32 = 300;

// ---- Late move reductions ----------------------------------------------------------------

/// Late move reductions apply from this depth, to quiet moves after [`LMR_MOVES`] (after one
/// more at the root, whose first three moves are searched whole): ln(depth) times ln(move
/// number) times [`LMR_FACTOR`] (in plies), less [`LMR_PV_LESS`] at PV nodes,
/// [`LMR_NOT_IMPROVING_MORE`] more where the evaluation is not improving, at most [`LMR_MAX`].
/// Obtained: set when written (27f4809, 2026-11-22). From 2 plies instead: 194-193-13 over
/// 400 games at 60,000 nodes a move, +1 ± 34 Elo, not kept.
pub const LMR_DEPTH: i32 = 3 * PLY;
/// Obtained: set when written (27f4809, 2026-11-22), not measured alone; the root's reductions
/// after its first three moves (one more than [`LMR_MOVES`]): 218-170-12 over 400 games at
/// 60,000 nodes a move, +42 ± 34 Elo (8e38ad3, 2026-11-26).
pub const LMR_MOVES: usize = 2;
/// Obtained: 0.5 with the reductions themselves (5e00183, 2026-11-23, +106 ± 36 Elo as part of
/// that step). Measured against it since, none kept: 0.75, +20 ± 34 then -12 ± 34; 0.6, +9 ±
/// 24 and +21 ± 24 over 800 games at 60,000 nodes a move each; 0.7 with a 6-ply cap, +2 ± 32;
/// 1.0 without a cap, -31 ± 40.
pub const LMR_FACTOR: f64 = 0.5;
/// Obtained: set with [`LMR_FACTOR`] (5e00183, 2026-11-23); a 6-ply cap with a factor of 0.7:
/// +2 ± 32 Elo over 400 games at 0.2 s a move, not kept.
pub const LMR_MAX: i32 = 4 * PLY;
/// Obtained: with the reductions (5e00183, 2026-11-23), not measured alone.
pub const LMR_PV_LESS: i32 = PLY;
/// Obtained: with the reductions (5e00183, 2026-11-23), not measured alone.
pub const LMR_NOT_IMPROVING_MORE: i32 = PLY / 2;
/// A reduced move whose score beats alpha by more than `LMR_DEEPER + LMR_DEEPER_SLOPE` per
/// ply of its reduction is searched again a ply deeper than the full depth; one whose score
/// beats the best so far by less than a point per ply of the depth left below the move, a
/// ply shallower.
/// Obtained: the idea is Stockfish's and Rapfi's (8e38ad3, 2026-11-26: 427-346-27 over 800
/// games at 60,000 nodes a move, +35 ± 24 Elo); the values were set near Rapfi's (34 and 11
/// there, not copied). Re-derived, measured 2026-11-28 against 40: 238-236-6 for 40, +1 ± 31
/// Elo; 30 kept.
pub const LMR_DEEPER: i32 = 30;
/// Obtained: with [`LMR_DEEPER`] (Rapfi has 11, not copied). Re-derived, measured 2026-11-28
/// against 20: 249-225-6 for 20, +17 ± 31 Elo (inside the error); 10 kept.
pub const LMR_DEEPER_SLOPE: i32 = 10;

// ---- Pruning -----------------------------------------------------------------------------

/// Move-count pruning (non-PV nodes, once a move that does not lose is found): quiet moves
/// beyond `MOVE_COUNT_BASE + MOVE_COUNT_SCALE * depth^MOVE_COUNT_EXPONENT` (times
/// [`MOVE_COUNT_IMPROVING`] when the evaluation is improving) are not searched.
/// Obtained: with the pruning (5e00183, 2026-11-23, part of +106 ± 36 Elo). Rapfi's counts,
/// (3 + d^1.32) / 2, twice that when improving: 97-299-4 over 400 games at 20,000 nodes, -193
/// ± 39 Elo, rejected.
pub const MOVE_COUNT_BASE: f64 = 3.0;
/// Obtained: with the pruning (5e00183); 1.2 instead: 191-197-12 over 400 games at 60,000
/// nodes a move, -5 ± 34 Elo, not kept.
pub const MOVE_COUNT_SCALE: f64 = 1.5;
/// Obtained: with the pruning (5e00183, 2026-11-23), not measured alone. (Rapfi's counts grow
/// as d^1.32; whether 1.3 was read off them the history does not say: not yet re-derived.)
pub const MOVE_COUNT_EXPONENT: f64 = 1.3;
/// Obtained: with the pruning (5e00183, 2026-11-23), not measured alone.
pub const MOVE_COUNT_IMPROVING: f64 = 1.5;

/// Reverse futility pruning: below this depth, a non-PV node whose evaluation beats beta by
/// [`FUTILITY_MARGIN`] per ply of depth returns the evaluation.
/// Obtained: with the pruning (5e00183, 2026-11-23), not measured alone.
pub const FUTILITY_DEPTH: i32 = 6 * PLY;
/// Obtained: with the pruning (5e00183, 2026-11-23). 180 instead: 179-218-3 over 400 games at
/// 20,000 nodes a move, -34 ± 34 Elo; 80: 192-198-10, -5 ± 34 (neither kept).
pub const FUTILITY_MARGIN: i32 = 120;

/// Razoring: below this depth, a non-PV node whose evaluation is [`RAZOR_MARGIN`] below alpha
/// asks the quiescence search (can the fours save it?) instead of searching its moves.
/// Obtained: with the pruning (5e00183, 2026-11-23). Rapfi's razoring, below 2.6 plies with a
/// margin of 0.15 d² + 12.5 d + 17: 403-383-14 over 800 games at 20,000 nodes a move, +9 ± 24
/// Elo, not kept.
pub const RAZOR_DEPTH: i32 = 2 * PLY;
/// Obtained: with [`RAZOR_DEPTH`].
pub const RAZOR_MARGIN: i32 = 240;

/// Facing an open three, a quiet move (a four elsewhere, say) is a *distraction* when it
/// lies more than this many cells (rows or columns) from both last moves: at non-PV nodes
/// below [`DISTRACT_DEPTH`] it is not searched once a move that does not lose is in hand,
/// elsewhere late move reductions take [`DISTRACT_REDUCTION`] more from it.
/// Obtained: the idea is Rapfi's (05f6f91, 2026-11-26: 417-372-11 over 800 games at 20,000
/// nodes a move, +20 ± 24 Elo, with the move counts facing an open three), with Rapfi's
/// distance, 4 cells. Replaced, measured 2026-11-28: 3 cells against 4, 245-231-4 for 3, +10 ±
/// 31 Elo.
pub const DISTRACT_DISTANCE: usize = 3;
/// Obtained: first Rapfi's depth, 4.3 plies (05f6f91). Replaced by 4 plies, measured
/// 2026-11-28 against 4.3: 231-245-4 for 4, -10 ± 31 Elo (inside the error).
pub const DISTRACT_DEPTH: i32 = 4 * PLY;
/// Obtained: set with the distractions (05f6f91, 2026-11-26; Rapfi reduces them otherwise),
/// not measured alone.
pub const DISTRACT_REDUCTION: i32 = 2 * PLY;

// ---- Extensions --------------------------------------------------------------------------

/// Singular extensions: from this depth, the table's move is searched a ply deeper when every
/// other move, searched to [`SINGULAR_DEPTH_SHARE`] percent of the depth, falls short of the
/// table's score less [`SINGULAR_MARGIN`] a ply; the table's entry must be at most
/// [`SINGULAR_ENTRY_LAG`] shallower than the node.
/// Obtained: the idea is Rapfi's (and Stockfish's): f066a77 (2026-11-27), 216-154-30 over 400
/// games at 0.2 s a move, +54 ± 33 Elo, with 6 plies (Rapfi's 6.65 rounded). Re-derived,
/// measured 2026-11-28 against 8 plies: 243-234-3 for 8, +7 ± 31 Elo; 6 kept.
pub const SINGULAR_DEPTH: i32 = 6 * PLY;
/// Obtained: first 46 (Rapfi's reduction of 0.54 d, f066a77). Replaced by a half, measured
/// 2026-11-28 against 46: 236-236-8, +0 ± 31 Elo.
pub const SINGULAR_DEPTH_SHARE: i32 = 50;
/// Obtained: set with the extensions (f066a77, 2026-11-27; mnk's own, on its evaluation's
/// scale), not measured alone.
pub const SINGULAR_MARGIN: i32 = 2;
/// Obtained: first 2 plies (Rapfi's 2.03 rounded, f066a77). Re-derived, measured 2026-11-28
/// against 3 plies: 231-243-6 for 3, -9 ± 31 Elo; 2 kept.
pub const SINGULAR_ENTRY_LAG: i32 = 2 * PLY;

// ---- The horizon: quiescence over fours --------------------------------------------------

/// At the horizon, a side plays any four this many times; after that only fours that build
/// on (a four with a three or an open two).
/// Obtained: with the quiescence (5e00183, 2026-11-23). Four times instead: 165-229-6 over 400
/// games at 20,000 nodes a move, -56 ± 34 Elo, rejected.
pub const QUIET_FOURS: u32 = 2;
/// Size of the quiescence search's table, each thread's own: small enough to stay in the
/// core's cache.
/// Obtained: 82d893c (2026-11-27): against the quiescence in the shared table, 212-173-15 over
/// 400 games at 0.2 s a move, +34 ± 34 Elo, and 396-382-22 over 800 at 0.05 s, +6 ± 24.
pub const QUIESCENCE_TABLE_MIB: u64 = 1;

// ---- Move generation and static wins -----------------------------------------------------

/// Candidate moves lie within this many cells (in both axes) of some stone.
/// Obtained: set when written (27f4809, 2026-11-22), not measured.
pub const NEAR: usize = 2;
/// The most four-three cells tried one by one when the opponent has fours to make (the
/// static win of `wins`).
/// Obtained: set when written (5e00183, 2026-11-23), not measured.
pub const FOUR_THREE_TRIES: usize = 4;

// ---- The root: threat searches, the safety check -----------------------------------------

/// Nodes the VCF at the root may use before the main search.
/// Obtained: set when written (27f4809, 2026-11-22). 6,000 for both threat searches, with three
/// other changes: 186-190-24 over 400 games at 0.2 s a move, -3 ± 33 Elo, rejected.
pub const ROOT_VCF_NODES: u64 = 20_000;
/// Nodes the VCT at the root may use before the main search.
/// Obtained: as [`ROOT_VCF_NODES`].
pub const ROOT_VCT_NODES: u64 = 20_000;
/// Under a node limit, each root threat search takes at most this fraction (1/n) of it.
/// Obtained: set when written (27f4809, 2026-11-22), not measured.
pub const ROOT_THREAT_NODE_DIVISOR: u64 = 4;
/// Percent of the move's time the root VCF may use.
/// Obtained: set in 1a6368c (2026-11-22) so that the threat searches leave the main search
/// most of a short move; not measured.
pub const ROOT_VCF_SHARE: u32 = 5;
/// Percent of the move's time the root VCT may use (counted from the start of the move).
/// Obtained: as [`ROOT_VCF_SHARE`].
pub const ROOT_VCT_SHARE: u32 = 15;
/// Attacker threats the root VCF may play.
/// Obtained: set when written (27f4809, 2026-11-22), not measured.
pub const ROOT_VCF_DEPTH: u32 = 24;
/// Attacker threats the root VCT may play (and the safety check's).
/// Obtained: set when written (27f4809, 2026-11-22), not measured.
pub const ROOT_VCT_DEPTH: u32 = 8;
/// Percent of the move's time (and nodes) the main search may use; the rest is for the safety
/// check of its move. The check usually tries one move with at most [`SAFETY_NODES`] nodes
/// (about 6 ms at the engine's speed), within 5% of a 0.2 s move; when it needs more it stops
/// at the move's deadline.
/// Obtained: 84e13a4 (2026-11-26): 95 instead of 90, against Rapfi at 0.2 s a move the answers
/// took a median 166 ms, at most 181 (1,995 moves), against 158 and 175 (2,187 moves); the
/// results, 15-85-0 against 12-87-1 in 100 games each, inside the error.
pub const SEARCH_SHARE: u32 = 95;
/// The safety check tries at most this many of the best moves ...
/// Obtained: with the safety check (de3a677, 2026-11-23): 279-121 over 400 games at 0.05 s a
/// move, +145 ± 36 Elo against the engine without it; the numbers not measured alone.
pub const SAFETY_MOVES: usize = 4;
/// ... each with a search of the opponent's forced wins by threats of at most this many nodes.
/// Obtained: as [`SAFETY_MOVES`].
pub const SAFETY_NODES: u64 = 6_000;

/// A root of one move (a forced block, the centre of the empty board) is searched to this
/// depth rather than one ply: the move is played whatever the search finds, but the value it
/// reports (on every front end, and in the protocol's `MESSAGE`) must be a searched one, not
/// the evaluation after one ply, whose sign favours the side to move there (h8 on the empty
/// 15x15 read X -133 after one ply).
/// Obtained: measured 2026-11-28 (`mnk best --size 15 --ai engine:depth=D`, release build):
/// the empty 15x15 reads X -133 at 1 ply, +186 at 2, -25 at 3, +132 at 4 (1,047 nodes, a few
/// milliseconds); after h8, O's value is negative at every depth from 3 to 12
/// (`mnk best --size 15 --moves h8 --ai engine:depth=D`: -157 to -237). Four plies is the
/// first depth past the odd-depth swing whose sign agrees with the deeper searches.
pub const SINGLE_MOVE_DEPTH: u32 = 4;

/// The `engine` player first asks the solver (boards of at most 64 cells) for a proof within
/// this many nodes: where it finds one, the move's value is exact (a 3x3 game is a draw, not
/// "X +887") and the move perfect. A board the solver does not settle within it is searched
/// as before, within what a node budget leaves (at most a quarter of it goes to the solver).
/// Obtained: measured 2026-11-28 (`mnk best --size N --k K --ai perfect`, release build, about
/// a million solver nodes a second): the empty 3x3 takes 225 nodes, 4x4 k=4 348, 5x5 k=5 622,
/// 6x6 k=5 16, each with every move's value; 5x5 k=4 104,523 and 7x7 k=5 beyond 876,788 (left
/// to the search). 20,000 settles the first four at once, and the larger boards near their
/// end, for about 20 ms a move where it fails.
pub const SOLVE_FIRST_NODES: u64 = 20_000;
/// The solver's table for that first try, in MiB (it starts at 2 MiB and grows as needed).
/// Obtained: set when written; a proof within [`SOLVE_FIRST_NODES`] stores at most that many
/// entries, far below it.
pub const SOLVE_FIRST_MIB: u64 = 16;

// ---- Tables ------------------------------------------------------------------------------

/// Default transposition table size, in MiB.
/// Obtained: set when written (27f4809, 2026-11-22), not measured.
pub const DEFAULT_MIB: u64 = 32;
/// MiB of entries a second of search writes at most: the engine searches 1.1 to 1.5 million
/// nodes a second on this project's machines (`mnk bench`), a node stores at most one
/// 16-byte entry, so 2 million entries a second is a bound. A table much larger than a
/// search fills only costs time: its pages are handed out as the search first touches them
/// (in a move's time), and each look-up lands on a page the processor's translation cache
/// no longer holds.
/// Obtained: afc008e (2026-11-27): under Gomocup's 350 MB at 0.2 s a move the brain with a 30
/// MiB table beat the one with 262 MiB 198-160-42 over 400 games, +33 ± 32 Elo.
pub const MIB_PER_SECOND: u64 = 32;
/// An entry of another position written by the same search is kept when it is deeper than the
/// new one by more than this.
/// Obtained: set with the depths in sixteenths (8e38ad3, 2026-11-26: +33 ± 24 Elo over 800
/// games at 60,000 nodes a move for the change as a whole), not measured alone.
pub const KEEP_DEEPER: u16 = 2 * PLY as u16;
/// The threat search forgets the positions it remembers failing beyond this many, at its
/// next reset.
/// Obtained: set when written (27f4809, 2026-11-22), not measured.
pub const THREAT_MEMO_LIMIT: usize = 1 << 16;
