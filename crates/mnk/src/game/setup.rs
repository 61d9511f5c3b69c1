//! A position given as stones, without the moves that led to it (the Gomocup protocol's
//! `BOARD`, a record's setup stones): first an unchecked [`Setup`] (any stones anywhere), then
//! [`Setup::board`], which checks it and builds the [`Board`] with typed errors, without
//! inventing a move order.

use super::board::{Board, Status, WinLine};
use super::geometry::{Cell, Direction, Size};
use super::side::Side;
use super::variant::Variant;
use thiserror::Error;

/// Why stones cannot be placed, or cannot form a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The cell is not on the board.
    #[error("cell {index} is off a {size} board")]
    OffBoard {
        /// The cell's index.
        index: usize,
        /// The board.
        size: Size,
    },
    /// A stone is there already.
    #[error("cell {0} already holds a stone")]
    Occupied(usize),
    /// The setup is for another board than the variant's.
    #[error("the stones are on a {setup} board, the game is on {variant}")]
    WrongSize {
        /// The setup's board.
        setup: Size,
        /// The variant's board.
        variant: Size,
    },
    /// Stone counts no game reaches: X moves first, so X has as many stones as O or one more.
    #[error(
        "{x} X and {o} O stones: X moves first, so a game has as many X stones as O stones or one more"
    )]
    Counts {
        /// X stones.
        x: usize,
        /// O stones.
        o: usize,
    },
    /// Both sides have a winning row.
    #[error("both X and O have a winning row; a game ends at the first")]
    BothWon,
    /// The side with a winning row is not the one that moved last.
    #[error("{winner} has a winning row, but {winner} is to move: the game ended before")]
    WonOutOfTurn {
        /// The side with the row.
        winner: Side,
    },
}

/// Stones on a board, unchecked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    size: Size,
    grid: Vec<Option<Side>>,
}

