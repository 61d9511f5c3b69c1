//! The tournament openings on the page: a game created with `"opening": "swap"` or `"swap2"`
//! begins with the opening's dialogue, as `mnk play --opening` plays it, before the game proper.
//!
//! The X seat (the opener) places three stones, black, white, black, with `POST
//! /api/games/{id}/moves`. The O seat (the chooser) then takes black (`POST
//! /api/games/{id}/opening` with `{"choice": "black"}`), or keeps white and plays white's fourth
//! stone (`{"choice": "white", "move": "h9"}`, or that move through the moves route), or, under
//! swap2, says it places two more stones (`{"choice": "place"}`) and places them (white's fourth,
//! black's fifth) through the moves route; the opener then chooses the same way: black, or white's
//! sixth stone as white. When the seat that opened ends up with white, the seats change colours:
//! `players.x` is then the seat that sat at O. A computer in either role acts when asked, with
//! `{"choice": "machine"}`: its three stones by [`mnk::players::swap2::open`], its decision by
//! [`mnk::players::swap2::choose`] (it never places two more stones).
//!
//! Every view of the game carries `"opening"` (null for a game without one):
//!
//! ```json
//! {"rule": "swap2", "stage": "choose", "to_act": "o", "to_place": 0,
//!  "stones": ["h8", "i8", "h10"], "swapped": false, "accepts": ["black", "white", "place"],
//!  "kept": 3}
//! ```
//!
//! - `stage`: `place` (the seat to act places `to_place` more stones), `choose` (it takes black
//!   or plays white's stone), or `done` (the game proper is on).
//! - `to_act`: the seat that acts now, `x` or `o` (as in `players`); null when done, or when
//!   the game ended during the opening (`POST /api/games/{id}/end`).
//! - `stones`: the opening's stones so far, black first (when done, the stones it placed).
//! - `swapped`: the seats changed colours (the opener took white).
//! - `accepts`: the choices `POST /api/games/{id}/opening` takes now (`machine` when a computer
//!   sits in the role to act).
//! - `kept`: how many of the first moves undo leaves: the opening's stones, and during the
//!   opening those placed before the stage under way (a stage's own stones may be taken back).
//!
//! The opening is outside the clocks. The record (SGF `OP[swap2:5]`, the move line's `# opening:
//! swap2:5`, the JSON record's `"opening": "swap2:5"`) names it once it is done, and a record
//! that names one makes a game whose opening is done (`POST /api/games` with `"opening":
//! "swap2:5"` and the moves, or the record's text). Exported during the opening, a record holds
//! the stones so far as plain moves.

use crate::error::{ApiError, ApiResult};
use mnk::arena::OpeningRule;
use mnk::game::{Cell, Game, Side};
use mnk::record;

/// Where the opening stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The seat to act places stones.
    Place,
    /// The seat to act takes black or plays white's stone.
    Choose,
    /// Over: the game proper is on.
    Done,
}

impl Stage {
    /// As the API writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Place => "place",
            Stage::Choose => "choose",
            Stage::Done => "done",
        }
    }
}

/// What a seat does in the opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// A move: a stone placed, or (when choosing) white's stone played, keeping white.
    Move(Cell),
    /// Keep white and play white's stone (only when choosing).
    White(Cell),
    /// Take black.
    Black,
    /// Swap2's chooser places two more stones and lets the opener choose.
    Place,
}

/// The opener's three stones.
const THREE: usize = 3;
/// Swap2's five stones: the opener's three and the chooser's two.
const FIVE: usize = 5;

/// A game's opening: its rule and what has been decided. The stones are the game's first moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opening {
    /// Swap or swap2.
    pub rule: OpeningRule,
    /// Swap2's chooser said it places two more stones.
    extra: bool,
    /// The stones the opening placed, once it is done.
    decided: Option<usize>,
    /// The seats changed colours.
    pub swapped: bool,
}

impl Opening {
    /// An opening about to begin.
    #[must_use]
    pub const fn new(rule: OpeningRule) -> Self {
        Opening {
            rule,
            extra: false,
            decided: None,
            swapped: false,
        }
    }

