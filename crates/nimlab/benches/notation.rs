//! Reading small games from CGSuite's notation: the parser alone, and the parser with
//! the game put in canonical form in a session's arena (the work of `nimlab.Game(text)`);
//! then calculator lines with nimbers in the hundreds, each in a fresh session.
#![allow(missing_docs)] // criterion_group! generates undocumented items
//!
//! Run with `cargo bench -p nimlab --bench notation`.

use criterion::{criterion_group, criterion_main, Criterion};
use nimlab::calc::Session;
use nimlab::notation::{parse, print};
use std::hint::black_box;

/// Each text and its canonical form as CGSuite prints it (Winning Ways: {0|*} = ^,
/// {1|-1} = ±1; {0,*|-1/2} has no dominated or reversible option).
const GAMES: [(&str, &str); 7] = [
    ("{1|*}", "{1|*}"),
    ("^*", "^*"),
    ("3/4", "3/4"),
    ("{3||2|1}", "{3||2|1}"),
    ("+-1", "+-1"),
    ("*5", "*5"),
    ("{0,*|-1/2}", "{0,*|-1/2}"),
];

fn read_small_games(c: &mut Criterion) {
    let mut s = Session::new();
    for (text, canonical) in GAMES {
        let g = s.game_of(text).unwrap();
        assert_eq!(print(&mut s.arena, g), canonical, "{text}");
        assert!(parse(text).unwrap().is_literal(), "{text}");
    }
    let mut group = c.benchmark_group("notation");
    for (text, _) in GAMES {
        group.bench_function(format!("parse {text}"), |b| {
            b.iter(|| parse(black_box(text)).unwrap())
        });
        group.bench_function(format!("game_of {text}"), |b| {
            b.iter(|| s.game_of(black_box(text)).unwrap())
        });
    }
    group.finish();
}

/// Lines whose sums hold `*n` for n in the hundreds, and what each prints (the group laws,
/// and a Right option `x + n·↑ + *m` printed as it is: `{0|vv*300}` is no uptimal). The
/// calculator's tests check the same lines at *60.
const LARGE_NIMBERS: [(&str, &str); 4] = [
    ("*500 + {1|0}", "{1*500|*500}"),
    ("{0|vv*300}", "{0|vv*300}"),
    ("{0|vv*300} + *300 + *300 == {0|vv*300}", "true"),
    ("*150 + {0|v*} - *150 == {0|v*}", "true"),
];

fn lines_with_large_nimbers(c: &mut Criterion) {
    let mut group = c.benchmark_group("large nimbers");
    group.sample_size(10);
    for (line, printed) in LARGE_NIMBERS {
        group.bench_function(line, |b| {
            b.iter(|| {
                let mut s = Session::new();
                assert_eq!(s.run(black_box(line)).unwrap(), printed, "{line}");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, read_small_games, lines_with_large_nimbers);
criterion_main!(benches);
