//! Threat-space search for the attacker: victory by continuous fours (VCF).
//!
//! A "four" is a move after which the attacker would win with its next stone (k-1 stones in a
//! window whose last cell is empty). The defender must answer on that cell, so a sequence of
//! fours is a narrow tree: each attacker move has one reply. The attacker wins when a move
//! makes two such threats at once (the defender can block only one). Any defender reply other
//! than the block loses at once, sooner, so the length found is an upper bound on the
//! distance to the win.
//!
//! Under renju ([`Vcf::search_under`]) black's fours are made on legal points only (so a
//! double four, forbidden, is no win for black) and complete exactly five; white's wins count
//! five or more; and a white four whose block is forbidden to black wins like a double four
//! (when black has a legal move at all: with none the game is drawn).

use super::lines::Spans;
use super::renju::{Attack, cells_of};
use crate::game::{Forced, forced};
use std::cell::OnceCell;

/// The VCF searcher (counts its nodes; gives up past a budget).
#[derive(Debug, Default)]
pub(crate) struct Vcf {
    /// Positions visited, for the solver's node count.
    pub(crate) nodes: u64,
    budget: u64,
    /// After a search that found a win: the attacker's moves of the line found.
    attack: u64,
    /// After a search that found a win: the defender's forced replies, with both cells of the
    /// final double threat.
    defence: u64,
    /// Per depth: the cells each four maker threatens (see [`threats`]).
    made: Vec<[u64; 64]>,
    /// The first moves a search may try (see [`Vcf::search_from`]).
    first: u64,
    /// After a search that found a win: the line's first move.
    first_move: u8,
}

impl Vcf {
    /// Plies to a win by continuous fours for the side owning `own`, to move, if it has one
    /// within `max_plies` (looking at most at `budget` positions). Precondition: `own` cannot
    /// win at once.
    pub(crate) fn search(
        &mut self,
        lines: &Spans,
        own: u64,
        opp: u64,
        max_plies: u32,
        budget: u64,
    ) -> Option<u32> {
        self.search_under(lines, None, own, opp, max_plies, budget)
    }

    /// The first move of the line the last successful search found.
    pub(crate) fn first_move(&self) -> u8 {
        self.first_move
    }

    /// [`Vcf::search`] under the rules of `renju` (`None`: the variant's own, which forbids
    /// nothing).
    pub(crate) fn search_under(
        &mut self,
        lines: &Spans,
        renju: Option<Attack>,
        own: u64,
        opp: u64,
        max_plies: u32,
        budget: u64,
    ) -> Option<u32> {
        self.search_from(lines, renju, (own, opp), max_plies, budget, u64::MAX)
    }

    /// [`Vcf::search_under`] for a line whose first move is one of the cells of `first`.
    fn search_from(
        &mut self,
        lines: &Spans,
        renju: Option<Attack>,
        (own, opp): (u64, u64),
        max_plies: u32,
        budget: u64,
        first: u64,
    ) -> Option<u32> {
        self.budget = budget;
        self.first = first;
        self.fours(lines, renju, own, opp, max_plies, 0)
    }

    /// The relevance zone of the line the last successful [`Vcf::search`] found for `own`
    /// against `opp` (the same position): the empty cells where a defender stone could spoil
    /// it. Outside the zone, a defender stone leaves the line winning: it lies on none of the
    /// line's cells, and with the defender's replies it never makes k-1 defender stones in a
    /// window free of attacker stones, so the defender never gets a threat of its own to
    /// answer the attacker's fours with. (A window holding an attacker stone at the start
    /// holds one throughout; windows are counted without the attacker's later moves, which
    /// only makes the zone larger.)
    pub(crate) fn zone(&self, lines: &Spans, own: u64, opp: u64) -> u64 {
        let empty = lines.full() & !(own | opp);
        let defender = opp | self.defence;
        let need = (lines.k() as u32).saturating_sub(2);
        let spoilers = lines
            .windows()
            .iter()
            .filter(|&&w| w & own == 0 && (w & defender).count_ones() >= need)
            .fold(0, |m, &w| m | w);
        (self.attack | self.defence | spoilers) & empty
    }

