//! The session's tests: the opening inside it, undo and redo over it, the review cursor,
//! every kind of result, the clocks, the record.

use super::*;
use crate::game::{Choice, DrawBy, Rule, Size, Stage};
use crate::notation::format_moves;
use crate::record::Format;

fn gomoku() -> Variant {
    Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap()
}

fn people() -> [Occupant; 2] {
    [Occupant::Human, Occupant::Human]
}

fn cell(session: &Session<impl Sized>, name: &str) -> Cell {
    crate::notation::parse_cell(name, session.variant().size()).unwrap()
}

fn play(session: &mut Session<impl Sized>, names: &str) -> Vec<Played> {
    names
        .split_whitespace()
        .map(|n| session.play(cell(session, n), Instant::now()).unwrap())
        .collect()
}

fn line(session: &Session<impl Sized>) -> String {
    format_moves(session.line(), session.variant().size())
}

#[test]
fn a_swap2_opening_with_undo_and_redo_over_it() {
    let seats = [
        Occupant::Human,
        Occupant::Machine("rules".parse::<PlayerSpec>().unwrap()),
    ];
    let mut s = Session::new(gomoku(), seats)
        .with_opening(OpeningRule::Swap2)
        .unwrap();
    assert_eq!(s.to_act(), Some(Side::X));
    assert_eq!(s.role_label(Side::X), "the opener (you)");
    assert_eq!(s.role_label(Side::O), "the other player (rules)");
    assert_eq!(
        play(&mut s, "h8 i8"),
        [Played::Opening { swapped: false }; 2]
    );
    // A person's stone of the stage under way is taken back, and cannot be redone.
    assert_eq!(s.undo(), Ok(1));
    assert_eq!(
        (line(&s), s.redo()),
        ("h8".into(), Err(SessionError::NothingToRedo))
    );
    play(&mut s, "i8 h10");
    assert_eq!(s.stage_and_actor(), (Stage::Choose, Some(Side::O)));
    // The computer chooses: a person's undo has nothing of its own to take back.
    assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
    assert_eq!(s.machine_to_act().map(|(side, _)| side), Some(Side::O));
    // Moves of the game proper wait for the opening.
    assert_eq!(
        s.opening().unwrap().choices().last(),
        Some(&Choice::PlaceTwo)
    );
    s.act(Act::PlaceTwo).unwrap();
    play(&mut s, "j9 g9");
    assert_eq!(s.kept(), 5);
    // The opener (the person at X) takes white with the sixth stone: the seats change colours.
    let sixth = cell(&s, "k10");
    assert_eq!(s.act(Act::White(sixth)), Ok(true));
    assert!(s.opening().unwrap().is_done());
    assert_eq!(s.seat(Side::O), &Occupant::Human);
    assert_eq!(s.label(Side::X), "X (rules)");
    assert_eq!(s.opener(), Some(Side::O));
    assert_eq!(s.role_label(Side::O), "the opener (you)");
    assert_eq!(s.act(Act::Black), Err(SessionError::NoOpening));
    // The game proper: the opening's six stones stay.
    play(&mut s, "a1 a2 b1");
    // Back to the person's (O's) turn: the computer's reply and the person's move.
    assert_eq!(s.undo(), Ok(2));
    assert_eq!(s.moves().len(), 7);
    assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
    assert_eq!(s.redo(), Ok(2));
    assert_eq!(s.redo(), Err(SessionError::NothingToRedo));
    // Taken back for good, never the opening's stones.
    assert_eq!(
        s.take_back(4),
        Err(SessionError::Kept {
            count: 4,
            kept: 6,
            after: 3
        })
    );
    s.take_back(3).unwrap();
    assert_eq!(line(&s), "h8 i8 h10 j9 g9 k10");
    let record = s.record();
    assert_eq!(record.opening(), Opened::new(OpeningRule::Swap2, 6));
    assert_eq!(record.players.x.as_deref(), Some("rules"));
}

