//! The tactics suite: positions with a known forced win (by fours, by threats) and positions
//! where the only move is a block, each built by hand, with the move or the result the
//! `engine`, `vcf` and `vct` players must find.
//!
//! Positions are written as the stones of each side; the side to move follows from the counts
//! (equal: X to move). Stones far in the corners only balance the counts: they make no line.
//! Coordinates are renju notation on 15x15 (h8 the centre, row 1 at the bottom).

use mnk::game::{Board, Rule, Side, Size, Variant};
use mnk::notation::{format_cell, parse_cell};
use mnk::players::{Ask, Choice, PlayerError, PlayerSpec, Seat, Value};
use mnk::search::{Bound, Limits, Outcome};

/// The board with these stones, X and O alternating from the first of each list.
fn position(rule: Rule, x: &str, o: &str) -> Board {
    let v = Variant::new(Size::square(15), 5, rule).unwrap();
    let cells = |s: &str| -> Vec<_> {
        s.split_whitespace()
            .map(|c| parse_cell(c, v.size()).unwrap())
            .collect()
    };
    let (xs, os) = (cells(x), cells(o));
    assert!(
        xs.len() == os.len() || xs.len() == os.len() + 1,
        "stone counts"
    );
    let mut board = Board::new(v);
    for (i, &x) in xs.iter().enumerate() {
        board.try_play(x).unwrap();
        if let Some(&c) = os.get(i) {
            board.try_play(c).unwrap();
        }
    }
    assert!(!board.is_over(), "{board:?}");
    board
}

fn ask(player: &str, board: &Board) -> Result<Choice, PlayerError> {
    let spec: PlayerSpec = player.parse().unwrap();
    Seat::new(spec).choose(board, &Ask::now()).map(|t| t.choice)
}

fn mv(choice: &Choice) -> String {
    format_cell(choice.cell, Size::square(15))
}

fn wins_in(choice: &Choice) -> Option<u32> {
    match choice.value {
        Some(Value::Solved(Outcome::Win(n))) => Some(n),
        _ => None,
    }
}

/// The engine at a fixed depth: deterministic.
const ENGINE: &str = "engine:depth=4";

// A four and an open three at once (4-3), X to move:
//
//    10  . . . X . .      X: h8 i8 j8 (blocked by O on g8), k9 k10
//     9  . . . X . .      k8 makes a four on row 8 (l8 wins) and the open three k8-k10;
//     8  O X X X . .      O must block l8, then k11 (or k7) is an open four.
//        g h i j k l
const FOUR_THREE_X: &str = "h8 i8 j8 k9 k10";
const FOUR_THREE_O: &str = "g8 a1 o1 a15 o15";

#[test]
fn four_three_is_a_vcf_in_five() {
    for rule in [Rule::Freestyle, Rule::Exact] {
        let board = position(rule, FOUR_THREE_X, FOUR_THREE_O);
        for player in ["vcf", "vct", ENGINE] {
            let c = ask(player, &board).unwrap();
            assert_eq!(
                (mv(&c).as_str(), wins_in(&c)),
                ("k8", Some(5)),
                "{player} {rule}"
            );
        }
    }
}

// Two fours in a row: i9 is a four on the diagonal h8-i9-j10-k11 (g7 is O, so only l12
// wins) and O must take l12; then i8 is a double four (row 8: e8 is O, j8 wins; column i:
// i8-i11, i12 is O, i7 wins). Playing i8 first also works (O must take j8, then i9 is the
// double four). Either way X wins with its third stone: five plies.
const TWO_FOURS_X: &str = "f8 g8 h8 j10 k11 i10 i11";
const TWO_FOURS_O: &str = "e8 g7 i12 a1 o1 a15 o15";

#[test]
fn two_fours_then_a_double_four() {
    let board = position(Rule::Freestyle, TWO_FOURS_X, TWO_FOURS_O);
    for player in ["vcf", "vct", ENGINE] {
        let c = ask(player, &board).unwrap();
        assert!(
            ["i8", "i9"].contains(&mv(&c).as_str()),
            "{player}: {}",
            mv(&c)
        );
        assert_eq!(wins_in(&c), Some(5), "{player}");
    }
    // The line of the VCF: X's four, O's only block, X's double four.
    let c = ask("vcf", &board).unwrap();
    let line: Vec<String> =
        c.pv.iter()
            .map(|&p| format_cell(p, Size::square(15)))
            .collect();
    assert!(
        line.starts_with(&["i9".into(), "l12".into(), "i8".into()])
            || line.starts_with(&["i8".into(), "j8".into(), "i9".into()]),
        "{line:?}"
    );
}

