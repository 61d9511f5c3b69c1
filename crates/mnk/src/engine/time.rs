//! Time management inside one move: when to stop, when not to start another iteration.
//!
//! The caller's [`Control`] carries a deadline (never to be passed) and maybe a softer target
//! (see [`crate::search::TimeControl`]). The engine stops its search a little before the
//! deadline ([`SAFETY`]), leaving time to unwind and answer; and after each finished iteration
//! it only starts the next one while less than [`NEXT_ITERATION_SHARE`] of the time to the
//! target has gone, since the next iteration usually costs more than all before it.

use crate::search::Control;
use std::time::{Duration, Instant};

/// Share of the time to the deadline kept back for unwinding and answering (1/n), within
/// [`MIN_SAFETY`] and [`MAX_SAFETY`].
pub const SAFETY: u32 = 10;
/// The least time kept back before a deadline.
pub const MIN_SAFETY: Duration = Duration::from_millis(1);
/// The most time kept back before a deadline.
pub const MAX_SAFETY: Duration = Duration::from_millis(50);
/// A new iteration starts only while the elapsed time is below this share (in percent) of the
/// time to the target.
pub const NEXT_ITERATION_SHARE: u32 = 50;

/// The search's view of its time.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    start: Instant,
    /// When the search must stop.
    hard: Option<Instant>,
    /// When it should be done.
    target: Option<Instant>,
}

impl Clock {
    /// The clock of a search starting now under `control`.
    #[must_use]
    pub fn new(control: &Control) -> Self {
        let start = Instant::now();
        let hard = control.deadline().map(|d| {
            let span = d.saturating_duration_since(start);
            let safety = (span / SAFETY).clamp(MIN_SAFETY, MAX_SAFETY);
            start + span.saturating_sub(safety)
        });
        let target = control
            .target()
            .map(|t| hard.map_or(t, |h| t.min(h)))
            .or(hard);
        Clock {
            start,
            hard,
            target,
        }
    }

    /// Whether the hard stop has come.
    #[must_use]
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| Instant::now() >= h)
    }

    /// Whether another iteration is worth starting.
    #[must_use]
    pub fn start_another_iteration(&self) -> bool {
        let Some(target) = self.target else {
            return true;
        };
        let budget = target.saturating_duration_since(self.start);
        self.start.elapsed() < budget * NEXT_ITERATION_SHARE / 100
    }

    /// Whether `percent` percent of the time to the target has gone (never, without a target).
    #[must_use]
    pub fn past_share(&self, percent: u32) -> bool {
        self.target.is_some_and(|t| {
            let budget = t.saturating_duration_since(self.start);
            self.start.elapsed() >= budget * percent / 100
        })
    }

    /// Time since the search started.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;

    #[test]
    fn the_hard_stop_comes_before_the_deadline() {
        let control = Control::start(&Limits {
            time: Some(Duration::from_millis(200)),
            ..Limits::default()
        });
        let clock = Clock::new(&control);
        let hard = clock.hard.unwrap();
        assert!(hard < control.deadline().unwrap());
        assert!(control.deadline().unwrap() - hard >= Duration::from_millis(9));
        assert!(clock.start_another_iteration());
        let unlimited = Clock::new(&Control::unlimited());
        assert!(!unlimited.out_of_time() && unlimited.start_another_iteration());
        let none = Clock::new(&Control::start(&Limits {
            time: Some(Duration::ZERO),
            ..Limits::default()
        }));
        assert!(none.out_of_time() && !none.start_another_iteration());
        assert!(none.past_share(1) && !unlimited.past_share(1) && !clock.past_share(50));
    }
}
