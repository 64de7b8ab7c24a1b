//! The README's examples are what `nimlab` prints: every line `$ command` of a code block
//! of README.md is run by the shell, with this build's `nimlab` first on the `PATH`, and
//! its output (standard output and error, in order) must be the lines that follow it, up
//! to the next `$` line or the end of the block. The commands of docs/errata.md are
//! checked the same way.

use rayon::prelude::*;
use std::path::Path;
use std::process::Command;

/// One example: the README's line number, the command, and the output shown.
struct Example {
    line: usize,
    command: String,
    output: Vec<String>,
}

/// The examples of the README's code blocks.
fn examples(readme: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    for (i, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            out.extend(current.take());
            in_block = !in_block;
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.extend(current.take());
            current = Some(Example {
                line: i + 1,
                command: command.to_string(),
                output: Vec::new(),
            });
        } else if let Some(e) = &mut current {
            e.output.push(line.trim_end().to_string());
        }
    }
    out
}

#[test]
fn the_readme_shows_what_nimlab_prints() {
    check_examples("README.md", 30);
}

#[test]
fn the_errata_show_what_nimlab_prints() {
    check_examples("docs/errata.md", 20);
}

/// Runs every example of `file` (a path from the workspace's root), which must have at
/// least `least` of them, and fails with every example whose output differs.
fn check_examples(file: &str, least: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join(file)).expect("the page is read");
    let examples = examples(&readme);
    assert!(
        examples.len() >= least,
        "only {} examples found in {file}",
        examples.len()
    );
    let bin = Path::new(env!("CARGO_BIN_EXE_nimlab"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary's folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The examples are independent: they run on every core, and the failures are
    // reported in the page's order.
    let failures: Vec<String> = examples
        .par_iter()
        .filter_map(|e| {
            let run = Command::new("bash")
                .arg("-c")
                .arg(format!("{} 2>&1", e.command))
                .env("PATH", &path)
                .env_remove("NIMLAB_MAX_MEMORY")
                .current_dir(&root)
                .output()
                .expect("bash runs");
            let printed: Vec<String> = String::from_utf8_lossy(&run.stdout)
                .trim_end_matches('\n')
                .lines()
                .map(|l| l.trim_end().to_string())
                .collect();
            let mut shown = e.output.clone();
            while shown.last().is_some_and(String::is_empty) {
                shown.pop();
            }
            (printed != shown).then(|| {
                format!(
                    "{file} line {}: `{}`\n--- shown\n{}\n--- printed\n{}",
                    e.line,
                    e.command,
                    shown.join("\n"),
                    printed.join("\n")
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
