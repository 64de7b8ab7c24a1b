//! The parser of game expressions in CGSuite's plain-text notation.

use crate::partizan::Dyadic;
use crate::{Error, Result};
use num_bigint::BigInt;
use num_traits::Zero;

/// The deepest nesting of braces and parentheses an expression may have.
pub const MAX_DEPTH: usize = 64;

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
    Uptimal(crate::partizan::Uptimal),
    /// `*(e)`: the nimber of an integer expression.
    StarOf(Box<Expr>),
    /// `{L | R}`.
    Game(Vec<Expr>, Vec<Expr>),
    /// `-e`.
    Neg(Box<Expr>),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `+-G` or `+-{a,b}`: `{G | -G}`.
    PlusMinus(Vec<Expr>),
    /// `n * G` for an integer n, or the product of two numbers (`omega * omega`).
    Times(Box<Expr>, Box<Expr>),
    /// `a / b`, a quotient of numbers (`1/3`, `1/(omega+1)`); `a/2^k` literals are read
    /// as numbers directly.
    Div(Box<Expr>, Box<Expr>),
    /// `a ^ b`, a power of a number (`omega^omega`, `(omega+1)^2`); a `^` after a number
    /// literal is up (`6^*`).
    Power(Box<Expr>, Box<Expr>),
    /// `a : b`, the ordinal sum.
    Ordinal(Box<Expr>, Box<Expr>),
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
}

struct Parser<'a> {
    input: &'a str,
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

