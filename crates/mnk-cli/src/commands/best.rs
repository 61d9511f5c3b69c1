//! `mnk best`: the move a player chooses in a position, or its best few moves with their lines
//! (`--multipv N`), among all moves or those `--searchmoves` names.

use crate::args::BestArgs;
use crate::failure::Failure;
use crate::interrupt::think_asked;
use crate::render::millis;
use crate::render::thousands;
use crate::{records, seating};
use mnk::game::{Board, Cell, Side};
use mnk::notation::{format_cell, parse_move, split_moves};
use mnk::players::{Ask, Seat, strongest_for};
use mnk::search::{LinesError, PvLine, check_lines};
use std::io::Write;

pub fn run(args: &BestArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (variant, game, _) = records::position(&args.game, &args.moves, &args.record)?;
    let board = game.board();
    if board.is_over() {
        let source = args.record.load.as_deref().unwrap_or("--moves");
        return Err(Failure::Usage(format!(
            "the game in {source} is already over; there is no move to choose"
        )));
    }
    let root_moves = match &args.searchmoves {
        Some(text) => search_moves(text, board)?,
        None => Vec::new(),
    };
    let wanted = args.multipv.unwrap_or(1);
    let choosable = if root_moves.is_empty() {
        board.moves().count()
    } else {
        root_moves.len()
    };
    check_lines(wanted, choosable).map_err(|e| {
        Failure::Usage(match e {
            LinesError::MoreThanMoves { moves, .. } if !root_moves.is_empty() => format!(
                "--multipv {wanted}: more lines than the {moves} move{} --searchmoves names",
                if moves == 1 { "" } else { "s" }
            ),
            e => format!("--multipv {wanted}: {e}"),
        })
    })?;
    let mut spec = args.ai.clone().unwrap_or_else(|| strongest_for(&variant));
    spec.options = spec.options.or(args.limits.options());
    seating::check("--ai", &spec, board)?;
    let mut seat = Seat::new(spec.clone());
    seat.prepare(&variant);
    let ask = Ask {
        lines: wanted,
        root_moves: root_moves.clone(),
        ..Ask::now()
    };
    let thought = think_asked(&mut seat, board, ask)
        .map_err(|e| Failure::Runtime(format!("{}: {e}", spec.name)))?;
    let (choice, elapsed) = (thought.choice, thought.time);
    if !root_moves.is_empty() && !root_moves.contains(&choice.cell) {
        return Err(Failure::Runtime(format!(
            "{} does not search only the moves it is given (--searchmoves); it chose {}",
            spec.name,
            format_cell(choice.cell, variant.size())
        )));
    }
    let lines = choice.best_lines(wanted);
    if wanted > 1 && lines.len() < wanted {
        return Err(Failure::Runtime(format!(
            "--multipv {wanted}: {} gave {} line{} of the {wanted} asked: it knows no value of \
             the moves it did not choose; engine gives several lines (and perfect, where it \
             proves every move)",
            spec.name,
            lines.len(),
            if lines.len() == 1 { "" } else { "s" }
        )));
    }
    let size = variant.size();
    let mv = format_cell(choice.cell, size);
    let mover = board.to_move();
    let cells = |pv: &[Cell]| pv.iter().map(|&c| format_cell(c, size)).collect::<Vec<_>>();
    if args.json {
        let json = serde_json::json!({
            "move": mv,
            "value": choice.value.map(|v| v.as_number()),
            "nodes": choice.nodes,
            "time_ms": millis(elapsed),
            "player": spec.name,
            "side": mover.to_string(),
            "value_text": choice.value.map(|v| v.seen_by(mover).to_string()),
            "depth": choice.depth,
            "pv": cells(&choice.pv),
            "tree_nodes": choice.tree_nodes,
            "lines": lines.iter().map(|l| serde_json::json!({
                "move": format_cell(l.pv[0], size),
                "value": l.value.as_number(),
                "value_text": l.value.seen_by(mover).to_string(),
                "pv": cells(&l.pv),
                "depth": l.depth,
            })).collect::<Vec<_>>(),
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
            mover,
            thousands(choice.nodes),
            millis(elapsed)
        )?;
        if wanted > 1 {
            for (i, line) in lines.iter().enumerate() {
                writeln!(out, "{}", line_text(i + 1, line, mover, board))?;
            }
        }
    }
    Ok(())
}

/// One line of `--multipv`: `2. i9  X +120 (score)  depth 8  i9 h9 j10 ...`.
fn line_text(rank: usize, line: &PvLine, mover: Side, board: &Board) -> String {
    let size = board.size();
    let pv: Vec<String> = line.pv.iter().map(|&c| format_cell(c, size)).collect();
    let depth = line
        .depth
        .map(|d| format!("  depth {d}"))
        .unwrap_or_default();
    format!(
        "{rank}. {:<4} {}{depth}  {}",
        pv[0],
        line.value.seen_by(mover),
        pv.join(" ")
    )
}

/// The moves `--searchmoves` names, each legal in the position, without repeats.
fn search_moves(text: &str, board: &Board) -> Result<Vec<Cell>, Failure> {
    let bad = |e: &dyn std::fmt::Display| {
        Failure::Usage(format!(
            "--searchmoves: {e}; expected legal moves in notation, like \"h8 i9\""
        ))
    };
    let mut cells = Vec::new();
    for coord in split_moves(text).map_err(|e| bad(&e))? {
        let cell = parse_move(&coord.to_string(), board).map_err(|e| bad(&e))?;
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    if cells.is_empty() {
        return Err(bad(&"no move given"));
    }
    Ok(cells)
}
