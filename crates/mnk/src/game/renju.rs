//! Renju's forbidden points: the moves black (X, the first player) may not make.
//!
//! Under [`Rule::Renju`](super::Rule::Renju) black wins only with exactly five in a row and may
//! not play a move that makes an overline, a double four or a double three; white (O) wins with
//! five or more and has no forbidden moves. This module decides, for an empty cell, whether
//! black may play it, following the international (RIF) rules:
//!
//! - **Five first.** A move that makes exactly five in a row (in any direction) wins and is
//!   never forbidden, whatever else it makes at the same time (an overline in another
//!   direction, two fours, two threes).
//! - **Overline.** A move that makes six or more black stones in a row (and no five) is
//!   forbidden.
//! - **Four.** A *four* is four black stones that one more move turns into exactly five. Fours
//!   are counted per distinct set of four stones, so one line can hold two (`x.xxx.x` with the
//!   move in the middle: either gap makes a five, each with other stones), while a straight four
//!   (`.xxxx.`) is one four with two completing points. Two fours or more, in one line or in
//!   several, are a **double four**: forbidden.
//! - **Three.** In a line that holds no four, the move makes a *three* when one more black move
//!   there, itself not forbidden, makes a **straight four**: four stones in a row whose both ends
//!   are empty cells that each complete exactly five (so a four that could only become an
//!   overline on one side is not straight). The test for "itself not forbidden" is this same
//!   test, applied with the first move on the board: the recursive definition of the rules. A
//!   line counts at most one three. Two threes or more, in different lines, are a **double
//!   three**: forbidden. A four and a three together (four-three) are allowed.
//! - **A straight-four point that makes a five** does not make a three: when the one more move
//!   that turns the line into a straight four also makes five in another line, that move wins
//!   rather than makes a four, and the line is no three (a double three through it is allowed;
//!   a three with another straight-four point, one that makes no five, still counts). The RIF
//!   rules' text does not say; this follows the referees the field plays by: Piskvork's (its
//!   judge treats a five made at a three's completing point as a foul there) and Rapfi's
//!   `checkForbiddenPoint` (it counts a three only when its completing point makes a straight
//!   four and no five). Until 2026-11-28 mnk counted such a line as a three.
//! - Only the stones of the position count: a three or four is judged by the cells as they are,
//!   whoever could block it next (a three that no move can turn into a straight four, say one
//!   with a white stone at one end and an overline waiting at the other, is no three; one that
//!   white could still block is).
//!
//! The judge ([`forbidden`]) reads any board through [`BoardView`]: the board's size and the
//! stone on each cell. A board of another size than the rules', or a cell off it, is refused
//! with a [`JudgeError`], never answered "not forbidden".
//!
//! What a forbidden point means for play is named once, in [`super::forced()`], and read by the
//! board and every searcher: black cannot play one ([`super::Board`] refuses the move with its
//! [`Forbidden`] reason), so a four of white's whose only block is forbidden for black wins;
//! and when every empty cell is forbidden for black the game is drawn (black has no move; the
//! board is as good as full). That last is mnk's own: under the RIF rules a player may pass,
//! and black would pass there (two passes in a row draw); mnk has no passes. Renju is played
//! with `k = 5` ([`super::Variant::new`] refuses another `k` under this rule).

use super::geometry::{Cell, Direction, Size};
use super::side::Side;
use super::variant::Variant;
use std::fmt;
use thiserror::Error;

/// A board as the judge reads it: its size and the stone on each cell. Every board mnk keeps
/// is read through it as it is ([`super::Board`], the engine's position, the solver's bit
/// masks, the seed programs' board, the protocol's stones): none keeps a copy of its stones
/// for the judge.
pub trait BoardView {
    /// The board's size.
    fn size(&self) -> Size;

    /// The stone on `cell`, a cell of the board. A stone of neither side (a continuous game's
    /// neutral stone) reads as white's: the judge tells only black stones, other stones and
    /// empty cells apart.
    fn stone(&self, cell: Cell) -> Option<Side>;
}

