//! The settings a player can be given: its limits (`depth`, `nodes`, `time-ms`) and how it is
//! built (`threads`, `memory-mb`, and for the teaching players `playouts`, `exploration`,
//! `seed`, `order`). Read from text by [`super::PlayerSpec`].

use crate::search::Limits;
use std::fmt;
use std::str::FromStr;

pub use crate::engine::net::Evaluation;
use std::time::Duration;

/// The largest table a player may be given (`memory-mb`), in MiB: the engine's own bound.
pub const MAX_MEMORY_MIB: u64 = crate::engine::tt::MAX_MIB;
/// The most search threads a player may be given (`threads`).
pub const MAX_THREADS: usize = 256;
/// The most playouts a move may be given (`playouts=`): the search keeps a node per playout,
/// 32 bytes each, so at most some 640 MB.
pub const MAX_PLAYOUTS: u64 = 20_000_000;

/// Settings a player can be given; each player uses those that apply to it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlayerOptions {
    /// Search depth in plies.
    pub depth: Option<u32>,
    /// Node budget per move.
    pub nodes: Option<u64>,
    /// Time budget per move, in milliseconds.
    pub time_ms: Option<u64>,
    /// Search threads.
    pub threads: Option<usize>,
    /// Memory for tables, in MiB.
    pub memory_mib: Option<u64>,
    /// Monte Carlo playouts per move (`mcts`).
    pub playouts: Option<u64>,
    /// UCB1's exploration constant (`mcts`).
    pub exploration: Option<Exploration>,
    /// The seed of a player's random numbers (`mcts`): the same seed, position and budget give
    /// the same move.
    pub seed: Option<u64>,
    /// The order in which a search tries moves (`alphabeta`).
    pub order: Option<MoveOrder>,
    /// The static evaluation (`engine`): the linear tables or the network.
    pub eval: Option<Evaluation>,
}

/// UCB1's exploration constant `c` (the weight of `sqrt(ln N / n)` against a move's win
/// rate), kept in thousandths so that settings compare and print exactly as given:
/// `exploration=1.414` is `Exploration(1414)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exploration(pub u32);

impl Exploration {
    /// The largest constant accepted: 100 (beyond it the win rates no longer matter).
    pub const MAX: Exploration = Exploration(100_000);

    /// The constant as a number.
    #[must_use]
    pub fn get(self) -> f64 {
        f64::from(self.0) / 1000.0
    }
}

impl FromStr for Exploration {
    type Err = ();

    /// A decimal number from 0 to 100 with at most three decimals (`1.414`, `0.5`, `2`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let (whole, fraction) = s.split_once('.').unwrap_or((s, ""));
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty())
            || !digits(whole)
            || !digits(fraction)
            || fraction.len() > 3
            || whole.len() > 3
        {
            return Err(());
        }
        let whole: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| ())?
        };
        let fraction: u32 = format!("{fraction:0<3}").parse().map_err(|_| ())?;
        let thousandths = whole * 1000 + fraction;
        (thousandths <= Exploration::MAX.0)
            .then_some(Exploration(thousandths))
            .ok_or(())
    }
}

impl fmt::Display for Exploration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, fraction) = (self.0 / 1000, self.0 % 1000);
        if fraction == 0 {
            write!(f, "{whole}")
        } else {
            let digits = format!("{fraction:03}");
            write!(f, "{whole}.{}", digits.trim_end_matches('0'))
        }
    }
}

/// The order in which a search tries the moves of each position: what decides how much
/// alpha-beta prunes (with the best move first it cuts off soonest; worst first it prunes
/// least, close to minimax).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum MoveOrder {
    /// Row by row from the top-left, as the seed programs do.
    #[default]
    RowMajor,
    /// The moves whose position the static evaluation likes best for the mover first (a win
    /// first of all), row-major among equals.
    BestFirst,
    /// The reverse: the moves the static evaluation likes least first.
    WorstFirst,
}

impl MoveOrder {
    /// The names accepted, as `order=` and `--order` take them.
    pub const NAMES: &'static str = "row-major, best-first, worst-first";

    /// The name, as accepted.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MoveOrder::RowMajor => "row-major",
            MoveOrder::BestFirst => "best-first",
            MoveOrder::WorstFirst => "worst-first",
        }
    }
}

impl FromStr for MoveOrder {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "row-major" | "row" => Ok(MoveOrder::RowMajor),
            "best-first" | "best" => Ok(MoveOrder::BestFirst),
            "worst-first" | "worst" => Ok(MoveOrder::WorstFirst),
            _ => Err(format!(
                "unknown move order '{}'; the orders are: {}",
                crate::text::shown(s),
                MoveOrder::NAMES
            )),
        }
    }
}

impl fmt::Display for MoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl PlayerOptions {
    /// The settings accepted after `NAME:`.
    pub const KEYS: &'static str =
        "depth, nodes, time-ms, threads, memory-mb, playouts, exploration, seed, order, eval";

    /// Fills every setting `self` leaves unset from `defaults`.
    #[must_use]
    pub fn or(self, defaults: PlayerOptions) -> PlayerOptions {
        PlayerOptions {
            depth: self.depth.or(defaults.depth),
            nodes: self.nodes.or(defaults.nodes),
            time_ms: self.time_ms.or(defaults.time_ms),
            threads: self.threads.or(defaults.threads),
            memory_mib: self.memory_mib.or(defaults.memory_mib),
            playouts: self.playouts.or(defaults.playouts),
            exploration: self.exploration.or(defaults.exploration),
            seed: self.seed.or(defaults.seed),
            order: self.order.or(defaults.order),
            eval: self.eval.or(defaults.eval),
        }
    }

    /// The settings a player is built with (all but the limits `depth`, `nodes` and
    /// `time-ms`, which come with each move): two specifications with the same build settings
    /// can share one seated player.
    #[must_use]
    pub fn build(self) -> PlayerOptions {
        PlayerOptions {
            depth: None,
            nodes: None,
            time_ms: None,
            ..self
        }
    }

    /// The time budget as a duration.
    #[must_use]
    pub fn time(&self) -> Option<Duration> {
        self.time_ms.map(Duration::from_millis)
    }

    /// The limits these settings give a search (`depth`, `nodes`, `time-ms`).
    #[must_use]
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.time(),
        }
    }
}
