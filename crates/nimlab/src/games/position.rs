//! A position of any catalogue game, behind one object-safe trait.

use crate::explain::Explanation;
use crate::impartial::Reach;
use crate::loopy::GeneralizedValue;
use crate::{Nimber, Outcome, Result};
use std::fmt;

/// A move of a catalogue game: where it goes and what it is, in words.
pub struct Move {
    /// The position after the move.
    pub to: Box<dyn Position>,
    /// The move in words, e.g. "take 4 from heap 2".
    pub description: String,
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Move")
            .field("to", &self.to.notation())
            .field("description", &self.description)
            .finish()
    }
}

/// Some of the moves of a position and how many there are in all.
///
/// Positions such as Nim with a million heaps can have hundreds of thousands of winning
/// moves, each a position of a million heaps; only the first few are built.
#[derive(Debug, Default)]
pub struct MoveList {
    /// The first moves, at most the limit asked for.
    pub moves: Vec<Move>,
    /// How many moves there are in all.
    pub total: usize,
}

/// Counts the positions reachable from `start` and their moves by a search of
/// [`Position::options`] (positions told apart by their notation), giving up with `None`
/// as soon as there are more than `max_positions` positions or `max_moves` moves.
///
/// # Errors
/// As [`Position::options`].
pub(crate) fn reach_by_search(
    start: &dyn Position,
    max_positions: u64,
    max_moves: u64,
) -> Result<Option<Reach>> {
    let mut seen = std::collections::HashSet::new();
    seen.insert(start.notation());
    let mut queue = vec![start.boxed_clone()];
    let mut reach = Reach {
        positions: 1,
        moves: 0,
    };
    if reach.positions > max_positions {
        return Ok(None);
    }
    while let Some(pos) = queue.pop() {
        crate::limits::check()?;
        let options = pos.options()?;
        reach.moves += options.len() as u64;
        if reach.moves > max_moves {
            return Ok(None);
        }
        for m in options {
            if seen.insert(m.to.notation()) {
                reach.positions += 1;
                if reach.positions > max_positions {
                    return Ok(None);
                }
                queue.push(m.to);
            }
        }
    }
    Ok(Some(reach))
}

/// A position of a catalogue game, whatever the game.
///
/// This is the object-safe face of every game: the front ends hold `Box<dyn Position>`
/// and never need to know the game's types.
///
/// ```
/// use nimlab::games::Catalogue;
/// use nimlab::Nimber;
/// let sum = Catalogue::standard().parse_sum(&["nim", "3", "5", "7"]).unwrap();
/// let nim = &sum.parts[0];
/// assert_eq!(nim.value().unwrap(), Nimber::from(1u64));
/// let winning = nim.moves_to_value(&Nimber::from(0u64), 10).unwrap();
/// assert_eq!(winning.total, 3);
/// assert_eq!(winning.moves[0].to.notation(), "2 5 7");
/// ```
pub trait Position: Send + Sync {
    /// The game id, with its parameters (`subtraction:1,3,4`).
    fn game(&self) -> String;

    /// The position in the notation it is read in.
    fn notation(&self) -> String;

    /// A copy of this position behind a new box.
    fn boxed_clone(&self) -> Box<dyn Position>;

    /// The Sprague–Grundy value in normal play.
    ///
    /// # Errors
    /// [`crate::Error::Limit`] when the value is beyond what nimlab can compute.
    fn value(&self) -> Result<Nimber>;

    /// Every move to a position of value `target`, the first `limit` of them built.
    ///
    /// # Errors
    /// As [`Position::value`].
    fn moves_to_value(&self, target: &Nimber, limit: usize) -> Result<MoveList>;

    /// Every move, for search and play.
    ///
    /// # Errors
    /// [`crate::Error::Limit`] when there are too many to list.
    fn options(&self) -> Result<Vec<Move>>;

    /// The misère outcome (the last player to move loses) of this position alone.
    ///
    /// # Errors
    /// [`crate::Error::Limit`] when the search is too large.
    fn misere_outcome(&self) -> Result<Outcome>;

