//! Runs `nimlab sequence` and checks its output against published values.

use serde_json::Value;
use std::process::Command;

mod common;
use common::{json, nimlab};

#[test]
fn kayles_and_dawsons_chess_periods_are_proved() {
    // Kayles: period 12 from 71 (GAMES.md, texts 000 and 003; Winning Ways ch. 4).
    let v = json(&["sequence", "kayles", "--to", "300"]);
    assert_eq!(v["rule"], "0.77");
    assert_eq!(v["to"], 300);
    assert_eq!(
        (v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some(12), Some(71))
    );
    assert_eq!(v["saltus"], 0);
    assert_eq!(v["proved"], true);
    assert_eq!(
        (v["max_value"].as_u64(), v["max_at"].as_u64()),
        (Some(8), Some(27))
    );
    assert_eq!(v["p_count"], 1);
    assert!(v["rare"]["mask"].is_u64() && v["rare"]["count"].is_u64());
    // Dawson's chess, 0.137: period 34 from 52 (GAMES.md, text 003).
    let d = json(&["sequence", "octal:0.137", "--to", "2^9"]);
    assert_eq!(
        (d["period"].as_u64(), d["preperiod"].as_u64()),
        (Some(34), Some(52))
    );
    assert_eq!(d["proved"], true);
    // Too short to prove: the same period is only apparent.
    let short = json(&["sequence", "kayles", "--to", "150"]);
    assert_eq!(short["proved"], false);
}

#[test]
fn grundys_game_p_positions_and_lasker_saltus() {
    // Grundy's game: the last P-position below 10^4 is 1222 (GAMES.md; OEIS A002188).
    let g = json(&["sequence", "grundy", "--to", "3000"]);
    assert_eq!(g["p_positions"].as_array().unwrap().last().unwrap(), 1222);
    assert_eq!(g["p_count"], 42);
    assert_eq!(g["period"], Value::Null);
    assert_eq!(g["proved"], false);
    // Lasker's Nim: G(n + 4) = G(n) + 4, apparent (the code repeats forever).
    let l = json(&["sequence", "lasker", "--to", "100"]);
    assert_eq!(
        (l["period"].as_u64(), l["saltus"].as_u64()),
        (Some(4), Some(4))
    );
    assert_eq!(l["proved"], false);
}

