//! The sequence engine: Grundy's game, 0.6 and 0.007 to 2^16 by the sparse-space algorithm.
#![allow(missing_docs)] // criterion_group! generates undocumented items
//!
//! Run with `cargo bench -p nimlab --bench sequence`.

use criterion::{criterion_group, criterion_main, Criterion};
use nimlab::heap::{Algorithm, Rule, Sequence};
use std::hint::black_box;

const LEN: u64 = 1 << 16;

fn values(rule: &str, algorithm: Algorithm) -> Sequence {
    let mut s = Sequence::with_algorithm(Rule::parse(rule).unwrap(), algorithm);
    s.extend_to(LEN).unwrap();
    s
}

fn sparse_sequences(c: &mut Criterion) {
    // The benchmark asserts what it measures: the sparse-space algorithm gives the values of
    // the plain one, and Grundy's game has its 42 known P-positions below 2^16, the last
    // at 1222.
    for rule in ["grundy", "0.6", "0.007"] {
        let sparse = values(rule, Algorithm::Sparse);
        assert!(sparse.sparse_mask().is_some(), "{rule}");
        assert_eq!(
            sparse.values(),
            values(rule, Algorithm::Plain).values(),
            "{rule}"
        );
    }
    let grundy = values("grundy", Algorithm::Sparse);
    let zeros: Vec<u64> = (0..LEN).filter(|&n| grundy.get(n) == Some(0)).collect();
    assert_eq!((zeros.len(), zeros.last()), (42, Some(&1222)));
    let mut group = c.benchmark_group("sequence");
    group.sample_size(10);
    for (rule, name) in [
        ("grundy", "Grundy's game"),
        ("0.6", "0.6"),
        ("0.007", "0.007"),
    ] {
        group.bench_function(format!("{name} to 2^16, sparse space"), |b| {
            b.iter(|| black_box(values(rule, Algorithm::Sparse)).len())
        });
    }
    group.finish();
}

criterion_group!(benches, sparse_sequences);
criterion_main!(benches);
