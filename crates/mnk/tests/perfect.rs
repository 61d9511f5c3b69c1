//! `perfect` never loses at 3x3, as X or as O, whatever the opponent does; and from every
//! reachable position its move keeps the position's game-theoretic value.

mod common;

use common::never_loses;
use mnk::game::{Board, Cell, Side, Status, Variant};
use mnk::players::{Perfect, Player, PlayerOptions, Seat};
use mnk::search::Control;
use mnk::solve::{Outcome, Solver};
use std::collections::HashMap;

#[test]
fn perfect_never_loses_tic_tac_toe_as_x_or_o() {
    for side in Side::BOTH {
        let mut perfect = Seat::new("perfect".parse().unwrap());
        let games = never_loses(
            &mut Board::new(Variant::tic_tac_toe()),
            side,
            &mut perfect,
            &mut HashMap::new(),
        );
        assert!(games > 0);
    }
}

/// Every reachable position, by hash.
fn reachable(board: &mut Board, seen: &mut HashMap<u64, Board>) {
    if seen.insert(board.hash(), board.clone()).is_some() || board.is_over() {
        return;
    }
    let moves: Vec<Cell> = board.moves().collect();
    for cell in moves {
        board.play(cell);
        reachable(board, seen);
        board.unmake(cell);
    }
}

#[test]
fn perfect_keeps_the_value_of_every_reachable_position() {
    let v = Variant::tic_tac_toe();
    let mut positions = HashMap::new();
    reachable(&mut Board::new(v), &mut positions);
    assert_eq!(positions.len(), 5478);
    let mut perfect = Perfect::new(PlayerOptions::default());
    let mut solver = Solver::new(&v).unwrap();
    let control = Control::unlimited();
    let mut checked = 0;
    for board in positions.values().filter(|b| !b.is_over()) {
        let value = solver.solve(board, &control).unwrap().outcome;
        let choice = perfect.choose(board, &control).unwrap();
        let mut after = board.clone();
        after.play(choice.cell);
        let achieved = match after.status() {
            Status::Won { .. } => Outcome::Win(1),
            Status::Draw => Outcome::Draw,
            Status::InProgress => solver
                .solve(&after, &control)
                .unwrap()
                .outcome
                .for_previous_mover(),
        };
        assert_eq!(
            achieved, value,
            "{board:?} perfect played {:?}",
            choice.cell
        );
        // The move's value is the best of all moves: the fastest win, the slowest loss.
        let best = solver
            .analyse(board, &control)
            .unwrap()
            .into_iter()
            .map(|(_, o)| o)
            .max_by_key(|o| o.to_score(0, 9));
        assert_eq!(best, Some(value));
        checked += 1;
    }
    assert_eq!(checked, 5478 - 958);
}

#[test]
fn tic_tac_toe_values_known_by_hand() {
    let v = Variant::tic_tac_toe();
    let mut solver = Solver::new(&v).unwrap();
    let control = Control::unlimited();
    let solve = |solver: &mut Solver, moves: &[u16]| {
        let cells: Vec<Cell> = moves.iter().map(|&i| Cell(i)).collect();
        solver
            .solve(&Board::from_moves(v, &cells).unwrap(), &control)
            .unwrap()
    };
    assert_eq!(solve(&mut solver, &[]).outcome, Outcome::Draw);
    // X corner, O edge next to it: X wins (in 5 more stones: X, O, X, O, X).
    assert_eq!(solve(&mut solver, &[0, 1]).outcome, Outcome::Win(5));
    // X can win at once.
    let s = solve(&mut solver, &[0, 3, 1, 4]);
    assert_eq!((s.outcome, s.best), (Outcome::Win(1), Cell(2)));
    // O faces a double threat: X wins on its next stone whatever O does.
    assert_eq!(
        solve(&mut solver, &[0, 1, 6, 3, 8]).outcome,
        Outcome::Loss(2)
    );
}

#[test]
fn small_games_known_from_the_literature() {
    use mnk::game::{Rule, Size};
    let control = Control::unlimited();
    for (w, h, k, expected) in [(3, 3, 3, 0), (4, 3, 3, 1), (4, 4, 3, 1), (4, 4, 4, 0)] {
        let v = Variant::new(Size::new(w, h), k, Rule::Freestyle).unwrap();
        let outcome = Solver::new(&v)
            .unwrap()
            .solve(&Board::new(v), &control)
            .unwrap()
            .outcome;
        assert_eq!(outcome.sign(), expected, "{v}: {outcome}");
    }
}

/// Renju on a 7x7 board: white's four whose only block is black's double three wins, and
/// `perfect` (as white) plays it; as black it never takes the forbidden point. Under freestyle
/// the same point is black's block.
#[test]
fn perfect_plays_renju_white_wins_where_blacks_block_is_forbidden() {
    use mnk::game::{Forbidden, Rule, Size};
    let moves = |rule| {
        let v = Variant::new(Size::square(7), 5, rule).unwrap();
        let at = |r, c| v.size().cell(r, c).unwrap();
        // Black (3,1) (3,2) (1,3) (2,3): (3,3) makes two open threes. White on the diagonal
        // (0,0) (1,1) (2,2): (4,4) makes a four whose only five is on (3,3).
        let cells = [
            at(3, 1),
            at(0, 0),
            at(3, 2),
            at(1, 1),
            at(1, 3),
            at(2, 2),
            at(2, 3),
        ];
        (Board::from_moves(v, &cells).unwrap(), at(4, 4), at(3, 3))
    };
    let (board, four, point) = moves(Rule::Renju);
    let control = Control::unlimited();
    let mut perfect = Perfect::new(PlayerOptions::default());
    let choice = perfect.choose(&board, &control).unwrap();
    assert_eq!(choice.cell, four, "white's winning four");
    assert_eq!(
        choice.value.map(|v| v.to_string()),
        Some(Outcome::Win(3).to_string())
    );
    let mut after = board.clone();
    after.play(four);
    assert_eq!(after.forbidden(point), Some(Forbidden::DoubleThree));
    let black = perfect.choose(&after, &control).unwrap();
    assert_ne!(black.cell, point, "black may not play its forbidden point");
    assert!(after.clone().try_play(black.cell).is_ok());
    assert_eq!(
        black.value.map(|v| v.to_string()),
        Some(Outcome::Loss(2).to_string())
    );
    // Freestyle: the point is black's block, and the four wins nothing at once.
    let (free, four, point) = moves(Rule::Freestyle);
    let mut after = free.clone();
    after.play(four);
    let mut perfect = Perfect::new(PlayerOptions::default());
    let control = Control::start(&mnk::search::Limits {
        nodes: Some(2_000_000),
        ..Default::default()
    });
    match perfect.choose(&after, &control) {
        Ok(choice) => assert_eq!(choice.cell, point),
        Err(e) => panic!("{e}"),
    }
}