/// Why the judge cannot judge a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum JudgeError {
    /// The board read is not the rules' board.
    #[error(
        "the board read is {found}, the game's is {expected}: the judge reads the game's own board"
    )]
    WrongSize {
        /// The rules' board.
        expected: Size,
        /// The board read.
        found: Size,
    },
    /// The cell is not on the board.
    #[error("cell {index} is off the {size} board")]
    OffBoard {
        /// The cell's index.
        index: usize,
        /// The board.
        size: Size,
    },
}

/// Why a move is forbidden for black under renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// Six or more black stones in a row, and no five.
    Overline,
    /// Two fours or more at once.
    DoubleFour,
    /// Two threes or more at once.
    DoubleThree,
}

impl Forbidden {
    /// The reason in words, as messages and the JSON give it: `overline`, `double four`,
    /// `double three`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Forbidden::Overline => "overline",
            Forbidden::DoubleFour => "double four",
            Forbidden::DoubleThree => "double three",
        }
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A read-only view of a position with some hypothetical black stones added (the move being
/// judged and, in the recursion, the moves after it).
struct Probe<'a, B: ?Sized> {
    board: &'a B,
    size: Size,
    k: i32,
    /// Hypothetical black stones, in the order they were added.
    placed: Vec<Cell>,
}

