//! A game being played: the one type every front end drives (the line game and the
//! full-screen board of `mnk play`, the web page's store, `mnk match`). Front ends do input,
//! output and timing only; what the game is and what may happen next is here.
//!
//! A [`Session`] is a game under a variant, from an opening rule (swap, swap2: the state
//! machine [`Opening`], which says who places, who chooses and when the opening ends), with
//! - its seats ([`Occupant`]: a person, or a computer player of the front end's own kind:
//!   a [`PlayerSpec`] where the front end keeps the players elsewhere, a [`Seat`] where it
//!   keeps them here); the seats change colours when the opening says so;
//! - its moves as a line with a review cursor: [`Session::back`], [`Session::forward`] and
//!   [`Session::jump`] move the position shown along the line, [`Session::undo`] and
//!   [`Session::redo`] do so to a person's turn, a move played before the end cuts the line
//!   there, and [`Session::take_back`] takes moves back for good; the opening's stones stay;
//! - its clocks ([`Clocks`]), run by [`Session::run_clock`] for the side to move while the
//!   game is on at the end of its line after the opening (which is outside the clocks), and
//!   stopped by the move;
//! - its result ([`Ending`]): the board's (five, a full board, renju's black with no legal
//!   move), or one off the board ([`Session::end`]: a flag fall, a resignation, a forfeit, a
//!   record's stated result);
//! - its record ([`Session::record`]), and a session made from one ([`Session::from_record`]).
//!
//! What a computer does in the opening is [`crate::players::swap2::acts`]; the front end
//! runs it (on a thread, on a server's search slot) and hands the acts to [`Session::act`].
//!
//! Design note (issue 36): the opening was written five times in Rust (the web's state
//! machine, the line game's prompts, the arena, the brain, the record check), and a game
//! being played three times (`mnk play`'s line session, the full-screen `App`, the web
//! store's `Entry`), each with its own undo, labels and hint time. They now meet here and in
//! [`crate::game::Opening`].

use crate::game::{
    Act, Board, Cell, Ending, Game, MoveError, Opened, Opening, OpeningError, OpeningRule, Side,
    Variant, WinBy,
};
use crate::players::swap2::{self, ActError};
use crate::players::{Ask, PlayerSpec, Seat, strongest_for};
use crate::record::{Players, Record};
use crate::search::{Clocks, TimeControl, Timing};
use std::time::{Duration, Instant};
use thiserror::Error;

/// How long a hint lets [`hint_player`] think.
pub const HINT_TIME: Duration = Duration::from_secs(3);

/// The player that gives hints on `variant`: the strongest, thinking [`HINT_TIME`].
#[must_use]
pub fn hint_player(variant: &Variant) -> PlayerSpec {
    let mut spec = strongest_for(variant);
    spec.options.time_ms = Some(HINT_TIME.as_millis() as u64);
    spec
}

/// What sits in a computer's seat: anything that says which player it is, and may hold the
/// player itself.
pub trait SeatedPlayer {
    /// The player, with its settings.
    fn spec(&self) -> &PlayerSpec;

    /// The player itself, where it is kept here (not while away on a search, nor where the
    /// front end keeps its players elsewhere).
    fn seat_mut(&mut self) -> Option<&mut Seat> {
        None
    }
}

impl SeatedPlayer for PlayerSpec {
    fn spec(&self) -> &PlayerSpec {
        self
    }
}

impl SeatedPlayer for Seat {
    fn spec(&self) -> &PlayerSpec {
        Seat::spec(self)
    }

    fn seat_mut(&mut self) -> Option<&mut Seat> {
        Some(self)
    }
}

/// Who sits at a side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Occupant<P = PlayerSpec> {
    /// A person.
    Human,
    /// A computer player.
    Machine(P),
}

impl<P> Occupant<P> {
    /// Whether a person sits here.
    #[must_use]
    pub const fn is_human(&self) -> bool {
        matches!(self, Occupant::Human)
    }

    /// The computer player, if one sits here.
    #[must_use]
    pub const fn machine(&self) -> Option<&P> {
        match self {
            Occupant::Human => None,
            Occupant::Machine(p) => Some(p),
        }
    }

    /// The computer player, if one sits here.
    pub fn machine_mut(&mut self) -> Option<&mut P> {
        match self {
            Occupant::Human => None,
            Occupant::Machine(p) => Some(p),
        }
    }
}

