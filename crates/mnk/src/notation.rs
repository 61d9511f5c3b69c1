//! Move notation: columns are letters `a, b, c, ...` from the left, rows are numbers `1, 2, ...`
//! from the bottom (renju notation: on 15x15 the centre is `h8`, the bottom-left corner `a1`).
//!
//! Parsing goes text -> [`Coord`] (can it be read at all?) -> [`Cell`] (is it on this board?)
//! -> a legal move (is the cell free, is the game still on?), each step with its own error.

use crate::game::{Board, Cell, Game, MoveError, Side, Size, Variant};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a move in notation was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    /// The text is not a move at all.
    #[error(
        "cannot read '{text}' as a move: write a column letter and a row number, like b2 or h8"
    )]
    Unparsable {
        /// The offending text as it can be shown: control characters escaped (an arrow key
        /// reads `\u{1b}[A`), at most [`SHOWN_CHARS`] characters and then `...`.
        text: String,
    },
    /// A well-formed move outside the board.
    #[error("{text} is off the board: columns run a to {last_col}, rows 1 to {rows}", last_col = column_letter(size.width - 1), rows = size.height)]
    OffBoard {
        /// The offending move.
        text: String,
        /// The board it missed.
        size: Size,
    },
    /// A move onto a taken cell.
    #[error("{text} is already taken")]
    Occupied {
        /// The offending move.
        text: String,
    },
    /// A move after the game ended.
    #[error("the game is already over before {text}")]
    GameOver {
        /// The move that came too late.
        text: String,
    },
    /// A move renju forbids to X (black).
    #[error(
        "{text} is forbidden to X: {reason} at {text} (renju forbids black an overline, a double four and a double three)"
    )]
    Forbidden {
        /// The forbidden move.
        text: String,
        /// Why.
        reason: crate::game::Forbidden,
    },
}

/// The most characters of a rejected text an error message repeats.
pub const SHOWN_CHARS: usize = 24;

/// `text` as an error message can repeat it: control characters escaped, cut after
/// [`SHOWN_CHARS`] characters.
pub fn shown(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(SHOWN_CHARS)
        .flat_map(char::escape_debug)
        .collect();
    if text.chars().nth(SHOWN_CHARS).is_some() {
        out.push_str("...");
    }
    out
}

/// `text` as a terminal can show it safely: control characters (escape sequences, carriage
/// returns, NULs) and the bidirectional overrides that reorder what follows them are written
/// as escapes (`\u{1b}`); everything else, quotes and backslashes included, as it is.
///
/// # Examples
/// ```
/// use mnk::notation::printable;
/// assert_eq!(printable("Ann \u{1b}[2J Lee"), "Ann \\u{1b}[2J Lee");
/// assert_eq!(printable("O'Neil \\ 李"), "O'Neil \\ 李");
/// ```
#[must_use]
pub fn printable(text: &str) -> String {
    let hidden =
        |c: char| c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if !text.chars().any(hidden) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if hidden(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A parsed but unchecked coordinate: 0-based column from the left, 1-based row from the bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coord {
    /// Column, 0 for `a`.
    pub col: u32,
    /// Row number as written, 1 for the bottom row.
    pub row: u32,
}

impl FromStr for Coord {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let unparsable = || NotationError::Unparsable { text: shown(text) };
        let mut chars = text.chars();
        let letter = chars
            .next()
            .filter(char::is_ascii_alphabetic)
            .ok_or_else(unparsable)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(unparsable());
        }
        let row: u32 = digits.parse().map_err(|_| unparsable())?;
        let col = u32::from(letter.to_ascii_lowercase() as u8 - b'a');
        Ok(Coord { col, row })
    }
}

impl Coord {
    /// The cell on a board of this size.
    ///
    /// # Errors
    /// [`NotationError::OffBoard`] when the coordinate lies outside the board.
    pub fn to_cell(self, size: Size) -> Result<Cell, NotationError> {
        let off = || NotationError::OffBoard {
            text: self.to_string(),
            size,
        };
        if self.row == 0 || self.row > u32::from(size.height) || self.col >= u32::from(size.width) {
            return Err(off());
        }
        let row_from_top = i32::from(size.height) - self.row as i32;
        size.cell(row_from_top, self.col as i32).ok_or_else(off)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + (self.col.min(25) as u8)),
            self.row
        )
    }
}

