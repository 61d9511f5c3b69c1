//! Time: from what a clock allows to the plan of one move. The one place where time is planned.
//!
//! A [`TimeControl`] is the clock as the one who runs the game gives it: a limit per move
//! (Gomocup's `timeout_turn`, `--time-ms`, a web request's time), a game clock (time left,
//! an increment, maybe the moves to go: Gomocup's `time_left`, `mnk match --game-ms`), both,
//! or neither. [`TimeControl::plan`] turns it into a [`TimePlan`] for the next move: a
//! `target` a search aims to be done by and a `deadline` it must stop at, both counted from
//! the moment the move was asked for (a [`Control`](super::Control) carries them).
//!
//! Each move costs some time outside the search (reading the command, building the answer,
//! the pipe, the operating system scheduling the process). Only the caller knows its transport,
//! so it says how much with `overhead`, and the plan takes it off once: from the per-move
//! limit, and from the game clock for every move still to come. Nothing else keeps a margin:
//! a search runs up to its deadline.
//!
//! Pure arithmetic on durations, so it is tested without a clock.

use std::time::Duration;

use super::tunables::{
    GAME_RESERVE_DIVISOR, GAME_RESERVE_MAX, MAX_SHARE_OF_GAME, MIN_MOVES_TO_GO, OPENING_MOVES_TO_GO,
};

/// The clock of one player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// The most one move may take, whatever the game clock says.
    pub per_move: Option<Duration>,
    /// The game clock, when the game is timed as a whole.
    pub game: Option<GameClock>,
}

/// What is left on a game clock before a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameClock {
    /// Time left for the rest of the game.
    pub left: Duration,
    /// Added to the clock after each of the player's moves.
    pub increment: Duration,
    /// The player's moves until the clock is next topped up, when the time control says so;
    /// otherwise the plan assumes [`OPENING_MOVES_TO_GO`] at the start, slowly fewer.
    pub moves_to_go: Option<u32>,
}

/// The time of one move, counted from the moment it was asked for. `None`: no limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TimePlan {
    /// When the search should be done: it may stop once past it with a move in hand, and
    /// should not start work it cannot finish by then. Never after `deadline`.
    pub target: Option<Duration>,
    /// When the search must stop and answer with the best it has.
    pub deadline: Option<Duration>,
}

impl TimePlan {
    /// No limit at all.
    pub const UNLIMITED: TimePlan = TimePlan {
        target: None,
        deadline: None,
    };

    /// A plan that uses all of `time`.
    #[must_use]
    pub const fn exactly(time: Duration) -> Self {
        TimePlan {
            target: Some(time),
            deadline: Some(time),
        }
    }
}

impl TimeControl {
    /// No clock.
    pub const NONE: TimeControl = TimeControl {
        per_move: None,
        game: None,
    };

    /// Only a limit per move.
    #[must_use]
    pub const fn per_move(limit: Duration) -> Self {
        TimeControl {
            per_move: Some(limit),
            game: None,
        }
    }

    /// How many more moves of this player a game clock should last, after `stones` stones
    /// with `empty` cells left: [`OPENING_MOVES_TO_GO`] at the start, slowly fewer as the game
    /// goes on, never below [`MIN_MOVES_TO_GO`], and never more than the player can still make.
    #[must_use]
    pub fn moves_to_go(stones: usize, empty: usize) -> u32 {
        let own_moves_made = u32::try_from(stones / 2).unwrap_or(u32::MAX);
        let planned = OPENING_MOVES_TO_GO
            .saturating_sub(own_moves_made / 2)
            .max(MIN_MOVES_TO_GO);
        planned.min(own_moves_left(empty))
    }

    /// The plan of the next move, after `stones` stones with `empty` cells left, when every
    /// move costs `overhead` outside the search.
    ///
    /// - A per-move limit: the deadline is the limit less the overhead, and so is the target
    ///   (the whole move is there to be used).
    /// - A game clock: what is left, less a reserve ([`GAME_RESERVE_DIVISOR`]) and the overhead
    ///   of every move still to come, is shared over the moves to go (the target, plus the
    ///   increment); the deadline is at most a [`MAX_SHARE_OF_GAME`]th of it (plus the
    ///   increment). A per-move limit caps both.
    ///
    /// A limit smaller than the overhead gives a zero plan: answer at once with the best at
    /// hand.
    ///
    /// # Examples
    /// ```
    /// use mnk::search::{GameClock, TimeControl};
    /// use std::time::Duration;
    /// let ms = Duration::from_millis;
    /// let plan = TimeControl::per_move(ms(200)).plan(0, 225, ms(20));
    /// assert_eq!((plan.target, plan.deadline), (Some(ms(180)), Some(ms(180))));
    /// let tc = TimeControl {
    ///     per_move: Some(ms(5000)),
    ///     game: Some(GameClock { left: ms(60_000), increment: ms(0), moves_to_go: None }),
    /// };
    /// let plan = tc.plan(0, 225, ms(0));
    /// assert_eq!(plan.target, Some(ms(1475))); // 59 s (1 s kept back) over 40 moves
    /// assert_eq!(plan.deadline, Some(ms(5000))); // the per-move limit
    /// ```
    #[must_use]
    pub fn plan(&self, stones: usize, empty: usize, overhead: Duration) -> TimePlan {
        let per_move = self.per_move.map(|t| t.saturating_sub(overhead));
        let Some(game) = self.game else {
            return TimePlan {
                target: per_move,
                deadline: per_move,
            };
        };
        let usable = game_time_to_share(game.left, empty, overhead);
        let to_go = game
            .moves_to_go
            .unwrap_or_else(|| Self::moves_to_go(stones, empty))
            .clamp(1, own_moves_left(empty));
        let mut target = (usable / to_go).saturating_add(game.increment);
        let mut deadline = (usable / MAX_SHARE_OF_GAME)
            .saturating_add(game.increment)
            .min(usable);
        if let Some(limit) = per_move {
            target = target.min(limit);
            deadline = deadline.min(limit);
        }
        TimePlan {
            target: Some(target.min(deadline)),
            deadline: Some(deadline),
        }
    }
}

