//! The value of one heap of a take-and-break code whose moves leave at most two heaps, by
//! the steps of the sparse-space algorithm (see `sparse`), reading the values below it
//! wherever they are: what an on-disk run computes when a value needs a split beyond the
//! values it keeps in memory.

use super::code::Code;
use super::sparse::is_rare;
use crate::Result;

/// The values of the scan of step 3 are read this many at a time.
const CHUNK: u64 = 1 << 12;

/// What [`value`] needs to know of the values below heap n.
pub(super) struct Below<'a, R> {
    /// The code and whether its splits must be into unequal heaps.
    pub code: &'a Code,
    pub unequal: bool,
    /// The mask of the rare values.
    pub mask: u32,
    /// The heaps p ≥ 1 below n with a rare value, ascending, with their values.
    pub rare: &'a [(u64, u32)],
    /// The largest value below n.
    pub max_value: u32,
    /// Reads G(x) … G(x + len − 1) onto the vector.
    pub read: R,
}

/// G(n): step 1 marks the moves that leave one heap or none and the splits with a rare
/// part; step 2 finds c, the least common value not marked; step 3 looks for the rare
/// values below c not marked among all the other splits, and stops once every one is
/// found. G(n) is the least rare value not found, or c.
pub(super) fn value<R>(below: &mut Below<'_, R>, n: u64) -> Result<u32>
where
    R: FnMut(u64, usize, &mut Vec<u32>) -> Result<()>,
{
    // Every option value is an XOR of values below the least power of 2 above them.
    let size = (below.max_value as usize + 1).next_power_of_two();
    let mut marks = vec![false; size];
    let mut one = Vec::with_capacity(1);
    let mut get = |x: u64, read: &mut R| -> Result<u32> {
        one.clear();
        read(x, 1, &mut one)?;
        Ok(one[0])
    };
    let top = below.code.max_take().map_or(n, |t| t.min(n));
    let mut split_takes = Vec::new();
    for k in 0..=top {
        let d = below.code.digit(k);
        let m = n - k;
        if m == 0 {
            if d & 1 != 0 {
                marks[0] = true;
            }
            continue;
        }
        if k > 0 && d & 2 != 0 {
            marks[get(m, &mut below.read)? as usize] = true;
        }
        if d & 4 != 0 && m >= 2 {
            split_takes.push(m);
            // Step 1: the splits with a rare part.
            for &(p, v) in below.rare.iter().take_while(|&&(p, _)| p < m) {
                if !(below.unequal && 2 * p == m) {
                    marks[(v ^ get(m - p, &mut below.read)?) as usize] = true;
                }
            }
        }
    }
    // Step 2.
    let c = (0u32..)
        .find(|&v| !is_rare(v, below.mask) && !marks.get(v as usize).copied().unwrap_or(false))
        .unwrap_or(u32::MAX);
    let mut wanted: Vec<bool> = (0..size)
        .map(|v| (v as u32) < c && is_rare(v as u32, below.mask) && !marks[v])
        .collect();
    let mut left = wanted.iter().filter(|&&w| w).count();
    // Step 3.
    let (mut lo, mut hi) = (Vec::new(), Vec::new());
    for m in split_takes {
        let half = if below.unequal { (m - 1) / 2 } else { m / 2 };
        let mut a = 1;
        while a <= half && left > 0 {
            let len = CHUNK.min(half + 1 - a);
            lo.clear();
            hi.clear();
            (below.read)(a, len as usize, &mut lo)?;
            // G(m − a − len + 1) … G(m − a): the other parts, backwards.
            (below.read)(m - a - len + 1, len as usize, &mut hi)?;
            for (x, y) in lo.iter().zip(hi.iter().rev()) {
                let v = (x ^ y) as usize;
                if wanted[v] {
                    wanted[v] = false;
                    left -= 1;
                }
            }
            a += len;
        }
    }
    // No option reaches `size`: a rare value from there up to c is never found.
    let beyond = (size as u32..c).find(|&v| is_rare(v, below.mask));
    let not_found = wanted.iter().position(|&w| w).map(|v| v as u32);
    Ok(not_found.or(beyond).unwrap_or(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{Algorithm, Rule, Sequence};

    #[test]
    fn every_value_is_the_plain_algorithms() {
        // Codes that split, with and without unequal parts, with several masks.
        for (text, masks) in [
            ("grundy", &[1u32][..]),
            ("0.16", &[0, 1, 3][..]),
            ("0.56", &[0, 2][..]),
            ("4.07", &[0, 1][..]),
            ("kayles", &[0, 1][..]),
        ] {
            let rule = Rule::parse(text).unwrap();
            let Rule::TakeBreak { code, unequal } = &rule else {
                unreachable!()
            };
            let mut plain = Sequence::with_algorithm(rule.clone(), Algorithm::Plain);
            plain.extend_to(3000).unwrap();
            let g: Vec<u32> = plain.values().iter().collect();
            for &mask in masks {
                let mut rare = Vec::new();
                let mut max_value = 0;
                for n in 1..g.len() as u64 {
                    let mut below = Below {
                        code,
                        unequal: *unequal,
                        mask,
                        rare: &rare,
                        max_value,
                        read: |x: u64, len: usize, out: &mut Vec<u32>| {
                            out.extend_from_slice(&g[x as usize..x as usize + len]);
                            Ok(())
                        },
                    };
                    let v = value(&mut below, n).unwrap();
                    assert_eq!(v, g[n as usize], "{text}, mask {mask}, heap {n}");
                    if is_rare(v, mask) {
                        rare.push((n, v));
                    }
                    max_value = max_value.max(v);
                }
            }
        }
    }
}
