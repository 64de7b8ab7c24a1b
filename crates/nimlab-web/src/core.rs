//! What the page asks of the library, in plain Rust: each function takes the request
//! the page sends and returns the library's typed results, so that it is tested on the
//! host; `lib.rs` only carries them across to JavaScript.

use nimlab::analysis::{Analysis, Analyzer};
use nimlab::api::{self, AnalyzeRequest, SequenceRequest, ValueAnswer, ValueRequest};
use nimlab::calc::{self, BornReport, Value};
use nimlab::conway::Arena;
use nimlab::explore::{GameGraph, Hasse, Shape};
use nimlab::games::ruleset::Side;
use nimlab::games::{Game, GameInfo};
use nimlab::heap::SequenceReport;
use nimlab::notation::Expr;
use nimlab::play::{self, End, Part, Playable};
use nimlab::{Convention, Error, Result};
use serde::{Deserialize, Serialize};

/// The most values of a sequence sent to the page (for its plot and its download).
///
/// ```
/// use nimlab_web::core::{sequence, MAX_SENT_VALUES};
/// let req = nimlab::api::SequenceRequest { rule: "kayles".into(), to: Some(10), prove: false };
/// let c = sequence(&req, |_| {}).unwrap();
/// assert!(c.values.len() as u64 <= MAX_SENT_VALUES);
/// assert_eq!(c.values.len(), 11);
/// ```
pub const MAX_SENT_VALUES: u64 = 1 << 20;

/// The most winning moves looked at for a hint.
const HINTED: usize = 10_000;

/// The game of a request: the id and the position, read as the command line reads them.
fn read_game(game: &str, position: &str) -> Result<Game> {
    AnalyzeRequest {
        game: game.to_string(),
        position: position.to_string(),
        misere: false,
        max_moves: None,
    }
    .game()
}

/// The catalogue, as `nimlab games --json` lists it.
///
/// ```
/// // Bouton's Nim and Conway's Domineering are in the catalogue.
/// let games = nimlab_web::core::games();
/// assert!(games.iter().any(|g| g.id == "nim"));
/// assert!(games.iter().any(|g| g.id == "domineering"));
/// ```
pub fn games() -> Vec<GameInfo> {
    api::games()
}

/// An analysis with the position's pictures.
///
/// ```
/// use nimlab_web::core::analyze;
/// let req = serde_json::from_str(r#"{"game":"nim","position":"3 5 7"}"#).unwrap();
/// let a = analyze(&req).unwrap();
/// // 3 ⊕ 5 ⊕ 7 = 1 (Bouton).
/// assert_eq!(a.analysis.value().as_deref(), Some("*1"));
/// assert!(a.text.contains("nim-sum"));
/// assert_eq!(a.parts.len(), 1);
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct Analysed {
    /// The analysis, as `nimlab analyze --json` prints it.
    pub analysis: Analysis,
    /// The analysis as `nimlab analyze` writes it: the outcome, the value, the winning
    /// moves and the explanation (binary columns, mex, the values of the parts).
    pub text: String,
    /// The parts of the position, drawn.
    pub parts: Vec<Part>,
    /// The thermograph of a partizan position (with its boards), as `--svg` draws it.
    pub picture: Option<String>,
}

/// `analyze`, with the pictures of the position.
/// ```
/// // Domineering on a 2 × 2 board is ±1: whoever moves first wins.
/// let req = serde_json::from_str(r#"{"game":"domineering","position":"..|.."}"#).unwrap();
/// let a = nimlab_web::core::analyze(&req).unwrap();
/// assert_eq!(a.analysis.value().as_deref(), Some("+-1"));
/// assert!(a.picture.is_some());
/// ```
///
///
/// # Errors
/// As [`api::analyze`].
pub fn analyze(req: &AnalyzeRequest) -> Result<Analysed> {
    let mut analyzer = Analyzer::new();
    let analysis = api::analyze(req, &mut analyzer)?;
    let game = req.game()?;
    let picture = analyzer.picture(&game)?;
    Ok(Analysed {
        text: analysis.to_string(),
        analysis,
        parts: play::parts(&game),
        picture,
    })
}

