//! `mnk play`: a game in the terminal, or over piped standard input.
//!
//! Works line by line, so it needs no terminal: `printf 'b2\nquit\n' | mnk play` plays b2 and
//! stops. A wrong input is explained and asked again; end of input ends the session cleanly.
//! The game itself (seats, moves, undo, the opening, the clocks, the result, the record) is
//! the library's [`Session`]; this module reads lines, prints, and times the machine.

use crate::args::{PlayArgs, SeatSpec};
use crate::failure::Failure;
use crate::interrupt::{think, think_within};
use crate::prompt::{Command, Input, read_input};
use crate::render::human_time;
use crate::render::{self, thousands};
use crate::{records, seating};
use mnk::game::{Ending, Side, Status, WinBy};
use mnk::notation::{format_cell, format_moves, parse_move};
use mnk::players::Seat;
use mnk::search::{MOVE_OVERHEAD, TimePlan, clock_face};
use mnk::session::{Occupant, Played, Session, SessionError, hint_player};
use std::io::{BufRead, Write};
use std::time::Instant;

/// What the prompt accepts, said after a line it cannot read.
const COMMANDS: &str = "Type a move like b2, or help, undo, hint, quit.";

const HELP: &str = "\
Type a move as a column letter and a row number, like b2 (h8 is the centre of 15x15).
Commands:
  undo        take back your last move (and the machine's reply)
  hint        ask the strongest player for a move
  moves       print the moves so far (use them with --moves to resume)
  save FILE   write the game to FILE: .psq (Piskvork), .sgf, or the move line (resume it
              with --load FILE)
  board       show the board again
  help        this text
  quit, bye   leave the game";

/// A game at the prompt: the session, and the strongest player seated for hints on the
/// first one.
struct LineGame {
    session: Session<Seat>,
    hinter: Option<Seat>,
}

impl LineGame {
    fn show(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(
            out,
            "{}",
            render::board(self.session.board(), self.session.game().last_move())
        )
    }
}

/// How the game is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The full-screen board (a terminal).
    Full,
    /// Lines of text; `echo` repeats each input line after the prompt (for piped input, so
    /// the transcript reads like a session at a terminal).
    Lines { echo: bool },
}

