//! The survey shared among the ranks of an MPI run (`mpirun -n K nimlab survey … --mpi`)
//! prints, byte for byte, what one process prints (whose values the survey's own tests
//! hold against the published tables), and Chomp solved on ranks (`mpirun -n K nimlab
//! solve chomp … --mpi`) writes, byte for byte, the file one process writes (whose
//! outcomes the solver's own tests hold against a search of every move); an error on any
//! rank ends every rank, with a message and without a hang. Needs OpenMPI's `mpirun` (Debian: `openmpi-bin`) and a
//! nimlab built with `--features mpi`; built without it, `--mpi` says how to build it.

#[cfg(feature = "mpi")]
mod with_mpi {
    use std::io::Read;
    use std::path::Path;
    use std::process::{Command, Output, Stdio};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::thread;
    use std::time::{Duration, Instant};

    /// Runs `nimlab ARGS` in one process.
    fn nimlab(args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_nimlab"))
            .args(args)
            .output()
            .expect("the binary runs")
    }

    /// Runs `mpirun -n ranks nimlab ARGS`, which must end within `limit`: past it, the
    /// run is stopped and the test fails. Each run has a temporary folder of its own for
    /// OpenMPI's session files: runs started at once in the same one can fail (`A call to
    /// mkdir was unable to create the desired directory … File exists`).
    fn mpirun(ranks: usize, args: &[&str], limit: Duration) -> Output {
        static RUNS: AtomicUsize = AtomicUsize::new(0);
        let run = RUNS.fetch_add(1, Ordering::Relaxed);
        let tmp = std::env::temp_dir().join(format!("nimlab-mpi-{}-{run}", std::process::id()));
        std::fs::create_dir_all(&tmp).expect("a temporary folder");
        let output = mpirun_in(&tmp, ranks, args, limit);
        let _ = std::fs::remove_dir_all(&tmp);
        output
    }

