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

use crate::game::{Board, Cell, Side, Status};
use crate::search::{
    Choice, Control, MoveValue, NodeKind, Player, PlayerError, SearchObserver, Silent, Value,
};

/// The score of a won position (seed 004's +10; a loss -10, a draw or the horizon 0).
pub(crate) const WIN: i32 = 10;

/// More positions than this from the root and the player asks for a depth limit instead.
pub const TREE_LIMIT: u128 = 2_000_000_000;

/// Upper bound on the positions a full-width search of `depth` plies visits with `empty` free cells.
#[must_use]
pub const fn tree_bound(empty: usize, depth: Option<u32>) -> u128 {
    let depth = match depth {
        Some(d) if (d as usize) < empty => d as usize,
        _ => empty,
    };
    let mut total: u128 = 1;
    let mut level: u128 = 1;
    let mut d = 0;
    while d < depth {
        level = level.saturating_mul((empty - d) as u128);
        total = total.saturating_add(level);
        d += 1;
    }
    total
}

/// The most empty cells from which a search of `depth` plies (`None`: the whole game) stays
/// within [`TREE_LIMIT`], found by bisection: quick for any depth (a depth of 1 fits nearly two
/// billion cells, too many to count one by one), and `const` for the catalog. A depth of 0,
/// which no player accepts, counts as 1.
#[must_use]
pub const fn largest_tree(depth: Option<u32>) -> usize {
    largest_tree_within(depth, TREE_LIMIT)
}

