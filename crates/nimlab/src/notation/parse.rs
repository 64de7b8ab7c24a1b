//! The parser of game expressions in CGSuite's plain-text notation.
//!
//! The grammar follows CGSuite's, from the loosest operator to the tightest:
//!
//! ```text
//! statement  := name ":=" compare | compare
//! compare    := additive [("==" | "!=" | "<=" | ">=" | "<" | ">" | "<|" | "|>" | "<>") additive]
//! additive   := ordinal (("+" | "-") ordinal | "+-" plusminus)*
//! ordinal    := multiply (":" multiply)*
//! multiply   := unary (("*" | "/") unary)*
//! unary      := "+-" plusminus | "-" unary | "+" unary | power
//! plusminus  := "{" list "}" | unary           (after a binary "+-": ordinal)
//! power      := postfix ["^" power]
//! postfix    := primary ("." name ["(" args ")"])*
//! ```
//!
//! so `3 +- 1` is 3 + ±1, `-2^2` is −4, `2^3` is 8, `1/2^3` is 1/8 and `a : b : c` is
//! (a : b) : c. Chains of one level (`a + b - c`, `a * b / c`, `a : b : c`) are read into
//! one flat [`Expr::Chain`], so that a long sum nests no deeper than its terms.

use crate::conway::Dyadic;
use crate::{Error, Result};
use num_bigint::BigInt;
use num_traits::Zero;
use std::sync::Arc;

/// The deepest nesting of braces, parentheses, prefix operators, powers and method calls
/// an expression may have.
pub const MAX_DEPTH: usize = 64;

/// The longest expression read, in bytes (a mebibyte).
pub const MAX_INPUT: usize = 1 << 20;

/// The longest uptimal written `^<n>` or `^[n]` that is read.
pub const MAX_UPTIMAL: usize = 64;

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<|`: less than or confused with.
    LessOrConfused,
    /// `|>`: greater than or confused with.
    GreaterOrConfused,
    /// `<>`: confused with.
    Confused,
}

/// A left-associative binary operator of a [`Expr::Chain`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `a + b` (also `a +- b`, read as a + (±b)).
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`: an integer times a game, or the product of two numbers.
    Times,
    /// `a / b`: a quotient of numbers (`1/3`, `1/(omega+1)`).
    Div,
    /// `a : b`: the ordinal sum.
    Ordinal,
}

/// An expression, as read.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// `x + n·↑ + *m` written as one literal (`9/8*`, `^^*3`, `v9*8`, `5`).
    Nus {
        /// The number part.
        number: Dyadic,
        /// The ups.
        ups: i64,
        /// The nimber.
        nim: u64,
    },
    /// An uptimal written as CGSuite prints it: `^<2>` (↑², i.e. `^.Pow(2)`), `v[3]*`
    /// (−(↑ + ↑² + ↑³) + *), with a number in front if any (`3^<2>`).
    Uptimal(crate::conway::Uptimal),
    /// `*(e)`: the nimber of an integer expression.
    StarOf(Box<Expr>),
    /// `{L | R}`.
    Game(Vec<Expr>, Vec<Expr>),
    /// `-e`.
    Neg(Box<Expr>),
    /// `e₀ op₁ e₁ op₂ e₂ …`, evaluated from the left: `a + b - c`, `2 * g`, `a : b : c`.
    Chain(Box<Expr>, Vec<(BinOp, Expr)>),
    /// `+-G` or `+-{a,b}`: `{G | -G}`.
    PlusMinus(Vec<Expr>),
    /// `a ^ b`, a power of a number (`2^100`, `omega^omega`, `(omega+1)^2`).
    Power(Box<Expr>, Box<Expr>),
    /// A function call: `Tiny(G)`, `Miny(G)`.
    Call(String, Vec<Expr>),
    /// A method call: `G.Name` or `G.Name(args)`.
    Method(Box<Expr>, String, Vec<Expr>),
    /// A comparison.
    Compare(CompareOp, Box<Expr>, Box<Expr>),
    /// A variable.
    Var(String),
    /// A string in double quotes: a position of a ruleset, as in
    /// `domineering("..|..")`.
    Text(String),
    /// `name := e`.
    Assign(String, Box<Expr>),
    /// A misère canonical form in CGSuite's `*[…]` notation (`*[2#]`, `*[[2],0]`), read
    /// by [`MisereStore::parse_at`](crate::misere::MisereStore::parse_at) when it is
    /// valued.
    Misere(MisereLiteral),
    /// A misère canonical form written as a CGSuite list with expressions in it (a
    /// name, a brace or an up among them): `*[g + h, 2, [k]]` (CGSuite 2.x's `*` of a
    /// list: a list of one element is that element, a longer or empty one the game of
    /// its elements).
    MisereList(Vec<MisereElement>),
}

