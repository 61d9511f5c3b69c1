//! `alphabeta` (seeds 000/001): alpha-beta search with the evaluation the seeds describe,
//! e(P) = (lines still open for MAX) - (lines still open for MIN), +100 / -100 for a won
//! position. MAX is the side to move at the root. A line is a k-window (k consecutive cells in
//! a row, column or diagonal); it is open for a side while it holds no stone of the other side.
//! On 3x3 these are the seed's eight lines.
//!
//! Like the seed, a win scores 100 however far away it is, and the root keeps the first move
//! (row-major) whose value beats all before it. The seed's code counts open columns twice
//! and open rows not at all; its text counts every line once, which is what this player does.
//! Full-depth search on 3x3 never reaches the evaluation (a full board without a winner has
//! no open line for either side), so both give the seed's decisions there.
//!
//! Depth: to the end of the game when at most [`FULL_DEPTH_EMPTY`] cells are empty, else
//! [`DEFAULT_DEPTH`] plies, evaluating the horizon with e(P); a depth in the search's
//! [`Control`] (`depth=N`) overrides.
//!
//! Move order (`order=`, [`MoveOrder`]): row-major as the seeds (the default), or, to show
//! what ordering does to the pruning, each position's moves sorted by the score their
//! position would get as a leaf (a win, else e(P)) best first or worst first for the side to
//! move, row-major among equals. The values are the same in every order; the nodes visited,
//! and which of several equal moves the root keeps, are not.

use super::MoveOrder;
use crate::game::{Board, Cell, Side, Status, Windows};
use crate::search::{
    Choice, Control, MoveValue, NodeKind, Player, PlayerError, SearchObserver, Silent, StaticTerms,
    Value,
};

/// The score of a won position.
pub const WIN: i32 = 100;
/// Search to the end when this few cells are empty (3x3 and smaller boards from the start).
pub const FULL_DEPTH_EMPTY: usize = 10;
/// The depth used on larger boards.
pub const DEFAULT_DEPTH: u32 = 4;

/// The number of open k-windows for each side, kept up to date as stones come and go.
#[derive(Debug, Clone)]
pub struct OpenLines {
    windows: Windows,
    /// Stones of X and O in each window.
    counts: Vec<[u8; 2]>,
    /// Windows with no O stone (open for X), and with no X stone (open for O).
    open: [i32; 2],
}

impl OpenLines {
    /// The counts for a position.
    #[must_use]
    pub fn new(board: &Board) -> Self {
        let windows = Windows::new(board.size(), board.variant().k());
        let mut lines = OpenLines {
            counts: vec![[0, 0]; windows.len()],
            open: [windows.len() as i32; 2],
            windows,
        };
        for cell in board.size().all_cells() {
            if let Some(side) = board.get(cell) {
                lines.place(cell, side);
            }
        }
        lines
    }

    /// Records a stone of `side` on `cell`.
    pub fn place(&mut self, cell: Cell, side: Side) {
        let (me, them) = (side.index(), side.other().index());
        for &w in self.windows.through(cell) {
            let c = &mut self.counts[w as usize];
            if c[me] == 0 {
                self.open[them] -= 1; // the window is no longer open for the other side
            }
            c[me] += 1;
        }
    }

    /// Removes a stone of `side` from `cell`.
    pub fn remove(&mut self, cell: Cell, side: Side) {
        let (me, them) = (side.index(), side.other().index());
        for &w in self.windows.through(cell) {
            let c = &mut self.counts[w as usize];
            c[me] -= 1;
            if c[me] == 0 {
                self.open[them] += 1;
            }
        }
    }

    /// Windows still open for `side`.
    #[must_use]
    pub const fn open_for(&self, side: Side) -> i32 {
        self.open[side.index()]
    }

    /// e(P) for `max_side`.
    #[must_use]
    pub const fn evaluate(&self, max_side: Side) -> i32 {
        self.open_for(max_side) - self.open_for(max_side.other())
    }
}

/// The alpha-beta player of seeds 000/001.
#[derive(Debug, Clone, Default)]
pub struct AlphaBeta {
    order: MoveOrder,
}

struct Search<'a> {
    board: Board,
    lines: OpenLines,
    max_side: Side,
    nodes: u64,
    control: &'a Control,
    order: MoveOrder,
}

