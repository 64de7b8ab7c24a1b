//! Exact greatest common divisors of multivariate polynomials with integer
//! coefficients, and the map from generalized ordinals to such polynomials that keeps
//! the quotients of [`Surreal`](super::Surreal) in lowest terms.
//!
//! A term c·ω^α, with α = Σ eᵢ·ω^βᵢ in Cantor normal form, becomes the monomial
//! c·Π xᵢ^eᵢ in variables xᵢ standing for ω^(ω^βᵢ). Under the natural operations this map
//! is a ring isomorphism onto its image, so a common factor of two generalized ordinals
//! is a common factor of their polynomials, and the other way round.
//!
//! The gcd is the classical recursive one: a polynomial is seen as univariate in its
//! main variable with coefficients in the ring of the remaining ones; the gcd is the gcd
//! of the contents times the primitive part of the last nonzero remainder of the
//! primitive pseudo-remainder sequence.

use super::ordinal::Ordinal;
use crate::{Error, Result};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// The most variables (distinct ω^(ω^β) occurring) a reduction handles.
pub(crate) const MAX_VARIABLES: usize = 16;

/// The work (in products of pairs of terms) a reduction may spend before it gives up.
pub(crate) const MAX_WORK: u64 = 1_000_000;

type Monomial = Vec<u32>;

/// A bound on the work of one reduction, so that huge inputs end in a limit error
/// rather than a hang.
pub(crate) struct Budget {
    left: u64,
}

impl Budget {
    pub(crate) fn new(work: u64) -> Budget {
        Budget { left: work }
    }

    fn charge(&mut self, work: usize) -> Result<()> {
        let work = work as u64;
        if work > self.left {
            self.left = 0;
            return Err(Error::limit(
                "reducing a quotient of generalized ordinals to lowest terms",
                format!("about {MAX_WORK} steps of polynomial arithmetic"),
            ));
        }
        self.left -= work;
        Ok(())
    }
}

/// A polynomial in `nvars` variables with integer coefficients: its nonzero terms,
/// sorted by monomial in decreasing lexicographic order (variable 0 most significant).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Poly {
    nvars: usize,
    terms: Vec<(Monomial, BigInt)>,
}

impl Poly {
    /// The polynomial with these terms (in any order, repeats added up).
    pub(crate) fn new(nvars: usize, terms: Vec<(Monomial, BigInt)>) -> Poly {
        let mut map: BTreeMap<Monomial, BigInt> = BTreeMap::new();
        for (m, c) in terms {
            debug_assert_eq!(m.len(), nvars);
            *map.entry(m).or_default() += c;
        }
        Poly {
            nvars,
            terms: map
                .into_iter()
                .rev()
                .filter(|(_, c)| !c.is_zero())
                .collect(),
        }
    }

    fn from_sorted(nvars: usize, terms: Vec<(Monomial, BigInt)>) -> Poly {
        Poly { nvars, terms }
    }

    fn zero(nvars: usize) -> Poly {
        Poly {
            nvars,
            terms: Vec::new(),
        }
    }