/// An element of a list `*[…]` that holds expressions.
///
/// ```
/// use nimlab::notation::{parse, Expr, MisereElement};
/// let Expr::MisereList(items) = parse("*[[g], 0]").unwrap() else { panic!() };
/// assert!(matches!(&items[0], MisereElement::List(inner) if inner.len() == 1));
/// assert!(matches!(&items[1], MisereElement::Expr(_)));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum MisereElement {
    /// An expression: a misère form, or a nim-heap (an integer n or a nimber *n).
    Expr(Expr),
    /// A list `[…]`: the game whose options are its elements.
    List(Vec<MisereElement>),
}

/// A misère canonical form written `*[…]` in an expression: where it stands in the
/// expression, so that the misère reader names its errors' columns in the whole
/// expression.
///
/// ```
/// use nimlab::notation::{parse, Expr};
/// let Expr::Method(x, name, _) = parse("*[2#0].Genus").unwrap() else { panic!() };
/// let Expr::Misere(lit) = *x else { panic!("a misère literal") };
/// assert_eq!((lit.text(), name.as_str()), ("*[2#0]", "Genus"));
/// assert_eq!((lit.start, lit.end), (0, 6));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct MisereLiteral {
    /// The whole expression the literal was read from.
    pub input: Arc<str>,
    /// Where the literal begins (at its `*`), in bytes of `input`.
    pub start: usize,
    /// Where it ends (after its closing `]`), in bytes of `input`.
    pub end: usize,
}

impl MisereLiteral {
    /// The literal as written: `*[…]`.
    ///
    /// ```
    /// use nimlab::notation::{parse, Expr};
    /// let Expr::Misere(lit) = parse("*[[2], 0]").unwrap() else { panic!() };
    /// assert_eq!(lit.text(), "*[[2], 0]");
    /// ```
    pub fn text(&self) -> &str {
        &self.input[self.start..self.end]
    }
}

impl Expr {
    /// Whether the expression writes a game out in the notation alone: numbers, ups,
    /// nimbers and uptimals (`3/4`, `^*`, `*5`, `^<2>`), braces of such games
    /// (`{3||2|1}`), `+-` and a minus before them. Its value is the game put in canonical
    /// form, with no sum, product, power, call, method or name to evaluate, so it takes
    /// time in proportion to what is written.
    ///
    /// ```
    /// use nimlab::notation::parse;
    /// for text in ["{3||2|1}", "^*", "3/4", "+-1", "*5", "{0,*|-1/2}", "-{1|*}", "^<2>"] {
    ///     assert!(parse(text).unwrap().is_literal(), "{text}");
    /// }
    /// for text in ["1+*", "{1|*+1}", "2*{1|0}", "1/3", "2^3", "x", "Tiny(2)", "*.Birthday", "g := 1"] {
    ///     assert!(!parse(text).unwrap().is_literal(), "{text}");
    /// }
    /// ```
    pub fn is_literal(&self) -> bool {
        match self {
            Expr::Nus { .. } | Expr::Uptimal(_) => true,
            Expr::Game(left, right) => left.iter().chain(right).all(Expr::is_literal),
            Expr::PlusMinus(items) => items.iter().all(Expr::is_literal),
            Expr::Neg(x) => x.is_literal(),
            _ => false,
        }
    }
}

struct Parser<'a> {
    input: &'a str,
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    /// The input shared by its misère literals, with the byte offset of each character
    /// (and of the end), made at the first one.
    shared: Option<(Arc<str>, Vec<usize>)>,
}

/// Reads an expression (or an assignment `g := …`).
///
/// ```
/// use nimlab::notation::{parse, Expr};
/// assert!(matches!(parse("{0|*}").unwrap(), Expr::Game(..)));
/// let err = parse("{3|2|1}").unwrap_err().to_string();
/// assert!(err.contains("ambiguous"), "{err}");
/// assert!(err.contains("\n  {3|2|1}\n      ^"), "{err}");
/// // A long sum is one flat chain.
/// let sum = vec!["*"; 5000].join("+");
/// assert!(matches!(parse(&sum).unwrap(), Expr::Chain(_, terms) if terms.len() == 4999));
/// ```
///
/// # Errors
/// [`ParseError::Expression`](crate::ParseError::Expression) with the column and what was expected (nesting deeper than
/// [`MAX_DEPTH`] included); [`Error::Limit`] for an input longer than [`MAX_INPUT`]
/// bytes.
pub fn parse(input: &str) -> Result<Expr> {
    if input.len() > MAX_INPUT {
        return Err(Error::limit(
            format!("an expression of {} bytes", input.len()),
            format!("expressions up to {MAX_INPUT} bytes"),
        ));
    }
    let mut p = Parser {
        input,
        chars: input.chars().collect(),
        pos: 0,
        depth: 0,
        shared: None,
    };
    let e = p.statement()?;
    p.skip_ws();
    if p.pos < p.chars.len() {
        return Err(p.error("an operator or the end of the expression"));
    }
    Ok(e)
}