/// Why a session refuses an action; it is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SessionError {
    /// The game has ended.
    #[error("the game is over ({0})")]
    Over(Ending),
    /// The game ended off the board (a flag fall, a resignation): nothing can be taken back.
    #[error("the game ended off the board ({0}): nothing can be taken back")]
    EndedOffBoard(Ending),
    /// The move cannot be played.
    #[error("{0}")]
    Move(MoveError),
    /// The opening refuses the act.
    #[error(transparent)]
    Opening(OpeningError),
    /// An opening act in a game without an opening, or with one done.
    #[error("no opening is under way")]
    NoOpening,
    /// A move of the game proper while the opening is under way.
    #[error("the opening is under way: its stones and choices come first")]
    OpeningUnderWay,
    /// The position shown is before the end of the line, in the opening under way.
    #[error("the opening goes on at the end of the game: go there first")]
    Reviewing,
    /// A computer cannot act in the opening (or cannot open on this board).
    #[error(transparent)]
    Machine(ActError),
    /// No computer (here, not away on a search) acts now.
    #[error("no computer acts now")]
    NoMachine,
    /// An opening to play, on a game that has moves already.
    #[error("an opening to play places the first stones itself; the game has {moves} moves")]
    MovesBeforeOpening {
        /// The moves given.
        moves: usize,
    },
    /// A finished opening that placed more stones than the game has moves.
    #[error("the opening {opened} places more stones than the {moves} moves given")]
    OpeningBeyondMoves {
        /// The opening.
        opened: Opened,
        /// The moves given.
        moves: usize,
    },
    /// Nothing a person played to take back.
    #[error("nothing to undo")]
    NothingToUndo,
    /// No move taken back to play again.
    #[error("nothing to redo")]
    NothingToRedo,
    /// More moves to take back than were played.
    #[error("cannot take back {count} move(s): {played} played")]
    TooMany {
        /// Moves asked for.
        count: usize,
        /// Moves played.
        played: usize,
    },
    /// Moves to take back that the opening keeps.
    #[error(
        "cannot take back {count} move(s): the opening's first {kept} stay ({after} after them)"
    )]
    Kept {
        /// Moves asked for.
        count: usize,
        /// The opening's stones that stay.
        kept: usize,
        /// The moves after them.
        after: usize,
    },
}

/// What [`Session::play`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// The move is on the board.
    Move,
    /// The move was a stone of the opening; `swapped` when the seats changed colours now.
    Opening {
        /// The seats changed colours.
        swapped: bool,
    },
    /// The mover's flag fell before the move: the game ended on time, the move not played.
    Flagged(Side),
}

/// A game being played. See the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session<P = PlayerSpec> {
    /// The game at the position shown.
    game: Game,
    /// Every move of the line, also those after the position shown; `game`'s are its first.
    line: Vec<Cell>,
    /// How many of the line's last moves undo took back: kept for redo, no longer the game's
    /// (never more than the moves after the position shown).
    undone: usize,
    /// The tournament opening the game began with, if any.
    opening: Option<Opening>,
    /// The opening rule new games begin with ([`Session::with_opening`]).
    rule: Option<OpeningRule>,
    /// Who plays X and O (during the opening: the opener at X, the chooser at O).
    seats: [Occupant<P>; 2],
    /// The players' clocks, in a timed game.
    clocks: Option<Clocks>,
    /// An ending the board does not show.
    ended: Option<Ending>,
}

impl<P> Session<P> {
    /// A new game of `variant` between `seats` (X first), untimed, without an opening.
    #[must_use]
    pub fn new(variant: Variant, seats: [Occupant<P>; 2]) -> Self {
        Session::from_game(Game::new(variant), seats)
    }

    /// The game going on from `game`'s moves.
    #[must_use]
    pub fn from_game(game: Game, seats: [Occupant<P>; 2]) -> Self {
        Session {
            line: game.moves().to_vec(),
            undone: 0,
            game,
            opening: None,
            rule: None,
            seats,
            clocks: None,
            ended: None,
        }
    }

    /// The game a record holds, going on from its last move: its moves, and the opening it
    /// names (done). Its stated result is not taken ([`Session::end`] takes it).
    #[must_use]
    pub fn from_record(record: &Record, seats: [Occupant<P>; 2]) -> Self {
        let mut session = Session::from_game(record.game(), seats);
        session.opening = record.opening().map(Opening::finished);
        session
    }

