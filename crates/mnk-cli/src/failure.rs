//! How a command fails: a bad command line (exit 2), a failure while running (exit 1), or an
//! interrupt that stopped it (exit 130); and how it speaks on standard error.

use std::io::{self, Write};

/// An error that stops a command: a bad command line (exit 2) or a failure while running (exit 1).
#[derive(Debug)]
pub enum Failure {
    /// The command line asked for something impossible.
    Usage(String),
    /// Something went wrong while running.
    Runtime(String),
    /// Ctrl-C (or SIGTERM, SIGHUP) stopped the command after it said what it had done: exit
    /// 130, as for any interrupted command, with this line on standard error.
    Interrupted(String),
    /// Whoever read the output stopped reading (`mnk players | head -1`): nothing to say, as
    /// for any Unix tool.
    Closed,
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Runtime(e.to_string())
        }
    }
}

/// Writes a line on standard error. A standard error that cannot be written (a full disk, a
/// closed pipe) loses the line; it never ends the command with a panic, as `eprintln!` would.
pub fn say(line: std::fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(line).and_then(|()| err.write_all(b"\n"));
}

/// [`say`] with `format!`'s arguments.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::failure::say(format_args!($($arg)*))
    };
}
