//! Conway's games: the games born by day 3, heating nimbers, and sums, comparisons and
//! canonical forms of day-3 games.
#![allow(missing_docs)] // criterion_group! generates undocumented items
//!
//! Run with `cargo bench -p nimlab --bench partizan`.
//!
//! The arena remembers every sum and comparison it makes, so a warm arena would measure
//! its memo. The sums, comparisons and canonical forms below are timed in a fresh arena
//! holding only the games born by day 3, made in the (untimed) setup of each batch with
//! `iter_batched`; within one batch the 10^5 operations share the arena, as they would in
//! any computation.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use nimlab::calc::{Session, Value};
use nimlab::conway::{born_by, Arena, Comparison, GameId};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::collections::HashSet;
use std::hint::black_box;

/// How many random pairs of day-3 games are added, or compared, per batch.
const PAIRS: usize = 100_000;

/// How many random forms over day-3 games are put in canonical form per batch.
const FORMS: usize = 10_000;

/// A fresh arena holding the games born by day 3, and those games in `born_by`'s order.
fn day_three_arena() -> (Arena, Vec<GameId>) {
    let mut a = Arena::new();
    let games = born_by(&mut a, 3).expect("day 3 is listed");
    (a, games)
}

/// `n` random pairs of indices below `len`, the same on every run.
fn random_pairs(len: usize, n: usize, seed: u64) -> Vec<(usize, usize)> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..n)
        .map(|_| (rng.gen_range(0..len), rng.gen_range(0..len)))
        .collect()
}

fn born(c: &mut Criterion) {
    // The benchmark checks what it measures: distinct games, each with its options among
    // the games born by day 2.
    let (mut a, day3) = day_three_arena();
    let day2: HashSet<GameId> = born_by(&mut a, 2).unwrap().into_iter().collect();
    assert_eq!(day3.iter().collect::<HashSet<_>>().len(), day3.len());
    for &g in &day3 {
        let (l, r) = a.options(g);
        assert!(l.iter().chain(&r).all(|o| day2.contains(o)));
    }
    c.bench_function("partizan/born_by day 3, fresh arena", |b| {
        b.iter(|| {
            let mut a = Arena::new();
            born_by(&mut a, black_box(3)).unwrap().len()
        })
    });
}

fn heat(c: &mut Criterion) {
    let mut group = c.benchmark_group("partizan/heat");
    // Printing dominates: *12.Heat(1) is printed in full; *14.Heat(1) would be about
    // 2.4 MB of text (a few hundred distinct games), beyond the printer's limit of
    // `MAX_TEXT` bytes, so only its value is timed.
    group.sample_size(10);
    for (text, printed) in [("*12.Heat(1)", true), ("*14.Heat(1)", false)] {
        let mut s = Session::new();
        assert!(matches!(s.eval_text(text), Ok(Value::Game(_))));
        group.bench_function(format!("{text}, value (fresh session)"), |b| {
            b.iter(|| Session::new().eval_text(black_box(text)).unwrap())
        });
        if printed {
            group.bench_function(format!("{text}, value printed (fresh session)"), |b| {
                b.iter(|| Session::new().run(black_box(text)).unwrap().len())
            });
        } else {
            assert!(Session::new().run(text).is_err(), "{text} is printed");
        }
    }
    group.finish();
}

