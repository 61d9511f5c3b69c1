//! A seat: a player kept for a game, asked for one move after another.
//!
//! Every caller (the terminal game, `mnk best`, `mnk match`, the Gomocup brain, each web game)
//! holds its players in seats, so a player's tables survive from one move to the next. A seat
//! is where a search is started, the same way for all of them: the player's own limits (from
//! its specification), the caller's [`Ask`] (what the request or the clock allows, the stop
//! signal, when the move was asked for) and the player's declared
//! [`default time`](super::Abilities::default_time) make the one [`Control`] the player polls.

use super::{
    AlphaBeta, EnginePlayer, GameTree, Mcts, Minimax, MinimaxIterative, Perfect, PlayerInfo,
    PlayerSpec, Rules, SeedGomoku, SeedProgram, ThreatPlayer, info,
};
use crate::engine::ThreatKind;
use crate::game::{Board, Cell, Variant};
use crate::search::{Choice, Control, Limits, Player, PlayerError, Progress, Stop, TimePlan};
use std::time::{Duration, Instant};

/// Builds the player a specification names, with its build settings (`threads`,
/// `memory-mb`); its limits (`depth`, `nodes`, `time-ms`) reach it through the [`Control`]
/// of each search (see [`Seat`]).
#[must_use]
pub fn create(spec: &PlayerSpec) -> Box<dyn Player> {
    let o = spec.options;
    match spec.name {
        "rules" => Box::new(Rules::new()),
        "minimax" => Box::new(Minimax::new()),
        "minimax-iterative" => Box::new(MinimaxIterative::new()),
        "alphabeta" => Box::new(AlphaBeta::with_order(o.order.unwrap_or_default())),
        "gametree" => Box::new(GameTree::new()),
        "gomoku-minimax" => Box::new(SeedGomoku::new(SeedProgram::Minimax)),
        "gomoku-alphabeta" => Box::new(SeedGomoku::new(SeedProgram::AlphaBeta)),
        "gomoku-pruned" => Box::new(SeedGomoku::new(SeedProgram::Pruned)),
        "perfect" => Box::new(Perfect::new(o)),
        "engine" => Box::new(EnginePlayer::new(o)),
        "vcf" => Box::new(ThreatPlayer::new(ThreatKind::Vcf)),
        "vct" => Box::new(ThreatPlayer::new(ThreatKind::Vct)),
        "mcts" => Box::new(Mcts::new(o)),
        other => unreachable!("PlayerSpec only holds catalog names, not '{other}'"),
    }
}

/// One move asked of a seat: when it was asked, what it may spend, and what stops it.
#[derive(Debug, Clone)]
pub struct Ask {
    /// When the move was asked for: its time counts from here.
    pub start: Instant,
    /// Limits of this request, each replacing the player's own of the same kind (a web
    /// request's `depth`, `time_ms`).
    pub limits: Limits,
    /// What the clock allows (the caller's [`crate::search::TimeControl::plan`]).
    pub plan: TimePlan,
    /// Bounds nobody may exceed (a server's caps).
    pub caps: Limits,
    /// Stops the search.
    pub stop: Stop,
    /// Where the search publishes what it has found so far, for a watcher.
    pub progress: Option<Progress>,
    /// How many best lines to find (multi-PV, [`Control::lines`]): 1 for a plain move.
    pub lines: usize,
    /// The root moves the search may play ([`Control::root_moves`]); empty: every move.
    pub root_moves: Vec<Cell>,
}

impl Default for Ask {
    fn default() -> Self {
        Ask::now()
    }
}

impl Ask {
    /// A move asked for now, with nothing beyond the player's own limits.
    #[must_use]
    pub fn now() -> Self {
        Ask {
            start: Instant::now(),
            limits: Limits::NONE,
            plan: TimePlan::UNLIMITED,
            caps: Limits::NONE,
            stop: Stop::new(),
            progress: None,
            lines: 1,
            root_moves: Vec::new(),
        }
    }

    /// This ask, stopped by `stop`.
    #[must_use]
    pub fn with_stop(self, stop: Stop) -> Self {
        Ask { stop, ..self }
    }

    /// This ask, watched through `progress`.
    #[must_use]
    pub fn with_progress(self, progress: Progress) -> Self {
        Ask {
            progress: Some(progress),
            ..self
        }
    }
}

/// A move a seated player chose, and the time it took from the moment it was asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Thought {
    /// The choice.
    pub choice: Choice,
    /// From [`Ask::start`] to the answer.
    pub time: Duration,
}

/// A player kept for a game.
pub struct Seat {
    spec: PlayerSpec,
    info: &'static PlayerInfo,
    player: Box<dyn Player>,
}

impl std::fmt::Debug for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Seat")
            .field("spec", &self.spec)
            .finish_non_exhaustive()
    }
}

impl Seat {
    /// The player `spec` names, seated.
    #[must_use]
    pub fn new(spec: PlayerSpec) -> Self {
        Seat {
            info: info(spec.name).expect("a PlayerSpec names a catalog player"),
            player: create(&spec),
            spec,
        }
    }

    /// `player` seated as the player `spec` names (the catalog's abilities of that name apply):
    /// a player of one's own, or one built with settings the catalog does not offer.
    #[must_use]
    pub fn with_player(spec: PlayerSpec, player: Box<dyn Player>) -> Self {
        Seat {
            info: info(spec.name).expect("a PlayerSpec names a catalog player"),
            player,
            spec,
        }
    }

