//! Misère analysis of take-and-break positions through their misère quotients, checked
//! against a brute-force misère search written here (independent of the quotient code
//! and of the library's own searches): every outcome and every winning move.

use nimlab::analysis::analyze;
use nimlab::games::Catalogue;
use nimlab::heap::Rule;
use nimlab::{Convention, Outcome};
use std::collections::{BTreeSet, HashMap};

/// Whether the player to move wins the misère game on `heaps` (sorted, no dead heaps):
/// the player who cannot move wins.
fn wins(rule: &Rule, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(heaps) {
        return w;
    }
    let after = options(rule, heaps);
    let w = after.is_empty() || after.iter().any(|o| !wins(rule, o, memo));
    memo.insert(heaps.to_vec(), w);
    w
}

/// Every position after one move, sorted, heaps without moves dropped.
fn options(rule: &Rule, heaps: &[u64]) -> BTreeSet<Vec<u64>> {
    let mut out = BTreeSet::new();
    for i in 0..heaps.len() {
        if i > 0 && heaps[i] == heaps[i - 1] {
            continue;
        }
        rule.for_each_option(heaps[i], |left| {
            let mut next: Vec<u64> = heaps[..i].to_vec();
            next.extend_from_slice(&heaps[i + 1..]);
            next.extend_from_slice(left);
            out.insert(normal(rule, &next));
        });
    }
    out
}

fn normal(rule: &Rule, heaps: &[u64]) -> Vec<u64> {
    let live = |h: u64| {
        let mut any = false;
        rule.for_each_option(h, |_| any = true);
        any
    };
    let mut v: Vec<u64> = heaps.iter().copied().filter(|&h| live(h)).collect();
    v.sort_unstable();
    v
}

/// Every multiset of up to `parts` heaps of sizes 1 … `max`, with at most `total`
/// counters.
fn positions(max: u64, parts: usize, total: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..parts {
        let mut next = Vec::new();
        for p in &frontier {
            let from = p.last().copied().unwrap_or(1);
            for h in from..=max {
                if p.iter().sum::<u64>() + h <= total {
                    let mut q: Vec<u64> = p.clone();
                    q.push(h);
                    next.push(q);
                }
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// Checks every position against the brute force: the outcome, and the winning moves
/// (as positions) exactly.
fn check(game: &str, code: &str, max: u64, parts: usize, total: u64) -> usize {
    let rule = Rule::parse(code).unwrap();
    let cat = Catalogue::standard();
    let mut memo = HashMap::new();
    let mut checked = 0;
    for heaps in positions(max, parts, total) {
        if heaps.is_empty() {
            continue;
        }
        let words: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        let mut args = vec![game];
        args.extend(words.iter().map(|w| w.as_str()));
        let sum = cat.parse_sum(&args).unwrap();
        let a = analyze(&sum, Convention::Misere, usize::MAX).unwrap();
        let n = normal(&rule, &heaps);
        let expected = if wins(&rule, &n, &mut memo) {
            Outcome::N
        } else {
            Outcome::P
        };
        assert_eq!(a.outcome, expected, "{game} {heaps:?}");
        let want: BTreeSet<Vec<u64>> = options(&rule, &n)
            .into_iter()
            .filter(|o| !wins(&rule, o, &mut memo))
            .collect();
        let got: BTreeSet<Vec<u64>> = a
            .winning_moves
            .iter()
            .map(|m| {
                let hs: Vec<u64> =
                    m.to.split_whitespace()
                        .map(|t| t.parse().unwrap())
                        .collect();
                normal(&rule, &hs)
            })
            .collect();
        assert_eq!(got, want, "{game} {heaps:?}: winning moves");
        assert_eq!(
            a.winning_move_count,
            a.winning_moves.len(),
            "{game} {heaps:?}"
        );
        checked += 1;
    }
    checked
}

/// Misère Kayles: every position of up to four heaps of at most 12 counters (22 in all),
/// read from the quotient (order 40, final), agrees with the brute force.
#[test]
fn kayles_positions_agree_with_brute_force() {
    let n = check("kayles", "0.77", 12, 4, 22);
    assert_eq!(n, 783);
}

/// Dawson's Kayles (0.07), whose quotient is not finite as far as anyone knows: the
/// heaps its partial quotient covers agree with the brute force too.
#[test]
fn dawsons_kayles_positions_agree_with_brute_force() {
    let n = check("dawson-kayles", "0.07", 14, 3, 24);
    assert!(n > 300, "{n}");
}

/// Grundy's game and two 3-digit codes, through their quotients to the heaps asked about.
#[test]
fn other_rules_agree_with_brute_force() {
    check("grundy", "grundy", 12, 3, 20);
    check("octal:0.137", "0.137", 12, 3, 20);
    check("octal:0.75", "0.75", 12, 4, 22);
}

/// The explanation names the quotient, each heap's element and their product; heaps
/// past the computed ones are read by the proved period.
#[test]
fn the_explanation_names_the_elements() {
    let cat = Catalogue::standard();
    let sum = cat.parse_sum(&["kayles", "40", "100", "1000000"]).unwrap();
    let a = analyze(&sum, Convention::Misere, 5).unwrap();
    let text = format!("{:?}", a.explanation);
    assert!(text.contains("order 40"), "{text}");
    assert!(text.contains("Heap 1000000: 1000000 ≡"), "{text}");
    assert!(text.contains("Their product is"), "{text}");
    assert!(a.winning_move_count >= a.winning_moves.len());
}
