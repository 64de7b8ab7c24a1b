//! Runs every fact of `tests/data/facts.tsv` through the analysis.

use nimlab::analysis::analyze;
use nimlab::games::Catalogue;
use nimlab::Convention;

#[test]
fn facts_from_the_texts() {
    let data = include_str!("data/facts.tsv");
    assert!(data.len() < 1 << 20, "the facts file stays small");
    let cat = Catalogue::standard();
    let mut checked = 0;
    for (n, line) in data.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let [position, convention, outcome, value, winning, source] = cols[..] else {
            panic!("line {}: expected 6 tab-separated columns", n + 1);
        };
        let tokens: Vec<&str> = position.split_whitespace().collect();
        let sum = cat
            .parse_sum(&tokens)
            .unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let convention = match convention {
            "normal" => Convention::Normal,
            "misere" => Convention::Misere,
            other => panic!("line {}: bad convention {other}", n + 1),
        };
        let a =
            analyze(&sum, convention, usize::MAX).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let what = format!("line {} ({source}): {position}", n + 1);
        assert_eq!(a.outcome.to_string(), outcome, "{what}");
        if value != "-" {
            let got = a.value.as_ref().map(|v| v.to_string());
            assert_eq!(got.as_deref(), Some(value), "{what}");
        }
        match winning {
            "*" => {}
            "-" => assert!(a.winning_moves.is_empty(), "{what}"),
            list => {
                let mut want: Vec<&str> = list.split('|').collect();
                let mut got: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{what}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} facts checked");
}
