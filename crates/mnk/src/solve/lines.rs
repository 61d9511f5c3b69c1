//! The k-windows of one variant as bit masks (bit `i` is cell `i`, boards of at most 64 cells),
//! and win detection for every empty cell at once by shifting masks along the four directions.

use crate::game::{Direction, Side, Size, Variant};

/// The longest run the shift tables handle: `k` is at most the longer side, 26.
const MAX_K: usize = 26;

/// One line direction as a shift of the row-major index.
#[derive(Debug, Clone, Copy)]
struct Dir {
    /// How far the index moves for one step forward.
    shift: u32,
    /// Cells that have a neighbour one step forward.
    forward: u64,
    /// Cells that have a neighbour one step backward.
    backward: u64,
}

/// Spans of k cells (the k-windows) as bit masks, their directions, and win detection for one
/// variant.
#[derive(Debug, Clone)]
pub(crate) struct Spans {
    k: usize,
    exact: bool,
    full: u64,
    dirs: Vec<Dir>,
    /// Every k-window, as the mask of its cells.
    windows: Vec<u64>,
    /// Which maximal line (row, column or diagonal) each window lies on.
    line_of: Vec<u16>,
}

impl Spans {
    /// The tables for a variant, wins read by X's rule; `None` above 64 cells.
    pub(crate) fn new(variant: &Variant) -> Option<Self> {
        Spans::for_side(variant, Side::X)
    }

    /// The tables for a variant, wins read by `side`'s rule ([`crate::game::Rule::exact_for`]:
    /// under renju black wins with exactly five, white with five or more); `None` above 64
    /// cells.
    pub(crate) fn for_side(variant: &Variant, side: Side) -> Option<Self> {
        let size = variant.size();
        let cells = size.cells();
        if cells > 64 {
            return None;
        }
        let full = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let bit = |r: i32, c: i32| size.cell(r, c).map_or(0, |cell| 1u64 << cell.index());
        let mut dirs = Vec::new();
        let mut windows = Vec::new();
        let mut line_of = Vec::new();
        let mut lines = 0u16;
        for dir in Direction::ALL {
            let (dr, dc) = dir.delta();
            let (mut forward, mut backward) = (0, 0);
            for cell in size.all_cells() {
                let (r, c) = (size.row(cell), size.col(cell));
                if bit(r + dr, c + dc) != 0 {
                    forward |= 1 << cell.index();
                }
                if bit(r - dr, c - dc) != 0 {
                    backward |= 1 << cell.index();
                }
            }
            if forward != 0 {
                let shift = (dr * i32::from(size.width) + dc) as u32;
                dirs.push(Dir {
                    shift,
                    forward,
                    backward,
                });
            }
            // The maximal lines of this direction start at cells without a backward neighbour.
            for start in size.all_cells().filter(|c| backward & 1 << c.index() == 0) {
                let run = line_cells(size, start.index(), dir);
                if run.len() >= variant.k() {
                    for first in 0..=run.len() - variant.k() {
                        windows.push(
                            run[first..first + variant.k()]
                                .iter()
                                .fold(0, |m, &i| m | 1 << i),
                        );
                        line_of.push(lines);
                    }
                    lines += 1;
                }
            }
        }
        Some(Spans {
            k: variant.k(),
            exact: variant.rule().exact_for(side),
            full,
            dirs,
            windows,
            line_of,
        })
    }

    /// Stones in a row needed to win.
    pub(crate) const fn k(&self) -> usize {
        self.k
    }

    /// Whether the side these lines read wins with exactly k only (`exact`, and black's rule
    /// under renju: an overline does not win; an extra stone can hurt). [`Spans::win_cells`]
    /// reads that side's rule: the search's lines read X's, and under renju white's wins come
    /// from lines of its own (see `search::Context::wins`).
    pub(crate) const fn exact(&self) -> bool {
        self.exact
    }

    /// The mask of every cell.
    pub(crate) const fn full(&self) -> u64 {
        self.full
    }

    /// Every k-window as the mask of its cells.
    pub(crate) fn windows(&self) -> &[u64] {
        &self.windows
    }

    /// The maximal line each window lies on (windows on different lines never share two cells).
    pub(crate) fn line_of(&self) -> &[u16] {
        &self.line_of
    }

    /// The empty cells where a stone of the side owning `stones` would win at once.
    #[must_use]
    pub(crate) fn win_cells(&self, stones: u64, empty: u64) -> u64 {
        if empty == 0 {
            return 0;
        }
        let k = self.k;
        let mut wins = 0u64;
        if k == 1 && !self.exact {
            return empty;
        }
        let need = if self.exact { k } else { k - 1 };
        for d in &self.dirs {
            let s = d.shift;
            // right[j]: cells followed (forward) by at least j stones in a row.
            let mut right = [0u64; MAX_K + 1];
            right[0] = u64::MAX;
            let step = (stones >> s) & d.forward;
            for j in 1..=need {
                right[j] = step & (right[j - 1] >> s);
            }
            let back = (stones << s) & d.backward;
            // left: cells preceded by at least `a` stones in a row.
            let mut left = u64::MAX;
            for a in 0..k {
                let next_left = back & (left << s);
                let r = k - 1 - a;
                wins |= if self.exact {
                    (left & !next_left) & (right[r] & !right[r + 1])
                } else {
                    left & right[r]
                };
                left = next_left;
            }
        }
        if self.exact && k == 1 && self.dirs.len() < 4 {
            // A direction with no step anywhere (a board one cell wide): every stone is a run
            // of exactly one along it.
            wins = empty;
        }
        wins & empty
    }

