//! One solver for positions of every partizan ruleset: an arena of canonical forms and,
//! for each type of position met, its table of solved regions.

use super::{PartizanGame, Solver};
use crate::conway::{Arena, GameId, Mark};
use crate::{Error, Result};
use std::any::{Any, TypeId};
use std::collections::HashMap;

/// The memory a remembered region is reckoned to take besides its position: the value,
/// the table's own word and its spare room.
const ENTRY_OVERHEAD: usize = 32;

/// The memory the tables of solved regions take at most unless told otherwise: 1 GiB.
pub const DEFAULT_TABLE_MEMORY: usize = 1 << 30;

/// Solves positions of any partizan ruleset (any [`PartizanGame`]): canonical values in
/// one [`Arena`], with a table of solved regions for each type of position, bounded in
/// entries (see
/// [`RulesetSolver::with_memory`]).
///
/// ```
/// use nimlab::games::clobber::Clobber;
/// use nimlab::games::domineering::Domineering;
/// use nimlab::partizan::RulesetSolver;
/// let mut s = RulesetSolver::new();
/// let d = s.value(&Domineering::parse("..|..").unwrap(), || "valuing ..|..".into()).unwrap();
/// let c = s.value(&Clobber::parse("xo").unwrap(), || "valuing xo".into()).unwrap();
/// let sum = s.arena().add(d, c);
/// assert_eq!(nimlab::notation::print(s.arena(), sum), "+-(1*)");
/// ```
pub struct RulesetSolver {
    arena: Arena,
    solvers: HashMap<TypeId, Box<dyn Any + Send>>,
    memory: usize,
    searched: u64,
}

impl std::fmt::Debug for RulesetSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RulesetSolver")
            .field("games", &self.arena.len())
            .field("rulesets", &self.solvers.len())
            .field("memory", &self.memory)
            .field("searched", &self.searched)
            .finish()
    }
}

impl Default for RulesetSolver {
    fn default() -> Self {
        RulesetSolver::new()
    }
}

impl RulesetSolver {
    /// A solver whose table for each ruleset takes at most about [`DEFAULT_TABLE_MEMORY`].
    pub fn new() -> RulesetSolver {
        RulesetSolver::with_memory(DEFAULT_TABLE_MEMORY)
    }

    /// A solver whose table of solved regions for each ruleset takes about `bytes` of
    /// memory at most (the arena of values comes on top): past it, a table forgets half of what it
    /// holds, which costs time and never changes a value.
    pub fn with_memory(bytes: usize) -> RulesetSolver {
        RulesetSolver {
            arena: Arena::new(),
            solvers: HashMap::new(),
            memory: bytes,
            searched: 0,
        }
    }

    /// The arena the values live in.
    pub fn arena(&mut self) -> &mut Arena {
        &mut self.arena
    }

    /// Forgets every solved region (after the arena was rolled back by its owner, the
    /// tables may hold games it no longer has).
    pub fn clear_tables(&mut self) {
        self.solvers.clear();
    }

    /// The solver of positions of type `R` in `solvers`, made on first use.
    fn solver<R: PartizanGame + Send + 'static>(
        solvers: &mut HashMap<TypeId, Box<dyn Any + Send>>,
        memory: usize,
    ) -> &mut Solver<R> {
        let limit = (memory / (std::mem::size_of::<R>() + ENTRY_OVERHEAD)).max(1024);
        solvers
            .entry(TypeId::of::<R>())
            .or_insert_with(|| Box::new(Solver::<R>::with_capacity_limit(limit)))
            .downcast_mut::<Solver<R>>()
            .expect("each table is keyed by its own type")
    }

    /// How many regions have been valued by their options (not found in a table), over
    /// every ruleset.
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// The canonical value of `p`: by the ruleset's closed form where it has one
    /// ([`PartizanGame::closed_value`]), else the sum of the values of its regions.
    /// `doing` names the work for an error (`valuing domineering 4x4`).
    ///
    /// # Errors
    /// [`Error::Limit`] when the arena meets one of its limits, [`Error::Interrupted`]
    /// when its interrupt flag is raised; the arena is then rolled back to where it was.
    pub fn value<R: PartizanGame + Send + 'static>(
        &mut self,
        p: &R,
        doing: impl FnOnce() -> String,
    ) -> Result<GameId> {
        let mark = self.arena.mark();
        let v = match p.closed_value(&mut self.arena) {
            Some(v) => v,
            None => {
                let solver = Self::solver::<R>(&mut self.solvers, self.memory);
                let before = solver.searched;
                let v = solver.value(&mut self.arena, p);
                self.searched += solver.searched - before;
                v
            }
        };
        self.settle(mark, doing)?;
        Ok(v)
    }

    /// The arena's present state, to settle work begun there with [`RulesetSolver::settle`].
    pub fn mark(&self) -> Mark {
        self.arena.mark()
    }

    /// Whether the arena's results since `mark` hold: when it met one of its limits (or
    /// was stopped) it is rolled back to `mark` and the error says so, naming what was
    /// being done (`doing`, as in `valuing domineering 4x4`).
    /// Every computation with the arena's games (sums, comparisons, thermographs) calls
    /// it before using its answers, since an interrupted arena answers anything.
    ///
    /// ```
    /// use nimlab::partizan::RulesetSolver;
    /// let mut solver = RulesetSolver::new();
    /// let mark = solver.mark();
    /// let a = solver.arena();
    /// let (one, zero) = (a.integer(1), a.integer(0));
    /// // {1|} is 2, above 0; the arena met no limit, so the answer holds.
    /// let g = a.game(vec![one], vec![]);
    /// let above = a.le(zero, g);
    /// assert!(solver.settle(mark, || "comparing".to_string()).is_ok());
    /// assert!(above);
    /// ```
    ///
    /// # Errors
    /// [`Error::Limit`] when the arena met one of its limits, [`Error::Interrupted`] or
    /// the time or memory limit when it was stopped.
    pub fn settle(&mut self, mark: Mark, doing: impl FnOnce() -> String) -> Result<()> {
        if let Some((what, limit)) = self.arena.take_overflow() {
            self.forget(mark);
            return Err(Error::limit(
                format!("{} met {what}, which", doing()),
                limit,
            ));
        }
        if self.arena.interrupted() {
            self.forget(mark);
            return Err(self.arena.stop_error());
        }
        Ok(())
    }

    /// Rolls the arena back to `mark` and forgets every table, whose values may be
    /// newer than the mark.
    fn forget(&mut self, mark: Mark) {
        self.arena.rollback(mark);
        self.solvers.clear();
    }
}
