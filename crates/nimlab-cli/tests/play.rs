//! Whole games piped into `nimlab play`, and what it prints.

use rayon::prelude::*;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `nimlab play ARGS` with `input` on standard input; returns the exit status and
/// what it printed.
fn play(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(input.as_bytes())
        .expect("the input is written");
    let out = child.wait_with_output().expect("the game ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_computer_wins_marienbad_from_the_second_seat() {
    // Misère Nim 1 3 5 7 is a P-position (the film's first player always loses). The
    // player takes whole heaps; every answer of the computer is a winning move, and the
    // player is left with the last match.
    let (status, out, err) = play(
        &["nim", "--misere", "--ascii"],
        "4-7\n3-5\n2-3\n1-1\n1-1\n2-1\n3-1\n4-1\nquit\n",
    );
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("misère play"), "{out}");
    assert!(out.contains("heap  1: |"), "{out}");
    assert!(out.contains("The computer plays:"), "{out}");
    assert!(
        out.contains("No move is left for you: you won.")
            || out.contains("No move is left for the computer: the computer won."),
        "{out}"
    );
    assert!(!out.contains("you won"), "the computer must win: {out}");
}

#[test]
fn an_illegal_move_is_refused_with_its_reason_and_the_game_goes_on() {
    let (status, out, _) = play(&["chomp", "2x3"], "1,1\n4,1\n0,2\nhint\nmoves\n3,2\nquit\n");
    assert_eq!(status, Some(0));
    assert!(out.contains("1,1 is the poisoned piece"), "{out}");
    assert!(
        out.contains("row 1 has pieces in columns 1 to 3 only"),
        "{out}"
    );
    assert!(out.contains("Hint: take 3,2"), "{out}");
    assert!(out.contains("Legal moves (5):"), "{out}");
    assert!(out.contains("You play: take 3,2"), "{out}");
    assert!(out.contains("The computer plays:"), "{out}");
    assert!(out.contains("Bye."), "{out}");
}

#[test]
fn undo_swap_new_and_the_end_of_input() {
    let (status, out, _) = play(&["nim", "3", "4"], "2-1\nundo\nswap\nnew\nexplain\n");
    assert_eq!(status, Some(0));
    assert!(out.contains("Taken back."), "{out}");
    assert!(out.contains("The computer takes your side."), "{out}");
    assert!(out.contains("A new game."), "{out}");
    // `explain` prints the analysis of 3 4: nim-sum 7, one winning move to 3 3.
    assert!(out.contains("Value: *7"), "{out}");
    assert!(out.contains("(end of input)"), "{out}");
}

#[test]
fn demo_games_end_with_the_winner_the_analysis_predicts() {
    // Taktix 4 × 4 misère is a second-player win: the first player takes the last piece,
    // and the second, left without a move, wins. Kubo's start is a first-player win.
    let (_, out, _) = play(&["taktix", "--misere", "--demo"], "");
    assert!(
        out.contains("No move is left for Second player: Second player won."),
        "{out}"
    );
    let (_, out, _) = play(&["kubo", "--demo"], "");
    assert!(
        out.contains("No move is left for Second player: First player won."),
        "{out}"
    );
}

