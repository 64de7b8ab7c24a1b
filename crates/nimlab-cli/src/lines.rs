//! Where interactive commands read their lines: a line editor with history on a
//! terminal, the plain standard input otherwise (a script).

use std::io::{self, BufRead};

/// Where the player's lines come from: a line editor with history on a terminal, the
/// plain standard input otherwise (a script).
pub enum Lines {
    Editor(Box<rustyline::DefaultEditor>, Option<std::path::PathBuf>),
    Piped(io::Lines<io::StdinLock<'static>>),
}

impl Lines {
    pub fn open(terminal: bool) -> Lines {
        Lines::open_with_history(terminal, None)
    }

    /// As [`Lines::open`], with the editor's history read from `history` (if it exists)
    /// and written back by [`Lines::save_history`].
    pub fn open_with_history(terminal: bool, history: Option<std::path::PathBuf>) -> Lines {
        if terminal {
            if let Ok(mut editor) = rustyline::DefaultEditor::new() {
                if let Some(path) = &history {
                    let _ = editor.load_history(path);
                }
                return Lines::Editor(Box::new(editor), history);
            }
        }
        Lines::Piped(io::stdin().lock().lines())
    }

    /// Writes the editor's history to its file, if it has one; a failure is not an error
    /// of the session (the history is a convenience).
    pub fn save_history(&mut self) {
        if let Lines::Editor(editor, Some(path)) = self {
            let _ = editor.save_history(path);
        }
    }

    /// The next line, `None` at the end of the input (or Ctrl-D, Ctrl-C on a terminal).
    pub fn next(&mut self, prompt: &str) -> Option<io::Result<String>> {
        match self {
            Lines::Editor(editor, _) => match editor.readline(prompt) {
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
            Lines::Editor(editor, _) => match editor.readline(prompt) {
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
