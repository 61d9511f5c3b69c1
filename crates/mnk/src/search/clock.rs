//! The clocks of a timed game: how the game is timed ([`Timing`], what `--time-control`
//! says), and both players' clocks as the game goes ([`Clocks`]): whose is running, what each
//! has left, a flag fall. Each move a player is asked for, its clock becomes the
//! [`TimeControl`] that [`TimeControl::plan`] turns into the move's plan: the machine plays
//! its moves within its own clock.
//!
//! Times are passed in as [`Instant`]s, so the arithmetic is tested without waiting.

use super::{GameClock, TimeControl};
use crate::game::Side;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};
use thiserror::Error;

/// How a game is timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timing {
    /// Each move may take at most this long.
    PerMove(Duration),
    /// Each player has `base` for the whole game, and `increment` more after each of its
    /// moves (Fischer).
    Game {
        /// Time on each clock at the start.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
}

/// A time control that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "cannot read '{0}' as a time control: write a game clock with an optional increment \
     (5m, 5m+3s, 5+3 for 5 minutes plus 3 seconds a move, 90s) or a limit per move (10s/move), \
     each at least 1ms and at most 8760h (a year), counted in whole milliseconds"
)]
pub struct TimingError(String);

/// `text` as a duration: a number with a unit (`ms`, `s`, `m`, `h`), or `bare` when it has
/// none; in whole milliseconds, as clocks count and [`Timing`]'s `Display` writes them (0.3s is
/// 300 ms, not the float's 299.99...; 0.1ms is zero).
fn duration(text: &str, bare: fn(f64) -> f64) -> Option<Duration> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().ok()?;
    let seconds = match unit.trim() {
        "" => bare(number),
        "ms" => number / 1000.0,
        "s" | "sec" => number,
        "m" | "min" => number * 60.0,
        "h" => number * 3600.0,
        _ => return None,
    };
    let millis = (seconds * 1000.0).round();
    // Negative, NaN or past a year: refused (the cast below then never saturates).
    (millis >= 0.0 && millis <= MAX_TIME.as_millis() as f64)
        .then(|| Duration::from_millis(millis as u64))
}

/// The longest time a time control may give (a clock, an increment, a move): a year.
pub const MAX_TIME: Duration = Duration::from_secs(365 * 24 * 3600);

impl FromStr for Timing {
    type Err = TimingError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let error = || TimingError(s.chars().take(40).collect());
        let text = s.trim().to_ascii_lowercase();
        let timing = if let Some(per_move) = text.strip_suffix("/move") {
            Timing::PerMove(duration(per_move, |s| s).ok_or_else(error)?)
        } else {
            let (base, increment) = text.split_once('+').unwrap_or((&text, "0"));
            Timing::Game {
                base: duration(base, |m| m * 60.0).ok_or_else(error)?,
                increment: duration(increment, |s| s).ok_or_else(error)?,
            }
        };
        match timing {
            Timing::PerMove(t) | Timing::Game { base: t, .. } if t.is_zero() => Err(error()),
            timing => Ok(timing),
        }
    }
}

/// `1:05:03`, `4:59`, `0:09.8` (tenths under ten seconds).
#[must_use]
pub fn clock_face(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let seconds = tenths / 10;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if seconds < 10 {
        format!("{m}:{s:02}.{}", tenths % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

impl fmt::Display for Timing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn short(d: Duration) -> String {
            let ms = d.as_millis();
            if ms.is_multiple_of(60_000) {
                format!("{}m", ms / 60_000)
            } else if ms.is_multiple_of(1000) {
                format!("{}s", ms / 1000)
            } else {
                format!("{ms}ms")
            }
        }
        match *self {
            Timing::PerMove(t) => write!(f, "{}/move", short(t)),
            Timing::Game { base, increment } if increment.is_zero() => {
                write!(f, "{}", short(base))
            }
            Timing::Game { base, increment } => {
                write!(f, "{}+{}", short(base), short(increment))
            }
        }
    }
}

/// Both players' clocks during a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clocks {
    timing: Timing,
    /// Time left on each clock when it last stopped (game clocks only).
    left: [Duration; 2],
    /// The clock running: whose, since when.
    running: Option<(Side, Instant)>,
}

