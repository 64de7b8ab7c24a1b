//! Runs `nimlab quotient` and checks its output against the quotients of the literature
//! (Plambeck–Siegel: misère Nim's T2, 0.75's R8) and against itself (a resumed run is the
//! uninterrupted one).

use serde_json::Value;

mod common;
use common::{json, nimlab};

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// A file in the temporary folder for this test process.
fn temp(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("nimlab-quotient-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn misere_nim_to_heap_3_is_t2() {
    // T2 = ⟨a, b | a^2 = 1, b^3 = b⟩ of order 6, P = {a, b^2} (Plambeck–Siegel).
    let v = json(&["quotient", "subtraction:1,2,3", "--to", "3"]);
    let q = &v["quotient"];
    assert_eq!(q["order"], 6);
    assert_eq!(strings(&q["p_portion"]), ["a", "b^2"]);
    assert_eq!(strings(&q["relations"]), ["a^2 = 1", "b^3 = b"]);
    assert_eq!(strings(&q["pretending"]), ["1", "a", "b", "ab"]);
    assert_eq!(v["complete"], true);
    let out = nimlab(&["quotient", "subtraction:1,2,3", "--to", "3"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "order 6, |P| = 2, 2 generators: a b",
        "relations: a^2 = 1, b^3 = b",
        "P: a, b^2",
        "0: 1  a  b  ab",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
}

#[test]
fn octal_0_75_is_r8_proved() {
    // R8 = ⟨a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2⟩, P = {a, b^2}: the quotient of
    // 0.75 for every heap size (Plambeck–Siegel).
    let v = json(&["quotient", "0.75", "--to", "30"]);
    let q = &v["quotient"];
    assert_eq!(q["order"], 8);
    // b^2 = c^2 in R8, and c^2 is the least word of that element.
    let relations = strings(&q["relations"]);
    assert!(
        relations.contains(&"a^2 = 1".to_string()) && relations.contains(&"b^2 = c^2".to_string()),
        "{relations:?}"
    );
    assert_eq!(strings(&q["p_portion"]), ["a", "c^2"]);
    assert_eq!(q["periodicity"]["proved"], true);
    let text = String::from_utf8(nimlab(&["quotient", "0.75", "--to", "30"]).stdout).unwrap();
    assert!(text.contains("order 8, |P| = 2"), "{text}");
    assert!(
        text.contains("so this is the quotient of every heap size"),
        "{text}"
    );
    // To heap 10, the period is seen but not proved.
    let text = String::from_utf8(nimlab(&["quotient", "0.75", "--to", "10"]).stdout).unwrap();
    assert!(!text.contains("proved"), "{text}");
}

#[test]
fn a_resumed_run_is_the_uninterrupted_run() {
    let path = temp("kayles.ckpt");
    let p = path.to_str().unwrap();
    let straight = json(&["quotient", "0.77", "--to", "14"]);
    let first = json(&["quotient", "0.77", "--to", "7", "--checkpoint", p]);
    assert_eq!(first["quotient"]["max_heap"], 7);
    let out = nimlab(&[
        "quotient",
        "0.77",
        "--to",
        "14",
        "--checkpoint",
        p,
        "--json",
    ]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("resuming from") && stderr.contains("heaps 0 to 7"),
        "{stderr}"
    );
    let resumed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(resumed["quotient"], straight["quotient"]);
    // The checkpoint now holds heap 14: a shorter run is refused, naming the file.
    let out = nimlab(&["quotient", "0.77", "--to", "10", "--checkpoint", p]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("heaps 0 to 14, beyond --to 10"), "{stderr}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn bad_codes_and_checkpoints_are_named() {
    let out = nimlab(&["quotient", "0.9", "--to", "5"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("9 is not an octal digit"), "{stderr}");

    let path = temp("bad.ckpt");
    let p = path.to_str().unwrap();
    std::fs::write(&path, "a shopping list\n").unwrap();
    let out = nimlab(&["quotient", "0.77", "--to", "5", "--checkpoint", p]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(p) && stderr.contains("not a checkpoint"),
        "{stderr}"
    );
    // The file is left as it was.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "a shopping list\n");

    // Another rule's checkpoint; then the same one damaged.
    std::fs::remove_file(&path).unwrap();
    assert!(
        nimlab(&["quotient", "0.07", "--to", "5", "--checkpoint", p])
            .status
            .success()
    );
    let out = nimlab(&["quotient", "0.77", "--to", "5", "--checkpoint", p]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("of `0.07`, not of `0.77`"), "{stderr}");
    let out = nimlab(&[
        "quotient",
        "0.07",
        "--to",
        "9",
        "--max-order",
        "64",
        "--checkpoint",
        p,
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--max-order 4096"), "{stderr}");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("heaps: 5", "heaps: 4", 1)).unwrap();
    let out = nimlab(&["quotient", "0.07", "--to", "5", "--checkpoint", p]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("checksum does not match"), "{stderr}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_time_limit_gives_the_quotient_of_the_heaps_done() {
    // Dawson's Kayles to heap 100 takes far longer than half a second.
    let out = nimlab(&[
        "quotient",
        "0.07",
        "--to",
        "100",
        "--time-limit",
        "0.5s",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["complete"], false);
    let done = v["quotient"]["max_heap"].as_u64().unwrap();
    assert!(done < 100);
    assert_eq!(
        v["quotient"]["pretending"].as_array().unwrap().len() as u64,
        done + 1
    );
    assert!(v["stopped"].as_str().unwrap().contains("time limit"), "{v}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "the quotient above is that of heaps 0 to {done} only"
        )),
        "{stderr}"
    );
    // The text says so too; a checkpoint keeps the heaps done.
    let path = temp("dawson.ckpt");
    let p = path.to_str().unwrap();
    let out = nimlab(&[
        "quotient",
        "0.07",
        "--to",
        "100",
        "--time-limit",
        "0.5s",
        "--checkpoint",
        p,
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(of 100 asked for)"), "{text}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("stopped at the time limit") && stderr.contains("run again to resume"),
        "{stderr}"
    );
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("rule: 0.07"));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn the_survey_tabulates_every_code() {
    let v = json(&["quotient", "--survey", "--digits", "1", "--to", "12"]);
    assert_eq!(v["codes"], 7);
    let rows = v["rows"].as_array().unwrap();
    let row = |code: &str| {
        rows.iter()
            .find(|r| r["codes"].as_array().unwrap().iter().any(|c| c == code))
            .unwrap()
    };
    // 0.3 and 0.7: T1, P = {a}, one group.
    assert_eq!(row("0.3"), row("0.7"));
    assert_eq!(
        (row("0.3")["order"].as_u64(), row("0.3")["p_size"].as_u64()),
        (Some(2), Some(1))
    );
    // The order limit stops a code, with the heap it stopped at.
    let v = json(&[
        "quotient",
        "--survey",
        "--digits",
        "2",
        "--to",
        "12",
        "--max-order",
        "8",
    ]);
    let dawson = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["codes"].as_array().unwrap().iter().any(|c| c == "0.07"))
        .unwrap()
        .clone();
    assert_eq!(dawson["stopped"]["kind"], "order");
    let heap = dawson["stopped"]["heap"].as_u64().unwrap();
    let out = nimlab(&[
        "quotient",
        "--survey",
        "--digits",
        "2",
        "--to",
        "12",
        "--max-order",
        "8",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text.lines().find(|l| l.starts_with("0.07 ")).unwrap();
    assert!(
        line.contains(&format!("> 8 at {heap}")) && line.contains("order limit"),
        "{line}"
    );
    assert!(
        text.starts_with("63 octal codes with at most 2 digits"),
        "{text}"
    );
}

/// A run beyond the largest heap is refused before it starts: no quotient is printed.
#[test]
fn a_run_beyond_the_heap_limit_is_refused_at_once() {
    let out = nimlab(&["quotient", "0.77", "--to", "10000000"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(err.contains("heap 10000000"), "{err}");
}
