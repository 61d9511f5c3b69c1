//! Ctrl-C: it stops the search that is running, through the one stop signal every search
//! polls; with no search running (or at a second Ctrl-C during one) the command leaves, as
//! Ctrl-C always does, printing first (on standard error) what the command said must not be
//! lost ([`on_leave`]: the game so far).

use crate::progress::Display;
use mnk::game::Board;
use mnk::players::{Ask, PlayerError, Seat, Thought};
use mnk::search::{Progress, Stop, TimePlan};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

/// The exit code of a process ended by Ctrl-C (128 + SIGINT).
pub const EXIT_CODE: i32 = 130;

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
    std::process::exit(EXIT_CODE);
}

struct Interrupt {
    /// The parent of every search's stop signal.
    stop: Stop,
    /// Whether a search is running now.
    searching: AtomicBool,
}

fn interrupt() -> &'static Interrupt {
    static INTERRUPT: OnceLock<Interrupt> = OnceLock::new();
    INTERRUPT.get_or_init(|| {
        // A handler that cannot be installed (another one is) leaves Ctrl-C as it was.
        let _ = ctrlc::set_handler(|| {
            let i = interrupt();
            if i.searching.load(Ordering::SeqCst) && !i.stop.is_set() {
                i.stop.set();
            } else {
                leave();
            }
        });
        Interrupt {
            stop: Stop::new(),
            searching: AtomicBool::new(false),
        }
    })
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
    let searching = Searching::start();
    let progress = Progress::new();
    let ask = Ask {
        plan,
        ..Ask::now()
            .with_stop(searching.stop())
            .with_progress(progress.clone())
    };
    let display = Display::search(progress, seat.spec().name, board.to_move(), board.size());
    let thought = seat.choose(board, &ask);
    display.finish();
    thought
}
