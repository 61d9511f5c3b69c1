//! The frontier of a split: the positions between the root and `depth` plies below it, up to
//! symmetry, built level by level.

use super::files::Job;
use super::plan::Split;
use crate::game::{Board, Cell, Side, SymmetryTable};
use std::collections::HashMap;
use thiserror::Error;

/// The most jobs a frontier may have (a split deeper than this is of no use to a scheduler:
/// more files than jobs anyone runs).
pub const MAX_JOBS: usize = 1_000_000;

/// Why a position could not be split.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SplitError {
    /// Positions are kept as 64-bit masks, as the solver keeps them.
    #[error("a split proof handles boards of at most 64 cells; this one has {cells}")]
    TooManyCells {
        /// Cells on the board.
        cells: usize,
    },
    /// A move of the root cannot be played.
    #[error("move {index} of the root: {why}")]
    Root {
        /// The move, from 1.
        index: usize,
        /// Why it cannot be played.
        why: String,
    },
    /// The root is a finished game.
    #[error("the root is a finished game: there is nothing to prove")]
    GameOver,
    /// The frontier would have more than [`MAX_JOBS`] positions.
    #[error(
        "the frontier {depth} plies below the root has more than {MAX_JOBS} positions; \
         split less deep"
    )]
    TooManyJobs {
        /// The depth asked for.
        depth: u32,
    },
}

/// A position of the frontier's tree, as first met (its *representative*; positions equal to
/// it up to symmetry, or reached by another order of moves, are this one).
#[derive(Debug, Clone)]
pub(super) struct Node {
    /// The moves from the empty board.
    pub(super) moves: Vec<Cell>,
    /// X's stones.
    pub(super) x: u64,
    /// O's stones.
    pub(super) o: u64,
    /// The side to move.
    pub(super) to_move: Side,
    /// What lies below it.
    pub(super) kind: Kind,
}

/// What a node of the frontier's tree is.
#[derive(Debug, Clone)]
pub(super) enum Kind {
    /// Above the frontier: its moves, in the board's order (cells of the representative), and
    /// where each leads.
    Inner(Vec<(Cell, Next)>),
    /// Decided without a search: the side to move wins with this cell (`Some`), or loses
    /// (`None`: the other side has two winning cells and the side to move none).
    Decided(Option<Cell>),
    /// On the frontier: the job with this index (from 0).
    Job(usize),
}

/// Where a move leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Next {
    /// A position of the tree.
    Node(usize),
    /// The end of the game: the winner, or `None` for a draw.
    Over(Option<Side>),
}

/// Counts of a frontier, for a report.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FrontierStats {
    /// Positions in the tree above the frontier (the root included), up to symmetry.
    pub inner: usize,
    /// Positions decided without a search (a win at once, or two winning cells of the other
    /// side), on the frontier or above it.
    pub decided: usize,
    /// Moves that end the game (a win or a full board) above the frontier.
    pub finished: usize,
    /// Jobs: the undecided positions on the frontier.
    pub jobs: usize,
}

/// The frontier of a split and the tree above it.
#[derive(Debug, Clone)]
pub struct Frontier {
    pub(super) split: Split,
    pub(super) frames: SymmetryTable,
    /// The tree, level by level: every child comes after its parents; the root is node 0.
    pub(super) nodes: Vec<Node>,
    /// The node of each job.
    pub(super) jobs: Vec<usize>,
}

