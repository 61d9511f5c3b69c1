//! Move generation and ordering for the search.
//!
//! Which moves a node looks at:
//! - the opponent threatens an open four (he has an open three, or a cell making a double
//!   four): only the cells that stop it (his four cells) and the mover's own fours, the
//!   counter-attacks ([`Threat`] sets; see [`super::threats`] for why nothing else helps);
//! - the empty board: the cells nearest the centre;
//! - otherwise every empty cell within [`NEAR`](super::position::NEAR) of a stone where either
//!   side can still make a winning row (every such cell when none is live).
//!
//! (The cases "the mover can win now" and "the opponent threatens to win now" never get here:
//! the search answers them first.)
//!
//! Order: the transposition-table move, then by score: the threat tiers of
//! [`eval::move_score`](super::eval::move_score), the killer moves of the ply, and the history
//! of moves that caused cut-offs.

use super::eval::flag;
use super::position::{Position, Threat};

/// Score given to the transposition-table move: first of all.
pub const TT_MOVE: i32 = i32::MAX;
/// Bonus of a killer move (below the threat tiers, above quiet moves).
pub const KILLER: i32 = 1 << 22;

/// The moves of a node with their ordering scores, best first.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    moves: Vec<(i32, usize)>,
}

impl MoveList {
    /// Number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The `i`-th move, with its score.
    #[must_use]
    pub fn get(&self, i: usize) -> (usize, i32) {
        let (s, p) = self.moves[i];
        (p, s)
    }

    /// The moves in order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.moves.iter().map(|&(_, p)| p)
    }

    /// Fills the list for the side to move of `pos` (see the module documentation), scoring
    /// each move with `bonus` on top of its threat score, then sorts best first (ties by cell).
    pub fn generate(&mut self, pos: &Position, bonus: impl Fn(usize) -> i32) {
        self.moves.clear();
        let me = pos.to_move();
        let them = me.other();
        let push = |p: usize, list: &mut Vec<(i32, usize)>| {
            list.push((pos.move_score(p).saturating_add(bonus(p)), p));
        };
        if !pos.threats(them, Threat::OpenFour).is_empty() {
            for p in pos.threats(them, Threat::Four).iter() {
                push(p, &mut self.moves);
            }
            for p in pos.threats(me, Threat::Four).iter() {
                if !pos.threats(them, Threat::Four).contains(p) {
                    push(p, &mut self.moves);
                }
            }
        } else if pos.stones() == 0 {
            let size = pos.variant().size();
            let dist = |p: usize| {
                let (r, c) = size.doubled_offset_from_centre(pos.cell(p));
                r.abs().max(c.abs()) + r.abs() + c.abs()
            };
            let best = pos.board_indices().map(dist).min().unwrap_or(0);
            for p in pos.board_indices().filter(|&p| dist(p) == best) {
                push(p, &mut self.moves);
            }
        } else {
            let live =
                |p: usize| pos.info(me, p).has(flag::LIVE) || pos.info(them, p).has(flag::LIVE);
            for p in pos.candidates().iter().filter(|&p| live(p)) {
                push(p, &mut self.moves);
            }
            if self.moves.is_empty() {
                // Nobody can win near the stones: any empty cell will do.
                let cells: Vec<usize> = pos.candidates().iter().collect();
                let cells = if cells.is_empty() {
                    pos.board_indices().filter(|&p| pos.is_empty(p)).collect()
                } else {
                    cells
                };
                for p in cells {
                    push(p, &mut self.moves);
                }
            }
        }
        self.sort();
    }

    /// Moves `p` to the front with the top score, if it is in the list.
    pub fn promote(&mut self, p: usize) {
        if let Some(entry) = self.moves.iter_mut().find(|(_, q)| *q == p) {
            entry.0 = TT_MOVE;
            self.sort();
        }
    }

    fn sort(&mut self) {
        self.moves
            .sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};
    use crate::notation::{format_cell, parse_game};

    fn moves(size: u8, text: &str) -> Vec<String> {
        let v = Variant::new(Size::square(size), 5.min(u32::from(size)), Rule::Freestyle).unwrap();
        let pos = Position::new(parse_game(text, v).unwrap().board());
        let mut list = MoveList::default();
        list.generate(&pos, |_| 0);
        list.iter()
            .map(|p| format_cell(pos.cell(p), v.size()))
            .collect()
    }

    #[test]
    fn an_open_three_must_be_answered() {
        // X: h8 i8 j8 open; O to move with nothing of his own: g8 k8 (the open-four cells)
        // and f8 l8 (the far ends) are the defences.
        let mut m = moves(15, "h8 a1 i8 a15 j8");
        m.sort();
        assert_eq!(m, vec!["f8", "g8", "k8", "l8"]);
    }

    #[test]
    fn the_first_move_is_central() {
        assert_eq!(moves(15, ""), vec!["h8"]);
        assert_eq!(moves(3, ""), vec!["b2"]);
        assert_eq!(moves(4, "").len(), 4);
    }

    #[test]
    fn candidates_lie_near_the_stones() {
        assert_eq!(moves(15, "h8").len(), 24);
    }
}
