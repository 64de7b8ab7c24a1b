//! Rooks that move left or down at most three squares (Bílá věž o tři, text 000).
//!
//! Rules: one or more rooks stand on a board that extends without limit up and to the
//! right. A square is written `x,y`: x counts columns from the left edge, y rows from the
//! bottom edge, both from 0. A move takes one rook 1, 2 or 3 squares left or 1, 2 or 3
//! squares down, never off the board. Rooks do not block each other and may share a
//! square. The player who cannot move (every rook on 0,0) loses.
//!
//! Closed form: as the text says, a rook is two heaps of the subtraction game 1-3 (take 1
//! to 3 from either heap), x and y. A heap of n is worth n mod 4, so a rook on x,y is worth
//! (x mod 4) ⊕ (y mod 4), and the position is worth the nim-sum over the rooks.
//!
//! Misère play (the last mover loses) is misère Nim on the residues: list x mod 4 and
//! y mod 4 of every rook; if every residue is 0 or 1, the player to move loses exactly when
//! the number of 1s is odd; otherwise exactly when the residues' nim-sum is 0. Proof, for
//! heaps n of subtraction 1-3 with residues r = n mod 4 (a move changes one residue; from
//! n ≥ 3 it can reach each of the other three residues, from n ≤ 2 every smaller one):
//! - from "all residues ≤ 1, an odd number of 1s" a move either flips the parity of the 1s
//!   or creates a single residue ≥ 2, whose 2s bit makes the nim-sum non-zero;
//! - from "some residue ≥ 2, nim-sum 0" there are at least two residues ≥ 2 (their 2s bits
//!   cancel), so one remains after the move, and the nim-sum is no longer 0;
//! - from any other position with a move, there is a move into those two sets: with every
//!   residue ≤ 1 and an even number of 1s, turn a 1 into 0, or a 0 of a heap ≥ 4 into 1;
//!   with exactly one residue ≥ 2, turn it into 0 or 1 to make the number of 1s odd; with
//!   two or more, make the move of Nim on the residues (to r ⊕ s < r, taking r − (r ⊕ s)).
//!
//! The tests hold both closed forms against exhaustive search.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("rook-3", &["9,6"], 1).unwrap();
//! // (9 mod 4) ⊕ (6 mod 4) = 1 ⊕ 2 = 3.
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(3u64));
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, vec!["6,6", "9,5"]);
//! ```

use crate::games::catalogue::{Entry, Params};
use crate::games::rook::{check_listable, describe_rook_move, format_rooks, read_rooks, Rooks};
use crate::games::rules::{Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Outcome, Result};

/// The longest move, in squares.
pub const STEP: u64 = 3;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::rook3::entry();
/// assert_eq!(e.name, "rook-3");
/// let p = (e.build)(None, &nimlab::games::args::number(&["4,4"], 2)).unwrap();
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(0u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "rook-3",
        usage: "rook-3",
        summary: "rooks on a board; move one rook 1..3 squares left or down",
        position: "the rooks' squares `x,y` (column from the left, row from the bottom, from 0), e.g. `rook-3 9,6`",
        example: "rook-3 9,6",
        start: "9,6",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(Rook3, read_rooks("rook-3", args)?))),
    }
}

/// The value of one rook on `x,y`: (x mod 4) ⊕ (y mod 4).
///
/// ```
/// assert_eq!(nimlab::games::rook3::rook_value(9, 6), 3);
/// assert_eq!(nimlab::games::rook3::rook_value(u64::MAX, 3), 0);
/// ```
pub fn rook_value(x: u64, y: u64) -> u64 {
    (x % (STEP + 1)) ^ (y % (STEP + 1))
}

/// The game `rook-3`: rooks that move 1..3 squares left or down.
///
/// ```
/// use nimlab::impartial::{GrundySolver, ImpartialGame};
/// use nimlab::games::rook3::Rook3;
/// assert_eq!(Rook3.closed_form(&vec![(9, 6), (2, 1)]), Some(0));
/// assert_eq!(GrundySolver::without_closed_forms(Rook3).value(&vec![(9, 6), (2, 1)]).unwrap(), 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rook3;

