//! The engine's entry point: [`Engine::analyse`] takes a board and a [`Control`] and answers
//! with the best move, its score, depth and principal variation, and the value of every root
//! move ([`Analysis`]): forced moves first, then the threat searches, then the alpha-beta
//! search on the threads of [`crate::search::run_team`].

use super::movegen::MoveList;
use super::net::{self, Evaluation, NetRef};
use super::position::{Position, Threat};
use super::score;
use super::search::{Iteration, RootLine, SearchLimits, Shared, Worker};
use super::stats::SearchStats;
use super::threats::{ThreatKind, ThreatSearch};
use super::tt::TranspositionTable;
use super::tunables::{
    DEFAULT_MIB, ROOT_THREAT_NODE_DIVISOR, ROOT_VCF_DEPTH, ROOT_VCF_NODES, ROOT_VCF_SHARE,
    ROOT_VCT_DEPTH, ROOT_VCT_NODES, ROOT_VCT_SHARE, SAFETY_MOVES, SAFETY_NODES, SEARCH_SHARE,
    SINGLE_MOVE_DEPTH,
};
use crate::game::{Board, Cell, Forced, Variant};
use crate::search::{Bound, Control, MoveValue, PvLine, Report, run_team, sort_best_first};

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
    /// Its score for the side to move (see [`score`]; decisive scores are proven); with
    /// [`Method::Heuristic`] only the static evaluation, no value of the move.
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
    /// The best lines, best first ([`Control::lines`] of them; fewer when the position has
    /// fewer moves, or the search was stopped early; none when not even its first iteration
    /// finished, [`Method::Heuristic`]): the first is the move's (`best`, `score`, `pv`). A line whose move the safety check refuted says the
    /// proven loss; the moves a forced block leaves (lost at once) are lines of one move.
    pub lines: Vec<PvLine>,
    /// What the main search thread did ([`SearchStats`]): empty when no search ran (a threat
    /// search or a forced move decided).
    pub stats: SearchStats,
}

impl Analysis {
    /// A proven win of a threat search, found while several lines were asked for: it heads the
    /// lines unless the search's best is at least as good.
    fn head_with(&mut self, win: Analysis) {
        if self.score >= win.score {
            return;
        }
        let n = self.lines.len().max(1);
        self.lines.retain(|l| l.pv.first() != Some(&win.best));
        self.lines.splice(0..0, win.lines);
        self.lines.truncate(n);
        for v in &mut self.values {
            if v.cell == win.best {
                *v = win.values[0];
            }
        }
        sort_best_first(&mut self.values, Some(win.best));
        self.best = win.best;
        self.score = win.score;
        self.pv = win.pv;
        self.method = win.method;
    }

    /// Up to `n` lines: the searched ones, then moves whose value is exact (the moves a forced
    /// block leaves, lost at once), each a line of its one move.
    fn complete_lines(&mut self, n: usize) {
        // A move of the ordering alone has no value to make a line of.
        if self.lines.is_empty() && self.method != Method::Heuristic {
            self.lines.push(PvLine {
                value: score::value(self.score),
                pv: self.pv.clone(),
                depth: Some(self.depth),
            });
        }
        let more: Vec<PvLine> = self
            .values
            .iter()
            .filter(|v| v.bound == Bound::Exact)
            .filter(|v| self.lines.iter().all(|l| l.pv.first() != Some(&v.cell)))
            .map(|v| PvLine {
                value: v.value,
                pv: vec![v.cell],
                depth: v.depth,
            })
            .collect();
        self.lines.extend(more);
        self.lines.truncate(n.max(1));
    }
}

