//! What a stone on a cell makes for each side: threat flags, the combined class ([`Combo`]), the
//! kind the evaluation's weights are indexed by, and a hand-set value for move ordering.
//!
//! Every empty cell carries, for each side, the four [`Level`]s of its lines (kept up to date
//! by [`Position`](super::Position)). [`cell_info`] turns them into this [`CellInfo`]. The
//! static evaluation itself is learned ([`super::weights`]); the move-ordering constants live
//! here.

use super::pattern::{self, Level};

/// Threat flags of a cell for one side: what a stone there would make.
pub mod flag {
    /// The move wins.
    pub const FIVE: u8 = 1;
    /// The move makes an open four or a double four: it wins next move unless the opponent
    /// wins first.
    pub const OPEN_FOUR: u8 = 1 << 1;
    /// The move makes at least a four on some line (a threat to win next move).
    pub const FOUR: u8 = 1 << 2;
    /// The move makes an open three on some line (a threat to make an open four).
    pub const THREE: u8 = 1 << 3;
    /// A four on one line and an open three on another.
    pub const FOUR_THREE: u8 = 1 << 4;
    /// Open threes on two lines.
    pub const DOUBLE_THREE: u8 = 1 << 5;
    /// Some line through the cell can still become a winning row for this side.
    pub const LIVE: u8 = 1 << 6;
}

/// Value of each [`Level`] of one line through an empty cell, indexed by the level.
pub const LEVEL_VALUE: [i32; 9] = [
    0,   // None
    1,   // One
    4,   // Block2
    10,  // Flex2
    12,  // Block3
    40,  // Flex3
    45,  // Block4
    200, // Flex4
    600, // Five
];
/// Extra value of a cell that makes a four and an open three at once.
pub const FOUR_THREE_BONUS: i32 = 300;
/// Extra value of a cell that makes two open threes.
pub const DOUBLE_THREE_BONUS: i32 = 120;
/// Extra value of a cell that makes two fours (a double four wins like an open four).
pub const DOUBLE_FOUR_BONUS: i32 = 400;

/// Move ordering: a winning move first, then blocking the opponent's five, making an open
/// four, and so on down; within a tier the cell's value for the mover and for the opponent.
pub mod order {
    /// The move wins.
    pub const WIN: i32 = 1 << 28;
    /// The move blocks the opponent's winning cell.
    pub const BLOCK_FIVE: i32 = 1 << 27;
    /// The move makes an open four (or double four).
    pub const OPEN_FOUR: i32 = 1 << 26;
    /// The move blocks the opponent's open four to be.
    pub const BLOCK_OPEN_FOUR: i32 = 1 << 25;
    /// The move makes a four and an open three.
    pub const FOUR_THREE: i32 = 1 << 24;
}

/// What a stone on a cell makes across its four lines together, weakest first: the classes
/// the search reasons with (how many cells of each class a side has is kept as stones come and
/// go). Names for k = 5; for other k the same shapes one stone from a `k` row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Combo {
    /// Nothing of note.
    #[default]
    None = 0,
    /// An open two.
    Flex2,
    /// A three (one stone from a four).
    Block3,
    /// Two open twos.
    Flex2x2,
    /// A three with another three or an open two.
    Block3Plus,
    /// An open three (one stone from an open four).
    Flex3,
    /// An open three with a three or an open two.
    Flex3Plus,
    /// Two open threes: the double three.
    Flex3x2,
    /// A four (one winning cell next move).
    Block4,
    /// A four with a three or an open two.
    Block4Plus,
    /// A four and an open three: the four-three.
    Block4Flex3,
    /// An open four or a double four: a win next move the opponent cannot stop.
    Flex4,
    /// Five: the move wins.
    Five,
}

impl Combo {
    /// Every class, weakest first.
    pub const ALL: [Combo; 13] = [
        Combo::None,
        Combo::Flex2,
        Combo::Block3,
        Combo::Flex2x2,
        Combo::Block3Plus,
        Combo::Flex3,
        Combo::Flex3Plus,
        Combo::Flex3x2,
        Combo::Block4,
        Combo::Block4Plus,
        Combo::Block4Flex3,
        Combo::Flex4,
        Combo::Five,
    ];

    /// The class of four line levels.
    #[must_use]
    pub fn of(levels: [Level; 4]) -> Combo {
        let n = |l: Level| levels.iter().filter(|&&x| x == l).count();
        let (fives, flex4, block4) = (n(Level::Five), n(Level::Flex4), n(Level::Block4));
        let (flex3, block3, flex2) = (n(Level::Flex3), n(Level::Block3), n(Level::Flex2));
        let plus = block3 + flex2 > 0;
        if fives > 0 {
            Combo::Five
        } else if flex4 > 0 || block4 >= 2 {
            Combo::Flex4
        } else if block4 == 1 {
            if flex3 > 0 {
                Combo::Block4Flex3
            } else if plus {
                Combo::Block4Plus
            } else {
                Combo::Block4
            }
        } else if flex3 >= 2 {
            Combo::Flex3x2
        } else if flex3 == 1 {
            if plus { Combo::Flex3Plus } else { Combo::Flex3 }
        } else if block3 >= 2 || (block3 == 1 && flex2 > 0) {
            Combo::Block3Plus
        } else if flex2 >= 2 {
            Combo::Flex2x2
        } else if block3 == 1 {
            Combo::Block3
        } else if flex2 == 1 {
            Combo::Flex2
        } else {
            Combo::None
        }
    }

