//! `mnk best`: the move a player chooses in a position.

use crate::args::BestArgs;
use crate::failure::Failure;
use crate::interrupt::think;
use crate::render::millis;
use crate::render::thousands;
use crate::{records, seating, tree};
use mnk::explain::{ExplainError, SearchTree, TreeOptions, explain};
use mnk::game::Board;
use mnk::notation::{format_cell, parse_moves};
use mnk::players::{Ask, Seat, Thought, names_with, strongest_for, tie_break};
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
    if let Some(order) = args.order {
        spec.options.order = Some(order);
    }
    check_teaching(args, &spec)?;
    seating::check("--ai", &spec, game.board())?;
    let mut seat = Seat::new(spec.clone());
    seat.prepare(&variant);
    let (thought, searched) = if args.tree {
        let (thought, tree) = think_with_tree(args, &mut seat, game.board())?;
        (thought, Some(tree))
    } else {
        let thought = think(&mut seat, game.board())
            .map_err(|e| Failure::Runtime(format!("{}: {e}", spec.name)))?;
        (thought, None)
    };
    let (choice, elapsed) = (thought.choice, thought.time);
    let size = variant.size();
    let mv = format_cell(choice.cell, size);
    let mover = game.board().to_move();
    let ties = tie_break(&spec, game.board(), &choice, &choice.candidates);
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
            "tie_break": ties,
            "candidates": mnk_web::views::candidates(&choice.candidates, mover, size),
        });
        let json = match &searched {
            Some(t) => with_tree(json, t, &seat, game.board(), choice.depth, args),
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
            game.board().to_move(),
            thousands(choice.nodes),
            millis(elapsed)
        )?;
        if let Some(ties) = &ties {
            writeln!(out, "{ties}")?;
        }
        if let Some(line) = most_visited(&choice.candidates, mover, size) {
            writeln!(out, "{line}")?;
        }
        if let Some(searched) = &searched {
            print_tree(out, searched, &seat, game.board(), choice.depth, args)?;
        }
    }
    Ok(())
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
