//! The lines of seed 003's `getAllLines` and what the seed's substring tests find in one line,
//! computed twice: by walking the line's runs of stones ([`line_facts`], the from-scratch twin,
//! used by the checks) and from the line's stones as bit masks ([`mask_facts`], remembered by
//! [`FactsMemo`], what the board keeps up to date).

use crate::game::{Cell, Size};

/// Stone codes on the seed board: the machine's `x` (the side to move at the root), the
/// opponent's `o`.
pub(super) const EMPTY: u8 = 0;
pub(super) const X: u8 = 1;
pub(super) const O: u8 = 2;

/// The lines of seed 003's `getAllLines` (with its duplicates on square boards).
#[must_use]
pub fn seed_lines(size: Size) -> Vec<Vec<Cell>> {
    let cell = |r: i32, c: i32| size.cell(r, c).expect("seed lines stay on the board");
    let (w, h) = (i32::from(size.width), i32::from(size.height));
    let mut lines = Vec::new();
    if size.is_square() {
        let n = w;
        for i in 0..n {
            lines.push((0..n).map(|j| cell(i, j)).collect());
            lines.push((0..n).map(|j| cell(j, i)).collect());
            lines.push((i..n).map(|j| cell(j, j - i)).collect());
            lines.push((0..=i).map(|j| cell(j, i - j)).collect());
            lines.push((n - 1 - i..n).map(|j| cell(j - (n - 1 - i), j)).collect());
            lines.push((i..n).map(|j| cell(j, n - 1 - (j - i))).collect());
        }
    } else {
        for r in 0..h {
            lines.push((0..w).map(|c| cell(r, c)).collect());
        }
        for c in 0..w {
            lines.push((0..h).map(|r| cell(r, c)).collect());
        }
        // Down-right diagonals start on the left column or the top row; down-left ones on the
        // top row or the right column.
        let starts = (0..h).map(|r| (r, 0)).chain((1..w).map(|c| (0, c)));
        for (r0, c0) in starts {
            lines.push(
                (0..)
                    .map(|t| (r0 + t, c0 + t))
                    .take_while(|&(r, c)| r < h && c < w)
                    .map(|(r, c)| cell(r, c))
                    .collect(),
            );
        }
        let starts = (0..w).map(|c| (0, c)).chain((1..h).map(|r| (r, w - 1)));
        for (r0, c0) in starts {
            lines.push(
                (0..)
                    .map(|t| (r0 + t, c0 - t))
                    .take_while(|&(r, c)| r < h && c >= 0)
                    .map(|(r, c)| cell(r, c))
                    .collect(),
            );
        }
    }
    lines
}

/// What the seed's substring tests find in one line, or summed over lines: each count is
/// the number of lines where the test holds (a line listed twice counts twice).
///
/// Packed in one integer, so that summing facts is one addition:
///
/// | bits | field |
/// |---|---|
/// | 0..10 | lines with `'x'*k` |
/// | 10..20 | lines with `'o'*k` |
/// | 20..30 | lines with `'-'+'o'*(k-1)+'-'` (only `o`'s is ever asked) |
/// | 30..41 | `('x'*(k-1)+'-' in line) + ('-'+'x'*(k-1) in line)`, summed |
/// | 41..52 | the same for `o` |
/// | 52.. | `heuristicFunc(line)`: the change it makes to the score, signed |
///
/// `getAllLines` lists at most 6 x 26 = 156 lines, so no count reaches its field's limit
/// (1024, 2048) and carries into the next; the heuristic, on top, carries the sign of the
/// whole. Differences of facts are therefore exact as long as the result is a sum of facts.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Facts(i128);

impl Facts {
    const FIVE: [u32; 2] = [0, 10];
    const O_OPEN_K1: u32 = 20;
    const K1_ENDS: [u32; 2] = [30, 41];
    const HEURISTIC: u32 = 52;

    /// The facts of one line.
    #[inline(always)]
    pub fn line(five: [bool; 2], o_open_k1: bool, k1_ends: [i32; 2], heuristic: i32) -> Self {
        Facts(
            i128::from(five[0]) << Self::FIVE[0]
                | i128::from(five[1]) << Self::FIVE[1]
                | i128::from(o_open_k1) << Self::O_OPEN_K1
                | i128::from(k1_ends[0]) << Self::K1_ENDS[0]
                | i128::from(k1_ends[1]) << Self::K1_ENDS[1]
                | i128::from(heuristic) << Self::HEURISTIC,
        )
    }

