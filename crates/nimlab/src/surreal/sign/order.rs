//! The order of sign expansions: lexicographic, a missing sign between − and +.

use super::{ordinal_rest, Segment, Sign, SignExpansion};
use crate::surreal::Ordinal;
use num_traits::ToPrimitive;
use std::cmp::Ordering;

/// Walks the signs of an expansion for a comparison.
struct Cursor<'a> {
    segments: &'a [Segment],
    /// The segment at hand.
    index: usize,
    /// What is left of the run at hand.
    left: Ordinal,
    /// The place in the cycle at hand.
    offset: usize,
}

impl<'a> Cursor<'a> {
    fn new(s: &'a SignExpansion) -> Cursor<'a> {
        let mut c = Cursor {
            segments: &s.segments,
            index: 0,
            left: Ordinal::zero(),
            offset: 0,
        };
        c.enter();
        c
    }

    fn enter(&mut self) {
        self.offset = 0;
        if let Some(Segment::Run { length, .. }) = self.segments.get(self.index) {
            self.left = length.clone();
        }
    }

    fn next_segment(&mut self) {
        self.index += 1;
        self.enter();
    }

    fn sign(&self) -> Option<Sign> {
        match self.segments.get(self.index)? {
            Segment::Run { sign, .. } => Some(*sign),
            Segment::Cycle(w) => Some(w[self.offset]),
        }
    }

    fn cycle(&self) -> Option<&'a [Sign]> {
        match self.segments.get(self.index)? {
            Segment::Cycle(w) => Some(w),
            Segment::Run { .. } => None,
        }
    }

    /// Moves past `n` signs (a run's remaining length is at least `n`).
    fn skip(&mut self, n: &Ordinal) {
        match self.segments.get(self.index) {
            Some(Segment::Run { .. }) => {
                self.left = ordinal_rest(&self.left, n);
                if self.left.is_zero() {
                    self.next_segment();
                }
            }
            Some(Segment::Cycle(w)) => {
                let k = n.as_integer().and_then(|k| k.to_usize()).unwrap_or(0);
                self.offset = (self.offset + k) % w.len();
            }
            None => {}
        }
    }
}

impl Ord for SignExpansion {
    /// Lexicographic order of the sign sequences, a missing sign between − and +: the
    /// order of the numbers.
    fn cmp(&self, other: &SignExpansion) -> Ordering {
        let (mut a, mut b) = (Cursor::new(self), Cursor::new(other));
        loop {
            match (a.sign(), b.sign()) {
                (None, None) => return Ordering::Equal,
                (None, Some(s)) => {
                    return if s == Sign::Plus {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    }
                }
                (Some(s), None) => {
                    return if s == Sign::Plus {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    }
                }
                (Some(x), Some(y)) if x != y => return x.cmp(&y),
                _ => {}
            }
            match (a.cycle(), b.cycle()) {
                (Some(wa), Some(wb)) => {
                    // Two periodic sequences that agree on |wa| + |wb| signs agree
                    // forever (Fine and Wilf): both end at the same limit place.
                    for _ in 0..wa.len() + wb.len() {
                        let (x, y) = (a.sign(), b.sign());
                        if x != y {
                            return x.cmp(&y);
                        }
                        a.skip(&Ordinal::one());
                        b.skip(&Ordinal::one());
                    }
                    a.next_segment();
                    b.next_segment();
                }
                (Some(_), None) | (None, Some(_)) => {
                    a.skip(&Ordinal::one());
                    b.skip(&Ordinal::one());
                }
                (None, None) => {
                    let n = if a.left <= b.left {
                        a.left.clone()
                    } else {
                        b.left.clone()
                    };
                    a.skip(&n);
                    b.skip(&n);
                }
            }
        }
    }
}

impl PartialOrd for SignExpansion {
    fn partial_cmp(&self, other: &SignExpansion) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
