//! Rooks that move left or down (the rook variant of Wyt Queen, text 000).
//!
//! Rules: one or more rooks stand on a board that extends without limit up and to the
//! right. A square is written `x,y`: x counts columns from the left edge, y rows from the
//! bottom edge, both from 0. A move takes one rook any number ≥ 1 of squares left (x
//! decreases) or down (y decreases). Rooks do not block each other and may share a
//! square. The player who cannot move (every rook on 0,0) loses.
//!
//! Closed form: a rook on x,y is Nim with two heaps, x and y (moving left takes from the
//! first heap, moving down from the second), so its value is x ⊕ y and the value of the
//! whole position is the nim-sum of every rook's x and y. A single rook is a P-position
//! exactly on the diagonal x = y. Because the game *is* Nim on those heaps, misère play is
//! misère Nim on them too.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("rook", &["3,5"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(6u64));
//! // The only winning move brings the rook to the diagonal.
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! assert_eq!(w.moves[0].to.notation(), "3,3");
//! assert_eq!(w.moves[0].description, "move the rook on 3,5 down to 3,3");
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{NimHeap, Rules, Typed, MAX_OPTIONS};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::rook::entry();
/// assert_eq!(e.name, "rook");
/// let p = (e.build)(None, &nimlab::games::args::number(&["2,7", "4,4"], 2)).unwrap();
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(5u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "rook",
        usage: "rook",
        summary: "rooks on a board; move one rook left or down any distance (two-heap Nim per rook)",
        position: "the rooks' squares `x,y` (column from the left, row from the bottom, from 0), e.g. `rook 3,5 2,7`",
        example: "rook 3,5 2,7",
        start: "3,5 2,7",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(Rook, read_rooks("rook", args)?))),
    }
}

/// A position: the squares `(x, y)` of the rooks, in the order they were written.
pub type Rooks = Vec<(u64, u64)>;

