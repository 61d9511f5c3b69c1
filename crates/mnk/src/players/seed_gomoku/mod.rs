//! `gomoku-minimax`, `gomoku-alphabeta`, `gomoku-pruned`: the second, third and fourth programs
//! of seed 003, move for move. The machine is the seed's `x` (the side to move here), the
//! opponent its `o`. Scores run from 0 (`min_score`) to 1000 (`max_score`) around 500.
//!
//! What the seed's code does, and so what these players do (code over prose):
//! - Lines are the seed's `getAllLines`: every row, column and diagonal, where the two main
//!   diagonals of the square board are listed twice, so their patterns count double. (On a
//!   rectangular board, which the seed does not support, every line is listed once.)
//! - A pattern counts once per line, as Python's `in` tests: `'x'*(k-1)+'-' in line`.
//! - (b) minimax and (c) alpha-beta: a node where `x` is to move (`maxJudge`) only notices a
//!   win of `x`, and only scores `x`'s `k-1` stones with an open end at the horizon; a node where
//!   `o` is to move (`minJudge`) only looks at `o`. So a five is seen one ply late, as in the seed.
//! - (d) pruned: `minJudge` ends the search on a five of `x`; `maxJudge` on a five of `o` *or*
//!   an open `k-1` of `o` (`-oooo-`). At the horizon both sides' runs of `k/2..k-1` with an
//!   open end score `+-i` each (`heuristicFunc`). A move with no stone among its 8 neighbours is
//!   skipped once the board holds more than one stone.
//! - Moves are tried row-major from the top-left; the root plays the first child whose score
//!   equals the root's score (`doMinMaxAction`).
//!
//! Where the seed's program has no move, these players still make one (noted in the tests):
//! - (c) appends a child to the root's list only after the `score >= beta` test, so when a child
//!   reaches 1000 (a forced win) it is never listed and the Python program leaves the board
//!   unchanged: it passes. Here the player plays that winning child.
//! - (d) returns before listing any child when the opponent already has an open `k-1` at the
//!   root (the Python program then reuses the previous turn's list). Here the root is always
//!   searched.
//!
//! The players search the seed's tree node for node: the fixtures hold, for every position,
//! the number of calls of `maxJudge` and `minJudge` the Python program makes, and the players
//! report exactly as many nodes. What differs is the cost of a node. The seed deep-copies the
//! board for each child, then scans every line (`getAllLines`: 6n strings on an n x n board)
//! with its substring tests, counts the stones (`getChessCnt`, `getValidActions`) and looks at
//! 8 neighbours per empty cell. Here ([`board`]) the facts those scans find are kept summed
//! over the lines and updated as stones come and go: a stone touches the 4 lines through its
//! cell, each line's facts come from its stones as bit masks ([`lines`]) and are remembered
//! by line state, and a leaf is scored from the facts after its move without the move being
//! played. Each cell keeps how many stones are among its neighbours, so an isolated point is
//! one comparison. In debug builds every node's kept facts are checked against a recount of
//! all lines, and a property test does the same over random boards and move sequences.
//! Program (d) at depth 4 on the first three positions of seed 003's own 8x8 game: 25,418
//! nodes in about 1 ms, some 2,700 times the Python's speed (docs/benchmarks.md, "Seed 003's
//! programs against their Python"; `cargo bench -p mnk --bench seed_gomoku`).

mod board;
mod lines;

use super::minimax::check_tree_size;
use crate::game::{Board, BoardView, Cell, Side, Size, Variant, renju};
use crate::search::{
    Choice, Control, MoveValue, NodeKind, Player, PlayerError, SearchObserver, Silent, Value,
};
use board::SeedBoard;
use lines::{Facts, O, X};

/// The score of a won position (the seed's scale runs from a loss to a win).
pub(crate) const MAX_SCORE: i32 = 1000;
/// The score of a lost position.
pub(crate) const MIN_SCORE: i32 = 0;
const MID_SCORE: i32 = (MAX_SCORE + MIN_SCORE) / 2;
/// The seed's depth in its published runs.
pub const DEFAULT_DEPTH: u32 = 4;

/// Which of seed 003's programs to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedProgram {
    /// (b) depth-limited minimax.
    Minimax,
    /// (c) the same with alpha-beta pruning.
    AlphaBeta,
    /// (d) alpha-beta, isolated-point pruning and the improved heuristic.
    Pruned,
}

impl SeedProgram {
    const fn name(self) -> &'static str {
        match self {
            SeedProgram::Minimax => "gomoku-minimax",
            SeedProgram::AlphaBeta => "gomoku-alphabeta",
            SeedProgram::Pruned => "gomoku-pruned",
        }
    }
}

