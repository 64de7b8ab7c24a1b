//! `nimlab analyze` and `nimlab play` for partizan games (Domineering, Clobber,
//! Hackenbush, …): values are Conway's games, and each player has moves of their own.

use crate::analyze::AnalyzeArgs;
use crate::limits::Guard;
use crate::lines::Lines;
use crate::play::{stopped, DEMO_MOVES, LISTED_MOVES, STOPPED_CHOICES};
use crate::transcript::{Listed, Transcript};
use crate::Failure;
use nimlab::games::ruleset::{RulesetSolver, Side};
use nimlab::games::{Arg, Catalogue, PartizanSum};
use nimlab::limits::Limits;
use nimlab::partizan::{side_by_side, thermograph, thermograph_svg};
use nimlab::partizan_analysis::{analyze_partizan, MoveValue, PartizanAnalysis};
use nimlab::partizan_play::{choose, read_move};
use std::io::{self, IsTerminal, Write};
use std::path::Path;

/// A solver whose tables take at most a quarter of the memory limit.
pub fn solver(limits: &Limits) -> RulesetSolver {
    match limits.memory {
        None => RulesetSolver::new(),
        Some(bytes) => RulesetSolver::with_memory(usize::try_from(bytes / 4).unwrap_or(usize::MAX)),
    }
}

