//! The seed's board as the search sees it: stones, the facts the judges read summed over the
//! lines of `getAllLines`, and which empty cells have a stone beside them, all kept up to date
//! as stones are played and taken back.
//!
//! A stone changes only the four lines through its cell and the counts of its eight
//! neighbours, so playing one costs four line updates (a few word operations each, on the
//! line's stones as bit masks) instead of the seed's scan of every line at every node.

#[cfg(any(test, debug_assertions))]
use super::lines::line_facts;
use super::lines::{EMPTY, Facts, FactsMemo, O, X, seed_lines};
#[cfg(any(test, debug_assertions))]
use crate::game::Size;
use crate::game::{Board, Cell};

/// One distinct line of `getAllLines`.
#[derive(Debug, Clone, Copy)]
struct Line {
    /// The stones of `x` and of `o` on it, bit `j` for its `j`-th cell.
    stones: [u32; 2],
    /// Bit `j` set for each of its cells.
    full: u32,
    /// How many times `getAllLines` lists it: 2 for the main diagonals of a square board.
    listed: i32,
    /// The facts of `stones`.
    facts: Facts,
}

/// What playing a stone changed, to put back when it is taken.
#[derive(Debug, Clone, Copy)]
struct Undo {
    totals: Facts,
    facts: [Facts; 4],
}

/// A cell's four lines (row, column, two diagonals): the line's index and the cell's bit in it.
type Through = [(u32, u32); 4];

/// The seed board, from the side to move's view (`x`).
pub(super) struct SeedBoard {
    grid: Vec<u8>,
    stones: usize,
    lines: Vec<Line>,
    through: Vec<Through>,
    /// Stones among each cell's eight neighbours; one spare slot at the end, which the
    /// neighbours off the board point to.
    near: Vec<u8>,
    /// Each cell's eight neighbours, `cells()` for those off the board.
    neighbours: Vec<[u16; 8]>,
    /// [`Facts`] summed over `getAllLines`, duplicates included: what the judges read.
    totals: Facts,
    undo: Vec<Undo>,
    memo: FactsMemo,
    /// What the from-scratch check needs.
    #[cfg(any(test, debug_assertions))]
    twin: Twin,
}

/// The board's size, `k` and `getAllLines` itself, for the from-scratch check.
#[cfg(any(test, debug_assertions))]
struct Twin {
    size: Size,
    k: usize,
    listing: Vec<Vec<Cell>>,
}

impl SeedBoard {
    /// The seed board of `board`, with its side to move as `x`.
    pub fn new(board: &Board) -> Self {
        let size = board.size();
        let me = board.to_move();
        let listing = seed_lines(size);
        // Distinct lines in the order getAllLines first lists them. The same cells listed
        // twice read the same, so they count twice: the main diagonals of a square board,
        // and on a board one cell wide a row, its column or a diagonal that hold one cell.
        let mut distinct: Vec<(&[Cell], i32)> = Vec::with_capacity(listing.len());
        for line in &listing {
            match distinct.iter_mut().find(|(l, _)| *l == line.as_slice()) {
                Some((_, listed)) => *listed += 1,
                None => distinct.push((line, 1)),
            }
        }
        // A cell on fewer than four distinct lines (a board one cell wide) fills its other
        // slots with an empty line, which holds no cell and counts nothing.
        let blank = distinct.len();
        let mut through: Vec<Through> = vec![[(blank as u32, 0); 4]; size.cells()];
        let mut filled = vec![0usize; size.cells()];
        let mut lines = Vec::with_capacity(distinct.len() + 1);
        for (i, &(cells, listed)) in distinct.iter().enumerate() {
            for (j, c) in cells.iter().enumerate() {
                let slot = &mut filled[c.index()];
                through[c.index()][*slot] = (i as u32, 1 << j);
                *slot += 1;
            }
            lines.push(Line {
                stones: [0; 2],
                full: (1u32 << cells.len()) - 1,
                listed,
                facts: Facts::default(),
            });
        }
        lines.push(Line {
            stones: [0; 2],
            full: 0,
            listed: 0,
            facts: Facts::default(),
        });
        let cells = size.cells();
        let neighbours = size
            .all_cells()
            .map(|c| {
                let (r, col) = (size.row(c), size.col(c));
                let mut n = [cells as u16; 8];
                let around = (-1..=1)
                    .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
                    .filter(|&d| d != (0, 0));
                for (slot, (dr, dc)) in n.iter_mut().zip(around) {
                    if let Some(nb) = size.cell(r + dr, col + dc) {
                        *slot = nb.0;
                    }
                }
                n
            })
            .collect();
        let mut sb = SeedBoard {
            grid: vec![EMPTY; cells],
            stones: 0,
            lines,
            through,
            near: vec![0; cells + 1],
            neighbours,
            totals: Facts::default(),
            undo: Vec::new(),
            memo: FactsMemo::new(board.variant().k() as u32),
            #[cfg(any(test, debug_assertions))]
            twin: Twin {
                size,
                k: board.variant().k(),
                listing,
            },
        };
        for line in &mut sb.lines {
            line.facts = sb.memo.get(0, 0, line.full);
            sb.totals = sb.totals + line.facts * line.listed;
        }
        for c in size.all_cells() {
            if let Some(s) = board.get(c) {
                sb.play(c, if s == me { X } else { O });
            }
        }
        sb.undo.clear();
        #[cfg(debug_assertions)]
        sb.check();
        sb
    }

