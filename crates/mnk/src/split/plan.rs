//! What a split proves (its game, root and frontier depth) and what one job proved: the terms
//! the frontier, the job files and the combination share.

use crate::game::{Cell, Variant};
use crate::solve::{Known, Outcome, Wdl};

/// What a split proves and where its frontier lies: the game, the root position (the moves from
/// the empty board, X first) and the depth of the frontier below the root, in plies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The game.
    pub variant: Variant,
    /// The root position: its moves from the empty board, X first.
    pub root: Vec<Cell>,
    /// The plies from the root to the frontier.
    pub depth: u32,
}

/// What a job proved: the value of its position for the side to move, and the number of
/// moves to the end when that was proved too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JobValue {
    /// The value.
    pub value: Wdl,
    /// Moves (stones of both sides, counting the next) to the end of a won or lost game.
    pub moves_to_end: Option<u32>,
}

impl From<Wdl> for JobValue {
    fn from(value: Wdl) -> Self {
        JobValue {
            value,
            moves_to_end: None,
        }
    }
}

impl JobValue {
    /// The value with its distance, when known (a draw always is).
    pub(super) fn outcome(self) -> Option<Outcome> {
        match (self.value, self.moves_to_end) {
            (Wdl::Draw, _) => Some(Outcome::Draw),
            (Wdl::Win, Some(n)) => Some(Outcome::Win(n)),
            (Wdl::Loss, Some(n)) => Some(Outcome::Loss(n)),
            (_, None) => None,
        }
    }
}

/// What the combination is given of one job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobKnown {
    /// Its value, proved (with a proof where the rule allows one).
    Value(JobValue),
    /// Bounds on its value and no proof of them: what a job stopped by its limits had
    /// settled (`at-least draw` from a job that proved only "not a loss"), or nothing.
    Bounds(Known),
}

impl JobKnown {
    /// Nothing known: a job without a result.
    pub const NOTHING: JobKnown = JobKnown::Bounds(Known::NOTHING);

    /// The value, when the job proved one.
    #[must_use]
    pub const fn value(self) -> Option<JobValue> {
        match self {
            JobKnown::Value(v) => Some(v),
            JobKnown::Bounds(_) => None,
        }
    }

    /// The bounds on the value for the side to move in the job's position.
    #[must_use]
    pub const fn known(self) -> Known {
        match self {
            JobKnown::Value(v) => Known {
                at_least: v.value,
                at_most: v.value,
            },
            JobKnown::Bounds(known) => known,
        }
    }

    /// Whether the value is known (proved, or bounds that meet).
    #[must_use]
    pub fn settled(self) -> bool {
        let known = self.known();
        known.at_least == known.at_most
    }
}

impl From<Option<JobValue>> for JobKnown {
    fn from(value: Option<JobValue>) -> Self {
        value.map_or(JobKnown::NOTHING, JobKnown::Value)
    }
}
