//! One move of each player on fixed positions (release build): `cargo bench -p mnk --bench players`.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use mnk::game::{Rule, Size, Variant};
use mnk::notation::parse_game;
use mnk::players::{Ask, PlayerSpec, Seat};

fn benches(c: &mut Criterion) {
    let ttt = Variant::tic_tac_toe();
    let eight = Variant::new(Size::square(8), 5, Rule::Freestyle).unwrap();
    let fifteen = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
    let cases: &[(&str, Variant, &str)] = &[
        ("rules", ttt, "b2"),
        ("minimax", ttt, ""),
        ("minimax-iterative", ttt, ""),
        ("alphabeta", ttt, ""),
        ("gametree", ttt, ""),
        ("perfect", ttt, ""),
        ("gomoku-minimax:depth=2", eight, "e4 d5"),
        ("gomoku-alphabeta:depth=3", eight, "e4 d5"),
        ("gomoku-pruned", eight, "e4 d5 e5 d4"),
        ("gomoku-pruned", fifteen, "h8 h9 i9 g7"),
        ("alphabeta", fifteen, "h8 h9 i9 g7"),
        ("engine:depth=6,memory-mb=16", fifteen, "h8 h9 i9 g7"),
        ("vcf", fifteen, "h8 g8 i8 a1 j8 o1 k9 a15 k10 o15"),
    ];
    let mut group = c.benchmark_group("move");
    group.sample_size(10);
    for &(name, variant, moves) in cases {
        let spec: PlayerSpec = name.parse().unwrap();
        let game = parse_game(moves, variant).unwrap();
        let id = format!("{name} {} [{moves}]", variant.size());
        // A fresh player each time: no table carried over from the previous iteration.
        group.bench_function(id, |b| {
            b.iter_batched(
                || Seat::new(spec.clone()),
                |mut seat| seat.choose(game.board(), &Ask::now()).unwrap(),
                BatchSize::SmallInput,
            );
        });
    }
    group.finish();
}

criterion_group!(player_benches, benches);
criterion_main!(player_benches);
