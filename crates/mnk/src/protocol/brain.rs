//! The brain: the protocol's state machine. One line in, the lines to send back out.
//!
//! It keeps the board (as [`Stones`]), the settings from `INFO`, the game's clock, and the
//! player, and asks the player for a move when the protocol wants one (`BEGIN`, `TURN`, `DONE`
//! after `BOARD`). Every command that wants an answer gets exactly one answer line (a move, `OK`,
//! `ERROR ...`, `UNKNOWN ...`, or the `ABOUT` line), preceded by any `MESSAGE` / `DEBUG` lines.
//! Nothing that arrives makes it panic, and a bad line leaves the state as it was.

use super::command::{Command, CommandError, Field, Info, Point, point};
use super::fallback::quick_move;
use super::report;
use super::stones::Stones;
use super::timing::{MatchClock, TurnPlan, memory_capped, memory_mib, table_mib};
use super::watchdog::Watchdog;
use crate::game::rule_bits::rule_from_bits;
use crate::game::{
    Board, Cell, Opening, OpeningError, OpeningRule, Rule, Size, Stage, Variant, VariantError,
};
use crate::players::{
    Evaluation, MAX_MEMORY_MIB, MAX_THREADS, PlayerOptions, PlayerSpec, Thought, strongest_for,
    swap2,
};
use crate::search::{MAX_LINES, Report, Stop, check_lines};
use std::sync::mpsc::Sender;
use std::time::Instant;

/// How the brain plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrainConfig {
    /// The player that thinks; `None` picks [`default_player`] for each board.
    pub player: Option<PlayerSpec>,
    /// Stones in a row that win: 5 for gomoku.
    pub k: u32,
    /// The most search threads `INFO thread_num` may grant: the machine's cores, which the
    /// program that runs the brain knows ([`crate::search::cores`]); at most
    /// [`MAX_THREADS`].
    pub max_threads: usize,
}

impl Default for BrainConfig {
    fn default() -> Self {
        BrainConfig {
            player: None,
            k: 5,
            max_threads: 1,
        }
    }
}

/// The player that answers when none is named: `perfect` where it is quick (tiny boards), else
/// `engine`.
#[must_use]
pub fn default_player(variant: &Variant) -> PlayerSpec {
    strongest_for(variant)
}

/// What to send back for one line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// Lines to write, in order, each without its line ending.
    pub lines: Vec<String>,
    /// The manager said `END`: stop reading and exit.
    pub quit: bool,
}

impl Reply {
    fn lines(lines: Vec<String>) -> Self {
        Reply { lines, quit: false }
    }
}

/// A block of data lines being received, up to `DONE`.
#[derive(Debug)]
enum Block {
    /// `BOARD` (`think`: answer with a move) or `YXBOARD` (take the position only): stones,
    /// with the time the block began (the turn's clock starts then).
    Board {
        started: Instant,
        stones: Vec<(Point, Field)>,
        problem: Option<String>,
        think: bool,
    },
    /// `SWAP2BOARD`: the opening's stones so far, black first and alternating, with the time
    /// the block began.
    Swap2 {
        started: Instant,
        points: Vec<Point>,
        problem: Option<String>,
    },
}

/// The Gomocup brain. See the module documentation.
pub struct Brain {
    config: BrainConfig,
    stones: Option<Stones>,
    clock: MatchClock,
    rule_bits: u32,
    max_memory: u64,
    threads: Option<usize>,
    /// `INFO max_node` and `INFO max_depth`: limits of every move besides its time.
    max_nodes: Option<u64>,
    max_depth: Option<u32>,
    /// `INFO show_detail`: 1 set, realtime marks while searching (with [`Brain::with_live`]);
    /// 2 set, an `INFO PV` block per line after each search.
    show_detail: u32,
    block: Option<Block>,
    /// `MESSAGE` lines about `INFO` problems, held until the next answer: the manager does
    /// not read while it sends `INFO`.
    deferred: Vec<String>,
    seat: Watchdog,
    stop: Stop,
    /// Where the lines said while a search runs go (`INFO show_detail 1`'s realtime marks),
    /// ahead of the answer: see [`Brain::with_live`].
    live: Option<Sender<String>>,
}

