//! Sixteen rooks (Šestnáct věží, text 000): on a chessboard, each file holds a white rook
//! and a black rook, at the start White's on the first rank and Black's on the last. White
//! moves a white rook, Black a black one, any distance up or down its file, never onto or
//! past the other rook of the file. White moves first; the player who cannot move loses.
//! Play can repeat (a rook can go back), as the text says.
//!
//! This is Northcott's game ([`crate::games::northcott`]) with the files as its rows, and
//! nimlab values it so: the empty squares between the two rooks of a file are a Nim heap
//! (the text's hint), closing a gap is a Nim move and widening one is reversible, so the
//! player to move loses exactly when the nim-sum of the gaps is 0. On 8 × 8 every gap is 6
//! and there are eight of them: the nim-sum is 0 and the second player wins.
//!
//! Notation: `WxH` for the start on W files and H ranks (`8x8`); or the ranks from the
//! top, separated by `/`, of `w` (a white rook), `b` (a black rook), `.` (an empty square)
//! and numbers for runs of empty squares, as in chess's FEN (`bbbb/4/4/wwww` is `4x4`).
//! Each file holds one rook of each colour, in either order. `black` after the board:
//! Black to move. A move is the square the mover's rook goes to, `e3` (the rook of file e
//! to rank 3), or `e1-e3`.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let start = cat.parse_position("sixteen-rooks", &["8x8"], 1).unwrap();
//! assert_eq!(start.value().unwrap(), nimlab::Nimber::from(0u64));
//! // After White closes file a's gap to 4, Black wins by closing any other gap to 4.
//! let after = start.read_move("a3").unwrap().unwrap().to;
//! assert_eq!(after.notation(), "bbbbbbbb/8/8/8/8/w7/8/1wwwwwww black");
//! let w = after.moves_to_value(&nimlab::Nimber::from(0u64), 20).unwrap();
//! assert_eq!(w.moves.len(), 7);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::northcott::{Board, Northcott, Row};
use crate::games::rules::{Hits, NimHeap, Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};

/// The most files (lettered `a` to `z`).
pub const MAX_FILES: usize = 26;

/// The most ranks.
pub const MAX_RANKS: u32 = 10_000;

/// The catalogue entry.
///
/// ```
/// let e = nimlab::games::sixteen_rooks::entry();
/// assert_eq!(e.name, "sixteen-rooks");
/// let p = (e.build)(None, &nimlab::games::args::number(&["3x8"], 2)).unwrap();
/// // Three gaps of 6: nim-sum 6.
/// assert_eq!(p.value().unwrap(), nimlab::Nimber::from(6u64));
/// ```
pub fn entry() -> Entry {
    Entry {
        name: "sixteen-rooks",
        usage: "sixteen-rooks",
        summary: "a white and a black rook on each file; move your rook up or down its file, never past the other; loopy (Northcott's game)",
        position: "`WxH` for the start on W files and H ranks, e.g. `sixteen-rooks 4x4` (`8x8` is the text's board), or the ranks from the top with `w`, `b`, `.` and numbers for empty runs, `bbbb/4/4/wwww`, then `black` if Black moves; moves `e3` (your rook of file e to rank 3)",
        example: "sixteen-rooks 4x4",
        start: "8x8",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(SixteenRooks, SixteenRooks::read(args)?))),
    }
}

/// Sixteen rooks, on any board. A position is Northcott's board with one row a file:
/// its width is the number of ranks, its pieces' columns the rooks' ranks (from 0 at
/// rank 1).
///
/// ```
/// use nimlab::games::{args::number, sixteen_rooks::SixteenRooks};
/// use nimlab::impartial::ImpartialGame;
/// let start = SixteenRooks::read(&number(&["3x5"], 1)).unwrap();
/// // Three gaps of 3: nim-sum 3.
/// assert_eq!(SixteenRooks.closed_form(&start), Some(3));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SixteenRooks;

fn file_name(f: usize) -> char {
    char::from(b'a' + f as u8)
}

fn side(black: bool) -> &'static str {
    if black {
        "Black"
    } else {
        "White"
    }
}

