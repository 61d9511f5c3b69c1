//! Win detection on bit masks, for boards of at most 64 cells (bit `i` is cell `i`).
//!
//! Used where speed matters more than generality: the census of positions and the solver.

use super::geometry::{Cell, Direction, Size};
use super::renju::{self, BoardView};
use super::side::Side;
use super::variant::{Rule, Variant};

/// The most cells a board may have for its positions to fit in bit masks (one `u64` per side):
/// the census, the solver and [`super::Board::masks`] work up to this size.
pub const MASK_CELLS: usize = 64;

/// The bit masks of the k-windows through each cell, for boards of at most 64 cells. Rules
/// with forbidden moves (renju) are not modelled here (the census and the proofs refuse them;
/// the solver adds [`ForbiddenMasks`]).
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

/// Renju's forbidden points on bit masks (boards of at most 64 cells): which empty cells black
/// (X) may not play, judged by [`renju::forbidden`], the board's own judge, reading the masks
/// themselves. A cell is judged only when at least four black stones lie within
/// `k` cells along its lines (the judge's own first test, here one mask and a count).
#[derive(Debug, Clone)]
pub struct ForbiddenMasks {
    variant: Variant,
    /// Per cell: the cells at most `k` steps away along its four lines (itself left out).
    near: Vec<u64>,
    /// Per cell: its runs of `k` cells along each line (the direction's index, the mask) ...
    windows: Vec<Vec<(u8, u64)>>,
    /// ... and of `k + 1` cells.
    long: Vec<Vec<u64>>,
}

impl ForbiddenMasks {
    /// The masks for a variant; `None` above 64 cells or under a rule without forbidden moves.
    #[must_use]
    pub fn new(variant: &Variant) -> Option<Self> {
        let size = variant.size();
        if size.cells() > MASK_CELLS || !variant.rule().has_forbidden_moves() {
            return None;
        }
        let k = variant.k();
        let near = size
            .all_cells()
            .map(|cell| {
                let mut mask = 0u64;
                renju::each_line_neighbour(size, k, cell, |c| {
                    mask |= 1 << c.index();
                    true
                });
                mask
            })
            .collect();
        let runs = |len: usize| {
            let mut per_cell = vec![Vec::new(); size.cells()];
            for start in size.all_cells() {
                for (d, dir) in Direction::ALL.into_iter().enumerate() {
                    let cells: Vec<Cell> =
                        std::iter::successors(Some(start), |&c| size.step(c, dir, 1))
                            .take(len)
                            .collect();
                    if cells.len() == len {
                        let mask = cells.iter().fold(0u64, |m, c| m | 1 << c.index());
                        for c in cells {
                            per_cell[c.index()].push((d as u8, mask));
                        }
                    }
                }
            }
            per_cell
        };
        let long = runs(k + 1)
            .into_iter()
            .map(|runs| runs.into_iter().map(|(_, m)| m).collect())
            .collect();
        Some(ForbiddenMasks {
            variant: *variant,
            near,
            windows: runs(k),
            long,
        })
    }

    /// The cells that no black stones to come can make forbidden while white holds `o` (and
    /// whatever white adds): at most one line through the cell has `k` cells in a row free of
    /// white, and no line `k + 1`. A double three or a double four in two lines needs two
    /// lines with room for a five through the cell; an overline, or two fours in one line,
    /// `k + 1` cells in a row. White's stones only add up, so such a cell stays safe.
    #[must_use]
    pub fn never_forbidden(&self, o: u64) -> u64 {
        let mut out = 0u64;
        for (i, (windows, long)) in self.windows.iter().zip(&self.long).enumerate() {
            if long.iter().any(|&m| m & o == 0) {
                continue;
            }
            let live = windows
                .iter()
                .filter(|&&(_, m)| m & o == 0)
                .fold(0u8, |dirs, &(d, _)| dirs | 1 << d);
            if live.count_ones() <= 1 {
                out |= 1 << i;
            }
        }
        out
    }