// A double open three (3-3), X to move, no four anywhere: j8 makes h8-i8-j8 on row 8 and
// j8-(j9)-j10-j11 on column j, both open. O can stop one; X makes an open four with the other.
// No VCF exists (X has no four to make), the VCT wins in five.
const THREE_THREE_X: &str = "h8 i8 j10 j11";
const THREE_THREE_O: &str = "a1 o1 a15 o15";

#[test]
fn double_three_is_a_vct_but_no_vcf() {
    let board = position(Rule::Freestyle, THREE_THREE_X, THREE_THREE_O);
    for player in ["vct", ENGINE] {
        let c = ask(player, &board).unwrap();
        assert_eq!((mv(&c).as_str(), wins_in(&c)), ("j8", Some(5)), "{player}");
    }
    match ask("vcf", &board) {
        Err(PlayerError::NotFound(why)) => {
            assert!(why.contains("no forced win found for X"), "{why}")
        }
        other => panic!("vcf should find nothing: {other:?}"),
    }
}

// O has four in a column (h8-h11, h7 blocked by X): X must take h12, whatever else it has.
// X's own open three (c3 d3 e3) is too slow.
#[test]
fn a_four_must_be_blocked() {
    let board = position(Rule::Freestyle, "h7 c3 d3 e3", "h8 h9 h10 h11");
    assert_eq!(board.to_move(), Side::X);
    let c = ask(ENGINE, &board).unwrap();
    assert_eq!(mv(&c), "h12");
    assert!(ask("vcf", &board).is_err());
}

// O has an open three on row 8 (g8 h8 i8, e8 to k8 empty) and X has no four: X must answer
// on one of the four cells that stop the open four (f8, j8, or the far ends e8, k8).
#[test]
fn an_open_three_must_be_answered() {
    let board = position(Rule::Freestyle, "c12 m3 b2", "g8 h8 i8");
    let c = ask(ENGINE, &board).unwrap();
    assert!(
        ["e8", "f8", "j8", "k8"].contains(&mv(&c).as_str()),
        "{}",
        mv(&c)
    );
    assert!(wins_in(&c).is_none());
}

// O threatens a 4-3: j8 would make a four on row 8 (g8-j8, f8 is X, k8 wins) and the open
// three j8-j9-j10. X has nothing of its own: it must defend, and after its move O must have
// no forced win by fours.
#[test]
fn a_four_three_threat_is_defused() {
    let board = position(Rule::Freestyle, "f8 a1 o1 a15 o15", "g8 h8 i8 j9 j10");
    assert_eq!(board.to_move(), Side::X);
    let c = ask(ENGINE, &board).unwrap();
    let mut after = board.clone();
    after.play(c.cell);
    assert!(
        matches!(ask("vcf", &after), Err(PlayerError::NotFound(_))),
        "after {} O still wins by fours",
        mv(&c)
    );
    // Without a defence O wins: X elsewhere, O's VCF starts at j8.
    let mut careless = board.clone();
    careless.play(parse_cell("c3", Size::square(15)).unwrap());
    let o = ask("vcf", &careless).unwrap();
    assert_eq!((mv(&o).as_str(), wins_in(&o)), ("j8", Some(5)));
}

// Under the exact rule an overline does not win. X: f8 g8 h8 i8 and k8 (d8 empty): e8 makes
// e8-i8, exactly five; j8 would join f8-k8, six in a row. Freestyle: both win.
#[test]
fn exact_five_only() {
    let x = "f8 g8 h8 i8 k8";
    let o = "a1 o1 a15 o15 c14";
    let exact = position(Rule::Exact, x, o);
    for player in ["vcf", ENGINE] {
        let c = ask(player, &exact).unwrap();
        assert_eq!((mv(&c).as_str(), wins_in(&c)), ("e8", Some(1)), "{player}");
    }
    let free = position(Rule::Freestyle, x, o);
    let c = ask(ENGINE, &free).unwrap();
    assert!(["e8", "j8"].contains(&mv(&c).as_str()));
    assert_eq!(wins_in(&c), Some(1));
}

// Under the exact rule X's "four" f8-i8 with X on k8 and O on e8 is dead: j8 would make six.
// So O (to move) is not forced to block j8 and X has no forced win by fours.
#[test]
fn an_overline_threat_is_no_threat_under_the_exact_rule() {
    let x = "f8 g8 h8 i8 k8 a1";
    let o = "e8 o1 a15 o15 c14";
    let exact = position(Rule::Exact, x, o);
    assert_eq!(exact.to_move(), Side::O);
    let mut x_to_move = exact.clone();
    x_to_move.play(parse_cell("n14", Size::square(15)).unwrap());
    assert!(ask("vcf", &x_to_move).is_err());
    let free = position(Rule::Freestyle, x, o);
    let c = ask(ENGINE, &free).unwrap();
    assert_eq!(mv(&c), "j8", "freestyle: the six must be blocked");
}

