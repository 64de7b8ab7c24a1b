//! The games born by day n: every canonical form whose options were born by day n − 1.

use super::{Arena, GameId};
use crate::{Error, Result};

/// The latest day nimlab lists the games of (day 4 has about 3·10^12 games).
pub const MAX_DAY: u32 = 3;

/// Every game born by day `day`, in the order found (day by day).
///
/// ```
/// use nimlab::conway::{born_by, Arena};
/// let mut a = Arena::new();
/// let counts: Vec<usize> = (0..=3).map(|d| born_by(&mut a, d).unwrap().len()).collect();
/// assert_eq!(counts, [1, 4, 22, 1474]);
/// assert!(born_by(&mut a, 4).is_err());
/// ```
///
/// # Errors
/// [`Error::Limit`] past day [`MAX_DAY`].
pub fn born_by(a: &mut Arena, day: u32) -> Result<Vec<GameId>> {
    if day > MAX_DAY {
        return Err(Error::limit(
            format!("listing the games born by day {day}"),
            format!("day {MAX_DAY} (1474 games; day 4 has about 3·10^12)"),
        ));
    }
    let mut games = vec![a.zero()];
    for _ in 0..day {
        games = next_day(a, &games);
    }
    Ok(games)
}

/// The games whose Left and Right options are taken from `earlier`. The options of a
/// canonical form are antichains (no option dominates another), so only antichains are
/// tried on each side.
fn next_day(a: &mut Arena, earlier: &[GameId]) -> Vec<GameId> {
    let chains = antichains(a, earlier);
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    // Day by day: the games born earlier come first.
    for &g in earlier {
        if seen.insert(g) {
            out.push(g);
        }
    }
    for l in &chains {
        for r in &chains {
            let g = a.game(l.clone(), r.clone());
            if seen.insert(g) {
                out.push(g);
            }
        }
    }
    out
}

/// Every set of pairwise incomparable games among `games`, the empty set included.
fn antichains(a: &mut Arena, games: &[GameId]) -> Vec<Vec<GameId>> {
    let n = games.len();
    let mut comparable = vec![vec![false; n]; n];
    for i in 0..n {
        for j in 0..n {
            comparable[i][j] = i != j && (a.le(games[i], games[j]) || a.le(games[j], games[i]));
        }
    }
    let mut out = Vec::new();
    let mut chosen = Vec::new();
    extend(games, &comparable, 0, &mut chosen, &mut out);
    out
}

fn extend(
    games: &[GameId],
    comparable: &[Vec<bool>],
    from: usize,
    chosen: &mut Vec<usize>,
    out: &mut Vec<Vec<GameId>>,
) {
    out.push(chosen.iter().map(|&i| games[i]).collect());
    for i in from..games.len() {
        if chosen.iter().all(|&c| !comparable[c][i]) {
            chosen.push(i);
            extend(games, comparable, i + 1, chosen, out);
            chosen.pop();
        }
    }
}
