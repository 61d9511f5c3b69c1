//! Move generation and ordering for the search.
//!
//! Which moves a node looks at:
//! - the opponent threatens an open four (he has an open three, or a cell making a double
//!   four): only the cells that stop it ([`open_four_defences`]: among his four cells, those
//!   where the mover's stone leaves him no open four to make) and the mover's own fours, the
//!   counter-attacks. None of them at all against a double threat: the node is lost;
//! - the empty board: the cells nearest the centre;
//! - otherwise every empty cell within [`NEAR`](super::position::NEAR) of a stone where either
//!   side can still make a winning row (every such cell when none is live).
//!
//! Under renju X's forbidden points are never among X's moves (X's threat sets already leave
//! them out: [`Position`] gives them a dead cell's info).
//!
//! (The cases "the mover can win now" and "the opponent threatens to win now" never get here:
//! the search answers them first.)
//!
//! Order: the transposition-table move, then by score: the threat tiers and the weights'
//! ordering tables ([`Position::move_score`](super::Position::move_score)), plus the search's
//! bonus (in [`super::search`]: the killer moves of the ply and the history of moves that
//! caused cut-offs, on the ordering tables' scale).

use super::eval::{Combo, flag};
use super::position::{Position, Threat};

/// Score given to the transposition-table move: first of all.
pub const TT_MOVE: i32 = i32::MAX;
/// Ordering scores below this are *quiet* moves: neither the table's move nor in a threat
/// tier (the tiers start far above; the ordering tables, the killers' bonus and the history
/// stay far below).
pub const QUIET_BELOW: i32 = 1 << 22;

/// The moves of a node with their ordering scores, handed out best first (ties by cell).
///
/// The list is ordered lazily: [`MoveList::get`] picks the best of the moves not handed out
/// yet, so a node cut off by its first move or two never pays for sorting the rest; the order
/// is the one a full sort would give.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    moves: Vec<(i32, usize)>,
    /// The moves before this index are the best, in order.
    ordered: usize,
}

/// The order moves are handed out in: the higher score first, then the lower cell.
fn order(a: &(i32, usize), b: &(i32, usize)) -> std::cmp::Ordering {
    b.0.cmp(&a.0).then(a.1.cmp(&b.1))
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

    /// The `i`-th move in order, with its score (cheapest when asked for in order).
    ///
    /// # Panics
    /// When `i` is not below [`MoveList::len`].
    pub fn get(&mut self, i: usize) -> (usize, i32) {
        while self.ordered <= i {
            let start = self.ordered;
            let mut best = start;
            for j in start + 1..self.moves.len() {
                if order(&self.moves[j], &self.moves[best]).is_lt() {
                    best = j;
                }
            }
            self.moves.swap(start, best);
            self.ordered += 1;
        }
        let (s, p) = self.moves[i];
        (p, s)
    }

    /// The moves in order.
    pub fn iter(&mut self) -> impl Iterator<Item = usize> + '_ {
        self.sort();
        self.moves.iter().map(|&(_, p)| p)
    }

    /// Fills the list for the side to move of `pos` (see the module documentation), scoring
    /// each move with `bonus` on top of its threat score, to be handed out best first.
    /// `pos` is the same afterwards (defences are tried on it).
    pub fn generate(&mut self, pos: &mut Position, bonus: impl Fn(usize) -> i32) {
        self.moves.clear();
        let me = pos.to_move();
        let them = me.other();
        if !pos.threats(them, Threat::OpenFour).is_empty() {
            let defences = open_four_defences(pos);
            let pos = &*pos;
            let push = |p: usize, list: &mut Vec<(i32, usize)>| {
                list.push((pos.move_score(p).saturating_add(bonus(p)), p));
            };
            for &p in &defences {
                push(p, &mut self.moves);
            }
            for p in pos.threats(me, Threat::Four).iter() {
                if !defences.contains(&p) {
                    push(p, &mut self.moves);
                }
            }
            self.ordered = 0;
            return;
        }
        self.generate_all(pos, bonus);
    }

    /// Fills the list with every move worth a look whatever the threats: the cells near the
    /// stones where either side can still make a row (the centre on the empty board), scored
    /// and ordered as [`MoveList::generate`] does. The moves of a lost position, to pick the
    /// one that loses slowest.
    pub fn generate_all(&mut self, pos: &Position, bonus: impl Fn(usize) -> i32) {
        self.moves.clear();
        let me = pos.to_move();
        let them = me.other();
        // Renju: X's forbidden points are no moves of X's.
        let push = |p: usize, list: &mut Vec<(i32, usize)>| {
            if pos.is_legal(p) {
                list.push((pos.move_score(p).saturating_add(bonus(p)), p));
            }
        };
        if pos.stones() == 0 {
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
                // Nobody can win near the stones: any empty cell will do, the nearest first.
                for p in pos.candidates().iter() {
                    push(p, &mut self.moves);
                }
            }
            if self.moves.is_empty() {
                // Renju's X with only forbidden points near the stones: the cells further out.
                for p in pos.board_indices().filter(|&p| pos.is_empty(p)) {
                    push(p, &mut self.moves);
                }
            }
        }
        self.ordered = 0;
    }

    /// Gives `p` the top score, if it is in the list: it comes first.
    pub fn promote(&mut self, p: usize) {
        if let Some(entry) = self.moves.iter_mut().find(|(_, q)| *q == p) {
            entry.0 = TT_MOVE;
            self.ordered = 0;
        }
    }

    /// Orders the moves not handed out yet.
    fn sort(&mut self) {
        self.moves[self.ordered..].sort_unstable_by(order);
        self.ordered = self.moves.len();
    }
}