#[test]
fn every_game_starts_from_a_position_and_an_unknown_game_is_refused() {
    let games = std::process::Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .arg("games")
        .output()
        .expect("the binary runs");
    let list = String::from_utf8_lossy(&games.stdout).into_owned();
    let ids: Vec<&str> = list
        .lines()
        // The partizan games come after a blank line and their heading.
        .filter(|line| !line.is_empty() && !line.starts_with("Partizan games"))
        .map(|line| {
            let usage = line.split_whitespace().next().unwrap();
            // Ids that need parameters are played with the documented ones.
            match usage {
                "moore:K" => "moore:2",
                "subtraction:S" => "subtraction:1-3",
                "count-up:N,K" => "count-up:21,3",
                "octal:CODE" => "octal:0.77",
                "hex:CODE" => "hex:0.F",
                "partizan-subtraction:L/R" => "partizan-subtraction:1,4/2,3",
                other => other.split('[').next().unwrap(),
            }
        })
        .collect();
    // The games are independent: they run on every core.
    ids.par_iter().for_each(|id| {
        let (status, out, err) = play(&[id, "--demo", "--ascii"], "");
        assert_eq!(status, Some(0), "{id}: {err}");
        assert!(
            out.contains("won.") || out.contains("drawn."),
            "{id}: {out}"
        );
    });
    let (status, _, err) = play(&["nimm"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("did you mean `nim`"), "{err}");
}

/// The loopy games of the catalogue: Northcott's game in its square notation, Bus-Nim's
/// carries and its draws, Poker-Nim's additions.
#[test]
fn loopy_games_are_played_to_a_win_or_a_draw() {
    // Gaps 2 and 1 (nim-sum 3): the computer, moving first as White, wins. Black's
    // moves: an illegal jump, a closing move, a widening move.
    let (status, out, _) = play(
        &["northcott", "w..b/w.b", "--first", "computer", "--ascii"],
        "a1\nc1\nd1\nquit\n",
    );
    assert_eq!(status, Some(0));
    assert!(
        out.contains("Black's piece cannot jump over White's"),
        "{out}"
    );
    assert!(
        out.contains("You play: Black: row 1, d to c (closing the gap from 1 to 0)"),
        "{out}"
    );
    assert!(
        out.contains("You play: Black: row 1, c to d (widening the gap from 0 to 1)"),
        "{out}"
    );
    assert!(
        out.contains("No move is left for you: the computer won."),
        "{out}"
    );

    // Bus-Nim 1 2 3 has nim-sum 0 but is won by a carry; the player who takes first
    // against it loses. 1 1 2 2 is a draw, ended by repetition.
    let (_, out, _) = play(
        &["bus-nim", "1", "2", "3", "--ascii"],
        "3-3\n1-2>2\n1-1>2\nquit\n",
    );
    assert!(
        out.contains("heap 1 has 1: carry from 1 to 1 counters"),
        "{out}"
    );
    assert!(
        out.contains("No move is left for you: the computer won."),
        "{out}"
    );
    let (_, out, _) = play(&["bus-nim", "1", "1", "2", "2", "--demo"], "");
    assert!(out.contains("this one is a draw"), "{out}");
    assert!(out.contains("the game is drawn."), "{out}");

    // Poker-Nim 2 4 6 with stocks of 3: the player moves first from nim-sum 0 and loses,
    // whether taking or adding.
    let (_, out, _) = play(
        &["poker-nim", "2", "4", "6", "/", "3", "--ascii"],
        "2+5\n2+3\n1+1\n3-6\n1-1\nquit\n",
    );
    assert!(
        out.contains("the stock of the player to move has only 3"),
        "{out}"
    );
    assert!(
        out.contains("You play: add 3 from the stock to heap 2, making 7"),
        "{out}"
    );
    assert!(
        out.contains("No move is left for you: the computer won."),
        "{out}"
    );
}

/// Games without a move notation of their own take moves written as edits of the
/// position: numbers changed, a piece moved, coins turned.
#[test]
fn moves_are_read_as_edits_of_the_position() {
    for (game, line, played) in [
        (
            "wythoff 7 11",
            "1-3,2-3",
            "take 3 from both heaps, leaving 4 8",
        ),
        (
            "staircase 3 0 5",
            "3-2,2+2",
            "move 2 coins from stair 3 to stair 2",
        ),
        (
            "nimble 1 3 3 6",
            "6>1",
            "move the coin on square 6 to square 1",
        ),
        (
            "golden-dollar 2 4g 7",
            "4>3",
            "move the golden dollar on square 4 to square 3",
        ),
        (
            "rook 3,5 2,7",
            "3,5>1,5",
            "move the rook on 3,5 left to 1,5",
        ),
        (
            "turtles TTHHTHH",
            "7,3",
            "turn the coin on position 7 to tails and the coin on position 3 to tails",
        ),
        ("fibonacci-nim 20", "3", "take 3, leaving 17"),
        ("count-up:21,3 0", "3", "say 3 (total 3)"),
    ] {
        let mut args: Vec<&str> = game.split_whitespace().collect();
        args.push("--ascii");
        let (status, out, err) = play(&args, &format!("{line}\nquit\n"));
        assert_eq!(status, Some(0), "{game}: {err}");
        assert!(
            out.contains(&format!("You play: {played}")),
            "{game}: {out}"
        );
    }
    let (_, out, _) = play(&["staircase", "3", "0", "5"], "3-2,2+3\n4-1\nquit\n");
    assert!(out.contains("that is not a move of this game"), "{out}");
    assert!(out.contains("there is no entry 4"), "{out}");
}

/// Positions whose moves are too many to list are still played: moves in the game's
/// notation, the computer's winning move from the closed form, and a command that cannot
/// be carried out says why while the game goes on.
#[test]
fn huge_positions_are_played_without_listing_their_moves() {
    let (status, out, err) = play(
        &["nim", "1000000", "2000000", "3", "--ascii"],
        "1-5\nmoves\n2=5000000\nquit\n",
    );
    assert_eq!(status, Some(0), "{err}");
    assert!(
        out.contains("You play: take 5 from heap 1, leaving 999995"),
        "{out}"
    );
    // 999995 XOR 3 = 999992: the computer leaves heap 2 at that.
    assert!(
        out.contains("The computer plays: take 1000008 from heap 2, leaving 999992"),
        "{out}"
    );
    assert!(out.contains("beyond nimlab's limit"), "{out}");
    assert!(out.contains("leave fewer than"), "{out}");
    assert!(out.contains("Bye."), "{out}");
    // Wythoff's game far beyond its table: the P-positions' closed form gives the moves.
    let (status, out, _) = play(
        &["wythoff", "100000000", "200000000"],
        "hint\n1-1,2-2\n1-1\nquit\n",
    );
    assert_eq!(status, Some(0));
    assert!(
        out.contains("Hint: take 38196601 from heap 2, leaving 161803399"),
        "{out}"
    );
    assert!(
        out.contains("take from one heap, or the same number from both"),
        "{out}"
    );
    assert!(
        out.contains("The computer plays: take 138196602 from heap 2, leaving 61803398"),
        "{out}"
    );
}

/// `play` had no `--json`: with it every line is one event. Nim 1 2 is won by moving to
/// 1 1 (nim-sum 0); whatever the computer answers leaves one counter, and taking it wins.
#[test]
fn play_json_is_one_event_a_line_through_a_whole_game() {
    let (code, out, err) = play(&["nim", "1", "2", "--json"], "2-1\n0 0\n");
    assert_eq!(code, Some(0), "{err}");
    let events: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    assert_eq!(events[0]["event"], "start");
    assert_eq!(events[0]["game"], "nim");
    let moves: Vec<&serde_json::Value> = events.iter().filter(|e| e["event"] == "move").collect();
    assert_eq!(moves.len(), 3, "{out}");
    assert_eq!(
        (&moves[0]["by"], &moves[0]["position"]),
        (&"you".into(), &"1 1".into())
    );
    assert_eq!(moves[1]["by"], "The computer");
    let after: Vec<u64> = moves[1]["position"]
        .as_str()
        .unwrap()
        .split(' ')
        .map(|h| h.parse().unwrap())
        .collect();
    assert_eq!(after.iter().sum::<u64>(), 1, "{out}");
    let last = events.last().unwrap();
    assert_eq!(
        (&last["event"], &last["winner"]),
        (&"over".into(), &"you".into())
    );
    // A partizan hint and move list are events too: the 2×2 board is ±1, and both of
    // Left's dominoes win.
    let (_, out, _) = play(&["domineering", "..|..", "--json"], "hint\nmoves\nquit\n");
    let events: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let hint = events.iter().find(|e| e["event"] == "hint").unwrap();
    assert_eq!(hint["winning"], true);
    let listed = events.iter().find(|e| e["event"] == "moves").unwrap();
    assert_eq!(listed["total"], 2);
}

#[test]
fn a_game_that_needs_parameters_starts_with_those_of_its_example() {
    // `subtraction` alone plays the example's set {1, 3, 4} from the start 10 7. Under
    // S = {1, 3, 4} the values run 0 1 0 1 2 3 2 0 1 0 1 (period 7: 0 1 0 1 2 3 2), so
    // heaps 10 and 7 are worth *1 and 0 and the first hint takes 1 from heap 1 to 9 (0).
    let (status, out, err) = play(&["subtraction", "--ascii"], "hint\nquit\n");
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("subtraction:1,3,4"), "{out}");
    assert!(out.contains("heap  1: ||||||||||"), "{out}");
    assert!(out.contains("Hint: take 1 from heap 1, leaving 9"), "{out}");
    // A set given with the id is kept.
    let (status, out, err) = play(&["subtraction:1,2", "--ascii"], "quit\n");
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("subtraction:1,2"), "{out}");
}

