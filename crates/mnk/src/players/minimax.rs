//! `minimax` and `minimax-iterative` (seed 004): plain minimax scoring a won position +10, a lost
//! one -10 and anything else 0, with no pruning and no preference for quicker wins. The root
//! keeps the first move (row-major from the top-left) whose value beats all before it, as
//! `findBestMove` does. An optional depth limit scores the horizon 0, as `evaluate` would.
//!
//! Seed 004 warns that recursion can exhaust the call stack and says the search should also
//! exist without it: [`MinimaxIterative`] keeps its own stack and makes the same decisions.
//!
//! `nodes` counts every position visited, the root included: from the empty 3x3 board that is
//! the whole game tree, 549,946 positions.

use super::{Choice, Player, PlayerError, PlayerOptions, Value};
use crate::game::{Board, Cell, Side, Status};
use crate::search::{Control, Limits};

const WIN: i32 = 10;

/// More positions than this from the root and the player asks for a depth limit instead.
pub const TREE_LIMIT: u128 = 2_000_000_000;

/// Upper bound on the positions a full-width search of `depth` plies visits with `empty` free cells.
#[must_use]
pub fn tree_bound(empty: usize, depth: Option<u32>) -> u128 {
    let depth = depth.map_or(empty, |d| (d as usize).min(empty));
    let mut total: u128 = 1;
    let mut level: u128 = 1;
    for d in 0..depth {
        level = level.saturating_mul((empty - d) as u128);
        total = total.saturating_add(level);
    }
    total
}

/// Refuses a search whose tree is too large, suggesting a depth that fits.
pub(super) fn check_tree_size(
    player: &'static str,
    board: &Board,
    depth: Option<u32>,
    instead: &str,
) -> Result<(), PlayerError> {
    let empty = board.empty_cells();
    let bound = tree_bound(empty, depth);
    if bound <= TREE_LIMIT {
        return Ok(());
    }
    let fits = (1..=empty as u32)
        .take_while(|&d| tree_bound(empty, Some(d)) <= TREE_LIMIT)
        .last()
        .unwrap_or(1);
    Err(PlayerError::TooLarge(format!(
        "{player} would search up to {bound:.2e} positions here (no pruning); give a depth limit of at most {fits} \
         (e.g. {player}:depth={fits} or --depth {fits}), or pick a pruning player such as {instead}",
        bound = bound as f64
    )))
}

/// The value of a position that is not searched further, from `max_side`'s point of view.
fn leaf_value(board: &Board, max_side: Side, remaining: Option<u32>) -> Option<i32> {
    match board.status() {
        Status::Won { side, .. } => Some(if side == max_side { WIN } else { -WIN }),
        Status::Draw => Some(0),
        Status::InProgress if remaining == Some(0) => Some(0),
        Status::InProgress => None,
    }
}

/// Root loop shared by both implementations: the first strictly best move in row-major order.
fn choose_with(
    board: &Board,
    depth: Option<u32>,
    control: &Control,
    player: &'static str,
    mut value_of: impl FnMut(&mut Board, Option<u32>, &mut u64) -> Option<i32>,
) -> Result<Choice, PlayerError> {
    if board.is_over() {
        return Err(PlayerError::GameOver);
    }
    check_tree_size(player, board, depth, "alphabeta or perfect")?;
    let mut board = board.clone();
    let mut nodes = 1;
    let mut best: Option<(Cell, i32)> = None;
    let mut candidates = Vec::new();
    let moves: Vec<Cell> = board.moves().collect();
    for cell in moves {
        board.play(cell);
        let value = value_of(&mut board, depth.map(|d| d.saturating_sub(1)), &mut nodes);
        board.unmake(cell);
        let Some(value) = value else {
            return Err(stopped(player, nodes));
        };
        candidates.push((cell, Value::Score(value)));
        if best.is_none_or(|(_, b)| value > b) {
            best = Some((cell, value));
        }
        if control.should_stop(nodes) {
            return Err(stopped(player, nodes));
        }
    }
    let (cell, value) = best.ok_or(PlayerError::GameOver)?;
    Ok(Choice {
        value: Some(Value::Score(value)),
        depth,
        candidates,
        ..Choice::new(cell, nodes)
    })
}

