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

/// The terms of the static evaluation e(P) of seeds 000/001 (`alphabeta`) at a leaf of the
/// search: e(P) = `open_for_max` - `open_for_min`, the k-windows (lines of k cells) still open
/// for MAX (the side to move at the root: no stone of MIN's in the window) and for MIN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct StaticTerms {
    /// Lines still open for MAX.
    pub open_for_max: i32,
    /// Lines still open for MIN.
    pub open_for_min: i32,
}

impl StaticTerms {
    /// e(P): open lines for MAX minus open lines for MIN.
    #[must_use]
    pub const fn value(&self) -> i32 {
        self.open_for_max - self.open_for_min
    }
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

    /// The position entered last is a leaf scored by the static evaluation with these terms
    /// (called just before its [`SearchObserver::leave`], by players whose evaluation has
    /// terms to show). Ignored unless an observer wants it.
    fn evaluated(&mut self, terms: StaticTerms) {
        let _ = terms;
    }
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