    /// The opening a record names: done, with its stones; the seats changed colours when the
    /// chooser took black on three stones or the opener took white on five.
    #[must_use]
    pub const fn done(opening: record::Opening) -> Self {
        Opening {
            rule: opening.rule,
            extra: opening.stones > THREE + 1,
            decided: Some(opening.stones),
            swapped: opening.stones == THREE || opening.stones == FIVE + 1,
        }
    }

    /// The opening as a record names it, once done.
    #[must_use]
    pub fn record(&self) -> Option<record::Opening> {
        record::Opening::new(self.rule, self.decided?)
    }

    /// Where the opening stands with `placed` moves on the board.
    #[must_use]
    pub const fn stage(&self, placed: usize) -> Stage {
        match (self.decided, placed) {
            (Some(_), _) => Stage::Done,
            (None, n) if n < THREE => Stage::Place,
            (None, THREE) if !self.extra => Stage::Choose,
            (None, FIVE) => Stage::Choose,
            (None, _) => Stage::Place,
        }
    }

    /// Whether the opening is under way with `placed` moves on the board.
    #[must_use]
    pub const fn under_way(&self, placed: usize) -> bool {
        !matches!(self.stage(placed), Stage::Done)
    }

    /// The seat that acts with `placed` moves on the board (by the side it sits at: the
    /// opener at X, the chooser at O), `None` when done.
    #[must_use]
    pub const fn to_act(&self, placed: usize) -> Option<Side> {
        match self.stage(placed) {
            Stage::Done => None,
            Stage::Place if placed < THREE => Some(Side::X),
            Stage::Place => Some(Side::O),
            Stage::Choose if placed == THREE => Some(Side::O),
            Stage::Choose => Some(Side::X),
        }
    }

    /// Stones the seat to act places now (0 unless placing).
    #[must_use]
    pub const fn to_place(&self, placed: usize) -> usize {
        match self.stage(placed) {
            Stage::Place if placed < THREE => THREE - placed,
            Stage::Place => FIVE - placed,
            _ => 0,
        }
    }

    /// How many of the first moves undo leaves: the opening's stones once done; during the
    /// opening, those before the stage under way.
    #[must_use]
    pub const fn kept(&self, placed: usize) -> usize {
        match (self.decided, self.stage(placed)) {
            (Some(stones), _) => stones,
            (None, Stage::Place) if placed < THREE => 0,
            (None, Stage::Place) => THREE,
            (None, _) => placed,
        }
    }

