//! Running the real `nimlab` binary, shared by the integration tests.

use serde_json::Value;
use std::process::{Command, Output};

/// Runs `nimlab` with `args`.
pub fn nimlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `nimlab` with `args` and `--json`, which must succeed, and reads its object.
pub fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = nimlab(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}
