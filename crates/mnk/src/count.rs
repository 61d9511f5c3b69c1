//! Counting ground truth: perft (move sequences of a given length) and the census of every
//! reachable position (`count`), both from any starting position.
//!
//! The census walks the *graph* of positions one ply at a time, merging transpositions and
//! carrying the number of move sequences that reach each position in a 128-bit counter, so
//! 4x4 k=4 (9,722,011 positions, about 1.5 x 10^13 games) takes seconds rather than ages.
//! Positions are keyed by their exact X/O bit masks, so boards of up to 64 cells are supported.

use crate::game::{Board, Cell, Side, SymmetryTable, WinMasks};
use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;
use thiserror::Error;

/// Why a census cannot run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CountError {
    /// Position keys are 64-bit masks.
    #[error("counting works on boards of at most 64 cells; {cells} is too many")]
    TooManyCells {
        /// Cells on the board.
        cells: usize,
    },
    /// A rule whose forbidden moves the census does not know (renju).
    #[error(
        "counting does not cover the {0} rule yet: it walks bit masks without renju's forbidden moves; count a freestyle or exact board"
    )]
    Rule(crate::game::Rule),
    /// One ply of the walk could hold more positions than fit in memory.
    #[error(
        "counting this board could hold up to {bound} positions at one ply, more than the limit of {limit}; \
         try a smaller board (4x4 and below count in seconds) or a position with more stones (--moves)"
    )]
    TooLarge {
        /// Upper bound of positions at the widest ply.
        bound: u128,
        /// The limit.
        limit: u128,
    },
}

/// Figures for one ply of the census.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Level {
    /// Stones added to the starting position.
    pub depth: u32,
    /// Distinct positions at this ply.
    pub positions: u64,
    /// Distinct finished positions at this ply.
    pub terminal: u64,
    /// Distinct positions up to the board's symmetries.
    pub positions_up_to_symmetry: u64,
    /// Move sequences of this length (perft at this depth).
    pub sequences: u128,
    /// Sequences ending with an X win at this ply.
    pub x_wins: u128,
    /// Sequences ending with an O win at this ply.
    pub o_wins: u128,
    /// Sequences ending with a full board and no winner at this ply.
    pub draws: u128,
}

/// The census of every position reachable from a starting position.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Census {
    /// Distinct reachable positions, the start included.
    pub positions: u64,
    /// Distinct finished positions.
    pub terminal: u64,
    /// Distinct positions up to symmetry.
    pub positions_up_to_symmetry: u64,
    /// Complete games (move sequences to a finished position).
    pub games: u128,
    /// Games X wins.
    pub x_wins: u128,
    /// Games O wins.
    pub o_wins: u128,
    /// Drawn games.
    pub draws: u128,
    /// Per-ply figures.
    pub levels: Vec<Level>,
}

/// The largest number of positions one ply may hold before the census refuses.
pub const LEVEL_LIMIT: u128 = 60_000_000;

/// Upper bound on the positions at the widest ply reachable from `board`.
#[must_use]
pub fn widest_level_bound(board: &Board) -> u128 {
    let empty = board.empty_cells() as u128;
    let mut best = 0;
    for j in 0..=empty {
        // j more stones, of which ceil(j/2) belong to the side to move.
        best = best.max(binomial(empty, j) * binomial(j, j.div_ceil(2)));
    }
    best
}