impl<P> Session<P> {
    /// The opening's stage and the seat to act, for the tests.
    fn stage_and_actor(&self) -> (Stage, Option<Side>) {
        (self.opening().unwrap().stage(), self.to_act())
    }
}

#[test]
fn every_opening_act_is_the_state_machine_s() {
    let mut s = Session::new(gomoku(), people())
        .with_opening(OpeningRule::Swap)
        .unwrap();
    // No choice before the three stones; no move of the game proper's kind either.
    assert!(matches!(
        s.act(Act::Black),
        Err(SessionError::Opening(OpeningError::NoChoiceNow(_)))
    ));
    play(&mut s, "h8 i8 h10");
    assert!(matches!(
        s.act(Act::PlaceTwo),
        Err(SessionError::Opening(OpeningError::NoPlacingNow(_)))
    ));
    let taken = cell(&s, "h8");
    assert_eq!(
        s.play(taken, Instant::now()),
        Err(SessionError::Opening(OpeningError::Move(
            MoveError::Occupied
        )))
    );
    // The chooser takes black: it sits at X now, and the opener plays white's fourth stone.
    assert_eq!(s.act(Act::Black), Ok(true));
    assert_eq!(s.to_act(), Some(Side::O));
    assert_eq!(s.record().opening(), Opened::new(OpeningRule::Swap, 3));
    // An opening needs an empty board, and one that its stones fit.
    let moved = Session::from_game(
        crate::notation::parse_game("h8", gomoku()).unwrap(),
        people(),
    );
    assert_eq!(
        moved.with_opening(OpeningRule::Swap).unwrap_err(),
        SessionError::MovesBeforeOpening { moves: 1 }
    );
    let tiny = Variant::new(Size::square(2), 2, Rule::Freestyle).unwrap();
    let e = Session::new(tiny, people())
        .with_opening(OpeningRule::Swap2)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "swap2's three stones do not fit a 2x2 board with 2 in a row"
    );
}

#[test]
fn the_review_cursor_moves_along_the_line_and_a_move_cuts_it() {
    let mut s = Session::new(gomoku(), people());
    play(&mut s, "h8 h9 i9 j10");
    s.jump(false);
    assert!(s.moves().is_empty() && s.reviewing());
    assert!(s.forward() && s.forward());
    assert!(s.back());
    assert_eq!(s.moves().len(), 1);
    s.jump(true);
    assert!(!s.reviewing() && !s.forward());
    s.back();
    s.back();
    // The record holds the whole line while reviewing.
    assert_eq!(s.record().moves().len(), 4);
    play(&mut s, "a1");
    assert_eq!(line(&s), "h8 h9 a1");
    // A finished opening's stones are no place to cut the line.
    let record = s
        .record()
        .with_opening(Opened::new(OpeningRule::Swap, 3).unwrap());
    let mut s = Session::from_record(&record.unwrap(), people());
    s.jump(false);
    s.forward();
    let e = s.play(cell(&s, "o15"), Instant::now()).unwrap_err();
    assert!(matches!(e, SessionError::Kept { kept: 3, .. }), "{e}");
}

#[test]
fn moves_undo_took_back_wait_for_redo_outside_the_game_and_its_record() {
    let mut s = Session::new(gomoku(), people());
    play(&mut s, "h8 h9 i9 j10");
    let game = |s: &Session| {
        let size = s.variant().size();
        (
            format_moves(s.game_moves(), size),
            format_moves(s.record().moves(), size),
        )
    };
    let all = || ("h8 h9 i9 j10".to_string(), "h8 h9 i9 j10".to_string());
    assert_eq!(s.undo(), Ok(1));
    assert_eq!(game(&s), ("h8 h9 i9".into(), "h8 h9 i9".into()));
    // The line keeps j10 for redo; stepping back further does not bring it into the game.
    assert_eq!(line(&s), "h8 h9 i9 j10");
    s.back();
    assert_eq!(game(&s).0, "h8 h9 i9");
    // Stepping forward over it, as redo, does.
    s.jump(true);
    assert_eq!(game(&s), all());
    s.undo().unwrap();
    assert_eq!(s.redo(), Ok(1));
    assert_eq!(game(&s), all());
    // A move after undo replaces what it took back; so does forget_undone.
    s.undo().unwrap();
    play(&mut s, "a1");
    assert_eq!(game(&s).0, "h8 h9 i9 a1");
    s.undo().unwrap();
    s.forget_undone();
    assert_eq!(
        (line(&s), game(&s).0),
        ("h8 h9 i9".into(), "h8 h9 i9".into())
    );
}

