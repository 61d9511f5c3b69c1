//! Text rendering of boards and numbers for the terminal.

use mnk::game::{Board, Cell, Status};
use mnk::notation::column_letter;
use std::fmt::Write;
use std::time::Duration;

/// How a board marks an empty cell forbidden to the side to move (renju's for X).
pub const FORBIDDEN: char = '#';

/// The board with coordinates on all four edges. The last move is shown in brackets `[X]`, the
/// stones of a winning line in parentheses `(X)`, the cells forbidden to X when X is to move
/// (renju) as [`FORBIDDEN`].
pub fn board(board: &Board, last: Option<Cell>) -> String {
    let size = board.size();
    let line: Vec<Cell> = match board.status() {
        Status::Won { line, .. } => line.cells(size).collect(),
        _ => Vec::new(),
    };
    let forbidden: Vec<Cell> = board.forbidden_points().iter().map(|&(c, _)| c).collect();
    let letters: String = (0..size.width)
        .map(|c| format!(" {} ", column_letter(c)))
        .collect();
    let mut out = String::new();
    let _ = writeln!(out, "    {letters}");
    for row in 0..i32::from(size.height) {
        let number = i32::from(size.height) - row;
        let _ = write!(out, "{number:>3} ");
        for col in 0..i32::from(size.width) {
            let cell = size.cell(row, col).expect("in range");
            let stone = match board.get(cell) {
                Some(side) => side.symbol(),
                None if forbidden.contains(&cell) => FORBIDDEN,
                None => '.',
            };
            let (open, close) = if line.contains(&cell) {
                ('(', ')')
            } else if Some(cell) == last {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            let _ = write!(out, "{open}{stone}{close}");
        }
        let _ = writeln!(out, " {number}");
    }
    let _ = write!(out, "    {letters}");
    out
}

/// A count with thousands separators: 1234567 -> "1,234,567".
pub fn thousands(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Milliseconds with microsecond precision, e.g. 0.412.
pub fn millis(d: Duration) -> f64 {
    d.as_micros() as f64 / 1000.0
}

/// A duration for people: seconds from a tenth of a second up, else milliseconds.
pub fn human_time(d: Duration) -> String {
    if d >= Duration::from_millis(100) {
        format!("{:.2} s", d.as_secs_f64())
    } else {
        format!("{:.3} ms", millis(d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnk::game::Variant;
    use mnk::notation::parse_game;

    #[test]
    fn coordinates_on_the_edges_and_the_last_move_marked() {
        let game = parse_game("b2 a1", Variant::tic_tac_toe()).unwrap();
        let text = board(game.board(), game.last_move());
        let expected =
            "     a  b  c \n  3  .  .  .  3\n  2  .  X  .  2\n  1 [O] .  .  1\n     a  b  c ";
        assert_eq!(text, expected);
    }

    #[test]
    fn a_winning_line_is_shown_in_parentheses() {
        let game = parse_game("a1 b1 a2 b2 a3", Variant::tic_tac_toe()).unwrap();
        let text = board(game.board(), game.last_move());
        assert!(text.contains("  3 (X) .  .  3"), "{text}");
        assert!(text.contains("  1 (X) O  .  1"), "{text}");
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0u32), "0");
        assert_eq!(thousands(999u32), "999");
        assert_eq!(thousands(1000u32), "1,000");
        assert_eq!(thousands(9_722_011u32), "9,722,011");
    }
}