impl<B: BoardView + ?Sized> Probe<'_, B> {
    /// The stone on `cell`, counting the hypothetical ones.
    fn stone(&self, cell: Cell) -> Option<Side> {
        self.board
            .stone(cell)
            .or_else(|| self.placed.contains(&cell).then_some(Side::X))
    }

    fn black(&self, cell: Option<Cell>) -> bool {
        cell.is_some_and(|c| self.stone(c) == Some(Side::X))
    }

    fn empty(&self, cell: Option<Cell>) -> bool {
        cell.is_some_and(|c| self.stone(c).is_none())
    }

    /// The cells along `dir` through `cell`, by their offset from it: `cell`'s row and column
    /// are read once, not at every step.
    fn line(&self, cell: Cell, dir: Direction) -> impl Fn(i32) -> Option<Cell> + use<B> {
        let (size, row, col) = (self.size, self.size.row(cell), self.size.col(cell));
        let (dr, dc) = dir.delta();
        move |i| size.cell(row + i * dr, col + i * dc)
    }

    /// The black run through `cell` along `dir` (which holds a black stone, real or
    /// hypothetical): its offsets from `cell`, first and last.
    fn run(&self, cell: Cell, dir: Direction) -> (i32, i32) {
        let at = self.line(cell, dir);
        let mut lo = 0;
        while self.black(at(lo - 1)) {
            lo -= 1;
        }
        let mut hi = 0;
        while self.black(at(hi + 1)) {
            hi += 1;
        }
        (lo, hi)
    }

    /// Why black may not play `cell` (empty), or `None` if it may.
    fn forbidden(&mut self, cell: Cell) -> Option<Forbidden> {
        if !self.could_be_forbidden(cell) {
            return None;
        }
        self.placed.push(cell);
        let verdict = self.judge(cell);
        self.placed.pop();
        verdict
    }

    /// A cheap necessary condition: every forbidden shape needs at least four other black
    /// stones within `k` cells along the lines through the cell.
    fn could_be_forbidden(&self, cell: Cell) -> bool {
        let mut near = 0;
        !each_line_neighbour(self.size, self.k as usize, cell, |c| {
            near += usize::from(self.black(Some(c)));
            near < 4
        })
    }

    /// The verdict on `cell`, which holds a hypothetical black stone.
    fn judge(&mut self, cell: Cell) -> Option<Forbidden> {
        let runs = Direction::ALL.map(|dir| self.run(cell, dir));
        let lens = runs.map(|(lo, hi)| hi - lo + 1);
        if lens.contains(&self.k) {
            return None;
        }
        if lens.iter().any(|&len| len > self.k) {
            return Some(Forbidden::Overline);
        }
        let fours = Direction::ALL.map(|dir| self.fours(cell, dir, runs[dir as usize]));
        if fours.iter().sum::<usize>() >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        let mut threes = 0;
        for (dir, &four) in Direction::ALL.into_iter().zip(&fours) {
            if four == 0 && self.three(cell, dir, runs[dir as usize]) {
                threes += 1;
                if threes >= 2 {
                    return Some(Forbidden::DoubleThree);
                }
            }
        }
        None
    }

    /// Whether a black stone on `gap` (empty) would make exactly five through `cell` along
    /// `dir`: the run's offsets from `cell` if so.
    fn five_with(&mut self, cell: Cell, dir: Direction, gap: Cell) -> Option<(i32, i32)> {
        self.placed.push(gap);
        let (lo, hi) = self.run(cell, dir);
        self.placed.pop();
        (hi - lo + 1 == self.k).then_some((lo, hi))
    }

    /// The number of fours through `cell` along `dir`, whose black run there is `run` (shorter
    /// than five), counted by distinct sets of four stones. Only a stone at either end of the
    /// run can join it into a five: a stone further out leaves a cell between that is not
    /// black.
    fn fours(&mut self, cell: Cell, dir: Direction, run: (i32, i32)) -> usize {
        let (lo, hi) = run;
        let at = self.line(cell, dir);
        let mut sets = [(0, 0, 0); 2];
        let mut found = 0;
        for i in [lo - 1, hi + 1] {
            let Some(gap) = at(i).filter(|&g| self.stone(g).is_none()) else {
                continue;
            };
            if let Some((lo, hi)) = self.five_with(cell, dir, gap) {
                // The four's stones: the five's cells but the gap.
                let set = (lo, hi, i);
                let same = sets[..found].iter().any(|&(l, h, g)| {
                    // Two fives with the same four stones (a straight four): the stones are
                    // the overlap.
                    let (a, b) = (lo.max(l), hi.min(h));
                    b - a + 1 == self.k - 1 && !(a..=b).contains(&i) && !(a..=b).contains(&g)
                });
                if !same {
                    sets[found] = set;
                    found += 1;
                }
            }
        }
        found
    }

    /// Whether `cell`'s run `run` along `dir` is a three: one more black move at either end of
    /// the run, itself not forbidden and making no five, makes a straight four.
    fn three(&mut self, cell: Cell, dir: Direction, run: (i32, i32)) -> bool {
        let (lo, hi) = run;
        // A straight four is four stones in a row, so the move joins this run at an end, or
        // joins it to the run one cell beyond that end.
        let at = self.line(cell, dir);
        for end in [lo - 1, hi + 1] {
            let Some(gap) = at(end).filter(|&g| self.stone(g).is_none()) else {
                continue;
            };
            self.placed.push(gap);
            let straight = self.straight_four(cell, dir) && !self.five_at(gap);
            self.placed.pop();
            if straight && self.forbidden(gap).is_none() {
                return true;
            }
        }
        false
    }

    /// Whether `cell` (holding a black stone, real or hypothetical) is in a five, along any line.
    fn five_at(&self, cell: Cell) -> bool {
        Direction::ALL.into_iter().any(|dir| {
            let (lo, hi) = self.run(cell, dir);
            hi - lo + 1 == self.k
        })
    }

    /// Whether the run through `cell` along `dir` is a straight four: four stones whose both
    /// ends complete exactly five.
    fn straight_four(&mut self, cell: Cell, dir: Direction) -> bool {
        let (lo, hi) = self.run(cell, dir);
        if hi - lo + 1 != self.k - 1 {
            return false;
        }
        let at = self.line(cell, dir);
        [lo - 1, hi + 1].into_iter().all(|end| {
            let gap = at(end);
            self.empty(gap) && gap.is_some_and(|g| self.five_with(cell, dir, g).is_some())
        })
    }
}