/// Plays the game.
pub fn run(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    screen: Screen,
) -> Result<(), Failure> {
    let (variant, game, loaded) = records::position(&args.game, &args.moves, &args.record)?;
    let defaults = args.limits.options();
    let x = args.x.clone().unwrap_or(SeatSpec::Human);
    let o = args.o.clone().unwrap_or_else(|| match x {
        SeatSpec::Human => SeatSpec::Computer(mnk::players::strongest_for(&variant)),
        SeatSpec::Computer(_) => SeatSpec::Human,
    });
    let seat = |side: Side, s: SeatSpec| match s {
        SeatSpec::Human => Ok(Occupant::Human),
        SeatSpec::Computer(mut spec) => {
            spec.options = spec.options.or(defaults);
            seating::check(&side.to_string(), &spec, game.board())?;
            let mut seat = Seat::new(spec);
            seat.prepare(&variant);
            Ok::<_, Failure>(Occupant::Machine(seat))
        }
    };
    let seats = [seat(Side::X, x)?, seat(Side::O, o)?];
    // A loaded record's opening stays the game's (undo leaves it, saves name it).
    let session = match &loaded {
        Some(record) => Session::from_record(record, seats),
        None => Session::from_game(game, seats),
    };
    let mut session = session.with_timing(args.time_control);
    if let Some(rule) = args.opening {
        session = session
            .with_opening(rule)
            .map_err(|e| Failure::Usage(format!("--opening {rule}: {e}")))?;
    }
    let echo = match screen {
        Screen::Full => {
            let saving = crate::tui::Saving {
                format: args.record.format,
                autosave: records::Autosave::new(args.autosave.as_deref(), args.record.format),
            };
            return crate::tui::run(session, saving, out);
        }
        Screen::Lines { echo } => echo,
    };
    if session.opening_under_way().is_some() {
        let mut talk = super::opening::Dialogue { input, out, echo };
        if !super::opening::play(&mut session, &mut talk)? {
            return Ok(());
        }
    }
    let mut game = LineGame {
        session,
        hinter: None,
    };
    let mut autosave = records::Autosave::new(args.autosave.as_deref(), args.record.format);
    writeln!(
        out,
        "mnk: {} board, {}. {} against {}.",
        variant.size(),
        variant.win_phrase(),
        game.session.label(Side::X),
        game.session.label(Side::O)
    )?;
    if game.session.humans() > 0 {
        let size = variant.size();
        let centre = size
            .cell(i32::from(size.height) / 2, i32::from(size.width - 1) / 2)
            .expect("on the board");
        writeln!(
            out,
            "Type a move like {}, or 'help'.",
            format_cell(centre, size)
        )?;
    }
    game.show(out)?;
    crate::interrupt::install();
    loop {
        crate::interrupt::on_leave(format!("Interrupted.{}", moves_so_far(&game.session)));
        if let Some(autosave) = &mut autosave {
            autosave.write(&game.session.record(), out)?;
        }
        if let Some(flagged) = game.session.run_clock(Instant::now()) {
            return flag_fell(&game.session, flagged, autosave.as_mut(), out);
        }
        if game.session.is_over() {
            return finish(&game.session, out);
        }
        let board = game.session.board();
        let side = board.to_move();
        let plan = if game.session.clocks().is_some() {
            game.session
                .time_control(side)
                .plan(board.stones(), board.empty_cells(), MOVE_OVERHEAD)
        } else {
            TimePlan::UNLIMITED
        };
        if let (Occupant::Machine(seat), board) = game.session.seat_with_board(side) {
            let spec = seat.spec().clone();
            let (choice, elapsed) = match think_within(seat, board, plan) {
                Ok(t) => (t.choice, t.time),
                Err(e) => {
                    writeln!(out, "{side} ({}) cannot move: {e}", spec.name)?;
                    let moves = moves_so_far(&game.session);
                    if !moves.is_empty() {
                        writeln!(out, "{}", moves.trim_start())?;
                    }
                    return Err(Failure::Runtime(format!(
                        "{} could not choose a move",
                        spec.name
                    )));
                }
            };
            match game.session.play(choice.cell, Instant::now()) {
                Ok(Played::Flagged(flagged)) => {
                    return flag_fell(&game.session, flagged, autosave.as_mut(), out);
                }
                Ok(_) => {}
                Err(e) => {
                    return Err(Failure::Runtime(format!(
                        "{} chose an illegal move: {e}",
                        spec.name
                    )));
                }
            }
            let mut details = format!(
                "machine thinking {}, {} nodes",
                human_time(elapsed),
                thousands(choice.nodes)
            );
            if let Some(depth) = choice.depth {
                details.push_str(&format!(", depth {depth}"));
            }
            if let Some(value) = choice.value {
                details.push_str(&format!(", value {}", value.seen_by(side)));
            }
            writeln!(
                out,
                "{side} ({}) plays {}  ({details})",
                spec.name,
                format_cell(choice.cell, variant.size())
            )?;
            game.show(out)?;
            continue;
        }
        let clock = game.session.clocks().map_or_else(String::new, |c| {
            format!(" [{} left]", clock_face(c.left(side, Instant::now())))
        });
        write!(out, "{} to move{clock}> ", game.session.label(side))?;
        out.flush()?;
        let line = match read_input(input, out, echo, COMMANDS)? {
            Input::Line(line) => line,
            Input::End => {
                writeln!(out)?;
                writeln!(out, "End of input.{}", moves_so_far(&game.session))?;
                return Ok(());
            }
            Input::Unreadable => continue,
        };
        if let Some(path) = records::save_command(&line) {
            let record = game.session.record();
            records::save_at_prompt(path, args.record.format, &record, out)?;
            continue;
        }
        let command = line.trim().to_ascii_lowercase();
        match (Command::of(&command), command.as_str()) {
            (_, "") => {}
            (Some(Command::Quit), _) => {
                writeln!(out, "Bye.{}", moves_so_far(&game.session))?;
                return Ok(());
            }
            (Some(Command::Help), _) => writeln!(out, "{HELP}")?,
            (Some(Command::Board), _) => game.show(out)?,
            (_, "moves") => writeln!(
                out,
                "Moves: {}",
                format_moves(game.session.moves(), variant.size())
            )?,
            (_, "undo") => undo(&mut game, out)?,
            (_, "hint") => hint(&mut game, out)?,
            (_, text) => match parse_move(text, game.session.board()) {
                Ok(cell) => match game.session.play(cell, Instant::now()) {
                    Ok(Played::Flagged(flagged)) => {
                        return flag_fell(&game.session, flagged, autosave.as_mut(), out);
                    }
                    Ok(_) => {
                        let next = game.session.board().to_move();
                        if game.session.is_over() || game.session.is_human(next) {
                            game.show(out)?;
                        }
                    }
                    Err(e) => writeln!(out, "{e}. {COMMANDS}")?,
                },
                Err(e) => writeln!(out, "{e}. Type a move like b2, or help, undo, hint, quit.")?,
            },
        }
    }
}

