//! How a command fails: a bad command line (exit 2) or a failure while running (exit 1).

use std::io;

/// An error that stops a command: a bad command line (exit 2) or a failure while running (exit 1).
#[derive(Debug)]
pub enum Failure {
    /// The command line asked for something impossible.
    Usage(String),
    /// Something went wrong while running.
    Runtime(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Runtime(e.to_string())
    }
}
