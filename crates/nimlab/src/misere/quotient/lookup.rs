//! Reading sums of heaps off a quotient: heaps past the last one computed, by a proved
//! period.

use super::Quotient;

impl Quotient {
    /// The element heap `h` pretends to be: computed for heaps up to
    /// [`Quotient::max_heap`](Quotient#structfield.max_heap), and beyond by the period
    /// when it is proved; `None` otherwise.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::Quotient;
    /// // Misère Kayles: the values repeat with period 12 from heap 71, proved at 170.
    /// let q = Quotient::compute(&Rule::parse("0.77").unwrap(), 170).unwrap();
    /// assert_eq!(q.heap_element(1_000_000), q.heap_element(76));
    /// let early = Quotient::compute(&Rule::parse("0.77").unwrap(), 20).unwrap();
    /// assert_eq!(early.heap_element(21), None);
    /// ```
    pub fn heap_element(&self, h: u64) -> Option<u32> {
        let phi = &self.pretending_elements;
        if let Some(&x) = usize::try_from(h).ok().and_then(|i| phi.get(i)) {
            return Some(x);
        }
        let p = self.periodicity.filter(|p| p.proved)?;
        let i = p.preperiod + (h - p.preperiod) % p.period;
        phi.get(usize::try_from(i).ok()?).copied()
    }

    /// Whether every heap size is covered: the period is proved.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::Quotient;
    /// let q = Quotient::compute(&Rule::parse("0.75").unwrap(), 30).unwrap();
    /// assert!(q.is_final());
    /// ```
    pub fn is_final(&self) -> bool {
        self.periodicity.is_some_and(|p| p.proved)
    }

    /// The product of two elements.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::Quotient;
    /// // Misère Nim to heap 1: a² = 1.
    /// let q = Quotient::compute(&Rule::parse("subtraction:1").unwrap(), 1).unwrap();
    /// let a = q.pretending_elements[1];
    /// assert_eq!(q.product(a, a), 0);
    /// ```
    pub fn product(&self, x: u32, y: u32) -> u32 {
        self.monoid.product(x, y)
    }

    /// An element as its least word in the generators (`1` for the identity).
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// use nimlab::misere::quotient::Quotient;
    /// let q = Quotient::compute(&Rule::parse("subtraction:1,2").unwrap(), 2).unwrap();
    /// let x = q.element(&[1, 2]).unwrap();
    /// assert_eq!(q.word(x), "ab");
    /// ```
    pub fn word(&self, x: u32) -> String {
        self.monoid.word(x).to_string()
    }
}
