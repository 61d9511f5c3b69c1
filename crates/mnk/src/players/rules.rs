//! `rules` (seed 002): win now, else block the opponent's immediate win, else take the free cell
//! that comes first in the seed's preference order: centre, corners, edges.
//!
//! On other boards the order generalises as "nearest the centre first" (by the larger of the
//! row and column distance), then cells further along the diagonals first (which puts corners
//! before edges, as the seed does), then row-major. On 3x3 that is exactly the seed's
//! `(4, 0, 2, 6, 8, 1, 3, 5, 7)`. Wins and blocks are looked for in row-major order, as the
//! seed's `legalMoves` lists them.

use crate::game::{Board, Cell, Size};
use crate::search::{Choice, Control, Player, PlayerError};

/// The rule-based player of seed 002.
#[derive(Debug, Clone, Default)]
pub struct Rules;

impl Rules {
    /// The player.
    #[must_use]
    pub fn new() -> Self {
        Rules
    }

    /// Every cell in the seed's preference order (centre, corners, edges, generalised).
    #[must_use]
    pub fn preference_order(size: Size) -> Vec<Cell> {
        let mut cells: Vec<Cell> = size.all_cells().collect();
        cells.sort_by_key(|&c| {
            let (dr, dc) = size.doubled_offset_from_centre(c);
            (dr.abs().max(dc.abs()), -(dr.abs() + dc.abs()), c)
        });
        cells
    }
}

impl Player for Rules {
    fn name(&self) -> &'static str {
        "rules"
    }

    fn choose(&mut self, board: &Board, _control: &Control) -> Result<Choice, PlayerError> {
        if board.is_over() {
            return Err(PlayerError::GameOver);
        }
        let me = board.to_move();
        let mut nodes = 0;
        let mut first_where = |side| {
            board.moves().find(|&c| {
                nodes += 1;
                board.win_through(c, side).is_some()
            })
        };
        let cell = first_where(me)
            .or_else(|| first_where(me.other()))
            .or_else(|| {
                // A legal move: empty, and not forbidden (renju's points for X).
                Self::preference_order(board.size())
                    .into_iter()
                    .find(|&c| board.is_empty(c) && board.forbidden(c).is_none())
            })
            .ok_or(PlayerError::GameOver)?;
        Ok(Choice::new(cell, nodes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Variant;

    #[test]
    fn the_seed_order_on_three_by_three() {
        let order: Vec<u16> = Rules::preference_order(Size::square(3))
            .iter()
            .map(|c| c.0)
            .collect();
        assert_eq!(order, vec![4, 0, 2, 6, 8, 1, 3, 5, 7]);
    }

    #[test]
    fn wins_before_blocking_and_blocks_before_the_centre() {
        let v = Variant::tic_tac_toe();
        let mut rules = Rules::new();
        let pick = |moves: &[u16], r: &mut Rules| {
            let cells: Vec<Cell> = moves.iter().map(|&i| Cell(i)).collect();
            r.choose(
                &Board::from_moves(v, &cells).unwrap(),
                &Control::unlimited(),
            )
            .unwrap()
            .cell
            .0
        };
        assert_eq!(pick(&[], &mut rules), 4);
        assert_eq!(pick(&[4], &mut rules), 0);
        // X: 0, 1; O: 3, 4. X to move wins at 2 rather than blocking at 5.
        assert_eq!(pick(&[0, 3, 1, 4], &mut rules), 2);
        // X: 0, 8; O: 4, 1. O threatens 7; X has no win, so it blocks.
        assert_eq!(pick(&[0, 4, 8, 1], &mut rules), 7);
    }
}