    /// The choices a person in the role to act may make through `POST
    /// /api/games/{id}/opening` with `placed` moves on the board.
    #[must_use]
    pub fn choices(&self, placed: usize) -> Vec<&'static str> {
        match self.stage(placed) {
            Stage::Choose if placed == THREE && self.rule == OpeningRule::Swap2 => {
                vec!["black", "white", "place"]
            }
            Stage::Choose => vec!["black", "white"],
            Stage::Place | Stage::Done => Vec::new(),
        }
    }

    /// Does `act` in `game`: plays its stone, or takes its decision. Returns whether the seats
    /// change colours now (the caller swaps them).
    ///
    /// # Errors
    /// 409 when the opening is over or the act does not fit its stage, or the move cannot be
    /// played (taken, forbidden, ending the game), saying what the stage accepts.
    pub fn act(&mut self, game: &mut Game, act: Act) -> ApiResult<bool> {
        let placed = game.moves().len();
        let stage = self.stage(placed);
        let refused = |what: &str| {
            ApiError::conflict(format!(
                "{what}: {}",
                Self::expected(self.rule, stage, placed)
            ))
        };
        match (stage, act) {
            (Stage::Done, _) => Err(ApiError::conflict(
                "the opening is over: play moves (POST /api/games/{id}/moves)",
            )),
            (Stage::Place, Act::Move(cell)) => {
                play_stone(game, cell)?;
                Ok(false)
            }
            (Stage::Choose, Act::Move(cell) | Act::White(cell)) => {
                play_stone(game, cell)?;
                self.decided = Some(placed + 1);
                // The opener taking white on five stones gives its seat white.
                self.swapped = placed == FIVE;
                Ok(self.swapped)
            }
            (Stage::Choose, Act::Black) => {
                self.decided = Some(placed);
                // The chooser taking black on three stones gives its seat black.
                self.swapped = placed == THREE;
                Ok(self.swapped)
            }
            (Stage::Choose, Act::Place) if self.choices(placed).contains(&"place") => {
                self.extra = true;
                Ok(false)
            }
            (_, Act::Black | Act::White(_)) => Err(refused("no colour to choose now")),
            (_, Act::Place) => Err(refused("no two stones to place now")),
        }
    }

    /// What the opening accepts at `stage` with `placed` moves on the board, in words.
    fn expected(rule: OpeningRule, stage: Stage, placed: usize) -> String {
        match stage {
            Stage::Place if placed < THREE => format!(
                "the opener places its three stones first ({} to go) with POST /api/games/{{id}}/moves",
                THREE - placed
            ),
            Stage::Place => format!(
                "the chooser places its two stones ({} to go) with POST /api/games/{{id}}/moves",
                FIVE - placed
            ),
            Stage::Choose if placed == THREE && rule == OpeningRule::Swap2 => {
                "the chooser takes black, plays white's fourth stone, or places two stones".into()
            }
            Stage::Choose if placed == THREE => {
                "the chooser takes black or plays white's fourth stone".into()
            }
            Stage::Choose => "the opener takes black or plays white's sixth stone".into(),
            Stage::Done => "the opening is over".into(),
        }
    }
}

/// Plays an opening's stone: 409 when it cannot be played or would end the game.
fn play_stone(game: &mut Game, cell: Cell) -> ApiResult<()> {
    game.play(cell)
        .map_err(|e| ApiError::conflict(format!("move: {e}")))?;
    if game.board().is_over() {
        game.undo();
        return Err(ApiError::conflict(
            "move: the opening's stones may not end the game; place it elsewhere",
        ));
    }
    Ok(())
}