    fn constant(nvars: usize, c: BigInt) -> Poly {
        if c.is_zero() {
            Poly::zero(nvars)
        } else {
            Poly {
                nvars,
                terms: vec![(vec![0; nvars], c)],
            }
        }
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    pub(crate) fn is_constant(&self) -> bool {
        self.terms.is_empty() || (self.terms.len() == 1 && self.terms[0].0.iter().all(|&e| e == 0))
    }

    fn is_unit(&self) -> bool {
        self.is_constant() && self.terms.len() == 1 && self.terms[0].1.abs().is_one()
    }

    #[cfg(test)]
    pub(crate) fn terms(&self) -> &[(Monomial, BigInt)] {
        &self.terms
    }

    fn neg(&self) -> Poly {
        Poly::from_sorted(
            self.nvars,
            self.terms.iter().map(|(m, c)| (m.clone(), -c)).collect(),
        )
    }

    /// The same polynomial with a positive leading coefficient.
    fn normalized(self) -> Poly {
        match self.terms.first() {
            Some((_, c)) if c.is_negative() => self.neg(),
            _ => self,
        }
    }

    fn sub(&self, other: &Poly) -> Poly {
        let (a, b) = (&self.terms, &other.terms);
        let mut out = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].0.cmp(&b[j].0) {
                std::cmp::Ordering::Greater => {
                    out.push(a[i].clone());
                    i += 1;
                }
                std::cmp::Ordering::Less => {
                    out.push((b[j].0.clone(), -&b[j].1));
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    let c = &a[i].1 - &b[j].1;
                    if !c.is_zero() {
                        out.push((a[i].0.clone(), c));
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        out.extend_from_slice(&a[i..]);
        out.extend(b[j..].iter().map(|(m, c)| (m.clone(), -c)));
        Poly::from_sorted(self.nvars, out)
    }

    pub(crate) fn mul(&self, other: &Poly, budget: &mut Budget) -> Result<Poly> {
        budget.charge(self.terms.len().saturating_mul(other.terms.len()))?;
        if self.is_zero() || other.is_zero() {
            return Ok(Poly::zero(self.nvars));
        }
        if other.is_constant() {
            let c = &other.terms[0].1;
            return Ok(Poly::from_sorted(
                self.nvars,
                self.terms.iter().map(|(m, d)| (m.clone(), d * c)).collect(),
            ));
        }
        let mut map: FxHashMap<Monomial, BigInt> = FxHashMap::default();
        for (ma, ca) in &self.terms {
            for (mb, cb) in &other.terms {
                let m: Monomial = ma.iter().zip(mb).map(|(x, y)| x + y).collect();
                *map.entry(m).or_default() += ca * cb;
            }
        }
        let mut terms: Vec<(Monomial, BigInt)> =
            map.into_iter().filter(|(_, c)| !c.is_zero()).collect();
        terms.sort_by(|a, b| b.0.cmp(&a.0));
        Ok(Poly::from_sorted(self.nvars, terms))
    }

    /// `self / divisor` when the division is exact, `None` when it is not.
    pub(crate) fn div_exact(&self, divisor: &Poly, budget: &mut Budget) -> Result<Option<Poly>> {
        let Some((lm, lc)) = divisor.terms.first() else {
            return Ok(None);
        };
        let mut rem: BTreeMap<Monomial, BigInt> = self.terms.iter().cloned().collect();
        let mut quotient = Vec::new();
        while let Some((m, c)) = rem.pop_last() {
            if m.iter().zip(lm).any(|(a, b)| a < b) {
                return Ok(None);
            }
            let (qc, r) = c.div_rem(lc);
            if !r.is_zero() {
                return Ok(None);
            }
            budget.charge(divisor.terms.len())?;
            let qm: Monomial = m.iter().zip(lm).map(|(a, b)| a - b).collect();
            for (dm, dc) in &divisor.terms[1..] {
                let key: Monomial = qm.iter().zip(dm).map(|(a, b)| a + b).collect();
                let entry = rem.entry(key).or_default();
                *entry -= &qc * dc;
                if entry.is_zero() {
                    let key: Monomial = qm.iter().zip(dm).map(|(a, b)| a + b).collect();
                    rem.remove(&key);
                }
            }
            quotient.push((qm, qc));
        }
        Ok(Some(Poly::from_sorted(self.nvars, quotient)))
    }

    fn degree_in(&self, v: usize) -> u32 {
        self.terms.iter().map(|(m, _)| m[v]).max().unwrap_or(0)
    }

    /// The coefficient of x_v^k, as a polynomial free of x_v.
    fn coefficient_at(&self, v: usize, k: u32) -> Poly {
        Poly::from_sorted(
            self.nvars,
            self.terms
                .iter()
                .filter(|(m, _)| m[v] == k)
                .map(|(m, c)| {
                    let mut m = m.clone();
                    m[v] = 0;
                    (m, c.clone())
                })
                .collect(),
        )
    }

    /// The coefficients of the powers of x_v, as polynomials free of x_v.
    fn coefficients_in(&self, v: usize) -> Vec<Poly> {
        let mut groups: BTreeMap<u32, Vec<(Monomial, BigInt)>> = BTreeMap::new();
        for (m, c) in &self.terms {
            let mut m2 = m.clone();
            m2[v] = 0;
            groups.entry(m[v]).or_default().push((m2, c.clone()));
        }
        groups
            .into_values()
            .map(|terms| Poly::new(self.nvars, terms))
            .collect()
    }

    /// This polynomial times x_v^k.
    fn shifted(mut self, v: usize, k: u32) -> Poly {
        for (m, _) in &mut self.terms {
            m[v] += k;
        }
        self
    }

    /// The smallest variable that occurs.
    fn first_variable(&self) -> Option<usize> {
        (0..self.nvars).find(|&v| self.terms.iter().any(|(m, _)| m[v] > 0))
    }

    fn integer_content(&self) -> BigInt {
        let mut g = BigInt::zero();
        for (_, c) in &self.terms {
            g = g.gcd(c);
            if g.is_one() {
                break;
            }
        }
        g
    }
}

/// The greatest common divisor of `a` and `b` in Z[x₀, …], with a positive leading
/// coefficient (zero only when both are zero).
pub(crate) fn gcd(a: &Poly, b: &Poly, budget: &mut Budget) -> Result<Poly> {
    if a.is_zero() {
        return Ok(b.clone().normalized());
    }
    if b.is_zero() {
        return Ok(a.clone().normalized());
    }
    if a.is_constant() || b.is_constant() {
        let g = a.integer_content().gcd(&b.integer_content());
        return Ok(Poly::constant(a.nvars, g));
    }
    // The main variable: the first one occurring in either.
    let v = match (a.first_variable(), b.first_variable()) {
        (Some(x), Some(y)) => x.min(y),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => unreachable!("non-constant polynomials have a variable"),
    };
    let (ca, cb) = (content_in(a, v, budget)?, content_in(b, v, budget)?);
    let c = gcd(&ca, &cb, budget)?;
    if a.degree_in(v) == 0 || b.degree_in(v) == 0 {
        return Ok(c);
    }
    let pa = primitive_part(a, &ca, budget)?;
    let pb = primitive_part(b, &cb, budget)?;
    let (mut f, mut g) = if pa.degree_in(v) >= pb.degree_in(v) {
        (pa, pb)
    } else {
        (pb, pa)
    };
    loop {
        let r = pseudo_remainder(&f, &g, v, budget)?;
        if r.is_zero() {
            break;
        }
        if r.degree_in(v) == 0 {
            // The primitive parts are coprime.
            return Ok(c);
        }
        let cr = content_in(&r, v, budget)?;
        f = g;
        g = primitive_part(&r, &cr, budget)?;
    }
    Ok(c.mul(&g, budget)?.normalized())
}

/// The gcd of the coefficients of `p` seen as a polynomial in x_v.
fn content_in(p: &Poly, v: usize, budget: &mut Budget) -> Result<Poly> {
    let mut g = Poly::zero(p.nvars);
    for c in p.coefficients_in(v) {
        g = gcd(&g, &c, budget)?;
        if g.is_unit() {
            break;
        }
    }
    Ok(g)
}

fn primitive_part(p: &Poly, content: &Poly, budget: &mut Budget) -> Result<Poly> {
    Ok(p.div_exact(content, budget)?
        .expect("the content divides the polynomial"))
}

/// The pseudo-remainder of `f` by `g` in x_v: lc(g)^(deg f − deg g + 1)·f mod g.
fn pseudo_remainder(f: &Poly, g: &Poly, v: usize, budget: &mut Budget) -> Result<Poly> {
    let d = g.degree_in(v);
    let lcg = g.coefficient_at(v, d);
    let mut r = f.clone();
    let mut e = (f.degree_in(v) + 1).saturating_sub(d);
    while !r.is_zero() {
        let k = r.degree_in(v);
        if k < d {
            break;
        }
        let lcr = r.coefficient_at(v, k);
        let left = lcg.mul(&r, budget)?;
        let right = lcr.mul(g, budget)?.shifted(v, k - d);
        r = left.sub(&right);
        e = e.saturating_sub(1);
    }
    for _ in 0..e {
        r = lcg.mul(&r, budget)?;
    }
    Ok(r)
}

/// `num / den` (both nonzero) in lowest terms: both divided by their greatest common
/// divisor. The sign is left to the caller.
pub(crate) fn reduce_fraction(num: &Ordinal, den: &Ordinal) -> Result<(Ordinal, Ordinal)> {
    // The common integer content and the common power of ω first: cheap, and all that
    // is needed when either side is a single term.
    let g = num.content().gcd(&den.content());
    let mut exponents = num.terms().iter().chain(den.terms()).map(|t| t.exponent());
    let first = exponents.next().cloned().unwrap_or_default();
    let m = exponents.fold(first, |m, e| m.componentwise_min(e));
    let (num, den) = if g.is_one() && m.is_zero() {
        (num.clone(), den.clone())
    } else {
        (num.divide_monomial(&g, &m), den.divide_monomial(&g, &m))
    };
    if num.terms().len() <= 1 || den.terms().len() <= 1 {
        return Ok((num, den));
    }
    // The variables: ω^(ω^β) for every β occurring as an exponent of an exponent.
    let mut betas: Vec<Ordinal> = num
        .terms()
        .iter()
        .chain(den.terms())
        .flat_map(|t| t.exponent().terms().iter().map(|s| s.exponent().clone()))
        .collect();
    betas.sort_by(|a, b| b.cmp(a));
    betas.dedup();
    if betas.len() > MAX_VARIABLES {
        return Err(Error::limit(
            format!(
                "a quotient of generalized ordinals in {} independent powers ω^(ω^β)",
                betas.len()
            ),
            format!("at most {MAX_VARIABLES} of them"),
        ));
    }
    let p = to_poly(&num, &betas)?;
    let q = to_poly(&den, &betas)?;
    let mut budget = Budget::new(MAX_WORK);
    let d = gcd(&p, &q, &mut budget)?;
    if d.is_unit() {
        return Ok((num, den));
    }
    let p = p.div_exact(&d, &mut budget)?.expect("the gcd divides");
    let q = q.div_exact(&d, &mut budget)?.expect("the gcd divides");
    Ok((from_poly(&p, &betas), from_poly(&q, &betas)))
}

fn to_poly(x: &Ordinal, betas: &[Ordinal]) -> Result<Poly> {
    let mut terms = Vec::with_capacity(x.terms().len());
    for t in x.terms() {
        let mut m = vec![0u32; betas.len()];
        for s in t.exponent().terms() {
            let i = betas
                .binary_search_by(|b| s.exponent().cmp(b))
                .expect("every exponent of an exponent is a variable");
            m[i] = s.coefficient().to_u32().ok_or_else(|| {
                Error::limit(
                    format!("reducing a quotient with the power ω^({})", t.exponent()),
                    format!("coefficients of exponents up to {}", u32::MAX),
                )
            })?;
        }
        terms.push((m, t.coefficient().clone()));
    }
    Ok(Poly::new(betas.len(), terms))
}

fn from_poly(p: &Poly, betas: &[Ordinal]) -> Ordinal {
    let terms = p
        .terms
        .iter()
        .map(|(m, c)| {
            let exponent = Ordinal::from_terms(
                m.iter()
                    .zip(betas)
                    .filter(|&(&e, _)| e > 0)
                    .map(|(&e, b)| Ordinal::term(BigInt::from(e), b.clone()))
                    .collect(),
            );
            Ordinal::term(c.clone(), exponent)
        })
        .collect();
    Ordinal::from_terms(terms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget() -> Budget {
        Budget::new(MAX_WORK)
    }

    /// A polynomial from (exponents, coefficient) pairs.
    fn poly(nvars: usize, terms: &[(&[u32], i64)]) -> Poly {
        Poly::new(
            nvars,
            terms
                .iter()
                .map(|(m, c)| (m.to_vec(), BigInt::from(*c)))
                .collect(),
        )
    }

    fn mul(a: &Poly, b: &Poly) -> Poly {
        a.mul(b, &mut budget()).unwrap()
    }

    fn divides(d: &Poly, p: &Poly) -> Option<Poly> {
        p.div_exact(d, &mut budget()).unwrap()
    }

    /// A small deterministic generator (xorshift).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
        fn poly(&mut self, nvars: usize, max_terms: u64, max_degree: u32) -> Poly {
            loop {
                let count = 1 + self.below(max_terms);
                let terms = (0..count)
                    .map(|_| {
                        let m: Monomial = (0..nvars)
                            .map(|_| self.below(u64::from(max_degree) + 1) as u32)
                            .collect();
                        let c = self.below(7) as i64 - 3;
                        (m, BigInt::from(c))
                    })
                    .collect();
                let p = Poly::new(nvars, terms);
                if !p.is_zero() {
                    return p;
                }
            }
        }
    }

    /// The determinant of an integer matrix (fraction-free Bareiss elimination).
    fn determinant(mut a: Vec<Vec<BigInt>>) -> BigInt {
        let n = a.len();
        if n == 0 {
            return BigInt::one();
        }
        let mut sign = BigInt::one();
        let mut prev = BigInt::one();
        for k in 0..n - 1 {
            if a[k][k].is_zero() {
                match (k + 1..n).find(|&i| !a[i][k].is_zero()) {
                    Some(i) => {
                        a.swap(i, k);
                        sign = -sign;
                    }
                    None => return BigInt::zero(),
                }
            }
            for i in k + 1..n {
                for j in k + 1..n {
                    let v = &a[i][j] * &a[k][k] - &a[i][k] * &a[k][j];
                    a[i][j] = v / &prev;
                }
            }
            prev = a[k][k].clone();
        }
        sign * &a[n - 1][n - 1]
    }

    /// The resultant of two univariate polynomials given by dense coefficient lists
    /// (lowest degree first, nonzero leading coefficient).
    fn resultant(f: &[BigInt], g: &[BigInt]) -> BigInt {
        let (m, n) = (f.len() - 1, g.len() - 1);
        let size = m + n;
        let mut rows = Vec::with_capacity(size);
        for i in 0..n {
            let mut row = vec![BigInt::zero(); size];
            for (j, c) in f.iter().rev().enumerate() {
                row[i + j] = c.clone();
            }
            rows.push(row);
        }
        for i in 0..m {
            let mut row = vec![BigInt::zero(); size];
            for (j, c) in g.iter().rev().enumerate() {
                row[i + j] = c.clone();
            }
            rows.push(row);
        }
        determinant(rows)
    }

    /// Dense coefficients in variable `v` of `p` with every other variable replaced by
    /// the value in `point` (trailing zeros trimmed).
    fn specialize(p: &Poly, v: usize, point: &[i64]) -> Vec<BigInt> {
        let mut dense = vec![BigInt::zero(); p.degree_in(v) as usize + 1];
        for (m, c) in &p.terms {
            let mut value = c.clone();
            for (i, &e) in m.iter().enumerate() {
                if i != v {
                    value *= num_traits::pow(BigInt::from(point[i]), e as usize);
                }
            }
            dense[m[v] as usize] += value;
        }
        while dense.len() > 1 && dense.last().is_some_and(|c| c.is_zero()) {
            dense.pop();
        }
        dense
    }

    /// An independent proof that `u` and `w` (nonzero) have no common factor other than
    /// ±1: their integer contents are coprime, and for each variable some
    /// specialization of the others keeps both leading coefficients and gives a nonzero
    /// resultant (a common factor of positive degree in that variable would make every
    /// such resultant vanish).
    fn provably_coprime(u: &Poly, w: &Poly, rng: &mut Rng) -> bool {
        if !u.integer_content().gcd(&w.integer_content()).is_one() {
            return false;
        }
        let n = u.nvars;
        'vars: for v in 0..n {
            let (du, dw) = (u.degree_in(v), w.degree_in(v));
            if du == 0 || dw == 0 {
                continue;
            }
            for _ in 0..20 {
                let point: Vec<i64> = (0..n).map(|_| rng.below(21) as i64 - 10).collect();
                let (fu, fw) = (specialize(u, v, &point), specialize(w, v, &point));
                if fu.len() as u32 != du + 1 || fw.len() as u32 != dw + 1 {
                    continue;
                }
                if !resultant(&fu, &fw).is_zero() {
                    continue 'vars;
                }
            }
            return false;
        }
        true
    }

    /// Checks that `d` is a greatest common divisor of `a` and `b`.
    fn check_gcd(a: &Poly, b: &Poly, d: &Poly, rng: &mut Rng) {
        let u = divides(d, a).expect("the gcd divides the first");
        let w = divides(d, b).expect("the gcd divides the second");
        assert!(
            provably_coprime(&u, &w, rng),
            "cofactors of {d:?} share a factor"
        );
    }

    #[test]
    fn constants_and_zero() {
        let mut b = budget();
        let z = Poly::zero(2);
        let six = Poly::constant(2, 6.into());
        let x = poly(2, &[(&[1, 0], 4), (&[0, 1], -10)]);
        assert_eq!(gcd(&z, &z, &mut b).unwrap(), z);
        assert_eq!(gcd(&z, &x, &mut b).unwrap(), x);
        assert_eq!(gcd(&x.neg(), &z, &mut b).unwrap(), x);
        assert_eq!(gcd(&six, &x, &mut b).unwrap(), Poly::constant(2, 2.into()));
        assert_eq!(gcd(&six, &six.neg(), &mut b).unwrap(), six);
        assert_eq!(gcd(&x, &x, &mut b).unwrap(), x);
    }

    #[test]
    fn univariate() {
        let mut b = budget();
        // x² − 1 and x² + 2x + 1 share x + 1.
        let p = poly(1, &[(&[2], 1), (&[0], -1)]);
        let q = poly(1, &[(&[2], 1), (&[1], 2), (&[0], 1)]);
        assert_eq!(
            gcd(&p, &q, &mut b).unwrap(),
            poly(1, &[(&[1], 1), (&[0], 1)])
        );
        // 6x² − 6 and 4x − 4 share 2(x − 1).
        let p = poly(1, &[(&[2], 6), (&[0], -6)]);
        let q = poly(1, &[(&[1], 4), (&[0], -4)]);
        assert_eq!(
            gcd(&p, &q, &mut b).unwrap(),
            poly(1, &[(&[1], 2), (&[0], -2)])
        );
        // x¹⁰ − 1 and x⁶ − 1 share x² − 1.
        let p = poly(1, &[(&[10], 1), (&[0], -1)]);
        let q = poly(1, &[(&[6], 1), (&[0], -1)]);
        assert_eq!(
            gcd(&p, &q, &mut b).unwrap(),
            poly(1, &[(&[2], 1), (&[0], -1)])
        );
        // Coprime.
        let p = poly(1, &[(&[3], 2), (&[1], 1), (&[0], 5)]);
        let q = poly(1, &[(&[2], 3), (&[0], 7)]);
        assert_eq!(gcd(&p, &q, &mut b).unwrap(), Poly::constant(1, 1.into()));
    }

    #[test]
    fn known_factors() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        // f = (x + 1)(y − 2)z, g = x − y, h = x + y + 3z.
        let f = mul(
            &mul(
                &poly(3, &[(&[1, 0, 0], 1), (&[0, 0, 0], 1)]),
                &poly(3, &[(&[0, 1, 0], 1), (&[0, 0, 0], -2)]),
            ),
            &poly(3, &[(&[0, 0, 1], 1)]),
        );
        let g = poly(3, &[(&[1, 0, 0], 1), (&[0, 1, 0], -1)]);
        let h = poly(3, &[(&[1, 0, 0], 1), (&[0, 1, 0], 1), (&[0, 0, 1], 3)]);
        let d = gcd(&mul(&f, &g), &mul(&f, &h), &mut budget()).unwrap();
        assert_eq!(d, f.clone().normalized());
        check_gcd(&mul(&f, &g), &mul(&f, &h), &d, &mut rng);
        // A factor only in the later variables: gcd(y·x + y, y·x² − y) = y(x + 1).
        let p = poly(2, &[(&[1, 1], 1), (&[0, 1], 1)]);
        let q = poly(2, &[(&[2, 1], 1), (&[0, 1], -1)]);
        assert_eq!(
            gcd(&p, &q, &mut budget()).unwrap(),
            poly(2, &[(&[1, 1], 1), (&[0, 1], 1)])
        );
    }

    #[test]
    fn random_products() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for round in 0..60 {
            let nvars = 1 + round % 3;
            let f = rng.poly(nvars, 3, 2);
            let g = rng.poly(nvars, 3, 2);
            let h = rng.poly(nvars, 3, 2);
            let (a, b) = (mul(&f, &g), mul(&f, &h));
            let d = gcd(&a, &b, &mut budget()).unwrap();
            assert!(divides(&f, &d).is_some(), "{f:?} does not divide {d:?}");
            check_gcd(&a, &b, &d, &mut rng);
            assert!(d.terms()[0].1.is_positive());
            // Symmetric, up to nothing: both are normalized.
            assert_eq!(gcd(&b, &a, &mut budget()).unwrap(), d);
        }
    }

