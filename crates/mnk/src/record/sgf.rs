//! SGF `FF[4]GM[4]` (gomoku and renju), as c-gomoku-cli, renju sites and gomoku web boards
//! write it:
//!
//! ```text
//! (;FF[4]GM[4]SZ[15]RU[0]PB[Black]PW[White]RE[B+R]
//! ;B[hh]C[opening move];W[ih];B[ii])
//! ```
//!
//! A point is two letters, the column then the row, each from `a` at the **top-left** corner
//! (SGF's convention for every board game); `SZ[7:6]` is 7 columns by 6 rows, and an SGF
//! without `SZ` is 15x15 (the format's default for `GM[4]`). Only the main line is read (the
//! first variation at every branch); properties mnk does not use (`C`, `DT`, `EV`, times, ...)
//! are skipped. mnk writes k in a property of its own, `K[5]`, which other programs skip, and
//! a game's tournament opening in another, `OP[swap2:5]`: swap or swap2, and how many of the
//! first moves it placed.

use super::move_line::one_line;
use super::{Draft, DraftMove, Format, Point, Problem, Record, RecordError, Stated};
use crate::game::rule_bits::{self, rule_from_bits};
use crate::game::{DrawBy, Ending, Opened, Rule, Side, Size, WinBy, parse_size};
use crate::notation::shown;
use std::fmt::Write as _;

/// One property of a node: its identifier, values, and the line it starts on.
struct Property {
    ident: String,
    values: Vec<String>,
    line: usize,
}

/// Reads SGF text: the properties of the main line's nodes.
struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self
            .peek()
            .is_some_and(|c| c.is_whitespace() || c == '\u{feff}')
        {
            self.bump();
        }
    }

    fn error(&self, expected: &'static str) -> RecordError {
        let rest = &self.text[self.pos..];
        let found = if rest.is_empty() {
            "the end of the file".to_string()
        } else {
            shown(rest.lines().next().unwrap_or_default())
        };
        RecordError::at(self.line, Problem::Syntax { found, expected })
    }

    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), RecordError> {
        self.skip_space();
        if self.peek() == Some(c) {
            self.bump();
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// A game tree: `(` nodes, then variations, `)`, read without recursion (a file of
    /// nested variations costs a stack entry each, not a call: depth is bounded only by the
    /// record's size, [`super::format::MAX_RECORD_BYTES`]). The properties of the main line's nodes
    /// go to `main` (the first variation at every branch continues it); other variations are
    /// only checked.
    fn tree(&mut self, main: &mut Vec<Property>) -> Result<(), RecordError> {
        /// An open `(`: whether it continues the main line, and whether its variations have
        /// begun (after which only more variations or its `)` may follow).
        struct Open {
            main: bool,
            branched: bool,
        }
        self.expect('(', "'(' to open a game")?;
        let mut open = vec![Open {
            main: true,
            branched: false,
        }];
        self.first_node()?;
        while let Some(top) = open.last_mut() {
            self.skip_space();
            match self.peek() {
                Some(';') if !top.branched => {
                    self.bump();
                    let keep = top.main;
                    self.node(keep.then_some(&mut *main))?;
                }
                Some('(') => {
                    self.bump();
                    let continues = top.main && !top.branched;
                    top.branched = true;
                    open.push(Open {
                        main: continues,
                        branched: false,
                    });
                    self.first_node()?;
                }
                Some(')') => {
                    self.bump();
                    open.pop();
                }
                _ if top.branched => {
                    return Err(self.error("')' to close the game, or '(' for a variation"));
                }
                _ => return Err(self.error("';' (a node), '(' (a variation) or ')'")),
            }
        }
        Ok(())
    }

    /// The `;` that must open a game tree's first node (not consumed).
    fn first_node(&mut self) -> Result<(), RecordError> {
        self.skip_space();
        if self.peek() == Some(';') {
            Ok(())
        } else {
            Err(self.error("';' to open a node"))
        }
    }

    /// A node's properties after its `;`, added to `properties` when given (a node off the
    /// main line is only checked).
    fn node(&mut self, mut properties: Option<&mut Vec<Property>>) -> Result<(), RecordError> {
        loop {
            self.skip_space();
            if !self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                return Ok(());
            }
            let line = self.line;
            let mut ident = String::new();
            while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
                self.bump();
                // FF[3] allowed lower-case letters inside names (`AddBlack` for `AB`).
                if c.is_ascii_uppercase() {
                    ident.push(c);
                }
            }
            let mut values = Vec::new();
            loop {
                self.skip_space();
                if self.peek() != Some('[') {
                    break;
                }
                self.bump();
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(self.error("'[' and the value of the property"));
            }
            if let Some(properties) = properties.as_deref_mut() {
                properties.push(Property {
                    ident,
                    values,
                    line,
                });
            }
        }
    }

    /// A value after its `[`: up to the `]` that closes it (`\]` and `\\` are escaped).
    fn value(&mut self) -> Result<String, RecordError> {
        let start = self.line;
        let mut value = String::new();
        loop {
            match self.bump() {
                Some(']') => return Ok(value),
                Some('\\') => match self.bump() {
                    // A soft line break: nothing.
                    Some('\n') => {}
                    Some('\r') => {
                        if self.peek() == Some('\n') {
                            self.bump();
                        }
                    }
                    Some(c) => value.push(c),
                    None => break,
                },
                Some(c) => value.push(c),
                None => break,
            }
        }
        Err(RecordError::at(
            start,
            Problem::Syntax {
                found: shown(&value),
                expected: "a value closed by ']' (write \\] for a ']' inside it)",
            },
        ))
    }
}