impl Search<'_> {
    fn play(&mut self, cell: Cell) {
        let side = self.board.to_move();
        self.board.play(cell);
        self.lines.place(cell, side);
    }

    fn unmake(&mut self, cell: Cell) {
        self.board.unmake(cell);
        self.lines.remove(cell, self.board.to_move());
    }

    /// The score of the current position as a leaf, for MAX: +-[`WIN`] for a won game, 0
    /// for a draw, else e(P).
    fn leaf_score(&self) -> i32 {
        match self.board.status() {
            Status::Won { side, .. } => {
                if side == self.max_side {
                    WIN
                } else {
                    -WIN
                }
            }
            Status::Draw => 0,
            Status::InProgress => self.lines.evaluate(self.max_side),
        }
    }

    /// The moves of the current position in the search's order (see [`MoveOrder`]).
    fn moves(&mut self) -> Vec<Cell> {
        let moves: Vec<Cell> = self.board.moves().collect();
        if self.order == MoveOrder::RowMajor {
            return moves;
        }
        // The mover prefers high scores when it is MAX: best first sorts those first.
        let sign = if self.board.to_move() == self.max_side {
            -1
        } else {
            1
        };
        let sign = if self.order == MoveOrder::WorstFirst {
            -sign
        } else {
            sign
        };
        let mut keyed: Vec<(i32, Cell)> = moves
            .into_iter()
            .map(|cell| {
                self.play(cell);
                let score = self.leaf_score();
                self.unmake(cell);
                (sign * score, cell)
            })
            .collect();
        keyed.sort_by_key(|&(key, _)| key);
        keyed.into_iter().map(|(_, cell)| cell).collect()
    }

    /// Minimax value for MAX with alpha-beta pruning (fail-hard bounds as in the seed's `dfs`);
    /// `None` when stopped. The caller has reported entering the position to `obs`; this
    /// reports leaving it.
    fn value<O: SearchObserver + ?Sized>(
        &mut self,
        remaining: Option<u32>,
        mut alpha: i32,
        mut beta: i32,
        obs: &mut O,
    ) -> Option<i32> {
        self.nodes += 1;
        if self.control.poll(self.nodes) {
            return None;
        }
        // A full board has no open line (0), nor has a renju draw anything left to play.
        if self.board.is_over() {
            let v = self.leaf_score();
            obs.leave(Value::Score(v), NodeKind::Terminal);
            return Some(v);
        }
        if remaining == Some(0) {
            obs.evaluated(StaticTerms {
                open_for_max: self.lines.open_for(self.max_side),
                open_for_min: self.lines.open_for(self.max_side.other()),
            });
            let v = self.leaf_score();
            obs.leave(Value::Score(v), NodeKind::Horizon);
            return Some(v);
        }
        let is_max = self.board.to_move() == self.max_side;
        let mut best = if is_max { -2 * WIN } else { 2 * WIN };
        let moves = self.moves();
        for (i, &cell) in moves.iter().enumerate() {
            self.play(cell);
            obs.enter(Some(cell), Some((alpha, beta)));
            let v = self.value(remaining.map(|r| r - 1), alpha, beta, obs);
            self.unmake(cell);
            let v = v?;
            let cut = if is_max {
                best = best.max(v);
                alpha = alpha.max(best);
                best >= beta
            } else {
                best = best.min(v);
                beta = beta.min(best);
                best <= alpha
            };
            if cut {
                obs.pruned(&moves[i + 1..]);
                obs.leave(Value::Score(best), NodeKind::Cutoff);
                return Some(best);
            }
        }
        obs.leave(Value::Score(best), NodeKind::Inner);
        Some(best)
    }
}

impl<'a> Search<'a> {
    fn new(board: &Board, control: &'a Control, order: MoveOrder) -> Self {
        Search {
            board: board.clone(),
            lines: OpenLines::new(board),
            max_side: board.to_move(),
            nodes: 1,
            control,
            order,
        }
    }

    fn stopped(&self) -> PlayerError {
        PlayerError::Stopped {
            player: "alphabeta",
            nodes: self.nodes,
            hint: "; give a smaller depth".to_string(),
        }
    }
}

impl AlphaBeta {
    /// The root loop: the first move (in the search's order: row-major unless told) whose
    /// value beats all before it, each child searched with alpha at the best value so far.
    fn choose_with<O: SearchObserver + ?Sized>(
        &self,
        board: &Board,
        control: &Control,
        obs: &mut O,
    ) -> Result<Choice, PlayerError> {
        if board.is_over() {
            return Err(PlayerError::GameOver);
        }
        let depth = Self::depth_for(board, control);
        let mut search = Search::new(board, control, self.order);
        obs.enter(None, Some((-2 * WIN, 2 * WIN)));
        let mut best: Option<(Cell, i32)> = None;
        let moves = search.moves();
        for cell in moves {
            search.play(cell);
            let alpha = best.map_or(-2 * WIN, |(_, v)| v);
            obs.enter(Some(cell), Some((alpha, 2 * WIN)));
            let value = search.value(depth.map(|d| d.saturating_sub(1)), alpha, 2 * WIN, obs);
            search.unmake(cell);
            let value = value.ok_or_else(|| search.stopped())?;
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((cell, value));
            }
        }
        let (cell, value) = best.ok_or(PlayerError::GameOver)?;
        obs.leave(Value::Score(value), NodeKind::Inner);
        Ok(Choice {
            value: Some(Value::Score(value)),
            depth,
            ..Choice::new(cell, search.nodes)
        })
    }

    /// The player, trying moves row-major as the seeds do.
    #[must_use]
    pub fn new() -> Self {
        AlphaBeta::default()
    }

    /// The player, trying moves in `order`.
    #[must_use]
    pub fn with_order(order: MoveOrder) -> Self {
        AlphaBeta { order }
    }

    /// The depth used on `board`: the control's, else the default; `None` means to the end
    /// of the game.
    #[must_use]
    pub fn depth_for(board: &Board, control: &Control) -> Option<u32> {
        control
            .depth()
            .or((board.empty_cells() > FULL_DEPTH_EMPTY).then_some(DEFAULT_DEPTH))
    }
}

