//! The k-windows of a board: every run of k consecutive cells along a line.
//!
//! A window is "open" for a side while it holds no stone of the other side: the side could
//! still complete it. Counting open windows is the evaluation of seeds 000/001 generalised
//! from the eight lines of tic-tac-toe to any m,n,k-game.

use super::geometry::{Cell, Direction, Size};

/// Every k-window of a board, and the windows through each cell.
#[derive(Clone, Debug)]
pub struct Windows {
    cells: Vec<Vec<Cell>>,
    through: Vec<Vec<u32>>,
}

impl Windows {
    /// The windows of length `k` on a board.
    #[must_use]
    pub fn new(size: Size, k: usize) -> Self {
        let mut cells = Vec::new();
        let mut through = vec![Vec::new(); size.cells()];
        for start in size.all_cells() {
            for dir in Direction::ALL {
                let window: Vec<Cell> =
                    std::iter::successors(Some(start), |&c| size.step(c, dir, 1))
                        .take(k)
                        .collect();
                if window.len() == k {
                    for c in &window {
                        through[c.index()].push(cells.len() as u32);
                    }
                    cells.push(window);
                }
            }
        }
        Windows { cells, through }
    }

    /// Number of windows.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there are none (k longer than both sides cannot happen for a valid variant).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cells of window `w`.
    #[must_use]
    pub fn cells(&self, w: usize) -> &[Cell] {
        &self.cells[w]
    }

    /// The indices of the windows through `cell`.
    #[must_use]
    pub fn through(&self, cell: Cell) -> &[u32] {
        &self.through[cell.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tic_tac_toe_has_eight_lines_and_the_centre_is_on_four() {
        let w = Windows::new(Size::square(3), 3);
        assert_eq!(w.len(), 8);
        assert_eq!(w.through(Cell(4)).len(), 4);
        assert_eq!(w.through(Cell(0)).len(), 3);
        assert_eq!(w.through(Cell(1)).len(), 2);
    }

    #[test]
    fn gomoku_window_count() {
        // 15x15, k = 5: 11 per row and column line, 11 * 11 per diagonal direction.
        let w = Windows::new(Size::square(15), 5);
        assert_eq!(w.len(), 2 * 15 * 11 + 2 * 11 * 11);
    }
}