pub(super) fn parse(text: &str) -> Result<Draft, RecordError> {
    let mut scanner = Scanner {
        text,
        pos: 0,
        line: 1,
    };
    scanner.skip_space();
    if scanner.peek().is_none() {
        return Err(RecordError::at(
            1,
            Problem::Empty {
                expected: "an SGF game like (;FF[4]GM[4]SZ[15];B[hh];W[ih])",
            },
        ));
    }
    let mut properties = Vec::new();
    scanner.tree(&mut properties)?;
    scanner.skip_space();
    if scanner.peek() == Some('(') {
        return Err(RecordError::at(scanner.line, Problem::SecondGame));
    }
    if scanner.peek().is_some() {
        return Err(scanner.error("nothing after the game's last ')'"));
    }
    let mut draft = Draft::new(Format::Sgf);
    for property in &properties {
        read(property, &mut draft)?;
    }
    draft
        .size
        .get_or_insert(Stated::at(1, Size::square(DEFAULT_SIDE)));
    Ok(draft)
}

/// The board side of an SGF `GM[4]` without `SZ`.
const DEFAULT_SIDE: u8 = 15;

/// Takes in what one property says.
fn read(property: &Property, draft: &mut Draft) -> Result<(), RecordError> {
    let Property {
        ident,
        values,
        line,
    } = property;
    let line = *line;
    let value = values[0].trim();
    let bad = |expected| {
        RecordError::at(
            line,
            Problem::Syntax {
                found: format!("{ident}[{}]", shown(value)),
                expected,
            },
        )
    };
    let twice = |what, first: usize| RecordError::at(line, Problem::Twice { what, first });
    match ident.as_str() {
        "GM" if value != "4" => {
            return Err(RecordError::at(
                line,
                Problem::Unsupported {
                    what: format!("GM[{}] is not gomoku", shown(value)),
                    accepted: "mnk reads GM[4], gomoku and its kin",
                },
            ));
        }
        "SZ" => {
            if let Some(s) = &draft.size {
                return Err(twice("SZ", s.line));
            }
            let size = parse_size(&value.replace(':', "x"))
                .map_err(|_| bad("SZ[15] or SZ[COLUMNS:ROWS], each side 1 to 26"))?;
            draft.size = Some(Stated::at(line, size));
        }
        "RU" => {
            if let Some(r) = &draft.rule {
                return Err(twice("RU", r.line));
            }
            draft.rule = Some(Stated::at(line, rule(value, line)?));
        }
        "K" => {
            if let Some(k) = &draft.k {
                return Err(twice("K", k.line));
            }
            let k = value
                .parse()
                .map_err(|_| bad("K[5]: the stones in a row that win"))?;
            draft.k = Some(Stated::at(line, k));
        }
        "OP" => {
            if let Some(o) = &draft.opening {
                return Err(twice("OP", o.line));
            }
            // mnk's own property; a value of another program's (none is standard) is skipped.
            if let Ok(opening) = value.parse::<Opened>() {
                draft.opening = Some(Stated::at(line, opening));
            }
        }
        "PB" => draft.players.x = name(value),
        "PW" => draft.players.o = name(value),
        "RE" => {
            if let Some(r) = &draft.result {
                return Err(twice("RE", r.line));
            }
            let result = result(value).map_err(|()| {
                bad("RE[B+], RE[W+R], RE[0] (a draw) or RE[?] (unknown); B is X, W is O")
            })?;
            draft.result = result.map(|r| Stated::at(line, r));
        }
        "B" | "W" => {
            let found = if ident == "B" { Side::X } else { Side::O };
            let number = draft.moves.len() + 1;
            let expected = Side::to_move_after(draft.moves.len());
            if found != expected {
                return Err(RecordError::at(
                    line,
                    Problem::WrongColour {
                        number,
                        found,
                        expected,
                    },
                ));
            }
            if values.len() > 1 {
                return Err(bad("one point a move, like B[hh]"));
            }
            if value.is_empty() {
                return Err(RecordError::at(
                    line,
                    Problem::Unsupported {
                        what: format!("move {number} is a pass ({ident}[])"),
                        accepted: "every move of a gomoku game places a stone",
                    },
                ));
            }
            let point = point(value).ok_or_else(|| {
                bad("a point of two letters, the column then the row from the top-left, like B[hh]")
            })?;
            draft.moves.push(DraftMove {
                line,
                text: value.to_string(),
                point,
            });
        }
        "AB" | "AW" | "AE" => {
            return Err(RecordError::at(
                line,
                Problem::Unsupported {
                    what: format!("{ident} places stones without moves"),
                    accepted: "mnk reads games move by move (B and W)",
                },
            ));
        }
        _ => {}
    }
    Ok(())
}

