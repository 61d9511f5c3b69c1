//! Move ordering: the table's move first, then moves by the threats they make and block.
//!
//! Every window still open for a side (no stone of the other side in it) adds to each of its
//! empty cells a weight that grows fourfold with each stone the window already holds, for the
//! side to move ([`ORDER_ATTACK`]) and a little less for the opponent ([`ORDER_DEFEND`]). Ties
//! keep the static order: cells on more windows first, then nearer the centre.

use super::lines::Spans;
use super::tunables::{ORDER_ATTACK, ORDER_DEFEND};
use crate::game::{Cell, Size};

/// Cells by static preference: most windows through them, then nearest the centre.
pub(crate) fn static_order(size: Size, lines: &Spans) -> Vec<u8> {
    let mut through = vec![0usize; size.cells()];
    for &w in lines.windows() {
        let mut bits = w;
        while bits != 0 {
            through[bits.trailing_zeros() as usize] += 1;
            bits &= bits - 1;
        }
    }
    let mut order: Vec<u8> = (0..size.cells() as u8).collect();
    order.sort_by_key(|&c| {
        let (dr, dc) = size.doubled_offset_from_centre(Cell(u16::from(c)));
        (
            std::cmp::Reverse(through[usize::from(c)]),
            dr * dr + dc * dc,
            c,
        )
    });
    order
}

/// Threat scores of the empty cells (indexed by cell) for the side owning `own`, to move.
pub(crate) fn threat_scores(lines: &Spans, own: u64, opp: u64, scores: &mut [u32; 64]) {
    let empty = lines.full() & !(own | opp);
    for &w in lines.windows() {
        let a = (w & own).count_ones() as usize;
        let b = (w & opp).count_ones() as usize;
        let add = if b == 0 {
            ORDER_ATTACK[a.min(7)]
        } else if a == 0 {
            ORDER_DEFEND[b.min(7)]
        } else {
            continue;
        };
        let mut bits = w & empty;
        while bits != 0 {
            scores[bits.trailing_zeros() as usize] += add;
            bits &= bits - 1;
        }
    }
}

/// Sorts `moves` by descending score, keeping the given order among equals: one key a move
/// (its score, then its place, then the move), sorted as integers (on 8x8 k=5 this took half
/// the time of an insertion sort that read the scores at every step).
pub(crate) fn sort_by_scores(moves: &mut [u8], scores: &[u32; 64]) {
    let mut keys = [0u64; 64];
    let keys = &mut keys[..moves.len()];
    for (i, (key, &m)) in keys.iter_mut().zip(moves.iter()).enumerate() {
        *key = u64::from(scores[usize::from(m)]) << 16 | (255 - i as u64) << 8 | u64::from(m);
    }
    keys.sort_unstable_by(|a, b| b.cmp(a));
    for (m, &key) in moves.iter_mut().zip(keys.iter()) {
        *m = key as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Variant};

    #[test]
    fn the_centre_first_and_threats_before_quiet_moves() {
        let v = Variant::new(Size::square(5), 4, Rule::Freestyle).unwrap();
        let lines = Spans::new(&v).unwrap();
        let order = static_order(v.size(), &lines);
        assert_eq!(order[0], 12);
        // X on 0, 1, 2 (top row), O on 6: X to move; cell 3 completes... a four threat.
        let (x, o) = (0b111, 1 << 6);
        let mut scores = [0; 64];
        threat_scores(&lines, x, o, &mut scores);
        let mut moves: Vec<u8> = order
            .iter()
            .copied()
            .filter(|&c| (x | o) & 1 << c == 0)
            .collect();
        sort_by_scores(&mut moves, &scores);
        assert_eq!(moves[0], 3);
    }
}
