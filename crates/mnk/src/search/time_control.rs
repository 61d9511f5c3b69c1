//! Game-level time control: from a per-move limit and the time left on a game clock to the
//! budget of the next move.
//!
//! A [`TimeControl`] describes the clock as a tournament manager gives it (Gomocup's
//! `timeout_turn`, `timeout_match` and `time_left`, or `mnk match --time-ms --game-ms`). Its
//! [`TimeControl::budget`] says how long the next move should take (`target`, a soft goal a
//! search may stop early at) and how long it may take at most (`hard`, never to be exceeded;
//! a [`Control`](super::Control) built by [`Control::for_budget`](super::Control::for_budget)
//! carries it as its deadline). The clock itself, and subtracting the time each move took, live
//! with the caller: this type is pure arithmetic, so it is tested without a clock.

use std::time::Duration;

/// The clock for one player: per-move limit, time left for the game, and a reserve.
///
/// `None` means no limit of that kind. With neither limit the budget is unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// The most one move may take (Gomocup `timeout_turn`).
    pub turn: Option<Duration>,
    /// What is left on the game clock before this move (Gomocup `time_left`).
    pub game_left: Option<Duration>,
    /// Time kept back from every limit for what happens outside the search: reading the
    /// position, answering, the operating system scheduling the process.
    pub reserve: Duration,
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            turn: None,
            game_left: None,
            reserve: Self::DEFAULT_RESERVE,
        }
    }
}

/// How long the next move should take (`target`) and may take (`hard`).
///
/// `target <= hard` always. `None` means unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Time a search aims at: it should not start new work it cannot finish by then.
    pub target: Option<Duration>,
    /// Time a search must never exceed.
    pub hard: Option<Duration>,
}

impl Budget {
    /// No limit at all.
    pub const UNLIMITED: Budget = Budget {
        target: None,
        hard: None,
    };
}

impl TimeControl {
    /// The reserve kept back from every limit unless told otherwise.
    pub const DEFAULT_RESERVE: Duration = Duration::from_millis(5);
    /// A game clock is shared over at least this many of the player's future moves.
    pub const MIN_MOVES_TO_GO: u32 = 12;
    /// A game clock is planned as if the player had this many moves left at the start.
    pub const OPENING_MOVES_TO_GO: u32 = 40;
    /// One move may take at most this fraction (1/n) of what is left on the game clock.
    pub const MAX_SHARE_OF_GAME: u32 = 4;

    /// A control with only a per-move limit.
    #[must_use]
    pub fn per_move(turn: Duration) -> Self {
        TimeControl {
            turn: Some(turn),
            ..TimeControl::default()
        }
    }

    /// How many more moves of this player the game clock should last, after `stones` stones
    /// with `empty` cells left: about [`Self::OPENING_MOVES_TO_GO`] at the start, slowly less as
    /// the game goes on, never below [`Self::MIN_MOVES_TO_GO`], and never more than the player
    /// can still make.
    #[must_use]
    pub fn moves_to_go(stones: usize, empty: usize) -> u32 {
        let own_moves_made = u32::try_from(stones / 2).unwrap_or(u32::MAX);
        let planned = Self::OPENING_MOVES_TO_GO
            .saturating_sub(own_moves_made / 2)
            .max(Self::MIN_MOVES_TO_GO);
        let possible = u32::try_from(empty.div_ceil(2)).unwrap_or(u32::MAX).max(1);
        planned.min(possible)
    }

    /// The budget of the next move, after `stones` stones with `empty` cells left.
    ///
    /// - With a per-move limit only: `hard` is the limit less the reserve, and so is `target`
    ///   (the whole turn is there to be used).
    /// - With a game clock: `target` is the time left (less the reserve) shared over
    ///   [`TimeControl::moves_to_go`] moves, `hard` at most a quarter of what is left; both are
    ///   capped by the per-move limit when there is one.
    ///
    /// A limit smaller than the reserve gives a zero budget: the search must answer at once
    /// with the best it has.
    ///
    /// # Examples
    /// ```
    /// use mnk::search::TimeControl;
    /// use std::time::Duration;
    /// let tc = TimeControl {
    ///     turn: Some(Duration::from_secs(5)),
    ///     game_left: Some(Duration::from_secs(60)),
    ///     reserve: Duration::ZERO,
    /// };
    /// let b = tc.budget(0, 225);
    /// assert_eq!(b.target, Some(Duration::from_millis(1500))); // 60 s over 40 moves
    /// assert_eq!(b.hard, Some(Duration::from_secs(5))); // the turn limit
    /// ```
    #[must_use]
    pub fn budget(&self, stones: usize, empty: usize) -> Budget {
        let turn = self.turn.map(|t| t.saturating_sub(self.reserve));
        let Some(left) = self.game_left.map(|g| g.saturating_sub(self.reserve)) else {
            return Budget {
                target: turn,
                hard: turn,
            };
        };
        let to_go = Self::moves_to_go(stones, empty);
        let mut target = left / to_go;
        let mut hard = left / Self::MAX_SHARE_OF_GAME;
        if let Some(turn) = turn {
            target = target.min(turn);
            hard = hard.min(turn);
        }
        Budget {
            target: Some(target.min(hard)),
            hard: Some(hard),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn a_per_move_limit_is_used_whole_less_the_reserve() {
        let b = TimeControl::per_move(MS(100)).budget(10, 215);
        assert_eq!(b.hard, Some(MS(95)));
        assert_eq!(b.target, Some(MS(95)));
        assert_eq!(TimeControl::default().budget(0, 9), Budget::UNLIMITED);
    }

    #[test]
    fn a_limit_below_the_reserve_asks_for_an_immediate_answer() {
        let b = TimeControl::per_move(MS(2)).budget(0, 225);
        assert_eq!(
            (b.target, b.hard),
            (Some(Duration::ZERO), Some(Duration::ZERO))
        );
        // Gomocup's "timeout_turn 0": as fast as possible.
        let b = TimeControl::per_move(Duration::ZERO).budget(0, 225);
        assert_eq!(b.hard, Some(Duration::ZERO));
    }

    #[test]
    fn a_game_clock_is_shared_over_the_moves_to_go() {
        let tc = TimeControl {
            turn: None,
            game_left: Some(MS(40_000)),
            reserve: Duration::ZERO,
        };
        // 40 moves to go at the start: one second each; at most a quarter of the clock.
        assert_eq!(tc.budget(0, 225).target, Some(MS(1000)));
        assert_eq!(tc.budget(0, 225).hard, Some(MS(10_000)));
        // Late in the game the share grows, but never beyond the moves left on the board.
        assert_eq!(TimeControl::moves_to_go(200, 25), 12);
        assert_eq!(TimeControl::moves_to_go(218, 7), 4);
        assert_eq!(tc.budget(218, 7).target, Some(MS(10_000)));
        assert_eq!(TimeControl::moves_to_go(8, 1), 1);
    }

    #[test]
    fn the_per_move_limit_caps_a_generous_game_clock() {
        let tc = TimeControl {
            turn: Some(MS(500)),
            game_left: Some(MS(600_000)),
            reserve: MS(10),
        };
        let b = tc.budget(30, 195);
        assert_eq!(b.hard, Some(MS(490)));
        assert_eq!(b.target, Some(MS(490)));
        // And a nearly empty game clock caps a generous per-move limit.
        let tc = TimeControl {
            turn: Some(MS(5000)),
            game_left: Some(MS(1010)),
            reserve: MS(10),
        };
        let b = tc.budget(30, 195);
        assert_eq!(b.hard, Some(MS(250)));
        assert!(b.target.unwrap() <= b.hard.unwrap());
    }
}
