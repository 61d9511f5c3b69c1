//! The engine's entry point: [`Engine::analyse`] takes a board and a [`Control`] and answers
//! with the best move, its score, depth and principal variation, and the value of every root
//! move ([`Analysis`]): forced moves first, then the threat searches, then the alpha-beta
//! search on the threads of [`crate::search::run_team`].

use super::movegen::MoveList;
use super::position::{Position, Threat};
use super::score;
use super::search::{Iteration, SearchLimits, Shared, Worker};
use super::threats::{ThreatKind, ThreatSearch};
use super::tt::TranspositionTable;
use super::tunables::{
    DEFAULT_MIB, ROOT_THREAT_NODE_DIVISOR, ROOT_VCF_DEPTH, ROOT_VCF_NODES, ROOT_VCF_SHARE,
    ROOT_VCT_DEPTH, ROOT_VCT_NODES, ROOT_VCT_SHARE, SAFETY_MOVES, SAFETY_NODES, SEARCH_SHARE,
};
use crate::game::{Board, Cell, Forced, Variant};
use crate::search::{Control, MoveValue, Report, run_team, sort_best_first};

/// The deepest iteration when no depth is given.
pub const MAX_DEPTH: u32 = 64;
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
    /// The depth the move was searched to: the last finished iteration's, or that of an
    /// unfinished one that found a better move (0 when not even the first iteration finished
    /// or found a move).
    pub depth: u32,
    /// The expected line, starting with `best`.
    pub pv: Vec<Cell>,
    /// Nodes visited, all threads and threat searches.
    pub nodes: u64,
    /// How the move was found.
    pub method: Method,
    /// The value of every root move the search gave one (for the side to move), best first,
    /// `best` first among equals: from the deepest iteration that searched each move, exact
    /// or a bound as each says. Only `best` when a threat search or a forced move decided.
    pub values: Vec<MoveValue>,
}

/// Settings of the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineConfig {
    /// Deepest iteration, unless a search's [`Control`] gives a depth.
    pub depth: u32,
    /// Node budget of a move (a search's [`Control`] may lower it).
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
            memory_mib: DEFAULT_MIB,
        }
    }
}

/// The engine: its settings, its transposition table and its position, kept from move to move.
pub struct Engine {
    config: EngineConfig,
    table: Option<(Variant, TranspositionTable)>,
    position: Option<Position>,
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
            position: None,
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

    /// Forgets what earlier searches learned (a new game).
    pub fn clear(&mut self) {
        if let Some((_, tt)) = &mut self.table {
            tt.clear();
        }
    }

    /// Allocates the table and builds the position (with its pattern tables) for games of
    /// `variant`, so that the first search does not pay for them.
    pub fn prepare(&mut self, variant: &Variant) {
        self.ensure_table(*variant);
        if self
            .position
            .as_ref()
            .is_none_or(|p| p.variant() != variant)
        {
            self.position = Some(Position::new(&Board::new(*variant)));
        }
    }

