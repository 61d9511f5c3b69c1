//! A certificate as text (the format is described in [`crate::certificate`]): written in one pass, read
//! whole; a file that cannot be read says which line and why.

use super::proof::{Certificate, Goal, Record, Section, VERSION};
use crate::game::{Rule, Side, Variant, parse_size};
use crate::notation::{format_cell, format_moves, parse_cell, parse_moves};
use std::collections::HashMap;
use std::fmt::{self, Write as _};
use thiserror::Error;

/// Why a certificate could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {why}")]
pub struct ParseError {
    /// The line (from 1) where reading failed.
    pub line: usize,
    /// What was wrong there and what is accepted.
    pub why: String,
}

impl fmt::Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.variant.size();
        writeln!(f, "mnk-proof {VERSION}")?;
        write_game(f, &self.variant)?;
        write_moves(f, "moves", &self.moves, size)?;
        writeln!(f, "value {}", self.value)?;
        let mut line = String::new();
        for section in &self.sections {
            writeln!(
                f,
                "section {} {} {}",
                section.side,
                section.goal,
                section.records.len()
            )?;
            let mut keys: Vec<u128> = section.records.keys().copied().collect();
            keys.sort_unstable();
            for key in keys {
                line.clear();
                write!(line, "{key:032x}")?;
                match &section.records[&key] {
                    Record::Move(cell) => write!(line, " move {}", format_cell(*cell, size))?,
                    Record::Pairs(pairs) => {
                        line.push_str(" pairs");
                        for [a, b] in pairs {
                            write!(line, " {}-{}", format_cell(*a, size), format_cell(*b, size))?;
                        }
                    }
                }
                writeln!(f, "{line}")?;
            }
        }
        writeln!(f, "end")
    }
}

/// Writes the lines that name the game: `size`, `k` and `rule` (as [`read_game`] reads them).
pub(crate) fn write_game(f: &mut dyn fmt::Write, variant: &Variant) -> fmt::Result {
    writeln!(f, "size {}", variant.size())?;
    writeln!(f, "k {}", variant.k())?;
    writeln!(f, "rule {}", variant.rule())
}

/// Writes `word` and the moves in notation, or `-` for none (as [`NumberedLines::moves`] reads them).
pub(crate) fn write_moves(
    f: &mut dyn fmt::Write,
    word: &str,
    moves: &[crate::game::Cell],
    size: crate::game::Size,
) -> fmt::Result {
    if moves.is_empty() {
        writeln!(f, "{word} -")
    } else {
        writeln!(f, "{word} {}", format_moves(moves, size))
    }
}

/// The lines of a text, numbered from 1, blank lines skipped: the reader of mnk's line-based
/// text files (proofs, and the job and result files of a split proof).
pub(crate) struct NumberedLines<'a> {
    inner: std::iter::Enumerate<std::str::Lines<'a>>,
    /// The number of the line read last.
    pub(crate) last: usize,
}

