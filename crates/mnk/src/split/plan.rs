//! What a split proves (its game, root and frontier depth) and what one job proved: the terms
//! the frontier, the job files and the combination share.

use crate::game::{Cell, Variant};
use crate::solve::{Outcome, Wdl};

/// What a split proves and where its frontier lies: the game, the root position (the moves from
/// the empty board, X first) and the depth of the frontier below the root, in plies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The game.
    pub variant: Variant,
    /// The root position: its moves from the empty board, X first.
    pub root: Vec<Cell>,
    /// The plies from the root to the frontier.
    pub depth: u32,
}

/// What a job proved: the value of its position for the side to move, and the number of
/// moves to the end when that was proved too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JobValue {
    /// The value.
    pub value: Wdl,
    /// Moves (stones of both sides, counting the next) to the end of a won or lost game.
    pub moves_to_end: Option<u32>,
}

impl From<Wdl> for JobValue {
    fn from(value: Wdl) -> Self {
        JobValue {
            value,
            moves_to_end: None,
        }
    }
}

impl JobValue {
    /// The value with its distance, when known (a draw always is).
    pub(super) fn outcome(self) -> Option<Outcome> {
        match (self.value, self.moves_to_end) {
            (Wdl::Draw, _) => Some(Outcome::Draw),
            (Wdl::Win, Some(n)) => Some(Outcome::Win(n)),
            (Wdl::Loss, Some(n)) => Some(Outcome::Loss(n)),
            (_, None) => None,
        }
    }
}