impl Parser<'_> {
    fn error_at(&self, column: usize, expected: impl Into<String>) -> Error {
        Error::Parse(crate::ParseError::Expression {
            input: self.input.to_string(),
            column,
            expected: expected.into(),
        })
    }

    fn error(&self, expected: impl Into<String>) -> Error {
        self.error_at(self.pos, expected)
    }

    fn skip_ws(&mut self) {
        while self.pos < self.chars.len() && self.chars[self.pos].is_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).copied()
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        let n = s.chars().count();
        if self.pos + n <= self.chars.len()
            && self.chars[self.pos..self.pos + n]
                .iter()
                .copied()
                .eq(s.chars())
        {
            self.pos += n;
            true
        } else {
            false
        }
    }

    /// One level deeper (a brace, a parenthesis, a prefix operator, a power, a method
    /// call), refused beyond [`MAX_DEPTH`] at the cursor, which is at the character that
    /// opens the level.
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_at(
                self.pos,
                format!(
                    "at most {MAX_DEPTH} levels of nesting (braces, parentheses, prefix \
                     operators, powers and method calls)"
                ),
            ));
        }
        Ok(())
    }

    fn statement(&mut self) -> Result<Expr> {
        self.skip_ws();
        let start = self.pos;
        if let Some(name) = self.ident() {
            if self.eat(":=") {
                let e = self.expr()?;
                return Ok(Expr::Assign(name, Box::new(e)));
            }
        }
        self.pos = start;
        self.expr()
    }

    fn expr(&mut self) -> Result<Expr> {
        let a = self.additive()?;
        self.skip_ws();
        if !matches!(self.peek(), Some('=' | '!' | '<' | '>' | '|')) {
            return Ok(a);
        }
        let ops = [
            ("==", CompareOp::Eq),
            ("!=", CompareOp::Ne),
            ("<=", CompareOp::Le),
            (">=", CompareOp::Ge),
            ("<|", CompareOp::LessOrConfused),
            ("|>", CompareOp::GreaterOrConfused),
            ("<>", CompareOp::Confused),
            ("<", CompareOp::Lt),
            (">", CompareOp::Gt),
        ];
        for (text, op) in ops {
            if self.eat(text) {
                let b = self.additive()?;
                return Ok(Expr::Compare(op, Box::new(a), Box::new(b)));
            }
        }
        Ok(a)
    }

    /// Whether `+-` (or `±`) is at the cursor.
    fn at_plus_minus(&self) -> bool {
        self.peek() == Some('±') || (self.peek() == Some('+') && self.peek_at(1) == Some('-'))
    }

    /// Consumes `+-` or `±` (the cursor is at it).
    fn skip_plus_minus(&mut self) {
        self.pos += if self.peek() == Some('±') { 1 } else { 2 };
    }

    /// `a + b - c +- d …`: a chain of sums, `a +- b` being a + (±b) as in CGSuite.
    fn additive(&mut self) -> Result<Expr> {
        let first = self.ordinal()?;
        let mut rest = Vec::new();
        loop {
            self.skip_ws();
            if self.at_plus_minus() {
                let b = self.plus_minus(true)?;
                rest.push((BinOp::Add, b));
            } else if self.peek() == Some('+') {
                self.pos += 1;
                rest.push((BinOp::Add, self.ordinal()?));
            } else if self.peek() == Some('-') {
                self.pos += 1;
                rest.push((BinOp::Sub, self.ordinal()?));
            } else {
                return Ok(chain(first, rest));
            }
        }
    }

    /// After `+-`: `{a,b,…}` (a switch with several options) or one operand, an ordinal
    /// sum after a binary `+-` (`3 +- 1:1` is 3 + ±(1:1)) and a power or prefixed
    /// operand after a prefix one (`+-2*3` is (±2)·3), as CGSuite reads them.
    fn plus_minus(&mut self, binary: bool) -> Result<Expr> {
        // At `+-` or `±`.
        self.enter()?;
        self.skip_plus_minus();
        self.skip_ws();
        let e = if self.peek() == Some('{') && self.brace_is_list() {
            self.pos += 1;
            let mut items = vec![self.additive()?];
            while self.eat(",") {
                items.push(self.additive()?);
            }
            if !self.eat("}") {
                return Err(self.error("`,` or `}`"));
            }
            Expr::PlusMinus(items)
        } else if binary {
            Expr::PlusMinus(vec![self.ordinal()?])
        } else {
            Expr::PlusMinus(vec![self.unary()?])
        };
        self.depth -= 1;
        Ok(e)
    }

    /// `a : b : c`, read as (a : b) : c (the ordinal sum is associative).
    fn ordinal(&mut self) -> Result<Expr> {
        let first = self.multiply()?;
        let mut rest = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(':') && self.peek_at(1) != Some('=') {
                self.pos += 1;
                rest.push((BinOp::Ordinal, self.multiply()?));
            } else {
                return Ok(chain(first, rest));
            }
        }
    }

    /// `a * b / c`. A `*` right after a number literal is its nimber (`2*3` is 2 + *3,
    /// as CGSuite prints it), unless a game follows it (`2*^`, `3*{1|0}`); a `*` after a
    /// space is a product (`2 * 3` is 6).
    fn multiply(&mut self) -> Result<Expr> {
        let first = self.unary()?;
        let mut rest = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some('*') => {
                    self.pos += 1;
                    rest.push((BinOp::Times, self.unary()?));
                }
                Some('/') => {
                    self.pos += 1;
                    rest.push((BinOp::Div, self.unary()?));
                }
                _ => return Ok(chain(first, rest)),
            }
        }
    }

    fn unary(&mut self) -> Result<Expr> {
        self.skip_ws();
        if self.at_plus_minus() {
            return self.plus_minus(false);
        }
        if self.peek() == Some('+') {
            self.enter()?;
            self.pos += 1;
            let e = self.unary()?;
            self.depth -= 1;
            return Ok(e);
        }
        if self.peek() == Some('-') {
            self.enter()?;
            self.pos += 1;
            // `-1v` is −1 + ↓ and `-1/2^*` is −1/2 + ↑*, as they are printed: the minus
            // of a literal belongs to its number only.
            let literal = self.peek().is_some_and(|c| c.is_ascii_digit());
            let e = if literal {
                self.power()?
            } else {
                self.unary()?
            };
            self.depth -= 1;
            return Ok(match e {
                Expr::Nus { number, ups, nim } if literal => Expr::Nus {
                    number: -&number,
                    ups,
                    nim,
                },
                Expr::Uptimal(mut u) if literal => {
                    u.number = -&u.number;
                    Expr::Uptimal(u)
                }
                Expr::Chain(x, rest) if literal && matches!(*x, Expr::Nus { .. }) => {
                    // `-3Tiny(2)` is −3 + Tiny(2).
                    let Expr::Nus { number, ups, nim } = *x else {
                        unreachable!("matched above")
                    };
                    let x = Expr::Nus {
                        number: -&number,
                        ups,
                        nim,
                    };
                    Expr::Chain(Box::new(x), rest)
                }
                e => Expr::Neg(Box::new(e)),
            });
        }
        self.power()
    }

    /// Whether the `{` at the cursor opens a list without bars (`+-{1,1*}`).
    fn brace_is_list(&self) -> bool {
        let mut depth = 0usize;
        for &c in &self.chars[self.pos..] {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return true;
                    }
                }
                '|' if depth == 1 => return false,
                _ => {}
            }
        }
        false
    }

    /// Whether `^` at `pos` raises to a power rather than writing up: an exponent (a
    /// digit, `(` or a name) follows it.
    fn power_at(&self, pos: usize) -> bool {
        if self.chars.get(pos) != Some(&'^') {
            return false;
        }
        match self.chars.get(pos + 1) {
            Some(c) if c.is_ascii_digit() || *c == '(' || *c == '_' => true,
            Some(c) if c.is_alphabetic() => {
                // A run of `v` alone is downs (`2^v` is no power).
                let mut k = pos + 1;
                while self.chars.get(k) == Some(&'v') {
                    k += 1;
                }
                self.chars
                    .get(k)
                    .is_some_and(|c| c.is_alphanumeric() || *c == '_')
            }
            _ => false,
        }
    }

    /// `a ^ b`, right-associative (`2^3^2` is 2^9).
    fn power(&mut self) -> Result<Expr> {
        let a = self.postfix()?;
        if self.power_at(self.pos) {
            self.enter()?;
            self.pos += 1;
            let b = self.power()?;
            self.depth -= 1;
            return Ok(Expr::Power(Box::new(a), Box::new(b)));
        }
        Ok(a)
    }

    fn postfix(&mut self) -> Result<Expr> {
        let mut e = self.primary()?;
        let depth = self.depth;
        loop {
            if self.peek() == Some('.') && self.peek_at(1).is_some_and(char::is_alphabetic) {
                // Each call wraps the ones before it: it counts as a level of nesting.
                self.enter()?;
                self.pos += 1;
                let name = self.ident().ok_or_else(|| self.error("a method name"))?;
                let args = if self.peek() == Some('(') {
                    self.args()?
                } else {
                    Vec::new()
                };
                e = Expr::Method(Box::new(e), name, args);
            } else {
                self.depth = depth;
                return Ok(e);
            }
        }
    }

    fn args(&mut self) -> Result<Vec<Expr>> {
        // At `(`.
        self.enter()?;
        self.pos += 1;
        let mut args = Vec::new();
        if !self.eat(")") {
            loop {
                args.push(self.expr()?);
                if self.eat(")") {
                    break;
                }
                if !self.eat(",") {
                    return Err(self.error("`,` or `)`"));
                }
            }
        }
        self.depth -= 1;
        Ok(args)
    }

    fn ident(&mut self) -> Option<String> {
        self.skip_ws();
        let start = self.pos;
        if !self.peek().is_some_and(|c| c.is_alphabetic() || c == '_') {
            return None;
        }
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.pos += 1;
        }
        Some(self.chars[start..self.pos].iter().collect())
    }

    /// Whether the cursor is at ups or downs written as `^`/`v` (not a name like `val`).
    fn at_ups(&self) -> bool {
        match self.peek() {
            Some('^' | '↑' | '↓') => true,
            Some('v') => {
                let mut k = 0;
                while self.peek_at(k) == Some('v') {
                    k += 1;
                }
                !self
                    .peek_at(k)
                    .is_some_and(|c| c.is_alphabetic() || c == '_')
            }
            _ => false,
        }
    }

    fn primary(&mut self) -> Result<Expr> {
        self.skip_ws();
        match self.peek() {
            Some('(') => {
                self.enter()?;
                self.pos += 1;
                let e = self.expr()?;
                if !self.eat(")") {
                    return Err(self.error("`)`"));
                }
                self.depth -= 1;
                Ok(e)
            }
            Some('{') => {
                self.enter()?;
                self.pos += 1;
                let e = self.game_body()?;
                self.depth -= 1;
                Ok(e)
            }
            Some('*') if self.peek_at(1) == Some('[') => self.misere(),
            Some(c) if c.is_ascii_digit() || c == '*' || c == '⋆' || self.at_ups() => self.nus(),
            Some('"') => {
                let start = self.pos;
                self.pos += 1;
                let mut text = String::new();
                loop {
                    match self.peek() {
                        Some('"') => {
                            self.pos += 1;
                            return Ok(Expr::Text(text));
                        }
                        Some(c) => {
                            text.push(c);
                            self.pos += 1;
                        }
                        None => return Err(self.error_at(start, "a closing `\"` for this string")),
                    }
                }
            }
            Some(c) if c.is_alphabetic() || c == '_' => {
                let name = self.ident().unwrap_or_default();
                if self.peek() == Some('(') {
                    let args = self.args()?;
                    Ok(Expr::Call(name, args))
                } else {
                    Ok(Expr::Var(name))
                }
            }
            _ => Err(self.error("a game: a number, `*`, `^`, `v`, `{`, `(`, `+-` or a name")),
        }
    }

    /// A misère literal `*[…]` at the cursor, up to the `]` that closes its `[`; what is
    /// inside is read when it is valued.
    fn misere(&mut self) -> Result<Expr> {
        let begin = self.pos;
        let mut level = 0usize;
        let mut k = self.pos + 1;
        loop {
            match self.chars.get(k) {
                Some('[') => level += 1,
                Some(']') => {
                    level -= 1;
                    if level == 0 {
                        break;
                    }
                }
                Some(_) => {}
                None => return Err(self.error_at(k, "`]` closing `*[`")),
            }
            k += 1;
        }
        let body = &self.chars[begin + 2..k];
        if body
            .iter()
            .any(|&c| c.is_alphabetic() || "_{^↑↓⋆±\"".contains(c))
        {
            // Names or games in the list: CGSuite's list of expressions.
            self.enter()?;
            self.pos = begin + 2;
            let items = self.misere_elements()?;
            self.depth -= 1;
            return Ok(Expr::MisereList(items));
        }
        self.pos = k + 1;
        let (input, bytes) = self.shared.get_or_insert_with(|| {
            let mut bytes: Vec<usize> = self.input.char_indices().map(|(i, _)| i).collect();
            bytes.push(self.input.len());
            (Arc::from(self.input), bytes)
        });
        Ok(Expr::Misere(MisereLiteral {
            input: input.clone(),
            start: bytes[begin],
            end: bytes[self.pos],
        }))
    }

    /// The elements of a list of expressions up to its `]` (the cursor after its `[`),
    /// and the `]`.
    fn misere_elements(&mut self) -> Result<Vec<MisereElement>> {
        let mut items = Vec::new();
        if self.eat("]") {
            return Ok(items);
        }
        loop {
            self.skip_ws();
            if self.peek() == Some('[') {
                self.enter()?;
                self.pos += 1;
                items.push(MisereElement::List(self.misere_elements()?));
                self.depth -= 1;
            } else {
                items.push(MisereElement::Expr(self.expr()?));
            }
            if self.eat("]") {
                return Ok(items);
            }
            if !self.eat(",") {
                return Err(self.error("`,` or `]` in the list of `*[`"));
            }
        }
    }

    fn digits(&mut self) -> Option<BigInt> {
        let start = self.pos;
        // Up to 19 digits fit in a u64, read without making a string.
        let mut small = 0u64;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            small = small.wrapping_mul(10).wrapping_add(u64::from(d));
            self.pos += 1;
        }
        match self.pos - start {
            0 => None,
            1..=19 => Some(BigInt::from(small)),
            _ => self.chars[start..self.pos]
                .iter()
                .collect::<String>()
                .parse()
                .ok(),
        }
    }

    /// `[number][ups][*[n]]`, at least one part present.
    fn nus(&mut self) -> Result<Expr> {
        let mut number = Dyadic::zero();
        let start = self.pos;
        if let Some(n) = self.digits() {
            if self.power_at(self.pos) {
                // `2^3` is a power, as in CGSuite.
                return Ok(Expr::Nus {
                    number: Dyadic::from(n),
                    ups: 0,
                    nim: 0,
                });
            }
            if self.peek() == Some('/') {
                // `a/2^k` is a number; any other quotient is read as a division, and so
                // is `a/b^c` (the power binds first: `1/2^3` is 1/8).
                let slash = self.pos;
                self.pos += 1;
                match self.digits().as_ref().and_then(power_of_two) {
                    Some(exp) if !self.power_at(self.pos) => number = Dyadic::new(n, exp),
                    _ => {
                        self.pos = slash;
                        return Ok(Expr::Nus {
                            number: Dyadic::from(n),
                            ups: 0,
                            nim: 0,
                        });
                    }
                }
            } else {
                number = Dyadic::from(n);
            }
        }
        // `2Tiny(2)`, `1Miny(1/2)`: a number plus a tiny or a miny, as printed.
        if self.pos > start {
            let save = self.pos;
            if let Some(name) = self.ident() {
                if (name == "Tiny" || name == "Miny") && self.peek() == Some('(') {
                    let args = self.args()?;
                    let x = Expr::Nus {
                        number,
                        ups: 0,
                        nim: 0,
                    };
                    return Ok(Expr::Chain(
                        Box::new(x),
                        vec![(BinOp::Add, Expr::Call(name, args))],
                    ));
                }
            }
            self.pos = save;
        }
        if let Some(digits) = self.uptimal_digits()? {
            let nim = self.nimber_suffix()?;
            return Ok(Expr::Uptimal(crate::conway::Uptimal {
                number,
                digits,
                nim,
            }));
        }
        let mut ups = 0i64;
        if self.at_ups() {
            let c = self.peek().unwrap_or('^');
            let sign = if matches!(c, '^' | '↑') { 1 } else { -1 };
            let mut count = 0i64;
            while self.peek() == Some(c) {
                self.pos += 1;
                count = count.saturating_add(1);
            }
            if count == 1 {
                if let Some(n) = self.digits() {
                    count = i64::try_from(n).map_err(|_| self.error("a smaller multiple of up"))?;
                }
            }
            ups = sign * count;
        }
        let mut nim = 0u64;
        // `2*^` and `3*{1|0}` are multiples: a `*` before a game is not a nimber.
        let multiple = self.pos > start
            && ups == 0
            && (matches!(self.peek_at(1), Some('{' | '(' | '^' | '↑' | '↓'))
                || self.peek_at(1).is_some_and(char::is_alphabetic));
        if matches!(self.peek(), Some('*' | '⋆')) && !multiple {
            self.pos += 1;
            if self.peek() == Some('(') {
                let e = self.primary()?;
                if number.is_zero() && ups == 0 {
                    return Ok(Expr::StarOf(Box::new(e)));
                }
                return Err(self.error_at(start, "`*(…)` on its own, not after a number or ups"));
            }
            if number.is_zero()
                && ups == 0
                && self.peek().is_some_and(|c| c.is_alphabetic() || c == '_')
                && !self.at_ups()
            {
                // `*omega`, `*n` for a variable n.
                let name = self.ident().unwrap_or_default();
                return Ok(Expr::StarOf(Box::new(Expr::Var(name))));
            }
            nim = match self.digits() {
                Some(n) => u64::try_from(n).map_err(|_| self.error("a nimber below 2^64"))?,
                None => 1,
            };
        }
        if self.pos == start {
            return Err(self.error("a number, ups or a nimber"));
        }
        Ok(Expr::Nus { number, ups, nim })
    }

    /// The digits of an uptimal `^<n>`, `v<n>`, `^[n]` or `v[n]` at the cursor, if one is
    /// there (`^<3` without `>` is up compared with 3, and is left alone).
    fn uptimal_digits(&mut self) -> Result<Option<Vec<i64>>> {
        let sign = match self.peek() {
            Some('^' | '↑') => 1,
            Some('v' | '↓') => -1,
            _ => return Ok(None),
        };
        let close = match self.peek_at(1) {
            Some('<') => '>',
            Some('[') => ']',
            _ => return Ok(None),
        };
        let save = self.pos;
        self.pos += 2;
        let n = self.digits();
        if self.peek() != Some(close) || n.is_none() {
            if close == '>' {
                self.pos = save;
                return Ok(None);
            }
            return Err(self.error("the length of the uptimal and `]`, as in `^[3]`"));
        }
        let n = n
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| (1..=MAX_UPTIMAL).contains(n))
            .ok_or_else(|| {
                self.error_at(
                    save + 2,
                    format!("an uptimal length from 1 to {MAX_UPTIMAL}"),
                )
            })?;
        self.pos += 1;
        Ok(Some(if close == '>' {
            let mut digits = vec![0; n - 1];
            digits.push(sign);
            digits
        } else {
            vec![sign; n]
        }))
    }

    /// `*` or `*m` after an uptimal (0 when there is none).
    fn nimber_suffix(&mut self) -> Result<u64> {
        if !matches!(self.peek(), Some('*' | '⋆')) {
            return Ok(0);
        }
        if matches!(self.peek_at(1), Some('{' | '('))
            || self.peek_at(1).is_some_and(char::is_alphabetic)
        {
            return Ok(0);
        }
        self.pos += 1;
        Ok(match self.digits() {
            Some(n) => u64::try_from(n).map_err(|_| self.error("a nimber below 2^64"))?,
            None => 1,
        })
    }

    /// After `{`: options separated by commas, Left from Right by the longest run of
    /// bars (`{3||2|1}`), up to the closing `}`.
    fn game_body(&mut self) -> Result<Expr> {
        // Segments of comma-separated options, with the bar runs between them.
        let mut segments: Vec<Vec<Expr>> = vec![Vec::new()];
        let mut bars: Vec<(usize, usize)> = Vec::new(); // (count, column)
                                                        // Whether an option was just read, so that a comma, bars or `}` must come next.
        let mut after_option = false;
        loop {
            self.skip_ws();
            match self.peek() {
                Some('}') => {
                    self.pos += 1;
                    break;
                }
                Some(c) if after_option && !matches!(c, ',' | '|') => {
                    return Err(self.error("`,`, `|` or `}` after an option"));
                }
                Some('|') => {
                    after_option = false;
                    let col = self.pos;
                    let mut k = 0;
                    while self.peek() == Some('|') {
                        self.pos += 1;
                        k += 1;
                    }
                    bars.push((k, col));
                    segments.push(Vec::new());
                }
                Some(',') => {
                    after_option = false;
                    self.pos += 1;
                }
                None => return Err(self.error("`}`")),
                _ => {
                    after_option = true;
                    let e = self.additive()?;
                    if let Some(last) = segments.last_mut() {
                        last.push(e);
                    }
                }
            }
        }
        if bars.is_empty() {
            return Err(self.error_at(self.pos - 1, "`|` between the Left and the Right options"));
        }
        self.split(segments, &bars, self.depth)
    }

    /// The game of the segments between `bars`, split at the longest run; each level of
    /// runs nests one game in another, and counts towards [`MAX_DEPTH`] from `depth`.
    fn split(
        &self,
        mut segments: Vec<Vec<Expr>>,
        bars: &[(usize, usize)],
        depth: usize,
    ) -> Result<Expr> {
        let top = bars.iter().map(|b| b.0).max().unwrap_or(0);
        let mut at = (0..bars.len()).filter(|&i| bars[i].0 == top);
        let i = at.next().unwrap_or(0);
        if let Some(second) = at.next() {
            return Err(self.error_at(
                bars[second].1,
                format!("one run of {top} bar{} at this level (the nesting is ambiguous: write more bars, e.g. `{{3||2|1}}`)", if top == 1 { "" } else { "s" }),
            ));
        }
        if depth > MAX_DEPTH {
            return Err(self.error_at(
                bars[i].1,
                format!(
                    "at most {MAX_DEPTH} levels of nesting (braces, parentheses, prefix \
                     operators, powers and method calls)"
                ),
            ));
        }
        let right_segments = segments.split_off(i + 1);
        let side = |segs: Vec<Vec<Expr>>, bs: &[(usize, usize)]| -> Result<Vec<Expr>> {
            if bs.is_empty() {
                Ok(segs.into_iter().flatten().collect())
            } else {
                Ok(vec![self.split(segs, bs, depth + 1)?])
            }
        };
        let left = side(segments, &bars[..i])?;
        let right = side(right_segments, &bars[i + 1..])?;
        Ok(Expr::Game(left, right))
    }
}

