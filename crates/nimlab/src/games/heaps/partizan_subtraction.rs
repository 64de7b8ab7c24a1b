//! Partizan subtraction (text 000's "Partyzánská hra s odebíráním"): one heap; Left may
//! remove a number of counters from the set L, Right a number from the set R; a player
//! who cannot move loses. Written `partizan-subtraction:L/R`, e.g.
//! `partizan-subtraction:1,4/2,3` (the text's game).

use crate::conway::{Arena, GameId};
use crate::games::ruleset::{Ruleset, Side};
use crate::partizan::PartizanGame;
use crate::{Error, Outcome, Result};
use std::sync::Arc;

/// The rules: the numbers Left and Right may remove.
///
/// ```
/// use nimlab::games::partizan_subtraction::Rules;
/// let rules = Rules::parse("1,4/2,3").unwrap();
/// assert_eq!(rules.left(), &[1, 4]);
/// assert_eq!(rules.right(), &[2, 3]);
/// assert_eq!(rules.to_string(), "1,4/2,3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    left: Vec<u64>,
    right: Vec<u64>,
}

/// The largest number a player may remove.
pub const MAX_TAKE: u64 = 1 << 20;

impl Rules {
    /// Reads `L/R`, each a list of positive whole numbers separated by commas.
    ///
    /// # Errors
    /// A missing `/`, a number that is not a positive whole number (named), an empty set,
    /// or a number above [`MAX_TAKE`].
    pub fn parse(text: &str) -> Result<Rules> {
        let bad = |reason: String| {
            Error::Rule(crate::RuleError::Parameters {
                game: format!("partizan-subtraction:{text}"),
                reason,
            })
        };
        let (l, r) = text.split_once('/').ok_or_else(|| {
            bad("expected Left's numbers, `/`, then Right's, as in `1,4/2,3`".to_string())
        })?;
        let set = |part: &str, who: &str| -> Result<Vec<u64>> {
            let mut v = Vec::new();
            for item in part.split(',').map(str::trim) {
                let n: u64 = item.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                    bad(format!(
                        "`{item}` in {who}'s set: expected a positive whole number"
                    ))
                })?;
                if n > MAX_TAKE {
                    return Err(Error::limit(
                        format!("removing {n} counters"),
                        format!("numbers up to {MAX_TAKE}"),
                    ));
                }
                v.push(n);
            }
            v.sort_unstable();
            v.dedup();
            Ok(v)
        };
        Ok(Rules {
            left: set(l, "Left")?,
            right: set(r, "Right")?,
        })
    }

    /// The numbers Left may remove, increasing.
    pub fn left(&self) -> &[u64] {
        &self.left
    }

    /// The numbers Right may remove, increasing.
    pub fn right(&self) -> &[u64] {
        &self.right
    }
}

impl std::fmt::Display for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        write!(f, "{}/{}", list(&self.left), list(&self.right))
    }
}

/// A heap under given rules.
///
/// ```
/// use nimlab::games::partizan_subtraction::{outcomes_by_play, Heap, Rules};
/// use nimlab::conway::Arena;
/// use nimlab::partizan::Solver;
/// let rules = Rules::parse("1,4/2,3").unwrap();
/// let mut a = Arena::new();
/// let mut solver = Solver::new();
/// // Heap 2: Left takes 1 (leaving 1, where Left can move again), Right takes 2.
/// let g = solver.value(&mut a, &Heap::new(&rules, 2));
/// assert_eq!(nimlab::notation::print(&mut a, g), "{1|0}");
/// let five = solver.value(&mut a, &Heap::new(&rules, 5));
/// let class = nimlab::conway::outcome(&mut a, five);
/// assert_eq!(class, outcomes_by_play(&rules, 5)[5]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Heap {
    rules: Arc<Rules>,
    size: u64,
}

impl Heap {
    /// A heap of `size` counters.
    pub fn new(rules: &Rules, size: u64) -> Heap {
        Heap {
            rules: Arc::new(rules.clone()),
            size,
        }
    }

    /// The number of counters.
    pub fn size(&self) -> u64 {
        self.size
    }

    fn after(&self, takes: &[u64]) -> Vec<Heap> {
        takes
            .iter()
            .filter(|&&t| t <= self.size)
            .map(|&t| Heap {
                rules: Arc::clone(&self.rules),
                size: self.size - t,
            })
            .collect()
    }
}

impl PartizanGame for Heap {
    fn left_options(&self) -> Vec<Heap> {
        self.after(&self.rules.left)
    }

    fn right_options(&self) -> Vec<Heap> {
        self.after(&self.rules.right)
    }