impl<'a> NumberedLines<'a> {
    /// The lines of `text` (a byte order mark before them, as some editors write, is no part
    /// of the text).
    pub(crate) fn new(text: &'a str) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        NumberedLines {
            inner: text.lines().enumerate(),
            last: 0,
        }
    }

    /// The next line that is not blank, trimmed, with its number.
    pub(crate) fn next(&mut self) -> Option<(usize, &'a str)> {
        for (i, line) in self.inner.by_ref() {
            self.last = i + 1;
            let line = line.trim();
            if !line.is_empty() {
                return Some((i + 1, line));
            }
        }
        None
    }

    /// The next line, which must start with `word`: the rest of it.
    pub(crate) fn field(
        &mut self,
        word: &str,
        accepted: &str,
    ) -> Result<(usize, &'a str), ParseError> {
        let after = self.last + 1;
        let (n, line) = self.next().ok_or_else(|| ParseError {
            line: after,
            why: format!("the file ends where '{word} {accepted}' was expected"),
        })?;
        match line.split_once(' ') {
            Some((w, rest)) if w == word => Ok((n, rest.trim())),
            _ if line == word => Ok((n, "")),
            _ => Err(ParseError {
                line: n,
                why: format!("expected '{word} {accepted}', found {}", shown(line)),
            }),
        }
    }

    /// The first line: `word VERSION`, the kind of file and its version.
    pub(crate) fn version(
        &mut self,
        word: &str,
        version: u32,
        what: &str,
    ) -> Result<(), ParseError> {
        self.version_from(word, version, version, what).map(|_| ())
    }

    /// The first line, `word V`, with `V` from `oldest` to `newest`: returns `V`.
    pub(crate) fn version_from(
        &mut self,
        word: &str,
        oldest: u32,
        newest: u32,
        what: &str,
    ) -> Result<u32, ParseError> {
        let (n, found) = self.field(word, &newest.to_string())?;
        match found.parse::<u32>() {
            Ok(v) if (oldest..=newest).contains(&v) && found == v.to_string() => Ok(v),
            _ => {
                let reads = if oldest == newest {
                    format!("version {newest}")
                } else {
                    format!("versions {oldest} to {newest}")
                };
                Err(err(
                    n,
                    format!(
                        "this is {what} of version {found:?}; this mnk reads {reads} \
                         (written by another version of mnk?)"
                    ),
                ))
            }
        }
    }

    /// The lines that name the game (`size`, `k`, `rule`), as [`write_game`] writes them.
    pub(crate) fn game(&mut self) -> Result<Variant, ParseError> {
        let (n, size) = self.field("size", "WIDTHxHEIGHT")?;
        let size = parse_size(size).map_err(|e| err(n, e.to_string()))?;
        let (n, k) = self.field("k", "N")?;
        let k: u32 = k
            .parse()
            .map_err(|_| err(n, format!("k must be a number, found {}", shown(k))))?;
        let (n, rule) = self.field("rule", "freestyle|exact|renju")?;
        let rule: Rule = rule.parse().map_err(|e| err(n, format!("{e}")))?;
        Variant::new(size, k, rule).map_err(|e| err(n, e.to_string()))
    }

    /// A line `word MOVES` (or `word -` for none), as [`write_moves`] writes it.
    pub(crate) fn moves(
        &mut self,
        word: &str,
        variant: Variant,
    ) -> Result<Vec<crate::game::Cell>, ParseError> {
        let (n, moves) = self.field(word, "MOVES|-")?;
        if moves == "-" {
            Ok(Vec::new())
        } else {
            parse_moves(moves, variant.size()).map_err(|e| err(n, e.to_string()))
        }
    }

    /// The `end` line, and nothing after it.
    pub(crate) fn end(&mut self, what: &str) -> Result<(), ParseError> {
        match self.next() {
            Some((_, "end")) => {}
            Some((n, line)) => {
                return Err(err(n, format!("expected 'end', found {}", shown(line))));
            }
            None => {
                return Err(err(
                    self.last + 1,
                    format!("the file ends without its 'end' line: {what} cut short?"),
                ));
            }
        }
        if let Some((n, line)) = self.next() {
            return Err(err(
                n,
                format!("nothing may follow 'end', found {}", shown(line)),
            ));
        }
        Ok(())
    }
}

/// A line as an error shows it: quoted, cut short.
pub(crate) fn shown(line: &str) -> String {
    const MAX: usize = 40;
    if line.chars().count() > MAX {
        format!("{:?}...", line.chars().take(MAX).collect::<String>())
    } else {
        format!("{line:?}")
    }
}

/// The error of line `line`.
pub(crate) fn err(line: usize, why: impl Into<String>) -> ParseError {
    ParseError {
        line,
        why: why.into(),
    }
}

