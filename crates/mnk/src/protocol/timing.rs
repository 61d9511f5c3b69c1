//! The manager's limits: what `INFO` says about time and memory, and what is left of a timed
//! game, turned into a [`TimeControl`] for the planner ([`crate::search`]).
//!
//! The protocol's limits:
//! - `timeout_turn` (ms) bounds every move; 0 means "play as fast as possible", not "unlimited".
//! - `timeout_match` (ms) bounds the whole game, 0 = no limit; `time_left` (ms) is what remains
//!   of it, sent before every move when the game is timed (2147483647 when it is not; negative
//!   once overrun). The manager counts a game from the brain's start, including everything but
//!   the opponent's turns; a turn includes every command but START, RECTSTART and RESTART.
//!
//! This is the edge that knows the transport, so it is here, and only here, that a move's
//! [`overhead`] is set: the time between the manager sending a command and reading the answer
//! that is not the search (the pipe, the process being scheduled on a busy machine, building
//! the answer). The planner takes it off once. Past the deadline the brain waits half the
//! overhead more for the player, then answers without it. The tuning constants are together
//! at the top.

use crate::players::MAX_MEMORY_MIB;
use crate::search::{GameClock, TimeControl, TimePlan};
use std::time::Duration;

/// The per-move limit when `timeout_turn` is 0 ("as fast as possible"): a short search.
pub const AS_FAST_AS_POSSIBLE: Duration = Duration::from_millis(10);
/// The turn limit when the manager never sent `timeout_turn` (the reference skeleton's default).
pub const DEFAULT_TIMEOUT_TURN: Duration = Duration::from_secs(30);
/// A move's overhead is this fraction (1/n) of the turn limit ...
pub const OVERHEAD_DIVISOR: u32 = 8;
/// ... but at least this much ...
pub const OVERHEAD_MIN: Duration = Duration::from_millis(5);
/// ... and at most this much; in a timed game, at most this fraction (1/n) of the time left
/// per move still to come (never below [`OVERHEAD_MIN`]).
pub const OVERHEAD_MAX: Duration = Duration::from_millis(100);
/// See [`OVERHEAD_MAX`].
pub const OVERHEAD_GAME_DIVISOR: u32 = 4;
/// `time_left` at or above this means the game is not timed.
pub const UNLIMITED_TIME_LEFT: i64 = 2_147_483_647;
/// Of `max_memory`, the players' tables get this many quarters (the rest is the process itself).
pub const MEMORY_QUARTERS_FOR_TABLES: u64 = 3;
/// The smallest table [`table_mib`] gives: smaller saves nothing worth having.
pub const MIN_TABLE_MIB: u64 = 32;

/// What limits a move's deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// `timeout_turn`.
    Turn,
    /// `timeout_turn 0`: as fast as possible.
    AsFastAsPossible,
    /// The game's remaining time, spread over the moves to come.
    Match,
}

/// A move's times, counted from the moment its command arrived, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnPlan {
    /// The planner's target and deadline for the search.
    pub plan: TimePlan,
    /// When the brain stops waiting for a search that has not stopped and answers without it:
    /// half the overhead past the deadline, within the turn limit and what is left of the game.
    pub give_up: Duration,
    /// Which limit set the deadline.
    pub limited_by: Limit,
}

impl TurnPlan {
    /// The search's target.
    #[must_use]
    pub fn target(&self) -> Duration {
        self.plan.target.unwrap_or_default()
    }

    /// The search's deadline.
    #[must_use]
    pub fn deadline(&self) -> Duration {
        self.plan.deadline.unwrap_or_default()
    }
}

/// The time a move costs outside the search, under the turn limit `per_move`, with
/// `match_left` of a timed game left and `empty` cells free.
///
/// # Examples
/// ```
/// use mnk::protocol::timing::overhead;
/// use std::time::Duration;
/// let ms = Duration::from_millis;
/// assert_eq!(overhead(ms(200), None, 225), ms(25));
/// assert_eq!(overhead(ms(20), None, 225), ms(5));
/// assert_eq!(overhead(ms(30_000), None, 225), ms(100));
/// // 10 s for the 338 moves still to come on 26x26: 7 ms each.
/// assert_eq!(overhead(ms(1000), Some(ms(10_000)), 676).as_millis(), 7);
/// ```
#[must_use]
pub fn overhead(per_move: Duration, match_left: Option<Duration>, empty: usize) -> Duration {
    let turn = (per_move / OVERHEAD_DIVISOR).clamp(OVERHEAD_MIN, OVERHEAD_MAX);
    match match_left {
        Some(left) => {
            let share = left / OVERHEAD_GAME_DIVISOR / crate::search::own_moves_left(empty);
            turn.min(share.max(OVERHEAD_MIN))
        }
        None => turn,
    }
}

