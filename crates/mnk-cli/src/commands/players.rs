//! `mnk players`: the catalog.

use crate::args::PlayersArgs;
use crate::failure::Failure;
use mnk::players::catalog;
use std::io::Write;

pub fn run(args: &PlayersArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if args.json {
        let list: Vec<_> = catalog()
            .iter()
            .map(|p| {
                serde_json::json!({"name": p.name, "summary": p.summary, "origin": p.origin,
                                   "forbidden_moves": p.abilities.forbidden_moves,
                                   "random_playouts": p.abilities.random_playouts,
                                   "orders_moves": p.abilities.orders_moves})
            })
            .collect();
        writeln!(out, "{}", serde_json::Value::Array(list))?;
        return Ok(());
    }
    let width = catalog().iter().map(|p| p.name.len()).max().unwrap_or(0);
    for p in catalog() {
        writeln!(out, "{:width$}  {}", p.name, p.summary)?;
        writeln!(out, "{:width$}  from {}", "", p.origin)?;
        if p.abilities.forbidden_moves {
            writeln!(
                out,
                "{:width$}  plays renju (knows X's forbidden moves)",
                ""
            )?;
        }
        if p.abilities.random_playouts {
            writeln!(
                out,
                "{:width$}  settings playouts=N, exploration=C (UCB1's constant), seed=N",
                ""
            )?;
        }
        if p.abilities.orders_moves {
            writeln!(
                out,
                "{:width$}  setting order={} (the order it tries moves in)",
                "",
                mnk::players::MoveOrder::NAMES.replace(", ", "|")
            )?;
        }
    }
    Ok(())
}
