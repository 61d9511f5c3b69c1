//! Helpers shared by the integration tests (each test crate uses some of them).
#![allow(dead_code)]

use mnk::game::{Board, Cell, Side, Status};
use mnk::players::{Ask, Seat};
use std::collections::HashMap;

/// Plays the seated player as `side` against every possible sequence of opponent replies (the
/// player's move in each position is asked once and remembered by hash); returns the number
/// of finished games and panics on a loss.
pub fn never_loses(
    board: &mut Board,
    side: Side,
    player: &mut Seat,
    cache: &mut HashMap<u64, Cell>,
) -> u64 {
    match board.status() {
        Status::Won { side: winner, .. } => {
            assert_eq!(winner, side, "{} lost: {board:?}", player.spec().name);
            return 1;
        }
        Status::Draw => return 1,
        Status::InProgress => {}
    }
    if board.to_move() == side {
        let cell = *cache.entry(board.hash()).or_insert_with(|| {
            player
                .choose(board, &Ask::now())
                .expect("a move")
                .choice
                .cell
        });
        board.play(cell);
        let n = never_loses(board, side, player, cache);
        board.unmake(cell);
        n
    } else {
        let moves: Vec<Cell> = board.moves().collect();
        moves
            .into_iter()
            .map(|cell| {
                board.play(cell);
                let n = never_loses(board, side, player, cache);
                board.unmake(cell);
                n
            })
            .sum()
    }
}

/// A fixed pseudo-random walk (a 64-bit linear congruential generator): the same numbers
/// for the same seed on every machine, for tests that sample positions.
pub struct Walk(u64);

impl Walk {
    pub fn new(seed: u64) -> Self {
        Walk(seed)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize % n
    }
}
