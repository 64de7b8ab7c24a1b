//! What the fuzz targets of nimlab share: reading an input as text, choosing a game of
//! the catalogue for it, keeping positions small enough to solve, and the round trip of a
//! calculator line through the printer.

use nimlab::games::{Arg, Catalogue, Params, Sum};
use nimlab::limits::{Limits, Stop, Watchdog};
use nimlab::calc::{Session, Value};
use nimlab::notation::{print, try_print};
use nimlab::conway::Comparison;
use std::sync::OnceLock;
use std::time::Duration;

/// The time limit of one input's evaluation in the targets, as `nimlab value` has one: a
/// computation that is legitimately long (a sum of `*913` with an infinitesimal) stops
/// there with its error. One that does not stop within the watchdog's grace after it
/// aborts the target, which keeps the input: that is the defect looked for. Half a second
/// is long enough for every path a short input takes, and keeps the inputs that meet it
/// cheap: with two seconds, ten such inputs of the `position` corpus took 25 of the
/// 32 seconds its 2,289 inputs took to run.
pub const TIME_LIMIT: Duration = Duration::from_millis(500);

/// Runs `f` within [`TIME_LIMIT`], as the command line runs a computation.
pub fn limited<T>(f: impl FnOnce() -> T) -> T {
    static WATCHDOG: OnceLock<Watchdog> = OnceLock::new();
    let dog = WATCHDOG.get_or_init(|| {
        let limits = Limits {
            time: Some(TIME_LIMIT),
            memory: None,
        };
        Watchdog::start(
            Stop::with_limits(limits),
            limits,
            None,
            Some(Box::new(|reason| {
                eprintln!("the computation did not stop at its limit ({reason:?})");
                std::process::abort();
            })),
        )
    });
    dog.arm();
    let result = dog.stop().scope(f);
    dog.disarm();
    result
}

/// The longest input a target reads, unless it says otherwise.
pub const MAX_INPUT: usize = 4096;

/// The longest printed game read back by [`eval_and_round_trip`].
pub const MAX_PRINTED: usize = 1 << 16;

/// The input as text, when it is UTF-8 and at most `max` bytes long.
pub fn text(data: &[u8], max: usize) -> Option<&str> {
    if data.len() > max {
        return None;
    }
    std::str::from_utf8(data).ok()
}

/// A text cut to its first 160 characters for a message, with its length when longer.
pub fn short(text: &str) -> String {
    const SHOWN: usize = 160;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{:?}… ({} characters)", &text[..end], text.chars().count()),
        None => format!("{text:?}"),
    }
}

/// Parameters tried for the games whose ids take them, besides the documented example.
fn parameters(name: &str) -> &'static [&'static str] {
    match name {
        "moore" => &["1", "2", "3"],
        "subtraction" => &[
            "1,3,4", "1-3", "2,5", "powers2", "squares", "primes", "divisors",
        ],
        "count-up" => &["100,10", "21,3"],
        "octal" => &[
            "0.77", "0.07", "0.137", "4.007", "0.3…", "0.16", "0.4", "0.6",
        ],
        "hex" => &["0.F", "0.8", "0.B", "4.F"],
        "kubo" => &["2"],
        "partizan-subtraction" => &["1,4/2,3", "1/2", "1,2/1,3"],
        _ => &[],
    }
}

/// The id in a game's documented example position (`moore:2` in "e.g. `moore:2 3 5 6`").
fn documented_id(name: &str, position: &str) -> Option<String> {
    let example = position.split("e.g. `").nth(1)?.split('`').next()?;
    let first = example.split_whitespace().next()?;
    first
        .starts_with(&format!("{name}:"))
        .then(|| first.to_string())
}

