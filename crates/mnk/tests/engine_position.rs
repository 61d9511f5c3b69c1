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
            if op == 0 && !played.is_empty() {
                pos.unmake();
                board.unmake(played.pop().unwrap());
            } else if !board.is_over() {
                let empty: Vec<_> = board.moves().collect();
                let cell = empty[usize::from(pick) % empty.len()];
                let p = pos.index(cell);
                let wins = pos.threats(board.to_move(), Threat::Five).contains(p);
                pos.play(p);
                board.play(cell);
                played.push(cell);
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
            if op == 0 && !played.is_empty() {
                pos.unmake();
                board.unmake(played.pop().unwrap());
            } else if !board.is_over() {
                let central: Vec<_> = board
                    .moves()
                    .filter(|&c| (3..8).contains(&size.row(c)) && (3..8).contains(&size.col(c)))
                    .collect();
                let moves = if central.is_empty() { board.moves().collect() } else { central };
                let cell = moves[usize::from(pick) % moves.len()];
                pos.play(pos.index(cell));
                board.play(cell);
                played.push(cell);
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
