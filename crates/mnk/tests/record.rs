//! Game records: files as real programs write them read as the games they are, every random
//! game written in each format reads back the same, and every kind of broken record is
//! refused with the line that is wrong.

use mnk::game::{Board, Cell, Ending, Rule, Side, Size, Status, Variant, WinBy};
use mnk::notation::{format_moves, parse_moves};
use mnk::record::{Format, Given, Players, Record, RecordError};
use proptest::prelude::*;

fn read(text: &str, format: Format) -> Record {
    Record::parse(text, format, &Given::default()).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn moves(record: &Record) -> String {
    format_moves(record.moves(), record.variant().size())
}

fn error(text: &str, format: Format) -> RecordError {
    error_given(text, format, &Given::default())
}

fn error_given(text: &str, format: Format, given: &Given) -> RecordError {
    match Record::parse(text, format, given) {
        Ok(record) => panic!("read as {record:?}:\n{text}"),
        Err(e) => e,
    }
}

// ---- Files as programs write them ----

/// Piskvork's own save (`savePsq`, Windows line ends): levels in the header, `x,y,time` lines
/// from 1 (column, then row from the top), and the error code -1.
#[test]
fn piskvork_save() {
    let text = "Piskvorky 15x15, 11:0, 0\r\n8,8,0\r\n9,9,1203\r\n7,9,0\r\n-1\r\n";
    let record = read(text, Format::Psq);
    assert_eq!(record.variant().size(), Size::square(15));
    assert_eq!(moves(&record), "h8 i7 g7");
    assert_eq!(record.players, Players::default());
}

/// A Gomocup tournament game: 20x20, the brains' names after the moves.
#[test]
fn gomocup_tournament_psq() {
    let text = "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,150\n11,10,98\n10,11,77\n\
                12,10,140\n13,10,52\n9,10,31\n8,10,12\n10,12,301\n10,9,44\n\
                pbrain-rapfi.zip\npbrain-embryo.zip\n-1\n";
    let record = read(text, Format::Psq);
    assert_eq!(record.variant().size(), Size::square(20));
    assert_eq!(record.variant().k(), 5);
    assert_eq!(moves(&record), "j11 k10 k11 j10 l11 m11 i11 h11 j9 j12");
    assert_eq!(record.players.x.as_deref(), Some("pbrain-rapfi.zip"));
    assert_eq!(record.players.o.as_deref(), Some("pbrain-embryo.zip"));
    assert_eq!(record.game().board().status(), Status::InProgress);
}

/// c-gomoku-cli's SGF (`Game::export_sgf`): game info in the root, Gomocup's rule number, a
/// time comment on every move, eight moves a line. X wins down the h file.
#[test]
fn c_gomoku_cli_sgf() {
    let text = "(;FF[4]GM[4]GN[3]EV[rapfi x embryo]DT[2024.05.01 12:00:00]RO[1.4]RU[0]SZ[15]\
                PB[rapfi]PW[embryo]RE[B+1]TE[Black win by five connection]\n\
                ;B[hh]C[opening move];W[ig]C[opening move];B[hi]C[opening move]\n\
                ;W[ii]C[1000ms];B[hj]C[523ms];W[ij]C[871ms];B[hk]C[100ms];W[ik]C[98ms]\
                ;B[hl]C[12ms])\n\n";
    let record = read(text, Format::Sgf);
    assert_eq!(record.variant().rule(), Rule::Freestyle);
    assert_eq!(moves(&record), "h8 i9 h7 i7 h6 i6 h5 i5 h4");
    assert_eq!(record.players.x.as_deref(), Some("rapfi"));
    assert_eq!(
        record.result,
        Some(Ending::won(Side::X, WinBy::Said("1".into())))
    );
    assert_eq!(record.game().board().status().winner(), Some(Side::X));
}

/// A gomoku web board's download: one line, a resignation, spaces between nodes.
#[test]
fn web_board_sgf_with_a_resignation() {
    let text = "(;FF[4]GM[4]SZ[15]AP[Goban:1.9]DT[2025-03-02]RE[W+R]PB[Human]PW[Computer] \
                ;B[hh] ;W[hg] ;B[ig])";
    let record = read(text, Format::Sgf);
    assert_eq!(moves(&record), "h8 h9 i9");
    assert_eq!(record.players.o.as_deref(), Some("Computer"));
    assert_eq!(
        record.result,
        Some(Ending::won(Side::O, WinBy::Resignation))
    );
}

/// A rectangular board: SZ gives the columns, then the rows; mnk's own K and RU.
#[test]
fn rectangular_sgf() {
    let record = read("(;FF[4]GM[4]SZ[7:6]RU[exact]K[4];B[dc];W[df])", Format::Sgf);
    assert_eq!(
        record.variant(),
        Variant::new(Size::new(7, 6), 4, Rule::Exact).unwrap()
    );
    assert_eq!(moves(&record), "d4 d1");
}

/// The move line `mnk match --save` writes: the moves, then a comment.
#[test]
fn a_line_of_match_save() {
    let text = "h8 h9 i9 g7                                                  \
                # game 1: X engine, O rules: X wins; opening 3 moves\n";
    let given = Given {
        size: Some(Size::square(15)),
        ..Given::default()
    };
    let record = Record::parse(text, Format::MoveLine, &given).unwrap();
    assert_eq!(moves(&record), "h8 h9 i9 g7");
}

/// What mnk writes, byte for byte.
#[test]
fn mnk_writes_each_format() {
    let variant = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
    let cells = parse_moves("h8 i9", variant.size()).unwrap();
    let mut record =
        Record::parse("# size: 15\nh8 i9", Format::MoveLine, &Given::default()).unwrap();
    assert_eq!(record.moves(), &cells[..]);
    record.players = Players {
        x: Some("engine".into()),
        o: Some("Ann [the] \\ one".into()),
    };
    assert_eq!(
        record.write(Format::MoveLine),
        "# size: 15x15\n# k: 5\n# rule: freestyle\n# x: engine\n# o: Ann [the] \\ one\nh8 i9\n"
    );
    assert_eq!(
        record.write(Format::Psq),
        "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,7,0\nengine\nAnn [the] \\ one\n-1\n"
    );
    assert_eq!(
        record.write(Format::Sgf),
        "(;FF[4]GM[4]CA[UTF-8]AP[mnk]SZ[15]RU[freestyle]K[5]PB[engine]PW[Ann [the\\] \\\\ one]\n\
         ;B[hh];W[ig])\n"
    );
}

// ---- Round trips ----

/// A variant, a random legal game in it, names and a result.
fn game() -> impl Strategy<Value = Record> {
    let sizes = prop_oneof![
        Just(Size::square(3)),
        Just(Size::square(15)),
        Just(Size::square(20)),
        Just(Size::new(7, 6)),
        Just(Size::square(26)),
        (1u8..=26, 1u8..=26).prop_map(|(w, h)| Size::new(w, h)),
    ];
    let name = prop::option::of("[A-Za-z][A-Za-z0-9 .:#\\]\\[\\\\_-]{0,12}[A-Za-z0-9]");
    (
        sizes,
        prop::bool::ANY,
        prop::collection::vec(0usize..10_000, 0..120),
    )
        .prop_flat_map(move |(size, exact, picks)| {
            let longest = u32::from(size.width.max(size.height));
            (
                Just((size, exact, picks)),
                1..=longest,
                name.clone(),
                name.clone(),
                prop::option::of("[RT1]?"),
            )
        })
        .prop_map(|((size, exact, picks), k, x, o, how)| {
            let rule = if exact { Rule::Exact } else { Rule::Freestyle };
            let variant = Variant::new(size, k, rule).unwrap();
            let mut board = Board::new(variant);
            let mut cells: Vec<Cell> = Vec::new();
            for p in picks {
                let legal: Vec<Cell> = board.moves().collect();
                if legal.is_empty() {
                    break;
                }
                board.play(legal[p % legal.len()]);
                cells.push(legal[p % legal.len()]);
            }
            let text = format!(
                "# size: {size}\n# k: {k}\n# rule: {rule}\n{}",
                format_moves(&cells, size)
            );
            let mut record = Record::parse(&text, Format::MoveLine, &Given::default()).unwrap();
            record.players = Players { x, o };
            // A result that agrees with the board: its own when the game is over, else a
            // resignation (or none).
            record.result = match board.status() {
                Status::InProgress => {
                    how.map(|how| Ending::won(board.to_move().other(), WinBy::from_how(&how)))
                }
                _ => Ending::on_board(&board),
            };
            record
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(200)
    ))]

    #[test]
    fn every_format_reads_back_what_it_wrote(record in game()) {
        for format in [Format::MoveLine, Format::Sgf] {
            let text = record.write(format);
            let back = Record::parse(&text, format, &Given::default());
            prop_assert_eq!(back.as_ref(), Ok(&record), "{}:\n{}", format, text);
        }
        // psq carries neither k, the rule nor the result: given, they read back the same.
        let text = record.write(Format::Psq);
        let given = Given {
            size: None,
            k: Some(record.variant().k() as u32),
            rule: Some(record.variant().rule()),
        };
        let back = Record::parse(&text, Format::Psq, &given);
        let mut expected = record.clone();
        expected.result = None;
        prop_assert_eq!(back.as_ref(), Ok(&expected), "psq:\n{}", text);
        // Converting through every format keeps the moves.
        let sgf = Record::parse(&expected.write(Format::Sgf), Format::Sgf, &Given::default()).unwrap();
        let line = Record::parse(&sgf.write(Format::MoveLine), Format::MoveLine, &Given::default()).unwrap();
        prop_assert_eq!(line.moves(), record.moves());
    }

    #[test]
    fn any_text_is_read_or_refused_with_a_line_of_it(text in "[ -~\n\r\t\\[\\];()]{0,200}") {
        for format in Format::ALL {
            if let Err(e) = Record::parse(&text, format, &Given { size: Some(Size::square(15)), ..Given::default() }) {
                prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1), "{} {:?}: {}", format, text, e);
            }
        }
    }
}