/// The ids of a game: its name when it may be used alone, and the name with parameters.
fn ids_of(name: &str, params: Params, position: &str) -> Vec<String> {
    let mut ids = Vec::new();
    if params != Params::Required {
        ids.push(name.to_string());
    }
    if params != Params::None {
        ids.extend(documented_id(name, position));
        for p in parameters(name) {
            let id = format!("{name}:{p}");
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

/// Every impartial game id the targets choose from (parameterised ids included).
pub fn impartial_ids(cat: &Catalogue) -> Vec<String> {
    cat.entries()
        .iter()
        .flat_map(|e| ids_of(e.name, e.params, e.position))
        .collect()
}

/// Every partizan game id the targets choose from (parameterised ids included).
pub fn partizan_ids(cat: &Catalogue) -> Vec<String> {
    cat.partizan_entries()
        .iter()
        .flat_map(|e| ids_of(e.name, e.params, e.position))
        .collect()
}

/// The id chosen by the first byte of an input.
pub fn pick(ids: &[String], data: &[u8]) -> String {
    let byte = data.first().copied().unwrap_or(0);
    ids[usize::from(byte) % ids.len()].clone()
}

/// The tokens of a position: the text's own when it begins with a game id that `is_id`
/// accepts, otherwise the id chosen by the first byte followed by the text's.
pub fn tokens<'a>(
    text: &'a str,
    data: &[u8],
    ids: &'a [String],
    is_id: impl Fn(&str) -> bool,
) -> Vec<&'a str> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.first().is_some_and(|w| is_id(w)) {
        return words;
    }
    let byte = data.first().copied().unwrap_or(0);
    let id = ids[usize::from(byte) % ids.len()].as_str();
    std::iter::once(id).chain(words).collect()
}

/// Tokens numbered as command-line arguments.
pub fn args<'a>(tokens: &[&'a str]) -> Vec<Arg<'a>> {
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| Arg::new(t, i + 1))
        .collect()
}

/// A sum written with its game ids, even when it has one part (whose notation alone
/// leaves the id out).
pub fn sum_text(sum: &Sum) -> String {
    match sum.parts.as_slice() {
        [one] => format!("{} {}", one.game(), one.notation()),
        _ => sum.notation(),
    }
}

/// Whether every number written in `text` has at most `digits` digits: sizing a heap
/// game's search needs its heaps' values, which are long to compute for large heaps.
pub fn small_numbers(text: &str, digits: usize) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .all(|d| d.len() <= digits)
}

/// How many squares or characters the positions in double quotes of an expression hold
/// (`domineering("4x4")` holds 16): what the calculator solves without a limit.
pub fn quoted_size(line: &str) -> u64 {
    let mut total = 0u64;
    for (i, quoted) in line.split('"').enumerate() {
        if i % 2 == 0 {
            continue;
        }
        for piece in quoted.split(|c: char| c.is_whitespace() || c == '|' || c == '/') {
            let size = match piece.split_once(['x', 'X']) {
                Some((r, c)) => match (r.parse::<u64>(), c.parse::<u64>()) {
                    (Ok(r), Ok(c)) => r.saturating_mul(c),
                    _ => piece.chars().count() as u64,
                },
                None => piece.chars().count() as u64,
            };
            total = total.saturating_add(size);
        }
    }
    total
}

/// The most squares of ruleset positions an expression may hold in the targets: larger
/// boards are legitimately slow to solve.
pub const MAX_QUOTED: u64 = 12;

/// Evaluates a calculator line; when its value is a game, checks that the printed form
/// evaluates to the same game, which prints the same.
///
/// # Panics
/// When the printed form of a game does not read back, reads back to another game, or
/// prints otherwise.
/// A time limit met on the way ends the check without a verdict (run it within
/// [`limited`]).
pub fn eval_and_round_trip(s: &mut Session, line: &str) {
    let Ok(v) = s.eval_text(line) else {
        return;
    };
    let Value::Game(g) = v else {
        let _ = s.show(&v);
        let _ = s.arena.take_overflow();
        return;
    };
    // A game too long or too deep to print is refused (its text would not read back).
    let Ok(shown) = try_print(&mut s.arena, g) else {
        let _ = s.arena.take_overflow();
        return;
    };
    if s.arena.interrupted() {
        // A limit met while printing: the session forgets the value, as `run` does.
        let _ = s.arena.take_overflow();
        return;
    }
    if shown.len() > MAX_PRINTED {
        return;
    }
    let (line, printed) = (short(line), short(&shown));
    let back = match s.game_of(&shown) {
        Ok(h) => h,
        // The time limit met while reading back: nothing to conclude.
        Err(_) if nimlab::limits::stopped() => return,
        Err(e) => {
            let e = short(&e.to_string());
            panic!("{line} prints as {printed}, which does not read back: {e}")
        }
    };
    let same = s.arena.compare(g, back);
    if nimlab::limits::stopped() {
        return;
    }
    assert!(
        same == Comparison::Equal,
        "{line} prints as {printed}, which reads back as another game ({same:?})"
    );
    let again = print(&mut s.arena, back);
    if nimlab::limits::stopped() {
        return;
    }
    assert!(
        again == shown,
        "{line} prints as {printed}, which reads back and prints as {}",
        short(&again)
    );
}
