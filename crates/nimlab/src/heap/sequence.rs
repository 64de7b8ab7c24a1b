//! The sequence engine: Grundy values G(0), G(1), … of a heap rule.
//!
//! The plain algorithm values each heap n by the mex of the values of all its options,
//! with a bit set of the values seen. A split into heaps a and b is worth G(a) XOR G(b),
//! so the option values of n come from the values below n alone.

use super::period::Periodicity;
use super::rule::Rule;
use super::sparse::{self, Sparse};
use super::values::{Cell, Values};
use super::{ClosedForm, SubtractionSet};
use crate::{Error, Result};

/// The most work (option values looked at) [`Sequence::extend_to`] spends before it refuses
/// with [`Error::Limit`]: about a quarter of an hour of computing.
pub const MAX_WORK: u128 = 1_000_000_000_000;

/// The plain algorithm looks at the stop of the caller's scope ([`crate::limits`]) once
/// in this many heaps.
const STOP_EVERY: u64 = 1 << 10;

/// The longest sequence computed (heap sizes), to keep the table within memory.
pub const MAX_LENGTH: u64 = 1 << 32;

/// The most work [`Sequence::extend_to`] spends on the first values, when the whole is beyond
/// [`MAX_WORK`], looking for a proved period (past which values cost nothing): about a
/// second of computing.
const PROBE_WORK: u128 = MAX_WORK / 1000;

/// The length at which [`Algorithm::Auto`] first looks for a proved period; it looks again
/// whenever the length doubles.
const PERIOD_FROM: u64 = 256;

/// The sequence length from which [`Algorithm::Auto`] considers the sparse-space
/// algorithm; the plain algorithm computes the values before it.
pub const SPARSE_FROM: u64 = 4096;

/// About how many splits the sparse-space algorithm looks at for each heap and take besides
/// those of the rare heaps (those it marks for a whole block and the scan of step 3), in
/// the units of the work estimates: a split looked at by the sparse-space algorithm takes
/// about as long as an option value looked at by the plain one.
const SCAN_WORK: u64 = 3000;

/// How [`Sequence::extend_to`] computes values. Every choice gives the same values; they
/// differ in speed.
///
/// ```
/// use nimlab::heap::{Algorithm, Rule, Sequence};
/// let grundy = Rule::parse("grundy").unwrap();
/// let mut plain = Sequence::with_algorithm(grundy.clone(), Algorithm::Plain);
/// let mut sparse = Sequence::with_algorithm(grundy, Algorithm::SparseMask(5));
/// plain.extend_to(2000).unwrap();
/// sparse.extend_to(2000).unwrap();
/// assert_eq!(plain.values(), sparse.values());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// The sparse-space algorithm where it pays: for take-and-break codes that leave at
    /// most two heaps and have a digit that leaves two, from [`SPARSE_FROM`] heaps on, with
    /// a mask chosen from the values so far; whenever the length doubles, the mask is
    /// chosen again and the plain algorithm takes over while it would look at fewer splits
    /// for each heap (short sequences, many rare heaps). For a subtraction set with a
    /// closed form ([`ClosedForm`]), the closed form. The plain algorithm otherwise.
    #[default]
    Auto,
    /// The plain algorithm: the mex of every option value.
    Plain,
    /// The sparse-space algorithm from heap 1 on, for every code that leaves at most two
    /// heaps, with the mask chosen as [`Algorithm::Auto`] chooses it; the plain algorithm
    /// for other rules.
    Sparse,
    /// The sparse-space algorithm with this mask (below 2^8) from heap 1 on, for every code
    /// that leaves at most two heaps; the plain algorithm for other rules.
    SparseMask(u32),
}

/// The Grundy sequence of a heap rule, computed as far as asked.
///
/// ```
/// use nimlab::heap::{Rule, Sequence};
/// let mut kayles = Sequence::new(Rule::parse("kayles").unwrap());
/// kayles.extend_to(11).unwrap();
/// let v: Vec<u32> = kayles.values().iter().collect();
/// assert_eq!(v, vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]); // GAMES.md, text 000
/// ```
#[derive(Debug, Clone)]
pub struct Sequence {
    rule: Rule,
    values: Values,
    /// Bits that cover every value so far (the XOR of values is below 2^bits).
    bits: u32,
    seen: Vec<u64>,
    /// The members of an infinite subtraction set (powers of 2, squares, primes) up to the
    /// length computed, in order; empty for other rules.
    members: Vec<u64>,
    algorithm: Algorithm,
    /// The sparse-space algorithm's state while it computes the values.
    sparse: Option<Sparse>,
    /// The length at which the algorithm is chosen again.
    plan_at: u64,
    /// The length from which the sparse-space algorithm may compute values, if it may.
    sparse_from: Option<u64>,
    /// The number of rare heaps with the mask chosen when the algorithm was last chosen.
    rare_hint: Option<u64>,
    /// The splits the sparse-space algorithm looked at for each heap and take, over the
    /// values it computed since the algorithm was chosen before last.
    rate: Option<u64>,
    /// The length and the splits looked at when the algorithm was last chosen.
    mark: (u64, u64),
    /// The closed form that gives the values at once, for [`Algorithm::Auto`].
    closed: Option<ClosedForm>,
    /// The proved periodicity that gives the values past its proof, for
    /// [`Algorithm::Auto`], once found.
    proved: Option<Periodicity>,
    /// The length at which the values are next examined for a proved period;
    /// `u64::MAX` when they are not (another algorithm, or a rule no theorem covers).
    period_at: u64,
}