impl Brain {
    /// A brain with no board yet (the manager sends `START` first).
    #[must_use]
    pub fn new(config: BrainConfig) -> Self {
        Brain {
            config,
            stones: None,
            clock: MatchClock::new(),
            rule_bits: 0,
            max_memory: 0,
            threads: None,
            max_nodes: None,
            max_depth: None,
            show_detail: 0,
            block: None,
            deferred: Vec::new(),
            seat: Watchdog::default(),
            stop: Stop::new(),
            live: None,
        }
    }

    /// Sends the lines the brain says while it thinks to `live`, to be written as they come,
    /// before the answer of the command that started the search: the realtime marks of
    /// `INFO show_detail 1` ([`report::Realtime`]). Without it they are not made (a caller
    /// that writes only answers could not show them in time).
    #[must_use]
    pub fn with_live(mut self, live: Sender<String>) -> Self {
        self.live = Some(live);
        self
    }

    /// Stops any search when `stop` is set (by a thread that reads `END` or `YXSTOP` while the
    /// brain thinks): every search's stop signal is a child of it.
    #[must_use]
    pub fn with_stop(mut self, stop: Stop) -> Self {
        self.stop = stop;
        self
    }

    /// The position, once a game has started.
    #[must_use]
    pub fn stones(&self) -> Option<&Stones> {
        self.stones.as_ref()
    }

    /// The player last asked for a move, with the settings it was given.
    #[must_use]
    pub fn player(&self) -> Option<&PlayerSpec> {
        self.seat.spec()
    }

    /// The game's time limits and the time used.
    #[must_use]
    pub fn clock(&self) -> &MatchClock {
        &self.clock
    }

    /// Handles one line that arrived at `received` (a move's time counts from then).
    pub fn handle(&mut self, line: &str, received: Instant) -> Reply {
        let parsed = line.parse::<Command>();
        if self.block.is_some() {
            return self.in_block(line, parsed, received);
        }
        self.command(parsed, received)
    }

    /// A line inside a `BOARD` or `SWAP2BOARD` block.
    fn in_block(
        &mut self,
        line: &str,
        parsed: Result<Command, CommandError>,
        received: Instant,
    ) -> Reply {
        match (parsed, &mut self.block) {
            (Err(CommandError::Empty) | Ok(Command::YxStop), _) => Reply::default(),
            (Ok(Command::Stone(point, field)), Some(Block::Board { stones, .. })) => {
                stones.push((point, field));
                Reply::default()
            }
            // A stone with its field, as Rapfi expects them in SWAP2BOARD: the field is
            // ignored (the order says the colour).
            (Ok(Command::Stone(point, _)), Some(Block::Swap2 { points, .. })) => {
                points.push(point);
                Reply::default()
            }
            (Ok(Command::Stone(..)), _) => Reply::default(),
            (Ok(Command::Done), _) => match self.block.take() {
                Some(Block::Board {
                    started,
                    stones,
                    problem,
                    think,
                }) => self.board_done(started, &stones, problem, think),
                Some(Block::Swap2 {
                    started,
                    points,
                    problem,
                }) => self.swap2_done(started, &points, problem),
                None => self.answer("ERROR DONE without BOARD".into()),
            },
            (Ok(Command::End), _) => Reply {
                lines: Vec::new(),
                quit: true,
            },
            (Ok(other), _) => {
                // A command before DONE: the block was abandoned. Answer for it, then obey.
                let abandoned = match self.block.take() {
                    Some(Block::Swap2 { .. }) => {
                        "ERROR SWAP2BOARD was not finished by DONE; the position is unchanged"
                    }
                    Some(Block::Board { think: false, .. }) => {
                        "ERROR YXBOARD was not finished by DONE; the position is unchanged"
                    }
                    _ => "ERROR BOARD was not finished by DONE; the position is unchanged",
                };
                let abandoned = abandoned.to_string();
                let mut reply = self.answer(abandoned);
                let next = self.command(Ok(other), received);
                reply.lines.extend(next.lines);
                reply.quit = next.quit;
                reply
            }
            (Err(e), Some(Block::Board { problem, .. })) => {
                problem.get_or_insert_with(|| match e {
                    CommandError::BadArguments { .. } => e.to_string(),
                    _ => format!(
                        "BOARD: cannot read '{}', expected x,y,field or DONE",
                        report::one_line(line.trim())
                            .chars()
                            .take(40)
                            .collect::<String>()
                    ),
                });
                Reply::default()
            }
            (
                Err(_),
                Some(Block::Swap2 {
                    points, problem, ..
                }),
            ) => {
                match point("SWAP2BOARD", line.trim()) {
                    Ok(p) => points.push(p),
                    Err(e) => {
                        problem.get_or_insert_with(|| e.to_string());
                    }
                }
                Reply::default()
            }
            (Err(_), _) => Reply::default(),
        }
    }