impl Setup {
    /// No stones on a board of `size`.
    #[must_use]
    pub fn new(size: Size) -> Self {
        Setup {
            size,
            grid: vec![None; size.cells()],
        }
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The stone on `cell`, if any.
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<Side> {
        self.grid.get(cell.index()).copied().flatten()
    }

    /// Stones of `side`.
    #[must_use]
    pub fn count(&self, side: Side) -> usize {
        self.grid.iter().filter(|&&s| s == Some(side)).count()
    }

    /// Puts a stone of `side` on the empty cell `cell`.
    ///
    /// # Errors
    /// [`SetupError::OffBoard`] or [`SetupError::Occupied`]; nothing changes.
    pub fn place(&mut self, cell: Cell, side: Side) -> Result<(), SetupError> {
        let slot = self
            .grid
            .get_mut(cell.index())
            .ok_or(SetupError::OffBoard {
                index: cell.index(),
                size: self.size,
            })?;
        if slot.is_some() {
            return Err(SetupError::Occupied(cell.index()));
        }
        *slot = Some(side);
        Ok(())
    }

    /// The position of these stones in `variant`: the side to move follows from the counts
    /// (X when equal, O when X has one more), and a winning row ends the game when the side
    /// that moved last made it.
    ///
    /// # Errors
    /// [`SetupError`] for another board size, counts no game reaches, two winners, or a
    /// winner that is to move.
    ///
    /// # Examples
    /// ```
    /// use mnk::game::{Cell, Setup, Side, Variant};
    /// let mut setup = Setup::new(Variant::tic_tac_toe().size());
    /// setup.place(Cell(4), Side::X).unwrap();
    /// setup.place(Cell(0), Side::O).unwrap();
    /// setup.place(Cell(8), Side::X).unwrap();
    /// let board = setup.board(Variant::tic_tac_toe()).unwrap();
    /// assert_eq!(board.to_move(), Side::O);
    /// setup.place(Cell(2), Side::X).unwrap();
    /// assert!(setup.board(Variant::tic_tac_toe()).is_err()); // 3 X against 1 O
    /// ```
    pub fn board(&self, variant: Variant) -> Result<Board, SetupError> {
        if variant.size() != self.size {
            return Err(SetupError::WrongSize {
                setup: self.size,
                variant: variant.size(),
            });
        }
        let (x, o) = (self.count(Side::X), self.count(Side::O));
        if x != o && x != o + 1 {
            return Err(SetupError::Counts { x, o });
        }
        let to_move = Side::to_move_after(x + o);
        let wins = |side| self.winning_row(side, &variant);
        let status = match (wins(Side::X), wins(Side::O)) {
            (Some(_), Some(_)) => return Err(SetupError::BothWon),
            (Some(_), None) if to_move == Side::X => {
                return Err(SetupError::WonOutOfTurn { winner: Side::X });
            }
            (None, Some(_)) if to_move == Side::O => {
                return Err(SetupError::WonOutOfTurn { winner: Side::O });
            }
            (Some(line), None) => Status::Won {
                side: Side::X,
                line,
            },
            (None, Some(line)) => Status::Won {
                side: Side::O,
                line,
            },
            (None, None) if x + o == self.grid.len() => Status::Draw,
            (None, None) => Status::InProgress,
        };
        Ok(Board::from_grid(variant, self.grid.clone(), status))
    }

    /// A winning row of `side`, if it has one, by scanning every run.
    fn winning_row(&self, side: Side, variant: &Variant) -> Option<WinLine> {
        let size = self.size;
        size.all_cells().find_map(|cell| {
            (self.get(cell) == Some(side))
                .then(|| {
                    Direction::ALL.into_iter().find_map(|direction| {
                        let starts = size
                            .step(cell, direction, -1)
                            .is_none_or(|p| self.get(p) != Some(side));
                        let len = std::iter::successors(Some(cell), |&c| {
                            size.step(c, direction, 1)
                                .filter(|&n| self.get(n) == Some(side))
                        })
                        .count();
                        (starts && variant.rule().wins(side, len, variant.k())).then_some(WinLine {
                            start: cell,
                            direction,
                            len: u8::try_from(len).unwrap_or(u8::MAX),
                        })
                    })
                })
                .flatten()
        })
    }
}

impl From<&Board> for Setup {
    fn from(board: &Board) -> Self {
        let mut setup = Setup::new(board.size());
        for cell in board.size().all_cells() {
            setup.grid[cell.index()] = board.get(cell);
        }
        setup
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rule;

    fn setup(size: Size, x: &[u16], o: &[u16]) -> Setup {
        let mut s = Setup::new(size);
        for &c in x {
            s.place(Cell(c), Side::X).unwrap();
        }
        for &c in o {
            s.place(Cell(c), Side::O).unwrap();
        }
        s
    }

    #[test]
    fn a_setup_gives_the_board_a_game_would_reach_in_any_order() {
        let v = Variant::tic_tac_toe();
        let moves = [Cell(4), Cell(0), Cell(8), Cell(2)];
        let played = Board::from_moves(v, &moves).unwrap();
        let board = setup(v.size(), &[4, 8], &[0, 2]).board(v).unwrap();
        assert_eq!(board, played);
        assert_eq!(board.hash(), played.hash());
        assert_eq!(Setup::from(&played), setup(v.size(), &[8, 4], &[2, 0]));
        // A finished game: X completed the diagonal and O is to move.
        let won = setup(v.size(), &[0, 4, 8], &[1, 2]).board(v).unwrap();
        assert_eq!(won.status().winner(), Some(Side::X));
        let line: Vec<Cell> = match won.status() {
            Status::Won { line, .. } => line.cells(v.size()).collect(),
            _ => unreachable!(),
        };
        assert_eq!(line, [Cell(0), Cell(4), Cell(8)]);
        let full = setup(v.size(), &[0, 1, 5, 6, 8], &[2, 3, 4, 7]).board(v);
        assert_eq!(full.unwrap().status(), Status::Draw);
    }

    #[test]
    fn impossible_positions_are_refused_with_the_reason() {
        let v = Variant::tic_tac_toe();
        let mut s = Setup::new(v.size());
        assert_eq!(
            s.place(Cell(9), Side::X),
            Err(SetupError::OffBoard {
                index: 9,
                size: v.size()
            })
        );
        s.place(Cell(0), Side::X).unwrap();
        assert_eq!(s.place(Cell(0), Side::O), Err(SetupError::Occupied(0)));
        let e = setup(v.size(), &[0, 1], &[]).board(v).unwrap_err();
        assert_eq!(e, SetupError::Counts { x: 2, o: 0 });
        assert!(e.to_string().contains("one more"), "{e}");
        assert_eq!(
            setup(v.size(), &[0], &[1, 2]).board(v),
            Err(SetupError::Counts { x: 1, o: 2 })
        );
        // X's row with X to move: O moved after the game had ended.
        assert_eq!(
            setup(v.size(), &[0, 1, 2], &[3, 4, 8]).board(v),
            Err(SetupError::WonOutOfTurn { winner: Side::X })
        );
        let wide = Variant::new(Size::new(5, 2), 3, Rule::Freestyle).unwrap();
        assert_eq!(
            setup(wide.size(), &[0, 1, 2], &[5, 6, 7]).board(wide),
            Err(SetupError::BothWon)
        );
        let other = Variant::new(Size::square(4), 3, Rule::Freestyle).unwrap();
        assert!(matches!(
            setup(v.size(), &[], &[]).board(other),
            Err(SetupError::WrongSize { .. })
        ));
    }

    #[test]
    fn an_overline_is_no_win_under_the_exact_rule() {
        let exact = Variant::new(Size::new(6, 2), 5, Rule::Exact).unwrap();
        let s = setup(exact.size(), &[0, 1, 2, 3, 4, 5], &[6, 7, 8, 9, 11]);
        assert_eq!(s.board(exact).unwrap().status(), Status::InProgress);
        let free = Variant::new(Size::new(6, 2), 5, Rule::Freestyle).unwrap();
        assert_eq!(s.board(free).unwrap().status().winner(), Some(Side::X));
    }
}
