//! The position as the manager describes it: whose stone is on each cell ("own", "opponent",
//! or a neutral continuous-game stone), in the order the stones arrived.
//!
//! The manager may describe positions the [`Board`] cannot hold (it keeps strict alternation,
//! X first, and knows no neutral stones), so this is kept apart and turned into a [`Board`]
//! only when a player is asked to move: see [`Stones::board`].

use super::command::{Field, Point};
use crate::game::{Board, Cell, Setup, SetupError, Side, Size, Variant};
use thiserror::Error;

/// Why a stone cannot be placed or removed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoneError {
    /// The point is outside the board.
    #[error("{point} is off the board: x runs 0 to {max_x}, y 0 to {max_y}", max_x = size.width - 1, max_y = size.height - 1)]
    OffBoard {
        /// The point.
        point: Point,
        /// The board.
        size: Size,
    },
    /// A stone is there already.
    #[error("{0} is already taken")]
    Occupied(Point),
    /// No stone there to take back.
    #[error("there is no stone on {0}")]
    Empty(Point),
}

/// Why the position cannot be handed to a player as a [`Board`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Unplayable {
    /// Stones of a continuous game that belong to nobody.
    #[error(
        "the position has {0} continuous-game stone(s) (field 3), which the players cannot see"
    )]
    Neutral(usize),
    /// Stone counts that no alternating game reaches with us to move.
    #[error(
        "the position has {own} own and {opponent} opponent stones; with us to move a game has as many of each, or one more of the opponent's"
    )]
    Unbalanced {
        /// Our stones.
        own: usize,
        /// The opponent's stones.
        opponent: usize,
    },
    /// Somebody has already won.
    #[error("the game is already over")]
    GameOver,
    /// Stones that form no position of this game.
    #[error("the stones form no position of this game: {0}")]
    Invalid(SetupError),
}

/// Whose stone is on a cell.
pub type Owner = Field;

/// The stones on a board of a given size, with the order they arrived in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stones {
    size: Size,
    grid: Vec<Option<Owner>>,
    order: Vec<Cell>,
}

impl Stones {
    /// An empty board.
    #[must_use]
    pub fn new(size: Size) -> Self {
        Stones {
            size,
            grid: vec![None; size.cells()],
            order: Vec::new(),
        }
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The cell of a point.
    ///
    /// # Errors
    /// [`StoneError::OffBoard`] outside the board.
    pub fn cell(&self, point: Point) -> Result<Cell, StoneError> {
        let off = || StoneError::OffBoard {
            point,
            size: self.size,
        };
        let x = i32::try_from(point.x).map_err(|_| off())?;
        let y = i32::try_from(point.y).map_err(|_| off())?;
        self.size.cell(y, x).ok_or_else(off)
    }

    /// The point of a cell.
    #[must_use]
    pub fn point(&self, cell: Cell) -> Point {
        Point::of(self.size, cell)
    }

    /// Who has a stone on `cell` (a cell of this board).
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<Owner> {
        self.grid.get(cell.index()).copied().flatten()
    }

    /// Whether `cell` is a cell of this board with no stone on it.
    #[must_use]
    pub fn is_free(&self, cell: Cell) -> bool {
        self.grid.get(cell.index()).is_some_and(Option::is_none)
    }

    /// Free cells.
    #[must_use]
    pub fn empty_cells(&self) -> usize {
        self.grid.len() - self.order.len()
    }

    /// The stones, in the order they arrived.
    pub fn in_order(&self) -> impl Iterator<Item = (Cell, Owner)> + '_ {
        self.order
            .iter()
            .map(|&c| (c, self.grid[c.index()].unwrap_or(Field::Neutral)))
    }

    /// Puts a stone on a free cell.
    ///
    /// # Errors
    /// [`StoneError`] off the board or on a taken cell; nothing changes.
    pub fn place(&mut self, point: Point, owner: Owner) -> Result<Cell, StoneError> {
        let cell = self.cell(point)?;
        if self.grid[cell.index()].is_some() {
            return Err(StoneError::Occupied(point));
        }
        self.grid[cell.index()] = Some(owner);
        self.order.push(cell);
        Ok(cell)
    }

    /// Takes a stone off, whoever's it is.
    ///
    /// # Errors
    /// [`StoneError`] off the board or on an empty cell; nothing changes.
    pub fn remove(&mut self, point: Point) -> Result<Owner, StoneError> {
        let cell = self.cell(point)?;
        let owner = self.grid[cell.index()]
            .take()
            .ok_or(StoneError::Empty(point))?;
        self.order.retain(|&c| c != cell);
        Ok(owner)
    }

