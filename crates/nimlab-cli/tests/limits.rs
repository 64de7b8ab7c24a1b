//! Regressions: every computation stops at its time and memory limits and on Ctrl-C, with
//! exit status 2 (130 for Ctrl-C) and a message; inputs that once ran away now answer.

mod common;

use common::{json, nimlab};
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `nimlab ARGS` with `input` on standard input.
fn with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let input = input.to_vec();
    // Written from a thread: the child may answer before it has read everything.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("nimlab ends");
    writer.join().expect("the input is written");
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `analyze domineering 8x8` ran on with no estimate; it stops at the time limit.
#[test]
fn analyze_stops_at_its_time_limit_with_exit_2() {
    let out = nimlab(&["analyze", "domineering", "8x8", "--time-limit", "1s"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("stopped at the time limit of 1 s"), "{err}");
    assert!(err.contains("--time-limit"), "{err}");
}

/// A computation whose tables grow stops at the memory limit, by itself (not as a
/// runaway the watchdog has to end).
#[test]
fn analyze_stops_at_its_memory_limit_with_exit_2() {
    let out = nimlab(&[
        "analyze",
        "domineering",
        "6x6",
        "--memory",
        "24M",
        "--time-limit",
        "10m",
    ]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("stopped at the memory limit of 24 MiB"),
        "{err}"
    );
    assert!(!err.contains("did not stop by itself"), "{err}");
}

/// `NIMLAB_MAX_MEMORY=abc` was silently ignored.
#[test]
fn a_bad_nimlab_max_memory_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(["analyze", "nim", "3", "5"])
        .env("NIMLAB_MAX_MEMORY", "abc")
        .output()
        .expect("the binary runs");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("NIMLAB_MAX_MEMORY is `abc`"), "{err}");
}

