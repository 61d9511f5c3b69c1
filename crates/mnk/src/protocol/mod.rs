//! The Gomocup protocol ("Piskvork protocol for AI"): the language gomoku managers and GUIs
//! (Piskvork, Yixin-Board, c-gomoku-cli) speak to a brain over its standard input and output.
//!
//! The library side does no I/O: [`Command`] parses one line, [`Brain`] turns each line into the
//! lines to answer, [`timing`] sets each move's thinking time, and [`quick_move`] answers
//! when no player can. The `pbrain-mnk` binary feeds it stdin and writes its answers to stdout.
//!
//! Coordinates are `x,y` from the top-left corner, from 0: `x` is the column, `y` the row (not
//! the renju notation of [`crate::notation`]).
//!
//! ```
//! use mnk::protocol::{Brain, BrainConfig};
//! use std::time::Instant;
//!
//! let config = BrainConfig { player: Some("rules".parse().unwrap()), ..BrainConfig::default() };
//! let mut brain = Brain::new(config);
//! assert_eq!(brain.handle("START 15", Instant::now()).lines, ["OK"]);
//! let reply = brain.handle("BEGIN", Instant::now());
//! assert_eq!(reply.lines.last().unwrap(), "7,7");
//! assert!(brain.handle("HELLO", Instant::now()).lines[0].starts_with("UNKNOWN"));
//! assert!(brain.handle("END", Instant::now()).quit);
//! ```

mod brain;
mod command;
mod fallback;
pub mod report;
mod stones;
pub mod timing;
mod watchdog;

pub use brain::{Brain, BrainConfig, Reply, default_player};
pub use command::{Command, CommandError, Field, Info, Point};
pub use fallback::quick_move;
pub use stones::{Owner, StoneError, Stones, Unplayable};
