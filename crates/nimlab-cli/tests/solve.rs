//! `nimlab solve chomp` and `nimlab analyze chomp … --db` as a user runs them: the
//! database answers as the table of Grundy values does.

mod common;

use common::{json, nimlab};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// A file in the temporary folder, named for this test.
fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("nimlab-cli-solve-{}-{name}", std::process::id()))
}

/// Solves `bound` into a new file and returns the file and the summary.
fn solved(bound: &str) -> (PathBuf, Value) {
    let path = temp(&format!("{bound}.db"));
    let v = json(&["solve", "chomp", bound, "--out", path.to_str().unwrap()]);
    (path, v)
}

/// The positions left by the winning moves an analysis lists.
fn winning(v: &Value) -> BTreeSet<String> {
    v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect()
}

/// Every staircase inside `rows` × `columns`, as the words of its row lengths.
fn staircases(rows: usize, columns: u8) -> Vec<Vec<String>> {
    let mut all = vec![];
    let mut stack: Vec<Vec<u8>> = (1..=columns).map(|c| vec![c]).collect();
    while let Some(b) = stack.pop() {
        if b.len() < rows {
            for c in 1..=*b.last().unwrap() {
                let mut next = b.clone();
                next.push(c);
                stack.push(next);
            }
        }
        all.push(b.iter().map(|l| l.to_string()).collect());
    }
    all
}

#[test]
fn every_position_of_a_database_answers_as_the_grundy_table() {
    let (path, summary) = solved("4x5");
    assert_eq!(summary["positions"], 125); // C(9, 4) − 1
    let db = path.to_str().unwrap();
    let mut p = 0;
    for board in staircases(4, 5) {
        let mut args = vec!["analyze", "chomp"];
        args.extend(board.iter().map(String::as_str));
        let computed = json(&args);
        args.extend(["--db", db]);
        let read = json(&args);
        assert_eq!(read["outcome"], computed["outcome"], "{board:?}");
        assert_eq!(winning(&read), winning(&computed), "{board:?}");
        p += u64::from(computed["outcome"] == "P");
    }
    assert_eq!(summary["p_positions"], p);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn every_rectangle_inside_a_database_is_won_by_the_moves_the_table_finds() {
    let (path, _) = solved("7x8");
    let db = path.to_str().unwrap();
    for rows in 1..=7 {
        for columns in 1..=8 {
            let bound = format!("{rows}x{columns}");
            let read = json(&["analyze", "chomp", &bound, "--db", db]);
            let lost = rows == 1 && columns == 1;
            assert_eq!(read["outcome"], if lost { "P" } else { "N" }, "{bound}");
            let computed = json(&["analyze", "chomp", &bound]);
            assert_eq!(winning(&read), winning(&computed), "{bound}");
        }
    }
    // The text names the rectangle it read.
    let out = nimlab(&["analyze", "chomp", "7x7", "--db", db]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("take 2,2 and every piece right of it and above it -> 7 1 1 1 1 1 1"),
        "{text}"
    );
    assert!(text.contains("7x8 rectangle"), "{text}");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn what_cannot_be_solved_or_read_is_refused_with_the_reason() {
    let refused = |args: &[&str], says: &str| {
        let out = nimlab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
    };
    let (path, _) = solved("5x6");
    let db = path.to_str().unwrap();
    refused(
        &["analyze", "chomp", "6x6", "--db", db],
        "not inside the database's rectangle of 5 rows and 6 columns",
    );
    refused(&["analyze", "nim", "3", "--db", db], "expected `chomp`");
    refused(
        &["analyze", "chomp", "2x2", "--db", db, "--misere"],
        "cannot be used with",
    );
    // A damaged file, and a foreign one.
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 20;
    bytes[at] ^= 1;
    let bad = temp("damaged.db");
    std::fs::write(&bad, &bytes).unwrap();
    refused(
        &["analyze", "chomp", "2x2", "--db", bad.to_str().unwrap()],
        "checksum does not match",
    );
    std::fs::write(&bad, "chomp 5x6\n").unwrap();
    refused(
        &["analyze", "chomp", "2x2", "--db", bad.to_str().unwrap()],
        "not a Chomp database",
    );
    std::fs::remove_file(&bad).unwrap();
    std::fs::remove_file(&path).unwrap();
    let out = temp("never.db");
    let out = out.to_str().unwrap();
    refused(
        &["solve", "chomp", "16x16", "--out", out, "--memory", "64M"],
        "the memory limit of 64 MiB",
    );
    refused(&["solve", "chomp", "40x2", "--out", out], "1 to 32 rows");
    refused(&["solve", "chomp", "5", "--out", out], "a rectangle `RxC`");
    refused(&["solve", "nim", "3x3", "--out", out], "`chomp`");
    assert!(!std::path::Path::new(out).exists());
}

#[test]
fn the_tiers_and_their_crossings_are_reported() {
    let path = temp("tiers.db");
    let v = json(&[
        "solve",
        "chomp",
        "6x6",
        "--out",
        path.to_str().unwrap(),
        "--probe-shares",
        "4",
    ]);
    let tiers = v["tiers"].as_array().unwrap();
    assert_eq!(tiers.len(), 36);
    let positions: u64 = tiers.iter().map(|t| t["positions"].as_u64().unwrap()).sum();
    assert_eq!(positions, 923); // C(12, 6) − 1
    let lookups: u64 = tiers.iter().map(|t| t["lookups"].as_u64().unwrap()).sum();
    let crossing: u64 = tiers.iter().map(|t| t["crossing"].as_u64().unwrap()).sum();
    assert!(
        crossing > 0 && crossing < lookups,
        "{crossing} of {lookups}"
    );
    // Tier 1, the poisoned piece alone, is the one position without a move: lost.
    assert_eq!(tiers[0]["positions"], 1);
    assert_eq!(tiers[0]["p_positions"], 1);
    assert_eq!(tiers[0]["lookups"], 0);
    std::fs::remove_file(path).unwrap();
}