/// The table memory, in MiB, a `max_memory` in bytes allows; `None` when there is no limit (0).
/// Never more than the largest table a player takes ([`MAX_MEMORY_MIB`]), whatever the
/// manager allows.
///
/// # Examples
/// ```
/// use mnk::protocol::timing::memory_mib;
/// assert_eq!(memory_mib(0), None);
/// assert_eq!(memory_mib(350 << 20), Some(262));
/// assert_eq!(memory_mib(1000), Some(1));
/// assert_eq!(memory_mib(u64::MAX), Some(mnk::players::MAX_MEMORY_MIB));
/// ```
#[must_use]
pub fn memory_mib(max_memory: u64) -> Option<u64> {
    (max_memory > 0).then(|| tables_mib(max_memory).clamp(1, MAX_MEMORY_MIB))
}

/// The table, in MiB, for a player whose search fills `per_second` MiB of table a second
/// ([`crate::players::Abilities::table_per_second_mib`]) and thinks at most `turn` a move: what
/// one move fills, at least [`MIN_TABLE_MIB`]. A manager's memory limit ([`memory_mib`]) caps
/// it; a larger table would only cost time (pages first touched in a move's time, look-ups
/// that miss the processor's translation cache).
///
/// # Examples
/// ```
/// use mnk::protocol::timing::table_mib;
/// use std::time::Duration;
/// assert_eq!(table_mib(32, Duration::from_millis(200)), 32);
/// assert_eq!(table_mib(32, Duration::from_secs(5)), 160);
/// ```
#[must_use]
pub fn table_mib(per_second: u64, turn: Duration) -> u64 {
    // A float cast saturates: no turn overflows it.
    ((per_second as f64 * turn.as_secs_f64()).ceil() as u64).max(MIN_TABLE_MIB)
}

/// The MiB of `max_memory` (bytes) that go to the tables, before any cap.
const fn tables_mib(max_memory: u64) -> u64 {
    (max_memory / 4 * MEMORY_QUARTERS_FOR_TABLES) >> 20
}

/// Whether `max_memory` allows the tables more than [`MAX_MEMORY_MIB`], which is what they
/// get ([`memory_mib`]).
#[must_use]
pub fn memory_capped(max_memory: u64) -> bool {
    tables_mib(max_memory) > MAX_MEMORY_MIB
}

/// The time limits of a game and the time spent in it so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchClock {
    timeout_turn: Duration,
    timeout_match: Option<Duration>,
    /// The last `time_left` (ms) and how much we had used when it arrived.
    time_left: Option<(i64, Duration)>,
    used: Duration,
}

impl Default for MatchClock {
    fn default() -> Self {
        MatchClock {
            timeout_turn: DEFAULT_TIMEOUT_TURN,
            timeout_match: None,
            time_left: None,
            used: Duration::ZERO,
        }
    }
}

impl MatchClock {
    /// A clock with the default limits: [`DEFAULT_TIMEOUT_TURN`] per move, no game limit.
    #[must_use]
    pub fn new() -> Self {
        MatchClock::default()
    }

    /// `INFO timeout_turn`: milliseconds per move (0 = as fast as possible).
    pub fn set_timeout_turn(&mut self, ms: u64) {
        self.timeout_turn = Duration::from_millis(ms);
    }

    /// `INFO timeout_match`: milliseconds per game (0 = no limit).
    pub fn set_timeout_match(&mut self, ms: u64) {
        self.timeout_match = (ms > 0).then(|| Duration::from_millis(ms));
    }

    /// `INFO time_left`: milliseconds left of the game, as the manager counts them.
    pub fn report_time_left(&mut self, ms: i64) {
        self.time_left = Some((ms, self.used));
    }

    /// The per-move limit.
    #[must_use]
    pub const fn timeout_turn(&self) -> Duration {
        self.timeout_turn
    }

    /// The most a move of this game's limits may think, as far as a table's size goes: the
    /// turn limit, and in a timed game at most the game's time over
    /// [`OPENING_MOVES_TO_GO`](crate::search::OPENING_MOVES_TO_GO) moves (the planner's share at
    /// the start). From the limits alone, not the time left, so that it stays the same
    /// through a game. `timeout_turn 0` is [`AS_FAST_AS_POSSIBLE`].
    #[must_use]
    pub fn longest_move(&self) -> Duration {
        let turn = if self.timeout_turn.is_zero() {
            AS_FAST_AS_POSSIBLE
        } else {
            self.timeout_turn
        };
        self.timeout_match.map_or(turn, |game| {
            turn.min(game / crate::search::OPENING_MOVES_TO_GO)
        })
    }

    /// Time our moves took in this game.
    #[must_use]
    pub const fn used(&self) -> Duration {
        self.used
    }

