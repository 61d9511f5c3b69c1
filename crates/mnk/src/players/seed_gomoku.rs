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

use super::minimax::{check_tree_size, largest_tree};
use crate::game::{Board, Cell, Size};
use crate::search::{
    Choice, Control, MoveValue, NodeKind, Player, PlayerError, SearchObserver, Silent, Value,
};

const MAX_SCORE: i32 = 1000;
const MIN_SCORE: i32 = 0;
const MID_SCORE: i32 = (MAX_SCORE + MIN_SCORE) / 2;
/// The seed's depth in its published runs.
pub const DEFAULT_DEPTH: u32 = 4;
/// The largest board (in cells) `gomoku-minimax` searches from the start at [`DEFAULT_DEPTH`].
pub const MINIMAX_LARGEST_BOARD: usize = largest_tree(Some(DEFAULT_DEPTH));

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

/// The lines of seed 003's `getAllLines` (with its duplicates on square boards).
#[must_use]
pub fn seed_lines(size: Size) -> Vec<Vec<Cell>> {
    let cell = |r: i32, c: i32| size.cell(r, c).expect("seed lines stay on the board");
    let (w, h) = (i32::from(size.width), i32::from(size.height));
    let mut lines = Vec::new();
    if size.is_square() {
        let n = w;
        for i in 0..n {
            lines.push((0..n).map(|j| cell(i, j)).collect());
            lines.push((0..n).map(|j| cell(j, i)).collect());
            lines.push((i..n).map(|j| cell(j, j - i)).collect());
            lines.push((0..=i).map(|j| cell(j, i - j)).collect());
            lines.push((n - 1 - i..n).map(|j| cell(j - (n - 1 - i), j)).collect());
            lines.push((i..n).map(|j| cell(j, n - 1 - (j - i))).collect());
        }
    } else {
        for r in 0..h {
            lines.push((0..w).map(|c| cell(r, c)).collect());
        }
        for c in 0..w {
            lines.push((0..h).map(|r| cell(r, c)).collect());
        }
        // Down-right diagonals start on the left column or the top row; down-left ones on the
        // top row or the right column.
        let starts = (0..h).map(|r| (r, 0)).chain((1..w).map(|c| (0, c)));
        for (r0, c0) in starts {
            lines.push(
                (0..)
                    .map(|t| (r0 + t, c0 + t))
                    .take_while(|&(r, c)| r < h && c < w)
                    .map(|(r, c)| cell(r, c))
                    .collect(),
            );
        }
        let starts = (0..w).map(|c| (0, c)).chain((1..h).map(|r| (r, w - 1)));
        for (r0, c0) in starts {
            lines.push(
                (0..)
                    .map(|t| (r0 + t, c0 - t))
                    .take_while(|&(r, c)| r < h && c >= 0)
                    .map(|(r, c)| cell(r, c))
                    .collect(),
            );
        }
    }
    lines
}

/// What the seed's string tests find in one line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct LineFacts {
    /// `'x'*k in line`, `'o'*k in line`.
    five: [bool; 2],
    /// `'-'+'o'*(k-1)+'-' in line` (only `o`'s is ever asked).
    o_open_k1: bool,
    /// `('x'*(k-1)+'-' in line) + ('-'+'x'*(k-1) in line)`, and the same for `o`.
    k1_ends: [i32; 2],
    /// `heuristicFunc(line)`: the change it makes to the score.
    heuristic: i32,
}

/// Stone codes on the seed board.
const EMPTY: u8 = 0;
const X: u8 = 1;
const O: u8 = 2;

