//! Runs the real `nimlab` binary and checks what it prints.

use rayon::prelude::*;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

mod common;
use common::{json, nimlab};

fn moves_to(v: &Value) -> Vec<String> {
    v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect()
}

/// Bad input: exit status 2, a message naming what is wrong, never a panic.
fn refused(args: &[&str], needle: &str) {
    let out = nimlab(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn nim_json_fields() {
    let v = json(&["analyze", "nim", "3", "5", "7"]);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["position"], "3 5 7");
    assert_eq!(v["convention"], "normal");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["value"], "*1");
    assert_eq!(moves_to(&v), vec!["2 5 7", "3 4 7", "3 5 6"]);
    assert_eq!(
        v["winning_moves"][0]["description"],
        "take 1 from heap 1, leaving 2"
    );
}

#[test]
fn nim_facts_from_the_texts() {
    let v = json(&["analyze", "nim", "3", "6", "8", "9"]);
    assert_eq!(v["value"], "*4");
    assert_eq!(moves_to(&v), vec!["3 2 8 9"]);
    let v = json(&["analyze", "nim", "6", "7", "8"]);
    assert_eq!(v["value"], "*9");
    assert_eq!(moves_to(&v), vec!["6 7 1"]);
    let v = json(&["analyze", "nim", "3", "8", "11"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["value"], "0");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 0);
    let v = json(&["analyze", "nim", "4", "5", "6", "7"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn an_emptied_heap_is_kept_as_zero() {
    let v = json(&["analyze", "nim", "5", "0", "5", "3"]);
    assert_eq!(moves_to(&v), vec!["5 0 5 0"]);
}

#[test]
fn marienbad_misere() {
    let v = json(&["analyze", "nim", "1", "3", "5", "7", "--misere"]);
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["outcome"], "P");
    assert!(v["value"].is_null());
    let v = json(&["analyze", "nim", "2", "1", "1", "--misere"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(moves_to(&v), vec!["1 1 1"]);
}

#[test]
fn huge_heaps() {
    let v = json(&[
        "analyze",
        "nim",
        "10000000000000000000000000000000000000000",
        "10000000000000000000000000000000000000000",
        "7",
    ]);
    assert_eq!(v["value"], "*7");
    assert_eq!(
        moves_to(&v),
        vec![
            "10000000000000000000000000000000000000000 10000000000000000000000000000000000000000 0"
        ]
    );
}

#[test]
fn heaps_too_wide_to_draw_in_binary() {
    // 20000 nines: 10^20000 - 1, which has 66439 binary digits (20000 · log2 10 = 66438.6).
    let nines = "9".repeat(20_000);
    let out = nimlab(&["analyze", "nim", &nines, "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("66439 binary digits"), "{text}");
    // Its leftmost 1 is in the column of 2^66438, and 1 does not reach it.
    assert!(text.contains("column of 2^66438"), "{text}");
    assert!(text.contains("(20000 digits)"), "{text}");
}

#[test]
fn sum_of_different_games() {
    // Text 000: heaps 12, 17, 23 with subtraction 1-5, 1-3, 1-4: value 0 ⊕ 1 ⊕ 3 = 2.
    let v = json(&[
        "analyze",
        "subtraction:1-5",
        "12",
        "+",
        "subtraction:1-3",
        "17",
        "+",
        "subtraction:1-4",
        "23",
    ]);
    assert_eq!(v["game"], "sum");
    assert_eq!(v["value"], "*2");
    let values: Vec<&str> = v["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, vec!["0", "*1", "*3"]);
    // Every winning move leaves a sum of value 0: check each by analysing it again.
    for to in moves_to(&v) {
        let tokens: Vec<&str> = to.split(' ').collect();
        let mut args = vec!["analyze"];
        args.extend(tokens);
        assert_eq!(json(&args)["value"], "0", "{to}");
    }
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
}

#[test]
fn count_up_from_the_texts() {
    let v = json(&["analyze", "count-up:100,10", "0"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(moves_to(&v), vec!["1"]);
    let v = json(&["analyze", "count-up:100,10", "0", "--misere"]);
    assert_eq!(v["outcome"], "P");
    let v = json(&["analyze", "count-up:100,10", "5", "--misere"]);
    assert_eq!(moves_to(&v), vec!["11"]);
}

#[test]
fn misere_sums_large_and_deep() {
    // Too large to search whole: refused at once with the limit, not after minutes.
    for sum in [
        "nim 20 20 20 + nim 20 20",
        "wythoff 40 40 + wythoff 40 40",
        "nim 30 30 30 30 + nim 3",
        "subtraction:1,2 3000 + subtraction:1,3,4 3000",
    ] {
        let mut args = vec!["analyze"];
        args.extend(sum.split(' '));
        args.push("--misere");
        refused(&args, "beyond nimlab's limit: 200000 positions");
    }
    // Counting to 10000 by ones beside one coin: every play lasts 10001 moves, an odd
    // number, so the first player makes the last move and loses.
    let v = json(&[
        "analyze",
        "count-up:10000,1",
        "0",
        "+",
        "nim",
        "1",
        "--misere",
    ]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn position_from_standard_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(["analyze", "nim", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let heaps: Vec<String> = (1..=1000u64).map(|h| h.to_string()).collect();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(heaps.join("\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // 1 ⊕ 2 ⊕ … ⊕ 1000 = 1000 (n ⊕ … for n ≡ 0 mod 4 is n).
    assert_eq!(v["value"], "*1000");
}

/// Runs `nimlab` with `input` on its standard input.
fn nimlab_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that refuses its arguments may exit before reading: ignore a broken pipe.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// Like [`refused`], with `input` on the standard input.
fn refused_with_input(args: &[&str], input: &[u8], needle: &str) {
    let out = nimlab_with_input(args, input);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn standard_input_errors_name_its_tokens() {
    // Byte 0xff never occurs in UTF-8; it is the second token, at offset 2.
    refused_with_input(
        &["analyze", "nim", "-"],
        b"3 \xff 5",
        "(token 2 of standard input): expected UTF-8 text: the standard input is not valid UTF-8 text (invalid byte 0xff at offset 2)",
    );
    refused_with_input(
        &["analyze", "nim", "-", "7"],
        b"3\nx5\n",
        "`x5` (token 2 of standard input)",
    );
    refused_with_input(&["analyze", "nim", "-", "x7"], b"3 5", "`x7` (argument 3)");
    refused_with_input(
        &["analyze", "-"],
        b"nim 3 +\n",
        "a position is missing after `+` (token 3 of standard input)",
    );
    refused_with_input(&["analyze", "-"], b" \n", "the standard input is empty");
    refused_with_input(
        &["analyze", "-"],
        b"nim 3 + subtraction:1,2 99999999999999999999999",
        "(token 5 of standard input)",
    );
    // The second `-` is the third argument of the position.
    refused_with_input(&["analyze", "nim", "-", "-"], b"3", "`-` (argument 3)");
    let out = nimlab_with_input(
        &["analyze", "nim", "-", "--json"],
        "3\t5 \u{a0}6".as_bytes(),
    );
    // A no-break space is white space too: heaps 3 5 6, nim-sum 3 ^ 5 ^ 6 = 0.
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["position"], "3 5 6");
    assert_eq!(v["value"], "0");
}

#[test]
fn human_output_explains() {
    let out = nimlab(&["analyze", "nim", "3", "5", "7"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("N-position: the player to move wins"));
    assert!(text.contains("Value: *1"));
    assert!(text.contains("nim-sum"));
    assert!(text.contains("3 = 0 1 1"));
}

#[test]
fn games_lists_every_id() {
    let out = nimlab(&["games"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for id in ["nim", "subtraction:S", "count-up:N,K"] {
        assert!(text.lines().any(|l| l.starts_with(id)), "{id}");
    }
}

#[test]
fn bad_input_is_refused_clearly() {
    refused(&["analyze", "nimm", "3"], "did you mean `nim`");
    refused(&["analyze", "rook3", "1,1"], "did you mean `rook-3`?");
    refused(
        &["analyze", "foobarbaz", "3"],
        "unknown game `foobarbaz` (`nimlab games` lists every game)",
    );
    refused(&["analyze", "nim", "3", "-4"], "`-4`");
    refused(&["analyze", "nim", "3", "x5"], "`x5` (argument 3)");
    refused(&["analyze", "nim", "3.5"], "`3.5`");
    refused(&["analyze", "nim"], "no heaps");
    refused(
        &["analyze", "nim", "3", "+"],
        "a position is missing after `+` (argument 3): expected a game id and a position on each side of `+`",
    );
    refused(
        &["analyze", "nim", "3", "+", "+", "nim", "4"],
        "a position is missing between `+` (argument 3) and `+` (argument 4)",
    );
    refused(
        &["analyze", "subtraction:0,1", "5"],
        "0 is not a legal subtraction",
    );
    refused(&["analyze", "subtraction:", "5"], "needs parameters");
    refused(&["analyze", "subtraction", "5"], "needs parameters");
    refused(&["analyze", "subtraction:1,x", "5"], "`x` is not a number");
    refused(
        &["analyze", "subtraction:primes", "99999999999999"],
        "limit",
    );
    refused(&["analyze", "nim:3", "5"], "takes no parameters");
    refused(
        &["analyze", "count-up:100,10", "101"],
        "between 0 and the target 100",
    );
    refused(&["analyze", "count-up:100", "1"], "expected `N,K`");
    refused(
        &["analyze", "subtraction:1,3,4", "99999999999999999999999"],
        "2^64",
    );
    // A heap beyond the values computed within a second: the command that computes
    // further is named (the library's message names none).
    refused(
        &["analyze", "subtraction:primes", "99999999999999"],
        "the values computable within a second; no period found in them; `nimlab sequence` computes further",
    );
}

/// Every game's documented example position: it is analysed, and each winning move it
/// lists leads to a position that `analyze` itself finds lost for the player to move.
#[test]
fn every_documented_example_analyses_consistently() {
    let list = json(&["games"]);
    let games: Vec<&Value> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["kind"] == "impartial")
        .collect();
    // The games are independent: they run on every core.
    games.par_iter().for_each(|g| {
        let example = g["example"].as_str().unwrap();
        let mut args: Vec<&str> = vec!["analyze"];
        args.extend(example.split_whitespace());
        for misere in [false, true] {
            let mut call = args.clone();
            if misere {
                call.push("--misere");
            }
            let v = json(&call);
            let n = v["winning_move_count"].as_u64().unwrap();
            match v["outcome"].as_str().unwrap() {
                "P" | "D" => assert_eq!(n, 0, "{call:?}"),
                // In misère play a position without moves is won without a move.
                "N" => assert!(n > 0 || misere, "{call:?}"),
                other => panic!("{call:?}: outcome {other}"),
            }
            for m in v["winning_moves"].as_array().unwrap() {
                let mut next: Vec<String> = vec!["analyze".into()];
                let to = m["to"].as_str().unwrap();
                if v["game"] != "sum" {
                    next.push(v["game"].as_str().unwrap().to_string());
                }
                next.extend(to.split_whitespace().map(String::from));
                if misere {
                    next.push("--misere".into());
                }
                let refs: Vec<&str> = next.iter().map(|s| s.as_str()).collect();
                assert_eq!(json(&refs)["outcome"], "P", "{call:?} -> {to}");
            }
        }
    });
    assert_eq!(games.len(), 42);
}

/// Every partizan game's documented example: its outcome agrees with the winning moves
/// it lists, and each winning move leads to a position the mover wins with the opponent
/// to move (a value ≥ 0 after Left's move, ≤ 0 after Right's).
#[test]
fn every_partizan_example_analyses_consistently() {
    let list = json(&["games"]);
    let mut games = 0;
    for g in list.as_array().unwrap() {
        if g["kind"] != "partizan" {
            continue;
        }
        let name = g["id"].as_str().unwrap();
        let example = g["example"].as_str().unwrap();
        let mut args: Vec<&str> = vec!["analyze"];
        args.extend(example.split_whitespace());
        let game = args[1].to_string();
        assert!(
            game == name || game.starts_with(&format!("{name}:")),
            "{example}"
        );
        let v = json(&args);
        let outcome = v["outcome"].as_str().unwrap();
        let left = v["left_winning_count"].as_u64().unwrap();
        let right = v["right_winning_count"].as_u64().unwrap();
        assert_eq!(left > 0, matches!(outcome, "L" | "N"), "{args:?}");
        assert_eq!(right > 0, matches!(outcome, "R" | "N"), "{args:?}");
        for (field, good) in [
            ("left_winning_moves", ["L", "P"]),
            ("right_winning_moves", ["R", "P"]),
        ] {
            for m in v[field].as_array().unwrap() {
                let to = m["to"].as_str().unwrap();
                let mut next: Vec<&str> = vec!["analyze", &game];
                next.extend(to.split_whitespace());
                if to == "(nothing)" || to.is_empty() {
                    continue;
                }
                let after = json(&next);
                assert!(
                    good.contains(&after["outcome"].as_str().unwrap()),
                    "{args:?} {field} {to}: {}",
                    after["outcome"]
                );
            }
        }
        games += 1;
    }
    assert!(games >= 11, "{games} partizan games");
}

/// There were no shell completions: the bash script, loaded by bash itself, registers a
/// completion for `nimlab` that offers every command.
#[test]
fn completions_for_bash_load_and_offer_every_command() {
    let out = nimlab(&["completions", "bash"]);
    assert!(out.status.success());
    let script = String::from_utf8(out.stdout).unwrap();
    for command in [
        "analyze", "play", "sequence", "value", "calc", "games", "born",
    ] {
        assert!(script.contains(command), "{command}");
    }
    let dir = std::env::temp_dir().join(format!("nimlab-completions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("nimlab.bash");
    std::fs::write(&file, &script).unwrap();
    let check = Command::new("bash")
        .arg("-c")
        .arg(format!("source {} && complete -p nimlab", file.display()))
        .output()
        .expect("bash runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(String::from_utf8_lossy(&check.stdout).contains("_nimlab"));
    for shell in ["zsh", "fish"] {
        let out = nimlab(&["completions", shell]);
        assert!(out.status.success() && out.stdout.len() > 1000, "{shell}");
    }
}

/// `games` had no `--json`: the catalogue as one array, every id once, the text's games
/// among them with their kind.
#[test]
fn games_json_lists_the_catalogue() {
    let out = nimlab(&["games", "--json"]);
    assert!(out.status.success());
    let list: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let ids: Vec<&str> = list.iter().map(|g| g["id"].as_str().unwrap()).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());
    let kind = |id: &str| list.iter().find(|g| g["id"] == id).unwrap()["kind"].clone();
    assert_eq!(kind("nim"), "impartial");
    assert_eq!(kind("kayles"), "impartial");
    assert_eq!(kind("domineering"), "partizan");
    assert_eq!(kind("hackenbush"), "partizan");
    let text = String::from_utf8(nimlab(&["games"]).stdout).unwrap();
    assert_eq!(
        text.lines().filter(|l| !l.is_empty()).count(),
        ids.len() + 1
    );
}

#[test]
fn a_long_position_is_cut_between_heaps() {
    // Shortened for display, a position was cut inside a heap (`173639281 …` for the heap
    // 1736392818365009963); every heap shown is now whole.
    let heap = "1736392818365009963";
    let mut args = vec!["analyze", "nim"];
    args.extend(std::iter::repeat_n(heap, 41));
    let out = nimlab(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap();
    let shown = first.strip_prefix("nim ").unwrap();
    let (shown, count) = shown.rsplit_once(" (").unwrap();
    assert_eq!(count, format!("{} characters)", 41 * heap.len() + 40));
    for token in shown.split(' ').filter(|&t| t != "…") {
        assert_eq!(token, heap, "{first}");
    }
    // The move lines too: the position after the move (41 equal heaps: the winning move
    // empties one, which is shown as 0).
    let lines: Vec<&str> = text.lines().filter(|l| l.contains(" -> ")).collect();
    assert!(!lines.is_empty(), "{text}");
    for line in lines {
        let after = line.split(" -> ").nth(1).unwrap();
        let after = after.rsplit_once(" (").map_or(after, |(a, _)| a);
        for token in after.split(' ').filter(|&t| t != "…") {
            assert!(token == heap || token == "0", "{line}");
        }
    }
}

#[test]
fn an_svg_that_cannot_be_written_is_named_with_exit_2() {
    // Like `sequence --out`, a picture that cannot be written is an error about that file.
    let path = "/nonexistent-nimlab-dir/picture.svg";
    for args in [
        vec!["value", "{1|0}", "--svg", path],
        vec!["analyze", "domineering", "2x2", "--svg", path],
    ] {
        let out = nimlab(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(&format!("cannot write `{path}`")),
            "{args:?}: {err}"
        );
    }
}

/// The README's `nimlab games` block no longer matched the output: it is the output.
#[test]
fn the_readme_shows_what_nimlab_games_prints() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("the README is read");
    let start = readme
        .find("$ nimlab games\n")
        .expect("a `nimlab games` block")
        + 15;
    let block = &readme[start..start + readme[start..].find("```").unwrap()];
    let out = nimlab(&["games"]);
    assert_eq!(block, String::from_utf8_lossy(&out.stdout));
    let rows: Vec<&str> = readme.lines().filter(|l| l.starts_with("| `")).collect();
    for e in nimlab::games::Catalogue::standard().list() {
        let id = format!("`{}`", e.usage.split('[').next().unwrap());
        assert!(
            rows.iter()
                .any(|r| r.split(" | ").next().unwrap().contains(&id)),
            "the README's table of games lacks {id}"
        );
    }
}
