//! Negamax with alpha-beta, a transposition table keyed by the position up to symmetry, and
//! threat-first move ordering, on bit masks (boards of at most 64 cells).
//!
//! Contract of [`Solver::negamax`] (fail-soft): with `alpha < beta`, the returned `v` satisfies
//! `v <= alpha` => the true score is `<= v`; `v >= beta` => the true score is `>= v`;
//! otherwise `v` is the true score.

use super::Outcome;
use crate::game::{Board, Cell, Symmetry, Variant, WinMasks};
use crate::search::Control;
use rustc_hash::FxHashMap;
use thiserror::Error;

/// Why a position was not solved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// Positions are kept as 64-bit masks.
    #[error("the solver handles boards of at most 64 cells; this one has {cells}")]
    TooManyCells {
        /// Cells on the board.
        cells: usize,
    },
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// A limit or a stop request came first.
    #[error("the solver stopped after {nodes} nodes without a proof")]
    Stopped {
        /// Nodes searched.
        nodes: u64,
    },
}

/// A proved position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The value for the side to move.
    pub outcome: Outcome,
    /// A move that achieves it (fastest win, slowest loss).
    pub best: Cell,
    /// Nodes searched for this solution.
    pub nodes: u64,
}

/// Bounds known for a position (in its canonical orientation), and its best move there.
#[derive(Debug, Clone, Copy)]
struct Entry {
    lower: i8,
    upper: i8,
    best: u8,
}

const NO_MOVE: u8 = u8::MAX;

/// Solves positions of one variant, keeping what it learned between calls.
#[derive(Debug)]
pub struct Solver {
    cells: usize,
    masks: WinMasks,
    /// Cell permutation of each symmetry, and its inverse.
    perms: Vec<Vec<u8>>,
    inverse: Vec<Vec<u8>>,
    /// Cells by static preference (most winning windows, then nearest the centre).
    order: Vec<u8>,
    table: FxHashMap<(u64, u64), Entry>,
    table_limit: usize,
    nodes: u64,
}

impl Solver {
    /// A solver for a variant.
    ///
    /// # Errors
    /// [`SolveError::TooManyCells`] above 64 cells.
    pub fn new(variant: &Variant) -> Result<Self, SolveError> {
        let size = variant.size();
        let masks = WinMasks::new(variant).ok_or(SolveError::TooManyCells {
            cells: size.cells(),
        })?;
        let perms: Vec<Vec<u8>> = Symmetry::all(size)
            .iter()
            .map(|s| size.all_cells().map(|c| s.apply(size, c).0 as u8).collect())
            .collect();
        let inverse = perms
            .iter()
            .map(|p| {
                let mut inv = vec![0u8; p.len()];
                for (i, &j) in p.iter().enumerate() {
                    inv[j as usize] = i as u8;
                }
                inv
            })
            .collect();
        let mut order: Vec<u8> = (0..size.cells() as u8).collect();
        order.sort_by_key(|&c| {
            let (dr, dc) = size.doubled_offset_from_centre(Cell(u16::from(c)));
            (
                std::cmp::Reverse(masks.windows_through(usize::from(c))),
                dr * dr + dc * dc,
                c,
            )
        });
        Ok(Solver {
            cells: size.cells(),
            masks,
            perms,
            inverse,
            order,
            table: FxHashMap::default(),
            table_limit: 32 << 20,
            nodes: 0,
        })
    }

    /// Caps the transposition table (entries); when full it is cleared and refilled.
    pub fn set_table_limit(&mut self, entries: usize) {
        self.table_limit = entries.max(1024);
    }