/// A value of the calculator with its thermograph.
///
/// ```
/// use nimlab::api::{ValueAnswer, ValueRequest};
/// let mut c = nimlab_web::core::Calculator::new();
/// let e = c.evaluate(&ValueRequest { expression: "{1|0}".into(), explain: false }).unwrap();
/// // {1|0}: mean 1/2, temperature 1/2.
/// let ValueAnswer::Report(r) = &e.answer else { panic!("a report") };
/// assert_eq!((r.mean.as_deref(), r.temperature.as_deref()), (Some("1/2"), Some("1/2")));
/// assert!(e.thermograph.is_some());
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct Evaluated {
    /// The report (or, when asked, the explanation), as `nimlab value --json` prints it.
    pub answer: ValueAnswer,
    /// The explanation as `nimlab value --explain` writes it, when asked.
    pub text: Option<String>,
    /// The thermograph of the value when it is a game; of the game a method was called on
    /// (`g` of `g.Temperature`) when the value itself is not one.
    pub thermograph: Option<String>,
}

/// The calculator: expressions evaluated one after another, variables kept.
///
/// ```
/// use nimlab::api::{ValueAnswer, ValueRequest};
/// let mut c = nimlab_web::core::Calculator::new();
/// let mut value = |e: &str| match c.evaluate(&ValueRequest { expression: e.into(), explain: false }).unwrap().answer {
///     ValueAnswer::Report(r) => r.output,
///     ValueAnswer::Explanation(e) => e.output,
/// };
/// // 2 ⊕ 3 = 1: *2 + *3 = *, and a variable is kept for the next expression.
/// assert_eq!(value("g := *2"), "*2");
/// assert_eq!(value("g + *3"), "*");
/// ```
#[derive(Default)]
pub struct Calculator {
    session: calc::Session,
}

impl Calculator {
    /// A calculator with no variables.
    ///
    /// ```
    /// let mut c = nimlab_web::core::Calculator::new();
    /// let req = nimlab::api::ValueRequest { expression: "g".into(), explain: false };
    /// assert!(c.evaluate(&req).is_err(), "no variable g yet");
    /// ```
    pub fn new() -> Calculator {
        Calculator::default()
    }

    /// Evaluates `req` (its explanation when asked) and draws its thermograph.
    /// ```
    /// use nimlab::api::{ValueAnswer, ValueRequest};
    /// let mut c = nimlab_web::core::Calculator::new();
    /// let req = ValueRequest { expression: "{3||2|1}.Temperature".into(), explain: false };
    /// let e = c.evaluate(&req).unwrap();
    /// // {3||2|1} = {3|{2|1}} cools to its mast at temperature (3 - 3/2)/2 = 3/4.
    /// let ValueAnswer::Report(r) = &e.answer else { panic!("a report") };
    /// assert_eq!(r.output, "3/4");
    /// assert!(e.thermograph.unwrap().contains("Thermograph of {3||2|1}"));
    /// ```
    ///
    ///
    /// # Errors
    /// As [`api::value`].
    pub fn evaluate(&mut self, req: &ValueRequest) -> Result<Evaluated> {
        let answer = api::value(req, &mut self.session)?;
        let thermograph = self.thermograph(&req.expression).ok().flatten();
        let text = match &answer {
            ValueAnswer::Explanation(e) => Some(e.to_string()),
            ValueAnswer::Report(_) => None,
        };
        Ok(Evaluated {
            text,
            answer,
            thermograph,
        })
    }

    /// The thermograph of the game a method was called on (`g` of `g.Temperature`), or
    /// else of `input`'s value when it is a game or a thermograph.
    fn thermograph(&mut self, input: &str) -> Result<Option<String>> {
        let s = &mut self.session;
        let expr = nimlab::notation::parse(input)?;
        if let Expr::Method(receiver, _, _) = &expr {
            let v = s.eval(receiver)?;
            if let Value::Game(_) | Value::Thermograph(_) = v {
                let title = s.try_show(&v)?;
                return Ok(Some(s.thermograph_svg(&v, &title, &title)?));
            }
        }
        let value = s.eval(&expr)?;
        match value {
            Value::Game(_) | Value::Thermograph(_) => {
                let output = s.try_show(&value)?;
                Ok(Some(s.thermograph_svg(&value, input, &output)?))
            }
            _ => Ok(None),
        }
    }
}

