//! The tournament openings swap and swap2, as Gomocup plays them: the opener places three
//! stones (black, white, black); the other player then takes black (*swap*), or keeps white
//! and plays white's fourth stone, or (swap2 only) places two more stones and lets the opener
//! choose the colour the same way. What a computer player does in each role, judged by its
//! own search: the opener proposes the most even of a few compact shapes at the centre; the
//! chooser, with white to move, takes black when its best move for white is worse than even,
//! else plays that move. (It never places two more stones, so swap and swap2 play alike.)
//!
//! Who acts, what is open and when the opening ends is [`crate::game::Opening`]'s to say; this
//! module says what a computer does when it acts: [`propose`] and [`decide`] for any source of
//! values (the Gomocup brain's `SWAP2BOARD`), [`open`] and [`choose`] for a seated player, and
//! [`acts`], the computer's whole part at any stage (the web page, `mnk play`, `mnk match`).

use super::seat::{Ask, Seat};
use crate::game::{Act, Board, Cell, Opening, OpeningRule, Size, Stage, Variant};
use crate::search::{Choice, Limits, PlayerError, Value};
use thiserror::Error;

/// The three-stone openings a player may propose (black, white, black), as (column, row)
/// offsets from the centre.
pub const OPENINGS: [[(i32, i32); 3]; 8] = [
    [(0, 0), (1, 0), (0, 2)],
    [(0, 0), (1, 0), (2, 1)],
    [(0, 0), (1, 1), (2, 0)],
    [(0, 0), (1, 1), (0, 2)],
    [(0, 0), (1, 0), (-1, 2)],
    [(0, 0), (1, 1), (-1, 2)],
    [(0, 0), (0, 1), (2, 2)],
    [(0, 0), (1, 1), (2, 2)],
];

/// Nodes a player searches to judge each proposed opening.
pub const JUDGE_NODES: u64 = 4_000;

/// The chooser's answer with white to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Take black: the other player plays white's move.
    Swap,
    /// Keep white and play this move.
    Play(Cell),
}

/// Why a computer does not act in an opening.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActError {
    /// None of the shapes it proposes fits the board: it cannot open there.
    #[error("{rule}'s three stones do not fit a {size} board with {k} in a row")]
    DoesNotFit {
        /// Swap or swap2.
        rule: OpeningRule,
        /// The board.
        size: Size,
        /// Stones in a row that win.
        k: usize,
    },
    /// Swap2's chooser places its two stones; a computer never chooses to.
    #[error(
        "a computer places the opener's three stones at once, on an empty board; these stones are a person's to place"
    )]
    NotItsStones,
    /// The opening is over.
    #[error("the opening is over")]
    Over,
    /// Its player could not choose.
    #[error("{0}")]
    Player(PlayerError),
}

/// Whether a computer can open a game of `rule` on `variant`'s board: some shape of
/// [`OPENINGS`] fits it and leaves the game on. The openings are for gomoku boards.
///
/// # Errors
/// [`ActError::DoesNotFit`].
pub fn fits(rule: OpeningRule, variant: &Variant) -> Result<(), ActError> {
    if candidates(variant).is_empty() {
        return Err(ActError::DoesNotFit {
            rule,
            size: variant.size(),
            k: variant.k(),
        });
    }
    Ok(())
}

/// Whether a computer can act in `opening` now, before it is asked to: its three stones on
/// an empty board, or a choice.
///
/// # Errors
/// [`ActError::Over`] when the opening is done, [`ActError::NotItsStones`] for stones a
/// person places one by one (swap2's chooser's two).
pub fn can_act(opening: &Opening) -> Result<(), ActError> {
    match opening.stage() {
        Stage::Done => Err(ActError::Over),
        Stage::Place if opening.placed() > 0 => Err(ActError::NotItsStones),
        Stage::Place | Stage::Choose => Ok(()),
    }
}

