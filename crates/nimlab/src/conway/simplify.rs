//! Simplification step by step: a form {L | R} brought to its canonical form by Conway's
//! two rules, each use of them recorded.
//!
//! - A **dominated** option goes: a Left option A with A ≤ B for another Left option B
//!   (Left never prefers A), a Right option A with A ≥ B for another Right option B.
//! - A **reversible** option is bypassed: a Left option A with a Right option A^R ≤ G
//!   (Right answers A with A^R, which is no better for Left than G itself) is replaced
//!   by the Left options of A^R; a Right option A with a Left option A^L ≥ G by the
//!   Right options of A^L.
//!
//! Neither rule changes the value, and used until neither applies they leave the
//! canonical form, the simplest form of the value.
//!
//! ```
//! use nimlab::conway::{simplify, Arena, StepKind};
//! let mut a = Arena::new();
//! let (zero, star) = (a.zero(), a.star(1));
//! // Text 001: {0,*|*} = ↑, the Left option * reversible through its Right option 0.
//! let s = simplify(&mut a, vec![zero, star], vec![star]).unwrap();
//! assert_eq!(s.steps.len(), 1);
//! assert!(matches!(s.steps[0].kind, StepKind::Reversible { option, through, .. } if option == star && through == zero));
//! assert_eq!((s.steps[0].left.clone(), s.steps[0].right.clone()), (vec![zero], vec![star]));
//! assert_eq!(s.value, a.up(1));
//! ```

use super::arena::{Arena, Comparison, GameId};
use crate::{Error, Result};

/// The most steps a simplification records.
pub const MAX_STEPS: usize = 10_000;

/// One player's side of a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Left's options.
    Left,
    /// Right's options.
    Right,
}

/// What a step did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepKind {
    /// `option` of `player` was dominated by `by` (≤ it for Left, ≥ for Right), or
    /// equal to it, and removed.
    Dominated {
        /// Whose option.
        player: Player,
        /// The option removed.
        option: GameId,
        /// The option that dominates it.
        by: GameId,
    },
    /// `option` of `player` was reversible through its option `through` (a Right
    /// option ≤ G for Left, a Left option ≥ G for Right) and replaced by `replacement`,
    /// the options of `through` for the same player.
    Reversible {
        /// Whose option.
        player: Player,
        /// The option bypassed.
        option: GameId,
        /// The option of `option` it reverses through.
        through: GameId,
        /// What replaced it (possibly nothing).
        replacement: Vec<GameId>,
    },
}

/// A step and the form it left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What was done.
    pub kind: StepKind,
    /// Left's options after it.
    pub left: Vec<GameId>,
    /// Right's options after it.
    pub right: Vec<GameId>,
}

/// A form and the steps that bring it to its canonical form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Simplification {
    /// Left's options as given.
    pub left: Vec<GameId>,
    /// Right's options as given.
    pub right: Vec<GameId>,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The value: the canonical form the steps end at.
    pub value: GameId,
}

/// Simplifies {left | right} step by step: dominated options removed (duplicates too),
/// then the first reversible option bypassed, again until neither rule applies.
///
/// # Errors
/// [`Error::Limit`] beyond [`MAX_STEPS`] steps; the arena's stop when it is interrupted.
pub fn simplify(a: &mut Arena, left: Vec<GameId>, right: Vec<GameId>) -> Result<Simplification> {
    let value = a.game(left.clone(), right.clone());
    if a.interrupted() {
        return Err(a.stop_error());
    }
    let mut out = Simplification {
        left: left.clone(),
        right: right.clone(),
        steps: Vec::new(),
        value,
    };
    let (mut l, mut r) = (left, right);
    loop {
        let mut changed = false;
        for player in [Player::Left, Player::Right] {
            while let Some((i, j)) = dominated(a, player, side(&l, &r, player)) {
                let options = side_mut(&mut l, &mut r, player);
                let (option, by) = (options[i], options[j]);
                options.remove(i);
                record(&mut out, StepKind::Dominated { player, option, by }, &l, &r)?;
                changed = true;
            }
        }
        if let Some((player, i, through)) = reversible(a, value, &l, &r) {
            let replacement = match player {
                Player::Left => a.left(through),
                Player::Right => a.right(through),
            };
            let options = side_mut(&mut l, &mut r, player);
            let option = options.remove(i);
            for (k, &x) in replacement.iter().enumerate() {
                options.insert(i + k, x);
            }
            let kind = StepKind::Reversible {
                player,
                option,
                through,
                replacement,
            };
            record(&mut out, kind, &l, &r)?;
            changed = true;
        }
        if a.interrupted() {
            return Err(a.stop_error());
        }
        if !changed {
            return Ok(out);
        }
    }
}

fn record(out: &mut Simplification, kind: StepKind, l: &[GameId], r: &[GameId]) -> Result<()> {
    if out.steps.len() >= MAX_STEPS {
        return Err(Error::limit(
            "a simplification of more steps",
            format!("{MAX_STEPS} steps"),
        ));
    }
    out.steps.push(Step {
        kind,
        left: l.to_vec(),
        right: r.to_vec(),
    });
    Ok(())
}

