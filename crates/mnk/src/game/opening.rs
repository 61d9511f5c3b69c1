//! The tournament openings swap and swap2, as one state machine: who places, who chooses,
//! which choices are open, and when the opening ends. Every front end (the line game, the
//! full-screen board, the web page, `mnk match`) and the Gomocup brain's `SWAP2BOARD` ask it;
//! none decides these things itself.
//!
//! The opener, who sits at X during the opening, places three stones: black, white, black.
//! The chooser, at O, then
//! - takes black ([`Act::Black`]): the seats change colours, the opener plays white's fourth
//!   stone as the game's first move;
//! - or keeps white and plays white's fourth stone ([`Act::White`], or [`Act::Stone`]);
//! - or, under swap2 only, places two more stones ([`Act::PlaceTwo`], then two
//!   [`Act::Stone`]s: white's fourth, black's fifth), and the opener chooses the same way:
//!   keeps black ([`Act::Black`]) or takes white and plays white's sixth stone (the seats
//!   change colours).
//!
//! No stone of the opening may end the game. What a finished opening placed is an
//! [`Opened`]: its rule and how many of the first moves it placed (what a record names as
//! `swap2:5`), from which the rest follows (whether the seats changed colours).
//!
//! ```
//! use mnk::game::{Act, Game, Opening, OpeningRule, Side, Stage, Variant, Size, Rule};
//! let variant = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
//! let mut game = Game::new(variant);
//! let mut opening = Opening::new(OpeningRule::Swap2);
//! for name in ["h8", "i8", "h10"] {
//!     assert_eq!(opening.to_act(), Some(Side::X));
//!     let cell = mnk::notation::parse_move(name, game.board()).unwrap();
//!     opening.act(&mut game, Act::Stone(cell)).unwrap();
//! }
//! assert_eq!((opening.stage(), opening.to_act()), (Stage::Choose, Some(Side::O)));
//! // The chooser takes black: the seats change colours, and the opening is done.
//! assert!(opening.act(&mut game, Act::Black).unwrap());
//! assert_eq!(opening.opened().unwrap().to_string(), "swap2:3");
//! ```

use super::board::MoveError;
use super::geometry::Cell;
use super::history::Game;
use super::side::Side;
use super::variant::Variant;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Which tournament opening a game begins with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    /// Swap: the opener places three stones; the chooser takes black or plays white's fourth.
    Swap,
    /// Swap2: as swap, where the chooser may also place two more stones and let the opener
    /// choose.
    Swap2,
}

impl OpeningRule {
    /// `swap` or `swap2`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OpeningRule::Swap => "swap",
            OpeningRule::Swap2 => "swap2",
        }
    }

    /// The most stones an opening of this rule places: 4 (swap: three, then white's fourth)
    /// or 6 (swap2: five, then white's sixth).
    #[must_use]
    pub const fn most_stones(self) -> usize {
        match self {
            OpeningRule::Swap => THREE + 1,
            OpeningRule::Swap2 => FIVE + 1,
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no opening rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown opening rule '{0}': expected swap or swap2")]
pub struct OpeningRuleError(pub String);

impl FromStr for OpeningRule {
    type Err = OpeningRuleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "swap" => Ok(OpeningRule::Swap),
            "swap2" => Ok(OpeningRule::Swap2),
            _ => Err(OpeningRuleError(s.to_string())),
        }
    }
}

/// A finished opening: its rule, and how many of the first moves it placed (3 to 6: the
/// opener's three stones, then white's fourth when the chooser kept white, or the two more
/// stones of swap2 and white's sixth when the opener then took white). Records name it
/// `swap2:5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opened {
    /// Swap or swap2.
    pub rule: OpeningRule,
    /// The moves it placed, from the first.
    pub stones: usize,
}

/// Text that names no finished opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("{}", Opened::EXPECTED)]
pub struct OpenedError;

impl Opened {
    /// What an opening's text accepts, for messages.
    pub const EXPECTED: &str = "swap:3 or swap2:5: the opening, and how many of the first moves it placed (swap 3 or 4, swap2 3 to 6)";

    /// The opening `rule` that placed the first `stones` moves: swap places 3 or 4, swap2 3
    /// to 6; `None` for other counts.
    #[must_use]
    pub fn new(rule: OpeningRule, stones: usize) -> Option<Opened> {
        (THREE..=rule.most_stones())
            .contains(&stones)
            .then_some(Opened { rule, stones })
    }

