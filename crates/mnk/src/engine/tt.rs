//! The transposition table: what earlier searches learned about positions, shared by all search
//! threads without locks.
//!
//! Each entry is two 64-bit words. The second holds the data:
//!
//! | bits | field |
//! |---|---|
//! | 0..16 | best move: the board cell index, `0xFFFF` for none |
//! | 16..40 | score (24 bits, signed), win and loss scores relative to the entry's position |
//! | 40..56 | depth searched, in the search's sixteenths of a ply (0 in the quiescence search's own tables) |
//! | 56..58 | bound: 1 upper (score <= value), 2 lower (score >= value), 3 exact |
//! | 58..64 | generation: the search that wrote it, modulo 64 |
//!
//! The depth keeps the search's fractions of a ply: a node searched to 5.9 plies (after late
//! move reductions) is found again by a search to 5.9 plies, which a depth rounded down to 5
//! would not answer.
//!
//! The first word is the position's hash XOR the data word, so an entry torn by two threads
//! writing at once fails the key check instead of returning another position's data.
//!
//! Win scores count plies from the root (`MATE - ply`), which a position reached at another
//! ply would misread; they are stored relative to the position ([`to_table`]) and turned back
//! on reading ([`from_table`]).

use super::score::{MATE, MAX_PLY};
use super::tunables::KEEP_DEEPER;
use crate::game::Cell;
use crate::search::Bound;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// One position's entry, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move found, if any.
    pub best: Option<Cell>,
    /// The score, relative to the root again (see [`from_table`]).
    pub score: i32,
    /// The depth it was searched to, in sixteenths of a ply (the search's unit); 0 in the
    /// quiescence search's own tables (each search thread's, apart from the shared one).
    pub depth: u16,
    /// What the score means.
    pub bound: Bound,
}