fn side<'a>(l: &'a [GameId], r: &'a [GameId], p: Player) -> &'a [GameId] {
    match p {
        Player::Left => l,
        Player::Right => r,
    }
}

fn side_mut<'a>(l: &'a mut Vec<GameId>, r: &'a mut Vec<GameId>, p: Player) -> &'a mut Vec<GameId> {
    match p {
        Player::Left => l,
        Player::Right => r,
    }
}

/// The first option (index `i`) dominated by another (index `j`): ≤ it for Left, ≥ for
/// Right; of two equal options the later goes.
fn dominated(a: &mut Arena, p: Player, options: &[GameId]) -> Option<(usize, usize)> {
    for i in 0..options.len() {
        for j in 0..options.len() {
            if i == j {
                continue;
            }
            let c = a.compare(options[i], options[j]);
            let worse = match (p, c) {
                (Player::Left, Comparison::Less) | (Player::Right, Comparison::Greater) => true,
                (_, Comparison::Equal) => i > j,
                _ => false,
            };
            if worse {
                return Some((i, j));
            }
        }
    }
    None
}

/// The first reversible option: its player, its index and the option it reverses
/// through.
fn reversible(
    a: &mut Arena,
    g: GameId,
    l: &[GameId],
    r: &[GameId],
) -> Option<(Player, usize, GameId)> {
    for (i, &x) in l.iter().enumerate() {
        for xr in a.right(x) {
            if a.le(xr, g) {
                return Some((Player::Left, i, xr));
            }
        }
    }
    for (i, &x) in r.iter().enumerate() {
        for xl in a.left(x) {
            if a.le(g, xl) {
                return Some((Player::Right, i, xl));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::born_by;

    /// Every form {L | R} with L and R sets of day-1 games, and a sample over day 2:
    /// the steps end at the canonical form, each keeps the value, and no rule applies
    /// at the end.
    #[test]
    fn steps_keep_the_value_and_end_at_the_canonical_form() {
        let mut a = Arena::new();
        let day1 = born_by(&mut a, 1).unwrap();
        let day2 = born_by(&mut a, 2).unwrap();
        let subsets = |games: &[GameId], count: usize, step: usize| -> Vec<Vec<GameId>> {
            (0..1usize << games.len())
                .step_by(step)
                .take(count)
                .map(|bits| {
                    (0..games.len())
                        .filter(|k| bits >> k & 1 == 1)
                        .map(|k| games[k])
                        .collect()
                })
                .collect()
        };
        let mut forms = Vec::new();
        for l in subsets(&day1, 16, 1) {
            for r in subsets(&day1, 16, 1) {
                forms.push((l.clone(), r.clone()));
            }
        }
        for l in subsets(&day2, 40, 104_857) {
            for r in subsets(&day2, 40, 99_991) {
                forms.push((l.clone(), r.clone()));
            }
        }
        for (l, r) in forms {
            let s = simplify(&mut a, l.clone(), r.clone()).unwrap();
            for step in &s.steps {
                let g = a.game(step.left.clone(), step.right.clone());
                assert_eq!(g, s.value);
            }
            let (fl, fr) = s.steps.last().map_or((l.clone(), r.clone()), |x| {
                (x.left.clone(), x.right.clone())
            });
            let (mut cl, mut cr) = a.options(s.value);
            let (mut fl, mut fr) = (fl, fr);
            for v in [&mut cl, &mut cr, &mut fl, &mut fr] {
                v.sort();
            }
            assert_eq!((fl, fr), (cl, cr));
        }
    }

    #[test]
    fn the_examples_of_text_001() {
        let mut a = Arena::new();
        let (zero, star, up) = (a.zero(), a.star(1), a.up(1));
        // {↑ | ↑}: Left's ↑ reverses through its Right option * (* ≤ ⇑*), replaced by
        // the Left options of *, 0; Right's ↑ stays: {0 | ↑} = ⇑*.
        let s = simplify(&mut a, vec![up], vec![up]).unwrap();
        let double_up = a.up(2);
        let upstar = a.add(double_up, star);
        assert_eq!(s.value, upstar);
        assert_eq!(
            (s.steps[0].left.clone(), s.steps[0].right.clone()),
            (vec![zero], vec![up])
        );
        assert!(matches!(
            s.steps[0].kind,
            StepKind::Reversible { player: Player::Left, option, through, .. } if option == up && through == star
        ));
        // {0, 1 | } : 0 is dominated by 1, leaving {1|} = 2.
        let one = a.integer(1);
        let s = simplify(&mut a, vec![zero, one], vec![]).unwrap();
        assert_eq!(
            s.steps[0].kind,
            StepKind::Dominated {
                player: Player::Left,
                option: zero,
                by: one
            }
        );
        assert_eq!(s.value, a.integer(2));
    }
}
