//! The registry of catalogue games: ids, summaries and how to read a position.

use super::args::{number, Arg};
use super::partizan_sum::PartizanSum;
use super::position::Position;
use super::ruleset::PartizanPosition;
use super::sum::Sum;
use crate::{Error, Result};
use serde::Serialize;

/// How a game's parameters (after the `:` of its id) are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Params {
    /// The id takes no parameters (`nim`).
    None,
    /// The id needs parameters (`subtraction:1,3,4`).
    Required,
    /// The id may take parameters (`kubo`, `kubo:2`).
    Optional,
}

/// Builds a position from the game's parameters (if any) and the position's tokens.
pub type Builder = fn(params: Option<&str>, args: &[Arg<'_>]) -> Result<Box<dyn Position>>;

/// One game of the catalogue.
#[derive(Clone)]
pub struct Entry {
    /// The id's name, before any `:` (`subtraction`).
    pub name: &'static str,
    /// The id as a pattern with its parameters (`subtraction:S`).
    pub usage: &'static str,
    /// The rules in one line.
    pub summary: &'static str,
    /// How a position is written, with an example.
    pub position: &'static str,
    /// The example of [`Entry::position`], whole: the id (with the parameters that are
    /// the defaults when the id needs some) and the position.
    pub example: &'static str,
    /// The position `nimlab play` starts from when none is given.
    pub start: &'static str,
    /// Whether the id takes parameters.
    pub params: Params,
    /// Reads a position.
    pub build: Builder,
}

/// Builds the parts of a partizan position from the game's parameters (if any) and the
/// position's tokens (several heaps of a partizan subtraction game are several parts).
pub type PartizanBuilder =
    fn(params: Option<&str>, args: &[Arg<'_>]) -> Result<Vec<Box<dyn PartizanPosition>>>;

/// One partizan game of the catalogue (its values are Conway's games, not nimbers).
#[derive(Clone)]
pub struct PartizanEntry {
    /// The id's name, before any `:` (`domineering`).
    pub name: &'static str,
    /// The id as a pattern with its parameters (`partizan-subtraction:L/R`).
    pub usage: &'static str,
    /// The rules in one line, saying who is Left and who is Right.
    pub summary: &'static str,
    /// How a position is written, with an example.
    pub position: &'static str,
    /// The example of [`PartizanEntry::position`], whole: the id (with the parameters
    /// that are the defaults when the id needs some) and the position.
    pub example: &'static str,
    /// Whether the id takes parameters.
    pub params: Params,
    /// The position `nimlab play` starts from when none is given.
    pub start: &'static str,
    /// Reads a position.
    pub build: PartizanBuilder,
}

/// Whether a game is impartial (both players have the same moves; values are nimbers) or
/// partizan (each has moves of their own; values are Conway's games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Both players have the same moves.
    Impartial,
    /// Each player has moves of their own.
    Partizan,
}

/// One game of the catalogue as a list shows it (`nimlab games`).
#[derive(Debug, Clone, Serialize)]
pub struct GameInfo {
    /// The id's name, before any `:` (`subtraction`).
    pub id: &'static str,
    /// The id as a pattern with its parameters (`subtraction:S`).
    pub usage: &'static str,
    /// Impartial or partizan.
    pub kind: GameKind,
    /// The rules in one line.
    pub summary: &'static str,
    /// How a position is written, with an example.
    pub position: &'static str,
    /// The example, whole: the id and a position.
    pub example: &'static str,
    /// The position a game starts from when none is given.
    pub start: &'static str,
}

/// Every game nimlab knows, by id.
///
/// ```
/// use nimlab::games::Catalogue;
/// let cat = Catalogue::standard();
/// assert!(cat.entries().iter().any(|e| e.name == "nim"));
/// let err = cat.parse_sum(&["nimm", "3"]).unwrap_err();
/// assert_eq!(err.to_string(), "unknown game `nimm`: did you mean `nim`?");
/// ```
pub struct Catalogue {
    entries: Vec<Entry>,
    partizan: Vec<PartizanEntry>,
}

impl Catalogue {
    /// The catalogue of every game in nimlab.
    pub fn standard() -> Self {
        Catalogue {
            entries: super::all_entries(),
            partizan: super::partizan_entries(),
        }
    }

    /// The partizan games, in the order `nimlab games` lists them.
    pub fn partizan_entries(&self) -> &[PartizanEntry] {
        &self.partizan
    }

    /// Whether `id` (with or without parameters) names a partizan game.
    ///
    /// ```
    /// let cat = nimlab::games::Catalogue::standard();
    /// assert!(cat.is_partizan("domineering"));
    /// assert!(cat.is_partizan("partizan-subtraction:1,4/2,3"));
    /// assert!(!cat.is_partizan("nim"));
    /// ```
    pub fn is_partizan(&self, id: &str) -> bool {
        let name = id.split_once(':').map_or(id, |(n, _)| n);
        self.partizan.iter().any(|e| e.name == name)
    }

    /// The partizan entry named by `id` and its parameters.
    ///
    /// # Errors
    /// [`RuleError::UnknownGame`](crate::RuleError::UnknownGame) with the closest id as a suggestion, or bad parameters.
    pub fn lookup_partizan<'a>(&self, id: &'a str) -> Result<(&PartizanEntry, Option<&'a str>)> {
        let (name, params) = match id.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (id, None),
        };
        let Some(entry) = self.partizan.iter().find(|e| e.name == name) else {
            return Err(Error::unknown_game(id.to_string(), self.closest(name)));
        };
        check_params(id, entry.name, entry.usage, entry.params, params)?;
        Ok((entry, params))
    }

    /// Reads a sum of partizan positions written `game position… + game position… + …`;
    /// a part that does not begin with a game id is a position of the previous part's
    /// game.
    ///
    /// ```
    /// use nimlab::games::{Arg, Catalogue};
    /// let cat = Catalogue::standard();
    /// let tokens = ["domineering", "..|..", "+", "clobber", "xo"];
    /// let args: Vec<Arg> = tokens.iter().enumerate().map(|(i, t)| Arg::new(t, i + 1)).collect();
    /// let sum = cat.parse_partizan_sum_args(&args).unwrap();
    /// assert_eq!(sum.notation(), "domineering ..|.. + clobber xo");
    /// ```
    ///
    /// # Errors
    /// Unknown ids, bad parameters and bad positions, each naming the argument; an empty
    /// part; an impartial game in the sum.
    pub fn parse_partizan_sum_args(&self, tokens: &[Arg<'_>]) -> Result<PartizanSum> {
        if tokens.is_empty() {
            return Err(Error::missing(
                "the game and the position are missing",
                "a game id followed by a position, e.g. `domineering ....|....`",
            ));
        }
        let mut parts = Vec::new();
        let mut last_id: Option<&str> = None;
        for (k, part) in tokens.split(|t| t.text == "+").enumerate() {
            let Some(first) = part.first() else {
                return Err(Error::missing(
                    format!("part {} of the sum is empty", k + 1),
                    "a game id and a position on each side of `+`, e.g. `domineering ..|.. + clobber xo`",
                ));
            };
            let (id, rest) = if self.is_partizan(first.text) {
                (first.text, &part[1..])
            } else if self.lookup(first.text).is_ok() {
                return Err(Error::parse(
                    first.text,
                    first.index,
                    format!(
                        "a partizan game: `{}` is impartial, and a sum here is of partizan games only",
                        first.text
                    ),
                ));
            } else if let Some(id) = last_id {
                (id, part)
            } else {
                return Err(Error::unknown_game(
                    first.text.to_string(),
                    self.closest(first.text.split(':').next().unwrap_or("")),
                ));
            };
            let (entry, params) = self.lookup_partizan(id)?;
            if rest.is_empty() {
                return Err(Error::missing(
                    format!("the position of `{id}` is missing"),
                    format!("a position after the id: {}", entry.position),
                ));
            }
            parts.extend((entry.build)(params, rest)?);
            last_id = Some(id);
        }
        Ok(PartizanSum { parts })
    }

    /// The games, in the order `nimlab games` lists them.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Every game, impartial ones first, as the front ends list them.
    ///
    /// ```
    /// let list = nimlab::games::Catalogue::standard().list();
    /// let nim = list.iter().find(|g| g.id == "nim").unwrap();
    /// assert_eq!(nim.kind, nimlab::games::GameKind::Impartial);
    /// let dom = list.iter().find(|g| g.id == "domineering").unwrap();
    /// assert_eq!(dom.kind, nimlab::games::GameKind::Partizan);
    /// ```
    pub fn list(&self) -> Vec<GameInfo> {
        let impartial = self.entries.iter().map(|e| GameInfo {
            id: e.name,
            usage: e.usage,
            kind: GameKind::Impartial,
            summary: e.summary,
            position: e.position,
            example: e.example,
            start: e.start,
        });
        let partizan = self.partizan.iter().map(|e| GameInfo {
            id: e.name,
            usage: e.usage,
            kind: GameKind::Partizan,
            summary: e.summary,
            position: e.position,
            example: e.example,
            start: e.start,
        });
        impartial.chain(partizan).collect()
    }

    /// The game and position a game starts from when only its id is given: the id,
    /// with the parameters of the entry's example when it needs parameters and has none
    /// (`subtraction` plays `subtraction:1,3,4`), then the entry's start position, token
    /// by token.
    ///
    /// ```
    /// let cat = nimlab::games::Catalogue::standard();
    /// assert_eq!(cat.start("nim").unwrap(), ["nim", "1", "3", "5", "7"]);
    /// assert_eq!(cat.start("subtraction").unwrap(), ["subtraction:1,3,4", "10", "7"]);
    /// assert_eq!(cat.start("subtraction:2,5").unwrap(), ["subtraction:2,5", "10", "7"]);
    /// assert_eq!(cat.start("domineering").unwrap(), ["domineering", "4x4"]);
    /// assert!(cat.start("nimm").is_err());
    /// ```
    ///
    /// # Errors
    /// An unknown id, or parameters the game does not take.
    pub fn start(&self, id: &str) -> Result<Vec<String>> {
        let (name, params) = match id.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (id, None),
        };
        let found = match self.entries.iter().find(|e| e.name == name) {
            Some(e) => Some((e.params, e.example, e.start)),
            None => self
                .partizan
                .iter()
                .find(|e| e.name == name)
                .map(|e| (e.params, e.example, e.start)),
        };
        let Some((kind, example, start)) = found else {
            return Err(Error::unknown_game(id.to_string(), self.closest(name)));
        };
        let full = match (kind, params) {
            (Params::Required, None | Some("")) => example
                .split_whitespace()
                .next()
                .unwrap_or(name)
                .to_string(),
            _ => id.to_string(),
        };
        Ok(std::iter::once(full)
            .chain(start.split_whitespace().map(String::from))
            .collect())
    }

    /// The entry whose name begins `id` (before any `:`).
    ///
    /// # Errors
    /// [`RuleError::UnknownGame`](crate::RuleError::UnknownGame) with the closest id as a suggestion.
    pub fn lookup<'a>(&self, id: &'a str) -> Result<(&Entry, Option<&'a str>)> {
        let (name, params) = match id.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (id, None),
        };
        let Some(entry) = self.entries.iter().find(|e| e.name == name) else {
            if self.is_partizan(name) {
                return Err(Error::Unsupported(format!(
                    "`{name}` is a partizan game: it cannot be a part of a sum of impartial games"
                )));
            }
            return Err(Error::unknown_game(id.to_string(), self.closest(name)));
        };
        check_params(id, entry.name, entry.usage, entry.params, params)?;
        Ok((entry, params))
    }

    /// The catalogue id closest to `name`, if one is close: first one that differs only
    /// in case, hyphens and other punctuation (`rook3` is `rook-3`), then the nearest by
    /// edit distance, ties going to the nearest without punctuation. It is named by its
    /// usage without the parameters it may go without (`wythoff`, not `wythoff[:any|all]`).
    fn closest(&self, name: &str) -> Option<String> {
        self.closest_usage(name)
            .map(|usage| usage.split('[').next().unwrap_or(usage).to_string())
    }

    fn closest_usage(&self, name: &str) -> Option<&'static str> {
        fn squash(s: &str) -> String {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        }
        let lower = name.to_lowercase();
        let squashed = squash(name);
        if squashed.is_empty() {
            return None;
        }
        let names = self
            .entries
            .iter()
            .map(|e| (e.name, e.usage))
            .chain(self.partizan.iter().map(|e| (e.name, e.usage)));
        if let Some((_, usage)) = names.clone().find(|(name, _)| squash(name) == squashed) {
            return Some(usage);
        }
        names
            .map(|(name, usage)| (strsim::damerau_levenshtein(&lower, name), name, usage))
            .filter(|(d, name, _)| *d <= 2.max(name.len() / 3) || name.starts_with(&lower))
            .min_by_key(|(d, name, _)| (*d, strsim::damerau_levenshtein(&squashed, &squash(name))))
            .map(|(_, _, usage)| usage)
    }

    /// Reads one game: its id and the tokens of its position. `first_index` is the
    /// 1-based place of the first position token, for error messages.
    ///
    /// ```
    /// let cat = nimlab::games::Catalogue::standard();
    /// let p = cat.parse_position("nim", &["3", "5"], 2).unwrap();
    /// assert_eq!(p.notation(), "3 5");
    /// ```
    ///
    /// # Errors
    /// Unknown ids, bad parameters and bad positions, each naming the token.
    pub fn parse_position(
        &self,
        id: &str,
        tokens: &[&str],
        first_index: usize,
    ) -> Result<Box<dyn Position>> {
        self.parse_position_args(id, &number(tokens, first_index))
    }

    fn parse_position_args(&self, id: &str, args: &[Arg<'_>]) -> Result<Box<dyn Position>> {
        let (entry, params) = self.lookup(id)?;
        (entry.build)(params, args)
    }

    /// Reads a sum written `game position… + game position… + …`. A part that does not
    /// begin with a game id is a position of the previous part's game.
    ///
    /// ```
    /// let cat = nimlab::games::Catalogue::standard();
    /// let sum = cat.parse_sum(&["subtraction:1-5", "12", "+", "subtraction:1-3", "17"]).unwrap();
    /// assert_eq!(sum.parts.len(), 2);
    /// assert_eq!(sum.notation(), "subtraction:1-5 12 + subtraction:1-3 17");
    /// ```
    ///
    /// # Errors
    /// As [`Catalogue::parse_position`]; an empty part is an error too.
    pub fn parse_sum(&self, tokens: &[&str]) -> Result<Sum> {
        self.parse_sum_args(&number(tokens, 1))
    }

    /// Reads a sum as [`Catalogue::parse_sum`] does, from tokens that say where each was
    /// read (the command line or the standard input), for error messages.
    ///
    /// ```
    /// use nimlab::games::{Arg, Catalogue};
    /// use nimlab::Origin;
    /// let cat = Catalogue::standard();
    /// let piped = |text, index| Arg { text, index, origin: Origin::StandardInput };
    /// let args = [Arg::new("nim", 1), piped("3", 1), piped("x5", 2)];
    /// let err = cat.parse_sum_args(&args).unwrap_err();
    /// assert!(err.to_string().contains("`x5` (token 2 of standard input)"));
    /// ```
    ///
    /// # Errors
    /// As [`Catalogue::parse_sum`].
    pub fn parse_sum_args(&self, tokens: &[Arg<'_>]) -> Result<Sum> {
        if tokens.is_empty() {
            return Err(Error::missing(
                "the game and the position are missing",
                "a game id followed by a position, e.g. `nim 3 5 7`",
            ));
        }
        let mut parts: Vec<Box<dyn Position>> = Vec::new();
        let mut last_id: Option<String> = None;
        let mut start = 0;
        while start <= tokens.len() {
            let end = tokens[start..]
                .iter()
                .position(|t| t.text == "+")
                .map_or(tokens.len(), |k| start + k);
            let part = &tokens[start..end];
            if part.is_empty() {
                // Between the `+` before this part (if any) and the one after it (if any).
                let plus = |t: &Arg<'_>| format!("`+` ({})", t.place());
                let place = match (start.checked_sub(1).map(|k| &tokens[k]), tokens.get(end)) {
                    (Some(before), Some(after)) => {
                        format!("between {} and {}", plus(before), plus(after))
                    }
                    (Some(before), None) => format!("after {}", plus(before)),
                    (None, Some(after)) => format!("before {}", plus(after)),
                    // Not reached: the tokens are not empty, so an empty part has a `+`.
                    (None, None) => "here".to_string(),
                };
                return Err(Error::missing(
                    format!("a position is missing {place}"),
                    "a game id and a position on each side of `+`, e.g. `nim 3 + nim 5`",
                ));
            }
            let first = part[0].text;
            let position = match self.lookup(first) {
                Ok(_) => {
                    last_id = Some(first.to_string());
                    self.parse_position_args(first, &part[1..])?
                }
                Err(unknown) => {
                    let Some(id) = &last_id else {
                        return Err(unknown);
                    };
                    match self.parse_position_args(id, part) {
                        Ok(p) => p,
                        Err(_) if looks_like_id(first) => return Err(unknown),
                        Err(e) => return Err(e),
                    }
                }
            };
            parts.push(position);
            start = end + 1;
        }
        Ok(Sum { parts })
    }
}

/// Refuses parameters that `id`'s game does not take, or their absence when it needs them.
fn check_params(
    id: &str,
    name: &str,
    usage: &str,
    kind: Params,
    params: Option<&str>,
) -> Result<()> {
    match (kind, params) {
        (Params::None, Some(_)) => Err(Error::parameters(
            id,
            format!("`{name}` takes no parameters; write `{usage}`"),
        )),
        (Params::Required, None) | (Params::Required, Some("")) => Err(Error::parameters(
            id,
            format!("`{name}` needs parameters: write `{usage}`"),
        )),
        _ => Ok(()),
    }
}

/// True for tokens that look like a game id (`nim`, `subtraction:1-3`) rather than a
/// position.
fn looks_like_id(token: &str) -> bool {
    token.contains(':')
        || (token.len() > 1
            && token.chars().all(|c| c.is_ascii_lowercase() || c == '-')
            && token.chars().any(|c| c.is_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `tokens` as a sum of the catalogue, impartial or partizan.
    fn reads(cat: &Catalogue, tokens: &[String]) -> Result<String> {
        let args: Vec<Arg<'_>> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| Arg::new(t, i + 1))
            .collect();
        if cat.is_partizan(&tokens[0]) {
            Ok(cat.parse_partizan_sum_args(&args)?.notation())
        } else {
            Ok(cat.parse_sum_args(&args)?.notation())
        }
    }

    #[test]
    fn every_entry_reads_its_example_and_its_start() {
        let cat = Catalogue::standard();
        let list = cat.list();
        assert_eq!(
            list.len(),
            cat.entries().len() + cat.partizan_entries().len()
        );
        for g in &list {
            // The example is the one the position's description gives, with its id.
            let example: Vec<String> = g.example.split_whitespace().map(String::from).collect();
            let id = &example[0];
            assert!(
                id == g.id || id.starts_with(&format!("{}:", g.id)),
                "{}: example {:?}",
                g.id,
                g.example
            );
            let position = example[1..].join(" ");
            assert!(
                g.position.contains(&format!("`{}`", g.example))
                    || g.position.contains(&format!("`{position}`")),
                "{}: {:?} is not the example of {:?}",
                g.id,
                g.example,
                g.position
            );
            reads(&cat, &example).unwrap_or_else(|e| panic!("{}: {e}", g.example));
            // The start, with the example's parameters when the id needs some.
            let start = cat.start(g.id).unwrap();
            assert_eq!(start[1..].join(" "), g.start);
            reads(&cat, &start).unwrap_or_else(|e| panic!("{}: {e}", start.join(" ")));
            let params = cat.entries().iter().find(|e| e.name == g.id).map_or_else(
                || {
                    cat.partizan_entries()
                        .iter()
                        .find(|e| e.name == g.id)
                        .unwrap()
                        .params
                },
                |e| e.params,
            );
            if params == Params::Required {
                assert_eq!(&start[0], id, "{}: the default parameters", g.id);
            } else {
                assert_eq!(start[0], g.id);
            }
        }
    }

    fn error(tokens: &[&str]) -> String {
        Catalogue::standard()
            .parse_sum(tokens)
            .unwrap_err()
            .to_string()
    }

    fn suggestion(id: &str) -> Option<String> {
        match Catalogue::standard().lookup(id) {
            Err(Error::Rule(crate::RuleError::UnknownGame { suggestion, .. })) => suggestion,
            other => panic!("{id}: {:?}", other.map(|(e, _)| e.name)),
        }
    }

    #[test]
    fn unknown_ids_suggest_the_catalogue_id_they_resemble() {
        assert_eq!(suggestion("rook3").as_deref(), Some("rook-3"));
        assert_eq!(suggestion("Rook_3").as_deref(), Some("rook-3"));
        assert_eq!(suggestion("dawsonkayles").as_deref(), Some("dawson-kayles"));
        assert_eq!(suggestion("twoheaps3").as_deref(), Some("two-heaps-3"));
        assert_eq!(suggestion("nimm").as_deref(), Some("nim"));
        assert_eq!(suggestion("wythof").as_deref(), Some("wythoff"));
        assert_eq!(suggestion("Kubo").as_deref(), Some("kubo"));
        assert_eq!(suggestion("subtractoin").as_deref(), Some("subtraction:S"));
        assert_eq!(suggestion("foobarbaz"), None);
        assert_eq!(suggestion("-"), None);
        assert_eq!(error(&["foobarbaz", "1"]), "unknown game `foobarbaz`");
        assert_eq!(
            error(&["rook3", "1,1"]),
            "unknown game `rook3`: did you mean `rook-3`?"
        );
    }

    #[test]
    fn a_missing_part_of_a_sum_is_named_by_its_plus() {
        let expected = ": expected a game id and a position on each side of `+`";
        assert_eq!(
            error(&["nim", "3", "+"]),
            format!("a position is missing after `+` (argument 3){expected}, e.g. `nim 3 + nim 5`")
        );
        assert!(
            error(&["+", "nim", "3"]).starts_with("a position is missing before `+` (argument 1)")
        );
        assert!(error(&["nim", "3", "+", "+", "nim", "4"])
            .starts_with("a position is missing between `+` (argument 3) and `+` (argument 4)"));
        assert!(error(&[]).starts_with("the game and the position are missing"));
    }
}
