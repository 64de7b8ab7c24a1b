//! The time and memory limits of a command: their flags, the allocator that counts the
//! memory, the watchdog that keeps both, Ctrl-C, and the sign that the computer is
//! thinking.

use crate::failure::Failure;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use nimlab::limits::{describe_bytes, Limits, Reason, Stop, Watchdog};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Every allocation goes through this counter, so the watchdog knows the memory in use.
#[global_allocator]
static ALLOCATOR: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

/// The bytes the process holds on its heap now.
pub fn memory_in_use() -> u64 {
    ALLOCATOR.allocated() as u64
}

/// The least memory limit accepted.
const MIN_MEMORY: u64 = 16 << 20;

/// A time limit, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeLimit(pub Option<Duration>);

/// The limits flags, shared by every command that computes.
#[derive(Args, Debug, Clone, Default)]
pub struct LimitArgs {
    /// Stop a computation that runs longer than this, with a message: `90s`, `10m`, `2h`
    /// (a bare number is seconds), or `none`.
    #[arg(long, value_name = "DURATION", value_parser = parse_time_limit)]
    pub time_limit: Option<TimeLimit>,
    /// Stop a computation once nimlab holds more memory than this, with a message: `512M`,
    /// `4G` (a bare number is MiB). By default `NIMLAB_MAX_MEMORY` when it is set, else
    /// half of the machine's memory. Partizan games keep their tables of solved regions
    /// within a quarter of it.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memory: Option<u64>,
}

impl LimitArgs {
    /// The limits asked for, with `default_time` when `--time-limit` is not given.
    ///
    /// # Errors
    /// When `NIMLAB_MAX_MEMORY` is set but is not a size.
    pub fn limits(&self, default_time: Option<Duration>) -> Result<Limits, Failure> {
        let memory = match self.memory {
            Some(m) => m,
            None => default_memory()?,
        };
        Ok(Limits {
            time: self.time_limit.map_or(default_time, |t| t.0),
            memory: Some(memory),
        })
    }
}

/// Reads a duration: `90`, `90s`, `1.5m`, `10m`, `2h`, `1h30m`, or `none`/`0` for none.
pub fn parse_time_limit(s: &str) -> Result<TimeLimit, String> {
    let expected = || {
        format!("expected a duration such as 90s, 10m or 2h (a bare number is seconds), or `none`, not `{s}`")
    };
    let t = s.trim();
    if t.is_empty() {
        return Err(expected());
    }
    if t.eq_ignore_ascii_case("none") || t.eq_ignore_ascii_case("off") {
        return Ok(TimeLimit(None));
    }
    let mut total = 0f64;
    let mut rest = t;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if digits == 0 {
            return Err(expected());
        }
        let number: f64 = rest[..digits].parse().map_err(|_| expected())?;
        rest = &rest[digits..];
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let scale = match rest[..unit_end].trim() {
            "" | "s" | "sec" | "secs" | "second" | "seconds" => 1.0,
            "ms" => 0.001,
            "m" | "min" | "mins" | "minute" | "minutes" => 60.0,
            "h" | "hour" | "hours" => 3600.0,
            "d" | "day" | "days" => 86400.0,
            _ => return Err(expected()),
        };
        rest = &rest[unit_end..];
        total += number * scale;
    }
    if !total.is_finite() || total > 1e9 {
        return Err(format!(
            "`{s}` is longer than nimlab accepts (at most 31 years); use `none` for no limit"
        ));
    }
    if total == 0.0 {
        return Ok(TimeLimit(None));
    }
    Ok(TimeLimit(Some(Duration::from_secs_f64(total))))
}

/// Reads a memory size: `512M`, `512MiB`, `4G`, `1.5G`, `2T`, `2^30B`; a bare number is
/// MiB. At least 16 MiB.
pub fn parse_memory(s: &str) -> Result<u64, String> {
    let expected =
        || format!("expected a memory size such as 512M or 4G (a bare number is MiB), not `{s}`");
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '^' || c == '_'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let number = number.replace('_', "");
    let value: f64 = match number.split_once('^') {
        Some((b, e)) => {
            let b: f64 = b.parse().map_err(|_| expected())?;
            let e: i32 = e.parse().map_err(|_| expected())?;
            b.powi(e)
        }
        None => number.parse().map_err(|_| expected())?,
    };
    let scale: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "b" | "bytes" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "" | "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "t" | "tb" | "tib" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return Err(expected()),
    };
    let bytes = value * scale;
    if !bytes.is_finite() || bytes >= u64::MAX as f64 {
        return Err(format!("`{s}` is more memory than nimlab can count"));
    }
    let bytes = bytes as u64;
    if bytes < MIN_MEMORY {
        return Err(format!(
            "`{s}` is too little memory: nimlab needs at least {} to work",
            describe_bytes(MIN_MEMORY)
        ));
    }
    Ok(bytes)
}

/// The memory limit when `--memory` is not given: `NIMLAB_MAX_MEMORY` when it is set,
/// else half of the machine's memory (4 GiB where the machine does not say).
///
/// # Errors
/// When `NIMLAB_MAX_MEMORY` is set but is not a size.
pub fn default_memory() -> Result<u64, Failure> {
    if let Some(text) = std::env::var_os("NIMLAB_MAX_MEMORY") {
        let text = text.to_string_lossy();
        return parse_memory(&text).map_err(|why| {
            nimlab::Error::Unsupported(format!(
                "the environment variable NIMLAB_MAX_MEMORY is `{text}`: {why}"
            ))
            .into()
        });
    }
    Ok(machine_memory().map_or(4 << 30, |m| m / 2))
}