    /// Whether the move makes at least a four.
    #[must_use]
    pub const fn is_four(self) -> bool {
        self as u8 >= Combo::Block4 as u8
    }
}

/// A cell's flags, class, kind and value for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellInfo {
    /// [`flag`] bits.
    pub flags: u8,
    /// What a stone here makes for this side, the four lines together.
    pub combo: Combo,
    /// The kind of cell the evaluation's weights are indexed by ([`pattern::code`]);
    /// [`CellInfo::OCCUPIED`]'s for a cell with a stone.
    pub code: u16,
    /// Heuristic value of a stone here for this side (for move ordering).
    pub value: i32,
}

impl Default for CellInfo {
    /// An occupied cell: nothing for anybody.
    fn default() -> Self {
        CellInfo::OCCUPIED
    }
}

impl CellInfo {
    /// The info of a cell with a stone on it.
    pub const OCCUPIED: CellInfo = CellInfo {
        flags: 0,
        combo: Combo::None,
        code: u16::MAX,
        value: 0,
    };

    /// Whether every flag of `mask` is set.
    #[must_use]
    pub const fn has(self, mask: u8) -> bool {
        self.flags & mask == mask
    }
}

/// The flags and value of a cell from the levels of its four lines.
#[must_use]
pub fn cell_info(levels: [Level; 4]) -> CellInfo {
    let mut fives = 0;
    let mut flex4 = 0;
    let mut fours = 0;
    let mut threes = 0;
    let mut value = 0;
    let mut live = false;
    for l in levels {
        value += LEVEL_VALUE[l as usize];
        live |= l != Level::None;
        match l {
            Level::Five => fives += 1,
            Level::Flex4 => {
                flex4 += 1;
                fours += 1;
            }
            Level::Block4 => fours += 1,
            Level::Flex3 => threes += 1,
            _ => {}
        }
    }
    let mut flags = 0;
    if live {
        flags |= flag::LIVE;
    }
    if fives > 0 {
        flags |= flag::FIVE;
    }
    if fours > 0 {
        flags |= flag::FOUR;
    }
    if flex4 > 0 || fours >= 2 {
        flags |= flag::OPEN_FOUR;
    }
    if fours >= 2 {
        value += DOUBLE_FOUR_BONUS;
    }
    if threes > 0 {
        flags |= flag::THREE;
    }
    if fours > 0 && threes > 0 {
        flags |= flag::FOUR_THREE;
        value += FOUR_THREE_BONUS;
    }
    if threes >= 2 {
        flags |= flag::DOUBLE_THREE;
        value += DOUBLE_THREE_BONUS;
    }
    CellInfo {
        flags,
        combo: Combo::of(levels),
        code: pattern::code(levels),
        value,
    }
}

/// [`cell_info`] of every combination of four levels, indexed by [`combination`].
#[must_use]
pub fn cell_info_table() -> &'static [CellInfo] {
    static TABLE: std::sync::OnceLock<Vec<CellInfo>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..9usize.pow(4))
            .map(|i| {
                cell_info(std::array::from_fn(|d| {
                    Level::from_index((i / 9usize.pow(d as u32) % 9) as u8)
                }))
            })
            .collect()
    })
}

/// The index of four levels in [`cell_info_table`]: level `d` is digit `d` in base 9.
#[must_use]
pub fn combination(levels: [Level; 4]) -> usize {
    levels.iter().rev().fold(0, |acc, &l| acc * 9 + l as usize)
}

/// The ordering tier of a move, from what it makes for the mover (`own`) and what it takes
/// from the opponent (`theirs`: the cell's info for the opponent): a win, the block of a five,
/// an open four, the block of an open four, a four-three ([`order`]), else 0. Within a tier
/// moves are ordered by the weights' ordering tables
/// ([`Position::move_score`](super::Position::move_score)).
#[must_use]
pub fn tier(own: CellInfo, theirs: CellInfo) -> i32 {
    if own.has(flag::FIVE) {
        order::WIN
    } else if theirs.has(flag::FIVE) {
        order::BLOCK_FIVE
    } else if own.has(flag::OPEN_FOUR) {
        order::OPEN_FOUR
    } else if theirs.has(flag::OPEN_FOUR) {
        order::BLOCK_OPEN_FOUR
    } else if own.has(flag::FOUR_THREE) {
        order::FOUR_THREE
    } else {
        0
    }
}

