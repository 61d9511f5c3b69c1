//! The solver: iterations of root searches (win? then loss?, then the distance), run on one
//! or more threads that share the transposition table.
//!
//! With several threads every thread searches the whole root, each starting with a different
//! root move ("lazy SMP", on [`crate::search::run_team`]); they meet in the shared table,
//! where one thread finds what another proved. The first thread to finish has the answer,
//! and every thread's answer is exact.

use super::certify::{Builder, Failed};
use super::checkpoint::{self, CheckpointError};
use super::dfpn::ProofSearch;
use super::ideas::Ideas;
use super::key::Symmetries;
use super::lines::Spans;
use super::order::static_order;
use super::pn_table::PnTable;
use super::progress::{Counters, Snapshot, Stage};
use super::renju::Renju;
use super::search::{Context, Searcher, Stopped};
use super::stats::Stats;
use super::table::{NO_MOVE, Table};
use super::tunables::{ALPHA_BETA_FIRST, FIRST_BUDGET, PROOF_NUMBER_SHARE, ZONE_SHARE};
use super::zones::ZoneTable;
use crate::certificate::Certificate;
use crate::game::{Board, Cell, Game, Side, SymmetryTable, Variant, Wdl};
use crate::search::Outcome;
use crate::search::{Control, run_team};
use std::fmt;
use std::io::{self, Read, Write};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex, PoisonError};
use thiserror::Error;

/// The error with the latest knowledge.
fn with_known(e: SolveError, known: Known) -> SolveError {
    match e {
        SolveError::Stopped { nodes, .. } => SolveError::Stopped { nodes, known },
        other => other,
    }
}

/// What a stopped solve had proved: the value lies between these two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Known {
    /// The value is at least this.
    pub at_least: Wdl,
    /// The value is at most this.
    pub at_most: Wdl,
}

impl Known {
    /// Nothing proved yet: a loss, a draw or a win.
    pub const NOTHING: Known = Known {
        at_least: Wdl::Loss,
        at_most: Wdl::Win,
    };
}

impl fmt::Display for Known {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.at_least, self.at_most) {
            (Wdl::Loss, Wdl::Win) => f.write_str("nothing proved yet"),
            (Wdl::Loss, Wdl::Draw) => f.write_str("not a win (a draw or a loss)"),
            (Wdl::Draw, Wdl::Win) => f.write_str("not a loss (a win or a draw)"),
            (a, b) if a == b => write!(f, "{a}"),
            (a, b) => write!(f, "between {a} and {b}"),
        }
    }
}

/// Why a position was not solved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// Positions are kept as 64-bit masks.
    #[error("the solver handles boards of at most 64 cells; this one has {cells}")]
    TooManyCells {
        /// Cells on the board.
        cells: usize,
    },
    /// Certificates are not written under a rule that forbids moves (renju): their checker
    /// does not judge forbidden points.
    #[error(
        "no proof is written under the {0} rule: the proof checker does not judge forbidden \
         moves; solve the position without one, or prove a freestyle or exact board"
    )]
    Rule(crate::game::Rule),
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The solver proved a value but found no move to write into its proof where the value
    /// said there was one: a bug in the solver, never bad input.
    #[error("the proof could not be written: {0} (a bug in mnk's solver; please report it)")]
    Certificate(String),
    /// A limit or a stop request came first.
    #[error("the solver stopped after {nodes} nodes without a proof; known: {known}")]
    Stopped {
        /// Nodes searched.
        nodes: u64,
        /// What was proved before the stop.
        known: Known,
    },
    /// The one question asked ([`Solver::prove_question`]) is answered with a bound, which
    /// is all that was asked: "not a win" or "not a loss".
    #[error("the question asked is answered after {nodes} nodes: {known}")]
    Answered {
        /// Nodes searched.
        nodes: u64,
        /// The bound proved.
        known: Known,
    },
}

/// What a solve asks of a position: its value, or one of the two null-window questions the
/// value is made of. One question is all that some proofs need: a split's jobs under the first
/// player's chosen first move need only "not a loss", those under the second player's chosen
/// replies only "not a win" (docs/cluster.md). Asked alone, a question has all the nodes and
/// all the proof-number table, instead of taking turns with the other under limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Question {
    /// The value: both questions.
    #[default]
    Value,
    /// Only "does the side to move win?": the value when it does (a win, with its move),
    /// else [`SolveError::Answered`] with "not a win".
    Win,
    /// Only "does the side to move avoid losing?": the value when it does not (a loss),
    /// else [`SolveError::Answered`] with "not a loss".
    NoLoss,
}

/// How hard to work on the number of moves to the end once the value is proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Distance {
    /// Do not look for it.
    Skip,
    /// Look for it with at most this many more nodes; give up (without error) past them.
    Budget(u64),
    /// Find it, within the limits of the solve.
    Full,
}

