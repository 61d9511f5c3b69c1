//! One game between two players, from an opening (given moves, or a tournament opening the
//! players play), with per-move limits and optional game clocks; every move's thinking time
//! is recorded. The game is a [`Session`], as every front end's is.

use super::ArenaError;
use crate::game::{Cell, Ending, Game, OpeningRule, Side, Variant, WinBy};
use crate::players::{Ask, PlayerSpec, Seat};
use crate::search::{MOVE_OVERHEAD, Stop, Timing};
use crate::session::{Occupant, Session};
use std::time::Duration;

/// One move's thinking: how long it took, and the per-move limit it had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Think {
    /// The side that moved.
    pub side: Side,
    /// Time the player took.
    pub time: Duration,
    /// The most it was allowed (the per-move limit, or the game clock's deadline), before
    /// [`MOVE_OVERHEAD`] was taken off.
    pub limit: Option<Duration>,
}

/// A finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// Every move, the opening's included, X first.
    pub moves: Vec<Cell>,
    /// Moves that came from the opening: the moves given, or the stones the tournament
    /// opening placed.
    pub opening_moves: usize,
    /// The seats changed colours in the tournament opening: the setup's `x` played O.
    pub swapped: bool,
    /// How it ended: on the board, on time ([`WinBy::Time`]), or by a forfeit when a player
    /// could not move ([`WinBy::Forfeit`]).
    pub ending: Ending,
    /// The players' moves, in order (the tournament opening's acts are outside them).
    pub thinks: Vec<Think>,
}

/// Who plays and under which limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSetup {
    /// The rules.
    pub variant: Variant,
    /// The opening moves, X first (legal, leaving the game on).
    pub opening: Vec<Cell>,
    /// A tournament opening (swap, swap2) played first, by the players, outside the clocks:
    /// `x` opens, `o` chooses (with no `opening` moves).
    pub opening_rule: Option<OpeningRule>,
    /// Player of X (the opener under a tournament opening).
    pub x: PlayerSpec,
    /// Player of O (the chooser under a tournament opening).
    pub o: PlayerSpec,
    /// How the game is timed, if it is (besides the players' own limits).
    pub timing: Option<Timing>,
}

