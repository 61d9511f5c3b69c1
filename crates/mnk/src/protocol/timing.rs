//! Time and memory under the manager's limits: how long one move may think.
//!
//! Pure arithmetic on durations (the caller reads the clock), so the budget can be tested with a
//! fake clock. The protocol's limits:
//! - `timeout_turn` (ms) bounds every move; 0 means "play as fast as possible", not "unlimited".
//! - `timeout_match` (ms) bounds the whole game, 0 = no limit; `time_left` (ms) is what remains
//!   of it, sent before every move when the game is timed (2147483647 when it is not; negative
//!   once overrun). The manager counts a game from the brain's start, including everything but
//!   the opponent's turns; a turn includes every command but START, RECTSTART and RESTART.
//!
//! The protocol's side is here: the turn limit less a safety margin (pipes, scheduling, the
//! answer itself), and the game's time left less a reserve and the overhead of every move still
//! to come. [`TimeControl`] shares those over the moves (a `target` a search aims at, a `hard`
//! deadline it is stopped at), and a grace past the deadline tells the brain when to stop
//! waiting. The tuning constants are together at the top.

use crate::search::TimeControl;
use std::time::Duration;

/// The budget when `timeout_turn` is 0 ("as fast as possible"): a few plies at most.
pub const AS_FAST_AS_POSSIBLE: Duration = Duration::from_millis(10);
/// The turn limit when the manager never sent `timeout_turn` (the reference skeleton's default).
pub const DEFAULT_TIMEOUT_TURN: Duration = Duration::from_secs(30);
/// The safety margin kept from `timeout_turn` is this fraction of it (1/10) ...
pub const TURN_MARGIN_DIVISOR: u32 = 10;
/// ... but at least this much ...
pub const TURN_MARGIN_MIN: Duration = Duration::from_millis(15);
/// ... and at most this much.
pub const TURN_MARGIN_MAX: Duration = Duration::from_millis(300);
/// Kept back from the game's remaining time: this fraction of it (1/20) ...
pub const MATCH_RESERVE_DIVISOR: u32 = 20;
/// ... but at most this much.
pub const MATCH_RESERVE_MAX: Duration = Duration::from_secs(1);
/// Time each of our moves costs beyond its thinking (pipes, scheduling, the answer): kept aside
/// for every move still to come, so that a long game never runs out.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(5);
/// Past a budget, the brain waits for the player a quarter of the budget more plus this much
/// (never beyond a third of the way on to `timeout_turn`), then answers a quick move without it.
pub const GRACE_MIN: Duration = Duration::from_millis(2);
/// `time_left` at or above this means the game is not timed.
pub const UNLIMITED_TIME_LEFT: i64 = 2_147_483_647;
/// Of `max_memory`, the players' tables get this many quarters (the rest is the process itself).
pub const MEMORY_QUARTERS_FOR_TABLES: u64 = 3;

/// What limits a move's budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// `timeout_turn`, less its margin.
    Turn,
    /// `timeout_turn 0`: as fast as possible.
    AsFastAsPossible,
    /// The game's remaining time, spread over the moves to come.
    Match,
}

/// How long one move may think, and why. Times count from the moment the command arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The time a search aims at (it may stop once past it with a move in hand).
    pub target: Duration,
    /// The search's deadline: it is told to stop then.
    pub stop: Duration,
    /// When the brain stops waiting for a search that has not stopped and answers without it
    /// (see [`GRACE_MIN`]); below `timeout_turn` whenever that is positive, and within what is
    /// left of a timed game.
    pub give_up: Duration,
    /// Which limit set the deadline.
    pub limited_by: Limit,
}

