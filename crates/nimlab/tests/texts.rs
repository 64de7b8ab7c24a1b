//! Facts the texts state, checked through the library: the mex examples of text 000
//! (`tests/data/mex.tsv`), the nim-addition tables of texts 001 and 003 as they print
//! them (`tests/data/nim-addition-*.tsv`), and the comparisons of text 001's Exercise 5
//! (`tests/data/exercise-5.tsv`), the last also by the definition of ≥, independently of
//! the library.

use nimlab::calc::Session;
use nimlab::nimber::{mex, nim_sum};
use nimlab::Nimber;

/// The rows of a data file that are not comments, split at tabs, with their line numbers.
fn rows(file: &str) -> Vec<(usize, Vec<String>)> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the data file is there");
    assert!(text.len() < 1 << 16, "{file} stays small");
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(n, line)| (n + 1, line.split('\t').map(str::to_string).collect()))
        .collect()
}

#[test]
fn mex_examples_of_the_texts() {
    let rows = rows("mex.tsv");
    for (n, fields) in &rows {
        let [values, want, source] = &fields[..] else {
            panic!("mex.tsv:{n}: expected three fields separated by tabs");
        };
        let values: Vec<u64> = values
            .split(',')
            .filter(|v| !v.is_empty())
            .map(|v| v.trim().parse().unwrap())
            .collect();
        let want: u64 = want.parse().unwrap();
        assert_eq!(mex(values.iter().copied()), want, "mex.tsv:{n} ({source})");
    }
    assert_eq!(rows.len(), 5);
}

/// Checks a 16 × 16 nim-addition table as a text prints it: the header row and column
/// are 0 … 15, and each cell is the library's nim-sum of its row and column (as numbers
/// and as nimbers) and their exclusive or computed here.
fn check_nim_addition_table(file: &str) {
    let rows = rows(file);
    assert_eq!(rows.len(), 17, "{file}: a header and 16 rows");
    let header: Vec<&str> = rows[0].1.iter().map(String::as_str).collect();
    let numbers: Vec<String> = (0..16).map(|b: u64| b.to_string()).collect();
    assert_eq!(header[0], "", "{file}: the corner is empty");
    assert_eq!(header[1..], numbers, "{file}: the header row");
    let mut cells = 0;
    for (a, (n, fields)) in rows[1..].iter().enumerate() {
        let a = a as u64;
        assert_eq!(fields.len(), 17, "{file}:{n}: 17 cells");
        assert_eq!(fields[0], a.to_string(), "{file}:{n}: the row's number");
        for (b, cell) in fields[1..].iter().enumerate() {
            let b = b as u64;
            let printed: u64 = cell.parse().unwrap();
            let what = format!("{file}:{n}: row {a}, column {b}");
            assert_eq!(nim_sum([a, b]), printed, "{what}");
            assert_eq!(
                Nimber::from(a) + Nimber::from(b),
                Nimber::from(printed),
                "{what}"
            );
            // The exclusive or, bit by bit: a bit of the sum is set when exactly one of
            // a and b has it.
            let xor = (0..4).fold(0, |acc, bit| {
                acc | ((((a >> bit) & 1) + ((b >> bit) & 1)) % 2) << bit
            });
            assert_eq!(xor, printed, "{what}");
            cells += 1;
        }
    }
    assert_eq!(cells, 256);
}

#[test]
fn nim_addition_table_of_text_001() {
    check_nim_addition_table("nim-addition-001.tsv");
}

#[test]
fn nim_addition_table_of_text_003() {
    check_nim_addition_table("nim-addition-003.tsv");
}

/// A short game written out as its options, for the comparisons of text 001.
#[derive(Debug, Clone)]
struct Game {
    left: Vec<Game>,
    right: Vec<Game>,
}

