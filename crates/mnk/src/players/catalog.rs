//! The list of players, by name, with what each can do declared as data ([`Abilities`]):
//! callers decide behaviour from these declarations, never from a player's name. (A player is
//! built by [`super::create`], the strongest for a board named by [`super::strongest_for`].)

use super::PlayerOptions;
use super::minimax::{TREE_LIMIT, largest_tree, largest_tree_within, tree_bound};
use crate::game::{Board, Size, Variant};
use crate::search::{Outcome, Value};
use std::time::Duration;
use thiserror::Error;

/// How large a position a player takes on: the data behind [`Abilities::largest_board`] and
/// [`PlayerInfo::fits`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardLimit {
    /// Any board.
    Any,
    /// Boards of at most this many cells, whatever stands on them (the solver's bit masks).
    Cells(usize),
    /// Positions with at most this many empty cells (a tree kept whole). On boards above 64
    /// cells `gametree` takes fewer than it declares (it stores no positions there) and says
    /// so when asked for a move.
    EmptyCells(usize),
    /// A search without pruning, which refuses a position whose tree to its depth could hold
    /// more positions than the full-width searchers' limit (two billion): to `default_depth`
    /// plies unless `depth=` says otherwise (`None`: to the end of the game).
    Tree {
        /// The depth it searches when not told.
        default_depth: Option<u32>,
    },
}

impl BoardLimit {
    /// The most cells (empty, for a search) it takes from the start at its default settings;
    /// `None`: any number. (A search's figure is counted cell by cell: meant for the catalog,
    /// which is built at compile time, and for the depths the players have.)
    #[must_use]
    pub const fn largest(self) -> Option<usize> {
        match self {
            BoardLimit::Any => None,
            BoardLimit::Cells(n) | BoardLimit::EmptyCells(n) => Some(n),
            BoardLimit::Tree { default_depth } => Some(largest_tree(default_depth)),
        }
    }
}

/// Why a player cannot play a position, and what would.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Unfit {
    /// The board has more cells than the player takes.
    #[error(
        "{player} plays boards of at most {largest} cells; {size} has {cells}: choose {instead}"
    )]
    Cells {
        /// The player.
        player: &'static str,
        /// The most cells it takes.
        largest: usize,
        /// The board.
        size: Size,
        /// Its cells.
        cells: usize,
        /// The players that can, in words.
        instead: String,
    },
    /// The position has more empty cells than the player takes.
    #[error(
        "{player} plays positions with at most {largest} empty cells; this one has {empty}: choose {instead}"
    )]
    EmptyCells {
        /// The player.
        player: &'static str,
        /// The most empty cells it takes.
        largest: usize,
        /// The position's empty cells.
        empty: usize,
        /// The players that can, in words.
        instead: String,
    },
    /// The player does not know the rule's forbidden moves.
    #[error(
        "{player} does not play the {rule} rule yet (it knows no forbidden moves): choose {instead}"
    )]
    Rule {
        /// The player.
        player: &'static str,
        /// The rule.
        rule: crate::game::Rule,
        /// The players that can, in words.
        instead: String,
    },
    /// The search's tree would be too large at the player's depth.
    #[error(
        "{player} searches without pruning: with {empty} empty cells its tree {reach} could hold {positions:.2e} positions, \
         more than its limit of {limit:.1e}; give it a depth of at most {fits} (--depth {fits} or {player}:depth={fits}), \
         or choose {instead}",
        limit = TREE_LIMIT as f64,
        positions = *bound as f64
    )]
    Tree {
        /// The player.
        player: &'static str,
        /// The position's empty cells.
        empty: usize,
        /// `to depth 4` or `to the end of the game`.
        reach: String,
        /// The positions its tree could hold.
        bound: u128,
        /// The largest depth that fits.
        fits: u32,
        /// The players that can, in words.
        instead: String,
    },
}

/// What a player's scores ([`Value::Score`]) mean: where a score sits between a loss and a
/// win for the side it belongs to, so that every move's score can be shown on one fixed scale
/// (the page's heat map and its graph of the game), never stretched between the best and the
/// worst move of one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreScale {
    /// Scores from `loss` (the mover has lost) to `win` (the mover has won), evenly; a
    /// heuristic score beyond them counts as the end it passed.
    Range {
        /// The score of a lost position.
        loss: i32,
        /// The score of a won position.
        win: i32,
    },
    /// The engine's evaluation, a win rate through its fitted logistic model
    /// ([`crate::engine::tune::win_probability`]).
    WinRate,
}