impl Frontier {
    /// Builds the frontier of `split`: every position `split.depth` plies below the root up to
    /// symmetry, the decided ones left out. Depth 0 makes the root itself the one job.
    ///
    /// # Errors
    /// [`SplitError`]: a board above 64 cells, a root that cannot be played or is over, or a
    /// frontier of more than [`MAX_JOBS`] positions.
    pub fn new(split: Split) -> Result<Frontier, SplitError> {
        let variant = split.variant;
        let cells = variant.size().cells();
        let board = Board::from_moves(variant, &split.root).map_err(|(i, e)| SplitError::Root {
            index: i + 1,
            why: e.to_string(),
        })?;
        if board.is_over() {
            return Err(SplitError::GameOver);
        }
        let (x, o) = board.masks().ok_or(SplitError::TooManyCells { cells })?;
        let frames = SymmetryTable::new(variant.size());
        let mut nodes = vec![Node {
            moves: split.root.clone(),
            x,
            o,
            to_move: board.to_move(),
            kind: Kind::Job(0),
        }];
        let mut jobs = Vec::new();
        let mut level = vec![(0usize, board)];
        for depth in 0..=split.depth {
            let mut next_level = Vec::new();
            let mut seen: HashMap<u128, usize> = HashMap::new();
            for (index, board) in level {
                if let Some(decided) = decided(&board) {
                    nodes[index].kind = Kind::Decided(decided);
                    continue;
                }
                if depth == split.depth {
                    if jobs.len() == MAX_JOBS {
                        return Err(SplitError::TooManyJobs { depth: split.depth });
                    }
                    nodes[index].kind = Kind::Job(jobs.len());
                    jobs.push(index);
                    continue;
                }
                let mut children = Vec::new();
                for cell in board.moves() {
                    let mut after = board.clone();
                    after.play(cell);
                    if after.is_over() {
                        children.push((cell, Next::Over(after.status().winner())));
                        continue;
                    }
                    let (x, o) = after.masks().ok_or(SplitError::TooManyCells { cells })?;
                    let key = frames.canonical_masks(x, o);
                    let child = *seen.entry(key).or_insert_with(|| {
                        let mut moves = nodes[index].moves.clone();
                        moves.push(cell);
                        nodes.push(Node {
                            moves,
                            x,
                            o,
                            to_move: after.to_move(),
                            kind: Kind::Job(0),
                        });
                        next_level.push((nodes.len() - 1, after));
                        nodes.len() - 1
                    });
                    children.push((cell, Next::Node(child)));
                }
                if next_level.len() > MAX_JOBS {
                    return Err(SplitError::TooManyJobs { depth: split.depth });
                }
                nodes[index].kind = Kind::Inner(children);
            }
            level = next_level;
        }
        Ok(Frontier {
            split,
            frames,
            nodes,
            jobs,
        })
    }

    /// The split.
    #[must_use]
    pub fn split(&self) -> &Split {
        &self.split
    }

    /// The number of jobs.
    #[must_use]
    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    /// Whether there is no job (the root, or every position of the frontier, is decided).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }

    /// The job with index `index` (from 0; its number is `index + 1`).
    ///
    /// # Panics
    /// When `index` is not below [`Frontier::len`].
    #[must_use]
    pub fn job(&self, index: usize) -> Job {
        Job {
            split: self.split.clone(),
            number: index + 1,
            count: self.jobs.len(),
            moves: self.nodes[self.jobs[index]].moves.clone(),
        }
    }

    /// Every job, in order.
    pub fn jobs(&self) -> impl Iterator<Item = Job> + '_ {
        (0..self.jobs.len()).map(|i| self.job(i))
    }

    /// Why `job` (read from a job or result file) is not this frontier's job of its number,
    /// or `None` when it is.
    #[must_use]
    pub fn mismatch(&self, job: &Job) -> Option<String> {
        let split = &self.split;
        if job.split.variant != split.variant {
            return Some(format!(
                "a job of {} {}, not of {} {}",
                job.split.variant,
                job.split.variant.rule(),
                split.variant,
                split.variant.rule()
            ));
        }
        if job.split.root != split.root || job.split.depth != split.depth {
            return Some("a job of another split (its root or depth differs)".into());
        }
        if job.count != self.len() {
            return Some(format!(
                "a job of a split into {} jobs; this split has {}",
                job.count,
                self.len()
            ));
        }
        if job.number == 0 || job.number > self.len() {
            return Some(format!(
                "job number {} is not one of 1 to {}",
                job.number,
                self.len()
            ));
        }
        let ours = &self.nodes[self.jobs[job.number - 1]].moves;
        if &job.moves != ours {
            return Some(format!(
                "its position is not this split's job {} (written by another version of mnk?)",
                job.number
            ));
        }
        None
    }

    /// Counts, for a report.
    #[must_use]
    pub fn stats(&self) -> FrontierStats {
        let mut stats = FrontierStats {
            jobs: self.jobs.len(),
            ..FrontierStats::default()
        };
        for node in &self.nodes {
            match &node.kind {
                Kind::Inner(children) => {
                    stats.inner += 1;
                    stats.finished += children
                        .iter()
                        .filter(|(_, n)| matches!(n, Next::Over(_)))
                        .count();
                }
                Kind::Decided(_) => stats.decided += 1,
                Kind::Job(_) => {}
            }
        }
        stats
    }
}

