//! The typed interface a catalogue game implements, and its adapter to [`Position`].

use super::position::{Move, MoveList, Position};
use crate::explain::{Explanation, MexStep, NimColumns};
use crate::impartial::{GrundySolver, ImpartialGame, MisereSolver, Reach};
use crate::{Nimber, Outcome, Result};
use rustc_hash::FxHashSet;
use std::fmt::Debug;
use std::sync::{Arc, Mutex};

/// A Nim heap that a position plays as, for the binary-column explanation.
pub type NimHeap = (String, u64);

/// Positions a misère search of one part may visit (a few seconds of search).
pub const MISERE_STATE_LIMIT: usize = 5_000_000;

/// Options listed before a position counts as too wide to enumerate.
pub const MAX_OPTIONS: usize = 1_000_000;

/// The options of some value that a search finds: the first `limit` are built, the rest
/// only counted, so that a position of a million heaps with a winning move in each does
/// not build a million copies of itself.
///
/// ```
/// use nimlab::games::Hits;
/// let mut hits = Hits::new(2);
/// for k in 0..5u64 {
///     hits.add(|| vec![k; 1000]);
/// }
/// assert_eq!(hits.total, 5);
/// assert_eq!(hits.found.len(), 2);
/// ```
#[derive(Debug)]
pub struct Hits<P> {
    /// The first options found, at most the limit.
    pub found: Vec<P>,
    /// How many options were found in all.
    pub total: usize,
    limit: usize,
}

impl<P> Hits<P> {
    /// Room for `limit` options; more are counted.
    pub fn new(limit: usize) -> Hits<P> {
        Hits {
            found: Vec::new(),
            total: 0,
            limit,
        }
    }

    /// One more option: `make` builds it while there is room.
    pub fn add(&mut self, make: impl FnOnce() -> P) {
        self.total = self.total.saturating_add(1);
        if self.found.len() < self.limit {
            self.found.push(make());
        }
    }

    /// Options already built, one by one.
    pub fn extend(&mut self, options: impl IntoIterator<Item = P>) {
        for o in options {
            self.add(|| o);
        }
    }
}

/// What a catalogue game adds to [`ImpartialGame`]: its id, its notation, its moves in
/// words, and optional fast paths.
///
/// A type implementing `Rules` becomes a [`Position`] through [`Typed`].
pub trait Rules: ImpartialGame + Send + Sync + Sized + 'static
where
    Self::Position: Send + Sync + Debug,
{
    /// The game id with its parameters, as typed on the command line.
    fn id(&self) -> String;

    /// The position in the game's notation.
    fn format(&self, pos: &Self::Position) -> String;

    /// The move from `from` to `to`, in words.
    fn describe(&self, from: &Self::Position, to: &Self::Position) -> String;

    /// Every option of value `target` into `hits` (which builds the first few and counts
    /// the rest), without listing every option, when the game knows how (a closed form).
    /// `None` means: enumerate the options (whatever went into `hits` is dropped).
    fn options_of_value(
        &self,
        _pos: &Self::Position,
        _target: u64,
        _hits: &mut Hits<Self::Position>,
    ) -> Option<()> {
        None
    }

    /// Every option of value `target`, all built ([`Rules::options_of_value`] without a
    /// limit); `None` when the game has no closed form for them.
    fn all_options_of_value(
        &self,
        pos: &Self::Position,
        target: u64,
    ) -> Option<Vec<Self::Position>> {
        let mut hits = Hits::new(usize::MAX);
        self.options_of_value(pos, target, &mut hits)?;
        Some(hits.found)
    }

    /// The first `limit` options of value `target` and how many there are in all, for
    /// games that count them without listing them (a heap far beyond any table, whose
    /// moves a proved period counts). `None` means: use [`Rules::options_of_value`].
    fn some_options_of_value(
        &self,
        _pos: &Self::Position,
        _target: u64,
        _limit: usize,
    ) -> Option<Result<(Vec<Self::Position>, usize)>> {
        None
    }

    /// The Nim heaps the position plays as, when the game is Nim in disguise.
    fn nim_heaps(&self, _pos: &Self::Position) -> Option<(String, Vec<NimHeap>)> {
        None
    }

    /// A closed-form explanation in words, when there is one and no Nim heaps.
    fn rule(&self, _pos: &Self::Position) -> Option<String> {
        None
    }

    /// Whether `pos` is a P-position in normal play by a closed form, for positions whose
    /// value is out of reach. [`Rules::options_of_value`] with target 0 must then give the
    /// winning moves without search.
    fn p_position(&self, _pos: &Self::Position) -> Option<bool> {
        None
    }

    /// The misère closed form in words, when there is one.
    fn misere_rule(&self, _pos: &Self::Position) -> Option<String> {
        None
    }

    /// The misère outcome by a closed form, when one is known.
    fn misere_closed_form(&self, _pos: &Self::Position) -> Option<Outcome> {
        None
    }

    /// Every option that is a misère P-position (the misère winning moves), by a closed
    /// form that does not list every option. `None` means: search the options.
    fn misere_winning_options(&self, _pos: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }

    /// The first `limit` misère winning options and how many there are, for games that
    /// count them without listing each as a position. `None` means: use
    /// [`Rules::misere_winning_options`].
    fn misere_some_winning_options(
        &self,
        _pos: &Self::Position,
        _limit: usize,
    ) -> Option<(Vec<Self::Position>, usize)> {
        None
    }

    /// Reads a move in the game's notation: the position after it, or why it is not a
    /// legal move from `pos`. `None`: the game has no move notation of its own.
    fn read_move(
        &self,
        _pos: &Self::Position,
        _text: &str,
    ) -> Option<std::result::Result<Self::Position, String>> {
        None
    }

    /// What `pos` looks like, for a picture ([`crate::draw`] draws it); the title is
    /// set by the position. `None`: the position is shown in its notation.
    fn figure(&self, _pos: &Self::Position) -> Option<super::Figure> {
        None
    }

    /// The position with the other player to move, for games whose positions say whose
    /// turn it is (see [`Position::turn_passed`]).
    fn pass(&self, _pos: &Self::Position) -> Option<Self::Position> {
        None
    }

    /// Whether play can loop (a position can come back). The game must then give every
    /// normal-play value by [`ImpartialGame::closed_form`], since the recursive solver
    /// would never end; misère play and play against the computer use [`crate::loopy`].
    fn loopy(&self) -> bool {
        false
    }

    /// Refuses positions too large to search (used before any search starts).
    ///
    /// # Errors
    /// [`crate::Error::Limit`] naming the limit.
    fn check_searchable(&self, _pos: &Self::Position) -> Result<()> {
        Ok(())
    }

    /// Refuses positions whose moves are too many to list, before a walk that lists them
    /// without valuing them (such as counting what a position reaches). The default is
    /// [`Rules::check_searchable`].
    ///
    /// # Errors
    /// [`crate::Error::Limit`] naming the limit.
    fn check_listable(&self, pos: &Self::Position) -> Result<()> {
        self.check_searchable(pos)
    }

    /// Refuses positions too large for a misère search, which cannot split a position
    /// into parts. The default is [`Rules::check_searchable`].
    ///
    /// # Errors
    /// [`crate::Error::Limit`] naming the limit.
    fn check_misere_searchable(&self, pos: &Self::Position) -> Result<()> {
        self.check_searchable(pos)
    }
}