/// The cells where a stone of the side to move stops the opponent's threat of an open four
/// (his open three, or a cell that makes two fours): among his four cells (every cell an open
/// four or a double four needs is one), those after which he has no open four to make. Empty
/// when no single stone stops every such threat (two open threes, say), or none the mover may
/// play (renju's forbidden points). `pos` is the same afterwards.
pub fn open_four_defences(pos: &mut Position) -> Vec<usize> {
    let them = pos.to_move().other();
    // Renju: his fours' cells include his forbidden points, where the mover may well block.
    let candidates: Vec<usize> = pos
        .four_cells(them)
        .into_iter()
        .filter(|&p| pos.is_legal(p))
        .collect();
    candidates
        .into_iter()
        .filter(|&p| {
            pos.play(p);
            let stopped = pos.count_at_least(them, Combo::Flex4) == 0;
            pos.unmake();
            stopped
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};
    use crate::notation::{format_cell, parse_game};

    fn moves(size: u8, text: &str) -> Vec<String> {
        let v = Variant::new(Size::square(size), 5.min(u32::from(size)), Rule::Freestyle).unwrap();
        let mut pos = Position::new(parse_game(text, v).unwrap().board());
        let mut list = MoveList::default();
        list.generate(&mut pos, |_| 0);
        list.iter()
            .map(|p| format_cell(pos.cell(p), v.size()))
            .collect()
    }

    #[test]
    fn an_open_three_must_be_answered() {
        // X: h8 i8 j8 open; O to move with nothing of his own: only g8 and k8 stop the open
        // four (after f8, k8 still makes one: g8 and l8 both win).
        let mut m = moves(15, "h8 a1 i8 a15 j8");
        m.sort();
        assert_eq!(m, vec!["g8", "k8"]);
        // A split three h8 i8 k8: the gap and both ends.
        let mut m = moves(15, "h8 a1 i8 a15 k8");
        m.sort();
        assert_eq!(m, vec!["g8", "j8", "l8"]);
        // Two open threes (h8 i8 j8 and c10 c11 c12): no single stone stops both, and O has
        // no four: nothing to play.
        assert!(moves(15, "h8 a1 i8 a15 j8 o1 c10 o15 c11 a3 c12").is_empty());
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

    #[test]
    fn moves_come_best_first_one_at_a_time_as_a_full_sort_orders_them() {
        let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let board = parse_game("h8 i9 j8 j7 g9 h7 g7 g8", v).unwrap();
        let mut pos = Position::new(board.board());
        // Scores with many ties (the bonus folds cells into eight classes).
        let bonus = |p: usize| (p % 8) as i32 * 1000;
        let mut sorted = MoveList::default();
        sorted.generate(&mut pos, bonus);
        let order: Vec<usize> = sorted.iter().collect();
        assert!(order.len() > 20);
        let mut lazy = MoveList::default();
        lazy.generate(&mut pos, bonus);
        let one_by_one: Vec<(usize, i32)> = (0..lazy.len()).map(|i| lazy.get(i)).collect();
        assert_eq!(one_by_one.iter().map(|m| m.0).collect::<Vec<_>>(), order);
        assert!(
            one_by_one
                .windows(2)
                .all(|w| w[0].1 > w[1].1 || (w[0].1 == w[1].1 && w[0].0 < w[1].0))
        );
        // A promoted move comes first even after others were handed out; the rest keep
        // their order.
        let last = order[order.len() - 1];
        lazy.promote(last);
        assert_eq!(lazy.get(0), (last, TT_MOVE));
        let rest: Vec<usize> = (1..lazy.len()).map(|i| lazy.get(i).0).collect();
        assert_eq!(rest, order[..order.len() - 1]);
    }
}