impl Clocks {
    /// Both clocks set for a new game, neither running.
    #[must_use]
    pub const fn new(timing: Timing) -> Self {
        let base = match timing {
            Timing::PerMove(t) | Timing::Game { base: t, .. } => t,
        };
        Clocks {
            timing,
            left: [base; 2],
            running: None,
        }
    }

    /// How the game is timed.
    #[must_use]
    pub const fn timing(&self) -> Timing {
        self.timing
    }

    /// Whose clock is running.
    #[must_use]
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// Starts `side`'s clock at `now` (its move begins), stopping any other without charging it.
    pub fn start(&mut self, side: Side, now: Instant) {
        self.running = Some((side, now));
    }

    /// Stops the running clock at `now`: the mover made its move. Charges it the time, adds
    /// the increment. Returns the side whose flag fell during the move, if it did.
    pub fn stop(&mut self, now: Instant) -> Option<Side> {
        let (side, since) = self.running.take()?;
        let used = now.saturating_duration_since(since);
        match self.timing {
            Timing::PerMove(limit) => (used > limit).then_some(side),
            Timing::Game { increment, .. } => {
                let left = &mut self.left[side.index()];
                if used > *left {
                    *left = Duration::ZERO;
                    Some(side)
                } else {
                    *left = (*left - used).saturating_add(increment);
                    None
                }
            }
        }
    }

    /// Stops the running clock at `now` without ending the move (the game is reviewed or
    /// taken back): a game clock is charged the time, with no increment.
    pub fn pause(&mut self, now: Instant) {
        if let Some((side, since)) = self.running.take()
            && let Timing::Game { .. } = self.timing
        {
            let left = &mut self.left[side.index()];
            *left = left.saturating_sub(now.saturating_duration_since(since));
        }
    }

    /// What `side` has left at `now`: on its game clock, or of its move under a per-move limit.
    #[must_use]
    pub fn left(&self, side: Side, now: Instant) -> Duration {
        let running = match self.running {
            Some((s, since)) if s == side => now.saturating_duration_since(since),
            _ => Duration::ZERO,
        };
        self.left[side.index()].saturating_sub(running)
    }

    /// The side whose flag has fallen at `now`, if one has: its running clock reached zero.
    #[must_use]
    pub fn flag(&self, now: Instant) -> Option<Side> {
        let (side, _) = self.running?;
        self.left(side, now).is_zero().then_some(side)
    }