/// A proved position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// The value for the side to move.
    pub value: Wdl,
    /// The value with the number of moves to the end, when that was proved.
    pub outcome: Option<Outcome>,
    /// A move that achieves the value (with a proved distance: the fastest win or the slowest
    /// loss).
    pub best: Cell,
    /// Nodes searched for this proof.
    pub nodes: u64,
    /// Root searches run.
    pub iterations: u32,
}

/// A position proved with its distance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The value for the side to move.
    pub outcome: Outcome,
    /// A move that achieves it (fastest win, slowest loss).
    pub best: Cell,
    /// Nodes searched for this solution.
    pub nodes: u64,
}

/// How a solver is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolverConfig {
    /// Most bytes the transposition table may take (it starts small and grows); at most
    /// [`MAX_TABLE_MIB`](super::MAX_TABLE_MIB) MiB are used.
    pub memory_bytes: usize,
    /// Search threads.
    pub threads: usize,
    /// The ideas in use.
    pub ideas: Ideas,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            memory_bytes: 64 << 20,
            threads: 1,
            ideas: Ideas::DEFAULT,
        }
    }
}

/// Solves positions of one variant, keeping what it learned between calls.
#[derive(Debug)]
pub struct Solver {
    cx: Arc<Context>,
    threads: usize,
    cells: usize,
}

impl Solver {
    /// A solver with the default configuration (one thread, up to 64 MiB of table).
    ///
    /// # Errors
    /// [`SolveError::TooManyCells`] above 64 cells.
    pub fn new(variant: &Variant) -> Result<Self, SolveError> {
        Self::with_config(variant, SolverConfig::default())
    }

    /// A solver with a configuration.
    ///
    /// Under renju only the ideas of [`Ideas::WITH_FORBIDDEN_MOVES`] are used (the others
    /// are switched off).
    ///
    /// # Errors
    /// [`SolveError::TooManyCells`] above 64 cells.
    pub fn with_config(variant: &Variant, config: SolverConfig) -> Result<Self, SolveError> {
        let size = variant.size();
        let lines = Spans::new(variant).ok_or(SolveError::TooManyCells {
            cells: size.cells(),
        })?;
        let renju = Renju::new(variant);
        let ideas = config.ideas.under(variant.rule());
        let cx = Context {
            syms: Symmetries::new(size, ideas.symmetry),
            order: static_order(size, &lines),
            lines,
            ideas,
            table: Table::new(config.memory_bytes),
            zones: ZoneTable::new(config.memory_bytes / ZONE_SHARE),
            counters: Counters::default(),
            stats: Mutex::default(),
            header: checkpoint::header(variant, ideas.symmetry),
            pn_bytes: config.memory_bytes / 4,
            renju,
        };
        Ok(Solver {
            cx: Arc::new(cx),
            threads: config.threads.max(1),
            cells: size.cells(),
        })
    }

    /// The ideas in use (those asked for, less those its rule does not allow: see
    /// [`Ideas::under`]).
    #[must_use]
    pub fn ideas(&self) -> Ideas {
        self.cx.ideas
    }

    /// A handle to watch the solver's progress from another thread.
    #[must_use]
    pub fn progress(&self) -> Progress {
        Progress(Arc::clone(&self.cx))
    }

