//! Heap rules as data: what a move may do to one heap.
//!
//! A [`Rule`] is a take-and-break [`Code`] (octal or hexadecimal, optionally with the
//! heaps left required to be unequal, as in Grundy's game), the equal split of Antigrundy,
//! or a subtraction set. Every named heap game of the catalogue is one of these.

use super::code::Code;
use super::SubtractionSet;
use crate::{Error, Result};
use std::fmt;

/// A named heap game and the rule it is.
struct Named {
    name: &'static str,
    rule: fn() -> Rule,
    summary: &'static str,
}

fn code(text: &str) -> Code {
    Code::parse(text).unwrap_or_else(|e| unreachable!("built-in code {text}: {e}"))
}

/// The named rules, in the order they are listed.
const NAMED: &[Named] = &[
    Named {
        name: "kayles",
        rule: || Rule::take_break(code("0.77")),
        summary: "a row of pins; knock down one pin or two adjacent pins (octal 0.77)",
    },
    Named {
        name: "dawson-kayles",
        rule: || Rule::take_break(code("0.07")),
        summary: "a row of pins; knock down exactly two adjacent pins (octal 0.07)",
    },
    Named {
        name: "dawson-chess",
        rule: || Rule::take_break(code("0.137")),
        summary: "Dawson's chess on a 3 x n board, as the heap game octal 0.137 (a heap of n is a board of width n)",
    },
    Named {
        name: "grundy",
        rule: || Rule::unequal_split(code("4.0")),
        summary: "heaps; split one heap into two unequal non-empty heaps (Grundy's game)",
    },
    Named {
        name: "lasker",
        rule: || Rule::take_break(code("4.3…")),
        summary: "heaps; remove any number from one heap, or split a heap into two non-empty heaps (Lasker's Nim, 4.3…)",
    },
    Named {
        name: "antigrundy",
        rule: || Rule::EqualSplit,
        summary: "heaps; split one heap into two or more heaps, all of the same size",
    },
];

/// What a move may do to one heap.
///
/// ```
/// use nimlab::heap::Rule;
/// let kayles = Rule::parse("kayles").unwrap();
/// assert_eq!(kayles.to_string(), "0.77");
/// // A heap of 3 pins: take 1 from the end (2), 1 from the middle (1 + 1), or 2 (1).
/// let mut options = Vec::new();
/// kayles.for_each_option(3, |heaps| options.push(heaps.to_vec()));
/// assert_eq!(options, vec![vec![2], vec![1, 1], vec![1]]);
/// assert_eq!(Rule::parse("subtraction:1,3,4").unwrap().to_string(), "subtraction:1,3,4");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// Take k counters from a heap and leave what is left in the numbers of heaps that
    /// digit d_k allows; when `unequal`, heaps left by a split must differ in size.
    TakeBreak {
        /// The code.
        code: Code,
        /// Heaps left by a split must all be of different sizes (Grundy's game).
        unequal: bool,
    },
    /// Split a heap into two or more heaps all of the same size (Antigrundy).
    EqualSplit,
    /// Remove s counters from a heap, s in the set.
    Subtract(SubtractionSet),
}

impl Rule {
    /// The rule of a take-and-break code.
    pub fn take_break(code: Code) -> Self {
        Rule::TakeBreak {
            code,
            unequal: false,
        }
    }

    /// The rule of a code whose splits must leave heaps of different sizes.
    pub fn unequal_split(code: Code) -> Self {
        Rule::TakeBreak {
            code,
            unequal: true,
        }
    }

