//! What `nimlab sequence` reports about a computed sequence.

use super::period::Periodicity;
use super::sequence::Sequence;
use super::values::{Cell, Values};
use serde::Serialize;
use std::fmt;

/// The most P-positions a report lists (all are counted).
pub const MAX_LISTED_P: usize = 1000;

/// The widest masks tried for the rare/common split, in bits.
const MASK_BITS: u32 = 12;

/// Values below this have their first heap reported ([`SequenceReport::first_heaps`]).
pub const FIRST_HEAPS_BELOW: u32 = 1 << 20;

/// A value and the first heap that has it.
///
/// ```
/// use nimlab::heap::{FirstHeap, Rule, Sequence, SequenceReport};
/// let mut s = Sequence::new(Rule::parse("kayles").unwrap());
/// s.extend_to(301).unwrap();
/// let r = SequenceReport::new(&s);
/// // Kayles takes the values 0 to 8: 8 first at heap 27, and 5 last, at heap 28
/// // (OEIS A002186).
/// assert_eq!(r.first_heaps.len(), 9);
/// assert_eq!(r.first_heaps[8], FirstHeap { value: 5, heap: 28 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FirstHeap {
    /// The value.
    pub value: u32,
    /// The first heap of that value.
    pub heap: u64,
}

/// The rare/common split of the values (Winning Ways, ch. 4, "sparse space"): with a
/// mask, a value g is *rare* when g AND NOT mask has an even number of 1 bits, and common
/// otherwise. XOR of two rare or two common values is rare; of a rare and a common value,
/// common. The mask reported is the one with the fewest rare heaps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rare {
    /// The mask.
    pub mask: u32,
    /// How many heaps have rare values.
    pub count: u64,
    /// The largest heap with a rare value.
    pub last: Option<u64>,
}

/// A summary of a Grundy sequence: extremes, P-positions, rare values and periodicity.
///
/// ```
/// use nimlab::heap::{Rule, Sequence, SequenceReport};
/// let mut s = Sequence::new(Rule::parse("kayles").unwrap());
/// s.extend_to(201).unwrap();
/// let r = SequenceReport::new(&s);
/// assert_eq!((r.to, r.max_value, r.max_at), (200, 8, 27));
/// // A row of pins is always won by the player to move (knock down the middle one or two
/// // pins and copy the opponent's moves): the only P-position is the empty row.
/// assert_eq!(r.p_positions, vec![0]);
/// assert_eq!((r.period, r.preperiod, r.proved), (Some(12), Some(71), true));
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct SequenceReport {
    /// The rule as given to the sequence, e.g. `0.77`.
    pub rule: String,
    /// The rule's name, when it has one.
    pub name: Option<&'static str>,
    /// The largest heap computed: values G(0) … G(to).
    pub to: u64,
    /// The first values, from G(0).
    pub first_values: Vec<u32>,
    /// The largest value.
    pub max_value: u32,
    /// The first heap where it occurs.
    pub max_at: u64,
    /// The first heap of each value below [`FIRST_HEAPS_BELOW`] that occurs, in the order
    /// of the heaps: where each new value appears.
    pub first_heaps: Vec<FirstHeap>,
    /// The heaps of value 0, up to [`MAX_LISTED_P`] of them.
    pub p_positions: Vec<u64>,
    /// How many heaps have value 0.
    pub p_count: u64,
    /// The rare/common split.
    pub rare: Rare,
    /// The period, if one was found.
    pub period: Option<u64>,
    /// Where the period starts.
    pub preperiod: Option<u64>,
    /// The saltus of an arithmetic period (0 for a plain one).
    pub saltus: Option<u64>,
    /// Whether the period is proved for every heap size.
    pub proved: bool,
    /// The values the periodicity theorem needs for a proof (when it applies).
    pub proof_needs: Option<u64>,
    /// For a windowed run, which keeps the values of the heaps below this and of the last
    /// heaps only: the periodicity is then said only when proved within the first values
    /// (and the rest follow it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<u64>,
}

impl SequenceReport {
    /// The report of the values computed so far.
    pub fn new(seq: &Sequence) -> Self {
        let mut tally = Tally::default();
        match seq.values() {
            Values::U8(g) => tally.add_all(g),
            Values::U16(g) => tally.add_all(g),
            Values::U32(g) => tally.add_all(g),
        }
        let mut report = tally.report(seq.rule());
        report.set_period(Periodicity::find(seq));
        report
    }