impl ScoreScale {
    /// Where `score` sits on this scale, from 0 (a loss) to 1 (a win).
    ///
    /// ```
    /// use mnk::players::ScoreScale;
    /// let seed = ScoreScale::Range { loss: 0, win: 1000 };
    /// assert_eq!(seed.level(500), 0.5);
    /// assert_eq!(seed.level(2000), 1.0);
    /// assert_eq!(ScoreScale::WinRate.level(0), 0.5);
    /// assert!(ScoreScale::WinRate.level(400) > 0.85);
    /// ```
    #[must_use]
    pub fn level(self, score: i32) -> f64 {
        match self {
            ScoreScale::Range { loss, win } => {
                let span = f64::from(win) - f64::from(loss);
                ((f64::from(score) - f64::from(loss)) / span).clamp(0.0, 1.0)
            }
            ScoreScale::WinRate => crate::engine::tune::win_probability(&Value::Score(score)),
        }
    }
}

impl std::fmt::Display for ScoreScale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScoreScale::Range { loss, win } => {
                write!(f, "scores from {loss} (a loss) to {win} (a win)")
            }
            ScoreScale::WinRate => f.write_str("win rate"),
        }
    }
}

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
    /// Always `board_limit.largest()`.
    pub largest_board: Option<usize>,
    /// `depth=` sets how deep it searches (plies; for `vcf` and `vct`, attacker threats).
    pub searches_to_depth: bool,
    /// How large a position it takes on, and what widens that.
    pub board_limit: BoardLimit,
    /// It answers every position with a move (vcf and vct answer only where they find a
    /// forced win).
    pub always_moves: bool,
    /// The time a move takes when neither a time, nor a node budget, nor (where
    /// [`Abilities::depth_ends_search`]) a depth bounds it.
    pub default_time: Option<Duration>,
    /// A depth alone bounds its search (a depth-limited search ends by itself).
    pub depth_ends_search: bool,
    /// It is the strongest player, and the default opponent, on boards up to this many cells.
    pub strongest_up_to: Option<usize>,
    /// MiB of table one second of its search fills, for a table that only has to hold what a
    /// move searches: a manager's memory limit then gives it what its turn fills (see
    /// [`crate::protocol::timing::table_mib`]), not the whole limit. `None`: a table worth all
    /// the memory allowed (the solver's keeps every position it proves), or no table.
    pub table_per_second_mib: Option<u64>,
    /// It knows rules that forbid moves (renju's overline, double four and double three for
    /// X): it chooses among the legal moves only and its search plays by them (its evaluation
    /// may still count lines the rule spoils). A player without it refuses such a rule
    /// ([`Unfit::Rule`]).
    pub forbidden_moves: bool,
    /// Under a rule that forbids moves, it is the strongest player and the default opponent
    /// (of those with [`Abilities::forbidden_moves`]), on any board.
    pub strongest_with_forbidden_moves: bool,
    /// It searches by random playouts (Monte Carlo): `playouts=` sets how many a move makes
    /// (the node budget counts them too), `exploration=` UCB1's constant and `seed=` its
    /// random numbers; its values are win rates of playouts, each move with its visits.
    pub random_playouts: bool,
    /// `order=` sets the order in which its search tries moves (row-major, best-first,
    /// worst-first: [`super::MoveOrder`]), which decides how much alpha-beta prunes.
    pub orders_moves: bool,
    /// `eval=` chooses its static evaluation, `linear` or `net`; by default it plays with the
    /// process's network ([`crate::engine::net::for_variant`]) where one serves the variant,
    /// and the net's memory counts in a manager's memory limit.
    pub network: bool,
    /// Among moves of equal value it plays the first in row-major order from the top-left
    /// (unless `order=` says otherwise), as the seed programs do: where its evaluation
    /// cannot tell the moves apart it plays towards the top-left corner
    /// ([`super::tie_break`] says so beside its move).
    pub first_of_equals: bool,
    /// What its scores mean ([`PlayerInfo::level`]); `None` for a player that gives no scores
    /// (its values are proven results, or probabilities).
    pub score_scale: Option<ScoreScale>,
    /// Stopped before its search ends (its time runs out, or a stop signal), it still answers
    /// with the best move it has found so far: its search can be cut to any time. A player
    /// without it has no move until its search ends.
    pub answers_when_stopped: bool,
    /// For a search to a depth (not [`tree-limited`](Abilities::tree_limited), which says
    /// its depth in its [`BoardLimit`]): the depth it searches when not told, on boards where
    /// it does not search to the end (see [`PlayerInfo::default_depth`]).
    pub default_depth: Option<u32>,
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
        searches_to_depth: false,
        board_limit: BoardLimit::Any,
        always_moves: true,
        default_time: None,
        depth_ends_search: true,
        strongest_up_to: None,
        table_per_second_mib: None,
        forbidden_moves: false,
        strongest_with_forbidden_moves: false,
        random_playouts: false,
        orders_moves: false,
        network: false,
        first_of_equals: false,
        score_scale: None,
        answers_when_stopped: false,
        default_depth: None,
    };

    /// A search that reports its tree: the seed programs', which keep the first of equally
    /// valued moves.
    const TREE: Abilities = Abilities {
        reports_tree: true,
        first_of_equals: true,
        ..Abilities::PLAIN
    };

    /// A search to a depth that reports its tree.
    const DEEP_TREE: Abilities = Abilities {
        searches_to_depth: true,
        ..Abilities::TREE
    };

    /// Whether it searches every move to its depth without pruning and refuses a position
    /// whose tree would be too large: the smaller its depth, the larger the board it plays
    /// ([`PlayerInfo::largest_board_at`]).
    #[must_use]
    pub const fn tree_limited(&self) -> bool {
        matches!(self.board_limit, BoardLimit::Tree { .. })
    }

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
    /// Where `value`, a value this player gave, sits between a loss (0) and a win (1) for the
    /// side it belongs to: a proven result at its end (a draw one half), a probability as it
    /// is, a score on the player's [`ScoreScale`]; `None` for a score of a player that
    /// declares none.
    ///
    /// ```
    /// use mnk::players::info;
    /// use mnk::search::{Outcome, Value};
    /// let alphabeta = info("alphabeta").unwrap();
    /// assert_eq!(alphabeta.level(Value::Score(50)), Some(0.75));
    /// assert_eq!(alphabeta.level(Value::Solved(Outcome::Draw)), Some(0.5));
    /// assert_eq!(info("rules").unwrap().level(Value::Score(1)), None);
    /// ```
    #[must_use]
    pub fn level(&self, value: Value) -> Option<f64> {
        match value {
            Value::Solved(Outcome::Win(_)) => Some(1.0),
            Value::Solved(Outcome::Loss(_)) => Some(0.0),
            Value::Solved(Outcome::Draw) => Some(0.5),
            Value::Probability(p) | Value::WinRate(p) => Some(p.clamp(0.0, 1.0)),
            Value::Score(s) => self.abilities.score_scale.map(|scale| scale.level(s)),
        }
    }

    /// The depth the player searches when not told, for a search to a depth (`None`: to the
    /// end of the game, or no depth at all).
    #[must_use]
    pub const fn default_depth(&self) -> Option<u32> {
        match self.abilities.board_limit {
            BoardLimit::Tree { default_depth } => default_depth,
            _ => self.abilities.default_depth,
        }
    }

    /// The largest board (in empty cells) the player answers on within `nodes` positions when
    /// searching to `depth` (`None`: its default): a search that ends at its depth and has no
    /// move until it does, from the most empty cells from which its tree, counted without
    /// pruning (a bound for a pruning search too), holds at most `nodes` positions; within its [`BoardLimit`] in every case. `None`: any board. (A server that
    /// caps each search's nodes offers a player only on the boards this allows.)
    ///
    /// ```
    /// use mnk::players::info;
    /// let alphabeta = info("alphabeta").unwrap();
    /// // Its default depth 4 is too much for 15x15 within 20 million positions; depth 3 fits.
    /// assert!(alphabeta.largest_board_within(None, 20_000_000).unwrap() < 225);
    /// assert!(alphabeta.largest_board_within(Some(3), 20_000_000).unwrap() >= 225);
    /// // The engine answers whenever it is stopped.
    /// assert_eq!(info("engine").unwrap().largest_board_within(None, 1000), None);
    /// ```
    #[must_use]
    pub fn largest_board_within(&self, depth: Option<u32>, nodes: u128) -> Option<usize> {
        let a = &self.abilities;
        let limit = match depth {
            Some(d) => self.largest_board_at(d),
            None => a.largest_board,
        };
        if a.answers_when_stopped || !a.searches_to_depth || !a.depth_ends_search {
            return limit;
        }
        let within = largest_tree_within(depth.or(self.default_depth()), nodes);
        Some(limit.map_or(within, |l| l.min(within)))
    }

    /// Whether the player plays `variant` from the start at its default settings.
    #[must_use]
    pub fn plays(&self, variant: &Variant) -> bool {
        self.plays_at(variant, None)
    }

    /// Whether the player plays `variant` from the start when given `depth` (`None`: its
    /// default settings).
    #[must_use]
    pub fn plays_at(&self, variant: &Variant, depth: Option<u32>) -> bool {
        let options = PlayerOptions {
            depth,
            ..PlayerOptions::default()
        };
        self.check(&Board::new(*variant), &options).is_ok()
    }

    /// The largest board (in cells) the player plays from the start when given `depth`: for a
    /// [tree-limited](Abilities::tree_limited) player, the most cells from which a search of
    /// `depth` plies stays within its tree limit (more as the depth shrinks); for the others
    /// [`Abilities::largest_board`], whatever the depth. `None`: any board.
    ///
    /// ```
    /// use mnk::players::info;
    /// let seed = info("gomoku-minimax").unwrap();
    /// assert_eq!(seed.largest_board_at(4), Some(212)); // its default depth: not 15x15
    /// assert!(seed.largest_board_at(3).unwrap() >= 225);
    /// assert_eq!(info("gametree").unwrap().largest_board_at(1), Some(15));
    /// ```
    #[must_use]
    pub fn largest_board_at(&self, depth: u32) -> Option<usize> {
        match self.abilities.board_limit {
            BoardLimit::Tree { .. } => Some(largest_tree(Some(depth.max(1)))),
            limit => limit.largest(),
        }
    }

    /// Whether the player, with `options`, takes on the position `board` (as its
    /// [`BoardLimit`] declares), or why not and what would: to refuse a seat before the game
    /// starts rather than at the player's first move.
    ///
    /// # Errors
    /// [`Unfit`]: the limit, the position's figure, and the players that take it on (the
    /// strongest first), or the depth that fits.
    ///
    /// # Examples
    /// ```
    /// use mnk::game::{Board, Rule, Size, Variant};
    /// use mnk::players::{PlayerOptions, info};
    /// let gomoku = Board::new(Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap());
    /// let perfect = info("perfect").unwrap().fits(&gomoku, &PlayerOptions::default());
    /// assert!(perfect.unwrap_err().to_string().starts_with(
    ///     "perfect plays boards of at most 64 cells; 15x15 has 225: choose engine (the strongest here), "
    /// ));
    /// let minimax = info("gomoku-minimax").unwrap();
    /// assert!(minimax.fits(&gomoku, &PlayerOptions::default()).unwrap_err().to_string().contains("--depth 3"));
    /// let shallow = PlayerOptions { depth: Some(3), ..PlayerOptions::default() };
    /// assert!(minimax.fits(&gomoku, &shallow).is_ok());
    /// ```
    pub fn fits(&self, board: &Board, options: &PlayerOptions) -> Result<(), Unfit> {
        self.check(board, options)
            .map_err(|unfit| unfit(instead(board)))
    }

    /// [`PlayerInfo::fits`] without the list of players that would do: the error takes it.
    fn check(
        &self,
        board: &Board,
        options: &PlayerOptions,
    ) -> Result<(), Box<dyn FnOnce(String) -> Unfit>> {
        let player = self.name;
        let (size, empty) = (board.size(), board.empty_cells());
        let rule = board.variant().rule();
        if rule.has_forbidden_moves() && !self.abilities.forbidden_moves {
            return Err(Box::new(move |instead| Unfit::Rule {
                player,
                rule,
                instead,
            }));
        }
        match self.abilities.board_limit {
            BoardLimit::Cells(largest) if size.cells() > largest => {
                Err(Box::new(move |instead| Unfit::Cells {
                    player,
                    largest,
                    size,
                    cells: size.cells(),
                    instead,
                }))
            }
            BoardLimit::EmptyCells(largest) if empty > largest => {
                Err(Box::new(move |instead| Unfit::EmptyCells {
                    player,
                    largest,
                    empty,
                    instead,
                }))
            }
            BoardLimit::Tree { default_depth } => {
                let depth = options.depth.or(default_depth);
                let bound = tree_bound(empty, depth);
                if bound <= TREE_LIMIT {
                    return Ok(());
                }
                let fits = (1..=u32::try_from(empty).unwrap_or(u32::MAX))
                    .take_while(|&d| tree_bound(empty, Some(d)) <= TREE_LIMIT)
                    .last()
                    .unwrap_or(1);
                let reach = depth.map_or_else(
                    || "to the end of the game".to_string(),
                    |d| format!("to depth {d}"),
                );
                Err(Box::new(move |instead| Unfit::Tree {
                    player,
                    empty,
                    reach,
                    bound,
                    fits,
                    instead,
                }))
            }
            _ => Ok(()),
        }
    }
}

