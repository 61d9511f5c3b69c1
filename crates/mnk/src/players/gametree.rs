//! `gametree` (seed 003, first program): the whole game tree, each node scored by the
//! probability of each side winning. A finished game scores (1, 0) for a win of the player
//! ("x" in the seed), (0, 1) for a loss and (0.5, 0.5) for a draw; any other node adds up its
//! children's scores and divides by their total, i.e. takes their average. The player moves to
//! the child with the highest probability of winning, the first one in row-major order on ties
//! (Python's `max`). The arithmetic is done in the seed's order so ties break identically.
//!
//! The seed builds the tree node by node and gives up beyond tic-tac-toe ("the computer cannot
//! store it"). The probability of a node depends only on its position, so mnk computes each
//! position once (the tree's transpositions merged): the same numbers, from 5,478 positions
//! instead of 549,946 tree nodes on 3x3, and 4x4 becomes possible. Boards whose positions
//! could not fit ([`POSITION_LIMIT`]) are refused with a message.

use super::minimax::tree_bound;
use crate::count::widest_level_bound;
use crate::game::{Board, Cell, Side, Status};
use crate::search::{
    Choice, Control, MoveValue, NodeKind, Player, PlayerError, SearchObserver, Silent, Value,
};
use rustc_hash::FxHashMap;

/// The largest upper bound on reachable positions the player accepts. 4x4 fits once a stone
/// is down (at most 3.5 million positions, a few hundred megabytes); the empty 4x4 board
/// (9.7 million positions, a gigabyte of memo) does not.
pub const POSITION_LIMIT: u128 = 4_000_000;
/// The most empty cells of a position the player takes (on boards of up to 64 cells): 4x4
/// once a stone is down; the empty 4x4 board has one too many.
pub const LARGEST_EMPTY: usize = 15;
/// Above 64 cells positions are not memoised; the tree itself must then be this small.
pub const TREE_LIMIT: u128 = 5_000_000;

/// Probability of (the player, the opponent) winning, and the size of the tree below.
#[derive(Debug, Clone, Copy)]
struct Node {
    player: f64,
    opponent: f64,
    tree: u64,
}

/// The game-tree player of seed 003.
#[derive(Debug, Clone, Default)]
pub struct GameTree;

struct Search<'a> {
    player: Side,
    memo: Option<FxHashMap<(u64, u64), Node>>,
    positions: u64,
    control: &'a Control,
}

impl Search<'_> {
    /// The scores of `board`, computed once per position. The caller has reported entering
    /// `board` to `obs`; this reports leaving it.
    fn node<O: SearchObserver + ?Sized>(&mut self, board: &mut Board, obs: &mut O) -> Option<Node> {
        let key = board.masks();
        if let (Some(memo), Some(key)) = (&self.memo, key)
            && let Some(&node) = memo.get(&key)
        {
            obs.leave(Value::Probability(node.player), NodeKind::Transposition);
            return Some(node);
        }
        self.positions += 1;
        if self.control.poll(self.positions) {
            return None;
        }
        let node = match board.status() {
            Status::Won { side, .. } if side == self.player => Node {
                player: 1.0,
                opponent: 0.0,
                tree: 1,
            },
            Status::Won { .. } => Node {
                player: 0.0,
                opponent: 1.0,
                tree: 1,
            },
            Status::Draw => Node {
                player: 0.5,
                opponent: 0.5,
                tree: 1,
            },
            Status::InProgress => {
                let (mut player, mut opponent, mut tree) = (0.0, 0.0, 1u64);
                let moves: Vec<Cell> = board.moves().collect();
                for cell in moves {
                    board.play(cell);
                    obs.enter(Some(cell), None);
                    let child = self.node(board, obs);
                    board.unmake(cell);
                    let child = child?;
                    player += child.player;
                    opponent += child.opponent;
                    tree = tree.saturating_add(child.tree);
                }
                let total = player + opponent;
                Node {
                    player: player / total,
                    opponent: opponent / total,
                    tree,
                }
            }
        };
        if let (Some(memo), Some(key)) = (&mut self.memo, key) {
            memo.insert(key, node);
        }
        let kind = if board.is_over() {
            NodeKind::Terminal
        } else {
            NodeKind::Inner
        };
        obs.leave(Value::Probability(node.player), kind);
        Some(node)
    }
}

impl GameTree {
    /// The player (it takes no settings but node and time limits).
    #[must_use]
    pub fn new() -> Self {
        GameTree
    }

