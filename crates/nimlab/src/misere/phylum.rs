//! Dan Hoey's phyla of misère games (tame, restive, restless, wild and the stages between),
//! as CGSuite classifies each canonical form when it is made, and the flags read from
//! them: `IsTame`, `IsGenerallyTame`, `IsTameable`, `IsRestive`, `IsRestless`,
//! `IsHalfTame`, `IsExtraverted`, `IsIntroverted`.

use super::canonical::{mex, MisereId, MisereStore};
use crate::Result;

/// The phylum of a misère canonical form, from the tamest to the wildest.
///
/// ```
/// use nimlab::misere::{MisereStore, Phylum};
/// let mut s = MisereStore::new();
/// let two = s.nim_heap(2).unwrap();
/// assert_eq!(s.phylum(two), Phylum::NimHeap);
/// let sharp = s.game(vec![two]).unwrap(); // {*2}: genus 0^0, all options nim-heaps
/// assert_eq!(s.phylum(sharp), Phylum::HereditarilyTame);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phylum {
    /// A nim-heap, or a game that plays as one with every tame game (genus `g`, all
    /// options nim-heaps).
    NimHeap,
    /// Tame genus, all options hereditarily tame.
    HereditarilyTame,
    /// Tame genus, acting like a nim-heap with tame games through tame-reversible options.
    ReversiblyTame,
    /// Determines its genus when added to any set of tame games.
    Tameable,
    /// Tame genus, otherwise wild (never kept: classified [`Phylum::Wild`]).
    WildOfTameGenus,
    /// Not tame, all options hereditarily tame, G⁺ of 0 or 1.
    HereditarilyRestive,
    /// Restive through restive-reversible options.
    ReversiblyRestive,
    /// Restive genus, otherwise wild (never kept: classified [`Phylum::Wild`]).
    WildOfRestiveGenus,
    /// Not tame, all options tame, G⁻ of 0 or 1.
    Restless,
    /// Restless genus, otherwise wild (never kept: classified [`Phylum::Wild`]).
    WildOfRestlessGenus,
    /// Wild.
    Wild,
}

impl Phylum {
    /// Hereditarily tame (a nim-heap or hereditarily tame).
    ///
    /// ```
    /// assert!(nimlab::misere::Phylum::NimHeap.is_tame());
    /// ```
    pub fn is_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    /// Generally tame: tame or reversibly tame.
    ///
    /// ```
    /// assert!(nimlab::misere::Phylum::ReversiblyTame.is_generally_tame());
    /// ```
    pub fn is_generally_tame(self) -> bool {
        self.is_tame() || self == Phylum::ReversiblyTame
    }

    /// Generally tame or tameable.
    ///
    /// ```
    /// assert!(nimlab::misere::Phylum::Tameable.is_tameable());
    /// ```
    pub fn is_tameable(self) -> bool {
        self.is_generally_tame() || self == Phylum::Tameable
    }

    /// Hereditarily or reversibly restive.
    ///
    /// ```
    /// assert!(nimlab::misere::Phylum::ReversiblyRestive.is_generally_restive());
    /// ```
    pub fn is_generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }

    /// Generally tame or generally restive.
    ///
    /// ```
    /// assert!(!nimlab::misere::Phylum::Restless.is_restive_or_tame());
    /// ```
    pub fn is_restive_or_tame(self) -> bool {
        self.is_generally_tame() || self.is_generally_restive()
    }

    fn is_wild(self) -> bool {
        matches!(
            self,
            Phylum::WildOfTameGenus
                | Phylum::WildOfRestiveGenus
                | Phylum::WildOfRestlessGenus
                | Phylum::Wild
        )
    }
}

/// A small set of naturals (values of G⁺ and G⁻).
#[derive(Default)]
struct Bits(Vec<u32>);

