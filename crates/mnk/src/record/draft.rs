//! What a record says, read but not checked, and the check that makes it a [`Record`].

use super::checked::{Players, Record};
use super::error::{Problem, RecordError};
use super::format::Format;
use crate::game::{
    Board, Cell, DrawBy, Ending, Game, MoveError, Opened, Rule, Size, Status, Variant,
};
use crate::notation::{Coord, format_cell, format_moves};

/// What the reader is told besides the record: the board size, k and rule asked for. A record
/// that says otherwise is refused ([`Problem::Conflict`]); what neither says is the default
/// (k = `min(width, height, 5)`, freestyle).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Given {
    /// The board size asked for.
    pub size: Option<Size>,
    /// The k asked for.
    pub k: Option<u32>,
    /// The rule asked for.
    pub rule: Option<Rule>,
}

/// A value a record states, and the line that states it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stated<T> {
    /// The value.
    pub value: T,
    /// Its line, from 1.
    pub line: usize,
}

impl<T> Stated<T> {
    pub(super) const fn at(line: usize, value: T) -> Self {
        Stated { value, line }
    }
}

/// Where a move of a draft is, before the board is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Point {
    /// In mnk's notation (row numbers from the bottom).
    Notation(Coord),
    /// Column and row from the top-left corner, from 0 (psq and SGF).
    FromTopLeft {
        /// The column, 0 on the left.
        col: i64,
        /// The row, 0 at the top.
        row: i64,
    },
}

impl Point {
    /// The cell on a board of `size`, if it is on it.
    #[must_use]
    pub fn cell(self, size: Size) -> Option<Cell> {
        match self {
            Point::Notation(coord) => coord.to_cell(size).ok(),
            Point::FromTopLeft { col, row } => {
                let (col, row) = (i32::try_from(col).ok()?, i32::try_from(row).ok()?);
                size.cell(row, col)
            }
        }
    }
}

/// A move of a draft: where, as written, and on which line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftMove {
    /// The line, from 1.
    pub line: usize,
    /// The move as the record writes it (`10,10`, `jj`, `j10`).
    pub text: String,
    /// Where it is.
    pub point: Point,
}

/// What a record says, read but not checked: its moves are not yet played, its variant not
/// yet settled with what the reader was [`Given`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// The format it was read from.
    pub format: Format,
    /// The board size, where the record says it.
    pub size: Option<Stated<Size>>,
    /// Stones in a row to win, where the record says it.
    pub k: Option<Stated<u32>>,
    /// The rule, where the record says it.
    pub rule: Option<Stated<Rule>>,
    /// The moves, X first.
    pub moves: Vec<DraftMove>,
    /// The players' names.
    pub players: Players,
    /// The result, where the record states one.
    pub result: Option<Stated<Ending>>,
    /// The tournament opening, where the record states one.
    pub opening: Option<Stated<Opened>>,
}

impl Draft {
    pub(super) fn new(format: Format) -> Self {
        Draft {
            format,
            size: None,
            k: None,
            rule: None,
            moves: Vec::new(),
            players: Players::default(),
            result: None,
            opening: None,
        }
    }

    /// The record: the variant settled (the record's, which must agree with `given`; what
    /// neither says is the default) and every move played.
    ///
    /// # Errors
    /// [`RecordError`] for a variant that conflicts with `given` or is not a game, a move off
    /// the board, on a taken cell or after the end, and a stated result the moves contradict.
    pub fn into_record(self, given: &Given) -> Result<Record, RecordError> {
        let size = settle(self.size.as_ref(), given.size, "a board of", |s| {
            s.to_string()
        })?
        .ok_or(RecordError::at(1, Problem::NoSize))?;
        let k = settle(self.k.as_ref(), given.k, "k =", u32::to_string)?
            .unwrap_or_else(|| Variant::default_k(size));
        let rule = settle(self.rule.as_ref(), given.rule, "the rule", |r| {
            r.to_string()
        })?
        .unwrap_or_default();
        let variant_line = self
            .k
            .as_ref()
            .map(|k| k.line)
            .or(self.size.as_ref().map(|s| s.line))
            .unwrap_or(1);
        let variant = Variant::new(size, k, rule)
            .map_err(|e| RecordError::at(variant_line, Problem::Variant(e)))?;
        let mut game = Game::new(variant);
        for (i, m) in self.moves.iter().enumerate() {
            let number = i + 1;
            let at = |problem| RecordError::at(m.line, problem);
            let cell = m.point.cell(size).ok_or_else(|| {
                at(Problem::OffBoard {
                    number,
                    text: m.text.clone(),
                    size,
                })
            })?;
            let ended = ending(game.board());
            game.play(cell).map_err(|e| match e {
                MoveError::GameOver => at(Problem::AfterEnd {
                    number,
                    text: m.text.clone(),
                    ended,
                }),
                MoveError::Occupied => at(Problem::Occupied {
                    number,
                    text: m.text.clone(),
                    cell: format_cell(cell, size),
                }),
                MoveError::OffBoard => at(Problem::OffBoard {
                    number,
                    text: m.text.clone(),
                    size,
                }),
                MoveError::Forbidden(reason) => at(Problem::Forbidden {
                    number,
                    text: m.text.clone(),
                    cell: format_cell(cell, size),
                    reason,
                }),
            })?;
        }
        let actual = Ending::on_board(game.board());
        if let (Some(stated), Some(actual)) = (&self.result, &actual)
            && !stated.value.agrees_with(actual)
        {
            return Err(RecordError::at(
                stated.line,
                Problem::ResultMismatch {
                    stated: stated.value.to_string(),
                    actual: ending(game.board()),
                },
            ));
        }
        // A stated draw the board shows is the board's (full, or renju's stalled black).
        let result = self.result.map(|r| match (r.value, actual) {
            (Ending::Drawn(DrawBy::Agreed), Some(board @ Ending::Drawn(_))) => board,
            (stated, _) => stated,
        });
        let record = Record::checked(variant, game.moves().to_vec(), self.players, result);
        match self.opening {
            Some(o) => record.with_opening(o.value).map_err(|what| {
                RecordError::at(
                    o.line,
                    Problem::Unsupported {
                        what,
                        accepted: Opened::EXPECTED,
                    },
                )
            }),
            None => Ok(record),
        }
    }
}

/// The record's value if it agrees with the one given, else the one given.
fn settle<T: PartialEq + Copy>(
    stated: Option<&Stated<T>>,
    given: Option<T>,
    what: &'static str,
    show: impl Fn(&T) -> String,
) -> Result<Option<T>, RecordError> {
    match (stated, given) {
        (Some(s), Some(g)) if s.value != g => Err(RecordError::at(
            s.line,
            Problem::Conflict {
                what,
                record: show(&s.value),
                given: show(&g),
            },
        )),
        (Some(s), _) => Ok(Some(s.value)),
        (None, g) => Ok(g),
    }
}

/// How the game on `board` ended, in words (for messages).
fn ending(board: &Board) -> String {
    let size = board.size();
    match board.status() {
        Status::Won { side, line } => {
            let cells: Vec<Cell> = line.cells(size).collect();
            format!("{side} won with {}", format_moves(&cells, size))
        }
        Status::Draw => "a draw, the board is full".to_string(),
        Status::InProgress => "the game is on".to_string(),
    }
}
