//! How a game ended: who won and how, or that nobody did and why. The one type for a game's
//! result wherever a game is played or written down: the board's own ending (a row, a full
//! board, renju's black with no legal move), the clock's and the players' (a flag fall, a
//! resignation, a forfeit), and what a record states (`O wins by R`, SGF `RE[W+R]`).
//!
//! Other win/draw/loss types say other things: [`super::Status`] is the board's state as
//! play goes on, [`super::Wdl`] a win, draw or loss seen by one side (a position's value, a
//! match game's score), [`crate::search::Outcome`] a proven value with the moves to the end.

use super::board::{Board, Status};
use super::side::Side;
use super::wdl::Wdl;
use std::fmt;

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ending {
    /// `winner` won, `by` how.
    Won {
        /// The winner.
        winner: Side,
        /// How.
        by: WinBy,
    },
    /// Nobody won.
    Drawn(DrawBy),
}

/// How a game was won.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum WinBy {
    /// A winning row on the board; in a record, also a win it states without saying how.
    Row,
    /// On time: the loser's flag fell (`T` in records).
    Time,
    /// The loser resigned (`R` in records).
    Resignation,
    /// The loser's player could not move (an error, an illegal move): why (`F` in records,
    /// without the why).
    Forfeit(String),
    /// How a record says it, in its own words (`1`, `time`, a score).
    Said(String),
}

/// Why nobody won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawBy {
    /// The board is full and nobody made a row.
    FullBoard,
    /// Renju: black (X), to move, has no legal move (every empty cell is forbidden to it).
    Stalled,
    /// Agreed, or a record states a draw the board does not show.
    Agreed,
}

impl WinBy {
    /// How a record writes it after `X wins by` (empty for a row: `X wins`).
    #[must_use]
    pub fn how(&self) -> &str {
        match self {
            WinBy::Row => "",
            WinBy::Time => "T",
            WinBy::Resignation => "R",
            WinBy::Forfeit(_) => "F",
            WinBy::Said(how) => how,
        }
    }

    /// What a record's `how` says (the inverse of [`WinBy::how`]).
    #[must_use]
    pub fn from_how(how: &str) -> WinBy {
        match how {
            "" => WinBy::Row,
            "T" => WinBy::Time,
            "R" => WinBy::Resignation,
            "F" => WinBy::Forfeit(String::new()),
            other => WinBy::Said(other.to_string()),
        }
    }
}

impl Ending {
    /// The ending the board shows, if the game is over on it: a row, a full board, or renju's
    /// stalled board.
    #[must_use]
    pub fn on_board(board: &Board) -> Option<Ending> {
        match board.status() {
            Status::InProgress => None,
            Status::Won { side, .. } => Some(Ending::Won {
                winner: side,
                by: WinBy::Row,
            }),
            Status::Draw if board.empty_cells() == 0 => Some(Ending::Drawn(DrawBy::FullBoard)),
            Status::Draw => Some(Ending::Drawn(DrawBy::Stalled)),
        }
    }

    /// `side` wins, `by` how.
    #[must_use]
    pub const fn won(winner: Side, by: WinBy) -> Ending {
        Ending::Won { winner, by }
    }

    /// The winner, if any.
    #[must_use]
    pub const fn winner(&self) -> Option<Side> {
        match self {
            Ending::Won { winner, .. } => Some(*winner),
            Ending::Drawn(_) => None,
        }
    }

    /// The loser, if any.
    #[must_use]
    pub const fn loser(&self) -> Option<Side> {
        match self {
            Ending::Won { winner, .. } => Some(winner.other()),
            Ending::Drawn(_) => None,
        }
    }

    /// The result seen by `side`.
    #[must_use]
    pub fn for_side(&self, side: Side) -> Wdl {
        match self.winner() {
            Some(winner) if winner == side => Wdl::Win,
            Some(_) => Wdl::Loss,
            None => Wdl::Draw,
        }
    }

    /// Whether `self` and `other` say the same of who won (a win of the same side, or both
    /// draws), however they say it happened.
    #[must_use]
    pub fn agrees_with(&self, other: &Ending) -> bool {
        self.winner() == other.winner()
    }

    /// Whether the board alone does not show it (a flag fall, a resignation, a forfeit, a
    /// stated result).
    #[must_use]
    pub const fn off_board(&self) -> bool {
        !matches!(
            self,
            Ending::Won { by: WinBy::Row, .. } | Ending::Drawn(DrawBy::FullBoard | DrawBy::Stalled)
        )
    }
}

impl fmt::Display for Ending {
    /// As a record writes it: `X wins`, `O wins by T`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Won { winner, by } if by.how().is_empty() => write!(f, "{winner} wins"),
            Ending::Won { winner, by } => write!(f, "{winner} wins by {}", by.how()),
            Ending::Drawn(_) => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    #[test]
    fn the_board_s_endings() {
        let ttt = Variant::tic_tac_toe();
        let cells = |text: &str| crate::notation::parse_moves(text, ttt.size()).unwrap();
        let board = Board::from_moves(ttt, &cells("a1 b1 a2 b2 a3")).unwrap();
        let won = Ending::on_board(&board).unwrap();
        assert_eq!(won, Ending::won(Side::X, WinBy::Row));
        assert_eq!((won.to_string(), won.off_board()), ("X wins".into(), false));
        assert_eq!(
            (won.for_side(Side::O), won.loser()),
            (Wdl::Loss, Some(Side::O))
        );
        let full = Board::from_moves(ttt, &cells("b2 a1 c1 a3 a2 c2 b1 b3 c3")).unwrap();
        assert_eq!(
            Ending::on_board(&full),
            Some(Ending::Drawn(DrawBy::FullBoard))
        );
        assert_eq!(Ending::on_board(&Board::new(ttt)), None);
        let _ = Variant::new(Size::square(15), 5, Rule::Renju).unwrap();
    }

    #[test]
    fn off_the_board_endings_are_written_as_records_write_them() {
        let time = Ending::won(Side::O, WinBy::Time);
        assert_eq!(time.to_string(), "O wins by T");
        assert!(time.off_board() && time.agrees_with(&Ending::won(Side::O, WinBy::Row)));
        assert_eq!(
            Ending::won(Side::X, WinBy::Resignation).to_string(),
            "X wins by R"
        );
        assert_eq!(Ending::Drawn(DrawBy::Agreed).to_string(), "draw");
        assert!(!Ending::Drawn(DrawBy::Agreed).agrees_with(&time));
        for how in ["", "T", "R", "F", "1", "time"] {
            assert_eq!(WinBy::from_how(how).how(), how);
        }
        assert_eq!(
            Ending::won(Side::X, WinBy::Forfeit("an illegal move".into())).to_string(),
            "X wins by F"
        );
    }
}
