//! Seed 003's gomoku programs on the positions of the seed's own published games, at the seed's
//! depth of 4 (release build): `cargo bench -p mnk --bench seed_gomoku`.
//!
//! The positions are those where the machine moves in the sample games printed in seed 003
//! (`tools/seed-oracle/verify_transcripts.py`): program (d) on 8x8 with k = 5 after its
//! hard-coded centre stone, programs (b) and (c) on 5x5 with k = 5. The Python figures they are
//! compared with come from `tools/seed-oracle/time_seed.py` on the same positions.
//! Each position's move is checked against the seed's before it is timed.

use criterion::{Criterion, criterion_group, criterion_main};
use mnk::game::{Board, Rule, Size, Variant};
use mnk::notation::{format_cell, parse_game};
use mnk::players::{SeedGomoku, SeedProgram};
use mnk::search::{Control, Player};

/// (program, board side, positions as (moves, the seed's move)).
type Game = (SeedProgram, u8, &'static [(&'static str, &'static str)]);

const GAMES: &[Game] = &[
    // tic_tac_toe(8, 5, True, 4): the first three machine moves the program searched.
    (
        SeedProgram::Pruned,
        8,
        &[
            ("e4 d5", "e5"),
            ("e4 d5 e5 e6", "c4"),
            ("e4 d5 e5 e6 c4 d4", "d6"),
        ],
    ),
    // tic_tac_toe(5, 5, True, 4), the same game for (b) and (c).
    (
        SeedProgram::AlphaBeta,
        5,
        &[("", "a5"), ("a5 c3", "b5"), ("a5 c3 b5 c5", "d5")],
    ),
    (SeedProgram::Minimax, 5, &[("", "a5")]),
];

fn play(program: SeedProgram, board: &Board) -> mnk::game::Cell {
    SeedGomoku::new(program)
        .choose(board, &Control::unlimited())
        .unwrap()
        .cell
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("seed-gomoku depth 4");
    group.sample_size(10);
    for &(program, side, positions) in GAMES {
        let variant = Variant::new(Size::square(side), 5, Rule::Freestyle).unwrap();
        let boards: Vec<Board> = positions
            .iter()
            .map(|&(moves, seed_move)| {
                let board = parse_game(moves, variant).unwrap().board().clone();
                let got = format_cell(play(program, &board), variant.size());
                assert_eq!(got, seed_move, "{program:?} after [{moves}]");
                board
            })
            .collect();
        let name = SeedGomoku::new(program).name();
        for (board, &(moves, _)) in boards.iter().zip(positions) {
            group.bench_function(format!("{name} {side}x{side} [{moves}]"), |b| {
                b.iter(|| play(program, board));
            });
        }
        if boards.len() > 1 {
            group.bench_function(format!("{name} {side}x{side} all {}", boards.len()), |b| {
                b.iter(|| {
                    boards
                        .iter()
                        .map(|bd| play(program, bd))
                        .collect::<Vec<_>>()
                });
            });
        }
    }
    group.finish();
}

criterion_group!(seed_benches, benches);
criterion_main!(seed_benches);