/// The letter of a 0-based column.
#[must_use]
pub fn column_letter(col: u8) -> char {
    char::from(b'a' + col.min(25))
}

/// Parses one move and places it on a board of `size`.
///
/// # Errors
/// [`NotationError::Unparsable`] or [`NotationError::OffBoard`].
///
/// # Examples
/// ```
/// use mnk::game::Size;
/// use mnk::notation::{format_cell, parse_cell};
/// let centre = parse_cell("H8", Size::square(15)).unwrap();
/// assert_eq!(format_cell(centre, Size::square(15)), "h8");
/// assert!(parse_cell("p1", Size::square(15)).is_err());
/// ```
pub fn parse_cell(text: &str, size: Size) -> Result<Cell, NotationError> {
    text.parse::<Coord>()?.to_cell(size)
}

/// Parses a move that must be legal on `board`.
///
/// # Errors
/// Any [`NotationError`]: unreadable, off the board, taken, forbidden (renju), or the game is
/// over.
pub fn parse_move(text: &str, board: &Board) -> Result<Cell, NotationError> {
    let cell = parse_cell(text, board.size())?;
    let text = format_cell(cell, board.size());
    if board.is_over() {
        Err(NotationError::GameOver { text })
    } else if !board.is_empty(cell) {
        Err(NotationError::Occupied { text })
    } else if let Some(reason) = board.forbidden(cell) {
        Err(NotationError::Forbidden { text, reason })
    } else {
        Ok(cell)
    }
}

/// Writes a cell in notation.
#[must_use]
pub fn format_cell(cell: Cell, size: Size) -> String {
    let row = u32::from(size.height) - size.row(cell) as u32;
    Coord {
        col: size.col(cell) as u32,
        row,
    }
    .to_string()
}

/// The board as text, top row first: one string per row, `X`, `O` or `.` per cell from the
/// left (the web API's `board` and `mnk show --json`).
///
/// # Examples
/// ```
/// use mnk::game::Variant;
/// use mnk::notation::{board_rows, parse_game};
/// let game = parse_game("b2 a1", Variant::tic_tac_toe()).unwrap();
/// assert_eq!(board_rows(game.board()), ["...", ".X.", "O.."]);
/// ```
#[must_use]
pub fn board_rows(board: &Board) -> Vec<String> {
    let size = board.size();
    (0..i32::from(size.height))
        .map(|r| {
            (0..i32::from(size.width))
                .map(|c| {
                    size.cell(r, c)
                        .and_then(|cell| board.get(cell))
                        .map_or('.', Side::symbol)
                })
                .collect()
        })
        .collect()
}