/// `first` alone, or the chain `first op e …`.
fn chain(first: Expr, rest: Vec<(BinOp, Expr)>) -> Expr {
    if rest.is_empty() {
        first
    } else {
        Expr::Chain(Box::new(first), rest)
    }
}

/// k when `d` is 2^k.
fn power_of_two(d: &BigInt) -> Option<u32> {
    if d <= &BigInt::zero() {
        return None;
    }
    let k = d.trailing_zeros()?;
    // d = 2^k exactly when its only bit set is its lowest.
    (d.bits() == k + 1)
        .then_some(k)
        .and_then(|k| u32::try_from(k).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slashes_nest_left_and_right() {
        let e = parse("{3||2|1}").unwrap();
        let Expr::Game(l, r) = e else { panic!() };
        assert_eq!(l.len(), 1);
        assert!(matches!(&r[..], [Expr::Game(a, b)] if a.len() == 1 && b.len() == 1));
        assert!(parse("{|}").is_ok());
        assert!(parse("{0,*|}").is_ok());
    }

    #[test]
    fn numbers_of_any_length_are_read_whole() {
        let nus = |text: &str| match parse(text).unwrap() {
            Expr::Nus { number, ups, nim } => (number, ups, nim),
            other => panic!("{text}: {other:?}"),
        };
        // 19 digits are read as a u64, 20 or more as a big integer: 2^64 - 1 and 2^64.
        let two_64 = BigInt::from(1u8) << 64u32;
        assert_eq!(nus("18446744073709551616").0, Dyadic::from(two_64));
        let nines = BigInt::from(9_999_999_999_999_999_999u64);
        assert_eq!(nus("9999999999999999999").0, Dyadic::from(nines));
        assert_eq!(nus("00000000000000000000000042").0, Dyadic::from(42));
        assert_eq!(nus("*18446744073709551615").2, u64::MAX);
        assert!(parse("*18446744073709551616").is_err());
        // `a/2^k` is one number, whatever the length of 2^k; other quotients divide.
        assert_eq!(nus("3/8").0, Dyadic::new(BigInt::from(3), 3));
        assert_eq!(nus("5/1").0, Dyadic::from(5));
        assert_eq!(
            nus("1/18446744073709551616").0,
            Dyadic::new(BigInt::from(1), 64)
        );
        for text in ["1/3", "1/6", "1/0", "1/18446744073709551617"] {
            assert!(matches!(parse(text).unwrap(), Expr::Chain(..)), "{text}");
        }
    }

    #[test]
    fn errors_point_at_the_character() {
        for (input, column, expected) in [
            ("{1|2", 4, "`}`"),
            ("3/", 2, "a game"),
            ("{1,2}", 4, "`|`"),
            ("1 + ", 4, "a game"),
            ("(1", 2, "`)`"),
        ] {
            match parse(input) {
                Err(Error::Parse(crate::ParseError::Expression {
                    column: c,
                    expected: e,
                    ..
                })) => {
                    assert_eq!(c, column, "{input}: {e}");
                    assert!(e.contains(expected), "{input}: {e}");
                }
                other => panic!("{input}: {other:?}"),
            }
        }
        let deep = "{".repeat(5000);
        assert!(parse(&deep)
            .unwrap_err()
            .to_string()
            .contains("levels of nesting"));
    }
}
