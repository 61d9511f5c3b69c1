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
    let mut player = engine("engine");
    let choice = player.choose(&board, &Ask::now()).unwrap().choice;
    let depth = choice.depth.unwrap();
    assert!((1..=35).contains(&depth), "depth {depth}");
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