/// Writes a move list, separated by spaces.
#[must_use]
pub fn format_moves(moves: &[Cell], size: Size) -> String {
    moves
        .iter()
        .map(|&c| format_cell(c, size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Splits a move list into moves: separated by spaces or commas, or written back to back
/// (`h8h9i9`). Each move starts with a letter, so back-to-back moves split unambiguously.
///
/// # Errors
/// [`NotationError::Unparsable`] for a piece that is not a move.
pub fn split_moves(text: &str) -> Result<Vec<Coord>, NotationError> {
    let mut coords = Vec::new();
    for chunk in text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|s| !s.is_empty())
    {
        let mut start = 0;
        let bytes = chunk.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || (bytes[i].is_ascii_alphabetic() && bytes[i - 1].is_ascii_digit())
            {
                coords.push(chunk[start..i].parse()?);
                start = i;
            }
        }
    }
    Ok(coords)
}

/// Parses a move list into cells of a board of `size`, without checking legality.
///
/// # Errors
/// [`NotationError::Unparsable`] or [`NotationError::OffBoard`] for the first bad move.
pub fn parse_moves(text: &str, size: Size) -> Result<Vec<Cell>, NotationError> {
    split_moves(text)?
        .into_iter()
        .map(|c| c.to_cell(size))
        .collect()
}

/// Plays a move list (X first) from the empty board.
///
/// # Errors
/// The first move that cannot be read, is off the board, is taken, or comes after the end.
///
/// # Examples
/// ```
/// use mnk::game::{Side, Variant};
/// use mnk::notation::parse_game;
/// let game = parse_game("b2 a1c3", Variant::tic_tac_toe()).unwrap();
/// assert_eq!(game.board().to_move(), Side::O);
/// assert!(parse_game("b2 b2", Variant::tic_tac_toe()).is_err());
/// ```
pub fn parse_game(text: &str, variant: Variant) -> Result<Game, NotationError> {
    let size = variant.size();
    let mut game = Game::new(variant);
    for cell in parse_moves(text, size)? {
        game.play(cell).map_err(|e| {
            let text = format_cell(cell, size);
            match e {
                MoveError::Occupied => NotationError::Occupied { text },
                MoveError::GameOver => NotationError::GameOver { text },
                MoveError::OffBoard => NotationError::OffBoard { text, size },
                MoveError::Forbidden(reason) => NotationError::Forbidden { text, reason },
            }
        })?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renju_corners_and_centre() {
        let size = Size::square(15);
        assert_eq!(parse_cell("a1", size), Ok(Cell(14 * 15)));
        assert_eq!(parse_cell("o15", size), Ok(Cell(14)));
        assert_eq!(parse_cell("h8", size), Ok(Cell(7 * 15 + 7)));
        assert_eq!(parse_cell(" H8 ", size), Ok(Cell(7 * 15 + 7)));
        for cell in size.all_cells() {
            assert_eq!(parse_cell(&format_cell(cell, size), size), Ok(cell));
        }
    }

    #[test]
    fn errors_say_what_was_wrong() {
        let size = Size::square(3);
        assert!(matches!(
            parse_cell("", size),
            Err(NotationError::Unparsable { .. })
        ));
        assert!(matches!(
            parse_cell("22", size),
            Err(NotationError::Unparsable { .. })
        ));
        assert!(matches!(
            parse_cell("b", size),
            Err(NotationError::Unparsable { .. })
        ));
        assert!(matches!(
            parse_cell("b2x", size),
            Err(NotationError::Unparsable { .. })
        ));
        assert!(matches!(
            parse_cell("é2", size),
            Err(NotationError::Unparsable { .. })
        ));
        // An arrow key and a pasted essay: shown escaped and cut short (was: an invisible
        // escape sequence, and 5,000 characters repeated back).
        let arrow = parse_cell("\u{1b}[A", size).unwrap_err().to_string();
        assert!(
            arrow.starts_with("cannot read '\\u{1b}[A' as a move"),
            "{arrow}"
        );
        let essay = parse_cell(&"x".repeat(5000), size).unwrap_err().to_string();
        assert!(
            essay.starts_with(&format!(
                "cannot read '{}...' as a move",
                "x".repeat(SHOWN_CHARS)
            )),
            "{essay}"
        );
        assert!(essay.len() < 150, "{}", essay.len());
        let off = parse_cell("d1", size).unwrap_err();
        assert_eq!(
            off.to_string(),
            "d1 is off the board: columns run a to c, rows 1 to 3"
        );
        assert!(matches!(
            parse_cell("a0", size),
            Err(NotationError::OffBoard { .. })
        ));
        assert!(matches!(
            parse_cell("a4", size),
            Err(NotationError::OffBoard { .. })
        ));
    }

    #[test]
    fn move_lists_split_on_spaces_commas_or_nothing() {
        let size = Size::square(15);
        let spaced = parse_moves("h8 h9 i9", size).unwrap();
        assert_eq!(parse_moves("h8h9i9", size).unwrap(), spaced);
        assert_eq!(parse_moves("H8,h9, I9", size).unwrap(), spaced);
        assert_eq!(parse_moves("a10b11", size).unwrap().len(), 2);
        assert_eq!(parse_moves("", size).unwrap(), vec![]);
        assert!(parse_moves("h8 zz", size).is_err());
    }

    #[test]
    fn games_reject_taken_cells_and_moves_after_the_end() {
        let v = Variant::tic_tac_toe();
        assert!(matches!(
            parse_game("a1 a1", v),
            Err(NotationError::Occupied { .. })
        ));
        assert!(matches!(
            parse_game("a1 b1 a2 b2 a3 b3", v),
            Err(NotationError::GameOver { .. })
        ));
        let game = parse_game("a1 b1 a2 b2 a3", v).unwrap();
        assert_eq!(game.board().status().winner(), Some(Side::X));
        assert!(matches!(
            parse_move("c1", game.board()),
            Err(NotationError::GameOver { .. })
        ));
    }
}
