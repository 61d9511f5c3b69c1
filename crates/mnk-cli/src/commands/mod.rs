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
mod selfplay;
mod serve;
mod show;
mod solve;
mod tune;
mod verify;

use crate::args::{Cli, Command};
use crate::failure::Failure;
use mnk::engine::net::{MAX_NET_BYTES, Net};
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

/// Runs the command line and returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let result = match cli.net.as_deref().map(install_net) {
        Some(Err(e)) => Err(e),
        _ => run_command(cli.command.unwrap_or(Command::Play(cli.play)), &mut out),
    };
    let _ = out.flush();
    exit_code(result)
}

/// Reads the net file of `--net` and makes it the process's ([`mnk::engine::net::install`]).
fn install_net(path: &str) -> Result<(), Failure> {
    let bytes = crate::files::read_at_most(Path::new(path), MAX_NET_BYTES, "a net file")
        .map_err(|e| Failure::Usage(format!("--net {path}: {e}")))?;
    let net = Net::parse(&bytes).map_err(|e| Failure::Usage(format!("--net {path}: {e}")))?;
    mnk::engine::net::install(net)
        .map(|_| ())
        .map_err(|_| Failure::Usage("--net: a net is installed already".into()))
}

fn run_command(command: Command, out: &mut dyn Write) -> Result<(), Failure> {
    match command {
        Command::Play(args) => {
            let terminal = io::stdin().is_terminal() && io::stdout().is_terminal();
            let screen = if terminal && !args.plain {
                play::Screen::Full
            } else {
                play::Screen::Lines {
                    echo: !io::stdin().is_terminal(),
                }
            };
            play::run(&args, &mut io::stdin().lock(), out, screen)
        }
        Command::Best(args) => best::run(&args, out),
        Command::Show(args) => show::run(&args, out),
        Command::Bench(args) => bench::run(&args, out),
        Command::Tune(args) => tune::run(&args, out),
        Command::Selfplay(args) => selfplay::run(&args, out),
        Command::Match(args) => play_match::run(&args, out),
        Command::Players(args) => players::run(&args, out),
        Command::Perft(args) => perft::run(&args, out),
        Command::Count(args) => count::run(&args, out),
        Command::Serve(args) => serve::run(&args, out),
        Command::Solve(args) => solve::run(&args, out),
        Command::Verify(args) => verify::run(&args, out),
        Command::Pbrain(args) => pbrain::run(&args, out),
    }
}

fn exit_code(result: Result<(), Failure>) -> ExitCode {
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