impl SixteenRooks {
    /// Reads a position: `WxH`, or ranks from the top; then `black` or `white`.
    ///
    /// ```
    /// use nimlab::games::{args::number, sixteen_rooks::SixteenRooks};
    /// let b = SixteenRooks::read(&number(&["bb./.wb/w.w", "black"], 1)).unwrap();
    /// assert_eq!(b.rows.len(), 3);
    /// assert_eq!(b.rows[1].gap(), 0);
    /// assert!(b.black_to_move);
    /// assert!(SixteenRooks::read(&number(&["bb/bb/ww"], 1)).is_err());
    /// ```
    ///
    /// # Errors
    /// A token that is neither `WxH` nor ranks, ranks of different lengths, a file without
    /// exactly one rook of each colour, or a board too large.
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
        let Some(first) = tokens.first() else {
            return Err(Error::position(
                "sixteen-rooks",
                "no board given; write `8x8` for the start, or the ranks from the top, e.g. `bbbb/4/4/wwww`",
            ));
        };
        if let [only] = tokens {
            if let Some(rows) = Self::read_size(only)? {
                return Ok(Board {
                    rows,
                    black_to_move,
                });
            }
        }
        let mut ranks: Vec<(Vec<Option<bool>>, &Arg<'_>)> = Vec::new();
        for a in tokens {
            for text in a.text.split('/').filter(|r| !r.is_empty()) {
                ranks.push((Self::read_rank(a, text)?, a));
            }
        }
        if ranks.is_empty() {
            return Err(first.error(
                "ranks of `w`, `b`, `.` and numbers separated by `/`, e.g. `bbbb/4/4/wwww`, or `WxH`",
            ));
        }
        let files = ranks[0].0.len();
        if let Some((rank, a)) = ranks.iter().find(|(r, _)| r.len() != files) {
            return Err(a.error(format!(
                "ranks of one length: the first has {files} squares, another {}",
                rank.len()
            )));
        }
        if files > MAX_FILES {
            return Err(first.error(format!("at most {MAX_FILES} files (a to z)")));
        }
        if ranks.len() > MAX_RANKS as usize {
            return Err(first.error(format!("at most {MAX_RANKS} ranks")));
        }
        let height = ranks.len() as u32;
        let mut rows = Vec::with_capacity(files);
        for f in 0..files {
            let (mut white, mut black) = (Vec::new(), Vec::new());
            for (k, (rank, _)) in ranks.iter().enumerate() {
                // Ranks are written from the top: the first is rank `height`.
                let r = height - 1 - k as u32;
                match rank[f] {
                    Some(false) => white.push(r),
                    Some(true) => black.push(r),
                    None => {}
                }
            }
            let (&[white], &[black]) = (white.as_slice(), black.as_slice()) else {
                return Err(first.error(format!(
                    "one white and one black rook on each file: file {} has {} white and {} black",
                    file_name(f),
                    white.len(),
                    black.len()
                )));
            };
            rows.push(Row {
                width: height,
                white,
                black,
            });
        }
        Ok(Board {
            rows,
            black_to_move,
        })
    }

    /// `WxH`: the start on W files and H ranks; `None` for a token of another form.
    fn read_size(a: &Arg<'_>) -> Result<Option<Vec<Row>>> {
        let Some((w, h)) = a
            .text
            .to_lowercase()
            .split_once('x')
            .map(|(w, h)| (w.to_string(), h.to_string()))
        else {
            return Ok(None);
        };
        if w.is_empty()
            || !w.chars().all(|c| c.is_ascii_digit())
            || h.is_empty()
            || !h.chars().all(|c| c.is_ascii_digit())
        {
            return Ok(None);
        }
        let expected = format!(
            "`WxH`: W files from 1 to {MAX_FILES}, H ranks from 2 to {MAX_RANKS}, e.g. `8x8`"
        );
        let (Ok(files), Ok(ranks)) = (w.parse::<usize>(), h.parse::<u32>()) else {
            return Err(a.error(expected));
        };
        if !(1..=MAX_FILES).contains(&files) || !(2..=MAX_RANKS).contains(&ranks) {
            return Err(a.error(expected));
        }
        Ok(Some(vec![
            Row {
                width: ranks,
                white: 0,
                black: ranks - 1,
            };
            files
        ]))
    }

