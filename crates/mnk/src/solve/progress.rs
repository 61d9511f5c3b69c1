//! What a running solve has done so far, readable from another thread (for a progress display:
//! the library itself never prints).

use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering::Relaxed};

/// The question the current iteration answers, for the side to move at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Not searching yet.
    Starting,
    /// "Does the side to move win?" (a null-window search).
    Win,
    /// "Does the side to move avoid losing?" (a null-window search).
    NoLoss,
    /// Win, draw or loss in one search (null windows switched off).
    WinDrawLoss,
    /// The value is known; narrowing down the number of moves to the end.
    Distance,
}

impl Stage {
    fn from_code(code: u8) -> Stage {
        match code {
            1 => Stage::Win,
            2 => Stage::NoLoss,
            3 => Stage::WinDrawLoss,
            4 => Stage::Distance,
            _ => Stage::Starting,
        }
    }

    const fn code(self) -> u8 {
        match self {
            Stage::Starting => 0,
            Stage::Win => 1,
            Stage::NoLoss => 2,
            Stage::WinDrawLoss => 3,
            Stage::Distance => 4,
        }
    }

    /// The question in words, for the side to move named `side`.
    #[must_use]
    pub fn describe(self, side: &str) -> String {
        match self {
            Stage::Starting => "starting".to_string(),
            Stage::Win => format!("does {side} win?"),
            Stage::NoLoss => format!("does {side} avoid losing?"),
            Stage::WinDrawLoss => format!("win, draw or loss for {side}?"),
            Stage::Distance => "how many moves to the end?".to_string(),
        }
    }
}

/// Counters the searching threads update.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    pub(crate) nodes: AtomicU64,
    pub(crate) iteration: AtomicU32,
    stage: AtomicU8,
}

impl Counters {
    /// Starts iteration number `iteration` asking `stage`.
    pub(crate) fn begin(&self, iteration: u32, stage: Stage) {
        self.iteration.store(iteration, Relaxed);
        self.stage.store(stage.code(), Relaxed);
    }

    /// What the current iteration asks.
    pub(crate) fn stage(&self) -> Stage {
        Stage::from_code(self.stage.load(Relaxed))
    }
}

/// A snapshot of a solve in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Snapshot {
    /// Positions searched so far (all threads, all solves of this solver).
    pub nodes: u64,
    /// The current iteration (1 for the first root search).
    pub iteration: u32,
    /// What the current iteration asks.
    pub stage: Stage,
    /// Entries in the transposition table.
    pub table_entries: u64,
    /// Entries the table holds at its current size.
    pub table_capacity: u64,
    /// Entries the table may grow to within its memory limit.
    pub table_max_capacity: u64,
    /// Bytes the table has allocated.
    pub table_bytes: usize,
}
