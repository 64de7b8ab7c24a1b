//! `nimlab play`: a game against a perfect opponent, in the terminal or from a script.

use crate::analyze::{analyzer, MORE};
use crate::failure::Failure;
use crate::limits::{Guard, LimitArgs};
use crate::lines::Lines;
use crate::transcript::Transcript;
use clap::{Args, ValueEnum};
use nimlab::analysis::Analysis;
use nimlab::games::ruleset::Side;
use nimlab::games::{Arg, Catalogue};
use nimlab::play::{Choice, End, Session};
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
    let list: Vec<Arg<'_>> = tokens
        .iter()
        .enumerate()
        .map(|(i, t)| Arg::new(t, i + 1))
        .collect();
    let start = cat.parse_game(&list)?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let you = match args.side {
        SideArg::Left => Side::Left,
        SideArg::Right => Side::Right,
    };
    let session = Session::with_analyzer(
        start,
        convention,
        you,
        args.first == First::Computer,
        analyzer(&guard.limits()),
    )?;
    let mut game = Game {
        partizan: session.start().is_partizan(),
        session,
        ascii: args.ascii,
        terminal: io::stdin().is_terminal(),
        guard,
        demo: args.demo,
    };
    let mut t = Transcript::new(out, args.json);
    let (id, position) = (game.session.start().game(), game.session.start().position());
    t.start(&id, &position, &game.introduction())?;
    if args.demo {
        return game.demo(&mut t);
    }
    t.say("Type a move, or `help` for the commands.")?;
    game.play(&mut t)
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

