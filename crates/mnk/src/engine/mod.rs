//! The gomoku engine behind the `engine`, `vcf` and `vct` players.
//!
//! | module | concept |
//! |---|---|
//! | [`pattern`] | what a stone makes along one line, for any k and both rules |
//! | [`position`] | the stones, with every cell's patterns, threats and values kept up to date |
//! | [`eval`] | cell values, threat flags, the static evaluation, move-ordering tiers |
//! | [`movegen`] | which moves a node searches, in which order |
//! | [`tt`] | the transposition table (lock-free, shared by threads) |
//! | [`search`] | negamax alpha-beta with PVS, iterative deepening, lazy SMP |
//! | [`threats`] | VCF and VCT: forced wins by continuous fours or threats |
//! | [`time`] | when to stop thinking |
//! | [`score`] | heuristic scores and wins counted in plies |
//! | [`bench`] | the fixed positions of `mnk bench` |
//!
//! [`Engine::analyse`] is the entry point: a board and a [`Control`] in, the best move with its
//! score, depth and principal variation out.

pub mod bench;
pub mod bitset;
pub mod eval;
pub mod movegen;
pub mod pattern;
pub mod position;
pub mod score;
pub mod search;
pub mod threats;
pub mod time;
pub mod tt;

pub use position::{Position, Threat};
pub use search::{Iteration, SearchLimits};
pub use threats::{ForcedWin, ThreatKind, ThreatSearch};

use crate::game::{Board, Cell, Variant};
use crate::search::Control;
use movegen::MoveList;
use score::is_decisive;
use search::{Shared, Worker};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use time::Clock;
use tt::TranspositionTable;

/// The deepest iteration when no depth is given.
pub const MAX_DEPTH: u32 = 64;
/// Nodes the VCF at the root may use before the main search.
pub const ROOT_VCF_NODES: u64 = 20_000;
/// Nodes the VCT at the root may use before the main search.
pub const ROOT_VCT_NODES: u64 = 20_000;
/// Percent of the move's time the root VCF may use.
pub const ROOT_VCF_SHARE: u32 = 5;
/// Percent of the move's time the root VCT may use (counted from the start of the move).
pub const ROOT_VCT_SHARE: u32 = 15;
/// Attacker threats the root VCF may play.
pub const ROOT_VCF_DEPTH: u32 = 24;
/// Attacker threats the root VCT may play.
pub const ROOT_VCT_DEPTH: u32 = 8;
/// Deepest round of [`Engine::move_values`] under a control with no time or node limit.
pub const UNLIMITED_VALUES_DEPTH: u32 = 4;

/// How the engine found its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Only one move did not lose at once (a win now, or the block of a five).
    Forced,
    /// The threat search proved a win by continuous fours.
    Vcf,
    /// The threat search proved a win by continuous threats.
    Vct,
    /// The alpha-beta search.
    Search,
    /// Not even the first iteration finished: the best move by the ordering heuristics.
    Heuristic,
}

/// The engine's answer for a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The move.
    pub best: Cell,
    /// Its score for the side to move (see [`score`]; decisive scores are proven).
    pub score: i32,
    /// The depth of the last finished iteration (0 when none finished).
    pub depth: u32,
    /// The expected line, starting with `best`.
    pub pv: Vec<Cell>,
    /// Nodes visited, all threads and threat searches.
    pub nodes: u64,
    /// How the move was found.
    pub method: Method,
}

/// The engine's value of every root move (see [`Engine::move_values`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveValues {
    /// Each move with its score for the side that plays it, best first.
    pub values: Vec<(Cell, i32)>,
    /// The depth the values come from, in plies from this position (1: the static
    /// evaluation after each move, when not even the first round of searches finished).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

/// A score of the position after a move, for the side to move there, as the score of that
/// move for the side that played it: negated, and a decisive score one ply further away.
#[must_use]
const fn one_ply_earlier(reply: i32) -> i32 {
    match score::outcome(reply) {
        Some(crate::solve::Outcome::Win(n)) => score::loss_in(n as usize + 1),
        Some(crate::solve::Outcome::Loss(n)) => score::win_in(n as usize + 1),
        _ => -reply,
    }
}

/// Settings of the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineConfig {
    /// Deepest iteration.
    pub depth: u32,
    /// Node budget of a move.
    pub nodes: Option<u64>,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub memory_mib: u64,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            depth: MAX_DEPTH,
            nodes: None,
            threads: 1,
            memory_mib: tt::DEFAULT_MIB,
        }
    }
}

/// A listener told about each finished iteration (depth, score, nodes, PV).
pub type Listener = Box<dyn FnMut(&Iteration) + Send>;

