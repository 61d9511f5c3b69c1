//! The list of players, by name, with what each can do declared as data ([`Abilities`]):
//! callers decide behaviour from these declarations, never from a player's name. (A player is
//! built by [`super::create`], the strongest for a board named by [`super::strongest_for`].)

use crate::game::Variant;
use std::time::Duration;

/// What a player can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Abilities {
    /// It reports the tree it searches ([`crate::explain`], the page's tree view).
    pub reports_tree: bool,
    /// Every choice comes with the values its search gave the moves it considered
    /// ([`crate::search::Choice::candidates`], exact or bounds as each says): the heat map
    /// costs nothing extra.
    pub values_with_choice: bool,
    /// It can give the exact value of every move it considers, by a search of its own
    /// ([`Player::move_values`](crate::search::Player::move_values)): an analysis beyond its
    /// choice.
    pub exact_values: bool,
    /// It keeps what it learns (tables) from one move to the next while it is seated.
    pub keeps_state: bool,
    /// It searches on several threads (`threads=`).
    pub threads: bool,
    /// It has a table sized by `memory-mb`.
    pub table: bool,
    /// The largest board (in cells) it plays from the start at its default settings; larger
    /// ones it refuses (a smaller depth may fit, as its message says). `None`: any board.
    pub largest_board: Option<usize>,
    /// The time a move takes when neither a time, nor a node budget, nor (where
    /// [`Abilities::depth_ends_search`]) a depth bounds it.
    pub default_time: Option<Duration>,
    /// A depth alone bounds its search (a depth-limited search ends by itself).
    pub depth_ends_search: bool,
    /// It is the strongest player, and the default opponent, on boards up to this many cells.
    pub strongest_up_to: Option<usize>,
}

impl Abilities {
    /// A player that can do none of these things.
    const PLAIN: Abilities = Abilities {
        reports_tree: false,
        values_with_choice: false,
        exact_values: false,
        keeps_state: false,
        threads: false,
        table: false,
        largest_board: None,
        default_time: None,
        depth_ends_search: true,
        strongest_up_to: None,
    };

    /// A search that reports its tree.
    const TREE: Abilities = Abilities {
        reports_tree: true,
        ..Abilities::PLAIN
    };

    /// Whether the player can give a value to each move (with its choice or by an analysis).
    #[must_use]
    pub const fn gives_move_values(&self) -> bool {
        self.values_with_choice || self.exact_values
    }
}

/// What `mnk players` shows about a player, and what it can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerInfo {
    /// The name to select it by.
    pub name: &'static str,
    /// One line on how it plays.
    pub summary: &'static str,
    /// Where it comes from.
    pub origin: &'static str,
    /// What it can do.
    pub abilities: Abilities,
}

impl PlayerInfo {
    /// Whether the player plays `variant` from the start at its default settings.
    #[must_use]
    pub fn plays(&self, variant: &Variant) -> bool {
        self.abilities
            .largest_board
            .is_none_or(|cells| variant.size().cells() <= cells)
    }
}

