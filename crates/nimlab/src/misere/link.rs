//! Links and distinguishers (ONAG ch. 12): games T that make two misère games both
//! P-positions (a *link*), or one a P-position and the other not (a *distinguisher*),
//! found as CGSuite finds them.

use super::canonical::{MisereId, MisereStore};
use crate::{Error, Result};

/// The deepest nesting of link and distinguisher searches (each level goes to an option
/// of one of the two games).
pub const MAX_LINK_DEPTH: usize = 256;

impl MisereStore {
    fn enter_link(depth: usize) -> Result<()> {
        if depth > MAX_LINK_DEPTH {
            return Err(Error::limit(
                "a misère link or distinguisher search",
                format!("at most {MAX_LINK_DEPTH} levels (the two games' birthdays summed)"),
            ));
        }
        Ok(())
    }

    /// A game T such that `g + T` is a misère P-position and `h + T` is not (CGSuite's
    /// `Distinguisher`); `None` when `g = h`.
    ///
    /// ```
    /// use nimlab::Outcome;
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let two = s.nim_heap(2).unwrap();
    /// let sharp = s.game(vec![two]).unwrap(); // {*2}, a P-position like *
    /// let one = s.nim_heap(1).unwrap();
    /// let t = s.distinguisher(sharp, one).unwrap().unwrap();
    /// let (a, b) = (s.add(sharp, t).unwrap(), s.add(one, t).unwrap());
    /// assert_eq!((s.outcome(a), s.outcome(b)), (Outcome::P, Outcome::N));
    /// ```
    pub fn distinguisher(&mut self, g: MisereId, h: MisereId) -> Result<Option<MisereId>> {
        self.check(g)?;
        self.check(h)?;
        self.distinguisher_pn(g, h, 0)
    }

    fn is_p(&mut self, a: MisereId, b: MisereId) -> Result<bool> {
        let s = self.add(a, b)?;
        Ok(self.misere_nim_value(s) == 0)
    }

    fn distinguisher_pn(
        &mut self,
        g: MisereId,
        h: MisereId,
        depth: usize,
    ) -> Result<Option<MisereId>> {
        let Some(t) = self.discriminator(g, h, depth)? else {
            return Ok(None);
        };
        if self.is_p(g, t)? {
            return Ok(Some(t));
        }
        // g + t is N and h + t is P: {mate(g') : g'} ∪ {t} turns it round (ONAG).
        let mut opts = Vec::new();
        for o in self.options(g) {
            opts.push(self.mate(o)?);
        }
        opts.push(t);
        let t = self.game(opts)?;
        Ok(Some(t))
    }

    /// A game T such that `g + T` and `h + T` have different misère outcomes.
    fn discriminator(
        &mut self,
        g: MisereId,
        h: MisereId,
        depth: usize,
    ) -> Result<Option<MisereId>> {
        Self::enter_link(depth)?;
        if g == h {
            return Ok(None);
        }
        let zero = self.zero();
        if (g == zero && self.misere_nim_value(h) == 0)
            || (h == zero && self.misere_nim_value(g) == 0)
        {
            return Ok(Some(zero));
        }
        let key = (g.min(h), g.max(h));
        if let Some(&t) = self.discriminators.get(&key) {
            return Ok(Some(t));
        }
        for (a, b) in [(g, h), (h, g)] {
            for o in self.options(a) {
                if let Some(t) = self.find_link(b, o, depth + 1)? {
                    self.discriminators.insert(key, t);
                    return Ok(Some(t));
                }
            }
        }
        Err(Error::Unsupported(format!(
            "no misère distinguisher found between {} and {} (ONAG's theorem says there is one)",
            g.0, h.0
        )))
    }

    /// Whether `g` and `h` are linked: some T makes `g + T` and `h + T` both misère
    /// P-positions; by ONAG's theorem, exactly when neither is an option of the other.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (one, two) = (s.nim_heap(1).unwrap(), s.nim_heap(2).unwrap());
    /// assert!(!s.is_linked_to(two, one)); // * is an option of *2
    /// assert!(s.is_linked_to(two, two));
    /// ```
    pub fn is_linked_to(&self, g: MisereId, h: MisereId) -> bool {
        !self.has_option(g, h) && !self.has_option(h, g)
    }

    /// A game T making `g + T` and `h + T` both misère P-positions (CGSuite's `Link`):
    /// `{distinguisher(g', h) : g'} ∪ {distinguisher(h', g) : h'}`, `*` for 0 and 0;
    /// `None` when they are not linked.
    ///
    /// ```
    /// use nimlab::Outcome;
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let two = s.nim_heap(2).unwrap();
    /// let sum = s.add(two, two).unwrap(); // {*2, *3}
    /// let sharp = s.game(vec![two]).unwrap(); // {*2}
    /// assert_eq!(s.link(sum, two).unwrap(), None); // *2 is an option of *2 + *2
    /// let t = s.link(sum, sharp).unwrap().unwrap();
    /// let (a, b) = (s.add(sum, t).unwrap(), s.add(sharp, t).unwrap());
    /// assert_eq!((s.outcome(a), s.outcome(b)), (Outcome::P, Outcome::P));
    /// ```
    pub fn link(&mut self, g: MisereId, h: MisereId) -> Result<Option<MisereId>> {
        self.check(g)?;
        self.check(h)?;
        self.find_link(g, h, 0)
    }

    fn find_link(&mut self, g: MisereId, h: MisereId, depth: usize) -> Result<Option<MisereId>> {
        Self::enter_link(depth)?;
        let key = (g.min(h), g.max(h));
        if let Some(&t) = self.links.get(&key) {
            return Ok(t);
        }
        let zero = self.zero();
        if g == zero && h == zero {
            return Ok(Some(zero.flip()));
        }
        if !self.is_linked_to(g, h) {
            self.links.insert(key, None);
            return Ok(None);
        }
        let mut opts = Vec::new();
        for (a, b) in [(g, h), (h, g)] {
            for o in self.options(a) {
                match self.distinguisher_pn(o, b, depth + 1)? {
                    Some(t) => opts.push(t),
                    None => {
                        return Err(Error::Unsupported(
                            "a misère game equal to an option of a game linked to it".into(),
                        ));
                    }
                }
            }
        }
        let t = self.game(opts)?;
        self.links.insert(key, Some(t));
        Ok(Some(t))
    }
}
