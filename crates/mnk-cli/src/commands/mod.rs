//! One module per subcommand; [`run`] dispatches and turns errors into exit codes.

mod bench;
mod best;
mod count;
mod opening;
mod pbrain;
mod perft;
mod play;
mod play_match;
mod players;
mod serve;
mod show;
mod solve;
mod tune;
mod verify;

use crate::args::{Cli, Command};
use crate::failure::Failure;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

/// Runs the command line and returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let result = match cli.command.unwrap_or(Command::Play(cli.play)) {
        Command::Play(args) => {
            let terminal = io::stdin().is_terminal() && io::stdout().is_terminal();
            let screen = if terminal && !args.plain {
                play::Screen::Full
            } else {
                play::Screen::Lines {
                    echo: !io::stdin().is_terminal(),
                }
            };
            play::run(&args, &mut io::stdin().lock(), &mut out, screen)
        }
        Command::Best(args) => best::run(&args, &mut out),
        Command::Show(args) => show::run(&args, &mut out),
        Command::Bench(args) => bench::run(&args, &mut out),
        Command::Tune(args) => tune::run(&args, &mut out),
        Command::Match(args) => play_match::run(&args, &mut out),
        Command::Players(args) => players::run(&args, &mut out),
        Command::Perft(args) => perft::run(&args, &mut out),
        Command::Count(args) => count::run(&args, &mut out),
        Command::Serve(args) => serve::run(&args, &mut out),
        Command::Solve(args) => solve::run(&args, &mut out),
        Command::Verify(args) => verify::run(&args, &mut out),
        Command::Pbrain(args) => pbrain::run(&args, &mut out),
    };
    let _ = out.flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            crate::say!("error: {msg}");
            ExitCode::from(2)
        }
        Err(Failure::Runtime(msg)) => {
            crate::say!("error: {msg}");
            ExitCode::FAILURE
        }
        Err(Failure::Interrupted(msg)) => {
            crate::say!("{msg}");
            ExitCode::from(crate::interrupt::EXIT_CODE)
        }
        Err(Failure::Closed) => ExitCode::SUCCESS,
    }
}
