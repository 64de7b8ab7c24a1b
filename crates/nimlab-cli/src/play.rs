//! `nimlab play`: a game against a perfect opponent, in the terminal or from a script.

use crate::limits::{Guard, LimitArgs};
use crate::lines::Lines;
use crate::transcript::{Listed, Transcript};
use crate::Failure;
use clap::{Args, ValueEnum};
use nimlab::analysis::analyze;
use nimlab::games::{Arg, Catalogue, Sum};
use nimlab::play::{choose, moves, read_move, Turn};
use nimlab::Convention;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;

/// Who moves first.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first.
    Me,
    /// The computer moves first.
    Computer,
}

/// Options of `nimlab play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The game id and, optionally, the position to start from (each game has a start
    /// position, e.g. Marienbad's 1 3 5 7 for `nim`); a sum of games is written with `+`.
    #[arg(
        required = true,
        allow_negative_numbers = true,
        value_name = "GAME [POSITION]"
    )]
    position: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "me")]
    first: First,
    /// The computer plays both sides, showing its reasoning.
    #[arg(long)]
    demo: bool,
    /// Draw with ASCII characters only.
    #[arg(long)]
    ascii: bool,
    /// Partizan games: the player you are (Left: blue, vertical in Domineering, `x` in
    /// Clobber; Right: red, horizontal, `o`).
    #[arg(long = "as", value_enum, default_value = "left", value_name = "SIDE")]
    side: SideArg,
    /// Print one JSON object a line, each an event of the game (a position, a move, a
    /// hint, the end), for a program that plays through `nimlab`.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

/// How many moves `moves` lists; the others are counted.
pub const LISTED_MOVES: usize = 200;

/// How long the computer may think about one move unless `--time-limit` says otherwise.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The most moves a demonstration shows: a game of a million counters is not watched to
/// its end.
pub const DEMO_MOVES: usize = 300;

/// Whether `e` says that a computation was stopped (Ctrl-C, a limit) rather than refused.
pub fn stopped(e: &nimlab::Error) -> bool {
    matches!(
        e,
        nimlab::Error::Interrupted
            | nimlab::Error::TimeLimit { .. }
            | nimlab::Error::MemoryLimit { .. }
    )
}

/// What the player can do once the computer was stopped while thinking of its move.
pub const STOPPED_CHOICES: &str = "Type `go` to let it think again, or `undo`, `new` or `quit`.";

/// The side of a partizan game.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// Left.
    Left,
    /// Right.
    Right,
}

/// Plays the game: reads moves and commands from standard input, one per line.
pub fn run(args: &PlayArgs, out: &mut impl Write) -> Result<(), Failure> {
    let guard = Guard::new(args.limits.limits(Some(DEFAULT_TIME_LIMIT))?);
    let cat = Catalogue::standard();
    let mut tokens: Vec<String> = args.position.clone();
    if tokens.len() == 1 {
        tokens = cat.start(&tokens[0])?;
    }
    if cat.is_partizan(&tokens[0]) {
        if args.misere {
            return Err(nimlab::Error::Unsupported(
                "misère play of partizan games is not played: values are for normal play"
                    .to_string(),
            )
            .into());
        }
        let list: Vec<Arg<'_>> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| Arg::new(t, i + 1))
            .collect();
        let options = crate::partizan::PlayOptions {
            side: match args.side {
                SideArg::Left => nimlab::games::ruleset::Side::Left,
                SideArg::Right => nimlab::games::ruleset::Side::Right,
            },
            computer_first: args.first == First::Computer,
            demo: args.demo,
            ascii: args.ascii,
        };
        let mut t = Transcript::new(out, args.json);
        return crate::partizan::play(&cat, &list, &options, guard, &mut t);
    }
    let args_list: Vec<Arg<'_>> = tokens
        .iter()
        .enumerate()
        .map(|(i, t)| Arg::new(t, i + 1))
        .collect();
    let start = cat.parse_sum_args(&args_list)?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let mut session = Session {
        history: vec![start.clone()],
        start,
        convention,
        ascii: args.ascii,
        computer_first: args.first == First::Computer,
        // Whose turn: true when it is the computer's.
        computers_turn: args.first == First::Computer,
        terminal: io::stdin().is_terminal(),
        guard,
    };
    let rule = match convention {
        Convention::Normal => "the player who makes the last move wins",
        Convention::Misere => "misère play: the player who makes the last move loses",
    };
    let mut t = Transcript::new(out, args.json);
    let (game, position) = (session.start.game(), session.start.notation());
    t.start(
        &game,
        &position,
        &format!("{} ({rule}).", session.game_title()),
    )?;
    if args.demo {
        return session.demo(&mut t);
    }
    t.say("Type a move, or `help` for the commands.")?;
    session.play(&mut t)
}