    /// Nodes searched since the solver was made.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.cx.counters.nodes.load(Relaxed)
    }

    /// What the searches did so far (all solves of this solver, all threads): proof-number
    /// search's share of the nodes, and what the relevance zones held and cut.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.cx
            .stats
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .stats()
    }

    /// Entries in the transposition table.
    #[must_use]
    pub fn table_len(&self) -> u64 {
        self.cx.table.filled().min(self.cx.table.capacity())
    }

    /// Bytes the transposition table and the zone table (`refutation-zones`) have allocated.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.cx.table.bytes() + self.cx.zones.bytes()
    }

    /// Proves the value of `board` for the side to move, with a move that achieves it, and
    /// (as `distance` asks) the number of moves to the end.
    ///
    /// # Errors
    /// [`SolveError::GameOver`] when the game is over; [`SolveError::Stopped`] (with what was
    /// proved) when `control` stops the search before the value is proved.
    pub fn prove(
        &mut self,
        board: &Board,
        control: &Control,
        distance: Distance,
    ) -> Result<Proof, SolveError> {
        self.prove_question(board, control, Question::Value, distance)
    }

    /// As [`Solver::prove`], asking `question`: the value, or one of its two questions alone
    /// (with all the nodes and all the proof-number table).
    ///
    /// # Errors
    /// As [`Solver::prove`]; and [`SolveError::Answered`] when the one question asked is
    /// answered with a bound ("not a win", "not a loss").
    pub fn prove_question(
        &mut self,
        board: &Board,
        control: &Control,
        question: Question,
        distance: Distance,
    ) -> Result<Proof, SolveError> {
        if board.is_over() {
            return Err(SolveError::GameOver);
        }
        let (own, opp) = self.sides(board);
        let base = self.nodes();
        let n_empty = (self.cells - board.stones()) as i32;
        let mut known = Known::NOTHING;
        let mut iterations = 0;
        let mut ask = |solver: &Solver,
                       control: &Control,
                       alpha,
                       beta,
                       stage,
                       known: Known,
                       turns: &Mutex<Turns>| {
            iterations += 1;
            solver
                .root(
                    own, opp, alpha, beta, control, base, iterations, stage, turns,
                )
                .map_err(|Stopped| SolveError::Stopped {
                    nodes: solver.nodes() - base,
                    known,
                })
        };
        let table_bytes = self.cx.pn_bytes;
        // The turns of a question asked once, from the start.
        let fresh = || Mutex::new(Turns::new(ALPHA_BETA_FIRST, table_bytes));
        let limited = control.deadline().is_some() || control.node_limit().is_some();
        let answered = |solver: &Solver, known| SolveError::Answered {
            nodes: solver.nodes() - base,
            known,
        };
        let (mut score, mut best) = if question == Question::Win {
            let (v, m) = ask(self, control, 0, 1, Stage::Win, known, &fresh())?;
            if v < 1 {
                known.at_most = Wdl::Draw;
                return Err(answered(self, known));
            }
            (v, m)
        } else if question == Question::NoLoss {
            let (v, m) = ask(self, control, -1, 0, Stage::NoLoss, known, &fresh())?;
            if v >= 0 {
                known.at_least = Wdl::Draw;
                return Err(answered(self, known));
            }
            (v, m)
        } else if !self.cx.ideas.null_window {
            ask(self, control, -1, 1, Stage::WinDrawLoss, known, &fresh())?
        } else if !limited {
            let (v, m) = ask(self, control, 0, 1, Stage::Win, known, &fresh())?;
            if v >= 1 {
                (v, m)
            } else {
                known.at_most = Wdl::Draw;
                ask(self, control, -1, 0, Stage::NoLoss, known, &fresh())?
            }
        } else {
            // Under limits, ask both questions in turn with growing node budgets, so that a
            // solve that runs out still reports whatever one of them settled.
            // Each question goes on from where its last round stopped (`Turns`), the two
            // proof-number tables sharing the memory of one until a question is settled.
            let mut budget: u64 = FIRST_BUDGET;
            let (mut not_win, mut not_loss) = (None, None);
            let win_turns = Mutex::new(Turns::new(ALPHA_BETA_FIRST, table_bytes / 2));
            let loss_turns = Mutex::new(Turns::new(ALPHA_BETA_FIRST, table_bytes / 2));
            loop {
                if not_win.is_none() {
                    let round = control.with_node_limit(self.nodes() - base + budget);
                    match ask(self, &round, 0, 1, Stage::Win, known, &win_turns) {
                        Ok((v, m)) if v >= 1 => break (v, m),
                        Ok(r) => {
                            known.at_most = Wdl::Draw;
                            not_win = Some(r);
                            *win_turns.lock().unwrap_or_else(PoisonError::into_inner) =
                                Turns::settled();
                            Turns::allow(&loss_turns, table_bytes);
                        }
                        Err(e) if control.should_stop(self.nodes() - base) => {
                            return Err(with_known(e, known));
                        }
                        Err(_) => {}
                    }
                }
                if not_loss.is_none() {
                    let round = control.with_node_limit(self.nodes() - base + budget);
                    match ask(self, &round, -1, 0, Stage::NoLoss, known, &loss_turns) {
                        Ok((v, m)) if v < 0 => break (v, m),
                        Ok(r) => {
                            known.at_least = Wdl::Draw;
                            not_loss = Some(r);
                            *loss_turns.lock().unwrap_or_else(PoisonError::into_inner) =
                                Turns::settled();
                            Turns::allow(&win_turns, table_bytes);
                        }
                        Err(e) if control.should_stop(self.nodes() - base) => {
                            return Err(with_known(e, known));
                        }
                        Err(_) => {}
                    }
                }
                if let (Some(_), Some((_, m))) = (not_win, not_loss) {
                    break (0, m);
                }
                budget = budget.saturating_mul(4);
            }
        };
        let value = Wdl::of_score(score);
        let mut outcome = (value == Wdl::Draw).then_some(Outcome::Draw);
        if value != Wdl::Draw && distance != Distance::Skip {
            let limited;
            let control = match distance {
                Distance::Budget(nodes) => {
                    limited = control.with_node_limit(self.nodes() - base + nodes);
                    &limited
                }
                _ => control,
            };
            // The score is a bound from the value search: narrow it down with null windows.
            let (mut lo, mut hi) = if value == Wdl::Win {
                (score, n_empty)
            } else {
                (-(n_empty - 1), score)
            };
            let mut exact_move = (value == Wdl::Win).then_some(best);
            let narrowed = loop {
                if lo >= hi {
                    break Ok(lo);
                }
                let mid = lo + (hi - lo + 1) / 2;
                match ask(
                    self,
                    control,
                    mid - 1,
                    mid,
                    Stage::Distance,
                    known,
                    &fresh(),
                ) {
                    Ok((v, m)) if v >= mid => {
                        lo = v;
                        exact_move = Some(m);
                    }
                    Ok((v, _)) => hi = v,
                    Err(e) => break Err(e),
                }
            };
            if let Ok(exact) = narrowed {
                let chosen = match exact_move {
                    Some(m) => Ok(m),
                    None => ask(
                        self,
                        control,
                        exact - 1,
                        exact,
                        Stage::Distance,
                        known,
                        &fresh(),
                    )
                    .map(|r| r.1),
                };
                if let Ok(m) = chosen {
                    score = exact;
                    best = m;
                    outcome = Some(Outcome::from_score(score, board.stones(), self.cells));
                }
            }
        }
        debug_assert!(best != NO_MOVE);
        Ok(Proof {
            value,
            outcome,
            best: Cell(u16::from(best)),
            nodes: self.nodes() - base,
            iterations,
        })
    }

    /// Writes what the solver's table knows as a checkpoint (see [`CheckpointError`] for
    /// reading one back). Returns the entries written.
    ///
    /// # Errors
    /// Any error of `out`.
    pub fn save_table(&self, out: &mut dyn Write) -> io::Result<u64> {
        checkpoint::write(&self.cx.table, &self.cx.header, out)
    }

    /// Reads a checkpoint that [`Solver::save_table`] (or [`Progress::save_table`]) wrote for
    /// the same game and symmetry setting into the table: a solve then starts from what it
    /// knew. Returns the entries read.
    ///
    /// # Errors
    /// [`CheckpointError`]: unreadable, another game's, or damaged (then the table is left
    /// empty: nothing of a damaged file is trusted).
    pub fn load_table(&mut self, input: &mut dyn Read) -> Result<u64, CheckpointError> {
        let plausible = checkpoint::Plausible {
            syms: &self.cx.syms,
            cells: u32::try_from(self.cells).unwrap_or(u32::MAX),
            k: u32::try_from(self.cx.lines.k()).unwrap_or(u32::MAX),
        };
        checkpoint::read(&self.cx.table, &self.cx.header, &plausible, input)
    }

    /// Proves the value of the position `game` reached, for the side to move, and writes the
    /// proof as a [`Certificate`] that [`crate::certificate::verify`] checks without the
    /// solver. The proof is extracted after the value is proved: the solver answers each
    /// question about a position it meets (most from its table); see `solve/certify.rs`.
    ///
    /// # Errors
    /// [`SolveError`] when the game is over, the rule forbids moves (renju), `control` stops
    /// the work first, or (a bug) the solver cannot find a move its value promised.
    pub fn certificate(
        &mut self,
        game: &Game,
        control: &Control,
    ) -> Result<Certificate, SolveError> {
        let board = game.board();
        let rule = board.variant().rule();
        if rule.has_forbidden_moves() {
            return Err(SolveError::Rule(rule));
        }
        let value = self.prove(board, control, Distance::Skip)?.value;
        let (x, o) = board
            .masks()
            .expect("the solver only exists for boards of at most 64 cells");
        let base = self.nodes();
        let mut sections = Vec::new();
        for (side, goal) in Certificate::needs(board.to_move(), value) {
            let builder = Builder::new(
                &self.cx,
                control,
                base,
                SymmetryTable::new(board.size()),
                side,
                goal,
            );
            sections.push(builder.build(x, o).map_err(|e| match e {
                Failed::Stopped => SolveError::Stopped {
                    nodes: self.nodes() - base,
                    known: Known {
                        at_least: value,
                        at_most: value,
                    },
                },
                Failed::NoMove(why) => SolveError::Certificate(why),
            })?);
        }
        Ok(Certificate {
            variant: *board.variant(),
            moves: game.moves().to_vec(),
            value,
            sections,
        })
    }

    /// Proves the value of `board` for the side to move with the number of moves to the end,
    /// and finds a move that achieves it (the fastest win, the slowest loss).
    ///
    /// # Errors
    /// [`SolveError`] when the game is over or `control` stops the search first.
    pub fn solve(&mut self, board: &Board, control: &Control) -> Result<Solution, SolveError> {
        let proof = self.prove(board, control, Distance::Full)?;
        let outcome = proof.outcome.ok_or(SolveError::Stopped {
            nodes: proof.nodes,
            known: Known {
                at_least: proof.value,
                at_most: proof.value,
            },
        })?;
        Ok(Solution {
            outcome,
            best: proof.best,
            nodes: proof.nodes,
        })
    }

    /// The value of every legal move with its distance, for the side that plays it.
    ///
    /// # Errors
    /// [`SolveError`] when the game is over or `control` stops the search first.
    pub fn analyse(
        &mut self,
        board: &Board,
        control: &Control,
    ) -> Result<Vec<(Cell, Outcome)>, SolveError> {
        self.each_move(board, |solver, after| {
            Ok(solver.solve(after, control)?.outcome.for_previous_mover())
        })
    }

    /// The value (win, draw or loss) of every legal move, for the side that plays it.
    ///
    /// # Errors
    /// [`SolveError`] when the game is over or `control` stops the search first.
    pub fn analyse_values(
        &mut self,
        board: &Board,
        control: &Control,
    ) -> Result<Vec<(Cell, Wdl)>, SolveError> {
        self.each_move(board, |solver, after| {
            Ok(solver.prove(after, control, Distance::Skip)?.value.other())
        })
    }

    fn each_move<T>(
        &mut self,
        board: &Board,
        mut value: impl FnMut(&mut Solver, &Board) -> Result<T, SolveError>,
    ) -> Result<Vec<(Cell, T)>, SolveError>
    where
        T: FinishedValue,
    {
        if board.is_over() {
            return Err(SolveError::GameOver);
        }
        let mut values = Vec::new();
        for cell in board.moves() {
            let mut after = board.clone();
            after.play(cell);
            let v = if after.is_over() {
                T::finished(after.status().winner().is_some())
            } else {
                value(self, &after)?
            };
            values.push((cell, v));
        }
        Ok(values)
    }

    fn sides(&self, board: &Board) -> (u64, u64) {
        let (x, o) = board
            .masks()
            .expect("the solver only exists for boards of at most 64 cells");
        if board.to_move() == Side::X {
            (x, o)
        } else {
            (o, x)
        }
    }

    /// One root search on every thread; the first thread to finish answers. A question
    /// (a null window at 0 or -1, with proof-number search) goes on from `turns`, where the
    /// same question's earlier rounds stopped.
    #[allow(clippy::too_many_arguments)]
    fn root(
        &self,
        own: u64,
        opp: u64,
        alpha: i32,
        beta: i32,
        control: &Control,
        base: u64,
        iteration: u32,
        stage: Stage,
        turns: &Mutex<Turns>,
    ) -> Result<(i32, u8), Stopped> {
        let cx = &*self.cx;
        cx.counters.begin(iteration, stage);
        let question = cx.ideas.dfpn && beta == alpha + 1 && (alpha == 0 || alpha == -1);
        run_team(self.threads, control, |thread, team| {
            if question && thread == 0 {
                let mut turns = turns.lock().unwrap_or_else(PoisonError::into_inner);
                return answer(cx, team.control(), base, (own, opp), alpha, &mut turns).ok();
            }
            let mut searcher = Searcher::new(cx, team.control(), base, own, opp);
            let result = searcher.root(own, opp, alpha, beta, thread);
            searcher.report();
            result.ok()
        })
        .answer
        .ok_or(Stopped)
    }
}