fn stopped(player: &'static str, nodes: u64) -> PlayerError {
    PlayerError::Stopped {
        player,
        nodes,
        hint: "; give a smaller depth".to_string(),
    }
}

/// Seed 004's recursive minimax.
#[derive(Debug, Clone)]
pub struct Minimax {
    options: PlayerOptions,
}

impl Minimax {
    /// The player; `options.depth` limits the search (none: to the end of the game).
    #[must_use]
    pub fn new(options: PlayerOptions) -> Self {
        Minimax { options }
    }

    /// Minimax value of `board` for `max_side`, or `None` if `control` stopped the search.
    fn value(
        board: &mut Board,
        max_side: Side,
        remaining: Option<u32>,
        nodes: &mut u64,
        control: &Control,
    ) -> Option<i32> {
        *nodes += 1;
        if control.poll(*nodes) {
            return None;
        }
        if let Some(v) = leaf_value(board, max_side, remaining) {
            return Some(v);
        }
        let is_max = board.to_move() == max_side;
        let mut best = if is_max { -1000 } else { 1000 };
        let moves: Vec<Cell> = board.moves().collect();
        for cell in moves {
            board.play(cell);
            let v = Self::value(board, max_side, remaining.map(|r| r - 1), nodes, control);
            board.unmake(cell);
            let v = v?;
            best = if is_max { best.max(v) } else { best.min(v) };
        }
        Some(best)
    }
}

impl Player for Minimax {
    fn name(&self) -> &'static str {
        "minimax"
    }

    fn limits(&self) -> Limits {
        Limits {
            depth: self.options.depth,
            nodes: self.options.nodes,
            time: self.options.time(),
        }
    }

    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        let me = board.to_move();
        choose_with(
            board,
            self.options.depth,
            control,
            self.name(),
            |b, remaining, nodes| Self::value(b, me, remaining, nodes, control),
        )
    }
}

/// Seed 004's minimax without recursion: an explicit stack of frames.
#[derive(Debug, Clone)]
pub struct MinimaxIterative {
    options: PlayerOptions,
}

/// One position on the explicit stack.
struct Frame {
    /// Moves of this position not yet tried, last first.
    pending: Vec<Cell>,
    /// The move that led here (to take back when the frame is done).
    entered_by: Option<Cell>,
    /// Best value so far for the side to move here.
    best: i32,
    is_max: bool,
    remaining: Option<u32>,
}

impl MinimaxIterative {
    /// The player; `options.depth` limits the search.
    #[must_use]
    pub fn new(options: PlayerOptions) -> Self {
        MinimaxIterative { options }
    }

    /// The same value as [`Minimax`], computed with a heap-allocated stack.
    fn value(
        board: &mut Board,
        max_side: Side,
        remaining: Option<u32>,
        nodes: &mut u64,
        control: &Control,
    ) -> Option<i32> {
        let frame = |board: &Board, entered_by, remaining| {
            let is_max = board.to_move() == max_side;
            let mut pending: Vec<Cell> = board.moves().collect();
            pending.reverse();
            Frame {
                pending,
                entered_by,
                best: if is_max { -1000 } else { 1000 },
                is_max,
                remaining,
            }
        };
        *nodes += 1;
        if let Some(v) = leaf_value(board, max_side, remaining) {
            return Some(v);
        }
        let mut stack = vec![frame(board, None, remaining)];
        loop {
            let top = stack
                .last_mut()
                .expect("the root frame stays until it returns");
            if let Some(cell) = top.pending.pop() {
                let child_remaining = top.remaining.map(|r| r - 1);
                board.play(cell);
                *nodes += 1;
                if control.poll(*nodes) {
                    board.unmake(cell);
                    for f in stack.iter().rev() {
                        if let Some(c) = f.entered_by {
                            board.unmake(c);
                        }
                    }
                    return None;
                }
                match leaf_value(board, max_side, child_remaining) {
                    Some(v) => {
                        board.unmake(cell);
                        let top = stack.last_mut().expect("parent frame");
                        top.best = if top.is_max {
                            top.best.max(v)
                        } else {
                            top.best.min(v)
                        };
                    }
                    None => stack.push(frame(board, Some(cell), child_remaining)),
                }
                continue;
            }
            let done = stack.pop().expect("non-empty");
            match (done.entered_by, stack.last_mut()) {
                (Some(cell), Some(parent)) => {
                    board.unmake(cell);
                    parent.best = if parent.is_max {
                        parent.best.max(done.best)
                    } else {
                        parent.best.min(done.best)
                    };
                }
                _ => return Some(done.best),
            }
        }
    }
}