    /// The stone on `cell`: [`X`] (the side to move at the root), [`O`] or [`EMPTY`].
    pub fn stone(&self, cell: Cell) -> u8 {
        self.grid[cell.index()]
    }

    /// The facts summed over `getAllLines`.
    #[inline]
    pub fn totals(&self) -> Facts {
        self.totals
    }

    /// Puts `stone` (`X` or `O`) on the empty `cell`.
    #[inline]
    pub fn play(&mut self, cell: Cell, stone: u8) {
        debug_assert!(stone == X || stone == O);
        debug_assert_eq!(self.grid[cell.index()], EMPTY);
        let i = cell.index();
        self.grid[i] = stone;
        self.stones += 1;
        for &n in &self.neighbours[i] {
            self.near[usize::from(n)] += 1;
        }
        let mut undo = Undo {
            totals: self.totals,
            facts: [Facts::default(); 4],
        };
        let colour = usize::from(stone - 1);
        for (saved, &(l, bit)) in undo.facts.iter_mut().zip(&self.through[i]) {
            let line = &mut self.lines[l as usize];
            *saved = line.facts;
            line.stones[colour] |= bit;
            line.facts = self.memo.get(line.stones[0], line.stones[1], line.full);
            self.totals = self.totals + (line.facts - *saved) * line.listed;
        }
        self.undo.push(undo);
    }

    /// The facts summed over the lines once `stone` is on the empty `cell`, without putting
    /// it there.
    #[inline]
    pub fn facts_after(&mut self, cell: Cell, stone: u8) -> Facts {
        debug_assert_eq!(self.grid[cell.index()], EMPTY);
        let mut totals = self.totals;
        for &(l, bit) in &self.through[cell.index()] {
            let line = &self.lines[l as usize];
            let [x, o] = line.stones;
            let (x, o) = if stone == X {
                (x | bit, o)
            } else {
                (x, o | bit)
            };
            let facts = self.memo.get(x, o, line.full);
            totals = totals + (facts - line.facts) * line.listed;
        }
        totals
    }

    /// Takes back the stone last played, on `cell`.
    #[inline]
    pub fn take_back(&mut self, cell: Cell) {
        let i = cell.index();
        let undo = self.undo.pop().expect("a stone to take back");
        let stone = self.grid[i];
        debug_assert!(stone == X || stone == O);
        self.grid[i] = EMPTY;
        self.stones -= 1;
        for &n in &self.neighbours[i] {
            self.near[usize::from(n)] -= 1;
        }
        let colour = usize::from(stone - 1);
        for (saved, &(l, bit)) in undo.facts.iter().zip(&self.through[i]) {
            let line = &mut self.lines[l as usize];
            line.stones[colour] &= !bit;
            line.facts = *saved;
        }
        self.totals = undo.totals;
    }

