//! How a command fails: a bad command line (exit 2) or a failure while running (exit 1).

use std::io;

/// An error that stops a command: a bad command line (exit 2) or a failure while running (exit 1).
#[derive(Debug)]
pub enum Failure {
    /// The command line asked for something impossible.
    Usage(String),
    /// Something went wrong while running.
    Runtime(String),
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