    /// The clock of `side`'s next move, for [`TimeControl::plan`]: at the start of its move.
    #[must_use]
    pub fn control(&self, side: Side) -> TimeControl {
        match self.timing {
            Timing::PerMove(limit) => TimeControl::per_move(limit),
            Timing::Game { increment, .. } => TimeControl {
                per_move: None,
                game: Some(GameClock {
                    left: self.left[side.index()],
                    increment,
                    moves_to_go: None,
                }),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: fn(u64) -> Duration = Duration::from_secs;

    #[test]
    fn time_controls_are_read_as_players_write_them() {
        let game = |base, increment| Timing::Game { base, increment };
        for (text, timing) in [
            ("5m", game(S(300), S(0))),
            ("5", game(S(300), S(0))),
            ("5+3", game(S(300), S(3))),
            ("5m+3s", game(S(300), S(3))),
            ("90s", game(S(90), S(0))),
            (" 1h + 30s ", game(S(3600), S(30))),
            ("1.5m+500ms", game(S(90), Duration::from_millis(500))),
            ("10s/move", Timing::PerMove(S(10))),
            ("2/move", Timing::PerMove(S(2))),
            // Whole milliseconds: the float's 299.99... is 300 ms, 1.5 ms is 2.
            ("0.3s/move", Timing::PerMove(Duration::from_millis(300))),
            ("1m+1.5ms", game(S(60), Duration::from_millis(2))),
        ] {
            assert_eq!(text.parse::<Timing>(), Ok(timing), "{text}");
            let again = timing.to_string();
            assert_eq!(again.parse::<Timing>(), Ok(timing), "{again}");
        }
        for bad in [
            "",
            "fast",
            "5x",
            "0",
            "0s/move",
            "5m+",
            "-5m",
            "5m+3s+1s",
            "5m+99999999999999999s",
            "8761h",
            "1e300s/move",
            // Under a millisecond is no clock (the fuzz test's find: it read as 100 µs and was
            // written back as 0m).
            ".1ms",
            "0.4ms/move",
        ] {
            let e = bad.parse::<Timing>().unwrap_err().to_string();
            assert!(e.contains("5m+3s") && e.contains("10s/move"), "{bad}: {e}");
        }
    }

    #[test]
    fn the_longest_clocks_never_overflow() {
        assert_eq!("8760h+8760h".parse::<Timing>().map(|_| ()), Ok(()));
        let mut c = Clocks::new(Timing::Game {
            base: MAX_TIME,
            increment: Duration::MAX,
        });
        let t0 = Instant::now();
        for i in 0..4 {
            c.start(Side::X, t0 + S(i));
            assert_eq!(c.stop(t0 + S(i + 1)), None);
        }
        assert_eq!(c.left(Side::X, t0), Duration::MAX);
    }

    #[test]
    fn a_game_clock_counts_down_adds_the_increment_and_flags() {
        let t0 = Instant::now();
        let mut c = Clocks::new("1m+2s".parse().unwrap());
        c.start(Side::X, t0);
        assert_eq!(c.left(Side::X, t0 + S(10)), S(50));
        assert_eq!(c.left(Side::O, t0 + S(10)), S(60));
        assert_eq!(c.stop(t0 + S(10)), None);
        assert_eq!(c.left(Side::X, t0 + S(99)), S(52));
        let plan = c.control(Side::X).game.unwrap();
        assert_eq!((plan.left, plan.increment), (S(52), S(2)));
        c.start(Side::O, t0 + S(10));
        assert_eq!(c.flag(t0 + S(69)), None);
        assert_eq!(c.flag(t0 + S(70)), Some(Side::O));
        assert_eq!(c.stop(t0 + S(71)), Some(Side::O));
        assert_eq!(c.left(Side::O, t0 + S(71)), Duration::ZERO);
        // A pause charges the time so far, without the increment.
        c.start(Side::X, t0 + S(80));
        c.pause(t0 + S(82));
        assert_eq!(c.left(Side::X, t0 + S(200)), S(50));
    }

    #[test]
    fn a_limit_per_move_resets_every_move() {
        let t0 = Instant::now();
        let mut c = Clocks::new(Timing::PerMove(S(5)));
        c.start(Side::X, t0);
        assert_eq!(c.stop(t0 + S(4)), None);
        c.start(Side::O, t0 + S(4));
        assert_eq!(c.left(Side::O, t0 + S(6)), S(3));
        assert_eq!(c.flag(t0 + S(9)), Some(Side::O));
        assert_eq!(c.control(Side::X), TimeControl::per_move(S(5)));
        c.pause(t0 + S(6));
        assert_eq!(c.flag(t0 + S(100)), None);
        assert_eq!(c.running(), None);
    }

    #[test]
    fn clock_faces() {
        assert_eq!(clock_face(S(299)), "4:59");
        assert_eq!(clock_face(S(3903)), "1:05:03");
        assert_eq!(clock_face(Duration::from_millis(9_870)), "0:09.8");
    }
}
