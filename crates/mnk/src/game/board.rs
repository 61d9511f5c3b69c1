//! The board: stones, side to move, Zobrist hash and game status, with make/unmake.
//!
//! The board knows nothing of history, search or time: undo stacks live a layer up
//! ([`crate::game::Game`]). [`Board::unmake`] only needs the cell, because a move can only be
//! made while the game is in progress.

use super::geometry::{Cell, Direction, Size};
use super::renju::{self, BoardView, Forbidden};
use super::side::Side;
use super::variant::Variant;
use super::zobrist;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// A run of stones that won the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WinLine {
    /// The first cell of the run (the end reached by stepping backwards along `direction`).
    pub start: Cell,
    /// The direction the run extends in from `start`.
    pub direction: Direction,
    /// The number of stones in the run (at least k; exactly k under the exact rule).
    pub len: u8,
}

impl WinLine {
    /// The cells of the run, from `start`.
    pub fn cells(self, size: Size) -> impl Iterator<Item = Cell> {
        std::iter::successors(Some(self.start), move |&c| size.step(c, self.direction, 1))
            .take(self.len as usize)
    }
}

/// Is the game over, and how?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// Moves remain and nobody has won.
    InProgress,
    /// `side` completed `line`.
    Won {
        /// The winner.
        side: Side,
        /// The winning run.
        line: WinLine,
    },
    /// The board is full and nobody won (or, under renju, every empty cell is forbidden to X,
    /// who is to move: X has no move).
    Draw,
}

impl Status {
    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Status::InProgress)
    }

    /// The status in one word, as the web API and `mnk show --json` give it: `playing`,
    /// `won` or `draw`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Status::InProgress => "playing",
            Status::Won { .. } => "won",
            Status::Draw => "draw",
        }
    }

    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Side> {
        match self {
            Status::Won { side, .. } => Some(side),
            _ => None,
        }
    }
}

/// Why a move cannot be played here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The cell index is not on this board.
    #[error("that cell is off the board")]
    OffBoard,
    /// The cell already holds a stone.
    #[error("that cell is already taken")]
    Occupied,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Renju forbids this move to X (black).
    #[error("that move is forbidden to X under renju: {0}")]
    Forbidden(Forbidden),
}

/// An m,n,k-game position.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    variant: Variant,
    grid: Vec<Option<Side>>,
    hash: u64,
    stones: u16,
    status: Status,
    /// Under a rule with forbidden moves: the black (X) stones within k cells along each
    /// cell's four lines, kept as stones come and go: a cell with fewer than four cannot be
    /// forbidden ([`renju`]'s own first test), so most cells are never judged. Empty under
    /// other rules.
    near_black: Vec<u8>,
}

impl Board {
    /// The empty board of a variant.
    #[must_use]
    pub fn new(variant: Variant) -> Self {
        let near = if variant.rule().has_forbidden_moves() {
            variant.size().cells()
        } else {
            0
        };
        Board {
            variant,
            grid: vec![None; variant.size().cells()],
            hash: 0,
            stones: 0,
            status: Status::InProgress,
            near_black: vec![0; near],
        }
    }

    /// The board after playing `moves` from the empty board, X first.
    ///
    /// # Errors
    /// The index of the first move that cannot be played, with the reason.
    pub fn from_moves(variant: Variant, moves: &[Cell]) -> Result<Self, (usize, MoveError)> {
        let mut board = Board::new(variant);
        for (i, &cell) in moves.iter().enumerate() {
            board.try_play(cell).map_err(|e| (i, e))?;
        }
        Ok(board)
    }

    /// The board with these stones and this status (checked by [`super::Setup::board`]).
    pub(super) fn from_grid(variant: Variant, grid: Vec<Option<Side>>, status: Status) -> Self {
        let mut board = Board {
            variant,
            grid,
            hash: 0,
            stones: 0,
            status,
            near_black: Vec::new(),
        };
        board.near_black = board.near_black_from_scratch();
        board.hash = board.hash_from_scratch();
        board.stones = u16::try_from(board.grid.iter().flatten().count()).unwrap_or(u16::MAX);
        if status == Status::InProgress && board.stalled() {
            board.status = Status::Draw;
        }
        #[cfg(debug_assertions)]
        board.check_invariants();
        board
    }

