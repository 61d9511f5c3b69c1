//! Every tunable of time planning, in one place, each with how its value was obtained: how a
//! game clock is shared over the moves ([`super::TimeControl::plan`]), what a move costs
//! beyond its search, and how often a search reads the clock. (What each searcher does with
//! its plan, such as when the engine starts another iteration, is in that searcher's own
//! tunables.) None of these values was read off another program.

use std::time::Duration;

/// A game clock is planned as if the player had this many moves left at the start ...
/// Obtained: set when written (ab2e0c0, 2026-11-22), not measured.
pub const OPENING_MOVES_TO_GO: u32 = 40;
/// ... and never fewer than this many (unless the board has fewer moves left).
/// Obtained: set when written (ab2e0c0, 2026-11-22), not measured.
pub const MIN_MOVES_TO_GO: u32 = 12;
/// One move may take at most this fraction (1/n) of what a game clock has left.
/// Obtained: set when written (ab2e0c0, 2026-11-22), not measured.
pub const MAX_SHARE_OF_GAME: u32 = 4;
/// Kept back from a game clock: this fraction of it (1/n) ...
/// Obtained: set when written (53ecfdb, 2026-11-23), not measured.
pub const GAME_RESERVE_DIVISOR: u32 = 20;
/// ... but at most this much.
/// Obtained: set when written (53ecfdb, 2026-11-23), not measured.
pub const GAME_RESERVE_MAX: Duration = Duration::from_secs(1);

/// What a move costs beyond its search when the player runs in the same process as its clock
/// (stopping the search's threads, handing the move back, and the wait for a core when the
/// machine is busy): kept off every time limit, once.
/// Obtained: 8136dae (2026-11-26): with 1 ms, 2 of 346 moves of the engine (two threads) at 200
/// ms a move went over by up to 1.7 ms while another program kept one of the two cores busy;
/// with 5 ms, 0 of 648 (the operating system can leave a thread waiting a few milliseconds).
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(5);

/// How often (in nodes) a search should call [`super::Control::should_stop`]: the clock is
/// read at most once per this many nodes.
/// Obtained: set when written (53ecfdb, 2026-11-23), not measured.
pub const CHECK_EVERY: u64 = 1024;