// ---- One test per kind of error, each with its line ----

fn assert_error(e: &RecordError, line: usize, starts: &str) {
    let message = e.to_string();
    assert_eq!(e.line, line, "{message}");
    assert!(
        message.starts_with(&format!("line {line}: {starts}")),
        "{message}"
    );
}

#[test]
fn an_empty_file() {
    assert_error(
        &error("\n\n", Format::Psq),
        2,
        "the record is empty: expected a header like",
    );
    assert_error(
        &error("  \n", Format::Sgf),
        1,
        "the record is empty: expected an SGF game",
    );
}

#[test]
fn text_the_format_does_not_allow() {
    assert_error(
        &error("Gomoku 15x15\n8,8,0\n", Format::Psq),
        1,
        "cannot read 'Gomoku 15x15': expected a header like 'Piskvorky 15x15, 11:11, 0'",
    );
    assert_error(
        &error("(;GM[4]SZ[15]\n;B[hh]C[unclosed\n", Format::Sgf),
        2,
        "cannot read 'unclosed\\n': expected a value closed by ']'",
    );
    assert_error(
        &error("(;GM[4]SZ[15];B[h8])", Format::Sgf),
        1,
        "cannot read 'B[h8]': expected a point of two letters",
    );
    assert_error(
        &error("# size: big\nh8\n", Format::MoveLine),
        1,
        "cannot read 'big': expected a board size",
    );
}

