//! Take-and-break heap games: Kayles, Dawson's Kayles, Dawson's chess, Grundy's game,
//! Antigrundy, and any octal or hexadecimal code (`octal:0.77`, `hex:0.F`). Lasker's Nim
//! (4.3…) is listed among them, by its closed form ([`super::lasker`]).
//!
//! Each game is a [`Rule`] (its rules are stated in [`crate::heap`]); a position is a list
//! of heaps, and the heaps are a disjoint sum. The value of a heap comes from the rule's
//! Grundy sequence, computed as far as needed, or from its period when one is proved, so a
//! heap of any size can be analysed:
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let p = cat.parse_position("kayles", &["5", "7", "1000000000000"], 1).unwrap();
//! // G(5) = 4, G(7) = 2, and G(10^12) = G(76) = 1 by the period 12 from 71.
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(7u64));
//! // Text 004's row `O OOOOOOOOOOOO` is the sum 1 + 12: G(1) ⊕ G(12) = 1 ⊕ 4 = 5.
//! let row = cat.parse_position("kayles", &["1", "12"], 1).unwrap();
//! assert_eq!(row.value().unwrap(), nimlab::Nimber::from(5u64));
//! ```

use crate::games::args::{naturals, Arg};
use crate::games::catalogue::{Entry, Params};
use crate::games::position::Position;
use crate::games::rules::{Rules, Typed, MAX_OPTIONS};
use crate::heap::{HeapTable, Rule, LIST_LIMIT};
use crate::impartial::ImpartialGame;
use crate::{Error, Result};
use std::sync::Mutex;

/// The most heaps whose values an explanation works out one by one; a longer position
/// is summarised.
pub const EXPLAINED_HEAPS: usize = 12;

/// The most counters in all, in the heaps that can move, that a misère search of a
/// position may start from.
pub const MAX_MISERE_COUNTERS: u64 = 60;

/// Heaps up to this size are explained by the mex rule; larger ones by the sequence.
const MEX_EXPLAINED: u64 = 24;

macro_rules! named {
    ($name:literal) => {
        Entry {
            name: $name,
            usage: $name,
            summary: summary($name),
            position: concat!("heap sizes, e.g. `", $name, " 5 7`"),
            example: concat!($name, " 5 7"),
            start: "10 7",
            params: Params::None,
            build: |_, args| build($name, $name, args),
        }
    };
}

/// The catalogue entries: the named games (Lasker's Nim by its closed form), then
/// `octal:CODE` and `hex:CODE`.
pub fn entries() -> Vec<Entry> {
    vec![
        named!("kayles"),
        named!("dawson-kayles"),
        named!("dawson-chess"),
        named!("grundy"),
        super::lasker::entry(),
        named!("antigrundy"),
        Entry {
            name: "octal",
            usage: "octal:CODE",
            summary: "heaps; the take-and-break game of an octal code 0.d1d2… (d_k: leave 0, 1 or 2 heaps after taking k)",
            position: "heap sizes, e.g. `octal:0.77 5 7` (Kayles)",
            example: "octal:0.77 5 7",
            start: "10 7",
            params: Params::Required,
            build: |params, args| {
                let id = format!("octal:{}", params.unwrap_or_default());
                build(&id, &id, args)
            },
        },
        Entry {
            name: "hex",
            usage: "hex:CODE",
            summary: "heaps; the take-and-break game of a hexadecimal code 0.d1d2… (digits to F: also leave 3 heaps)",
            position: "heap sizes, e.g. `hex:0.F 5 7`",
            example: "hex:0.F 5 7",
            start: "10 7",
            params: Params::Required,
            build: |params, args| {
                let id = format!("hex:{}", params.unwrap_or_default());
                build(&id, &id, args)
            },
        },
    ]
}

fn summary(name: &str) -> &'static str {
    Rule::named()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, s)| s)
}

