//! The hook a search calls as it walks its tree, and the observer that ignores everything.

use super::Value;
use crate::game::Cell;
use serde::Serialize;

/// How a node of a search tree got its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum NodeKind {
    /// The game is over here (or the seed program's own test ended it): scored by the result.
    Terminal,
    /// The depth limit: scored by the player's evaluation.
    Horizon,
    /// Every child was searched; the value comes from them.
    Inner,
    /// A child's value was good enough to stop here: the remaining children were pruned.
    Cutoff,
    /// Never searched: an alpha-beta cut-off at the parent made it unnecessary.
    Pruned,
    /// The same position was met before: its value was reused without searching again.
    Transposition,
}

/// What a search reports while it walks its tree, so the tree can be recorded
/// (see [`crate::explain::TreeRecorder`]).
///
/// Calls nest like the search: [`SearchObserver::enter`] when a position is reached (the root
/// first, with no move), then the calls of its children, then one [`SearchObserver::leave`]
/// with the position's value. Values are from the point of view of the side to move at the
/// root (MAX), on the player's own scale. A search stopped by its [`super::Control`]
/// returns without the remaining `leave` calls.
pub trait SearchObserver {
    /// A position is reached by playing `cell` from the current one (`None` at the root).
    /// `window` is the alpha-beta window `(alpha, beta)` it is searched with, for players that
    /// have one.
    fn enter(&mut self, cell: Option<Cell>, window: Option<(i32, i32)>);

    /// The position entered last is done: its value and how it was obtained.
    fn leave(&mut self, value: Value, kind: NodeKind);

    /// Moves of the current position that the search skips after a cut-off, in the order it
    /// would have tried them.
    fn pruned(&mut self, cells: &[Cell]);
}

/// The observer of an ordinary move choice: it ignores every call, and compiles to nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl SearchObserver for Silent {
    #[inline(always)]
    fn enter(&mut self, _cell: Option<Cell>, _window: Option<(i32, i32)>) {}

    #[inline(always)]
    fn leave(&mut self, _value: Value, _kind: NodeKind) {}

    #[inline(always)]
    fn pruned(&mut self, _cells: &[Cell]) {}
}
