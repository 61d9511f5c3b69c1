//! Win, draw or loss seen by one side: the value of a position under perfect play (for the
//! side to move), or a game's result for one player (a match's A).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Win, draw or loss seen by one side (for a position's value: the side to move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wdl {
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins.
    Win,
}

impl Wdl {
    /// `"win"`, `"draw"` or `"loss"`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }

    /// The same result seen by the other side.
    #[must_use]
    pub const fn other(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }

    /// The value a solver's score stands for: its sign.
    pub(crate) fn of_score(score: i32) -> Wdl {
        match score.signum() {
            1 => Wdl::Win,
            0 => Wdl::Draw,
            _ => Wdl::Loss,
        }
    }
}

impl FromStr for Wdl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "win" => Ok(Wdl::Win),
            "draw" => Ok(Wdl::Draw),
            "loss" => Ok(Wdl::Loss),
            _ => Err(format!(
                "cannot read '{}' as a value: win, draw or loss",
                crate::text::shown(text)
            )),
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
