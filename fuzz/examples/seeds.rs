//! Writes the seed inputs of every fuzz target into `fuzz/corpus/<target>/`, from the
//! project's own examples: the README, docs/notation.md, the tables of
//! crates/nimlab/tests/data, CGSuite's notation examples in ../shared (when present), the
//! documented examples of the catalogue and of the library's doc tests.
//!
//! Run from the repository root: `cargo run --manifest-path fuzz/Cargo.toml --example seeds`.
//! The committed corpora are these seeds and what fuzzing found from them, minimised with
//! `cargo fuzz cmin`; after adding seeds, minimise again.

use nimlab::Convention;
use nimlab::games::ruleset::Side;
use nimlab::games::{Arg, Catalogue};
use nimlab::heap::{write_binary, Rule, Sequence, Values};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The seeds of one target, written as files `seed-N`.
#[derive(Default)]
struct Seeds(BTreeSet<Vec<u8>>);

impl Seeds {
    fn add(&mut self, input: impl Into<Vec<u8>>) {
        let input = input.into();
        if !input.is_empty() && input.len() <= 4096 {
            self.0.insert(input);
        }
    }

    fn write(&self, root: &Path, target: &str) -> std::io::Result<()> {
        let dir = root.join("fuzz/corpus").join(target);
        fs::create_dir_all(&dir)?;
        for (i, input) in self.0.iter().enumerate() {
            fs::write(dir.join(format!("seed-{i:04}")), input)?;
        }
        println!("{target}: {} seeds", self.0.len());
        Ok(())
    }
}

fn read(root: &Path, path: &str) -> String {
    fs::read_to_string(root.join(path)).unwrap_or_default()
}

/// The rows of a table of tests/data (`#` lines are comments), split at tabs.
fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(String::from).collect())
        .collect()
}

/// Every text between backticks.
fn backticked(text: &str) -> Vec<String> {
    text.split('`')
        .enumerate()
        .filter(|(i, s)| i % 2 == 1 && !s.is_empty())
        .map(|(_, s)| s.to_string())
        .collect()
}

/// The arguments of the README's `$ nimlab COMMAND …` lines, quotes removed and options
/// (`--…` and what follows a pipe) left out.
fn readme_commands(readme: &str, command: &str) -> Vec<String> {
    let prefix = format!("$ nimlab {command} ");
    readme
        .lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .map(|rest| {
            let rest = rest.split(" |").next().unwrap_or(rest);
            let rest = rest.split(" --").next().unwrap_or(rest);
            rest.replace('"', "")
        })
        .collect()
}

/// The strings passed to `s.run("…")` in the doc tests of the notation, one list per
/// doc test (a session).
fn doc_sessions(root: &Path) -> Vec<Vec<String>> {
    let mut sessions = Vec::new();
    let dir = root.join("crates/nimlab/src/notation");
    let Ok(entries) = fs::read_dir(&dir) else {
        return sessions;
    };
    for entry in entries.flatten() {
        let text = fs::read_to_string(entry.path()).unwrap_or_default();
        let mut current = Vec::new();
        for line in text.lines() {
            if let Some(i) = line.find("s.run(\"") {
                let rest = &line[i + 7..];
                if let Some(end) = rest.find("\")") {
                    current.push(rest[..end].replace("\\\"", "\""));
                }
            } else if line.contains("```") && !current.is_empty() {
                sessions.push(std::mem::take(&mut current));
            }
        }
        if !current.is_empty() {
            sessions.push(current);
        }
    }
    sessions
}

/// The example positions in a catalogue entry's text (`e.g. `nim 3 5 7``), with the id
/// put first when the example leaves it out.
fn documented_positions(name: &str, position: &str) -> Vec<String> {
    backticked(position)
        .into_iter()
        .filter(|ex| !ex.contains("…"))
        .map(|ex| {
            let first = ex.split_whitespace().next().unwrap_or("");
            if first == name || first.starts_with(&format!("{name}:")) {
                ex
            } else {
                format!("{name} {ex}")
            }
        })
        .collect()
}

fn expressions(root: &Path, shared: &Path) -> (Seeds, Seeds) {
    let mut lines = Vec::new();
    for table in ["rulesets.tsv", "domineering.tsv", "clobber.tsv"] {
        for row in rows(&read(root, &format!("crates/nimlab/tests/data/{table}"))) {
            lines.push(row[0].clone());
            if let Some(expected) = row.get(1) {
                lines.push(expected.clone());
            }
        }
    }
    let cgsuite =
        fs::read_to_string(shared.join("cgsuite-notation-examples.tsv")).unwrap_or_default();
    let mut areas: Vec<(String, Vec<String>)> = Vec::new();
    for row in rows(&cgsuite).into_iter().skip(1) {
        if row.len() < 2 {
            continue;
        }
        lines.push(row[1].clone());
        match areas.last_mut() {
            Some((area, inputs)) if *area == row[0] => inputs.push(row[1].clone()),
            _ => areas.push((row[0].clone(), vec![row[1].clone()])),
        }
    }
    let readme = read(root, "README.md");
    lines.extend(readme_commands(&readme, "value"));
    lines.extend(
        backticked(&read(root, "docs/notation.md"))
            .into_iter()
            .filter(|s| !s.starts_with("nimlab")),
    );
    let sessions = doc_sessions(root);
    lines.extend(sessions.iter().flatten().cloned());

    let mut expression = Seeds::default();
    for line in &lines {
        expression.add(line.as_bytes());
    }
    let mut calculator = Seeds::default();
    for session in &sessions {
        calculator.add(session.join("\n"));
    }
    for (_, inputs) in &areas {
        calculator.add(inputs.join("\n"));
    }
    // Assignments followed by uses, from the examples.
    for pair in lines.chunks(2) {
        if let [a, b] = pair {
            calculator.add(format!(
                "g := {a}\nh := {b}\ng + h\ng - h\ng.LeftOptions\nh <= g"
            ));
        }
    }
    (expression, calculator)
}

