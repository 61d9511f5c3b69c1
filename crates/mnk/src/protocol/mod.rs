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
//! # Yixin-Board's extension: the best few moves
//! Besides the Gomocup commands the brain reads what Yixin-Board (and the analysis boards
//! written for Rapfi) send for an analysis of the best `n` moves, with the meaning Rapfi gives
//! them:
//! - `YXBOARD`, stone lines, `DONE`: the position, as after `BOARD`, but nothing is answered
//!   (no move is asked for yet);
//! - `YXNBEST n`: the best `n` moves from one search (multi-PV): after the usual `MESSAGE`
//!   on the search, one `MESSAGE (i) value | depth | x,y x,y ...` per line, best first (the
//!   value a score, `+M7`/`-M7` for a win or loss 7 moves away, `0` for a draw); then the
//!   first line's move is played and answered, as after `TURN`. `n` is brought within 1 to
//!   [`MAX_LINES`](crate::search::MAX_LINES) and the legal moves, with a `MESSAGE` saying so;
//! - `INFO show_detail 2` (or 3): after each search, a block per line as Rapfi writes it:
//!   `INFO PV i`, `INFO NUMPV n`, `INFO DEPTH`, `INFO TOTALNODES`, `INFO TOTALTIME`,
//!   `INFO SPEED`, `INFO EVAL`, `INFO BESTLINE x,y ...`, `INFO PV DONE`;
//! - `YXSTOP` (or `STOP`): stop thinking and answer with the best move so far.
//!
//! - `INFO show_detail 1` (or 3): while the search runs, `MESSAGE REALTIME BEST x,y` each
//!   time its best move changes and, under `YXNBEST`, `MESSAGE REALTIME LOSE x,y` for each move
//!   it has proved lost ([`report::Realtime`]), looked at ten times a second and written as
//!   they come, before the answer ([`Brain::with_live`]).
//!
//! Not done: Yixin-Board's marks of the root move being searched (`MESSAGE REALTIME POS` and
//! `DONE`: the engine reports after each iteration, not per root move), Rapfi's `INFO
//! WINRATE`, and Yixin-Board's other commands (databases, `YXBALANCE...`, `YXSWAP2STEP...`),
//! answered `UNKNOWN`.
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