fn build(id: &str, rule: &str, args: &[Arg<'_>]) -> Result<Box<dyn Position>> {
    let game = TakeBreak::new(id, Rule::parse(rule)?);
    if args.is_empty() {
        return Err(Error::position(
            id,
            "no heaps given; write heap sizes, e.g. `5 7`",
        ));
    }
    let heaps = naturals(args, "a heap size")?;
    Ok(Box::new(Typed::new(game, heaps)))
}

/// A take-and-break game of the catalogue; a position is a list of heap sizes.
///
/// ```
/// use nimlab::games::take_break::TakeBreak;
/// use nimlab::heap::Rule;
/// use nimlab::impartial::ImpartialGame;
/// let g = TakeBreak::new("dawson-kayles", Rule::parse("0.07").unwrap());
/// let mut options = Vec::new();
/// g.options(&vec![4], &mut options);
/// assert_eq!(options, vec![vec![2], vec![1, 1]]);
/// ```
#[derive(Debug)]
pub struct TakeBreak {
    id: String,
    table: Mutex<HeapTable>,
}

impl TakeBreak {
    /// The game `id` played by `rule`.
    pub fn new(id: &str, rule: Rule) -> Self {
        TakeBreak {
            id: id.to_string(),
            table: Mutex::new(HeapTable::new(rule)),
        }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, HeapTable> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn rule(&self) -> Rule {
        self.table().rule().clone()
    }

    /// G(h) of one heap.
    ///
    /// # Errors
    /// [`Error::Limit`] when the heap is beyond the values nimlab computes and no period
    /// is proved.
    pub fn heap_value(&self, h: u64) -> Result<u64> {
        self.table().value(h)
    }

    /// The position after heap `i` is replaced by `left` (an emptied heap stays as 0).
    fn replace(heaps: &[u64], i: usize, left: &[u64]) -> Vec<u64> {
        let mut next = Vec::with_capacity(heaps.len() + left.len());
        next.extend_from_slice(&heaps[..i]);
        if left.is_empty() {
            next.push(0);
        } else {
            next.extend_from_slice(left);
        }
        next.extend_from_slice(&heaps[i + 1..]);
        next
    }
}

impl ImpartialGame for TakeBreak {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let rule = self.rule();
        for (i, &h) in heaps.iter().enumerate() {
            rule.for_each_option(h, |left| out.push(Self::replace(heaps, i, left)));
        }
    }

    fn components(&self, heaps: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        crate::games::heap_rule::components(heaps)
    }

    fn closed_form(&self, heaps: &Vec<u64>) -> Option<u64> {
        let mut table = self.table();
        heaps
            .iter()
            .try_fold(0, |acc, &h| table.value(h).ok().map(|v| acc ^ v))
    }

    fn dense_index(&self, heaps: &Vec<u64>) -> Option<usize> {
        crate::games::heap_rule::single_heap_index(heaps)
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let rule = self.rule();
        crate::games::heap_rule::canonical_heaps(heaps, |h| rule.has_move(h))
    }
}

impl Rules for TakeBreak {
    fn id(&self) -> String {
        self.id.clone()
    }

    fn format(&self, heaps: &Vec<u64>) -> String {
        crate::games::format_heaps(heaps)
    }

    fn read_move(
        &self,
        heaps: &Vec<u64>,
        text: &str,
    ) -> Option<std::result::Result<Vec<u64>, String>> {
        crate::games::read_heap_move_of(self, heaps, text)
    }

    fn figure(&self, heaps: &Vec<u64>) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape};
        Some(Figure::new(Shape::Heaps(Heap::live("heap", heaps))))
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let i = (0..from.len())
            .find(|&i| from.get(i) != to.get(i))
            .unwrap_or(from.len().saturating_sub(1));
        let parts = (to.len() + 1).saturating_sub(from.len()).max(1);
        let left: Vec<u64> = to[i..(i + parts).min(to.len())]
            .iter()
            .copied()
            .filter(|&x| x > 0)
            .collect();
        let h = from[i];
        let taken = h - left.iter().sum::<u64>().min(h);
        let words = |l: &[u64]| {
            l.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        };
        match (taken, left.len()) {
            (_, 0) => format!("take all {h} from heap {}", i + 1),
            (0, _) => format!("split heap {} ({h}) into {}", i + 1, words(&left)),
            (k, 1) => format!("take {k} from heap {} ({h}), leaving {}", i + 1, left[0]),
            (k, _) => format!(
                "take {k} from heap {} ({h}), leaving heaps {}",
                i + 1,
                words(&left)
            ),
        }
    }

    fn some_options_of_value(
        &self,
        heaps: &Vec<u64>,
        target: u64,
        limit: usize,
    ) -> Option<Result<(Vec<Vec<u64>>, usize)>> {
        let mut table = self.table();
        let mut run = || -> Result<(Vec<Vec<u64>>, usize)> {
            let values = heaps
                .iter()
                .map(|&h| table.value(h))
                .collect::<Result<Vec<u64>>>()?;
            let total = values.iter().fold(0, |a, b| a ^ b);
            let mut out = Vec::new();
            let mut count = 0usize;
            for (i, (&h, &v)) in heaps.iter().zip(&values).enumerate() {
                let w = v ^ total ^ target;
                let (lefts, n) = table.moves_to_value(h, w, limit.saturating_sub(out.len()))?;
                count = count.saturating_add(usize::try_from(n).unwrap_or(usize::MAX));
                out.extend(lefts.iter().map(|l| Self::replace(heaps, i, l)));
            }
            Ok((out, count))
        };
        Some(run())
    }

    fn rule(&self, heaps: &Vec<u64>) -> Option<String> {
        if heaps.iter().all(|&h| h <= MEX_EXPLAINED) {
            return None;
        }
        let mut table = self.table();
        let values: Vec<u64> = heaps
            .iter()
            .map(|&h| table.value(h))
            .collect::<Result<_>>()
            .ok()?;
        let rule = table.rule().clone();
        let name = rule.name().map_or(String::new(), |n| format!(" ({n})"));
        let mut text = format!(
            "Each heap is worth its Grundy value in the sequence of {rule}{name}, computed by the mex rule up to heap {}",
            table.sequence().len() - 1
        );
        if let Some(p) = table.periodicity() {
            text.push_str(&period_words(p));
        } else {
            text.push_str("; no period is found in it.");
        }
        for (&h, &v) in heaps.iter().zip(&values).take(EXPLAINED_HEAPS) {
            match table.periodicity() {
                Some(p) if p.proved && h >= table.sequence().len() => {
                    let r = p.preperiod + (h - p.preperiod) % p.period;
                    text.push_str(&format!(
                        "\nHeap {h}: {h} ≡ {r} (mod {}) and {h} ≥ {}, so G({h}) = G({r}) = {v}.",
                        p.period, p.preperiod
                    ));
                }
                _ => text.push_str(&format!("\nHeap {h}: G({h}) = {v}.")),
            }
        }
        if heaps.len() > EXPLAINED_HEAPS {
            text.push_str(&format!(
                "\n… and {} more heaps, each valued the same way.",
                heaps.len() - EXPLAINED_HEAPS
            ));
        }
        Some(text)
    }

    fn misere_closed_form(&self, heaps: &Vec<u64>) -> Option<crate::Outcome> {
        super::misere_quotient::outcome(&self.rule(), heaps)
    }

    fn misere_some_winning_options(
        &self,
        heaps: &Vec<u64>,
        limit: usize,
    ) -> Option<(Vec<Vec<u64>>, usize)> {
        super::misere_quotient::winning_moves(&self.rule(), heaps, limit, Self::replace)
    }

    fn misere_rule(&self, heaps: &Vec<u64>) -> Option<String> {
        super::misere_quotient::explain(&self.rule(), heaps, EXPLAINED_HEAPS)
    }

    fn check_searchable(&self, heaps: &Vec<u64>) -> Result<()> {
        self.check_listable(heaps)?;
        for &h in heaps {
            self.heap_value(h)?;
        }
        Ok(())
    }

    fn check_listable(&self, heaps: &Vec<u64>) -> Result<()> {
        // Listing every move makes a position of each: refused before, by their number
        // (about n²/12 for a heap of n of a rule that leaves three heaps), and before any
        // value is computed.
        let rule = self.rule();
        let mut moves = 0u128;
        for &h in heaps {
            if h > LIST_LIMIT {
                return Err(Error::limit(
                    format!("listing every move of heap {h} of {}", self.id),
                    format!("heaps up to {LIST_LIMIT}"),
                ));
            }
            moves += rule.option_count(h);
        }
        if moves > MAX_OPTIONS as u128 {
            return Err(Error::limit(
                format!("listing the {moves} moves of this {} position", self.id),
                format!("{MAX_OPTIONS} moves"),
            ));
        }
        Ok(())
    }

    fn check_misere_searchable(&self, heaps: &Vec<u64>) -> Result<()> {
        // A heap without a move never changes: the search leaves it out (see `canonical`),
        // and only the counters of the heaps that can move are counted.
        let rule = self.rule();
        let total: u64 = heaps
            .iter()
            .filter(|&&h| rule.has_move(h))
            .fold(0u64, |a, &h| a.saturating_add(h));
        if total > MAX_MISERE_COUNTERS {
            return Err(Error::limit(
                format!(
                    "a misère search of {} with {total} counters in heaps that can move",
                    self.id
                ),
                format!("positions of up to {MAX_MISERE_COUNTERS} counters in all in heaps that can move (misère play has no sum rule)"),
            ));
        }
        Ok(())
    }
}

