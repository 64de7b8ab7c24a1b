//! Poker-Nim (texts 000 and 003): Nim, except that a player may instead add one or more
//! counters from a private stock to one heap. Each player has a stock of their own; the
//! counters taken from the table leave the game. The player who takes the last counter
//! from the table wins (the game ends when the table is empty).
//!
//! A position is written as the heaps, a `/`, and the stocks: first the stock of the
//! player to move, then the other player's (`2 4 6 / 50 50`; a single number gives both
//! players that stock). After a move the two stocks change places, since the other player
//! is then to move. Moves: `H-K` takes K from heap H, `H+K` adds K from the mover's stock
//! to heap H.
//!
//! Closed form: the value is the nim-sum of the heaps, whatever the stocks. Taking reaches
//! every smaller nim-sum, as in Nim; adding changes one heap, so it never keeps the
//! nim-sum. The game ends (each move shrinks the table or the mover's stock, and adding
//! moves counters from a stock to the table), so by induction the mex of the options is
//! the nim-sum. In play, the winner answers an addition by taking the added counters
//! away: the loser's stock shrinks at every addition. The tests check the closed form
//! against a search of the rules.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! // Text 000: heaps 2 4 6 with stocks of 50. The first player takes 1 from the heap of 4.
//! let p = cat.parse_position("poker-nim", &["2", "4", "6", "/", "50"], 1).unwrap();
//! assert_eq!(p.value().unwrap(), nimlab::Nimber::from(0u64));
//! let q = cat.parse_position("poker-nim", &["2", "3", "6", "/", "50", "50"], 1).unwrap();
//! let w = q.moves_to_value(&nimlab::Nimber::from(0u64), 10).unwrap();
//! // Nim-sum 7: take 5 from the 6, or add 3 to the 2, or add the counter back to the 3.
//! let to: Vec<String> = w.moves.iter().map(|m| m.to.notation()).collect();
//! assert_eq!(to, ["2 3 1 / 50 50", "5 3 6 / 50 47", "2 4 6 / 50 49"]);
//! ```

use crate::games::args::Arg;
use crate::games::catalogue::{Entry, Params};
use crate::games::rules::{NimHeap, Rules, Typed};
use crate::impartial::ImpartialGame;
use crate::{Error, Outcome, Result};

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "poker-nim",
        usage: "poker-nim",
        summary: "Nim, or add ≥1 counters from your own stock to one heap; the last counter taken from the table wins",
        position: "heaps, `/`, the stocks of the player to move and of the other, e.g. `2 4 6 / 50 50`; moves `H-K` (take), `H+K` (add)",
        example: "poker-nim 2 4 6 / 50 50",
        start: "2 4 6 / 50 50",
        params: Params::None,
        build: |_, args| Ok(Box::new(Typed::new(PokerNim, PokerNim::read(args)?))),
    }
}

/// A position: the heaps and the stocks of the player to move and of the other player.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Table {
    /// The heaps on the table.
    pub heaps: Vec<u64>,
    /// The stock of the player to move.
    pub mover: u64,
    /// The stock of the other player.
    pub other: u64,
}

/// Poker-Nim.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PokerNim;

/// The largest heap or stock nimlab accepts, so that sums of them stay exact.
pub const MAX_COUNTERS: u64 = 1 << 40;