    /// Says what the periodicity is, if there is one.
    pub(super) fn set_period(&mut self, period: Option<Periodicity>) {
        self.period = period.map(|p| p.period);
        self.preperiod = period.map(|p| p.preperiod);
        self.saltus = period.map(|p| p.saltus);
        self.proved = period.is_some_and(|p| p.proved);
        self.proof_needs = period.and_then(|p| p.needed);
    }
}

/// What a report says of the values but their periodicity, gathered one value at a time
/// (G(0) first), so that a windowed run, which does not keep its values, reports them too.
#[derive(Debug, Clone, Default)]
pub(super) struct Tally {
    len: u64,
    first_values: Vec<u32>,
    max_value: u32,
    max_at: u64,
    p_positions: Vec<u64>,
    p_count: u64,
    /// A bit for each value below [`FIRST_HEAPS_BELOW`] seen so far.
    seen: Vec<u64>,
    first_heaps: Vec<FirstHeap>,
    /// For each class of values (the low [`MASK_BITS`] bits, and whether the bits above
    /// have an odd number of 1s: a mask's rare values are unions of classes), how many
    /// heaps have a value in it and the last of them.
    classes: Vec<(u64, u64)>,
}

/// The number of classes of values in a [`Tally`].
const CLASSES: usize = 2 << MASK_BITS;

/// The class of a value in a [`Tally`].
fn class(v: u32) -> usize {
    ((v & ((1 << MASK_BITS) - 1)) | ((v >> MASK_BITS).count_ones() & 1) << MASK_BITS) as usize
}

/// Notes heap `n` in `firsts` when it is the first of its value `v` (`seen` has a bit for
/// each value noted).
fn first_heap(seen: &mut Vec<u64>, firsts: &mut Vec<FirstHeap>, v: u32, n: u64) {
    if v >= FIRST_HEAPS_BELOW {
        return;
    }
    let (word, bit) = ((v >> 6) as usize, 1u64 << (v & 63));
    if word >= seen.len() {
        seen.resize(word + 1, 0);
    }
    if seen[word] & bit == 0 {
        seen[word] |= bit;
        firsts.push(FirstHeap { value: v, heap: n });
    }
}

impl Tally {
    /// Counts every value of `g` in order, as [`Tally::add`] does one by one, in one
    /// tight pass.
    pub(super) fn add_all<T: Cell>(&mut self, g: &[T]) {
        let base = self.len;
        let listed = 60usize.saturating_sub(self.first_values.len()).min(g.len());
        self.first_values
            .extend(g[..listed].iter().map(|v| v.get()));
        self.classes.resize(CLASSES, (0, 0));
        let classes: &mut [(u64, u64); CLASSES] = (&mut self.classes[..])
            .try_into()
            .expect("the classes were sized above");
        let (mut max_value, mut max_at) = (self.max_value, self.max_at);
        let mut zeros = 0;
        for (i, v) in g.iter().enumerate() {
            let (v, n) = (v.get(), base + i as u64);
            let c = &mut classes[class(v) & (CLASSES - 1)];
            c.0 += 1;
            c.1 = n;
            if v > max_value {
                (max_value, max_at) = (v, n);
            }
            first_heap(&mut self.seen, &mut self.first_heaps, v, n);
            if v == 0 {
                zeros += 1;
                if self.p_positions.len() < MAX_LISTED_P {
                    self.p_positions.push(n);
                }
            }
        }
        (self.max_value, self.max_at) = (max_value, max_at);
        self.p_count += zeros;
        self.len += g.len() as u64;
    }

    /// Counts G(len) = v.
    pub(super) fn add(&mut self, v: u32) {
        let n = self.len;
        self.len += 1;
        if self.first_values.len() < 60 {
            self.first_values.push(v);
        }
        if v > self.max_value {
            self.max_value = v;
            self.max_at = n;
        }
        first_heap(&mut self.seen, &mut self.first_heaps, v, n);
        if v == 0 {
            self.p_count += 1;
            if self.p_positions.len() < MAX_LISTED_P {
                self.p_positions.push(n);
            }
        }
        let class = class(v);
        if self.classes.len() <= class {
            self.classes.resize(class + 1, (0, 0));
        }
        let (count, last) = &mut self.classes[class];
        *count += 1;
        *last = n;
    }