    /// Whether the seats changed colours: the chooser took black on three stones, or the
    /// opener took white on five (and placed the sixth).
    #[must_use]
    pub const fn swapped(self) -> bool {
        self.stones == THREE || self.stones == FIVE + 1
    }
}

impl FromStr for Opened {
    type Err = OpenedError;

    /// `swap2:5` ([`Opened::EXPECTED`] when it is not one).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (rule, stones) = text.split_once(':').ok_or(OpenedError)?;
        let rule = rule.parse().map_err(|_| OpenedError)?;
        let stones = stones.trim().parse().map_err(|_| OpenedError)?;
        Opened::new(rule, stones).ok_or(OpenedError)
    }
}

impl fmt::Display for Opened {
    /// `swap2:5`, as SGF's `OP` property holds it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.rule, self.stones)
    }
}

/// Where an opening stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The seat to act places stones ([`Opening::to_place`] more).
    Place,
    /// The seat to act takes black, or plays white's stone (or, swap2's chooser on three
    /// stones, says it places two more).
    Choose,
    /// Over: the game proper is on.
    Done,
}

impl Stage {
    /// `place`, `choose` or `done`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Place => "place",
            Stage::Choose => "choose",
            Stage::Done => "done",
        }
    }
}

/// A choice of the seat choosing (a stone is an [`Act::Stone`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Take black.
    Black,
    /// Keep white and play white's stone.
    White,
    /// Swap2's chooser on three stones: place two more and let the opener choose.
    PlaceTwo,
}

impl Choice {
    /// `black`, `white` or `place`, as the web API names them.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Choice::Black => "black",
            Choice::White => "white",
            Choice::PlaceTwo => "place",
        }
    }
}

/// What the seat to act does in the opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Act {
    /// A stone: one the seat places, or, when it chooses, white's stone (keeping white).
    Stone(Cell),
    /// Take black (only when choosing).
    Black,
    /// Keep white and play white's stone (only when choosing).
    White(Cell),
    /// Swap2's chooser places two more stones and lets the opener choose.
    PlaceTwo,
}

/// Why the opening refuses an act; it is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OpeningError {
    /// The opening is over: the game proper is on.
    #[error("the opening is over")]
    Over,
    /// A colour chosen while stones are to be placed.
    #[error("no colour to choose now: {}", .0.expected())]
    NoChoiceNow(Opening),
    /// Two more stones asked for where they are not open (swap, the opener, or not now).
    #[error("no two stones to place now: {}", .0.expected())]
    NoPlacingNow(Opening),
    /// The stone cannot be played (taken, off the board, forbidden).
    #[error("{0}")]
    Move(MoveError),
    /// The stone would end the game.
    #[error("the opening's stones may not end the game; place it elsewhere")]
    EndsGame,
    /// Nothing to take back: the stones of the stages over stay.
    #[error("the opening's first {kept} stones stay")]
    Kept {
        /// The stones that stay.
        kept: usize,
    },
    /// The game does not hold the opening's stones (a caller's mistake).
    #[error("the game has {moves} moves where the opening placed {placed}")]
    OutOfStep {
        /// The game's moves.
        moves: usize,
        /// The opening's stones.
        placed: usize,
    },
}

/// The opener's three stones.
const THREE: usize = 3;
/// Swap2's five stones: the opener's three and the chooser's two.
const FIVE: usize = 5;

/// An opening under way or done. Its stones are the first moves of the game it is played on
/// (the caller's [`Game`], passed to [`Opening::act`] and [`Opening::undo`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opening {
    rule: OpeningRule,
    /// Stones placed so far.
    placed: usize,
    /// Swap2's chooser said it places two more stones.
    extra: bool,
    /// The opening is done.
    done: bool,
    /// The seats changed colours.
    swapped: bool,
}

impl Opening {
    /// An opening about to begin.
    #[must_use]
    pub const fn new(rule: OpeningRule) -> Self {
        Opening {
            rule,
            placed: 0,
            extra: false,
            done: false,
            swapped: false,
        }
    }

    /// The opening a record names, done.
    #[must_use]
    pub const fn finished(opened: Opened) -> Self {
        Opening {
            rule: opened.rule,
            placed: opened.stones,
            extra: opened.stones > THREE + 1,
            done: true,
            swapped: opened.swapped(),
        }
    }

