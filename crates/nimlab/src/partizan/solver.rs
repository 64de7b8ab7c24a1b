//! Partizan rulesets and their solver: a position lists Left's and Right's options and
//! may split into independent regions; the solver gives its canonical value in an
//! [`Arena`], remembering the values of the regions it has met.

use crate::conway::{Arena, GameId};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// A position of a partizan game: what Left and Right can move to, and (when the rules
/// allow) the independent regions it splits into.
///
/// ```
/// use nimlab::conway::Arena;
/// use nimlab::partizan::{PartizanGame, Solver};
/// /// Left may take 1 from the heap, Right 2.
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Heap(u32);
/// impl PartizanGame for Heap {
///     fn left_options(&self) -> Vec<Heap> {
///         (self.0 >= 1).then(|| Heap(self.0 - 1)).into_iter().collect()
///     }
///     fn right_options(&self) -> Vec<Heap> {
///         (self.0 >= 2).then(|| Heap(self.0 - 2)).into_iter().collect()
///     }
/// }
/// let mut a = Arena::new();
/// let mut solver = Solver::new();
/// // Heap 2 is {1|0}; heap 3 is {{1|0}|1} = 0: whoever starts loses.
/// let two = solver.value(&mut a, &Heap(2));
/// assert_eq!(nimlab::notation::print(&mut a, two), "{1|0}");
/// let three = solver.value(&mut a, &Heap(3));
/// assert_eq!(three, a.zero());
/// ```
pub trait PartizanGame: Clone + Eq + Hash {
    /// The positions Left can move to.
    fn left_options(&self) -> Vec<Self>;

    /// The positions Right can move to.
    fn right_options(&self) -> Vec<Self>;

    /// The independent regions whose sum the position is, in a normal form so that equal
    /// regions are equal values (for example rotated or reflected to a least form where
    /// the board's symmetry allows). The default is the position itself.
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// The canonical value by a closed form (Berlekamp's rule for Hackenbush strings),
    /// when the ruleset has one; `None` means: solve by the options. A
    /// [`super::RulesetSolver`] asks it first.
    fn closed_value(&self, _arena: &mut Arena) -> Option<GameId> {
        None
    }
}

/// The most regions a solver remembers by default; past it, it forgets half of them.
pub const MAX_REMEMBERED_POSITIONS: usize = 1 << 22;

/// Computes canonical values of positions, remembering the value of every region met
/// (up to a bound on the entries kept: see [`Solver::with_capacity_limit`]).
#[derive(Debug)]
pub struct Solver<P> {
    table: FxHashMap<P, GameId>,
    limit: usize,
    /// How many regions were valued by their options (not found in the table).
    pub searched: u64,
}

impl<P: PartizanGame> Default for Solver<P> {
    fn default() -> Self {
        Solver::new()
    }
}

impl<P: PartizanGame> Solver<P> {
    /// A solver remembering up to [`MAX_REMEMBERED_POSITIONS`] regions.
    pub fn new() -> Solver<P> {
        Solver::with_capacity_limit(MAX_REMEMBERED_POSITIONS)
    }

    /// A solver remembering up to `limit` regions: past it the table forgets about half
    /// of them, which costs time and never changes a value.
    pub fn with_capacity_limit(limit: usize) -> Solver<P> {
        Solver {
            table: FxHashMap::default(),
            limit: limit.max(1),
            searched: 0,
        }
    }

    /// The canonical value of `p`: the sum of the values of its regions.
    pub fn value(&mut self, a: &mut Arena, p: &P) -> GameId {
        let mut total = a.zero();
        for c in p.components() {
            let v = self.region(a, &c);
            total = a.add(total, v);
        }
        total
    }

    /// The value of one region, {values of Left's options | values of Right's options}.
    fn region(&mut self, a: &mut Arena, p: &P) -> GameId {
        if let Some(&v) = self.table.get(p) {
            return v;
        }
        if a.interrupted() {
            return a.zero();
        }
        self.searched += 1;
        let left: Vec<GameId> = p.left_options().iter().map(|o| self.value(a, o)).collect();
        let right: Vec<GameId> = p.right_options().iter().map(|o| self.value(a, o)).collect();
        let v = a.game(left, right);
        if self.table.len() >= self.limit {
            // Forget every other region: about half the table.
            let mut keep = false;
            self.table.retain(|_, _| {
                keep = !keep;
                keep
            });
        }
        self.table.insert(p.clone(), v);
        v
    }

    /// How many regions the solver remembers now.
    pub fn remembered(&self) -> usize {
        self.table.len()
    }
}

/// A position solved whole: its own regions and symmetries unused, to hold a ruleset's
/// decomposition against.
#[cfg(test)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Whole<P>(pub P);

#[cfg(test)]
impl<P: PartizanGame> PartizanGame for Whole<P> {
    fn left_options(&self) -> Vec<Self> {
        self.0.left_options().into_iter().map(Whole).collect()
    }

    fn right_options(&self) -> Vec<Self> {
        self.0.right_options().into_iter().map(Whole).collect()
    }
}
