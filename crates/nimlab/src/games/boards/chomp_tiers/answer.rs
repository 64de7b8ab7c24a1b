//! A position's outcome and every winning move, read from a solved table.

use super::table::Outcomes;
use crate::games::chomp::{chomp, Board, Chomp};
use crate::games::Rules;
use crate::{Error, Outcome, Result};
use serde::Serialize;
use std::fmt;

/// A winning move: the piece taken and the P-position it leaves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinningMove {
    /// The position left, its row lengths from the poisoned row up.
    pub to: String,
    /// The move in words: the piece `c,r` taken.
    pub description: String,
}

/// The outcome of a Chomp position and every winning move, from the outcomes of the
/// rectangle holding it.
///
/// ```
/// use nimlab::games::boards::chomp_tiers::*;
/// let mut table = Outcomes::new(Staircases::new(3, 5).unwrap());
/// solve(&mut table, None, |_| {}).unwrap();
/// let a = answer(&table, &[5, 5, 5]).unwrap();
/// assert_eq!(a.outcome, nimlab::Outcome::N);
/// assert_eq!(a.winning_moves[0].to, "5 5 3");
/// assert!(a.to_string().contains("take 4,3"));
/// let e = answer(&table, &[6]).unwrap_err().to_string();
/// assert!(e.contains("3x5"), "{e}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The game, `chomp`.
    pub game: String,
    /// The position, its row lengths from the poisoned row up.
    pub position: String,
    /// The rectangle whose outcomes answered, `RxC`.
    pub rectangle: String,
    /// P or N.
    pub outcome: Outcome,
    /// Every move to a P-position, from the poisoned row up and from the left.
    pub winning_moves: Vec<WinningMove>,
}

/// The outcome of `board` and its winning moves, read from `table`.
///
/// # Errors
/// [`Error::Unsupported`] when the board does not fit the table's rectangle, or when
/// the table does not hold the outcome of the board or of one of its options (it was not
/// solved to the end).
pub fn answer(table: &Outcomes, board: &[u8]) -> Result<Answer> {
    let index = table.index();
    let (rows, columns) = (index.rows(), index.columns());
    let game = Chomp::default();
    let board: Board = board.to_vec();
    let rectangle = format!("{rows}x{columns}");
    if board.is_empty() || board.contains(&0) || !index.holds(&board) {
        return Err(Error::Unsupported(format!(
            "the Chomp position `{}` ({} rows, the longest of {}) is not inside the database's rectangle of {rows} rows and {columns} columns ({rectangle}): solve a larger rectangle",
            game.format(&board),
            board.len(),
            board.first().copied().unwrap_or(0)
        )));
    }
    let outcome_of = |b: &Board| {
        table.outcome(b).ok_or_else(|| {
            Error::Unsupported(format!(
                "the outcomes of the {rectangle} rectangle do not hold `{}`: they were not solved to the end",
                game.format(b)
            ))
        })
    };
    let outcome = outcome_of(&board)?;
    let mut winning_moves = vec![];
    for (r, &len) in board.iter().enumerate() {
        for c in 1..=usize::from(len) {
            if (r, c) == (0, 1) {
                continue;
            }
            let to = chomp(&board, c, r + 1);
            if outcome_of(&to)? == Outcome::P {
                winning_moves.push(WinningMove {
                    to: game.format(&to),
                    description: game.describe(&board, &to),
                });
            }
        }
    }
    Ok(Answer {
        game: "chomp".to_string(),
        position: game.format(&board),
        rectangle,
        outcome,
        winning_moves,
    })
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "chomp {}", self.position)?;
        writeln!(f, "{}", self.outcome.describe())?;
        if !self.winning_moves.is_empty() {
            writeln!(f, "Winning moves ({}):", self.winning_moves.len())?;
            for m in &self.winning_moves {
                writeln!(f, "  {} -> {}", m.description, m.to)?;
            }
        }
        writeln!(f, "(from the outcomes of the {} rectangle)", self.rectangle)
    }
}
