//! Self-play games for tuning the evaluation (`mnk tune`): an opening, a few random stones
//! near the centre, then one player on both sides to the end.

use super::ArenaError;
use crate::engine::tune::SplitMix;
use crate::game::{Cell, Game, Variant};
use crate::players::{Ask, PlayerSpec, Seat};
use crate::search::{Stop, Value};
use crate::session::{Occupant, Session};
use std::time::Instant;

/// A self-play game, with the value the player's search gave each of its moves.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// The game, to its end.
    pub game: Game,
    /// For each move of the game, the value its search gave it for the side that played it
    /// (`None` for the random opening stones, and where the player gives none).
    pub values: Vec<Option<Value>>,
}

/// One self-play game: the moves of `start`, then `random` random stones within `spread`
/// cells of the centre (chosen from `seed`; none that ends the game), then `player` on both
/// sides to the end; `None` when `stop` was set first (a game cut short is not one).
///
/// # Errors
/// [`ArenaError`]: a move of `start` cannot be played, or the player cannot move (a bug, or
/// a setting it refuses).
pub fn self_play(
    variant: Variant,
    player: &PlayerSpec,
    start: &[Cell],
    random: usize,
    spread: i32,
    seed: u64,
    stop: &Stop,
) -> Result<Option<SelfPlay>, ArenaError> {
    let mut rng = SplitMix(seed);
    let game = Game::from_moves(variant, start).map_err(|(i, error)| ArenaError::StartMove {
        number: i + 1,
        error,
    })?;
    let seats = [(); 2].map(|()| Occupant::Machine(Seat::new(player.clone())));
    let mut session = Session::from_game(game, seats);
    let opening = start.len() + random;
    let size = variant.size();
    let (cr, cc) = (i32::from(size.height) / 2, i32::from(size.width) / 2);
    let mut tries = 0;
    while session.moves().len() < opening && tries < 1000 {
        tries += 1;
        let span = (2 * spread + 1) as u64;
        let r = cr + (rng.next_u64() % span) as i32 - spread;
        let c = cc + (rng.next_u64() % span) as i32 - spread;
        if let Some(cell) = size.cell(r, c)
            && session.board().is_empty(cell)
        {
            let mut after = session.board().clone();
            after.play(cell);
            if !after.is_over() {
                session
                    .play(cell, Instant::now())
                    .expect("an empty cell of a game on, not ending it");
            }
        }
    }
    let mut values = vec![None; session.moves().len()];
    while !session.is_over() {
        let side = session.board().to_move();
        let (Occupant::Machine(seat), board) = session.seat_with_board(side) else {
            unreachable!("self-play seats machines only");
        };
        let name = seat.spec().name;
        let thought = seat
            .choose(board, &Ask::now().with_stop(stop.child()))
            .map_err(|error| ArenaError::Player {
                player: name,
                error,
            })?;
        if stop.is_set() {
            return Ok(None);
        }
        session
            .play(thought.choice.cell, Instant::now())
            .map_err(|error| ArenaError::IllegalMove {
                player: name,
                error,
            })?;
        values.push(thought.choice.value);
    }
    Ok(Some(SelfPlay {
        game: session.game().clone(),
        values,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size};

    #[test]
    fn a_seed_plays_the_same_game_to_its_end() {
        let v = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
        let spec: PlayerSpec = "engine:nodes=300".parse().unwrap();
        let played = self_play(v, &spec, &[], 3, 1, 7, &Stop::new())
            .unwrap()
            .unwrap();
        let game = &played.game;
        assert!(game.board().is_over());
        assert!(game.moves().len() > 3);
        // A value for every move the engine made, none for the random stones.
        assert_eq!(played.values.len(), game.moves().len());
        assert!(played.values[..3].iter().all(Option::is_none));
        assert!(played.values[3..].iter().all(Option::is_some));
        let again = self_play(v, &spec, &[], 3, 1, 7, &Stop::new())
            .unwrap()
            .unwrap();
        assert_eq!(again.game.moves(), game.moves());
        assert_eq!(again.values, played.values);
        let other = self_play(v, &spec, &[], 3, 1, 8, &Stop::new())
            .unwrap()
            .unwrap();
        assert_ne!(other.game.moves()[..3], game.moves()[..3]);
        // From an opening: its moves first, then the random stones.
        let start = crate::notation::parse_moves("e5 f6", v.size()).unwrap();
        let from = self_play(v, &spec, &start, 2, 1, 7, &Stop::new())
            .unwrap()
            .unwrap();
        assert_eq!(from.game.moves()[..2], start[..]);
        assert!(from.values[..4].iter().all(Option::is_none));
        assert!(from.values[4..].iter().all(Option::is_some));
        let stop = Stop::new();
        stop.set();
        assert!(
            self_play(v, &spec, &start, 2, 1, 7, &stop)
                .unwrap()
                .is_none()
        );
    }
}