    /// The player's specification (its limits are used unless an [`Ask`] replaces them).
    #[must_use]
    pub const fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    /// The player's catalog entry.
    #[must_use]
    pub const fn info(&self) -> &'static PlayerInfo {
        self.info
    }

    /// The player.
    pub fn player_mut(&mut self) -> &mut dyn Player {
        self.player.as_mut()
    }

    /// Whether this seat's player is the one `spec` asks for: the same player built with the
    /// same settings (all but its limits: see
    /// [`PlayerOptions::build`](super::PlayerOptions::build)). Limits may differ:
    /// they come with each move.
    #[must_use]
    pub fn serves(&self, spec: &PlayerSpec) -> bool {
        self.spec.name == spec.name && self.spec.options.build() == spec.options.build()
    }

    /// Takes the player's limits from `spec` from now on (a seat that [`Seat::serves`] it).
    pub fn set_limits(&mut self, spec: &PlayerSpec) {
        self.spec.options.depth = spec.options.depth;
        self.spec.options.nodes = spec.options.nodes;
        self.spec.options.time_ms = spec.options.time_ms;
    }

    /// The limits of a move: the ask's, else the player's own; the player's default time
    /// when nothing else bounds it; within the ask's caps.
    #[must_use]
    pub fn limits(&self, ask: &Ask) -> Limits {
        let mut limits = ask.limits.or(self.spec.options.limits());
        let unbounded = ask.plan.deadline.is_none()
            && limits.time.is_none()
            && limits.nodes.is_none()
            && (limits.depth.is_none() || !self.info.abilities.depth_ends_search);
        if unbounded {
            limits.time = self.info.abilities.default_time;
        }
        limits.within(ask.caps)
    }

    /// The control of a move asked for with `ask`.
    #[must_use]
    pub fn control(&self, ask: &Ask) -> Control {
        Control::new(ask.start, &self.limits(ask), ask.plan, ask.stop.clone())
            .with_progress(ask.progress.clone())
            .with_lines(ask.lines)
            .with_root_moves(Some(&ask.root_moves))
    }

    /// Asks the player for a move on `board`.
    ///
    /// # Errors
    /// [`PlayerError`] when the player cannot choose (see [`Player::choose`]).
    pub fn choose(&mut self, board: &Board, ask: &Ask) -> Result<Thought, PlayerError> {
        let control = self.control(ask);
        let choice = self.player.choose(board, &control)?;
        Ok(Thought {
            choice,
            time: ask.start.elapsed(),
        })
    }

    /// Gets the player ready for games of `variant` (see [`Player::prepare`]).
    pub fn prepare(&mut self, variant: &Variant) {
        self.player.prepare(variant);
    }

    /// A new game starts: the player forgets what it learned.
    pub fn new_game(&mut self) {
        self.player.new_game();
    }

    /// Bytes the player's tables hold now.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.player.memory()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(spec: &str) -> Seat {
        Seat::new(spec.parse().unwrap())
    }

    #[test]
    fn every_catalog_name_builds_that_player() {
        for info in super::super::catalog() {
            let spec: PlayerSpec = info.name.parse().unwrap();
            assert_eq!(create(&spec).name(), info.name);
        }
    }

    #[test]
    fn the_default_time_applies_only_when_nothing_else_bounds_a_move() {
        let engine = seat("engine");
        let ask = Ask::now();
        assert_eq!(
            engine.limits(&ask).time,
            Some(super::super::engine::DEFAULT_TIME)
        );
        // A depth bounds the engine; a clock's plan bounds every player.
        assert_eq!(seat("engine:depth=6").limits(&ask).time, None);
        let clocked = Ask {
            plan: TimePlan::exactly(Duration::from_millis(180)),
            ..Ask::now()
        };
        assert_eq!(engine.limits(&clocked).time, None);
        assert_eq!(
            engine.control(&clocked).deadline(),
            Some(clocked.start + Duration::from_millis(180))
        );
        // A depth does not bound perfect: its default time stays.
        assert_eq!(
            seat("perfect:depth=3").limits(&ask).time,
            Some(super::super::perfect::DEFAULT_TIME)
        );
        // Seed players have no default: they end by their depth.
        assert_eq!(seat("gomoku-pruned").limits(&ask), Limits::NONE);
    }

    #[test]
    fn an_ask_replaces_the_players_limits_within_the_caps() {
        let s = seat("engine:depth=8,time-ms=5000,nodes=100");
        let ask = Ask {
            limits: Limits {
                depth: Some(3),
                ..Limits::NONE
            },
            caps: Limits {
                time: Some(Duration::from_millis(1000)),
                nodes: Some(50),
                depth: None,
            },
            ..Ask::now()
        };
        assert_eq!(
            s.limits(&ask),
            Limits {
                depth: Some(3),
                nodes: Some(50),
                time: Some(Duration::from_millis(1000)),
            }
        );
        assert!(s.serves(&"engine:depth=2".parse().unwrap()));
        assert!(!s.serves(&"engine:threads=2".parse().unwrap()));
        assert!(!s.serves(&"perfect".parse().unwrap()));
    }

    #[test]
    fn the_time_of_a_thought_counts_from_the_ask() {
        let mut s = seat("rules");
        let ask = Ask {
            start: Instant::now() - Duration::from_millis(50),
            ..Ask::now()
        };
        let thought = s.choose(&Board::new(Variant::tic_tac_toe()), &ask).unwrap();
        assert!(thought.time >= Duration::from_millis(50));
        assert_eq!(thought.choice.cell, crate::game::Cell(4));
    }
}
