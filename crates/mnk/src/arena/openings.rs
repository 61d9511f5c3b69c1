//! Opening lists: one opening per line, its moves in notation (X first); blank lines and
//! `#` comments are ignored. Every bad line is reported with its number.

use crate::game::{Cell, Variant};
use crate::notation::{parse_game, shown};
use thiserror::Error;

/// A position a game of a match starts from: an opening list's line, the moves played before
/// the players take over (not a tournament opening the players play: [`crate::game::Opening`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartPosition {
    /// The line of the file it came from (1-based).
    pub line: usize,
    /// The moves, X first.
    pub moves: Vec<Cell>,
}

/// The longest list of openings read, in bytes (16 MiB, about 500,000 openings of a few
/// moves): a reader holds at most this much of an untrusted file.
pub const MAX_OPENINGS_BYTES: u64 = 16 << 20;

/// The bad lines of an opening list (its message names the first [`OpeningsError::SHOWN`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct OpeningsError(pub Vec<(usize, String)>);

impl OpeningsError {
    /// The bad lines a message names; it counts the others.
    pub const SHOWN: usize = 10;
}

impl std::fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (line, why)) in self.0.iter().take(Self::SHOWN).enumerate() {
            let sep = if i == 0 { "" } else { "; " };
            write!(f, "{sep}line {line}: {why}")?;
        }
        if let Some(more) = self.0.len().checked_sub(Self::SHOWN).filter(|&n| n > 0) {
            write!(f, "; and {more} more bad lines")?;
        }
        Ok(())
    }
}

/// Parses an opening list for a variant. An opening must be legal and leave the game on.
///
/// # Errors
/// [`OpeningsError`] listing every bad line with its number and why, or saying the list holds
/// no opening at all.
pub fn parse_openings(text: &str, variant: Variant) -> Result<Vec<StartPosition>, OpeningsError> {
    let mut openings = Vec::new();
    let mut bad = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        match parse_game(line, variant) {
            Ok(game) if game.board().is_over() => bad.push((
                i + 1,
                format!(
                    "'{}' ends the game; an opening must leave it on",
                    shown(line)
                ),
            )),
            Ok(game) => openings.push(StartPosition {
                line: i + 1,
                moves: game.moves().to_vec(),
            }),
            Err(e) => bad.push((i + 1, format!("'{}': {e}", shown(line)))),
        }
    }
    if !bad.is_empty() {
        return Err(OpeningsError(bad));
    }
    if openings.is_empty() {
        return Err(OpeningsError(vec![(
            0,
            "no opening in the list (one per line, moves like h8 h9 i9)".into(),
        )]));
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size};

    fn gomoku() -> Variant {
        Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap()
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let text = "# balanced openings\n\nh8 h9 i9   # diagonal\n  h8h7\n";
        let o = parse_openings(text, gomoku()).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!((o[0].line, o[0].moves.len()), (3, 3));
        assert_eq!((o[1].line, o[1].moves.len()), (4, 2));
    }

    #[test]
    fn bad_lines_are_reported_with_their_numbers() {
        let text = "h8 h9\nh8 h8\nz99\n\nh8 q1\n";
        let e = parse_openings(text, gomoku()).unwrap_err();
        let lines: Vec<usize> = e.0.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, vec![2, 3, 5]);
        let text = e.to_string();
        assert!(
            text.contains("line 2: 'h8 h8': h8 is already taken"),
            "{text}"
        );
        assert!(parse_openings("# nothing\n", gomoku()).is_err());
    }

    #[test]
    fn the_shipped_15x15_list_is_valid() {
        let text = include_str!("../../../../data/openings/15x15.txt");
        let o = parse_openings(text, gomoku()).unwrap();
        assert!(o.len() >= 40, "{}", o.len());
        let exact = Variant::new(Size::square(15), 5, Rule::Exact).unwrap();
        assert_eq!(parse_openings(text, exact).unwrap().len(), o.len());
        // No opening twice.
        let mut seen = std::collections::HashSet::new();
        for op in &o {
            assert!(seen.insert(op.moves.clone()), "line {} repeats", op.line);
        }
    }
}
