//! A legal move in microseconds, for when no player can answer: win now, else stop the
//! opponent's immediate win, else play next to the most stones, nearest the centre; never on a
//! point the rule forbids us (renju's black).
//!
//! It works on [`Stones`] directly, so it copes with every position the manager can send
//! (neutral continuous-game stones block lines, stone counts need not alternate); renju's
//! judge reads them as they are ([`BoardView`]).

use super::command::Field;
use super::stones::Stones;
use crate::game::{BoardView, Cell, Direction, JudgeError, Side, Size, Variant, renju};
use crate::players::Rules;

/// The quick move for us on `stones` under `variant`'s rules; `None` when the board is full.
///
/// # Errors
/// [`JudgeError`] when renju's black is to move on stones of another size than `variant`'s
/// (its forbidden points cannot be judged).
pub fn quick_move(stones: &Stones, variant: &Variant) -> Result<Option<Cell>, JudgeError> {
    let (size, rule, k) = (stones.size(), variant.rule(), variant.k());
    // We are to move: with as many stones as the opponent we moved first (X).
    let count = |who: Field| stones.in_order().filter(|&(_, o)| o == who).count();
    let own_side = if count(Field::Own) >= count(Field::Opponent) {
        Side::X
    } else {
        Side::O
    };
    let side_of = |who: Field| {
        if who == Field::Own {
            own_side
        } else {
            own_side.other()
        }
    };
    // Renju's black: the judge reads the stones, ours black.
    let judged = rule.forbids(own_side);
    let view = Black { stones };
    let mut free = Vec::new();
    for c in Rules::preference_order(size) {
        if stones.is_free(c) && !(judged && renju::forbidden(variant, &view, c)?.is_some()) {
            free.push(c);
        }
    }
    let wins = |cell: Cell, who: Field| {
        Direction::ALL.into_iter().any(|dir| {
            let run = |sign: i32| {
                std::iter::successors(size.step(cell, dir, sign), |&c| size.step(c, dir, sign))
                    .take_while(|&c| stones.get(c) == Some(who))
                    .count()
            };
            rule.wins(side_of(who), 1 + run(1) + run(-1), k)
        })
    };
    let neighbours = |cell: Cell| {
        Direction::ALL
            .into_iter()
            .flat_map(|dir| [size.step(cell, dir, 1), size.step(cell, dir, -1)])
            .flatten()
            .filter(|&c| matches!(stones.get(c), Some(Field::Own | Field::Opponent)))
            .count()
    };
    Ok(free
        .iter()
        .copied()
        .find(|&c| wins(c, Field::Own))
        .or_else(|| free.iter().copied().find(|&c| wins(c, Field::Opponent)))
        .or_else(|| {
            // max_by_key keeps the last maximum: reverse so the most central one wins ties.
            free.iter().rev().copied().max_by_key(|&c| neighbours(c))
        }))
}

/// The manager's stones as renju's judge reads them when we are black: ours black, the
/// opponent's and neutral stones not.
struct Black<'a> {
    stones: &'a Stones,
}

impl BoardView for Black<'_> {
    fn size(&self) -> Size {
        self.stones.size()
    }

    fn stone(&self, cell: Cell) -> Option<Side> {
        match self.stones.get(cell)? {
            Field::Own => Some(Side::X),
            _ => Some(Side::O),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size};
    use crate::protocol::command::Point;

    fn p(x: u32, y: u32) -> Point {
        Point { x, y }
    }

    fn stones(size: u8, list: &[(u32, u32, Field)]) -> Stones {
        let mut s = Stones::new(Size::square(size));
        for &(x, y, f) in list {
            s.place(p(x, y), f).unwrap();
        }
        s
    }

    fn quick(s: &Stones, rule: Rule) -> Option<Point> {
        let variant = Variant::new(s.size(), 5, rule).unwrap();
        quick_move(s, &variant).unwrap().map(|c| s.point(c))
    }

    #[test]
    fn empty_board_takes_the_centre() {
        assert_eq!(quick(&stones(15, &[]), Rule::Freestyle), Some(p(7, 7)));
    }

    #[test]
    fn wins_before_blocking_and_blocks_before_anything_else() {
        use Field::{Opponent as T, Own as M};
        let four_each = [
            (3, 3, T),
            (4, 3, T),
            (5, 3, T),
            (6, 3, T),
            (3, 9, M),
            (4, 9, M),
            (5, 9, M),
            (6, 9, M),
        ];
        let s = stones(15, &four_each);
        let win = quick(&s, Rule::Freestyle).unwrap();
        assert!(win == p(2, 9) || win == p(7, 9), "{win}");
        let s = stones(15, &four_each[..7]);
        let block = quick(&s, Rule::Freestyle).unwrap();
        assert!(block == p(2, 3) || block == p(7, 3), "{block}");
    }

    #[test]
    fn neutral_stones_break_lines() {
        use Field::{Neutral as N, Opponent as T};
        // Four opponent stones with a neutral stone at one end: only the other end blocks.
        let s = stones(15, &[(2, 3, N), (3, 3, T), (4, 3, T), (5, 3, T), (6, 3, T)]);
        assert_eq!(quick(&s, Rule::Freestyle), Some(p(7, 3)));
    }

    #[test]
    fn exact_rule_ignores_overlines() {
        use Field::{Opponent as T, Own as M};
        // Ours: x x x x _ x (filling the gap makes six); theirs: an open four to block.
        let s = stones(
            15,
            &[
                (0, 0, M),
                (1, 0, M),
                (2, 0, M),
                (3, 0, M),
                (5, 0, M),
                (3, 8, T),
                (4, 8, T),
                (5, 8, T),
                (6, 8, T),
            ],
        );
        assert_eq!(quick(&s, Rule::Freestyle), Some(p(4, 0)));
        let block = quick(&s, Rule::Exact).unwrap();
        assert!(block == p(2, 8) || block == p(7, 8), "{block}");
    }

    #[test]
    fn renju_black_never_takes_a_forbidden_point() {
        use Field::{Opponent as T, Own as M};
        // Ours (black: as many stones as theirs): x x x _ x x on the top row, the gap an
        // overline: freestyle's win, renju's forbidden point.
        let s = stones(
            15,
            &[
                (0, 0, M),
                (1, 0, M),
                (2, 0, M),
                (4, 0, M),
                (5, 0, M),
                (0, 14, T),
                (2, 14, T),
                (4, 14, T),
                (6, 14, T),
                (8, 14, T),
            ],
        );
        assert_eq!(quick(&s, Rule::Freestyle), Some(p(3, 0)));
        let q = quick(&s, Rule::Renju).unwrap();
        assert_ne!(q, p(3, 0));
        assert!(s.is_free(s.cell(q).unwrap()));
    }

    #[test]
    fn plays_next_to_the_stones_and_none_on_a_full_board() {
        use Field::{Opponent as T, Own as M};
        let s = stones(15, &[(0, 0, T)]);
        let q = quick(&s, Rule::Freestyle).unwrap();
        assert!(q.x <= 1 && q.y <= 1, "{q}");
        let full: Vec<_> = (0..3)
            .flat_map(|y| (0..3).map(move |x| (x, y, if (x + y) % 2 == 0 { M } else { T })))
            .collect();
        let tic_tac_toe = Variant::tic_tac_toe();
        assert_eq!(quick_move(&stones(3, &full), &tic_tac_toe), Ok(None));
    }
}
