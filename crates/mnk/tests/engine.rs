//! The engine never loses at 3x3 (exhaustively over the opponent's replies, as X and as O, at a
//! small fixed depth), searches deterministically with a depth or node limit, always answers
//! within tiny limits, and beats the seed players on small boards.

mod common;

use common::never_loses;
use mnk::arena::{GameSetup, play_game};
use mnk::game::{Board, Rule, Side, Size, Variant};
use mnk::notation::parse_game;
use mnk::players::{Ask, PlayerSpec, Seat};
use mnk::search::Limits;
use mnk::search::Stop;
use std::collections::HashMap;
use std::time::Duration;

fn engine(spec: &str) -> Seat {
    Seat::new(spec.parse::<PlayerSpec>().unwrap())
}

#[test]
fn the_engine_never_loses_tic_tac_toe_as_x_or_o() {
    for side in Side::BOTH {
        let mut player = engine("engine:depth=4");
        let games = never_loses(
            &mut Board::new(Variant::tic_tac_toe()),
            side,
            &mut player,
            &mut HashMap::new(),
        );
        assert!(games > 0);
    }
}

#[test]
fn depth_and_node_limits_give_the_same_answer_every_time() {
    let v = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
    let game = parse_game("e5 e6 f6 d4 f5", v).unwrap();
    for spec in ["engine:depth=3", "engine:nodes=1500"] {
        let answers: Vec<_> = (0..2)
            .map(|_| {
                let mut p = engine(spec);
                let c = p.choose(game.board(), &Ask::now()).unwrap().choice;
                (c.cell, c.nodes, c.value)
            })
            .collect();
        assert_eq!(answers[0], answers[1], "{spec}");
    }
}

#[test]
fn a_node_limit_is_kept() {
    let v = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
    let game = parse_game("e5 e6 f6 d4 f5", v).unwrap();
    for limit in [1, 10, 100, 1000] {
        let mut p = engine(&format!("engine:nodes={limit}"));
        let c = p.choose(game.board(), &Ask::now()).unwrap().choice;
        assert!(c.nodes <= limit, "{} > {limit}", c.nodes);
    }
}

#[test]
fn a_move_comes_back_however_little_time_there_is() {
    let v = Variant::new(Size::square(20), 5, Rule::Exact).unwrap();
    let game = parse_game("j10 k11 k10 j11", v).unwrap();
    for limits in [
        Limits {
            time: Some(Duration::ZERO),
            ..Limits::default()
        },
        Limits {
            nodes: Some(1),
            ..Limits::default()
        },
    ] {
        let ask = Ask {
            limits,
            ..Ask::now()
        };
        let c = engine("engine").choose(game.board(), &ask).unwrap().choice;
        assert!(game.board().is_empty(c.cell));
    }
}

#[test]
fn two_threads_find_the_same_forced_win() {
    // X has an open three and O has nothing: X wins by making an open four.
    let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
    let game = parse_game("h8 a1 i8 a3 j8 a5", v).unwrap();
    let mut p = engine("engine:threads=2,depth=6");
    let c = p.choose(game.board(), &Ask::now()).unwrap().choice;
    let cell = mnk::notation::format_cell(c.cell, v.size());
    assert!(["g8", "k8"].contains(&cell.as_str()), "{cell}");
    assert_eq!(c.value.map(|v| v.to_string()).as_deref(), Some("win in 3"));
}

#[test]
fn every_board_and_k_gets_a_legal_move() {
    for (w, h, k) in [
        (1, 1, 1),
        (2, 1, 2),
        (5, 1, 3),
        (1, 7, 4),
        (4, 4, 4),
        (9, 3, 3),
        (8, 8, 7),
    ] {
        for rule in [Rule::Freestyle, Rule::Exact] {
            let v = Variant::new(Size::new(w, h), k, rule).unwrap();
            let mut board = Board::new(v);
            let mut p = engine("engine:depth=2");
            while !board.is_over() {
                let c = p.choose(&board, &Ask::now()).unwrap().choice;
                board.try_play(c.cell).unwrap();
            }
        }
    }
}

