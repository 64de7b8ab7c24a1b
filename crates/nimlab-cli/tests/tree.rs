//! `nimlab tree` and `nimlab born --hasse`, `--derive`, `--svg` as a user runs them.

mod common;

use common::{json, nimlab};

fn text(args: &[&str]) -> String {
    let out = nimlab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A command refused with exit status 2 and a message containing `why`.
fn refused(args: &[&str], why: &str) {
    let out = nimlab(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(why), "{args:?}: {err}");
}

/// Text 001's Nim with heaps 1 and 3: 28 nodes in the tree (each position and the
/// trees of its options: 1 + T(0 3) + T(1 0) + T(1 1) + T(1 2) = 1 + 8 + 2 + 5 + 12), 8
/// positions in the graph.
#[test]
fn nim_1_3_as_a_tree_and_as_a_graph() {
    let tree = text(&["tree", "nim", "1", "3"]);
    assert!(tree.starts_with("game tree of nim 1 3: 28 nodes, 27 edges\n1 3  *2 (N)\n"));
    assert_eq!(tree.lines().count(), 29);
    let graph = text(&["tree", "nim", "1", "3", "--graph"]);
    assert!(graph.starts_with("game graph of nim 1 3: 8 nodes, 16 edges\n"));
    let v = json(&["tree", "nim", "1", "3", "--graph"]);
    assert_eq!(v["shape"], "graph");
    assert_eq!(v["nodes"].as_array().unwrap().len(), 8);
    assert_eq!(v["edges"][0]["mover"], "either");
    assert_eq!(v["edges"][0]["move"], "take all 1 from heap 1");
}

/// A partizan tree: Left's moves marked `L:` and Right's `R:`, each with its value.
#[test]
fn partizan_trees_tell_the_players_apart() {
    let tree = text(&["tree", "domineering", "..|.."]);
    assert!(tree.contains("├── L: #.|#.  1 (L)"), "{tree}");
    assert!(tree.contains("└── R: ..|##  -1 (R)"), "{tree}");
    let value = text(&["tree", "--value", "{1|*}"]);
    assert_eq!(
        value,
        "game tree of {1|*}: 6 nodes, 5 edges\n{1|*}  (L)\n├── L: 1  (L)\n│   └── L: 0  (P)\n└── R: *  (N)\n    ├── L: 0  (P)\n    └── R: 0  (P)\n"
    );
    // A common option of both players is one edge of the graph.
    let graph = text(&["tree", "--value", "*", "--graph"]);
    assert!(graph.contains("  L, R -> 0"), "{graph}");
    // A value may begin with a minus.
    let minus = json(&["tree", "--value", "-2"]);
    assert_eq!(minus["nodes"].as_array().unwrap().len(), 3);
    assert_eq!(minus["edges"][0]["mover"], "right");
}

#[test]
fn tree_pictures_are_written() {
    let path = std::env::temp_dir().join(format!("nimlab-tree-{}.svg", std::process::id()));
    let p = path.to_str().unwrap();
    let printed = text(&["tree", "--value", "{1|0,*}", "--svg", p]);
    assert!(printed.starts_with("game tree of {1|0,*}"));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("<title>Game tree of {1|0,*}</title>"), "{svg}");
    // {1|0,*}, 1 → 0 on the left; 0 and * → 0, 0 on the right.
    assert_eq!(svg.matches("class=\"node\"").count(), 7);
    text(&["born", "2", "--svg", p, "--count"]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(svg.matches("class=\"node\"").count(), 22);
    assert_eq!(svg.matches("class=\"legend\"").count(), 4);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn limits_and_mistakes_are_clear_errors() {
    refused(
        &["tree", "nim", "3", "5", "7"],
        "its game graph, which merges equal positions, has 192 nodes; `--graph` draws the graph",
    );
    refused(&["tree", "--value", "*9"], "19683 nodes");
    refused(&["tree", "--value", "1 < 2"], "a game was expected");
    refused(&["tree", "--value", "{1|"], "column");
    refused(&["tree", "nimm", "3"], "did you mean `nim`");
    refused(&["tree", "northcott", "w..b"], "play can loop");
    refused(&["born", "3", "--svg", "/dev/null"], "1474 games");
    // Nim 2 3 3 has a tree of thousands of nodes: listed, but too many to draw.
    refused(
        &["tree", "nim", "2", "3", "3", "--svg", "/dev/null"],
        "nodes is beyond nimlab's limit: pictures of at most 2000 nodes; `--graph` merges equal positions",
    );
    refused(&["born", "0", "--derive"], "day 0 is not derived");
    refused(&["born", "4", "--hasse"], "day 3");
    // Nothing to draw, or both a position and a value: refused by the parser.
    assert_eq!(nimlab(&["tree"]).status.code(), Some(2));
    assert_eq!(
        nimlab(&["tree", "nim", "3", "--value", "*"]).status.code(),
        Some(2)
    );
}

/// Day 1's Hasse diagram, as text 001 draws it: -1 below 0 and *, both below 1.
#[test]
fn born_hasse() {
    assert_eq!(
        text(&["born", "1", "--hasse"]),
        "4 games born by day 1 ordered by ≤; 4 covering pairs (G < H, no game between):\n-1  R  < 0, *\n0   P  < 1\n*   N  < 1\n1   L\n"
    );
    let v = json(&["born", "2", "--hasse"]);
    assert_eq!(v["day"], 2);
    assert_eq!(v["games"].as_array().unwrap().len(), 22);
    assert_eq!(v["games"][0]["value"], "-2");
    assert_eq!(v["games"][21]["value"], "2");
}

/// Text 001's derivation of day 2: 256 pairs, 6 option sets, 36 games, 22 values; day
/// 3 counted: 1474 (OEIS A065401).
#[test]
fn born_derive() {
    let v = json(&["born", "2", "--derive"]);
    assert_eq!(
        (&v["pairs"], &v["option_sets"], &v["forms"], &v["values"]),
        (&256.into(), &6.into(), &36.into(), &22.into())
    );
    let day2 = text(&["born", "2", "--derive"]);
    assert!(
        day2.contains("6 × 6 = 36 games {L|R}; they have 22 distinct values"),
        "{day2}"
    );
    assert!(day2.contains("  ^ (L) = {0|*} = {0,*|*}"), "{day2}");
    let v = json(&["born", "3", "--derive"]);
    assert_eq!(v["values"], 1474);
    assert_eq!(v["subsets"], 1u64 << 22);
    assert!(v.get("table").is_none());
}