    fn command(&mut self, parsed: Result<Command, CommandError>, received: Instant) -> Reply {
        let command = match parsed {
            Ok(c) => c,
            Err(CommandError::Empty) => return Reply::default(),
            Err(e) if e.is_info() => {
                self.deferred
                    .push(report::message(&format!("{e}; the setting is unchanged")));
                return Reply::default();
            }
            Err(e) if e.is_unknown() => return self.answer(format!("UNKNOWN {e}")),
            Err(e) => return self.answer(format!("ERROR {e}")),
        };
        match command {
            Command::Start(side) => self.start(side, side),
            Command::RectStart { width, height } => self.start(width, height),
            Command::Restart => {
                let reply = match &mut self.stones {
                    Some(stones) => {
                        *stones = Stones::new(stones.size());
                        self.clock.new_game();
                        self.seat.new_game();
                        "OK".to_string()
                    }
                    None => no_game("RESTART"),
                };
                self.answer(reply)
            }
            Command::Begin => self.think(received, 1),
            Command::Turn(point) => match self.place(point, Field::Opponent, "TURN") {
                Ok(_) => self.think(received, 1),
                Err(e) => self.answer(e),
            },
            Command::YxNbest(n) => self.nbest(received, n),
            Command::Play(point) => {
                let reply = self
                    .place(point, Field::Own, "PLAY")
                    .map_or_else(|e| e, |_| point.to_string());
                self.answer(reply)
            }
            Command::Takeback(point) => {
                let reply = match &mut self.stones {
                    Some(stones) => stones
                        .remove(point)
                        .map_or_else(|e| format!("ERROR TAKEBACK: {e}"), |_| "OK".into()),
                    None => no_game("TAKEBACK"),
                };
                self.answer(reply)
            }
            Command::Board | Command::YxBoard => {
                self.block = Some(Block::Board {
                    started: received,
                    stones: Vec::new(),
                    problem: None,
                    think: command == Command::Board,
                });
                Reply::default()
            }
            Command::Swap2Board => {
                self.block = Some(Block::Swap2 {
                    started: received,
                    points: Vec::new(),
                    problem: None,
                });
                Reply::default()
            }
            Command::Stone(point, _) => self.answer(format!(
                "ERROR a stone line ({point},...) outside BOARD ... DONE"
            )),
            Command::Done => self.answer("ERROR DONE without BOARD".into()),
            Command::Info(info) => {
                self.info(info);
                Reply::default()
            }
            Command::About => self.answer(report::about()),
            Command::End => Reply {
                lines: Vec::new(),
                quit: true,
            },
            Command::YxStop => Reply::default(),
        }
    }

    /// `answer` after any held messages.
    fn answer(&mut self, answer: String) -> Reply {
        let mut lines = std::mem::take(&mut self.deferred);
        lines.push(report::one_line(&answer));
        Reply::lines(lines)
    }

