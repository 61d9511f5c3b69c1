//! One module per subcommand; [`run`] dispatches and turns errors into exit codes.

mod bench;
mod best;
mod count;
mod pbrain;
mod perft;
mod play;
mod play_match;
mod players;
mod serve;
mod solve;

use crate::args::{Cli, Command, GameArgs};
use crate::interrupt::Searching;
use mnk::game::{Board, Game, Variant};
use mnk::notation::parse_game;
use mnk::players::{Ask, PlayerError, Seat, Thought};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

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

/// Runs the command line and returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let result = match cli.command.unwrap_or(Command::Play(cli.play)) {
        Command::Play(args) => {
            let echo = !io::stdin().is_terminal();
            play::run(&args, &mut io::stdin().lock(), &mut out, echo)
        }
        Command::Best(args) => best::run(&args, &mut out),
        Command::Bench(args) => bench::run(&args, &mut out),
        Command::Match(args) => play_match::run(&args, &mut out),
        Command::Players(args) => players::run(&args, &mut out),
        Command::Perft(args) => perft::run(&args, &mut out),
        Command::Count(args) => count::run(&args, &mut out),
        Command::Serve(args) => serve::run(&args, &mut out),
        Command::Solve(args) => solve::run(&args, &mut out),
        Command::Pbrain(args) => pbrain::run(&args, &mut out),
    };
    let _ = out.flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
        Err(Failure::Runtime(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::FAILURE
        }
    }
}

/// The variant and the position the command line describes.
pub fn position(game: &GameArgs, moves: &str) -> Result<(Variant, Game), Failure> {
    let variant = game.variant().map_err(|e| Failure::Usage(e.to_string()))?;
    let game = parse_game(moves, variant).map_err(|e| Failure::Usage(format!("--moves: {e}")))?;
    Ok((variant, game))
}

/// Asks a seated player for a move now; Ctrl-C stops its search (it answers with the best
/// move it has, where it has one).
pub fn think(seat: &mut Seat, board: &Board) -> Result<Thought, PlayerError> {
    let searching = Searching::start();
    seat.choose(board, &Ask::now().with_stop(searching.stop()))
}

/// Milliseconds with microsecond precision, e.g. 0.412.
pub fn millis(d: Duration) -> f64 {
    d.as_micros() as f64 / 1000.0
}

/// A duration for people: seconds from a tenth of a second up, else milliseconds.
pub fn human_time(d: Duration) -> String {
    if d >= Duration::from_millis(100) {
        format!("{:.2} s", d.as_secs_f64())
    } else {
        format!("{:.3} ms", millis(d))
    }
}
