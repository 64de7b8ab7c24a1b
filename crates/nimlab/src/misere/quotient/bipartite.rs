//! A bipartite monoid: a finite commutative monoid with a distinguished subset P (its
//! P-portion), and its reduction by indistinguishability.

use super::monoid::Monoid;
use crate::limits::Every;
use crate::Result;
use rustc_hash::FxHashMap;

/// A finite commutative monoid with its P-portion.
///
/// Two elements x and y are indistinguishable when xz ∈ P ⇔ yz ∈ P for every z; this is
/// a congruence, and [`BipartiteMonoid::reduce`] divides by it: the coarsest congruence
/// that does not mix P with the rest.
///
/// ```
/// use nimlab::misere::quotient::bipartite::BipartiteMonoid;
/// use nimlab::misere::quotient::monoid::Monoid;
/// // Z/4 = ⟨a | a^4 = 1⟩ with P = {a, a^3}: a^2 acts like 1, so the reduction is Z/2.
/// let m = Monoid::cyclic(0, 4).unwrap();
/// let q = BipartiteMonoid::new(m, vec![false, true, false, true]).unwrap();
/// let (r, class) = q.reduce().unwrap();
/// assert_eq!(r.monoid().order(), 2);
/// assert_eq!(class, vec![0, 1, 0, 1]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BipartiteMonoid {
    monoid: Monoid,
    p: Vec<bool>,
}

impl BipartiteMonoid {
    /// The monoid with P-portion `{x : p[x]}`.
    ///
    /// # Errors
    /// [`crate::Error::Unsupported`] when `p` does not have one entry per element.
    pub fn new(monoid: Monoid, p: Vec<bool>) -> Result<BipartiteMonoid> {
        if p.len() != monoid.order() {
            return Err(crate::Error::Unsupported(format!(
                "a P-portion of {} entries for a monoid of order {}",
                p.len(),
                monoid.order()
            )));
        }
        Ok(BipartiteMonoid { monoid, p })
    }

    /// The monoid.
    ///
    /// ```
    /// use nimlab::misere::quotient::{bipartite::BipartiteMonoid, monoid::Monoid};
    /// let q = BipartiteMonoid::new(Monoid::cyclic(0, 2).unwrap(), vec![false, true]).unwrap();
    /// assert_eq!(q.monoid().order(), 2);
    /// ```
    pub fn monoid(&self) -> &Monoid {
        &self.monoid
    }

    /// Whether `x` is in the P-portion.
    ///
    /// ```
    /// use nimlab::misere::quotient::{bipartite::BipartiteMonoid, monoid::Monoid};
    /// let q = BipartiteMonoid::new(Monoid::cyclic(0, 2).unwrap(), vec![false, true]).unwrap();
    /// assert!(q.is_p(1) && !q.is_p(0));
    /// ```
    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The P-portion, one flag per element.
    ///
    /// ```
    /// use nimlab::misere::quotient::{bipartite::BipartiteMonoid, monoid::Monoid};
    /// let q = BipartiteMonoid::new(Monoid::cyclic(0, 2).unwrap(), vec![false, true]).unwrap();
    /// assert_eq!(q.p_portion(), &[false, true]);
    /// ```
    pub fn p_portion(&self) -> &[bool] {
        &self.p
    }

    /// The reduction by indistinguishability, and the class of each element (the
    /// identity's class is 0). The generators of the reduction are the classes of the
    /// generators, those equal to the identity or to an earlier one left out.
    ///
    /// # Errors
    /// A stop requested through [`crate::limits`].
    pub fn reduce(&self) -> Result<(BipartiteMonoid, Vec<u32>)> {
        let (count, class) = refine(self.monoid.order(), self.monoid_actions(), &self.p)?;
        let mut gens: Vec<u32> = Vec::new();
        let mut tables = Vec::new();
        for g in 0..self.monoid.generators() {
            let c = class[self.monoid.act(0, g) as usize];
            if c == 0 || gens.contains(&c) {
                continue;
            }
            gens.push(c);
            let mut t = vec![0u32; count];
            for (x, &cx) in class.iter().enumerate() {
                t[cx as usize] = class[self.monoid.act(x as u32, g) as usize];
            }
            tables.push(t);
        }
        let mut p = vec![false; count];
        for (x, &cx) in class.iter().enumerate() {
            p[cx as usize] = self.p[x];
        }
        let monoid = Monoid::new(count, tables)?;
        Ok((BipartiteMonoid { monoid, p }, class))
    }

    fn monoid_actions(&self) -> Vec<&[u32]> {
        (0..self.monoid.generators())
            .map(|g| self.monoid.action(g))
            .collect()
    }
}