    /// One rank: `Some(false)` a white rook, `Some(true)` a black one, `None` empty.
    fn read_rank(a: &Arg<'_>, text: &str) -> Result<Vec<Option<bool>>> {
        let mut squares = Vec::new();
        let mut run = String::new();
        let flush = |run: &mut String, squares: &mut Vec<Option<bool>>| -> Result<()> {
            if run.is_empty() {
                return Ok(());
            }
            match run.parse::<usize>() {
                Ok(n) if n >= 1 && squares.len() + n <= MAX_FILES => {
                    squares.extend(std::iter::repeat_n(None, n));
                    run.clear();
                    Ok(())
                }
                _ => Err(a.error(format!(
                    "a run of 1 to {MAX_FILES} empty squares in `{text}`, not `{run}`"
                ))),
            }
        };
        for (i, ch) in text.chars().enumerate() {
            if ch.is_ascii_digit() {
                run.push(ch);
                continue;
            }
            flush(&mut run, &mut squares)?;
            squares.push(match ch {
                'w' | 'W' | '○' => Some(false),
                'b' | 'B' | '●' => Some(true),
                '.' | '-' | '_' | '·' => None,
                _ => {
                    return Err(a.error(format!(
                        "a rank of `w` (a white rook), `b` (a black rook), `.` and numbers for runs of empty squares (character {} of `{text}` is `{ch}`)",
                        i + 1
                    )))
                }
            });
            if squares.len() > MAX_FILES {
                return Err(a.error(format!(
                    "ranks of at most {MAX_FILES} squares (files a to z)"
                )));
            }
        }
        flush(&mut run, &mut squares)?;
        Ok(squares)
    }

    fn is_start(board: &Board) -> bool {
        board
            .rows
            .iter()
            .all(|r| r.white == 0 && r.black + 1 == r.width && r.width == board.rows[0].width)
    }
}

impl ImpartialGame for SixteenRooks {
    type Position = Board;

    fn options(&self, board: &Board, out: &mut Vec<Board>) {
        Northcott.options(board, out)
    }

    fn closed_form(&self, board: &Board) -> Option<u64> {
        Northcott.closed_form(board)
    }
}

impl Rules for SixteenRooks {
    fn id(&self) -> String {
        "sixteen-rooks".to_string()
    }

    fn format(&self, board: &Board) -> String {
        let mut text = if Self::is_start(board) && !board.rows.is_empty() {
            format!("{}x{}", board.rows.len(), board.rows[0].width)
        } else {
            let height = board.rows.first().map_or(0, |r| r.width);
            let ranks: Vec<String> = (0..height)
                .rev()
                .map(|r| {
                    let mut rank = String::new();
                    let mut empty = 0;
                    for row in &board.rows {
                        let ch = if row.white == r {
                            'w'
                        } else if row.black == r {
                            'b'
                        } else {
                            empty += 1;
                            continue;
                        };
                        if empty > 0 {
                            rank.push_str(&empty.to_string());
                            empty = 0;
                        }
                        rank.push(ch);
                    }
                    if empty > 0 {
                        rank.push_str(&empty.to_string());
                    }
                    rank
                })
                .collect();
            ranks.join("/")
        };
        if board.black_to_move {
            text.push_str(" black");
        }
        text
    }

    fn describe(&self, from: &Board, to: &Board) -> String {
        let black = from.black_to_move;
        let Some(f) = (0..from.rows.len()).find(|&i| from.rows[i] != to.rows[i]) else {
            return format!("move to {}", self.format(to));
        };
        let (a, b) = (from.rows[f], to.rows[f]);
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
        let file = file_name(f);
        format!(
            "{}: rook {file}{} to {file}{} ({way} from {} to {})",
            side(black),
            x + 1,
            y + 1,
            a.gap(),
            b.gap()
        )
    }

    fn options_of_value(&self, board: &Board, target: u64, hits: &mut Hits<Board>) -> Option<()> {
        Northcott.options_of_value(board, target, hits)
    }

    fn p_position(&self, board: &Board) -> Option<bool> {
        Northcott.p_position(board)
    }

    fn nim_heaps(&self, board: &Board) -> Option<(String, Vec<NimHeap>)> {
        Some((
            "gap".to_string(),
            board
                .rows
                .iter()
                .enumerate()
                .map(|(f, r)| {
                    (
                        format!("empty squares between the rooks of file {}", file_name(f)),
                        u64::from(r.gap()),
                    )
                })
                .collect(),
        ))
    }

    fn loopy(&self) -> bool {
        true
    }

    fn pass(&self, board: &Board) -> Option<Board> {
        Northcott.pass(board)
    }

