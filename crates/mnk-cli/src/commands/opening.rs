//! `mnk play --opening swap|swap2`: the tournament openings, played in lines before the game.
//!
//! The X seat opens: it places three stones, black, white, black. The O seat then chooses:
//! `black` (or `swap`) takes black, and the opener, now white, plays the fourth stone; a move
//! keeps white and plays it as white's fourth stone; under swap2 it may instead place two
//! stones, white's fourth and black's fifth, and the opener chooses the same way (`black`, or
//! white's sixth stone as white). A computer in either role plays as [`mnk::players::swap2`]
//! says (it never places the two extra stones). The opening is outside the clocks; the game
//! then goes on from its stones, with the seats' colours as chosen.

use crate::failure::Failure;
use crate::prompt::{Command, Input, read_input};
use crate::render;
use crate::tui::Occupant;
use mnk::game::OpeningRule;
use mnk::game::{Board, Cell, Variant};
use mnk::notation::{format_moves, parse_move};
use mnk::players::Ask;
use mnk::players::swap2::{self, Decision};
use std::io::{BufRead, Write};

/// What the opening left: its stones, and whether the seats changed colours (the O seat
/// plays black from here).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    /// The stones placed, black first.
    pub moves: Vec<Cell>,
    /// The seat that sat at O plays X now, and the other O.
    pub swapped: bool,
}

const HELP: &str = "\
The swap opening: the opener (X for now) places three stones, black, white, black; the
other player then types black (or swap) to take black, or a move to keep white and play it.
Under swap2 the other player may instead type two moves, white's fourth and black's fifth
stones, and the opener chooses the same way: black, or white's sixth stone as white.
Commands: board, help, quit.";

/// What the opening's prompts accept, said after a line they cannot read.
const COMMANDS: &str = "Type black, a move like h8, or help, board, quit.";

/// Where the dialogue reads and writes.
pub struct Lines<'a> {
    pub input: &'a mut dyn BufRead,
    pub out: &'a mut dyn Write,
    /// Repeat each line read after its prompt (piped input).
    pub echo: bool,
}

/// A human's answer at a prompt: the words typed, or leaving.
enum Said {
    Words(String),
    Leave,
}

impl Lines<'_> {
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

/// Who sits where during the opening, by role.
fn label(seat: &Occupant, role: &str, humans: usize) -> String {
    match seat {
        Occupant::Human if humans == 1 => format!("{role} (you)"),
        Occupant::Human => role.to_string(),
        Occupant::Computer(seat) => format!("{role} ({})", seat.spec().name),
    }
}

/// Plays the opening between `seats` (the X seat opens); `None` when a human left.
///
/// # Errors
/// When no opening fits the board, a computer cannot choose, or output fails.
pub fn play(
    rule: OpeningRule,
    variant: &Variant,
    seats: &mut [Occupant; 2],
    lines: &mut Lines<'_>,
) -> Result<Option<Opened>, Failure> {
    if swap2::candidates(variant).is_empty() {
        return Err(Failure::Usage(format!(
            "--opening {rule}: the opening's three stones do not fit a {} board with {} in a row",
            variant.size(),
            variant.k()
        )));
    }
    let humans = seats
        .iter()
        .filter(|s| matches!(s, Occupant::Human))
        .count();
    let opener = label(&seats[0], "the opener", humans);
    let chooser = label(&seats[1], "the other player", humans);
    writeln!(
        lines.out,
        "{rule} opening: {opener} places three stones (black, white, black); {chooser} then takes black or plays white{}.",
        if rule == OpeningRule::Swap2 {
            ", or places two more stones and lets the opener choose"
        } else {
            ""
        }
    )?;
    let size = variant.size();
    // The opener's three stones.
    let three = match &mut seats[0] {
        Occupant::Computer(seat) => {
            let three = swap2::open(seat, variant, &Ask::now())
                .ok_or_else(|| Failure::Runtime(format!("no opening fits a {size} board")))?;
            writeln!(lines.out, "{opener} places {}.", format_moves(&three, size))?;
            three.to_vec()
        }
        Occupant::Human => {
            let mut board = Board::new(*variant);
            let mut three = Vec::new();
            for (i, colour) in ["black", "white", "black"].into_iter().enumerate() {
                let prompt = format!("{opener}: stone {} of 3 ({colour})", i + 1);
                let Some(cell) = human_stone(lines, &prompt, &board)? else {
                    return Ok(None);
                };
                board.play(cell);
                three.push(cell);
            }
            three
        }
    };
    let board =
        Board::from_moves(*variant, &three).map_err(|(_, e)| Failure::Runtime(e.to_string()))?;
    lines.show(&board)?;
    // The chooser: black, white's fourth stone, or (swap2) two more stones.
    let most = if rule == OpeningRule::Swap2 { 2 } else { 1 };
    let prompt = if most == 2 {
        format!("{chooser}: black, white's fourth stone, or two stones (white's, black's)")
    } else {
        format!("{chooser}: black, or white's fourth stone")
    };
    let Some(answer) = decision(&mut seats[1], lines, &prompt, &board, most, &chooser)? else {
        return Ok(None);
    };
    let opened = match answer {
        Answer::Black => {
            writeln!(lines.out, "{chooser} takes black: {opener} plays white.")?;
            Opened {
                moves: three,
                swapped: true,
            }
        }
        Answer::Stones(stones) if stones.len() == 1 => {
            writeln!(
                lines.out,
                "{chooser} keeps white and plays {}.",
                format_moves(&stones, size)
            )?;
            Opened {
                moves: [three, stones].concat(),
                swapped: false,
            }
        }
        Answer::Stones(stones) => {
            let five = [three, stones].concat();
            writeln!(
                lines.out,
                "{chooser} places {}: {opener} chooses.",
                format_moves(&five[3..], size)
            )?;
            let board = Board::from_moves(*variant, &five)
                .map_err(|(_, e)| Failure::Runtime(e.to_string()))?;
            lines.show(&board)?;
            let prompt = format!("{opener}: black, or white's sixth stone");
            let Some(answer) = decision(&mut seats[0], lines, &prompt, &board, 1, &opener)? else {
                return Ok(None);
            };
            match answer {
                Answer::Black => {
                    writeln!(lines.out, "{opener} keeps black: {chooser} plays white.")?;
                    Opened {
                        moves: five,
                        swapped: false,
                    }
                }
                Answer::Stones(sixth) => {
                    writeln!(
                        lines.out,
                        "{opener} takes white and plays {}.",
                        format_moves(&sixth, size)
                    )?;
                    Opened {
                        moves: [five, sixth].concat(),
                        swapped: true,
                    }
                }
            }
        }
    };
    if opened.swapped {
        seats.swap(0, 1);
    }
    Ok(Some(opened))
}

