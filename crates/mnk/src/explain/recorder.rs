//! [`TreeRecorder`]: a [`SearchObserver`] that keeps the part of the tree asked for.

use super::tree::{Role, SearchTree, TreeNode};
use crate::game::Cell;
use crate::search::Bound;
use crate::search::Value;
use crate::search::{NodeKind, SearchObserver, StaticTerms};

/// Which part of a search to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeOptions {
    /// The line from the root to the node whose subtree is wanted (empty: the root).
    pub focus: Vec<Cell>,
    /// Plies to record below the focus.
    pub depth: u32,
    /// At most this many nodes are recorded; the search itself goes on to its decision.
    pub max_nodes: usize,
}

impl Default for TreeOptions {
    /// The root and its children, at most 2,000 nodes.
    fn default() -> Self {
        TreeOptions {
            focus: Vec::new(),
            depth: 1,
            max_nodes: 2_000,
        }
    }
}

/// A recorded node before the tree is assembled: children by arena index.
#[derive(Debug)]
struct Slot {
    node: TreeNode,
    children: Vec<usize>,
}

/// A position on the search's current path.
#[derive(Debug)]
struct Frame {
    slot: Option<usize>,
    entered_at: u64,
    by_move: bool,
}

/// Records the nodes of a search that fall within [`TreeOptions`]: those on the line to the
/// focus and those at most `depth` plies below it, up to `max_nodes`. Nodes outside are
/// counted (in their recorded ancestors' `visited` and `hidden`) but not kept, so memory
/// stays bounded however large the search.
#[derive(Debug)]
pub struct TreeRecorder {
    options: TreeOptions,
    slots: Vec<Slot>,
    stack: Vec<Frame>,
    path: Vec<Cell>,
    entered: u64,
    truncated: bool,
    nodes_per_ply: Vec<u64>,
}

impl TreeRecorder {
    /// A recorder for the part of the tree `options` describe.
    #[must_use]
    pub fn new(options: TreeOptions) -> Self {
        TreeRecorder {
            options,
            slots: Vec::new(),
            stack: Vec::new(),
            path: Vec::new(),
            entered: 0,
            truncated: false,
            nodes_per_ply: Vec::new(),
        }
    }

    /// Whether the node at `path` (+ `extra`) lies in the region to record.
    fn in_region(&self, extra: Option<Cell>) -> bool {
        let focus = &self.options.focus;
        let len = self.path.len() + usize::from(extra.is_some());
        let at = |i: usize| {
            if i < self.path.len() {
                self.path[i]
            } else {
                extra.expect("index past the path only with an extra move")
            }
        };
        let shared = len.min(focus.len());
        (0..shared).all(|i| at(i) == focus[i])
            && len.saturating_sub(focus.len()) <= self.options.depth as usize
    }

    /// Adds a node under the current frame's slot if it may be recorded; counts it as hidden
    /// otherwise.
    fn add(
        &mut self,
        cell: Option<Cell>,
        kind: NodeKind,
        window: Option<(i32, i32)>,
    ) -> Option<usize> {
        let parent = match self.stack.last() {
            Some(frame) => Some(frame.slot?),
            None if self.slots.is_empty() => None,
            None => return None,
        };
        let wanted = self.in_region(if kind == NodeKind::Pruned { cell } else { None });
        let room = self.slots.len() < self.options.max_nodes;
        if !(wanted && room) {
            self.truncated |= wanted;
            if let Some(p) = parent {
                self.slots[p].node.hidden += 1;
            }
            return None;
        }
        let index = self.slots.len();
        let pruned = kind == NodeKind::Pruned;
        self.slots.push(Slot {
            node: TreeNode {
                cell,
                kind,
                role: Role::at_ply(self.path.len() + usize::from(pruned)),
                order: if pruned { 0 } else { self.entered },
                value: None,
                bound: Bound::Exact,
                window,
                window_after: None,
                terms: None,
                visited: 0,
                children: Vec::new(),
                hidden: 0,
                pruned: 0,
                best: false,
            },
            children: Vec::new(),
        });
        if let Some(p) = parent {
            self.slots[p].children.push(index);
        }
        Some(index)
    }

    /// The recorded tree; `None` if the search never entered its root.
    #[must_use]
    pub fn finish(mut self) -> Option<SearchTree> {
        if self.slots.is_empty() {
            return None;
        }
        let recorded = self.slots.len();
        let root = self.assemble(0);
        Some(SearchTree {
            root,
            focus: self.options.focus,
            depth: self.options.depth,
            recorded,
            truncated: self.truncated,
            nodes_per_ply: self.nodes_per_ply,
        })
    }

    fn assemble(&mut self, index: usize) -> TreeNode {
        let children = std::mem::take(&mut self.slots[index].children);
        let mut node = self.slots[index].node.clone();
        node.children = children.into_iter().map(|c| self.assemble(c)).collect();
        node
    }
}

fn same_value(a: Option<Value>, b: Value) -> bool {
    a.is_some_and(|a| a == b)
}

impl SearchObserver for TreeRecorder {
    fn enter(&mut self, cell: Option<Cell>, window: Option<(i32, i32)>) {
        if let Some(c) = cell {
            self.path.push(c);
        }
        self.entered += 1;
        let ply = self.path.len();
        if self.nodes_per_ply.len() <= ply {
            self.nodes_per_ply.resize(ply + 1, 0);
        }
        self.nodes_per_ply[ply] += 1;
        let slot = self.add(cell, NodeKind::Inner, window);
        self.stack.push(Frame {
            slot,
            entered_at: self.entered,
            by_move: cell.is_some(),
        });
    }

    fn leave(&mut self, value: Value, kind: NodeKind) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        if frame.by_move {
            self.path.pop();
        }
        let Some(index) = frame.slot else {
            return;
        };
        let searched = matches!(kind, NodeKind::Inner | NodeKind::Cutoff);
        let node = &mut self.slots[index].node;
        // A leaf's value is its score (the result, or the static evaluation): exact whatever
        // the window. An inner node's value says what its window lets it.
        let (bound, window_after) = match (node.window, value) {
            (Some((alpha, beta)), Value::Score(v)) if searched => (
                Bound::of(v, alpha, beta),
                Some(match node.role {
                    Role::Max => (alpha.max(v), beta),
                    Role::Min => (alpha, beta.min(v)),
                }),
            ),
            _ => (Bound::Exact, None),
        };
        node.value = Some(value);
        node.kind = kind;
        node.bound = bound;
        node.window_after = window_after;
        node.visited = self.entered - frame.entered_at + 1;
        if searched {
            let children = self.slots[index].children.clone();
            if let Some(&best) = children
                .iter()
                .find(|&&c| same_value(self.slots[c].node.value, value))
            {
                self.slots[best].node.best = true;
            }
        }
    }

    fn evaluated(&mut self, terms: StaticTerms) {
        if let Some(slot) = self.stack.last().and_then(|f| f.slot) {
            self.slots[slot].node.terms = Some(terms);
        }
    }

    fn pruned(&mut self, cells: &[Cell]) {
        let Some(slot) = self.stack.last().and_then(|f| f.slot) else {
            return;
        };
        self.slots[slot].node.pruned += cells.len() as u32;
        for &cell in cells {
            self.add(Some(cell), NodeKind::Pruned, None);
        }
    }
}
