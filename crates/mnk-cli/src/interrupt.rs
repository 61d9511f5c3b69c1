//! Ctrl-C: it stops the search that is running, through the one stop signal every search
//! polls; with no search running (or at a second Ctrl-C during one) the command leaves, as
//! Ctrl-C always does, printing first (on standard error) what the command said must not be
//! lost ([`on_leave`]: the game so far).
//!
//! A second interrupt less than [`SAME_INTERRUPT`] after the one that stopped a search still
//! finishing is the same interrupt: `timeout -s INT` signals the command and then its whole
//! process group, so the command gets two at once, and the second one left before the
//! stopped search printed what it knew (and before `mnk solve` wrote its last checkpoint).

use crate::progress::Display;
use mnk::game::Board;
use mnk::players::{Ask, PlayerError, Seat, Thought};
use mnk::search::{Progress, Stop, TimePlan};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

/// The exit code of a process ended by Ctrl-C (128 + SIGINT).
pub const EXIT_CODE: u8 = 130;

/// How soon after the interrupt that stopped a search another one counts as the same.
pub const SAME_INTERRUPT: Duration = Duration::from_secs(1);

/// Printed on standard error when Ctrl-C leaves (empty: nothing): standard output may be
/// held by the command's thread, waiting for a line of input.
static FAREWELL: Mutex<String> = Mutex::new(String::new());

/// Sets what Ctrl-C prints as it leaves (the game so far, say), replacing what was set.
pub fn on_leave(text: String) {
    *FAREWELL.lock().unwrap_or_else(PoisonError::into_inner) = text;
}

/// Installs the Ctrl-C handler now (searches install it when they start), so that Ctrl-C
/// while no search has run yet prints what [`on_leave`] set too.
pub fn install() {
    let _ = interrupt();
}

fn leave() -> ! {
    let farewell = FAREWELL.lock().unwrap_or_else(PoisonError::into_inner);
    if !farewell.is_empty() {
        let mut out = std::io::stderr().lock();
        // Nothing more can be done if standard error is gone.
        let _ = writeln!(out, "\n{farewell}").and_then(|()| out.flush());
    }
    crate::files::remove_temporary_files();
    std::process::exit(i32::from(EXIT_CODE));
}

struct Interrupt {
    /// The parent of every search's stop signal.
    stop: Stop,
    /// Whether a search is running now.
    searching: AtomicBool,
    /// When an interrupt last stopped a search.
    stopped_at: Mutex<Option<Instant>>,
}

fn interrupt() -> &'static Interrupt {
    static INTERRUPT: OnceLock<Interrupt> = OnceLock::new();
    INTERRUPT.get_or_init(|| {
        // A handler that cannot be installed (another one is) leaves Ctrl-C as it was.
        let _ = ctrlc::set_handler(|| {
            let i = interrupt();
            let mut stopped_at = i.stopped_at.lock().unwrap_or_else(PoisonError::into_inner);
            let now = Instant::now();
            match answer(
                i.searching.load(Ordering::SeqCst),
                i.stop.is_set(),
                *stopped_at,
                now,
            ) {
                Answer::Stop => {
                    i.stop.set();
                    *stopped_at = Some(now);
                }
                Answer::Ignore => {}
                Answer::Leave => {
                    drop(stopped_at);
                    leave();
                }
            }
        });
        Interrupt {
            stop: Stop::new(),
            searching: AtomicBool::new(false),
            stopped_at: Mutex::new(None),
        }
    })
}

/// What an interrupt does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// Stops the search that is running.
    Stop,
    /// Nothing: the interrupt that stopped the search, arriving twice.
    Ignore,
    /// Leaves the command.
    Leave,
}

/// The answer to an interrupt at `now`: whether a search runs, whether its stop is set
/// already, and when an interrupt set it.
fn answer(searching: bool, stopped: bool, stopped_at: Option<Instant>, now: Instant) -> Answer {
    if !searching {
        Answer::Leave
    } else if !stopped {
        Answer::Stop
    } else if stopped_at.is_some_and(|at| now.saturating_duration_since(at) < SAME_INTERRUPT) {
        Answer::Ignore
    } else {
        Answer::Leave
    }
}

/// A search running until dropped: Ctrl-C meanwhile sets its stop signal.
pub struct Searching(Stop);

impl Searching {
    /// Marks a search as started and gives its stop signal.
    #[must_use]
    pub fn start() -> Self {
        let i = interrupt();
        i.stop.clear();
        i.searching.store(true, Ordering::SeqCst);
        Searching(i.stop.child())
    }

    /// The search's stop signal.
    #[must_use]
    pub fn stop(&self) -> Stop {
        self.0.clone()
    }

    /// Whether Ctrl-C stopped the search.
    #[must_use]
    pub fn interrupted(&self) -> bool {
        interrupt().stop.is_set()
    }
}

impl Drop for Searching {
    fn drop(&mut self) {
        interrupt().searching.store(false, Ordering::SeqCst);
    }
}

/// Asks a seated player for a move now; Ctrl-C stops its search (it answers with the best
/// move it has, where it has one).
pub fn think(seat: &mut Seat, board: &Board) -> Result<Thought, PlayerError> {
    think_within(seat, board, TimePlan::UNLIMITED)
}

/// [`think`] within what a clock allows.
pub fn think_within(
    seat: &mut Seat,
    board: &Board,
    plan: TimePlan,
) -> Result<Thought, PlayerError> {
    think_asked(seat, board, Ask { plan, ..Ask::now() })
}

/// [`think`] with what `ask` asks for (its lines, its root moves, its plan); Ctrl-C's stop
/// signal and the progress display replace its own.
pub fn think_asked(seat: &mut Seat, board: &Board, ask: Ask) -> Result<Thought, PlayerError> {
    let searching = Searching::start();
    let progress = Progress::new();
    let ask = ask
        .with_stop(searching.stop())
        .with_progress(progress.clone());
    let display = Display::search(progress, seat.spec().name, board.to_move(), board.size());
    let thought = seat.choose(board, &ask);
    display.finish();
    thought
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interrupt_repeated_at_once_is_one_interrupt() {
        let at = Instant::now();
        let soon = at + SAME_INTERRUPT / 2;
        let late = at + SAME_INTERRUPT;
        assert_eq!(answer(true, false, None, at), Answer::Stop);
        // `timeout -s INT` sends it to the command and to its process group.
        assert_eq!(answer(true, true, Some(at), at), Answer::Ignore);
        assert_eq!(answer(true, true, Some(at), soon), Answer::Ignore);
        // A second Ctrl-C later leaves, as does one with no search running.
        assert_eq!(answer(true, true, Some(at), late), Answer::Leave);
        assert_eq!(answer(false, true, Some(at), soon), Answer::Leave);
        assert_eq!(answer(false, false, None, at), Answer::Leave);
    }
}