    fn info(&mut self, info: Info) {
        match info {
            // The limits size the engine's table ([`MatchClock::longest_move`]): the player is
            // seated again now, not in a move's time.
            Info::TimeoutTurn(ms) => {
                self.clock.set_timeout_turn(ms);
                self.prepare();
            }
            Info::TimeoutMatch(ms) => {
                self.clock.set_timeout_match(ms);
                self.prepare();
            }
            Info::TimeLeft(ms) => self.clock.report_time_left(ms),
            Info::MaxMemory(bytes) => {
                self.max_memory = bytes;
                if memory_capped(bytes) {
                    self.deferred.push(report::message(&format!(
                        "max_memory {bytes}: the tables take at most {MAX_MEMORY_MIB} MiB"
                    )));
                }
                self.prepare();
            }
            Info::Rule(bits) => {
                self.rule_bits = bits;
                self.prepare();
            }
            Info::ThreadNum(n) => {
                let cores = self.config.max_threads.clamp(1, MAX_THREADS);
                let wanted = usize::try_from(n.max(1)).unwrap_or(usize::MAX);
                if wanted > cores {
                    self.deferred.push(report::message(&format!(
                        "thread_num {n} is more than the {cores} this machine runs at once; \
                         using {cores}"
                    )));
                }
                self.threads = Some(wanted.min(cores));
                self.prepare();
            }
            Info::MaxNode(nodes) => self.max_nodes = nodes,
            Info::MaxDepth(depth) => self.max_depth = depth,
            Info::ShowDetail(bits) => self.show_detail = bits,
            Info::GameType(_) | Info::Other { .. } => {}
        }
    }

    fn start(&mut self, width: u32, height: u32) -> Reply {
        let reply = match self.variant_for(width, height, Rule::Freestyle) {
            Ok(variant) => {
                self.stones = Some(Stones::new(variant.size()));
                self.block = None;
                self.clock.new_game();
                self.seat.new_game();
                self.prepare();
                "OK".to_string()
            }
            Err(e) => format!("ERROR {e}"),
        };
        self.answer(reply)
    }

    /// The variant of the game on, under the current rule; else the `ERROR` answer (before
    /// `START`, or for a rule or size this brain does not play).
    fn variant(&self) -> Result<Variant, String> {
        let Some(size) = self.stones.as_ref().map(Stones::size) else {
            return Err(no_game("a move request"));
        };
        let rule = rule_from_bits(self.rule_bits).map_err(|e| format!("ERROR {e}"))?;
        self.variant_for(u32::from(size.width), u32::from(size.height), rule)
            .map_err(|e| format!("ERROR {e}"))
    }

    /// Seats the player for the game on and lets it allocate its tables now, between moves
    /// (`START`, and `INFO` that changes its settings), not in a move's time.
    fn prepare(&mut self) {
        if let Ok(variant) = self.variant() {
            let spec = self.spec_for(&variant);
            self.seat.prepare(&spec, &variant);
        }
    }

    fn variant_for(&self, width: u32, height: u32, rule: Rule) -> Result<Variant, String> {
        let side = |n: u32| u8::try_from(n).map_err(|_| VariantError::SideOutOfRange(n));
        let size = side(width)
            .and_then(|w| Ok(Size::new(w, side(height)?)))
            .map_err(|e| e.to_string())?;
        Variant::new(size, self.config.k, rule).map_err(|e| match e {
            VariantError::KOutOfRange { .. } => {
                format!("{e} (this brain plays {} in a row)", self.config.k)
            }
            other => other.to_string(),
        })
    }

    fn place(&mut self, point: Point, owner: Field, command: &str) -> Result<Cell, String> {
        let stones = self.stones.as_mut().ok_or_else(|| no_game(command))?;
        stones
            .place(point, owner)
            .map_err(|e| format!("ERROR {command}: {e}"))
    }

    /// The end of a `BOARD` block (`think`: answer with a move) or a `YXBOARD` one (take the
    /// position, answer nothing unless it cannot be taken).
    fn board_done(
        &mut self,
        started: Instant,
        received: &[(Point, Field)],
        problem: Option<String>,
        think: bool,
    ) -> Reply {
        let command = if think { "BOARD" } else { "YXBOARD" };
        let Some(current) = &self.stones else {
            return self.answer(no_game(command));
        };
        if let Some(problem) = problem {
            return self.answer(format!("ERROR {problem}; the position is unchanged"));
        }
        let mut stones = Stones::new(current.size());
        for &(point, field) in received {
            if let Err(e) = stones.place(point, field) {
                return self.answer(format!(
                    "ERROR {command} {point},...: {e}; the position is unchanged"
                ));
            }
        }
        self.stones = Some(stones);
        if think {
            self.think(started, 1)
        } else {
            Reply::default()
        }
    }

