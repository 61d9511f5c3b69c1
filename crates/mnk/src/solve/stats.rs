//! What a solver's searches did, counted as they go, for `mnk solve --stats`: how many nodes
//! proof-number search took of the whole, what the relevance zones of the drawing side's
//! proofs (idea `refutation-zones`, [`super::zones`]) held and cut, and how often the
//! defender's pairings (the side not asked whether it wins) were looked for and found, by
//! stones on the board.
//!
//! Each searcher counts into a [`Tally`] of its own and adds it to the solver's when it
//! reports its nodes, so the counting takes no lock on the way.

use std::sync::{Mutex, PoisonError};

/// Rows of a tally: one for each number of stones on a board of at most 64 cells.
const ROWS: usize = 65;

/// What the zones did at positions with one number of stones on the board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ZoneRow {
    /// Stones on the board.
    pub stones: u32,
    /// Zones found and kept (at the attacker's nodes and the defender's, both searches; a
    /// zone read back from the table is not counted again).
    pub zones: u64,
    /// The empty cells those zones held, summed.
    pub zone_cells: u64,
    /// The empty cells of those positions, summed: `zone_cells / empty_cells` is the share of
    /// the board a zone holds.
    pub empty_cells: u64,
    /// Attacker nodes settled "does not win" with a zone.
    pub refuted: u64,
    /// The attacker's moves at those nodes, summed (after dead cells and the drawing side's
    /// static zones; moves symmetric to others included).
    pub moves: u64,
    /// Of those moves, the ones refuted by another move's zone without a search.
    pub skipped: u64,
}

impl ZoneRow {
    fn is_empty(&self) -> bool {
        self.zones == 0 && self.refuted == 0
    }

    fn add(&mut self, other: &ZoneRow) {
        self.zones += other.zones;
        self.zone_cells += other.zone_cells;
        self.empty_cells += other.empty_cells;
        self.refuted += other.refuted;
        self.moves += other.moves;
        self.skipped += other.skipped;
    }
}

/// How often the searches asked whether the defender holds a pairing ([`super::pairing`],
/// idea `pairing`) at positions with one number of stones on the board, where the attacker
/// is to move, and how often it did (a pairing ends the line: the attacker does not win).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PairingRow {
    /// Stones on the board.
    pub stones: u32,
    /// Questions to the pairing finder (both searches; those a recent pairing answered
    /// included, those the table answered before not).
    pub asked: u64,
    /// Of those, the ones answered by a pairing.
    pub found: u64,
    /// Of those, the ones whose search ran out of steps (a larger budget might have found a
    /// pairing; the others were shown to have none).
    pub gave_up: u64,
}

/// What a solver's searches did since it was made (all its solves, all threads).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes proof-number search visited; the solver's other nodes are alpha-beta's.
    pub proof_number_nodes: u64,
    /// The zones by stones on the board: only the numbers of stones where some zone was kept
    /// or some attacker node refuted, fewest stones first.
    pub zones: Vec<ZoneRow>,
    /// The pairings by stones on the board: only the numbers of stones where one was looked
    /// for, fewest stones first.
    pub pairings: Vec<PairingRow>,
}

/// One searcher's counts, or the solver's sum of them.
#[derive(Debug, Clone)]
pub(crate) struct Tally {
    proof_number_nodes: u64,
    rows: [ZoneRow; ROWS],
    /// Pairings asked for, found and given up on, by stones.
    pairings: [PairingRow; ROWS],
    /// Whether anything was counted since the tally was last added to the solver's.
    dirty: bool,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            proof_number_nodes: 0,
            rows: [ZoneRow::default(); ROWS],
            pairings: [PairingRow::default(); ROWS],
            dirty: false,
        }
    }
}

impl Tally {
    /// A zone of `zone_cells` empty cells kept at a position of `stones` stones and `empty`
    /// empty cells.
    pub(crate) fn zone(&mut self, stones: u32, zone_cells: u32, empty: u32) {
        let row = &mut self.rows[stones as usize % ROWS];
        row.zones += 1;
        row.zone_cells += u64::from(zone_cells);
        row.empty_cells += u64::from(empty);
        self.dirty = true;
    }

