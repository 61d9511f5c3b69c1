//! mnk's move line: the moves in notation on one line, and `# key: value` comment lines for
//! what else the record says (`size`, `k`, `rule`, `x`, `o`, `result`, `opening`). Other comments, blank
//! lines and a comment after the moves (as `mnk match --save` writes) are ignored.
//!
//! ```text
//! # size: 15x15
//! # k: 5
//! # rule: freestyle
//! # x: engine
//! # o: human
//! h8 h9 i9 g7
//! ```

use super::{Draft, DraftMove, Format, Point, Problem, Record, RecordError, Stated};
use crate::game::{DrawBy, Ending, Opened, Side, WinBy, parse_size};
use crate::notation::{format_moves, shown, split_moves};
use std::fmt::Write as _;

/// What a `# result:` line accepts.
const RESULTS: &str = "'X wins', 'O wins', 'X wins by REASON' or 'draw'";

pub(super) fn parse(text: &str) -> Result<Draft, RecordError> {
    let mut draft = Draft::new(Format::MoveLine);
    let mut moves_line = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim_start_matches('\u{feff}');
        let (code, comment) = match raw.split_once('#') {
            Some((code, comment)) => (code, Some(comment)),
            None => (raw, None),
        };
        if let Some(comment) = comment {
            header(comment, line, &mut draft)?;
        }
        let code = code.trim();
        if code.is_empty() {
            continue;
        }
        if let Some(first) = moves_line {
            return Err(RecordError::at(line, Problem::SecondMoveLine { first }));
        }
        moves_line = Some(line);
        let coords = split_moves(code).map_err(|e| RecordError::at(line, Problem::Notation(e)))?;
        draft
            .moves
            .extend(coords.into_iter().map(|coord| DraftMove {
                line,
                text: coord.to_string(),
                point: Point::Notation(coord),
            }));
    }
    Ok(draft)
}

/// Reads a comment: a `key: value` line with a key of the format, or any other comment.
fn header(comment: &str, line: usize, draft: &mut Draft) -> Result<(), RecordError> {
    let Some((key, value)) = comment.split_once(':') else {
        return Ok(());
    };
    let value = value.trim();
    let bad = |expected| {
        RecordError::at(
            line,
            Problem::Syntax {
                found: shown(value),
                expected,
            },
        )
    };
    let twice = |what, first: usize| RecordError::at(line, Problem::Twice { what, first });
    match key.trim().to_ascii_lowercase().as_str() {
        "size" => {
            if let Some(s) = &draft.size {
                return Err(twice("the size", s.line));
            }
            let size = parse_size(value).map_err(|_| {
                bad("a board size: one number for a square (15) or WIDTHxHEIGHT (7x6), each 1 to 26")
            })?;
            draft.size = Some(Stated::at(line, size));
        }
        "k" => {
            if let Some(k) = &draft.k {
                return Err(twice("k", k.line));
            }
            let k = value
                .parse()
                .map_err(|_| bad("k, the stones in a row that win (a number)"))?;
            draft.k = Some(Stated::at(line, k));
        }
        "rule" => {
            if let Some(r) = &draft.rule {
                return Err(twice("the rule", r.line));
            }
            let rule = value.parse().map_err(|_| {
                bad("a rule: freestyle (k or more in a row), exact (exactly k) or renju")
            })?;
            draft.rule = Some(Stated::at(line, rule));
        }
        "opening" => {
            if let Some(o) = &draft.opening {
                return Err(twice("the opening", o.line));
            }
            let opening = value.parse::<Opened>().map_err(|_| bad(Opened::EXPECTED))?;
            draft.opening = Some(Stated::at(line, opening));
        }
        "x" => draft.players.x = name(value),
        "o" => draft.players.o = name(value),
        "result" => {
            if let Some(r) = &draft.result {
                return Err(twice("the result", r.line));
            }
            let outcome = outcome(value).ok_or_else(|| bad(RESULTS))?;
            draft.result = Some(Stated::at(line, outcome));
        }
        _ => {}
    }
    Ok(())
}

