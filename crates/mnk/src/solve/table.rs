//! The transposition table: bounded memory, shared by the search threads without locks, and
//! exact: an entry is found only for the very position that stored it.
//!
//! # Layout
//! The table is a list of segments of [`SEGMENT_BUCKETS`] buckets (1 MiB each). A bucket is
//! one 64-byte cache line of four entries; an entry is two 64-bit words. The table starts with
//! a few segments and doubles (up to the memory limit) when three quarters of its entries are
//! in use; at the limit, new entries replace old ones.
//!
//! A position's key `K` (an exact encoding of the position up to symmetry, below 2^106, see
//! [`super::key`]) is split into `L = K mod 2^14` and `H = K >> 14` (below 2^92), and
//! `h = mix(H)`. The entry lives in bucket `(L ^ h) mod 2^14` of segment
//! `(h >> 32) * segments >> 32`, and stores `H`: given the bucket and `H`, `L` and thus `K`
//! are determined, so a matching `H` in the right bucket means the same position. No hash
//! collision can return a wrong entry.
//!
//! | word | bits | content |
//! |---|---|---|
//! | 0 | 0..64 | `H mod 2^64` XOR word 1 |
//! | 1 | 0..8 | lower bound on the score (`i8`) |
//! | 1 | 8..16 | upper bound on the score (`i8`) |
//! | 1 | 16..23 | best move in the key's orientation (127: none) |
//! | 1 | 23..29 | work: log2 of the nodes the result cost |
//! | 1 | 29..34 | zero |
//! | 1 | 34..63 | `H >> 64` (at most 28 bits) |
//! | 1 | 63 | 1: the entry is in use |
//!
//! Threads read and write the two words with relaxed atomics. Word 0 holds the key XORed with
//! word 1 (Hyatt's lockless hashing), so an entry torn by two simultaneous writes fails the
//! key check, except when the XOR of the two data words happens to equal the XOR of the two
//! positions' `H mod 2^64` (a 64-bit coincidence between two simultaneous writes to one
//! slot). With one thread the table is exact.
//!
//! # Replacement
//! A store updates the position's entry if the bucket has one (bounds intersected), else takes
//! an empty entry, else replaces the entry whose result cost the least work: a cheap result is
//! cheap to find again.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::*};

/// Buckets per segment.
pub(crate) const SEGMENT_BUCKETS: usize = 1 << LOW_BITS;
const LOW_BITS: u32 = 14;
const ENTRIES_PER_BUCKET: usize = 4;
const WORDS_PER_BUCKET: usize = 2 * ENTRIES_PER_BUCKET;
const SEGMENT_WORDS: usize = SEGMENT_BUCKETS * WORDS_PER_BUCKET;
/// Bytes per segment (1 MiB).
pub(crate) const SEGMENT_BYTES: usize = SEGMENT_WORDS * 8;
/// Entries per segment.
pub(crate) const SEGMENT_ENTRIES: usize = SEGMENT_BUCKETS * ENTRIES_PER_BUCKET;
const FIRST_SEGMENTS: usize = 2;
/// The largest table the solver grows to, in MiB, whatever it is given: 64 GiB.
pub const MAX_TABLE_MIB: u64 = 1 << 16;

const HI_SHIFT: u32 = 34;
const HI_MASK: u64 = (1 << 29) - 1;
const USED: u64 = 1 << 63;
/// The best-move value meaning "none".
pub(crate) const NO_MOVE: u8 = 127;

/// What the table knows about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The score is at least this.
    pub lower: i8,
    /// The score is at most this.
    pub upper: i8,
    /// A best move found, in the key's orientation ([`NO_MOVE`] if none).
    pub best: u8,
    /// log2 of the nodes the result cost (0..=63).
    pub work: u8,
}

impl Entry {
    fn pack(self, hi: u64) -> u64 {
        u64::from(self.lower as u8)
            | u64::from(self.upper as u8) << 8
            | u64::from(self.best & 0x7f) << 16
            | u64::from(self.work.min(63)) << 23
            | hi << HI_SHIFT
            | USED
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: ((data >> 16) & 0x7f) as u8,
            work: ((data >> 23) & 0x3f) as u8,
        }
    }

    fn merge(self, old: Entry) -> Entry {
        Entry {
            lower: self.lower.max(old.lower),
            upper: self.upper.min(old.upper),
            best: if self.best == NO_MOVE {
                old.best
            } else {
                self.best
            },
            work: self.work.max(old.work),
        }
    }
}

/// Where a key lives and what is stored to recognise it.
#[derive(Debug, Clone, Copy)]
struct Place {
    hash: u64,
    slot: usize,
    lo: u64,
    hi: u64,
}

