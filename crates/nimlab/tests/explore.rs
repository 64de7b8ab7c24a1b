//! Game trees, game graphs, the Hasse diagram of the games born by a day and the
//! derivation of a day, held against truths found independently here: trees and graphs
//! counted by a plain recursion over the rules written again in the test (Nim, Domineering)
//! or by closed forms (the tree of *n has 3^n nodes), the order of Conway's games compared
//! by the definition (G ≤ H unless some G^L ≥ H or some H^R ≤ G), the antichains counted
//! over every set of games, and the numbers of games born by each day from OEIS A065401
//! (1, 4, 22, 1474).

use nimlab::conway::{born_by, Arena, GameId};
use nimlab::explore::{Derivation, GameGraph, Hasse, Mover, Shape, MAX_NODES};
use nimlab::games::{Arg, Catalogue, Game};
use nimlab::notation::print;
use nimlab::partizan::RulesetSolver;
use nimlab::{Error, Further, Outcome};
use std::collections::{BTreeSet, HashMap, HashSet};

fn game(tokens: &[&str]) -> Game {
    let args: Vec<Arg> = tokens
        .iter()
        .enumerate()
        .map(|(i, t)| Arg::new(t, i + 1))
        .collect();
    Catalogue::standard().parse_game(&args).unwrap()
}

// ---------------------------------------------------------------- Nim, by its rules

/// The options of a Nim position: take any positive number from one heap.
fn nim_options(heaps: &[u32]) -> BTreeSet<Vec<u32>> {
    let mut out = BTreeSet::new();
    for (i, &h) in heaps.iter().enumerate() {
        for k in 0..h {
            let mut p = heaps.to_vec();
            p[i] = k;
            out.insert(p);
        }
    }
    out
}

/// The nodes of the game tree: the position and the trees of its options.
fn nim_tree_size(heaps: &[u32]) -> usize {
    1 + nim_options(heaps)
        .iter()
        .map(|p| nim_tree_size(p))
        .sum::<usize>()
}

/// The distinct positions that play can reach, and the moves among them.
fn nim_graph(heaps: &[u32]) -> (usize, usize) {
    let mut seen = HashSet::new();
    let mut todo = vec![heaps.to_vec()];
    let mut moves = 0;
    while let Some(p) = todo.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        let options = nim_options(&p);
        moves += options.len();
        todo.extend(options);
    }
    (seen.len(), moves)
}

/// Text 001's Nim with heaps of 1 and 3: its tree has 28 nodes (1 + 8 + 2 + 5 + 12 by
/// the root's options 0 3, 1 0, 1 1, 1 2) and its graph the 2 × 4 positions (a, b) with
/// a ≤ 1, b ≤ 3.
#[test]
fn text_001_nim_1_3_as_a_tree_and_as_a_graph() {
    let g = game(&["nim", "1", "3"]);
    let tree = GameGraph::of_game(&g, Shape::Tree).unwrap();
    assert_eq!(tree.nodes.len(), 28);
    assert_eq!(tree.nodes.len(), nim_tree_size(&[1, 3]));
    assert_eq!(tree.edges.len(), 27);
    let graph = GameGraph::of_game(&g, Shape::Graph).unwrap();
    assert_eq!(graph.nodes.len(), 8);
    assert_eq!((graph.nodes.len(), graph.edges.len()), nim_graph(&[1, 3]));
    // Every move of an impartial game is either player's.
    assert!(tree.edges.iter().all(|e| e.mover == Mover::Either));
}