/// The squares one move of the rook on `x,y` reaches.
fn rook_moves(x: u64, y: u64) -> impl Iterator<Item = (u64, u64)> {
    let left = (1..=STEP.min(x)).map(move |s| (x - s, y));
    let down = (1..=STEP.min(y)).map(move |s| (x, y - s));
    left.chain(down)
}

impl ImpartialGame for Rook3 {
    type Position = Rooks;

    fn options(&self, rooks: &Rooks, out: &mut Vec<Rooks>) {
        for (i, &(x, y)) in rooks.iter().enumerate() {
            for square in rook_moves(x, y) {
                let mut next = rooks.clone();
                next[i] = square;
                out.push(next);
            }
        }
    }

    fn components(&self, rooks: &Rooks) -> Option<Vec<Rooks>> {
        (rooks.len() > 1).then(|| rooks.iter().map(|&r| vec![r]).collect())
    }

    fn closed_form(&self, rooks: &Rooks) -> Option<u64> {
        Some(rooks.iter().fold(0, |acc, &(x, y)| acc ^ rook_value(x, y)))
    }
}

impl Rules for Rook3 {
    fn id(&self) -> String {
        "rook-3".to_string()
    }

    fn format(&self, rooks: &Rooks) -> String {
        format_rooks(rooks)
    }

    fn figure(&self, pos: &Rooks) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Board, Figure, Piece, Shape};
        Some(Figure::new(Shape::Board(Board::pieces(
            pos,
            None,
            Piece::Rook,
        )?)))
    }

    fn describe(&self, from: &Rooks, to: &Rooks) -> String {
        describe_rook_move(from, to)
    }

    fn options_of_value(
        &self,
        rooks: &Rooks,
        target: u64,
        hits: &mut crate::games::rules::Hits<Rooks>,
    ) -> Option<()> {
        let total = self.closed_form(rooks)?;
        for (i, &(x, y)) in rooks.iter().enumerate() {
            let want = rook_value(x, y) ^ total ^ target;
            for (nx, ny) in rook_moves(x, y) {
                if rook_value(nx, ny) == want {
                    hits.add(|| {
                        let mut next = rooks.clone();
                        next[i] = (nx, ny);
                        next
                    });
                }
            }
        }
        Some(())
    }

    fn rule(&self, rooks: &Rooks) -> Option<String> {
        const SHOWN: usize = 20;
        let parts: Vec<String> = rooks
            .iter()
            .take(SHOWN)
            .map(|&(x, y)| {
                format!(
                    "rook on {x},{y}: ({x} mod 4) ⊕ ({y} mod 4) = {} ⊕ {} = {}",
                    x % 4,
                    y % 4,
                    rook_value(x, y)
                )
            })
            .collect();
        let more = if rooks.len() > SHOWN {
            format!("; … ({} rooks)", rooks.len())
        } else {
            String::new()
        };
        let sum = if rooks.len() > 1 {
            format!(
                "; the rooks' values are nim-added: {}",
                self.closed_form(rooks)?
            )
        } else {
            String::new()
        };
        Some(format!(
            "A rook that moves 1..3 squares left or down is two heaps of the subtraction game 1-3, x and y; a heap of n is worth n mod 4, so a rook on x,y is worth (x mod 4) ⊕ (y mod 4). Here: {}{more}{sum}.",
            parts.join("; ")
        ))
    }

    fn misere_rule(&self, rooks: &Rooks) -> Option<String> {
        Some(crate::games::misere_nim_rule(
            "Each rook on x,y is two heaps of subtraction 1-3, and in misère play they behave like the Nim heaps x mod 4 and y mod 4: misère play is misère Nim on the residues",
            &residues(rooks),
        ))
    }

    fn misere_closed_form(&self, rooks: &Rooks) -> Option<Outcome> {
        Some(Outcome::from_grundy_zero(crate::games::nim::misere_is_p(
            &residues(rooks),
        )))
    }

    fn check_searchable(&self, rooks: &Rooks) -> Result<()> {
        check_listable(rooks, Some(STEP))
    }
}