/// How far one question's alpha-beta and proof-number search have gone: kept across the
/// rounds of a solve with limits (the two questions take turns), so that each round goes on
/// where the question's last one stopped, proof-number search with its own table, instead of
/// starting its turns again with an empty one.
pub(crate) struct Turns {
    /// Alpha-beta's nodes in its next turn (0: proof-number search alone, until it answers).
    budget: u64,
    /// Whether proof-number search has the turn under way.
    proof_number: bool,
    /// Where the turn under way ends (nodes since the solve began), once it has begun.
    until: Option<u64>,
    /// Proof-number search's table, made at its first turn.
    table: Option<PnTable>,
    /// The most memory the table may take.
    table_bytes: usize,
}

impl Turns {
    /// A question not asked yet: alpha-beta first with `first` nodes (0: not at all), a
    /// proof-number table of at most `table_bytes`.
    pub(crate) fn new(first: u64, table_bytes: usize) -> Turns {
        Turns {
            budget: first,
            proof_number: first == 0,
            until: None,
            table: None,
            table_bytes,
        }
    }

    /// What is left of a settled question: nothing (its table freed).
    fn settled() -> Turns {
        Turns::new(0, 0)
    }

    /// Lets the proof-number table grow to `bytes` (the other question is settled).
    fn allow(turns: &Mutex<Turns>, bytes: usize) {
        let mut turns = turns.lock().unwrap_or_else(PoisonError::into_inner);
        turns.table_bytes = bytes;
        if let Some(table) = &mut turns.table {
            table.allow(bytes);
        }
    }
}