    /// The opening after `stones` were placed in the order the rule places them (the opener's
    /// three; under swap2 the chooser's two, having said it places them; then white's stone
    /// of the seat that chose white), on a new game of `variant`.
    ///
    /// # Errors
    /// The index of the stone refused and why (a stone that cannot be played or ends the
    /// game; more stones than the rule places).
    pub fn replay(
        rule: OpeningRule,
        variant: Variant,
        stones: &[Cell],
    ) -> Result<(Game, Opening), (usize, OpeningError)> {
        let mut game = Game::new(variant);
        let mut opening = Opening::new(rule);
        for (i, &cell) in stones.iter().enumerate() {
            if opening.stage() == Stage::Choose && i == THREE && rule == OpeningRule::Swap2 {
                opening.act(&mut game, Act::PlaceTwo).map_err(|e| (i, e))?;
            }
            opening
                .act(&mut game, Act::Stone(cell))
                .map_err(|e| (i, e))?;
        }
        Ok((game, opening))
    }

    /// Swap or swap2.
    #[must_use]
    pub const fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// Stones placed so far (all of them once done).
    #[must_use]
    pub const fn placed(&self) -> usize {
        self.placed
    }

    /// Whether the seats changed colours (the seat that opened plays white).
    #[must_use]
    pub const fn swapped(&self) -> bool {
        self.swapped
    }

    /// Whether the opening is done.
    #[must_use]
    pub const fn is_done(&self) -> bool {
        self.done
    }

    /// The finished opening, once done.
    #[must_use]
    pub fn opened(&self) -> Option<Opened> {
        if self.done {
            Opened::new(self.rule, self.placed)
        } else {
            None
        }
    }

    /// Where the opening stands.
    #[must_use]
    pub const fn stage(&self) -> Stage {
        match (self.done, self.placed) {
            (true, _) => Stage::Done,
            (false, n) if n < THREE => Stage::Place,
            (false, THREE) if !self.extra => Stage::Choose,
            (false, FIVE) => Stage::Choose,
            (false, _) => Stage::Place,
        }
    }

    /// The seat that acts now, by the side it sits at during the opening (the opener at X,
    /// the chooser at O); `None` when done.
    #[must_use]
    pub const fn to_act(&self) -> Option<Side> {
        match self.stage() {
            Stage::Done => None,
            Stage::Place if self.placed < THREE => Some(Side::X),
            Stage::Place => Some(Side::O),
            Stage::Choose if self.placed == THREE => Some(Side::O),
            Stage::Choose => Some(Side::X),
        }
    }

    /// Stones the seat to act places now (0 unless placing).
    #[must_use]
    pub const fn to_place(&self) -> usize {
        match self.stage() {
            Stage::Place if self.placed < THREE => THREE - self.placed,
            Stage::Place => FIVE - self.placed,
            _ => 0,
        }
    }

    /// How many of the first moves undo leaves: the opening's stones once done; during the
    /// opening, those placed before the stage under way (a stage's own stones may be taken
    /// back).
    #[must_use]
    pub const fn kept(&self) -> usize {
        match self.stage() {
            Stage::Done | Stage::Choose => self.placed,
            Stage::Place if self.placed < THREE => 0,
            Stage::Place => THREE,
        }
    }

    /// The choices open to the seat to act now, besides placing a stone: black and white when
    /// choosing, and swap2's two more stones for the chooser on three stones.
    #[must_use]
    pub fn choices(&self) -> Vec<Choice> {
        match self.stage() {
            Stage::Choose if self.placed == THREE && self.rule == OpeningRule::Swap2 => {
                vec![Choice::Black, Choice::White, Choice::PlaceTwo]
            }
            Stage::Choose => vec![Choice::Black, Choice::White],
            Stage::Place | Stage::Done => Vec::new(),
        }
    }

    /// Whether the seat to act may make `choice` now.
    #[must_use]
    pub fn allows(&self, choice: Choice) -> bool {
        self.choices().contains(&choice)
    }