/// Visits the cells at most `k` steps from `cell` along its four lines, `cell` left out (where
/// the stones of every forbidden shape through it lie, at least four of them black), until
/// `visit` returns `false`; whether it visited them all. Plain loops: the board runs this at
/// every black move under renju.
pub(super) fn each_line_neighbour(
    size: Size,
    k: usize,
    cell: Cell,
    mut visit: impl FnMut(Cell) -> bool,
) -> bool {
    let (row, col, k) = (size.row(cell), size.col(cell), k as i32);
    for dir in Direction::ALL {
        let (dr, dc) = dir.delta();
        for i in -k..=k {
            if i != 0
                && let Some(c) = size.cell(row + i * dr, col + i * dc)
                && !visit(c)
            {
                return false;
            }
        }
    }
    true
}

/// Why black may not play the empty `cell` of `board` under `variant`'s rule, or `None` if it
/// may (or the cell is taken, or the rule forbids nothing). White has no forbidden points: this
/// judges black's move whoever is to move.
///
/// # Errors
/// [`JudgeError`] when `board` is not of `variant`'s size or `cell` is off it.
///
/// # Examples
/// ```
/// use mnk::game::renju::{self, BoardView};
/// use mnk::game::{Board, Forbidden, Rule, Size, Variant};
/// use mnk::notation::parse_game;
/// let renju = Variant::new(Size::square(15), 5, Rule::Renju).unwrap();
/// // Black h8 i8 and j10 j11: j8 would make two open threes.
/// let game = parse_game("h8 a1 i8 a3 j10 a5 j11 a7", renju).unwrap();
/// let j8 = mnk::notation::parse_cell("j8", renju.size()).unwrap();
/// assert_eq!(renju::forbidden(&renju, game.board(), j8), Ok(Some(Forbidden::DoubleThree)));
/// let small = Variant::new(Size::square(9), 5, Rule::Renju).unwrap();
/// assert!(renju::forbidden(&small, game.board(), j8).is_err());
/// ```
pub fn forbidden<B: BoardView + ?Sized>(
    variant: &Variant,
    board: &B,
    cell: Cell,
) -> Result<Option<Forbidden>, JudgeError> {
    let size = variant.size();
    if board.size() != size {
        return Err(JudgeError::WrongSize {
            expected: size,
            found: board.size(),
        });
    }
    if cell.index() >= size.cells() {
        return Err(JudgeError::OffBoard {
            index: cell.index(),
            size,
        });
    }
    if !variant.rule().has_forbidden_moves() || board.stone(cell).is_some() {
        return Ok(None);
    }
    Ok(Probe {
        board,
        size,
        k: variant.k() as i32,
        placed: Vec::new(),
    }
    .forbidden(cell))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, Rule};

    #[test]
    fn a_board_of_another_size_or_a_cell_off_it_is_refused() {
        let renju = Variant::new(Size::square(15), 5, Rule::Renju).unwrap();
        let small = Variant::new(Size::square(9), 5, Rule::Renju).unwrap();
        let board = Board::new(small);
        assert_eq!(
            forbidden(&renju, &board, Cell(0)),
            Err(JudgeError::WrongSize {
                expected: Size::square(15),
                found: Size::square(9),
            })
        );
        assert_eq!(
            forbidden(&small, &board, Cell(81)),
            Err(JudgeError::OffBoard {
                index: 81,
                size: Size::square(9),
            })
        );
        assert_eq!(forbidden(&small, &board, Cell(80)), Ok(None));
        assert_eq!(
            JudgeError::WrongSize {
                expected: Size::square(15),
                found: Size::square(9),
            }
            .to_string(),
            "the board read is 9x9, the game's is 15x15: the judge reads the game's own board"
        );
    }
}
