//! Wins read off the threats on the board, without a search: what the side to move's cells
//! of each class ([`Combo`]) prove when the opponent has no answer in time.
//!
//! With `me` to move (the caller has already handled a five of either side and an open four
//! of `me`):
//! - a **four-three** cell wins in five plies when the block of its four gives the opponent no
//!   four of his own (a four against the open three would win back the tempo): the four
//!   forces the block, the open three then becomes an open four;
//! - a **double three** cell wins in five plies when the opponent has no four to make at all
//!   (he can stop only one of the threes; his own open three comes too late).
//!
//! Neither is read for renju's X: its later moves may be forbidden when they come.

use super::eval::Combo;
use super::position::{Position, Threat};
use super::score::win_in;
use super::tunables::FOUR_THREE_TRIES;

/// A win of the side to move that the threats on the board prove, as a score `ply` plies from
/// the root; `None` when they prove none.
///
/// Precondition: neither side has a five to make, and the side to move has no open four.
#[must_use]
pub fn static_win(pos: &mut Position, ply: usize) -> Option<i32> {
    let me = pos.to_move();
    let them = me.other();
    if pos.forbids(me) {
        // Renju's X: the open four a three becomes may be forbidden by then; the search
        // decides.
        return None;
    }
    let their_fours = pos.count_at_least(them, Combo::Block4);
    if pos.count(me, Combo::Block4Flex3) > 0 {
        if their_fours == 0 {
            return Some(win_in(ply + 5));
        }
        let cells: Vec<usize> = pos
            .threats(me, Threat::FourThree)
            .iter()
            .filter(|&p| pos.info(me, p).combo == Combo::Block4Flex3)
            .take(FOUR_THREE_TRIES)
            .collect();
        for p in cells {
            pos.play(p);
            // The four's winning cell: where the opponent must block.
            let block = pos.threats(me, Threat::Five).first();
            let countered = block.is_none_or(|b| pos.info(them, b).combo.is_four());
            pos.unmake();
            if !countered {
                return Some(win_in(ply + 5));
            }
        }
    }
    if their_fours == 0 && pos.count(me, Combo::Flex3x2) > 0 {
        return Some(win_in(ply + 5));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};
    use crate::notation::parse_cell;

    /// The position with these stones, X first in each pair, `to_move` to play.
    fn position(x: &str, o: &str) -> Position {
        let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let mut setup = crate::game::Setup::new(v.size());
        for (stones, side) in [(x, crate::game::Side::X), (o, crate::game::Side::O)] {
            for c in stones.split_whitespace() {
                setup.place(parse_cell(c, v.size()).unwrap(), side).unwrap();
            }
        }
        Position::new(&setup.board(v).unwrap())
    }

    #[test]
    fn a_four_three_wins_when_the_block_makes_no_four() {
        // X to move: i8 makes the four h8-k8? No: X has h8 i8 j8 (a three on row 8) and k9 k10
        // (a two on column k): k8 makes a four on row 8 (g8 is O) and an open three on k.
        let mut pos = position("h8 i8 j8 k9 k10", "g8 a1 o1 a15 o15");
        assert_eq!(static_win(&mut pos, 0), Some(win_in(5)));
        // O's three on row 3 (c3 d3 e3): the block of X's four, l8, does not touch it, and O
        // has fours to make (b3, f3) but the block cell itself makes none: still a win.
        let mut pos = position("h8 i8 j8 k9 k10 a15", "g8 c3 d3 e3 o1 o15");
        assert_eq!(static_win(&mut pos, 2), Some(win_in(7)));
    }

    #[test]
    fn a_block_that_makes_a_four_saves_the_defender() {
        // As above, but O has l9 l10 l11 on column l: blocking X's four at l8 makes O's four.
        let mut pos = position("h8 i8 j8 k9 k10 a15", "g8 l9 l10 l11 a1 o1");
        assert_eq!(static_win(&mut pos, 0), None);
    }

    #[test]
    fn a_double_three_wins_only_against_no_four() {
        // X: h8 i8 on row 8 and j10 j11 on column j: j8 makes two open threes.
        let mut pos = position("h8 i8 j10 j11", "a1 o1 a15 o15");
        assert_eq!(static_win(&mut pos, 0), Some(win_in(5)));
        // O has a three (c3 d3 e3) and so fours to make: the double three proves nothing.
        let mut pos = position("h8 i8 j10 j11 a15", "c3 d3 e3 a1 o1");
        assert_eq!(static_win(&mut pos, 0), None);
    }
}
