//! A recorded search tree: what the search visited, with the value of every node.

use crate::game::Cell;
use crate::search::Value;
use crate::search::{Bound, NodeKind};
use serde::Serialize;

/// One position of a recorded search.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TreeNode {
    /// The move from the parent to here (`None` at the root).
    pub cell: Option<Cell>,
    /// How the value was obtained.
    pub kind: NodeKind,
    /// The value from the point of view of the side to move at the root (MAX); `None` for a
    /// pruned node.
    pub value: Option<Value>,
    /// Whether `value` is exact or a bound (alpha-beta).
    pub bound: Bound,
    /// The alpha-beta window the node was searched with, for players that have one.
    pub window: Option<(i32, i32)>,
    /// Positions the search entered in this subtree, this one included.
    pub visited: u64,
    /// The recorded children, in the order the search tried them.
    pub children: Vec<TreeNode>,
    /// Children that exist in the search but are not recorded (beyond the depth or node cap).
    pub hidden: u32,
    /// Children skipped by a cut-off here (recorded among `children` as
    /// [`NodeKind::Pruned`] where within the caps).
    pub pruned: u32,
    /// Whether this node is the child its parent's value came from (the first one with the
    /// parent's value): the move the player prefers there.
    pub best: bool,
}

impl TreeNode {
    /// The recorded child reached by `cell`.
    #[must_use]
    pub fn child(&self, cell: Cell) -> Option<&TreeNode> {
        self.children.iter().find(|c| c.cell == Some(cell))
    }

    /// The node reached from here by the moves of `path`, if recorded.
    #[must_use]
    pub fn descendant(&self, path: &[Cell]) -> Option<&TreeNode> {
        path.iter().try_fold(self, |node, &cell| node.child(cell))
    }

    /// Recorded nodes in this subtree, this one included.
    #[must_use]
    pub fn len(&self) -> usize {
        1 + self.children.iter().map(TreeNode::len).sum::<usize>()
    }

    /// Always false: a node counts itself.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// The part of a search tree that was recorded: the line from the root to the focus, and the
/// subtree below the focus down to a depth, within a node cap.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchTree {
    /// The root: the position the player was asked about.
    pub root: TreeNode,
    /// The moves from the root to the node whose subtree was recorded.
    pub focus: Vec<Cell>,
    /// Plies recorded below the focus.
    pub depth: u32,
    /// Nodes recorded.
    pub recorded: usize,
    /// Whether the node cap stopped the recording before the depth was covered.
    pub truncated: bool,
}

impl SearchTree {
    /// The focus node (the root when the focus is empty), if the search reached it.
    #[must_use]
    pub fn focus_node(&self) -> Option<&TreeNode> {
        self.root.descendant(&self.focus)
    }
}