/// The commands of a partizan game, for `help`.
const PARTIZAN_COMMANDS: &str = "\
Commands:
  a move      in the game's notation (`moves` lists yours), or the position it leads to
  moves       list your legal moves
  hint        the move the computer would play for you, and why
  explain     the value of the position and of every move, as `nimlab analyze` prints it
  undo        take back your last move (and the computer's answer)
  swap        the computer takes your side: it moves now
  new         start again
  go          let the computer think again after Ctrl-C or the time limit stopped it
  help        this list
  quit        stop";

/// A game in progress in the terminal: the session and how it is shown. Impartial
/// players are named "you" and "the computer" (the first and the second player in a
/// demonstration); partizan ones by their sides, Left and Right.
struct Game {
    session: Session,
    partizan: bool,
    ascii: bool,
    terminal: bool,
    guard: Guard,
    demo: bool,
}

impl Game {
    /// The first lines: the game, its rule, and who is who.
    fn introduction(&self) -> String {
        let s = &self.session;
        let title = s.title();
        if !self.partizan {
            let rule = match s.convention() {
                Convention::Normal => "the player who makes the last move wins",
                Convention::Misere => "misère play: the player who makes the last move loses",
            };
            return format!("{title} ({rule}).");
        }
        if self.demo {
            return format!(
                "{title}: the computer plays both sides, {} first (the player who cannot move loses).",
                s.first()
            );
        }
        format!(
            "{title}: you are {}, the computer {}; {} moves first (the player who cannot move loses).",
            s.you(),
            s.you().other(),
            s.first()
        )
    }

    /// The name of the player of `side`, as the sentences of the game use it.
    fn name(&self, side: Side) -> String {
        if self.partizan {
            side.to_string()
        } else if self.demo {
            if side == self.session.first() {
                "First player"
            } else {
                "Second player"
            }
            .to_string()
        } else if side == self.session.you() {
            "you".to_string()
        } else {
            "the computer".to_string()
        }
    }

    /// Who moves now, for the position's heading.
    fn to_move(&self) -> String {
        let side = self.session.to_move();
        if !self.partizan && !self.demo && side != self.session.you() {
            return "computer".to_string();
        }
        self.name(side)
    }

    /// Draws the current position.
    fn draw(&self, t: &mut Transcript<'_>) -> io::Result<()> {
        let current = self.session.current();
        let drawing: String = nimlab::draw::game_text(current, self.ascii)
            .lines()
            .map(|line| format!("  {line}\n"))
            .collect();
        t.position(&current.position(), &self.to_move(), &drawing)
    }

    /// Whether the game is over, saying who won.
    fn over(&self, t: &mut Transcript<'_>) -> Result<bool, Failure> {
        match self.session.over()? {
            None => Ok(false),
            Some(End::Repetition) => {
                t.over(
                    "This position has come up three times with the same player to move: the game is drawn.",
                    None,
                )?;
                Ok(true)
            }
            Some(End::NoMove { mover, winner }) => {
                let (mover, winner) = (self.name(mover), self.name(winner));
                let text = if self.partizan {
                    format!("{mover} has no move: {winner} won.")
                } else {
                    format!("No move is left for {mover}: {winner} won.")
                };
                t.over(&text, Some(&winner))?;
                Ok(true)
            }
        }
    }

    /// Who the computer is when it moves for the side to move.
    fn computer(&self) -> String {
        if self.demo && !self.partizan {
            self.name(self.session.to_move())
        } else {
            "The computer".to_string()
        }
    }

    /// The computer's move, found under the limits: `Ok(false)` when Ctrl-C or a limit
    /// stopped it (said in the transcript).
    fn computer_moves(&mut self, t: &mut Transcript<'_>) -> Result<bool, Failure> {
        let who = self.computer();
        let side = self.session.to_move();
        let session = &mut self.session;
        let found = self
            .guard
            .run_showing("The computer is thinking", || session.computer_move());
        let choice = match found {
            Ok(Some(choice)) => choice,
            Ok(None) => return Ok(true),
            Err(e) if e.is_stopped() => {
                t.stopped(&who, &e)?;
                return Ok(false);
            }
            Err(e) => return Err(e.into()),
        };
        let m = &choice.chosen;
        let (text, side) = if self.partizan {
            (
                format!("{who} ({side}) plays {}", m.description),
                Some(side.to_string()),
            )
        } else {
            (format!("{who} plays: {}", m.description), None)
        };
        t.played(
            &text,
            &who,
            side.as_deref(),
            &m.description,
            &m.after.position(),
            Some(&choice.reason),
        )?;
        Ok(true)
    }

    /// Computer against computer, for at most [`DEMO_MOVES`] moves.
    fn demo(&mut self, t: &mut Transcript<'_>) -> Result<(), Failure> {
        for _ in 0..DEMO_MOVES {
            self.draw(t)?;
            if self.over(t)? {
                return Ok(());
            }
            if !self.computer_moves(t)? {
                return Ok(());
            }
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
            if !self.session.your_turn() {
                self.draw(t)?;
                if self.over(t)? {
                    return Ok(());
                }
                if !self.computer_moves(t)? {
                    t.say(STOPPED_CHOICES)?;
                }
            }
            if self.session.your_turn() {
                self.draw(t)?;
                if self.over(t)? {
                    return Ok(());
                }
            }
            loop {
                t.flush()?;
                let prompt = if self.partizan {
                    format!("your move ({})> ", self.session.you())
                } else {
                    "your move> ".to_string()
                };
                let Some(line) = lines.next(&prompt) else {
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
                    "help" | "?" => t.say(if self.partizan {
                        PARTIZAN_COMMANDS
                    } else {
                        COMMANDS
                    })?,
                    "moves" => {
                        if let Err(e) = self.list_moves(t) {
                            report(t, command, e)?;
                        }
                    }
                    "hint" => {
                        if let Err(e) = self.hint(t) {
                            report(t, command, e)?;
                        }
                    }
                    "explain" => {
                        if let Err(e) = self.explain(t) {
                            report(t, command, e)?;
                        }
                    }
                    "go" if !self.session.your_turn() => break,
                    "go" => t.say("It is your turn.")?,
                    "undo" => {
                        if self.session.undo() {
                            t.say("Taken back.")?;
                            self.draw(t)?;
                        } else {
                            t.say("Nothing to undo.")?;
                        }
                    }
                    "swap" => {
                        let you = self.session.you();
                        if self.partizan {
                            t.say(&format!(
                                "The computer takes your side ({you}); you are {} now.",
                                you.other()
                            ))?;
                        } else {
                            t.say("The computer takes your side.")?;
                        }
                        self.session.swap();
                        break;
                    }
                    "new" => {
                        self.session.restart();
                        t.say("A new game.")?;
                        break;
                    }
                    _ if !self.session.your_turn() => t.refused(
                        command,
                        &format!("It is the computer's turn. {STOPPED_CHOICES}"),
                    )?,
                    text => match self.session.read(text) {
                        Ok(m) => {
                            let (said, side) = if self.partizan {
                                let you = self.session.you();
                                (format!("You play {}", m.description), Some(you.to_string()))
                            } else {
                                (format!("You play: {}", m.description), None)
                            };
                            t.played(
                                &said,
                                "you",
                                side.as_deref(),
                                &m.description,
                                &m.after.position(),
                                None,
                            )?;
                            self.session.play(m);
                            break;
                        }
                        Err(reason) => t.refused(text, &reason)?,
                    },
                }
            }
        }
    }

    fn list_moves(&self, t: &mut Transcript<'_>) -> Result<(), Failure> {
        let you = self.session.you();
        let all = self.guard.run(|| self.session.moves(you))?;
        let listed = &all[..all.len().min(LISTED_MOVES)];
        let partizan = self.partizan;
        t.moves(listed, all.len(), |out| {
            if partizan {
                writeln!(out, "Your moves ({you}, {}):", all.len())?;
            } else {
                writeln!(out, "Legal moves ({}):", all.len())?;
            }
            for m in listed {
                if partizan {
                    writeln!(out, "  {:<12} -> {}", m.description, m.position)?;
                } else {
                    writeln!(out, "  {:<40} -> {}", m.description, m.position)?;
                }
            }
            if all.len() > LISTED_MOVES {
                writeln!(out, "  … and {} more", all.len() - LISTED_MOVES)?;
            }
            Ok(())
        })?;
        Ok(())
    }

    fn hint(&mut self, t: &mut Transcript<'_>) -> Result<(), Failure> {
        let session = &mut self.session;
        let choice: Option<Choice> = self.guard.run_showing("Thinking", || session.hint())?;
        match choice {
            Some(c) if c.winning => t.hint(
                &format!("Hint: {} ({})", c.chosen.description, c.reason),
                Some(&c.chosen.description),
                true,
                &c.reason,
            )?,
            Some(c) => t.hint(
                &format!(
                    "No winning move. The best try: {} ({}).",
                    c.chosen.description, c.reason
                ),
                Some(&c.chosen.description),
                false,
                &c.reason,
            )?,
            None => t.hint("No move is possible.", None, false, "no move is possible")?,
        }
        Ok(())
    }

    fn explain(&mut self, t: &mut Transcript<'_>) -> Result<(), Failure> {
        let you = self.session.you();
        let session = &mut self.session;
        let a = self
            .guard
            .run_showing("Thinking", || session.explain(100))?;
        t.analysis(&a, |out| {
            write!(out, "{}", a.to_text(Some(MORE)))?;
            if let Analysis::Partizan(p) = &a {
                writeln!(out, "Every move of yours ({you}) and the value it leaves:")?;
                write!(out, "{}", p.moves_text(you))?;
            }
            Ok(())
        })?;
        Ok(())
    }
}

/// A command that could not be carried out: its reason, and the game goes on.
fn report(t: &mut Transcript<'_>, command: &str, e: Failure) -> Result<(), Failure> {
    match e {
        Failure::Input(e) => Ok(t.refused(command, &crate::failure::message(&e))?),
        Failure::Io(e) => Err(Failure::Io(e)),
    }
}
