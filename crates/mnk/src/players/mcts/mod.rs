//! `mcts`: Monte Carlo tree search with UCT (Kocsis and Szepesvári, 2006), the algorithm
//! learners meet after alpha-beta. It needs no evaluation: it plays random games.
//!
//! Each *playout* (one iteration) does four things:
//! 1. **Selection**: from the root, while every legal move of a node already has a child,
//!    go to the child with the highest UCB1 value `w/n + c * sqrt(ln N / n)`, where `n` is the
//!    child's visits, `w` the points the side that moved into it scored there, `N` the node's
//!    visits and `c` the exploration constant (`exploration=`, default sqrt 2).
//! 2. **Expansion**: at the first node with a legal move not yet tried, add the child of one
//!    such move, chosen at random.
//! 3. **Simulation**: from that child, play uniformly random legal moves to the end of the
//!    game (under renju, never a move forbidden to X).
//! 4. **Backup**: every node on the path gains a visit and, for the side that moved into it,
//!    1 point for a win and 1/2 for a draw (kept as whole half-points, so sums are exact).
//!
//! The move played is the root move with the highest win rate, ties to the more visited, then
//! the first in row-major order: UCB1 spends its playouts on the moves that win most, so with
//! enough playouts this is also the most visited move (the textbook's "robust child"), and the
//! move played is always the best of the values it shows. Its value is its win rate
//! ([`Value::WinRate`]); every root move that was tried comes with its win rate and its visits
//! ([`MoveValue::visits`]): the player's own analysis, as a heat map shows it. The line it
//! expects is the move played, then the most visited child of each node.
//!
//! Limits: `playouts=N` (default [`tunables::DEFAULT_PLAYOUTS`]); the node budget counts
//! playouts too, and the time, a game clock's target and the stop signal end the search
//! sooner (it always has a move once one playout is done). Randomness is seeded (`seed=`,
//! mixed with the position's hash): the same settings play the same move in the same position
//! whenever the playouts, not the clock, end the search. The tree is built afresh for each
//! move, one node per playout.

pub mod tunables;

use super::PlayerOptions;
use crate::engine::tune::SplitMix;
use crate::game::{Board, Cell, Side};
use crate::search::{
    Choice, Control, MoveValue, Player, PlayerError, Report, Value, sort_best_first,
};

/// A node with no child, or the end of a list of siblings.
const NONE: u32 = u32::MAX;
/// A node whose legal moves are not counted yet.
const UNCOUNTED: u16 = u16::MAX;

/// One position of the tree, reached by `cell`.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// The move from the parent (unused at the root).
    cell: Cell,
    /// The most recently added child, then its older siblings through `next`.
    first_child: u32,
    /// The next older sibling.
    next: u32,
    /// Children added so far.
    children: u16,
    /// Legal moves here ([`UNCOUNTED`] until the node is first expanded).
    legal: u16,
    /// Playouts through this node.
    visits: u32,
    /// Half-points the side that moved into this node scored in them (win 2, draw 1).
    half_points: u32,
}

impl Node {
    const fn new(cell: Cell) -> Self {
        Node {
            cell,
            first_child: NONE,
            next: NONE,
            children: 0,
            legal: UNCOUNTED,
            visits: 0,
            half_points: 0,
        }
    }

    /// The share of playouts won by the side that moved here, a draw counting half.
    fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            f64::from(self.half_points) / (2.0 * f64::from(self.visits))
        }
    }
}

/// The Monte Carlo tree search player.
#[derive(Debug, Clone)]
pub struct Mcts {
    exploration: f64,
    seed: u64,
    playouts: u64,
}

impl Default for Mcts {
    fn default() -> Self {
        Mcts::new(PlayerOptions::default())
    }
}

/// One search: the tree, the random numbers, and scratch space.
struct Search {
    nodes: Vec<Node>,
    rng: SplitMix,
    exploration: f64,
    /// Cells taken by a node's children, while one is chosen to expand.
    taken: Vec<bool>,
    /// The moves played from the root in this playout, to take back.
    played: Vec<Cell>,
    /// The nodes on this playout's path, root first.
    path: Vec<u32>,
    /// Empty cells, for the simulation.
    empty: Vec<Cell>,
}