/// The initiative state for `me` (to move) against `them`, from how many cells of each class
/// each side has (`count(side, at_least)`): which threats are on the board.
#[must_use]
pub fn threat_mask(count: impl Fn(bool, Combo, Combo) -> bool) -> usize {
    // (mine?, from, to inclusive): a bit per class range.
    const BITS: [(bool, Combo, Combo); 11] = [
        (false, Combo::Five, Combo::Five),
        (true, Combo::Flex4, Combo::Flex4),
        (false, Combo::Flex4, Combo::Flex4),
        (true, Combo::Block4Plus, Combo::Block4Flex3),
        (true, Combo::Block4, Combo::Block4),
        (true, Combo::Flex3Plus, Combo::Flex3x2),
        (true, Combo::Flex3, Combo::Flex3),
        (false, Combo::Block4Plus, Combo::Block4Flex3),
        (false, Combo::Block4, Combo::Block4),
        (false, Combo::Flex3Plus, Combo::Flex3x2),
        (false, Combo::Flex3, Combo::Flex3),
    ];
    BITS.iter()
        .enumerate()
        .filter(|&(_, &(mine, from, to))| count(mine, from, to))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_raise_flags() {
        use Level::*;
        let i = cell_info([Block4, Flex3, One, None]);
        assert!(i.has(flag::FOUR | flag::THREE | flag::FOUR_THREE | flag::LIVE));
        assert!(!i.has(flag::OPEN_FOUR));
        assert!(cell_info([Block4, Block4, None, None]).has(flag::OPEN_FOUR));
        assert!(cell_info([Flex4, None, None, None]).has(flag::OPEN_FOUR | flag::FOUR));
        assert!(cell_info([Flex3, Flex3, None, None]).has(flag::DOUBLE_THREE));
        let dead = cell_info([None; 4]);
        assert_eq!(
            (dead.flags, dead.combo, dead.code, dead.value),
            (0, Combo::None, 0, 0)
        );
        assert!(cell_info([Five, None, None, None]).has(flag::FIVE));
    }

    #[test]
    fn the_mask_has_a_bit_per_threat_class() {
        assert_eq!(threat_mask(|_, _, _| false), 0);
        assert_eq!(
            threat_mask(|_, _, _| true),
            crate::engine::weights::MASKS - 1
        );
        // Only the opponent's five: bit 0.
        assert_eq!(threat_mask(|mine, from, _| !mine && from == Combo::Five), 1);
    }

    #[test]
    fn classes_agree_with_the_flags() {
        use Level::*;
        assert_eq!(Combo::of([Block4, Flex3, One, None]), Combo::Block4Flex3);
        assert_eq!(Combo::of([Block4, Block4, None, None]), Combo::Flex4);
        assert_eq!(Combo::of([Flex3, Flex3, Block2, One]), Combo::Flex3x2);
        assert_eq!(Combo::of([Flex3, Block3, None, None]), Combo::Flex3Plus);
        assert_eq!(Combo::of([Block3, Flex2, None, None]), Combo::Block3Plus);
        assert_eq!(Combo::of([Flex2, Flex2, One, One]), Combo::Flex2x2);
        assert_eq!(Combo::of([Block2, One, One, None]), Combo::None);
        // Every combination of levels: the class and the flags tell the same story.
        for info in cell_info_table() {
            let c = info.combo;
            assert_eq!(info.has(flag::FIVE), c == Combo::Five, "{info:?}");
            if c == Combo::Five {
                continue;
            }
            assert_eq!(info.has(flag::OPEN_FOUR), c == Combo::Flex4, "{info:?}");
            assert_eq!(info.has(flag::FOUR), c.is_four(), "{info:?}");
            assert_eq!(
                c == Combo::Block4Flex3,
                info.has(flag::FOUR_THREE) && !info.has(flag::OPEN_FOUR),
                "{info:?}"
            );
            if c == Combo::Flex3x2 {
                assert!(info.has(flag::DOUBLE_THREE));
            }
        }
    }

    #[test]
    fn the_table_holds_every_combination() {
        use Level::*;
        let table = cell_info_table();
        for levels in [
            [None; 4],
            [Five, Flex3, One, Block2],
            [Block4, None, Flex3, Flex4],
        ] {
            assert_eq!(table[combination(levels)], cell_info(levels));
        }
        assert_eq!(combination([One, None, None, None]), 1);
        assert_eq!(combination([None, One, None, None]), 9);
    }

    #[test]
    fn winning_and_blocking_come_first() {
        let five = cell_info([Level::Five, Level::None, Level::None, Level::None]);
        let open_three = cell_info([Level::Flex3, Level::Flex3, Level::Flex2, Level::One]);
        let nothing = CellInfo::default();
        assert!(tier(five, nothing) > tier(open_three, five));
        assert!(tier(nothing, five) > tier(open_three, open_three));
    }
}
