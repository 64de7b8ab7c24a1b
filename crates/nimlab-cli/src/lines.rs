//! Where interactive commands read their lines: a line editor with history on a
//! terminal, the plain standard input otherwise (a script).

use std::io::{self, BufRead};

/// Where the player's lines come from: a line editor with history on a terminal, the
/// plain standard input otherwise (a script).
pub enum Lines {
    Editor(Box<rustyline::DefaultEditor>),
    Piped(io::Lines<io::StdinLock<'static>>),
}

impl Lines {
    pub fn open(terminal: bool) -> Lines {
        if terminal {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return Lines::Editor(Box::new(editor));
            }
        }
        Lines::Piped(io::stdin().lock().lines())
    }

    /// The next line, `None` at the end of the input (or Ctrl-D, Ctrl-C on a terminal).
    pub fn next(&mut self, prompt: &str) -> Option<io::Result<String>> {
        match self {
            Lines::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    let _ = editor.add_history_entry(line.as_str());
                    Some(Ok(line))
                }
                Err(rustyline::error::ReadlineError::Io(e)) => Some(Err(e)),
                Err(_) => None,
            },
            Lines::Piped(lines) => lines.next(),
        }
    }
}

/// A line read by [`Lines::next_line`].
pub enum Read {
    /// A line.
    Line(String),
    /// Ctrl-C on a terminal: the line typed so far is dropped.
    Interrupted,
    /// The end of the input (Ctrl-D on a terminal).
    End,
}

impl Lines {
    /// The next line, telling Ctrl-C (drop the line) from the end of the input.
    pub fn next_line(&mut self, prompt: &str) -> io::Result<Read> {
        match self {
            Lines::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    let _ = editor.add_history_entry(line.as_str());
                    Ok(Read::Line(line))
                }
                Err(rustyline::error::ReadlineError::Interrupted) => Ok(Read::Interrupted),
                Err(rustyline::error::ReadlineError::Io(e)) => Err(e),
                Err(_) => Ok(Read::End),
            },
            Lines::Piped(lines) => match lines.next() {
                Some(line) => line.map(Read::Line),
                None => Ok(Read::End),
            },
        }
    }
}