/// Reads an expression (or an assignment `g := …`).
///
/// ```
/// use nimlab::notation::{parse, Expr};
/// assert!(matches!(parse("{0|*}").unwrap(), Expr::Game(..)));
/// let err = parse("{3|2|1}").unwrap_err().to_string();
/// assert!(err.contains("ambiguous"), "{err}");
/// assert!(err.contains("\n  {3|2|1}\n      ^"), "{err}");
/// ```
///
/// # Errors
/// [`Error::Syntax`] with the column and what was expected.
pub fn parse(input: &str) -> Result<Expr> {
    let mut p = Parser {
        input,
        chars: input.chars().collect(),
        pos: 0,
        depth: 0,
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
        Error::Syntax {
            input: self.input.to_string(),
            column,
            expected: expected.into(),
        }
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

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(format!("at most {MAX_DEPTH} levels of nesting")));
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

    fn additive(&mut self) -> Result<Expr> {
        let mut a = self.ordinal()?;
        loop {
            self.skip_ws();
            if self.peek() == Some('+') && self.peek_at(1) != Some('-') {
                self.pos += 1;
                let b = self.ordinal()?;
                a = Expr::Add(Box::new(a), Box::new(b));
            } else if self.peek() == Some('+') {
                // `a +-b` is a + (±b).
                self.pos += 1;
                let b = self.ordinal()?;
                a = Expr::Add(Box::new(a), Box::new(b));
            } else if self.peek() == Some('-') {
                self.pos += 1;
                let b = self.ordinal()?;
                a = Expr::Sub(Box::new(a), Box::new(b));
            } else {
                return Ok(a);
            }
        }
    }

    fn ordinal(&mut self) -> Result<Expr> {
        let a = self.unary()?;
        self.skip_ws();
        if self.peek() == Some(':') && self.peek_at(1) != Some('=') {
            self.pos += 1;
            let b = self.ordinal()?;
            return Ok(Expr::Ordinal(Box::new(a), Box::new(b)));
        }
        Ok(a)
    }

    fn unary(&mut self) -> Result<Expr> {
        self.skip_ws();
        if self.eat("+-") || self.eat("±") {
            self.enter()?;
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
            } else {
                Expr::PlusMinus(vec![self.unary()?])
            };
            self.depth -= 1;
            return Ok(e);
        }
        if self.peek() == Some('-') {
            self.pos += 1;
            self.enter()?;
            // `-1v` is −1 + ↓ and `-1/2^*` is −1/2 + ↑*, as they are printed: the minus
            // of a literal belongs to its number only.
            let literal = self.peek().is_some_and(|c| c.is_ascii_digit());
            let e = if literal {
                self.times()?
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
                Expr::Add(x, y) if literal && matches!(*x, Expr::Nus { .. }) => {
                    // `-3Tiny(2)` is −3 + Tiny(2).
                    let Expr::Nus { number, ups, nim } = *x else {
                        unreachable!("matched above")
                    };
                    let x = Expr::Nus {
                        number: -&number,
                        ups,
                        nim,
                    };
                    Expr::Add(Box::new(x), y)
                }
                e => Expr::Neg(Box::new(e)),
            });
        }
        self.times()
    }

    /// Whether the `{` at the cursor opens a list without bars (`+-{1,1*}`).
    fn brace_is_list(&self) -> bool {
        let mut depth = 0usize;
        for &c in &self.chars[self.pos..] {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => {
                    depth -= 1;
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

    /// Whether an operand (a name, a number, a brace or a parenthesis) starts at `pos`.
    fn operand_at(&self, pos: usize) -> bool {
        self.chars
            .get(pos)
            .is_some_and(|&c| c.is_alphanumeric() || matches!(c, '{' | '(' | '_'))
    }

    fn times(&mut self) -> Result<Expr> {
        let mut a = self.power()?;
        loop {
            self.skip_ws();
            match self.peek() {
                // `n * G`: an integer times a game (a `*` right after a number is a
                // nimber, so after a literal only a game may follow).
                Some('*') => {
                    let save = self.pos;
                    self.pos += 1;
                    self.skip_ws();
                    let literal = matches!(a, Expr::Nus { .. });
                    let game_follows = matches!(self.peek(), Some('{' | '(' | '^' | 'v'))
                        || self.peek().is_some_and(char::is_alphabetic);
                    if game_follows || (!literal && self.operand_at(self.pos)) {
                        let b = self.power()?;
                        a = Expr::Times(Box::new(a), Box::new(b));
                    } else {
                        self.pos = save;
                        return Ok(a);
                    }
                }
                Some('/') => {
                    self.pos += 1;
                    let b = self.power()?;
                    a = Expr::Div(Box::new(a), Box::new(b));
                }
                _ => return Ok(a),
            }
        }
    }

    /// `a ^ b` (right-associative) when `a` is not a number literal and an operand follows.
    fn power(&mut self) -> Result<Expr> {
        self.skip_ws();
        let parenthesized = self.peek() == Some('(');
        let a = self.postfix()?;
        if (parenthesized || !matches!(a, Expr::Nus { .. }))
            && self.peek() == Some('^')
            && self.operand_at(self.pos + 1)
        {
            self.pos += 1;
            self.enter()?;
            let b = self.power()?;
            self.depth -= 1;
            return Ok(Expr::Power(Box::new(a), Box::new(b)));
        }
        Ok(a)
    }

    fn postfix(&mut self) -> Result<Expr> {
        let mut e = self.primary()?;
        loop {
            self.skip_ws();
            if self.peek() == Some('.') && self.peek_at(1).is_some_and(char::is_alphabetic) {
                self.pos += 1;
                let name = self.ident().ok_or_else(|| self.error("a method name"))?;
                let args = if self.peek() == Some('(') {
                    self.args()?
                } else {
                    Vec::new()
                };
                e = Expr::Method(Box::new(e), name, args);
            } else {
                return Ok(e);
            }
        }
    }

    fn args(&mut self) -> Result<Vec<Expr>> {
        // At `(`.
        self.pos += 1;
        self.enter()?;
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
                self.pos += 1;
                self.enter()?;
                let e = self.expr()?;
                if !self.eat(")") {
                    return Err(self.error("`)`"));
                }
                self.depth -= 1;
                Ok(e)
            }
            Some('{') => {
                self.pos += 1;
                self.enter()?;
                let e = self.game_body()?;
                self.depth -= 1;
                Ok(e)
            }
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

    fn digits(&mut self) -> Option<BigInt> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return None;
        }
        self.chars[start..self.pos]
            .iter()
            .collect::<String>()
            .parse()
            .ok()
    }

    /// `[number][ups][*[n]]`, at least one part present.
    fn nus(&mut self) -> Result<Expr> {
        let mut number = Dyadic::zero();
        let start = self.pos;
        if let Some(n) = self.digits() {
            number = Dyadic::from(n.clone());
            if self.peek() == Some('/') {
                // `a/2^k` is a number; any other quotient is read as a division.
                let slash = self.pos;
                self.pos += 1;
                match self.digits().as_ref().and_then(power_of_two) {
                    Some(exp) => number = Dyadic::new(n, exp),
                    _ => self.pos = slash,
                }
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
                    return Ok(Expr::Add(Box::new(x), Box::new(Expr::Call(name, args))));
                }
            }
            self.pos = save;
        }
        if let Some(digits) = self.uptimal_digits()? {
            let nim = self.nimber_suffix()?;
            return Ok(Expr::Uptimal(crate::partizan::Uptimal {
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
                count += 1;
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
        self.split(segments, &bars)
    }

    fn split(&self, mut segments: Vec<Vec<Expr>>, bars: &[(usize, usize)]) -> Result<Expr> {
        let top = bars.iter().map(|b| b.0).max().unwrap_or(0);
        let at: Vec<usize> = (0..bars.len()).filter(|&i| bars[i].0 == top).collect();
        if at.len() > 1 {
            return Err(self.error_at(
                bars[at[1]].1,
                format!("one run of {top} bar{} at this level (the nesting is ambiguous: write more bars, e.g. `{{3||2|1}}`)", if top == 1 { "" } else { "s" }),
            ));
        }
        let i = at[0];
        let right_segments = segments.split_off(i + 1);
        let side = |segs: Vec<Vec<Expr>>, bs: &[(usize, usize)]| -> Result<Vec<Expr>> {
            if bs.is_empty() {
                Ok(segs.into_iter().flatten().collect())
            } else {
                Ok(vec![self.split(segs, bs)?])
            }
        };
        let left = side(segments, &bars[..i])?;
        let right = side(right_segments, &bars[i + 1..])?;
        Ok(Expr::Game(left, right))
    }
}

/// k when `d` is 2^k.
fn power_of_two(d: &BigInt) -> Option<u32> {
    if d <= &BigInt::zero() {
        return None;
    }
    let k = d.trailing_zeros()?;
    (d == &(BigInt::from(1) << k)).then_some(k as u32)
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
    fn errors_point_at_the_character() {
        for (input, column, expected) in [
            ("{1|2", 4, "`}`"),
            ("3/", 2, "a game"),
            ("{1,2}", 4, "`|`"),
            ("1 + ", 4, "a game"),
            ("(1", 2, "`)`"),
        ] {
            match parse(input) {
                Err(Error::Syntax {
                    column: c,
                    expected: e,
                    ..
                }) => {
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