    /// Where the defender (to move) must play against `attacker`'s continuous fours: if the
    /// attacker, moving after a defender pass, wins by continuous fours, the cells where the
    /// relevance zones (see [`Vcf::zone`]) of up to `wanted` such lines, each with its own
    /// first move, meet, with the most plies any of those lines takes. The searches share
    /// `budget`; the search for more lines stops once the zone holds none of `moves`. `None`:
    /// no such line found.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn defence_zone(
        &mut self,
        lines: &Spans,
        attacker: u64,
        defender: u64,
        max_plies: u32,
        budget: u64,
        wanted: usize,
        moves: u64,
    ) -> Option<(u64, u32)> {
        let mut plies = self.search(lines, attacker, defender, max_plies, budget)?;
        let mut zone = self.zone(lines, attacker, defender);
        let mut tried = 1u64 << self.first_move;
        for _ in 1..wanted {
            let left = self.budget;
            if zone & moves == 0 || left == 0 {
                break;
            }
            let Some(p) =
                self.search_from(lines, None, (attacker, defender), max_plies, left, !tried)
            else {
                break;
            };
            plies = plies.max(p);
            tried |= 1u64 << self.first_move;
            zone &= self.zone(lines, attacker, defender);
        }
        Some((zone, plies))
    }

    fn fours(
        &mut self,
        lines: &Spans,
        renju: Option<Attack>,
        own: u64,
        opp: u64,
        max_plies: u32,
        depth: usize,
    ) -> Option<u32> {
        if max_plies < 3 || self.budget == 0 || lines.k() < 2 {
            return None;
        }
        self.budget -= 1;
        self.nodes += 1;
        if self.made.len() <= depth {
            self.made.push([0; 64]);
        }
        let made = &mut self.made[depth];
        let (theirs, mut candidates) = match renju {
            None => four_makers(lines, own, opp, made),
            Some(attack) => renju_four_makers(lines, attack, own, opp, made),
        };
        if theirs.count_ones() >= 2 {
            return None;
        }
        if theirs != 0 {
            candidates &= theirs; // the attacker must block, and the block must be a four
        }
        if depth == 0 {
            candidates &= self.first;
        }
        // Fours that win at once first (a double four; under renju also a white four whose
        // block is forbidden to black: what the rules force on the defender after the four,
        // `forced`), then single fours in turn.
        let defender = renju.filter(|a| a.renju.forbids(!a.black));
        let mut singles = 0u64;
        let mut left = candidates;
        while left != 0 {
            let cell = left.trailing_zeros() as usize;
            left &= left - 1;
            let threats = made[cell];
            if threats == 0 {
                continue;
            }
            // The defender's forbidden points after the four, when it has some.
            let after = OnceCell::new();
            let forbidden = || {
                defender.map_or(0, |attack| {
                    *after.get_or_init(|| attack.renju.forbidden.cells(opp, own | 1 << cell))
                })
            };
            let empty = lines.full() & !(own | 1 << cell | opp);
            match forced(
                false,
                cells_of(threats),
                |c| forbidden() & 1 << c == 0,
                || forbidden() != empty,
            ) {
                Some(Forced::Block(_)) => singles |= 1 << cell,
                Some(Forced::Loss) => {
                    self.attack = 1 << cell;
                    self.defence = threats;
                    if depth == 0 {
                        self.first_move = cell as u8;
                    }
                    return Some(3);
                }
                // No legal move for the defender after it: a draw, no win. (`Win` and `None`
                // do not happen: the defender has no five, the four threatens one.)
                Some(Forced::Draw | Forced::Win) | None => {}
            }
        }
        candidates = singles;
        while candidates != 0 {
            let cell = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let (c, threat) = (1u64 << cell, self.made[depth][cell]);
            // The defender blocks (it has no win of its own: `theirs` is empty or blocked).
            let next = self.fours(
                lines,
                renju,
                own | c,
                opp | threat,
                max_plies - 2,
                depth + 1,
            );
            if let Some(p) = next {
                self.attack |= c;
                self.defence |= threat;
                if depth == 0 {
                    self.first_move = cell as u8;
                }
                return Some(p + 2);
            }
            if self.budget == 0 {
                return None;
            }
        }
        None
    }
}

/// The opponent's wins (the empty cells where `opp` would win at once) and the cells where a
/// stone of `own` (to move, no win at once) makes a four, with the cells each of those
/// threatens in `made` (indexed by cell; entries of other cells are left as they were).
pub(crate) fn four_makers(lines: &Spans, own: u64, opp: u64, made: &mut [u64; 64]) -> (u64, u64) {
    let empty = lines.full() & !(own | opp);
    if lines.exact() {
        exact_threats(lines, own, opp, empty, made)
    } else {
        threats(lines, own, opp, empty, made)
    }
}

