//! The network evaluation in the engine's position: after any sequence of moves made and
//! taken back, the incremental sums give the same value and move scores as a position built
//! afresh from the board; the integer net stays within a stated bound of the float net it was
//! made from; a net serves only its own variant.

use mnk::engine::Position;
use mnk::engine::net::{FloatNet, Net, NetError};
use mnk::engine::weights::{SCALE, Weights};
use mnk::game::{Board, Cell, Rule, Size, Variant};
use proptest::prelude::*;
use std::sync::OnceLock;

fn gomoku(w: u8, h: u8) -> Variant {
    Variant::new(Size::new(w, h), 5, Rule::Freestyle).unwrap()
}

/// A float net of small random weights (a fixed xorshift, so every run has the same net).
fn random_net(variant: Variant, seed: u32) -> FloatNet {
    let mut net = FloatNet::zero(variant).unwrap();
    let mut x = seed;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        (x % 20001) as f32 / 10000.0 - 1.0
    };
    for w in net.embed.iter_mut().chain(&mut net.bias) {
        *w = 0.4 * next();
    }
    for w in net.w1.iter_mut().chain(&mut net.b1).chain(&mut net.w2) {
        *w = 0.5 * next();
    }
    for w in net.initiative.iter_mut().chain(&mut net.policy) {
        *w = next();
    }
    net.b2 = 0.1;
    net
}

