//! Positions drawn for a player: numbers as rows of matches, coins on a strip, pieces on
//! a grid, a row of coins. Each game's `draw` picks one of these.

/// The widest strip or grid drawn square by square (larger positions are written in
/// their notation).
pub const MAX_DRAWN_WIDTH: u64 = 60;

/// Numbers drawn as rows of matches, each row labelled (`stair 2`, `heap 1`).
///
/// ```
/// let d = nimlab::games::drawing::labelled_rows("stair", &[2, 0], true);
/// assert_eq!(d, "stair  1: ||                   2\nstair  2:                      0");
/// ```
pub fn labelled_rows(label: &str, values: &[u64], ascii: bool) -> String {
    let matches = if ascii { "|" } else { "│" };
    values
        .iter()
        .enumerate()
        .map(|(i, &h)| {
            let row = if h <= MAX_DRAWN_WIDTH {
                matches.repeat(h as usize)
            } else {
                format!("({h})")
            };
            format!("{label} {:>2}: {row:<20} {h}", i + 1)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Coins on a strip of squares numbered from 1 at the edge: `o` a coin (a digit for
/// several on one square), `g` the coin at index `gold`, `.` an empty square; coins off
/// the board (square 0) are counted below. `None` past [`MAX_DRAWN_WIDTH`] squares.
///
/// ```
/// let d = nimlab::games::drawing::strip(&[0, 2, 4, 4], None, true).unwrap();
/// assert_eq!(d, "square  1 2 3 4\n        . o . 2\n1 coin off the board");
/// ```
pub fn strip(coins: &[u64], gold: Option<usize>, ascii: bool) -> Option<String> {
    let last = coins.iter().copied().max().unwrap_or(0);
    if last > MAX_DRAWN_WIDTH {
        return None;
    }
    let (coin, gold_coin, empty) = if ascii {
        ('o', 'g', '.')
    } else {
        ('●', '◉', '·')
    };
    let mut header = String::from("square ");
    let mut cells = String::from("       ");
    for sq in 1..=last {
        let here: Vec<usize> = (0..coins.len()).filter(|&i| coins[i] == sq).collect();
        let cell = match here.as_slice() {
            [] => empty.to_string(),
            [i] if Some(*i) == gold => gold_coin.to_string(),
            [_] => coin.to_string(),
            many => many.len().to_string(),
        };
        let width = sq.to_string().len().max(cell.chars().count());
        header.push_str(&format!(" {sq:>width$}"));
        cells.push_str(&format!(" {cell:>width$}"));
    }
    let mut text = format!("{header}\n{cells}");
    let off = coins.iter().filter(|&&c| c == 0).count();
    if off > 0 {
        text.push_str(&format!(
            "\n{off} coin{} off the board",
            if off == 1 { "" } else { "s" }
        ));
    }
    Some(text)
}

/// Pieces on a grid, `(x, y)` with x the column from the left and y the row from the
/// bottom, both from 0: the piece's letter (a digit for several on one square), `.` an
/// empty square. The grid is `width` wide (or as wide as the pieces need). `None` past
/// [`MAX_DRAWN_WIDTH`] columns or rows.
///
/// ```
/// let d = nimlab::games::drawing::grid(&[(2, 1), (0, 0)], None, 'R', true).unwrap();
/// assert_eq!(d, " 1  . . R\n 0  R . .\n    0 1 2");
/// ```
pub fn grid(pieces: &[(u64, u64)], width: Option<u64>, piece: char, ascii: bool) -> Option<String> {
    // A piece on the last column or row of 64 bits is beyond any drawing: no overflow.
    let cols = width.unwrap_or_else(|| {
        pieces
            .iter()
            .map(|p| p.0.saturating_add(1))
            .max()
            .unwrap_or(1)
    });
    let rows = pieces
        .iter()
        .map(|p| p.1.saturating_add(1))
        .max()
        .unwrap_or(1);
    if cols > MAX_DRAWN_WIDTH || rows > MAX_DRAWN_WIDTH {
        return None;
    }
    let empty = if ascii { '.' } else { '·' };
    let mut lines = Vec::new();
    for y in (0..rows).rev() {
        let cells: Vec<String> = (0..cols)
            .map(|x| match pieces.iter().filter(|&&p| p == (x, y)).count() {
                0 => empty.to_string(),
                1 => piece.to_string(),
                n if n < 10 => n.to_string(),
                _ => "+".to_string(),
            })
            .collect();
        lines.push(format!("{y:>2}  {}", cells.join(" ")));
    }
    let labels: Vec<String> = (0..cols).map(|x| (x % 10).to_string()).collect();
    lines.push(format!("    {}", labels.join(" ")));
    Some(lines.join("\n"))
}

/// A row of coins written with `H` and `T`, numbered from 1 on the left (heads `●`,
/// tails `○`; `H` and `T` in ASCII). `None` past [`MAX_DRAWN_WIDTH`] coins.
///
/// ```
/// let d = nimlab::games::drawing::coin_row("THH", true).unwrap();
/// assert_eq!(d, "coin  1 2 3\n      T H H");
/// ```
pub fn coin_row(row: &str, ascii: bool) -> Option<String> {
    if row.len() as u64 > MAX_DRAWN_WIDTH {
        return None;
    }
    let mut header = String::from("coin ");
    let mut cells = String::from("     ");
    for (i, c) in row.chars().enumerate() {
        let cell = match (c, ascii) {
            (c, true) => c,
            ('H', false) => '●',
            (_, false) => '○',
        };
        let n = i + 1;
        let width = n.to_string().len();
        header.push_str(&format!(" {n:>width$}"));
        cells.push_str(&format!(" {cell:>width$}"));
    }
    Some(format!("{header}\n{cells}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Catalogue;

    /// Found by fuzzing: `rook 18446744073709551615,0` overflowed when drawn. The grid
    /// was sized by the last column plus one, which does not fit in 64 bits for a piece
    /// on column 2^64 − 1 (as for `rook-3` and for `two-dim-nim 1 18446744073709551615,0`).
    #[test]
    fn pieces_on_the_last_64_bit_column_or_row_are_not_drawn() {
        let far = u64::MAX;
        assert_eq!(grid(&[(far, 0)], None, 'R', true), None);
        assert_eq!(grid(&[(0, far)], None, 'R', true), None);
        assert_eq!(grid(&[(0, far)], Some(4), 'o', false), None);
        // Such positions are written in their notation instead.
        let cat = Catalogue::standard();
        for (game, tokens) in [
            ("rook", vec!["18446744073709551615,0"]),
            ("rook", vec!["0,18446744073709551615", "2,2"]),
            ("rook-3", vec!["18446744073709551615,18446744073709551615"]),
            ("two-dim-nim", vec!["1", "18446744073709551615,0"]),
        ] {
            let p = cat.parse_position(game, &tokens, 1).unwrap();
            for ascii in [true, false] {
                assert_eq!(p.draw(ascii), p.notation(), "{game} {tokens:?}");
            }
        }
    }
}