impl PokerNim {
    /// Reads a position: heaps, `/`, one or two stocks.
    ///
    /// ```
    /// use nimlab::games::{args::number, poker_nim::PokerNim};
    /// let t = PokerNim::read(&number(&["2", "4", "6", "/", "50", "40"], 1)).unwrap();
    /// assert_eq!((t.heaps.len(), t.mover, t.other), (3, 50, 40));
    /// assert!(PokerNim::read(&number(&["2", "4"], 1)).is_err());
    /// ```
    ///
    /// # Errors
    /// No `/`, a token that is not a number, more than two stocks.
    pub fn read(args: &[Arg<'_>]) -> Result<Table> {
        let Some(slash) = args.iter().position(|a| a.text == "/") else {
            return Err(Error::missing(
                "the stocks are missing",
                "the heaps, `/`, and the players' stocks, e.g. `2 4 6 / 50 50`",
            ));
        };
        let number = |a: &Arg<'_>, what: &str| -> Result<u64> {
            let n = a.natural(what)?;
            if n > MAX_COUNTERS {
                return Err(a.error(format!("{what} of at most 2^40")));
            }
            Ok(n)
        };
        let heaps = args[..slash]
            .iter()
            .map(|a| number(a, "a heap size"))
            .collect::<Result<Vec<u64>>>()?;
        let stocks = args[slash + 1..]
            .iter()
            .map(|a| number(a, "a stock (a number of counters)"))
            .collect::<Result<Vec<u64>>>()?;
        let (mover, other) = match stocks.as_slice() {
            [s] => (*s, *s),
            [m, o] => (*m, *o),
            [] => return Err(Error::missing(
                "the stocks are missing after `/`",
                "one stock for both players, or the stocks of the player to move and of the other",
            )),
            _ => {
                return Err(args[slash + 3]
                    .error("at most two stocks (the player to move's, then the other's)"))
            }
        };
        Ok(Table {
            heaps,
            mover,
            other,
        })
    }

    /// The nim-sum of the heaps.
    pub fn nim_sum(&self, t: &Table) -> u64 {
        crate::nimber::nim_sum(t.heaps.iter().copied())
    }

    fn after(t: &Table, i: usize, heap: u64) -> Table {
        let mut heaps = t.heaps.clone();
        let added = heap.saturating_sub(heaps[i]);
        heaps[i] = heap;
        Table {
            heaps,
            mover: t.other,
            other: t.mover - added,
        }
    }
}

impl ImpartialGame for PokerNim {
    type Position = Table;

    fn options(&self, t: &Table, out: &mut Vec<Table>) {
        if t.heaps.iter().all(|&h| h == 0) {
            return;
        }
        for (i, &h) in t.heaps.iter().enumerate() {
            for to in 0..h {
                out.push(Self::after(t, i, to));
            }
        }
        for (i, &h) in t.heaps.iter().enumerate() {
            for k in 1..=t.mover {
                out.push(Self::after(t, i, h + k));
            }
        }
    }

    fn closed_form(&self, t: &Table) -> Option<u64> {
        Some(self.nim_sum(t))
    }
}

impl Rules for PokerNim {
    fn id(&self) -> String {
        "poker-nim".to_string()
    }

    fn format(&self, t: &Table) -> String {
        format!(
            "{} / {} {}",
            crate::games::format_heaps(&t.heaps),
            t.mover,
            t.other
        )
    }

    fn describe(&self, from: &Table, to: &Table) -> String {
        let Some(i) = (0..from.heaps.len()).find(|&i| from.heaps[i] != to.heaps[i]) else {
            return format!("move to {}", self.format(to));
        };
        let (a, b) = (from.heaps[i], to.heaps[i]);
        if b < a {
            if b == 0 {
                format!("take all {a} from heap {}", i + 1)
            } else {
                format!("take {} from heap {}, leaving {b}", a - b, i + 1)
            }
        } else {
            format!(
                "add {} from the stock to heap {}, making {b} ({} left in the stock)",
                b - a,
                i + 1,
                to.other
            )
        }
    }

    fn options_of_value(
        &self,
        t: &Table,
        target: u64,
        hits: &mut crate::games::rules::Hits<Table>,
    ) -> Option<()> {
        let x = self.nim_sum(t) ^ target;
        if x == 0 || t.heaps.iter().all(|&h| h == 0) {
            return Some(());
        }
        // Taking moves first, then adding ones.
        let mut adds = Vec::new();
        for (i, &h) in t.heaps.iter().enumerate() {
            let to = h ^ x;
            if to < h {
                hits.add(|| Self::after(t, i, to));
            } else if to - h <= t.mover {
                adds.push((i, to));
            }
        }
        for (i, to) in adds {
            hits.add(|| Self::after(t, i, to));
        }
        Some(())
    }