/// Reads the rooks' squares `x,y` (used by `rook` and `rook-3`).
pub(crate) fn read_rooks(game: &str, args: &[Arg<'_>]) -> Result<Rooks> {
    if args.is_empty() {
        return Err(Error::position(
            game,
            "no rooks given; write each rook's square as `x,y`, e.g. `3,5 2,7`",
        ));
    }
    args.iter().map(|a| a.pair("x", "y")).collect()
}

/// Writes the rooks' squares as they are read.
pub(crate) fn format_rooks(rooks: &Rooks) -> String {
    rooks
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// "move the rook on 5,3 left to 2,3" for two positions that differ in one rook.
pub(crate) fn describe_rook_move(from: &Rooks, to: &Rooks) -> String {
    let changed: Vec<usize> = (0..from.len().min(to.len()))
        .filter(|&i| from[i] != to[i])
        .collect();
    match changed.as_slice() {
        [i] => {
            let ((x, y), (nx, ny)) = (from[*i], to[*i]);
            let way = if ny == y { "left" } else { "down" };
            let which = if from.iter().filter(|&&r| r == from[*i]).count() > 1 {
                format!("rook {}", i + 1)
            } else {
                "the rook".to_string()
            };
            format!("move {which} on {x},{y} {way} to {nx},{ny}")
        }
        _ => format!("move to {}", format_rooks(to)),
    }
}

/// Every Nim heap of a position: x and y of each rook, in order.
fn heaps(rooks: &Rooks) -> Vec<u64> {
    rooks.iter().flat_map(|&(x, y)| [x, y]).collect()
}

/// Checks that every move can be listed: the number of moves is the sum of all x and y.
pub(crate) fn check_listable(rooks: &Rooks, step: Option<u64>) -> Result<()> {
    let moves = rooks.iter().fold(0u64, |acc, &(x, y)| match step {
        Some(k) => acc.saturating_add(x.min(k)).saturating_add(y.min(k)),
        None => acc.saturating_add(x).saturating_add(y),
    });
    if moves > MAX_OPTIONS as u64 {
        return Err(Error::limit(
            format!("listing the {moves} moves of these rooks one by one"),
            format!(
                "{MAX_OPTIONS} moves (the coordinates of all rooks may add up to at most {MAX_OPTIONS})"
            ),
        ));
    }
    Ok(())
}

/// The game `rook`: rooks that move left or down any distance.
///
/// ```
/// use nimlab::impartial::{GrundySolver, ImpartialGame};
/// use nimlab::games::rook::Rook;
/// // A rook on 3,5 and one on 2,7: 3 ⊕ 5 ⊕ 2 ⊕ 7 = 3.
/// assert_eq!(Rook.closed_form(&vec![(3, 5), (2, 7)]), Some(3));
/// assert_eq!(GrundySolver::without_closed_forms(Rook).value(&vec![(3, 5), (2, 7)]).unwrap(), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rook;

impl ImpartialGame for Rook {
    type Position = Rooks;

    fn options(&self, rooks: &Rooks, out: &mut Vec<Rooks>) {
        for (i, &(x, y)) in rooks.iter().enumerate() {
            for nx in 0..x {
                let mut next = rooks.clone();
                next[i] = (nx, y);
                out.push(next);
            }
            for ny in 0..y {
                let mut next = rooks.clone();
                next[i] = (x, ny);
                out.push(next);
            }
        }
    }

    fn components(&self, rooks: &Rooks) -> Option<Vec<Rooks>> {
        (rooks.len() > 1).then(|| rooks.iter().map(|&r| vec![r]).collect())
    }

    fn closed_form(&self, rooks: &Rooks) -> Option<u64> {
        Some(crate::nimber::nim_sum(heaps(rooks)))
    }
}

impl Rules for Rook {
    fn id(&self) -> String {
        "rook".to_string()
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
            // The rook must be left with value `want` = its own value ⊕ total ⊕ target.
            let want = x ^ y ^ total ^ target;
            for next in [(want ^ y, y), (x, want ^ x)] {
                if next.0 <= x && next.1 <= y && next != (x, y) {
                    hits.add(|| {
                        let mut moved = rooks.clone();
                        moved[i] = next;
                        moved
                    });
                }
            }
        }
        Some(())
    }

    fn nim_heaps(&self, rooks: &Rooks) -> Option<(String, Vec<NimHeap>)> {
        let many = rooks.len() > 1;
        let mut out = Vec::with_capacity(2 * rooks.len());
        for (i, &(x, y)) in rooks.iter().enumerate() {
            let who = if many {
                format!("rook {} on {x},{y}", i + 1)
            } else {
                format!("rook on {x},{y}")
            };
            out.push((format!("{who}: x (squares to its left)"), x));
            out.push((format!("{who}: y (squares below it)"), y));
        }
        Some(("coordinate of a rook".to_string(), out))
    }

    fn misere_rule(&self, rooks: &Rooks) -> Option<String> {
        Some(crate::games::misere_nim_rule(
            "Each rook on x,y is the two Nim heaps x and y, so misère play is misère Nim on the heaps",
            &heaps(rooks),
        ))
    }

    fn misere_closed_form(&self, rooks: &Rooks) -> Option<Outcome> {
        Some(Outcome::from_grundy_zero(crate::games::nim::misere_is_p(
            &heaps(rooks),
        )))
    }

    fn check_searchable(&self, rooks: &Rooks) -> Result<()> {
        check_listable(rooks, None)
    }
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
            Rook.options(rooks, out)
        }
    }

    fn parse(tokens: &[&str]) -> Result<Rooks> {
        read_rooks("rook", &crate::games::args::number(tokens, 1))
    }

    #[test]
    fn facts() {
        // Two-heap Nim per rook: a single rook loses exactly on the diagonal.
        for x in 0..12u64 {
            for y in 0..12u64 {
                assert_eq!(Rook.closed_form(&vec![(x, y)]) == Some(0), x == y);
            }
        }
        assert_eq!(Rook.closed_form(&vec![(3, 5), (2, 7)]), Some(3));
        assert_eq!(
            Rook.all_options_of_value(&vec![(3, 5)], 0),
            Some(vec![vec![(3, 3)]])
        );
        // Huge boards: the closed form and the winning move need no search.
        let far = vec![(u64::MAX, 1u64 << 40)];
        assert_eq!(Rook.closed_form(&far), Some(u64::MAX ^ (1 << 40)));
        assert_eq!(
            Rook.all_options_of_value(&far, 0),
            Some(vec![vec![(1 << 40, 1 << 40)]])
        );
        assert!(matches!(Rook.check_searchable(&far), Err(Error::Limit(_))));
    }

    #[test]
    fn notation() {
        assert_eq!(parse(&["3,5", "0,0"]).unwrap(), vec![(3, 5), (0, 0)]);
        assert_eq!(Rook.format(&vec![(3, 5), (0, 0)]), "3,5 0,0");
        for bad in ["3", "3,", ",5", "3,5,1", "a,1", "-1,2", "1;2", ""] {
            assert!(
                matches!(
                    parse(&[bad]),
                    Err(Error::Parse(crate::ParseError::Token { .. }))
                ),
                "{bad:?}"
            );
        }
        assert!(matches!(
            parse(&["1,99999999999999999999"]),
            Err(Error::Limit(_))
        ));
        assert!(matches!(
            parse(&[]),
            Err(Error::Rule(crate::RuleError::Position { .. }))
        ));
    }

    #[test]
    fn words() {
        let from = vec![(5, 3), (5, 3)];
        assert_eq!(
            Rook.describe(&from, &vec![(5, 3), (2, 3)]),
            "move rook 2 on 5,3 left to 2,3"
        );
        assert_eq!(
            Rook.describe(&vec![(5, 3)], &vec![(5, 0)]),
            "move the rook on 5,3 down to 5,0"
        );
    }

    #[test]
    fn misere_text() {
        let rule = Rook.misere_rule(&vec![(1, 0), (0, 0)]).unwrap();
        assert!(rule.contains("1 0 0 0"), "{rule}");
        assert!(rule.contains("the player to move loses"), "{rule}");
    }

    fn rooks(max: u64, count: usize) -> impl Strategy<Value = Rooks> {
        proptest::collection::vec((0..max, 0..max), 1..=count)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn closed_form_and_moves_match_search(pos in rooks(7, 2)) {
            let mut solver = GrundySolver::without_closed_forms(Plain);
            prop_assert_eq!(solver.value(&pos).unwrap(), Rook.closed_form(&pos).unwrap());
            let mut all = Vec::new();
            Rook.options(&pos, &mut all);
            for target in 0..8 {
                let mut want: Vec<Rooks> = all
                    .iter()
                    .filter(|o| solver.value(o).unwrap() == target)
                    .cloned()
                    .collect();
                let mut got = Rook.all_options_of_value(&pos, target).unwrap();
                want.sort();
                got.sort();
                prop_assert_eq!(got, want);
            }
        }

        #[test]
        fn misere_matches_search(pos in rooks(5, 2)) {
            let mut solver = MisereSolver::new(Plain);
            prop_assert_eq!(solver.outcome(&pos).unwrap(), Rook.misere_closed_form(&pos).unwrap());
        }

        #[test]
        fn notation_round_trips(pos in proptest::collection::vec((any::<u64>(), any::<u64>()), 1..5)) {
            let text = Rook.format(&pos);
            let tokens: Vec<&str> = text.split(' ').collect();
            prop_assert_eq!(parse(&tokens).unwrap(), pos);
        }

        #[test]
        fn parsing_never_panics(token in "\\PC{0,12}") {
            let _ = parse(&[&token]);
        }
    }
}