    /// Does `act` on `game`, whose moves are the opening's stones so far: plays its stone
    /// (refusing one that ends the game), or takes its decision. Returns whether the seats
    /// change colours now (the caller swaps whoever sits at X and O).
    ///
    /// # Errors
    /// [`OpeningError`]: the opening is over, the act does not fit the stage (saying what
    /// it accepts), or the stone cannot be played; the opening and the game are unchanged.
    pub fn act(&mut self, game: &mut Game, act: Act) -> Result<bool, OpeningError> {
        self.in_step(game)?;
        match (self.stage(), act) {
            (Stage::Done, _) => Err(OpeningError::Over),
            (Stage::Place, Act::Stone(cell)) => {
                play_stone(game, cell)?;
                self.placed += 1;
                Ok(false)
            }
            (Stage::Choose, Act::Stone(cell) | Act::White(cell)) => {
                play_stone(game, cell)?;
                // The opener taking white on five stones gives its seat white.
                self.swapped = self.placed == FIVE;
                self.placed += 1;
                self.done = true;
                Ok(self.swapped)
            }
            (Stage::Choose, Act::Black) => {
                // The chooser taking black on three stones gives its seat black.
                self.swapped = self.placed == THREE;
                self.done = true;
                Ok(self.swapped)
            }
            (Stage::Choose, Act::PlaceTwo) if self.allows(Choice::PlaceTwo) => {
                self.extra = true;
                Ok(false)
            }
            (_, Act::Black | Act::White(_)) => Err(OpeningError::NoChoiceNow(*self)),
            (_, Act::PlaceTwo) => Err(OpeningError::NoPlacingNow(*self)),
        }
    }

    /// Takes back the last stone of the stage under way from `game` (and swap2's choice to
    /// place two more, when none of them is down yet): the stones of the stages over stay.
    ///
    /// # Errors
    /// [`OpeningError::Over`] when the opening is done, [`OpeningError::Kept`] when the stage
    /// under way has no stone down.
    pub fn undo(&mut self, game: &mut Game) -> Result<Option<Cell>, OpeningError> {
        self.in_step(game)?;
        if self.done {
            return Err(OpeningError::Over);
        }
        if self.placed > self.kept() {
            self.placed -= 1;
            return Ok(game.undo());
        }
        Err(OpeningError::Kept { kept: self.kept() })
    }

    /// What the opening accepts now, in words.
    #[must_use]
    pub fn expected(&self) -> String {
        let placed = self.placed;
        match self.stage() {
            Stage::Place if placed < THREE => format!(
                "the opener places its three stones first ({} to go)",
                THREE - placed
            ),
            Stage::Place => format!(
                "the chooser places its two stones ({} to go)",
                FIVE - placed
            ),
            Stage::Choose if self.allows(Choice::PlaceTwo) => {
                "the chooser takes black, plays white's fourth stone, or places two stones".into()
            }
            Stage::Choose if placed == THREE => {
                "the chooser takes black or plays white's fourth stone".into()
            }
            Stage::Choose => "the opener takes black or plays white's sixth stone".into(),
            Stage::Done => "the opening is over".into(),
        }
    }

    /// Refuses a game whose moves are not the opening's stones (before it is done).
    fn in_step(&self, game: &Game) -> Result<(), OpeningError> {
        let moves = game.moves().len();
        if !self.done && moves != self.placed || moves < self.placed {
            return Err(OpeningError::OutOfStep {
                moves,
                placed: self.placed,
            });
        }
        Ok(())
    }
}