    /// The values of heaps 0, 1, …, up to this one in turn, each from the values before
    /// it (no recursion, however large the heap).
    fn closed_value(&self, arena: &mut Arena) -> Option<GameId> {
        let mut values: Vec<GameId> = Vec::with_capacity(self.size as usize + 1);
        for n in 0..=self.size {
            let after = |takes: &[u64]| -> Vec<GameId> {
                takes
                    .iter()
                    .filter(|&&t| t <= n)
                    .map(|&t| values[(n - t) as usize])
                    .collect()
            };
            let (l, r) = (after(&self.rules.left), after(&self.rules.right));
            values.push(arena.game(l, r));
            if arena.interrupted() {
                return Some(arena.zero());
            }
        }
        values.pop()
    }
}

/// The largest heap read. Values are computed heap by heap from 0, each a canonical form,
/// so that a large heap meets the time limit first, or the arena's limit on multiples of
/// up when the values hold a growing number of them: under `1,4/2,3` heap 4k + 3 is
/// ↓·(k − 2) (heap 103 is `v23`), and heaps from 16,399 on are refused as beyond 4096 ups.
pub const MAX_HEAP: u64 = 100_000;

impl Ruleset for Heap {
    fn game(&self) -> String {
        format!("partizan-subtraction:{}", self.rules)
    }

    fn notation(&self) -> String {
        self.size.to_string()
    }

    /// `take 4`.
    fn describe_move(&self, _side: Side, to: &Heap) -> String {
        format!("take {}", self.size - to.size)
    }

    fn figure(&self) -> Option<crate::games::Figure> {
        use crate::games::figure::{Figure, Shape};
        let heap = crate::games::figure::Heap::matches("heap", 1, self.size);
        Some(Figure::new(Shape::Heaps(vec![heap])).titled(format!(
            "{} {}",
            Ruleset::game(self),
            self.size
        )))
    }
}

/// The outcome classes of heaps 0 to `max` found by play alone (who wins moving first,
/// for each player), without canonical forms: the independent check of the values.
pub fn outcomes_by_play(rules: &Rules, max: u64) -> Vec<Outcome> {
    // wins[n].0: Left moving first wins; .1: Right moving first wins.
    let mut wins: Vec<(bool, bool)> = Vec::with_capacity(max as usize + 1);
    for n in 0..=max {
        let left = rules
            .left
            .iter()
            .any(|&t| t <= n && !wins[(n - t) as usize].1);
        let right = rules
            .right
            .iter()
            .any(|&t| t <= n && !wins[(n - t) as usize].0);
        wins.push((left, right));
    }
    wins.into_iter()
        .map(|w| match w {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        })
        .collect()
}

/// The catalogue entry.
pub(crate) fn entry() -> crate::games::PartizanEntry {
    crate::games::PartizanEntry {
        name: "partizan-subtraction",
        usage: "partizan-subtraction:L/R",
        summary: "one heap or more; Left removes a number of counters in L, Right a number in R; who cannot move loses",
        position: "the heap sizes, e.g. `partizan-subtraction:1,4/2,3 10` (text 000's game) or several heaps `… 10 7`; a move is `take 4` (with the heap's number in a sum, `2: take 4`)",
        example: "partizan-subtraction:1,4/2,3 10",
        params: crate::games::Params::Required,
        start: "10",
        build: |params, args| {
            let rules = Rules::parse(params.unwrap_or_default())?;
            args.iter()
                .map(|a| {
                    let size = a.natural("a heap size")?;
                    if size > MAX_HEAP {
                        return Err(Error::limit(
                            format!("a heap of {size}"),
                            format!("heaps of up to {MAX_HEAP}"),
                        ));
                    }
                    Ok(Box::new(Heap::new(&rules, size)) as Box<dyn crate::games::ruleset::PartizanPosition>)
                })
                .collect()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::outcome;
    use crate::conway::Arena;
    use crate::partizan::Solver;

    /// The outcome class of each canonical value is the one found by play, for the text's
    /// game and other rules, on heaps up to 80.
    #[test]
    fn values_give_the_outcomes_found_by_play() {
        for text in ["1,4/2,3", "1/2", "1,2/1,3", "2,5/1,4,6", "3/1,2"] {
            let rules = Rules::parse(text).unwrap();
            let by_play = outcomes_by_play(&rules, 80);
            let mut a = Arena::new();
            let mut solver = Solver::new();
            for n in 0..=80 {
                let g = solver.value(&mut a, &Heap::new(&rules, n));
                assert_eq!(outcome(&mut a, g), by_play[n as usize], "{text}, heap {n}");
            }
        }
    }

    #[test]
    fn rules_are_read_with_their_mistakes_named() {
        assert!(Rules::parse("1,4").unwrap_err().to_string().contains("`/`"));
        let e = Rules::parse("1,x/2").unwrap_err().to_string();
        assert!(e.contains("`x` in Left's set"), "{e}");
        let e = Rules::parse("1/0").unwrap_err().to_string();
        assert!(e.contains("`0` in Right's set"), "{e}");
        assert!(Rules::parse("1/2000000").is_err());
    }
}