/// What `seat`'s player does in `opening` on `board` (the opening's stones so far), asked
/// with `ask`: its three stones ([`open`]) on an empty board, or its choice ([`choose`]):
/// [`Act::Black`], or [`Act::White`] with white's stone. It never places two more stones.
///
/// # Errors
/// [`ActError`]: the opening is over, the stones are not a computer's to place, no opening
/// fits the board, or the player cannot choose.
pub fn acts(
    opening: &Opening,
    board: &Board,
    seat: &mut Seat,
    ask: &Ask,
) -> Result<Vec<Act>, ActError> {
    can_act(opening)?;
    if opening.stage() == Stage::Place {
        let variant = board.variant();
        let three = open(seat, variant, ask).ok_or(ActError::DoesNotFit {
            rule: opening.rule(),
            size: variant.size(),
            k: variant.k(),
        })?;
        return Ok(three.map(Act::Stone).to_vec());
    }
    Ok(match choose(seat, board, ask).map_err(ActError::Player)? {
        Decision::Swap => vec![Act::Black],
        Decision::Play(cell) => vec![Act::White(cell)],
    })
}

/// How far from even a value is: 0 for even, infinite for a proven win or loss.
#[must_use]
pub fn imbalance(value: Value) -> f64 {
    match value {
        Value::Solved(o) if o.sign() != 0 => f64::INFINITY,
        Value::Probability(p) | Value::WinRate(p) => (p - 0.5).abs(),
        v => v.as_number().abs(),
    }
}

/// The [`OPENINGS`] that fit `variant`'s board (and leave the game on), as cells.
#[must_use]
pub fn candidates(variant: &Variant) -> Vec<[Cell; 3]> {
    let size = variant.size();
    let (cx, cy) = (i32::from(size.width) / 2, i32::from(size.height) / 2);
    OPENINGS
        .iter()
        .filter_map(|shape| {
            let cells: Vec<Cell> = shape
                .iter()
                .map(|&(dx, dy)| size.cell(cy + dy, cx + dx))
                .collect::<Option<_>>()?;
            let board = Board::from_moves(*variant, &cells).ok()?;
            (!board.is_over()).then(|| [cells[0], cells[1], cells[2]])
        })
        .collect()
}

/// The opening to propose: of [`candidates`], the one whose position `judge` values nearest
/// even (`judge` gives the value of white's best move there, `None` for none); `None` when
/// no candidate fits the board.
pub fn propose(
    variant: &Variant,
    mut judge: impl FnMut(&Board) -> Option<Value>,
) -> Option<[Cell; 3]> {
    let mut best: Option<(f64, [Cell; 3])> = None;
    for cells in candidates(variant) {
        let board = Board::from_moves(*variant, &cells).ok()?;
        let balance = judge(&board).map_or(f64::INFINITY, imbalance);
        if best.is_none_or(|(b, _)| balance < b) {
            best = Some((balance, cells));
        }
    }
    best.map(|(_, cells)| cells)
}

/// The chooser's answer, given its player's choice for white: swap when the move's value is
/// below even, else play it.
#[must_use]
pub fn decide(choice: &Choice) -> Decision {
    if choice
        .value
        .is_some_and(|v| v.compare(&Value::Score(0)).is_lt())
    {
        Decision::Swap
    } else {
        Decision::Play(choice.cell)
    }
}

/// The opener's three stones as `seat`'s player judges the candidates ([`JUDGE_NODES`] nodes
/// each, outside any clock), within `ask`'s caps (all the judging together within its time
/// cap) and stopped by its stop; [`Ask::now`] for neither. `None` when none fits the board.
pub fn open(seat: &mut Seat, variant: &Variant, ask: &Ask) -> Option<[Cell; 3]> {
    seat.prepare(variant);
    let judge = Ask {
        limits: Limits {
            nodes: Some(JUDGE_NODES),
            ..Limits::NONE
        },
        caps: ask.caps,
        stop: ask.stop.clone(),
        ..Ask::now()
    };
    propose(variant, |board| {
        seat.choose(board, &judge).ok().and_then(|t| t.choice.value)
    })
}