    /// The report of the values counted, with no period.
    pub(super) fn report(&self, rule: &super::Rule) -> SequenceReport {
        let is_rare = |class: usize, mask: u32| (class as u32 & !mask).count_ones() % 2 == 0;
        let rare_count = |mask: u32| -> u64 {
            self.classes
                .iter()
                .enumerate()
                .filter(|&(class, _)| is_rare(class, mask))
                .map(|(_, &(count, _))| count)
                .sum()
        };
        let bits = (32 - self.max_value.leading_zeros()).min(MASK_BITS);
        let mask = (0..1u32 << bits)
            .min_by_key(|&m| (rare_count(m), m))
            .unwrap_or(0);
        let last = self
            .classes
            .iter()
            .enumerate()
            .filter(|&(class, &(count, _))| count > 0 && is_rare(class, mask))
            .map(|(_, &(_, last))| last)
            .max();
        SequenceReport {
            rule: rule.to_string(),
            name: rule.name(),
            to: self.len.saturating_sub(1),
            first_values: self.first_values.clone(),
            max_value: self.max_value,
            max_at: self.max_at,
            first_heaps: self.first_heaps.clone(),
            p_positions: self.p_positions.clone(),
            p_count: self.p_count,
            rare: Rare {
                mask,
                count: rare_count(mask),
                last,
            },
            period: None,
            preperiod: None,
            saltus: None,
            proved: false,
            proof_needs: None,
            window: None,
        }
    }
}

/// The report as text, as `nimlab sequence` prints it.
///
/// ```
/// use nimlab::heap::{Rule, Sequence, SequenceReport};
/// let mut s = Sequence::new(Rule::parse("kayles").unwrap());
/// s.extend_to(100).unwrap();
/// let text = SequenceReport::new(&s).to_string();
/// assert!(text.starts_with("kayles (0.77): Grundy values of heaps 0 to 99\nFirst values: 0 1 2 3 1 4 3 2 1 4 2 6"));
/// ```
impl fmt::Display for SequenceReport {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self;
        let label = match r.name {
            Some(n) => format!("{n} ({})", r.rule),
            None => r.rule.clone(),
        };
        writeln!(out, "{label}: Grundy values of heaps 0 to {}", r.to)?;
        let first: Vec<String> = r.first_values.iter().map(|v| v.to_string()).collect();
        let more = if (r.first_values.len() as u64) <= r.to {
            " …"
        } else {
            ""
        };
        writeln!(out, "First values: {}{more}", first.join(" "))?;
        writeln!(
            out,
            "Largest value: {}, first at heap {}",
            r.max_value, r.max_at
        )?;
        const NEW_SHOWN: usize = 8;
        let late = r.first_heaps.len().saturating_sub(NEW_SHOWN);
        let newest: Vec<String> = r.first_heaps[late..]
            .iter()
            .map(|f| format!("{} at {}", f.value, f.heap))
            .collect();
        let below = if r.max_value >= FIRST_HEAPS_BELOW {
            format!(" below {FIRST_HEAPS_BELOW}")
        } else {
            String::new()
        };
        writeln!(
            out,
            "Distinct values{below}: {}; the last new ones (value at heap): {}{}",
            r.first_heaps.len(),
            if late > 0 { "… " } else { "" },
            newest.join(", ")
        )?;
        const SHOWN: usize = 30;
        let shown: Vec<String> = r
            .p_positions
            .iter()
            .take(SHOWN)
            .map(|p| p.to_string())
            .collect();
        let tail = if r.p_count as usize > SHOWN {
            " …"
        } else {
            ""
        };
        writeln!(
            out,
            "P-positions (value 0): {}, the last at heap {}: {}{tail}",
            r.p_count,
            r.p_positions.last().map_or("-".into(), |p| p.to_string()),
            shown.join(" ")
        )?;
        writeln!(
        out,
        "Rare values (mask {:#b}: g AND NOT mask has an even number of 1s): {} heaps, the last at heap {}",
        r.rare.mask,
        r.rare.count,
        r.rare.last.map_or("-".into(), |p| p.to_string())
    )?;
        match (r.period, r.preperiod, r.saltus) {
        (Some(p), Some(n0), Some(s)) => {
            let shape = if s == 0 {
                format!("G(n + {p}) = G(n)")
            } else {
                format!("G(n + {p}) = G(n) + {s} (arithmetic, saltus {s})")
            };
            let status = match (r.proved, r.proof_needs) {
                (true, Some(b)) => format!(
                    "proved: the Guy–Smith periodicity theorem needs it for {n0} ≤ n < {}, and it holds there",
                    b - p
                ),
                (false, Some(b)) => format!(
                    "apparent up to heap {}; a proof needs the values up to heap {}",
                    r.to,
                    b - 1
                ),
                _ => format!(
                    "apparent up to heap {} (no periodicity theorem applies to this rule)",
                    r.to
                ),
            };
            writeln!(
                out,
                "Period: {p}, preperiod {n0}: {shape} for n ≥ {n0}; {status}."
            )?;
        }
        _ => match r.window {
            Some(w) => writeln!(
                out,
                "Period: not looked for (a windowed run keeps the values of the heaps below {w} and of the last heaps only)."
            )?,
            None => writeln!(out, "Period: none found up to heap {}.", r.to)?,
        },
    }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::Rule;

