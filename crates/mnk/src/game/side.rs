//! The two sides: X moves first, O second.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A side (and the colour of its stones). X always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Side {
    /// Both sides, X first.
    pub const BOTH: [Side; 2] = [Side::X, Side::O];

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// 0 for X, 1 for O: an index into per-side tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side to move after `stones` stones have been placed.
    #[must_use]
    pub const fn to_move_after(stones: usize) -> Side {
        if stones.is_multiple_of(2) {
            Side::X
        } else {
            Side::O
        }
    }

    /// `'X'` or `'O'`.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Side::X => 'X',
            Side::O => 'O',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}
