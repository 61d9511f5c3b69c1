//! Fuzzing every reader of files and settings: records (SGF, psq, the move line), proofs,
//! solver checkpoints, opening lists, weights files and time controls get random text near
//! their grammar, byte soup, deep nesting and sizes past their limits. None may panic,
//! overflow its stack or run without end; each answers with its value or an error that names
//! a line of the text.
//!
//! `bash scripts/fuzz` runs these for longer (`PROPTEST_CASES` cases a batch).

use mnk::arena::parse_openings;
use mnk::certificate::Certificate;
use mnk::engine::weights::Weights;
use mnk::game::{Board, Rule, Size, Variant};
use mnk::record::{Format, Given, MAX_RECORD_BYTES, Record};
use mnk::search::{Control, Timing};
use mnk::solve::{Distance, Solver, SolverConfig};
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

/// SGF-like text: trees, variations, properties and values, nested at random.
fn sgf() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        "[A-Z]{1,2}\\[[a-s]{0,3}\\]",
        Just(";".to_string()),
        Just(";B[hh]".to_string()),
        Just(";W[ii]".to_string()),
        Just("SZ[15]".to_string()),
        Just("RU[renju]".to_string()),
        "[ -~]{0,6}",
    ];
    leaf.prop_recursive(8, 64, 6, |inner| {
        prop::collection::vec(inner, 0..6).prop_map(|parts| format!("({})", parts.concat()))
    })
}

/// Psq-like text: a header, number lines (some broken, some huge), names, the final number.
fn psq() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        (-5i64..30).prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        "[0-9]{19,25}",
        "[0-9a-z]{0,4}",
    ];
    let line = prop_oneof![
        (number.clone(), number.clone()).prop_map(|(x, y)| format!("{x},{y}")),
        (number.clone(), number.clone(), number.clone())
            .prop_map(|(x, y, t)| format!("{x},{y},{t}")),
        "[ -~]{0,12}",
        Just("\0".to_string()),
    ];
    (
        prop_oneof![
            Just("Piskvorky 15x15, 0:0, 0"),
            Just("Piskvork 7x6, 1:1, 1"),
            Just("x")
        ],
        prop::collection::vec(line, 0..12),
    )
        .prop_map(|(header, lines)| format!("{header}\n{}\n", lines.join("\n")))
}

/// Move-line text: header comments and moves, right and wrong.
fn move_line() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        "# (size|k|rule|x|o|result|opening): [ -~]{0,10}",
        "([a-p](1[0-5]|[1-9]) ?){0,8}",
        "[ -~]{0,16}",
    ];
    prop::collection::vec(line, 0..6).prop_map(|lines| lines.join("\n"))
}

/// Every line an error names is a line of the text.
fn check_record(text: &str, format: Format) -> Result<(), TestCaseError> {
    let given = Given {
        size: Some(Size::square(15)),
        ..Given::default()
    };
    if let Err(e) = Record::parse(text, format, &given) {
        let lines = text.lines().count().max(1);
        prop_assert!(e.line >= 1 && e.line <= lines, "{format} {text:?}: {e}");
        prop_assert!(e.to_string().len() < 600, "{e}");
    }
    Ok(())
}

/// A proof of 3x3 (a draw) as `mnk solve --proof` writes it.
fn proof() -> String {
    let variant = Variant::tic_tac_toe();
    let mut solver = Solver::new(&variant).unwrap();
    let game = mnk::game::Game::new(variant);
    solver
        .certificate(&game, &Control::unlimited())
        .unwrap()
        .to_string()
}