    /// Every move to a misère P-position, when the game knows them without search.
    ///
    /// `None` means: search the options.
    fn misere_winning_moves(&self, _limit: usize) -> Option<Result<MoveList>> {
        None
    }

    /// A structured explanation of the value, for a student.
    fn explain(&self) -> Option<Explanation> {
        None
    }

    /// A structured explanation of the misère outcome, when the game has one.
    fn explain_misere(&self) -> Option<Explanation> {
        None
    }

    /// Whether this is a P-position in normal play, by a closed form that does not need the
    /// value (Wythoff's pairs, Moore's columns): `None` when the game has none.
    ///
    /// When it is `Some`, the winning moves are the moves to value 0.
    fn p_position(&self) -> Option<bool> {
        None
    }

    /// The positions reachable from this one and the moves among them, when there are at
    /// most `max_positions` positions and `max_moves` moves; `None` when there are more.
    ///
    /// This sizes a search before it starts (a misère sum is searched whole). The default
    /// counts them by `reach_by_search`; games that can count faster say so.
    ///
    /// ```
    /// use nimlab::games::Catalogue;
    /// use nimlab::impartial::Reach;
    /// let cat = Catalogue::standard();
    /// // Heaps 2 and 3: 3 × 4 positions; from heaps a and b there are a + b moves.
    /// let p = cat.parse_position("nim", &["2", "3"], 2).unwrap();
    /// let moves = (0..=2).flat_map(|a| (0..=3).map(move |b| a + b)).sum::<u64>();
    /// assert_eq!(p.reach(100, 100).unwrap(), Some(Reach { positions: 12, moves }));
    /// assert_eq!(p.reach(11, 100).unwrap(), None);
    /// ```
    ///
    /// # Errors
    /// [`crate::Error::Limit`] when the position is too large to search at all.
    fn reach(&self, max_positions: u64, max_moves: u64) -> Result<Option<Reach>> {
        reach_by_search(&*self.boxed_clone(), max_positions, max_moves)
    }

    /// Reads a move typed in the game's move notation (`b1-b3` in Taktix, `4,3` in
    /// Chomp): the move (the position after it, in words), or why it is not a legal move
    /// here. `None` when
    /// the game has no move notation of its own (a move is then named by its
    /// description or by the position it leads to).
    fn read_move(&self, _text: &str) -> Option<std::result::Result<Move, String>> {
        None
    }

    /// For games whose positions say whose turn it is (the side to move in Northcott's
    /// game, the stocks of the player to move and of the other in Poker-Nim): the same
    /// position with the other player to move. In a sum, a move in another part passes
    /// the turn in this one. `None` for the games whose positions are the same for both.
    fn turn_passed(&self) -> Option<Box<dyn Position>> {
        None
    }

    /// Whether play can loop: a position may be reached again, so positions can be
    /// drawn. Analysis and play then use [`crate::loopy`] instead of a recursive search.
    fn is_loopy(&self) -> bool {
        false
    }

    /// The generalised Sprague–Grundy value ([`GeneralizedValue`]): for games without
    /// loops, the value as a finite nimber.
    ///
    /// ```
    /// use nimlab::games::Catalogue;
    /// let p = Catalogue::standard().parse_position("nim", &["3", "5"], 2).unwrap();
    /// assert_eq!(p.generalized_value().unwrap().to_string(), "*6");
    /// ```
    ///
    /// # Errors
    /// As [`Position::value`], and [`crate::Error::Limit`] for a value past 64 bits.
    fn generalized_value(&self) -> Result<GeneralizedValue> {
        let v = self.value()?;
        v.to_u64().map(GeneralizedValue::Finite).ok_or_else(|| {
            crate::Error::limit(
                "the value of a loopy sum with a part worth more than 2^64",
                "values below 2^64",
            )
        })
    }

    /// What the position looks like (heaps, a strip of coins, a board), for a
    /// picture: [`crate::draw`] draws it as text or SVG. `None`: the position is shown
    /// in its notation.
    fn figure(&self) -> Option<super::Figure> {
        None
    }
}

impl fmt::Debug for dyn Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.game(), self.notation())
    }
}
