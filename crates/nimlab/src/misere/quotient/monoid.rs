//! A finite commutative monoid given by the action of its generators on its elements.

use crate::{Error, Result};
use serde::Serialize;
use std::fmt;

/// A word over the generators of a monoid: the exponent of each generator.
///
/// Generators are written as letters `a`, `b`, `c`, … (`g27`, `g28`, … after `z`), a
/// power as `a^2`, the identity as `1`.
///
/// ```
/// use nimlab::misere::quotient::monoid::Word;
/// assert_eq!(Word(vec![1, 0, 2]).to_string(), "ac^2");
/// assert_eq!(Word(vec![0, 0]).to_string(), "1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Word(pub Vec<u32>);

/// The name of generator `g` (from 0): `a` … `z`, then `g27`, `g28`, ….
pub(crate) fn letter(g: usize) -> String {
    if g < 26 {
        char::from(b'a' + g as u8).to_string()
    } else {
        format!("g{}", g + 1)
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.iter().all(|&e| e == 0) {
            return write!(f, "1");
        }
        for (g, &e) in self.0.iter().enumerate() {
            match e {
                0 => {}
                1 => write!(f, "{}", letter(g))?,
                _ => write!(f, "{}^{e}", letter(g))?,
            }
        }
        Ok(())
    }
}

/// A relation `left = right` of a presentation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Relation {
    /// The left side: a word that is not the least word of its element.
    pub left: Word,
    /// The right side: the least word of the same element.
    pub right: Word,
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.left, self.right)
    }
}

/// A finite commutative monoid: elements `0 … order − 1`, element 0 the identity, and
/// for each generator g a table `x ↦ x·g`. Every element is a product of generators.
///
/// Each element has a least word (lexicographically least exponent vector, the first
/// generator's exponent compared first); products and the presentation are read from
/// those words.
///
/// ```
/// use nimlab::misere::quotient::monoid::Monoid;
/// // ⟨a | a^3 = a⟩: 1, a, a^2.
/// let m = Monoid::cyclic(1, 2).unwrap();
/// assert_eq!(m.order(), 3);
/// let a2 = m.product(1, 1);
/// assert_eq!(m.product(a2, 1), 1);
/// assert_eq!(m.presentation()[0].to_string(), "a^3 = a");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Monoid {
    actions: Vec<Vec<u32>>,
    words: Vec<Word>,
}

impl Monoid {
    /// The monoid of `order` elements whose generator g acts by `actions[g]`.
    ///
    /// # Errors
    /// [`Error::Unsupported`] when a table has the wrong length or an element out of
    /// range, when two generators do not commute, or when some element is not a product
    /// of generators.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// // Z/2: a swaps 1 and a.
    /// assert_eq!(Monoid::new(2, vec![vec![1, 0]]).unwrap().order(), 2);
    /// assert!(Monoid::new(2, vec![vec![1, 2]]).is_err());
    /// ```
    pub fn new(order: usize, actions: Vec<Vec<u32>>) -> Result<Monoid> {
        let bad = |why: &str| Err(Error::Unsupported(format!("not a monoid table: {why}")));
        if order == 0 {
            return bad("no elements");
        }
        if actions
            .iter()
            .any(|a| a.len() != order || a.iter().any(|&y| y as usize >= order))
        {
            return bad("a generator's table has the wrong length or an element out of range");
        }
        for (i, g) in actions.iter().enumerate() {
            for h in &actions[i + 1..] {
                if (0..order).any(|x| g[h[x] as usize] != h[g[x] as usize]) {
                    return bad("two generators do not commute");
                }
            }
        }
        let Some(words) = least_words(order, &actions) else {
            return bad("some element is not a product of generators");
        };
        Ok(Monoid { actions, words })
    }

    /// The cyclic monoid ⟨a | a^(index + period) = a^index⟩ (`period` ≥ 1): elements
    /// 1, a, …, a^(index + period − 1).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a period of 0.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// assert_eq!(Monoid::cyclic(2, 2).unwrap().order(), 4);
    /// ```
    pub fn cyclic(index: u32, period: u32) -> Result<Monoid> {
        if period == 0 {
            return Err(Error::Unsupported(
                "a cyclic monoid needs a period of at least 1".into(),
            ));
        }
        let order = index + period;
        let act = (0..order)
            .map(|e| if e + 1 < order { e + 1 } else { index })
            .collect();
        Monoid::new(order as usize, vec![act])
    }