/// The periodicity in words, with the window its proof checked.
fn period_words(p: &crate::heap::Periodicity) -> String {
    let shape = if p.saltus == 0 {
        format!("G(n + {}) = G(n)", p.period)
    } else {
        format!("G(n + {}) = G(n) + {}", p.period, p.saltus)
    };
    let status = match (p.proved, p.needed) {
        (true, Some(b)) => format!(
            "proved by the Guy–Smith periodicity theorem, which needs it for {} ≤ n < {} (checked)",
            p.preperiod,
            b - p.period
        ),
        (false, Some(b)) => format!(
            "apparent up to heap {}; a proof needs the values up to heap {}",
            p.checked - 1,
            b - 1
        ),
        _ => format!(
            "apparent up to heap {} (no periodicity theorem applies to this rule)",
            p.checked - 1
        ),
    };
    format!(
        "; {shape} for every n ≥ {} (period {}{}), {status}.",
        p.preperiod,
        p.period,
        if p.saltus == 0 {
            String::new()
        } else {
            format!(", saltus {}", p.saltus)
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Catalogue;
    use crate::impartial::GrundySolver;
    use crate::Nimber;
    use crate::Outcome;
    use proptest::prelude::*;

    /// Found by fuzzing: counting what `hex:0.8bbb…b 822` reaches (a walk that lists
    /// moves) first computed the values of heaps up to 822, under a rule that leaves three
    /// heaps, before it found that the heap's 1.7 million moves are too many to list.
    /// Listing is refused by the count of the moves alone; the value is still computed
    /// where it is asked for.
    #[test]
    fn reach_refuses_a_long_listing_before_valuing_the_heaps() {
        let cat = Catalogue::standard();
        let id = format!("hex:0.8{}", "b".repeat(30));
        let p = cat.parse_position(&id, &["822"], 1).unwrap();
        let rule = Rule::parse(&id).unwrap();
        assert!(rule.option_count(822) > MAX_OPTIONS as u128);
        let e = p.reach(200, 2000).unwrap_err().to_string();
        assert!(e.contains("moves"), "{e}");
        // The check that refuses the listing computes no value at all.
        let game = TakeBreak::new(&id, rule);
        assert!(game.check_listable(&vec![822]).is_err());
        assert!(game.table().sequence().len() <= 1, "values were computed");
        // A position with few moves is still counted.
        let small = cat.parse_position(&id, &["4", "8", "2"], 1).unwrap();
        assert!(small.reach(u64::MAX, u64::MAX).unwrap().is_some());
        // The value is the mex of its options' values, with the rule's splits listed.
        let p = cat.parse_position(&id, &["40"], 1).unwrap();
        let mut seen = std::collections::HashSet::new();
        for m in p.options().unwrap() {
            seen.insert(m.to.value().unwrap());
        }
        let mex = (0u64..)
            .map(Nimber::from)
            .find(|v| !seen.contains(v))
            .unwrap();
        assert_eq!(p.value().unwrap(), mex);
    }

    fn value(id: &str, heaps: &[&str]) -> Result<Nimber> {
        Catalogue::standard().parse_position(id, heaps, 1)?.value()
    }

    /// Found by fuzzing: `hex:0.1 2 221` (a heap of 2 and one of 221, neither with a move:
    /// 0.1 only takes a heap of exactly 1) was refused as a misère search of 223 counters,
    /// although the game has one position. Heaps that cannot move are not counted.
    #[test]
    fn heaps_without_a_move_do_not_count_against_the_misere_search() {
        let cat = Catalogue::standard();
        let misere =
            |id: &str, heaps: &[&str]| cat.parse_position(id, heaps, 1).unwrap().misere_outcome();
        // No move at all: the player to move has none, and wins in misère play.
        assert_eq!(misere("hex:0.1", &["2", "221"]).unwrap(), Outcome::N);
        // Two heaps of 1 take a move each: the second player takes the last one and loses.
        assert_eq!(
            misere("octal:0.1", &["1", "0", "137", "1"]).unwrap(),
            Outcome::N
        );
        assert_eq!(
            misere("octal:0.1", &["1", "1000000000000", "65"]).unwrap(),
            Outcome::P
        );
        // 0.07 takes exactly two counters: heaps of 1 never move.
        let ones = vec!["1"; 100];
        assert_eq!(misere("dawson-kayles", &ones).unwrap(), Outcome::N);
        // Heaps that can move still count: 63 counters of Dawson's Kayles (beyond the
        // heaps its misère quotient reaches) are refused.
        let err = misere("dawson-kayles", &["30", "33"])
            .unwrap_err()
            .to_string();
        assert!(err.contains("63 counters in heaps that can move"), "{err}");
    }

    #[test]
    fn values_from_the_texts() {
        // GAMES.md §2, Kayles from 0: 0 1 2 3 1 4 3 2 1 4 2; 70 → 6.
        let k: Vec<u64> = (0..11)
            .map(|n| {
                value("kayles", &[&n.to_string()])
                    .unwrap()
                    .to_u64()
                    .unwrap()
            })
            .collect();
        assert_eq!(k, vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
        assert_eq!(value("kayles", &["70"]).unwrap(), Nimber::from(6u64));
        assert_eq!(value("grundy", &["12"]).unwrap(), Nimber::from(1u64));
        assert_eq!(value("lasker", &["7"]).unwrap(), Nimber::from(8u64));
        assert_eq!(value("octal:0.77", &["70"]).unwrap(), Nimber::from(6u64));
    }

    #[test]
    fn bad_input() {
        let err = value("octal:0.79", &["3"]).unwrap_err().to_string();
        assert!(err.contains("hex:"), "{err}");
        let err = value("kayles", &[]).unwrap_err().to_string();
        assert!(err.contains("no heaps"), "{err}");
        let err = value("hex:0.7q", &["3"]).unwrap_err().to_string();
        assert!(err.contains("`q` at character 4"), "{err}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn table_values_match_search(heaps in proptest::collection::vec(0u64..12, 1..4)) {
            for rule in ["0.77", "0.137", "4.7", "grundy"] {
                let fast = TakeBreak::new(rule, Rule::parse(rule).unwrap());
                let slow = TakeBreak::new(rule, Rule::parse(rule).unwrap());
                let mut solver = GrundySolver::without_closed_forms(slow);
                prop_assert_eq!(fast.closed_form(&heaps), Some(solver.value(&heaps).unwrap()));
            }
        }
    }

    /// The misère search remembers positions by their canonical form (heaps sorted, dead
    /// heaps dropped): held against the search over positions as given.
    #[test]
    fn misere_search_by_canonical_positions_matches_the_plain_search() {
        use crate::impartial::MisereSolver;
        struct AsGiven(TakeBreak);
        impl ImpartialGame for AsGiven {
            type Position = Vec<u64>;
            fn options(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
                self.0.options(pos, out);
            }
        }
        for rule in ["0.77", "0.07", "0.137", "4.7", "0.6", "grundy"] {
            let make = || TakeBreak::new(rule, Rule::parse(rule).unwrap());
            let mut fast = MisereSolver::new(make());
            let mut plain = MisereSolver::new(AsGiven(make()));
            let mut checked = 0;
            for a in 0..=6u64 {
                for b in 0..=a {
                    for c in 0..=b.min(3) {
                        let heaps = vec![c, a, 0, b];
                        assert_eq!(
                            fast.outcome(&heaps).unwrap(),
                            plain.outcome(&heaps).unwrap(),
                            "{rule} {heaps:?}"
                        );
                        checked += 1;
                    }
                }
            }
            for n in 0..=13u64 {
                assert_eq!(
                    fast.outcome(&vec![n]).unwrap(),
                    plain.outcome(&vec![n]).unwrap(),
                    "{rule} {n}"
                );
            }
            assert!(checked > 60, "{checked}");
        }
    }

    #[test]
    fn winning_moves_lead_to_p_positions() {
        let cat = Catalogue::standard();
        let p = cat
            .parse_position("kayles", &["5", "7", "1000000000000"], 1)
            .unwrap();
        let win = p.moves_to_value(&Nimber::default(), 20).unwrap();
        assert!(win.total > 1000);
        for m in &win.moves {
            assert_eq!(
                m.to.value().unwrap(),
                Nimber::default(),
                "{}",
                m.description
            );
        }
        let small = cat
            .parse_position("dawson-kayles", &["9", "4", "6"], 1)
            .unwrap();
        let all = small.options().unwrap();
        let zero = all
            .iter()
            .filter(|m| m.to.value().unwrap() == Nimber::default())
            .count();
        assert_eq!(
            small.moves_to_value(&Nimber::default(), 100).unwrap().total,
            zero
        );
    }
}