/// The game ended on time: says so, with the moves.
fn flag_fell(
    session: &Session<Seat>,
    side: Side,
    autosave: Option<&mut records::Autosave>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if let Some(autosave) = autosave {
        autosave.write(&session.record(), out)?;
    }
    writeln!(
        out,
        "{side}'s flag fell: {} wins on time.",
        session.label(side.other())
    )?;
    writeln!(
        out,
        "Moves: {}",
        format_moves(session.moves(), session.variant().size())
    )?;
    Ok(())
}

/// Takes back moves until it is a human's turn again, having removed at least one human move
/// (the opening's stones stay); what is taken back is gone (the line game has no redo).
fn undo(game: &mut LineGame, out: &mut dyn Write) -> Result<(), Failure> {
    match game.session.undo() {
        Ok(_) => {
            game.session.forget_undone();
            game.show(out)?;
        }
        Err(SessionError::NothingToUndo) => writeln!(out, "Nothing to undo.")?,
        Err(e) => writeln!(out, "{e}.")?,
    }
    Ok(())
}

fn hint(game: &mut LineGame, out: &mut dyn Write) -> Result<(), Failure> {
    let board = game.session.board();
    let variant = game.session.variant();
    let seat = game
        .hinter
        .get_or_insert_with(|| Seat::new(hint_player(&variant)));
    match think(seat, board) {
        Ok(thought) => {
            let choice = thought.choice;
            let mover = board.to_move();
            let value = choice
                .value
                .map(|v| format!(", {}", v.seen_by(mover)))
                .unwrap_or_default();
            writeln!(
                out,
                "Hint: {} ({}{value})",
                format_cell(choice.cell, variant.size()),
                seat.spec().name
            )?;
        }
        Err(e) => writeln!(out, "No hint: {e}")?,
    }
    Ok(())
}

fn finish(session: &Session<Seat>, out: &mut dyn Write) -> Result<(), Failure> {
    let size = session.variant().size();
    match (session.ending(), session.board().status()) {
        (
            Some(Ending::Won {
                winner,
                by: WinBy::Row,
            }),
            Status::Won { line, .. },
        ) => {
            let cells: Vec<_> = line.cells(size).collect();
            writeln!(
                out,
                "{} wins with {}.",
                session.label(winner),
                format_moves(&cells, size)
            )?;
        }
        (Some(Ending::Drawn(_)), _) => writeln!(out, "Draw.")?,
        (Some(other), _) => writeln!(out, "{other}.")?,
        (None, _) => {}
    }
    writeln!(out, "Moves: {}", format_moves(session.moves(), size))?;
    Ok(())
}