    /// Refuses boards whose tree would not fit, saying why.
    ///
    /// # Errors
    /// [`PlayerError::TooLarge`] with the estimate and what to use instead.
    pub fn check_size(board: &Board) -> Result<(), PlayerError> {
        let (bound, limit, what) = if board.masks().is_some() {
            (widest_level_bound_total(board), POSITION_LIMIT, "positions")
        } else {
            (
                tree_bound(board.empty_cells(), None),
                TREE_LIMIT,
                "tree nodes",
            )
        };
        if bound <= limit {
            return Ok(());
        }
        Err(PlayerError::TooLarge(format!(
            "the game tree from here could hold up to {b:.2e} {what}, more than gametree can store \
             (up to {l:.1e}); it suits 3x3, 4x3, and 4x4 once a stone is down, or positions with few empty cells. \
             Try perfect, alphabeta or gomoku-pruned",
            b = bound as f64,
            l = limit as f64
        )))
    }
}

/// Upper bound on the positions reachable from `board` (all plies together).
fn widest_level_bound_total(board: &Board) -> u128 {
    // Sum over plies of C(e, j) * C(j, ceil(j/2)); the widest ply bounds each term, and there
    // are e + 1 plies, but the exact sum is cheap enough to compute directly.
    let e = board.empty_cells() as u128;
    let binomial = |n: u128, k: u128| -> u128 {
        let k = k.min(n - k);
        (0..k).fold(1u128, |acc, i| acc.saturating_mul(n - i) / (i + 1))
    };
    let total = (0..=e).fold(0u128, |s, j| {
        s.saturating_add(binomial(e, j).saturating_mul(binomial(j, j.div_ceil(2))))
    });
    total.max(widest_level_bound(board))
}

impl Player for GameTree {
    fn name(&self) -> &'static str {
        "gametree"
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
}

impl GameTree {
    /// The root: every child scored, the first with the highest probability of winning.
    fn choose_with<O: SearchObserver + ?Sized>(
        &self,
        board: &Board,
        control: &Control,
        obs: &mut O,
    ) -> Result<Choice, PlayerError> {
        if board.is_over() {
            return Err(PlayerError::GameOver);
        }
        Self::check_size(board)?;
        let mut search = Search {
            player: board.to_move(),
            memo: board.masks().map(|_| FxHashMap::default()),
            positions: 0,
            control,
        };
        let mut board = board.clone();
        let mut best: Option<(Cell, f64)> = None;
        let mut candidates = Vec::new();
        let mut tree: u64 = 1;
        obs.enter(None, None);
        let moves: Vec<Cell> = board.moves().collect();
        for cell in moves {
            board.play(cell);
            obs.enter(Some(cell), None);
            let child = search.node(&mut board, obs);
            board.unmake(cell);
            let child = child.ok_or(PlayerError::Stopped {
                player: "gametree",
                nodes: search.positions,
                hint: String::new(),
            })?;
            tree = tree.saturating_add(child.tree);
            candidates.push(MoveValue::exact(cell, Value::Probability(child.player)));
            if best.is_none_or(|(_, p)| child.player > p) {
                best = Some((cell, child.player));
            }
        }
        let (cell, p) = best.ok_or(PlayerError::GameOver)?;
        obs.leave(Value::Probability(p), NodeKind::Inner);
        crate::search::sort_best_first(&mut candidates, Some(cell));
        Ok(Choice {
            value: Some(Value::Probability(p)),
            candidates,
            tree_nodes: Some(u128::from(tree)),
            ..Choice::new(cell, search.positions + 1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    fn choose(v: Variant, moves: &[u16]) -> Choice {
        let cells: Vec<Cell> = moves.iter().map(|&i| Cell(i)).collect();
        GameTree::new()
            .choose(
                &Board::from_moves(v, &cells).unwrap(),
                &Control::unlimited(),
            )
            .unwrap()
    }

    #[test]
    fn seed_two_by_two_tree_has_41_nodes() {
        let v = Variant::new(Size::square(2), 2, Rule::Freestyle).unwrap();
        let c = choose(v, &[]);
        assert_eq!(c.tree_nodes, Some(41));
        // X wins on its second stone whatever happens.
        assert_eq!((c.cell, c.value), (Cell(0), Some(Value::Probability(1.0))));
    }

    #[test]
    fn tic_tac_toe_tree_and_the_seed_transcript() {
        let v = Variant::tic_tac_toe();
        let c = choose(v, &[]);
        assert_eq!(c.tree_nodes, Some(549_946));
        assert_eq!(c.nodes, 5478); // each position once
        // The seed's transcript: machine second; man (1,1), machine (0,0); man (0,2), machine (2,0).
        assert_eq!(choose(v, &[4]).cell, Cell(0));
        assert_eq!(choose(v, &[4, 0, 2]).cell, Cell(6));
    }

    #[test]
    fn big_boards_are_refused_with_advice() {
        let v = Variant::new(Size::square(5), 4, Rule::Freestyle).unwrap();
        let err = GameTree::new()
            .choose(&Board::new(v), &Control::unlimited())
            .unwrap_err();
        assert!(
            matches!(err, PlayerError::TooLarge(ref m) if m.contains("perfect")),
            "{err}"
        );
        let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        assert!(GameTree::check_size(&Board::new(v)).is_err());
    }
}
