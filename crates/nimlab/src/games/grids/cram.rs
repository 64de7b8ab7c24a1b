//! Cram: Domineering where either player may place a domino either way (impartial: every
//! position is a nimber). Boards are written as for Domineering (`"....|...."`, `3x4`).

use crate::games::domineering::Domineering;
use crate::games::figure::Figure;
use crate::games::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::Result;

/// A Cram board.
///
/// ```
/// use nimlab::games::cram::Cram;
/// use nimlab::conway::Arena;
/// use nimlab::partizan::Solver;
/// let mut a = Arena::new();
/// // 2×2: the first domino leaves room for exactly one more.
/// let g = Solver::new().value(&mut a, &Cram::parse("2x2").unwrap());
/// assert_eq!(g, a.zero());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cram(Domineering);

impl Cram {
    /// Reads a board as [`Domineering::parse`] does.
    ///
    /// # Errors
    /// As [`Domineering::parse`].
    pub fn parse(text: &str) -> Result<Cram> {
        Domineering::parse(text).map(Cram)
    }

    /// The board.
    pub fn board(&self) -> &Domineering {
        &self.0
    }
}

impl PartizanGame for Cram {
    fn left_options(&self) -> Vec<Cram> {
        let mut v: Vec<Cram> = self.0.left_options().into_iter().map(Cram).collect();
        v.extend(self.0.right_options().into_iter().map(Cram));
        v
    }

    fn right_options(&self) -> Vec<Cram> {
        self.left_options()
    }

    /// Domineering's regions, each cropped and in its least reflected form.
    fn components(&self) -> Vec<Cram> {
        self.0.components().into_iter().map(Cram).collect()
    }
}

impl Ruleset for Cram {
    fn game(&self) -> String {
        "cram".to_string()
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// The two squares the domino covers, as in Domineering: `a1-a2`, `a1-b1`.
    fn describe_move(&self, side: Side, to: &Cram) -> String {
        self.0.describe_move(side, &to.0)
    }

    fn figure(&self) -> Option<Figure> {
        Some(Ruleset::figure(&self.0)?.titled(format!("Cram {self}")))
    }
}

impl std::fmt::Display for Cram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "cram",
        usage: "cram",
        summary: "either player places a domino on two adjacent empty squares, either way (impartial Domineering); who cannot place one loses",
        position: "as for Domineering: rows from the top separated by `|`, `.` empty and `#` filled, or `RxC`, e.g. `cram 3x4`; a move is the two squares the domino covers, `a1-b1`",
        example: "cram 3x4",
        params: crate::games::Params::None,
        start: "3x4",
        build: |_, args| crate::games::ruleset::read_joined(args, "|", Cram::parse),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::Arena;
    use crate::heap::{Rule, Sequence};
    use crate::partizan::Solver;

    /// A 1×n strip of Cram is Dawson's Kayles (octal 0.07, a domino takes two adjacent
    /// squares): its values are those of the heap engine's sequence.
    #[test]
    fn a_strip_is_dawsons_kayles() {
        let mut kayles = Sequence::new(Rule::parse("0.07").unwrap());
        kayles.extend_to(41).unwrap();
        let mut a = Arena::new();
        let mut solver = Solver::new();
        for n in 1..=40u32 {
            let strip = Cram(Domineering::empty(1, n).unwrap());
            let g = solver.value(&mut a, &strip);
            let want = kayles.get(u64::from(n)).unwrap();
            assert_eq!(g, a.star(u64::from(want)), "1×{n}");
            let column = Cram(Domineering::empty(n, 1).unwrap());
            assert_eq!(solver.value(&mut a, &column), g, "{n}×1");
        }
    }

    /// Every Cram position is a nimber; 2×n boards with n even are 0 by the symmetry
    /// strategy (answer a move by its mirror image through the centre).
    #[test]
    fn positions_are_nimbers_and_even_boards_are_zero() {
        let mut a = Arena::new();
        let mut solver = Solver::new();
        for (h, w) in [(2, 2), (2, 3), (2, 4), (3, 3), (2, 6), (3, 4), (4, 4)] {
            let g = solver.value(&mut a, &Cram(Domineering::empty(h, w).unwrap()));
            let n = a.as_nus(g).expect("a nimber");
            assert!(n.number.is_zero() && n.ups == 0, "{h}×{w}");
            if h % 2 == 0 && w % 2 == 0 {
                assert_eq!(g, a.zero(), "{h}×{w}");
            }
        }
    }
}