impl Sequence {
    /// The sequence of `rule`, holding G(0) = 0, computed by [`Algorithm::Auto`].
    pub fn new(rule: Rule) -> Self {
        Self::with_algorithm(rule, Algorithm::Auto)
    }

    /// The sequence of `rule`, holding G(0) = 0, computed by `algorithm`.
    pub fn with_algorithm(rule: Rule, algorithm: Algorithm) -> Self {
        let mut values = Values::default();
        values.push(0);
        let sparse_from = match (&rule, algorithm) {
            (Rule::TakeBreak { code, .. }, _) if code.max_heaps_left() > 2 => None,
            (Rule::TakeBreak { code, .. }, Algorithm::Auto)
                if code.digits().iter().any(|d| d & 4 != 0) =>
            {
                Some(SPARSE_FROM)
            }
            (Rule::TakeBreak { .. }, Algorithm::Sparse | Algorithm::SparseMask(_)) => Some(1),
            _ => None,
        };
        let closed = match (&rule, algorithm) {
            (Rule::Subtract(set), Algorithm::Auto) => set.closed_form(),
            _ => None,
        };
        let period_at = if algorithm == Algorithm::Auto
            && closed.is_none()
            && rule.proof_length(0, 1).is_some()
        {
            PERIOD_FROM
        } else {
            u64::MAX
        };
        Sequence {
            closed,
            proved: None,
            period_at,
            rule,
            values,
            bits: 0,
            seen: vec![0; 1],
            members: Vec::new(),
            algorithm,
            sparse: None,
            plan_at: sparse_from.unwrap_or(u64::MAX),
            sparse_from,
            rare_hint: None,
            rate: None,
            mark: (0, 0),
        }
    }

    /// A sequence of `rule` that already holds `values` (G(0) first), to be continued:
    /// how a run resumes from a checkpoint. The last few values are computed again and
    /// must agree, which catches values of another rule or a damaged file.
    ///
    /// ```
    /// use nimlab::heap::{Rule, Sequence, Values};
    /// let mut whole = Sequence::new(Rule::parse("0.137").unwrap());
    /// whole.extend_to(500).unwrap();
    /// let mut head = Sequence::new(Rule::parse("0.137").unwrap());
    /// head.extend_to(200).unwrap();
    /// let mut resumed = Sequence::from_values(head.rule().clone(), head.values().clone()).unwrap();
    /// resumed.extend_to(500).unwrap();
    /// assert_eq!(resumed.values(), whole.values());
    /// ```
    ///
    /// # Errors
    /// [`Error::Unsupported`] when the values are empty, do not start with 0, hold a value
    /// G(n) larger than any heap of n can have (longer than its longest play), or disagree
    /// with the rule.
    pub fn from_values(rule: Rule, values: Values) -> Result<Self> {
        if values.is_empty() || values.get(0) != 0 {
            return Err(Error::Unsupported(
                "a sequence must start with G(0) = 0".to_string(),
            ));
        }
        // A value beyond what a heap's longest play allows is not a value of any rule: the
        // file was made so. It is refused before anything is sized by it.
        if let Some((n, v)) = values
            .iter()
            .enumerate()
            .find(|&(n, v)| u64::from(v) > rule.max_value(n as u64))
        {
            return Err(Error::Unsupported(format!(
                "the values do not follow the rule {rule}: G({n}) is {v}, more than any heap of {n} can have (at most {}, the length of its longest play)",
                rule.max_value(n as u64)
            )));
        }
        let len = values.len();
        let check = 8.min(len - 1);
        let mut seq = Sequence::new(rule);
        let mut head = Values::default();
        for v in values.iter().take(len - check) {
            head.push(v);
        }
        seq.values = head;
        let max = seq.values.iter().max().unwrap_or(0);
        seq.bits = 32 - max.leading_zeros();
        seq.seen = vec![0; ((1usize << seq.bits) / 64).max(1) + 1];
        seq.extend_to(len as u64)?;
        if seq.values.iter().ne(values.iter()) {
            let n = (0..len)
                .find(|&i| seq.values.get(i) != values.get(i))
                .unwrap_or(0);
            return Err(Error::Unsupported(format!(
                "the values do not follow the rule {}: G({n}) is {}, not {}",
                seq.rule,
                seq.values.get(n),
                values.get(n)
            )));
        }
        Ok(seq)
    }

    /// How the values are computed.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// About how many bytes the values up to G(len − 1) take in memory while they are
    /// computed, at the width of the values so far (the sparse-space algorithm keeps a
    /// second, reversed copy of them).
    ///
    /// ```
    /// use nimlab::heap::{Rule, Sequence};
    /// let grundy = Sequence::new(Rule::parse("grundy").unwrap());
    /// assert_eq!(grundy.table_bytes(1 << 30), 2 << 30);
    /// let nim = Sequence::new(Rule::parse("subtraction:1,2,3").unwrap());
    /// assert_eq!(nim.table_bytes(1 << 30), 1 << 30);
    /// ```
    pub fn table_bytes(&self, len: u64) -> u64 {
        let copies = if self.sparse_from.is_some() { 2 } else { 1 };
        len.saturating_mul(self.values.bytes_per_value() as u64)
            .saturating_mul(copies)
    }

    /// The sparse-space algorithm's state, taken out: a windowed run goes on with it.
    pub(super) fn take_sparse(&mut self) -> Option<Sparse> {
        self.sparse.take()
    }