/// The thinking time a `timeout_turn` leaves for one move.
///
/// # Examples
/// ```
/// use mnk::protocol::timing::{turn_budget, AS_FAST_AS_POSSIBLE};
/// use std::time::Duration;
/// assert_eq!(turn_budget(Duration::from_millis(1000)), Duration::from_millis(900));
/// assert_eq!(turn_budget(Duration::ZERO), AS_FAST_AS_POSSIBLE);
/// ```
#[must_use]
pub fn turn_budget(timeout_turn: Duration) -> Duration {
    if timeout_turn.is_zero() {
        return AS_FAST_AS_POSSIBLE;
    }
    let margin = (timeout_turn / TURN_MARGIN_DIVISOR).clamp(TURN_MARGIN_MIN, TURN_MARGIN_MAX);
    if timeout_turn > 2 * margin {
        timeout_turn - margin
    } else {
        timeout_turn / 2
    }
}

/// Our moves still to come at most, with `empty_cells` free: half of them, at least 1.
#[must_use]
pub fn own_moves_left(empty_cells: usize) -> u32 {
    u32::try_from(empty_cells.div_ceil(2).max(1)).unwrap_or(u32::MAX)
}

/// What of the game's remaining time the searches may share, with `empty_cells` free: what is
/// left less a reserve and the [`MOVE_OVERHEAD`] of every move still to come. No move may cost
/// more than this; then, while the time left covers the overheads it keeps covering them, so
/// the game cannot run out as long as no move costs more than its hard limit plus
/// [`MOVE_OVERHEAD`].
#[must_use]
pub fn game_time_to_share(match_left: Duration, empty_cells: usize) -> Duration {
    let reserve = (match_left / MATCH_RESERVE_DIVISOR).min(MATCH_RESERVE_MAX);
    let overheads = MOVE_OVERHEAD.saturating_mul(own_moves_left(empty_cells));
    match_left.saturating_sub(reserve).saturating_sub(overheads)
}