    /// How many elements.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// let m = Monoid::cyclic(2, 2).unwrap();
    /// assert_eq!((m.order(), m.generators()), (4, 1));
    /// ```
    pub fn order(&self) -> usize {
        self.words.len()
    }

    /// How many generators.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// assert_eq!(Monoid::new(1, vec![]).unwrap().generators(), 0);
    /// ```
    pub fn generators(&self) -> usize {
        self.actions.len()
    }

    /// `x·g` for generator `g`.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// // a^3 = a^2·a = a^2 in ⟨a | a^3 = a^2⟩.
    /// let m = Monoid::cyclic(2, 1).unwrap();
    /// assert_eq!(m.act(2, 0), 2);
    /// assert_eq!(m.action(0), &[1, 2, 2]);
    /// ```
    pub fn act(&self, x: u32, g: usize) -> u32 {
        self.actions[g][x as usize]
    }

    /// The table of generator `g`.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// assert_eq!(Monoid::cyclic(0, 2).unwrap().action(0), &[1, 0]);
    /// ```
    pub fn action(&self, g: usize) -> &[u32] {
        &self.actions[g]
    }

    /// The least word of element `x`.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// let m = Monoid::cyclic(1, 2).unwrap();
    /// assert_eq!(m.word(2).to_string(), "a^2");
    /// ```
    pub fn word(&self, x: u32) -> &Word {
        &self.words[x as usize]
    }

    /// The element of a word.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// use nimlab::misere::quotient::monoid::Word;
    /// let m = Monoid::cyclic(1, 2).unwrap();
    /// assert_eq!(m.element(&Word(vec![5])), 1);
    /// ```
    pub fn element(&self, word: &Word) -> u32 {
        let mut x = 0;
        for (g, &e) in word.0.iter().enumerate() {
            for _ in 0..e {
                x = self.act(x, g);
            }
        }
        x
    }

    /// The product `x·y`.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// let m = Monoid::cyclic(0, 3).unwrap();
    /// assert_eq!(m.product(2, 2), 1);
    /// ```
    pub fn product(&self, x: u32, y: u32) -> u32 {
        let mut z = x;
        for (g, &e) in self.words[y as usize].0.iter().enumerate() {
            for _ in 0..e {
                z = self.act(z, g);
            }
        }
        z
    }

    /// The multiplication table: `table[x·order + y] = x·y`.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// let m = Monoid::cyclic(0, 2).unwrap();
    /// assert_eq!(m.table(), vec![0, 1, 1, 0]);
    /// ```
    pub fn table(&self) -> Vec<u32> {
        let n = self.order();
        let mut t = vec![0u32; n * n];
        // Row x·y for all x at once, built generator by generator along y's word.
        for y in 0..n {
            let mut col: Vec<u32> = (0..n as u32).collect();
            for (g, &e) in self.words[y].0.iter().enumerate() {
                for _ in 0..e {
                    col.iter_mut()
                        .for_each(|z| *z = self.actions[g][*z as usize]);
                }
            }
            for x in 0..n {
                t[x * n + y] = col[x];
            }
        }
        t
    }

