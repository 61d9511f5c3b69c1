//! A record read and checked: its variant, its moves (legal, X first), the names and result.

use crate::game::{Cell, Ending, Game, Opened, Variant};

/// The players' names, where a record gives them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Players {
    /// Who played X (black, first).
    pub x: Option<String>,
    /// Who played O (white).
    pub o: Option<String>,
}

/// A whole game: its variant, its moves (legal, X first), and what the record adds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    variant: Variant,
    moves: Vec<Cell>,
    /// The players' names.
    pub players: Players,
    /// The result as stated (it agrees with the moves where they end the game).
    pub result: Option<Ending>,
    /// The tournament opening the game began with, if it began with one.
    opening: Option<Opened>,
}

impl Record {
    /// A record of moves already played on a board of `variant` (by [`super::Draft::into_record`]).
    pub(super) fn checked(
        variant: Variant,
        moves: Vec<Cell>,
        players: Players,
        result: Option<Ending>,
    ) -> Self {
        Record {
            variant,
            moves,
            players,
            result,
            opening: None,
        }
    }

    /// The record of a game so far, without names or result.
    #[must_use]
    pub fn from_game(game: &Game) -> Self {
        Record {
            variant: *game.board().variant(),
            moves: game.moves().to_vec(),
            players: Players::default(),
            result: None,
            opening: None,
        }
    }

    /// The record with its first moves placed by `opening`.
    ///
    /// # Errors
    /// When the record has fewer moves than the opening placed.
    pub fn with_opening(mut self, opening: Opened) -> Result<Self, String> {
        if opening.stones > self.moves.len() {
            return Err(format!(
                "the opening {opening} places more stones than the record's {} moves",
                self.moves.len()
            ));
        }
        self.opening = Some(opening);
        Ok(self)
    }

    /// The tournament opening the game began with, if any.
    #[must_use]
    pub const fn opening(&self) -> Option<Opened> {
        self.opening
    }

    /// The variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The moves, X first.
    #[must_use]
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// The game the moves make.
    ///
    /// # Panics
    /// Never: a record's moves are legal (checked when it was made).
    #[must_use]
    pub fn game(&self) -> Game {
        Game::from_moves(self.variant, &self.moves).expect("a record's moves are legal")
    }
}
