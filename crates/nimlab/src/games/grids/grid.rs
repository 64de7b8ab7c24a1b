//! Rectangular boards of at most 64 squares held as bit masks (bit `r * width + c` for
//! the square in row r from the top and column c), shared by the grid rulesets: reading
//! CGSuite's row notation, side-by-side neighbours, and regions.

use crate::games::figure::{Board, Figure, Shape, Square};
use crate::{Error, Result};

/// The most squares a grid may have.
pub(crate) const MAX_SQUARES: usize = 64;

/// The shape of a board.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grid {
    pub height: u32,
    pub width: u32,
}

/// `n` squares in words: `1 square`, `3 squares`.
fn squares(n: usize) -> String {
    if n == 1 {
        "1 square".to_string()
    } else {
        format!("{n} squares")
    }
}

/// The name of column `c` (from 0): `a` to `z`, then `aa`, `ab`, ….
pub(crate) fn column_name(c: u32) -> String {
    let letter = |k: u32| char::from(b'a' + (k % 26) as u8);
    if c < 26 {
        letter(c).to_string()
    } else {
        format!("{}{}", letter(c / 26 - 1), letter(c))
    }
}

/// The sides of an empty board written `RxC` (or `R×C`): R rows and C columns, or `None`
/// when `text` is not two whole numbers joined so. A number too large for 64 bits reads
/// as 2^64 − 1, a side no board has.
pub(crate) fn read_size(text: &str) -> Option<(u64, u64)> {
    let (r, c) = text.split_once(['x', '×'])?;
    Some((whole_number(r)?, whole_number(c)?))
}

/// A whole number written in decimal digits (spaces around it and a `+` before it
/// allowed), at most 2^64 − 1.
fn whole_number(text: &str) -> Option<u64> {
    let t = text.trim();
    let t = t.strip_prefix('+').unwrap_or(t);
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(t.parse().unwrap_or(u64::MAX))
}

/// Whether a board of `height` rows and `width` columns has `min_height` rows or more,
/// a column or more, and at most [`MAX_SQUARES`] squares (the product is taken without
/// overflow).
pub(crate) fn fits(height: u64, width: u64, min_height: u64) -> bool {
    height >= min_height.max(1)
        && width >= 1
        && height
            .checked_mul(width)
            .is_some_and(|n| n <= MAX_SQUARES as u64)
}

impl Grid {
    /// Reads a board of stones, rows from the top separated by `|`: `x` Left's stone, `o`
    /// Right's, `.` empty (quotes around the text are ignored). Returns the shape and the
    /// masks of Left's and Right's stones; `example` shows a board in errors.
    ///
    /// # Errors
    /// As [`Grid::parse`].
    pub(crate) fn parse_stones(game: &str, text: &str, example: &str) -> Result<(Grid, u64, u64)> {
        let text = text.trim().trim_matches('"');
        let (grid, [_, left, right]) = Grid::parse(
            game,
            text,
            &format!("expected rows of `x`, `o` and `.` separated by `|`, as in `{example}`"),
            "`x`, `o` or `.`",
            |ch| match ch {
                '.' => Some(0),
                'x' | 'X' => Some(1),
                'o' | 'O' => Some(2),
                _ => None,
            },
        )?;
        Ok((grid, left, right))
    }

