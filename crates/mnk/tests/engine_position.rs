//! Property tests of the engine's position: after any sequence of moves made and taken back,
//! every incremental field (line keys, levels, threat sets, value sums, candidates, hash)
//! equals its from-scratch twin, and the position agrees with one built afresh from the board.

use mnk::engine::{Position, Threat};
use mnk::game::{Board, Rule, Side, Size, Variant};
use proptest::prelude::*;

fn variants() -> impl Strategy<Value = Variant> {
    (1u8..=11, 1u8..=11, 1u32..=7, any::<bool>()).prop_map(|(w, h, k, exact)| {
        let k = k.min(u32::from(w.max(h)));
        let rule = if exact { Rule::Exact } else { Rule::Freestyle };
        Variant::new(Size::new(w, h), k, rule).unwrap()
    })
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
