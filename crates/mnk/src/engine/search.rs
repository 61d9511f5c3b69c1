//! The search: negamax alpha-beta with principal-variation search, iterative deepening, the
//! shared transposition table, threat-aware move generation, and lazy SMP over threads.
//!
//! # The negamax contract
//! [`Worker::negamax`]`(depth, alpha, beta, ply)` returns a score `v` for the side to move
//! (fail-soft): if `v <= alpha` the true value is at most `v`; if `v >= beta` it is at least
//! `v`; otherwise `v` is the value of the position searched to `depth`. Proven wins and losses
//! count plies from the root ([`super::score`]).
//!
//! # What a node does before searching moves
//! 1. The mover has a winning cell: a win on the next ply.
//! 2. The opponent has two winning cells: a loss two plies on. One: the block is forced, and
//!    is searched without using up depth (this is the four extension: a line of fours costs
//!    one ply per four).
//! 3. The mover has an open four to make: a win three plies on.
//! 4. The threats on the board prove a win ([`wins::static_win`]: a four-three or a double
//!    three the opponent cannot answer in time).
//! 5. At the horizon: the quiescence search (`Worker::quiesce`), which stands pat on the
//!    evaluation or plays fours; a small table of the worker's own keeps the attacker's nodes.
//!
//! # Selectivity
//! Depth counts sixteenths of a ply ([`PLY`]). Facing an open three only its defences and the
//! mover's fours are generated; at non-PV nodes the quiet ones among them (fours, defences
//! that do not block the open four itself) are pruned by move count, and those far from both
//! last moves (distractions) pruned near the horizon and reduced more elsewhere. Elsewhere, at
//! non-PV nodes: reverse futility pruning and razoring on the evaluation, and move-count
//! pruning of quiet moves;
//! at every node, late move reductions of quiet moves (a ply less at PV nodes, half a ply more
//! where the evaluation is not improving). A reduced move that beats alpha is searched again
//! to the full depth, a ply deeper when it beat alpha by far, a ply shallower when it only
//! just beat the best move so far (the re-search that Stockfish and Rapfi adjust so).
//!
//! Singular extensions: from 6 plies of depth (`SINGULAR_DEPTH`), where the table's move
//! failed high before (and its entry is deep enough), the node's other moves are first
//! searched to about half the depth against the table's score less a margin; if none reaches
//! it, the table's move is the only good one and is searched a ply deeper; if the others beat
//! beta even so, the node is cut (multi-cut). That search leaves the table's move out and
//! neither reads nor writes the table (the position's entry is the full node's).
//!
//! # Several lines (multi-PV)
//! Asked for `n` best lines ([`SearchLimits::lines`]), each iteration searches the root `n`
//! times, each time leaving out the moves of the lines already found: the best of what is left
//! is the next line ([`Worker::iterate`] says why this and not one search with a lowered
//! window). Each line is searched as the one line of a plain search is: its own aspiration
//! window, a full-window principal variation, an exact score. With one line the search is
//! the plain one, node for node.
//!
//! # Threads
//! With more than one thread, helpers search the same root on their own copies of the
//! position, sharing the transposition table (lazy SMP); the main thread's result is the
//! answer. With one thread and a depth or node limit the search is deterministic.

use super::eval::Combo;
use super::movegen::{MoveList, QUIET_BELOW};
use super::position::{Position, Threat};
use super::score::{self, INFINITY, MAX_PLY, is_decisive, loss_in, win_in};
use super::stats::SearchStats;
use super::tt::{Entry, TranspositionTable};
pub use super::tunables::PLY;
use super::tunables::{
    ASPIRATION, ASPIRATION_DEPTH, DISTRACT_DEPTH, DISTRACT_DISTANCE, DISTRACT_REDUCTION,
    FUTILITY_DEPTH, FUTILITY_MARGIN, HISTORY_BONUS_LINEAR, HISTORY_BONUS_SQUARE, HISTORY_DIVISOR,
    HISTORY_MAX, KILLER_BONUS, LMR_DEEPER, LMR_DEEPER_SLOPE, LMR_DEPTH, LMR_FACTOR, LMR_MAX,
    LMR_MOVES, LMR_NOT_IMPROVING_MORE, LMR_PV_LESS, MOVE_COUNT_BASE, MOVE_COUNT_EXPONENT,
    MOVE_COUNT_IMPROVING, MOVE_COUNT_SCALE, NEXT_ITERATION_SHARE, POLL_EVERY, QUIESCENCE_TABLE_MIB,
    QUIET_FOURS, RAZOR_DEPTH, RAZOR_MARGIN, SINGULAR_DEPTH, SINGULAR_DEPTH_SHARE,
    SINGULAR_ENTRY_LAG, SINGULAR_MARGIN,
};
use super::wins;
use crate::game::{Cell, Forced};
use crate::search::{Bound, Control, MoveValue, Outcome, Team};
use std::time::Duration;

/// The most depth one ply can use up: one, plus the largest late move reduction.
const MAX_PLY_COST: usize = 1 + (LMR_MAX / PLY) as usize;
/// Marks an evaluation not computed (a node facing an open three).
const NO_EVAL: i32 = i32::MIN;
/// No move (in `excluded`).
const NO_MOVE: u16 = u16::MAX;
/// What the quiescence's table key adds to the position's after one four of the attacker, and
/// after [`QUIET_FOURS`] of them or more (see [`fours_key`]).
const FOURS_KEYS: [u64; QUIET_FOURS as usize] = [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F];

/// What the table key of a quiescence node where the attacker has played `fours` fours adds to
/// the position's key: nothing at the horizon, else one key for each count that changes which
/// fours the search below tries.
fn fours_key(fours: u32) -> u64 {
    match fours.min(QUIET_FOURS) {
        0 => 0,
        n => FOURS_KEYS[n as usize - 1],
    }
}