/// The engine's move and the value its search gave every move it considered (the heat map),
/// by name, best first.
fn move_values(player: &str, board: &Board, limits: Limits) -> (Choice, Vec<(String, Value)>) {
    let ask = Ask {
        limits,
        ..Ask::now()
    };
    let choice = Seat::new(player.parse().unwrap())
        .choose(board, &ask)
        .unwrap()
        .choice;
    let values = choice
        .candidates
        .iter()
        .map(|m| (format_cell(m.cell, Size::square(15)), m.value))
        .collect();
    (choice, values)
}

// The heat map of the four that must be blocked: h12 is the only move that does not lose at
// once; every other move loses to the five on the next move (two plies).
#[test]
fn the_heat_map_shows_the_only_block() {
    let board = position(Rule::Freestyle, "h7 c3 d3 e3", "h8 h9 h10 h11");
    let (choice, values) = move_values("engine:depth=2", &board, Limits::NONE);
    assert_eq!(mv(&choice), "h12");
    assert!(values.len() > 10, "{values:?}");
    assert_eq!(values[0].0, "h12", "best first: {values:?}");
    assert!(!matches!(values[0].1, Value::Solved(Outcome::Loss(_))));
    for (cell, value) in &values[1..] {
        assert_eq!(
            *value,
            Value::Solved(Outcome::Loss(2)),
            "{cell} does not block the four"
        );
    }
}

// The heat map of the 4-3: k8 wins in five plies, as the VCF says; the move played is the
// first cell of the heat map.
#[test]
fn the_heat_map_shows_the_winning_move_first() {
    let board = position(Rule::Freestyle, FOUR_THREE_X, FOUR_THREE_O);
    let (choice, values) = move_values(ENGINE, &board, Limits::NONE);
    assert_eq!(mv(&choice), "k8");
    assert_eq!(values[0].0, "k8", "{values:?}");
    assert_eq!(values[0].1, Value::Solved(Outcome::Win(5)));
    assert!(
        values[1..]
            .iter()
            .all(|(_, v)| !matches!(v, Value::Solved(Outcome::Win(n)) if *n <= 5)),
        "k8 is the fastest win: {values:?}"
    );
}

// The heat map of a quiet position comes from the search that chose the move: every root move
// has a value and the depth it was searched to (the iteration's, or less for a late quiet move
// the root searched shallower and that stayed below the best), the move played is first and
// the best, exact, and every other is exact or an upper bound; within a node budget the search
// keeps to it.
#[test]
fn the_heat_map_is_the_search_that_chose_the_move() {
    let board = position(Rule::Freestyle, "h8 i9 j10", "h9 g8 k11");
    for depth in [1, 2, 4] {
        let (choice, values) = move_values(
            ENGINE,
            &board,
            Limits {
                depth: Some(depth),
                ..Limits::NONE
            },
        );
        assert!(values.len() > 10, "{values:?}");
        assert_eq!(values[0].0, mv(&choice), "depth {depth}");
        assert_eq!(Some(values[0].1), choice.value);
        let m = &choice.candidates;
        assert_eq!(m[0].bound, Bound::Exact);
        assert_eq!(m[0].depth, Some(depth));
        if depth >= 4 {
            assert!(
                m.iter().any(|v| v.depth.is_some_and(|d| d < depth)),
                "late quiet moves are searched shallower at depth {depth}: {m:?}"
            );
        }
        for other in &m[1..] {
            assert!(
                other.depth.is_some_and(|d| (1..=depth).contains(&d)),
                "{other:?}"
            );
            assert_ne!(other.bound, Bound::Lower, "{other:?}");
            assert_ne!(
                other.value.compare(&m[0].value),
                std::cmp::Ordering::Greater,
                "{other:?} above the move played {:?}",
                m[0]
            );
        }
    }
    // Node budgets that end the search at every stage of an iteration: the values shown are
    // those of the iteration whose move is played (none deeper than the move played's), the
    // move played first.
    let board = position(Rule::Freestyle, "h8 i8 j9", "h9 g7 k10");
    for nodes in (0..10).map(|i| 50u64 << i) {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::NONE
        };
        let (choice, _) = move_values("engine", &board, limits);
        assert!(choice.nodes <= nodes, "{} nodes", choice.nodes);
        let m = &choice.candidates;
        let Some(first) = m.first() else { continue };
        assert_eq!(first.cell, choice.cell, "{nodes} nodes");
        for other in &m[1..] {
            assert!(
                other.depth.is_some_and(|d| Some(d) <= first.depth),
                "{nodes} nodes: {other:?}"
            );
            assert_ne!(
                other.value.compare(&first.value),
                std::cmp::Ordering::Greater,
                "{nodes} nodes: {other:?} above the move played {first:?}"
            );
        }
    }
}
