//! What a page shows of a game in progress: each part of the position with its figure
//! and its picture, and for each legal move the cells of the pictures it changes, so
//! that a click on a match, a square or an edge finds the moves that change it.

use super::{Move, Session};
use crate::draw::figure_svg;
use crate::games::{Figure, Game};
use crate::Result;
use serde::Serialize;

/// One part of a position, drawn.
#[derive(Debug, Clone, Serialize)]
pub struct Part {
    /// The game id (`nim`, `domineering`).
    pub game: String,
    /// The part's position in the game's notation.
    pub position: String,
    /// What it looks like, when the game draws it (not serialized: the picture is).
    #[serde(skip)]
    pub figure: Option<Figure>,
    /// The figure as SVG, each match, square and edge in a group whose `data-cell` names
    /// it (with the part: `1/h2.3`, see [`cell_name`]).
    pub svg: Option<String>,
}

/// A legal move, as a page lists it and finds it by a click.
#[derive(Debug, Clone, Serialize)]
pub struct Playable {
    /// The move in words or in the game's notation.
    #[serde(rename = "move")]
    pub description: String,
    /// The position it leads to.
    pub position: String,
    /// The cells it changes, named as the pictures of [`parts`] name them.
    pub touched: Vec<String>,
}

/// The name of `cell` of part `part` (from 0) of a position: `part/cell`, 1-based.
///
/// ```
/// use nimlab::games::Cell;
/// assert_eq!(nimlab::play::cell_name(0, Cell::Square(3)), "1/s3");
/// ```
pub fn cell_name(part: usize, cell: crate::games::Cell) -> String {
    format!("{}/{cell}", part + 1)
}

/// The parts of `game`, each with its figure and picture (none for a game with
/// infinite columns, which is written, not drawn).
///
/// ```
/// use nimlab::games::{args, Catalogue};
/// let game = Catalogue::standard().parse_game(&args::number(&["nim", "1", "2"], 1)).unwrap();
/// let parts = nimlab::play::parts(&game);
/// assert_eq!((parts.len(), parts[0].position.as_str()), (1, "1 2"));
/// assert!(parts[0].svg.as_ref().unwrap().contains("data-cell=\"1/h2.2\""));
/// ```
pub fn parts(game: &Game) -> Vec<Part> {
    figures(game)
        .into_iter()
        .enumerate()
        .map(|(i, (game, position, figure))| {
            let svg = figure.as_ref().map(|f| {
                // The part's number goes before each cell's name.
                figure_svg(f).replace("<g data-cell=\"", &format!("<g data-cell=\"{}/", i + 1))
            });
            Part {
                game,
                position,
                figure,
                svg,
            }
        })
        .collect()
}

/// Each part's game, position and figure.
fn figures(game: &Game) -> Vec<(String, String, Option<Figure>)> {
    match game {
        Game::Impartial(sum) => sum
            .parts
            .iter()
            .map(|p| (p.game(), p.notation(), p.figure()))
            .collect(),
        Game::Partizan(sum) => sum
            .parts
            .iter()
            .map(|p| (p.game(), p.notation(), p.figure()))
            .collect(),
        Game::Infinite(p) => vec![("hackenbush-string".to_string(), p.to_string(), None)],
    }
}

/// The cells of `before`'s pictures that differ in `after`: those of the parts whose
/// figures changed (parts compared in order; a part without a figure has no cells).
///
/// ```
/// use nimlab::games::{args, Catalogue};
/// let read = |w: &[&str]| Catalogue::standard().parse_game(&args::number(w, 1)).unwrap();
/// let t = nimlab::play::touched(&read(&["nim", "3", "5"]), &read(&["nim", "3", "4"]));
/// assert_eq!(t, ["1/h2.5"]);
/// ```
pub fn touched(before: &Game, after: &Game) -> Vec<String> {
    let (a, b) = (figures(before), figures(after));
    let mut out = Vec::new();
    for (i, (_, position, figure)) in a.iter().enumerate() {
        let Some(figure) = figure else { continue };
        let changes = match b.get(i) {
            Some((_, p, _)) if p == position && a.len() == b.len() => continue,
            Some((_, _, Some(f))) if a.len() == b.len() => figure.changes(f),
            _ => figure.cells(),
        };
        out.extend(changes.into_iter().map(|c| cell_name(i, c)));
    }
    out
}