/// What the search may spend, besides the time in the [`Control`], and what it looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchLimits {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Nodes over all threads.
    pub nodes: Option<u64>,
    /// Search threads.
    pub threads: usize,
    /// Best lines to find (multi-PV): 1 for a plain search, at most the root's moves.
    pub lines: usize,
    /// A root of one move (a forced one) is searched to this depth at most: deep enough for
    /// its value to be a searched one, no deeper, since the move is played whatever it says.
    /// `u32::MAX` for a root the caller narrowed to one move to learn its value.
    pub single_move_depth: u32,
    /// The first line (the move played) is chosen among this many root moves, the first as
    /// given to [`Worker::iterate`]: the moves worth a look, when the others were only added to
    /// give more lines (the empty board, whose move is the centre). `usize::MAX`: any.
    pub first_line_moves: usize,
}

/// One of the best lines of an iteration (multi-PV): a root move's score, the line of play
/// after it, and the depth it was searched to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootLine {
    /// The score of the line's move for the side to move (exact).
    pub score: i32,
    /// The line, starting with its move.
    pub pv: Vec<Cell>,
    /// The depth it was searched to, in plies.
    pub depth: u32,
}

/// One finished iteration (or the best part of an unfinished one).
#[derive(Debug, Clone, PartialEq)]
pub struct Iteration {
    /// The depth searched: of the iteration that finished, or of the unfinished one whose
    /// better move is played.
    pub depth: u32,
    /// The score of the best move for the side to move.
    pub score: i32,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Cell>,
    /// Nodes so far, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The best lines, best first ([`SearchLimits::lines`] of them, or fewer when the root
    /// has fewer moves); the first is `score` and `pv`. When the time ran out within an
    /// iteration, the lines it finished, then the others from the iteration before (each
    /// says its depth).
    pub lines: Vec<RootLine>,
}

/// State shared by the threads of one search.
pub struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a TranspositionTable,
    /// The threads' driver: their stop signal, node count and the caller's limits.
    pub team: &'a Team,
    /// Limits besides time.
    pub limits: SearchLimits,
}

/// The late move reduction of move number `i` at `depth` (both as in [`Worker::negamax`]),
/// before adjustments.
fn lmr(depth: i32, i: usize) -> i32 {
    static TABLE: std::sync::OnceLock<Vec<[i32; 64]>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..64)
            .map(|d| {
                std::array::from_fn(|m| {
                    if d == 0 || m == 0 {
                        0
                    } else {
                        let r = (d as f64).ln() * (m as f64).ln() * LMR_FACTOR;
                        ((r * f64::from(PLY)) as i32).min(LMR_MAX)
                    }
                })
            })
            .collect()
    });
    table[(depth / PLY).clamp(0, 63) as usize][i.min(63)]
}

/// How many moves a non-PV node searches before quiet ones are pruned (see
/// [`MOVE_COUNT_BASE`]).
fn move_count_limit(depth: i32, improving: bool) -> usize {
    /// Depths (in sixteenths) the table holds; deeper ones are computed.
    const DEPTHS: i32 = 64 * PLY;
    let limit = |depth: i32, improving: bool| {
        let d = f64::from(depth.max(0)) / f64::from(PLY);
        let n = MOVE_COUNT_BASE + MOVE_COUNT_SCALE * d.powf(MOVE_COUNT_EXPONENT);
        let n = if improving {
            n * MOVE_COUNT_IMPROVING
        } else {
            n
        };
        n as usize
    };
    static TABLE: std::sync::OnceLock<Vec<[usize; 2]>> = std::sync::OnceLock::new();
    if depth >= DEPTHS {
        return limit(depth, improving);
    }
    let table = TABLE.get_or_init(|| {
        (0..DEPTHS)
            .map(|d| [limit(d, false), limit(d, true)])
            .collect()
    });
    table[depth.max(0) as usize][usize::from(improving)]
}

/// Whether the main thread should start another iteration (see [`NEXT_ITERATION_SHARE`]).
fn start_another_iteration(control: &Control) -> bool {
    if control.out_of_time() {
        return false;
    }
    !control.saves_time() || !control.past_share(NEXT_ITERATION_SHARE)
}

/// What the root search learned of one root move.
#[derive(Clone, Copy, Debug)]
struct RootValue {
    cell: u16,
    score: i32,
    /// What the score says, by the window it was searched with.
    bound: Bound,
    /// The depth it was searched to, in plies counting the move itself: the iteration's, or
    /// less for a late quiet move whose reduced search did not beat alpha.
    depth: u32,
}

/// One search thread.
pub struct Worker<'a> {
    shared: &'a Shared<'a>,
    /// The position searched (the root after every move is taken back).
    pub pos: Position,
    main: bool,
    nodes: u64,
    flushed: u64,
    aborted: bool,
    /// History scores of moves that caused cut-offs, by side and cell.
    history: Vec<i32>,
    killers: Vec<[u16; 2]>,
    /// The move a node leaves out, by ply ([`NO_MOVE`] for none): the table's move, while the
    /// singular search asks what the others are worth.
    excluded: Vec<u16>,
    /// The static evaluation at each ply of the current line ([`NO_EVAL`] where none).
    evals: Vec<i32>,
    pv: Vec<Vec<u16>>,
    lists: Vec<MoveList>,
    /// The root's moves, best first after each iteration.
    root: Vec<usize>,
    /// The root moves the first line may take ([`SearchLimits::first_line_moves`]); empty: all.
    first_line: Vec<usize>,
    /// Best move, score and PV found in the current iteration so far.
    iteration_best: Option<(i32, Vec<u16>)>,
    /// The value of each root move searched in the current iteration.
    iteration_values: Vec<RootValue>,
    /// The values of the iteration the answer comes from.
    values: Vec<RootValue>,
    /// The quiescence search's own table (see [`Worker::quiesce`]).
    quiet_table: TranspositionTable,
    /// What this worker's search did ([`SearchStats`]).
    pub stats: SearchStats,
}