/// The table memory, in MiB, a `max_memory` in bytes allows; `None` when there is no limit (0).
///
/// # Examples
/// ```
/// use mnk::protocol::timing::memory_mib;
/// assert_eq!(memory_mib(0), None);
/// assert_eq!(memory_mib(350 << 20), Some(262));
/// assert_eq!(memory_mib(1000), Some(1));
/// ```
#[must_use]
pub fn memory_mib(max_memory: u64) -> Option<u64> {
    (max_memory > 0).then(|| ((max_memory / 4 * MEMORY_QUARTERS_FOR_TABLES) >> 20).max(1))
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

    /// The limits as a [`TimeControl`], with the protocol's margins already taken off, for our
    /// next move with `empty_cells` cells free.
    #[must_use]
    pub fn time_control(&self, empty_cells: usize) -> TimeControl {
        TimeControl {
            turn: Some(turn_budget(self.timeout_turn)),
            game_left: self
                .match_left()
                .map(|left| game_time_to_share(left, empty_cells)),
            reserve: Duration::ZERO,
        }
    }

    /// The budget for our next move, with `stones` on the board and `empty_cells` free.
    #[must_use]
    pub fn budget(&self, stones: usize, empty_cells: usize) -> Budget {
        let control = self.time_control(empty_cells);
        let turn = turn_budget(self.timeout_turn);
        let shared = control.budget(stones, empty_cells);
        let time = shared.hard.unwrap_or(turn);
        let target = shared.target.unwrap_or(time).min(time);
        let limited_by = if time < turn {
            Limit::Match
        } else if self.timeout_turn.is_zero() {
            Limit::AsFastAsPossible
        } else {
            Limit::Turn
        };
        let mut grace = time / 4 + GRACE_MIN;
        if !self.timeout_turn.is_zero() {
            grace = grace.min(self.timeout_turn.saturating_sub(time) / 3);
        }
        let mut give_up = time + grace;
        if let Some(game) = control.game_left {
            give_up = give_up.min(game.max(time));
        }
        Budget {
            target,
            stop: time,
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
    fn turn_budget_keeps_a_margin_below_the_limit() {
        assert_eq!(turn_budget(ms(100)), ms(85));
        assert_eq!(turn_budget(ms(1000)), ms(900));
        assert_eq!(turn_budget(ms(5000)), ms(4700));
        assert_eq!(turn_budget(ms(20)), ms(10));
        assert_eq!(turn_budget(ms(1)), Duration::from_micros(500));
        for t in [1, 2, 10, 29, 30, 31, 100, 150, 151, 3000, 3001, 180_000] {
            let b = turn_budget(ms(t));
            assert!(b < ms(t) && !b.is_zero(), "{t} ms -> {b:?}");
        }
    }

    #[test]
    fn the_hard_limit_stays_below_timeout_turn() {
        for t in [1, 2, 10, 30, 100, 300, 1000, 5000, 30_000] {
            let mut clock = MatchClock::new();
            clock.set_timeout_turn(t);
            let b = clock.budget(0, 225);
            assert!(
                b.target <= b.stop && b.stop < b.give_up && b.give_up < ms(t),
                "{t}: {b:?}"
            );
            clock.set_timeout_match(20_000);
            let b = clock.budget(0, 225);
            assert!(
                b.target <= b.stop && b.stop < b.give_up && b.give_up < ms(t),
                "{t}: {b:?}"
            );
        }
        let b = MatchClock::new().budget(0, 9);
        assert_eq!(b.give_up - b.stop, ms(100));
    }

    #[test]
    fn a_tournament_clock_aims_below_the_turn_limit() {
        // Gomocup's long games: 5 s a move, 180 s a game, 15x15.
        let mut clock = MatchClock::new();
        clock.set_timeout_turn(5000);
        clock.set_timeout_match(180_000);
        clock.report_time_left(180_000);
        let b = clock.budget(0, 225);
        // 180 s less 1 s and 113 x 5 ms, over 40 moves to go; stopped at the turn's 4.7 s.
        assert_eq!(b.target, Duration::from_micros(4_460_875));
        assert_eq!((b.stop, b.give_up), (ms(4700), ms(4800)));
        assert_eq!(b.limited_by, Limit::Turn);
        // Late, with 10 s left: the game sets the deadline (a quarter of what may be shared).
        clock.report_time_left(10_000);
        let b = clock.budget(150, 75);
        assert_eq!(b.limited_by, Limit::Match);
        let share = game_time_to_share(ms(10_000), 75);
        assert_eq!(b.stop, share / 4);
        assert!(b.target < b.stop && b.give_up <= share);
    }

    #[test]
    fn timeout_turn_zero_is_as_fast_as_possible_not_unlimited() {
        let mut clock = MatchClock::new();
        clock.set_timeout_turn(0);
        let b = clock.budget(0, 225);
        assert_eq!(b.stop, AS_FAST_AS_POSSIBLE);
        assert_eq!(b.limited_by, Limit::AsFastAsPossible);
    }

    #[test]
    fn the_game_keeps_time_for_every_move_to_come() {
        assert_eq!(own_moves_left(9), 5);
        assert_eq!(own_moves_left(0), 1);
        // 100 s: 1 s reserve, 113 moves of 5 ms.
        assert_eq!(
            game_time_to_share(ms(100_000), 225),
            ms(100_000 - 1000 - 565)
        );
        assert_eq!(game_time_to_share(ms(500), 225), Duration::ZERO);
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
        assert_eq!(clock.budget(0, 100).limited_by, Limit::Turn);
        clock.report_time_left(-250);
        assert_eq!(clock.match_left(), Some(Duration::ZERO));
        let b = clock.budget(0, 100);
        assert_eq!((b.give_up, b.limited_by), (Duration::ZERO, Limit::Match));
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
        assert_eq!(memory_mib(u64::MAX), Some((u64::MAX / 4 * 3) >> 20));
    }

    /// A fake clock: the manager's side of a timed game, with each of our moves taking its
    /// whole budget plus an overhead the brain cannot see. No move may exceed `timeout_turn`
    /// and the game's time may never run out.
    fn simulate(timeout_turn: u64, timeout_match: u64, cells: usize, overhead: Duration) {
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
            let budget = clock.budget(cells - empty, empty);
            // The most a move can cost: a search that never stops, cut off at the hard limit.
            let spent = budget.give_up + overhead;
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
            clock.record_move(budget.give_up);
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
            simulate(turn, game, cells, MOVE_OVERHEAD);
        }
    }
}