    /// Entries in the transposition table.
    #[must_use]
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Proves the value of `board` for the side to move and finds a move that achieves it.
    ///
    /// # Errors
    /// [`SolveError`] when the game is over or `control` stops the search first.
    pub fn solve(&mut self, board: &Board, control: &Control) -> Result<Solution, SolveError> {
        if board.is_over() {
            return Err(SolveError::GameOver);
        }
        let start = self.nodes;
        let (own, opp) = self.sides(board);
        let score = self.score(own, opp, control)?;
        let best = self.best_move(own, opp, score, control)?;
        Ok(Solution {
            outcome: Outcome::from_score(score, board.stones(), self.cells),
            best: Cell(u16::from(best)),
            nodes: self.nodes - start,
        })
    }

    /// The value of every legal move, for the side that plays it.
    ///
    /// # Errors
    /// [`SolveError`] when the game is over or `control` stops the search first.
    pub fn analyse(
        &mut self,
        board: &Board,
        control: &Control,
    ) -> Result<Vec<(Cell, Outcome)>, SolveError> {
        if board.is_over() {
            return Err(SolveError::GameOver);
        }
        let (own, opp) = self.sides(board);
        let stones = board.stones();
        let mut values = Vec::new();
        for cell in board.moves() {
            let bit = 1u64 << cell.index();
            let outcome = if self.masks.wins(own | bit, cell.index()) {
                Outcome::Win(1)
            } else if (own | opp | bit) == self.masks.full() {
                Outcome::Draw
            } else {
                let child = self.score(opp, own | bit, control)?;
                Outcome::from_score(child, stones + 1, self.cells).for_previous_mover()
            };
            values.push((cell, outcome));
        }
        Ok(values)
    }