impl Bits {
    fn set(&mut self, v: u32) {
        self.0.push(v);
    }
    fn mex(&self) -> u32 {
        mex(self.0.iter().copied())
    }
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The phylum of the game with these canonical options and these G⁺, G⁻ (CGSuite's
/// classification when a game record is made).
pub(super) fn classify(s: &MisereStore, opts: &[MisereId], gp: u32, gm: u32) -> Phylum {
    use Phylum::*;
    let wildest = opts.iter().map(|&o| s.phylum(o)).max().unwrap_or(NimHeap);
    let mut my = if gp == gm || (gp | gm) & !1 == 0 {
        WildOfTameGenus
    } else if gp < 2 {
        WildOfRestiveGenus
    } else if gm < 2 {
        WildOfRestlessGenus
    } else {
        Wild
    };
    if wildest.is_generally_tame() {
        if wildest == NimHeap && my == WildOfTameGenus && (gp > 1 || gp != gm) {
            return NimHeap;
        }
        if wildest.is_tame() {
            match my {
                WildOfTameGenus => return HereditarilyTame,
                WildOfRestiveGenus => return HereditarilyRestive,
                _ => {}
            }
        }
        match my {
            WildOfTameGenus => return ReversiblyTame,
            WildOfRestiveGenus => return ReversiblyRestive,
            WildOfRestlessGenus => return Restless,
            _ => {}
        }
    }
    if my == WildOfTameGenus || my == WildOfRestiveGenus {
        let (mut gplus, mut gminus) = (Bits::default(), Bits::default());
        let (mut tb_gplus, mut tb_gminus) = (Bits::default(), Bits::default());
        let tame_genus = my == WildOfTameGenus;
        let (mut rev_tame, mut tameable, mut rev_restive) = (tame_genus, tame_genus, !tame_genus);
        for &o in opts {
            let rec = &s.records[o.index()];
            let (odd, ogm, ogp, oph) = (o.parity(), rec.gminus, rec.gplus, rec.phylum);
            if oph.is_generally_tame() {
                gplus.set(ogp ^ odd);
                gminus.set(ogm ^ odd);
                continue;
            }
            let (mut gm_tb, mut gp_tb) = (false, false);
            if tameable && oph == Tameable {
                tb_gminus.set(ogm);
                tb_gplus.set(ogp);
                gm_tb = true;
                gp_tb = true;
            }
            let (mut gm_found, mut gp_found) = (false, false);
            for second in s.options(o) {
                let sp = s.phylum(second);
                if !(sp.is_generally_tame()
                    || (rev_restive && sp.is_restive_or_tame())
                    || (tameable && sp.is_tameable()))
                {
                    continue;
                }
                let (sgm, sgp) = (s.misere_nim_value(second), s.nim_value(second));
                if sp.is_generally_tame() && tame_genus {
                    gm_found |= gm == sgm;
                    gp_found |= gp == sgp;
                } else if sp.is_restive_or_tame() && my == WildOfRestiveGenus {
                    gm_found |= gm == sgm && (sgp & !1 == 0 || (sgp ^ gm) & !1 == 0);
                    gp_found |= gp == sgp && (sgm & !1 == 0 || (sgm ^ gm) & !1 == 0);
                } else if sp == Tameable && tameable {
                    gm_tb |= gm == sgm;
                    gp_tb |= gp == sgp;
                }
            }
            if !(gm_found && gp_found) {
                rev_tame = false;
                rev_restive = false;
                if !(gm_tb && gp_tb) {
                    tameable = false;
                }
                if !tameable {
                    break;
                }
            }
        }
        if rev_tame || tameable || rev_restive {
            if gp != gplus.mex() || gm != gminus.mex() {
                rev_tame = false;
                rev_restive = false;
            }
            if tameable {
                gplus.0.extend_from_slice(&tb_gplus.0);
                gminus.0.extend_from_slice(&tb_gminus.0);
                if (gp != gplus.mex() || gm != gminus.mex()) && (!gplus.is_empty() || gp > 0) {
                    tameable = false;
                }
            }
            if rev_tame {
                my = ReversiblyTame;
            } else if tameable {
                my = Tameable;
            } else if rev_restive {
                my = ReversiblyRestive;
            }
        }
    }
    if my.is_wild() {
        Wild
    } else {
        my
    }
}

impl MisereStore {
    /// The game's phylum (a game and the game plus `*` share one).
    ///
    /// ```
    /// use nimlab::misere::{MisereStore, Phylum};
    /// let s = MisereStore::new();
    /// assert_eq!(s.phylum(s.zero()), Phylum::NimHeap);
    /// ```
    pub fn phylum(&self, g: MisereId) -> Phylum {
        self.records[g.index()].phylum
    }

    /// CGSuite's `IsTame`: hereditarily tame.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let two = s.nim_heap(2).unwrap();
    /// let g = s.add(two, two).unwrap();
    /// assert!(s.is_tame(g));
    /// ```
    pub fn is_tame(&self, g: MisereId) -> bool {
        self.phylum(g).is_tame()
    }

    /// CGSuite's `IsGenerallyTame`: tame or reversibly tame.
    ///
    /// ```
    /// let s = nimlab::misere::MisereStore::new();
    /// assert!(s.is_generally_tame(s.zero()));
    /// ```
    pub fn is_generally_tame(&self, g: MisereId) -> bool {
        self.phylum(g).is_generally_tame()
    }

    /// CGSuite's `IsTameable`: generally tame or tameable.
    ///
    /// ```
    /// let s = nimlab::misere::MisereStore::new();
    /// assert!(s.is_tameable(s.zero()));
    /// ```
    pub fn is_tameable(&self, g: MisereId) -> bool {
        self.phylum(g).is_tameable()
    }

    /// CGSuite's `IsRestive`: hereditarily restive.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (zero, two) = (s.zero(), s.nim_heap(2).unwrap());
    /// let sharp = s.game(vec![two]).unwrap();
    /// let g = s.game(vec![sharp, zero]).unwrap(); // 2#0
    /// assert!(s.is_restive(g));
    /// ```
    pub fn is_restive(&self, g: MisereId) -> bool {
        self.phylum(g) == Phylum::HereditarilyRestive
    }

    /// CGSuite's `IsGenerallyRestive`: hereditarily or reversibly restive.
    ///
    /// ```
    /// let s = nimlab::misere::MisereStore::new();
    /// assert!(!s.is_generally_restive(s.zero()));
    /// ```
    pub fn is_generally_restive(&self, g: MisereId) -> bool {
        self.phylum(g).is_generally_restive()
    }

    /// CGSuite's `IsRestless`.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (one, two) = (s.nim_heap(1).unwrap(), s.nim_heap(2).unwrap());
    /// let sharp = s.game(vec![two]).unwrap();
    /// let g = s.game(vec![sharp, one]).unwrap(); // 2#1
    /// assert!(s.is_restless(g));
    /// ```
    pub fn is_restless(&self, g: MisereId) -> bool {
        self.phylum(g) == Phylum::Restless
    }

    /// CGSuite's `IsHalfTame`: not generally tame, but G + G is, with G⁺ = G⁻ = 0.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (zero, two) = (s.zero(), s.nim_heap(2).unwrap());
    /// let sharp = s.game(vec![two]).unwrap();
    /// let g = s.game(vec![sharp, zero]).unwrap(); // 2#0
    /// assert!(s.is_half_tame(g).unwrap());
    /// assert!(!s.is_half_tame(sharp).unwrap());
    /// ```
    pub fn is_half_tame(&mut self, g: MisereId) -> Result<bool> {
        if self.is_generally_tame(g) {
            return Ok(false);
        }
        let d = self.add(g, g)?;
        Ok(self.is_generally_tame(d) && self.nim_value(d) == 0 && self.misere_nim_value(d) == 0)
    }

    /// CGSuite's `IsIntroverted`: a part of each of its options; by the
    /// Extraversion–Introversion Theorem only 0 and `*` are.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let two = s.nim_heap(2).unwrap();
    /// assert!(s.is_introverted(s.zero()) && !s.is_introverted(two));
    /// ```
    pub fn is_introverted(&self, g: MisereId) -> bool {
        g.0 < 2
    }

    /// CGSuite's `IsExtraverted`: each option is a part of G; equivalently G is a part of
    /// `{G}`.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (two, four) = (s.nim_heap(2).unwrap(), s.nim_heap(4).unwrap());
    /// let sum = s.add(four, two).unwrap();
    /// let g = s.game(vec![sum]).unwrap(); // 4[2#]
    /// assert!(s.is_extraverted(two).unwrap() && !s.is_extraverted(g).unwrap());
    /// ```
    pub fn is_extraverted(&mut self, g: MisereId) -> Result<bool> {
        let sharp = self.game(vec![g])?;
        Ok(self.misere_minus(sharp, g)?.is_some())
    }
}
