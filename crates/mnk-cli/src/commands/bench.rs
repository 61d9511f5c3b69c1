//! `mnk bench`: the engine's fixed positions to fixed depths, one thread; the last line is
//! `N nodes M nps`, where N is the search's deterministic signature.

use crate::args::BenchArgs;
use crate::failure::Failure;
use crate::render::thousands;
use mnk::engine::bench::{self, POSITIONS};
use std::io::Write;
use std::time::{Duration, Instant};

pub fn run(args: &BenchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    for (i, position) in POSITIONS.iter().enumerate() {
        let mut position = *position;
        if let Some(extra) = args.depth_offset {
            position.depth = position.depth.saturating_add_signed(extra).max(1);
        }
        let start = Instant::now();
        let nodes = bench::search(&position);
        let elapsed = start.elapsed();
        total_nodes += nodes;
        total_time += elapsed;
        if !args.quiet {
            let (w, h) = position.size;
            writeln!(
                out,
                "{:>2}. {w}x{h} k={} {:<9} depth {:>2} {:>12} nodes {:>9.1} ms  [{}]",
                i + 1,
                position.k,
                position.rule.name(),
                position.depth,
                thousands(nodes),
                elapsed.as_secs_f64() * 1000.0,
                position.moves
            )?;
        }
    }
    let nps = (total_nodes as f64 / total_time.as_secs_f64().max(1e-9)) as u64;
    writeln!(out, "{total_nodes} nodes {nps} nps")?;
    Ok(())
}