/// A sequence with its values.
///
/// ```
/// let req = nimlab::api::SequenceRequest { rule: "0.07".into(), to: Some(9), prove: false };
/// let c = nimlab_web::core::sequence(&req, |_| {}).unwrap();
/// // Dawson's Kayles (OEIS A002187): 0, 0, 1, 1, 2, 0, 3, 1, 1, 0.
/// assert_eq!(c.values, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct Computed {
    /// The report, as `nimlab sequence --json` prints it.
    pub report: SequenceReport,
    /// G(0), G(1), … (at most [`MAX_SENT_VALUES`] of them).
    pub values: Vec<u32>,
    /// The report as `nimlab sequence` writes it.
    pub text: String,
}

/// `sequence`, telling `progress` how many values are known after each chunk, with the
/// values.
/// ```
/// let req = nimlab::api::SequenceRequest { rule: "kayles".into(), to: None, prove: true };
/// let mut told = 0;
/// let c = nimlab_web::core::sequence(&req, |n| told = n).unwrap();
/// // Kayles: period 12 from heap 71, proved (Guy and Smith; OEIS A002186).
/// assert_eq!((c.report.period, c.report.preperiod, c.report.proved), (Some(12), Some(71), true));
/// assert_eq!(told, c.values.len() as u64);
/// ```
///
///
/// # Errors
/// As [`api::sequence`].
pub fn sequence(req: &SequenceRequest, progress: impl FnMut(u64)) -> Result<Computed> {
    let seq = api::run_sequence(req, progress)?;
    let sent = seq.len().min(MAX_SENT_VALUES);
    let values = (0..sent).filter_map(|n| seq.get(n)).collect();
    let report = SequenceReport::new(&seq);
    Ok(Computed {
        text: report.to_string(),
        report,
        values,
    })
}

/// The games born by a day, with their Hasse diagram drawn when it is small enough.
///
/// ```
/// // Day 1: 0, *, 1 and -1.
/// let b = nimlab_web::core::born(1).unwrap();
/// assert_eq!(b.report.total, 4);
/// assert!(b.hasse.is_some());
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct Born {
    /// Every game with its outcome class and the counts, as `nimlab born --json`.
    pub report: BornReport,
    /// The Hasse diagram, when it is drawn (up to day 2).
    pub hasse: Option<String>,
}

/// The games born by `day`.
/// ```
/// // Day 2: 22 games (On Numbers and Games); day 3: 1474.
/// assert_eq!(nimlab_web::core::born(2).unwrap().report.total, 22);
/// ```
///
///
/// # Errors
/// As [`calc::Session::born`].
pub fn born(day: u32) -> Result<Born> {
    let report = calc::Session::new().born(day, true)?;
    let hasse = Hasse::born_by(&mut Arena::new(), day)
        .and_then(|h| h.svg())
        .ok();
    Ok(Born { report, hasse })
}

/// A request for a game tree: of a catalogue position, or of a Conway game.
///
/// ```
/// let req: nimlab_web::core::TreeRequest = serde_json::from_str(r#"{"value":"{1|*}"}"#).unwrap();
/// assert_eq!((req.game, req.value.as_deref(), req.graph), (None, Some("{1|*}"), false));
/// ```
///
/// ```
/// use nimlab_web::core::{tree, TreeRequest};
/// let req = TreeRequest { game: Some("nim".into()), position: "1 1".into(), value: None, graph: false };
/// // Nim (1, 1): 1 1, then 0 1 or 1 0, then 0 0 under each: 5 nodes, 4 moves.
/// let t = tree(&req).unwrap();
/// assert_eq!((t.tree.nodes.len(), t.tree.edges.len()), (5, 4));
/// assert!(t.svg.is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeRequest {
    /// The game id; none for a Conway game given by `value`.
    #[serde(default)]
    pub game: Option<String>,
    /// The position.
    #[serde(default)]
    pub position: String,
    /// A Conway game in CGSuite's notation instead.
    #[serde(default)]
    pub value: Option<String>,
    /// Equal positions merged (the game graph) rather than the tree.
    #[serde(default)]
    pub graph: bool,
}

