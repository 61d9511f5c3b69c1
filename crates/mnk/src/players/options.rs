//! The settings a player can be given: its limits (`depth`, `nodes`, `time-ms`) and how it is
//! built (`threads`, `memory-mb`). Read from text by [`super::PlayerSpec`].

use crate::search::Limits;
use std::time::Duration;

/// The largest table a player may be given (`memory-mb`), in MiB: the engine's own bound.
pub const MAX_MEMORY_MIB: u64 = crate::engine::tt::MAX_MIB;
/// The most search threads a player may be given (`threads`).
pub const MAX_THREADS: usize = 256;

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
}

impl PlayerOptions {
    /// The settings accepted after `NAME:`.
    pub const KEYS: &'static str = "depth, nodes, time-ms, threads, memory-mb";

    /// Fills every setting `self` leaves unset from `defaults`.
    #[must_use]
    pub fn or(self, defaults: PlayerOptions) -> PlayerOptions {
        PlayerOptions {
            depth: self.depth.or(defaults.depth),
            nodes: self.nodes.or(defaults.nodes),
            time_ms: self.time_ms.or(defaults.time_ms),
            threads: self.threads.or(defaults.threads),
            memory_mib: self.memory_mib.or(defaults.memory_mib),
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