/// Every Nim position of up to three heaps below 4 that fits: node and edge counts of the
/// tree and the graph as the recursion finds them, and each node's value the nim-sum of
/// its heaps (Bouton), read back from the label.
#[test]
fn nim_trees_and_graphs_match_a_plain_recursion() {
    let mut checked = 0;
    for a in 0..4u32 {
        for b in 0..4u32 {
            for c in 0..3u32 {
                let heaps = [a, b, c];
                let texts: Vec<String> = heaps.iter().map(u32::to_string).collect();
                let mut tokens = vec!["nim"];
                tokens.extend(texts.iter().map(String::as_str));
                let g = game(&tokens);
                let graph = GameGraph::of_game(&g, Shape::Graph).unwrap();
                let (positions, moves) = nim_graph(&heaps);
                assert_eq!(
                    (graph.nodes.len(), graph.edges.len()),
                    (positions, moves),
                    "{heaps:?}"
                );
                assert_eq!(positions as u32, (a + 1) * (b + 1) * (c + 1));
                for v in &graph.nodes {
                    let x = v
                        .label
                        .split_whitespace()
                        .map(|h| h.parse::<u32>().unwrap())
                        .fold(0, |x, h| x ^ h);
                    let want = if x == 0 {
                        "0".to_string()
                    } else {
                        format!("*{x}")
                    };
                    assert_eq!(v.value.as_deref(), Some(want.as_str()), "{heaps:?} {v:?}");
                    let class = if x == 0 { Outcome::P } else { Outcome::N };
                    assert_eq!(v.outcome, Some(class));
                }
                let size = nim_tree_size(&heaps);
                match GameGraph::of_game(&g, Shape::Tree) {
                    Ok(tree) => {
                        assert_eq!(tree.nodes.len(), size, "{heaps:?}");
                        assert_eq!(tree.edges.len(), size - 1);
                        // Depth: one more than the parent's.
                        for e in &tree.edges {
                            assert_eq!(tree.nodes[e.to].depth, tree.nodes[e.from].depth + 1);
                        }
                    }
                    Err(e) => {
                        assert!(size > MAX_NODES, "{heaps:?}: {e}");
                        let Error::Limit(l) = e else {
                            panic!("{heaps:?}")
                        };
                        assert_eq!(l.further, Some(Further::Graph));
                    }
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 48);
}

/// A tree too large to list is refused at once, naming the size of its graph.
#[test]
fn large_trees_are_refused_with_the_size_of_their_graph() {
    let g = game(&["nim", "3", "5", "7"]);
    let Err(Error::Limit(e)) = GameGraph::of_game(&g, Shape::Tree) else {
        panic!("nim 3 5 7 has a tree of far more than {MAX_NODES} nodes");
    };
    assert!(e.limit.contains("has 192 nodes"), "{}", e.limit);
    assert_eq!(e.further, Some(Further::Graph));
    assert_eq!(
        GameGraph::of_game(&g, Shape::Graph).unwrap().nodes.len(),
        4 * 6 * 8
    );
    // A graph of too many positions is refused too.
    let big = game(&["nim", "100", "200"]);
    assert!(matches!(
        GameGraph::of_game(&big, Shape::Graph),
        Err(Error::Limit(_))
    ));
}

/// A game whose play loops has a graph (with a cycle) and no tree.
#[test]
fn loopy_games_have_a_graph_and_no_tree() {
    // The white piece can move back and forth in the gap.
    let g = game(&["northcott", "w..b"]);
    assert!(matches!(
        GameGraph::of_game(&g, Shape::Tree),
        Err(Error::Unsupported(_))
    ));
    let graph = GameGraph::of_game(&g, Shape::Graph).unwrap();
    assert!(graph.nodes.len() >= 2);
    assert!(graph.nodes.iter().all(|v| v.value.is_none()));
}

// ------------------------------------------------------- Domineering, by its rules

/// A Domineering board: rows from the top, `true` for a filled square.
type Board = Vec<Vec<bool>>;

fn read_board(text: &str) -> Board {
    text.split('|')
        .map(|row| row.chars().map(|c| c != '.').collect())
        .collect()
}

/// Left places a domino on two empty squares one above the other, Right side by side.
fn domineering_options(b: &Board, left: bool) -> BTreeSet<Board> {
    let mut out = BTreeSet::new();
    for r in 0..b.len() {
        for c in 0..b[r].len() {
            let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
            if r2 < b.len() && c2 < b[r2].len() && !b[r][c] && !b[r2][c2] {
                let mut p = b.clone();
                p[r][c] = true;
                p[r2][c2] = true;
                out.insert(p);
            }
        }
    }
    out
}

fn domineering_tree_size(b: &Board) -> usize {
    1 + [true, false]
        .iter()
        .flat_map(|&left| domineering_options(b, left))
        .map(|p| domineering_tree_size(&p))
        .sum::<usize>()
}

fn domineering_positions(b: &Board) -> usize {
    let mut seen = HashSet::new();
    let mut todo = vec![b.clone()];
    while let Some(p) = todo.pop() {
        if seen.insert(p.clone()) {
            todo.extend(domineering_options(&p, true));
            todo.extend(domineering_options(&p, false));
        }
    }
    seen.len()
}

/// Domineering trees and graphs: counts by the recursion, Left's edges and Right's as
/// the rules give them, and the root's value as the ruleset's solver finds it.
#[test]
fn domineering_trees_and_graphs_match_the_rules() {
    for board in [
        "..|..",
        "...|...",
        "..#|...|...",
        "...|..#",
        "....",
        "..|..|..",
    ] {
        let g = game(&["domineering", board]);
        let b = read_board(board);
        let tree = GameGraph::of_game(&g, Shape::Tree).unwrap();
        assert_eq!(tree.nodes.len(), domineering_tree_size(&b), "{board}");
        assert!(tree.partizan);
        // The root's edges: as many Left's and Right's as the rules give.
        let from_root = |m: Mover| {
            tree.edges
                .iter()
                .filter(|e| e.from == 0 && e.mover == m)
                .count()
        };
        assert_eq!(from_root(Mover::Left), domineering_options(&b, true).len());
        assert_eq!(
            from_root(Mover::Right),
            domineering_options(&b, false).len()
        );
        let graph = GameGraph::of_game(&g, Shape::Graph).unwrap();
        assert_eq!(graph.nodes.len(), domineering_positions(&b), "{board}");
        let Game::Partizan(sum) = &g else { panic!() };
        let mut solver = RulesetSolver::new();
        let v = sum.value(&mut solver).unwrap();
        let want = print(solver.arena(), v);
        assert_eq!(
            tree.nodes[0].value.as_deref(),
            Some(want.as_str()),
            "{board}"
        );
        assert_eq!(
            graph.nodes[0].value.as_deref(),
            Some(want.as_str()),
            "{board}"
        );
    }
}

// ------------------------------------------------------------- Conway's games

/// The tree of *n has 3^n nodes (T(*n) = 1 + 2·(T(*0) + … + T(*(n−1)))); its graph
/// has the n + 1 nimbers and, each *k's k options being both players', n(n+1)/2
/// edges, all by either player.
#[test]
fn nimber_trees_and_graphs_by_their_closed_forms() {
    let mut a = Arena::new();
    for n in 0..=8u32 {
        let g = a.star(u64::from(n));
        let tree = GameGraph::of_value(&mut a, g, Shape::Tree).unwrap();
        assert_eq!(tree.nodes.len(), 3usize.pow(n), "*{n}");
        let graph = GameGraph::of_value(&mut a, g, Shape::Graph).unwrap();
        assert_eq!(graph.nodes.len(), n as usize + 1);
        assert_eq!(graph.edges.len(), (n * (n + 1) / 2) as usize);
        assert!(graph.edges.iter().all(|e| e.mover == Mover::Either));
    }
    // *9: 19683 nodes, refused with its graph's size.
    let g = a.star(9);
    let Err(Error::Limit(e)) = GameGraph::of_value(&mut a, g, Shape::Tree) else {
        panic!("the tree of *9 is too large")
    };
    assert!(e.what.contains("19683"), "{}", e.what);
    assert!(e.limit.contains("has 10 nodes"), "{}", e.limit);
}

/// Integers are chains: n, n − 1, …, 0 by Left's moves; negative ones by Right's. A
/// chain longer than the limit is refused, not walked recursively.
#[test]
fn integer_trees_are_chains() {
    let mut a = Arena::new();
    for n in [-5i64, 0, 1, 7, 100] {
        let g = a.integer(n);
        let tree = GameGraph::of_value(&mut a, g, Shape::Tree).unwrap();
        assert_eq!(tree.nodes.len() as u64, n.unsigned_abs() + 1);
        let mover = if n > 0 { Mover::Left } else { Mover::Right };
        assert!(tree.edges.iter().all(|e| e.mover == mover));
        assert_eq!(tree.nodes.last().unwrap().label, "0");
    }
    // Written as text, a deep chain keeps its lines short: the depth, then the last
    // columns of indentation.
    let g = a.integer(9999);
    let text = GameGraph::of_value(&mut a, g, Shape::Tree)
        .unwrap()
        .to_string();
    assert_eq!(text.lines().count(), 10_001);
    assert!(text.lines().all(|l| l.chars().count() < 200));
    assert!(text.lines().last().unwrap().starts_with("[9999] "));
    let g = a.integer(MAX_NODES as i64 + 5);
    assert!(matches!(
        GameGraph::of_value(&mut a, g, Shape::Graph),
        Err(Error::Limit(_))
    ));
    // Options beyond the arena's limits are an error, not a hang.
    let g = a.star(100_000);
    assert!(GameGraph::of_value(&mut a, g, Shape::Graph).is_err());
}

/// Hand-counted trees of text 001's games born by day 2: {1|*} (6 nodes: 1 → 0 on the
/// left, * → 0, 0 on the right), ↑ = {0|*} (5), ±1 = {1|-1} (5), *2 (9), {0,*|-1} (7:
/// 0 and * → 0, 0 on the left, -1 → 0 on the right); their graphs merge the zeros.
#[test]
fn day_two_trees_counted_by_hand() {
    let mut s = nimlab::calc::Session::new();
    for (text, tree, graph) in [
        ("{1|*}", 6, 4),
        ("{0|*}", 5, 3),
        ("{1|-1}", 5, 4),
        ("{0,*|0,*}", 9, 3),
        ("{0,*|-1}", 7, 4),
    ] {
        let g = s.game_of(text).unwrap();
        let t = GameGraph::of_value(&mut s.arena, g, Shape::Tree).unwrap();
        assert_eq!(t.nodes.len(), tree, "{text}");
        let h = GameGraph::of_value(&mut s.arena, g, Shape::Graph).unwrap();
        assert_eq!(h.nodes.len(), graph, "{text}");
    }
}

// ------------------------------------------------- the order, by the definition

/// Games as option lists only, compared by the definition: G ≤ H unless some G^L has
/// H ≤ G^L or some H^R has H^R ≤ G.
struct Plain {
    options: Vec<(Vec<usize>, Vec<usize>)>,
    index: HashMap<GameId, usize>,
    memo: HashMap<(usize, usize), bool>,
}

impl Plain {
    fn new() -> Plain {
        Plain {
            options: Vec::new(),
            index: HashMap::new(),
            memo: HashMap::new(),
        }
    }

    /// The game `g` of the arena, copied as plain option lists.
    fn copy(&mut self, a: &mut Arena, g: GameId) -> usize {
        if let Some(&i) = self.index.get(&g) {
            return i;
        }
        let (l, r) = a.options(g);
        let l: Vec<usize> = l.into_iter().map(|o| self.copy(a, o)).collect();
        let r: Vec<usize> = r.into_iter().map(|o| self.copy(a, o)).collect();
        self.options.push((l, r));
        let i = self.options.len() - 1;
        self.index.insert(g, i);
        i
    }

    /// A game made of options already copied.
    fn make(&mut self, l: Vec<usize>, r: Vec<usize>) -> usize {
        self.options.push((l, r));
        self.options.len() - 1
    }

    fn le(&mut self, g: usize, h: usize) -> bool {
        if let Some(&x) = self.memo.get(&(g, h)) {
            return x;
        }
        let gl = self.options[g].0.clone();
        let hr = self.options[h].1.clone();
        let x = !gl.iter().any(|&x| self.le(h, x)) && !hr.iter().any(|&y| self.le(y, g));
        self.memo.insert((g, h), x);
        x
    }

    fn lt(&mut self, g: usize, h: usize) -> bool {
        self.le(g, h) && !self.le(h, g)
    }
}

/// Text 001's diagram of day 1: -1 below 0 and *, which are incomparable, both below 1.
#[test]
fn the_hasse_diagram_of_day_one() {
    let mut a = Arena::new();
    let h = Hasse::born_by(&mut a, 1).unwrap();
    let mut pairs: Vec<(String, String)> = h
        .covers
        .iter()
        .map(|c| {
            (
                h.games[c.below].value.clone(),
                h.games[c.above].value.clone(),
            )
        })
        .collect();
    pairs.sort();
    let want = [("*", "1"), ("-1", "*"), ("-1", "0"), ("0", "1")];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(x, y)| (x.to_string(), y.to_string()))
        .collect();
    assert_eq!(pairs, want);
    let ranks: Vec<(&str, usize)> = h.games.iter().map(|g| (g.value.as_str(), g.rank)).collect();
    assert_eq!(ranks, [("-1", 0), ("0", 1), ("*", 1), ("1", 2)]);
}

/// The covering pairs of days 1 and 2 against every comparison by the definition: each
/// pair g < h has no game between, and the transitive closure of the pairs is the
/// whole strict order.
#[test]
fn hasse_covers_match_brute_force_comparisons() {
    for day in 1..=2 {
        let mut a = Arena::new();
        let games = born_by(&mut a, day).unwrap();
        let h = Hasse::born_by(&mut a, day).unwrap();
        assert_eq!(h.games.len(), games.len());
        let mut plain = Plain::new();
        // The games of the diagram, by their printed values.
        let by_text: HashMap<String, usize> = games
            .iter()
            .map(|&g| (print(&mut a, g), plain.copy(&mut a, g)))
            .collect();
        let ids: Vec<usize> = h.games.iter().map(|g| by_text[&g.value]).collect();
        let n = ids.len();
        let less: Vec<Vec<bool>> = (0..n)
            .map(|i| (0..n).map(|j| plain.lt(ids[i], ids[j])).collect())
            .collect();
        let covers: HashSet<(usize, usize)> = h.covers.iter().map(|c| (c.below, c.above)).collect();
        for &(g, k) in &covers {
            assert!(less[g][k], "day {day}: {g} < {k}");
            assert!((0..n).all(|m| !(less[g][m] && less[m][k])), "day {day}");
        }
        // Every pair with nothing between is a cover.
        for g in 0..n {
            for k in 0..n {
                let between = (0..n).any(|m| less[g][m] && less[m][k]);
                assert_eq!(covers.contains(&(g, k)), less[g][k] && !between);
            }
        }
        // The transitive closure of the covers.
        let mut closure = vec![vec![false; n]; n];
        for &(g, k) in &covers {
            closure[g][k] = true;
        }
        for m in 0..n {
            for g in 0..n {
                for k in 0..n {
                    if closure[g][m] && closure[m][k] {
                        closure[g][k] = true;
                    }
                }
            }
        }
        assert_eq!(closure, less, "day {day}");
        // A rank is the longest chain below.
        for c in &h.covers {
            assert!(h.games[c.above].rank > h.games[c.below].rank);
        }
        // Text 001: one zero, six positive, six negative, nine fuzzy.
        if day == 2 {
            let count = |o: Outcome| h.games.iter().filter(|g| g.outcome == o).count();
            assert_eq!(
                (
                    count(Outcome::P),
                    count(Outcome::L),
                    count(Outcome::R),
                    count(Outcome::N)
                ),
                (1, 6, 6, 9)
            );
        }
    }
}

// ------------------------------------------------------------- the derivation

/// Every set of `n` games (as bit sets) in which no two are comparable.
fn count_antichains(less: &[Vec<bool>]) -> usize {
    let n = less.len();
    let comparable: Vec<u32> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| less[i][j] || less[j][i])
                .fold(0, |m, j| m | 1 << j)
        })
        .collect();
    (0u32..1 << n)
        .filter(|&set| (0..n).all(|i| set >> i & 1 == 0 || set & comparable[i] == 0))
        .count()
}

