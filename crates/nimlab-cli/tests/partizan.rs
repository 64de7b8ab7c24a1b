//! `nimlab analyze`, `play` and `games` with partizan games, through the real binary.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;
use common::{json, nimlab};

fn descriptions(v: &serde_json::Value, field: &str) -> Vec<String> {
    v[field]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["description"].as_str().unwrap().to_string())
        .collect()
}

fn refused(args: &[&str], needle: &str) {
    let out = nimlab(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn domineering_json_fields() {
    // Winning Ways: the 2×2 board is ±1, and each player's first domino wins.
    let v = json(&["analyze", "domineering", "..|.."]);
    assert_eq!(v["game"], "domineering");
    assert_eq!(v["position"], "..|..");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["value"], "+-1");
    assert_eq!(v["mean"], "0");
    assert_eq!(v["temperature"], "1");
    assert_eq!(descriptions(&v, "left_winning_moves"), ["a1-a2", "b1-b2"]);
    assert_eq!(descriptions(&v, "right_winning_moves"), ["a2-b2", "a1-b1"]);
    assert_eq!(v["left_winning_moves"][0]["value"], "1");
    assert_eq!(v["right_winning_moves"][0]["value"], "-1");
    // CGSuite's value of the empty 4×4 board, from its own test suite.
    let v = json(&["analyze", "domineering", "....|....|....|...."]);
    assert_eq!(v["value"], "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
}

#[test]
fn black_white_nim_of_text_000() {
    // Text 000: xoxoo = 9/16 (Left wins whoever starts), and xo + xo + o = 0.
    let v = json(&["analyze", "hackenbush-string", "xoxoo"]);
    assert_eq!(v["value"], "9/16");
    assert_eq!(v["outcome"], "L");
    let v = json(&["analyze", "hackenbush-string", "xo", "xo", "o"]);
    assert_eq!(v["value"], "0");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["left_winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn sums_of_different_rulesets() {
    // ±1 + * = {1*|-1*}, printed by CGSuite as +-(1*).
    let v = json(&["analyze", "domineering", "..|..", "+", "clobber", "xo"]);
    assert_eq!(v["game"], "sum");
    assert_eq!(v["value"], "+-(1*)");
    assert_eq!(v["parts"][1]["value"], "*");
    // Left's winning move is in the hot part, not the star.
    assert_eq!(
        descriptions(&v, "left_winning_moves"),
        ["1: a1-a2", "1: b1-b2"]
    );
}

#[test]
fn text_000_partizan_subtraction() {
    // Heap 2 under 1,4/2,3: Left takes 1 (and can move again), Right takes 2.
    let v = json(&["analyze", "partizan-subtraction:1,4/2,3", "2"]);
    assert_eq!(v["value"], "{1|0}");
    assert_eq!(v["outcome"], "N");
}

#[test]
fn partizan_input_errors_name_the_place() {
    refused(
        &["analyze", "domineering", "..|.?"],
        "`?` in row 2, column 2",
    );
    refused(&["analyze", "domineering", "9x9"], "64 squares");
    refused(
        &["analyze", "domineering", "..|..."],
        "rows must be equally long",
    );
    refused(
        &["analyze", "nim", "3", "+", "domineering", ".."],
        "partizan game",
    );
    refused(
        &["analyze", "domineering", "..", "+", "nim", "3"],
        "impartial",
    );
    refused(&["analyze", "domineering", "..", "--misere"], "misère");
    refused(&["analyze", "nim", "3", "--svg", "x.svg"], "partizan");
    refused(
        &["analyze", "partizan-subtraction:1,4/2,3", "x"],
        "`x` (argument 2)",
    );
    refused(
        &["analyze", "domineerin", ".."],
        "did you mean `domineering`",
    );
}

#[test]
fn svg_pictures_of_board_and_thermograph() {
    let path = std::env::temp_dir().join(format!("nimlab-partizan-{}.svg", std::process::id()));
    let out = nimlab(&[
        "analyze",
        "clobber",
        "xox|ox.",
        "--svg",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("<title>Clobber xox|ox.</title>"));
    assert!(svg.contains("<title>Thermograph of clobber xox|ox.</title>"));
    // Three stones of each colour.
    assert_eq!(svg.matches("<circle").count(), 6);
}

#[test]
fn games_lists_the_partizan_rulesets() {
    let out = nimlab(&["games", "--long"]);
    let text = String::from_utf8_lossy(&out.stdout);
    for id in [
        "domineering",
        "clobber",
        "hackenbush-string",
        "cram",
        "partizan-subtraction:L/R",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(id)),
            "{id} is not listed"
        );
    }
}

/// Runs `nimlab play ARGS` with `input`; returns what it printed.
fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A game over before the first move (no move for the player) ends the program
    // before it reads its input: the pipe may then be closed already.
    let written = child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(input.as_bytes());
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let out = child.wait_with_output().expect("the game ends");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_computer_wins_domineering_when_it_can() {
    // The 1×4 row `....` is −2 (two horizontal dominoes for Right, none for Left): the computer,
    // Right, wins whoever starts; Left (the player) has no move at all.
    let out = play(&["domineering", "....", "--as", "left"], "quit\n");
    assert!(out.contains("Left has no move: Right won."), "{out}");
    // On 2×2 (±1) the player moving first wins by any domino, and the computer loses.
    let out = play(&["domineering", "..|..", "--as", "right"], "a1-b1\nquit\n");
    assert!(out.contains("You play a1-b1"), "{out}");
    assert!(out.contains("Left has no move: Right won."), "{out}");
    // With the computer first as Left, it wins: its reason says so.
    let out = play(
        &[
            "domineering",
            "..|..",
            "--as",
            "right",
            "--first",
            "computer",
        ],
        "quit\n",
    );
    assert!(
        out.contains("(it leaves 1 ≥ 0: Right, to move, loses)"),
        "{out}"
    );
    assert!(out.contains("Right has no move: Left won."), "{out}");
}

#[test]
fn play_commands_hint_explain_undo() {
    let out = play(
        &["clobber", "xoxo|oxox", "--as", "left"],
        "moves\nhint\nexplain\nz9-z8\na2-b2\nundo\nquit\n",
    );
    assert!(out.contains("Your moves (Left, 10):"), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(
        out.contains("Every move of yours (Left) and the value it leaves:"),
        "{out}"
    );
    assert!(
        out.contains("`z9-z8` is not a move of Left's here"),
        "{out}"
    );
    assert!(out.contains("You play a2-b2"), "{out}");
    assert!(out.contains("Taken back."), "{out}");
}

#[test]
fn memory_bounds_the_tables() {
    // --memory 16M leaves the tables 4 MiB, about 90,000 regions; Wolfe's 4×5 (= 1) needs
    // fewer. (The library's tests hold tables that forget against full ones.)
    let small = json(&["analyze", "domineering", "4x5", "--memory", "16M"]);
    assert_eq!(small["value"], "1");
}

/// `--memory 0` was refused as "argument 0"; it names the flag and the least memory.
#[test]
fn memory_limit_of_zero_is_refused_without_blaming_an_argument() {
    let out = nimlab(&["analyze", "domineering", "4x4", "--memory", "0"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--memory"), "{err}");
    assert!(err.contains("at least 16 MiB"), "{err}");
    assert!(!err.contains("argument 0"), "{err}");
}
