//! Evaluation: what a move on a cell is worth to each side, and the static value of a position.
//!
//! Every empty cell carries, for each side, the four [`Level`]s of its lines (kept up to date
//! by [`Position`](super::Position)). [`cell_info`] turns them into threat flags (five, open
//! four, four, three, and their combinations) and a value. The static evaluation is the sum of
//! the side to move's cell values minus the opponent's, with a bonus for having the move.
//! All tuning constants live here.

use super::pattern::Level;

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
/// The side to move's own cell values count this many quarters (having the move is worth it).
pub const TEMPO_QUARTERS: i32 = 5;

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
    /// Attack counts this many halves of the cell's value for the mover.
    pub const ATTACK_HALVES: i32 = 3;
}

/// A cell's flags and value for one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellInfo {
    /// [`flag`] bits.
    pub flags: u8,
    /// Heuristic value of a stone here for this side.
    pub value: i32,
}

impl CellInfo {
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
    CellInfo { flags, value }
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

/// The static value for the side to move, from the sums of both sides' cell values.
#[must_use]
pub const fn static_value(own_sum: i32, opponent_sum: i32) -> i32 {
    own_sum * TEMPO_QUARTERS / 4 - opponent_sum
}

/// The ordering score of a move, from what it makes for the mover (`own`) and what it takes
/// from the opponent (`theirs`: the cell's info for the opponent).
#[must_use]
pub fn move_score(own: CellInfo, theirs: CellInfo) -> i32 {
    let tier = if own.has(flag::FIVE) {
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
    };
    tier + own.value * order::ATTACK_HALVES / 2 + theirs.value
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
        assert_eq!(cell_info([None; 4]), CellInfo::default());
        assert!(cell_info([Five, None, None, None]).has(flag::FIVE));
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
        assert!(move_score(five, nothing) > move_score(open_three, five));
        assert!(move_score(nothing, five) > move_score(open_three, open_three));
    }
}
