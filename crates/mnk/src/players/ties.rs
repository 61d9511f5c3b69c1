//! Why a seed program plays where it does among moves it values alike: [`tie_break`], the
//! line shown beside its move (`mnk best`, the web API's think answer).

use super::{MoveOrder, PlayerInfo, PlayerSpec, info};
use crate::game::{Board, Cell};
use crate::notation::format_cell;
use crate::search::{Bound, Choice};
use std::cmp::Ordering;

/// For a player that keeps the first of equally valued moves in row-major order
/// ([`first_of_equals`](super::Abilities::first_of_equals), in its own default order), a
/// line saying so about `choice` on `board`, using `values` (the values of the moves, as the
/// choice or an analysis gives them; may be empty): how many moves share the best value and
/// which it took; without values, the rule, when the move is the first legal one in that
/// order (where the rule may be why it was chosen). `None` for other players, when the values
/// show the move had no equal, or when without values the move is not the first legal one.
///
/// ```
/// use mnk::game::{Board, Rule, Size, Variant};
/// use mnk::notation::parse_moves;
/// use mnk::players::{PlayerSpec, create, tie_break};
/// use mnk::search::Control;
/// let v = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
/// let board = Board::from_moves(v, &parse_moves("h8", v.size()).unwrap()).unwrap();
/// let spec: PlayerSpec = "gomoku-minimax:depth=1".parse().unwrap();
/// let control = Control::start(&spec.options.limits());
/// let choice = create(&spec).choose(&board, &control).unwrap();
/// let line = tie_break(&spec, &board, &choice, &choice.candidates).unwrap();
/// // At one ply every answer to h8 scores alike: the first of them is the top-left corner.
/// assert_eq!(
///     line,
///     "224 moves share the best value (O +500 (score)); gomoku-minimax plays the first of them \
///      in row-major order from the top-left (a15, b15, ... along the top row, then the next \
///      row down), the seed programs' tie-break: a15"
/// );
/// ```
#[must_use]
pub fn tie_break(
    spec: &PlayerSpec,
    board: &Board,
    choice: &Choice,
    values: &[crate::search::MoveValue],
) -> Option<String> {
    let player: &PlayerInfo = info(spec.name)?;
    let own_order = spec.options.order.unwrap_or_default() == MoveOrder::RowMajor;
    if !player.abilities.first_of_equals || !own_order {
        return None;
    }
    let size = board.size();
    let mv = format_cell(choice.cell, size);
    let order = format!(
        "row-major order from the top-left ({a}, {b}, ... along the top row, then the next row down)",
        a = format_cell(Cell(0), size),
        b = format_cell(Cell(1), size),
    );
    let (Some(value), false) = (choice.value, values.is_empty()) else {
        return (board.moves().next() == Some(choice.cell)).then(|| {
            format!(
                "{mv} is the first legal move in {order}: {name} keeps the first of equally valued \
                 moves, the seed programs' tie-break, so where its evaluation cannot tell the moves \
                 apart it plays there",
                name = spec.name
            )
        });
    };
    let equal: Vec<Cell> = values
        .iter()
        .filter(|m| m.bound == Bound::Exact && m.value.compare(&value) == Ordering::Equal)
        .map(|m| m.cell)
        .collect();
    if equal.len() < 2 {
        return None;
    }
    Some(format!(
        "{n} moves share the best value ({value}); {name} plays the first of them in {order}, \
         the seed programs' tie-break: {mv}",
        n = equal.len(),
        name = spec.name,
        value = value.seen_by(board.to_move()),
    ))
}
