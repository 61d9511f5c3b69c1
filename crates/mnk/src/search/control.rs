//! What one search may spend (depth, nodes, time) and the [`Control`] every search polls.

use super::{Progress, Report, Stop, TimePlan};
use crate::game::Cell;
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

/// The most lines one search may be asked for ([`Control::lines`]): each line is a search of
/// the root moves the lines before it left, at every iteration, so `n` lines cost about `n`
/// times one.
pub const MAX_LINES: usize = 32;

/// Why a number of lines cannot be asked for (see [`check_lines`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LinesError {
    /// Zero lines.
    #[error("0 lines: ask for 1 to {MAX_LINES}")]
    Zero,
    /// More than [`MAX_LINES`].
    #[error("{0} lines: at most {MAX_LINES} (each line costs about one more search)")]
    AboveCap(usize),
    /// More lines than the position has legal moves.
    #[error("{lines} lines, but the position has only {moves} legal move{}", if *moves == 1 { "" } else { "s" })]
    MoreThanMoves {
        /// Lines asked for.
        lines: usize,
        /// Legal moves in the position.
        moves: usize,
    },
}

/// Checks a request for `lines` best lines on a position with `moves` legal moves: from 1 to
/// [`MAX_LINES`], and no more than the moves.
///
/// # Errors
/// [`LinesError`] saying what is wrong and what is accepted.
pub fn check_lines(lines: usize, moves: usize) -> Result<usize, LinesError> {
    match lines {
        0 => Err(LinesError::Zero),
        n if n > MAX_LINES => Err(LinesError::AboveCap(n)),
        n if n > moves => Err(LinesError::MoreThanMoves { lines: n, moves }),
        n => Ok(n),
    }
}

/// What a player may spend on one move. `None` means "no limit of this kind".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Plies to search (each player documents what its depth means).
    pub depth: Option<u32>,
    /// Positions to visit.
    pub nodes: Option<u64>,
    /// Wall-clock time for the move.
    pub time: Option<Duration>,
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        depth: None,
        nodes: None,
        time: None,
    };

    /// Every limit `self` leaves unset, taken from `other`.
    #[must_use]
    pub fn or(self, other: Limits) -> Limits {
        Limits {
            depth: self.depth.or(other.depth),
            nodes: self.nodes.or(other.nodes),
            time: self.time.or(other.time),
        }
    }

    /// The tighter of each limit of `self` and `caps`.
    #[must_use]
    pub fn within(self, caps: Limits) -> Limits {
        fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        Limits {
            depth: min(self.depth, caps.depth),
            nodes: min(self.nodes, caps.nodes),
            time: min(self.time, caps.time),
        }
    }
}

/// One search's limits, as every search polls them: the moment it was asked for, when it
/// should be done (`target`) and must stop (`deadline`), its node budget and depth, and its
/// [`Stop`] signal.
///
/// Besides its limits a control says what the search is asked for: how many best lines
/// ([`Control::lines`], multi-PV) and which root moves it may play ([`Control::root_moves`]);
/// players that have no such analysis ignore both.
///
/// A search calls [`Control::should_stop`] (or [`Control::poll`], which reads the clock only
/// every [`Control::CHECK_EVERY`] nodes) with the nodes it has visited. Cloning is cheap; the
/// clones share the stop signal.
#[derive(Debug, Clone)]
pub struct Control {
    start: Instant,
    target: Option<Instant>,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    depth: Option<u32>,
    stop: Stop,
    progress: Option<Progress>,
    lines: usize,
    root_moves: Option<Arc<[Cell]>>,
}

impl Default for Control {
    fn default() -> Self {
        Control::unlimited()
    }
}

impl Control {
    /// How often (in nodes) a search should call [`Control::should_stop`]: the clock is read at
    /// most once per this many nodes ([`super::tunables::CHECK_EVERY`]).
    pub const CHECK_EVERY: u64 = super::tunables::CHECK_EVERY;

    /// No limits at all, starting now, with a stop signal of its own.
    #[must_use]
    pub fn unlimited() -> Self {
        Control::new(
            Instant::now(),
            &Limits::NONE,
            TimePlan::UNLIMITED,
            Stop::new(),
        )
    }

    /// A control that starts now with `limits` and a stop signal of its own.
    #[must_use]
    pub fn start(limits: &Limits) -> Self {
        Control::new(Instant::now(), limits, TimePlan::UNLIMITED, Stop::new())
    }

