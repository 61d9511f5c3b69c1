//! Win detection on bit masks, for boards of at most 64 cells (bit `i` is cell `i`).
//!
//! Used where speed matters more than generality: the census of positions and the solver.

use super::geometry::{Cell, Direction};
use super::variant::{Rule, Variant};

/// The most cells a board may have for its positions to fit in bit masks (one `u64` per side):
/// the census, the solver and [`super::Board::masks`] work up to this size.
pub const MASK_CELLS: usize = 64;

/// The bit masks of the k-windows through each cell, for boards of at most 64 cells. Rules
/// with forbidden moves (renju) are not modelled: their callers (census, solver, proofs)
/// refuse them first.
#[derive(Debug, Clone)]
pub struct WinMasks {
    /// Per cell: (window mask, mask of the cells just beyond both ends of the window).
    windows: Vec<Vec<(u64, u64)>>,
    rule: Rule,
    full: u64,
}

impl WinMasks {
    /// Window masks for a variant; `None` above 64 cells.
    #[must_use]
    pub fn new(variant: &Variant) -> Option<Self> {
        let size = variant.size();
        if size.cells() > MASK_CELLS {
            return None;
        }
        let k = variant.k();
        let bit = |c: Cell| 1u64 << c.index();
        let mut windows = vec![Vec::new(); size.cells()];
        for start in size.all_cells() {
            for dir in Direction::ALL {
                let cells: Vec<Cell> =
                    std::iter::successors(Some(start), |&c| size.step(c, dir, 1))
                        .take(k)
                        .collect();
                if cells.len() < k {
                    continue;
                }
                let mask = cells.iter().fold(0, |m, &c| m | bit(c));
                let before = size.step(start, dir, -1).map_or(0, bit);
                let after = size.step(cells[k - 1], dir, 1).map_or(0, bit);
                for &c in &cells {
                    windows[c.index()].push((mask, before | after));
                }
            }
        }
        let full = if size.cells() == 64 {
            u64::MAX
        } else {
            (1 << size.cells()) - 1
        };
        Some(WinMasks {
            windows,
            rule: variant.rule(),
            full,
        })
    }

    /// Whether `own` (which includes the stone just played on `cell`) wins through `cell`.
    #[must_use]
    pub fn wins(&self, own: u64, cell: usize) -> bool {
        self.windows[cell].iter().any(|&(mask, ends)| {
            own & mask == mask && (self.rule == Rule::Freestyle || own & ends == 0)
        })
    }

    /// The number of k-windows through a cell.
    #[must_use]
    pub fn windows_through(&self, cell: usize) -> usize {
        self.windows[cell].len()
    }

    /// The mask of every cell.
    #[must_use]
    pub const fn full(&self) -> u64 {
        self.full
    }
}
