//! Engine benchmarks: Nim with a million heaps, Wythoff's Grundy table.
#![allow(missing_docs)] // criterion_group! generates undocumented items
//!
//! Run with `cargo bench -p nimlab --bench engine`.

use criterion::{criterion_group, criterion_main, Criterion};
use nimlab::games::{nim, wythoff};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::hint::black_box;

fn nim_million_heaps(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(2026);
    let heaps: Vec<u64> = (0..1_000_000).map(|_| rng.r#gen()).collect();
    // The benchmark asserts what it measures: every winning move leaves nim-sum 0.
    let x = nim::value(&heaps);
    let moves = nim::winning_moves(&heaps);
    assert!(x != 0 && !moves.is_empty());
    assert!(moves
        .iter()
        .all(|&(i, s)| x ^ heaps[i] ^ s == 0 && s < heaps[i]));
    c.bench_function(
        "nim/1e6 random 64-bit heaps: value and all winning moves",
        |b| {
            b.iter(|| {
                let heaps = black_box(&heaps);
                (nim::value(heaps), nim::winning_moves(heaps).len())
            })
        },
    );
}

fn wythoff_table(c: &mut Criterion) {
    // The benchmark asserts what it measures: the zeros of the table are exactly the
    // P-positions of the closed form.
    let t = wythoff::grundy_table(1024);
    for a in 0..1024 {
        for b in 0..1024 {
            assert_eq!(
                t.get(a, b) == Some(0),
                wythoff::is_p_position(a, b),
                "{a} {b}"
            );
        }
    }
    c.bench_function("wythoff/Grundy values of all a, b < 1024", |b| {
        b.iter(|| wythoff::grundy_table(black_box(1024)).size())
    });
}

criterion_group!(benches, nim_million_heaps, wythoff_table);
criterion_main!(benches);
