//! The games born by a day derived from those of the day before, as text 001 derives
//! day 2: each player's options are any set of the earlier games (2^k sets for k games,
//! so 4^k pairs); removing dominated options (Left keeps her greatest options, Right his
//! least) leaves the antichains of the earlier games' order as the option sets; every
//! pair of them is a game `{L | R}`, and equal games are grouped into the distinct values.

use crate::conway::{born_by, outcome, Arena, GameId, MAX_DAY};
use crate::notation::try_print;
use crate::{Error, Outcome, Result};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::fmt;

/// The last day whose option sets, table of games and groups of equal games are listed
/// (day 3 is counted only: its 22 earlier games give 2^22 sets of options).
const MAX_LISTED_DAY: u32 = 2;

/// An option set: an antichain of the earlier games, with how many of all the sets of
/// earlier games reduce to it once dominated options are removed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionSet {
    /// The options, as CGSuite writes them.
    pub options: Vec<String>,
    /// How many sets of options reduce to it for Left, who keeps her greatest options.
    pub from_left: u64,
    /// How many reduce to it for Right, who keeps his least.
    pub from_right: u64,
}

/// A distinct value, with every game `{L | R}` of the derivation equal to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Group {
    /// The value as CGSuite writes it.
    pub value: String,
    /// Its outcome class.
    pub outcome: Outcome,
    /// The games `{L | R}` equal to it, as they were formed.
    pub forms: Vec<String>,
}

/// The derivation of the games born by a day from the games born by the day before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Derivation {
    /// The day derived.
    pub day: u32,
    /// The games born by the day before, least first (an order that extends ≤).
    pub earlier: Vec<String>,
    /// How many sets of options each player may have: 2^k for k earlier games.
    pub subsets: u64,
    /// How many pairs of them there are: 4^k.
    pub pairs: u64,
    /// How many option sets are left once dominated options are removed: the antichains
    /// of the earlier games.
    pub option_sets: usize,
    /// How many games `{L | R}` they make: the square of the option sets.
    pub forms: usize,
    /// How many distinct values those games have: the games born by the day.
    pub values: usize,
    /// The option sets (up to day 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub antichains: Option<Vec<OptionSet>>,
    /// The value of each game `{L | R}`: a row for each of Left's option sets, a column
    /// for each of Right's, in the order of `antichains` (up to day 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<Vec<Vec<String>>>,
    /// The distinct values, each with the games equal to it, in the order the table
    /// first meets them (up to day 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<Group>>,
}