    /// A new game: nothing used yet. A `time_left` that arrived before the game's first move
    /// (an `INFO` just before `START`) is kept; one from the previous game is dropped.
    pub fn new_game(&mut self) {
        if !self.used.is_zero() {
            self.time_left = None;
        }
        self.used = Duration::ZERO;
    }

    /// One of our moves took `spent`, from the command's arrival to the answer.
    pub fn record_move(&mut self, spent: Duration) {
        self.used += spent;
    }

    /// What is left of the game's time (`None` when the game is not timed): the manager's last
    /// `time_left` less what we used since, or `timeout_match` less what we used, whichever is
    /// smaller.
    #[must_use]
    pub fn match_left(&self) -> Option<Duration> {
        let reported = self
            .time_left
            .filter(|&(ms, _)| ms < UNLIMITED_TIME_LEFT)
            .map(|(ms, used_then)| {
                Duration::from_millis(u64::try_from(ms).unwrap_or(0))
                    .saturating_sub(self.used.saturating_sub(used_then))
            });
        let counted = self.timeout_match.map(|m| m.saturating_sub(self.used));
        match (reported, counted) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The per-move limit: `timeout_turn`, or [`AS_FAST_AS_POSSIBLE`] for 0.
    #[must_use]
    pub fn per_move(&self) -> Duration {
        if self.timeout_turn.is_zero() {
            AS_FAST_AS_POSSIBLE
        } else {
            self.timeout_turn
        }
    }

    /// The limits as the planner's [`TimeControl`].
    #[must_use]
    pub fn time_control(&self) -> TimeControl {
        TimeControl {
            per_move: Some(self.per_move()),
            game: self.match_left().map(|left| GameClock {
                left,
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
        }
    }

    /// The times of our next move, with `stones` on the board and `empty_cells` free.
    #[must_use]
    pub fn turn_plan(&self, stones: usize, empty_cells: usize) -> TurnPlan {
        let per_move = self.per_move();
        let overhead = overhead(per_move, self.match_left(), empty_cells);
        let plan = self.time_control().plan(stones, empty_cells, overhead);
        let deadline = plan.deadline.unwrap_or_default();
        let limited_by = if deadline < per_move.saturating_sub(overhead) {
            Limit::Match
        } else if self.timeout_turn.is_zero() {
            Limit::AsFastAsPossible
        } else {
            Limit::Turn
        };
        let mut give_up = (deadline + overhead / 2).min(per_move);
        if let Some(left) = self.match_left() {
            give_up = give_up.min(left.max(deadline));
        }
        TurnPlan {
            plan,
            give_up,
            limited_by,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_deadline_keeps_one_overhead_below_the_turn_limit() {
        for t in [1, 2, 10, 30, 100, 200, 300, 1000, 5000, 30_000] {
            let mut clock = MatchClock::new();
            clock.set_timeout_turn(t);
            let p = clock.turn_plan(0, 225);
            assert!(
                p.target() <= p.deadline() && p.deadline() <= p.give_up && p.give_up <= ms(t),
                "{t}: {p:?}"
            );
            assert_eq!(
                p.deadline(),
                ms(t).saturating_sub(overhead(ms(t), None, 225)),
                "{t}"
            );
            clock.set_timeout_match(20_000);
            let p = clock.turn_plan(0, 225);
            assert!(
                p.deadline() <= p.give_up && p.give_up <= ms(t),
                "{t}: {p:?}"
            );
        }
        // 200 ms a move: 175 ms to think, the whole of it used; given up at 187.5 ms.
        let mut clock = MatchClock::new();
        clock.set_timeout_turn(200);
        let p = clock.turn_plan(10, 215);
        assert_eq!(
            (p.target(), p.deadline(), p.give_up),
            (ms(175), ms(175), Duration::from_micros(187_500))
        );
        assert_eq!(p.limited_by, Limit::Turn);
    }

    #[test]
    fn a_tournament_clock_aims_below_the_turn_limit() {
        // Gomocup's long games: 5 s a move, 180 s a game, 15x15.
        let mut clock = MatchClock::new();
        clock.set_timeout_turn(5000);
        clock.set_timeout_match(180_000);
        clock.report_time_left(180_000);
        let p = clock.turn_plan(0, 225);
        // 180 s less 1 s and 113 x 100 ms, over 40 moves to go; stopped at 4.9 s.
        assert_eq!(p.target(), Duration::from_micros(4_192_500));
        assert_eq!((p.deadline(), p.give_up), (ms(4900), ms(4950)));
        assert_eq!(p.limited_by, Limit::Turn);
        // Late, with 10 s left: the game sets the deadline.
        clock.report_time_left(10_000);
        let p = clock.turn_plan(150, 75);
        assert_eq!(p.limited_by, Limit::Match);
        assert!(p.target() <= p.deadline() && p.give_up <= ms(10_000));
    }

    #[test]
    fn timeout_turn_zero_is_as_fast_as_possible_not_unlimited() {
        let mut clock = MatchClock::new();
        clock.set_timeout_turn(0);
        let p = clock.turn_plan(0, 225);
        assert_eq!(p.deadline(), AS_FAST_AS_POSSIBLE - OVERHEAD_MIN);
        assert!(
            p.deadline() > Duration::ZERO,
            "a real search, however short"
        );
        assert_eq!(p.limited_by, Limit::AsFastAsPossible);
    }

    #[test]
    fn time_left_is_what_remains_of_timeout_match() {
        let mut clock = MatchClock::new();
        clock.set_timeout_turn(5000);
        clock.set_timeout_match(100_000);
        assert_eq!(clock.match_left(), Some(ms(100_000)));
        clock.record_move(ms(3000));
        // Without a report, our own count.
        assert_eq!(clock.match_left(), Some(ms(97_000)));
        // The manager's count includes overheads we cannot see: it wins when smaller ...
        clock.report_time_left(96_500);
        assert_eq!(clock.match_left(), Some(ms(96_500)));
        clock.record_move(ms(500));
        assert_eq!(clock.match_left(), Some(ms(96_000)));
        // ... and our own count when the manager's is larger.
        clock.report_time_left(99_000);
        assert_eq!(clock.match_left(), Some(ms(96_500)));
    }

    #[test]
    fn untimed_and_overrun_games() {
        let mut clock = MatchClock::new();
        assert_eq!(clock.match_left(), None);
        clock.report_time_left(UNLIMITED_TIME_LEFT);
        assert_eq!(clock.match_left(), None);
        // c-gomoku-cli sends INT64_MAX / 2 for an untimed game.
        clock.report_time_left(i64::MAX / 2);
        assert_eq!(clock.match_left(), None);
        assert_eq!(clock.turn_plan(0, 100).limited_by, Limit::Turn);
        clock.report_time_left(-250);
        assert_eq!(clock.match_left(), Some(Duration::ZERO));
        let p = clock.turn_plan(0, 100);
        assert_eq!((p.give_up, p.limited_by), (Duration::ZERO, Limit::Match));
    }

    #[test]
    fn a_new_game_forgets_the_last_games_time_left_but_not_one_sent_before_start() {
        let mut clock = MatchClock::new();
        clock.report_time_left(60_000);
        clock.new_game();
        assert_eq!(clock.match_left(), Some(ms(60_000)));
        clock.record_move(ms(100));
        clock.new_game();
        assert_eq!(clock.match_left(), None);
        assert_eq!(clock.used(), Duration::ZERO);
    }

    #[test]
    fn memory_limits_leave_room_for_the_process() {
        assert_eq!(memory_mib(0), None);
        assert_eq!(memory_mib(83_886_080), Some(60));
        assert_eq!(memory_mib(u64::MAX), Some(MAX_MEMORY_MIB));
    }

    /// A fake clock: the manager's side of a timed game, with each of our moves taking until
    /// the brain gives up on it plus an overhead the brain cannot see. No move may exceed
    /// `timeout_turn` and the game's time may never run out.
    fn simulate(timeout_turn: u64, timeout_match: u64, cells: usize, unseen: Duration) {
        let mut clock = MatchClock::new();
        clock.set_timeout_turn(timeout_turn);
        clock.set_timeout_match(timeout_match);
        let mut manager_left = ms(timeout_match);
        let mut empty = cells;
        while empty > 0 {
            if timeout_match > 0 {
                clock.report_time_left(i64::try_from(manager_left.as_millis()).unwrap());
            } else {
                clock.report_time_left(UNLIMITED_TIME_LEFT);
            }
            let p = clock.turn_plan(cells - empty, empty);
            // The most a move can cost: a search that never stops, given up on.
            let spent = p.give_up + unseen;
            assert!(
                timeout_turn == 0 || spent <= ms(timeout_turn),
                "a move of {spent:?} overran the turn limit {timeout_turn} ms"
            );
            if timeout_match > 0 {
                assert!(
                    spent <= manager_left,
                    "the game ran out of time with {empty} cells left"
                );
                manager_left -= spent;
            }
            clock.record_move(p.give_up);
            empty = empty.saturating_sub(2);
        }
    }

    #[test]
    fn a_whole_timed_game_never_overruns_on_a_fake_clock() {
        for (turn, game, cells) in [
            (5000, 180_000, 225),
            (5000, 180_000, 400),
            (30_000, 60_000, 400),
            (1000, 10_000, 676),
            (100, 2000, 400),
            (0, 1000, 225),
            (200, 0, 225),
        ] {
            simulate(turn, game, cells, OVERHEAD_MIN / 2);
        }
    }
}