/// Text 001's derivation of day 2, and days 1 and 3: 2^k sets of options for each player
/// (k games of the day before), the sets that are left when dominated options are
/// removed counted over every set by the definition, their pairs, and the distinct
/// values (OEIS A065401: 4, 22, 1474).
#[test]
fn derivations_of_days_one_two_and_three() {
    let born = [1usize, 4, 22, 1474];
    for day in 1..=3u32 {
        let mut a = Arena::new();
        let d = Derivation::of_day(&mut a, day).unwrap();
        let k = born[day as usize - 1];
        assert_eq!(d.earlier.len(), k);
        assert_eq!(d.subsets, 1 << k);
        assert_eq!(d.pairs, 1 << (2 * k));
        let earlier = born_by(&mut a, day - 1).unwrap();
        let mut plain = Plain::new();
        let ids: Vec<usize> = earlier.iter().map(|&g| plain.copy(&mut a, g)).collect();
        let less: Vec<Vec<bool>> = ids
            .iter()
            .map(|&g| ids.iter().map(|&h| plain.lt(g, h)).collect())
            .collect();
        let antichains = count_antichains(&less);
        assert_eq!(d.option_sets, antichains, "day {day}");
        assert_eq!(d.forms, antichains * antichains);
        assert_eq!(d.values, born[day as usize], "day {day}");
    }
}