/// The players that take on `board` at their default settings and move in every position,
/// in words: the strongest first.
fn instead(board: &Board) -> String {
    let strongest = strongest(board.variant()).name;
    let others: Vec<&str> = CATALOG
        .iter()
        .filter(|p| p.name != strongest && p.abilities.always_moves)
        .filter(|p| p.check(board, &PlayerOptions::default()).is_ok())
        .map(|p| p.name)
        .collect();
    let mut words = format!("{strongest} (the strongest here)");
    if let Some((last, rest)) = others.split_last() {
        for name in rest {
            words.push_str(&format!(", {name}"));
        }
        words.push_str(&format!(" or {last}"));
    }
    words
}

const CATALOG: &[PlayerInfo] = &[
    PlayerInfo {
        name: "rules",
        summary: "win now, else block the opponent's win, else the free cell nearest the centre (centre, corners, edges on 3x3)",
        origin: "seed 002 (course slides, rule-based tic-tac-toe)",
        abilities: Abilities {
            answers_when_stopped: true,
            forbidden_moves: true,
            ..Abilities::PLAIN
        },
    },
    PlayerInfo {
        name: "minimax",
        summary: "plain minimax scoring +10 / -10 / 0, no pruning, first best move in row-major order; optional depth",
        origin: "seed 004 (minimax blog post, findBestMove)",
        abilities: Abilities {
            score_scale: Some(ScoreScale::Range {
                loss: -super::minimax::WIN,
                win: super::minimax::WIN,
            }),
            values_with_choice: true,
            largest_board: BoardLimit::Tree {
                default_depth: None,
            }
            .largest(),
            board_limit: BoardLimit::Tree {
                default_depth: None,
            },
            forbidden_moves: true,
            ..Abilities::DEEP_TREE
        },
    },
    PlayerInfo {
        name: "minimax-iterative",
        summary: "the same minimax without recursion (an explicit stack), as seed 004 recommends; same decisions",
        origin: "seed 004",
        abilities: Abilities {
            score_scale: Some(ScoreScale::Range {
                loss: -super::minimax::WIN,
                win: super::minimax::WIN,
            }),
            values_with_choice: true,
            largest_board: BoardLimit::Tree {
                default_depth: None,
            }
            .largest(),
            board_limit: BoardLimit::Tree {
                default_depth: None,
            },
            searches_to_depth: true,
            forbidden_moves: true,
            ..Abilities::PLAIN
        },
    },
    PlayerInfo {
        name: "alphabeta",
        summary: "alpha-beta over open lines for the mover minus open lines for the opponent, +-100 for a win; full depth on small boards",
        origin: "seeds 000/001 (alpha-beta tic-tac-toe, e(P) evaluation)",
        abilities: Abilities {
            default_depth: Some(super::alphabeta::DEFAULT_DEPTH),
            score_scale: Some(ScoreScale::Range {
                loss: -super::alphabeta::WIN,
                win: super::alphabeta::WIN,
            }),
            exact_values: true,
            forbidden_moves: true,
            orders_moves: true,
            ..Abilities::DEEP_TREE
        },
    },
    PlayerInfo {
        name: "gametree",
        summary: "the full game tree, each node scored by the probability of each side winning if every move is equally likely (an average over random play, not best play); picks the most probable win",
        origin: "seed 003, first program (game tree)",
        abilities: Abilities {
            values_with_choice: true,
            largest_board: BoardLimit::EmptyCells(super::gametree::LARGEST_EMPTY).largest(),
            board_limit: BoardLimit::EmptyCells(super::gametree::LARGEST_EMPTY),
            forbidden_moves: true,
            ..Abilities::TREE
        },
    },
    PlayerInfo {
        name: "gomoku-minimax",
        summary: "depth-limited minimax (default depth 4) with the seed's k-1 open-end heuristic",
        origin: "seed 003, second program (minimax)",
        abilities: Abilities {
            score_scale: Some(ScoreScale::Range {
                loss: super::seed_gomoku::MIN_SCORE,
                win: super::seed_gomoku::MAX_SCORE,
            }),
            values_with_choice: true,
            largest_board: BoardLimit::Tree {
                default_depth: Some(super::seed_gomoku::DEFAULT_DEPTH),
            }
            .largest(),
            board_limit: BoardLimit::Tree {
                default_depth: Some(super::seed_gomoku::DEFAULT_DEPTH),
            },
            forbidden_moves: true,
            ..Abilities::DEEP_TREE
        },
    },
    PlayerInfo {
        name: "gomoku-alphabeta",
        summary: "the same search with alpha-beta pruning (default depth 4)",
        origin: "seed 003, third program (alpha-beta)",
        abilities: Abilities {
            default_depth: Some(super::seed_gomoku::DEFAULT_DEPTH),
            score_scale: Some(ScoreScale::Range {
                loss: super::seed_gomoku::MIN_SCORE,
                win: super::seed_gomoku::MAX_SCORE,
            }),
            exact_values: true,
            forbidden_moves: true,
            ..Abilities::DEEP_TREE
        },
    },
    PlayerInfo {
        name: "gomoku-pruned",
        summary: "alpha-beta with isolated-point pruning and the improved k/2..k-1 heuristic (default depth 4)",
        origin: "seed 003, fourth program (isolated-point pruning)",
        abilities: Abilities {
            default_depth: Some(super::seed_gomoku::DEFAULT_DEPTH),
            score_scale: Some(ScoreScale::Range {
                loss: super::seed_gomoku::MIN_SCORE,
                win: super::seed_gomoku::MAX_SCORE,
            }),
            exact_values: true,
            forbidden_moves: true,
            ..Abilities::DEEP_TREE
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
            largest_board: BoardLimit::Cells(crate::game::MASK_CELLS).largest(),
            board_limit: BoardLimit::Cells(crate::game::MASK_CELLS),
            default_time: Some(super::perfect::DEFAULT_TIME),
            depth_ends_search: false,
            strongest_up_to: Some(super::perfect::QUICK_CELLS),
            forbidden_moves: true,
            ..Abilities::PLAIN
        },
    },
    PlayerInfo {
        name: "engine",
        summary: "the gomoku engine: alpha-beta with PVS, line patterns, threat search (VCF/VCT); 2 s a move unless limited",
        origin: "mnk (strongest beyond the reach of perfect)",
        abilities: Abilities {
            answers_when_stopped: true,
            score_scale: Some(ScoreScale::WinRate),
            values_with_choice: true,
            keeps_state: true,
            threads: true,
            table: true,
            searches_to_depth: true,
            default_time: Some(super::engine::DEFAULT_TIME),
            strongest_up_to: Some(usize::MAX),
            table_per_second_mib: Some(crate::engine::tunables::MIB_PER_SECOND),
            forbidden_moves: true,
            strongest_with_forbidden_moves: true,
            network: true,
            ..Abilities::PLAIN
        },
    },
    PlayerInfo {
        name: "mcts",
        summary: "Monte Carlo tree search (UCT): random playouts, UCB1 selection; plays the move whose playouts won most (playouts=, exploration=, seed=)",
        origin: "mnk (the algorithm learners meet after alpha-beta)",
        abilities: Abilities {
            values_with_choice: true,
            forbidden_moves: true,
            random_playouts: true,
            answers_when_stopped: true,
            ..Abilities::PLAIN
        },
    },
    PlayerInfo {
        name: "vcf",
        summary: "victory by continuous fours: the first move of a forced win by fours, or an error when it finds none",
        origin: "mnk (the engine's threat search, for puzzles)",
        abilities: Abilities {
            searches_to_depth: true,
            default_time: Some(super::threat::DEFAULT_TIME),
            depth_ends_search: false,
            always_moves: false,
            forbidden_moves: true,
            ..Abilities::PLAIN
        },
    },
    PlayerInfo {
        name: "vct",
        summary: "victory by continuous threats (fours and open threes): the first move of a forced win, or an error",
        origin: "mnk (the engine's threat search, for puzzles)",
        abilities: Abilities {
            searches_to_depth: true,
            default_time: Some(super::threat::DEFAULT_TIME),
            depth_ends_search: false,
            always_moves: false,
            forbidden_moves: true,
            ..Abilities::PLAIN
        },
    },
];

