//! `nimlab`: the command-line front end of the nimlab engine.

mod analyze;
mod calc;
mod failure;
mod games;
mod limits;
mod lines;
mod play;
mod quotient;
#[cfg(feature = "mpi")]
mod ranks;
mod sequence;
mod serve;
mod solve;
mod survey;
mod table;
mod transcript;
mod tree;
mod value;

use clap::{CommandFactory, Parser, Subcommand};
use failure::{message, Failure};
use std::io::{self, Write};
use std::process::ExitCode;

/// Combinatorial game theory: analyse positions, compute values, play perfect games.
#[derive(Parser)]
#[command(name = "nimlab", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every game with its id and a one-line summary of its rules.
    Games(games::GamesArgs),
    /// Analyse a position: outcome, value, every winning move, and why.
    Analyze(analyze::AnalyzeArgs),
    /// Play a game against a perfect opponent (moves and commands on standard input).
    Play(play::PlayArgs),
    /// Compute the Grundy sequence of a heap rule: values, P-positions, rare values, and
    /// its period with the proof status.
    Sequence(sequence::SequenceArgs),
    /// Survey a family of heap games (every octal code up to a number of digits): period,
    /// preperiod, largest value and proof status, codes with identical sequences grouped.
    Survey(survey::SurveyArgs),
    /// Compute the misère quotient of a heap rule (`nimlab quotient 0.77 --to 200`):
    /// order, P-portion, presentation, pretending function, and whether it is proved
    /// final; with checkpoints for long runs. `nimlab quotient --survey --digits 2 --to
    /// 100` tabulates the quotients of every octal code up to a number of digits.
    Quotient(quotient::QuotientArgs),
    /// Evaluate an expression of Conway's games in CGSuite's notation (`{3||2|1}`,
    /// `^ + *`, `{1|0} > *`, `g.LeftStop`) and print the canonical form.
    Value(value::ValueArgs),
    /// List the games born by day N (0 to 3) with their outcome classes, and count them;
    /// or draw their order as a Hasse diagram, or derive them from the day before.
    Born(value::BornArgs),
    /// Solve every position of Chomp inside a rectangle, tier by tier, into a database
    /// of 2 bits a position (`nimlab solve chomp 14x15 --out chomp.db`), read by
    /// `nimlab analyze chomp … --db FILE`.
    Solve(solve::SolveArgs),
    /// Draw the game tree of a position or of a Conway game (`nimlab tree nim 1 3`,
    /// `nimlab tree --value "{1|*}"`), or its game graph (`--graph`), as text, JSON or
    /// SVG.
    Tree(tree::TreeArgs),
    /// Print the nim-addition table of the nimbers 0 … N − 1 (`nimlab table nim-sum 16`).
    Table(table::TableArgs),
    /// An interactive calculator for Conway's games (CGSuite's notation, `g := …`
    /// assignments, `:help`); reads a script from standard input when it is not a
    /// terminal.
    Calc(calc::CalcArgs),
    /// Serve the page and a JSON API mirroring `analyze`, `value`, `sequence` and `games`
    /// (`POST /api/analyze` with `{"game": "nim", "position": "3 5 7"}`, …) on this
    /// machine, until Ctrl-C.
    Serve(serve::ServeArgs),
    /// Print a completion script for a shell: `nimlab completions bash >
    /// ~/.local/share/bash-completion/completions/nimlab` (zsh: into a folder of
    /// `$fpath` as `_nimlab`; fish: `~/.config/fish/completions/nimlab.fish`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match cli.command {
        Command::Games(args) => games::run(&args, &mut out),
        Command::Analyze(args) => analyze::run(&args, &mut out),
        Command::Play(args) => play::run(&args, &mut out),
        Command::Sequence(args) => sequence::run(&args, &mut out),
        Command::Survey(args) => survey::run(&args, &mut out),
        Command::Quotient(args) => quotient::run(&args, &mut out),
        Command::Value(args) => value::run(&args, &mut out),
        Command::Born(args) => value::run_born(&args, &mut out),
        Command::Solve(args) => solve::run(&args, &mut out),
        Command::Tree(args) => tree::run(&args, &mut out),
        Command::Table(args) => table::run(&args, &mut out),
        Command::Calc(args) => calc::run(&args, &mut out),
        Command::Serve(args) => serve::run(&args, &mut out),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "nimlab", &mut out);
            Ok(())
        }
    };
    let result = result.and_then(|()| out.flush().map_err(Failure::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("nimlab: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Input(e)) => {
            eprintln!("nimlab: {}", message(&e));
            if let Some(hint) = limits::hint(&e) {
                eprintln!("nimlab: {hint}");
            }
            ExitCode::from(limits::exit_status(&e))
        }
    }
}