fn name(value: &str) -> Option<String> {
    let name = one_line(value);
    (!name.is_empty()).then_some(name)
}

/// `RU`: a name, or Gomocup's rule number.
fn rule(value: &str, line: usize) -> Result<Rule, RecordError> {
    let unsupported = |what: String| {
        RecordError::at(
            line,
            Problem::Unsupported {
                what,
                accepted: "mnk plays freestyle (RU[freestyle], RU[gomoku] or RU[0]), exactly five \
                           (RU[exact], RU[standard] or RU[1]) and renju (RU[renju] or RU[4])",
            },
        )
    };
    if let Ok(bits) = value.parse::<u32>() {
        // A record may be renju's (Gomocup's 4) even where the engine does not play it.
        if bits == rule_bits::RENJU {
            return Ok(Rule::Renju);
        }
        return rule_from_bits(bits).map_err(|e| unsupported(format!("RU[{value}]: {e}")));
    }
    match value.to_ascii_lowercase().as_str() {
        "freestyle" | "free" | "gomoku" => Ok(Rule::Freestyle),
        "exact" | "standard" => Ok(Rule::Exact),
        "renju" => Ok(Rule::Renju),
        _ => Err(unsupported(format!(
            "RU[{}] is not a rule mnk plays",
            shown(value)
        ))),
    }
}

/// `RE`: `B+...`, `W+...`, `0` or `Draw`; `?`, `Void` or nothing: no result.
fn result(value: &str) -> Result<Option<Ending>, ()> {
    let lower = value.to_ascii_lowercase();
    match lower.as_str() {
        "" | "?" | "void" => return Ok(None),
        "0" | "draw" | "jigo" => return Ok(Some(Ending::Drawn(DrawBy::Agreed))),
        _ => {}
    }
    let side = match lower.get(..2) {
        Some("b+") => Side::X,
        Some("w+") => Side::O,
        _ => return Err(()),
    };
    Ok(Some(Ending::won(side, WinBy::from_how(value[2..].trim()))))
}

/// Two letters, the column then the row from the top-left: `a`-`z`, then `A`-`Z` (SGF's 27 to 52).
fn point(value: &str) -> Option<Point> {
    let index = |c: char| match c {
        'a'..='z' => Some(i64::from(c as u8 - b'a')),
        'A'..='Z' => Some(26 + i64::from(c as u8 - b'A')),
        _ => None,
    };
    let mut chars = value.chars();
    let (col, row) = (index(chars.next()?)?, index(chars.next()?)?);
    chars
        .next()
        .is_none()
        .then_some(Point::FromTopLeft { col, row })
}

/// A value as SGF text: `]` and `\` escaped.
fn escaped(text: &str) -> String {
    one_line(text).replace('\\', "\\\\").replace(']', "\\]")
}

/// Moves written on one line of the file.
const MOVES_PER_LINE: usize = 10;

