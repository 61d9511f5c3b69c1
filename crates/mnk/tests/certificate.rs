//! Proofs that the solver writes and the checker reads: values the solver proves on small
//! boards (losses, the exact rule, rectangles, random positions; the literature's values are in
//! `solve.rs`) come with a certificate that `certificate::verify` accepts (also after a round
//! trip through the text format), and a certificate spoiled in any of the ways a file can be
//! spoiled is rejected at the first position that fails.

mod common;

use common::Walk;
use mnk::certificate::{Certificate, CheckError, Goal, Record, verify};
use mnk::game::{Game, Rule, Side, Size, Variant, Wdl};
use mnk::notation::parse_moves;
use mnk::search::Control;
use mnk::solve::Solver;

fn variant(w: u8, h: u8, k: u32, rule: Rule) -> Variant {
    Variant::new(Size::new(w, h), k, rule).unwrap()
}

fn certificate(v: Variant, moves: &str) -> Certificate {
    let game = Game::from_moves(v, &parse_moves(moves, v.size()).unwrap()).unwrap();
    Solver::new(&v)
        .unwrap()
        .certificate(&game, &Control::unlimited())
        .unwrap()
}

/// Checks the certificate as written and as read back from its text.
fn checked(c: &Certificate) -> mnk::certificate::Checked {
    let text = c.to_string();
    let read = Certificate::parse(&text).unwrap();
    assert_eq!(&read, c, "the text round trip keeps everything");
    assert_eq!(read.to_string(), text, "the same proof gives the same file");
    let a = verify(c).unwrap();
    assert_eq!(verify(&read).unwrap(), a);
    a
}

#[test]
fn losses_exact_rule_and_rectangles_are_proved_and_checked() {
    for (v, moves, expected) in [
        // Tic-tac-toe: X in the corner, O on an edge next to it: X wins; O to move after
        // X's reply c3... a2 loses for O.
        (variant(3, 3, 3, Rule::Freestyle), "a1 a2", Wdl::Win),
        (variant(3, 3, 3, Rule::Freestyle), "a1 a2 b2", Wdl::Loss),
        (variant(3, 3, 3, Rule::Freestyle), "b2 a1", Wdl::Draw),
        (variant(4, 4, 3, Rule::Exact), "", Wdl::Win),
        (variant(5, 4, 4, Rule::Exact), "", Wdl::Draw),
        (variant(3, 5, 3, Rule::Freestyle), "", Wdl::Win),
    ] {
        let c = certificate(v, moves);
        assert_eq!(c.value, expected, "{v} after {moves:?}");
        assert_eq!(checked(&c).value, expected, "{v} after {moves:?}");
    }
}

/// A certificate of 4x4 k=4 (a draw: both sections hold pairings and moves).
fn draw() -> Certificate {
    certificate(variant(4, 4, 4, Rule::Freestyle), "")
}

fn fails(c: &Certificate) -> String {
    match verify(c) {
        Err(e @ CheckError::Fails { .. }) => e.to_string(),
        other => panic!("expected a failing position, got {other:?}"),
    }
}

#[test]
fn a_missing_record_is_the_first_position_that_fails() {
    let mut c = certificate(variant(3, 3, 3, Rule::Freestyle), "a1 a2");
    let section = &mut c.sections[0];
    assert_eq!((section.side, section.goal), (Side::X, Goal::Win));
    // Each record in turn: without it, the position it served fails (X has no win at once in
    // any of them).
    let mut keys: Vec<u128> = section.records.keys().copied().collect();
    keys.sort_unstable();
    for key in keys {
        let mut spoiled = c.clone();
        spoiled.sections[0].records.remove(&key);
        let why = fails(&spoiled);
        assert!(
            why.contains("no move is recorded for X, and it has no winning move"),
            "{why}"
        );
    }
}

#[test]
fn a_wrong_move_an_occupied_cell_or_a_broken_pairing_is_rejected() {
    // X wins 3x3 after a1 a2: the recorded move at the root, replaced by a drawing move.
    let c = certificate(variant(3, 3, 3, Rule::Freestyle), "a1 a2");
    let mut wrong = c.clone();
    let mut spoiled_one = false;
    for record in wrong.sections[0].records.values_mut() {
        if let Record::Move(cell) = record {
            // Every other cell in turn: at least one makes the proof fail.
            *cell = mnk::game::Cell((cell.0 + 1) % 9);
            spoiled_one = true;
        }
    }
    assert!(spoiled_one);
    let why = verify(&wrong).unwrap_err().to_string();
    assert!(
        why.contains("not an empty cell")
            || why.contains("wins with")
            || why.contains("no move is recorded")
            || why.contains("the board fills"),
        "{why}"
    );

    // A pairing with a pair taken out leaves a window open.
    let mut c = draw();
    let (section, key) = c
        .sections
        .iter()
        .enumerate()
        .find_map(|(i, s)| {
            s.records
                .iter()
                .find(|(_, r)| matches!(r, Record::Pairs(p) if !p.is_empty()))
                .map(|(k, _)| (i, *k))
        })
        .expect("4x4 k=4 is held by pairings");
    if let Some(Record::Pairs(pairs)) = c.sections[section].records.get_mut(&key) {
        pairs.pop();
    }
    let why = fails(&c);
    assert!(why.contains("the pairing leaves the window"), "{why}");
}