    /// The children `getValidActions` yields, row-major from the top-left, minus the isolated
    /// points where the program prunes them (`getChessCnt() > 1`), into `out`.
    pub fn actions(&self, prune_isolated: bool, out: &mut Vec<Cell>) {
        let prune = prune_isolated && self.stones > 1;
        // `isIsolateOpt`: no stone on any of the 8 neighbours. Every cell is written, the
        // next slot taken only by the children: no branch to mispredict on the stones.
        out.clear();
        out.resize(self.grid.len(), Cell(0));
        let mut n = 0;
        for (i, (&g, &near)) in self.grid.iter().zip(&self.near).enumerate() {
            out[n] = Cell(i as u16);
            n += usize::from(g == EMPTY && (!prune || near > 0));
        }
        out.truncate(n);
    }

    /// Recomputes everything from the stones alone, as the seed does at every node, and
    /// panics where the kept values differ.
    #[cfg(any(test, debug_assertions))]
    pub fn check(&self) {
        let Twin { size, k, listing } = &self.twin;
        let mut fresh = Facts::default();
        for line in listing {
            fresh = fresh + line_facts(line, &self.grid, *k);
        }
        assert_eq!(self.totals, fresh, "facts summed over getAllLines");
        assert_eq!(
            self.stones,
            self.grid.iter().filter(|&&g| g != EMPTY).count()
        );
        for c in size.all_cells() {
            let (r, col) = (size.row(c), size.col(c));
            let isolated = (-1..=1).all(|dr| {
                (-1..=1).all(|dc| {
                    (dr == 0 && dc == 0)
                        || size
                            .cell(r + dr, col + dc)
                            .is_none_or(|n| self.grid[n.index()] == EMPTY)
                })
            });
            assert_eq!(self.near[c.index()] == 0, isolated, "isolated {c:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Variant};
    use crate::notation::parse_game;
    use proptest::prelude::*;

    #[test]
    fn kept_facts_match_a_recount() {
        let v = Variant::new(Size::square(7), 4, Rule::Freestyle).unwrap();
        let game = parse_game("d4 c3 e5 f6 c5 e3 d3 d5", v).unwrap();
        let mut sb = SeedBoard::new(game.board());
        sb.check();
        // The four corners, none of them taken.
        let played = [Cell(0), Cell(42), Cell(48), Cell(6)];
        for (i, &cell) in played.iter().enumerate() {
            sb.play(cell, if i % 2 == 0 { X } else { O });
            sb.check();
        }
        for &cell in played.iter().rev() {
            sb.take_back(cell);
            sb.check();
        }
        assert_eq!(sb.totals, SeedBoard::new(game.board()).totals);
    }

    proptest! {
        /// On random boards (square and not, up to 26 cells a side, k from 1 to the longer
        /// side), random stones played and taken back in random order keep every kept value
        /// equal to its recount, and the facts foretold before a stone is played are those
        /// after it.
        #[test]
        fn kept_facts_match_a_recount_after_any_moves(
            width in 1u8..=26,
            height in 1u8..=26,
            square in any::<bool>(),
            k_pick in any::<prop::sample::Index>(),
            picks in prop::collection::vec((any::<prop::sample::Index>(), any::<bool>()), 0..80),
        ) {
            let size = if square { Size::square(width) } else { Size::new(width, height) };
            let k = 1 + k_pick.index(usize::from(size.width.max(size.height))) as u32;
            let v = Variant::new(size, k, Rule::Freestyle).unwrap();
            let mut sb = SeedBoard::new(&Board::new(v));
            let before = sb.totals;
            let mut played: Vec<Cell> = Vec::new();
            for (pick, take) in picks {
                if take && !played.is_empty() {
                    let cell = played.pop().unwrap();
                    sb.take_back(cell);
                } else {
                    let empty: Vec<Cell> =
                        size.all_cells().filter(|c| sb.grid[c.index()] == EMPTY).collect();
                    if empty.is_empty() {
                        continue;
                    }
                    let cell = *pick.get(&empty);
                    let stone = if played.len() % 3 == 1 { O } else { X };
                    let foreseen = sb.facts_after(cell, stone);
                    sb.play(cell, stone);
                    prop_assert_eq!(foreseen, sb.totals());
                    played.push(cell);
                }
                sb.check();
            }
            while let Some(cell) = played.pop() {
                sb.take_back(cell);
            }
            sb.check();
            prop_assert_eq!(sb.totals, before);
        }
    }
}
