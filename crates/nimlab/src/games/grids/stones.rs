//! The board of the stone-capturing games, Clobber and Konane: Left's stones (`x`) and
//! Right's (`o`) on a grid of at most 64 squares, written as CGSuite writes them (rows
//! from the top separated by `|`). Each game states only how a stone moves and which
//! stones make an independent group.

use super::grid::Grid;
use crate::games::figure::Figure;
use crate::games::ruleset::Side;
use crate::Result;

/// Left's and Right's stones on a board, bit `r·width + c` for row r from the top and
/// column c from the left. Ordered by size, then stones, so that the least of a
/// position's symmetric forms is one form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Stones {
    pub(crate) height: u8,
    pub(crate) width: u8,
    pub(crate) left: u64,
    pub(crate) right: u64,
}

impl Stones {
    /// Reads a board of `game`'s (`example` shows how one is written).
    pub(crate) fn parse(game: &str, text: &str, example: &str) -> Result<Stones> {
        let (grid, left, right) = Grid::parse_stones(game, text, example)?;
        Ok(Stones {
            height: grid.height as u8,
            width: grid.width as u8,
            left,
            right,
        })
    }

    /// The squares in a row.
    pub(crate) fn w(&self) -> u32 {
        u32::from(self.width)
    }

    /// The rows.
    pub(crate) fn h(&self) -> u32 {
        u32::from(self.height)
    }

    /// The board's grid.
    pub(crate) fn grid(&self) -> Grid {
        Grid {
            height: self.h(),
            width: self.w(),
        }
    }

    /// The same board with these stones.
    pub(crate) fn with(&self, left: u64, right: u64) -> Stones {
        Stones {
            left,
            right,
            ..*self
        }
    }

    /// The same board after a move of the `mover`'s stones (`left` when Left moves) to
    /// `moved`, the opponent's left as `rest`.
    pub(crate) fn after(&self, left_moves: bool, moved: u64, rest: u64) -> Stones {
        if left_moves {
            self.with(moved, rest)
        } else {
            self.with(rest, moved)
        }
    }

    /// The stones of `group` alone, on the bounding box of the squares `room` (which
    /// holds them), in the least of the eight forms the board's symmetries give: the
    /// same region of play whatever its place and turn on the board.
    pub(crate) fn least_form(&self, group: u64, room: u64) -> Stones {
        let w = self.w();
        let (r0, r1) = (room.trailing_zeros() / w, (63 - room.leading_zeros()) / w);
        let (mut c0, mut c1) = (u32::MAX, 0);
        let mut bits = room;
        while bits != 0 {
            let c = bits.trailing_zeros() % w;
            bits &= bits - 1;
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (h, nw) = (r1 - r0 + 1, c1 - c0 + 1);
        // Forms 0 to 3: as it is, mirrored left to right, top to bottom, and both;
        // 4 to 7: the same, transposed (h columns of nw rows).
        let (mut l, mut r) = ([0u64; 8], [0u64; 8]);
        let mut bits = group;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let (y, x) = (i / w - r0, i % w - c0);
            let (fy, fx) = (h - 1 - y, nw - 1 - x);
            let at = [
                y * nw + x,
                y * nw + fx,
                fy * nw + x,
                fy * nw + fx,
                x * h + y,
                fx * h + y,
                x * h + fy,
                fx * h + fy,
            ];
            let masks = if self.left >> i & 1 == 1 {
                &mut l
            } else {
                &mut r
            };
            for (m, a) in masks.iter_mut().zip(at) {
                *m |= 1 << a;
            }
        }
        (0..8)
            .map(|f| Stones {
                height: if f < 4 { h } else { nw } as u8,
                width: if f < 4 { nw } else { h } as u8,
                left: l[f],
                right: r[f],
            })
            .min()
            .unwrap_or(*self)
    }

    /// A move of `side`'s to `to`, named by the square its stone leaves and the square
    /// it reaches: `a1-a2`.
    pub(crate) fn describe_move(&self, side: Side, to: &Stones) -> String {
        let (before, after) = match side {
            Side::Left => (self.left, to.left),
            Side::Right => (self.right, to.right),
        };
        self.grid().stone_move(before, after)
    }

    /// The board's figure, with its title.
    pub(crate) fn figure(&self, title: &str) -> Figure {
        self.grid().stones_figure(title, self.left, self.right)
    }
}

impl std::fmt::Display for Stones {
    /// CGSuite's rows: `xox|ox.`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.grid().stone_rows(self.left, self.right))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight forms of a region by brute force: each square moved by each symmetry.
    fn forms(s: &Stones) -> Vec<Stones> {
        let (h, w) = (s.h(), s.w());
        (0..8)
            .map(|f| {
                let (fh, fw) = if f & 4 != 0 { (w, h) } else { (h, w) };
                let (mut l, mut r) = (0, 0);
                for i in 0..h * w {
                    let (mut y, mut x) = (i / w, i % w);
                    if f & 1 != 0 {
                        x = w - 1 - x;
                    }
                    if f & 2 != 0 {
                        y = h - 1 - y;
                    }
                    if f & 4 != 0 {
                        std::mem::swap(&mut x, &mut y);
                    }
                    let bit = 1u64 << (y * fw + x);
                    if s.left >> i & 1 == 1 {
                        l |= bit;
                    }
                    if s.right >> i & 1 == 1 {
                        r |= bit;
                    }
                }
                Stones {
                    height: fh as u8,
                    width: fw as u8,
                    left: l,
                    right: r,
                }
            })
            .collect()
    }

    #[test]
    fn the_least_form_is_the_least_of_the_eight_symmetric_boards() {
        // Every board of up to 3×3 squares of x, o and empty, filled exactly.
        let mut seen = 0;
        for (h, w) in [(1, 3), (2, 2), (2, 3), (3, 2), (3, 3)] {
            let n = h * w;
            for code in 0..3u32.pow(n) {
                let (mut l, mut r, mut c) = (0u64, 0u64, code);
                for i in 0..n {
                    match c % 3 {
                        1 => l |= 1 << i,
                        2 => r |= 1 << i,
                        _ => {}
                    }
                    c /= 3;
                }
                let s = Stones {
                    height: h as u8,
                    width: w as u8,
                    left: l,
                    right: r,
                };
                let all = (1u64 << n) - 1;
                let want = forms(&s).into_iter().min().unwrap();
                assert_eq!(s.least_form(l | r, all), want, "{s}");
                seen += 1;
            }
        }
        assert!(seen > 20_000);
    }
}