#[test]
fn the_engine_beats_the_seed_players_on_9x9_as_x_and_as_o() {
    let v = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
    for seed in [
        "rules",
        "alphabeta:depth=2",
        "gomoku-alphabeta:depth=2",
        "gomoku-pruned:depth=2",
    ] {
        for engine_is_x in [true, false] {
            let (engine, seed_spec): (PlayerSpec, PlayerSpec) =
                ("engine:depth=2".parse().unwrap(), seed.parse().unwrap());
            let (x, o) = if engine_is_x {
                (engine, seed_spec)
            } else {
                (seed_spec, engine)
            };
            let setup = GameSetup {
                variant: v,
                opening: Vec::new(),
                opening_rule: None,
                x,
                o,
                timing: None,
            };
            let record = play_game(&setup, &Stop::new()).unwrap().unwrap();
            let engine_side = if engine_is_x { Side::X } else { Side::O };
            assert_eq!(
                record.ending.winner(),
                Some(engine_side),
                "engine against {seed}: {}",
                mnk::notation::format_moves(&record.moves, v.size())
            );
        }
    }
}

#[test]
fn on_a_tiny_board_the_engine_stops_deepening_once_every_line_reaches_the_end() {
    // After b2 a1, seven cells are left: a ply uses at most five plies of depth (one plus
    // the largest late move reduction, four), so iterations beyond depth 35 would search the
    // same tree.
    let board = mnk::notation::parse_game("b2 a1", Variant::tic_tac_toe())
        .unwrap()
        .board()
        .clone();
    // The engine's own search (the `engine` player would ask the solver first, which proves
    // a 3x3 position at once).
    let mut e = mnk::engine::Engine::new(mnk::engine::EngineConfig::default());
    let analysis = e
        .analyse(&board, &mnk::search::Control::unlimited())
        .unwrap();
    assert!(
        (1..=35).contains(&analysis.depth),
        "depth {}",
        analysis.depth
    );
}

#[test]
fn a_position_the_solver_settles_at_once_gets_its_exact_value() {
    use mnk::search::{Outcome, Value};
    // 3x3 is a draw: said so, not as a score.
    let board = Board::new(Variant::tic_tac_toe());
    let c = engine("engine").choose(&board, &Ask::now()).unwrap().choice;
    assert_eq!(c.value, Some(Value::Solved(Outcome::Draw)));
    assert_eq!(c.value.unwrap().seen_by(Side::X).to_string(), "draw");
    // Every move's exact value comes with it, and as many lines as asked.
    assert_eq!(c.candidates.len(), 9);
    let ask = Ask {
        lines: 3,
        ..Ask::now()
    };
    let c = engine("engine").choose(&board, &ask).unwrap().choice;
    assert_eq!(c.lines.len(), 3);
    assert!(
        c.lines
            .iter()
            .all(|l| l.value == Value::Solved(Outcome::Draw))
    );
    // After b2 a1 c2 c1, X completes the row at a2: a win in 1.
    let won = parse_game("b2 a1 c2 c1", Variant::tic_tac_toe()).unwrap();
    let c = engine("engine")
        .choose(won.board(), &Ask::now())
        .unwrap()
        .choice;
    assert_eq!(c.value, Some(Value::Solved(Outcome::Win(1))));
}

