//! What a game of `nimlab play` says: text for a person, or with `--json` one JSON object
//! a line for a program, each with its `event`:
//!
//! - `start`: `game`, `position`, `text` (the rules and who is who);
//! - `position`: `position` (in the game's notation), `to_move`, `drawing`;
//! - `move`: `by`, `side` (partizan games), `move`, `position` (after it), `reason`;
//! - `hint`: `move` (or `null`), `winning`, `reason`;
//! - `moves`: `moves` (each `move` and `position`), `total`;
//! - `analysis`: `analysis`, the object `nimlab analyze --json` prints;
//! - `input`: `text`, a line read;
//! - `refused`: `input`, `reason` (a move that is not legal, a command that failed);
//! - `stopped`: `by`, `error` (Ctrl-C or a limit stopped the computer's thinking);
//! - `over`: `winner` (or `null` for a draw), `text`;
//! - `message`: `text`, anything else (help, "Taken back.", "Bye.").

use nimlab::play::Listed;
use serde::Serialize;
use serde_json::{json, Value};
use std::io::{self, Write};

/// The output of a game in progress.
pub struct Transcript<'a> {
    out: &'a mut dyn Write,
    json: bool,
}

impl<'a> Transcript<'a> {
    /// A transcript written to `out`, as JSON lines when `json`.
    pub fn new(out: &'a mut dyn Write, json: bool) -> Transcript<'a> {
        Transcript { out, json }
    }

    /// Whether the transcript is JSON.
    pub fn is_json(&self) -> bool {
        self.json
    }

    fn event(&mut self, value: &Value) -> io::Result<()> {
        serde_json::to_writer(&mut *self.out, value).map_err(io::Error::from)?;
        writeln!(self.out)
    }

    /// Flushes what was written.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// A line for a person (a `message` event in JSON).
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        if self.json {
            self.event(&json!({"event": "message", "text": text}))
        } else {
            writeln!(self.out, "{text}")
        }
    }

    /// The game begins: its rules and who is who.
    pub fn start(&mut self, game: &str, position: &str, text: &str) -> io::Result<()> {
        if self.json {
            self.event(&json!({"event": "start", "game": game, "position": position, "text": text}))
        } else {
            writeln!(self.out, "{text}")
        }
    }

    /// The position, drawn (each line as it is in `drawing`, after a blank line).
    pub fn position(&mut self, position: &str, to_move: &str, drawing: &str) -> io::Result<()> {
        if self.json {
            return self.event(&json!({
                "event": "position", "position": position, "to_move": to_move, "drawing": drawing
            }));
        }
        writeln!(self.out)?;
        for line in drawing.lines() {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    /// A move was played: `line` says it to a person, with `reason` under it.
    pub fn played(
        &mut self,
        line: &str,
        by: &str,
        side: Option<&str>,
        description: &str,
        position: &str,
        reason: Option<&str>,
    ) -> io::Result<()> {
        if self.json {
            return self.event(&json!({
                "event": "move", "by": by, "side": side, "move": description,
                "position": position, "reason": reason
            }));
        }
        writeln!(self.out, "{line}")?;
        if let Some(r) = reason {
            writeln!(self.out, "  ({r})")?;
        }
        Ok(())
    }

    /// A hint: the move, if any, whether it wins, and why; `line` for a person.
    pub fn hint(
        &mut self,
        line: &str,
        description: Option<&str>,
        winning: bool,
        reason: &str,
    ) -> io::Result<()> {
        if self.json {
            self.event(&json!({
                "event": "hint", "move": description, "winning": winning, "reason": reason
            }))
        } else {
            writeln!(self.out, "{line}")
        }
    }

    /// The legal moves, `shown` of them written for a person by `text`.
    pub fn moves(
        &mut self,
        listed: &[Listed],
        total: usize,
        text: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        if self.json {
            self.event(&json!({"event": "moves", "moves": listed, "total": total}))
        } else {
            text(self.out)
        }
    }

    /// An analysis, as `nimlab analyze --json` gives it; `text` writes it for a person.
    pub fn analysis<T: Serialize>(
        &mut self,
        analysis: &T,
        text: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        if self.json {
            let value = serde_json::to_value(analysis).map_err(io::Error::from)?;
            self.event(&json!({"event": "analysis", "analysis": value}))
        } else {
            text(self.out)
        }
    }

    /// A line read, echoed when the input is not a terminal.
    pub fn input(&mut self, text: &str) -> io::Result<()> {
        if self.json {
            self.event(&json!({"event": "input", "text": text}))
        } else {
            writeln!(self.out, "> {text}")
        }
    }

    /// What the player typed was refused, for `reason`.
    pub fn refused(&mut self, input: &str, reason: &str) -> io::Result<()> {
        if self.json {
            self.event(&json!({"event": "refused", "input": input, "reason": reason}))
        } else {
            writeln!(self.out, "{reason}")
        }
    }

    /// The computer (`by`) was stopped while thinking, by `error`.
    pub fn stopped(&mut self, by: &str, error: &nimlab::Error) -> io::Result<()> {
        if self.json {
            self.event(
                &json!({"event": "stopped", "by": by, "error": crate::failure::message(error)}),
            )
        } else {
            writeln!(self.out, "{by} stopped thinking: {error}.")
        }
    }

    /// The game is over: `winner` won (`None`: a draw); `text` says so to a person.
    pub fn over(&mut self, text: &str, winner: Option<&str>) -> io::Result<()> {
        if self.json {
            self.event(&json!({"event": "over", "winner": winner, "text": text}))
        } else {
            writeln!(self.out, "{text}")
        }
    }
}
