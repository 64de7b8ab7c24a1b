//! `nimlab table` as a user runs it.

mod common;

use common::{json, nimlab};

/// The table text 001 prints (kept with the library's tests), without its header.
fn table_of_text_001() -> Vec<Vec<u64>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../nimlab/tests/data/nim-addition-001.tsv"
    );
    let text = std::fs::read_to_string(path).expect("the table of text 001");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split('\t').skip(1).map(|c| c.parse().unwrap()).collect())
        .collect()
}

#[test]
fn the_nim_sum_table_is_the_table_of_the_texts() {
    let v = json(&["table", "nim-sum", "16"]);
    assert_eq!(v["operation"], "nim-sum");
    assert_eq!(v["size"], 16);
    let rows: Vec<Vec<u64>> = serde_json::from_value(v["rows"].clone()).unwrap();
    assert_eq!(rows, table_of_text_001());
    // The text: a header row and column, then row a holds a XOR b.
    let out = nimlab(&["table", "nim-sum", "16"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 18);
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(header[..2], ["⊕", "|"]);
    let numbers: Vec<String> = (0..16).map(|b: u64| b.to_string()).collect();
    assert_eq!(header[2..], numbers);
    for (a, line) in lines[2..].iter().enumerate() {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[..2], [a.to_string().as_str(), "|"], "{line}");
        let want: Vec<String> = (0..16).map(|b| (a ^ b).to_string()).collect();
        assert_eq!(cells[2..], want, "{line}");
    }
}

#[test]
fn every_size_up_to_the_limit_and_a_clear_error_past_it() {
    let v = json(&["table", "nim-sum", "256"]);
    let rows: Vec<Vec<u64>> = serde_json::from_value(v["rows"].clone()).unwrap();
    assert_eq!(rows.len(), 256);
    assert!(rows
        .iter()
        .enumerate()
        .all(|(a, row)| row.iter().enumerate().all(|(b, &c)| c == (a ^ b) as u64)));
    let out = nimlab(&["table", "nim-sum", "257"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "nimlab: a nim-sum table of 257 × 257 is beyond nimlab's limit: tables up to 256 × 256\n"
    );
    for bad in ["0", "-3", "x", "99999999999999999999999"] {
        let out = nimlab(&["table", "nim-sum", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "invalid value '{bad}' for '<N>': expected a whole number from 1 to 256"
            )),
            "{err}"
        );
    }
    let out = nimlab(&["table", "nim-product", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("[possible values: nim-sum]"));
}
