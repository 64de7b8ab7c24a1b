//! The board games of text 004: full solutions of Nineteen and Taktix, and Chomp tables.
#![allow(missing_docs)] // criterion_group! generates undocumented items
//!
//! Run with `cargo bench -p nimlab --bench boards`.

use criterion::{criterion_group, criterion_main, Criterion};
use nimlab::games::chomp::Table;
use nimlab::games::nineteen::Nineteen;
use nimlab::games::taktix::{read_board, Taktix};
use nimlab::impartial::{GrundySolver, MisereSolver};
use nimlab::Outcome;
use std::hint::black_box;

fn boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("boards");
    group.sample_size(10);
    group.bench_function("Nineteen: every position from the start", |b| {
        b.iter(|| {
            let mut solver = GrundySolver::new(Nineteen);
            // The start is a first-player win (take the centre and mirror).
            assert_ne!(solver.value(&black_box((1 << 19) - 1)).unwrap(), 0);
            solver.memoised()
        })
    });
    let full = read_board(&nimlab::games::args::number(&["4x4"], 1)).unwrap();
    group.bench_function("Taktix 4x4, normal play", |b| {
        b.iter(|| {
            let mut solver = GrundySolver::new(Taktix);
            assert_eq!(solver.value(&black_box(full)).unwrap(), 0);
        })
    });
    group.bench_function("Taktix 4x4, misère play", |b| {
        b.iter(|| {
            let mut solver = MisereSolver::new(Taktix);
            assert_eq!(solver.outcome(&black_box(full)).unwrap(), Outcome::P);
        })
    });
    group.bench_function("Chomp: every position inside 10x10", |b| {
        b.iter(|| {
            let t = Table::fill(10, 10).unwrap();
            // Taking 2,2 from a square leaves the L of equal arms: a P-position.
            let mut l = vec![10u8];
            l.extend([1; 9]);
            assert_eq!(t.value(&l), 0);
        })
    });
    group.finish();
}

criterion_group!(benches, boards);
criterion_main!(benches);