/// A position of a game `G`, with a Grundy solver and a misère solver shared by every
/// position derived from it (so the options of a position reuse its memo).
pub struct Typed<G: Rules>
where
    G::Position: Send + Sync + Debug,
{
    game: Arc<G>,
    pos: G::Position,
    solver: Arc<Mutex<GrundySolver<Arc<G>>>>,
    misere: Arc<Mutex<MisereSolver<Arc<G>>>>,
}

impl<G: Rules> Typed<G>
where
    G::Position: Send + Sync + Debug,
{
    /// A position of `game`.
    pub fn new(game: G, pos: G::Position) -> Self {
        let game = Arc::new(game);
        let solver = Arc::new(Mutex::new(GrundySolver::new(game.clone())));
        let misere = Arc::new(Mutex::new(
            MisereSolver::new(game.clone()).with_state_limit(MISERE_STATE_LIMIT),
        ));
        Typed {
            game,
            pos,
            solver,
            misere,
        }
    }

    /// The typed position.
    pub fn position(&self) -> &G::Position {
        &self.pos
    }

    fn derive(&self, pos: G::Position) -> Typed<G> {
        Typed {
            game: self.game.clone(),
            pos,
            solver: self.solver.clone(),
            misere: self.misere.clone(),
        }
    }

    fn grundy(&self, pos: &G::Position) -> Result<u64> {
        if let Some(v) = self.game.closed_form(pos) {
            return Ok(v);
        }
        self.game.check_searchable(pos)?;
        let mut solver = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        solver.value(pos)
    }

    fn all_options(&self) -> Result<Vec<G::Position>> {
        self.game.check_searchable(&self.pos)?;
        let mut out = Vec::new();
        self.game.options(&self.pos, &mut out);
        let mut seen = FxHashSet::default();
        out.retain(|p| seen.insert(p.clone()));
        Ok(out)
    }

    fn to_move(&self, to: G::Position) -> Move {
        let description = self.game.describe(&self.pos, &to);
        Move {
            to: Box::new(self.derive(to)),
            description,
        }
    }

    fn move_list(&self, positions: Vec<G::Position>, limit: usize) -> MoveList {
        let total = positions.len();
        let moves = positions
            .into_iter()
            .take(limit)
            .map(|p| self.to_move(p))
            .collect();
        MoveList { moves, total }
    }
}

