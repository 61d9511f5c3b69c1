//! What the solver needs under renju besides [`Spans`] (which reads black's rule, exactly
//! five): black's forbidden points ([`ForbiddenMasks`], judged by the board's own judge) and
//! white's wins (five or more). Only the ideas of [`super::Ideas::WITH_FORBIDDEN_MOVES`] run
//! under it.

use super::lines::Spans;
use crate::game::{ForbiddenMasks, Rule, Variant};

/// Black's forbidden points and white's wins.
#[derive(Debug)]
pub(crate) struct Renju {
    pub(crate) forbidden: ForbiddenMasks,
    pub(crate) white: Spans,
}

impl Renju {
    /// The tables for a variant; `None` under a rule without forbidden moves or above 64
    /// cells.
    pub(crate) fn new(variant: &Variant) -> Option<Self> {
        let forbidden = ForbiddenMasks::new(variant)?;
        let white = Variant::new(variant.size(), variant.k() as u32, Rule::Freestyle)
            .ok()
            .and_then(|v| Spans::new(&v))?;
        Some(Renju { forbidden, white })
    }
}

/// A threat search's view of renju: the rules, and whether the attacker is black.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Attack<'a> {
    pub(crate) renju: &'a Renju,
    pub(crate) black: bool,
}