/// Plays a game to its end: the players in a [`Session`], its tournament opening first if it
/// has one (the opener judges its shapes with [`crate::players::swap2::JUDGE_NODES`] nodes
/// each, the chooser decides with its own settings, outside the clocks). When `stop` is set
/// the move or opening act being thought is cut short and the game left unfinished (`None`: a
/// game cut short is no result).
///
/// # Errors
/// [`ArenaError`]: a move to start from is illegal (the caller checked the opening: a bug),
/// no tournament opening fits the board, or a player cannot act in it.
pub fn play_game(setup: &GameSetup, stop: &Stop) -> Result<Option<GameRecord>, ArenaError> {
    let game = Game::from_moves(setup.variant, &setup.opening).map_err(|(i, error)| {
        ArenaError::StartMove {
            number: i + 1,
            error,
        }
    })?;
    // Seats are taken before the first move: tables are allocated outside the clocks.
    let seats = [&setup.x, &setup.o].map(|spec| {
        let mut seat = Seat::new(spec.clone());
        seat.prepare(&setup.variant);
        Occupant::Machine(seat)
    });
    let mut session = Session::from_game(game, seats).with_timing(setup.timing);
    if let Some(rule) = setup.opening_rule {
        session = session
            .with_opening(rule)
            .map_err(ArenaError::OpeningDoesNotFit)?;
    }
    while let Some(opening) = session.opening_under_way().copied() {
        if stop.is_set() {
            return Ok(None);
        }
        let side = opening
            .to_act()
            .expect("an opening under way has a seat to act");
        let player = session.seat(side).machine().map_or("", |s| s.spec().name);
        let refused = |error| ArenaError::Opening {
            player,
            rule: opening.rule(),
            error,
        };
        let ask = Ask::now().with_stop(stop.child());
        let acts = session.machine_acts(&ask).map_err(refused)?;
        if stop.is_set() {
            return Ok(None);
        }
        for act in acts {
            session.act(act).map_err(refused)?;
        }
    }
    let opening_moves = session.moves().len();
    let mut thinks = Vec::new();
    let ending = loop {
        if let Some(ending) = session.ending() {
            break ending;
        }
        let board = session.board();
        let side = board.to_move();
        let (stones, empty) = (board.stones(), board.empty_cells());
        // The player's own time (its setting or default) caps the clock's limit per move; a
        // game clock is shared over the moves to come.
        let mut clock = session.time_control(side);
        let own = session
            .seat(side)
            .machine()
            .and_then(|seat| seat.limits(&Ask::now()).time);
        clock.per_move = match (clock.per_move, own) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let limit = clock.plan(stones, empty, Duration::ZERO);
        if stop.is_set() {
            return Ok(None);
        }
        let ask = Ask {
            plan: clock.plan(stones, empty, MOVE_OVERHEAD),
            ..Ask::now().with_stop(stop.child())
        };
        let start = ask.start;
        session.run_clock(start);
        let (Occupant::Machine(seat), board) = session.seat_with_board(side) else {
            unreachable!("the arena seats machines only");
        };
        let name = seat.spec().name;
        let choice = seat.choose(board, &ask).map(|t| t.choice);
        if stop.is_set() {
            return Ok(None);
        }
        let time = start.elapsed();
        thinks.push(Think {
            side,
            time,
            limit: limit.deadline,
        });
        if session.stop_clock(start + time).is_some() {
            continue;
        }
        let forfeit = match choice {
            Ok(c) => match session.play(c.cell, start + time) {
                Ok(_) => continue,
                Err(e) => format!("{name} played an illegal move: {e}"),
            },
            // A player that thinks the game is over while it is on is wrong: it forfeits.
            Err(e) => format!("{name}: {e}"),
        };
        let ending = Ending::won(side.other(), WinBy::Forfeit(forfeit));
        session
            .end(ending.clone())
            .expect("the game is on: a player was asked for a move");
        break ending;
    };
    Ok(Some(GameRecord {
        moves: session.line().to_vec(),
        opening_moves,
        swapped: session.opener() == Some(Side::O),
        ending,
        thinks,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_against_rules_on_tic_tac_toe() {
        let setup = GameSetup {
            variant: Variant::tic_tac_toe(),
            opening: Vec::new(),
            opening_rule: None,
            x: "perfect".parse().unwrap(),
            o: "rules".parse().unwrap(),
            timing: None,
        };
        let record = play_game(&setup, &Stop::new()).unwrap().unwrap();
        assert_ne!(record.ending.winner(), Some(Side::O));
        assert_eq!(record.thinks.len(), record.moves.len());
        assert!(
            record
                .thinks
                .iter()
                .all(|t| t.limit.is_some_and(|l| l.as_secs() == 20) || t.side == Side::O)
        );
        // Stopped before it starts: no game.
        let stop = Stop::new();
        stop.set();
        assert_eq!(play_game(&setup, &stop), Ok(None));
    }

    #[test]
    fn what_cannot_be_played_is_a_typed_error() {
        use crate::game::{MoveError, Rule, Size};
        use crate::session::SessionError;
        let ttt = Variant::tic_tac_toe();
        let setup = |opening: Vec<Cell>, rule| GameSetup {
            variant: ttt,
            opening,
            opening_rule: rule,
            x: "rules".parse().unwrap(),
            o: "rules".parse().unwrap(),
            timing: None,
        };
        let taken = crate::notation::parse_moves("b2 b2", ttt.size()).unwrap();
        assert_eq!(
            play_game(&setup(taken, None), &Stop::new()),
            Err(ArenaError::StartMove {
                number: 2,
                error: MoveError::Occupied
            })
        );
        let e = play_game(&setup(Vec::new(), Some(OpeningRule::Swap)), &Stop::new()).unwrap_err();
        assert!(
            matches!(e, ArenaError::OpeningDoesNotFit(SessionError::Machine(_))),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "swap's three stones do not fit a 3x3 board with 3 in a row"
        );
        // A tournament opening the players play: swap on 9x9, rules opening and choosing.
        let nine = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
        let nine = GameSetup {
            variant: nine,
            ..setup(Vec::new(), Some(OpeningRule::Swap))
        };
        let record = play_game(&nine, &Stop::new()).unwrap().unwrap();
        // Rules never takes black: it plays white's fourth stone, and the colours stay.
        assert_eq!((record.opening_moves, record.swapped), (4, false));
        assert_eq!(record.thinks.len(), record.moves.len() - 4);
    }
}
