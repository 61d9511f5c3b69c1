//! What the rules force on the side to move before it chooses, named once for every searcher.
//!
//! Every searcher (the engine's alpha-beta search, its quiescence and threat searches and its
//! root analysis; the solver's search and its continuous fours) asks the same questions at a
//! node before it looks at moves, and [`forced`] answers them in the order the rules settle
//! them:
//!
//! 1. **A five wins at once**, whatever else the move makes: under renju a move that makes
//!    exactly five is never forbidden to black (see [`super::renju`]).
//! 2. **No legal move is a draw**, whatever the opponent threatens: renju's black whose every
//!    empty cell is forbidden cannot move, and mnk has no passes (the RIF rules would let black
//!    pass, and two passes in a row draw). [`super::Board`] ends such a game in a draw.
//! 3. **A five to stop**: two cells where the opponent makes five cannot both be stopped, nor
//!    one the mover may not play (renju: a white five whose only block is forbidden to black
//!    wins like two); one the mover may play is its only move that does not lose.
//!
//! Who may play where is the rule's: [`super::Rule::forbids`] says which side has forbidden
//! points (renju's black; white may play, and block on, every empty cell) and
//! [`super::renju::forbidden`] which points they are. Which run wins for which side is
//! [`super::Rule::wins`] (renju: black exactly five, white five or more).

/// What the rules force on the side to move, read before any move is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forced<C> {
    /// The mover makes five (a win under its rule) with this move.
    Win,
    /// The mover has no legal move: the game is drawn.
    Draw,
    /// The opponent makes five with its next stone whatever the mover plays: it has two cells
    /// to make it on, or one the mover may not play.
    Loss,
    /// The opponent makes five on this cell unless the mover plays there: the mover's only
    /// move that does not lose at once.
    Block(C),
}

/// What the rules force on the side to move (see the module documentation for the order):
/// `wins_now` says whether it can make five with this move, `their_fives` lists the cells
/// where the opponent would make five with its next stone, `may_play` whether the mover may
/// play a cell (not one forbidden to it), `has_legal_move` whether it has a legal move at all.
/// `None`: nothing is forced; the mover chooses among its legal moves, and a mover with none
/// (which `forced` asks about only when it faces a five, the one case where the answer changes
/// it) draws, as [`Forced::Draw`] says.
///
/// The closures are asked only when the answer depends on them, each at most once:
/// `has_legal_move` only when there is a five to stop, `may_play` only on the one cell of a
/// single five.
///
/// # Examples
/// ```
/// use mnk::game::{Forced, forced};
/// // Nothing to stop: nothing forced.
/// assert_eq!(forced::<u8>(false, [], |_| true, || true), None);
/// // One five to stop on a cell the mover may play: the block.
/// assert_eq!(forced(false, [7u8], |_| true, || true), Some(Forced::Block(7)));
/// // The same cell forbidden to the mover (renju's black): lost.
/// assert_eq!(forced(false, [7u8], |_| false, || true), Some(Forced::Loss));
/// // No legal move at all: a draw, even against two fives.
/// assert_eq!(forced(false, [3u8, 7], |_| true, || false), Some(Forced::Draw));
/// ```
#[inline]
pub fn forced<C: Copy>(
    wins_now: bool,
    their_fives: impl IntoIterator<Item = C>,
    may_play: impl FnOnce(C) -> bool,
    has_legal_move: impl FnOnce() -> bool,
) -> Option<Forced<C>> {
    if wins_now {
        return Some(Forced::Win);
    }
    let mut fives = their_fives.into_iter();
    let first = fives.next()?;
    Some(if !has_legal_move() {
        Forced::Draw
    } else if fives.next().is_some() || !may_play(first) {
        Forced::Loss
    } else {
        Forced::Block(first)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_five_comes_first_and_the_other_questions_are_asked_only_when_they_count() {
        let never = |_: u8| -> bool { panic!("not asked") };
        let unasked = || -> bool { panic!("not asked") };
        assert_eq!(forced(true, [1u8, 2], never, unasked), Some(Forced::Win));
        assert_eq!(forced::<u8>(false, [], never, unasked), None);
        // Two fives: the cells are not judged.
        assert_eq!(forced(false, [1u8, 2], never, || true), Some(Forced::Loss));
        assert_eq!(
            forced(false, [1u8], |c| c == 1, || true),
            Some(Forced::Block(1))
        );
        assert_eq!(
            forced(false, [1u8], |c| c != 1, || true),
            Some(Forced::Loss)
        );
        assert_eq!(forced(false, [1u8], never, || false), Some(Forced::Draw));
    }
}
