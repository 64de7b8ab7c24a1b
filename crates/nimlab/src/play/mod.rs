//! Playing any catalogue game against a perfect opponent.
//!
//! A [`Session`] holds a game in progress, impartial or partizan: whose turn it is, the
//! player's moves typed as text, the computer's answers with their reasons, hints,
//! explanations, undo, a new game, and the end (no move left, or a draw when a position
//! of a loopy game comes up a third time). Front ends read the player's commands and
//! show what the session returns; the rules and the search are here.
//!
//! ```
//! use nimlab::games::{Arg, Catalogue};
//! use nimlab::games::ruleset::Side;
//! use nimlab::play::{End, Session};
//! use nimlab::Convention;
//! let args = [Arg::new("nim", 1), Arg::new("1", 2), Arg::new("2", 3)];
//! let game = Catalogue::standard().parse_game(&args).unwrap();
//! // The player moves first, to 1 1; the computer can only leave one match.
//! let mut s = Session::new(game, Convention::Normal, Side::Left, false).unwrap();
//! assert!(s.your_turn());
//! let m = s.read("2-1").unwrap();
//! s.play(m);
//! let answer = s.computer_move().unwrap().unwrap();
//! assert!(!answer.winning);
//! let last = s.hint().unwrap().unwrap();
//! assert!(last.winning);
//! s.play(last.chosen);
//! assert_eq!(s.over().unwrap(), Some(End::NoMove { mover: Side::Right, winner: Side::Left }));
//! assert!(s.undo());
//! assert!(s.your_turn());
//! ```

mod board;
pub mod impartial;
pub mod partizan;

pub use board::{cell_name, parts, touched, Part, Playable};

use crate::analysis::{Analysis, Analyzer};
use crate::games::ruleset::Side;
use crate::games::Game;
use crate::partizan::RulesetSolver;
use crate::{Convention, Error, Result};
use serde::Serialize;

/// A move of a game in progress: the move in words and the position it leads to.
#[derive(Debug, Clone)]
pub struct Move {
    /// The move in words or in the game's notation (`take 4 from heap 2`, `a1-a2`).
    pub description: String,
    /// The game after the move.
    pub after: Game,
}

/// A move as a list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The move in words or in the game's notation (`move` in JSON).
    #[serde(rename = "move")]
    pub description: String,
    /// The position it leads to.
    pub position: String,
}

/// The computer's move (or the one it suggests), and why.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The move.
    pub chosen: Move,
    /// Whether it wins against any defence.
    pub winning: bool,
    /// Why it was chosen, in words.
    pub reason: String,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum End {
    /// The player to move (`mover`) has no move: `winner` won (the other player in normal
    /// play, the mover in misère play).
    NoMove {
        /// The side that could not move.
        mover: Side,
        /// The side that won.
        winner: Side,
    },
    /// The position came up a third time with the same player to move: a draw.
    Repetition,
}

/// A game in progress against the computer.
///
/// The two players are named by [`Side`]: in a partizan game Left and Right have moves
/// of their own; in an impartial game they have the same moves, and `Left` is simply the
/// player who moved first unless [`Session::new`] says otherwise.
pub struct Session {
    /// The positions so far, the start first and the current one last.
    history: Vec<Game>,
    convention: Convention,
    /// The side that moved first.
    first: Side,
    /// The side the player plays; the computer plays the other.
    you: Side,
    /// The side the player chose at the start (a new game goes back to it).
    chosen: Side,
    analyzer: Analyzer,
    /// What the computer learned of the positions of an impartial game.
    memory: impartial::Memory,
}

impl Session {
    /// A new game from `start` under `convention`: the player plays `you`, and the
    /// computer moves first when `computer_first`.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for misère play of a partizan game (its values are for
    /// normal play).
    pub fn new(
        start: Game,
        convention: Convention,
        you: Side,
        computer_first: bool,
    ) -> Result<Session> {
        Session::with_analyzer(start, convention, you, computer_first, Analyzer::new())
    }

    /// As [`Session::new`], with an analyzer of one's own (one whose tables of partizan
    /// values a memory budget bounds).
    ///
    /// # Errors
    /// As [`Session::new`].
    pub fn with_analyzer(
        start: Game,
        convention: Convention,
        you: Side,
        computer_first: bool,
        analyzer: Analyzer,
    ) -> Result<Session> {
        if let Game::Infinite(p) = &start {
            return Err(not_played(p));
        }
        if start.is_partizan() && convention == Convention::Misere {
            return Err(Error::Unsupported(
                "misère play of partizan games is not played: values are for normal play"
                    .to_string(),
            ));
        }
        Ok(Session {
            history: vec![start],
            convention,
            first: if computer_first { you.other() } else { you },
            you,
            chosen: you,
            analyzer,
            memory: impartial::Memory::default(),
        })
    }