/// A game tree or graph, drawn when it is small enough.
#[derive(Debug, Clone, Serialize)]
pub struct Tree {
    /// The nodes and edges, as `nimlab tree --json` prints them.
    pub tree: GameGraph,
    /// The picture, or why it is not drawn.
    pub svg: std::result::Result<String, String>,
    /// The tree as `nimlab tree` writes it.
    pub text: String,
}

/// The tree (or graph) of `req`.
/// ```
/// use nimlab_web::core::{tree, TreeRequest};
/// // The graph of Nim (1, 3) (text 001): the positions a b with a ≤ 1 and b ≤ 3.
/// let req = TreeRequest { game: Some("nim".into()), position: "1 3".into(), value: None, graph: true };
/// assert_eq!(tree(&req).unwrap().tree.nodes.len(), 8);
/// ```
///
///
/// # Errors
/// As [`GameGraph::of_game`] and [`GameGraph::of_value`]; a request with neither a game
/// nor a value.
pub fn tree(req: &TreeRequest) -> Result<Tree> {
    let shape = if req.graph { Shape::Graph } else { Shape::Tree };
    let tree = match (&req.value, &req.game) {
        (Some(expression), _) => {
            let mut s = calc::Session::new();
            let g = s.game_of(expression)?;
            GameGraph::of_value(&mut s.arena, g, shape)?
        }
        (None, Some(game)) => GameGraph::of_game(&read_game(game, &req.position)?, shape)?,
        (None, None) => {
            return Err(Error::missing(
                "what to draw is missing",
                "a game and its position, or a value",
            ))
        }
    };
    let svg = tree.svg().map_err(|e| e.to_string());
    Ok(Tree {
        text: tree.to_string(),
        tree,
        svg,
    })
}

pub use nimlab::api::PlayRequest;

/// What the page shows of a game in progress.
///
/// ```
/// use nimlab_web::core::{Play, PlayRequest};
/// let req = PlayRequest { game: "nim".into(), position: "2 1".into(), misere: false, computer_first: false, right: false };
/// let s = Play::new(&req).unwrap().state().unwrap();
/// // Two moves on heap 1, one on heap 2.
/// assert_eq!(s.moves.len(), 3);
/// assert!(s.your_turn && s.over.is_none());
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct State {
    /// The game's title.
    pub title: String,
    /// The game id (`sum` for a sum of different games).
    pub game: String,
    /// The position as written after the id.
    pub position: String,
    /// Whether the game is partizan.
    pub partizan: bool,
    /// The side the player plays.
    pub you: Side,
    /// The side to move.
    pub to_move: Side,
    /// Whether it is the player's turn.
    pub your_turn: bool,
    /// Misère play.
    pub misere: bool,
    /// How many moves have been played.
    pub moves_played: usize,
    /// How the game ended, when it did.
    pub over: Option<End>,
    /// The parts of the position, drawn.
    pub parts: Vec<Part>,
    /// The legal moves of the side to move.
    pub moves: Vec<Playable>,
}

/// A move the computer played or suggests, and why.
///
/// ```
/// use nimlab_web::core::{Play, PlayRequest};
/// let req = PlayRequest { game: "nim".into(), position: "3 5 7".into(), misere: false, computer_first: true, right: false };
/// let mut p = Play::new(&req).unwrap();
/// let c = p.computer_move().unwrap().unwrap();
/// // 3 ⊕ 5 ⊕ 7 = 1: the computer moves to nim-sum 0.
/// let xor = c.position.split(' ').map(|w| w.parse::<u32>().unwrap()).fold(0, |a, b| a ^ b);
/// assert!(c.winning && xor == 0);
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct Chosen {
    /// The move.
    #[serde(rename = "move")]
    pub description: String,
    /// The position it leads to.
    pub position: String,
    /// Whether it wins against any defence.
    pub winning: bool,
    /// Why it was chosen.
    pub reason: String,
}

/// A hint: the move the computer would play, and every winning move.
///
/// ```
/// use nimlab_web::core::{Play, PlayRequest};
/// let req = PlayRequest { game: "nim".into(), position: "1 2 3".into(), misere: false, computer_first: false, right: false };
/// // 1 ⊕ 2 ⊕ 3 = 0: no move wins.
/// assert!(Play::new(&req).unwrap().hint().unwrap().winning.is_empty());
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct Hint {
    /// The move suggested, if there is a move.
    pub choice: Option<Chosen>,
    /// The places in [`State::moves`] of every winning move.
    pub winning: Vec<usize>,
}

