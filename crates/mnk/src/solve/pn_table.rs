//! The proof-number search's table: for positions whose question is still open, their proof
//! and disproof numbers and the moves the search considers there (see `dfpn`). One search
//! owns it (no sharing between threads); it is exact like the shared table (the whole key is
//! kept), bounded, and grows by doubling.
//!
//! # Layout
//! A slot is four 64-bit words: the key's low 64 bits; its high bits (below 2^42) with the
//! work at bits 56..62 and bit 63 set when the slot is in use; the proof number (low 32 bits)
//! and the disproof number (high 32 bits); the moves, a mask of cells in the key's
//! orientation. Slots come in buckets of four (128 bytes, two cache lines): a key lives in the
//! bucket `mix(key) mod buckets`, and a store replaces the slot of the same key, else an empty
//! one, else the one whose result cost the least work. The table doubles when three quarters
//! of its slots are in use.

/// Bytes of one slot.
const SLOT_BYTES: usize = 32;
/// Slots of a new table (2 MiB).
const FIRST_SLOTS: usize = 1 << 16;
const USED: u64 = 1 << 63;
const WORK_SHIFT: u32 = 56;
const HIGH_MASK: u64 = (1 << WORK_SHIFT) - 1;
/// Slots per bucket.
const BUCKET: usize = 4;

/// What the table keeps about one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PnEntry {
    /// Proof number: a measure of the work left to prove the attacker wins (0: proved).
    pub pn: u32,
    /// Disproof number: the same for "the attacker does not win" (0: disproved).
    pub dn: u32,
    /// The moves searched at the position, in the key's orientation.
    pub moves: u64,
    /// log2 of the nodes the entry cost (0..=63), for replacement.
    pub work: u8,
}

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    low: u64,
    high: u64,
    numbers: u64,
    moves: u64,
}

/// The table of one proof-number search.
#[derive(Debug)]
pub(crate) struct PnTable {
    slots: Vec<Slot>,
    filled: usize,
    max_slots: usize,
}

impl PnTable {
    /// An empty table that may grow to about `max_bytes` (at least its first size).
    pub(crate) fn new(max_bytes: usize) -> PnTable {
        PnTable {
            slots: vec![Slot::default(); FIRST_SLOTS],
            filled: 0,
            max_slots: (max_bytes / SLOT_BYTES).max(FIRST_SLOTS),
        }
    }

    /// Lets the table grow to about `max_bytes` (never below its size now).
    pub(crate) fn allow(&mut self, max_bytes: usize) {
        self.max_slots = (max_bytes / SLOT_BYTES).max(self.slots.len());
    }

    /// Where the key lives (valid until the next [`PnTable::put`]).
    pub(crate) fn place(&self, key: u128) -> usize {
        let h = mix(key as u64 ^ mix((key >> 64) as u64));
        (h as usize & (self.slots.len() / BUCKET - 1)) * BUCKET
    }

    /// The entry of the position with this key, if the table holds one.
    pub(crate) fn get(&self, key: u128) -> Option<PnEntry> {
        self.get_at(key, self.place(key))
    }

    /// [`PnTable::get`] with the key's [`PnTable::place`].
    pub(crate) fn get_at(&self, key: u128, at: usize) -> Option<PnEntry> {
        let (low, high) = split(key);
        self.slots[at..at + BUCKET]
            .iter()
            .find(|s| s.low == low && s.high & (HIGH_MASK | USED) == high | USED)
            .map(|s| PnEntry {
                pn: s.numbers as u32,
                dn: (s.numbers >> 32) as u32,
                moves: s.moves,
                work: ((s.high & !USED) >> WORK_SHIFT) as u8,
            })
    }

    /// Stores an entry for the position with this key (replacing what the table knew of it).
    pub(crate) fn put(&mut self, key: u128, entry: PnEntry) {
        if self.filled * 4 >= self.slots.len() * 3 && self.slots.len() < self.max_slots {
            self.grow();
        }
        self.insert(key, entry);
    }