/// The most empty cells from which a search of `depth` plies (`None`: the whole game) visits
/// at most `limit` positions, counted without pruning ([`tree_bound`]); at least 1.
#[must_use]
pub const fn largest_tree_within(depth: Option<u32>, limit: u128) -> usize {
    let depth = match depth {
        Some(0) => Some(1),
        d => d,
    };
    // The tree fits at `lo` and does not at `hi`.
    let (mut lo, mut hi) = (1, 2);
    while tree_bound(hi, depth) <= limit {
        lo = hi;
        hi *= 2;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if tree_bound(mid, depth) <= limit {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
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

/// How a leaf was scored: the end of the game, or the depth limit.
fn leaf_kind(board: &Board) -> NodeKind {
    if board.is_over() {
        NodeKind::Terminal
    } else {
        NodeKind::Horizon
    }
}

/// Root loop shared by both implementations: the first strictly best move in row-major order.
/// The root and its children are reported to `obs`; `value_of` reports the nodes below.
fn choose_with<O: SearchObserver + ?Sized>(
    board: &Board,
    depth: Option<u32>,
    control: &Control,
    player: &'static str,
    obs: &mut O,
    mut value_of: impl FnMut(&mut Board, Option<u32>, &mut u64, &mut O) -> Option<i32>,
) -> Result<Choice, PlayerError> {
    if board.is_over() {
        return Err(PlayerError::GameOver);
    }
    check_tree_size(player, board, depth, "alphabeta or perfect")?;
    let mut board = board.clone();
    let mut nodes = 1;
    obs.enter(None, None);
    let mut best: Option<(Cell, i32)> = None;
    let mut candidates = Vec::new();
    let moves: Vec<Cell> = board.moves().collect();
    for cell in moves {
        board.play(cell);
        obs.enter(Some(cell), None);
        let value = value_of(
            &mut board,
            depth.map(|d| d.saturating_sub(1)),
            &mut nodes,
            obs,
        );
        board.unmake(cell);
        let Some(value) = value else {
            return Err(stopped(player, nodes));
        };
        candidates.push(MoveValue {
            depth,
            ..MoveValue::exact(cell, Value::Score(value))
        });
        if best.is_none_or(|(_, b)| value > b) {
            best = Some((cell, value));
        }
        if control.should_stop(nodes) {
            return Err(stopped(player, nodes));
        }
    }
    let (cell, value) = best.ok_or(PlayerError::GameOver)?;
    obs.leave(Value::Score(value), NodeKind::Inner);
    crate::search::sort_best_first(&mut candidates, Some(cell));
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

/// Seed 004's recursive minimax; a depth in the search's [`Control`] limits it (none: to the
/// end of the game).
#[derive(Debug, Clone, Default)]
pub struct Minimax;

impl Minimax {
    /// The player.
    #[must_use]
    pub fn new() -> Self {
        Minimax
    }

    /// Minimax value of `board` for `max_side`, or `None` if `control` stopped the search.
    /// The caller has reported entering `board` to `obs`; this reports leaving it.
    fn value<O: SearchObserver + ?Sized>(
        board: &mut Board,
        max_side: Side,
        remaining: Option<u32>,
        nodes: &mut u64,
        control: &Control,
        obs: &mut O,
    ) -> Option<i32> {
        *nodes += 1;
        if control.poll(*nodes) {
            return None;
        }
        if let Some(v) = leaf_value(board, max_side, remaining) {
            obs.leave(Value::Score(v), leaf_kind(board));
            return Some(v);
        }
        let is_max = board.to_move() == max_side;
        let mut best = if is_max { -1000 } else { 1000 };
        let moves: Vec<Cell> = board.moves().collect();
        for cell in moves {
            board.play(cell);
            obs.enter(Some(cell), None);
            let v = Self::value(
                board,
                max_side,
                remaining.map(|r| r - 1),
                nodes,
                control,
                obs,
            );
            board.unmake(cell);
            let v = v?;
            best = if is_max { best.max(v) } else { best.min(v) };
        }
        obs.leave(Value::Score(best), NodeKind::Inner);
        Some(best)
    }

    fn choose_with_observer<O: SearchObserver + ?Sized>(
        &self,
        board: &Board,
        control: &Control,
        obs: &mut O,
    ) -> Result<Choice, PlayerError> {
        let me = board.to_move();
        choose_with(
            board,
            control.depth(),
            control,
            self.name(),
            obs,
            |b, remaining, nodes, obs| Self::value(b, me, remaining, nodes, control, obs),
        )
    }
}

impl Player for Minimax {
    fn name(&self) -> &'static str {
        "minimax"
    }

    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        self.choose_with_observer(board, control, &mut Silent)
    }

    fn choose_observed(
        &mut self,
        board: &Board,
        control: &Control,
        observer: &mut dyn SearchObserver,
    ) -> Option<Result<Choice, PlayerError>> {
        Some(self.choose_with_observer(board, control, observer))
    }
}

/// Seed 004's minimax without recursion: an explicit stack of frames.
#[derive(Debug, Clone, Default)]
pub struct MinimaxIterative;

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
    /// The player; a depth in the search's [`Control`] limits it.
    #[must_use]
    pub fn new() -> Self {
        MinimaxIterative
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

    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        let me = board.to_move();
        // The explicit stack reports no nodes: `minimax` records the same tree.
        choose_with(
            board,
            control.depth(),
            control,
            self.name(),
            &mut Silent,
            |b, remaining, nodes, _| Self::value(b, me, remaining, nodes, control),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    fn depth(depth: Option<u32>) -> Control {
        Control::start(&crate::search::Limits {
            depth,
            ..crate::search::Limits::NONE
        })
    }

    fn choose(player: &mut dyn Player, v: Variant, moves: &[u16], control: &Control) -> Choice {
        let cells: Vec<Cell> = moves.iter().map(|&i| Cell(i)).collect();
        player
            .choose(&Board::from_moves(v, &cells).unwrap(), control)
            .unwrap()
    }

    #[test]
    fn the_whole_tic_tac_toe_tree_and_the_seed_decision() {
        let c = choose(&mut Minimax, Variant::tic_tac_toe(), &[], &depth(None));
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
        for &(v, d) in cases {
            let control = depth(d);
            let (mut rec, mut it) = (Minimax::new(), MinimaxIterative::new());
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
                    let a = choose(&mut rec, v, &moves, &control);
                    let b = choose(&mut it, v, &moves, &control);
                    assert_eq!(
                        (a.cell, a.value, a.nodes),
                        (b.cell, b.value, b.nodes),
                        "{v} {d:?} {moves:?}"
                    );
                    moves.push(m);
                }
            }
        }
    }

    #[test]
    fn too_large_trees_ask_for_a_depth() {
        let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let err = Minimax::new()
            .choose(&Board::new(v), &Control::unlimited())
            .unwrap_err();
        assert!(
            matches!(err, PlayerError::TooLarge(ref m) if m.contains("depth=3")),
            "{err}"
        );
        assert_eq!(tree_bound(9, None), 986_410);
        assert_eq!(tree_bound(64, Some(3)), 1 + 64 + 64 * 63 + 64 * 63 * 62);
        // 12 empty cells fit (12! paths), 13 do not.
        assert_eq!(largest_tree(None), 12);
    }

    #[test]
    fn node_limits_stop_the_search_with_an_error() {
        let control = Control::start(&crate::search::Limits {
            nodes: Some(1000),
            ..crate::search::Limits::NONE
        });
        for player in [
            &mut Minimax::new() as &mut dyn Player,
            &mut MinimaxIterative::new(),
        ] {
            let err = player
                .choose(&Board::new(Variant::tic_tac_toe()), &control)
                .unwrap_err();
            assert!(matches!(err, PlayerError::Stopped { .. }), "{err}");
        }
    }
}