/// The analysis of a position in play, with its text.
///
/// ```
/// use nimlab_web::core::{Play, PlayRequest};
/// let req = PlayRequest { game: "kayles".into(), position: "5".into(), misere: false, computer_first: false, right: false };
/// let e = Play::new(&req).unwrap().explain().unwrap();
/// // Kayles 5 is *4 (OEIS A002186), the mex of its options' values.
/// assert_eq!(e.analysis.value().as_deref(), Some("*4"));
/// assert!(e.text.contains("mex"));
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct Explained {
    /// The analysis, as `nimlab analyze --json` prints it.
    pub analysis: Analysis,
    /// As `nimlab analyze` writes it.
    pub text: String,
}

/// A game against the computer.
///
/// ```
/// use nimlab_web::core::{Play, PlayRequest};
/// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false, computer_first: false, right: false };
/// let mut p = Play::new(&req("1 1")).unwrap();
/// // Nim 1 1 is a loss for the player to move (1 ⊕ 1 = 0): the computer takes the last.
/// p.play_index(0).unwrap();
/// p.computer_move().unwrap();
/// assert!(p.state().unwrap().over.is_some());
/// ```
pub struct Play {
    session: play::Session,
}

impl Play {
    /// A new game as `req` asks, from the game's start when no position is given.
    ///
    /// ```
    /// use nimlab_web::core::{Play, PlayRequest};
    /// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false, computer_first: false, right: false };
    /// // With no position, the catalogue's start.
    /// assert_eq!(Play::new(&req("")).unwrap().state().unwrap().position, "1 3 5 7");
    /// assert!(Play::new(&req("x")).is_err());
    /// ```
    ///
    /// # Errors
    /// The position's errors; misère play of a partizan game.
    pub fn new(req: &PlayRequest) -> Result<Play> {
        Ok(Play {
            session: req.session()?,
        })
    }

    /// The game in progress.
    ///
    /// ```
    /// use nimlab_web::core::{Play, PlayRequest};
    /// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false, computer_first: false, right: false };
    /// let s = Play::new(&req("3")).unwrap().state().unwrap();
    /// assert_eq!((s.position.as_str(), s.moves.len(), s.moves_played), ("3", 3, 0));
    /// ```
    ///
    /// # Errors
    /// Too many moves to list.
    pub fn state(&self) -> Result<State> {
        let s = &self.session;
        let over = s.over()?;
        let current = s.current();
        Ok(State {
            title: s.title(),
            game: current.game(),
            position: current.position(),
            partizan: current.is_partizan(),
            you: s.you(),
            to_move: s.to_move(),
            your_turn: s.your_turn(),
            misere: s.convention() == Convention::Misere,
            moves_played: s.moves_played(),
            over,
            parts: play::parts(current),
            moves: if over.is_some() {
                Vec::new()
            } else {
                s.playable()?
            },
        })
    }

    /// Plays the player's move typed as `text`.
    ///
    /// ```
    /// use nimlab_web::core::{Play, PlayRequest};
    /// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false, computer_first: false, right: false };
    /// let mut p = Play::new(&req("3 5")).unwrap();
    /// let first = p.state().unwrap().moves[0].clone();
    /// p.play(&first.description).unwrap();
    /// assert_eq!(p.state().unwrap().position, first.position);
    /// assert!(p.play("nonsense").is_err());
    /// ```
    ///
    /// # Errors
    /// Why the text is no legal move here; the game is over; not the player's turn.
    pub fn play(&mut self, text: &str) -> Result<()> {
        self.ready()?;
        let m = self.session.read(text).map_err(Error::Unsupported)?;
        self.session.play(m);
        Ok(())
    }