    fn insert(&mut self, key: u128, entry: PnEntry) {
        let (low, high) = split(key);
        let at = self.place(key);
        let slot = Slot {
            low,
            high: high | u64::from(entry.work.min(63)) << WORK_SHIFT | USED,
            numbers: u64::from(entry.pn) | u64::from(entry.dn) << 32,
            moves: entry.moves,
        };
        let work = |s: &Slot| (s.high & !USED) >> WORK_SHIFT;
        let bucket = &mut self.slots[at..at + BUCKET];
        let target = if let Some(i) = (0..BUCKET).find(|&i| {
            bucket[i].high & USED != 0 && bucket[i].low == low && bucket[i].high & HIGH_MASK == high
        }) {
            i
        } else if let Some(i) = (0..BUCKET).find(|&i| bucket[i].high & USED == 0) {
            self.filled += 1;
            i
        } else {
            (0..BUCKET).min_by_key(|&i| work(&bucket[i])).unwrap_or(0)
        };
        bucket[target] = slot;
    }

    /// Doubles the table, keeping every entry.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![Slot::default(); old.len() * 2];
        self.filled = 0;
        for s in old.into_iter().filter(|s| s.high & USED != 0) {
            let key = u128::from(s.high & HIGH_MASK) << 64 | u128::from(s.low);
            let at = self.place(key);
            if let Some(i) = (0..BUCKET).find(|&i| self.slots[at + i].high & USED == 0) {
                self.slots[at + i] = s;
                self.filled += 1;
            }
        }
    }
}

/// The key's low word and its high bits (keys are below 2^106: the high bits fit in 42).
fn split(key: u128) -> (u64, u64) {
    let high = (key >> 64) as u64;
    debug_assert!(high <= HIGH_MASK, "keys are below 2^106");
    (key as u64, high)
}

/// The splitmix64 finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(pn: u32, dn: u32, work: u8) -> PnEntry {
        PnEntry {
            pn,
            dn,
            moves: u64::from(pn) << 7 | 5,
            work,
        }
    }

    #[test]
    fn entries_are_exact_replaced_by_work_and_kept_when_growing() {
        let mut table = PnTable::new(0);
        let key = 3u128 << 100 | 77;
        assert_eq!(table.get(key), None);
        table.put(key, entry(4, 9, 2));
        assert_eq!(table.get(key), Some(entry(4, 9, 2)));
        table.put(key, entry(0, u32::MAX, 3));
        assert_eq!(table.get(key), Some(entry(0, u32::MAX, 3)));
        for bit in 0..106 {
            assert_eq!(table.get(key ^ 1 << bit), None, "bit {bit}");
        }
        // A table that cannot grow keeps the costlier entries.
        let n = 3 * FIRST_SLOTS as u128;
        for k in 0..n {
            table.put(k * 0x9e37_79b9, entry(1, 1, (k % 7) as u8));
        }
        assert_eq!(table.slots.len(), FIRST_SLOTS);
        let kept = |w: u128| {
            (0..n)
                .filter(|k| k % 7 == w && table.get(k * 0x9e37_79b9).is_some())
                .count()
        };
        assert!(kept(6) > kept(0));
        // A table that may grow keeps most entries (a bucket that overflows before the table
        // grows loses one), and growing loses none.
        let mut table = PnTable::new(8 * FIRST_SLOTS * SLOT_BYTES);
        for k in 0..n {
            table.put(k << 50 | k, entry(k as u32, 1, 1));
        }
        assert!(table.slots.len() > FIRST_SLOTS);
        let kept = |table: &PnTable| {
            (0..n)
                .filter(|&k| table.get(k << 50 | k) == Some(entry(k as u32, 1, 1)))
                .count()
        };
        let before = kept(&table);
        assert!(before as u128 > n * 8 / 10, "{before} of {n}");
        table.grow();
        assert_eq!(kept(&table), before);
    }
}