impl<G: Rules> Position for Typed<G>
where
    G::Position: Send + Sync + Debug,
{
    fn game(&self) -> String {
        self.game.id()
    }

    fn notation(&self) -> String {
        self.game.format(&self.pos)
    }

    fn boxed_clone(&self) -> Box<dyn Position> {
        Box::new(self.derive(self.pos.clone()))
    }

    fn value(&self) -> Result<Nimber> {
        self.grundy(&self.pos).map(Nimber::from)
    }

    fn moves_to_value(&self, target: &Nimber, limit: usize) -> Result<MoveList> {
        let Some(t) = target.to_u64() else {
            return Ok(MoveList::default());
        };
        if let Some(found) = self.game.some_options_of_value(&self.pos, t, limit) {
            let (list, total) = found?;
            let mut moves = self.move_list(list, limit);
            moves.total = total;
            return Ok(moves);
        }
        let mut hits = Hits::new(limit);
        if self
            .game
            .options_of_value(&self.pos, t, &mut hits)
            .is_some()
        {
            let mut moves = self.move_list(hits.found, limit);
            moves.total = hits.total;
            return Ok(moves);
        }
        let mut hits = Vec::new();
        for o in self.all_options()? {
            if self.grundy(&o)? == t {
                hits.push(o);
            }
        }
        Ok(self.move_list(hits, limit))
    }

    fn options(&self) -> Result<Vec<Move>> {
        let all = self.all_options()?;
        if all.len() > MAX_OPTIONS {
            return Err(crate::Error::limit(
                format!("listing the {} moves of this position", all.len()),
                format!("{MAX_OPTIONS} moves"),
            ));
        }
        Ok(all.into_iter().map(|p| self.to_move(p)).collect())
    }

    fn misere_outcome(&self) -> Result<Outcome> {
        if let Some(o) = self.game.misere_closed_form(&self.pos) {
            return Ok(o);
        }
        self.game.check_misere_searchable(&self.pos)?;
        if self.game.loopy() {
            let sum = super::Sum {
                parts: vec![self.boxed_clone()],
            };
            let explored = crate::loopy::explore(sum, super::MAX_MISERE_POSITIONS as usize)?;
            let verdicts = crate::loopy::retrograde(&explored.graph, crate::Convention::Misere);
            return Ok(verdicts[0].outcome());
        }
        let mut solver = self.misere.lock().unwrap_or_else(|e| e.into_inner());
        solver.outcome(&self.pos)
    }

    fn misere_winning_moves(&self, limit: usize) -> Option<Result<MoveList>> {
        if let Some((list, total)) = self.game.misere_some_winning_options(&self.pos, limit) {
            let mut moves = self.move_list(list, limit);
            moves.total = total;
            return Some(Ok(moves));
        }
        let list = self.game.misere_winning_options(&self.pos)?;
        Some(Ok(self.move_list(list, limit)))
    }

    fn explain_misere(&self) -> Option<Explanation> {
        self.game
            .misere_rule(&self.pos)
            .map(|text| Explanation::Rule { text })
    }

    fn p_position(&self) -> Option<bool> {
        self.game.p_position(&self.pos)
    }

    fn is_loopy(&self) -> bool {
        self.game.loopy()
    }

    fn turn_passed(&self) -> Option<Box<dyn Position>> {
        let passed = self.game.pass(&self.pos)?;
        Some(Box::new(self.derive(passed)))
    }

    fn reach(&self, max_positions: u64, max_moves: u64) -> Result<Option<Reach>> {
        self.game.check_listable(&self.pos)?;
        Ok(crate::impartial::reach(
            &*self.game,
            &self.pos,
            max_positions,
            max_moves,
        ))
    }

    fn read_move(&self, text: &str) -> Option<std::result::Result<Move, String>> {
        let read = self.game.read_move(&self.pos, text)?;
        Some(read.map(|to| self.to_move(to)))
    }

    fn figure(&self) -> Option<super::Figure> {
        let f = self.game.figure(&self.pos)?;
        Some(f.titled(format!("{} {}", self.game(), self.notation())))
    }

    fn explain(&self) -> Option<Explanation> {
        if let Some((unit, heaps)) = self.game.nim_heaps(&self.pos) {
            return Some(Explanation::NimColumns(NimColumns::new(&unit, heaps)));
        }
        if let Some(text) = self.game.rule(&self.pos) {
            return Some(Explanation::Rule { text });
        }
        if let Some(parts) = self.game.components(&self.pos) {
            let mut rows = Vec::with_capacity(parts.len());
            for p in parts {
                let v = self.grundy(&p).ok()?;
                rows.push((self.game.format(&p), v));
            }
            return Some(Explanation::NimColumns(NimColumns::of_values(rows)));
        }
        let options = self.all_options().ok()?;
        let mut valued = Vec::with_capacity(options.len());
        for o in options {
            let v = self.grundy(&o).ok()?;
            valued.push((self.game.format(&o), v));
        }
        Some(Explanation::Mex(MexStep::new(valued)))
    }
}