    /// Plays the legal move at `index` of [`State::moves`].
    ///
    /// ```
    /// use nimlab_web::core::{Play, PlayRequest};
    /// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false, computer_first: false, right: false };
    /// let mut p = Play::new(&req("2")).unwrap();
    /// assert!(p.play_index(2).is_err(), "two moves only");
    /// p.play_index(1).unwrap();
    /// assert!(!p.state().unwrap().your_turn);
    /// ```
    ///
    /// # Errors
    /// No move there; the game is over; not the player's turn.
    pub fn play_index(&mut self, index: usize) -> Result<()> {
        self.ready()?;
        let mut legal = self.session.legal()?;
        if index >= legal.len() {
            return Err(Error::Unsupported(format!(
                "there are {} moves, and no move {}",
                legal.len(),
                index + 1
            )));
        }
        let m = legal.swap_remove(index);
        self.session.play(m);
        Ok(())
    }

    /// The player may move: the game is not over and it is the player's turn.
    fn ready(&self) -> Result<()> {
        if self.session.over()?.is_some() {
            return Err(Error::Unsupported("the game is over".to_string()));
        }
        if !self.session.your_turn() {
            return Err(Error::Unsupported(
                "it is the computer's turn to move".to_string(),
            ));
        }
        Ok(())
    }

    /// The computer's move, played; `None` when the game is over.
    ///
    /// ```
    /// use nimlab_web::core::{Play, PlayRequest};
    /// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false, computer_first: false, right: false };
    /// let mut p = Play::new(&req("1")).unwrap();
    /// p.play_index(0).unwrap();
    /// // Nothing left for the computer.
    /// assert!(p.computer_move().unwrap().is_none());
    /// ```
    ///
    /// # Errors
    /// As [`play::Session::computer_move`].
    pub fn computer_move(&mut self) -> Result<Option<Chosen>> {
        if self.session.over()?.is_some() {
            return Ok(None);
        }
        Ok(self.session.computer_move()?.map(|c| Chosen {
            position: c.chosen.after.position(),
            description: c.chosen.description,
            winning: c.winning,
            reason: c.reason,
        }))
    }

    /// The move the computer would play for the player, and every winning move.
    ///
    /// ```
    /// use nimlab_web::core::{Play, PlayRequest};
    /// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false, computer_first: false, right: false };
    /// let mut p = Play::new(&req("3 5 7")).unwrap();
    /// // The three moves to nim-sum 0: 2 5 7, 3 4 7, 3 5 6.
    /// assert_eq!(p.hint().unwrap().winning.len(), 3);
    /// ```
    ///
    /// # Errors
    /// As [`play::Session::hint`] and [`play::Session::explain`].
    pub fn hint(&mut self) -> Result<Hint> {
        let choice = self.session.hint()?.map(|c| Chosen {
            position: c.chosen.after.position(),
            description: c.chosen.description,
            winning: c.winning,
            reason: c.reason,
        });
        let analysis = self.session.explain(HINTED)?;
        let wins: Vec<&str> = match &analysis {
            Analysis::Impartial(a) => a.winning_moves.iter().map(|m| m.to.as_str()).collect(),
            Analysis::Partizan(a) => {
                let moves = match self.session.you() {
                    Side::Left => &a.left_winning_moves,
                    Side::Right => &a.right_winning_moves,
                };
                moves.iter().map(|m| m.to.as_str()).collect()
            }
            Analysis::Infinite(_) => Vec::new(),
        };
        let winning = self
            .session
            .playable()?
            .iter()
            .enumerate()
            .filter(|(_, m)| wins.contains(&m.position.as_str()))
            .map(|(i, _)| i)
            .collect();
        Ok(Hint { choice, winning })
    }

    /// Works out the move the computer would play for the player here, and keeps what
    /// it learnt: the page asks this while the player thinks, so that the computer's
    /// answer to the player's move finds the values it needs already known.
    ///
    /// ```
    /// use nimlab_web::core::{Play, PlayRequest};
    /// let req = PlayRequest { game: "nineteen".into(), position: String::new(), misere: false, computer_first: false, right: false };
    /// let mut p = Play::new(&req).unwrap();
    /// p.think().unwrap();
    /// // Nothing is played.
    /// assert_eq!(p.state().unwrap().moves_played, 0);
    /// ```
    ///
    /// # Errors
    /// As [`play::Session::hint`].
    pub fn think(&mut self) -> Result<()> {
        self.session.hint().map(|_| ())
    }