impl Player for AlphaBeta {
    fn name(&self) -> &'static str {
        "alphabeta"
    }

    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        self.choose_with(board, control, &mut Silent)
    }

    fn choose_observed(
        &mut self,
        board: &Board,
        control: &Control,
        observer: &mut dyn SearchObserver,
    ) -> Option<Result<Choice, PlayerError>> {
        Some(self.choose_with(board, control, observer))
    }

    /// Each root move searched with the full window, so every value is exact (the player's
    /// own root search narrows the window and only bounds the moves that are not best).
    fn move_values(
        &mut self,
        board: &Board,
        control: &Control,
    ) -> Option<Result<Vec<MoveValue>, PlayerError>> {
        if board.is_over() {
            return Some(Err(PlayerError::GameOver));
        }
        let depth = Self::depth_for(board, control);
        let mut search = Search::new(board, control, self.order);
        let moves: Vec<Cell> = board.moves().collect();
        let values = moves
            .into_iter()
            .map(|cell| {
                search.play(cell);
                let value = search.value(
                    depth.map(|d| d.saturating_sub(1)),
                    -2 * WIN,
                    2 * WIN,
                    &mut Silent,
                );
                search.unmake(cell);
                value
                    .map(|v| MoveValue {
                        depth,
                        ..MoveValue::exact(cell, Value::Score(v))
                    })
                    .ok_or_else(|| search.stopped())
            })
            .collect();
        Some(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    #[test]
    fn open_lines_on_tic_tac_toe() {
        let v = Variant::tic_tac_toe();
        let board = Board::from_moves(v, &[Cell(4)]).unwrap();
        let lines = OpenLines::new(&board);
        // X in the centre: all 8 lines open for X, the 4 through the centre closed for O.
        assert_eq!((lines.open_for(Side::X), lines.open_for(Side::O)), (8, 4));
        assert_eq!(lines.evaluate(Side::X), 4);
        let board = Board::from_moves(v, &[Cell(4), Cell(0)]).unwrap();
        assert_eq!(OpenLines::new(&board).evaluate(Side::X), 5 - 4);
    }

    #[test]
    fn incremental_counts_match_a_fresh_count() {
        let v = Variant::new(Size::new(6, 5), 4, Rule::Freestyle).unwrap();
        let mut board = Board::new(v);
        let mut lines = OpenLines::new(&board);
        for i in [7u16, 8, 14, 20, 27, 2, 28, 13] {
            let side = board.to_move();
            board.play(Cell(i));
            lines.place(Cell(i), side);
            let fresh = OpenLines::new(&board);
            assert_eq!(lines.open, fresh.open);
        }
    }

    #[test]
    fn takes_a_win_and_blocks_a_threat() {
        let v = Variant::tic_tac_toe();
        let mut ab = AlphaBeta::new();
        let pick = |moves: &[u16], ab: &mut AlphaBeta| {
            let cells: Vec<Cell> = moves.iter().map(|&i| Cell(i)).collect();
            ab.choose(
                &Board::from_moves(v, &cells).unwrap(),
                &Control::unlimited(),
            )
            .unwrap()
        };
        let c = pick(&[0, 3, 1, 4], &mut ab);
        assert_eq!((c.cell, c.value), (Cell(2), Some(Value::Score(WIN))));
        assert_eq!(pick(&[4, 0, 8], &mut ab).value, Some(Value::Score(0)));
        // Depth-limited on a larger board it still blocks: O has c4 d4 e4 (cells 14-16), X holds b4.
        let v = Variant::new(Size::square(6), 4, Rule::Freestyle).unwrap();
        let cells: Vec<Cell> = [0u16, 14, 5, 15, 13, 16].iter().map(|&i| Cell(i)).collect();
        let board = Board::from_moves(v, &cells).unwrap();
        let c = ab.choose(&board, &Control::unlimited()).unwrap();
        assert_eq!(c.cell, Cell(17));
    }
}