/// The strongest player for a variant: under a rule that forbids moves (renju), the one
/// [`strongest_with_forbidden_moves`](Abilities::strongest_with_forbidden_moves); else the first
/// whose [`strongest_up_to`](Abilities::strongest_up_to) covers the board.
///
/// # Panics
/// Never: the engine covers every board, and the catalog names a player for renju.
#[must_use]
pub fn strongest(variant: &Variant) -> &'static PlayerInfo {
    let cells = variant.size().cells();
    if variant.rule().has_forbidden_moves() {
        return CATALOG
            .iter()
            .find(|p| p.abilities.strongest_with_forbidden_moves)
            .expect("the catalog names the strongest player under renju");
    }
    CATALOG
        .iter()
        .filter(|p| p.abilities.strongest_up_to.is_some_and(|n| cells <= n))
        .min_by_key(|p| p.abilities.strongest_up_to)
        .expect("the engine plays every board")
}

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
        // Whatever the up-front check refuses, the player refuses too: every board from 1x1
        // to 26x26, empty and with a stone down.
        for info in catalog() {
            for side in 1..=26u8 {
                let variant = Variant::new(Size::square(side), 1, Rule::Freestyle).unwrap();
                for board in [
                    Board::new(variant),
                    Board::from_moves(variant, &[Cell(0)]).unwrap(),
                ] {
                    if board.is_over() || info.fits(&board, &PlayerOptions::default()).is_ok() {
                        continue;
                    }
                    let mut player = create(&info.name.parse().unwrap());
                    let result = player.choose(&board, &Control::unlimited());
                    assert!(
                        matches!(result, Err(PlayerError::TooLarge(_))),
                        "{} on {side}x{side}: {result:?}",
                        info.name
                    );
                }
            }
            assert_eq!(
                info.abilities.largest_board,
                info.abilities.board_limit.largest()
            );
        }
        // The declared figures are those the players compute: minimax's whole tree fits 12
        // empty cells, seed 003's minimax at depth 4 fits 212 (14x15) and not 15x15.
        let minimax = info("minimax").unwrap().abilities.largest_board;
        assert_eq!(minimax, Some(12));
        let seed = info("gomoku-minimax").unwrap().abilities.largest_board;
        assert_eq!(seed, Some(212));
        // The game tree plays 4x4 once stones are down, not from the empty board.
        let four = Variant::new(Size::square(4), 4, Rule::Freestyle).unwrap();
        assert!(!info("gametree").unwrap().plays(&four));
        let board = Board::from_moves(four, &[Cell(5), Cell(0), Cell(10)]).unwrap();
        let gametree = info("gametree").unwrap();
        assert_eq!(gametree.fits(&board, &PlayerOptions::default()), Ok(()));
        let tree = create(&"gametree".parse().unwrap()).choose(&board, &Control::unlimited());
        assert!(tree.is_ok(), "{tree:?}");
    }

    #[test]
    fn a_smaller_depth_plays_the_larger_boards_the_catalog_says() {
        use crate::game::Board;
        use crate::search::{Control, Limits, PlayerError};
        let limited: Vec<&PlayerInfo> = catalog()
            .iter()
            .filter(|p| p.abilities.tree_limited())
            .collect();
        assert_eq!(
            limited.iter().map(|p| p.name).collect::<Vec<_>>(),
            ["minimax", "minimax-iterative", "gomoku-minimax"]
        );
        for info in limited {
            assert!(info.abilities.searches_to_depth, "{}", info.name);
            // At its default settings it plays what `largest_board` says; the depth that
            // gives the same figure is its default (4 for the seed's minimax, the whole game
            // for minimax).
            let default = (1..=40)
                .find(|&d| info.largest_board_at(d) == info.abilities.largest_board)
                .unwrap();
            assert!(default <= 12, "{}: {default}", info.name);
            // On 4x4, 8x8 and 15x15, the deepest depth whose figure covers the board is
            // accepted and one ply more is refused as too large (a node budget ends the
            // accepted search at once: only the refusal is asked of it).
            for side in [4, 8, 15] {
                let variant = Variant::new(Size::square(side), 4, Rule::Freestyle).unwrap();
                let cells = variant.size().cells();
                let deepest = (1..=cells as u32)
                    .take_while(|&d| info.largest_board_at(d).unwrap() >= cells)
                    .last()
                    .unwrap();
                assert!(info.plays_at(&variant, Some(deepest)));
                assert!(!info.plays_at(&variant, Some(deepest + 1)));
                let board = Board::new(variant);
                let ask = |depth| {
                    let spec = format!("{}:depth={depth}", info.name).parse().unwrap();
                    let limits = Limits {
                        depth: Some(depth),
                        nodes: Some(50),
                        time: None,
                    };
                    create(&spec).choose(&board, &Control::start(&limits))
                };
                let fits = ask(deepest);
                assert!(
                    !matches!(fits, Err(PlayerError::TooLarge(_))),
                    "{} at depth {deepest} on {side}x{side}: {fits:?}",
                    info.name
                );
                let over = ask(deepest + 1);
                assert!(
                    matches!(over, Err(PlayerError::TooLarge(ref m)) if m.contains(&format!("depth={deepest}"))),
                    "{} at depth {} on {side}x{side}: {over:?}",
                    info.name,
                    deepest + 1
                );
            }
        }
        // Players whose board does not depend on their depth: the same figure at any depth.
        let tree = info("gametree").unwrap();
        assert_eq!(tree.largest_board_at(1), tree.abilities.largest_board);
        assert_eq!(info("engine").unwrap().largest_board_at(3), None);
    }

    #[test]
    fn an_unfit_seat_says_why_and_what_would_do() {
        let gomoku = Board::new(Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap());
        let none = PlayerOptions::default();
        let perfect = info("perfect").unwrap().fits(&gomoku, &none).unwrap_err();
        assert_eq!(
            perfect.to_string(),
            "perfect plays boards of at most 64 cells; 15x15 has 225: choose engine (the strongest here), \
             rules, alphabeta, gomoku-alphabeta, gomoku-pruned or mcts"
        );
        let seed = info("gomoku-minimax")
            .unwrap()
            .fits(&gomoku, &none)
            .unwrap_err();
        assert!(
            seed.to_string().starts_with(
                "gomoku-minimax searches without pruning: with 225 empty cells its tree to depth 4 \
                 could hold 2.51e9 positions, more than its limit of 2.0e9; give it a depth of at most 3 \
                 (--depth 3 or gomoku-minimax:depth=3), or choose engine (the strongest here), rules"
            ),
            "{seed}"
        );
        let deep = PlayerOptions {
            depth: Some(6),
            ..none
        };
        let tic_tac_toe = Board::new(Variant::tic_tac_toe());
        assert_eq!(
            info("gomoku-minimax").unwrap().fits(&tic_tac_toe, &deep),
            Ok(())
        );
        let minimax = info("minimax").unwrap();
        let four = Board::new(Variant::new(Size::square(4), 4, Rule::Freestyle).unwrap());
        let e = minimax.fits(&four, &none).unwrap_err().to_string();
        assert!(e.contains("its tree to the end of the game"), "{e}");
        assert_eq!(minimax.fits(&four, &deep), Ok(()));
        let e = info("gametree").unwrap().fits(&four, &none).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("gametree plays positions with at most 15 empty cells; this one has 16: choose perfect (the strongest here), "),
            "{e}"
        );
    }
}
