//! The games born by a day (or any set of games) as a Hasse diagram of their partial
//! order G ≤ H: each game with its outcome class and its rank (the longest chain below
//! it), and the covering pairs G < H with no game of the set between them.

use crate::conway::{born_by, outcome, Arena, GameId};
use crate::draw::{diagram_svg, Diagram, DiagramEdge, DiagramNode, Ink, Layout};
use crate::notation::try_print;
use crate::{Error, Outcome, Result};
use serde::Serialize;
use std::fmt;

/// The most games a Hasse diagram draws (the 22 games born by day 2 are drawn; the 1474
/// of day 3 are listed only).
pub const MAX_DRAWN_GAMES: usize = 100;

/// The most games whose order nimlab works out (every pair is compared).
const MAX_ORDERED_GAMES: usize = 4096;

/// A game of a Hasse diagram.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HasseGame {
    /// The game as CGSuite writes it.
    pub value: String,
    /// Its outcome class: L positive, R negative, P zero, N fuzzy.
    pub outcome: Outcome,
    /// The length of the longest chain of the set below it (0 for a least game).
    pub rank: usize,
}

/// A covering pair: the game `below` is less than the game `above`, and no game of the
/// set lies between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cover {
    /// The index of the lesser game.
    pub below: usize,
    /// The index of the greater game.
    pub above: usize,
}

/// The Hasse diagram of a set of games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hasse {
    /// The day, for the games born by a day.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<u32>,
    /// The games, by rank (the least first).
    pub games: Vec<HasseGame>,
    /// The covering pairs, by the lesser game.
    pub covers: Vec<Cover>,
}

/// A set of game indices, one bit each.
#[derive(Clone)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn has(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn meets(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