    /// Bytes the transposition table holds.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.table
            .as_ref()
            .map_or(0, |(_, tt)| tt.len() * std::mem::size_of::<[u64; 2]>())
    }

    fn ensure_table(&mut self, variant: Variant) {
        if self.table.as_ref().is_none_or(|(v, _)| *v != variant) {
            self.table = Some((variant, TranspositionTable::new(self.config.memory_mib)));
        }
    }

    /// The best move for the side to move, within the engine's settings and `control` (its
    /// depth, when it has one, replaces the configured depth; its node budget lowers the
    /// configured one).
    ///
    /// Always answers with a move while the game is on, however little time there is: the
    /// best move of the last finished iteration (or of an unfinished one, when it found a
    /// better move), or of the move ordering when none finished. Returns `None` only when the
    /// game is over.
    pub fn analyse(&mut self, board: &Board, control: &Control) -> Option<Analysis> {
        if board.is_over() {
            return None;
        }
        let config = self.config;
        let node_limit = match (config.nodes, control.node_limit()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let depth = control.depth().unwrap_or(config.depth).max(1);
        self.ensure_table(*board.variant());
        let tt = &self.table.as_ref().expect("just made").1;
        let pos = match &mut self.position {
            Some(pos) => {
                pos.sync(board);
                pos
            }
            none => none.insert(Position::new(board)),
        };
        let me = pos.to_move();
        let them = me.other();
        let decided = |pos: &Position, line: Vec<usize>, score: i32, nodes, method| {
            let pv: Vec<Cell> = line.iter().map(|&p| pos.cell(p)).collect();
            Analysis {
                best: pv[0],
                score,
                depth: u32::from(method == Method::Forced),
                values: vec![MoveValue::exact(pv[0], score::value(score))],
                pv,
                nodes,
                method,
            }
        };
        let forced = pos.forced();
        match forced {
            Some(Forced::Win) => {
                let p = pos.threats(me, Threat::Five).first().expect("a five");
                return Some(decided(pos, vec![p], score::win_in(1), 1, Method::Forced));
            }
            // No legal move (the board ends such a game first).
            Some(Forced::Draw) => return None,
            _ => {}
        }
        let mut list = MoveList::default();
        if forced.is_none() {
            list.generate(pos, |_| 0);
        }
        if list.is_empty() {
            // A five to block (the other moves listed as lost), or no move that stops the
            // opponent's threats: every move loses, search them all for the slowest loss.
            list.generate_all(pos, |_| 0);
        }
        // The block, or when lost to two fives the block of the first, when the mover may
        // play it; lost to a five the mover may not block (renju's X), every move, searched
        // as above.
        let block = match forced {
            Some(Forced::Block(block)) => Some(block),
            _ => pos
                .threats(them, Threat::Five)
                .first()
                .filter(|&b| pos.is_legal(b)),
        };
        let root: Vec<usize> = match block {
            Some(block) => vec![block],
            None => list.iter().collect(),
        };
        if root.is_empty() {
            // Renju's X with only forbidden points left: no move to make.
            return None;
        }
        // When a block is forced, every other move loses to the five on the next move.
        let lost: Vec<MoveValue> = match block {
            Some(block) => list
                .iter()
                .filter(|&p| p != block)
                .map(|p| MoveValue::exact(pos.cell(p), score::value(score::loss_in(2))))
                .collect(),
            None => Vec::new(),
        };
        let fallback = root[0];
        let mut nodes = 0;
        // Threat searches first: a proven win needs no more thought.
        if root.len() > 1 {
            // With a node limit, each takes at most a quarter of it.
            let budget =
                |n: u64| node_limit.map_or(n, |limit| n.min(limit / ROOT_THREAT_NODE_DIVISOR));
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
                let found = threats.search(pos, depth, &mut || {
                    control.past_share(share) || control.should_stop(0)
                });
                nodes += threats.nodes();
                if let Some(win) = found {
                    let method = if kind == ThreatKind::Vcf {
                        Method::Vcf
                    } else {
                        Method::Vct
                    };
                    let score = score::win_in(win.plies as usize);
                    return Some(decided(pos, win.line, score, nodes, method));
                }
            }
        }
        let single = root.len() == 1;
        let limits = SearchLimits {
            depth,
            nodes: node_limit.map(|n| n.saturating_sub(nodes).max(1)),
            threads: config.threads.max(1),
        };
        tt.new_search();
        let threat_nodes = nodes;
        let mut report = |it: &Iteration| {
            control.report(|| Report {
                depth: Some(it.depth),
                value: Some(score::value(it.score)),
                pv: it.pv.clone(),
                nodes: it.nodes + threat_nodes,
            });
        };
        let report = std::sync::Mutex::new(&mut report);
        let root_position: &Position = pos;
        // The search keeps the end of the move for the safety check.
        let search_control = control.share(SEARCH_SHARE);
        let limits = SearchLimits {
            nodes: limits
                .nodes
                .map(|n| (n * u64::from(SEARCH_SHARE) / 100).max(1)),
            ..limits
        };
        let team = run_team(limits.threads, &search_control, |id, team| {
            let shared = Shared { tt, team, limits };
            let mut worker = Worker::new(&shared, root_position.clone(), id == 0);
            if id == 0 {
                let mut report = report
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                let last = worker.iterate(root.clone(), 1, &mut **report);
                worker.flush();
                Some((last, worker.root_values()))
            } else {
                worker.iterate(root.clone(), 1 + (id as u32 % 2), &mut |_| {});
                worker.flush();
                None
            }
        });
        nodes += team.nodes;
        let (mut last, mut values) = team.answer.unwrap_or_default();
        if let Some(it) = &mut last
            && !single
            && !score::is_decisive(it.score)
        {
            let budget = node_limit.map_or(SAFETY_NODES, |n| {
                n.saturating_sub(nodes) / SAFETY_MOVES as u64
            });
            nodes += safety_check(pos, it, &mut values, budget, control);
        }
        values.extend(lost);
        let pos = self.position.as_ref().expect("synced above");
        Some(match last {
            Some(it) => {
                sort_best_first(&mut values, it.pv.first().copied());
                Analysis {
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
                    values,
                }
            }
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
                values: Vec::new(),
            },
        })
    }
}