/// " Moves so far: h8 h7" to resume the game from (`--moves`), or nothing before the first move.
fn moves_so_far(session: &Session<Seat>) -> String {
    if session.moves().is_empty() {
        String::new()
    } else {
        format!(
            " Moves so far: {}",
            format_moves(session.moves(), session.variant().size())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{GameArgs, LimitArgs, PlayArgs, RecordArgs};

    fn args(x: Option<&str>, o: Option<&str>) -> PlayArgs {
        PlayArgs {
            game: GameArgs {
                size: None,
                k: None,
                rule: None,
            },
            x: x.map(|s| s.parse().unwrap()),
            o: o.map(|s| s.parse().unwrap()),
            limits: LimitArgs {
                time_ms: None,
                depth: None,
                nodes: None,
                threads: None,
                memory_mb: None,
            },
            moves: String::new(),
            time_control: None,
            plain: true,
            record: RecordArgs {
                load: None,
                format: None,
            },
            autosave: None,
            opening: None,
        }
    }

    fn session(args: &PlayArgs, input: &str) -> (Result<(), Failure>, String) {
        let mut out = Vec::new();
        let result = run(
            args,
            &mut input.as_bytes(),
            &mut out,
            Screen::Lines { echo: true },
        );
        (result, String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_full_game_against_perfect_ends_in_a_draw() {
        // The human takes the centre and then blocks; perfect answers in corners.
        let (result, out) = session(&args(None, None), "b2\nc3\nc1\nb1\na2\n");
        assert!(result.is_ok());
        assert!(out.contains("O (perfect) plays"), "{out}");
        assert!(out.contains("Draw.") || out.contains("wins with"), "{out}");
    }

    #[test]
    fn bad_input_is_explained_and_asked_again() {
        let (result, out) = session(&args(None, Some("human")), "z9\nb2\nb2\nhello\nquit\n");
        assert!(result.is_ok());
        assert!(
            out.contains("z9 is off the board: columns run a to c, rows 1 to 3"),
            "{out}"
        );
        assert!(out.contains("b2 is already taken"), "{out}");
        assert!(out.contains("cannot read 'hello'"), "{out}");
        assert!(out.contains("Bye. Moves so far: b2"), "{out}");
    }

    #[test]
    fn quitting_before_any_move_lists_no_moves() {
        let (result, out) = session(&args(None, Some("human")), "quit\n");
        assert!(result.is_ok());
        assert!(out.trim_end().ends_with("Bye."), "{out}");
    }

    #[test]
    fn undo_takes_back_the_machine_reply_too() {
        let (_, out) = session(&args(None, Some("rules")), "a1\nundo\nmoves\nundo\nquit\n");
        assert!(out.contains("O (rules) plays b2"), "{out}");
        assert!(
            out.contains("Moves: \n") || out.contains("Moves: \r\n"),
            "{out}"
        );
        assert!(out.contains("Nothing to undo."), "{out}");
    }

    #[test]
    fn two_machines_play_to_the_end_without_input() {
        let (result, out) = session(&args(Some("perfect"), Some("rules")), "");
        assert!(result.is_ok());
        assert!(out.contains("wins with") || out.contains("Draw."), "{out}");
    }

    /// `args` on 15x15 under `rule`, opening by `opening`.
    fn swap_args(x: &str, o: &str, opening: &str, rule: mnk::game::Rule) -> PlayArgs {
        let mut a = args(Some(x), Some(o));
        a.game.size = Some(mnk::game::Size::square(15));
        a.game.rule = Some(rule);
        a.opening = Some(opening.parse().unwrap());
        a
    }

    #[test]
    fn the_swap_opening_sets_the_colours_as_chosen() {
        use mnk::game::Rule::Freestyle;
        // The human opens; rules, which values nothing, never takes black: it plays white's
        // fourth stone, and the human goes on as X. Undo leaves the opening alone.
        let dir = tempfile::tempdir().unwrap();
        let saved = dir.path().join("game.sgf");
        let mut a = swap_args("human", "rules", "swap", Freestyle);
        a.autosave = Some(saved.to_string_lossy().into_owned());
        let (result, out) = session(&a, "h8\nh9\nj10\nundo\nmoves\nquit\n");
        assert!(result.is_ok(), "{out}");
        // The record names the opening: swap, whose first four stones it placed.
        let sgf = std::fs::read_to_string(&saved).unwrap();
        assert!(sgf.contains("OP[swap:4]"), "{sgf}");
        assert!(
            out.contains("the other player (rules) keeps white and plays"),
            "{out}"
        );
        assert!(out.contains("X (you) against O (rules)"), "{out}");
        assert!(out.contains("Nothing to undo."), "{out}");
        assert!(out.contains("Moves: h8 h9 j10 "), "{out}");
        // Rules opens (the first of the shapes: it judges none better); the human takes black,
        // and rules, now white, plays the fourth stone.
        let a = swap_args("rules", "human", "swap", Freestyle);
        let (result, out) = session(&a, "black\nquit\n");
        assert!(result.is_ok(), "{out}");
        assert!(out.contains("the opener (rules) places h8 i8 h6."), "{out}");
        assert!(out.contains("the other player (you) takes black"), "{out}");
        assert!(out.contains("X (you) against O (rules)"), "{out}");
        assert!(out.contains("O (rules) plays"), "{out}");
    }

    #[test]
    fn under_swap2_the_chooser_may_place_two_stones_and_the_opener_chooses() {
        use mnk::game::Rule::Freestyle;
        // Two stones where one is asked for: refused; under swap2 the chooser's two stones
        // are the fourth and fifth, and rules (the opener) then plays white's sixth: it is
        // white from there, the human black.
        let a = swap_args("rules", "human", "swap", Freestyle);
        let (_, out) = session(&a, "i10 j11\nquit\n");
        assert!(out.contains("Type black, or one move like h9"), "{out}");
        let a = swap_args("rules", "human", "swap2", Freestyle);
        let (result, out) = session(&a, "z9\nh8\ni10 j11 k12\ni10 j11\nquit\n");
        assert!(result.is_ok(), "{out}");
        assert!(out.contains("z9 is off the board"), "{out}");
        assert!(out.contains("h8 is already taken"), "{out}");
        assert!(out.contains("or 2 moves like h9 i9"), "{out}");
        assert!(
            out.contains("the other player (you) places i10 j11: the opener (rules) chooses."),
            "{out}"
        );
        assert!(
            out.contains("the opener (rules) takes white and plays"),
            "{out}"
        );
        assert!(out.contains("X (you) against O (rules)"), "{out}");
        assert!(out.contains("Moves so far: h8 i8 h6 i10 j11 "), "{out}");
    }

    #[test]
    fn a_loaded_record_keeps_its_opening() {
        // Swap's four stones, then X's fifth: undo takes back the fifth, not the opening, and a
        // save names the opening again.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("swap.sgf");
        std::fs::write(
            &path,
            "(;FF[4]GM[4]SZ[15]RU[0]OP[swap:4];B[hh];W[ih];B[jj];W[ii];B[gg])",
        )
        .unwrap();
        let saved = dir.path().join("again.sgf");
        let mut a = args(Some("human"), Some("human"));
        a.record.load = Some(path.to_string_lossy().into_owned());
        let input = format!("undo\nundo\nsave {}\nquit\n", saved.display());
        let (result, out) = session(&a, &input);
        assert!(result.is_ok(), "{out}");
        assert!(out.contains("Nothing to undo."), "{out}");
        assert!(out.contains("Bye. Moves so far: h8 i8 j6 i7"), "{out}");
        let sgf = std::fs::read_to_string(&saved).unwrap();
        assert!(sgf.contains("OP[swap:4]"), "{sgf}");
        // The opener is asked for stones only: no `black` in what it may type.
        let a = swap_args("human", "rules", "swap", mnk::game::Rule::Freestyle);
        let (_, out) = session(&a, "h8 h9\nquit\n");
        assert!(
            out.contains("Type one move like h9; or board, help, quit."),
            "{out}"
        );
    }

    #[test]
    fn quitting_the_opening_ends_the_session_and_a_board_too_small_is_refused() {
        let a = swap_args("human", "rules", "swap", mnk::game::Rule::Renju);
        let (result, out) = session(&a, "quit\n");
        assert!(result.is_ok() && out.trim_end().ends_with("Bye."), "{out}");
        let mut a = swap_args("human", "rules", "swap", mnk::game::Rule::Freestyle);
        a.game.size = Some(mnk::game::Size::square(2));
        a.game.k = Some(2);
        let (result, _) = session(&a, "");
        assert!(
            matches!(&result, Err(Failure::Usage(e)) if e.contains("do not fit a 2x2 board")),
            "{result:?}"
        );
    }

    #[test]
    fn end_of_input_exits_cleanly() {
        let (result, out) = session(&args(None, None), "");
        assert!(result.is_ok());
        assert!(out.contains("End of input."), "{out}");
    }
}
