//! CGSuite's notation for misère canonical forms, `*[…]`: printing exactly as CGSuite
//! prints, and reading both CGSuite 2.x lists (`*[[2],0]`, `*[4,2]`, `*[[*[4]+*[2]]]`)
//! and the 1.x string shorthand that the printer writes (`*[2#0]`, `*[2[2]]`, `*[42]`,
//! `*[(2#320)#(32)]`, `*[2[/22//2]]`).
//!
//! Printed form of a game G of birthday b: the digit b if G is the nim-heap `*b` (`&n;`
//! for n ≥ 10); else, trying i = 2, 4, … (3, 5, … when G is odd) below b, `(G − *i)` with
//! subscript `i` when `*i` is a part of G and G − *i is born earlier, or `(G + *i)` with
//! subscript `-i` when G + *i is born earlier; else `E` with subscript `1` for an odd
//! G = E + *; else the only option followed by `#`; else the options in descending
//! canonical order, in parentheses when nested. In plain text a subscript opens with `[`
//! after its base and closes with `]` at the end of the option; subscripts chain left to
//! right.

use super::canonical::{MisereId, MisereStore};
use crate::{Error, ParseError, Result};

/// The deepest nesting of `[`, `(` and `*[` that is read.
pub const MAX_DEPTH: usize = 64;

/// The longest text read, in bytes.
pub const MAX_INPUT: usize = 1 << 20;

/// The largest nim-heap that is read (`*[4096]` or `&4096;`).
pub const MAX_HEAP: usize = 4096;

/// The latest-born game printed: the printer nests no deeper than the birthday, and
/// looks for nim-heap parts of every size below it.
pub const MAX_PRINT_BIRTHDAY: u32 = 256;

fn digit(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

impl MisereStore {
    /// The game as CGSuite prints it: `*[…]`.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let g = s.parse("*[[2],0]").unwrap();
    /// assert_eq!(s.display(g).unwrap(), "*[2#0]");
    /// let two = s.nim_heap(2).unwrap();
    /// let sum = s.add(two, two).unwrap();
    /// assert_eq!(s.display(sum).unwrap(), "*[2[2]]");
    /// ```
    pub fn display(&mut self, g: MisereId) -> Result<String> {
        self.check(g)?;
        if self.birthday(g) > MAX_PRINT_BIRTHDAY {
            return Err(Error::limit(
                format!("printing a misère game born on day {}", self.birthday(g)),
                format!("games born by day {MAX_PRINT_BIRTHDAY}"),
            ));
        }
        let mut out = String::from("*[");
        let mut sub = false;
        self.print_node(g, &mut out, false, &mut sub)?;
        if sub {
            out.push(']');
        }
        out.push(']');
        Ok(out)
    }

    fn print_node(
        &mut self,
        g: MisereId,
        out: &mut String,
        parenthesize: bool,
        sub: &mut bool,
    ) -> Result<()> {
        // Each level is born earlier than the one above it, so the printer nests no
        // deeper than the birthday, which `display` bounds.
        let b = self.birthday(g);
        if self.nim_heap(b as usize)? == g {
            out.push_str(&digit(b));
            if *sub {
                out.push('[');
            }
            return Ok(());
        }
        let mut i = g.parity() + 2;
        while i < b {
            let heap = self.nim_heap(i as usize)?;
            if let Some(d) = self.misere_minus(g, heap)?
                && self.birthday(d) < b
            {
                *sub = true;
                self.print_node(d, out, true, sub)?;
                out.push_str(&digit(i));
                return Ok(());
            }
            let s = self.add(g, heap)?;
            if self.birthday(s) < b {
                *sub = true;
                self.print_node(s, out, true, sub)?;
                out.push('-');
                out.push_str(&digit(i));
                return Ok(());
            }
            i += 2;
        }
        if g.parity() == 1 {
            *sub = true;
            self.print_node(g.even(), out, true, sub)?;
            out.push('1');
            return Ok(());
        }
        let opts = self.options(g);
        if opts.len() < 2 {
            self.print_node(opts[0], out, true, sub)?;
            out.push('#');
            return Ok(());
        }
        if parenthesize {
            out.push('(');
        }
        for &o in opts.iter().rev() {
            let mut inner = false;
            self.print_node(o, out, true, &mut inner)?;
            if inner {
                out.push(']');
            }
        }
        if parenthesize {
            out.push(')');
        }
        if *sub {
            out.push('[');
        }
        Ok(())
    }

    /// Reads a misère game in CGSuite's notation: a sum of terms `*[…]` separated by `+`.
    /// A term's body is a CGSuite 2.x list when it has a comma at its top level or
    /// begins with `[` or `*` (an integer is a nim-heap, a nested list the game of its
    /// elements, `*[…]` terms may be summed), else the 1.x string shorthand as printed
    /// (digits are nim-heaps, `&n;` the heap n, `#` or a subscript `[…]` of `#`, `/`,
    /// digits and `-`digit apply to the item before, parentheses group a game). So
    /// `*[42]` is `{*4, *2}`, as CGSuite prints it (CGSuite 2.x would read it as the
    /// nim-heap 42, which is written here `*[&42;]`, as printed, or `*[42,]`).
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let a = s.parse("*[2[2]]").unwrap();
    /// let b = s.parse("*[2] + *[2]").unwrap();
    /// assert_eq!(a, b);
    /// let c = s.parse("*[[2],0]").unwrap();
    /// assert_eq!(c, s.parse("*[2#0]").unwrap());
    /// let err = s.parse("*[2#0").unwrap_err();
    /// assert!(err.to_string().contains("column 6"));
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<MisereId> {
        let mut p = Parser::new(text, 0, self)?;
        let g = p.sum()?;
        p.skip_ws();
        if p.pos < p.bytes.len() {
            return Err(p.error("`+` or the end of the input"));
        }
        Ok(g)
    }

    /// Reads the one term `*[…]` that begins at byte `start` of `text` (as
    /// [`MisereStore::parse`] reads a term), for a reader of a larger text: returns the
    /// game and the byte just after the term's `]`; an error names its column in the
    /// whole of `text`.
    ///
    /// ```
    /// let mut s = nimlab::misere::MisereStore::new();
    /// let (g, end) = s.parse_at("x := *[2#] + 1", 5).unwrap();
    /// assert_eq!((s.display(g).unwrap().as_str(), end), ("*[2#]", 10));
    /// let err = s.parse_at("1 + *[2#0 x]", 4).unwrap_err();
    /// assert!(err.to_string().contains("column 11"), "{err}");
    /// ```
    pub fn parse_at(&mut self, text: &str, start: usize) -> Result<(MisereId, usize)> {
        let mut p = Parser::new(text, start, self)?;
        let g = p.term()?;
        Ok((g, p.pos))
    }
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
    store: &'a mut MisereStore,
}

impl<'a> Parser<'a> {
    /// A reader of `text` from byte `start`, refusing a text beyond [`MAX_INPUT`].
    fn new(text: &'a str, start: usize, store: &'a mut MisereStore) -> Result<Parser<'a>> {
        if text.len() > MAX_INPUT {
            return Err(Error::limit(
                format!("a misère game of {} bytes", text.len()),
                format!("at most {MAX_INPUT} bytes"),
            ));
        }
        Ok(Parser {
            text,
            bytes: text.as_bytes(),
            pos: start.min(text.len()),
            depth: 0,
            store,
        })
    }
}

