//! Line patterns for any k: what a stone on an empty cell would make along one line.
//!
//! A pattern is read from one side's point of view on the `2R + 1` cells of a line centred on
//! an empty cell (the radius `R` is `k - 1` under the freestyle rule and `k` under the exact
//! rule, which must see the cell beyond a run of `k`). Each cell is [`EMPTY`], [`OWN`] or
//! [`BLOCKED`] (an opponent's stone or off the board).
//!
//! Everything is defined through the **k-windows through the centre**: a window is *live* for
//! the side when it holds no blocked cell and, under the exact rule, neither cell just beyond
//! it holds an own stone (filling it would make an overline, which does not win). With the
//! stone placed on the centre:
//!
//! | level | meaning (k = 5 names) |
//! |---|---|
//! | [`Level::Five`] | a live window is full: the move wins |
//! | [`Level::Flex4`] | live windows of `k - 1` stones leave two or more distinct winning cells (open four) |
//! | [`Level::Block4`] | exactly one winning cell (four) |
//! | [`Level::Flex3`] | some next stone makes a `Flex4` (open three) |
//! | [`Level::Block3`] | a live window of `k - 2` stones: some next stone makes a four (three) |
//! | [`Level::Flex2`] | some next stone makes a `Flex3` (open two) |
//! | [`Level::Block2`] | a live window of `k - 3` stones (two) |
//! | [`Level::One`] | some live window at all: a `k` can still be made here |
//! | [`Level::None`] | no live window: the cell is dead for this side along this line |
//!
//! Every level counts only runs through the centre, so a pattern elsewhere on the line that
//! the centre stone does not join adds nothing. For small `k` the lower levels do not exist
//! (with `k = 2` a stone is already a four); the definitions hold for every `k >= 1`.

use std::sync::OnceLock;

/// A cell of a line, seen by one side: nothing on it.
pub const EMPTY: u8 = 0;
/// A cell of a line, seen by one side: its own stone.
pub const OWN: u8 = 1;
/// A cell of a line, seen by one side: an opponent's stone or off the board.
pub const BLOCKED: u8 = 2;

/// What a stone on the centre makes along one line, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Level {
    /// No live window through the cell.
    #[default]
    None = 0,
    /// A live window, but nothing more.
    One,
    /// A window of `k - 3` stones (a two).
    Block2,
    /// A stone away from a [`Level::Flex3`] (an open two).
    Flex2,
    /// A window of `k - 2` stones: a stone away from a four (a three).
    Block3,
    /// A stone away from an open four (an open three).
    Flex3,
    /// One winning cell next move (a four).
    Block4,
    /// Two or more winning cells next move (an open four).
    Flex4,
    /// The move wins.
    Five,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 9] = [
        Level::None,
        Level::One,
        Level::Block2,
        Level::Flex2,
        Level::Block3,
        Level::Flex3,
        Level::Block4,
        Level::Flex4,
        Level::Five,
    ];

    /// The level with this discriminant (`Level::ALL[i]`).
    #[must_use]
    pub const fn from_index(i: u8) -> Level {
        Level::ALL[i as usize]
    }

    /// Whether the move makes at least a four (a winning threat for the next move).
    #[must_use]
    pub const fn is_four(self) -> bool {
        self as u8 >= Level::Block4 as u8
    }
}

/// The radius of the line a pattern depends on.
#[must_use]
pub const fn radius(k: usize, exact: bool) -> usize {
    if exact { k } else { k.saturating_sub(1) }
}

/// The pattern of an empty centre cell: `line` has `2 * radius(k, exact) + 1` cells and its
/// centre is [`EMPTY`]. The slice is used as scratch space and restored.
///
/// # Panics
/// If the line has the wrong length or its centre is not empty (a caller's bug).
#[must_use]
pub fn classify(line: &mut [u8], k: usize, exact: bool) -> Level {
    let r = radius(k, exact);
    assert_eq!(line.len(), 2 * r + 1, "line of the wrong length");
    assert_eq!(line[r], EMPTY, "the centre must be empty");
    line[r] = OWN;
    let level = CentreWindows { k, exact, r }.placed(line);
    line[r] = EMPTY;
    level
}

/// The windows of one classification.
#[derive(Clone, Copy)]
struct CentreWindows {
    k: usize,
    exact: bool,
    r: usize,
}

impl CentreWindows {
    /// Own stones in the live window starting at `s`, or `None` when it is not live.
    fn live(self, line: &[u8], s: usize) -> Option<usize> {
        let cells = &line[s..s + self.k];
        if cells.contains(&BLOCKED) {
            return None;
        }
        if self.exact {
            let before = s.checked_sub(1).map(|i| line[i]);
            let after = line.get(s + self.k).copied();
            if before == Some(OWN) || after == Some(OWN) {
                return None;
            }
        }
        Some(cells.iter().filter(|&&c| c == OWN).count())
    }