#[test]
fn a_move_line_move_that_is_not_a_move() {
    assert_error(
        &error("# size: 15\n\nh8 h9 zz\n", Format::MoveLine),
        3,
        "cannot read 'zz' as a move",
    );
}

#[test]
fn what_mnk_does_not_play() {
    assert_error(
        &error("(;FF[4]GM[1]SZ[19];B[pd])", Format::Sgf),
        1,
        "GM[1] is not gomoku",
    );
    assert_error(
        &error("(;GM[4]\nRU[Caro]\n;B[hh])", Format::Sgf),
        2,
        "RU[Caro] is not a rule mnk plays: mnk plays freestyle",
    );
    assert_error(
        &error("(;GM[4]SZ[15]\nAB[hh][ii]\n;W[jj])", Format::Sgf),
        2,
        "AB places stones without moves",
    );
    assert_error(
        &error("(;GM[4];B[hh]\n;W[])", Format::Sgf),
        2,
        "move 2 is a pass (W[])",
    );
}

#[test]
fn renju_records_carry_the_rule_and_refuse_a_forbidden_move() {
    // f8 g8 (fh gh) and h9 h10 (hg hf) make h8 (hh) a double three for X.
    let sgf = "(;GM[4]SZ[15]RU[renju]\n;B[fh];W[ao];B[gh];W[am];B[hg];W[ak];B[hf];W[ai])";
    let record = Record::parse(sgf, Format::Sgf, &Given::default()).unwrap();
    assert_eq!(record.variant().rule(), Rule::Renju);
    let written = record.write(Format::Sgf);
    assert!(written.contains("RU[renju]"), "{written}");
    let again = Record::parse(&written, Format::Sgf, &Given::default()).unwrap();
    assert_eq!(again.moves(), record.moves());
    let gomocup = sgf.replace("RU[renju]", "RU[4]");
    assert_eq!(
        Record::parse(&gomocup, Format::Sgf, &Given::default())
            .unwrap()
            .variant()
            .rule(),
        Rule::Renju
    );
    let forbidden = sgf.replace(";W[ai])", ";W[ai]\n;B[hh])");
    assert_error(
        &error(&forbidden, Format::Sgf),
        3,
        "move 9 (hh) is forbidden to X under renju: double three at h8",
    );
}

