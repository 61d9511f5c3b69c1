//! Self-play games for tuning the evaluation (`mnk tune`): a few random stones near the
//! centre, then one player on both sides to the end.

use crate::engine::tune::SplitMix;
use crate::game::{Game, Status, Variant};
use crate::players::{Ask, PlayerSpec, Seat};

/// One self-play game: `opening` random stones within `spread` cells of the centre
/// (chosen from `seed`), then `player` on both sides to the end.
///
/// # Errors
/// When the player cannot move (a bug, or a setting it refuses).
pub fn self_play(
    variant: Variant,
    player: &PlayerSpec,
    opening: usize,
    spread: i32,
    seed: u64,
) -> Result<Game, String> {
    let mut rng = SplitMix(seed);
    let mut game = Game::new(variant);
    let size = variant.size();
    let (cr, cc) = (i32::from(size.height) / 2, i32::from(size.width) / 2);
    let mut tries = 0;
    while game.moves().len() < opening && tries < 1000 {
        tries += 1;
        let span = (2 * spread + 1) as u64;
        let r = cr + (rng.next_u64() % span) as i32 - spread;
        let c = cc + (rng.next_u64() % span) as i32 - spread;
        if let Some(cell) = size.cell(r, c)
            && game.board().is_empty(cell)
        {
            let mut after = game.board().clone();
            after.play(cell);
            if !after.is_over() {
                game.play(cell).map_err(|e| e.to_string())?;
            }
        }
    }
    let mut seats = [Seat::new(player.clone()), Seat::new(player.clone())];
    while game.board().status() == Status::InProgress {
        let side = game.board().to_move().index();
        let thought = seats[side]
            .choose(game.board(), &Ask::now())
            .map_err(|e| e.to_string())?;
        game.play(thought.choice.cell).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size};

    #[test]
    fn a_seed_plays_the_same_game_to_its_end() {
        let v = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
        let spec: PlayerSpec = "engine:nodes=300".parse().unwrap();
        let game = self_play(v, &spec, 3, 1, 7).unwrap();
        assert!(game.board().is_over());
        assert!(game.moves().len() > 3);
        let again = self_play(v, &spec, 3, 1, 7).unwrap();
        assert_eq!(again.moves(), game.moves());
        let other = self_play(v, &spec, 3, 1, 8).unwrap();
        assert_ne!(other.moves()[..3], game.moves()[..3]);
    }
}