fn positions(root: &Path, cat: &Catalogue) -> (Seeds, Seeds, Seeds, Seeds) {
    let (mut impartial, mut partizan) = (Seeds::default(), Seeds::default());
    let (mut play, mut partizan_play) = (Seeds::default(), Seeds::default());
    let mut texts = Vec::new();
    for e in cat.entries() {
        texts.extend(documented_positions(e.name, e.position));
    }
    for e in cat.partizan_entries() {
        texts.extend(documented_positions(e.name, e.position));
        texts.push(format!("{} {}", e.name, e.start));
    }
    for row in rows(&read(root, "crates/nimlab/tests/data/facts.tsv")) {
        texts.push(row[0].clone());
    }
    let readme = read(root, "README.md");
    texts.extend(readme_commands(&readme, "analyze"));
    texts.extend(readme_commands(&readme, "play"));

    for text in &texts {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let args: Vec<Arg> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| Arg::new(t, i + 1))
            .collect();
        if let Ok(sum) = cat.parse_sum(&tokens) {
            impartial.add(text.as_bytes());
            // A session: the moves listed, the first moves by their descriptions and by
            // the positions they lead to, a hint and an undo.
            let mut session = vec![text.clone(), "moves".to_string()];
            if let Ok(all) = sum.turns() {
                for t in all.iter().take(3) {
                    session.push(t.description.clone());
                    session.push(t.after.notation());
                }
            }
            if let Ok(Some(choice)) = nimlab::play::impartial::choose(&sum, Convention::Normal) {
                session.push(choice.turn.description);
            }
            session.extend(["hint", "undo", "new"].map(String::from));
            play.add(session.join("\n"));
        } else if let Ok(sum) = cat.parse_partizan_sum_args(&args) {
            partizan.add(text.as_bytes());
            let mut session = vec![text.clone(), "moves".to_string()];
            let mut after = sum.clone();
            for side in [Side::Left, Side::Right, Side::Left] {
                let moves = after.moves(side);
                let Some(t) = moves.into_iter().next() else {
                    break;
                };
                session.push(t.description.clone());
                after = t.after;
            }
            session.extend(["hint", "swap", "undo", "new"].map(String::from));
            partizan_play.add(session.join("\n"));
        }
    }
    // The README's play transcript.
    partizan_play.add("domineering ..#|...|...\nswap\nhint\na1-b1\nquit\n");
    (impartial, partizan, play, partizan_play)
}

fn heap_rules(root: &Path) -> Seeds {
    let mut seeds = Seeds::default();
    for (name, _) in Rule::named() {
        seeds.add(name);
    }
    for row in rows(&read(root, "crates/nimlab/tests/data/octal-periods.tsv")) {
        seeds.add(row[0].as_bytes());
        seeds.add(format!("octal:{}", row[0]));
    }
    for rule in readme_commands(&read(root, "README.md"), "sequence") {
        seeds.add(rule.split_whitespace().next().unwrap_or("").as_bytes());
    }
    for text in [
        "4.3…",
        "4.3...",
        "0.3...",
        ".137",
        "hex:0.F",
        "hex:0.8",
        "4.0",
        "octal:0.07",
        "subtraction:1,3,4",
        "subtraction:1-5",
        "subtraction:powers2",
        "subtraction:squares",
        "subtraction:primes",
        "subtraction:divisors",
    ] {
        seeds.add(text);
    }
    seeds
}

/// The sequence files of a few rules, in each width.
fn sequence_files() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for (rule, len) in [
        ("kayles", 80),
        ("grundy", 40),
        ("0.137", 60),
        ("subtraction:1,3,4", 20),
    ] {
        let rule = Rule::parse(rule).expect("a rule");
        let mut seq = Sequence::new(rule.clone());
        seq.extend_to(len).expect("a short sequence");
        let mut bytes = Vec::new();
        write_binary(&mut bytes, &rule.to_string(), seq.values()).expect("in memory");
        files.push((rule.to_string(), bytes));
    }
    for top in [300u32, 70_000] {
        let mut v = Values::default();
        for i in 0..12 {
            v.push(i * 7919 % top);
        }
        let mut bytes = Vec::new();
        write_binary(&mut bytes, "0.77", &v).expect("in memory");
        files.push(("0.77".to_string(), bytes));
    }
    files
}

fn main() -> std::io::Result<()> {
    let root = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    let shared = root.join("../shared");
    let cat = Catalogue::standard();
    let (expression, calculator) = expressions(&root, &shared);
    expression.write(&root, "expression")?;
    calculator.write(&root, "calculator")?;
    let (impartial, partizan, play, partizan_play) = positions(&root, &cat);
    impartial.write(&root, "position")?;
    partizan.write(&root, "partizan_position")?;
    play.write(&root, "play")?;
    partizan_play.write(&root, "partizan_play")?;
    heap_rules(&root).write(&root, "heap_rule")?;
    let files = sequence_files();
    let mut binary = Seeds::default();
    let mut checkpoint = Seeds::default();
    for (_, bytes) in &files {
        binary.add(bytes.clone());
        // 255: read for the rule the file names; 0: read for kayles.
        for choice in [255u8, 0] {
            let mut input = vec![choice];
            input.extend_from_slice(bytes);
            checkpoint.add(input);
        }
    }
    binary.write(&root, "binary")?;
    checkpoint.write(&root, "checkpoint")?;
    Ok(())
}
