//! The trait every impartial game implements.

use std::hash::Hash;

/// An impartial game: both players have the same moves from every position.
///
/// A game is a value (it may hold parameters, such as a subtraction set); its positions
/// are plain data. Only [`options`](ImpartialGame::options) is required; the other
/// methods are fast paths that the generic solver uses when they are given.
///
/// ```
/// use nimlab::impartial::{GrundySolver, ImpartialGame};
///
/// /// Nim with several heaps, decomposed into single heaps.
/// struct Nim;
/// impl ImpartialGame for Nim {
///     type Position = Vec<u64>;
///     fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
///         for (i, &h) in heaps.iter().enumerate() {
///             for smaller in 0..h {
///                 let mut next = heaps.clone();
///                 next[i] = smaller;
///                 out.push(next);
///             }
///         }
///     }
///     fn components(&self, heaps: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
///         (heaps.len() > 1).then(|| heaps.iter().map(|&h| vec![h]).collect())
///     }
/// }
/// let mut solver = GrundySolver::new(Nim);
/// assert_eq!(solver.value(&vec![3, 5, 7]).unwrap(), 1);
/// ```
pub trait ImpartialGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Appends every option (position reachable in one move) of `pos` to `out`.
    fn options(&self, pos: &Self::Position, out: &mut Vec<Self::Position>);

    /// Splits `pos` into a disjoint sum of two or more independent positions, when it is
    /// one. The value of `pos` is then the nim-sum of the parts' values.
    ///
    /// Must return `None` (not a single part) when `pos` does not split.
    fn components(&self, _pos: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }

    /// The Grundy value of `pos` by a closed form, when one is known.
    fn closed_form(&self, _pos: &Self::Position) -> Option<u64> {
        None
    }

    /// A position that is the same game as `pos` under either convention: its parts in a
    /// fixed order, parts without moves dropped (a game without moves is the identity of
    /// sums in misère play as in normal play). Searches that cannot split a position into
    /// its parts (misère play) remember positions by this form, so that the orders of
    /// the same heaps are searched once. The default is `pos` itself.
    ///
    /// ```
    /// use nimlab::impartial::ImpartialGame;
    /// struct Nim;
    /// impl ImpartialGame for Nim {
    ///     type Position = Vec<u64>;
    ///     fn options(&self, _: &Vec<u64>, _: &mut Vec<Vec<u64>>) {}
    /// }
    /// assert_eq!(Nim.canonical(&vec![3, 0, 1]), vec![3, 0, 1]);
    /// ```
    fn canonical(&self, pos: &Self::Position) -> Self::Position {
        pos.clone()
    }

    /// A number for `pos`, when the game numbers its positions: distinct positions get
    /// distinct numbers, and the positions a search from a small position meets get small
    /// numbers (a single heap of n is numbered n; two heaps by [`pair_index`]).
    ///
    /// The solver then keeps values in a table indexed by this number instead of a hash
    /// map, which is several times faster. `None` (the default) for positions without one.
    ///
    /// [`pair_index`]: super::pair_index
    fn dense_index(&self, _pos: &Self::Position) -> Option<usize> {
        None
    }
}

/// Numbers the pairs of naturals shell by shell: the pairs with both entries at most m take
/// the numbers below (m + 1)², so every position of an n × n board gets a number below n².
/// `None` when the number does not fit in a `usize`.
///
/// ```
/// use nimlab::impartial::pair_index;
/// assert_eq!(pair_index(0, 0), Some(0));
/// let mut seen: Vec<usize> = (0..30)
///     .flat_map(|a| (0..30).map(move |b| pair_index(a, b).unwrap()))
///     .collect();
/// seen.sort();
/// assert_eq!(seen, (0..900).collect::<Vec<_>>());
/// assert_eq!(pair_index(u64::MAX, 0), None);
/// ```
pub fn pair_index(a: u64, b: u64) -> Option<usize> {
    let m = a.max(b);
    let shell = m.checked_mul(m)?;
    let offset = if a == m { b } else { m + 1 + a };
    usize::try_from(shell.checked_add(offset)?).ok()
}

impl<G: ImpartialGame + ?Sized> ImpartialGame for &G {
    type Position = G::Position;
    fn options(&self, pos: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).options(pos, out)
    }
    fn components(&self, pos: &Self::Position) -> Option<Vec<Self::Position>> {
        (**self).components(pos)
    }
    fn closed_form(&self, pos: &Self::Position) -> Option<u64> {
        (**self).closed_form(pos)
    }
    fn canonical(&self, pos: &Self::Position) -> Self::Position {
        (**self).canonical(pos)
    }
    fn dense_index(&self, pos: &Self::Position) -> Option<usize> {
        (**self).dense_index(pos)
    }
}

impl<G: ImpartialGame + ?Sized> ImpartialGame for std::sync::Arc<G> {
    type Position = G::Position;
    fn options(&self, pos: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).options(pos, out)
    }
    fn components(&self, pos: &Self::Position) -> Option<Vec<Self::Position>> {
        (**self).components(pos)
    }
    fn closed_form(&self, pos: &Self::Position) -> Option<u64> {
        (**self).closed_form(pos)
    }
    fn canonical(&self, pos: &Self::Position) -> Self::Position {
        (**self).canonical(pos)
    }
    fn dense_index(&self, pos: &Self::Position) -> Option<usize> {
        (**self).dense_index(pos)
    }
}
