//! What a player says about a move: its [`Value`] on the player's own scale, whether the value
//! is exact or a [`Bound`], and the [`MoveValue`] that ties them to a cell.

use super::Outcome;
use crate::game::{Cell, Side};
use serde::Serialize;
use std::cmp::Ordering;
use std::fmt;

/// A player's verdict on a move or position, in the player's own terms, for the side that
/// plays the move (or is to move in the position).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Value {
    /// A heuristic or minimax score on the player's own scale (higher is better for the mover).
    Score(i32),
    /// The probability that the mover wins if both sides play at random from here (every
    /// legal move equally likely), as seed 003's game tree computes it: an average over random
    /// play, not a judgement of the position (the drawn 3x3 board is worth 0.75 to X).
    Probability(f64),
    /// The share of Monte Carlo playouts through the move that the mover won, a draw counting
    /// half (`mcts`): from 0 to 1, from the playouts of one search.
    #[serde(rename = "win_rate")]
    WinRate(f64),
    /// The exact game-theoretic value for the mover.
    Solved(Outcome),
}

impl Value {
    /// A single number for machine consumers: the score, the probability or win rate, or
    /// +1 / 0 / -1 for a solved win / draw / loss.
    #[must_use]
    pub fn as_number(&self) -> f64 {
        match *self {
            Value::Score(s) => f64::from(s),
            Value::Probability(p) | Value::WinRate(p) => p,
            Value::Solved(o) => f64::from(o.sign()),
        }
    }

    /// Orders values from the mover's point of view, best last: proven losses (the slower the
    /// better) below every score, proven wins (the sooner the better) above; scores,
    /// probabilities and draws (as 0) by their number in between. Values of one player compare
    /// meaningfully; this is the order every list of moves is sorted by.
    ///
    /// ```
    /// use mnk::search::{Outcome, Value};
    /// let mut v = [Value::Solved(Outcome::Win(7)), Value::Score(-71),
    ///              Value::Solved(Outcome::Loss(20)), Value::Solved(Outcome::Win(3))];
    /// v.sort_by(|a, b| b.compare(a));
    /// assert_eq!(v[0], Value::Solved(Outcome::Win(3)));
    /// assert_eq!(v[3], Value::Solved(Outcome::Loss(20)));
    /// ```
    #[must_use]
    pub fn compare(&self, other: &Value) -> Ordering {
        /// (class, number): losses 0, the rest 1, wins 2; within a class a larger number is better.
        fn key(v: &Value) -> (u8, f64) {
            match *v {
                Value::Solved(Outcome::Loss(n)) => (0, f64::from(n)),
                Value::Solved(Outcome::Win(n)) => (2, -f64::from(n)),
                Value::Solved(Outcome::Draw) => (1, 0.0),
                Value::Score(s) => (1, f64::from(s)),
                Value::Probability(p) | Value::WinRate(p) => (1, p),
            }
        }
        let (a, b) = (key(self), key(other));
        a.0.cmp(&b.0).then(a.1.total_cmp(&b.1))
    }
}

impl Value {
    /// The value as text from one stated viewpoint with its unit, for `mover` (the side the
    /// value belongs to: the side that plays the move, or is to move in the position):
    /// `X +196 (score)`, `X 0.7312 (win probability under random play)`, `X 0.5310 (MCTS win
    /// rate, a draw counts half)`, `win in 7 for O`, `draw`. A proven loss
    /// reads as the opponent's win, so that no text needs a sign convention to be understood.
    ///
    /// ```
    /// use mnk::game::Side;
    /// use mnk::search::{Outcome, Value};
    /// assert_eq!(Value::Score(-143).seen_by(Side::O).to_string(), "O -143 (score)");
    /// assert_eq!(Value::Solved(Outcome::Loss(20)).seen_by(Side::X).to_string(), "win in 20 for O");
    /// ```
    #[must_use]
    pub const fn seen_by(self, mover: Side) -> Viewed {
        Viewed {
            value: self,
            mover,
            bound: Bound::Exact,
        }
    }
}

