//! Piskvork's `.psq`, as Piskvork (`savePsq`) writes it and Gomocup publishes its games:
//!
//! ```text
//! Piskvorky 20x20, 11:11, 0
//! 10,10,0
//! 11,10,1522
//! pbrain-one.zip
//! pbrain-two.zip
//! -1
//! ```
//!
//! The header gives the board (width x height), each player's level (0: a person) and which
//! player moved first (0 or 1); each move is `x,y,time`: the column from the left and the row
//! from the top, both from 1, and the milliseconds it took (optional when reading). The first
//! line that does not start as a move does (a whole number and a comma) ends the moves; a line
//! that starts as one but is not one is an error, never the end of the record; after them Piskvork writes the two players' names
//! (in tournaments and command-line games) and always a final number, its error code (-1:
//! none known). k and the rule are not in the file. mnk writes `?` for a name it does not know
//! when it knows the other one.

use super::move_line::one_line;
use super::{Draft, DraftMove, Format, Point, Problem, Record, RecordError, Stated};
use crate::game::parse_size;
use crate::notation::shown;
use std::fmt::Write as _;

/// The name written for a player whose name the record does not know.
const UNKNOWN: &str = "?";

/// What the first line must look like.
const HEADER: &str = "a header like 'Piskvorky 15x15, 11:11, 0' (the board is WIDTHxHEIGHT)";

pub(super) fn parse(text: &str) -> Result<Draft, RecordError> {
    let mut draft = Draft::new(Format::Psq);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_start_matches('\u{feff}').trim()))
        .collect();
    let mut rest = lines.iter().skip_while(|(_, l)| l.is_empty());
    let &(header_line, header) = rest.next().ok_or(RecordError::at(
        lines.len().max(1),
        Problem::Empty { expected: HEADER },
    ))?;
    let bad_header = || {
        RecordError::at(
            header_line,
            Problem::Syntax {
                found: shown(header),
                expected: HEADER,
            },
        )
    };
    let (word, fields) = header
        .split_once(char::is_whitespace)
        .ok_or_else(bad_header)?;
    if !word.to_ascii_lowercase().starts_with("piskvork") {
        return Err(bad_header());
    }
    let mut fields = fields.split(',').map(str::trim);
    let size = fields
        .next()
        .filter(|s| s.contains(['x', 'X']))
        .and_then(|s| parse_size(s).ok())
        .ok_or_else(bad_header)?;
    draft.size = Some(Stated::at(header_line, size));
    // The player who moved first: the names follow the players' order, not the colours'.
    let first_mover = usize::from(fields.nth(1) == Some("1"));

    let mut end = None;
    let mut trailer: Vec<(usize, &str)> = Vec::new();
    for &(line, text) in rest {
        if text.contains('\0') {
            return Err(RecordError::at(
                line,
                Problem::Syntax {
                    found: shown(text),
                    expected: "text: a psq record holds no NUL character",
                },
            ));
        }
        if text.is_empty() && end.is_none() {
            continue;
        }
        if !looks_like_a_move(text) {
            end.get_or_insert(line);
            trailer.push((line, text));
            continue;
        }
        if let Some(end) = end {
            return Err(RecordError::at(line, Problem::MoveAfterEnd { end }));
        }
        let [x, y] = numbers(text).ok_or_else(|| {
            RecordError::at(
                line,
                Problem::Syntax {
                    found: shown(text),
                    expected: MOVE,
                },
            )
        })?;
        draft.moves.push(DraftMove {
            line,
            text: format!("{x},{y}"),
            point: Point::FromTopLeft {
                col: x - 1,
                row: y - 1,
            },
        });
    }
    // The trailer: the names (when written), then the final number.
    while trailer.last().is_some_and(|(_, t)| t.is_empty()) {
        trailer.pop();
    }
    if trailer
        .last()
        .is_some_and(|(_, t)| t.parse::<i64>().is_ok())
    {
        trailer.pop();
    }
    if let [(_, first), (_, second), ..] = trailer[..] {
        let mut names = [first, second].map(|n| (n != UNKNOWN).then(|| n.to_string()));
        names.rotate_left(first_mover);
        let [x, o] = names;
        draft.players.x = x;
        draft.players.o = o;
    }
    Ok(draft)
}

/// What a move line must be.
const MOVE: &str = "a move as x,y or x,y,time: the column and the row from 1 and the \
                    milliseconds it took, whole numbers of at most 18 digits";

/// Whether a line is meant as a move: a whole number, then a comma. The moves end at the
/// first line that is not (a name, the final number); a line meant as a move that is not
/// one (`10,10,12ms`, `10,10,0,0`) is an error, never the end of the moves.
fn looks_like_a_move(text: &str) -> bool {
    text.split_once(',').is_some_and(|(first, _)| {
        let digits = first.trim().trim_start_matches(['-', '+']);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    })
}

/// A move line's column and row: `x,y` or `x,y,time`, whole numbers (the time at least 0).
fn numbers(text: &str) -> Option<[i64; 2]> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [x, y, time @ ..] = &parts[..] else {
        return None;
    };
    match time {
        [] => {}
        [time] => {
            time.parse::<u64>().ok()?;
        }
        _ => return None,
    }
    Some([x.parse().ok()?, y.parse().ok()?])
}

pub(super) fn write(record: &Record) -> String {
    let size = record.variant().size();
    // Levels 0:0 (two people): Piskvork opening the file starts no engine of its own.
    let mut out = format!("Piskvorky {}x{}, 0:0, 0\n", size.width, size.height);
    for &cell in record.moves() {
        let _ = writeln!(out, "{},{},0", size.col(cell) + 1, size.row(cell) + 1);
    }
    let names = [&record.players.x, &record.players.o];
    if names.iter().any(|n| n.is_some()) {
        for name in names {
            let name = name.as_deref().map(one_line).filter(|n| !n.is_empty());
            let _ = writeln!(out, "{}", name.as_deref().unwrap_or(UNKNOWN));
        }
    }
    out.push_str("-1\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Size;

    #[test]
    fn a_tournament_file_with_names_and_times() {
        let text = "Piskvorky 20x20, 11:11, 0\r\n10,10,0\r\n11,10,1522\r\n10,11,874\r\n\
                    pbrain-one.zip\r\npbrain-two.zip\r\n-1\r\n\r\n";
        let draft = parse(text).unwrap();
        assert_eq!(draft.size, Some(Stated::at(1, Size::square(20))));
        assert_eq!(
            draft
                .moves
                .iter()
                .map(|m| m.text.as_str())
                .collect::<Vec<_>>(),
            ["10,10", "11,10", "10,11"]
        );
        assert_eq!(draft.moves[2].point, Point::FromTopLeft { col: 9, row: 10 });
        assert_eq!(draft.players.x.as_deref(), Some("pbrain-one.zip"));
        assert_eq!(draft.players.o.as_deref(), Some("pbrain-two.zip"));
    }

    #[test]
    fn the_second_player_moving_first_takes_the_first_colour() {
        let text = "Piskvorky 15x15, 0:0, 1\n8,8,0\nhomo-1\nhomo-2\n-1\n";
        let draft = parse(text).unwrap();
        assert_eq!(draft.players.x.as_deref(), Some("homo-2"));
        assert_eq!(draft.players.o.as_deref(), Some("homo-1"));
    }

    #[test]
    fn a_manual_save_has_no_names() {
        let draft = parse("Piskvork 15x15, 1:0, 0\n8,8\n-1\n").unwrap();
        assert_eq!(draft.moves.len(), 1);
        assert_eq!(draft.players, super::super::Players::default());
    }
}
