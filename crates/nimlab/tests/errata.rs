//! The truths behind docs/errata.md that no other test asserts: where a text states what
//! the rules do not give, what the rules give, held against brute force or the
//! literature.

use nimlab::analysis::analyze;
use nimlab::calc::Session;
use nimlab::games::Catalogue;
use nimlab::heap::{Periodicity, Rule, Sequence};
use nimlab::{Convention, Outcome};
use std::collections::HashMap;

/// Whether the player to move loses, by brute force: a position is lost exactly when every
/// move leads to a position won for the player to move then (none when there is no move).
/// Positions are multisets of heaps (sorted), `options` their moves.
struct Brute<F: Fn(&[u32]) -> Vec<Vec<u32>>> {
    options: F,
    lost: HashMap<Vec<u32>, bool>,
}

impl<F: Fn(&[u32]) -> Vec<Vec<u32>>> Brute<F> {
    fn new(options: F) -> Self {
        Brute {
            options,
            lost: HashMap::new(),
        }
    }

    fn lost(&mut self, pos: &[u32]) -> bool {
        let mut key = pos.to_vec();
        key.sort_unstable();
        if let Some(&l) = self.lost.get(&key) {
            return l;
        }
        let options = (self.options)(&key);
        let l = options.iter().all(|o| !self.lost(o));
        self.lost.insert(key, l);
        l
    }
}

/// Nim's moves: take any positive number from one heap.
fn nim_options(heaps: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for left in 0..h {
            let mut next = heaps.to_vec();
            next[i] = left;
            out.push(next);
        }
    }
    out
}

/// Kayles' moves: knock down one pin or two adjacent pins of a row, leaving the pins on
/// either side as two rows.
fn kayles_options(rows: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for (i, &n) in rows.iter().enumerate() {
        for take in 1..=2u32.min(n) {
            for left in 0..=n - take {
                let mut next: Vec<u32> = rows
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &r)| r)
                    .collect();
                next.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
                out.push(next);
            }
        }
    }
    out
}

/// Every position of `heaps` heaps of at most `max`, in order.
fn positions(heaps: usize, max: u32) -> Vec<Vec<u32>> {
    let mut all = vec![vec![]];
    for _ in 0..heaps {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u32>| {
                (0..=max).map(move |h| {
                    let mut q = p.clone();
                    q.push(h);
                    q
                })
            })
            .collect();
    }
    all
}

/// Text 000's labelling rule, step 4, labels P "a position with some move to an N
/// position"; the rule is "every move leads to an N position". Text 001's Corollary 2
/// says the first player wins exactly when the nim-value is 0; it is the second player.
/// Both against brute force: the player to move loses exactly when the value is 0, and
/// many N-positions have a move to an N-position (`nim 1 2 0` to `0 2 0`).
#[test]
fn the_player_to_move_loses_exactly_when_the_value_is_0() {
    let cat = Catalogue::standard();
    let mut checked = 0;
    let mut n_with_an_n_option = Vec::new();
    for (id, options, heaps, max) in [
        ("nim", nim_options as fn(&[u32]) -> Vec<Vec<u32>>, 3, 7),
        ("nim", nim_options, 4, 4),
        ("kayles", kayles_options, 3, 8),
    ] {
        let mut brute = Brute::new(options);
        for pos in positions(heaps, max) {
            if pos.iter().all(|&h| h == 0) {
                continue;
            }
            let tokens: Vec<String> = std::iter::once(id.to_string())
                .chain(pos.iter().map(|h| h.to_string()))
                .collect();
            let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
            let sum = cat.parse_sum(&tokens).unwrap();
            let a = analyze(&sum, Convention::Normal, 0).unwrap();
            let lost = brute.lost(&pos);
            let what = tokens.join(" ");
            assert_eq!(a.value.unwrap().is_zero(), lost, "{what}");
            assert_eq!(
                a.outcome,
                if lost { Outcome::P } else { Outcome::N },
                "{what}"
            );
            let opts = (brute.options)(&pos);
            if !lost && opts.iter().any(|o| !brute.lost(o)) {
                n_with_an_n_option.push(what);
            }
            checked += 1;
        }
    }
    assert!(checked > 1500, "{checked}");
    assert!(n_with_an_n_option.contains(&"nim 1 2 0".to_string()));
    assert!(
        n_with_an_n_option.len() > 500,
        "{}",
        n_with_an_n_option.len()
    );
}

