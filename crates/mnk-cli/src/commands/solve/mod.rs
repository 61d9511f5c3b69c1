//! `mnk solve`: one process proves a position ([`single`]), or a cluster's jobs share it
//! ([`cluster`]: `--split`, `--job`, `--combine`).

use crate::args::SolveArgs;
use crate::failure::Failure;
use std::io::Write;

pub(crate) mod cluster;
mod single;

pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if args.no_proof && args.job.is_none() {
        // (clap's `requires` does not fire here: --job conflicts with --size and --moves.)
        return Err(Failure::Usage(
            "--no-proof goes with --job FILE (a solve of its own writes a proof only with \
             --proof FILE)"
                .into(),
        ));
    }
    if let Some(depth) = args.split {
        return cluster::split(args, depth, out);
    }
    if let Some(file) = &args.job {
        return cluster::job(args, file, out);
    }
    if let Some(dir) = &args.combine {
        return cluster::combine(args, dir, out);
    }
    single::run(args, out)
}
