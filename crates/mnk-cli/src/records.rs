//! Game records on disk: `--load FILE`, `--save FILE`, `save FILE` at the prompt and
//! `--autosave FILE`. The formats are the library's ([`mnk::record`]); this module reads and
//! writes the files (atomically) and turns what goes wrong into messages that name the file.

use crate::args::{DEFAULT_SIZE, GameArgs, RecordArgs};
use crate::failure::Failure;
use crate::files::{read_at_most, text, write_atomically};
use mnk::game::{Game, Variant};
use mnk::record::{Draft, Format, Given, Record};
use std::io::{self, Write};

/// The format of a file: `--format` when given, else its extension's.
pub fn format_of(path: &str, format: Option<Format>) -> Format {
    format.unwrap_or_else(|| Format::from_extension(path))
}

/// Reads a record whole. The command line's size, k and rule must agree with the record's;
/// a move line that does not say its size is on the command line's board (3x3 by default).
///
/// # Errors
/// [`Failure::Usage`] naming the file, and the line and why for a record that cannot be read.
pub fn load(path: &str, format: Option<Format>, game: &GameArgs) -> Result<Record, Failure> {
    let given = game.given();
    let default_size = given.size.unwrap_or(DEFAULT_SIZE);
    read(path, format, &given, Some(default_size)).map_err(|e| Failure::Usage(e.to_string()))
}

/// Why a file could not be loaded: it could not be read, or it is not a record.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read (`--load FILE: ...`).
    File(String),
    /// The file is not a record, or not one of this game (`FILE: line N: ...`).
    Record(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::File(e) => write!(f, "--load {e}"),
            LoadError::Record(e) => write!(f, "{e}"),
        }
    }
}

/// Reads the record in `path` whole, with what `given` asks of it; a record that does not say
/// its size is on a board of `default_size`.
///
/// # Errors
/// [`LoadError`] naming the file, and the line and why for a record that cannot be read.
pub fn read(
    path: &str,
    format: Option<Format>,
    given: &Given,
    default_size: Option<mnk::game::Size>,
) -> Result<Record, LoadError> {
    let max = mnk::record::MAX_RECORD_BYTES as u64;
    let text = read_at_most(std::path::Path::new(path), max, "a record")
        .map_err(|e| e.to_string())
        .and_then(|bytes| text(bytes, "a record"))
        .map_err(|e| LoadError::File(format!("{path}: {e}")))?;
    // A name that says no format (game.txt, game) is read by what its text looks like.
    let format = format.unwrap_or_else(|| match Format::from_extension(path) {
        Format::MoveLine => Format::from_text(&text),
        by_name => by_name,
    });
    let draft =
        Draft::parse(&text, format).map_err(|e| LoadError::Record(format!("{path}: {e}")))?;
    let mut given = *given;
    if draft.size.is_none() {
        given.size = given.size.or(default_size);
    }
    draft
        .into_record(&given)
        .map_err(|e| LoadError::Record(format!("{path}: {e}")))
}

/// The position the options ask for: `--load`'s record, or `--moves` on the board of
/// `--size`, `--k` and `--rule`.
///
/// # Errors
/// [`Failure::Usage`] for a bad variant, move list or record.
pub fn position(
    game: &GameArgs,
    moves: &str,
    record: &RecordArgs,
) -> Result<(Variant, Game, Option<Record>), Failure> {
    match &record.load {
        Some(path) => {
            let loaded = load(path, record.format, game)?;
            Ok((loaded.variant(), loaded.game(), Some(loaded)))
        }
        None => {
            let (variant, game) = game.position(moves)?;
            Ok((variant, game, None))
        }
    }
}

/// Writes a record to `path` atomically, in the format `--format` or its extension asks for.
///
/// # Errors
/// The file system's error.
pub fn save(path: &str, format: Option<Format>, record: &Record) -> io::Result<Format> {
    let format = format_of(path, format);
    write_atomically(std::path::Path::new(path), record.write(format).as_bytes())?;
    Ok(format)
}

/// The file named by `save FILE` at the prompt (any case), if the line is that command:
/// `Some("")` for `save` alone.
pub fn save_command(line: &str) -> Option<&str> {
    file_command(line, "save")
}

/// The file named by `WORD FILE` (`save FILE`, `load FILE`; the word in any case), if the line
/// is that command: `Some("")` for the word alone.
pub fn file_command<'a>(line: &'a str, word: &str) -> Option<&'a str> {
    let line = line.trim();
    let head = line.get(..word.len())?;
    let rest = &line[word.len()..];
    (head.eq_ignore_ascii_case(word) && (rest.is_empty() || rest.starts_with(char::is_whitespace)))
        .then(|| rest.trim())
}

/// `save FILE` at the prompt: writes the game and says so, or says why not; the game goes on
/// either way.
pub fn save_at_prompt(
    path: &str,
    format: Option<Format>,
    record: &Record,
    out: &mut dyn Write,
) -> io::Result<()> {
    if path.is_empty() {
        return writeln!(
            out,
            "Save where? Type save FILE: FILE.psq (Piskvork), FILE.sgf (SGF) or any other name for the move line."
        );
    }
    match save(path, format, record) {
        Ok(format) => writeln!(
            out,
            "Saved {} moves to {path} ({format}).",
            record.moves().len()
        ),
        Err(e) => writeln!(out, "Cannot save to {path}: {e}. The game goes on."),
    }
}

/// `--autosave FILE`: the game written after every change, so that leaving in any way (quit,
/// end of input, Ctrl-C, a kill) finds the whole game in the file.
pub struct Autosave {
    path: String,
    format: Option<Format>,
    /// The record last written (`None`: nothing yet).
    written: Option<Record>,
    /// The last failure was said (said once until a write succeeds again).
    warned: bool,
}

impl Autosave {
    /// Autosaving to `path`, when asked for.
    pub fn new(path: Option<&str>, format: Option<Format>) -> Option<Self> {
        path.map(|path| Autosave {
            path: path.to_string(),
            format,
            written: None,
            warned: false,
        })
    }

    /// Writes `record` if it differs from the one last written (its moves, names, result or
    /// opening).
    ///
    /// # Errors
    /// The file system's error on the first write (a path that cannot be written is refused
    /// before the game starts); later failures are said on `out` and the game goes on.
    pub fn write(&mut self, record: &Record, out: &mut dyn Write) -> Result<(), Failure> {
        if self.written.as_ref() == Some(record) {
            return Ok(());
        }
        match save(&self.path, self.format, record) {
            Ok(_) => {
                self.written = Some(record.clone());
                self.warned = false;
            }
            Err(e) if self.written.is_none() => {
                return Err(Failure::Usage(format!("--autosave {}: {e}", self.path)));
            }
            Err(e) if !self.warned => {
                writeln!(
                    out,
                    "warning: --autosave {}: {e}; the game goes on, saved again after the next move",
                    self.path
                )?;
                self.warned = true;
            }
            Err(_) => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_save_command_keeps_the_file_name_as_typed() {
        assert_eq!(
            save_command("save Games/Final.PSQ"),
            Some("Games/Final.PSQ")
        );
        assert_eq!(save_command("  SAVE  x.sgf "), Some("x.sgf"));
        assert_eq!(save_command("save"), Some(""));
        assert_eq!(save_command("saved"), None);
        assert_eq!(save_command("sav"), None);
        assert_eq!(save_command("b2"), None);
        assert_eq!(save_command("savé"), None);
    }
}