    /// [`mpirun`] with `tmp` as its temporary folder.
    fn mpirun_in(tmp: &Path, ranks: usize, args: &[&str], limit: Duration) -> Output {
        let mut child = Command::new("mpirun")
            .env("TMPDIR", tmp)
            .args(["--allow-run-as-root", "--oversubscribe", "-n"])
            .arg(ranks.to_string())
            .arg(env!("CARGO_BIN_EXE_nimlab"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mpirun runs (Debian: apt-get install openmpi-bin)");
        // Read as the run goes, so that a full pipe never holds it up.
        let read = |mut pipe: Box<dyn Read + Send>| {
            thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = pipe.read_to_end(&mut bytes);
                bytes
            })
        };
        let stdout = read(Box::new(child.stdout.take().expect("a pipe")));
        let stderr = read(Box::new(child.stderr.take().expect("a pipe")));
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("mpirun can be waited for") {
                break status;
            }
            if start.elapsed() > limit {
                // SIGTERM first, which mpirun passes on to every rank; then SIGKILL.
                let _ = Command::new("kill").arg(child.id().to_string()).status();
                thread::sleep(Duration::from_secs(3));
                let _ = child.kill();
                let _ = child.wait();
                panic!("mpirun -n {ranks} nimlab {args:?} did not end within {limit:?}");
            }
            thread::sleep(Duration::from_millis(50));
        };
        Output {
            status,
            stdout: stdout.join().expect("standard output is read"),
            stderr: stderr.join().expect("standard error is read"),
        }
    }

    fn text(bytes: &[u8]) -> String {
        String::from_utf8_lossy(bytes).into_owned()
    }

    /// The period, preperiod and status of the row whose codes begin with `code`.
    fn row<'a>(table: &'a str, code: &str) -> Vec<&'a str> {
        let line = table
            .lines()
            .find(|l| l.split_whitespace().next() == Some(code))
            .unwrap_or_else(|| panic!("no row begins with {code}:\n{table}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        let status = words
            .iter()
            .position(|w| matches!(*w, "proved" | "apparent" | "none"))
            .expect("a status");
        vec![words[status - 3], words[status - 2], words[status]]
    }

    /// One process's table, then the same survey on 2 and on 4 ranks.
    fn same_on_every_number_of_ranks(args: &[&str]) -> String {
        let one = nimlab(args);
        assert!(one.status.success(), "{args:?}: {}", text(&one.stderr));
        let mut shared = args.to_vec();
        shared.push("--mpi");
        for ranks in [2, 4] {
            let out = mpirun(ranks, &shared, Duration::from_secs(300));
            assert!(out.status.success(), "{ranks} ranks: {}", text(&out.stderr));
            assert_eq!(
                text(&out.stdout),
                text(&one.stdout),
                "{ranks} ranks print another table"
            );
        }
        text(&one.stdout)
    }

    #[test]
    fn the_two_digit_survey_is_the_same_on_two_and_four_ranks() {
        let table =
            same_on_every_number_of_ranks(&["survey", "octal", "--digits", "2", "--to", "3000"]);
        assert!(table.starts_with("63 octal codes"), "{table}");
        // Kayles, 0.77: period 12 from heap 71 (Winning Ways), proved.
        assert_eq!(row(&table, "0.77"), ["12", "71", "proved"]);
        // And as JSON, on 3 ranks.
        let args = ["survey", "octal", "--digits", "2", "--to", "3000", "--json"];
        let one = nimlab(&args);
        let mut shared = args.to_vec();
        shared.push("--mpi");
        let three = mpirun(3, &shared, Duration::from_secs(300));
        assert!(three.status.success(), "{}", text(&three.stderr));
        assert_eq!(text(&three.stdout), text(&one.stdout));
    }

    #[test]
    fn the_three_digit_survey_is_the_same_on_two_and_four_ranks() {
        let table =
            same_on_every_number_of_ranks(&["survey", "octal", "--digits", "3", "--to", "2000"]);
        assert!(table.starts_with("511 octal codes"), "{table}");
        // Dawson's Kayles, 0.07: period 34 from heap 53 (Winning Ways), proved.
        assert_eq!(row(&table, "0.07"), ["34", "53", "proved"]);
    }

    #[test]
    fn a_rank_that_reaches_a_limit_ends_the_whole_run() {
        // Far more than a second of work: every rank reaches the time limit.
        let out = mpirun(
            2,
            &[
                "survey",
                "octal",
                "--digits",
                "3",
                "--to",
                "20000",
                "--time-limit",
                "1s",
                "--mpi",
            ],
            Duration::from_secs(60),
        );
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{err}");
        assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
        assert!(
            err.contains("nimlab: stopped at the time limit of 1 s (on rank "),
            "{err}"
        );
        assert!(err.contains("of 2; every rank has stopped)"), "{err}");
        assert!(err.contains("--time-limit"), "{err}");
        // The values of a heap of 3 million of a 2-digit code take more than 20 MiB:
        // the first rank to hold them stops, and the others with it.
        let out = mpirun(
            4,
            &[
                "survey", "octal", "--digits", "2", "--to", "3000000", "--memory", "20M", "--mpi",
            ],
            Duration::from_secs(60),
        );
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{err}");
        assert!(
            err.contains("nimlab: stopped at the memory limit of 20 MiB (on rank "),
            "{err}"
        );
        assert!(err.contains("of 4; every rank has stopped)"), "{err}");
    }
    /// `nimlab solve chomp BOUND` in one process, then on 2 and on 4 ranks: the same
    /// file and the same summary but for the time taken.
    fn chomp_solved_alike(bound: &str) {
        let dir = std::env::temp_dir().join(format!("nimlab-mpi-chomp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder for the files");
        let file = |name: &str| dir.join(format!("{bound}-{name}.db")).display().to_string();
        let one_file = file("one");
        let one = nimlab(&["solve", "chomp", bound, "--out", &one_file, "--tiers"]);
        assert!(one.status.success(), "{}", text(&one.stderr));
        let expected = std::fs::read(&one_file).expect("one process writes the file");
        // The summary, without the line of the time taken and each tier's milliseconds.
        let summary = |out: &[u8]| -> Vec<String> {
            text(out)
                .lines()
                .filter(|l| !l.starts_with("solved in"))
                .map(|l| l.rsplit_once("  ").map_or(l, |(kept, _)| kept).to_string())
                .collect()
        };
        for ranks in [2, 4] {
            let shared = file(&ranks.to_string());
            let out = mpirun(
                ranks,
                &[
                    "solve", "chomp", bound, "--out", &shared, "--tiers", "--mpi",
                ],
                Duration::from_secs(120),
            );
            assert!(out.status.success(), "{ranks} ranks: {}", text(&out.stderr));
            let written = std::fs::read(&shared).expect("rank 0 writes the file");
            assert!(
                written == expected,
                "{bound} on {ranks} ranks: another file"
            );
            assert_eq!(summary(&out.stdout), summary(&one.stdout), "{ranks} ranks");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn chomp_on_two_and_four_ranks_writes_the_file_of_one_process() {
        chomp_solved_alike("7x8");
        chomp_solved_alike("9x10");
    }

    #[test]
    fn a_rank_that_fails_ends_the_whole_solve() {
        let dir = std::env::temp_dir().join(format!("nimlab-mpi-fail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder for the files");
        let db = dir.join("c.db").display().to_string();
        // 16 × 16 takes 150 MB at 2 bits a position: over 20 MiB on every rank.
        let out = mpirun(
            2,
            &[
                "solve", "chomp", "16x16", "--out", &db, "--memory", "20M", "--mpi",
            ],
            Duration::from_secs(60),
        );
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{err}");
        assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
        assert!(
            err.contains("the memory limit of 20 MiB (on rank 0 of 2; every rank has stopped)"),
            "{err}"
        );
        // 13 × 14 takes far more than a second: the ranks stop at the time limit, each
        // within a tier, and learn of it from each other in that tier's exchange.
        let out = mpirun(
            3,
            &[
                "solve",
                "chomp",
                "13x14",
                "--out",
                &db,
                "--time-limit",
                "1s",
                "--mpi",
            ],
            Duration::from_secs(60),
        );
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{err}");
        assert!(
            err.contains("nimlab: stopped at the time limit of 1 s (on rank "),
            "{err}"
        );
        assert!(err.contains("of 3; every rank has stopped)"), "{err}");
        assert!(!dir.join("c.db").exists(), "no file is written");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Built without the feature, `--mpi` says how to build a nimlab that has it.
#[cfg(not(feature = "mpi"))]
#[test]
fn without_mpi_the_solve_flag_says_how_to_build_it() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(["solve", "chomp", "3x3", "--out", "never.db", "--mpi"])
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cargo build --release -p nimlab-cli --features mpi"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    assert!(!std::path::Path::new("never.db").exists());
}

/// Built without the feature, `--mpi` says how to build a nimlab that has it.
#[cfg(not(feature = "mpi"))]
#[test]
fn without_mpi_the_flag_says_how_to_build_it() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(["survey", "octal", "--digits", "1", "--mpi"])
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cargo build --release -p nimlab-cli --features mpi"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}