    /// A search asked for at `start`: its deadline is the earlier of `limits.time` and the
    /// plan's deadline, its target the plan's target (never after the deadline; the deadline
    /// when the plan has none); nodes and depth from `limits`; stopped by `stop`.
    #[must_use]
    pub fn new(start: Instant, limits: &Limits, plan: TimePlan, stop: Stop) -> Self {
        let deadline = match (limits.time, plan.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let target = match (plan.target, deadline) {
            (Some(t), Some(d)) => Some(t.min(d)),
            (t, d) => t.or(d),
        };
        Control {
            start,
            // A time past what the clock can hold (years) is no deadline at all.
            target: target.and_then(|t| start.checked_add(t)),
            deadline: deadline.and_then(|d| start.checked_add(d)),
            node_limit: limits.nodes,
            depth: limits.depth,
            stop,
            progress: None,
            lines: 1,
            root_moves: None,
        }
    }

    /// This control, asking for the best `lines` moves, each with its value and line of play
    /// (multi-PV; at least 1, at most [`MAX_LINES`]: a number outside is taken to the nearest
    /// end, [`check_lines`] says why it is wrong).
    #[must_use]
    pub fn with_lines(mut self, lines: usize) -> Self {
        self.lines = lines.clamp(1, MAX_LINES);
        self
    }

    /// How many best lines the search is asked for (1 unless [`Control::with_lines`] said more).
    #[must_use]
    pub const fn lines(&self) -> usize {
        self.lines
    }

    /// This control, restricting the moves the search may play at the root to `cells` (as a
    /// chess engine's `searchmoves`); `None` or an empty list: every move. Cells that are not
    /// legal moves are left out by the search.
    #[must_use]
    pub fn with_root_moves(mut self, cells: Option<&[Cell]>) -> Self {
        self.root_moves = cells.filter(|c| !c.is_empty()).map(Arc::from);
        self
    }

    /// The root moves the search may play, if restricted ([`Control::with_root_moves`]).
    #[must_use]
    pub fn root_moves(&self) -> Option<&[Cell]> {
        self.root_moves.as_deref()
    }

    /// This control, with the search's progress published to `progress` (see
    /// [`Control::report`]); the nodes it is polled with are counted there too.
    #[must_use]
    pub fn with_progress(mut self, progress: Option<Progress>) -> Self {
        self.progress = progress;
        self
    }

    /// Publishes an iteration the search finished to whoever watches it; `report` is only
    /// called when someone does.
    pub fn report(&self, report: impl FnOnce() -> Report) {
        if let Some(p) = &self.progress {
            p.publish(report());
        }
    }

    /// This control, stopped by `stop` instead of its own signal.
    #[must_use]
    pub fn with_stop(mut self, stop: Stop) -> Self {
        self.stop = stop;
        self
    }

    /// This control with its node budget lowered to at most `nodes`.
    #[must_use]
    pub fn with_node_limit(&self, nodes: u64) -> Self {
        Control {
            node_limit: Some(self.node_limit.map_or(nodes, |n| n.min(nodes))),
            ..self.clone()
        }
    }

    /// This control with its deadline and target brought forward to `percent` percent of the
    /// way from the start (a part of the move's time kept for work after the search).
    #[must_use]
    pub fn share(&self, percent: u32) -> Self {
        let at = |t: Instant| {
            let part = percent_of(t.saturating_duration_since(self.start), percent);
            self.start.checked_add(part).unwrap_or(t)
        };
        Control {
            deadline: self.deadline.map(at),
            target: self.target.map(at),
            ..self.clone()
        }
    }

    /// This control with a new stop signal below its own: setting the new one stops what
    /// polls the result (a search's helper threads) and nothing else, while a stop of this
    /// control still reaches it.
    #[must_use]
    pub fn child(&self) -> Self {
        Control {
            stop: self.stop.child(),
            ..self.clone()
        }
    }

    /// The stop signal.
    #[must_use]
    pub const fn stop(&self) -> &Stop {
        &self.stop
    }

    /// Time since the search was asked for.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The deadline, if any.
    #[must_use]
    pub const fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The time a search should aim to finish by, if any (at or before the deadline).
    #[must_use]
    pub const fn target(&self) -> Option<Instant> {
        self.target
    }

    /// Whether the target is earlier than the deadline: time not used now is worth saving
    /// (a game clock), so a search should not start work it is unlikely to finish by the
    /// target. With only a per-move limit the two are equal and the whole move is there to use.
    #[must_use]
    pub fn saves_time(&self) -> bool {
        match (self.target, self.deadline) {
            (Some(t), Some(d)) => t < d,
            (t, d) => t.is_some() && d.is_none(),
        }
    }

    /// The node budget, if any.
    #[must_use]
    pub const fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// The depth limit, if any (each player documents what its depth means).
    #[must_use]
    pub const fn depth(&self) -> Option<u32> {
        self.depth
    }

    /// Whether the deadline has passed.
    #[must_use]
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether `percent` percent of the time from the start to the target has gone (never,
    /// without a target).
    #[must_use]
    pub fn past_share(&self, percent: u32) -> bool {
        self.target.is_some_and(|t| {
            let budget = t.saturating_duration_since(self.start);
            self.start.elapsed() >= percent_of(budget, percent)
        })
    }

    /// Whether the search that has visited `nodes` positions must stop now: its node budget,
    /// its stop signal or its deadline.
    #[must_use]
    pub fn should_stop(&self, nodes: u64) -> bool {
        if let Some(p) = &self.progress {
            p.count(nodes);
        }
        self.node_limit.is_some_and(|n| nodes >= n) || self.stop.is_set() || self.out_of_time()
    }

    /// [`Control::should_stop`], but the signal and the clock are only read every
    /// [`Control::CHECK_EVERY`] nodes.
    #[must_use]
    pub fn poll(&self, nodes: u64) -> bool {
        self.node_limit.is_some_and(|n| nodes >= n)
            || (nodes.is_multiple_of(Self::CHECK_EVERY) && self.should_stop(nodes))
    }
}

/// `percent` percent of `time`, exact where it can be, saturating where the product would
/// not fit (a clock of years).
fn percent_of(time: Duration, percent: u32) -> Duration {
    time.checked_mul(percent)
        .map_or_else(|| (time / 100).saturating_mul(percent), |t| t / 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_limits_and_stop_signals_stop() {
        let c = Control::start(&Limits {
            nodes: Some(10),
            ..Limits::NONE
        });
        assert!(!c.should_stop(9));
        assert!(c.poll(10));
        let stop = Stop::new();
        let c = Control::unlimited().with_stop(stop.clone());
        assert!(!c.should_stop(0));
        stop.set();
        assert!(c.should_stop(0));
        let c = Control::start(&Limits {
            time: Some(Duration::ZERO),
            ..Limits::NONE
        });
        assert!(c.should_stop(1) && c.out_of_time());
    }

    #[test]
    fn a_child_stops_alone_and_with_its_parent() {
        let parent = Control::unlimited();
        let child = parent.child();
        child.stop().set();
        assert!(child.should_stop(0) && !parent.should_stop(0));
        let child = parent.child();
        parent.stop().set();
        assert!(child.should_stop(0));
    }

    #[test]
    fn a_plan_gives_a_deadline_and_a_target() {
        let limits = Limits {
            time: Some(Duration::from_secs(10)),
            nodes: Some(5),
            depth: Some(3),
        };
        let plan = TimePlan {
            target: Some(Duration::from_secs(1)),
            deadline: Some(Duration::from_secs(60)),
        };
        let start = Instant::now();
        let c = Control::new(start, &limits, plan, Stop::new());
        assert_eq!(c.deadline(), Some(start + Duration::from_secs(10)));
        assert_eq!(c.target(), Some(start + Duration::from_secs(1)));
        assert_eq!((c.node_limit(), c.depth()), (Some(5), Some(3)));
        assert!(c.saves_time());
        // A per-move limit alone: the target is the deadline, the whole move is to be used.
        let c = Control::start(&Limits {
            time: Some(Duration::from_secs(1)),
            ..Limits::NONE
        });
        assert_eq!(c.target(), c.deadline());
        assert!(!c.saves_time());
        let c = Control::unlimited();
        assert!(c.deadline().is_none() && c.target().is_none());
        // Times past what a clock can hold are no deadline, and shares of them never overflow.
        let c = Control::start(&Limits {
            time: Some(Duration::MAX),
            ..Limits::NONE
        });
        assert!(c.deadline().is_none());
        let far = Control::new(
            start,
            &Limits::NONE,
            TimePlan {
                target: Some(Duration::from_secs(u64::MAX / 50)),
                deadline: Some(Duration::from_secs(u64::MAX / 50)),
            },
            Stop::new(),
        );
        let shared = far.share(90);
        assert!(shared.deadline() <= far.deadline());
        assert!(!far.past_share(100));
    }

    #[test]
    fn limits_merge() {
        let a = Limits {
            depth: Some(4),
            nodes: None,
            time: Some(Duration::from_secs(2)),
        };
        let b = Limits {
            depth: Some(6),
            nodes: Some(100),
            time: Some(Duration::from_secs(1)),
        };
        assert_eq!(
            a.or(b),
            Limits {
                depth: Some(4),
                nodes: Some(100),
                time: Some(Duration::from_secs(2))
            }
        );
        assert_eq!(
            a.within(b),
            Limits {
                depth: Some(4),
                nodes: Some(100),
                time: Some(Duration::from_secs(1))
            }
        );
    }
}