    /// The same game with the computers in its seats changed by `f` (a front end keeping its
    /// players in its own way).
    #[must_use]
    pub fn map_seats<Q>(self, mut f: impl FnMut(P) -> Q) -> Session<Q> {
        let [x, o] = self.seats;
        let mut seat = |occupant| match occupant {
            Occupant::Human => Occupant::Human,
            Occupant::Machine(p) => Occupant::Machine(f(p)),
        };
        let seats = [seat(x), seat(o)];
        Session {
            game: self.game,
            line: self.line,
            undone: self.undone,
            opening: self.opening,
            rule: self.rule,
            seats,
            clocks: self.clocks,
            ended: self.ended,
        }
    }

    /// The game begins with the opening `rule`: its stones are the first moves.
    ///
    /// # Errors
    /// [`SessionError::MovesBeforeOpening`] when the game has moves;
    /// [`SessionError::Machine`] when no opening fits the board.
    pub fn with_opening(mut self, rule: OpeningRule) -> Result<Self, SessionError> {
        if !self.line.is_empty() {
            return Err(SessionError::MovesBeforeOpening {
                moves: self.line.len(),
            });
        }
        swap2::fits(rule, self.game.board().variant()).map_err(SessionError::Machine)?;
        self.opening = Some(Opening::new(rule));
        self.rule = Some(rule);
        Ok(self)
    }

    /// The game's first moves were placed by `opened`.
    ///
    /// # Errors
    /// [`SessionError::OpeningBeyondMoves`] when it placed more stones than there are moves.
    pub fn with_finished_opening(mut self, opened: Opened) -> Result<Self, SessionError> {
        if opened.stones > self.line.len() {
            return Err(SessionError::OpeningBeyondMoves {
                opened,
                moves: self.line.len(),
            });
        }
        self.opening = Some(Opening::finished(opened));
        Ok(self)
    }

    /// The game is timed by `timing` (or not, for `None`): both clocks set, neither running.
    #[must_use]
    pub fn with_timing(mut self, timing: Option<Timing>) -> Self {
        self.clocks = timing.map(Clocks::new);
        self
    }

