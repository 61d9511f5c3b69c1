//! Property tests of the engine's position: after any sequence of moves made and taken back,
//! every incremental field (line keys, levels, threat sets, value sums, candidates, hash)
//! equals its from-scratch twin, and the position agrees with one built afresh from the board;
//! under renju its forbidden points are the board's.

use mnk::engine::{Position, Threat};
use mnk::game::{Board, Cell, Rule, Side, Size, Variant};
use proptest::prelude::*;

fn variants() -> impl Strategy<Value = Variant> {
    (1u8..=11, 1u8..=11, 1u32..=7, 0u8..3).prop_map(|(w, h, k, rule)| {
        let k = k.min(u32::from(w.max(h)));
        let (rule, k) = match rule {
            0 => (Rule::Freestyle, k),
            1 => (Rule::Exact, k),
            // Renju (with its k = 5) where five fits.
            _ if w.max(h) >= 5 => (Rule::Renju, 5),
            _ => (Rule::Freestyle, k),
        };
        Variant::new(Size::new(w, h), k, rule).unwrap()
    })
}

/// One step of a random walk through a game on both the board and the position: takes back
/// the last move when `back` (and there is one), else plays `choose`'s cell while the game is
/// on. Whether the position said the move wins, when one was played.
fn step(
    board: &mut Board,
    pos: &mut Position,
    played: &mut Vec<Cell>,
    back: bool,
    choose: impl FnOnce(&Board) -> Cell,
) -> Option<bool> {
    if back && !played.is_empty() {
        pos.unmake();
        board.unmake(played.pop().unwrap());
        None
    } else if !board.is_over() {
        let cell = choose(board);
        let p = pos.index(cell);
        let wins = pos.threats(board.to_move(), Threat::Five).contains(p);
        pos.play(p);
        board.play(cell);
        played.push(cell);
        Some(wins)
    } else {
        None
    }
}

/// The cells the position forbids to X, and those the board's judge does, row-major.
fn forbidden_both(pos: &Position, board: &Board) -> (Vec<Cell>, Vec<Cell>) {
    let mut kept: Vec<Cell> = pos.forbidden().map(|p| pos.cell(p)).collect();
    kept.sort_unstable();
    let judged = board
        .size()
        .all_cells()
        .filter(|&c| board.get(c).is_none() && board.forbidden_to(Side::X, c).is_some())
        .collect();
    (kept, judged)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn incremental_state_equals_its_from_scratch_twin(
        variant in variants(),
        ops in prop::collection::vec((any::<u16>(), 0u8..4), 1..60),
    ) {
        let mut board = Board::new(variant);
        let mut pos = Position::new(&board);
        let mut played = Vec::new();
        for (pick, op) in ops {
            let made = step(&mut board, &mut pos, &mut played, op == 0, |b| {
                let empty: Vec<_> = b.moves().collect();
                empty[usize::from(pick) % empty.len()]
            });
            if let Some(wins) = made {
                prop_assert_eq!(wins, board.status().winner().is_some());
            }
            pos.check();
            prop_assert_eq!(pos.hash(), board.hash());
            prop_assert_eq!(pos.winner(), board.status().winner());
            let (kept, judged) = forbidden_both(&pos, &board);
            prop_assert_eq!(kept, judged);
            let fresh = Position::new(&board);
            prop_assert_eq!(fresh.evaluate(), pos.evaluate());
            for side in Side::BOTH {
                for t in [Threat::Five, Threat::OpenFour, Threat::Four, Threat::Three] {
                    prop_assert_eq!(fresh.threats(side, t), pos.threats(side, t));
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Renju games crowded into the middle of 11x11, where black's forbidden points come and
    /// go: the position's are the board's after every move made and taken back, X's threat
    /// sets never hold one, and X's moves never include one. (About two cases in three meet
    /// forbidden points: 35 of 52 when counted.)
    #[test]
    fn renju_forbidden_points_follow_the_moves(
        ops in prop::collection::vec((any::<u16>(), 0u8..6), 1..70),
    ) {
        let variant = Variant::new(Size::square(11), 5, Rule::Renju).unwrap();
        let size = variant.size();
        let mut board = Board::new(variant);
        let mut pos = Position::new(&board);
        let mut played = Vec::new();
        for (pick, op) in ops {
            let made = step(&mut board, &mut pos, &mut played, op == 0, |b| {
                let central: Vec<_> = b
                    .moves()
                    .filter(|&c| (3..8).contains(&size.row(c)) && (3..8).contains(&size.col(c)))
                    .collect();
                let moves = if central.is_empty() { b.moves().collect() } else { central };
                moves[usize::from(pick) % moves.len()]
            });
            if let Some(wins) = made {
                prop_assert_eq!(wins, board.status().winner().is_some());
            }
            pos.check();
            let (kept, judged) = forbidden_both(&pos, &board);
            prop_assert_eq!(&kept, &judged);
            for p in pos.forbidden() {
                for t in [Threat::Five, Threat::OpenFour, Threat::Four, Threat::Three, Threat::FourThree] {
                    prop_assert!(!pos.threats(Side::X, t).contains(p));
                }
                prop_assert_eq!(pos.is_legal(p), board.to_move() == Side::O);
            }
        }
    }
}
