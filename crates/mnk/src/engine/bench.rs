//! The positions of `mnk bench`: a fixed list searched to fixed depths with one thread.
//!
//! The sum of the nodes is a signature of the search: the same code gives the same number on
//! every machine (nothing depends on the clock), and any change to what the search does
//! changes it. Record it in the commit message whenever the search changes.

use super::net::Evaluation;
use super::{Analysis, Engine, EngineConfig, MAX_DEPTH};
use crate::game::{Board, Rule, Size, Variant};
use crate::notation::parse_game;
use crate::search::{Control, Limits};
use std::time::Duration;

/// One bench position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchPosition {
    /// Board width and height.
    pub size: (u8, u8),
    /// Stones in a row to win.
    pub k: u32,
    /// The win rule.
    pub rule: Rule,
    /// The moves from the empty board, in notation.
    pub moves: &'static str,
    /// Depth searched.
    pub depth: u32,
}

impl BenchPosition {
    /// The board of this position.
    ///
    /// # Panics
    /// If the list holds an invalid position (a bug caught by the tests).
    #[must_use]
    pub fn board(&self) -> Board {
        let variant = Variant::new(Size::new(self.size.0, self.size.1), self.k, self.rule)
            .expect("a valid bench variant");
        parse_game(self.moves, variant)
            .expect("valid bench moves")
            .board()
            .clone()
    }
}

const fn at(size: u8, k: u32, rule: Rule, moves: &'static str, depth: u32) -> BenchPosition {
    BenchPosition {
        size: (size, size),
        k,
        rule,
        moves,
        depth,
    }
}

/// The bench positions: small boards solved outright, then gomoku openings and middle games
/// on 15x15 and 20x20 under both rules, and other k.
pub const POSITIONS: &[BenchPosition] = &[
    at(3, 3, Rule::Freestyle, "b2 a1", 8),
    at(4, 4, Rule::Freestyle, "b2 c3", 8),
    BenchPosition {
        size: (7, 6),
        k: 4,
        rule: Rule::Freestyle,
        moves: "d3 d4 c3",
        depth: 7,
    },
    at(8, 5, Rule::Freestyle, "d4 e5 e4", 6),
    at(10, 6, Rule::Exact, "e5 f6 f5 e6 g5", 5),
    at(15, 5, Rule::Freestyle, "h8", 7),
    at(15, 5, Rule::Freestyle, "h8 h9 i9", 7),
    at(15, 5, Rule::Exact, "h8 i9 j8 i8 i7 g9", 6),
    at(15, 5, Rule::Freestyle, "h8 g9 i9 i8 g7 j10 h7 h6 g8 f9", 6),
    at(15, 5, Rule::Exact, "h8 g9 i9 i8 g7 j10 h7 h6 g8 f9 f8", 6),
    at(20, 5, Rule::Freestyle, "j10 k11 k10 j11 l10", 6),
    at(20, 5, Rule::Exact, "j10 k11 k10 j11 i10 h10 l9 l10", 6),
];

/// Searches one position with a fresh engine; returns its nodes.
#[must_use]
pub fn search(position: &BenchPosition) -> u64 {
    analyse(position, None, BENCH_MIB, None).map_or(0, |a| a.nodes)
}

/// The table of the fixed-depth bench, in MiB (part of what the signature depends on).
pub const BENCH_MIB: u64 = 16;

/// Searches one position with a fresh engine on one thread and a table of `memory_mib`: to
/// its fixed depth (the deterministic signature, with [`BENCH_MIB`]), or for `time` to any
/// depth (figures that depend on the machine's speed). The analysis, with what the search
/// did ([`Analysis::stats`]). `eval` as [`EngineConfig::eval`].
#[must_use]
pub fn analyse(
    position: &BenchPosition,
    time: Option<Duration>,
    memory_mib: u64,
    eval: Option<Evaluation>,
) -> Option<Analysis> {
    let mut engine = Engine::new(EngineConfig {
        depth: if time.is_some() {
            MAX_DEPTH
        } else {
            position.depth
        },
        nodes: None,
        threads: 1,
        memory_mib,
        eval,
    });
    let control = Control::start(&Limits {
        time,
        ..Limits::NONE
    });
    engine.analyse(&position.board(), &control)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_is_valid_and_in_progress() {
        for p in POSITIONS {
            assert!(!p.board().is_over(), "{p:?}");
        }
    }
}