#[test]
fn the_first_move_on_15x15_has_the_sign_of_the_searches_after_it() {
    use mnk::search::Value;
    let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
    // A node budget and no time: deterministic. The centre is searched for its value (four
    // plies), not valued by the evaluation after one ply, whose sign favours the side to move.
    let ask = Ask {
        limits: Limits {
            nodes: Some(1_000_000),
            ..Limits::default()
        },
        ..Ask::now()
    };
    let first = engine("engine")
        .choose(&Board::new(v), &ask)
        .unwrap()
        .choice;
    assert_eq!(mnk::notation::format_cell(first.cell, v.size()), "h8");
    let Some(Value::Score(x)) = first.value else {
        panic!("{:?}", first.value)
    };
    // O's value after h8, searched to a fixed depth, is X's seen from the other side.
    let after = parse_game("h8", v).unwrap();
    for depth in [4, 6, 8] {
        let reply = engine(&format!("engine:depth={depth}"))
            .choose(after.board(), &Ask::now())
            .unwrap()
            .choice;
        let Some(Value::Score(o)) = reply.value else {
            panic!("{:?}", reply.value)
        };
        assert!(
            x > 0 && o < 0,
            "X {x} on the empty board, O {o} after h8 at depth {depth}"
        );
    }
}

#[test]
fn a_move_no_iteration_finished_has_no_value() {
    // One node: not even the first iteration finishes; the move of the ordering comes with
    // no value (the evaluation of the position would be a guess).
    let v = Variant::new(Size::square(20), 5, Rule::Exact).unwrap();
    let game = parse_game("j10 k11 k10 j11", v).unwrap();
    let c = engine("engine:nodes=1")
        .choose(game.board(), &Ask::now())
        .unwrap()
        .choice;
    assert_eq!((c.depth, c.value), (Some(0), None));
    assert!(game.board().is_empty(c.cell));
}

#[test]
fn a_watcher_sees_each_iteration_the_engine_finishes() {
    let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
    let game = parse_game("h8 h9 i9 g7", v).unwrap();
    let progress = mnk::search::Progress::new();
    let ask = Ask {
        limits: Limits {
            depth: Some(5),
            ..Limits::default()
        },
        ..Ask::now()
    }
    .with_progress(progress.clone());
    let choice = engine("engine").choose(game.board(), &ask).unwrap().choice;
    let report = progress.latest().expect("a report per iteration");
    // The last iteration reported is the one the move comes from.
    assert_eq!(report.depth, choice.depth);
    assert_eq!(report.value, choice.value);
    assert!(report.nodes > 0 && report.nodes <= choice.nodes);
    assert!(progress.nodes() >= report.nodes);
    assert!(game.board().is_empty(report.pv[0]));
}

/// The engine's choice on the 15x15 (freestyle) position after `moves`, asked for `lines`
/// lines among `root_moves` (all when empty) at `depth`, with its progress.
fn lines_at(
    moves: &str,
    depth: u32,
    lines: usize,
    root_moves: &[&str],
) -> (mnk::search::Choice, Option<mnk::search::Report>) {
    let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
    let game = parse_game(moves, v).unwrap();
    let progress = mnk::search::Progress::new();
    let ask = Ask {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        lines,
        root_moves: root_moves
            .iter()
            .map(|c| mnk::notation::parse_cell(c, v.size()).unwrap())
            .collect(),
        ..Ask::now()
    }
    .with_progress(progress.clone());
    let choice = engine("engine").choose(game.board(), &ask).unwrap().choice;
    (choice, progress.latest())
}

#[test]
fn several_lines_come_from_one_search_best_first_each_with_its_line() {
    let moves = "h8 i9 i8 g8 j7 h10";
    let (choice, report) = lines_at(moves, 5, 4, &[]);
    let lines = &choice.lines;
    assert_eq!(lines.len(), 4);
    // The first line is the choice itself.
    assert_eq!(lines[0].pv, choice.pv);
    assert_eq!(Some(lines[0].value), choice.value);
    let mut cells: Vec<_> = lines.iter().map(|l| l.pv[0]).collect();
    cells.dedup();
    assert_eq!(cells.len(), 4, "four different moves");
    for pair in lines.windows(2) {
        assert!(pair[0].value.compare(&pair[1].value).is_ge(), "{lines:?}");
    }
    for line in lines {
        assert_eq!(line.depth, Some(5));
        // The heat map holds the same exact value for the line's move.
        let candidate = choice.candidates.iter().find(|c| c.cell == line.pv[0]);
        assert_eq!(
            candidate.map(|c| (c.value, c.bound)),
            Some((line.value, mnk::search::Bound::Exact))
        );
    }
    // A watcher sees the lines of the last iteration.
    assert_eq!(report.map(|r| r.lines), Some(lines.clone()));
}