fn line_facts(line: &[Cell], grid: &[u8], k: usize) -> LineFacts {
    // For each colour: longest run, longest run followed by '-', longest run preceded by '-',
    // and whether some run of exactly k-1 has '-' on both sides.
    let mut longest = [0usize; 2];
    let mut before_gap = [0usize; 2];
    let mut after_gap = [0usize; 2];
    let mut open_k1 = [false; 2];
    let mut i = 0;
    while i < line.len() {
        let stone = grid[line[i].index()];
        let mut j = i;
        while j < line.len() && grid[line[j].index()] == stone {
            j += 1;
        }
        if stone != EMPTY {
            let c = usize::from(stone - 1);
            let len = j - i;
            let gap_before = i > 0 && grid[line[i - 1].index()] == EMPTY;
            let gap_after = j < line.len() && grid[line[j].index()] == EMPTY;
            longest[c] = longest[c].max(len);
            if gap_after {
                before_gap[c] = before_gap[c].max(len);
            }
            if gap_before {
                after_gap[c] = after_gap[c].max(len);
            }
            open_k1[c] |= gap_before && gap_after && len + 1 == k;
        }
        i = j;
    }
    let mut facts = LineFacts {
        o_open_k1: open_k1[1],
        ..LineFacts::default()
    };
    for c in 0..2 {
        facts.five[c] = longest[c] >= k;
        facts.k1_ends[c] = i32::from(before_gap[c] >= k - 1) + i32::from(after_gap[c] >= k - 1);
        let sign = if c == 0 { 1 } else { -1 };
        for i in k / 2..k {
            let i32_i = i as i32;
            // 'c'*i+'-' in line, and '-'+'c'*i in line; with i = 0 the pattern is '-' and adds 0.
            facts.heuristic +=
                sign * i32_i * (i32::from(before_gap[c] >= i) + i32::from(after_gap[c] >= i));
        }
    }
    // A k-1 pattern with k = 1 is the bare '-', which needs an empty cell in the line.
    if k == 1 {
        let has_gap = line.iter().any(|c| grid[c.index()] == EMPTY);
        facts.k1_ends = [2 * i32::from(has_gap); 2];
    }
    facts
}

/// The seed's board, with the line facts kept up to date as stones come and go.
struct SeedBoard {
    size: Size,
    k: usize,
    grid: Vec<u8>,
    stones: usize,
    lines: Vec<Vec<Cell>>,
    through: Vec<Vec<u32>>,
    facts: Vec<LineFacts>,
    /// Lines with a five of x / o; lines with o's open k-1.
    fives: [u32; 2],
    o_open_k1: u32,
    k1_ends: [i32; 2],
    heuristic: i32,
}

impl SeedBoard {
    fn new(board: &Board) -> Self {
        let size = board.size();
        let me = board.to_move();
        let grid: Vec<u8> = size
            .all_cells()
            .map(|c| match board.get(c) {
                None => EMPTY,
                Some(s) if s == me => X,
                Some(_) => O,
            })
            .collect();
        let lines = seed_lines(size);
        let mut through = vec![Vec::new(); size.cells()];
        for (i, line) in lines.iter().enumerate() {
            for c in line {
                through[c.index()].push(i as u32);
            }
        }
        let mut sb = SeedBoard {
            size,
            k: board.variant().k(),
            grid,
            stones: board.stones(),
            facts: vec![LineFacts::default(); lines.len()],
            lines,
            through,
            fives: [0; 2],
            o_open_k1: 0,
            k1_ends: [0; 2],
            heuristic: 0,
        };
        for i in 0..sb.lines.len() {
            sb.refresh(i);
        }
        sb
    }

    /// Recomputes line `i`, replacing its old facts in the totals (the initial fill replaces
    /// all-zero defaults, which take out nothing).
    fn refresh(&mut self, i: usize) {
        let old = self.facts[i];
        let new = line_facts(&self.lines[i], &self.grid, self.k);
        for c in 0..2 {
            self.fives[c] = self.fives[c] - u32::from(old.five[c]) + u32::from(new.five[c]);
            self.k1_ends[c] += new.k1_ends[c] - old.k1_ends[c];
        }
        self.o_open_k1 = self.o_open_k1 - u32::from(old.o_open_k1) + u32::from(new.o_open_k1);
        self.heuristic += new.heuristic - old.heuristic;
        self.facts[i] = new;
    }