impl Derivation {
    /// The derivation of day `day` (1 to [`MAX_DAY`]); the option sets, the table and the
    /// groups are listed up to day 2, day 3 is counted only.
    ///
    /// ```
    /// use nimlab::conway::Arena;
    /// use nimlab::explore::Derivation;
    /// let mut a = Arena::new();
    /// // Day 1 from day 0: {|} = 0, {0|} = 1, {|0} = -1, {0|0} = *.
    /// let d = Derivation::of_day(&mut a, 1).unwrap();
    /// assert_eq!((d.subsets, d.pairs, d.option_sets, d.forms, d.values), (2, 4, 2, 4, 4));
    /// ```
    ///
    /// # Errors
    /// [`Error::Unsupported`] for day 0 (its one game has no options to choose);
    /// [`Error::Limit`] past [`MAX_DAY`]; a stop (Ctrl-C, the time limit).
    pub fn of_day(arena: &mut Arena, day: u32) -> Result<Derivation> {
        if day == 0 {
            return Err(Error::Unsupported(
                "day 0 is not derived: its one game {|} = 0 has no options to choose from"
                    .to_string(),
            ));
        }
        if day > MAX_DAY {
            // The games of the day before are listed, but the day itself is not.
            born_by(arena, day)?;
        }
        let found = born_by(arena, day - 1)?;
        let k = found.len();
        if k > 31 {
            return Err(Error::limit(
                format!("deriving day {day} from {k} games"),
                "sets of at most 31 earlier games",
            ));
        }
        // below[i]: the games less than game i, as a bit set of indices.
        let mut below = vec![0u64; k];
        for i in 0..k {
            for j in 0..k {
                if i != j && arena.le(found[j], found[i]) && !arena.le(found[i], found[j]) {
                    below[i] |= 1 << j;
                }
            }
        }
        // The earlier games least first: fewer games below comes first.
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by_key(|&i| (below[i].count_ones(), i));
        let games: Vec<GameId> = order.iter().map(|&i| found[i]).collect();
        let mut rename = vec![0usize; k];
        for (new, &old) in order.iter().enumerate() {
            rename[old] = new;
        }
        let below: Vec<u64> = order
            .iter()
            .map(|&old| {
                (0..k)
                    .filter(|&j| below[old] >> j & 1 == 1)
                    .fold(0u64, |m, j| m | 1 << rename[j])
            })
            .collect();
        let mut above = vec![0u64; k];
        for (i, &b) in below.iter().enumerate() {
            for (j, a) in above.iter_mut().enumerate() {
                if b >> j & 1 == 1 {
                    *a |= 1 << i;
                }
            }
        }
        let chains = antichains(&below, &above);
        let listed = day <= MAX_LISTED_DAY;
        let mut index: FxHashMap<GameId, usize> = FxHashMap::default();
        let mut groups: Vec<(GameId, Vec<String>)> = Vec::new();
        let mut table = Vec::new();
        let names: Vec<String> = games
            .iter()
            .map(|&g| try_print(arena, g))
            .collect::<Result<_>>()?;
        let members = |set: u64| -> Vec<usize> { (0..k).filter(|&i| set >> i & 1 == 1).collect() };
        let set_text = |set: u64| -> String {
            members(set)
                .iter()
                .map(|&i| names[i].as_str())
                .collect::<Vec<_>>()
                .join(",")
        };
        for &l in &chains {
            crate::limits::check()?;
            let mut row = Vec::new();
            for &r in &chains {
                let left = members(l).iter().map(|&i| games[i]).collect();
                let right = members(r).iter().map(|&i| games[i]).collect();
                let g = arena.game(left, right);
                let next = groups.len();
                let at = *index.entry(g).or_insert(next);
                if at == next {
                    groups.push((g, Vec::new()));
                }
                if listed {
                    groups[at]
                        .1
                        .push(format!("{{{}|{}}}", set_text(l), set_text(r)));
                    row.push(try_print(arena, g)?);
                }
            }
            if listed {
                table.push(row);
            }
        }
        if let Some((what, limit)) = arena.take_overflow() {
            return Err(Error::limit(what, limit));
        }
        if arena.interrupted() {
            return Err(arena.stop_error());
        }
        let values = groups.len();
        let (antichains, table, groups) = if listed {
            let sets = chains
                .iter()
                .map(|&set| {
                    let size = set.count_ones();
                    let down = members(set).iter().fold(set, |m, &i| m | below[i]);
                    let up = members(set).iter().fold(set, |m, &i| m | above[i]);
                    OptionSet {
                        options: members(set).iter().map(|&i| names[i].clone()).collect(),
                        from_left: 1 << (down.count_ones() - size),
                        from_right: 1 << (up.count_ones() - size),
                    }
                })
                .collect();
            let mut listed_groups = Vec::with_capacity(groups.len());
            for (g, forms) in groups {
                listed_groups.push(Group {
                    value: try_print(arena, g)?,
                    outcome: outcome(arena, g),
                    forms,
                });
            }
            (Some(sets), Some(table), Some(listed_groups))
        } else {
            (None, None, None)
        };
        Ok(Derivation {
            day,
            earlier: names,
            subsets: 1 << k,
            pairs: 1 << (2 * k),
            option_sets: chains.len(),
            forms: chains.len() * chains.len(),
            values,
            antichains,
            table,
            groups,
        })
    }
}

