//! Relevance zones of the drawing side's proofs (idea `refutation-zones`): one refuted move's
//! proof refutes every move outside its zone, and the zones themselves, kept beside the
//! transposition table.
//!
//! # The claim a zone makes
//! Call the side asked "do I win?" the *attacker* `A` and the other the *defender* `B`. A zone
//! `Z` (a set of cells) of a position `P` where `A` does not win claims more than that:
//!
//! > `Claim(P, Z)`: for every set `S` of empty cells of `P` outside `Z`, `A` does not win from
//! > `P` with `A` stones added on `S` (the same side to move), and has no k in a row there.
//!
//! Extra attacker stones outside the zone change nothing. The search builds such claims from
//! the bottom up, in the window of the question (`(0, 1)` at the attacker's nodes, `(-1, 0)` at
//! the defender's; other windows give no zone):
//!
//! - **A pairing** of the defender against the attacker: `Z` = the cells of its pairs. Every
//!   window the attacker could still complete holds both cells of a pair, which `S` never
//!   touches, so the pairing holds with the extra stones, whoever moves.
//! - **No window left** for the attacker: `Z` empty (extra stones make no window live).
//! - **The defender to move wins at once** on `w`: `Z` = `{w}` and a cell of every window
//!   the attacker could still complete (so that `S` completes none).
//! - **The attacker to move cannot stop two fives** on `w1`, `w2`: `Z` = `{w1, w2}` and two
//!   cells of every window the attacker could still complete (so that after `S` and one more
//!   stone the attacker still has no five).
//! - **The defender moves `b`** with `Claim(P + b, Z')`: `Z` = `Z'` and `b`. With `S` outside,
//!   `b` is still empty and playing it reaches `(P + b)` with `S`, where the claim holds.
//! - **The attacker must block a five on `c`** with `Claim(P + c, Z')`: `Z` = `Z'`, `c`, and two
//!   cells of every window the attacker could still complete: with `S` outside, the
//!   attacker's other moves make no five, so the defender's five on `c` follows them.
//! - **The attacker moves**, and its first move tried, `m1`, is refuted with `Claim(P + m1,
//!   Z1)`. Then every attacker move `m` outside `Z1` is refuted too, without a search: `P + m`
//!   with `S` is `(P + m1)` with `S` and `m` added, less the stone on `m1`. The claim for `P +
//!   m1` covers `S` and `m` (both outside `Z1`), and taking a stone of the attacker away never
//!   helps it in freestyle (it plays as if the stone were there, and wherever its strategy
//!   would play on that cell, anywhere: its stones are then a superset, the defender's the
//!   same). So only the moves inside `Z1` are searched; each refuted move `m` brings its own
//!   zone, and `Z` = the union of the searched moves with their zones (closed under the
//!   symmetries that leave `P` unchanged, which stand for the moves skipped as symmetric).
//!   For `S` outside `Z`, a move in `Z` reaches a position its own claim covers, a move
//!   outside it is covered by `m1`'s.
//! - Cells no side can use any more (in no window either side can complete) are dropped from
//!   every zone: a stone there spoils nothing and makes nothing.
//!
//! Any other way a position was settled (a table entry whose zone was not kept, the counting
//! bounds of the distance, a proof-number search's result, the drawing side's static zones
//! of [`super::pairing::Pairing::zone`]) gives the zone of every cell: a plain "`A` does not
//! win", which covers no other move. Only under freestyle: under the exact rule an extra
//! stone can turn a five into an overline, and a stone taken away can make one possible.
//!
//! # The zone table
//! Zones are kept by position (the table's exact key, and whether the side to move is the
//! attacker) in a table of their own, direct-mapped, in the key's orientation: four 64-bit
//! words a slot, the key's two halves (the second with the attacker bit), the zone, and a
//! check word mixed from the three, so that a slot torn by two threads writing at once reads
//! as empty (but for a 64-bit coincidence, as in the shared table). A zone that is not found
//! is the zone of every cell.

use super::lines::Spans;
pub(crate) use crate::certificate::EVERY_CELL;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::*};

