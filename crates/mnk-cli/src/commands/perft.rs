//! `mnk perft`: move sequences of a given length.

use crate::args::PerftArgs;
use crate::failure::Failure;
use mnk::count::{perft, perft_divide};
use mnk::notation::format_cell;
use std::io::Write;

pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (variant, game) = args.game.position(&args.moves)?;
    let board = game.board();
    if args.divide {
        let mut total = 0;
        for (cell, n) in perft_divide(board, args.depth) {
            if !args.json {
                writeln!(out, "{} {n}", format_cell(cell, variant.size()))?;
            }
            total += n;
        }
        return print(out, args, if args.depth == 0 { 1 } else { total });
    }
    print(out, args, perft(board, args.depth))
}

fn print(out: &mut dyn Write, args: &PerftArgs, nodes: u128) -> Result<(), Failure> {
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::json!({"depth": args.depth, "nodes": nodes})
        )?;
    } else {
        writeln!(out, "{nodes}")?;
    }
    Ok(())
}