const CATALOG: &[PlayerInfo] = &[
    PlayerInfo {
        name: "rules",
        summary: "win now, else block the opponent's win, else the free cell nearest the centre (centre, corners, edges on 3x3)",
        origin: "seed 002 (course slides, rule-based tic-tac-toe)",
        abilities: Abilities::PLAIN,
    },
    PlayerInfo {
        name: "minimax",
        summary: "plain minimax scoring +10 / -10 / 0, no pruning, first best move in row-major order; optional depth",
        origin: "seed 004 (minimax blog post, findBestMove)",
        abilities: Abilities {
            values_with_choice: true,
            largest_board: Some(super::minimax::FULL_TREE_CELLS),
            ..Abilities::TREE
        },
    },
    PlayerInfo {
        name: "minimax-iterative",
        summary: "the same minimax without recursion (an explicit stack), as seed 004 recommends; same decisions",
        origin: "seed 004",
        abilities: Abilities {
            values_with_choice: true,
            largest_board: Some(super::minimax::FULL_TREE_CELLS),
            ..Abilities::PLAIN
        },
    },
    PlayerInfo {
        name: "alphabeta",
        summary: "alpha-beta over open lines for the mover minus open lines for the opponent, +-100 for a win; full depth on small boards",
        origin: "seeds 000/001 (alpha-beta tic-tac-toe, e(P) evaluation)",
        abilities: Abilities {
            exact_values: true,
            ..Abilities::TREE
        },
    },
    PlayerInfo {
        name: "gametree",
        summary: "the full game tree, each node scored by the probability of each side winning; picks the most probable win",
        origin: "seed 003, first program (game tree)",
        abilities: Abilities {
            values_with_choice: true,
            largest_board: Some(super::gametree::LARGEST_BOARD),
            ..Abilities::TREE
        },
    },
    PlayerInfo {
        name: "gomoku-minimax",
        summary: "depth-limited minimax (default depth 4) with the seed's k-1 open-end heuristic",
        origin: "seed 003, second program (minimax)",
        abilities: Abilities {
            values_with_choice: true,
            largest_board: Some(super::seed_gomoku::MINIMAX_LARGEST_BOARD),
            ..Abilities::TREE
        },
    },
    PlayerInfo {
        name: "gomoku-alphabeta",
        summary: "the same search with alpha-beta pruning (default depth 4)",
        origin: "seed 003, third program (alpha-beta)",
        abilities: Abilities {
            exact_values: true,
            ..Abilities::TREE
        },
    },
    PlayerInfo {
        name: "gomoku-pruned",
        summary: "alpha-beta with isolated-point pruning and the improved k/2..k-1 heuristic (default depth 4)",
        origin: "seed 003, fourth program (isolated-point pruning)",
        abilities: Abilities {
            exact_values: true,
            ..Abilities::TREE
        },
    },
    PlayerInfo {
        name: "perfect",
        summary: "exact play from the solver: wins fastest, loses slowest; refuses boards it cannot solve in time",
        origin: "mnk (negamax, alpha-beta, transposition table, symmetry)",
        abilities: Abilities {
            values_with_choice: true,
            exact_values: true,
            keeps_state: true,
            threads: true,
            table: true,
            largest_board: Some(crate::game::MASK_CELLS),
            default_time: Some(super::perfect::DEFAULT_TIME),
            depth_ends_search: false,
            strongest_up_to: Some(super::perfect::QUICK_CELLS),
            ..Abilities::PLAIN
        },
    },
    PlayerInfo {
        name: "engine",
        summary: "the gomoku engine: alpha-beta with PVS, line patterns, threat search (VCF/VCT); 2 s a move unless limited",
        origin: "mnk (strongest beyond the reach of perfect)",
        abilities: Abilities {
            values_with_choice: true,
            keeps_state: true,
            threads: true,
            table: true,
            default_time: Some(super::engine::DEFAULT_TIME),
            strongest_up_to: Some(usize::MAX),
            ..Abilities::PLAIN
        },
    },
    PlayerInfo {
        name: "vcf",
        summary: "victory by continuous fours: the first move of a forced win by fours, or an error when it finds none",
        origin: "mnk (the engine's threat search, for puzzles)",
        abilities: Abilities {
            default_time: Some(super::threat::DEFAULT_TIME),
            depth_ends_search: false,
            ..Abilities::PLAIN
        },
    },
    PlayerInfo {
        name: "vct",
        summary: "victory by continuous threats (fours and open threes): the first move of a forced win, or an error",
        origin: "mnk (the engine's threat search, for puzzles)",
        abilities: Abilities {
            default_time: Some(super::threat::DEFAULT_TIME),
            depth_ends_search: false,
            ..Abilities::PLAIN
        },
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

/// The names of the players that have an ability.
#[must_use]
pub fn names_with(ability: impl Fn(&Abilities) -> bool) -> Vec<&'static str> {
    CATALOG
        .iter()
        .filter(|p| ability(&p.abilities))
        .map(|p| p.name)
        .collect()
}

/// The entry for a name (exact, lowercase).
#[must_use]
pub fn info(name: &str) -> Option<&'static PlayerInfo> {
    CATALOG.iter().find(|p| p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size};
    use crate::players::create;

    #[test]
    fn declared_board_limits_match_what_the_players_do() {
        use crate::game::{Board, Cell};
        use crate::search::{Control, PlayerError};
        // Every limited player refuses, as too large, the first square board above its
        // declared largest board (the board the catalog's `plays` rules out).
        for info in catalog()
            .iter()
            .filter(|p| p.abilities.largest_board.is_some())
        {
            let largest = info.abilities.largest_board.unwrap();
            let side = (1..=26u8)
                .find(|&s| usize::from(s) * usize::from(s) > largest)
                .unwrap();
            let over = Variant::new(Size::square(side), 3, Rule::Freestyle).unwrap();
            assert!(!info.plays(&over));
            let mut player = create(&info.name.parse().unwrap());
            let result = player.choose(&Board::new(over), &Control::unlimited());
            assert!(
                matches!(result, Err(PlayerError::TooLarge(_))),
                "{} on {}: {result:?}",
                info.name,
                over.size()
            );
        }
        // The declared figures are those the players compute: minimax's whole tree fits 12
        // empty cells, seed 003's minimax at depth 4 fits 212 (14x15) and not 15x15.
        let minimax = info("minimax").unwrap().abilities.largest_board;
        assert_eq!(minimax, Some(12));
        let seed = info("gomoku-minimax").unwrap().abilities.largest_board;
        assert_eq!(seed, Some(212));
        // The game tree plays its largest board, 4x4, once stones are down.
        let four = Variant::new(Size::square(4), 4, Rule::Freestyle).unwrap();
        assert!(info("gametree").unwrap().plays(&four));
        let board = Board::from_moves(four, &[Cell(5), Cell(0), Cell(10)]).unwrap();
        let tree = create(&"gametree".parse().unwrap()).choose(&board, &Control::unlimited());
        assert!(tree.is_ok(), "{tree:?}");
    }
}