impl Hasse {
    /// The Hasse diagram of the games born by `day` (0 to
    /// [`crate::conway::MAX_DAY`]).
    ///
    /// ```
    /// use nimlab::conway::Arena;
    /// use nimlab::explore::Hasse;
    /// let mut a = Arena::new();
    /// // Day 1: -1 below 0 and *, both below 1; 0 and * are incomparable.
    /// let h = Hasse::born_by(&mut a, 1).unwrap();
    /// let pairs: Vec<(&str, &str)> = h
    ///     .covers
    ///     .iter()
    ///     .map(|c| (h.games[c.below].value.as_str(), h.games[c.above].value.as_str()))
    ///     .collect();
    /// assert_eq!(pairs, [("-1", "0"), ("-1", "*"), ("0", "1"), ("*", "1")]);
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] past the last day listed; a stop (Ctrl-C, the time limit).
    pub fn born_by(arena: &mut Arena, day: u32) -> Result<Hasse> {
        let games = born_by(arena, day)?;
        let mut h = Hasse::of_games(arena, &games)?;
        h.day = Some(day);
        Ok(h)
    }

    /// The Hasse diagram of `games` (distinct canonical forms), each compared with every
    /// other.
    ///
    /// ```
    /// use nimlab::conway::Arena;
    /// use nimlab::explore::Hasse;
    /// let mut a = Arena::new();
    /// let games = [a.integer(2), a.zero(), a.integer(1)];
    /// let h = Hasse::of_games(&mut a, &games).unwrap();
    /// assert_eq!(h.to_string(), "3 games ordered by ≤; 2 covering pairs (G < H, no game between):\n0  P  < 1\n1  L  < 2\n2  L\n");
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] for more than 4096 games; a stop (Ctrl-C, the time limit).
    pub fn of_games(arena: &mut Arena, games: &[GameId]) -> Result<Hasse> {
        let n = games.len();
        if n > MAX_ORDERED_GAMES {
            return Err(Error::limit(
                format!("ordering {n} games"),
                format!("{MAX_ORDERED_GAMES} games, each compared with every other"),
            ));
        }
        // below[i]: the games less than game i; above[i]: those greater.
        let mut below = vec![Bits::new(n); n];
        let mut above = vec![Bits::new(n); n];
        for i in 0..n {
            crate::limits::check()?;
            for j in 0..n {
                if i != j && arena.le(games[i], games[j]) && !arena.le(games[j], games[i]) {
                    above[i].set(j);
                    below[j].set(i);
                }
            }
        }
        if arena.interrupted() {
            return Err(arena.stop_error());
        }
        // Game i is covered by j when nothing greater than i is less than j.
        let mut covered_by: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, covers) in covered_by.iter_mut().enumerate() {
            for (j, under) in below.iter().enumerate() {
                if above[i].has(j) && !above[i].meets(under) {
                    covers.push(j);
                }
            }
        }
        // Ranks along a linear extension: fewer games below comes first.
        let mut by_size: Vec<usize> = (0..n).collect();
        by_size.sort_by_key(|&i| (below[i].count(), i));
        let mut rank = vec![0usize; n];
        for &i in &by_size {
            for &j in &covered_by[i] {
                rank[j] = rank[j].max(rank[i] + 1);
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (rank[i], i));
        let mut position = vec![0usize; n];
        for (k, &i) in order.iter().enumerate() {
            position[i] = k;
        }
        let mut listed = Vec::with_capacity(n);
        for &i in &order {
            listed.push(HasseGame {
                value: try_print(arena, games[i])?,
                outcome: outcome(arena, games[i]),
                rank: rank[i],
            });
        }
        let mut covers: Vec<Cover> = (0..n)
            .flat_map(|i| {
                covered_by[i].iter().map({
                    let position = &position;
                    move |&j| Cover {
                        below: position[i],
                        above: position[j],
                    }
                })
            })
            .collect();
        covers.sort_by_key(|c| (c.below, c.above));
        Ok(Hasse {
            day: None,
            games: listed,
            covers,
        })
    }

    /// The diagram as an SVG picture: the least games at the bottom, each covering pair
    /// a line, the games coloured by outcome class (with a legend).
    ///
    /// ```
    /// use nimlab::conway::Arena;
    /// use nimlab::explore::Hasse;
    /// let svg = Hasse::born_by(&mut Arena::new(), 2).unwrap().svg().unwrap();
    /// assert_eq!(svg.matches("class=\"node\"").count(), 22);
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] for more than [`MAX_DRAWN_GAMES`] games.
    pub fn svg(&self) -> Result<String> {
        let n = self.games.len();
        if n > MAX_DRAWN_GAMES {
            return Err(Error::limit(
                format!("drawing the Hasse diagram of {n} games"),
                format!("pictures of at most {MAX_DRAWN_GAMES} games (the 22 born by day 2)"),
            ));
        }
        let ink = |o: Outcome| match o {
            Outcome::L => Ink::Blue,
            Outcome::R => Ink::Red,
            Outcome::N => Ink::Green,
            _ => Ink::Black,
        };
        let nodes = self
            .games
            .iter()
            .map(|g| DiagramNode {
                label: g.value.clone(),
                note: None,
                row: g.rank,
                ink: ink(g.outcome),
            })
            .collect();
        let edges = self
            .covers
            .iter()
            .map(|c| DiagramEdge {
                from: c.below,
                to: c.above,
                ink: Ink::Black,
            })
            .collect();
        diagram_svg(&Diagram {
            title: format!("{}, ordered by ≤ (greater games higher)", self.subject()),
            layout: Layout::Hasse,
            nodes,
            edges,
            legend: vec![
                (Ink::Blue, "L: positive (Left wins)".to_string()),
                (Ink::Red, "R: negative (Right wins)".to_string()),
                (Ink::Black, "P: zero (the second player wins)".to_string()),
                (Ink::Green, "N: fuzzy (the first player wins)".to_string()),
            ],
        })
    }

    /// What the games are, in words: `the 22 games born by day 2`.
    fn subject(&self) -> String {
        match self.day {
            Some(day) => format!("The {} games born by day {day}", self.games.len()),
            None => format!("{} games", self.games.len()),
        }
    }
}

/// Every game on a line, by rank, with its outcome class and the games that cover it:
/// `-1  R  < 0, *`.
impl fmt::Display for Hasse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.day {
            Some(day) => format!("{} games born by day {day}", self.games.len()),
            None => format!("{} games", self.games.len()),
        };
        writeln!(
            f,
            "{what} ordered by ≤; {} covering pairs (G < H, no game between):",
            self.covers.len()
        )?;
        let width = self
            .games
            .iter()
            .map(|g| g.value.chars().count())
            .max()
            .unwrap_or(0);
        let mut above: Vec<Vec<&str>> = vec![Vec::new(); self.games.len()];
        for c in &self.covers {
            if let (Some(list), Some(g)) = (above.get_mut(c.below), self.games.get(c.above)) {
                list.push(&g.value);
            }
        }
        for (g, above) in self.games.iter().zip(&above) {
            let pad = width - g.value.chars().count();
            let line = format!("{}{}  {}", g.value, " ".repeat(pad), g.outcome);
            if above.is_empty() {
                writeln!(f, "{line}")?;
            } else {
                writeln!(f, "{line}  < {}", above.join(", "))?;
            }
        }
        Ok(())
    }
}
