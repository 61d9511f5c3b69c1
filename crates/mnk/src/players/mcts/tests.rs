use super::*;
use crate::game::{Forbidden, Rule, Size, Variant};
use crate::notation::parse_moves;
use crate::players::{Perfect, PlayerSpec, create};
use crate::search::{Limits, Progress};

fn mcts(settings: &str) -> Box<dyn Player> {
    create(&format!("mcts:{settings}").parse::<PlayerSpec>().unwrap())
}

fn board(variant: Variant, moves: &str) -> Board {
    let cells = parse_moves(moves, variant.size()).unwrap();
    Board::from_moves(variant, &cells).unwrap()
}

/// Plays `board` out between `x` and `o`; the winner, `None` for a draw.
fn play_out(mut board: Board, x: &mut dyn Player, o: &mut dyn Player) -> Option<Side> {
    while !board.is_over() {
        let choice = if board.to_move() == Side::X {
            x.choose(&board, &Control::unlimited())
        } else {
            o.choose(&board, &Control::unlimited())
        }
        .unwrap();
        board.play(choice.cell);
    }
    board.status().winner()
}

#[test]
fn never_loses_tic_tac_toe_to_perfect_play_or_to_itself() {
    let v = Variant::tic_tac_toe();
    let mut perfect = Perfect::new(PlayerOptions::default());
    // 5,000 playouts a move (1,000 lose a game now and then; see the tunables).
    let mut a = mcts("playouts=5000,seed=1");
    let mut b = mcts("playouts=5000,seed=2");
    for first in v.size().all_cells() {
        let start = Board::from_moves(v, &[first]).unwrap();
        // After the first move, mcts plays X against perfect's O, then O against X.
        let x = play_out(start.clone(), a.as_mut(), &mut perfect);
        assert_ne!(x, Some(Side::O), "mcts as X lost after {first:?}");
        let o = play_out(start.clone(), &mut perfect, a.as_mut());
        assert_ne!(o, Some(Side::X), "mcts as O lost after {first:?}");
        // Against itself (another seed): a draw, as with perfect play on both sides.
        assert_eq!(play_out(start.clone(), a.as_mut(), b.as_mut()), None);
    }
    // And from the empty board, with either colour, at the default settings.
    let empty = Board::new(v);
    let mut m = mcts("");
    assert_eq!(play_out(empty.clone(), m.as_mut(), &mut perfect), None);
    assert_eq!(play_out(empty, &mut perfect, m.as_mut()), None);
}

#[test]
fn takes_an_immediate_win_and_blocks_an_immediate_loss() {
    let v = Variant::tic_tac_toe();
    let mut m = mcts("playouts=2000");
    // X (a3 b3) and O (a2 b2) each have two in a row; X to move wins on c3.
    let win = board(v, "a3 a2 b3 b2");
    let c = m.choose(&win, &Control::unlimited()).unwrap();
    assert_eq!(c.cell, parse_moves("c3", v.size()).unwrap()[0]);
    // Winning at once wins every playout through the move.
    assert_eq!(c.value, Some(Value::WinRate(1.0)));
    // O to move must stop X's a3 b3 on c3.
    let block = board(v, "a3 b2 b3");
    let c = m.choose(&block, &Control::unlimited()).unwrap();
    assert_eq!(c.cell, parse_moves("c3", v.size()).unwrap()[0]);
    // On 6x6 with k = 4: O has c4 d4 e4 with b4 taken by X; X must block on f4.
    let six = Variant::new(Size::square(6), 4, Rule::Freestyle).unwrap();
    let block = board(six, "b4 c4 a1 d4 f1 e4");
    let c = m.choose(&block, &Control::unlimited()).unwrap();
    assert_eq!(c.cell, parse_moves("f4", six.size()).unwrap()[0]);
}

#[test]
fn the_playout_and_node_budgets_bound_the_search_and_a_seed_repeats_it() {
    let v = Variant::new(Size::square(7), 4, Rule::Freestyle).unwrap();
    let b = board(v, "d4");
    let c = mcts("playouts=500")
        .choose(&b, &Control::unlimited())
        .unwrap();
    assert_eq!(c.nodes, 500);
    let visits: u64 = c.candidates.iter().filter_map(|m| m.visits).sum();
    assert_eq!(visits, 500);
    // The node budget counts playouts too: the smaller of the two ends the search.
    let limits = Limits {
        nodes: Some(120),
        ..Limits::NONE
    };
    let c = mcts("playouts=500")
        .choose(&b, &Control::start(&limits))
        .unwrap();
    assert_eq!(c.nodes, 120);
    // The first 48 playouts try each of the 48 moves once.
    assert_eq!(c.candidates.len(), 48);
    // The same seed, position and budget: the same move, value and statistics.
    let again = mcts("playouts=500,seed=7").choose(&b, &Control::unlimited());
    assert_eq!(
        again,
        mcts("playouts=500,seed=7").choose(&b, &Control::unlimited())
    );
    // No playout at all is no decision.
    let none = Limits {
        nodes: Some(0),
        ..Limits::NONE
    };
    let e = mcts("").choose(&b, &Control::start(&none)).unwrap_err();
    assert!(matches!(e, PlayerError::Stopped { nodes: 0, .. }), "{e}");
    let stop = Control::unlimited();
    stop.stop().set();
    assert!(mcts("").choose(&b, &stop).is_err());
}

#[test]
fn root_statistics_come_as_win_rates_with_visits_and_progress_is_reported() {
    let v = Variant::tic_tac_toe();
    let progress = Progress::new();
    let control = Control::unlimited().with_progress(Some(progress.clone()));
    let c = mcts("playouts=9000")
        .choose(&Board::new(v), &control)
        .unwrap();
    assert_eq!(c.candidates.len(), 9);
    for m in &c.candidates {
        let Value::WinRate(rate) = m.value else {
            panic!("{m:?}")
        };
        assert!((0.0..=1.0).contains(&rate));
        assert!(m.visits.unwrap() > 0);
    }
    // The move played has the highest win rate, first in its list of values, and leads the
    // line; with enough playouts UCB1 made it the most visited too.
    assert_eq!(c.candidates[0].cell, c.cell);
    assert_eq!(c.candidates[0].value, c.value.unwrap());
    let most = c.candidates.iter().max_by_key(|m| m.visits).unwrap();
    assert_eq!(most.cell, c.cell);
    assert_eq!(c.pv.first(), Some(&c.cell));
    assert!(c.pv.len() >= 3, "{:?}", c.pv);
    let report = progress.latest().unwrap();
    assert_eq!((report.nodes, report.pv.first()), (9000, Some(&c.cell)));
    assert_eq!(report.value, c.value);
}

#[test]
fn under_renju_it_tries_and_plays_only_legal_moves() {
    let v = Variant::new(Size::square(15), 5, Rule::Renju).unwrap();
    // X's h6 h7 and f8 g8 make h8 a double three: forbidden to X, who is to move.
    let b = board(v, "h6 a1 h7 c1 f8 e1 g8 o15");
    let h8 = parse_moves("h8", v.size()).unwrap()[0];
    assert_eq!(b.forbidden(h8), Some(Forbidden::DoubleThree));
    let c = mcts("playouts=600")
        .choose(&b, &Control::unlimited())
        .unwrap();
    // Every legal move was tried (and the playouts, checked in debug builds, only play legal
    // moves); h8 never was.
    assert_eq!(c.candidates.len(), b.moves().count());
    assert_eq!(c.candidates.len(), 225 - 8 - 1);
    assert!(c.candidates.iter().all(|m| m.cell != h8));
    assert_ne!(c.cell, h8);
}