#[test]
fn a_claimed_value_needs_its_sections() {
    let mut c = draw();
    c.value = Wdl::Win;
    assert!(matches!(
        verify(&c),
        Err(CheckError::Missing {
            side: Side::X,
            goal: Goal::Win,
            ..
        })
    ));
    // A draw claimed where X wins: X's not-lose holds, O's does not exist.
    let mut c = certificate(variant(4, 4, 3, Rule::Freestyle), "");
    c.value = Wdl::Draw;
    assert!(matches!(verify(&c), Err(CheckError::Missing { .. })));
}

#[test]
fn a_file_cut_short_or_garbled_says_which_line() {
    let text = draw().to_string();
    let lines: Vec<&str> = text.lines().collect();
    // Cut inside the second section, after its first record.
    let second = lines
        .iter()
        .rposition(|l| l.starts_with("section "))
        .unwrap();
    let cut = lines[..second + 2].join("\n");
    let e = Certificate::parse(&cut).unwrap_err();
    assert!(e.why.contains("the file ends inside section"), "{e}");
    // No 'end'.
    let e = Certificate::parse(&lines[..lines.len() - 1].join("\n")).unwrap_err();
    assert!(e.why.contains("without its 'end' line"), "{e}");
    // A garbled key on line 8.
    let mut garbled: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    garbled[7] = format!("zz{}", &garbled[7][2..]);
    let e = Certificate::parse(&garbled.join("\n")).unwrap_err();
    assert_eq!(e.line, 8, "{e}");
    assert!(e.why.contains("32 hexadecimal digits"), "{e}");
    // Not a proof at all.
    let e = Certificate::parse("hello").unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.why.contains("mnk-proof"), "{e}");
}

#[test]
fn a_strategy_that_only_draws_does_not_pass_for_a_win() {
    // Tic-tac-toe is a draw: X's not-lose strategy, relabelled as a win, must fail.
    let mut c = certificate(variant(3, 3, 3, Rule::Freestyle), "");
    c.value = Wdl::Win;
    c.sections.retain(|s| s.side == Side::X);
    c.sections[0].goal = Goal::Win;
    let why = fails(&c);
    assert!(
        why.contains("a pairing can prove a draw, not a win")
            || why.contains("a draw, not a win")
            || why.contains("no move is recorded"),
        "{why}"
    );
}

#[test]
fn random_positions_of_small_boards_are_proved_and_checked() {
    // Positions reached by a fixed pseudo-random walk, every value kind among them.
    let mut seen = std::collections::HashSet::new();
    let mut walk = Walk::new(0x2545_f491_4f6c_dd1d);
    for (w, h, k) in [(3, 3, 3), (4, 4, 3), (4, 3, 3), (4, 4, 4), (5, 4, 4)] {
        let v = variant(w, h, k, Rule::Freestyle);
        for _ in 0..12 {
            let mut game = Game::new(v);
            for _ in 0..walk.below(6) {
                let moves: Vec<_> = game.board().moves().collect();
                let mut after = game.clone();
                after.play(moves[walk.below(moves.len())]).unwrap();
                if after.board().is_over() {
                    break;
                }
                game = after;
            }
            let c = Solver::new(&v)
                .unwrap()
                .certificate(&game, &Control::unlimited())
                .unwrap();
            seen.insert(c.value);
            assert_eq!(checked(&c).value, c.value, "{v} after {:?}", game.moves());
        }
    }
    assert_eq!(seen.len(), 3, "wins, draws and losses: {seen:?}");
}

#[test]
fn records_built_by_hand_off_the_board_or_with_a_doubled_cell_are_refused_not_a_panic() {
    let c = certificate(variant(3, 3, 3, Rule::Freestyle), "a1 a2");
    let mut off = c.clone();
    for record in off.sections[0].records.values_mut() {
        *record = Record::Move(mnk::game::Cell(9));
    }
    assert!(fails(&off).contains("off the board"), "{}", fails(&off));
    let mut doubled = draw();
    for section in &mut doubled.sections {
        for record in section.records.values_mut() {
            if let Record::Pairs(pairs) = record
                && let Some(first) = pairs.first_mut()
            {
                first[1] = first[0];
            }
        }
    }
    assert!(
        fails(&doubled).contains("names one cell twice"),
        "{}",
        fails(&doubled)
    );
}

/// In a not-lose section under freestyle the checker tries only the replies no relevance zone
/// covers, and the proof answers only those: 5x5 k=4's draw needs 3,640 records (6,909 when
/// every reply was answered). A version 1 file reads and checks the same way; another
/// version is refused with what is read.
#[test]
fn a_draw_answers_only_the_replies_its_zones_leave_and_version_1_files_still_read() {
    let v = variant(5, 5, 4, Rule::Freestyle);
    let c = certificate(v, "");
    assert_eq!(c.value, Wdl::Draw);
    assert!(c.records() < 4_000, "{} records", c.records());
    let a = checked(&c);
    assert_eq!(a.records_used, c.records() as u64);
    let text = c.to_string();
    assert!(text.starts_with("mnk-proof 2\n"));
    let old = text.replacen("mnk-proof 2", "mnk-proof 1", 1);
    assert_eq!(verify(&Certificate::parse(&old).unwrap()).unwrap(), a);
    let newer = text.replacen("mnk-proof 2", "mnk-proof 3", 1);
    let e = Certificate::parse(&newer).unwrap_err().to_string();
    assert!(e.contains("reads versions 1 to 2"), "{e}");
    // Under the exact rule every reply is answered: no zones there.
    let exact = certificate(variant(5, 5, 4, Rule::Exact), "");
    assert!(exact.records() > c.records(), "{}", exact.records());
    checked(&exact);
}