    /// The presentation by generators and relations: one relation `w = least word` for
    /// each word w that is not the least word of its element while every word below it
    /// (one exponent lowered by 1) is. These relations define the monoid.
    ///
    /// ```
    /// use nimlab::misere::quotient::monoid::Monoid;
    /// // Z/2 × Z/2.
    /// let m = Monoid::new(4, vec![vec![1, 0, 3, 2], vec![2, 3, 0, 1]]).unwrap();
    /// let rel: Vec<String> = m.presentation().iter().map(|r| r.to_string()).collect();
    /// assert_eq!(rel, ["a^2 = 1", "b^2 = 1"]);
    /// ```
    pub fn presentation(&self) -> Vec<Relation> {
        let mut out = Vec::new();
        for x in 0..self.order() {
            for g in 0..self.generators() {
                let mut w = self.words[x].clone();
                w.0[g] += 1;
                let y = self.actions[g][x];
                if self.words[y as usize] == w {
                    continue;
                }
                let minimal = (0..self.generators()).all(|h| {
                    if w.0[h] == 0 {
                        return true;
                    }
                    let mut v = w.clone();
                    v.0[h] -= 1;
                    self.words[self.element(&v) as usize] == v
                });
                if minimal {
                    out.push(Relation {
                        left: w,
                        right: self.words[y as usize].clone(),
                    });
                }
            }
        }
        out.sort_by(|a, b| b.left.cmp(&a.left));
        out.dedup();
        out
    }
}

/// The least word of every element (None when some element is not reached): the
/// submonoid of the last generators first, each earlier generator's exponent as small as
/// it can be.
fn least_words(order: usize, actions: &[Vec<u32>]) -> Option<Vec<Word>> {
    let k = actions.len();
    let mut words: Vec<Option<Word>> = vec![None; order];
    words[0] = Some(Word(vec![0; k]));
    let mut members = vec![0u32];
    for j in (0..k).rev() {
        // Level e: the elements g_j^e·y, y in the submonoid of g_(j+1)…, each with the
        // least word of such a y.
        let mut level: Vec<(u32, Word)> = members
            .iter()
            .map(|&y| (y, words[y as usize].clone().expect("member has a word")))
            .collect();
        let mut seen_sets: std::collections::HashSet<Vec<u32>> = Default::default();
        let mut key: Vec<u32> = level.iter().map(|p| p.0).collect();
        key.sort_unstable();
        seen_sets.insert(key);
        let mut e = 0u32;
        loop {
            e += 1;
            let mut best: Vec<Option<Word>> = vec![None; order];
            for (y, w) in &level {
                let z = actions[j][*y as usize] as usize;
                if best[z].as_ref().is_none_or(|b| w < b) {
                    best[z] = Some(w.clone());
                }
            }
            level = best
                .into_iter()
                .enumerate()
                .filter_map(|(z, w)| w.map(|w| (z as u32, w)))
                .collect();
            for (z, w) in &level {
                if words[*z as usize].is_none() {
                    let mut w = w.clone();
                    w.0[j] = e;
                    words[*z as usize] = Some(w);
                    members.push(*z);
                }
            }
            let key: Vec<u32> = level.iter().map(|p| p.0).collect();
            if !seen_sets.insert(key) {
                break;
            }
        }
    }
    words.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_least_and_products_agree_with_tables() {
        // T2 of Plambeck–Siegel: a swaps (1 a)(b ab)(b^2 ab^2); b: 1→b→b^2→b, a→ab→ab^2→ab.
        let a = vec![1, 0, 3, 2, 5, 4];
        let b = vec![2, 3, 4, 5, 2, 3];
        let m = Monoid::new(6, vec![a, b]).unwrap();
        let w: Vec<String> = (0..6).map(|x| m.word(x).to_string()).collect();
        assert_eq!(w, ["1", "a", "b", "ab", "b^2", "ab^2"]);
        let rel: Vec<String> = m.presentation().iter().map(|r| r.to_string()).collect();
        assert_eq!(rel, ["a^2 = 1", "b^3 = b"]);
        let t = m.table();
        for x in 0..6u32 {
            for y in 0..6u32 {
                assert_eq!(t[(x * 6 + y) as usize], m.product(y, x));
            }
        }
    }

    #[test]
    fn cyclic_orders_and_non_monoids() {
        assert_eq!(
            Monoid::cyclic(0, 3).unwrap().presentation()[0].to_string(),
            "a^3 = 1"
        );
        assert!(Monoid::cyclic(2, 0).is_err());
        // Unreachable element 2.
        assert!(Monoid::new(3, vec![vec![1, 0, 2]]).is_err());
        // Non-commuting generators.
        assert!(Monoid::new(3, vec![vec![1, 1, 1], vec![2, 2, 2]]).is_err());
    }
}