/// Day 2 in full: removing dominated options from each of the 16 sets (Left keeps the
/// options no other option exceeds, Right those no other is below) leaves the 6 sets
/// {}, {-1}, {0}, {*}, {1}, {0,*}, each reached as often as the table says; the 36
/// games fall into 22 groups, equal within a group and different across, by the
/// definition; and text 001's identities are among the groups.
#[test]
fn day_two_derivation_in_full() {
    let mut a = Arena::new();
    let d = Derivation::of_day(&mut a, 2).unwrap();
    assert_eq!(
        (d.subsets, d.pairs, d.option_sets, d.forms, d.values),
        (16, 256, 6, 36, 22)
    );
    let sets = d.antichains.as_ref().unwrap();
    let names: Vec<String> = sets.iter().map(|s| s.options.join(",")).collect();
    assert_eq!(names, ["", "-1", "0", "*", "1", "0,*"]);
    // Reduce each of the 16 sets by the definition.
    let day1 = born_by(&mut a, 1).unwrap();
    let mut plain = Plain::new();
    let text: Vec<String> = day1.iter().map(|&g| print(&mut a, g)).collect();
    let ids: Vec<usize> = day1.iter().map(|&g| plain.copy(&mut a, g)).collect();
    let mut from_left: HashMap<String, u64> = HashMap::new();
    let mut from_right: HashMap<String, u64> = HashMap::new();
    for set in 0u32..16 {
        let members: Vec<usize> = (0..4).filter(|&i| set >> i & 1 == 1).collect();
        let mut keep = |left: bool| -> String {
            let mut kept: Vec<&str> = members
                .iter()
                .filter(|&&i| {
                    !members.iter().any(|&j| {
                        if left {
                            plain.lt(ids[i], ids[j])
                        } else {
                            plain.lt(ids[j], ids[i])
                        }
                    })
                })
                .map(|&i| text[i].as_str())
                .collect();
            // In the order of the derivation's sets.
            let rank = |t: &str| ["-1", "0", "*", "1"].iter().position(|x| *x == t).unwrap();
            kept.sort_by_key(|t| rank(t));
            kept.join(",")
        };
        *from_left.entry(keep(true)).or_default() += 1;
        *from_right.entry(keep(false)).or_default() += 1;
    }
    assert_eq!(from_left.len(), 6);
    assert_eq!(from_right.len(), 6);
    for (s, name) in sets.iter().zip(&names) {
        assert_eq!(s.from_left, from_left[name], "Left {name}");
        assert_eq!(s.from_right, from_right[name], "Right {name}");
    }
    // The 36 forms, built from the day-1 games, compared by the definition.
    let index: HashMap<&str, usize> = text.iter().map(String::as_str).zip(ids.clone()).collect();
    let parse_side = |side: &str| -> Vec<usize> {
        side.split(',')
            .filter(|t| !t.is_empty())
            .map(|t| index[t])
            .collect()
    };
    let groups = d.groups.as_ref().unwrap();
    assert_eq!(groups.len(), 22);
    assert_eq!(groups.iter().map(|g| g.forms.len()).sum::<usize>(), 36);
    let mut built: Vec<(usize, usize)> = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        for form in &g.forms {
            let inner = &form[1..form.len() - 1];
            let (l, r) = inner.split_once('|').unwrap();
            let made = plain.make(parse_side(l), parse_side(r));
            built.push((gi, made));
        }
    }
    for &(gi, x) in &built {
        for &(gj, y) in &built {
            let equal = plain.le(x, y) && plain.le(y, x);
            assert_eq!(equal, gi == gj, "{:?} {:?}", groups[gi], groups[gj]);
        }
    }
    // Text 001's identities: ↑ = {0|*} = {0,*|*}, ↑* = {0,*|0}, *2 = {0,*|0,*}, 1* = {1|1}.
    let group_of = |form: &str| groups.iter().find(|g| g.forms.iter().any(|f| f == form));
    assert_eq!(group_of("{0|*}").unwrap().value, "^");
    assert_eq!(group_of("{0,*|*}").unwrap().value, "^");
    assert_eq!(group_of("{0,*|0}").unwrap().value, "^*");
    assert_eq!(group_of("{0,*|0,*}").unwrap().value, "*2");
    assert_eq!(group_of("{1|1}").unwrap().value, "1*");
    // The table has a row for each of Left's sets and a column for each of Right's.
    let table = d.table.as_ref().unwrap();
    assert_eq!(table.len(), 6);
    assert!(table.iter().all(|row| row.len() == 6));
    assert_eq!(table[2][3], "^"); // {0|*}
    assert_eq!(table[0][0], "0"); // {|}
}

