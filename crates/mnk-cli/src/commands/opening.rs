//! `mnk play --opening swap|swap2` in lines: the tournament opening's dialogue before the game.
//!
//! The library's session says who acts, what is open and when the opening ends
//! ([`mnk::game::Opening`] inside [`Session`]); this module asks the people at the keyboard in
//! lines and says what happened. The X seat opens: it places three stones, black, white,
//! black. The O seat then chooses: `black` (or `swap`) takes black, and the opener, now white,
//! plays the fourth stone; a move keeps white and plays it as white's fourth stone; under
//! swap2 it may instead place two stones, white's fourth and black's fifth, and the opener
//! chooses the same way (`black`, or white's sixth stone as white). A computer in either role
//! acts as [`mnk::players::swap2::acts`] says (it never places the two extra stones). The
//! opening is outside the clocks; the game then goes on from its stones, with the seats'
//! colours as chosen.

use crate::failure::Failure;
use crate::prompt::{Command, Input, read_input};
use crate::render;
use mnk::game::{Act, Board, Cell, Choice, Game, Opening, OpeningError, OpeningRule, Side, Stage};
use mnk::notation::{format_moves, parse_move};
use mnk::players::{Ask, Seat};
use mnk::session::{Occupant, Session, SessionError};
use std::io::{BufRead, Write};

const HELP: &str = "\
The swap opening: the opener (X for now) places three stones, black, white, black; the
other player then types black (or swap) to take black, or a move to keep white and play it.
Under swap2 the other player may instead type two moves, white's fourth and black's fifth
stones, and the opener chooses the same way: black, or white's sixth stone as white.
Commands: board, help, quit.";

/// What the opening's prompts accept, said after a line they cannot read.
const COMMANDS: &str = "Type black, a move like h8, or help, board, quit.";

/// Where the dialogue reads and writes.
pub struct Dialogue<'a> {
    /// The lines typed.
    pub input: &'a mut dyn BufRead,
    /// Where the dialogue is written.
    pub out: &'a mut dyn Write,
    /// Repeat each line read after its prompt (piped input).
    pub echo: bool,
}

/// A human's answer at a prompt: the words typed, or leaving.
enum Said {
    Words(String),
    Leave,
}

impl Dialogue<'_> {
    /// Asks until a line that is not a command ([`Said::Leave`] when the human quits or the
    /// input ends).
    fn ask(&mut self, prompt: &str, board: &Board) -> Result<Said, Failure> {
        loop {
            write!(self.out, "{prompt}> ")?;
            self.out.flush()?;
            let line = match read_input(self.input, self.out, self.echo, COMMANDS)? {
                Input::Line(line) => line,
                Input::End => {
                    writeln!(self.out)?;
                    writeln!(self.out, "End of input.")?;
                    return Ok(Said::Leave);
                }
                Input::Unreadable => continue,
            };
            let words = line.trim().to_ascii_lowercase();
            if words.is_empty() {
                continue;
            }
            match Command::of(&words) {
                Some(Command::Quit) => {
                    writeln!(self.out, "Bye.")?;
                    return Ok(Said::Leave);
                }
                Some(Command::Help) => writeln!(self.out, "{HELP}")?,
                Some(Command::Board) => self.show(board)?,
                _ => return Ok(Said::Words(words)),
            }
        }
    }

    fn show(&mut self, board: &Board) -> Result<(), Failure> {
        writeln!(self.out, "{}", render::board(board, None))?;
        Ok(())
    }
}

/// The roles' labels as the opening begins (the seats may change colours by its end).
struct Roles {
    opener: String,
    chooser: String,
}

/// Plays the opening under way in `session` with the people at `talk`; `false` when a human
/// left.
///
/// # Errors
/// When a computer cannot act, or output fails.
pub fn play(session: &mut Session<Seat>, talk: &mut Dialogue<'_>) -> Result<bool, Failure> {
    let Some(opening) = session.opening_under_way().copied() else {
        return Ok(true);
    };
    let roles = Roles {
        opener: session.role_label(Side::X),
        chooser: session.role_label(Side::O),
    };
    writeln!(
        talk.out,
        "{} opening: {} places three stones (black, white, black); {} then takes black or plays white{}.",
        opening.rule(),
        roles.opener,
        roles.chooser,
        if opening.rule() == OpeningRule::Swap2 {
            ", or places two more stones and lets the opener choose"
        } else {
            ""
        }
    )?;
    while let Some(opening) = session.opening_under_way().copied() {
        let side = opening
            .to_act()
            .expect("an opening under way has a seat to act");
        let acts = match session.seat(side) {
            Occupant::Machine(_) => {
                let who = if side == Side::X {
                    &roles.opener
                } else {
                    &roles.chooser
                };
                session.machine_acts(&Ask::now()).map_err(|e| match e {
                    SessionError::Machine(e) => {
                        Failure::Runtime(format!("{who} cannot choose: {e}"))
                    }
                    e => Failure::Runtime(e.to_string()),
                })?
            }
            Occupant::Human => match ask(session, &opening, &roles, talk)? {
                Some(acts) => acts,
                None => return Ok(false),
            },
        };
        for &act in &acts {
            session
                .act(act)
                .map_err(|e| Failure::Runtime(e.to_string()))?;
        }
        tell(session, &opening, &acts, &roles, talk)?;
    }
    Ok(true)
}