    /// The analysis of the current position, as `nimlab analyze` gives it.
    ///
    /// ```
    /// use nimlab_web::core::{Play, PlayRequest};
    /// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false, computer_first: false, right: false };
    /// let mut p = Play::new(&req("3 5 7")).unwrap();
    /// assert!(p.explain().unwrap().text.contains("nim-sum  1"));
    /// ```
    ///
    /// # Errors
    /// As [`play::Session::explain`].
    pub fn explain(&mut self) -> Result<Explained> {
        let analysis = self.session.explain(api::DEFAULT_MAX_MOVES)?;
        Ok(Explained {
            text: analysis.to_string(),
            analysis,
        })
    }

    /// Takes back the player's last move and the computer's answer.
    ///
    /// ```
    /// use nimlab_web::core::{Play, PlayRequest};
    /// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false, computer_first: false, right: false };
    /// let mut p = Play::new(&req("3 5 7")).unwrap();
    /// assert!(!p.undo(), "nothing to take back");
    /// p.play_index(0).unwrap();
    /// p.computer_move().unwrap();
    /// assert!(p.undo());
    /// assert_eq!(p.state().unwrap().position, "3 5 7");
    /// ```
    pub fn undo(&mut self) -> bool {
        self.session.undo()
    }

    /// Starts again from the start.
    ///
    /// ```
    /// use nimlab_web::core::{Play, PlayRequest};
    /// let req = |p: &str| PlayRequest { game: "nim".into(), position: p.into(), misere: false, computer_first: false, right: false };
    /// let mut p = Play::new(&req("3 5 7")).unwrap();
    /// p.play_index(0).unwrap();
    /// p.restart();
    /// assert_eq!(p.state().unwrap().moves_played, 0);
    /// ```
    pub fn restart(&mut self) {
        self.session.restart();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_game(json: &str) -> Play {
        Play::new(&serde_json::from_str(json).unwrap()).unwrap()
    }

    #[test]
    fn nim_from_3_5_7_is_won_by_the_computer_against_any_play() {
        // 3 ⊕ 5 ⊕ 7 = 1: the first player wins, so with the computer second the player
        // can win by the three moves that leave nim-sum 0 (Bouton; text 000), and the
        // hint lists exactly those.
        let mut p = new_game(r#"{"game":"nim","position":"3 5 7"}"#);
        let state = p.state().unwrap();
        assert_eq!(state.moves.len(), 15);
        let hint = p.hint().unwrap();
        let mut winning: Vec<&str> = hint
            .winning
            .iter()
            .map(|&i| state.moves[i].position.as_str())
            .collect();
        winning.sort();
        assert_eq!(winning, ["2 5 7", "3 4 7", "3 5 6"]);
        // The player always takes one match from the first heap left; the computer
        // answers to nim-sum 0 each time and takes the last match.
        p.play_index(0).unwrap();
        let mut guard = 0;
        while p.state().unwrap().over.is_none() {
            let c = p.computer_move().unwrap().unwrap();
            let sizes: Vec<u64> = c
                .position
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            assert_eq!(sizes.iter().fold(0, |x, y| x ^ y), 0, "{}", c.position);
            if p.state().unwrap().over.is_some() {
                break;
            }
            p.play_index(0).unwrap();
            guard += 1;
            assert!(guard < 20);
        }
        let over = p.state().unwrap().over.unwrap();
        assert_eq!(
            over,
            End::NoMove {
                mover: Side::Left,
                winner: Side::Right
            }
        );
        // Over: no move is taken, and undo goes back to the player's turn.
        assert!(p.play_index(0).is_err());
        assert!(p.undo());
        assert!(p.state().unwrap().your_turn);
    }

    #[test]
    fn a_domineering_game_is_played_to_its_end() {
        // Domineering 2×2 is ±1 (text 003): whoever moves first wins. The player (Left)
        // moves first with the hint's move, and the computer is left without a move.
        let mut p = new_game(r#"{"game":"domineering","position":"..|.."}"#);
        let hint = p.hint().unwrap();
        assert_eq!(hint.winning.len(), 2);
        p.play(&hint.choice.unwrap().description).unwrap();
        assert!(p.computer_move().unwrap().is_none() || p.state().unwrap().over.is_some());
        let over = p.state().unwrap().over.unwrap();
        assert!(matches!(
            over,
            End::NoMove {
                winner: Side::Left,
                ..
            }
        ));
    }

    #[test]
    fn every_catalogue_game_starts_and_lists_its_moves() {
        for g in games() {
            let req = PlayRequest {
                // The id with the parameters of the example, whose start it is.
                game: g.example.split_whitespace().next().unwrap().to_string(),
                position: String::new(),
                misere: false,
                computer_first: false,
                right: false,
            };
            match Play::new(&req) {
                Ok(p) => {
                    let s = p.state().unwrap();
                    assert_eq!(s.parts.len(), 1, "{}", g.id);
                }
                // Only games that are not played refuse (infinite columns).
                Err(e) => assert!(e.to_string().contains("not played"), "{}: {e}", g.id),
            }
        }
    }

    #[test]
    fn the_calculator_draws_the_game_a_method_was_called_on() {
        let mut c = Calculator::new();
        let req = |e: &str| ValueRequest {
            expression: e.into(),
            explain: false,
        };
        // {3||2|1} = {3|{2|1}}: mean (3 + 3/2)/2 = 9/4, temperature (3 - 3/2)/2 = 3/4.
        let e = c.evaluate(&req("{3||2|1}.Temperature")).unwrap();
        let ValueAnswer::Report(r) = &e.answer else {
            panic!("a report")
        };
        assert_eq!(r.output, "3/4");
        let svg = e.thermograph.unwrap();
        assert!(
            svg.contains("<title>Thermograph of {3||2|1}</title>"),
            "{svg}"
        );
        // Variables are kept from one expression to the next.
        c.evaluate(&req("g := {2|-1}")).unwrap();
        let e = c.evaluate(&req("g.Mean")).unwrap();
        let ValueAnswer::Report(r) = &e.answer else {
            panic!("a report")
        };
        assert_eq!(r.output, "1/2");
        assert!(c.evaluate(&req("{1|")).is_err());
    }

    #[test]
    fn kayles_is_computed_to_its_proved_period() {
        // Kayles (0.77): period 12 from heap 71 (Guy and Smith; OEIS A002186).
        let req = SequenceRequest {
            rule: "kayles".into(),
            to: None,
            prove: true,
        };
        let mut seen = 0;
        let c = sequence(&req, |n| seen = n).unwrap();
        assert_eq!((c.report.period, c.report.preperiod), (Some(12), Some(71)));
        assert!(c.report.proved);
        assert_eq!(c.values.len() as u64, seen);
        assert_eq!(&c.values[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    }

    #[test]
    fn born_by_day_2_and_the_tree_of_nim_1_3() {
        // Text 001: 22 games born by day 2; the Hasse diagram is drawn.
        let b = born(2).unwrap();
        assert_eq!(b.report.total, 22);
        assert!(b.hasse.is_some());
        // Nim (1, 3), as text 001 draws it.
        let t = tree(&TreeRequest {
            game: Some("nim".into()),
            position: "1 3".into(),
            value: None,
            graph: true,
        })
        .unwrap();
        // The graph of nim 1 3 merges equal positions: a b with a ≤ 1, b ≤ 3, 8 of them.
        assert_eq!(t.tree.nodes.len(), 8);
        assert!(t.svg.is_ok());
        let none: TreeRequest = serde_json::from_str("{}").unwrap();
        assert!(tree(&none).is_err());
    }

    #[test]
    fn analysis_comes_with_its_pictures() {
        let req: AnalyzeRequest =
            serde_json::from_str(r#"{"game":"domineering","position":"..|.."}"#).unwrap();
        let a = analyze(&req).unwrap();
        assert_eq!(a.analysis.value().as_deref(), Some("+-1"));
        assert!(a.picture.is_some());
        assert!(a.parts[0].svg.is_some());
        assert!(a.text.contains("+-1"), "{}", a.text);
        // The explanation in play is the analysis' own, binary columns and all.
        let mut p = new_game(r#"{"game":"nim","position":"3 5 7"}"#);
        let e = p.explain().unwrap();
        assert!(e.text.contains("nim-sum  1 = 0 0 1"), "{}", e.text);
    }
}
