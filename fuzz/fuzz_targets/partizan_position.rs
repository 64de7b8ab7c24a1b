//! Positions of the partizan rulesets of the catalogue, and sums of them, as
//! `Catalogue::parse_partizan_sum_args` reads them (`domineering ..|..`,
//! `clobber xo + toads-and-frogs t.f`). An input that does not begin with a game id is a
//! position of the ruleset its first byte chooses (parameterised ids included).
//!
//! Properties: the sum's notation reads back to the same notation, and so does each
//! part's; for a position small enough to search, each move's position reads back too,
//! and its value is the canonical form of its options' values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab::games::ruleset::{PartizanPosition, Side};
use nimlab::partizan::RulesetSolver;
use nimlab::games::Catalogue;
use nimlab::notation::print;
use nimlab::conway::Comparison;
use nimlab_fuzz::{args, partizan_ids, short, text, tokens};
use std::collections::HashSet;

const MAX_POSITION: usize = 512;

/// Positions written longer than this are read and written but not searched (a board
/// of `RxC` is short to write, so the board's own text is what counts).
const MAX_SEARCHED_TEXT: usize = 64;

/// A position is solved only when it reaches at most this many positions.
const MAX_REACH: usize = 300;

/// `game notation` read back as a sum, which must be written the same.
fn reads_back(cat: &Catalogue, game: &str, notation: &str, from: &str) {
    let shown = short(&format!("{game} {notation}"));
    let text = format!("{game} {notation}");
    let tokens: Vec<&str> = text.split_whitespace().collect();
    match cat.parse_partizan_sum_args(&args(&tokens)) {
        Ok(back) => {
            let back = back.notation();
            assert!(
                back == text,
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

/// Whether at most `MAX_REACH` positions are reachable from `p`.
fn small(p: &dyn PartizanPosition) -> bool {
    let mut seen = HashSet::new();
    let mut stack = vec![p.boxed_clone()];
    seen.insert(p.notation());
    while let Some(q) = stack.pop() {
        if q.notation().len() > MAX_SEARCHED_TEXT {
            return false;
        }
        for side in [Side::Left, Side::Right] {
            for m in q.moves(side) {
                if seen.insert(m.to.notation()) {
                    if seen.len() > MAX_REACH {
                        return false;
                    }
                    stack.push(m.to);
                }
            }
        }
    }
    true
}

fn check_small(cat: &Catalogue, p: &dyn PartizanPosition, from: &str) {
    if p.notation().len() > MAX_SEARCHED_TEXT || !small(p) {
        return;
    }
    let here = format!(
        "{} (from {})",
        short(&format!("{} {}", p.game(), p.notation())),
        short(from)
    );
    let mut solver = RulesetSolver::new();
    let value = p.value(&mut solver).unwrap_or_else(|e| {
        panic!(
            "{here}: the value of a small position: {}",
            short(&e.to_string())
        )
    });
    let mut sides = [Vec::new(), Vec::new()];
    for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        for m in p.moves(side) {
            let after = format!("a move of {here}");
            reads_back(cat, &m.to.game(), &m.to.notation(), &after);
            let v =
                m.to.value(&mut solver)
                    .unwrap_or_else(|e| panic!("{here}: the value of a move's position: {e}"));
            sides[k].push(v);
        }
    }
    let [left, right] = sides;
    let arena = solver.arena();
    let by_options = arena.game(left, right);
    if arena.compare(value, by_options) != Comparison::Equal {
        let (v, o) = (print(arena, value), print(arena, by_options));
        panic!("{here}: the value {v} is not that of the options, {o}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data, MAX_POSITION) else {
        return;
    };
    let cat = Catalogue::standard();
    let ids = partizan_ids(&cat);
    let tokens = tokens(text, data, &ids, |w| cat.is_partizan(w));
    let Ok(sum) = cat.parse_partizan_sum_args(&args(&tokens)) else {
        return;
    };
    let written = sum.notation();
    let words: Vec<&str> = written.split_whitespace().collect();
    match cat.parse_partizan_sum_args(&args(&words)) {
        Ok(back) => {
            let back = back.notation();
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
        let _ = nimlab::draw::partizan_text(&**part, true);
        let _ = nimlab::draw::partizan_text(&**part, false);
        let _ = part.figure().map(|f| nimlab::draw::figure_svg(&f));
        check_small(&cat, &**part, text);
    }
});
