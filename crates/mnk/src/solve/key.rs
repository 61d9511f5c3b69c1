//! Positions up to symmetry: the images of a position under the board's symmetries, kept up
//! to date move by move, and an exact key for the smallest image.
//!
//! The key identifies the image completely (it is an encoding, not a hash), so the
//! transposition table can verify an entry exactly: see [`super::table`]. Boards of up to
//! [`RAW_CELLS`] cells use two bits per cell (`x | o << cells`, below 2^106); larger ones
//! (up to 64 cells) the base-3 number of the position, below 3^64 < 2^102.

use crate::game::{Size, Symmetry};

/// Boards up to this many cells get the raw key `x | o << cells`.
pub(crate) const RAW_CELLS: usize = 53;

/// The cell permutation of each symmetry used, identity first.
#[derive(Debug, Clone)]
pub(crate) struct Symmetries {
    cells: usize,
    perm: Vec<[u8; 64]>,
    inverse: Vec<[u8; 64]>,
}

/// A position (X and O masks) under every symmetry: `x[s]`, `o[s]` are its image under
/// symmetry `s`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Images {
    x: [u64; 8],
    o: [u64; 8],
}

impl Symmetries {
    /// The symmetries of `size`, or only the identity when `use_symmetry` is off.
    pub(crate) fn new(size: Size, use_symmetry: bool) -> Self {
        let all = Symmetry::all(size);
        let used = if use_symmetry { all } else { &all[..1] };
        let perm: Vec<[u8; 64]> = used
            .iter()
            .map(|s| {
                let mut p = [0u8; 64];
                for c in size.all_cells() {
                    p[c.index()] = s.apply(size, c).0 as u8;
                }
                p
            })
            .collect();
        let inverse = perm
            .iter()
            .map(|p| {
                let mut inv = [0u8; 64];
                for i in 0..size.cells() {
                    inv[usize::from(p[i])] = i as u8;
                }
                inv
            })
            .collect();
        Symmetries {
            cells: size.cells(),
            perm,
            inverse,
        }
    }

    /// The image of `cell` under symmetry `s`.
    pub(crate) fn apply(&self, s: usize, cell: u8) -> u8 {
        self.perm[s][usize::from(cell)]
    }

    /// The cell whose image under symmetry `s` is `cell`.
    pub(crate) fn unapply(&self, s: usize, cell: u8) -> u8 {
        self.inverse[s][usize::from(cell)]
    }

    /// The image of the cells `mask` under symmetry `s`.
    pub(crate) fn apply_mask(&self, s: usize, mask: u64) -> u64 {
        if s == 0 {
            mask
        } else {
            map(&self.perm[s], mask)
        }
    }

    /// The cells whose image under symmetry `s` is `mask`.
    pub(crate) fn unapply_mask(&self, s: usize, mask: u64) -> u64 {
        if s == 0 {
            mask
        } else {
            map(&self.inverse[s], mask)
        }
    }

    /// The images of the position given by its X and O masks.
    pub(crate) fn images(&self, x: u64, o: u64) -> Images {
        let mut images = Images::default();
        for (s, p) in self.perm.iter().enumerate() {
            images.x[s] = map(p, x);
            images.o[s] = map(p, o);
        }
        images
    }

    /// Adds (or, called again, removes) a stone on `cell`, for X when `x` is true.
    #[inline]
    pub(crate) fn toggle(&self, images: &mut Images, cell: u8, x: bool) {
        let side = if x { &mut images.x } else { &mut images.o };
        for (s, p) in self.perm.iter().enumerate() {
            side[s] ^= 1 << p[usize::from(cell)];
        }
    }

    /// The exact key of the smallest image and the symmetry that produces it.
    #[inline]
    pub(crate) fn key(&self, images: &Images) -> (u128, usize) {
        let n = self.cells;
        let raw = |s: usize| {
            if n <= RAW_CELLS {
                u128::from(images.x[s]) | u128::from(images.o[s]) << n
            } else {
                u128::from(images.o[s]) << 64 | u128::from(images.x[s])
            }
        };
        let mut best = (raw(0), 0);
        for s in 1..self.perm.len() {
            let k = raw(s);
            if k < best.0 {
                best = (k, s);
            }
        }
        if n > RAW_CELLS {
            best.0 = base3(images.x[best.1], images.o[best.1]);
        }
        best
    }

    /// The position a key encodes, as X's and O's masks in the key's orientation; `None` for a
    /// number no position of this board has (a cell of both sides, a stone off the board).
    pub(crate) fn decode(&self, key: u128) -> Option<(u64, u64)> {
        let n = self.cells;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let (x, o) = if n <= RAW_CELLS {
            if key >> (2 * n) != 0 {
                return None;
            }
            ((key as u64) & full, (key >> n) as u64 & full)
        } else {
            let (mut rest, mut x, mut o) = (key, 0u64, 0u64);
            for cell in 0..n {
                match rest % 3 {
                    1 => x |= 1 << cell,
                    2 => o |= 1 << cell,
                    _ => {}
                }
                rest /= 3;
            }
            if rest != 0 {
                return None;
            }
            (x, o)
        };
        (x & o == 0).then_some((x, o))
    }

    /// The symmetries (as a bit set) that leave the position unchanged; bit 0 is always set.
    #[inline]
    pub(crate) fn stabilizer(&self, images: &Images) -> u8 {
        let mut set = 1u8;
        for s in 1..self.perm.len() {
            if images.x[s] == images.x[0] && images.o[s] == images.o[0] {
                set |= 1 << s;
            }
        }
        set
    }
}

