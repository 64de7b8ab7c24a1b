//! The games of the literals read lately (`"{3||2|1}"`, `"^*"`), so that reading one
//! again is a look-up. The arena is hash-consed and keeps every game made by a finished
//! computation (it rolls back only what an unfinished one made), so an id read once
//! stays the game of its text for the life of the process.

use nimlab::conway::GameId;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};

/// How many texts one generation holds: the texts of the present generation and of the
/// one before are remembered, at most twice this many.
const GENERATION: usize = 2048;

/// The longest text remembered, in bytes.
pub const MAX_REMEMBERED: usize = 256;

/// Two generations of texts: a text is looked up in both and is put in the present one,
/// which takes the place of the one before when it is full (the texts read least lately
/// are forgotten first).
#[derive(Default)]
struct Recent {
    present: HashMap<Box<str>, GameId>,
    before: HashMap<Box<str>, GameId>,
}

impl Recent {
    fn insert(&mut self, text: &str, id: GameId) {
        if self.present.len() >= GENERATION {
            self.before = std::mem::take(&mut self.present);
        }
        self.present.insert(text.into(), id);
    }
}

static RECENT: LazyLock<Mutex<Recent>> = LazyLock::new(Mutex::default);

fn lock() -> MutexGuard<'static, Recent> {
    RECENT.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The game of `text`, if it was read lately.
pub fn get(text: &str) -> Option<GameId> {
    let mut recent = lock();
    if let Some(&id) = recent.present.get(text) {
        return Some(id);
    }
    let id = recent.before.get(text).copied()?;
    recent.insert(text, id);
    Some(id)
}

/// Remembers that `text`, a literal, is the game `id` (a text longer than
/// [`MAX_REMEMBERED`] bytes is not remembered).
pub fn remember(text: &str, id: GameId) {
    if text.len() <= MAX_REMEMBERED {
        lock().insert(text, id);
    }
}
