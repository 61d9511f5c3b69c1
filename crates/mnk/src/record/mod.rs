//! Game records: a whole game written to a file and read back, in three formats.
//!
//! - [`Format::MoveLine`]: mnk's own, the moves in [notation](crate::notation) on one line
//!   (`h8 h9 i9`), with `# size: 15x15`, `# k: 5`, `# rule: freestyle`, `# x: NAME`, `# o: NAME`
//!   and `# result: X wins` comment lines; other comments are ignored.
//! - [`Format::Psq`]: Piskvork's `.psq`: a header `Piskvorky 15x15, 0:0, 0`, one `x,y,time` line
//!   per move (`x` the column from the left, `y` the row from the top, both from 1; the time in
//!   milliseconds), then the two players' names and a final number (Piskvork's error code).
//! - [`Format::Sgf`]: SGF `FF[4]GM[4]`: `SZ[15]` (`SZ[7:6]`: columns, then rows), moves as
//!   `;B[hh];W[ih]`, the first letter the column and the second the row, both from `a` at the
//!   top-left corner (as Go, c-gomoku-cli and gomoku web boards write them); the rule in
//!   `RU` (`freestyle`, `exact` or Gomocup's numbers `0`, `1`), `k` in mnk's own property `K`,
//!   the names in `PB`/`PW`, the result in `RE`.
//!
//! Reading goes text -> [`Draft`] (what the file says, unchecked: [`Draft::parse`]) ->
//! [`Record`] (the variant settled and every move played on a board:
//! [`Draft::into_record`]); every error names the line and what is accepted there, and nothing
//! is returned unless the whole record is good. What a format does not carry (k and the rule in
//! a psq file, the moves' times) is not kept.
//!
//! ```
//! use mnk::record::{Format, Given, Record};
//! let psq = "Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n9,8,0\r\n-1\r\n";
//! let record = Record::parse(psq, Format::Psq, &Given::default()).unwrap();
//! assert_eq!(record.write(Format::MoveLine).lines().last(), Some("h8 i8"));
//! let sgf = record.write(Format::Sgf);
//! assert!(sgf.contains(";B[hh];W[ih]"));
//! assert_eq!(Record::parse(&sgf, Format::Sgf, &Given::default()).unwrap().moves(), record.moves());
//! let broken = Record::parse("Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n", Format::Psq, &Given::default());
//! assert!(broken.unwrap_err().to_string().starts_with("line 3: move 2 (8,8, h8 in mnk's notation)"));
//! ```

mod checked;
mod codec;
mod draft;
mod error;
mod format;
mod move_line;
mod psq;
mod sgf;

pub use checked::{Players, Record};
pub use draft::{Draft, DraftMove, Given, Point, Stated};
pub use error::{Problem, RecordError};
pub use format::{Format, FormatError, MAX_RECORD_BYTES};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Side, Size, Variant};

    #[test]
    fn formats_by_name_and_extension() {
        for format in Format::ALL {
            assert_eq!(format.name().parse::<Format>(), Ok(format));
        }
        assert_eq!(".PSQ".parse::<Format>(), Ok(Format::Psq));
        let e = "pgn".parse::<Format>().unwrap_err().to_string();
        assert!(
            e.contains("moves") && e.contains("psq") && e.contains("sgf"),
            "{e}"
        );
        assert_eq!(Format::from_extension("a.b/c.Sgf"), Format::Sgf);
        assert_eq!(Format::from_extension("psq"), Format::MoveLine);
    }

    #[test]
    fn what_the_record_says_must_agree_with_what_is_given() {
        let text = "# size: 15x15\n# rule: exact\nh8 h9\n";
        let given = |size, k, rule| Given { size, k, rule };
        let ok = Record::parse(
            text,
            Format::MoveLine,
            &given(Some(Size::square(15)), Some(4), None),
        )
        .unwrap();
        assert_eq!(ok.variant().k(), 4);
        assert_eq!(ok.variant().rule(), Rule::Exact);
        let e = Record::parse(
            text,
            Format::MoveLine,
            &given(Some(Size::square(19)), None, None),
        )
        .unwrap_err();
        assert_eq!(e.line, 1);
        assert_eq!(
            e.to_string(),
            "line 1: the record is for a board of 15x15, but 19x19 was asked for"
        );
        let e = Record::parse(
            text,
            Format::MoveLine,
            &given(None, None, Some(Rule::Freestyle)),
        )
        .unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("the rule exact"), "{e}");
    }

    #[test]
    fn a_record_without_a_size_needs_one_given() {
        let e = Record::parse("b2 a1", Format::MoveLine, &Given::default()).unwrap_err();
        assert_eq!(e.problem, Problem::NoSize);
        let three = Given {
            size: Some(Size::square(3)),
            ..Given::default()
        };
        let record = Record::parse("b2 a1", Format::MoveLine, &three).unwrap();
        assert_eq!(record.variant(), Variant::tic_tac_toe());
        assert_eq!(record.game().board().to_move(), Side::X);
    }

    #[test]
    fn a_stated_result_must_agree_with_the_moves() {
        let won = "# size: 3\n# result: O wins\na1 b1 a2 b2 a3\n";
        let e = Record::parse(won, Format::MoveLine, &Given::default()).unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(
            e.to_string(),
            "line 2: the record says O wins, but the moves end with X won with a3 a2 a1"
        );
        // A resignation before the board shows the end is a result of its own.
        let resigned = "# size: 3\n# result: O wins by R\na1 b1\n";
        let record = Record::parse(resigned, Format::MoveLine, &Given::default()).unwrap();
        assert_eq!(
            record.result,
            Some(crate::game::Ending::won(
                Side::O,
                crate::game::WinBy::Resignation
            ))
        );
    }
}
