//! The symmetries of the board: 8 on a square board, 4 on a rectangle.

use super::board::Board;
use super::geometry::{Cell, Size};
use super::side::Side;
use super::zobrist;
use serde::{Deserialize, Serialize};

/// A symmetry of the board, as a map of `(row, col)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Symmetry {
    /// Leaves every cell in place.
    Identity,
    /// Quarter turn clockwise (square boards only).
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn anticlockwise (square boards only).
    Rotate270,
    /// Mirror left-right.
    FlipHorizontal,
    /// Mirror top-bottom.
    FlipVertical,
    /// Mirror in the main diagonal (square boards only).
    Transpose,
    /// Mirror in the anti-diagonal (square boards only).
    AntiTranspose,
}

impl Symmetry {
    const SQUARE: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];
    const RECTANGLE: [Symmetry; 4] = [
        Symmetry::Identity,
        Symmetry::Rotate180,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
    ];

    /// The symmetries of a board of this size, identity first.
    #[must_use]
    pub fn all(size: Size) -> &'static [Symmetry] {
        if size.is_square() {
            &Self::SQUARE
        } else {
            &Self::RECTANGLE
        }
    }

    /// The image of `cell`.
    ///
    /// Precondition: the symmetry belongs to `size` (see [`Symmetry::all`]).
    #[must_use]
    pub fn apply(self, size: Size, cell: Cell) -> Cell {
        let (r, c) = (size.row(cell), size.col(cell));
        let (h, w) = (i32::from(size.height) - 1, i32::from(size.width) - 1);
        let (r2, c2) = match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, w - r),
            Symmetry::Rotate180 => (h - r, w - c),
            Symmetry::Rotate270 => (h - c, r),
            Symmetry::FlipHorizontal => (r, w - c),
            Symmetry::FlipVertical => (h - r, c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (w - c, h - r),
        };
        size.cell(r2, c2)
            .expect("a symmetry of this board maps cells onto it")
    }

    /// The Zobrist hash of the board's image under this symmetry.
    #[must_use]
    pub fn hash(self, board: &Board) -> u64 {
        let size = board.size();
        size.all_cells()
            .filter_map(|c| board.get(c).map(|s| zobrist::key(s, self.apply(size, c))))
            .fold(0, |h, k| h ^ k)
    }
}

/// Cell permutations for every symmetry of one board size, for fast canonical keys.
#[derive(Clone, Debug)]
pub struct SymmetryTable {
    size: Size,
    maps: Vec<Vec<u16>>,
    /// The inverse of each map.
    inverses: Vec<Vec<u16>>,
}