/// The coarsest partition of the states `0 … size − 1` of an automaton (letters acting
/// by `letters`) that does not mix `p` with the rest and is kept by every letter
/// (partition refinement), numbered in the order classes are first reached from state 0
/// by the letters (state 0's class is 0). Returns the number of classes and each state's
/// class.
pub(crate) fn refine(size: usize, letters: Vec<&[u32]>, p: &[bool]) -> Result<(usize, Vec<u32>)> {
    let mut class: Vec<u32> = p.iter().map(|&b| u32::from(b)).collect();
    let mut count = class.iter().collect::<rustc_hash::FxHashSet<_>>().len();
    let mut every = Every::new(12);
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut next = vec![0u32; size];
        let mut sig = Vec::with_capacity(letters.len() + 1);
        for x in 0..size {
            every.check()?;
            sig.clear();
            sig.push(class[x]);
            sig.extend(letters.iter().map(|t| class[t[x] as usize]));
            let n = ids.len() as u32;
            next[x] = *ids.entry(sig.clone()).or_insert(n);
        }
        let new_count = ids.len();
        class = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    // Number the classes breadth first from state 0.
    let mut number = vec![u32::MAX; count];
    let mut order = vec![0usize];
    number[class[0] as usize] = 0;
    let mut seen = vec![false; size];
    seen[0] = true;
    let mut i = 0;
    let mut next_id = 1;
    while i < order.len() {
        let x = order[i];
        i += 1;
        for t in &letters {
            let y = t[x] as usize;
            if !seen[y] {
                seen[y] = true;
                order.push(y);
                let c = class[y] as usize;
                if number[c] == u32::MAX {
                    number[c] = next_id;
                    next_id += 1;
                }
            }
        }
    }
    // States not reached from 0 (none in a monoid generated by its letters) go last.
    for n in number.iter_mut() {
        if *n == u32::MAX {
            *n = next_id;
            next_id += 1;
        }
    }
    Ok((count, class.iter().map(|&c| number[c as usize]).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Z/2 × C where C = ⟨b | b^3 = b⟩ (6 elements: 1, a, b, ab, b^2, ab^2) is T2 with
    /// P = {a, b^2}; doubled by a third factor ⟨c | c^2 = 1⟩ that P ignores (P = {a,
    /// b^2, ...} × {1, c}), it has 12 elements and must reduce to the 6 of T2.
    #[test]
    fn a_factor_that_p_ignores_is_reduced_away() {
        // Elements (i, j, k): i ∈ {0,1} power of a, j ∈ {0,1,2} power of b, k power of c;
        // index i + 2j + 6k.
        let idx = |i: usize, j: usize, k: usize| (i + 2 * j + 6 * k) as u32;
        let mut a = vec![0; 12];
        let mut b = vec![0; 12];
        let mut c = vec![0; 12];
        let mut p = vec![false; 12];
        for k in 0..2 {
            for j in 0..3 {
                for i in 0..2 {
                    let x = idx(i, j, k) as usize;
                    a[x] = idx(1 - i, j, k);
                    b[x] = idx(i, if j == 2 { 1 } else { j + 1 }, k);
                    c[x] = idx(i, j, 1 - k);
                    p[x] = (i == 1 && j == 0) || (i == 0 && j == 2);
                }
            }
        }
        let m = Monoid::new(12, vec![a, b, c]).unwrap();
        let q = BipartiteMonoid::new(m, p).unwrap();
        let (r, class) = q.reduce().unwrap();
        assert_eq!(r.monoid().order(), 6);
        assert_eq!(r.monoid().generators(), 2);
        assert_eq!(r.p_portion().iter().filter(|&&b| b).count(), 2);
        // c is indistinguishable from the identity, ac from a.
        assert_eq!(class[idx(0, 0, 1) as usize], 0);
        assert_eq!(class[idx(1, 0, 1) as usize], class[idx(1, 0, 0) as usize]);
        // Irreducible already: reducing again changes nothing.
        let (again, _) = r.reduce().unwrap();
        assert_eq!(again.monoid().order(), 6);
    }

    #[test]
    fn distinguishable_elements_stay_apart() {
        // ⟨a | a^3 = a⟩ with P = {a^2}: 1 (a^2 ∉ P), a (a·a = a^2 ∈ P) and a^2 (a^2·1 ∈ P, a^2·a = a ∉ P) all differ.
        let m = Monoid::cyclic(1, 2).unwrap();
        let q = BipartiteMonoid::new(m, vec![false, false, true]).unwrap();
        assert_eq!(q.reduce().unwrap().0.monoid().order(), 3);
        let m = Monoid::cyclic(1, 2).unwrap();
        assert!(BipartiteMonoid::new(m, vec![true]).is_err());
    }
}
