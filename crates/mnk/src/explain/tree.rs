//! A recorded search tree: what the search visited, with the value of every node.

use crate::game::Cell;
use crate::search::Value;
use crate::search::{Bound, NodeKind, StaticTerms};
use serde::Serialize;

/// Who moves at a node of a search, as the textbooks label its rows: MAX, the side to move at
/// the root, whose values every node carries and who picks the largest; MIN, the opponent,
/// who picks the smallest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The side to move at the root moves here.
    Max,
    /// The opponent moves here.
    Min,
}

impl Role {
    /// The role of a node `ply` moves below the root.
    #[must_use]
    pub const fn at_ply(ply: usize) -> Role {
        if ply.is_multiple_of(2) {
            Role::Max
        } else {
            Role::Min
        }
    }

    /// `MAX` or `MIN`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Role::Max => "MAX",
            Role::Min => "MIN",
        }
    }
}

/// One position of a recorded search.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TreeNode {
    /// The move from the parent to here (`None` at the root).
    pub cell: Option<Cell>,
    /// How the value was obtained.
    pub kind: NodeKind,
    /// Who moves here: MAX (the side to move at the root) or MIN.
    pub role: Role,
    /// When the search entered this node: 1 for the root, `n` for the n-th position it
    /// entered (the order to step through the search in); 0 for a pruned node, never entered.
    pub order: u64,
    /// The value from the point of view of the side to move at the root (MAX); `None` for a
    /// pruned node.
    pub value: Option<Value>,
    /// Whether `value` is exact or a bound (alpha-beta).
    pub bound: Bound,
    /// The alpha-beta window the node was searched with, for players that have one.
    pub window: Option<(i32, i32)>,
    /// The window as the node left it, for a searched inner node with a window: MAX raises
    /// alpha to its value, MIN lowers beta to its value (a cut-off once they meet). Each
    /// child's `window` is its parent's window as it stood when the child was entered, so a
    /// parent's window after each child is the next child's `window`, and after the last one
    /// this.
    pub window_after: Option<(i32, i32)>,
    /// For a leaf scored by a static evaluation with terms (`alphabeta`'s horizon), its
    /// terms: `value` is exactly e(P) = open lines for MAX - open lines for MIN.
    pub terms: Option<StaticTerms>,
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
    /// Positions the search entered at each ply below the root (recorded or not): the root
    /// (1) first. Their sum is the root's `visited`.
    pub nodes_per_ply: Vec<u64>,
}

impl SearchTree {
    /// The focus node (the root when the focus is empty), if the search reached it.
    #[must_use]
    pub fn focus_node(&self) -> Option<&TreeNode> {
        self.root.descendant(&self.focus)
    }

    /// The search's effective branching factor: see [`effective_branching_factor`].
    #[must_use]
    pub fn branching_factor(&self) -> Option<f64> {
        effective_branching_factor(&self.nodes_per_ply)
    }
}

/// The effective branching factor b* of a search that entered `nodes_per_ply[i]` positions at
/// ply `i` (the root at ply 0): the branching factor a uniform tree as deep as the search's
/// deepest ply `d` would need to hold as many positions, N = 1 + b* + b*^2 + ... + b*^d
/// (Russell and Norvig's definition, with N counting the root). A search that prunes well
/// has a smaller b* than one that does not on the same position and depth. `None` when the
/// search did not go below the root.
///
/// ```
/// use mnk::explain::effective_branching_factor;
/// // A full binary tree of depth 3: 1 + 2 + 4 + 8 positions.
/// let b = effective_branching_factor(&[1, 2, 4, 8]).unwrap();
/// assert!((b - 2.0).abs() < 1e-9);
/// assert_eq!(effective_branching_factor(&[1]), None);
/// ```
#[must_use]
pub fn effective_branching_factor(nodes_per_ply: &[u64]) -> Option<f64> {
    let depth = nodes_per_ply
        .iter()
        .rposition(|&n| n > 0)
        .filter(|&d| d > 0)?;
    let total: f64 = nodes_per_ply.iter().map(|&n| n as f64).sum();
    let size = |b: f64| (0..=depth).map(|i| b.powi(i as i32)).sum::<f64>();
    // size() grows with b: bisect between 0 (1 position) and the total (more than enough).
    let (mut lo, mut hi) = (0.0_f64, total);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if size(mid) < total {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((lo + hi) / 2.0)
}
