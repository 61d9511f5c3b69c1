//! The m,n,k-game itself: geometry, sides, rules, the board (played move by move, or checked
//! from a [`Setup`] of stones), hashing and symmetry, and the tournament openings' state
//! machine ([`Opening`]).

mod board;
mod ending;
mod forced;
mod geometry;
mod history;
mod masks;
mod opening;
pub mod renju;
pub mod rule_bits;
mod setup;
mod side;
mod symmetry;
mod variant;
mod wdl;
mod windows;
pub mod zobrist;

pub use board::{Board, MoveError, Status, WinLine};
pub use ending::{DrawBy, Ending, WinBy};
pub use forced::{Forced, forced};
pub use geometry::{Cell, Direction, MAX_CELLS, MAX_SIDE, Size};
pub use history::Game;
pub use masks::{ForbiddenMasks, MASK_CELLS, WinMasks};
pub use opening::{
    Act, Choice, Opened, OpenedError, Opening, OpeningError, OpeningRule, OpeningRuleError, Stage,
};
pub use renju::{BoardView, Forbidden, JudgeError};
pub use setup::{Setup, SetupError};
pub use side::Side;
pub use symmetry::{Symmetry, SymmetryTable};
pub use variant::{Rule, RuleError, Variant, VariantError, parse_size};
pub use wdl::Wdl;
pub use windows::Windows;
