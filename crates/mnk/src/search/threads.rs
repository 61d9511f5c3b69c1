//! The one driver of a search's threads: the caller's thread and its helpers, one stop
//! signal and one node count for all of them. The engine (lazy SMP: helpers fill the shared
//! table for the main thread) and the solver (every thread searches the root; the first to
//! finish has the answer) both run on it.

use super::Control;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// The threads this machine runs at once (1 when it cannot say): the most a search can use to
/// any profit, and the cap on a thread count a Gomocup manager grants.
#[must_use]
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// What the threads of one search share.
#[derive(Debug)]
pub struct Team {
    control: Control,
    nodes: AtomicU64,
}

impl Team {
    /// The team's control: the caller's limits, with a stop signal of the team's own below the
    /// caller's (set when the search has its answer; the caller's stop reaches it too).
    #[must_use]
    pub const fn control(&self) -> &Control {
        &self.control
    }

    /// Adds `nodes` to the team's count (threads add theirs in batches); returns the new total.
    pub fn add_nodes(&self, nodes: u64) -> u64 {
        self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes
    }

    /// Nodes counted so far, all threads.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Whether the team must stop: the search has its answer, or the caller's control says so
    /// for the team's node count.
    #[must_use]
    pub fn should_stop(&self) -> bool {
        self.control.should_stop(self.nodes())
    }

    /// Stops every thread of the team.
    pub fn stop(&self) {
        self.control.stop().set();
    }
}

/// What a team's run produced.
#[derive(Debug)]
pub struct TeamResult<T> {
    /// The answer: the first one a thread returned.
    pub answer: Option<T>,
    /// Nodes the threads counted ([`Team::add_nodes`]).
    pub nodes: u64,
}

/// Runs `work(id, team)` on `threads` threads: id 0 on the caller's thread, ids 1.. on helper
/// threads, all under `control`. The first thread to return an answer stops the others, and so
/// does thread 0 when it returns without one (helpers only help the main thread); the call
/// returns once every thread has returned.
///
/// ```
/// use mnk::search::{Control, run_team};
/// // Every thread looks for the answer; the first to find it stops the others.
/// let result = run_team(3, &Control::unlimited(), |id, team| {
///     team.add_nodes(1);
///     (id == 2).then_some(42)
/// });
/// assert_eq!(result.answer, Some(42));
/// ```
pub fn run_team<T: Send>(
    threads: usize,
    control: &Control,
    work: impl Fn(usize, &Team) -> Option<T> + Sync,
) -> TeamResult<T> {
    let team = Team {
        control: control.child(),
        nodes: AtomicU64::new(0),
    };
    let answer = Mutex::new(None);
    /// Stops the team when dropped: when thread 0 returns, or when any thread panics (the
    /// others must not search on forever while the panic waits to be passed on).
    struct StopOnExit<'a>(&'a Team, bool);
    impl Drop for StopOnExit<'_> {
        fn drop(&mut self) {
            if self.1 || std::thread::panicking() {
                self.0.stop();
            }
        }
    }
    let run = |id: usize| {
        let mut guard = StopOnExit(&team, id == 0);
        let result = work(id, &team);
        if let Some(result) = result {
            answer
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get_or_insert(result);
            guard.1 = true;
        }
    };
    if threads <= 1 {
        run(0);
    } else {
        std::thread::scope(|scope| {
            for id in 1..threads {
                let run = &run;
                scope.spawn(move || run(id));
            }
            run(0);
        });
    }
    TeamResult {
        answer: answer.into_inner().unwrap_or_else(PoisonError::into_inner),
        nodes: team.nodes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_stop_when_the_main_thread_returns() {
        let result = run_team(3, &Control::unlimited(), |id, team| {
            if id == 0 {
                team.add_nodes(5);
                return Some("main");
            }
            // A helper searches until told to stop.
            while !team.should_stop() {
                std::thread::yield_now();
            }
            team.add_nodes(1);
            None
        });
        assert_eq!(result.answer, Some("main"));
        assert_eq!(result.nodes, 7);
    }

    #[test]
    fn a_panicking_thread_stops_the_others() {
        let control = Control::unlimited();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run_team(2, &control, |id, team| -> Option<()> {
                if id == 0 {
                    panic!("a bug in the main thread");
                }
                // Without a stop this helper would search forever.
                while !team.should_stop() {
                    std::thread::yield_now();
                }
                None
            })
        }));
        assert!(outcome.is_err(), "the panic is passed on, not lost");
    }

    #[test]
    fn the_first_answer_wins_and_the_callers_stop_reaches_the_team() {
        let control = Control::unlimited();
        let result = run_team(2, &control, |id, team| {
            if id == 1 {
                return Some(1);
            }
            while !team.should_stop() {
                std::thread::yield_now();
            }
            None
        });
        assert_eq!(result.answer, Some(1));
        assert!(!control.should_stop(0), "the team's stop is its own");
        control.stop().set();
        let result: TeamResult<()> = run_team(1, &control, |_, team| {
            assert!(team.should_stop());
            None
        });
        assert!(result.answer.is_none());
    }
}