    fn read_move(&self, board: &Board, text: &str) -> Option<std::result::Result<Board, String>> {
        let t = text.trim().to_lowercase();
        // `e1-e3` names the rook's square first; `e3` only where it goes.
        let target = match t.split_once('-') {
            Some((from, to)) => {
                let (ff, fr) = square(from)?;
                let (tf, tr) = square(to)?;
                if ff != tf {
                    return Some(Err("a rook moves along its file only".to_string()));
                }
                let Some(row) = board.rows.get(ff) else {
                    return Some(Err(format!("there is no file {}", from.trim())));
                };
                let mine = if board.black_to_move {
                    row.black
                } else {
                    row.white
                };
                if fr != mine {
                    return Some(Err(format!(
                        "{}'s rook of file {} is on {}{}",
                        side(board.black_to_move),
                        file_name(ff),
                        file_name(ff),
                        mine + 1
                    )));
                }
                (tf, tr)
            }
            None => square(&t)?,
        };
        let (f, r) = target;
        let n = board.rows.len();
        let Some(row) = board.rows.get(f).copied() else {
            return Some(Err(format!(
                "there is no file {}: files a to {}",
                file_name(f.min(25)),
                file_name(n.saturating_sub(1))
            )));
        };
        let black = board.black_to_move;
        let (me, other) = if black {
            (row.black, row.white)
        } else {
            (row.white, row.black)
        };
        let to = format!("{}{}", file_name(f), r + 1);
        let reason = if r >= row.width {
            format!("the board has only {} ranks", row.width)
        } else if r == me {
            format!("{}'s rook is already on {to}", side(black))
        } else if r == other {
            format!("{to} holds {}'s rook", side(!black))
        } else if (r < other) != (me < other) {
            format!("{}'s rook cannot pass {}'s", side(black), side(!black))
        } else {
            return Some(Ok(Northcott::moved(board, f, r)));
        };
        Some(Err(reason))
    }

    /// The board with rank 1 at the bottom and the files lettered; the gaps and whose turn
    /// it is in the notes.
    fn figure(&self, board: &Board) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Labels, Piece, Shape, Square};
        let height = board.rows.first().map_or(0, |r| r.width);
        if height > crate::games::MAX_DRAWN_WIDTH as u32 {
            return None;
        }
        let squares = (0..height)
            .rev()
            .flat_map(|r| {
                board.rows.iter().map(move |row| {
                    if row.white == r {
                        Square::Piece(Piece::White)
                    } else if row.black == r {
                        Square::Piece(Piece::Black)
                    } else {
                        Square::Empty
                    }
                })
            })
            .collect();
        let b = crate::games::figure::Board {
            width: board.rows.len() as u32,
            height,
            squares,
            rows: Labels::Up(1),
            columns: Labels::Letters,
        };
        let gaps: Vec<String> = board.rows.iter().map(|r| r.gap().to_string()).collect();
        Some(
            Figure::new(Shape::Board(b))
                .note(format!("gaps, file by file: {}", gaps.join(" ")))
                .note(format!("{} to move", side(board.black_to_move))),
        )
    }
}

