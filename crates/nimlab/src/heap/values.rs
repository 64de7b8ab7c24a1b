//! Compact storage of a Grundy sequence: values in the smallest integer width that fits.

use serde::Serialize;

/// The values G(0), G(1), … of a heap game, one byte each while every value is below 256,
/// two bytes while below 65536, four bytes beyond. Widening happens on the push that needs
/// it.
///
/// ```
/// use nimlab::heap::Values;
/// let mut v = Values::default();
/// v.push(3);
/// assert_eq!(v.bytes_per_value(), 1);
/// v.push(300);
/// assert_eq!((v.get(0), v.get(1), v.bytes_per_value()), (3, 300, 2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(into = "Vec<u32>")]
pub enum Values {
    /// Every value below 2^8.
    U8(Vec<u8>),
    /// Every value below 2^16.
    U16(Vec<u16>),
    /// Any value.
    U32(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

impl From<Values> for Vec<u32> {
    fn from(v: Values) -> Self {
        v.iter().collect()
    }
}

impl Values {
    /// How many values are stored.
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(n); panics beyond the stored values, like slice indexing.
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::U8(v) => u32::from(v[n]),
            Values::U16(v) => u32::from(v[n]),
            Values::U32(v) => v[n],
        }
    }

    /// The bytes each value takes.
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// Appends G(len), widening the storage when the value needs it.
    pub fn push(&mut self, value: u32) {
        match self {
            Values::U8(v) => match u8::try_from(value) {
                Ok(x) => v.push(x),
                Err(_) => {
                    self.widen(value);
                    self.push(value);
                }
            },
            Values::U16(v) => match u16::try_from(value) {
                Ok(x) => v.push(x),
                Err(_) => {
                    self.widen(value);
                    self.push(value);
                }
            },
            Values::U32(v) => v.push(value),
        }
    }

    /// Reserves room for `n` more values.
    pub fn reserve(&mut self, n: usize) {
        match self {
            Values::U8(v) => v.reserve(n),
            Values::U16(v) => v.reserve(n),
            Values::U32(v) => v.reserve(n),
        }
    }

    /// Continues the values to `len` by a period: G(n) = G(n − `period`) for every n ≥
    /// `from` + `period`, where the values from `from` on already have that period. Copies
    /// whole stretches of periods, doubling, so it runs at the speed of memory.
    ///
    /// ```
    /// use nimlab::heap::Values;
    /// let mut v = Values::default();
    /// [0, 1, 1, 2, 0, 2, 0].iter().for_each(|&x| v.push(x)); // period 2 from G(3) on
    /// v.repeat(3, 2, 12);
    /// assert_eq!(v.iter().collect::<Vec<_>>(), [0, 1, 1, 2, 0, 2, 0, 2, 0, 2, 0, 2]);
    /// ```
    ///
    /// # Panics
    /// When `period` is 0 or the values do not reach `from` + `period`.
    pub fn repeat(&mut self, from: usize, period: usize, len: usize) {
        fn go<T: Copy>(v: &mut Vec<T>, from: usize, period: usize, len: usize) {
            assert!(
                period > 0 && v.len() >= from + period,
                "too few values to repeat"
            );
            v.reserve(len.saturating_sub(v.len()));
            while v.len() < len {
                // The last whole periods after `from`: what follows them is themselves.
                let whole = (v.len() - from) / period * period;
                let take = whole.min(len - v.len());
                let start = v.len() - whole;
                v.extend_from_within(start..start + take);
            }
        }
        match self {
            Values::U8(v) => go(v, from, period, len),
            Values::U16(v) => go(v, from, period, len),
            Values::U32(v) => go(v, from, period, len),
        }
    }

    /// Removes the first `n` values (a windowed run forgets the middle of the sequence).
    pub(super) fn drop_first(&mut self, n: usize) {
        match self {
            Values::U8(v) => drop(v.drain(..n)),
            Values::U16(v) => drop(v.drain(..n)),
            Values::U32(v) => drop(v.drain(..n)),
        }
    }

    /// Stores the values in a width that holds `value` too.
    pub(super) fn widen(&mut self, value: u32) {
        let all: Vec<u32> = self.iter().collect();
        *self = if value <= u32::from(u16::MAX) {
            Values::U16(all.into_iter().map(|x| x as u16).collect())
        } else {
            Values::U32(all)
        };
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len()).map(move |i| self.get(i))
    }
}

/// A value of one of the widths of [`Values`].
pub(super) trait Cell:
    Copy + Send + Sync + PartialEq + std::ops::BitXor<Output = Self>
{
    /// The value 0.
    const ZERO: Self;
    /// Whether values from 256 on fit.
    const WIDE: bool;
    /// The value.
    fn get(self) -> u32;
    /// `v` in this width, if it fits.
    fn from_u32(v: u32) -> Option<Self>;
}

macro_rules! cell {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            const ZERO: Self = 0;
            const WIDE: bool = <$t>::BITS > 8;
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn from_u32(v: u32) -> Option<Self> {
                Self::try_from(v).ok()
            }
        }
    )*};
}
cell!(u8, u16, u32);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_keeps_every_value() {
        let mut v = Values::default();
        let input: Vec<u32> = (0..600).map(|i| (i * 7919) % 70_000).collect();
        for &x in &input {
            v.push(x);
        }
        assert_eq!(v.bytes_per_value(), 4);
        assert_eq!(v.iter().collect::<Vec<_>>(), input);
        assert_eq!(serde_json::to_string(&v).unwrap().matches(',').count(), 599);
    }
}