fn sums_and_comparisons(c: &mut Criterion) {
    let len = day_three_arena().1.len();
    let pairs = random_pairs(len, PAIRS, 2026);
    // The benchmark checks what it measures, on the first thousand pairs: (G + H) − H = G,
    // and the comparison is the sign of the difference.
    let (mut a, games) = day_three_arena();
    let zero = a.zero();
    for &(i, j) in &pairs[..1000] {
        let (g, h) = (games[i], games[j]);
        let sum = a.add(g, h);
        assert_eq!(a.sub(sum, h), g);
        let d = a.sub(h, g);
        assert_eq!(a.compare(g, h), a.compare(zero, d));
    }

    let mut group = c.benchmark_group("partizan/day-3 pairs");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PAIRS as u64));
    group.bench_function("G + H, 1e5 random pairs (fresh arena)", |b| {
        b.iter_batched(
            day_three_arena,
            |(mut a, games)| {
                for &(i, j) in &pairs {
                    black_box(a.add(games[i], games[j]));
                }
                a
            },
            BatchSize::PerIteration,
        )
    });
    group.bench_function("compare(G, H), 1e5 random pairs (fresh arena)", |b| {
        b.iter_batched(
            day_three_arena,
            |(mut a, games)| {
                let mut less = 0usize;
                for &(i, j) in &pairs {
                    less += usize::from(a.compare(games[i], games[j]) == Comparison::Less);
                }
                (a, less)
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

fn canonical_forms(c: &mut Criterion) {
    // Forms {L | R} with 1 to 3 options a side, drawn from the games born by day 2 (half
    // the forms) or by day 3: made of canonical options, put in canonical form.
    let (mut a, games) = day_three_arena();
    let day2 = born_by(&mut a, 2).unwrap();
    // `born_by` lists the games day by day: the day-2 games come first.
    assert_eq!(games[..day2.len()], day2[..]);
    let day2 = day2.len();
    let mut rng = StdRng::seed_from_u64(2027);
    let forms: Vec<(Vec<usize>, Vec<usize>)> = (0..FORMS)
        .map(|k| {
            let from = if k % 2 == 0 { day2 } else { games.len() };
            let mut side = || -> Vec<usize> {
                let n = rng.gen_range(1..=3);
                (0..n).map(|_| rng.gen_range(0..from)).collect()
            };
            (side(), side())
        })
        .collect();
    // The benchmark checks what it measures: rebuilding a canonical form from its own
    // options gives it back.
    let (mut a, games) = day_three_arena();
    for (l, r) in &forms[..500] {
        let g = a.game(
            l.iter().map(|&i| games[i]).collect(),
            r.iter().map(|&i| games[i]).collect(),
        );
        let (gl, gr) = a.options(g);
        assert_eq!(a.game(gl, gr), g);
    }

    let mut group = c.benchmark_group("partizan/canonical form");
    group.sample_size(10);
    group.throughput(Throughput::Elements(FORMS as u64));
    group.bench_function(
        "{L|R} over day-2/day-3 games, 1e4 forms (fresh arena)",
        |b| {
            b.iter_batched(
                day_three_arena,
                |(mut a, games)| {
                    for (l, r) in &forms {
                        let l = l.iter().map(|&i| games[i]).collect();
                        let r = r.iter().map(|&i| games[i]).collect();
                        black_box(a.game(l, r));
                    }
                    a
                },
                BatchSize::PerIteration,
            )
        },
    );
    group.finish();
}

/// Empty Domineering boards, solved from scratch (fresh arena and table each time).
fn domineering(c: &mut Criterion) {
    use nimlab::games::domineering::Domineering;
    use nimlab::partizan::Solver;
    // CGSuite's value of the empty 4×4 board, checked before timing.
    let mut a = Arena::new();
    let g = Solver::new().value(&mut a, &Domineering::empty(4, 4).unwrap());
    assert_eq!(
        nimlab::notation::print(&mut a, g),
        "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
    );
    let mut group = c.benchmark_group("partizan/domineering");
    group.sample_size(10);
    for (h, w) in [(4, 4), (5, 5)] {
        let board = Domineering::empty(h, w).unwrap();
        group.bench_function(format!("empty {h}x{w}"), |b| {
            b.iter(|| {
                let mut a = Arena::new();
                black_box(Solver::new().value(&mut a, &board))
            })
        });
    }
    group.finish();
}

/// Small positions of the other rulesets, through the catalogue, solved from scratch.
fn rulesets(c: &mut Criterion) {
    use nimlab::games::{Arg, Catalogue};
    use nimlab::partizan::RulesetSolver;
    let cat = Catalogue::standard();
    let mut group = c.benchmark_group("partizan/rulesets");
    group.sample_size(10);
    for text in [
        "toads-and-frogs ttttt..fffff",
        "clobber xoxo|oxox|xoxo",
        "konane xoxo|ox.x|xo.o|oxox",
        "hackenbush lrlerrr l(l;rl) rrll(lr;e)",
        "snort ....|....|....",
        "col ....|....|....",
        "minichess bbb|...|www",
    ] {
        let tokens: Vec<&str> = text.split(' ').collect();
        let args: Vec<Arg> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| Arg::new(t, i + 1))
            .collect();
        let sum = cat.parse_partizan_sum_args(&args).unwrap();
        group.bench_function(text, |b| {
            b.iter(|| {
                let mut solver = RulesetSolver::with_memory(1 << 26);
                black_box(sum.value(&mut solver).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    born,
    heat,
    sums_and_comparisons,
    canonical_forms,
    domineering,
    rulesets
);
criterion_main!(benches);