/// Text 000's variants, each from its start or a position given: hints, and moves typed in
/// the game's notation or as edits of the position.
#[test]
fn the_variants_of_text_000_are_played_with_typed_moves() {
    for (args, input, expected) in [
        (
            // 8 × 8: eight gaps of 6, nim-sum 0: White, moving first, has no winning move;
            // after a3 (gap 4, nim-sum 2) Black closes another gap to 4.
            vec!["sixteen-rooks"],
            "hint\na3\nquit\n",
            vec![
                "No winning move.",
                "You play: White: rook a1 to a3 (closing the gap from 6 to 4)",
                "(closing the gap from 6 to 4)\n  (the position is worth *2",
            ],
        ),
        (
            // 1 2 3: taking 1 from every heap leaves 0 1 2, Wythoff's P-position 1 2.
            vec!["wythoff:any", "1", "2", "3"],
            "hint\n2-1,3-1\nquit\n",
            vec![
                "Hint: take all 3 from heap 3",
                "You play: take 1 from heaps 2 and 3, leaving 1 1 2",
            ],
        ),
        (
            // In `all` taking from two heaps only is not a move.
            vec!["wythoff:all", "1", "2", "3"],
            "2-1,3-1\n1-1,2-1,3-1\nquit\n",
            vec![
                "take from one heap, or the same number from every heap",
                "You play: take 1 from every heap, leaving 0 1 2",
            ],
        ),
        (
            vec!["euclid:1,2"],
            "hint\n2-7\nquit\n",
            vec![
                "No winning move.",
                "You play: subtract 7 from 11, leaving 7 4",
            ],
        ),
        (
            vec!["wyt-queen:block", "1,1", "2,2"],
            "hint\n2,2>0,0\n2,2>1,2\nquit\n",
            vec![
                "Hint: move the queen on 1,1 diagonally to 0,0",
                "is not a legal move here",
                "You play: move the queen on 2,2 left to 1,2",
            ],
        ),
        (
            vec!["wyt-knight"],
            "hint\n2,6>0,5\nquit\n",
            vec![
                "Hint: jump the knight on 5,3 to 3,2",
                "You play: jump the knight on 2,6 to 0,5",
            ],
        ),
        (
            vec!["two-dim-piles"],
            "hint\n1,2>>0,1\nquit\n",
            vec![
                "Hint: move the pile of 2 on 1,2 to 1,0",
                "You play: move the pile of 2 on 1,2 to 0,1",
            ],
        ),
    ] {
        let mut call = args.clone();
        call.push("--ascii");
        let (status, out, err) = play(&call, input);
        assert_eq!(status, Some(0), "{args:?}: {err}");
        for e in expected {
            assert!(out.contains(e), "{args:?}: {e:?} in\n{out}");
        }
        assert!(out.contains("Bye."), "{args:?}: {out}");
    }
}

#[test]
fn infinite_hackenbush_columns_are_analysed_not_played() {
    let (code, _, err) = play(&["hackenbush-string", "x(o)^w"], "quit\n");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("analysed, not played"), "{err}");
}
