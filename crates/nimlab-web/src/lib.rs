//! nimlab in the browser: WebAssembly bindings over the library's sessions.
//!
//! Each function takes the request the page sends (a plain object with the command
//! line's field names) and returns the library's typed result as a plain object, with
//! the same fields as `nimlab … --json` prints; an error becomes a JavaScript exception
//! carrying the library's message. The work is in [`core`], plain Rust tested on the
//! host; this file only carries values across.
//!
//! ```
//! use nimlab_web::core::{Play, PlayRequest};
//! let req = PlayRequest { game: "nim".into(), position: "1 2".into(), misere: false,
//!     computer_first: false, right: false };
//! let game = Play::new(&req).unwrap();
//! assert_eq!(game.state().unwrap().moves.len(), 3);
//! ```

pub mod core;

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A value of the library as a plain JavaScript object (maps as objects).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let s = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&s)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// A request from a JavaScript object.
fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("bad request: {e}")))
}

/// The library's error as a JavaScript exception with its message.
fn fail(e: nimlab::Error) -> JsError {
    JsError::new(&e.to_string())
}

/// The catalogue: every game with its id, rules, notation, example and start.
#[wasm_bindgen]
pub fn games() -> Result<JsValue, JsError> {
    to_js(&core::games())
}

/// `analyze`: `{game, position, misere?, max_moves?}` → `{analysis, parts, picture}`.
#[wasm_bindgen]
pub fn analyze(request: JsValue) -> Result<JsValue, JsError> {
    to_js(&core::analyze(&from_js(request)?).map_err(fail)?)
}

/// `sequence`: `{rule, to?, prove?}` → `{report, values}`; `progress` is called with the
/// number of values known after each chunk.
#[wasm_bindgen]
pub fn sequence(request: JsValue, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let req = from_js(request)?;
    let report = core::sequence(&req, |n| {
        let _ = progress.call1(&JsValue::NULL, &JsValue::from_f64(n as f64));
    })
    .map_err(fail)?;
    to_js(&report)
}

/// The games born by a day with their outcome classes and Hasse diagram.
#[wasm_bindgen]
pub fn born(day: u32) -> Result<JsValue, JsError> {
    to_js(&core::born(day).map_err(fail)?)
}

/// A game tree or graph: `{game, position}` or `{value}`, with `graph`.
#[wasm_bindgen]
pub fn tree(request: JsValue) -> Result<JsValue, JsError> {
    to_js(&core::tree(&from_js(request)?).map_err(fail)?)
}

/// The calculator, its variables kept between expressions.
#[wasm_bindgen]
pub struct Calculator(core::Calculator);

#[wasm_bindgen]
impl Calculator {
    /// A calculator with no variables.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Calculator {
        Calculator(core::Calculator::new())
    }

    /// `value`: `{expression, explain?}` → `{answer, thermograph}`.
    pub fn evaluate(&mut self, request: JsValue) -> Result<JsValue, JsError> {
        to_js(&self.0.evaluate(&from_js(request)?).map_err(fail)?)
    }
}

impl Default for Calculator {
    fn default() -> Self {
        Calculator::new()
    }
}

/// A game against the computer.
#[wasm_bindgen]
pub struct Play(core::Play);

#[wasm_bindgen]
impl Play {
    /// A new game: `{game, position?, misere?, computer_first?, right?}`.
    #[wasm_bindgen(constructor)]
    pub fn new(request: JsValue) -> Result<Play, JsError> {
        Ok(Play(core::Play::new(&from_js(request)?).map_err(fail)?))
    }

    /// The game in progress: its pictures, whose turn, the legal moves, the end.
    pub fn state(&self) -> Result<JsValue, JsError> {
        to_js(&self.0.state().map_err(fail)?)
    }

    /// Plays the player's move typed as text.
    pub fn play(&mut self, text: &str) -> Result<(), JsError> {
        self.0.play(text).map_err(fail)
    }

    /// Plays the legal move at `index` of the state's moves.
    pub fn play_index(&mut self, index: usize) -> Result<(), JsError> {
        self.0.play_index(index).map_err(fail)
    }

    /// The computer's move, played (`null` when the game is over).
    pub fn computer_move(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.0.computer_move().map_err(fail)?)
    }

    /// The move the computer suggests and the places of every winning move.
    pub fn hint(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.0.hint().map_err(fail)?)
    }

    /// Works out the player's best move without telling it, so that the computer's
    /// answer to the player's move is quick (asked while the player thinks).
    pub fn think(&mut self) -> Result<(), JsError> {
        self.0.think().map_err(fail)
    }

    /// The analysis of the current position.
    pub fn explain(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.0.explain().map_err(fail)?)
    }

    /// Takes back the player's last move and the computer's answer.
    pub fn undo(&mut self) -> bool {
        self.0.undo()
    }

    /// Starts again from the start.
    pub fn restart(&mut self) {
        self.0.restart();
    }
}
