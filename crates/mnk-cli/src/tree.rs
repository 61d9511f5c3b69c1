//! `mnk best --tree`: the search tree as the page's tree shows it, in text, for a teacher:
//! every row MAX or MIN, the values of the side to move at the root, the alpha-beta window
//! each node was searched with and as it left it, cut-offs and the moves they pruned, static
//! leaves with their e(P) and its terms, the order the search visited the nodes in; then the
//! nodes per ply and the effective branching factor, beside the same position searched to the
//! same depth with pruning (for a player without it) or without (for one with it).

use crate::render::thousands;
use mnk::explain::{Role, SearchTree, TreeNode, TreeOptions, explain};
use mnk::game::{Board, Side, Size};
use mnk::notation::format_cell;
use mnk::players::{AlphaBeta, Minimax, MoveOrder, PlayerInfo};
use mnk::search::{Control, Limits, NodeKind, Player};
use std::fmt::Write as _;

/// The tree's rows, one per recorded node in the order the search visited them, drawn as an
/// outline; `root` is the side to move at the top of the tree (MAX).
pub fn rows(tree: &SearchTree, root: Side, size: Size) -> Vec<String> {
    let mut out = Vec::new();
    let top = tree.focus_node().unwrap_or(&tree.root);
    node_rows(top, root, size, "", "", &mut out);
    out
}

fn node_rows(
    node: &TreeNode,
    root: Side,
    size: Size,
    head: &str,
    tail: &str,
    out: &mut Vec<String>,
) {
    out.push(format!("{head}{}", row(node, root, size)));
    let last = node.children.len().saturating_sub(1);
    for (i, child) in node.children.iter().enumerate() {
        let (branch, rest) = if i == last {
            ("└─ ", "   ")
        } else {
            ("├─ ", "│  ")
        };
        node_rows(
            child,
            root,
            size,
            &format!("{tail}{branch}"),
            &format!("{tail}{rest}"),
            out,
        );
    }
    if node.hidden > 0 && node.kind != NodeKind::Pruned {
        let more = node.hidden;
        let what = if more == 1 { "move" } else { "moves" };
        let branch = if node.children.is_empty() {
            "└─ "
        } else {
            "   "
        };
        out.push(format!(
            "{tail}{branch}... {more} more {what} here, not shown (--tree-depth, --tree-path)"
        ));
    }
}

/// One node: `#order move ROLE (side to move) value kind window nodes`.
fn row(node: &TreeNode, root: Side, size: Size) -> String {
    let mover = match node.role {
        Role::Max => root,
        Role::Min => root.other(),
    };
    let mv = node
        .cell
        .map_or_else(|| "root".to_string(), |c| format_cell(c, size));
    let mut s = String::new();
    if node.kind == NodeKind::Pruned {
        let _ = write!(
            s,
            "{mv} {} ({mover} to move): pruned, never searched",
            node.role.label()
        );
        return s;
    }
    let _ = write!(
        s,
        "#{} {mv} {} ({mover} to move)",
        node.order,
        node.role.label()
    );
    if let Some(value) = node.value {
        let _ = write!(s, ": {}", value.seen_by(root).bounded(node.bound));
    }
    if let Some(t) = node.terms {
        let _ = write!(s, " = e(P) = {} - {}", t.open_for_max, t.open_for_min);
    }
    match node.kind {
        NodeKind::Inner => {}
        NodeKind::Cutoff if node.pruned > 0 => {
            let _ = write!(s, ", cut-off ({} pruned)", node.pruned);
        }
        NodeKind::Cutoff => s.push_str(", cut-off (at its last move)"),
        NodeKind::Terminal => s.push_str(", game over"),
        NodeKind::Horizon => s.push_str(", horizon"),
        NodeKind::Transposition => s.push_str(", transposition"),
        NodeKind::Pruned => {}
    }
    if let Some((alpha, beta)) = node.window {
        let _ = write!(s, ", α {alpha} β {beta}");
        if let Some((a, b)) = node.window_after.filter(|&w| w != (alpha, beta)) {
            let _ = write!(s, " -> α {a} β {b}");
        }
    }
    if node.visited > 1 {
        let _ = write!(s, ", {} nodes", thousands(node.visited));
    }
    if node.best {
        s.push_str(", best");
    }
    s
}

/// The legend printed above the tree: two lines, and a third on e(P) for a tree with static
/// leaves.
pub fn legend(
    player: &str,
    order: Option<MoveOrder>,
    root: Side,
    tree: &SearchTree,
) -> Vec<String> {
    let order = order.map_or_else(String::new, |o| format!(", moves tried {o}"));
    let min = root.other();
    let mut lines = vec![
        format!(
            "search tree of {player}{order}: MAX is {root}, to move at the top; MIN is {min}; every value is {root}'s"
        ),
        "#n: the n-th position searched; α β: the window it was searched with, -> as it left it"
            .to_string(),
    ];
    if has_terms(&tree.root) {
        lines.push(format!(
            "e(P) at the horizon: lines still open for {root} - lines still open for {min}"
        ));
    }
    lines
}

fn has_terms(node: &TreeNode) -> bool {
    node.terms.is_some() || node.children.iter().any(has_terms)
}

/// `nodes per ply: 1, 9, 72 (82 in all); effective branching factor b* = 8.05`.
pub fn counts(tree: &SearchTree) -> String {
    let per_ply: Vec<String> = tree.nodes_per_ply.iter().map(|&n| thousands(n)).collect();
    let total: u64 = tree.nodes_per_ply.iter().sum();
    let mut s = format!(
        "nodes per ply: {} ({} in all)",
        per_ply.join(", "),
        thousands(total)
    );
    if let Some(b) = tree.branching_factor() {
        let d = tree.nodes_per_ply.len() - 1;
        let _ = write!(
            s,
            "; effective branching factor b* = {b:.2} (1 + b* + ... + b*^{d} = {})",
            thousands(total)
        );
    }
    s
}

/// The same position searched to the same `depth` by the other kind of search: without
/// pruning (seed 004's minimax) for a player that prunes, with it (alpha-beta in `order`) for
/// one that does not; its name and its counts, or why it could not run.
pub fn counterpart(
    info: &PlayerInfo,
    board: &Board,
    depth: Option<u32>,
    order: MoveOrder,
) -> (String, Result<SearchTree, String>) {
    let (name, mut player): (String, Box<dyn Player>) = if info.abilities.tree_limited() {
        (
            format!("alpha-beta (alphabeta, moves tried {order})"),
            Box::new(AlphaBeta::with_order(order)),
        )
    } else {
        (
            "minimax, no pruning (minimax)".to_string(),
            Box::new(Minimax::new()),
        )
    };
    let control = Control::start(&Limits {
        depth,
        ..Limits::NONE
    });
    let counted = TreeOptions {
        focus: Vec::new(),
        depth: 0,
        max_nodes: 1,
    };
    let tree = explain(player.as_mut(), board, &control, counted)
        .map(|seen| seen.tree)
        .map_err(|e| e.to_string());
    (name, tree)
}