    fn field(self, at: u32, bits: u32) -> i32 {
        ((self.0 >> at) & ((1 << bits) - 1)) as i32
    }

    /// Lines with `'x'*k` (`c` = 0) or `'o'*k` (`c` = 1).
    #[inline]
    pub fn five(self, c: usize) -> i32 {
        self.field(Self::FIVE[c], 10)
    }

    /// Lines with `'-'+'o'*(k-1)+'-'`.
    #[inline]
    pub fn o_open_k1(self) -> i32 {
        self.field(Self::O_OPEN_K1, 10)
    }

    /// Runs of `k-1` with a gap after and with a gap before, of `x` (`c` = 0) or `o` (1).
    #[inline]
    pub fn k1_ends(self, c: usize) -> i32 {
        self.field(Self::K1_ENDS[c], 11)
    }

    /// `heuristicFunc` summed: the change to the score.
    #[inline]
    pub fn heuristic(self) -> i32 {
        (self.0 >> Self::HEURISTIC) as i32
    }
}

impl std::ops::Add for Facts {
    type Output = Facts;
    #[inline(always)]
    fn add(self, other: Facts) -> Facts {
        Facts(self.0 + other.0)
    }
}

impl std::ops::Sub for Facts {
    type Output = Facts;
    #[inline(always)]
    fn sub(self, other: Facts) -> Facts {
        Facts(self.0 - other.0)
    }
}

impl std::ops::Mul<i32> for Facts {
    type Output = Facts;
    #[inline(always)]
    fn mul(self, times: i32) -> Facts {
        Facts(self.0 * i128::from(times))
    }
}

impl std::fmt::Debug for Facts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Facts")
            .field("five", &[self.five(0), self.five(1)])
            .field("o_open_k1", &self.o_open_k1())
            .field("k1_ends", &[self.k1_ends(0), self.k1_ends(1)])
            .field("heuristic", &self.heuristic())
            .finish()
    }
}

/// The facts of one line by walking its runs of stones: the from-scratch twin of
/// [`mask_facts`], cell by cell as the seed's strings read.
#[cfg(any(test, debug_assertions))]
pub(super) fn line_facts(line: &[Cell], grid: &[u8], k: usize) -> Facts {
    // For each colour: longest run, longest run followed by '-', longest run preceded by '-',
    // and whether some run of exactly k-1 has '-' on both sides.
    let mut longest = [0usize; 2];
    let mut before_gap = [0usize; 2];
    let mut after_gap = [0usize; 2];
    let mut open_k1 = [false; 2];
    let mut i = 0;
    while i < line.len() {
        let stone = grid[line[i].index()];
        let mut j = i;
        while j < line.len() && grid[line[j].index()] == stone {
            j += 1;
        }
        if stone != EMPTY {
            let c = usize::from(stone - 1);
            let len = j - i;
            let gap_before = i > 0 && grid[line[i - 1].index()] == EMPTY;
            let gap_after = j < line.len() && grid[line[j].index()] == EMPTY;
            longest[c] = longest[c].max(len);
            if gap_after {
                before_gap[c] = before_gap[c].max(len);
            }
            if gap_before {
                after_gap[c] = after_gap[c].max(len);
            }
            open_k1[c] |= gap_before && gap_after && len + 1 == k;
        }
        i = j;
    }
    let mut five = [false; 2];
    let mut k1_ends = [0; 2];
    let mut o_open_k1 = open_k1[1];
    let mut heuristic = 0;
    for c in 0..2 {
        five[c] = longest[c] >= k;
        k1_ends[c] = i32::from(before_gap[c] >= k - 1) + i32::from(after_gap[c] >= k - 1);
        let sign = if c == 0 { 1 } else { -1 };
        for i in k / 2..k {
            let i32_i = i as i32;
            // 'c'*i+'-' in line, and '-'+'c'*i in line; with i = 0 the pattern is '-' and adds 0.
            heuristic +=
                sign * i32_i * (i32::from(before_gap[c] >= i) + i32::from(after_gap[c] >= i));
        }
    }
    // With k = 1 the k-1 patterns are the bare '-' (one end each) and '--' (open).
    if k == 1 {
        let gaps: Vec<bool> = line.iter().map(|c| grid[c.index()] == EMPTY).collect();
        let has_gap = gaps.contains(&true);
        k1_ends = [2 * i32::from(has_gap); 2];
        o_open_k1 = gaps.windows(2).any(|w| w[0] && w[1]);
    }
    Facts::line(five, o_open_k1, k1_ends, heuristic)
}