/// Renju's forbidden points for the search (an addition to the seed's program, which knows no
/// rule but k in a row): the rules, and which of the search's stones is black.
struct Forbidding {
    variant: Variant,
    /// The search's code (`X`, the side to move at the root, or `O`) of the first player.
    black: u8,
}

/// The seed board as renju's judge reads it.
struct RenjuView<'a> {
    board: &'a SeedBoard,
    size: Size,
    /// The search's code of black's stones.
    black: u8,
}

impl BoardView for RenjuView<'_> {
    fn size(&self) -> Size {
        self.size
    }

    fn stone(&self, cell: Cell) -> Option<Side> {
        match self.board.stone(cell) {
            s if s == self.black => Some(Side::X),
            lines::EMPTY => None,
            _ => Some(Side::O),
        }
    }
}

struct Search<'a> {
    program: SeedProgram,
    board: SeedBoard,
    /// Under renju: the forbidden points to leave out of black's children.
    renju: Option<Forbidding>,
    nodes: u64,
    control: &'a Control,
    /// Lists of children no longer in use, kept for the next node's.
    spare: Vec<Vec<Cell>>,
}

impl Search<'_> {
    /// Plays `cell` for `stone`, lets the other side's judge score the position, takes the
    /// stone back.
    fn child<O: SearchObserver + ?Sized>(
        &mut self,
        cell: Cell,
        stone: u8,
        depth: u32,
        alpha: i32,
        beta: i32,
        obs: &mut O,
    ) -> Option<i32> {
        obs.enter(Some(cell), self.window(alpha, beta));
        if depth == 0 {
            // A leaf's judge only reads the facts after the move, which the board tells
            // without playing it.
            let facts = self.board.facts_after(cell, stone);
            #[cfg(debug_assertions)]
            {
                self.board.play(cell, stone);
                self.board.check();
                assert_eq!(self.board.totals(), facts, "the facts after {cell:?}");
                self.board.take_back(cell);
            }
            self.count_node()?;
            let (v, kind) = ends(self.program, other(stone), facts, 0).expect("a leaf");
            obs.leave(Value::Score(v), kind);
            return Some(v);
        }
        self.board.play(cell, stone);
        #[cfg(debug_assertions)]
        self.board.check();
        let v = if stone == X {
            self.min_judge(depth, alpha, beta, obs)
        } else {
            self.max_judge(depth, alpha, beta, obs)
        };
        self.board.take_back(cell);
        v
    }

    /// The children of the current node for `stone`, in the seed's order (under renju,
    /// black's forbidden points left out).
    fn actions(&mut self, stone: u8) -> Vec<Cell> {
        let mut out = self.spare.pop().unwrap_or_default();
        self.board
            .actions(self.program == SeedProgram::Pruned, &mut out);
        if let Some(r) = self.renju.as_ref().filter(|r| r.black == stone) {
            let view = RenjuView {
                board: &self.board,
                size: r.variant.size(),
                black: r.black,
            };
            out.retain(|&c| {
                renju::forbidden(&r.variant, &view, c)
                    .expect("the search's own board, a cell of it")
                    .is_none()
            });
        }
        out
    }

    /// The window reported to an observer: none for plain minimax.
    fn window(&self, alpha: i32, beta: i32) -> Option<(i32, i32)> {
        (self.program != SeedProgram::Minimax).then_some((alpha, beta))
    }

    /// Counts a node; `None` when the search must stop.
    fn count_node(&mut self) -> Option<()> {
        self.nodes += 1;
        (!self.control.poll(self.nodes)).then_some(())
    }

    /// `maxJudge`: `x` to move.
    fn max_judge<O: SearchObserver + ?Sized>(
        &mut self,
        depth: u32,
        alpha: i32,
        beta: i32,
        obs: &mut O,
    ) -> Option<i32> {
        self.count_node()?;
        if let Some((v, kind)) = ends(self.program, X, self.board.totals(), depth) {
            obs.leave(Value::Score(v), kind);
            return Some(v);
        }
        let (score, cut) = self.max_children(depth, alpha, beta, obs, |_, _, _| {})?;
        obs.leave(Value::Score(score), inner_kind(cut.is_some()));
        Some(score)
    }

    /// The loop of `maxJudge`, reporting each child `(cell, score, listed)` to `seen`, where
    /// `listed` tells whether the seed appends it to `sub_cases`. Returns the score and the
    /// child that triggered a beta cut-off, if any.
    fn max_children<O: SearchObserver + ?Sized>(
        &mut self,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        obs: &mut O,
        mut seen: impl FnMut(Cell, i32, bool),
    ) -> Option<(i32, Option<Cell>)> {
        let mut score = MIN_SCORE;
        let actions = self.actions(X);
        for (i, &cell) in actions.iter().enumerate() {
            let v = self.child(cell, X, depth - 1, alpha, beta, obs)?;
            score = score.max(v);
            let cut = match self.program {
                SeedProgram::Minimax => {
                    seen(cell, v, true);
                    false
                }
                SeedProgram::AlphaBeta => {
                    // The seed tests the cut-off before it lists the child.
                    let cut = score >= beta;
                    seen(cell, v, !cut);
                    cut
                }
                SeedProgram::Pruned => {
                    seen(cell, v, true);
                    score >= beta
                }
            };
            if cut {
                obs.pruned(&actions[i + 1..]);
                self.spare.push(actions);
                return Some((score, Some(cell)));
            }
            alpha = alpha.max(score);
        }
        self.spare.push(actions);
        Some((score, None))
    }

    /// `minJudge`: `o` to move.
    fn min_judge<O: SearchObserver + ?Sized>(
        &mut self,
        depth: u32,
        alpha: i32,
        mut beta: i32,
        obs: &mut O,
    ) -> Option<i32> {
        self.count_node()?;
        if let Some((v, kind)) = ends(self.program, O, self.board.totals(), depth) {
            obs.leave(Value::Score(v), kind);
            return Some(v);
        }
        let mut score = MAX_SCORE;
        let actions = self.actions(O);
        for (i, &cell) in actions.iter().enumerate() {
            let v = self.child(cell, O, depth - 1, alpha, beta, obs)?;
            score = score.min(v);
            if self.program != SeedProgram::Minimax {
                if score <= alpha {
                    obs.pruned(&actions[i + 1..]);
                    obs.leave(Value::Score(score), NodeKind::Cutoff);
                    self.spare.push(actions);
                    return Some(score);
                }
                beta = beta.min(score);
            }
        }
        self.spare.push(actions);
        obs.leave(Value::Score(score), NodeKind::Inner);
        Some(score)
    }
}

