//! Positions of the impartial games of the catalogue, and sums of them, as
//! `Catalogue::parse_sum` reads them (`nim 3 5 7`, `subtraction:1,3,4 10 + kayles 7`).
//! An input that does not begin with a game id is a position of the game its first byte
//! chooses among the catalogue's ids (parameterised ids included).
//!
//! Properties: the sum's notation reads back to the same notation, and so does each part's
//! (with its game id); for a position small enough to search, each option's notation reads
//! back too, the value is the mex of the options' values, the moves to value 0 are the
//! options of value 0, and the misère outcome agrees with the options'.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab::games::{Catalogue, Position};
use nimlab::{Nimber, Outcome};
use nimlab_fuzz::{impartial_ids, short, small_numbers, sum_text, text, tokens};
use std::collections::HashSet;

const MAX_POSITION: usize = 512;

/// A position is solved only when it reaches at most this many positions and moves.
const MAX_REACH: u64 = 200;
const MAX_MOVES: u64 = 2000;

/// `notation` read back as a position of `game`, which must write it the same.
fn reads_back(cat: &Catalogue, game: &str, notation: &str, from: &str) {
    let shown = short(&format!("{game} {notation}"));
    let tokens: Vec<&str> = notation.split_whitespace().collect();
    match cat.parse_position(game, &tokens, 1) {
        Ok(p) => {
            let back = p.notation();
            assert!(
                back == notation,
                "{shown} (from {from}) reads back as another position, {}",
                short(&back)
            );
        }
        Err(e) => panic!(
            "{shown} (from {from}) does not read back: {}",
            short(&e.to_string())
        ),
    }
}

fn mex(values: &HashSet<Nimber>) -> Nimber {
    (0u64..)
        .map(Nimber::from)
        .find(|v| !values.contains(v))
        .expect("a finite set misses a value")
}

/// The checks that need the options and values of a small position.
fn check_small(cat: &Catalogue, p: &dyn Position, from: &str) {
    // Heaps of thousands are legitimately slow to value in some games (hexadecimal codes
    // that leave three heaps): only positions written with numbers below 1000 are sized.
    let small =
        small_numbers(&p.notation(), 3) && matches!(p.reach(MAX_REACH, MAX_MOVES), Ok(Some(_)));
    if !small {
        return;
    }
    let game = p.game();
    let here = format!(
        "{} (from {})",
        short(&format!("{game} {}", p.notation())),
        short(from)
    );
    let options = match p.options() {
        Ok(o) => o,
        Err(e) => panic!("{here}: the options of a small position: {e}"),
    };
    for m in &options {
        let after = format!("a move of {here}");
        reads_back(cat, &m.to.game(), &m.to.notation(), &after);
    }
    if p.is_loopy() {
        let _ = p.generalized_value();
        return;
    }
    let value = match p.value() {
        Ok(v) => v,
        Err(e) => panic!(
            "{here}: the value of a small position: {}",
            short(&e.to_string())
        ),
    };
    let mut values = HashSet::new();
    let mut zeros = 0;
    for m in &options {
        let v =
            m.to.value()
                .unwrap_or_else(|e| panic!("{here}: an option's value: {e}"));
        zeros += usize::from(v == Nimber::from(0u64));
        values.insert(v);
    }
    assert_eq!(
        value,
        mex(&values),
        "{here}: the value is not the mex of the options'"
    );
    let winning = p
        .moves_to_value(&Nimber::from(0u64), options.len() + 1)
        .unwrap_or_else(|e| panic!("{here}: the moves to 0: {e}"));
    assert_eq!(
        winning.total, zeros,
        "{here}: the moves to 0 are not the options of value 0"
    );
    // The misère search sizes positions by their counters, not by what they reach: a
    // position it refuses as too large is not checked.
    let Ok(misere) = p.misere_outcome() else {
        return;
    };
    let mut option_outcomes = Vec::new();
    for m in &options {
        match m.to.misere_outcome() {
            Ok(o) => option_outcomes.push(o),
            Err(_) => return,
        }
    }
    let expected = if options.is_empty() || option_outcomes.contains(&Outcome::P) {
        Outcome::N
    } else {
        Outcome::P
    };
    assert_eq!(
        misere, expected,
        "{here}: the misère outcome disagrees with the options'"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data, MAX_POSITION) else {
        return;
    };
    let cat = Catalogue::standard();
    let ids = impartial_ids(&cat);
    let tokens = tokens(text, data, &ids, |w| cat.lookup(w).is_ok());
    let Ok(sum) = cat.parse_sum(&tokens) else {
        return;
    };
    let written = sum_text(&sum);
    let words: Vec<&str> = written.split_whitespace().collect();
    match cat.parse_sum(&words) {
        Ok(back) => {
            let back = sum_text(&back);
            assert!(
                back == written,
                "{} is written {}, which reads back as another sum, {}",
                short(text),
                short(&written),
                short(&back)
            );
        }
        Err(e) => panic!(
            "{} is written {}, which does not read back: {}",
            short(text),
            short(&written),
            short(&e.to_string())
        ),
    }
    for part in &sum.parts {
        reads_back(&cat, &part.game(), &part.notation(), &short(text));
        let _ = nimlab::draw::position_text(&**part, true);
        let _ = nimlab::draw::position_text(&**part, false);
        let _ = part.figure().map(|f| nimlab::draw::figure_svg(&f));
        check_small(&cat, &**part, text);
    }
});
