//! What the solver needs under renju besides [`Spans`] (which reads black's rule, exactly
//! five): black's forbidden points ([`ForbiddenMasks`], judged by the board's own judge),
//! white's wins (its own rule, five or more), and which side has forbidden points
//! ([`Rule::forbids`]). What the rules force at a node is [`crate::game::forced`]'s. Only the
//! ideas of [`super::Ideas::WITH_FORBIDDEN_MOVES`] run under it.

use super::lines::Spans;
use crate::game::{ForbiddenMasks, Rule, Side, Variant};

/// Black's forbidden points and white's wins.
#[derive(Debug)]
pub(crate) struct Renju {
    rule: Rule,
    pub(crate) forbidden: ForbiddenMasks,
    pub(crate) white: Spans,
}

impl Renju {
    /// The tables for a variant; `None` under a rule without forbidden moves or above 64
    /// cells.
    pub(crate) fn new(variant: &Variant) -> Option<Self> {
        let forbidden = ForbiddenMasks::new(variant)?;
        let white = Spans::for_side(variant, Side::O)?;
        Some(Renju {
            rule: variant.rule(),
            forbidden,
            white,
        })
    }

    /// Whether the side of `x` (X when true) has forbidden points.
    pub(crate) fn forbids(&self, x: bool) -> bool {
        self.rule.forbids(if x { Side::X } else { Side::O })
    }
}

/// A threat search's view of renju: the rules, and whether the attacker is black.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Attack<'a> {
    pub(crate) renju: &'a Renju,
    pub(crate) black: bool,
}

/// The cells of `mask`, lowest first.
pub(crate) fn cells_of(mask: u64) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            cell
        })
    })
}
