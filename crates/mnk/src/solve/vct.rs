//! Threat-space search for the attacker beyond fours: victory by continuous threats (VCT).
//!
//! A line of play where every attacker move is a threat: a four (the defender must block its
//! one cell, see `threats`) or a "three", a move after which the attacker, moving again as if
//! the defender had passed, would win by continuous fours. Against a three the defender has
//! many answers, but only those inside the relevance zones of the attacker's continuous-four
//! lines (`threats::Vcf::zone`, where up to [`VCT_ZONE_LINES`] lines meet) can matter: a stone
//! anywhere else leaves one of those lines winning. So the search answers every such
//! defender move and proves a win only where all of them lose; defender moves that make a
//! four of their own lie in the zones, and the attacker's next move must then block them.
//!
//! The number of plies found is an upper bound on the distance to the win: a defender move
//! outside the zones loses to a line at most as long as the longest one found, and a reply
//! to a four other than the block loses at once.

use super::lines::Spans;
use super::threats::{Vcf, four_makers};
use super::tunables::{VCT_THREES, VCT_VCF_BUDGET, VCT_ZONE_LINES};

/// The VCT searcher (counts its nodes; gives up past a budget).
#[derive(Debug, Default)]
pub(crate) struct Vct {
    /// Positions visited, continuous-four searches included, for the solver's node count.
    pub(crate) nodes: u64,
    budget: u64,
    vcf: Vcf,
    /// Per depth: the cells each four maker threatens (see `threats::four_makers`).
    made: Vec<[u64; 64]>,
}

impl Vct {
    /// Plies to a win by continuous threats (at least one of them a three) for the side
    /// owning `own`, to move, if it has one within `max_plies`, looking at most at `budget`
    /// positions. Precondition: `own` cannot win at once. Wins by continuous fours alone are
    /// not looked for from this position (the caller did, or did not want them), only after
    /// a first threat.
    pub(crate) fn search(
        &mut self,
        lines: &Spans,
        own: u64,
        opp: u64,
        max_plies: u32,
        budget: u64,
    ) -> Option<u32> {
        self.budget = budget;
        if lines.k() < 3 {
            return None;
        }
        self.threats(lines, own, opp, max_plies, 0, VCT_THREES)
    }

    /// Takes `used` positions off the budget and adds them to the count.
    fn spend(&mut self, used: u64) {
        self.nodes += used;
        self.budget = self.budget.saturating_sub(used);
    }

    /// [`Vcf::search`] within this search's budget.
    fn fours(&mut self, lines: &Spans, own: u64, opp: u64, max_plies: u32) -> Option<u32> {
        let before = self.vcf.nodes;
        let budget = self.budget.min(VCT_VCF_BUDGET);
        let found = self.vcf.search(lines, own, opp, max_plies, budget);
        self.spend(self.vcf.nodes - before);
        found
    }

    /// The attacker (`own`) to move, with no win at once; `threes` more threes allowed.
    fn threats(
        &mut self,
        lines: &Spans,
        own: u64,
        opp: u64,
        max_plies: u32,
        depth: usize,
        threes: u32,
    ) -> Option<u32> {
        if max_plies < 5 || self.budget == 0 {
            return None; // a three, its answer and the shortest win by fours take five plies
        }
        self.spend(1);
        if depth > 0
            && let Some(plies) = self.fours(lines, own, opp, max_plies)
        {
            return Some(plies);
        }
        if threes == 0 {
            return None;
        }
        if self.made.len() <= depth {
            self.made.push([0; 64]);
        }
        let (theirs, fours) = four_makers(lines, own, opp, &mut self.made[depth]);
        if theirs.count_ones() >= 2 {
            return None;
        }
        let empty = lines.full() & !(own | opp);
        let (mut makers, weights) = three_makers(lines, own, opp, empty & !fours);
        let mut fours = fours;
        if theirs != 0 {
            // The defender threatens to win: the attacker must block, with a threat.
            makers &= theirs;
            fours &= theirs;
        }
        // Fours first: each forces its block, then the threats go on.
        while fours != 0 {
            let c = fours.trailing_zeros() as usize;
            fours &= fours - 1;
            let block = self.made[depth][c];
            if block.count_ones() != 1 {
                continue; // a double four is a win by fours, which was looked for
            }
            let (own2, opp2) = (own | 1 << c, opp | block);
            if let Some(p) = self.threats(lines, own2, opp2, max_plies - 2, depth + 1, threes) {
                return Some(p + 2);
            }
            if self.budget == 0 {
                return None;
            }
        }
        // Threes, those on the most windows first.
        let mut order = [0u8; 64];
        let mut count = 0;
        while makers != 0 {
            order[count] = makers.trailing_zeros() as u8;
            makers &= makers - 1;
            count += 1;
        }
        order[..count].sort_by_key(|&c| std::cmp::Reverse(weights[usize::from(c)]));
        for &c in &order[..count] {
            if let Some(p) = self.three(lines, own, opp, c, max_plies, depth, threes) {
                return Some(p);
            }
            if self.budget == 0 {
                return None;
            }
        }
        None
    }

