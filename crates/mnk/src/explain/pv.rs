//! [`PvRecorder`]: the line a searching player expects, read off its search as it runs.

use crate::game::Cell;
use crate::search::Value;
use crate::search::{NodeKind, SearchObserver};

/// A position on the search's current path, with the lines of its finished children.
#[derive(Debug)]
struct Frame {
    cell: Option<Cell>,
    children: Vec<(Cell, Value, Vec<Cell>)>,
}

/// Follows a search and keeps its principal variation: from every node, the first child whose
/// value is the node's value (the move the player prefers there), down to where the search
/// stopped (a leaf, the horizon, a transposition). Memory grows with depth times branching,
/// never with the size of the tree.
///
/// The line is only meaningful for minimax-like players (values the max or min of their
/// children); seed 003's game tree averages its children, so its line is its first move.
#[derive(Debug, Default)]
pub struct PvRecorder {
    stack: Vec<Frame>,
    line: Option<Vec<Cell>>,
}

impl PvRecorder {
    /// A recorder waiting for a search.
    #[must_use]
    pub fn new() -> Self {
        PvRecorder::default()
    }

    /// The principal variation from the root (empty if the search did not finish).
    #[must_use]
    pub fn line(self) -> Vec<Cell> {
        self.line.unwrap_or_default()
    }
}

impl SearchObserver for PvRecorder {
    fn enter(&mut self, cell: Option<Cell>, _window: Option<(i32, i32)>) {
        self.stack.push(Frame {
            cell,
            children: Vec::new(),
        });
    }

    fn leave(&mut self, value: Value, kind: NodeKind) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        let line = if matches!(kind, NodeKind::Inner | NodeKind::Cutoff) {
            frame
                .children
                .into_iter()
                .find(|(_, v, _)| *v == value)
                .map(|(cell, _, rest)| std::iter::once(cell).chain(rest).collect())
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        match (self.stack.last_mut(), frame.cell) {
            (Some(parent), Some(cell)) => parent.children.push((cell, value, line)),
            _ => self.line = Some(line),
        }
    }

    fn pruned(&mut self, _cells: &[Cell]) {}
}