    /// The position as a [`Board`] with us to move: as many own stones as opponent stones make
    /// us X (first), one opponent stone more makes us O. The stones go through a
    /// [`Setup`] (no move order is invented: the manager may send them in any order, and only
    /// the final position matters).
    ///
    /// # Errors
    /// [`Unplayable`] for neutral stones, stone counts no alternating game has with us to move,
    /// and positions where somebody has already won.
    pub fn board(&self, variant: Variant) -> Result<Board, Unplayable> {
        let count = |who: Owner| self.in_order().filter(|&(_, o)| o == who).count();
        let neutral = count(Field::Neutral);
        if neutral > 0 {
            return Err(Unplayable::Neutral(neutral));
        }
        let (own, opponent) = (count(Field::Own), count(Field::Opponent));
        let us = if own == opponent {
            Side::X
        } else if opponent == own + 1 {
            Side::O
        } else {
            return Err(Unplayable::Unbalanced { own, opponent });
        };
        let mut setup = Setup::new(self.size);
        for (cell, owner) in self.in_order() {
            let side = if owner == Field::Own { us } else { us.other() };
            setup.place(cell, side).map_err(Unplayable::Invalid)?;
        }
        match setup.board(variant) {
            Ok(board) if !board.is_over() => Ok(board),
            Ok(_) | Err(SetupError::BothWon | SetupError::WonOutOfTurn { .. }) => {
                Err(Unplayable::GameOver)
            }
            Err(e) => Err(Unplayable::Invalid(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rule;

    fn p(x: u32, y: u32) -> Point {
        Point { x, y }
    }

    fn gomoku(side: u8) -> Variant {
        Variant::new(Size::square(side), 5, Rule::Freestyle).unwrap()
    }

    #[test]
    fn points_are_columns_and_rows_from_the_top_left() {
        let stones = Stones::new(Size::new(20, 15));
        let cell = stones.cell(p(3, 1)).unwrap();
        assert_eq!(cell, Cell(23));
        assert_eq!(stones.point(cell), p(3, 1));
        assert!(matches!(
            stones.cell(p(20, 0)),
            Err(StoneError::OffBoard { .. })
        ));
        assert!(stones.cell(p(0, 15)).is_err());
        assert!(stones.cell(p(u32::MAX, 0)).is_err());
        let e = stones.cell(p(20, 0)).unwrap_err().to_string();
        assert!(e.contains("0 to 19") && e.contains("0 to 14"), "{e}");
    }

    #[test]
    fn place_and_remove_check_the_cell() {
        let mut stones = Stones::new(Size::square(15));
        stones.place(p(7, 7), Field::Own).unwrap();
        assert_eq!(
            stones.place(p(7, 7), Field::Opponent),
            Err(StoneError::Occupied(p(7, 7)))
        );
        assert_eq!(stones.remove(p(8, 8)), Err(StoneError::Empty(p(8, 8))));
        assert_eq!(stones.empty_cells(), 224);
        assert!(!stones.is_free(stones.cell(p(7, 7)).unwrap()));
        assert!(stones.is_free(stones.cell(p(8, 7)).unwrap()));
        assert!(!stones.is_free(Cell(225)));
        assert_eq!(stones.remove(p(7, 7)), Ok(Field::Own));
        assert_eq!(stones.empty_cells(), 225);
    }

    #[test]
    fn equal_counts_make_us_x_and_one_fewer_makes_us_o() {
        let mut stones = Stones::new(Size::square(15));
        // Sent in any order: the opponent's stone first.
        stones.place(p(8, 8), Field::Opponent).unwrap();
        stones.place(p(7, 7), Field::Own).unwrap();
        let board = stones.board(gomoku(15)).unwrap();
        assert_eq!(board.to_move(), Side::X);
        assert_eq!(board.get(stones.cell(p(7, 7)).unwrap()), Some(Side::X));
        assert_eq!(board.get(stones.cell(p(8, 8)).unwrap()), Some(Side::O));
        stones.place(p(9, 9), Field::Opponent).unwrap();
        let board = stones.board(gomoku(15)).unwrap();
        assert_eq!(board.to_move(), Side::O);
        assert_eq!(board.get(stones.cell(p(7, 7)).unwrap()), Some(Side::O));
        assert_eq!(board.stones(), 3);
    }

    #[test]
    fn positions_a_board_cannot_hold_are_refused_with_the_reason() {
        let mut stones = Stones::new(Size::square(15));
        stones.place(p(0, 0), Field::Own).unwrap();
        stones.place(p(1, 0), Field::Own).unwrap();
        assert_eq!(
            stones.board(gomoku(15)),
            Err(Unplayable::Unbalanced {
                own: 2,
                opponent: 0
            })
        );
        stones.place(p(5, 5), Field::Neutral).unwrap();
        assert_eq!(stones.board(gomoku(15)), Err(Unplayable::Neutral(1)));
        let mut won = Stones::new(Size::square(15));
        for x in 0..5 {
            won.place(p(x, 0), Field::Opponent).unwrap();
            won.place(p(x, 3), Field::Own).unwrap();
        }
        won.remove(p(4, 3)).unwrap();
        assert_eq!(won.board(gomoku(15)), Err(Unplayable::GameOver));
    }
}
