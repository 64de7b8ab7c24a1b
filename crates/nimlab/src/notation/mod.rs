//! Conway's games written as text: the parser and the printer of CGSuite's plain-text
//! notation (`{3||2|1}`, `^*`, `+-1`, `9/8*`, `Tiny(2)`). The calculator that evaluates
//! what the parser reads is [`crate::calc`].
//!
//! ```
//! use nimlab::conway::Arena;
//! use nimlab::notation::{parse, print, Expr};
//! assert!(matches!(parse("{0,*|0}").unwrap(), Expr::Game(..)));
//! let mut a = Arena::new();
//! let (zero, star) = (a.zero(), a.star(1));
//! let up_star = a.game(vec![zero, star], vec![zero]);
//! assert_eq!(print(&mut a, up_star), "^*");
//! ```

mod game_value;
mod latex;
mod parse;
mod print;

pub use game_value::GameValue;
pub use latex::latex;
pub use parse::{
    parse, BinOp, CompareOp, Expr, MisereElement, MisereLiteral, MAX_DEPTH, MAX_INPUT, MAX_UPTIMAL,
};
pub use print::{ordered, print, try_print, MAX_TEXT};
