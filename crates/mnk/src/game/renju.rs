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
//! - Only the stones of the position count: a three or four is judged by the cells as they are,
//!   whoever could block it next (a three that no move can turn into a straight four, say one
//!   with a white stone at one end and an overline waiting at the other, is no three; one that
//!   white could still block is).
//!
//! What a forbidden point means for the game lives in [`super::Board`]: black cannot play one
//! (the move is refused with its [`Forbidden`] reason), so a four of white's whose only block is
//! forbidden for black wins; and when every empty cell is forbidden for black the game is drawn
//! (black has no move; the board is as good as full). That last is mnk's own: under the RIF
//! rules a player may pass, and black would pass there (two passes in a row draw); mnk has no
//! passes. Renju is played with `k = 5`
//! ([`super::Variant::new`] refuses another `k` under this rule).

use super::geometry::{Cell, Direction, Size};
use super::side::Side;
use std::fmt;

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
struct Probe<'a> {
    grid: &'a [Option<Side>],
    size: Size,
    k: i32,
    /// Hypothetical black stones, in the order they were added.
    placed: Vec<Cell>,
}

impl Probe<'_> {
    /// The stone on `cell`, counting the hypothetical ones.
    fn stone(&self, cell: Cell) -> Option<Side> {
        self.grid[cell.index()].or_else(|| self.placed.contains(&cell).then_some(Side::X))
    }

    fn black(&self, cell: Option<Cell>) -> bool {
        cell.is_some_and(|c| self.stone(c) == Some(Side::X))
    }

    fn empty(&self, cell: Option<Cell>) -> bool {
        cell.is_some_and(|c| self.stone(c).is_none())
    }

    /// The black run through `cell` along `dir` (which holds a black stone, real or
    /// hypothetical): its offsets from `cell`, first and last.
    fn run(&self, cell: Cell, dir: Direction) -> (i32, i32) {
        let mut lo = 0;
        while self.black(self.size.step(cell, dir, lo - 1)) {
            lo -= 1;
        }
        let mut hi = 0;
        while self.black(self.size.step(cell, dir, hi + 1)) {
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
        let fours: Vec<usize> = Direction::ALL.map(|dir| self.fours(cell, dir)).to_vec();
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

    /// The number of fours through `cell` along `dir`, counted by distinct sets of four stones.
    fn fours(&mut self, cell: Cell, dir: Direction) -> usize {
        let mut sets: Vec<(i32, i32, i32)> = Vec::new();
        for i in (-(self.k - 1)..self.k).filter(|&i| i != 0) {
            let Some(gap) = self
                .size
                .step(cell, dir, i)
                .filter(|&g| self.stone(g).is_none())
            else {
                continue;
            };
            if let Some((lo, hi)) = self.five_with(cell, dir, gap) {
                // The four's stones: the five's cells but the gap.
                let set = (lo, hi, i);
                let same = sets.iter().any(|&(l, h, g)| {
                    // Two fives with the same four stones: the stones are the overlap.
                    let (a, b) = (lo.max(l), hi.min(h));
                    b - a + 1 == self.k - 1 && !(a..=b).contains(&i) && !(a..=b).contains(&g)
                });
                if !same {
                    sets.push(set);
                }
            }
        }
        sets.len()
    }

    /// Whether `cell`'s run `run` along `dir` is a three: one more black move at either end of
    /// the run, itself not forbidden, makes a straight four.
    fn three(&mut self, cell: Cell, dir: Direction, run: (i32, i32)) -> bool {
        let (lo, hi) = run;
        // A straight four is four stones in a row, so the move joins this run at an end, or
        // joins it to the run one cell beyond that end.
        for end in [lo - 1, hi + 1] {
            let Some(gap) = self
                .size
                .step(cell, dir, end)
                .filter(|&g| self.stone(g).is_none())
            else {
                continue;
            };
            self.placed.push(gap);
            let straight = self.straight_four(cell, dir);
            self.placed.pop();
            if straight && self.forbidden(gap).is_none() {
                return true;
            }
        }
        false
    }

    /// Whether the run through `cell` along `dir` is a straight four: four stones whose both
    /// ends complete exactly five.
    fn straight_four(&mut self, cell: Cell, dir: Direction) -> bool {
        let (lo, hi) = self.run(cell, dir);
        if hi - lo + 1 != self.k - 1 {
            return false;
        }
        [lo - 1, hi + 1].into_iter().all(|end| {
            let gap = self.size.step(cell, dir, end);
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

/// Why black may not play the empty `cell` of `grid` (a board of `size`, row-major) under
/// renju with `k` in a row, or `None` if it may. White has no forbidden points: this judges
/// black's move whoever is to move.
#[must_use]
pub fn forbidden(grid: &[Option<Side>], size: Size, k: usize, cell: Cell) -> Option<Forbidden> {
    // Off the board, taken, or a grid that is not the board's: nothing to forbid.
    if grid.len() != size.cells() || grid.get(cell.index()) != Some(&None) {
        return None;
    }
    Probe {
        grid,
        size,
        k: k as i32,
        placed: Vec::new(),
    }
    .forbidden(cell)
}
