//! A record read and checked: its variant, its moves (legal, X first), the names and result.

use crate::arena::OpeningRule;
use crate::game::{Cell, Game, Side, Status, Variant};
use std::fmt;

/// The players' names, where a record gives them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Players {
    /// Who played X (black, first).
    pub x: Option<String>,
    /// Who played O (white).
    pub o: Option<String>,
}

/// How a game ended, as a record states it (it may end before the board shows it: a
/// resignation, a loss on time).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `side` won; `how` is what the record adds (`R` for resignation, `T` for time, a score),
    /// empty when nothing.
    Won {
        /// The winner.
        side: Side,
        /// How, as the record says it.
        how: String,
    },
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The outcome the board shows, if the game is over.
    #[must_use]
    pub fn of(status: Status) -> Option<Outcome> {
        match status {
            Status::InProgress => None,
            Status::Won { side, .. } => Some(Outcome::Won {
                side,
                how: String::new(),
            }),
            Status::Draw => Some(Outcome::Draw),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Won { side, how } if how.is_empty() => write!(f, "{side} wins"),
            Outcome::Won { side, how } => write!(f, "{side} wins by {how}"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// A whole game: its variant, its moves (legal, X first), and what the record adds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    variant: Variant,
    moves: Vec<Cell>,
    /// The players' names.
    pub players: Players,
    /// The result as stated (it agrees with the moves where they end the game).
    pub result: Option<Outcome>,
    /// The tournament opening the game began with, if it began with one.
    opening: Option<Opening>,
}

/// A game's tournament opening: its rule, and how many of the first moves it placed (3 to 6:
/// the opener's three stones, then white's fourth when the chooser kept white, or the two
/// more stones of swap2 and white's sixth when the opener then took white).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opening {
    /// Swap or swap2.
    pub rule: OpeningRule,
    /// The moves it placed, from the first.
    pub stones: usize,
}

impl Opening {
    /// What an opening's text accepts, for messages.
    pub const EXPECTED: &str = "swap:3 or swap2:5: the opening, and how many of the first moves it placed (swap 3 or 4, swap2 3 to 6)";

    /// The opening `rule` that placed the first `stones` moves: swap places 3 or 4 (the
    /// chooser took black, or played white's fourth), swap2 3 to 6 (or two more stones, and
    /// the opener took black or played white's sixth); `None` for other counts, or the rule
    /// of given openings.
    #[must_use]
    pub fn new(rule: OpeningRule, stones: usize) -> Option<Opening> {
        let most = match rule {
            OpeningRule::Given => return None,
            OpeningRule::Swap => 4,
            OpeningRule::Swap2 => 6,
        };
        (3..=most)
            .contains(&stones)
            .then_some(Opening { rule, stones })
    }
}

impl std::str::FromStr for Opening {
    type Err = &'static str;

    /// `swap2:5` ([`Opening::EXPECTED`] when it is not one).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (rule, stones) = text.split_once(':').ok_or(Opening::EXPECTED)?;
        let rule = rule.parse().map_err(|_| Opening::EXPECTED)?;
        let stones = stones.trim().parse().map_err(|_| Opening::EXPECTED)?;
        Opening::new(rule, stones).ok_or(Opening::EXPECTED)
    }
}

impl fmt::Display for Opening {
    /// `swap2:5`, as SGF's `OP` property holds it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.rule, self.stones)
    }
}

impl Record {
    /// A record of moves already played on a board of `variant` (by [`super::Draft::into_record`]).
    pub(super) fn checked(
        variant: Variant,
        moves: Vec<Cell>,
        players: Players,
        result: Option<Outcome>,
    ) -> Self {
        Record {
            variant,
            moves,
            players,
            result,
            opening: None,
        }
    }

    /// The record of a game so far, without names or result.
    #[must_use]
    pub fn from_game(game: &Game) -> Self {
        Record {
            variant: *game.board().variant(),
            moves: game.moves().to_vec(),
            players: Players::default(),
            result: None,
            opening: None,
        }
    }

    /// The record with its first moves placed by `opening`.
    ///
    /// # Errors
    /// When the record has fewer moves than the opening placed.
    pub fn with_opening(mut self, opening: Opening) -> Result<Self, String> {
        if opening.stones > self.moves.len() {
            return Err(format!(
                "the opening {opening} places more stones than the record's {} moves",
                self.moves.len()
            ));
        }
        self.opening = Some(opening);
        Ok(self)
    }

    /// The tournament opening the game began with, if any.
    #[must_use]
    pub const fn opening(&self) -> Option<Opening> {
        self.opening
    }

    /// The variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The moves, X first.
    #[must_use]
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// The game the moves make.
    ///
    /// # Panics
    /// Never: a record's moves are legal (checked when it was made).
    #[must_use]
    pub fn game(&self) -> Game {
        Game::from_moves(self.variant, &self.moves).expect("a record's moves are legal")
    }
}