impl Player for MinimaxIterative {
    fn name(&self) -> &'static str {
        "minimax-iterative"
    }

    fn limits(&self) -> Limits {
        Limits {
            depth: self.options.depth,
            nodes: self.options.nodes,
            time: self.options.time(),
        }
    }

    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        let me = board.to_move();
        choose_with(
            board,
            self.options.depth,
            control,
            self.name(),
            |b, remaining, nodes| Self::value(b, me, remaining, nodes, control),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    fn choose(player: &mut dyn Player, v: Variant, moves: &[u16]) -> Choice {
        let cells: Vec<Cell> = moves.iter().map(|&i| Cell(i)).collect();
        player
            .choose(
                &Board::from_moves(v, &cells).unwrap(),
                &Control::unlimited(),
            )
            .unwrap()
    }

    #[test]
    fn the_whole_tic_tac_toe_tree_and_the_seed_decision() {
        let mut m = Minimax::new(PlayerOptions::default());
        let c = choose(&mut m, Variant::tic_tac_toe(), &[]);
        // Every first move draws; the first in row-major order is the top-left corner.
        assert_eq!((c.cell, c.value), (Cell(0), Some(Value::Score(0))));
        assert_eq!(c.nodes, 549_946);
    }

    #[test]
    fn recursive_and_iterative_agree_everywhere_on_small_boards() {
        let cases: &[(Variant, Option<u32>)] = &[
            (Variant::tic_tac_toe(), None),
            (Variant::tic_tac_toe(), Some(2)),
            (
                Variant::new(Size::new(4, 3), 3, Rule::Freestyle).unwrap(),
                Some(3),
            ),
            (
                Variant::new(Size::square(4), 3, Rule::Exact).unwrap(),
                Some(2),
            ),
        ];
        for &(v, depth) in cases {
            let options = PlayerOptions {
                depth,
                ..PlayerOptions::default()
            };
            let (mut rec, mut it) = (Minimax::new(options), MinimaxIterative::new(options));
            // Positions along a few fixed games, both sides to move.
            for seq in [[0u16, 4, 8, 2, 6], [4, 0, 1, 7, 3], [1, 2, 3, 5, 7]] {
                let mut moves = Vec::new();
                for &m in &seq {
                    let board =
                        Board::from_moves(v, &moves.iter().map(|&i| Cell(i)).collect::<Vec<_>>())
                            .unwrap();
                    if board.is_over() {
                        break;
                    }
                    let a = choose(&mut rec, v, &moves);
                    let b = choose(&mut it, v, &moves);
                    assert_eq!(
                        (a.cell, a.value, a.nodes),
                        (b.cell, b.value, b.nodes),
                        "{v} {depth:?} {moves:?}"
                    );
                    moves.push(m);
                }
            }
        }
    }

    #[test]
    fn too_large_trees_ask_for_a_depth() {
        let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let err = Minimax::new(PlayerOptions::default())
            .choose(&Board::new(v), &Control::unlimited())
            .unwrap_err();
        assert!(
            matches!(err, PlayerError::TooLarge(ref m) if m.contains("depth=3")),
            "{err}"
        );
        assert_eq!(tree_bound(9, None), 986_410);
        assert_eq!(tree_bound(64, Some(3)), 1 + 64 + 64 * 63 + 64 * 63 * 62);
    }

    #[test]
    fn node_limits_stop_the_search_with_an_error() {
        let options = PlayerOptions {
            nodes: Some(1000),
            ..PlayerOptions::default()
        };
        for player in [
            &mut Minimax::new(options) as &mut dyn Player,
            &mut MinimaxIterative::new(options),
        ] {
            let control = Control::start(&player.limits());
            let err = player
                .choose(&Board::new(Variant::tic_tac_toe()), &control)
                .unwrap_err();
            assert!(matches!(err, PlayerError::Stopped { .. }), "{err}");
        }
    }
}
