//! What a search did, for engine authors: how well its moves are ordered (how often the first
//! move searched at a node is the one that cuts it off), how often the table knows a position,
//! and how the tree grows from one iteration to the next (the effective branching factor).
//! The figures compared with another engine's, or before and after a change, say where the
//! search loses its depth (`mnk bench --stats`).
//!
//! Counted by the main search thread (the one whose answer counts), in its alpha-beta nodes
//! (not the quiescence search at the horizon, nor the helpers of a search on several threads).

use serde::Serialize;

/// The counts of one search.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SearchStats {
    /// Alpha-beta nodes entered (not counting the quiescence search's).
    pub nodes: u64,
    /// Nodes that looked their position up in the shared table.
    pub table_probes: u64,
    /// Of those, the lookups that found the position.
    pub table_hits: u64,
    /// Of those, the entries that answered the node without a search (deep enough, and
    /// their bound settles the window).
    pub table_cutoffs: u64,
    /// Nodes that searched moves and were cut off by one (a move reached beta).
    pub cutoffs: u64,
    /// Of those, the cut-offs made by the first move searched there.
    pub first_move_cutoffs: u64,
    /// Nodes of the main thread when each finished iteration ended, by depth: `(depth,
    /// nodes)`, the first iteration first.
    pub iterations: Vec<(u32, u64)>,
}

impl SearchStats {
    /// Adds `other`'s counts to these (not its iterations, which belong to one search).
    pub fn add(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.table_probes += other.table_probes;
        self.table_hits += other.table_hits;
        self.table_cutoffs += other.table_cutoffs;
        self.cutoffs += other.cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
    }

    /// The share of cut-offs the first move searched made (1 for perfect ordering), or `None`
    /// with no cut-off.
    #[must_use]
    pub fn first_move_cut_rate(&self) -> Option<f64> {
        ratio(self.first_move_cutoffs, self.cutoffs)
    }

    /// The share of table lookups that found the position, or `None` with none.
    #[must_use]
    pub fn table_hit_rate(&self) -> Option<f64> {
        ratio(self.table_hits, self.table_probes)
    }

    /// The effective branching factor: how many times more nodes each iteration took than
    /// the one before it, the geometric mean over the last four iterations (fewer when fewer
    /// finished); `None` before two iterations have finished. Iterations of fewer than 100
    /// nodes are left out: their growth says more about the fixed costs of an iteration than
    /// about the tree.
    #[must_use]
    pub fn branching_factor(&self) -> Option<f64> {
        let mut each = Vec::with_capacity(self.iterations.len());
        let mut before = 0;
        for &(_, total) in &self.iterations {
            each.push(total.saturating_sub(before));
            before = total;
        }
        let from = each.iter().position(|&n| n >= 100)?;
        let used = &each[from..];
        let steps = (used.len() - 1).min(4);
        if steps == 0 {
            return None;
        }
        let last = used[used.len() - 1];
        let first = used[used.len() - 1 - steps];
        Some((last as f64 / first.max(1) as f64).powf(1.0 / steps as f64))
    }

    /// The deepest iteration that finished (0 for none).
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.iterations.last().map_or(0, |&(d, _)| d)
    }
}

fn ratio(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_the_branching_factor() {
        let stats = SearchStats {
            nodes: 10_000,
            table_probes: 400,
            table_hits: 100,
            table_cutoffs: 50,
            cutoffs: 200,
            first_move_cutoffs: 150,
            // Each iteration's own nodes: 10, 200, 800, 3,200, 12,800: x4 from the first of
            // at least 100 nodes.
            iterations: vec![(1, 10), (2, 210), (3, 1_010), (4, 4_210), (5, 17_010)],
        };
        assert_eq!(stats.first_move_cut_rate(), Some(0.75));
        assert_eq!(stats.table_hit_rate(), Some(0.25));
        let b = stats.branching_factor().unwrap();
        assert!((b - 4.0).abs() < 1e-9, "{b}");
        assert_eq!(stats.depth(), 5);
        assert_eq!(SearchStats::default().first_move_cut_rate(), None);
        assert_eq!(SearchStats::default().branching_factor(), None);
        let mut sum = stats.clone();
        sum.add(&stats);
        assert_eq!((sum.cutoffs, sum.table_probes), (400, 800));
        assert_eq!(sum.iterations, stats.iterations);
        let one = SearchStats {
            iterations: vec![(1, 500)],
            ..SearchStats::default()
        };
        assert_eq!(one.branching_factor(), None);
    }
}