#[test]
fn said_twice() {
    assert_error(
        &error("# size: 15\n# size: 19\nh8\n", Format::MoveLine),
        2,
        "the size is given twice (first on line 1)",
    );
    assert_error(
        &error("(;GM[4]SZ[15]\nSZ[19])", Format::Sgf),
        2,
        "SZ is given twice",
    );
}

#[test]
fn two_lines_of_moves() {
    assert_error(
        &error("# size: 15\nh8 h9\n# next\ni9\n", Format::MoveLine),
        4,
        "a second line of moves (the first is line 2)",
    );
}

#[test]
fn a_move_after_the_names() {
    assert_error(
        &error(
            "Piskvorky 15x15, 0:0, 0\n8,8,0\nengine\n9,9,0\n-1\n",
            Format::Psq,
        ),
        4,
        "a move after the end of the moves (line 3 ended them)",
    );
}

#[test]
fn two_games_in_one_file() {
    assert_error(
        &error("(;GM[4];B[hh])\n(;GM[4];B[ii])", Format::Sgf),
        2,
        "a second game",
    );
}

#[test]
fn no_size() {
    assert_error(
        &error("h8 h9", Format::MoveLine),
        1,
        "the record does not say the board size",
    );
}

#[test]
fn a_variant_that_conflicts_with_the_one_asked_for() {
    let given = Given {
        rule: Some(Rule::Exact),
        ..Given::default()
    };
    assert_error(
        &error_given("(;GM[4]SZ[15]\nRU[0];B[hh])", Format::Sgf, &given),
        2,
        "the record is for the rule freestyle, but exact was asked for",
    );
}

#[test]
fn a_variant_that_is_not_a_game() {
    assert_error(
        &error("# size: 3\n# k: 4\nb2\n", Format::MoveLine),
        2,
        "k = 4 does not fit a 3x3 board",
    );
}

#[test]
fn a_move_off_the_board() {
    assert_error(
        &error("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n-1\n", Format::Psq),
        3,
        "move 2 (16,1) is off the 15x15 board",
    );
    assert_error(
        &error("(;GM[4]SZ[15];B[hh]\n;W[pp])", Format::Sgf),
        2,
        "move 2 (pp) is off the 15x15 board",
    );
}

#[test]
fn a_move_on_a_taken_cell() {
    assert_error(
        &error("(;GM[4]SZ[15]\n;B[hh]\n;W[hh])", Format::Sgf),
        3,
        "move 2 (hh, h8 in mnk's notation) is on a cell already taken",
    );
}

#[test]
fn a_move_after_the_end() {
    assert_error(
        &error("# size: 3\n\na1 b1 a2 b2 a3 c3\n", Format::MoveLine),
        3,
        "move 6 (c3) comes after the end of the game: X won with a3 a2 a1",
    );
}

#[test]
fn a_move_of_the_wrong_colour() {
    assert_error(
        &error("(;GM[4]SZ[15]\n;B[hh]\n;B[ii])", Format::Sgf),
        3,
        "move 2 is X's, but O is to move",
    );
}

