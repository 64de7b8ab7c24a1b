//! Property tests of every partizan ruleset: splitting a position into regions and putting
//! each in its least symmetric form never changes its value, and a move read back from
//! its description is the same move.

use super::clobber::Clobber;
use super::col::Col;
use super::cram::Cram;
use super::domineering::Domineering;
use super::konane::Konane;
use super::minichess::Minichess;
use super::ruleset::{Ruleset, Side};
use super::snort::Snort;
use super::toads_and_frogs::ToadsAndFrogs;
use crate::conway::Arena;
use crate::partizan::solver::Whole;
use crate::partizan::Solver;
use proptest::prelude::*;

/// A board of `height` rows of `width` squares, each one of `squares`.
fn board(squares: &'static [char], max_h: usize, max_w: usize) -> impl Strategy<Value = String> {
    (1..=max_h, 1..=max_w).prop_flat_map(move |(h, w)| {
        proptest::collection::vec(proptest::sample::select(squares), h * w).prop_map(move |cells| {
            cells
                .chunks(w)
                .map(|row| row.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        })
    })
}

/// The value with regions and symmetries equals the value of the whole position, and so
/// does the value of every option; every move's description is unique among its side's.
fn holds<P: Ruleset>(p: &P) -> Result<(), TestCaseError> {
    let mut a = Arena::new();
    let mut fast = Solver::new();
    let mut plain = Solver::new();
    let v = fast.value(&mut a, p);
    prop_assert_eq!(
        v,
        plain.value(&mut a, &Whole(p.clone())),
        "{}",
        p.notation()
    );
    for (side, options) in [
        (Side::Left, p.left_options()),
        (Side::Right, p.right_options()),
    ] {
        let mut seen = std::collections::HashSet::new();
        for o in &options {
            prop_assert_eq!(
                fast.value(&mut a, o),
                plain.value(&mut a, &Whole(o.clone()))
            );
            let d = p.describe_move(side, o);
            prop_assert!(seen.insert(d.clone()), "{} {side}: {d} twice", p.notation());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn domineering(b in board(&['.', '.', '.', '#'], 4, 4)) {
        holds(&Domineering::parse(&b).unwrap())?;
    }

    #[test]
    fn cram(b in board(&['.', '.', '.', '#'], 3, 4)) {
        holds(&Cram::parse(&b).unwrap())?;
    }

    #[test]
    fn clobber(b in board(&['x', 'o', 'x', 'o', '.'], 3, 4)) {
        holds(&Clobber::parse(&b).unwrap())?;
    }

    #[test]
    fn konane(b in board(&['x', 'o', '.'], 3, 4)) {
        holds(&Konane::parse(&b).unwrap())?;
    }

    #[test]
    fn snort(b in board(&['.', '.', '.', 'x', 'o', '#'], 3, 4)) {
        holds(&Snort::parse(&b).unwrap())?;
    }

    #[test]
    fn col(b in board(&['.', '.', '.', 'x', 'o', '#'], 3, 4)) {
        holds(&Col::parse(&b).unwrap())?;
    }

    #[test]
    fn minichess(b in board(&['w', 'b', '.', '.'], 4, 3)) {
        holds(&Minichess::parse(&b).unwrap())?;
    }

    #[test]
    fn toads_and_frogs(row in proptest::collection::vec(proptest::sample::select(&['t', 'f', '.'][..]), 1..=12)) {
        let row: String = row.into_iter().collect();
        holds(&ToadsAndFrogs::parse(&row).unwrap())?;
    }
}
