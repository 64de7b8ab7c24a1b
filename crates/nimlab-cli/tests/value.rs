//! `nimlab value` and `nimlab born` as a user runs them.

use std::process::Command;

fn nimlab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn value_prints_the_canonical_form_as_cgsuite_does() {
    let (status, out, _) = nimlab(&["value", "{3||2+*|1+*}"]);
    assert_eq!(status, 0);
    assert_eq!(out, "{3||2*|1*}\n");
    let (_, out, _) = nimlab(&["value", "{0|*} + {0|*} + *", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["output"], "^^*");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["birthday"], 3);
    assert_eq!(v["mean"], "0");
    assert_eq!(v["temperature"], "0");
    let (_, out, _) = nimlab(&["value", "{3||2|1}", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["mean"].as_str(), v["temperature"].as_str()),
        (Some("9/4"), Some("3/4"))
    );
    let (_, out, _) = nimlab(&["value", "{1|0} > *"]);
    assert_eq!(out, "true\n");
}

#[test]
fn a_syntax_error_points_at_the_character() {
    let (status, _, err) = nimlab(&["value", "{3|2|1}"]);
    assert_eq!(status, 2);
    assert!(err.contains("column 5"), "{err}");
    assert!(err.contains("ambiguous"), "{err}");
    assert!(err.ends_with("  {3|2|1}\n      ^\n"), "{err:?}");
    let (status, _, err) = nimlab(&["value", "1/3"]);
    assert_eq!(status, 2);
    assert!(err.contains("power of 2"), "{err}");
}

/// Text 001: 1, 4 and 22 games are born by days 0, 1 and 2 (day 2: one zero, six
/// positive, six negative, nine fuzzy); 1474 by day 3.
#[test]
fn the_games_born_by_each_day() {
    let (_, out, _) = nimlab(&["born", "2"]);
    assert!(
        out.ends_with(
            "22 games born by day 2: 1 zero (P), 6 positive (L), 6 negative (R), 9 fuzzy (N)\n"
        ),
        "{out}"
    );
    assert!(out.lines().any(|l| l == "N  +-1"), "{out}");
    assert!(out.lines().any(|l| l == "L  ^"), "{out}");
    let (_, out, _) = nimlab(&["born", "3", "--count"]);
    assert!(out.starts_with("1474 games born by day 3"), "{out}");
    let (_, out, _) = nimlab(&["born", "1"]);
    assert!(out.starts_with("P  0\nR  -1\nL  1\nN  *\n4 games"), "{out}");
    let (status, _, err) = nimlab(&["born", "4"]);
    assert_eq!(status, 2);
    assert!(err.contains("beyond nimlab's limit"), "{err}");
}

/// `nimlab calc` reads a script from a pipe: assignments persist, an error is reported
/// and the session goes on.
#[test]
fn calc_runs_a_script() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .arg("calc")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"g := {3||2+*|1+*}\ng.LeftStop\n{3|2|1}\n2 * ^\ng - g == 0\n:quit\n1\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().filter(|l| !l.starts_with("> ") && !l.starts_with("  ")).collect::<Vec<_>>(),
        [
            "{3||2*|1*}",
            "3",
            "cannot read the expression at column 5: expected one run of 1 bar at this level (the nesting is ambiguous: write more bars, e.g. `{3||2|1}`)",
            "^^",
            "true"
        ]
    );
}