    /// An attacker node of `stones` stones refuted with a zone: `moves` moves, `skipped` of
    /// them unsearched.
    pub(crate) fn refuted(&mut self, stones: u32, moves: u32, skipped: u32) {
        let row = &mut self.rows[stones as usize % ROWS];
        row.refuted += 1;
        row.moves += u64::from(moves);
        row.skipped += u64::from(skipped);
        self.dirty = true;
    }

    /// A pairing looked for at a position of `stones` stones: `found`, or not and the search
    /// `gave_up`.
    pub(crate) fn pairing(&mut self, stones: u32, found: bool, gave_up: bool) {
        let row = &mut self.pairings[stones as usize % ROWS];
        row.asked += 1;
        row.found += u64::from(found);
        row.gave_up += u64::from(gave_up);
        self.dirty = true;
    }

    /// `nodes` visited by proof-number search.
    pub(crate) fn proof_number(&mut self, nodes: u64) {
        self.proof_number_nodes += nodes;
        self.dirty |= nodes != 0;
    }

    /// Adds this tally to `into` and starts again from nothing (nothing to do if nothing was
    /// counted).
    pub(crate) fn flush(&mut self, into: &Mutex<Tally>) {
        if !self.dirty {
            return;
        }
        let mut sum = into.lock().unwrap_or_else(PoisonError::into_inner);
        sum.proof_number_nodes += self.proof_number_nodes;
        for (s, row) in sum.rows.iter_mut().zip(&self.rows) {
            s.add(row);
        }
        for (s, row) in sum.pairings.iter_mut().zip(&self.pairings) {
            s.asked += row.asked;
            s.found += row.found;
            s.gave_up += row.gave_up;
        }
        *self = Tally::default();
    }

    /// The counts as the solver reports them.
    pub(crate) fn stats(&self) -> Stats {
        Stats {
            proof_number_nodes: self.proof_number_nodes,
            zones: (0u32..)
                .zip(&self.rows)
                .filter(|(_, row)| !row.is_empty())
                .map(|(stones, row)| ZoneRow { stones, ..*row })
                .collect(),
            pairings: (0u32..)
                .zip(&self.pairings)
                .filter(|(_, row)| row.asked != 0)
                .map(|(stones, row)| PairingRow { stones, ..*row })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_add_up_by_stones_and_start_again_once_added() {
        let sum = Mutex::new(Tally::default());
        let mut a = Tally::default();
        a.zone(3, 10, 40);
        a.zone(3, 20, 40);
        a.refuted(5, 12, 4);
        a.pairing(9, true, false);
        a.pairing(9, false, true);
        a.proof_number(7);
        a.flush(&sum);
        assert!(!a.dirty);
        let mut b = Tally::default();
        b.zone(3, 5, 40);
        b.pairing(9, true, false);
        b.pairing(2, false, false);
        b.flush(&sum);
        Tally::default().flush(&sum);
        let stats = sum.lock().unwrap().stats();
        assert_eq!(stats.proof_number_nodes, 7);
        assert_eq!(
            stats.zones,
            vec![
                ZoneRow {
                    stones: 3,
                    zones: 3,
                    zone_cells: 35,
                    empty_cells: 120,
                    ..ZoneRow::default()
                },
                ZoneRow {
                    stones: 5,
                    refuted: 1,
                    moves: 12,
                    skipped: 4,
                    ..ZoneRow::default()
                },
            ]
        );
        assert_eq!(
            stats.pairings,
            vec![
                PairingRow {
                    stones: 2,
                    asked: 1,
                    found: 0,
                    gave_up: 0,
                },
                PairingRow {
                    stones: 9,
                    asked: 3,
                    found: 2,
                    gave_up: 1,
                },
            ]
        );
    }
}