#[test]
fn day_zero_is_not_derived_and_day_four_is_beyond_the_limit() {
    let mut a = Arena::new();
    assert!(matches!(
        Derivation::of_day(&mut a, 0),
        Err(Error::Unsupported(_))
    ));
    assert!(matches!(
        Derivation::of_day(&mut a, 4),
        Err(Error::Limit(_))
    ));
    assert!(matches!(Hasse::born_by(&mut a, 4), Err(Error::Limit(_))));
}

// ------------------------------------------------------------------ pictures

/// A small check that a text is well-formed XML: tags nest and close, attribute values
/// are quoted, and `<` and `&` appear only as markup or entities.
fn well_formed(xml: &str) -> Result<(), String> {
    let mut open: Vec<String> = Vec::new();
    let mut rest = xml;
    let mut roots = 0;
    while let Some(at) = rest.find('<') {
        check_text(&rest[..at])?;
        let after = &rest[at + 1..];
        let end = after.find('>').ok_or("a tag is not closed")?;
        let tag = &after[..end];
        rest = &after[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let top = open.pop().ok_or(format!("</{name}> closes nothing"))?;
            if top != name.trim() {
                return Err(format!("</{name}> closes <{top}>"));
            }
            continue;
        }
        let closed = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name = body.split_whitespace().next().ok_or("an empty tag")?;
        check_attributes(&body[name.len()..])?;
        if open.is_empty() {
            roots += 1;
        }
        if !closed {
            open.push(name.to_string());
        }
    }
    check_text(rest)?;
    if !open.is_empty() {
        return Err(format!("not closed: {open:?}"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(())
}

fn check_text(text: &str) -> Result<(), String> {
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        let after = &rest[at + 1..];
        let end = after.find(';').ok_or("a bare &")?;
        if !["amp", "lt", "gt", "quot", "apos"].contains(&&after[..end]) {
            return Err(format!("unknown entity &{};", &after[..end]));
        }
        rest = &after[end + 1..];
    }
    Ok(())
}

fn check_attributes(mut s: &str) -> Result<(), String> {
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return Ok(());
        }
        let eq = s
            .find('=')
            .ok_or(format!("an attribute without a value: {s}"))?;
        let value = s[eq + 1..].strip_prefix('"').ok_or("an unquoted value")?;
        let close = value.find('"').ok_or("an unclosed value")?;
        if value[..close].contains('<') {
            return Err("a < in an attribute".to_string());
        }
        check_text(&value[..close])?;
        s = &value[close + 1..];
    }
}