impl Place {
    fn of(key: u128) -> Place {
        let high = key >> LOW_BITS;
        let (lo, hi) = (high as u64, (high >> 64) as u64);
        debug_assert!(hi <= HI_MASK, "keys are below 2^106");
        let hash = mix(lo ^ mix(hi));
        let slot = ((key as usize) ^ hash as usize) & (SEGMENT_BUCKETS - 1);
        Place { hash, slot, lo, hi }
    }

    /// The place of the entry `e` of the bucket at `slot`, with its data, if it is in use.
    fn stored(bucket: &[AtomicU64], e: usize, slot: usize) -> Option<(Place, u64)> {
        let data = bucket[2 * e + 1].load(Relaxed);
        if data & USED == 0 {
            return None;
        }
        let lo = bucket[2 * e].load(Relaxed) ^ data;
        let hi = (data >> HI_SHIFT) & HI_MASK;
        let hash = mix(lo ^ mix(hi));
        Some((Place { hash, slot, lo, hi }, data))
    }

    /// The key this place was made from ([`Place::of`] undone).
    fn key(self) -> u128 {
        let low = (self.slot as u64 ^ self.hash) & (SEGMENT_BUCKETS as u64 - 1);
        ((u128::from(self.hi) << 64 | u128::from(self.lo)) << LOW_BITS) | u128::from(low)
    }

    fn segment(self, segments: usize) -> usize {
        (((self.hash >> 32) * segments as u64) >> 32) as usize
    }
}

/// The splitmix64 finaliser: every output bit depends on every input bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The shared transposition table.
#[derive(Debug)]
pub(crate) struct Table {
    segments: Vec<OnceLock<Box<[AtomicU64]>>>,
    /// Segments in use: entries are placed among the first `in_use`.
    in_use: AtomicUsize,
    /// Segments the table may grow to (lowered if an allocation fails).
    limit: AtomicUsize,
    /// Entries in use (approximate under threads: updated in batches).
    filled: AtomicU64,
    growing: AtomicBool,
}

impl Table {
    /// A table that may grow to `max_bytes` (at least one segment, at most
    /// [`MAX_TABLE_MIB`] MiB: the list of segments is made up front).
    pub(crate) fn new(max_bytes: usize) -> Table {
        let cap = usize::try_from(MAX_TABLE_MIB << 20).unwrap_or(usize::MAX);
        let max = (max_bytes.min(cap) / SEGMENT_BYTES).max(1);
        let segments: Vec<OnceLock<Box<[AtomicU64]>>> = (0..max).map(|_| OnceLock::new()).collect();
        let mut in_use = 0;
        for segment in segments.iter().take(FIRST_SEGMENTS.min(max)) {
            match allocate() {
                Some(words) => {
                    let _ = segment.set(words);
                    in_use += 1;
                }
                None => break,
            }
        }
        assert!(
            in_use > 0,
            "cannot allocate 1 MiB for the transposition table"
        );
        Table {
            segments,
            in_use: AtomicUsize::new(in_use),
            limit: AtomicUsize::new(max),
            filled: AtomicU64::new(0),
            growing: AtomicBool::new(false),
        }
    }

    fn bucket(&self, segment: usize, slot: usize) -> &[AtomicU64] {
        let words = self.segments[segment]
            .get()
            .expect("segments below in_use are allocated");
        &words[slot * WORDS_PER_BUCKET..(slot + 1) * WORDS_PER_BUCKET]
    }

    /// The entry of the position with this key, if the table holds one.
    #[inline]
    pub(crate) fn probe(&self, key: u128) -> Option<Entry> {
        let place = Place::of(key);
        let bucket = self.bucket(place.segment(self.in_use.load(Acquire)), place.slot);
        (0..ENTRIES_PER_BUCKET).find_map(|e| {
            let data = bucket[2 * e + 1].load(Relaxed);
            let check = bucket[2 * e].load(Relaxed) ^ data;
            (data & USED != 0 && check == place.lo && (data >> HI_SHIFT) & HI_MASK == place.hi)
                .then(|| Entry::unpack(data))
        })
    }

    /// Stores what is known about a position (intersected with what the table knew).
    /// Returns whether an unused entry was taken, for the fill count (see [`Table::add_filled`]).
    #[inline]
    pub(crate) fn store(&self, key: u128, entry: Entry) -> bool {
        let place = Place::of(key);
        let bucket = self.bucket(place.segment(self.in_use.load(Acquire)), place.slot);
        put(bucket, place, entry, true).0
    }