    /// The empty cells forbidden to black with black's stones `x` and white's `o`, whoever is
    /// to move.
    #[must_use]
    pub fn cells(&self, x: u64, o: u64) -> u64 {
        if x.count_ones() < 4 {
            return 0;
        }
        let board = Masks {
            size: self.variant.size(),
            x,
            o,
        };
        let mut out = 0u64;
        let mut empty = !(x | o) & self.full();
        while empty != 0 {
            let i = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            if (x & self.near[i]).count_ones() < 4 {
                continue;
            }
            let verdict = renju::forbidden(&self.variant, &board, Cell(i as u16))
                .expect("the masks' own board, an empty cell of it");
            if verdict.is_some() {
                out |= 1 << i;
            }
        }
        out
    }

    fn full(&self) -> u64 {
        match self.variant.size().cells() {
            MASK_CELLS => u64::MAX,
            n => (1 << n) - 1,
        }
    }
}

/// A position on bit masks (bit `i` for cell `i`) as the judge reads it.
#[derive(Debug, Clone, Copy)]
struct Masks {
    size: Size,
    /// Black's (X's) stones.
    x: u64,
    /// White's (O's) stones.
    o: u64,
}

impl BoardView for Masks {
    fn size(&self) -> Size {
        self.size
    }

    fn stone(&self, cell: Cell) -> Option<Side> {
        let bit = 1u64 << cell.index();
        if self.x & bit != 0 {
            Some(Side::X)
        } else if self.o & bit != 0 {
            Some(Side::O)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Board;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// The masks' forbidden cells are the board's, on crowded small renju boards.
        #[test]
        fn forbidden_cells_are_the_boards(
            w in 5u8..=8, h in 5u8..=8, picks in proptest::collection::vec(0usize..64, 0..40),
        ) {
            let variant = Variant::new(Size::new(w, h), 5, Rule::Renju).unwrap();
            let masks = ForbiddenMasks::new(&variant).unwrap();
            let mut board = Board::new(variant);
            let mut safe_so_far = 0u64;
            for p in picks {
                let moves: Vec<Cell> = board.moves().collect();
                if moves.is_empty() {
                    break;
                }
                board.play(moves[p % moves.len()]);
                let (x, o) = board.masks().unwrap();
                let want = board
                    .size()
                    .all_cells()
                    .filter(|&c| board.forbidden_to(Side::X, c).is_some())
                    .fold(0u64, |m, c| m | 1 << c.index());
                prop_assert_eq!(masks.cells(x, o), want);
                // What was never to be forbidden is not, now or later.
                safe_so_far |= masks.never_forbidden(o);
                prop_assert_eq!(safe_so_far & want, 0);
            }
        }
    }

    #[test]
    fn a_double_three_is_found_and_other_rules_have_no_masks() {
        let variant = Variant::new(Size::square(8), 5, Rule::Renju).unwrap();
        let masks = ForbiddenMasks::new(&variant).unwrap();
        let at = |r, c| variant.size().cell(r, c).unwrap();
        // Black on (5, 2), (5, 3) and (3, 4), (4, 4), white in the corners: (5, 4) makes two
        // open threes, a row and a column.
        let moves = [
            at(5, 2),
            at(0, 0),
            at(5, 3),
            at(0, 7),
            at(3, 4),
            at(7, 0),
            at(4, 4),
            at(7, 7),
        ];
        let board = Board::from_moves(variant, &moves).unwrap();
        let (x, o) = board.masks().unwrap();
        assert_eq!(
            board.forbidden(at(5, 4)),
            Some(crate::game::Forbidden::DoubleThree)
        );
        assert_eq!(masks.cells(x, o), 1 << at(5, 4).index());
        let free = Variant::new(Size::square(8), 5, Rule::Freestyle).unwrap();
        assert!(ForbiddenMasks::new(&free).is_none());
    }
}