/// Every antichain of the order whose strict down-sets and up-sets are `below` and
/// `above` (bit sets of indices), as bit sets: by size, then by their members in index
/// order. Found by a loop over a stack of partial antichains.
fn antichains(below: &[u64], above: &[u64]) -> Vec<u64> {
    let k = below.len();
    let mut out = Vec::new();
    // (the antichain so far, the first index that may join it)
    let mut stack = vec![(0u64, 0usize)];
    while let Some((set, from)) = stack.pop() {
        out.push(set);
        for i in from..k {
            let comparable = below[i] | above[i];
            if set & comparable == 0 {
                stack.push((set | 1 << i, i + 1));
            }
        }
    }
    let key = |set: u64| -> (u32, Vec<usize>) {
        (
            set.count_ones(),
            (0..k).filter(|&i| set >> i & 1 == 1).collect(),
        )
    };
    out.sort_by_cached_key(|&s| key(s));
    out
}

/// The derivation in words, with the option sets, the table of games and the groups of
/// equal games up to day 2, the counts only for day 3.
impl fmt::Display for Derivation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.earlier.len();
        let (day, before) = (self.day, self.day - 1);
        let games = if k == 1 { "game" } else { "games" };
        writeln!(
            f,
            "Day {day} from the {k} {games} born by day {before}: {}.",
            self.earlier.join(", ")
        )?;
        writeln!(
            f,
            "Each player's options are a set of them: 2^{k} = {} sets for Left and {} for Right, {} pairs {{L|R}}.",
            self.subsets, self.subsets, self.pairs
        )?;
        writeln!(
            f,
            "Removing dominated options (Left keeps her greatest, Right his least) leaves {} option sets: the antichains of the games born by day {before} (no two options of a set comparable).",
            self.option_sets
        )?;
        if let Some(sets) = &self.antichains {
            writeln!(
                f,
                "How many of the {} sets reduce to each, for Left and for Right:",
                self.subsets
            )?;
            let texts: Vec<String> = sets.iter().map(|s| braces(&s.options)).collect();
            let width = texts
                .iter()
                .map(|t| t.chars().count())
                .max()
                .unwrap_or(0)
                .max(6);
            writeln!(f, "  {:<width$}  {:>5}  {:>5}", "set", "Left", "Right")?;
            for (s, t) in sets.iter().zip(&texts) {
                writeln!(f, "  {t:<width$}  {:>5}  {:>5}", s.from_left, s.from_right)?;
            }
        }
        writeln!(
            f,
            "{} × {} = {} games {{L|R}}; they have {} distinct values: the {k} born by day {before} and {} born on day {day}.",
            self.option_sets,
            self.option_sets,
            self.forms,
            self.values,
            self.values.saturating_sub(k)
        )?;
        if let (Some(sets), Some(table)) = (&self.antichains, &self.table) {
            writeln!(f, "Their values (Left's options down, Right's across):")?;
            let heads: Vec<String> = sets.iter().map(|s| braces(&s.options)).collect();
            let mut cells = vec![vec!["L \\ R".to_string()]];
            cells[0].extend(heads.iter().cloned());
            for (head, row) in heads.iter().zip(table) {
                let mut line = vec![head.clone()];
                line.extend(row.iter().cloned());
                cells.push(line);
            }
            let columns = cells[0].len();
            let widths: Vec<usize> = (0..columns)
                .map(|c| {
                    cells
                        .iter()
                        .filter_map(|row| row.get(c))
                        .map(|t| t.chars().count())
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            for row in &cells {
                let line: Vec<String> = row
                    .iter()
                    .zip(&widths)
                    .map(|(t, &w)| format!("{t:<w$}"))
                    .collect();
                writeln!(f, "  {}", line.join("  ").trim_end())?;
            }
        }
        if let Some(groups) = &self.groups {
            writeln!(
                f,
                "The {} values, each with the games equal to it:",
                groups.len()
            )?;
            for g in groups {
                writeln!(f, "  {} ({}) = {}", g.value, g.outcome, g.forms.join(" = "))?;
            }
        }
        Ok(())
    }
}

/// A set of games written in braces: `{0,*}`, `{}`.
fn braces(options: &[String]) -> String {
    format!("{{{}}}", options.join(","))
}