#[test]
fn a_result_the_moves_contradict() {
    assert_error(
        &error(
            "(;GM[4]SZ[3]K[3]\nRE[W+]\n;B[aa];W[ba];B[ab];W[bb];B[ac])",
            Format::Sgf,
        ),
        2,
        "the record says O wins, but the moves end with X won with a3 a2 a1",
    );
}

// ---- Hostile files: bounded, never a crash ----

/// SGF variations nested deeper than any call stack holds (`(;(;(;...)))`): read without
/// recursion. Each level's first variation continues the main line, so its moves are read.
#[test]
fn deeply_nested_variations() {
    let depth = 100_000;
    let text = format!("{}{}", "(;".repeat(depth), ")".repeat(depth));
    let record = read(&text, Format::Sgf);
    assert_eq!(record.moves().len(), 0);
    // The main line runs through the first variation at every depth; a second variation at
    // any depth is checked and skipped.
    let text = "(;SZ[9];B[ee](;W[ef](;B[dd](;W[aa])(;W[bb]))(;B[cc]))(;W[ff]))";
    assert_eq!(moves(&read(text, Format::Sgf)), "e5 e4 d6 a9");
    // An unclosed variation deep inside: refused at the end of the file.
    let text = format!("{}{}", "(;".repeat(depth), ")".repeat(depth - 1));
    let e = error(&text, Format::Sgf);
    assert!(e.to_string().contains("the end of the file"), "{e}");
    // Nodes after a branch are not SGF.
    assert_error(
        &error("(;SZ[9](;B[aa])\n;B[bb])", Format::Sgf),
        2,
        "cannot read ';B[bb])': expected ')' to close the game, or '(' for a variation",
    );
}

/// Text longer than any record of a game is refused before it is read: 10 MB of empty SGF
/// nodes, of move-line comments, of psq lines.
#[test]
fn a_record_larger_than_any_game() {
    let huge = mnk::record::MAX_RECORD_BYTES + 1;
    let texts = [
        (format!("(;{})", ";".repeat(huge)), Format::Sgf),
        (
            format!("# size: 15\n#{}\nh8\n", " ".repeat(huge)),
            Format::MoveLine,
        ),
        (
            format!("Piskvorky 15x15, 0:0, 0\n{}", "\n".repeat(huge)),
            Format::Psq,
        ),
    ];
    for (text, format) in texts {
        let e = error(&text, format);
        assert_error(&e, 1, "the record is ");
        assert!(e.to_string().contains("more than the 1048576 bytes"), "{e}");
    }
    // Just within the limit, empty nodes cost nothing.
    let text = format!(
        "(;SZ[9]{};B[ee])",
        ";".repeat(mnk::record::MAX_RECORD_BYTES - 20)
    );
    assert_eq!(moves(&read(&text, Format::Sgf)), "e5");
}

/// A psq line meant as a move that is not one is an error with its line, never the end of
/// the moves (which would load a shorter game without a word).
#[test]
fn a_psq_move_that_cannot_be_read() {
    for (bad, shown) in [
        ("10,10,12ms", "10,10,12ms"),
        ("10,10,0,0", "10,10,0,0"),
        (
            "10,12345678901234567890123,0",
            "10,123456789012345678901...",
        ),
        ("10,10,-5", "10,10,-5"),
        ("10, ten", "10, ten"),
    ] {
        let text = format!("Piskvorky 15x15, 0:0, 0\n8,8,0\n{bad}\n9,9,0\n-1\n");
        assert_error(
            &error(&text, Format::Psq),
            3,
            &format!("cannot read '{shown}': expected a move as x,y or x,y,time"),
        );
    }
    let text = "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9\u{0},0\n-1\n";
    assert_error(&error(text, Format::Psq), 3, "cannot read '9,9\\0,0'");
    // Names and the final number still end the moves.
    let text = "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,10\nrapfi, classical\nmnk\n-1\n";
    let record = read(text, Format::Psq);
    assert_eq!(record.moves().len(), 2);
    assert_eq!(record.players.x.as_deref(), Some("rapfi, classical"));
}