/// Parses `opening` as `POST /api/games` takes it: `none` (or absent), `swap` or `swap2` for
/// an opening about to begin, or `swap2:5` (as a record names it) for one already done.
///
/// # Errors
/// 400 for anything else, saying what is accepted.
pub fn parse(text: Option<&str>) -> ApiResult<Option<Opening>> {
    let Some(text) = text else { return Ok(None) };
    if let Ok(done) = text.trim().parse::<record::Opening>() {
        return Ok(Some(Opening::done(done)));
    }
    match text.trim().to_ascii_lowercase().as_str() {
        "none" | "" => Ok(None),
        "swap" => Ok(Some(Opening::new(OpeningRule::Swap))),
        "swap2" => Ok(Some(Opening::new(OpeningRule::Swap2))),
        _ => Err(ApiError::bad_request(format!(
            "opening: '{text}' is not an opening; give none, swap or swap2 (or, with moves, a finished one as a record names it: {})",
            record::Opening::EXPECTED
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnk::game::{Rule, Size, Variant};

    fn gomoku() -> Game {
        Game::new(Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap())
    }

    fn cell(game: &Game, name: &str) -> Cell {
        mnk::notation::parse_move(name, game.board()).unwrap()
    }

    #[test]
    fn swap2_s_stages_follow_the_stones_and_decisions() {
        let mut game = gomoku();
        let mut opening = Opening::new(OpeningRule::Swap2);
        for name in ["h8", "i8", "h10"] {
            assert_eq!(opening.stage(game.moves().len()), Stage::Place);
            assert_eq!(opening.to_act(game.moves().len()), Some(Side::X));
            let c = cell(&game, name);
            assert_eq!(opening.act(&mut game, Act::Move(c)), Ok(false));
        }
        assert_eq!(opening.stage(3), Stage::Choose);
        assert_eq!(opening.to_act(3), Some(Side::O));
        assert_eq!(opening.choices(3), ["black", "white", "place"]);
        assert_eq!(opening.kept(3), 3);
        assert_eq!(opening.act(&mut game, Act::Place), Ok(false));
        assert_eq!((opening.stage(3), opening.to_place(3)), (Stage::Place, 2));
        // The chooser's two stones; the first of them may be taken back.
        let c = cell(&game, "j9");
        opening.act(&mut game, Act::Move(c)).unwrap();
        assert_eq!((opening.to_act(4), opening.kept(4)), (Some(Side::O), 3));
        let c = cell(&game, "g9");
        opening.act(&mut game, Act::Move(c)).unwrap();
        assert_eq!(
            (opening.stage(5), opening.to_act(5)),
            (Stage::Choose, Some(Side::X))
        );
        assert_eq!(opening.choices(5), ["black", "white"]);
        assert!(opening.act(&mut game, Act::Place).is_err());
        // The opener takes white and plays the sixth stone: the seats change colours.
        let c = cell(&game, "k10");
        assert_eq!(opening.act(&mut game, Act::Move(c)), Ok(true));
        assert_eq!((opening.stage(6), opening.kept(6)), (Stage::Done, 6));
        assert_eq!(opening.record().map(|o| o.stones), Some(6));
        assert_eq!(Opening::done(opening.record().unwrap()), opening);
        let c = cell(&game, "a1");
        assert_eq!(
            opening.act(&mut game, Act::Move(c)).unwrap_err().status,
            axum::http::StatusCode::CONFLICT
        );
    }

    /// Asserts that `act` is refused with a message holding `needle`.
    fn refused(opening: &mut Opening, game: &mut Game, act: Act, needle: &str) {
        let message = opening.act(game, act).unwrap_err().message;
        assert!(message.contains(needle), "{message}");
    }

    /// A 15x15 game, three in a row, after the opener's stones h8 a1 h9 under `rule`.
    fn three_stones(rule: OpeningRule) -> (Opening, Game) {
        let mut game = Game::new(Variant::new(Size::square(15), 3, Rule::Freestyle).unwrap());
        let mut opening = Opening::new(rule);
        // No colour is chosen before the three stones.
        let c = cell(&game, "i9");
        refused(
            &mut opening,
            &mut game,
            Act::White(c),
            "no colour to choose now",
        );
        for name in ["h8", "a1", "h9"] {
            let c = cell(&game, name);
            opening.act(&mut game, Act::Move(c)).unwrap();
        }
        (opening, game)
    }

    #[test]
    fn swap_takes_no_two_stones_and_a_stone_may_not_end_the_game() {
        let (mut opening, mut game) = three_stones(OpeningRule::Swap);
        assert_eq!(opening.choices(3), ["black", "white"]);
        let fourth = "takes black or plays white's fourth";
        refused(&mut opening, &mut game, Act::Place, fourth);
        assert_eq!(opening.act(&mut game, Act::Black), Ok(true));
        assert_eq!(opening.record().map(|o| o.stones), Some(3));
        // Under swap2 with three in a row, black's fifth stone may not win.
        let (mut opening, mut game) = three_stones(OpeningRule::Swap2);
        opening.act(&mut game, Act::Place).unwrap();
        let c = cell(&game, "a2");
        opening.act(&mut game, Act::Move(c)).unwrap();
        let c = cell(&game, "h10");
        refused(
            &mut opening,
            &mut game,
            Act::Move(c),
            "may not end the game",
        );
        assert_eq!(game.moves().len(), 4);
    }

    #[test]
    fn openings_are_read_by_name() {
        assert_eq!(parse(None), Ok(None));
        assert_eq!(parse(Some("none")), Ok(None));
        assert_eq!(
            parse(Some(" Swap2 ")),
            Ok(Some(Opening::new(OpeningRule::Swap2)))
        );
        let done = parse(Some("swap:4")).unwrap().unwrap();
        assert_eq!(
            (done.stage(4), done.kept(7), done.swapped),
            (Stage::Done, 4, false)
        );
        assert!(parse(Some("swap:6")).is_err());
        let e = parse(Some("swap3")).unwrap_err();
        assert!(e.message.contains("none, swap or swap2"), "{}", e.message);
    }
}