/// A square `e3`: the file (from 0) and the rank (from 0); `None` if the text is not one.
fn square(text: &str) -> Option<(usize, u32)> {
    let text = text.trim();
    let mut chars = text.chars();
    let letter = chars.next().filter(char::is_ascii_lowercase)?;
    let rank: u32 = chars.as_str().parse().ok()?;
    Some((usize::from(letter as u8 - b'a'), rank.checked_sub(1)?))
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
            SixteenRooks,
            SixteenRooks::read(&number(&tokens, 1)).unwrap(),
        ))
    }

    /// Every position reachable from the start, solved by retrograde analysis of the
    /// rules: no draw, and the player to move loses exactly when the nim-sum of the gaps
    /// is 0; the generalised Sprague–Grundy value is that nim-sum.
    fn check_by_retrograde(start: &str) -> usize {
        let e = explore(
            Sum {
                parts: vec![board(start)],
            },
            2_000_000,
        )
        .unwrap();
        let verdicts = retrograde(&e.graph, Convention::Normal);
        let values = generalized_values(&e.graph);
        for (k, key) in e.keys.iter().enumerate() {
            let pos = key.trim_start_matches("sixteen-rooks ");
            let tokens: Vec<&str> = pos.split_whitespace().collect();
            let b = SixteenRooks::read(&number(&tokens, 1)).unwrap();
            let sum = Northcott.nim_sum(&b);
            assert_eq!(values[k], GeneralizedValue::Finite(sum), "{key}");
            assert_ne!(verdicts[k], Verdict::Draw, "{key}");
            assert_eq!(
                verdicts[k].outcome(),
                crate::Outcome::from_grundy_zero(sum == 0),
                "{key}"
            );
        }
        e.keys.len()
    }

    #[test]
    fn small_boards_are_nim_by_retrograde_analysis() {
        // Two files of 8 ranks (28 placements each, both sides to move), three files of
        // 6, and boards with the rooks elsewhere, Black below White in a file.
        for start in ["2x8", "3x6", "4x4", "b.w/w.b/.b./.w.", "wb/b./.w black"] {
            let n = check_by_retrograde(start);
            assert!(n >= 8, "{start}: {n} positions");
        }
        // Every placement with either side to move, but two: the side to move cannot
        // face both rooks of the other side pressed against its own, in the corner ranks
        // (White to move, Black's rooks on rank 8 touching White's on rank 7, and the
        // reverse), since the other side's last move could not have ended there.
        assert_eq!(check_by_retrograde("2x8"), 28 * 28 * 2 - 2);
    }

    #[test]
    fn the_start_on_eight_by_eight_is_a_second_player_win() {
        let p = board("8x8");
        // Eight gaps of 6: 6 ⊕ 6 ⊕ … = 0.
        let b = SixteenRooks::read(&number(&["8x8"], 1)).unwrap();
        assert!(b.rows.iter().all(|r| r.gap() == 6) && b.rows.len() == 8);
        assert_eq!(p.value().unwrap(), crate::Nimber::from(0u64));
        assert_eq!(
            p.moves_to_value(&crate::Nimber::from(0u64), 10)
                .unwrap()
                .moves
                .len(),
            0
        );
        // And with an odd number of files the first player wins.
        assert_eq!(board("7x8").value().unwrap(), crate::Nimber::from(6u64));
    }

    #[test]
    fn notation_round_trips() {
        for text in [
            "8x8",
            "8x8 black",
            "bbbbbbbb/8/8/8/8/w7/8/1wwwwwww black",
            "b.w/w.b/.b./.w.",
            "w/b",
            "1b/b1/w1/1w",
        ] {
            let p = board(text);
            let again = board(&p.notation());
            assert_eq!(again.notation(), p.notation(), "{text}");
        }
        assert_eq!(board("bbb/3/www").notation(), "3x3");
        assert_eq!(board("b.w/w.b/.b./.w.").notation(), "b1w/w1b/1b1/1w1");
    }

    #[test]
    fn bad_boards_are_refused_with_the_token() {
        for (tokens, why) in [
            (
                vec!["bb/bb/ww"],
                "one white and one black rook on each file",
            ),
            (vec!["bbb/ww"], "ranks of one length"),
            (vec!["bxb/www"], "character 2"),
            (vec!["0x8"], "W files from 1"),
            (vec!["8x1"], "H ranks from 2"),
            (vec!["27x8"], "W files from 1 to 26"),
            (vec!["b0/w1"], "a run of 1 to 26"),
            (vec!["b99/w99"], "a run of 1 to 26"),
            (vec!["/"], "ranks of `w`"),
        ] {
            let err = SixteenRooks::read(&number(&tokens, 1))
                .unwrap_err()
                .to_string();
            assert!(err.contains(why), "{tokens:?}: {err}");
            assert!(err.contains("(argument 1)"), "{tokens:?}: {err}");
        }
        assert!(matches!(
            SixteenRooks::read(&number(&["black"], 1)),
            Err(Error::Rule(crate::RuleError::Position { .. }))
        ));
    }

    #[test]
    fn moves_are_read_and_described() {
        let p = board("3x4");
        let m = p.read_move("b3").unwrap().unwrap();
        assert_eq!(m.to.notation(), "bbb/1w1/3/w1w black");
        assert_eq!(
            m.description,
            "White: rook b1 to b3 (closing the gap from 2 to 0)"
        );
        let back = m.to.read_move("b4-b3").unwrap();
        assert!(back.unwrap_err().contains("holds White's rook"));
        let up = m.to.read_move("a4-a2").unwrap().unwrap();
        assert_eq!(up.to.notation(), "1bb/1w1/b2/w1w");
        for (text, why) in [
            ("a1", "already on"),
            ("a4", "holds Black's rook"),
            ("a5", "only 4 ranks"),
            ("d2", "no file d"),
            ("a2-a3", "is on a1"),
            ("a1-b2", "along its file"),
        ] {
            let err = p.read_move(text).unwrap().unwrap_err();
            assert!(err.contains(why), "{text}: {err}");
        }
        assert!(p.read_move("hello").is_none());
    }
}