/// The null-window question `(alpha, alpha + 1)` with `alpha` 0 ("does the side to move
/// win?") or -1 ("does it avoid losing?") answered by alpha-beta and proof-number search in
/// turns, with the root contract of [`Searcher::root`]: a score on the right side of the
/// window and a move that keeps it (where the side to move wins or does not lose), or any
/// move (where it does not).
///
/// Alpha-beta settles small trees and most draws (its pairings end the lines of a draw
/// where it goes deep first); proof-number search the wins whose proof alpha-beta's fixed
/// order spreads. Alpha-beta goes first with `turns`' first budget ([`ALPHA_BETA_FIRST`]; 0:
/// not at all), then proof-number search with [`PROOF_NUMBER_SHARE`] times as many (with no
/// alpha-beta: until it answers), then both again with twice the nodes; each goes on from
/// where it stopped (alpha-beta through the shared table, proof-number search through its
/// own), and each uses what the other settled in the shared table. Stopped by `control`, it
/// returns with `turns` saying where it was, and the next call goes on from there.
fn answer(
    cx: &Context,
    control: &Control,
    base: u64,
    (own, opp): (u64, u64),
    alpha: i32,
    turns: &mut Turns,
) -> Result<(i32, u8), Stopped> {
    let side_to_move_attacks = alpha == 0;
    let attacker_x = ((own | opp).count_ones() % 2 == 0) == side_to_move_attacks;
    let used = || cx.counters.nodes.load(Relaxed).saturating_sub(base);
    loop {
        if !turns.proof_number {
            let until = *turns
                .until
                .get_or_insert_with(|| used().saturating_add(turns.budget));
            let round = control.with_node_limit(until);
            let mut searcher = Searcher::new(cx, &round, base, own, opp);
            let result = searcher.root(own, opp, alpha, alpha + 1, 0);
            searcher.report();
            if result.is_ok() || control.should_stop(used()) {
                return result;
            }
            (turns.proof_number, turns.until) = (true, None);
        }
        let share = match turns.budget {
            0 => u64::MAX,
            budget => budget.saturating_mul(PROOF_NUMBER_SHARE),
        };
        let until = *turns
            .until
            .get_or_insert_with(|| used().saturating_add(share));
        let round = control.with_node_limit(until);
        let mut searcher = Searcher::new(cx, &round, base, own, opp);
        let bytes = turns.table_bytes;
        let table = turns.table.get_or_insert_with(|| PnTable::new(bytes));
        let result = ProofSearch::new(&mut searcher, attacker_x, table).prove(own, opp);
        searcher.count_as_proof_number();
        searcher.report();
        match result {
            Ok((proved, best)) => {
                let score = match (side_to_move_attacks, proved) {
                    (true, true) => 1,
                    (false, true) => -1,
                    (_, false) => 0,
                };
                if best != NO_MOVE {
                    return Ok((score, best));
                }
                // Settled without a move met on the way (a table entry): alpha-beta finds one
                // (most of it from the table) where it matters, any move does where it does
                // not.
                let mut searcher = Searcher::new(cx, control, base, own, opp);
                let found = if score > alpha {
                    searcher.root(own, opp, alpha, alpha + 1, 0)
                } else {
                    let any = searcher.moves_in_order(own, opp);
                    Ok((score, any.first().copied().unwrap_or(NO_MOVE)))
                };
                searcher.report();
                return found;
            }
            Err(Stopped) if control.should_stop(used()) => return Err(Stopped),
            Err(Stopped) => {}
        }
        turns.until = None;
        if turns.budget > 0 {
            turns.proof_number = false;
            turns.budget = turns.budget.saturating_mul(2);
        }
    }
}