/// The facts of one line from bit masks: bit `j` stands for the line's `j`-th cell; `x` and `o`
/// hold the stones, `full` the line's cells (its length in low bits). `k` is at most 26.
///
/// A run of `i` stones starting at cell `p` followed by a gap (`'c'*i+'-'`) is bit `p` of
/// `run_i & (empty >> i)`, where bit `p` of `run_i` says that cells `p..p+i` all hold the
/// stone; preceded by a gap (`'-'+'c'*i`) it is bit `p` of `run_i & (empty << 1)`.
#[inline]
pub(super) fn mask_facts(x: u32, o: u32, full: u32, k: u32) -> Facts {
    let empty = full & !(x | o);
    let gap_before = empty << 1;
    // run[c] bit p: the i cells from p on all hold c's stones; run_0 = every cell, as the
    // i = 0 patterns are '-' alone.
    let mut run = [full, full];
    for i in 0..k / 2 {
        run[0] &= x >> i;
        run[1] &= o >> i;
    }
    // The ends of runs of i: 'c'*i+'-' in line, plus '-'+'c'*i in line.
    let ends = |run: u32, i: u32| {
        let after = run & (empty >> i) != 0;
        // With i = 0 the pattern '-' may also follow the line's last cell.
        let before = if i == 0 {
            empty != 0
        } else {
            run & gap_before != 0
        };
        i32::from(after) + i32::from(before)
    };
    let mut heuristic = 0;
    for i in k / 2..k - 1 {
        heuristic += i as i32 * (ends(run[0], i) - ends(run[1], i));
        run[0] &= x >> i;
        run[1] &= o >> i;
    }
    // i = k - 1, which is at least k / 2.
    let i = k - 1;
    let k1_ends = [ends(run[0], i), ends(run[1], i)];
    heuristic += i as i32 * (k1_ends[0] - k1_ends[1]);
    let o_open_k1 = run[1] & (empty >> i) & gap_before != 0;
    run[0] &= x >> i;
    run[1] &= o >> i;
    Facts::line([run[0] != 0, run[1] != 0], o_open_k1, k1_ends, heuristic)
}

/// [`mask_facts`] remembered: a search meets the same few thousand line states over and over.
/// A direct-mapped table keyed by the line's stones and length; a slot keeps the last state
/// that hashed to it, so a clash only costs a recomputation.
pub(super) struct FactsMemo {
    k: u32,
    /// (key, facts); key 0 is the line of no cell, whose facts are 0: a fresh slot is right.
    slots: Vec<(u64, Facts)>,
}

impl FactsMemo {
    /// 4,096 slots (128 KiB): measured on seed 003's 8x8 positions, 1,024 to 16,384 slots
    /// all save about a third of the search time, 4,096 a little more than the others.
    const SLOTS_LOG2: u32 = 12;

    pub fn new(k: u32) -> Self {
        FactsMemo {
            k,
            slots: vec![(0, Facts::default()); 1 << Self::SLOTS_LOG2],
        }
    }