#[test]
fn one_line_is_the_plain_search() {
    let moves = "h8 i9 i8 g8 j7 h10";
    let (plain, report) = lines_at(moves, 6, 1, &[]);
    assert!(plain.lines.is_empty() && report.is_some_and(|r| r.lines.is_empty()));
    let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
    let game = parse_game(moves, v).unwrap();
    let before = engine("engine:depth=6")
        .choose(game.board(), &Ask::now())
        .unwrap()
        .choice;
    assert_eq!(
        (plain.cell, plain.value, plain.nodes, plain.pv),
        (before.cell, before.value, before.nodes, before.pv)
    );
}

#[test]
fn each_lines_value_is_that_of_a_search_of_its_move_alone() {
    // With one thread and a depth the searches are deterministic. Each line's value comes
    // from a full-window search of its move at the iteration's depth, as does the search
    // narrowed to that move (which deepens to the same depth): at 4 plies they agree exactly.
    // (Deeper, the table and the history the other lines leave make them differ by a few
    // dozen points, as any two searches of a position in different orders do.)
    for moves in [
        "h8 i9 i8 g8 j7 h10",
        "h8 h9 i9 g7 j10",
        "h8 i8 g9 i10 i9 j9",
    ] {
        let (choice, _) = lines_at(moves, 4, 3, &[]);
        assert_eq!(choice.lines.len(), 3);
        for line in &choice.lines {
            let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
            let cell = mnk::notation::format_cell(line.pv[0], v.size());
            let (alone, _) = lines_at(moves, 4, 1, &[&cell]);
            assert_eq!(alone.cell, line.pv[0]);
            assert_eq!(alone.depth, Some(4), "{moves}: {cell}");
            assert_eq!(alone.value, Some(line.value), "{moves}: {cell}");
        }
    }
}

#[test]
fn on_the_empty_board_the_centre_stays_the_first_line() {
    let (choice, _) = lines_at("", 3, 3, &[]);
    let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
    let cells: Vec<String> = choice
        .lines
        .iter()
        .map(|l| mnk::notation::format_cell(l.pv[0], v.size()))
        .collect();
    assert_eq!(cells.len(), 3);
    assert_eq!(cells[0], "h8", "{cells:?}");
    assert_eq!(choice.cell, choice.lines[0].pv[0]);
}

#[test]
fn a_five_to_make_or_to_block_heads_the_lines() {
    use mnk::search::{Outcome, Value};
    // X makes five at j8: the win first, then the best of the rest.
    let (win, _) = lines_at("h8 i9 g8 i7 i8 g10 f8 e8", 3, 3, &[]);
    assert_eq!(win.lines.len(), 3);
    assert_eq!(win.lines[0].value, Value::Solved(Outcome::Win(1)));
    assert!(
        win.lines[1..]
            .iter()
            .all(|l| l.value.compare(&win.lines[0].value).is_lt())
    );
    // O must block at j8: every other move loses to the five on the next move.
    let (block, _) = lines_at("h8 e8 g8 i9 i8 i7 f8", 3, 3, &[]);
    let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
    assert_eq!(
        mnk::notation::format_cell(block.lines[0].pv[0], v.size()),
        "j8"
    );
    assert_eq!(block.lines.len(), 3);
    assert!(
        block.lines[1..]
            .iter()
            .all(|l| l.value == Value::Solved(Outcome::Loss(2)))
    );
}