    /// The variant played.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        *self.game.board().variant()
    }

    /// The game at the position shown.
    #[must_use]
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The position shown.
    #[must_use]
    pub const fn board(&self) -> &Board {
        self.game.board()
    }

    /// The moves to the position shown, X first.
    #[must_use]
    pub fn moves(&self) -> &[Cell] {
        self.game.moves()
    }

    /// Every move of the line, also those after the position shown (a review, or moves undo
    /// took back, which redo plays again).
    #[must_use]
    pub fn line(&self) -> &[Cell] {
        &self.line
    }

    /// The game's moves: the line without the moves undo took back (while they wait for
    /// redo), with those after a position only stepped back to. What is saved and printed as
    /// the game.
    #[must_use]
    pub fn game_moves(&self) -> &[Cell] {
        &self.line[..self.line.len() - self.undone]
    }

    /// Whether the position shown is before the end of the line (reviewing, or after undo).
    #[must_use]
    pub fn reviewing(&self) -> bool {
        self.game.moves().len() < self.line.len()
    }

    /// The game's tournament opening, under way or done.
    #[must_use]
    pub const fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// The opening, while it is under way and the game on.
    #[must_use]
    pub fn opening_under_way(&self) -> Option<&Opening> {
        self.opening
            .as_ref()
            .filter(|o| !o.is_done() && !self.is_over())
    }

    /// How many of the first moves undo leaves: the opening's stones (during the opening,
    /// those of the stages over).
    #[must_use]
    pub fn kept(&self) -> usize {
        self.opening.map_or(0, |o| o.kept())
    }

    /// The seats, X first.
    #[must_use]
    pub const fn seats(&self) -> &[Occupant<P>; 2] {
        &self.seats
    }

    /// The seats, X first, to change the players in them (not who sits where).
    pub fn seats_mut(&mut self) -> [&mut Occupant<P>; 2] {
        let [x, o] = &mut self.seats;
        [x, o]
    }

    /// Who sits at `side`.
    #[must_use]
    pub const fn seat(&self, side: Side) -> &Occupant<P> {
        &self.seats[side.index()]
    }

    /// Whether a person sits at `side`.
    #[must_use]
    pub const fn is_human(&self, side: Side) -> bool {
        self.seats[side.index()].is_human()
    }

    /// How many people sit at the board.
    #[must_use]
    pub fn humans(&self) -> usize {
        self.seats.iter().filter(|s| s.is_human()).count()
    }

    /// The ending off the board, if the game ended so.
    #[must_use]
    pub const fn ended_off_board(&self) -> Option<&Ending> {
        self.ended.as_ref()
    }

    /// How the game ended: off the board, else as the position shown does; `None` while on.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        self.ended
            .clone()
            .or_else(|| Ending::on_board(self.game.board()))
    }

    /// Whether the game has ended at the position shown: on the board, or off it.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.ended.is_some() || self.game.board().is_over()
    }

    /// The seat that acts now, by the side it sits at: during the opening the one in the role
    /// to act, else the side to move; `None` when the game is over.
    #[must_use]
    pub fn to_act(&self) -> Option<Side> {
        if self.is_over() {
            return None;
        }
        match self.opening_under_way() {
            Some(opening) => opening.to_act(),
            None => Some(self.game.board().to_move()),
        }
    }

    /// The computer player that acts now at the end of the line, with its side, if one does.
    #[must_use]
    pub fn machine_to_act(&self) -> Option<(Side, &P)> {
        if self.reviewing() {
            return None;
        }
        let side = self.to_act()?;
        self.seats[side.index()].machine().map(|p| (side, p))
    }

    /// The side the opener sits at now: X during the opening, O after the seats changed
    /// colours; `None` without an opening.
    #[must_use]
    pub fn opener(&self) -> Option<Side> {
        self.opening
            .map(|o| if o.swapped() { Side::O } else { Side::X })
    }

    /// The players' clocks, in a timed game.
    #[must_use]
    pub const fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The clock of `side`'s next move, to plan its time from: [`TimeControl::NONE`] when
    /// the game is untimed.
    #[must_use]
    pub fn time_control(&self, side: Side) -> TimeControl {
        self.clocks
            .as_ref()
            .map_or(TimeControl::NONE, |c| c.control(side))
    }

    /// Plays `cell` for the seat to act at the position shown, at `now`: during the opening a
    /// stone of it (or white's stone, keeping white); else a move, cutting the line there and
    /// stopping the mover's clock (a flag that fell during the move ends the game instead).
    ///
    /// # Errors
    /// [`SessionError`]: the game is over, the move cannot be played, the opening refuses
    /// the stone, or the position shown is within the opening's stones.
    pub fn play(&mut self, cell: Cell, now: Instant) -> Result<Played, SessionError> {
        if let Some(ending) = self.ending() {
            return Err(SessionError::Over(ending));
        }
        if self.opening_under_way().is_some() {
            let swapped = self.act(Act::Stone(cell))?;
            return Ok(Played::Opening { swapped });
        }
        let kept = self.kept();
        let at = self.game.moves().len();
        if at < kept {
            return Err(SessionError::Kept {
                count: self.line.len() - at,
                kept,
                after: self.line.len() - kept,
            });
        }
        legal(self.game.board(), cell).map_err(SessionError::Move)?;
        if let Some(flagged) = self.stop_clock(now) {
            return Ok(Played::Flagged(flagged));
        }
        self.game.play(cell).map_err(SessionError::Move)?;
        self.line.truncate(at);
        self.line.push(cell);
        self.undone = 0;
        Ok(Played::Move)
    }

    /// Does `act` in the opening under way, at the end of the line; the seats change colours
    /// when the opening says so. Returns whether they did.
    ///
    /// # Errors
    /// [`SessionError`]: no opening under way, the game over, the position shown before the
    /// end of the line, or the opening refusing the act.
    pub fn act(&mut self, act: Act) -> Result<bool, SessionError> {
        if let Some(ending) = self.ending() {
            return Err(SessionError::Over(ending));
        }
        let Some(opening) = self.opening.as_mut().filter(|o| !o.is_done()) else {
            return Err(SessionError::NoOpening);
        };
        if self.game.moves().len() < self.line.len() {
            return Err(SessionError::Reviewing);
        }
        let swapped = opening
            .act(&mut self.game, act)
            .map_err(SessionError::Opening)?;
        self.line = self.game.moves().to_vec();
        self.undone = 0;
        if swapped {
            self.seats.swap(0, 1);
        }
        Ok(swapped)
    }

    /// Does `acts` in the opening, all or none.
    ///
    /// # Errors
    /// As [`Session::act`], for the first act refused; the session is then unchanged.
    pub fn act_all(&mut self, acts: &[Act]) -> Result<(), SessionError>
    where
        P: Clone,
    {
        let mut next = self.clone();
        for &act in acts {
            next.act(act)?;
        }
        *self = next;
        Ok(())
    }

    /// What the computer in `seat` does in the opening under way, asked with `ask`
    /// ([`swap2::acts`]); the session is unchanged (hand the acts to [`Session::act`]).
    ///
    /// # Errors
    /// [`SessionError::NoOpening`] without an opening under way; [`SessionError::Machine`]
    /// when the computer cannot act.
    pub fn machine_acts_with(&self, seat: &mut Seat, ask: &Ask) -> Result<Vec<Act>, SessionError> {
        let opening = self.opening_under_way().ok_or(SessionError::NoOpening)?;
        swap2::acts(opening, self.game.board(), seat, ask).map_err(SessionError::Machine)
    }

    /// What the computer in the role to act does in the opening under way, with its own seat
    /// (see [`Session::machine_acts_with`]).
    ///
    /// # Errors
    /// As [`Session::machine_acts_with`]; [`SessionError::NoMachine`] when no computer kept
    /// here acts now.
    pub fn machine_acts(&mut self, ask: &Ask) -> Result<Vec<Act>, SessionError>
    where
        P: SeatedPlayer,
    {
        let opening = *self.opening_under_way().ok_or(SessionError::NoOpening)?;
        let side = opening.to_act().ok_or(SessionError::NoOpening)?;
        let seat = self.seats[side.index()]
            .machine_mut()
            .and_then(SeatedPlayer::seat_mut)
            .ok_or(SessionError::NoMachine)?;
        swap2::acts(&opening, self.game.board(), seat, ask).map_err(SessionError::Machine)
    }

    /// Who sits at `side`, to ask its player, with the position shown.
    pub fn seat_with_board(&mut self, side: Side) -> (&mut Occupant<P>, &Board) {
        (&mut self.seats[side.index()], self.game.board())
    }

    /// Takes back moves until it is a person's turn again, having taken back at least one
    /// person's move (during the opening: a stone of the stage under way, when a person
    /// acts in it). The moves stay on the line ([`Session::redo`]) until a move cuts it.
    /// Returns how many were taken back.
    ///
    /// # Errors
    /// [`SessionError::EndedOffBoard`] after a flag fall or a resignation;
    /// [`SessionError::NothingToUndo`] when no person's move can be taken back.
    pub fn undo(&mut self) -> Result<usize, SessionError> {
        if let Some(ending) = &self.ended {
            return Err(SessionError::EndedOffBoard(ending.clone()));
        }
        if let Some(opening) = self.opening.as_mut().filter(|o| !o.is_done()) {
            let person = opening
                .to_act()
                .is_some_and(|s| self.seats[s.index()].is_human());
            if !person || self.game.moves().len() < self.line.len() {
                return Err(SessionError::NothingToUndo);
            }
            return match opening.undo(&mut self.game) {
                Ok(_) => {
                    self.line = self.game.moves().to_vec();
                    self.undone = 0;
                    Ok(1)
                }
                Err(_) => Err(SessionError::NothingToUndo),
            };
        }
        let kept = self.kept();
        let played = self.game.moves().len();
        let persons = (kept..played)
            .filter(|&i| self.is_human(Side::to_move_after(i)))
            .count();
        if persons == 0 {
            return Err(SessionError::NothingToUndo);
        }
        let mut undone = 0;
        while self.game.moves().len() > kept && self.game.undo().is_some() {
            undone += 1;
            if self.is_human(self.game.board().to_move()) {
                break;
            }
        }
        // The game ends here now; what is after waits for redo.
        self.undone = self.line.len() - self.game.moves().len();
        Ok(undone)
    }

    /// Plays again the moves undo took back, up to the next person's turn (or the end of the
    /// line). Returns how many.
    ///
    /// # Errors
    /// [`SessionError::EndedOffBoard`] after a flag fall or a resignation;
    /// [`SessionError::NothingToRedo`] at the end of the line.
    pub fn redo(&mut self) -> Result<usize, SessionError> {
        if let Some(ending) = &self.ended {
            return Err(SessionError::EndedOffBoard(ending.clone()));
        }
        if !self.reviewing() {
            return Err(SessionError::NothingToRedo);
        }
        let mut redone = 0;
        while self.forward() {
            redone += 1;
            if !self.reviewing() || self.is_human(self.game.board().to_move()) {
                break;
            }
        }
        Ok(redone)
    }

    /// Drops the moves after the position shown (the line ends there): what undo took back
    /// is gone for good.
    pub fn forget_undone(&mut self) {
        self.line.truncate(self.game.moves().len());
        self.undone = 0;
    }

    /// Takes back the last `count` moves for good (the line ends at the position left):
    /// during the opening, stones of the stage under way; never the stones of its stages
    /// over.
    ///
    /// # Errors
    /// [`SessionError`]: the game ended off the board, `count` more than the moves played,
    /// or reaching into the opening's stones that stay.
    pub fn take_back(&mut self, count: usize) -> Result<(), SessionError> {
        if let Some(ending) = &self.ended {
            return Err(SessionError::EndedOffBoard(ending.clone()));
        }
        self.forget_undone();
        let played = self.game.moves().len();
        if count > played {
            return Err(SessionError::TooMany { count, played });
        }
        let kept = self.kept();
        if count > played - kept {
            return Err(SessionError::Kept {
                count,
                kept,
                after: played - kept,
            });
        }
        for _ in 0..count {
            match self.opening.as_mut().filter(|o| !o.is_done()) {
                Some(opening) => {
                    opening
                        .undo(&mut self.game)
                        .map_err(SessionError::Opening)?;
                }
                None => {
                    self.game.undo();
                }
            }
        }
        self.forget_undone();
        Ok(())
    }

    /// Steps one move back along the line (review); whether there was one.
    pub fn back(&mut self) -> bool {
        self.game.undo().is_some()
    }

    /// Steps one move forward along the line; whether there was one. A move undo took back
    /// is the game's again (as [`Session::redo`] makes it).
    pub fn forward(&mut self) -> bool {
        let Some(&cell) = self.line.get(self.game.moves().len()) else {
            return false;
        };
        let played = self.game.play(cell).is_ok();
        self.undone = self.undone.min(self.line.len() - self.game.moves().len());
        played
    }

    /// Goes to the start (`false`) or the end (`true`) of the line.
    pub fn jump(&mut self, end: bool) {
        if end {
            while self.forward() {}
        } else {
            while self.back() {}
        }
    }

    /// Ends the game off the board: a flag fall, a resignation, a forfeit, or a result a
    /// record states.
    ///
    /// # Errors
    /// [`SessionError::Over`] when the game has ended already.
    pub fn end(&mut self, ending: Ending) -> Result<(), SessionError> {
        if let Some(ended) = self.ending() {
            return Err(SessionError::Over(ended));
        }
        self.ended = Some(ending);
        if let Some(clocks) = &mut self.clocks {
            clocks.pause(Instant::now());
        }
        Ok(())
    }

    /// Takes a record's stated result as the game's, whatever the board shows (a record's
    /// game is over when it says so).
    pub fn state(&mut self, ending: Ending) {
        self.ended = Some(ending);
    }

    /// Runs the clock of the side to move while the game is on at the end of its line and the
    /// opening is over, stops it otherwise; at `now`. Returns the side whose flag fell, if one
    /// did: the game then ends on time.
    pub fn run_clock(&mut self, now: Instant) -> Option<Side> {
        let on = !self.is_over() && !self.reviewing() && self.opening_under_way().is_none();
        let to_move = self.game.board().to_move();
        let clocks = self.clocks.as_mut()?;
        match clocks.running() {
            Some(side) if !on || side != to_move => clocks.pause(now),
            _ => {}
        }
        if on && clocks.running().is_none() {
            clocks.start(to_move, now);
        }
        let fallen = clocks.flag(now)?;
        clocks.pause(now);
        self.ended = Some(Ending::won(fallen.other(), WinBy::Time));
        Some(fallen)
    }

    /// Stops the mover's clock at `now` (its move is made): charges it, adds the increment.
    /// Returns the side whose flag fell during the move, if it did: the game then ends on
    /// time.
    pub fn stop_clock(&mut self, now: Instant) -> Option<Side> {
        let mover = self.game.board().to_move();
        let clocks = self.clocks.as_mut()?;
        if clocks.running() != Some(mover) {
            return None;
        }
        let fallen = clocks.stop(now)?;
        self.ended = Some(Ending::won(fallen.other(), WinBy::Time));
        Some(fallen)
    }

    /// A new game with the same seats (as they sit now) and the opening rule the session
    /// began with: no moves, clocks set again.
    pub fn new_game(&mut self) {
        let variant = self.variant();
        self.game = Game::new(variant);
        self.line.clear();
        self.undone = 0;
        self.opening = self.rule.map(Opening::new);
        self.ended = None;
        self.clocks = self.clocks.as_ref().map(|c| Clocks::new(c.timing()));
    }

    /// Replaces the game with `record`'s, at its last move, with the same seats: its opening
    /// (done), no result off the board, clocks set again.
    pub fn load(&mut self, record: &Record) {
        self.game = record.game();
        self.line = record.moves().to_vec();
        self.undone = 0;
        self.opening = record.opening().map(Opening::finished);
        self.ended = None;
        self.clocks = self.clocks.as_ref().map(|c| Clocks::new(c.timing()));
    }
}