/// The engine: its settings and its transposition table, kept from move to move.
pub struct Engine {
    config: EngineConfig,
    table: Option<(Variant, TranspositionTable)>,
    listener: Option<Listener>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine with these settings.
    #[must_use]
    pub fn new(config: EngineConfig) -> Self {
        Engine {
            config,
            table: None,
            listener: None,
        }
    }

    /// The settings.
    #[must_use]
    pub const fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Changes the settings; a new table size takes effect at the next search.
    pub fn set_config(&mut self, config: EngineConfig) {
        if config.memory_mib != self.config.memory_mib {
            self.table = None;
        }
        self.config = config;
    }

    /// Calls `listener` after each iteration of every later search.
    pub fn set_listener(&mut self, listener: Listener) {
        self.listener = Some(listener);
    }

    /// Forgets what earlier searches learned (a new game).
    pub fn clear(&mut self) {
        if let Some((_, tt)) = &mut self.table {
            tt.clear();
        }
    }

    fn ensure_table(&mut self, variant: Variant) {
        if self.table.as_ref().is_none_or(|(v, _)| *v != variant) {
            self.table = Some((variant, TranspositionTable::new(self.config.memory_mib)));
        }
    }

    /// The value of each move the engine would consider at the root, for the side that plays
    /// it (a score on the engine's scale, decisive scores counted in plies from this position),
    /// best first: every candidate searched with a full window, one depth after another while
    /// `control` allows (the node budget shared among them), and the values of the deepest
    /// round that finished for every move; the static evaluation after each move when not even
    /// the first round did. The heat map of a learner's view; `None` when the game is over.
    ///
    /// Without a time or node limit in `control` the rounds stop at depth
    /// [`UNLIMITED_VALUES_DEPTH`] (or the engine's own depth, when lower); there is always at
    /// least the round of depth 2.
    pub fn move_values(&mut self, board: &Board, control: &Control) -> Option<MoveValues> {
        if board.is_over() {
            return None;
        }
        let clock = Clock::new(control);
        let mut pos = Position::new(board);
        let mut list = MoveList::default();
        list.generate(&pos, |_| 0);
        let moves: Vec<Cell> = list.iter().map(|p| pos.cell(p)).collect();
        let saved = self.config;
        let listener = self.listener.take();
        let bounded = control.deadline().is_some() || control.node_limit().is_some();
        let last_depth = if bounded {
            saved.depth
        } else {
            saved.depth.min(UNLIMITED_VALUES_DEPTH)
        };
        let mut result = MoveValues::default();
        let mut nodes = 0;
        // Round `d` searches every reply `d` plies deep: the move's value at depth d + 1.
        'rounds: for depth in 1..last_depth.max(2) {
            self.config = EngineConfig {
                depth,
                nodes: None,
                threads: 1,
                ..saved
            };
            let mut values = Vec::with_capacity(moves.len());
            for &cell in &moves {
                if clock.out_of_time() || control.should_stop(nodes) {
                    break 'rounds;
                }
                let mut child = board.clone();
                if child.try_play(cell).is_err() {
                    continue;
                }
                // Each move may use what is left of the node budget, no more.
                let reply_control = match control.node_limit() {
                    Some(limit) => control.with_node_limit(limit - nodes),
                    None => control.clone(),
                };
                let value = match self.analyse(&child, &reply_control) {
                    None if child.status().winner().is_some() => score::win_in(1),
                    None => 0,
                    Some(reply) => {
                        nodes += reply.nodes;
                        // Stopped before the round's depth (and not by a proof): unfinished.
                        let cut = match reply.method {
                            Method::Heuristic => true,
                            Method::Search => reply.depth < depth && !is_decisive(reply.score),
                            Method::Forced | Method::Vcf | Method::Vct => false,
                        };
                        if cut {
                            break 'rounds;
                        }
                        one_ply_earlier(reply.score)
                    }
                };
                values.push((cell, value));
            }
            values.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
            result.values = values;
            result.depth = depth + 1;
        }
        if result.values.is_empty() {
            // Not even the first round finished: the moves' static values, for the heat map.
            result.values = moves
                .iter()
                .map(|&cell| {
                    let p = pos.index(cell);
                    pos.play(p);
                    let value = if pos.winner().is_some() {
                        score::win_in(1)
                    } else {
                        -pos.evaluate()
                    };
                    pos.unmake();
                    (cell, value)
                })
                .collect();
            result.values.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
            result.depth = 1;
        }
        result.nodes = nodes;
        self.config = saved;
        self.listener = listener;
        Some(result)
    }

    /// The best move for the side to move, within the engine's settings and `control`.
    ///
    /// Always answers with a move while the game is on, however little time there is: the
    /// best move of the last finished iteration, or of the move ordering when none finished.
    /// Returns `None` only when the game is over.
    pub fn analyse(&mut self, board: &Board, control: &Control) -> Option<Analysis> {
        if board.is_over() {
            return None;
        }
        let clock = Clock::new(control);
        let config = self.config;
        let node_limit = match (config.nodes, control.node_limit()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut pos = Position::new(board);
        let me = pos.to_move();
        let them = me.other();
        let cell = |pos: &Position, p: usize| pos.cell(p);
        if let Some(p) = pos.threats(me, Threat::Five).first() {
            return Some(Analysis {
                best: cell(&pos, p),
                score: score::win_in(1),
                depth: 1,
                pv: vec![cell(&pos, p)],
                nodes: 1,
                method: Method::Forced,
            });
        }
        let root: Vec<usize> = match pos.threats(them, Threat::Five).first() {
            Some(block) => vec![block],
            None => {
                let mut list = MoveList::default();
                list.generate(&pos, |_| 0);
                list.iter().collect()
            }
        };
        let fallback = root[0];
        let mut nodes = 0;
        let stop = || clock.out_of_time() || control.should_stop(0);
        // Threat searches first: a proven win needs no more thought.
        if root.len() > 1 {
            // With a node limit, each takes at most a quarter of it.
            let budget = |n: u64| node_limit.map_or(n, |limit| n.min(limit / 4));
            for (kind, max_nodes, depth, share) in [
                (
                    ThreatKind::Vcf,
                    ROOT_VCF_NODES,
                    ROOT_VCF_DEPTH,
                    ROOT_VCF_SHARE,
                ),
                (
                    ThreatKind::Vct,
                    ROOT_VCT_NODES,
                    ROOT_VCT_DEPTH,
                    ROOT_VCT_SHARE,
                ),
            ] {
                let budget = budget(max_nodes);
                if budget == 0 {
                    continue;
                }
                let mut threats = ThreatSearch::new(kind, budget);
                let found =
                    threats.search(&mut pos, depth, &mut || clock.past_share(share) || stop());
                nodes += threats.nodes();
                if let Some(win) = found {
                    let pv: Vec<Cell> = win.line.iter().map(|&p| pos.cell(p)).collect();
                    return Some(Analysis {
                        best: pv[0],
                        score: score::win_in(win.plies as usize),
                        depth: 0,
                        pv,
                        nodes,
                        method: if kind == ThreatKind::Vcf {
                            Method::Vcf
                        } else {
                            Method::Vct
                        },
                    });
                }
            }
        }
        let single = root.len() == 1;
        let limits = SearchLimits {
            depth: config.depth,
            nodes: node_limit.map(|n| n.saturating_sub(nodes).max(1)),
            threads: config.threads.max(1),
        };
        self.ensure_table(*board.variant());
        let mut listener = self.listener.take();
        let tt = &self.table.as_ref().expect("just made").1;
        tt.new_search();
        let shared = Shared {
            tt,
            control,
            clock,
            limits,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        };
        let mut report = |it: &Iteration| {
            if let Some(l) = listener.as_mut() {
                let mut it = it.clone();
                it.nodes += nodes;
                l(&it);
            }
        };
        let result = std::thread::scope(|scope| {
            for id in 1..limits.threads {
                let (shared, pos, root) = (&shared, pos.clone(), root.clone());
                scope.spawn(move || {
                    let mut helper = Worker::new(shared, pos, false);
                    helper.iterate(root, 1 + (id as u32 % 2), &mut |_| {});
                    helper.flush();
                });
            }
            let mut main = Worker::new(&shared, pos.clone(), true);
            let last = main.iterate(root.clone(), 1, &mut report);
            main.flush();
            shared.stop.store(true, Ordering::Relaxed);
            last
        });
        self.listener = listener;
        nodes += shared.nodes.load(Ordering::Relaxed);
        Some(match result {
            Some(it) => Analysis {
                best: it.pv[0],
                score: it.score,
                depth: it.depth,
                pv: it.pv,
                nodes,
                method: if single {
                    Method::Forced
                } else {
                    Method::Search
                },
            },
            None => Analysis {
                best: pos.cell(fallback),
                score: pos.evaluate(),
                depth: 0,
                pv: vec![pos.cell(fallback)],
                nodes,
                method: if single {
                    Method::Forced
                } else {
                    Method::Heuristic
                },
            },
        })
    }
}
