//! A certificate in memory: the claim, and the sections that prove it.

use crate::game::{Cell, Side, Variant, Wdl};
use std::collections::HashMap;
use std::fmt;

/// The version written on a certificate's first line: 2 since not-lose sections are checked
/// by relevance zones (a file of version 1, which answers every reply, reads too).
pub const VERSION: u32 = 2;

/// What a section proves for its side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The side wins, whatever the other does.
    Win,
    /// The other side never wins (the game is a draw or the side wins).
    NotLose,
}

impl Goal {
    /// `"win"` or `"not-lose"`, as the format writes it.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::NotLose => "not-lose",
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// What a section says about one position, in the frame of the position's canonical key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// The section's side plays this cell.
    Move(Cell),
    /// Disjoint pairs of empty cells that together block every window of the other side.
    Pairs(Vec<[Cell; 2]>),
}

/// One side's strategy: records by canonical position key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The side the strategy is for.
    pub side: Side,
    /// What it achieves.
    pub goal: Goal,
    /// Records by the canonical key of their position.
    pub records: HashMap<u128, Record>,
}

impl Section {
    /// An empty section.
    #[must_use]
    pub fn new(side: Side, goal: Goal) -> Self {
        Section {
            side,
            goal,
            records: HashMap::new(),
        }
    }
}

/// A proof of the value of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// The game.
    pub variant: Variant,
    /// The position: the moves from the empty board, X first.
    pub moves: Vec<Cell>,
    /// The value claimed for the side to move.
    pub value: Wdl,
    /// The strategies that prove it.
    pub sections: Vec<Section>,
}

impl Certificate {
    /// The sections that prove `value` for `to_move`: its win, the opponent's win, or each
    /// side's not-lose for a draw.
    #[must_use]
    pub fn needs(to_move: Side, value: Wdl) -> Vec<(Side, Goal)> {
        match value {
            Wdl::Win => vec![(to_move, Goal::Win)],
            Wdl::Loss => vec![(to_move.other(), Goal::Win)],
            Wdl::Draw => vec![(to_move, Goal::NotLose), (to_move.other(), Goal::NotLose)],
        }
    }

    /// Records in all sections.
    #[must_use]
    pub fn records(&self) -> usize {
        self.sections.iter().map(|s| s.records.len()).sum()
    }
}