/// The games text 001 names, by their options (its sections 4 and 6 and Exercise 5).
const NAMED: [(&str, &str); 10] = [
    ("0", "{|}"),
    ("1", "{0|}"),
    ("-1", "{|0}"),
    ("*", "{0|0}"),
    ("*2", "{0,*|0,*}"),
    ("^", "{0|*}"),
    ("^*", "{0,*|0}"),
    ("v", "{*|0}"),
    ("v*", "{0|0,*}"),
    ("+-1", "{1|-1}"),
];

/// Reads a game: a name of [`NAMED`] or `{options|options}`, options separated by commas.
fn game(text: &str) -> Game {
    let (g, rest) = read(text);
    assert!(rest.is_empty(), "`{rest}` left after a game in `{text}`");
    g
}

fn read(text: &str) -> (Game, &str) {
    if let Some(mut rest) = text.strip_prefix('{') {
        let mut sides = [Vec::new(), Vec::new()];
        let mut side = 0;
        loop {
            match rest.chars().next() {
                Some('}') => {
                    return (
                        Game {
                            left: sides[0].clone(),
                            right: sides[1].clone(),
                        },
                        &rest[1..],
                    )
                }
                Some('|') => {
                    assert_eq!(side, 0, "one `|` in `{text}`");
                    side = 1;
                    rest = &rest[1..];
                }
                Some(',') => rest = &rest[1..],
                Some(_) => {
                    let (g, after) = read(rest);
                    sides[side].push(g);
                    rest = after;
                }
                None => panic!("no `}}` in `{text}`"),
            }
        }
    }
    let end = text.find(['{', '}', '|', ',']).unwrap_or(text.len());
    let name = &text[..end];
    let (_, options) = NAMED
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no game named `{name}`"));
    (game(options), &text[end..])
}

/// G ≥ H: no Right option of G is ≤ H, and no Left option of H is ≥ G.
fn ge(g: &Game, h: &Game) -> bool {
    !g.right.iter().any(|gr| ge(h, gr)) && !h.left.iter().any(|hl| ge(hl, g))
}

/// `left op right` by the definition of ≥.
fn holds(claim: &str) -> bool {
    let [left, op, right] = claim.split(' ').collect::<Vec<_>>()[..] else {
        panic!("`{claim}`: expected `game op game`");
    };
    let (g, h) = (game(left), game(right));
    let (ge, le) = (ge(&g, &h), ge(&h, &g));
    match op {
        "==" => ge && le,
        ">" => ge && !le,
        "<" => le && !ge,
        ">=" => ge,
        "<=" => le,
        "<>" => !ge && !le,
        _ => panic!("`{claim}`: unknown relation `{op}`"),
    }
}

#[test]
fn the_definition_of_ge_decides_known_comparisons() {
    // Text 001, section 4: 1 > 0, −1 < 0, * ‖ 0, and 0 = {|}.
    assert!(holds("1 > 0") && holds("-1 < 0") && holds("* <> 0") && holds("0 == {|}"));
    // Exercise 3: 1 + (−1) and * + * are 0; as comparisons, 1 > −1 and * == *.
    assert!(holds("1 > -1") && holds("* == *"));
    // Section 7: {0,*|*} = ↑ (the Left option * is reversible).
    assert!(holds("{0,*|*} == ^"));
    assert!(!holds("^ <> 0") && holds("^ > 0") && holds("v* <> 0"));
}

#[test]
fn comparisons_of_exercise_5_of_text_001() {
    let rows = rows("exercise-5.tsv");
    let mut session = Session::new();
    for (n, fields) in &rows {
        let [claim, truth, source] = &fields[..] else {
            panic!("exercise-5.tsv:{n}: expected three fields separated by tabs");
        };
        let what = format!("exercise-5.tsv:{n}: {claim} ({source})");
        assert_eq!(
            holds(claim).to_string(),
            *truth,
            "by the definition: {what}"
        );
        assert_eq!(
            session.run(claim).unwrap(),
            *truth,
            "by the library: {what}"
        );
    }
    assert_eq!(rows.len(), 14);
}
