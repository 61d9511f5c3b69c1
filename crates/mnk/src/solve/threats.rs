//! Threat-space search for the attacker: victory by continuous fours (VCF).
//!
//! A "four" is a move after which the attacker would win with its next stone (k-1 stones in a
//! window whose last cell is empty). The defender must answer on that cell, so a sequence of
//! fours is a narrow tree: each attacker move has one reply. The attacker wins when a move
//! makes two such threats at once (the defender can block only one). Any defender reply other
//! than the block loses at once, sooner, so the length found is an upper bound on the
//! distance to the win.

use super::lines::Lines;

/// The VCF searcher (counts its nodes; gives up past a budget).
#[derive(Debug, Default)]
pub(crate) struct Vcf {
    /// Positions visited, for the solver's node count.
    pub(crate) nodes: u64,
    budget: u64,
}

impl Vcf {
    /// Positions one search may visit.
    pub(crate) const BUDGET: u64 = 2_000;

    /// Plies to a win by continuous fours for the side owning `own`, to move, if it has one
    /// within `max_plies`. Precondition: `own` cannot win at once.
    pub(crate) fn search(
        &mut self,
        lines: &Lines,
        own: u64,
        opp: u64,
        max_plies: u32,
    ) -> Option<u32> {
        self.budget = Self::BUDGET;
        self.fours(lines, own, opp, max_plies)
    }

    fn fours(&mut self, lines: &Lines, own: u64, opp: u64, max_plies: u32) -> Option<u32> {
        if max_plies < 3 || self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        self.nodes += 1;
        let empty = lines.full() & !(own | opp);
        let theirs = lines.win_cells(opp, empty);
        if theirs.count_ones() >= 2 {
            return None;
        }
        let mut candidates = four_makers(lines, own, opp, empty);
        if theirs != 0 {
            candidates &= theirs; // the attacker must block, and the block must be a four
        }
        // Double fours first (a win in 3), then single fours in turn.
        let mut singles = [(0u64, 0u64); 64];
        let mut count = 0;
        while candidates != 0 {
            let c = candidates & candidates.wrapping_neg();
            candidates &= candidates - 1;
            let threats = lines.win_cells(own | c, empty & !c);
            match threats.count_ones() {
                0 => {}
                1 => {
                    singles[count] = (c, threats);
                    count += 1;
                }
                _ => return Some(3),
            }
        }
        for &(c, threat) in &singles[..count] {
            // The defender blocks (it has no win of its own: `theirs` is empty or blocked).
            if let Some(p) = self.fours(lines, own | c, opp | threat, max_plies - 2) {
                return Some(p + 2);
            }
            if self.budget == 0 {
                return None;
            }
        }
        None
    }
}

/// The empty cells that complete k-1 stones in a window free of the opponent: candidates for
/// a four (under `exact` the move may still not threaten; the caller checks).
fn four_makers(lines: &Lines, own: u64, opp: u64, empty: u64) -> u64 {
    let k = lines.k() as u32;
    if k < 2 {
        return 0;
    }
    lines
        .windows()
        .iter()
        .filter(|&&w| w & opp == 0 && (w & own).count_ones() == k - 2)
        .fold(0, |m, &w| m | (w & empty))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    #[test]
    fn finds_a_double_four_and_a_longer_chain() {
        let v = Variant::new(Size::square(7), 4, Rule::Freestyle).unwrap();
        let lines = Lines::new(&v).unwrap();
        let cell = |r: u32, c: u32| 1u64 << (r * 7 + c);
        // X on (3,1), (3,2) and (1,3), (2,3): (3,3) makes two open threes... with k = 4 a
        // move at (3,3) gives X three in a row twice, each with free ends: fours both ways.
        let x = cell(3, 1) | cell(3, 2) | cell(1, 3) | cell(2, 3);
        let o = cell(0, 0) | cell(6, 6) | cell(0, 6) | cell(6, 0);
        let mut vcf = Vcf::default();
        assert_eq!(vcf.search(&lines, x, o, 49), Some(3));
        // Nothing for O.
        assert_eq!(vcf.search(&lines, o, x, 49), None);
    }
}