impl Parser<'_> {
    fn error(&self, expected: &str) -> Error {
        self.error_at(self.pos, expected)
    }

    fn error_at(&self, pos: usize, expected: &str) -> Error {
        let column = self.text[..pos.min(self.text.len())].chars().count();
        Error::Parse(ParseError::Expression {
            input: self.text.to_string(),
            column,
            expected: expected.to_string(),
        })
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, c: u8, what: &str) -> Result<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(what))
        }
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(&format!("at most {MAX_DEPTH} levels of nesting")));
        }
        Ok(())
    }

    /// term (`+` term)*
    fn sum(&mut self) -> Result<MisereId> {
        self.skip_ws();
        let mut g = self.term()?;
        loop {
            self.skip_ws();
            if self.peek() != Some(b'+') {
                return Ok(g);
            }
            self.pos += 1;
            self.skip_ws();
            let h = self.term()?;
            g = self.store.add(g, h)?;
        }
    }

    /// `*[` body `]`
    fn term(&mut self) -> Result<MisereId> {
        self.expect(b'*', "`*[`, a misère game")?;
        self.expect(b'[', "`[` after `*`")?;
        self.enter()?;
        self.skip_ws();
        let g = if self.peek() == Some(b']') {
            self.store.zero()
        } else if self.is_list_body() {
            let elems = self.elements()?;
            if elems.len() == 1 {
                elems[0]
            } else {
                self.store.game(elems)?
            }
        } else {
            let items = self.items(b']')?;
            if items.len() == 1 {
                items[0]
            } else {
                self.store.game(items)?
            }
        };
        self.skip_ws();
        self.expect(b']', "`]` closing `*[`")?;
        self.depth -= 1;
        Ok(g)
    }

    /// Whether the body at the cursor is a 2.x list: begins with `[` or `*`, or has a
    /// comma before its closing bracket.
    fn is_list_body(&self) -> bool {
        if matches!(self.peek(), Some(b'[') | Some(b'*')) {
            return true;
        }
        let mut level = 0usize;
        for &c in &self.bytes[self.pos..] {
            match c {
                b'[' | b'(' => level += 1,
                b']' | b')' => {
                    if level == 0 {
                        return false;
                    }
                    level -= 1;
                }
                b',' if level == 0 => return true,
                _ => {}
            }
        }
        false
    }

    /// element (`,` element)*, up to (not including) the closing `]`.
    fn elements(&mut self) -> Result<Vec<MisereId>> {
        let mut out = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(b']') && !out.is_empty() {
                // A trailing comma.
                return Ok(out);
            }
            out.push(self.element()?);
            self.skip_ws();
            if self.peek() == Some(b',') {
                self.pos += 1;
            } else {
                return Ok(out);
            }
        }
    }

    /// An integer (a nim-heap), a list `[…]` (the game of its elements) or a sum of
    /// `*[…]` terms.
    fn element(&mut self) -> Result<MisereId> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
                let n = self.text[start..self.pos]
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n <= MAX_HEAP)
                    .ok_or_else(|| {
                        Error::limit(
                            format!("the nim-heap {}", &self.text[start..self.pos]),
                            format!("heaps up to {MAX_HEAP}"),
                        )
                    })?;
                self.store.nim_heap(n)
            }
            Some(b'[') => {
                self.pos += 1;
                self.enter()?;
                self.skip_ws();
                let elems = if self.peek() == Some(b']') {
                    Vec::new()
                } else {
                    self.elements()?
                };
                self.skip_ws();
                self.expect(b']', "`,` or `]` closing the list")?;
                self.depth -= 1;
                self.store.game(elems)
            }
            Some(b'*') => self.sum(),
            _ => Err(self.error("a nim-heap size, `[` or `*[`")),
        }
    }

    /// 1.x items up to `close`.
    fn items(&mut self, close: u8) -> Result<Vec<MisereId>> {
        let mut out = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(c) if c == close => return Ok(out),
                None | Some(b']') | Some(b')') => {
                    return Err(self.error(if close == b']' {
                        "`]` closing `*[`"
                    } else {
                        "`)` closing `(`"
                    }));
                }
                _ => out.push(self.item()?),
            }
        }
    }

    /// `&n;` at the cursor (after `&`), as a heap size.
    fn entity(&mut self) -> Result<usize> {
        self.pos += 1;
        let digits = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if digits == self.pos {
            return Err(self.error("the digits of a heap size after `&`"));
        }
        let n = self.text[digits..self.pos]
            .parse::<usize>()
            .ok()
            .filter(|&n| n <= MAX_HEAP);
        let n = match n {
            Some(n) => n,
            None => {
                return Err(Error::limit(
                    format!("the nim-heap {}", &self.text[digits..self.pos]),
                    format!("heaps up to {MAX_HEAP}"),
                ));
            }
        };
        if self.peek() != Some(b';') {
            return Err(self.error("`;` closing `&` and a heap size"));
        }
        self.pos += 1;
        Ok(n)
    }

    /// A heap size: one digit or `&n;`.
    fn heap_size(&mut self) -> Result<Option<usize>> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                self.pos += 1;
                Ok(Some((c - b'0') as usize))
            }
            Some(b'&') => self.entity().map(Some),
            _ => Ok(None),
        }
    }

    /// atom (`#` | `[` subscripts `]`)*
    fn item(&mut self) -> Result<MisereId> {
        let mut g = match self.peek() {
            Some(b'(') => {
                self.pos += 1;
                self.enter()?;
                let open = self.pos - 1;
                let items = self.items(b')')?;
                self.pos += 1;
                self.depth -= 1;
                match items.len() {
                    0 => return Err(self.error_at(open + 1, "a game inside `(`")),
                    1 => items[0],
                    _ => self.store.game(items)?,
                }
            }
            _ => match self.heap_size()? {
                Some(n) => self.store.nim_heap(n)?,
                None => return Err(self.error("a digit, `&n;` or `(`")),
            },
        };
        loop {
            match self.peek() {
                Some(b'#') => {
                    self.pos += 1;
                    g = self.store.game(vec![g])?;
                }
                Some(b'[') => {
                    self.pos += 1;
                    self.enter()?;
                    let mut any = false;
                    loop {
                        let at = self.pos;
                        match self.peek() {
                            Some(b'#') | Some(b'/') => {
                                self.pos += 1;
                                g = self.store.game(vec![g])?;
                            }
                            Some(b'-') => {
                                self.pos += 1;
                                let Some(n) = self.heap_size()? else {
                                    return Err(self.error("a digit or `&n;` after `-`"));
                                };
                                let h = self.store.nim_heap(n)?;
                                g = match self.store.misere_minus(g, h)? {
                                    Some(d) => d,
                                    None => {
                                        return Err(self.error_at(
                                            at,
                                            "a subscript `-n` with *n a part of the game \
                                             before it (misère canonical forms are not \
                                             subtractable otherwise)",
                                        ));
                                    }
                                };
                            }
                            Some(b']') if any => {
                                self.pos += 1;
                                break;
                            }
                            _ => match self.heap_size()? {
                                Some(n) => {
                                    let h = self.store.nim_heap(n)?;
                                    g = self.store.add(g, h)?;
                                }
                                None => {
                                    return Err(self.error(if any {
                                        "`#`, `/`, a digit, `-` or `]` in a subscript"
                                    } else {
                                        "`#`, `/`, a digit or `-` in a subscript"
                                    }));
                                }
                            },
                        }
                        any = true;
                    }
                    self.depth -= 1;
                }
                _ => return Ok(g),
            }
        }
    }
}
