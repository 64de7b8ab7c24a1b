//! Values of partizan rulesets published in the literature, kept in `tests/data/` with
//! their sources, reproduced through the value language (`domineering("2x3")`).

use nimlab::calc::Session;

/// Checks every row `expression ⇥ expected ⇥ source` of a data file: both sides are
/// evaluated and must print the same.
fn check(file: &str) -> usize {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the data file is there");
    let mut session = Session::new();
    let mut rows = 0;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [expression, expected, source] = fields[..] else {
            panic!("{file}:{}: expected three fields separated by tabs", n + 1);
        };
        let got = session.run(expression).unwrap();
        let want = session.run(expected).unwrap();
        assert_eq!(got, want, "{file}:{}: {expression} ({source})", n + 1);
        rows += 1;
    }
    rows
}

#[test]
fn domineering_values_from_the_literature() {
    assert_eq!(check("domineering.tsv"), 34);
}

#[test]
fn clobber_values_from_the_literature() {
    assert_eq!(check("clobber.tsv"), 5);
}

#[test]
fn toads_and_frogs_and_hackenbush_values_from_the_literature() {
    assert_eq!(check("rulesets.tsv"), 14);
}
