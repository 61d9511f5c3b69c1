//! `pbrain-mnk`: mnk as a Gomocup brain, for Piskvork, Yixin-Board and c-gomoku-cli.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    pbrain_mnk::run_stdio(&pbrain_mnk::Cli::parse().options)
}