impl Entry {
    /// Whether the entry's score answers a search with the window (`alpha`, `beta`) (its depth
    /// being enough): exact, or a bound on the side of the window it proves.
    #[must_use]
    pub const fn cuts(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// The largest table, in MiB: a minute's search at the engine's speed fills well under a
/// GiB, and a larger table only costs the time to clear it.
pub const MAX_MIB: u64 = 4096;
const NO_MOVE: u64 = 0xFFFF;
/// The bound's two bits (0 marks an empty slot).
const UPPER: u64 = 1;
const LOWER: u64 = 2;
const EXACT: u64 = 3;

const fn bound_bits(bound: Bound) -> u64 {
    match bound {
        Bound::Upper => UPPER,
        Bound::Lower => LOWER,
        Bound::Exact => EXACT,
    }
}

/// Where the score and the depth sit in the data word, and the score's width (the table in the
/// module documentation).
const SCORE_SHIFT: u32 = 16;
const SCORE_BITS: u32 = 24;
const DEPTH_SHIFT: u32 = SCORE_SHIFT + SCORE_BITS;
const _: () = assert!(MATE + (MAX_PLY as i32) < 1 << (SCORE_BITS - 1));

/// `count` zeroed entries (a power of two) from the system, or as many as it grants, halving.
fn zeroed(mut count: usize) -> Vec<[AtomicU64; 2]> {
    loop {
        match bytemuck::allocation::try_zeroed_vec(count) {
            Ok(entries) => return entries,
            Err(()) if count > 1 => count /= 2,
            Err(()) => return vec![[AtomicU64::new(0), AtomicU64::new(0)]],
        }
    }
}

/// A win or loss score made relative to the position at `ply` (for storing).
#[must_use]
pub const fn to_table(score: i32, ply: usize) -> i32 {
    let bound = MATE - MAX_PLY as i32;
    if score >= bound {
        score + ply as i32
    } else if score <= -bound {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score made relative to the root again, for a position at `ply`.
#[must_use]
pub const fn from_table(score: i32, ply: usize) -> i32 {
    let bound = MATE - MAX_PLY as i32;
    if score >= bound {
        score - ply as i32
    } else if score <= -bound {
        score + ply as i32
    } else {
        score
    }
}

/// The table: a power of two of two-word entries.
#[derive(Debug)]
pub struct TranspositionTable {
    entries: Vec<[AtomicU64; 2]>,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of at most `mib` MiB (at least one entry, at most [`MAX_MIB`]). When the
    /// system refuses that much memory, the table is halved until it is granted: a smaller
    /// table, never an abort.
    ///
    /// The memory comes zeroed from the system, which hands it out page by page as the
    /// search first touches it: making a table costs no time whatever its size, and a search
    /// only pays for (and the process only holds) the pages it uses.
    #[must_use]
    pub fn new(mib: u64) -> Self {
        let bytes = mib.min(MAX_MIB).saturating_mul(1 << 20).max(16);
        let fit = bytes / 16;
        let count = usize::try_from(1u64 << (63 - fit.leading_zeros())).unwrap_or(1 << 20);
        TranspositionTable {
            entries: zeroed(count),
            generation: AtomicU8::new(0),
        }
    }

    /// Number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no entry (never: it has at least one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets everything: new zeroed memory, as cheap as [`TranspositionTable::new`].
    pub fn clear(&mut self) {
        let count = self.entries.len();
        self.entries = Vec::new();
        self.entries = zeroed(count);
        *self.generation.get_mut() = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn slot(&self, hash: u64) -> &[AtomicU64; 2] {
        // The high bits pick the slot; the full hash is checked on reading.
        let i =
            (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.entries.len() - 1);
        &self.entries[i]
    }

    /// The entry for a position at `ply`, if one is stored.
    #[must_use]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<Entry> {
        let slot = self.slot(hash);
        let data = slot[1].load(Ordering::Relaxed);
        let key = slot[0].load(Ordering::Relaxed);
        if key ^ data != hash || data == 0 {
            return None;
        }
        let bound = match (data >> 56) & 3 {
            UPPER => Bound::Upper,
            LOWER => Bound::Lower,
            EXACT => Bound::Exact,
            _ => return None,
        };
        let mv = data & 0xFFFF;
        Some(Entry {
            best: (mv != NO_MOVE).then_some(Cell(mv as u16)),
            score: from_table(
                ((data << (64 - DEPTH_SHIFT)) as i64 >> (64 - SCORE_BITS)) as i32,
                ply,
            ),
            depth: (data >> DEPTH_SHIFT) as u16,
            bound,
        })
    }

    /// Stores what a search of a position at `ply` found.
    pub fn store(&self, hash: u64, ply: usize, entry: Entry) {
        let slot = self.slot(hash);
        let generation = u64::from(self.generation.load(Ordering::Relaxed) & 63);
        let old = slot[1].load(Ordering::Relaxed);
        let old_key = slot[0].load(Ordering::Relaxed) ^ old;
        let same = old_key == hash;
        let old_depth = (old >> DEPTH_SHIFT) as u16;
        let old_generation = old >> 58;
        // Keep a deeper entry of another position written by this search.
        if !same
            && old != 0
            && old_generation == generation
            && old_depth > entry.depth.saturating_add(KEEP_DEEPER)
        {
            return;
        }
        let mut best = entry.best.map_or(NO_MOVE, |c| u64::from(c.0));
        if best == NO_MOVE && same {
            best = old & 0xFFFF; // keep the move of an earlier search of this position
        }
        let score = u64::from(to_table(entry.score, ply) as u32 & ((1 << SCORE_BITS) - 1));
        let data = best
            | score << SCORE_SHIFT
            | u64::from(entry.depth) << DEPTH_SHIFT
            | bound_bits(entry.bound) << 56
            | generation << 58;
        slot[0].store(hash ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_with_win_scores_relative_to_the_ply() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.len(), 65536);
        let win_in_3_from_ply_4 = MATE - 7;
        tt.store(
            42,
            4,
            Entry {
                best: Some(Cell(17)),
                score: win_in_3_from_ply_4,
                depth: 9,
                bound: Bound::Exact,
            },
        );
        // Read at ply 6, the same position is still a win 3 plies after it.
        let e = tt.probe(42, 6).unwrap();
        assert_eq!(e.score, MATE - 9);
        assert_eq!(
            (e.best, e.depth, e.bound),
            (Some(Cell(17)), 9, Bound::Exact)
        );
        assert!(tt.probe(43, 6).is_none());
        let loss = -(MATE - 10);
        tt.store(
            42,
            2,
            Entry {
                best: None,
                score: loss,
                depth: 3,
                bound: Bound::Upper,
            },
        );
        let e = tt.probe(42, 2).unwrap();
        assert_eq!((e.score, e.best), (loss, Some(Cell(17))));
        // Depths keep their fractions of a ply (sixteenths: 5 plies and 14 sixteenths, 40
        // plies and 3), scores their sign in 24 bits.
        for (depth, score) in [(5 * 16 + 14, -37), (40 * 16 + 3, 123_456), (0, 0)] {
            let entry = Entry {
                best: None,
                score,
                depth,
                bound: Bound::Lower,
            };
            tt.store(7, 0, entry);
            assert_eq!(tt.probe(7, 0), Some(entry));
        }
    }

    #[test]
    fn sizes_are_powers_of_two_within_the_limit() {
        assert_eq!(TranspositionTable::new(0).len(), 1);
        assert_eq!(TranspositionTable::new(3).len(), 131_072);
        assert_eq!(TranspositionTable::new(64).len(), 4 << 20);
    }
}
