//! The game-theoretic value of a position for the side to move.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Win, draw or loss for the side to move, with the number of moves (stones, both sides
/// counted) until the game ends under best play: a win in 1 is a winning move now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "result", content = "moves", rename_all = "lowercase")]
pub enum Outcome {
    /// The side to move wins with its stone `n` moves from now.
    Win(u32),
    /// Neither side can force a win.
    Draw,
    /// The opponent wins with the stone `n` moves from now.
    Loss(u32),
}

impl Outcome {
    /// +1, 0 or -1.
    #[must_use]
    pub const fn sign(self) -> i32 {
        match self {
            Outcome::Win(_) => 1,
            Outcome::Draw => 0,
            Outcome::Loss(_) => -1,
        }
    }

    /// `"win"`, `"draw"` or `"loss"`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Outcome::Win(_) => "win",
            Outcome::Draw => "draw",
            Outcome::Loss(_) => "loss",
        }
    }

    /// The same game seen by the other side one move earlier (the value of the move that
    /// leads here, for the side that plays it).
    #[must_use]
    pub const fn for_previous_mover(self) -> Outcome {
        match self {
            Outcome::Win(n) => Outcome::Loss(n + 1),
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss(n) => Outcome::Win(n + 1),
        }
    }

    /// Converts a solver score (see [`crate::solve`]) with `stones` on a board of `cells`.
    #[must_use]
    pub const fn from_score(score: i32, stones: usize, cells: usize) -> Outcome {
        let end = cells as i32 + 1 - score.abs(); // stones on the board when the game ends
        let moves = (end - stones as i32) as u32;
        if score > 0 {
            Outcome::Win(moves)
        } else if score < 0 {
            Outcome::Loss(moves)
        } else {
            Outcome::Draw
        }
    }

    /// The solver score of this outcome with `stones` on a board of `cells`.
    #[must_use]
    pub fn to_score(self, stones: usize, cells: usize) -> i32 {
        let magnitude = |moves: u32| cells as i32 + 1 - (stones as i32 + moves as i32);
        match self {
            Outcome::Win(n) => magnitude(n),
            Outcome::Draw => 0,
            Outcome::Loss(n) => -magnitude(n),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(n) => write!(f, "win in {n}"),
            Outcome::Draw => write!(f, "draw"),
            Outcome::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_round_trip() {
        for o in [
            Outcome::Win(1),
            Outcome::Win(5),
            Outcome::Draw,
            Outcome::Loss(2),
            Outcome::Loss(6),
        ] {
            assert_eq!(Outcome::from_score(o.to_score(3, 9), 3, 9), o);
        }
        assert!(Outcome::Win(1).to_score(4, 9) > Outcome::Win(3).to_score(4, 9));
        assert!(Outcome::Loss(6).to_score(0, 9) > Outcome::Loss(2).to_score(0, 9));
        assert_eq!(Outcome::Win(3).for_previous_mover(), Outcome::Loss(4));
        assert_eq!(Outcome::Loss(2).to_string(), "loss in 2");
    }
}
