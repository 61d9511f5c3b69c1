//! `mnk best`: the move a player chooses in a position.

use crate::args::BestArgs;
use crate::failure::Failure;
use crate::interrupt::think;
use crate::render::millis;
use crate::render::thousands;
use mnk::notation::format_cell;
use mnk::players::{Seat, strongest_for};
use std::io::Write;

pub fn run(args: &BestArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (variant, game) = args.game.position(&args.moves)?;
    if game.board().is_over() {
        return Err(Failure::Usage(
            "the game in --moves is already over; there is no move to choose".into(),
        ));
    }
    let mut spec = args.ai.clone().unwrap_or_else(|| strongest_for(&variant));
    spec.options = spec.options.or(args.limits.options());
    let mut seat = Seat::new(spec.clone());
    seat.prepare(&variant);
    let thought = think(&mut seat, game.board())
        .map_err(|e| Failure::Runtime(format!("{}: {e}", spec.name)))?;
    let (choice, elapsed) = (thought.choice, thought.time);
    let size = variant.size();
    let mv = format_cell(choice.cell, size);
    if args.json {
        let json = serde_json::json!({
            "move": mv,
            "value": choice.value.map(|v| v.as_number()),
            "nodes": choice.nodes,
            "time_ms": millis(elapsed),
            "player": spec.name,
            "side": game.board().to_move().to_string(),
            "value_text": choice.value.map(|v| v.to_string()),
            "depth": choice.depth,
            "pv": choice.pv.iter().map(|&c| format_cell(c, size)).collect::<Vec<_>>(),
            "tree_nodes": choice.tree_nodes,
        });
        writeln!(out, "{json}")?;
    } else {
        writeln!(out, "{mv}")?;
        let value = choice
            .value
            .map_or_else(|| "none".to_string(), |v| v.to_string());
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
