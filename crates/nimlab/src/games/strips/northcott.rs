//! Northcott's game (texts 000 and 003; "Šestnáct věží", sixteen rooks, in 000): each row
//! of a board holds one white and one black piece. White moves a white piece, Black a
//! black one, any distance along its row, forwards or backwards, but never onto or over
//! the other piece. The player who cannot move loses. Play can loop (a piece can move
//! back and forth), and the game is partizan in form.
//!
//! A position is written as its rows, `w` the white piece, `b` the black one and `.` an
//! empty square, rows separated by `/` or spaces (`w...b/.b..w`), followed by `black`
//! when Black is to move (White moves otherwise). A list of numbers is a list of gaps,
//! each row just wide enough for its gap (`4 3 2 0 6 3 1 5`, text 003's figure). A move
//! is written as the square the mover's piece goes to: `e3` moves the mover's piece of
//! row 3 (rows numbered from 1 at the top) to column e (columns from a at the left).
//!
//! Closed form: the empty squares between the two pieces of a row are a Nim heap.
//! Closing a gap is a Nim move. Widening it is a reversible move: the other player closes
//! the gap again, and since the winner only ever moves towards the other piece, the
//! winner's pieces advance at every move and the game ends. So the player to move loses
//! exactly when the nim-sum of the gaps is 0, whoever is to move, and no position is a
//! draw. Retrograde analysis of small boards confirms this, and that the generalised
//! Sprague–Grundy value of every position is the nim-sum.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Text 003: gaps 4 3 2 0 6 3 1 5 have nim-sum 4; the winning moves close the gap by 4
//! // in row 1, 5 or 8.
//! let p = cat.parse_position("northcott", &["4", "3", "2", "0", "6", "3", "1", "5"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(4u64));
//! let w = p.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! let rows: Vec<&str> = w.moves.iter().map(|m| &m.description[..11]).collect();
//! assert_eq!(rows, ["White: row 1", "White: row 5", "White: row 8"].map(|r| &r[..11]));
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{NimHeap, Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};

/// The widest row nimlab accepts.
pub const MAX_WIDTH: u32 = 10_000;

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "northcott",
        usage: "northcott",
        summary: "a white and a black piece in each row; move your piece along its row, either way, never over the other; loopy",
        position: "rows of `w`, `b` and `.` separated by `/`, e.g. `w...b/.b..w`, then `black` if Black moves; or the gaps (`4 3 2 0 6 3 1 5`); moves `e3` (your piece of row 3 to column e)",
        example: "northcott w...b/.b..w",
        start: "4 3 2 0 6 3 1 5",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(Northcott, Northcott::read(args)?))),
    }
}

/// One row: its width and the columns (from 0) of the white and the black piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Row {
    /// The number of squares.
    pub width: u32,
    /// The white piece's column.
    pub white: u32,
    /// The black piece's column.
    pub black: u32,
}

impl Row {
    /// The empty squares between the two pieces.
    pub fn gap(&self) -> u32 {
        self.white.abs_diff(self.black) - 1
    }

    /// The columns the piece of Black (`black`) or White can move to, left to right.
    fn targets(&self, black: bool) -> impl Iterator<Item = u32> + use<> {
        let (me, other) = if black {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        };
        let (lo, hi) = if me < other {
            (0, other)
        } else {
            (other + 1, self.width)
        };
        (lo..hi).filter(move |&c| c != me)
    }

    fn with(mut self, black: bool, column: u32) -> Row {
        if black {
            self.black = column;
        } else {
            self.white = column;
        }
        self
    }
}

/// A position: the rows, and whether Black is to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// The rows, top first.
    pub rows: Vec<Row>,
    /// Whether Black is to move (White otherwise).
    pub black_to_move: bool,
}

/// Northcott's game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Northcott;

fn column_name(c: u32) -> String {
    if c < 26 {
        char::from(b'a' + c as u8).to_string()
    } else {
        format!("col{}", c + 1)
    }
}

fn side(black: bool) -> &'static str {
    if black {
        "Black"
    } else {
        "White"
    }
}