    fn pass(&self, t: &Table) -> Option<Table> {
        Some(Table {
            heaps: t.heaps.clone(),
            mover: t.other,
            other: t.mover,
        })
    }

    fn misere_closed_form(&self, t: &Table) -> Option<Outcome> {
        Some(Outcome::from_grundy_zero(crate::games::nim::misere_is_p(
            &t.heaps,
        )))
    }

    fn misere_winning_options(&self, t: &Table) -> Option<Vec<Table>> {
        if crate::games::nim::misere_is_p(&t.heaps) || t.heaps.iter().all(|&h| h == 0) {
            return Some(Vec::new());
        }
        // A misère P-position either has a heap of 2 or more and nim-sum 0, or only heaps
        // of 0 and 1: heap i must become the nim-sum of the others, 0 or 1.
        let mut takes = Vec::new();
        let mut adds = Vec::new();
        for (i, &h) in t.heaps.iter().enumerate() {
            let others = self.nim_sum(t) ^ h;
            let mut sizes = vec![0, 1, others];
            sizes.sort_unstable();
            sizes.dedup();
            for to in sizes {
                let legal = to < h || (to > h && to - h <= t.mover);
                if !legal {
                    continue;
                }
                let next = Self::after(t, i, to);
                if crate::games::nim::misere_is_p(&next.heaps) {
                    if to < h {
                        takes.push(next);
                    } else {
                        adds.push(next);
                    }
                }
            }
        }
        takes.extend(adds);
        Some(takes)
    }

    fn misere_rule(&self, t: &Table) -> Option<String> {
        Some(crate::games::misere_nim_rule(
            "Misère Poker-Nim is won as misère Nim on the heaps, whatever the stocks: the winner answers an addition by taking the added counters away. The heaps are",
            &t.heaps,
        ))
    }

    fn p_position(&self, t: &Table) -> Option<bool> {
        Some(self.nim_sum(t) == 0)
    }

    fn nim_heaps(&self, t: &Table) -> Option<(String, Vec<NimHeap>)> {
        Some((
            "heap".to_string(),
            t.heaps
                .iter()
                .enumerate()
                .map(|(i, &h)| (format!("heap {}", i + 1), h))
                .collect(),
        ))
    }

    fn read_move(&self, t: &Table, text: &str) -> Option<std::result::Result<Table, String>> {
        let s = text.trim().to_lowercase();
        let words: Vec<&str> = s.split_whitespace().collect();
        let add = if let Some((h, k)) = s.split_once('+') {
            Some((h.trim().parse::<u64>().ok()?, k.trim().parse::<u64>().ok()?))
        } else if let ["add", k, "to", "heap", h] = words.as_slice() {
            Some((h.parse().ok()?, k.parse().ok()?))
        } else {
            None
        };
        let n = t.heaps.len();
        if t.heaps.iter().all(|&h| h == 0) {
            return Some(Err("the table is empty: the game is over".to_string()));
        }
        let Some((h, k)) = add else {
            let (i, size) = match crate::games::read_heap_move(&t.heaps, text)? {
                Ok(m) => m,
                Err(reason) => return Some(Err(reason)),
            };
            return Some(Ok(Self::after(t, i, size)));
        };
        let Some(i) = h.checked_sub(1).filter(|&i| (i as usize) < n) else {
            return Some(Err(format!(
                "there is no heap {h}: there are {n} heaps, numbered from 1"
            )));
        };
        if k == 0 {
            return Some(Err("add at least 1".to_string()));
        }
        if k > t.mover {
            return Some(Err(format!(
                "the stock of the player to move has only {}",
                t.mover
            )));
        }
        Some(Ok(Self::after(t, i as usize, t.heaps[i as usize] + k)))
    }

    fn figure(&self, t: &Table) -> Option<crate::games::figure::Figure> {
        use crate::games::figure::{Figure, Heap, Shape};
        if t.heaps.iter().any(|&h| h > crate::games::MAX_DRAWN_MOVES) {
            return None;
        }
        Some(
            Figure::new(Shape::Heaps(Heap::live("heap", &t.heaps))).note(format!(
                "stock of the player to move: {}; of the other player: {}",
                t.mover, t.other
            )),
        )
    }