    fn set(&mut self, cell: Cell, stone: u8) {
        self.grid[cell.index()] = stone;
        if stone == EMPTY {
            self.stones -= 1;
        } else {
            self.stones += 1;
        }
        for t in 0..self.through[cell.index()].len() {
            let line = self.through[cell.index()][t] as usize;
            self.refresh(line);
        }
    }

    /// `isIsolateOpt`: no stone on any of the 8 neighbours.
    fn is_isolated(&self, cell: Cell) -> bool {
        let (r, c) = (self.size.row(cell), self.size.col(cell));
        (-1..=1).all(|dr| {
            (-1..=1).all(|dc| {
                (dr == 0 && dc == 0)
                    || self
                        .size
                        .cell(r + dr, c + dc)
                        .is_none_or(|n| self.grid[n.index()] == EMPTY)
            })
        })
    }

    /// The children `getValidActions` yields, minus isolated points where the program prunes them.
    fn actions(&self, prune_isolated: bool) -> Vec<Cell> {
        let prune = prune_isolated && self.stones > 1;
        self.size
            .all_cells()
            .filter(|&c| self.grid[c.index()] == EMPTY && !(prune && self.is_isolated(c)))
            .collect()
    }

    /// Recomputes everything from scratch and compares (the debug twin of the incremental facts).
    #[cfg(test)]
    fn check(&self) {
        let fresh: Vec<LineFacts> = self
            .lines
            .iter()
            .map(|l| line_facts(l, &self.grid, self.k))
            .collect();
        assert_eq!(fresh, self.facts);
        assert_eq!(
            self.heuristic,
            fresh.iter().map(|f| f.heuristic).sum::<i32>()
        );
    }
}