/// Where the judge of the side `to_move` (`X`: `maxJudge`, `O`: `minJudge`) ends the search,
/// given the facts summed over the lines: its score and why, or `None` to search on.
fn ends(program: SeedProgram, to_move: u8, facts: Facts, depth: u32) -> Option<(i32, NodeKind)> {
    let horizon = |score: i32| (depth == 0).then_some((score, NodeKind::Horizon));
    let terminal = |score: i32| Some((score, NodeKind::Terminal));
    match (program, to_move == X) {
        // (b), (c): each judge only looks at the side about to move.
        (SeedProgram::Minimax | SeedProgram::AlphaBeta, true) if facts.five(0) > 0 => {
            terminal(MAX_SCORE)
        }
        (SeedProgram::Minimax | SeedProgram::AlphaBeta, true) => {
            horizon(MID_SCORE + facts.k1_ends(0))
        }
        (SeedProgram::Minimax | SeedProgram::AlphaBeta, false) if facts.five(1) > 0 => {
            terminal(MIN_SCORE)
        }
        (SeedProgram::Minimax | SeedProgram::AlphaBeta, false) => {
            horizon(MID_SCORE - facts.k1_ends(1))
        }
        // (d): maxJudge gives up on o's five or open k-1, minJudge ends on x's five.
        (SeedProgram::Pruned, true) if facts.five(1) > 0 || facts.o_open_k1() > 0 => {
            terminal(MIN_SCORE)
        }
        (SeedProgram::Pruned, false) if facts.five(0) > 0 => terminal(MAX_SCORE),
        (SeedProgram::Pruned, _) => horizon(MID_SCORE + facts.heuristic()),
    }
}

/// The other side's stone.
fn other(stone: u8) -> u8 {
    if stone == X { O } else { X }
}

/// A node whose loop ended early on a cut-off, or one that tried every child.
fn inner_kind(cut: bool) -> NodeKind {
    if cut {
        NodeKind::Cutoff
    } else {
        NodeKind::Inner
    }
}

/// A player following one of seed 003's depth-limited programs.
#[derive(Debug, Clone)]
pub struct SeedGomoku {
    program: SeedProgram,
}

impl SeedGomoku {
    /// The player; a depth in the search's [`Control`] overrides the seed's depth of 4.
    #[must_use]
    pub fn new(program: SeedProgram) -> Self {
        SeedGomoku { program }
    }

    /// The depth a search under `control` goes to.
    #[must_use]
    pub fn depth(control: &Control) -> u32 {
        control.depth().unwrap_or(DEFAULT_DEPTH)
    }
}

impl Player for SeedGomoku {
    fn name(&self) -> &'static str {
        self.program.name()
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

