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

/// An expression may begin with a minus: it is not taken for an option.
#[test]
fn a_leading_minus_is_part_of_the_expression() {
    for (input, want) in [
        ("-1/2", "-1/2\n"),
        ("-1823437481924", "-1823437481924\n"),
        ("-omega", "-ω\n"),
    ] {
        let (status, out, err) = nimlab(&["value", input]);
        assert_eq!((status, out.as_str()), (0, want), "{input}: {err}");
    }
    let (status, out, _) = nimlab(&["value", "-1v", "--json"]);
    assert_eq!(status, 0);
    assert!(out.contains(r#""output":"-1v""#), "{out}");
}

#[test]
fn a_syntax_error_points_at_the_character() {
    let (status, _, err) = nimlab(&["value", "{3|2|1}"]);
    assert_eq!(status, 2);
    assert!(err.contains("column 5"), "{err}");
    assert!(err.contains("ambiguous"), "{err}");
    assert!(err.ends_with("  {3|2|1}\n      ^\n"), "{err:?}");
    // 1/3 is a number but not a short game: alone it is printed, in a game refused.
    let (status, out, _) = nimlab(&["value", "1/3"]);
    assert_eq!((status, out.as_str()), (0, "1/3\n"));
    let (status, _, err) = nimlab(&["value", "{1/3|1}"]);
    assert_eq!(status, 2);
    assert!(err.contains("dyadic"), "{err}");
}

/// Text 001: 1, 4 and 22 games are born by days 0, 1 and 2 (day 2: one zero, six
/// positive, six negative, nine fuzzy); 1474 by day 3.
/// `born --json`: day 2's 22 games, each with its outcome class, and the counts (text 001).
#[test]
fn born_prints_json() {
    let (status, out, err) = nimlab(&["born", "2", "--json"]);
    assert_eq!(status, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["day"], 2);
    assert_eq!(v["total"], 22);
    assert_eq!(
        (
            &v["counts"]["P"],
            &v["counts"]["L"],
            &v["counts"]["R"],
            &v["counts"]["N"]
        ),
        (&1.into(), &6.into(), &6.into(), &9.into())
    );
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 22);
    let find = |value: &str| {
        games
            .iter()
            .find(|g| g["value"] == value)
            .map(|g| g["outcome"].as_str().unwrap().to_string())
    };
    assert_eq!(find("0").as_deref(), Some("P"));
    assert_eq!(find("^").as_deref(), Some("L"));
    assert_eq!(find("*2").as_deref(), Some("N"));
    assert_eq!(find("-2").as_deref(), Some("R"));
    let (_, out, _) = nimlab(&["born", "3", "--count", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["total"], 1474);
    assert!(v.get("games").is_none(), "{out}");
}

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

/// A fresh path in a folder of its own for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nimlab-svg-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.svg"))
}

/// `--svg FILE` draws the thermograph and leaves the printed output as it was.
#[test]
fn svg_draws_the_thermograph() {
    let path = scratch("three-minus-one");
    let file = path.to_str().unwrap();
    let (status, out, err) = nimlab(&["value", "{3|-1}", "--svg", file]);
    assert_eq!((status, out.as_str(), err.as_str()), (0, "{3|-1}\n", ""));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
    assert!(svg.contains(">mean 1, temperature 2</text>"), "{svg}");
    assert!(svg.contains(">mast 1</text>"), "{svg}");
    // With --json too, and for a thermograph value: the title is the expression.
    let (status, out, _) = nimlab(&["value", "{3|-1}.Thermograph", "--json", "--svg", file]);
    assert_eq!(status, 0);
    assert!(out.starts_with("{\"input\":"), "{out}");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains(">{3|-1}.Thermograph</text>"), "{svg}");
    let (status, _, _) = nimlab(&["value", "5", "--svg", file]);
    assert_eq!(status, 0);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains(">mast 5</text>"), "{svg}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

/// `--svg` refuses a value that is not a game, and reports a file it cannot write.
#[test]
fn svg_errors_are_reported() {
    let path = scratch("not-a-game");
    let file = path.to_str().unwrap();
    let (status, out, err) = nimlab(&["value", "1 < 2", "--svg", file]);
    assert_eq!(status, 2);
    assert_eq!(out, "");
    assert!(err.contains("not a game"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!path.exists());
    let missing = path.parent().unwrap().join("no-such-folder").join("g.svg");
    let (status, out, err) = nimlab(&["value", "{3|-1}", "--svg", missing.to_str().unwrap()]);
    // An unwritable file is named, with exit status 2 (as for `sequence --out`).
    assert_eq!(status, 2);
    assert_eq!(out, "");
    assert!(err.contains("cannot write `"), "{err}");
    assert!(err.contains("no-such-folder"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

/// Ctrl-C (SIGINT) during a long computation in `nimlab calc` stops that computation;
/// the calculator reports it and goes on with the next line and the variables it had.
#[cfg(unix)]
#[test]
fn calc_stops_a_long_computation_on_ctrl_c_and_goes_on() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .arg("calc")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    // *300.Heat(1) takes over a second optimised and far longer unoptimised.
    stdin.write_all(b"g := {0|*}\n*300.Heat(1)\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(600));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    stdin.write_all(b"g + g\n1 + 1\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "calc ended with {:?}", out.status);
    let text = String::from_utf8_lossy(&out.stdout);
    let values: Vec<&str> = text.lines().filter(|l| !l.starts_with("> ")).collect();
    assert_eq!(
        values,
        [
            "^",
            "interrupted: the computation was stopped before it finished",
            "^^",
            "2"
        ]
    );
}

/// CGSuite's infix `+-` (3 +- 1 = {4|2}), its integer powers (2^100) and numbers from
/// methods used as games (`*.Birthday + *` = 1*), as `nimlab value` prints them.
#[test]
fn infix_plus_minus_powers_and_numbers_from_methods() {
    for (input, want) in [
        ("3+-1", "{4|2}"),
        ("+-1+-2+-3+-4", "+-{10|8||6|4|||4|2||0|-2}"),
        ("3 - 2 +- 6 - 7 +- 8 + 4", "{12|0||-4|-16}"),
        ("2^100", "1267650600228229401496703205376"),
        ("3^22/2^72", "31381059609/4722366482869645213696"),
        ("2^3 == 2+^.Pow(3)", "false"),
        ("2 + ^^^", "2+^3"),
        ("*.Birthday + *", "1*"),
        ("{3||2|1}.LeftStop : *", "3*"),
    ] {
        let (status, out, err) = nimlab(&["value", input]);
        assert_eq!((status, out.trim_end()), (0, want), "{input}: {err}");
    }
}

/// A sum of 7,000 terms is an answer; deep nesting is refused with its column.
#[test]
fn long_sums_are_answered_and_deep_nesting_is_refused() {
    let sum = format!("{}0", "*+".repeat(6999));
    let (status, out, err) = nimlab(&["value", &sum]);
    assert_eq!((status, out.as_str()), (0, "*\n"), "{err}");
    let nested = format!("{}0{}", "(".repeat(5000), ")".repeat(5000));
    let (status, out, err) = nimlab(&["value", &nested]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(
        err.contains("at column 65"),
        "{}",
        &err[..200.min(err.len())]
    );
    assert!(err.contains("levels of nesting"));
}

/// `nimlab calc` refuses a line of 10 MB (a long sum, deep braces) with a limit error,
/// echoes it shortened, and goes on.
#[test]
fn calc_refuses_a_ten_megabyte_line_and_goes_on() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .arg("calc")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let sum = "*+".repeat(5 << 20) + "0\n";
        stdin.write_all(sum.as_bytes()).unwrap();
        let braces = "{".repeat(10 << 20) + "\n";
        stdin.write_all(braces.as_bytes()).unwrap();
        stdin.write_all(b"1 + 1\n").unwrap();
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "calc ended with {:?}", out.status);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.len() < 10_000, "{} bytes of output", text.len());
    let values: Vec<&str> = text.lines().filter(|l| !l.starts_with("> ")).collect();
    assert_eq!(
        values,
        [
            "an expression of 10485761 bytes is beyond nimlab's limit: expressions up to 1048576 bytes",
            "an expression of 10485760 bytes is beyond nimlab's limit: expressions up to 1048576 bytes",
            "2"
        ]
    );
}

/// Values that overflowed the stack (exit 134) are answers or limit errors (exit 2).
#[test]
fn deep_games_and_large_integers_are_answers_or_limit_errors() {
    for (input, want) in [
        ("(-1823437481924).Companion", "-1823437481924"),
        ("1 : 30000", "30001"),
        // Sign expansions end to end: + then 100,000 pluses.
        ("1 : 100000", "100001"),
        ("(2000 * {3||2|1}).Mean", "4500"),
        ("(* : 10000).Birthday", "10001"),
    ] {
        let (status, out, err) = nimlab(&["value", input]);
        assert_eq!((status, out.trim_end()), (0, want), "{input}: {err}");
    }
    for input in [
        "*(2+3) : {1999999999999|0} |> 0",
        "{3||2|1}.Heat(1) : *(23)",
        // Its text would nest 10,000 braces, more than an expression may.
        "* : 10000",
        "2000 * {3||2|1}",
    ] {
        let (status, out, err) = nimlab(&["value", input]);
        assert_eq!((status, out.as_str()), (2, ""), "{input}");
        assert!(err.contains("beyond nimlab's limit"), "{input}: {err}");
    }
}

/// Misère canonical forms in CGSuite's `*[…]` notation, with the answers CGSuite's own
/// tests give (MisereCanonicalGameTestCase).
#[test]
fn value_of_misere_forms_as_cgsuite() {
    for (input, want) in [
        ("*[[2]]", "*[2#]"),
        ("*[2#].Genus", "0^0"),
        ("*[2##].Genus", "1^1"),
        ("*[[2],1].Genus", "2^1420"),
        ("*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]].Genus", "0^120"),
        ("*[2] + *[2]", "*[2[2]]"),
        ("*[2[2]].Parts", "[*[2]]"),
        (
            "*[[*[4]+*[2]]].Partitions",
            "[[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]",
        ),
        ("*[2#0].Mate", "*[2#1]"),
        ("*[2#0].MisereOutcomeClass", "N"),
        ("*[2#0].IsRestive", "true"),
        ("*[&12;].Birthday", "12"),
        ("*2.MisereCanonicalForm", "*[2]"),
        ("*[2] == *2", "true"),
    ] {
        let (status, out, err) = nimlab(&["value", input]);
        assert_eq!(
            (status, out.as_str()),
            (0, format!("{want}\n").as_str()),
            "{input}: {err}"
        );
    }
    let (status, out, _) = nimlab(&["value", "*[2]+*[2]", "--json"]);
    assert_eq!(status, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["output"], "*[2[2]]");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["birthday"], 4);
}

/// A misère literal's syntax error names its column in the whole expression; a method or
/// an operation on the wrong kind of game says which kinds met.
#[test]
fn misere_errors_name_the_column_and_the_kinds() {
    let (status, out, err) = nimlab(&["value", "1 + *[2#0 %]"]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(err.contains("column 11"), "{err}");
    assert!(err.contains("\n  1 + *[2#0 %]\n            ^"), "{err}");
    for (input, says) in [
        ("^.MisereCanonicalForm", "not of the game ^"),
        ("*[2] + ^", "cannot add the misère game *[2] and the game ^"),
        ("*[2] < *[2#]", "not ordered"),
        ("*[4].MisereMinus(*[3])", "not subtractable"),
    ] {
        let (status, out, err) = nimlab(&["value", input]);
        assert_eq!((status, out.as_str()), (2, ""), "{input}");
        assert!(err.contains(says), "{input}: {err}");
        assert!(!err.contains("panicked"), "{input}: {err}");
    }
}

/// `nimlab calc` keeps misère forms in variables from one line to the next.
#[test]
fn calc_keeps_misere_forms() {
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
        .write_all(b"g := *[[2]]\ng.Genus\nh := *[g, 0]\nh.IsRestive\n(g + g).Options\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines()
            .filter(|l| !l.starts_with("> ") && !l.starts_with("  "))
            .collect::<Vec<_>>(),
        ["*[2#]", "0^0", "*[2#0]", "true", "[*[2[#2]]]"]
    );
}