    /// The fewest stones the side owning `stones` must still place to win against `blocker`
    /// (a lower bound under the exact rule, where a full window may be an overline):
    /// `k` minus the most of its stones in a window free of `blocker`'s; `u32::MAX` when no
    /// window is free.
    #[must_use]
    pub(crate) fn stones_to_win(&self, stones: u64, blocker: u64) -> u32 {
        let most = self
            .windows
            .iter()
            .filter(|&&w| w & blocker == 0)
            .map(|&w| (w & stones).count_ones())
            .max();
        most.map_or(u32::MAX, |m| self.k as u32 - m)
    }

    /// The cells of every window that holds no stone of `blocker`: where the other side can
    /// still make k in a row.
    #[must_use]
    pub(crate) fn live_cover(&self, blocker: u64) -> u64 {
        let free = self.full & !blocker;
        let k = self.k;
        let mut cover = 0u64;
        for d in &self.dirs {
            let s = d.shift;
            // Cells starting k free cells in a row (forward).
            let step = (free >> s) & d.forward;
            let mut starts = free;
            let mut run = u64::MAX;
            for _ in 1..k {
                run = step & (run >> s);
                starts &= run;
            }
            let mut c = starts;
            for _ in 1..k {
                c |= c << s;
            }
            cover |= c & self.full;
        }
        if k == 1 {
            cover |= free;
        }
        cover
    }
}

/// The cell indices of the maximal line through `start` along `dir` (start must be its first).
fn line_cells(size: Size, start: usize, dir: Direction) -> Vec<usize> {
    let mut out = Vec::new();
    let mut cell = Some(crate::game::Cell(start as u16));
    while let Some(c) = cell {
        out.push(c.index());
        cell = size.step(c, dir, 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, Cell, Rule};
    use proptest::prelude::*;

    fn variant(w: u8, h: u8, k: u32, rule: Rule) -> Variant {
        Variant::new(Size::new(w, h), k, rule).unwrap()
    }

    #[test]
    fn window_counts() {
        let lines = Spans::new(&variant(3, 3, 3, Rule::Freestyle)).unwrap();
        assert_eq!(lines.windows().len(), 8);
        let lines = Spans::new(&variant(5, 5, 4, Rule::Freestyle)).unwrap();
        assert_eq!(lines.windows().len(), 28);
        let lines = Spans::new(&variant(7, 7, 5, Rule::Freestyle)).unwrap();
        assert_eq!(lines.windows().len(), 60);
        assert!(Spans::new(&variant(9, 8, 5, Rule::Freestyle)).is_none());
    }

    fn masks(board: &Board) -> (u64, u64) {
        board.masks().unwrap()
    }

    #[test]
    fn stones_to_win_counts_the_best_free_window() {
        let v = variant(5, 5, 4, Rule::Freestyle);
        let lines = Spans::new(&v).unwrap();
        let mut board = Board::new(v);
        assert_eq!(lines.stones_to_win(0, 0), 4);
        // X on a1 b1 c1, O on d1 b2 b3: d1 spoils both of X's row-1 windows, b2 the diagonal
        // from a1; X's free windows (column a, column c, b1-e4) hold one stone each.
        for m in ["a1", "d1", "b1", "b2", "c1", "b3"] {
            board.play(crate::notation::parse_cell(m, v.size()).unwrap());
        }
        let (x, o) = masks(&board);
        assert_eq!(lines.stones_to_win(x, o), 3);
        // O's b2-b5 is free of X and holds two stones.
        assert_eq!(lines.stones_to_win(o, x), 2);
        // Every window spoiled: no win at all.
        assert_eq!(lines.stones_to_win(0, lines.full()), u32::MAX);
    }

    proptest! {
        /// The shifted win detection agrees with the board's own, on random positions of
        /// random variants, both rules.
        #[test]
        fn win_cells_match_the_board(
            w in 1u8..=8, h in 1u8..=8, k_pick in 0u32..8, exact in any::<bool>(),
            moves in proptest::collection::vec(0u16..64, 0..40),
        ) {
            let size = Size::new(w, h);
            if size.cells() > 64 { return Ok(()); }
            let k = 1 + k_pick % u32::from(w.max(h));
            let rule = if exact { Rule::Exact } else { Rule::Freestyle };
            let v = variant(w, h, k, rule);
            let lines = Spans::new(&v).unwrap();
            let mut board = Board::new(v);
            for m in moves {
                let cell = Cell(m % size.cells() as u16);
                if board.is_over() || !board.is_empty(cell) { continue; }
                let (x, o) = masks(&board);
                let (own, opp) = if board.to_move() == crate::game::Side::X { (x, o) } else { (o, x) };
                let empty = lines.full() & !(x | o);
                let expected: u64 = size.all_cells()
                    .filter(|&c| board.wins_now(c))
                    .fold(0, |m, c| m | 1 << c.index());
                prop_assert_eq!(lines.win_cells(own, empty), expected, "{:?}", board);
                let cover = lines.live_cover(opp);
                let slow = lines.windows().iter().filter(|&&w| w & opp == 0).fold(0, |m, &w| m | w);
                prop_assert_eq!(cover, slow);
                board.play(cell);
            }
        }
    }
}