impl Northcott {
    /// Reads a position: rows of `w`, `b` and `.` (or gaps), then optionally `black` or
    /// `white` for the side to move.
    ///
    /// ```
    /// use nimlab::games::{args::number, northcott::Northcott};
    /// let b = Northcott::read(&number(&["w..b/.b.w", "black"], 1)).unwrap();
    /// assert_eq!(b.rows.len(), 2);
    /// assert!(b.black_to_move);
    /// assert_eq!(Northcott::read(&number(&["3", "0"], 1)).unwrap().rows[0].gap(), 3);
    /// assert!(Northcott::read(&number(&["w..w"], 1)).is_err());
    /// ```
    ///
    /// # Errors
    /// A token that is neither a row nor a gap, a row without exactly one piece of each
    /// colour, or no rows.
    pub fn read(args: &[Arg<'_>]) -> Result<Board> {
        let mut black_to_move = false;
        let mut tokens = args;
        if let Some((last, rest)) = args.split_last() {
            match last.text.to_lowercase().as_str() {
                "black" => {
                    black_to_move = true;
                    tokens = rest;
                }
                "white" => tokens = rest,
                _ => {}
            }
        }
        if tokens.is_empty() {
            return Err(Error::position(
                "northcott",
                "no rows given; write rows such as `w...b/..b.w`, or the gaps, e.g. `4 3 2`",
            ));
        }
        let numeric = tokens
            .iter()
            .all(|a| a.text.chars().all(|c| c.is_ascii_digit()));
        let mut rows = Vec::new();
        for a in tokens {
            if numeric {
                let g = a.natural("a gap (the empty squares between the pieces)")?;
                if g > u64::from(MAX_WIDTH - 2) {
                    return Err(a.error(format!("a gap of at most {}", MAX_WIDTH - 2)));
                }
                let g = g as u32;
                rows.push(Row {
                    width: g + 2,
                    white: 0,
                    black: g + 1,
                });
                continue;
            }
            for text in a.text.split('/').filter(|r| !r.is_empty()) {
                rows.push(Self::read_row(a, text)?);
            }
        }
        if rows.is_empty() {
            // Only separators (`/`): no row, which no position is.
            let text: Vec<&str> = tokens.iter().map(|a| a.text).collect();
            return Err(Error::position(
                "northcott",
                format!(
                    "no rows given in `{}`; write rows such as `w...b/..b.w`, or the gaps, e.g. `4 3 2`",
                    text.join(" ")
                ),
            ));
        }
        Ok(Board {
            rows,
            black_to_move,
        })
    }

    fn read_row(a: &Arg<'_>, text: &str) -> Result<Row> {
        let expected = "a row of `w` (the white piece), `b` (the black piece) and `.` (empty squares), one piece of each colour, e.g. `w...b`";
        let (mut white, mut black) = (None, None);
        let mut width = 0u32;
        for (i, ch) in text.chars().enumerate() {
            let slot = match ch {
                'w' | 'W' | '○' => &mut white,
                'b' | 'B' | '●' => &mut black,
                '.' | '-' | '_' | '·' => {
                    width += 1;
                    continue;
                }
                _ => return Err(a.error(format!("{expected} (character {} is `{ch}`)", i + 1))),
            };
            if slot.is_some() {
                return Err(a.error(format!("{expected} (`{ch}` appears twice in `{text}`)")));
            }
            *slot = Some(width);
            width += 1;
            if width > MAX_WIDTH {
                return Err(a.error(format!("rows of at most {MAX_WIDTH} squares")));
            }
        }
        match (white, black) {
            (Some(white), Some(black)) => Ok(Row {
                width,
                white,
                black,
            }),
            _ => Err(a.error(format!("{expected} (`{text}` lacks one)"))),
        }
    }

    /// The nim-sum of the gaps.
    pub fn nim_sum(&self, board: &Board) -> u64 {
        crate::nimber::nim_sum(board.rows.iter().map(|r| u64::from(r.gap())))
    }

    /// The board after the mover's piece of row `i` goes to `column`, the other side to move.
    pub(crate) fn moved(board: &Board, i: usize, column: u32) -> Board {
        let mut rows = board.rows.clone();
        rows[i] = rows[i].with(board.black_to_move, column);
        Board {
            rows,
            black_to_move: !board.black_to_move,
        }
    }
}

impl ImpartialGame for Northcott {
    type Position = Board;

    fn options(&self, board: &Board, out: &mut Vec<Board>) {
        for (i, row) in board.rows.iter().enumerate() {
            for c in row.targets(board.black_to_move) {
                out.push(Self::moved(board, i, c));
            }
        }
    }

    fn closed_form(&self, board: &Board) -> Option<u64> {
        Some(self.nim_sum(board))
    }
}

impl Rules for Northcott {
    fn id(&self) -> String {
        "northcott".to_string()
    }