fn name(value: &str) -> Option<String> {
    (!value.is_empty()).then(|| value.to_string())
}

/// `X wins`, `O wins by R`, `draw` (any case).
fn outcome(text: &str) -> Option<Ending> {
    // ASCII lowercase keeps every byte where it was: positions in `lower` are positions in `text`.
    let lower = text.to_ascii_lowercase();
    if lower == "draw" {
        return Some(Ending::Drawn(DrawBy::Agreed));
    }
    let side = match lower.get(..1)? {
        "x" => Side::X,
        "o" => Side::O,
        _ => return None,
    };
    let after_side = lower.get(1..)?;
    let wins_at = 1 + (after_side.len() - after_side.trim_start().len());
    let after = lower.get(wins_at..)?.strip_prefix("wins")?;
    let how = if after.is_empty() {
        ""
    } else {
        after.strip_prefix(" by ")?;
        text.get(text.len() - after.len() + " by ".len()..)?.trim()
    };
    Some(Ending::won(side, WinBy::from_how(how)))
}

/// A name as one line can hold it.
pub(super) fn one_line(name: &str) -> String {
    name.split(char::is_control)
        .filter(|part| !part.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn write(record: &Record) -> String {
    let variant = record.variant();
    let mut out = String::new();
    let _ = writeln!(out, "# size: {}", variant.size());
    let _ = writeln!(out, "# k: {}", variant.k());
    let _ = writeln!(out, "# rule: {}", variant.rule());
    if let Some(opening) = record.opening() {
        let _ = writeln!(out, "# opening: {opening}");
    }
    for (key, name) in [("x", &record.players.x), ("o", &record.players.o)] {
        if let Some(name) = name.as_deref().map(one_line).filter(|n| !n.is_empty()) {
            let _ = writeln!(out, "# {key}: {name}");
        }
    }
    if let Some(result) = &record.result {
        let _ = writeln!(out, "# result: {result}");
    }
    let _ = writeln!(out, "{}", format_moves(record.moves(), variant.size()));
    out
}

#[cfg(test)]
mod tests {
    use super::super::Given;
    use super::*;
    use crate::game::{Rule, Size};

    #[test]
    fn headers_comments_and_the_moves() {
        let text = "\u{feff}# a game from the club\r\n# size: 15x15\r\n# RULE: Exact\r\n\
                    # x: Hanako\r\n\r\nh8 h9 i9   # game 1: X engine, O rules: X wins\r\n\r\n";
        let draft = parse(text).unwrap();
        assert_eq!(draft.size, Some(Stated::at(2, Size::square(15))));
        assert_eq!(draft.rule, Some(Stated::at(3, Rule::Exact)));
        assert_eq!(draft.players.x.as_deref(), Some("Hanako"));
        assert_eq!(draft.moves.len(), 3);
        assert_eq!(draft.moves[2].line, 6);
        let record = draft.into_record(&Given::default()).unwrap();
        assert_eq!(record.variant().k(), 5);
    }

    #[test]
    fn outcomes_read_as_written() {
        assert_eq!(outcome("draw"), Some(Ending::Drawn(DrawBy::Agreed)));
        assert_eq!(
            outcome("O wins by time"),
            Some(Ending::won(Side::O, WinBy::Said("time".into())))
        );
        for o in [
            Ending::Drawn(DrawBy::Agreed),
            Ending::won(Side::X, WinBy::Row),
            Ending::won(Side::O, WinBy::Time),
        ] {
            assert_eq!(outcome(&o.to_string()), Some(o));
        }
        assert_eq!(outcome("X won"), None);
        assert_eq!(outcome("black wins"), None);
    }

    #[test]
    fn names_keep_to_one_line() {
        assert_eq!(one_line(" Ann\n  Lee\t"), "Ann Lee");
    }
}