    /// Reads a rule: a name (`kayles`, `dawson-kayles`, `dawson-chess`, `grundy`,
    /// `lasker`, `antigrundy`), a code (`0.77`, `octal:0.77`, `hex:0.F`, `4.3…`), or a
    /// subtraction set (`subtraction:1,3,4`). A code without `hex:` is octal: digits 8 and
    /// 9 and A-F need `hex:`, and the rule is written back the same way.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// assert_eq!(Rule::parse("hex:0.9").unwrap().to_string(), "hex:0.9");
    /// let err = Rule::parse("0.9").unwrap_err().to_string();
    /// assert!(err.contains("9 is not an octal digit; write `hex:0.9`"), "{err}");
    /// assert_eq!(Rule::parse("octal:0.9").unwrap_err().to_string().replace("octal:", ""), err);
    /// ```
    ///
    /// A rule's text (its `Display`) and its [label](Rule::label) read back as the rule:
    /// `4.0 with unequal splits` (a code whose splits must leave unequal heaps), `equal
    /// splits`, `grundy (4.0 with unequal splits)`.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// let grundy = Rule::parse("grundy").unwrap();
    /// assert_eq!(Rule::parse("4.0 with unequal splits").unwrap(), grundy);
    /// assert_eq!(Rule::parse(&grundy.label()).unwrap(), grundy);
    /// assert_eq!(Rule::parse("equal splits").unwrap(), Rule::parse("antigrundy").unwrap());
    /// assert!(Rule::parse("kayles (0.7)").is_err());
    /// ```
    ///
    /// # Errors
    /// [`RuleError::UnknownGame`](crate::RuleError::UnknownGame) for an unknown name (with the closest name), or the code's or
    /// the set's error; [`RuleError::Parameters`](crate::RuleError::Parameters) for a label whose name is not its rule's,
    /// or unequal splits of a rule that is not a code.
    pub fn parse(text: &str) -> Result<Self> {
        // A label: the name, then the rule's text in parentheses.
        let label = text
            .strip_suffix(')')
            .and_then(|t| t.split_once(" ("))
            .and_then(|(name, inner)| Some((NAMED.iter().find(|n| n.name == name)?, inner)));
        if let Some((named, inner)) = label {
            let rule = (named.rule)();
            return match Self::parse_text(inner) {
                Ok(r) if r == rule => Ok(rule),
                Ok(r) => Err(Error::parameters(
                    text,
                    format!("`{}` is the rule {rule}, not {r}", named.name),
                )),
                Err(e) => Err(rename(e, text)),
            };
        }
        Self::parse_text(text)
    }

    /// Reads a rule as [`Rule::parse`] does, but not a label.
    fn parse_text(text: &str) -> Result<Self> {
        let Some(inner) = text.strip_suffix(" with unequal splits") else {
            return Self::parse_plain(text);
        };
        match Self::parse_plain(inner).map_err(|e| rename(e, text))? {
            Rule::TakeBreak { code, .. } => Ok(Rule::unequal_split(code)),
            _ => Err(Error::parameters(
                text,
                "unequal splits belong to a take-and-break code, e.g. `4.0 with unequal splits` (Grundy's game)",
            )),
        }
    }

