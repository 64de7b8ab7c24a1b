//! The generic Grundy solver on `two-heaps-3`: every position up to 2000 × 2000.
#![allow(missing_docs)] // criterion_group! generates undocumented items
//!
//! Run with `cargo bench -p nimlab --bench two_heaps`.

use criterion::{criterion_group, criterion_main, Criterion};
use nimlab::games::two_heaps_3::TwoHeaps3;
use nimlab::impartial::GrundySolver;
use std::hint::black_box;

const N: u64 = 2000;

/// Solves (N, N) by search alone and checks what it found against the closed form.
fn solve() -> GrundySolver<TwoHeaps3> {
    let mut solver = GrundySolver::without_closed_forms(TwoHeaps3);
    assert_eq!(solver.value(&[N, N]).unwrap(), (2 * N) % 4);
    assert_eq!(solver.memoised() as u64, (N + 1) * (N + 1));
    solver
}

fn two_heaps_3_search(c: &mut Criterion) {
    // The benchmark asserts what it measures: every one of the 4·10^6 values is (a + b) mod 4.
    let mut solver = solve();
    for a in 0..=N {
        for b in 0..=N {
            assert_eq!(solver.value(&[a, b]).unwrap(), (a + b) % 4);
        }
    }
    let mut group = c.benchmark_group("two-heaps-3");
    group.sample_size(10);
    group.bench_function("generic search of all 2001 x 2001 positions", |b| {
        b.iter(|| black_box(solve()).memoised())
    });
    group.finish();
}

criterion_group!(benches, two_heaps_3_search);
criterion_main!(benches);