fn binomial(n: u128, k: u128) -> u128 {
    let k = k.min(n - k);
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// One ply of positions: exact key -> (sequences reaching it, result if finished).
type Frontier = FxHashMap<(u64, u64), (u128, Option<Option<Side>>)>;

/// Walks the positions reachable from `board`, at most `max_depth` plies deep.
///
/// # Errors
/// [`CountError`] when the board has more than 64 cells or a ply could exceed [`LEVEL_LIMIT`].
///
/// # Examples
/// ```
/// use mnk::count::census;
/// use mnk::game::{Board, Variant};
/// let c = census(&Board::new(Variant::tic_tac_toe()), None).unwrap();
/// assert_eq!((c.positions, c.terminal, c.positions_up_to_symmetry), (5478, 958, 765));
/// assert_eq!((c.games, c.x_wins, c.o_wins, c.draws), (255_168, 131_184, 77_904, 46_080));
/// ```
pub fn census(board: &Board, max_depth: Option<u32>) -> Result<Census, CountError> {
    let variant = *board.variant();
    if variant.rule().has_forbidden_moves() {
        return Err(CountError::Rule(variant.rule()));
    }
    let rules = WinMasks::new(&variant).ok_or(CountError::TooManyCells {
        cells: variant.size().cells(),
    })?;
    let bound = widest_level_bound(board);
    if bound > LEVEL_LIMIT {
        return Err(CountError::TooLarge {
            bound,
            limit: LEVEL_LIMIT,
        });
    }
    let symmetry = SymmetryTable::new(variant.size());
    let (x, o) = board.masks().expect("checked: at most 64 cells");
    let start_result = match board.status() {
        s if s.is_over() => Some(s.winner()),
        _ => None,
    };
    let mut frontier: Frontier = FxHashMap::default();
    frontier.insert((x, o), (1, start_result));
    let mut to_move = board.to_move();
    let mut census = Census::default();
    for depth in 0.. {
        let level = summarise(depth, &frontier, &symmetry);
        census.positions += level.positions;
        census.terminal += level.terminal;
        census.positions_up_to_symmetry += level.positions_up_to_symmetry;
        census.x_wins += level.x_wins;
        census.o_wins += level.o_wins;
        census.draws += level.draws;
        census.levels.push(level);
        if max_depth.is_some_and(|d| depth >= d) {
            break;
        }
        frontier = expand(&frontier, to_move, &rules);
        if frontier.is_empty() {
            break;
        }
        to_move = to_move.other();
    }
    census.games = census.x_wins + census.o_wins + census.draws;
    Ok(census)
}

fn summarise(depth: u32, frontier: &Frontier, symmetry: &SymmetryTable) -> Level {
    let mut level = Level {
        depth,
        positions: frontier.len() as u64,
        ..Level::default()
    };
    let mut canonical = FxHashSet::default();
    for (&(x, o), &(paths, result)) in frontier {
        level.sequences += paths;
        canonical.insert(symmetry.canonical_masks(x, o));
        if let Some(winner) = result {
            level.terminal += 1;
            match winner {
                Some(Side::X) => level.x_wins += paths,
                Some(Side::O) => level.o_wins += paths,
                None => level.draws += paths,
            }
        }
    }
    level.positions_up_to_symmetry = canonical.len() as u64;
    level
}

fn expand(frontier: &Frontier, to_move: Side, rules: &WinMasks) -> Frontier {
    let mut next: Frontier = FxHashMap::default();
    for (&(x, o), &(paths, result)) in frontier {
        if result.is_some() {
            continue;
        }
        let mut empty = rules.full() & !(x | o);
        while empty != 0 {
            let cell = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let bit = 1u64 << cell;
            let (nx, no) = if to_move == Side::X {
                (x | bit, o)
            } else {
                (x, o | bit)
            };
            let own = if to_move == Side::X { nx } else { no };
            let result = if rules.wins(own, cell) {
                Some(Some(to_move))
            } else if nx | no == rules.full() {
                Some(None)
            } else {
                None
            };
            next.entry((nx, no)).or_insert((0, result)).0 += paths;
        }
    }
    next
}

/// The number of move sequences of length `depth` from `board` (a finished game is not extended).
///
/// Boards of up to 64 cells walk the graph of positions, merging transpositions; larger ones
/// recurse, counting the last ply in bulk.
///
/// # Examples
/// ```
/// use mnk::count::perft;
/// use mnk::game::{Board, Variant};
/// let board = Board::new(Variant::tic_tac_toe());
/// assert_eq!(perft(&board, 9), 127_872);
/// ```
#[must_use]
pub fn perft(board: &Board, depth: u32) -> u128 {
    // The census's bit masks know no forbidden moves: renju recurses on the board.
    let walkable = WinMasks::new(board.variant()).is_some()
        && !board.variant().rule().has_forbidden_moves()
        && widest_level_bound(board) <= LEVEL_LIMIT;
    if walkable && depth > 2 {
        census(board, Some(depth))
            .ok()
            .and_then(|c| c.levels.get(depth as usize).map(|l| l.sequences))
            .unwrap_or(0)
    } else {
        perft_recursive(&mut board.clone(), depth)
    }
}

/// Perft by plain recursion on [`Board`] with bulk counting at the last ply.
#[must_use]
pub fn perft_recursive(board: &mut Board, depth: u32) -> u128 {
    if depth == 0 {
        return 1;
    }
    let moves: Vec<Cell> = board.moves().collect();
    if depth == 1 {
        return moves.len() as u128;
    }
    moves
        .into_iter()
        .map(|cell| {
            board.play(cell);
            let n = perft_recursive(board, depth - 1);
            board.unmake(cell);
            n
        })
        .sum()
}

/// Perft split by first move: `(move, sequences)` for each legal move.
#[must_use]
pub fn perft_divide(board: &Board, depth: u32) -> Vec<(Cell, u128)> {
    let mut board = board.clone();
    let moves: Vec<Cell> = board.moves().collect();
    moves
        .into_iter()
        .map(|cell| {
            board.play(cell);
            let n = if depth == 0 {
                0
            } else {
                perft(&board, depth - 1)
            };
            board.unmake(cell);
            (cell, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    const TIC_TAC_TOE_PERFT: [u128; 10] =
        [1, 9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872];

    #[test]
    fn tic_tac_toe_perft_both_ways() {
        let board = Board::new(Variant::tic_tac_toe());
        for (depth, &expected) in TIC_TAC_TOE_PERFT.iter().enumerate() {
            assert_eq!(perft(&board, depth as u32), expected, "walk, depth {depth}");
            assert_eq!(
                perft_recursive(&mut board.clone(), depth as u32),
                expected,
                "recursion, depth {depth}"
            );
        }
        assert_eq!(perft(&board, 10), 0);
    }

    #[test]
    fn walk_and_recursion_agree_on_other_boards_and_rules() {
        for (w, h, k, rule) in [
            (4, 3, 3, Rule::Freestyle),
            (5, 2, 2, Rule::Exact),
            (4, 4, 3, Rule::Exact),
            (3, 3, 1, Rule::Freestyle),
        ] {
            let v = Variant::new(Size::new(w, h), k, rule).unwrap();
            let board = Board::new(v);
            for depth in 0..=6 {
                assert_eq!(
                    perft(&board, depth),
                    perft_recursive(&mut board.clone(), depth),
                    "{v} depth {depth}"
                );
            }
        }
    }

    #[test]
    fn census_totals_match_the_levels() {
        let c = census(&Board::new(Variant::tic_tac_toe()), None).unwrap();
        assert_eq!(c.levels.len(), 10);
        let seq: Vec<u128> = c.levels.iter().map(|l| l.sequences).collect();
        assert_eq!(seq, TIC_TAC_TOE_PERFT);
        assert_eq!(c.levels[5].x_wins, 1440); // X can first win on move 5
        assert_eq!(c.levels.iter().map(|l| l.terminal).sum::<u64>(), 958);
    }

    #[test]
    fn census_from_a_position() {
        let v = Variant::tic_tac_toe();
        let board = Board::from_moves(v, &[Cell(4)]).unwrap();
        let c = census(&board, None).unwrap();
        assert_eq!(c.levels[0].positions, 1);
        assert_eq!(c.levels[1].sequences, 8);
        let sum_children: u128 = perft_divide(&Board::new(v), 9)
            .iter()
            .map(|&(_, n)| n)
            .sum();
        assert_eq!(sum_children, 127_872);
    }

    #[test]
    fn big_boards_are_refused_with_a_reason() {
        let v = Variant::new(Size::square(5), 4, Rule::Freestyle).unwrap();
        assert!(matches!(
            census(&Board::new(v), None),
            Err(CountError::TooLarge { .. })
        ));
        let v = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
        assert!(matches!(
            census(&Board::new(v), None),
            Err(CountError::TooManyCells { cells: 81 })
        ));
    }
}
