//! `nimlab sequence --on-disk`: a run killed at any moment and started again with the same
//! command writes the same file and reports the same as one never stopped; damaged files
//! and a full disk are refused with a message, never a panic.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

mod common;
use common::{json, nimlab};

/// A folder of its own for each test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nimlab-on-disk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// 0.16 to heap 2^18 with a window of 2^14: its rare heaps end at 13,935, and values such
/// as that of heap 55,290 need a split beyond the window, read from the file. A checkpoint
/// after every stretch.
fn args(file: &Path) -> Vec<String> {
    [
        "sequence",
        "0.16",
        "--to",
        "2^18",
        "--on-disk",
        "--window",
        "2^14",
        "--every",
        "0",
        "--out",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([file.display().to_string()])
    .collect()
}

/// A small random number generator (xorshift), seeded from the clock and printed, so that
/// a failure can be run again with the same moments.
struct Random(u64);

impl Random {
    fn new() -> Self {
        let seed = std::env::var("NIMLAB_KILL_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                SystemTime::now()
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos() as u64
                    | 1
            });
        eprintln!("NIMLAB_KILL_SEED={seed}");
        Random(seed)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn a_run_killed_at_random_moments_resumes_to_the_same_file_and_report() {
    let dir = folder("kill");
    // The values by the whole table, an algorithm that keeps every value.
    let whole = dir.join("whole.bin");
    let out = nimlab(&[
        "sequence",
        "0.16",
        "--to",
        "2^18",
        "--binary",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // An on-disk run never stopped.
    let once = dir.join("once.bin");
    let arg = args(&once);
    let started = Instant::now();
    let out = nimlab(&arg.iter().map(String::as_str).collect::<Vec<_>>());
    let took = started.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = out.stdout;
    assert_eq!(
        std::fs::read(&once).unwrap(),
        std::fs::read(&whole).unwrap()
    );
    assert!(!once.with_extension("bin.resume").exists());

    // The same run killed (SIGKILL) at random moments, and started again each time.
    let file = dir.join("killed.bin");
    let mut random = Random::new();
    let state = dir.join("killed.bin.resume");
    let mut span = took.as_millis().max(50) as u64;
    let (mut kills, mut resumed, mut tries) = (0, 0, 0);
    let report_again = loop {
        tries += 1;
        assert!(
            tries < 60,
            "{kills} killed, {resumed} resumed in {tries} runs"
        );
        let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
            .args(args(&file))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut killed = false;
        if kills < 4 {
            if kills == 3 {
                // The last kill once a checkpoint is there: that run is resumed.
                while !state.exists() && child.try_wait().unwrap().is_none() {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            std::thread::sleep(Duration::from_millis(random.below(span)));
            if child.try_wait().unwrap().is_none() {
                child.kill().unwrap();
                killed = true;
                kills += 1;
            }
        }
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(!err.contains("panicked"), "{err}");
        if err.contains("resuming from") {
            resumed += 1;
        }
        if killed {
            continue;
        }
        assert!(
            out.status.success(),
            "a run that was not killed failed: {err}"
        );
        if kills == 4 {
            break out.stdout;
        }
        // The run ended before its kill (this one was faster than the first): all
        // again, with kills sooner.
        span = (span / 2).max(10);
        (kills, resumed) = (0, 0);
        let _ = std::fs::remove_file(&file);
        let _ = std::fs::remove_file(&state);
    };
    eprintln!("{kills} runs killed, {resumed} resumed, {tries} runs");
    assert!(resumed >= 1, "{kills} killed, {resumed} resumed");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        std::fs::read(&whole).unwrap(),
        "after {kills} kills and {resumed} resumed runs"
    );
    assert_eq!(
        String::from_utf8_lossy(&report_again),
        String::from_utf8_lossy(&report)
    );
    assert!(!dir.join("killed.bin.resume").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs the command, which must fail with status 2 and say each of `needles`.
fn fails(arg: &[String], needles: &[&str]) {
    let out = nimlab(&arg.iter().map(String::as_str).collect::<Vec<_>>());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{err:?} lacks {needle:?}");
    }
}

/// The values a run's checkpoint counts, once it is there.
fn counted(state: &Path) -> Option<usize> {
    std::fs::read_to_string(state)
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix("values ")?.parse().ok())
}

/// Stops a run once its checkpoint counts more than 1000 values (at once: the whole run
/// takes well under a second in an optimised build); returns the bytes of its file.
fn interrupted(file: &Path) -> Vec<u8> {
    let state = PathBuf::from(format!("{}.resume", file.display()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(args(file))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    while counted(&state).is_none_or(|n| n <= 1000) {
        assert!(child.try_wait().unwrap().is_none(), "the run ended first");
        std::thread::sleep(Duration::from_millis(1));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    std::fs::read(file).unwrap()
}

#[test]
fn a_damaged_file_or_checkpoint_is_refused_with_what_is_wrong() {
    let dir = folder("damage");
    let file = dir.join("v.bin");
    let name = file.display().to_string();
    let state = dir.join("v.bin.resume");
    let bytes = interrupted(&file);
    // The values the checkpoint counts.
    let counted = counted(&state).unwrap();
    assert!(counted > 1000, "{counted}");
    // The header (22 bytes and the rule, `0.16`), then one byte a value.
    let start = 26;
    let arg = args(&file);

    // A value changed within those the checkpoint counts.
    let mut bad = bytes.clone();
    bad[start + counted / 2] ^= 1;
    std::fs::write(&file, &bad).unwrap();
    fails(&arg, &[&name, "corrupt", "checksum", "v.bin.resume"]);
    // Cut short.
    std::fs::write(&file, &bytes[..start + 100]).unwrap();
    fails(&arg, &[&name, "cut short", "100 values"]);
    // Another rule's file.
    let mut other = bytes.clone();
    other[14..18].copy_from_slice(b"0.17");
    std::fs::write(&file, &other).unwrap();
    fails(&arg, &[&name, "0.17", "not of 0.16"]);
    // Not a sequence file at all.
    std::fs::write(&file, "a shopping list\n").unwrap();
    fails(&arg, &[&name, "not a nimlab sequence file"]);
    // The checkpoint damaged.
    std::fs::write(&file, &bytes).unwrap();
    let good = std::fs::read(&state).unwrap();
    let mut bad = good.clone();
    let at = good.len() / 2;
    bad[at] ^= 0x04;
    std::fs::write(&state, &bad).unwrap();
    fails(&arg, &[&state.display().to_string(), "corrupt"]);
    // A checkpoint of another rule.
    std::fs::write(&state, &good).unwrap();
    let mut other = arg.clone();
    other[1] = "0.56".into();
    fails(&other, &["checkpoint of a run of 0.16, not of 0.56"]);
    // Undamaged, the run resumes and finishes, and reports what a run of the whole
    // table reports but the period.
    let v = json(&arg.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(!state.exists());
    let whole = json(&["sequence", "0.16", "--to", "2^18"]);
    for key in [
        "to",
        "max_value",
        "max_at",
        "p_count",
        "p_positions",
        "rare",
    ] {
        assert_eq!(v[key], whole[key], "{key}");
    }
    assert_eq!(v["to"], 262_144);
    assert_eq!(v["window"], 16_384);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_disk_is_an_error_that_names_the_file() {
    // /dev/full: every write fails as on a full disk.
    let full = Path::new("/dev/full");
    if full.exists() {
        fails(&args(full), &["cannot write `/dev/full`", "No space left"]);
    }
    // A file that can grow to 64 KiB only (the limit of the shell, the signal ignored so
    // that the write fails instead).
    let dir = folder("full");
    let file = dir.join("v.bin");
    let command = format!(
        "ulimit -f 64 && trap '' XFSZ && exec '{}' {}",
        env!("CARGO_BIN_EXE_nimlab"),
        args(&file)
            .iter()
            .map(|a| format!("'{a}'"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let out = Command::new("sh").args(["-c", &command]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.contains(&format!("cannot write `{}`", file.display())),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