impl Search {
    /// A random index below `n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.rng.next_u64()) * n as u128) >> 64) as usize
    }

    /// The children of `node`, most recent first.
    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        std::iter::successors(
            Some(self.nodes[node as usize].first_child).filter(|&c| c != NONE),
            |&c| Some(self.nodes[c as usize].next).filter(|&n| n != NONE),
        )
    }

    /// The child of `node` with the highest UCB1 value, for the side to move at `node`; the
    /// most recently added among equals. Every child has been visited.
    fn select(&self, node: u32) -> u32 {
        let log_n = f64::from(self.nodes[node as usize].visits).ln();
        let mut best = (NONE, f64::NEG_INFINITY);
        for child in self.children(node) {
            let c = &self.nodes[child as usize];
            let n = f64::from(c.visits);
            let ucb = c.win_rate() + self.exploration * (log_n / n).sqrt();
            if ucb > best.1 {
                best = (child, ucb);
            }
        }
        best.0
    }

    /// Adds to `node` the child of a random legal move it has no child for yet.
    fn expand(&mut self, node: u32, board: &Board) -> u32 {
        for child in self.children(node).collect::<Vec<_>>() {
            self.taken[self.nodes[child as usize].cell.index()] = true;
        }
        let untried: Vec<Cell> = board.moves().filter(|c| !self.taken[c.index()]).collect();
        self.taken.fill(false);
        let cell = untried[self.below(untried.len())];
        let index = u32::try_from(self.nodes.len()).expect("at most MAX_PLAYOUTS nodes");
        let parent = &mut self.nodes[node as usize];
        let next = parent.first_child;
        parent.first_child = index;
        parent.children += 1;
        self.nodes.push(Node {
            next,
            ..Node::new(cell)
        });
        index
    }

    /// Plays uniformly random legal moves on `board` to the end of the game (recording them
    /// in `played`) and returns the winner, `None` for a draw.
    fn simulate(&mut self, board: &mut Board) -> Option<Side> {
        self.empty.clear();
        self.empty
            .extend(board.size().all_cells().filter(|&c| board.is_empty(c)));
        while !board.is_over() {
            // Cells forbidden to the side to move are set aside at the end of the list for
            // this move only; the board ends a game in which X has only such cells.
            let mut open = self.empty.len();
            loop {
                let i = self.below(open);
                let cell = self.empty[i];
                if board.forbidden(cell).is_none() {
                    board.play(cell);
                    self.played.push(cell);
                    self.empty.swap_remove(i);
                    break;
                }
                open -= 1;
                self.empty.swap(i, open);
            }
        }
        board.status().winner()
    }

    /// One playout from the root position `board` (left as it was found).
    fn playout(&mut self, board: &mut Board) {
        self.path.clear();
        self.played.clear();
        let mut node = 0;
        self.path.push(node);
        while !board.is_over() {
            let n = self.nodes[node as usize];
            let legal = if n.legal == UNCOUNTED {
                let legal = u16::try_from(board.moves().count()).expect("boards have few cells");
                self.nodes[node as usize].legal = legal;
                legal
            } else {
                n.legal
            };
            let (child, expanded) = if n.children < legal {
                (self.expand(node, board), true)
            } else {
                (self.select(node), false)
            };
            let cell = self.nodes[child as usize].cell;
            board.play(cell);
            self.played.push(cell);
            self.path.push(child);
            node = child;
            if expanded {
                break;
            }
        }
        let winner = self.simulate(board);
        // The side that moved into the node at depth d: the root's mover for odd d.
        let root_mover = if self.played.len().is_multiple_of(2) {
            board.to_move()
        } else {
            board.to_move().other()
        };
        for (depth, &index) in self.path.iter().enumerate() {
            let mover = if !depth.is_multiple_of(2) {
                root_mover
            } else {
                root_mover.other()
            };
            let node = &mut self.nodes[index as usize];
            node.visits += 1;
            node.half_points += match winner {
                Some(side) if side == mover => 2,
                Some(_) => 0,
                None => 1,
            };
        }
        while let Some(cell) = self.played.pop() {
            board.unmake(cell);
        }
    }

    /// The most visited child of `node` (the line below the move played): ties to the higher
    /// win rate, then the first cell in row-major order. `None` when no child has been visited.
    fn robust_child(&self, node: u32) -> Option<u32> {
        self.children(node)
            .filter(|&c| self.nodes[c as usize].visits > 0)
            .max_by(|&a, &b| {
                let (a, b) = (&self.nodes[a as usize], &self.nodes[b as usize]);
                a.visits
                    .cmp(&b.visits)
                    .then(a.half_points.cmp(&b.half_points))
                    .then(b.cell.cmp(&a.cell))
            })
    }

    /// The root's move with the highest win rate (compared exactly), ties to the more visited,
    /// then the first in row-major order. `None` when no move has been visited.
    fn best_rated(&self) -> Option<u32> {
        self.children(0)
            .filter(|&c| self.nodes[c as usize].visits > 0)
            .max_by(|&a, &b| {
                let (a, b) = (&self.nodes[a as usize], &self.nodes[b as usize]);
                let rate = |n: &Node, m: &Node| u64::from(n.half_points) * u64::from(m.visits);
                rate(a, b)
                    .cmp(&rate(b, a))
                    .then(a.visits.cmp(&b.visits))
                    .then(b.cell.cmp(&a.cell))
            })
    }

    /// The line from the move played, then the most visited child of each node.
    fn line(&self) -> Vec<Cell> {
        std::iter::successors(self.best_rated(), |&c| self.robust_child(c))
            .map(|c| self.nodes[c as usize].cell)
            .collect()
    }

    /// What the search found so far, for a watcher.
    fn report(&self, playouts: u64) -> Report {
        let best = self.best_rated();
        Report {
            depth: None,
            value: best.map(|c| Value::WinRate(self.nodes[c as usize].win_rate())),
            pv: self.line(),
            nodes: playouts,
            lines: Vec::new(),
        }
    }
}