    /// Each root move the program considers, scored by `minJudge` with the full window
    /// (exact values; the program's own root search only bounds the moves that are not best).
    fn move_values(
        &mut self,
        board: &Board,
        control: &Control,
    ) -> Option<Result<Vec<MoveValue>, PlayerError>> {
        let depth = match self.checked_depth(board, control) {
            Ok(depth) => depth,
            Err(e) => return Some(Err(e)),
        };
        let mut search = self.search(board, control);
        let actions = search.actions(X);
        let values = actions
            .into_iter()
            .map(|cell| {
                search
                    .child(cell, X, depth - 1, MIN_SCORE, MAX_SCORE, &mut Silent)
                    .map(|v| MoveValue {
                        depth: Some(depth),
                        ..MoveValue::exact(cell, Value::Score(v))
                    })
                    .ok_or_else(|| self.stopped(search.nodes))
            })
            .collect();
        Some(values)
    }
}

impl SeedGomoku {
    /// The depth to search, after refusing what the seed program cannot do.
    fn checked_depth(&self, board: &Board, control: &Control) -> Result<u32, PlayerError> {
        if board.is_over() {
            return Err(PlayerError::GameOver);
        }
        let depth = Self::depth(control);
        if depth == 0 {
            return Err(PlayerError::BadSetting(format!(
                "{} needs a depth of at least 1 (the seed's doMinMaxAction has no move at depth 0)",
                self.name()
            )));
        }
        if self.program == SeedProgram::Minimax {
            check_tree_size(
                self.name(),
                board,
                Some(depth),
                "gomoku-alphabeta or gomoku-pruned",
            )?;
        }
        Ok(depth)
    }

    fn search<'a>(&self, board: &Board, control: &'a Control) -> Search<'a> {
        let renju = board
            .variant()
            .rule()
            .has_forbidden_moves()
            .then(|| Forbidding {
                variant: *board.variant(),
                black: if board.to_move() == Side::X { X } else { O },
            });
        Search {
            program: self.program,
            board: SeedBoard::new(board),
            renju,
            nodes: 1,
            control,
            spare: Vec::new(),
        }
    }

    fn stopped(&self, nodes: u64) -> PlayerError {
        PlayerError::Stopped {
            player: self.program.name(),
            nodes,
            hint: "; give a smaller depth".to_string(),
        }
    }

    /// `doMinMaxAction`: the root's children, the first listed one with the root's score.
    fn choose_with<O: SearchObserver + ?Sized>(
        &self,
        board: &Board,
        control: &Control,
        obs: &mut O,
    ) -> Result<Choice, PlayerError> {
        let depth = self.checked_depth(board, control)?;
        let mut search = self.search(board, control);
        let mut listed: Vec<(Cell, i32)> = Vec::new();
        let mut all: Vec<MoveValue> = Vec::new();
        obs.enter(None, search.window(MIN_SCORE, MAX_SCORE));
        let result = search.max_children(depth, MIN_SCORE, MAX_SCORE, obs, |cell, v, is_listed| {
            all.push(MoveValue {
                depth: Some(depth),
                ..MoveValue::exact(cell, Value::Score(v))
            });
            if is_listed {
                listed.push((cell, v));
            }
        });
        let nodes = search.nodes;
        let (score, cut) = result.ok_or_else(|| self.stopped(nodes))?;
        obs.leave(Value::Score(score), inner_kind(cut.is_some()));
        let cell = listed
            .iter()
            .find(|&&(_, v)| v == score)
            .map(|&(c, _)| c)
            .or(cut)
            .or_else(|| board.moves().next())
            .ok_or(PlayerError::GameOver)?;
        // Alpha-beta scores of siblings are only bounds; plain minimax's are exact.
        let candidates = if self.program == SeedProgram::Minimax {
            crate::search::sort_best_first(&mut all, Some(cell));
            all
        } else {
            Vec::new()
        };
        Ok(Choice {
            value: Some(Value::Score(score)),
            depth: Some(depth),
            candidates,
            ..Choice::new(cell, nodes)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    #[test]
    fn seed_transcripts_five_by_five_open_top_left() {
        // "tic_tac_toe(5, 5, True, 4)": the machine opens (0, 0), which is a5, in both runs.
        let v = Variant::new(Size::square(5), 5, Rule::Freestyle).unwrap();
        for program in [SeedProgram::Minimax, SeedProgram::AlphaBeta] {
            let mut p = SeedGomoku::new(program);
            let c = p.choose(&Board::new(v), &Control::unlimited()).unwrap();
            assert_eq!(c.cell, Cell(0), "{program:?}");
        }
    }
}
