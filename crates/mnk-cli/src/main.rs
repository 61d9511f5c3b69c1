//! `mnk`: play, analyse and count m,n,k-games from the command line.

mod args;
mod commands;
mod failure;
mod files;
mod interrupt;
mod openings;
mod progress;
mod prompt;
mod records;
mod render;
mod seating;
mod tree;
mod tui;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    commands::run(args::Cli::parse())
}