    /// The position the game started from.
    pub fn start(&self) -> &Game {
        &self.history[0]
    }

    /// The current position.
    pub fn current(&self) -> &Game {
        self.history.last().unwrap_or(&self.history[0])
    }

    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The side the player plays.
    pub fn you(&self) -> Side {
        self.you
    }

    /// The side that moved first.
    pub fn first(&self) -> Side {
        self.first
    }

    /// The side to move: the sides alternate from the first.
    pub fn to_move(&self) -> Side {
        self.side_at(self.history.len() - 1)
    }

    fn side_at(&self, index: usize) -> Side {
        if index % 2 == 0 {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Whether it is the player's turn.
    pub fn your_turn(&self) -> bool {
        self.to_move() == self.you
    }

    /// How many moves have been played.
    pub fn moves_played(&self) -> usize {
        self.history.len() - 1
    }

    /// The game's title: the game id, or for a sum of impartial games how many there are.
    pub fn title(&self) -> String {
        match self.start() {
            Game::Impartial(sum) if sum.parts.len() > 1 => {
                format!("a sum of {} games", sum.parts.len())
            }
            game => game.game(),
        }
    }

    /// Every move of `side` here (in an impartial game the moves of either player).
    ///
    /// # Errors
    /// [`Error::Limit`] when there are too many to list.
    pub fn moves(&self, side: Side) -> Result<Vec<Listed>> {
        Ok(match self.current() {
            Game::Impartial(sum) => sum
                .turns()?
                .into_iter()
                .map(|t| Listed {
                    description: t.description,
                    position: t.after.notation(),
                })
                .collect(),
            Game::Partizan(sum) => sum
                .moves(side)
                .into_iter()
                .map(|t| Listed {
                    description: t.description,
                    position: t.after.position(),
                })
                .collect(),
            Game::Infinite(p) => return Err(not_played(p)),
        })
    }

    /// Whether the game is over: the player to move has no move, or (in a loopy game) the
    /// position has come up three times with the same player to move.
    ///
    /// # Errors
    /// As listing the moves, except that too many moves to list means there are moves.
    pub fn over(&self) -> Result<Option<End>> {
        if self.repeated() {
            return Ok(Some(End::Repetition));
        }
        let mover = self.to_move();
        let none_left = match self.current() {
            Game::Impartial(sum) => match sum.turns() {
                Ok(all) => all.is_empty(),
                Err(Error::Limit(_)) => false,
                Err(e) => return Err(e),
            },
            Game::Partizan(sum) => sum.moves(mover).is_empty(),
            Game::Infinite(p) => return Err(not_played(p)),
        };
        if !none_left {
            return Ok(None);
        }
        let winner = match (self.current(), self.convention) {
            (Game::Impartial(_), Convention::Misere) => mover,
            _ => mover.other(),
        };
        Ok(Some(End::NoMove { mover, winner }))
    }

    /// Whether the current position has come up three times with the same player to
    /// move (play can loop only in loopy games): a draw, as in chess.
    fn repeated(&self) -> bool {
        let n = self.history.len();
        if n < 5 || !self.current().is_loopy() {
            return false;
        }
        let now = self.current().position();
        let same = (0..n)
            .rev()
            .step_by(2)
            .filter(|&i| self.history[i].position() == now)
            .count();
        same >= 3
    }

    /// Reads a move of the player's typed as text: in the game's notation, as its
    /// description, or as the position it leads to.
    ///
    /// # Errors
    /// Why the text is not a legal move here, in words.
    pub fn read(&self, text: &str) -> std::result::Result<Move, String> {
        match self.current() {
            Game::Impartial(sum) => crate::reading::impartial::read_move(sum, text).map(|t| Move {
                description: t.description,
                after: Game::Impartial(t.after),
            }),
            Game::Partizan(sum) => {
                crate::reading::partizan::read_move(sum, self.you, text).map(|t| Move {
                    description: t.description,
                    after: Game::Partizan(t.after),
                })
            }
            Game::Infinite(p) => Err(not_played(p).to_string()),
        }
    }

    /// Plays `m`, a move read or chosen at the current position.
    pub fn play(&mut self, m: Move) {
        self.history.push(m.after);
    }

    /// The move the computer plays for `side` here: a winning move when there is one,
    /// otherwise the one that resists longest. `None` when `side` has no move.
    ///
    /// # Errors
    /// [`Error::Limit`] when the search is beyond nimlab's limits; the limits' errors
    /// when Ctrl-C or a time or memory limit stops it.
    pub fn choose(&mut self, side: Side) -> Result<Option<Choice>> {
        let convention = self.convention;
        let current = self.history.last().unwrap_or(&self.history[0]);
        Ok(match current {
            Game::Impartial(sum) => {
                impartial::choose_remembering(sum, convention, &mut self.memory)?.map(|c| Choice {
                    chosen: Move {
                        description: c.turn.description,
                        after: Game::Impartial(c.turn.after),
                    },
                    winning: c.winning,
                    reason: c.reason,
                })
            }
            Game::Partizan(sum) => {
                partizan::choose(sum, side, self.analyzer.solver())?.map(|c| Choice {
                    chosen: Move {
                        description: c.turn.description,
                        after: Game::Partizan(c.turn.after),
                    },
                    winning: c.winning,
                    reason: c.reason,
                })
            }
            Game::Infinite(p) => return Err(not_played(p)),
        })
    }

    /// The computer's move for the side to move, played; `None` when there is no move.
    ///
    /// # Errors
    /// As [`Session::choose`]; the game is unchanged then.
    pub fn computer_move(&mut self) -> Result<Option<Choice>> {
        let choice = self.choose(self.to_move())?;
        if let Some(c) = &choice {
            self.history.push(c.chosen.after.clone());
        }
        Ok(choice)
    }

    /// The move the computer would play for the player here, and why.
    ///
    /// # Errors
    /// As [`Session::choose`].
    pub fn hint(&mut self) -> Result<Option<Choice>> {
        self.choose(self.you)
    }

    /// The analysis of the current position, as `nimlab analyze` gives it.
    ///
    /// # Errors
    /// As [`Analyzer::analyze`].
    pub fn explain(&mut self, max_moves: usize) -> Result<Analysis> {
        let current = self.history.last().unwrap_or(&self.history[0]);
        self.analyzer.analyze(current, self.convention, max_moves)
    }

    /// Takes back the moves since the last position where it was the player's turn
    /// (the player's move and the computer's answer); `false` when there is none.
    pub fn undo(&mut self) -> bool {
        let n = self.history.len();
        let back = (1..n).find(|&k| self.side_at(n - 1 - k) == self.you);
        match back {
            Some(k) => {
                self.history.truncate(n - k);
                true
            }
            None => false,
        }
    }

    /// The computer takes the player's side, and the player the other one.
    pub fn swap(&mut self) {
        self.you = self.you.other();
    }

    /// Starts again from the start, the player on the side chosen at the start and the
    /// same side moving first.
    pub fn restart(&mut self) {
        self.history.truncate(1);
        self.you = self.chosen;
    }

    /// The solver of partizan values the session uses.
    pub fn solver(&mut self) -> &mut RulesetSolver {
        self.analyzer.solver()
    }
}

/// Why a position with infinite columns is not played.
fn not_played(p: &crate::games::infinite_columns::InfiniteColumns) -> Error {
    Error::Unsupported(format!(
        "`hackenbush-string {p}` has a column with a repeated group: it is analysed, not played (a move in it is one of infinitely many)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Analysis;
    use crate::games::{Arg, Catalogue};
    use crate::Outcome;
    use rand::{Rng, SeedableRng};

    fn game(tokens: &[&str]) -> Game {
        let args: Vec<Arg<'_>> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| Arg::new(t, i + 1))
            .collect();
        Catalogue::standard().parse_game(&args).unwrap()
    }

    /// The side that wins `start` under `convention` with `first` to move, by the
    /// analysis (an independent computation: values and searches, not the session).
    fn winner(start: &Game, convention: Convention, first: Side) -> Side {
        let a = Analyzer::new().analyze(start, convention, 1).unwrap();
        match (a.outcome(), &a) {
            (Outcome::N, _) => first,
            (Outcome::P, _) => first.other(),
            (Outcome::L, Analysis::Partizan(_)) => Side::Left,
            (Outcome::R, Analysis::Partizan(_)) => Side::Right,
            (o, _) => panic!("outcome {o} of {}", start.position()),
        }
    }

    /// The computer, on the winning side, wins against random play (the player's moves
    /// typed as text, read back by the session), whoever starts.
    #[test]
    fn the_computer_wins_every_won_game_against_random_play() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(16);
        let cases: &[(&[&str], Convention)] = &[
            (&["nim", "3", "4", "5"], Convention::Normal),
            (&["nim", "1", "2", "3"], Convention::Misere),
            (&["kayles", "7"], Convention::Normal),
            (&["subtraction:1,3,4", "10", "7"], Convention::Misere),
            (&["chomp", "3x4"], Convention::Normal),
            (&["domineering", "3x3"], Convention::Normal),
            (&["toads-and-frogs", "tt..ff"], Convention::Normal),
            (&["hackenbush-string", "xo", "ox", "x"], Convention::Normal),
        ];
        for (tokens, convention) in cases {
            let start = game(tokens);
            for first in [Side::Left, Side::Right] {
                let computer = winner(&start, *convention, first);
                let you = computer.other();
                for _ in 0..5 {
                    let mut s =
                        Session::new(start.clone(), *convention, you, first != you).unwrap();
                    let end = loop {
                        if let Some(end) = s.over().unwrap() {
                            break end;
                        }
                        if s.your_turn() {
                            let all = s.moves(you).unwrap();
                            let pick = &all[rng.gen_range(0..all.len())];
                            let m = s.read(&pick.description).unwrap_or_else(|e| {
                                panic!("{tokens:?}: `{}` not read: {e}", pick.description)
                            });
                            // The move read is the one listed, up to the order of heaps
                            // (`1 0` and `0 1` are one position of Kayles).
                            let sorted = |p: &str| {
                                let mut t: Vec<String> =
                                    p.split_whitespace().map(String::from).collect();
                                t.sort();
                                t
                            };
                            assert_eq!(
                                sorted(&m.after.position()),
                                sorted(&pick.position),
                                "{tokens:?}"
                            );
                            s.play(m);
                        } else {
                            s.computer_move().unwrap().unwrap();
                        }
                    };
                    let End::NoMove { winner, .. } = end else {
                        panic!("{tokens:?}: {end:?}")
                    };
                    assert_eq!(winner, computer, "{tokens:?} {convention:?}, {first} first");
                }
            }
        }
    }

    #[test]
    fn undo_goes_back_to_the_players_turn_and_a_new_game_restores_the_sides() {
        let mut s = Session::new(
            game(&["nim", "3", "4"]),
            Convention::Normal,
            Side::Left,
            false,
        )
        .unwrap();
        assert!(!s.undo(), "nothing to undo at the start");
        let m = s.read("2-1").unwrap();
        s.play(m);
        s.computer_move().unwrap().unwrap();
        assert_eq!(s.moves_played(), 2);
        assert!(s.undo());
        assert_eq!((s.moves_played(), s.your_turn()), (0, true));
        // The computer takes the player's side: it moves now; a new game gives the player
        // back the side chosen.
        s.swap();
        assert!(!s.your_turn());
        s.computer_move().unwrap().unwrap();
        s.restart();
        assert_eq!(
            (s.moves_played(), s.you(), s.your_turn()),
            (0, Side::Left, true)
        );
    }

    #[test]
    fn a_position_of_a_loopy_game_coming_up_a_third_time_is_a_draw() {
        // Northcott's pieces move back and forth: four moves bring `w..b` back with White
        // to move.
        let cycle = [
            &[".w.b", "black"][..],
            &[".wb."][..],
            &["w.b.", "black"][..],
            &["w..b"][..],
        ];
        let start = game(&["northcott", "w..b"]);
        let mut s = Session::new(start, Convention::Normal, Side::Left, false).unwrap();
        for round in 0..2 {
            for (k, position) in cycle.iter().enumerate() {
                assert_eq!(s.over().unwrap(), None, "round {round}, move {k}");
                let mut tokens = vec!["northcott"];
                tokens.extend_from_slice(position);
                s.play(Move {
                    description: String::new(),
                    after: game(&tokens),
                });
            }
        }
        assert_eq!(s.over().unwrap(), Some(End::Repetition));
    }

    #[test]
    fn misere_play_of_a_partizan_game_is_refused() {
        let start = game(&["domineering", "2x2"]);
        let refused = Session::new(start, Convention::Misere, Side::Left, false);
        assert!(matches!(refused, Err(Error::Unsupported(_))));
    }
}