/// A [`Value`] with the side it belongs to (and whether it is a bound), ready to be shown:
/// made by [`Value::seen_by`] or [`MoveValue::seen_by`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Viewed {
    value: Value,
    mover: Side,
    bound: Bound,
}

impl Viewed {
    /// The same value known only as `bound` of the true one, on the mover's scale (a search
    /// that cut a node off): `at most X +100 (score)`.
    ///
    /// ```
    /// use mnk::game::Side;
    /// use mnk::search::{Bound, Value};
    /// let v = Value::Score(100).seen_by(Side::X).bounded(Bound::Upper);
    /// assert_eq!(v.to_string(), "at most X +100 (score)");
    /// ```
    #[must_use]
    pub const fn bounded(self, bound: Bound) -> Viewed {
        Viewed { bound, ..self }
    }
}

impl fmt::Display for Viewed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A bound is on the mover's scale: "at most" for the mover is "at least" for a win of
        // the opponent's, so bounds on solved values are said from the mover's side.
        let prefix = match self.bound {
            Bound::Exact => "",
            Bound::Upper => "at most ",
            Bound::Lower => "at least ",
        };
        let side = self.mover;
        match (self.value, self.bound) {
            (Value::Score(s), _) => write!(f, "{prefix}{side} {s:+} (score)"),
            (Value::Probability(p), _) => {
                write!(
                    f,
                    "{prefix}{side} {p:.4} (win probability under random play)"
                )
            }
            (Value::WinRate(p), _) => {
                write!(
                    f,
                    "{prefix}{side} {p:.4} (MCTS win rate, a draw counts half)"
                )
            }
            (Value::Solved(Outcome::Draw), Bound::Exact) => write!(f, "draw"),
            (Value::Solved(Outcome::Win(n)), Bound::Exact) => write!(f, "win in {n} for {side}"),
            (Value::Solved(Outcome::Loss(n)), Bound::Exact) => {
                write!(f, "win in {n} for {}", side.other())
            }
            (Value::Solved(o), _) => write!(f, "{prefix}{o} for {side}"),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Score(s) => write!(f, "{s:+}"),
            Value::Probability(p) => write!(f, "win probability {p:.4} under random play"),
            Value::WinRate(p) => write!(f, "win rate {p:.4} over playouts"),
            Value::Solved(o) => write!(f, "{o}"),
        }
    }
}

/// How a value relates to the true value (under the player's evaluation and depth):
/// alpha-beta searches know some moves only as bounds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    /// The value is the value.
    #[default]
    Exact,
    /// The search failed low (value <= alpha): the true value is at most this.
    Upper,
    /// The search failed high (value >= beta): the true value is at least this.
    Lower,
}

impl Bound {
    /// What a fail-soft `score` searched with the window (`alpha`, `beta`) says.
    #[must_use]
    pub const fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A move with a player's value of it, for the side that plays it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MoveValue {
    /// The move.
    pub cell: Cell,
    /// Its value.
    pub value: Value,
    /// Whether the value is exact or a bound.
    pub bound: Bound,
    /// The depth the value comes from, in plies from the position (including the move), for
    /// players that search to a depth.
    pub depth: Option<u32>,
    /// The Monte Carlo playouts through the move (its visit count), for players that
    /// sample (`mcts`): how much the value rests on.
    pub visits: Option<u64>,
}

impl MoveValue {
    /// The value as text for `mover`, the side that plays the move, with its bound: see
    /// [`Value::seen_by`].
    #[must_use]
    pub const fn seen_by(&self, mover: Side) -> Viewed {
        Viewed {
            value: self.value,
            mover,
            bound: self.bound,
        }
    }

    /// An exact value with no depth.
    #[must_use]
    pub const fn exact(cell: Cell, value: Value) -> Self {
        MoveValue {
            cell,
            value,
            bound: Bound::Exact,
            depth: None,
            visits: None,
        }
    }
}