/// Bytes of one slot of the zone table.
const SLOT_BYTES: usize = 32;
/// Slots of one segment of the zone table (1 MiB).
const SEGMENT_SLOTS: usize = (1 << 20) / SLOT_BYTES;
/// The attacker bit, in the second word (keys are below 2^106, so the key's high half is
/// below 2^42).
const ATTACKER: u64 = 1 << 63;

/// The zones of positions where the attacker was proved not to win: segments of 1 MiB, the
/// first allocated at once and the others as the table fills (it doubles once it has been
/// given new positions for three quarters of its slots, up to its limit). A slot's place depends on how many segments are
/// in use, so growing loses the zones kept so far: a zone not found is only a weaker claim.
#[derive(Debug)]
pub(crate) struct ZoneTable {
    segments: Vec<OnceLock<Box<[AtomicU64]>>>,
    in_use: AtomicUsize,
    /// New positions stored since the table last grew (approximate under threads).
    taken: AtomicUsize,
    growing: AtomicBool,
}

impl ZoneTable {
    /// A table that may grow to about `bytes` (at least one segment).
    pub(crate) fn new(bytes: usize) -> ZoneTable {
        let max = (bytes / (SEGMENT_SLOTS * SLOT_BYTES)).max(1);
        let segments: Vec<OnceLock<Box<[AtomicU64]>>> = (0..max).map(|_| OnceLock::new()).collect();
        let _ = segments[0].set(segment());
        ZoneTable {
            segments,
            in_use: AtomicUsize::new(1),
            taken: AtomicUsize::new(0),
            growing: AtomicBool::new(false),
        }
    }

    /// Bytes the table has allocated.
    pub(crate) fn bytes(&self) -> usize {
        self.in_use.load(Acquire) * SEGMENT_SLOTS * SLOT_BYTES
    }

    /// The four words of the slot of `key` (the side to move being the attacker or not), and
    /// the two words that identify it.
    fn slot(&self, key: u128, attacker_moves: bool) -> (&[AtomicU64], u64, u64) {
        let lo = key as u64;
        let hi = (key >> 64) as u64 | if attacker_moves { ATTACKER } else { 0 };
        let h = mix(lo ^ mix(hi));
        let in_use = self.in_use.load(Acquire);
        let segment = (((h >> 32) * in_use as u64) >> 32) as usize;
        let slot = (h as usize) & (SEGMENT_SLOTS - 1);
        let words = self.segments[segment]
            .get()
            .expect("segments below in_use are allocated");
        (&words[4 * slot..4 * slot + 4], lo, hi)
    }

    /// The zone kept for the position `key` (the side to move being the attacker or not), in
    /// the key's orientation, or [`EVERY_CELL`].
    pub(crate) fn probe(&self, key: u128, attacker_moves: bool) -> u64 {
        let (w, lo, hi) = self.slot(key, attacker_moves);
        let (a, b, zone, check) = (
            w[0].load(Relaxed),
            w[1].load(Relaxed),
            w[2].load(Relaxed),
            w[3].load(Relaxed),
        );
        if check != 0 && a == lo && b == hi && check == checksum(a, b, zone) {
            zone
        } else {
            EVERY_CELL
        }
    }

    /// Keeps `zone` (in the key's orientation) for the position `key`; [`EVERY_CELL`] is not
    /// kept (it is what a miss says).
    pub(crate) fn store(&self, key: u128, attacker_moves: bool, zone: u64) {
        if zone == EVERY_CELL {
            return;
        }
        let (w, lo, hi) = self.slot(key, attacker_moves);
        // A new position (a free slot, or another position's) counts towards growing: slots
        // filled before the table last grew are not free, but hold zones now lost.
        if w[0].load(Relaxed) != lo || w[1].load(Relaxed) != hi {
            let taken = self.taken.fetch_add(1, Relaxed) + 1;
            let in_use = self.in_use.load(Acquire);
            if 4 * taken > 3 * in_use * SEGMENT_SLOTS && in_use < self.segments.len() {
                self.grow(in_use);
            }
        }
        w[0].store(lo, Relaxed);
        w[1].store(hi, Relaxed);
        w[2].store(zone, Relaxed);
        w[3].store(checksum(lo, hi, zone), Relaxed);
    }

