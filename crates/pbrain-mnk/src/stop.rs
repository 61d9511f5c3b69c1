//! Stopping a search from the reader thread, without ever stopping the wrong one.
//!
//! Lines are numbered as they are read. `END` or `YXSTOP` read as line `n` must stop the search
//! started for any earlier line, even one that has not started yet when `n` is read, and never
//! a search for a later line. Both threads go through one lock, so there is no window between
//! "is a search running?" and "stop it". The brain's searches poll children of the one
//! [`Stop`] signal this sets directly.

use mnk::search::Stop;
use std::sync::{Mutex, PoisonError};

/// The stop signal the brain's searches poll, and the line numbers that decide it.
#[derive(Debug, Default)]
pub struct StopSwitch {
    stop: Stop,
    lines: Mutex<LineMarks>,
}

/// Where the reader and the brain are: the line being handled, and the first line whose
/// search may run.
#[derive(Debug, Default)]
struct LineMarks {
    /// The line being handled.
    current: u64,
    /// Lines before this one are to be stopped.
    stop_before: u64,
}

impl StopSwitch {
    /// The signal to give the brain (its searches poll children of it).
    #[must_use]
    pub fn signal(&self) -> Stop {
        self.stop.clone()
    }

    /// The reader read a stop request as line `line`.
    pub fn request(&self, line: u64) {
        let mut lines = self.lines.lock().unwrap_or_else(PoisonError::into_inner);
        lines.stop_before = lines.stop_before.max(line);
        if lines.current < lines.stop_before {
            self.stop.set();
        }
    }

    /// The brain starts handling line `line`.
    pub fn arm(&self, line: u64) {
        let mut lines = self.lines.lock().unwrap_or_else(PoisonError::into_inner);
        lines.current = line;
        if line < lines.stop_before {
            self.stop.set();
        } else {
            self.stop.clear();
        }
    }

    /// Whether the current line's search must stop.
    #[must_use]
    pub fn is_set(&self) -> bool {
        self.stop.is_set()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_reaches_earlier_lines_only() {
        let s = StopSwitch::default();
        s.arm(1);
        assert!(!s.is_set());
        // END read as line 3 while line 1 is thinking: stop it ...
        s.request(3);
        assert!(s.is_set());
        // ... and line 2, which starts later ...
        s.arm(2);
        assert!(s.is_set());
        // ... but not line 4.
        s.arm(4);
        assert!(!s.is_set());
    }

    #[test]
    fn a_stop_for_an_idle_brain_is_forgotten() {
        let s = StopSwitch::default();
        s.arm(5);
        s.request(5);
        assert!(!s.is_set());
        s.arm(6);
        assert!(!s.is_set());
    }
}