#[test]
fn the_checker_refuses_broken_xml() {
    assert!(well_formed("<svg><g></g></svg>").is_ok());
    assert!(well_formed("<svg><g></svg>").is_err());
    assert!(well_formed("<svg x=1></svg>").is_err());
    assert!(well_formed("<svg>a & b</svg>").is_err());
    assert!(well_formed("<svg/><svg/>").is_err());
}

/// Every picture is well-formed: trees and graphs of impartial and partizan positions
/// and of Conway's games (labels with `<`, `&` and `|`), and the Hasse diagrams of days
/// 0 to 2; day 3 is too large to draw and is refused.
#[test]
fn every_picture_is_well_formed() {
    let mut pictures = Vec::new();
    for tokens in [
        &["nim", "1", "3"][..],
        &["domineering", "..#|...|..."],
        &["nim", "2", "+", "kayles", "3"],
        &["northcott", "w..b"],
        &["toads-and-frogs", "tt.ff"],
    ] {
        let g = game(tokens);
        for shape in [Shape::Tree, Shape::Graph] {
            if let Ok(t) = GameGraph::of_game(&g, shape) {
                pictures.push(t.svg().unwrap());
            }
        }
    }
    let mut s = nimlab::calc::Session::new();
    for text in ["{1|*}", "{{2|1}|{0|-1}}", "*4", "^^*", "1/8", "{0,*|0,*}"] {
        let g = s.game_of(text).unwrap();
        for shape in [Shape::Tree, Shape::Graph] {
            let t = GameGraph::of_value(&mut s.arena, g, shape).unwrap();
            pictures.push(t.svg().unwrap());
        }
    }
    let mut a = Arena::new();
    for day in 0..=2 {
        pictures.push(Hasse::born_by(&mut a, day).unwrap().svg().unwrap());
    }
    assert!(pictures.len() >= 24);
    for svg in &pictures {
        well_formed(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    }
    let day3 = Hasse::born_by(&mut a, 3).unwrap();
    assert_eq!(day3.games.len(), 1474);
    assert!(matches!(day3.svg(), Err(Error::Limit(_))));
}
