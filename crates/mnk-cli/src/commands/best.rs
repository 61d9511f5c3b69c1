//! `mnk best`: the move a player chooses in a position, or its best few moves with their lines
//! (`--multipv N`), among all moves or those `--searchmoves` names.

use crate::args::BestArgs;
use crate::failure::Failure;
use crate::interrupt::think_asked;
use crate::render::millis;
use crate::render::thousands;
use crate::{records, seating, tree};
use mnk::explain::{ExplainError, SearchTree, TreeOptions, explain};
use mnk::game::{Board, Cell, Side};
use mnk::notation::{format_cell, parse_move, parse_moves, split_moves};
use mnk::players::{Ask, Seat, Thought, names_with, strongest_for, tie_break};
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
    if let Some(order) = args.order {
        spec.options.order = Some(order);
    }
    check_teaching(args, &spec)?;
    seating::check("--ai", &spec, board)?;
    let mut seat = Seat::new(spec.clone());
    seat.prepare(&variant);
    let (thought, searched) = if args.tree {
        if wanted > 1 || !root_moves.is_empty() {
            return Err(Failure::Usage(
                "--tree shows one search of every move: not with --multipv or --searchmoves".into(),
            ));
        }
        let (thought, tree) = think_with_tree(args, &mut seat, board)?;
        (thought, Some(tree))
    } else {
        let ask = Ask {
            lines: wanted,
            root_moves: root_moves.clone(),
            ..Ask::now()
        };
        let thought = think_asked(&mut seat, board, ask)
            .map_err(|e| Failure::Runtime(format!("{}: {e}", spec.name)))?;
        (thought, None)
    };
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
    let ties = tie_break(&spec, board, &choice, &choice.candidates);
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
            "tie_break": ties,
            "candidates": mnk_web::views::candidates(&choice.candidates, mover, size, mnk::players::info(spec.name)),
        });
        let json = match &searched {
            Some(t) => with_tree(json, t, &seat, board, choice.depth, args),
            None => json,
        };
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
        if let Some(ties) = &ties {
            writeln!(out, "{ties}")?;
        }
        if let Some(line) = most_visited(&choice.candidates, mover, size) {
            writeln!(out, "{line}")?;
        }
        if let Some(searched) = &searched {
            print_tree(out, searched, &seat, board, choice.depth, args)?;
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

/// How many moves of a sampling player's statistics the text shows.
const VISITED_SHOWN: usize = 5;

/// For a player whose values come with visits (`mcts`), its most visited moves with their
/// win rates: `most visited (playouts, O's win rate, a draw counting half): c3 609 0.306, ...`.
fn most_visited(
    candidates: &[mnk::search::MoveValue],
    mover: mnk::game::Side,
    size: mnk::game::Size,
) -> Option<String> {
    let mut visited: Vec<_> = candidates.iter().filter(|m| m.visits.is_some()).collect();
    if visited.is_empty() {
        return None;
    }
    visited.sort_by_key(|m| std::cmp::Reverse(m.visits));
    let shown: Vec<String> = visited
        .iter()
        .take(VISITED_SHOWN)
        .map(|m| {
            format!(
                "{} {} {:.3}",
                format_cell(m.cell, size),
                thousands(m.visits.unwrap_or_default()),
                m.value.as_number()
            )
        })
        .collect();
    Some(format!(
        "most visited (playouts, {mover}'s win rate, a draw counting half): {}",
        shown.join(", ")
    ))
}

/// Refuses `--tree` and `--order` for players that have no tree to show or take no order,
/// naming those that do.
fn check_teaching(args: &BestArgs, spec: &mnk::players::PlayerSpec) -> Result<(), Failure> {
    let info = mnk::players::info(spec.name).expect("a PlayerSpec names a catalog player");
    if args.tree && !info.abilities.reports_tree {
        return Err(Failure::Usage(format!(
            "--tree: {} does not report its search tree; the players that do: {}",
            spec.name,
            names_with(|a| a.reports_tree).join(", ")
        )));
    }
    if spec.options.order.is_some() && !info.abilities.orders_moves {
        return Err(Failure::Usage(format!(
            "--order: {} tries moves in its own order; the players that take an order: {}",
            spec.name,
            names_with(|a| a.orders_moves).join(", ")
        )));
    }
    Ok(())
}

/// The seated player's move on `board` with the part of its search tree `--tree-depth` and
/// `--tree-path` ask for.
fn think_with_tree(
    args: &BestArgs,
    seat: &mut Seat,
    board: &Board,
) -> Result<(Thought, SearchTree), Failure> {
    let focus = parse_moves(args.tree_path.as_deref().unwrap_or(""), board.size())
        .map_err(|e| Failure::Usage(format!("--tree-path: {e}")))?;
    let options = TreeOptions {
        focus,
        depth: args.tree_depth,
        ..TreeOptions::default()
    };
    let ask = Ask::now();
    let control = seat.control(&ask);
    let name = seat.spec().name;
    let seen = explain(seat.player_mut(), board, &control, options).map_err(|e| match e {
        ExplainError::NotSearched { .. } => Failure::Usage(format!("--tree-path: {e}")),
        e => Failure::Runtime(format!("{name}: {e}")),
    })?;
    let thought = Thought {
        choice: seen.choice,
        time: ask.start.elapsed(),
    };
    Ok((thought, seen.tree))
}

/// The tree, its counts and its counterpart's, in text.
fn print_tree(
    out: &mut dyn Write,
    searched: &SearchTree,
    seat: &Seat,
    board: &Board,
    depth: Option<u32>,
    args: &BestArgs,
) -> Result<(), Failure> {
    let root = board.to_move();
    let spec = seat.spec();
    for line in tree::legend(spec.name, spec.options.order, root, searched) {
        writeln!(out, "{line}")?;
    }
    for row in tree::rows(searched, root, board.size()) {
        writeln!(out, "{row}")?;
    }
    if searched.truncated {
        writeln!(out, "(the tree was cut at {} nodes)", searched.recorded)?;
    }
    writeln!(out, "{}: {}", spec.name, tree::counts(searched))?;
    let order = args.order.unwrap_or_default();
    let (name, other) = tree::counterpart(seat.info(), board, depth, order);
    match other {
        Ok(t) => writeln!(out, "{name}: {}", tree::counts(&t))?,
        Err(e) => writeln!(out, "{name}: not searched: {e}")?,
    }
    Ok(())
}

/// `json` with the tree (in the web API's words), its counts and its counterpart's.
fn with_tree(
    mut json: serde_json::Value,
    searched: &SearchTree,
    seat: &Seat,
    board: &Board,
    depth: Option<u32>,
    args: &BestArgs,
) -> serde_json::Value {
    let view = mnk_web::views::NodeView::focus_of(searched, board.to_move(), board.size());
    let (name, other) =
        tree::counterpart(seat.info(), board, depth, args.order.unwrap_or_default());
    let counterpart = match other {
        Ok(t) => serde_json::json!({
            "search": name,
            "nodes_per_ply": t.nodes_per_ply,
            "branching_factor": t.branching_factor(),
        }),
        Err(e) => serde_json::json!({"search": name, "error": e}),
    };
    if let Some(map) = json.as_object_mut() {
        map.insert("tree".into(), serde_json::json!(view));
        map.insert(
            "nodes_per_ply".into(),
            serde_json::json!(searched.nodes_per_ply),
        );
        map.insert(
            "branching_factor".into(),
            serde_json::json!(searched.branching_factor()),
        );
        map.insert("counterpart".into(), counterpart);
    }
    json
}