/// The commands of a game, for `help`.
pub const COMMANDS: &str = "\
Commands:
  a move      in the game's notation, as its description (`take 2 from heap 1`), or as the position it leads to
  moves       list the legal moves
  hint        a winning move, if there is one, and why
  explain     the analysis of the position, as `nimlab analyze` prints it
  undo        take back your last move (and the computer's answer)
  swap        the computer takes your side: it moves now
  new         start again
  go          let the computer think again after Ctrl-C or the time limit stopped it
  help        this list
  quit        stop";

/// A game in progress.
struct Session {
    /// The positions so far, the current one last.
    history: Vec<Sum>,
    start: Sum,
    convention: Convention,
    ascii: bool,
    computer_first: bool,
    computers_turn: bool,
    terminal: bool,
    guard: Guard,
}

impl Session {
    fn current(&self) -> &Sum {
        self.history.last().unwrap_or(&self.start)
    }

    fn game_title(&self) -> String {
        let sum = self.current();
        if sum.parts.len() == 1 {
            sum.parts[0].game()
        } else {
            format!("a sum of {} games", sum.parts.len())
        }
    }

    /// Draws the current position, `to_move` to play.
    fn draw(&self, t: &mut Transcript<'_>, to_move: &str) -> io::Result<()> {
        let sum = self.current();
        let mut drawing = String::new();
        for (i, part) in sum.parts.iter().enumerate() {
            if sum.parts.len() > 1 {
                drawing.push_str(&format!(
                    "part {} ({} {}):\n",
                    i + 1,
                    part.game(),
                    part.notation()
                ));
                for line in part.draw(self.ascii).lines() {
                    drawing.push_str(&format!("  {line}\n"));
                }
            } else {
                for line in part.draw(self.ascii).lines() {
                    drawing.push_str(&format!("  {line}\n"));
                }
            }
        }
        t.position(&sum.notation(), to_move, &drawing)
    }

    /// Whether the game is over (no move), saying who won.
    fn over(&self, t: &mut Transcript<'_>, mover: &str, other: &str) -> Result<bool, Failure> {
        if self.repeated() {
            t.over(
                "This position has come up three times with the same player to move: the game is drawn.",
                None,
            )?;
            return Ok(true);
        }
        let none_left = match moves(self.current()) {
            Ok(all) => all.is_empty(),
            // Too many moves to list: there are moves.
            Err(nimlab::Error::Limit { .. }) => false,
            Err(e) => return Err(e.into()),
        };
        if none_left {
            let winner = match self.convention {
                Convention::Normal => other,
                Convention::Misere => mover,
            };
            t.over(
                &format!("No move is left for {mover}: {winner} won."),
                Some(winner),
            )?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Whether the current position has come up three times with the same player to
    /// move (play can loop only in loopy games): a draw, as in chess.
    fn repeated(&self) -> bool {
        let n = self.history.len();
        if n < 5 || !self.current().parts.iter().any(|p| p.is_loopy()) {
            return false;
        }
        let now = self.current().notation();
        let same = (0..n)
            .rev()
            .step_by(2)
            .filter(|&i| self.history[i].notation() == now)
            .count();
        same >= 3
    }

    /// The computer's move, found under the limits: `Ok(false)` when Ctrl-C or a limit
    /// stopped it (said in the transcript).
    fn computer_moves(&mut self, t: &mut Transcript<'_>, who: &str) -> Result<bool, Failure> {
        let (current, convention) = (self.current(), self.convention);
        let found = self
            .guard
            .run_showing("The computer is thinking", || choose(current, convention));
        let choice = match found {
            Ok(Some(choice)) => choice,
            Ok(None) => return Ok(true),
            Err(e) if stopped(&e) => {
                t.stopped(who, &e)?;
                return Ok(false);
            }
            Err(e) => return Err(e.into()),
        };
        t.played(
            &format!("{who} plays: {}", choice.turn.description),
            who,
            None,
            &choice.turn.description,
            &choice.turn.after.notation(),
            Some(&choice.reason),
        )?;
        self.history.push(choice.turn.after);
        Ok(true)
    }

    /// Computer against computer, for at most [`DEMO_MOVES`] moves.
    fn demo(&mut self, t: &mut Transcript<'_>) -> Result<(), Failure> {
        let names = ["First player", "Second player"];
        let mut k = 0;
        for _ in 0..DEMO_MOVES {
            self.draw(t, names[k])?;
            if self.over(t, names[k], names[1 - k])? {
                return Ok(());
            }
            if !self.computer_moves(t, names[k])? {
                return Ok(());
            }
            k = 1 - k;
        }
        t.say(&format!(
            "The demonstration stops after {DEMO_MOVES} moves; the game would go on (`nimlab analyze` tells who wins)."
        ))?;
        Ok(())
    }

    /// The game: the player's moves from standard input, the computer's answers.
    fn play(&mut self, t: &mut Transcript<'_>) -> Result<(), Failure> {
        let mut lines = Lines::open(self.terminal);
        loop {
            if self.computers_turn {
                self.draw(t, "computer")?;
                if self.over(t, "the computer", "you")? {
                    return Ok(());
                }
                if self.computer_moves(t, "The computer")? {
                    self.computers_turn = false;
                } else {
                    t.say(STOPPED_CHOICES)?;
                }
            }
            if !self.computers_turn {
                self.draw(t, "you")?;
                if self.over(t, "you", "the computer")? {
                    return Ok(());
                }
            }
            loop {
                t.flush()?;
                let Some(line) = lines.next("your move> ") else {
                    t.say("(end of input)")?;
                    return Ok(());
                };
                let line = line?;
                let command = line.trim();
                if !self.terminal || t.is_json() {
                    t.input(command)?;
                }
                match command {
                    "" => continue,
                    "quit" | "exit" | "q" => {
                        t.say("Bye.")?;
                        return Ok(());
                    }
                    "help" | "?" => t.say(COMMANDS)?,
                    "moves" => {
                        if let Err(e) = self.list_moves(t) {
                            Self::report(t, command, e)?;
                        }
                    }
                    "hint" => {
                        if let Err(e) = self.hint(t) {
                            Self::report(t, command, e)?;
                        }
                    }
                    "explain" => {
                        let (current, convention) = (self.current(), self.convention);
                        match self
                            .guard
                            .run_showing("Thinking", || analyze(current, convention, 100))
                        {
                            Ok(a) => t.analysis(&a, |out| crate::analyze::print_text(&a, out))?,
                            Err(e) => Self::report(t, command, e.into())?,
                        }
                    }
                    "go" if self.computers_turn => break,
                    "go" => t.say("It is your turn.")?,
                    "undo" => {
                        // Back to the last position where it was the player's turn: one
                        // move back when the computer was stopped before it answered.
                        let back = match (self.computers_turn, self.history.len()) {
                            (true, n) if n >= 2 => 1,
                            (false, n) if n >= 3 => 2,
                            _ => 0,
                        };
                        if back == 0 {
                            t.say("Nothing to undo.")?;
                        } else {
                            self.history.truncate(self.history.len() - back);
                            self.computers_turn = false;
                            t.say("Taken back.")?;
                            self.draw(t, "you")?;
                        }
                    }
                    "swap" => {
                        t.say("The computer takes your side.")?;
                        self.computers_turn = true;
                        break;
                    }
                    "new" => {
                        self.history = vec![self.start.clone()];
                        self.computers_turn = self.computer_first;
                        t.say("A new game.")?;
                        break;
                    }
                    _ if self.computers_turn => t.refused(
                        command,
                        &format!("It is the computer's turn. {STOPPED_CHOICES}"),
                    )?,
                    text => match read_move(self.current(), text) {
                        Ok(turn) => {
                            t.played(
                                &format!("You play: {}", turn.description),
                                "you",
                                None,
                                &turn.description,
                                &turn.after.notation(),
                                None,
                            )?;
                            self.history.push(turn.after);
                            self.computers_turn = true;
                            break;
                        }
                        Err(reason) => t.refused(text, &reason)?,
                    },
                }
            }
        }
    }

    /// A command that could not be carried out: its reason, and the game goes on.
    fn report(t: &mut Transcript<'_>, command: &str, e: Failure) -> Result<(), Failure> {
        match e {
            Failure::Input(e) => Ok(t.refused(command, &e.to_string())?),
            Failure::Io(e) => Err(Failure::Io(e)),
        }
    }

    fn list_moves(&self, t: &mut Transcript<'_>) -> Result<(), Failure> {
        let current = self.current();
        let all: Vec<Turn> = self.guard.run(|| moves(current))?;
        let listed: Vec<Listed> = all
            .iter()
            .take(LISTED_MOVES)
            .map(|m| Listed {
                description: m.description.clone(),
                position: m.after.notation(),
            })
            .collect();
        t.moves(&listed, all.len(), |out| {
            writeln!(out, "Legal moves ({}):", all.len())?;
            for m in &listed {
                writeln!(out, "  {:<40} -> {}", m.description, m.position)?;
            }
            if all.len() > LISTED_MOVES {
                writeln!(out, "  … and {} more", all.len() - LISTED_MOVES)?;
            }
            Ok(())
        })?;
        Ok(())
    }

    fn hint(&self, t: &mut Transcript<'_>) -> Result<(), Failure> {
        let (current, convention) = (self.current(), self.convention);
        let choice = self
            .guard
            .run_showing("Thinking", || choose(current, convention))?;
        match choice {
            Some(c) if c.winning => t.hint(
                &format!("Hint: {} ({})", c.turn.description, c.reason),
                Some(&c.turn.description),
                true,
                &c.reason,
            )?,
            Some(c) => t.hint(
                &format!(
                    "No winning move. The best try: {} ({}).",
                    c.turn.description, c.reason
                ),
                Some(&c.turn.description),
                false,
                &c.reason,
            )?,
            None => t.hint("No move is possible.", None, false, "no move is possible")?,
        }
        Ok(())
    }
}