#[test]
fn results_on_the_board_and_off_it() {
    // Five in a row.
    let mut s = Session::new(gomoku(), people());
    play(&mut s, "a1 b1 a2 b2 a3 b3 a4 b4 a5");
    assert_eq!(s.ending(), Some(Ending::won(Side::X, WinBy::Row)));
    assert_eq!(s.to_act(), None);
    let e = s.play(cell(&s, "o15"), Instant::now()).unwrap_err();
    assert_eq!(e.to_string(), "the game is over (X wins)");
    // A full board.
    let mut s = Session::new(Variant::tic_tac_toe(), people());
    play(&mut s, "b2 a1 c1 a3 a2 c2 b1 b3 c3");
    assert_eq!(s.ending(), Some(Ending::Drawn(DrawBy::FullBoard)));
    // Renju's black with no legal move: every empty cell forbidden to it.
    let renju = Variant::new(Size::square(5), 5, Rule::Renju).unwrap();
    let mut s = Session::new(renju, people());
    play(
        &mut s,
        "d2 a3 e5 a5 c4 b4 c5 d3 c1 b5 e2 b1 e3 a4 a2 e1 a1 e4 d4 b3 d1 d5",
    );
    assert_eq!(s.ending(), Some(Ending::Drawn(DrawBy::Stalled)));
    let text = s.record().write(Format::MoveLine);
    assert!(text.contains("# result: draw\n"), "{text}");
    // A resignation: the game is over, nothing is taken back, the record says so.
    let mut s = Session::new(gomoku(), people());
    play(&mut s, "h8 h9");
    s.end(Ending::won(Side::O, WinBy::Resignation)).unwrap();
    assert_eq!(s.to_act(), None);
    assert_eq!(
        s.undo(),
        Err(SessionError::EndedOffBoard(Ending::won(
            Side::O,
            WinBy::Resignation
        )))
    );
    assert!(s.record().write(Format::Sgf).contains("RE[W+R]"));
    assert!(s.end(Ending::Drawn(DrawBy::Agreed)).is_err());
}

#[test]
fn clocks_run_for_the_side_to_move_and_a_flag_fall_ends_the_game() {
    let t0 = Instant::now();
    let s = |n| Duration::from_secs(n);
    let mut game = Session::new(gomoku(), people())
        .with_opening(OpeningRule::Swap)
        .unwrap()
        .with_timing(Some("1m".parse().unwrap()));
    // The opening is outside the clocks.
    assert_eq!(game.run_clock(t0), None);
    assert_eq!(game.clocks().unwrap().running(), None);
    for name in ["h8", "i8", "h10", "i10"] {
        game.play(cell(&game, name), t0).unwrap();
    }
    assert_eq!(game.run_clock(t0), None);
    assert_eq!(game.clocks().unwrap().running(), Some(Side::X));
    assert_eq!(game.play(cell(&game, "a1"), t0 + s(20)), Ok(Played::Move));
    game.run_clock(t0 + s(20));
    assert_eq!(game.clocks().unwrap().left(Side::X, t0 + s(99)), s(40));
    // O's flag falls while it thinks: the move it makes then is not played.
    assert_eq!(
        game.play(cell(&game, "a2"), t0 + s(81)),
        Ok(Played::Flagged(Side::O))
    );
    assert_eq!(game.moves().len(), 5);
    assert_eq!(game.ending(), Some(Ending::won(Side::X, WinBy::Time)));
    assert_eq!(game.record().result.unwrap().to_string(), "X wins by T");
    // Reviewing stops the clock; a flag seen by the clock's tick ends the game too.
    let mut game = Session::new(gomoku(), people()).with_timing(Some("1m".parse().unwrap()));
    play(&mut game, "h8");
    game.run_clock(t0);
    game.back();
    game.run_clock(t0 + s(30));
    assert_eq!(game.clocks().unwrap().running(), None);
    game.forward();
    assert_eq!(game.run_clock(t0 + s(30)), None);
    assert_eq!(game.run_clock(t0 + s(90)), Some(Side::O));
    assert_eq!(game.ending(), Some(Ending::won(Side::X, WinBy::Time)));
    assert_eq!(
        game.time_control(Side::O).game.unwrap().left,
        Duration::ZERO
    );
}