struct Search<'a> {
    program: SeedProgram,
    board: SeedBoard,
    nodes: u64,
    control: &'a Control,
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
        self.board.set(cell, stone);
        obs.enter(Some(cell), self.window(alpha, beta));
        let v = if stone == X {
            self.min_judge(depth, alpha, beta, obs)
        } else {
            self.max_judge(depth, alpha, beta, obs)
        };
        self.board.set(cell, EMPTY);
        v
    }

    /// The window reported to an observer: none for plain minimax.
    fn window(&self, alpha: i32, beta: i32) -> Option<(i32, i32)> {
        (self.program != SeedProgram::Minimax).then_some((alpha, beta))
    }

    fn enter(&mut self) -> Option<()> {
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
        self.enter()?;
        let b = &self.board;
        let leaf = match self.program {
            SeedProgram::Minimax | SeedProgram::AlphaBeta => {
                if b.fives[0] > 0 {
                    Some((MAX_SCORE, NodeKind::Terminal))
                } else {
                    (depth == 0).then_some((MID_SCORE + b.k1_ends[0], NodeKind::Horizon))
                }
            }
            SeedProgram::Pruned => {
                if b.fives[1] > 0 || b.o_open_k1 > 0 {
                    Some((MIN_SCORE, NodeKind::Terminal))
                } else {
                    (depth == 0).then_some((MID_SCORE + b.heuristic, NodeKind::Horizon))
                }
            }
        };
        if let Some((v, kind)) = leaf {
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
        let actions = self.board.actions(self.program == SeedProgram::Pruned);
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
                return Some((score, Some(cell)));
            }
            alpha = alpha.max(score);
        }
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
        self.enter()?;
        let b = &self.board;
        let leaf = match self.program {
            SeedProgram::Minimax | SeedProgram::AlphaBeta => {
                if b.fives[1] > 0 {
                    Some((MIN_SCORE, NodeKind::Terminal))
                } else {
                    (depth == 0).then_some((MID_SCORE - b.k1_ends[1], NodeKind::Horizon))
                }
            }
            SeedProgram::Pruned => {
                if b.fives[0] > 0 {
                    Some((MAX_SCORE, NodeKind::Terminal))
                } else {
                    (depth == 0).then_some((MID_SCORE + b.heuristic, NodeKind::Horizon))
                }
            }
        };
        if let Some((v, kind)) = leaf {
            obs.leave(Value::Score(v), kind);
            return Some(v);
        }
        let mut score = MAX_SCORE;
        let actions = self.board.actions(self.program == SeedProgram::Pruned);
        for (i, &cell) in actions.iter().enumerate() {
            let v = self.child(cell, O, depth - 1, alpha, beta, obs)?;
            score = score.min(v);
            if self.program != SeedProgram::Minimax {
                if score <= alpha {
                    obs.pruned(&actions[i + 1..]);
                    obs.leave(Value::Score(score), NodeKind::Cutoff);
                    return Some(score);
                }
                beta = beta.min(score);
            }
        }
        obs.leave(Value::Score(score), NodeKind::Inner);
        Some(score)
    }
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
        let actions = search.board.actions(self.program == SeedProgram::Pruned);
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
        Search {
            program: self.program,
            board: SeedBoard::new(board),
            nodes: 1,
            control,
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
    use crate::game::{Rule, Variant};
    use crate::notation::parse_game;

    #[test]
    fn square_lines_repeat_the_main_diagonals() {
        let lines = seed_lines(Size::square(3));
        assert_eq!(lines.len(), 18);
        let main: Vec<Cell> = vec![Cell(0), Cell(4), Cell(8)];
        let anti: Vec<Cell> = vec![Cell(2), Cell(4), Cell(6)];
        assert_eq!(lines.iter().filter(|l| **l == main).count(), 2);
        assert_eq!(lines.iter().filter(|l| **l == anti).count(), 2);
        // Every cell of a rectangle lies on exactly one line of each of the four directions.
        let rect = seed_lines(Size::new(5, 3));
        for c in Size::new(5, 3).all_cells() {
            assert_eq!(rect.iter().filter(|l| l.contains(&c)).count(), 4);
        }
    }

    #[test]
    fn line_facts_match_python_substring_tests() {
        // Checks against the patterns written out as strings, as the seed tests them.
        let k = 5;
        for text in [
            "-xxxx-",
            "xxxx-o",
            "oxxxxo",
            "-oooo-",
            "ooooo",
            "xx-oo-xxx-",
            "-ooo--xx",
            "o-o-o",
            "-xxxxx-",
        ] {
            let size = Size::new(text.len() as u8, 1);
            let grid: Vec<u8> = text
                .bytes()
                .map(|b| match b {
                    b'x' => X,
                    b'o' => O,
                    _ => EMPTY,
                })
                .collect();
            let line: Vec<Cell> = size.all_cells().collect();
            let f = line_facts(&line, &grid, k);
            let has = |p: String| text.contains(&p);
            let rep = |c: &str, n: usize| c.repeat(n);
            assert_eq!(f.five, [has(rep("x", k)), has(rep("o", k))], "{text}");
            assert_eq!(f.o_open_k1, has(format!("-{}-", rep("o", k - 1))), "{text}");
            for (i, c) in ["x", "o"].iter().enumerate() {
                let ends = i32::from(has(rep(c, k - 1) + "-"))
                    + i32::from(has(format!("-{}", rep(c, k - 1))));
                assert_eq!(f.k1_ends[i], ends, "{text} {c}");
            }
            let mut h = 0;
            for i in k / 2..k {
                for (c, sign) in [("o", -1), ("x", 1)] {
                    h += sign
                        * i as i32
                        * (i32::from(has(rep(c, i) + "-"))
                            + i32::from(has(format!("-{}", rep(c, i)))));
                }
            }
            assert_eq!(f.heuristic, h, "{text}");
        }
    }

    #[test]
    fn incremental_line_facts_match_a_recount() {
        let v = Variant::new(Size::square(7), 4, Rule::Freestyle).unwrap();
        let game = parse_game("d4 c3 e5 f6 c5 e3 d3 d5", v).unwrap();
        let mut sb = SeedBoard::new(game.board());
        sb.check();
        for (i, cell) in [Cell(0), Cell(24), Cell(48), Cell(6)]
            .into_iter()
            .enumerate()
        {
            sb.set(cell, if i % 2 == 0 { X } else { O });
            sb.check();
        }
        sb.set(Cell(24), EMPTY);
        sb.check();
    }

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
