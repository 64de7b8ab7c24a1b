//! Misère play through quotients: the analysis of Kayles positions (outcome, every
//! winning move, explanation) once the quotient is known, and the quotient itself.
#![allow(missing_docs)] // criterion_group! generates undocumented items
//!
//! Run with `cargo bench -p nimlab --bench misere`.

use criterion::{criterion_group, criterion_main, Criterion};
use nimlab::analysis::analyze;
use nimlab::games::Catalogue;
use nimlab::heap::Rule;
use nimlab::misere::quotient::Quotient;
use nimlab::Convention;
use std::hint::black_box;

/// Positions of misère Kayles, up to heaps of 10^6.
const POSITIONS: [&[&str]; 4] = [
    &["kayles", "40", "100", "1000"],
    &["kayles", "1000000"],
    &["kayles", "1000000", "999999", "3"],
    &["kayles", "5", "7", "12", "25", "27", "71", "500000"],
];

fn analyze_kayles(c: &mut Criterion) {
    let cat = Catalogue::standard();
    let mut group = c.benchmark_group("misere");
    for words in POSITIONS {
        let sum = cat.parse_sum(words).unwrap();
        // The first analysis computes the quotient; the benchmark times the others.
        analyze(&sum, Convention::Misere, 20).unwrap();
        group.bench_function(format!("analyze {}", words.join(" ")), |b| {
            b.iter(|| analyze(black_box(&sum), Convention::Misere, 20).unwrap())
        });
    }
    group.sample_size(10);
    group.bench_function("quotient of 0.77 to heap 200", |b| {
        let kayles = Rule::parse("0.77").unwrap();
        b.iter(|| Quotient::compute(black_box(&kayles), 200).unwrap())
    });
    group.finish();
}

criterion_group!(benches, analyze_kayles);
criterion_main!(benches);