    /// The rules being played.
    #[must_use]
    pub const fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.variant.size()
    }

    /// The stone on a cell, if any.
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<Side> {
        self.grid[cell.index()]
    }

    /// Whether a cell is on the board and empty.
    #[must_use]
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.grid.get(cell.index()).is_some_and(Option::is_none)
    }

    /// The side to move.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        Side::to_move_after(self.stones as usize)
    }

    /// Stones on the board.
    #[must_use]
    pub const fn stones(&self) -> usize {
        self.stones as usize
    }

    /// Empty cells left.
    #[must_use]
    pub fn empty_cells(&self) -> usize {
        self.grid.len() - self.stones as usize
    }

    /// The Zobrist hash of the stones.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the game is over, and how.
    #[must_use]
    pub const fn status(&self) -> Status {
        self.status
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.status.is_over()
    }

    /// The legal moves, row-major from the top-left (none once the game is over): the empty
    /// cells, but under renju those forbidden to X when X is to move.
    pub fn moves(&self) -> impl Iterator<Item = Cell> + '_ {
        let over = self.is_over();
        self.empty()
            .filter(move |&c| !over && self.forbidden(c).is_none())
    }

    /// The empty cells, row-major from the top-left.
    fn empty(&self) -> impl Iterator<Item = Cell> + '_ {
        self.grid
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_none())
            .map(|(i, _)| Cell(i as u16))
    }

    /// Why the side to move may not play the empty `cell`: under renju, a move X may not make
    /// ([`Forbidden`]); `None` for any other rule, side or cell.
    #[must_use]
    pub fn forbidden(&self, cell: Cell) -> Option<Forbidden> {
        self.forbidden_to(self.to_move(), cell)
    }

    /// Why `side` could not play the empty `cell` were it to move (renju's forbidden points
    /// for X, shown to players whoever is to move); `None` when it could.
    #[must_use]
    pub fn forbidden_to(&self, side: Side, cell: Cell) -> Option<Forbidden> {
        let near = self.near_black.get(cell.index()).is_some_and(|&n| n >= 4);
        (near && self.variant.rule().forbids(side) && self.is_empty(cell))
            .then(|| {
                renju::forbidden(&self.variant, self, cell)
                    .expect("the board is its variant's size and the cell an empty one of it")
            })
            .flatten()
    }

    /// The cells forbidden to the side to move, row-major, with the reasons (empty unless the
    /// rule has forbidden moves, X is to move and the game is in progress).
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<(Cell, Forbidden)> {
        if self.is_over() || !self.variant.rule().has_forbidden_moves() {
            return Vec::new();
        }
        self.empty()
            .filter_map(|c| self.forbidden(c).map(|f| (c, f)))
            .collect()
    }

    /// Whether the side to move has empty cells but may play none of them (renju: all are
    /// forbidden to X), which ends the game in a draw ([`super::Forced::Draw`]).
    fn stalled(&self) -> bool {
        self.variant.rule().forbids(self.to_move())
            && self.empty().all(|c| self.forbidden(c).is_some())
    }

    /// Plays a move for the side to move, checking that it is legal.
    ///
    /// # Errors
    /// [`MoveError`] when the cell is off the board or taken, or the game is over.
    pub fn try_play(&mut self, cell: Cell) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        match self.grid.get(cell.index()) {
            None => Err(MoveError::OffBoard),
            Some(Some(_)) => Err(MoveError::Occupied),
            Some(None) => match self.forbidden(cell) {
                Some(reason) => Err(MoveError::Forbidden(reason)),
                None => {
                    self.play(cell);
                    Ok(())
                }
            },
        }
    }

    /// Plays a move for the side to move.
    ///
    /// Precondition: the game is in progress and `cell` is one of [`Board::moves`] (checked in
    /// debug builds). Use [`Board::try_play`] for unchecked input.
    pub fn play(&mut self, cell: Cell) {
        debug_assert!(!self.is_over(), "play on a finished game");
        debug_assert!(self.is_empty(cell), "play on a taken or off-board cell");
        debug_assert!(self.forbidden(cell).is_none(), "play on a forbidden cell");
        let side = self.to_move();
        self.grid[cell.index()] = Some(side);
        self.hash ^= zobrist::key(side, cell);
        self.stones += 1;
        if side == Side::X {
            self.count_near(cell, true);
        }
        self.status = if let Some(line) = self.win_through(cell, side) {
            Status::Won { side, line }
        } else if self.stones as usize == self.grid.len() || self.stalled() {
            Status::Draw
        } else {
            Status::InProgress
        };
        #[cfg(debug_assertions)]
        self.check_invariants();
    }

    /// Takes back the last move, which was played on `cell`.
    ///
    /// Precondition: `cell` holds the stone of the side that moved last (checked in debug builds).
    pub fn unmake(&mut self, cell: Cell) {
        let side = self.to_move().other();
        debug_assert_eq!(
            self.grid[cell.index()],
            Some(side),
            "unmake of a stone that was not the last"
        );
        self.grid[cell.index()] = None;
        self.hash ^= zobrist::key(side, cell);
        self.stones -= 1;
        if side == Side::X {
            self.count_near(cell, false);
        }
        self.status = Status::InProgress;
        #[cfg(debug_assertions)]
        self.check_invariants();
    }

    /// Length of the run of `side` stones through `cell` along `dir`, with its first cell.
    /// `cell` itself counts if it holds a `side` stone or is empty (a hypothetical move).
    #[must_use]
    pub fn run_through(&self, cell: Cell, side: Side, dir: Direction) -> (Cell, usize) {
        let size = self.size();
        let mut start = cell;
        let mut len = 1;
        let mut c = cell;
        while let Some(next) = size
            .step(c, dir, -1)
            .filter(|&n| self.grid[n.index()] == Some(side))
        {
            start = next;
            len += 1;
            c = next;
        }
        c = cell;
        while let Some(next) = size
            .step(c, dir, 1)
            .filter(|&n| self.grid[n.index()] == Some(side))
        {
            len += 1;
            c = next;
        }
        (start, len)
    }

    /// The winning run `side` has (or would have) through `cell`, if any.
    #[must_use]
    pub fn win_through(&self, cell: Cell, side: Side) -> Option<WinLine> {
        let (k, rule) = (self.variant.k(), self.variant.rule());
        Direction::ALL.into_iter().find_map(|direction| {
            let (start, len) = self.run_through(cell, side, direction);
            rule.wins(side, len, k).then_some(WinLine {
                start,
                direction,
                len: len as u8,
            })
        })
    }

    /// Whether playing `cell` now would win for the side to move (a five is never forbidden:
    /// [`super::Forced::Win`]).
    #[must_use]
    pub fn wins_now(&self, cell: Cell) -> bool {
        !self.is_over() && self.is_empty(cell) && self.win_through(cell, self.to_move()).is_some()
    }

    /// Counts a black stone on `cell` in (`added`) or out of [`Board::near_black`].
    fn count_near(&mut self, cell: Cell, added: bool) {
        if self.near_black.is_empty() {
            return;
        }
        let near = &mut self.near_black;
        renju::each_line_neighbour(self.variant.size(), self.variant.k(), cell, |c| {
            let n = &mut near[c.index()];
            *n = if added { *n + 1 } else { *n - 1 };
            true
        });
    }

    /// [`Board::near_black`] recounted from the stones (empty under a rule without forbidden
    /// moves).
    fn near_black_from_scratch(&self) -> Vec<u8> {
        if !self.variant.rule().has_forbidden_moves() {
            return Vec::new();
        }
        let (size, k) = (self.size(), self.variant.k());
        size.all_cells()
            .map(|cell| {
                let mut black = 0u8;
                renju::each_line_neighbour(size, k, cell, |c| {
                    black += u8::from(self.get(c) == Some(Side::X));
                    true
                });
                black
            })
            .collect()
    }

    /// The hash recomputed from the stones.
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        self.size()
            .all_cells()
            .filter_map(|c| self.get(c).map(|s| zobrist::key(s, c)))
            .fold(0, |h, k| h ^ k)
    }

    /// The winner found by scanning every run on the board (the twin of the incremental check).
    #[must_use]
    pub fn winner_from_scratch(&self) -> Option<Side> {
        let size = self.size();
        size.all_cells().find_map(|cell| {
            let side = self.get(cell)?;
            Direction::ALL.into_iter().find_map(|dir| {
                // Only start counting at the first stone of a run.
                let starts_run = size
                    .step(cell, dir, -1)
                    .is_none_or(|p| self.get(p) != Some(side));
                let (_, len) = self.run_through(cell, side, dir);
                (starts_run && self.variant.rule().wins(side, len, self.variant.k()))
                    .then_some(side)
            })
        })
    }

    /// Panics if the hash or status disagrees with its from-scratch twin.
    ///
    /// # Panics
    /// When an incremental field is wrong: a bug in make/unmake.
    pub fn check_invariants(&self) {
        assert_eq!(
            self.hash,
            self.hash_from_scratch(),
            "incremental hash drifted"
        );
        let count = self.grid.iter().filter(|s| s.is_some()).count();
        assert_eq!(self.stones as usize, count, "stone count drifted");
        assert_eq!(
            self.near_black,
            self.near_black_from_scratch(),
            "black stones near each cell drifted"
        );
        let expected = match self.winner_from_scratch() {
            Some(side) => Some(Some(side)),
            None if count == self.grid.len() || self.stalled() => Some(None),
            None => None,
        };
        let actual = match self.status {
            Status::Won { side, .. } => Some(Some(side)),
            Status::Draw => Some(None),
            Status::InProgress => None,
        };
        assert_eq!(actual, expected, "incremental status drifted");
    }

    /// The X and O stones as bit masks (bit `i` for cell `i`), for boards of at most 64 cells.
    #[must_use]
    pub fn masks(&self) -> Option<(u64, u64)> {
        (self.grid.len() <= super::masks::MASK_CELLS).then(|| {
            self.grid
                .iter()
                .enumerate()
                .fold((0, 0), |(x, o), (i, s)| match s {
                    Some(Side::X) => (x | 1 << i, o),
                    Some(Side::O) => (x, o | 1 << i),
                    None => (x, o),
                })
        })
    }
}