/// Asks the person in the role to act for its acts at this stage; `None` when it left.
fn ask(
    session: &Session<Seat>,
    opening: &Opening,
    roles: &Roles,
    talk: &mut Dialogue<'_>,
) -> Result<Option<Vec<Act>>, Failure> {
    let placed = opening.placed();
    let (prompt, choosing) = match opening.stage() {
        Stage::Place if placed < 3 => {
            let colour = if Side::to_move_after(placed) == Side::X {
                "black"
            } else {
                "white"
            };
            let n = placed + 1;
            (
                format!("{}: stone {n} of 3 ({colour})", roles.opener),
                false,
            )
        }
        Stage::Place => (
            format!("{}: stone {} of 2", roles.chooser, placed - 2),
            false,
        ),
        _ if opening.allows(Choice::PlaceTwo) => (
            format!(
                "{}: black, white's fourth stone, or two stones (white's, black's)",
                roles.chooser
            ),
            true,
        ),
        _ if placed == 3 => (
            format!("{}: black, or white's fourth stone", roles.chooser),
            true,
        ),
        _ => (
            format!("{}: black, or white's sixth stone", roles.opener),
            true,
        ),
    };
    let most = if opening.allows(Choice::PlaceTwo) {
        2
    } else {
        1
    };
    loop {
        let Said::Words(words) = talk.ask(&prompt, session.board())? else {
            return Ok(None);
        };
        if choosing && matches!(words.as_str(), "black" | "swap") {
            return Ok(Some(vec![Act::Black]));
        }
        match stones(&words, session.game(), opening, most, choosing) {
            Ok(acts) => return Ok(Some(acts)),
            Err(e) => writeln!(talk.out, "{e}")?,
        }
    }
}

/// The acts of one to `most` moves typed on one line: a stone placed, white's stone when
/// choosing, or swap2's two more stones. Tried on a copy of the opening, which refuses what
/// it does not take (`choosing` says whether taking black was the other answer, for the
/// message).
fn stones(
    words: &str,
    game: &Game,
    opening: &Opening,
    most: usize,
    choosing: bool,
) -> Result<Vec<Act>, String> {
    let words: Vec<&str> = words.split_whitespace().collect();
    if words.is_empty() || words.len() > most {
        let moves = if most == 1 {
            "one move like h9".to_string()
        } else {
            format!("one move like h9, or {most} moves like h9 i9")
        };
        let or_black = if choosing { "black, or " } else { "" };
        return Err(format!("Type {or_black}{moves}; or board, help, quit."));
    }
    let mut acts = Vec::new();
    if words.len() == 2 {
        acts.push(Act::PlaceTwo);
    }
    let (mut game, mut trial) = (game.clone(), *opening);
    for &act in &acts {
        trial.act(&mut game, act).map_err(|e| format!("{e}."))?;
    }
    for word in words {
        let cell = parse_move(word, game.board()).map_err(|e| format!("{e}."))?;
        let act = if choosing && acts.is_empty() {
            Act::White(cell)
        } else {
            Act::Stone(cell)
        };
        trial.act(&mut game, act).map_err(|e| match e {
            OpeningError::EndsGame => "The opening's stones may not end the game.".to_string(),
            e => format!("{e}."),
        })?;
        acts.push(act);
    }
    Ok(acts)
}

/// Says what the acts did, and shows the board when a choice is next.
fn tell(
    session: &Session<Seat>,
    before: &Opening,
    acts: &[Act],
    roles: &Roles,
    talk: &mut Dialogue<'_>,
) -> Result<(), Failure> {
    let size = session.variant().size();
    let cells = |acts: &[Act]| -> Vec<Cell> {
        acts.iter()
            .filter_map(|a| match a {
                Act::Stone(c) | Act::White(c) => Some(*c),
                _ => None,
            })
            .collect()
    };
    let (opener, chooser) = (&roles.opener, &roles.chooser);
    let placed = before.placed();
    match acts {
        [Act::Black] if placed == 3 => {
            writeln!(talk.out, "{chooser} takes black: {opener} plays white.")?;
        }
        [Act::Black] => writeln!(talk.out, "{opener} keeps black: {chooser} plays white.")?,
        [Act::White(c)] if placed == 3 => writeln!(
            talk.out,
            "{chooser} keeps white and plays {}.",
            format_moves(&[*c], size)
        )?,
        [Act::White(c)] => writeln!(
            talk.out,
            "{opener} takes white and plays {}.",
            format_moves(&[*c], size)
        )?,
        [Act::PlaceTwo, ..] => writeln!(
            talk.out,
            "{chooser} places {}: {opener} chooses.",
            format_moves(&cells(acts), size)
        )?,
        _ if before.stage() == Stage::Place && acts.len() == 3 => writeln!(
            talk.out,
            "{opener} places {}.",
            format_moves(&cells(acts), size)
        )?,
        _ => {}
    }
    if session
        .opening_under_way()
        .is_some_and(|o| o.stage() == Stage::Choose)
    {
        talk.show(session.board())?;
    }
    Ok(())
}