    fn check_searchable(&self, t: &Table) -> Result<()> {
        let moves: u64 = t.heaps.iter().sum::<u64>() + t.mover.saturating_mul(t.heaps.len() as u64);
        if moves > crate::games::MAX_OPTIONS as u64 {
            return Err(Error::limit(
                "listing every move of this Poker-Nim position",
                format!("{} moves", crate::games::MAX_OPTIONS),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    /// The rules with no closed form: the solver must search.
    struct Searched;
    impl ImpartialGame for Searched {
        type Position = Table;
        fn options(&self, t: &Table, out: &mut Vec<Table>) {
            PokerNim.options(t, out);
        }
    }

    #[test]
    fn the_value_is_the_nim_sum_by_search() {
        let mut solver = GrundySolver::new(Searched);
        let mut checked = 0;
        for a in 0..4 {
            for b in 0..4 {
                for c in 0..3 {
                    for mover in 0..4 {
                        for other in 0..4 {
                            let t = Table {
                                heaps: vec![a, b, c],
                                mover,
                                other,
                            };
                            assert_eq!(solver.value(&t).unwrap(), a ^ b ^ c, "{t:?}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 4 * 4 * 3 * 16);
    }

    /// Misère play: the outcome is misère Nim's on the heaps, by a search of the rules,
    /// and the winning moves are the moves to the positions the search finds lost.
    #[test]
    fn misere_play_is_misere_nim_by_search() {
        let mut solver = crate::impartial::MisereSolver::new(Searched);
        for a in 0..4 {
            for b in 0..4 {
                for c in 0..3 {
                    for mover in 0..3 {
                        for other in 0..3 {
                            let t = Table {
                                heaps: vec![a, b, c],
                                mover,
                                other,
                            };
                            let o = solver.outcome(&t).unwrap();
                            assert_eq!(Some(o), PokerNim.misere_closed_form(&t), "{t:?}");
                            let mut all = Vec::new();
                            PokerNim.options(&t, &mut all);
                            let mut lost: Vec<Table> = all
                                .into_iter()
                                .filter(|o| solver.outcome(o).unwrap() == Outcome::P)
                                .collect();
                            let mut got = PokerNim.misere_winning_options(&t).unwrap();
                            lost.sort_by_key(|o| (o.heaps.clone(), o.other));
                            got.sort_by_key(|o| (o.heaps.clone(), o.other));
                            assert_eq!(got, lost, "{t:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn winning_moves_are_the_moves_to_nim_sum_zero() {
        let t = Table {
            heaps: vec![1, 2, 7],
            mover: 3,
            other: 0,
        };
        let mut all = Vec::new();
        PokerNim.options(&t, &mut all);
        let mut expected: Vec<Table> = all
            .into_iter()
            .filter(|o| PokerNim.nim_sum(o) == 0)
            .collect();
        let mut got = PokerNim.all_options_of_value(&t, 0).unwrap();
        expected.sort_by_key(|o| o.heaps.clone());
        got.sort_by_key(|o| o.heaps.clone());
        assert_eq!(got, expected);
        // 1 2 7 has nim-sum 4: take 4 from the 7 (adding 4 to the 1 or the 2 would need
        // a stock of 4).
        assert_eq!(got.len(), 1);
    }

    #[test]
    fn moves_are_read() {
        let t = PokerNim::read(&crate::games::args::number(
            &["2", "4", "6", "/", "5", "3"],
            1,
        ))
        .unwrap();
        let added = PokerNim.read_move(&t, "2+3").unwrap().unwrap();
        assert_eq!(PokerNim.format(&added), "2 7 6 / 3 2");
        assert_eq!(
            PokerNim.format(&PokerNim.read_move(&t, "3-6").unwrap().unwrap()),
            "2 4 0 / 3 5"
        );
        assert!(PokerNim
            .read_move(&t, "2+6")
            .unwrap()
            .unwrap_err()
            .contains("only 5"));
        assert!(PokerNim.read_move(&t, "4+1").unwrap().is_err());
    }
}
