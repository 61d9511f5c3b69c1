//! Proving the values of the solver's targets, each with a fresh solver (release build):
//! `cargo bench -p mnk --bench solve`. Node counts for the same runs: `mnk solve --json`.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use mnk::game::{Board, Rule, Size, Variant};
use mnk::notation::parse_game;
use mnk::search::Control;
use mnk::solve::{Distance, Solver, SolverConfig};

fn benches(c: &mut Criterion) {
    let cases: &[(u8, u8, u32, &str, Distance)] = &[
        (3, 3, 3, "", Distance::Full),
        (4, 3, 3, "", Distance::Full),
        (4, 4, 3, "", Distance::Full),
        (4, 4, 4, "", Distance::Skip),
        (5, 5, 4, "", Distance::Skip),
        (5, 5, 4, "c3 b3", Distance::Skip),
        (6, 5, 4, "", Distance::Skip),
        (6, 5, 4, "", Distance::Full),
        (5, 5, 5, "", Distance::Skip),
    ];
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for &(w, h, k, moves, distance) in cases {
        let variant = Variant::new(Size::new(w, h), k, Rule::Freestyle).unwrap();
        let board: Board = parse_game(moves, variant).unwrap().board().clone();
        let id = format!(
            "{w}x{h} k={k} [{moves}]{}",
            if distance == Distance::Full {
                " with distance"
            } else {
                ""
            }
        );
        for threads in [1, 2] {
            group.bench_function(format!("{id} threads={threads}"), |b| {
                b.iter_batched(
                    || {
                        let config = SolverConfig {
                            threads,
                            ..SolverConfig::default()
                        };
                        Solver::with_config(&variant, config).unwrap()
                    },
                    |mut solver| {
                        solver
                            .prove(&board, &Control::unlimited(), distance)
                            .unwrap()
                    },
                    BatchSize::SmallInput,
                );
            });
        }
    }
    group.finish();
}

criterion_group!(solve_benches, benches);
criterion_main!(solve_benches);