/// A line of the search as a player's line.
fn pv_line(line: &RootLine) -> PvLine {
    PvLine {
        value: score::value(line.score),
        pv: line.pv.clone(),
        depth: Some(line.depth),
    }
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
    /// The static evaluation; `None`: the network where the process has one that serves the
    /// game's variant ([`net::for_variant`]), the linear tables otherwise.
    pub eval: Option<Evaluation>,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            depth: MAX_DEPTH,
            nodes: None,
            threads: 1,
            memory_mib: DEFAULT_MIB,
            eval: None,
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
    /// configured one), with the best [`Control::lines`] lines when it asks for more than one
    /// (multi-PV, see [`Worker::iterate`]), among the [`Control::root_moves`] when it names
    /// some.
    ///
    /// Always answers with a move while the game is on, however little time there is: the
    /// best move of the last finished iteration (or of an unfinished one, when it found a
    /// better move), or of the move ordering when none finished. Returns `None` only when the
    /// game is over.
    ///
    /// A root of one move (a forced block, the centre of the empty board, a root narrowed to
    /// one move) is still searched, so that its value is a searched one: a forced move to
    /// [`SINGLE_MOVE_DEPTH`] plies, a narrowed root as deep as the limits allow.
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
        let wanted = control.lines();
        self.ensure_table(*board.variant());
        let tt = &self.table.as_ref().expect("just made").1;
        let pos = match &mut self.position {
            Some(pos) => {
                pos.sync(board);
                pos
            }
            none => none.insert(Position::new(board)),
        };
        let net = match config.eval {
            Some(Evaluation::Linear) => None,
            Some(Evaluation::Net) | None => net::for_variant(board.variant()),
        };
        if pos.net().map(NetRef) != net.map(NetRef) {
            pos.set_net(net)
                .expect("a net for the variant serves its positions");
        }
        let me = pos.to_move();
        let them = me.other();
        // The root moves the caller allows (legal ones; none: every move).
        let allowed: Option<Vec<usize>> = control
            .root_moves()
            .map(|cells| {
                let size = board.size();
                cells
                    .iter()
                    .filter(|c| c.index() < size.cells())
                    .map(|&c| pos.index(c))
                    .filter(|&p| pos.is_empty(p) && pos.is_legal(p))
                    .collect::<Vec<usize>>()
            })
            .filter(|moves| !moves.is_empty());
        let decided = |pos: &Position, line: Vec<usize>, score: i32, nodes, method| {
            let pv: Vec<Cell> = line.iter().map(|&p| pos.cell(p)).collect();
            Analysis {
                best: pv[0],
                score,
                depth: u32::from(method == Method::Forced),
                values: vec![MoveValue::exact(pv[0], score::value(score))],
                lines: vec![PvLine {
                    value: score::value(score),
                    pv: pv.clone(),
                    depth: Some(u32::from(method == Method::Forced)),
                }],
                pv,
                nodes,
                method,
                stats: SearchStats::default(),
            }
        };
        let forced = pos.forced();
        // A five to make: the win, first of the lines; the other moves are searched only when
        // more lines are asked for.
        let fives: Vec<usize> = match forced {
            Some(Forced::Win) => pos.threats(me, Threat::Five).iter().collect(),
            // No legal move (the board ends such a game first).
            Some(Forced::Draw) => return None,
            _ => Vec::new(),
        };
        let mut proven = None;
        if let Some(&p) = fives
            .iter()
            .find(|&p| allowed.as_ref().is_none_or(|a| a.contains(p)))
        {
            let win = decided(pos, vec![p], score::win_in(1), 1, Method::Forced);
            if wanted == 1 {
                return Some(win);
            }
            proven = Some(win);
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
        let mut root: Vec<usize> = match (&allowed, block) {
            (Some(allowed), _) => {
                let mut moves = allowed.clone();
                moves.sort_by_key(|&p| (std::cmp::Reverse(pos.move_score(p)), p));
                moves
            }
            (None, Some(block)) if fives.is_empty() => vec![block],
            (None, _) => list.iter().collect(),
        };
        // The fives are the proven win's, not the search's.
        root.retain(|p| !fives.contains(p));
        if root.is_empty() {
            // Renju's X with only forbidden points left: no move to make; or only the win.
            return proven.map(|mut win| {
                win.complete_lines(wanted);
                win
            });
        }
        let worth = root.len();
        if allowed.is_none() && block.is_none() && wanted > root.len() {
            // More lines than the moves worth a look (the centre of the empty board): the
            // others too, best ordered first.
            let mut more: Vec<usize> = pos
                .board_indices()
                .filter(|&p| pos.is_empty(p) && pos.is_legal(p) && !root.contains(&p))
                .collect();
            more.sort_by_key(|&p| (std::cmp::Reverse(pos.move_score(p)), p));
            root.extend(more);
        }
        // When a block is forced, every other move loses to the five on the next move.
        let lost: Vec<MoveValue> = match block {
            Some(block) if allowed.is_none() && fives.is_empty() => list
                .iter()
                .filter(|&p| p != block)
                .map(|p| MoveValue::exact(pos.cell(p), score::value(score::loss_in(2))))
                .collect(),
            _ => Vec::new(),
        };
        let fallback = root[0];
        let mut nodes = 0;
        // Threat searches first: a proven win needs no more thought (with several lines, the
        // others are still searched, and the win heads them).
        if proven.is_none() && (root.len() > 1 || allowed.is_some()) {
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
                if let Some(win) = found.filter(|w| root.contains(&w.line[0])) {
                    let method = if kind == ThreatKind::Vcf {
                        Method::Vcf
                    } else {
                        Method::Vct
                    };
                    let score = score::win_in(win.plies as usize);
                    let answer = decided(pos, win.line, score, nodes, method);
                    if wanted == 1 {
                        return Some(answer);
                    }
                    proven = Some(answer);
                    break;
                }
            }
        }
        let single = root.len() == 1;
        let limits = SearchLimits {
            depth,
            nodes: node_limit.map(|n| n.saturating_sub(nodes).max(1)),
            threads: config.threads.max(1),
            lines: wanted.min(root.len()),
            single_move_depth: if allowed.is_some() {
                u32::MAX
            } else {
                SINGLE_MOVE_DEPTH
            },
            first_line_moves: worth,
        };
        tt.new_search();
        let threat_nodes = nodes;
        let mut report = |it: &Iteration| {
            control.report(|| Report {
                depth: Some(it.depth),
                value: Some(score::value(it.score)),
                pv: it.pv.clone(),
                nodes: it.nodes + threat_nodes,
                lines: if wanted > 1 {
                    it.lines.iter().map(pv_line).collect()
                } else {
                    Vec::new()
                },
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
                Some((
                    last,
                    worker.root_values(),
                    std::mem::take(&mut worker.stats),
                ))
            } else {
                worker.iterate(root.clone(), 1 + (id as u32 % 2), &mut |_| {});
                worker.flush();
                None
            }
        });
        nodes += team.nodes;
        let (mut last, mut values, stats) = team.answer.unwrap_or_default();
        if let Some(it) = &mut last
            && !single
            && !score::is_decisive(it.score)
            && proven.is_none()
        {
            let budget = node_limit.map_or(SAFETY_NODES, |n| {
                n.saturating_sub(nodes) / SAFETY_MOVES as u64
            });
            nodes += safety_check(pos, it, &mut values, budget, control);
        }
        values.extend(lost);
        let pos = self.position.as_ref().expect("synced above");
        let method = if single && allowed.is_none() {
            Method::Forced
        } else {
            Method::Search
        };
        let mut analysis = match last {
            Some(it) => {
                sort_best_first(&mut values, it.pv.first().copied());
                Analysis {
                    best: it.pv[0],
                    score: it.score,
                    depth: it.depth,
                    lines: it.lines.iter().map(pv_line).collect(),
                    pv: it.pv,
                    nodes,
                    method,
                    values,
                    stats,
                }
            }
            None => Analysis {
                best: pos.cell(fallback),
                score: pos.evaluate(),
                depth: 0,
                pv: vec![pos.cell(fallback)],
                lines: Vec::new(),
                nodes,
                method: if method == Method::Forced {
                    method
                } else {
                    Method::Heuristic
                },
                values: Vec::new(),
                stats,
            },
        };
        if let Some(win) = proven {
            analysis.head_with(win);
        }
        analysis.complete_lines(wanted);
        Some(analysis)
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
    let mut stopped = false;
    for (i, value) in values.iter_mut().enumerate().take(tried) {
        if control.should_stop(0) {
            stopped = true;
            break;
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
                // Its line, if it is one, says the loss.
                if let Some(line) = it.lines.iter_mut().find(|l| l.pv[0] == cell) {
                    line.score = score::loss_in(win.plies as usize + 1);
                    line.pv.truncate(1);
                }
            }
            None => {
                play = Some(i);
                break;
            }
        }
    }
    if stopped {
        return nodes;
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
        // The move played heads the lines, with its own line when it has one.
        let n = it.lines.len().max(1);
        let head = match it.lines.iter().position(|l| l.pv[0] == mv.cell) {
            Some(i) => {
                let line = it.lines.remove(i);
                it.pv.clone_from(&line.pv);
                RootLine {
                    score: it.score,
                    ..line
                }
            }
            None => RootLine {
                score: it.score,
                pv: it.pv.clone(),
                depth: it.depth,
            },
        };
        it.lines.insert(0, head);
        it.lines.truncate(n);
    }
    if let Some(rest) = it.lines.get_mut(1..) {
        rest.sort_by_key(|l| std::cmp::Reverse(l.score));
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
            lines: vec![
                RootLine {
                    score: 40,
                    pv: vec![cell("a2"), cell("b2")],
                    depth: 3,
                },
                RootLine {
                    score: 10,
                    pv: vec![cell("k8"), cell("k9")],
                    depth: 3,
                },
            ],
        };
        let mut values = vec![
            MoveValue::exact(cell("a2"), Value::Score(40)),
            MoveValue::exact(cell("k8"), Value::Score(10)),
        ];
        let nodes = safety_check(&mut pos, &mut it, &mut values, 6000, &Control::unlimited());
        assert!(nodes > 0);
        // k8 is played, with its own line; a2's line says the loss and comes second.
        assert_eq!(it.pv, [cell("k8"), cell("k9")]);
        assert_eq!(it.score, 10);
        assert_eq!(it.lines[0].pv, it.pv);
        assert_eq!(it.lines[1].pv, [cell("a2")]);
        assert!(score::outcome(it.lines[1].score).is_some_and(|o| o.sign() < 0));
        assert!(
            matches!(values[0].value, Value::Solved(Outcome::Loss(_))),
            "{values:?}"
        );
        // The move survives the check: nothing changes.
        let mut values = vec![MoveValue::exact(cell("k8"), Value::Score(10))];
        let mut it2 = Iteration {
            pv: vec![cell("k8")],
            lines: vec![it.lines[0].clone()],
            ..it
        };
        safety_check(&mut pos, &mut it2, &mut values, 6000, &Control::unlimited());
        assert_eq!(it2.pv, [cell("k8")]);
        assert_eq!(it2.lines.len(), 1);
        assert_eq!(values[0].value, Value::Score(10));
    }
}