/// The player's moves still to come at most, with `empty` cells free: half of them, at least 1.
#[must_use]
pub fn own_moves_left(empty: usize) -> u32 {
    u32::try_from(empty.div_ceil(2).max(1)).unwrap_or(u32::MAX)
}

/// What of a game clock's `left` the searches may share, with `empty` cells free: less a
/// reserve and the `overhead` of every move still to come. No move may take more than this;
/// and while the clock covers the overheads it keeps covering them, so a game cannot run out
/// of time as long as no move costs more than its deadline plus `overhead`.
#[must_use]
pub fn game_time_to_share(left: Duration, empty: usize, overhead: Duration) -> Duration {
    let reserve = (left / GAME_RESERVE_DIVISOR).min(GAME_RESERVE_MAX);
    let overheads = overhead.saturating_mul(own_moves_left(empty));
    left.saturating_sub(reserve).saturating_sub(overheads)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(left: u64, per_move: Option<u64>) -> TimeControl {
        TimeControl {
            per_move: per_move.map(ms),
            game: Some(GameClock {
                left: ms(left),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
        }
    }

    #[test]
    fn a_per_move_limit_is_used_whole_less_the_overhead() {
        let plan = TimeControl::per_move(ms(100)).plan(10, 215, ms(5));
        assert_eq!(plan, TimePlan::exactly(ms(95)));
        assert_eq!(TimeControl::NONE.plan(0, 9, ms(5)), TimePlan::UNLIMITED);
        // A limit below the overhead: answer at once.
        assert_eq!(
            TimeControl::per_move(ms(2)).plan(0, 225, ms(5)),
            TimePlan::exactly(Duration::ZERO)
        );
    }

    #[test]
    fn a_game_clock_is_shared_over_the_moves_to_go() {
        // 40 s, 1 s kept back: 39 s over 40 moves; at most a quarter of it.
        let plan = clock(40_000, None).plan(0, 225, Duration::ZERO);
        assert_eq!(plan.target, Some(ms(975)));
        assert_eq!(plan.deadline, Some(ms(9750)));
        // Late in the game the share grows, but never beyond the moves left on the board.
        assert_eq!(TimeControl::moves_to_go(200, 25), 12);
        assert_eq!(TimeControl::moves_to_go(218, 7), 4);
        assert_eq!(TimeControl::moves_to_go(8, 1), 1);
        let late = clock(40_000, None).plan(218, 7, Duration::ZERO);
        assert_eq!(late.target, Some(ms(9750)));
    }

    #[test]
    fn moves_to_go_and_an_increment_are_honoured() {
        let tc = TimeControl {
            per_move: None,
            game: Some(GameClock {
                left: ms(20_000),
                increment: ms(500),
                moves_to_go: Some(10),
            }),
        };
        let plan = tc.plan(0, 225, Duration::ZERO);
        // 19 s over 10 moves plus the increment; at most a quarter of 19 s plus the increment.
        assert_eq!(plan.target, Some(ms(2400)));
        assert_eq!(plan.deadline, Some(ms(5250)));
    }

    #[test]
    fn the_per_move_limit_caps_a_generous_clock_and_the_clock_a_generous_limit() {
        let plan = clock(600_000, Some(500)).plan(30, 195, ms(10));
        assert_eq!(plan, TimePlan::exactly(ms(490)));
        let plan = clock(1010, Some(5000)).plan(30, 195, ms(1));
        let usable = game_time_to_share(ms(1010), 195, ms(1));
        assert_eq!(plan.deadline, Some(usable / 4));
        assert!(plan.target.unwrap() <= plan.deadline.unwrap());
    }

    /// A whole timed game on a fake clock: every move takes its whole deadline plus the
    /// overhead. No move may exceed the per-move limit and the clock may never run out.
    fn simulate(per_move: Option<u64>, game: u64, increment: u64, cells: usize, overhead: u64) {
        let mut left = ms(game);
        let mut empty = cells;
        while empty > 0 {
            let tc = TimeControl {
                per_move: per_move.map(ms),
                game: Some(GameClock {
                    left,
                    increment: ms(increment),
                    moves_to_go: None,
                }),
            };
            let plan = tc.plan(cells - empty, empty, ms(overhead));
            let spent = plan.deadline.unwrap() + ms(overhead);
            assert!(
                per_move.is_none_or(|t| spent <= ms(t)),
                "{spent:?} > {per_move:?}"
            );
            assert!(spent <= left, "out of time with {empty} cells left");
            left = left - spent + ms(increment);
            empty = empty.saturating_sub(2);
        }
    }

    #[test]
    fn a_whole_timed_game_never_runs_out() {
        for (per_move, game, increment, cells, overhead) in [
            (Some(5000), 180_000, 0, 225, 5),
            (Some(5000), 180_000, 0, 400, 20),
            (Some(30_000), 60_000, 0, 400, 5),
            (None, 10_000, 0, 676, 5),
            (Some(100), 2000, 0, 400, 10),
            (None, 3000, 100, 225, 10),
        ] {
            simulate(per_move, game, increment, cells, overhead);
        }
    }
}