/// The two nets of the tests, one per board, made once and kept for the process: the 15x15
/// one evaluates alone, the 9x7 one adds to the linear evaluation ([`FloatNet::base`]).
fn nets() -> &'static [(FloatNet, &'static Net); 2] {
    static NETS: OnceLock<[(FloatNet, &'static Net); 2]> = OnceLock::new();
    NETS.get_or_init(|| {
        [gomoku(15, 15), gomoku(9, 7)].map(|v| {
            let mut float = random_net(v, 0x9e37_79b9 ^ u32::from(v.size().width));
            if v.size().width == 9 {
                float.base = Weights::embedded().checksum();
            }
            let net: &'static Net = Box::leak(Box::new(Net::new(&float)));
            (float, net)
        })
    })
}

/// The largest difference allowed between the integer net's value and the float net's, in
/// evaluation units ([`SCALE`] per unit of logit): the tables are rounded to 1/256, which
/// moves a cell's sum by at most 5/512, the accumulators by that times the empty cells
/// (random signs: far less), the head's output by a few hundredths of a logit.
const FLOAT_BOUND: f64 = 0.05 * SCALE;

fn netted(board: &Board, net: &'static Net) -> Position {
    let mut pos = Position::new(board);
    pos.set_net(Some(net)).unwrap();
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn the_incremental_net_equals_the_net_from_scratch_and_the_float_net(
        which in 0usize..2,
        ops in prop::collection::vec((any::<u16>(), 0u8..4), 1..70),
    ) {
        let (float, net) = &nets()[which];
        let mut board = Board::new(*net.variant());
        let mut pos = netted(&board, net);
        let mut played: Vec<Cell> = Vec::new();
        for (pick, op) in ops {
            if op == 0 && !played.is_empty() {
                pos.unmake();
                board.unmake(played.pop().unwrap());
            } else if !board.is_over() {
                let empty: Vec<Cell> = board.moves().collect();
                let cell = empty[usize::from(pick) % empty.len()];
                pos.play(pos.index(cell));
                board.play(cell);
                played.push(cell);
            }
            if board.is_over() {
                continue;
            }
            let fresh = netted(&board, net);
            prop_assert_eq!(pos.evaluate(), fresh.evaluate());
            for cell in board.moves() {
                let p = pos.index(cell);
                prop_assert_eq!(pos.move_score(p), fresh.move_score(p));
            }
            let inputs = pos.net_inputs().unwrap();
            let reference = f64::from(float.value(&inputs)) * SCALE;
            let diff = (f64::from(pos.evaluate()) - reference).abs();
            prop_assert!(diff <= FLOAT_BOUND, "integer {} float {reference}", pos.evaluate());
        }
    }
}

#[test]
fn a_net_serves_its_own_variant_only() {
    let (_, net) = &nets()[0];
    let mut other = Position::new(&Board::new(gomoku(9, 7)));
    assert_eq!(
        other.set_net(Some(net)),
        Err(NetError::Unsupported(gomoku(9, 7)))
    );
    let exact = Variant::new(Size::square(15), 5, Rule::Exact).unwrap();
    let mut pos = Position::new(&Board::new(exact));
    assert_eq!(pos.set_net(Some(net)), Err(NetError::Unsupported(exact)));
    assert!(pos.net().is_none());
    assert_eq!(pos.net_inputs(), None);
}

#[test]
fn the_policy_orders_the_cells_as_the_float_net_does() {
    let (float, net) = &nets()[0];
    let mut board = Board::new(*net.variant());
    for m in ["h8", "i9", "g7", "h9", "j8"] {
        board.play(mnk::notation::parse_cell(m, board.size()).unwrap());
    }
    let pos = netted(&board, net);
    let inputs = pos.net_inputs().unwrap();
    let logits = float.policy(&inputs);
    for (i, &c) in inputs.cells.iter().enumerate() {
        let p = pos.index(Cell(c));
        let expected = f64::from(logits[i]) * mnk::engine::policy::TEMPERATURE;
        // Move scores add the threat tier, zero on a board without threats. The weights are
        // rounded to 1/1024 and the cells to 1/256: a few hundredths of a logit at most.
        let got = f64::from(pos.move_score(p));
        assert!(
            (got - expected).abs() <= 4.0,
            "cell {c}: {got} against {expected}"
        );
    }
}

#[test]
fn a_net_set_after_moves_follows_them_being_taken_back() {
    let (_, net) = &nets()[0];
    let mut board = Board::new(*net.variant());
    let mut pos = Position::new(&board);
    let moves = ["h8", "h9", "i9", "g7", "j10", "k11", "i8"];
    for m in moves {
        let cell = mnk::notation::parse_cell(m, board.size()).unwrap();
        pos.play(pos.index(cell));
        board.play(cell);
    }
    pos.set_net(Some(net)).unwrap();
    for m in moves.iter().rev() {
        pos.unmake();
        board.unmake(mnk::notation::parse_cell(m, board.size()).unwrap());
        let fresh = netted(&board, net);
        assert_eq!(pos.evaluate(), fresh.evaluate(), "after taking back {m}");
        for cell in board.moves() {
            assert_eq!(
                pos.move_score(pos.index(cell)),
                fresh.move_score(pos.index(cell))
            );
        }
    }
}

#[test]
fn a_net_over_the_linear_evaluation_adds_to_it_and_names_its_weights() {
    let (float, net) = &nets()[1];
    let mut board = Board::new(*net.variant());
    for m in ["e4", "d4", "e5", "f3"] {
        board.play(mnk::notation::parse_cell(m, board.size()).unwrap());
    }
    let linear = Position::new(&board);
    let alone: &'static Net = Box::leak(Box::new(Net::new(&FloatNet {
        base: 0,
        ..float.clone()
    })));
    let with_base = netted(&board, net);
    let without = netted(&board, alone);
    assert_eq!(with_base.evaluate(), without.evaluate() + linear.evaluate());
    for cell in board.moves() {
        let p = linear.index(cell);
        assert_eq!(
            with_base.move_score(p),
            without.move_score(p) + linear.move_score(p)
        );
    }
    // Over other weights it is refused when read.
    let other = FloatNet {
        base: Weights::embedded().checksum() ^ 1,
        ..float.clone()
    };
    assert!(matches!(
        Net::parse(&other.to_bytes()),
        Err(NetError::Base { .. })
    ));
    assert_eq!(Net::parse(&float.to_bytes()).as_ref(), Ok(*net));
}