fn map(perm: &[u8; 64], mut bits: u64) -> u64 {
    let mut out = 0u64;
    while bits != 0 {
        out |= 1 << perm[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    out
}

/// The position as a base-3 number: digit 1 for X, 2 for O, cell 0 least significant.
///
/// The number is linear in the two masks: `ternary(x) + 2 * ternary(o)`, where `ternary`
/// reads a mask's bits as base-3 digits, a byte at a time from a table.
fn base3(x: u64, o: u64) -> u128 {
    ternary(x) + 2 * ternary(o)
}

/// `bits` read as a base-3 number: the sum of 3^i over its set bits.
#[inline]
fn ternary(bits: u64) -> u128 {
    /// 3^40: the low five bytes are summed in a `u64` ((3^40 - 1) / 2 < 2^64), the high three
    /// in another, and the two joined by one wide multiplication.
    const POW_40: u64 = 3u64.pow(40);
    let horner = |bytes: std::ops::Range<u32>| {
        bytes.rev().fold(0u64, |k, b| {
            k * 6561 + u64::from(TERNARY_BYTE[(bits >> (8 * b)) as u8 as usize])
        })
    };
    u128::from(horner(5..8)) * u128::from(POW_40) + u128::from(horner(0..5))
}

/// Each byte read as a base-3 number (`ternary` of eight bits, at most 3,280).
const TERNARY_BYTE: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut value = 0u16;
        let mut bit = 8;
        while bit > 0 {
            bit -= 1;
            value = value * 3 + ((byte >> bit) & 1) as u16;
        }
        table[byte] = value;
        byte += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn symmetric_positions_share_a_key_and_the_stabilizer_sees_symmetry() {
        let syms = Symmetries::new(Size::square(5), true);
        assert_eq!(syms.perm.len(), 8);
        // X on a corner, O next to it; and the mirrored position.
        let a = syms.images(1 << 0, 1 << 1);
        let b = syms.images(1 << 4, 1 << 3);
        assert_eq!(syms.key(&a).0, syms.key(&b).0);
        assert_ne!(syms.key(&a).0, syms.key(&syms.images(1 << 0, 1 << 2)).0);
        // The centre alone is fixed by all eight.
        assert_eq!(syms.stabilizer(&syms.images(1 << 12, 0)), 0xff);
        assert_eq!(syms.stabilizer(&a).count_ones(), 1);
        // Toggling keeps the images in step with a fresh computation.
        let mut c = syms.images(1 << 0, 0);
        syms.toggle(&mut c, 7, false);
        assert_eq!(c, syms.images(1 << 0, 1 << 7));
        syms.toggle(&mut c, 7, false);
        assert_eq!(c, syms.images(1 << 0, 0));
    }

    #[test]
    fn keys_decode_to_their_positions() {
        for size in [Size::new(4, 4), Size::new(8, 8), Size::new(7, 6)] {
            let syms = Symmetries::new(size, true);
            let images = syms.images(0b1001, 0b0110 << 8);
            let (key, s) = syms.key(&images);
            let (x, o) = syms.decode(key).unwrap();
            let (ix, io) = (images.x[s], images.o[s]);
            assert_eq!((x, o), (ix, io), "{size}");
        }
        let small = Symmetries::new(Size::new(3, 3), false);
        assert_eq!(small.decode(1 | 1 << 9), None, "a cell of both sides");
        assert_eq!(small.decode(1 << 18), None, "a stone off the board");
        let large = Symmetries::new(Size::new(8, 8), false);
        assert_eq!(large.decode(3u128.pow(64)), None);
        assert_eq!(large.decode(3u128.pow(63) * 2), Some((0, 1 << 63)));
    }

    #[test]
    fn base3_keys_are_distinct_on_large_boards() {
        let syms = Symmetries::new(Size::square(8), false);
        let k1 = syms.key(&syms.images(1, 2)).0;
        let k2 = syms.key(&syms.images(2, 1)).0;
        let k3 = syms.key(&syms.images(1 << 63, 0)).0;
        assert_ne!(k1, k2);
        assert_eq!(k1, 1 + 2 * 3);
        assert_eq!(k3, 3u128.pow(63));
        assert!(syms.key(&syms.images(0, u64::MAX)).0 < 1u128 << 102);
    }

    /// The definition: one base-3 digit per cell, cell 63 first.
    fn digits(x: u64, o: u64) -> u128 {
        (0..64).rev().fold(0u128, |k, i| {
            k * 3 + u128::from((x >> i) & 1) + 2 * u128::from((o >> i) & 1)
        })
    }

    proptest! {
        #[test]
        fn base3_reads_every_cell_as_a_digit(a: u64, b: u64, c: u64) {
            // X and O never share a cell: sparse masks, and the full board split in two.
            prop_assert_eq!(base3(a & b, !a & c), digits(a & b, !a & c));
            prop_assert_eq!(base3(a, !a), digits(a, !a));
        }
    }

    #[test]
    fn base3_of_full_and_one_sided_boards() {
        assert_eq!(base3(0, u64::MAX), 3u128.pow(64) - 1);
        assert_eq!(base3(u64::MAX, 0), (3u128.pow(64) - 1) / 2);
        for shift in 0..64 {
            let x = u64::MAX << shift;
            assert_eq!(base3(x, 0), digits(x, 0), "x {x:#x}");
        }
    }
}
