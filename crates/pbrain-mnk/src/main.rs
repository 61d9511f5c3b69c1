//! `pbrain-mnk`: mnk as a Gomocup brain, for Piskvork, Yixin-Board and c-gomoku-cli.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = pbrain_mnk::Cli::parse();
    if let Some(path) = &cli.net
        && let Err(e) = pbrain_mnk::install_net(path)
    {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    pbrain_mnk::run_stdio(&cli.options)
}
