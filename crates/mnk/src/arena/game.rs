//! One game between two players, from an opening, with per-move limits and optional game
//! clocks; every move's thinking time is recorded.

use crate::game::{Cell, Ending, Game, Side, Variant, WinBy};
use crate::players::{Ask, PlayerSpec, Seat};
use crate::search::{Clocks, MOVE_OVERHEAD, TimeControl, Timing};
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
    /// Moves that came from the opening.
    pub opening_moves: usize,
    /// How it ended: on the board, on time ([`WinBy::Time`]), or by a forfeit when a player
    /// could not move ([`WinBy::Forfeit`]).
    pub ending: Ending,
    /// The players' moves, in order.
    pub thinks: Vec<Think>,
}

/// Who plays and under which limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSetup {
    /// The rules.
    pub variant: Variant,
    /// The opening moves, X first (legal, leaving the game on).
    pub opening: Vec<Cell>,
    /// Player of X.
    pub x: PlayerSpec,
    /// Player of O.
    pub o: PlayerSpec,
    /// How the game is timed, if it is (besides the players' own limits).
    pub timing: Option<Timing>,
}

/// Plays a game to its end.
///
/// # Errors
/// When an opening move is illegal (the caller checked the opening: a bug).
pub fn play_game(setup: &GameSetup) -> Result<GameRecord, String> {
    let mut game = Game::new(setup.variant);
    for &cell in &setup.opening {
        game.play(cell).map_err(|e| format!("opening move: {e}"))?;
    }
    // Seats are taken before the first move: tables are allocated outside the clocks.
    let mut seats = [Seat::new(setup.x.clone()), Seat::new(setup.o.clone())];
    for seat in &mut seats {
        seat.prepare(&setup.variant);
    }
    let mut clocks = setup.timing.map(Clocks::new);
    let mut thinks = Vec::new();
    let ending = loop {
        let board = game.board();
        if let Some(ending) = Ending::on_board(board) {
            break ending;
        }
        let side = board.to_move();
        let seat = &mut seats[side.index()];
        // The player's own time (its setting or default) caps the clock's limit per move; a
        // game clock is shared over the moves to come.
        let mut clock = clocks
            .as_ref()
            .map_or(TimeControl::NONE, |c| c.control(side));
        let own = seat.limits(&Ask::now()).time;
        clock.per_move = match (clock.per_move, own) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let limit = clock.plan(board.stones(), board.empty_cells(), Duration::ZERO);
        let ask = Ask {
            plan: clock.plan(board.stones(), board.empty_cells(), MOVE_OVERHEAD),
            ..Ask::now()
        };
        let start = ask.start;
        if let Some(clocks) = &mut clocks {
            clocks.start(side, start);
        }
        let choice = seat.choose(board, &ask).map(|t| t.choice);
        let time = start.elapsed();
        thinks.push(Think {
            side,
            time,
            limit: limit.deadline,
        });
        if let Some(flagged) = clocks.as_mut().and_then(|c| c.stop(start + time)) {
            break Ending::won(flagged.other(), WinBy::Time);
        }
        let name = seat.spec().name;
        match choice {
            Ok(c) => {
                if let Err(e) = game.play(c.cell) {
                    let why = format!("{name} played an illegal move: {e}");
                    break Ending::won(side.other(), WinBy::Forfeit(why));
                }
            }
            // A player that thinks the game is over while it is on is wrong: it forfeits.
            Err(e) => break Ending::won(side.other(), WinBy::Forfeit(format!("{name}: {e}"))),
        }
    };
    Ok(GameRecord {
        moves: game.moves().to_vec(),
        opening_moves: setup.opening.len(),
        ending,
        thinks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_against_rules_on_tic_tac_toe() {
        let setup = GameSetup {
            variant: Variant::tic_tac_toe(),
            opening: Vec::new(),
            x: "perfect".parse().unwrap(),
            o: "rules".parse().unwrap(),
            timing: None,
        };
        let record = play_game(&setup).unwrap();
        assert_ne!(record.ending.winner(), Some(Side::O));
        assert_eq!(record.thinks.len(), record.moves.len());
        assert!(
            record
                .thinks
                .iter()
                .all(|t| t.limit.is_some_and(|l| l.as_secs() == 20) || t.side == Side::O)
        );
    }
}