    /// Start of every window through the centre that fits the line.
    fn starts(self) -> impl Iterator<Item = usize> {
        (self.r + 1).saturating_sub(self.k)..=self.r
    }

    /// The empty cells of the live windows through the centre holding `count` own stones.
    fn windows_with(self, line: &[u8], count: usize, out: &mut Vec<Vec<usize>>) {
        out.clear();
        for s in self.starts() {
            if self.live(line, s) == Some(count) {
                out.push((s..s + self.k).filter(|&i| line[i] == EMPTY).collect());
            }
        }
    }

    /// The level of a line whose centre already holds the stone.
    fn placed(self, line: &mut [u8]) -> Level {
        let k = self.k;
        let mut wins: Vec<usize> = Vec::new();
        let mut any_live = false;
        for s in self.starts() {
            match self.live(line, s) {
                Some(n) if n == k => return Level::Five,
                Some(n) if n + 1 == k => {
                    let empty = (s..s + k).find(|&i| line[i] == EMPTY).expect("one empty");
                    if !wins.contains(&empty) {
                        wins.push(empty);
                    }
                    any_live = true;
                }
                Some(_) => any_live = true,
                None => {}
            }
        }
        match wins.len() {
            0 => {}
            1 => return Level::Block4,
            _ => return Level::Flex4,
        }
        if !any_live {
            return Level::None;
        }
        if let Some(three) = (k >= 3).then(|| self.three(line)).flatten() {
            return three;
        }
        if k >= 4 {
            let mut windows = Vec::new();
            self.windows_with(line, k - 3, &mut windows);
            if !windows.is_empty() {
                let mut tried: Vec<usize> = Vec::new();
                for &e in windows.iter().flatten() {
                    if tried.contains(&e) {
                        continue;
                    }
                    tried.push(e);
                    line[e] = OWN;
                    let flex = self.three(line) == Some(Level::Flex3);
                    line[e] = EMPTY;
                    if flex {
                        return Level::Flex2;
                    }
                }
                return Level::Block2;
            }
        }
        Level::One
    }

    /// `Flex3` or `Block3` when the line (with no four through the centre) has live windows of
    /// `k - 2` stones through the centre.
    fn three(self, line: &[u8]) -> Option<Level> {
        let mut windows = Vec::new();
        self.windows_with(line, self.k - 2, &mut windows);
        if windows.is_empty() {
            return None;
        }
        // A next stone `e` makes an open four when the windows holding `e` leave at least two
        // distinct other cells to win on.
        for &e in windows.iter().flatten() {
            let mut partners: Vec<usize> = Vec::new();
            for w in windows.iter().filter(|w| w.contains(&e)) {
                for &f in w.iter().filter(|&&f| f != e) {
                    if !partners.contains(&f) {
                        partners.push(f);
                    }
                }
            }
            if partners.len() >= 2 {
                return Some(Level::Flex3);
            }
        }
        Some(Level::Block3)
    }
}

/// Powers of three, for the base-3 line keys.
pub const POW3: [u32; 20] = {
    let mut p = [1u32; 20];
    let mut i = 1;
    while i < 20 {
        p[i] = p[i - 1] * 3;
        i += 1;
    }
    p
};

/// The line of a base-3 key: digit `j` (least significant first) is the cell at offset
/// `j - R` for `j < R` and `j - R + 1` otherwise (the centre is skipped and empty).
#[must_use]
pub fn decode(mut key: u32, r: usize) -> Vec<u8> {
    let mut line = vec![EMPTY; 2 * r + 1];
    for slot in 0..2 * r {
        line[slot_index(slot, r)] = (key % 3) as u8;
        key /= 3;
    }
    line
}

/// The index in the line of key digit `slot`.
#[must_use]
pub const fn slot_index(slot: usize, r: usize) -> usize {
    if slot < r { slot } else { slot + 1 }
}

/// The key digit of the cell at `offset` (non-zero, `-R..=R`) from the centre.
#[must_use]
pub const fn offset_slot(offset: isize, r: usize) -> usize {
    if offset < 0 {
        (offset + r as isize) as usize
    } else {
        (offset + r as isize - 1) as usize
    }
}

/// Keys of at most this many digits get a table of every line (3^10 = 59,049 entries).
pub const DENSE_DIGITS: usize = 10;