    /// Reads rows from the top separated by `|`; `square` names each character's kind
    /// (`None` for a character the game does not know). Returns the shape and, for each
    /// kind 0 to 2, the mask of its squares. `game` names the game in errors, `hint` says
    /// how a board is written, `expected` which characters a square may be.
    pub(crate) fn parse(
        game: &str,
        text: &str,
        hint: &str,
        expected: &str,
        square: impl Fn(char) -> Option<usize>,
    ) -> Result<(Grid, [u64; 3])> {
        let bad = |reason: String| {
            Error::Rule(crate::RuleError::Position {
                game: game.to_string(),
                reason,
            })
        };
        let rows: Vec<&str> = text.split('|').collect();
        let width = rows[0].chars().count();
        let height = rows.len();
        if width == 0 {
            return Err(bad(hint.to_string()));
        }
        if height * width > MAX_SQUARES {
            return Err(Error::limit(
                format!("a {game} board of {height}×{width}"),
                format!("boards of up to {MAX_SQUARES} squares"),
            ));
        }
        let mut masks = [0u64; 3];
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != width {
                return Err(bad(format!(
                    "row {} has {}, row 1 has {}: rows must be equally long",
                    r + 1,
                    squares(row.chars().count()),
                    squares(width)
                )));
            }
            for (c, ch) in row.chars().enumerate() {
                let kind = square(ch).ok_or_else(|| {
                    bad(format!(
                        "`{ch}` in row {}, column {}: expected {expected}",
                        r + 1,
                        c + 1
                    ))
                })?;
                masks[kind] |= 1 << (r * width + c);
            }
        }
        let grid = Grid {
            height: height as u32,
            width: width as u32,
        };
        Ok((grid, masks))
    }

    /// The name of square `i` (bit `r * width + c`) as on a chess board: the column as a
    /// letter from the left (`a` to `z`, then `aa`, `ab`, …), the row as a number from the bottom (`a1` is bottom left).
    pub(crate) fn square_name(&self, i: u32) -> String {
        let (r, c) = (i / self.width, i % self.width);
        format!("{}{}", column_name(c), self.height - r)
    }

    /// The square named `name` (`b2`, as [`Grid::square_name`] names them): its row and
    /// column from the top left, or why the name is not a square of this board.
    pub(crate) fn read_square(&self, name: &str) -> std::result::Result<(u32, u32), String> {
        let name = name.trim();
        let letters = name
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(name.len());
        let (col, row) = name.split_at(letters);
        let col = col.to_ascii_lowercase();
        let column = (0..self.width.max(1)).find(|&c| column_name(c) == col);
        let last = self.square_name(self.width - 1);
        let first = self.square_name((self.height - 1) * self.width);
        let off = || format!("`{name}` is not a square of this board ({first} to {last})");
        if col.is_empty() || row.is_empty() {
            return Err(format!(
                "`{name}` is not a square: a square is a column letter and a row number, as `{first}`"
            ));
        }
        let row: u32 = row.parse().map_err(|_| off())?;
        match column {
            Some(c) if (1..=self.height).contains(&row) => Ok((self.height - row, c)),
            _ => Err(off()),
        }
    }

    /// The board's figure: each square shown by `square(i)`.
    pub(crate) fn figure(&self, title: &str, square: impl Fn(u32) -> Square) -> Figure {
        Figure::new(Shape::Board(Board::lettered(
            self.width,
            self.height,
            (0..self.width * self.height).map(square).collect(),
        )))
        .titled(title)
    }

    /// A stone's move from the squares `before` to `after` (one square left, one
    /// reached), named by the two squares: `a1-a2`.
    pub(crate) fn stone_move(&self, before: u64, after: u64) -> String {
        format!(
            "{}-{}",
            self.square_name((before & !after).trailing_zeros()),
            self.square_name((after & !before).trailing_zeros())
        )
    }

    /// What square `i` shows on a board of Left's stones `left` and Right's `right`:
    /// `x`, `o` or `.` (or the two given stone characters).
    fn stone_at(left: u64, right: u64, i: u32, (x, o): (char, char)) -> char {
        if left >> i & 1 == 1 {
            x
        } else if right >> i & 1 == 1 {
            o
        } else {
            '.'
        }
    }

    /// The figure of a board of Left's stones `left` and Right's `right`.
    pub(crate) fn stones_figure(&self, title: &str, left: u64, right: u64) -> Figure {
        self.figure(title, |i| {
            if left >> i & 1 == 1 {
                Square::Left
            } else if right >> i & 1 == 1 {
                Square::Right
            } else {
                Square::Empty
            }
        })
    }

    /// A board of stones in CGSuite's row notation: `xox|ox.`.
    pub(crate) fn stone_rows(&self, left: u64, right: u64) -> String {
        let rows: Vec<String> = (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| Self::stone_at(left, right, r * self.width + c, ('x', 'o')))
                    .collect()
            })
            .collect();
        rows.join("|")
    }

    /// Every square.
    pub(crate) fn all(&self) -> u64 {
        let n = u64::from(self.height) * u64::from(self.width);
        if n >= 64 {
            u64::MAX
        } else {
            (1u64 << n) - 1
        }
    }

    /// The squares of the first column.
    pub(crate) fn first_column(&self) -> u64 {
        (0..self.height).fold(0, |m, r| m | 1 << (r * self.width))
    }

    /// The squares of the last column.
    pub(crate) fn last_column(&self) -> u64 {
        self.first_column() << (self.width - 1)
    }

    /// The squares side by side with those of `m`.
    pub(crate) fn neighbours(&self, m: u64) -> u64 {
        let w = self.width;
        // A board one row of 64 squares wide has no square above or below another.
        let up_down = m.checked_shl(w).unwrap_or(0) | m.checked_shr(w).unwrap_or(0);
        (up_down | (m & !self.last_column()) << 1 | (m & !self.first_column()) >> 1) & self.all()
    }

    /// The regions of the squares of `m` joined side to side, as a mask each.
    pub(crate) fn regions(&self, m: u64) -> Vec<u64> {
        let mut rest = m;
        let mut out = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region | self.neighbours(region)) & m;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            out.push(region);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::games::args::number;
    use crate::games::Catalogue;
    use crate::Error;

    /// Found by fuzzing: `domineering 65536x65536` overflowed. The number of squares of
    /// an `RxC` board was taken in 32 bits: a panic with overflow checks, and without them
    /// a product that wraps round, so that `domineering 1073741825x4` (4,294,967,300
    /// squares) was read as the 1×4 board `....`. The same held for `cram`, `snort`,
    /// `col` and `minichess`.
    #[test]
    fn rxc_boards_whose_squares_overflow_32_bits_are_refused() {
        let cat = Catalogue::standard();
        let read = |game: &str, size: &str| {
            cat.parse_partizan_sum_args(&number(&[game, size], 1))
                .map(|sum| sum.parts[0].notation())
        };
        for game in ["domineering", "cram", "snort", "col", "minichess"] {
            for size in [
                "65536x65536",
                "1073741825x4",
                "4x1073741825",
                "4294967296x1",
                "2x4294967296",
                "2x2147483649",
                "99999999999999999999999x2",
                "65x1",
                "9x8",
            ] {
                match read(game, size) {
                    Err(Error::Limit(crate::LimitError { what, .. })) => {
                        assert!(what.contains("board"), "{game} {size}: {what}")
                    }
                    other => panic!("{game} {size}: {other:?}"),
                }
            }
            // 64 squares is the largest board: 8 rows of 8 squares.
            let board = read(game, "8x8").unwrap();
            assert_eq!(board.split('|').count(), 8, "{game}");
            assert!(
                board.split('|').all(|row| row.chars().count() == 8),
                "{game}"
            );
        }
        // The empty boards have every square empty; minichess has a row of pawns each.
        assert_eq!(read("domineering", "1x64").unwrap(), ".".repeat(64));
        assert_eq!(read("snort", "64x1").unwrap(), vec!["."; 64].join("|"));
        let pawns = read("minichess", "2x32").unwrap();
        assert_eq!(pawns, format!("{}|{}", "b".repeat(32), "w".repeat(32)));
    }
}