impl Session {
    /// Every legal move of the side to move (in an impartial game, of either player),
    /// with the game after it.
    ///
    /// # Errors
    /// As [`Session::moves`].
    pub fn legal(&self) -> Result<Vec<Move>> {
        let side = self.to_move();
        Ok(match self.current() {
            Game::Impartial(sum) => sum
                .turns()?
                .into_iter()
                .map(|t| Move {
                    description: t.description,
                    after: Game::Impartial(t.after),
                })
                .collect(),
            Game::Partizan(sum) => sum
                .moves(side)
                .into_iter()
                .map(|t| Move {
                    description: t.description,
                    after: Game::Partizan(t.after),
                })
                .collect(),
            Game::Infinite(p) => return Err(super::not_played(p)),
        })
    }

    /// The legal moves as [`Session::legal`], each listed with the position it leads to
    /// and the cells it changes.
    ///
    /// ```
    /// use nimlab::games::{args, ruleset::Side, Catalogue};
    /// use nimlab::play::Session;
    /// let game = Catalogue::standard().parse_game(&args::number(&["nim", "2", "1"], 1)).unwrap();
    /// let s = Session::new(game, nimlab::Convention::Normal, Side::Left, false).unwrap();
    /// let moves = s.playable().unwrap();
    /// assert_eq!(moves.len(), 3);
    /// assert!(moves.iter().any(|m| m.touched == ["1/h1.1", "1/h1.2"]));
    /// ```
    ///
    /// # Errors
    /// As [`Session::legal`].
    pub fn playable(&self) -> Result<Vec<Playable>> {
        let now = self.current();
        Ok(self
            .legal()?
            .into_iter()
            .map(|m| Playable {
                position: m.after.position(),
                touched: touched(now, &m.after),
                description: m.description,
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ruleset::Side;
    use crate::games::{args, Catalogue};
    use crate::Convention;

    fn session(words: &[&str]) -> Session {
        let game = Catalogue::standard()
            .parse_game(&args::number(words, 1))
            .unwrap();
        Session::new(game, Convention::Normal, Side::Left, false).unwrap()
    }

    #[test]
    fn every_legal_move_is_listed_once_and_read_back() {
        // Nim 3 5 7 has 3 + 5 + 7 moves; Domineering on 2×2 has two vertical dominoes
        // for Left, who moves first.
        for (words, count) in [
            (&["nim", "3", "5", "7"][..], 15),
            (&["domineering", "..|.."][..], 2),
        ] {
            let s = session(words);
            let moves = s.playable().unwrap();
            assert_eq!(moves.len(), count, "{words:?}");
            for m in &moves {
                let read = s.read(&m.description).unwrap();
                assert_eq!(read.after.position(), m.position);
                assert!(!m.touched.is_empty(), "{}", m.description);
            }
        }
    }

    #[test]
    fn each_domino_touches_its_own_two_squares() {
        let s = session(&["domineering", "...|..."]);
        let moves = s.playable().unwrap();
        // Three columns, one vertical domino each: squares c and c + 3.
        let mut touched: Vec<Vec<String>> = moves.into_iter().map(|m| m.touched).collect();
        touched.sort();
        assert_eq!(
            touched,
            [["1/s0", "1/s3"], ["1/s1", "1/s4"], ["1/s2", "1/s5"]]
        );
    }

    #[test]
    fn parts_of_a_sum_name_their_cells_apart() {
        let s = session(&["nim", "2", "+", "nim", "1"]);
        let parts = parts(s.current());
        assert_eq!(parts.len(), 2);
        assert!(parts[1]
            .svg
            .as_ref()
            .unwrap()
            .contains("data-cell=\"2/h1.1\""));
        let moves = s.playable().unwrap();
        let mut touched: Vec<String> = moves.into_iter().flat_map(|m| m.touched).collect();
        touched.sort();
        // 2 → 1, 2 → 0 (two matches), 1 → 0.
        assert_eq!(touched, ["1/h1.1", "1/h1.2", "1/h1.2", "2/h1.1"]);
    }
}