/// Durations are read as people write them, and refused with what was expected.
#[test]
fn a_bad_time_limit_is_refused_with_what_was_expected() {
    let out = nimlab(&["analyze", "nim", "3", "--time-limit", "soon"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("expected a duration such as 90s"), "{err}");
}

/// `kayles 29 --misere` ran past 5 s and `kayles 36 --misere` was refused after 18 s and
/// 1.8 GB with a garbled message: positions are now searched as sorted heaps. Each
/// winning move found leaves a misère P-position, and from a P-position every move
/// leaves an N-position.
#[test]
fn misere_kayles_29_and_36_answer() {
    for n in ["29", "36"] {
        let v = json(&["analyze", "kayles", n, "--misere", "--max-moves", "all"]);
        assert_eq!(v["outcome"], "N", "kayles {n}");
        let moves = v["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        for m in moves {
            let to = m["to"].as_str().unwrap();
            let mut args = vec!["analyze", "kayles"];
            args.extend(to.split_whitespace());
            args.push("--misere");
            let after = json(&args);
            assert_eq!(after["outcome"], "P", "kayles {n} -> {to}");
        }
    }
}

/// A position too large to search in misère play, and beyond the heaps its misère
/// quotient reaches (Dawson's Kayles: no finite quotient is known), is refused at once,
/// saying what was asked and the limit in a sentence that reads.
#[test]
fn a_misere_search_beyond_the_limit_is_refused_at_once_in_words() {
    let out = nimlab(&["analyze", "dawson-kayles", "61", "--misere"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("a misère search of dawson-kayles with 61 counters"),
        "{err}"
    );
    assert!(!err.contains("than is beyond"), "{err}");
}

/// One heap of 200,000 digits was read in quadratic time; its value is itself.
#[test]
fn a_heap_of_many_digits_is_read_and_valued() {
    let heap: String = (0..200_000)
        .map(|i| char::from(b'1' + (i % 9) as u8))
        .collect();
    let out = with_input(&["analyze", "nim", "-", "--json"], heap.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"].as_str().unwrap(), format!("*{heap}"));
}

/// `analyze kayles -` with a million heaps wrote a line of explanation per heap: long
/// positions get a summary.
#[test]
fn long_positions_have_a_summarised_explanation() {
    let heaps: Vec<String> = (0..2000u64).map(|i| (100 + i).to_string()).collect();
    let out = with_input(&["analyze", "kayles", "-"], heaps.join(" ").as_bytes());
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let per_heap = stdout.lines().filter(|l| l.starts_with("Heap ")).count();
    assert_eq!(per_heap, 12, "{stdout}");
    assert!(stdout.contains("… and 1988 more heaps"), "{stdout}");
}

/// `subtraction:1,3,4` with 100,000 heaps took 14 GB: every winning move was built as a
/// copy of the whole position. Only the moves shown are built now; all are counted.
#[test]
fn many_heaps_each_with_a_winning_move_stay_within_memory() {
    let mut heaps = vec!["1".to_string()];
    heaps.extend((0..40_000).map(|_| "2".to_string()));
    heaps.push("2".to_string());
    let out = with_input(
        &[
            "analyze",
            "subtraction:1,3,4",
            "-",
            "--json",
            "--memory",
            "256M",
        ],
        heaps.join(" ").as_bytes(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // S = {1, 3, 4}: G(1) = 1 and G(2) = 0 (its one move leaves 1), so the sum is *1.
    // Emptying the heap of 1 wins, and so does taking 1 from any of the 40,001 heaps of 2
    // (it becomes worth 1, and 1 ⊕ 1 = 0).
    assert_eq!(v["value"], "*1");
    assert_eq!(v["winning_move_count"], 40_002);
}

/// `play kayles 1000000000000 --demo` never ended (gigabytes of output, empty heaps kept
/// on screen): a demonstration stops after 300 moves, and empty heaps are not drawn.
#[test]
fn the_demo_of_a_huge_heap_ends_and_draws_no_empty_heaps() {
    let out = nimlab(&["play", "kayles", "1000000000000", "--demo", "--ascii"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("The demonstration stops after 300 moves"),
        "{}",
        &stdout[stdout.len().saturating_sub(500)..]
    );
    assert!(stdout.len() < 2_000_000, "{} bytes", stdout.len());
    assert!(!stdout.lines().any(|l| l.trim_end().ends_with(": 0")
        || l.contains("  0")
            && l.trim_start().starts_with("heap")
            && l.trim_end().ends_with(" 0")));
}

/// In `play`, the computer's reply on a large board thought for minutes and ignored
/// Ctrl-C; it stops at the time limit, and the game goes on.
#[test]
fn the_computer_stops_thinking_at_the_time_limit_and_the_game_goes_on() {
    let out = with_input(
        &[
            "play",
            "domineering",
            "8x8",
            "--first",
            "computer",
            "--time-limit",
            "1s",
        ],
        b"a1-a2\ngo\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("The computer stopped thinking: stopped at the time limit of 1 s."),
        "{stdout}"
    );
    assert!(
        stdout.contains("Type `go` to let it think again"),
        "{stdout}"
    );
    assert!(stdout.contains("It is the computer's turn."), "{stdout}");
    assert_eq!(
        stdout.matches("The computer stopped thinking").count(),
        2,
        "`go` lets it think again: {stdout}"
    );
    assert!(stdout.contains("Bye."), "{stdout}");
}

/// Ctrl-C during the computer's thinking in `play` stops the thinking, not the game.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_computers_thinking_in_play() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(["play", "domineering", "8x8", "--first", "computer"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stdout = text(&out.stdout);
    assert!(
        out.status.success(),
        "{:?}: {}",
        out.status,
        text(&out.stderr)
    );
    assert!(
        stdout.contains("The computer stopped thinking: interrupted"),
        "{stdout}"
    );
    assert!(stdout.contains("Bye."), "{stdout}");
}

/// `hint` in a lost position said "this move" without naming it.
#[test]
fn a_hint_in_a_lost_position_names_the_move() {
    let out = with_input(&["play", "nim", "2", "2"], b"hint\nquit\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("No winning move. The best try: take 1 from heap 1"),
        "{stdout}"
    );
}

/// An illegal Domineering move got no reason.
#[test]
fn an_illegal_domineering_move_says_why() {
    let out = with_input(
        &["play", "domineering", "...|...|..."],
        b"a1-b1\nc9-c8\na1\nb1-b3\na1-a2\nquit\n",
    );
    let stdout = text(&out.stdout);
    for reason in [
        "`a1-b1` is a move of Right's, and you play Left",
        "`c9` is not a square of this board (a1 to c3)",
        "a move names the two squares it covers, as `a1-a2`",
        "b1 and b3 are not next to each other",
    ] {
        assert!(stdout.contains(reason), "{reason}: {stdout}");
    }
    // After Left's a1-a2 and the computer's reply, a1 is covered.
    let again = with_input(&["play", "domineering", "4x4"], b"a1-a2\na1-a2\nquit\n");
    let stdout = text(&again.stdout);
    assert!(stdout.contains("a1 and a2 are already covered"), "{stdout}");
}

/// "row 2 has 1 squares": counts of one are singular.
#[test]
fn a_row_of_one_square_is_counted_in_the_singular() {
    let out = nimlab(&["analyze", "domineering", "..|."]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("row 2 has 1 square, row 1 has 2 squares"),
        "{err}"
    );
}

/// A sum of nineteen hot games `{3i||2i|i*}`, i = 1…19: its canonical form has millions
/// of followers, so that cooling it takes minutes and gigabytes (nine terms take a second).
fn big_hot_sum() -> String {
    let terms: Vec<String> = (1..20)
        .map(|i| format!("{{{}||{}|{}*}}", 3 * i, 2 * i, i))
        .collect();
    format!("({})", terms.join("+"))
}

/// `value` ran with no limit (`100000 * {3||2|1}` past 20 s); it stops at its time limit,
/// by itself, with exit 2.
#[test]
fn value_stops_at_its_time_limit_with_exit_2() {
    let expression = format!("({}.Cool(1)).Temperature", big_hot_sum());
    let started = std::time::Instant::now();
    let out = nimlab(&["value", &expression, "--time-limit", "1s"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("stopped at the time limit of 1 s"), "{err}");
    assert!(!err.contains("did not stop by itself"), "{err}");
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
}

/// `value '{3||2|1}.Heat(1) : *(23)'` took 3 GB; `value` stops at its memory limit.
#[test]
fn value_stops_at_its_memory_limit_with_exit_2() {
    let expression = format!("({}.Cool(1)).Temperature", big_hot_sum());
    let out = nimlab(&[
        "value",
        &expression,
        "--memory",
        "64M",
        "--time-limit",
        "10m",
    ]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("stopped at the memory limit of 64 MiB"),
        "{err}"
    );
}

/// The calculator stops a line at its time limit, says so, and goes on with the next.
#[test]
fn calc_stops_a_line_at_its_time_limit_and_goes_on() {
    let input = format!("({}.Cool(1)).Temperature\n1 + 1\n", big_hot_sum());
    let out = with_input(&["calc", "--time-limit", "1s"], input.as_bytes());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        stdout.contains("stopped at the time limit of 1 s"),
        "{stdout}"
    );
    assert!(stdout.ends_with("> 1 + 1\n2\n"), "{stdout}");
}

/// `sequence` stops at its time limit, most likely inside the computation of a chunk (the
/// sparse-space algorithm stops there, its helper thread with it), also with `--prove`,
/// which goes on past the engine's refusals: exit 2, the values computed kept in the
/// checkpoint.
#[test]
fn sequence_stops_at_its_time_limit_inside_a_chunk() {
    let dir = std::env::temp_dir().join(format!("nimlab-stop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("grundy.ckpt");
    for extra in [&[][..], &["--prove"][..]] {
        let _ = std::fs::remove_file(&ckpt);
        let mut args = vec![
            "sequence",
            "grundy",
            "--to",
            "2^25",
            "--time-limit",
            "1s",
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ];
        args.extend(extra);
        let began = std::time::Instant::now();
        let out = nimlab(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains("stopped at the time limit of 1 s"), "{err}");
        assert!(err.contains("are kept in"), "{err}");
        // Well before the end (a minute in a release build).
        let took = began.elapsed();
        assert!(
            took < std::time::Duration::from_secs(20),
            "{extra:?}: {took:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