impl Mcts {
    /// The player with the settings of `options` that apply to it (`playouts`,
    /// `exploration`, `seed`); defaults from [`tunables`].
    #[must_use]
    pub fn new(options: PlayerOptions) -> Self {
        Mcts {
            exploration: options
                .exploration
                .unwrap_or(tunables::DEFAULT_EXPLORATION)
                .get(),
            seed: options.seed.unwrap_or(tunables::DEFAULT_SEED),
            playouts: options
                .playouts
                .unwrap_or(tunables::DEFAULT_PLAYOUTS)
                .min(super::MAX_PLAYOUTS),
        }
    }

    /// Searches `board` within `control`: the tree, and the number of playouts made.
    fn search(&self, board: &Board, control: &Control) -> Result<(Search, u64), PlayerError> {
        if board.is_over() {
            return Err(PlayerError::GameOver);
        }
        let budget = self.playouts.min(control.node_limit().unwrap_or(u64::MAX));
        let mut search = Search {
            nodes: Vec::with_capacity(usize::try_from(budget.min(1 << 20)).unwrap_or(1 << 20) + 1),
            rng: SplitMix(self.seed ^ board.hash()),
            exploration: self.exploration,
            taken: vec![false; board.size().cells()],
            played: Vec::new(),
            path: Vec::new(),
            empty: Vec::new(),
        };
        search.nodes.push(Node::new(Cell(0)));
        let mut board = board.clone();
        let mut playouts = 0;
        while playouts < budget {
            let check = playouts.is_multiple_of(Control::CHECK_EVERY) && playouts > 0;
            if control.poll(playouts) || (check && control.past_share(100)) {
                break;
            }
            search.playout(&mut board);
            playouts += 1;
            if playouts.is_multiple_of(tunables::PROGRESS_EVERY) {
                control.report(|| search.report(playouts));
            }
        }
        if playouts == 0 {
            return Err(PlayerError::Stopped {
                player: "mcts",
                nodes: 0,
                hint: "; give it playouts, nodes or time".to_string(),
            });
        }
        control.report(|| search.report(playouts));
        Ok((search, playouts))
    }
}

impl Player for Mcts {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        let (search, playouts) = self.search(board, control)?;
        let best = search
            .best_rated()
            .expect("a search with a playout has visited a root move");
        let best = search.nodes[best as usize];
        let mut candidates: Vec<MoveValue> = search
            .children(0)
            .map(|c| search.nodes[c as usize])
            .filter(|n| n.visits > 0)
            .map(|n| MoveValue {
                visits: Some(u64::from(n.visits)),
                ..MoveValue::exact(n.cell, Value::WinRate(n.win_rate()))
            })
            .collect();
        candidates.sort_by_key(|m| m.cell);
        sort_best_first(&mut candidates, Some(best.cell));
        Ok(Choice {
            value: Some(Value::WinRate(best.win_rate())),
            pv: search.line(),
            candidates,
            ..Choice::new(best.cell, playouts)
        })
    }
}

#[cfg(test)]
mod tests;