/// Text 000's Autobus: "the strategy is the same as in Nim" is false. 1 2 3 (nim-sum 0)
/// is won by carrying one counter onto the heap of 2; 1 1 2 2 and 3 5 7 are draws.
#[test]
fn bus_nim_has_not_the_p_positions_of_nim() {
    let cat = Catalogue::standard();
    let outcome = |heaps: &[&str]| {
        let mut tokens = vec!["bus-nim"];
        tokens.extend(heaps);
        let sum = cat.parse_sum(&tokens).unwrap();
        analyze(&sum, Convention::Normal, 10).unwrap()
    };
    let a = outcome(&["1", "2", "3"]);
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves.iter().any(|m| m.to == "0 3 3"));
    assert_eq!(outcome(&["1", "1", "2", "2"]).outcome, Outcome::D);
    assert_eq!(outcome(&["3", "5", "7"]).outcome, Outcome::D);
}

/// Text 000's Hra Grundy: "equivalent to a game given earlier" is false. Its values (text
/// 003 gives them to 12; OEIS A002188) differ from those of every heap game text 000
/// gives before it, and its P-positions are not Fibonacci Nim's (the Fibonacci numbers).
#[test]
fn grundys_game_is_none_of_the_earlier_heap_games() {
    const N: u64 = 40;
    let mut grundy = Sequence::new(Rule::parse("grundy").unwrap());
    grundy.extend_to(N).unwrap();
    let g: Vec<u64> = grundy.values().iter().map(u64::from).collect();
    assert_eq!(g[..13], [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]);
    let cat = Catalogue::standard();
    let earlier = [
        "nim",
        "subtraction:1,2",
        "subtraction:1-3",
        "subtraction:1-4",
        "subtraction:1-5",
        "subtraction:powers2",
        "subtraction:squares",
        "subtraction:primes",
        "subtraction:1,3,4",
        "subtraction:divisors",
        "halving",
        "proportional",
        "kayles",
        "dawson-kayles",
        "octal:0.137",
        "lasker",
    ];
    for id in earlier {
        let values: Vec<u64> = (0..N)
            .map(|n| {
                let p = cat.parse_position(id, &[&n.to_string()], 1).unwrap();
                p.value().unwrap().to_u64().unwrap()
            })
            .collect();
        let first = (0..N as usize).find(|&n| values[n] != g[n]);
        assert!(
            first.is_some(),
            "{id} has the values of Grundy's game up to {N}"
        );
    }
    // Fibonacci Nim: the mover loses exactly on the Fibonacci numbers; 3 is one, and
    // Grundy's game on a heap of 3 is won (split it into 1 and 2).
    let fib = cat.parse_position("fibonacci-nim", &["3"], 1).unwrap();
    assert!(fib.value().unwrap().is_zero());
    assert_ne!(g[3], 0);
}

/// Text 003's Dawson's chess: 120 values do not prove the period 34 from 52. The
/// Guy–Smith theorem for 0.137 (a move takes at most 3 and leaves at most 2 heaps) needs
/// G(n + 34) = G(n) for 52 ≤ n < 2·52 + 34 + 3 = 141, which takes the values of heaps up
/// to 174.
#[test]
fn dawson_chess_needs_175_values_for_its_period() {
    let rule = Rule::parse("dawson-chess").unwrap();
    assert_eq!(rule.proof_length(52, 34), Some(175));
    let mut seq = Sequence::new(rule);
    seq.extend_to(120).unwrap();
    assert!(Periodicity::find(&seq).is_none_or(|p| !p.proved));
    seq.extend_to(174).unwrap();
    let p = Periodicity::find(&seq).unwrap();
    assert_eq!((p.period, p.preperiod, p.proved), (34, 52, false));
    seq.extend_to(175).unwrap();
    let p = Periodicity::find(&seq).unwrap();
    assert_eq!((p.period, p.preperiod, p.proved), (34, 52, true));
}

/// Text 000's Černo-bílý Nim: the infinite column xoxoxo… is 2/3, not 1/3; 1/3 is
/// xooxoxox…. By the sign-expansion rule (x = 1, then ±1/2, ±1/4, …) a column (xo)^n is
/// worth 2/3 − (2/3)·4^−n, and xoo(xo)^m is worth 1/3 − (1/12)·4^−m.
#[test]
fn the_alternating_column_tends_to_two_thirds() {
    let mut s = Session::new();
    for n in 1..=20u32 {
        let column = format!("hackenbush(\"{}\")", "xo".repeat(n as usize));
        let want = format!("{}/{}", (4u64.pow(n) - 1) / 3, 1u64 << (2 * n - 1));
        assert_eq!(s.run(&column).unwrap(), want, "{column}");
        let gap = format!("2/3 - {column} == 1/{}", 3u64 << (2 * n - 1));
        assert_eq!(s.run(&gap).unwrap(), "true", "{gap}");
        let column = format!("hackenbush(\"xoo{}\")", "xo".repeat(n as usize));
        let gap = format!("1/3 - {column} == 1/{}", 3u64 << (2 * n + 2));
        assert_eq!(s.run(&gap).unwrap(), "true", "{gap}");
    }
}