/// One of the best moves of a position with its value and the line of play the search expects
/// after it (a principal variation): one line of a multi-line analysis (multi-PV), as
/// [`crate::search::Control::lines`] asks for.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PvLine {
    /// The value of the line's first move for the side that plays it (exact: a line is searched
    /// with a window that holds its value).
    pub value: Value,
    /// The line, starting with its move; never empty.
    pub pv: Vec<Cell>,
    /// The depth the line was searched to, in plies from the position (including the move),
    /// for players that search to a depth.
    pub depth: Option<u32>,
}

/// Sorts `values` best first by [`Value::compare`], `played` first among equals: the order a
/// heat map or a list of candidates shows, where the move a player chose is the best.
pub fn sort_best_first(values: &mut [MoveValue], played: Option<Cell>) {
    values.sort_by(|a, b| {
        b.value
            .compare(&a.value)
            .then_with(|| (Some(b.cell) == played).cmp(&(Some(a.cell) == played)))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_on_the_window_edge_is_a_bound() {
        let (alpha, beta) = (-10, 20);
        assert_eq!(Bound::of(-11, alpha, beta), Bound::Upper);
        assert_eq!(Bound::of(alpha, alpha, beta), Bound::Upper);
        assert_eq!(Bound::of(alpha + 1, alpha, beta), Bound::Exact);
        assert_eq!(Bound::of(beta - 1, alpha, beta), Bound::Exact);
        assert_eq!(Bound::of(beta, alpha, beta), Bound::Lower);
        // A null window has no exact scores.
        assert_eq!(Bound::of(5, 5, 6), Bound::Upper);
        assert_eq!(Bound::of(6, 5, 6), Bound::Lower);
    }

    #[test]
    fn wins_then_scores_then_losses() {
        let ladder = [
            Value::Solved(Outcome::Loss(2)),
            Value::Solved(Outcome::Loss(20)),
            Value::Score(-300),
            Value::Solved(Outcome::Draw),
            Value::Score(71),
            Value::Solved(Outcome::Win(9)),
            Value::Solved(Outcome::Win(1)),
        ];
        for pair in ladder.windows(2) {
            assert_eq!(pair[0].compare(&pair[1]), Ordering::Less, "{pair:?}");
        }
        assert_eq!(
            Value::Probability(0.5).compare(&Value::Probability(0.25)),
            Ordering::Greater
        );
    }

    #[test]
    fn every_value_says_whose_it_is_and_its_unit() {
        let x = Side::X;
        let cases = [
            (Value::Score(196), "X +196 (score)"),
            (Value::Score(0), "X +0 (score)"),
            (
                Value::Probability(0.25),
                "X 0.2500 (win probability under random play)",
            ),
            (
                Value::WinRate(0.53),
                "X 0.5300 (MCTS win rate, a draw counts half)",
            ),
            (Value::Solved(Outcome::Win(7)), "win in 7 for X"),
            (Value::Solved(Outcome::Loss(20)), "win in 20 for O"),
            (Value::Solved(Outcome::Draw), "draw"),
        ];
        for (value, text) in cases {
            assert_eq!(value.seen_by(x).to_string(), text);
        }
        let bounded = |value, bound| MoveValue {
            cell: Cell(0),
            value,
            bound,
            depth: None,
            visits: None,
        };
        assert_eq!(
            bounded(Value::Score(-50), Bound::Upper)
                .seen_by(Side::O)
                .to_string(),
            "at most O -50 (score)"
        );
        assert_eq!(
            bounded(Value::Solved(Outcome::Draw), Bound::Lower)
                .seen_by(Side::O)
                .to_string(),
            "at least draw for O"
        );
    }

    #[test]
    fn the_played_move_comes_first_among_equals() {
        let mv = |i: u16, s: i32| MoveValue::exact(Cell(i), Value::Score(s));
        let mut list = [mv(0, 5), mv(1, 9), mv(2, 9), mv(3, -1)];
        sort_best_first(&mut list, Some(Cell(2)));
        let cells: Vec<u16> = list.iter().map(|m| m.cell.0).collect();
        assert_eq!(cells, [2, 1, 0, 3]);
    }
}