/// The level of every line key of radius `r` (at least the rule's [`radius`], small enough
/// for a table: [`DENSE_DIGITS`]). A wider radius than the rule's serves a position whose
/// other side plays under the other rule (renju: black exact, white freestyle).
#[must_use]
pub fn dense_table(k: usize, exact: bool, r: usize) -> Vec<Level> {
    debug_assert!(2 * r <= DENSE_DIGITS && r >= radius(k, exact));
    (0..POW3[2 * r])
        .map(|key| classify_wide(&mut decode(key, r), k, exact))
        .collect()
}

/// Whether a stone on the centre of each line key of radius `r` joins own stones on both
/// sides into a run longer than `k` (an overline; renju forbids black one).
#[must_use]
pub fn overline_table(k: usize, r: usize) -> Vec<bool> {
    debug_assert!(2 * r <= DENSE_DIGITS);
    (0..POW3[2 * r])
        .map(|key| {
            let line = decode(key, r);
            let left = line[..r].iter().rev().take_while(|&&c| c == OWN).count();
            let right = line[r + 1..].iter().take_while(|&&c| c == OWN).count();
            left + right >= k
        })
        .collect()
}

/// [`classify`] for a line of any odd length at least the rule's: the cells beyond the rule's
/// [`radius`] change nothing and are left out.
///
/// # Panics
/// If the line is shorter than the rule's or its centre is not empty (a caller's bug).
#[must_use]
pub fn classify_wide(line: &mut [u8], k: usize, exact: bool) -> Level {
    let (centre, r) = (line.len() / 2, radius(k, exact));
    assert!(centre >= r, "line shorter than the rule's radius");
    classify(&mut line[centre - r..=centre + r], k, exact)
}

/// Kinds of cell ([`code`]): multisets of four levels out of nine, `C(12, 4)`.
pub const CODES: usize = 495;

/// The four line levels of a kind of cell (weakest first): the inverse of [`code`].
///
/// # Panics
/// If `code` is not below [`CODES`].
#[must_use]
pub fn levels_of(code: u16) -> [Level; 4] {
    static LEVELS: OnceLock<Vec<[Level; 4]>> = OnceLock::new();
    let levels = LEVELS.get_or_init(|| {
        let mut all = Vec::with_capacity(CODES);
        for a in 0..9u8 {
            for b in a..9 {
                for c in b..9 {
                    for d in c..9 {
                        all.push([a, b, c, d].map(Level::from_index));
                    }
                }
            }
        }
        all
    });
    levels[usize::from(code)]
}

