//! Why a record cannot be read: the line, what was wrong there, and what is accepted.

use crate::game::{Side, Size, VariantError};
use crate::notation::NotationError;
use thiserror::Error;

/// A record that cannot be read. Nothing of it is used: a record is read whole or not at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {problem}")]
pub struct RecordError {
    /// The line (1-based) where the problem is.
    pub line: usize,
    /// What is wrong there.
    pub problem: Problem,
}

impl RecordError {
    /// The error at `line`.
    #[must_use]
    pub const fn at(line: usize, problem: Problem) -> Self {
        RecordError { line, problem }
    }
}

/// What is wrong with a record: first the text that cannot be read, then what it says that
/// cannot be (the moves, replayed on a board).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Problem {
    /// Nothing but blank lines.
    #[error("the record is empty: expected {expected}")]
    Empty {
        /// What the format starts with.
        expected: &'static str,
    },
    /// More text than any record holds ([`super::MAX_RECORD_BYTES`]).
    #[error(
        "the record is {bytes} bytes long, more than the {max} bytes any record of a game needs",
        max = super::MAX_RECORD_BYTES
    )]
    TooLarge {
        /// Its length in bytes (at least; a reader may stop counting past the limit).
        bytes: u64,
    },
    /// Text the format does not allow here.
    #[error("cannot read '{found}': expected {expected}")]
    Syntax {
        /// The offending text (escaped and cut short, see [`crate::notation::SHOWN_CHARS`]).
        found: String,
        /// What is accepted here.
        expected: &'static str,
    },
    /// A move of the move line that is not a move.
    #[error("{0}")]
    Notation(NotationError),
    /// Something the format can say but mnk does not play (another game, caro, setup stones,
    /// a pass).
    #[error("{what}: {accepted}")]
    Unsupported {
        /// What the record asks for.
        what: String,
        /// What mnk reads instead.
        accepted: &'static str,
    },
    /// A property or header said twice.
    #[error("{what} is given twice (first on line {first})")]
    Twice {
        /// What was repeated.
        what: &'static str,
        /// The line that said it first.
        first: usize,
    },
    /// A second line of moves in a move-line record.
    #[error(
        "a second line of moves (the first is line {first}): a move-line record holds one game, its moves on one line"
    )]
    SecondMoveLine {
        /// The line of the first moves.
        first: usize,
    },
    /// Moves after the lines that end a psq record's moves.
    #[error(
        "a move after the end of the moves (line {end} ended them): a psq record lists its moves, then names and a number"
    )]
    MoveAfterEnd {
        /// The first line that was not a move.
        end: usize,
    },
    /// A second game in an SGF collection.
    #[error("a second game: mnk reads a file holding one game")]
    SecondGame,
    /// The record does not say the board size and none was given.
    #[error("the record does not say the board size: give the size with it")]
    NoSize,
    /// What the record says differs from what was asked for.
    #[error("the record is for {what} {record}, but {given} was asked for")]
    Conflict {
        /// `a board of`, `k =`, `the rule`.
        what: &'static str,
        /// The record's.
        record: String,
        /// The one asked for.
        given: String,
    },
    /// Size and k that do not make a game.
    #[error("{0}")]
    Variant(VariantError),
    /// A move off the board.
    #[error("move {number} ({text}) is off the {size} board")]
    OffBoard {
        /// The move's number, from 1.
        number: usize,
        /// The move as the record writes it.
        text: String,
        /// The board.
        size: Size,
    },
    /// A move onto a taken cell.
    #[error("move {number} ({text}, {cell} in mnk's notation) is on a cell already taken")]
    Occupied {
        /// The move's number, from 1.
        number: usize,
        /// The move as the record writes it.
        text: String,
        /// The cell in renju notation.
        cell: String,
    },
    /// A move renju forbids to X (black).
    #[error("move {number} ({text}) is forbidden to X under renju: {reason} at {cell}")]
    Forbidden {
        /// The move's number, from 1.
        number: usize,
        /// The move as the record writes it.
        text: String,
        /// The cell in renju notation.
        cell: String,
        /// Why.
        reason: crate::game::Forbidden,
    },
    /// A move after the game was over.
    #[error("move {number} ({text}) comes after the end of the game: {ended}")]
    AfterEnd {
        /// The move's number, from 1.
        number: usize,
        /// The move as the record writes it.
        text: String,
        /// How the game ended, in words.
        ended: String,
    },
    /// A move of the side that is not to move.
    #[error(
        "move {number} is {found}'s, but {expected} is to move: the sides alternate, X (black, B) first"
    )]
    WrongColour {
        /// The move's number, from 1.
        number: usize,
        /// The side the record gives the move to.
        found: Side,
        /// The side to move.
        expected: Side,
    },
    /// A stated result the moves contradict.
    #[error("the record says {stated}, but the moves end with {actual}")]
    ResultMismatch {
        /// The result as stated.
        stated: String,
        /// What the moves give.
        actual: String,
    },
}
