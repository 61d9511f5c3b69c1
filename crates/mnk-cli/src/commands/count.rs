//! `mnk count`: the census of reachable positions and complete games.

use crate::args::CountArgs;
use crate::failure::Failure;
use crate::render::thousands;
use mnk::count::census;
use std::io::Write;

pub fn run(args: &CountArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (variant, game) = args.game.position(&args.moves)?;
    let c = census(game.board(), None).map_err(|e| Failure::Usage(e.to_string()))?;
    if args.json {
        let json = serde_json::json!({
            "positions": c.positions,
            "terminal": c.terminal,
            "positions_up_to_symmetry": c.positions_up_to_symmetry,
            "games": c.games,
            "x_wins": c.x_wins,
            "o_wins": c.o_wins,
            "draws": c.draws,
            "levels": c.levels,
        });
        writeln!(out, "{json}")?;
        return Ok(());
    }
    writeln!(out, "{variant}")?;
    writeln!(
        out,
        "{:>5} {:>12} {:>10} {:>12} {:>20} {:>18} {:>18} {:>18}",
        "ply", "positions", "terminal", "up to sym", "sequences", "X wins", "O wins", "draws"
    )?;
    for l in &c.levels {
        writeln!(
            out,
            "{:>5} {:>12} {:>10} {:>12} {:>20} {:>18} {:>18} {:>18}",
            l.depth,
            thousands(l.positions),
            thousands(l.terminal),
            thousands(l.positions_up_to_symmetry),
            thousands(l.sequences),
            thousands(l.x_wins),
            thousands(l.o_wins),
            thousands(l.draws)
        )?;
    }
    writeln!(out, "positions: {}", thousands(c.positions))?;
    writeln!(out, "terminal positions: {}", thousands(c.terminal))?;
    writeln!(
        out,
        "positions up to symmetry: {}",
        thousands(c.positions_up_to_symmetry)
    )?;
    writeln!(out, "games: {}", thousands(c.games))?;
    writeln!(out, "X wins: {}", thousands(c.x_wins))?;
    writeln!(out, "O wins: {}", thousands(c.o_wins))?;
    writeln!(out, "draws: {}", thousands(c.draws))?;
    Ok(())
}
