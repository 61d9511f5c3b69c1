//! Property tests: every incremental structure equals its from-scratch twin, symmetries and
//! notation round-trip, and the two perft implementations agree from random positions.

use mnk::count::{perft, perft_recursive};
use mnk::game::{Board, Cell, Rule, Size, Status, Symmetry, SymmetryTable, Variant};
use mnk::notation::{format_cell, format_moves, parse_cell, parse_moves};
use proptest::prelude::*;

/// A variant and a random sequence of picks (each an index into the legal moves at that point).
fn variant_and_picks() -> impl Strategy<Value = (Variant, Vec<usize>)> {
    (1u8..=9, 1u8..=9, 0u8..3).prop_flat_map(|(w, h, rule)| {
        let longest = u32::from(w.max(h));
        (
            1..=longest,
            prop::collection::vec(0usize..1000, 0..=usize::from(w) * usize::from(h)),
        )
            .prop_map(move |(k, picks)| {
                // Renju (with its k = 5) where five fits, else freestyle.
                let (rule, k) = match rule {
                    2 if longest >= 5 => (Rule::Renju, 5),
                    1 => (Rule::Exact, k),
                    _ => (Rule::Freestyle, k),
                };
                (Variant::new(Size::new(w, h), k, rule).unwrap(), picks)
            })
    })
}

/// Plays the picks until the game ends; returns the board and the moves played.
fn play(variant: Variant, picks: &[usize]) -> (Board, Vec<Cell>) {
    let mut board = Board::new(variant);
    let mut moves = Vec::new();
    for &p in picks {
        let legal: Vec<Cell> = board.moves().collect();
        if legal.is_empty() {
            break;
        }
        let cell = legal[p % legal.len()];
        board.play(cell);
        moves.push(cell);
    }
    (board, moves)
}

proptest! {
    // 300 cases unless PROPTEST_CASES says otherwise (scripts/fuzz runs more).
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
    ))]

    #[test]
    fn renju_moves_are_the_empty_cells_but_the_forbidden((side, picks) in (5u8..=11, prop::collection::vec(0usize..1000, 0..=121))) {
        let variant = Variant::new(Size::square(side), 5, Rule::Renju).unwrap();
        let mut board = Board::new(variant);
        for p in picks {
            if board.is_over() {
                break;
            }
            let legal: Vec<Cell> = board.moves().collect();
            let forbidden = board.forbidden_points();
            let empty: Vec<Cell> = variant.size().all_cells().filter(|&c| board.is_empty(c)).collect();
            prop_assert_eq!(legal.len() + forbidden.len(), empty.len());
            for &(cell, why) in &forbidden {
                prop_assert_eq!(board.to_move(), mnk::game::Side::X);
                prop_assert_eq!(board.clone().try_play(cell), Err(mnk::game::MoveError::Forbidden(why)));
            }
            prop_assert!(!legal.is_empty(), "a game in progress has a move");
            board.try_play(legal[p % legal.len()]).unwrap();
        }
    }

    #[test]
    fn incremental_hash_and_status_equal_their_twins((variant, picks) in variant_and_picks()) {
        let (mut board, moves) = play(variant, &picks);
        board.check_invariants();
        prop_assert_eq!(board.hash(), board.hash_from_scratch());
        // The status agrees with a full scan: a winner exactly when the scan finds one.
        prop_assert_eq!(board.status().winner(), board.winner_from_scratch());
        if let Status::Won { side, line } = board.status() {
            let cells: Vec<Cell> = line.cells(variant.size()).collect();
            prop_assert!(cells.iter().all(|&c| board.get(c) == Some(side)));
            prop_assert!(variant.rule().wins(side, cells.len(), variant.k()));
            prop_assert!(cells.contains(moves.last().unwrap()), "the last move is on the winning line");
        }
        // Unmaking everything returns to the empty board, hash 0, in progress.
        for &cell in moves.iter().rev() {
            board.unmake(cell);
            prop_assert_eq!(board.hash(), board.hash_from_scratch());
            prop_assert_eq!(board.status(), Status::InProgress);
        }
        prop_assert_eq!(board, Board::new(variant));
    }

    #[test]
    fn symmetric_images_have_the_hash_of_the_transformed_game((variant, picks) in variant_and_picks()) {
        let (board, moves) = play(variant, &picks);
        let size = variant.size();
        for &s in Symmetry::all(size) {
            let image: Vec<Cell> = moves.iter().map(|&c| s.apply(size, c)).collect();
            let transformed = Board::from_moves(variant, &image).unwrap();
            prop_assert_eq!(s.hash(&board), transformed.hash());
            prop_assert_eq!(transformed.status().winner(), board.status().winner());
            if size.cells() <= 64 {
                let table = SymmetryTable::new(size);
                let (x, o) = board.masks().unwrap();
                let (tx, to) = transformed.masks().unwrap();
                prop_assert_eq!(table.canonical_masks(x, o), table.canonical_masks(tx, to));
                prop_assert_eq!(table.canonical_hash(&board), table.canonical_hash(&transformed));
            }
        }
    }

    #[test]
    fn notation_round_trips((variant, picks) in variant_and_picks()) {
        let (_, moves) = play(variant, &picks);
        let size = variant.size();
        for &c in &moves {
            prop_assert_eq!(parse_cell(&format_cell(c, size), size), Ok(c));
            prop_assert_eq!(parse_cell(&format_cell(c, size).to_uppercase(), size), Ok(c));
        }
        let text = format_moves(&moves, size);
        prop_assert_eq!(parse_moves(&text, size).unwrap(), moves.clone());
        prop_assert_eq!(parse_moves(&text.replace(' ', ""), size).unwrap(), moves);
    }

    #[test]
    fn notation_never_panics(text in "\\PC{0,12}") {
        let _ = parse_moves(&text, Size::square(15));
        let _ = parse_cell(&text, Size::new(26, 26));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn perft_walk_and_recursion_agree((variant, picks) in variant_and_picks(), depth in 0u32..5) {
        prop_assume!(variant.size().cells() <= 36);
        let (board, _) = play(variant, &picks[..picks.len().min(6)]);
        prop_assert_eq!(perft(&board, depth), perft_recursive(&mut board.clone(), depth));
    }
}