/// [`four_makers`] under renju, for the attacker `attack` says: black's four makers on its
/// legal points (its fours complete exactly five; white's wins are five or more), white's as
/// under freestyle (black's wins exactly five).
fn renju_four_makers(
    lines: &Spans,
    attack: Attack,
    own: u64,
    opp: u64,
    made: &mut [u64; 64],
) -> (u64, u64) {
    let empty = lines.full() & !(own | opp);
    let renju = attack.renju;
    if attack.black {
        let (_, makers) = exact_threats(lines, own, opp, empty, made);
        let legal = !renju.forbidden.cells(own, opp);
        (renju.white.win_cells(opp, empty), makers & legal)
    } else {
        let (_, makers) = threats(&renju.white, own, opp, empty, made);
        (lines.win_cells(opp, empty), makers)
    }
}

/// [`four_makers`] for freestyle. The defender's wins (the empty cells where `opp` would win at once) and the cells where a
/// stone of `own` (to move, no win at once) makes a four, with the cells each of those
/// threatens in `made` (indexed by cell; entries of other cells are left as they were).
/// Freestyle: a window free of `opp` with k-2 stones of `own` and two empty cells makes a
/// four on either, threatening the other, and k stones in a window always win.
fn threats(lines: &Spans, own: u64, opp: u64, empty: u64, made: &mut [u64; 64]) -> (u64, u64) {
    let k = lines.k() as u32;
    let mut theirs = 0u64;
    let mut makers = 0u64;
    for &w in lines.windows() {
        let (mine, other) = (w & own, w & opp);
        if mine == 0 && other.count_ones() + 1 == k {
            theirs |= w & empty;
        }
        if other == 0 && mine.count_ones() + 2 == k {
            let free = w & empty;
            let a = free.trailing_zeros() as usize;
            let b = 63 - free.leading_zeros() as usize;
            for (cell, threat) in [(a, 1u64 << b), (b, 1u64 << a)] {
                if makers & 1 << cell == 0 {
                    made[cell] = threat;
                } else {
                    made[cell] |= threat;
                }
            }
            makers |= free;
        }
    }
    (theirs, makers)
}

/// [`threats`] for the exact rule, where an overline does not win: the four makers by their
/// windows, each checked with the rule's own win detection.
fn exact_threats(
    lines: &Spans,
    own: u64,
    opp: u64,
    empty: u64,
    made: &mut [u64; 64],
) -> (u64, u64) {
    let k = lines.k() as u32;
    let mut makers = lines
        .windows()
        .iter()
        .filter(|&&w| w & opp == 0 && (w & own).count_ones() + 2 == k)
        .fold(0, |m, &w| m | (w & empty));
    let mut left = makers;
    while left != 0 {
        let cell = left.trailing_zeros() as usize;
        left &= left - 1;
        made[cell] = lines.win_cells(own | 1 << cell, empty & !(1 << cell));
        if made[cell] == 0 {
            makers &= !(1 << cell);
        }
    }
    (lines.win_cells(opp, empty), makers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    #[test]
    fn finds_a_double_four_and_a_longer_chain() {
        let v = Variant::new(Size::square(7), 4, Rule::Freestyle).unwrap();
        let lines = Spans::new(&v).unwrap();
        let cell = |r: u32, c: u32| 1u64 << (r * 7 + c);
        // X on (3,1), (3,2) and (1,3), (2,3): (3,3) makes two open threes... with k = 4 a
        // move at (3,3) gives X three in a row twice, each with free ends: fours both ways.
        let x = cell(3, 1) | cell(3, 2) | cell(1, 3) | cell(2, 3);
        let o = cell(0, 0) | cell(6, 6) | cell(0, 6) | cell(6, 0);
        let mut vcf = Vcf::default();
        assert_eq!(
            vcf.search(&lines, x, o, 49, crate::solve::tunables::VCF_BUDGET),
            Some(3)
        );
        // Nothing for O.
        assert_eq!(
            vcf.search(&lines, o, x, 49, crate::solve::tunables::VCF_BUDGET),
            None
        );
    }
}
