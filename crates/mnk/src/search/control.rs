//! Search limits (depth, nodes, time) and the signal that stops a search.

use super::Budget;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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

/// Checked by a search every few nodes: stop when the node budget, the deadline or an external
/// stop signal (Ctrl-C, a server shutting down a search) says so.
#[derive(Debug, Clone, Default)]
pub struct Control {
    deadline: Option<Instant>,
    target: Option<Instant>,
    node_limit: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
}

impl Control {
    /// How often (in nodes) a search should call [`Control::should_stop`]: the clock is read at
    /// most once per this many nodes.
    pub const CHECK_EVERY: u64 = 1024;

    /// No limits at all.
    #[must_use]
    pub fn unlimited() -> Self {
        Control::default()
    }

    /// A control that starts now with the node and time parts of `limits`.
    #[must_use]
    pub fn start(limits: &Limits) -> Self {
        Control {
            deadline: limits.time.map(|t| Instant::now() + t),
            target: None,
            node_limit: limits.nodes,
            stop: None,
        }
    }

    /// A control that starts now for a move under a game clock: the deadline is the budget's
    /// `hard` time (capped by `limits.time` when given), the target its `target` time, the node
    /// budget that of `limits`.
    #[must_use]
    pub fn for_budget(limits: &Limits, budget: Budget) -> Self {
        let now = Instant::now();
        let hard = match (budget.hard, limits.time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let target = budget.target.map(|t| hard.map_or(t, |h| t.min(h)));
        Control {
            deadline: hard.map(|t| now + t),
            target: target.map(|t| now + t),
            node_limit: limits.nodes,
            stop: None,
        }
    }

    /// Adds an external stop flag.
    #[must_use]
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
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

    /// The deadline, if any.
    #[must_use]
    pub const fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The time a search should aim to finish by, if any (a soft goal before the deadline; a
    /// search that has a move may stop once it is past).
    #[must_use]
    pub const fn target(&self) -> Option<Instant> {
        self.target
    }

    /// The node budget, if any.
    #[must_use]
    pub const fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// Whether the search that has visited `nodes` positions must stop now.
    #[must_use]
    pub fn should_stop(&self, nodes: u64) -> bool {
        self.node_limit.is_some_and(|n| nodes >= n)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// [`Control::should_stop`], but only reads the clock every [`Control::CHECK_EVERY`] nodes.
    #[must_use]
    pub fn poll(&self, nodes: u64) -> bool {
        self.node_limit.is_some_and(|n| nodes >= n)
            || (nodes.is_multiple_of(Self::CHECK_EVERY) && self.should_stop(nodes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_limits_and_stop_flags_stop() {
        let c = Control::start(&Limits {
            nodes: Some(10),
            ..Limits::default()
        });
        assert!(!c.should_stop(9));
        assert!(c.poll(10));
        let flag = Arc::new(AtomicBool::new(false));
        let c = Control::unlimited().with_stop(flag.clone());
        assert!(!c.should_stop(0));
        flag.store(true, Ordering::Relaxed);
        assert!(c.should_stop(0));
        let c = Control::start(&Limits {
            time: Some(Duration::ZERO),
            ..Limits::default()
        });
        assert!(c.should_stop(1));
    }

    #[test]
    fn a_budget_gives_a_deadline_and_a_target() {
        let limits = Limits {
            time: Some(Duration::from_secs(10)),
            nodes: Some(5),
            ..Limits::default()
        };
        let budget = Budget {
            target: Some(Duration::from_secs(1)),
            hard: Some(Duration::from_secs(60)),
        };
        let c = Control::for_budget(&limits, budget);
        let (deadline, target) = (c.deadline().unwrap(), c.target().unwrap());
        assert!(deadline - target >= Duration::from_secs(8));
        assert!(deadline - target <= Duration::from_secs(9));
        assert_eq!(c.node_limit(), Some(5));
        let c = Control::for_budget(&Limits::default(), Budget::UNLIMITED);
        assert!(c.deadline().is_none() && c.target().is_none());
    }
}