/// The answer of `seat`'s player with white to move on `board` (three stones or five): its
/// choice for white, asked with `ask`, then [`decide`].
///
/// # Errors
/// When the player cannot choose a move there.
pub fn choose(seat: &mut Seat, board: &Board, ask: &Ask) -> Result<Decision, PlayerError> {
    seat.prepare(board.variant());
    Ok(decide(&seat.choose(board, ask)?.choice))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size};
    use crate::search::Outcome;

    #[test]
    fn the_openings_fit_gomoku_boards_and_not_tiny_ones() {
        let gomoku = Variant::new(Size::square(15), 5, Rule::Exact).unwrap();
        let all = candidates(&gomoku);
        assert_eq!(all.len(), OPENINGS.len());
        assert_eq!(all[0][0], Size::square(15).cell(7, 7).unwrap());
        let tiny = Variant::new(Size::square(2), 2, Rule::Freestyle).unwrap();
        assert!(candidates(&tiny).is_empty());
        assert_eq!(propose(&tiny, |_| None), None);
    }

    #[test]
    fn a_computer_acts_at_the_stages_it_can() {
        use crate::game::{Game, OpeningRule};
        let gomoku = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let tiny = Variant::new(Size::square(2), 2, Rule::Freestyle).unwrap();
        assert!(fits(OpeningRule::Swap, &gomoku).is_ok());
        let e = fits(OpeningRule::Swap, &tiny).unwrap_err().to_string();
        assert_eq!(
            e,
            "swap's three stones do not fit a 2x2 board with 2 in a row"
        );
        let mut seat = Seat::new("rules".parse().unwrap());
        let mut game = Game::new(gomoku);
        let mut opening = Opening::new(OpeningRule::Swap2);
        let three = acts(&opening, game.board(), &mut seat, &Ask::now()).unwrap();
        assert_eq!(three, candidates(&gomoku)[0].map(Act::Stone).to_vec());
        // One stone down: the rest are a person's to place, one by one.
        opening.act(&mut game, three[0]).unwrap();
        assert_eq!(can_act(&opening), Err(ActError::NotItsStones));
        for &act in &three[1..] {
            opening.act(&mut game, act).unwrap();
        }
        let choice = acts(&opening, game.board(), &mut seat, &Ask::now()).unwrap();
        assert!(matches!(choice[..], [Act::White(_)]), "{choice:?}");
        opening.act(&mut game, choice[0]).unwrap();
        assert_eq!(can_act(&opening), Err(ActError::Over));
    }

    #[test]
    fn the_opener_judges_within_its_asks_caps() {
        let gomoku = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let mut seat = Seat::new("alphabeta:depth=1".parse().unwrap());
        let first = candidates(&gomoku)[0];
        // Judged, another shape is nearer even than the first.
        let judged = open(&mut seat, &gomoku, &Ask::now()).unwrap();
        assert!(candidates(&gomoku).contains(&judged));
        assert_ne!(judged, first);
        // Capped below one judgement's nodes (a server's caps), it judges nothing: the first.
        let capped = Ask {
            caps: Limits {
                nodes: Some(5),
                ..Limits::NONE
            },
            ..Ask::now()
        };
        assert_eq!(open(&mut seat, &gomoku, &capped), Some(first));
    }

    #[test]
    fn the_most_even_opening_is_proposed_and_a_worse_white_swaps() {
        let gomoku = Variant::new(Size::square(15), 5, Rule::Exact).unwrap();
        let mut n = 0;
        let chosen = propose(&gomoku, |_| {
            n += 1;
            // The third candidate is the most even; the fifth a proven win.
            Some(match n {
                3 => Value::Score(-4),
                5 => Value::Solved(Outcome::Win(9)),
                _ => Value::Score(40 + n),
            })
        });
        assert_eq!(chosen, Some(candidates(&gomoku)[2]));
        let mut choice = Choice::new(Cell(3), 10);
        assert_eq!(decide(&choice), Decision::Play(Cell(3)));
        choice.value = Some(Value::Score(-1));
        assert_eq!(decide(&choice), Decision::Swap);
        choice.value = Some(Value::Solved(Outcome::Loss(12)));
        assert_eq!(decide(&choice), Decision::Swap);
        choice.value = Some(Value::Score(0));
        assert_eq!(decide(&choice), Decision::Play(Cell(3)));
    }
}