    /// The attacker (`own`, to move) plays the three `c`: plies to the win if every answer
    /// the defender has loses.
    #[allow(clippy::too_many_arguments)]
    fn three(
        &mut self,
        lines: &Spans,
        own: u64,
        opp: u64,
        c: u8,
        max_plies: u32,
        depth: usize,
        threes: u32,
    ) -> Option<u32> {
        let own2 = own | 1 << c;
        let empty = lines.full() & !(own2 | opp);
        let before = self.vcf.nodes;
        let budget = self.budget.min(VCT_VCF_BUDGET);
        let zone = self.vcf.defence_zone(
            lines,
            own2,
            opp,
            max_plies - 2,
            budget,
            VCT_ZONE_LINES,
            empty,
        );
        self.spend(self.vcf.nodes - before);
        // Not a threat: nothing to win with if the defender passed.
        let (zone, pass) = zone?;
        // A defender stone outside the zone loses to one of the lines found.
        let mut plies = pass + 2;
        let mut answers = zone & empty;
        while answers != 0 {
            let d = answers.trailing_zeros();
            answers &= answers - 1;
            let opp2 = opp | 1u64 << d;
            if lines.win_cells(opp2, empty & !(1u64 << d)).count_ones() >= 2 {
                return None; // a double four for the defender
            }
            let p = self.threats(lines, own2, opp2, max_plies - 2, depth + 1, threes - 1)?;
            plies = plies.max(p + 2);
        }
        Some(plies)
    }
}

/// The cells of `candidates` on a window free of `opp` that holds k-3 stones of `own` (a
/// stone there leaves k-2 in it: a four can follow), with the number of such windows each
/// lies on.
fn three_makers(lines: &Spans, own: u64, opp: u64, candidates: u64) -> (u64, [u8; 64]) {
    let need = (lines.k() as u32).saturating_sub(3);
    let mut weights = [0u8; 64];
    let mut makers = 0u64;
    for &w in lines.windows() {
        if w & opp == 0 && (w & own).count_ones() == need {
            let mut cells = w & candidates;
            makers |= cells;
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                weights[c] = weights[c].saturating_add(1);
            }
        }
    }
    (makers, weights)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    fn lines(size: u8, k: u32) -> Spans {
        Spans::new(&Variant::new(Size::square(size), k, Rule::Freestyle).unwrap()).unwrap()
    }

    /// Bits of the cells named like "c3" on a board `size` wide (row 1 at the top).
    fn cells(size: u32, names: &str) -> u64 {
        names.split_whitespace().fold(0, |m, n| {
            let col = u32::from(n.as_bytes()[0] - b'a');
            let row: u32 = n[1..].parse::<u32>().unwrap() - 1;
            m | 1u64 << (row * size + col)
        })
    }

    #[test]
    fn a_double_three_is_a_win_by_threats_and_not_by_fours() {
        // 8x8, k = 5: X on d3 e3 and c5 c6 (with the empty board around): c3 makes two open
        // threes, c3-d3-e3 and c3-c5-c6 (with c4 between), a win by threats in 7 plies or so.
        let l = lines(8, 5);
        let x = cells(8, "d3 e3 c5 c6");
        let o = cells(8, "h8 a8");
        let mut vcf = Vcf::default();
        assert_eq!(vcf.search(&l, x, o, 60, 100_000), None);
        let mut vct = Vct::default();
        let plies = vct.search(&l, x, o, 60, 100_000).expect("a win by threats");
        assert!((5..=11).contains(&plies), "{plies} plies");
        assert!(vct.nodes > 1);
    }

    #[test]
    fn a_lone_open_three_is_not_enough() {
        // X's open two on an empty 8x8 board makes an open three, but the defender blocks it.
        let l = lines(8, 5);
        let x = cells(8, "d4 e4");
        let o = cells(8, "a8");
        let mut vct = Vct::default();
        assert_eq!(vct.search(&l, x, o, 60, 100_000), None);
    }
}