    /// `YXNBEST n`: the best `n` moves (at least 1, at most [`MAX_LINES`] and the legal moves;
    /// a number outside is said in a `MESSAGE` and brought within), each reported, the best
    /// played and answered.
    fn nbest(&mut self, started: Instant, n: u32) -> Reply {
        let wanted = usize::try_from(n).unwrap_or(usize::MAX);
        let moves = match (self.variant(), &self.stones) {
            (Ok(variant), Some(stones)) => stones
                .board(variant)
                .map_or(1, |b| b.moves().count().max(1)),
            _ => 1,
        };
        let lines = match check_lines(wanted, moves) {
            Ok(lines) => lines,
            Err(e) => {
                let lines = wanted.clamp(1, MAX_LINES.min(moves));
                self.deferred.push(report::message(&format!(
                    "YXNBEST {n}: {e}; searching {lines}"
                )));
                lines
            }
        };
        self.think(started, lines)
    }

    /// Chooses, plays and answers our move, with the best `lines` moves reported when more
    /// than one is asked for (`YXNBEST`); the turn began at `started`.
    fn think(&mut self, started: Instant, lines_wanted: usize) -> Reply {
        let variant = match self.variant() {
            Ok(v) => v,
            Err(e) => return self.answer(e),
        };
        let stones = self
            .stones
            .clone()
            .unwrap_or_else(|| Stones::new(variant.size()));
        let empty = stones.empty_cells();
        let turn = self.clock.turn_plan(variant.size().cells() - empty, empty);
        // Held messages first, then this move's information, then the move.
        let mut lines = std::mem::take(&mut self.deferred);
        let board = stones.board(variant).map_err(|e| e.to_string());
        let chosen = board
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|board| self.ask_player(board, started, turn, lines_wanted));
        // Free, and not forbidden to us (renju's black).
        let legal = |cell: Cell| {
            stones.is_free(cell) && board.as_ref().is_ok_and(|b| b.forbidden(cell).is_none())
        };
        let cell = match chosen {
            Ok(thought) if legal(thought.choice.cell) => {
                lines.push(self.search_info(&thought, &stones));
                let best = thought.choice.best_lines(lines_wanted);
                let point = |c| stones.point(c);
                if lines_wanted > 1 {
                    lines.extend(
                        best.iter()
                            .enumerate()
                            .map(|(i, l)| report::line(i, l, point)),
                    );
                }
                if self.show_detail & 2 != 0 {
                    for (i, line) in best.iter().enumerate() {
                        lines.extend(report::detail(i, best.len(), line, &thought, point));
                    }
                }
                Some(thought.choice.cell)
            }
            other => {
                let why = match other {
                    Ok(thought) => format!(
                        "the player chose cell {}, which is not free or is forbidden",
                        thought.choice.cell.index()
                    ),
                    Err(why) => why,
                };
                lines.push(report::message(&format!(
                    "{why}; playing a quick move instead"
                )));
                match quick_move(&stones, &variant) {
                    Ok(cell) => cell,
                    Err(e) => {
                        lines.push(format!("ERROR no quick move either: {e}"));
                        return Reply::lines(lines);
                    }
                }
            }
        };
        let Some(cell) = cell else {
            lines.push("ERROR the board is full: there is no move to make".into());
            return Reply::lines(lines);
        };
        let point = stones.point(cell);
        if let Some(s) = self.stones.as_mut() {
            let _ = s.place(point, Field::Own);
        }
        let spent = started.elapsed();
        self.clock.record_move(spent);
        lines.push(report::time_debug(
            turn,
            spent,
            self.clock.timeout_turn(),
            self.clock.match_left(),
        ));
        lines.push(point.to_string());
        Reply::lines(lines)
    }

    /// The player for `variant`: the configured one, else the default; one thread unless its
    /// own settings or `INFO thread_num` say otherwise, its tables within `max_memory` (the
    /// engine's, what its longest move fills on its threads: [`table_mib`]), its
    /// nodes and depth within `max_node` and `max_depth` (for players that count them).
    fn spec_for(&self, variant: &Variant) -> PlayerSpec {
        let mut spec = self
            .config
            .player
            .clone()
            .unwrap_or_else(|| default_player(variant));
        spec.options = spec.options.or(PlayerOptions {
            threads: Some(self.threads.unwrap_or(1)),
            ..PlayerOptions::default()
        });
        let capped = |own: Option<u64>, manager: Option<u64>| match (own, manager) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        spec.options.nodes = capped(spec.options.nodes, self.max_nodes);
        if crate::players::info(spec.name).is_some_and(|i| i.abilities.searches_to_depth) {
            spec.options.depth = capped(
                spec.options.depth.map(u64::from),
                self.max_depth.map(u64::from),
            )
            .map(|d| u32::try_from(d).unwrap_or(u32::MAX));
        }
        // The net the engine plays with counts in the memory, before its tables.
        let net_bytes = match crate::engine::net::for_variant(variant) {
            Some(net)
                if crate::players::info(spec.name).is_some_and(|i| i.abilities.network)
                    && spec.options.eval != Some(Evaluation::Linear) =>
            {
                net.memory_bytes() as u64
            }
            _ => 0,
        };
        let max_memory = match self.max_memory {
            0 => 0,
            bytes => bytes.saturating_sub(net_bytes).max(1),
        };
        if let Some(limit) = memory_mib(max_memory) {
            // A table that only holds what a move searches gets what the longest move fills,
            // on all its threads.
            let threads = spec.options.threads.unwrap_or(1) as u64;
            let fills = crate::players::info(spec.name)
                .and_then(|i| i.abilities.table_per_second_mib)
                .map(|per_second| {
                    table_mib(
                        per_second.saturating_mul(threads),
                        self.clock.longest_move(),
                    )
                });
            let wanted = spec.options.memory_mib.or(fills);
            spec.options.memory_mib = Some(wanted.map_or(limit, |m| m.min(limit)));
        }
        spec
    }

    /// Asks the player for a move within `turn`, for a command that arrived at `started`.
    /// `SWAP2BOARD` ... `DONE`: the stones replayed as swap2 places them ([`Opening::replay`]);
    /// with no stone, proposes the opening's three (the most
    /// balanced of [`swap2::OPENINGS`] in its player's judgement); with three or five, white
    /// to move, takes black (`SWAP`) when its player judges white's best move worse than
    /// even, else plays that move as white.
    fn swap2_done(&mut self, started: Instant, points: &[Point], problem: Option<String>) -> Reply {
        let Some(current) = &self.stones else {
            return self.answer(no_game("SWAP2BOARD"));
        };
        if let Some(problem) = problem {
            return self.answer(format!("ERROR {problem}; expected x,y lines and DONE"));
        }
        let variant = match self.variant() {
            Ok(v) => v,
            Err(e) => return self.answer(e),
        };
        let size = current.size();
        let empty = Stones::new(size);
        let mut cells = Vec::with_capacity(points.len());
        for &p in points {
            match empty.cell(p) {
                Ok(c) => cells.push(c),
                Err(e) => return self.answer(format!("ERROR SWAP2BOARD {p}: {e}")),
            }
        }
        // The stones as swap2 places them: who acts now, and how, is the opening's to say.
        let n = cells.len();
        let (game, opening) = match Opening::replay(OpeningRule::Swap2, variant, &cells) {
            Ok(replayed) => replayed,
            Err((_, OpeningError::EndsGame)) => {
                return self.answer("ERROR SWAP2BOARD: the opening is already won".into());
            }
            Err((i, OpeningError::Move(e))) => {
                return self.answer(format!("ERROR SWAP2BOARD {}: {e}", points[i]));
            }
            Err(_) => return self.answer(swap2_count(n)),
        };
        match opening.stage() {
            Stage::Place if n == 0 => self.swap2_open(started, variant),
            Stage::Choose => self.swap2_choose(started, game.board(), points),
            _ => self.answer(swap2_count(n)),
        }
    }

    /// Proposes swap2's first three stones ([`swap2::propose`]), each candidate judged by
    /// a search of [`swap2::JUDGE_NODES`] nodes.
    fn swap2_open(&mut self, started: Instant, variant: Variant) -> Reply {
        let stones = Stones::new(variant.size());
        let mut lines = std::mem::take(&mut self.deferred);
        let mut spec = self.spec_for(&variant);
        spec.options.nodes = Some(
            spec.options
                .nodes
                .map_or(swap2::JUDGE_NODES, |n| n.min(swap2::JUDGE_NODES)),
        );
        let proposed = swap2::propose(&variant, |board| {
            let turn = self.clock.turn_plan(board.stones(), board.empty_cells());
            self.seat
                .choose(&spec, board, started, turn, &self.stop)
                .ok()
                .and_then(|t| t.choice.value)
        });
        let Some(cells) = proposed else {
            return self.answer("ERROR SWAP2BOARD: the board is too small for an opening".into());
        };
        self.clock.record_move(started.elapsed());
        let answer: Vec<String> = cells.iter().map(|&c| stones.point(c).to_string()).collect();
        lines.push(answer.join(" "));
        Reply::lines(lines)
    }

    /// Swap2's choice with white to move after `points` (three or five stones): `SWAP` (take
    /// black) when the player judges white's best move worse than even, else that move.
    fn swap2_choose(&mut self, started: Instant, board: &Board, points: &[Point]) -> Reply {
        let turn = self.clock.turn_plan(board.stones(), board.empty_cells());
        let mut lines = std::mem::take(&mut self.deferred);
        let thought = match self.ask_player(board, started, turn, 1) {
            Ok(t) => t,
            Err(why) => {
                lines.push(format!("ERROR SWAP2BOARD: {why}"));
                return Reply::lines(lines);
            }
        };
        let size = board.size();
        let mut stones = Stones::new(size);
        let swap = swap2::decide(&thought.choice) == swap2::Decision::Swap;
        // Black's stones are ours after a swap, white's otherwise.
        for (i, &p) in points.iter().enumerate() {
            let black = i % 2 == 0;
            let _ = stones.place(
                p,
                if black == swap {
                    Field::Own
                } else {
                    Field::Opponent
                },
            );
        }
        lines.push(self.search_info(&thought, &stones));
        let answer = if swap {
            "SWAP".to_string()
        } else {
            let point = stones.point(thought.choice.cell);
            let _ = stones.place(point, Field::Own);
            point.to_string()
        };
        self.stones = Some(stones);
        self.clock.record_move(started.elapsed());
        lines.push(answer);
        Reply::lines(lines)
    }

    /// The `MESSAGE` line on the search behind `thought`, its cells written on `stones`.
    fn search_info(&self, thought: &Thought, stones: &Stones) -> String {
        let name = self.seat.spec().map_or("player", |s| s.name);
        report::search_info(name, &thought.choice, thought.time, |c| stones.point(c))
    }

    fn ask_player(
        &mut self,
        board: &Board,
        started: Instant,
        turn: TurnPlan,
        lines: usize,
    ) -> Result<Thought, String> {
        let spec = self.spec_for(board.variant());
        let live = self.live.as_ref().filter(|_| self.show_detail & 1 != 0);
        let size = board.size();
        let mut said = report::Realtime::default();
        let mut say = |progress: &Report| {
            for mark in said.marks(progress, |c| Point::of(size, c)) {
                // A caller that went away loses the mark, never the move.
                let _ = live.map(|l| l.send(mark));
            }
        };
        let watch = live.map(|_| &mut say as &mut dyn FnMut(&Report));
        let thought =
            self.seat
                .choose_lines(&spec, board, (started, turn), &self.stop, lines, watch);
        // The mark left on the board is the move about to be answered.
        if let (Some(_), Ok(thought)) = (live, &thought) {
            say(&Report {
                pv: vec![thought.choice.cell],
                ..Report::default()
            });
        }
        thought
    }
}

/// The answer to a `SWAP2BOARD` whose stones leave nothing for the brain to do.
fn swap2_count(n: usize) -> String {
    format!("ERROR SWAP2BOARD gives 0, 3 or 5 stones, not {n}: the opening's stones so far")
}

fn no_game(command: &str) -> String {
    format!("ERROR {command} before START: send START n (or RECTSTART w,h) first")
}