/// A decision with white to move.
enum Answer {
    /// Take black.
    Black,
    /// Keep white and play these stones (one, or swap2's two).
    Stones(Vec<Cell>),
}

/// The answer of the seat deciding on `board` (white to move): a computer's by
/// [`swap2::choose`], a human's typed (`black` or `swap`, or up to `most` stones).
fn decision(
    seat: &mut Occupant,
    lines: &mut Lines<'_>,
    prompt: &str,
    board: &Board,
    most: usize,
    who: &str,
) -> Result<Option<Answer>, Failure> {
    match seat {
        Occupant::Computer(seat) => {
            let decided = swap2::choose(seat, board, &Ask::now())
                .map_err(|e| Failure::Runtime(format!("{who} cannot choose: {e}")))?;
            Ok(Some(match decided {
                Decision::Swap => Answer::Black,
                Decision::Play(cell) => Answer::Stones(vec![cell]),
            }))
        }
        Occupant::Human => loop {
            let Said::Words(words) = lines.ask(prompt, board)? else {
                return Ok(None);
            };
            if matches!(words.as_str(), "black" | "swap") {
                return Ok(Some(Answer::Black));
            }
            match stones(&words, board, most, true) {
                Ok(cells) => return Ok(Some(Answer::Stones(cells))),
                Err(e) => writeln!(lines.out, "{e}")?,
            }
        },
    }
}

/// Asks a human for one stone on `board` until it is given; `None` when the human left.
fn human_stone(
    lines: &mut Lines<'_>,
    prompt: &str,
    board: &Board,
) -> Result<Option<Cell>, Failure> {
    loop {
        let Said::Words(words) = lines.ask(prompt, board)? else {
            return Ok(None);
        };
        match stones(&words, board, 1, false) {
            Ok(cells) => return Ok(cells.first().copied()),
            Err(e) => writeln!(lines.out, "{e}")?,
        }
    }
}

/// One to `most` moves typed on one line, each legal after the ones before it on `board`
/// (`black` says whether taking black was the other answer, for the message).
fn stones(words: &str, board: &Board, most: usize, black: bool) -> Result<Vec<Cell>, String> {
    let words: Vec<&str> = words.split_whitespace().collect();
    if words.is_empty() || words.len() > most {
        let moves = if most == 1 {
            "one move like h9".to_string()
        } else {
            format!("one move like h9, or {most} moves like h9 i9")
        };
        let or_black = if black { "black, or " } else { "" };
        return Err(format!("Type {or_black}{moves}; or board, help, quit."));
    }
    let mut board = board.clone();
    let mut cells = Vec::new();
    for word in words {
        let cell = parse_move(word, &board).map_err(|e| format!("{e}."))?;
        board.play(cell);
        cells.push(cell);
    }
    if board.is_over() {
        return Err("The opening's stones may not end the game.".to_string());
    }
    Ok(cells)
}