impl Certificate {
    /// Reads a certificate written by [`Certificate`]'s `Display` (the format in [`crate::certificate`]).
    ///
    /// # Errors
    /// [`ParseError`] with the first line that cannot be read and what is accepted there.
    pub fn parse(text: &str) -> Result<Certificate, ParseError> {
        let mut lines = NumberedLines::new(text);
        lines.version_from("mnk-proof", 1, VERSION, "an mnk proof")?;
        let variant = lines.game()?;
        let moves = lines.moves("moves", variant)?;
        let (n, value) = lines.field("value", "win|draw|loss")?;
        let value = value.parse().map_err(|e: String| err(n, e))?;
        let mut sections: Vec<Section> = Vec::new();
        loop {
            let (n, line) = lines.next().ok_or_else(|| {
                err(
                    lines.last + 1,
                    "the file ends without its 'end' line (cut short?)",
                )
            })?;
            if line == "end" {
                break;
            }
            let rest = line.strip_prefix("section ").ok_or_else(|| {
                err(
                    n,
                    format!(
                        "expected 'section SIDE GOAL COUNT' or 'end', found {}",
                        shown(line)
                    ),
                )
            })?;
            let section = read_section(&mut lines, n, rest, variant)?;
            if sections
                .iter()
                .any(|s| s.side == section.side && s.goal == section.goal)
            {
                return Err(err(
                    n,
                    format!("a second section '{} {}'", section.side, section.goal),
                ));
            }
            sections.push(section);
        }
        if let Some((n, line)) = lines.next() {
            return Err(err(
                n,
                format!("nothing may follow 'end', found {}", shown(line)),
            ));
        }
        Ok(Certificate {
            variant,
            moves,
            value,
            sections,
        })
    }
}

/// A section whose header (after `section `) is `head`, on line `n`, and its records.
fn read_section(
    lines: &mut NumberedLines<'_>,
    n: usize,
    head: &str,
    variant: Variant,
) -> Result<Section, ParseError> {
    let size = variant.size();
    let words: Vec<&str> = head.split_whitespace().collect();
    let [side, goal, count] = words[..] else {
        return Err(err(
            n,
            "expected 'section SIDE GOAL COUNT' (as 'section X win 12')",
        ));
    };
    let side = match side {
        "X" => Side::X,
        "O" => Side::O,
        _ => {
            return Err(err(
                n,
                format!("the side must be X or O, found {}", shown(side)),
            ));
        }
    };
    let goal = match goal {
        "win" => Goal::Win,
        "not-lose" => Goal::NotLose,
        _ => {
            return Err(err(
                n,
                format!("the goal must be win or not-lose, found {}", shown(goal)),
            ));
        }
    };
    let count: usize = count.parse().map_err(|_| {
        err(
            n,
            format!("the count must be a number, found {}", shown(count)),
        )
    })?;
    // The count is the file's word: the map grows as records come, from a modest start.
    let mut records = HashMap::with_capacity(count.min(1 << 16));
    let cell = |n: usize, text: &str| parse_cell(text, size).map_err(|e| err(n, e.to_string()));
    for _ in 0..count {
        let (n, line) = lines.next().ok_or_else(|| {
            err(
                lines.last + 1,
                format!("the file ends inside section '{side} {goal}' ({count} records announced)"),
            )
        })?;
        let mut words = line.split_whitespace();
        let key_text = words.next().unwrap_or_default();
        let key = (key_text.len() == 32)
            .then(|| u128::from_str_radix(key_text, 16).ok())
            .flatten()
            .ok_or_else(|| {
                err(
                    n,
                    format!(
                        "a record starts with its key, 32 hexadecimal digits; found {}",
                        shown(key_text)
                    ),
                )
            })?;
        let record = match words.next() {
            Some("move") => {
                let target = words
                    .next()
                    .ok_or_else(|| err(n, "'move' needs a cell, as 'move d4'"))?;
                Record::Move(cell(n, target)?)
            }
            Some("pairs") => {
                let mut pairs = Vec::new();
                for pair in words.by_ref() {
                    let (a, b) = pair.split_once('-').ok_or_else(|| {
                        err(
                            n,
                            format!(
                                "a pair is two cells joined by '-', as a1-b2; found {}",
                                shown(pair)
                            ),
                        )
                    })?;
                    pairs.push([cell(n, a)?, cell(n, b)?]);
                }
                Record::Pairs(pairs)
            }
            _ => {
                return Err(err(
                    n,
                    format!(
                        "a record is 'KEY move CELL' or 'KEY pairs A-B ...', found {}",
                        shown(line)
                    ),
                ));
            }
        };
        if let Some(extra) = words.next() {
            return Err(err(
                n,
                format!("unexpected {} after the record's move", shown(extra)),
            ));
        }
        if records.insert(key, record).is_some() {
            return Err(err(
                n,
                format!("a second record for key {}", shown(key_text)),
            ));
        }
    }
    Ok(Section {
        side,
        goal,
        records,
    })
}