impl<P: SeatedPlayer> Session<P> {
    /// `X (you)` with one person at the board, `X` with two, `X (engine)` for a computer.
    #[must_use]
    pub fn label(&self, side: Side) -> String {
        self.labelled(&side.to_string(), side)
    }

    /// The opening's role of the seat at `side` now, labelled as [`Session::label`] labels
    /// sides: `the opener (you)`, `the other player (rules)`.
    #[must_use]
    pub fn role_label(&self, side: Side) -> String {
        let role = if self.opener() == Some(side) {
            "the opener"
        } else {
            "the other player"
        };
        self.labelled(role, side)
    }

    fn labelled(&self, name: &str, side: Side) -> String {
        match self.seat(side) {
            Occupant::Human if self.humans() == 1 => format!("{name} (you)"),
            Occupant::Human => name.to_string(),
            Occupant::Machine(p) => format!("{name} ({})", p.spec().name),
        }
    }

    /// Who plays `side`: `you` (the one person at the board), `human`, or the player with
    /// its settings.
    #[must_use]
    pub fn player_name(&self, side: Side) -> String {
        match self.seat(side) {
            Occupant::Human if self.humans() == 1 => "you".to_string(),
            Occupant::Human => "human".to_string(),
            Occupant::Machine(p) => p.spec().to_string(),
        }
    }