/// A handle to watch a solver from another thread.
#[derive(Debug, Clone)]
pub struct Progress(Arc<Context>);

impl Progress {
    /// Writes the table as a checkpoint while the solver works (as [`Solver::save_table`]).
    ///
    /// # Errors
    /// Any error of `out`.
    pub fn save_table(&self, out: &mut dyn Write) -> io::Result<u64> {
        checkpoint::write(&self.0.table, &self.0.header, out)
    }

    /// The counters now.
    #[must_use]
    pub fn snapshot(&self) -> Snapshot {
        let cx = &self.0;
        Snapshot {
            nodes: cx.counters.nodes.load(Relaxed),
            iteration: cx.counters.iteration.load(Relaxed),
            stage: cx.counters.stage(),
            table_entries: cx.table.filled().min(cx.table.capacity()),
            table_capacity: cx.table.capacity(),
            table_max_capacity: cx.table.max_capacity(),
            table_bytes: cx.table.bytes(),
        }
    }
}

/// The value of a move that ends the game.
trait FinishedValue {
    fn finished(won: bool) -> Self;
}

impl FinishedValue for Outcome {
    fn finished(won: bool) -> Self {
        if won { Outcome::Win(1) } else { Outcome::Draw }
    }
}

impl FinishedValue for Wdl {
    fn finished(won: bool) -> Self {
        if won { Wdl::Win } else { Wdl::Draw }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size};