    /// The mask of the sparse-space algorithm when it computed the last value, if it did.
    pub fn sparse_mask(&self) -> Option<u32> {
        self.sparse.as_ref().map(Sparse::mask)
    }

    /// The proved period that [`Algorithm::Auto`] continues the values by, once it has
    /// found one: the values past its proof are copied from it, not computed.
    ///
    /// ```
    /// use nimlab::heap::{Algorithm, Rule, Sequence};
    /// let mut kayles = Sequence::new(Rule::parse("kayles").unwrap());
    /// kayles.extend_to(100_000).unwrap();
    /// // Kayles: period 12 from heap 71 (Winning Ways, ch. 4), proved by 168 values.
    /// let p = kayles.proved_period().unwrap();
    /// assert_eq!((p.period, p.preperiod, p.proved), (12, 71, true));
    /// let mut plain = Sequence::with_algorithm(Rule::parse("kayles").unwrap(), Algorithm::Plain);
    /// plain.extend_to(2000).unwrap();
    /// assert!(plain.values().iter().eq(kayles.values().iter().take(2000)));
    /// assert_eq!(kayles.get(99_999), plain.get(71 + (99_999 - 71) % 12));
    /// assert_eq!(plain.proved_period(), None); // the plain algorithm computes every value
    /// ```
    pub fn proved_period(&self) -> Option<Periodicity> {
        self.proved
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// The values computed so far, G(0) first.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// How many values are known: G(0) … G(len − 1).
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Always false: G(0) is known from the start.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// G(n), if computed.
    pub fn get(&self, n: u64) -> Option<u32> {
        usize::try_from(n)
            .ok()
            .filter(|&i| i < self.values.len())
            .map(|i| self.values.get(i))
    }

    /// An estimate of the work (option values looked at) to compute values up to `len`.
    ///
    /// For the sparse-space algorithm, the estimate counts the splits it looks at: those
    /// of the rare heaps (as many as found so far) and about `SCAN_WORK` more for each
    /// heap and take. The rare heaps still to come are not counted (before the algorithm
    /// starts, none is): the estimate is low when their number grows, and
    /// [`Sequence::extend_to`] estimates again as it goes.
    pub fn work(&self, len: u64) -> u128 {
        let from = self.len();
        if len <= from {
            return 0;
        }
        if self.proved.is_some() {
            return u128::from(len - from);
        }
        let Some(start) = self.sparse_from else {
            return self.plain_work(from, len);
        };
        // Where the sparse-space algorithm takes over: at once when it computes the values;
        // with Algorithm::Auto, once the plain one would look at more splits for each heap.
        let switch = match (&self.sparse, self.algorithm) {
            (Some(_), _) => from,
            (None, Algorithm::Auto) => start.max(2 * self.sparse_cost(self.rare_heaps()) + 1),
            (None, _) => start,
        };
        let mid = switch.clamp(from, len);
        self.plain_work(from, mid)
            .saturating_add(self.sparse_work(mid, len))
    }

    /// An estimate of the work of the sparse-space algorithm for the values from `from` to
    /// `to` − 1.
    fn sparse_work(&self, from: u64, to: u64) -> u128 {
        u128::from(to - from)
            .saturating_mul(u128::from(self.split_takes(to)))
            .saturating_mul(u128::from(self.sparse_rate()))
    }

    /// The splits the sparse-space algorithm looks at for each heap and take: as measured,
    /// or the rare heaps so far and [`SCAN_WORK`].
    fn sparse_rate(&self) -> u64 {
        self.rate.unwrap_or(self.rare_heaps() + SCAN_WORK)
    }

    /// The rare heaps so far, for the mask chosen last.
    pub(super) fn rare_heaps(&self) -> u64 {
        match &self.sparse {
            Some(s) => s.rare_count() as u64,
            None => self.rare_hint.unwrap_or(0),
        }
    }

    /// The splits for each heap and take that [`Algorithm::Auto`] counts for the
    /// sparse-space algorithm against the plain one when `rare` heaps are rare: as
    /// measured, and at least the rare heaps and half of [`SCAN_WORK`].
    fn sparse_cost(&self, rare: u64) -> u64 {
        self.rate
            .unwrap_or(rare + SCAN_WORK)
            .max(rare + SCAN_WORK / 2)
    }

    /// How many takes of the rule may leave two heaps of a heap of `n` (for a code).
    fn split_takes(&self, n: u64) -> u64 {
        let Rule::TakeBreak { code, .. } = &self.rule else {
            return 0;
        };
        let digits = code.digits();
        let splits = digits.iter().filter(|&&d| d & 4 != 0).count() as u64;
        if code.repeats() && digits.last().is_some_and(|d| d & 4 != 0) {
            splits + n.saturating_sub(digits.len() as u64)
        } else {
            splits
        }
    }

    /// The work of the plain algorithm for the values from `from` to `to` − 1.
    fn plain_work(&self, from: u64, to: u64) -> u128 {
        let (from, to) = (from as u128, to as u128);
        if to <= from {
            return 0;
        }
        if self.closed.is_some() {
            return to - from;
        }
        // Sum over n in from..to of n^e, roughly (to^(e+1) - from^(e+1)) / (e+1).
        let power_sum = |e: u32| (to.pow(e + 1) - from.pow(e + 1)) / u128::from(e + 1);
        match &self.rule {
            Rule::TakeBreak { code, .. } => {
                let takes = code.max_take().map_or(to, |t| u128::from(t) + 1);
                match code.max_heaps_left() {
                    3 => takes * power_sum(2) / 12,
                    2 => takes * power_sum(1) / 2,
                    _ if code.max_take().is_none() => power_sum(1),
                    _ => takes * (to - from),
                }
            }
            Rule::EqualSplit => 2 * (to - from) * (to as f64).sqrt() as u128,
            Rule::Subtract(SubtractionSet::Finite(s)) => s.len() as u128 * (to - from),
            Rule::Subtract(SubtractionSet::Powers2) => 64 * (to - from),
            Rule::Subtract(SubtractionSet::Squares) => (to - from) * (to as f64).sqrt() as u128,
            Rule::Subtract(SubtractionSet::Primes) => {
                power_sum(1) / ((to as f64).ln().max(1.0) as u128).max(1)
            }
            Rule::Subtract(SubtractionSet::Divisors) => {
                2 * (to - from) * (to as f64).sqrt() as u128
            }
        }
    }

    /// Computes values up to G(len − 1), by the algorithm of the sequence.
    ///
    /// # Errors
    /// [`Error::Limit`] when `len` is beyond [`MAX_LENGTH`] or the work beyond
    /// [`MAX_WORK`]. Nothing is computed then, unless the sparse-space algorithm computes
    /// the values: the work is then estimated again whenever the length doubles, from the
    /// rare heaps found, and the values computed before the refusal are kept; or unless a
    /// proved period may make the values cheap: [`Algorithm::Auto`] then looks for one
    /// in the first values (about a second of work) before it refuses, and keeps them.
    pub fn extend_to(&mut self, len: u64) -> Result<()> {
        if len > MAX_LENGTH {
            return Err(Error::limit(
                format!(
                    "the values of {} for heaps 0 to {}",
                    self.rule.label(),
                    len.saturating_sub(1)
                ),
                format!("heaps up to {MAX_LENGTH}"),
            ));
        }
        self.probe(len)?;
        self.check_work(len)?;
        self.values.reserve(len.saturating_sub(self.len()) as usize);
        match &self.rule {
            Rule::Subtract(set @ (SubtractionSet::Powers2 | SubtractionSet::Squares)) => {
                self.members.clear();
                set.for_each(len, |s| self.members.push(s));
            }
            Rule::Subtract(SubtractionSet::Primes) => self.members = primes_below(len + 1),
            _ => {}
        }
        while self.len() < len {
            if self.len() >= self.period_at {
                self.look_for_period();
            }
            if let Some(p) = self.proved {
                self.values
                    .repeat(p.preperiod as usize, p.period as usize, len as usize);
                break;
            }
            if self.len() >= self.plan_at {
                self.plan();
                self.check_work(len)?;
            }
            let stop = len.min(self.plan_at).min(self.period_at);
            while self.len() < stop {
                if let Some(s) = &mut self.sparse {
                    let widened = match &mut self.values {
                        Values::U8(g) => s.extend(g, stop as usize),
                        Values::U16(g) => s.extend(g, stop as usize),
                        Values::U32(g) => s.extend(g, stop as usize),
                    };
                    let max = s.max_value();
                    match widened {
                        Ok(()) => {}
                        // A value too large for the storage: stored wider, and on.
                        Err(sparse::Stop::Widen(v)) => self.values.push(v),
                        Err(sparse::Stop::Limit) => {
                            // Ctrl-C or a limit: the values computed so far are kept.
                            self.note_max(max);
                            return Err(sparse::limit_error());
                        }
                        Err(sparse::Stop::Window(_)) => {
                            unreachable!("with every value kept, step 3 reaches every split")
                        }
                    }
                    self.note_max(max);
                    continue;
                }
                let n = self.len();
                if n % STOP_EVERY == 0 {
                    crate::limits::check()?;
                }
                if let Some(c) = self.closed {
                    let v = u32::try_from(c.value(n)).unwrap_or(u32::MAX);
                    self.values.push(v);
                    self.note_max(v);
                    continue;
                }
                let (rule, seen, members) = (&self.rule, &mut self.seen, &self.members[..]);
                let v = match &self.values {
                    Values::U8(g) => next_value(rule, members, n, g, seen),
                    Values::U16(g) => next_value(rule, members, n, g, seen),
                    Values::U32(g) => next_value(rule, members, n, g, seen),
                };
                self.values.push(v);
                self.note_max(v);
            }
        }
        Ok(())
    }

    /// When the values up to `len` are beyond [`MAX_WORK`] but a proved period may make
    /// them cheap, computes the first values, doubling their number while that costs at
    /// most [`PROBE_WORK`], until a period is proved.
    fn probe(&mut self, len: u64) -> Result<()> {
        if self.period_at == u64::MAX || self.work(len) <= MAX_WORK {
            return Ok(());
        }
        while self.proved.is_none() {
            let next = self.len().saturating_mul(2).max(PERIOD_FROM).min(len);
            if next >= len || self.work(next) > PROBE_WORK {
                break;
            }
            self.extend_to(next)?;
        }
        Ok(())
    }

    /// Examines the values for a proved period: the values past it are then copied from
    /// it. Otherwise the values are examined again at twice the length, or sooner where
    /// an apparent period needs fewer values for its proof.
    fn look_for_period(&mut self) {
        let len = self.len();
        self.period_at = len.saturating_mul(2);
        match Periodicity::find(self) {
            Some(p) if p.proved && p.saltus == 0 => {
                self.proved = Some(p);
                self.sparse = None;
                self.plan_at = u64::MAX;
                self.period_at = u64::MAX;
            }
            Some(Periodicity {
                needed: Some(b), ..
            }) if b > len => self.period_at = self.period_at.min(b),
            _ => {}
        }
    }

    /// Refuses when the work to compute values up to `len` is beyond [`MAX_WORK`].
    fn check_work(&self, len: u64) -> Result<()> {
        let work = self.work(len);
        if work > MAX_WORK {
            return Err(Error::limit(
                format!("the values of {} for heaps 0 to {}", self.rule.label(), len.saturating_sub(1)),
                format!(
                    "{MAX_WORK} option values looked at (this needs about {work}); ask for fewer heap sizes"
                ),
            ));
        }
        Ok(())
    }

    /// Sizes the bit set of the plain algorithm for values up to `v`.
    fn note_max(&mut self, v: u32) {
        // Values of 2^31 and more take all 32 bits: nothing is shifted by 32 then.
        if v.checked_shr(self.bits).unwrap_or(0) != 0 {
            self.bits = 32 - v.leading_zeros();
            self.seen = vec![0; ((1usize << self.bits) / 64).max(1) + 1];
        }
    }

    /// Chooses the algorithm for the values from the current length to the next planning
    /// point (twice the length): the sparse-space algorithm and its mask, or the plain one.
    fn plan(&mut self) {
        let Rule::TakeBreak { code, unequal } = &self.rule else {
            self.plan_at = u64::MAX;
            return;
        };
        let len = self.len();
        self.plan_at = len.saturating_mul(2).max(256);
        if let Some(s) = &self.sparse {
            let (at, work) = self.mark;
            let heaps = (len - at).saturating_mul(self.split_takes(len).max(1));
            if heaps > 0 && s.work() >= work {
                self.rate = Some((s.work() - work) / heaps);
            }
        }
        let (mask, rare) = match self.algorithm {
            Algorithm::SparseMask(mask) => {
                self.plan_at = u64::MAX;
                (mask, 0)
            }
            _ if self.rule.name() == Some("grundy") => (1, rare_count(&self.values, 1)),
            _ => best_mask(&self.values),
        };
        self.rare_hint = Some(rare);
        // The sparse-space algorithm looks at the splits of the rare heaps and about
        // SCAN_WORK more for each heap; the plain one at half the splits of each heap.
        let sparse = match self.algorithm {
            Algorithm::Auto => 2 * self.sparse_cost(rare) < len,
            _ => true,
        };
        if !sparse {
            self.sparse = None;
        } else if self.sparse_mask() != Some(mask) {
            // A new mask: the rare heaps are found again from the values.
            self.sparse = Sparse::new(code, *unequal, mask);
        }
        self.mark = (len, self.sparse.as_ref().map_or(0, Sparse::work));
    }
}

/// How many heaps n ≥ 1 have values rare for `mask`.
fn rare_count(values: &Values, mask: u32) -> u64 {
    values
        .iter()
        .skip(1)
        .filter(|&v| sparse::is_rare(v, mask))
        .count() as u64
}

/// The mask below 2^8 with the fewest heaps n ≥ 1 of rare value (the smallest such mask),
/// and that number.
fn best_mask(values: &Values) -> (u32, u64) {
    // Whether a value is rare depends on its last 8 bits and the parity of the others.
    let mut histogram = [[0u64; 2]; 1 << sparse::MASK_BITS];
    let mut top = 0;
    for v in values.iter().skip(1) {
        let low = v & ((1 << sparse::MASK_BITS) - 1);
        histogram[low as usize][(v >> sparse::MASK_BITS).count_ones() as usize % 2] += 1;
        top |= low;
    }
    let masks = 1u32 << (32 - top.leading_zeros());
    (0..masks)
        .map(|mask| {
            let count = (0..=top)
                .map(|low| {
                    let [even, odd] = histogram[low as usize];
                    if sparse::is_rare(low, mask) {
                        even
                    } else {
                        odd
                    }
                })
                .sum::<u64>();
            (count, mask)
        })
        .min()
        .map_or((0, 0), |(count, mask)| (mask, count))
}

/// The primes below `n`, by the sieve of Eratosthenes.
fn primes_below(n: u64) -> Vec<u64> {
    let n = n as usize;
    let mut composite = vec![false; n];
    let mut primes = Vec::new();
    for i in 2..n {
        if !composite[i] {
            primes.push(i as u64);
            let mut j = i * i;
            while j < n {
                composite[j] = true;
                j += i;
            }
        }
    }
    primes
}

/// G(n) by the mex of the values of the options of n, from G(0) … G(n − 1) in `g`; `seen`
/// is a bit set that covers every value the options can have; `members` lists an infinite
/// subtraction set far enough.
fn next_value<T: Cell>(rule: &Rule, members: &[u64], n: u64, g: &[T], seen: &mut [u64]) -> u32 {
    seen.iter_mut().for_each(|w| *w = 0);
    let mut mark = |v: u32| {
        let w = (v / 64) as usize;
        if w < seen.len() {
            seen[w] |= 1 << (v % 64);
        }
    };
    let at = |i: u64| g[i as usize].get();
    match rule {
        Rule::TakeBreak { code, unequal } => {
            let top = code.max_take().map_or(n, |t| t.min(n));
            for k in 0..=top {
                let d = code.digit(k);
                let r = n - k;
                if r == 0 {
                    if d & 1 != 0 {
                        mark(0);
                    }
                    continue;
                }
                if d & 2 != 0 {
                    mark(at(r));
                }
                if d & 4 != 0 {
                    let r = r as usize;
                    let half = if *unequal { (r - 1) / 2 } else { r / 2 };
                    let (low, high) = (&g[1..=half], &g[r - half..r]);
                    for (a, b) in low.iter().zip(high.iter().rev()) {
                        mark(a.get() ^ b.get());
                    }
                }
                if d & 8 != 0 {
                    for a in 1..=r / 3 {
                        for b in a..=(r - a) / 2 {
                            let c = r - a - b;
                            if !(*unequal && (a == b || b == c)) {
                                mark(at(a) ^ at(b) ^ at(c));
                            }
                        }
                    }
                }
            }
        }
        Rule::EqualSplit => {
            let mut d = 1;
            while d * d <= n {
                if n % d == 0 {
                    for size in [d, n / d] {
                        let parts = n / size;
                        if parts >= 2 {
                            mark(if parts % 2 == 1 { at(size) } else { 0 });
                        }
                    }
                }
                d += 1;
            }
        }
        Rule::Subtract(set @ (SubtractionSet::Finite(_) | SubtractionSet::Divisors)) => {
            set.for_each(n, |s| mark(at(n - s)))
        }
        Rule::Subtract(_) => {
            for &s in members.iter().take_while(|&&s| s <= n) {
                mark(at(n - s));
            }
        }
    }
    seen.iter()
        .enumerate()
        .find(|&(_, &w)| w != u64::MAX)
        .map(|(i, &w)| (i * 64) as u32 + (!w).trailing_zeros())
        .unwrap_or((seen.len() * 64) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::Code;
    use crate::impartial::{GrundySolver, ImpartialGame};

    /// A heap game searched position by position: the independent oracle.
    struct Heaps(Rule);
    impl ImpartialGame for Heaps {
        type Position = Vec<u64>;
        fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for (i, &h) in heaps.iter().enumerate() {
                self.0.for_each_option(h, |left| {
                    let mut next: Vec<u64> = heaps[..i].to_vec();
                    next.extend_from_slice(&heaps[i + 1..]);
                    next.extend_from_slice(left);
                    next.sort_unstable();
                    out.push(next);
                });
            }
        }
    }

    fn plain(rule: &str, len: u64) -> Vec<u32> {
        let mut s = Sequence::new(Rule::parse(rule).unwrap());
        s.extend_to(len).unwrap();
        s.values().iter().collect()
    }

    #[test]
    fn the_plain_algorithm_matches_a_search_of_whole_positions() {
        for rule in [
            "kayles",
            "0.07",
            "0.137",
            "grundy",
            "lasker",
            "antigrundy",
            "hex:0.8",
            "hex:0.F",
            "4.7",
            "0.51",
            "subtraction:1,3,4",
            "subtraction:primes",
        ] {
            let len = if rule.contains("hex") { 16 } else { 22 };
            let mut solver = GrundySolver::new(Heaps(Rule::parse(rule).unwrap()));
            let searched: Vec<u32> = (0..len)
                .map(|n| solver.value(&vec![n]).unwrap() as u32)
                .collect();
            assert_eq!(plain(rule, len), searched, "{rule}");
        }
    }

    /// The bound a sequence file's values are held to (a value no longer than the longest
    /// play from its heap) never refuses a true value: every code of two digits after the
    /// point, with each digit d_0, and the named rules.
    #[test]
    fn no_value_exceeds_the_longest_play_from_its_heap() {
        let mut rules: Vec<Rule> = Rule::named()
            .map(|(n, _)| Rule::parse(n).unwrap())
            .collect();
        for d0 in [0, 4, 8, 12] {
            for d1 in 0..16 {
                for d2 in 0..16 {
                    for repeats in [false, true] {
                        if let Ok(code) = Code::from_digits(&[d0, d1, d2], repeats) {
                            rules.push(Rule::take_break(code.clone()));
                            rules.push(Rule::unequal_split(code));
                        }
                    }
                }
            }
        }
        rules.push(Rule::parse("subtraction:1,2,5").unwrap());
        for rule in rules {
            let mut s = Sequence::with_algorithm(rule.clone(), Algorithm::Plain);
            s.extend_to(40).unwrap();
            for (n, v) in s.values().iter().enumerate() {
                let n = n as u64;
                assert!(u64::from(v) <= rule.max_value(n), "{rule}: G({n}) = {v}");
            }
        }
    }

    #[test]
    fn values_from_the_texts() {
        // GAMES.md §2: Grundy's game from 0, and 12 → 1; Lasker's Nim 3 → 4, 4 → 3, 7 → 8, 8 → 7.
        assert_eq!(
            plain("grundy", 13),
            vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
        );
        let lasker = plain("lasker", 9);
        assert_eq!((lasker[3], lasker[4], lasker[7], lasker[8]), (4, 3, 8, 7));
        // Kayles 70 → 6; Dawson's chess from n = 1: 1 1 2 0.
        assert_eq!(plain("kayles", 71)[70], 6);
        assert_eq!(plain("dawson-chess", 5)[1..], [1, 1, 2, 0]);
    }

    #[test]
    fn subtraction_closed_forms_match_the_mex_rule() {
        // Every closed form the engine uses, against the plain algorithm (the mex of every
        // option) on thousands of heaps.
        let mut sets: Vec<String> = vec![
            "powers2".into(),
            "divisors".into(),
            "1".into(),
            "1,3,5,7,9".into(),
            "1,17,33".into(),
            "1,3,101".into(),
        ];
        for low in 1..=7 {
            for high in low..=low + 9 {
                sets.push(format!("{low}-{high}"));
            }
        }
        sets.extend(["1-1000".into(), "300-900".into(), "5000".into()]);
        for set in &sets {
            let rule = Rule::parse(&format!("subtraction:{set}")).unwrap();
            let Rule::Subtract(s) = &rule else {
                unreachable!()
            };
            assert!(s.closed_form().is_some(), "{set}");
            let mut fast = Sequence::new(rule.clone());
            let mut plain = Sequence::with_algorithm(rule, Algorithm::Plain);
            fast.extend_to(6000).unwrap();
            plain.extend_to(6000).unwrap();
            assert_eq!(fast.values(), plain.values(), "{set}");
        }
        // Sets without one are computed by the mex rule.
        for set in ["1,3,4", "2,3,5", "squares", "1,2,4"] {
            let Rule::Subtract(s) = Rule::parse(&format!("subtraction:{set}")).unwrap() else {
                unreachable!()
            };
            assert!(s.closed_form().is_none(), "{set}");
        }
        // And they are instant: 1-1000000 to 3·10^6 is 3·10^6 steps, not 3·10^12.
        let mut s = Sequence::new(Rule::parse("subtraction:1-1000000").unwrap());
        assert_eq!(s.work(3_000_001), 3_000_000);
        s.extend_to(3_000_001).unwrap();
        assert_eq!(s.get(3_000_000), Some(3_000_000 % 1_000_001));
    }

    fn values(rule: &str, algorithm: Algorithm, len: u64) -> Values {
        let mut s = Sequence::with_algorithm(Rule::parse(rule).unwrap(), algorithm);
        s.extend_to(len).unwrap();
        s.values().clone()
    }

    #[test]
    fn values_past_a_proved_period_are_those_the_plain_algorithm_computes() {
        // Every two-digit octal code, some with a third digit and some hexadecimal ones
        // leaving three heaps, and finite subtraction sets: Algorithm::Auto, which copies
        // the values past a proved period, gives the plain algorithm's values.
        let mut rules: Vec<String> = (1..64).map(|c| format!("0.{}{}", c / 8, c % 8)).collect();
        rules.extend(
            [
                "0.137", "0.07", "0.77", "0.007", "0.644", "0.156", "0.3", "0.71",
            ]
            .map(String::from),
        );
        rules.extend(["hex:0.f", "hex:0.b", "hex:0.a", "hex:0.d", "hex:0.9f"].map(String::from));
        rules.extend(
            ["1,3,4", "2,3,5", "1,2,4", "3,5,7,8", "2,7,11,13"].map(|s| format!("subtraction:{s}")),
        );
        let mut proved = 0;
        for text in &rules {
            let len = if text.starts_with("hex") { 600 } else { 3000 };
            let mut auto = Sequence::new(Rule::parse(text).unwrap());
            auto.extend_to(len).unwrap();
            assert_eq!(
                auto.values(),
                &values(text, Algorithm::Plain, len),
                "{text}"
            );
            if let Some(p) = auto.proved_period() {
                proved += 1;
                assert!(
                    p.checked < len && p.needed.is_some_and(|b| b <= p.checked),
                    "{text}"
                );
            }
        }
        // Most of them have a period proved within these values.
        assert!(proved > rules.len() / 2, "{proved} of {}", rules.len());
    }

    #[test]
    fn long_runs_past_a_proved_period() {
        // Kayles (period 12 from 71), Dawson's Kayles (34 from 53), Dawson's chess (34 from
        // 52): 10^7 values, each the value of the period in the first values of the plain
        // algorithm.
        for (text, period, from) in [("kayles", 12, 71), ("0.07", 34, 53), ("0.137", 34, 52)] {
            let head = values(text, Algorithm::Plain, 400);
            let mut s = Sequence::new(Rule::parse(text).unwrap());
            s.extend_to(10_000_000).unwrap();
            let p = s.proved_period().unwrap();
            assert_eq!((p.period, p.preperiod), (period, from), "{text}");
            for n in (0..10_000_000).step_by(9_973).chain([9_999_999]) {
                let i = if n < 400 {
                    n
                } else {
                    from + (n - from) % period
                };
                assert_eq!(s.get(n), Some(head.get(i as usize)), "{text} {n}");
            }
        }
    }

    #[test]
    fn a_proved_period_is_looked_for_before_the_work_limit_refuses() {
        // hex:0.f (take one, leave up to three heaps): the plain algorithm looks at n^3/6
        // splits a heap, so 10^6 heaps are beyond the limit; its period 2 is proved at 10
        // heaps, and the values past it are copied.
        let mut plain = Sequence::with_algorithm(Rule::parse("hex:0.f").unwrap(), Algorithm::Plain);
        assert!(plain.extend_to(1_000_000).is_err());
        plain.extend_to(300).unwrap();
        let mut s = Sequence::new(Rule::parse("hex:0.f").unwrap());
        assert!(s.work(1_000_000) > MAX_WORK);
        s.extend_to(1_000_000).unwrap();
        assert_eq!(
            s.proved_period().map(|p| (p.period, p.preperiod)),
            Some((2, 0))
        );
        for n in 0..1_000_000 {
            let i = if n < 300 { n } else { n % 2 + 298 };
            assert_eq!(s.get(n), plain.get(i), "{n}");
        }
        // A code with no period in the first values is refused after a short look.
        let mut s = Sequence::new(Rule::parse("hex:0.8").unwrap());
        assert!(s.extend_to(1_000_000).is_err());
        assert!(
            s.proved_period().is_none() && s.len() <= 2048,
            "{}",
            s.len()
        );
    }

    #[test]
    fn too_much_work_is_refused() {
        let mut s = Sequence::with_algorithm(Rule::parse("grundy").unwrap(), Algorithm::Plain);
        let err = s.extend_to(10_000_000).unwrap_err().to_string();
        assert!(err.contains("beyond nimlab's limit"), "{err}");
        assert_eq!(s.len(), 1);
        assert!(s.extend_to(MAX_LENGTH + 1).is_err());
        // The sparse-space algorithm needs thousands of splits for each heap at least.
        let mut s = Sequence::new(Rule::parse("grundy").unwrap());
        assert!(s.extend_to(1_000_000_000).is_err());
        assert_eq!(s.len(), 1);
        let mut s = Sequence::new(Rule::parse("hex:0.8").unwrap());
        assert!(s.extend_to(1_000_000).is_err());
    }

    #[test]
    fn the_estimate_counts_on_the_sparse_algorithm_taking_over() {
        // At 4096 heaps the plain algorithm still goes on (it looks at fewer splits), but
        // the sparse-space one takes over further: Grundy's game to 2^22 is within reach,
        // and so is every step on the way.
        let mut s = Sequence::new(Rule::parse("grundy").unwrap());
        assert!(s.work(1 << 22) < MAX_WORK);
        s.extend_to(SPARSE_FROM + 1).unwrap();
        assert_eq!(s.sparse_mask(), None);
        assert!(s.work(1 << 22) < MAX_WORK, "{}", s.work(1 << 22));
        assert!(s.work(1 << 22) > 1000 * (1 << 22));
    }

    #[test]
    fn the_algorithm_is_chosen_by_the_rare_values() {
        // Kayles: with the mask 0 every value but G(0) is common (1, 2, 4, 7, 8 have an odd
        // number of 1s), so the sparse-space algorithm would take over from 2 SPARSE_FROM
        // on; but its period is proved at the first look, at 256 heaps, and the rest are
        // copied. Without that look (the sparse-space algorithm throughout), mask 0.
        let mut kayles = Sequence::new(Rule::parse("kayles").unwrap());
        kayles.extend_to(2 * SPARSE_FROM + 100).unwrap();
        assert_eq!(kayles.sparse_mask(), None);
        assert_eq!(kayles.proved_period().map(|p| p.checked), Some(256));
        let mut sparse =
            Sequence::with_algorithm(Rule::parse("kayles").unwrap(), Algorithm::Sparse);
        sparse.extend_to(2 * SPARSE_FROM + 100).unwrap();
        assert_eq!(sparse.sparse_mask(), Some(0));
        let last = 2 * SPARSE_FROM + 99;
        for s in [&kayles, &sparse] {
            assert_eq!(
                s.get(last),
                Some(plain("kayles", 200)[(last - 72) as usize % 12 + 72])
            );
        }
        // 0.16, with no period in sight: rare values are few for the mask 1, and the
        // sparse-space algorithm takes over after SPARSE_FROM.
        let mut s = Sequence::new(Rule::parse("0.16").unwrap());
        s.extend_to(SPARSE_FROM).unwrap();
        assert_eq!(s.sparse_mask(), None);
        s.extend_to(2 * SPARSE_FROM + 100).unwrap();
        assert_eq!(s.sparse_mask(), Some(1));
        assert_eq!(
            s.values(),
            &values("0.16", Algorithm::Plain, 2 * SPARSE_FROM + 100)
        );
        // Dawson's Kayles has a P-position every 34 heaps or so: the plain algorithm stays.
        let mut dawson = Sequence::new(Rule::parse("dawson-kayles").unwrap());
        dawson.extend_to(2 * SPARSE_FROM + 1).unwrap();
        assert_eq!(dawson.sparse_mask(), None);
        // Subtraction games never use it.
        let mut s =
            Sequence::with_algorithm(Rule::parse("subtraction:1,3").unwrap(), Algorithm::Sparse);
        s.extend_to(100).unwrap();
        assert_eq!(s.sparse_mask(), None);
    }

    #[test]
    fn the_sparse_algorithm_looks_at_few_splits() {
        // Grundy's game to 20000: the plain algorithm looks at 10^8 splits, the sparse one
        // at a few thousand for each heap (some 1100 rare heaps and the scan of step 3).
        let mut s = Sequence::with_algorithm(Rule::parse("grundy").unwrap(), Algorithm::Sparse);
        s.extend_to(20_000).unwrap();
        let work = s.sparse.as_ref().map(Sparse::work).unwrap();
        assert!(work < 20_000 * 5_000, "{work}");
        assert!(s.work(40_000) < 20_000 * 10_000);
    }

    #[test]
    fn the_sparse_algorithm_goes_on_after_the_values_widen() {
        // The values of 0.74… pass 255 before heap 350: stored in two bytes from there on,
        // still computed by the sparse-space algorithm.
        let rule = Rule::parse("0.74…").unwrap();
        let mut s = Sequence::with_algorithm(rule, Algorithm::Sparse);
        s.extend_to(400).unwrap();
        assert_eq!(s.values().bytes_per_value(), 2);
        assert_eq!(s.sparse.as_ref().map(Sparse::known), Some(400));
        let mut plain = Sequence::with_algorithm(Rule::parse("0.74…").unwrap(), Algorithm::Plain);
        plain.extend_to(400).unwrap();
        assert_eq!(s.values(), plain.values());
    }
}