    /// Nodes searched since the solver was made.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    fn sides(&self, board: &Board) -> (u64, u64) {
        let (x, o) = board
            .masks()
            .expect("the solver only exists for boards of at most 64 cells");
        if board.to_move() == crate::game::Side::X {
            (x, o)
        } else {
            (o, x)
        }
    }

    /// The exact score: first win/draw/loss with a null-ish window, then the distance.
    fn score(&mut self, own: u64, opp: u64, control: &Control) -> Result<i32, SolveError> {
        let wdl = self.negamax(own, opp, -1, 1, control)?;
        if wdl == 0 {
            return Ok(0);
        }
        // Binary search on the distance with null windows.
        let stones = (own | opp).count_ones() as i32;
        let (mut lo, mut hi) = if wdl > 0 {
            (1, self.cells as i32 + 1 - (stones + 1))
        } else {
            (-(self.cells as i32 + 1 - (stones + 2)), -1)
        };
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2; // is the score >= mid?
            if self.negamax(own, opp, mid - 1, mid, control)? >= mid {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        Ok(lo)
    }

    /// The first move (in search order) whose value is `score`.
    fn best_move(
        &mut self,
        own: u64,
        opp: u64,
        score: i32,
        control: &Control,
    ) -> Result<u8, SolveError> {
        let empty = self.masks.full() & !(own | opp);
        let stones = (own | opp).count_ones() as i32;
        let win_now = self.cells as i32 - stones;
        for i in 0..self.order.len() {
            let c = self.order[i];
            let bit = 1u64 << c;
            if empty & bit == 0 {
                continue;
            }
            let value = if self.masks.wins(own | bit, usize::from(c)) {
                win_now
            } else if own | opp | bit == self.masks.full() {
                0
            } else {
                // Does the child score at most -score? A null window around it answers.
                -self.negamax(opp, own | bit, -score, -score + 1, control)?
            };
            if value >= score {
                return Ok(c);
            }
        }
        unreachable!("some move achieves the proved score")
    }

    fn canonical(&self, own: u64, opp: u64) -> ((u64, u64), usize) {
        let mut best = ((own, opp), 0);
        for (s, perm) in self.perms.iter().enumerate().skip(1) {
            let image = |mut bits: u64| {
                let mut out = 0u64;
                while bits != 0 {
                    out |= 1 << perm[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                out
            };
            let key = (image(own), image(opp));
            if key < best.0 {
                best = (key, s);
            }
        }
        best
    }

    /// Fail-soft negamax; see the module documentation for the bound contract.
    fn negamax(
        &mut self,
        own: u64,
        opp: u64,
        mut alpha: i32,
        mut beta: i32,
        control: &Control,
    ) -> Result<i32, SolveError> {
        self.nodes += 1;
        if control.poll(self.nodes) {
            return Err(SolveError::Stopped { nodes: self.nodes });
        }
        let occupied = own | opp;
        let empty = self.masks.full() & !occupied;
        let stones = occupied.count_ones() as i32;
        let cells = self.cells as i32;
        // A win now is the best there is.
        let mut threats = 0u64; // cells where the opponent would win
        let mut e = empty;
        while e != 0 {
            let c = e.trailing_zeros() as usize;
            e &= e - 1;
            if self.masks.wins(own | 1 << c, c) {
                return Ok(cells - stones);
            }
            if self.masks.wins(opp | 1 << c, c) {
                threats |= 1 << c;
            }
        }
        if threats.count_ones() >= 2 {
            return Ok(-(cells - stones - 1)); // the opponent wins with the next stone but one
        }
        if empty.count_ones() == 1 {
            return Ok(0); // the last stone cannot win (checked above), so a draw
        }
        // No win now: at best a win with our next stone but one. No loss next move either
        // (at most one threat, which we block): at worst a loss three stones from now.
        let best_possible = cells - stones - 2;
        if best_possible <= alpha {
            return Ok(best_possible);
        }
        beta = beta.min(best_possible);
        let worst_possible = (-(cells - stones - 3)).min(0);
        if worst_possible >= beta {
            return Ok(worst_possible);
        }
        alpha = alpha.max(worst_possible);
        let ((key_own, key_opp), sym) = self.canonical(own, opp);
        let mut hint = NO_MOVE;
        if let Some(entry) = self.table.get(&(key_own, key_opp)) {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower >= beta {
                return Ok(lower);
            }
            if upper <= alpha {
                return Ok(upper);
            }
            if lower == upper {
                return Ok(lower);
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            if entry.best != NO_MOVE {
                hint = self.inverse[sym][usize::from(entry.best)];
            }
        }
        let alpha_in = alpha;
        let candidates = if threats != 0 { threats } else { empty };
        let mut best = i32::MIN;
        let mut best_cell = NO_MOVE;
        let moves = std::iter::once(hint)
            .filter(|&h| h != NO_MOVE && candidates & 1 << h != 0)
            .chain(
                (0..self.order.len())
                    .map(|i| self.order[i])
                    .filter(|&c| c != hint && candidates & 1 << c != 0),
            );
        let moves: Vec<u8> = moves.collect();
        for c in moves {
            let v = if own | opp | 1 << c == self.masks.full() {
                0
            } else {
                -self.negamax(opp, own | 1 << c, -beta, -alpha, control)?
            };
            if v > best {
                best = v;
                best_cell = c;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        let (lower, upper) = if best <= alpha_in {
            (i32::from(i8::MIN), best)
        } else if best >= beta {
            (best, i32::from(i8::MAX))
        } else {
            (best, best)
        };
        let best_canonical = if best_cell == NO_MOVE {
            NO_MOVE
        } else {
            self.perms[sym][usize::from(best_cell)]
        };
        self.store(key_own, key_opp, lower, upper, best_canonical);
        Ok(best)
    }

    fn store(&mut self, own: u64, opp: u64, lower: i32, upper: i32, best: u8) {
        if self.table.len() >= self.table_limit {
            self.table.clear();
        }
        let entry = self.table.entry((own, opp)).or_insert(Entry {
            lower: i8::MIN,
            upper: i8::MAX,
            best: NO_MOVE,
        });
        entry.lower = entry.lower.max(lower as i8);
        entry.upper = entry.upper.min(upper as i8);
        entry.best = best;
    }
}