impl BoardView for Board {
    fn size(&self) -> Size {
        self.variant.size()
    }

    fn stone(&self, cell: Cell) -> Option<Side> {
        self.get(cell)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board({}, {} to move, {:?})",
            self.variant,
            self.to_move(),
            self.status
        )?;
        let w = self.size().width as usize;
        for row in self.grid.chunks(w) {
            let line: String = row.iter().map(|s| s.map_or('.', Side::symbol)).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rule;

    fn cells(size: Size, rc: &[(i32, i32)]) -> Vec<Cell> {
        rc.iter().map(|&(r, c)| size.cell(r, c).unwrap()).collect()
    }

    #[test]
    fn a_diagonal_wins_and_reports_its_line() {
        let v = Variant::tic_tac_toe();
        let moves = cells(v.size(), &[(0, 0), (0, 1), (1, 1), (0, 2), (2, 2)]);
        let board = Board::from_moves(v, &moves).unwrap();
        let Status::Won { side, line } = board.status() else {
            panic!("X should have won")
        };
        assert_eq!(side, Side::X);
        assert_eq!(
            line.cells(v.size()).collect::<Vec<_>>(),
            cells(v.size(), &[(0, 0), (1, 1), (2, 2)])
        );
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        let v = Variant::tic_tac_toe();
        // X O X / X O O / O X X
        let moves = cells(
            v.size(),
            &[
                (0, 0),
                (0, 1),
                (0, 2),
                (1, 1),
                (1, 0),
                (1, 2),
                (2, 1),
                (2, 0),
                (2, 2),
            ],
        );
        let board = Board::from_moves(v, &moves).unwrap();
        assert_eq!(board.status(), Status::Draw);
        assert_eq!(board.moves().count(), 0);
    }

    #[test]
    fn the_exact_rule_ignores_overlines() {
        let size = Size::new(7, 2);
        let exact = Variant::new(size, 3, Rule::Exact).unwrap();
        let free = Variant::new(size, 3, Rule::Freestyle).unwrap();
        // X: a b _ d on the top row, then c joins them into four.
        let moves = cells(
            size,
            &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 3), (1, 5), (0, 2)],
        );
        assert_eq!(
            Board::from_moves(exact, &moves).unwrap().status(),
            Status::InProgress
        );
        assert_eq!(
            Board::from_moves(free, &moves).unwrap().status().winner(),
            Some(Side::X)
        );
    }

    #[test]
    fn illegal_moves_are_rejected_without_changing_the_board() {
        let v = Variant::tic_tac_toe();
        let mut board = Board::new(v);
        board.try_play(Cell(4)).unwrap();
        let before = board.clone();
        assert_eq!(board.try_play(Cell(4)), Err(MoveError::Occupied));
        assert_eq!(board.try_play(Cell(9)), Err(MoveError::OffBoard));
        assert_eq!(board, before);
    }

    #[test]
    fn unmake_restores_hash_and_status() {
        let v = Variant::tic_tac_toe();
        let mut board =
            Board::from_moves(v, &cells(v.size(), &[(0, 0), (1, 0), (0, 1), (1, 1)])).unwrap();
        let before = board.clone();
        board.play(Cell(2));
        assert!(board.is_over());
        board.unmake(Cell(2));
        assert_eq!(board, before);
    }

    #[test]
    fn k_one_wins_at_once() {
        let v = Variant::new(Size::square(2), 1, Rule::Freestyle).unwrap();
        let board = Board::from_moves(v, &[Cell(3)]).unwrap();
        assert_eq!(board.status().winner(), Some(Side::X));
    }
}