/// Plays an opening's stone: refused when it cannot be played or would end the game.
fn play_stone(game: &mut Game, cell: Cell) -> Result<(), OpeningError> {
    game.play(cell).map_err(OpeningError::Move)?;
    if game.board().is_over() {
        game.undo();
        return Err(OpeningError::EndsGame);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size};

    fn gomoku(k: u32) -> Game {
        Game::new(Variant::new(Size::square(15), k, Rule::Freestyle).unwrap())
    }

    fn cell(game: &Game, name: &str) -> Cell {
        crate::notation::parse_cell(name, game.board().size()).unwrap()
    }

    fn stone(opening: &mut Opening, game: &mut Game, name: &str) -> Result<bool, OpeningError> {
        let c = cell(game, name);
        opening.act(game, Act::Stone(c))
    }

    /// The state of an opening in one tuple: stage, seat to act, stones to place, kept.
    fn state(o: &Opening) -> (Stage, Option<Side>, usize, usize) {
        (o.stage(), o.to_act(), o.to_place(), o.kept())
    }

    #[test]
    fn swap2_runs_through_every_stage() {
        let mut game = gomoku(5);
        let mut o = Opening::new(OpeningRule::Swap2);
        assert_eq!(state(&o), (Stage::Place, Some(Side::X), 3, 0));
        assert!(o.choices().is_empty());
        // Nothing but stones before the three are down.
        for act in [Act::Black, Act::White(Cell(0))] {
            let e = o.act(&mut game, act).unwrap_err();
            assert_eq!(e, OpeningError::NoChoiceNow(o));
            assert_eq!(
                e.to_string(),
                "no colour to choose now: the opener places its three stones first (3 to go)"
            );
        }
        assert!(matches!(
            o.act(&mut game, Act::PlaceTwo),
            Err(OpeningError::NoPlacingNow(_))
        ));
        assert_eq!(stone(&mut o, &mut game, "h8"), Ok(false));
        assert_eq!(state(&o), (Stage::Place, Some(Side::X), 2, 0));
        // A stone of the stage under way may be taken back.
        assert_eq!(o.undo(&mut game), Ok(Some(cell(&gomoku(5), "h8"))));
        assert_eq!((o.placed(), game.moves().len()), (0, 0));
        assert_eq!(o.undo(&mut game), Err(OpeningError::Kept { kept: 0 }));
        for name in ["h8", "i8", "h10"] {
            stone(&mut o, &mut game, name).unwrap();
        }
        assert_eq!(state(&o), (Stage::Choose, Some(Side::O), 0, 3));
        assert_eq!(
            o.choices(),
            [Choice::Black, Choice::White, Choice::PlaceTwo]
        );
        assert_eq!(o.undo(&mut game), Err(OpeningError::Kept { kept: 3 }));
        assert_eq!(o.act(&mut game, Act::PlaceTwo), Ok(false));
        assert_eq!(state(&o), (Stage::Place, Some(Side::O), 2, 3));
        // Only once.
        assert!(matches!(
            o.act(&mut game, Act::PlaceTwo),
            Err(OpeningError::NoPlacingNow(_))
        ));
        stone(&mut o, &mut game, "j9").unwrap();
        assert_eq!(state(&o), (Stage::Place, Some(Side::O), 1, 3));
        stone(&mut o, &mut game, "g9").unwrap();
        assert_eq!(state(&o), (Stage::Choose, Some(Side::X), 0, 5));
        assert_eq!(o.choices(), [Choice::Black, Choice::White]);
        let e = o.act(&mut game, Act::PlaceTwo).unwrap_err().to_string();
        assert!(
            e.ends_with("the opener takes black or plays white's sixth stone"),
            "{e}"
        );
        // The opener takes white with the sixth stone: the seats change colours.
        let c = cell(&game, "k10");
        assert_eq!(o.act(&mut game, Act::White(c)), Ok(true));
        assert_eq!(state(&o), (Stage::Done, None, 0, 6));
        assert_eq!(o.opened(), Opened::new(OpeningRule::Swap2, 6));
        assert!(o.swapped() && o.is_done());
        assert_eq!(Opening::finished(o.opened().unwrap()), o);
        assert_eq!(stone(&mut o, &mut game, "a1"), Err(OpeningError::Over));
        assert_eq!(o.undo(&mut game), Err(OpeningError::Over));
        assert_eq!(game.moves().len(), 6);
    }

    #[test]
    fn every_way_an_opening_ends() {
        // (rule, whether the chooser places two, the last act, stones, swapped)
        type Case = (OpeningRule, bool, Option<&'static str>, usize, bool);
        let cases: [Case; 6] = [
            (OpeningRule::Swap, false, None, 3, true),
            (OpeningRule::Swap, false, Some("j9"), 4, false),
            (OpeningRule::Swap2, false, None, 3, true),
            (OpeningRule::Swap2, false, Some("j9"), 4, false),
            (OpeningRule::Swap2, true, None, 5, false),
            (OpeningRule::Swap2, true, Some("k10"), 6, true),
        ];
        for (rule, two, white, stones, swapped) in cases {
            let mut game = gomoku(5);
            let mut o = Opening::new(rule);
            for name in ["h8", "i8", "h10"] {
                stone(&mut o, &mut game, name).unwrap();
            }
            if two {
                o.act(&mut game, Act::PlaceTwo).unwrap();
                stone(&mut o, &mut game, "a1").unwrap();
                stone(&mut o, &mut game, "o15").unwrap();
            }
            let act = white.map_or(Act::Black, |n| Act::White(cell(&game, n)));
            assert_eq!(o.act(&mut game, act), Ok(swapped), "{rule} {stones}");
            let opened = o.opened().unwrap();
            assert_eq!((opened.stones, opened.swapped()), (stones, swapped));
            assert_eq!(game.moves().len(), stones);
            assert_eq!(Opening::finished(opened), o, "{rule} {stones}");
        }
    }

    #[test]
    fn swap_offers_no_two_stones_and_no_stone_may_end_the_game() {
        let mut game = gomoku(3);
        let mut o = Opening::new(OpeningRule::Swap);
        for name in ["h8", "a1", "h9"] {
            stone(&mut o, &mut game, name).unwrap();
        }
        assert_eq!(o.choices(), [Choice::Black, Choice::White]);
        let e = o.act(&mut game, Act::PlaceTwo).unwrap_err().to_string();
        assert!(e.contains("takes black or plays white's fourth"), "{e}");
        // Under swap2 with three in a row, black's fifth stone may not win.
        let mut game = gomoku(3);
        let mut o = Opening::new(OpeningRule::Swap2);
        for name in ["h8", "a1", "h9", "a2"] {
            if o.stage() == Stage::Choose {
                o.act(&mut game, Act::PlaceTwo).unwrap();
            }
            stone(&mut o, &mut game, name).unwrap();
        }
        assert_eq!(stone(&mut o, &mut game, "h10"), Err(OpeningError::EndsGame));
        assert_eq!(
            stone(&mut o, &mut game, "a2"),
            Err(OpeningError::Move(MoveError::Occupied))
        );
        assert_eq!((o.placed(), game.moves().len()), (4, 4));
        // A game that is not the opening's is refused.
        let mut other = gomoku(5);
        assert_eq!(
            o.act(&mut other, Act::Black),
            Err(OpeningError::OutOfStep {
                moves: 0,
                placed: 4
            })
        );
    }

    #[test]
    fn stones_replay_in_the_rule_s_order() {
        let variant = *gomoku(5).board().variant();
        let cells = |names: &[&str]| crate::notation::parse_moves(&names.join(" "), variant.size());
        let five = cells(&["h8", "i8", "h10", "j9", "g9"]).unwrap();
        for (n, stage, to_act) in [
            (0, Stage::Place, Some(Side::X)),
            (2, Stage::Place, Some(Side::X)),
            (3, Stage::Choose, Some(Side::O)),
            (4, Stage::Place, Some(Side::O)),
            (5, Stage::Choose, Some(Side::X)),
        ] {
            let (game, o) = Opening::replay(OpeningRule::Swap2, variant, &five[..n]).unwrap();
            assert_eq!(
                (o.stage(), o.to_act(), game.moves().len()),
                (stage, to_act, n)
            );
        }
        let (_, swap) = Opening::replay(OpeningRule::Swap, variant, &five[..4]).unwrap();
        assert_eq!(swap.opened(), Opened::new(OpeningRule::Swap, 4));
        assert_eq!(
            Opening::replay(OpeningRule::Swap, variant, &five).unwrap_err(),
            (4, OpeningError::Over)
        );
        let taken = cells(&["h8", "h8"]).unwrap();
        assert_eq!(
            Opening::replay(OpeningRule::Swap2, variant, &taken).unwrap_err(),
            (1, OpeningError::Move(MoveError::Occupied))
        );
    }

    #[test]
    fn rules_and_finished_openings_are_read_and_written() {
        assert_eq!(" Swap2 ".parse::<OpeningRule>(), Ok(OpeningRule::Swap2));
        let e = "swap3".parse::<OpeningRule>().unwrap_err().to_string();
        assert!(e.contains("swap or swap2"), "{e}");
        assert_eq!(
            "swap2:5".parse::<Opened>(),
            Ok(Opened {
                rule: OpeningRule::Swap2,
                stones: 5
            })
        );
        for bad in ["swap:5", "swap2:2", "swap2:7", "swap", "caro:3", "swap:x"] {
            assert_eq!(bad.parse::<Opened>(), Err(OpenedError), "{bad}");
        }
        assert_eq!(
            Opened::new(OpeningRule::Swap, 4).unwrap().to_string(),
            "swap:4"
        );
        assert!(Opened::new(OpeningRule::Swap, 3).unwrap().swapped());
        assert!(!Opened::new(OpeningRule::Swap2, 5).unwrap().swapped());
    }
}
