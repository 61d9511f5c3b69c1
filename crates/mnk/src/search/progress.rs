//! What a search has found so far, for someone watching it think: a terminal that shows the
//! machine's depth, value and principal variation while it searches, or a hint's progress.
//!
//! The watcher makes a [`Progress`] and hands it to the search through its
//! [`super::Control`]; the search publishes a [`Report`] after each finished iteration, and the
//! control counts the nodes it is polled with. Both sides only touch an atomic counter and,
//! once per iteration, a short-held lock.

use super::{PvLine, Value};
use crate::game::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// One finished iteration of a search, as a watcher shows it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    /// The depth the iteration reached, in plies, for players that search to a depth.
    pub depth: Option<u32>,
    /// The value of the best move for the side to move, on the player's scale.
    pub value: Option<Value>,
    /// The line of play the search expects, starting with its best move.
    pub pv: Vec<Cell>,
    /// Nodes the search had visited when the iteration finished.
    pub nodes: u64,
    /// The best lines so far, best first, when the search was asked for more than one
    /// ([`super::Control::lines`]); the first is the one of `value` and `pv`. Empty for a
    /// search that gives one line.
    pub lines: Vec<PvLine>,
}

#[derive(Debug, Default)]
struct Shared {
    /// The most nodes any thread of the search has been polled with.
    nodes: AtomicU64,
    /// The last report published.
    latest: Mutex<Option<Report>>,
}

/// A search's progress, shared between the search and its watcher. Cloning shares it.
#[derive(Debug, Clone, Default)]
pub struct Progress(Arc<Shared>);

impl Progress {
    /// A progress with nothing reported yet.
    #[must_use]
    pub fn new() -> Self {
        Progress::default()
    }

    /// The search finished an iteration.
    pub fn publish(&self, report: Report) {
        self.count(report.nodes);
        *self.0.latest.lock().unwrap_or_else(PoisonError::into_inner) = Some(report);
    }

    /// The search (or one of its threads) has visited `nodes` positions.
    pub fn count(&self, nodes: u64) {
        self.0.nodes.fetch_max(nodes, Ordering::Relaxed);
    }

    /// The last report published, if any.
    #[must_use]
    pub fn latest(&self) -> Option<Report> {
        self.0
            .latest
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Nodes visited so far, as far as the watcher can tell (the count is refreshed each time
    /// the search polls its control, about every thousand nodes).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.0.nodes.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_watcher_sees_the_last_report_and_the_most_nodes() {
        let watcher = Progress::new();
        let search = watcher.clone();
        assert_eq!(watcher.latest(), None);
        search.count(5_000);
        search.publish(Report {
            depth: Some(3),
            value: Some(Value::Score(12)),
            pv: vec![Cell(4)],
            nodes: 4_000,
            lines: Vec::new(),
        });
        search.count(3_000);
        assert_eq!(watcher.nodes(), 5_000);
        assert_eq!(watcher.latest().unwrap().depth, Some(3));
    }
}