/// The kind of a cell from its four line levels: the index of their multiset among all
/// multisets of four of the nine levels, in lexicographic order of their sorted levels.
#[must_use]
pub fn code(levels: [Level; 4]) -> u16 {
    static INDEX: OnceLock<Vec<u16>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut sorted_index = vec![0u16; 9 * 9 * 9 * 9];
        let mut next = 0u16;
        for a in 0..9usize {
            for b in a..9 {
                for c in b..9 {
                    for d in c..9 {
                        sorted_index[((a * 9 + b) * 9 + c) * 9 + d] = next;
                        next += 1;
                    }
                }
            }
        }
        sorted_index
    });
    let mut l = levels.map(|l| l as usize);
    l.sort_unstable();
    index[((l[0] * 9 + l[1]) * 9 + l[2]) * 9 + l[3]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_ignore_the_order_of_the_lines_and_cover_every_multiset() {
        use Level::*;
        assert_eq!(code([None; 4]), 0);
        assert_eq!(code([Five; 4]) as usize, CODES - 1);
        assert_eq!(
            code([Flex3, None, Block4, One]),
            code([Block4, One, None, Flex3])
        );
        let mut seen = std::collections::HashSet::new();
        for i in 0..9usize.pow(4) {
            let levels: [Level; 4] =
                std::array::from_fn(|d| Level::from_index((i / 9usize.pow(d as u32) % 9) as u8));
            let c = code(levels);
            seen.insert(c);
            // levels_of gives the same multiset back, sorted.
            let mut sorted = levels;
            sorted.sort_unstable();
            assert_eq!(levels_of(c), sorted);
        }
        assert_eq!(seen.len(), CODES);
    }

    /// The level of the `.` in a line written with `x` (own), `o` (blocked), `-` (empty);
    /// the line is padded with blocked cells (the board's edge) to the needed length.
    fn level(text: &str, k: usize, exact: bool) -> Level {
        let r = radius(k, exact);
        let centre = text.find('.').expect("a centre");
        let cells: Vec<u8> = text
            .bytes()
            .map(|b| match b {
                b'x' => OWN,
                b'o' => BLOCKED,
                _ => EMPTY,
            })
            .collect();
        let mut line = vec![BLOCKED; 2 * r + 1];
        for (i, &c) in cells.iter().enumerate() {
            let at = r as isize + i as isize - centre as isize;
            if (0..line.len() as isize).contains(&at) {
                line[at as usize] = c;
            }
        }
        classify(&mut line, k, exact)
    }

    #[test]
    fn gomoku_patterns() {
        let free = |t| level(t, 5, false);
        assert_eq!(free("-xx.xx-"), Level::Five);
        assert_eq!(free("oxxxx.o"), Level::Five);
        assert_eq!(free("--xxx.--"), Level::Flex4);
        assert_eq!(free("oxxx.-"), Level::Block4);
        assert_eq!(free("-x-x.x-"), Level::Block4); // x.xxx with one gap: one winning cell
        assert_eq!(free("x-x.x-x"), Level::Flex4); // two winning cells on one line
        assert_eq!(free("--xx.---"), Level::Flex3);
        assert_eq!(free("-x-x.--"), Level::Flex3);
        assert_eq!(free("oxx.---"), Level::Block3);
        assert_eq!(free("o-xx.-o"), Level::Block3); // room for one five only
        assert_eq!(free("---x.---"), Level::Flex2);
        assert_eq!(free("ox.---"), Level::Block2);
        assert_eq!(free("---.---"), Level::One);
        assert_eq!(free("o---.o"), Level::None); // four cells between walls
    }

    #[test]
    fn exact_rule_overlines_are_not_fives() {
        let exact = |t| level(t, 5, true);
        assert_eq!(exact("-xx.xx-"), Level::Five);
        assert_eq!(exact("xxx.xx-"), Level::None); // six in a row, and nothing else fits
        assert_eq!(level("xxx.xx-", 5, false), Level::Five);
        assert_eq!(exact("-x-xxx.-"), Level::Block4); // the gap would make six: one end only
        assert_eq!(exact("x-xxx.-"), Level::Block4);
        assert_eq!(exact("--xxx.--"), Level::Flex4);
        assert_eq!(exact("x-xxx.--"), Level::Block4); // filling the gap makes six
    }

    #[test]
    fn other_k() {
        assert_eq!(level(".", 1, false), Level::Five);
        assert_eq!(level("o.o", 2, false), Level::None);
        assert_eq!(level("o.-", 2, false), Level::Block4);
        assert_eq!(level("-.-", 2, false), Level::Flex4);
        assert_eq!(level("-x.o", 3, false), Level::Block4);
        assert_eq!(level("--.--", 3, false), Level::Flex3);
        assert_eq!(level("o.--", 3, false), Level::Block3);
        assert_eq!(level("o.-o", 3, false), Level::None);
        // k = 6: an open five is a Flex4, four in a row with room an open three, three an
        // open two.
        assert_eq!(level("-xxxx.-", 6, false), Level::Flex4);
        assert_eq!(level("---xxx.---", 6, false), Level::Flex3);
        assert_eq!(level("--xx.---", 6, false), Level::Flex2);
    }

    #[test]
    fn keys_round_trip() {
        let r = 4;
        for key in [0u32, 1, 2, 3, 80, 6560] {
            let line = decode(key, r);
            assert_eq!(line[r], EMPTY);
            let back: u32 = (0..2 * r)
                .map(|slot| u32::from(line[slot_index(slot, r)]) * POW3[slot])
                .sum();
            assert_eq!(back, key);
        }
        assert_eq!(offset_slot(-4, 4), 0);
        assert_eq!(offset_slot(1, 4), 4);
        assert_eq!(slot_index(offset_slot(3, 4), 4), 7);
    }

    #[test]
    fn the_dense_table_agrees_with_the_classifier() {
        let table = dense_table(5, false, 4);
        assert_eq!(table.len(), 6561);
        assert_eq!(
            table.iter().filter(|&&l| l == Level::Five).count(),
            table
                .iter()
                .enumerate()
                .filter(|&(key, _)| classify(&mut decode(key as u32, 4), 5, false) == Level::Five)
                .count()
        );
    }

    #[test]
    fn a_wider_table_reads_only_the_rules_radius() {
        // Freestyle k = 5 read at renju's radius 5: the outermost cell of each side is ignored,
        // so every wide key has the level of its inner key in the table of radius 4.
        let narrow = dense_table(5, false, 4);
        let wide = dense_table(5, false, 5);
        assert_eq!(wide.len(), 59_049);
        let mut differ = 0;
        for (key, &level) in wide.iter().enumerate() {
            let line = decode(key as u32, 5);
            let inner: u32 = (0..8)
                .map(|slot| u32::from(line[slot_index(slot, 4) + 1]) * POW3[slot])
                .sum();
            differ += usize::from(narrow[inner as usize] != level);
        }
        assert_eq!(differ, 0);
        // The exact rule does read the outer cells: an own stone beyond a five spoils it.
        let exact = dense_table(5, true, 5);
        assert_ne!(exact, wide);
    }
}
