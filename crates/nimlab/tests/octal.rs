//! Periods of octal games from the literature (`tests/data/octal-periods.tsv`), found and
//! proved by the sequence engine.

use nimlab::heap::{Periodicity, Rule, Sequence};

#[test]
fn published_periods_are_found_and_proved() {
    let data = include_str!("data/octal-periods.tsv");
    assert!(data.len() < 1 << 16, "the table stays small");
    let mut checked = 0;
    for (n, line) in data.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let [code, period, preperiod, first, _source] = cols[..] else {
            panic!("line {}: expected 5 tab-separated columns", n + 1);
        };
        let (period, preperiod): (u64, u64) = (period.parse().unwrap(), preperiod.parse().unwrap());
        let first: Vec<u32> = first
            .split_whitespace()
            .filter(|&v| v != "-")
            .map(|v| v.parse().unwrap())
            .collect();
        let rule = Rule::parse(code).unwrap();
        let needed = rule.proof_length(preperiod, period).unwrap();
        let mut seq = Sequence::new(rule);
        seq.extend_to(needed).unwrap();
        assert_eq!(
            seq.values().iter().take(first.len()).collect::<Vec<_>>(),
            first,
            "{code}"
        );
        let p = Periodicity::find(&seq).unwrap_or_else(|| panic!("{code}: no period"));
        assert_eq!(
            (p.period, p.preperiod, p.proved),
            (period, preperiod, true),
            "{code}"
        );
        checked += 1;
    }
    assert_eq!(checked, 12);
}