    /// Doubles the segments in use (up to the limit), one thread at a time.
    fn grow(&self, in_use: usize) {
        if self.growing.swap(true, Acquire) {
            return;
        }
        let target = (2 * in_use).min(self.segments.len());
        for s in &self.segments[in_use..target] {
            let _ = s.get_or_init(segment);
        }
        self.taken.store(0, Relaxed);
        self.in_use.store(target, Release);
        self.growing.store(false, Release);
    }
}

/// A zeroed segment.
fn segment() -> Box<[AtomicU64]> {
    (0..4 * SEGMENT_SLOTS).map(|_| AtomicU64::new(0)).collect()
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The check word of a slot (never 0 for a slot in use).
fn checksum(lo: u64, hi: u64, zone: u64) -> u64 {
    mix(lo ^ mix(hi ^ mix(zone ^ 0x5bd1_e995))) | 1
}

/// The zone of a pairing of the side owning `defender` (the pairs found, each a mask of two
/// cells): the cells of the pairs that some window the attacker could still complete holds (a
/// pairing found again from an earlier one may carry pairs no window needs).
pub(crate) fn pairing_zone(lines: &Spans, defender: u64, pairs: &[u64]) -> u64 {
    pairs
        .iter()
        .filter(|&&p| {
            lines
                .windows()
                .iter()
                .any(|&w| w & defender == 0 && p & !w == 0)
        })
        .fold(0, |zone, &p| zone | p)
}

/// `zone` grown so that every window the side owning `attacker` could still complete (no
/// stone of `defender` in it) has at least `need` of its empty cells in it (all of them when
/// it has fewer): the proofs' rule ([`crate::certificate`]'s `hit`, cells in the most such
/// windows first), the windows in the search's own order.
pub(crate) fn hit(lines: &Spans, attacker: u64, defender: u64, zone: u64, need: u32) -> u64 {
    crate::certificate::hit(lines.windows(), attacker, defender, zone, need)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    #[test]
    fn zones_read_back_for_their_position_and_side_only() {
        let table = ZoneTable::new(1 << 20);
        assert_eq!(table.bytes(), 1 << 20);
        let key = (3u128 << 90) | 77;
        assert_eq!(table.probe(key, true), EVERY_CELL);
        table.store(key, true, 0b1011);
        assert_eq!(table.probe(key, true), 0b1011);
        assert_eq!(table.probe(key, false), EVERY_CELL);
        assert_eq!(table.probe(key + 1, true), EVERY_CELL);
        table.store(key, true, EVERY_CELL);
        assert_eq!(table.probe(key, true), 0b1011);
        table.store(key, true, 0);
        assert_eq!(table.probe(key, true), 0);
    }

    #[test]
    fn hitting_takes_cells_of_every_live_window() {
        // 5x1, k = 3: windows a-c, b-d, c-e. X on a; O on e.
        let v = Variant::new(Size::new(5, 1), 3, Rule::Freestyle).unwrap();
        let lines = Spans::new(&v).unwrap();
        let (x, o) = (1u64, 1u64 << 4);
        // Live for X: a-c, b-d (c-e holds O). One cell each: b (lowest of a-c's b, c) covers
        // both.
        let one = hit(&lines, x, o, 0, 1);
        assert_eq!(one, 0b00010);
        // Two each: b, c for a-c (its only empties), then b-d has b, c already.
        assert_eq!(hit(&lines, x, o, 0, 2), 0b00110);
        // A zone already there counts.
        assert_eq!(hit(&lines, x, o, 0b01000, 1), 0b01010);
    }
}

#[cfg(test)]
mod growth {
    use super::*;

    #[test]
    fn the_table_grows_to_its_limit_and_keeps_what_it_stores_since() {
        let table = ZoneTable::new(4 << 20);
        for i in 0..(8 * SEGMENT_SLOTS) as u128 {
            table.store(i << 20, true, 1);
        }
        assert_eq!(table.bytes(), 4 << 20);
        table.store(5, false, 0b110);
        assert_eq!(table.probe(5, false), 0b110);
        assert_eq!(table.probe(5, true), EVERY_CELL);
    }
}