pub(super) fn write(record: &Record) -> String {
    let variant = record.variant();
    let size = variant.size();
    let mut out = String::from("(;FF[4]GM[4]CA[UTF-8]AP[mnk]");
    if size.is_square() {
        let _ = write!(out, "SZ[{}]", size.width);
    } else {
        let _ = write!(out, "SZ[{}:{}]", size.width, size.height);
    }
    let _ = write!(out, "RU[{}]K[{}]", variant.rule(), variant.k());
    if let Some(opening) = record.opening() {
        let _ = write!(out, "OP[{opening}]");
    }
    for (ident, name) in [("PB", &record.players.x), ("PW", &record.players.o)] {
        if let Some(name) = name.as_deref().map(escaped).filter(|n| !n.is_empty()) {
            let _ = write!(out, "{ident}[{name}]");
        }
    }
    match &record.result {
        Some(Ending::Won { winner, by }) => {
            let colour = if *winner == Side::X { 'B' } else { 'W' };
            let _ = write!(out, "RE[{colour}+{}]", escaped(by.how()));
        }
        Some(Ending::Drawn(_)) => out.push_str("RE[0]"),
        None => {}
    }
    let letter = |i: i32| char::from(b'a' + u8::try_from(i).unwrap_or(0));
    for (i, &cell) in record.moves().iter().enumerate() {
        if i % MOVES_PER_LINE == 0 {
            out.push('\n');
        }
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        let _ = write!(
            out,
            ";{colour}[{}{}]",
            letter(size.col(cell)),
            letter(size.row(cell))
        );
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_is_written_and_read_back() {
        use crate::game::OpeningRule;
        use crate::record::Given;
        let text = "(;GM[4]FF[4]SZ[15]RU[renju]OP[swap2:5];B[hh];W[ih];B[ii];W[jj];B[kk];W[hg])";
        let record = Record::parse(text, Format::Sgf, &Given::default()).unwrap();
        let opening = record.opening().unwrap();
        assert_eq!((opening.rule, opening.stones), (OpeningRule::Swap2, 5));
        let written = record.write(Format::Sgf);
        assert!(written.contains("RU[renju]K[5]OP[swap2:5]"), "{written}");
        let again = Record::parse(&written, Format::Sgf, &Given::default()).unwrap();
        assert_eq!(again, record);
        // mnk's move line carries it too (`# opening: swap2:5`); Piskvork's psq has no place
        // for it, and a record without one has none.
        let line = record.write(Format::MoveLine);
        assert!(line.contains("# opening: swap2:5\n"), "{line}");
        assert_eq!(
            Record::parse(&line, Format::MoveLine, &Given::default()).unwrap(),
            record
        );
        let plain = Record::parse(
            &record.write(Format::Psq),
            Format::Psq,
            &Given {
                size: None,
                rule: Some(Rule::Renju),
                k: None,
            },
        )
        .unwrap();
        assert_eq!(plain.opening(), None);
        assert!(!plain.write(Format::Sgf).contains("OP["));
        // More stones than moves: refused. A value that is no opening of mnk's (another
        // program's OP, a count the rule cannot place) is skipped.
        let text = "(;GM[4]FF[4]SZ[15]OP[swap:3];B[hh];W[ih])";
        let e = Record::parse(text, Format::Sgf, &Given::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("more stones than the record's 2 moves"), "{e}");
        for skipped in [
            "OP[swap:2]",
            "OP[swap:5]",
            "OP[swap2:7]",
            "OP[swap3:4]",
            "OP[Sosov 1]",
        ] {
            let text = format!("(;GM[4]FF[4]SZ[15]{skipped};B[hh];W[ih];B[ii];W[jj];B[kk])");
            let read = Record::parse(&text, Format::Sgf, &Given::default()).unwrap();
            assert_eq!(read.opening(), None, "{skipped}");
        }
        let swap = Opened::new(OpeningRule::Swap, 3).unwrap();
        let record = record.with_opening(swap).unwrap();
        assert!(record.write(Format::Sgf).contains("OP[swap:3]"));
        assert_eq!(Opened::new(OpeningRule::Swap, 5), None);
        assert_eq!(
            Opened::new(OpeningRule::Swap2, 6).map(|o| o.stones),
            Some(6)
        );
    }

    #[test]
    fn values_with_escapes_and_variations() {
        let text = "(;GM[4]FF[4]SZ[15]PB[Ann \\] Lee]C[a comment (with brackets\\]]\n\
                    ;B[hh]\n(;W[ih];B[ii])\n(;W[aa]))";
        let draft = parse(text).unwrap();
        assert_eq!(draft.players.x.as_deref(), Some("Ann ] Lee"));
        let moves: Vec<&str> = draft.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["hh", "ih", "ii"]);
        assert_eq!(draft.moves[1].line, 3);
    }

    #[test]
    fn rules_by_name_and_number() {
        assert_eq!(rule("0", 1), Ok(Rule::Freestyle));
        assert_eq!(rule("Standard", 1), Ok(Rule::Exact));
        assert_eq!(rule("4", 1), Ok(Rule::Renju));
        assert_eq!(rule("Renju", 1), Ok(Rule::Renju));
        let e = rule("8", 7).unwrap_err();
        assert_eq!(e.line, 7);
        assert!(e.to_string().contains("caro"), "{e}");
        assert!(e.to_string().contains("RU[renju]"), "{e}");
    }

    #[test]
    fn points_count_from_the_top_left() {
        assert_eq!(point("ab"), Some(Point::FromTopLeft { col: 0, row: 1 }));
        assert_eq!(point("Aa"), Some(Point::FromTopLeft { col: 26, row: 0 }));
        assert_eq!(point("a"), None);
        assert_eq!(point("abc"), None);
        assert_eq!(point("a1"), None);
    }
}