    #[test]
    fn grundys_game_has_few_rare_values() {
        // Grundy's game: P-positions up to 1222 (GAMES.md; OEIS A002188 zeros).
        let mut s = Sequence::new(Rule::parse("grundy").unwrap());
        s.extend_to(1223).unwrap();
        let r = SequenceReport::new(&s);
        assert_eq!(r.p_positions.last(), Some(&1222));
        assert_eq!(
            r.p_positions,
            vec![
                0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337,
                340, 346, 359, 362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682,
                685, 923, 926, 929, 932, 1222
            ]
        );
        // Flammenkamp's tables use the mask 1 (rare when the value without its last bit has
        // an even number of 1s), with rare values at 0-4, 6, 7, 9, 10, 12, 15, 20, …; the
        // mask reported has at most as many rare heaps as that one.
        let with_mask_1 = s
            .values()
            .iter()
            .filter(|&v| (v >> 1).count_ones() % 2 == 0)
            .count();
        assert!(r.rare.count as usize <= with_mask_1, "{:?}", r.rare);
        assert!(
            r.rare.count >= r.p_count && r.rare.count * 5 < 1224,
            "{:?}",
            r.rare
        );
        let rare: Vec<u64> = (0..30)
            .filter(|&n| (s.get(n).unwrap() >> 1).count_ones() % 2 == 0)
            .collect();
        assert_eq!(
            rare,
            vec![0, 1, 2, 3, 4, 6, 7, 9, 10, 12, 15, 20, 23, 26, 28]
        );
        assert_eq!(r.period, None);
    }

    #[test]
    fn a_tally_in_one_pass_is_the_tally_one_value_at_a_time() {
        // Values of every width, with zeros past the listed ones and large values whose
        // bits above the mask's have either parity; counted whole, in pieces, and singly.
        let mut state = 12345u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u32
        };
        let kayles = Rule::parse("kayles").unwrap();
        for top in [3u32, 255, 5000, 1 << 20, u32::MAX] {
            let mut values = Values::default();
            for _ in 0..3000 {
                let v = match next() % 4 {
                    0 => 0,
                    _ => next() % top.saturating_add(1).max(top),
                };
                values.push(v);
            }
            let mut single = Tally::default();
            values.iter().for_each(|v| single.add(v));
            let all: Vec<u32> = values.iter().collect();
            let mut pieces = Tally::default();
            for piece in all.chunks(777) {
                pieces.add_all(piece);
            }
            let (a, b) = (single.report(&kayles), pieces.report(&kayles));
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{top}");
            // And against the values themselves.
            let max = *all.iter().max().unwrap();
            assert_eq!(
                (b.max_value, b.max_at),
                (max, all.iter().position(|&v| v == max).unwrap() as u64)
            );
            assert_eq!(b.p_count, all.iter().filter(|&&v| v == 0).count() as u64);
            assert_eq!(b.first_values, all[..60]);
            // Each value below the bound that occurs, with the first heap that has it, in
            // the order of those heaps.
            let mut firsts: Vec<FirstHeap> = Vec::new();
            for (n, &v) in all.iter().enumerate() {
                if v < FIRST_HEAPS_BELOW && !firsts.iter().any(|f| f.value == v) {
                    firsts.push(FirstHeap {
                        value: v,
                        heap: n as u64,
                    });
                }
            }
            assert!(!firsts.is_empty(), "{top}");
            assert_eq!(b.first_heaps, firsts, "{top}");
        }
    }
}
