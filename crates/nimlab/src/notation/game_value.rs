//! A value of Conway's games as a result carries it, outside any arena.

use super::print;
use crate::conway::{Arena, Dyadic, GameId};
use serde::{Serialize, Serializer};
use std::fmt;

/// A value of Conway's games held outside the arena it was made in: its canonical form
/// in CGSuite's notation, which reads back to the same game in any session, and the
/// number it is when it is one.
///
/// It serialises as its notation, the text CGSuite prints.
///
/// ```
/// use nimlab::calc::Session;
/// use nimlab::notation::GameValue;
/// let mut s = Session::new();
/// let g = s.game_of("{2|1/2}").unwrap();
/// let v = GameValue::of(&mut s.arena, g);
/// assert_eq!(v, "{2|1/2}");
/// assert_eq!(v.number(), None);
/// // It reads back to the same game, in another session too.
/// let mut t = Session::new();
/// let h = t.game_of(v.notation()).unwrap();
/// assert_eq!(GameValue::of(&mut t.arena, h), v);
/// let three = s.game_of("{2|}").unwrap();
/// assert_eq!(GameValue::of(&mut s.arena, three).number().map(|x| x.to_string()), Some("3".into()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameValue {
    notation: String,
    number: Option<Dyadic>,
}

impl GameValue {
    /// The value of `g`, in `arena`.
    pub fn of(arena: &mut Arena, g: GameId) -> Self {
        GameValue {
            number: arena.as_number(g).cloned(),
            notation: print(arena, g),
        }
    }

    /// The canonical form in CGSuite's notation.
    pub fn notation(&self) -> &str {
        &self.notation
    }

    /// The number the value is, when it is a number.
    pub fn number(&self) -> Option<&Dyadic> {
        self.number.as_ref()
    }
}

impl fmt::Display for GameValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation)
    }
}

impl Serialize for GameValue {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.notation)
    }
}

impl PartialEq<str> for GameValue {
    fn eq(&self, other: &str) -> bool {
        self.notation == other
    }
}

impl PartialEq<&str> for GameValue {
    fn eq(&self, other: &&str) -> bool {
        self.notation == *other
    }
}
