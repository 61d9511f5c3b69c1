//! The list of players, by name.

use super::{
    AlphaBeta, EnginePlayer, GameTree, Minimax, MinimaxIterative, Perfect, Player, PlayerSpec,
    Rules, SeedGomoku, SeedProgram, ThreatPlayer,
};
use crate::engine::ThreatKind;
use crate::game::Variant;

/// What `mnk players` shows about a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerInfo {
    /// The name to select it by.
    pub name: &'static str,
    /// One line on how it plays.
    pub summary: &'static str,
    /// Where it comes from.
    pub origin: &'static str,
}

const CATALOG: &[PlayerInfo] = &[
    PlayerInfo {
        name: "rules",
        summary: "win now, else block the opponent's win, else the free cell nearest the centre (centre, corners, edges on 3x3)",
        origin: "seed 002 (course slides, rule-based tic-tac-toe)",
    },
    PlayerInfo {
        name: "minimax",
        summary: "plain minimax scoring +10 / -10 / 0, no pruning, first best move in row-major order; optional depth",
        origin: "seed 004 (minimax blog post, findBestMove)",
    },
    PlayerInfo {
        name: "minimax-iterative",
        summary: "the same minimax without recursion (an explicit stack), as seed 004 recommends; same decisions",
        origin: "seed 004",
    },
    PlayerInfo {
        name: "alphabeta",
        summary: "alpha-beta over open lines for the mover minus open lines for the opponent, +-100 for a win; full depth on small boards",
        origin: "seeds 000/001 (alpha-beta tic-tac-toe, e(P) evaluation)",
    },
    PlayerInfo {
        name: "gametree",
        summary: "the full game tree, each node scored by the probability of each side winning; picks the most probable win",
        origin: "seed 003, first program (game tree)",
    },
    PlayerInfo {
        name: "gomoku-minimax",
        summary: "depth-limited minimax (default depth 4) with the seed's k-1 open-end heuristic",
        origin: "seed 003, second program (minimax)",
    },
    PlayerInfo {
        name: "gomoku-alphabeta",
        summary: "the same search with alpha-beta pruning (default depth 4)",
        origin: "seed 003, third program (alpha-beta)",
    },
    PlayerInfo {
        name: "gomoku-pruned",
        summary: "alpha-beta with isolated-point pruning and the improved k/2..k-1 heuristic (default depth 4)",
        origin: "seed 003, fourth program (isolated-point pruning)",
    },
    PlayerInfo {
        name: "perfect",
        summary: "exact play from the solver: wins fastest, loses slowest; refuses boards it cannot solve in time",
        origin: "mnk (negamax, alpha-beta, transposition table, symmetry)",
    },
    PlayerInfo {
        name: "engine",
        summary: "the gomoku engine: alpha-beta with PVS, line patterns, threat search (VCF/VCT); 2 s a move unless limited",
        origin: "mnk (strongest beyond the reach of perfect)",
    },
    PlayerInfo {
        name: "vcf",
        summary: "victory by continuous fours: the first move of a forced win by fours, or an error when it finds none",
        origin: "mnk (the engine's threat search, for puzzles)",
    },
    PlayerInfo {
        name: "vct",
        summary: "victory by continuous threats (fours and open threes): the first move of a forced win, or an error",
        origin: "mnk (the engine's threat search, for puzzles)",
    },
];

/// Every player, in the order `mnk players` lists them.
#[must_use]
pub fn catalog() -> &'static [PlayerInfo] {
    CATALOG
}

/// The names of every player.
#[must_use]
pub fn names() -> Vec<&'static str> {
    CATALOG.iter().map(|p| p.name).collect()
}

/// The entry for a name (exact, lowercase).
#[must_use]
pub fn info(name: &str) -> Option<&'static PlayerInfo> {
    CATALOG.iter().find(|p| p.name == name)
}

/// Builds the player a specification names.
#[must_use]
pub fn create(spec: &PlayerSpec) -> Box<dyn Player> {
    let o = spec.options;
    match spec.name {
        "rules" => Box::new(Rules::new()),
        "minimax" => Box::new(Minimax::new(o)),
        "minimax-iterative" => Box::new(MinimaxIterative::new(o)),
        "alphabeta" => Box::new(AlphaBeta::new(o)),
        "gametree" => Box::new(GameTree::new(o)),
        "gomoku-minimax" => Box::new(SeedGomoku::new(SeedProgram::Minimax, o)),
        "gomoku-alphabeta" => Box::new(SeedGomoku::new(SeedProgram::AlphaBeta, o)),
        "gomoku-pruned" => Box::new(SeedGomoku::new(SeedProgram::Pruned, o)),
        "perfect" => Box::new(Perfect::new(o)),
        "engine" => Box::new(EnginePlayer::new(o)),
        "vcf" => Box::new(ThreatPlayer::new(ThreatKind::Vcf, o)),
        "vct" => Box::new(ThreatPlayer::new(ThreatKind::Vct, o)),
        other => unreachable!("PlayerSpec only holds catalog names, not '{other}'"),
    }
}

/// The strongest player available for a variant: `perfect` where the solver finishes quickly,
/// otherwise `engine`.
#[must_use]
pub fn strongest_for(variant: &Variant) -> PlayerSpec {
    let name = if Perfect::is_quick(variant) {
        "perfect"
    } else {
        "engine"
    };
    PlayerSpec {
        name,
        options: super::PlayerOptions::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalog_name_builds_that_player() {
        for info in catalog() {
            let spec: PlayerSpec = info.name.parse().unwrap();
            assert_eq!(create(&spec).name(), info.name);
        }
    }

    #[test]
    fn tic_tac_toe_defaults_to_perfect_and_gomoku_to_the_engine() {
        assert_eq!(strongest_for(&Variant::tic_tac_toe()).name, "perfect");
        let gomoku = Variant::new(
            crate::game::Size::square(15),
            5,
            crate::game::Rule::Freestyle,
        );
        assert_eq!(strongest_for(&gomoku.unwrap()).name, "engine");
    }
}
