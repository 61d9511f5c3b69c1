//! Board geometry: sizes, cells and the four line directions.
//!
//! Cells are numbered row-major from the **top-left** corner: index `row * width + col`
//! with row 0 the top row. That is the order in which the seed programs scan the board, so
//! "the first best move in row-major order" is simply the lowest index. The renju notation
//! (rows numbered from the bottom) is a matter of [`crate::notation`] only.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest board side: 26 keeps column letters within `a..z`.
pub const MAX_SIDE: u8 = 26;
/// The largest number of cells on a board.
pub const MAX_CELLS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// A cell of the board, numbered row-major from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell(pub u16);

impl Cell {
    /// The cell's index, `row * width + col` from the top-left.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The dimensions of a board: `width` columns by `height` rows, each `1..=26`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Size {
    /// Number of columns (letters `a..`).
    pub width: u8,
    /// Number of rows (numbers `1..`).
    pub height: u8,
}

impl Size {
    /// A size without validation; see [`crate::game::Variant::new`] for the checked route.
    #[must_use]
    pub const fn new(width: u8, height: u8) -> Self {
        Size { width, height }
    }

    /// A square board.
    #[must_use]
    pub const fn square(side: u8) -> Self {
        Size {
            width: side,
            height: side,
        }
    }

    /// Number of cells.
    #[must_use]
    pub const fn cells(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether the board is square (8 symmetries rather than 4).
    #[must_use]
    pub const fn is_square(self) -> bool {
        self.width == self.height
    }

    /// The cell at `row` (from the top) and `col` (from the left), if on the board.
    #[must_use]
    pub fn cell(self, row: i32, col: i32) -> Option<Cell> {
        (row >= 0 && col >= 0 && row < i32::from(self.height) && col < i32::from(self.width))
            .then(|| Cell((row * i32::from(self.width) + col) as u16))
    }

    /// Row (from the top) of a cell.
    #[must_use]
    pub const fn row(self, cell: Cell) -> i32 {
        (cell.0 / self.width as u16) as i32
    }

    /// Column (from the left) of a cell.
    #[must_use]
    pub const fn col(self, cell: Cell) -> i32 {
        (cell.0 % self.width as u16) as i32
    }

    /// Every cell, in row-major order from the top-left.
    pub fn all_cells(self) -> impl Iterator<Item = Cell> {
        (0..self.cells() as u16).map(Cell)
    }

    /// The neighbour of `cell` one step along `dir` (forward when `sign` is 1, backward when -1).
    #[must_use]
    pub fn step(self, cell: Cell, dir: Direction, sign: i32) -> Option<Cell> {
        let (dr, dc) = dir.delta();
        self.cell(self.row(cell) + sign * dr, self.col(cell) + sign * dc)
    }

    /// Twice the distance from the board's centre, per axis, so even sides stay integral.
    #[must_use]
    pub fn doubled_offset_from_centre(self, cell: Cell) -> (i32, i32) {
        (
            2 * self.row(cell) - (i32::from(self.height) - 1),
            2 * self.col(cell) - (i32::from(self.width) - 1),
        )
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// One of the four directions a line can run in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Along a row (left to right).
    Horizontal,
    /// Along a column (top to bottom).
    Vertical,
    /// Top-left to bottom-right.
    Diagonal,
    /// Top-right to bottom-left.
    AntiDiagonal,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// `(row, col)` step of one cell forward.
    #[must_use]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (0, 1),
            Direction::Vertical => (1, 0),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_row_major_from_the_top_left() {
        let size = Size::new(4, 3);
        assert_eq!(size.cell(0, 0), Some(Cell(0)));
        assert_eq!(size.cell(2, 3), Some(Cell(11)));
        assert_eq!(size.cell(3, 0), None);
        assert_eq!(size.cell(0, -1), None);
        assert_eq!((size.row(Cell(7)), size.col(Cell(7))), (1, 3));
        assert_eq!(size.step(Cell(0), Direction::AntiDiagonal, 1), None);
        assert_eq!(
            size.step(Cell(3), Direction::AntiDiagonal, 1),
            Some(Cell(6))
        );
    }
}
