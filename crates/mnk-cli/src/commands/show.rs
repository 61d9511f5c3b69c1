//! `mnk show`: a position (the board, the side to move, the status, the winner and the
//! winning line) as text or as the web API's JSON, and a record written in another format.

use crate::args::ShowArgs;
use crate::failure::Failure;
use crate::records;
use crate::render;
use mnk::game::{Game, Status};
use mnk::notation::printable;
use mnk::notation::{board_rows, format_cell, format_moves};
use mnk::record::{Players, Record};
use std::io::Write;

pub fn run(args: &ShowArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (_, game, loaded) = records::position(&args.game, &args.moves, &args.record)?;
    let record = loaded.unwrap_or_else(|| Record::from_game(&game));
    if args.json {
        writeln!(out, "{}", json(&game, &record))?;
    } else {
        text(&game, &record, out)?;
    }
    if let Some(path) = &args.save {
        let format = records::save(path, args.record.format, &record)
            .map_err(|e| Failure::Runtime(format!("--save {path}: {e}")))?;
        crate::say!("Saved {} moves to {path} ({format}).", record.moves().len());
    }
    Ok(())
}

/// The position in the web API's words (`GET /api/games/{id}`), with the record's names and
/// result.
fn json(game: &Game, record: &Record) -> serde_json::Value {
    let board = game.board();
    let size = board.size();
    let variant = board.variant();
    let cells = |cells: &[mnk::game::Cell]| -> Vec<String> {
        cells.iter().map(|&c| format_cell(c, size)).collect()
    };
    let (winner, win_line) = match board.status() {
        Status::Won { side, line } => (Some(side), cells(&line.cells(size).collect::<Vec<_>>())),
        _ => (None, Vec::new()),
    };
    let forbidden = board.forbidden_points();
    let Players { x, o } = &record.players;
    serde_json::json!({
        "size": {"width": size.width, "height": size.height},
        "k": variant.k(),
        "rule": variant.rule().name(),
        "moves": cells(game.moves()),
        "record": format_moves(game.moves(), size),
        "board": board_rows(board),
        "status": board.status().name(),
        "to_move": (!board.is_over()).then(|| board.to_move()),
        "winner": winner,
        "win_line": win_line,
        "forbidden": forbidden.iter().map(|&(c, _)| format_cell(c, size)).collect::<Vec<_>>(),
        "forbidden_reasons": forbidden
            .iter()
            .map(|&(c, why)| (format_cell(c, size), serde_json::Value::from(why.name())))
            .collect::<serde_json::Map<_, _>>(),
        "last_move": game.last_move().map(|c| format_cell(c, size)),
        "players": {"x": x, "o": o},
        "result": record.result.as_ref().map(ToString::to_string),
    })
}

fn text(game: &Game, record: &Record, out: &mut dyn Write) -> Result<(), Failure> {
    let board = game.board();
    let variant = board.variant();
    let size = board.size();
    writeln!(out, "mnk: {size} board, {}.", variant.win_phrase())?;
    let Players { x, o } = &record.players;
    if x.is_some() || o.is_some() {
        // Names come from files: shown with control characters escaped, never sent raw to
        // the terminal.
        let name = |n: &Option<String>| n.as_deref().map_or_else(|| "?".into(), printable);
        writeln!(out, "X: {}, O: {}", name(x), name(o))?;
    }
    writeln!(out, "{}", render::board(board, game.last_move()))?;
    writeln!(
        out,
        "Moves ({}): {}",
        game.moves().len(),
        format_moves(game.moves(), size)
    )?;
    match board.status() {
        Status::InProgress => writeln!(out, "Status: playing, {} to move.", board.to_move())?,
        Status::Won { side, line } => {
            let cells: Vec<_> = line.cells(size).collect();
            writeln!(
                out,
                "Status: won. {side} wins with {}.",
                format_moves(&cells, size)
            )?;
        }
        Status::Draw if board.empty_cells() > 0 => writeln!(
            out,
            "Status: draw, every empty cell is forbidden to X, who is to move."
        )?,
        Status::Draw => writeln!(out, "Status: draw, the board is full.")?,
    }
    let forbidden = board.forbidden_points();
    if !forbidden.is_empty() {
        let list: Vec<String> = forbidden
            .iter()
            .map(|&(c, why)| format!("{} ({why})", format_cell(c, size)))
            .collect();
        writeln!(
            out,
            "Forbidden to X ({}): {}.",
            crate::render::FORBIDDEN,
            list.join(", ")
        )?;
    }
    if let Some(result) = &record.result {
        writeln!(out, "Result (as recorded): {result}.")?;
    }
    Ok(())
}