    /// [`mask_facts`] of a line of `full.count_ones()` cells (at most 26).
    #[inline]
    pub fn get(&mut self, x: u32, o: u32, full: u32) -> Facts {
        let key = u64::from(x) | u64::from(o) << 26 | u64::from(full.count_ones()) << 52;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::SLOTS_LOG2)) as usize;
        let (known, facts) = self.slots[slot];
        if known == key {
            facts
        } else {
            self.fill(slot, key, x, o, full)
        }
    }

    /// A state not met before, or not since its slot went to another.
    #[inline(never)]
    fn fill(&mut self, slot: usize, key: u64, x: u32, o: u32, full: u32) -> Facts {
        let facts = mask_facts(x, o, full, self.k);
        self.slots[slot] = (key, facts);
        facts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_lines_repeat_the_main_diagonals() {
        let lines = seed_lines(Size::square(3));
        assert_eq!(lines.len(), 18);
        let main: Vec<Cell> = vec![Cell(0), Cell(4), Cell(8)];
        let anti: Vec<Cell> = vec![Cell(2), Cell(4), Cell(6)];
        assert_eq!(lines.iter().filter(|l| **l == main).count(), 2);
        assert_eq!(lines.iter().filter(|l| **l == anti).count(), 2);
        // Every cell of a rectangle lies on exactly one line of each of the four directions.
        let rect = seed_lines(Size::new(5, 3));
        for c in Size::new(5, 3).all_cells() {
            assert_eq!(rect.iter().filter(|l| l.contains(&c)).count(), 4);
        }
    }

    /// The seed's tests written out as Python's `pattern in line` on the line as a string.
    fn substring_facts(text: &str, k: usize) -> Facts {
        let has = |p: String| text.contains(&p);
        let rep = |c: &str, n: usize| c.repeat(n);
        let mut k1_ends = [0; 2];
        for (i, c) in ["x", "o"].iter().enumerate() {
            k1_ends[i] =
                i32::from(has(rep(c, k - 1) + "-")) + i32::from(has(format!("-{}", rep(c, k - 1))));
        }
        let mut heuristic = 0;
        for i in k / 2..k {
            for (c, sign) in [("o", -1), ("x", 1)] {
                heuristic += sign
                    * i as i32
                    * (i32::from(has(rep(c, i) + "-")) + i32::from(has(format!("-{}", rep(c, i)))));
            }
        }
        Facts::line(
            [has(rep("x", k)), has(rep("o", k))],
            has(format!("-{}-", rep("o", k - 1))),
            k1_ends,
            heuristic,
        )
    }

    fn both_ways(text: &str, k: usize) -> (Facts, Facts) {
        let size = Size::new(text.len() as u8, 1);
        let grid: Vec<u8> = text
            .bytes()
            .map(|b| match b {
                b'x' => X,
                b'o' => O,
                _ => EMPTY,
            })
            .collect();
        let line: Vec<Cell> = size.all_cells().collect();
        let bits = |stone: u8| {
            grid.iter()
                .enumerate()
                .filter(|&(_, &g)| g == stone)
                .fold(0u32, |m, (j, _)| m | 1 << j)
        };
        let full = (1u32 << text.len()) - 1;
        (
            line_facts(&line, &grid, k),
            mask_facts(bits(X), bits(O), full, k as u32),
        )
    }

    #[test]
    fn line_facts_match_python_substring_tests() {
        let k = 5;
        for text in [
            "-xxxx-",
            "xxxx-o",
            "oxxxxo",
            "-oooo-",
            "ooooo",
            "xx-oo-xxx-",
            "-ooo--xx",
            "o-o-o",
            "-xxxxx-",
        ] {
            let (scan, masks) = both_ways(text, k);
            assert_eq!(scan, substring_facts(text, k), "{text}");
            assert_eq!(masks, substring_facts(text, k), "{text}");
        }
    }

    /// Every line of up to 9 cells, every k from 1 to 7: both ways agree with the substrings.
    #[test]
    fn every_short_line_matches_the_substring_tests() {
        let mut checked = 0;
        for len in 1..=9u32 {
            for code in 0..3u32.pow(len) {
                let text: String = (0..len)
                    .map(|j| ['-', 'x', 'o'][(code / 3u32.pow(j) % 3) as usize])
                    .collect();
                for k in 1..=7 {
                    let want = substring_facts(&text, k);
                    let (scan, masks) = both_ways(&text, k);
                    assert_eq!(scan, want, "scan {text} k={k}");
                    assert_eq!(masks, want, "masks {text} k={k}");
                    checked += 1;
                }
            }
        }
        // 3 + 9 + ... + 3^9 lines, 7 values of k each.
        assert_eq!(checked, 7 * (3u32.pow(10) - 3) / 2);
    }
}
