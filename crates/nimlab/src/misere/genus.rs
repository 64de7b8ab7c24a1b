//! Conway's genus `g^{γ₀γ₁γ₂…}` of a misère game: `g` = G⁺ and γₙ = G⁻(G + n·*2), a
//! sequence of eventual period 2, stored and printed as CGSuite does.

use super::canonical::{MisereId, MisereStore};
use super::phylum::Phylum;
use crate::Result;
use std::fmt;

/// The genus of a misère game, as CGSuite keeps it: the base G⁺ and the first
/// superscript digits γ₀, γ₁, … (the rest follow by CGSuite's extension rule).
///
/// Printing: `g` alone for a nim-heap genus, `g^d` (d = G⁻) for tame and restive
/// games, all stored digits for the others (`2^1420`), parenthesised with commas when
/// a digit is 10 or more (`6^(1,9,10,8)`).
///
/// ```
/// let mut s = nimlab::misere::MisereStore::new();
/// let two = s.nim_heap(2).unwrap();
/// assert_eq!(s.genus(two).unwrap().to_string(), "2");
/// let sharp = s.game(vec![two]).unwrap();
/// assert_eq!(s.genus(sharp).unwrap().to_string(), "0^0");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Genus {
    /// The phylum the digits are read with: a nim-heap, a tame or restive phylum, or
    /// [`Phylum::Wild`] for a genus made from the options' genera.
    phylum: Phylum,
    base: u32,
    sup: Vec<u32>,
}

impl Genus {
    /// The genus of a game of a tame or restive phylum, from G⁺ and G⁻.
    fn tame(phylum: Phylum, gplus: u32, gminus: u32) -> Genus {
        Genus {
            phylum,
            base: gplus,
            sup: if phylum == Phylum::NimHeap {
                Vec::new()
            } else {
                vec![gminus]
            },
        }
    }

    /// The genus of a game from its options' genera (at least one).
    fn from_options(options: &[&Genus]) -> Genus {
        let base = super::canonical::mex(options.iter().map(|g| g.base));
        let mut max_differ = options
            .iter()
            .map(|g| g.max_differ())
            .max()
            .unwrap_or(1)
            .max(1)
            + 2;
        let mut digits = Vec::with_capacity(max_differ + 1);
        digits.push(super::canonical::mex(options.iter().map(|g| g.digit(0))));
        for i in 1..=max_differ {
            let prev = digits[i - 1];
            let d = super::canonical::mex(
                [prev, prev ^ 1]
                    .into_iter()
                    .chain(options.iter().map(|g| g.digit(i))),
            );
            digits.push(d);
        }
        while max_differ > 1 && digits[max_differ] == digits[max_differ - 2] {
            max_differ -= 1;
        }
        digits.truncate(max_differ + 1);
        Genus {
            phylum: Phylum::Wild,
            base,
            sup: digits,
        }
    }

    /// The index from which the digits repeat with period 2 (CGSuite's `maxDiffer`).
    fn max_differ(&self) -> usize {
        if self.phylum.is_generally_tame() {
            if self.base < 2 && (self.sup.is_empty() || self.sup[0] != self.base) {
                2
            } else {
                1
            }
        } else if self.phylum.is_generally_restive() {
            if self.sup[0] < 4 {
                1
            } else {
                2
            }
        } else {
            self.sup.len() - 1
        }
    }

    /// The base, G⁺.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let three = s.nim_heap(3).unwrap();
    /// assert_eq!(s.genus(three).unwrap().base(), 3);
    /// ```
    pub fn base(&self) -> u32 {
        self.base
    }

    /// The superscript digit γᵢ = G⁻(G + i·*2), for any i.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let g = s.genus(s.zero()).unwrap();
    /// // 0 has genus 0^{1,2,0,2,…}.
    /// assert_eq!((0..4).map(|i| g.digit(i)).collect::<Vec<_>>(), [1, 2, 0, 2]);
    /// ```
    pub fn digit(&self, i: usize) -> u32 {
        if i < self.sup.len() {
            return self.sup[i];
        }
        if self.phylum.is_generally_tame() {
            if i == 0 && self.base < 2 {
                return 1 - self.base;
            }
            return self.base ^ (((i & 1) as u32) << 1);
        }
        if self.phylum.is_generally_restive() {
            let d = if self.sup[0] < 4 {
                self.sup[0]
            } else {
                self.base
            };
            return d ^ (((i & 1) as u32) << 1);
        }
        let n = self.sup.len();
        self.sup[n - 2 + ((n ^ i) & 1)]
    }

    /// The misère nim value, γ₀.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// assert_eq!(s.genus(s.zero()).unwrap().misere_nim_value(), 1);
    /// ```
    pub fn misere_nim_value(&self) -> u32 {
        self.digit(0)
    }

    /// The superscript digits as stored (and printed).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// assert!(s.genus(s.zero()).unwrap().digits().is_empty());
    /// ```
    pub fn digits(&self) -> &[u32] {
        &self.sup
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.base)?;
        if self.sup.is_empty() {
            return Ok(());
        }
        f.write_str("^")?;
        if self.sup.iter().any(|&d| d >= 10) {
            let parts: Vec<String> = self.sup.iter().map(|d| d.to_string()).collect();
            write!(f, "({})", parts.join(","))
        } else {
            for d in &self.sup {
                write!(f, "{d}")?;
            }
            Ok(())
        }
    }
}

impl MisereStore {
    /// The genus of a game (CGSuite's `Genus`), remembered; computed from the options'
    /// genera with an explicit stack.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (one, two) = (s.nim_heap(1).unwrap(), s.nim_heap(2).unwrap());
    /// let sharp = s.game(vec![two]).unwrap();
    /// let g = s.game(vec![sharp, one]).unwrap(); // 2#1, restless
    /// assert_eq!(s.genus(g).unwrap().to_string(), "2^1420");
    /// ```
    pub fn genus(&mut self, g: MisereId) -> Result<Genus> {
        self.check(g)?;
        let mut stack = vec![g];
        while let Some(&x) = stack.last() {
            let p = self.phylum(x);
            if p.is_restive_or_tame() || self.genera.contains_key(&x) {
                stack.pop();
                continue;
            }
            let opts = self.options(x);
            let missing: Vec<MisereId> = opts
                .iter()
                .copied()
                .filter(|&o| !self.phylum(o).is_restive_or_tame() && !self.genera.contains_key(&o))
                .collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let genera: Vec<Genus> = opts.iter().map(|&o| self.known_genus(o)).collect();
            let refs: Vec<&Genus> = genera.iter().collect();
            let genus = Genus::from_options(&refs);
            self.genera.insert(x, genus);
            stack.pop();
        }
        Ok(self.known_genus(g))
    }

    /// The genus of a game whose genus is known (tame, restive or remembered).
    fn known_genus(&self, g: MisereId) -> Genus {
        let p = self.phylum(g);
        if p.is_restive_or_tame() {
            Genus::tame(p, self.nim_value(g), self.misere_nim_value(g))
        } else {
            self.genera[&g].clone()
        }
    }
}