/// The machine's memory in bytes, where the system tells it.
fn machine_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// The exit status of a command stopped by Ctrl-C.
pub const INTERRUPTED: u8 = 130;

/// A command's limits at work: computations run through [`Guard::run`] stop at the time
/// limit, at the memory limit and on Ctrl-C, each with its error.
pub struct Guard {
    dog: Watchdog,
    busy: Arc<AtomicBool>,
}

impl Guard {
    /// Starts keeping `limits`; Ctrl-C stops a computation, or ends the command when none
    /// runs.
    pub fn new(limits: Limits) -> Guard {
        let stop = Stop::with_limits(limits);
        let busy = Arc::new(AtomicBool::new(false));
        let runaway_stop = stop.clone();
        let dog = Watchdog::start(
            stop.clone(),
            limits,
            Some(Box::new(memory_in_use)),
            Some(Box::new(move |reason| {
                let error = runaway_stop.error(reason);
                eprintln!(
                    "nimlab: {error} (the computation did not stop by itself, so nimlab ends here)"
                );
                std::process::exit(exit_status(&error).into());
            })),
        );
        let (handler_stop, handler_busy) = (stop, Arc::clone(&busy));
        // Only one handler can be set in a process, and each command makes one guard;
        // were it refused, Ctrl-C would keep its default, which ends the process.
        let _ = ctrlc::set_handler(move || {
            if handler_busy.load(Ordering::SeqCst) {
                handler_stop.request(Reason::Interrupted);
            } else {
                eprintln!();
                std::process::exit(INTERRUPTED.into());
            }
        });
        Guard { dog, busy }
    }

    /// The limits kept.
    pub fn limits(&self) -> Limits {
        self.dog.stop().limits()
    }

    /// Runs `f` under the limits: the clock starts now, and [`nimlab::limits::check`]
    /// inside `f` answers for them.
    pub fn run<T>(&self, f: impl FnOnce() -> T) -> T {
        self.busy.store(true, Ordering::SeqCst);
        self.dog.arm();
        let result = self.dog.stop().scope(f);
        self.dog.disarm();
        self.busy.store(false, Ordering::SeqCst);
        result
    }

    /// As [`Guard::run`], showing `message` with a spinner on the terminal (standard
    /// error) when `f` takes more than a moment.
    pub fn run_showing<T>(&self, message: &str, f: impl FnOnce() -> T) -> T {
        if !std::io::stderr().is_terminal() {
            return self.run(f);
        }
        let done = Arc::new(AtomicBool::new(false));
        let spinner = {
            let done = Arc::clone(&done);
            let message = format!("{message} (Ctrl-C stops it)");
            std::thread::spawn(move || {
                let step = Duration::from_millis(50);
                for _ in 0..8 {
                    if done.load(Ordering::SeqCst) {
                        return;
                    }
                    std::thread::sleep(step);
                }
                let bar = ProgressBar::new_spinner();
                if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
                    bar.set_style(style);
                }
                bar.set_message(message);
                bar.enable_steady_tick(Duration::from_millis(100));
                while !done.load(Ordering::SeqCst) {
                    std::thread::sleep(step);
                }
                bar.finish_and_clear();
            })
        };
        let result = self.run(f);
        done.store(true, Ordering::SeqCst);
        let _ = spinner.join();
        result
    }
}

/// The exit status for a library error: 130 for Ctrl-C, 2 for everything else (bad
/// input, a limit).
pub fn exit_status(e: &nimlab::Error) -> u8 {
    match e {
        nimlab::Error::Interrupted => INTERRUPTED,
        _ => 2,
    }
}

/// The hint printed after an error that a limit stopped a computation.
pub fn hint(e: &nimlab::Error) -> Option<&'static str> {
    match e {
        nimlab::Error::TimeLimit { .. } => {
            Some("allow more time with --time-limit (e.g. --time-limit 10m, or none)")
        }
        nimlab::Error::MemoryLimit { .. } => {
            Some("allow more memory with --memory (e.g. --memory 16G)")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_write_them() {
        let secs = |s: &str| parse_time_limit(s).unwrap().0.map(|d| d.as_secs_f64());
        assert_eq!(secs("90"), Some(90.0));
        assert_eq!(secs("90s"), Some(90.0));
        assert_eq!(secs("10m"), Some(600.0));
        assert_eq!(secs("1.5m"), Some(90.0));
        assert_eq!(secs("2h"), Some(7200.0));
        assert_eq!(secs("1h30m"), Some(5400.0));
        assert_eq!(secs("250ms"), Some(0.25));
        assert_eq!(secs("none"), None);
        assert_eq!(secs("0"), None);
        for bad in ["", "ten", "10x", "-5", "m", "1e400"] {
            assert!(parse_time_limit(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn memory_sizes_read_with_their_units() {
        assert_eq!(parse_memory("512").unwrap(), 512 << 20);
        assert_eq!(parse_memory("512M").unwrap(), 512 << 20);
        assert_eq!(parse_memory("4G").unwrap(), 4 << 30);
        assert_eq!(parse_memory("4GiB").unwrap(), 4 << 30);
        assert_eq!(parse_memory("1.5g").unwrap(), 3 << 29);
        assert_eq!(parse_memory("2^30B").unwrap(), 1 << 30);
        let zero = parse_memory("0").unwrap_err();
        assert!(zero.contains("too little memory"), "{zero}");
        assert!(!zero.contains("argument"), "{zero}");
        for bad in ["", "abc", "4Q", "-1G", "1e999"] {
            assert!(parse_memory(bad).is_err(), "{bad}");
        }
    }
}