    /// Reads a name, a code, a subtraction set or `equal splits`.
    fn parse_plain(text: &str) -> Result<Self> {
        if text == "equal splits" {
            return Ok(Rule::EqualSplit);
        }
        if let Some(n) = NAMED.iter().find(|n| n.name == text) {
            return Ok((n.rule)());
        }
        if let Some(set) = text.strip_prefix("subtraction:") {
            return Ok(Rule::Subtract(SubtractionSet::parse(set)?));
        }
        if let Some(c) = text.strip_prefix("hex:") {
            let code = Code::parse(c).map_err(|e| rename(e, text))?;
            return Ok(Rule::take_break(code));
        }
        let code_like = text
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '…');
        let octal = text.strip_prefix("octal:");
        if octal.is_some() || code_like || text.contains('.') || text.contains('…') {
            // A code without `hex:` is octal, as Winning Ways writes codes.
            let c = octal.unwrap_or(text);
            let code = Code::parse(c).map_err(|e| rename(e, text))?;
            if code.is_hexadecimal() {
                let digit = c
                    .chars()
                    .find(|d| d.to_digit(16).is_some_and(|d| d > 7))
                    .unwrap_or('8');
                return Err(Error::parameters(
                    text,
                    format!(
                        "{digit} is not an octal digit; write `hex:{c}` for the hexadecimal code"
                    ),
                ));
            }
            return Ok(Rule::take_break(code));
        }
        let names = NAMED
            .iter()
            .map(|n| n.name)
            .chain(["octal:CODE", "hex:CODE", "subtraction:S"]);
        let suggestion = names
            .map(|n| (strsim::damerau_levenshtein(text, n), n))
            .filter(|&(d, _)| d <= 2)
            .min()
            .map(|(_, n)| n.to_string());
        Err(Error::Rule(crate::RuleError::UnknownGame {
            id: text.to_string(),
            suggestion,
        }))
    }

    /// The names of the named rules with a line on each.
    pub fn named() -> impl Iterator<Item = (&'static str, &'static str)> {
        NAMED.iter().map(|n| (n.name, n.summary))
    }

    /// The name under which the rule is listed, if it has one.
    pub fn name(&self) -> Option<&'static str> {
        NAMED.iter().find(|n| (n.rule)() == *self).map(|n| n.name)
    }

    /// The name and the rule, `kayles (0.77)`, or the rule alone when it has no name.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// assert_eq!(Rule::parse("octal:0.07").unwrap().label(), "dawson-kayles (0.07)");
    /// assert_eq!(Rule::parse("0.6").unwrap().label(), "0.6");
    /// ```
    pub fn label(&self) -> String {
        match self.name() {
            Some(n) => format!("{n} ({self})"),
            None => self.to_string(),
        }
    }

    /// Calls `f` with the heaps left by every move from a heap of `n` (an empty slice when
    /// the move leaves nothing). Each list is sorted; a list of heaps appears once.
    pub fn for_each_option(&self, n: u64, mut f: impl FnMut(&[u64])) {
        match self {
            Rule::TakeBreak { code, unequal } => {
                let top = code.max_take().map_or(n, |t| t.min(n));
                for k in 0..=top {
                    let d = code.digit(k);
                    let r = n - k;
                    if d & 1 != 0 && r == 0 {
                        f(&[]);
                    }
                    if r == 0 {
                        continue;
                    }
                    if d & 2 != 0 && k > 0 {
                        f(&[r]);
                    }
                    if d & 4 != 0 {
                        for a in 1..=r / 2 {
                            if !(*unequal && 2 * a == r) {
                                f(&[a, r - a]);
                            }
                        }
                    }
                    if d & 8 != 0 {
                        for a in 1..=r / 3 {
                            for b in a..=(r - a) / 2 {
                                let c = r - a - b;
                                if !(*unequal && (a == b || b == c)) {
                                    f(&[a, b, c]);
                                }
                            }
                        }
                    }
                }
            }
            Rule::EqualSplit => {
                for parts in 2..=n {
                    if n % parts == 0 {
                        f(&vec![n / parts; parts as usize]);
                    }
                }
            }
            Rule::Subtract(set) => set.for_each(n, |s| {
                if s == n {
                    f(&[]);
                } else {
                    f(&[n - s]);
                }
            }),
        }
    }

    /// Whether a heap of `n` has a move, found from the digits alone (in time that does not
    /// grow with `n`): a heap without one never changes, and adds nothing to a sum.
    pub(crate) fn has_move(&self, n: u64) -> bool {
        match self {
            Rule::TakeBreak { code, unequal } => {
                // The least heap left that a split into two (three) parts needs.
                let (two, three) = if *unequal { (3, 6) } else { (2, 3) };
                // Whether taking k leaves a move of digit d (r = n - k counters left).
                let allows = |d: u8, k: u64, r: u64| {
                    (d & 1 != 0 && r == 0)
                        || (d & 2 != 0 && k > 0 && r > 0)
                        || (d & 4 != 0 && r >= two)
                        || (d & 8 != 0 && r >= three)
                };
                let written = code.digits().len() as u64;
                if (0..written.min(n.saturating_add(1))).any(|k| allows(code.digit(k), k, n - k)) {
                    return true;
                }
                // The repeated digit d, for every take k from `written` to n: the take
                // that leaves the most (k = written) or none (k = n) decides.
                let d = code.digit(u64::MAX);
                code.repeats()
                    && n >= written
                    && (allows(d, written, n - written) || allows(d, n, 0))
            }
            Rule::EqualSplit => n >= 2,
            Rule::Subtract(SubtractionSet::Finite(s)) => s.first().is_some_and(|&m| m <= n),
            Rule::Subtract(SubtractionSet::Powers2 | SubtractionSet::Squares) => n >= 1,
            Rule::Subtract(SubtractionSet::Primes | SubtractionSet::Divisors) => n >= 2,
        }
    }

    /// How many moves a heap of `n` has, exactly for a code that does not repeat and for a
    /// subtraction set, about for the others (a repeating code's tail and the divisors of
    /// an equal split are estimated): the size of [`Rule::for_each_option`]'s work,
    /// known before it starts. A code that leaves three heaps has about n²/12 moves.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// // Kayles: 3 pins leave 2 or 1 + 1 (taking 1 pin) or 1 (taking 2).
    /// assert_eq!(Rule::parse("kayles").unwrap().option_count(3), 3);
    /// // hex:0.8 (take 1, leave three heaps): 12 = a + b + c + 1 with a ≤ b ≤ c in 10 ways.
    /// assert_eq!(Rule::parse("hex:0.8").unwrap().option_count(12), 10);
    /// assert!(Rule::parse("hex:0.F").unwrap().option_count(1_000_000) > 80_000_000_000);
    /// ```
    pub fn option_count(&self, n: u64) -> u128 {
        // Splits of r into two parts, and into three (a ≤ b ≤ c: the nearest integer to
        // r²/12); with unequal parts, r − 3 into three (a < b − 1 < c − 2).
        let two = |r: u128, unequal: bool| r / 2 - u128::from(unequal && r % 2 == 0 && r > 0);
        let three = |r: u128, unequal: bool| {
            let r = if unequal { r.saturating_sub(3) } else { r };
            if r < 3 {
                0
            } else {
                (r * r + 6) / 12
            }
        };
        match self {
            Rule::TakeBreak { code, unequal } => {
                let n = u128::from(n);
                let digits = code.digits().len() as u128;
                let mut count = 0u128;
                for k in 0..digits.min(n + 1) {
                    let d = code.digit(k as u64);
                    let r = n - k;
                    count +=
                        u128::from(d & 1 != 0 && r == 0) + u128::from(d & 2 != 0 && r > 0 && k > 0);
                    if d & 4 != 0 {
                        count += two(r, *unequal);
                    }
                    if d & 8 != 0 {
                        count += three(r, *unequal);
                    }
                }
                if code.repeats() && n >= digits {
                    // Takes k = digits … n, leaving r = n − k from n − digits down to 0.
                    let d = code.digit(u64::MAX);
                    let top = n - digits;
                    count += u128::from(d & 1 != 0) + u128::from(d & 2 != 0) * top;
                    if d & 4 != 0 {
                        count += top * top / 4 + top;
                    }
                    if d & 8 != 0 {
                        count += top * top * top / 36 + top * top;
                    }
                }
                count
            }
            Rule::EqualSplit => 2 * u128::from(n.isqrt()),
            Rule::Subtract(SubtractionSet::Finite(s)) => s.partition_point(|&v| v <= n) as u128,
            Rule::Subtract(SubtractionSet::Powers2) => u128::from(64 - n.leading_zeros()),
            Rule::Subtract(SubtractionSet::Squares) => u128::from(n.isqrt()),
            Rule::Subtract(SubtractionSet::Primes) => u128::from(n),
            Rule::Subtract(SubtractionSet::Divisors) => 2 * u128::from(n.isqrt()),
        }
    }

    /// A bound on the Grundy value G(n) of a heap of `n`: the length of the longest play
    /// from it, which no value exceeds (a value v needs an option of each value below v,
    /// and so a play of v moves or more).
    ///
    /// A move that takes a counter leaves fewer counters, and a move that takes none (an
    /// equal split) leaves more heaps, never more than the counters: no play from a heap
    /// of n is longer than n moves. A code whose digit d_0 splits a heap without taking
    /// anything allows both: each move then lowers twice the counters less the heaps by
    /// at least 1 (taking k ≥ 1 counters and leaving j ≤ 3 heaps changes it by
    /// −2k − j + 1; splitting without taking, by −1 or −2), from 2n − 1 down to no less
    /// than 0, so no play is longer than 2n − 1 moves.
    pub(crate) fn max_value(&self, n: u64) -> u64 {
        match self {
            Rule::TakeBreak { code, .. } if code.digit(0) != 0 => {
                n.saturating_mul(2).saturating_sub(1)
            }
            _ => n,
        }
    }

    /// The most heaps one move leaves of a heap (0 for a rule that only removes heaps).
    pub fn max_heaps_left(&self) -> u64 {
        match self {
            Rule::TakeBreak { code, .. } => u64::from(code.max_heaps_left()),
            Rule::EqualSplit => u64::MAX,
            Rule::Subtract(_) => 1,
        }
    }

    /// How many values the Guy–Smith periodicity theorem needs to prove that the values
    /// have period `p` from `n0` on: values 0 … B − 1 with G(n + p) = G(n) for every
    /// n0 ≤ n < B − p. `None` when the theorem does not apply to the rule.
    ///
    /// The theorem: if a move takes at most t counters and leaves at most m heaps, and
    /// G(n + p) = G(n) for n0 ≤ n < m·n0 + (m − 1)·p + t, then for every n ≥ n0. (A heap of
    /// n + p beyond that window splits into parts of which the largest is at least n0 + p,
    /// so its options and those of n have the same values.) For m = 2 this is the bound of
    /// Winning Ways, 2·n0 + p + t; for m = 1 (subtraction) it is n0 + t. The argument shortens
    /// that largest part by p and needs it to stay a heap (at least 1), so a preperiod of 0
    /// is checked as a preperiod of 1.
    ///
    /// ```
    /// use nimlab::heap::Rule;
    /// // Kayles: period 12 from 71 needs values up to 2·71 + 2·12 + 2 − 1.
    /// assert_eq!(Rule::parse("kayles").unwrap().proof_length(71, 12), Some(168));
    /// // 0.03 (take 2, leaving at most one heap): m = 1, t = 2, and n0 = 0 counts as 1.
    /// assert_eq!(Rule::parse("0.03").unwrap().proof_length(0, 4), Some(1 + 4 + 2));
    /// assert_eq!(Rule::parse("grundy").unwrap().proof_length(10, 3), None);
    /// ```
    pub fn proof_length(&self, n0: u64, p: u64) -> Option<u64> {
        let (m, t) = match self {
            Rule::TakeBreak {
                code,
                unequal: false,
            } => (u64::from(code.max_heaps_left()), code.max_take()?),
            Rule::Subtract(SubtractionSet::Finite(set)) => (1, *set.last()?),
            _ => return None,
        };
        m.checked_mul(n0.max(1))?
            .checked_add(m.checked_mul(p)?)?
            .checked_add(t)
    }
}

