//! What the prompts of `mnk play` share (the game's and the swap opening's): reading a line,
//! and the words every prompt knows.

use std::io::{BufRead, Write};

/// The words every prompt of `mnk play` knows, the opening's included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// `quit`, `bye`, `exit`, `q`: leave.
    Quit,
    /// `help`, `?`, `h`.
    Help,
    /// `board`, `show`: the board again.
    Board,
}

impl Command {
    /// The command a (lowercase, trimmed) line is, if it is one.
    pub fn of(line: &str) -> Option<Command> {
        match line {
            "quit" | "bye" | "exit" | "q" => Some(Command::Quit),
            "help" | "?" | "h" => Some(Command::Help),
            "board" | "show" => Some(Command::Board),
            _ => None,
        }
    }
}

/// A line typed at a prompt.
pub enum Input {
    /// The line, repeated after the prompt when echoing.
    Line(String),
    /// The input ended.
    End,
    /// A line that is not UTF-8 text (already explained to the player).
    Unreadable,
}

/// Reads one line at a prompt: echoes it when `echo` (piped input, so the transcript reads
/// like a session at a terminal), explains a line that is not text.
pub fn read_input(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    echo: bool,
    commands: &str,
) -> std::io::Result<Input> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(Input::End);
    }
    let Ok(line) = String::from_utf8(bytes) else {
        writeln!(
            out,
            "cannot read that line: it is not UTF-8 text. {commands}"
        )?;
        return Ok(Input::Unreadable);
    };
    if echo {
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(Input::Line(line))
}
