//! Games whose play may loop: retrograde analysis with draws and remoteness, and
//! generalised Sprague–Grundy values.
//!
//! ```
//! use nimlab::Convention;
//! use nimlab::loopy::{generalized_values, retrograde, Graph, Verdict};
//! // A pass back and forth between 0 and 1, and 1 → 2 ends the game.
//! let g = Graph::from_moves(vec![vec![1], vec![0, 2], vec![]]);
//! assert_eq!(retrograde(&g, Convention::Normal)[0], Verdict::Loss { moves: 2 });
//! assert_eq!(generalized_values(&g)[1].to_string(), "*");
//! ```

mod explore;
mod graph;
mod gsg;
mod retrograde;

pub use explore::{explore, Explorable, Explored};
pub use graph::Graph;
pub use gsg::{generalized_values, GeneralizedValue};
pub use retrograde::{best_move, retrograde, Verdict};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Convention;
    use crate::Outcome;
    use rand::{Rng, SeedableRng};

    fn random_graph(rng: &mut rand::rngs::StdRng, n: usize, acyclic: bool) -> Graph {
        let moves = (0..n)
            .map(|i| {
                let k = rng.gen_range(0..4);
                (0..k)
                    .filter_map(|_| {
                        if acyclic {
                            (i > 0).then(|| rng.gen_range(0..i) as u32)
                        } else {
                            Some(rng.gen_range(0..n) as u32)
                        }
                    })
                    .collect()
            })
            .collect();
        Graph::from_moves(moves)
    }

    fn mex_values(g: &Graph) -> Vec<u64> {
        let mut v: Vec<u64> = Vec::with_capacity(g.len());
        for i in 0..g.len() {
            v.push(crate::nimber::mex(
                g.moves(i).iter().map(|&m| v[m as usize]),
            ));
        }
        v
    }

    /// Without cycles, the generalised value is the mex rule's and retrograde analysis
    /// agrees with it.
    #[test]
    fn acyclic_graphs_get_their_grundy_values() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for _ in 0..300 {
            let g = random_graph(&mut rng, 40, true);
            let gsg = generalized_values(&g);
            let verdicts = retrograde(&g, Convention::Normal);
            for (i, &m) in mex_values(&g).iter().enumerate() {
                assert_eq!(gsg[i], GeneralizedValue::Finite(m));
                assert_eq!(verdicts[i].outcome(), Outcome::from_grundy_zero(m == 0));
            }
        }
    }

    /// The outcome a generalised value gives agrees with retrograde analysis.
    #[test]
    fn generalized_values_give_the_outcomes_of_retrograde_analysis() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(12);
        let mut draws = 0;
        for _ in 0..500 {
            let g = random_graph(&mut rng, 30, false);
            let gsg = generalized_values(&g);
            let verdicts = retrograde(&g, Convention::Normal);
            for i in 0..g.len() {
                assert_eq!(
                    gsg[i].outcome(),
                    verdicts[i].outcome(),
                    "position {i} of {g:?}"
                );
                draws += usize::from(verdicts[i] == Verdict::Draw);
            }
        }
        assert!(
            draws > 1000,
            "the random graphs should have draws ({draws})"
        );
    }

    /// Smith's sum rule: the outcome of a sum of two loopy games follows from the parts'
    /// generalised values. The sum's own graph is solved by retrograde analysis.
    #[test]
    fn the_sum_rule_holds_on_random_loopy_graphs() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(13);
        for _ in 0..150 {
            let a = random_graph(&mut rng, 12, false);
            let b = random_graph(&mut rng, 12, false);
            let (na, nb) = (a.len(), b.len());
            let mut product = Graph::default();
            for x in 0..na {
                for y in 0..nb {
                    let from_a = a.moves(x).iter().map(|&x2| (x2 as usize * nb + y) as u32);
                    let from_b = b.moves(y).iter().map(|&y2| (x * nb + y2 as usize) as u32);
                    product.push(from_a.chain(from_b));
                }
            }
            let verdicts = retrograde(&product, Convention::Normal);
            let (va, vb) = (generalized_values(&a), generalized_values(&b));
            for x in 0..na {
                for y in 0..nb {
                    let expected = match (&va[x], &vb[y]) {
                        (GeneralizedValue::Finite(g), GeneralizedValue::Finite(h)) => {
                            Outcome::from_grundy_zero(g == h)
                        }
                        (GeneralizedValue::Infinite(k), GeneralizedValue::Finite(h))
                        | (GeneralizedValue::Finite(h), GeneralizedValue::Infinite(k)) => {
                            if k.contains(h) {
                                Outcome::N
                            } else {
                                Outcome::D
                            }
                        }
                        _ => Outcome::D,
                    };
                    assert_eq!(verdicts[x * nb + y].outcome(), expected);
                }
            }
        }
    }

    /// Remoteness: a won position's best move leads to a lost position one move nearer
    /// the end, and following best moves from any won or lost position ends the game.
    #[test]
    fn best_moves_end_the_game_in_the_remoteness() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(14);
        for _ in 0..300 {
            let g = random_graph(&mut rng, 30, false);
            for convention in [Convention::Normal, Convention::Misere] {
                let v = retrograde(&g, convention);
                for start in 0..g.len() {
                    let (Verdict::Win { moves } | Verdict::Loss { moves }) = v[start] else {
                        continue;
                    };
                    let mut at = start;
                    let mut played = 0;
                    while let Some(m) = best_move(&g, &v, at) {
                        at = m as usize;
                        played += 1;
                        assert!(played <= moves);
                    }
                    assert_eq!(played, moves);
                    let mover_wins = matches!(v[start], Verdict::Win { .. });
                    // The player who cannot move loses (normal) or wins (misère).
                    let last_mover_is_first = played % 2 == 1;
                    assert_eq!(
                        mover_wins,
                        last_mover_is_first == (convention == Convention::Normal)
                    );
                }
            }
        }
    }
}
