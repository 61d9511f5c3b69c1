//! `mnk-train`: trains the engine's network evaluation on games.

use clap::Parser;
use std::process::ExitCode;

// Candle's CPU operations allocate a new tensor for each result; with the system allocator
// every step of AdamW over the 1M-weight table maps and faults in fresh pages (an epoch of
// 18,000 positions took 6.3 s, 4.0 s of it in AdamW; with mimalloc 1.3 s).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    mnk_train::cli::run(&mnk_train::cli::Cli::parse(), &mut std::io::stdout())
}
