//! The record formats, by name and by file extension.

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use thiserror::Error;

/// The longest record text read, in bytes (1 MiB): a whole game on the largest board (26x26)
/// with every move commented fits many times over, and a reader of an untrusted file holds
/// at most this much of it ([`super::Problem::TooLarge`] beyond).
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// A file format for game records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// mnk's move line: moves in notation, `#` comments for the variant and the names.
    MoveLine,
    /// Piskvork's `.psq`.
    Psq,
    /// SGF, `FF[4]GM[4]`.
    Sgf,
}

/// A format name that is none of mnk's.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown record format '{0}': expected moves (the move line), psq or sgf")]
pub struct FormatError(pub String);

impl Format {
    /// Every format.
    pub const ALL: [Format; 3] = [Format::MoveLine, Format::Psq, Format::Sgf];

    /// The format a file's name asks for: `.psq` and `.sgf` (any case), anything else the
    /// move line.
    ///
    /// # Examples
    /// ```
    /// use mnk::record::Format;
    /// assert_eq!(Format::from_extension("games/final.PSQ"), Format::Psq);
    /// assert_eq!(Format::from_extension("game.sgf"), Format::Sgf);
    /// assert_eq!(Format::from_extension("game.txt"), Format::MoveLine);
    /// assert_eq!(Format::from_extension("game"), Format::MoveLine);
    /// ```
    #[must_use]
    pub fn from_extension(path: impl AsRef<Path>) -> Format {
        match path
            .as_ref()
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("psq") => Format::Psq,
            Some("sgf") => Format::Sgf,
            _ => Format::MoveLine,
        }
    }

    /// The format a record's text looks like: SGF starts with `(`, psq with `Piskvork` (or
    /// `Piskvorky`); anything else is read as the move line.
    ///
    /// # Examples
    /// ```
    /// use mnk::record::Format;
    /// assert_eq!(Format::from_text("(;FF[4]GM[4]SZ[15];B[hh])"), Format::Sgf);
    /// assert_eq!(Format::from_text("Piskvorky 15x15, 0:0, 0\n8,8,0\n-1\n"), Format::Psq);
    /// assert_eq!(Format::from_text("h8 h9"), Format::MoveLine);
    /// ```
    #[must_use]
    pub fn from_text(text: &str) -> Format {
        let start = text.trim_start_matches('\u{feff}').trim_start();
        let first_line = start.lines().next().unwrap_or_default();
        if start.starts_with('(') {
            Format::Sgf
        } else if first_line
            .get(..8)
            .is_some_and(|w| w.eq_ignore_ascii_case("piskvork"))
        {
            Format::Psq
        } else {
            Format::MoveLine
        }
    }

    /// The format's name, as `--format` takes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::MoveLine => "moves",
            Format::Psq => "psq",
            Format::Sgf => "sgf",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = FormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s
            .trim()
            .trim_start_matches('.')
            .to_ascii_lowercase()
            .as_str()
        {
            "moves" | "move-line" | "moveline" | "line" | "txt" => Ok(Format::MoveLine),
            "psq" | "piskvork" => Ok(Format::Psq),
            "sgf" => Ok(Format::Sgf),
            _ => Err(FormatError(s.to_string())),
        }
    }
}