    fn format(&self, board: &Board) -> String {
        let rows: Vec<String> = board
            .rows
            .iter()
            .map(|r| {
                (0..r.width)
                    .map(|c| match c {
                        c if c == r.white => 'w',
                        c if c == r.black => 'b',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        let mut text = rows.join("/");
        if board.black_to_move {
            text.push_str(" black");
        }
        text
    }

    fn describe(&self, from: &Board, to: &Board) -> String {
        let black = from.black_to_move;
        let changed = (0..from.rows.len()).find(|&i| from.rows[i] != to.rows[i]);
        let Some(i) = changed else {
            return format!("move to {}", self.format(to));
        };
        let (a, b) = (from.rows[i], to.rows[i]);
        let (x, y) = if black {
            (a.black, b.black)
        } else {
            (a.white, b.white)
        };
        let way = if b.gap() < a.gap() {
            "closing the gap"
        } else {
            "widening the gap"
        };
        format!(
            "{}: row {}, {} to {} ({way} from {} to {})",
            side(black),
            i + 1,
            column_name(x),
            column_name(y),
            a.gap(),
            b.gap()
        )
    }

    fn options_of_value(
        &self,
        board: &Board,
        target: u64,
        hits: &mut crate::games::rules::Hits<Board>,
    ) -> Option<()> {
        let x = self.nim_sum(board) ^ target;
        if x == 0 {
            return Some(());
        }
        let black = board.black_to_move;
        let mut closing = Vec::new();
        let mut widening = Vec::new();
        for (i, row) in board.rows.iter().enumerate() {
            let g = u64::from(row.gap());
            let want = g ^ x;
            for c in row.targets(black) {
                let after = row.with(black, c);
                if u64::from(after.gap()) == want {
                    let list = if want < g {
                        &mut closing
                    } else {
                        &mut widening
                    };
                    list.push((i, c));
                }
            }
        }
        // Closing moves first: a player who only ever closes gaps cannot be kept in a loop.
        for (i, c) in closing.into_iter().chain(widening) {
            hits.add(|| Self::moved(board, i, c));
        }
        Some(())
    }

    fn p_position(&self, board: &Board) -> Option<bool> {
        Some(self.nim_sum(board) == 0)
    }

    fn nim_heaps(&self, board: &Board) -> Option<(String, Vec<NimHeap>)> {
        Some((
            "gap".to_string(),
            board
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| (format!("gap of row {}", i + 1), u64::from(r.gap())))
                .collect(),
        ))
    }

    fn loopy(&self) -> bool {
        true
    }

    fn pass(&self, board: &Board) -> Option<Board> {
        Some(Board {
            rows: board.rows.clone(),
            black_to_move: !board.black_to_move,
        })
    }

    fn read_move(&self, board: &Board, text: &str) -> Option<std::result::Result<Board, String>> {
        let t = text.trim().to_lowercase();
        let mut chars = t.chars();
        let letter = chars.next().filter(char::is_ascii_lowercase)?;
        let row: usize = chars.as_str().parse().ok()?;
        let column = u32::from(letter as u8 - b'a');
        let n = board.rows.len();
        let Some(r) = row.checked_sub(1).filter(|&r| r < n) else {
            return Some(Err(format!("there is no row {row}: rows 1 to {n}")));
        };
        let black = board.black_to_move;
        let current = board.rows[r];
        let (me, other) = if black {
            (current.black, current.white)
        } else {
            (current.white, current.black)
        };
        let reason = if column >= current.width {
            format!("row {row} has only {} squares", current.width)
        } else if column == me {
            format!("{}'s piece is already on {t}", side(black))
        } else if column == other {
            format!("{t} holds {}'s piece", side(!black))
        } else if (column < other) != (me < other) {
            format!(
                "{}'s piece cannot jump over {}'s",
                side(black),
                side(!black)
            )
        } else {
            return Some(Ok(Self::moved(board, r, column)));
        };
        Some(Err(reason))
    }

    /// The rows from the top, the columns lettered; each row's gap and whose turn it is
    /// in the notes.
    fn figure(&self, board: &Board) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Labels, Piece, Shape, Square};
        let widest = board.rows.iter().map(|r| r.width).max().unwrap_or(0);
        if widest > 26 {
            return None;
        }
        let squares = board
            .rows
            .iter()
            .flat_map(|r| {
                (0..widest).map(move |c| match c {
                    _ if c >= r.width => Square::Absent,
                    c if c == r.white => Square::Piece(Piece::White),
                    c if c == r.black => Square::Piece(Piece::Black),
                    _ => Square::Empty,
                })
            })
            .collect();
        let b = crate::games::figure::Board {
            width: widest,
            height: board.rows.len() as u32,
            squares,
            rows: Labels::Down(1),
            columns: Labels::Letters,
        };
        let gaps: Vec<String> = board.rows.iter().map(|r| r.gap().to_string()).collect();
        Some(
            Figure::new(Shape::Board(b))
                .note(format!("gaps, row by row: {}", gaps.join(" ")))
                .note(format!("{} to move", side(board.black_to_move))),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::args::number;
    use crate::games::{Position, Sum};
    use crate::loopy::{explore, generalized_values, retrograde, GeneralizedValue, Verdict};
    use crate::Convention;

    fn board(text: &str) -> Box<dyn Position> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        Box::new(Typed::new(
            Northcott,
            Northcott::read(&number(&tokens, 1)).unwrap(),
        ))
    }

    /// Found by fuzzing: `northcott /` was read as a board of no rows and written as
    /// nothing at all, which does not read back ("no rows given"). Separators alone are
    /// refused as no rows are; a board of rows is written as it reads back.
    #[test]
    fn a_board_of_separators_only_is_refused_as_no_rows() {
        for tokens in [
            vec!["/"],
            vec!["//"],
            vec!["/", "/"],
            vec!["/", "black"],
            vec!["black"],
        ] {
            match Northcott::read(&number(&tokens, 1)) {
                Err(Error::Rule(crate::RuleError::Position { reason, .. })) => {
                    assert!(reason.contains("no rows given"), "{tokens:?}: {reason}")
                }
                other => panic!("{tokens:?}: {other:?}"),
            }
        }
        let err = Northcott::read(&number(&["//"], 1))
            .unwrap_err()
            .to_string();
        assert!(err.contains("in `//`"), "{err}");
        for text in ["w..b/.b.w black", "/w.b/", "b.w//wb"] {
            let p = board(text);
            let back = board(&p.notation());
            assert_eq!(back.notation(), p.notation(), "{text}");
            assert!(!p.notation().is_empty(), "{text}");
        }
    }

    /// Every position reachable from small boards, solved by retrograde analysis on the
    /// rules alone: no draw, the player to move loses exactly when the nim-sum of the gaps
    /// is 0, and the generalised Sprague–Grundy value is the nim-sum.
    #[test]
    fn small_boards_are_nim_by_retrograde_analysis() {
        for start in [
            "w...b/b..w",
            "w....b/.b.w",
            "w..b/b.w./.wb.",
            "w.b./b..w/w..b",
        ] {
            let sum = Sum {
                parts: vec![board(start)],
            };
            let e = explore(sum, 1_000_000).unwrap();
            assert!(e.keys.len() > 100, "{start}: {} positions", e.keys.len());
            let verdicts = retrograde(&e.graph, Convention::Normal);
            let values = generalized_values(&e.graph);
            for (k, key) in e.keys.iter().enumerate() {
                let pos = key.trim_start_matches("northcott ");
                let tokens: Vec<&str> = pos.split_whitespace().collect();
                let b = Northcott::read(&number(&tokens, 1)).unwrap();
                let sum = Northcott.nim_sum(&b);
                assert_eq!(values[k], GeneralizedValue::Finite(sum), "{key}");
                assert_ne!(verdicts[k], Verdict::Draw, "{key}");
                assert_eq!(
                    verdicts[k].outcome(),
                    crate::Outcome::from_grundy_zero(sum == 0)
                );
            }
        }
    }

    #[test]
    fn sixteen_rooks_is_a_second_player_win() {
        let p = board("6 6 6 6 6 6 6 6");
        assert_eq!(p.value().unwrap(), crate::Nimber::from(0u64));
        assert_eq!(p.notation().split('/').next(), Some("w......b"));
    }

    #[test]
    fn winning_moves_close_gaps_first_and_include_widening() {
        // Gaps 1 and 2 (nim-sum 3): close the 2 to 1, or widen the 1 to 2 (room behind).
        let p = board(".w.b/w..b");
        let w = p.moves_to_value(&crate::Nimber::from(0u64), 10).unwrap();
        let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
        assert_eq!(to, [".w.b/.w.b black", "w..b/w..b black"]);
        assert!(w.moves[0].description.contains("closing"));
        assert!(w.moves[1].description.contains("widening"));
    }

    #[test]
    fn moves_are_read_as_squares() {
        let p = board("w...b/.b.w");
        let after = p.read_move("c1").unwrap().unwrap().to;
        assert_eq!(after.notation(), "..w.b/.b.w black");
        let black = after.read_move("a2").unwrap().unwrap().to;
        assert_eq!(black.notation(), "..w.b/b..w");
        for (text, why) in [
            ("e1", "holds Black's piece"),
            ("a2", "jump over"),
            ("a1", "already on"),
            ("z1", "only 5 squares"),
            ("c9", "no row 9"),
        ] {
            let err = p.read_move(text).unwrap().unwrap_err();
            assert!(err.contains(why), "{text}: {err}");
        }
    }
}