/// The safety check of the search's move: a move that loses to a forced win of the opponent by
/// continuous threats (fours and open threes, beyond what the search saw) is replaced by the
/// best move that does not, the moves tried in the order of their values, at most
/// [`SAFETY_MOVES`] of them with `budget` nodes each. A refuted move's value becomes the proven
/// loss. When every move tried is refuted, the best move not tried is played, or when none is
/// left, the one that loses slowest. Returns the nodes used.
fn safety_check(
    pos: &mut Position,
    it: &mut Iteration,
    values: &mut [MoveValue],
    budget: u64,
    control: &Control,
) -> u64 {
    if budget == 0 || values.is_empty() {
        return 0;
    }
    sort_best_first(values, it.pv.first().copied());
    let mut nodes = 0;
    let mut play = None;
    let tried = values.len().min(SAFETY_MOVES);
    for (i, value) in values.iter_mut().enumerate().take(tried) {
        if control.should_stop(0) {
            return nodes;
        }
        let cell = value.cell;
        pos.play(pos.index(cell));
        let mut threats = ThreatSearch::new(ThreatKind::Vct, budget);
        let refutation = threats.search(pos, ROOT_VCT_DEPTH, &mut || control.should_stop(0));
        nodes += threats.nodes();
        pos.unmake();
        match refutation {
            Some(win) => {
                *value =
                    MoveValue::exact(cell, score::value(score::loss_in(win.plies as usize + 1)));
            }
            None => {
                play = Some(i);
                break;
            }
        }
    }
    let chosen = play.unwrap_or_else(|| {
        if tried < values.len() {
            tried
        } else {
            (0..values.len())
                .max_by(|&a, &b| values[a].value.compare(&values[b].value))
                .unwrap_or(0)
        }
    });
    if chosen > 0 || play.is_none() {
        let mv = values[chosen];
        it.pv = vec![mv.cell];
        // A late quiet move may have been searched shallower than the iteration.
        if let Some(depth) = mv.depth {
            it.depth = depth;
        }
        it.score = match mv.value {
            crate::search::Value::Score(s) => s,
            crate::search::Value::Solved(crate::search::Outcome::Loss(n)) => {
                score::loss_in(n as usize)
            }
            _ => it.score,
        };
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Setup, Side, Size};
    use crate::notation::parse_cell;
    use crate::search::{Outcome, Value};

    #[test]
    fn the_safety_check_replaces_a_move_that_loses_to_threats() {
        // O has h8 i8 and k10 k11: k8 would give O two open threes, a forced win (X's j9, h10
        // and l9 spoil the rest). X to move; the search's favourite, a2, ignores it; k8 takes
        // the point.
        let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let cell = |c: &str| parse_cell(c, v.size()).unwrap();
        let mut setup = Setup::new(v.size());
        for c in ["j9", "h10", "l9", "a1"] {
            setup.place(cell(c), Side::X).unwrap();
        }
        for c in ["h8", "i8", "k10", "k11"] {
            setup.place(cell(c), Side::O).unwrap();
        }
        let mut pos = Position::new(&setup.board(v).unwrap());
        let mut it = Iteration {
            depth: 3,
            score: 40,
            pv: vec![cell("a2")],
            nodes: 0,
            elapsed: std::time::Duration::ZERO,
        };
        let mut values = vec![
            MoveValue::exact(cell("a2"), Value::Score(40)),
            MoveValue::exact(cell("k8"), Value::Score(10)),
        ];
        let nodes = safety_check(&mut pos, &mut it, &mut values, 6000, &Control::unlimited());
        assert!(nodes > 0);
        assert_eq!(it.pv, [cell("k8")]);
        assert_eq!(it.score, 10);
        assert!(
            matches!(values[0].value, Value::Solved(Outcome::Loss(_))),
            "{values:?}"
        );
        // The move survives the check: nothing changes.
        let mut values = vec![MoveValue::exact(cell("k8"), Value::Score(10))];
        let mut it2 = Iteration {
            pv: vec![cell("k8")],
            ..it
        };
        safety_check(&mut pos, &mut it2, &mut values, 6000, &Control::unlimited());
        assert_eq!(it2.pv, [cell("k8")]);
        assert_eq!(values[0].value, Value::Score(10));
    }
}
