//! A sum of positions of partizan rulesets: each move is played in one part.

use super::ruleset::{PartizanPosition, Side};
use crate::conway::GameId;
use crate::partizan::RulesetSolver;
use crate::Result;

/// A sum of partizan positions, as read from `game position + game position + …`.
///
/// ```
/// use nimlab::games::{Arg, Catalogue};
/// use nimlab::games::ruleset::Side;
/// use nimlab::partizan::RulesetSolver;
/// let cat = Catalogue::standard();
/// let args = [Arg::new("hackenbush-string", 1), Arg::new("xo", 2), Arg::new("xo", 3)];
/// let sum = cat.parse_partizan_sum_args(&args).unwrap();
/// let mut solver = RulesetSolver::new();
/// let v = sum.value(&mut solver).unwrap();
/// assert_eq!(nimlab::notation::print(solver.arena(), v), "1");
/// assert_eq!(sum.moves(Side::Left).len(), 2);
/// ```
pub struct PartizanSum {
    /// The parts, in the order they were written.
    pub parts: Vec<Box<dyn PartizanPosition>>,
}

/// A move of a sum: the part it is played in, the sum after it, and the move in words.
#[derive(Debug)]
pub struct PartizanTurn {
    /// The part the move is played in (from 0).
    pub part: usize,
    /// The sum after the move.
    pub after: PartizanSum,
    /// The move in the part's notation, with the part's number when there are several
    /// (`2: a1-a2`).
    pub description: String,
}

impl Clone for PartizanSum {
    fn clone(&self) -> Self {
        PartizanSum {
            parts: self.parts.iter().map(|p| p.boxed_clone()).collect(),
        }
    }
}

impl std::fmt::Debug for PartizanSum {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.notation())
    }
}

impl PartizanSum {
    /// The sum as it is written: each part's game and position, joined by `+` (the game
    /// named again only when it changes).
    pub fn notation(&self) -> String {
        let mut out = String::new();
        let mut last = String::new();
        for (i, p) in self.parts.iter().enumerate() {
            let game = p.game();
            if i > 0 {
                out.push_str(" + ");
            }
            if game != last || i == 0 {
                out.push_str(&game);
                out.push(' ');
            }
            out.push_str(&p.notation());
            last = game;
        }
        out
    }

    /// The game of the sum: the id of its parts when they are of one game, else "sum".
    pub fn game(&self) -> String {
        let first = self.parts.first().map(|p| p.game()).unwrap_or_default();
        if self.parts.iter().all(|p| p.game() == first) {
            first
        } else {
            "sum".to_string()
        }
    }

    /// The positions of the parts, joined by `+`, without the game ids when all the parts
    /// are of one game.
    pub fn position(&self) -> String {
        if self.game() == "sum" {
            return self.notation();
        }
        self.parts
            .iter()
            .map(|p| p.notation())
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// The value of each part.
    ///
    /// # Errors
    /// As [`PartizanPosition::value`].
    pub fn part_values(&self, solver: &mut RulesetSolver) -> Result<Vec<GameId>> {
        self.parts.iter().map(|p| p.value(solver)).collect()
    }

    /// The canonical value: the sum of the parts' values.
    ///
    /// # Errors
    /// As [`PartizanPosition::value`].
    pub fn value(&self, solver: &mut RulesetSolver) -> Result<GameId> {
        let values = self.part_values(solver)?;
        let mark = solver.mark();
        let a = solver.arena();
        let mut total = a.zero();
        for v in values {
            total = a.add(total, v);
        }
        solver.settle(mark, || format!("adding the parts of {}", self.notation()))?;
        Ok(total)
    }

    /// Every move of `side`, part by part.
    pub fn moves(&self, side: Side) -> Vec<PartizanTurn> {
        let several = self.parts.len() > 1;
        let mut out = Vec::new();
        for (i, p) in self.parts.iter().enumerate() {
            for m in p.moves(side) {
                let mut after = self.clone();
                after.parts[i] = m.to;
                let description = if several {
                    format!("{}: {}", i + 1, m.description)
                } else {
                    m.description
                };
                out.push(PartizanTurn {
                    part: i,
                    after,
                    description,
                });
            }
        }
        out
    }
}
