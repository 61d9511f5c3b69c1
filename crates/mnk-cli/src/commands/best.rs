//! `mnk best`: the move a player chooses in a position.

use crate::args::BestArgs;
use crate::failure::Failure;
use crate::interrupt::think;
use crate::render::millis;
use crate::render::thousands;
use crate::{records, seating};
use mnk::notation::format_cell;
use mnk::players::{Seat, strongest_for};
use std::io::Write;

pub fn run(args: &BestArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (variant, game, _) = records::position(&args.game, &args.moves, &args.record)?;
    if game.board().is_over() {
        let source = args.record.load.as_deref().unwrap_or("--moves");
        return Err(Failure::Usage(format!(
            "the game in {source} is already over; there is no move to choose"
        )));
    }
    let mut spec = args.ai.clone().unwrap_or_else(|| strongest_for(&variant));
    spec.options = spec.options.or(args.limits.options());
    seating::check("--ai", &spec, game.board())?;
    let mut seat = Seat::new(spec.clone());
    seat.prepare(&variant);
    let thought = think(&mut seat, game.board())
        .map_err(|e| Failure::Runtime(format!("{}: {e}", spec.name)))?;
    let (choice, elapsed) = (thought.choice, thought.time);
    let size = variant.size();
    let mv = format_cell(choice.cell, size);
    let mover = game.board().to_move();
    if args.json {
        let json = serde_json::json!({
            "move": mv,
            "value": choice.value.map(|v| v.as_number()),
            "nodes": choice.nodes,
            "time_ms": millis(elapsed),
            "player": spec.name,
            "side": game.board().to_move().to_string(),
            "value_text": choice.value.map(|v| v.seen_by(mover).to_string()),
            "depth": choice.depth,
            "pv": choice.pv.iter().map(|&c| format_cell(c, size)).collect::<Vec<_>>(),
            "tree_nodes": choice.tree_nodes,
        });
        writeln!(out, "{json}")?;
    } else {
        writeln!(out, "{mv}")?;
        let value = choice
            .value
            .map_or_else(|| "none".to_string(), |v| v.seen_by(mover).to_string());
        writeln!(
            out,
            "{} for {}: value {value}, {} nodes, {:.3} ms",
            spec.name,
            game.board().to_move(),
            thousands(choice.nodes),
            millis(elapsed)
        )?;
    }
    Ok(())
}