/// x mod 4 and y mod 4 of every rook, in order.
fn residues(rooks: &Rooks) -> Vec<u64> {
    rooks
        .iter()
        .flat_map(|&(x, y)| [x % (STEP + 1), y % (STEP + 1)])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, MisereSolver};
    use proptest::prelude::*;

    /// The game with its moves only: no closed form and no split into rooks.
    struct Plain;
    impl ImpartialGame for Plain {
        type Position = Rooks;
        fn options(&self, rooks: &Rooks, out: &mut Vec<Rooks>) {
            Rook3.options(rooks, out)
        }
    }

    #[test]
    fn facts() {
        // Value (x mod 4) ⊕ (y mod 4), checked on a 16×16 board by search.
        let mut solver = GrundySolver::without_closed_forms(Plain);
        for x in 0..16u64 {
            for y in 0..16u64 {
                assert_eq!(solver.value(&vec![(x, y)]).unwrap(), (x % 4) ^ (y % 4));
            }
        }
        // Text 000: the same as two heaps of subtraction 1-3.
        let heaps = crate::games::subtraction::Subtraction::parse("1-3").unwrap();
        assert_eq!(
            Rook3.closed_form(&vec![(9, 6)]),
            heaps.closed_form(&vec![9, 6])
        );
        // Large squares need no search.
        let far = vec![(u64::MAX, 1 << 50)];
        assert_eq!(Rook3.closed_form(&far), Some(3));
        assert_eq!(
            Rook3.all_options_of_value(&far, 0),
            Some(vec![
                vec![(u64::MAX - 3, 1 << 50)],
                vec![(u64::MAX, (1 << 50) - 1)]
            ])
        );
        assert!(Rook3.check_searchable(&far).is_ok());
        // Misère: residues 3 and 0, some residue ≥ 2 and nim-sum 3: the player to move wins.
        assert_eq!(Rook3.misere_closed_form(&far), Some(Outcome::N));
        // Residues 1 0 0 0: a single 1, the player to move loses.
        assert_eq!(
            Rook3.misere_closed_form(&vec![(5, 4), (8, 0)]),
            Some(Outcome::P)
        );
    }

    #[test]
    fn words() {
        assert_eq!(
            Rook3.describe(&vec![(9, 6)], &vec![(9, 5)]),
            "move the rook on 9,6 down to 9,5"
        );
        let rule = Rook3.rule(&vec![(9, 6), (2, 1)]).unwrap();
        assert!(rule.contains("1 ⊕ 2 = 3"), "{rule}");
        assert!(rule.contains("nim-added: 0"), "{rule}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn closed_form_and_moves_match_search(pos in proptest::collection::vec((0u64..9, 0u64..9), 1..=2)) {
            let mut solver = GrundySolver::without_closed_forms(Plain);
            prop_assert_eq!(solver.value(&pos).unwrap(), Rook3.closed_form(&pos).unwrap());
            let mut all = Vec::new();
            Rook3.options(&pos, &mut all);
            for target in 0..4 {
                let mut want: Vec<Rooks> = all
                    .iter()
                    .filter(|o| solver.value(o).unwrap() == target)
                    .cloned()
                    .collect();
                let mut got = Rook3.all_options_of_value(&pos, target).unwrap();
                want.sort();
                got.sort();
                prop_assert_eq!(got, want);
            }
        }

        #[test]
        fn misere_matches_search(pos in proptest::collection::vec((0u64..6, 0u64..6), 1..=3)) {
            let mut solver = MisereSolver::new(Plain);
            prop_assert_eq!(solver.outcome(&pos).unwrap(), Rook3.misere_closed_form(&pos).unwrap());
        }

        #[test]
        fn large_squares_keep_the_pattern(x in any::<u64>(), y in any::<u64>()) {
            // Every option's value, by the closed form, is below or above but never equal,
            // and every smaller value is reached (the mex rule holds at any size).
            let v = rook_value(x, y);
            let values: Vec<u64> = rook_moves(x, y).map(|(a, b)| rook_value(a, b)).collect();
            prop_assert!(!values.contains(&v));
            prop_assert!((0..v).all(|u| values.contains(&u)));
        }
    }
}
