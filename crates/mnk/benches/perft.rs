//! Perft and census timings (release build): `cargo bench -p mnk --bench perft`.

use criterion::{Criterion, criterion_group, criterion_main};
use mnk::count::{census, perft, perft_recursive};
use mnk::game::{Board, Rule, Size, Variant};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let ttt = Board::new(Variant::tic_tac_toe());
    c.bench_function("perft 3x3 depth 9 (graph walk)", |b| {
        b.iter(|| perft(black_box(&ttt), 9))
    });
    c.bench_function("perft 3x3 depth 9 (recursion)", |b| {
        b.iter(|| perft_recursive(&mut ttt.clone(), 9))
    });
    c.bench_function("census 3x3", |b| {
        b.iter(|| census(black_box(&ttt), None).unwrap())
    });
    let gomoku = Board::new(Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap());
    c.bench_function("perft 15x15 depth 3 (recursion)", |b| {
        b.iter(|| perft(black_box(&gomoku), 3))
    });
    let mut group = c.benchmark_group("slow");
    group.sample_size(10);
    let four = Board::new(Variant::new(Size::square(4), 4, Rule::Freestyle).unwrap());
    group.bench_function("census 4x4 k=4", |b| {
        b.iter(|| census(black_box(&four), None).unwrap())
    });
    group.finish();
}

criterion_group!(perft_benches, benches);
criterion_main!(perft_benches);