/// A checkpoint of a 4x4 k=3 solve stopped early.
fn checkpoint() -> Vec<u8> {
    let variant = Variant::new(Size::square(4), 3, Rule::Freestyle).unwrap();
    let config = SolverConfig {
        threads: 1,
        ..SolverConfig::default()
    };
    let mut solver = Solver::with_config(&variant, config).unwrap();
    let limit = Control::start(&mnk::search::Limits {
        nodes: Some(200),
        ..Default::default()
    });
    let _ = solver.prove(&Board::new(variant), &limit, Distance::Skip);
    let mut out = Vec::new();
    solver.save_table(&mut out).unwrap();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn records_of_every_shape_are_read_or_refused(
        tree in sgf(),
        piskvork in psq(),
        line in move_line(),
        soup in any::<Vec<u8>>(),
    ) {
        check_record(&tree, Format::Sgf)?;
        check_record(&piskvork, Format::Psq)?;
        check_record(&line, Format::MoveLine)?;
        let soup = String::from_utf8_lossy(&soup);
        for format in Format::ALL {
            check_record(&soup, format)?;
        }
    }

    #[test]
    fn nesting_of_any_depth_is_read_without_recursion(depth in 0usize..200_000, close in 0usize..3) {
        // `close` 0: one ')' missing; 1: balanced; 2: one too many.
        let closing = (depth + close).saturating_sub(1);
        let text = format!("{}{}", "(;".repeat(depth.max(1)), ")".repeat(closing));
        check_record(&text, Format::Sgf)?;
        let unclosed = Record::parse(&"(;".repeat(depth.max(1)), Format::Sgf, &Given::default());
        prop_assert!(unclosed.is_err());
    }

    #[test]
    fn proofs_damaged_anywhere_are_refused_with_a_line(
        at in any::<prop::sample::Index>(),
        with in "[ -~\n]{0,8}",
        cut in any::<prop::sample::Index>(),
    ) {
        let good = proof();
        let at = at.index(good.len());
        let mut damaged = good.clone();
        damaged.replace_range(at..(at + 1).min(good.len()), &with);
        if let Err(e) = Certificate::parse(&damaged) {
            prop_assert!(e.line >= 1 && e.line <= damaged.lines().count() + 1, "{e}");
            prop_assert!(e.to_string().len() < 300, "{e}");
        }
        // A proof cut short is refused, unless what was cut is only its last line's ending
        // (blank space: the same proof).
        let (short, lost) = good.split_at(cut.index(good.len()));
        if !lost.trim().is_empty() {
            prop_assert!(Certificate::parse(short).is_err());
        }
    }

    #[test]
    fn checkpoints_damaged_anywhere_are_refused_or_read_whole(
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let good = checkpoint();
        let variant = Variant::new(Size::square(4), 3, Rule::Freestyle).unwrap();
        let mut solver = Solver::new(&variant).unwrap();
        let mut damaged = good.clone();
        let at = at.index(good.len());
        damaged[at] = byte;
        if solver.load_table(&mut damaged.as_slice()).is_err() {
            prop_assert_eq!(solver.table_len(), 0);
        }
        let mut solver = Solver::new(&variant).unwrap();
        let short = &good[..cut.index(good.len())];
        prop_assert!(solver.load_table(&mut &short[..]).is_err());
        prop_assert_eq!(solver.table_len(), 0);
    }

    #[test]
    fn opening_lists_weights_and_time_controls_are_read_or_refused(
        openings in prop::collection::vec("([a-o](1[0-5]|[1-9]) ?){0,6}|[ -~]{0,20}", 0..20),
        weights in "[ -~\n]{0,200}",
        clock in "[0-9.]{0,25}(ms|s|m|h)?(\\+[0-9.]{0,25}(ms|s|m|h)?)?(/move)?",
    ) {
        let gomoku = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        if let Err(e) = parse_openings(&openings.join("\n"), gomoku) {
            prop_assert!(e.to_string().len() < 2000, "{e}");
        }
        let _ = Weights::parse(&weights);
        if let Ok(timing) = clock.parse::<Timing>() {
            let text = timing.to_string();
            prop_assert_eq!(text.parse::<Timing>(), Ok(timing), "{}", text);
        }
    }
}

#[test]
fn sizes_past_every_limit_are_refused_before_they_are_read() {
    let huge = "x".repeat(MAX_RECORD_BYTES + 1);
    for format in Format::ALL {
        let e = Record::parse(&huge, format, &Given::default()).unwrap_err();
        assert!(e.to_string().contains("more than the"), "{e}");
    }
    // An opening list of a million bad lines says ten of them.
    let bad = "zz\n".repeat(1_000_000);
    let gomoku = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
    let e = parse_openings(&bad, gomoku).unwrap_err().to_string();
    assert!(
        e.ends_with("and 999990 more bad lines"),
        "{}",
        &e[e.len() - 60..]
    );
    assert!(e.len() < 2000);
}