/// The cells of `bits` moved by `map` (cell `i` to cell `map[i]`).
fn map_bits(map: &[u16], mut bits: u64) -> u64 {
    let mut out = 0u64;
    while bits != 0 {
        out |= 1 << map[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    out
}

impl SymmetryTable {
    /// Tables for a board size.
    #[must_use]
    pub fn new(size: Size) -> Self {
        let maps = Symmetry::all(size)
            .iter()
            .map(|s| {
                size.all_cells()
                    .map(|c| s.apply(size, c).0)
                    .collect::<Vec<u16>>()
            })
            .collect::<Vec<_>>();
        let inverses = maps
            .iter()
            .map(|map| {
                let mut inverse = vec![0; map.len()];
                for (from, &to) in map.iter().enumerate() {
                    inverse[usize::from(to)] = from as u16;
                }
                inverse
            })
            .collect();
        SymmetryTable {
            size,
            maps,
            inverses,
        }
    }

    /// The board size the table is for.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The smallest of the images of a position given as X/O bit masks (at most 64 cells):
    /// two positions are equal up to symmetry exactly when their canonical keys are equal.
    #[must_use]
    pub fn canonical_masks(&self, x: u64, o: u64) -> u128 {
        self.frame(x, o).0
    }

    /// The canonical key of a position given as X/O bit masks (at most 64 cells), with the
    /// symmetry (an index into [`Symmetry::all`]) that maps the position onto it: the image
    /// `(x' << 64) | o'` that is smallest as a number, the first such symmetry on a tie.
    #[must_use]
    pub fn frame(&self, x: u64, o: u64) -> (u128, usize) {
        self.maps
            .iter()
            .enumerate()
            .map(|(s, map)| {
                (
                    (u128::from(map_bits(map, x)) << 64) | u128::from(map_bits(map, o)),
                    s,
                )
            })
            .min()
            .expect("there is always the identity")
    }

    /// The image of `cell` under symmetry `s` (an index into [`Symmetry::all`]).
    #[must_use]
    pub fn image(&self, s: usize, cell: Cell) -> Cell {
        Cell(self.maps[s][cell.index()])
    }

    /// The cell whose image under symmetry `s` is `cell`.
    #[must_use]
    pub fn preimage(&self, s: usize, cell: Cell) -> Cell {
        Cell(self.inverses[s][cell.index()])
    }

    /// The image of the cells of `mask` (bit `i`: cell `i`, every bit a cell of the board)
    /// under symmetry `s`.
    #[must_use]
    pub fn image_mask(&self, s: usize, mask: u64) -> u64 {
        map_bits(&self.maps[s], mask)
    }

    /// The cells whose image under symmetry `s` is the cells of `mask`.
    #[must_use]
    pub fn preimage_mask(&self, s: usize, mask: u64) -> u64 {
        map_bits(&self.inverses[s], mask)
    }

    /// The smallest Zobrist hash among the images of the board.
    #[must_use]
    pub fn canonical_hash(&self, board: &Board) -> u64 {
        self.maps
            .iter()
            .map(|map| {
                self.size
                    .all_cells()
                    .filter_map(|c| {
                        board
                            .get(c)
                            .map(|s: Side| zobrist::key(s, Cell(map[c.index()])))
                    })
                    .fold(0, |h, k| h ^ k)
            })
            .min()
            .expect("there is always the identity")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Variant};

    #[test]
    fn every_symmetry_is_a_permutation_and_a_square_has_eight() {
        for size in [Size::square(3), Size::square(4), Size::new(5, 3)] {
            let syms = Symmetry::all(size);
            assert_eq!(syms.len(), if size.is_square() { 8 } else { 4 });
            for &s in syms {
                let mut image: Vec<Cell> = size.all_cells().map(|c| s.apply(size, c)).collect();
                image.sort();
                assert_eq!(
                    image,
                    size.all_cells().collect::<Vec<_>>(),
                    "{s:?} on {size}"
                );
            }
        }
    }

    #[test]
    fn a_corner_maps_to_every_corner() {
        let size = Size::square(3);
        let images: std::collections::BTreeSet<Cell> = Symmetry::all(size)
            .iter()
            .map(|s| s.apply(size, Cell(0)))
            .collect();
        assert_eq!(
            images.into_iter().collect::<Vec<_>>(),
            vec![Cell(0), Cell(2), Cell(6), Cell(8)]
        );
    }

    #[test]
    fn symmetric_positions_share_a_canonical_key() {
        let v = Variant::new(Size::square(3), 3, Rule::Freestyle).unwrap();
        let a = Board::from_moves(v, &[Cell(0), Cell(4)]).unwrap();
        let b = Board::from_moves(v, &[Cell(8), Cell(4)]).unwrap();
        let c = Board::from_moves(v, &[Cell(1), Cell(4)]).unwrap();
        let table = SymmetryTable::new(v.size());
        let key = |b: &Board| {
            let (x, o) = b.masks().unwrap();
            table.canonical_masks(x, o)
        };
        assert_eq!(key(&a), key(&b));
        assert_ne!(key(&a), key(&c));
        assert_eq!(table.canonical_hash(&a), table.canonical_hash(&b));
        assert_eq!(Symmetry::Rotate180.hash(&a), b.hash());
    }
}