impl<'a> Worker<'a> {
    /// A worker searching `pos`; `main` is the thread whose answer counts.
    #[must_use]
    pub fn new(shared: &'a Shared<'a>, pos: Position, main: bool) -> Self {
        let cells = pos.padded_len();
        Worker {
            shared,
            pos,
            main,
            nodes: 0,
            flushed: 0,
            aborted: false,
            history: vec![0; 2 * cells],
            killers: vec![[u16::MAX; 2]; MAX_PLY + 2],
            excluded: vec![NO_MOVE; MAX_PLY + 2],
            evals: vec![NO_EVAL; MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            lists: vec![MoveList::default(); MAX_PLY + 2],
            root: Vec::new(),
            first_line: Vec::new(),
            iteration_best: None,
            iteration_values: Vec::new(),
            values: Vec::new(),
            quiet_table: TranspositionTable::new(QUIESCENCE_TABLE_MIB),
            stats: SearchStats::default(),
        }
    }

    /// Nodes this worker visited.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether a limit or the stop signal ended the search.
    #[must_use]
    pub const fn aborted(&self) -> bool {
        self.aborted
    }

    /// Counts a node and says whether to stop.
    fn poll(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let limits = &self.shared.limits;
        if limits.threads == 1 && limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
            return true;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) {
            let total = self.flush();
            if limits.nodes.is_some_and(|n| total >= n)
                || self.shared.team.control().should_stop(total)
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Adds this worker's new nodes to the team's count; returns the total.
    pub fn flush(&mut self) -> u64 {
        let delta = self.nodes - self.flushed;
        self.flushed = self.nodes;
        self.shared.team.add_nodes(delta)
    }

    /// The value the iteration the answer comes from gave each root move it searched, for the
    /// side to move (the main thread's; empty before an iteration searched a move). Every
    /// root move when that iteration finished; when the time ran out during an iteration that
    /// found a better move (which is then played), the moves it searched up to then: values of
    /// one iteration, so that the move played is the best of them. Each says the depth it was
    /// searched to: the iteration's, or less for a late quiet move searched shallower (late
    /// move reductions) that did not beat the best.
    ///
    /// A win or loss score is only a proof when its bound says so (exact, a loss as an upper
    /// bound, a win as a lower one). A move bounded by a win it may not have ("at most a win in
    /// 7": searched against a faster win, it could still lose) says nothing beyond "not better
    /// than the move played", and is left out.
    #[must_use]
    pub fn root_values(&self) -> Vec<MoveValue> {
        self.values
            .iter()
            .filter(|v| match v.bound {
                Bound::Exact => true,
                Bound::Upper => v.score < score::MATE_BOUND,
                Bound::Lower => v.score > -score::MATE_BOUND,
            })
            .map(|v| MoveValue {
                cell: self.pos.cell(usize::from(v.cell)),
                value: score::value(v.score),
                bound: v.bound,
                depth: Some(v.depth),
                visits: None,
            })
            .collect()
    }

    /// The answer comes from the current iteration: keep its values.
    fn keep_values(&mut self) {
        self.values = std::mem::take(&mut self.iteration_values);
    }

    /// Counts the nodes of a threat search run by the caller.
    pub fn add_nodes(&mut self, nodes: u64) {
        self.nodes += nodes;
    }

    /// Iterative deepening over `root` (the root moves, best first) from depth 1; calls
    /// `report` after each iteration of the main thread. Returns the last iteration, or
    /// `None` when not even depth 1 finished.
    ///
    /// # Several lines (multi-PV)
    /// Asked for `n` lines ([`SearchLimits::lines`]), each iteration searches the root `n`
    /// times: the first search is the plain one over every root move, its best move is line 1;
    /// each next search leaves out the moves of the lines before it, and its best move is the
    /// next line. This is the technique of chess engines (Stockfish's `MultiPV`) and of Rapfi,
    /// chosen over one search with the window lowered to the `n`-th best score because it keeps
    /// everything a line's search relies on as in the plain search: each line has its own
    /// aspiration window around its own score of the iteration before, its own principal
    /// variation from a full-window search, and its exact score; late move reductions count
    /// from the first move each search tries. With one line nothing differs from the plain
    /// search (`mnk bench` counts the same nodes). Lines are sorted best first after each
    /// iteration, and their moves head the root's order for the next.
    pub fn iterate(
        &mut self,
        root: Vec<usize>,
        first_depth: u32,
        report: &mut dyn FnMut(&Iteration),
    ) -> Option<Iteration> {
        self.root = root;
        let lines = self.shared.limits.lines.clamp(1, self.root.len().max(1));
        let first_line_moves = self.shared.limits.first_line_moves;
        self.first_line = if first_line_moves < self.root.len() {
            self.root[..first_line_moves].to_vec()
        } else {
            Vec::new()
        };
        let mut last: Option<Iteration> = None;
        let max_depth = self.shared.limits.depth.max(1);
        let mut depth = first_depth.max(1);
        while depth <= max_depth {
            self.iteration_best = None;
            let mut found: Vec<RootLine> = Vec::with_capacity(lines);
            for line in 0..lines {
                let previous = last
                    .as_ref()
                    .and_then(|l| l.lines.get(line))
                    .map(|l| l.score);
                let score = self.search_line(depth, previous, line);
                if self.aborted {
                    break;
                }
                let pv = self.pv[0].clone();
                found.push(self.root_line(depth, score, &pv));
            }
            if self.aborted {
                if found.is_empty() {
                    // A move that finished searching in this iteration beat the previous best:
                    // it is played, at this depth, with the values of the moves this iteration
                    // reached.
                    let previous_best = last.as_ref().and_then(|l| l.pv.first()).copied();
                    if let Some((s, pv)) = self.iteration_best.take()
                        && pv.first().map(|&p| self.pos.cell(usize::from(p))) != previous_best
                    {
                        found.push(self.root_line(depth, s, &pv));
                    }
                }
                if !found.is_empty() {
                    // The lines this iteration finished, then the others of the one before.
                    if let Some(before) = &last {
                        let more: Vec<RootLine> = before
                            .lines
                            .iter()
                            .filter(|l| found.iter().all(|f| f.pv[0] != l.pv[0]))
                            .cloned()
                            .collect();
                        found.extend(more);
                        found.truncate(lines);
                    }
                    self.keep_values();
                    last = Some(self.iteration(depth, found));
                }
                break;
            }
            if lines > 1 {
                // Best first (the first line stays first where only it may take the moves
                // worth a look); their moves head the root's order in that order.
                let fixed = usize::from(!self.first_line.is_empty());
                found[fixed..].sort_by_key(|l| std::cmp::Reverse(l.score));
                let cells: Vec<usize> = found.iter().map(|l| self.pos.index(l.pv[0])).collect();
                self.root[..lines].copy_from_slice(&cells);
            }
            self.keep_values();
            let it = self.iteration(depth, found);
            self.stats.iterations.push((depth, self.nodes));
            if self.main {
                report(&it);
            }
            // A win or loss well inside the depth will not change with more depth.
            let settled = it.lines.iter().all(|l| {
                score::outcome(l.score).is_some_and(|o| match o {
                    Outcome::Win(n) | Outcome::Loss(n) => n + 1 < depth,
                    Outcome::Draw => false,
                })
            });
            last = Some(it);
            // Every line already reaches the end of the game (a ply costs at most 1 + the
            // largest reduction): deeper iterations would search the same tree.
            let exhausted = depth as usize >= MAX_PLY_COST * self.pos.empty_cells();
            let single = self.root.len() == 1 && depth >= self.shared.limits.single_move_depth;
            if settled || exhausted || single {
                break;
            }
            if self.main && !start_another_iteration(self.shared.team.control()) {
                break;
            }
            if self.shared.team.control().stop().is_set() {
                break;
            }
            depth += 1;
        }
        last
    }

    /// The root search of line `first` (the moves of the lines before it left out) at
    /// `depth`: with an aspiration window around `previous`, the line's score in the
    /// iteration before, from [`ASPIRATION_DEPTH`]; again with the full window when the score
    /// falls outside it.
    fn search_line(&mut self, depth: u32, previous: Option<i32>, first: usize) -> i32 {
        match previous {
            Some(prev) if depth >= ASPIRATION_DEPTH && !is_decisive(prev) => {
                let (lo, hi) = (prev - ASPIRATION, prev + ASPIRATION);
                let s = self.root_search(depth as i32, lo, hi, first);
                if !self.aborted && (s <= lo || s >= hi) {
                    if first == 0 {
                        self.iteration_best = None;
                    }
                    self.root_search(depth as i32, -INFINITY, INFINITY, first)
                } else {
                    s
                }
            }
            _ => self.root_search(depth as i32, -INFINITY, INFINITY, first),
        }
    }

    /// A line found at `depth`: its score and its principal variation (position indices).
    fn root_line(&self, depth: u32, score: i32, pv: &[u16]) -> RootLine {
        RootLine {
            score,
            pv: pv.iter().map(|&p| self.pos.cell(usize::from(p))).collect(),
            depth,
        }
    }

    /// The iteration at `depth` whose best lines are `lines` (best first, at least one).
    fn iteration(&mut self, depth: u32, lines: Vec<RootLine>) -> Iteration {
        let total = self.flush();
        Iteration {
            depth,
            score: lines[0].score,
            pv: lines[0].pv.clone(),
            nodes: total,
            elapsed: self.shared.team.control().elapsed(),
            lines,
        }
    }

    /// Searches the root moves from the `first` on (those before are earlier lines' moves);
    /// moves the best of them to the `first` place, and keeps the value of each move searched
    /// (exact within the window it was last searched with, else a bound).
    fn root_search(&mut self, depth: i32, mut alpha: i32, beta: i32, first: usize) -> i32 {
        let mut best = -INFINITY;
        self.pv[0].clear();
        if first == 0 {
            self.iteration_values.clear();
        }
        let root = self.root.clone();
        let mut best_index = first;
        let child = (depth - 1) * PLY;
        // Counted from the first move this search tries.
        let mut n = 0;
        for (i, &p) in root.iter().enumerate().skip(first) {
            if first == 0 && !self.first_line.is_empty() && !self.first_line.contains(&p) {
                continue;
            }
            let quiet = self.pos.move_score(p) < QUIET_BELOW;
            self.pos.play(p);
            // The score, the window it was searched with and the depth it was searched to:
            // a late quiet move is first searched shallower (late move reductions, less a ply
            // as at every PV node), and again to the full depth only if it beats alpha.
            let (score, window, searched) = if n == 0 {
                (-self.negamax(child, -beta, -alpha, 1), (alpha, beta), child)
            } else {
                let r = if depth * PLY >= LMR_DEPTH && n > LMR_MOVES && quiet {
                    (lmr(depth * PLY, n) - LMR_PV_LESS).clamp(0, (child - PLY).max(0))
                } else {
                    0
                };
                let mut s = -self.negamax(child - r, -alpha - 1, -alpha, 1);
                let mut searched = child - r;
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.negamax(child, -alpha - 1, -alpha, 1);
                    searched = child;
                }
                if s > alpha && s < beta && !self.aborted {
                    (-self.negamax(child, -beta, -alpha, 1), (alpha, beta), child)
                } else {
                    (s, (alpha, alpha + 1), searched)
                }
            };
            self.pos.unmake();
            n += 1;
            if self.aborted {
                break;
            }
            let bound = Bound::of(score, window.0, window.1);
            let value = RootValue {
                cell: p as u16,
                score,
                bound,
                // A search to a fraction of a ply plays that ply whole.
                depth: 1 + (searched.max(0) as u32).div_ceil(PLY as u32),
            };
            // A later line's search replaces what an earlier one said of the same move.
            match self
                .iteration_values
                .iter_mut()
                .find(|v| v.cell == value.cell)
            {
                Some(old) if first > 0 => *old = value,
                _ => self.iteration_values.push(value),
            }
            if score > best {
                best = score;
                best_index = i;
                let mut pv = vec![p as u16];
                pv.extend_from_slice(&self.pv[1]);
                self.pv[0] = pv.clone();
                if score > alpha {
                    alpha = score;
                    if first == 0 {
                        self.iteration_best = Some((score, pv));
                    }
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        if !self.aborted {
            let p = self.root.remove(best_index);
            self.root.insert(first, p);
        }
        best
    }

    /// The score of a node the rules settle before any move ([`Position::forced`]): the mover
    /// makes five (a win next ply), has no legal move (a draw), cannot stop the opponent's
    /// five (a loss two plies on); or the board is full or no row can be made any more (a
    /// draw). `Err` with the cell of the opponent's one five, where the mover must block;
    /// `Ok(None)` when nothing is settled.
    fn settled(&self, ply: usize) -> Result<Option<i32>, usize> {
        match self.pos.forced() {
            Some(Forced::Win) => Ok(Some(win_in(ply + 1))),
            Some(Forced::Draw) => Ok(Some(0)),
            Some(Forced::Loss) => Ok(Some(loss_in(ply + 2))),
            Some(Forced::Block(block)) => Err(block),
            None if self.pos.is_full() || self.pos.is_dead_draw() => Ok(Some(0)),
            None => Ok(None),
        }
    }

    /// A win the mover's threats prove once no five is to be blocked: an open four to make
    /// (three plies on), or a static win ([`wins::static_win`]).
    fn threat_win(&mut self, ply: usize) -> Option<i32> {
        let me = self.pos.to_move();
        if self.pos.threats(me, Threat::OpenFour).is_empty() {
            wins::static_win(&mut self.pos, ply)
        } else {
            Some(win_in(ply + 3))
        }
    }

    /// The negamax search (see the module documentation for the contract); `depth` in
    /// sixteenths of a ply ([`PLY`]).
    pub fn negamax(&mut self, depth: i32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if self.poll() {
            return 0;
        }
        match self.settled(ply) {
            Ok(Some(score)) => return score,
            Err(block) => {
                if ply >= MAX_PLY {
                    return self.pos.evaluate();
                }
                self.pos.play(block);
                let score = -self.negamax(depth, -beta, -alpha, ply + 1);
                self.pos.unmake();
                self.set_pv(ply, block);
                return score;
            }
            Ok(None) => {}
        }
        let me = self.pos.to_move();
        let them = me.other();
        if let Some(win) = self.threat_win(ply) {
            return win;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(alpha, beta, ply, 0, true);
        }
        // Mate distance: no win before ply + 3, no loss before ply + 2.
        alpha = alpha.max(loss_in(ply + 2));
        beta = beta.min(win_in(ply + 3));
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let hash = self.pos.hash();
        self.stats.nodes += 1;
        // A node searched without its table move neither reads nor writes the table.
        let excluded = self.excluded[ply];
        let entry = if excluded == NO_MOVE {
            self.stats.table_probes += 1;
            self.shared.tt.probe(hash, ply)
        } else {
            None
        };
        self.stats.table_hits += u64::from(entry.is_some());
        if let Some(e) = entry
            && !pv_node
            && i32::from(e.depth) >= depth
            && e.cuts(alpha, beta)
        {
            self.stats.table_cutoffs += 1;
            return e.score;
        }
        // Facing an open three the moves are few and forced: no evaluation, so nothing is
        // pruned on it (move counts still apply below).
        let threatened = !self.pos.threats(them, Threat::OpenFour).is_empty();
        let eval = if threatened {
            NO_EVAL
        } else {
            self.pos.evaluate()
        };
        self.evals[ply] = eval;
        let improving = eval != NO_EVAL
            && ply >= 2
            && self.evals[ply - 2] != NO_EVAL
            && eval > self.evals[ply - 2];
        if !pv_node
            && excluded == NO_MOVE
            && eval != NO_EVAL
            && !is_decisive(beta)
            && !is_decisive(alpha)
        {
            let margin = FUTILITY_MARGIN * (depth - PLY * i32::from(improving)).max(0) / PLY;
            if depth < FUTILITY_DEPTH && eval - margin >= beta {
                return eval;
            }
            if depth < RAZOR_DEPTH && eval + RAZOR_MARGIN < alpha {
                let v = self.quiesce(alpha, alpha + 1, ply, 0, true);
                if v <= alpha {
                    return v;
                }
            }
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let side = me.index();
        let killers = self.killers[ply];
        let history = &self.history;
        let stride = history.len() / 2;
        list.generate(&mut self.pos, |p| {
            let h = history[side * stride + p] / HISTORY_DIVISOR;
            if killers.contains(&(p as u16)) {
                KILLER_BONUS + h
            } else {
                h
            }
        });
        if list.is_empty() {
            self.lists[ply] = list;
            // The opponent threatens an open four no stone stops (two open threes, say), and
            // the mover has no four to answer with: lost once the open four is made. No legal
            // move at all (renju's X with only forbidden points left): a draw, threatened or
            // not ([`Forced::Draw`]).
            return if threatened && self.pos.has_legal_move() {
                loss_in(ply + 4)
            } else {
                0
            };
        }
        if let Some(best) = entry.and_then(|e| e.best) {
            list.promote(self.pos.index(best));
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        // Quiet moves (below the threat tiers and the killers) beyond the move count are not
        // searched once a move that does not lose is in hand; facing an open three too (its
        // quiet moves are the mover's fours and the defences that do not block the open four
        // itself, and the evaluation is not read there: never "improving").
        let move_count = if pv_node {
            usize::MAX
        } else {
            move_count_limit(depth, improving)
        };
        let new_depth = depth - PLY;
        // The last two moves, read only where distractions are looked for.
        let (their_last, my_last) = if threatened {
            let history = self.pos.history();
            let last = |back: usize| {
                history
                    .len()
                    .checked_sub(back)
                    .map(|i| usize::from(history[i]))
            };
            (last(1), last(2))
        } else {
            (None, None)
        };
        let mut searched = 0u32;
        for i in 0..list.len() {
            let (p, move_score) = list.get(i);
            if p as u16 == excluded {
                continue;
            }
            let quiet = move_score < QUIET_BELOW && !killers.contains(&(p as u16));
            if quiet && i >= move_count && best > -score::MATE_BOUND {
                break;
            }
            // Facing an open three, a quiet move far from both last moves (a four elsewhere)
            // mostly delays the loss: skipped near the horizon, reduced more elsewhere.
            let far = |last: Option<usize>| {
                last.is_some_and(|q| self.pos.distance(p, q) > DISTRACT_DISTANCE)
            };
            let distract = threatened && quiet && far(their_last) && far(my_last);
            if distract && !pv_node && depth < DISTRACT_DEPTH && best > -score::MATE_BOUND {
                continue;
            }
            let mut extension = 0;
            if i == 0
                && excluded == NO_MOVE
                && depth >= SINGULAR_DEPTH
                && let Some(e) = entry
                && e.best.is_some_and(|c| self.pos.index(c) == p)
                && e.bound != Bound::Upper
                && i32::from(e.depth) >= depth - SINGULAR_ENTRY_LAG
                && !is_decisive(e.score)
            {
                // Is the table's move the only good one? The others, searched shallower
                // against its score less a margin, say.
                let singular_beta = e.score - SINGULAR_MARGIN * depth / PLY;
                self.excluded[ply] = p as u16;
                let v = self.negamax(
                    depth * SINGULAR_DEPTH_SHARE / 100,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                );
                self.excluded[ply] = NO_MOVE;
                // Its line is not this node's.
                self.pv[ply].clear();
                if self.aborted {
                    self.lists[ply] = list;
                    return 0;
                }
                if v < singular_beta {
                    extension = PLY;
                } else if singular_beta >= beta {
                    // Another move beats beta too, even searched shallower: a cut.
                    self.lists[ply] = list;
                    return singular_beta;
                }
            }
            searched += 1;
            self.pos.play(p);
            let score = if i == 0 {
                -self.negamax(new_depth + extension, -beta, -alpha, ply + 1)
            } else {
                let r = if depth >= LMR_DEPTH && i >= LMR_MOVES && quiet {
                    let mut r = lmr(depth, i);
                    if pv_node {
                        r -= LMR_PV_LESS;
                    }
                    if !improving {
                        r += LMR_NOT_IMPROVING_MORE;
                    }
                    if distract {
                        r += DISTRACT_REDUCTION;
                    }
                    r.clamp(0, (new_depth - PLY).max(0))
                } else {
                    0
                };
                let mut s = -self.negamax(new_depth - r, -alpha - 1, -alpha, ply + 1);
                if s > alpha && r > 0 && !self.aborted {
                    // A reduced move that beat alpha by far is searched a ply deeper, one
                    // that barely did a ply shallower than the full depth.
                    let deeper = s > alpha + LMR_DEEPER + LMR_DEEPER_SLOPE * r / PLY;
                    let shallower = s < best + new_depth / PLY;
                    let again = new_depth + PLY * (i32::from(deeper) - i32::from(shallower));
                    s = -self.negamax(again, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(new_depth, -beta, -alpha, ply + 1);
                }
                s
            };
            self.pos.unmake();
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(p);
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, p);
                    if alpha >= beta {
                        self.stats.cutoffs += 1;
                        self.stats.first_move_cutoffs += u64::from(searched == 1);
                        self.reward(ply, p, depth / PLY, &mut list, i, excluded);
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        if excluded == NO_MOVE {
            self.remember(
                self.shared.tt,
                hash,
                (ply, depth),
                (original_alpha, beta),
                (best, best_move),
            );
        }
        best
    }

    /// The quiescence search at the horizon (fail-soft, as [`Worker::negamax`]), a search for
    /// continuous fours by one side, the *attacker* (the side to move at the horizon): it may
    /// stand pat on the static evaluation or play a four, whose block is forced, so lines of
    /// fours are followed to their end and a win by continuous fours is found where the
    /// evaluation alone would miss it. The defender only blocks: where he has no five to stop,
    /// the evaluation stands (his own fours are the search's business, not the horizon's).
    /// `attacking` says whether the side to move is the attacker; `fours` counts the fours
    /// the attacker has played since the horizon: after [`QUIET_FOURS`] of them only fours
    /// that also make a three or an open two (a stone that builds on) are tried.
    fn quiesce(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        fours: u32,
        attacking: bool,
    ) -> i32 {
        if self.poll() {
            return 0;
        }
        let settled = self.settled(ply);
        if let Ok(Some(score)) = settled {
            return score;
        }
        if ply >= MAX_PLY {
            return self.pos.evaluate();
        }
        if let Err(block) = settled {
            self.pos.play(block);
            let score = -self.quiesce(-beta, -alpha, ply + 1, fours, !attacking);
            self.pos.unmake();
            return score;
        }
        let me = self.pos.to_move();
        if let Some(win) = self.threat_win(ply) {
            return win;
        }
        // The attacker's nodes are looked up in the worker's own small table and kept there,
        // so that a position reached again (by another order of the same fours, another order
        // of moves above the horizon, or in the next iteration) is answered from it when the
        // bound stored allows. Its own table, not the shared one: a table that stays in the
        // core's cache (the quiescence's nodes are cheap, and a look in the shared table at
        // each cost more than the transpositions saved: no gain at equal time). What the search
        // below a node does depends on the fours played since the horizon ([`QUIET_FOURS`]):
        // the key tells those counts apart. The defender only blocks or stands pat: his nodes
        // are not kept.
        let hash = self.pos.hash() ^ fours_key(fours);
        let original_alpha = alpha;
        if attacking
            && let Some(e) = self.quiet_table.probe(hash, ply)
            && e.cuts(alpha, beta)
        {
            return e.score;
        }
        let stand = self.pos.evaluate();
        if stand >= beta || !attacking {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let weakest = if fours < QUIET_FOURS {
            Combo::Block4
        } else {
            Combo::Block4Plus
        };
        let mut moves: Vec<(i32, usize)> = self
            .pos
            .threats(me, Threat::Four)
            .iter()
            .filter(|&p| self.pos.info(me, p).combo >= weakest)
            .map(|p| (self.pos.move_score(p), p))
            .collect();
        moves.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best_move = None;
        for (_, p) in moves {
            self.pos.play(p);
            let score = -self.quiesce(-beta, -alpha, ply + 1, fours + 1, false);
            self.pos.unmake();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(p);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.remember(
            &self.quiet_table,
            hash,
            (ply, 0),
            (original_alpha, beta),
            (best, best_move),
        );
        best
    }

    /// Keeps in `table` what the node `hash`, at `ply` and searched to `depth`, learned: its
    /// fail-soft score and the move that gave it (`best`). `window` is the (alpha, beta) the
    /// node was called with, before the node raised alpha: the bound is read against it.
    fn remember(
        &self,
        table: &TranspositionTable,
        hash: u64,
        (ply, depth): (usize, i32),
        window: (i32, i32),
        (score, best): (i32, Option<usize>),
    ) {
        table.store(
            hash,
            ply,
            Entry {
                best: best.map(|p| self.pos.cell(p)),
                score,
                depth: depth.clamp(0, i32::from(u16::MAX)) as u16,
                bound: Bound::of(score, window.0, window.1),
            },
        );
    }

    fn set_pv(&mut self, ply: usize, p: usize) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(p as u16);
        line.extend_from_slice(&tail[0]);
    }

    /// The `i`-th move of `list` caused a cut-off at `depth` plies: remember it as a killer
    /// and raise its history; lower the history of the quiet moves handed out before it (the
    /// list's first `i` but the one `excluded`: those searched, and the distractions passed
    /// over unsearched near the horizon).
    fn reward(
        &mut self,
        ply: usize,
        p: usize,
        depth: i32,
        list: &mut MoveList,
        i: usize,
        excluded: u16,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != p as u16 {
            k[1] = k[0];
            k[0] = p as u16;
        }
        let bonus =
            (HISTORY_BONUS_SQUARE * depth * depth + HISTORY_BONUS_LINEAR * depth).min(HISTORY_MAX);
        let side = self.pos.to_move().index() * (self.history.len() / 2);
        let update = |h: &mut i32, b: i32| *h += b - *h * b.abs() / HISTORY_MAX;
        update(&mut self.history[side + p], bonus);
        for j in 0..i {
            let (q, score) = list.get(j);
            if score < QUIET_BELOW && q as u16 != excluded {
                update(&mut self.history[side + q], -bonus);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Setup, Side, Size, Variant};
    use crate::notation::{parse_cell, parse_game};
    use crate::search::{Control, run_team};

    /// Runs `f` on one worker searching `pos` with the shared table `tt` (the worker's own
    /// quiescence table starts empty).
    fn with_worker<T: Send>(
        pos: &Position,
        tt: &TranspositionTable,
        f: impl Fn(&mut Worker<'_>) -> T + Sync,
    ) -> T {
        let limits = SearchLimits {
            depth: 1,
            nodes: None,
            threads: 1,
            lines: 1,
            single_move_depth: 1,
            first_line_moves: usize::MAX,
        };
        run_team(1, &Control::unlimited(), |_, team| {
            let shared = Shared { tt, team, limits };
            Some(f(&mut Worker::new(&shared, pos.clone(), true)))
        })
        .answer
        .expect("one thread answers")
    }

    /// The 15x15 gomoku (freestyle) position after `moves`.
    fn gomoku(moves: &str) -> Position {
        let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        Position::new(parse_game(moves, v).unwrap().board())
    }

    /// The quiescence search of the worker's position (the side to move attacking) with the
    /// window (`alpha`, `beta`): its score and the nodes it visited.
    fn horizon(worker: &mut Worker<'_>, (alpha, beta): (i32, i32)) -> (i32, u64) {
        let before = worker.nodes();
        let score = worker.quiesce(alpha, beta, 0, 0, true);
        (score, worker.nodes() - before)
    }

    #[test]
    fn a_node_that_leaves_out_its_table_move_neither_reads_nor_writes_the_table() {
        let pos = gomoku("h8 i9 i8 g8 h9 h10 j7 k6");
        let tt = TranspositionTable::new(1);
        // An entry no search would give: exact, far deeper than asked, a score of 777.
        let planted = Entry {
            best: pos.candidates().iter().next().map(|p| pos.cell(p)),
            score: 777,
            depth: 40 * PLY as u16,
            bound: Bound::Exact,
        };
        tt.store(pos.hash(), 1, planted);
        with_worker(&pos, &tt, |worker| {
            let before = worker.nodes();
            assert_eq!(worker.negamax(3 * PLY, 0, 1, 1), 777);
            assert!(worker.nodes() - before <= 1, "the entry answers at once");
            worker.excluded[1] = worker.pos.index(planted.best.unwrap()) as u16;
            let before = worker.nodes();
            let score = worker.negamax(3 * PLY, 0, 1, 1);
            worker.excluded[1] = NO_MOVE;
            assert_ne!(score, 777);
            assert!(worker.nodes() - before > 1, "searched");
        });
        assert_eq!(tt.probe(pos.hash(), 1), Some(planted));
    }

    #[test]
    fn a_cut_off_raises_its_move_lowers_the_quiet_moves_before_and_the_history_stays_bounded() {
        let pos = gomoku("h8 i9 i8 g8 h9 h10");
        let tt = TranspositionTable::new(1);
        with_worker(&pos, &tt, |worker| {
            let side = worker.pos.to_move().index() * (worker.history.len() / 2);
            let mut list = MoveList::default();
            list.generate(&mut worker.pos, |_| 0);
            let order: Vec<(usize, i32)> = (0..list.len()).map(|i| list.get(i)).collect();
            assert!(
                order.len() > 10 && order[3].1 < QUIET_BELOW,
                "quiet moves from the fourth"
            );
            let (cut, before) = (order[3].0, &order[..3]);
            // The fourth move cuts at 5 plies: it is the ply's first killer, its history rises
            // by the bonus, the three handed out before it sink by as much but the first, left
            // out as a singular search leaves out the table's move, and the moves after it are
            // untouched.
            let excluded = before[0].0 as u16;
            worker.reward(2, cut, 5, &mut list, 3, excluded);
            let h = |w: &Worker<'_>, p: usize| w.history[side + p];
            let bonus = 64 * 25 + 128 * 5;
            assert_eq!(worker.killers[2][0], cut as u16);
            assert_eq!(h(worker, cut), bonus);
            assert_eq!(h(worker, before[0].0), 0);
            for &(p, _) in &before[1..] {
                assert_eq!(h(worker, p), -bonus);
            }
            assert!(order[4..].iter().all(|&(p, _)| h(worker, p) == 0));
            // However many cut-offs at any depth, every value stays within the bound and the
            // move that keeps cutting ends near its top, the ones that keep failing near its
            // bottom.
            for depth in (1..60).cycle().take(2_000) {
                worker.reward(2, cut, depth, &mut list, 3, NO_MOVE);
            }
            let values: Vec<i32> = order.iter().map(|&(p, _)| h(worker, p)).collect();
            assert!(values.iter().all(|v| v.abs() <= HISTORY_MAX), "{values:?}");
            assert!(h(worker, cut) > HISTORY_MAX * 9 / 10);
            assert!(
                before
                    .iter()
                    .all(|&(p, _)| h(worker, p) < -HISTORY_MAX * 9 / 10)
            );
        });
    }

    #[test]
    fn the_quiescence_table_answers_what_it_searched_before() {
        // X to move has two blocked threes (h8 i8 j8 against g8, c3 c4 c5 against c2): four
        // fours to try at the horizon, none of them winning.
        let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let cell = |c: &str| parse_cell(c, v.size()).unwrap();
        let mut setup = Setup::new(v.size());
        for c in ["h8", "i8", "j8", "c3", "c4", "c5"] {
            setup.place(cell(c), Side::X).unwrap();
        }
        for c in ["g8", "c2", "m2", "n14", "a15", "o1"] {
            setup.place(cell(c), Side::O).unwrap();
        }
        let pos = Position::new(&setup.board(v).unwrap());
        let full = (-INFINITY, INFINITY);
        let tt = TranspositionTable::new(1);
        let (score, nodes) = with_worker(&pos, &tt, |worker| {
            let (score, nodes) = horizon(worker, full);
            assert!(!is_decisive(score), "{score}");
            // The root and at least each four with its block.
            assert!(nodes >= 9, "{nodes}");
            // Again: the root's exact entry answers at once.
            assert_eq!(horizon(worker, full), (score, 1));
            // Below the horizon the attacker's nodes are kept under a key that counts his
            // fours: after X's four at k8 and O's block at l8, the position is found under the
            // key of one four, not under its own.
            let mut child = pos.clone();
            child.play(child.index(cell("k8")));
            child.play(child.index(cell("l8")));
            assert!(
                worker
                    .quiet_table
                    .probe(child.hash() ^ fours_key(1), 2)
                    .is_some()
            );
            assert_eq!(worker.quiet_table.probe(child.hash(), 2), None);
            (score, nodes)
        });
        // The shared table is not written: the quiescence keeps its own.
        assert_eq!(tt.probe(pos.hash(), 0), None);
        // Another worker starts with an empty table of its own: it searches it all again.
        assert_eq!(with_worker(&pos, &tt, |w| horizon(w, full)), (score, nodes));

        // A window below the score fails high: the entry says "at least", which answers a
        // window below it, not a full window.
        with_worker(&pos, &tt, |worker| {
            let (low, _) = horizon(worker, (score - 2, score - 1));
            assert!(low >= score - 1, "{low} {score}");
            assert_eq!(horizon(worker, (score - 11, score - 10)), (low, 1));
            assert_ne!(horizon(worker, full).1, 1);
        });
    }
}