#[test]
fn values_to_a_file_as_text_and_binary() {
    let dir = std::env::temp_dir().join(format!("nimlab-seq-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = dir.join("kayles.txt");
    let out = nimlab(&[
        "sequence",
        "kayles",
        "--to",
        "20",
        "--out",
        text.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let lines: Vec<u32> = std::fs::read_to_string(&text)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    // Kayles from 0 (GAMES.md): 0 1 2 3 1 4 3 2 1 4 2.
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[..11], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
    let bin = dir.join("kayles.bin");
    let bin_arg = bin.to_str().unwrap();
    assert!(
        nimlab(&["sequence", "kayles", "--to", "20", "--out", bin_arg, "--binary"])
            .status
            .success()
    );
    let (rule, values) =
        nimlab::heap::read_binary(&mut std::fs::File::open(&bin).unwrap()).unwrap();
    assert_eq!(rule, "0.77");
    assert_eq!(values.iter().collect::<Vec<u32>>(), lines);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_windowed_run_writes_the_values_of_a_full_one() {
    let dir = std::env::temp_dir().join(format!("nimlab-window-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (full, windowed) = (dir.join("full.txt"), dir.join("windowed.txt"));
    // 0.56's rare heaps are below 1796; 50,000 heaps with a window of 2^13 keep about
    // 33,000 values at a time.
    let f = json(&[
        "sequence",
        "0.56",
        "--to",
        "50000",
        "--out",
        full.to_str().unwrap(),
    ]);
    let w = json(&[
        "sequence",
        "0.56",
        "--to",
        "50000",
        "--window",
        "2^13",
        "--out",
        windowed.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read_to_string(&full).unwrap(),
        std::fs::read_to_string(&windowed).unwrap()
    );
    for key in [
        "to",
        "max_value",
        "max_at",
        "p_count",
        "p_positions",
        "rare",
    ] {
        assert_eq!(f[key], w[key], "{key}");
    }
    assert_eq!(
        (w["window"].as_u64(), &w["period"]),
        (Some(8192), &Value::Null)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn runs_beyond_the_memory_available_are_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(["sequence", "grundy", "--to", "2^24"])
        .env("NIMLAB_MAX_MEMORY", "16M")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the memory available, 16 MiB"), "{err}");
    assert!(err.contains("--window"), "{err}");
}

#[test]
fn bad_rules_and_limits_are_refused() {
    for (args, needle) in [
        (vec!["sequence", "0.7z", "--to", "5"], "`z` at character 4"),
        (vec!["sequence", "077", "--to", "5"], "needs a point"),
        (
            vec!["sequence", "kayle", "--to", "5"],
            "did you mean `kayles`",
        ),
        (
            vec!["sequence", "grundy", "--to", "10^9"],
            "beyond nimlab's limit",
        ),
        (
            vec!["sequence", "kayles", "--to", "ten"],
            "expected a whole number",
        ),
        (
            vec!["sequence", "grundy", "--to", "2^34", "--window", "2^17"],
            "run with --long",
        ),
        (
            vec!["sequence", "kayles", "--to", "10^5", "--window", "100"],
            "windows of at least 8192 heaps",
        ),
        (
            vec!["sequence", "lasker", "--to", "10^5", "--window", "2^13"],
            "a windowed run computes take-and-break codes",
        ),
        (
            vec![
                "sequence", "kayles", "--to", "10^5", "--window", "2^13", "--prove",
            ],
            "cannot be used with",
        ),
    ] {
        let out = nimlab(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn survey_of_two_digit_octal_codes() {
    let v = json(&["survey", "octal", "--digits", "2", "--to", "1000"]);
    assert_eq!(v["codes"], 63);
    let groups = v["groups"].as_array().unwrap();
    let group = |code: &str| {
        groups
            .iter()
            .find(|g| g["codes"].as_array().unwrap().iter().any(|c| c == code))
            .unwrap()
    };
    // Kayles and Dawson's Kayles, as in Winning Ways' table of octal games.
    assert_eq!(
        (
            group("0.77")["period"].as_u64(),
            group("0.77")["preperiod"].as_u64()
        ),
        (Some(12), Some(71))
    );
    assert_eq!(group("0.07")["period"], 34);
    assert_eq!(group("0.77")["proved"], true);
    let out = nimlab(&["survey", "octal", "--digits", "9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 to 6 digits"));
}

#[test]
fn checkpoints_resume_to_the_same_values() {
    let dir = std::env::temp_dir().join(format!("nimlab-ckpt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("grundy.ckpt");
    let c = ckpt.to_str().unwrap();
    let whole = dir.join("whole.txt");
    let resumed = dir.join("resumed.txt");
    // An uninterrupted run.
    assert!(nimlab(&[
        "sequence",
        "grundy",
        "--to",
        "20000",
        "--out",
        whole.to_str().unwrap()
    ])
    .status
    .success());
    // A run killed with SIGKILL while it writes checkpoints after every chunk, then resumed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args([
            "sequence",
            "grundy",
            "--to",
            "20000",
            "--checkpoint",
            c,
            "--every",
            "0",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(150));
    child.kill().unwrap();
    child.wait().unwrap();
    let out = nimlab(&[
        "sequence",
        "grundy",
        "--to",
        "20000",
        "--checkpoint",
        c,
        "--out",
        resumed.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&whole).unwrap(),
        std::fs::read_to_string(&resumed).unwrap()
    );
    // The checkpoint now holds everything; a shorter run reads it and reports its own range.
    let v = json(&["sequence", "grundy", "--to", "1300", "--checkpoint", c]);
    assert_eq!(
        (v["to"].as_u64(), v["p_count"].as_u64()),
        (Some(1300), Some(42))
    );
    // A checkpoint of another rule is refused.
    let out = nimlab(&["sequence", "kayles", "--to", "100", "--checkpoint", c]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not of `0.77`"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn prove_computes_until_the_period_is_proved() {
    // Dawson's chess: period 34 from 52 needs 2·52 + 2·34 + 3 = 175 values; --prove stops
    // at the first doubling past that.
    let v = json(&["sequence", "dawson-chess", "--prove"]);
    assert_eq!(
        (v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some(34), Some(52))
    );
    assert_eq!(v["proved"], true);
    assert!(v["to"].as_u64().unwrap() < 1000, "{}", v["to"]);
    // 0.56: period 144 from 326,640 (OEIS A071436); once the period shows, --prove goes
    // to the length the Guy–Smith theorem needs, 2·(326,640 + 144) + 2 values (2 is the
    // largest take), not to the next power of 2.
    let v = json(&["sequence", "0.56", "--prove"]);
    assert_eq!(
        (
            v["period"].as_u64(),
            v["preperiod"].as_u64(),
            v["proved"].as_bool()
        ),
        (Some(144), Some(326_640), Some(true))
    );
    assert_eq!(v["to"], 2 * (326_640 + 144) + 2 - 1);
    // Grundy's game has no period: with a cap, --prove reports what it found.
    let g = json(&["sequence", "grundy", "--prove", "--to", "3000"]);
    assert_eq!(
        (g["proved"].as_bool(), g["to"].as_u64()),
        (Some(false), Some(3000))
    );
}

#[test]
fn a_checkpoint_with_a_flipped_byte_is_refused_as_corrupt() {
    // A checkpoint with one byte changed used to be resumed, and the run reported a wrong
    // largest value. Every byte is covered by the file's checksum: header, rule, count,
    // values and the checksum itself.
    let dir = std::env::temp_dir().join(format!("nimlab-flip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.ckpt");
    let g = good.to_str().unwrap();
    let first = json(&["sequence", "kayles", "--to", "3000", "--checkpoint", g]);
    // Kayles: the largest value is 8, first at heap 27 (Winning Ways, ch. 4).
    assert_eq!(
        (first["max_value"].as_u64(), first["max_at"].as_u64()),
        (Some(8), Some(27))
    );
    let bytes = std::fs::read(&good).unwrap();
    let bad = dir.join("bad.ckpt");
    let b = bad.to_str().unwrap();
    let positions: Vec<usize> = (0..40)
        .chain((40..bytes.len()).step_by(97))
        .chain(bytes.len() - 6..bytes.len())
        .collect();
    for at in positions {
        let mut flipped = bytes.clone();
        flipped[at] ^= 0x40;
        std::fs::write(&bad, &flipped).unwrap();
        let out = nimlab(&["sequence", "kayles", "--to", "3000", "--checkpoint", b]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "byte {at}: {err}");
        assert!(
            err.contains(b) && err.contains("corrupt"),
            "byte {at}: {err}"
        );
        // The damaged file is left as it was, for the user to look at.
        assert_eq!(std::fs::read(&bad).unwrap(), flipped, "byte {at}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_shorter_run_never_replaces_a_longer_checkpoint_or_out_file() {
    let dir = std::env::temp_dir().join(format!("nimlab-longer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("kayles.ckpt");
    let c = ckpt.to_str().unwrap();
    assert!(
        nimlab(&["sequence", "kayles", "--to", "20000", "--checkpoint", c])
            .status
            .success()
    );
    let long = std::fs::read(&ckpt).unwrap();
    // A shorter run reads the checkpoint, reports its own range and keeps the file whole.
    let v = json(&["sequence", "kayles", "--to", "1000", "--checkpoint", c]);
    assert_eq!(v["to"], 1000);
    assert_eq!(std::fs::read(&ckpt).unwrap(), long);
    // --out: text and binary files holding more values are refused, named, and kept.
    for binary in [false, true] {
        let path = dir.join(if binary { "values.bin" } else { "values.txt" });
        let p = path.to_str().unwrap();
        let mut args = vec!["sequence", "kayles", "--to", "2000", "--out", p];
        if binary {
            args.push("--binary");
        }
        assert!(nimlab(&args).status.success());
        let before = std::fs::read(&path).unwrap();
        args[3] = "100";
        let out = nimlab(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(p) && err.contains("already holds 2001 values") && err.contains("101"),
            "{err}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), before);
        // As long a run, or a longer one, replaces it.
        args[3] = "3000";
        assert!(nimlab(&args).status.success());
        assert!(std::fs::read(&path).unwrap().len() > before.len());
    }
    // A windowed run too.
    let text = dir.join("values.txt");
    let t = text.to_str().unwrap();
    assert!(nimlab(&["sequence", "0.56", "--to", "10000", "--out", t])
        .status
        .success());
    let out = nimlab(&[
        "sequence",
        "0.56",
        "--to",
        "2^13",
        "--window",
        "2^13",
        "--out",
        text.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("already holds 10001 values"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&text).unwrap().lines().count(),
        10001
    );
    // Nothing is left behind: no temporary files.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["kayles.ckpt", "values.bin", "values.txt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn write_errors_name_the_file_and_exit_2() {
    // `--out /dev/full` used to fail with exit status 1 and a message naming no file.
    let mut cases = vec![(
        "/nonexistent-nimlab-dir/values.txt".to_string(),
        "No such file",
    )];
    if std::path::Path::new("/dev/full").exists() {
        cases.push(("/dev/full".to_string(), "No space left"));
    }
    for (path, why) in &cases {
        for binary in [false, true] {
            let mut args = vec!["sequence", "kayles", "--to", "2000", "--out", path];
            if binary {
                args.push("--binary");
            }
            let out = nimlab(&args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{path}: {err}");
            assert!(
                err.contains(&format!("cannot write `{path}`")) && err.contains(why),
                "{path}: {err}"
            );
        }
    }
    let ckpt = "/nonexistent-nimlab-dir/kayles.ckpt";
    let out = nimlab(&["sequence", "kayles", "--to", "100", "--checkpoint", ckpt]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(ckpt), "{err}");
}

#[test]
fn a_memory_limit_that_is_not_a_number_is_refused() {
    // NIMLAB_MAX_MEMORY=abc used to be ignored silently.
    for bad in ["abc", "", "1.5e9", "-1", "2^99"] {
        for window in [false, true] {
            let mut args = vec!["sequence", "0.56", "--to", "10000"];
            if window {
                args.extend(["--window", "2^13"]);
            }
            let out = Command::new(env!("CARGO_BIN_EXE_nimlab"))
                .args(&args)
                .env("NIMLAB_MAX_MEMORY", bad)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
            assert!(
                err.contains(&format!("NIMLAB_MAX_MEMORY is `{bad}`")),
                "{bad}: {err}"
            );
        }
    }
    let out = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(["sequence", "kayles", "--to", "100"])
        .env("NIMLAB_MAX_MEMORY", "1G")
        .output()
        .unwrap();
    assert!(out.status.success());
}

#[test]
fn subtraction_sets_keep_their_compact_spelling_in_headers_and_errors() {
    // `sequence subtraction:1-1000000 …` used to print a 6.9 MB error with the set spelled
    // out, and headers and labels expanded `1-100` as well.
    let out = nimlab(&["sequence", "subtraction:1-100", "--to", "300"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("subtraction:1-100: Grundy values of heaps 0 to 300\n"),
        "{text}"
    );
    assert_eq!(
        json(&["sequence", "subtraction:1,2,3,4,5", "--to", "20"])["rule"],
        "subtraction:1-5"
    );
    let out = nimlab(&[
        "sequence",
        "subtraction:1-1000000,1000002",
        "--to",
        "3000000",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.len() < 400, "{} bytes", err.len());
    assert!(err.contains("subtraction:1-1000000,1000002"), "{err}");
    let a = json(&["analyze", "subtraction:1,2,3,4", "5"]);
    assert_eq!(a["game"], "subtraction:1-4");
}

#[test]
fn bare_codes_with_digits_beyond_7_are_refused_like_octal_ones() {
    // `sequence 0.9` used to be taken as hexadecimal while `octal:0.9` was refused.
    for rule in ["0.9", "octal:0.9"] {
        let out = nimlab(&["sequence", rule, "--to", "10"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{rule}: {err}");
        assert!(
            err.contains(&format!(
                "`{rule}`: 9 is not an octal digit; write `hex:0.9` for the hexadecimal code"
            )),
            "{rule}: {err}"
        );
    }
    // The hexadecimal code is written back with its `hex:`, which reads as the same rule.
    let v = json(&["sequence", "hex:0.9", "--to", "10"]);
    assert_eq!(v["rule"], "hex:0.9");
}

#[test]
fn subtraction_one_to_k_is_analysed_by_its_closed_form_at_once() {
    // `analyze subtraction:1-1000000 999999999` used to run past 20 s.
    let start = std::time::Instant::now();
    let v = json(&["analyze", "subtraction:1-1000000", "999999999"]);
    // 999999999 = 999·1000001 + 999000: the value is 999000, and the one winning move
    // leaves 999·1000001 + 0.
    assert_eq!(v["value"], "*999000");
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["to"], "999000999");
    let s = json(&["sequence", "subtraction:1-1000000", "--to", "3000000"]);
    assert_eq!(
        (s["max_value"].as_u64(), s["max_at"].as_u64()),
        (Some(1_000_000), Some(1_000_000))
    );
    assert_eq!(
        (s["period"].as_u64(), s["proved"].as_bool()),
        (Some(1_000_001), Some(true))
    );
    assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
}

#[test]
fn three_heap_codes_count_their_moves_without_listing_them() {
    // `analyze hex:0.F 30001` took 3 GB in 2 s and aborted ("memory allocation of
    // 3221225472 bytes failed"); `hex:0.F 838257 28` reached 24 GB in 60 s. In hex:0.F
    // (take 1, leave 0 to 3 heaps) G(n) = n mod 2, so from an odd heap n every move leaves
    // value 0: one heap, ⌊(n−1)/2⌋ pairs and round((n−1)²/12) triples.
    let moves = |n: u64| {
        let r = n - 1;
        1 + r / 2 + (r * r + 6) / 12
    };
    let start = std::time::Instant::now();
    let v = json(&["analyze", "hex:0.F", "30001", "--max-moves", "2"]);
    assert_eq!(v["value"], "*1");
    assert_eq!(v["winning_move_count"], moves(30001));
    // With a heap of 28 (value 0) beside it, the value is 1 and the 28 may also move to
    // value 1: from 28 every move does (27 is odd), 1 + 13 + round(27²/12) = 75 of them.
    let v = json(&["analyze", "hex:0.F", "838257", "28", "--max-moves", "2"]);
    assert_eq!(v["winning_move_count"], moves(838_257) + 75);
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    // Far beyond, the moves are refused at once with a limit, not computed.
    let out = nimlab(&["analyze", "hex:0.F", "1000000000001"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("moves of heap 1000000000001 of hex:0.F")
            && err.contains("beyond nimlab's limit"),
        "{err}"
    );
    // Listing every move (as the mex rule or `play` would) is refused by their number
    // (`moves(n)` counts every move of a heap of n, whatever its parity).
    let cat = nimlab::games::Catalogue::standard();
    let p = cat.parse_position("hex:0.F", &["4000"], 1).unwrap();
    let Err(err) = p.options() else {
        panic!("a heap of 4000 of hex:0.F has too many moves to list")
    };
    let err = err.to_string();
    assert!(err.contains(&format!("{} moves", moves(4000))), "{err}");
}