#[test]
fn the_record_round_trips_with_its_opening_and_result() {
    let mut s = Session::new(gomoku(), people())
        .with_opening(OpeningRule::Swap2)
        .unwrap();
    play(&mut s, "h8 i8 h10");
    s.act(Act::PlaceTwo).unwrap();
    play(&mut s, "j9 g9");
    s.act(Act::Black).unwrap();
    play(&mut s, "k10 a1");
    s.end(Ending::won(Side::X, WinBy::Time)).unwrap();
    for format in [Format::Sgf, Format::MoveLine] {
        let text = s.record().write(format);
        let record = Record::parse(&text, format, &crate::record::Given::default()).unwrap();
        assert_eq!(record, s.record(), "{format}:\n{text}");
        let again = Session::from_record(&record, people());
        assert_eq!(again.opening().map(|o| o.kept()), Some(5));
        assert_eq!(again.line(), s.line());
        assert_eq!(
            again.ending(),
            None,
            "a record's result is the front end's to take"
        );
    }
    // Loaded into a session that goes on, and started again.
    let mut other = Session::new(gomoku(), people());
    other.load(&s.record());
    assert_eq!((other.line().len(), other.kept()), (7, 5));
    other.new_game();
    assert!(other.line().is_empty() && other.opening().is_none());
}

#[test]
fn a_computer_s_part_in_the_opening_is_asked_of_the_session() {
    let rules = || Occupant::Machine(Seat::new("rules".parse().unwrap()));
    let mut s: Session<Seat> = Session::new(gomoku(), [rules(), rules()])
        .with_opening(OpeningRule::Swap2)
        .unwrap();
    let (side, _) = s.machine_to_act().unwrap();
    assert_eq!(side, Side::X);
    let acts = s.machine_acts(&Ask::now()).unwrap();
    assert_eq!(acts.len(), 3);
    for act in acts {
        s.act(act).unwrap();
    }
    // Rules values nothing: it never takes black, it plays white's fourth stone; a seat
    // kept elsewhere does the same.
    let mut seat = Seat::new("rules".parse().unwrap());
    let acts = s.machine_acts_with(&mut seat, &Ask::now()).unwrap();
    assert!(matches!(acts[..], [Act::White(_)]), "{acts:?}");
    assert_eq!(s.machine_acts(&Ask::now()), Ok(acts.clone()));
    s.act(acts[0]).unwrap();
    assert_eq!(s.record().opening(), Opened::new(OpeningRule::Swap2, 4));
    assert_eq!(s.machine_acts(&Ask::now()), Err(SessionError::NoOpening));
    // All or none: a refused act leaves the session as it was.
    let mut s = Session::new(gomoku(), people())
        .with_opening(OpeningRule::Swap)
        .unwrap();
    let h8 = cell(&s, "h8");
    assert!(s.act_all(&[Act::Stone(h8), Act::Stone(h8)]).is_err());
    assert!(s.line().is_empty());
}