/// `nimlab analyze` of a partizan position.
pub fn analyze(
    args: &AnalyzeArgs,
    catalogue: &Catalogue,
    tokens: &[Arg<'_>],
    guard: &Guard,
    out: &mut impl Write,
) -> Result<(), Failure> {
    if args.misere {
        return Err(nimlab::Error::Unsupported(format!(
            "misère play of partizan games (`{}`) is not analysed: values are for normal play",
            tokens[0].text
        ))
        .into());
    }
    let sum = catalogue.parse_partizan_sum_args(tokens)?;
    let mut solver = solver(&guard.limits());
    let max_moves = args.max_moves.unwrap_or(100);
    let analysis = guard.run(|| analyze_partizan(&sum, &mut solver, max_moves))?;
    if let Some(path) = &args.svg {
        guard.run(|| write_svg(&sum, &mut solver, path))?;
    }
    if args.json {
        serde_json::to_writer(&mut *out, &analysis).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        print_text(&analysis, out)?;
    }
    Ok(())
}

/// Writes the position's picture (of the parts that have one) and the thermograph of its
/// value, side by side, to `path`.
fn write_svg(sum: &PartizanSum, solver: &mut RulesetSolver, path: &Path) -> Result<(), Failure> {
    let mut pictures: Vec<String> = sum.parts.iter().filter_map(|p| p.svg()).collect();
    let g = sum.value(solver)?;
    let t = thermograph(solver.arena(), g);
    pictures.push(thermograph_svg(&t, &sum.notation()));
    let svg = if pictures.len() == 1 {
        pictures.remove(0)
    } else {
        side_by_side(&pictures)
    };
    std::fs::write(path, svg).map_err(|e| Failure::Input(nimlab::heap::cannot_write(path, &e)))?;
    Ok(())
}

/// Prints a partizan analysis as text.
pub fn print_text(a: &PartizanAnalysis, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{} {}", a.game, a.position)?;
    writeln!(out, "{}", a.outcome.describe())?;
    writeln!(out, "Value: {}", a.value)?;
    writeln!(
        out,
        "Mean {}, temperature {}; Left stop {}, Right stop {}",
        a.mean, a.temperature, a.left_stop, a.right_stop
    )?;
    if a.parts.len() > 1 {
        writeln!(out, "The sum of its parts:")?;
        for p in &a.parts {
            writeln!(
                out,
                "  {:<40} {}",
                format!("{} {}", p.game, p.position),
                p.value
            )?;
        }
    }
    let sides = [
        (
            "Left",
            "≥",
            &a.left_winning_moves,
            a.left_winning_count,
            a.left_move_count,
        ),
        (
            "Right",
            "≤",
            &a.right_winning_moves,
            a.right_winning_count,
            a.right_move_count,
        ),
    ];
    for (side, cmp, moves, count, all) in sides {
        if all == 0 {
            writeln!(out, "{side} has no move.")?;
            continue;
        }
        if count == 0 {
            writeln!(
                out,
                "{side}'s winning moves: none of {all} (each leaves a value not {cmp} 0)"
            )?;
            continue;
        }
        writeln!(
            out,
            "{side}'s winning moves ({count} of {all}; each leaves a value {cmp} 0):"
        )?;
        print_moves(moves, count, out)?;
    }
    Ok(())
}

fn print_moves(moves: &[MoveValue], count: usize, out: &mut dyn Write) -> io::Result<()> {
    for m in moves {
        writeln!(
            out,
            "  {:<12} -> {:<30} value {}",
            m.description, m.to, m.value
        )?;
    }
    if moves.len() < count {
        writeln!(
            out,
            "  … and {} more (see --max-moves)",
            count - moves.len()
        )?;
    }
    Ok(())
}

/// How `nimlab play` plays a partizan game.
pub struct PlayOptions {
    /// The side the player takes.
    pub side: Side,
    /// Whether the computer moves first.
    pub computer_first: bool,
    /// The computer plays both sides.
    pub demo: bool,
    /// ASCII drawings only.
    pub ascii: bool,
}

/// `nimlab play` of a partizan game.
pub fn play(
    catalogue: &Catalogue,
    tokens: &[Arg<'_>],
    options: &PlayOptions,
    guard: Guard,
    t: &mut Transcript<'_>,
) -> Result<(), Failure> {
    let start = catalogue.parse_partizan_sum_args(tokens)?;
    let mut session = Session {
        history: vec![start.clone()],
        start,
        solver: solver(&guard.limits()),
        guard,
        you: options.side,
        first: if options.computer_first {
            options.side.other()
        } else {
            options.side
        },
        ascii: options.ascii,
        terminal: io::stdin().is_terminal(),
    };
    let title = session.start.game();
    let position = session.start.position();
    if options.demo {
        t.start(
            &title,
            &position,
            &format!(
                "{title}: the computer plays both sides, {} first (the player who cannot move loses).",
                session.first
            ),
        )?;
        return session.demo(t);
    }
    t.start(
        &title,
        &position,
        &format!(
            "{title}: you are {}, the computer {}; {} moves first (the player who cannot move loses).",
            session.you,
            session.you.other(),
            session.first
        ),
    )?;
    t.say("Type a move, or `help` for the commands.")?;
    session.play(t)
}

/// The commands of a partizan game, for `help`.
const COMMANDS: &str = "\
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

/// A partizan game in progress.
struct Session {
    /// The positions so far, the current one last.
    history: Vec<PartizanSum>,
    start: PartizanSum,
    solver: RulesetSolver,
    guard: Guard,
    you: Side,
    first: Side,
    ascii: bool,
    terminal: bool,
}

impl Session {
    fn current(&self) -> &PartizanSum {
        self.history.last().unwrap_or(&self.start)
    }

    /// Whose turn it is: the sides alternate from the first.
    fn to_move(&self) -> Side {
        if self.history.len() % 2 == 1 {
            self.first
        } else {
            self.first.other()
        }
    }

    fn draw(&self, t: &mut Transcript<'_>) -> io::Result<()> {
        let drawing: String = self
            .current()
            .draw(self.ascii)
            .lines()
            .map(|line| format!("  {line}\n"))
            .collect();
        t.position(
            &self.current().position(),
            &self.to_move().to_string(),
            &drawing,
        )
    }

    /// Whether the player to move has no move, saying who won.
    fn over(&self, t: &mut Transcript<'_>) -> io::Result<bool> {
        let side = self.to_move();
        if self.current().moves(side).is_empty() {
            let winner = side.other().to_string();
            t.over(&format!("{side} has no move: {winner} won."), Some(&winner))?;
            return Ok(true);
        }
        Ok(false)
    }

    /// The computer's move, found under the limits: `Ok(false)` when Ctrl-C or a limit
    /// stopped it (said in the transcript).
    fn computer_moves(&mut self, t: &mut Transcript<'_>, who: &str) -> Result<bool, Failure> {
        let side = self.to_move();
        let current = self.history.last().unwrap_or(&self.start);
        let solver = &mut self.solver;
        let found = self
            .guard
            .run_showing("The computer is thinking", || choose(current, side, solver));
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
            &format!("{who} ({side}) plays {}", choice.turn.description),
            who,
            Some(&side.to_string()),
            &choice.turn.description,
            &choice.turn.after.position(),
            Some(&choice.reason),
        )?;
        self.history.push(choice.turn.after);
        Ok(true)
    }

    /// Computer against computer, for at most [`DEMO_MOVES`] moves.
    fn demo(&mut self, t: &mut Transcript<'_>) -> Result<(), Failure> {
        for _ in 0..DEMO_MOVES {
            self.draw(t)?;
            if self.over(t)? {
                return Ok(());
            }
            if !self.computer_moves(t, "The computer")? {
                return Ok(());
            }
        }
        t.say(&format!(
            "The demonstration stops after {DEMO_MOVES} moves; the game would go on (`nimlab analyze` tells who wins)."
        ))?;
        Ok(())
    }

    fn play(&mut self, t: &mut Transcript<'_>) -> Result<(), Failure> {
        let mut lines = Lines::open(self.terminal);
        loop {
            if self.to_move() != self.you {
                self.draw(t)?;
                if self.over(t)? {
                    return Ok(());
                }
                if !self.computer_moves(t, "The computer")? {
                    t.say(STOPPED_CHOICES)?;
                }
            }
            if self.to_move() == self.you {
                self.draw(t)?;
                if self.over(t)? {
                    return Ok(());
                }
            }
            loop {
                t.flush()?;
                let prompt = format!("your move ({})> ", self.you);
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
                    "help" | "?" => t.say(COMMANDS)?,
                    "moves" => self.list_moves(t)?,
                    "hint" => {
                        let side = self.you;
                        let current = self.history.last().unwrap_or(&self.start);
                        let solver = &mut self.solver;
                        match self
                            .guard
                            .run_showing("Thinking", || choose(current, side, solver))
                        {
                            Ok(Some(c)) if c.winning => t.hint(
                                &format!("Hint: {} ({})", c.turn.description, c.reason),
                                Some(&c.turn.description),
                                true,
                                &c.reason,
                            )?,
                            Ok(Some(c)) => t.hint(
                                &format!(
                                    "No winning move. The best try: {} ({})",
                                    c.turn.description, c.reason
                                ),
                                Some(&c.turn.description),
                                false,
                                &c.reason,
                            )?,
                            Ok(None) => {
                                t.hint("No move is possible.", None, false, "no move is possible")?
                            }
                            Err(e) => t.refused(command, &e.to_string())?,
                        }
                    }
                    "explain" => {
                        let current = self.history.last().unwrap_or(&self.start);
                        let solver = &mut self.solver;
                        let analysis = self
                            .guard
                            .run_showing("Thinking", || analyze_partizan(current, solver, 100));
                        let you = self.you;
                        match analysis {
                            Ok(a) => t.analysis(&a, |out| {
                                print_text(&a, out)?;
                                let (moves, side) = match you {
                                    Side::Left => (&a.left_moves, "Left"),
                                    Side::Right => (&a.right_moves, "Right"),
                                };
                                writeln!(
                                    out,
                                    "Every move of yours ({side}) and the value it leaves:"
                                )?;
                                print_moves(moves, moves.len(), out)
                            })?,
                            Err(e) => t.refused(command, &e.to_string())?,
                        }
                    }
                    "undo" => {
                        // Back to the last position where it was the player's turn.
                        let mut back = 0;
                        let n = self.history.len();
                        for k in 1..n {
                            let side_then = if (n - k) % 2 == 1 {
                                self.first
                            } else {
                                self.first.other()
                            };
                            if side_then == self.you {
                                back = k;
                                break;
                            }
                        }
                        if back == 0 {
                            t.say("Nothing to undo.")?;
                        } else {
                            self.history.truncate(n - back);
                            t.say("Taken back.")?;
                            self.draw(t)?;
                        }
                    }
                    "swap" => {
                        t.say(&format!(
                            "The computer takes your side ({}); you are {} now.",
                            self.you,
                            self.you.other()
                        ))?;
                        self.you = self.you.other();
                        break;
                    }
                    "new" => {
                        self.history = vec![self.start.clone()];
                        t.say("A new game.")?;
                        break;
                    }
                    "go" if self.to_move() != self.you => break,
                    "go" => t.say("It is your turn.")?,
                    _ if self.to_move() != self.you => t.refused(
                        command,
                        &format!("It is the computer's turn. {STOPPED_CHOICES}"),
                    )?,
                    text => match read_move(self.current(), self.you, text) {
                        Ok(turn) => {
                            t.played(
                                &format!("You play {}", turn.description),
                                "you",
                                Some(&self.you.to_string()),
                                &turn.description,
                                &turn.after.position(),
                                None,
                            )?;
                            self.history.push(turn.after);
                            break;
                        }
                        Err(reason) => t.refused(text, &reason)?,
                    },
                }
            }
        }
    }

    fn list_moves(&self, t: &mut Transcript<'_>) -> io::Result<()> {
        let all = self.current().moves(self.you);
        let listed: Vec<Listed> = all
            .iter()
            .take(LISTED_MOVES)
            .map(|m| Listed {
                description: m.description.clone(),
                position: m.after.position(),
            })
            .collect();
        let you = self.you;
        t.moves(&listed, all.len(), |out| {
            writeln!(out, "Your moves ({you}, {}):", all.len())?;
            for m in &listed {
                writeln!(out, "  {:<12} -> {}", m.description, m.position)?;
            }
            if all.len() > LISTED_MOVES {
                writeln!(out, "  … and {} more", all.len() - LISTED_MOVES)?;
            }
            Ok(())
        })
    }
}