    /// Adds to the count of entries in use (searchers count their new entries and report them
    /// in batches).
    pub(crate) fn add_filled(&self, n: u64) {
        if n > 0 {
            self.filled.fetch_add(n, Relaxed);
        }
    }

    /// Entries in use (approximate while threads are searching).
    pub(crate) fn filled(&self) -> u64 {
        self.filled.load(Relaxed)
    }

    /// Entries the table holds at its current size.
    pub(crate) fn capacity(&self) -> u64 {
        (self.in_use.load(Relaxed) * SEGMENT_ENTRIES) as u64
    }

    /// Entries the table may hold at most.
    pub(crate) fn max_capacity(&self) -> u64 {
        (self.limit.load(Relaxed) * SEGMENT_ENTRIES) as u64
    }

    /// Bytes allocated.
    pub(crate) fn bytes(&self) -> usize {
        self.in_use.load(Relaxed) * SEGMENT_BYTES
    }

    /// Calls `f` with every entry in use and its key (for a checkpoint). While threads
    /// search, an entry changed meanwhile may be missed; a torn one fails its key check in
    /// [`Table::probe`] as it would anyway.
    pub(crate) fn for_each<E>(
        &self,
        mut f: impl FnMut(u128, Entry) -> Result<(), E>,
    ) -> Result<(), E> {
        for segment in 0..self.in_use.load(Acquire) {
            for slot in 0..SEGMENT_BUCKETS {
                let bucket = self.bucket(segment, slot);
                for e in 0..ENTRIES_PER_BUCKET {
                    if let Some((place, data)) = Place::stored(bucket, e, slot) {
                        f(place.key(), Entry::unpack(data))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Forgets every entry.
    pub(crate) fn clear(&self) {
        for segment in 0..self.in_use.load(Acquire) {
            for slot in 0..SEGMENT_BUCKETS {
                for word in self.bucket(segment, slot) {
                    word.store(0, Relaxed);
                }
            }
        }
        self.filled.store(0, Relaxed);
    }

    /// Doubles the table (within its limit) if three quarters of it are in use. Entries are
    /// moved to their new places while other threads go on searching: an entry a thread looks
    /// for in the wrong place is simply not found, never mistaken for another.
    pub(crate) fn maybe_grow(&self) {
        let used = self.in_use.load(Acquire);
        let limit = self.limit.load(Relaxed);
        if used >= limit || self.filled() * 4 < (used * SEGMENT_ENTRIES) as u64 * 3 {
            return;
        }
        if self.growing.swap(true, Acquire) {
            return;
        }
        let target = (used * 2).min(limit);
        let mut grown = used;
        while grown < target {
            match allocate() {
                Some(words) => {
                    let _ = self.segments[grown].set(words);
                    grown += 1;
                }
                None => {
                    self.limit.store(grown, Relaxed);
                    break;
                }
            }
        }
        if grown > used {
            self.migrate(used, grown);
            self.in_use.store(grown, Release);
        }
        self.growing.store(false, Release);
    }

    /// Moves every entry of the first `from` segments to its place among `to` segments.
    /// Segments are visited from the last, so that (when the table doubles) entries only move
    /// into segments already visited or new.
    fn migrate(&self, from: usize, to: usize) {
        let mut lost = 0u64;
        for segment in (0..from).rev() {
            for slot in 0..SEGMENT_BUCKETS {
                let bucket = self.bucket(segment, slot);
                for e in 0..ENTRIES_PER_BUCKET {
                    let Some((place, data)) = Place::stored(bucket, e, slot) else {
                        continue;
                    };
                    let target = place.segment(to);
                    if target == segment {
                        continue;
                    }
                    bucket[2 * e].store(0, Relaxed);
                    bucket[2 * e + 1].store(0, Relaxed);
                    let (took_empty, _) =
                        put(self.bucket(target, slot), place, Entry::unpack(data), false);
                    if !took_empty {
                        lost += 1;
                    }
                }
            }
        }
        self.filled.fetch_sub(lost.min(self.filled()), Relaxed);
    }
}

/// Writes an entry into a bucket: over the same position's entry (merging bounds when
/// `merge`), else into an empty entry, else over the entry with the least work. Returns
/// whether an empty entry was taken, and whether the same position was found.
fn put(bucket: &[AtomicU64], place: Place, entry: Entry, merge: bool) -> (bool, bool) {
    let mut empty = None;
    let mut cheapest = (0, u8::MAX);
    for e in 0..ENTRIES_PER_BUCKET {
        let data = bucket[2 * e + 1].load(Relaxed);
        if data & USED == 0 {
            empty = empty.or(Some(e));
            continue;
        }
        let check = bucket[2 * e].load(Relaxed) ^ data;
        if check == place.lo && (data >> HI_SHIFT) & HI_MASK == place.hi {
            let merged = if merge {
                entry.merge(Entry::unpack(data))
            } else {
                entry
            };
            write(bucket, e, merged.pack(place.hi), place.lo);
            return (false, true);
        }
        let work = Entry::unpack(data).work;
        if work < cheapest.1 {
            cheapest = (e, work);
        }
    }
    write(
        bucket,
        empty.unwrap_or(cheapest.0),
        entry.pack(place.hi),
        place.lo,
    );
    (empty.is_some(), false)
}

fn write(bucket: &[AtomicU64], e: usize, data: u64, lo: u64) {
    bucket[2 * e].store(lo ^ data, Relaxed);
    bucket[2 * e + 1].store(data, Relaxed);
}

/// One zeroed segment, or `None` when the memory cannot be had.
fn allocate() -> Option<Box<[AtomicU64]>> {
    let mut words: Vec<AtomicU64> = Vec::new();
    words.try_reserve_exact(SEGMENT_WORDS).ok()?;
    words.extend((0..SEGMENT_WORDS).map(|_| AtomicU64::new(0)));
    Some(words.into_boxed_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(lower: i8, upper: i8) -> Entry {
        Entry {
            lower,
            upper,
            best: 3,
            work: 5,
        }
    }

    #[test]
    fn stores_merge_and_keys_are_exact() {
        let table = Table::new(SEGMENT_BYTES);
        let key = (5u128 << 80) | 12345;
        assert_eq!(table.probe(key), None);
        assert!(table.store(key, entry(-3, 9)));
        assert!(!table.store(key, entry(0, 20)));
        assert_eq!(table.probe(key), Some(entry(0, 9)));
        // Keys that differ in any bit are different positions.
        for bit in 0..106 {
            assert_eq!(table.probe(key ^ 1 << bit), None, "bit {bit}");
        }
    }

    #[test]
    fn a_full_table_replaces_cheap_entries_and_never_grows_past_its_limit() {
        let table = Table::new(2 * SEGMENT_BYTES);
        let n = 3 * (2 * SEGMENT_ENTRIES) as u128;
        for k in 0..n {
            let e = Entry {
                work: (k % 7) as u8,
                ..entry(0, 0)
            };
            table.add_filled(u64::from(table.store(k * 0x9e37_79b9, e)));
        }
        table.maybe_grow();
        assert_eq!(table.bytes(), 2 * SEGMENT_BYTES);
        assert!(table.filled() <= table.capacity());
        // Expensive entries survive better than cheap ones.
        let kept = |w: u128| {
            (0..n)
                .filter(|k| k % 7 == w && table.probe(k * 0x9e37_79b9).is_some())
                .count()
        };
        assert!(kept(6) > kept(0));
    }

    #[test]
    fn every_entry_is_walked_with_its_key_and_cleared() {
        let table = Table::new(4 * SEGMENT_BYTES);
        let keys: Vec<u128> = (0..5000u128)
            .map(|k| (k * 0x9e37_79b9_7f4a) << 30 | k)
            .collect();
        for &k in &keys {
            table.store(k, entry(1, 2));
        }
        let mut seen = Vec::new();
        table
            .for_each(|k, e| {
                seen.push((k, e));
                Ok::<(), ()>(())
            })
            .unwrap();
        seen.sort_by_key(|p| p.0);
        let mut expected: Vec<(u128, Entry)> = keys
            .iter()
            .filter_map(|&k| table.probe(k).map(|e| (k, e)))
            .collect();
        expected.sort_by_key(|p| p.0);
        assert_eq!(seen, expected);
        assert!(seen.len() > 4900);
        table.clear();
        assert!(keys.iter().all(|&k| table.probe(k).is_none()));
    }

    #[test]
    fn growing_keeps_the_entries() {
        let table = Table::new(64 * SEGMENT_BYTES);
        let n = (SEGMENT_ENTRIES * 19 / 10) as u128;
        for k in 0..n {
            let took = table.store(k << 20 | k, entry(1, 1));
            table.add_filled(u64::from(took));
        }
        let before = (0..n)
            .filter(|&k| table.probe(k << 20 | k).is_some())
            .count();
        table.maybe_grow();
        assert_eq!(table.bytes(), 4 * SEGMENT_BYTES);
        let after = (0..n)
            .filter(|&k| table.probe(k << 20 | k).is_some())
            .count();
        assert!(after + after / 50 >= before, "{after} of {before} kept");
        assert!(before as u128 > n * 3 / 4);
    }
}
