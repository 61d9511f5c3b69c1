//! Zobrist keys: one random 64-bit key per (side, cell), fixed at compile time.
//!
//! The side to move needs no key of its own: it follows from the number of stones.

use super::geometry::{Cell, MAX_CELLS};
use super::side::Side;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn generate() -> [[u64; MAX_CELLS]; 2] {
    let mut keys = [[0u64; MAX_CELLS]; 2];
    let mut state = 0x6D6E_6B5F_7A6F_6272; // "mnk_zobr"
    let mut side = 0;
    while side < 2 {
        let mut cell = 0;
        while cell < MAX_CELLS {
            let (next, key) = splitmix64(state);
            state = next;
            keys[side][cell] = key;
            cell += 1;
        }
        side += 1;
    }
    keys
}

static KEYS: [[u64; MAX_CELLS]; 2] = generate();

/// The key XOR-ed into a position's hash when `side` has a stone on `cell`.
#[must_use]
pub fn key(side: Side, cell: Cell) -> u64 {
    KEYS[side.index()][cell.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let all: HashSet<u64> = KEYS.iter().flatten().copied().collect();
        assert_eq!(all.len(), 2 * MAX_CELLS);
        assert!(!all.contains(&0));
    }
}
