//! Search scores: heuristic values and wins counted in plies from the root.
//!
//! Scores are from the side to move's point of view. A win with the stone played `n` plies
//! from the root scores `MATE - n`, so a sooner win scores higher; a loss is the negation.

use crate::search::{Outcome, Value};

/// The score of a win on the root's own move (one ply away would be `MATE - 1`).
pub const MATE: i32 = 1_000_000;
/// Deepest ply a search reaches (forced moves extend lines beyond the nominal depth).
pub const MAX_PLY: usize = 120;
/// Scores at least this large (in absolute value) are proven wins or losses.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 2;
/// Larger than every score.
pub const INFINITY: i32 = MATE + 1;

/// A win with the stone `plies` plies from the root.
#[must_use]
pub const fn win_in(plies: usize) -> i32 {
    MATE - plies as i32
}

/// A loss to the opponent's stone `plies` plies from the root.
#[must_use]
pub const fn loss_in(plies: usize) -> i32 {
    -win_in(plies)
}

/// Whether a score is a proven win or loss.
#[must_use]
pub const fn is_decisive(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// The outcome a decisive root score proves (the number of moves until the winning stone,
/// both sides counted), or `None` for a heuristic score.
#[must_use]
pub const fn outcome(score: i32) -> Option<Outcome> {
    if score >= MATE_BOUND {
        Some(Outcome::Win((MATE - score) as u32))
    } else if score <= -MATE_BOUND {
        Some(Outcome::Loss((MATE + score) as u32))
    } else {
        None
    }
}

/// A root score as a player's [`Value`]: the outcome it proves, else the score.
#[must_use]
pub const fn value(score: i32) -> Value {
    match outcome(score) {
        Some(o) => Value::Solved(o),
        None => Value::Score(score),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sooner_wins_score_higher() {
        assert!(win_in(1) > win_in(3));
        assert!(loss_in(2) < loss_in(6));
        assert_eq!(outcome(win_in(3)), Some(Outcome::Win(3)));
        assert_eq!(outcome(loss_in(2)), Some(Outcome::Loss(2)));
        assert_eq!(outcome(1234), None);
        assert!(is_decisive(win_in(MAX_PLY)) && !is_decisive(500_000));
    }
}