    /// Random unfinished positions (a fixed pseudo-random walk).
    fn positions(v: Variant, count: usize, seed: u64) -> Vec<Board> {
        let mut state = seed;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        let mut out = Vec::new();
        while out.len() < count {
            let mut board = Board::new(v);
            let stones = next() % (v.size().cells() * 2 / 3);
            while board.stones() < stones && !board.is_over() {
                let moves: Vec<Cell> = board.moves().collect();
                board.play(moves[next() % moves.len()]);
            }
            if !board.is_over() {
                out.push(board);
            }
        }
        out
    }

    /// Both questions answered by proof-number search alone agree with alpha-beta alone, and the move given keeps the value (checked by alpha-beta).
    #[test]
    fn proof_number_search_agrees_with_alpha_beta() {
        let variants = [
            Variant::new(Size::square(4), 3, Rule::Freestyle),
            Variant::new(Size::square(4), 4, Rule::Freestyle),
            Variant::new(Size::new(5, 4), 4, Rule::Freestyle),
            Variant::new(Size::square(5), 4, Rule::Freestyle),
            Variant::new(Size::new(6, 4), 4, Rule::Freestyle),
            Variant::new(Size::new(6, 5), 4, Rule::Freestyle),
            Variant::new(Size::square(6), 5, Rule::Freestyle),
            Variant::new(Size::square(4), 3, Rule::Exact),
            Variant::new(Size::new(6, 3), 4, Rule::Exact),
        ];
        let control = Control::unlimited();
        for (i, v) in variants.into_iter().enumerate() {
            let v = v.unwrap();
            for board in positions(v, 30, 11 + i as u64) {
                let (x, o) = board.masks().unwrap();
                let (own, opp) = if board.to_move() == Side::X {
                    (x, o)
                } else {
                    (o, x)
                };
                // The reference without the refutation zones, which both searches use.
                let plain = SolverConfig {
                    ideas: Ideas::DEFAULT.without("refutation-zones").unwrap(),
                    ..SolverConfig::default()
                };
                let reference = Solver::with_config(&v, plain).unwrap();
                let rcx = &*reference.cx;
                let truth = |own: u64, opp: u64, alpha: i32| {
                    Searcher::new(rcx, &control, 0, own, opp)
                        .search(own, opp, alpha, alpha + 1)
                        .unwrap()
                        > alpha
                };
                for alpha in [0, -1] {
                    let solver = Solver::new(&v).unwrap();
                    let cx = &*solver.cx;
                    let turns = &mut Turns::new(0, cx.pn_bytes);
                    let (score, best) = answer(cx, &control, 0, (own, opp), alpha, turns).unwrap();
                    let good = score > alpha;
                    assert_eq!(good, truth(own, opp, alpha), "{board:?} alpha {alpha}");
                    assert!((own | opp) & 1 << best == 0, "{board:?}: {best}");
                    let (own2, opp2) = (opp, own | 1 << best);
                    let won = cx.lines.win_cells(own, !(own | opp) & cx.lines.full()) & 1 << best;
                    if good && won == 0 && own2 | opp2 != cx.lines.full() {
                        // The move keeps the value: the opponent does not get above -alpha-1.
                        assert!(!truth(own2, opp2, -alpha - 1), "{board:?} move {best}");
                    }
                }
            }
        }
    }

    /// The stats count what the searches did: proof-number search's nodes (all of them when
    /// it answers alone, some when alpha-beta goes first), zones that hold at most the empty
    /// cells and skip at most the moves there are, none without the idea, and the pairings
    /// looked for and found, none without `pairing`.
    #[test]
    fn the_stats_count_each_search_and_the_zones_it_kept() {
        let v = Variant::new(Size::square(5), 4, Rule::Freestyle).unwrap();
        let control = Control::unlimited();
        let nodes = |solver: &Solver| solver.cx.counters.nodes.load(Relaxed);
        for first in [0, 64] {
            let solver = Solver::new(&v).unwrap();
            let turns = &mut Turns::new(first, 1 << 24);
            let (score, _) = answer(&solver.cx, &control, 0, (0, 0), 0, turns).unwrap();
            assert!(score <= 0, "5x5 k=4 is a draw");
            let stats = solver.stats();
            let pn = stats.proof_number_nodes;
            if first == 0 {
                assert_eq!(pn, nodes(&solver));
            } else {
                assert!(pn > 0 && pn < nodes(&solver), "{pn} of {}", nodes(&solver));
            }
            assert!(!stats.zones.is_empty());
            for row in &stats.zones {
                assert!(row.zone_cells <= row.empty_cells, "{row:?}");
                assert!(row.empty_cells <= u64::from(25 - row.stones) * row.zones);
                assert!(row.skipped <= row.moves, "{row:?}");
            }
            assert!(stats.zones.iter().map(|r| r.skipped).sum::<u64>() > 0);
            // Pairings: looked for where the attacker moves, found in some of them (the
            // draw's lines end with them), by stones in order.
            assert!(stats.pairings.iter().map(|r| r.found).sum::<u64>() > 0);
            for row in &stats.pairings {
                assert!(row.found + row.gave_up <= row.asked, "{row:?}");
            }
            assert!(stats.pairings.windows(2).all(|w| w[0].stones < w[1].stones));
        }
        // The stats of a draw proved without `idea`.
        let without = |idea: &str| {
            let config = SolverConfig {
                ideas: Ideas::DEFAULT.without(idea).unwrap(),
                ..SolverConfig::default()
            };
            let mut solver = Solver::with_config(&v, config).unwrap();
            let proof = solver
                .prove(&Board::new(v), &control, Distance::Skip)
                .unwrap();
            assert_eq!(proof.value, Wdl::Draw);
            solver.stats()
        };
        let plain = without("refutation-zones");
        assert_eq!(plain.zones, Vec::new());
        assert!(!plain.pairings.is_empty());
        assert_eq!(without("pairing").pairings, Vec::new());
    }