    #[test]
    fn budget_stops_huge_work() {
        // x^(10^6) − 1 and x^(10^6 − 1) − 1 would take about a million steps each.
        let p = poly(1, &[(&[1_000_000], 1), (&[0], -1)]);
        let q = poly(1, &[(&[999_999], 1), (&[0], -1)]);
        let e = gcd(&p, &q, &mut Budget::new(10_000)).unwrap_err();
        assert!(matches!(e, Error::Limit(_)));
    }

    #[test]
    fn ordinals_round_trip() {
        let w = Ordinal::omega();
        let ww = Ordinal::monomial(BigInt::one(), w.clone()).unwrap();
        let one = Ordinal::one();
        // (ω^(ω+1) − ω^ω − ω + 1) / (ω − 1) = ω^ω − 1.
        let num = &(&(&ww * &w) - &ww) - &(&w - &one);
        let den = &w - &one;
        let (n, d) = reduce_fraction(&num, &den).unwrap();
        assert_eq!(n, &ww - &one);
        assert_eq!(d, one);
        // 6ω²/(4ω): the cheap path.
        let (n, d) =
            reduce_fraction(&(&Ordinal::from(6) * &(&w * &w)), &(&Ordinal::from(4) * &w)).unwrap();
        assert_eq!((n.to_string(), d.to_string()), ("3ω".into(), "2".into()));
        // Too large an exponent for the general path is a limit error.
        let huge =
            Ordinal::monomial(BigInt::one(), Ordinal::from(BigInt::from(1u64 << 40))).unwrap();
        let e = reduce_fraction(&(&huge - &one), &(&w + &one)).unwrap_err();
        assert!(matches!(e, Error::Limit(_)));
    }
}