/// A position decided without a search: `Some(Some(cell))` when the side to move wins with
/// `cell`, `Some(None)` when it cannot win at once and the other side has two winning cells
/// (one stone blocks one of them), `None` otherwise.
fn decided(board: &Board) -> Option<Option<Cell>> {
    if let Some(cell) = board.moves().find(|&c| board.wins_now(c)) {
        return Some(Some(cell));
    }
    let other = board.to_move().other();
    let threats = board
        .size()
        .all_cells()
        .filter(|&c| board.is_empty(c) && board.win_through(c, other).is_some())
        .take(2)
        .count();
    (threats == 2).then_some(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};
    use crate::notation::parse_moves;

    fn split(size: Size, k: u32, root: &str, depth: u32) -> Split {
        let variant = Variant::new(size, k, Rule::Freestyle).unwrap();
        Split {
            variant,
            root: parse_moves(root, size).unwrap_or_default(),
            depth,
        }
    }

    /// The jobs of small frontiers are the positions up to symmetry, counted by hand: on 3x3
    /// three first moves (corner, edge, centre), and twelve positions of two stones.
    #[test]
    fn the_frontier_holds_each_position_once_up_to_symmetry() {
        let f = Frontier::new(split(Size::square(3), 3, "", 1)).unwrap();
        assert_eq!(f.len(), 3);
        let f = Frontier::new(split(Size::square(3), 3, "", 2)).unwrap();
        assert_eq!(f.len(), 12);
        // A rectangle has four symmetries: 6x5 has 9 first moves up to them.
        let f = Frontier::new(split(Size::new(6, 5), 4, "", 1)).unwrap();
        assert_eq!(f.len(), 9);
        // Depth 0: the root is the job.
        let f = Frontier::new(split(Size::square(4), 4, "b2", 0)).unwrap();
        assert_eq!(f.len(), 1);
        assert_eq!(f.job(0).moves, parse_moves("b2", Size::square(4)).unwrap());
        // Transpositions are one position: 3x3 at depth 3 has 38 positions of two X stones
        // and one O stone up to symmetry.
        let f = Frontier::new(split(Size::square(3), 3, "", 3)).unwrap();
        assert_eq!(f.len(), 38);
    }

    #[test]
    fn decided_positions_are_left_out() {
        // X to move with two in a row and the third free: X wins at once, no job.
        let f = Frontier::new(split(Size::square(3), 3, "a1 c3 b1 c2", 0)).unwrap();
        assert!(f.is_empty());
        assert_eq!(f.stats().decided, 1);
        // O to move, X threatens a1-c1 at c1 and a1-a3 at a3: O loses, no job.
        let f = Frontier::new(split(Size::square(3), 3, "a1 b2 b1 c3 a2", 0)).unwrap();
        assert!(f.is_empty());
        // The root over, or a move that cannot be played: refused.
        assert_eq!(
            Frontier::new(split(Size::square(3), 3, "a1 b2 b1 c3 c1", 1)).unwrap_err(),
            SplitError::GameOver
        );
        let mut bad = split(Size::square(3), 3, "a1", 1);
        bad.root.push(bad.root[0]);
        assert!(matches!(
            Frontier::new(bad).unwrap_err(),
            SplitError::Root { index: 2, .. }
        ));
    }

    #[test]
    fn jobs_are_checked_against_the_frontier() {
        let f = Frontier::new(split(Size::new(6, 5), 4, "", 2)).unwrap();
        let job = f.job(4);
        assert_eq!(job.number, 5);
        assert_eq!(f.mismatch(&job), None);
        let mut other = job.clone();
        other.moves.swap(0, 1);
        assert!(
            f.mismatch(&other)
                .unwrap()
                .contains("not this split's job 5")
        );
        let mut other = job.clone();
        other.split.depth = 3;
        assert!(f.mismatch(&other).unwrap().contains("another split"));
        let mut other = job.clone();
        other.split.variant = Variant::new(Size::new(6, 5), 5, Rule::Freestyle).unwrap();
        assert!(f.mismatch(&other).unwrap().contains("6x5 k=5"));
        let mut other = job;
        other.number = f.len() + 1;
        assert!(f.mismatch(&other).is_some());
    }
}