    /// A question answered in rounds goes on where its last round stopped: with its turns
    /// kept, rounds of growing node limits cost about what one search without limits costs
    /// (each round adds a walk from the root), and give the same answer; begun again each
    /// round (proof-number search with an empty table), they cost more.
    #[test]
    fn a_question_asked_in_rounds_goes_on_where_it_stopped() {
        // 7x4 k=4: X does not win (2.4M nodes, most of them proof-number search's).
        let v = Variant::new(Size::new(7, 4), 4, Rule::Freestyle).unwrap();
        let control = Control::unlimited();
        let nodes = |solver: &Solver| solver.cx.counters.nodes.load(Relaxed);
        let fresh = || Turns::new(64, 1 << 24);
        let solver = Solver::new(&v).unwrap();
        let (score, _) = answer(&solver.cx, &control, 0, (0, 0), 0, &mut fresh()).unwrap();
        assert!(score <= 0);
        let once = nodes(&solver);
        let in_rounds = |keep: bool| {
            let solver = Solver::new(&v).unwrap();
            let mut turns = fresh();
            let mut budget = 64;
            loop {
                let round = control.with_node_limit(nodes(&solver) + budget);
                if !keep {
                    turns = fresh();
                }
                if let Ok((score, _)) = answer(&solver.cx, &round, 0, (0, 0), 0, &mut turns) {
                    assert!(score <= 0);
                    return nodes(&solver);
                }
                budget *= 2;
            }
        };
        let (kept, begun_again) = (in_rounds(true), in_rounds(false));
        assert!(
            kept * 100 <= once * 102,
            "{kept} nodes in rounds, {once} at once"
        );
        assert!(begun_again > kept, "{begun_again} begun again, {kept} kept");
    }

    /// Every win the threat-space search finds is a win, at least as soon as it says (by the
    /// exact score of a solver without it), on boards where threes and counter-fours occur.
    #[test]
    fn wins_by_threats_are_wins() {
        use super::super::threats::Vcf;
        use super::super::vct::Vct;
        let variants = [
            Variant::new(Size::square(5), 4, Rule::Freestyle),
            Variant::new(Size::square(6), 4, Rule::Freestyle),
            Variant::new(Size::new(7, 5), 4, Rule::Exact),
            Variant::new(Size::square(6), 5, Rule::Freestyle),
        ];
        let control = Control::unlimited();
        let mut found = 0;
        for (i, v) in variants.into_iter().enumerate() {
            let v = v.unwrap();
            let config = SolverConfig {
                ideas: Ideas::DEFAULT,
                ..SolverConfig::default()
            };
            let reference = Solver::with_config(&v, config).unwrap();
            let cx = &*reference.cx;
            for board in positions(v, 60, 101 + i as u64) {
                let (x, o) = board.masks().unwrap();
                let (own, opp) = if board.to_move() == Side::X {
                    (x, o)
                } else {
                    (o, x)
                };
                let empty = cx.lines.full() & !(own | opp);
                let n_empty = empty.count_ones();
                if cx.lines.win_cells(own, empty) != 0
                    || Vcf::default()
                        .search(&cx.lines, own, opp, n_empty, 1 << 20)
                        .is_some()
                {
                    continue;
                }
                let Some(plies) = Vct::default().search(&cx.lines, own, opp, n_empty, 1 << 20)
                else {
                    continue;
                };
                found += 1;
                let promised = (n_empty + 1 - plies) as i32;
                let score = Searcher::new(cx, &control, 0, own, opp)
                    .search(own, opp, promised - 1, promised)
                    .unwrap();
                assert!(score >= promised, "{board:?}: {plies} plies, score {score}");
            }
        }
        assert!(found >= 20, "only {found} wins by threats met");
    }
}
