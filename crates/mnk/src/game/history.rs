//! A game in progress: a board plus the moves that led to it, so moves can be taken back.

use super::board::{Board, MoveError};
use super::geometry::Cell;
use super::variant::Variant;

/// A board with its move history (the board itself keeps none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    moves: Vec<Cell>,
}

impl Game {
    /// A new game of a variant.
    #[must_use]
    pub fn new(variant: Variant) -> Self {
        Game {
            board: Board::new(variant),
            moves: Vec::new(),
        }
    }

    /// A game after the given moves.
    ///
    /// # Errors
    /// The index of the first illegal move and why.
    pub fn from_moves(variant: Variant, moves: &[Cell]) -> Result<Self, (usize, MoveError)> {
        Ok(Game {
            board: Board::from_moves(variant, moves)?,
            moves: moves.to_vec(),
        })
    }

    /// The current position.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played so far, X first.
    #[must_use]
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// The last move, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Cell> {
        self.moves.last().copied()
    }

    /// Plays a move.
    ///
    /// # Errors
    /// [`MoveError`] if the move is illegal; the game is unchanged.
    pub fn play(&mut self, cell: Cell) -> Result<(), MoveError> {
        self.board.try_play(cell)?;
        self.moves.push(cell);
        Ok(())
    }

    /// Takes back the last move; `None` at the start of the game.
    pub fn undo(&mut self) -> Option<Cell> {
        let cell = self.moves.pop()?;
        self.board.unmake(cell);
        Some(cell)
    }
}