/// Renames the game of a parameter error to the rule as typed.
fn rename(e: Error, text: &str) -> Error {
    match e {
        Error::Rule(crate::RuleError::Parameters { reason, .. }) => Error::parameters(text, reason),
        other => other,
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::TakeBreak { code, unequal } => {
                // A code without `hex:` is read as octal: the text reads back as the rule.
                if code.is_hexadecimal() {
                    write!(f, "hex:")?;
                }
                write!(f, "{code}")?;
                if *unequal {
                    write!(f, " with unequal splits")?;
                }
                Ok(())
            }
            Rule::EqualSplit => write!(f, "equal splits"),
            Rule::Subtract(set) => write!(f, "subtraction:{set}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(rule: &str, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        Rule::parse(rule)
            .unwrap()
            .for_each_option(n, |h| out.push(h.to_vec()));
        out
    }

    #[test]
    fn options_follow_the_digits() {
        // 0.07: take exactly 2, leaving 0, 1 or 2 heaps.
        assert_eq!(options("0.07", 2), vec![Vec::<u64>::new()]);
        assert_eq!(options("0.07", 4), vec![vec![2], vec![1, 1]]);
        // Grundy's game: 6 splits into 1+5 and 2+4, not 3+3.
        assert_eq!(options("grundy", 6), vec![vec![1, 5], vec![2, 4]]);
        // Lasker's Nim: 3 → splits 1+2, and 2, 1, nothing.
        assert_eq!(
            options("lasker", 3),
            vec![vec![1, 2], vec![2], vec![1], vec![]]
        );
        assert_eq!(
            options("antigrundy", 6),
            vec![vec![3, 3], vec![2, 2, 2], vec![1; 6]]
        );
        assert_eq!(options("subtraction:1,3", 3), vec![vec![2], vec![]]);
        // Hexadecimal 0.8: take 1 and leave three heaps.
        assert_eq!(options("hex:0.8", 5), vec![vec![1, 1, 2]]);
    }

    #[test]
    fn option_counts_match_the_options() {
        for rule in [
            "kayles",
            "0.07",
            "0.137",
            "grundy",
            "hex:0.8",
            "hex:0.F",
            "hex:0.9B",
            "hex:4.F",
            "hex:C.1",
            "hex:0.4F",
            "subtraction:1,3,4",
            "subtraction:squares",
        ] {
            for n in 0..120 {
                let listed = options(rule, n).len() as u128;
                assert_eq!(
                    Rule::parse(rule).unwrap().option_count(n),
                    listed,
                    "{rule} {n}"
                );
            }
        }
        // A repeating code and an equal split: estimates of the right size.
        for rule in ["lasker", "hex:0.F…", "4.7…", "antigrundy"] {
            for n in [50, 200, 400] {
                let listed = options(rule, n).len() as f64;
                let counted = Rule::parse(rule).unwrap().option_count(n) as f64;
                assert!(
                    counted >= listed && counted <= 2.0 * listed + 50.0,
                    "{rule} {n}: {counted} for {listed}"
                );
            }
        }
    }

    /// Found by fuzzing: the text of `grundy`, `4.0 with unequal splits`, and of
    /// `antigrundy`, `equal splits` (the text a sequence file stores), did not read back,
    /// nor did their labels `grundy (4.0 with unequal splits)`. Every rule's text and
    /// label read back as the rule.
    #[test]
    fn the_text_and_the_label_of_every_rule_read_back() {
        let mut rules: Vec<Rule> = Rule::named()
            .map(|(n, _)| Rule::parse(n).unwrap())
            .collect();
        for text in [
            "0.6",
            "4.3…",
            "hex:0.F",
            "hex:C.1",
            "0.700...",
            "subtraction:1,3,4",
            "subtraction:squares",
            "subtraction:powers2",
            "subtraction:primes",
        ] {
            rules.push(Rule::parse(text).unwrap());
        }
        for digits in ["4.0", "4.3…", "hex:8.0", "0.77", "hex:C.F…"] {
            let Rule::TakeBreak { code, .. } = Rule::parse(digits).unwrap() else {
                unreachable!("{digits} is a code");
            };
            rules.push(Rule::unequal_split(code));
        }
        for rule in &rules {
            for text in [rule.to_string(), rule.label()] {
                assert_eq!(Rule::parse(&text).unwrap(), *rule, "{text}");
            }
        }
        // Grundy's game splits a heap into two unequal heaps; Antigrundy into equal ones.
        let grundy = Rule::parse("4.0 with unequal splits").unwrap();
        assert_eq!(grundy.name(), Some("grundy"));
        assert_eq!(
            Rule::parse("equal splits").unwrap().name(),
            Some("antigrundy")
        );
        assert_eq!(
            Rule::parse("grundy (4.0 with unequal splits)").unwrap(),
            grundy
        );
        // A label whose rule is not the name's is refused, as are unequal splits of a rule
        // that is not a code.
        for (text, says) in [
            ("kayles (0.7)", "`kayles` is the rule 0.77, not 0.7"),
            (
                "grundy (4.0)",
                "`grundy` is the rule 4.0 with unequal splits",
            ),
            ("subtraction:1,2 with unequal splits", "take-and-break code"),
            ("equal splits with unequal splits", "take-and-break code"),
        ] {
            let err = Rule::parse(text).unwrap_err().to_string();
            assert!(err.contains(says), "{text}: {err}");
        }
    }

    /// Whether a heap has a move, read from the digits, is whether it has an option.
    #[test]
    fn a_heap_has_a_move_exactly_when_it_has_an_option() {
        let mut rules: Vec<Rule> = Rule::named()
            .map(|(n, _)| Rule::parse(n).unwrap())
            .collect();
        for d0 in [0, 4, 8, 12] {
            for d1 in 0..16 {
                for d2 in [0, 1, 2, 3, 4, 8, 9] {
                    for repeats in [false, true] {
                        if let Ok(code) = Code::from_digits(&[d0, d1, 0, d2], repeats) {
                            rules.push(Rule::take_break(code.clone()));
                            rules.push(Rule::unequal_split(code));
                        }
                    }
                }
            }
        }
        for set in ["1,3", "5,9", "squares", "powers2", "primes", "divisors"] {
            rules.push(Rule::parse(&format!("subtraction:{set}")).unwrap());
        }
        for rule in &rules {
            for n in 0..40 {
                let mut any = false;
                rule.for_each_option(n, |_| any = true);
                assert_eq!(rule.has_move(n), any, "{rule} {n}");
            }
        }
        // Without listing the options of a huge heap.
        assert!(Rule::parse("lasker").unwrap().has_move(u64::MAX));
        assert!(!Rule::parse("hex:0.1").unwrap().has_move(u64::MAX));
    }

    #[test]
    fn names_and_errors() {
        assert_eq!(Rule::parse("kayles").unwrap().name(), Some("kayles"));
        assert_eq!(Rule::parse("0.77").unwrap().name(), Some("kayles"));
        assert_eq!(
            Rule::parse("octal:0.137").unwrap().name(),
            Some("dawson-chess")
        );
        let err = Rule::parse("kayle").unwrap_err().to_string();
        assert!(err.contains("did you mean `kayles`"), "{err}");
        let err = Rule::parse("octal:0.8").unwrap_err().to_string();
        assert!(err.contains("hex:"), "{err}");
    }

    #[test]
    fn bare_codes_are_octal_like_octal_codes() {
        // `sequence 0.9` used to be read as hexadecimal while `octal:0.9` was refused.
        for (typed, digit, hex) in [
            ("0.9", '9', "hex:0.9"),
            ("0.79", '9', "hex:0.79"),
            ("0.7F", 'F', "hex:0.7F"),
            ("0.f", 'f', "hex:0.f"),
            ("8.1", '8', "hex:8.1"),
            (".A", 'A', "hex:.A"),
        ] {
            for text in [typed.to_string(), format!("octal:{typed}")] {
                let err = Rule::parse(&text).unwrap_err().to_string();
                let says = format!(
                    "`{text}`: {digit} is not an octal digit; write `{hex}` for the hexadecimal code"
                );
                assert!(err.contains(&says), "{text}: {err}");
            }
            assert!(Rule::parse(hex).is_ok(), "{hex}");
        }
        // Octal codes read either way; a hexadecimal rule is written with `hex:`, so its text
        // reads back as the same rule.
        for text in [
            "0.77",
            "octal:0.77",
            "4.3…",
            "0.137",
            "hex:0.F",
            "hex:0.8",
            "hex:4.F…",
        ] {
            let rule = Rule::parse(text).unwrap();
            assert_eq!(Rule::parse(&rule.to_string()).unwrap(), rule, "{text}");
        }
        assert_eq!(Rule::parse("hex:0.77").unwrap().to_string(), "0.77");
        assert_eq!(Rule::parse("hex:0.F").unwrap().label(), "hex:0.F");
        let err = Rule::parse("octal:0.7z").unwrap_err().to_string();
        assert!(err.contains("octal:0.7z") && err.contains("`z`"), "{err}");
    }
}