    /// The seats as a record names them: `human`, or the player with its settings.
    #[must_use]
    pub fn names(&self) -> Players {
        let name = |side: Side| match self.seat(side) {
            Occupant::Human => "human".to_string(),
            Occupant::Machine(p) => p.spec().to_string(),
        };
        Players {
            x: Some(name(Side::X)),
            o: Some(name(Side::O)),
        }
    }

    /// The whole game as a record: every move of the game ([`Session::game_moves`]: also those
    /// after a position stepped back to, not those undo took back), the seats' names, the
    /// result, and the opening once it is done.
    ///
    /// # Panics
    /// Never: the line's moves are legal, and a finished opening's stones are its first.
    #[must_use]
    pub fn record(&self) -> Record {
        let moves = self.game_moves();
        let game = if moves.len() != self.game.moves().len() {
            Game::from_moves(self.variant(), moves).expect("the line is legal")
        } else {
            self.game.clone()
        };
        let mut record = Record::from_game(&game);
        if let Some(opened) = self.opening.and_then(|o| o.opened()) {
            record = record
                .with_opening(opened)
                .expect("the opening's stones are the game's first moves");
        }
        record.players = self.names();
        record.result = self
            .ended
            .clone()
            .or_else(|| Ending::on_board(game.board()));
        record
    }
}

/// Whether `cell` may be played on `board` ([`Board::try_play`]'s checks, without playing it).
fn legal(board: &Board, cell: Cell) -> Result<(), MoveError> {
    if board.is_over() {
        Err(MoveError::GameOver)
    } else if cell.index() >= board.size().cells() {
        Err(MoveError::OffBoard)
    } else if !board.is_empty(cell) {
        Err(MoveError::Occupied)
    } else if let Some(reason) = board.forbidden(cell) {
        Err(MoveError::Forbidden(reason))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
